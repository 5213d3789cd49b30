//! Scheduling before register allocation (gcc's `-fschedule-insns`; on at
//! `-O2`): each block that the modulo scheduler did not fix is reordered
//! into the order a list schedule issues its operations
//! ([`sched::prepass_order`]), on virtual registers, where only true
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
//! Interleaving lengthens live ranges. A block keeps its original order
//! when the new one needs more general registers than [`MAX_GR_PRESSURE`]
//! or more branch registers than [`MAX_BR_PRESSURE`] at some point, and
//! more than the original order did (pressure: virtual registers live at
//! once, from the block's live-out set backwards).

use super::liveness::live_sets;
use super::mir::{Class, MFunc, MInst, Reg};
use super::sched;
use crate::analysis::BitSet;
use isa::model::ProcessorModel;

/// General registers a reordered block may keep live at once (of the 57
/// the allocator hands out, ISA-ST200 §1.2, §7.1), leaving room for
/// values live through the block in physical registers and for the
/// allocator's imprecision.
pub const MAX_GR_PRESSURE: usize = 48;

/// Branch registers a reordered block may keep live at once (of the 7
/// allocatable, ISA-ST200 §1.3).
pub const MAX_BR_PRESSURE: usize = 6;

/// Counters of one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Blocks whose operations were reordered.
    pub reordered: usize,
    /// Blocks left in their order because the new one needed too many
    /// registers.
    pub kept_for_pressure: usize,
}

/// Reorders the blocks of `f` without fixed cycles (see the module
/// documentation).
pub fn run(f: &mut MFunc, model: &ProcessorModel) -> Stats {
    let mut stats = Stats::default();
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
        let perm = sched::prepass_order(model, &block.insts);
        if perm.iter().enumerate().all(|(k, &j)| k == j) {
            continue;
        }
        let order: Vec<MInst> = perm.iter().map(|&j| block.insts[j].clone()).collect();
        let after = pressure(f, &order, &live_out[b.index()]);
        let too_many = (after.0 > MAX_GR_PRESSURE || after.1 > MAX_BR_PRESSURE) && {
            let before = pressure(f, &block.insts, &live_out[b.index()]);
            (after.0 > MAX_GR_PRESSURE && after.0 > before.0)
                || (after.1 > MAX_BR_PRESSURE && after.1 > before.1)
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
        for v in i.defs().into_iter().filter_map(virt) {
            if live.insert(v) {
                now[class(v)] += 1;
            }
        }
        peak = [peak[0].max(now[0]), peak[1].max(now[1])];
        for v in i.defs().into_iter().filter_map(virt) {
            if live.contains(v) {
                live.remove(v);
                now[class(v)] -= 1;
            }
        }
        for v in i.uses().into_iter().filter_map(virt) {
            if live.insert(v) {
                now[class(v)] += 1;
            }
        }
        peak = [peak[0].max(now[0]), peak[1].max(now[1])];
    }
    (peak[0], peak[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::mir::parse;

    fn ops(f: &MFunc) -> Vec<String> {
        let text = crate::codegen::mir::print::function(f);
        text.lines()
            .filter(|l| l.starts_with("  "))
            .map(|l| l.trim().to_string())
            .collect()
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
}
