//! Procedure placement for the direct-mapped instruction cache (ISA-ST200
//! §5.5: the ST231's I-cache holds 32 KiB in 64-byte lines, so two code
//! addresses 32 KiB apart share a line and evict each other).
//!
//! The code sections of one input specification (`*(.text .text.*)`; `lcc`
//! gives every function its own `.text.NAME`) are reordered so that a
//! procedure and the procedures it calls most sit next to each other:
//!
//! 1. **Call graph.** An edge `caller → callee` for every `R_ST200_23_PCREL`
//!    relocation (a `call` or a tail `goto`, §6.2) from one code section to
//!    another. A call site weighs [`LOOP_WEIGHT`]`^depth`, `depth` being the
//!    number of loops around it: the backward `br`/`brf`/`goto` branches
//!    (§2.5) of the caller whose range holds the call, at most [`MAX_DEPTH`].
//! 2. **Static profile.** Each procedure gets an estimated call count:
//!    procedures nobody calls count 1, and a callee adds its caller's count
//!    times the edge weight, in depth-first order from the roots (calls back
//!    into a procedure on the current path, i.e. recursion, are left out).
//!    An edge's heat is its caller's count times its weight.
//! 3. **Chains** (Pettis and Hansen, "Profile guided code positioning",
//!    PLDI 1990, §4.1): every procedure starts as a chain of its own; edges
//!    are taken from the hottest down, and the chains of the two ends are
//!    joined, end to end.
//! 4. **Cache colours** (Gloy and Smith, "Procedure placement using
//!    temporal-ordering information", TOPLAS 21(5), 1999): each of the four
//!    ways to join two chains (either one reversed or not) is scored by the
//!    conflicts it causes between the two chains: for every pair of code
//!    pieces that run interleaved, its heat times the number of cache lines
//!    (colours, address / line size modulo the number of lines) both
//!    occupy. The pairs ([`CallGraph::conflicts`]) estimate Gloy and
//!    Smith's temporal relationship graph from the call graph: a caller
//!    and its callee, and two procedures called from the same loop, which
//!    alternate as often as the rarer of the two is called
//!    there. The cheapest way wins; ties go to the one putting the two ends
//!    of the edge closest.
//! 5. **Order.** Chains are laid out from the hottest (its hottest
//!    procedure) to the coldest, so the hot code shares the first cache-size
//!    window; sections with no calls keep their input order at the end.
//!
//! With `--call-graph-profile` ([`crate::profile`]), the measured calls
//! per edge replace the heats of step 2 (a loop's share of an edge's calls
//! is still the static one), and the calls the code does not show (through
//! pointers) join the graph.
//!
//! Placement only runs when the code sections together are larger than the
//! I-cache: smaller code cannot conflict with itself in a direct-mapped
//! cache, and the input order is kept. `--no-sort-sections` turns it off.

use super::{Linker, SecId, SHF_EXECINSTR, SHT_PROGBITS};
use crate::input::InSection;
use crate::input::SymPlace;
use isa::encoding::{bundle_len, decode_bundle};
use isa::model::CacheConfig;
use isa::Core;
use std::collections::HashMap;

/// Weight of a call site per loop around it: the static guess of a loop's
/// trip count.
pub const LOOP_WEIGHT: f64 = 8.0;
/// Loops counted around a call site at most.
pub const MAX_DEPTH: usize = 4;
/// Cap of an estimated call count (keeps sums finite).
const MAX_COUNT: f64 = 2048.0;

/// Whether an input section is code that placement may move: an
/// executable `.text` or `.text.*` section with contents.
pub(super) fn is_placeable(s: &InSection) -> bool {
    s.flags & SHF_EXECINSTR != 0
        && s.sh_type == SHT_PROGBITS
        && (s.name == ".text" || s.name.starts_with(".text."))
}

