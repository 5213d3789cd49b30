//! Sreedhar et al.'s Method III (V. C. Sreedhar, R. D.-C. Ju,
//! D. M. Gillies, V. Santhanam, "Translating Out of Static Single
//! Assignment Form", SAS 1999; SSA book draft 2022, §17.3; case analysis
//! of SSA book ch. 19; Boissinot et al. 2009(b)): after phi isolation, a phi resource keeps its
//! copy only when the liveness of the congruence classes says it must;
//! the other isolation copies are coalesced away. Interference is
//! live-range intersection, as in the paper, with a register and its own
//! isolation copy given one value.

use super::analysis::Analysis;
use super::congruence::Classes;
use super::*;

/// Values for Sreedhar's interference test: live ranges that intersect
/// interfere, except a register and its own isolation copy (equal values,
/// S2 19.2). Sreedhar et al. insert an argument's copy only when it is
/// needed, so a resource and its copy never coexist in their program;
/// here every phi is isolated first, and without this equality an argument
/// live past its predecessor (on an exit edge, say) would interfere with
/// its own copy and never join the phi web.
pub(super) fn isolation_values(copies: &[(u32, u32)], related: &[bool]) -> Vec<u32> {
    let mut value: Vec<u32> = (0..related.len() as u32).collect();
    let isolation: Vec<(u32, u32)> = copies
        .iter()
        .copied()
        .filter(|&(d, s)| related[d as usize] || related[s as usize])
        .collect();
    // chains (x0 ← x0', then x0 an argument elsewhere) settle in a few
    // rounds: each register is defined once, so the chains are acyclic
    let mut changed = true;
    while changed {
        changed = false;
        for &(d, s) in &isolation {
            if value[d as usize] != value[s as usize] {
                value[d as usize] = value[s as usize];
                changed = true;
            }
        }
    }
    value
}

/// One resource of a phi for Sreedhar's Method III: the original register,
/// its copy made by isolation (which already belongs to the phi web), and
/// the block where its liveness is tested: the predecessor (live-out) for
/// an argument, the phi's own block (live-in) for the result.
pub(super) struct PhiResource {
    pub(super) orig: u32,
    pub(super) copy: u32,
    pub(super) block: usize,
    pub(super) result: bool,
}

/// Sreedhar et al. Method III (S2 17.3; the case analysis of the SSA book
/// ch. 19, liveness read on the isolated program, which gives the live-out
/// sets Boissinot et al. say the test needs). For each phi in block order,
/// for each pair of resources whose classes interfere:
/// - class(x_i) live at L_j and class(x_j) not live at L_i: x_i keeps its copy;
/// - the symmetric case: x_j keeps its copy;
/// - both: both keep their copies;
/// - neither: the pair is unresolved; unresolved pairs are settled greedily
///   by giving a copy to the resource with the most unresolved pairs left.
///
/// Every other resource is merged into the phi web (its isolation copy
/// disappears), each merge checked against interference and pinning.
pub(super) fn sreedhar_method_three(
    mf: &MFunc,
    an: &Analysis,
    cls: &mut Classes,
    partner: &[Option<u32>],
) {
    let live_in = |x: u32, b: usize| {
        let us = &an.uses[x as usize];
        let p = us.partition_point(|&(ub, _)| ub < b);
        an.def[x as usize].0 != b
            && (an.live_out[b].contains(x as usize) || us.get(p).is_some_and(|&(ub, _)| ub == b))
    };
    for b in mf.order.iter().map(|b| b.index()) {
        for i in mf.blocks[b].insts.iter().filter(|i| i.op == MOp::Phi) {
            let mut res: Vec<PhiResource> = vec![];
            let mut add = |copy: Reg, block: usize, result: bool| {
                if let Reg::V(c) = copy {
                    if let Some(orig) = partner.get(c.index()).copied().flatten() {
                        res.push(PhiResource {
                            orig,
                            copy: c.0,
                            block,
                            result,
                        });
                    }
                }
            };
            if let Some(d) = phi_dst(i) {
                add(d, b, true);
            }
            for (p, s) in phi_args(i) {
                add(s, p, false);
            }
            // class of r meets the live set tested at resource t's block
            let meets = |cls: &mut Classes, r: &PhiResource, t: &PhiResource| {
                let root = cls.find(r.orig);
                cls.members[root as usize].iter().any(|&m| {
                    if t.result {
                        live_in(m, t.block)
                    } else {
                        an.live_out[t.block].contains(m as usize)
                    }
                })
            };
            let n = res.len();
            let mut copy = vec![false; n];
            let mut unresolved: Vec<(usize, usize)> = vec![];
            for x in 0..n {
                for y in x + 1..n {
                    let (cx, cy) = (cls.find(res[x].orig), cls.find(res[y].orig));
                    if cx == cy
                        || !an.sets_interfere(&cls.members[cx as usize], &cls.members[cy as usize])
                    {
                        continue;
                    }
                    let x_at_y = meets(cls, &res[x], &res[y]);
                    let y_at_x = meets(cls, &res[y], &res[x]);
                    match (x_at_y, y_at_x) {
                        (false, false) => unresolved.push((x, y)),
                        _ => {
                            copy[x] |= x_at_y;
                            copy[y] |= y_at_x;
                        }
                    }
                }
            }
            loop {
                unresolved.retain(|&(x, y)| !copy[x] && !copy[y]);
                let mut degree = vec![0usize; n];
                for &(x, y) in &unresolved {
                    degree[x] += 1;
                    degree[y] += 1;
                }
                match (0..n)
                    .filter(|&k| degree[k] > 0)
                    .max_by_key(|&k| (degree[k], n - k))
                {
                    Some(k) => copy[k] = true,
                    None => break,
                }
            }
            for (r, _) in res.iter().zip(&copy).filter(|x| !*x.1) {
                cls.try_merge(mf, an, r.orig, r.copy);
            }
        }
    }
}
