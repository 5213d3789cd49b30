//! The parser of the textual IR written by [`super::Module::print`]; errors
//! carry the 1-based line ([`IrError::Parse`]).

use super::*;

struct Lx<'a> {
    s: &'a [u8],
    p: usize,
    line: usize,
}

impl<'a> Lx<'a> {
    fn err<T>(&self, msg: impl Into<String>) -> Result<T, IrError> {
        Err(IrError::Parse {
            line: self.line,
            msg: msg.into(),
        })
    }
    fn ws(&mut self) {
        while self.p < self.s.len()
            && (self.s[self.p] == b' ' || self.s[self.p] == b'\t' || self.s[self.p] == b'\r')
        {
            self.p += 1;
        }
        if self.p < self.s.len() && self.s[self.p] == b';' {
            while self.p < self.s.len() && self.s[self.p] != b'\n' {
                self.p += 1;
            }
        }
    }
    fn eol(&mut self) -> bool {
        self.ws();
        self.p >= self.s.len() || self.s[self.p] == b'\n'
    }
    fn next_line(&mut self) {
        while self.p < self.s.len() && self.s[self.p] != b'\n' {
            self.p += 1;
        }
        if self.p < self.s.len() {
            self.p += 1;
            self.line += 1;
        }
    }
    fn word(&mut self) -> &'a str {
        self.ws();
        let st = self.p;
        while self.p < self.s.len()
            && (self.s[self.p].is_ascii_alphanumeric() || b"_.$@%-+".contains(&self.s[self.p]))
        {
            self.p += 1;
        }
        std::str::from_utf8(&self.s[st..self.p]).unwrap_or("")
    }
    fn punct(&mut self, c: u8) -> bool {
        self.ws();
        if self.p < self.s.len() && self.s[self.p] == c {
            self.p += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Result<(), IrError> {
        if self.punct(c) {
            Ok(())
        } else {
            self.err(format!("expected '{}'", c as char))
        }
    }
    fn string(&mut self) -> Result<String, IrError> {
        self.ws();
        if !self.punct(b'"') {
            return self.err("expected string");
        }
        let mut v = String::new();
        while self.p < self.s.len() && self.s[self.p] != b'"' && self.s[self.p] != b'\n' {
            if self.s[self.p] == b'\\' && self.p + 1 < self.s.len() {
                self.p += 1;
            }
            v.push(self.s[self.p] as char);
            self.p += 1;
        }
        self.expect(b'"')?;
        Ok(v)
    }
    fn num(&mut self) -> Result<i64, IrError> {
        let w = self.word();
        w.parse::<i64>()
            .or_else(|_| self.err(format!("expected a number, found '{w}'")))
    }
}

struct FnParser {
    f: Function,
    names: HashMap<String, Value>,
    defined: Vec<bool>,
    blocks: HashMap<String, Block>,
    block_defined: Vec<bool>,
}

impl FnParser {
    fn value(&mut self, lx: &Lx, name: &str) -> Result<Value, IrError> {
        if !name.starts_with('%') || name.len() < 2 {
            return lx.err(format!("expected a value, found '{name}'"));
        }
        if let Some(&v) = self.names.get(name) {
            return Ok(v);
        }
        let v = Value(self.f.values.len() as u32);
        self.f.values.push(ValueData {
            ty: Type::I32,
            def: ValueDef::Param(u32::MAX),
        });
        self.defined.push(false);
        self.names.insert(name.to_string(), v);
        Ok(v)
    }
    fn block(&mut self, name: &str) -> Block {
        if let Some(&b) = self.blocks.get(name) {
            return b;
        }
        let b = Block(self.f.blocks.len() as u32);
        self.f.blocks.push(BlockData::default());
        self.block_defined.push(false);
        self.blocks.insert(name.to_string(), b);
        b
    }
}

/// Parses the textual form written by [`Module::print`]. Value and block
/// names are arbitrary (`%x`, `entry:`); they are renumbered.
pub fn parse_module(text: &str) -> Result<Module, IrError> {
    let mut lx = Lx {
        s: text.as_bytes(),
        p: 0,
        line: 1,
    };
    let mut m = Module::default();
    loop {
        if lx.p >= lx.s.len() {
            break;
        }
        if lx.eol() {
            lx.next_line();
            continue;
        }
        let w = lx.word();
        match w {
            "global" => m.globals.push(parse_global(&mut lx)?),
            "func" => {
                let mut f = parse_function(&mut lx)?;
                f.canonicalize();
                m.functions.push(f);
            }
            _ => return lx.err(format!("expected 'global' or 'func', found '{w}'")),
        }
    }
    Ok(m)
}

fn sym_name<'a>(lx: &Lx, w: &'a str) -> Result<&'a str, IrError> {
    match w.strip_prefix('@') {
        Some(n) if !n.is_empty() => Ok(n),
        _ => lx.err(format!("expected @name, found '{w}'")),
    }
}

