//! Modulo scheduling (software pipelining) of one-block inner loops, on
//! virtual registers after the translation out of SSA and before register
//! allocation.
//!
//! The method is iterative modulo scheduling (B. R. Rau, "Iterative Modulo
//! Scheduling: An Algorithm for Software Pipelining Loops", MICRO 1994):
//! a dependence graph whose edges carry a latency and an iteration
//! distance, the minimum initiation interval `MII = max(ResMII, RecMII)`,
//! then for `II = MII, MII+1, …` height-based list scheduling into a
//! modulo reservation table with eviction, under a budget.
//!
//! Choices of this implementation (ST200 facts from ISA-ST200 §2, §5):
//!
//! - **Kernel unrolling** by `U` = 1, 2, 4 or (bodies of at most
//!   [`MAX_OPS_UNROLLED_8`] / 8 operations) 8 before scheduling
//!   ([`LoopReport::unroll`]): values written once per iteration get fresh
//!   names in all copies but the last; an induction register is read as
//!   `x + k·c` from one `add` per copy and stepped once by `U·c`. The
//!   copies' loads and stores then share one address computation
//!   (`fold_addresses`: an address equal to an earlier register plus a
//!   constant takes the constant as its offset) and, for one symbol, one
//!   base register with short offsets (`share_symbol_bases`); a
//!   read-modify-write of one word at a computed address forwards each
//!   copy's stored value to the next copy's load (`forward_stores`).
//!   A register that only selects an induction value (`idx = b ? i :
//!   idx`, the index of an extreme value) is kept relative to the pass,
//!   one `slctf` of a constant per copy (`relative_indices`), and a
//!   `shl`/`add` address pair becomes one `shNadd` (`fuse_shift_adds`).
//! - **No rotating registers, no modulo variable expansion.** The kernel is
//!   the (unrolled) body reordered on the same registers: every register
//!   dependence becomes an edge with its distance (true dependences with
//!   the producer's latency, anti dependences with latency 0, output
//!   dependences with at least 1). A value written once and read after
//!   its write may outlive II through `mov`s placed in free ALU slots
//!   after scheduling (`copy_chains`); when no slot is free it keeps its
//!   anti dependences and the schedule is redone at the same II.
//! - **Memory dependences across iterations** come from addresses written
//!   as linear forms in the loop's induction variables and invariant
//!   registers (plus a symbol or frame object): two accesses with the same
//!   form but for the constant conflict at the iteration distances where
//!   their byte ranges overlap; accesses of distinct symbols or frame
//!   objects never do; any other pair involving a store is ordered at
//!   distance 0 and 1 (which covers every larger distance).
//! - **Trip count.** The loop must be counted: its branch tests a compare
//!   of an induction register `r` (one `add r = r, c` per iteration) with
//!   an invariant (`<`, `>`, `≠`, and `≤`/`≥` against a
//!   constant). A guard computes the number of iterations exactly (the
//!   unsigned distance to the bound, rounded up by the step) and runs the
//!   original loop when fewer than `S·U` are left (`S` = stage count);
//!   otherwise it sets a pass counter (a constant when the trip count is
//!   one: no guard then). With a constant bound and a step of ±1 the test
//!   is one compare with a constant into a BR, so that short trips reach
//!   the original loop soon. The kernel tests `cnt ≠ 0` in its
//!   first row and branches in its last (a compare reaches a branch 3
//!   cycles later: ALU result stage 3 − branch read stage 0, §5.3), so
//!   `II ≥ 4`. Read in order, the kernel means what the pipelined loop
//!   means.
//! - **Code shape**: guard, prologue (`S − 1` partial passes), kernel
//!   (`II` cycles, a fixed schedule the bundler keeps when the allocated
//!   block still obeys it, [`fixed_bundles`]), epilogue (`S − 1` partial
//!   passes, then the loop's own test sends the iterations the unrolling
//!   left over to the original loop) jumping to the original exit, then
//!   the original loop as the fallback. Prologue and epilogue are
//!   straight-line code list-scheduled like any block.
//! - Only on interlocked cores (ST231, ST240, §5.1): the kernel relies on
//!   the scoreboard at its exits; the ST220 keeps its loops as they are.
//! - A loop is pipelined only when a pass beats the list-scheduled loop
//!   (for a constant trip count: when the whole loop does) and the kernel
//!   keeps at most [`MAX_LIVE`] GRs (less those live through the loop)
//!   and [`MAX_LIVE_BRS`] BRs live.

use crate::codegen::mir::*;
use crate::codegen::sched::list::{self, OffsetKind};
use crate::hash::{HashMap, HashSet};
use isa::bundle::SlotNeeds;
use isa::model::ProcessorModel;
use isa::ops::{OpClass, Unit};

/// Largest loop body (operations) considered, and largest unrolled body
/// (operations × unrolling factor). 160 rather than 120 because, measured:
/// `matmul`'s jammed loops unroll 4 times (0.959 of the cycles), `sha256`
/// 0.986, `biquad` 0.994, `autocorr` 1.004 (a 4-fold kernel leaving more
/// iterations to the remainder loop); about 3 % more compile work.
pub const MAX_OPS: usize = 160;

/// Most operations of a loop body unrolled 8 times for the kernel (the
/// factors are 1, 2, 4 and, for bodies this small, 8): the taken branch
/// and the induction adds of a pass weigh most on short bodies, and
/// larger ones unrolled 8 times made kernels that spilled (`br_saturate`:
/// 1.24 times the cycles with 8 copies of a 16-operation body).
pub const MAX_OPS_UNROLLED_8: usize = 64;

/// Largest unrolled body (operations × unrolling factor) on `model`:
/// [`MAX_OPS`] on the built-in machines (4 issue slots and fewer), and in
/// proportion to the issue width on a wider one, whose kernels fill more
/// slots per cycle (wide8: `sha256`, `fft` and `viterbi` unroll their
/// loops twice as far, 0.994, 0.982 and 0.980 of the cycles; 8 copies
/// of bodies up to [`MAX_OPS_UNROLLED_8`] / 8 operations stay the limit:
/// more spilled in `br_saturate`).
pub fn max_unrolled_ops(model: &ProcessorModel) -> usize {
    if model.issue_width > 4 {
        MAX_OPS * model.issue_width as usize / 4
    } else {
        MAX_OPS
    }
}

/// Initiation intervals tried above the MII before a loop is left alone
/// (bounds compile time).
pub const MAX_II_TRIES: i64 = 6;

/// Most general registers a kernel may keep live at once
/// (counted as `max_live` does). The ST231 has 64 GRs; `$r0`, `$r12`,
/// `$r63` and the values live around the loop take some (ISA-ST200 §1.2,
/// §7.1). Near the limit the allocator spills a few loop invariants and
/// reloads them in the kernel's free memory slots: `biquad`'s loop of three
/// sections keeps 47 live at II 19 (7 invariants spilled) and runs at 0.86
/// of the cycles of the plain loop it had under a limit of 40; 56 gains
/// nothing more on the testsuite.
pub const MAX_LIVE: usize = 50;

/// Most branch registers a kernel may keep live (estimated like
/// [`MAX_LIVE`]): one fewer than the allocator has
/// (`isa::abi::BR_ALLOCATION_ORDER`, ISA-ST200 §1.3: `$b0`–`$b7`, one kept
/// for spill code), as the estimate is not exact and a BR spill costs a
/// move to a GR and back.
pub const MAX_LIVE_BRS: usize = isa::abi::BR_ALLOCATION_ORDER.len() - 1;

/// [`MAX_LIVE`] on `model`: as many fewer as the allocator has fewer GRs
/// to give than on a 64-register machine
/// ([`isa::abi::gr_allocation_order_for`], `[registers] general`), and
/// one more per 8 of those, as the estimate's error weighs more on a
/// smaller file: on 32 GRs (24 to give), a limit of 19 let `matmul`'s
/// kernels spill 35 values; 16 spills none (24 GRs: 7).
pub fn max_live_grs(model: &ProcessorModel) -> usize {
    let fewer = isa::abi::GR_ALLOCATION_ORDER.len()
        - isa::abi::gr_allocation_order_for(model.registers.general).len();
    MAX_LIVE.saturating_sub(fewer + fewer / 8)
}

/// [`MAX_LIVE_BRS`] on `model`: one fewer than the allocator has
/// ([`isa::abi::br_allocation_order_for`], `[registers] branch`).
pub fn max_live_brs(model: &ProcessorModel) -> usize {
    isa::abi::br_allocation_order_for(model.registers.branch)
        .len()
        .saturating_sub(1)
}

/// Where each register is written and read in a loop body: operation
/// indices, ascending (operations at `skip` left out).
#[derive(Default)]
struct Occurrences {
    defs: Vec<usize>,
    uses: Vec<usize>,
}

impl Occurrences {
    /// Written once and read only after that write (a "local" value).
    fn local(&self) -> bool {
        self.defs.len() == 1 && self.uses.first().is_none_or(|&u| u > self.defs[0])
    }
}

fn occurrences(body: &[MInst], skip: Option<usize>) -> HashMap<Reg, Occurrences> {
    let mut m: HashMap<Reg, Occurrences> = HashMap::default();
    for (k, i) in body.iter().enumerate() {
        if Some(k) == skip {
            continue;
        }
        i.for_each_use(|x| {
            let o = m.entry(x).or_default();
            if o.uses.last() != Some(&k) {
                o.uses.push(k);
            }
        });
        i.for_each_def(|x| {
            let o = m.entry(x).or_default();
            if o.defs.last() != Some(&k) {
                o.defs.push(k);
            }
        });
    }
    m
}

/// General registers live at once in the kernel (the most over its rows):
/// a value written once per iteration and read only after that write
/// occupies a register from its write to its last read (cycles of the
/// flat schedule folded onto the rows); every other register read or
/// written in the loop (induction variables, accumulators, invariants)
/// occupies one throughout.
fn max_live(mf: &MFunc, body: &[MInst], time: &[i64], ii: i64) -> (usize, usize) {
    // per class: GRs, BRs (ISA-ST200 §1.3: 8 BRs, so they run out first
    // when iterations that each hold a compare's result overlap)
    let mut rows = [vec![0usize; ii as usize], vec![0usize; ii as usize]];
    let mut whole = [0usize; 2];
    for (x, o) in occurrences(body, None) {
        if !matches!(x, Reg::V(_)) {
            continue;
        }
        let c = usize::from(mf.class(x) == Some(Class::Br));
        if o.local() {
            let t0 = time[o.defs[0]];
            let last = o.uses.iter().map(|&j| time[j]).max().unwrap_or(t0 + 1);
            for t in t0..last.max(t0 + 1) {
                rows[c][(t % ii) as usize] += 1;
            }
        } else {
            whole[c] += 1;
        }
    }
    let peak = |c: usize| rows[c].iter().copied().max().unwrap_or(0) + whole[c];
    (peak(0), peak(1))
}

/// Registers the kernel needs when allocated as one block, per class
/// (GRs, BRs): the register allocator gives a value live into and out of
/// a block one range over the whole block (`regalloc::linear_scan`: the
/// lifetime holes are between blocks), so a value written in one pass of
/// the kernel and read in a later one (its lifetime crosses the kernel's
/// end) holds a register in every row, like the values [`max_live`]
/// counts as whole; the others hold one from their write to their last
/// read. [`max_live`] folds the crossing lifetimes onto the rows instead.
fn kernel_pressure(mf: &MFunc, body: &[MInst], time: &[i64], ii: i64) -> (usize, usize) {
    let mut rows = [vec![0usize; ii as usize], vec![0usize; ii as usize]];
    let mut whole = [0usize; 2];
    for (x, o) in occurrences(body, None) {
        if !matches!(x, Reg::V(_)) {
            continue;
        }
        let c = usize::from(mf.class(x) == Some(Class::Br));
        let t0 = time[o.defs.first().copied().unwrap_or(0)];
        let last = o.uses.iter().map(|&j| time[j]).max();
        let crosses = last.is_some_and(|t| t.div_euclid(ii) != t0.div_euclid(ii));
        if o.local() && !crosses {
            let last = last.unwrap_or(t0 + 1).max(t0 + 1);
            for t in t0..last {
                rows[c][(t % ii) as usize] += 1;
            }
        } else {
            whole[c] += 1;
        }
    }
    let peak = |c: usize| rows[c].iter().copied().max().unwrap_or(0) + whole[c];
    (peak(0), peak(1))
}

/// The report of one modulo-scheduled loop (for `--stats` and the
/// testsuite).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopReport {
    /// Source line of the loop's branch, when known.
    pub line: Option<u32>,
    /// Operations per iteration (the branch included).
    pub ops: usize,
    /// Iterations per kernel pass (the body unrolled before scheduling).
    pub unroll: u32,
    /// Initiation interval (cycles per iteration in the kernel).
    pub ii: u32,
    /// Resource-constrained minimum II (cycles).
    pub res_mii: u32,
    /// Recurrence-constrained minimum II (cycles; register anti and output
    /// dependences included, see the module documentation).
    pub rec_mii: u32,
    /// Stage count: iterations in flight in the kernel.
    pub stages: u32,
    /// Cycles of the list-scheduled loop body, latency waits included
    /// (what an iteration took without pipelining, branch penalty aside).
    pub list_length: u32,
}

impl LoopReport {
    /// `max(ResMII, RecMII, 4)`: the smallest II this scheduler can reach
    /// (4: the loop's compare in the first row of the kernel and its
    /// branch in the last, 3 cycles apart; see the module documentation).
    pub fn mii(&self) -> u32 {
        self.res_mii.max(self.rec_mii).max(4)
    }
}

/// Counters of one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Loops pipelined.
    pub loops: Vec<LoopReport>,
    /// One-block loops left alone: source line and reason.
    pub rejected: Vec<(Option<u32>, &'static str)>,
    /// One-block loops unrolled completely: source line and trip count
    /// ([`MAX_FULL_UNROLL`]).
    pub unrolled: Vec<(Option<u32>, u32)>,
    /// Conditional counts of loop bodies made additions of their
    /// conditions (`c = p && q ? c + 1 : c` as `c += cmp_p & cmp_q`).
    pub cond_counts: usize,
}

/// Most iterations of a one-block loop with a constant trip count that
/// [`pipeline`] unrolls completely when it does not pipeline it (into
/// straight-line code, the copies' values renamed as in the kernel's
/// unrolling): a loop of a few iterations seldom gains from a modulo
/// schedule (guard, prologue and epilogue cost more than they save),
/// while its enclosing loop, once the inner loop is straight-line code,
/// can become one block and be pipelined itself.
pub const MAX_FULL_UNROLL: i64 = 8;

/// Trip count up to which a loop is unrolled completely whether or not
/// it would pipeline.
pub const ALWAYS_UNROLL: i64 = 4;

/// Most operations the straight-line code of a completely unrolled loop
/// may hold (register pressure and code size).
pub const MAX_FULL_UNROLL_OPS: usize = 160;

/// Unrolls the one-block loop `l` of shape `shape` ([`loop_shape`])
/// completely when its trip count is a constant of at most `most` (the
/// preheader sets its induction register to a constant and the bound is
/// one) and the code stays within [`MAX_FULL_UNROLL_OPS`]; returns the
/// trip count.
fn unroll_completely(
    mf: &mut MFunc,
    l: MBlockId,
    shape: &LoopShape,
    most: i64,
    facts: &mut Facts,
) -> Option<u32> {
    let n = known_trips(mf, shape.pre, &shape.counted, &shape.cont)?;
    if n > most || n as usize * shape.body.len() > MAX_FULL_UNROLL_OPS {
        return None;
    }
    let outside = read_outside(mf, l, facts);
    let mut code = unroll(mf, &outside, &shape.body, shape.counted.cmp, n as usize);
    if shape.goto_exit {
        code.push(mf.inst("goto", vec![Opnd::Label(shape.exit)]));
    }
    mf.blocks[l.index()].insts = code;
    Some(n as u32)
}

/// Merges each block into its only predecessor when that predecessor has
/// no other successor and reaches it by falling through or by a final
/// `goto` (and the block itself, moved away from its place in the layout,
/// falls through to nothing), as long as a block of `marked` or one
/// holding its code takes part: the straight-line code left by
/// [`unroll_completely`] becomes one block with the code around it.
/// Returns the blocks that hold the code of `marked` afterwards.
fn merge_chains(mf: &mut MFunc, marked: &[MBlockId]) -> Vec<MBlockId> {
    let mut holds: Vec<MBlockId> = marked.to_vec();
    while !holds.is_empty() {
        let cfg = Cfg::new(mf);
        let entry = mf.order[0];
        let mut done = true;
        for k in 0..mf.order.len() {
            let a = mf.order[k];
            let &[b] = cfg.succs(a) else { continue };
            if b == a || b == entry || cfg.preds(b) != [a] {
                continue;
            }
            if !holds.contains(&a) && !holds.contains(&b) {
                continue;
            }
            let last = mf.blocks[a.index()].insts.last();
            let next = mf.order.get(k + 1) == Some(&b);
            let falls = next && !last.is_some_and(|i| i.is_control());
            let jumps = last.is_some_and(|i| i.is(opc::GOTO) && i.ops == [Opnd::Label(b)]);
            let b_ends = mf.blocks[b.index()]
                .insts
                .last()
                .is_some_and(|i| i.is_unconditional());
            if !(falls || (jumps && (next || b_ends))) {
                continue;
            }
            if jumps {
                mf.blocks[a.index()].insts.pop();
            }
            let moved = std::mem::take(&mut mf.blocks[b.index()].insts);
            mf.blocks[a.index()].insts.extend(moved);
            mf.order.retain(|&x| x != b);
            holds.retain(|&x| x != b);
            if !holds.contains(&a) {
                holds.push(a);
            }
            done = false;
            break;
        }
        if done {
            break;
        }
    }
    holds
}

/// A dependence: `to` issues at least `lat − II·dist` cycles after `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edge {
    from: usize,
    to: usize,
    lat: i64,
    dist: i64,
}

/// Facts of the whole function that the tests of its loops read,
/// computed when first asked for and forgotten ([`Facts::forget`])
/// whenever [`pipeline`] changes the function's blocks (it pipelines or
/// unrolls a loop); trying a loop only adds registers.
#[derive(Default)]
struct Facts {
    cfg: Option<Cfg>,
    dominators: Option<crate::analysis::DomTree<MBlockId>>,
    /// Per register ([`Facts::reg_index`]), the operations of the
    /// function that read it.
    reads: Option<Vec<u32>>,
}

impl Facts {
    fn forget(&mut self) {
        *self = Facts::default();
    }

    fn cfg(&mut self, mf: &MFunc) -> &Cfg {
        self.cfg.get_or_insert_with(|| Cfg::new(mf))
    }

    /// The dominator tree of `mf` (`None` without blocks).
    fn dominators(&mut self, mf: &MFunc) -> Option<&crate::analysis::DomTree<MBlockId>> {
        let entry = *mf.order.first()?;
        if self.dominators.is_none() {
            let dt = crate::analysis::DomTree::new(entry, self.cfg(mf).succ_lists());
            self.dominators = Some(dt);
        }
        self.dominators.as_ref()
    }

    /// A dense index of registers: the GRs, the BRs, then the virtual
    /// registers.
    fn reg_index(x: Reg) -> usize {
        match x {
            Reg::G(n) => n as usize,
            Reg::B(n) => 64 + n as usize,
            Reg::V(v) => 72 + v.index(),
        }
    }

    /// Per register ([`Facts::reg_index`]), the operations of `mf` that
    /// read it (an operation reading it twice counts twice).
    fn reads(&mut self, mf: &MFunc) -> &[u32] {
        self.reads.get_or_insert_with(|| {
            let mut reads = vec![0u32; 72 + mf.vclass.len()];
            for b in &mf.blocks {
                for i in &b.insts {
                    i.for_each_use(|u| reads[Facts::reg_index(u)] += 1);
                }
            }
            reads
        })
    }
}

/// A conditional count `c = p ? c + k : c` (`k` = ±1) of a loop body,
/// as if-conversion leaves it: `t = add c, k; [y = slct q, t, c;] c =
/// slct p, y, c`, each guard a compare into a BR that nothing else reads.
struct CondCount {
    /// The counter.
    c: Reg,
    /// The `add`, the inner `slct` (a conjunction `p && q`), the outer one.
    add: usize,
    inner: Option<usize>,
    outer: usize,
    /// The compares of the guards.
    cmps: Vec<usize>,
    k: i64,
}

/// The [`CondCount`]s of `body`; `reads[x]`: the reads of register `x` in
/// the whole function.
fn cond_counts(body: &[MInst], reads: &[u32]) -> Vec<CondCount> {
    let reads_of = |x: Reg| reads.get(Facts::reg_index(x)).copied().unwrap_or(0);
    let defs = |x: Reg| -> Vec<usize> { (0..body.len()).filter(|&k| body[k].writes(x)).collect() };
    // the one definition of `x`, before `at`, read once in the function
    let single = |x: Reg, at: usize| -> Option<usize> {
        match defs(x)[..] {
            [d] if d < at && reads_of(x) == 1 => Some(d),
            _ => None,
        }
    };
    let slct = |k: usize| -> Option<(Reg, Reg, Reg, Reg)> {
        if body[k].info()?.mnemonic != "slct" {
            return None;
        }
        match body[k].ops[..] {
            [Opnd::R(d), Opnd::R(p), Opnd::R(v), Opnd::R(o)] => Some((d, p, v, o)),
            _ => None,
        }
    };
    let compare = |p: Reg, at: usize| -> Option<usize> {
        let d = single(p, at)?;
        let i = &body[d];
        (i.info()?.mnemonic.starts_with("cmp")
            && i.class_unit().0 == OpClass::Alu
            && matches!(i.ops.first(), Some(Opnd::R(x)) if *x == p))
        .then_some(d)
    };
    let mut out = vec![];
    for outer in 0..body.len() {
        let Some((c, p, y, o)) = slct(outer) else {
            continue;
        };
        if c != o || defs(c) != [outer] || !matches!(c, Reg::V(_)) {
            continue;
        }
        let Some(p_cmp) = compare(p, outer) else {
            continue;
        };
        let Some(dy) = single(y, outer) else { continue };
        let (inner, t, cmps) = match slct(dy) {
            Some((_, q, t, o2)) if o2 == c => match compare(q, dy) {
                Some(q_cmp) => (Some(dy), t, vec![q_cmp, p_cmp]),
                None => continue,
            },
            Some(_) => continue,
            None => (None, y, vec![p_cmp]),
        };
        let at = inner.unwrap_or(outer);
        let Some(add) = single(t, at) else { continue };
        match is_add_imm(&body[add]) {
            Some((_, s, k)) if s == c && (k == 1 || k == -1) => out.push(CondCount {
                c,
                add,
                inner,
                outer,
                cmps,
                k,
            }),
            _ => {}
        }
    }
    out
}

