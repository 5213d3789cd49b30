//! Layout by a linker script (the GNU ld subset that [`crate::script`]
//! parses): input sections are matched to output sections in script order
//! (first match wins), orphans join a same-named output section or follow
//! the last one of their kind (code, read-only, data, bss, non-allocated),
//! then addresses are given: `.` and symbol assignments, `PROVIDE`, `MEMORY`
//! regions, `-Ttext`/`--section-start` overrides, alignment of each input
//! section (ISA-ST200 §6.3 for the default layout). Also the evaluation
//! of script expressions (`ALIGN`, `ADDR`, `SIZEOF`, `ORIGIN`, `LENGTH`,
//! `DEFINED`, …).

use super::{
    GDef, Global, Linker, OutSection, SecId, SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_NOBITS,
    SHT_PROGBITS,
};
use crate::script::{self, Assign, Expr, OutputCommand, Script, SectionsCommand};
use std::collections::{HashMap, HashSet};

impl<'o> Linker<'o> {
    /// Assigns input sections to output sections (first match wins), adds
    /// orphans, then gives addresses. Returns output sections and the
    /// values of script-defined symbols.
    pub(super) fn layout(
        &mut self,
        script: &Script,
        live: Option<&HashSet<SecId>>,
    ) -> (Vec<OutSection>, HashMap<String, u64>) {
        // 1. Matching.
        let mut assigned: HashSet<SecId> = HashSet::new();
        // Per output-section command index, per input-spec index: the sections matched.
        let mut matched: Vec<Vec<Vec<SecId>>> = Vec::new();
        let commands = &script.commands;
        for c in commands {
            let SectionsCommand::Output(os) = c else {
                matched.push(Vec::new());
                continue;
            };
            let mut per_spec = Vec::new();
            for oc in &os.commands {
                let mut list = Vec::new();
                if let OutputCommand::Input(spec) = oc {
                    for &o in &self.order {
                        let obj = &self.objects[o];
                        if !file_matches(&spec.file, &obj.name) {
                            continue;
                        }
                        for (s, sec) in obj.sections.iter().enumerate() {
                            if !Self::is_input_section(sec) || assigned.contains(&(o, s)) {
                                continue;
                            }
                            if live.is_some_and(|l| !l.contains(&(o, s))) {
                                continue;
                            }
                            if spec.sections.iter().any(|p| script::glob(p, &sec.name)) {
                                assigned.insert((o, s));
                                list.push((o, s));
                            }
                        }
                    }
                    self.place_code(&mut list);
                }
                per_spec.push(list);
            }
            matched.push(per_spec);
        }
        // 2. Orphans: same-named output section, else a new one after the
        // last output section of the same kind.
        let mut orphans: Vec<(String, u64, u32, Vec<SecId>)> = Vec::new();
        for &o in &self.order {
            for (s, sec) in self.objects[o].sections.iter().enumerate() {
                if !Self::is_input_section(sec)
                    || assigned.contains(&(o, s))
                    || live.is_some_and(|l| !l.contains(&(o, s)))
                {
                    continue;
                }
                match orphans.iter_mut().find(|x| x.0 == sec.name) {
                    Some(x) => x.3.push((o, s)),
                    None => orphans.push((sec.name.clone(), sec.flags, sec.sh_type, vec![(o, s)])),
                }
            }
        }
        // Output-section list: (name, flags, sh_type, noload, line, items) where
        // items are per command: Assign or a list of input sections.
        enum Item<'a> {
            Assign(&'a Assign),
            Inputs(Vec<SecId>),
        }
        struct Plan<'a> {
            name: String,
            addr: Option<&'a Expr>,
            noload: bool,
            region: Option<&'a str>,
            items: Vec<Item<'a>>,
            line: usize,
            alloc: bool,
        }
        enum Cmd<'a> {
            Assign(&'a Assign),
            Out(Plan<'a>),
        }
        let mut plan: Vec<Cmd> = Vec::new();
        for (ci, c) in commands.iter().enumerate() {
            match c {
                SectionsCommand::Assign(a) => plan.push(Cmd::Assign(a)),
                SectionsCommand::Output(os) => {
                    let mut items = Vec::new();
                    for (si, oc) in os.commands.iter().enumerate() {
                        match oc {
                            OutputCommand::Assign(a) => items.push(Item::Assign(a)),
                            OutputCommand::Input(_) => {
                                items.push(Item::Inputs(matched[ci][si].clone()));
                            }
                        }
                    }
                    plan.push(Cmd::Out(Plan {
                        name: os.name.clone(),
                        addr: os.addr.as_ref(),
                        noload: os.noload,
                        region: os.region.as_deref(),
                        items,
                        line: os.line,
                        alloc: true,
                    }));
                }
            }
        }
        let kind = |flags: u64, t: u32| -> u8 {
            if flags & SHF_ALLOC == 0 {
                0
            } else if flags & SHF_EXECINSTR != 0 {
                1
            } else if flags & SHF_WRITE == 0 {
                2
            } else if t == SHT_NOBITS {
                4
            } else {
                3
            }
        };
        for (name, flags, t, secs) in orphans {
            // Same name: append.
            if let Some(Cmd::Out(p)) = plan
                .iter_mut()
                .find(|c| matches!(c, Cmd::Out(p) if p.name == name))
            {
                p.items.push(Item::Inputs(secs));
                continue;
            }
            let k = kind(flags, t);
            let new = Plan {
                name,
                addr: None,
                noload: false,
                region: None,
                items: vec![Item::Inputs(secs)],
                line: 0,
                alloc: k != 0,
            };
            if k == 0 {
                plan.push(Cmd::Out(new));
                continue;
            }
            // After the last output section whose inputs have the same kind.
            let objects = &self.objects;
            let pos = plan.iter().rposition(|c| match c {
                Cmd::Out(p) => p.items.iter().any(|i| match i {
                    Item::Inputs(v) => v.iter().any(|&(o, s)| {
                        let sec = &objects[o].sections[s];
                        kind(sec.flags, sec.sh_type) == k
                    }),
                    _ => false,
                }),
                _ => false,
            });
            match pos {
                Some(p) => plan.insert(p + 1, Cmd::Out(new)),
                None => {
                    // Before the first non-alloc section.
                    let p = plan
                        .iter()
                        .position(|c| matches!(c, Cmd::Out(p) if !p.alloc))
                        .unwrap_or(plan.len());
                    plan.insert(p, Cmd::Out(new));
                }
            }
        }

        // 3. Addresses.
        let mut syms: HashMap<String, u64> = HashMap::new();
        let mut regions: Vec<(String, u64, u64, u64)> = Vec::new(); // name, origin, length, cursor
        for m in &script.memory {
            let origin = self.eval_const(&m.origin, &syms, 0, &[], &regions);
            let length = self.eval_const(&m.length, &syms, 0, &[], &regions);
            regions.push((m.name.clone(), origin, length, origin));
        }
        for (n, e) in &self.opts.defsyms {
            match script::parse(&format!("SECTIONS {{ {n} = {e}; }}")) {
                Ok(s) => {
                    if let Some(SectionsCommand::Assign(a)) = s.commands.first() {
                        let v = self.eval_const(&a.expr, &syms, 0, &[], &regions);
                        syms.insert(n.clone(), v);
                    }
                }
                Err(err) => self.errors.push(format!("--defsym {n}={e}: {err}")),
            }
        }
        let mut dot: u64 = 0;
        let mut outs: Vec<OutSection> = Vec::new();
        for c in &plan {
            match c {
                Cmd::Assign(a) => self.assign(a, &mut syms, &mut dot, &outs, &regions, None),
                Cmd::Out(p) => {
                    let inputs_of = |items: &[Item]| -> Vec<SecId> {
                        items
                            .iter()
                            .flat_map(|i| match i {
                                Item::Inputs(v) => v.clone(),
                                _ => Vec::new(),
                            })
                            .collect()
                    };
                    let all = inputs_of(&p.items);
                    let flags = all
                        .iter()
                        .fold(0u64, |f, &(o, s)| f | self.objects[o].sections[s].flags);
                    let alloc = p.alloc && (all.is_empty() || flags & SHF_ALLOC != 0);
                    let progbits = all
                        .iter()
                        .any(|&(o, s)| self.objects[o].sections[s].sh_type != SHT_NOBITS);
                    let sh_type = if p.noload || !progbits {
                        SHT_NOBITS
                    } else {
                        SHT_PROGBITS
                    };
                    let mut flags = flags;
                    if alloc {
                        flags |= SHF_ALLOC;
                        if p.noload || all.is_empty() {
                            flags |= SHF_WRITE;
                        }
                    }
                    let align = all
                        .iter()
                        .map(|&(o, s)| self.objects[o].sections[s].align)
                        .max()
                        .unwrap_or(1);
                    let start_override = self
                        .opts
                        .section_starts
                        .iter()
                        .find(|(n, _)| *n == p.name)
                        .map(|(_, a)| *a);
                    let mut cur = if !alloc {
                        0
                    } else if let Some(a) = start_override {
                        a
                    } else if let Some(e) = p.addr {
                        self.eval_const(e, &syms, dot, &outs, &regions)
                    } else if let Some(r) = p.region {
                        match regions.iter().find(|x| x.0 == r) {
                            Some(x) => x.3,
                            None => {
                                self.errors.push(format!("output section {} is placed in memory region {r}, which MEMORY does not define", p.name));
                                dot
                            }
                        }
                    } else {
                        dot
                    };
                    cur = cur.next_multiple_of(align);
                    let start = cur;
                    let mut placed = Vec::new();
                    for item in &p.items {
                        match item {
                            Item::Assign(a) => {
                                self.assign(a, &mut syms, &mut cur, &outs, &regions, Some(&p.name));
                            }
                            Item::Inputs(v) => {
                                for &(o, s) in v {
                                    let sec = &self.objects[o].sections[s];
                                    cur = cur.next_multiple_of(sec.align);
                                    placed.push(((o, s), cur - start));
                                    cur += sec.size;
                                }
                            }
                        }
                    }
                    let size = cur.saturating_sub(start);
                    if let Some(r) = p.region {
                        if let Some(x) = regions.iter_mut().find(|x| x.0 == r) {
                            if cur > x.1.saturating_add(x.2) {
                                self.errors.push(format!(
                                    "section {} does not fit in memory region {}: overflowed by {} bytes",
                                    p.name,
                                    r,
                                    cur - (x.1 + x.2)
                                ));
                            }
                            x.3 = cur;
                        }
                    }
                    if alloc && p.region.is_none() {
                        dot = cur;
                    }
                    outs.push(OutSection {
                        name: p.name.clone(),
                        sh_type,
                        flags,
                        align,
                        addr: if alloc { start } else { 0 },
                        size,
                        inputs: placed,
                        data: Vec::new(),
                        line: p.line,
                    });
                }
            }
        }
        (outs, syms)
    }

