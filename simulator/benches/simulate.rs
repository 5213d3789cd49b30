//! Simulation speed on a compute-bound kernel written in assembly: a loop
//! of 4 bundles holding 13 operations (loads, multiplies, ALU ops, a
//! compare and a branch), run with full timing and caches on the ST231,
//! by each engine (`translate`, `interp`) in the same run. Criterion
//! reports simulated operations per second ("elements/s"); the cycles per
//! second figure and the speed-up are printed once.
//!
//! `CARGO_TARGET_DIR=/work/target-sim cargo bench -p simulator --bench simulate`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use isa::model::ProcessorModel;
use simulator::{Engine, Io, Machine, Options, Stop};

const ITERATIONS: u32 = 200_000;

const KERNEL: &str = "\t.text
\tmov $r1 = 0x100000
\tmov $r2 = ITER
\t;;
\tmov $r3 = 0
\tmov $r6 = 1
\tmov $r7 = 3
\t;;
loop:
\tldw $r10 = 0[$r1]
\tmul32 $r4 = $r2, $r7
\tadd $r2 = $r2, -1
\txor $r6 = $r6, $r3
\t;;
\tldw $r11 = 4[$r1]
\tmulll $r5 = $r6, $r2
\tcmpne $b0 = $r2, 0
\tsh1add $r3 = $r3, $r7
\t;;
\tadd $r8 = $r4, $r10
\tadd $r9 = $r5, $r11
\tand $r7 = $r7, 0xff
\t;;
\tbr $b0, loop
\tadd $r3 = $r8, $r9
\t;;
\tmov $r16 = 0
\t;;
\tsyscall 1
\t;;
";

fn machine(code: &[u8], engine: Engine) -> Machine {
    let options = Options {
        engine,
        ..Default::default()
    };
    let mut m = Machine::new(ProcessorModel::st231(), options).unwrap();
    assert!(m.load_image(0x1000, code, 0, true));
    assert!(m.load_image(0x10_0000, &[], 0x1000, false));
    m.set_io(Io::captured(b""));
    m.set_pc(0x1000);
    m
}

fn bench(c: &mut Criterion) {
    let src = KERNEL.replace("ITER", &ITERATIONS.to_string());
    let (obj, diags) = assembler::assemble_object("kernel.s", &src, &Default::default());
    let obj = obj.unwrap_or_else(|| panic!("{diags:?}"));
    let code = obj
        .sections
        .iter()
        .find(|s| s.name == ".text")
        .unwrap()
        .data
        .clone();

    let mut ops_per_s = Vec::new();
    for (name, engine) in [("translate", Engine::Translate), ("interp", Engine::Interp)] {
        let mut probe = machine(&code, engine);
        let t0 = std::time::Instant::now();
        assert_eq!(probe.run(), Stop::Exit(0));
        let dt = t0.elapsed().as_secs_f64();
        let stats = probe.stats();
        eprintln!(
            "kernel ({name}): {} operations, {} bundles, {} cycles (IPC {:.2}); one run: {:.1} M ops/s, {:.1} M cycles/s",
            stats.operations,
            stats.bundles,
            stats.cycles,
            stats.operations as f64 / stats.cycles as f64,
            stats.operations as f64 / dt / 1e6,
            stats.cycles as f64 / dt / 1e6
        );
        ops_per_s.push(stats.operations as f64 / dt);

        let mut g = c.benchmark_group(format!("stsim_{name}"));
        g.throughput(Throughput::Elements(stats.operations));
        g.sample_size(20);
        g.bench_function("kernel_ops", |b| {
            b.iter_batched(
                || machine(&code, engine),
                |mut m| {
                    assert_eq!(m.run(), Stop::Exit(0));
                    m
                },
                BatchSize::LargeInput,
            )
        });
        g.finish();
    }
    eprintln!(
        "translate / interp (one run each): {:.2}x",
        ops_per_s[0] / ops_per_s[1]
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