/// The `[start, end)` byte ranges of the loops of a code section: from the
/// target of each backward branch (`br`, `brf`, `goto`) to the end of the
/// branch's bundle (§2.5: target = bundle address + 4 × btarg). Bundles
/// that do not decode are stepped over.
pub fn loop_ranges(code: &[u8], core: Core) -> Vec<(u64, u64)> {
    let words: Vec<u32> = code
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let Some(n) = bundle_len(&words[i..]) else {
            break;
        };
        if let Ok(ops) = decode_bundle(&words[i..i + n], core) {
            for d in ops {
                let info = d.op.info();
                if !matches!(info.mnemonic, "br" | "brf" | "goto") {
                    continue;
                }
                let Some(k) = info.btarg_operand() else {
                    continue;
                };
                let here = (i * 4) as i64;
                let target = here + d.op.operands[k] * 4;
                if (0..here).contains(&target) {
                    out.push((target as u64, ((i + n) * 4) as u64));
                }
            }
        }
        i += n;
    }
    out
}

/// One loop of a procedure and the calls made inside it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LoopCalls {
    /// Byte range `[start, end)` of the loop in its procedure.
    pub range: (u64, u64),
    /// (callee, summed weight) of the call sites inside the loop, nested
    /// loops included.
    pub calls: Vec<(usize, f64)>,
}

/// The call graph of the placeable sections: per caller index, the callee
/// index and weight of each edge.
pub struct CallGraph {
    /// Section sizes in bytes.
    pub sizes: Vec<u64>,
    /// Section alignments in bytes.
    pub aligns: Vec<u64>,
    /// `edges[caller]` = (callee, summed weight of the call sites).
    pub edges: Vec<Vec<(usize, f64)>>,
    /// `loops[caller]`: its loops that hold call sites.
    pub loops: Vec<Vec<LoopCalls>>,
    /// Measured calls per (caller, callee) (`--call-graph-profile`), used
    /// instead of the static estimate when given.
    pub profile: Option<HashMap<(usize, usize), f64>>,
}

/// Two procedures whose code evict each other when they share cache lines
/// (step 4 of the module documentation): `u` and `v`, with the estimated
/// number of times one's lines follow the other's.
#[derive(Debug, Clone, PartialEq)]
pub struct Conflict {
    /// First procedure.
    pub u: usize,
    /// Second procedure.
    pub v: usize,
    /// Estimated alternations between the two.
    pub heat: f64,
}

impl CallGraph {
    /// A graph of `sizes.len()` procedures with no loops and no profile.
    pub fn new(sizes: Vec<u64>, aligns: Vec<u64>, edges: Vec<Vec<(usize, f64)>>) -> Self {
        let n = sizes.len();
        CallGraph {
            sizes,
            aligns,
            edges,
            loops: vec![Vec::new(); n],
            profile: None,
        }
    }

    /// Estimated call count of each procedure (step 2 of the module
    /// documentation); with a profile, the measured calls into each
    /// procedure (1 for procedures nobody calls).
    fn counts(&self) -> Vec<f64> {
        let n = self.sizes.len();
        if let Some(p) = &self.profile {
            let mut count = vec![0.0f64; n];
            for (&(_, t), &c) in p {
                count[t] += c;
            }
            return count.into_iter().map(|c| c.max(1.0)).collect();
        }
        let mut called = vec![false; n];
        for es in &self.edges {
            for &(t, _) in es {
                called[t] = true;
            }
        }
        // Reverse post-order of a depth-first walk from the roots (then from
        // any node left, which lies on a cycle only), without back edges.
        let mut state = vec![0u8; n]; // 0 new, 1 on the path, 2 done
        let mut post = Vec::with_capacity(n);
        let mut forward: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
        let starts: Vec<usize> = (0..n).filter(|&i| !called[i]).chain(0..n).collect();
        let mut count = vec![0.0f64; n];
        for s in starts {
            if state[s] != 0 {
                continue;
            }
            count[s] = 1.0;
            let mut stack = vec![(s, 0usize)];
            state[s] = 1;
            while let Some(&mut (v, ref mut next)) = stack.last_mut() {
                if let Some(&(t, w)) = self.edges[v].get(*next) {
                    *next += 1;
                    match state[t] {
                        0 => {
                            forward[v].push((t, w));
                            state[t] = 1;
                            stack.push((t, 0));
                        }
                        2 => forward[v].push((t, w)),
                        _ => {} // recursion: a back edge
                    }
                } else {
                    state[v] = 2;
                    post.push(v);
                    stack.pop();
                }
            }
        }
        for &v in post.iter().rev() {
            for &(t, w) in &forward[v] {
                count[t] = (count[t] + count[v] * w).min(MAX_COUNT);
            }
        }
        count
    }

