//! Jump threading of two-way branches on φs of constants (`jump-thread`,
//! on at `-O2`): a block `J` ending in `br %c, T, F` where `%c` is
//! computed, inside `J`, only from `J`'s φs and constants (through
//! `icmp`, `zext`/`trunc`, `and`/`xor`/… — anything
//! [`crate::ir::eval`] folds), and a predecessor `P` whose φ operands make
//! `%c` a constant: the edge `P → J` is redirected to a copy of `J` whose
//! branch is a jump to the successor the constant selects.
//!
//! This is GCC's `-fthread-jumps` and LLVM's `JumpThreading` for branches
//! on φs (F. Mueller and D. B. Whalley, "Avoiding Conditional Branches by
//! Code Replication", PLDI 1995; R. Bodík, R. Gupta and M. L. Soffa,
//! "Interprocedural Conditional Branch Elimination", PLDI 1997), the
//! two-way counterpart of [`super::dfa_jump_thread`], restricted to one
//! block: the correlation is between a branch and the constants merged
//! by the φs of its own block. The typical source is a flag set on the
//! two arms of an `if` and tested just after (CoreMark's `crcu8`:
//! `carry = 1` / `carry = 0` then `if (carry)`; an inlined predicate
//! returning `c ? 1 : 0` then tested): threading merges the two
//! diamonds into one, whose arms if-conversion then computes in
//! parallel under one select.
//!
//! 1. *Decide.* For each predecessor `P` of `J`, `%c` is evaluated with
//!    every φ of `J` replaced by its operand from `P` (when a constant);
//!    the predecessors are grouped by the successor they select. Every
//!    predecessor must decide the branch: an edge keeping it would turn
//!    the selects if-conversion makes of clamps (`if (y < 0) y = 0; if
//!    (y >= H) y = H - 1;`) into branches (a trial threading such
//!    partial cases made `br_clip_threshold` 18 % and `median3x3` 2.6×
//!    slower). The values of `J` the condition is computed from must
//!    serve only that computation: a flag also used as a number (`n +=
//!    b; if (b) …`) is if-converted as cheaply as the threaded diamond,
//!    which would put a select on the recurrences it feeds.
//! 2. *Legality.* `J` is not a loop header (no predecessor dominated by
//!    `J`): splitting a block that is not a header keeps a reducible CFG
//!    reducible (every cycle through a copy is a cycle through `J` in the
//!    original, with the same header and entries), whereas threading a
//!    header's entry edge into its body makes a second loop entry.
//!    `J` holds at most [`MAX_COPY_INSTS`] instructions besides its φs
//!    and branch.
//! 3. *Rewrite.* Per decided successor `S`, a copy `J_S`: φs whose
//!    operands come from the predecessors redirected to it, `J`'s other
//!    instructions, and `jump S`; `S`'s φs read on the edge from `J_S`
//!    what they read on the edge from `J`. The values of `J` now have
//!    several definitions; SSA repair ([`super::ssa::repair_many`])
//!    rewrites their uses after `J` and places the φs this needs. Every
//!    predecessor is redirected, so `J` is removed.
//!
//! After a threading the function's CFG simplification merges the
//! copies with their successors; dead copies of the compare are left to
//! the dead-code eliminations that follow.
//!
//! Runs after the loop unrollers (threading `crcu8`'s 8-trip loop body
//! before `loop-unroll-full` kept that pass from unrolling it: 13 % more
//! cycles instead of 41 % fewer) and before `gvn`, `licm` and the back
//! end's if-conversion.
//!
//! Counters: "branches threaded", "edges threaded", "blocks copied".

use super::dfa_jump_thread::{eval_inst, incoming_from, phis_of};
use super::simplify_cfg::{const_of, def_inst, remove_unreachable, sync_phis};
use super::ssa::repair_many;
use super::Stats;
use crate::ir::eval::mask;
use crate::ir::{Block, Function, Inst, InstKind, Value};

