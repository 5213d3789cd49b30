//! Text form of machine IR: a readable listing of an [`MFunc`] that
//! [`super::parse`] reads back, so that print → parse → print is the
//! identity. Golden-file tests of the passes after instruction selection
//! (out-of-SSA translation, register allocation, scheduling) write their
//! inputs and expected outputs in it.
//!
//! A function:
//!
//! ```text
//! function @sum global calls out_args 8
//! vregs 12 br %v3 %v7
//! pins %v1=$r16 %v9=$r16
//! objs 4:4 8:8
//! order B0 B2 B1
//! B0:
//!   pcopy %v1 = $r16
//!   add %v2 = %v1, 1 loc(3:7)
//!   cmplt %v3 = %v2, 10
//!   br %v3, B1
//! B1:
//!   phi %v4 = [B0, %v2], [B2, %v5]
//!   call $r63 = @f uses(%v9) defs(%v10, clobbers)
//!   stw obj1+4[$r12] = %v4
//!   return $r63 uses(%v11)
//! B2:
//! ```
//!
//! - The header line names the function and its flags, in this order:
//!   `global`, `variadic`, `calls` ([`MFunc::has_calls`]), then
//!   `out_args N` when the function has outgoing stack arguments.
//! - `vregs N` gives the number of virtual registers; those listed after
//!   `br` are branch registers, the others general registers. `pins` lists
//!   the virtual registers pinned to a physical register, `objs` the frame
//!   objects as `size:alignment` in index order, `order` the layout.
//! - Every block of the arena follows, in index order, as a label `Bn:`
//!   and its operations indented by two spaces.
//! - An ST200 operation is written as in assembly (ISA-ST200 §7.5): its
//!   mnemonic and the entry's syntax template, with `$r63` for the fixed
//!   link operands of `call`, `icall` and `return`. The table entry is not
//!   written: the mnemonic and the kinds of the operands select it
//!   ([`isa::Opcode::select`]; e.g. `cmplt` with a BR destination and an
//!   immediate is `cmplt_b_i`). `phi` and `pcopy` are written
//!   `phi d = [B, s], …` and `pcopy d0, d1 = s0, s1`; `psi` is written
//!   `psi d = a1, %v2?a2, !%v3?a3`: each argument with its guard before
//!   `?` (`!` for a guard that holds when the BR is 0), none for `true`.
//! - Operands: registers `$rN`, `$bN`, `%vN`; constants in decimal;
//!   `&sym`, `&sym+8` for a symbol address ([`Opnd::Sym`]); `@f` for a call
//!   target ([`Opnd::Func`]); `Bn` for a block; `obj3`, `obj3+4` for a
//!   frame object and `in-16` for the caller's side of the frame
//!   ([`FrameRef`]); `jt2` for the address of jump table 2
//!   ([`Opnd::Table`]).
//! - The `igoto` of a jump table ([`MInst::igoto`]) is followed by its
//!   table: `goto $r63 table(jt2: B4, B5, B4) uses(%v9)`.
//! - After the operation, when present: `uses(…)` and `defs(…)`, the
//!   implicit operands (`clobbers` standing for [`Reg::call_clobbers`] at
//!   the end of `defs`), and `loc(line:column)`.

use super::*;
use std::fmt::Write as _;

/// A register: `$rN`, `$bN` or `%vN`.
pub fn reg(x: Reg) -> String {
    match x {
        Reg::G(n) => format!("$r{n}"),
        Reg::B(n) => format!("$b{n}"),
        Reg::V(v) => v.to_string(),
    }
}

/// An operand (see the module documentation).
pub fn operand(o: &Opnd) -> String {
    match o {
        Opnd::R(x) => reg(*x),
        Opnd::Imm(v) => v.to_string(),
        Opnd::Sym(s, 0) => format!("&{s}"),
        Opnd::Sym(s, a) => format!("&{s}{a:+}"),
        Opnd::Func(s) => format!("@{s}"),
        Opnd::Label(b) => b.to_string(),
        Opnd::Frame(FrameRef::Obj(n, 0)) => format!("obj{n}"),
        Opnd::Frame(FrameRef::Obj(n, e)) => format!("obj{n}{e:+}"),
        Opnd::Frame(FrameRef::Incoming(e)) => format!("in{e:+}"),
        Opnd::Table(n) => format!("jt{n}"),
    }
}

/// The text of an operation in assembly syntax, its operands written by
/// `opnd`: the mnemonic and the entry's syntax template (ISA-ST200 §7.5)
/// with `$r63` for the link operands, or the `phi`/`pcopy` forms. Shared
/// by this printer and the assembly emitter ([`crate::codegen::emit`]).
pub fn op_text(i: &MInst, opnd: impl Fn(&Opnd) -> String) -> String {
    let mut s = String::new();
    write_op_text(&mut s, i, |out, o| out.push_str(&opnd(o)));
    s
}

