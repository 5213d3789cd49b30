//! Clean-up of machine SSA after if-conversion (`-fmir-simplify`, on at
//! `-O2`): the redundancies that selecting operations one IR instruction
//! at a time and then merging the arms of a branch into one block leave.
//!
//! * **Local value numbering of loads** (Cocke and Schwartz, "Programming
//!   languages and their compilers", 1970; Cooper and Torczon,
//!   "Engineering a Compiler", §8.4.1): in one block, a load of the same
//!   address as an earlier one, with no store or call between them, is
//!   replaced by the earlier one's result; a dismissible load (`ldw.d`,
//!   ISA-ST200 §4.6) and a plain one of the same address are the same
//!   value where the plain one does not fault. If-conversion puts the
//!   arms of a diamond into one block, so the same load in both arms
//!   (`transition_count[k]++` in every case of a `switch`), which the IR's
//!   value numbering could not merge, becomes local here. ALU operations
//!   are not numbered: measured on the testsuite, merging them gained on
//!   median3x3 (0.88) but cost br_minmax, br_clip_threshold and matmul
//!   3–4 % and CoreMark 1 % (one register carrying a constant to several
//!   φs; a longer live range tipping the modulo scheduler into a larger,
//!   spilling unroll factor).
//! * **Redundant extensions** (known bits: the number of high bits known
//!   to be zero, per virtual register, found by an optimistic fixpoint
//!   over the SSA graph as in Wegman and Zadeck's constant propagation):
//!   `zxtb`/`zxth` of a value whose high 24/16 bits are zero, `sxtb`/`sxth`
//!   of one whose high 25/17 bits are, and `and` with a mask that keeps
//!   every bit that may be set, give their operand. An `and` with a mask of
//!   at most 8 (16) bits reads through a `zxtb` (`zxth`) to its operand.
//!   Narrow C values (`unsigned char`, `unsigned short`) are extended at
//!   every IR conversion; most of those extensions find their operand
//!   already extended (a byte load, a shift right of an extended value).
//! * **Booleans converted back**: `cmpne x, 0` into a general register
//!   where `x` is already 0 or 1 is `x`. (The same into a branch register,
//!   `cmpne $b = x, 0` with `x = mfb $b'`, is left: replacing `$b` by `$b'`
//!   stretches a branch register's live range, and with 8 of them that
//!   spilled in br_clip_threshold, 1.31× its cycles.)
//! * **Copies** between virtual registers are propagated.
//!
//! Results only move to earlier definitions in the same block or to the
//! operand of the replaced operation, so every use stays dominated by its
//! definition. Registers pinned to a physical register (calling
//! convention) are never replaced nor used as replacements. The operations
//! left without a use are deleted ([`crate::codegen::mir::sccp::delete_dead`]).

use crate::codegen::mir::sccp::delete_dead;
use crate::codegen::mir::*;
use crate::hash::HashMap;

/// Counters of one function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Operations replaced by an earlier equal one.
    pub numbered: usize,
    /// Extensions and masks that changed nothing.
    pub extensions: usize,
    /// Branch registers converted to 0/1 and back.
    pub booleans: usize,
    /// Copies propagated.
    pub copies: usize,
    /// Operations deleted as dead afterwards.
    pub deleted: usize,
}

/// One source operand in a value-numbering key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    R(Reg),
    Imm(i64),
    Other(String),
}

/// High bits known zero (0..=32) of the general-register result of `i`,
/// from those of its operands (`lz`: 0..=32 for a general register or a
/// constant, `u32::MAX` for a branch register).
fn leading_zeros(i: &MInst, lz: &dyn Fn(&Opnd) -> u32) -> u32 {
    let Some(info) = i.info() else {
        return 0;
    };
    let src = |k: usize| i.ops.get(k).map_or(0, lz);
    let shift = |k: usize| match i.ops.get(k) {
        Some(Opnd::Imm(n)) if (0..32).contains(n) => Some(*n as u32),
        _ => None,
    };
    match info.mnemonic {
        "zxtb" => src(1).max(24),
        "zxth" => src(1).max(16),
        "ldbu" | "ldbu.d" => 24,
        "ldhu" | "ldhu.d" => 16,
        "mov" | "sxtb" | "sxth" if i.ops.len() == 2 => {
            let z = src(1);
            match info.mnemonic {
                // `mov $r = $b` (mfb): 0 or 1
                "mov" if z == u32::MAX => 31,
                "sxtb" if z >= 25 => z,
                "sxth" if z >= 17 => z,
                "mov" => z,
                _ => 0,
            }
        }
        "and" => src(1).max(src(2)),
        "or" | "xor" => src(1).min(src(2)),
        "shru" => shift(2).map_or(0, |n| (src(1) + n).min(32)),
        "shr" => match shift(2) {
            Some(n) if src(1) >= 1 => (src(1) + n).min(32),
            _ => 0,
        },
        "shl" => shift(2).map_or(0, |n| src(1).saturating_sub(n)),
        "slct" | "slctf" => src(2).min(src(3)),
        "mfb" => 31,
        // a compare into a general register: 0 or 1
        m if m.starts_with("cmp") => 31,
        _ => 0,
    }
}

