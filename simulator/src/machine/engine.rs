//! The translating engine (`--engine=translate`, the default).
//!
//! # What is translated
//!
//! Code is translated once per *block*: the bundles consecutive in memory
//! from an entry address up to an unconditional control transfer (`goto`,
//! `call`, `igoto`, `icall`), a bundle the translator leaves to the
//! interpreter, or 64 bundles. A conditional branch does not end a block:
//! when not taken, execution goes on to the next bundle of the block
//! (a superblock); when taken, the block is left. A branch into the
//! middle of a block starts another block there. Blocks are found by
//! their entry address in a two-level table like the decode cache.
//!
//! At translation time:
//!
//! - each operation becomes a [`UOp`], one variant per opcode, so that a
//!   single `match` dispatches it (the operands stay value-array indices,
//!   constants included; `nop`, `sync`, `wmb` vanish);
//! - operand routing: when no operation of a bundle reads a register an
//!   earlier one writes and nothing that can trap follows a register write
//!   (memory operations are moved first, keeping their order), the results
//!   are written as they are computed; otherwise they are buffered and
//!   written together (the parallel assignment of ISA-ST200 §2.1);
//! - the static part of the scoreboard: a read (or a WAW check) of a
//!   register written by an earlier bundle `j` of the block, in bundle
//!   `k`, cannot stall when `result stage - read stage <= k - j`; such
//!   checks are dropped. Checks of registers written before the block are
//!   dropped when, at entry, every earlier write lands soon enough
//!   ([`Block::pre_limit`]) or, failing that test, every register the
//!   block checks before writing it does ([`Block::pre_regs`]). The others are done as the interpreter does
//!   them, in its order, so the stall and its cause are the same;
//! - the stall those remaining checks give when nothing has waited for a
//!   cache since the block's entry (and the entry was as above): the
//!   writers of the block then issued at distances known at translation,
//!   so the stall and its cause are constants ([`TBundle::static_stall`]).
//!   A run uses them until its first I- or D-cache stall, then does the
//!   checks;
//! - static timing: under the same condition (entered with every earlier
//!   write landed in time, the cycle limit out of reach, no cache stall
//!   yet), bundle `k` issues at the entry cycle plus a constant
//!   ([`TBundle::rel_issue`]), so a run writes neither the cycle nor the
//!   scoreboard per bundle: at an exit it adds the interlock stalls of the
//!   bundles run ([`Block::stalls`]) and writes the last landing of each
//!   register written ([`TBundle::exit_lands`]); a cache stall or a trap
//!   first writes what the bundles before it would have
//!   ([`Machine::settle`]). A loop of one block that leaves by the same
//!   exit run after run writes the same registers each time: only the
//!   last run's landings are written, before anything reads them;
//! - the I-cache lines of each bundle: a bundle starting in the line where
//!   the previous bundle of the block ended is a hit without a lookup;
//! - the per-bundle counters (bundles, operations, those I-cache hits) are
//!   added once per block run, from prefix sums.
//!
//! A taken branch back to the block's own entry (a loop of one block) runs
//! the block again without going through the dispatcher's table; the
//! other exits are chained: a block keeps the table entries of the two
//! addresses its runs last left to ([`Block::succ`]), and the next block
//! found there runs without the table's lookup. `ldw`
//! and `stw` have their own operations (no size nor extension to select).
//! The caches check the way of each set's last hit first
//! ([`crate::cache::Cache::access`]), the memory and cache fast paths are
//! inlined into the block loop.
//!
//! What stays dynamic: I- and D-cache hits and misses (the caches are the
//! interpreter's), `pft`, taken branches, traps (with the PC and cycle of
//! the bundle), the cycle counter as the program reads it (`PM_PCLK`), and
//! stores into code: a store that clears a decoded bundle flushes every
//! translation, and a block that stored leaves at the next bundle. The
//! cycle limit is checked once per block (before each bundle only when
//! the block could reach it: [`TBundle::bound`]).
//!
//! The bundles the translator leaves to the interpreter run one at a time
//! in it (a single-step run of [`Machine::run_loop`]): `syscall` (the
//! semihosting code is shared), `rfi`, `idle`, `break`, `sbrk`, `prgins`,
//! `pswset`/`pswclr`, `ldw.l`/`stw.l`, custom operations, and bundles that
//! cannot be decoded. Whole runs go to the interpreter with a trace or a
//! profile, and on a non-interlocked core (ST220), whose exposed pipeline
//! is the interpreter's pending-write list. `--stats` counts these
//! fallbacks ([`super::EngineStats`]).
//!
//! # Why this execution method, and what it gives
//!
//! A pre-decoded block cache of specialised operations, dispatched by a
//! `match`, is the smallest step from the interpreter that removes its
//! per-bundle decode-cache lookup, its generic operand reads, most of its
//! scoreboard checks and its per-bundle bookkeeping, while reusing its
//! caches, memory and trap code unchanged. Closures, threaded code and a
//! native JIT were not measured.
//!
//! Measured on a shared 2-core host under heavy load (load average 12
//! to 13), so time figures are noisy; instruction counts (`valgrind
//! --tool=callgrind`) are not. The kernel of `cargo bench -p simulator`
//! (4 bundles, 13 operations a loop, ST231, full timing and caches):
//!
//! - as an executable of 200 000 iterations (2.6 M operations), host
//!   instructions for the whole `stsim` run: interp 460.5 M, translate
//!   203.5 M (2.26x fewer; 238.5 M before the static timing, the
//!   one-variant-per-opcode dispatch and the value array held in
//!   registers), about 78 a simulated operation;
//! - as an executable of 2 M iterations (26 M operations), CPU time
//!   (`perf stat -e task-clock`, the least of five runs): translate
//!   127 ms, interp 264 ms (158 ms before), that is about 205 M against
//!   99 M simulated operations per second: 2.1x;
//! - criterion (`cargo bench -p simulator --bench simulate`, wall clock,
//!   same run, load average 14 to 15): translate 81.5 M, interp 45.3 M
//!   simulated operations per second (intervals 78.9 to 83.9 M and 43.8
//!   to 46.5 M): 1.8x;
//! - `simulator/scripts/engine-speed 3` (`stsim` alone on each testsuite
//!   benchmark built at `-O2`, 0.2 M to 26 M operations, a start-up of
//!   about 2 ms CPU included, the least of three runs; load average 18
//!   to 20): the interpreter's time over the translator's is 1.52x
//!   geometric mean (1.47x without the block chaining and the
//!   per-register entry test, measured in the same hour with `STSIM=`
//!   naming that build), 2.2x at best (`nbody`, `matinv`); the
//!   translator is faster on all 51, by 1.04x to 1.16x on the shortest
//!   (`idct8x8`, `autocorr`, `fir`, `matmul`, 5 to 8 ms, of which the
//!   start-up is a third); every counter of `--stats-json` is the same.
//!   Host instructions of whole runs (callgrind), with and without the
//!   chaining and the entry test: `matmul` 71.4 M against 85.5 M,
//!   `autocorr` 60.4 M against 74.0 M, `statemachine` 138.2 M against
//!   143.1 M, `sort_heap` 170.4 M against 172.9 M; an empty `main` costs
//!   7.1 M (process start, ELF and symbol loading);
//! - `time ./target/release/testsuite --configs O2` (51 benchmarks,
//!   compilation included): 7.2 s and 7.4 s wall, 2.3 s and 2.6 s user
//!   (7.5 s and 2.5 s before; 9.6 s and 3.4 s with `STSIM_ENGINE=
//!   interp`): the simulation is a small part of it; every cycle count
//!   equal (`--baseline`: 1.000 for all).
//!
//! The 5x and 500 M operations/s goals are not reached. The remaining
//! cost is spread thin: per bundle of a block under static timing, the
//! fetch checks, the per-bundle cycle (kept for `PM_PCLK` and traps), the
//! operation loop and exit tests (about 60 host instructions); per
//! operation, the `match` and bounds-checked operand reads (about 25);
//! per load, the memory page lookup and the D-cache's tag check (about
//! 40); per block run, the entry tests and the exit's counters. On
//! `sort_heap` (0.88 M bundles, 1.28 M operations, blocks of 13 bundles
//! a run on average) nearly every bundle runs under static timing and
//! the whole run still costs about 185 host instructions a bundle. On
//! the testsuite's short programs the ratio is also bounded by the
//! start-up (about 2 ms CPU, the same for both engines): a geometric
//! mean of 4x would need the translator to run most of them in less
//! than the start-up.

