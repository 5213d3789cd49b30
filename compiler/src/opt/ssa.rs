//! SSA construction (SSA book ch. 2–3) and SSA repair (SSA book ch. 5).
//!
//! [`construct`] promotes the stack slots whose address never escapes to
//! SSA values: Cytron et al.'s φ placement at the iterated dominance
//! frontier of the storing blocks, pruned by liveness (a φ only where the
//! variable is live-in), then renaming in a preorder walk of the dominator
//! tree with one stack of reaching definitions per variable (S2 3.1,
//! Alg. 3.1 and 3.3; S3 slides 28–41). Trivially redundant φs (S2 3.3.1,
//! Alg. 3.8 rules T1/T2) and redundant φ cycles (the SCC rule of Braun et
//! al., S2 5.3) are then removed.
//!
//! [`repair`] restores SSA after a transformation gave one variable
//! several definitions (spill reloads, duplicated code): the DF-based
//! variant of S2 5 (Alg. 5.1 with `FindDefFromTop`/`FindDefFromBottom`),
//! creating φs on demand at the iterated dominance frontier of the
//! definitions.

use super::sra::split_aggregates;
use super::Stats;
use crate::analysis::{
    strongly_connected_components, Cfg, DomTree, DominanceFrontiers, IdfScratch, NONE,
};
use crate::ir::{map_operands, Block, Function, Inst, InstKind, StackSlot, Type, Value, ValueDef};

fn type_slot(t: Type) -> usize {
    match t {
        Type::I8 => 0,
        Type::I16 => 1,
        Type::I32 => 2,
        Type::I64 => 3,
        Type::F32 => 4,
        Type::F64 => 5,
    }
}

/// The "undefined" values (⊥) of a function: one `iconst 0` per type,
/// created on demand in the entry block (placed after its φs by the
/// caller, so they dominate every use).
#[derive(Default)]
struct Undefs {
    val: [Option<Value>; 6],
    insts: Vec<Inst>,
}

impl Undefs {
    fn get(&mut self, f: &mut Function, entry: Block, ty: Type) -> Value {
        if let Some(v) = self.val[type_slot(ty)] {
            return v;
        }
        let (i, r) = f.new_inst(entry, InstKind::Iconst { ty, imm: 0 });
        let v = r.expect("iconst has a result");
        self.val[type_slot(ty)] = Some(v);
        self.insts.push(i);
        v
    }
}

/// Follows the replacement map `repl` (value → value it was replaced by)
/// to the final value.
fn resolve(repl: &[Value], mut v: Value) -> Value {
    while let Some(&r) = repl.get(v.index()) {
        if r == v {
            break;
        }
        v = r;
    }
    v
}

/// Removes redundant φs among `phis` (instructions of `f`), recording the
/// replacements in `repl` (indexed by value, identity for untouched
/// values) and marking removed φs in `removed` (indexed by instruction).
/// Operands are read through `repl`. Rules:
/// - T1/T2 (S2 3.3.1, Alg. 3.8; SSA book 3.3.1 Alg. 3.8, 5.3, example T08): a φ whose operands are
///   all one value `w` or the φ itself is replaced by `w`; repeated with a
///   worklist until no φ changes.
/// - with `scc`, the SCC rule (Braun et al., SSA book §5.3, Fig. 5.3, example T09): a
///   strongly connected set of φs whose operands outside the set are one
///   value `w` is replaced by `w`; for a set with several outside values,
///   the rule is applied again to its φs that have no outside operand.
///
/// Returns the number of φs removed.
fn redundant_phis(
    f: &Function,
    phis: &[Inst],
    repl: &mut [Value],
    removed: &mut [bool],
    scc: bool,
) -> u64 {
    let nc = phis.len();
    // candidate index of each φ result
    let mut cand_of = crate::hash::HashMap::with_capacity_and_hasher(nc, Default::default());
    for (c, &i) in phis.iter().enumerate() {
        if let Some(r) = f.insts[i.index()].result {
            cand_of.insert(r, c);
        }
    }
    let result = |c: usize| f.insts[phis[c].index()].result;
    let incoming = |c: usize| -> &[(Block, Value)] {
        match &f.insts[phis[c].index()].kind {
            InstKind::Phi { incoming, .. } => incoming,
            _ => &[],
        }
    };
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); nc];
    for c in 0..nc {
        for &(_, v) in incoming(c) {
            if let Some(&d) = cand_of.get(&resolve(repl, v)) {
                if d != c {
                    users[d].push(c);
                }
            }
        }
    }
    let mut count = 0;
    // T1/T2 worklist
    let mut work: Vec<usize> = (0..nc).rev().collect();
    while let Some(c) = work.pop() {
        let (Some(me), false) = (result(c), removed[phis[c].index()]) else {
            continue;
        };
        let mut same = None;
        let mut trivial = true;
        for &(_, v) in incoming(c) {
            let v = resolve(repl, v);
            if v == me || Some(v) == same {
                continue;
            }
            if same.is_some() {
                trivial = false;
                break;
            }
            same = Some(v);
        }
        let (true, Some(w)) = (trivial, same) else {
            continue;
        };
        repl[me.index()] = w;
        removed[phis[c].index()] = true;
        count += 1;
        let us = std::mem::take(&mut users[c]);
        work.extend(us.iter().copied());
        if let Some(&d) = cand_of.get(&w) {
            users[d].extend(us);
        }
    }
    if !scc {
        return count;
    }
    // SCC rule on the φs left
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); nc];
    let mut alive = Vec::new();
    for c in 0..nc {
        if removed[phis[c].index()] || result(c).is_none() {
            continue;
        }
        alive.push(c);
        for &(_, v) in incoming(c) {
            if let Some(&d) = cand_of.get(&resolve(repl, v)) {
                succ[c].push(d);
            }
        }
    }
    let mut member = vec![0u32; nc];
    let mut stamp = 0u32;
    let mut sets: Vec<Vec<usize>> = vec![alive];
    while let Some(set) = sets.pop() {
        stamp += 1;
        for &c in &set {
            member[c] = stamp;
        }
        let set_stamp = stamp;
        let comps = {
            let member = &member;
            strongly_connected_components(&set, &succ, &move |_, w| member[w] == set_stamp)
        };
        for comp in comps {
            stamp += 1;
            for &c in &comp {
                member[c] = stamp;
            }
            let comp_stamp = stamp;
            let mut outer: Vec<Value> = Vec::new();
            let mut inner = Vec::new();
            for &c in &comp {
                let mut is_inner = true;
                for &(_, v) in incoming(c) {
                    let v = resolve(repl, v);
                    let inside = cand_of.get(&v).is_some_and(|&d| member[d] == comp_stamp);
                    if !inside {
                        is_inner = false;
                        if !outer.contains(&v) {
                            outer.push(v);
                        }
                    }
                }
                if is_inner {
                    inner.push(c);
                }
            }
            if outer.len() == 1 {
                let w = outer[0];
                for &c in &comp {
                    if let Some(me) = result(c) {
                        repl[me.index()] = w;
                        removed[phis[c].index()] = true;
                        count += 1;
                    }
                }
            } else if outer.len() > 1 && !inner.is_empty() && inner.len() < comp.len() {
                sets.push(inner);
            }
        }
    }
    count
}

