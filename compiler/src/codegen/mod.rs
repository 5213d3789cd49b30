//! The ST200 back end (docs/src/design/architecture.md §4): IR to `.s` text that
//! `las` assembles.
//!
//! Pipeline per function: instruction selection on virtual registers
//! ([`isel`]; in machine-SSA mode followed by the machine-SSA verifier
//! [`mir::verify`] in debug builds, by if-conversion into psi-SSA
//! ([`psi::if_convert`], at `-O2`; then, with `-fmir-sccp`, constant propagation
//! through phis and psis, [`mir::sccp`]) and the translation out of it
//! ([`psi::out_of_psi`]),
//! and by out-of-SSA translation [`out_of_ssa`])
//! → at `-O2`, modulo scheduling of one-block loops ([`sched::modulo`]) and list
//! scheduling of the other blocks on virtual registers ([`sched::prepass`])
//! → register allocation by linear scan with spilling
//! ([`regalloc::linear_scan`]) → peephole clean-up of copies and jumps ([`peephole`],
//! when [`Options::peephole`] is set) → frame layout, prologue and epilogue ([`regalloc::frame`]) → list
//! scheduling and bundling per block for the selected processor model
//! ([`sched::list`]) → emission ([`emit`]). Globals are emitted as data with
//! `.word sym+addend` relocations.

pub mod emit;
pub mod isel;
pub mod mir;
pub mod out_of_ssa;
pub mod peephole;
pub mod psi;
pub mod regalloc;
pub mod sched;

pub use out_of_ssa::OutOfSsa;

use crate::bisect::{Capture, OptBisect};
use crate::ir;

/// A function the back end could not compile: a stage's output was
/// rejected by the machine-IR verifier (a compiler bug; the verifiers run
/// in debug builds).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("function {function}: {message}")]
pub struct Error {
    /// The function.
    pub function: String,
    /// What the verifier found.
    pub message: String,
}

/// Whether `name` is a runtime support routine (ISA-ST200 §7.1 and
/// [`isa::abi::SUPPORT_GENERAL`]): an integer helper instruction
/// selection calls ([`isel::HELPERS`]) or a soft-float helper of the
/// legalisation ([`crate::opt::softfloat::is_helper`]). A call to one
/// leaves `$r48`…`$r62` intact; compiling one keeps it to `$r0`…`$r47`.
pub fn is_support_routine(name: &str) -> bool {
    isel::HELPERS.contains(&name) || crate::opt::softfloat::is_helper(name)
}

/// The functions of `m` compiled under the support-routine convention
/// ([`isa::abi::SUPPORT_GENERAL`]): the support routines it defines and,
/// transitively, the functions of `m` they call (a `static` helper of a
/// routine is part of it). Empty when `m` defines no support routine.
fn support_closure(m: &ir::Module) -> Vec<&str> {
    let mut out: Vec<&str> = m
        .functions
        .iter()
        .map(|g| g.name.as_str())
        .filter(|n| is_support_routine(n))
        .collect();
    let mut k = 0;
    while k < out.len() {
        if let Some(g) = m.functions.iter().find(|g| g.name == out[k]) {
            for d in &g.insts {
                if let ir::InstKind::Call {
                    callee: ir::Callee::Direct(c),
                    ..
                } = &d.kind
                {
                    let defined = m.functions.iter().any(|h| &h.name == c);
                    if defined && !out.contains(&c.as_str()) {
                        out.push(c.as_str());
                    }
                }
            }
        }
        k += 1;
    }
    out
}

