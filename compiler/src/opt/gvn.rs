//! Dominator-based global value numbering with full-redundancy
//! elimination (SSA book §10.5; S2 10.5.1 hash-based numbering, 10.5.2
//! "removing full redundancies among equal value numbers").
//!
//! The dominator tree is walked in preorder with a scoped hash table from
//! an expression key — (operation, type, leaders of the operands), with
//! the operands of commutative operations and comparisons put in a
//! canonical order — to the value that first computed it (its *leader*).
//! A later instruction with the same key in a dominated position is a
//! full redundancy: its uses are rewritten to the leader and it is
//! deleted. Keys cover `iconst`, `slot_addr`, `global_addr`, arithmetic,
//! comparisons, conversions and phis (two phis of one block with the same
//! operands; a phi whose operands all have one leader is that leader).
//! Loads are numbered against a table of *available* memory values: per
//! address (its leader, or a base and constant offset of
//! [`super::alias::decompose`]) and type, the value an earlier load read
//! there or an earlier store wrote there. A load finding an entry of its
//! address and type is redundant (an earlier load) or takes the stored
//! value (store-to-load forwarding). A store, block copy or block zeroing
//! removes the entries whose bytes it may write ([`super::alias`]: distinct
//! objects and disjoint constant ranges of one base are independent); a
//! call removes them all. A block whose only predecessor is its immediate
//! dominator starts with the table that block ends with (nothing else can
//! write memory on the way), any other block with an empty table, so
//! `if (v[i] > m) m = v[i];` loads `v[i]` once, and a load after a store
//! to another global (or to other bytes of one base) still finds what an
//! earlier access left there.
//!
//! This is the pessimistic hash-based algorithm: a loop-header phi whose
//! back-edge operand is not numbered yet gets a number of its own, so
//! loop-carried equalities are missed (SSA book 10.5.1, example T17). The optimistic
//! partition-based algorithm of Alpern, Wegman and Zadeck is not
//! implemented.

use super::alias::{self, Location};
use super::simplify_cfg::replace_uses;
use super::Stats;
use crate::hash::HashMap;
use crate::ir::eval::{mask, sext};
use crate::ir::{
    BinaryOp, Block, Cond, ConvOp, Function, InstKind, StackSlot, Type, UnaryOp, Value,
};

/// Expression key of the hash table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Const(Type, i64),
    Bin(BinaryOp, Type, Value, Value),
    Un(UnaryOp, Type, Value),
    Cmp(Cond, Type, Value, Value),
    Conv(ConvOp, Type, Type, Value),
    Slot(StackSlot),
    Global(String),
    Phi(Block, Vec<Value>),
    /// A custom operation (by name and slot) of its operands' leaders.
    Custom(String, u32, Vec<Value>),
}

/// A value known to be in memory: what an earlier load read or an earlier
/// store wrote at `addr`, as `ty`.
#[derive(Clone, Debug)]
struct Available {
    /// Leader of the address.
    addr: Value,
    /// The bytes (decomposed address and size of `ty`).
    loc: Location,
    /// Type of the access.
    ty: Type,
    /// Leader of the value read or written.
    value: Value,
    /// Whether a store wrote it (else a load read it).
    stored: bool,
}

/// At most this many available values are tracked at once (the oldest is
/// dropped), which bounds the linear scans of a block with many loads.
const MAX_AVAILABLE: usize = 64;

fn commutative(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Add
            | BinaryOp::Mul
            | BinaryOp::MulHs
            | BinaryOp::MulHu
            | BinaryOp::And
            | BinaryOp::Or
            | BinaryOp::Xor
    )
}

/// Value numbers found by [`number`]: the leader of each value (itself
/// when it is not redundant).
pub struct Numbering {
    /// Leader per value.
    pub leader: Vec<Value>,
    /// Loads given the value of an earlier load of the same address.
    pub loads_reused: u64,
    /// Loads given the value an earlier store wrote to their address.
    pub loads_forwarded: u64,
}