/// Removes the redundant φs among `phis` from `f` (rules of
/// `redundant_phis`: T1/T2 always, the SCC rule when `scc`), rewriting
/// every use of a removed φ to its replacement. Returns how many were
/// removed.
pub fn remove_redundant_phis(f: &mut Function, phis: &[Inst], scc: bool) -> u64 {
    let mut repl: Vec<Value> = (0..f.values.len() as u32).map(Value).collect();
    let mut removed = vec![false; f.insts.len()];
    let n = redundant_phis(f, phis, &mut repl, &mut removed, scc);
    if n > 0 {
        rewrite_function(f, &repl, &removed);
    }
    n
}

/// Drops the instructions marked in `removed` from the block lists and
/// maps every operand of the remaining instructions through `repl`.
fn rewrite_function(f: &mut Function, repl: &[Value], removed: &[bool]) {
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let mut insts = std::mem::take(&mut f.blocks[b.index()].insts);
        insts.retain(|i| !removed.get(i.index()).copied().unwrap_or(false));
        for &i in &insts {
            map_operands(&mut f.insts[i.index()].kind, |v| resolve(repl, v));
        }
        f.blocks[b.index()].insts = insts;
    }
}

/// Index of `p` in `preds` (the φ operand position of the edge `p → b`).
fn pred_pos(preds: &[Block], p: Block) -> Option<usize> {
    preds.iter().position(|&x| x == p)
}

