//! Front-end throughput: preprocess, parse, check and lower a generated
//! C file of about 100 000 lines (`cargo bench -p compiler --bench frontend`).
//! The README records lines per second beside `gcc -fsyntax-only`.

use compiler::driver::{compile_here, with_big_stack, Options};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// A C translation unit of at least `lines` lines: structs, globals with
/// initialisers, and functions with loops, switches and calls.
pub fn generate(lines: usize) -> String {
    let mut s = String::from("#include <stdio.h>\n#define SCALE(x) ((x) * 3 + 1)\nstruct pt { int x, y; long long w; };\n");
    let mut i = 0;
    while s.lines().count() < lines {
        s.push_str(&format!(
            "static int table{i}[4] = {{ {i}, {a}, {b}, {c} }};\n\
             int f{i}(int n, struct pt *p) {{\n\
             \x20   int acc = 0, k;\n\
             \x20   for (k = 0; k < n; k++) {{\n\
             \x20       acc += SCALE(k) ^ table{i}[k & 3];\n\
             \x20       if (acc > 1000) acc -= p->x;\n\
             \x20   }}\n\
             \x20   switch (n & 3) {{\n\
             \x20   case 0: acc += p->y; break;\n\
             \x20   case 1: acc -= (int)(p->w >> 3); /* fall through */\n\
             \x20   default: acc *= 2;\n\
             \x20   }}\n\
             \x20   return acc + (n > 0 ? f{prev}(n - 1, p) : 0);\n\
             }}\n",
            a = i + 1,
            b = i * 7,
            c = i % 13,
            prev = if i == 0 { 0 } else { i - 1 },
        ));
        i += 1;
    }
    s
}

fn bench(c: &mut Criterion) {
    let src = generate(100_000);
    let lines = src.lines().count() as u64;
    std::fs::write(std::env::temp_dir().join("lcc-bench-100k.c"), &src).ok();
    let mut g = c.benchmark_group("frontend");
    g.sample_size(10);
    g.throughput(Throughput::Elements(lines));
    g.bench_function("compile_100k_lines", |b| {
        b.iter(|| {
            let s = src.clone();
            let out =
                with_big_stack(move || compile_here("bench.c", s.as_bytes(), &Options::default()));
            assert_eq!(out.errors, 0, "{}", out.diagnostics);
            out.result
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