/// The register files the allocator may use in function `name`: the
/// machine's, or for a function of `support` ([`support_closure`]) at
/// most `$r0`…`$r47` ([`isa::abi::SUPPORT_GENERAL`]). Such a function may
/// call only support routines and other functions of `support` (any
/// other callee could change `$r48`…`$r62`, which the callers of a
/// support routine keep values in); an error names the call that breaks
/// it.
fn allocatable_registers(
    mf: &mir::MFunc,
    name: &str,
    support: &[&str],
    machine: &isa::model::RegisterFiles,
) -> Result<isa::model::RegisterFiles, String> {
    let mut regs = *machine;
    if !support.contains(&name) {
        return Ok(regs);
    }
    regs.general = regs.general.min(isa::abi::SUPPORT_GENERAL);
    for b in &mf.blocks {
        for i in &b.insts {
            if !i.is_call() {
                continue;
            }
            let callee = match (i.is(mir::opc::CALL), i.ops.first()) {
                (true, Some(mir::Opnd::Func(n))) => n.as_str(),
                _ => "an indirect callee",
            };
            if !is_support_routine(callee) && !support.contains(&callee) {
                return Err(format!(
                    "a runtime support routine (or a function of its file it calls) may call \
                     only other support routines, not {callee}: the callers of a support \
                     routine keep values in $r48-$r62 across the call"
                ));
            }
        }
    }
    Ok(regs)
}

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
    /// Instruction selection produces machine SSA (SSA book §17.1, §19.1; Rastello et al. 2005 §2.1: phis,
    /// and calling-convention constraints as parallel copies to pinned
    /// vregs), translated out of SSA by [`Options::out_of_ssa`] before
    /// register allocation. `false` (`-O0`): phis become copies during
    /// selection and ABI moves use physical registers directly.
    pub ssa: bool,
    /// Out-of-SSA method used when [`Options::ssa`] is set.
    pub out_of_ssa: OutOfSsa,
    /// If-convert branches into psi-SSA ([`psi::if_convert`]) when
    /// [`Options::ssa`] is set (`-fif-convert`, on at `-O2`).
    pub if_convert: bool,
    /// Branch probabilities measured by `stsim --profile-edges`
    /// (`-fprofile-use=FILE`) for the if-conversion cost model; matched by
    /// [`Options::file_name`] and each branch's line and column.
    pub branch_profile: Option<std::sync::Arc<psi::profile::BranchProfile>>,
    /// Translation out of psi-SSA: the select chain (`false`, the
    /// default) or de Ferrière's (2007) psi-normalize and psi-congruence first
    /// (`true`, `-fout-of-psi=webs`, [`psi::webs`]).
    pub psi_webs: bool,
    /// Psi-promotion of the first argument (`-fpsi-promote`, default on;
    /// [`psi::if_convert::if_convert_with`]).
    pub psi_promote: bool,
    /// Copy folding into psi arguments before the translation out of
    /// psi-SSA (`-fcopy-fold`, de Ferrière's (2007) experiment; with
    /// [`Options::psi_webs`]).
    pub copy_fold: bool,
    /// Peephole clean-up after register allocation ([`peephole`]; on at
    /// `-O1` and above, `-fpeephole` / `-fno-peephole`).
    pub peephole: bool,
    /// Modulo scheduling of one-block loops ([`sched::modulo`]; in machine-SSA
    /// mode, on at `-O2` and above, `-fmodulo-sched` /
    /// `-fno-modulo-sched`).
    pub modulo_sched: bool,
    /// Scheduling before register allocation ([`sched::prepass`]; on at `-O2`
    /// and above, `-fschedule-insns` / `-fno-schedule-insns`).
    pub schedule_insns: bool,
    /// Block layout by static branch prediction ([`sched::layout`]; on at `-O2`
    /// and above with the peephole pass, `-freorder-blocks` /
    /// `-fno-reorder-blocks`).
    pub reorder_blocks: bool,
    /// Sparse conditional constant propagation and dead-code elimination
    /// on machine psi-SSA right after if-conversion ([`mir::sccp`], with
    /// [`Options::if_convert`]; `-fmir-sccp`, off by default: on the
    /// testsuite's benchmarks the IR passes leave it nothing to fold).
    pub mir_sccp: bool,
    /// Local value numbering, redundant extensions and copies on machine
    /// SSA after if-conversion ([`mir::simplify`]; on at `-O2` and above,
    /// `-fmir-simplify` / `-fno-mir-simplify`).
    pub mir_simplify: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            model: isa::model::ProcessorModel::st231(),
            bundle: true,
            file_name: None,
            ssa: false,
            out_of_ssa: OutOfSsa::default(),
            if_convert: false,
            branch_profile: None,
            psi_webs: false,
            psi_promote: true,
            copy_fold: false,
            peephole: false,
            modulo_sched: false,
            schedule_insns: false,
            reorder_blocks: false,
            mir_sccp: false,
            mir_simplify: false,
        }
    }
}

/// Compiles a module to ST200 assembly text for `las`. Returns the text, or
/// one message per function or global that could not be compiled. Float
/// operations are first rewritten into soft-float helper calls
/// ([`crate::opt::softfloat`], on every core).
pub fn compile_module(m: &ir::Module, opts: &Options) -> Result<String, Vec<Error>> {
    compile_module_with_stats(m, opts).map(|x| x.0)
}