/// SSA construction: promotes every stack slot whose address is used only
/// as the address of `load`s and `store`s of one type whose size is the
/// slot size (never stored as a value, passed to a call, compared, offset,
/// copied with `memcpy`…) to SSA values.
///
/// - φ placement: `DF⁺` of the blocks that store to the slot (Cytron),
///   keeping only blocks where the variable is live-in, i.e. reached
///   upward by a load not preceded by a store (pruned SSA, S2 2.4, 3.3).
/// - renaming: preorder walk of the dominator tree, one stack of reaching
///   values per variable (S3 slides 39–41, S2 Alg. 3.3).
/// - a load with no reaching store (reading an uninitialised C local,
///   undefined behaviour) reads `iconst 0` of its type, created once per
///   type at the start of the entry block; the same value is the ⊥ φ
///   operand of unreachable predecessors.
/// - loads in unreachable blocks read that same `iconst 0`.
/// - redundant φs are removed (T1/T2 and SCC rules, [`remove_redundant_phis`]).
/// - promoted loads, stores and `slot_addr`s are deleted, the promoted
///   slots are removed from `f.slots` and the remaining `slot_addr`s
///   renumbered.
///
/// A function whose entry block has predecessors is left unchanged (its
/// entry φs would have no value for the function entry; the front end
/// never produces such an entry).
///
/// Small structs and arrays with constant indices are first split into
/// one slot per field by [`split_aggregates`] (scalar replacement of
/// aggregates, [`super::sra`]), so their fields are promoted too.
///
/// Counters: "aggregates split", "fields created" (from
/// [`split_aggregates`]), "slots promoted", "phis inserted" (placed before
/// redundant-φ removal), "phis removed", "loads removed", "stores removed".
pub fn construct(f: &mut Function) -> Stats {
    let mut stats = Stats::default();
    if f.layout.is_empty() || f.slots.is_empty() {
        return stats;
    }
    let cfg = f.cfg();
    let Some(entry) = cfg.entry else {
        return stats;
    };
    if !cfg.preds[entry.index()].is_empty() {
        return stats;
    }
    stats.merge(&split_aggregates(f));
    let nslots = f.slots.len();
    let nvals = f.values.len();

    // 1. Which slots are promotable.
    let mut slot_of: Vec<u32> = vec![u32::MAX; nvals];
    for &b in &f.layout {
        for &i in &f.blocks[b.index()].insts {
            let d = &f.insts[i.index()];
            if let (InstKind::SlotAddr { slot }, Some(r)) = (&d.kind, d.result) {
                if slot.index() < nslots {
                    slot_of[r.index()] = slot.0;
                }
            }
        }
    }
    let mut ok = vec![true; nslots];
    let mut slot_ty: Vec<Option<Type>> = vec![None; nslots];
    let is_slot = |v: Value| slot_of.get(v.index()).copied().filter(|&s| s != u32::MAX);
    let access = |s: u32, ty: Type, ok: &mut [bool], slot_ty: &mut [Option<Type>]| {
        let s = s as usize;
        if ty.bytes() != f.slots[s].size || slot_ty[s].is_some_and(|t| t != ty) {
            ok[s] = false;
        }
        slot_ty[s] = Some(ty);
    };
    for &b in &f.layout {
        for &i in &f.blocks[b.index()].insts {
            match &f.insts[i.index()].kind {
                InstKind::Load { ty, addr } => {
                    if let Some(s) = is_slot(*addr) {
                        access(s, *ty, &mut ok, &mut slot_ty);
                    }
                }
                InstKind::Store { ty, addr, value } => {
                    if let Some(s) = is_slot(*value) {
                        ok[s as usize] = false;
                    }
                    if let Some(s) = is_slot(*addr) {
                        access(s, *ty, &mut ok, &mut slot_ty);
                    }
                }
                k => {
                    for v in k.operands() {
                        if let Some(s) = is_slot(v) {
                            ok[s as usize] = false;
                        }
                    }
                }
            }
        }
    }
    // variables
    let mut var_of_slot = vec![NONE; nslots];
    let mut var_ty: Vec<Type> = Vec::new();
    for s in 0..nslots {
        if ok[s] {
            var_of_slot[s] = var_ty.len();
            var_ty.push(slot_ty[s].unwrap_or(Type::I32));
        }
    }
    let nv = var_ty.len();
    if nv == 0 {
        return stats;
    }
    let var_of = |v: Value| -> usize {
        match slot_of.get(v.index()) {
            Some(&s) if s != u32::MAX => var_of_slot[s as usize],
            _ => NONE,
        }
    };

    // 2. Dominance.
    let dt = DomTree::new(entry, &cfg.succs);
    let dfs = DominanceFrontiers::new(&dt, &cfg.preds);
    let nb = f.blocks.len();

    // 3. Local facts: blocks storing each variable, blocks where a load
    //    of it is upward exposed.
    let mut def_blocks: Vec<Vec<Block>> = vec![Vec::new(); nv];
    let mut ue_blocks: Vec<Vec<Block>> = vec![Vec::new(); nv];
    let mut stored_in: Vec<Option<Block>> = vec![None; nv];
    let mut ue_in: Vec<Option<Block>> = vec![None; nv];
    for &b in dt.rpo() {
        for &i in &f.blocks[b.index()].insts {
            match &f.insts[i.index()].kind {
                InstKind::Load { addr, .. } => {
                    let v = var_of(*addr);
                    if v != NONE && stored_in[v] != Some(b) && ue_in[v] != Some(b) {
                        ue_in[v] = Some(b);
                        ue_blocks[v].push(b);
                    }
                }
                InstKind::Store { addr, .. } => {
                    let v = var_of(*addr);
                    if v != NONE && stored_in[v] != Some(b) {
                        stored_in[v] = Some(b);
                        def_blocks[v].push(b);
                    }
                }
                _ => {}
            }
        }
    }

    // 4. Pruned φ placement: per variable, live-in blocks by a backward
    //    walk from the upward-exposed loads stopping at storing blocks,
    //    then DF⁺ of the storing blocks filtered by liveness.
    let mut live_mark = vec![u32::MAX; nb];
    let mut def_mark = vec![u32::MAX; nb];
    let mut scratch = IdfScratch::default();
    let mut idf = Vec::new();
    let mut work = Vec::new();
    // φs of each block: (variable, instruction)
    let mut phis_at: Vec<Vec<(usize, Inst)>> = vec![Vec::new(); nb];
    let mut new_phis: Vec<Inst> = Vec::new();
    let sentinel = Value(u32::MAX);
    for v in 0..nv {
        if ue_blocks[v].is_empty() || def_blocks[v].is_empty() {
            continue;
        }
        let stamp = v as u32;
        for &b in &def_blocks[v] {
            def_mark[b.index()] = stamp;
        }
        work.clear();
        for &b in &ue_blocks[v] {
            live_mark[b.index()] = stamp;
            work.push(b);
        }
        while let Some(b) = work.pop() {
            for &p in &cfg.preds[b.index()] {
                if dt.is_reachable(p)
                    && live_mark[p.index()] != stamp
                    && def_mark[p.index()] != stamp
                {
                    live_mark[p.index()] = stamp;
                    work.push(p);
                }
            }
        }
        dfs.iterated_into(&def_blocks[v], &mut scratch, &mut idf);
        idf.sort_unstable();
        for &y in &idf {
            if live_mark[y.index()] != stamp {
                continue;
            }
            let incoming = cfg.preds[y.index()]
                .iter()
                .map(|&p| (p, sentinel))
                .collect();
            let (i, _) = f.new_inst(
                y,
                InstKind::Phi {
                    ty: var_ty[v],
                    incoming,
                },
            );
            phis_at[y.index()].push((v, i));
            new_phis.push(i);
        }
    }
    stats.add("phis inserted", new_phis.len() as u64);

    // 5. Renaming over the dominator tree.
    let mut undefs = Undefs::default();
    let mut repl: Vec<Value> = (0..f.values.len() as u32).map(Value).collect();
    let mut removed = vec![false; f.insts.len()];
    let mut stacks: Vec<Vec<Value>> = vec![Vec::new(); nv];
    let mut undo: Vec<usize> = Vec::new();
    let (mut loads, mut stores) = (0u64, 0u64);
    // (block, next child, undo length at entry)
    let mut walk: Vec<(Block, usize, usize)> = Vec::new();
    let mut enter = |b: Block,
                     f: &mut Function,
                     undefs: &mut Undefs,
                     repl: &mut Vec<Value>,
                     removed: &mut Vec<bool>,
                     stacks: &mut Vec<Vec<Value>>,
                     undo: &mut Vec<usize>| {
        for &(v, i) in &phis_at[b.index()] {
            let r = f.insts[i.index()].result.expect("phi result");
            stacks[v].push(r);
            undo.push(v);
        }
        for k in 0..f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            let d = &f.insts[i.index()];
            match d.kind {
                InstKind::Load { ty, addr } => {
                    let v = var_of(addr);
                    if v == NONE {
                        continue;
                    }
                    let r = d.result.expect("load result");
                    let val = match stacks[v].last() {
                        Some(&x) => x,
                        None => undefs.get(f, entry, ty),
                    };
                    if repl.len() < f.values.len() {
                        repl.extend((repl.len() as u32..f.values.len() as u32).map(Value));
                    }
                    repl[r.index()] = val;
                    removed[i.index()] = true;
                    loads += 1;
                }
                InstKind::Store { addr, value, .. } => {
                    let v = var_of(addr);
                    if v == NONE {
                        continue;
                    }
                    stacks[v].push(resolve(repl, value));
                    undo.push(v);
                    removed[i.index()] = true;
                    stores += 1;
                }
                InstKind::SlotAddr { slot }
                    if slot.index() < nslots && var_of_slot[slot.index()] != NONE =>
                {
                    removed[i.index()] = true;
                }
                _ => {}
            }
        }
        for &s in &cfg.succs[b.index()] {
            let Some(pos) = pred_pos(&cfg.preds[s.index()], b) else {
                continue;
            };
            for &(v, i) in &phis_at[s.index()] {
                let val = match stacks[v].last() {
                    Some(&x) => x,
                    None => undefs.get(f, entry, var_ty[v]),
                };
                if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
                    incoming[pos].1 = val;
                }
            }
        }
    };
    enter(
        entry,
        f,
        &mut undefs,
        &mut repl,
        &mut removed,
        &mut stacks,
        &mut undo,
    );
    walk.push((entry, 0, 0));
    while let Some(top) = walk.last_mut() {
        let (b, k, _) = *top;
        if let Some(&c) = dt.children(b).get(k) {
            top.1 += 1;
            let mark = undo.len();
            enter(
                c,
                f,
                &mut undefs,
                &mut repl,
                &mut removed,
                &mut stacks,
                &mut undo,
            );
            walk.push((c, 0, mark));
        } else {
            let (_, _, mark) = walk.pop().expect("walk is not empty");
            while undo.len() > mark {
                let v = undo.pop().expect("undo is longer than mark");
                stacks[v].pop();
            }
        }
    }

    // 6. Unreachable blocks: loads read ⊥, stores vanish.
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        if dt.is_reachable(b) {
            continue;
        }
        for k in 0..f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            let d = &f.insts[i.index()];
            match d.kind {
                InstKind::Load { ty, addr } if var_of(addr) != NONE => {
                    let r = d.result.expect("load result");
                    let u = undefs.get(f, entry, ty);
                    repl[r.index()] = u;
                    removed[i.index()] = true;
                    loads += 1;
                }
                InstKind::Store { addr, .. } if var_of(addr) != NONE => {
                    removed[i.index()] = true;
                    stores += 1;
                }
                InstKind::SlotAddr { slot }
                    if slot.index() < nslots && var_of_slot[slot.index()] != NONE =>
                {
                    removed[i.index()] = true;
                }
                _ => {}
            }
        }
    }
    // φ operands from unreachable predecessors
    for &i in &new_phis {
        let ty = f.value_type(f.insts[i.index()].result.expect("phi result"));
        let needs = matches!(&f.insts[i.index()].kind,
            InstKind::Phi { incoming, .. } if incoming.iter().any(|x| x.1 == sentinel));
        if needs {
            let u = undefs.get(f, entry, ty);
            if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
                for x in incoming.iter_mut().filter(|x| x.1 == sentinel) {
                    x.1 = u;
                }
            }
        }
    }
    repl.extend((repl.len() as u32..f.values.len() as u32).map(Value));
    removed.resize(f.insts.len(), false);

    // 7. Redundant φs.
    let gone = redundant_phis(f, &new_phis, &mut repl, &mut removed, true);
    stats.add("phis removed", gone);

    // 8. Block lists: φs first (the block's own, then the new ones), the
    //    ⊥ constants after the entry's φs, then the rest; operands mapped.
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let old = std::mem::take(&mut f.blocks[b.index()].insts);
        let nphi = old
            .iter()
            .take_while(|i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
            .count();
        let mut insts = Vec::with_capacity(old.len() + phis_at[b.index()].len());
        insts.extend_from_slice(&old[..nphi]);
        insts.extend(phis_at[b.index()].iter().map(|x| x.1));
        if b == entry {
            insts.extend_from_slice(&undefs.insts);
        }
        insts.extend_from_slice(&old[nphi..]);
        insts.retain(|i| !removed[i.index()]);
        for &i in &insts {
            map_operands(&mut f.insts[i.index()].kind, |v| resolve(&repl, v));
        }
        f.blocks[b.index()].insts = insts;
    }

    // 9. Delete the promoted slots, renumber the others. Deleted
    //    `slot_addr`s (no longer in any block) become `iconst 0` so no
    //    instruction names a missing slot.
    let mut new_index = vec![u32::MAX; nslots];
    let mut kept = Vec::new();
    for s in 0..nslots {
        if var_of_slot[s] == NONE {
            new_index[s] = kept.len() as u32;
            kept.push(f.slots[s]);
        }
    }
    f.slots = kept;
    for d in &mut f.insts {
        if let InstKind::SlotAddr { slot } = d.kind {
            match new_index.get(slot.index()) {
                Some(&n) if n != u32::MAX => d.kind = InstKind::SlotAddr { slot: StackSlot(n) },
                _ => {
                    d.kind = InstKind::Iconst {
                        ty: Type::I32,
                        imm: 0,
                    }
                }
            }
        }
    }
    stats.add("slots promoted", nv as u64);
    stats.add("loads removed", loads);
    stats.add("stores removed", stores);
    stats
}