/// Numbers the values of `f` (dominator-tree preorder) without changing it.
pub fn number(f: &Function) -> Numbering {
    let nv = f.values.len();
    let mut leader: Vec<Value> = (0..nv as u32).map(Value).collect();
    let (mut loads_reused, mut loads_forwarded) = (0u64, 0u64);
    let Some(&entry) = f.layout.first() else {
        return Numbering {
            leader,
            loads_reused,
            loads_forwarded,
        };
    };
    let dt = f.dom_tree();
    // dominator-tree children in layout order
    let mut children: Vec<Vec<Block>> = vec![Vec::new(); f.blocks.len()];
    for &b in &f.layout {
        if let Some(p) = dt.idom(b) {
            children[p.index()].push(b);
        }
    }
    let preds = f.predecessors();
    // available memory values at the exit of each block whose dominator
    // subtree is being walked (dropped when the walk leaves the subtree)
    let mut exit_mem: Vec<Vec<Available>> = vec![Vec::new(); f.blocks.len()];
    let mut table: HashMap<Key, Value> = HashMap::default();
    // undo log: keys inserted, popped when leaving a subtree
    let mut undo: Vec<Key> = Vec::new();
    // (block, enter?) events; the mark is the undo-log length at entry
    let mut stack: Vec<(Block, Option<usize>)> = vec![(entry, None)];
    while let Some((b, mark)) = stack.pop() {
        if let Some(m) = mark {
            while undo.len() > m {
                if let Some(k) = undo.pop() {
                    table.remove(&k);
                }
            }
            exit_mem[b.index()] = Vec::new();
            continue;
        }
        stack.push((b, Some(undo.len())));
        for &c in children[b.index()].iter().rev() {
            stack.push((c, None));
        }
        // memory at the entry: the single predecessor's at its exit when
        // that predecessor is the immediate dominator (nothing else reaches
        // b), else nothing known
        let mut mem: Vec<Available> = match preds[b.index()].as_slice() {
            [p] if dt.idom(b) == Some(*p) => exit_mem[p.index()].clone(),
            _ => Vec::new(),
        };
        for &i in &f.blocks[b.index()].insts {
            let d = &f.insts[i.index()];
            let l = |v: Value| leader[v.index()];
            let key = match &d.kind {
                InstKind::Iconst { ty, imm } => {
                    Some(Key::Const(*ty, sext(mask(*imm as u64, *ty), *ty)))
                }
                InstKind::Binary { op, ty, args } => {
                    let (mut a, mut c) = (l(args[0]), l(args[1]));
                    if commutative(*op) && a > c {
                        std::mem::swap(&mut a, &mut c);
                    }
                    Some(Key::Bin(*op, *ty, a, c))
                }
                InstKind::Unary { op, ty, arg } => Some(Key::Un(*op, *ty, l(*arg))),
                InstKind::Custom { op, args } => Some(Key::Custom(
                    op.name.clone(),
                    op.slot,
                    args.iter().map(|&a| l(a)).collect(),
                )),
                InstKind::Icmp { cond, ty, args } => {
                    let (a, c) = (l(args[0]), l(args[1]));
                    Some(if a > c {
                        Key::Cmp(cond.swapped(), *ty, c, a)
                    } else {
                        Key::Cmp(*cond, *ty, a, c)
                    })
                }
                InstKind::Convert { op, from, to, arg } => {
                    Some(Key::Conv(*op, *from, *to, l(*arg)))
                }
                InstKind::SlotAddr { slot } => Some(Key::Slot(*slot)),
                InstKind::GlobalAddr { name } => Some(Key::Global(name.clone())),
                InstKind::Load { ty, addr } => {
                    let loc = Location::of(
                        f,
                        alias::Access {
                            addr: *addr,
                            size: Some(ty.bytes()),
                            ty: Some(*ty),
                        },
                    );
                    let a = l(*addr);
                    let found = mem
                        .iter()
                        .rev()
                        .find(|e| e.ty == *ty && (e.addr == a || e.loc.must_equal(&loc)));
                    if let (Some(e), Some(r)) = (found, d.result) {
                        leader[r.index()] = e.value;
                        if e.stored {
                            loads_forwarded += 1;
                        } else {
                            loads_reused += 1;
                        }
                    } else if let Some(r) = d.result {
                        remember(
                            &mut mem,
                            Available {
                                addr: a,
                                loc,
                                ty: *ty,
                                value: r,
                                stored: false,
                            },
                        );
                    }
                    None
                }
                InstKind::Phi { incoming, .. } => {
                    let ops: Vec<Value> = incoming.iter().map(|x| l(x.1)).collect();
                    let r = d.result;
                    // a phi whose operands (other than itself) all have one
                    // leader is a copy of it
                    let mut others = ops.iter().filter(|&&v| Some(v) != r);
                    if let (Some(&first), Some(r)) = (others.next(), r) {
                        if others.all(|&v| v == first) && b != entry {
                            leader[r.index()] = first;
                            continue;
                        }
                    }
                    Some(Key::Phi(b, ops))
                }
                InstKind::Store { .. }
                | InstKind::VolatileLoad { .. }
                | InstKind::VolatileStore { .. }
                | InstKind::Call { .. }
                | InstKind::MemCopy { .. }
                | InstKind::MemZero { .. } => {
                    match alias::writes(&d.kind) {
                        Some(Some(w)) => {
                            let wl = Location::of(f, w);
                            mem.retain(|e| !e.loc.may_overlap(&wl));
                        }
                        _ => mem.clear(),
                    }
                    if let InstKind::Store { ty, addr, value } = &d.kind {
                        let loc = Location::of(
                            f,
                            alias::Access {
                                addr: *addr,
                                size: Some(ty.bytes()),
                                ty: Some(*ty),
                            },
                        );
                        let e = Available {
                            addr: l(*addr),
                            loc,
                            ty: *ty,
                            value: l(*value),
                            stored: true,
                        };
                        remember(&mut mem, e);
                    }
                    None
                }
                _ => None,
            };
            let (Some(key), Some(r)) = (key, d.result) else {
                continue;
            };
            match table.get(&key) {
                Some(&w) => leader[r.index()] = w,
                None => {
                    table.insert(key.clone(), r);
                    undo.push(key);
                }
            }
        }
        exit_mem[b.index()] = mem;
    }
    Numbering {
        leader,
        loads_reused,
        loads_forwarded,
    }
}

