//! List scheduling and bundling per basic block (ISA-ST200 §2, §5).
//!
//! A block is cut into regions, each ending at a control operation (calls
//! and branches stay in program order). In a region the dependence DAG has
//! edges with latencies from the selected [`ProcessorModel`]:
//!
//! - true dependence (read after write): `model.latency(producer, consumer)`,
//!   at least 1 (a bundle reads its operands before any of its writes);
//! - anti dependence (write after read): 0 (same bundle allowed);
//! - output dependence (write after write): enough for the second write to
//!   land after the first, at least 1 (§2.3 rule 7, §5.3 WAW);
//! - memory: a store is ordered after and before every other memory
//!   operation it may overlap (latency 1); two accesses cannot overlap when
//!   they use the same base register with no write to it between them and
//!   the same kind of constant offset (a number, the same symbol, or frame
//!   addresses, §7.3) with disjoint byte ranges (`ldw`/`stw` 4 bytes,
//!   `ldh`/`sth` 2, `ldb`/`stb` 1, §4.5), or are two different frame
//!   objects (or a frame object and the incoming-argument area) off one
//!   base, or touch two different C objects (`mem_object`: the tag
//!   instruction selection puts on them from the IR's alias analysis, or
//!   the symbol or frame object of the offset); every other pair (`stwl`,
//!   `pft`, `sync`, … included) may overlap; a volatile load or store
//!   ([`MInst::volatile`]) is ordered after and before every other memory
//!   operation (latency 1), so volatile accesses keep program order;
//! - every operation precedes the region's control operation (latency 0);
//!   on a non-interlocked core (ST220) with the producer's full latency
//!   minus one, so every result has landed when the next block (or the
//!   callee) starts — the conservative rule at block boundaries.
//!
//! The DAG is built in one pass over the region, in time linear in its
//! size: per register the last writer and the readers since that write,
//! and a memory chain (the last "barrier" store, then the stores and loads
//! since it). A read depends on the register's last writer only, a write
//! on the last writer and the readers since: edges to older operations
//! follow by transitivity (an output edge plus a true edge is never
//! shorter than the direct true edge, since latencies are differences of
//! pipeline stages, §5.3), so the longest paths — and the schedule — are
//! those of the all-pairs DAG. A store that may overlap everything, or that
//! finds more than [`MEM_WINDOW`] accesses since the last barrier, becomes
//! the new barrier (ordered after all of them); so does every volatile
//! access.
//!
//! Cycle-driven list scheduling: the ready list holds operations whose
//! predecessors are scheduled and whose latencies have elapsed (an
//! operation enters it when its last predecessor is scheduled, with its
//! earliest cycle); the highest (longest latency-weighted path to the
//! region's end, then the earliest in program order) goes first, if the
//! bundle stays legal by the rules of `isa::bundle` for the model's
//! resources ([`legal_bundle`]). Ready operations are kept in one queue
//! per resource signature (unit, long immediate, stop bit): when the best
//! of a queue does not fit, no other of that queue fits this cycle. Empty
//! cycles become `nop` bundles on a non-interlocked core (the hardware does
//! not stall, §5.1) and vanish on an interlocked one.

use crate::codegen::mir::*;
use isa::bundle::{check_counts, place, BundleRules, SlotNeeds};
use isa::model::{ProcessorModel, ALL_CLASSES};
use isa::ops::{OpClass, Unit};
use smallvec::SmallVec;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A scheduled block: bundles of operations (an empty bundle is a `nop`).
pub type Bundles = Vec<Vec<MInst>>;

/// Accesses tracked since the last barrier store before a store becomes a
/// barrier itself (bounds the work per store).
pub const MEM_WINDOW: usize = 64;

/// The latency of an operation's results for the rule at the region's
/// end: the longest from its class to any consumer class (a branch
/// counts only when the operation writes a branch register), at least 1;
/// 0 for an operation that writes no register but `$r0`.
#[cfg(test)]
fn maxlat(model: &ProcessorModel, i: &MInst) -> u32 {
    let (c, _) = i.class_unit();
    let (mut writes, mut has_br) = (false, false);
    i.for_each_def(|d| {
        writes |= d != Reg::ZERO;
        has_br |= matches!(d, Reg::B(_));
    });
    if writes {
        maxlat_of(model, c, has_br)
    } else {
        0
    }
}

/// [`maxlat`] of an operation of class `c` that writes a register
/// (`has_br`: a branch register among them).
fn maxlat_of(model: &ProcessorModel, c: OpClass, has_br: bool) -> u32 {
    ALL_CLASSES
        .iter()
        .filter(|&&k| has_br || k != OpClass::Branch)
        .map(|&k| model.latency(c, k))
        .max()
        .unwrap_or(0)
        .max(1)
}

pub(crate) fn result_stage(model: &ProcessorModel, c: OpClass) -> u32 {
    model.stages(c).result.unwrap_or(0)
}

/// The result stage of operation `i`: its class's, or for a custom
/// operation the machine declares, its own class's
/// ([`ProcessorModel::op_stages`], ISA-ST200 §4.10).
pub(crate) fn op_result_stage(model: &ProcessorModel, i: &MInst) -> u32 {
    match i.info() {
        Some(info) => model.op_stages(info).result.unwrap_or(0),
        None => result_stage(model, i.class_unit().0),
    }
}

/// The latency from producer `p` to consumer `c`
/// ([`ProcessorModel::op_latency`]: a declared custom operation has the
/// stages of its class).
pub(crate) fn op_latency(model: &ProcessorModel, p: &MInst, c: &MInst) -> u32 {
    match (p.info(), c.info()) {
        (Some(a), Some(b)) => model.op_latency(a, b),
        _ => model.latency(p.class_unit().0, c.class_unit().0),
    }
}

/// [`maxlat_of`] for operation `i` that writes a register: a declared
/// custom operation's result stage against every consumer class.
fn op_maxlat(model: &ProcessorModel, i: &MInst, has_br: bool) -> u32 {
    let result = op_result_stage(model, i);
    ALL_CLASSES
        .iter()
        .filter(|&&k| has_br || k != OpClass::Branch)
        .map(|&k| result.saturating_sub(model.stages(k).read))
        .max()
        .unwrap_or(0)
        .max(1)
}

pub(crate) fn is_mem(c: OpClass) -> bool {
    matches!(
        c,
        OpClass::Load | OpClass::Store | OpClass::StoreCond | OpClass::MemControl
    )
}

pub(crate) fn slot_needs(i: &MInst, model: &ProcessorModel) -> SlotNeeds {
    match i.info() {
        // A custom operation the machine declares takes the units and
        // lanes of its class (`isa::bundle::SlotNeeds::of_info`).
        Some(info) if info.class == OpClass::Custom => {
            SlotNeeds::of_info(info, i.long_imm(), model)
        }
        _ => {
            let (_, unit) = i.class_unit();
            SlotNeeds::new(
                unit,
                i.long_imm(),
                i.info().is_some_and(|x| x.fixed_stop_bit()),
            )
        }
    }
}

/// The resource rules of `isa::bundle` (ISA-ST200 §2.3 rules 1–6) for
/// `needs` under `model`: counts, then a lane placement for both
/// word-address parities.
fn resources_ok(model: &ProcessorModel, needs: &[SlotNeeds]) -> bool {
    !needs.is_empty() && needs_fit(model, needs)
}

/// True if operations of resource needs `needs` fit one bundle under
/// `model` (an empty bundle does; the rules of [`resources_ok`], also for
/// the modulo reservation table of [`crate::codegen::sched::modulo`]).
pub(crate) fn needs_fit(model: &ProcessorModel, needs: &[SlotNeeds]) -> bool {
    if needs.is_empty() {
        return true;
    }
    if needs.len() > MAX_KEYED_NEEDS {
        return needs_fit_now(model, needs);
    }
    needs_fit_keyed(model, needs.iter().map(needs_key).sum(), needs)
}

/// Most needs [`needs_key`] sums stand for (a code's count must stay
/// below 16).
pub(crate) const MAX_KEYED_NEEDS: usize = 12;

/// [`needs_fit`] of at most [`MAX_KEYED_NEEDS`] needs whose
/// [`needs_key`]s sum to `key`. The answer depends only on the limits and
/// the multiset of needs (placement tries every order): memoised per
/// thread by the limits and `key`.
pub(crate) fn needs_fit_keyed(model: &ProcessorModel, key: u128, needs: &[SlotNeeds]) -> bool {
    debug_assert!(needs.len() <= MAX_KEYED_NEEDS);
    debug_assert_eq!(key, needs.iter().map(needs_key).sum::<u128>());
    if needs.iter().any(|n| n.class.is_some()) {
        // A declared custom class is not in the key: decide afresh.
        return needs_fit_now(model, needs);
    }
    let key = (rules_key(model), key);
    thread_local! {
        static FITS: std::cell::RefCell<crate::hash::HashMap<(u64, u128), bool>> =
            Default::default();
    }
    if let Some(f) = FITS.with(|m| m.borrow().get(&key).copied()) {
        return f;
    }
    let f = needs_fit_now(model, needs);
    FITS.with(|m| m.borrow_mut().insert(key, f));
    f
}