    /// The heat of each call edge (caller, callee): measured calls with a
    /// profile, else the caller's estimated count times the edge weight.
    fn heats(&self, count: &[f64]) -> HashMap<(usize, usize), f64> {
        let mut heat: HashMap<(usize, usize), f64> = HashMap::new();
        match &self.profile {
            Some(p) => {
                for (&k, &c) in p {
                    if k.0 != k.1 {
                        heat.insert(k, c);
                    }
                }
                // Static edges the run never took: heat 0, joined last.
                for (v, es) in self.edges.iter().enumerate() {
                    for &(t, _) in es {
                        if t != v {
                            heat.entry((v, t)).or_insert(0.0);
                        }
                    }
                }
            }
            None => {
                for (v, es) in self.edges.iter().enumerate() {
                    for &(t, w) in es {
                        if t != v {
                            *heat.entry((v, t)).or_default() += count[v] * w;
                        }
                    }
                }
            }
        }
        heat
    }

    /// The conflicts of step 4 of the module documentation (Gloy and
    /// Smith's temporal relationship graph, estimated from the call graph):
    ///
    /// - a call edge: caller and callee, with the edge's heat;
    /// - two procedures both called from one loop and not calling each
    ///   other: they alternate as often as the rarer of the two is called
    ///   there (the edge's heat split between its sites by their weights;
    ///   the highest over the loops of all callers).
    pub fn conflicts(&self) -> Vec<Conflict> {
        let count = self.counts();
        let heat = self.heats(&count);
        let weight =
            |u: usize, v: usize| self.edges[u].iter().find(|e| e.0 == v).map_or(0.0, |e| e.1);
        // The heat of the calls u → a made at sites of weight w.
        let share = |u: usize, a: usize, w: f64| {
            let total = weight(u, a);
            let h = heat.get(&(u, a)).copied().unwrap_or(0.0);
            if total > 0.0 {
                h * (w / total).min(1.0)
            } else {
                0.0
            }
        };
        let linked = |a: usize, b: usize| heat.contains_key(&(a, b)) || heat.contains_key(&(b, a));
        let mut out = Vec::new();
        let mut pairs: HashMap<(usize, usize), f64> = HashMap::new();
        let mut calls: Vec<(&(usize, usize), &f64)> = heat.iter().collect();
        calls.sort_by(|a, b| a.0.cmp(b.0));
        for (&(u, v), &h) in calls {
            out.push(Conflict { u, v, heat: h });
        }
        for (u, loops) in self.loops.iter().enumerate() {
            for l in loops {
                // The procedures running in this loop, with their heat.
                let mut members: Vec<(usize, f64)> = Vec::new();
                let mut add = |p: usize, h: f64| {
                    if p == u {
                        return;
                    }
                    match members.iter_mut().find(|e| e.0 == p) {
                        Some(e) => e.1 = e.1.max(h),
                        None => members.push((p, h)),
                    }
                };
                for &(a, w) in &l.calls {
                    add(a, share(u, a, w));
                }
                for (i, &(a, ha)) in members.iter().enumerate() {
                    for &(b, hb) in &members[i + 1..] {
                        if !linked(a, b) {
                            let e = pairs.entry((a.min(b), a.max(b))).or_default();
                            *e = e.max(ha.min(hb));
                        }
                    }
                }
            }
        }
        let mut siblings: Vec<((usize, usize), f64)> = pairs.into_iter().collect();
        siblings.sort_by_key(|e| e.0);
        out.extend(siblings.into_iter().map(|((a, b), h)| Conflict {
            u: a,
            v: b,
            heat: h,
        }));
        out.retain(|c| c.heat > 0.0);
        out
    }

