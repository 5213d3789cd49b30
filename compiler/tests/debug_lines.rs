//! Line information of a function's first address (`addr2line` on its
//! entry): the line of its definition when a prologue comes first, never
//! the last line of the function before it (the prologue used to inherit
//! it). A function without a frame starts with its first statement, whose
//! line its first address gives, as gcc's line table does (a row for the
//! definition's line, then one for the statement, at the same address).
//! The DWARF line table is read back with the simulator's reader
//! (`simulator::symbols`, gimli); the expected lines are those of the
//! source below, counted by hand.

use std::process::Command;

/// `first` is defined on line 2, its first statement is on line 4 (a
/// leaf: a frame for `x` at -O0 only); `second`'s name is on line 10 (its
/// specifiers on line 9, its `{` on line 12; it calls, so it has a
/// prologue); `main` is on line 17, all on one line, and calls.
const SRC: &str = "int g;
int first(int a)
{
  int x = a * 3;
  g = x;
  return x + 1;
}

static int
second(int *p,
       int n)
{
  int s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  return s + first(s);
}
int main(void) { int a[3] = {1, 2, 3}; return second(a, 3) & 1; }
";

#[test]
fn the_first_address_of_a_function_has_the_line_of_its_definition() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("debug-lines");
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("lines.c");
    std::fs::write(&src, SRC).unwrap();
    for opt in ["-O0", "-O2"] {
        let exe = dir.join(format!("lines{opt}.elf"));
        let out = Command::new(env!("CARGO_BIN_EXE_lcc"))
            .args(["-g", opt, "-fno-inline", "-o"])
            .arg(&exe)
            .arg(&src)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = std::fs::read(&exe).unwrap();
        let program = simulator::Program::parse(&bytes).unwrap();
        let line_of = |name: &str| {
            let addr = program.symbols.lookup_name(name).unwrap();
            program.symbols.line(addr).map(|(_, l)| l)
        };
        let first = if opt == "-O0" { 2 } else { 4 };
        assert_eq!(line_of("first"), Some(first), "first at {opt}");
        assert_eq!(line_of("second"), Some(10), "second at {opt}");
        assert_eq!(line_of("main"), Some(17), "main at {opt}");
    }
}