/// A hash of what decides bundle legality on `model` (issue width,
/// resources, lanes, custom classes), the memo key of [`needs_fit_keyed`].
fn rules_key(model: &ProcessorModel) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    model.issue_width.hash(&mut h);
    model.resources.hash(&mut h);
    model.lanes.hash(&mut h);
    model.classes.hash(&mut h);
    h.finish()
}

/// [`needs_fit`] without the memo. The mnemonics the checks take serve
/// only their error messages, dropped here. The bundle's address is not
/// known yet: it must fit from every start lane.
fn needs_fit_now(model: &ProcessorModel, needs: &[SlotNeeds]) -> bool {
    let cap = Capacity::of(model);
    if !cap.counts_fit(needs) {
        return false;
    }
    let rules = BundleRules::new(model);
    let name = |_: usize| "operation";
    check_counts(needs, &rules, name).is_ok()
        && rules
            .start_lanes()
            .all(|lane| place(needs, lane, &rules, true, name).is_ok())
}

/// What one bundle of a machine holds, as the schedulers count it
/// (ISA-ST200 §2.2, §2.3, §5.4, from the machine description): issue
/// slots (at most the issue width), ALUs, memory, control and multiply
/// units, and the lanes that may hold a multiply or the owner of a long
/// immediate (`odd`: the lanes of `lanes.mul` and `lanes.long_imm`) and an
/// extension syllable or an EVEN-lane operation (`even`: the lanes of
/// `lanes.extension` and `lanes.even`). On the built-in machines every one
/// of these counts is implied by the bundle rules of `isa::bundle` (4
/// slots, 4 ALUs, 2 odd and 2 even lanes), so the schedules there do not
/// change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Capacity {
    /// Issue slots (syllables).
    pub issue: usize,
    /// Integer ALUs ([`Unit::Alu`] operations).
    pub alu: usize,
    /// Memory units.
    pub mem: usize,
    /// Control units.
    pub ctl: usize,
    /// Multipliers.
    pub mul: usize,
    /// Lanes for multiplies and long-immediate owners.
    pub odd: usize,
    /// Lanes for extension syllables and EVEN-lane operations.
    pub even: usize,
    /// Whether an extension syllable takes an issue slot.
    pub ext_issue: bool,
}

impl Capacity {
    /// The capacities of `model`.
    pub fn of(model: &ProcessorModel) -> Capacity {
        use isa::model::LaneClass;
        let r = &model.resources;
        let lanes = |a: LaneClass, b: LaneClass| {
            (model.lane_mask(a) | model.lane_mask(b)).count_ones() as usize
        };
        Capacity {
            issue: (r.issue.min(model.issue_width) as usize).max(1),
            alu: (r.alu_units() as usize).max(1),
            mem: (r.mem as usize).max(1),
            ctl: (r.ctl as usize).max(1),
            mul: (r.odd as usize).max(1),
            odd: lanes(LaneClass::Mul, LaneClass::LongImm).max(1),
            even: lanes(LaneClass::Extension, LaneClass::Even).max(1),
            ext_issue: model.extension_takes_issue(),
        }
    }

    /// Issue slots taken by an operation of needs `n`: 1, plus its
    /// extension syllable when that takes a slot.
    pub fn slots(&self, n: &SlotNeeds) -> usize {
        1 + (n.long_imm && self.ext_issue) as usize
    }

    /// Whether operations of needs `needs` stay within every count of
    /// one bundle (placement on lanes aside). A single operation always
    /// does: one that is illegal even alone still gets a bundle of its
    /// own, and the assembler names the rule it breaks.
    pub fn counts_fit(&self, needs: &[SlotNeeds]) -> bool {
        if needs.len() <= 1 {
            return true;
        }
        let count = |f: &dyn Fn(&SlotNeeds) -> bool| needs.iter().filter(|n| f(n)).count();
        needs.iter().map(|n| self.slots(n)).sum::<usize>() <= self.issue
            && count(&|n| n.unit == Unit::Alu) <= self.alu
            && count(&|n| matches!(n.unit, Unit::Mem | Unit::CtlMem)) <= self.mem
            && count(&|n| matches!(n.unit, Unit::Ctl | Unit::CtlMem)) <= self.ctl
            && count(&|n| n.unit == Unit::Mul) <= self.mul
            && count(&|n| n.unit == Unit::Mul || n.long_imm) <= self.odd
            && count(&|n| n.unit == Unit::Even || n.long_imm) <= self.even
    }
}

/// The resource needs of one operation as a number in 1..=28: its digit
/// in [`needs_key`], and the index of the answers the modulo scheduler's
/// reservation table keeps per row.
pub(crate) fn needs_code(n: &SlotNeeds) -> u64 {
    let unit = match n.unit {
        Unit::Alu => 0,
        Unit::Mul => 1,
        Unit::Even => 2,
        Unit::Mem => 3,
        Unit::Ctl => 4,
        Unit::CtlMem => 5,
        Unit::Alone => 6,
    };
    1 + unit * 4 + 2 * n.long_imm as u64 + n.last as u64
}

/// One operation's part of the key of a multiset of needs: a 1 in the
/// 4-bit digit of its [`needs_code`]. The sum over the operations counts
/// each code in its digit, the same whatever their order, so that up to
/// [`MAX_KEYED_NEEDS`] operations (fewer than 16 of a code) give every
/// multiset its own key.
pub(crate) fn needs_key(n: &SlotNeeds) -> u128 {
    1 << (4 * needs_code(n))
}

/// Rule 7 of ISA-ST200 §2.3 on machine registers: no two operations write
/// one register (`$r0` aside; calls, whose writes are clobbers, aside).
pub(crate) fn writes_ok(ops: &[&MInst]) -> bool {
    let mut w: SmallVec<[Reg; 16]> = SmallVec::new();
    for i in ops {
        if !i.imp_defs.is_empty() {
            continue;
        }
        let mut clash = false;
        i.for_each_def(|d| {
            if d != Reg::ZERO {
                clash |= w.contains(&d);
                w.push(d);
            }
        });
        if clash {
            return false;
        }
    }
    true
}

/// True if the operations can share one bundle under `model`'s resources:
/// the bundle rules of `isa::bundle` (ISA-ST200 §2.3: issue width with a
/// long immediate counting two syllables, one control and one memory
/// operation, multiplies on odd lanes, `syscall` alone; checked by
/// [`check_counts`], then a lane placement by [`place`] for both
/// word-address parities, since the bundle's address is not known yet),
/// and rule 7 on the machine registers: no two operations write one
/// register (`$r0` aside; calls, whose writes are clobbers, aside).
pub fn legal_bundle(model: &ProcessorModel, ops: &[&MInst]) -> bool {
    let needs: Vec<SlotNeeds> = ops.iter().map(|i| slot_needs(i, model)).collect();
    resources_ok(model, &needs) && writes_ok(ops)
}

/// Schedules the operations of one block into bundles. `bundle == false`
/// keeps program order with one operation per bundle (`-mno-bundle`),
/// still inserting the `nop`s a non-interlocked core needs.
pub fn schedule_block(model: &ProcessorModel, insts: Vec<MInst>, bundle: bool) -> Bundles {
    schedule_block_with(model, insts, bundle, true)
}

/// The operations of a block in the order a list schedule issues them
/// (cycle by cycle; within a cycle in program order, the control
/// operation last), for scheduling before register allocation: the
/// allocator then sees independent operations interleaved and gives them
/// different registers, so the schedule after allocation keeps their
/// parallelism instead of meeting the anti and output dependences a
/// reused register creates.
/// Returns the permutation: position `k` of the new order holds
/// operation `order[k]` of `insts`.
pub fn prepass_order(model: &ProcessorModel, insts: &[MInst]) -> Vec<usize> {
    let mut order = Vec::with_capacity(insts.len());
    // the regions of schedule_block_with: each ends at a control operation
    // or an inline assembly statement (which stays in place)
    for ops in insts.split_inclusive(|i| i.is_control() || i.is_asm()) {
        let start = order.len();
        if let Some((last, rest)) = ops.split_last().filter(|(l, _)| l.is_asm()) {
            let (cycle_of, _) = region_cycles(model, rest, true, true, &[]);
            let mut idx: Vec<usize> = (0..rest.len()).collect();
            idx.sort_by_key(|&j| (cycle_of[j], rest[j].is_control(), j));
            order.extend(idx.into_iter().map(|j| start + j));
            let _ = last;
            order.push(start + rest.len());
            continue;
        }
        let (cycle_of, _) = region_cycles(model, ops, true, true, &[]);
        let mut idx: Vec<usize> = (0..ops.len()).collect();
        idx.sort_by_key(|&j| (cycle_of[j], ops[j].is_control(), j));
        order.extend(idx.into_iter().map(|j| start + j));
    }
    order
}