/// Rewrites the [`CondCount`]s of loop `l` (body `body`, before its
/// branch) as additions of the conditions: each compare writes a GR (0
/// or 1, ISA-ST200 §4.3), `and` joins two, and `c = add c, g` (`sub` for
/// a step of −1) replaces the `add` and the selects, so the counter's
/// recurrence is one `add` (1 cycle) instead of `add`, `slct`, `slct`
/// (3). Returns how many it rewrote.
fn count_conditions(mf: &mut MFunc, l: MBlockId, body: &[MInst], facts: &mut Facts) -> usize {
    let found = cond_counts(body, facts.reads(mf));
    if found.is_empty() {
        return 0;
    }
    let mut new: Vec<Option<MInst>> = body.iter().cloned().map(Some).collect();
    let mut tail: HashMap<usize, Vec<MInst>> = HashMap::default();
    for cc in &found {
        let mut gs = vec![];
        for &k in &cc.cmps {
            let g = mf.vreg(Class::Gr);
            let i = &body[k];
            let mut ops = i.ops.clone();
            ops[0] = Opnd::R(g);
            let mut x = mf.inst(i.info().map_or("", |x| x.mnemonic), ops);
            x.loc = i.loc;
            new[k] = Some(x);
            gs.push(g);
        }
        let loc = body[cc.outer].loc;
        let mut seq = vec![];
        let g = match gs[..] {
            [a, b] => {
                let g = mf.vreg(Class::Gr);
                seq.push(mf.inst("and", vec![r(g), r(a), r(b)]));
                g
            }
            _ => gs[0],
        };
        let op = if cc.k == 1 { "add" } else { "sub" };
        seq.push(mf.inst(op, vec![r(cc.c), r(cc.c), r(g)]));
        for x in &mut seq {
            x.loc = loc;
        }
        new[cc.add] = None;
        if let Some(k) = cc.inner {
            new[k] = None;
        }
        new[cc.outer] = None;
        tail.insert(cc.outer, seq);
    }
    let mut out = vec![];
    for (k, x) in new.into_iter().enumerate() {
        if let Some(seq) = tail.remove(&k) {
            out.extend(seq);
        }
        out.extend(x);
    }
    let insts = &mut mf.blocks[l.index()].insts;
    insts.splice(..body.len(), out);
    found.len()
}

/// Pipelines every candidate loop of `mf` (see the module documentation).
pub fn pipeline(mf: &mut MFunc, model: &ProcessorModel) -> Stats {
    pipeline_with(mf, model, false)
}

/// [`pipeline`]; with `room_for_live_through`, on a machine wider than 4
/// slots, a kernel as the allocator sees it (one block) must also leave
/// room for the GRs live through the loop without a use in it, which
/// [`pipeline`] leaves out (spilled around the loop, they cost nothing in
/// the kernel, but the allocator may spill kernel values instead). The
/// back end compiles a function this way too on such a machine when it
/// spilled, and keeps the code that spills less (wide8: `dct8x8`'s `main`
/// spilled 44 values, 330 spill operations).
pub fn pipeline_with(mf: &mut MFunc, model: &ProcessorModel, room_for_live_through: bool) -> Stats {
    let mut st = Stats::default();
    if !model.interlocked {
        return st;
    }
    // the source line of a loop's branch, for the report
    let line = |mf: &MFunc, l: MBlockId| {
        mf.blocks[l.index()]
            .insts
            .last()
            .and_then(|i| i.loc)
            .map(|x| x.0)
    };
    let mut grown: Vec<MBlockId> = vec![];
    let mut live = None;
    let mut facts = Facts::default();
    for l in mf.order.clone() {
        let at = line(mf, l);
        let mut shape = match loop_shape(mf, l, &mut facts) {
            Ok(Some(s)) => s,
            Ok(None) => continue,
            Err(why) => {
                st.rejected.push((at, why));
                continue;
            }
        };
        let counts = count_conditions(mf, l, &shape.body, &mut facts);
        if counts > 0 {
            st.cond_counts += counts;
            facts.forget();
            shape = match loop_shape(mf, l, &mut facts) {
                Ok(Some(s)) => s,
                Ok(None) => continue,
                Err(why) => {
                    st.rejected.push((at, why));
                    continue;
                }
            };
        }
        // a loop of at most ALWAYS_UNROLL iterations is straight-line code
        // at its best (no guard, prologue, epilogue or branch)
        if let Some(n) = unroll_completely(mf, l, &shape, ALWAYS_UNROLL, &mut facts) {
            st.unrolled.push((at, n));
            grown.push(l);
            facts.forget();
            continue;
        }
        match try_loop(
            mf,
            model,
            l,
            &shape,
            &mut live,
            &mut facts,
            room_for_live_through,
        ) {
            Ok(r) => {
                st.loops.push(r);
                facts.forget();
            }
            Err(why) => match unroll_completely(mf, l, &shape, MAX_FULL_UNROLL, &mut facts) {
                // a loop of a few iterations the pipeliner leaves alone is
                // unrolled completely: its enclosing loop may become one
                // block, tried below
                Some(n) => {
                    st.unrolled.push((at, n));
                    grown.push(l);
                    facts.forget();
                }
                None => st.rejected.push((at, why)),
            },
        }
    }
    // the blocks that took in straight-line code, once
    let mut live = None;
    let holds = merge_chains(mf, &grown);
    facts.forget();
    for l in holds {
        let at = line(mf, l);
        let shape = match loop_shape(mf, l, &mut facts) {
            Ok(Some(s)) => s,
            Ok(None) => continue,
            Err(why) => {
                st.rejected.push((at, why));
                continue;
            }
        };
        match try_loop(
            mf,
            model,
            l,
            &shape,
            &mut live,
            &mut facts,
            room_for_live_through,
        ) {
            Ok(r) => {
                st.loops.push(r);
                facts.forget();
            }
            Err(why) => st.rejected.push((at, why)),
        }
    }
    st
}

/// The induction variable test of a counted loop.
struct Counted {
    /// Index of the compare in the body.
    cmp: usize,
    /// Operand position of the induction value in the compare.
    pos: usize,
    /// The induction register.
    r: Reg,
    /// Its step per iteration.
    c: i64,
    /// The compare reads `r + e` (r as at the start of the iteration).
    e: i64,
}

fn is_add_imm(i: &MInst) -> Option<(Reg, Reg, i64)> {
    if i.info()?.mnemonic != "add" {
        return None;
    }
    match i.ops.as_slice() {
        [Opnd::R(d), Opnd::R(s), Opnd::Imm(c)] => Some((*d, *s, *c)),
        _ => None,
    }
}

fn is_mov_reg(i: &MInst) -> Option<(Reg, Reg)> {
    if !i.is(opc::MOV_R) {
        return None;
    }
    match i.ops.as_slice() {
        [Opnd::R(d), Opnd::R(s)] => Some((*d, *s)),
        _ => None,
    }
}

/// Finds the counted-loop test of `body` (the branch reads `b`).
fn counted(body: &[MInst], b: Reg) -> Result<Counted, &'static str> {
    let writes = |x: Reg| body.iter().filter(|i| i.writes(x)).count();
    let cmp = body
        .iter()
        .rposition(|i| i.writes(b))
        .ok_or("branch register not computed in the loop")?;
    if writes(b) != 1 || body.iter().any(|i| i.reads(b)) {
        return Err("branch register has other uses");
    }
    let ci = &body[cmp];
    if ci.class_unit().0 != OpClass::Alu
        || !ci.info().is_some_and(|x| x.mnemonic.starts_with("cmp"))
    {
        return Err("branch condition is not a compare");
    }
    // symbolic values: register = entry value of a register + constant
    let mut val: HashMap<Reg, Option<(Reg, i64)>> = HashMap::default();
    let get = |val: &HashMap<Reg, Option<(Reg, i64)>>, x: Reg| -> Option<(Reg, i64)> {
        match val.get(&x) {
            Some(v) => *v,
            None => Some((x, 0)),
        }
    };
    let mut at_cmp = HashMap::default();
    for (k, i) in body.iter().enumerate() {
        if k == cmp {
            at_cmp = val.clone();
        }
        let v = if let Some((_, s, c)) = is_add_imm(i) {
            get(&val, s).map(|(r, o)| (r, o + c))
        } else if let Some((_, s)) = is_mov_reg(i) {
            get(&val, s)
        } else {
            None
        };
        for d in i.defs() {
            val.insert(d, v);
        }
    }
    for pos in [1, 2] {
        let (Some(Opnd::R(a)), Some(other)) = (ci.ops.get(pos), ci.ops.get(3 - pos)) else {
            continue;
        };
        let invariant = match other {
            Opnd::Imm(_) => true,
            Opnd::R(x) => writes(*x) == 0,
            _ => false,
        };
        let Some((r, e)) = get(&at_cmp, *a) else {
            continue;
        };
        if !invariant || writes(r) != 1 || r == Reg::ZERO {
            continue;
        }
        let Some(add) = body
            .iter()
            .position(|i| is_add_imm(i).is_some_and(|(d, s, _)| d == r && s == r))
        else {
            continue;
        };
        let c = is_add_imm(&body[add]).map_or(0, |x| x.2);
        if c == 0 || get(&val, r) != Some((r, c)) {
            continue;
        }
        return Ok(Counted { cmp, pos, r, c, e });
    }
    Err("not a counted loop (compare of an induction variable with an invariant)")
}

/// A linear form `Σ coef·reg + konst` over entry values of registers.
#[derive(Clone, Debug, PartialEq)]
struct Linear {
    terms: Vec<(Reg, i64)>,
    konst: i64,
}

impl Linear {
    fn reg(x: Reg) -> Linear {
        if x == Reg::ZERO {
            return Linear::konst(0);
        }
        Linear {
            terms: vec![(x, 1)],
            konst: 0,
        }
    }
    fn konst(k: i64) -> Linear {
        Linear {
            terms: vec![],
            konst: k,
        }
    }
    fn scale(&self, m: i64) -> Linear {
        let mut l = Linear {
            terms: self.terms.iter().map(|&(r, c)| (r, c * m)).collect(),
            konst: self.konst.wrapping_mul(m),
        };
        l.terms.retain(|t| t.1 != 0);
        l
    }
    fn add(&self, o: &Linear) -> Linear {
        let mut terms = self.terms.clone();
        for &(r, c) in &o.terms {
            match terms.iter_mut().find(|t| t.0 == r) {
                Some(t) => t.1 += c,
                None => terms.push((r, c)),
            }
        }
        terms.retain(|t| t.1 != 0);
        terms.sort();
        Linear {
            terms,
            konst: self.konst.wrapping_add(o.konst),
        }
    }
}

/// A memory access of the loop body: base, linear part (`None`: the
/// register part of the address is not linear, such as a loaded index),
/// size (bytes), and the change of its address per iteration (bytes).
#[derive(Clone, Debug)]
struct Access {
    base: OffsetKind,
    lin: Option<Linear>,
    size: i64,
    step: i64,
    /// The object it touches, when known ([`list::mem_object`]).
    object: Option<MemObject>,
}

/// The load or store of each operation of `body` as a linear form
/// (`None`: not an access, or an unknown address).
fn accesses(body: &[MInst], steps: &HashMap<Reg, i64>, symbols: &Symbols) -> Vec<Option<Access>> {
    let defined: HashSet<Reg> = body.iter().flat_map(|i| i.defs()).collect();
    let written = |x: Reg| defined.contains(&x);
    let mut val: HashMap<Reg, Option<Linear>> = HashMap::default();
    let get = |val: &HashMap<Reg, Option<Linear>>, o: &Opnd| -> Option<Linear> {
        match o {
            Opnd::Imm(k) => Some(Linear::konst(*k)),
            Opnd::R(x) => match val.get(x) {
                Some(v) => v.clone(),
                // an entry value is usable when the register is invariant
                // or an induction variable (its value per iteration known)
                None if !written(*x) || steps.contains_key(x) => Some(Linear::reg(*x)),
                None => None,
            },
            _ => None,
        }
    };
    let mut symbol_of: HashMap<Reg, String> = symbols.clone();
    let mut out = vec![];
    for i in body {
        out.push((|| {
            let (base_reg, mut base, off, size) = list::access_parts(i)?;
            let mut lin = get(&val, &Opnd::R(base_reg)).map(|l| l.add(&Linear::konst(off)));
            // a register holding a symbol's address (share_symbol_bases)
            // makes the access one of that symbol
            if base == OffsetKind::Number {
                match lin.as_mut() {
                    Some(l) => {
                        let held = l
                            .terms
                            .iter()
                            .position(|t| t.1 == 1 && symbols.contains_key(&t.0));
                        if let Some(k) = held {
                            base = OffsetKind::Sym(symbols[&l.terms[k].0].clone());
                            l.terms.remove(k);
                        }
                    }
                    None => {
                        if let Some(name) = symbol_of.get(&base_reg) {
                            base = OffsetKind::Sym(name.clone());
                        }
                    }
                }
            }
            let step = lin.as_ref().map_or(0, |l| {
                l.terms
                    .iter()
                    .map(|(r, k)| k * steps.get(r).copied().unwrap_or(0))
                    .sum()
            });
            Some(Access {
                base,
                lin,
                size,
                step,
                object: list::mem_object(i),
            })
        })());
        let v = linear_result(i, |o| get(&val, o));
        // `add t = x, rs`: t is an address in the symbol of rs, whatever x
        let sym = match (i.info().map_or("", |x| x.mnemonic), i.ops.as_slice()) {
            ("add", [_, Opnd::R(a), Opnd::R(b)]) => match (symbols.get(a), symbols.get(b)) {
                (Some(x), None) | (None, Some(x)) => Some(x.clone()),
                _ => None,
            },
            _ => None,
        };
        for d in i.defs() {
            match &sym {
                Some(x) => symbol_of.insert(d, x.clone()),
                None => symbol_of.remove(&d),
            };
            val.insert(d, v.clone());
        }
    }
    out
}

/// The result of `i` as a linear form when it is an addition,
/// subtraction, move or shift of operands whose forms `get` knows.
fn linear_result(i: &MInst, get: impl Fn(&Opnd) -> Option<Linear>) -> Option<Linear> {
    let m = i.info().map_or("", |x| x.mnemonic);
    match (m, i.ops.as_slice()) {
        ("add" | "mov", [_, a, b]) => get(a).zip(get(b)).map(|(x, y)| x.add(&y)),
        ("mov", [_, a]) => get(a),
        ("sub", [_, a, b]) => get(a).zip(get(b)).map(|(x, y)| x.add(&y.scale(-1))),
        ("shl", [_, a, Opnd::Imm(s)]) if (0..31).contains(s) => get(a).map(|x| x.scale(1 << s)),
        ("sh1add" | "sh2add" | "sh3add" | "sh4add", [_, a, b]) => {
            let s = (m.as_bytes()[2] - b'0') as i64;
            get(a).zip(get(b)).map(|(x, y)| x.scale(1 << s).add(&y))
        }
        _ => None,
    }
}

/// Iteration distances (`1..=64`) at which access `b` of a later
/// iteration overlaps access `a` of an earlier one, smallest first; `None`
/// when unknown (every distance).
fn conflict_distance(a: &Option<Access>, b: &Option<Access>, d0: bool) -> Option<Option<i64>> {
    let (Some(a), Some(b)) = (a, b) else {
        return None;
    };
    // distinct symbols or frame objects never overlap, whatever the
    // registers added to them (an index stays inside its object, C11
    // 6.5.6p8; the IR's alias analysis assumes the same)
    let distinct = matches!(
        (&a.base, &b.base),
        (OffsetKind::Sym(x), OffsetKind::Sym(y)) if x != y
    ) || matches!(
        (&a.base, &b.base),
        (OffsetKind::Obj(x), OffsetKind::Obj(y)) if x != y
    );
    // two objects apart by the IR's alias rules (distinct named objects,
    // `restrict` pointers, loop-version pointers)
    let objects = matches!((&a.object, &b.object), (Some(x), Some(y)) if x.disjoint(y));
    if distinct || objects {
        return Some(None);
    }
    let (Some(la), Some(lb)) = (&a.lin, &b.lin) else {
        return None;
    };
    // equal terms give equal steps: the addresses differ by a constant
    if a.base != b.base || la.terms != lb.terms {
        return None;
    }
    let overlap = |d: i64| {
        let (lo_a, lo_b) = (la.konst, lb.konst + a.step * d);
        lo_a < lo_b + b.size && lo_b < lo_a + a.size
    };
    let first = if d0 { 0 } else { 1 };
    Some((first..=64).find(|&d| overlap(d)))
}

/// The register dependences of `body` (a kernel pass without its compare
/// and branch; see the module documentation), from `occ`, the
/// [`occurrences`] of `body`: each read depends on its reaching write,
/// the next write (in the cyclic order of the iterations) follows each
/// read and write. The values of `local` get no anti dependence from
/// their reads to the next iteration's write (the copies of
/// [`copy_chains`] take care of their lifetimes). The memory
/// dependences, which do not depend on `local`, are
/// [`memory_dependences`]; the graph is both lists, in that order.
fn register_dependences(
    model: &ProcessorModel,
    body: &[MInst],
    occ: &HashMap<Reg, Occurrences>,
    local: &[Reg],
) -> Vec<Edge> {
    let mut local = local.to_vec();
    local.sort_unstable();
    let mut edges = vec![];
    for (&x, o) in occ {
        let defs = &o.defs;
        if x == Reg::ZERO || defs.is_empty() {
            continue;
        }
        let next = |k: usize| match defs.iter().find(|&&w| w > k) {
            Some(&w) => (w, 0),
            None => (defs[0], 1),
        };
        for &k in &o.uses {
            let (w, dist) = match defs.iter().rev().find(|&&w| w < k) {
                Some(&w) => (w, 0),
                None => (defs[defs.len() - 1], 1),
            };
            edges.push(Edge {
                from: w,
                to: k,
                lat: list::op_latency(model, &body[w], &body[k]).max(1) as i64,
                dist,
            });
            // a local value's lifetime is left to the copies of `copy_chains`
            let (w, dist) = next(k);
            if w != k && local.binary_search(&x).is_err() {
                edges.push(Edge {
                    from: k,
                    to: w,
                    lat: 0,
                    dist,
                });
            }
        }
        for &k in defs {
            let (w, dist) = next(k);
            if w != k {
                let a = list::op_result_stage(model, &body[k]) as i64;
                let b = list::op_result_stage(model, &body[w]) as i64;
                edges.push(Edge {
                    from: k,
                    to: w,
                    lat: (a - b + 1).max(1),
                    dist,
                });
            }
        }
    }
    edges
}

/// Edges that keep the lifetime of a chain of selects' conditions short:
/// the compare writing the BR that a `slct`/`slctf` alone reads issues no
/// earlier than the select before it in the chain (a select of the same
/// register, `x = b ? k : x`, that writes the operand; latency 0). The compare's result
/// waits for nothing else then, and the BRs live at once stay few
/// (ISA-ST200 §1.3: 8 BRs): the selects of `maxsearch`'s ×8 kernel form
/// one chain, and a compare scheduled for the chain of maxima ahead of its
/// select held its BR for 4 cycles, 8 BRs live and one spilled. Only
/// chains of one register: with every producer (a multiply, a load),
/// `biquad`'s first loop took 4 stages instead of 2 and spilled 22 more
/// values (1.25 times the cycles); with every select as a producer,
/// `br_sortnet`'s network of 4 took a kernel ×4 instead of ×2 and spilled
/// 23 more (1.12). Only producers before the compare in
/// body order (or in the previous iteration), so that no edge of distance
/// 0 goes backwards.
fn select_condition_edges(
    mf: &MFunc,
    body: &[MInst],
    occ: &HashMap<Reg, Occurrences>,
) -> Vec<Edge> {
    let mut edges = vec![];
    for (k, i) in body.iter().enumerate() {
        if !i.info().is_some_and(|o| o.mnemonic.starts_with("slct")) {
            continue;
        }
        let Some(Opnd::R(b)) = i.ops.get(1) else {
            continue;
        };
        let Some(ob) = occ.get(b) else { continue };
        let ([c], [u]) = (ob.defs.as_slice(), ob.uses.as_slice()) else {
            continue;
        };
        if *u != k || *c >= k || mf.class(*b) != Some(Class::Br) {
            continue;
        }
        for o in &i.ops[2..] {
            let Opnd::R(y) = o else { continue };
            if *y == Reg::ZERO || !matches!(y, Reg::V(_)) {
                continue;
            }
            let Some(oy) = occ.get(y) else { continue };
            let (w, dist) = match oy.defs.iter().rev().find(|&&w| w < k) {
                Some(&w) => (w, 0),
                None => match oy.defs.last() {
                    Some(&w) => (w, 1),
                    None => continue,
                },
            };
            // a chain of selects of one register (`x = b ? k : x`)
            let chained = i.ops.first() == Some(o)
                && body[w]
                    .info()
                    .is_some_and(|x| x.mnemonic.starts_with("slct"));
            if !chained || w == *c || (dist == 0 && w > *c) {
                continue;
            }
            edges.push(Edge {
                from: w,
                to: *c,
                lat: 0,
                dist,
            });
        }
    }
    edges
}

