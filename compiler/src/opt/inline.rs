//! Inlining: a call to a function defined in the module is replaced by a
//! copy of the callee's body (`-finline` / `-fno-inline`, on at `-O2`).
//! On the ST200 a call costs the `call` and `return` transfers (each a
//! taken branch, ISA-ST200 §5), the argument and result copies, and —
//! worse — every value live across it must sit in one of the seven
//! callee-saved registers `$r1`–`$r7` or be spilled (§7.1); an inlined
//! body is also scheduled and if-converted with its caller.
//!
//! Which calls (a module pass; callees first, in a post-order of the call
//! graph, so a callee's own small calls are already inlined):
//!
//! - the callee is defined in the module, is not the caller, is not
//!   variadic, does not use `va_start`, and is not marked
//!   `__attribute__((noinline))`;
//! - it is marked `always_inline`, or has at most [`SMALL_CALLEE`]
//!   instructions, or is `static` with this call as its only use and at
//!   most [`ONCE_CALLEE`] instructions;
//! - the caller stays under [`CALLER_BUDGET`] instructions.
//!
//! How: the call's block is split after the call; the callee's blocks,
//! values and stack slots are copied into the caller with parameters
//! replaced by arguments; each `ret v` becomes a jump to the continuation,
//! where a φ merges the returned values. Structures by value and struct
//! results need nothing more: at this level they are addresses of copies
//! the caller already made (`byval`, `sret`). Inlined instructions carry
//! the call's source position. `static` functions no longer referenced
//! afterwards are removed.

use super::Stats;
use crate::hash::{HashMap, HashSet};
use crate::ir::{
    Block, BlockData, Callee, Function, InlineHint, Inst, InstKind, Linkage, Module, StackSlot,
    Value,
};

/// Callees of at most this many instructions are inlined everywhere.
pub const SMALL_CALLEE: usize = 40;
/// A `static` function called once is inlined up to this size.
pub const ONCE_CALLEE: usize = 600;
/// A caller does not grow past this many instructions by inlining.
pub const CALLER_BUDGET: usize = 4000;

fn size(f: &Function) -> usize {
    f.layout
        .iter()
        .map(|b| f.blocks[b.index()].insts.len())
        .sum()
}

/// Whether `f` may be copied into a caller at all.
fn inlinable(f: &Function) -> bool {
    !f.variadic
        && f.inline != InlineHint::Never
        && !f.layout.is_empty()
        && f.layout.iter().all(|b| {
            f.blocks[b.index()]
                .insts
                .iter()
                .all(|&i| !matches!(f.insts[i.index()].kind, InstKind::VaStart))
        })
}

/// Names each function references (calls and addresses), with counts of
/// direct calls.
fn references(m: &Module) -> (HashMap<String, usize>, HashSet<String>) {
    let mut calls: HashMap<String, usize> = HashMap::default();
    let mut taken: HashSet<String> = HashSet::default();
    for f in &m.functions {
        for &b in &f.layout {
            for &i in &f.blocks[b.index()].insts {
                match &f.insts[i.index()].kind {
                    InstKind::Call {
                        callee: Callee::Direct(n),
                        ..
                    } => *calls.entry(n.clone()).or_default() += 1,
                    InstKind::GlobalAddr { name } => {
                        taken.insert(name.clone());
                    }
                    _ => {}
                }
            }
        }
    }
    for g in &m.globals {
        for r in &g.relocs {
            taken.insert(r.1.clone());
        }
    }
    (calls, taken)
}

