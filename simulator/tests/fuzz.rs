//! Robustness: malformed executables and random code never make the
//! simulator panic (a bounded proptest stands in for a coverage-guided
//! fuzzer): each input gets a load error, a trap, an exit or the cycle limit.

use isa::model::ProcessorModel;
use proptest::prelude::*;
use simulator::{Io, Machine, Options, Program};

fn valid_exe() -> Vec<u8> {
    let src = "\t.text\n\t.global _start\n_start:\n\tadd $r12 = $r12, -32\n\tmov $r3 = 0x12345\n\t;;\n\
               \tstw 16[$r12] = $r3\n\tmul32 $r4 = $r3, $r3\n\t;;\n1:\tldw $r5 = 16[$r12]\n\tcmplt $b1 = $r4, 100\n\t;;\n\
               \tbr $b1, 1b\n\t;;\n\tmov $r16 = 1\n\tadd $r17 = $r12, 16\n\tmov $r18 = 4\n\t;;\n\tsyscall 2\n\t;;\n\tsyscall 1\n\t;;\n\
               \t.data\nd:\t.word 1, 2, 3\n";
    let obj = assembler::assemble(
        "f.s",
        src,
        &assembler::Options {
            debug: true,
            ..Default::default()
        },
    )
    .unwrap();
    linker::link_objects(&[("f.o".into(), obj)]).unwrap()
}

fn run_bytes(bytes: &[u8], model: ProcessorModel) {
    let Ok(p) = Program::parse(bytes) else { return };
    let mut m = Machine::new(
        model,
        Options {
            perfect_caches: false,
            max_cycles: Some(20_000),
            ..Default::default()
        },
    )
    .unwrap();
    m.set_io(Io::captured(b"input"));
    m.enable_profile();
    if p.load(&mut m, &["prog".into(), "arg".into()]).is_err() {
        return;
    }
    let stop = m.run();
    let _ = simulator::report::stop_message(&stop, &m, &p.symbols);
    let _ = simulator::report::callgrind(
        &m.profile().unwrap_or_default(),
        &m.call_graph().unwrap_or_default(),
        &p.symbols,
        "prog",
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn corrupted_elf_files(edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12),
                           cut in any::<prop::sample::Index>(), truncate in any::<bool>()) {
        let mut bytes = valid_exe();
        for (i, v) in edits {
            let k = i.index(bytes.len());
            bytes[k] = v;
        }
        if truncate {
            let k = cut.index(bytes.len());
            bytes.truncate(k);
        }
        run_bytes(&bytes, ProcessorModel::st231());
    }

    #[test]
    fn corrupted_headers(edits in prop::collection::vec((0usize..160, any::<u8>()), 1..6)) {
        let mut bytes = valid_exe();
        for (k, v) in edits {
            if k < bytes.len() { bytes[k] = v; }
        }
        run_bytes(&bytes, ProcessorModel::st231());
    }

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        run_bytes(&bytes, ProcessorModel::st231());
    }

    #[test]
    fn random_code(words in prop::collection::vec(any::<u32>(), 1..64), core in 0usize..3, stop_bits in any::<bool>()) {
        let model = ProcessorModel::builtin(isa::Core::ALL[core]);
        let mut m = Machine::new(model, Options { perfect_caches: false, max_cycles: Some(5_000), ..Default::default() }).unwrap();
        m.set_io(Io::captured(b""));
        // Random words, most with stop bits (so that decoding gets past the
        // bundle length check), clear bit 30 half of the time.
        let code: Vec<u8> = words.iter().enumerate().flat_map(|(i, w)| {
            let mut w = *w;
            if stop_bits && i % 2 == 0 { w = (w | 0x8000_0000) & !0x4000_0000; }
            w.to_le_bytes()
        }).collect();
        prop_assert!(m.load_image(0x1000, &code, 0, true));
        prop_assert!(m.load_image(0x10_0000, &[], 0x1000, false));
        m.set_pc(0x1000);
        let stop = m.run();
        let _ = simulator::report::stop_message(&stop, &m, &Default::default());
        let s = m.stats();
        prop_assert_eq!(s.cycles, s.bundles + s.stalls.total());
    }
}