/// Runs the clean-up on `mf` (machine SSA, psis already lowered).
pub fn run(mf: &mut MFunc) -> Stats {
    let mut st = Stats::default();
    let nv = mf.vclass.len();
    let free = |mf: &MFunc, r: Reg| match r {
        Reg::V(v) => v.index() < nv && mf.pinned(v).is_none(),
        _ => false,
    };
    // known high zeros per virtual register: optimistic start (32) for
    // those defined by an operation the rule knows, iterated down
    let mut lz: Vec<u32> = vec![0; nv];
    let mut defined = vec![false; nv];
    for b in &mf.blocks {
        for i in &b.insts {
            if let [Opnd::R(Reg::V(v)), ..] = i.ops[..] {
                if v.index() < nv
                    && i.imp_defs.is_empty()
                    && (i.op == MOp::Phi || i.explicit_defs().len() == 1)
                    && mf.vclass[v.index()] == Class::Gr
                    && mf.pinned(v).is_none()
                {
                    defined[v.index()] = true;
                    lz[v.index()] = 32;
                }
            }
        }
    }
    loop {
        let mut changed = false;
        for b in &mf.blocks {
            for i in &b.insts {
                let Some(Opnd::R(Reg::V(v))) = i.ops.first() else {
                    continue;
                };
                if v.index() >= nv || !defined[v.index()] {
                    continue;
                }
                let get = |o: &Opnd| match o {
                    Opnd::R(Reg::V(x)) if x.index() < nv => match mf.vclass[x.index()] {
                        Class::Gr => lz[x.index()],
                        Class::Br => u32::MAX,
                    },
                    Opnd::R(Reg::B(_)) => u32::MAX,
                    Opnd::R(r) if *r == Reg::ZERO => 32,
                    Opnd::Imm(c) => (*c as u32).leading_zeros(),
                    _ => 0,
                };
                let z = if i.op == MOp::Phi {
                    i.ops[1..]
                        .iter()
                        .filter(|o| matches!(o, Opnd::R(_)))
                        .map(get)
                        .min()
                        .unwrap_or(0)
                } else {
                    leading_zeros(i, &get)
                };
                if z < lz[v.index()] {
                    lz[v.index()] = z;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let zeros = |r: Reg| match r {
        Reg::V(v) if v.index() < nv && mf.vclass[v.index()] == Class::Gr => lz[v.index()],
        r if r == Reg::ZERO => 32,
        _ => 0,
    };
    // the operation defining each virtual register (block, index)
    let mut def: Vec<Option<(usize, usize)>> = vec![None; nv];
    for (bi, b) in mf.blocks.iter().enumerate() {
        for (k, i) in b.insts.iter().enumerate() {
            i.for_each_def(|d| {
                if let Reg::V(v) = d {
                    if v.index() < nv {
                        def[v.index()] = Some((bi, k));
                    }
                }
            });
        }
    }
    let def_of = |mf: &MFunc, r: Reg| -> Option<MInst> {
        let Reg::V(v) = r else { return None };
        let (b, k) = def.get(v.index()).copied().flatten()?;
        Some(mf.blocks[b].insts[k].clone())
    };
    let mut subst: HashMap<Reg, Reg> = HashMap::default();
    let find = |subst: &HashMap<Reg, Reg>, mut r: Reg| {
        while let Some(&s) = subst.get(&r) {
            r = s;
        }
        r
    };
    let order = mf.order.clone();
    for b in order {
        let mut seen: HashMap<(isa::Opcode, Vec<Key>, u32), Reg> = HashMap::default();
        let mut epoch = 0u32;
        for k in 0..mf.blocks[b.index()].insts.len() {
            // read the replacements made so far
            if !subst.is_empty() {
                let i = &mut mf.blocks[b.index()].insts[k];
                for (r, d) in i.regs_mut() {
                    if !d {
                        *r = find(&subst, *r);
                    }
                }
            }
            let i = &mf.blocks[b.index()].insts[k];
            if i.is_asm() {
                // inline assembly may write memory: no load is reused across it
                epoch += 1;
                continue;
            }
            let Some(info) = i.info() else { continue };
            if !i.is_pure() {
                if !i.is_control() || i.is_call() {
                    epoch += 1;
                }
                continue;
            }
            let Some(&Opnd::R(d)) = i.ops.first() else {
                continue;
            };
            if !free(mf, d) || i.explicit_defs().len() != 1 {
                continue;
            }
            let src = |n: usize| match i.ops.get(n) {
                Some(&Opnd::R(r)) => Some(r),
                _ => None,
            };
            let imm = |n: usize| match i.ops.get(n) {
                Some(&Opnd::Imm(c)) => Some(c),
                _ => None,
            };
            // the value `d` equals, if it is another register's
            let mut same: Option<Reg> = None;
            match (info.mnemonic, i.ops.len()) {
                ("mov", 2) => {
                    if let Some(a) = src(1).filter(|&a| free(mf, a) && mf.class(a) == mf.class(d)) {
                        same = Some(a);
                        st.copies += 1;
                    }
                }
                ("zxtb" | "zxth" | "sxtb" | "sxth", 2) => {
                    let need = match info.mnemonic {
                        "zxtb" => 24,
                        "zxth" => 16,
                        "sxtb" => 25,
                        _ => 17,
                    };
                    if let Some(a) = src(1).filter(|&a| free(mf, a) && zeros(a) >= need) {
                        same = Some(a);
                        st.extensions += 1;
                    }
                }
                ("and", 3) => {
                    if let (Some(a), Some(c)) = (src(1), imm(2)) {
                        let z = zeros(a);
                        let may_be_set = if z >= 32 { 0 } else { u32::MAX >> z };
                        if free(mf, a) && (c as u32) & may_be_set == may_be_set {
                            same = Some(a);
                            st.extensions += 1;
                        } else if let Some(e) = def_of(mf, a) {
                            // and (zxtb x), c with c < 256 reads x
                            let width = match e.info().map(|e| e.mnemonic) {
                                Some("zxtb") => 0xff,
                                Some("zxth") => 0xffff,
                                _ => 0,
                            };
                            if let (true, Some(&Opnd::R(x))) =
                                ((c as u32) & !width == 0 && c >= 0, e.ops.get(1))
                            {
                                if matches!(x, Reg::V(_)) || x == Reg::ZERO {
                                    // `i` is not read again: an `and` is no
                                    // load to number
                                    mf.blocks[b.index()].insts[k].ops[1] = Opnd::R(x);
                                    st.extensions += 1;
                                    continue;
                                }
                            }
                        }
                    }
                }
                ("cmpne", 3) => {
                    let zero = imm(2) == Some(0) || src(2) == Some(Reg::ZERO);
                    if let (true, Some(x)) = (zero, src(1)) {
                        match mf.class(d) {
                            // a branch register is left alone: stretching
                            // one across a busy region spills it (`mfb` and a
                            // store), the 8 BRs being few
                            Some(Class::Br) => {}
                            _ => {
                                let here = match x {
                                    Reg::V(v) => {
                                        def[v.index()].is_some_and(|(db, _)| db == b.index())
                                    }
                                    _ => false,
                                };
                                if free(mf, x) && here && zeros(x) >= 31 {
                                    same = Some(x);
                                    st.booleans += 1;
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
            if let Some(s) = same {
                subst.insert(d, s);
                continue;
            }
            // value numbering, of loads only (see the module documentation)
            if info.class != isa::ops::OpClass::Load || info.mnemonic == "ldwl" {
                continue;
            }
            let mut key = vec![];
            let mut ok = true;
            for (n, o) in i.ops.iter().enumerate().skip(1) {
                key.push(match o {
                    Opnd::R(r) if *r == Reg::ZERO || free(mf, *r) => Key::R(*r),
                    Opnd::R(_) => {
                        ok = false;
                        break;
                    }
                    Opnd::Imm(c) => Key::Imm(*c),
                    other => Key::Other(format!("{n}{other:?}")),
                });
            }
            if !ok {
                continue;
            }
            // a dismissible load numbers as the plain one
            let opcode = {
                let plain = info.mnemonic.trim_end_matches(".d");
                isa::Opcode::select(
                    plain,
                    &[
                        isa::ops::OperandKind::Gr,
                        isa::ops::OperandKind::Imm,
                        isa::ops::OperandKind::Gr,
                    ],
                )
                .unwrap_or(i.opcode().expect("an ST200 operation"))
            };
            match seen.get(&(opcode, key.clone(), epoch)) {
                Some(&first) if mf.class(first) == mf.class(d) => {
                    subst.insert(d, first);
                    st.numbered += 1;
                }
                _ => {
                    seen.insert((opcode, key, epoch), d);
                }
            }
        }
    }
    if !subst.is_empty() {
        for b in mf.blocks.iter_mut() {
            for i in b.insts.iter_mut() {
                for (r, d) in i.regs_mut() {
                    if !d {
                        *r = find(&subst, *r);
                    }
                }
            }
        }
    }
    st.deleted = delete_dead(mf);
    st
}