/// SSA repair (S2 5, Alg. 5.1, DF-based variant; SSA book ch. 5): `defs`
/// are several values of one type that are versions of one variable (the
/// original definition and the new ones, e.g. spill reloads). Every use of
/// any of them in a reachable block is rewritten to read the version that
/// reaches it; φs are created on demand, only at blocks of `DF⁺` of the
/// definitions' blocks that a use needs (`FindDefFromTop` creates the φ
/// and records it as the block's definition before looking up its
/// operands, so loops terminate). A use reached by no definition reads
/// `iconst 0`. Returns the new φ results (trivially redundant ones already
/// removed).
pub fn repair(f: &mut Function, defs: &[Value]) -> Vec<Value> {
    repair_many(f, &[defs.to_vec()])
}

/// [`repair`] for several variables at once (each a list of versions, no
/// value in two lists): the dominator tree and frontiers are computed and
/// the function scanned once for all of them (φs do not change the CFG).
/// Returns the new φ results of every variable.
pub fn repair_many(f: &mut Function, vars: &[Vec<Value>]) -> Vec<Value> {
    if vars.iter().all(|d| d.is_empty()) || f.layout.is_empty() {
        return Vec::new();
    }
    let cfg = f.cfg();
    let Some(entry) = cfg.entry else {
        return Vec::new();
    };
    let dt = DomTree::new(entry, &cfg.succs);
    repair_many_with(f, vars, &cfg, &dt, |_| true)
}