    #[allow(clippy::too_many_arguments)]
    fn assign(
        &mut self,
        a: &Assign,
        syms: &mut HashMap<String, u64>,
        dot: &mut u64,
        outs: &[OutSection],
        regions: &[(String, u64, u64, u64)],
        section: Option<&str>,
    ) {
        let v = self.eval_const(&a.expr, syms, *dot, outs, regions);
        if a.target == "." {
            *dot = match a.op {
                "+=" => dot.wrapping_add(v),
                "-=" => dot.wrapping_sub(v),
                _ => v,
            };
            return;
        }
        if a.provide {
            let defined_by_object = matches!(
                self.globals.get(&a.target),
                Some(Global {
                    def: Some(GDef::Object(..)),
                    ..
                })
            );
            if defined_by_object || syms.contains_key(&a.target) {
                return;
            }
        }
        let old = syms.get(&a.target).copied().unwrap_or(0);
        let v = match a.op {
            "+=" => old.wrapping_add(v),
            "-=" => old.wrapping_sub(v),
            _ => v,
        };
        syms.insert(a.target.clone(), v);
        self.script_ctx.insert(
            a.target.clone(),
            (section.map(str::to_string), uses_dot(&a.expr)),
        );
        let g = self.globals.entry(a.target.clone()).or_default();
        if !matches!(g.def, Some(GDef::Object(..))) {
            g.def = Some(GDef::Script);
        }
    }

