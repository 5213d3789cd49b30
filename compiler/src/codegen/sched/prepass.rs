//! Scheduling before register allocation (gcc's `-fschedule-insns`; on at
//! `-O2`): each block that the modulo scheduler did not fix is reordered
//! into the order a list schedule issues its operations
//! ([`list::prepass_order`]), on virtual registers, where only true
//! dependences and memory order constrain it.
//!
//! Why: the only other schedule runs after allocation, when a register
//! given to one value and then to the next makes the second value's
//! definition wait for the first value's last use (an anti dependence)
//! even though the two computations are independent. Reordering first
//! interleaves independent computations, so their values are live at once
//! and get different registers; the schedule after allocation then finds
//! the parallelism again (Gibbons and Muchnick, "Efficient instruction
//! scheduling for a pipelined architecture", 1986, describe the two
//! passes; Goodman and Hsu, "Code scheduling and register allocation in
//! large basic blocks", 1988, the register pressure it costs).
//!
//! First, across branches (a small step of global scheduling, gcc's
//! `-fsched-spec-load`): in a loop, when a block `B` ends in a branch
//! whose one side `S` stays in `B`'s innermost loop while the other leaves
//! it (Ball and Larus's loop heuristic makes `S` the likely side), or,
//! in or out of a loop, whose hint ([`MInst::prob`], `__builtin_expect`)
//! makes `S` the likely side, and `B` is `S`'s only predecessor, the first operations of `S` that depend on
//! nothing `S` computes before them are moved up into `B`, before its
//! branch ([`speculate`]): ALU operations and multiplies, and loads in
//! their dismissible form (ISA-ST200 §4.6: a load that would fault returns
//! 0 instead) when no store of `S` comes before them. A moved operation
//! writes a new virtual register, and a copy to its old destination stays
//! in `S` at its place (the side leaving the loop never sees a change);
//! the uses after it in `S` read the new register directly. A compare
//! into a virtual branch register moves too when `S` does not pass that
//! register on to its successors: no copy stays (the ST200 has no move
//! between branch registers), the operations after it in `S` read the new
//! one. In a linked list walk (`while (p && p->key != k) p = p->next;`,
//! rotated) the load of `p->next` then issues beside the load of
//! `p->key`, not 3 cycles after the compare, and its null test is
//! computed before the loop branch, so the branch on it does not wait out
//! the 3-cycle compare-to-branch latency (ISA-ST200 §5.3): CoreMark/MHz
//! 1.875 → 2.003, linkedlist 0.80, sort_insertion 0.85.
//!
//! Before that, across the back edge ([`preload_header`]): the first
//! loads of an innermost loop's header are also issued at the end of its
//! latch and preheader, into new registers the header copies from, so
//! that [`speculate`] can carry them up into the previous iteration: a
//! list walk loads the next node's fields while it still compares the
//! current one's (CoreMark/MHz 2.273 → 2.426, linkedlist 0.86). Both
//! steps repeat for up to [`SPECULATION_ROUNDS`] rounds, which spreads a
//! chain of loads over several iterations.
//!
//! On a machine wider than the ST231 (more than 4 issue slots) a branch
//! with no likely side has both successors' first operations moved up
//! ([`speculates_both_sides`], general registers only), and more of them
//! ([`WIDE_SPECULATION`]).
//!
//! Then, on either side of a branch ([`hoist_branch_compares`]): the
//! compare that decides a block's own branch moves up into the blocks
//! before it, so that a chain of tests (`else if (s == 3)`) or a loop
//! header's exit test does not wait out the compare-to-branch latency
//! after entering the block (testsuite at `-O2`: br_statemachine 0.77,
//! strsearch_kmp 0.87, sort_merge 0.90, binsearch 0.92; CoreMark/MHz
//! 3.126 → 3.258).
//!
//! Within each block, operations read through register copies
//! ([`forward_copies`]) so that a copy does not delay its readers (the
//! copy out-of-SSA leaves at the top of a pointer walk).
//!
//! Interleaving lengthens live ranges. A block keeps its original order
//! when the new one needs more general registers than [`MAX_GR_PRESSURE`]
//! or more branch registers than [`MAX_BR_PRESSURE`] at some point, and
//! more than the original order did (pressure: virtual registers live at
//! once, from the block's live-out set backwards).

use crate::analysis::{BitSet, LoopForest};
use crate::codegen::mir::{r, Cfg, Class, MFunc, MInst, MOp, Reg};
use crate::codegen::regalloc::liveness::live_sets;
use crate::codegen::sched::list;
use crate::hash::HashMap;
use isa::model::ProcessorModel;
use isa::ops::OpClass;

/// The probability, in parts per million, from which a branch hint
/// ([`MInst::prob`]: `__builtin_expect`, a path to a cold call) makes a
/// side the likely one for [`speculate`], in or out of a loop (3/4;
/// `__builtin_expect` says 0.9).
pub const LIKELY_HINT: u32 = 750_000;

/// Most operations moved up across one branch by [`speculate`].
pub const MAX_SPECULATED: usize = 4;

/// How many operations at the top of the likely successor [`speculate`]
/// looks at.
pub const SPECULATION_WINDOW: usize = 8;

/// [`MAX_SPECULATED`] and [`SPECULATION_WINDOW`] on a machine wider than
/// the ST231 (more than 4 issue slots), whose bundles before a branch
/// have room for more of the successor's first operations. Measured on
/// wide8 with [`speculates_both_sides`] (testsuite `-O2`, geometric mean
/// of the cycles against the ST231's): 4 and 8 (the ST231's) 0.9082,
/// 6 and 12 0.9069, 8 and 16 0.9121 (the soft-float routines of
/// `nbody`, `matinv`, `mandelbrot` and `bicg` lose more than
/// `binsearch` gains).
pub const WIDE_SPECULATION: (usize, usize) = (6, 12);

/// Most operations [`speculate`] moves up across one branch on `model`:
/// [`MAX_SPECULATED`] on the built-in machines (4 issue slots and fewer),
/// [`WIDE_SPECULATION`]`.0` on a wider one.
pub fn max_speculated(model: &ProcessorModel) -> usize {
    if model.issue_width > 4 {
        WIDE_SPECULATION.0
    } else {
        MAX_SPECULATED
    }
}

/// How many operations at the top of a successor [`speculate`] (and of a
/// loop header [`preload_header`]) looks at on `model`:
/// [`SPECULATION_WINDOW`] on the built-in machines, [`WIDE_SPECULATION`]`.1`
/// on a wider one.
pub fn speculation_window(model: &ProcessorModel) -> usize {
    if model.issue_width > 4 {
        WIDE_SPECULATION.1
    } else {
        SPECULATION_WINDOW
    }
}

/// Whether [`speculate`] also moves operations up from both successors
/// of a branch that has no likely side (no hint, and not a loop branch
/// with one side leaving the loop): on a machine wider than the ST231,
/// whose slots before the branch are mostly empty in branchy code, so
/// the operations of the side not taken cost no cycle while those of the
/// side taken start earlier. General registers only (a compare into a
/// branch register stays: the ST200 has 8, ISA-ST200 §1.3). wide8,
/// testsuite `-O2`: `strsearch_kmp` 0.86, `interp` 0.92 of the cycles;
/// geometric mean against the ST231 0.9157 → 0.9082 (with the ST231's
/// [`MAX_SPECULATED`]).
pub fn speculates_both_sides(model: &ProcessorModel) -> bool {
    model.issue_width > 4
}