/// [`repair_many`] given the function's CFG ([`Function::cfg`]) and its
/// dominator tree, for a caller that has them already, and a promise:
/// `scan(b)` is false only for reachable blocks `b` where no instruction
/// reads any of the versions (a φ of `b` counts as reading an operand in
/// `b`). Those blocks are not scanned for uses; the result is the same as
/// [`repair_many`]'s, at a cost proportional to the scanned blocks (loop
/// rotation scans only the blocks its new guard block dominates, where the
/// uses of the loop header's values are).
pub(crate) fn repair_many_with(
    f: &mut Function,
    vars: &[Vec<Value>],
    cfg: &Cfg<Block>,
    dt: &DomTree<Block>,
    scan: impl Fn(Block) -> bool,
) -> Vec<Value> {
    let vars: Vec<&Vec<Value>> = vars.iter().filter(|d| !d.is_empty()).collect();
    if vars.is_empty() || f.layout.is_empty() {
        return Vec::new();
    }
    let Some(entry) = cfg.entry else {
        return Vec::new();
    };
    let dfs = DominanceFrontiers::new(dt, &cfg.preds);
    let nb = f.blocks.len();
    // the variable each version belongs to
    const NO_VAR: u32 = u32::MAX;
    let mut var_of = vec![NO_VAR; f.values.len()];
    for (j, defs) in vars.iter().enumerate() {
        for &d in defs.iter() {
            var_of[d.index()] = j as u32;
        }
    }
    // per variable: definitions per block, by position (0 = block entry,
    // k+1 = after the k-th instruction), in order; the blocks needing a φ
    // (definitions per block by position, φ needed per block, type)
    type VarFacts = (Vec<Vec<(usize, Value)>>, Vec<bool>, Type);
    let mut per_var: Vec<VarFacts> = Vec::new();
    let (mut scratch, mut idf) = (IdfScratch::default(), Vec::new());
    for defs in &vars {
        let mut defs_in: Vec<Vec<(usize, Value)>> = vec![Vec::new(); nb];
        let mut def_blocks = Vec::new();
        for &d in defs.iter() {
            let (b, pos) = match f.values[d.index()].def {
                ValueDef::Param(_) => (entry, 0),
                ValueDef::Inst(i) => {
                    let b = f.insts[i.index()].block;
                    match f.blocks[b.index()].insts.iter().position(|&x| x == i) {
                        Some(k) => (b, k + 1),
                        None => continue,
                    }
                }
            };
            if !dt.is_reachable(b) {
                continue;
            }
            defs_in[b.index()].push((pos, d));
            def_blocks.push(b);
        }
        for l in &mut defs_in {
            l.sort_unstable_by_key(|x| x.0);
        }
        let mut in_idf = vec![false; nb];
        dfs.iterated_into(&def_blocks, &mut scratch, &mut idf);
        for y in &idf {
            in_idf[y.index()] = true;
        }
        per_var.push((defs_in, in_idf, f.value_type(defs[0])));
    }

    struct Ctx<'a> {
        cfg: &'a Cfg<Block>,
        dt: &'a DomTree<Block>,
        entry: Block,
        in_idf: Vec<bool>,
        defs_in: Vec<Vec<(usize, Value)>>,
        top: Vec<Option<Value>>,
        ty: Type,
        undefs: Undefs,
        phis: Vec<(Block, Inst)>,
    }
    impl Ctx<'_> {
        fn def_from_bottom(&mut self, f: &mut Function, b: Block) -> Value {
            match self.defs_in[b.index()].last() {
                Some(&(_, v)) => v,
                None => self.def_from_top(f, b),
            }
        }
        fn def_from_top(&mut self, f: &mut Function, b: Block) -> Value {
            // climb the dominator tree to a block that has a definition,
            // needs a φ, or is already known
            let mut path = Vec::new();
            let mut x = b;
            let val = loop {
                if let Some(v) = self.top[x.index()] {
                    break v;
                }
                if self.in_idf[x.index()] {
                    break self.make_phi(f, x);
                }
                path.push(x);
                match self.dt.idom(x) {
                    Some(d) => match self.defs_in[d.index()].last() {
                        Some(&(_, v)) => break v,
                        None => x = d,
                    },
                    None => break self.undefs.get(f, self.entry, self.ty),
                }
            };
            for p in path {
                self.top[p.index()] = Some(val);
            }
            val
        }
        fn make_phi(&mut self, f: &mut Function, b: Block) -> Value {
            let incoming = self.cfg.preds[b.index()]
                .iter()
                .map(|&p| (p, Value(u32::MAX)))
                .collect();
            let (i, r) = f.new_inst(
                b,
                InstKind::Phi {
                    ty: self.ty,
                    incoming,
                },
            );
            let r = r.expect("phi result");
            self.top[b.index()] = Some(r);
            self.defs_in[b.index()].insert(0, (0, r));
            self.phis.push((b, i));
            let preds = self.cfg.preds[b.index()].clone();
            for (k, p) in preds.into_iter().enumerate() {
                let v = if self.dt.is_reachable(p) {
                    self.def_from_bottom(f, p)
                } else {
                    self.undefs.get(f, self.entry, self.ty)
                };
                if let InstKind::Phi { incoming, .. } = &mut f.insts[i.index()].kind {
                    incoming[k].1 = v;
                }
            }
            r
        }
    }
    let mut cxs: Vec<Ctx> = per_var
        .into_iter()
        .map(|(defs_in, in_idf, ty)| Ctx {
            cfg,
            dt,
            entry,
            in_idf,
            defs_in,
            top: vec![None; nb],
            ty,
            undefs: Undefs::default(),
            phis: Vec::new(),
        })
        .collect();
    let var = |v: Value| match var_of.get(v.index()) {
        Some(&j) if j != NO_VAR => Some(j as usize),
        _ => None,
    };
    // uses, then their reaching definitions
    let mut rewrites: Vec<(Inst, usize, Value)> = Vec::new();
    for &b in dt.rpo() {
        if !scan(b) {
            continue;
        }
        for k in 0..f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[k];
            let ops = f.insts[i.index()].kind.operands();
            if ops.iter().all(|&v| var(v).is_none()) {
                continue;
            }
            let kind = f.insts[i.index()].kind.clone();
            match &kind {
                InstKind::Phi { incoming, .. } => {
                    for (n, &(p, v)) in incoming.iter().enumerate() {
                        if let (Some(j), true) = (var(v), dt.is_reachable(p)) {
                            let r = cxs[j].def_from_bottom(f, p);
                            rewrites.push((i, n, r));
                        }
                    }
                }
                k2 => {
                    for (n, v) in k2.operands().into_iter().enumerate() {
                        let Some(j) = var(v) else { continue };
                        let cx = &mut cxs[j];
                        let r = match cx.defs_in[b.index()].iter().rev().find(|x| x.0 <= k) {
                            Some(&(_, d)) => d,
                            None => cx.def_from_top(f, b),
                        };
                        rewrites.push((i, n, r));
                    }
                }
            }
        }
    }
    for (i, n, r) in rewrites {
        let mut k = 0;
        map_operands(&mut f.insts[i.index()].kind, |v| {
            let out = if k == n { r } else { v };
            k += 1;
            out
        });
    }
    // place the φs and the ⊥ constants
    let mut phis: Vec<Inst> = Vec::new();
    for cx in &cxs {
        for &(b, i) in &cx.phis {
            f.blocks[b.index()].insts.insert(0, i);
        }
        if !cx.undefs.insts.is_empty() {
            let e = entry.index();
            let nphi = f.blocks[e]
                .insts
                .iter()
                .take_while(|i| matches!(f.insts[i.index()].kind, InstKind::Phi { .. }))
                .count();
            for (k, &i) in cx.undefs.insts.iter().enumerate() {
                f.blocks[e].insts.insert(nphi + k, i);
            }
        }
        phis.extend(cx.phis.iter().map(|x| x.1));
    }
    remove_redundant_phis(f, &phis, false);
    phis.iter()
        .filter(|i| {
            let b = f.insts[i.index()].block;
            f.blocks[b.index()].insts.contains(i)
        })
        .filter_map(|i| f.insts[i.index()].result)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::RunOptions;
    use crate::ir::{parse_module, verify_function, Module};
    use crate::opt::testutil::{func, run_on_all};

    fn module(t: &str) -> Module {
        let m = parse_module(t).expect("test IR parses");
        for f in &m.functions {
            verify_function(f).expect("test IR verifies");
        }
        m
    }

    fn run(m: &Module) -> (Vec<u8>, i32) {
        let r = crate::driver::run(
            m,
            &RunOptions {
                max_steps: Some(1_000_000),
                args: vec![],
            },
        )
        .expect("program runs");
        (r.stdout, r.exit_code)
    }

    fn construct_all(m: &mut Module) -> Stats {
        run_on_all(m, construct)
    }

    /// Block of `f` by layout position.
    fn insts(f: &Function, b: usize) -> Vec<&crate::ir::InstData> {
        f.blocks[f.layout[b].index()]
            .insts
            .iter()
            .map(|i| &f.insts[i.index()])
            .collect()
    }

    /// The φs of layout block `b`: (result, incoming).
    fn phis(f: &Function, b: usize) -> Vec<(Value, Vec<(Block, Value)>)> {
        insts(f, b)
            .into_iter()
            .filter_map(|d| match &d.kind {
                InstKind::Phi { incoming, .. } => Some((d.result.unwrap(), incoming.clone())),
                _ => None,
            })
            .collect()
    }

    fn incoming_from(inc: &[(Block, Value)], b: u32) -> Value {
        inc.iter().find(|x| x.0 == Block(b)).expect("edge").1
    }

    fn no_memory_ops(f: &Function) -> bool {
        f.layout.iter().all(|b| {
            f.blocks[b.index()].insts.iter().all(|i| {
                !matches!(
                    f.insts[i.index()].kind,
                    InstKind::Load { .. } | InstKind::Store { .. } | InstKind::SlotAddr { .. }
                )
            })
        })
    }

    fn is_iconst0_in_entry(f: &Function, v: Value) -> bool {
        match f.values[v.index()].def {
            ValueDef::Inst(i) => {
                f.insts[i.index()].block == f.layout[0]
                    && matches!(f.insts[i.index()].kind, InstKind::Iconst { imm: 0, .. })
            }
            ValueDef::Param(_) => false,
        }
    }

    // SSA book 3.1, Fig. 3.1–3.4, Table 3.1, example T01 (S2 3.1, Fig. 3.1–3.4): x, y, tmp in slots 0–2.
    // Blocks r=0, A=1, B=2, C=3, D=4, E=5.
    const T01: &str = "
