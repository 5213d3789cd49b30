//! Shared helpers: assemble a source with `las`, link it with `lld-st`
//! (both as libraries, default layout: `.text` at [`TEXT`]), load the
//! executable, map a data area at [`DATA`] and run.
#![allow(dead_code)]

use isa::model::ProcessorModel;
use isa::Core;
use simulator::{Io, Machine, Options, Stop};

/// Where the code is loaded (8-byte aligned, like the linker's `.text`).
pub const TEXT: u32 = 0x1000;
/// A 64 KiB read/write data area.
pub const DATA: u32 = 0x0010_0000;
/// Size of the data area.
pub const DATA_SIZE: u32 = 0x1_0000;
/// Top of the stack given to `$r12`.
pub const STACK_TOP: u32 = 0x0080_0000;

/// The `.text` bytes of `source` assembled for `core`. Panics with the
/// diagnostics if `las` rejects it, or if it has relocations.
pub fn text_of(source: &str, core: Core) -> Vec<u8> {
    let options = assembler::Options {
        model: isa::model::ProcessorModel::builtin(core),
        ..Default::default()
    };
    let (obj, diags) = assembler::assemble_object("test.s", source, &options);
    let Some(obj) = obj else {
        panic!("las rejected the test program:\n{diags:?}\n{source}");
    };
    let text = obj
        .sections
        .iter()
        .find(|s| s.name == ".text")
        .expect("a .text section");
    assert!(
        text.relocs.is_empty(),
        "raw-image tests need code without relocations"
    );
    text.data.clone()
}

/// A machine for `model` running `source`: assembled for the ST231 (a
/// superset of the ST220), with `_start` defined at the start of its
/// `.text`, linked with the default layout (so its code starts at
/// [`TEXT`]) and loaded as `stsim` loads it (stack at `__stack_top`,
/// ARCHITECTURE §5); plus the data area at [`DATA`] and in-memory I/O with
/// `stdin`.
pub fn machine_with(
    source: &str,
    model: ProcessorModel,
    options: Options,
    stdin: &[u8],
) -> Machine {
    let source = format!("\t.text\n\t.global _start\n_start:\n{source}");
    let obj = assembler::assemble("test.s", &source, &assembler::Options::default())
        .unwrap_or_else(|d| panic!("las rejected the test program:\n{}\n{source}", d.render()));
    let exe = linker::link_objects(&[("test.o".into(), obj)])
        .unwrap_or_else(|e| panic!("lld-st failed: {e}\n{source}"));
    let program = simulator::Program::parse(&exe).expect("a loadable executable");
    assert_eq!(
        program.entry, TEXT,
        "the default layout puts .text at 0x1000"
    );
    let mut m = Machine::new(model, options).unwrap();
    program.load(&mut m, &["test".to_string()]).expect("loads");
    assert!(m.load_image(DATA, &[], DATA_SIZE, false));
    m.set_io(Io::captured(stdin));
    m
}

/// Runs `source` on the ST231 with perfect caches; returns the machine and
/// why it stopped.
pub fn run(source: &str) -> (Machine, Stop) {
    run_on(source, ProcessorModel::st231(), true)
}

/// Runs `source` on `model`.
pub fn run_on(source: &str, model: ProcessorModel, perfect_caches: bool) -> (Machine, Stop) {
    let mut m = machine_with(
        source,
        model,
        Options {
            perfect_caches,
            max_cycles: Some(10_000_000),
            ..Default::default()
        },
        b"",
    );
    let stop = m.run();
    (m, stop)
}

/// Runs `body` followed by an `exit` syscall on the ST231 and returns the
/// machine; panics unless the program exits.
pub fn exec(body: &str) -> Machine {
    let src = format!("\t.text\n{body}\n\t;;\n\tsyscall 1\n\t;;\n");
    let (m, stop) = run(&src);
    assert!(matches!(stop, Stop::Exit(_)), "{stop:?} for\n{src}");
    m
}

/// The captured stdout and stderr of a machine.
pub fn output(m: &Machine) -> (Vec<u8>, Vec<u8>) {
    match m.io() {
        Io::Captured { stdout, stderr, .. } => (stdout.clone(), stderr.clone()),
        Io::Host => (Vec::new(), Vec::new()),
    }
}
