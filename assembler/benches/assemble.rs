//! Assembler throughput: a generated file of 200 000+ lines of typical
//! compiler output (bundles of ALU ops, loads/stores, multiplies, long
//! immediates, branches, labels, `.loc`). Reports lines per second.

use assembler::{assemble, Options};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::fmt::Write;

/// About 200 000 lines: 10 000 blocks of 20 lines.
pub fn generate(blocks: usize) -> String {
    let mut s = String::from("\t.file 1 \"gen.c\"\n\t.text\n");
    for b in 0..blocks {
        let r = |k: usize| (b * 7 + k) % 40 + 16;
        let _ = write!(
            s,
            "\t.global f{b}\n\t.proc\nf{b}:\n\t.loc 1 {l} 1\n\tadd $r{a} = $r{c}, {small}\n\tldw $r{d} = {o}[$r12]\n\tmov $r{e} = 0x{big:x}\n\t;;\n\
             .L{b}:\n\tmul32 $r{f} = $r{a}, $r{d}\n\tcmplt $b1 = $r{c}, 100\n\tsh2add $r{g} = $r{e}, $r{c}\n\t;;\n\
             \tstw {o}[$r12] = $r{f}\n\tbr $b1, .L{b}\n\t;;\n\tcall $r63 = f{b}\n\t;;\n\treturn $r63\n\t;;\n\t.endp\n",
            l = b + 1,
            small = b % 200,
            a = r(0),
            c = r(1),
            d = r(2),
            e = r(3),
            f = r(4),
            g = r(5),
            o = (b % 64) * 4,
            big = 0x1000_0000 + b * 4096,
        );
    }
    s
}

fn bench(c: &mut Criterion) {
    let src = generate(10_000);
    let lines = src.lines().count() as u64;
    assert!(lines >= 200_000, "{lines} lines");
    let opts = Options::default();
    let mut g = c.benchmark_group("las");
    g.sample_size(10);
    g.throughput(Throughput::Elements(lines));
    g.bench_function(format!("assemble_{lines}_lines"), |b| {
        b.iter(|| {
            assemble("gen.s", &src, &opts).unwrap_or_else(|d| panic!("{}", d.list[0].message))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
