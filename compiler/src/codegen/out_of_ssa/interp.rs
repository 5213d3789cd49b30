//! A test-only interpreter of machine IR with the parallel semantics of
//! `phi` and `pcopy` (every source read before any destination is written,
//! SSA book draft 2022, §19.1), used to check that each out-of-SSA method
//! computes what its machine-SSA input computes. It runs the few operations
//! the tests build (`mov`, `mtb`, `mfb`, `add`, `sub`, `cmplt`, `cmpne`,
//! `ldw`, `stw`, branches, a model `call`, `return`).

use super::*;
use std::collections::HashMap;

/// The value of a register or constant operand in the register file `st`.
pub(super) fn val(st: &HashMap<Reg, i64>, o: &Opnd) -> Result<i64, String> {
    match o {
        Opnd::R(Reg::G(0)) => Ok(0),
        Opnd::R(x) => st.get(x).copied().ok_or(format!("read of undefined {x:?}")),
        Opnd::Imm(v) => Ok(*v),
        o => Err(format!("operand {o:?}")),
    }
}

/// Runs `mf` with the given initial registers; returns the value of the
/// first implicit operand of `return`. Phis and pcopies have parallel
/// semantics; `call` returns `2*arg0 + arg1 + 1000` and writes
/// distinct garbage into every other register it clobbers; `ldw`
/// returns `base + offset + 100`.
pub(super) fn run(mf: &MFunc, inputs: &[(Reg, i64)]) -> Result<i64, String> {
    let mut st: HashMap<Reg, i64> = inputs.iter().copied().collect();
    st.entry(Reg::G(12)).or_insert(0x1000); // stack pointer
    let mut cur = mf.order[0].index();
    let mut prev: Option<usize> = None;
    let mut garbage = 0x5EED_0000i64;
    for _ in 0..10_000 {
        let insts = &mf.blocks[cur].insts;
        let np = nphis(&mf.blocks[cur]);
        if let Some(p) = prev {
            let mut w = vec![];
            for i in &insts[..np] {
                let (_, s) = phi_args(i)
                    .into_iter()
                    .find(|a| a.0 == p)
                    .ok_or("phi without pair for pred")?;
                w.push((phi_dst(i).ok_or("phi dst")?, val(&st, &r(s))?));
            }
            st.extend(w);
        } else if np > 0 {
            return Err("phi in entry".into());
        }
        let mut next = None;
        for i in &insts[np..] {
            let o = &i.ops;
            let dst = |k: usize| match &o[k] {
                Opnd::R(x) => Ok(*x),
                _ => Err("dst".to_string()),
            };
            let name = i.info().map_or("pcopy", |x| x.name);
            match name {
                "mov_r" | "mov_i" | "mfb" => {
                    let v = val(&st, &o[1])?;
                    st.insert(dst(0)?, v);
                }
                "mtb" => {
                    let v = val(&st, &o[1])?;
                    st.insert(dst(0)?, (v != 0) as i64);
                }
                "add_r" | "add_i" | "sub_r" | "cmplt_b_r" | "cmpne_b_i" => {
                    let (a, b) = (val(&st, &o[1])?, val(&st, &o[2])?);
                    let v = match i.op.mnemonic() {
                        "add" => a.wrapping_add(b),
                        "sub" => a.wrapping_sub(b),
                        "cmplt" => (a < b) as i64,
                        _ => (a != b) as i64,
                    };
                    st.insert(dst(0)?, v);
                }
                "ldw" => {
                    let v = val(&st, &o[2])? + val(&st, &o[1])? + 100;
                    st.insert(dst(0)?, v);
                }
                "stw" => {
                    val(&st, &o[1])?;
                    val(&st, &o[2])?;
                }
                "pcopy" => {
                    let n = o.len() / 2;
                    let vs: Vec<i64> = (0..n)
                        .map(|k| val(&st, &o[n + k]))
                        .collect::<Result<_, _>>()?;
                    for (k, v) in vs.into_iter().enumerate() {
                        st.insert(dst(k)?, v);
                    }
                }
                "call" => {
                    let a: Vec<i64> = i
                        .imp_uses
                        .iter()
                        .map(|x| val(&st, &r(*x)))
                        .collect::<Result<_, _>>()?;
                    let res =
                        2 * a.first().copied().unwrap_or(0) + a.get(1).copied().unwrap_or(0) + 1000;
                    for d in &i.imp_defs[1..] {
                        garbage += 1;
                        st.insert(*d, garbage);
                    }
                    st.insert(i.imp_defs[0], res);
                }
                "br" | "brf" => {
                    let c = val(&st, &o[0])? != 0;
                    if c == (name == "br") {
                        if let Opnd::Label(l) = o[1] {
                            next = Some(l.index());
                            break;
                        }
                    }
                }
                "goto" => {
                    if let Opnd::Label(l) = o[0] {
                        next = Some(l.index());
                        break;
                    }
                }
                "return" => return val(&st, &r(i.imp_uses[0])),
                _ => return Err(format!("cannot run {name}")),
            }
        }
        let n = match next {
            Some(n) => n,
            None => {
                let k = mf
                    .order
                    .iter()
                    .position(|&x| x.index() == cur)
                    .ok_or("layout")?;
                mf.order.get(k + 1).ok_or("fell off the end")?.index()
            }
        };
        prev = Some(cur);
        cur = n;
    }
    Err("step limit".into())
}