/// [`op_text`] appended to `out`, each operand appended by `opnd` (the
/// assembly emitter writes a function's text in one string this way).
pub fn write_op_text(out: &mut String, i: &MInst, opnd: impl Fn(&mut String, &Opnd)) {
    let o = |n: usize| {
        let mut s = String::new();
        opnd(&mut s, &i.ops[n]);
        s
    };
    match i.op {
        MOp::Isa(op) => {
            let info = op.info();
            out.push_str(info.mnemonic);
            let t = info.syntax.template;
            if t.is_empty() {
                return;
            }
            out.push(' ');
            // operand `%n` of the template: `$r63` for a link operand,
            // else the explicit operand after those before it
            let operands = info.syntax.operands;
            // the template is ASCII: copy the text between `%n` markers
            let b = t.as_bytes();
            let mut from = 0;
            let mut k = 0;
            while k < b.len() {
                let n = match b.get(k + 1) {
                    Some(d) if b[k] == b'%' && d.is_ascii_digit() => usize::from(d - b'0'),
                    _ => {
                        k += 1;
                        continue;
                    }
                };
                out.push_str(&t[from..k]);
                if operands[n].kind == OperandKind::Link {
                    out.push_str(&reg(Reg::LINK));
                } else {
                    let explicit = operands[..n]
                        .iter()
                        .filter(|spec| spec.kind != OperandKind::Link)
                        .count();
                    opnd(out, &i.ops[explicit]);
                }
                k += 2;
                from = k;
            }
            out.push_str(&t[from..]);
        }
        MOp::Phi => {
            let args: Vec<String> = (1..i.ops.len())
                .step_by(2)
                .map(|n| format!("[{}, {}]", o(n), o(n + 1)))
                .collect();
            let _ = write!(out, "phi {} = {}", o(0), args.join(", "));
        }
        MOp::Psi => {
            let args: Vec<String> = (1..i.ops.len())
                .step_by(3)
                .map(|n| match (&i.ops[n], i.ops.get(n + 1)) {
                    (Opnd::Imm(1), _) => o(n + 2),
                    (_, Some(Opnd::Imm(0))) => format!("!{}?{}", o(n), o(n + 2)),
                    _ => format!("{}?{}", o(n), o(n + 2)),
                })
                .collect();
            let _ = write!(out, "psi {} = {}", o(0), args.join(", "));
        }
        MOp::PCopy => {
            let n = i.ops.len() / 2;
            let d: Vec<String> = (0..n).map(o).collect();
            let s: Vec<String> = (n..2 * n).map(o).collect();
            let _ = write!(out, "pcopy {} = {}", d.join(", "), s.join(", "));
        }
        MOp::Asm { index, defs } => {
            let n = (defs as usize).min(i.ops.len());
            let d: Vec<String> = (0..n).map(o).collect();
            let s: Vec<String> = (n..i.ops.len()).map(o).collect();
            let _ = write!(out, "asm#{index} {} = {}", d.join(", "), s.join(", "));
        }
    }
}

fn reg_list(regs: &[Reg]) -> String {
    regs.iter().map(|&x| reg(x)).collect::<Vec<_>>().join(", ")
}

/// One operation line (without indentation): the operation, its implicit
/// operands and its source location.
pub fn inst(i: &MInst) -> String {
    let mut s = op_text(i, operand);
    if let Some((n, targets)) = i.jump_table() {
        let t: Vec<String> = targets.iter().map(|b| b.to_string()).collect();
        let _ = write!(s, " table(jt{n}: {})", t.join(", "));
    }
    if !i.imp_uses.is_empty() {
        let _ = write!(s, " uses({})", reg_list(&i.imp_uses));
    }
    if !i.imp_defs.is_empty() {
        let clobbers = Reg::call_clobbers();
        let d = if i.imp_defs.ends_with(&clobbers) {
            let head = &i.imp_defs[..i.imp_defs.len() - clobbers.len()];
            let mut v: Vec<String> = head.iter().map(|&x| reg(x)).collect();
            v.push("clobbers".to_string());
            v.join(", ")
        } else {
            reg_list(&i.imp_defs)
        };
        let _ = write!(s, " defs({d})");
    }
    if let Some((l, c)) = i.loc {
        let _ = write!(s, " loc({l}:{c})");
    }
    s
}

/// The text of a whole function (see the module documentation), ending
/// with a newline.
pub fn function(f: &MFunc) -> String {
    let mut s = format!("function @{}", f.name);
    for (set, word) in [
        (f.global, "global"),
        (f.variadic, "variadic"),
        (f.has_calls, "calls"),
    ] {
        if set {
            let _ = write!(s, " {word}");
        }
    }
    if f.out_args != 0 {
        let _ = write!(s, " out_args {}", f.out_args);
    }
    let _ = write!(s, "\nvregs {}", f.vclass.len());
    let brs: Vec<String> = (0..f.vclass.len())
        .filter(|&v| f.vclass[v] == Class::Br)
        .map(|v| VReg::new(v).to_string())
        .collect();
    if !brs.is_empty() {
        let _ = write!(s, " br {}", brs.join(" "));
    }
    let pins: Vec<String> = (0..f.vclass.len())
        .filter_map(|v| {
            let v = VReg::new(v);
            f.pinned(v).map(|p| format!("{v}={}", reg(p)))
        })
        .collect();
    if !pins.is_empty() {
        let _ = write!(s, "\npins {}", pins.join(" "));
    }
    if !f.objs.is_empty() {
        let objs: Vec<String> = f.objs.iter().map(|(sz, al)| format!("{sz}:{al}")).collect();
        let _ = write!(s, "\nobjs {}", objs.join(" "));
    }
    s.push_str("\norder");
    for b in &f.order {
        let _ = write!(s, " {b}");
    }
    s.push('\n');
    for b in f.block_ids() {
        let _ = writeln!(s, "{b}:");
        for i in &f.block(b).insts {
            let _ = writeln!(s, "  {}", inst(i));
        }
    }
    s
}
