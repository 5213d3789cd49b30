//! Reader of the machine-IR text form written by [`super::print`] (the
//! format is described there): [`function`] reads one function,
//! [`functions`] several, separated by blank lines. Lines starting with `#`
//! are comments. An ST200 operation gets the `isa` table entry written with
//! its mnemonic whose operands have the kinds of the operands read
//! (ISA-ST200 §3.3; the `$r63` link operands must be written as such); the
//! text must then be exactly the entry's syntax, up to spacing.

use super::*;

/// A syntax or consistency error, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// Line of the error (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A token of a line: a word (a run of characters other than spaces and
/// the punctuation `= , [ ] ( ) :`) or one punctuation character.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Word(&'a str),
    Punct(char),
}

fn tokens(line: &str) -> Vec<Tok<'_>> {
    let mut out = vec![];
    let mut start = None;
    for (k, c) in line.char_indices() {
        let punct = "=,[]():".contains(c);
        if c.is_whitespace() || punct {
            if let Some(s) = start.take() {
                out.push(Tok::Word(&line[s..k]));
            }
            if punct {
                out.push(Tok::Punct(c));
            }
        } else if start.is_none() {
            start = Some(k);
        }
    }
    if let Some(s) = start {
        out.push(Tok::Word(&line[s..]));
    }
    out
}

type Res<T> = Result<T, String>;

fn number<T: std::str::FromStr>(s: &str, what: &str) -> Res<T> {
    s.parse()
        .map_err(|_| format!("`{s}` is not a valid {what}"))
}

/// Splits `name+8` / `name-8` / `name` into the name and the signed offset.
fn with_offset<'a>(s: &'a str, what: &str) -> Res<(&'a str, i64)> {
    match s
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c == '+' || c == '-')
    {
        Some((k, _)) => Ok((&s[..k], number(&s[k..], what)?)),
        None => Ok((s, 0)),
    }
}

fn reg(f: &MFunc, w: &str) -> Res<Reg> {
    if let Some(n) = w.strip_prefix("$r") {
        let n: u32 = number(n, "general register")?;
        if n < isa::abi::GR_COUNT {
            return Ok(Reg::gr(n));
        }
    } else if let Some(n) = w.strip_prefix("$b") {
        let n: u32 = number(n, "branch register")?;
        if n < isa::abi::BR_COUNT {
            return Ok(Reg::br(n));
        }
    } else if let Some(n) = w.strip_prefix("%v") {
        let v = VReg(number(n, "virtual register")?);
        if v.index() < f.vclass.len() {
            return Ok(Reg::V(v));
        }
        return Err(format!("{v} is not declared (vregs {})", f.vclass.len()));
    }
    Err(format!("`{w}` is not a register"))
}

fn block(w: &str) -> Option<MBlockId> {
    let n = w.strip_prefix('B')?;
    if n.is_empty() || !n.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    n.parse().ok().map(MBlockId)
}

fn operand(f: &MFunc, w: &str) -> Res<Opnd> {
    if w.starts_with('$') || w.starts_with('%') {
        return reg(f, w).map(Opnd::R);
    }
    if let Some(s) = w.strip_prefix('&') {
        let (name, a) = with_offset(s, "symbol addend")?;
        return Ok(Opnd::Sym(name.to_string(), a));
    }
    if let Some(s) = w.strip_prefix('@') {
        return Ok(Opnd::Func(s.to_string()));
    }
    if let Some(b) = block(w) {
        return Ok(Opnd::Label(b));
    }
    if let Some(n) = w.strip_prefix("jt") {
        return Ok(Opnd::Table(number(n, "jump table")?));
    }
    if let Some(s) = w.strip_prefix("obj") {
        let (n, e) = with_offset(s, "frame offset")?;
        let n: u32 = number(n, "frame object")?;
        if n as usize >= f.objs.len() {
            return Err(format!("frame object {n} is not declared"));
        }
        let e = i32::try_from(e).map_err(|_| format!("frame offset {e} out of range"))?;
        return Ok(Opnd::Frame(FrameRef::Obj(n, e)));
    }
    if let Some(s) = w.strip_prefix("in") {
        if s.starts_with('+') || s.starts_with('-') {
            return Ok(Opnd::Frame(FrameRef::Incoming(number(s, "frame offset")?)));
        }
    }
    number(w, "operand").map(Opnd::Imm)
}

