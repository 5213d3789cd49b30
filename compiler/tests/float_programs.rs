//! The self-checking floating-point programs of `tests/float/` (FFT,
//! matrix inversion, Mandelbrot, n-body, statistics, float filters,
//! `printf`/`strtod` round trips, conversions at the edges of each integer
//! type, …; `tests/float/README.md` lists them). `NAME.expected` is the
//! stdout of the host build `gcc -m32 -msse2 -mfpmath=sse -ffp-contract=off
//! -O2` (the same at `-O0` and on x86-64; `tests/float/check-host.sh`
//! rebuilds the four variants and compares them). Each program must print
//! exactly that in lcc's IR interpreter, and built by lcc at `-O0` and
//! `-O2` for the ST220, ST231 and ST240 and run in `stsim`.

use compiler::driver::{build_executable, compile_and_run_optimized, Config, Options};
use compiler::interp::RunOptions;
use std::path::Path;

mod common;
use common::{
    check_programs_in_stsim, check_programs_in_the_interpreter, simulate, CheckedProgram,
};

/// `tests/float/*.c` with their expected stdout (and exit status 0),
/// sorted by name.
fn programs() -> Vec<CheckedProgram> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/float");
    let mut v: Vec<CheckedProgram> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let want = std::fs::read(p.with_extension("expected"))
                .unwrap_or_else(|e| panic!("{name}.expected: {e}"));
            (name, p, (want, 0))
        })
        .collect();
    v.sort();
    assert!(v.len() >= 20, "only {} float programs", v.len());
    v
}

/// Builds every program with `flags` and runs it in stsim.
fn check_in_stsim(flags: &[&str]) {
    check_programs_in_stsim(&programs(), flags);
}

#[test]
fn float_programs_in_the_ir_interpreter() {
    check_programs_in_the_interpreter(&programs());
}

#[test]
fn float_programs_st231_o0() {
    check_in_stsim(&["-O0", "-mcpu=st231"]);
}

#[test]
fn float_programs_st231_o2() {
    check_in_stsim(&["-O2", "-mcpu=st231"]);
}

/// The comparisons computed inline (`-finline-float`) on every pair of
/// edge encodings (`compare_bits`) and on NaNs, zeros and infinities in
/// branches (`special_values`), against the host's SSE results.
#[test]
fn inline_float_comparisons_st231() {
    let chosen: Vec<CheckedProgram> = programs()
        .into_iter()
        .filter(|p| ["compare_bits", "special_values", "mandelbrot"].contains(&p.0.as_str()))
        .collect();
    assert_eq!(chosen.len(), 3);
    check_programs_in_stsim(&chosen, &["-O2", "-mcpu=st231", "-finline-float"]);
    check_programs_in_stsim(&chosen, &["-O3", "-mcpu=st220", "-finline-float"]);
}

#[test]
fn float_programs_st220_o0() {
    check_in_stsim(&["-O0", "-mcpu=st220"]);
}

#[test]
fn float_programs_st220_o2() {
    check_in_stsim(&["-O2", "-mcpu=st220"]);
}

#[test]
fn float_programs_st240_o0() {
    check_in_stsim(&["-O0", "-mcpu=st240"]);
}

#[test]
fn float_programs_st240_o2() {
    check_in_stsim(&["-O2", "-mcpu=st240"]);
}

/// The NaN bits of operations whose operands are not NaNs: the runtime's
/// soft-float helpers give the positive quiet NaN with an empty payload
/// (`F_QNAN`/`D_QNAN` in `runtime/lib/softfloat.c`; ISA-ST200 defines no
/// floating-point default NaN for these cores), and so must the IR
/// interpreter and the compile-time folders (the host's SSE arithmetic gives
/// the negative one, `0xFFF8…`). A NaN operand comes back quieted with its
/// sign and payload. The expected text is derived by hand from those rules.
#[test]
fn default_nan_bits_agree_in_the_interpreter_and_stsim() {
    let src = br#"#include <stdio.h>
#include <string.h>
static double sd = 0.0 / 0.0;
static float sf = 0.0f / 0.0f;
static unsigned long long dbits(double x) { unsigned long long b; memcpy(&b, &x, 8); return b; }
static unsigned fbits(float x) { unsigned b; memcpy(&b, &x, 4); return b; }
int main(void) {
    volatile double vz = 0.0, vbig = 1e308;
    volatile float fz = 0.0f, fbig = 3e38f;
    double z = vz, inf = vbig * 10.0, c = 0.0 / 0.0;
    float zf = fz, inff = fbig * 10.0f;
    printf("%016llx %016llx %016llx\n", dbits(sd), dbits(c), dbits(z / z));
    printf("%016llx %016llx\n", dbits(inf - inf), dbits(z * inf));
    printf("%08x %08x %08x %08x\n", fbits(sf), fbits(zf / zf), fbits(inff - inff), fbits(0.0f * inff));
    double n = z / z;
    printf("%a %a %a\n", n, -n, (double)(zf / zf));
    printf("%08x %016llx %016llx\n", fbits((float)n), dbits((double)(zf / zf)), dbits(-n + 1.0));
    return 0;
}
"#;
    let want = "7ff8000000000000 7ff8000000000000 7ff8000000000000\n\
                7ff8000000000000 7ff8000000000000\n\
                7fc00000 7fc00000 7fc00000 7fc00000\n\
                nan -nan nan\n\
                7fc00000 7ff8000000000000 fff8000000000000\n";
    let sources = vec![("nan_bits.c".to_string(), src.to_vec())];
    let mut failures = Vec::new();
    for level in [0, 2] {
        let optim = compiler::opt::Options {
            level,
            ..Default::default()
        };
        let run = RunOptions {
            max_steps: Some(50_000_000),
            args: vec![],
        };
        match compile_and_run_optimized(&sources, &Options::default(), &optim, &run) {
            (_, Some(Ok(r))) if r.stdout == want.as_bytes() => {}
            (diag, r) => failures.push(format!("interpreter -O{level}: {r:?} {diag}")),
        }
        for core in ["st220", "st231", "st240"] {
            let cfg = Config::from_flags(&[format!("-O{level}"), format!("-mcpu={core}")]).unwrap();
            let exe = build_executable(&sources, &cfg).unwrap();
            match simulate(&exe, cfg.model.core) {
                Ok((out, 0)) if out == want.as_bytes() => {}
                r => failures.push(format!(
                    "stsim -O{level} {core}: {:?}",
                    r.map(|(o, c)| (String::from_utf8_lossy(&o).into_owned(), c))
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