/// The memory dependences of `body` (see [`register_dependences`]).
fn memory_dependences(
    body: &[MInst],
    steps: &HashMap<Reg, i64>,
    symbols: &Symbols,
    forwarded: &[Forward],
) -> Vec<Edge> {
    let n = body.len();
    let class = |k: usize| body[k].class_unit().0;
    let mut edges = vec![];
    let addr = accesses(body, steps, symbols);
    let mems: Vec<usize> = (0..n).filter(|&k| list::is_mem(class(k))).collect();
    for (x, &a) in mems.iter().enumerate() {
        for &b in &mems[x + 1..] {
            let (sa, sb) = (class(a) != OpClass::Load, class(b) != OpClass::Load);
            if !sa && !sb || list::type_disjoint(&body[a], &body[b]) {
                continue;
            }
            // a before b in the same iteration or b of a later one (from
            // distance 0), and b before a of a later one (from 1); an
            // unknown pair at the nearest distance, which covers the rest
            for (from, to, d0) in [(a, b, true), (b, a, false)] {
                let dist = match conflict_distance(&addr[from], &addr[to], d0) {
                    None => Some(!d0 as i64),
                    Some(d) => d,
                };
                // a load given the value of the store of the iteration
                // before by a register (forward_stores) waits only for
                // the stores before that one
                let dist = dist.map(|d| {
                    d + forwarded.contains(&Forward {
                        store: from,
                        load: to,
                        dist: d,
                    }) as i64
                });
                if let Some(dist) = dist {
                    edges.push(Edge {
                        from,
                        to,
                        lat: 1,
                        dist,
                    });
                }
            }
        }
    }
    edges
}