/// The words of `toks` and its punctuation, the skeleton the text must
/// share with the printed operation.
fn words<'a>(toks: &[Tok<'a>]) -> Vec<&'a str> {
    toks.iter()
        .filter_map(|t| match t {
            Tok::Word(w) => Some(*w),
            Tok::Punct(_) => None,
        })
        .collect()
}

/// An ST200 operation written `mnemonic` with operand words `ws`: the entry
/// whose operands, link operands included, fit the words.
fn isa_op(f: &MFunc, mnemonic: &str, ws: &[&str]) -> Res<MInst> {
    let link = print::reg(Reg::LINK);
    let mut last_err = None;
    for &op in Opcode::by_mnemonic(mnemonic) {
        let specs = op.info().syntax.operands;
        if specs.len() != ws.len() {
            continue;
        }
        let mut ops = vec![];
        let mut fits = true;
        for (spec, w) in specs.iter().zip(ws) {
            if spec.kind == OperandKind::Link {
                fits &= *w == link;
                continue;
            }
            match operand(f, w) {
                Ok(o) => {
                    let k = f.kind(&o);
                    fits &= k == Some(spec.kind)
                        || (k == Some(OperandKind::Gr) && spec.kind == OperandKind::GrNoLink);
                    ops.push(o);
                }
                Err(e) => {
                    last_err = Some(e);
                    fits = false;
                }
            }
        }
        if fits {
            return Ok(MInst::new(op, ops));
        }
    }
    if Opcode::by_mnemonic(mnemonic).is_empty() {
        return Err(format!("unknown operation `{mnemonic}`"));
    }
    Err(last_err.unwrap_or_else(|| format!("no `{mnemonic}` takes the operands {}", ws.join(", "))))
}

