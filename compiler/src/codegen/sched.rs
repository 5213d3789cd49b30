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
//!   operation (latency 1);
//! - every operation precedes the region's control operation (latency 0);
//!   on a non-interlocked core (ST220) with the producer's full latency
//!   minus one, so every result has landed when the next block (or the
//!   callee) starts — the conservative rule at block boundaries.
//!
//! Cycle-driven list scheduling: the ready list holds operations whose
//! predecessors are scheduled and whose latencies have elapsed; the
//! highest (longest latency-weighted path to the region's end) goes first,
//! if the bundle stays legal by the rules of `isa::bundle` for the model's
//! resources ([`legal_bundle`]). Empty cycles
//! become `nop` bundles on a non-interlocked core (the hardware does not
//! stall, §5.1) and vanish on an interlocked one.

use super::mir::*;
use isa::bundle::{check_counts, place, SlotNeeds};
use isa::model::{ProcessorModel, ALL_CLASSES};
use isa::ops::OpClass;

/// A scheduled block: bundles of operations (an empty bundle is a `nop`).
pub type Bundles = Vec<Vec<MInst>>;

fn maxlat(model: &ProcessorModel, i: &MInst) -> u32 {
    let (c, _) = i.class_unit();
    let defs = i.defs();
    if defs.is_empty() || defs.iter().all(|d| *d == Reg::ZERO) {
        return 0;
    }
    let has_br = defs.iter().any(|d| matches!(d, Reg::B(_)));
    ALL_CLASSES
        .iter()
        .filter(|&&k| has_br || k != OpClass::Branch)
        .map(|&k| model.latency(c, k))
        .max()
        .unwrap_or(0)
        .max(1)
}

fn result_stage(model: &ProcessorModel, c: OpClass) -> u32 {
    model.stages(c).result.unwrap_or(0)
}

fn is_mem(c: OpClass) -> bool {
    matches!(
        c,
        OpClass::Load | OpClass::Store | OpClass::StoreCond | OpClass::MemControl
    )
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
    let mut limits = model.resources.bundle_limits();
    limits.issue = limits.issue.min(model.issue_width as usize);
    let needs: Vec<SlotNeeds> = ops
        .iter()
        .map(|i| {
            let (_, unit) = i.class_unit();
            SlotNeeds {
                unit,
                long_imm: i.long_imm(),
                last: i.info().is_some_and(|x| x.fixed_stop_bit()),
            }
        })
        .collect();
    let name = |k: usize| ops[k].op.mnemonic();
    if check_counts(&needs, &limits, name).is_err() {
        return false;
    }
    // no two writes to one register (§2.3 rule 7)
    let mut w: Vec<Reg> = vec![];
    for i in ops {
        for d in i.defs() {
            if d != Reg::ZERO && i.imp_defs.is_empty() {
                if w.contains(&d) {
                    return false;
                }
                w.push(d);
            }
        }
    }
    place(&needs, false, &limits, true, name).is_ok()
        && place(&needs, true, &limits, true, name).is_ok()
}

/// Schedules the operations of one block into bundles. `bundle == false`
/// keeps program order with one operation per bundle (`-mno-bundle`),
/// still inserting the `nop`s a non-interlocked core needs.
pub fn schedule_block(model: &ProcessorModel, insts: Vec<MInst>, bundle: bool) -> Bundles {
    let mut out: Bundles = vec![];
    let mut region: Vec<MInst> = vec![];
    for i in insts {
        let ctl = i.is_control();
        region.push(i);
        if ctl {
            schedule_region(model, std::mem::take(&mut region), bundle, &mut out);
        }
    }
    if !region.is_empty() {
        schedule_region(model, region, bundle, &mut out);
    }
    out
}

fn schedule_region(model: &ProcessorModel, ops: Vec<MInst>, bundle: bool, out: &mut Bundles) {
    let n = ops.len();
    let has_ctl = ops.last().is_some_and(|i| i.is_control());
    let cls: Vec<OpClass> = ops.iter().map(|i| i.class_unit().0).collect();
    let defs: Vec<Vec<Reg>> = ops.iter().map(|i| i.defs()).collect();
    let uses: Vec<Vec<Reg>> = ops.iter().map(|i| i.uses()).collect();
    let ml: Vec<u32> = ops.iter().map(|i| maxlat(model, i)).collect();
    // edges: preds[j] = (i, latency)
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
            let store =
                |c: OpClass| matches!(c, OpClass::Store | OpClass::StoreCond | OpClass::MemControl);
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
    let mut bundles: Vec<Vec<usize>> = vec![];
    if !bundle {
        let mut c = 0usize;
        for j in 0..n {
            let earliest = preds[j]
                .iter()
                .map(|&(i, l)| cycle_of[i] + l as usize)
                .max()
                .unwrap_or(0);
            let cyc = if j == 0 {
                earliest
            } else {
                earliest.max(c + 1)
            };
            cycle_of[j] = cyc;
            c = cyc;
        }
    } else {
        // priority: longest path to the end
        let mut height = vec![0u32; n];
        for j in (0..n).rev() {
            for &(i, l) in &preds[j] {
                height[i] = height[i].max(height[j] + l);
            }
        }
        let mut done = 0;
        let mut cyc = 0usize;
        let mut per_cycle: Vec<Vec<usize>> = vec![];
        while done < n {
            if per_cycle.len() <= cyc {
                per_cycle.resize(cyc + 1, vec![]);
            }
            loop {
                let mut ready: Vec<usize> = (0..n)
                    .filter(|&j| cycle_of[j] == usize::MAX)
                    .filter(|&j| {
                        preds[j].iter().all(|&(i, l)| {
                            cycle_of[i] != usize::MAX && cycle_of[i] + l as usize <= cyc
                        })
                    })
                    .collect();
                ready.sort_by_key(|&j| (std::cmp::Reverse(height[j]), j));
                let mut added = false;
                for j in ready {
                    let mut trial: Vec<&MInst> = per_cycle[cyc].iter().map(|&k| &ops[k]).collect();
                    trial.push(&ops[j]);
                    // an operation that is illegal even alone still gets its
                    // own bundle (las then names the broken rule)
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
    bundles.resize(last + 1, vec![]);
    for (j, &c) in cycle_of.iter().enumerate() {
        bundles[c].push(j);
    }
    // fall-through end of a block on a non-interlocked core: wait for results
    let mut total = bundles.len();
    if !model.interlocked && !has_ctl {
        let need = (0..n)
            .map(|i| cycle_of[i] + ml[i] as usize)
            .max()
            .unwrap_or(0);
        total = total.max(need);
    }
    let mut ops: Vec<Option<MInst>> = ops.into_iter().map(Some).collect();
    for b in 0..total {
        let mut v: Vec<MInst> = vec![];
        if let Some(js) = bundles.get(b) {
            for &j in js {
                v.push(ops[j].take().expect("once"));
            }
        }
        // control op first in the bundle (§2.3 rule 2; las reorders anyway)
        v.sort_by_key(|i| !i.is_control());
        if v.is_empty() && model.interlocked {
            continue;
        }
        out.push(v);
    }
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
}