    /// The placement order of the sections (indices), steps 2 to 5 of the
    /// module documentation, for a cache of `cache.size_bytes` bytes in
    /// lines of `cache.line_bytes`.
    pub fn order(&self, cache: &CacheConfig) -> Vec<usize> {
        let n = self.sizes.len();
        let count = self.counts();
        // Undirected heats, summed over both directions.
        let mut heat: HashMap<(usize, usize), f64> = HashMap::new();
        for (&(v, t), &h) in &self.heats(&count) {
            *heat.entry((v.min(t), v.max(t))).or_default() += h;
        }
        let mut edges: Vec<((usize, usize), f64)> = heat.iter().map(|(&k, &h)| (k, h)).collect();
        edges.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &((a, b), _) in &edges {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
        let conflicts = self.conflicts();
        let mut conflicts_of: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (k, c) in conflicts.iter().enumerate() {
            conflicts_of[c.u].push(k);
            conflicts_of[c.v].push(k);
        }
        let mut chains: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
        let mut chain_of: Vec<usize> = (0..n).collect();
        for &((a, b), _) in &edges {
            let (ca, cb) = (chain_of[a], chain_of[b]);
            if ca == cb {
                continue;
            }
            let first = std::mem::take(&mut chains[ca]);
            let second = std::mem::take(&mut chains[cb]);
            let joined = self.best_join(
                first,
                second,
                (a, b),
                &chain_of,
                (ca, cb),
                (&conflicts, &conflicts_of),
                cache,
            );
            for &m in &joined {
                chain_of[m] = ca;
            }
            chains[ca] = joined;
        }
        // Hottest chains first; a chain's heat is its hottest procedure's
        // count, 0 for procedures without calls in or out.
        let lone = |c: &Vec<usize>| c.len() == 1 && adjacent[c[0]].is_empty();
        let mut order: Vec<&Vec<usize>> = chains.iter().filter(|c| !c.is_empty()).collect();
        let key = |c: &Vec<usize>| {
            if lone(c) {
                0.0
            } else {
                c.iter().map(|&m| count[m]).fold(0.0, f64::max)
            }
        };
        order.sort_by(|x, y| {
            key(y)
                .total_cmp(&key(x))
                .then(x.iter().min().cmp(&y.iter().min()))
        });
        order.into_iter().flatten().copied().collect()
    }

    /// Cache lines shared by the procedures of conflict `c` with `c.u` at
    /// offset `pu` and `c.v` at `pv`.
    fn shared(&self, c: &Conflict, pu: u64, pv: u64, cache: &CacheConfig) -> u64 {
        shared_lines((pu, self.sizes[c.u]), (pv, self.sizes[c.v]), cache)
    }

    /// Byte offsets of the members of `chain` laid out from offset 0.
    fn offsets(&self, chain: &[usize]) -> Vec<u64> {
        let mut at = 0u64;
        chain
            .iter()
            .map(|&m| {
                at = at.next_multiple_of(self.aligns[m].max(1));
                let here = at;
                at += self.sizes[m];
                here
            })
            .collect()
    }

    /// Joins chains `x` (holding `a`, chain id `cx`) and `y` (holding `b`,
    /// chain id `cy`) the cheapest of the four ways (step 4 of the module
    /// documentation), counting the `conflicts` between the two chains
    /// (`of[p]`: indices of the conflicts of procedure `p`).
    #[allow(clippy::too_many_arguments)]
    fn best_join(
        &self,
        x: Vec<usize>,
        y: Vec<usize>,
        (a, b): (usize, usize),
        chain_of: &[usize],
        (cx, cy): (usize, usize),
        (conflicts, of): (&[Conflict], &[Vec<usize>]),
        cache: &CacheConfig,
    ) -> Vec<usize> {
        let rev = |v: &Vec<usize>| v.iter().rev().copied().collect::<Vec<usize>>();
        let small = if x.len() <= y.len() { &x } else { &y };
        let between: Vec<&Conflict> = small
            .iter()
            .flat_map(|&p| &of[p])
            .map(|&k| &conflicts[k])
            .filter(|c| {
                let (su, sv) = (chain_of[c.u], chain_of[c.v]);
                (su == cx && sv == cy) || (su == cy && sv == cx)
            })
            .collect();
        let candidates = [
            [x.clone(), y.clone()].concat(),
            [x.clone(), rev(&y)].concat(),
            [rev(&x), y.clone()].concat(),
            [rev(&x), rev(&y)].concat(),
        ];
        let mut best: Option<(f64, u64, usize)> = None;
        for (k, c) in candidates.iter().enumerate() {
            let offs = self.offsets(c);
            let at: HashMap<usize, u64> = c.iter().copied().zip(offs).collect();
            let mut cost = 0.0;
            for cf in &between {
                cost += cf.heat * self.shared(cf, at[&cf.u], at[&cf.v], cache) as f64;
            }
            let (pa, pb) = (at[&a], at[&b]);
            let distance = if pa < pb {
                pb - (pa + self.sizes[a])
            } else {
                pa - (pb + self.sizes[b])
            };
            if best.is_none_or(|(bc, bd, _)| cost < bc || (cost == bc && distance < bd)) {
                best = Some((cost, distance, k));
            }
        }
        let k = best.map_or(0, |b| b.2);
        candidates[k].clone()
    }
}

/// Number of cache lines of the code at `u` = (offset, size in bytes) that
/// a different memory line of the code at `v` maps to: the lines the two
/// evict each other from. Two pieces of code sharing one memory line do
/// not conflict there.
fn shared_lines(u: (u64, u64), v: (u64, u64), cache: &CacheConfig) -> u64 {
    let line = u64::from(cache.line_bytes.max(1));
    let lines = (u64::from(cache.size_bytes) / line).max(1);
    let span = |(p, size): (u64, u64)| (p / line, (p + size.max(1) - 1) / line);
    let (u0, u1) = span(u);
    let (v0, v1) = span(v);
    (u0..=u1)
        .filter(|&id| {
            // The first line of v at or after v0 with id's colour, and
            // the one after it.
            let first = v0 + (id + lines - v0 % lines) % lines;
            (first <= v1 && first != id) || (first + lines <= v1)
        })
        .count() as u64
}

impl<'o> Linker<'o> {
    /// The I-cache of the machine linked for (the ST231's by default).
    fn icache(&self) -> CacheConfig {
        self.opts
            .machine
            .as_ref()
            .map_or(CacheConfig::st231_icache(), |m| m.icache)
    }