fn parse_global(lx: &mut Lx) -> Result<Global, IrError> {
    let w = lx.word();
    let name = sym_name(lx, w)?.to_string();
    let mut g = Global {
        name,
        size: 0,
        align: 1,
        init: None,
        relocs: vec![],
        linkage: Linkage::External,
        common: false,
        readonly: false,
        section: None,
    };
    while !lx.eol() {
        let w = lx.word();
        match w {
            "size" => g.size = lx.num()? as u32,
            "align" => g.align = lx.num()? as u32,
            "internal" => g.linkage = Linkage::Internal,
            "common" => g.common = true,
            "readonly" => g.readonly = true,
            "section" => g.section = Some(lx.string()?),
            "init" => {
                let h = lx.word();
                if !h.len().is_multiple_of(2) {
                    return lx.err("odd number of hex digits");
                }
                let mut v = Vec::new();
                for i in (0..h.len()).step_by(2) {
                    v.push(
                        u8::from_str_radix(&h[i..i + 2], 16).or_else(|_| lx.err("bad hex byte"))?,
                    );
                }
                g.init = Some(v);
            }
            "reloc" => {
                let off = lx.num()? as u32;
                let s = lx.word();
                let s = sym_name(lx, s)?;
                let (n, a) = match s.rfind(['+', '-']) {
                    Some(i) if i > 0 => (
                        &s[..i],
                        s[i..].parse::<i64>().or_else(|_| lx.err("bad addend"))?,
                    ),
                    _ => (s, 0),
                };
                g.relocs.push((off, n.to_string(), a));
            }
            _ => return lx.err(format!("unexpected '{w}' in global")),
        }
    }
    if let Some(i) = &g.init {
        if i.len() != g.size as usize {
            return lx.err("init length differs from size");
        }
    }
    lx.next_line();
    Ok(g)
}

fn parse_type(lx: &Lx, w: &str) -> Result<Type, IrError> {
    Type::parse(w).map_or_else(|| lx.err(format!("expected a type, found '{w}'")), Ok)
}