/// Rounds of [`run`] in which [`speculate`] moves operations up from both
/// sides of a branch with no likely side ([`speculates_both_sides`]); the
/// later rounds move them up from likely sides only. In later rounds the
/// copies and operations the first one moved into a block are moved on
/// into its predecessors on both sides, which lengthens live ranges more
/// than it shortens paths (wide8, testsuite `-O2`, with the spill retry
/// of [`run_with`]: the soft-float `__muldf3` saved 7 callee-saved
/// registers and spilled constants; geometric mean of the cycles against
/// the ST231's 0.8986 with both sides in every round, 0.8950 in the first
/// only, 0.9233 in the first two).
pub const BOTH_SIDES_ROUNDS: usize = 1;

/// Most rounds of [`preload_header`] then [`speculate`] (fewer when a
/// round changes nothing). A later round carries operations further up:
/// those moved into a block that is itself the likely successor of a loop
/// branch move on into its predecessor, and a header whose loads were
/// carried up into the previous iteration has new first loads to issue
/// ahead, so a list walk's `p->next`, `p->next->info` and
/// `p->next->info->idx` end up issued over several iterations (software
/// pipelining of a `while` loop by repeated speculation). Measured on
/// CoreMark (`-O2`, ST231): 1 round 3 683 611 cycles, 2 rounds 3 580 569,
/// 3 rounds 3 524 397, 4 rounds 3 494 679, 5 and 6 rounds 3 511 596; with
/// the rule that keeps a call's argument copy in place (nqueens 1.023×
/// without it), 4 rounds 3 500 241 (CoreMark/MHz 2.796 → 2.94), and the
/// testsuite's linkedlist 0.92, binsearch 0.97, bstree 0.98.
pub const SPECULATION_ROUNDS: usize = 4;

/// General registers a reordered block may keep live at once (of the 57
/// the allocator hands out, ISA-ST200 §1.2, §7.1), leaving room for
/// values live through the block in physical registers and for the
/// allocator's imprecision.
pub const MAX_GR_PRESSURE: usize = 48;

/// Branch registers a reordered block may keep live at once (of the 7
/// allocatable, ISA-ST200 §1.3).
pub const MAX_BR_PRESSURE: usize = 6;

/// [`MAX_GR_PRESSURE`] on `model`: as many fewer as its allocator has
/// fewer GRs than on a 64-register machine (`[registers] general`,
/// [`isa::abi::gr_allocation_order_for`]), and one more per 8 of those
/// (as `modulo::max_live_grs`).
pub fn max_gr_pressure(model: &ProcessorModel) -> usize {
    let fewer = isa::abi::GR_ALLOCATION_ORDER.len()
        - isa::abi::gr_allocation_order_for(model.registers.general).len();
    MAX_GR_PRESSURE.saturating_sub(fewer + fewer / 8)
}

/// [`MAX_BR_PRESSURE`] on `model`: one fewer than its allocator has
/// (`[registers] branch`, [`isa::abi::br_allocation_order_for`]).
pub fn max_br_pressure(model: &ProcessorModel) -> usize {
    isa::abi::br_allocation_order_for(model.registers.branch)
        .len()
        .saturating_sub(1)
}

/// Counters of one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Blocks whose operations were reordered.
    pub reordered: usize,
    /// Blocks left in their order because the new one needed too many
    /// registers.
    pub kept_for_pressure: usize,
    /// Operations moved up across a branch into their block's only
    /// predecessor ([`speculate`]).
    pub speculated: usize,
    /// Compares moved up into the block before theirs, next to its branch
    /// ([`hoist_branch_compares`]).
    pub hoisted_compares: usize,
    /// Loads of a loop header issued one iteration ahead
    /// ([`preload_header`]).
    pub preloaded: usize,
    /// Operands that read a copy's source instead of the copy
    /// ([`forward_copies`]).
    pub forwarded: usize,
}

/// The speculative form of `i` (see the module documentation), if it has
/// one on `model`'s core: `i` itself for an ALU operation or multiply, the
/// dismissible load for a load; `None` for anything with another effect
/// or result than one general register (other than `$r0` and the stack
/// pointer) or one virtual branch register.
fn speculative_form(f: &MFunc, i: &MInst, model: &ProcessorModel) -> Option<MInst> {
    use crate::codegen::psi::if_convert::{is_plain_store, speculable, speculated};
    if i.op == MOp::Psi || is_plain_store(i) || !i.imp_uses.is_empty() || !speculable(i, model) {
        return None;
    }
    let defs = i.defs();
    if defs.len() != 1
        || matches!(defs[0], Reg::SP | Reg::ZERO)
        || !matches!(defs[0], Reg::V(_)) && f.class(defs[0]) != Some(Class::Gr)
    {
        return None;
    }
    Some(speculated(i))
}

/// The CFG of a function and its loop forest.
pub type Loops = (Cfg, LoopForest<crate::codegen::mir::MBlockId>);

/// The CFG and loop forest of `f`; `None` for a function without blocks.
pub fn loops_of(f: &MFunc) -> Option<Loops> {
    let &entry = f.order.first()?;
    let cfg = Cfg::new(f);
    let forest = LoopForest::new(entry, cfg.succ_lists());
    Some((cfg, forest))
}

/// The liveness index of `r`: a virtual register among the first `nv`.
fn vreg_index(r: Reg, nv: usize) -> Option<usize> {
    match r {
        Reg::V(v) if v.index() < nv => Some(v.index()),
        _ => None,
    }
}

/// Moves operations up across branches into the block before them (see
/// the module documentation); returns how many. `loops` is the CFG and
/// loop forest of `f` ([`loops_of`]), which this pass and
/// [`preload_header`] leave as they are (both only insert operations
/// before terminators).
pub fn speculate(f: &mut MFunc, model: &ProcessorModel, loops: &Loops) -> usize {
    speculate_within(f, model, loops, Reach::of(model))
}

/// How far [`speculate`] and [`preload_header`] reach on one pass: most
/// operations moved up across one branch, how many operations at the top
/// of a successor are looked at, and whether a branch with no likely side
/// has both successors' operations moved up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reach {
    max: usize,
    window: usize,
    both_sides: bool,
}

impl Reach {
    /// The reach on `model`: [`max_speculated`], [`speculation_window`],
    /// [`speculates_both_sides`].
    fn of(model: &ProcessorModel) -> Reach {
        Reach {
            max: max_speculated(model),
            window: speculation_window(model),
            both_sides: speculates_both_sides(model),
        }
    }

    /// The reach of a machine of 4 issue slots or fewer (the ST231's):
    /// [`MAX_SPECULATED`], [`SPECULATION_WINDOW`], likely sides only.
    fn narrow() -> Reach {
        Reach {
            max: MAX_SPECULATED,
            window: SPECULATION_WINDOW,
            both_sides: false,
        }
    }
}

