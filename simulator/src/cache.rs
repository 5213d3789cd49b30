//! Set-associative caches with LRU replacement (ISA-ST200 §5.5).
//!
//! The geometry (size, ways, line size) and the miss penalty come from a
//! [`isa::model::CacheConfig`] of the processor model. The cache holds tags
//! only (memory is always coherent in the simulator); it decides hits and
//! misses and counts them. A write-back cache allocates on stores and marks
//! lines dirty (write-backs are counted, at no extra cost: the model has one
//! miss penalty); a write-through cache does not allocate on stores and
//! never stalls them (a write buffer is assumed).
//!
//! A data cache may have a prefetch buffer (`prefetch_entries` lines, 8 on
//! the ST231, §5.5) that `pft` fills: a prefetch starts a line fill that
//! takes the miss penalty, without stalling the core; an access that misses
//! the cache but finds its line in the buffer moves the line into the cache
//! and stalls only for what is left of the fill. Fills overlap freely (the
//! model has no bus bandwidth limit). A `pft` whose line is already cached
//! or in the buffer does nothing; when the buffer is full, it replaces the
//! entry whose fill completed first, or is dropped if every fill is still
//! in flight (`pft` is a hint, §4.6).

use isa::model::CacheConfig;

/// Hit and miss counters of one cache.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Accesses that hit (reads and writes).
    pub hits: u64,
    /// Accesses that missed.
    pub misses: u64,
    /// Dirty lines evicted (write-back caches only).
    pub writebacks: u64,
    /// Misses served from the prefetch buffer (also counted in `misses`).
    pub prefetch_hits: u64,
    /// `pft` operations that started a line fill.
    pub prefetches: u64,
}

impl CacheStats {
    /// Hits / accesses, or 1.0 when there was no access.
    pub fn hit_rate(&self) -> f64 {
        let n = self.hits + self.misses;
        if n == 0 {
            1.0
        } else {
            self.hits as f64 / n as f64
        }
    }
}

/// One cache: tags, LRU stamps and dirty bits of `sets × ways` lines.
#[derive(Debug, Clone)]
pub struct Cache {
    /// Always hit (`--perfect-caches`).
    perfect: bool,
    line_shift: u32,
    set_mask: u32,
    ways: usize,
    /// Cycles lost by a miss (from the model).
    miss_penalty: u32,
    write_back: bool,
    /// Line number (address >> line_shift) held by each way.
    tags: Vec<u32>,
    /// LRU stamp of each way; 0 = invalid.
    stamps: Vec<u64>,
    dirty: Vec<bool>,
    clock: u64,
    /// Per set, the way of its last hit or fill: checked first, before
    /// the set's search (the tag and stamp still decide; it only saves
    /// the search).
    mru: Vec<usize>,
    /// Capacity of the prefetch buffer (lines).
    prefetch_entries: usize,
    /// The prefetch buffer: (line number, cycle at which its fill completes).
    prefetch_buffer: Vec<(u32, u64)>,
    /// Counters.
    pub stats: CacheStats,
}

impl Cache {
    /// A cold (all-invalid) cache with the geometry of `config`; with
    /// `perfect` every access hits. The config must be valid
    /// ([`isa::model::ProcessorModel::validate`]); a degenerate one gives a
    /// perfect cache rather than a panic.
    pub fn new(config: &CacheConfig, perfect: bool) -> Cache {
        let sets = config.sets().filter(|s| s.is_power_of_two()).unwrap_or(0);
        let ok = sets > 0 && config.line_bytes.is_power_of_two() && config.ways > 0;
        let (sets, ways) = if ok {
            (sets as usize, config.ways as usize)
        } else {
            (1, 1)
        };
        Cache {
            perfect: perfect || !ok,
            line_shift: config.line_bytes.max(1).trailing_zeros(),
            set_mask: (sets - 1) as u32,
            ways,
            miss_penalty: config.miss_penalty,
            write_back: config.write_back,
            tags: vec![0; sets * ways],
            stamps: vec![0; sets * ways],
            dirty: vec![false; sets * ways],
            clock: 0,
            mru: (0..sets).map(|s| s * ways).collect(),
            prefetch_entries: config.prefetch_entries as usize,
            prefetch_buffer: Vec::with_capacity(config.prefetch_entries as usize),
            stats: CacheStats::default(),
        }
    }

