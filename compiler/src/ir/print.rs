//! The textual form of the IR (`lcc --emit-ir`, `-fdump-PASS`, the
//! golden-file tests): one function per `func` block, one instruction per
//! line; [`super::parse_module`] reads it back.

use super::*;
use std::fmt::Write as _;

fn quote(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (' '..='~').contains(&c) => o.push(c),
            c => {
                let _ = write!(o, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    o.push('"');
    o
}

impl Function {
    /// Writes the function in textual form.
    pub fn print(&self, out: &mut String) {
        let _ = write!(out, "func @{}(", self.name);
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{} {}", self.value_type(*p).name(), p);
            if let Some(Some((s, a))) = self.byval.get(i) {
                let _ = write!(out, " byval({s}, {a})");
            }
        }
        if self.variadic {
            out.push_str(if self.params.is_empty() {
                "..."
            } else {
                ", ..."
            });
        }
        out.push(')');
        if let Some(r) = self.ret {
            let _ = write!(out, " -> {}", r.name());
        }
        if self.sret {
            out.push_str(" sret");
        }
        if self.linkage == Linkage::Internal {
            out.push_str(" internal");
        }
        match self.inline {
            InlineHint::Default => {}
            InlineHint::Never => out.push_str(" noinline"),
            InlineHint::Always => out.push_str(" always_inline"),
        }
        out.push_str(" {\n");
        for (i, s) in self.slots.iter().enumerate() {
            let _ = writeln!(out, "  slot{i} size {} align {}", s.size, s.align);
        }
        for &b in &self.layout {
            let _ = writeln!(out, "{b}:");
            for &inst in &self.blocks[b.index()].insts {
                out.push_str("  ");
                let d = &self.insts[inst.index()];
                if let Some(r) = d.result {
                    let _ = write!(out, "{r} = ");
                }
                self.print_kind(&d.kind, out);
                out.push('\n');
            }
        }
        out.push_str("}\n");
    }

    fn print_kind(&self, k: &InstKind, out: &mut String) {
        let _ = match k {
            InstKind::Iconst { ty, imm } => write!(out, "iconst.{} {imm}", ty.name()),
            InstKind::Binary { op, ty, args } => write!(
                out,
                "{}.{} {}, {}",
                binop_name(*op),
                ty.name(),
                args[0],
                args[1]
            ),
            InstKind::Unary { op, ty, arg } => write!(out, "{}.{} {arg}", op.name(), ty.name()),
            InstKind::Icmp { cond, ty, args } => write!(
                out,
                "icmp.{}.{} {}, {}",
                cond_name(*cond),
                ty.name(),
                args[0],
                args[1]
            ),
            InstKind::Convert { op, from, to, arg } => {
                let n = match op {
                    ConvOp::Sext => "sext",
                    ConvOp::Zext => "zext",
                    ConvOp::Trunc => "trunc",
                };
                write!(out, "{n}.{}.{} {arg}", from.name(), to.name())
            }
            InstKind::Fbinary { op, ty, args } => write!(
                out,
                "{}.{} {}, {}",
                fbinop_name(*op),
                ty.name(),
                args[0],
                args[1]
            ),
            InstKind::Fneg { ty, arg } => write!(out, "fneg.{} {arg}", ty.name()),
            InstKind::Fcmp { cond, ty, args } => write!(
                out,
                "fcmp.{}.{} {}, {}",
                fcond_name(*cond),
                ty.name(),
                args[0],
                args[1]
            ),
            InstKind::Fconvert { op, from, to, arg } => {
                write!(
                    out,
                    "{}.{}.{} {arg}",
                    fconv_name(*op),
                    from.name(),
                    to.name()
                )
            }
            InstKind::Load { ty, addr } => write!(out, "load.{} {addr}", ty.name()),
            InstKind::Store { ty, addr, value } => {
                write!(out, "store.{} {addr}, {value}", ty.name())
            }
            InstKind::VolatileLoad { ty, addr } => {
                write!(out, "volatile_load.{} {addr}", ty.name())
            }
            InstKind::VolatileStore { ty, addr, value } => {
                write!(out, "volatile_store.{} {addr}, {value}", ty.name())
            }
            InstKind::SlotAddr { slot } => write!(out, "slot_addr {slot}"),
            InstKind::GlobalAddr { name } => write!(out, "global_addr @{name}"),
            InstKind::Call {
                callee, args, ret, ..
            } => {
                out.push_str("call");
                if let Some(r) = ret {
                    out.push('.');
                    out.push_str(r.name());
                }
                match callee {
                    Callee::Direct(n) => {
                        let _ = write!(out, " @{n}(");
                    }
                    Callee::Indirect(v) => {
                        let _ = write!(out, " {v}(");
                    }
                    Callee::Asm(a) => {
                        let _ = write!(out, " asm {:?}(", a.pieces);
                    }
                }
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "{a}");
                }
                write!(out, ")")
            }
            InstKind::Phi { ty, incoming } => {
                let _ = write!(out, "phi.{}", ty.name());
                for (i, (b, v)) in incoming.iter().enumerate() {
                    out.push_str(if i == 0 { " " } else { ", " });
                    let _ = write!(out, "[{b}: {v}]");
                }
                Ok(())
            }
            InstKind::MemCopy { dst, src, size } => write!(out, "memcpy {dst}, {src}, {size}"),
            InstKind::MemZero { dst, size } => write!(out, "memzero {dst}, {size}"),
            InstKind::Custom { op, args } => {
                let _ = write!(out, "custom {} asm_{} \"{}\"", op.name, op.slot, op.text);
                for (i, a) in args.iter().enumerate() {
                    out.push_str(if i == 0 { " " } else { ", " });
                    let _ = write!(out, "{a}");
                }
                Ok(())
            }
            InstKind::VaStart => write!(out, "va_start"),
            InstKind::Jump { dest } => write!(out, "jump {dest}"),
            InstKind::Branch {
                cond,
                then,
                else_,
                prob,
            } => {
                let r = write!(out, "br {cond}, {then}, {else_}");
                match prob {
                    Some(p) => write!(out, ", prob {}", p.0),
                    None => r,
                }
            }
            InstKind::JumpTable { index, targets } => {
                let t: Vec<String> = targets.iter().map(|b| b.to_string()).collect();
                write!(out, "jumptable {index}, [{}]", t.join(", "))
            }
            InstKind::Ret { value: Some(v) } => write!(out, "ret {v}"),
            InstKind::Ret { value: None } => write!(out, "ret"),
            InstKind::Unreachable => write!(out, "unreachable"),
        };
    }
}

impl Module {
    /// The module in textual form (parseable by [`parse_module`]).
    pub fn print(&self) -> String {
        let mut out = String::new();
        for g in &self.globals {
            let _ = write!(out, "global @{} size {} align {}", g.name, g.size, g.align);
            if g.linkage == Linkage::Internal {
                out.push_str(" internal");
            }
            if g.common {
                out.push_str(" common");
            }
            if g.readonly {
                out.push_str(" readonly");
            }
            if let Some(s) = &g.section {
                let _ = write!(out, " section {}", quote(s));
            }
            if let Some(init) = &g.init {
                out.push_str(" init ");
                for b in init {
                    let _ = write!(out, "{b:02x}");
                }
            }
            for (o, s, a) in &g.relocs {
                let _ = write!(out, " reloc {o} @{s}{a:+}");
            }
            out.push('\n');
        }
        for f in &self.functions {
            out.push('\n');
            f.print(&mut out);
        }
        out
    }
}
