//! Translation out of psi-SSA (seed-digest P15; Stoutchinin and
//! de Ferrière, MICRO 2001; Bruel, "psi-SSA improvements", 2006; SSA book
//! chapter 14.4).
//!
//! Every psi the back end creates has arguments computed unconditionally
//! ([`super::if_convert`] speculates; the ST231 has no predicated
//! operation but `slct`), so a psi is its chain of selects (seed-digest
//! T48, SSA book Fig. 14.10): `x = psi(a1, p2?a2, …, pn?an)` becomes
//! `t2 = slct p2, a2, a1; …; x = slct pn, an, t(n-1)` in place, which
//! keeps machine SSA; the out-of-SSA translation then coalesces the
//! chain's values like any others. The psi-normalize / psi-congruence
//! phases of the papers are needed once arguments carry guarded
//! definitions; they are not built yet.

use super::if_convert::select_chain;
use super::mir::*;

/// Counters of the translation (`lcc --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Psi operations removed.
    pub psis: usize,
    /// `slct`/`slctf` operations created.
    pub selects: usize,
}

/// Replaces every psi of `mf` by its select chain (module documentation).
pub fn lower(mf: &mut MFunc) -> Stats {
    let mut st = Stats::default();
    for b in mf.block_ids() {
        if !mf.block(b).insts.iter().any(|i| i.op == MOp::Psi) {
            continue;
        }
        let insts = std::mem::take(&mut mf.block_mut(b).insts);
        let mut out = Vec::with_capacity(insts.len());
        for i in insts {
            let Some(args) = i.psi_args().filter(|a| !a.is_empty()) else {
                out.push(i);
                continue;
            };
            st.psis += 1;
            let chain = select_chain(mf, i.ops[0].clone(), &args);
            st.selects += chain
                .iter()
                .filter(|x| x.op != MOp::Isa(opc::MOV_R))
                .count();
            out.extend(chain.into_iter().map(|x| MInst { loc: i.loc, ..x }));
        }
        mf.block_mut(b).insts = out;
    }
    st
}