/// [`schedule_block`]; `disambiguate == false` orders every store after
/// and before every other memory operation (no address analysis).
pub fn schedule_block_with(
    model: &ProcessorModel,
    insts: Vec<MInst>,
    bundle: bool,
    disambiguate: bool,
) -> Bundles {
    schedule_block_after(model, insts, bundle, disambiguate, &[])
}

/// A register written near the end of a block that flows into the block
/// being scheduled: the register, the operation writing it, and the
/// bundles issued after that operation's (0: it is in the last bundle).
pub type EntryWrite<'a> = (Reg, &'a MInst, usize);

/// [`schedule_block_with`] knowing the writes `entry` of the blocks that
/// flow into this one: an operation of the first region that reads such a
/// register before the block writes it does not issue before the result
/// is there (by the latency from its writer, less the bundles between
/// them), so that operations which need no such value fill the cycles
/// ahead instead of the scoreboard stalling the whole bundle.
pub fn schedule_block_after(
    model: &ProcessorModel,
    insts: Vec<MInst>,
    bundle: bool,
    disambiguate: bool,
    entry: &[EntryWrite],
) -> Bundles {
    let mut out: Bundles = vec![];
    let mut region: Vec<MInst> = vec![];
    let mut first = true;
    for i in insts {
        if i.is_asm() {
            // inline assembly: bundles of its own, after every operation
            // before it and before every one after it
            if !region.is_empty() {
                let ops = std::mem::take(&mut region);
                let floor = if first {
                    entry_floor(model, &ops, entry)
                } else {
                    vec![]
                };
                schedule_region(model, ops, bundle, disambiguate, &floor, &mut out);
            }
            first = false;
            // no interlocks (ISA-ST200 §5.1): every result before the
            // statement lands before it, and its own results (the last of
            // its operations may be a load) before the code after it
            let wait = if model.interlocked {
                0
            } else {
                maxlat_of(model, OpClass::Load, true).max(maxlat_of(model, OpClass::Mul, true))
            };
            out.extend((1..wait).map(|_| vec![]));
            out.push(vec![i]);
            out.extend((1..wait).map(|_| vec![]));
            continue;
        }
        let ctl = i.is_control();
        region.push(i);
        if ctl {
            let ops = std::mem::take(&mut region);
            let floor = if first {
                entry_floor(model, &ops, entry)
            } else {
                vec![]
            };
            first = false;
            schedule_region(model, ops, bundle, disambiguate, &floor, &mut out);
        }
    }
    if !region.is_empty() {
        let floor = if first {
            entry_floor(model, &region, entry)
        } else {
            vec![]
        };
        schedule_region(model, region, bundle, disambiguate, &floor, &mut out);
    }
    out
}

/// The earliest cycle of each operation of `ops` (the first region of a
/// block) by the writes `entry` of the blocks before it (empty when there
/// are none).
fn entry_floor(model: &ProcessorModel, ops: &[MInst], entry: &[EntryWrite]) -> Vec<usize> {
    if entry.is_empty() {
        return vec![];
    }
    let mut floor = vec![0usize; ops.len()];
    let mut written: Vec<Reg> = vec![];
    for (j, c) in ops.iter().enumerate() {
        c.for_each_use(|r| {
            if written.contains(&r) {
                return;
            }
            for &(x, p, after) in entry {
                if x == r {
                    let need = (op_latency(model, p, c) as usize).saturating_sub(after + 1);
                    floor[j] = floor[j].max(need);
                }
            }
        });
        c.for_each_def(|r| written.push(r));
    }
    floor
}

/// What an offset is relative to, besides the base register.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum OffsetKind {
    /// A plain number.
    Number,
    /// The address of a symbol.
    Sym(String),
    /// Frame object `n` (ISA-ST200 §7.3).
    Obj(u32),
    /// The incoming-argument area (the caller's frame).
    Incoming,
}

/// An [`OffsetKind`] that borrows its symbol from the operation (the
/// dependence builder copies no string per access).
#[derive(Clone, Copy, Debug, PartialEq)]
enum KindRef<'a> {
    Number,
    Sym(&'a str),
    Obj(u32),
    Incoming,
}

/// A [`MemObject`] that borrows its symbol from the operation.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ObjectRef<'a> {
    Sym(&'a str),
    Frame(u32),
    Restrict(u32),
    Version(u32),
}

impl ObjectRef<'_> {
    /// [`MemObject::disjoint`], borrowed.
    fn disjoint(&self, o: &ObjectRef) -> bool {
        use ObjectRef::*;
        match (self, o) {
            (Sym(a), Sym(b)) => a != b,
            (Frame(a), Frame(b)) => a != b,
            (Sym(_), Frame(_)) | (Frame(_), Sym(_)) => true,
            (Restrict(a), Restrict(b)) => a != b,
            (Restrict(_), _) | (_, Restrict(_)) => true,
            (Version(a), Version(b)) => a != b,
            _ => false,
        }
    }

    /// [`MemObject::is_named`], borrowed.
    fn is_named(&self) -> bool {
        matches!(self, ObjectRef::Sym(_) | ObjectRef::Frame(_))
    }
}

/// The bytes an access touches: `[lo, hi)` past `base` (as it was written
/// by operation `base_writer` of the region, `None`: before the region)
/// plus what `kind` stands for.
#[derive(Clone, Debug, PartialEq)]
struct Addr<'a> {
    base: Reg,
    base_writer: Option<usize>,
    kind: KindRef<'a>,
    lo: i64,
    hi: i64,
}

/// Bytes accessed by a load or store of the integer forms of ISA-ST200
/// §4.5; `None` for other memory operations.
fn access_bytes(i: &MInst) -> Option<i64> {
    let m = i.info()?.mnemonic;
    let m = m.strip_suffix(".d").unwrap_or(m);
    Some(match m {
        "ldw" | "stw" => 4,
        "ldh" | "ldhu" | "sth" => 2,
        "ldb" | "ldbu" | "stb" => 1,
        _ => return None,
    })
}

/// The object a load or store touches, when known: the tag instruction
/// selection put on it, or the symbol or frame object its offset names
/// (an index register added to it stays inside that object).
pub(crate) fn mem_object(op: &MInst) -> Option<MemObject> {
    mem_object_ref(op).map(|o| match o {
        ObjectRef::Sym(s) => MemObject::Sym(s.to_string()),
        ObjectRef::Frame(n) => MemObject::Frame(n),
        ObjectRef::Restrict(n) => MemObject::Restrict(n),
        ObjectRef::Version(n) => MemObject::Version(n),
    })
}

/// [`mem_object`], borrowed from `op`.
fn mem_object_ref(op: &MInst) -> Option<ObjectRef<'_>> {
    match &op.mem {
        Some(MemObject::Sym(s)) => return Some(ObjectRef::Sym(s)),
        Some(MemObject::Frame(n)) => return Some(ObjectRef::Frame(*n)),
        Some(MemObject::Restrict(n)) => return Some(ObjectRef::Restrict(*n)),
        Some(MemObject::Version(n)) => return Some(ObjectRef::Version(*n)),
        None => {}
    }
    match access_parts_ref(op)?.1 {
        KindRef::Sym(s) => Some(ObjectRef::Sym(s)),
        KindRef::Obj(n) => Some(ObjectRef::Frame(n)),
        KindRef::Number | KindRef::Incoming => None,
    }
}

/// True if the type-based alias rule separates loads or stores `a` and
/// `b` (C99 §6.5p7; the IR's rule, [`crate::opt::alias`]): both carry
/// their program's access type ([`MInst::access_type`]), the types differ
/// and neither is `i8`, and they are not known to touch one named object
/// (a `char` pool carved into typed pieces stays may-alias).
pub(crate) fn type_disjoint(a: &MInst, b: &MInst) -> bool {
    // the objects only matter when both types are known
    a.access_type.is_some()
        && b.access_type.is_some()
        && types_separate(
            (a.access_type, mem_object_ref(a).as_ref()),
            (b.access_type, mem_object_ref(b).as_ref()),
        )
}

/// [`type_disjoint`] on (access type, object) pairs.
fn types_separate(
    (x, ox): (Option<crate::ir::Type>, Option<&ObjectRef>),
    (y, oy): (Option<crate::ir::Type>, Option<&ObjectRef>),
) -> bool {
    use crate::ir::Type;
    let (Some(x), Some(y)) = (x, y) else {
        return false;
    };
    x != y
        && x != Type::I8
        && y != Type::I8
        && !matches!((ox, oy), (Some(p), Some(q)) if p == q && p.is_named())
}

/// A memory operation of a region for the dependence builder: its
/// address (`None`: unknown), object (`None`: unknown) and access type.
struct MemRef<'a> {
    addr: Option<Addr<'a>>,
    object: Option<ObjectRef<'a>>,
    access_type: Option<crate::ir::Type>,
}