fn parse_function(lx: &mut Lx) -> Result<Function, IrError> {
    let w = lx.word();
    let name = sym_name(lx, w)?.to_string();
    let mut fp = FnParser {
        f: Function::new(&name, &[], None),
        names: HashMap::default(),
        defined: vec![],
        blocks: HashMap::default(),
        block_defined: vec![],
    };
    lx.expect(b'(')?;
    if !lx.punct(b')') {
        loop {
            lx.ws();
            if lx.s[lx.p..].starts_with(b"...") {
                lx.p += 3;
                fp.f.variadic = true;
                lx.expect(b')')?;
                break;
            }
            let t = lx.word();
            let ty = parse_type(lx, t)?;
            let vn = lx.word().to_string();
            let v = fp.value(lx, &vn)?;
            if fp.defined[v.index()] {
                return lx.err(format!("{vn} defined twice"));
            }
            fp.defined[v.index()] = true;
            fp.f.values[v.index()] = ValueData {
                ty,
                def: ValueDef::Param(fp.f.params.len() as u32),
            };
            fp.f.params.push(v);
            fp.f.restrict.push(false);
            let mut byval = None;
            lx.ws();
            if lx.s[lx.p..].starts_with(b"byval") {
                lx.word();
                lx.expect(b'(')?;
                let s = lx.num()? as u32;
                lx.expect(b',')?;
                let a = lx.num()? as u32;
                lx.expect(b')')?;
                byval = Some((s, a));
            }
            fp.f.byval.push(byval);
            if lx.punct(b')') {
                break;
            }
            lx.expect(b',')?;
        }
    }
    loop {
        lx.ws();
        if lx.punct(b'{') {
            break;
        }
        if lx.s[lx.p..].starts_with(b"->") {
            lx.p += 2;
            let t = lx.word();
            fp.f.ret = Some(parse_type(lx, t)?);
            continue;
        }
        let w = lx.word();
        match w {
            "sret" => fp.f.sret = true,
            "internal" => fp.f.linkage = Linkage::Internal,
            "noinline" => fp.f.inline = InlineHint::Never,
            "always_inline" => fp.f.inline = InlineHint::Always,
            _ => return lx.err(format!("unexpected '{w}' in function header")),
        }
    }
    lx.next_line();
    let mut cur: Option<Block> = None;
    loop {
        if lx.p >= lx.s.len() {
            return lx.err("missing '}' at end of function");
        }
        if lx.eol() {
            lx.next_line();
            continue;
        }
        if lx.punct(b'}') {
            lx.next_line();
            break;
        }
        let w = lx.word().to_string();
        if lx.punct(b':') {
            let b = fp.block(&w);
            if fp.block_defined[b.index()] {
                return lx.err(format!("block {w} defined twice"));
            }
            fp.block_defined[b.index()] = true;
            fp.f.layout.push(b);
            cur = Some(b);
            lx.next_line();
            continue;
        }
        if let Some(n) = w.strip_prefix("slot") {
            if !w.starts_with("slot_addr") && cur.is_none() {
                let idx: usize = n.parse().or_else(|_| lx.err("bad slot name"))?;
                if idx != fp.f.slots.len() {
                    return lx.err("slots must be numbered in order from slot0");
                }
                let mut size = 0;
                let mut align = 1;
                while !lx.eol() {
                    match lx.word() {
                        "size" => size = lx.num()? as u32,
                        "align" => align = lx.num()? as u32,
                        o => return lx.err(format!("unexpected '{o}' in slot")),
                    }
                }
                fp.f.add_slot(size, align);
                lx.next_line();
                continue;
            }
        }
        let Some(b) = cur else {
            return lx.err("instruction outside a block");
        };
        let (result, op) = if w.starts_with('%') {
            lx.expect(b'=')?;
            (Some(w.clone()), lx.word().to_string())
        } else {
            (None, w.clone())
        };
        let kind = parse_inst(lx, &mut fp, &op)?;
        if !lx.eol() {
            return lx.err("unexpected text after instruction");
        }
        let inst = Inst(fp.f.insts.len() as u32);
        let rt = kind.result_type();
        let rv = match (&result, rt) {
            (Some(n), Some(ty)) => {
                let v = fp.value(lx, n)?;
                if fp.defined[v.index()] {
                    return lx.err(format!("{n} defined twice"));
                }
                fp.defined[v.index()] = true;
                fp.f.values[v.index()] = ValueData {
                    ty,
                    def: ValueDef::Inst(inst),
                };
                Some(v)
            }
            (None, None) => None,
            (Some(_), None) => return lx.err(format!("'{op}' defines no value")),
            (None, Some(ty)) => {
                // result unused: give it a fresh value
                let v = Value(fp.f.values.len() as u32);
                fp.f.values.push(ValueData {
                    ty,
                    def: ValueDef::Inst(inst),
                });
                fp.defined.push(true);
                Some(v)
            }
        };
        fp.f.insts.push(InstData {
            kind,
            result: rv,
            block: b,
            loc: None,
        });
        fp.f.blocks[b.index()].insts.push(inst);
        lx.next_line();
    }
    for (n, &v) in &fp.names {
        if !fp.defined[v.index()] {
            return lx.err(format!("value {n} is used but never defined"));
        }
    }
    for (n, &b) in &fp.blocks {
        if !fp.block_defined[b.index()] {
            return lx.err(format!("block {n} is used but never defined"));
        }
    }
    Ok(fp.f)
}