    /// The core whose encodings the code sections use.
    fn core(&self) -> Core {
        self.opts.machine.as_ref().map_or(Core::St231, |m| m.core)
    }

    /// The edges of a call-graph profile between the placeable sections
    /// `code`, by the symbols they define (a local name defined in more
    /// than one section is ambiguous and left out, as are names not
    /// defined in `code`).
    fn profile_edges(
        &self,
        edges: &[crate::profile::ProfileEdge],
        code: &[SecId],
        index: &HashMap<SecId, usize>,
    ) -> HashMap<(usize, usize), f64> {
        let mut by_name: HashMap<&str, Option<usize>> = HashMap::new();
        for &(o, s) in code {
            for sym in &self.objects[o].symbols {
                if sym.name.is_empty() || sym.place != SymPlace::Section(s) {
                    continue;
                }
                let i = index[&(o, s)];
                by_name
                    .entry(sym.name.as_str())
                    .and_modify(|e| {
                        if *e != Some(i) {
                            *e = None;
                        }
                    })
                    .or_insert(Some(i));
            }
        }
        let mut out: HashMap<(usize, usize), f64> = HashMap::new();
        for e in edges {
            let find = |n: &str| by_name.get(n).copied().flatten();
            if let (Some(a), Some(b)) = (find(&e.caller), find(&e.callee)) {
                *out.entry((a, b)).or_default() += e.count as f64;
            }
        }
        out
    }