/// True if two accesses may touch a common byte: not when they touch two
/// different objects or the type-based rule separates them
/// ([`type_disjoint`]), else by their addresses ([`may_overlap_addr`]).
fn may_overlap(a: &MemRef, b: &MemRef) -> bool {
    if let (Some(x), Some(y)) = (&a.object, &b.object) {
        if x.disjoint(y) {
            return false;
        }
    }
    if types_separate(
        (a.access_type, a.object.as_ref()),
        (b.access_type, b.object.as_ref()),
    ) {
        return false;
    }
    may_overlap_addr(&a.addr, &b.addr)
}

/// True if two addresses may touch a common byte (`None`: anything).
fn may_overlap_addr(a: &Option<Addr>, b: &Option<Addr>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return true;
    };
    if a.base != b.base || a.base_writer != b.base_writer {
        return true;
    }
    use KindRef::*;
    match (&a.kind, &b.kind) {
        (Obj(x), Obj(y)) if x != y => false,
        (Obj(_), Incoming) | (Incoming, Obj(_)) => false,
        (x, y) if x == y => a.lo < b.hi && b.lo < a.hi,
        _ => true,
    }
}

/// One region's dependence DAG: successors with latencies.
struct Dag {
    /// The successors of operation `k`, in the order their edges were
    /// added: `succs[start[k]..start[k + 1]]`.
    start: Vec<usize>,
    succs: Vec<(usize, u32)>,
    npreds: Vec<u32>,
}

