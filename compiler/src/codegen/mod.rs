//! The ST200 back end (ARCHITECTURE.md §4, issue 6): IR to `.s` text that
//! `las` assembles.
//!
//! Pipeline per function: instruction selection on virtual registers
//! ([`isel`]; in machine-SSA mode followed by the machine-SSA verifier
//! [`mir::verify`] in debug builds and by out-of-SSA translation [`out_of_ssa`])
//! → register allocation by linear scan with spilling
//! ([`regalloc`]) → frame layout, prologue and epilogue ([`frame`]) → list
//! scheduling and bundling per block for the selected processor model
//! ([`sched`]) → emission ([`emit`]). Globals are emitted as data with
//! `.word sym+addend` relocations.

pub mod emit;
pub mod frame;
pub mod isel;
pub mod mir;
pub mod out_of_ssa;
pub mod regalloc;
pub mod sched;

pub use out_of_ssa::OutOfSsa;

use crate::ir;

/// Back-end options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Target processor model (`-mcpu=` or `--machine`): operation set,
    /// latencies, resources, interlocking (ISA-ST200 §5).
    pub model: isa::model::ProcessorModel,
    /// Pack operations into bundles; `false` (`-mno-bundle`) emits one
    /// operation per bundle.
    pub bundle: bool,
    /// Source file name for `.file 1 "name"`; `.loc` lines are emitted for
    /// instructions with a location when it is set.
    pub file_name: Option<String>,
    /// Instruction selection produces machine SSA (seed-digest P12: phis,
    /// and calling-convention constraints as parallel copies to pinned
    /// vregs), translated out of SSA by [`Options::out_of_ssa`] before
    /// register allocation. `false` (`-O0`): phis become copies during
    /// selection and ABI moves use physical registers directly.
    pub ssa: bool,
    /// Out-of-SSA method used when [`Options::ssa`] is set.
    pub out_of_ssa: OutOfSsa,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            model: isa::model::ProcessorModel::st231(),
            bundle: true,
            file_name: None,
            ssa: false,
            out_of_ssa: OutOfSsa::default(),
        }
    }
}

/// Compiles a module to ST200 assembly text for `las`. Returns the text, or
/// one message per function or global that could not be compiled.
pub fn compile_module(m: &ir::Module, opts: &Options) -> Result<String, Vec<String>> {
    compile_module_with_stats(m, opts).map(|x| x.0)
}

/// Per-function counters (for `lcc --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionStats {
    /// Function name.
    pub name: String,
    /// Register allocation: virtual registers spilled and spill operations.
    pub regalloc: regalloc::Stats,
    /// Bundles emitted (`nop` bundles included).
    pub bundles: usize,
    /// Operations emitted (`nop`s excluded).
    pub ops: usize,
    /// Frame size in bytes.
    pub frame_size: u32,
    /// Out-of-SSA translation counters (machine-SSA mode only).
    pub out_of_ssa: Option<out_of_ssa::Stats>,
}

/// [`compile_module`] that also returns per-function statistics.
pub fn compile_module_with_stats(
    m: &ir::Module,
    opts: &Options,
) -> Result<(String, Vec<FunctionStats>), Vec<String>> {
    let mut stats = vec![];
    let mut out = String::new();
    let mut errors = vec![];
    if let Some(f) = &opts.file_name {
        out.push_str(&format!("\t.file 1 \"{}\"\n", emit::escape(f)));
    }
    for (k, f) in m.functions.iter().enumerate() {
        match compile_function(m, f, k, opts) {
            Ok((s, st)) => {
                out.push_str(&s);
                stats.push(st);
            }
            Err(e) => errors.push(format!("function {}: {e}", f.name)),
        }
    }
    for g in &m.globals {
        out.push_str(&emit::global(g));
    }
    if errors.is_empty() {
        Ok((out, stats))
    } else {
        Err(errors)
    }
}

/// Compiles one function (the `k`-th of its module, for unique labels) to
/// assembly text, with its statistics.
pub fn compile_function(
    m: &ir::Module,
    f: &ir::Function,
    k: usize,
    opts: &Options,
) -> Result<(String, FunctionStats), String> {
    // debug builds check the operands of every operation after each pass
    let check = |mf: &mir::MFunc| {
        if cfg!(debug_assertions) {
            mir::verify::check_operands(mf)
        } else {
            Ok(())
        }
    };
    let mut mf = isel::select_with(m, f, opts.model.core, opts.ssa)?;
    let mut oos = None;
    if opts.ssa {
        if cfg!(debug_assertions) {
            mir::verify::verify(&mf)?;
        }
        oos = Some(out_of_ssa::translate(&mut mf, opts.out_of_ssa));
    }
    check(&mf)?;
    let ra = regalloc::allocate(&mut mf);
    check(&mf)?;
    let fr = frame::finish(&mut mf);
    check(&mf)?;
    let blocks: Vec<(mir::MBlockId, sched::Bundles)> = mf
        .order
        .iter()
        .map(|&b| {
            let insts = std::mem::take(&mut mf.blocks[b.index()].insts);
            (b, sched::schedule_block(&opts.model, insts, opts.bundle))
        })
        .collect();
    let st = FunctionStats {
        name: f.name.clone(),
        regalloc: ra,
        bundles: blocks.iter().map(|b| b.1.len()).sum(),
        ops: blocks
            .iter()
            .flat_map(|b| b.1.iter())
            .map(|b| b.len())
            .sum(),
        frame_size: fr.size,
        out_of_ssa: oos,
    };
    Ok((
        emit::function(&mf, k, &blocks, opts.file_name.is_some()),
        st,
    ))
}