/// Reads an implicit-operand list `(r, r, …)` starting at `toks[0] == '('`;
/// returns the registers and the number of tokens read.
fn reg_list(f: &MFunc, toks: &[Tok<'_>]) -> Res<(Vec<Reg>, usize)> {
    let close = toks
        .iter()
        .position(|t| *t == Tok::Punct(')'))
        .ok_or("missing `)`")?;
    let mut regs = vec![];
    for w in words(&toks[1..close]) {
        if w == "clobbers" {
            regs.extend(Reg::call_clobbers());
        } else {
            regs.push(reg(f, w)?);
        }
    }
    Ok((regs, close + 1))
}

/// A `psi` from its words `d, a1, g2?a2, !g3?a3, …` (see [`super::print`]).
fn psi(f: &MFunc, ws: &[&str]) -> Res<MInst> {
    let (d, args) = ws.split_first().ok_or("psi needs a destination")?;
    let dst = reg(f, d)?;
    let args = args
        .iter()
        .map(|w| {
            let (guard, value) = match w.split_once('?') {
                None => (Guard::True, *w),
                Some((g, v)) => match g.strip_prefix('!') {
                    Some(g) => (Guard::IfNot(reg(f, g)?), v),
                    None => (Guard::If(reg(f, g)?), v),
                },
            };
            Ok(PsiArg {
                guard,
                value: reg(f, value)?,
            })
        })
        .collect::<Res<Vec<PsiArg>>>()?;
    Ok(MInst::psi(dst, &args))
}

/// One operation line (without indentation).
fn inst(f: &MFunc, line: &str) -> Res<MInst> {
    let toks = tokens(line);
    let Some(Tok::Word(mnemonic)) = toks.first() else {
        return Err("an operation starts with its mnemonic".into());
    };
    // the operation ends where `uses(`, `defs(` or `loc(` starts
    let end = (1..toks.len())
        .find(|&k| {
            matches!(toks[k], Tok::Word("uses" | "defs" | "loc" | "table"))
                && toks.get(k + 1) == Some(&Tok::Punct('('))
        })
        .unwrap_or(toks.len());
    let ws = words(&toks[1..end]);
    let mut i = match *mnemonic {
        "phi" | "pcopy" => {
            let ops = ws
                .iter()
                .map(|w| operand(f, w))
                .collect::<Res<Vec<Opnd>>>()?;
            if *mnemonic == "phi" {
                MInst::phi(ops)
            } else {
                MInst::pcopy(ops)
            }
        }
        "psi" => psi(f, &ws)?,
        m => isa_op(f, m, &ws)?,
    };
    // the text must be the operation's syntax
    let printed = print::op_text(&i, print::operand);
    if tokens(&printed) != toks[..end] {
        return Err(format!("`{}` is not written `{printed}`", line.trim()));
    }
    let mut k = end;
    while k < toks.len() {
        match (&toks[k], toks.get(k + 1)) {
            (Tok::Word("uses"), Some(Tok::Punct('('))) if i.imp_uses.is_empty() => {
                let (regs, n) = reg_list(f, &toks[k + 1..])?;
                i.imp_uses = regs;
                k += 1 + n;
            }
            (Tok::Word("defs"), Some(Tok::Punct('('))) if i.imp_defs.is_empty() => {
                let (regs, n) = reg_list(f, &toks[k + 1..])?;
                i.imp_defs = regs;
                k += 1 + n;
            }
            (Tok::Word("table"), Some(Tok::Punct('('))) if i.is(opc::IGOTO) && i.ops.is_empty() => {
                let close = toks[k..]
                    .iter()
                    .position(|t| *t == Tok::Punct(')'))
                    .ok_or("missing `)`")?;
                let ws = words(&toks[k + 2..k + close]);
                let Some((Opnd::Table(n), rest)) = ws
                    .split_first()
                    .map(|(w, r)| operand(f, w).map(|o| (o, r)))
                    .transpose()?
                else {
                    return Err("`table` takes `(jtN: B…)`".into());
                };
                let targets = rest
                    .iter()
                    .map(|w| block(w).ok_or_else(|| format!("`{w}` is not a block")))
                    .collect::<Res<Vec<MBlockId>>>()?;
                if targets.is_empty() {
                    return Err("a jump table has at least one block".into());
                }
                let imp_uses = std::mem::take(&mut i.imp_uses);
                let loc = i.loc;
                i = MInst::igoto(n, &targets);
                i.imp_uses = imp_uses;
                i.loc = loc;
                k += close + 1;
            }
            (Tok::Word("loc"), Some(Tok::Punct('('))) if i.loc.is_none() => {
                let (Some(Tok::Word(l)), Some(Tok::Punct(':')), Some(Tok::Word(c))) =
                    (toks.get(k + 2), toks.get(k + 3), toks.get(k + 4))
                else {
                    return Err("`loc` takes `(line:column)`".into());
                };
                if toks.get(k + 5) != Some(&Tok::Punct(')')) {
                    return Err("missing `)`".into());
                }
                i.loc = Some((number(l, "line")?, number(c, "column")?));
                k += 6;
            }
            (t, _) => return Err(format!("unexpected {t:?} after the operation")),
        }
    }
    Ok(i)
}

/// The header line `function @name flags…`.
fn header(line: &str) -> Res<MFunc> {
    let ws: Vec<&str> = line.split_whitespace().collect();
    let Some(name) = ws.get(1).and_then(|n| n.strip_prefix('@')) else {
        return Err("a function starts with `function @name`".into());
    };
    let mut f = MFunc::new(name, false);
    let mut k = 2;
    while k < ws.len() {
        match ws[k] {
            "global" => f.global = true,
            "variadic" => f.variadic = true,
            "calls" => f.has_calls = true,
            "out_args" => {
                k += 1;
                f.out_args = number(ws.get(k).ok_or("`out_args` needs a size")?, "size")?;
            }
            w => return Err(format!("unknown function flag `{w}`")),
        }
        k += 1;
    }
    Ok(f)
}

/// A declaration line before the blocks (`vregs`, `pins`, `objs`, `order`).
fn declaration(f: &mut MFunc, line: &str) -> Res<()> {
    let ws: Vec<&str> = line.split_whitespace().collect();
    match ws[0] {
        "vregs" => {
            let n: usize = number(ws.get(1).ok_or("`vregs` needs a count")?, "count")?;
            f.vclass = vec![Class::Gr; n];
            match ws.get(2) {
                None => {}
                Some(&"br") => {
                    for w in &ws[3..] {
                        match reg(f, w)? {
                            Reg::V(v) => f.vclass[v.index()] = Class::Br,
                            _ => return Err(format!("`{w}` is not a virtual register")),
                        }
                    }
                }
                Some(w) => return Err(format!("unexpected `{w}` in `vregs`")),
            }
        }
        "pins" => {
            for w in &ws[1..] {
                let (v, p) = w
                    .split_once('=')
                    .ok_or_else(|| format!("a pin is written `%vN=$rM`, not `{w}`"))?;
                let (Reg::V(v), p @ (Reg::G(_) | Reg::B(_))) = (reg(f, v)?, reg(f, p)?) else {
                    return Err(format!("a pin is written `%vN=$rM`, not `{w}`"));
                };
                if f.pin.len() <= v.index() {
                    f.pin.resize(v.index() + 1, None);
                }
                f.pin[v.index()] = Some(p);
            }
        }
        "objs" => {
            for w in &ws[1..] {
                let (s, a) = w
                    .split_once(':')
                    .ok_or_else(|| format!("a frame object is written `size:align`, not `{w}`"))?;
                f.objs.push((number(s, "size")?, number(a, "alignment")?));
            }
        }
        "order" => {
            for w in &ws[1..] {
                f.order
                    .push(block(w).ok_or_else(|| format!("`{w}` is not a block"))?);
            }
        }
        w => return Err(format!("unknown declaration `{w}`")),
    }
    Ok(())
}

/// Reads the functions of `text`.
pub fn functions(text: &str) -> Result<Vec<MFunc>, ParseError> {
    let mut out: Vec<MFunc> = vec![];
    let mut in_blocks = false;
    for (n, line) in text.lines().enumerate() {
        let err = |message: String| ParseError {
            line: n + 1,
            message,
        };
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with("function ") || t == "function" {
            if let Some(f) = out.last() {
                check(f).map_err(|m| err(format!("before this line: {m}")))?;
            }
            out.push(header(t).map_err(err)?);
            in_blocks = false;
            continue;
        }
        let Some(f) = out.last_mut() else {
            return Err(err("expected `function @name`".into()));
        };
        if let Some(l) = t.strip_suffix(':').and_then(block) {
            if l.index() != f.blocks.len() {
                return Err(err(format!(
                    "block {l} out of order: blocks are written B0, B1, … (next B{})",
                    f.blocks.len()
                )));
            }
            f.new_block();
            in_blocks = true;
            continue;
        }
        if in_blocks {
            let i = inst(f, line).map_err(err)?;
            f.blocks.last_mut().expect("a block").insts.push(i);
        } else {
            declaration(f, t).map_err(err)?;
        }
    }
    if let Some(f) = out.last() {
        let line = text.lines().count();
        check(f).map_err(|message| ParseError { line, message })?;
    }
    Ok(out)
}

/// Reads the one function of `text`.
pub fn function(text: &str) -> Result<MFunc, ParseError> {
    let mut v = functions(text)?;
    match v.len() {
        1 => Ok(v.pop().expect("one")),
        n => Err(ParseError {
            line: 1,
            message: format!("expected one function, found {n}"),
        }),
    }
}

/// Block references of a complete function: the layout and the labels.
fn check(f: &MFunc) -> Res<()> {
    let nb = f.blocks.len();
    if let Some(b) = f.order.iter().find(|b| b.index() >= nb) {
        return Err(format!(
            "{}: `order` names {b}, which is not defined",
            f.name
        ));
    }
    for b in &f.blocks {
        for i in &b.insts {
            for o in &i.ops {
                if let Opnd::Label(l) = o {
                    if l.index() >= nb {
                        return Err(format!("{}: {l} is not defined", f.name));
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa::Core;

    const SAMPLE: &str = "\
function @sum global calls out_args 8
vregs 12 br %v3 %v7
pins %v1=$r16 %v9=$r16 %v10=$r16 %v11=$r16
objs 4:4 8:8
order B0 B2 B1
B0:
  pcopy %v1 = $r16
  add %v2 = %v1, 1 loc(3:7)
  cmplt %v3 = %v2, 10
  mov %v6 = &table+8
  br %v3, B1
B1:
  phi %v4 = [B0, %v2], [B2, %v5]
  pcopy %v9 = %v4
  call $r63 = @f uses(%v9) defs(%v10, clobbers)
  call $r63 = $r63 uses($r63)
  stw obj1+4[$r12] = %v4
  ldw %v8 = in-16[$r12]
  addcg %v5, %v7 = %v4, %v2, %v3
  mfb %v0 = %v7
  pcopy %v11 = %v5
  return $r63 uses(%v11)
B2:
  goto B1
";

    #[test]
    fn sample_round_trip_and_entries() {
        let f = function(SAMPLE).unwrap();
        assert_eq!(print::function(&f), SAMPLE);
        let name = |b: usize, k: usize| f.blocks[b].insts[k].info().map(|i| i.name);
        assert_eq!(name(0, 1), Some("add_i"));
        assert_eq!(name(0, 2), Some("cmplt_b_i"));
        assert_eq!(name(0, 3), Some("mov_i"));
        assert_eq!(name(1, 2), Some("call"));
        assert_eq!(name(1, 3), Some("icall"));
        assert_eq!(name(1, 9), Some("return"));
        assert_eq!(f.blocks[0].insts[3].ops[1], Opnd::Sym("table".into(), 8));
        assert_eq!(f.blocks[1].insts[2].ops[0], Opnd::Func("f".into()));
        assert_eq!(
            f.blocks[1].insts[2].imp_defs.len(),
            1 + Reg::call_clobbers().len()
        );
        assert_eq!(f.blocks[0].insts[1].loc, Some((3, 7)));
        assert_eq!(
            f.blocks[1].insts[4].ops[0],
            Opnd::Frame(FrameRef::Obj(1, 4))
        );
        assert_eq!(
            f.blocks[1].insts[5].ops[1],
            Opnd::Frame(FrameRef::Incoming(-16))
        );
        assert_eq!(f.vclass[7], Class::Br);
        assert_eq!(f.pinned(VReg(9)), Some(Reg::G(16)));
        assert_eq!(f.order, [MBlockId(0), MBlockId(2), MBlockId(1)]);
        assert!(f.global && f.has_calls && !f.variadic && f.out_args == 8);
        // several functions, comments and blank lines
        let two = format!("# two\n{SAMPLE}\n\n{}", SAMPLE.replace("@sum", "@other"));
        let v = functions(&two).unwrap();
        assert_eq!(v.len(), 2);
        assert_eq!(v[1].name, "other");
    }

    /// The `igoto` of a jump table (ISA-ST200 §4.7) with its table and
    /// the `ldw` of the table address: round trip, successors from the
    /// table (B1 listed twice is one edge), nothing falls through after
    /// it, and a table naming no block is rejected.
    #[test]
    fn jump_table_round_trip() {
        let text = "\
function @sw
vregs 3
pins %v2=$r63
order B0 B1 B2
B0:
  shl %v1 = %v0, 2
  ldw %v2 = jt0[%v1]
  goto $r63 table(jt0: B2, B1, B2) uses(%v2)
B1:
  return $r63
B2:
  return $r63
";
        let f = function(text).unwrap();
        assert_eq!(print::function(&f), text);
        let j = &f.blocks[0].insts[2];
        assert_eq!(j.info().map(|i| i.name), Some("igoto"));
        assert_eq!(
            j.jump_table(),
            Some((0, vec![MBlockId(2), MBlockId(1), MBlockId(2)]))
        );
        assert_eq!(f.blocks[0].insts[1].ops[1], Opnd::Table(0));
        let cfg = Cfg::new(&f);
        assert_eq!(cfg.succs(MBlockId(0)), [MBlockId(2), MBlockId(1)]);
        assert_eq!(cfg.preds(MBlockId(1)), [MBlockId(0)]);
        crate::codegen::mir::verify::check_operands(&f).unwrap();
        let e = function(&text.replace("(jt0: B2, B1, B2)", "(jt0:)")).unwrap_err();
        assert!(e.message.contains("at least one block"), "{e}");
        let mut g = f.clone();
        g.blocks[0].insts[2].ops.push(Opnd::Imm(3));
        let e = crate::codegen::mir::verify::check_operands(&g).unwrap_err();
        assert!(e.contains("jump table"), "{e}");
    }

    #[test]
    fn errors_name_the_line() {
        let bad = |from: &str, to: &str| function(&SAMPLE.replace(from, to)).unwrap_err();
        // a BR destination for an operation that has none (§4.1)
        let e = bad("add %v2 = %v1, 1", "add %v3 = %v1, 1");
        assert_eq!(e.line, 8, "{e}");
        assert!(e.message.contains("no `add`"), "{e}");
        // a link operand that is not $r63
        assert!(bad("call $r63 = @f", "call $r62 = @f")
            .message
            .contains("no `call`"));
        // the syntax of the entry, not another
        let e = bad("stw obj1+4[$r12] = %v4", "stw obj1+4, $r12 = %v4");
        assert!(
            e.message
                .contains("is not written `stw obj1+4[$r12] = %v4`"),
            "{e}"
        );
        assert!(bad("objs 4:4", "objects 4:4")
            .message
            .contains("unknown declaration"));
        assert!(bad("add %v2", "frob %v2")
            .message
            .contains("unknown operation"));
        assert!(bad("%v1, 1", "%v99, 1").message.contains("not declared"));
        assert!(bad("goto B1", "goto B7")
            .message
            .contains("B7 is not defined"));
        assert!(bad("B2:\n", "B3:\n").message.contains("out of order"));
        assert!(bad("loc(3:7)", "loc(3)").message.contains("line:column"));
        assert!(function("").is_err());
    }

    /// Print → parse → print is the identity, and the parsed function is
    /// the printed one (the same table entries and operands), on every
    /// function of the C corpus at each stage of the back end: after
    /// instruction selection (`-O0` IR, non-SSA; `-O2` IR, machine SSA, for
    /// the ST231 and the ST220), out-of-SSA translation, register
    /// allocation and frame layout.
    #[test]
    fn corpus_round_trip() {
        use crate::codegen::regalloc::{frame, linear_scan};
        use crate::codegen::{isel, out_of_ssa};
        let round_trip = |f: &MFunc, stage: &str| {
            let text = print::function(f);
            let g = function(&text).unwrap_or_else(|e| panic!("{stage}: {e}\n{text}"));
            assert_eq!(print::function(&g), text, "{stage}");
            let pins = |f: &MFunc| -> Vec<Option<Reg>> {
                (0..f.vclass.len())
                    .map(|v| f.pinned(VReg::new(v)))
                    .collect()
            };
            assert_eq!(pins(&g), pins(f), "{stage}");
            let same = (&g.name, g.global, &g.order, &g.vclass, &g.objs, g.out_args)
                == (&f.name, f.global, &f.order, &f.vclass, &f.objs, f.out_args)
                && (g.has_calls, g.variadic) == (f.has_calls, f.variadic)
                && g.blocks.len() == f.blocks.len();
            assert!(same, "{stage}: header differs\n{text}");
            for (a, b) in f.blocks.iter().zip(&g.blocks) {
                assert_eq!(a.insts.len(), b.insts.len(), "{stage}");
                for (x, y) in a.insts.iter().zip(&b.insts) {
                    assert_eq!(
                        (x.op, &x.ops, &x.imp_uses, &x.imp_defs, x.loc),
                        (y.op, &y.ops, &y.imp_uses, &y.imp_defs, y.loc),
                        "{stage}"
                    );
                }
            }
        };
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("corpus")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "c"))
            .collect();
        files.sort();
        let o2 = crate::driver::Config::from_flags(&["-O2".to_string()])
            .and_then(|c| c.opt_options())
            .expect("-O2");
        let mut checked = 0;
        for p in files {
            let src = std::fs::read(&p).expect("read");
            let name = p.to_string_lossy().to_string();
            let out = crate::driver::compile(&name, &src, &crate::driver::Options::default());
            let Some(m0) = out.result else { continue };
            let mut m2 = m0.clone();
            crate::opt::optimize_module(&mut m2, &o2).expect("optimise");
            let configs = [
                (&m0, false, Core::St231),
                (&m2, true, Core::St231),
                (&m2, true, Core::St220),
            ];
            for (m, ssa, core) in configs {
                for f in &m.functions {
                    let Ok(mut mf) = isel::select_with(m, f, core, ssa) else {
                        continue;
                    };
                    let at = |s: &str| format!("{name} {} ({core}, ssa {ssa}): {s}", f.name);
                    round_trip(&mf, &at("isel"));
                    if ssa {
                        out_of_ssa::translate(&mut mf, out_of_ssa::OutOfSsa::default());
                        round_trip(&mf, &at("out of SSA"));
                    }
                    linear_scan::allocate(&mut mf);
                    round_trip(&mf, &at("regalloc"));
                    frame::finish(&mut mf);
                    round_trip(&mf, &at("frame"));
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} functions");
    }
}
