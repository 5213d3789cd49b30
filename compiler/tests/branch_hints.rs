//! Branch hints end to end: `__builtin_expect` and `__attribute__((cold))`
//! reach the IR branch (`prob` in the textual IR) and the block layout,
//! so that the expected path falls through. Measured in `stsim`: an
//! error-check loop whose rare paths are written first.

use compiler::driver::{build_executable, compile_to_asm, Config};
use isa::Core;
use simulator::{Io, Machine, Options, Program, Stop};

/// `n` iterations of a loop with two error checks, the rare path of
/// each written first; `hint` wraps the checks in `__builtin_expect(…,
/// 0)`. One element of 256 is negative, so `rare` runs n / 256 times.
fn program(hint: bool, n: u32) -> String {
    let wrap = if hint {
        "__builtin_expect((c), 0)"
    } else {
        "(c)"
    };
    format!(
        "static int errors, last;
__attribute__((noinline)) static void rare(int i, int x) {{ errors++; last = i ^ x; }}
#define UNLIKELY(c) {wrap}
int a[256];
__attribute__((noinline)) int work(int n) {{
    int s = 0;
    for (int i = 0; i < n; i++) {{
        int x = a[i & 255];
        if (UNLIKELY(x < 0)) {{ rare(i, x); s -= x; }} else {{ s += x * 3 + (x >> 2); }}
        int y = a[(i + 7) & 255];
        if (UNLIKELY(y > 1000000)) {{ rare(i, y); s ^= y; }} else {{ s += y ^ i; }}
    }}
    return s;
}}
int main(void) {{
    for (int i = 0; i < 256; i++) a[i] = (i * 37) % 101;
    a[100] = -5;
    int s = work({n});
    return (s ^ errors ^ last) & 0xff;
}}
"
    )
}

/// Runs `exe` in stsim: (exit status, cycles, taken branches).
fn run(exe: &[u8]) -> (i32, u64, u64) {
    let program = Program::parse(exe).unwrap();
    let mut m = Machine::new(
        isa::model::ProcessorModel::builtin(Core::St231),
        Options {
            perfect_caches: false,
            max_cycles: Some(100_000_000),
            ..Default::default()
        },
    )
    .unwrap();
    program.load(&mut m, &["prog".to_string()]).unwrap();
    m.set_io(Io::captured(b""));
    let Stop::Exit(code) = m.run() else {
        panic!("did not exit")
    };
    let st = m.stats();
    (code & 0xff, st.cycles, st.taken_branches)
}

/// The exit status by hand: x = a[i & 255] is (i·37) mod 101 except
/// a[100] = −5, y = a[(i + 7) & 255] never exceeds 1 000 000. Computed
/// here in Rust with the same wrapping 32-bit arithmetic.
fn expected_status(n: u32) -> i32 {
    let mut a = [0i32; 256];
    for (i, x) in a.iter_mut().enumerate() {
        *x = (i as i32 * 37) % 101;
    }
    a[100] = -5;
    let (mut s, mut errors, mut last) = (0i32, 0i32, 0i32);
    for i in 0..n as i32 {
        let x = a[(i & 255) as usize];
        if x < 0 {
            errors += 1;
            last = i ^ x;
            s = s.wrapping_sub(x);
        } else {
            s = s.wrapping_add(x * 3 + (x >> 2));
        }
        let y = a[((i + 7) & 255) as usize];
        s = s.wrapping_add(y ^ i);
    }
    (s ^ errors ^ last) & 0xff
}

/// With the hints, each iteration of `work`'s loop takes one branch, the
/// back edge: the two common paths fall through (the rare paths, run
/// n / 256 times, each add a call, a return and a jump back). So taken
/// branches stay below n + n/10 (startup, `main`'s 256-iteration loop
/// and the rare paths included). Without the hints the rare paths are on
/// the fall-through and each iteration jumps over both (3 taken branches
/// per iteration): the hinted build must also take fewer cycles.
#[test]
fn expected_paths_fall_through_and_save_cycles() {
    let n = 20_000;
    let cfg = Config::from_flags(&["-O2".to_string(), "-mcpu=st231".to_string()]).unwrap();
    let build = |hint: bool| {
        let src = program(hint, n);
        build_executable(&[("hint.c".to_string(), src.into_bytes())], &cfg).unwrap()
    };
    let (code_h, cycles_h, taken_h) = run(&build(true));
    let (code_p, cycles_p, taken_p) = run(&build(false));
    assert_eq!(code_h, expected_status(n));
    assert_eq!(code_p, expected_status(n));
    assert!(
        taken_h < u64::from(n) + u64::from(n) / 10,
        "hinted: {taken_h} taken branches for {n} iterations"
    );
    assert!(
        cycles_h < cycles_p,
        "hinted {cycles_h} cycles, plain {cycles_p} (taken {taken_h} vs {taken_p})"
    );
}

/// The hint in the IR: `__builtin_expect(x < 0, 0)` gives the branch to
/// the `then` side the probability 1 − 0.9 = 100 000 parts per million,
/// `__builtin_expect_with_probability(x > 5, 1, 0.75)` 750 000, and a
/// branch to a call of a `cold` function 100 (1 in 10 000).
#[test]
fn the_ir_branch_carries_the_hint() {
    let src = "__attribute__((cold)) void oops(void);
int f(int x) { if (__builtin_expect(x < 0, 0)) return -x; return x + 1; }
int g(int x) { if (__builtin_expect_with_probability(x > 5, 1, 0.75)) return 3; return x; }
int h(int x) { if (x == 3) oops(); return x * 2; }
";
    let out = compiler::driver::compile("hints.c", src.as_bytes(), &Default::default());
    let mut m = out.result.unwrap_or_else(|| panic!("{}", out.diagnostics));
    let opts = compiler::opt::Options {
        level: 2,
        ..Default::default()
    };
    compiler::opt::optimize_module(&mut m, &opts).unwrap();
    let ir = m.print();
    let probs: Vec<&str> = ir
        .lines()
        .filter(|l| l.trim_start().starts_with("br "))
        .map(|l| l.rsplit(", ").next().unwrap())
        .collect();
    assert_eq!(probs, ["prob 100000", "prob 750000", "prob 100"], "{ir}");
    // the assembly still builds
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    compile_to_asm("hints.c", src.as_bytes(), &cfg).unwrap();
}