//! The results are the interpreter's, counter for counter: the
//! differential test `tests/engines.rs` compares both engines (stop,
//! statistics, registers, output, data) on testsuite benchmarks built for
//! the ST231, ST240, ST220 and `machines/wide8.toml`, and on random bundle
//! streams with traps, self-modifying code, `syscall`s and branches into
//! blocks, and names the first bundle where they differ.

use std::cell::Cell;
use std::rc::Rc;

use super::{class_index, shl, shr, shru, Machine, CODE_PAGE_WORDS};
use crate::decode::{Dst, Kind, MicroOp, NUM_REGS, SINK};
use crate::trap::{Stop, TrapKind};

/// Table entry: nothing translated at this address yet.
const UNTRANSLATED: u32 = 0;
/// Table entry: the bundle here runs in the interpreter.
const INTERPRET: u32 = u32::MAX;
/// Most bundles in one block.
const MAX_BUNDLES: usize = 64;

/// The translations of a machine: blocks by entry address.
#[derive(Default)]
pub(super) struct Translations {
    /// Per 4 KiB page: 0 or 1 + index into `pages` (allocated on first use).
    page_of: Vec<u32>,
    /// Per page, per word: [`UNTRANSLATED`], [`INTERPRET`] or 1 + block.
    pages: Vec<Box<[u32; CODE_PAGE_WORDS]>>,
    /// The blocks (shared with a running block, which may flush them all).
    blocks: Vec<Rc<Block>>,
    /// Incremented by every flush.
    generation: u64,
    /// Counters.
    pub(super) counters: super::EngineStats,
}

impl Translations {
    /// Whether any address has a translation.
    pub(super) fn has_blocks(&self) -> bool {
        !self.pages.is_empty()
    }

    fn get(&self, pc: u32) -> u32 {
        match self.page_of.get((pc >> 12) as usize) {
            Some(&p) if p != 0 => self.pages[(p - 1) as usize][((pc & 0xFFF) >> 2) as usize],
            _ => UNTRANSLATED,
        }
    }

    fn set(&mut self, pc: u32, entry: u32) {
        if self.page_of.is_empty() {
            self.page_of = vec![0; 1 << 20];
        }
        let page = (pc >> 12) as usize;
        if self.page_of[page] == 0 {
            self.pages.push(Box::new([UNTRANSLATED; CODE_PAGE_WORDS]));
            self.page_of[page] = self.pages.len() as u32;
        }
        let p = self.page_of[page] - 1;
        self.pages[p as usize][((pc & 0xFFF) >> 2) as usize] = entry;
    }
}

/// A specialised operation, one variant per opcode (a single `match`
/// dispatches it): operands are value-array indices (registers, sink,
/// constants), as in [`MicroOp`].
#[derive(Debug, Clone, Copy)]
enum UOp {
    /// `add`.
    Add { d: u32, a: u32, b: u32 },
    /// `sub`.
    Sub { d: u32, a: u32, b: u32 },
    /// `shl`.
    Shl { d: u32, a: u32, b: u32 },
    /// `shr`.
    Shr { d: u32, a: u32, b: u32 },
    /// `shru`.
    Shru { d: u32, a: u32, b: u32 },
    /// `sh1add`.
    Sh1add { d: u32, a: u32, b: u32 },
    /// `sh2add`.
    Sh2add { d: u32, a: u32, b: u32 },
    /// `sh3add`.
    Sh3add { d: u32, a: u32, b: u32 },
    /// `sh4add`.
    Sh4add { d: u32, a: u32, b: u32 },
    /// `and`.
    And { d: u32, a: u32, b: u32 },
    /// `andc`.
    Andc { d: u32, a: u32, b: u32 },
    /// `or`.
    Or { d: u32, a: u32, b: u32 },
    /// `orc`.
    Orc { d: u32, a: u32, b: u32 },
    /// `xor`.
    Xor { d: u32, a: u32, b: u32 },
    /// `max`.
    Max { d: u32, a: u32, b: u32 },
    /// `maxu`.
    Maxu { d: u32, a: u32, b: u32 },
    /// `min`.
    Min { d: u32, a: u32, b: u32 },
    /// `minu`.
    Minu { d: u32, a: u32, b: u32 },
    /// `sxtb`.
    Sxtb { d: u32, a: u32, b: u32 },
    /// `sxth`.
    Sxth { d: u32, a: u32, b: u32 },
    /// `bswap`.
    Bswap { d: u32, a: u32, b: u32 },
    /// `zxth`.
    Zxth { d: u32, a: u32, b: u32 },
    /// `clz`.
    Clz { d: u32, a: u32, b: u32 },
    /// `cmpeq`.
    Cmpeq { d: u32, a: u32, b: u32 },
    /// `cmpne`.
    Cmpne { d: u32, a: u32, b: u32 },
    /// `cmpge`.
    Cmpge { d: u32, a: u32, b: u32 },
    /// `cmpgeu`.
    Cmpgeu { d: u32, a: u32, b: u32 },
    /// `cmpgt`.
    Cmpgt { d: u32, a: u32, b: u32 },
    /// `cmpgtu`.
    Cmpgtu { d: u32, a: u32, b: u32 },
    /// `cmple`.
    Cmple { d: u32, a: u32, b: u32 },
    /// `cmpleu`.
    Cmpleu { d: u32, a: u32, b: u32 },
    /// `cmplt`.
    Cmplt { d: u32, a: u32, b: u32 },
    /// `cmpltu`.
    Cmpltu { d: u32, a: u32, b: u32 },
    /// `andl`.
    Andl { d: u32, a: u32, b: u32 },
    /// `nandl`.
    Nandl { d: u32, a: u32, b: u32 },
    /// `orl`.
    Orl { d: u32, a: u32, b: u32 },
    /// `norl`.
    Norl { d: u32, a: u32, b: u32 },
    /// `mull`.
    Mull { d: u32, a: u32, b: u32 },
    /// `mullu`.
    Mullu { d: u32, a: u32, b: u32 },
    /// `mulh`.
    Mulh { d: u32, a: u32, b: u32 },
    /// `mulhu`.
    Mulhu { d: u32, a: u32, b: u32 },
    /// `mulll`.
    Mulll { d: u32, a: u32, b: u32 },
    /// `mulllu`.
    Mulllu { d: u32, a: u32, b: u32 },
    /// `mullh`.
    Mullh { d: u32, a: u32, b: u32 },
    /// `mullhu`.
    Mullhu { d: u32, a: u32, b: u32 },
    /// `mulhh`.
    Mulhh { d: u32, a: u32, b: u32 },
    /// `mulhhu`.
    Mulhhu { d: u32, a: u32, b: u32 },
    /// `mulhs`.
    Mulhs { d: u32, a: u32, b: u32 },
    /// `mulhhs`.
    Mulhhs { d: u32, a: u32, b: u32 },
    /// `mullhus`.
    Mullhus { d: u32, a: u32, b: u32 },
    /// `mul32`.
    Mul32 { d: u32, a: u32, b: u32 },
    /// `mul64h`.
    Mul64h { d: u32, a: u32, b: u32 },
    /// `mul64hu`.
    Mul64hu { d: u32, a: u32, b: u32 },
    /// `mulfrac`.
    Mulfrac { d: u32, a: u32, b: u32 },
    /// `slct`: `c ? a : b`.
    Slct { d: u32, a: u32, b: u32, c: u32 },
    /// `slctf`: `c ? b : a`.
    Slctf { d: u32, a: u32, b: u32, c: u32 },
    /// `addcg`: sum in `d`, carry out in `d2`.
    Addcg {
        d: u32,
        d2: u32,
        a: u32,
        b: u32,
        c: u32,
    },
    /// `divs`: one division step, quotient bit in `d2`.
    Divs {
        d: u32,
        d2: u32,
        a: u32,
        b: u32,
        c: u32,
    },
    /// `ldw` of `a + b`.
    Ldw { d: u32, a: u32, b: u32 },
    /// `ldh` (sign-extended).
    Ldh { d: u32, a: u32, b: u32 },
    /// `ldhu`.
    Ldhu { d: u32, a: u32, b: u32 },
    /// `ldb` (sign-extended).
    Ldb { d: u32, a: u32, b: u32 },
    /// `ldbu`.
    Ldbu { d: u32, a: u32, b: u32 },
    /// Dismissible loads (`ldw.d` and the others), `size` bytes,
    /// sign-extended when `signed`.
    LoadD {
        size: u32,
        signed: bool,
        d: u32,
        a: u32,
        b: u32,
    },
    /// `stw` of the value at `c` to `a + b`.
    Stw { a: u32, b: u32, c: u32 },
    /// `sth`.
    Sth { a: u32, b: u32, c: u32 },
    /// `stb`.
    Stb { a: u32, b: u32, c: u32 },
    /// `pft`.
    Pft { a: u32, b: u32 },
    /// `prgadd`.
    Prgadd { a: u32, b: u32 },
    /// `prgset`.
    Prgset { a: u32, b: u32 },
    /// `call` (link in `d`) and `goto` (`d` = sink).
    Jump { d: u32, target: u32, link: u32 },
    /// `icall` and `igoto`: to the value at `a`.
    JumpInd { d: u32, a: u32, link: u32 },
    /// `br`: to `target` if the BR at `c` is true.
    Br { c: u32, target: u32 },
    /// `brf`: to `target` if the BR at `c` is false.
    Brf { c: u32, target: u32 },
}