/// Adds `e` to the available values, dropping the oldest beyond
/// [`MAX_AVAILABLE`].
fn remember(mem: &mut Vec<Available>, e: Available) {
    if mem.len() == MAX_AVAILABLE {
        mem.remove(0);
    }
    mem.push(e);
}

/// Runs the pass on `f`. Counters: "redundancies removed" (every
/// instruction replaced by its leader), and among them "loads reused" (an
/// earlier load's value) and "loads forwarded" (an earlier store's value).
pub fn run(f: &mut Function) -> Stats {
    let mut st = Stats::default();
    let n = number(f);
    st.add("loads reused", n.loads_reused);
    st.add("loads forwarded", n.loads_forwarded);
    let mut repl: Vec<Option<Value>> = vec![None; f.values.len()];
    let mut removed = 0u64;
    for (v, &l) in n.leader.iter().enumerate() {
        if l.index() != v {
            repl[v] = Some(l);
        }
    }
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let before = f.blocks[b.index()].insts.len();
        let insts = &f.insts;
        f.blocks[b.index()]
            .insts
            .retain(|i| !matches!(insts[i.index()].result, Some(r) if repl[r.index()].is_some()));
        removed += (before - f.blocks[b.index()].insts.len()) as u64;
    }
    if removed > 0 {
        replace_uses(f, &repl);
    }
    st.add("redundancies removed", removed);
    st.add("loads made phis", phi_translated_loads(f));
    st
}

/// Blocks searched up a chain of single predecessors, by
/// [`phi_translated_loads`].
const MAX_CHAIN: usize = 8;

/// Whether `k` may write memory (a store, block copy or zeroing, a call,
/// a volatile access).
fn is_write(k: &InstKind) -> bool {
    alias::writes(k).is_some()
}