/// Inlines the calls that qualify into every function `allowed` accepts
/// (the miscompile bisector's step per caller). Counters: "calls
/// inlined", "functions removed".
pub fn run(m: &mut Module, allowed: &mut dyn FnMut(&str) -> bool) -> Stats {
    let mut stats = Stats::default();
    let index: HashMap<String, usize> = m
        .functions
        .iter()
        .enumerate()
        .map(|(k, f)| (f.name.clone(), k))
        .collect();
    // post-order of the call graph from every function: callees first
    let mut order = Vec::new();
    let mut seen = vec![false; m.functions.len()];
    for root in 0..m.functions.len() {
        let mut stack = vec![(root, false)];
        while let Some((k, done)) = stack.pop() {
            if done {
                order.push(k);
                continue;
            }
            if seen[k] {
                continue;
            }
            seen[k] = true;
            stack.push((k, true));
            let f = &m.functions[k];
            for &b in &f.layout {
                for &i in &f.blocks[b.index()].insts {
                    if let InstKind::Call {
                        callee: Callee::Direct(n),
                        ..
                    } = &f.insts[i.index()].kind
                    {
                        if let Some(&c) = index.get(n) {
                            if !seen[c] {
                                stack.push((c, false));
                            }
                        }
                    }
                }
            }
        }
    }
    // call counts and taken addresses, kept up to date as bodies are copied
    let (mut calls, mut taken) = references(m);
    for k in order {
        if !allowed(&m.functions[k].name) {
            continue;
        }
        let mut caller = std::mem::replace(&mut m.functions[k], Function::new("", &[], None));
        let mut budget = CALLER_BUDGET.saturating_sub(size(&caller));
        // call sites, in layout order
        let mut sites = Vec::new();
        for &b in &caller.layout {
            for &i in &caller.blocks[b.index()].insts {
                if let InstKind::Call {
                    callee: Callee::Direct(n),
                    ..
                } = &caller.insts[i.index()].kind
                {
                    if let Some(&c) = index.get(n) {
                        sites.push((i, c));
                    }
                }
            }
        }
        for (call, c) in sites {
            if c == k {
                continue;
            }
            let callee = &m.functions[c];
            let InstKind::Call { args, ret, .. } = &caller.insts[call.index()].kind else {
                continue;
            };
            if !inlinable(callee) || args.len() != callee.params.len() || *ret != callee.ret {
                continue;
            }
            let arg_types_match = args
                .iter()
                .zip(&callee.params)
                .all(|(a, p)| caller.value_type(*a) == callee.value_type(*p));
            if !arg_types_match {
                continue;
            }
            let n = size(callee);
            let once = callee.linkage == Linkage::Internal
                && calls.get(&callee.name) == Some(&1)
                && !taken.contains(&callee.name);
            let wanted = callee.inline == InlineHint::Always
                || n <= SMALL_CALLEE
                || (once && n <= ONCE_CALLEE);
            if !wanted || (n > budget && callee.inline != InlineHint::Always) {
                continue;
            }
            budget = budget.saturating_sub(n);
            // the call goes; the callee's own calls and addresses come in
            if let Some(c) = calls.get_mut(&callee.name) {
                *c = c.saturating_sub(1);
            }
            for &b in &callee.layout {
                for &i in &callee.blocks[b.index()].insts {
                    match &callee.insts[i.index()].kind {
                        InstKind::Call {
                            callee: Callee::Direct(n),
                            ..
                        } => *calls.entry(n.clone()).or_default() += 1,
                        InstKind::GlobalAddr { name } => {
                            taken.insert(name.clone());
                        }
                        _ => {}
                    }
                }
            }
            inline_call(&mut caller, call, callee);
            stats.add("calls inlined", 1);
        }
        m.functions[k] = caller;
    }
    // static functions nobody references any more
    let (calls, taken) = references(m);
    let before = m.functions.len();
    m.functions.retain(|f| {
        f.linkage != Linkage::Internal || calls.contains_key(&f.name) || taken.contains(&f.name)
    });
    stats.add("functions removed", (before - m.functions.len()) as u64);
    stats
}