/// A translated bundle.
#[derive(Debug, Clone, Copy)]
struct TBundle {
    pc: u32,
    next_pc: u32,
    /// I-cache line of the first and of the last syllable, address of the
    /// last syllable.
    first_line: u32,
    last_line: u32,
    last_addr: u32,
    /// The first line is the previous bundle's last line in this block:
    /// a hit known at translation time.
    static_hit: bool,
    /// Static hits among the bundles of the block up to this one
    /// (included): counted once per block run.
    static_hits: u32,
    /// Interlock stall of this bundle, and the slot of its cause in
    /// [`isa::model::ALL_CLASSES`], when the block was entered with every
    /// earlier write landed in time (see [`Block::pre_limit`]) and no
    /// bundle of the block so far (this one's fetch included) waited for
    /// a cache: the in-block writers then issued at fixed distances.
    static_stall: u32,
    static_slot: u8,
    /// Operations, scoreboard checks (sources then destinations, with
    /// their stages) and destinations, as ranges of the block's arrays.
    ops: (u32, u32),
    checks: (u32, u32),
    /// The checks that can stall when every write from before the block
    /// has landed in time (see [`Block::pre_limit`]).
    fast_checks: (u32, u32),
    dsts: (u32, u32),
    counted_ops: u64,
    /// Operations counted in the bundles before it in the block.
    ops_before: u64,
    /// Results may be written as each operation completes (no operation
    /// reads a register written by an earlier one, and nothing that can
    /// trap comes after a register write); otherwise they are buffered.
    direct: bool,
    /// The bundle stores to memory (it may hit translated code).
    stores: bool,
    /// Upper bound of its cycles, for the per-block cycle-limit check.
    bound: u64,
    /// Latest result stage of its destinations.
    max_stage: u64,
    /// Fetch and issue cycles relative to the block's entry under static
    /// timing (entry with every earlier write landed in time, no cache
    /// stall since).
    rel_fetch: u64,
    rel_issue: u64,
    /// Entries of [`Block::stalls`] of the bundles up to this one.
    stalls_upto: u32,
    /// Latest landing cycle, relative to the entry under static timing,
    /// of the results of the bundles up to this one (`None`: no result).
    land_max: Option<u64>,
    /// For a bundle the block can be left after (a control transfer, the
    /// last bundle): the range of [`Block::lands`] that holds the last
    /// landing of each register written up to it.
    exit_lands: Option<(u32, u32)>,
}

/// The landing of a register's last write in a block, under static
/// timing: cycle relative to the entry, producer's timing class.
#[derive(Debug, Clone, Copy)]
struct Land {
    reg: u8,
    class: isa::OpClass,
    rel: u32,
}

/// A block: bundles consecutive in memory, entered at the first, left at
/// a taken control transfer or after the last.
#[derive(Debug, Default)]
pub(super) struct Block {
    bundles: Vec<TBundle>,
    ops: Vec<UOp>,
    checks: Vec<(u8, u8)>,
    dsts: Vec<Dst>,
    bound: u64,
    /// Static interlock stalls (slot in [`isa::model::ALL_CLASSES`],
    /// cycles) of the bundles that have one, in bundle order.
    stalls: Vec<(u8, u32)>,
    /// Per exit, the landings of [`TBundle::exit_lands`].
    lands: Vec<Land>,
    /// If every register write from before the block lands by the entry
    /// cycle plus `pre_limit` (that is, `max_avail - cycle` is at most
    /// `pre_limit`), no check on a register the block has not yet written
    /// can stall: bundle `k` is fetched `k` cycles after entry or later,
    /// and reads at its stage or later.
    pre_limit: u64,
    /// The same condition register by register, for when the one on
    /// `max_avail` fails: (register, limit) for each register the block
    /// checks before writing it; when every such register lands by the
    /// entry cycle plus its limit, no check of a register the block has
    /// not yet written can stall.
    pre_regs: Vec<(u8, u64)>,
    /// The table entries of the addresses the block's runs last left to
    /// (address, entry; the latest first), valid while no flush happened
    /// since the block was taken from the table: the next block is found
    /// without the table's lookup.
    succ: [Cell<(u32, u32)>; 2],
}

impl Block {
    /// The table entry of `pc` if it is one of the block's successors.
    #[inline(always)]
    fn successor(&self, pc: u32) -> Option<u32> {
        let s0 = self.succ[0].get();
        if s0.0 == pc && s0.1 != UNTRANSLATED {
            return Some(s0.1);
        }
        let s1 = self.succ[1].get();
        (s1.0 == pc && s1.1 != UNTRANSLATED).then_some(s1.1)
    }

    /// Records that a run of the block left to `pc`, whose table entry
    /// is `entry`.
    fn remember(&self, pc: u32, entry: u32) {
        let s0 = self.succ[0].get();
        if s0.0 != pc || s0.1 == UNTRANSLATED {
            self.succ[1].set(s0);
            self.succ[0].set((pc, entry));
        }
    }
}

/// Appends the landings of `last_land` to `lands`; returns their range.
fn push_lands(
    lands: &mut Vec<Land>,
    last_land: &[Option<(u64, isa::OpClass)>; NUM_REGS],
) -> (u32, u32) {
    let start = lands.len() as u32;
    for (reg, l) in last_land.iter().enumerate() {
        if let Some((rel, class)) = *l {
            lands.push(Land {
                reg: reg as u8,
                class,
                rel: rel as u32,
            });
        }
    }
    (start, lands.len() as u32 - start)
}

/// Whether a bundle of these operations can be translated; the others run
/// in the interpreter.
fn translatable(ops: &[MicroOp]) -> bool {
    ops.iter().all(|op| {
        !matches!(
            op.kind,
            Kind::Syscall
                | Kind::Idle
                | Kind::Break
                | Kind::Sbrk
                | Kind::Rfi
                | Kind::Prgins
                | Kind::Prginspg
                | Kind::Pswset
                | Kind::Pswclr
                | Kind::Ldwl
                | Kind::Stwl
                | Kind::Custom
        )
    })
}

/// An operation of the memory unit (ISA-ST200 §4.6): loads and stores,
/// and the cache operations `pft`, `prgadd`, `prgset`.
fn is_memory(k: Kind) -> bool {
    k.is_load_or_store() || matches!(k, Kind::Pft | Kind::Prgadd | Kind::Prgset)
}