/// Per-function counters (for `lcc --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionStats {
    /// Function name.
    pub name: String,
    /// Register allocation: virtual registers spilled and spill operations.
    pub regalloc: regalloc::linear_scan::Stats,
    /// Bundles emitted (`nop` bundles included).
    pub bundles: usize,
    /// Operations emitted (`nop`s excluded).
    pub ops: usize,
    /// Frame size in bytes.
    pub frame_size: u32,
    /// Out-of-SSA translation counters (machine-SSA mode only).
    pub out_of_ssa: Option<out_of_ssa::Stats>,
    /// If-conversion counters (when it ran).
    pub if_convert: Option<psi::if_convert::Stats>,
    /// Out-of-psi-SSA counters (when if-conversion ran).
    pub out_of_psi: Option<psi::out_of_psi::Stats>,
    /// Psi-normalize / psi-congruence counters (`-fout-of-psi=webs`).
    pub psi_webs: Option<psi::webs::Stats>,
    /// Peephole counters (when it ran).
    pub peephole: Option<peephole::Stats>,
    /// Modulo-scheduling report (when it ran).
    pub modulo: Option<sched::modulo::Stats>,
    /// Scheduling before register allocation (when it ran).
    pub prepass: Option<sched::prepass::Stats>,
    /// Block layout (when it ran).
    pub layout: Option<sched::layout::Stats>,
    /// Machine-SSA constant propagation counters (`-fmir-sccp`, when it
    /// ran).
    pub mir_sccp: Option<mir::sccp::Stats>,
    /// Machine-SSA clean-up counters (`-fmir-simplify`, when it ran).
    pub mir_simplify: Option<mir::simplify::Stats>,
}

/// [`compile_module`] that also returns per-function statistics.
pub fn compile_module_with_stats(
    m: &ir::Module,
    opts: &Options,
) -> Result<(String, Vec<FunctionStats>), Vec<Error>> {
    compile_module_bisect(m, opts, &mut OptBisect::default())
}