/// Replaces call instruction `call` of `f` by the body of `g`.
fn inline_call(f: &mut Function, call: Inst, g: &Function) {
    // g's union and bit-field accesses come with its body
    f.type_punning |= g.type_punning;
    f.strict_aliasing &= g.strict_aliasing;
    let b = f.insts[call.index()].block;
    let loc = f.insts[call.index()].loc;
    let InstKind::Call { args, .. } = f.insts[call.index()].kind.clone() else {
        unreachable!("a call")
    };
    let result = f.insts[call.index()].result;
    // split b after the call: the continuation takes the rest
    let pos = f.blocks[b.index()]
        .insts
        .iter()
        .position(|&i| i == call)
        .expect("call in its block");
    let rest: Vec<Inst> = f.blocks[b.index()].insts.split_off(pos + 1);
    f.blocks[b.index()].insts.pop(); // the call
    let cont = Block(f.blocks.len() as u32);
    f.blocks.push(BlockData { insts: rest });
    for &i in &f.blocks[cont.index()].insts.clone() {
        f.insts[i.index()].block = cont;
    }
    // successors' φs now come from the continuation
    let succs = f.successors(cont);
    for s in succs {
        for &i in &f.blocks[s.index()].insts.clone() {
            let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind else {
                break;
            };
            for x in incoming.iter_mut() {
                if x.0 == b {
                    x.0 = cont;
                }
            }
        }
    }
    // copies of the callee's slots, blocks and values
    let slot_base = f.slots.len() as u32;
    f.slots.extend(g.slots.iter().copied());
    let mut bmap: HashMap<Block, Block> = HashMap::default();
    for &gb in &g.layout {
        let nb = Block(f.blocks.len() as u32);
        f.blocks.push(BlockData::default());
        bmap.insert(gb, nb);
    }
    let mut vmap: HashMap<Value, Value> = HashMap::default();
    for (k, &p) in g.params.iter().enumerate() {
        vmap.insert(p, args[k]);
    }
    // results first (φs may name values defined later)
    let mut imap: Vec<Inst> = Vec::new();
    for &gb in &g.layout {
        let nb = bmap[&gb];
        for &gi in &g.blocks[gb.index()].insts {
            let (ni, nv) = f.new_inst(nb, g.insts[gi.index()].kind.clone());
            f.insts[ni.index()].loc = loc;
            if let (Some(r), Some(nv)) = (g.insts[gi.index()].result, nv) {
                vmap.insert(r, nv);
            }
            imap.push(ni);
        }
    }
    let mut returns: Vec<(Block, Option<Value>)> = Vec::new();
    for ni in imap {
        let nb = f.insts[ni.index()].block;
        let mut kind = f.insts[ni.index()].kind.clone();
        crate::ir::map_operands(&mut kind, |v| vmap.get(&v).copied().unwrap_or(v));
        match &mut kind {
            InstKind::Phi { incoming, .. } => {
                for x in incoming.iter_mut() {
                    x.0 = bmap[&x.0];
                }
            }
            InstKind::Jump { .. } | InstKind::Branch { .. } | InstKind::JumpTable { .. } => {
                for t in kind.targets_mut() {
                    *t = bmap[t];
                }
            }
            InstKind::SlotAddr { slot } => *slot = StackSlot(slot.0 + slot_base),
            InstKind::Ret { value } => {
                returns.push((nb, *value));
                kind = InstKind::Jump { dest: cont };
            }
            _ => {}
        }
        f.insts[ni.index()].kind = kind;
        f.blocks[nb.index()].insts.push(ni);
    }
    // the call's block jumps into the copy
    let entry = bmap[&g.layout[0]];
    let (j, _) = f.new_inst(b, InstKind::Jump { dest: entry });
    f.insts[j.index()].loc = loc;
    f.blocks[b.index()].insts.push(j);
    // layout: b, the copy, the continuation
    let at = f
        .layout
        .iter()
        .position(|&x| x == b)
        .expect("block in layout")
        + 1;
    let mut add: Vec<Block> = g.layout.iter().map(|gb| bmap[gb]).collect();
    add.push(cont);
    f.layout.splice(at..at, add);
    // the result: a φ of the returned values at the continuation
    if let Some(r) = result {
        let ty = f.values[r.index()].ty;
        let incoming: Vec<(Block, Value)> = returns
            .iter()
            .filter_map(|&(rb, v)| v.map(|v| (rb, v)))
            .collect();
        let kind = if incoming.len() == returns.len() && !incoming.is_empty() {
            InstKind::Phi { ty, incoming }
        } else {
            // a return without a value reaches a use of the result: C
            // leaves it undefined (6.9.1p12); 0
            InstKind::Iconst { ty, imm: 0 }
        };
        let (pi, pv) = f.new_inst(cont, kind);
        f.insts[pi.index()].loc = loc;
        f.blocks[cont.index()].insts.insert(0, pi);
        let mut repl: Vec<Option<Value>> = vec![None; f.values.len()];
        repl[r.index()] = pv;
        super::simplify_cfg::replace_uses(f, &repl);
    }
    // φ operands are already in predecessor order: the continuation's
    // come from the copied blocks in layout order, and the successors'
    // renamed operand keeps its place (the copy and the continuation sit
    // where the call's block was)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opt::testutil::{exit_code, module};

    /// `sat` (static, three returns) is inlined at both calls and then
    /// removed; `keep` is `noinline`; `fact` calls itself, so it is
    /// inlined into `main` once and keeps its own recursive call.
    /// Hand-derived: sat(250) = 100, sat(−7) = −7, keep(5) = 6,
    /// fact(4) = 24; the sum is 123.
    const TEXT: &str = "
func @sat(i32 %v) -> i32 internal {
b0:
  %hi = iconst.i32 100
  %c = icmp.sgt.i32 %v, %hi
  br %c, b1, b2
b1:
  ret %hi
b2:
  %lo = iconst.i32 -100
  %d = icmp.slt.i32 %v, %lo
  br %d, b3, b4
b3:
  ret %lo
b4:
  ret %v
}
func @keep(i32 %v) -> i32 noinline {
b0:
  %one = iconst.i32 1
  %r = add.i32 %v, %one
  ret %r
}
func @fact(i32 %n) -> i32 {
b0:
  %one = iconst.i32 1
  %c = icmp.sle.i32 %n, %one
  br %c, b1, b2
b1:
  ret %one
b2:
  %m = sub.i32 %n, %one
  %r = call.i32 @fact(%m)
  %p = mul.i32 %n, %r
  ret %p
}
func @main() -> i32 {
b0:
  %x = iconst.i32 250
  %y = iconst.i32 -7
  %z = iconst.i32 5
  %w = iconst.i32 4
  %a = call.i32 @sat(%x)
  %b = call.i32 @sat(%y)
  %c = call.i32 @keep(%z)
  %d = call.i32 @fact(%w)
  %s1 = add.i32 %a, %b
  %s2 = add.i32 %s1, %c
  %s3 = add.i32 %s2, %d
  ret %s3
}";

    #[test]
    fn inlines_small_and_keeps_noinline_and_recursion() {
        let mut m = module(TEXT);
        assert_eq!(exit_code(&m), 123);
        let st = run(&mut m, &mut |_| true);
        assert_eq!(st.get("calls inlined"), 3);
        assert_eq!(st.get("functions removed"), 1);
        crate::ir::verify_module(&m).unwrap();
        assert!(m.functions.iter().all(|f| f.name != "sat"));
        let main = m.functions.iter().find(|f| f.name == "main").unwrap();
        let calls: Vec<String> = main
            .layout
            .iter()
            .flat_map(|b| main.blocks[b.index()].insts.iter())
            .filter_map(|&i| match &main.insts[i.index()].kind {
                InstKind::Call {
                    callee: Callee::Direct(n),
                    ..
                } => Some(n.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(calls, ["keep", "fact"]); // fact's own recursive call
        assert_eq!(exit_code(&m), 123);
    }

    /// The bisector can refuse a caller: nothing is inlined into it.
    #[test]
    fn bisect_step_per_caller() {
        let mut m = module(TEXT);
        let st = run(&mut m, &mut |name| name != "main");
        assert_eq!(st.get("calls inlined"), 0);
        assert_eq!(exit_code(&m), 123);
    }

    /// `__attribute__((noinline))` and `((always_inline))` reach the IR.
    #[test]
    fn attributes_from_c() {
        let src = b"__attribute__((noinline)) static int f(int x) { return x + 1; }\n\
                    static inline __attribute__((always_inline)) int g(int x) { return x * 2; }\n\
                    int h(int x) { return x; }\n\
                    int main(void) { return f(1) + g(2) + h(3); }\n";
        let out = crate::driver::compile("a.c", src, &crate::driver::Options::default());
        let m = out.result.expect("compiles");
        let hint = |n: &str| m.functions.iter().find(|f| f.name == n).unwrap().inline;
        assert_eq!(hint("f"), InlineHint::Never);
        assert_eq!(hint("g"), InlineHint::Always);
        assert_eq!(hint("h"), InlineHint::Default);
    }
}
