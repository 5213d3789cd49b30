//! Assembly text for `las` (ISA-ST200 §7.5): one operation per line, `;;`
//! ends a bundle, `.proc`/`.endp`, `.type`/`.size`, `.loc` lines, jump
//! tables after their function, data directives for globals.

use super::mir::{self, *};
use super::sched::list::Bundles;
use crate::ir::{Global, Linkage};
use std::fmt::Write as _;

/// Values per `.byte` directive line.
const BYTES_PER_LINE: usize = 16;

/// Escapes a string for a `.file`/`.ascii` operand.
pub fn escape(s: &str) -> String {
    let mut o = String::new();
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c => o.push(c),
        }
    }
    o
}

fn label(k: usize, b: MBlockId) -> String {
    format!(".L{k}_{}", b.index())
}

/// The local label of jump table `n` of function `k`.
fn table_label(k: usize, n: u32) -> String {
    format!(".L{k}_jt{n}")
}

/// Appends `prefix` and the register number `n` in decimal to `out`:
/// the emitter writes a register for most operands, without the
/// formatting machinery.
fn write_reg(out: &mut String, prefix: &str, n: u8) {
    out.push_str(prefix);
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

/// Appends the assembly text of operand `o` (of function `k`, for
/// labels) to `out`.
fn write_opnd(out: &mut String, o: &Opnd, k: usize) {
    let _ = match o {
        Opnd::R(Reg::G(n)) => {
            write_reg(out, "$r", *n);
            Ok(())
        }
        Opnd::R(Reg::B(n)) => {
            write_reg(out, "$b", *n);
            Ok(())
        }
        Opnd::R(Reg::V(v)) => write!(out, "{v}"),
        Opnd::Imm(v) => write!(out, "{v}"),
        Opnd::Sym(s, 0) | Opnd::Func(s) => {
            out.push_str(s);
            Ok(())
        }
        Opnd::Sym(s, a) => write!(out, "{s}{a:+}"),
        Opnd::Label(b) => write!(out, ".L{k}_{}", b.index()),
        Opnd::Frame(f) => write!(out, "{f:?}"),
        Opnd::Table(n) => write!(out, ".L{k}_jt{n}"),
    };
}

/// One operation as a line of assembly (without indentation): the
/// mnemonic and the entry's syntax template (ISA-ST200 §7.5), with `$r63`
/// for its fixed link operands ([`mir::print::op_text`]). Machine-SSA
/// pseudo-operations appear only in dumps, never in `.s` for `las`
/// (out-of-SSA translation removes them).
pub fn inst(i: &MInst, k: usize) -> String {
    let mut s = String::new();
    write_inst(&mut s, i, k);
    s
}

/// [`inst`] appended to `out`.
fn write_inst(out: &mut String, i: &MInst, k: usize) {
    mir::print::write_op_text(out, i, |out, o| write_opnd(out, o, k));
}

/// [`write_inst`], with the name a custom operation `asm_N` has on
/// `model` (`NAME $rD = $rA, $rB`, ISA-ST200 §4.10) when the machine
/// declares one for slot `N`.
fn write_inst_on(out: &mut String, i: &MInst, k: usize, model: &isa::model::ProcessorModel) {
    let start = out.len();
    write_inst(out, i, k);
    if let Some(info) = i.info() {
        if let Some(c) = info.custom_slot().and_then(|n| model.custom_slot(n)) {
            out.replace_range(start..start + info.mnemonic.len(), &c.name);
        }
    }
}

/// The text of a scheduled function (`k`: its index, for labels) for the
/// machine `model` (the names of its custom operations).
pub fn function(
    f: &MFunc,
    k: usize,
    blocks: &[(MBlockId, Bundles)],
    lines: bool,
    model: &isa::model::ProcessorModel,
) -> String {
    let mut s = String::new();
    let n = &f.name;
    // One section per function (gcc's -ffunction-sections): the linker
    // places procedures for the I-cache and --gc-sections drops unused ones.
    let _ = writeln!(
        s,
        "\t.section .text.{n},\"ax\",@progbits\n\t.align {}",
        f.align.max(8)
    );
    if f.global {
        let _ = writeln!(s, "\t.global {n}");
    }
    let _ = writeln!(s, "\t.type {n}, @function\n\t.proc\n{n}:");
    let mut last_loc = None;
    // A row for the function's own line at its first address (as gcc):
    // what precedes the first statement, a prologue included, is the
    // definition's, never the previous function's last line.
    if let (true, Some(l)) = (lines, f.loc) {
        let _ = writeln!(s, "\t.loc 1 {} {}", l.0, l.1);
        last_loc = Some(l);
    }
    for (b, bundles) in blocks {
        let _ = writeln!(s, "{}:", label(k, *b));
        for bu in bundles {
            if lines {
                if let Some(l) = bu.iter().find_map(|i| i.loc) {
                    if Some(l) != last_loc {
                        let _ = writeln!(s, "\t.loc 1 {} {}", l.0, l.1);
                        last_loc = Some(l);
                    }
                }
            }
            if let [i] = &bu[..] {
                if let MOp::Asm { index, .. } = i.op {
                    write_asm(&mut s, f, i, index);
                    continue;
                }
            }
            if bu.is_empty() {
                s.push_str("\tnop\n");
            }
            for i in bu {
                s.push('\t');
                write_inst_on(&mut s, i, k, model);
                s.push('\n');
            }
            s.push_str("\t;;\n");
        }
    }
    let _ = writeln!(s, "\t.endp\n\t.size {n}, .-{n}");
    s.push_str(&jump_tables(k, blocks));
    s
}

/// The text of inline assembly statement `i` (entry `index` of
/// [`MFunc::asm`]), operands replaced by their registers (`0[$rN]` for a
/// memory operand), each line indented, ending its last bundle with `;;`
/// when the text does not; nothing for an empty template.
fn write_asm(out: &mut String, f: &MFunc, i: &MInst, index: u32) {
    let Some(lay) = f.asm.get(index as usize) else {
        return;
    };
    if lay.info.is_empty() {
        return;
    }
    let reg_at = |k: usize| -> String {
        let mut s = String::new();
        if let Some(o) = i.ops.get(k) {
            write_opnd(&mut s, o, 0);
        }
        s
    };
    let mut text = String::new();
    for p in &lay.info.pieces {
        match p {
            crate::ir::AsmPiece::Text(t) => text.push_str(t),
            crate::ir::AsmPiece::Result => text.push_str(&reg_at(0)),
            crate::ir::AsmPiece::ResultHigh => text.push_str(&reg_at(1)),
            crate::ir::AsmPiece::Arg(n) => {
                text.push_str(&reg_at(lay.arg_op.get(*n).copied().unwrap_or(usize::MAX)))
            }
            crate::ir::AsmPiece::ArgHigh(n) => {
                text.push_str(&reg_at(lay.arg_op.get(*n).map_or(usize::MAX, |&k| k + 1)))
            }
            crate::ir::AsmPiece::Mem(n) => {
                let r = reg_at(lay.arg_op.get(*n).copied().unwrap_or(usize::MAX));
                let _ = write!(text, "0[{r}]");
            }
        }
    }
    for line in text.lines() {
        let l = line.trim();
        if l.is_empty() {
            continue;
        }
        out.push('\t');
        out.push_str(l);
        out.push('\n');
    }
    if crate::ir::asm_needs_stop(&text) {
        out.push_str("\t;;\n");
    }
}

/// The jump tables of a scheduled function (`k`: its index, for labels),
/// in table order: in `.rodata`, word-aligned, one `.word` code address
/// (an `R_ST200_32` relocation, ISA-ST200 §6.2) per entry, read by the
/// `ldw` before the `igoto` (§4.7). Empty when the function has none.
fn jump_tables(k: usize, blocks: &[(MBlockId, Bundles)]) -> String {
    let mut tables: Vec<(u32, Vec<MBlockId>)> = blocks
        .iter()
        .flat_map(|(_, bundles)| bundles.iter().flatten())
        .filter_map(|i| i.jump_table())
        .collect();
    if tables.is_empty() {
        return String::new();
    }
    tables.sort_by_key(|t| t.0);
    let mut s = String::from("\t.section .rodata\n\t.align 4\n");
    for (n, targets) in tables {
        let _ = writeln!(s, "{}:", table_label(k, n));
        for t in targets {
            let _ = writeln!(s, "\t.word {}", label(k, t));
        }
    }
    s
}

/// Data directives for a global: section, alignment, linkage, bytes with
/// `.word sym+addend` at relocated offsets.
pub fn global(g: &Global) -> String {
    // Relocations need contents to patch: a global with relocations but no
    // initial bytes is zeros plus those addresses (as the interpreter reads it).
    let filled;
    let g = if g.init.is_none() && !g.relocs.is_empty() {
        filled = Global {
            init: Some(vec![0; g.size as usize]),
            common: false,
            ..g.clone()
        };
        &filled
    } else {
        g
    };
    let mut s = String::new();
    let n = &g.name;
    let align = g.align.max(1);
    if g.common && g.init.is_none() && g.section.is_none() {
        if g.linkage == Linkage::External {
            let _ = writeln!(s, "\t.comm {n}, {}, {align}", g.size.max(1));
        } else {
            let _ = writeln!(s, "\t.lcomm {n}, {}, {align}", g.size.max(1));
        }
        return s;
    }
    match (&g.section, &g.init, g.readonly) {
        (Some(sec), _, _) => {
            let flags = if g.readonly { "a" } else { "aw" };
            let _ = writeln!(s, "\t.section {sec}, \"{flags}\"");
        }
        (None, None, _) => s.push_str("\t.bss\n"),
        (None, Some(_), true) => s.push_str("\t.rodata\n"),
        (None, Some(_), false) => s.push_str("\t.data\n"),
    }
    let _ = writeln!(s, "\t.align {align}");
    if g.linkage == Linkage::External {
        let _ = writeln!(s, "\t.global {n}");
    }
    let _ = writeln!(s, "\t.type {n}, @object\n\t.size {n}, {}\n{n}:", g.size);
    match &g.init {
        None => {
            if g.size > 0 {
                let _ = writeln!(s, "\t.skip {}", g.size);
            }
        }
        Some(bytes) => {
            let mut relocs = g.relocs.clone();
            relocs.sort_by_key(|r| r.0);
            let mut i = 0usize;
            let mut ri = 0usize;
            let mut pending: Vec<u8> = vec![];
            let flush = |s: &mut String, p: &mut Vec<u8>| {
                for chunk in p.chunks(BYTES_PER_LINE) {
                    let v: Vec<String> = chunk.iter().map(|b| b.to_string()).collect();
                    let _ = writeln!(s, "\t.byte {}", v.join(", "));
                }
                p.clear();
            };
            while i < bytes.len() {
                if ri < relocs.len() && relocs[ri].0 as usize == i {
                    flush(&mut s, &mut pending);
                    let (_, sym, add) = &relocs[ri];
                    if *add == 0 {
                        let _ = writeln!(s, "\t.word {sym}");
                    } else {
                        let _ = writeln!(s, "\t.word {sym}{add:+}");
                    }
                    i += 4;
                    ri += 1;
                } else {
                    pending.push(bytes[i]);
                    i += 1;
                }
            }
            flush(&mut s, &mut pending);
        }
    }
    s
}