/// [`compile_module_with_stats`] where the optional steps of each
/// function are steps of `bisect` ([`crate::bisect`]), after the IR
/// passes': `if-convert` (when [`Options::if_convert`] is set; skipped,
/// the function keeps its branches), `mir-sccp` (after if-conversion,
/// when [`Options::mir_sccp`] is set; skipped, the psis go out of SSA
/// unfolded), `mir-simplify` (after the psis are lowered, when
/// [`Options::mir_simplify`] is set; skipped, the loads and extensions it
/// would merge stay), `out-of-ssa-coalescing` (in machine-SSA mode with a method
/// other than `naive`; skipped, the function is translated by the naive
/// method), `modulo-sched` (when [`Options::modulo_sched`] is set;
/// skipped, no loop is pipelined), `schedule-insns` (when
/// [`Options::schedule_insns`] is set; skipped, the blocks keep their
/// order until allocation), `reorder-blocks` (when
/// [`Options::reorder_blocks`] is set; skipped, the blocks keep their
/// order), `peephole` (when [`Options::peephole`] is set; skipped, the
/// copies and jumps stay) and `bundle` (when bundling; skipped, the function gets one
/// operation per bundle).
pub fn compile_module_bisect(
    m: &ir::Module,
    opts: &Options,
    bisect: &mut OptBisect,
) -> Result<(String, Vec<FunctionStats>), Vec<Error>> {
    let mut stats = vec![];
    let mut out = String::new();
    let mut errors = vec![];
    // soft-float legalisation: the back end sees integers only
    let legal;
    let m = if m.functions.iter().any(crate::opt::softfloat::has_floats) {
        let mut c = m.clone();
        crate::opt::softfloat::legalize_module(&mut c);
        legal = c;
        &legal
    } else {
        m
    };
    if let Some(f) = &opts.file_name {
        out.push_str(&format!("\t.file 1 \"{}\"\n", emit::escape(f)));
    }
    // file-scope `asm("text")`, as written, in the text section
    for text in &m.asm {
        out.push_str("\t.text\n");
        out.push_str(text);
        out.push('\n');
    }
    for (k, f) in m.functions.iter().enumerate() {
        match compile_function_bisect(m, f, k, opts, bisect) {
            Ok((s, st)) => {
                crate::timing::lap("emission");
                out.push_str(&s);
                stats.push(st);
            }
            Err(message) => errors.push(Error {
                function: f.name.clone(),
                message,
            }),
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
    compile_function_bisect(m, f, k, opts, &mut OptBisect::default())
}

fn compile_function_bisect(
    m: &ir::Module,
    f: &ir::Function,
    k: usize,
    opts: &Options,
    bisect: &mut OptBisect,
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
    crate::timing::lap("instruction selection");
    let mut oos = None;
    let mut modulo_stats = None;
    // the function before modulo scheduling, on a machine wider than 4
    // slots (see the retry after register allocation)
    let mut before_modulo: Option<mir::MFunc> = None;
    let (mut if_stats, mut psi_stats, mut web_stats) = (None, None, None);
    let mut sccp_stats = None;
    let mut simplify_stats = None;
    if opts.ssa {
        if cfg!(debug_assertions) {
            mir::verify::verify(&mf)?;
        }
        if opts.if_convert && bisect.should_run("if-convert", &f.name) {
            let before = bisect.capturing().then(|| mir::print::function(&mf));
            let prob = |loc: Option<(u32, u32)>| {
                let (p, file, (line, col)) = (
                    opts.branch_profile.as_ref()?,
                    opts.file_name.as_ref()?,
                    loc?,
                );
                p.taken_probability(file, line, col)
            };
            let ic =
                psi::if_convert::if_convert_with(&mut mf, &opts.model, &prob, opts.psi_promote);
            if cfg!(debug_assertions) {
                mir::verify::verify(&mf)?;
            }
            if opts.mir_sccp {
                sccp_stats = bisect.run(
                    "mir-sccp",
                    &f.name,
                    &mut mf,
                    mir::print::function,
                    mir::sccp::run,
                );
                if cfg!(debug_assertions) {
                    mir::verify::verify(&mf)?;
                }
            }
            if opts.psi_webs {
                let folded = if opts.copy_fold {
                    psi::webs::fold_copies(&mut mf)
                } else {
                    0
                };
                let mut ws = psi::webs::translate(&mut mf);
                ws.folded = folded;
                web_stats = Some(ws);
                if cfg!(debug_assertions) {
                    mir::verify::verify(&mf)?;
                }
            }
            let op = psi::out_of_psi::lower(&mut mf);
            if cfg!(debug_assertions) {
                mir::verify::verify(&mf)?;
            }
            if opts.mir_simplify {
                simplify_stats = bisect.run(
                    "mir-simplify",
                    &f.name,
                    &mut mf,
                    mir::print::function,
                    mir::simplify::run,
                );
                if cfg!(debug_assertions) {
                    mir::verify::verify(&mf)?;
                }
            }
            if let Some(before) = before {
                bisect.capture = Some(Capture {
                    before,
                    after: mir::print::function(&mf),
                });
            }
            if_stats = Some(ic);
            psi_stats = Some(op);
            crate::timing::lap("if-conversion and psi");
        }
        let mut method = opts.out_of_ssa;
        if method != OutOfSsa::Naive {
            if !bisect.should_run("out-of-ssa-coalescing", &f.name) {
                method = OutOfSsa::Naive;
            } else if bisect.capturing() {
                let mut naive = mf.clone();
                out_of_ssa::translate(&mut naive, OutOfSsa::Naive);
                let mut coalesced = mf.clone();
                out_of_ssa::translate(&mut coalesced, method);
                bisect.capture = Some(Capture {
                    before: mir::print::function(&naive),
                    after: mir::print::function(&coalesced),
                });
            }
        }
        oos = Some(out_of_ssa::translate(&mut mf, method));
        crate::timing::lap("out-of-SSA");
        if opts.modulo_sched && bisect.should_run("modulo-sched", &f.name) {
            if opts.model.issue_width > 4 {
                before_modulo = Some(mf.clone());
            }
            let before = bisect.capturing().then(|| mir::print::function(&mf));
            modulo_stats = Some(sched::modulo::pipeline(&mut mf, &opts.model));
            crate::timing::lap("modulo scheduling");
            if let Some(before) = before {
                bisect.capture = Some(Capture {
                    before,
                    after: mir::print::function(&mf),
                });
            }
        }
    }
    inline_asm_registers(&mut mf);
    check(&mf)?;
    let mut prepass_stats = None;
    // wider than the ST231, the function as prepass scheduling finds it,
    // for the retry with a narrower speculation below
    let mut before_prepass = None;
    if opts.schedule_insns && opts.bundle && bisect.should_run("schedule-insns", &f.name) {
        if opts.model.issue_width > 4 {
            before_prepass = Some(mf.clone());
        }
        let before = bisect.capturing().then(|| mir::print::function(&mf));
        prepass_stats = Some(sched::prepass::run(&mut mf, &opts.model));
        check(&mf)?;
        crate::timing::lap("prepass scheduling");
        if let Some(before) = before {
            bisect.capture = Some(Capture {
                before,
                after: mir::print::function(&mf),
            });
        }
    }
    // wider than the ST231: BRs by least recent release too, unless that
    // spills more than the class's order does (7 BRs leave little room
    // for the holes the choice leaves)
    let registers =
        allocatable_registers(&mf, &f.name, &support_closure(m), &opts.model.registers)?;
    let mut ra = if opts.model.issue_width > 4 {
        allocate_wide(&mut mf, &registers)
    } else {
        regalloc::linear_scan::allocate_for(&mut mf, &registers)
    };
    // wider than the ST231, a function that spilled much is compiled
    // again from before modulo scheduling with kernels that leave room
    // for the values live through their loops
    // (`sched::modulo::pipeline_with`); the code that spills less is kept
    if let Some(mut alt) = before_modulo.filter(|_| ra.spill_ops >= RETRY_SPILL_OPS) {
        let alt_modulo = sched::modulo::pipeline_with(&mut alt, &opts.model, true);
        inline_asm_registers(&mut alt);
        check(&alt)?;
        let alt_before_prepass = before_prepass.as_ref().map(|_| alt.clone());
        let alt_prepass = prepass_stats
            .is_some()
            .then(|| sched::prepass::run(&mut alt, &opts.model));
        check(&alt)?;
        let alt_ra = allocate_wide(&mut alt, &registers);
        if alt_ra.spill_ops < ra.spill_ops {
            mf = alt;
            ra = alt_ra;
            modulo_stats = Some(alt_modulo);
            prepass_stats = alt_prepass;
            before_prepass = alt_before_prepass;
        }
    }
    // wider than the ST231, a function that spills is scheduled again
    // before allocation with the speculation across branches of a 4-slot
    // machine (`sched::prepass::run_with`), and the code that spills less
    // is kept: operations moved up from both sides of a branch lengthen
    // live ranges that a function already short of registers pays for in
    // spills (wide8: the soft-float `__muldf3`)
    if let Some(mut alt) = before_prepass.filter(|_| ra.spill_ops >= RETRY_NARROW_SPILL_OPS) {
        let alt_prepass = sched::prepass::run_with(&mut alt, &opts.model, true);
        check(&alt)?;
        let alt_ra = allocate_wide(&mut alt, &registers);
        if alt_ra.spill_ops < ra.spill_ops {
            mf = alt;
            ra = alt_ra;
            prepass_stats = Some(alt_prepass);
        }
    }
    check(&mf)?;
    crate::timing::lap("register allocation");
    let mut layout_stats = None;
    if opts.reorder_blocks && opts.peephole && bisect.should_run("reorder-blocks", &f.name) {
        let before = bisect.capturing().then(|| mir::print::function(&mf));
        layout_stats = Some(sched::layout::run(&mut mf));
        check(&mf)?;
        crate::timing::lap("block layout");
        if let Some(before) = before {
            bisect.capture = Some(Capture {
                before,
                after: mir::print::function(&mf),
            });
        }
    }
    let mut peep = None;
    if opts.peephole && bisect.should_run("peephole", &f.name) {
        let before = bisect.capturing().then(|| mir::print::function(&mf));
        peep = Some(peephole::run(&mut mf));
        check(&mf)?;
        crate::timing::lap("peephole");
        if let Some(before) = before {
            bisect.capture = Some(Capture {
                before,
                after: mir::print::function(&mf),
            });
        }
    }
    let fr = regalloc::frame::finish(&mut mf);
    check(&mf)?;
    crate::timing::lap("frame layout");
    let bundle = opts.bundle && bisect.should_run("bundle", &f.name);
    if bundle && bisect.capturing() {
        let text = |bundle: bool| {
            let mut g = mf.clone();
            let blocks = schedule(&mut g, &opts.model, bundle);
            emit::function(&g, k, &blocks, opts.file_name.is_some(), &opts.model)
        };
        bisect.capture = Some(Capture {
            before: text(false),
            after: text(true),
        });
    }
    let blocks = schedule(&mut mf, &opts.model, bundle);
    crate::timing::lap("list scheduling");
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
        if_convert: if_stats,
        out_of_psi: psi_stats,
        psi_webs: web_stats,
        peephole: peep,
        modulo: modulo_stats,
        prepass: prepass_stats,
        layout: layout_stats,
        mir_sccp: sccp_stats,
        mir_simplify: simplify_stats,
    };
    Ok((
        emit::function(&mf, k, &blocks, opts.file_name.is_some(), &opts.model),
        st,
    ))
}

/// Spill operations from which a function is compiled again on a machine
/// wider than the ST231 with kernels that leave room for the values live
/// through their loops (see `compile_function_bisect`): a few spills
/// around a loop cost less than the slower kernels (wide8: `br_abs_sad`
/// ran 1.35 times as long when any spill led to the retry), many spill in
/// the loops (`dct8x8`'s `main`: 330 spill operations, 0.88 of the cycles
/// after the retry).
const RETRY_SPILL_OPS: usize = 64;

/// Spill operations from which a function is scheduled again before
/// allocation on a machine wider than the ST231 with the speculation of a
/// 4-slot machine (see `compile_function_bisect`). Measured on wide8
/// (testsuite `-O2`, geometric mean of the cycles against the ST231's,
/// without the retry 0.9078): from 1 spill operation 0.8986, from 16
/// 0.9037.
const RETRY_NARROW_SPILL_OPS: usize = 1;

/// Register allocation on a machine wider than the ST231: BRs by least
/// recent release, unless that spills more than the class's order does
/// (`regalloc::linear_scan::allocate_with`); `mf` gets the allocation
/// chosen.
fn allocate_wide(
    mf: &mut mir::MFunc,
    registers: &isa::model::RegisterFiles,
) -> regalloc::linear_scan::Stats {
    let mut lru = mf.clone();
    let st = regalloc::linear_scan::allocate_with(&mut lru, registers, true);
    let mut plain = mf.clone();
    let base = regalloc::linear_scan::allocate_with(&mut plain, registers, false);
    if st.spill_ops <= base.spill_ops {
        *mf = lru;
        st
    } else {
        *mf = plain;
        base
    }
}

/// Register constraints of inline assembly statements, once the machine
/// IR is out of SSA: a tied input (`+r`, `"0"`) is copied into the
/// output's register before the statement, which then reads and writes
/// that one register; every other input stays live to the end of the
/// statement (listed as written by it), so that no output, and no
/// clobbered register, shares a register with an input.
fn inline_asm_registers(mf: &mut mir::MFunc) {
    use mir::{MOp, Opnd, Reg};
    for b in 0..mf.blocks.len() {
        if !mf.blocks[b].insts.iter().any(|i| i.is_asm()) {
            continue;
        }
        let insts = std::mem::take(&mut mf.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len() + 2);
        for mut i in insts {
            if let MOp::Asm { index, defs } = i.op {
                // an input that earlier passes left in a physical register
                // (an argument register, `$r0`) is copied to a register of
                // its own, which the rules below then keep apart
                for k in defs as usize..i.ops.len() {
                    if let Opnd::R(p @ Reg::G(_)) = i.ops[k] {
                        let t = mf.vreg(mir::Class::Gr);
                        let mut mv = mf.inst("mov", vec![Opnd::R(t), Opnd::R(p)]);
                        mv.loc = i.loc;
                        out.push(mv);
                        i.ops[k] = Opnd::R(t);
                    }
                }
                let lay = &mf.asm[index as usize];
                if let Some(t) = lay.info.tied {
                    let at = lay.arg_op[t];
                    for w in 0..defs as usize {
                        if let (Opnd::R(d), Some(Opnd::R(u))) =
                            (i.ops[w].clone(), i.ops.get(at + w).cloned())
                        {
                            let mv = match (d, u) {
                                (Reg::V(x), _) if mf.vclass[x.index()] == mir::Class::Br => {
                                    // a BR copy goes through `mfb`/`mtb`
                                    let g = mf.vreg(mir::Class::Gr);
                                    out.push(mf.inst("mfb", vec![Opnd::R(g), Opnd::R(u)]));
                                    mf.inst("mtb", vec![Opnd::R(d), Opnd::R(g)])
                                }
                                _ => mf.inst("mov", vec![Opnd::R(d), Opnd::R(u)]),
                            };
                            let mut mv = mv;
                            mv.loc = i.loc;
                            out.push(mv);
                            i.ops[at + w] = Opnd::R(d);
                        }
                    }
                }
                let outs: Vec<Reg> = i.ops[..defs as usize]
                    .iter()
                    .filter_map(|o| match o {
                        Opnd::R(r) => Some(*r),
                        _ => None,
                    })
                    .collect();
                for o in &i.ops[defs as usize..] {
                    if let Opnd::R(r @ Reg::V(_)) = o {
                        if !outs.contains(r) && !i.imp_defs.contains(r) {
                            i.imp_defs.push(*r);
                        }
                    }
                }
            }
            out.push(i);
        }
        mf.blocks[b].insts = out;
    }
}

/// Schedules every block of `mf` in layout order (taking its operations):
/// bundles per block.
fn schedule(
    mf: &mut mir::MFunc,
    model: &isa::model::ProcessorModel,
    bundle: bool,
) -> Vec<(mir::MBlockId, sched::list::Bundles)> {
    // on a machine wider than the ST231 a block is scheduled knowing the
    // results still on their way from the blocks laid out before it that
    // flow into it (wide8: `linkedlist`'s sorted insert read a load of the
    // block before in its first bundle, which has room for it there)
    let cfg = (bundle && model.issue_width > 4).then(|| mir::Cfg::new(mf));
    let dom = cfg.as_ref().and_then(|c| {
        let entry = *mf.order.first()?;
        Some(crate::analysis::DomTree::new(entry, c.succ_lists()))
    });
    let mut out: Vec<(mir::MBlockId, sched::list::Bundles)> = vec![];
    let mut slot_of: Vec<Option<usize>> = vec![None; mf.blocks.len()];
    for &b in &mf.order.clone() {
        let insts = std::mem::take(&mut mf.blocks[b.index()].insts);
        let fixed = mf.blocks[b.index()]
            .cycles
            .as_ref()
            .filter(|_| bundle)
            .and_then(|c| sched::modulo::fixed_bundles(model, &insts, c));
        let bundles = fixed.unwrap_or_else(|| {
            let mut entry: Vec<sched::list::EntryWrite> = vec![];
            let preds = cfg.as_ref().map_or(&[][..], |c| c.preds(b));
            // a loop's header is entered mostly from its latches: only
            // theirs count then (not the preheader's results)
            let latch = |p: &&mir::MBlockId| dom.as_ref().is_some_and(|d| d.dominates(b, **p));
            let header = preds.iter().any(|p| latch(&p));
            for &p in preds.iter().filter(|p| !header || latch(p)) {
                let Some(k) = slot_of.get(p.index()).copied().flatten() else {
                    continue;
                };
                // a predecessor not just before `b` jumps to it: the
                // taken-branch penalty passes too
                let gap = if k + 1 == out.len() {
                    0
                } else {
                    model.taken_branch_penalty as usize
                };
                // the last write of each register in the last few bundles
                // of `p` (no latency is longer)
                let mut last: Vec<sched::list::EntryWrite> = vec![];
                for (after, v) in out[k].1.iter().rev().take(8).enumerate() {
                    for i in v.iter().filter(|i| !i.is_asm()) {
                        i.for_each_def(|r| {
                            if !last.iter().any(|&(x, _, a)| x == r && a < after + gap) {
                                last.push((r, i, after + gap));
                            }
                        });
                    }
                }
                entry.extend(last);
            }
            sched::list::schedule_block_after(model, insts, bundle, true, &entry)
        });
        slot_of[b.index()] = Some(out.len());
        out.push((b, bundles));
    }
    out
}

/// A small deterministic pseudo-random generator for the unit tests'
/// random programs (a 64-bit linear congruential generator with Knuth's
/// MMIX constants), so that a test draws the same cases on every run.
#[cfg(test)]
pub(crate) struct Lcg(pub(crate) u64);

#[cfg(test)]
impl Lcg {
    /// A number below `n` (`n > 0`).
    pub(crate) fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
    /// A number below `n` (`n > 0`), as an index.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.next(n as u64) as usize
    }
}