/// [`speculate`] with the limits of `reach`.
fn speculate_within(f: &mut MFunc, model: &ProcessorModel, loops: &Loops, reach: Reach) -> usize {
    let (cfg, forest) = loops;
    let nv = f.vclass.len();
    let index = |r: Reg| vreg_index(r, nv);
    // liveness, computed at the first compare into a BR that could move
    let mut live_out: Option<Vec<BitSet>> = None;
    let mut moved = 0;
    let hints = crate::codegen::sched::layout::hinted_edges(f, cfg);
    let max_spec = reach.max;
    let window = reach.window;
    let both_sides = reach.both_sides;
    for b in f.order.clone() {
        let succs = cfg.succs(b);
        let [s0, s1] = *succs else { continue };
        // the likely side: the program's hint first, then the loop
        // heuristic
        let likely = match hints[b.index()] {
            Some((taken, p)) => {
                let other = if taken == s0 { s1 } else { s0 };
                if p.0 >= LIKELY_HINT {
                    Some(taken)
                } else if p.complement().0 >= LIKELY_HINT {
                    Some(other)
                } else {
                    None
                }
            }
            None => forest.loop_of(b).and_then(|l| {
                let stays = |s: crate::codegen::mir::MBlockId| forest.ancestors(s).contains(l);
                match (stays(s0), stays(s1)) {
                    (true, false) => Some(s0),
                    (false, true) => Some(s1),
                    _ => None,
                }
            }),
        };
        let sides: Vec<crate::codegen::mir::MBlockId> = match likely {
            Some(s) => vec![s],
            None if both_sides && s0 != s1 => vec![s0, s1],
            None => continue,
        };
        let only_gr = likely.is_none();
        for s in sides {
            if s == b
                || cfg.preds(s) != [b]
                || f.blocks[b.index()].cycles.is_some()
                || f.blocks[s.index()].cycles.is_some()
            {
                continue;
            }
            let Some(at) = f.blocks[b.index()]
                .insts
                .iter()
                .position(|i| i.is_terminator())
            else {
                continue;
            };
            // the operations of S that move: (index in S, new register)
            let mut hoisted: Vec<MInst> = Vec::new();
            let mut renamed: HashMap<Reg, Reg> = HashMap::default();
            let mut defined: Vec<Reg> = Vec::new();
            let mut stored = false;
            // compares into a BR that S only reads before writing it again and
            // that does not leave S: (index in S, old BR, new BR); no copy
            // stays (there is no BR-to-BR move), S reads the new BR instead
            let mut br_moved: Vec<(usize, Reg, Reg)> = Vec::new();
            let n = f.blocks[s.index()].insts.len().min(window);
            for k in 0..n {
                if hoisted.len() == max_spec {
                    break;
                }
                let i = f.blocks[s.index()].insts[k].clone();
                if i.is_control() {
                    break;
                }
                // an argument of a call in S: moving its copy up only
                // stretches the argument register's live range
                let argument = crate::codegen::regalloc::linear_scan::is_copy(&i)
                    && !matches!(i.defs()[0], Reg::V(_))
                    && f.blocks[s.index()].insts[k + 1..]
                        .iter()
                        .any(|c| c.is_call() && c.imp_uses.contains(&i.defs()[0]));
                let form = speculative_form(f, &i, model).filter(|x| {
                    if argument {
                        return false;
                    }
                    let load = x.info().is_some_and(|o| o.class == OpClass::Load);
                    let ready = !x.uses().iter().any(|u| defined.contains(u));
                    ready && !(stored && load)
                });
                let Some(mut h) = form else {
                    defined.extend(i.defs());
                    if !i.is_pure() {
                        stored = true;
                    }
                    continue;
                };
                let d = h.defs()[0];
                let class = f.class(d).unwrap_or(Class::Gr);
                if class == Class::Br
                    && (only_gr
                        || !br_moved.is_empty()
                        || index(d).is_none_or(|x| {
                            live_out.get_or_insert_with(|| live_sets(f, nv, index).1)[s.index()]
                                .contains(x)
                        }))
                {
                    defined.push(d);
                    continue;
                }
                let t = f.vreg(class);
                for (x, is_def) in h.regs_mut() {
                    if is_def {
                        *x = t;
                    } else if let Some(&y) = renamed.get(x) {
                        *x = y;
                    }
                }
                hoisted.push(h);
                renamed.insert(d, t);
                if class == Class::Br {
                    br_moved.push((k, d, t));
                } else {
                    f.blocks[s.index()].insts[k] = f.inst("mov", vec![r(d), r(t)]);
                }
            }
            if hoisted.is_empty() {
                continue;
            }
            // after each copy, S reads the new register until d is written again
            let mut cur: HashMap<Reg, Reg> = HashMap::default();
            for i in f.blocks[s.index()].insts.iter_mut() {
                let copy = match (i.op, i.ops.as_slice()) {
                    (
                        MOp::Isa(_),
                        [crate::codegen::mir::Opnd::R(d), crate::codegen::mir::Opnd::R(t)],
                    ) if i.info().is_some_and(|o| o.mnemonic == "mov")
                        && renamed.get(d) == Some(t) =>
                    {
                        Some((*d, *t))
                    }
                    _ => None,
                };
                if let Some((d, t)) = copy {
                    cur.insert(d, t);
                    continue;
                }
                for (x, is_def) in i.regs_mut() {
                    if !is_def {
                        if let Some(&y) = cur.get(x) {
                            *x = y;
                        }
                    }
                }
                for d in i.defs() {
                    cur.remove(&d);
                }
            }
            for &(k, d, t) in br_moved.iter().rev() {
                let insts = &mut f.blocks[s.index()].insts;
                for i in insts[k + 1..].iter_mut() {
                    for (x, is_def) in i.regs_mut() {
                        if !is_def && *x == d {
                            *x = t;
                        }
                    }
                    if i.writes(d) {
                        break;
                    }
                }
                insts.remove(k);
            }
            moved += hoisted.len();
            f.blocks[b.index()].insts.splice(at..at, hoisted);
        }
    }
    moved
}

/// Most compares [`hoist_branch_compares`] moves into one block (over all
/// rounds): each keeps one more branch register live across the block's
/// end (7 allocatable, ISA-ST200 §1.3).
pub const MAX_HOISTED_COMPARES: usize = 2;

