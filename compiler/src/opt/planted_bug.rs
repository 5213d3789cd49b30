//! A deliberately wrong pass for testing miscompile bisection
//! ([`crate::bisect`], `testsuite --bisect`): in the one function named by
//! `-fplant-bug=NAME` (and only when that flag is given), every `ret v`
//! of an integer becomes `ret v + 1`. Never enabled otherwise.

use super::Stats;
use crate::ir::{BinaryOp, Function, InstKind};

/// Breaks `f`: each returned integer value is incremented. Returns the
/// number of returns changed (counter "returns broken").
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    for &b in &f.layout.clone() {
        let Some(&last) = f.blocks[b.index()].insts.last() else {
            continue;
        };
        let InstKind::Ret { value: Some(v) } = f.insts[last.index()].kind else {
            continue;
        };
        let ty = f.value_type(v);
        let (one_inst, one) = f.new_inst(b, InstKind::Iconst { ty, imm: 1 });
        let (add_inst, sum) = f.new_inst(
            b,
            InstKind::Binary {
                op: BinaryOp::Add,
                ty,
                args: [v, one.expect("iconst has a result")],
            },
        );
        let insts = &mut f.blocks[b.index()].insts;
        let at = insts.len() - 1;
        insts.splice(at..at, [one_inst, add_inst]);
        f.insts[last.index()].kind = InstKind::Ret { value: sum };
        stats.add("returns broken", 1);
    }
    stats
}