func @t01(i32 %c1, i32 %c2, i32 %c3) -> i32 {
  slot0 size 4 align 4
  slot1 size 4 align 4
  slot2 size 4 align 4
r:
  %x = slot_addr slot0
  %y = slot_addr slot1
  %t = slot_addr slot2
  jump A
A:
  br %c1, B, C
B:
  %zy = iconst.i32 0
  store.i32 %y, %zy
  %zx = iconst.i32 0
  store.i32 %x, %zx
  jump D
C:
  %cx = load.i32 %x
  store.i32 %t, %cx
  %cy = load.i32 %y
  store.i32 %x, %cy
  %ct = load.i32 %t
  store.i32 %y, %ct
  br %c2, D, E
D:
  %dx = load.i32 %x
  %dy = load.i32 %y
  %r = call.i32 @f(%dx, %dy)
  store.i32 %x, %r
  br %c3, E, A
E:
  %ex = load.i32 %x
  ret %ex
}
";

    #[test]
    fn t01_cytron_construction() {
        let mut m = module(T01);
        let s = construct_all(&mut m);
        let f = &m.functions[0];
        assert!(f.slots.is_empty());
        assert!(no_memory_ops(f));
        assert_eq!(s.get("slots promoted"), 3);
        // pruned: x at A, D, E; y at A, D (the y φ of E is dead); none
        // for tmp (local to C)
        let (pa, pd, pe) = (phis(f, 1), phis(f, 4), phis(f, 5));
        assert_eq!((pa.len(), pd.len(), pe.len()), (2, 2, 1));
        for b in [0, 2, 3] {
            assert!(phis(f, b).is_empty());
        }
        // B: y2 = 0 (first iconst), x2 = 0 (second)
        let b_consts: Vec<Value> = insts(f, 2).iter().filter_map(|d| d.result).collect();
        let (y2, x2) = (b_consts[0], b_consts[1]);
        // D: x5 = call f(x4, y4)
        let call = insts(f, 4)
            .into_iter()
            .find(|d| matches!(d.kind, InstKind::Call { .. }))
            .unwrap();
        let InstKind::Call { args, .. } = &call.kind else {
            unreachable!()
        };
        let (x4, y4, x5) = (args[0], args[1], call.result.unwrap());
        let find = |ps: &[(Value, Vec<(Block, Value)>)], v: Value| {
            ps.iter().find(|p| p.0 == v).expect("phi").1.clone()
        };
        let x4i = find(&pd, x4);
        let y4i = find(&pd, y4);
        assert_eq!(incoming_from(&x4i, 2), x2);
        assert_eq!(incoming_from(&y4i, 2), y2);
        // A: x1 = φ(r: ⊥, D: x5), y1 = φ(r: ⊥, D: y4)
        let x1 = pa.iter().find(|p| incoming_from(&p.1, 4) == x5).unwrap();
        let y1 = pa.iter().find(|p| incoming_from(&p.1, 4) == y4).unwrap();
        assert!(is_iconst0_in_entry(f, incoming_from(&x1.1, 0)));
        assert!(is_iconst0_in_entry(f, incoming_from(&y1.1, 0)));
        // C: tmp1 = x1; x3 = y1; y3 = tmp1
        assert_eq!(incoming_from(&x4i, 3), y1.0);
        assert_eq!(incoming_from(&y4i, 3), x1.0);
        // E: x6 = φ(C: x3, D: x5); ret x6
        let (x6, x6i) = &pe[0];
        assert_eq!(incoming_from(x6i, 3), y1.0);
        assert_eq!(incoming_from(x6i, 4), x5);
        let ret = insts(f, 5).last().unwrap().kind.clone();
        assert_eq!(ret, InstKind::Ret { value: Some(*x6) });
        assert_eq!(s.get("phis inserted"), 5);
        assert_eq!(s.get("phis removed"), 0);
    }

    // SSA lecture slides slides 37–41, example T04 (S3 slides 37–41), completed with a `main` so the
    // interpreter can run it before and after. Blocks B1..B5 = 0..4.
    // (The stack contents while renaming are internal, not checked.)
    const T04: &str = "
func @t04(i32 %c, i32 %d) -> i32 {
  slot0 size 4 align 4
B1:
  %a = slot_addr slot0
  %one = iconst.i32 1
  store.i32 %a, %one
  jump B2
B2:
  br %c, B3, B4
B3:
  %two = iconst.i32 2
  store.i32 %a, %two
  jump B4
B4:
  br %d, B2, B5
B5:
  %r = load.i32 %a
  ret %r
}

func @main() -> i32 {
m:
  %k1 = iconst.i32 1
  %k0 = iconst.i32 0
  %u = call.i32 @t04(%k1, %k0)
  %v = call.i32 @t04(%k0, %k0)
  %k10 = iconst.i32 10
  %w = mul.i32 %u, %k10
  %s = add.i32 %w, %v
  ret %s
}
";

    #[test]
    fn t04_loop_phi_placement_and_renaming() {
        let mut m = module(T04);
        let f0 = func(&m, "t04");
        let cfg = f0.cfg();
        let dt = DomTree::new(cfg.entry, &cfg.succs);
        let df = DominanceFrontiers::new(&dt, &cfg.preds);
        assert_eq!(df.frontier(Block(2)), &[Block(3)]); // DF(B3) = {B4}
        assert_eq!(df.frontier(Block(3)), &[Block(1)]); // DF(B4) = {B2}
        let before = run(&m);
        assert_eq!(before.1, 21); // by hand: t04(1,0) = 2, t04(0,0) = 1
        let s = construct_all(&mut m);
        assert_eq!(run(&m), before);
        assert_eq!(s.get("phis inserted"), 2);
        let f = func(&m, "t04");
        let a1 = insts(f, 0)[0].result.unwrap(); // iconst 1
        let a3 = insts(f, 2)[0].result.unwrap(); // iconst 2
        let p2 = phis(f, 1);
        let p4 = phis(f, 3);
        assert_eq!((p2.len(), p4.len()), (1, 1));
        let (a2, a4) = (p2[0].0, p4[0].0);
        assert_eq!(incoming_from(&p2[0].1, 0), a1);
        assert_eq!(incoming_from(&p2[0].1, 3), a4);
        assert_eq!(incoming_from(&p4[0].1, 1), a2);
        assert_eq!(incoming_from(&p4[0].1, 2), a3);
        assert_eq!(
            insts(f, 4).last().unwrap().kind,
            InstKind::Ret { value: Some(a4) }
        );
    }

    // SSA lecture slides slide 25, example T07 (S3 slide 25; S2 3.3): pruned SSA has no φ for b; the
    // φ for c keeps a ⊥ operand (our `iconst 0`). Completed with N = 100;
    // by hand: (b, c, a) = (1,1,2), (3,4,6), (7,11,14), (15,26,30),
    // (31,57,62), (63,120,126), so main returns 120 (the uninitialised c
    // reads 0 in the interpreter's fresh stack, and 0 after promotion).
    const T07: &str = "