    /// Reorders the placeable code sections of `list` (one input
    /// specification's matches) for the I-cache, in the slots they hold;
    /// other sections stay where they are. Nothing moves when the code fits
    /// in the cache or `--no-sort-sections` is given.
    pub(super) fn place_code(&self, list: &mut [SecId]) {
        if self.opts.no_sort_sections {
            return;
        }
        let slots: Vec<usize> = (0..list.len())
            .filter(|&k| {
                let (o, s) = list[k];
                is_placeable(&self.objects[o].sections[s])
            })
            .collect();
        let code: Vec<SecId> = slots.iter().map(|&k| list[k]).collect();
        let cache = self.icache();
        let total: u64 = code
            .iter()
            .map(|&(o, s)| self.objects[o].sections[s].size)
            .sum();
        if code.len() < 2 || total <= u64::from(cache.size_bytes) {
            return;
        }
        let index: HashMap<SecId, usize> =
            code.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        let core = self.core();
        let section = |&(o, s): &SecId| &self.objects[o].sections[s];
        let mut graph = CallGraph::new(
            code.iter().map(|id| section(id).size).collect(),
            code.iter().map(|id| section(id).align).collect(),
            vec![Vec::new(); code.len()],
        );
        for (i, &(o, s)) in code.iter().enumerate() {
            let sec = &self.objects[o].sections[s];
            let calls: Vec<_> = sec
                .relocs
                .iter()
                .filter(|r| r.r_type == isa::elf::r_type::R_ST200_23_PCREL)
                .filter_map(|r| {
                    let t = *self.symbol_section(o, r.sym).and_then(|t| index.get(&t))?;
                    (t != i).then_some((t, r.offset))
                })
                .collect();
            if calls.is_empty() {
                continue;
            }
            let mut loops = loop_ranges(&sec.data, core);
            loops.sort_by_key(|&(lo, hi)| (lo, std::cmp::Reverse(hi)));
            loops.dedup();
            let mut out: HashMap<usize, f64> = HashMap::new();
            let mut per_loop: Vec<LoopCalls> = loops
                .iter()
                .map(|&range| LoopCalls {
                    range,
                    ..LoopCalls::default()
                })
                .collect();
            let add =
                |v: &mut Vec<(usize, f64)>, t: usize, w: f64| match v.iter_mut().find(|e| e.0 == t)
                {
                    Some(e) => e.1 += w,
                    None => v.push((t, w)),
                };
            for (t, at) in calls {
                let around: Vec<usize> = (0..loops.len())
                    .filter(|&k| (loops[k].0..loops[k].1).contains(&at))
                    .collect();
                let w = LOOP_WEIGHT.powi(around.len().min(MAX_DEPTH) as i32);
                *out.entry(t).or_default() += w;
                for &k in &around {
                    add(&mut per_loop[k].calls, t, w);
                }
            }
            per_loop.retain(|l| !l.calls.is_empty());
            graph.loops[i] = per_loop;
            let mut out: Vec<(usize, f64)> = out.into_iter().collect();
            out.sort_by_key(|e| e.0);
            graph.edges[i] = out;
        }
        if let Some(p) = &self.opts.call_graph_profile {
            graph.profile = Some(self.profile_edges(p, &code, &index));
        }
        for (slot, k) in slots.iter().zip(graph.order(&cache)) {
            list[*slot] = code[k];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cache of 4 lines of 64 bytes, to derive conflicts by hand.
    fn tiny_cache() -> CacheConfig {
        CacheConfig {
            size_bytes: 256,
            line_bytes: 64,
            ..CacheConfig::st231_icache()
        }
    }

    #[test]
    fn loops_are_the_backward_branches() {
        // Bundles (one syllable each, stop bit 31 set, §2.1, §2.5):
        // 0x0 nop; 0x4 br $b0, -1 word (→ 0x0); 0x8 goto +1 (→ 0xc,
        // forward); 0xc brf $b0, -3 words (→ 0x0).
        let stop = 0x8000_0000u32;
        let words = [
            isa::encoding::encode(&isa::encoding::Operation::new(
                isa::Opcode::all()
                    .find(|o| o.info().mnemonic == "nop")
                    .unwrap(),
                &[],
            ))
            .map(|e| e.word)
            .unwrap_or(0),
            0x3800_0000 | 0x7F_FFFF,
            0x3100_0001,
            0x3C00_0000 | (0x7F_FFFF - 2),
        ];
        let bytes: Vec<u8> = words
            .iter()
            .flat_map(|w| (w | stop).to_le_bytes())
            .collect();
        assert_eq!(loop_ranges(&bytes, Core::St231), vec![(0, 8), (0, 16)]);
    }

    /// Edges a→b 100, a→d 10, b→c 1, c→d 50 (call-site weights); sizes
    /// a 128, b 64, c 64, d 128 bytes. Counts: a 1, b 100, c 100, d
    /// 10 + 100·50 = 5010, capped at 2048; heats c–d 5000, a–b 100, b–c
    /// 100, a–d 10.
    /// Chains: [c, d], then [a, b], then b–c joins them. The four ways,
    /// offsets in lines of 64 bytes (colour = line mod 4):
    /// - [a b c d]: a 0–1, d 4–5: a–d conflict on 2 lines, cost 20;
    /// - [a b d c]: a 0–1, d 3–4: line 4 vs 0, cost 10;
    /// - [b a c d]: a 1–2, d 4–5: line 5 vs 1, cost 10;
    /// - [b a d c]: a 1–2, d 3–4, b 0, c 5: no conflict, cost 0.
    ///
    /// Pettis and Hansen alone (nearest ends) would give [a b c d].
    #[test]
    fn chains_join_the_way_without_conflicts() {
        let g = CallGraph::new(
            vec![128, 64, 64, 128],
            vec![8; 4],
            vec![
                vec![(1, 100.0), (3, 10.0)],
                vec![(2, 1.0)],
                vec![(3, 50.0)],
                vec![],
            ],
        );
        assert_eq!(g.counts(), vec![1.0, 100.0, 100.0, 2048.0]);
        assert_eq!(g.order(&tiny_cache()), vec![1, 0, 3, 2]);
    }

    /// Procedures without calls keep their input order after the chains;
    /// a recursive cycle does not inflate the counts.
    #[test]
    fn lone_sections_follow_and_recursion_is_cut() {
        // 0 lone, 1 → 2 (8), 2 → 1 (8, recursion), 3 lone.
        let g = CallGraph::new(
            vec![64; 4],
            vec![8; 4],
            vec![vec![], vec![(2, 8.0)], vec![(1, 8.0)], vec![]],
        );
        // 1 and 2 are both called: the walk starts from 0, then 1 (count 1);
        // 2 gets 8; the edge 2 → 1 closes the cycle and is left out.
        assert_eq!(g.counts(), vec![1.0, 1.0, 8.0, 1.0]);
        assert_eq!(g.order(&tiny_cache()), vec![1, 2, 0, 3]);
    }

    /// `main` (1, two lines) runs a loop in its second line (bytes 64 to
    /// 128) that calls `f` (0, one line) and `g` (2, two lines), weight 8
    /// each; neither calls the other.
    fn loop_with_two_callees() -> CallGraph {
        let mut g = CallGraph::new(
            vec![64, 128, 128],
            vec![8; 3],
            vec![vec![], vec![(0, 8.0), (2, 8.0)], vec![]],
        );
        g.loops[1] = vec![LoopCalls {
            range: (64, 128),
            calls: vec![(0, 8.0), (2, 8.0)],
        }];
        g
    }

    /// The two call edges (heat: count of main 1 × weight 8) and the two
    /// callees of the loop with each other (the rarer of the two, 8).
    #[test]
    fn callees_of_one_loop_conflict_with_each_other() {
        let g = loop_with_two_callees();
        let c = |u, v| Conflict { u, v, heat: 8.0 };
        assert_eq!(g.conflicts(), vec![c(1, 0), c(1, 2), c(0, 2)]);
        // f calling g once (heat: f's count 8 × 1): the call edge, no
        // sibling conflict besides it.
        let mut g = loop_with_two_callees();
        g.edges[0] = vec![(2, 1.0)];
        assert_eq!(g.conflicts(), vec![c(0, 2), c(1, 0), c(1, 2)]);
    }

    /// A profile replaces the static heats: statically main (0) calls 1
    /// in a loop (8) and 2 once, so 0–1 joins first ([0 1]) and 2 goes
    /// next to 0 ([1 0 2]); measured, 2 is called 1000 times and 1 once,
    /// so [0 2] comes first and 1 goes next to 0: [2 0 1]. The code fits
    /// in the cache: only the join order differs.
    #[test]
    fn a_profile_changes_the_join_order() {
        let mut g = CallGraph::new(
            vec![64; 3],
            vec![8; 3],
            vec![vec![(1, 8.0), (2, 1.0)], vec![], vec![]],
        );
        assert_eq!(g.order(&tiny_cache()), vec![1, 0, 2]);
        g.profile = Some(HashMap::from([((0, 2), 1000.0), ((0, 1), 1.0)]));
        assert_eq!(g.counts(), vec![1.0, 1.0, 1000.0]);
        assert_eq!(g.order(&tiny_cache()), vec![2, 0, 1]);
    }
}