fn may_trap(k: Kind) -> bool {
    matches!(
        k,
        Kind::Ldw
            | Kind::Ldh
            | Kind::Ldhu
            | Kind::Ldb
            | Kind::Ldbu
            | Kind::Stw
            | Kind::Sth
            | Kind::Stb
    )
}

/// The specialised form of `op` in a bundle ending at `next_pc`, or
/// `None` if it has no effect (a `nop`, `sync`, `wmb`).
fn specialise(op: &MicroOp, next_pc: u32) -> Option<UOp> {
    let (d, a, b, c, d2) = (op.d, op.a, op.b, op.c, op.d2);
    let load_d = |size: u32, signed: bool| UOp::LoadD {
        size,
        signed,
        d,
        a,
        b,
    };
    Some(match op.kind {
        Kind::Sync | Kind::Wmb => return None,
        Kind::Add if d == SINK => return None,
        Kind::Add => UOp::Add { d, a, b },
        Kind::Sub => UOp::Sub { d, a, b },
        Kind::Shl => UOp::Shl { d, a, b },
        Kind::Shr => UOp::Shr { d, a, b },
        Kind::Shru => UOp::Shru { d, a, b },
        Kind::Sh1add => UOp::Sh1add { d, a, b },
        Kind::Sh2add => UOp::Sh2add { d, a, b },
        Kind::Sh3add => UOp::Sh3add { d, a, b },
        Kind::Sh4add => UOp::Sh4add { d, a, b },
        Kind::And => UOp::And { d, a, b },
        Kind::Andc => UOp::Andc { d, a, b },
        Kind::Or => UOp::Or { d, a, b },
        Kind::Orc => UOp::Orc { d, a, b },
        Kind::Xor => UOp::Xor { d, a, b },
        Kind::Max => UOp::Max { d, a, b },
        Kind::Maxu => UOp::Maxu { d, a, b },
        Kind::Min => UOp::Min { d, a, b },
        Kind::Minu => UOp::Minu { d, a, b },
        Kind::Sxtb => UOp::Sxtb { d, a, b },
        Kind::Sxth => UOp::Sxth { d, a, b },
        Kind::Bswap => UOp::Bswap { d, a, b },
        Kind::Zxth => UOp::Zxth { d, a, b },
        Kind::Clz => UOp::Clz { d, a, b },
        Kind::Cmpeq => UOp::Cmpeq { d, a, b },
        Kind::Cmpne => UOp::Cmpne { d, a, b },
        Kind::Cmpge => UOp::Cmpge { d, a, b },
        Kind::Cmpgeu => UOp::Cmpgeu { d, a, b },
        Kind::Cmpgt => UOp::Cmpgt { d, a, b },
        Kind::Cmpgtu => UOp::Cmpgtu { d, a, b },
        Kind::Cmple => UOp::Cmple { d, a, b },
        Kind::Cmpleu => UOp::Cmpleu { d, a, b },
        Kind::Cmplt => UOp::Cmplt { d, a, b },
        Kind::Cmpltu => UOp::Cmpltu { d, a, b },
        Kind::Andl => UOp::Andl { d, a, b },
        Kind::Nandl => UOp::Nandl { d, a, b },
        Kind::Orl => UOp::Orl { d, a, b },
        Kind::Norl => UOp::Norl { d, a, b },
        Kind::Mull => UOp::Mull { d, a, b },
        Kind::Mullu => UOp::Mullu { d, a, b },
        Kind::Mulh => UOp::Mulh { d, a, b },
        Kind::Mulhu => UOp::Mulhu { d, a, b },
        Kind::Mulll => UOp::Mulll { d, a, b },
        Kind::Mulllu => UOp::Mulllu { d, a, b },
        Kind::Mullh => UOp::Mullh { d, a, b },
        Kind::Mullhu => UOp::Mullhu { d, a, b },
        Kind::Mulhh => UOp::Mulhh { d, a, b },
        Kind::Mulhhu => UOp::Mulhhu { d, a, b },
        Kind::Mulhs => UOp::Mulhs { d, a, b },
        Kind::Mulhhs => UOp::Mulhhs { d, a, b },
        Kind::Mullhus => UOp::Mullhus { d, a, b },
        Kind::Mul32 => UOp::Mul32 { d, a, b },
        Kind::Mul64h => UOp::Mul64h { d, a, b },
        Kind::Mul64hu => UOp::Mul64hu { d, a, b },
        Kind::Mulfrac => UOp::Mulfrac { d, a, b },
        Kind::Slct => UOp::Slct { d, a, b, c },
        Kind::Slctf => UOp::Slctf { d, a, b, c },
        Kind::Addcg => UOp::Addcg { d, d2, a, b, c },
        Kind::Divs => UOp::Divs { d, d2, a, b, c },
        Kind::Ldw => UOp::Ldw { d, a, b },
        Kind::Ldh => UOp::Ldh { d, a, b },
        Kind::Ldhu => UOp::Ldhu { d, a, b },
        Kind::Ldb => UOp::Ldb { d, a, b },
        Kind::Ldbu => UOp::Ldbu { d, a, b },
        Kind::LdwD => load_d(4, false),
        Kind::LdhD => load_d(2, true),
        Kind::LdhuD => load_d(2, false),
        Kind::LdbD => load_d(1, true),
        Kind::LdbuD => load_d(1, false),
        Kind::Stw => UOp::Stw { a, b, c },
        Kind::Sth => UOp::Sth { a, b, c },
        Kind::Stb => UOp::Stb { a, b, c },
        Kind::Pft => UOp::Pft { a, b },
        Kind::Prgadd => UOp::Prgadd { a, b },
        Kind::Prgset => UOp::Prgset { a, b },
        Kind::Call | Kind::Goto => UOp::Jump {
            d,
            target: op.target,
            link: next_pc,
        },
        Kind::Icall | Kind::Igoto => UOp::JumpInd {
            d,
            a,
            link: next_pc,
        },
        Kind::Br => UOp::Br {
            c,
            target: op.target,
        },
        Kind::Brf => UOp::Brf {
            c,
            target: op.target,
        },
        // translatable() keeps every other kind in the interpreter
        _ => return None,
    })
}