/// Largest number of instructions (besides φs and the branch) of a block
/// that is copied.
pub const MAX_COPY_INSTS: usize = 10;

/// Most branches threaded per function (each costs a dominator tree and
/// an SSA repair).
const MAX_THREADS: usize = 64;

/// Deepest expression evaluated on the φs' operands.
const MAX_EVAL_DEPTH: u32 = 6;

/// Threads the branches of `f` whose condition is a constant on some
/// incoming edges.
pub fn run(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    stats.add("branches threaded", 0);
    let candidates: Vec<Block> = f.layout.clone();
    let mut in_layout = vec![false; f.blocks.len()];
    for &b in &f.layout {
        in_layout[b.index()] = true;
    }
    let mut preds = f.predecessors();
    let mut threads = 0;
    for j in candidates {
        if threads >= MAX_THREADS {
            break;
        }
        if !in_layout[j.index()] {
            continue;
        }
        if thread(f, j, &preds[j.index()], &mut stats) {
            threads += 1;
            in_layout = vec![false; f.blocks.len()];
            for &b in &f.layout {
                in_layout[b.index()] = true;
            }
            preds = f.predecessors();
        }
    }
    if threads > 0 {
        super::simplify_cfg::simplify(f);
    }
    stats
}

/// The value of `v` (available at the end of block `j`) on entry to `j`
/// from `p`: a constant, a φ of `j` whose operand from `p` is a constant,
/// or a pure instruction of `j` of such operands at most `depth` deep.
fn eval_from(f: &Function, v: Value, j: Block, p: Block, depth: u32) -> Option<u64> {
    if let Some(k) = const_of(f, v) {
        return Some(mask(k as u64, f.value_type(v)));
    }
    let i = def_inst(f, v)?;
    if f.insts[i.index()].block != j || depth == 0 {
        return None;
    }
    match &f.insts[i.index()].kind {
        InstKind::Phi { .. } => {
            let w = incoming_from(f, i, p)?;
            const_of(f, w).map(|k| mask(k as u64, f.value_type(w)))
        }
        kind => eval_inst(kind, &|w| eval_from(f, w, j, p, depth - 1)),
    }
}

/// Whether the values of `j` the branch condition `cond` is computed
/// from (its φs included) serve only that computation. A flag also used
/// as a number (`n += b; if (b) …`) is left: if-conversion computes it
/// and its test as cheaply as the threaded diamond, and threading would
/// put a select on every recurrence the flag feeds.
fn chain_is_private(f: &Function, cond: Value, j: Block) -> bool {
    let mut chain: Vec<Value> = Vec::new();
    let mut stack = vec![cond];
    while let Some(v) = stack.pop() {
        let Some(i) = def_inst(f, v) else { continue };
        if f.insts[i.index()].block != j || chain.contains(&v) {
            continue;
        }
        chain.push(v);
        if !matches!(f.insts[i.index()].kind, InstKind::Phi { .. }) {
            stack.extend(f.insts[i.index()].kind.operands());
        }
    }
    let term = *f.blocks[j.index()].insts.last().expect("terminator");
    for &b in &f.layout {
        for &i in &f.blocks[b.index()].insts {
            let kind = &f.insts[i.index()].kind;
            let inside = i == term
                || f.insts[i.index()]
                    .result
                    .is_some_and(|r| chain.contains(&r));
            if !inside && kind.operands().iter().any(|v| chain.contains(v)) {
                return false;
            }
        }
    }
    true
}