/// Moves the compare that decides a block's branch up into the blocks
/// before it, on either side of their branches, likely or not (a chain of
/// tests, `if (s == 1) … else if (s == 2) … else if (s == 3)`, or a loop
/// whose header tests first): when the branch register that a block
/// `S`'s branch reads is written in `S` by a compare whose operands
/// nothing in `S` writes before it, the compare moves to the end of each
/// predecessor of `S` (before its terminator) into one new branch
/// register that `S`'s branch reads. The compare then issues beside the
/// predecessor's own operations, and `S`'s branch no longer waits out the
/// 3-cycle compare-to-branch latency (ISA-ST200 §5.3) after entering
/// `S`; on a predecessor's other path the compare only takes an issue
/// slot. The branch register must not leave `S` (no copy between branch
/// registers exists), `S` must not be its own predecessor, and each
/// predecessor receives at most [`MAX_HOISTED_COMPARES`] compares,
/// counted in `hoisted` (indexed by block) over the rounds. Returns how
/// many compares moved (one per `S`).
pub fn hoist_branch_compares(
    f: &mut MFunc,
    model: &ProcessorModel,
    loops: &Loops,
    hoisted: &mut [usize],
) -> usize {
    let (cfg, _) = loops;
    let nv = f.vclass.len();
    let index = |r: Reg| vreg_index(r, nv);
    let mut live_out: Option<Vec<BitSet>> = None;
    let mut moved = 0;
    for s in f.order.clone() {
        let mut preds = cfg.preds(s).to_vec();
        preds.sort();
        preds.dedup();
        if preds.is_empty()
            || preds.contains(&s)
            || f.blocks[s.index()].cycles.is_some()
            || preds.iter().any(|p| {
                hoisted[p.index()] >= MAX_HOISTED_COMPARES
                    || f.blocks[p.index()].cycles.is_some()
                    || f.blocks[p.index()].insts.iter().any(|i| i.is_asm())
            })
        {
            continue;
        }
        let insts = &f.blocks[s.index()].insts;
        let Some(t) = insts.iter().position(|i| i.is_control()) else {
            continue;
        };
        if !(insts[t].is(crate::codegen::mir::opc::BR)
            || insts[t].is(crate::codegen::mir::opc::BRF))
        {
            continue;
        }
        let uses = insts[t].uses();
        let [d @ Reg::V(dv)] = uses[..] else { continue };
        if f.pinned(dv).is_some() || f.class(d) != Some(Class::Br) {
            continue;
        }
        // the last write of d before the branch, and nothing else
        // touching d before it
        let Some(k) = insts[..t].iter().rposition(|i| i.writes(d)) else {
            continue;
        };
        let i = &insts[k];
        let Some(form) = speculative_form(f, i, model) else {
            continue;
        };
        if form.defs()[..] != [d]
            || insts[..k].iter().any(|j| {
                j.reads(d) || j.writes(d) || j.is_asm() || j.defs().iter().any(|x| i.reads(*x))
            })
            || insts[k + 1..t].iter().any(|j| j.reads(d))
            || index(d).is_none_or(|x| {
                live_out.get_or_insert_with(|| live_sets(f, nv, index).1)[s.index()].contains(x)
            })
        {
            continue;
        }
        let nd = f.vreg(Class::Br);
        let mut h = form;
        for (x, is_def) in h.regs_mut() {
            if is_def {
                *x = nd;
            }
        }
        let insts = &mut f.blocks[s.index()].insts;
        for (x, is_def) in insts[t].regs_mut() {
            if !is_def && *x == d {
                *x = nd;
            }
        }
        insts.remove(k);
        for p in preds {
            let block = &mut f.blocks[p.index()].insts;
            let at = block
                .iter()
                .position(|i| i.is_terminator())
                .unwrap_or(block.len());
            block.insert(at, h.clone());
            hoisted[p.index()] += 1;
        }
        moved += 1;
    }
    moved
}

/// Reads through copies inside each block: after `mov a = b` (both
/// virtual general registers), an operation that reads `a` before `a` or
/// `b` is written again reads `b` instead, so that it no longer waits for
/// the copy and the list schedule can issue both at once (out-of-SSA's
/// copy at the top of a pointer walk, `mov q = p; ldw p = 0[q]`, then
/// becomes `mov q = p; ldw p = 0[p]`, one bundle). Returns the operands
/// rewritten.
pub fn forward_copies(f: &mut MFunc) -> usize {
    let mut n = 0;
    for b in f.order.clone() {
        if f.blocks[b.index()].cycles.is_some() {
            continue;
        }
        let mut copy_of: HashMap<Reg, Reg> = HashMap::default();
        let insts = std::mem::take(&mut f.blocks[b.index()].insts);
        let mut out = Vec::with_capacity(insts.len());
        for mut i in insts {
            if i.op == MOp::Phi || i.op == MOp::PCopy || i.is_asm() {
                // an inline assembly statement reads the registers its
                // constraints gave it: never another one
                copy_of.clear();
                out.push(i);
                continue;
            }
            for (x, is_def) in i.regs_mut() {
                if !is_def {
                    if let Some(&y) = copy_of.get(x) {
                        *x = y;
                        n += 1;
                    }
                }
            }
            let defs = i.defs();
            copy_of.retain(|a, c| !defs.contains(a) && !defs.contains(c));
            if let (
                true,
                [crate::codegen::mir::Opnd::R(a @ Reg::V(av)), crate::codegen::mir::Opnd::R(c @ Reg::V(cv))],
            ) = (i.is(crate::codegen::mir::opc::MOV_R), &i.ops[..])
            {
                if a != c
                    && f.class(*a) == Some(Class::Gr)
                    && f.pinned(*av).is_none()
                    && f.pinned(*cv).is_none()
                {
                    copy_of.insert(*a, *c);
                }
            }
            out.push(i);
        }
        f.blocks[b.index()].insts = out;
    }
    n
}

/// Most loads of a loop header issued ahead by [`preload_header`].
pub const MAX_PRELOADED: usize = 2;

/// Issues the first loads of an innermost loop's header one iteration
/// ahead (a software-pipelining step for loops the modulo scheduler does
/// not take, such as a linked-list walk with two exits): when the header
/// `H` has one predecessor `L` in the loop and one `P` outside it, a load
/// at the top of `H` whose operands nothing in `H` defines before it is
/// copied, in its dismissible form into a new register `t`, to the end of
/// `L` and of `P` (before their branches), and becomes `mov d = t` in `H`.
/// [`speculate`] then moves the copy in `L` up into the loop body, next to
/// the load of the pointer it reads: `p->next->info` is loaded while the
/// body still compares `p->info`. Only where `L` has one predecessor (so
/// that the copy can move), or where the loop is one block (`L = H`: the
/// copy at its end is already in the body, after the block's stores). In a
/// one-block loop the load may also read through a copy `H` made before it
/// from a register `H` has not written (out-of-SSA's `mov q = p` before
/// `ldw p = 0[q]`), and may write a physical register (a variable living
/// in its argument register): a list reversal then tests and uses the next
/// pointer loaded during the previous pass (CoreMark's `core_bench_list`
/// 570 039 → 383 259 cycles, CoreMark/MHz 2.94 → 3.13; crc32 0.86,
/// statemachine 0.92, sort_quick 0.92, hashtable 0.96). Returns the loads
/// preloaded. `loops` as for [`speculate`].
pub fn preload_header(f: &mut MFunc, model: &ProcessorModel, loops: &Loops) -> usize {
    preload_header_within(f, model, loops, speculation_window(model))
}