fn parse_inst(lx: &mut Lx, fp: &mut FnParser, op: &str) -> Result<InstKind, IrError> {
    let parts: Vec<&str> = op.split('.').collect();
    let val = |lx: &mut Lx, fp: &mut FnParser| -> Result<Value, IrError> {
        let w = lx.word().to_string();
        fp.value(lx, &w)
    };
    let blk = |lx: &mut Lx, fp: &mut FnParser| -> Result<Block, IrError> {
        let w = lx.word().to_string();
        if w.is_empty() {
            return lx.err("expected a block name");
        }
        Ok(fp.block(&w))
    };
    let ty_at = |lx: &Lx, i: usize| -> Result<Type, IrError> {
        match parts.get(i) {
            Some(t) => parse_type(lx, t),
            None => lx.err(format!("'{op}' needs a type suffix")),
        }
    };
    Ok(match parts[0] {
        "iconst" => InstKind::Iconst {
            ty: ty_at(lx, 1)?,
            imm: lx.num()?,
        },
        "neg" | "not" | "clz" | "bswap" => InstKind::Unary {
            op: match parts[0] {
                "neg" => UnaryOp::Neg,
                "not" => UnaryOp::Not,
                "clz" => UnaryOp::Clz,
                _ => UnaryOp::Bswap,
            },
            ty: ty_at(lx, 1)?,
            arg: val(lx, fp)?,
        },
        "icmp" => {
            let c = parts
                .get(1)
                .and_then(|c| CONDS.iter().find(|x| cond_name(**x) == *c))
                .copied();
            let Some(cond) = c else {
                return lx.err("bad icmp condition");
            };
            let ty = ty_at(lx, 2)?;
            let a = val(lx, fp)?;
            lx.expect(b',')?;
            let b = val(lx, fp)?;
            InstKind::Icmp {
                cond,
                ty,
                args: [a, b],
            }
        }
        "sext" | "zext" | "trunc" => {
            let op = match parts[0] {
                "sext" => ConvOp::Sext,
                "zext" => ConvOp::Zext,
                _ => ConvOp::Trunc,
            };
            InstKind::Convert {
                op,
                from: ty_at(lx, 1)?,
                to: ty_at(lx, 2)?,
                arg: val(lx, fp)?,
            }
        }
        "fneg" => InstKind::Fneg {
            ty: ty_at(lx, 1)?,
            arg: val(lx, fp)?,
        },
        "fcmp" => {
            let c = parts
                .get(1)
                .and_then(|c| FCONDS.iter().find(|x| fcond_name(**x) == *c))
                .copied();
            let Some(cond) = c else {
                return lx.err("bad fcmp condition");
            };
            let ty = ty_at(lx, 2)?;
            let a = val(lx, fp)?;
            lx.expect(b',')?;
            let b = val(lx, fp)?;
            InstKind::Fcmp {
                cond,
                ty,
                args: [a, b],
            }
        }
        "fadd" | "fsub" | "fmul" | "fdiv" => {
            let op = FBINOPS
                .iter()
                .copied()
                .find(|o| fbinop_name(*o) == parts[0])
                .expect("listed");
            let ty = ty_at(lx, 1)?;
            let a = val(lx, fp)?;
            lx.expect(b',')?;
            let b = val(lx, fp)?;
            InstKind::Fbinary {
                op,
                ty,
                args: [a, b],
            }
        }
        "sitofp" | "uitofp" | "fptosi" | "fptoui" | "fpext" | "fptrunc" => InstKind::Fconvert {
            op: FCONVS
                .iter()
                .copied()
                .find(|o| fconv_name(*o) == parts[0])
                .expect("listed"),
            from: ty_at(lx, 1)?,
            to: ty_at(lx, 2)?,
            arg: val(lx, fp)?,
        },
        "load" => InstKind::Load {
            ty: ty_at(lx, 1)?,
            addr: val(lx, fp)?,
        },
        "store" => {
            let ty = ty_at(lx, 1)?;
            let a = val(lx, fp)?;
            lx.expect(b',')?;
            let v = val(lx, fp)?;
            InstKind::Store {
                ty,
                addr: a,
                value: v,
            }
        }
        "volatile_load" => InstKind::VolatileLoad {
            ty: ty_at(lx, 1)?,
            addr: val(lx, fp)?,
        },
        "volatile_store" => {
            let ty = ty_at(lx, 1)?;
            let a = val(lx, fp)?;
            lx.expect(b',')?;
            let v = val(lx, fp)?;
            InstKind::VolatileStore {
                ty,
                addr: a,
                value: v,
            }
        }
        "slot_addr" => {
            let w = lx.word();
            let Some(n) = w.strip_prefix("slot").and_then(|n| n.parse::<u32>().ok()) else {
                return lx.err("expected slotN");
            };
            InstKind::SlotAddr { slot: StackSlot(n) }
        }
        "global_addr" => {
            let w = lx.word();
            InstKind::GlobalAddr {
                name: sym_name(lx, w)?.to_string(),
            }
        }
        "call" => {
            let ret = if parts.len() > 1 {
                Some(ty_at(lx, 1)?)
            } else {
                None
            };
            lx.ws();
            let w = lx.word().to_string();
            let callee = if let Some(n) = w.strip_prefix('@') {
                Callee::Direct(n.to_string())
            } else {
                Callee::Indirect(fp.value(lx, &w)?)
            };
            lx.expect(b'(')?;
            let mut args = Vec::new();
            if !lx.punct(b')') {
                loop {
                    args.push(val(lx, fp)?);
                    if lx.punct(b')') {
                        break;
                    }
                    lx.expect(b',')?;
                }
            }
            InstKind::Call {
                callee,
                args,
                ret,
                abi: CallAbi::default(),
            }
        }
        "phi" => {
            let ty = ty_at(lx, 1)?;
            let mut incoming = Vec::new();
            while lx.punct(b'[') {
                let b = blk(lx, fp)?;
                lx.expect(b':')?;
                let v = val(lx, fp)?;
                lx.expect(b']')?;
                incoming.push((b, v));
                if !lx.punct(b',') {
                    break;
                }
            }
            InstKind::Phi { ty, incoming }
        }
        "memcpy" => {
            let d = val(lx, fp)?;
            lx.expect(b',')?;
            let s = val(lx, fp)?;
            lx.expect(b',')?;
            InstKind::MemCopy {
                dst: d,
                src: s,
                size: lx.num()? as u32,
            }
        }
        "memzero" => {
            let d = val(lx, fp)?;
            lx.expect(b',')?;
            InstKind::MemZero {
                dst: d,
                size: lx.num()? as u32,
            }
        }
        "custom" => {
            // custom NAME asm_SLOT "EXPR" %a[, %b]
            let name = lx.word().to_string();
            let w = lx.word();
            let Some(slot) = w.strip_prefix("asm_").and_then(|n| n.parse::<u32>().ok()) else {
                return lx.err(format!("expected asm_N after custom {name}, found '{w}'"));
            };
            if slot > isa::model::MAX_CUSTOM_SLOT {
                return lx.err(format!(
                    "custom {name}: asm_{slot} is not asm_0 to asm_{} (ISA-ST200 §4.10)",
                    isa::model::MAX_CUSTOM_SLOT
                ));
            }
            let text = lx.string()?;
            let mut args = vec![val(lx, fp)?];
            while lx.punct(b',') {
                args.push(val(lx, fp)?);
            }
            let operands = args.len() as u32;
            if operands > 2 {
                return lx.err(format!(
                    "custom {name} takes 1 or 2 operands, not {operands}"
                ));
            }
            let op = crate::ir::CustomOp::new(&name, slot, operands, &text)
                .or_else(|e| lx.err(format!("custom {name}: expression: {e}")))?;
            InstKind::Custom {
                op: std::sync::Arc::new(op),
                args,
            }
        }
        "va_start" => InstKind::VaStart,
        "jump" => InstKind::Jump { dest: blk(lx, fp)? },
        "br" => {
            let c = val(lx, fp)?;
            lx.expect(b',')?;
            let t = blk(lx, fp)?;
            lx.expect(b',')?;
            let e = blk(lx, fp)?;
            // optional `, prob N`: parts per million of going to `then`
            let prob = if lx.punct(b',') {
                if lx.word() != "prob" {
                    return lx.err("expected `prob N` after the branch's targets");
                }
                let n = lx.num()?;
                if !(0..=i64::from(Prob::ONE)).contains(&n) {
                    return lx.err("a branch probability is 0 to 1000000 parts per million");
                }
                Some(Prob(n as u32))
            } else {
                None
            };
            InstKind::Branch {
                cond: c,
                then: t,
                else_: e,
                prob,
            }
        }
        "jumptable" => {
            let index = val(lx, fp)?;
            lx.expect(b',')?;
            lx.expect(b'[')?;
            let mut targets = vec![blk(lx, fp)?];
            while lx.punct(b',') {
                targets.push(blk(lx, fp)?);
            }
            lx.expect(b']')?;
            InstKind::JumpTable { index, targets }
        }
        "ret" => {
            if lx.eol() {
                InstKind::Ret { value: None }
            } else {
                InstKind::Ret {
                    value: Some(val(lx, fp)?),
                }
            }
        }
        "unreachable" => InstKind::Unreachable,
        name => match BINOPS.iter().find(|b| binop_name(**b) == name) {
            Some(&op) => {
                let ty = ty_at(lx, 1)?;
                let a = val(lx, fp)?;
                lx.expect(b',')?;
                let b = val(lx, fp)?;
                InstKind::Binary {
                    op,
                    ty,
                    args: [a, b],
                }
            }
            None => return lx.err(format!("unknown instruction '{op}'")),
        },
    })
}