func @main() -> i32 {
  slot0 size 4 align 4
  slot1 size 4 align 4
  slot2 size 4 align 4
B0:
  %a = slot_addr slot0
  %b = slot_addr slot1
  %c = slot_addr slot2
  %z = iconst.i32 0
  store.i32 %a, %z
  jump L
L:
  %a1 = load.i32 %a
  %k1 = iconst.i32 1
  %b1 = add.i32 %a1, %k1
  store.i32 %b, %b1
  %c1 = load.i32 %c
  %b2 = load.i32 %b
  %c2 = add.i32 %c1, %b2
  store.i32 %c, %c2
  %b3 = load.i32 %b
  %k2 = iconst.i32 2
  %a2 = mul.i32 %b3, %k2
  store.i32 %a, %a2
  %a3 = load.i32 %a
  %n = iconst.i32 100
  %p = icmp.slt.i32 %a3, %n
  br %p, L, X
X:
  %r = load.i32 %c
  ret %r
}
";

    #[test]
    fn t07_pruned_no_phi_for_b_and_bottom_for_c() {
        let mut m = module(T07);
        assert_eq!(run(&m).1, 120);
        construct_all(&mut m);
        assert_eq!(run(&m).1, 120);
        let f = &m.functions[0];
        let p = phis(f, 1);
        assert_eq!(p.len(), 2);
        let mul = insts(f, 1)
            .into_iter()
            .find(|d| {
                matches!(
                    d.kind,
                    InstKind::Binary {
                        op: crate::ir::BinaryOp::Mul,
                        ..
                    }
                )
            })
            .unwrap()
            .result
            .unwrap();
        let a_phi = p.iter().find(|x| incoming_from(&x.1, 1) == mul).unwrap();
        let c_phi = p.iter().find(|x| incoming_from(&x.1, 1) != mul).unwrap();
        // a: from B0 the stored 0 (%z, the first instruction left in B0
        // after the ⊥ constant); c: ⊥
        assert!(!is_iconst0_in_entry(f, incoming_from(&c_phi.1, 1)));
        assert!(is_iconst0_in_entry(f, incoming_from(&c_phi.1, 0)));
        let za = incoming_from(&a_phi.1, 0);
        assert!(matches!(
            f.insts[match f.values[za.index()].def {
                ValueDef::Inst(i) => i.index(),
                _ => unreachable!(),
            }]
            .kind,
            InstKind::Iconst { imm: 0, .. }
        ));
    }

    const IN_G: &str = "
func @in() -> i32 {
e:
  %k = iconst.i32 7
  ret %k
}