/// [`preload_header`] looking at the first `window` operations of a
/// header.
fn preload_header_within(
    f: &mut MFunc,
    model: &ProcessorModel,
    loops: &Loops,
    window: usize,
) -> usize {
    let (cfg, forest) = loops;
    let nv = f.vclass.len();
    let index = |r: Reg| vreg_index(r, nv);
    // liveness, computed at the first candidate loop
    let mut live_in: Option<Vec<BitSet>> = None;
    let mut done = 0;
    let max_pre = MAX_PRELOADED;
    for h in f.order.clone() {
        if !forest.is_header(h) || f.blocks[h.index()].cycles.is_some() {
            continue;
        }
        let Some(l) = forest.loop_of(h) else { continue };
        // innermost: no other loop inside
        if f.order.iter().any(|&b| {
            forest
                .loop_of(b)
                .is_some_and(|m| m != l && forest.ancestors(b).contains(l))
        }) {
            continue;
        }
        let inside = |b: crate::codegen::mir::MBlockId| forest.ancestors(b).contains(l);
        let preds = cfg.preds(h);
        let (ins, outs): (
            Vec<crate::codegen::mir::MBlockId>,
            Vec<crate::codegen::mir::MBlockId>,
        ) = preds.iter().partition(|&&p| inside(p));
        let ([latch], [pre]) = (ins.as_slice(), outs.as_slice()) else {
            continue;
        };
        let (latch, pre): (crate::codegen::mir::MBlockId, crate::codegen::mir::MBlockId) =
            (*latch, *pre);
        // the latch's only predecessor is in the loop too, so that
        // `speculate` can carry the copy up into the body (left at the
        // end of a latch where many paths join, it only costs bundles)
        // (a one-block loop is its own latch: the copy at its end is in the
        // loop body already)
        let single = latch == h;
        if !single && cfg.preds(latch).len() != 1
            || f.blocks[latch.index()].cycles.is_some()
            || f.blocks[pre.index()].cycles.is_some()
        {
            continue;
        }
        let mut defined: Vec<Reg> = Vec::new();
        // d → t of the loads preloaded so far (their copies in L and P
        // read t: d is only written in H)
        let mut renamed: HashMap<Reg, Reg> = HashMap::default();
        // copies made in H so far, in a one-block loop: destination → source
        let mut copy_of: HashMap<Reg, Reg> = HashMap::default();
        let mut taken = 0;
        let n = f.blocks[h.index()].insts.len().min(window);
        for k in 0..n {
            if taken == max_pre {
                break;
            }
            let i = f.blocks[h.index()].insts[k].clone();
            if i.is_control() || !i.is_pure() {
                break;
            }
            let is_load = i.info().is_some_and(|o| o.class == OpClass::Load);
            // a register H copied from one it has not written reads as
            // that one (the copy out-of-SSA leaves before a list walk's
            // `ldw p = 0[q]`)
            let through = |u: Reg| match copy_of.get(&u) {
                Some(&s) if defined.contains(&u) => s,
                _ => u,
            };
            let ready = !i.uses().iter().any(|&u| defined.contains(&through(u)));
            let d = i.defs().first().copied();
            let form = speculative_form(f, &i, model);
            // liveness is computed at the first load that needs it
            let mut fits = |f: &MFunc, d: Reg| match d {
                Reg::V(dv) => {
                    f.class(d) == Some(Class::Gr)
                        && f.pinned(dv).is_none()
                        && index(d).is_some_and(|x| {
                            single
                                || !live_in.get_or_insert_with(|| live_sets(f, nv, index).0)
                                    [h.index()]
                                .contains(x)
                        })
                }
                // a physical register (a variable allocated to its argument
                // register), in a one-block loop only
                Reg::G(_) => single && d != Reg::LINK,
                Reg::B(_) => false,
            };
            match (is_load && ready, form, d) {
                (true, Some(mut h2), Some(d)) if fits(f, d) => {
                    let t = f.vreg(Class::Gr);
                    for (x, is_def) in h2.regs_mut() {
                        if is_def {
                            *x = t;
                        } else if let Some(&y) = renamed.get(x) {
                            *x = y;
                        } else {
                            *x = through(*x);
                        }
                    }
                    renamed.insert(d, t);
                    for b in [latch, pre] {
                        let insts = &mut f.blocks[b.index()].insts;
                        let at = insts
                            .iter()
                            .position(|i| i.is_terminator())
                            .unwrap_or(insts.len());
                        insts.insert(at, h2.clone());
                    }
                    f.blocks[h.index()].insts[k] = f.inst("mov", vec![r(d), r(t)]);
                    taken += 1;
                }
                _ => {
                    for x in i.defs() {
                        copy_of.retain(|&a, &mut b| a != x && b != x);
                        defined.push(x);
                    }
                    if let (
                        true,
                        [crate::codegen::mir::Opnd::R(a), crate::codegen::mir::Opnd::R(b)],
                    ) = (
                        single && crate::codegen::regalloc::linear_scan::is_copy(&i),
                        i.ops.as_slice(),
                    ) {
                        if !defined[..defined.len() - 1].contains(b) && a != b {
                            copy_of.insert(*a, *b);
                        }
                    }
                }
            }
        }
        done += taken;
    }
    done
}

/// Reorders the blocks of `f` without fixed cycles (see the module
/// documentation).
pub fn run(f: &mut MFunc, model: &ProcessorModel) -> Stats {
    run_with(f, model, false)
}

/// [`run`], with speculation across branches reaching as far as on a
/// machine of 4 issue slots or fewer when `narrow` ([`MAX_SPECULATED`]
/// operations of the first [`SPECULATION_WINDOW`], likely sides only),
/// whatever `model`'s width; the schedules are still `model`'s. On a
/// wider machine a function whose allocation spills is compiled both ways
/// and the one that spills less is kept (`codegen::compile_function_bisect`).
pub fn run_with(f: &mut MFunc, model: &ProcessorModel, narrow: bool) -> Stats {
    let mut stats = Stats::default();
    let loops = loops_of(f);
    let mut hoisted = vec![0; f.blocks.len()];
    let reach = if narrow {
        Reach::narrow()
    } else {
        Reach::of(model)
    };
    for round in 0..SPECULATION_ROUNDS {
        let Some(loops) = &loops else { break };
        let preloaded = preload_header_within(f, model, loops, reach.window);
        let reach = Reach {
            both_sides: reach.both_sides && round < BOTH_SIDES_ROUNDS,
            ..reach
        };
        let speculated = speculate_within(f, model, loops, reach);
        let compares = hoist_branch_compares(f, model, loops, &mut hoisted);
        stats.preloaded += preloaded;
        stats.speculated += speculated;
        stats.hoisted_compares += compares;
        if preloaded + speculated + compares == 0 {
            break;
        }
    }
    stats.forwarded += forward_copies(f);
    let nv = f.vclass.len();
    let index = |r: Reg| match r {
        Reg::V(v) => Some(v.index()),
        _ => None,
    };
    let (_, live_out) = live_sets(f, nv, index);
    for b in f.order.clone() {
        let block = &f.blocks[b.index()];
        if block.cycles.is_some() || block.insts.len() < 3 {
            continue;
        }
        let perm = list::prepass_order(model, &block.insts);
        if perm.iter().enumerate().all(|(k, &j)| k == j) {
            continue;
        }
        let order: Vec<MInst> = perm.iter().map(|&j| block.insts[j].clone()).collect();
        let after = pressure(f, &order, &live_out[b.index()]);
        let (max_gr, max_br) = (max_gr_pressure(model), max_br_pressure(model));
        let too_many = (after.0 > max_gr || after.1 > max_br) && {
            let before = pressure(f, &block.insts, &live_out[b.index()]);
            (after.0 > max_gr && after.0 > before.0) || (after.1 > max_br && after.1 > before.1)
        };
        if too_many {
            stats.kept_for_pressure += 1;
            continue;
        }
        f.blocks[b.index()].insts = order;
        stats.reordered += 1;
    }
    stats
}

