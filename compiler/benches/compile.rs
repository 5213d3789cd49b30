//! Compile speed of the whole optimising pipeline: `lcc -O2 -S` (front
//! end, SSA optimiser, machine SSA, out-of-SSA, register allocation,
//! scheduling, emission) on every testsuite benchmark source, in process,
//! beside `gcc -m32 -O2 -S` on the same files (a separate process per
//! file, as a build would run it).
//! `cargo bench -p compiler --bench compile`; the README records both.

use compiler::driver::{compile_many, Config};

/// mimalloc as the global allocator: the compiler allocates many small
/// vectors (about a fifth of its instructions went to glibc's malloc and
/// free), and mimalloc serves them faster.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Benchmarks left out: they compute with `float`/`double`, which the
/// compilers these figures are compared with (the README's compile-time
/// table, from `4c0e0b8` on) could not compile.
const FLOAT_BENCHMARKS: [&str; 6] = [
    "biquad_float",
    "fft_float",
    "mandelbrot",
    "matinv",
    "nbody",
    "stats_float",
];

/// Every `.c` file under `testsuite/benchmarks/*/` but those of
/// [`FLOAT_BENCHMARKS`], sorted.
fn sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testsuite/benchmarks");
    let mut v = Vec::new();
    for d in std::fs::read_dir(&root).expect("testsuite/benchmarks") {
        let d = d.unwrap().path();
        let float = FLOAT_BENCHMARKS
            .iter()
            .any(|b| d.file_name().is_some_and(|n| n == *b));
        if d.is_dir() && !float {
            for f in std::fs::read_dir(&d).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "c") {
                    v.push(f);
                }
            }
        }
    }
    v.sort();
    v
}

fn bench(c: &mut Criterion) {
    let files = sources();
    let inputs: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|f| (f.to_string_lossy().into_owned(), std::fs::read(f).unwrap()))
        .collect();
    let bytes: usize = inputs.iter().map(|i| i.1.len()).sum();
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let mut g = c.benchmark_group("compile testsuite -O2 -S");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("lcc", |b| {
        b.iter(|| {
            for i in &inputs {
                compile_many(std::slice::from_ref(i), &cfg).expect("benchmark compiles");
            }
        })
    });
    let gcc_ok = Command::new("gcc").arg("--version").output().is_ok();
    if gcc_ok {
        let out = std::env::temp_dir().join("lcc-bench-gcc.s");
        g.bench_function("gcc -m32", |b| {
            b.iter(|| {
                for f in &files {
                    let st = Command::new("gcc")
                        .args(["-m32", "-O2", "-S", "-w", "-o"])
                        .arg(&out)
                        .arg(f)
                        .status()
                        .expect("gcc");
                    assert!(st.success());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