func @g() {
e:
  ret
}
";

    // SSA book 3.3.1 Alg. 3.8, 5.3, example T08 (S2 3.3.1, 5.3): Cytron places no φ for x
    // (DF⁺({A}) = ∅); the branch conditions are constants so the program
    // runs (A B C D F E, returns in() = 7).
    #[test]
    fn t08_cytron_gives_no_phi() {
        let t = format!(
            "{IN_G}
func @main() -> i32 {{
  slot0 size 4 align 4
A:
  %x = slot_addr slot0
  %v = call.i32 @in()
  store.i32 %x, %v
  %p = iconst.i32 0
  jump B
B:
  jump C
C:
  jump D
D:
  br %p, C, F
F:
  br %p, B, E
E:
  %r = load.i32 %x
  ret %r
}}
"
        );
        let mut m = module(&t);
        assert_eq!(run(&m).1, 7);
        let s = construct_all(&mut m);
        assert_eq!(run(&m).1, 7);
        assert_eq!(s.get("phis inserted"), 0);
        let f = func(&m, "main");
        let v = insts(f, 0)
            .iter()
            .find(|d| matches!(d.kind, InstKind::Call { .. }))
            .unwrap()
            .result;
        assert_eq!(insts(f, 5).last().unwrap().kind, InstKind::Ret { value: v });
    }

    // SSA book 3.3.1 Alg. 3.8, 5.3, example T08, pessimistic form: T1/T2 delete x2 then x1, for
    // either queue order; E returns x0.
    #[test]
    fn t08_trivial_phi_rule_removes_pessimistic_phis() {
        let t = format!(
            "{IN_G}
func @t08(i32 %p, i32 %q) -> i32 {{
A:
  %x0 = call.i32 @in()
  jump B
B:
  %x1 = phi.i32 [A: %x0], [F: %x2]
  jump C
C:
  %x2 = phi.i32 [B: %x1], [D: %x2]
  jump D
D:
  br %p, C, F
F:
  br %q, B, E
E:
  ret %x2
}}
"
        );
        for reverse in [false, true] {
            let mut m = module(&t);
            let f = m.functions.iter_mut().find(|f| f.name == "t08").unwrap();
            let mut ph: Vec<Inst> = [1, 2]
                .iter()
                .map(|&b| f.blocks[f.layout[b].index()].insts[0])
                .collect();
            if reverse {
                ph.reverse();
            }
            assert_eq!(remove_redundant_phis(f, &ph, false), 2);
            verify_function(f).unwrap();
            let x0 = insts(f, 0)[0].result;
            assert!(phis(f, 1).is_empty() && phis(f, 2).is_empty());
            assert_eq!(insts(f, 5)[0].kind, InstKind::Ret { value: x0 });
        }
    }

    // Example T09 (SSA book §5.3, Fig. 5.3): the T1/T2 rule removes none of
    // the three φs; the SCC rule removes all three; Cytron places none.
    #[test]
    fn t09_irreducible_scc_rule() {
        let t = format!(
            "{IN_G}
func @t09(i32 %p, i32 %q, i32 %s) -> i32 {{
E0:
  %x0 = call.i32 @in()
  br %p, L, R
L:
  %xL = phi.i32 [E0: %x0], [R: %xR]
  br %q, R, X
R:
  %xR = phi.i32 [E0: %x0], [L: %xL]
  br %s, L, X
X:
  %xX = phi.i32 [L: %xL], [R: %xR]
  ret %xX
}}
"
        );
        let mut m = module(&t);
        let f = m.functions.iter_mut().find(|f| f.name == "t09").unwrap();
        let ph: Vec<Inst> = [1, 2, 3]
            .iter()
            .map(|&b| f.blocks[f.layout[b].index()].insts[0])
            .collect();
        assert_eq!(remove_redundant_phis(f, &ph, false), 0);
        assert_eq!(remove_redundant_phis(f, &ph, true), 3);
        verify_function(f).unwrap();
        let x0 = insts(f, 0)[0].result;
        assert_eq!(insts(f, 3)[0].kind, InstKind::Ret { value: x0 });

        // slot form: Cytron gives no φ (DF⁺({E0}) = ∅)
        let t = format!(
            "{IN_G}
func @main() -> i32 {{
  slot0 size 4 align 4
E0:
  %x = slot_addr slot0
  %v = call.i32 @in()
  store.i32 %x, %v
  %p = iconst.i32 1
  %q = iconst.i32 1
  %s = iconst.i32 0
  br %p, L, R
L:
  br %q, R, X
R:
  br %s, L, X
X:
  %r = load.i32 %x
  ret %r
}}
"
        );
        let mut m = module(&t);
        assert_eq!(run(&m).1, 7);
        let s = construct_all(&mut m);
        assert_eq!(s.get("phis inserted"), 0);
        assert_eq!(run(&m).1, 7);
    }

    // SSA book 5, Fig. 5.1, example T10 (S2 5, Fig. 5.1): after spilling x0 around the call
    // in B2, the reload x1 is a second definition; repair puts
    // x2 = φ(B1: x0, B2: x1) in B3, z reads x2, B1 and the spill store
    // still read x0. The program takes B2 (in() = 7 ≠ 5) and returns 9.
    #[test]
    fn t10_repair_after_spill() {
        let t = format!(
            "{IN_G}
func @main() -> i32 {{
  slot0 size 4 align 4
B0:
  %x0 = call.i32 @in()
  %X = slot_addr slot0
  %k = iconst.i32 5
  %c = icmp.eq.i32 %x0, %k
  br %c, B1, B2
B1:
  %one = iconst.i32 1
  %y = add.i32 %x0, %one
  jump B3
B2:
  store.i32 %X, %x0
  call @g()
  %x1 = load.i32 %X
  jump B3
B3:
  %two = iconst.i32 2
  %z = add.i32 %x0, %two
  ret %z
}}
"
        );
        let mut m = module(&t);
        assert_eq!(run(&m).1, 9);
        let f = m.functions.iter_mut().find(|f| f.name == "main").unwrap();
        let x0 = insts(f, 0)[0].result.unwrap();
        let x1 = insts(f, 2)[2].result.unwrap();
        let new = repair(f, &[x0, x1]);
        verify_function(f).unwrap();
        assert_eq!(new.len(), 1);
        let p = phis(f, 3);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].0, new[0]);
        assert_eq!(incoming_from(&p[0].1, 1), x0);
        assert_eq!(incoming_from(&p[0].1, 2), x1);
        let z = insts(f, 3)[2].kind.clone();
        assert!(matches!(z, InstKind::Binary { args, .. } if args[0] == new[0]));
        assert!(matches!(insts(f, 1)[1].kind, InstKind::Binary { args, .. } if args[0] == x0));
        assert!(matches!(insts(f, 2)[0].kind, InstKind::Store { value, .. } if value == x0));
        assert_eq!(run(&m).1, 9);
    }

    // SSA book 2.3, 2.6, Fig. 2.2a, example T11 (non-strict liveness and interference) is tested
    // with `analysis::live_and_defined`, in analysis.rs.

    /// Slots whose address escapes, or that are accessed with two
    /// overlapping types, stay in memory; the others are promoted and the
    /// kept slots renumbered. An 8-byte slot accessed only as one `i32` at
    /// offset 0 is split (`sra`) into a 4-byte field, then promoted.
    #[test]
    fn escaping_and_mistyped_slots_are_kept() {
        let t = "
func @main() -> i32 {
  slot0 size 4 align 4
  slot1 size 4 align 4
  slot2 size 8 align 4
  slot3 size 4 align 4
  slot4 size 4 align 4
e:
  %a = slot_addr slot0
  %b = slot_addr slot1
  %c = slot_addr slot2
  %d = slot_addr slot3
  %p = slot_addr slot4
  %k = iconst.i32 3
  store.i32 %a, %k
  store.i32 %b, %k
  store.i32 %c, %k
  store.i32 %p, %d
  %k8 = iconst.i8 1
  store.i8 %d, %k8
  %x = load.i32 %a
  %y = load.i32 %b
  %pp = load.i32 %p
  %dd = load.i32 %pp
  %s = add.i32 %x, %y
  %s2 = add.i32 %s, %dd
  ret %s2
}
";
        let mut m = module(t);
        let want = run(&m);
        let s = construct_all(&mut m);
        assert_eq!(run(&m), want);
        // promoted: slot0, slot1 (i32 in 4 bytes), slot4 (holds an
        // address but its own address never escapes), the i32 field of
        // slot2 (i32 in 8 bytes: split into one field); kept: slot3
        // (address stored, mixed i8/i32)
        assert_eq!(s.get("aggregates split"), 1);
        assert_eq!(s.get("fields created"), 1);
        assert_eq!(s.get("slots promoted"), 4);
        let f = &m.functions[0];
        assert_eq!(f.slots.len(), 1);
        assert_eq!(f.slots[0].size, 4);
        let kept: Vec<u32> = insts(f, 0)
            .iter()
            .filter_map(|d| match d.kind {
                InstKind::SlotAddr { slot } => Some(slot.0),
                _ => None,
            })
            .collect();
        assert_eq!(kept, vec![0]);
    }

    /// Loads in unreachable blocks read ⊥; a φ at a join with an
    /// unreachable predecessor gets ⊥ on that edge (hand derivation).
    #[test]
    fn unreachable_blocks() {
        let t = "
func @main() -> i32 {
  slot0 size 4 align 4
e:
  %a = slot_addr slot0
  %one = iconst.i32 1
  store.i32 %a, %one
  %c = iconst.i32 1
  br %c, l, r
l:
  %two = iconst.i32 2
  store.i32 %a, %two
  jump j
r:
  jump j
dead:
  %u = load.i32 %a
  store.i32 %a, %u
  jump j
j:
  %v = load.i32 %a
  ret %v
}
";
        let mut m = module(t);
        assert_eq!(run(&m).1, 2);
        construct_all(&mut m);
        assert_eq!(run(&m).1, 2);
        let f = &m.functions[0];
        let p = phis(f, 4);
        assert_eq!(p.len(), 1);
        assert!(is_iconst0_in_entry(f, incoming_from(&p[0].1, 3)));
        assert_eq!(incoming_from(&p[0].1, 2), insts(f, 0)[1].result.unwrap());
    }

    /// `if (c) a = v; else a = v;` gives φ(v, v), removed by T1/T2.
    #[test]
    fn same_value_on_both_sides_leaves_no_phi() {
        let t = "
func @t(i32 %c, i32 %v) -> i32 {
  slot0 size 4 align 4
e:
  %a = slot_addr slot0
  br %c, l, r
l:
  store.i32 %a, %v
  jump j
r:
  store.i32 %a, %v
  jump j
j:
  %x = load.i32 %a
  ret %x
}
";
        let mut m = module(t);
        let s = construct_all(&mut m);
        assert_eq!((s.get("phis inserted"), s.get("phis removed")), (1, 1));
        let f = &m.functions[0];
        assert!(phis(f, 3).is_empty());
        assert_eq!(
            insts(f, 3)[0].kind,
            InstKind::Ret {
                value: Some(Value(1))
            }
        );
    }
}
