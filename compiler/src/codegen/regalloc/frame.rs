//! Stack frame layout, prologue and epilogue (ISA-ST200 §7.3).
//!
//! Frame of size `F` (a multiple of 8, so `$r12` stays 8-byte aligned),
//! from the new `$r12` upwards:
//!
//! | offset | contents |
//! |---|---|
//! | `0..16` | scratch area for our callees (only if the function calls) |
//! | `16..16+out` | outgoing stack arguments (word 8 at 16, word 9 at 20, …) |
//! | … | IR stack slots, struct-argument copies, small struct results, spill slots |
//! | … | saved callee-saved GRs (`$r1`–`$r7` that are used) and `$r63` (non-leaf, or written by a jump table) |
//! | `F-16..F` | variadic functions only: `$r16`–`$r19` (`$r20`–`$r23` go to `F..F+16`, the caller's scratch area), so the 32-byte dump is contiguous with the stack arguments at `F+16` |
//!
//! Incoming stack argument word `k ≥ 8` is at `F + 16 + 4(k − 8)`.

use crate::codegen::mir::*;
use isa::abi;

/// Final layout of one frame.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// Frame size in bytes (multiple of 8).
    pub size: u32,
    /// Offset of each frame object from `$r12`.
    pub obj_off: Vec<u32>,
    /// Saved registers and their offsets.
    pub saves: Vec<(Reg, u32)>,
}

/// Lays out the frame of `f` after register allocation, resolves every
/// [`FrameRef`], and inserts the prologue (in the entry block) and the
/// epilogue before every return.
pub fn finish(f: &mut MFunc) -> Frame {
    // callee-saved GRs defined by the function; call clobbers are not
    // "defined" in this sense, so look at explicit operands only
    let mut save_regs: Vec<Reg> = vec![];
    for b in &f.blocks {
        for i in &b.insts {
            // inline assembly: its clobbers too
            let clobbers = if i.is_asm() { &i.imp_defs[..] } else { &[] };
            for d in i
                .explicit_defs()
                .into_iter()
                .chain(clobbers.iter().copied())
            {
                if matches!(d, Reg::G(n) if abi::is_callee_saved(n as u32))
                    && !save_regs.contains(&d)
                {
                    save_regs.push(d);
                }
            }
        }
    }
    save_regs.sort();
    // `$r63` holds the return address (§7.1): saved when a call or a
    // jump table's `ldw $r63 = …` (ISA-ST200 §4.7) overwrites it
    let writes_link = f.blocks.iter().flat_map(|b| &b.insts).any(|i| {
        i.explicit_defs().contains(&Reg::LINK) || (i.is_asm() && i.imp_defs.contains(&Reg::LINK))
    });
    if f.has_calls || writes_link {
        save_regs.push(Reg::LINK);
    }
    let scratch = if f.has_calls { abi::SCRATCH_AREA } else { 0 };
    let mut off = scratch + f.out_args;
    let mut obj_off = vec![];
    for &(size, align) in &f.objs {
        let a = align.max(1);
        off = off.div_ceil(a) * a;
        obj_off.push(off);
        off += size;
    }
    let word = abi::WORD_BYTES;
    off = off.div_ceil(word) * word;
    let mut saves = vec![];
    for &rg in &save_regs {
        saves.push((rg, off));
        off += word;
    }
    off = off.div_ceil(abi::STACK_ALIGN) * abi::STACK_ALIGN;
    if f.variadic {
        // the part of the register dump below the caller's scratch area
        off += abi::ARG_REG_BYTES - abi::SCRATCH_AREA;
    }
    let size = off;
    let resolve = |o: &mut Opnd| {
        if let Opnd::Frame(fr) = o {
            *o = Opnd::Imm(match *fr {
                FrameRef::Obj(n, e) => obj_off[n as usize] as i64 + e as i64,
                FrameRef::Incoming(e) => size as i64 + e as i64,
            });
        }
    };
    for b in &mut f.blocks {
        for i in &mut b.insts {
            i.ops.iter_mut().for_each(resolve);
        }
    }
    let sp = Reg::SP;
    // prologue
    let entry = f.order[0];
    let mut pro = vec![];
    if size > 0 {
        pro.push(MInst::new(
            opc::ADD_I,
            vec![r(sp), r(sp), Opnd::Imm(-(size as i64))],
        ));
    }
    for &(rg, o) in &saves {
        pro.push(MInst::new(
            opc::STW,
            vec![Opnd::Imm(o as i64), r(sp), r(rg)],
        ));
    }
    // the prologue belongs to the function's own line, not to whatever
    // comes before it in the output
    for i in &mut pro {
        i.loc = f.loc;
    }
    let old = std::mem::take(&mut f.block_mut(entry).insts);
    f.block_mut(entry).insts = pro.into_iter().chain(old).collect();
    // epilogues
    for b in &mut f.blocks {
        let old = std::mem::take(&mut b.insts);
        for i in old {
            if i.is_return() {
                for &(rg, o) in &saves {
                    let mut l = MInst::new(opc::LDW, vec![r(rg), Opnd::Imm(o as i64), r(sp)]);
                    l.loc = i.loc;
                    b.insts.push(l);
                }
                if size > 0 {
                    let mut a = MInst::new(opc::ADD_I, vec![r(sp), r(sp), Opnd::Imm(size as i64)]);
                    a.loc = i.loc;
                    b.insts.push(a);
                }
                let mut ret = i;
                ret.imp_uses.push(Reg::LINK);
                ret.imp_uses.push(sp);
                for &(rg, _) in &saves {
                    ret.imp_uses.push(rg);
                }
                b.insts.push(ret);
            } else {
                b.insts.push(i);
            }
        }
    }
    Frame {
        size,
        obj_off,
        saves,
    }
}