impl Dag {
    /// The DAG of `n` operations with `edges` (from, to, latency).
    fn new(n: usize, edges: &[(usize, usize, u32)]) -> Dag {
        let mut start = vec![0usize; n + 1];
        let mut npreds = vec![0u32; n];
        for &(from, to, _) in edges {
            debug_assert!(from < to);
            start[from + 1] += 1;
            npreds[to] += 1;
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut succs = vec![(0, 0); edges.len()];
        for &(from, to, lat) in edges {
            succs[next[from]] = (to, lat);
            next[from] += 1;
        }
        Dag {
            start,
            succs,
            npreds,
        }
    }

    fn succs(&self, k: usize) -> &[(usize, u32)] {
        &self.succs[self.start[k]..self.start[k + 1]]
    }
}

/// No operation, reader or register number (the sentinel of the dense
/// tables below).
const NONE: u32 = u32::MAX;

/// Dense numbers `0, 1, …` for the registers of one region, in order of
/// first mention: a table indexed by the register (physical ones first,
/// then the virtual ones by index) stamped with the region it was filled
/// for, so that starting a region clears nothing. One per thread, reused
/// by every region (the dependence builder's per-register state then
/// lives in plain vectors instead of a hash map).
#[derive(Default)]
struct RegNumbers {
    /// Per register slot: the region stamp and number it was given.
    slots: Vec<(u32, u32)>,
    /// The current region's stamp.
    stamp: u32,
    /// Numbers given in the current region.
    count: u32,
}

impl RegNumbers {
    /// Starts a region: every register is unnumbered again.
    fn start(&mut self) {
        if self.stamp == u32::MAX {
            self.slots.iter_mut().for_each(|s| s.0 = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.count = 0;
    }
    /// The slot of `r`: general registers first, then branch registers,
    /// then virtual ones.
    fn slot(r: Reg) -> usize {
        match r {
            Reg::G(n) => n as usize,
            Reg::B(n) => 256 + n as usize,
            Reg::V(v) => 512 + v.index(),
        }
    }
    /// The number of `r`, given now if it has none (then with a new entry
    /// `(NONE, NONE)` of `state`, indexed by the numbers).
    fn number(&mut self, r: Reg, state: &mut Vec<(u32, u32)>) -> usize {
        let k = Self::slot(r);
        if k >= self.slots.len() {
            self.slots.resize(k + 1, (0, 0));
        }
        let s = &mut self.slots[k];
        if s.0 != self.stamp {
            *s = (self.stamp, self.count);
            self.count += 1;
            state.push((NONE, NONE));
        }
        s.1 as usize
    }
    /// The number of `r` if it has one in the current region.
    fn get(&self, r: Reg) -> Option<u32> {
        self.slots
            .get(Self::slot(r))
            .filter(|s| s.0 == self.stamp)
            .map(|s| s.1)
    }
}

thread_local! {
    static REG_NUMBERS: std::cell::RefCell<RegNumbers> = Default::default();
}

/// What the list scheduler needs of a region's operations besides the
/// DAG, gathered by [`build_dag`] in its one pass.
struct RegionFacts {
    /// [`maxlat`] of each operation.
    ml: Vec<u32>,
    /// The registers operation `k` writes, as region numbers, `$r0` left
    /// out: `defs[def_start[k]..def_start[k + 1]]`; none for an operation
    /// with implicit definitions (a call: its writes are clobbers, which
    /// rule 7 does not count).
    def_start: Vec<u32>,
    defs: Vec<u32>,
}

impl RegionFacts {
    fn defs(&self, k: usize) -> &[u32] {
        &self.defs[self.def_start[k] as usize..self.def_start[k + 1] as usize]
    }
}

/// Builds the dependence DAG of a region (see the module documentation),
/// and the [`RegionFacts`] of its operations.
fn build_dag(model: &ProcessorModel, ops: &[MInst], disambiguate: bool) -> (Dag, RegionFacts) {
    REG_NUMBERS.with(|numbers| {
        let numbers = &mut *numbers.borrow_mut();
        numbers.start();
        build_dag_with(model, ops, disambiguate, numbers)
    })
}

/// [`build_dag`] with the register numbering of the thread.
fn build_dag_with(
    model: &ProcessorModel,
    ops: &[MInst],
    disambiguate: bool,
    numbers: &mut RegNumbers,
) -> (Dag, RegionFacts) {
    let n = ops.len();
    let has_ctl = ops.last().is_some_and(|i| i.is_control());
    let mut edges: Vec<(usize, usize, u32)> = Vec::with_capacity(2 * n);
    let mut dag = EdgeList(&mut edges);
    // per register number: its last writer, and the head of the list of
    // its readers since (each reader entry: operation, next entry), NONE
    // for none
    let mut state: Vec<(u32, u32)> = Vec::with_capacity(n);
    let mut reader_entries: Vec<(u32, u32)> = Vec::with_capacity(2 * n);
    let mut facts = RegionFacts {
        ml: Vec::with_capacity(n),
        def_start: Vec::with_capacity(n + 1),
        defs: Vec::with_capacity(n),
    };
    facts.def_start.push(0);
    // maxlat_of by class and "writes a branch register"
    let mut maxlats = [[NONE; 2]; ALL_CLASSES.len()];
    let mut barrier: Option<usize> = None;
    let mut stores: Vec<(usize, MemRef)> = vec![];
    let mut loads: Vec<(usize, MemRef)> = vec![];
    for (j, op) in ops.iter().enumerate() {
        let cj = op.class_unit().0;
        // memory, with the address as the base register stands before j
        if is_mem(cj) {
            let m = if disambiguate {
                let addr = access_parts_ref(op).map(|(base, kind, off, size)| Addr {
                    base,
                    base_writer: if base == Reg::ZERO {
                        None
                    } else {
                        numbers
                            .get(base)
                            .map(|b| state[b as usize].0)
                            .filter(|&w| w != NONE)
                            .map(|w| w as usize)
                    },
                    kind,
                    lo: off,
                    hi: off + size,
                });
                MemRef {
                    addr,
                    object: mem_object_ref(op),
                    access_type: op.access_type,
                }
            } else {
                MemRef {
                    addr: None,
                    object: None,
                    access_type: None,
                }
            };
            let is_load = cj == OpClass::Load;
            if let Some(b) = barrier {
                dag.edge(b, j, 1);
            }
            if is_load && !op.volatile {
                for (s, a) in &stores {
                    if may_overlap(a, &m) {
                        dag.edge(*s, j, 1);
                    }
                }
                loads.push((j, m));
            } else if op.volatile
                || (m.addr.is_none() && m.object.is_none())
                || stores.len() + loads.len() > MEM_WINDOW
            {
                for &(k, _) in stores.iter().chain(&loads) {
                    dag.edge(k, j, 1);
                }
                stores.clear();
                loads.clear();
                barrier = Some(j);
            } else {
                for (k, a) in stores.iter().chain(&loads) {
                    if may_overlap(a, &m) {
                        dag.edge(*k, j, 1);
                    }
                }
                stores.push((j, m));
            }
        }
        // true dependences on the last writers
        op.for_each_use(|u| {
            if u == Reg::ZERO {
                return;
            }
            let k = numbers.number(u, &mut state);
            let (w, head) = state[k];
            if w != NONE {
                let w = w as usize;
                dag.edge(w, j, op_latency(model, &ops[w], op).max(1));
            }
            if head == NONE || reader_entries[head as usize].0 != j as u32 {
                reader_entries.push((j as u32, head));
                state[k].1 = (reader_entries.len() - 1) as u32;
            }
        });
        // anti and output dependences
        let clobbers = !op.imp_defs.is_empty();
        let (mut writes, mut has_br) = (false, false);
        op.for_each_def(|d| {
            if d == Reg::ZERO {
                return;
            }
            writes = true;
            has_br |= matches!(d, Reg::B(_));
            let k = numbers.number(d, &mut state);
            if !clobbers {
                facts.defs.push(k as u32);
            }
            let (w, mut e) = state[k];
            if w != NONE {
                let w = w as usize;
                if !clobbers && w != j {
                    let a = op_result_stage(model, &ops[w]) as i64;
                    let b = op_result_stage(model, op) as i64;
                    dag.edge(w, j, (a - b + 1).max(1) as u32);
                }
            }
            while e != NONE {
                let (r, next) = reader_entries[e as usize];
                if r as usize != j {
                    dag.edge(r as usize, j, 0);
                }
                e = next;
            }
            state[k] = (j as u32, NONE);
        });
        facts.def_start.push(facts.defs.len() as u32);
        facts.ml.push(if writes && cj == OpClass::Custom {
            op_maxlat(model, op, has_br)
        } else if writes {
            let m = &mut maxlats[cj as usize][has_br as usize];
            if *m == NONE {
                *m = maxlat_of(model, cj, has_br);
            }
            *m
        } else {
            0
        });
    }
    if has_ctl && n > 0 {
        for (i, m) in facts.ml.iter().enumerate().take(n - 1) {
            let l = if model.interlocked {
                0
            } else {
                m.saturating_sub(1)
            };
            dag.edge(i, n - 1, l);
        }
    }
    (Dag::new(n, &edges), facts)
}

/// The edges of a DAG as [`build_dag`] finds them.
struct EdgeList<'a>(&'a mut Vec<(usize, usize, u32)>);

impl EdgeList<'_> {
    fn edge(&mut self, from: usize, to: usize, lat: u32) {
        self.0.push((from, to, lat));
    }
}

/// The parts of the address a load or store of ISA-ST200 §4.5 reads
/// (`imm[$rs]`): the base register, what the offset is relative to, the
/// offset and the bytes accessed; `None` for other operations or operand
/// shapes.
pub(crate) fn access_parts(op: &MInst) -> Option<(Reg, OffsetKind, i64, i64)> {
    let (base, kind, off, size) = access_parts_ref(op)?;
    let kind = match kind {
        KindRef::Number => OffsetKind::Number,
        KindRef::Sym(s) => OffsetKind::Sym(s.to_string()),
        KindRef::Obj(n) => OffsetKind::Obj(n),
        KindRef::Incoming => OffsetKind::Incoming,
    };
    Some((base, kind, off, size))
}

/// [`access_parts`], borrowed from `op`.
fn access_parts_ref(op: &MInst) -> Option<(Reg, KindRef<'_>, i64, i64)> {
    let size = access_bytes(op)?;
    let k = op.info()?.imm_operand()?;
    let Some(Opnd::R(base)) = op.ops.get(k + 1) else {
        return None;
    };
    let (kind, off) = match op.ops.get(k)? {
        Opnd::Imm(v) => (KindRef::Number, *v),
        Opnd::Sym(s, a) => (KindRef::Sym(s), *a),
        Opnd::Frame(FrameRef::Obj(n, o)) => (KindRef::Obj(*n), *o as i64),
        Opnd::Frame(FrameRef::Incoming(o)) => (KindRef::Incoming, *o as i64),
        _ => return None,
    };
    Some((*base, kind, off, size))
}

/// Ready operations of one resource signature ([`needs_code`]), best
/// first: (height, earliest in program order).
type ReadyQueues = Vec<(u64, BinaryHeap<(u32, Reverse<usize>)>)>;

fn schedule_region(
    model: &ProcessorModel,
    ops: Vec<MInst>,
    bundle: bool,
    disambiguate: bool,
    floor: &[usize],
    out: &mut Bundles,
) {
    let n = ops.len();
    let has_ctl = ops.last().is_some_and(|i| i.is_control());
    let (cycle_of, ml) = region_cycles(model, &ops, bundle, disambiguate, floor);
    let last = cycle_of.iter().copied().max().unwrap_or(0);
    // fall-through end of a block on a non-interlocked core: wait for results
    let mut total = last + 1;
    if !model.interlocked && !has_ctl {
        let need = (0..n)
            .map(|i| cycle_of[i] + ml[i] as usize)
            .max()
            .unwrap_or(0);
        total = total.max(need);
    }
    // the operations by cycle, in program order within one
    let mut bundles: Bundles = (0..total).map(|_| vec![]).collect();
    for (j, i) in ops.into_iter().enumerate() {
        bundles[cycle_of[j]].push(i);
    }
    for mut v in bundles {
        // control op first in the bundle (§2.3 rule 2; las reorders
        // anyway); only the region's last operation is one
        if v.len() > 1 && v.last().is_some_and(|i| i.is_control()) {
            v.rotate_right(1);
        }
        if v.is_empty() && model.interlocked {
            continue;
        }
        out.push(v);
    }
}

/// The cycle of each operation of a region (`ops`, its control operation
/// last if any) in a list schedule (one operation per cycle in order when
/// `bundle` is false), and the latency of each operation's results
/// ([`maxlat`]).
fn region_cycles(
    model: &ProcessorModel,
    ops: &[MInst],
    bundle: bool,
    disambiguate: bool,
    floor: &[usize],
) -> (Vec<usize>, Vec<u32>) {
    let n = ops.len();
    let (mut dag, facts) = build_dag(model, ops, disambiguate);
    // predecessors not scheduled yet
    let mut npreds = std::mem::take(&mut dag.npreds);
    let mut cycle_of = vec![usize::MAX; n];
    let mut earliest = vec![0usize; n];
    for (e, &f) in earliest.iter_mut().zip(floor) {
        *e = f;
    }
    if !bundle {
        let mut c = 0usize;
        for j in 0..n {
            let cyc = if j == 0 {
                earliest[j]
            } else {
                earliest[j].max(c + 1)
            };
            cycle_of[j] = cyc;
            c = cyc;
            for &(s, l) in dag.succs(j) {
                earliest[s] = earliest[s].max(cyc + l as usize);
            }
        }
        return (cycle_of, facts.ml);
    }
    // priority: longest path to the end
    let mut height = vec![0u32; n];
    for i in (0..n).rev() {
        for &(s, l) in dag.succs(i) {
            height[i] = height[i].max(height[s] + l);
        }
    }
    let needs: Vec<SlotNeeds> = ops.iter().map(|i| slot_needs(i, model)).collect();
    let codes: Vec<u64> = needs.iter().map(needs_code).collect();
    // ready queues, one per signature: (height, earliest in order); the
    // queue of each signature code
    let mut queues: ReadyQueues = vec![];
    let mut queue_of = [usize::MAX; 32];
    let mut push_ready = |queues: &mut ReadyQueues, j: usize| {
        let c = codes[j];
        let q = &mut queue_of[c as usize];
        if *q == usize::MAX {
            queues.push((c, BinaryHeap::new()));
            *q = queues.len() - 1;
        }
        queues[*q].1.push((height[j], Reverse(j)));
    };
    // released operations waiting for their earliest cycle
    let mut waiting: BinaryHeap<Reverse<(usize, usize)>> = BinaryHeap::new();
    for (j, &np) in npreds.iter().enumerate() {
        if np == 0 {
            if earliest[j] > 0 {
                waiting.push(Reverse((earliest[j], j)));
            } else {
                push_ready(&mut queues, j);
            }
        }
    }
    let mut done = 0;
    let mut cyc = 0usize;
    let mut in_bundle: Vec<usize> = vec![];
    let mut dead: Vec<bool> = vec![];
    let mut deferred: Vec<usize> = vec![];
    // the needs of the bundle (with a candidate while it is tried)
    let mut tn: Vec<SlotNeeds> = vec![];
    // the registers the bundle writes (rule 7)
    let mut written: SmallVec<[u32; 16]> = SmallVec::new();
    while done < n {
        while let Some(&Reverse((e, j))) = waiting.peek() {
            if e > cyc {
                break;
            }
            waiting.pop();
            push_ready(&mut queues, j);
        }
        if queues.iter().all(|(_, q)| q.is_empty()) {
            match waiting.peek() {
                Some(&Reverse((e, _))) => {
                    cyc = e;
                    continue;
                }
                None => unreachable!("the dependence graph is acyclic"),
            }
        }
        in_bundle.clear();
        dead.clear();
        dead.resize(queues.len(), false);
        tn.clear();
        written.clear();
        // the sum of the needs_keys of the bundle, and whether two of its
        // operations (or one twice) write one register
        let mut key: u128 = 0;
        let mut clash = false;
        loop {
            // the best head among the live queues
            let best = queues
                .iter()
                .enumerate()
                .filter(|(q, _)| !dead.get(*q).copied().unwrap_or(false))
                .filter_map(|(q, (_, h))| h.peek().map(|&top| (top, q)))
                .max();
            let Some(((_, Reverse(j)), q)) = best else {
                break;
            };
            let dj = facts.defs(j);
            if !in_bundle.is_empty() {
                tn.push(needs[j]);
                let fits = if tn.len() > MAX_KEYED_NEEDS {
                    needs_fit_now(model, &tn)
                } else {
                    needs_fit_keyed(model, key + needs_key(&needs[j]), &tn)
                };
                tn.pop();
                // an operation that is illegal even alone still gets
                // its own bundle (las then names the broken rule)
                if !fits {
                    dead.resize(queues.len().max(q + 1), false);
                    dead[q] = true;
                    continue;
                }
                let clashes = clash
                    || dj
                        .iter()
                        .enumerate()
                        .any(|(k, d)| written.contains(d) || dj[..k].contains(d));
                if clashes {
                    queues[q].1.pop();
                    deferred.push(j);
                    continue;
                }
            }
            queues[q].1.pop();
            in_bundle.push(j);
            tn.push(needs[j]);
            key += needs_key(&needs[j]);
            for (k, d) in dj.iter().enumerate() {
                clash |= written.contains(d) || dj[..k].contains(d);
            }
            written.extend_from_slice(dj);
            cycle_of[j] = cyc;
            done += 1;
            for &(s, l) in dag.succs(j) {
                earliest[s] = earliest[s].max(cyc + l as usize);
                npreds[s] -= 1;
                if npreds[s] == 0 {
                    if earliest[s] <= cyc {
                        push_ready(&mut queues, s);
                    } else {
                        waiting.push(Reverse((earliest[s], s)));
                    }
                }
            }
        }
        for j in deferred.drain(..) {
            push_ready(&mut queues, j);
        }
        cyc += 1;
    }
    (cycle_of, facts.ml)
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa::Opcode;

    fn op(name: &str, ops: Vec<Opnd>) -> MInst {
        MInst::new(Opcode::named(name), ops)
    }
    fn g(n: u8) -> Opnd {
        r(Reg::G(n))
    }

    /// A block whose predecessor loaded `$r5` in its last bundle: the add
    /// reading it waits for the load's latency (3 cycles on the ST231,
    /// §5.3: two bundles of this block) while the independent add goes
    /// first; without the predecessor's writes both issue at once.
    #[test]
    fn a_result_of_the_block_before_delays_its_reader() {
        let m = ProcessorModel::st231();
        let ld = op("ldw", vec![g(5), Opnd::Imm(0), g(3)]);
        let ops = || {
            vec![
                op("add_i", vec![g(6), g(5), Opnd::Imm(1)]),
                op("add_i", vec![g(7), g(4), Opnd::Imm(1)]),
            ]
        };
        let lat = op_latency(&m, &ld, &ops()[0]) as usize;
        assert_eq!(lat, 3);
        let at = |b: &Bundles| {
            b.iter()
                .position(|v| v.iter().any(|i| i.defs().contains(&Reg::G(6))))
        };
        let plain = schedule_block_after(&m, ops(), true, true, &[]);
        assert_eq!(plain.len(), 1);
        // the earliest cycles: the reader at 2, i.e. after the other add
        // (an interlocked core leaves out the empty bundle between)
        assert_eq!(
            entry_floor(&m, &ops(), &[(Reg::G(5), &ld, 0)]),
            [lat - 1, 0]
        );
        let after = schedule_block_after(&m, ops(), true, true, &[(Reg::G(5), &ld, 0)]);
        assert_eq!(at(&after), Some(1), "{after:?}");
        assert_eq!(after[0].len(), 1);
        // one bundle between the load and this block: one cycle less
        assert_eq!(
            entry_floor(&m, &ops(), &[(Reg::G(5), &ld, 1)]),
            [lat - 2, 0]
        );
        // a block that writes `$r5` first reads its own value
        let mut own = ops();
        own.insert(0, op("add_i", vec![g(5), g(4), Opnd::Imm(2)]));
        assert_eq!(entry_floor(&m, &own, &[(Reg::G(5), &ld, 0)]), [0, 0, 0]);
    }

    /// A custom operation the machine declares is timed by its class
    /// (ISA-ST200 §4.10): on the non-interlocked ST220 its consumer
    /// issues result − read cycles later (§5.3), the class's result
    /// stage against the consumer's read stage.
    #[test]
    fn a_custom_operation_has_the_stages_of_its_class() {
        for (class, result) in [("alu", None), ("slow", Some(7)), ("quick", Some(2))] {
            let m = ProcessorModel::from_toml_str(&format!(
                "base = \"st220\"\nname = \"m\"\n\
                 [classes.slow]\nunits = 1\nread = 2\nresult = 7\n\
                 [classes.quick]\nunits = 1\nread = 2\nresult = 2\n\
                 [[custom]]\nname = \"f\"\nslot = 3\nclass = \"{class}\"\noperands = 2\nexpr = \"a\"\n"
            ))
            .unwrap();
            let result = result.unwrap_or(m.stages(OpClass::Alu).result.unwrap());
            let want = (result - m.stages(OpClass::Alu).read).max(1) as usize;
            let ops = vec![
                op("asm_3", vec![g(3), g(1), g(2)]),
                op("add_r", vec![g(4), g(3), g(1)]),
            ];
            let b = schedule_block_with(&m, ops, true, true);
            let at = |mn: &str| {
                b.iter()
                    .position(|x| x.iter().any(|i| i.info().is_some_and(|o| o.mnemonic == mn)))
                    .unwrap()
            };
            assert_eq!(at("add") - at("asm_3"), want, "class {class}: {b:?}");
        }
    }

    /// The capacities of the ST231 by ISA-ST200 §2.2: 4 slots, an ALU on
    /// every lane, one memory and one control unit, multiplies and
    /// long-immediate owners on the 2 odd lanes, extensions on the 2 even
    /// ones, an extension taking a slot.
    #[test]
    fn capacities_of_the_st231_and_of_a_described_machine() {
        let c = Capacity::of(&ProcessorModel::st231());
        assert_eq!(
            (
                c.issue,
                c.alu,
                c.mem,
                c.ctl,
                c.mul,
                c.odd,
                c.even,
                c.ext_issue
            ),
            (4, 4, 1, 1, 2, 2, 2, true)
        );
        // 8 slots, 3 ALUs, 2 memory units, multiplies on lanes 1 and 5
        let m = ProcessorModel::from_toml_str(
            "base = \"st231\"\nname = \"m\"\nissue_width = 8\n[resources]\nissue = 8\nalu = 3\nmem = 2\nodd = 2\neven = 4\n[lanes]\nmul = [1, 5]\nlong_imm = [1, 5]\n",
        )
        .unwrap();
        let c = Capacity::of(&m);
        assert_eq!(
            (c.issue, c.alu, c.mem, c.mul, c.odd, c.even),
            (8, 3, 2, 2, 2, 4)
        );
        // eight independent adds: 3 per bundle, so 3 bundles
        let adds: Vec<MInst> = (0..8)
            .map(|k| op("add_i", vec![g(24 + k), g(16), Opnd::Imm(k as i64)]))
            .collect();
        let b = schedule_block(&m, adds.clone(), true);
        assert_eq!(b.iter().map(|x| x.len()).collect::<Vec<_>>(), vec![3, 3, 2]);
        // on the ST231, four per bundle
        let b = schedule_block(&ProcessorModel::st231(), adds, true);
        assert_eq!(b.iter().map(|x| x.len()).collect::<Vec<_>>(), vec![4, 4]);
        // four independent loads: two per bundle with two memory units
        let loads: Vec<MInst> = (0..4)
            .map(|k| op("ldw", vec![g(24 + k), Opnd::Imm(4 * k as i64), g(16)]))
            .collect();
        let b = schedule_block(&m, loads, true);
        assert_eq!(b.iter().filter(|x| !x.is_empty()).count(), 2);
    }

    /// The ST231 bundle rules of ISA-ST200 §2.3, through `isa::bundle`.
    #[test]
    fn bundle_rules_of_the_st231() {
        let m = ProcessorModel::st231();
        let add = |d: u8| op("add_r", vec![g(d), g(1), g(2)]);
        let addx = |d: u8| op("add_i", vec![g(d), g(1), Opnd::Imm(1 << 20)]);
        let mul = |d: u8| op("mul32_r", vec![g(d), g(1), g(2)]);
        let ldw = |d: u8| op("ldw", vec![g(d), Opnd::Imm(0), g(3)]);
        let legal = |v: &[MInst]| legal_bundle(&m, &v.iter().collect::<Vec<_>>());
        // rule 1: four syllables, a long immediate counts two
        assert!(legal(&[add(10), add(11), add(12), add(13)]));
        assert!(!legal(&[add(10), add(11), add(12), add(13), add(14)]));
        assert!(legal(&[addx(10), add(11), add(12)]));
        assert!(!legal(&[addx(10), addx(11), add(12)]));
        // rule 3: one memory operation
        assert!(!legal(&[ldw(10), ldw(11)]));
        // rule 4: two multiplies on the odd lanes, none left for a long
        // immediate's owner
        assert!(legal(&[mul(10), mul(11), add(12), add(13)]));
        assert!(!legal(&[mul(10), mul(11), addx(12)]));
        // rule 2: one control operation
        let goto = MInst::new(opc::GOTO, vec![Opnd::Label(MBlockId(0))]);
        assert!(!legal(&[goto.clone(), goto]));
        // rule 7: one write per register
        assert!(!legal(&[add(10), add(10)]));
    }

    /// The scheduler as it was before the linear dependence builder: the
    /// dependence DAG over all pairs of a region (no memory disambiguation)
    /// and the ready list recomputed after every placed operation. The
    /// reference of [`agrees_with_the_all_pairs_scheduler`].
    fn reference_region(model: &ProcessorModel, ops: Vec<MInst>, bundle: bool, out: &mut Bundles) {
        let n = ops.len();
        let has_ctl = ops.last().is_some_and(|i| i.is_control());
        let cls: Vec<OpClass> = ops.iter().map(|i| i.class_unit().0).collect();
        let defs: Vec<Regs> = ops.iter().map(|i| i.defs()).collect();
        let uses: Vec<Regs> = ops.iter().map(|i| i.uses()).collect();
        let ml: Vec<u32> = ops.iter().map(|i| maxlat(model, i)).collect();
        let mut preds: Vec<Vec<(usize, u32)>> = vec![vec![]; n];
        for j in 0..n {
            for i in 0..j {
                let mut lat: Option<u32> = None;
                let mut need = |l: u32| lat = Some(lat.map_or(l, |x: u32| x.max(l)));
                for d in &defs[i] {
                    if *d == Reg::ZERO {
                        continue;
                    }
                    if uses[j].contains(d) {
                        need(model.latency(cls[i], cls[j]).max(1));
                    }
                    if defs[j].contains(d) && ops[j].imp_defs.is_empty() {
                        let a = result_stage(model, cls[i]) as i64;
                        let b = result_stage(model, cls[j]) as i64;
                        need((a - b + 1).max(1) as u32);
                    }
                }
                for u in &uses[i] {
                    if *u != Reg::ZERO && defs[j].contains(u) {
                        need(0);
                    }
                }
                let store = |c: OpClass| {
                    matches!(c, OpClass::Store | OpClass::StoreCond | OpClass::MemControl)
                };
                if is_mem(cls[i]) && is_mem(cls[j]) && (store(cls[i]) || store(cls[j])) {
                    need(1);
                }
                if has_ctl && j == n - 1 {
                    need(if model.interlocked {
                        0
                    } else {
                        ml[i].saturating_sub(1)
                    });
                }
                if let Some(l) = lat {
                    preds[j].push((i, l));
                }
            }
        }
        let mut cycle_of = vec![usize::MAX; n];
        if !bundle {
            let mut c = 0usize;
            for j in 0..n {
                let e = preds[j]
                    .iter()
                    .map(|&(i, l)| cycle_of[i] + l as usize)
                    .max()
                    .unwrap_or(0);
                cycle_of[j] = if j == 0 { e } else { e.max(c + 1) };
                c = cycle_of[j];
            }
        } else {
            let mut height = vec![0u32; n];
            for j in (0..n).rev() {
                for &(i, l) in &preds[j] {
                    height[i] = height[i].max(height[j] + l);
                }
            }
            let (mut done, mut cyc) = (0, 0usize);
            let mut per_cycle: Vec<Vec<usize>> = vec![];
            while done < n {
                per_cycle.resize(cyc + 1, vec![]);
                loop {
                    let mut ready: Vec<usize> = (0..n)
                        .filter(|&j| cycle_of[j] == usize::MAX)
                        .filter(|&j| {
                            preds[j].iter().all(|&(i, l)| {
                                cycle_of[i] != usize::MAX && cycle_of[i] + l as usize <= cyc
                            })
                        })
                        .collect();
                    ready.sort_by_key(|&j| (Reverse(height[j]), j));
                    let mut added = false;
                    for j in ready {
                        let mut trial: Vec<&MInst> =
                            per_cycle[cyc].iter().map(|&k| &ops[k]).collect();
                        trial.push(&ops[j]);
                        if per_cycle[cyc].is_empty() || legal_bundle(model, &trial) {
                            per_cycle[cyc].push(j);
                            cycle_of[j] = cyc;
                            done += 1;
                            added = true;
                            break;
                        }
                    }
                    if !added {
                        break;
                    }
                }
                cyc += 1;
            }
        }
        let last = cycle_of.iter().copied().max().unwrap_or(0);
        let mut bundles: Vec<Vec<usize>> = vec![vec![]; last + 1];
        for (j, &c) in cycle_of.iter().enumerate() {
            bundles[c].push(j);
        }
        let mut total = bundles.len();
        if !model.interlocked && !has_ctl {
            let need = (0..n).map(|i| cycle_of[i] + ml[i] as usize).max();
            total = total.max(need.unwrap_or(0));
        }
        for b in 0..total {
            let mut v: Vec<MInst> = bundles
                .get(b)
                .into_iter()
                .flatten()
                .map(|&j| ops[j].clone())
                .collect();
            v.sort_by_key(|i| !i.is_control());
            if v.is_empty() && model.interlocked {
                continue;
            }
            out.push(v);
        }
    }

    fn reference_block(model: &ProcessorModel, insts: Vec<MInst>, bundle: bool) -> Bundles {
        let mut out = vec![];
        let mut region = vec![];
        for i in insts {
            let ctl = i.is_control();
            region.push(i);
            if ctl {
                reference_region(model, std::mem::take(&mut region), bundle, &mut out);
            }
        }
        if !region.is_empty() {
            reference_region(model, region, bundle, &mut out);
        }
        out
    }

    fn text(b: &Bundles) -> String {
        b.iter()
            .map(|x| {
                let v: Vec<String> = x.iter().map(crate::codegen::mir::print::inst).collect();
                format!("{};;\n", v.join(" | "))
            })
            .collect()
    }

    /// A pseudo-random block (xorshift from `seed`): ALU operations with
    /// short and long immediates, multiplies, compares into BRs, loads and
    /// stores of three sizes on a few base registers, `pft`, and control
    /// operations (`br`, `goto`, calls, `return`) ending regions.
    fn random_block(seed: u64, len: usize) -> Vec<MInst> {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |k: u64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % k
        };
        let mut v = vec![];
        for _ in 0..len {
            let gr = |x: u64| g(1 + x as u8);
            let imm = |x: u64| {
                Opnd::Imm(if x.is_multiple_of(5) {
                    1 << 20
                } else {
                    x as i64 * 4
                })
            };
            let i = match next(16) {
                0..=3 => op("add_r", vec![gr(next(8)), gr(next(8)), gr(next(8))]),
                4 => op("add_i", vec![gr(next(8)), gr(next(8)), imm(next(10))]),
                5 => op("mul32_r", vec![gr(next(8)), gr(next(8)), gr(next(8))]),
                6 => op(
                    "cmplt_b_r",
                    vec![r(Reg::B(next(2) as u8)), gr(next(8)), gr(next(8))],
                ),
                7 | 8 => {
                    let o = ["ldw", "ldh", "ldb"][next(3) as usize];
                    op(o, vec![gr(next(8)), imm(next(4)), gr(next(3))])
                }
                9 | 10 => {
                    let o = ["stw", "sth", "stb"][next(3) as usize];
                    op(o, vec![imm(next(4)), gr(next(3)), gr(next(8))])
                }
                11 => op("pft", vec![Opnd::Imm(0), gr(next(3))]),
                12 => op(
                    "br",
                    vec![r(Reg::B(next(2) as u8)), Opnd::Label(MBlockId(1))],
                ),
                13 => {
                    let mut c = MInst::new(opc::CALL, vec![Opnd::Func("f".into())]);
                    c.imp_uses = vec![Reg::G(16)];
                    c.imp_defs = Reg::call_clobbers();
                    c
                }
                _ => op("add_r", vec![gr(next(8)), gr(next(8)), Opnd::R(Reg::ZERO)]),
            };
            v.push(i);
        }
        if next(2) == 0 {
            let mut ret = MInst::new(opc::RETURN, vec![]);
            ret.imp_uses = vec![Reg::G(1)];
            v.push(ret);
        }
        v
    }

