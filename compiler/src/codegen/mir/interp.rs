//! A test interpreter of machine IR: the oracle that the unit tests and
//! the golden-file driver (`tests/filetests.rs`) use to check that
//! if-conversion, the translations out of psi-SSA and out of SSA, and the
//! other machine-IR passes compute what their input computes.
//!
//! Semantics: `phi` and `pcopy` are parallel (every source read before
//! any destination is written, SSA book draft 2022, §19.1); a `psi` is
//! the value of the rightmost argument whose guard holds (psi-SSA, SSA
//! book §14.1), and a psi none of whose guards holds leaves its result
//! undefined (a later read of it is an error). It runs the integer
//! operations of [`super::eval`] (ALU operations, compares into a BR or a
//! GR, `mov`, `mtb`, `mfb`, extensions, `mul32`), `slct`/`slctf`,
//! `ldw`/`ldw.d`, `stw`, branches, a model `call` and `return`, on a model
//! memory: a word never stored reads `address + 100`. Registers are `i64` holding the 32-bit value
//! sign-extended. It is not the simulator: it knows nothing of bundles,
//! latencies or the frame layout (a frame object is an offset from the
//! stack pointer that puts it far below the test's data,
//! [`frame_address`]).

use super::*;
use crate::hash::HashMap;

use super::eval;

fn nphis(b: &MBlock) -> usize {
    b.insts.iter().take_while(|i| i.op == MOp::Phi).count()
}

fn phi_args(i: &MInst) -> Vec<(usize, Reg)> {
    i.ops[1..]
        .chunks(2)
        .filter_map(|c| match c {
            [Opnd::Label(p), Opnd::R(s)] => Some((p.index(), *s)),
            _ => None,
        })
        .collect()
}

fn phi_dst(i: &MInst) -> Option<Reg> {
    match i.ops.first() {
        Some(Opnd::R(d)) => Some(*d),
        _ => None,
    }
}

/// The stack pointer `$r12` at entry unless the inputs give it.
pub const STACK_POINTER: i64 = 0x1000;

/// The value the interpreter gives the frame operand of object `n` (an
/// offset from the stack pointer, as in `add %v = $r12, obj0`; objects
/// are 64 bytes apart, far below the addresses tests use for data).
pub fn frame_address(n: u32) -> i64 {
    -(1 << 20) + 64 * i64::from(n)
}

/// The value of a register or constant operand in the register file `st`.
pub(crate) fn val(st: &HashMap<Reg, i64>, o: &Opnd) -> Result<i64, String> {
    match o {
        Opnd::R(Reg::G(0)) => Ok(0),
        Opnd::R(x) => st.get(x).copied().ok_or(format!("read of undefined {x:?}")),
        Opnd::Imm(v) => Ok(*v),
        // a frame object: an address far below the test's data
        Opnd::Frame(FrameRef::Obj(n, e)) => Ok(frame_address(*n) + i64::from(*e)),
        o => Err(format!("operand {o:?}")),
    }
}

/// Runs `mf` from its entry block with the given initial registers
/// (physical or virtual; the stack pointer `$r12` is `0x1000` unless
/// given); returns the value of the first implicit operand of `return`
/// (0 for a `return` without one). Phis and pcopies have parallel
/// semantics; `call` returns `2*arg0 + arg1 + 1000` and writes distinct
/// garbage into every other register it clobbers; `ldw` of a word never
/// stored returns `address + 100`. Errors: an operation it cannot run, a
/// read of an undefined register, a phi without an operand for the
/// predecessor, running off the end of the layout, or more than 10 000
/// blocks executed.
pub fn run(mf: &MFunc, inputs: &[(Reg, i64)]) -> Result<i64, String> {
    run_with_memory(mf, inputs).map(|r| r.0)
}

/// [`run`] that also returns the words stored, by address, in address
/// order (the frame's scratch words below the stack pointer included).
pub fn run_with_memory(
    mf: &MFunc,
    inputs: &[(Reg, i64)],
) -> Result<(i64, Vec<(i64, i64)>), String> {
    let mut mem: HashMap<i64, i64> = HashMap::default();
    let r = run_in(mf, inputs, &mut mem)?;
    let mut m: Vec<(i64, i64)> = mem.into_iter().collect();
    m.sort_unstable();
    Ok((r, m))
}

fn run_in(mf: &MFunc, inputs: &[(Reg, i64)], mem: &mut HashMap<i64, i64>) -> Result<i64, String> {
    let mut st: HashMap<Reg, i64> = inputs.iter().copied().collect();
    st.entry(Reg::SP).or_insert(STACK_POINTER);
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
            let name = match i.op {
                MOp::Isa(o) => o.info().name,
                MOp::Psi => "psi",
                MOp::Phi | MOp::PCopy => "pcopy",
                MOp::Asm { .. } => return Err("inline assembly cannot be interpreted".to_string()),
            };
            match name {
                "psi" => {
                    let args = i.psi_args().ok_or("psi shape")?;
                    let mut v = None;
                    for a in &args {
                        let holds = match a.guard {
                            Guard::True => true,
                            Guard::If(b) => val(&st, &r(b))? != 0,
                            Guard::IfNot(b) => val(&st, &r(b))? == 0,
                        };
                        if holds {
                            v = Some(val(&st, &r(a.value))?);
                        }
                    }
                    match v {
                        Some(v) => {
                            st.insert(dst(0)?, v);
                        }
                        None => {
                            st.remove(&dst(0)?);
                        }
                    }
                }
                "slct_r" | "slct_i" | "slctf_r" | "slctf_i" => {
                    let c = val(&st, &o[1])? != 0;
                    let (a, b) = (val(&st, &o[2])?, val(&st, &o[3])?);
                    let v = if c == name.starts_with("slct_") { a } else { b };
                    st.insert(dst(0)?, v);
                }
                "ldw" | "ldw_d" => {
                    let addr = val(&st, &o[2])? + val(&st, &o[1])?;
                    let v = mem.get(&addr).copied().unwrap_or(addr + 100);
                    st.insert(dst(0)?, v);
                }
                "stw" => {
                    let addr = val(&st, &o[1])? + val(&st, &o[0])?;
                    let v = val(&st, &o[2])?;
                    mem.insert(addr, v);
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
                "return" => {
                    return match i.imp_uses.first() {
                        Some(x) => val(&st, &r(*x)),
                        None => Ok(0),
                    }
                }
                // an integer operation of one or two sources (mir::eval)
                _ => {
                    let m = i.op.mnemonic();
                    let v = match &o[..] {
                        [_, a] => eval::unary(m, val(&st, a)?),
                        [_, a, b] => eval::binary(m, val(&st, a)?, val(&st, b)?),
                        _ => None,
                    };
                    match (&i.explicit_defs()[..], v) {
                        ([d], Some(v)) => {
                            st.insert(*d, v);
                        }
                        _ => return Err(format!("cannot run {name}")),
                    }
                }
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
