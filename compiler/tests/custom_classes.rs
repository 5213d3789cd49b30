//! Custom operations take the units and lanes of their class in the
//! compiler's bundles as `las` checks them (ISA-ST200 §4.10): a declared
//! class with one unit on lane 0 gets one such operation per bundle, and
//! an operation of the `mul` class sits on a multiplier lane whatever its
//! `asm_N` slot. Were the schedulers to pack them as plain ALU
//! operations, `las` would reject the bundles.

use std::process::Command;

const LCC: &str = env!("CARGO_BIN_EXE_lcc");

const MACHINE: &str = r#"
base = "st231"
name = "classes"

[classes.one]
units = 1
lanes = [0]
read = 2
result = 3

[[custom]]
name = "twice"
slot = 2
class = "one"
operands = 2
expr = "a * 2 + b"

[[custom]]
name = "mulish"
slot = 4
class = "mul"
operands = 2
expr = "a * b"
"#;

/// Eight independent operations of each kind: the list scheduler would
/// like to put four of a kind in one bundle.
const PROGRAM: &str = r#"
__attribute__((noinline)) int f(int a0, int a1, int a2, int a3,
                                int a4, int a5, int a6, int a7) {
    int t = __builtin_st200_twice(a0, a1) + __builtin_st200_twice(a2, a3)
          + __builtin_st200_twice(a4, a5) + __builtin_st200_twice(a6, a7);
    int m = __builtin_st200_mulish(a0, a1) + __builtin_st200_mulish(a2, a3)
          + __builtin_st200_mulish(a4, a5) + __builtin_st200_mulish(a6, a7);
    return (t + m) & 255;
}
volatile int in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
int main(void) {
    return f(in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7]);
}
"#;

#[test]
fn custom_classes_limit_the_compilers_bundles() {
    let dir = std::env::temp_dir().join(format!("lcc-custom-classes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let machine = dir.join("classes.toml");
    std::fs::write(&machine, MACHINE).unwrap();
    let c = dir.join("p.c");
    std::fs::write(&c, PROGRAM).unwrap();
    let exe = dir.join("p");
    for level in ["-O1", "-O2"] {
        let o = Command::new(LCC)
            .args([level, "--machine"])
            .arg(&machine)
            .arg(&c)
            .arg("-o")
            .arg(&exe)
            .env("LCC_CACHE_DIR", dir.join("cache"))
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{level}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let bytes = std::fs::read(&exe).unwrap();
        let program = simulator::Program::parse(&bytes).unwrap();
        let model = simulator::compat::select_machine(&program, None, None).unwrap();
        assert_eq!(model.name, "classes");
        let mut m = simulator::Machine::new(model, simulator::Options::default()).unwrap();
        program.load(&mut m, &["p".to_string()]).unwrap();
        m.set_io(simulator::Io::captured(b""));
        // By hand: twice = 2a + b over (1,2), (3,4), (5,6), (7,8) gives
        // 4 + 10 + 16 + 22 = 52; mulish = a*b gives 2 + 12 + 30 + 56 = 100.
        match m.run() {
            simulator::Stop::Exit(code) => assert_eq!(code & 255, 152, "{level}"),
            other => panic!("{level}: {other:?}"),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