    /// Without memory disambiguation the new dependence builder and ready
    /// list give exactly the bundles of the all-pairs scheduler, on
    /// 300 random blocks, for the ST231 and the non-interlocked ST220, in
    /// both bundling modes.
    #[test]
    fn agrees_with_the_all_pairs_scheduler() {
        for m in [ProcessorModel::st231(), ProcessorModel::st220()] {
            for seed in 0..300 {
                let len = 1 + (seed as usize * 7) % 60;
                let mut b = random_block(seed, len);
                if m.core == isa::ops::Core::St220 {
                    // no mul32 on the ST220 (ISA-ST200 §4.4)
                    b.retain(|i| !i.is(Opcode::named("mul32_r")));
                }
                for bundle in [true, false] {
                    let want = reference_block(&m, b.clone(), bundle);
                    let got = schedule_block_with(&m, b.clone(), bundle, false);
                    assert_eq!(text(&got), text(&want), "seed {seed} bundle {bundle}");
                }
            }
        }
    }

    fn edges(ops: &[MInst]) -> Vec<(usize, usize, u32)> {
        let m = ProcessorModel::st231();
        let (dag, _) = build_dag(&m, ops, true);
        let mut v = vec![];
        for i in 0..ops.len() {
            for &(j, l) in dag.succs(i) {
                v.push((i, j, l));
            }
        }
        v.sort();
        v
    }
    fn imm(v: i64) -> Opnd {
        Opnd::Imm(v)
    }