/// Index in [`isa::model::ALL_CLASSES`] of each timing class, by the
/// class's discriminant.
const CLASS_SLOT: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < isa::model::ALL_CLASSES.len() {
        t[isa::model::ALL_CLASSES[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Results of a bundle not yet written (buffered bundles only).
struct Writes {
    n: usize,
    w: [(u32, u32); 2 * crate::decode::MAX_ISSUE as usize],
}

impl Machine {
    /// Forgets every translation.
    pub(super) fn flush_translations(&mut self) {
        let tr = &mut self.tr;
        if tr.pages.is_empty() && tr.blocks.is_empty() {
            return;
        }
        for p in &mut tr.pages {
            p.fill(UNTRANSLATED);
        }
        tr.blocks.clear();
        tr.generation += 1;
        tr.counters.flushes += 1;
    }

    /// Runs translated blocks (interlocked core, no trace nor profile)
    /// until the program exits, traps or reaches the cycle limit.
    pub(super) fn run_translated(&mut self) -> Stop {
        let limit = self.options.max_cycles.unwrap_or(u64::MAX);
        let mut writes = Writes {
            n: 0,
            w: [(SINK, 0); 2 * crate::decode::MAX_ISSUE as usize],
        };
        // The block run last, while its successor entries are valid (no
        // flush since it was taken from the table).
        let mut prev: Option<Rc<Block>> = None;
        loop {
            let pc = self.pc;
            if self.cycle >= limit {
                return Stop::MaxCycles { limit, pc };
            }
            if pc & 3 != 0 {
                return self.trap(TrapKind::MisalignedPc, pc, self.cycle);
            }
            let generation = self.tr.generation;
            let mut entry = self.tr.get(pc);
            if entry == UNTRANSLATED {
                entry = self.translate(pc);
            }
            if self.tr.generation != generation {
                prev = None;
            }
            if let Some(p) = &prev {
                p.remember(pc, entry);
            }
            if entry == INTERPRET {
                prev = None;
                self.tr.counters.interpreted_bundles += 1;
                self.step_pause = false;
                let stop = self.run_loop::<false, false, true>();
                if self.step_pause {
                    continue;
                }
                return stop;
            }
            let block = Rc::clone(&self.tr.blocks[(entry - 1) as usize]);
            let generation = self.tr.generation;
            let (stop, last) = self.run_chain(block, limit, &mut writes);
            if let Some(stop) = stop {
                return stop;
            }
            prev = (self.tr.generation == generation).then_some(last);
        }
    }

    /// Runs `first`, then the blocks its exits lead to while they are
    /// found in the blocks' successor entries ([`Block::succ`]), without
    /// going through the dispatcher's table; returns the stop, if the run
    /// stopped, and the block run last.
    fn run_chain(
        &mut self,
        first: Rc<Block>,
        limit: u64,
        writes: &mut Writes,
    ) -> (Option<Stop>, Rc<Block>) {
        // The value array is moved out of the machine for the run: the
        // operations then index a slice held in registers, not a vector
        // reloaded through `self` after every store.
        let mut vals = std::mem::take(&mut self.vals);
        let generation = self.tr.generation;
        let mut blk = first;
        let stop = loop {
            let mut deferred = None;
            let stop = self.run_block_with(&blk, limit, writes, &mut vals, &mut deferred);
            self.land_deferred(&blk, &mut deferred);
            if stop.is_some() {
                break stop;
            }
            // Leave to the dispatcher after a flush (the entries name
            // blocks of the old generation), at the cycle limit, at a
            // misaligned PC and when the successor is not known.
            let pc = self.pc;
            if self.tr.generation != generation || self.cycle >= limit || pc & 3 != 0 {
                break None;
            }
            match blk.successor(pc) {
                Some(e) if e != INTERPRET && e != UNTRANSLATED => {
                    blk = Rc::clone(&self.tr.blocks[(e - 1) as usize]);
                }
                _ => break None,
            }
        };
        self.vals = vals;
        (stop, blk)
    }

    /// Translates the block entered at `pc`; returns its table entry.
    fn translate(&mut self, pc: u32) -> u32 {
        loop {
            let generation = self.tr.generation;
            let block = self.build_block(pc);
            // A decode-cache flush while building drops the constants the
            // block refers to: build it again.
            if self.tr.generation != generation {
                continue;
            }
            let entry = match block {
                None => INTERPRET,
                Some(b) => {
                    self.tr.counters.blocks_translated += 1;
                    self.tr.counters.bundles_translated += b.bundles.len() as u64;
                    self.tr.blocks.push(Rc::new(b));
                    self.tr.blocks.len() as u32
                }
            };
            self.tr.set(pc, entry);
            return entry;
        }
    }

    fn build_block(&mut self, pc: u32) -> Option<Block> {
        let ipen = u64::from(self.model.icache.miss_penalty);
        let dpen = u64::from(self.model.dcache.miss_penalty);
        let taken = u64::from(self.model.taken_branch_penalty);
        let mut blk = Block {
            pre_limit: u64::MAX,
            ..Block::default()
        };
        // Last writer of each register in the block so far: (bundle,
        // stage, timing class).
        let mut writer: [Option<(u64, u8, isa::OpClass)>; NUM_REGS] = [None; NUM_REGS];
        // Issue cycle of each bundle relative to the block's entry, without
        // cache stalls and with every earlier write landed in time.
        let mut rel_issue: Vec<i64> = Vec::new();
        // Landing cycle relative to the entry (static timing) and class of
        // each register's last write in the block so far.
        let mut last_land: [Option<(u64, isa::OpClass)>; NUM_REGS] = [None; NUM_REGS];
        let mut cur = pc;
        let mut prev_last_line: Option<u32> = None;
        while blk.bundles.len() < MAX_BUNDLES {
            let bi = match self.lookup(cur) {
                Some(i) => i,
                None => match self.decode_at(cur) {
                    Ok(i) => i,
                    Err(_) => break,
                },
            };
            let b = self.code.bundles[bi as usize];
            let ops = &self.code.ops[b.op_start as usize..][..b.op_count as usize];
            if !translatable(ops) {
                break;
            }
            // Memory operations first, in their order; the others keep theirs.
            let mut order: Vec<&MicroOp> = ops.iter().filter(|o| is_memory(o.kind)).collect();
            order.extend(ops.iter().filter(|o| !is_memory(o.kind)));
            let mut dests: Vec<u32> = ops
                .iter()
                .flat_map(|o| [o.d, o.d2])
                .filter(|&d| d != SINK)
                .collect();
            let n_dests = dests.len();
            dests.sort_unstable();
            dests.dedup();
            let mut reordered = dests.len() == n_dests;
            if !reordered {
                order = ops.iter().collect();
            }
            // Direct writes: no read of an earlier result, no trap after a write.
            let mut written: Vec<u32> = Vec::new();
            let mut direct = reordered;
            for o in &order {
                let reads = [o.a, o.b, o.c];
                if reads
                    .iter()
                    .any(|&r| (r as usize) < NUM_REGS && written.contains(&r))
                    || (may_trap(o.kind) && !written.is_empty())
                {
                    direct = false;
                }
                written.extend([o.d, o.d2].into_iter().filter(|&d| d != SINK));
            }
            reordered &= direct;
            if !reordered {
                order = ops.iter().collect();
            }
            let op_start = blk.ops.len() as u32;
            let mut nmem = 0;
            let mut control = false;
            for o in &order {
                nmem += u64::from(is_memory(o.kind));
                control |= matches!(o.kind, Kind::Call | Kind::Icall | Kind::Goto | Kind::Igoto);
                if let Some(u) = specialise(o, b.next_pc) {
                    blk.ops.push(u);
                }
            }
            let check_start = blk.checks.len() as u32;
            for s in &self.code.srcs[b.src_start as usize..][..b.src_count as usize] {
                blk.checks.push((s.reg, s.stage));
            }
            let dsts = &self.code.dsts[b.dst_start as usize..][..b.dst_count as usize];
            for d in dsts {
                blk.checks.push((d.reg, d.stage));
            }
            // Static scoreboard: a result of bundle j at stage s is ready
            // for a read at stage r by bundle k > j when s - r <= k - j
            // (bundle k is fetched at least k - j cycles after bundle j's
            // results start their latency); only the others are checked.
            let k = blk.bundles.len() as u64;
            let fast_start = blk.checks.len() as u32;
            for i in check_start..fast_start {
                let (reg, stage) = blk.checks[i as usize];
                match writer[reg as usize] {
                    Some((j, s, _)) => {
                        if i64::from(s) - i64::from(stage) > (k - j) as i64 {
                            blk.checks.push((reg, stage));
                        }
                    }
                    None => {
                        let lim = k + u64::from(stage);
                        blk.pre_limit = blk.pre_limit.min(lim);
                        match blk.pre_regs.iter_mut().find(|(r, _)| *r == reg) {
                            Some((_, l)) => *l = (*l).min(lim),
                            None => blk.pre_regs.push((reg, lim)),
                        }
                    }
                }
            }
            // The stall those checks give without cache stalls: the same
            // loop as the dynamic one (first greatest need wins).
            let fetch_rel = rel_issue.last().map_or(0, |&i| i + 1);
            let mut issue_rel = fetch_rel;
            let mut cause = None;
            for &(reg, stage) in &blk.checks[fast_start as usize..] {
                if let Some((j, s, class)) = writer[reg as usize] {
                    let need = rel_issue[j as usize] + i64::from(s) - i64::from(stage);
                    if need > issue_rel {
                        issue_rel = need;
                        cause = Some(class);
                    }
                }
            }
            rel_issue.push(issue_rel);
            let static_stall = (issue_rel - fetch_rel) as u32;
            let static_slot = cause.map_or(0, |c| match CLASS_SLOT.get(c as usize) {
                Some(&i) => i,
                None => class_index(c) as u8,
            });
            for d in dsts {
                writer[d.reg as usize] = Some((k, d.stage, d.class));
                last_land[d.reg as usize] = Some((issue_rel as u64 + u64::from(d.stage), d.class));
            }
            if static_stall > 0 {
                blk.stalls.push((static_slot, static_stall));
            }
            let max_stage = dsts.iter().map(|d| u64::from(d.stage)).max();
            let prev_land_max = blk.bundles.last().and_then(|p| p.land_max);
            let land_max = match (prev_land_max, max_stage) {
                (p, Some(s)) => Some(p.unwrap_or(0).max(issue_rel as u64 + s)),
                (p, None) => p,
            };
            let exit_lands =
                if control || ops.iter().any(|o| matches!(o.kind, Kind::Br | Kind::Brf)) {
                    Some(push_lands(&mut blk.lands, &last_land))
                } else {
                    None
                };
            let dst_start = blk.dsts.len() as u32;
            blk.dsts.extend_from_slice(dsts);
            let first_line = self.icache.line_of(cur);
            let last_addr = b.next_pc.wrapping_sub(4);
            let last_line = self.icache.line_of(last_addr);
            let stores = ops
                .iter()
                .any(|o| matches!(o.kind, Kind::Stw | Kind::Sth | Kind::Stb));
            let tb = TBundle {
                pc: cur,
                next_pc: b.next_pc,
                first_line,
                last_line,
                last_addr,
                static_hit: prev_last_line == Some(first_line),
                static_hits: blk.bundles.last().map_or(0, |p| p.static_hits)
                    + u32::from(prev_last_line == Some(first_line)),
                static_stall,
                static_slot,
                ops: (op_start, blk.ops.len() as u32 - op_start),
                checks: (check_start, fast_start - check_start),
                fast_checks: (fast_start, blk.checks.len() as u32 - fast_start),
                dsts: (dst_start, dsts.len() as u32),
                counted_ops: u64::from(b.counted_ops),
                ops_before: blk
                    .bundles
                    .last()
                    .map_or(0, |p| p.ops_before + p.counted_ops),
                direct,
                stores,
                max_stage: max_stage.unwrap_or(0),
                rel_fetch: fetch_rel as u64,
                rel_issue: issue_rel as u64,
                stalls_upto: blk.stalls.len() as u32,
                land_max,
                exit_lands,
                bound: 1 + 2 * ipen + nmem * dpen + taken + u64::from(u8::MAX),
            };
            blk.bound += tb.bound;
            blk.bundles.push(tb);
            prev_last_line = Some(last_line);
            if control || b.next_pc <= cur {
                break;
            }
            cur = b.next_pc;
        }
        if let Some(last) = blk.bundles.last_mut() {
            if last.exit_lands.is_none() {
                last.exit_lands = Some(push_lands(&mut blk.lands, &last_land));
            }
        }
        if blk.bundles.is_empty() {
            None
        } else {
            Some(blk)
        }
    }

    /// Runs `blk` from its first bundle on the value array `vals` (taken
    /// out of the machine); `Some` if the run stops in it.
    #[inline(always)]
    fn run_block_with(
        &mut self,
        blk: &Block,
        limit: u64,
        writes: &mut Writes,
        vals: &mut [u32],
        deferred: &mut Option<(usize, u64)>,
    ) -> Option<Stop> {
        let class_slot = &CLASS_SLOT;
        let generation = self.tr.generation;
        let taken_penalty = u64::from(self.model.taken_branch_penalty);
        let entry_pc = blk.bundles.first().map_or(0, |b| b.pc);
        // A taken branch back to the block's entry runs it again here
        // (as the dispatcher would, without its table lookup).
        'run: loop {
            self.tr.counters.block_runs += 1;
            // Check the cycle limit before each bundle only when the block
            // could reach it (earlier writes can delay it by what is left of
            // their latency); otherwise the limit is not reached at entry.
            let check = self
                .cycle
                .saturating_add(blk.bound)
                .saturating_add(self.max_avail.saturating_sub(self.cycle))
                >= limit;
            let fast = self.max_avail.saturating_sub(self.cycle) <= blk.pre_limit || {
                // The registers the block reads (the landings deferred by
                // the previous run written first).
                self.land_deferred(blk, deferred);
                let cycle = self.cycle;
                blk.pre_regs
                    .iter()
                    .all(|&(r, lim)| self.avail[r as usize].saturating_sub(cycle) <= lim)
            };
            // No cache stall yet in this run (see [`TBundle::static_stall`]).
            let mut clean = fast;
            // Static timing: while nothing waits for a cache, bundle `k`
            // is fetched at `entry + rel_fetch` and issues at `entry +
            // rel_issue`; the results' landing cycles and the stall
            // counters are then written once, when the run leaves the
            // block or the first cache stall ends the static timing
            // ([`Machine::settle`]).
            let entry = self.cycle;
            let mut timed = fast && !check;
            if !timed {
                // The dynamic checks read the landing cycles.
                self.land_deferred(blk, deferred);
            }
            for (n, tb) in blk.bundles.iter().enumerate() {
                let pc = tb.pc;
                let fetch = if timed {
                    self.cycle = entry + tb.rel_fetch;
                    self.cycle
                } else {
                    if check && self.cycle >= limit {
                        self.pc = pc;
                        self.count_bundles(
                            n as u64,
                            tb.ops_before,
                            tb.static_hits - u32::from(tb.static_hit),
                        );
                        return Some(Stop::MaxCycles { limit, pc });
                    }
                    self.cycle
                };

                // 1. Instruction fetch.
                let mut t = fetch;
                if tb.static_hit {
                    // counted at the block's exit
                } else if self.last_iline == Some(tb.first_line) {
                    self.icache.stats.hits += 1;
                } else {
                    t += u64::from(self.icache.access(pc, false, fetch));
                }
                if tb.last_line != tb.first_line {
                    t += u64::from(self.icache.access(tb.last_addr, false, fetch));
                }
                self.last_iline = Some(tb.last_line);
                if t > fetch {
                    self.stats.stalls.icache_miss += t - fetch;
                    clean = false;
                    if timed {
                        self.land_deferred(blk, deferred);
                        self.settle(blk, n, entry);
                        timed = false;
                    }
                }

                // 2. Scoreboard.
                let mut issue = t;
                if timed {
                    issue = entry + tb.rel_issue;
                } else if clean {
                    if tb.static_stall > 0 {
                        issue += u64::from(tb.static_stall);
                        self.stats.stalls.interlock[tb.static_slot as usize] +=
                            u64::from(tb.static_stall);
                    }
                } else {
                    let mut cause = 0usize;
                    let checks = if fast { tb.fast_checks } else { tb.checks };
                    for &(reg, stage) in &blk.checks[checks.0 as usize..][..checks.1 as usize] {
                        let need = self.avail[reg as usize].saturating_sub(u64::from(stage));
                        if need > issue {
                            issue = need;
                            cause = reg as usize;
                        }
                    }
                    if issue > t {
                        let class = self.producer[cause];
                        let slot = match class_slot.get(class as usize) {
                            Some(&i) => i as usize,
                            None => class_index(class),
                        };
                        self.stats.stalls.interlock[slot] += issue - t;
                    }
                }

                // 3. Execute.
                self.mem_now = issue;
                let mut dstall = 0u32;
                let mut next_pc = tb.next_pc;
                let mut taken = false;
                let ops = &blk.ops[tb.ops.0 as usize..][..tb.ops.1 as usize];
                let r = if tb.direct {
                    self.exec::<true>(vals, ops, &mut dstall, &mut next_pc, &mut taken, writes)
                } else {
                    writes.n = 0;
                    let r = self.exec::<false>(
                        vals,
                        ops,
                        &mut dstall,
                        &mut next_pc,
                        &mut taken,
                        writes,
                    );
                    if r.is_ok() {
                        for &(idx, v) in &writes.w[..writes.n] {
                            vals[idx as usize] = v;
                        }
                    }
                    r
                };
                if let Err(k) = r {
                    if timed {
                        self.land_deferred(blk, deferred);
                        self.settle(blk, n, entry);
                        self.stats.stalls.interlock[tb.static_slot as usize] +=
                            u64::from(tb.static_stall);
                    }
                    self.pc = pc;
                    self.count_bundles(n as u64, tb.ops_before, tb.static_hits);
                    return Some(self.trap(k, pc, issue));
                }

                // 4. D-cache stall, scoreboard update, next bundle.
                let done = issue + u64::from(dstall);
                if dstall > 0 {
                    self.stats.stalls.dcache_miss += u64::from(dstall);
                    clean = false;
                    if timed {
                        self.land_deferred(blk, deferred);
                        self.settle(blk, n, entry);
                        self.stats.stalls.interlock[tb.static_slot as usize] +=
                            u64::from(tb.static_stall);
                        timed = false;
                    }
                }
                if !timed {
                    for d in &blk.dsts[tb.dsts.0 as usize..][..tb.dsts.1 as usize] {
                        self.avail[d.reg as usize] = done + u64::from(d.stage);
                        self.producer[d.reg as usize] = d.class;
                    }
                    if tb.dsts.1 > 0 {
                        self.max_avail = self.max_avail.max(done + tb.max_stage);
                    }
                }
                let exit = taken || (tb.stores && self.tr.generation != generation);
                if !exit {
                    if !timed {
                        self.cycle = done + 1;
                    }
                    continue;
                }
                if timed {
                    self.settle_exit(blk, n, entry, deferred);
                }
                self.cycle = done + 1;
                self.pc = next_pc;
                self.count_bundles(n as u64 + 1, tb.ops_before + tb.counted_ops, tb.static_hits);
                if taken {
                    self.cycle += taken_penalty;
                    self.stats.stalls.taken_branch += taken_penalty;
                    self.stats.taken_branches += 1;
                    if next_pc == entry_pc && self.tr.generation == generation {
                        continue 'run;
                    }
                }
                // else: this bundle changed translated code.
                return None;
            }
            if let Some(last) = blk.bundles.last() {
                if timed {
                    self.settle_exit(blk, blk.bundles.len() - 1, entry, deferred);
                    self.cycle = entry + last.rel_issue + 1;
                }
                self.count_bundles(
                    blk.bundles.len() as u64,
                    last.ops_before + last.counted_ops,
                    last.static_hits,
                );
                self.pc = last.next_pc;
            }
            return None;
        }
    }

    /// Ends the static timing of a run of `blk` entered at cycle `entry`
    /// before its bundle `n`: lands the results of bundles `0..n` and
    /// counts their interlock stalls, as the bundle-by-bundle timing
    /// would have.
    fn settle(&mut self, blk: &Block, n: usize, entry: u64) {
        let Some(last) = n.checked_sub(1).map(|i| &blk.bundles[i]) else {
            return;
        };
        for tb in &blk.bundles[..n] {
            let issue = entry + tb.rel_issue;
            for d in &blk.dsts[tb.dsts.0 as usize..][..tb.dsts.1 as usize] {
                self.avail[d.reg as usize] = issue + u64::from(d.stage);
                self.producer[d.reg as usize] = d.class;
            }
        }
        self.settle_counters(blk, last, entry);
    }

    /// [`Machine::settle`] at the exit after bundle `n` (a taken branch,
    /// the block's end, a store into code). When the translator listed
    /// the last landing of each register for this exit, their writing is
    /// deferred (`deferred`: exit and entry cycle): a later run of the
    /// block that leaves by the same exit under static timing writes the
    /// same registers, so only the last run's landings are written
    /// ([`Machine::land_deferred`], before anything reads them).
    fn settle_exit(
        &mut self,
        blk: &Block,
        n: usize,
        entry: u64,
        deferred: &mut Option<(usize, u64)>,
    ) {
        let tb = &blk.bundles[n];
        if tb.exit_lands.is_some() {
            if matches!(*deferred, Some((d, _)) if d != n) {
                self.land_deferred(blk, deferred);
            }
            *deferred = Some((n, entry));
            self.settle_counters(blk, tb, entry);
        } else {
            self.land_deferred(blk, deferred);
            self.settle(blk, n + 1, entry);
        }
    }

    /// Writes the landings deferred by [`Machine::settle_exit`].
    fn land_deferred(&mut self, blk: &Block, deferred: &mut Option<(usize, u64)>) {
        let Some((n, entry)) = deferred.take() else {
            return;
        };
        if let Some((start, len)) = blk.bundles[n].exit_lands {
            for l in &blk.lands[start as usize..][..len as usize] {
                self.avail[l.reg as usize] = entry + u64::from(l.rel);
                self.producer[l.reg as usize] = l.class;
            }
        }
    }

    /// The interlock stalls and latest landing of the bundles of `blk` up
    /// to `last` (included), under static timing from `entry`.
    #[inline(always)]
    fn settle_counters(&mut self, blk: &Block, last: &TBundle, entry: u64) {
        for &(slot, stall) in &blk.stalls[..last.stalls_upto as usize] {
            self.stats.stalls.interlock[slot as usize] += u64::from(stall);
        }
        if let Some(m) = last.land_max {
            self.max_avail = self.max_avail.max(entry + m);
        }
    }

    /// Counts `bundles` bundles of a block that issued, with `operations`
    /// operations, and `icache_hits` I-cache hits known at translation
    /// (done once per block run, not per bundle).
    #[inline(always)]
    fn count_bundles(&mut self, bundles: u64, operations: u64, icache_hits: u32) {
        self.icache.stats.hits += u64::from(icache_hits);
        self.tr.counters.bundles_in_blocks += bundles;
        self.stats.bundles += bundles;
        self.stats.operations += operations;
    }

    /// Executes the operations of one bundle; results go straight to the
    /// registers (`DIRECT`) or to `writes`.
    #[inline(always)]
    fn exec<const DIRECT: bool>(
        &mut self,
        vals: &mut [u32],
        ops: &[UOp],
        dstall: &mut u32,
        next_pc: &mut u32,
        taken: &mut bool,
        writes: &mut Writes,
    ) -> Result<(), TrapKind> {
        macro_rules! put {
            ($d:expr, $v:expr) => {{
                let (d, v) = ($d, $v);
                if DIRECT {
                    vals[d as usize] = v;
                } else {
                    writes.w[writes.n] = (d, v);
                    writes.n += 1;
                }
            }};
        }
        macro_rules! bin {
            ($d:expr, $a:expr, $b:expr, $f:expr) => {{
                let f = $f;
                put!($d, f(vals[$a as usize], vals[$b as usize]))
            }};
        }
        macro_rules! addr {
            ($a:expr, $b:expr) => {
                vals[$a as usize].wrapping_add(vals[$b as usize])
            };
        }
        // a store of `$size` bytes of register `$c` at `$a + $b`, checked
        // against the stack pointer's current value
        macro_rules! store {
            ($a:expr, $b:expr, $c:expr, $size:expr) => {
                self.store_sp(
                    addr!($a, $b),
                    $size,
                    vals[$c as usize],
                    vals[isa::abi::SP as usize],
                    dstall,
                )?
            };
        }
        for op in ops {
            match *op {
                UOp::Add { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a.wrapping_add(b)),
                UOp::Sub { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a.wrapping_sub(b)),
                UOp::Shl { d, a, b } => bin!(d, a, b, |a: u32, b: u32| shl(a, b)),
                UOp::Shr { d, a, b } => bin!(d, a, b, |a: u32, b: u32| shr(a, b)),
                UOp::Shru { d, a, b } => bin!(d, a, b, |a: u32, b: u32| shru(a, b)),
                UOp::Sh1add { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a << 1).wrapping_add(b)),
                UOp::Sh2add { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a << 2).wrapping_add(b)),
                UOp::Sh3add { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a << 3).wrapping_add(b)),
                UOp::Sh4add { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a << 4).wrapping_add(b)),
                UOp::And { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a & b),
                UOp::Andc { d, a, b } => bin!(d, a, b, |a: u32, b: u32| !a & b),
                UOp::Or { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a | b),
                UOp::Orc { d, a, b } => bin!(d, a, b, |a: u32, b: u32| !a | b),
                UOp::Xor { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a ^ b),
                UOp::Max { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (a as i32).max(b as i32) as u32)
                }
                UOp::Maxu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a.max(b)),
                UOp::Min { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (a as i32).min(b as i32) as u32)
                }
                UOp::Minu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a.min(b)),
                UOp::Sxtb { d, a, b } => {
                    bin!(d, a, b, |a: u32, _: u32| a as u8 as i8 as i32 as u32)
                }
                UOp::Sxth { d, a, b } => {
                    bin!(d, a, b, |a: u32, _: u32| a as u16 as i16 as i32 as u32)
                }
                UOp::Bswap { d, a, b } => bin!(d, a, b, |a: u32, _: u32| a.swap_bytes()),
                UOp::Zxth { d, a, b } => bin!(d, a, b, |a: u32, _: u32| a & 0xFFFF),
                UOp::Clz { d, a, b } => bin!(d, a, b, |a: u32, _: u32| a.leading_zeros()),
                UOp::Cmpeq { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a == b) as u32),
                UOp::Cmpne { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a != b) as u32),
                UOp::Cmpge { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (a as i32 >= b as i32) as u32)
                }
                UOp::Cmpgeu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a >= b) as u32),
                UOp::Cmpgt { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (a as i32 > b as i32) as u32)
                }
                UOp::Cmpgtu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a > b) as u32),
                UOp::Cmple { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (a as i32 <= b as i32) as u32)
                }
                UOp::Cmpleu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a <= b) as u32),
                UOp::Cmplt { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| ((a as i32) < b as i32) as u32)
                }
                UOp::Cmpltu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a < b) as u32),
                UOp::Andl { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a != 0 && b != 0) as u32),
                UOp::Nandl { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| !(a != 0 && b != 0) as u32)
                }
                UOp::Orl { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a != 0 || b != 0) as u32),
                UOp::Norl { d, a, b } => bin!(d, a, b, |a: u32, b: u32| !(a != 0 || b != 0) as u32),
                UOp::Mull { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a as i32)
                    .wrapping_mul(b as i16 as i32)
                    as u32),
                UOp::Mullu { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| a.wrapping_mul(b & 0xFFFF))
                }
                UOp::Mulh { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a as i32)
                    .wrapping_mul((b >> 16) as i16 as i32)
                    as u32),
                UOp::Mulhu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a.wrapping_mul(b >> 16)),
                UOp::Mulll { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a as i16 as i32)
                    .wrapping_mul(b as i16 as i32)
                    as u32),
                UOp::Mulllu { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a & 0xFFFF)
                    .wrapping_mul(b & 0xFFFF)),
                UOp::Mullh { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (a as i16 as i32)
                    .wrapping_mul((b >> 16) as i16 as i32)
                    as u32),
                UOp::Mullhu { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (a & 0xFFFF).wrapping_mul(b >> 16))
                }
                UOp::Mulhh { d, a, b } => bin!(d, a, b, |a: u32, b: u32| ((a >> 16) as i16 as i32)
                    .wrapping_mul((b >> 16) as i16 as i32)
                    as u32),
                UOp::Mulhhu { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (a >> 16).wrapping_mul(b >> 16))
                }
                UOp::Mulhs { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| a.wrapping_mul(b >> 16) << 16)
                }
                UOp::Mulhhs { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (((a as i32 as i64)
                    * ((b >> 16) as i16 as i64))
                    >> 16)
                    as u32),
                UOp::Mullhus { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (((a as i32 as i64)
                    * ((b & 0xFFFF) as i64))
                    >> 32)
                    as u32),
                UOp::Mul32 { d, a, b } => bin!(d, a, b, |a: u32, b: u32| a.wrapping_mul(b)),
                UOp::Mul64h { d, a, b } => bin!(d, a, b, |a: u32, b: u32| (((a as i32 as i64)
                    * (b as i32 as i64))
                    >> 32)
                    as u32),
                UOp::Mul64hu { d, a, b } => {
                    bin!(d, a, b, |a: u32, b: u32| (((a as u64) * (b as u64)) >> 32)
                        as u32)
                }
                UOp::Mulfrac { d, a, b } => bin!(d, a, b, |a: u32, b: u32| {
                    if a == 0x8000_0000 && b == 0x8000_0000 {
                        0x7FFF_FFFF
                    } else {
                        (((a as i32 as i64) * (b as i32 as i64) + (1 << 30)) >> 31) as u32
                    }
                }),
                UOp::Slct { d, a, b, c } => {
                    let v = if vals[c as usize] != 0 { a } else { b };
                    put!(d, vals[v as usize]);
                }
                UOp::Slctf { d, a, b, c } => {
                    let v = if vals[c as usize] != 0 { b } else { a };
                    put!(d, vals[v as usize]);
                }
                UOp::Addcg { d, d2, a, b, c } => {
                    let cv = vals[c as usize] != 0;
                    let s = vals[a as usize] as u64 + vals[b as usize] as u64 + cv as u64;
                    put!(d, s as u32);
                    put!(d2, (s >> 32) as u32);
                }
                UOp::Divs { d, d2, a, b, c } => {
                    let (a, b) = (vals[a as usize], vals[b as usize]);
                    let t2 = (a << 1) | u32::from(vals[c as usize] != 0);
                    if (a as i32) < 0 {
                        put!(d, t2.wrapping_add(b));
                        put!(d2, 1);
                    } else {
                        put!(d, t2.wrapping_sub(b));
                        put!(d2, 0);
                    }
                }
                UOp::Ldw { d, a, b } => put!(d, self.load(addr!(a, b), 4, dstall)?),
                UOp::Ldh { d, a, b } => {
                    put!(
                        d,
                        self.load(addr!(a, b), 2, dstall)? as u16 as i16 as i32 as u32
                    )
                }
                UOp::Ldhu { d, a, b } => put!(d, self.load(addr!(a, b), 2, dstall)?),
                UOp::Ldb { d, a, b } => {
                    put!(
                        d,
                        self.load(addr!(a, b), 1, dstall)? as u8 as i8 as i32 as u32
                    )
                }
                UOp::Ldbu { d, a, b } => put!(d, self.load(addr!(a, b), 1, dstall)?),
                UOp::LoadD {
                    size,
                    signed,
                    d,
                    a,
                    b,
                } => {
                    let raw = self.load_dismissible(addr!(a, b), size, dstall);
                    let v = match (signed, size) {
                        (true, 2) => raw as u16 as i16 as i32 as u32,
                        (true, _) => raw as u8 as i8 as i32 as u32,
                        _ => raw,
                    };
                    put!(d, v);
                }
                UOp::Stw { a, b, c } => store!(a, b, c, 4),
                UOp::Sth { a, b, c } => store!(a, b, c, 2),
                UOp::Stb { a, b, c } => store!(a, b, c, 1),
                UOp::Pft { a, b } => {
                    let addr = addr!(a, b);
                    if addr < super::CREG_BASE && self.mem.is_mapped(addr) {
                        self.dcache.prefetch(addr, self.mem_now);
                    }
                }
                UOp::Prgadd { a, b } => self.dcache.purge_line(addr!(a, b)),
                UOp::Prgset { a, b } => self.dcache.purge_set(addr!(a, b)),
                UOp::Jump { d, target, link } => {
                    *next_pc = target;
                    *taken = true;
                    put!(d, link);
                }
                UOp::JumpInd { d, a, link } => {
                    *next_pc = vals[a as usize];
                    *taken = true;
                    put!(d, link);
                }
                UOp::Br { c, target } => {
                    if vals[c as usize] != 0 {
                        *next_pc = target;
                        *taken = true;
                    }
                }
                UOp::Brf { c, target } => {
                    if vals[c as usize] == 0 {
                        *next_pc = target;
                        *taken = true;
                    }
                }
            }
        }
        Ok(())
    }
}