/// Threads the decided edges into `j` (whose predecessors are `preds`);
/// true when the function changed.
fn thread(f: &mut Function, j: Block, preds: &[Block], stats: &mut Stats) -> bool {
    let Some(&InstKind::Branch {
        cond, then, else_, ..
    }) = f.terminator(j)
    else {
        return false;
    };
    if then == else_ || then == j || else_ == j {
        return false;
    }
    let phis = phis_of(f, j);
    let n_insts = f.blocks[j.index()].insts.len();
    if phis.is_empty() || n_insts - phis.len() - 1 > MAX_COPY_INSTS {
        return false;
    }
    // 1. Decide: the predecessors selecting `then` and `else`.
    let mut groups: [(Block, Vec<Block>); 2] = [(then, Vec::new()), (else_, Vec::new())];
    for &p in preds {
        if p == j {
            return false;
        }
        match eval_from(f, cond, j, p, MAX_EVAL_DEPTH) {
            Some(c) => groups[usize::from(c == 0)].1.push(p),
            // an edge that keeps the branch: the clamps `if (y < 0) y =
            // 0; if (y >= H) …` would turn from two selects into
            // branches
            None => return false,
        }
    }
    if groups.iter().all(|g| g.1.is_empty()) {
        return false;
    }
    if !chain_is_private(f, cond, j) {
        return false;
    }
    // 2. Legality: not a loop header, every edge reachable.
    let dt = f.dom_tree();
    if !dt.is_reachable(j) || preds.iter().any(|&p| dt.dominates(j, p)) {
        return false;
    }
    for g in &mut groups {
        g.1.retain(|&p| dt.is_reachable(p));
    }
    if groups.iter().all(|g| g.1.is_empty()) {
        return false;
    }
    // 3. Rewrite.
    let body: Vec<Inst> = f.blocks[j.index()].insts[phis.len()..n_insts - 1].to_vec();
    // per value of j: the versions defined by the copies
    let mut versions: Vec<(Value, Vec<Value>)> = Vec::new();
    for &i in phis.iter().chain(&body) {
        if let Some(r) = f.insts[i.index()].result {
            versions.push((r, Vec::new()));
        }
    }
    let mut new_blocks = Vec::new();
    for (s, group) in &groups {
        if group.is_empty() {
            continue;
        }
        let c = f.add_block();
        f.layout.pop(); // placed after j below
        new_blocks.push(c);
        let mut k = 0;
        for &i in &phis {
            let InstKind::Phi { ty, .. } = f.insts[i.index()].kind else {
                unreachable!("phis_of returns φs");
            };
            let incoming: Vec<(Block, Value)> = group
                .iter()
                .map(|&p| {
                    (
                        p,
                        incoming_from(f, i, p).expect("φ operand per predecessor"),
                    )
                })
                .collect();
            let r = f.push(c, InstKind::Phi { ty, incoming }).expect("φ result");
            versions[k].1.push(r);
            k += 1;
        }
        for &i in &body {
            let d = &f.insts[i.index()];
            let (kind, loc, has_result) = (d.kind.clone(), d.loc, d.result.is_some());
            let (ni, nr) = f.new_inst(c, kind);
            f.insts[ni.index()].loc = loc;
            f.blocks[c.index()].insts.push(ni);
            if has_result {
                versions[k].1.push(nr.expect("copied result"));
                k += 1;
            }
        }
        let loc = f.insts[f.blocks[j.index()].insts[n_insts - 1].index()].loc;
        let (ji, _) = f.new_inst(c, InstKind::Jump { dest: *s });
        f.insts[ji.index()].loc = loc;
        f.blocks[c.index()].insts.push(ji);
        // s's φs read from c what they read from j
        for i in phis_of(f, *s) {
            let v = incoming_from(f, i, j).expect("φ operand from j");
            if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
                incoming.push((c, v));
            }
        }
        for &p in group {
            f.redirect(p, j, c);
        }
        stats.add("edges threaded", group.len() as u64);
        stats.add("blocks copied", 1);
    }
    let at = f
        .layout
        .iter()
        .position(|&b| b == j)
        .expect("j is in the layout");
    for (n, &c) in new_blocks.iter().enumerate() {
        f.layout.insert(at + 1 + n, c);
    }
    sync_phis(f);
    remove_unreachable(f);
    let vars: Vec<Vec<Value>> = versions
        .into_iter()
        .map(|(orig, mut v)| {
            v.insert(0, orig);
            v
        })
        .collect();
    repair_many(f, &vars);
    stats.add("branches threaded", 1);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{verify_function, Module};
    use crate::opt::testutil::stdout;

    /// `src` compiled to IR and put through the passes that run before
    /// this one (SSA, CFG simplification, constant propagation, DCE,
    /// inlining and the same again).
    fn prepared(src: &str) -> Module {
        let out = crate::driver::compile("jt.c", src.as_bytes(), &Default::default());
        let mut m = out.result.expect("compiles");
        let step = |m: &mut Module, names: &[&str]| {
            for name in names {
                let p = super::super::pass(name).expect("pass");
                for f in &mut m.functions {
                    (p.run)(f);
                    verify_function(f).unwrap();
                }
            }
        };
        step(&mut m, &["ssa", "simplify-cfg", "sccp", "dce"]);
        super::super::inline::run(&mut m, &mut |_| true);
        step(&mut m, &["simplify-cfg", "sccp", "dce"]);
        m
    }

    fn thread_all(m: &mut Module) -> Stats {
        let mut st = Stats::default();
        for f in &mut m.functions {
            st.merge(&run(f));
            verify_function(f).unwrap_or_else(|e| panic!("does not verify: {e}"));
        }
        st
    }

    /// Branches (two-way) left in function `name`.
    fn branches(m: &Module, name: &str) -> usize {
        let f = m.functions.iter().find(|f| f.name == name).expect("fn");
        f.layout
            .iter()
            .filter(|&&b| matches!(f.terminator(b), Some(InstKind::Branch { .. })))
            .count()
    }

    /// A bit-serial checksum step in the shape of CoreMark's `crcu8`: a
    /// flag set to 1 or 0 on the arms of an `if`, tested after a shift
    /// that both arms share (a value of the threaded block used after
    /// it). Expected values by a Rust transcription of the C.
    #[test]
    fn threads_flag_tested_after_diamond() {
        let src = r#"
#include <stdio.h>
__attribute__((noinline)) static unsigned short step(unsigned char d, unsigned short r) {
    int k;
    for (k = 0; k < 8; k++) {
        int flag;
        if (((d ^ r) & 1) != 0) { r ^= 0x1021; flag = 1; } else flag = 0;
        r >>= 1;
        if (flag) r |= 0x8000; else r &= 0x7fff;
        d >>= 1;
    }
    return r;
}
int main(void) {
    unsigned short r = 0xffff;
    int i;
    for (i = 0; i < 40; i++) {
        r = step((unsigned char)(i * 37 + 11), r);
        if (i % 8 == 7) printf("%04x ", r);
    }
    printf("%04x\n", step(0, 0));
    return 0;
}
"#;
        fn step(mut d: u8, mut r: u16) -> u16 {
            for _ in 0..8 {
                let flag = (d ^ r as u8) & 1 != 0;
                if flag {
                    r ^= 0x1021;
                }
                r >>= 1;
                if flag {
                    r |= 0x8000;
                } else {
                    r &= 0x7fff;
                }
                d >>= 1;
            }
            r
        }
        let mut want = String::new();
        let mut r = 0xffffu16;
        for i in 0..40u32 {
            r = step((i * 37 + 11) as u8, r);
            if i % 8 == 7 {
                want += &format!("{r:04x} ");
            }
        }
        want += &format!("{:04x}\n", step(0, 0));
        let mut m = prepared(src);
        assert_eq!(stdout(&m), want);
        let before = branches(&m, "step");
        let st = thread_all(&mut m);
        assert!(st.get("branches threaded") >= 1, "{st:?}");
        assert_eq!(st.get("edges threaded"), 2);
        // the test of the flag is gone: the two diamonds are one
        assert_eq!(branches(&m, "step"), before - 1);
        assert_eq!(stdout(&m), want);
    }

    /// An inlined predicate returning `cond ? 1 : 0`, tested by its
    /// caller (CoreMark's `ee_isdigit`): the caller's test disappears.
    /// Expected: "a1b22c333 4" has digits 1,2,2,3,3,3,4 (sum 18, 7 of
    /// them), 4 other characters: 18·100 + 7·10 + 4 = 1874.
    #[test]
    fn threads_inlined_predicate() {
        let src = r#"
#include <stdio.h>
static unsigned char is_digit(unsigned char c) {
    unsigned char r;
    r = ((c >= '0') & (c <= '9')) ? 1 : 0;
    return r;
}
__attribute__((noinline)) static int scan(const char *s) {
    int sum = 0, digits = 0, other = 0;
    for (; *s; s++) {
        if (is_digit(*s)) { sum += *s - '0'; digits++; }
        else other++;
    }
    return sum * 100 + digits * 10 + other;
}
int main(void) { printf("%d\n", scan("a1b22c333 4")); return 0; }
"#;
        let mut m = prepared(src);
        assert_eq!(stdout(&m), "1874\n");
        let before = branches(&m, "scan");
        let st = thread_all(&mut m);
        assert!(st.get("branches threaded") >= 1, "{st:?}");
        assert!(branches(&m, "scan") < before);
        assert_eq!(stdout(&m), "1874\n");
    }

    /// Three edges into the test, one with a flag computed from the data:
    /// that edge keeps the branch, so nothing is threaded (a partial
    /// threading would turn the selects of if-conversion into branches).
    /// By hand, per x in 0..12: x % 3 == 0 → flag 1; x % 3 == 1 → flag 0;
    /// else flag = x & 1 (x = 2, 5, 8, 11 → 0, 1, 0, 1). Flag 1 adds
    /// 10·x, flag 0 adds 1: flags 1 for x = 0, 3, 5, 6, 9, 11 (sum 34 →
    /// 340), flags 0 for the other six (6): 346.
    #[test]
    fn branch_kept_by_one_edge_is_left() {
        let src = r#"
#include <stdio.h>
__attribute__((noinline)) static int f(int x) {
    int flag, t = x * 10;
    if (x % 3 == 0) flag = 1;
    else if (x % 3 == 1) flag = 0;
    else flag = x & 1;
    t = t + 0;
    if (flag) return t;
    return 1;
}
int main(void) {
    int x, n = 0;
    for (x = 0; x < 12; x++) n += f(x);
    printf("%d\n", n);
    return 0;
}
"#;
        let mut m = prepared(src);
        assert_eq!(stdout(&m), "346\n");
        let st = thread_all(&mut m);
        assert_eq!(st.get("branches threaded"), 0, "{st:?}");
        assert_eq!(stdout(&m), "346\n");
    }

    /// A flag also used as a number (`n += b`) is left: if-conversion
    /// makes it and its test selects already. By hand: "a1b2c3" has 3
    /// digits (n = 3) and digit codes 49 + 50 + 51 = 150 summed: 3·1000
    /// + 150 = 3150.
    #[test]
    fn flag_used_as_number_is_left() {
        let src = r#"
#include <stdio.h>
__attribute__((noinline)) static int f(const char *s) {
    int n = 0, sum = 0;
    for (; *s; s++) {
        int b = (*s >= '0' && *s <= '9') ? 1 : 0;
        n += b;
        if (b) sum += *s;
    }
    return n * 1000 + sum;
}
int main(void) { printf("%d\n", f("a1b2c3")); return 0; }
"#;
        let mut m = prepared(src);
        assert_eq!(stdout(&m), "3150\n");
        let st = thread_all(&mut m);
        assert_eq!(st.get("branches threaded"), 0, "{st:?}");
        assert_eq!(stdout(&m), "3150\n");
    }

    /// Whether every retreating edge of a depth-first search of `f` goes
    /// to a block dominating its source (a reducible CFG).
    fn reducible(f: &Function) -> bool {
        let dt = f.dom_tree();
        let n = f.blocks.len();
        let (mut seen, mut on_stack) = (vec![false; n], vec![false; n]);
        let entry = f.layout[0];
        let mut stack = vec![(entry, f.successors(entry).to_vec(), 0usize)];
        seen[entry.index()] = true;
        on_stack[entry.index()] = true;
        while let Some(top) = stack.last_mut() {
            let b = top.0;
            if top.2 == top.1.len() {
                on_stack[b.index()] = false;
                stack.pop();
                continue;
            }
            let s = top.1[top.2];
            top.2 += 1;
            if on_stack[s.index()] && !dt.dominates(s, b) {
                return false;
            }
            if !seen[s.index()] {
                seen[s.index()] = true;
                on_stack[s.index()] = true;
                stack.push((s, f.successors(s).to_vec(), 0));
            }
        }
        true
    }

    /// A loop whose header tests a flag (constant on entry): threading
    /// the entry edge would enter the loop in its body (a second loop
    /// entry), so the header is left and the CFG stays reducible. By
    /// hand: i counts 1..=6, the flag drops once i > 5: 6.
    #[test]
    fn loop_header_is_left() {
        let src = r#"
#include <stdio.h>
__attribute__((noinline)) static int f(int lim) {
    int go = 1, i = 0;
    while (go) { i++; if (i > lim) go = 0; }
    return i;
}
int main(void) { printf("%d\n", f(5)); return 0; }
"#;
        let mut m = prepared(src);
        assert_eq!(stdout(&m), "6\n");
        let before = branches(&m, "f");
        thread_all(&mut m);
        assert_eq!(stdout(&m), "6\n");
        assert_eq!(branches(&m, "f"), before);
        for f in &m.functions {
            assert!(reducible(f), "{}", f.name);
        }
    }

    /// The threaded functions of the other tests stay reducible.
    #[test]
    fn threading_keeps_cfg_reducible() {
        let src = r#"
#include <stdio.h>
__attribute__((noinline)) static int g(const char *s) {
    int n = 0, inword = 0;
    for (; *s; s++) {
        int sp = (*s == ' ') ? 1 : 0;
        if (sp) inword = 0;
        else { if (!inword) n++; inword = 1; }
    }
    return n;
}
int main(void) { printf("%d\n", g("ab  cd e  ")); return 0; }
"#;
        // by hand: words "ab", "cd", "e"
        let mut m = prepared(src);
        assert_eq!(stdout(&m), "3\n");
        let st = thread_all(&mut m);
        assert!(st.get("branches threaded") >= 1, "{st:?}");
        assert_eq!(stdout(&m), "3\n");
        for f in &m.functions {
            assert!(reducible(f), "{}", f.name);
        }
    }

    /// Blocks larger than the budget are not copied.
    #[test]
    fn budget_limits_the_copy() {
        let big = "t = t * 31 + x; t ^= t >> 3; ".repeat(4);
        let src = format!(
            r#"
#include <stdio.h>
__attribute__((noinline)) static unsigned f(unsigned x) {{
    int flag; unsigned t = x;
    if (x & 4) flag = 1; else flag = 0;
    {big}
    if (flag) return t; return t + 1;
}}
int main(void) {{ printf("%u\n", f(4) - f(3)); return 0; }}
"#
        );
        fn f(x: u32) -> u32 {
            let mut t = x;
            for _ in 0..4 {
                t = t.wrapping_mul(31).wrapping_add(x);
                t ^= t >> 3;
            }
            if x & 4 != 0 {
                t
            } else {
                t.wrapping_add(1)
            }
        }
        let want = format!("{}\n", f(4).wrapping_sub(f(3)));
        let mut m = prepared(&src);
        assert_eq!(stdout(&m), want);
        let st = thread_all(&mut m);
        assert_eq!(st.get("branches threaded"), 0);
        assert_eq!(stdout(&m), want);
    }
}