    fn eval_const(
        &mut self,
        e: &Expr,
        syms: &HashMap<String, u64>,
        dot: u64,
        outs: &[OutSection],
        regions: &[(String, u64, u64, u64)],
    ) -> u64 {
        match eval(e, syms, dot, outs, regions, &|n| {
            self.globals.get(n).is_some_and(|g| g.def.is_some())
        }) {
            Ok(v) => v,
            Err(m) => {
                self.errors.push(format!("linker script: {m}"));
                0
            }
        }
    }
}

/// Whether a file pattern matches an input name (`a.o`, `lib.a(m.o)`):
/// the pattern may name the whole, the archive or the member.
pub(super) fn file_matches(pattern: &str, name: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    if script::glob(pattern, name) {
        return true;
    }
    if let Some((archive, member)) = name.strip_suffix(')').and_then(|n| n.split_once('(')) {
        return script::glob(pattern, member) || script::glob(pattern, archive);
    }
    let base = name.rsplit('/').next().unwrap_or(name);
    script::glob(pattern, base)
}

/// Evaluates a script expression.
fn eval(
    e: &Expr,
    syms: &HashMap<String, u64>,
    dot: u64,
    outs: &[OutSection],
    regions: &[(String, u64, u64, u64)],
    defined: &dyn Fn(&str) -> bool,
) -> Result<u64, String> {
    let ev = |x: &Expr| eval(x, syms, dot, outs, regions, defined);
    Ok(match e {
        Expr::Num(v) => *v,
        Expr::Dot => dot,
        Expr::Sym(n) => *syms
            .get(n)
            .ok_or_else(|| format!("symbol '{n}' is used before it is defined in the script"))?,
        Expr::Unary(c, a) => {
            let v = ev(a)?;
            match c {
                '-' => v.wrapping_neg(),
                '~' => !v,
                _ => (v == 0) as u64,
            }
        }
        Expr::Cond(c, a, b) => {
            if ev(c)? != 0 {
                ev(a)?
            } else {
                ev(b)?
            }
        }
        Expr::Bin(op, a, b) => {
            let (x, y) = (ev(a)?, ev(b)?);
            match *op {
                "+" => x.wrapping_add(y),
                "-" => x.wrapping_sub(y),
                "*" => x.wrapping_mul(y),
                "/" => x.checked_div(y).ok_or("division by zero")?,
                "%" => x.checked_rem(y).ok_or("division by zero")?,
                "&" => x & y,
                "|" => x | y,
                "^" => x ^ y,
                "<<" => x.wrapping_shl(y as u32),
                ">>" => x.wrapping_shr(y as u32),
                "==" => (x == y) as u64,
                "!=" => (x != y) as u64,
                "<" => (x < y) as u64,
                ">" => (x > y) as u64,
                "<=" => (x <= y) as u64,
                ">=" => (x >= y) as u64,
                "&&" => (x != 0 && y != 0) as u64,
                "||" => (x != 0 || y != 0) as u64,
                _ => return Err(format!("unknown operator {op}")),
            }
        }
        Expr::Call(f, args) => {
            let name = || match args.first() {
                Some(Expr::Sym(n)) => Ok(n.as_str()),
                _ => Err(format!("{f} takes a name")),
            };
            match (f.as_str(), args.len()) {
                ("ALIGN", 1) => {
                    let a = ev(&args[0])?;
                    if a == 0 || !a.is_power_of_two() {
                        return Err(format!("ALIGN({a}): not a power of two"));
                    }
                    dot.next_multiple_of(a)
                }
                ("ALIGN", 2) => {
                    let (v, a) = (ev(&args[0])?, ev(&args[1])?);
                    if a == 0 || !a.is_power_of_two() {
                        return Err(format!("ALIGN(…, {a}): not a power of two"));
                    }
                    v.next_multiple_of(a)
                }
                ("ABSOLUTE", 1) => ev(&args[0])?,
                ("MAX", 2) => ev(&args[0])?.max(ev(&args[1])?),
                ("MIN", 2) => ev(&args[0])?.min(ev(&args[1])?),
                ("ADDR", _) | ("LOADADDR", _) => {
                    let n = name()?;
                    outs.iter()
                        .find(|o| o.name == n)
                        .map(|o| o.addr)
                        .ok_or_else(|| format!("ADDR({n}): no such output section (yet)"))?
                }
                ("SIZEOF", _) => {
                    let n = name()?;
                    outs.iter()
                        .find(|o| o.name == n)
                        .map(|o| o.size)
                        .ok_or_else(|| format!("SIZEOF({n}): no such output section (yet)"))?
                }
                ("ORIGIN", _) => {
                    let n = name()?;
                    regions
                        .iter()
                        .find(|r| r.0 == n)
                        .map(|r| r.1)
                        .ok_or_else(|| format!("ORIGIN({n}): no such memory region"))?
                }
                ("LENGTH", _) => {
                    let n = name()?;
                    regions
                        .iter()
                        .find(|r| r.0 == n)
                        .map(|r| r.2)
                        .ok_or_else(|| format!("LENGTH({n}): no such memory region"))?
                }
                ("DEFINED", _) => {
                    let n = name()?;
                    (syms.contains_key(n) || defined(n)) as u64
                }
                _ => {
                    return Err(format!(
                        "{f} with {} argument(s) is not supported",
                        args.len()
                    ))
                }
            }
        }
    })
}

fn uses_dot(e: &Expr) -> bool {
    match e {
        Expr::Dot => true,
        Expr::Num(_) | Expr::Sym(_) => false,
        Expr::Unary(_, a) => uses_dot(a),
        Expr::Bin(_, a, b) => uses_dot(a) || uses_dot(b),
        Expr::Cond(c, a, b) => uses_dot(c) || uses_dot(a) || uses_dot(b),
        Expr::Call(f, args) => matches!(f.as_str(), "ALIGN" | "ADDR") || args.iter().any(uses_dot),
    }
}

pub(super) fn collect_script_defs(script: &Script) -> HashSet<String> {
    let mut out = HashSet::new();
    for c in &script.commands {
        match c {
            SectionsCommand::Assign(a) => {
                out.insert(a.target.clone());
            }
            SectionsCommand::Output(o) => {
                for oc in &o.commands {
                    if let OutputCommand::Assign(a) = oc {
                        out.insert(a.target.clone());
                    }
                }
            }
        }
    }
    out
}
