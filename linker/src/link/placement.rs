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
//!    conflicts it causes: for every edge between the two chains, its heat
//!    times the number of cache lines (colours, address / line size modulo
//!    the number of lines) both procedures occupy. The cheapest way wins;
//!    ties go to the one putting the two ends of the edge closest.
//! 5. **Order.** Chains are laid out from the hottest (its hottest
//!    procedure) to the coldest, so the hot code shares the first cache-size
//!    window; sections with no calls keep their input order at the end.
//!
//! Placement only runs when the code sections together are larger than the
//! I-cache: smaller code cannot conflict with itself in a direct-mapped
//! cache, and the input order is kept. `--no-sort-sections` turns it off.

use super::{Linker, SecId, SHF_EXECINSTR, SHT_PROGBITS};
use crate::input::InSection;
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
const MAX_COUNT: f64 = 1e15;

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

/// The call graph of the placeable sections: per caller index, the callee
/// index and weight of each edge.
pub struct CallGraph {
    /// Section sizes in bytes.
    pub sizes: Vec<u64>,
    /// Section alignments in bytes.
    pub aligns: Vec<u64>,
    /// `edges[caller]` = (callee, summed weight of the call sites).
    pub edges: Vec<Vec<(usize, f64)>>,
}

impl CallGraph {
    /// Estimated call count of each procedure (step 2 of the module
    /// documentation).
    fn counts(&self) -> Vec<f64> {
        let n = self.sizes.len();
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

    /// The placement order of the sections (indices), steps 2 to 5 of the
    /// module documentation, for a cache of `cache.size_bytes` bytes in
    /// lines of `cache.line_bytes`.
    pub fn order(&self, cache: &CacheConfig) -> Vec<usize> {
        let n = self.sizes.len();
        let count = self.counts();
        // Undirected heats, summed over both directions.
        let mut heat: HashMap<(usize, usize), f64> = HashMap::new();
        for (v, es) in self.edges.iter().enumerate() {
            for &(t, w) in es {
                if t != v {
                    *heat.entry((v.min(t), v.max(t))).or_default() += count[v] * w;
                }
            }
        }
        let mut edges: Vec<((usize, usize), f64)> = heat.iter().map(|(&k, &h)| (k, h)).collect();
        edges.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut adjacent: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
        for &((a, b), h) in &edges {
            adjacent[a].push((b, h));
            adjacent[b].push((a, h));
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
            let joined = self.best_join(first, second, a, b, &chain_of, ca, cb, &adjacent, cache);
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

    /// Joins chains `x` (holding `a`) and `y` (holding `b`) the cheapest of
    /// the four ways (step 4 of the module documentation).
    #[allow(clippy::too_many_arguments)]
    fn best_join(
        &self,
        x: Vec<usize>,
        y: Vec<usize>,
        a: usize,
        b: usize,
        chain_of: &[usize],
        cx: usize,
        cy: usize,
        adjacent: &[Vec<(usize, f64)>],
        cache: &CacheConfig,
    ) -> Vec<usize> {
        let rev = |v: &Vec<usize>| v.iter().rev().copied().collect::<Vec<usize>>();
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
            for &u in &x {
                for &(v, h) in &adjacent[u] {
                    if chain_of[v] == cy && chain_of[u] == cx {
                        cost += h * self.shared_lines(at[&u], u, at[&v], v, cache) as f64;
                    }
                }
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

    /// Number of cache lines of procedure `u` (at offset `pu`) that a
    /// different memory line of procedure `v` (at offset `pv`) maps to: the
    /// lines the two evict each other from. Two procedures sharing one
    /// memory line do not conflict there.
    fn shared_lines(&self, pu: u64, u: usize, pv: u64, v: usize, cache: &CacheConfig) -> u64 {
        let line = u64::from(cache.line_bytes.max(1));
        let lines = (u64::from(cache.size_bytes) / line).max(1);
        let span = |p: u64, size: u64| (p / line, (p + size.max(1) - 1) / line);
        let (u0, u1) = span(pu, self.sizes[u]);
        let (v0, v1) = span(pv, self.sizes[v]);
        (u0..=u1)
            .filter(|&id| {
                // The first line of v at or after v0 with id's colour, and
                // the one after it.
                let first = v0 + (id + lines - v0 % lines) % lines;
                (first <= v1 && first != id) || (first + lines <= v1)
            })
            .count() as u64
    }
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
        let mut graph = CallGraph {
            sizes: Vec::with_capacity(code.len()),
            aligns: Vec::with_capacity(code.len()),
            edges: vec![Vec::new(); code.len()],
        };
        for (i, &(o, s)) in code.iter().enumerate() {
            let sec = &self.objects[o].sections[s];
            graph.sizes.push(sec.size);
            graph.aligns.push(sec.align);
            let calls: Vec<_> = sec
                .relocs
                .iter()
                .filter(|r| r.r_type == isa::elf::r_type::R_ST200_23_PCREL)
                .collect();
            if calls.is_empty() {
                continue;
            }
            let loops = loop_ranges(&sec.data, core);
            let mut out: HashMap<usize, f64> = HashMap::new();
            for r in calls {
                let Some(&t) = self.symbol_section(o, r.sym).and_then(|t| index.get(&t)) else {
                    continue;
                };
                if t == i {
                    continue;
                }
                let depth = loops
                    .iter()
                    .filter(|&&(lo, hi)| (lo..hi).contains(&r.offset))
                    .count()
                    .min(MAX_DEPTH);
                *out.entry(t).or_default() += LOOP_WEIGHT.powi(depth as i32);
            }
            let mut out: Vec<(usize, f64)> = out.into_iter().collect();
            out.sort_by_key(|e| e.0);
            graph.edges[i] = out;
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
    /// 10 + 100·50 = 5010; heats c–d 5000, a–b 100, b–c 100, a–d 10.
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
        let g = CallGraph {
            sizes: vec![128, 64, 64, 128],
            aligns: vec![8; 4],
            edges: vec![
                vec![(1, 100.0), (3, 10.0)],
                vec![(2, 1.0)],
                vec![(3, 50.0)],
                vec![],
            ],
        };
        assert_eq!(g.counts(), vec![1.0, 100.0, 100.0, 5010.0]);
        assert_eq!(g.order(&tiny_cache()), vec![1, 0, 3, 2]);
    }

    /// Procedures without calls keep their input order after the chains;
    /// a recursive cycle does not inflate the counts.
    #[test]
    fn lone_sections_follow_and_recursion_is_cut() {
        let g = CallGraph {
            sizes: vec![64; 4],
            aligns: vec![8; 4],
            // 0 lone, 1 → 2 (8), 2 → 1 (8, recursion), 3 lone.
            edges: vec![vec![], vec![(2, 8.0)], vec![(1, 8.0)], vec![]],
        };
        // 1 and 2 are both called: the walk starts from 0, then 1 (count 1);
        // 2 gets 8; the edge 2 → 1 closes the cycle and is left out.
        assert_eq!(g.counts(), vec![1.0, 1.0, 8.0, 1.0]);
        assert_eq!(g.order(&tiny_cache()), vec![1, 2, 0, 3]);
    }
}