    /// ISA-ST200 §4.5 access sizes: `stw 0[$r16]` writes bytes 0–3, so a
    /// byte load at 3 overlaps and one at 4 does not; `sth 2[$r16]` writes
    /// bytes 2–3, inside the word at 0. The only edges are the memory ones
    /// (latency 1); the registers are all different.
    #[test]
    fn overlap_of_constant_offsets_on_one_base() {
        let stw = op("stw", vec![imm(0), g(16), g(1)]);
        let sth = op("sth", vec![imm(2), g(16), g(1)]);
        let ldb = |o: i64, d: u8| op("ldb", vec![g(d), imm(o), g(16)]);
        let ldw = |o: i64, d: u8| op("ldw", vec![g(d), imm(o), g(16)]);
        assert_eq!(edges(&[stw.clone(), ldb(3, 2)]), [(0, 1, 1)]);
        assert_eq!(edges(&[stw.clone(), ldb(4, 2)]), []);
        assert_eq!(edges(&[stw.clone(), ldb(-1, 2)]), []);
        assert_eq!(edges(&[sth.clone(), ldw(0, 2)]), [(0, 1, 1)]);
        assert_eq!(edges(&[sth, ldw(4, 2)]), []);
        // two stores to disjoint words, and a load of each after both
        assert_eq!(
            edges(&[
                stw.clone(),
                op("stw", vec![imm(4), g(16), g(1)]),
                ldw(4, 2),
                ldw(0, 3)
            ]),
            [(0, 3, 1), (1, 2, 1)]
        );
        // another base register may point anywhere
        assert_eq!(
            edges(&[stw, op("ldw", vec![g(2), imm(8), g(17)])]),
            [(0, 1, 1)]
        );
    }