/// True if the constraints `t_to ≥ t_from + lat − ii·dist` have no
/// positive cycle (Bellman–Ford on `n` nodes). The node that last raised
/// each time is kept: a cycle of these parents is a positive cycle (each
/// parent edge holds with equality when set, the one closing the cycle
/// strictly before; Cormen et al., lemma 24.16), so an infeasible `ii`
/// is known after a few passes instead of `n + 1`.
fn feasible(n: usize, edges: &[Edge], ii: i64) -> bool {
    const NO: usize = usize::MAX;
    let mut t = vec![0i64; n];
    let mut parent = vec![NO; n];
    // walk number that last visited each node (the parent-cycle search)
    let mut seen = vec![0usize; n];
    let mut walk = 0;
    for _ in 0..=n {
        let mut changed = false;
        for e in edges {
            let want = t[e.from] + e.lat - ii * e.dist;
            if want > t[e.to] {
                t[e.to] = want;
                parent[e.to] = e.from;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
        let before = walk;
        for start in 0..n {
            if seen[start] > before {
                continue;
            }
            walk += 1;
            let mut v = start;
            while v != NO && seen[v] <= before {
                seen[v] = walk;
                v = parent[v];
            }
            if v != NO && seen[v] == walk {
                return false;
            }
        }
    }
    false
}

/// The strongly connected components of a dependence graph that hold a
/// cycle, each with its own edges (nodes renumbered): the only places a
/// recurrence can bound II, so [`Recurrences::feasible`] runs the
/// Bellman–Ford test of [`feasible`] on each alone.
#[derive(Clone)]
struct Recurrences {
    parts: Vec<(usize, Vec<Edge>)>,
}

impl Recurrences {
    /// Kosaraju's algorithm on the graph of `n` nodes.
    fn new(n: usize, edges: &[Edge]) -> Recurrences {
        // successors and predecessors, each list in edge order
        let csr = |end: &dyn Fn(&Edge) -> (usize, usize)| -> (Vec<usize>, Vec<usize>) {
            let mut start = vec![0usize; n + 1];
            for e in edges {
                start[end(e).0 + 1] += 1;
            }
            for k in 0..n {
                start[k + 1] += start[k];
            }
            let mut next = start.clone();
            let mut out = vec![0usize; edges.len()];
            for e in edges {
                let (a, b) = end(e);
                out[next[a]] = b;
                next[a] += 1;
            }
            (start, out)
        };
        let (succ_start, succ) = csr(&|e| (e.from, e.to));
        let (pred_start, pred) = csr(&|e| (e.to, e.from));
        // finishing order of a depth-first search (iterative)
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack: Vec<(usize, usize)> = vec![];
        for root in 0..n {
            if seen[root] {
                continue;
            }
            seen[root] = true;
            stack.push((root, succ_start[root]));
            while let Some((v, k)) = stack.pop() {
                if k < succ_start[v + 1] {
                    let w = succ[k];
                    stack.push((v, k + 1));
                    if !seen[w] {
                        seen[w] = true;
                        stack.push((w, succ_start[w]));
                    }
                } else {
                    order.push(v);
                }
            }
        }
        // components on the reversed graph, in reverse finishing order
        let mut comp = vec![usize::MAX; n];
        let mut count = 0;
        let mut work: Vec<usize> = vec![];
        for &root in order.iter().rev() {
            if comp[root] != usize::MAX {
                continue;
            }
            work.push(root);
            comp[root] = count;
            while let Some(v) = work.pop() {
                for &w in &pred[pred_start[v]..pred_start[v + 1]] {
                    if comp[w] == usize::MAX {
                        comp[w] = count;
                        work.push(w);
                    }
                }
            }
            count += 1;
        }
        let mut index = vec![0; n];
        let mut size = vec![0; count];
        for v in 0..n {
            index[v] = size[comp[v]];
            size[comp[v]] += 1;
        }
        // the edges inside components, by component (in edge order)
        let mut inner: Vec<(usize, Edge)> = edges
            .iter()
            .filter(|e| comp[e.from] == comp[e.to])
            .map(|e| {
                let c = comp[e.from];
                let e = Edge {
                    from: index[e.from],
                    to: index[e.to],
                    ..*e
                };
                (c, e)
            })
            .collect();
        // in body order, so that Bellman–Ford's passes follow the chains
        // of distance 0 forward and converge in few passes
        inner.sort_by_key(|(c, e)| (*c, e.from, e.to));
        let mut parts: Vec<(usize, Vec<Edge>)> = vec![];
        for (k, &(c, e)) in inner.iter().enumerate() {
            if k == 0 || inner[k - 1].0 != c {
                parts.push((size[c], vec![]));
            }
            if let Some(p) = parts.last_mut() {
                p.1.push(e);
            }
        }
        Recurrences { parts }
    }

    fn feasible(&self, ii: i64) -> bool {
        self.parts.iter().all(|(m, es)| feasible(*m, es, ii))
    }

    /// RecMII, knowing that `ii` is feasible (bisection: feasibility is
    /// monotone in II).
    fn rec_mii(&self, ii: i64) -> u32 {
        let (mut lo, mut hi) = (1, ii);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.feasible(mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo as u32
    }
}

/// Whether a multiset of needs fits a bundle, by its key (the sum of the
/// [`list::needs_key`]s), for one processor model: a memo kept by
/// [`schedule_body`] for the reservation tables it fills.
type FitMemo = HashMap<u128, bool>;

/// The modulo reservation table: the resource needs placed in each row.
struct Mrt {
    rows: Vec<MrtRow>,
}

/// One row of an [`Mrt`]: at most [`list::MAX_KEYED_NEEDS`] needs (every
/// placement follows a [`Mrt::fits`] of the row, which refuses more).
#[derive(Clone)]
struct MrtRow {
    /// The needs placed, in placement order, each with its owner (an
    /// operation of the body, or [`MrtRow::NO_OWNER`] for the loop's own
    /// operations and the copies): `entries[..len]`.
    entries: [(u32, SlotNeeds); list::MAX_KEYED_NEEDS],
    len: usize,
    /// The sum of the [`list::needs_key`]s of its needs.
    key: u128,
    /// What [`Mrt::fits`] answered for each operation code
    /// ([`list::needs_code`], at most 28): 0 not asked yet, 1 no, 2
    /// yes; forgotten when the row changes.
    known: [u8; 32],
}

impl MrtRow {
    /// The owner of the needs that belong to no operation of the body.
    const NO_OWNER: u32 = u32::MAX;

    /// The needs placed in the row, in placement order.
    fn needs(&self) -> impl Iterator<Item = SlotNeeds> + '_ {
        self.entries[..self.len].iter().map(|x| x.1)
    }

    /// Takes the entry at `k` out (the others keep their order).
    fn remove(&mut self, k: usize) -> u32 {
        let (owner, need) = self.entries[k];
        self.entries.copy_within(k + 1..self.len, k);
        self.len -= 1;
        self.key -= list::needs_key(&need);
        self.known = [0; 32];
        owner
    }
}

impl Mrt {
    fn new(ii: usize) -> Mrt {
        let free = SlotNeeds::new(Unit::Alu, false, false);
        let row = MrtRow {
            entries: [(MrtRow::NO_OWNER, free); list::MAX_KEYED_NEEDS],
            len: 0,
            key: 0,
            known: [0; 32],
        };
        Mrt {
            rows: vec![row; ii],
        }
    }

    /// True if an operation of needs `need` fits `row` beside what the
    /// row holds (at most [`list::MAX_KEYED_NEEDS`] operations a row).
    /// `memo`: the answers of [`list::needs_fit_keyed`] by key.
    fn fits(
        &mut self,
        model: &ProcessorModel,
        memo: &mut FitMemo,
        row: usize,
        need: SlotNeeds,
    ) -> bool {
        let code = list::needs_code(&need) as usize;
        let r = &mut self.rows[row];
        match r.known[code] {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let fit = r.len < list::MAX_KEYED_NEEDS && {
            let key = r.key + list::needs_key(&need);
            *memo.entry(key).or_insert_with(|| {
                let mut v = [need; list::MAX_KEYED_NEEDS];
                for (x, o) in v.iter_mut().zip(r.needs()) {
                    *x = o;
                }
                list::needs_fit_keyed(model, key, &v[..=r.len])
            })
        };
        r.known[code] = 1 + fit as u8;
        fit
    }

    /// Places operation `owner` (`None`: one of the loop's own or a copy)
    /// of needs `need` in `row`, which [`Mrt::fits`] has just accepted.
    fn place(&mut self, row: usize, owner: Option<usize>, need: SlotNeeds) {
        let r = &mut self.rows[row];
        let owner = owner.map_or(MrtRow::NO_OWNER, |o| o as u32);
        r.entries[r.len] = (owner, need);
        r.len += 1;
        r.key += list::needs_key(&need);
        r.known = [0; 32];
    }

    /// Takes the first operation of the body placed in `row` out of it.
    fn evict_first(&mut self, row: usize) -> Option<usize> {
        let r = &mut self.rows[row];
        let k = r.entries[..r.len]
            .iter()
            .position(|x| x.0 != MrtRow::NO_OWNER)?;
        Some(r.remove(k) as usize)
    }

    /// Takes operation `o` out of `row`.
    fn evict(&mut self, row: usize, o: usize) {
        let r = &mut self.rows[row];
        while let Some(k) = r.entries[..r.len].iter().position(|x| x.0 == o as u32) {
            r.remove(k);
        }
    }
}

/// A dependence graph indexed for [`schedule_at`], built once for the
/// initiation intervals tried: the edges by target and by source (each
/// list in the order of the graph's edges), and all of them sorted for
/// the height computation.
struct Graph {
    /// The edges into operation `k`: `preds[pred_start[k]..pred_start[k + 1]]`.
    pred_start: Vec<usize>,
    preds: Vec<Edge>,
    /// The edges out of operation `k`, likewise.
    succ_start: Vec<usize>,
    succs: Vec<Edge>,
    /// Every edge, from the end of the body backwards (by target, then
    /// source, descending; ties in graph order).
    backwards: Vec<Edge>,
}

impl Graph {
    fn new(n: usize, edges: &[Edge]) -> Graph {
        // counting sort by one end, stable
        let index = |end: &dyn Fn(&Edge) -> usize| -> (Vec<usize>, Vec<Edge>) {
            let mut start = vec![0usize; n + 1];
            for e in edges {
                start[end(e) + 1] += 1;
            }
            for k in 0..n {
                start[k + 1] += start[k];
            }
            let mut next = start.clone();
            let mut out = edges.to_vec();
            for e in edges {
                out[next[end(e)]] = *e;
                next[end(e)] += 1;
            }
            (start, out)
        };
        let (pred_start, preds) = index(&|e| e.to);
        let (succ_start, succs) = index(&|e| e.from);
        let mut backwards = edges.to_vec();
        backwards.sort_by_key(|e| std::cmp::Reverse((e.to, e.from)));
        Graph {
            pred_start,
            preds,
            succ_start,
            succs,
            backwards,
        }
    }

    /// Per operation, the longest path to any end at
    /// `ii` (cycles; an edge of distance d counts its latency less d·II),
    /// the priority of [`Policy::Height`]: edges taken from the end of
    /// the body backwards, so that chains of distance 0 converge in one
    /// pass.
    fn heights(&self, ii: i64) -> Vec<i64> {
        let n = self.pred_start.len() - 1;
        let mut h = vec![0i64; n];
        for _ in 0..=n {
            let mut changed = false;
            for e in &self.backwards {
                let want = h[e.to] + e.lat - ii * e.dist;
                if want > h[e.from] {
                    h[e.from] = want;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        h
    }

    fn preds(&self, k: usize) -> &[Edge] {
        &self.preds[self.pred_start[k]..self.pred_start[k + 1]]
    }

    fn succs(&self, k: usize) -> &[Edge] {
        &self.succs[self.succ_start[k]..self.succ_start[k + 1]]
    }
}

/// How [`schedule_at`] orders and places the operations; [`schedule_body`]
/// tries them in this order at each II until one finds a schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Policy {
    /// Rau's: highest first (the longest path to the end of the
    /// iteration, in cycles at the II), each operation in the first
    /// cycle from its earliest start Estart (its scheduled predecessors'
    /// times plus latencies, less II per iteration of distance) to
    /// Estart + II − 1 whose row has room; when none has, at Estart (or
    /// one cycle after its previous time), evicting the operations of
    /// that row in its way, and then the successors it violates.
    Height,
    /// As [`Policy::Height`], with the operations taken in body order.
    Body,
    /// As [`Policy::Height`], but an operation with scheduled successors
    /// is never placed after its latest start Lstart (their times less
    /// latencies, plus II per iteration of distance): the cycles tried
    /// end at min(Lstart, Estart + II − 1), and when none has room the
    /// operation takes Estart anyway, evicting the operations of that row
    /// in its way rather than a successor. Rau's placement moves an
    /// operation to a free cycle past Lstart and evicts the successor,
    /// which then moves later in turn: in a reservation table nearly
    /// full, such chains drift around a recurrence and the budget runs
    /// out (`br_bitdecode`'s `putbits`, 92 syllables in the 92 slots of
    /// II 23, placed 70 of its 73 operations). Estart here counts from
    /// the scheduled predecessors only (it may be negative; the times
    /// are shifted by a multiple of II at the end). Tried last, and only
    /// at the MII, with half the budget (3n + 30 placements for n
    /// operations; compile time): its schedules tend to keep values live
    /// longer (more stages) than Rau's.
    Bounded,
}

/// Iterative modulo scheduling (Rau 1994) at `ii` under `policy`: an
/// issue time per operation (cycles from the start of the iteration, the
/// first stage starting at 0) and the reservation table, or `None` when
/// the budget runs out. `needs`: the slot needs of the body's operations;
/// `memo`: see [`FitMemo`]; `h`: the [`Graph::heights`] at `ii` (unread,
/// and may be empty, under [`Policy::Body`]).
#[allow(clippy::too_many_arguments)]
fn schedule_at(
    model: &ProcessorModel,
    memo: &mut FitMemo,
    needs: &[SlotNeeds],
    graph: &Graph,
    h: &[i64],
    fixed: &[(usize, SlotNeeds)],
    ii: i64,
    policy: Policy,
) -> Option<(Vec<i64>, Mrt)> {
    // no time yet
    const NONE: i64 = i64::MIN;
    let by_height = policy != Policy::Body;
    let bounded = policy == Policy::Bounded;
    let n = needs.len();
    let mut mrt = Mrt::new(ii as usize);
    for &(row, nd) in fixed {
        if !mrt.fits(model, memo, row, nd) {
            return None;
        }
        mrt.place(row, None, nd);
    }
    let mut time: Vec<i64> = vec![NONE; n];
    let mut last: Vec<i64> = vec![NONE; n];
    // placements allowed (see `Policy::Bounded` for its budget)
    let mut budget = if bounded { 3 * n + 30 } else { 6 * n + 30 };
    // the operations by priority, highest first (the greatest height,
    // then the first in the body); the unscheduled ones are the set bits
    // of `ready` at their ranks, and the next one taken is the first
    let mut order: Vec<usize> = (0..n).collect();
    if by_height {
        order.sort_by_key(|&k| (std::cmp::Reverse(h[k]), k));
    }
    let mut rank = vec![0usize; n];
    for (x, &k) in order.iter().enumerate() {
        rank[k] = x;
    }
    let mut ready = vec![0u64; n.div_ceil(64)];
    for x in 0..n {
        ready[x / 64] |= 1 << (x % 64);
    }
    let mut word = 0;
    loop {
        // the first word with a set bit (words before `word` are empty)
        while word < ready.len() && ready[word] == 0 {
            word += 1;
        }
        if word == ready.len() {
            break;
        }
        let x = word * 64 + ready[word].trailing_zeros() as usize;
        ready[word] &= ready[word] - 1;
        let v = order[x];
        if budget == 0 {
            return None;
        }
        budget -= 1;
        let mut from_preds = NONE;
        for e in graph.preds(v) {
            let tf = time[e.from];
            if tf != NONE {
                from_preds = from_preds.max(tf + e.lat - ii * e.dist);
            }
        }
        let estart = if bounded && from_preds != NONE {
            from_preds
        } else {
            from_preds.max(0)
        };
        // the last cycle tried: the latest start the scheduled successors
        // allow (policy `Bounded`), at most II − 1 cycles after Estart
        let mut end = estart + ii - 1;
        if bounded {
            for e in graph.succs(v) {
                let tt = time[e.to];
                if tt != NONE {
                    end = end.min(tt - e.lat + ii * e.dist);
                }
            }
        }
        let mut slot = None;
        let mut row = estart.rem_euclid(ii) as usize;
        for t in estart..=end {
            if mrt.fits(model, memo, row, needs[v]) {
                slot = Some((t, row));
                break;
            }
            row += 1;
            if row == ii as usize {
                row = 0;
            }
        }
        let (t, row) = match slot {
            Some(x) => x,
            None => {
                let t = if last[v] != NONE && last[v] >= estart {
                    last[v] + 1
                } else {
                    estart
                };
                // evict from the row until the operation fits
                let row = t.rem_euclid(ii) as usize;
                while !mrt.fits(model, memo, row, needs[v]) {
                    let o = mrt.evict_first(row)?;
                    time[o] = NONE;
                    ready[rank[o] / 64] |= 1 << (rank[o] % 64);
                    word = word.min(rank[o] / 64);
                }
                (t, row)
            }
        };
        time[v] = t;
        last[v] = t;
        mrt.place(row, Some(v), needs[v]);
        // evict the successors (and predecessors) now violated
        for e in graph.succs(v).iter().chain(graph.preds(v)) {
            let (a, b) = (time[e.from], time[e.to]);
            if a == NONE || b == NONE {
                continue;
            }
            if b < a + e.lat - ii * e.dist {
                let o = if e.from == v { e.to } else { e.from };
                if o == v {
                    return None;
                }
                let t = std::mem::replace(&mut time[o], NONE);
                mrt.evict(t.rem_euclid(ii) as usize, o);
                ready[rank[o] / 64] |= 1 << (rank[o] % 64);
                word = word.min(rank[o] / 64);
            }
        }
    }
    // the first stage at 0 (a shift by whole stages keeps the rows)
    let first = time.iter().copied().min().unwrap_or(0);
    let shift = first.div_euclid(ii) * ii;
    for t in time.iter_mut() {
        *t -= shift;
    }
    Some((time, mrt))
}

/// Copies that carry long-lived local values (module documentation): for
/// each value of `local` whose last use comes more than `ii` cycles after
/// its definition, a chain of `mov`s, each placed as late as its source
/// is still valid and an ALU slot of the reservation table is free; the
/// uses beyond a source's reach read the copy. Returns the copies with
/// their times, the operand rewrites `(operation, from, to)` and the
/// ordering edges of the copies (a read before the write of the next
/// iteration in the same cycle); `Err(value)` when a slot is missing for
/// the copies of `value`. `occ`: the [`occurrences`] of `body`; II is
/// the number of rows of `mrt`.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn copy_chains(
    model: &ProcessorModel,
    memo: &mut FitMemo,
    mf: &mut MFunc,
    body: &[MInst],
    occ: &HashMap<Reg, Occurrences>,
    local: &[Reg],
    time: &[i64],
    mrt: &mut Mrt,
) -> Result<(Vec<(MInst, i64)>, Vec<(usize, Reg, Reg)>, Vec<Edge>), Reg> {
    let ii = mrt.rows.len() as i64;
    let n = body.len();
    let mut copies: Vec<(MInst, i64)> = vec![];
    let mut rewrites = vec![];
    let mut edges = vec![];
    let alu = SlotNeeds::new(Unit::Alu, false, false);
    for &v in local {
        let Some(o) = occ.get(&v) else { continue };
        let Some(&d) = o.defs.first() else { continue };
        let mut uses: Vec<(i64, usize)> = o.uses.iter().map(|&k| (time[k], k)).collect();
        uses.sort();
        if uses.is_empty() {
            continue;
        }
        // the current source: register, the operation writing it, its
        // write time and the latency of its value
        let (mut src, mut src_op, mut src_t) = (v, d, time[d]);
        let mut src_lat = (list::op_result_stage(model, &body[d]) as i64
            - i64::from(model.stages(OpClass::Alu).read))
        .max(1);
        let mut k = 0;
        while k < uses.len() {
            let valid = src_t + ii;
            if uses[k].0 <= valid {
                if src != v {
                    rewrites.push((uses[k].1, v, src));
                }
                edges.push(Edge {
                    from: uses[k].1,
                    to: src_op,
                    lat: 0,
                    dist: 1,
                });
                k += 1;
                continue;
            }
            let hi = valid.min(uses[k].0 - 1);
            let lo = src_t + src_lat;
            let tc = (lo..=hi)
                .rev()
                .find(|t| mrt.fits(model, memo, (t % ii) as usize, alu))
                .ok_or(v)?;
            mrt.place((tc % ii) as usize, None, alu);
            let c = mf.vreg(Class::Gr);
            let idx = n + copies.len();
            copies.push((MInst::new(opc::MOV_R, vec![r(c), r(src)]), tc));
            edges.push(Edge {
                from: idx,
                to: src_op,
                lat: 0,
                dist: 1,
            });
            (src, src_op, src_t, src_lat) = (c, idx, tc, 1);
        }
    }
    Ok((copies, rewrites, edges))
}

/// The continuation test of a counted loop, normalised: another iteration
/// follows iteration `j` when `r_j + e REL x + bias` (`r_j`: the induction
/// register at the start of iteration `j`).
#[derive(Clone, Debug, PartialEq)]
struct Continue {
    rel: Rel,
    unsigned: bool,
    x: Opnd,
    /// `±1` when a signed `≥`/`≤` against a register became `>`/`<`
    /// (`i ≥ x` is `i > x − 1`: the two differ only for `x` the smallest
    /// value, where the loop could end only by overflowing `i`, which C
    /// leaves undefined); else 0 (an immediate `x` takes it directly).
    bias: i64,
}

/// The relations [`Continue`] handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rel {
    /// `<` with a positive step.
    Lt,
    /// `>` with a negative step.
    Gt,
    /// `≠` with a step of ±1.
    Ne,
}

/// The continuation test of the loop: compare `ci` (induction operand at
/// `pos`), taken back to the loop when true (`br`) or false (`brf`).
fn continuation(ci: &MInst, pos: usize, on_true: bool, c: i64) -> Option<Continue> {
    let m = ci.info()?.mnemonic.strip_prefix("cmp")?;
    let (base, unsigned) = match m.strip_suffix('u') {
        Some(b) => (b, true),
        None => (m, false),
    };
    // written `a REL x` with the induction value first
    let mut rel = match (base, pos) {
        (r, 1) => r,
        ("lt", _) => "gt",
        ("gt", _) => "lt",
        ("le", _) => "ge",
        ("ge", _) => "le",
        (r, _) => r,
    };
    if !on_true {
        rel = match rel {
            "lt" => "ge",
            "ge" => "lt",
            "gt" => "le",
            "le" => "gt",
            "eq" => "ne",
            _ => "eq",
        };
    }
    // `$r0` reads as 0 (ISA-ST200 §1.3): `i >= 0` is compared with it
    let x = match ci.ops.get(3 - pos)? {
        Opnd::R(Reg::ZERO) => Opnd::Imm(0),
        o => o.clone(),
    };
    let imm = |k: i64| -> Option<Opnd> {
        let Opnd::Imm(v) = x else { return None };
        let v = if unsigned {
            v as u32 as i64
        } else {
            v as i32 as i64
        };
        let (lo, hi) = if unsigned {
            (0, u32::MAX as i64)
        } else {
            (i32::MIN as i64, i32::MAX as i64)
        };
        let w = v + k;
        (lo..=hi).contains(&w).then_some(Opnd::Imm(w as i32 as i64))
    };
    // `≤`/`≥`: an immediate moved by one, a signed register biased
    let off_by = |k: i64| -> Option<(Opnd, i64)> {
        match x {
            Opnd::R(_) if !unsigned => Some((x.clone(), k)),
            _ => Some((imm(k)?, 0)),
        }
    };
    let (rel, (x, bias)) = match rel {
        "lt" => (Rel::Lt, (x.clone(), 0)),
        "gt" => (Rel::Gt, (x.clone(), 0)),
        "le" => (Rel::Lt, off_by(1)?),
        "ge" => (Rel::Gt, off_by(-1)?),
        "ne" => (Rel::Ne, (x.clone(), 0)),
        _ => return None,
    };
    let ok = match rel {
        Rel::Lt => c > 0 && (c as u64).is_power_of_two(),
        Rel::Gt => c < 0 && (c.unsigned_abs()).is_power_of_two(),
        Rel::Ne => c == 1 || c == -1,
    };
    ok.then_some(Continue {
        rel,
        unsigned,
        x,
        bias,
    })
}

/// The trip count of the loop when it is a constant: the induction
/// register set to a constant at the end of the preheader `pre`, tested
/// against a constant (at most 2^20 iterations counted).
fn known_trips(mf: &MFunc, pre: MBlockId, ct: &Counted, cont: &Continue) -> Option<i64> {
    let def = mf.blocks[pre.index()]
        .insts
        .iter()
        .rev()
        .find(|i| i.writes(ct.r))?;
    let iv0 = match def.ops.as_slice() {
        [_, Opnd::Imm(v)] if def.is(opc::MOV_I) => *v,
        [_, Opnd::R(Reg::ZERO)] if def.is(opc::MOV_R) => 0,
        _ => return None,
    };
    let Opnd::Imm(x) = cont.x else { return None };
    let holds = |a: i64| -> bool {
        let (a32, x32) = (a as u32, x as u32);
        match (cont.rel, cont.unsigned) {
            (Rel::Lt, false) => (a32 as i32) < (x32 as i32),
            (Rel::Lt, true) => a32 < x32,
            (Rel::Gt, false) => (a32 as i32) > (x32 as i32),
            (Rel::Gt, true) => a32 > x32,
            (Rel::Ne, _) => a32 != x32,
        }
    };
    let mut n = 1;
    while n < 1 << 20 && holds(iv0 + ct.e + (n - 1) * ct.c) {
        n += 1;
    }
    Some(n)
}

/// `U` copies of the loop body without the compare at `skip`. The last
/// copy keeps the registers; in the others every register written once
/// and read only after that write gets a fresh name. An induction
/// register `x` (written once, by `add x = x, c`) is not stepped `U`
/// times in a chain: copy `k` reads `x + k·c` (`x + (k+1)·c` after the
/// original add) from an `add` of its own at the top of the body, and one
/// `add x = x, U·c` ends it — so the copies do not wait for each other.
fn unroll(
    mf: &mut MFunc,
    outside: &HashSet<Reg>,
    body: &[MInst],
    skip: usize,
    u: usize,
) -> Vec<MInst> {
    let occ = occurrences(body, Some(skip));
    let mut fresh: Vec<Reg> = occ
        .iter()
        .filter(|(x, o)| matches!(x, Reg::V(_)) && o.local())
        .map(|(x, _)| *x)
        .collect();
    fresh.sort();
    let mut ivs: Vec<(Reg, usize, i64)> = vec![];
    for (k, i) in body.iter().enumerate() {
        match is_add_imm(i) {
            Some((x, y, c))
                if u > 1
                    && k != skip
                    && x == y
                    && occ.get(&x).is_some_and(|o| o.defs.len() == 1) =>
            {
                ivs.push((x, k, c))
            }
            _ => {}
        }
    }
    let mut offsets: Vec<((Reg, i64), Reg)> = vec![];
    let mut out = vec![];
    for copy in 0..u {
        let names: HashMap<Reg, Reg> = if copy + 1 == u {
            HashMap::default()
        } else {
            fresh
                .iter()
                .map(|&x| (x, mf.vreg(mf.class(x).unwrap_or(Class::Gr))))
                .collect()
        };
        for (k, i) in body.iter().enumerate() {
            if k == skip || ivs.iter().any(|iv| iv.1 == k) {
                continue;
            }
            let mut i = i.clone();
            for (x, is_def) in i.regs_mut() {
                match ivs.iter().find(|iv| iv.0 == *x) {
                    Some(&(v, a, _)) if !is_def => {
                        let kk = copy as i64 + (k > a) as i64;
                        if kk > 0 {
                            *x = match offsets.iter().find(|o| o.0 == (v, kk)) {
                                Some(o) => o.1,
                                None => {
                                    let p = mf.vreg(Class::Gr);
                                    offsets.push(((v, kk), p));
                                    p
                                }
                            };
                        }
                    }
                    _ => {
                        if let Some(y) = names.get(x) {
                            *x = *y;
                        }
                    }
                }
            }
            out.push(i);
        }
    }
    let mut all: Vec<MInst> = offsets
        .iter()
        .map(|&((v, kk), p)| {
            let c = ivs.iter().find(|iv| iv.0 == v).map_or(0, |iv| iv.2);
            mf.inst("add", vec![r(p), r(v), imm32(kk * c)])
        })
        .collect();
    all.extend(out);
    for &(v, _, c) in &ivs {
        all.push(mf.inst("add", vec![r(v), r(v), imm32(c * u as i64)]));
    }
    if u > 1 {
        fold_addresses(&mut all);
        remove_dead(&mut all, outside);
    }
    all
}

/// Fuses `shl t = a, n; add y = t, b` (or `add y = b, t`) of `body` into
/// `shNadd y = a, b` (ISA-ST200 §4.1, n = 1…4) when `t` is read by that
/// `add` alone and written once, and neither `a` nor `b` is written
/// between the two: the address of the copies of a pass that
/// [`share_symbol_bases`] took from a symbol's register (`maxsearch`'s
/// `shl`, `add` per pass of 8 elements: 4 syllables instead of 5 per
/// element and a pass of II 10 rather than 11 within reach). Used on ×8
/// kernels only (bodies of at most 8 operations, where the address weighs
/// most): on `br_sortnet`'s network of 4 it made a ×4 kernel look as
/// cheap as the ×2 one, and the ×4 kernel spilled 23 more values (1.12
/// times the cycles).
fn fuse_shift_adds(mf: &mut MFunc, body: &mut Vec<MInst>, outside: &HashSet<Reg>) {
    let occ = occurrences(body, None);
    let mut fused = false;
    for k in 0..body.len() {
        let shl = &body[k];
        if shl.info().is_none_or(|o| o.mnemonic != "shl") {
            continue;
        }
        let [Opnd::R(t), Opnd::R(a), Opnd::Imm(n)] = shl.ops.as_slice() else {
            continue;
        };
        let (t, a, n) = (*t, *a, *n);
        if !(1..=4).contains(&n) || outside.contains(&t) {
            continue;
        }
        let Some(o) = occ.get(&t) else { continue };
        let ([def], [user]) = (o.defs.as_slice(), o.uses.as_slice()) else {
            continue;
        };
        if *def != k || *user <= k {
            continue;
        }
        let add = &body[*user];
        if add.info().is_none_or(|o| o.mnemonic != "add") {
            continue;
        }
        let b = match add.ops.as_slice() {
            [Opnd::R(_), Opnd::R(x), Opnd::R(y)] if *x == t && *y != t => *y,
            [Opnd::R(_), Opnd::R(x), Opnd::R(y)] if *y == t && *x != t => *x,
            _ => continue,
        };
        let Some(Opnd::R(y)) = add.ops.first().cloned() else {
            continue;
        };
        if body[k + 1..*user]
            .iter()
            .any(|i| i.writes(a) || i.writes(b))
        {
            continue;
        }
        let loc = add.loc;
        let mut f = mf.inst(&format!("sh{n}add"), vec![r(y), r(a), r(b)]);
        f.loc = loc;
        body[*user] = f;
        fused = true;
    }
    if fused {
        remove_dead(body, outside);
    }
}

/// The code [`relative_indices`] adds around the kernel: before the
/// prologue (`init`) and at the end of the epilogue (`fini`).
#[derive(Default)]
struct Around {
    init: Vec<MInst>,
    fini: Vec<MInst>,
}

/// A register [`relative_indices`] rewrites, the induction register its
/// selects read, and each select: position, BR, the constant `K`.
type IndexPlan = (Reg, Reg, Vec<(usize, Reg, i64)>);

/// Rewrites each register `x` of the unrolled body `ub` (`u` > 1 copies,
/// [`unroll`]) that only selects an induction value, `x = b ? v + K : x`
/// (`slct x = b, p, x` or `slctf x = b, x, p` with `p` the induction
/// register `v` or `add p = v, K`, a copy's `v + K`; `x` read nowhere
/// else in the body): the search for the index of an extreme value. The
/// body then keeps `d = x − v` instead, where `v` is the induction value
/// at the start of the pass: each copy selects its constant,
/// `slctf d = b, d, K` (ISA-ST200 §4.4: `d = b ? K : d`), and the pass
/// steps `d` against `v`'s step, one `add` per pass instead of one per
/// copy (`maxsearch`: 4 operations per element instead of 5). `d` is set
/// from `x` before the prologue and `x` from `d` after the epilogue, where
/// the original loop may take over.
fn relative_indices(mf: &mut MFunc, ub: &mut Vec<MInst>, outside: &HashSet<Reg>) -> Around {
    let mut around = Around::default();
    let occ = occurrences(ub, None);
    let steps = induction_steps(ub);
    // the offset registers `p = v + K` (written once, at the top) and the
    // induction registers themselves (`K` = 0)
    let offset = |p: Reg, at: usize| -> Option<(Reg, i64)> {
        if steps.contains_key(&p) {
            // read before the induction's own step, later in the body
            let step_at = occ.get(&p)?.defs.first().copied()?;
            return (at < step_at).then_some((p, 0));
        }
        let o = occ.get(&p)?;
        let [def] = o.defs.as_slice() else {
            return None;
        };
        let (d, v, k) = is_add_imm(&ub[*def])?;
        (d == p && *def < at && steps.contains_key(&v) && occ.get(&v)?.defs.first()? > &at)
            .then_some((v, k))
    };
    let mut candidates: Vec<Reg> = occ
        .iter()
        .filter(|(x, o)| {
            matches!(x, Reg::V(_))
                && mf.class(**x) == Some(Class::Gr)
                && !o.defs.is_empty()
                && o.defs == o.uses
        })
        .map(|(x, _)| *x)
        .collect();
    candidates.sort();
    let mut plan: Vec<IndexPlan> = vec![];
    for x in candidates {
        let defs = occ[&x].defs.clone();
        // each write: (position, BR, induction register, K)
        let mut writes: Vec<(usize, Reg, Reg, i64)> = vec![];
        for &k in &defs {
            let i = &ub[k];
            let Some(m) = i.info().map(|o| o.mnemonic) else {
                break;
            };
            let p = match (m, i.ops.as_slice()) {
                ("slct", [Opnd::R(d), Opnd::R(b), Opnd::R(p), Opnd::R(f)])
                    if *d == x && *f == x =>
                {
                    Some((*b, *p))
                }
                ("slctf", [Opnd::R(d), Opnd::R(b), Opnd::R(f), Opnd::R(p)])
                    if *d == x && *f == x =>
                {
                    Some((*b, *p))
                }
                _ => None,
            };
            let Some((b, p)) = p else { break };
            let Some((v, kk)) = offset(p, k) else { break };
            writes.push((k, b, v, kk));
        }
        let Some(&(_, _, v, _)) = writes.first() else {
            continue;
        };
        if writes.len() != defs.len() || writes.iter().any(|w| w.2 != v) {
            continue;
        }
        let writes = writes.iter().map(|&(k, b, _, kk)| (k, b, kk)).collect();
        plan.push((x, v, writes));
    }
    for (x, v, writes) in plan {
        let d = mf.vreg(Class::Gr);
        for &(k, b, kk) in &writes {
            let loc = ub[k].loc;
            ub[k] = mf.inst("slctf", vec![r(d), r(b), r(d), imm32(kk)]);
            ub[k].loc = loc;
        }
        ub.push(mf.inst("add", vec![r(d), r(d), imm32(-steps[&v])]));
        around.init.push(mf.inst("sub", vec![r(d), r(x), r(v)]));
        around.fini.push(mf.inst("add", vec![r(x), r(d), r(v)]));
    }
    if !around.init.is_empty() {
        remove_dead(ub, outside);
    }
    around
}

/// The registers written in block `l` that blocks of `mf` other than `l`
/// read (a superset of what the one-block loop `l` leaves live, for
/// [`remove_dead`], which asks only about registers the loop writes or
/// new ones).
fn read_outside(mf: &MFunc, l: MBlockId, facts: &mut Facts) -> HashSet<Reg> {
    let insts = &mf.blocks[l.index()].insts;
    let mut inside: HashMap<Reg, u32> = HashMap::default();
    for i in insts {
        i.for_each_use(|u| *inside.entry(u).or_default() += 1);
    }
    let reads = facts.reads(mf);
    let mut out = HashSet::default();
    for i in insts {
        i.for_each_def(|d| {
            let all = reads.get(Facts::reg_index(d)).copied().unwrap_or(0);
            if all > inside.get(&d).copied().unwrap_or(0) {
                out.insert(d);
            }
        });
    }
    out
}

/// Rewrites each load and store of `body` (straight-line code, such as
/// the copies of an unrolled loop body) whose address register holds, as
/// a linear form over the registers' values at the start of `body`
/// ([`linear_result`]), what an earlier register holds plus a constant:
/// the access reads that register and adds the constant to its offset.
/// The copies of an unrolled body then share one address computation
/// (`ldw v+4[$r37]` instead of `add $r35 = $r25, 1; shl $r40 = $r35, 2;
/// ldw v[$r40]`); [`remove_dead`] drops what no one reads any more.
fn fold_addresses(body: &mut [MInst]) {
    let mut val: HashMap<Reg, Option<Linear>> = HashMap::default();
    // a register holding each sum of terms, with its constant
    let mut avail: HashMap<Vec<(Reg, i64)>, (Reg, i64)> = HashMap::default();
    // per register, the sums of `avail` it holds
    let mut held: HashMap<Reg, Vec<Vec<(Reg, i64)>>> = HashMap::default();
    for i in body.iter_mut() {
        for x in i.uses() {
            if !val.contains_key(&x) && x != Reg::ZERO {
                if let std::collections::hash_map::Entry::Vacant(v) = avail.entry(vec![(x, 1)]) {
                    v.insert((x, 0));
                    held.entry(x).or_default().push(vec![(x, 1)]);
                }
            }
        }
        let get = |val: &HashMap<Reg, Option<Linear>>, o: &Opnd| match o {
            Opnd::Imm(k) => Some(Linear::konst(*k)),
            Opnd::R(x) => val.get(x).cloned().unwrap_or_else(|| Some(Linear::reg(*x))),
            _ => None,
        };
        if let Some((base, kind, off, _)) = list::access_parts(i) {
            let k = i.info().and_then(|x| x.imm_operand());
            let lin = get(&val, &Opnd::R(base));
            if let (Some(k), Some(lin)) = (k, lin) {
                if let Some(&(reg, k0)) = avail.get(&lin.terms).filter(|a| a.0 != base) {
                    let o = off + lin.konst - k0;
                    let offset = match (kind, &i.ops[k]) {
                        (OffsetKind::Number, _) => Some(Opnd::Imm(o)),
                        (OffsetKind::Sym(_), Opnd::Sym(name, _)) => {
                            Some(Opnd::Sym(name.clone(), o))
                        }
                        _ => None,
                    };
                    if let Some(offset) = offset.filter(|_| i32::try_from(o).is_ok()) {
                        i.ops[k] = offset;
                        i.ops[k + 1] = Opnd::R(reg);
                    }
                }
            }
        }
        let v = linear_result(i, |o| get(&val, o));
        for d in i.defs() {
            for terms in held.remove(&d).unwrap_or_default() {
                avail.remove(&terms);
            }
            if let Some(l) = v.as_ref().filter(|l| !l.terms.is_empty()) {
                if let std::collections::hash_map::Entry::Vacant(e) = avail.entry(l.terms.clone()) {
                    e.insert((d, l.konst));
                    held.entry(d).or_default().push(l.terms.clone());
                }
            }
            val.insert(d, v.clone());
        }
    }
}

/// Invariant registers of a pipelined loop that hold a symbol's address
/// (set before the loop, in the guard), with the symbol: accesses through
/// them are accesses of that symbol for the dependence graph.
type Symbols = HashMap<Reg, String>;

/// Short load and store offsets: a 9-bit signed immediate needs no
/// extension syllable (ISA-ST200 §2.4).
const SHORT_OFFSETS: std::ops::RangeInclusive<i64> = -256..=255;

/// Gives the accesses of `body` (one pass of the kernel) to one symbol
/// through one address register a register holding their sum, so that
/// they take short offsets: `ldw v+4[$r37]` costs two syllables (the
/// symbol is a long immediate, ISA-ST200 §2.4), `add $t = $r37, $rv` once
/// per pass then `ldw 4[$t]` one each; `$rv`, the symbol's address, is
/// set once before the loop (a register of `symbols`, shared by the
/// factors tried). An access of a symbol alone (`v[$r0]`) reads `$rv`
/// directly.
fn share_symbol_bases(mf: &mut MFunc, body: &mut Vec<MInst>, symbols: &mut Symbols) {
    // (symbol, base register, writes of it before) -> accesses
    let mut groups: Vec<((String, Reg, usize), Vec<usize>)> = vec![];
    let mut writes: HashMap<Reg, usize> = HashMap::default();
    for (k, i) in body.iter().enumerate() {
        if let Some((base, OffsetKind::Sym(name), off, _)) = list::access_parts(i) {
            if SHORT_OFFSETS.contains(&off) {
                let key = (name, base, writes.get(&base).copied().unwrap_or(0));
                match groups.iter_mut().find(|g| g.0 == key) {
                    Some(g) => g.1.push(k),
                    None => groups.push((key, vec![k])),
                }
            }
        }
        for d in i.defs() {
            *writes.entry(d).or_default() += 1;
        }
    }
    let mut before: HashMap<usize, MInst> = HashMap::default();
    for ((name, base, _), members) in groups {
        if base != Reg::ZERO && members.len() < 2 {
            continue;
        }
        let rs = match symbols.iter().find(|(_, s)| **s == name) {
            Some((x, _)) => *x,
            None => {
                let x = mf.vreg(Class::Gr);
                symbols.insert(x, name);
                x
            }
        };
        let t = if base == Reg::ZERO {
            rs
        } else {
            let t = mf.vreg(Class::Gr);
            before.insert(members[0], mf.inst("add", vec![r(t), r(base), r(rs)]));
            t
        };
        for k in members {
            let i = &mut body[k];
            let Some(at) = i.info().and_then(|x| x.imm_operand()) else {
                continue;
            };
            let Opnd::Sym(_, off) = i.ops[at] else {
                continue;
            };
            i.ops[at] = Opnd::Imm(off);
            i.ops[at + 1] = Opnd::R(t);
        }
    }
    if before.is_empty() {
        return;
    }
    let old = std::mem::take(body);
    for (k, i) in old.into_iter().enumerate() {
        if let Some(a) = before.remove(&k) {
            body.push(a);
        }
        body.push(i);
    }
}

/// The induction registers of `body` (written only by `add r = r, c`) and
/// their steps per pass.
fn induction_steps(body: &[MInst]) -> HashMap<Reg, i64> {
    let mut steps: HashMap<Reg, i64> = HashMap::default();
    let mut other: Vec<Reg> = vec![];
    for i in body {
        match is_add_imm(i) {
            Some((d, s, c)) if d == s => *steps.entry(d).or_default() += c,
            _ => other.extend(i.defs()),
        }
    }
    steps.retain(|r, _| !other.contains(r));
    steps
}

/// A store whose value a load of the next iteration takes from a
/// register ([`forward_stores`]): operation indices, and the iteration
/// distance of the memory dependence that no longer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Forward {
    store: usize,
    load: usize,
    dist: i64,
}

/// Store-to-load forwarding through registers, for a read-modify-write
/// of one word at an address the loop computes (`hist[data[i]]++`): each
/// iteration loads the word its predecessor may have just stored, so the
/// load must wait for that store (load, add, store, load: 5 cycles per
/// iteration on the ST231) though the addresses seldom match. In an
/// unrolled pass (`u ≥ 2`) whose only memory writes are `u` stores
/// `stw off[$a_k] = $y_k` each after a load `ldw $x_k = off[$a_k]` of the
/// same word (one base register, one offset), the load of copy `k`
/// becomes `ldw $x'_k`, then `cmpeq $b = $a_k, $a_{k-1}` and `slct $x_k =
/// $b, $y_{k-1}, $x'_k`: when the addresses are equal the value is the
/// one stored by the copy before (copy 0: the last copy of the previous
/// pass), else the word loaded, which no store in between can have
/// changed (aligned words of one size either coincide or do not
/// overlap). The load then waits only for the stores before that one:
/// the dependence at the forwarded distance moves one iteration further.
/// The last copy's registers start as `$a = 0` and `$y` = the word at
/// `off[$r0]` (a dismissible load, ISA-ST200 §4.6: only read when the
/// first address is that one, which the program itself then reads).
/// Returns the forwarded pairs and the code for the guard; nothing on a
/// core without dismissible loads.
fn forward_stores(
    mf: &mut MFunc,
    model: &ProcessorModel,
    body: &mut Vec<MInst>,
    u: usize,
    symbols: &Symbols,
) -> (Vec<Forward>, Vec<MInst>) {
    let none = (vec![], vec![]);
    if u < 2 {
        return none;
    }
    let mut pairs: Vec<(usize, usize)> = vec![];
    let mut open: Option<usize> = None;
    for (k, i) in body.iter().enumerate() {
        let Some(m) = i.info().map(|x| x.mnemonic) else {
            continue;
        };
        match (m, open) {
            ("ldw", _) => open = Some(k),
            ("stw", Some(l)) => {
                let (Some(a), Some(b)) = (list::access_parts(&body[l]), list::access_parts(i))
                else {
                    return none;
                };
                if a.0 != b.0 || body[l].ops[1] != i.ops[0] || a.0 == Reg::ZERO {
                    return none;
                }
                pairs.push((l, k));
                open = None;
            }
            _ if i
                .info()
                .is_some_and(|x| x.class != OpClass::Load && list::is_mem(x.class)) =>
            {
                return none;
            }
            _ => {}
        }
    }
    let Some(ld_d) = opc::LDW
        .dismissible()
        .filter(|d| d.info().cores.contains(model.core))
    else {
        return none;
    };
    if pairs.len() != u {
        return none;
    }
    // only where the store and the next load may meet at an unknown
    // address (a linear index has exact distances)
    let addr = accesses(body, &induction_steps(body), symbols);
    if conflict_distance(&addr[pairs[0].1], &addr[pairs[1].0], true).is_some() {
        return none;
    }
    let base = |k: usize| list::access_parts(&body[pairs[k].0]).map(|x| x.0);
    let stored = |k: usize| match body[pairs[k].1].ops.get(2) {
        Some(Opnd::R(y)) => Some(*y),
        _ => None,
    };
    // each copy's registers: base, loaded, stored
    let mut regs = vec![];
    for k in 0..u {
        let Opnd::R(x) = body[pairs[k].0].ops[0] else {
            return none;
        };
        let (Some(a), Some(y)) = (base(k), stored(k)) else {
            return none;
        };
        regs.push((a, x, y));
    }
    let offset = body[pairs[0].0].ops[1].clone();
    let mut inserts: Vec<(usize, [MInst; 2])> = vec![];
    for k in 0..u {
        let (a, x, _) = regs[k];
        let (pa, _, py) = regs[(k + u - 1) % u];
        let fresh = mf.vreg(Class::Gr);
        body[pairs[k].0].ops[0] = r(fresh);
        let b = mf.vreg(Class::Br);
        inserts.push((
            pairs[k].0,
            [
                mf.inst("cmpeq", vec![r(b), r(a), r(pa)]),
                mf.inst("slct", vec![r(x), r(b), r(py), r(fresh)]),
            ],
        ));
    }
    // indices after the insertions: each pair adds two operations
    let shift = |k: usize| 2 * inserts.iter().filter(|(at, _)| *at < k).count();
    let mut forwarded = vec![];
    for k in 0..u {
        let prev = (k + u - 1) % u;
        let store = pairs[prev].1 + shift(pairs[prev].1);
        let load = pairs[k].0 + shift(pairs[k].0);
        forwarded.push(Forward {
            store,
            load,
            dist: (k == 0) as i64,
        });
    }
    let old = std::mem::take(body);
    let mut at = inserts.into_iter().peekable();
    for (k, i) in old.into_iter().enumerate() {
        body.push(i);
        if at.peek().is_some_and(|x| x.0 == k) {
            let (_, ops) = at.next().expect("peeked");
            body.extend(ops);
        }
    }
    let (la, _, ly) = regs[u - 1];
    let init = vec![
        mf.inst("mov", vec![r(la), Opnd::Imm(0)]),
        MInst::new(ld_d, vec![r(ly), offset, r(la)]),
    ];
    (forwarded, init)
}

/// Removes the ALU and multiply operations of straight-line `body` whose
/// results no one reads: not a later operation of `body`, not the next
/// pass through it (a register read before `body` writes it), not the
/// code outside the loop (`outside`: registers read by other blocks).
fn remove_dead(body: &mut Vec<MInst>, outside: &HashSet<Reg>) {
    let mut live: HashSet<Reg> = outside.clone();
    let mut written: HashSet<Reg> = HashSet::default();
    for i in body.iter() {
        i.for_each_use(|x| {
            if !written.contains(&x) {
                live.insert(x);
            }
        });
        i.for_each_def(|x| {
            written.insert(x);
        });
    }
    let mut keep = vec![true; body.len()];
    for (k, i) in body.iter().enumerate().rev() {
        let pure = matches!(i.class_unit().1, Unit::Alu | Unit::Mul) && !i.is_control();
        let defs = i.defs();
        if pure && !defs.is_empty() && defs.iter().all(|d| !live.contains(d)) {
            keep[k] = false;
            continue;
        }
        for d in &defs {
            live.remove(d);
        }
        live.extend(i.uses());
    }
    let mut k = 0;
    body.retain(|_| {
        k += 1;
        keep[k - 1]
    });
}

/// A modulo schedule of an unrolled loop body.
struct Schedule {
    unroll: usize,
    ii: i64,
    res_mii: u32,
    /// The recurrences, for RecMII (computed for the report of the
    /// schedule kept only: [`Recurrences::rec_mii`]).
    recurrences: Recurrences,
    /// The least II the recurrences and ResMII allow (≥ 4).
    mii: i64,
    stages: i64,
    /// The body (copies included) and the issue time of each operation.
    body: Vec<MInst>,
    time: Vec<i64>,
    rows: Vec<Vec<usize>>,
    /// Code for the guard, before the prologue ([`forward_stores`],
    /// [`relative_indices`]).
    init: Vec<MInst>,
    /// Code at the end of the epilogue ([`relative_indices`]).
    fini: Vec<MInst>,
}

/// Modulo-schedules `body` (one pass of the kernel) for II below `limit`.
fn schedule_body(
    mf: &mut MFunc,
    model: &ProcessorModel,
    body: Vec<MInst>,
    unroll: usize,
    limit: i64,
    facts: &LoopFacts,
    forwarded: &[Forward],
) -> Option<Schedule> {
    let LoopFacts {
        extra,
        symbols,
        costs,
        bar,
        live_limit,
        room_for_live_through,
    } = facts;
    let (extra, live_limit) = (*extra, *live_limit);
    let n = body.len();
    let steps = induction_steps(&body);
    let occ = occurrences(&body, None);
    // local values (see `copy_chains`)
    let mut local: Vec<(usize, Reg)> = occ
        .iter()
        .filter(|(x, o)| matches!(x, Reg::V(_)) && mf.class(**x) == Some(Class::Gr) && o.local())
        .map(|(x, o)| (o.defs[0], *x))
        .collect();
    local.sort();
    let local: Vec<Reg> = local.into_iter().map(|x| x.1).collect();
    let needs: Vec<SlotNeeds> = body.iter().map(|i| list::slot_needs(i, model)).collect();
    let all: Vec<SlotNeeds> = needs.iter().copied().chain(extra).collect();
    let cap = list::Capacity::of(model);
    let count = |f: &dyn Fn(&SlotNeeds) -> usize| all.iter().map(f).sum::<usize>();
    let per = |used: usize, cap: usize| used.div_ceil(cap.max(1)) as u32;
    let is_ctl = |x: &SlotNeeds| matches!(x.unit, Unit::Ctl | Unit::CtlMem);
    let res_mii = [
        per(count(&|x| cap.slots(x)), cap.issue),
        per(count(&|x| (x.unit == Unit::Alu) as usize), cap.alu),
        per(
            count(&|x| matches!(x.unit, Unit::Mem | Unit::CtlMem) as usize),
            cap.mem,
        ),
        per(
            count(&|x| matches!(x.unit, Unit::Ctl | Unit::CtlMem) as usize),
            cap.ctl,
        ),
        per(count(&|x| (x.unit == Unit::Mul) as usize), cap.mul),
        // lanes (ISA-ST200 §2.3 rules 2, 4, 5; §5.4): a multiply, the owner
        // of a long immediate and a control operation (syllable 0, odd
        // when the bundle starts at an odd word) each take an odd lane; an
        // extension syllable and a control operation (syllable 0 of a
        // bundle at an even word) an even one (on a described machine:
        // the lanes its `[lanes]` give those classes)
        per(
            count(&|x| (x.unit == Unit::Mul || x.long_imm || is_ctl(x)) as usize),
            cap.odd,
        ),
        per(
            count(&|x| (x.unit == Unit::Even || x.long_imm || is_ctl(x)) as usize),
            cap.even,
        ),
    ]
    .into_iter()
    .max()
    .unwrap_or(1)
    .max(1);
    if res_mii as i64 >= limit {
        return None;
    }
    // the dependence graph with the anti dependences of the values of
    // `local` left out
    let memory = memory_dependences(&body, &steps, symbols, forwarded);
    let pulls = select_condition_edges(mf, &body, &occ);
    let dependences = |local: &[Reg]| {
        let mut edges = register_dependences(model, &body, &occ, local);
        edges.extend_from_slice(&memory);
        edges.extend_from_slice(&pulls);
        edges
    };
    let edges = dependences(&local);
    // the least II at or above max(ResMII, 4) the recurrences allow
    // (feasibility is monotone in II), below `limit`
    let recurrences = Recurrences::new(n, &edges);
    let floor = (res_mii as i64).max(4);
    let (mut lo, mut hi) = (floor, limit - 1);
    if hi < lo || !recurrences.feasible(hi) {
        return None;
    }
    while lo < hi {
        let mid = (lo + hi) / 2;
        if recurrences.feasible(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let mii = lo;
    // every schedule has II ≥ MII and at least one stage, and costs at
    // least as much as one at the MII with one stage (`Costs::pipelined`
    // grows with II, and with the stages while II ≥ the penalty): when
    // that cannot beat `bar`, no schedule is searched
    if let (Some(n), Some(bar)) = (costs.trips, *bar) {
        if mii >= costs.penalty
            && costs
                .pipelined(mii, 1, unroll as i64, n)
                .is_none_or(|c| c >= bar)
        {
            return None;
        }
    }
    // stages an iteration's critical path needs at a given II, plus three
    // of slack for resource conflicts and lifetimes (autocorr's loop at
    // the MII takes 5 where its path needs 2, and beats II + 1 with 2)
    let path = critical_path(n, &edges);
    let stages_needed = |ii: i64| (path + ii - 1) / ii + 3;
    let mut fallback: Option<Schedule> = None;
    let graph = Graph::new(n, &edges);
    let mut memo = FitMemo::default();
    for ii in mii..limit.min(mii + MAX_II_TRIES) {
        let fixed = [
            (0, extra[0]),
            ((ii - 1) as usize, extra[1]),
            ((ii - 1) as usize, extra[2]),
        ];
        // a value whose copies find no slot keeps its register anti
        // dependences (its lifetime then stays within II), and the
        // schedule is tried again
        let mut loc = local.clone();
        let mut edges = edges.clone();
        // the graph of `edges` once they differ from the first ones
        let mut retried: Option<Graph> = None;
        let mut found = None;
        for _ in 0..32 {
            let graph = retried.as_ref().unwrap_or(&graph);
            // the heights, once for the policies that read them
            let mut heights: Option<Vec<i64>> = None;
            let Some((time, mut mrt, policy)) = [Policy::Height, Policy::Body, Policy::Bounded]
                .into_iter()
                // the third policy at the MII only (`Policy::Bounded`)
                .filter(|&p| p != Policy::Bounded || ii == mii)
                .find_map(|p| {
                    let h: &[i64] = match p {
                        Policy::Body => &[],
                        _ => heights.get_or_insert_with(|| graph.heights(ii)),
                    };
                    schedule_at(model, &mut memo, &needs, graph, h, &fixed, ii, p)
                        .map(|(t, m)| (t, m, p))
                })
            else {
                break;
            };
            match copy_chains(model, &mut memo, mf, &body, &occ, &loc, &time, &mut mrt) {
                Ok(c) => {
                    found = Some((time, c, policy));
                    break;
                }
                Err(v) => {
                    loc.retain(|&x| x != v);
                    edges = dependences(&loc);
                    retried = Some(Graph::new(n, &edges));
                }
            }
        }
        let Some((time, (copies, rewrites, copy_edges), policy)) = found else {
            continue;
        };
        let mut body = body.clone();
        for &(k, from, to) in &rewrites {
            for (x, is_def) in body[k].regs_mut() {
                if !is_def && *x == from {
                    *x = to;
                }
            }
        }
        let mut time = time;
        for (c, t) in copies {
            body.push(c);
            time.push(t);
        }
        let mut edges = edges.clone();
        edges.extend(copy_edges);
        let stages = time.iter().map(|t| t / ii).max().unwrap_or(0) + 1;
        if stages > 60 {
            continue;
        }
        let Some(rows) = row_orders(body.len(), &edges, &time, ii) else {
            continue;
        };
        let (grs, brs) = max_live(mf, &body, &time, ii);
        // a schedule of policy `Bounded` keeps a BR spare (`br_minmax`
        // line 123 at II 15 holds the 6 BRs allowed, and its
        // allocation spilled two, 1.07 of the cycles of II 16: kernel
        // lifetimes wrap around the rows, and allocating them may take
        // more registers than are live at once: B. R. Rau, M. Lee, P. P.
        // Tirumalai, M. S. Schlansker, "Register Allocation for Software
        // Pipelined Loops", PLDI 1992);
        // when it does not fit, the next II is tried (Rau's policy may
        // fit there) rather than this unrolling factor given up
        if policy == Policy::Bounded && (grs > live_limit || brs >= max_live_brs(model)) {
            continue;
        }
        if grs > live_limit || brs > max_live_brs(model) {
            // a wider machine's MII is further below the list schedule:
            // a larger II, with fewer iterations in flight, may fit and
            // still win (wide8: `biquad`'s three sections hold 54 GRs at
            // II 10 with 6 stages, and stay a plain loop otherwise)
            if model.issue_width > 4 {
                continue;
            }
            return fallback;
        }
        // on a machine wider than the ST231 (more iterations overlap, more
        // lifetimes cross the kernel's end) the kernel as the allocator
        // sees it (one block) must also fit the registers it has, less
        // the pass counter (the values live through the loop without a
        // use in it are left out: spilled, they cost nothing in the
        // kernel). wide8: `dotprod`'s 64-bit accumulation at II 5 needed
        // 7 BRs besides the counter's and spilled 5 (0.57 of the ST231's
        // speed), at II 7 it spills none (1.31x)
        if model.issue_width > 4 {
            let (kgrs, kbrs) = kernel_pressure(mf, &body, &time, ii);
            let gr_room = isa::abi::gr_allocation_order_for(model.registers.general)
                .len()
                .saturating_sub(1);
            // the GRs live through the loop (MAX_LIVE less the limit)
            let through = if *room_for_live_through {
                max_live_grs(model).saturating_sub(live_limit)
            } else {
                0
            };
            if kgrs + through > gr_room || kbrs > max_live_brs(model) {
                continue;
            }
        }
        let s = Schedule {
            unroll,
            ii,
            res_mii,
            recurrences: recurrences.clone(),
            mii,
            stages,
            body,
            time,
            rows,
            init: vec![],
            fini: vec![],
        };
        // more stages than an iteration's critical path needs: the
        // schedule stretched lifetimes (prologue, epilogue and registers
        // grow with the stages); a larger II may do without. With a trip
        // count known or estimated, the cheaper of the two for it is kept.
        let over = stages > stages_needed(ii);
        let cheaper = |a: &Schedule, b: &Schedule| match costs.trips {
            Some(n) => {
                let c = |x: &Schedule| costs.pipelined(x.ii, x.stages, unroll as i64, n);
                c(a).is_some_and(|ca| c(b).is_none_or(|cb| ca < cb))
            }
            None => false,
        };
        if over && fallback.is_none() {
            fallback = Some(s);
            continue;
        }
        if over {
            continue;
        }
        return Some(match fallback {
            Some(f) if cheaper(&f, &s) => f,
            _ => s,
        });
    }
    fallback
}

/// The GR virtual registers live into and out of each block, computed
/// once per phase of [`pipeline`]: the loops pipelined before only add
/// blocks and registers of their own, so the sets of the others stand.
type LiveSets = (Vec<crate::analysis::BitSet>, Vec<crate::analysis::BitSet>);

/// General registers live into and out of the one-block loop `l` that
/// the loop does not read or write.
fn live_through(mf: &MFunc, l: MBlockId, live: &mut Option<LiveSets>) -> usize {
    let index = |x: Reg| match x {
        Reg::V(v) if mf.class(x) == Some(Class::Gr) => Some(v.index()),
        _ => None,
    };
    let (live_in, live_out) = live.get_or_insert_with(|| {
        crate::codegen::regalloc::liveness::live_sets(mf, mf.vclass.len(), index)
    });
    if l.index() >= live_in.len() {
        return 0;
    }
    let touched: HashSet<usize> = mf.blocks[l.index()]
        .insts
        .iter()
        .flat_map(|i| i.uses().into_iter().chain(i.defs()))
        .filter_map(index)
        .collect();
    live_in[l.index()]
        .iter()
        .filter(|&v| live_out[l.index()].contains(v) && !touched.contains(&v))
        .count()
}

/// What [`schedule_body`] knows of the loop besides the body: the slot
/// needs of the kernel's compare, counter decrement and branch, the
/// symbol registers ([`share_symbol_bases`]), the costs, the most GRs
/// the kernel may keep live.
struct LoopFacts<'a> {
    extra: [SlotNeeds; 3],
    symbols: &'a Symbols,
    costs: &'a Costs,
    /// With the trip count known, the cost (cycles) a schedule must stay
    /// under to be kept.
    bar: Option<i64>,
    live_limit: usize,
    /// See [`pipeline_with`].
    room_for_live_through: bool,
}

/// What a loop costs, for the choice of its schedule: the trip count
/// (known, estimated, or `None`), the cycles of one list-scheduled
/// iteration, the taken-branch penalty (cycles).
struct Costs {
    trips: Option<i64>,
    list_length: i64,
    penalty: i64,
}

impl Costs {
    /// Cycles of `n` iterations of the loop as it is.
    fn today(&self, n: i64) -> i64 {
        n * (self.list_length + self.penalty)
    }
    /// Cycles of `n` iterations pipelined at `ii` with `stages` stages and
    /// `u` iterations per pass: prologue and epilogue, the passes, the
    /// iterations left to the original loop, the exit; `None` when `n` is
    /// too small for one pass.
    fn pipelined(&self, ii: i64, stages: i64, u: i64, n: i64) -> Option<i64> {
        let done = n - (stages - 1) * u;
        if done < u {
            return None;
        }
        let passes = done / u;
        let left = done - passes * u;
        Some(2 * (stages - 1) * ii + passes * (ii + self.penalty) + self.today(left) + self.penalty)
    }
}

/// The trip count of a loop whose induction register starts at `b + k1`
/// and is compared with `b + k2` (one register `b`, both set in the
/// preheader: `for (j = i + 1; j < i + 16; j++)`), as if nothing wraps:
/// an estimate for the choice of a schedule only (the guard computes the
/// real count at run time).
fn relative_trips(
    mf: &MFunc,
    pre: MBlockId,
    ct: &Counted,
    cont: &Continue,
    facts: &mut Facts,
) -> Option<i64> {
    // the code that runs before the loop for sure: the preheader and its
    // dominators (the nearest 8)
    let dt = facts.dominators(mf)?;
    let mut chain = vec![pre];
    while let Some(d) = dt.idom(*chain.last()?) {
        if chain.contains(&d) || chain.len() == 8 {
            break;
        }
        chain.push(d);
    }
    let insts: Vec<&MInst> = chain
        .iter()
        .rev()
        .flat_map(|b| mf.blocks[b.index()].insts.iter())
        .collect();
    let form = |x: Reg| -> Option<(usize, Reg, i64)> {
        let k = insts.iter().rposition(|i| i.writes(x))?;
        let def = insts[k];
        match def.ops.as_slice() {
            [_, Opnd::R(b)] if def.is(opc::MOV_R) => Some((k, *b, 0)),
            [_, Opnd::R(b), Opnd::Imm(c)] if is_add_imm(def).is_some() => Some((k, *b, *c)),
            _ => None,
        }
    };
    let (p0, b0, k0) = form(ct.r)?;
    let (p1, b1, k1) = match cont.x {
        Opnd::R(x) => form(x)?,
        _ => return None,
    };
    // the base must hold one value for both: not written from the first
    // of the two on
    let from = p0.min(p1);
    if b0 != b1 || insts[from..].iter().any(|i| i.writes(b0)) {
        return None;
    }
    // the first iteration always runs; then one more for each test value
    // `first + m·c` (m = 0, 1, …) that holds (as `known_trips` counts)
    let (first, bound) = (k0 + ct.e, k1 + cont.bias);
    let more = match cont.rel {
        Rel::Lt => ((bound - first).max(0) + ct.c - 1) / ct.c,
        Rel::Gt => ((first - bound).max(0) - ct.c - 1) / -ct.c,
        Rel::Ne if (bound - first) * ct.c > 0 => (bound - first) / ct.c,
        Rel::Ne => return None,
    };
    let n = 1 + more;
    (1..1 << 20).contains(&n).then_some(n)
}

/// Cycles of the longest chain of dependences within one iteration of
/// `n` operations (edges of distance 0; they go forward in body order),
/// the last operation's issue included.
fn critical_path(n: usize, edges: &[Edge]) -> i64 {
    let mut start = vec![0i64; n];
    let mut by_to: Vec<Vec<&Edge>> = vec![vec![]; n];
    for e in edges.iter().filter(|e| e.dist == 0 && e.from < e.to) {
        by_to[e.to].push(e);
    }
    for k in 0..n {
        for e in &by_to[k] {
            start[k] = start[k].max(start[e.from] + e.lat);
        }
    }
    start.into_iter().max().map_or(0, |t| t + 1)
}

/// The immediate operand of a 32-bit `add` that adds `k` (ISA-ST200 §4.1:
/// the register arithmetic wraps, so `k` is taken modulo 2³²; a step
/// times an unrolling factor may not fit otherwise).
fn imm32(k: i64) -> Opnd {
    Opnd::Imm(i64::from(k as i32))
}

/// A one-block counted loop as [`loop_shape`] finds it.
struct LoopShape {
    /// The operations before the branch.
    body: Vec<MInst>,
    /// The loop's conditional branch back to itself.
    br: MInst,
    /// The block after the loop.
    exit: MBlockId,
    /// Whether the loop ends with `goto exit` (else it falls into it).
    goto_exit: bool,
    /// The only predecessor but the loop itself.
    pre: MBlockId,
    /// Position of `l` in the layout.
    pos: usize,
    /// The branch's BR register.
    b: Reg,
    counted: Counted,
    cont: Continue,
}

/// Block `l` as a one-block counted loop: `Ok(None)` if it is not a
/// one-block loop, `Err(reason)` if it is one this module cannot handle.
fn loop_shape(
    mf: &MFunc,
    l: MBlockId,
    facts: &mut Facts,
) -> Result<Option<LoopShape>, &'static str> {
    let insts = &mf.blocks[l.index()].insts;
    // `br b, L` falling into the exit, or `br b, L; goto X`
    let goto_exit = match insts.last() {
        Some(g) if g.is_unconditional() && g.class_unit().0 == OpClass::Jump => {
            match g.ops.as_slice() {
                [Opnd::Label(x)] if *x != l => Some(*x),
                _ => return Ok(None),
            }
        }
        _ => None,
    };
    let Some(nbr) = insts.len().checked_sub(1 + goto_exit.is_some() as usize) else {
        return Ok(None);
    };
    let br = &insts[nbr];
    let self_loop = br.info().is_some_and(|o| o.class == OpClass::Branch)
        && br.ops.contains(&Opnd::Label(l))
        && nbr >= 1;
    if !self_loop {
        return Ok(None);
    }
    let body = &insts[..nbr];
    if body.iter().any(|i| i.is_control() || i.is_call()) {
        return Err("control flow or call in the loop");
    }
    if body.iter().any(|i| i.is_asm()) {
        return Err("inline assembly in the loop");
    }
    // unrolling, pipelining or forwarding would duplicate, reorder or
    // remove volatile accesses: the loop keeps its shape
    if body.iter().any(|i| i.volatile) {
        return Err("volatile access in the loop");
    }
    if body
        .iter()
        .any(|i| !matches!(i.op, MOp::Isa(_)) || !i.imp_defs.is_empty() || !i.imp_uses.is_empty())
    {
        return Err("pseudo-operation in the loop");
    }
    if body.len() > MAX_OPS {
        return Err("loop too large");
    }
    let pos = mf
        .order
        .iter()
        .position(|&b| b == l)
        .expect("block in order");
    let Some(exit) = goto_exit.or_else(|| mf.order.get(pos + 1).copied()) else {
        return Err("loop is the last block");
    };
    let mut preds: Vec<MBlockId> = facts.cfg(mf).preds(l).to_vec();
    preds.sort();
    preds.dedup();
    preds.retain(|&p| p != l);
    let [pre] = preds.as_slice() else {
        return Err("loop with several entries");
    };
    let pre = *pre;
    let Some(Opnd::R(b)) = br.ops.first().cloned() else {
        return Err("branch without a register");
    };
    // b must not be read outside the loop
    let mut inside = 0;
    for i in insts {
        i.for_each_use(|u| inside += u32::from(u == b));
    }
    if facts
        .reads(mf)
        .get(Facts::reg_index(b))
        .copied()
        .unwrap_or(0)
        > inside
    {
        return Err("branch register used outside the loop");
    }
    let on_true = br.info().is_some_and(|x| x.mnemonic == "br");
    let body: Vec<MInst> = body.to_vec();
    let br = br.clone();
    let ct = counted(&body, b)?;
    let cont = continuation(&body[ct.cmp], ct.pos, on_true, ct.c)
        .ok_or("loop test not handled (<, > or != with a suitable step)")?;
    Ok(Some(LoopShape {
        body,
        br,
        exit,
        goto_exit: goto_exit.is_some(),
        pre,
        pos,
        b,
        counted: ct,
        cont,
    }))
}

/// Pipelines the one-block loop `l` of shape `shape` ([`loop_shape`]),
/// or returns why it is left alone.
fn try_loop(
    mf: &mut MFunc,
    model: &ProcessorModel,
    l: MBlockId,
    shape: &LoopShape,
    live: &mut Option<LiveSets>,
    facts: &mut Facts,
    room_for_live_through: bool,
) -> Result<LoopReport, &'static str> {
    let LoopShape {
        body,
        br,
        exit,
        pre,
        pos,
        b,
        counted: ct,
        cont,
        ..
    } = shape;
    let (body, br, exit, pre, pos, b) = (body.clone(), br.clone(), *exit, *pre, *pos, *b);
    let insts = &mf.blocks[l.index()].insts;
    // what an iteration costs today: the list schedule, latency waits
    // included (as the bundles of a core without interlocks)
    let exposed = ProcessorModel {
        interlocked: false,
        ..model.clone()
    };
    let list_length = list::schedule_block(&exposed, insts.to_vec(), true).len() as i64;
    let penalty = model.taken_branch_penalty as i64;
    // the kernel's compare `cnt != 0` (row 0), `cnt -= 1` (last row), branch
    let cnt = mf.vreg(Class::Gr);
    let cmp_k = mf.inst("cmpne", vec![r(b), r(cnt), Opnd::Imm(0)]);
    let dec_k = mf.inst("add", vec![r(cnt), r(cnt), Opnd::Imm(-1)]);
    let extra = [
        list::slot_needs(&cmp_k, model),
        list::slot_needs(&dec_k, model),
        list::slot_needs(&br, model),
    ];
    // a constant trip count (exact: the guard and the epilogue rely on
    // it), else an estimate for the choice of a schedule only
    let exact = known_trips(mf, pre, ct, cont);
    let trips = exact.or_else(|| relative_trips(mf, pre, ct, cont, facts));
    let costs = Costs {
        trips,
        list_length,
        penalty,
    };
    let today = |n: i64| costs.today(n);
    let cost = |s: &Schedule, n: i64| costs.pipelined(s.ii, s.stages, s.unroll as i64, n);
    // the unrolling factors in order of their ideal cycles per iteration
    // (ResMII from unit counts, at least 4), the smaller first on ties; a
    // factor whose ideal cannot beat the best schedule found is skipped
    let kept: Vec<&MInst> = (0..body.len())
        .filter(|&k| k != ct.cmp)
        .map(|k| &body[k])
        .collect();
    let per_iteration = |f: &dyn Fn(&SlotNeeds) -> usize| -> usize {
        kept.iter().map(|i| f(&list::slot_needs(i, model))).sum()
    };
    let cap = list::Capacity::of(model);
    let syllables = per_iteration(&|x| cap.slots(x));
    let alus = per_iteration(&|x| (x.unit == Unit::Alu) as usize);
    let mems = per_iteration(&|x| matches!(x.unit, Unit::Mem | Unit::CtlMem) as usize);
    let muls = per_iteration(&|x| (x.unit == Unit::Mul) as usize);
    let ideal = |u: usize| -> i64 {
        [
            (u * syllables + 3).div_ceil(cap.issue),
            // the kernel's compare and decrement are ALU operations too
            (u * alus + 2).div_ceil(cap.alu),
            (u * mems).div_ceil(cap.mem),
            (u * muls).div_ceil(cap.mul),
            4,
        ]
        .into_iter()
        .max()
        .unwrap_or(4) as i64
    };
    let mut factors: Vec<usize> = [1usize, 2, 4, 8]
        .into_iter()
        .filter(|&u| u <= 4 || u * body.len() <= MAX_OPS_UNROLLED_8)
        .filter(|&u| {
            u * body.len() <= max_unrolled_ops(model) && trips.is_none_or(|n| u as i64 <= n)
        })
        .collect();
    factors.sort_by_key(|&u| ((ideal(u) + penalty) * 8 / u as i64, u));
    // the GRs live through the loop without a use in it hold registers
    // during the kernel too
    let live_limit = max_live_grs(model).saturating_sub(live_through(mf, l, live));
    let outside = read_outside(mf, l, facts);
    let mut best: Option<Schedule> = None;
    let mut symbols = Symbols::default();
    let mut body = body;
    // a second search when the first finds nothing, without the objects
    // of the accesses (more memory order): freed from it, iterations
    // overlap more and may need more registers than the kernel allows
    for attempt in 0..2 {
        if attempt == 1 {
            if best.is_some() || body.iter().all(|i| i.mem.is_none()) {
                break;
            }
            for i in body.iter_mut() {
                i.mem = None;
            }
        }
        for &u in &factors {
            // a pass of `u` iterations must beat `u` iterations of today's
            // loop, and (trip count unknown) a larger factor must beat the
            // best pass so far by a tenth, a smaller one at all
            let mut limit = (u as i64) * (list_length + penalty) - penalty;
            if let (None, Some(b)) = (trips, &best) {
                let tenth = if u > b.unroll { 9 } else { 10 };
                let (num, den) = (tenth * (b.ii + penalty) * u as i64, 10 * b.unroll as i64);
                let beat = (num + den - 1) / den - penalty;
                limit = limit.min(beat);
            }
            if ideal(u) >= limit {
                continue;
            }
            let mut ub = unroll(mf, &outside, &body, ct.cmp, u);
            if u > 1 {
                share_symbol_bases(mf, &mut ub, &mut symbols);
            }
            if u == 8 {
                fuse_shift_adds(mf, &mut ub, &outside);
            }
            let around = if u > 1 {
                relative_indices(mf, &mut ub, &outside)
            } else {
                Around::default()
            };
            let (forwarded, init) = forward_stores(mf, model, &mut ub, u, &symbols);
            // with the trip count known: what a schedule must cost less
            // than (the loop as it is, or the best schedule so far)
            let bar = trips.map(|n| {
                let best = best.as_ref().and_then(|x| cost(x, n));
                best.map_or(today(n), |c| c.min(today(n)))
            });
            let facts = LoopFacts {
                extra,
                symbols: &symbols,
                costs: &costs,
                bar,
                live_limit,
                room_for_live_through,
            };
            let Some(mut s) = schedule_body(mf, model, ub, u, limit, &facts, &forwarded) else {
                continue;
            };
            s.init = init;
            s.init.extend(around.init);
            s.fini = around.fini;
            let better = match (trips, &best) {
                (Some(n), _) if cost(&s, n).is_none_or(|c| c >= today(n)) => false,
                (_, None) => true,
                (Some(n), Some(x)) => cost(&s, n) < cost(x, n),
                // within the limit above
                (None, Some(_)) => true,
            };
            if better {
                best = Some(s);
            }
        }
    }
    let Some(sc) = best else {
        return Err(if trips.is_some() {
            "no modulo schedule faster for the loop's trip count"
        } else {
            "no modulo schedule shorter than the list schedule"
        });
    };
    let (ii, u) = (sc.ii, sc.unroll as i64);
    let report = LoopReport {
        line: br.loc.map(|x| x.0),
        ops: body.len() + 1,
        unroll: u as u32,
        ii: ii as u32,
        res_mii: sc.res_mii,
        rec_mii: sc.recurrences.rec_mii(sc.mii),
        stages: sc.stages as u32,
        list_length: list_length as u32,
    };
    let stages = sc.stages;
    let stage = |k: usize| sc.time[k] / ii;
    let last_row = sc.rows.len() - 1;
    let mut pro = vec![];
    for q in 0..stages - 1 {
        for ops in &sc.rows {
            for &k in ops {
                if stage(k) <= q {
                    pro.push(sc.body[k].clone());
                }
            }
        }
    }
    let mut ker = vec![];
    let mut cycles = vec![];
    let mut cycle = 0u32;
    let ker_b = mf.new_block();
    for (row, ops) in sc.rows.iter().enumerate() {
        let before = ker.len();
        if row == 0 {
            ker.push(cmp_k.clone());
        }
        if row == last_row {
            ker.push(dec_k.clone());
        }
        for &k in ops {
            ker.push(sc.body[k].clone());
        }
        if row == last_row {
            let mut j = mf.inst("br", vec![r(b), Opnd::Label(ker_b)]);
            j.loc = br.loc;
            ker.push(j);
        }
        if ker.len() > before {
            cycles.resize(ker.len(), cycle);
            cycle += 1;
        }
    }
    let mut epi = vec![];
    for m in 1..stages {
        for ops in &sc.rows {
            for &k in ops {
                if stage(k) >= m {
                    epi.push(sc.body[k].clone());
                }
            }
        }
    }
    epi.extend(sc.fini.iter().cloned());
    let add = |mf: &MFunc, d: Reg, s: Reg, k: i64| mf.inst("add", vec![r(d), r(s), imm32(k)]);
    // a constant trip count: the passes and the iterations left are known
    // (prologue, passes and epilogue run (stages − 1 + passes)·u
    // iterations, passes = (n − stages·u) / u + 1: n mod u are left)
    if u > 1 && exact.is_none_or(|n| n % u != 0) {
        // the iterations left over by the passes run in the original loop:
        // its own test on the induction value of the last iteration done
        // (the induction register itself when that is its value: no
        // `add t = r, 0` on the way out)
        let t = if ct.e == ct.c {
            ct.r
        } else {
            let t = mf.vreg(Class::Gr);
            epi.push(add(mf, t, ct.r, ct.e - ct.c));
            t
        };
        let mut c = body[ct.cmp].clone();
        c.ops[ct.pos] = r(t);
        epi.push(c);
        epi.push(br.clone());
    }
    epi.push(mf.inst("goto", vec![Opnd::Label(exit)]));
    // the guard: M further iterations after the first (exact in unsigned
    // arithmetic), at least stages·u − 1 of them; cnt = passes − 1
    let g = mf.new_block();
    // the symbol addresses the kernel keeps in registers
    let mut guard: Vec<MInst> = vec![];
    let mut held: Vec<(&Reg, &String)> = symbols
        .iter()
        .filter(|(x, _)| sc.body.iter().any(|i| i.reads(**x)))
        .collect();
    held.sort();
    for (x, name) in held {
        guard.push(mf.inst("mov", vec![r(*x), Opnd::Sym(name.clone(), 0)]));
    }
    guard.extend(sc.init.iter().cloned());
    let need = stages * u - 1;
    if let Some(n) = exact {
        // a constant trip count (at least stages·u, as `cost` checked):
        // the pass count is a constant too, and nothing is tested
        let passes = (n - 1 - need) >> u.trailing_zeros();
        guard.push(mf.inst("mov", vec![r(cnt), Opnd::Imm(passes)]));
    } else {
        let a = mf.vreg(Class::Gr);
        guard.push(add(mf, a, ct.r, ct.e));
        let x = match &cont.x {
            Opnd::R(x) if cont.bias != 0 => {
                let y = mf.vreg(Class::Gr);
                guard.push(add(mf, y, *x, cont.bias));
                y
            }
            Opnd::R(x) => *x,
            o => {
                let x = mf.vreg(Class::Gr);
                guard.push(mf.inst("mov", vec![r(x), o.clone()]));
                x
            }
        };
        let d = mf.vreg(Class::Gr);
        let mut tests: Vec<Reg> = vec![];
        let suffix = if cont.unsigned { "u" } else { "" };
        match cont.rel {
            Rel::Lt | Rel::Ne if ct.c > 0 => guard.push(mf.inst("sub", vec![r(d), r(x), r(a)])),
            _ => guard.push(mf.inst("sub", vec![r(d), r(a), r(x)])),
        }
        if cont.rel != Rel::Ne {
            let ft = mf.vreg(Class::Gr);
            let m = if cont.rel == Rel::Lt {
                "cmplt"
            } else {
                "cmpgt"
            };
            guard.push(mf.inst(&format!("{m}{suffix}"), vec![r(ft), r(a), r(x)]));
            tests.push(ft);
        }
        let step = ct.c.unsigned_abs();
        let m = if step == 1 {
            d
        } else {
            let (t1, t2, m) = (mf.vreg(Class::Gr), mf.vreg(Class::Gr), mf.vreg(Class::Gr));
            guard.push(add(mf, t1, d, -1));
            guard.push(mf.inst(
                "shru",
                vec![r(t2), r(t1), Opnd::Imm(step.trailing_zeros() as i64)],
            ));
            guard.push(add(mf, m, t2, 1));
            m
        };
        if need > 0 {
            let g2 = mf.vreg(Class::Gr);
            guard.push(mf.inst("cmpgeu", vec![r(g2), r(m), Opnd::Imm(need)]));
            tests.push(g2);
        }
        let q = mf.vreg(Class::Gr);
        guard.push(add(mf, q, m, -need));
        if u > 1 {
            guard.push(mf.inst(
                "shru",
                vec![r(cnt), r(q), Opnd::Imm(u.trailing_zeros() as i64)],
            ));
        } else {
            guard.push(MInst::new(opc::MOV_R, vec![r(cnt), r(q)]));
        }
        // a constant bound and a step of ±1: the tests are one compare
        // with a constant (for `<`: `a < x` and the distance `x − a`, exact
        // then, at least `need` ⇔ `a ≤ x − need`; for `>`: `a ≥ x + need`),
        // straight into a BR: a short trip count reaches the original loop
        // in 5 cycles rather than 9 (`huffman`'s loop over a code's bits,
        // entered 6000 times for 1 to 10 iterations)
        let x_const = match cont.x {
            Opnd::Imm(k) => Some(k + cont.bias),
            Opnd::R(Reg::ZERO) => Some(cont.bias),
            _ => None,
        }
        .map(|k| {
            if cont.unsigned {
                k & 0xffff_ffff
            } else {
                i64::from(k as i32)
            }
        });
        let (lo, hi) = if cont.unsigned {
            (0, i64::from(u32::MAX))
        } else {
            (i64::from(i32::MIN), i64::from(i32::MAX))
        };
        let one = match (x_const, cont.rel) {
            (Some(k), Rel::Lt) if step == 1 && need > 0 => Some(("cmple", k - need)),
            (Some(k), Rel::Gt) if step == 1 && need > 0 => Some(("cmpge", k + need)),
            _ => None,
        }
        .filter(|&(_, k)| (lo..=hi).contains(&k));
        if let Some((m, k)) = one {
            guard.retain(|i| !tests.iter().any(|&t| i.writes(t)));
            let bg = mf.vreg(Class::Br);
            guard.push(mf.inst(&format!("{m}{suffix}"), vec![r(bg), r(a), imm32(k)]));
            guard.push(mf.inst("brf", vec![r(bg), Opnd::Label(l)]));
        } else if let Some(&first) = tests.first() {
            let mut acc = first;
            for &t in &tests[1..] {
                let y = mf.vreg(Class::Gr);
                guard.push(mf.inst("and", vec![r(y), r(acc), r(t)]));
                acc = y;
            }
            let bg = mf.vreg(Class::Br);
            guard.push(MInst::new(opc::MTB, vec![r(bg), r(acc)]));
            guard.push(mf.inst("brf", vec![r(bg), Opnd::Label(l)]));
        }
    }
    mf.blocks[g.index()].insts = guard;
    let mut new_order = vec![g];
    if !pro.is_empty() {
        let p = mf.new_block();
        mf.blocks[p.index()].insts = pro;
        new_order.push(p);
    }
    mf.blocks[ker_b.index()].insts = ker;
    mf.blocks[ker_b.index()].cycles = Some(cycles);
    new_order.push(ker_b);
    // the epilogue jumps over the original loop, kept right after it as
    // the fallback (so that the live ranges of its registers stay local
    // to the loop in the allocator's linear order)
    let e = mf.new_block();
    mf.blocks[e.index()].insts = epi;
    new_order.push(e);
    new_order.push(l);
    for i in mf.blocks[pre.index()].insts.iter_mut() {
        if i.is_control() {
            for o in i.ops.iter_mut() {
                if *o == Opnd::Label(l) {
                    *o = Opnd::Label(g);
                }
            }
        }
    }
    mf.order.splice(pos..=pos, new_order);
    Ok(report)
}

/// The order of the operations of each kernel row: ascending body order,
/// except that a reader comes before an operation of the same cycle that
/// overwrites its register (anti dependence of latency 0 met exactly);
/// `None` if those constraints are cyclic.
fn row_orders(n: usize, edges: &[Edge], time: &[i64], ii: i64) -> Option<Vec<Vec<usize>>> {
    let mut rows: Vec<Vec<usize>> = vec![vec![]; ii as usize];
    for k in 0..n {
        rows[(time[k] % ii) as usize].push(k);
    }
    // per operation, the others that must come before it in its cycle
    let mut first: Vec<Vec<usize>> = vec![vec![]; n];
    for e in edges {
        if e.from != e.to && time[e.to] + ii * e.dist == time[e.from] + e.lat {
            first[e.to].push(e.from);
        }
    }
    // the operations of the row being ordered not placed yet
    let mut left_in = vec![false; n];
    let mut out = vec![];
    for row in rows {
        for &k in &row {
            left_in[k] = true;
        }
        let mut left = row;
        let mut seq = vec![];
        while !left.is_empty() {
            let k = left
                .iter()
                .position(|&x| !first[x].iter().any(|&y| left_in[y]))?;
            let x = left.remove(k);
            left_in[x] = false;
            seq.push(x);
        }
        out.push(seq);
    }
    Some(out)
}

/// The bundles of a block with fixed cycles ([`MBlock::cycles`]) when the
/// (allocated) block still obeys them: as many cycles as operations,
/// non-decreasing, every bundle legal for `model` ([`list::legal_bundle`]),
/// no operation reading or writing a register another operation of its
/// bundle writes before it (so the bundles compute what the operations in
/// sequence compute; latencies are left to the scoreboard of an
/// interlocked core), a control operation only last. `None` otherwise.
pub fn fixed_bundles(
    model: &ProcessorModel,
    insts: &[MInst],
    cycles: &[u32],
) -> Option<list::Bundles> {
    if !model.interlocked || insts.len() != cycles.len() || insts.is_empty() {
        return None;
    }
    if cycles.windows(2).any(|w| w[0] > w[1]) {
        return None;
    }
    if insts[..insts.len() - 1].iter().any(|i| i.is_control()) {
        return None;
    }
    let mut out: list::Bundles = vec![];
    let mut k = 0;
    while k < insts.len() {
        let mut j = k;
        while j < insts.len() && cycles[j] == cycles[k] {
            j += 1;
        }
        let group = &insts[k..j];
        let refs: Vec<&MInst> = group.iter().collect();
        if !list::legal_bundle(model, &refs) {
            return None;
        }
        for (x, a) in group.iter().enumerate() {
            let defs = a.defs();
            for b in &group[x + 1..] {
                if b.uses().iter().chain(&b.defs()).any(|u| defs.contains(u)) {
                    return None;
                }
            }
        }
        out.push(group.to_vec());
        k = j;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::{interp, parse};

    /// A one-block loop `B1` after the translation out of SSA: `$r16` is the
    /// induction register's start, `$r17` the loop bound, `$r18` an array
    /// base; `{test}` is the loop's compare and branch.
    fn source(body: &str) -> String {
        format!(
            "function @f global\nvregs 20 br %v9\norder B0 B1 B2\nB0:\n  mov %v1 = $r17\n  mov %v2 = $r16\n  mov %v3 = 0\n  mov %v4 = $r18\n  goto B1\nB1:\n{body}B2:\n  mov $r16 = %v3\n  return $r63 uses($r16)\n"
        )
    }

    /// A loop summing `a[i] + i` into `%v3` and storing `a[i] + i` at
    /// `a + 4096 + 4i`: loads, a store, an accumulator, an address
    /// register that lives across the whole iteration.
    fn body(step: i64, test: &str) -> String {
        format!(
            "  sh2add %v5 = %v2, %v4\n  ldw %v6 = 0[%v5]\n  add %v7 = %v6, %v2\n  stw 4096[%v5] = %v7\n  add %v3 = %v3, %v7\n  add %v2 = %v2, {step}\n{test}"
        )
    }

    /// Runs `text` before and after pipelining for every `(start, bound)`
    /// and checks equal results and stores (the interpreter executes the
    /// loop as written: the original is the oracle). Returns the report.
    fn check(text: &str, runs: &[(i64, i64)]) -> Stats {
        let before = parse::function(text).expect("parses");
        let mut after = before.clone();
        let st = pipeline(&mut after, &ProcessorModel::st231());
        for &(start, bound) in runs {
            let inputs = [
                (Reg::G(16), start),
                (Reg::G(17), bound),
                (Reg::G(18), 0x2000),
            ];
            let want = interp::run_with_memory(&before, &inputs).expect("original runs");
            let got = interp::run_with_memory(&after, &inputs).expect("pipelined runs");
            assert_eq!(got, want, "start {start}, bound {bound}\n{st:?}");
        }
        st
    }

    /// [`forward_stores`] by execution: `h[(i >> 1) & 3] += i` (words at
    /// `$r18`) updates the same word in consecutive iterations half of
    /// the time and a word two iterations back the other half, so a load
    /// given the wrong value (forwarded when the addresses differ, or not
    /// when they match) or one moved above a store two iterations back
    /// changes the stores or the sum. The loop is pipelined with the
    /// forwarding (`cmpeq` of consecutive addresses in the code).
    #[test]
    fn stores_forwarded_to_the_next_iterations_load() {
        let text = source(
            "  shru %v5 = %v2, 1\n  and %v6 = %v5, 3\n  sh2add %v7 = %v6, %v4\n  ldw %v8 = 0[%v7]\n  add %v11 = %v8, %v2\n  stw 0[%v7] = %v11\n  add %v3 = %v3, %v11\n  add %v2 = %v2, 1\n  cmplt %v9 = %v2, %v1\n  br %v9, B1\n",
        );
        let st = check(&text, &(0..40).map(|b| (0, b)).collect::<Vec<_>>());
        assert_eq!(st.loops.len(), 1, "{st:?}");
        assert!(st.loops[0].unroll >= 2, "{st:?}");
        let mut f = parse::function(&text).expect("parses");
        pipeline(&mut f, &ProcessorModel::st231());
        let kernel = f
            .blocks
            .iter()
            .find(|b| b.cycles.is_some())
            .expect("a kernel");
        let cmpeqs = kernel
            .insts
            .iter()
            .filter(|i| i.info().is_some_and(|x| x.mnemonic == "cmpeq"))
            .count();
        assert_eq!(cmpeqs, st.loops[0].unroll as usize, "one per copy");
    }

    /// A loop of 44 operations: twenty words `p[k]` summed by a tree of
    /// adds into `%v3`, `p += 20` (`%v4`), the induction step, the compare
    /// and the branch. Unrolled 4 times it has 176
    /// operations: more than [`MAX_OPS`] = 160 for the ST231, within
    /// 160 · 8 / 4 = 320 on an 8-issue machine ([`max_unrolled_ops`]),
    /// whose two memory units load the twenty words in 10 cycles, so four
    /// copies (ideal (40 + 1) / 4 cycles per iteration) beat two
    /// ((20 + 1) / 2). On both machines the pipelined loop computes what
    /// the loop does (the interpreter runs both).
    #[test]
    fn unrolling_factor_follows_the_machine_width() {
        let wide8 = ProcessorModel::from_toml_str(include_str!("../../../../machines/wide8.toml"))
            .expect("wide8.toml");
        assert_eq!(max_unrolled_ops(&ProcessorModel::st231()), 160);
        assert_eq!(max_unrolled_ops(&wide8), 320);
        let mut body = String::new();
        for k in 0..20 {
            body += &format!("  ldw %v{} = {}[%v4]\n", 20 + k, 4 * k);
        }
        // a tree: 40..59 hold the partial sums
        let mut level: Vec<usize> = (20..40).collect();
        let mut next = 40;
        while level.len() > 1 {
            let mut up = vec![];
            for pair in level.chunks(2) {
                if let [x, y] = pair {
                    body += &format!("  add %v{next} = %v{x}, %v{y}\n");
                    up.push(next);
                    next += 1;
                } else {
                    up.push(pair[0]);
                }
            }
            level = up;
        }
        body += &format!(
            "  add %v3 = %v3, %v{}\n  add %v4 = %v4, 80\n  add %v2 = %v2, 1\n  cmplt %v9 = %v2, %v1\n  br %v9, B1\n",
            level[0]
        );
        let text = source(&body).replace("vregs 20", "vregs 80");
        let unroll_on = |model: &ProcessorModel| -> u32 {
            let before = parse::function(&text).expect("parses");
            let mut after = before.clone();
            let st = pipeline(&mut after, model);
            assert_eq!(st.loops.len(), 1, "{st:?}");
            for bound in [1, 2, 3, 5, 8, 13, 21, 34] {
                let inputs = [(Reg::G(16), 0), (Reg::G(17), bound), (Reg::G(18), 0x2000)];
                let want = interp::run_with_memory(&before, &inputs).expect("original runs");
                let got = interp::run_with_memory(&after, &inputs).expect("pipelined runs");
                assert_eq!(got, want, "bound {bound}\n{st:?}");
            }
            st.loops[0].unroll
        };
        assert!(unroll_on(&ProcessorModel::st231()) <= 2);
        assert_eq!(unroll_on(&wide8), 4);
    }

    /// The first index of the largest of `v(i) = (i ^ c) & m` for `i` from
    /// `$r16` below `$r17` (`c` = `$r18`, `m` = `$r19`), the search of
    /// `maxsearch`: `max` for the value, `slct` of the index. Pipelined,
    /// the index is kept relative to the pass ([`relative_indices`]: one
    /// `slctf` of a constant per copy, no `i + k`) and the compares stay
    /// next to their selects ([`select_condition_edges`]). Checked by
    /// execution against the loop as written: the index (`$r16`) and the
    /// largest value (stored at 8192), for trip counts 0 to 40 and masks
    /// with ties (`m` = 7: the largest value recurs every 8 elements,
    /// the first must win) and without.
    #[test]
    fn index_of_the_largest_value_kept_relative_to_the_pass() {
        let text = "function @f global\nvregs 20 br %v9 %v10\norder B0 B1 B2\nB0:\n  mov %v1 = $r17\n  mov %v2 = $r16\n  mov %v3 = -1\n  mov %v7 = 99\n  mov %v11 = $r18\n  mov %v12 = $r19\n  goto B1\nB1:\n  xor %v5 = %v2, %v11\n  and %v6 = %v5, %v12\n  cmpgt %v10 = %v6, %v3\n  max %v3 = %v6, %v3\n  slct %v7 = %v10, %v2, %v7\n  add %v2 = %v2, 1\n  cmplt %v9 = %v2, %v1\n  br %v9, B1\nB2:\n  mov %v14 = 8192\n  stw 0[%v14] = %v3\n  mov $r16 = %v7\n  return $r63 uses($r16)\n";
        let before = parse::function(text).expect("parses");
        let mut after = before.clone();
        let st = pipeline(&mut after, &ProcessorModel::st231());
        assert_eq!(st.loops.len(), 1, "{st:?}");
        assert!(st.loops[0].unroll >= 4, "{st:?}");
        for (c, m) in [(0x35, 7), (0x35, 0xff), (0x2a, 0x3f), (0, 0xffff)] {
            for bound in 0..=40 {
                for start in [0, 3] {
                    let inputs = [
                        (Reg::G(16), start),
                        (Reg::G(17), bound),
                        (Reg::G(18), c),
                        (Reg::G(19), m),
                    ];
                    let want = interp::run_with_memory(&before, &inputs).expect("original runs");
                    let got = interp::run_with_memory(&after, &inputs).expect("pipelined runs");
                    assert_eq!(got, want, "c {c}, m {m}, {start}..{bound}\n{st:?}");
                }
            }
        }
        let kernel = after
            .blocks
            .iter()
            .find(|b| b.cycles.is_some())
            .expect("a kernel");
        let named = |m: &str| {
            kernel
                .insts
                .iter()
                .filter(|i| i.info().is_some_and(|x| x.mnemonic == m))
                .count()
        };
        // one select of a constant per copy, none of a register
        let u = st.loops[0].unroll as usize;
        assert_eq!(named("slctf"), u, "{:?}", kernel.insts);
        assert_eq!(named("slct"), 0, "{:?}", kernel.insts);
    }

    /// Hand check of [`fuse_shift_adds`]: `shl t = a, 2; add y = b, t`
    /// becomes `sh2add y = a, b` when `t` has no other reader; a shift
    /// whose result is read twice, or by 5 (no `sh5add`), stays.
    #[test]
    fn shift_and_add_fused() {
        let text = "function @f global\nvregs 12\norder B0\nB0:\n  shl %v2 = %v1, 2\n  add %v3 = %v4, %v2\n  shl %v5 = %v1, 3\n  add %v6 = %v5, %v4\n  add %v7 = %v5, 1\n  shl %v8 = %v1, 5\n  add %v9 = %v8, %v4\n  return $r63\n";
        let mut mf = parse::function(text).expect("parses");
        let mut body = mf.blocks[mf.order[0].index()].insts[..7].to_vec();
        let outside: HashSet<Reg> = [
            Reg::V(VReg::new(3)),
            Reg::V(VReg::new(6)),
            Reg::V(VReg::new(7)),
            Reg::V(VReg::new(9)),
        ]
        .into_iter()
        .collect();
        fuse_shift_adds(&mut mf, &mut body, &outside);
        let names: Vec<&str> = body
            .iter()
            .filter_map(|i| i.info().map(|x| x.mnemonic))
            .collect();
        assert_eq!(
            names,
            ["sh2add", "shl", "add", "add", "shl", "add"],
            "{body:?}"
        );
        assert_eq!(
            body[0].ops,
            [
                r(Reg::V(VReg::new(3))),
                r(Reg::V(VReg::new(1))),
                r(Reg::V(VReg::new(4)))
            ]
        );
    }

    fn counts(n: i64) -> Vec<(i64, i64)> {
        (1..=n).map(|b| (0, b)).collect()
    }

    /// `s += v[i]` (`shl`, `ldw v[$a]`, add, induction step, compare; the
    /// branch left out) unrolled 4 times by [`unroll`].
    fn sum_of_v_unrolled_4() -> (MFunc, Vec<MInst>) {
        let text = "function @f global\nvregs 8 br %v5\norder B0 B1 B2\nB0:\n  mov %v1 = $r0\n  mov %v4 = $r0\nB1:\n  shl %v2 = %v1, 2\n  ldw %v3 = &v[%v2]\n  add %v4 = %v4, %v3\n  add %v1 = %v1, 1\n  cmplt %v5 = %v1, $r16\n  br %v5, B1\nB2:\n  mov $r16 = %v4\n  return $r63 uses($r16)\n";
        let mut mf = parse::function(text).expect("parses");
        let l = mf.order[1];
        let body = mf.block(l).insts[..5].to_vec();
        let outside = read_outside(&mf, l, &mut Facts::default());
        let out = unroll(&mut mf, &outside, &body, 4, 4);
        (mf, out)
    }

    /// Hand check of the address folding of [`unroll`]: copy `k` of
    /// `ldw v[4·i]` reads `v + 4·(i + k)`, which is copy 0's `4·i` plus
    /// `4·k`; so one `shl` serves the four copies, each load takes its
    /// constant in the offset (`v+0`, `v+4`, `v+8`, `v+12`), and the
    /// `i + k` adds and the other shifts are removed. The sum and the
    /// induction variable stay: the next pass reads them.
    #[test]
    fn unrolled_copies_share_one_address_computation() {
        let (_, out) = sum_of_v_unrolled_4();
        let named = |m: &str| {
            out.iter()
                .filter(|i| i.info().is_some_and(|x| x.mnemonic == m))
                .collect::<Vec<_>>()
        };
        assert_eq!(named("shl").len(), 1, "{out:?}");
        let loads = named("ldw");
        let base = &loads[0].ops[2];
        let offsets: Vec<Opnd> = loads
            .iter()
            .inspect(|i| assert_eq!(&i.ops[2], base))
            .map(|i| i.ops[1].clone())
            .collect();
        let v = |a: i64| Opnd::Sym("v".into(), a);
        assert_eq!(offsets, [v(0), v(4), v(8), v(12)]);
        // four adds into the sum and one step of the induction variable
        assert_eq!(named("add").len(), 5, "{out:?}");
    }

    /// Hand check of [`share_symbol_bases`] on the four loads of
    /// `v[4·i + 4·k]` left by the unrolling (`ldw v+4k[$a]`, 2 syllables
    /// each: 8): one `add $t = $a, $rv` (`$rv` holds `v`, set before the
    /// loop) and four `ldw 4k[$t]` with short offsets (1 + 4 = 5
    /// syllables); the dependence graph still knows them as accesses of
    /// `v`: a store to another symbol `w` through an unknown index is
    /// independent of them, a store to `v` is not.
    #[test]
    fn accesses_of_one_symbol_share_a_base_register() {
        let (mut mf, mut out) = sum_of_v_unrolled_4();
        let mut symbols = Symbols::default();
        share_symbol_bases(&mut mf, &mut out, &mut symbols);
        assert_eq!(symbols.len(), 1);
        let (&rv, name) = symbols.iter().next().expect("one");
        assert_eq!(name, "v");
        let syllables: usize = out.iter().map(|i| 1 + i.long_imm() as usize).sum();
        let loads: Vec<&MInst> = out
            .iter()
            .filter(|i| i.info().is_some_and(|x| x.mnemonic == "ldw"))
            .collect();
        let offsets: Vec<Opnd> = loads.iter().map(|i| i.ops[1].clone()).collect();
        assert_eq!(offsets, [0, 4, 8, 12].map(Opnd::Imm));
        let Opnd::R(t) = loads[0].ops[2] else {
            panic!("a register base")
        };
        let add = out.iter().find(|i| i.writes(t)).expect("the base's add");
        assert!(add.uses().contains(&rv), "{add:?}");
        // shl, add, 4 loads, 4 sums, the step: 1 + 1 + 4 + 4 + 1
        assert_eq!(syllables, 11, "{out:?}");
        // dependences: a store to w[x] (x loaded) and one to v[x]
        let x = mf.vreg(Class::Gr);
        let store_w = mf.inst("stw", vec![Opnd::Sym("w".into(), 0), r(x), r(x)]);
        let store_v = mf.inst("stw", vec![Opnd::Sym("v".into(), 0), r(x), r(x)]);
        let steps: HashMap<Reg, i64> = [(Reg::V(VReg::new(1)), 4)].into_iter().collect();
        let mut with_w = out.clone();
        with_w.push(store_w);
        let acc = accesses(&with_w, &steps, &symbols);
        let k = with_w
            .iter()
            .position(|i| i.info().is_some_and(|x| x.mnemonic == "ldw"))
            .expect("load");
        assert_eq!(
            conflict_distance(&acc[k], acc.last().expect("store"), true),
            Some(None)
        );
        let mut with_v = out;
        with_v.push(store_v);
        let acc = accesses(&with_v, &steps, &symbols);
        assert_eq!(
            conflict_distance(&acc[k], acc.last().expect("store"), true),
            None
        );
    }

    /// Hand check of [`relative_trips`]: `for (j = i + 1; j < i + 16; j++)`
    /// runs 15 times, whatever `i` is; the bound computed in a block that
    /// dominates the preheader is found.
    #[test]
    fn trip_count_of_bounds_relative_to_one_register() {
        let text = "function @f global\nvregs 9 br %v5 %v7\norder B0 B1 B2 B3\nB0:\n  add %v6 = %v8, 16\n  cmplt %v7 = %v8, $r17\n  br %v7, B3\nB1:\n  add %v1 = %v8, 1\nB2:\n  stw 0[%v1] = $r0\n  add %v1 = %v1, 1\n  cmplt %v5 = %v1, %v6\n  br %v5, B2\nB3:\n  return $r63\n";
        let mf = parse::function(text).expect("parses");
        let l = mf.order[2];
        let shape = loop_shape(&mf, l, &mut Facts::default())
            .expect("a loop")
            .expect("counted");
        assert_eq!(
            known_trips(&mf, shape.pre, &shape.counted, &shape.cont),
            None
        );
        assert_eq!(
            relative_trips(
                &mf,
                shape.pre,
                &shape.counted,
                &shape.cont,
                &mut Facts::default()
            ),
            Some(15)
        );
    }

    /// The kernel's register estimate counts BRs apart from GRs
    /// (ISA-ST200 §1.3: 8 BRs, 7 allocatable): three compares whose
    /// results the `slct`s read three to five cycles later overlap across
    /// iterations at II 4 (hand count in the test).
    /// The bound `schedule_body` prunes with: a schedule at II ≥ MII with
    /// any number of stages costs at least what one at the MII with one
    /// stage costs, for every trip count (exhaustive over small values;
    /// the cost formula by hand: 2·(S−1)·II + passes·(II + penalty) +
    /// left iterations at today's cost + penalty).
    #[test]
    fn pipelined_cost_grows_with_ii_and_stages() {
        for penalty in 0..=2 {
            let c = Costs {
                trips: None,
                list_length: 7,
                penalty,
            };
            // hand check: 10 iterations, II 4, 2 stages, 2 per pass:
            // 8 done in 4 passes, none left: 2·1·4 + 4·(4 + p) + 0 + p
            assert_eq!(
                c.pipelined(4, 2, 2, 10),
                Some(8 + 4 * (4 + penalty) + penalty)
            );
            for u in [1, 2, 4, 8] {
                for n in 0..40 {
                    for mii in 4..9 {
                        let Some(low) = c.pipelined(mii, 1, u, n) else {
                            for ii in mii..12 {
                                for s in 1..5 {
                                    assert_eq!(c.pipelined(ii, s, u, n), None);
                                }
                            }
                            continue;
                        };
                        for ii in mii..12 {
                            for s in 1..5 {
                                if let Some(x) = c.pipelined(ii, s, u, n) {
                                    assert!(x >= low, "u {u} n {n} ii {ii} s {s}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn kernel_estimate_counts_branch_registers_apart() {
        let text = "function @f global\nvregs 20 br %v4 %v5 %v6\norder B0\nB0:\n  cmplt %v4 = %v1, 1\n  cmplt %v5 = %v1, 2\n  cmplt %v6 = %v1, 3\n  slct %v7 = %v4, %v1, %v2\n  slct %v8 = %v5, %v7, %v2\n  slct %v9 = %v6, %v8, %v2\n  return $r63 uses(%v9)\n";
        let mf = parse::function(text).expect("parses");
        let body = &mf.block(mf.order[0]).insts[..6];
        // compares at 0, 1, 2; slcts at 5, 6, 7 (the BRs live [0,5), [1,6), [2,7))
        let time = [0, 1, 2, 5, 6, 7];
        // by hand, II 4: BR lifetimes cover cycles 0-4, 1-5, 2-6; modulo 4
        // row 0 gets cycles 0 and 4 of the first (2), 4 of the second and
        // third (1 each): 4; rows 1, 2 likewise 4; row 3: 3. Peak 4 BRs.
        // GRs: %v7 lives 5..6 (row 1), %v8 6..7 (row 2), %v9 7..8 (row 3,
        // no use: one cycle); %v1 and %v2 are read but not defined here:
        // whole-loop values, 2. Peak 1 + 2 = 3 GRs.
        assert_eq!(max_live(&mf, body, &time, 4), (3, 4));
    }

    /// [`kernel_pressure`] on the loop of
    /// `kernel_estimate_counts_branch_registers_apart`: at II 4 the three
    /// BRs are written in pass 0 and read in pass 1, so in the kernel (one
    /// block) each is live in and out and holds a register in every row:
    /// 3 BRs, where the folded estimate says 4. `%v7` (5..6) and `%v8`
    /// (6..7) stay in pass 1, `%v9` has no use: the GRs are as before. At
    /// II 8 nothing crosses: row 2 holds the three BRs.
    #[test]
    fn kernel_pressure_counts_lifetimes_across_the_kernel_end_whole() {
        let text = "function @f global\nvregs 20 br %v4 %v5 %v6\norder B0\nB0:\n  cmplt %v4 = %v1, 1\n  cmplt %v5 = %v1, 2\n  cmplt %v6 = %v1, 3\n  slct %v7 = %v4, %v1, %v2\n  slct %v8 = %v5, %v7, %v2\n  slct %v9 = %v6, %v8, %v2\n  return $r63 uses(%v9)\n";
        let mf = parse::function(text).expect("parses");
        let body = &mf.block(mf.order[0]).insts[..6];
        let time = [0, 1, 2, 5, 6, 7];
        assert_eq!(kernel_pressure(&mf, body, &time, 4), (3, 3));
        assert_eq!(kernel_pressure(&mf, body, &time, 8), (3, 3));
        // the first compare moved to cycle 3 (row 3 at II 4), its read at
        // 5 (row 1 of pass 1): crossing; in a block it is live throughout
        let time = [3, 4, 5, 5, 6, 7];
        assert_eq!(kernel_pressure(&mf, body, &time, 4), (3, 3));
        // II 6: the compares (3, 4, 5) are read at 5, 6, 7: the first in
        // its own pass (rows 3-4), the others in the next (whole): 3 BRs;
        // `%v7` (written at 5, read at 6) now crosses too: 3 whole GRs
        // and one of `%v8`, `%v9` at a time
        assert_eq!(kernel_pressure(&mf, body, &time, 6), (4, 3));
    }

    /// A loop of three iterations (the preheader sets i = 0, the bound is
    /// the constant 3) whose body is a recurrence of two multiplies (each
    /// iteration waits for the last) gains nothing pipelined, so it is
    /// unrolled completely: no branch is left, and the result is the
    /// loop's (by hand, s = 7 · 15³ = 23625, plus i = 3: 23628; the
    /// interpreter runs both).
    #[test]
    fn a_loop_of_three_iterations_is_unrolled_completely() {
        let text = "function @f global\nvregs 20 br %v9\norder B0 B1 B2\nB0:\n  mov %v2 = 0\n  mov %v3 = 7\n  goto B1\nB1:\n  mul32 %v3 = %v3, 3\n  mul32 %v3 = %v3, 5\n  add %v2 = %v2, 1\n  cmplt %v9 = %v2, 3\n  br %v9, B1\nB2:\n  add %v4 = %v3, %v2\n  mov $r16 = %v4\n  return $r63 uses($r16)\n";
        let before = parse::function(text).expect("parses");
        let mut after = before.clone();
        let st = pipeline(&mut after, &ProcessorModel::st231());
        assert_eq!(
            st.unrolled.iter().map(|u| u.1).collect::<Vec<_>>(),
            [3],
            "{st:?}"
        );
        assert!(st.loops.is_empty());
        let ops = || after.blocks.iter().flat_map(|b| &b.insts);
        assert_eq!(ops().filter(|i| i.op.mnemonic() == "br").count(), 0);
        // the straight-line code joined the blocks around it
        assert_eq!(after.order.len(), 1);
        assert_eq!(interp::run(&before, &[]), Ok(23628));
        assert_eq!(interp::run(&after, &[]), Ok(23628));
    }

    /// Loops of a constant trip count 1..=10 (the test loop: loads, a
    /// store, an accumulator; counting up with `<` and `!=`, down with
    /// `>`): whether unrolled completely, pipelined or left alone, the
    /// result and every stored word are the original loop's (the
    /// interpreter runs both); up to 4 iterations always unroll.
    #[test]
    fn constant_trip_counts_give_the_original_results() {
        for n in 1..=10i64 {
            for (init, step, test) in [
                (0, 1, format!("  cmplt %v9 = %v2, {n}\n  br %v9, B1\n")),
                (0, 1, format!("  cmpne %v9 = %v2, {n}\n  br %v9, B1\n")),
                (n, -1, "  cmpgt %v9 = %v2, 0\n  br %v9, B1\n".to_string()),
            ] {
                let text = source(&body(step, &test))
                    .replace("  mov %v2 = $r16\n", &format!("  mov %v2 = {init}\n"));
                let st = check(&text, &[(0, 0)]);
                if n <= ALWAYS_UNROLL {
                    assert_eq!(st.unrolled.len(), 1, "n = {n}: {st:?}");
                }
            }
        }
    }

    #[test]
    fn counted_up_with_lt_gives_the_original_results() {
        let st = check(
            &source(&body(1, "  cmplt %v9 = %v2, %v1\n  br %v9, B1\n")),
            &counts(40),
        );
        assert_eq!(st.loops.len(), 1, "{st:?}");
        let r = &st.loops[0];
        // hand bound: 6 operations + compare, decrement and branch of the
        // kernel = 9 syllables per iteration on 4 lanes, 2 memory
        // operations on 1 unit: ResMII of one iteration is 3
        assert!(r.ii as usize >= 4 && r.ii <= r.list_length * r.unroll);
        assert!(r.ii >= r.mii() && r.stages >= 2, "{r:?}");
    }

    #[test]
    fn brf_and_negated_tests_and_down_counting() {
        // continue while i >= 1 (brf of i < 1), counting down from the
        // bound: the continuation is `i > 0` with step -1
        let text = source(&body(-1, "  cmplt %v9 = %v2, 1\n  brf %v9, B1\n"));
        let runs: Vec<(i64, i64)> = (1..=30).map(|s| (s, 0)).collect();
        let st = check(&text, &runs);
        assert_eq!(st.loops.len(), 1, "{st:?}");
    }

    /// Count-down loops compared with zero as `$r0` and, signed, with a
    /// register by `>=`: `for (i = s; i >= 0; i--)` runs s + 1 times,
    /// `for (i = s; i >= b; i--)` max(s − b + 1, 1) times (the body runs
    /// once before the first test); the interpreter runs both forms.
    #[test]
    fn count_down_to_zero_and_to_a_register() {
        let text = source(&body(-1, "  cmpge %v9 = %v2, $r0\n  br %v9, B1\n"));
        let runs: Vec<(i64, i64)> = (0..=30).map(|s| (s, 0)).collect();
        let st = check(&text, &runs);
        assert_eq!(st.loops.len(), 1, "{st:?}");
        let text = source(&body(-1, "  cmpge %v9 = %v2, %v1\n  br %v9, B1\n"));
        let runs: Vec<(i64, i64)> = (-3..=24)
            .flat_map(|s| [(s, -2), (s, 0), (s, 5), (s, s), (s, s + 3)])
            .collect();
        let st = check(&text, &runs);
        assert_eq!(st.loops.len(), 1, "{st:?}");
        // `i <= b` counting up, the register biased the other way
        let text = source(&body(1, "  cmple %v9 = %v2, %v1\n  br %v9, B1\n"));
        let runs: Vec<(i64, i64)> = (-3..=24)
            .flat_map(|s| [(s, -2), (s, 7), (s, 20), (s, s), (s, s - 3)])
            .collect();
        let st = check(&text, &runs);
        assert_eq!(st.loops.len(), 1, "{st:?}");
    }

    /// The guard of a loop with a constant bound and a step of ±1 is one
    /// compare of the first test value with a constant, straight into a
    /// BR (no `mtb`): `i >= 0` counting down (`$r0`), `i < 37` and `i <
    /// 37` unsigned counting up, `i > -5` counting down. Checked by
    /// execution against the loop as written from starts around the
    /// bound, so that the trips 1 to `stages·unroll` (the original loop
    /// runs them) and the first pipelined ones are all met, and the
    /// unsigned loop from starts above 2³¹ too.
    #[test]
    fn constant_bound_guard_is_one_compare() {
        let cases: [(&str, i64, Vec<i64>); 4] = [
            (
                "  add %v2 = %v2, -1\n  cmpge %v9 = %v2, $r0\n",
                -1,
                (0..=40).collect(),
            ),
            (
                "  add %v2 = %v2, 1\n  cmplt %v9 = %v2, 37\n",
                1,
                (-8..=45).collect(),
            ),
            (
                "  add %v2 = %v2, 1\n  cmpltu %v9 = %v2, 37\n",
                1,
                (0..=45).chain([0x8000_0000, 0xffff_fff0]).collect(),
            ),
            (
                "  add %v2 = %v2, -1\n  cmpgt %v9 = %v2, -5\n",
                -1,
                (-8..=40).collect(),
            ),
        ];
        for (test, step, starts) in cases {
            let b = body(step, "");
            let b = b.replace(&format!("  add %v2 = %v2, {step}\n"), "");
            let text = source(&format!("{b}{test}  br %v9, B1\n"));
            let runs: Vec<(i64, i64)> = starts.iter().map(|&s| (s, 0)).collect();
            let st = check(&text, &runs);
            assert_eq!(st.loops.len(), 1, "{test}: {st:?}");
            let mut f = parse::function(&text).expect("parses");
            pipeline(&mut f, &ProcessorModel::st231());
            let mtbs = f
                .blocks
                .iter()
                .flat_map(|b| &b.insts)
                .filter(|i| i.is(opc::MTB))
                .count();
            assert_eq!(mtbs, 0, "{test}");
        }
    }

    /// `if (i >= 3 && i <= 9) c++` as if-conversion leaves it (two
    /// selects of `c + 1`) becomes `c += (i >= 3) & (i <= 9)`: for i from
    /// 0 to 19, 7 (i = 3 … 9, counted by hand); by execution equal to the
    /// loop as written for every start and bound.
    #[test]
    fn conditional_counts_become_additions_of_their_conditions() {
        let text = "function @f global\nvregs 24 br %v9 %v10 %v11\norder B0 B1 B2\nB0:\n  mov %v1 = $r17\n  mov %v2 = $r16\n  mov %v3 = 0\n  mov %v4 = $r18\n  goto B1\nB1:\n  cmpge %v10 = %v2, 3\n  cmple %v11 = %v2, 9\n  add %v12 = %v3, 1\n  slct %v13 = %v11, %v12, %v3\n  slct %v3 = %v10, %v13, %v3\n  add %v2 = %v2, 1\n  cmplt %v9 = %v2, %v1\n  br %v9, B1\nB2:\n  mov $r16 = %v3\n  return $r63 uses($r16)\n";
        let runs: Vec<(i64, i64)> = (0..12).flat_map(|s| (0..24).map(move |b| (s, b))).collect();
        let st = check(text, &runs);
        assert_eq!(st.cond_counts, 1, "{st:?}");
        let mut f = parse::function(text).expect("parses");
        pipeline(&mut f, &ProcessorModel::st231());
        let inputs = [(Reg::G(16), 0), (Reg::G(17), 20), (Reg::G(18), 0x2000)];
        let (ret, _) = interp::run_with_memory(&f, &inputs).expect("runs");
        assert_eq!(ret, 7);
        let slcts = f
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| i.info().is_some_and(|x| x.mnemonic == "slct"))
            .count();
        assert_eq!(slcts, 0, "{}", crate::codegen::mir::print::function(&f));
    }

    #[test]
    fn not_equal_tests_and_swapped_operands() {
        // `bound != i` with the induction value second
        let st = check(
            &source(&body(1, "  cmpne %v9 = %v1, %v2\n  br %v9, B1\n")),
            &counts(33),
        );
        assert_eq!(st.loops.len(), 1, "{st:?}");
    }

    #[test]
    fn unsigned_and_less_or_equal_with_a_constant() {
        // `i <=u 20` from a variable start: 21 - start iterations (the
        // loop runs once at least)
        let text = source(&body(1, "  cmpleu %v9 = %v2, 20\n  br %v9, B1\n"));
        let runs: Vec<(i64, i64)> = (0..=20).map(|s| (s, 0)).collect();
        let st = check(&text, &runs);
        assert_eq!(st.loops.len(), 1, "{st:?}");
        // signed tests at the ends of the range: 0x7ffffff0 <= i <
        // 0x7fffffff has 15 iterations (the distance is exact unsigned)
        let text = source(&body(1, "  cmplt %v9 = %v2, %v1\n  br %v9, B1\n"));
        let min = i32::MIN as i64;
        check(
            &text,
            &[(0x7fff_fff0, 0x7fff_ffff), (min, min + 9), (-3, 5), (7, -7)],
        );
    }

    #[test]
    fn steps_of_two_round_the_count_up() {
        // i += 2 while i < bound: ceil((bound - start) / 2) iterations
        let st = check(
            &source(&body(2, "  cmplt %v9 = %v2, %v1\n  br %v9, B1\n")),
            &counts(41),
        );
        assert_eq!(st.loops.len(), 1, "{st:?}");
    }

    #[test]
    fn loops_with_calls_or_an_uncounted_test_are_left_alone() {
        // the branch tests a loaded value: not a counted loop
        let text =
            source("  ldw %v6 = 0[%v4]\n  add %v4 = %v4, 4\n  cmpne %v9 = %v6, 0\n  br %v9, B1\n");
        let mut mf = parse::function(&text).expect("parses");
        let st = pipeline(&mut mf, &ProcessorModel::st231());
        assert!(st.loops.is_empty());
        assert_eq!(st.rejected.len(), 1);
        // no interlocks: nothing is tried on the ST220
        let mut mf = parse::function(&source(&body(1, "  cmplt %v9 = %v2, %v1\n  br %v9, B1\n")))
            .expect("parses");
        let st = pipeline(&mut mf, &ProcessorModel::st220());
        assert_eq!(st, Stats::default());
    }

    #[test]
    fn fixed_bundles_keep_a_schedule_only_while_it_means_the_sequence() {
        let mf = parse::function(
            "function @g\nvregs 0\norder B0\nB0:\n  add $r1 = $r2, 1\n  add $r3 = $r1, 1\n  add $r2 = $r4, 1\n",
        )
        .expect("parses");
        let insts = &mf.blocks[0].insts;
        let m = ProcessorModel::st231();
        // reading $r1 in the cycle that writes it would read the old value
        assert!(fixed_bundles(&m, insts, &[0, 0, 1]).is_none());
        // overwriting $r2 in the cycle that reads it is what the sequence means
        let b = fixed_bundles(&m, insts, &[0, 1, 1]).expect("legal");
        assert_eq!(b.iter().map(|x| x.len()).collect::<Vec<_>>(), [1, 2]);
        assert!(fixed_bundles(&m, insts, &[1, 0, 1]).is_none());
        assert!(fixed_bundles(&m, insts, &[0, 1]).is_none());
        assert!(fixed_bundles(&ProcessorModel::st220(), insts, &[0, 1, 1]).is_none());
    }

    #[test]
    fn distances_of_memory_conflicts() {
        let acc = |konst: i64, step: i64| {
            Some(Access {
                base: OffsetKind::Sym("x".into()),
                lin: Some(Linear {
                    terms: vec![(Reg::G(1), 4)],
                    konst,
                }),
                size: 4,
                step,
                object: None,
            })
        };
        // a[i+1] stored, a[i] loaded: the load of iteration j + 1 reads it
        assert_eq!(
            conflict_distance(&acc(4, 4), &acc(0, 4), false),
            Some(Some(1))
        );
        // a[i] stored, a[i+1] loaded: only an earlier iteration's load meets it
        assert_eq!(conflict_distance(&acc(0, 4), &acc(4, 4), false), Some(None));
        assert_eq!(
            conflict_distance(&acc(0, 4), &acc(0, 4), true),
            Some(Some(0))
        );
        // the same word every iteration: every distance
        assert_eq!(
            conflict_distance(&acc(0, 0), &acc(0, 0), false),
            Some(Some(1))
        );
        // unknown addresses
        assert_eq!(conflict_distance(&None, &acc(0, 4), true), None);
        // an index loaded from memory (hist[data[i]]): unknown within its
        // symbol, never overlapping another symbol
        let loaded = |sym: &str| {
            Some(Access {
                base: OffsetKind::Sym(sym.into()),
                lin: None,
                size: 4,
                step: 0,
                object: None,
            })
        };
        // two pointers of unknown relation (different registers): they
        // may meet, unless instruction selection knew their objects apart
        let via = |reg: u8, object: Option<MemObject>| {
            Some(Access {
                base: OffsetKind::Number,
                lin: Some(Linear {
                    terms: vec![(Reg::G(reg), 1)],
                    konst: 0,
                }),
                size: 4,
                step: 4,
                object,
            })
        };
        let (a, b) = (MemObject::Sym("a".into()), MemObject::Frame(3));
        assert_eq!(conflict_distance(&via(1, None), &via(2, None), true), None);
        assert_eq!(
            conflict_distance(&via(1, Some(a.clone())), &via(2, Some(a.clone())), true),
            None
        );
        assert_eq!(
            conflict_distance(&via(1, Some(a)), &via(2, Some(b)), true),
            Some(None)
        );
        // `restrict` reaches are apart from everything else, two pointers
        // of one loop version from each other, not from a named object
        let (r1, r2) = (MemObject::Restrict(1), MemObject::Restrict(2));
        let (v1, v2) = (MemObject::Version(7), MemObject::Version(8));
        for (x, y, apart) in [
            (r1.clone(), r2, true),
            (r1.clone(), v1.clone(), true),
            (r1.clone(), r1, false),
            (v1.clone(), v2, true),
            (v1, MemObject::Sym("a".into()), false),
        ] {
            let d = conflict_distance(&via(1, Some(x)), &via(2, Some(y)), true);
            assert_eq!(d, if apart { Some(None) } else { None });
        }
        assert_eq!(conflict_distance(&loaded("x"), &acc(0, 4), true), None);
        assert_eq!(
            conflict_distance(&loaded("y"), &acc(0, 4), true),
            Some(None)
        );
    }

    /// A recurrence that fills its rows: operations 0 and 4 carry long
    /// immediates (two syllables each), 1 and 2 are ALU operations, 3 a
    /// load; 0 → 4 (latency 2), 4 → 1 (1, next iteration), 1 → 0 (1,
    /// next iteration), 0 → 3 (1). ResMII = ⌈7 syllables / 4⌉ = 2; the
    /// cycle 0 → 4 → 1 → 0 has latency 4 over a distance of 2, RecMII =
    /// 2. At II 2 the cycle is tight: t4 = t0 + 2 and t1 = t0 + 1, so 0
    /// and 4 share a row, which their 4 syllables fill; 1, 2 and 3 take
    /// the other (t = 1, 2, 0, 2, 3 for operations 0 to 4). Rau's
    /// placement puts 0, 1, 2 in cycle 0 (row 0 full), 3 in cycle 1, 4
    /// (Estart 2) in the first row with room, cycle 3, which violates 1;
    /// 1 moves to 2, which violates 0; 0 moves to 2, which violates 3 and
    /// 4: the cycle slides two cycles later each round until the budget
    /// runs out, in either order. `Policy::Bounded` keeps 4 at its Estart
    /// and evicts 0 from row 0 instead, and converges.
    #[test]
    fn bounded_placement_reaches_ii_of_a_full_recurrence() {
        let model = ProcessorModel::st231();
        let need = |unit, long_imm| SlotNeeds::new(unit, long_imm, false);
        let needs = [
            need(Unit::Alu, true),
            need(Unit::Alu, false),
            need(Unit::Alu, false),
            need(Unit::Mem, false),
            need(Unit::Alu, true),
        ];
        let e = |from, to, lat, dist| Edge {
            from,
            to,
            lat,
            dist,
        };
        let edges = [e(4, 1, 1, 1), e(0, 4, 2, 0), e(1, 0, 1, 1), e(0, 3, 1, 0)];
        let graph = Graph::new(needs.len(), &edges);
        let mut memo = FitMemo::default();
        let h = graph.heights(2);
        for p in [Policy::Height, Policy::Body] {
            assert!(schedule_at(&model, &mut memo, &needs, &graph, &h, &[], 2, p).is_none());
        }
        let (time, mrt) = schedule_at(
            &model,
            &mut memo,
            &needs,
            &graph,
            &h,
            &[],
            2,
            Policy::Bounded,
        )
        .unwrap();
        for e in &edges {
            assert!(time[e.to] >= time[e.from] + e.lat - 2 * e.dist, "{e:?}");
        }
        assert_eq!(time[4], time[0] + 2);
        assert_eq!(time[1], time[0] + 1);
        assert_eq!(time.iter().min(), Some(&0));
        for row in &mrt.rows {
            let v: Vec<SlotNeeds> = row.needs().collect();
            assert!(list::needs_fit(&model, &v));
        }
    }
}