/// Loads whose address is a φ of a block `H` and whose value every
/// predecessor of `H` already has: the load (in `H`, or below it down a
/// chain of single-predecessor blocks, with no write in between) becomes a
/// φ of `H` of those values. The value of predecessor `P` for the φ's
/// operand `a` is the last load of `a` (same type) or the last store to it
/// in `P` or up its chain of single predecessors, with no write that may
/// touch `a` after it ([`super::alias`]). This is the phi translation of
/// load PRE (Briggs and Cooper, "Effective partial redundancy elimination",
/// PLDI 1994; the "phi-translated" loads of Simpson's value-driven
/// redundancy elimination), without inserting loads: nothing gets
/// computed twice on any path. The typical case is a rotated `while (*p)
/// { c = *p; … p++; }`: the loop test loads `*p` at the bottom and the
/// body loads it again at the top. Counter: "loads made phis".
fn phi_translated_loads(f: &mut Function) -> u64 {
    let preds = f.predecessors();
    let mut made = 0u64;
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let mut k = 0;
        while k < f.blocks[b.index()].insts.len() {
            let li = f.blocks[b.index()].insts[k];
            k += 1;
            let InstKind::Load { ty, addr } = f.insts[li.index()].kind else {
                if is_write(&f.insts[li.index()].kind) {
                    // (a later load of this block has a write before it)
                    break;
                }
                continue;
            };
            let Some(result) = f.insts[li.index()].result else {
                continue;
            };
            let Some(pi) = super::simplify_cfg::def_inst(f, addr) else {
                continue;
            };
            let InstKind::Phi { incoming, .. } = &f.insts[pi.index()].kind else {
                continue;
            };
            let h = f.insts[pi.index()].block;
            // from H down to the load: single predecessors, no write
            let mut cur = b;
            let mut ok = true;
            for _ in 0..MAX_CHAIN {
                if cur == h {
                    break;
                }
                match preds[cur.index()].as_slice() {
                    [p] => cur = *p,
                    _ => {
                        ok = false;
                        break;
                    }
                }
                if cur != b
                    && f.blocks[cur.index()]
                        .insts
                        .iter()
                        .any(|&i| is_write(&f.insts[i.index()].kind))
                {
                    ok = false;
                    break;
                }
            }
            if !ok || cur != h {
                continue;
            }
            let loc_of = |f: &Function, a: Value| {
                Location::of(
                    f,
                    alias::Access {
                        addr: a,
                        size: Some(ty.bytes()),
                        ty: Some(ty),
                    },
                )
            };
            // the value each predecessor has at its end
            let mut values = Vec::with_capacity(incoming.len());
            for &(p, a) in incoming.iter() {
                let want = loc_of(f, a);
                let mut blk = p;
                let mut found = None;
                'chain: for _ in 0..MAX_CHAIN {
                    for &i in f.blocks[blk.index()].insts.iter().rev() {
                        let d = &f.insts[i.index()];
                        let same = |x: Value| x == a || loc_of(f, x).must_equal(&want);
                        match d.kind {
                            InstKind::Load { ty: t, addr: x } if t == ty && same(x) => {
                                found = d.result;
                                break 'chain;
                            }
                            InstKind::Store {
                                ty: t,
                                addr: x,
                                value,
                            } if t == ty && same(x) => {
                                found = Some(value);
                                break 'chain;
                            }
                            ref kind => match alias::writes(kind) {
                                Some(Some(w)) if !Location::of(f, w).may_overlap(&want) => {}
                                Some(_) => break 'chain,
                                None => {}
                            },
                        }
                    }
                    match preds[blk.index()].as_slice() {
                        [q] => blk = *q,
                        _ => break,
                    }
                }
                match found {
                    Some(v) => values.push((p, v)),
                    None => break,
                }
            }
            if values.len() != incoming.len() {
                continue;
            }
            let (phi, v) = f.new_inst(
                h,
                InstKind::Phi {
                    ty,
                    incoming: values,
                },
            );
            f.blocks[h.index()].insts.insert(0, phi);
            if h == b {
                k += 1;
            }
            let mut repl = vec![None; f.values.len()];
            repl[result.index()] = v;
            let pos = f.blocks[b.index()]
                .insts
                .iter()
                .position(|&i| i == li)
                .expect("the load");
            f.blocks[b.index()].insts.remove(pos);
            k -= 1;
            replace_uses(f, &repl);
            made += 1;
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::RunOptions;
    use crate::ir::verify_function;

    use crate::opt::testutil::module;

    /// Value `%name` of a parsed text (values are numbered parameters
    /// first, then by definition in text order; every result is named).
    fn val(f: &Function, text: &str, name: &str) -> Value {
        let mut n = f.params.len() as u32;
        for line in text.lines() {
            if let Some((lhs, _)) = line.trim().split_once(" = ") {
                if lhs == name {
                    return Value(n);
                }
                n += 1;
            }
        }
        panic!("no {name}");
    }

    #[test]
    fn t16_local_and_global_numbering() {
        // SSA book 10.5.1, Fig. 10.12/10.13, example T16: a1 = in(); c1 = in(); b1 = c1; c2 = a1 + c1;
        // d1 = a1 + b1. Our IR has no copy instruction: b1 = c1 is a
        // one-operand phi (a copy at a join), which takes c1's number.
        // VN(c1) = VN(b1), VN(c2) = VN(d1): d1 is a full redundancy.
        let text = "
func @main() -> i32 {
b0:
  %a1 = call.i32 @rand()
  %c1 = call.i32 @rand()
  jump b1
b1:
  %b1 = phi.i32 [b0: %c1]
  %c2 = add.i32 %a1, %c1
  %d1 = add.i32 %b1, %a1
  %r = sub.i32 %c2, %d1
  ret %r
}
";
        let mut m = module(text);
        let f = &m.functions[0];
        let n = number(f);
        let v = |s| n.leader[val(f, text, s).index()];
        assert_eq!(v("%a1"), val(f, text, "%a1"));
        assert_eq!(v("%b1"), v("%c1"));
        assert_ne!(v("%a1"), v("%c1"));
        assert_eq!(v("%d1"), v("%c2"));
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("redundancies removed"), 2); // b1, d1
        let r = crate::driver::run(&m, &RunOptions::default()).unwrap();
        assert_eq!(r.exit_code, 0);
    }

    #[test]
    fn t17_pessimistic_numbering_misses_loop_equalities() {
        // SSA book 10.5.1, example T17: hash-based numbering in RPO gives VN(i1)=VN(j1)
        // but VN(i2)≠VN(j2) and VN(i3)≠VN(j3): the back-edge operands are
        // not numbered yet. (The optimistic partition algorithm, which
        // would merge them, is not implemented.)
        let text = "
func @t17(i32 %c) {
b0:
  %i1 = iconst.i32 0
  %j1 = iconst.i32 0
  jump h
h:
  %i2 = phi.i32 [b0: %i1], [bd: %i3]
  %j2 = phi.i32 [b0: %j1], [bd: %j3]
  br %c, bd, x
bd:
  %f1 = iconst.i32 4
  %f2 = iconst.i32 4
  %i3 = add.i32 %i2, %f1
  %j3 = add.i32 %j2, %f2
  jump h
x:
  ret
}
";
        let mut m = module(text);
        let f = &m.functions[0];
        let n = number(f);
        let v = |s| n.leader[val(f, text, s).index()];
        assert_eq!(v("%i1"), v("%j1"));
        assert_eq!(v("%f1"), v("%f2"));
        assert_ne!(v("%i2"), v("%j2"));
        assert_ne!(v("%i3"), v("%j3"));
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        assert_eq!(st.get("redundancies removed"), 2); // j1, f2
    }

    #[test]
    fn commutative_dominating_and_scoped() {
        // a+b in b0 makes b+a redundant in both arms; x*y computed in one
        // arm is not available in the other (scoping), nor at the join;
        // loads merge when no store between them may write their address,
        // in one block or down a chain of blocks whose only predecessor is
        // the immediate dominator (not at a join, which starts with nothing
        // known), and a load after a store to its address reads the stored
        // value;
        // `icmp.slt a, b` equals `icmp.sgt b, a`.
        let text = "
global @g size 4 align 4
func @main() -> i32 {
b0:
  %a = call.i32 @rand()
  %b = call.i32 @rand()
  %s = add.i32 %a, %b
  %ga = global_addr @g
  %l1 = load.i32 %ga
  %l2 = load.i32 %ga
  store.i32 %ga, %s
  %l3 = load.i32 %ga
  %c1 = icmp.slt.i32 %a, %b
  %c2 = icmp.sgt.i32 %b, %a
  br %c1, t, e
t:
  %s2 = add.i32 %b, %a
  %m1 = mul.i32 %a, %b
  %t1 = add.i32 %m1, %s2
  jump j
e:
  %m2 = mul.i32 %b, %a
  %ga2 = global_addr @g
  %l4 = load.i32 %ga2
  jump j
j:
  %p = phi.i32 [t: %t1], [e: %m2]
  %l5 = load.i32 %ga
  %m3 = mul.i32 %a, %b
  %q = sub.i32 %p, %m3
  %w = add.i32 %q, %c2
  %y = add.i32 %w, %l2
  %z = add.i32 %y, %l3
  ret %z
}
";
        let mut m = module(text);
        let want = crate::driver::run(&m, &RunOptions::default())
            .unwrap()
            .exit_code;
        let f = &m.functions[0];
        let n = number(f);
        let v = |s| n.leader[val(f, text, s).index()];
        assert_eq!(v("%s2"), v("%s"));
        assert_eq!(v("%l2"), v("%l1"));
        assert_ne!(v("%l3"), v("%l1"));
        // store-to-load forwarding: %l3 reads what the store wrote
        assert_eq!(v("%l3"), v("%s"));
        // e's only predecessor is b0, its immediate dominator: e starts in
        // the memory state b0 ends in (after the store), where @g holds %s
        assert_eq!(v("%l4"), v("%s"));
        assert_ne!(v("%l5"), v("%l3"));
        assert_eq!(v("%c2"), v("%c1"));
        assert_eq!(v("%ga2"), v("%ga"));
        assert_ne!(v("%m2"), v("%m1"));
        assert_ne!(v("%m3"), v("%m1"));
        let st = run(&mut m.functions[0]);
        verify_function(&m.functions[0]).unwrap();
        // s2, l2, l3, c2, ga2, l4
        assert_eq!(st.get("redundancies removed"), 6);
        assert_eq!(st.get("loads reused"), 1); // l2
        assert_eq!(st.get("loads forwarded"), 2); // l3, l4
        let got = crate::driver::run(&m, &RunOptions::default())
            .unwrap()
            .exit_code;
        assert_eq!(got, want);
    }

    /// Alias-aware memory: stores to another global or to disjoint bytes of
    /// one global do not hide an earlier store's value; an address written
    /// as `@a + 0` is `@a`; a load of another type is not forwarded; a
    /// store through a pointer parameter, a `memzero` over the bytes and a
    /// call end what is known. `main` passes `@b` as the pointer, so
    /// forwarding `%l4` from the store of 5 would be wrong; the
    /// interpreter's exit status before and after the pass must agree.
    #[test]
    fn forwarding_through_non_aliasing_writes() {
        let text = "
global @a size 16 align 4
global @b size 4 align 4
func @f(i32 %p) -> i32 {
b0:
  %ga = global_addr @a
  %gb = global_addr @b
  %z = iconst.i32 0
  %four = iconst.i32 4
  %five = iconst.i32 5
  %seven = iconst.i32 7
  %a4 = add.i32 %ga, %four
  %x = call.i32 @rand()
  store.i32 %ga, %x
  store.i32 %a4, %seven
  store.i32 %gb, %five
  %l1 = load.i32 %ga
  %ga0 = add.i32 %ga, %z
  %l2 = load.i32 %ga0
  %l3 = load.i8 %ga
  %l3w = zext.i8.i32 %l3
  %l8 = load.i32 %a4
  store.i32 %p, %l2
  %l4 = load.i32 %gb
  %l5 = load.i32 %a4
  %l6 = load.i32 %gb
  memzero %a4, 4
  %l9 = load.i32 %gb
  %l10 = load.i32 %a4
  %c = call.i32 @rand()
  %l7 = load.i32 %gb
  %s1 = add.i32 %l1, %l2
  %s2 = add.i32 %s1, %l3w
  %s3 = add.i32 %s2, %l4
  %s4 = add.i32 %s3, %l5
  %s5 = add.i32 %s4, %l6
  %s6 = add.i32 %s5, %l7
  %s7 = add.i32 %s6, %l8
  %s8 = add.i32 %s7, %l9
  %s9 = add.i32 %s8, %l10
  %s10 = add.i32 %s9, %c
  ret %s10
}
func @main() -> i32 {
b0:
  %gb = global_addr @b
  %r = call.i32 @f(%gb)
  %m = iconst.i32 255
  %e = and.i32 %r, %m
  ret %e
}
";
        let mut m = module(text);
        let want = crate::opt::testutil::exit_code(&m);
        let f = &m.functions[0];
        let n = number(f);
        let v = |s| n.leader[val(f, text, s).index()];
        assert_eq!(v("%l1"), val(f, text, "%x"));
        assert_eq!(v("%l2"), val(f, text, "%x"));
        assert_eq!(v("%l3"), val(f, text, "%l3"));
        assert_eq!(v("%l8"), v("%seven"));
        assert_eq!(v("%l4"), val(f, text, "%l4"));
        assert_eq!(v("%l5"), val(f, text, "%l5"));
        assert_eq!(v("%l6"), val(f, text, "%l4"));
        assert_eq!(v("%l9"), val(f, text, "%l4"));
        assert_eq!(v("%l10"), val(f, text, "%l10"));
        assert_eq!(v("%l7"), val(f, text, "%l7"));
        assert_eq!((n.loads_forwarded, n.loads_reused), (3, 2));
        let st = crate::opt::testutil::run_on_all(&mut m, run);
        assert_eq!(st.get("loads forwarded"), 3); // l1, l2, l8
        assert_eq!(st.get("loads reused"), 2); // l6, l9
        assert_eq!(crate::opt::testutil::exit_code(&m), want);
    }

    /// `while (*p) { acc += *p; p++; }` rotated: the test at the bottom
    /// loads `*(p + 1)`, the body at the top loads `*p` again. The body's
    /// load becomes `φ(b0: first load, b2: the test's load)`. Sum of the
    /// bytes 1, 2, 3, 4 before the 0, by hand: 10. With a store through a
    /// parameter after the test's load (it may write `*(p + 1)`), or a
    /// call, the body's load stays.
    #[test]
    fn a_load_of_a_phi_address_takes_the_values_the_predecessors_loaded() {
        let text = |extra: &str| {
            format!(
                "global @s size 8 align 4 init 0102030400000000
global @g size 4 align 4
func @f(i32 %q) -> i32 {{
b0:
  %s = global_addr @s
  %c0 = load.i8 %s
  %z = iconst.i8 0
  %zero = iconst.i32 0
  %t0 = icmp.ne.i8 %c0, %z
  br %t0, b1, b3
b1:
  %p = phi.i32 [b0: %s], [b2: %p2]
  %acc = phi.i32 [b0: %zero], [b2: %acc2]
  %c = load.i8 %p
  %w = zext.i8.i32 %c
  %acc2 = add.i32 %acc, %w
  jump b2
b2:
  %one = iconst.i32 1
  %p2 = add.i32 %p, %one
  %c2 = load.i8 %p2
  {extra}
  %t = icmp.ne.i8 %c2, %z
  br %t, b1, b3
b3:
  %r = phi.i32 [b0: %zero], [b2: %acc2]
  ret %r
}}
func @main() -> i32 {{
b0:
  %g = global_addr @g
  %r = call.i32 @f(%g)
  ret %r
}}
"
            )
        };
        for (extra, made) in [
            ("", 1),
            ("store.i8 %q, %z", 0),
            ("%u = call.i32 @main()", 0),
        ] {
            let mut m = module(&text(extra));
            if made == 1 {
                assert_eq!(crate::opt::testutil::exit_code(&m), 10);
            }
            let st = crate::opt::testutil::run_on_all(&mut m, run);
            assert_eq!(st.get("loads made phis"), made, "{extra}");
            if made == 1 {
                assert_eq!(crate::opt::testutil::exit_code(&m), 10);
                let f = &m.functions[0];
                let loads = f
                    .layout
                    .iter()
                    .flat_map(|&b| f.blocks[b.index()].insts.iter())
                    .filter(|&&i| matches!(f.insts[i.index()].kind, InstKind::Load { .. }))
                    .count();
                assert_eq!(loads, 2);
            }
        }
    }
}