    /// Line number of an address (address / line size).
    #[inline]
    pub fn line_of(&self, addr: u32) -> u32 {
        addr >> self.line_shift
    }

    /// Accesses the line holding `addr` at cycle `now`; returns the stall
    /// in cycles (0 on a hit, the model's miss penalty on a miss, what is
    /// left of its fill for a line in the prefetch buffer). `write` marks
    /// the line dirty in a write-back cache; in a write-through cache a
    /// write never allocates nor stalls.
    #[inline(always)]
    pub fn access(&mut self, addr: u32, write: bool, now: u64) -> u32 {
        if self.perfect {
            self.stats.hits += 1;
            return 0;
        }
        let line = addr >> self.line_shift;
        self.clock += 1;
        let w = self.mru[(line & self.set_mask) as usize];
        if self.tags[w] == line && self.stamps[w] != 0 {
            self.stamps[w] = self.clock;
            self.dirty[w] |= write && self.write_back;
            self.stats.hits += 1;
            return 0;
        }
        self.access_set(line, write, now)
    }

    /// [`Cache::access`] past the last-way check: the set's search, and
    /// the miss.
    #[inline(never)]
    fn access_set(&mut self, line: u32, write: bool, now: u64) -> u32 {
        let base = (line & self.set_mask) as usize * self.ways;
        for w in base..base + self.ways {
            if self.stamps[w] != 0 && self.tags[w] == line {
                self.stamps[w] = self.clock;
                self.dirty[w] |= write && self.write_back;
                self.stats.hits += 1;
                self.mru[(line & self.set_mask) as usize] = w;
                return 0;
            }
        }
        self.stats.misses += 1;
        if write && !self.write_back {
            return 0;
        }
        self.fill(base, line, write);
        match self.prefetch_buffer.iter().position(|&(l, _)| l == line) {
            Some(i) => {
                let (_, ready) = self.prefetch_buffer.swap_remove(i);
                self.stats.prefetch_hits += 1;
                ready.saturating_sub(now).min(u64::from(self.miss_penalty)) as u32
            }
            None => self.miss_penalty,
        }
    }

    /// A prefetch (`pft`) of the line holding `addr` at cycle `now`: starts
    /// its fill into the prefetch buffer, with no stall (module docs).
    pub fn prefetch(&mut self, addr: u32, now: u64) {
        if self.perfect || self.prefetch_entries == 0 {
            return;
        }
        let line = addr >> self.line_shift;
        let base = (line & self.set_mask) as usize * self.ways;
        if (base..base + self.ways).any(|w| self.stamps[w] != 0 && self.tags[w] == line)
            || self.prefetch_buffer.iter().any(|&(l, _)| l == line)
        {
            return;
        }
        let entry = (line, now + u64::from(self.miss_penalty));
        if self.prefetch_buffer.len() < self.prefetch_entries {
            self.prefetch_buffer.push(entry);
        } else {
            let (i, &(_, ready)) = self
                .prefetch_buffer
                .iter()
                .enumerate()
                .min_by_key(|(_, &(_, ready))| ready)
                .expect("a full buffer has entries");
            if ready > now {
                return;
            }
            self.prefetch_buffer[i] = entry;
        }
        self.stats.prefetches += 1;
    }

    fn fill(&mut self, base: usize, line: u32, write: bool) {
        let mut victim = base;
        for w in base..base + self.ways {
            if self.stamps[w] < self.stamps[victim] {
                victim = w;
            }
        }
        if self.stamps[victim] != 0 && self.dirty[victim] {
            self.stats.writebacks += 1;
        }
        self.tags[victim] = line;
        self.stamps[victim] = self.clock;
        self.dirty[victim] = write && self.write_back;
        self.mru[(line & self.set_mask) as usize] = victim;
    }

    /// Invalidates the line holding `addr` (`prgadd`, §4.6), writing it back
    /// if dirty.
    pub fn purge_line(&mut self, addr: u32) {
        let line = addr >> self.line_shift;
        self.prefetch_buffer.retain(|&(l, _)| l != line);
        let base = (line & self.set_mask) as usize * self.ways;
        for w in base..base + self.ways {
            if self.stamps[w] != 0 && self.tags[w] == line {
                self.evict(w);
            }
        }
    }