/// Peak numbers of general and branch virtual registers live at once in
/// `insts`, given the virtual registers live at its end.
fn pressure(f: &MFunc, insts: &[MInst], live_out: &BitSet) -> (usize, usize) {
    let mut live = live_out.clone();
    let mut now = [0usize; 2];
    let class = |v: usize| match f.vclass[v] {
        Class::Gr => 0,
        Class::Br => 1,
    };
    for v in live.iter() {
        now[class(v)] += 1;
    }
    let mut peak = now;
    let virt = |r: Reg| match r {
        Reg::V(v) if v.index() < f.vclass.len() => Some(v.index()),
        _ => None,
    };
    for i in insts.iter().rev() {
        // the definitions land while the values live after them are held
        i.for_each_def(|d| {
            if let Some(v) = virt(d) {
                if live.insert(v) {
                    now[class(v)] += 1;
                }
            }
        });
        peak = [peak[0].max(now[0]), peak[1].max(now[1])];
        i.for_each_def(|d| {
            if let Some(v) = virt(d) {
                if live.contains(v) {
                    live.remove(v);
                    now[class(v)] -= 1;
                }
            }
        });
        i.for_each_use(|u| {
            if let Some(v) = virt(u) {
                if live.insert(v) {
                    now[class(v)] += 1;
                }
            }
        });
        peak = [peak[0].max(now[0]), peak[1].max(now[1])];
    }
    (peak[0], peak[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::parse;

    /// [`speculate`] on the ST231, with `f`'s loops.
    fn speculate_all(f: &mut MFunc) -> usize {
        let loops = loops_of(f).expect("blocks");
        speculate(f, &ProcessorModel::st231(), &loops)
    }

    /// [`preload_header`] on the ST231, with `f`'s loops.
    fn preload_all(f: &mut MFunc) -> usize {
        let loops = loops_of(f).expect("blocks");
        preload_header(f, &ProcessorModel::st231(), &loops)
    }

    fn ops(f: &MFunc) -> Vec<String> {
        let text = crate::codegen::mir::print::function(f);
        text.lines()
            .filter(|l| l.starts_with("  "))
            .map(|l| l.trim().to_string())
            .collect()
    }

    /// A branch outside any loop and without a hint has no likely side.
    /// B1 (taken) adds and stores, B2 (fall-through) loads and compares
    /// into a virtual BR; B0 is the only predecessor of both. On the
    /// ST231 nothing moves. On the 8-issue machine both sides' first
    /// operations move up before `br`: the add of B1 (the store after it
    /// stays: not speculable), the load of B2 in its dismissible form
    /// (ISA-ST200 §4.6); the compare stays in B2 (no BR moves from a side
    /// that is not the likely one): 2 operations, each leaving a copy to
    /// its old register at its place.
    #[test]
    fn both_sides_move_up_on_a_wide_machine_only() {
        let text = "function @f global\nvregs 3 br %v2\norder B0 B1 B2 B3\nB0:\n  cmpne $b0 = $r16, $r0\n  br $b0, B1\n  goto B2\nB1:\n  add %v0 = $r17, 1\n  stw 0[$r18] = %v0\n  goto B3\nB2:\n  ldw %v1 = 4[$r18]\n  cmplt %v2 = %v1, $r0\n  mfb $r16 = %v2\n  goto B3\nB3:\n  return $r63 uses($r16)\n";
        let wide8 = ProcessorModel::from_toml_str(include_str!("../../../../machines/wide8.toml"))
            .expect("wide8.toml");
        for model in [
            ProcessorModel::st220(),
            ProcessorModel::st231(),
            ProcessorModel::st240(),
        ] {
            let mut f = parse::function(text).expect("parses");
            let loops = loops_of(&f).expect("blocks");
            assert_eq!(speculate(&mut f, &model, &loops), 0, "{}", model.name);
        }
        let mut f = parse::function(text).expect("parses");
        let loops = loops_of(&f).expect("blocks");
        assert_eq!(speculate(&mut f, &wide8, &loops), 2);
        let lines: Vec<String> = ops(&f).into_iter().filter(|l| !l.is_empty()).collect();
        let got = lines.join("\n");
        let branch = lines
            .iter()
            .position(|l| l.starts_with("br $b0"))
            .expect(&got);
        let at = |p: &str| lines.iter().position(|l| l.starts_with(p));
        assert!(at("add %v3 = $r17, 1").is_some_and(|k| k < branch), "{got}");
        assert!(
            at("ldw.d %v4 = 4[$r18]").is_some_and(|k| k < branch),
            "{got}"
        );
        assert!(at("mov %v0 = %v3").is_some_and(|k| k > branch), "{got}");
        assert!(at("mov %v1 = %v4").is_some_and(|k| k > branch), "{got}");
        assert!(
            at("cmplt %v2 = %v4, $r0").is_some_and(|k| k > branch),
            "{got}"
        );
        assert_eq!(
            (max_speculated(&wide8), speculation_window(&wide8)),
            WIDE_SPECULATION
        );
        let st231 = ProcessorModel::st231();
        assert_eq!(
            (max_speculated(&st231), speculation_window(&st231)),
            (MAX_SPECULATED, SPECULATION_WINDOW)
        );
    }

    /// The function of [`both_sides_move_up_on_a_wide_machine_only`] through
    /// the whole pass on the 8-issue machine: the first round moves B1's
    /// add and B2's load up before `br` (2 operations); the later rounds
    /// move operations from likely sides only ([`BOTH_SIDES_ROUNDS`] = 1),
    /// and this branch has none (no loop, no hint), so the copies the first
    /// round left at the top of B1 and B2 stay there: 2 in all. With the
    /// reach of a 4-slot machine (`narrow`) nothing moves, as on the ST231.
    #[test]
    fn both_sides_move_up_in_the_first_round_only() {
        let text = "function @f global\nvregs 3 br %v2\norder B0 B1 B2 B3\nB0:\n  cmpne $b0 = $r16, $r0\n  br $b0, B1\n  goto B2\nB1:\n  add %v0 = $r17, 1\n  stw 0[$r18] = %v0\n  goto B3\nB2:\n  ldw %v1 = 4[$r18]\n  cmplt %v2 = %v1, $r0\n  mfb $r16 = %v2\n  goto B3\nB3:\n  return $r63 uses($r16)\n";
        let wide8 = ProcessorModel::from_toml_str(include_str!("../../../../machines/wide8.toml"))
            .expect("wide8.toml");
        let mut f = parse::function(text).expect("parses");
        assert_eq!(run_with(&mut f, &wide8, false).speculated, 2);
        let got = ops(&f).join("\n");
        assert!(got.contains("mov %v0 = %v3"), "{got}");
        assert!(got.contains("mov %v1 = %v4"), "{got}");
        let mut f = parse::function(text).expect("parses");
        assert_eq!(run_with(&mut f, &wide8, true).speculated, 0);
        let mut f = parse::function(text).expect("parses");
        assert_eq!(run(&mut f, &ProcessorModel::st231()).speculated, 0);
    }

    /// Two loads and their uses: on the ST231 a load's result is ready 3
    /// cycles later and one memory unit issues one load per cycle
    /// (ISA-ST200 §5.3), so the list schedule is: cycle 0 the first load,
    /// cycle 1 the second, cycle 3 the first add, cycle 4 the second, then
    /// the sum. Before, the second load came after the first add; an
    /// allocator reusing `%v0`'s register for `%v2` would have tied them.
    #[test]
    fn independent_chains_are_interleaved() {
        let text = "function @f global\nvregs 4\norder B0\nB0:\n  ldw %v0 = 0[$r16]\n  add %v1 = %v0, 1\n  ldw %v2 = 4[$r16]\n  add %v3 = %v2, 1\n  add $r16 = %v1, %v3\n  return $r63 uses($r16)\n";
        let mut f = parse::function(text).expect("parses");
        let st = run(&mut f, &ProcessorModel::st231());
        assert_eq!(st.reordered, 1);
        let got = ops(&f);
        let pos = |p: &str| got.iter().position(|l| l.starts_with(p)).expect(p);
        assert!(pos("ldw %v2") < pos("add %v1"), "{got:?}");
        assert!(pos("add %v1") < pos("add %v3"), "{got:?}");
        assert!(got.last().unwrap().starts_with("return"), "{got:?}");
    }

    /// 80 constants summed by a chain of adds: the schedule would issue
    /// the `mov`s four a cycle, ahead of the chain's one add a cycle, and
    /// hold about 60 of them at once (more than [`MAX_GR_PRESSURE`]); the
    /// original order holds 2 (the running sum and the next constant).
    /// The block keeps its order.
    #[test]
    fn a_reordering_that_needs_too_many_registers_is_not_made() {
        let n = 80;
        let mut text = format!(
            "function @f global\nvregs {}\norder B0\nB0:\n  mov %v0 = $r16\n",
            2 * n + 1
        );
        for k in 1..=n {
            text += &format!(
                "  mov %v{} = {k}\n  add %v{} = %v{}, %v{}\n",
                2 * k - 1,
                2 * k,
                2 * k - 2,
                2 * k - 1
            );
        }
        text += &format!("  mov $r16 = %v{}\n  return $r63 uses($r16)\n", 2 * n);
        let mut f = parse::function(&text).expect("parses");
        let before = ops(&f);
        let st = run(&mut f, &ProcessorModel::st231());
        assert_eq!((st.reordered, st.kept_for_pressure), (0, 1));
        assert_eq!(ops(&f), before);
        let live_out = BitSet::new(f.vclass.len());
        let b0 = &f.blocks[f.order[0].index()].insts;
        assert_eq!(pressure(&f, b0, &live_out), (2, 0));
    }

    /// A list walk, rotated: B1 compares the key of `p` and branches back
    /// into the loop to B2, whose only predecessor it is; B2 loads
    /// `p->next` and tests it. B3 leaves the loop. The load of B2 moves up
    /// into B1 as `ldw.d` (a null `p` is dismissed) into a new register,
    /// B2 keeps a copy to `$r16` at its place and its compare reads the new
    /// register. With a store before the load in B2, the load stays.
    #[test]
    fn the_next_pointer_is_loaded_before_the_loop_branch() {
        let text = |store: &str| {
            format!(
                "function @f global\nvregs 2\norder B0 B1 B2 B3\nB0:\n  goto B1\nB1:\n  ldw %v0 = 4[$r16]\n  ldh %v1 = 2[%v0]\n  cmpne $b0 = %v1, $r17\n  br $b0, B2\n  goto B3\nB2:\n{store}  ldw $r16 = 0[$r16]\n  cmpne $b1 = $r16, $r0\n  br $b1, B1\nB3:\n  return $r63 uses($r16)\n"
            )
        };
        let mut f = parse::function(&text("")).expect("parses");
        assert_eq!(speculate_all(&mut f), 1);
        let b1: Vec<String> = ops(&f).into_iter().filter(|l| !l.is_empty()).collect();
        let got = b1.join("\n");
        let hoisted = b1.iter().position(|l| l.starts_with("ldw.d %v2 = 0[$r16]"));
        let branch = b1.iter().position(|l| l.starts_with("br $b0"));
        assert!(hoisted.is_some() && hoisted < branch, "{got}");
        let copy = b1.iter().position(|l| l == "mov $r16 = %v2").expect(&got);
        assert!(b1[copy + 1].starts_with("cmpne $b1 = %v2"), "{got}");
        let mut f = parse::function(&text("  stw 8[$r17] = $r0\n")).expect("parses");
        assert_eq!(speculate_all(&mut f), 0);
    }

    /// The null test of the next node (a compare into a virtual BR that
    /// only the latch's branch reads) moves up with the load: no copy
    /// stays (no BR-to-BR move exists), the branch reads the new BR. The
    /// same compare whose BR is also read after the loop stays.
    #[test]
    fn the_null_test_of_the_next_node_moves_with_its_load() {
        let text = |exit_use: &str| {
            format!(
                "function @f global\nvregs 4 br %v3\norder B0 B1 B2 B3\nB0:\n  goto B1\nB1:\n  ldw %v0 = 4[$r16]\n  ldh %v1 = 2[%v0]\n  cmpne $b0 = %v1, $r17\n  br $b0, B2\n  goto B3\nB2:\n  ldw %v2 = 0[$r16]\n  cmpne %v3 = %v2, $r0\n  mov $r16 = %v2\n  br %v3, B1\nB3:\n{exit_use}  return $r63 uses($r16)\n"
            )
        };
        // the load, the compare and the copy (speculated into %v6)
        let mut f = parse::function(&text("")).expect("parses");
        assert_eq!(speculate_all(&mut f), 3);
        let lines: Vec<String> = ops(&f).into_iter().filter(|l| !l.is_empty()).collect();
        let got = lines.join("\n");
        let compare = lines
            .iter()
            .position(|l| l.starts_with("cmpne %v5 = %v4, $r0"));
        let branch = lines.iter().position(|l| l.starts_with("br $b0"));
        assert!(compare.is_some() && compare < branch, "{got}");
        assert!(lines.iter().any(|l| l.starts_with("br %v5, B1")), "{got}");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("cmpne %v3")).count(),
            0,
            "{got}"
        );
        // %v3 read after the loop: the load and the copy move, not the
        // compare
        let mut f = parse::function(&text("  mfb $r17 = %v3\n")).expect("parses");
        assert_eq!(speculate_all(&mut f), 2);
    }

    /// A list walk's header loads `p->info` and `p->info->idx`; both are
    /// issued one iteration ahead: dismissible copies into new registers
    /// (the same ones on both edges into the header) at the end of the
    /// latch (after the load of `p->next` they read) and of the
    /// preheader, `mov`s in the header. The second copy reads
    /// the first's new register. With a second path into the latch
    /// nothing moves.
    #[test]
    fn header_loads_are_issued_an_iteration_ahead() {
        let text = |extra_pred: bool| {
            let (b0, b4) = if extra_pred {
                ("  cmpne $b2 = $r18, $r0\n  br $b2, B2\n  goto B1\n", "")
            } else {
                ("  goto B1\n", "")
            };
            format!(
                "function @f global\nvregs 2\norder B0 B1 B2 B3\nB0:\n{b0}B1:\n  ldw %v0 = 4[$r16]\n  ldh %v1 = 2[%v0]\n  cmpne $b0 = %v1, $r17\n  br $b0, B2\n  goto B3\nB2:\n  ldw $r16 = 0[$r16]\n  cmpne $b1 = $r16, $r0\n  br $b1, B1\n{b4}B3:\n  return $r63 uses($r16)\n"
            )
        };
        let mut f = parse::function(&text(false)).expect("parses");
        assert_eq!(preload_all(&mut f), 2);
        let lines = ops(&f);
        let got = lines.join("\n");
        let at = |p: &str| lines.iter().position(|l| l.starts_with(p)).expect(&got);
        // preheader: both copies before its jump
        assert!(at("ldw.d %v2 = 4[$r16]") < at("goto B1"), "{got}");
        assert!(at("ldh.d %v3 = 2[%v2]") < at("goto B1"), "{got}");
        // header: copies from the new registers
        assert!(lines.iter().any(|l| l == "mov %v0 = %v2"), "{got}");
        assert!(lines.iter().any(|l| l == "mov %v1 = %v3"), "{got}");
        // latch: after the load of the next pointer, before the branch
        let latch: Vec<&String> = lines
            .iter()
            .skip_while(|l| !l.starts_with("ldw $r16 = 0[$r16]"))
            .collect();
        let pos = |p: &str| latch.iter().position(|l| l.starts_with(p)).expect(&got);
        assert!(pos("ldw.d %v2 = 4[$r16]") < pos("br $b1, B1"), "{got}");
        assert!(pos("ldh.d %v3 = 2[%v2]") < pos("br $b1, B1"), "{got}");
        let mut f = parse::function(&text(true)).expect("parses");
        assert_eq!(preload_all(&mut f), 0);
    }

    /// A list reversal, one block: the next pointer is loaded through the
    /// copy out-of-SSA leaves (`mov %v0 = $r16; ldw $r16 = 0[%v0]`) into
    /// the argument register the variable lives in. The load is issued at
    /// the end of the block (after its store, which may write the same
    /// word) and of the preheader, as `ldw.d` from `$r16` (the copy's
    /// source, the next pass's value there), and becomes a copy in place.
    #[test]
    fn a_one_block_loop_loads_its_next_pointer_at_its_end() {
        let text = "function @f global\nvregs 2\norder B0 B1 B2\nB0:\n  mov %v1 = $r0\n  cmpne $b0 = $r16, $r0\n  br $b0, B1\n  goto B2\nB1:\n  mov %v0 = $r16\n  ldw $r16 = 0[%v0]\n  stw 0[%v0] = %v1\n  mov %v1 = %v0\n  cmpne $b1 = $r16, $r0\n  br $b1, B1\nB2:\n  mov $r16 = %v1\n  return $r63 uses($r16)\n";
        let mut f = parse::function(text).expect("parses");
        assert_eq!(preload_all(&mut f), 1);
        let lines = ops(&f);
        let got = lines.join("\n");
        let at = |p: &str| lines.iter().position(|l| l.starts_with(p)).expect(&got);
        // preheader
        assert!(at("ldw.d %v2 = 0[$r16]") < at("br $b0, B1"), "{got}");
        // the loop: a copy in place of the load, the load after the store
        let body: Vec<&String> = lines
            .iter()
            .skip_while(|l| !l.starts_with("mov %v0 = $r16"))
            .collect();
        let pos = |p: &str| body.iter().position(|l| l.starts_with(p)).expect(&got);
        assert_eq!(pos("mov $r16 = %v2"), 1, "{got}");
        assert!(
            pos("stw 0[%v0] = %v1") < pos("ldw.d %v2 = 0[$r16]"),
            "{got}"
        );
        assert!(pos("ldw.d %v2 = 0[$r16]") < pos("br $b1, B1"), "{got}");
    }

    /// In a loop, B2 (B1's likely side) computes `abs`'s argument and
    /// copies it into `$r16` for the call. The `sub` moves up into B1; the
    /// copy into the argument register stays with the call (moved, it
    /// would only hold `$r16` across the branch: nqueens 1.023× its
    /// cycles when it did).
    #[test]
    fn the_copy_into_a_call_argument_stays_with_the_call() {
        let text = "function @f global\nvregs 2\norder B0 B1 B2 B3\nB0:\n  goto B1\nB1:\n  ldw %v0 = 0[$r17]\n  cmpne $b0 = %v0, $r18\n  br $b0, B2\n  goto B3\nB2:\n  sub %v1 = %v0, $r18\n  mov $r16 = %v1\n  call $r63 = @abs uses($r16) defs($r16, clobbers)\n  cmpne $b1 = $r16, $r0\n  br $b1, B1\nB3:\n  return $r63 uses($r16)\n";
        let mut f = parse::function(text).expect("parses");
        assert_eq!(speculate_all(&mut f), 1);
        let lines: Vec<String> = ops(&f).into_iter().filter(|l| !l.is_empty()).collect();
        let got = lines.join("\n");
        let at = |p: &str| lines.iter().position(|l| l.starts_with(p)).expect(&got);
        assert!(at("sub %v2 = %v0, $r18") < at("br $b0"), "{got}");
        assert_eq!(at("mov $r16 = %v2") + 1, at("call"), "{got}");
    }

    /// The list walk of `header_loads_are_issued_an_iteration_ahead`
    /// through every round of [`run`]. One round of preloading and
    /// speculation leaves a chain in the loop: a load whose base register
    /// another load of the same block wrote before it
    /// (`p->next->info` after `p->next`). With all the rounds, no load of the
    /// loop reads a register that another load of its block wrote, so the
    /// chain is spread over iterations, and at least 3 loads were issued
    /// ahead.
    #[test]
    fn rounds_spread_a_chain_of_loads_over_iterations() {
        let text = "function @f global\nvregs 2\norder B0 B1 B2 B3\nB0:\n  goto B1\nB1:\n  ldw %v0 = 4[$r16]\n  ldh %v1 = 2[%v0]\n  cmpne $b0 = %v1, $r17\n  br $b0, B2\n  goto B3\nB2:\n  ldw $r16 = 0[$r16]\n  cmpne $b1 = $r16, $r0\n  br $b1, B1\nB3:\n  return $r63 uses($r16)\n";
        // loads in the loop blocks (all but the first and last block) whose
        // base register another load of the loop wrote before them
        let chained = |f: &MFunc| {
            let mut n = 0;
            for &b in &f.order[1..f.order.len() - 1] {
                let mut loaded: Vec<Reg> = vec![];
                for i in &f.blocks[b.index()].insts {
                    let load = i.info().is_some_and(|o| o.class == OpClass::Load);
                    if load && i.uses().iter().any(|u| loaded.contains(u)) {
                        n += 1;
                    }
                    if load {
                        loaded.extend(i.defs());
                    }
                }
            }
            n
        };
        let model = ProcessorModel::st231();
        let mut one = parse::function(text).expect("parses");
        preload_all(&mut one);
        speculate_all(&mut one);
        assert!(chained(&one) > 0, "{}", ops(&one).join("\n"));
        let mut all = parse::function(text).expect("parses");
        let st = run(&mut all, &model);
        assert!(st.preloaded >= 3, "{st:?}");
        assert_eq!(chained(&all), 0, "{}", ops(&all).join("\n"));
    }

    /// `mov %v1 = %v0; ldw %v0 = 0[%v1]; stw 0[%v1] = %v2`: the load reads
    /// `%v0` itself (the copy's source, not yet written again), so the
    /// copy and the load can share a bundle; the store after the load
    /// keeps `%v1` (`%v0` was written since). One operand rewritten.
    #[test]
    fn copies_are_read_through_until_either_side_is_written() {
        let text = "function @f global\nvregs 3\norder B0\nB0:\n  mov %v1 = %v0\n  ldw %v0 = 0[%v1]\n  stw 0[%v1] = %v2\n  return $r63 uses($r16)\n";
        let mut f = parse::function(text).expect("parses");
        assert_eq!(forward_copies(&mut f), 1);
        let lines = ops(&f);
        assert!(lines.iter().any(|l| l == "ldw %v0 = 0[%v0]"), "{lines:?}");
        assert!(lines.iter().any(|l| l == "stw 0[%v1] = %v2"), "{lines:?}");
    }
}