    /// `stw 4[$r16]; add $r16 = $r16, 4; ldw 0[$r16]`: the load reads the
    /// stored word (old `$r16` + 4), so the offsets 4 and 0 must not be
    /// compared across the write to the base. Edges: the store reads
    /// `$r16` before the add writes it (anti, 0), the add feeds the load's
    /// base (ALU to load, §5.3: 1), and the memory edge (1).
    #[test]
    fn a_written_base_register_separates_offsets() {
        let ops = [
            op("stw", vec![imm(4), g(16), g(1)]),
            op("add_i", vec![g(16), g(16), imm(4)]),
            op("ldw", vec![g(2), imm(0), g(16)]),
        ];
        assert_eq!(edges(&ops), [(0, 1, 0), (0, 2, 1), (1, 2, 1)]);
    }

    /// Frame objects (ISA-ST200 §7.3) are disjoint: different objects off
    /// `$r12` never overlap, one object's disjoint offsets neither, its
    /// overlapping ones do; the incoming-argument area is outside every
    /// object.
    #[test]
    fn frame_objects_are_disjoint() {
        let sp = r(Reg::SP);
        let fr = |n: u32, o: i32| Opnd::Frame(FrameRef::Obj(n, o));
        let st = |a: Opnd| op("stw", vec![a, sp.clone(), g(1)]);
        let ld = |a: Opnd| op("ldw", vec![g(2), a, sp.clone()]);
        assert_eq!(edges(&[st(fr(0, 0)), ld(fr(1, 0))]), []);
        assert_eq!(edges(&[st(fr(0, 0)), ld(fr(0, 4))]), []);
        assert_eq!(edges(&[st(fr(0, 0)), ld(fr(0, 2))]), [(0, 1, 1)]);
        let inc = Opnd::Frame(FrameRef::Incoming(16));
        assert_eq!(edges(&[st(fr(0, 0)), ld(inc)]), []);
        // a plain offset off $r12 may be any object
        assert_eq!(edges(&[st(fr(0, 0)), ld(imm(0))]), [(0, 1, 1)]);
    }

    /// One symbol with disjoint addends is disjoint; two symbols are two
    /// C objects, disjoint whatever is added to them (an index keeps an
    /// address inside its object, C99 §6.5.6p8); `pft` (memory control)
    /// orders everything.
    #[test]
    fn symbols_and_memory_control() {
        let z = r(Reg::ZERO);
        let sym = |s: &str, a: i64| Opnd::Sym(s.into(), a);
        let st = |a: Opnd| op("stw", vec![a, z.clone(), g(1)]);
        let ld = |a: Opnd, d: u8| op("ldw", vec![g(d), a, z.clone()]);
        assert_eq!(edges(&[st(sym("a", 0)), ld(sym("a", 4), 2)]), []);
        assert_eq!(edges(&[st(sym("a", 0)), ld(sym("b", 4), 2)]), []);
        let pft = op("pft", vec![imm(0), g(16)]);
        assert_eq!(
            edges(&[ld(sym("a", 0), 2), pft, ld(sym("a", 4), 3)]),
            [(0, 1, 1), (1, 2, 1)]
        );
    }

    /// Accesses through two unrelated registers may overlap, unless
    /// instruction selection tagged them with two different objects
    /// (`MInst::mem`); the same object, or one unknown, keeps the edge.
    #[test]
    fn accesses_to_different_objects_are_disjoint() {
        let tag = |mut i: MInst, o: Option<MemObject>| {
            i.mem = o;
            i
        };
        let st = |o| tag(op("stw", vec![imm(0), g(16), g(1)]), o);
        let ld = |o, d: u8| tag(op("ldw", vec![g(d), imm(0), g(17)]), o);
        let (a, f) = (Some(MemObject::Sym("a".into())), Some(MemObject::Frame(2)));
        assert_eq!(edges(&[st(a.clone()), ld(f.clone(), 2)]), []);
        assert_eq!(edges(&[st(a.clone()), ld(a.clone(), 2)]), [(0, 1, 1)]);
        assert_eq!(edges(&[st(None), ld(f.clone(), 2)]), [(0, 1, 1)]);
        // an untagged store through an unknown register orders everything
        // after it; a tagged one only what may touch its object
        assert_eq!(
            edges(&[st(None), ld(f.clone(), 2), ld(a.clone(), 3)]),
            [(0, 1, 1), (0, 2, 1)]
        );
        assert_eq!(edges(&[st(f), ld(a, 2), ld(None, 3)]), [(0, 2, 1)]);
    }

    /// `stw 0[$r16] = $r1; ldw $r2 = 4[$r16]; add $r3 = $r2, 1` on the
    /// ST231: the load's path to the end is 3 (load to ALU, §5.3), the
    /// store's 0. Without disambiguation the store must come first (bundle
    /// 0, the load in bundle 1, the add 3 cycles later: 3 bundles once the
    /// empty ones vanish); with it the load goes first and the store takes
    /// the next bundle (one memory operation per bundle, §2.3), the add
    /// follows in cycle 3.
    #[test]
    fn a_load_moves_above_a_disjoint_store() {
        let m = ProcessorModel::st231();
        let b = vec![
            op("stw", vec![imm(0), g(16), g(1)]),
            op("ldw", vec![g(2), imm(4), g(16)]),
            op("add_i", vec![g(3), g(2), imm(1)]),
        ];
        let first = |x: &Bundles| crate::codegen::mir::print::inst(&x[0][0]);
        let plain = schedule_block_with(&m, b.clone(), true, false);
        assert_eq!(plain.len(), 3);
        assert_eq!(first(&plain), "stw 0[$r16] = $r1");
        let fine = schedule_block_with(&m, b.clone(), true, true);
        assert_eq!(fine.len(), 3);
        assert_eq!(first(&fine), "ldw $r2 = 4[$r16]");
        assert_eq!(
            crate::codegen::mir::print::inst(&fine[1][0]),
            "stw 0[$r16] = $r1"
        );
        // on the non-interlocked ST220 the empty cycles stay as nops: the
        // add issues in cycle 3 after the load in 0 (4 bundles) instead
        // of in cycle 4 after the load in 1 (5 bundles), then the add's
        // own result latency ends the fall-through block
        let m = ProcessorModel::st220();
        let plain = schedule_block_with(&m, b.clone(), true, false);
        let fine = schedule_block_with(&m, b, true, true);
        assert_eq!(plain.len() - fine.len(), 1);
    }
}
