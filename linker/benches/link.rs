//! Link throughput: 1 000 objects defining 100 000 global symbols (100
//! functions each), every function calling one in the next object and
//! referencing data in another, linked with the default layout.

use criterion::{criterion_group, criterion_main, Criterion};
use linker::{link, InputArg, LinkOptions};
use std::fmt::Write;

/// Assembly of object `k` of `n`: 100 functions `f{k}_{i}`, each calling
/// `f{k+1}_{i}` and loading `v{k+2}`, and one data word `v{k}`.
pub fn source(k: usize, n: usize) -> String {
    let mut s = String::from("\t.text\n");
    for i in 0..100 {
        let _ = write!(
            s,
            "\t.global f{k}_{i}\n\t.type f{k}_{i}, @function\nf{k}_{i}:\n\tcall $r63 = f{next}_{i}\n\t;;\n\tmov $r16 = v{data}\n\t;;\n\treturn $r63\n\t;;\n\t.size f{k}_{i}, .-f{k}_{i}\n",
            next = (k + 1) % n,
            data = (k + 2) % n
        );
    }
    let _ = write!(s, "\t.data\n\t.global v{k}\nv{k}:\t.word {k}\n");
    if k == 0 {
        s.push_str("\t.text\n\t.global _start\n_start:\n\tcall $r63 = f0_0\n\t;;\n");
    }
    s
}

fn bench(c: &mut Criterion) {
    let n = 1000;
    let objects: Vec<(String, Vec<u8>)> = (0..n)
        .map(|k| {
            let o = assembler::assemble(
                &format!("o{k}.s"),
                &source(k, n),
                &assembler::Options::default(),
            )
            .expect("generated source assembles");
            (format!("o{k}.o"), o)
        })
        .collect();
    let opts = LinkOptions {
        inputs: objects
            .iter()
            .map(|(name, data)| InputArg::File {
                name: name.clone(),
                data: data.clone(),
            })
            .collect(),
        ..LinkOptions::default()
    };
    let mut g = c.benchmark_group("lld-st");
    g.sample_size(10);
    g.bench_function("link_1000_objects_100000_symbols", |b| {
        b.iter(|| link(&opts).expect("links"))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