    /// Invalidates every way of the set selected by `addr` (`prgset`, §4.6).
    pub fn purge_set(&mut self, addr: u32) {
        let base = ((addr >> self.line_shift) & self.set_mask) as usize * self.ways;
        for w in base..base + self.ways {
            self.evict(w);
        }
    }

    /// Invalidates the whole cache (`prgins` on the I-cache, §4.8).
    pub fn purge_all(&mut self) {
        for w in 0..self.stamps.len() {
            self.evict(w);
        }
    }

    fn evict(&mut self, w: usize) {
        if self.stamps[w] != 0 && self.dirty[w] {
            self.stats.writebacks += 1;
        }
        self.stamps[w] = 0;
        self.dirty[w] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(size: u32, ways: u32, line: u32) -> CacheConfig {
        CacheConfig {
            size_bytes: size,
            ways,
            line_bytes: line,
            miss_penalty: 10,
            write_back: true,
            prefetch_entries: 0,
        }
    }

    #[test]
    fn lru_in_a_two_way_set() {
        // 2 sets × 2 ways × 16-byte lines = 64 bytes. Lines 0, 2, 4 (addresses
        // 0, 32, 64) all map to set 0.
        let mut c = Cache::new(&cfg(64, 2, 16), false);
        assert_eq!(c.access(0, false, 0), 10); // cold miss
        assert_eq!(c.access(32, false, 0), 10); // cold miss, set 0 now {0, 2}
        assert_eq!(c.access(4, false, 0), 0); // hit line 0, line 2 becomes LRU
        assert_eq!(c.access(64, false, 0), 10); // evicts line 2
        assert_eq!(c.access(0, false, 0), 0);
        assert_eq!(c.access(32, false, 0), 10); // line 2 was evicted
        assert_eq!(
            c.stats,
            CacheStats {
                hits: 2,
                misses: 4,
                ..CacheStats::default()
            }
        );
    }

    #[test]
    fn write_back_counts_dirty_evictions_and_write_through_never_stalls_stores() {
        let mut c = Cache::new(&cfg(16, 1, 16), false);
        assert_eq!(c.access(0, true, 0), 10);
        assert_eq!(c.access(16, false, 0), 10);
        assert_eq!(c.stats.writebacks, 1);
        let mut wt = cfg(16, 1, 16);
        wt.write_back = false;
        let mut c = Cache::new(&wt, false);
        assert_eq!(c.access(0, true, 0), 0);
        assert_eq!(c.access(0, false, 0), 10, "the store did not allocate");
        let mut p = Cache::new(&cfg(16, 1, 16), true);
        assert_eq!(p.access(0, false, 0), 0);
    }

    #[test]
    fn prefetch_buffer_overlaps_fills_and_drops_hints_when_full() {
        // Miss penalty 10, two prefetch-buffer entries, 16-byte lines.
        let mut two = cfg(256, 1, 16);
        two.prefetch_entries = 2;
        let mut c = Cache::new(&two, false);
        c.prefetch(0, 0); // fill of line 0 completes at cycle 10
        assert_eq!(c.access(4, false, 4), 6, "waits for the rest of the fill");
        assert_eq!(c.access(8, false, 5), 0, "the line is in the cache now");
        c.prefetch(16, 20); // line 1, ready at 30
        c.prefetch(32, 20); // line 2, ready at 30
        c.prefetch(48, 25); // buffer full, both fills in flight: dropped
        assert_eq!(c.access(48, false, 26), 10, "a dropped hint: full miss");
        c.prefetch(64, 30); // fills done: replaces the first completed (line 1)
        assert_eq!(c.access(16, true, 31), 10, "line 1 was replaced");
        assert_eq!(c.access(32, true, 31), 0, "line 2 arrived at 30");
        assert_eq!(c.access(64, false, 35), 5);
        c.prefetch(64, 36); // already cached: nothing
                            // Fills started: lines 0, 1, 2, 4; misses: lines 0, 3, 1, 2, 4, of
                            // which 0, 2 and 4 were served by the buffer.
        assert_eq!(
            (c.stats.prefetches, c.stats.prefetch_hits, c.stats.misses),
            (4, 3, 5)
        );
        // Without a prefetch buffer `pft` is ignored.
        let mut c = Cache::new(&cfg(256, 1, 16), false);
        c.prefetch(0, 0);
        assert_eq!(c.access(0, false, 100), 10);
        assert_eq!(c.stats.prefetches, 0);
    }
}
