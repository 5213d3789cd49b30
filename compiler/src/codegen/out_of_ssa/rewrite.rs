//! The end of every method: each virtual register renamed to its
//! congruence class's name (the pinned physical register, or one virtual
//! register), phis and coalesced copies deleted, parallel copies
//! sequentialised ([`super::pcopy`], SSA book draft 2022, Alg. 19.6), and
//! the copies emitted by register file: `mov` between GRs, `mtb`/`mfb`
//! across files and `mfb` then `mtb` through a GR for a BR-to-BR copy
//! (ISA-ST200 §4.3, §4.9).

use super::congruence::Classes;
use super::*;
use isa::Opcode;

/// Renames every virtual register to its class name, deletes phis and
/// coalesced copies, sequentialises parallel copies (SSA book §19.3).
pub(super) fn rewrite(mf: &mut MFunc, cls: &mut Classes, st: &mut Stats) {
    let nv = mf.vclass.len();
    let names: Vec<Reg> = (0..nv as u32).map(|v| cls.name(v)).collect();
    let name = |r: Reg| match r {
        Reg::V(v) if v.index() < nv => names[v.index()],
        x => x,
    };
    for b in 0..mf.blocks.len() {
        let old = std::mem::take(&mut mf.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len());
        for mut i in old {
            if i.op == MOp::Phi {
                continue;
            }
            let pairs = copy_pairs(mf, &i);
            if i.op == MOp::PCopy {
                st.copies_before_coalescing += pairs.len();
                let mut ren: Vec<(Reg, Reg)> = vec![];
                for (d, s) in pairs {
                    let (d, s) = (name(d), name(s));
                    if d != s && !ren.iter().any(|x| x.0 == d) {
                        ren.push((d, s));
                    }
                }
                st.copies_after_coalescing += ren.len();
                let mut temps = 0;
                let seq = pcopy::sequentialize(&ren, |_| {
                    temps += 1;
                    mf.vreg(Class::Gr)
                });
                st.cycle_temporaries += temps;
                st.copies_left += seq.len();
                for (d, s) in seq {
                    emit_copy(mf, &mut out, d, s, i.loc);
                }
                continue;
            }
            if let Some(&(d, s)) = pairs.first() {
                st.copies_before_coalescing += 1;
                if name(d) == name(s) {
                    continue;
                }
                st.copies_after_coalescing += 1;
                st.copies_left += 1;
            }
            for (r, _) in i.regs_mut() {
                *r = name(*r);
            }
            for r in i.imp_uses.iter_mut().chain(i.imp_defs.iter_mut()) {
                *r = name(*r);
            }
            out.push(i);
        }
        mf.blocks[b].insts = out;
    }
}

/// Emits the copy `d ← s` by register classes: `mov` (GR), `mtb`, `mfb`,
/// or `mfb t = s; mtb d = t` through a fresh GR for BR to BR (ISA-ST200
/// §4.9: `mtb` is `orl $b = $r, $r0`, `mfb` is `slctf $r = $b, $r0, 1`).
pub(super) fn emit_copy(
    mf: &mut MFunc,
    out: &mut Vec<MInst>,
    d: Reg,
    s: Reg,
    loc: Option<(u32, u32)>,
) {
    let mut push = |op: Opcode, d: Reg, s: Reg| {
        let mut i = MInst::new(op, vec![r(d), r(s)]);
        i.loc = loc;
        out.push(i);
    };
    match (class_of(mf, d), class_of(mf, s)) {
        (Class::Gr, Class::Gr) => push(opc::MOV_R, d, s),
        (Class::Br, Class::Gr) => push(opc::MTB, d, s),
        (Class::Gr, Class::Br) => push(opc::MFB, d, s),
        (Class::Br, Class::Br) => {
            let t = mf.vreg(Class::Gr);
            push(opc::MFB, t, s);
            push(opc::MTB, d, t);
        }
    }
}
