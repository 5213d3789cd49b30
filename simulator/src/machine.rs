//! The machine: architectural state, the timing model and the run loop
//! (docs/src/design/architecture.md §5, ISA-ST200 §4 and §5).
//!
//! # Execution
//!
//! One bundle issues per cycle at most. A bundle is a parallel assignment:
//! every operation reads its operands, then all results are written (§2.1).
//! `$r0` reads 0 and writes to it are dropped; it is never a dependence.
//!
//! # Timing (every number from [`isa::model::ProcessorModel`])
//!
//! Let a bundle be fetched at cycle `t`. Its issue cycle is:
//!
//! 1. `t` plus the I-cache miss penalty of each line of the bundle that
//!    misses (§5.5);
//! 2. on an interlocked core (ST231), delayed until every source register
//!    is ready — a result produced by a bundle issued at `p` with result
//!    stage `R` is ready for a consumer issued at `c` reading at stage `S`
//!    when `c + S ≥ p + R` (§5.2, §5.3) — and until no destination has a
//!    pending write landing after this bundle's own write would (WAW, §5.3
//!    recommendation); the wait is charged to the class of the producer;
//! 3. for a `syscall` bundle, delayed until every earlier register write has
//!    landed (precise trap, docs/src/design/architecture.md §5), as if it read every
//!    register at its read stage.
//!
//! A load or store that misses the D-cache freezes the pipeline for the
//! model's miss penalty after its operands are read: the bundle's results
//! and the next bundle are delayed by the penalty. A taken control transfer
//! delays the next bundle by the model's taken-branch penalty (even to the
//! next bundle in memory). So, for every run:
//! `cycles = bundles + all stall cycles`.
//!
//! On a non-interlocked core (ST220, §5.1) nothing waits for operands:
//! results land in the register file at their result stage, and an
//! operation issued too early reads the stale value, as the hardware does.
//!
//! # Memory
//!
//! See [`crate::memory`]; the control-register space `0xFFFF0000..` (§1.5)
//! is served here: word accesses only; `PM_PCLK` (`0xFFFFF828`) reads the
//! low 32 bits of the cycle counter; the other registers of the §1.5 table
//! read back what was last written (0 initially); any other address traps.
//! Dismissible loads (§4.6) return 0 instead of trapping.

use std::io::{Read, Write};

use isa::model::ProcessorModel;
use isa::OpClass;

use crate::cache::{Cache, CacheStats};
use crate::decode::{self, Bundle, Code, DecodeFault, Kind, BR_BASE, NUM_REGS, SINK};
use crate::memory::{Fault, Memory};
use crate::trap::{Stop, Trap, TrapKind};

mod engine;

/// Start of the control-register space (ISA-ST200 §1.1).
pub const CREG_BASE: u32 = 0xFFFF_0000;
/// Address of the `PM_PCLK` cycle counter (ISA-ST200 §1.5).
pub const PM_PCLK: u32 = 0xFFFF_F828;

/// Where a trace starts or ends (`--trace-from`, `--trace-to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceBound {
    /// At this cycle: the trace holds the bundles issued from cycle
    /// `from` to cycle `to`, both included.
    Cycle(u64),
    /// At the first bundle at this address (a function's entry): the trace
    /// starts with it, or ends with it (the first time it issues after
    /// the start).
    Pc(u32),
}

/// The part of the run a trace covers: from `from` (the start of the run
/// when `None`) to `to` (its end when `None`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TraceWindow {
    /// Where the trace starts.
    pub from: Option<TraceBound>,
    /// Where it ends.
    pub to: Option<TraceBound>,
    /// The start was reached.
    started: bool,
    /// The end was passed.
    ended: bool,
}

impl TraceWindow {
    /// A window from `from` to `to`.
    pub fn new(from: Option<TraceBound>, to: Option<TraceBound>) -> TraceWindow {
        TraceWindow {
            from,
            to,
            started: false,
            ended: false,
        }
    }

    /// Whether the bundle at `pc` issued at `issue` is traced (updates the
    /// window's state).
    fn admits(&mut self, pc: u32, issue: u64) -> bool {
        if self.ended {
            return false;
        }
        if !self.started {
            self.started = match self.from {
                None => true,
                Some(TraceBound::Cycle(c)) => issue >= c,
                Some(TraceBound::Pc(a)) => pc == a,
            };
            if !self.started {
                return false;
            }
            if let Some(TraceBound::Pc(a)) = self.to {
                // The end bound is looked for after the start bundle.
                if pc == a && self.from == self.to {
                    return true;
                }
            }
        }
        match self.to {
            None => true,
            Some(TraceBound::Cycle(c)) => {
                self.ended = issue > c;
                !self.ended
            }
            Some(TraceBound::Pc(a)) => {
                self.ended = pc == a;
                true
            }
        }
    }
}

/// Stall cycles charged to one bundle, by cause (for its trace line): those
/// it waited before issuing and those it caused after (a D-cache miss
/// freezing the pipeline, its taken branch's penalty).
#[derive(Debug, Clone, Copy, Default)]
struct BundleStalls {
    icache_miss: u64,
    interlock: u64,
    /// The class of the producer the interlock waited for.
    interlock_class: Option<OpClass>,
    syscall: u64,
    dcache_miss: u64,
    taken_branch: u64,
}

/// Semihosting call numbers (docs/src/design/architecture.md §5 table).
pub mod syscalls {
    /// `exit($r16)`.
    pub const EXIT: u32 = 1;
    /// `write($r16 fd, $r17 buffer, $r18 length)` → bytes written.
    pub const WRITE: u32 = 2;
    /// `read($r16 fd, $r17 buffer, $r18 length)` → bytes read.
    pub const READ: u32 = 3;
    /// `cycles()` → `$r16` low, `$r17` high 32 bits of the cycle count.
    pub const CYCLES: u32 = 4;
    /// `stsim_roi_begin()`: a region of interest starts after this bundle.
    pub const ROI_BEGIN: u32 = 16;
    /// `stsim_roi_end()`: the region of interest ends before this bundle.
    pub const ROI_END: u32 = 17;
    /// `open($r16 path, $r17 flags, $r18 mode)` → descriptor, in the
    /// `--fs-root` directory only ([`crate::hostfs`]).
    pub const OPEN: u32 = 5;
    /// `close($r16 fd)` → 0.
    pub const CLOSE: u32 = 6;
    /// `lseek($r16 fd, $r17 offset, $r18 whence)` → new offset.
    pub const LSEEK: u32 = 7;
    /// `unlink($r16 path)` → 0, in the `--fs-root` directory only.
    pub const UNLINK: u32 = 8;
    /// Negative errno results.
    pub const EBADF: i32 = 9;
    /// Bad buffer address.
    pub const EFAULT: i32 = 14;
    /// Unknown call number.
    pub const ENOSYS: i32 = 38;
    /// Host I/O error.
    pub const EIO: i32 = 5;
}

/// The control registers of ISA-ST200 §1.5 (name, address).
pub const CONTROL_REGISTERS: &[(&str, u32)] = &[
    ("PSW", 0xFFFF_FFF8),
    ("SAVED_PSW", 0xFFFF_FFF0),
    ("SAVED_PC", 0xFFFF_FFE8),
    ("HANDLER_PC", 0xFFFF_FFE0),
    ("EXCAUSE", 0xFFFF_FFD8),
    ("EXADDRESS", 0xFFFF_FFD0),
    ("VERSION", 0xFFFF_FFC8),
    ("SAVED_SAVED_PSW", 0xFFFF_FFC0),
    ("SAVED_SAVED_PC", 0xFFFF_FFB8),
    ("PERIPHERAL_BASE", 0xFFFF_FFB0),
    ("SCRATCH1", 0xFFFF_FFA8),
    ("SCRATCH2", 0xFFFF_FFA0),
    ("SCRATCH3", 0xFFFF_FF98),
    ("SCRATCH4", 0xFFFF_FF90),
    ("EXCAUSENO", 0xFFFF_FF88),
    ("TLB_INDEX", 0xFFFF_FF80),
    ("TLB_ENTRY0", 0xFFFF_FF78),
    ("TLB_ENTRY1", 0xFFFF_FF70),
    ("TLB_ENTRY2", 0xFFFF_FF68),
    ("TLB_ENTRY3", 0xFFFF_FF60),
    ("TLB_EXCAUSE", 0xFFFF_FF58),
    ("TLB_CONTROL", 0xFFFF_FF50),
    ("TLB_REPLACE", 0xFFFF_FF48),
    ("TLB_ASID", 0xFFFF_FF40),
    ("STATE1", 0xFFFF_FE00),
    ("IBREAK_LOWER", 0xFFFF_FE80),
    ("IBREAK_UPPER", 0xFFFF_FE78),
    ("IBREAK_CONTROL", 0xFFFF_FE70),
    ("DBREAK_LOWER", 0xFFFF_FDD0),
    ("DBREAK_UPPER", 0xFFFF_FDC8),
    ("DBREAK_CONTROL", 0xFFFF_FDC0),
    ("PM_CR", 0xFFFF_F800),
    ("PM_CNT0", 0xFFFF_F808),
    ("PM_CNT1", 0xFFFF_F810),
    ("PM_CNT2", 0xFFFF_F818),
    ("PM_CNT3", 0xFFFF_F820),
    ("PM_PCLK", PM_PCLK),
    ("SDI0_DATA", 0xFFFF_E000),
    ("SDI0_READY", 0xFFFF_E008),
    ("SDI0_CONTROL", 0xFFFF_E010),
    ("SDI0_COUNT", 0xFFFF_E018),
    ("SDI0_TIMEOUT", 0xFFFF_E020),
    ("SDI1_DATA", 0xFFFF_E400),
    ("SDI1_READY", 0xFFFF_E408),
    ("SDI1_CONTROL", 0xFFFF_E410),
    ("SDI1_COUNT", 0xFFFF_E418),
    ("SDI1_TIMEOUT", 0xFFFF_E420),
    ("SDI2_DATA", 0xFFFF_E800),
    ("SDI2_READY", 0xFFFF_E808),
    ("SDI2_CONTROL", 0xFFFF_E810),
    ("SDI2_COUNT", 0xFFFF_E818),
    ("SDI2_TIMEOUT", 0xFFFF_E820),
    ("SDI3_DATA", 0xFFFF_EC00),
    ("SDI3_READY", 0xFFFF_EC08),
    ("SDI3_CONTROL", 0xFFFF_EC10),
    ("SDI3_COUNT", 0xFFFF_EC18),
    ("SDI3_TIMEOUT", 0xFFFF_EC20),
    ("SCU_BASE0", 0xFFFF_D000),
    ("SCU_LIMIT0", 0xFFFF_D008),
    ("SCU_BASE1", 0xFFFF_D010),
    ("SCU_LIMIT1", 0xFFFF_D018),
    ("SCU_BASE2", 0xFFFF_D020),
    ("SCU_LIMIT2", 0xFFFF_D028),
    ("SCU_BASE3", 0xFFFF_D030),
    ("SCU_LIMIT3", 0xFFFF_D038),
];

fn creg_index(addr: u32) -> Option<usize> {
    CONTROL_REGISTERS.iter().position(|&(_, a)| a == addr)
}

fn creg_value_of(name: &str) -> usize {
    CONTROL_REGISTERS
        .iter()
        .position(|&(n, _)| n == name)
        .unwrap_or(0)
}

/// Stall cycles by cause (units: cycles).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stalls {
    /// Operand interlocks (RAW and WAW) by the timing class of the
    /// producer the bundle waited for, indexed like
    /// [`isa::model::ALL_CLASSES`].
    pub interlock: [u64; 12],
    /// A `syscall` waiting for earlier writes to land.
    pub syscall: u64,
    /// Taken control transfers.
    pub taken_branch: u64,
    /// I-cache misses.
    pub icache_miss: u64,
    /// D-cache misses.
    pub dcache_miss: u64,
}

impl Stalls {
    /// Sum of every cause.
    pub fn total(&self) -> u64 {
        self.interlock.iter().sum::<u64>()
            + self.syscall
            + self.taken_branch
            + self.icache_miss
            + self.dcache_miss
    }
}

/// Counters of a run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Cycles elapsed (= bundles + stall cycles).
    pub cycles: u64,
    /// Bundles issued.
    pub bundles: u64,
    /// Operations executed, `nop`s excluded.
    pub operations: u64,
    /// Taken control transfers.
    pub taken_branches: u64,
    /// Stall cycles by cause.
    pub stalls: Stalls,
    /// Instruction cache counters (one access per cache line per bundle).
    pub icache: CacheStats,
    /// Data cache counters (one access per load or store).
    pub dcache: CacheStats,
}

impl Stalls {
    fn add(&mut self, o: &Stalls) {
        for (a, b) in self.interlock.iter_mut().zip(o.interlock) {
            *a += b;
        }
        self.syscall += o.syscall;
        self.taken_branch += o.taken_branch;
        self.icache_miss += o.icache_miss;
        self.dcache_miss += o.dcache_miss;
    }

    fn since(&self, o: &Stalls) -> Stalls {
        let mut d = self.clone();
        for (a, b) in d.interlock.iter_mut().zip(o.interlock) {
            *a -= b;
        }
        d.syscall -= o.syscall;
        d.taken_branch -= o.taken_branch;
        d.icache_miss -= o.icache_miss;
        d.dcache_miss -= o.dcache_miss;
        d
    }
}

fn cache_add(a: &mut CacheStats, b: &CacheStats) {
    a.hits += b.hits;
    a.misses += b.misses;
    a.writebacks += b.writebacks;
    a.prefetch_hits += b.prefetch_hits;
    a.prefetches += b.prefetches;
}

fn cache_since(a: &CacheStats, b: &CacheStats) -> CacheStats {
    CacheStats {
        hits: a.hits - b.hits,
        misses: a.misses - b.misses,
        writebacks: a.writebacks - b.writebacks,
        prefetch_hits: a.prefetch_hits - b.prefetch_hits,
        prefetches: a.prefetches - b.prefetches,
    }
}

impl Stats {
    /// Adds `o` counter by counter.
    pub fn add(&mut self, o: &Stats) {
        self.cycles += o.cycles;
        self.bundles += o.bundles;
        self.operations += o.operations;
        self.taken_branches += o.taken_branches;
        self.stalls.add(&o.stalls);
        cache_add(&mut self.icache, &o.icache);
        cache_add(&mut self.dcache, &o.dcache);
    }

    /// The counters since the earlier reading `o` (`self - o`).
    pub fn since(&self, o: &Stats) -> Stats {
        Stats {
            cycles: self.cycles - o.cycles,
            bundles: self.bundles - o.bundles,
            operations: self.operations - o.operations,
            taken_branches: self.taken_branches - o.taken_branches,
            stalls: self.stalls.since(&o.stalls),
            icache: cache_since(&self.icache, &o.icache),
            dcache: cache_since(&self.dcache, &o.dcache),
        }
    }
}

/// The region of interest (`<stsim.h>`, semihosting calls 16 and 17): the
/// counters of every region run so far, summed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roi {
    /// Regions closed (`stsim_roi_end` after a `stsim_roi_begin`).
    pub regions: u64,
    /// Their counters, summed.
    pub stats: Stats,
    /// The counters when the open region began, if one is open.
    start: Option<Stats>,
}

/// Where the program's standard streams go (semihosting `read`/`write`).
pub enum Io {
    /// The simulator's own stdin, stdout and stderr.
    Host,
    /// In-memory streams (tests, embedding).
    Captured {
        /// Bytes the program can read from fd 0.
        stdin: Vec<u8>,
        /// Read position in `stdin`.
        pos: usize,
        /// What the program wrote to fd 1.
        stdout: Vec<u8>,
        /// What the program wrote to fd 2.
        stderr: Vec<u8>,
    },
}

impl Io {
    /// In-memory streams with `stdin` as input.
    pub fn captured(stdin: &[u8]) -> Io {
        Io::Captured {
            stdin: stdin.to_vec(),
            pos: 0,
            stdout: Vec::new(),
            stderr: Vec::new(),
        }
    }

    fn write(&mut self, fd: u32, data: &[u8]) -> Result<usize, i32> {
        match self {
            Io::Host => {
                let r = match fd {
                    1 => {
                        let mut o = std::io::stdout().lock();
                        o.write_all(data).and_then(|_| o.flush())
                    }
                    2 => {
                        let mut o = std::io::stderr().lock();
                        o.write_all(data).and_then(|_| o.flush())
                    }
                    _ => return Err(syscalls::EBADF),
                };
                r.map(|_| data.len()).map_err(|_| syscalls::EIO)
            }
            Io::Captured { stdout, stderr, .. } => {
                match fd {
                    1 => stdout.extend_from_slice(data),
                    2 => stderr.extend_from_slice(data),
                    _ => return Err(syscalls::EBADF),
                }
                Ok(data.len())
            }
        }
    }

    fn read(&mut self, fd: u32, buf: &mut [u8]) -> Result<usize, i32> {
        if fd != 0 {
            return Err(syscalls::EBADF);
        }
        match self {
            Io::Host => loop {
                match std::io::stdin().lock().read(buf) {
                    Ok(n) => return Ok(n),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => return Err(syscalls::EIO),
                }
            },
            Io::Captured { stdin, pos, .. } => {
                let n = buf.len().min(stdin.len() - *pos);
                buf[..n].copy_from_slice(&stdin[*pos..*pos + n]);
                *pos += n;
                Ok(n)
            }
        }
    }
}

/// How the machine executes code (`--engine`). Both give the same
/// results, counter for counter (see the `engine` module).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Engine {
    /// Hot code translated once per block into specialised operations.
    #[default]
    Translate,
    /// One bundle at a time from the decode cache (the reference).
    Interp,
}

impl Engine {
    /// The engine named `name` (`translate` or `interp`).
    pub fn from_name(name: &str) -> Option<Engine> {
        match name {
            "translate" => Some(Engine::Translate),
            "interp" => Some(Engine::Interp),
            _ => None,
        }
    }

    /// The engine named by the environment variable `STSIM_ENGINE`, else
    /// the default; an unknown name is an error naming the variable.
    pub fn from_env() -> Result<Engine, String> {
        match std::env::var("STSIM_ENGINE") {
            Ok(v) => Engine::from_name(&v).ok_or_else(|| {
                format!("STSIM_ENGINE=`{v}`: unknown engine (expected translate or interp)")
            }),
            Err(_) => Ok(Engine::default()),
        }
    }
}

/// Counters of the translating engine (not part of [`Stats`]: they differ
/// between engines by design; `--stats` prints them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Blocks translated.
    pub blocks_translated: u64,
    /// Bundles in the translated blocks.
    pub bundles_translated: u64,
    /// Executions of translated blocks.
    pub block_runs: u64,
    /// Bundles executed by the translated blocks.
    pub bundles_in_blocks: u64,
    /// Bundles the translator leaves to the interpreter, one at a time
    /// (`syscall`, `rfi`, `idle`, `break`, `sbrk`, `prgins`, `pswset`,
    /// `pswclr`, `ldw.l`, `stw.l`, custom operations, and bundles that
    /// cannot be decoded: their trap is the interpreter's).
    pub interpreted_bundles: u64,
    /// Flushes of every translation (stores into translated code, decode
    /// cache flushes).
    pub flushes: u64,
    /// Runs handed whole to the interpreter: trace or profiles enabled, or
    /// a non-interlocked core (ST220) whose exposed pipeline the translator
    /// does not model.
    pub fallback_runs: u64,
}

/// Simulator options besides the processor model.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Every cache access hits (`--perfect-caches`).
    pub perfect_caches: bool,
    /// Stop once this many cycles have elapsed (`--max-cycles`).
    pub max_cycles: Option<u64>,
    /// The execution engine (`--engine`).
    pub engine: Engine,
}

/// Why a machine could not be built.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The model does not validate.
    #[error(transparent)]
    Model(#[from] isa::model::ModelError),
    /// The model's issue width is beyond what the simulator supports.
    #[error("issue width {0} is not supported (stsim supports 1 to {max})", max = decode::MAX_ISSUE)]
    IssueWidth(u32),
}

/// Per-bundle costs collected for `--profile` (indexed by decoded bundle).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BundleCosts {
    /// Cycles charged to the bundle (1 + its stalls).
    pub cycles: u64,
    /// Times it issued.
    pub bundles: u64,
    /// Operations executed.
    pub operations: u64,
    /// Stall cycles charged to it.
    pub stalls: u64,
    /// I-cache misses on its fetch.
    pub icache_misses: u64,
    /// D-cache misses of its load/store.
    pub dcache_misses: u64,
}

impl BundleCosts {
    /// Adds `o` field by field.
    pub fn add(&mut self, o: &BundleCosts) {
        self.cycles += o.cycles;
        self.bundles += o.bundles;
        self.operations += o.operations;
        self.stalls += o.stalls;
        self.icache_misses += o.icache_misses;
        self.dcache_misses += o.dcache_misses;
    }

    /// `self - o` field by field (`o` is an earlier reading of a running total).
    pub fn since(&self, o: &BundleCosts) -> BundleCosts {
        BundleCosts {
            cycles: self.cycles - o.cycles,
            bundles: self.bundles - o.bundles,
            operations: self.operations - o.operations,
            stalls: self.stalls - o.stalls,
            icache_misses: self.icache_misses - o.icache_misses,
            dcache_misses: self.dcache_misses - o.dcache_misses,
        }
    }
}

/// One arc of the call graph of a profile: the calls from the bundle at
/// `site` to the function entered at `callee`, with their inclusive cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallArc {
    /// Address of the calling bundle (`call` or `icall`).
    pub site: u32,
    /// Address the call jumped to (the callee's entry).
    pub callee: u32,
    /// Calls made.
    pub count: u64,
    /// Costs from the call's entry into the callee to its return, callees
    /// of the callee included (a call still running when the program
    /// stops is charged up to the stop).
    pub inclusive: BundleCosts,
}

/// A call not yet returned.
#[derive(Debug, Clone, Copy)]
struct Frame {
    site: u32,
    callee: u32,
    /// The return address: the bundle after the call.
    ret: u32,
    /// The running total of costs when the callee was entered.
    entry: BundleCosts,
}

/// `--profile`: per-bundle costs and the call graph. A `call`/`icall`
/// opens a frame; a taken `igoto` (a `return`) or `rfi` to the return
/// address of an open frame closes it and every frame above it (a
/// `longjmp` closes several).
#[derive(Debug, Default)]
struct Profile {
    /// Per decoded bundle.
    costs: Vec<BundleCosts>,
    /// Running total of everything charged.
    total: BundleCosts,
    frames: Vec<Frame>,
    /// (site, callee) → (count, inclusive costs).
    arcs: std::collections::BTreeMap<(u32, u32), (u64, BundleCosts)>,
}

impl Profile {
    fn charge(&mut self, bi: u32, c: &BundleCosts) {
        self.costs[bi as usize].add(c);
        self.total.add(c);
    }

    /// A taken control transfer of the bundle at `pc` (whose next bundle
    /// in memory is at `fall`) of kind `kind` to `target`.
    fn transfer(&mut self, pc: u32, fall: u32, kind: Kind, target: u32) {
        match kind {
            Kind::Call | Kind::Icall => self.frames.push(Frame {
                site: pc,
                callee: target,
                ret: fall,
                entry: self.total,
            }),
            Kind::Igoto | Kind::Rfi => {
                if let Some(k) = self.frames.iter().rposition(|f| f.ret == target) {
                    while self.frames.len() > k {
                        let f = self.frames.pop().expect("frame");
                        let arc = self.arcs.entry((f.site, f.callee)).or_default();
                        arc.0 += 1;
                        arc.1.add(&self.total.since(&f.entry));
                    }
                }
            }
            _ => {}
        }
    }
}

#[derive(Clone, Copy)]
struct Pending {
    land: u64,
    seq: u64,
    reg: u32,
    value: u32,
}

const CODE_PAGE_WORDS: usize = (crate::memory::PAGE_SIZE / 4) as usize;

/// The simulated ST200 core with its memory.
pub struct Machine {
    model: ProcessorModel,
    /// The expression of the custom operation of each `asm_N` slot the
    /// model declares (ISA-ST200 §4.10), by slot.
    custom: Vec<Option<isa::custom::Expr>>,
    options: Options,
    /// Memory (public for loaders and tests).
    pub mem: Memory,
    /// Registers, sink and constants (see [`crate::decode`]).
    vals: Vec<u32>,
    /// Cycle (issue + result stage) at which each register's last write
    /// lands (indexed by a `u8` register number: 256 slots, so that no
    /// index needs a bounds check; only the first [`NUM_REGS`] are used).
    avail: [u64; 256],
    /// Timing class of each register's last producer (256 slots, as
    /// `avail`).
    producer: [OpClass; 256],
    /// Latest landing cycle of any register write.
    max_avail: u64,
    /// Writes not yet landed (non-interlocked cores only).
    pending: Vec<Pending>,
    seq: u64,
    pc: u32,
    /// Earliest issue cycle of the next bundle = cycles elapsed.
    cycle: u64,
    /// Issue cycle of the bundle executing now: the time of its D-cache
    /// access (prefetch fills complete relative to it).
    mem_now: u64,
    code: Code,
    /// Decode cache: per 4 KiB page, 0 or 1 + index into `code_pages`.
    code_page_of: Vec<u32>,
    /// Per code page, per word: 0 or 1 + bundle index.
    code_pages: Vec<Box<[u32; CODE_PAGE_WORDS]>>,
    icache: Cache,
    dcache: Cache,
    last_iline: Option<u32>,
    stats: Stats,
    roi: Roi,
    /// The lowest address of the stack (0: no check); see
    /// [`TrapKind::StackOverflow`].
    stack_limit: u32,
    cregs: Vec<u32>,
    reservation: Option<u32>,
    io: Io,
    /// Files of the `--fs-root` directory (descriptors 3 and up).
    fs: crate::hostfs::HostFs,
    trace: Option<Box<dyn Write>>,
    trace_window: TraceWindow,
    /// Names each traced bundle's function and source line.
    trace_symbols: Option<crate::symbols::Symbols>,
    profile: Option<Profile>,
    /// `--profile-edges`: per decoded bundle, how often its conditional
    /// branch was taken and not taken.
    edges: Option<Vec<[u64; 2]>>,
    /// Translated blocks (the `engine` module).
    tr: engine::Translations,
    /// Set when a single-step run of the interpreter stops after its one
    /// bundle (not a real stop).
    step_pause: bool,
}

/// Result of one write: value-array index and value.
#[derive(Clone, Copy)]
struct Write1 {
    idx: u32,
    value: u32,
}

impl Machine {
    /// A machine for `model` with nothing mapped, all registers 0, PC 0.
    pub fn new(model: ProcessorModel, options: Options) -> Result<Machine, ConfigError> {
        model.validate()?;
        if model.issue_width == 0 || model.issue_width > decode::MAX_ISSUE {
            return Err(ConfigError::IssueWidth(model.issue_width));
        }
        let icache = Cache::new(&model.icache, options.perfect_caches);
        let dcache = Cache::new(&model.dcache, options.perfect_caches);
        let mut custom = vec![None; 32];
        for c in &model.custom {
            // validate() parsed every expression
            if let (Some(slot), Ok(e)) = (
                custom.get_mut(c.slot as usize),
                isa::custom::Expr::parse(&c.expr, c.operands),
            ) {
                *slot = Some(e);
            }
        }
        Ok(Machine {
            custom,
            model,
            options,
            mem: Memory::new(),
            vals: vec![0; decode::FIRST_CONST as usize],
            avail: [0; 256],
            producer: [OpClass::Alu; 256],
            max_avail: 0,
            pending: Vec::new(),
            seq: 0,
            pc: 0,
            cycle: 0,
            mem_now: 0,
            code: Code::default(),
            code_page_of: vec![0; 1 << 20],
            code_pages: Vec::new(),
            icache,
            dcache,
            last_iline: None,
            stats: Stats::default(),
            roi: Roi::default(),
            stack_limit: 0,
            cregs: vec![0; CONTROL_REGISTERS.len()],
            reservation: None,
            io: Io::Host,
            fs: crate::hostfs::HostFs::default(),
            trace: None,
            trace_window: TraceWindow::default(),
            trace_symbols: None,
            profile: None,
            edges: None,
            tr: engine::Translations::default(),
            step_pause: false,
        })
    }

    /// The processor model.
    pub fn model(&self) -> &ProcessorModel {
        &self.model
    }

    /// Sets where the program's stdin/stdout/stderr go.
    pub fn set_io(&mut self, io: Io) {
        self.io = io;
    }

    /// Sets the files the program may open (`stsim --fs-root`); by
    /// default it may open none.
    pub fn set_fs(&mut self, fs: crate::hostfs::HostFs) {
        self.fs = fs;
    }

    /// The program's streams (e.g. to read captured output).
    pub fn io(&self) -> &Io {
        &self.io
    }

    /// Writes one line per bundle to `out` (see [`Machine::run`]).
    pub fn set_trace(&mut self, out: Box<dyn Write>) {
        self.trace = Some(out);
    }

    /// Traces only the bundles of `window` (see [`TraceWindow`]).
    pub fn set_trace_window(&mut self, window: TraceWindow) {
        self.trace_window = window;
    }

    /// Ends each trace line with the bundle's function and source line
    /// from `symbols`.
    pub fn set_trace_symbols(&mut self, symbols: crate::symbols::Symbols) {
        self.trace_symbols = Some(symbols);
    }

    /// Collects per-bundle costs for a profile.
    pub fn enable_profile(&mut self) {
        self.profile = Some(Profile::default());
    }

    /// Counts the outcomes of every conditional branch (`br`, `brf`) for
    /// [`Machine::branch_profile`].
    pub fn enable_branch_profile(&mut self) {
        self.edges = Some(Vec::new());
    }

    /// For each bundle whose conditional branch executed: its address and
    /// the times the branch was taken and not taken, by address; `None`
    /// unless [`Machine::enable_branch_profile`] was called.
    pub fn branch_profile(&self) -> Option<Vec<(u32, u64, u64)>> {
        let e = self.edges.as_ref()?;
        let mut v: Vec<(u32, u64, u64)> = e
            .iter()
            .enumerate()
            .filter(|(_, c)| c[0] + c[1] > 0)
            .map(|(i, c)| (self.code.bundles[i].pc, c[0], c[1]))
            .collect();
        v.sort_unstable();
        Some(v)
    }

    /// Per-bundle costs with the bundle's address, if profiling is enabled.
    pub fn profile(&self) -> Option<Vec<(u32, BundleCosts)>> {
        let p = self.profile.as_ref()?;
        Some(
            p.costs
                .iter()
                .enumerate()
                .filter(|(_, c)| c.bundles > 0)
                .map(|(i, c)| (self.code.bundles[i].pc, *c))
                .collect(),
        )
    }

    /// The call graph of the profile, by call site then callee, if
    /// profiling is enabled: calls still open (the program stopped inside
    /// them) count as made, with their costs up to the stop.
    pub fn call_graph(&self) -> Option<Vec<CallArc>> {
        let p = self.profile.as_ref()?;
        let mut arcs = p.arcs.clone();
        for f in p.frames.iter().rev() {
            let arc = arcs.entry((f.site, f.callee)).or_default();
            arc.0 += 1;
            arc.1.add(&p.total.since(&f.entry));
        }
        Some(
            arcs.into_iter()
                .map(|((site, callee), (count, inclusive))| CallArc {
                    site,
                    callee,
                    count,
                    inclusive,
                })
                .collect(),
        )
    }

    /// Maps and fills `[addr, addr + bytes.len())` (plus `extra` zero
    /// bytes after it), executable if `exec`. Returns `false` if the range
    /// wraps past 2³² or reaches the control-register space.
    pub fn load_image(&mut self, addr: u32, bytes: &[u8], extra: u32, exec: bool) -> bool {
        let Some(len) = u32::try_from(bytes.len())
            .ok()
            .and_then(|l| l.checked_add(extra))
        else {
            return false;
        };
        if len == 0 {
            return true;
        }
        match addr.checked_add(len - 1) {
            Some(last) if last < CREG_BASE => {}
            _ => return false,
        }
        if !self.mem.map(addr, len, exec) {
            return false;
        }
        self.mem.write_bytes(addr, bytes).is_ok()
    }

    /// The program counter.
    pub fn pc(&self) -> u32 {
        self.pc
    }

    /// Sets the program counter.
    pub fn set_pc(&mut self, pc: u32) {
        self.pc = pc;
    }

    /// General register `$rN` (N < 64), as last written (pending writes on
    /// a non-interlocked core not included).
    pub fn gr(&self, n: u32) -> u32 {
        if n < 64 {
            self.vals[n as usize]
        } else {
            0
        }
    }

    /// Sets `$rN` (writes to `$r0` are ignored).
    pub fn set_gr(&mut self, n: u32, v: u32) {
        if (1..64).contains(&n) {
            self.vals[n as usize] = v;
        }
    }

    /// Branch register `$bN` (N < 8).
    pub fn br(&self, n: u32) -> bool {
        n < 8 && self.vals[(BR_BASE + n) as usize] != 0
    }

    /// Counters so far.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats.clone();
        s.cycles = self.cycle;
        s.icache = self.icache.stats;
        s.dcache = self.dcache.stats;
        s
    }

    /// Traps on a store below `limit`, the stack's lowest address, made
    /// with the stack pointer below it ([`TrapKind::StackOverflow`]); 0
    /// turns the check off.
    pub fn set_stack_limit(&mut self, limit: u32) {
        self.stack_limit = limit;
    }

    /// The region of interest: `None` if the program never began one; else
    /// the regions closed and their summed counters, a region still open
    /// counting up to now.
    pub fn roi(&self) -> Option<Roi> {
        let mut r = self.roi.clone();
        let start = r.start.take();
        if let Some(start) = &start {
            r.regions += 1;
            r.stats.add(&self.stats().since(start));
        }
        (r.regions > 0 || start.is_some()).then_some(r)
    }

    /// The disassembly of the bundle at `pc`.
    pub fn disassemble(&self, pc: u32) -> String {
        decode::disassemble(&self.mem, pc, &self.model)
    }

    fn lookup(&self, pc: u32) -> Option<u32> {
        let p = self.code_page_of[(pc >> 12) as usize];
        if p == 0 {
            return None;
        }
        let e = self.code_pages[(p - 1) as usize][((pc & 0xFFF) >> 2) as usize];
        if e == 0 {
            None
        } else {
            Some(e - 1)
        }
    }

    fn decode_at(&mut self, pc: u32) -> Result<u32, TrapKind> {
        // Avoid unbounded growth under self-modifying code.
        if self.vals.len() > (1 << 24) || self.code.bundles.len() > (1 << 22) {
            self.flush_decode_cache();
        }
        let i = decode::decode_into(&self.mem, pc, &self.model, &mut self.code, &mut self.vals)
            .map_err(|f| match f {
                DecodeFault::Fetch(addr) => TrapKind::Fetch { addr },
                DecodeFault::Illegal(why) => TrapKind::Illegal(why),
            })?;
        if let Some(p) = &mut self.profile {
            p.costs
                .resize(self.code.bundles.len(), BundleCosts::default());
        }
        if let Some(e) = &mut self.edges {
            e.resize(self.code.bundles.len(), [0, 0]);
        }
        let page = (pc >> 12) as usize;
        if self.code_page_of[page] == 0 {
            self.code_pages.push(Box::new([0; CODE_PAGE_WORDS]));
            self.code_page_of[page] = self.code_pages.len() as u32;
        }
        let p = self.code_page_of[page] - 1;
        self.code_pages[p as usize][((pc & 0xFFF) >> 2) as usize] = i + 1;
        Ok(i)
    }

    fn flush_decode_cache(&mut self) {
        self.flush_translations();
        for p in &mut self.code_pages {
            p.fill(0);
        }
        if self.profile.is_none() && self.edges.is_none() {
            self.code = Code::default();
            self.vals.truncate(decode::FIRST_CONST as usize);
        }
    }

    /// A store to `addr` may change a decoded bundle: forget every bundle
    /// that could contain the stored word (docs/src/design/architecture.md §5).
    #[inline]
    fn invalidate_code(&mut self, addr: u32) {
        let word = addr & !3;
        for k in 0..decode::MAX_SYLLABLES {
            let Some(a) = word.checked_sub(4 * k) else {
                break;
            };
            let p = self.code_page_of[(a >> 12) as usize];
            if p != 0 {
                let e = &mut self.code_pages[(p - 1) as usize][((a & 0xFFF) >> 2) as usize];
                if *e != 0 {
                    *e = 0;
                    // Every translated bundle is in the decode cache.
                    if self.tr.has_blocks() {
                        self.flush_translations();
                    }
                }
            }
        }
    }

    fn creg_read(&self, addr: u32, size: u32) -> Result<u32, TrapKind> {
        if size != 4 {
            return Err(TrapKind::CregAccess { addr, size });
        }
        if addr == PM_PCLK {
            return Ok(self.cycle as u32);
        }
        match creg_index(addr) {
            Some(i) => Ok(self.cregs[i]),
            None => Err(TrapKind::CregNoMapping { addr }),
        }
    }

    fn creg_write(&mut self, addr: u32, size: u32, value: u32) -> Result<(), TrapKind> {
        if size != 4 {
            return Err(TrapKind::CregAccess { addr, size });
        }
        match creg_index(addr) {
            // The cycle counter is read-only.
            Some(_) if addr == PM_PCLK => Ok(()),
            Some(i) => {
                self.cregs[i] = value;
                Ok(())
            }
            None => Err(TrapKind::CregNoMapping { addr }),
        }
    }

    #[inline(always)]
    fn load(&mut self, addr: u32, size: u32, dstall: &mut u32) -> Result<u32, TrapKind> {
        if addr >= CREG_BASE {
            return self.creg_read(addr, size);
        }
        match self.mem.read(addr, size) {
            Ok(v) => {
                *dstall += self.dcache.access(addr, false, self.mem_now);
                Ok(v)
            }
            Err(Fault::Unmapped) => Err(TrapKind::Unmapped {
                addr,
                size,
                write: false,
            }),
            Err(Fault::Misaligned) => Err(TrapKind::Misaligned {
                addr,
                size,
                write: false,
            }),
        }
    }

    #[inline(always)]
    fn store(
        &mut self,
        addr: u32,
        size: u32,
        value: u32,
        dstall: &mut u32,
    ) -> Result<(), TrapKind> {
        self.store_sp(addr, size, value, self.vals[isa::abi::SP as usize], dstall)
    }

    /// [`Machine::store`] with the stack pointer's value `sp`.
    #[inline(always)]
    fn store_sp(
        &mut self,
        addr: u32,
        size: u32,
        value: u32,
        sp: u32,
        dstall: &mut u32,
    ) -> Result<(), TrapKind> {
        if addr >= CREG_BASE {
            return self.creg_write(addr, size, value);
        }
        if addr < self.stack_limit && sp < self.stack_limit && addr >= sp {
            return Err(TrapKind::StackOverflow {
                addr,
                sp,
                limit: self.stack_limit,
            });
        }
        match self.mem.write(addr, size, value) {
            Ok(()) => {
                *dstall += self.dcache.access(addr, true, self.mem_now);
                if self.code_page_of[(addr >> 12) as usize] != 0 {
                    self.invalidate_code(addr);
                }
                if self.reservation == Some(addr & !3) {
                    self.reservation = None;
                }
                Ok(())
            }
            Err(Fault::Unmapped) => Err(TrapKind::Unmapped {
                addr,
                size,
                write: true,
            }),
            Err(Fault::Misaligned) => Err(TrapKind::Misaligned {
                addr,
                size,
                write: true,
            }),
        }
    }

    /// A dismissible load (§4.6): 0 instead of any fault, and 0 from the
    /// control-register space.
    #[inline(always)]
    fn load_dismissible(&mut self, addr: u32, size: u32, dstall: &mut u32) -> u32 {
        if addr >= CREG_BASE {
            return 0;
        }
        match self.mem.read(addr, size) {
            Ok(v) => {
                *dstall += self.dcache.access(addr, false, self.mem_now);
                v
            }
            Err(_) => 0,
        }
    }

    /// Value of register/constant slot `idx` as seen by a read at absolute
    /// stage-time `when` (non-interlocked cores: the latest write landed by
    /// then).
    #[inline(always)]
    fn get<const EXPOSED: bool>(&self, idx: u32, when: u64) -> u32 {
        if EXPOSED && (idx as usize) < NUM_REGS && !self.pending.is_empty() {
            let mut best: Option<&Pending> = None;
            for p in &self.pending {
                if p.reg == idx
                    && p.land <= when
                    && best.is_none_or(|b| (p.land, p.seq) > (b.land, b.seq))
                {
                    best = Some(p);
                }
            }
            if let Some(p) = best {
                return p.value;
            }
        }
        self.vals[idx as usize]
    }

    /// Lands every pending write whose landing cycle is ≤ `t`, in landing order.
    fn commit_pending(&mut self, t: u64) {
        if self.pending.is_empty() {
            return;
        }
        self.pending.sort_by_key(|p| (p.land, p.seq));
        let n = self.pending.iter().take_while(|p| p.land <= t).count();
        for p in self.pending.drain(..n) {
            self.vals[p.reg as usize] = p.value;
        }
    }

    /// Runs until the program exits, traps or reaches the cycle limit.
    ///
    /// With a trace enabled, one line per bundle is written: issue cycle,
    /// PC, disassembly, then the registers and memory written
    /// (`$r3=0x00000005 $b1=1 [0x00002000]=0x000000ff/4`).
    pub fn run(&mut self) -> Stop {
        let slow = self.trace.is_some() || self.profile.is_some() || self.edges.is_some();
        if self.options.engine == Engine::Translate {
            if self.model.interlocked && !slow {
                return self.run_translated();
            }
            self.tr.counters.fallback_runs += 1;
        }
        match (self.model.interlocked, slow) {
            (true, false) => self.run_loop::<false, false, false>(),
            (true, true) => self.run_loop::<false, true, false>(),
            (false, false) => self.run_loop::<true, false, false>(),
            (false, true) => self.run_loop::<true, true, false>(),
        }
    }

    /// Counters of the translating engine.
    pub fn engine_stats(&self) -> EngineStats {
        self.tr.counters
    }

    /// Stops with a trap in the bundle at `pc`, which was about to issue
    /// at `cycle`: the stall cycles it waited are kept (so that cycles =
    /// bundles + stalls), the bundle itself is not counted.
    fn trap(&mut self, kind: TrapKind, pc: u32, cycle: u64) -> Stop {
        self.cycle = self.cycle.max(cycle);
        Stop::Trap(Trap { kind, pc, cycle })
    }

    #[inline(never)]
    fn run_loop<const EXPOSED: bool, const SLOW: bool, const STEP: bool>(&mut self) -> Stop {
        let limit = self.options.max_cycles.unwrap_or(u64::MAX);
        let trap_read = self.model.stages(OpClass::Trap).read as u64;
        let taken_penalty = self.model.taken_branch_penalty as u64;
        let mut writes = [Write1 {
            idx: SINK,
            value: 0,
        }; 2 * decode::MAX_ISSUE as usize];
        let mut mem_writes: Option<(u32, u32, u32)> = None;
        let mut stepped = false;
        'bundles: loop {
            let pc = self.pc;
            if STEP {
                // One bundle only: pause (not a stop) before the second.
                if stepped {
                    self.step_pause = true;
                    return Stop::MaxCycles { limit, pc };
                }
                stepped = true;
            }
            if self.cycle >= limit {
                return Stop::MaxCycles { limit, pc };
            }
            if pc & 3 != 0 {
                return self.trap(TrapKind::MisalignedPc, pc, self.cycle);
            }
            let bi = match self.lookup(pc) {
                Some(i) => i,
                None => match self.decode_at(pc) {
                    Ok(i) => i,
                    Err(k) => return self.trap(k, pc, self.cycle),
                },
            };
            let b: Bundle = self.code.bundles[bi as usize];
            let fetch = self.cycle;

            // 1. Instruction fetch through the I-cache.
            let mut t = fetch;
            let mut imiss = 0u64;
            let first_line = self.icache.line_of(pc);
            let last_line = self.icache.line_of(b.next_pc.wrapping_sub(4));
            if self.last_iline != Some(first_line) {
                let p = self.icache.access(pc, false, fetch) as u64;
                imiss += (p > 0) as u64;
                t += p;
            } else {
                self.icache.stats.hits += 1;
            }
            if last_line != first_line {
                let p = self.icache.access(b.next_pc.wrapping_sub(4), false, fetch) as u64;
                imiss += (p > 0) as u64;
                t += p;
            }
            self.last_iline = Some(last_line);
            self.stats.stalls.icache_miss += t - fetch;

            // 2. Scoreboard (interlocked cores) and syscall drain.
            let mut issue = t;
            let mut cause = OpClass::Alu;
            if !EXPOSED {
                let srcs = &self.code.srcs[b.src_start as usize..][..b.src_count as usize];
                for s in srcs {
                    let need = self.avail[s.reg as usize].saturating_sub(s.stage as u64);
                    if need > issue {
                        issue = need;
                        cause = self.producer[s.reg as usize];
                    }
                }
                let dsts = &self.code.dsts[b.dst_start as usize..][..b.dst_count as usize];
                for d in dsts {
                    let need = self.avail[d.reg as usize].saturating_sub(d.stage as u64);
                    if need > issue {
                        issue = need;
                        cause = self.producer[d.reg as usize];
                    }
                }
                if issue > t {
                    self.stats.stalls.interlock[class_index(cause)] += issue - t;
                }
            }
            let interlocked = issue;
            if b.syscall {
                let need = self.max_avail.saturating_sub(trap_read);
                if need > issue {
                    self.stats.stalls.syscall += need - issue;
                    issue = need;
                }
            }
            if EXPOSED {
                self.commit_pending(issue);
            }

            // 3. Execute: read every operand, compute, buffer the results.
            self.mem_now = issue;
            let mut nw = 0usize;
            let mut next_pc = b.next_pc;
            let mut taken = false;
            let mut dstall = 0u32;
            let mut dmiss = 0u64;
            let op_start = b.op_start as usize;
            for k in 0..b.op_count as usize {
                let op = self.code.ops[op_start + k];
                let when = issue + op.stage as u64;
                let a = self.get::<EXPOSED>(op.a, when);
                let bv = self.get::<EXPOSED>(op.b, when);
                let (mut v, mut v2) = (0u32, 0u32);
                match op.kind {
                    Kind::Add => v = a.wrapping_add(bv),
                    Kind::Sub => v = a.wrapping_sub(bv),
                    Kind::Shl => v = shl(a, bv),
                    Kind::Shr => v = shr(a, bv),
                    Kind::Shru => v = shru(a, bv),
                    Kind::Sh1add => v = (a << 1).wrapping_add(bv),
                    Kind::Sh2add => v = (a << 2).wrapping_add(bv),
                    Kind::Sh3add => v = (a << 3).wrapping_add(bv),
                    Kind::Sh4add => v = (a << 4).wrapping_add(bv),
                    Kind::And => v = a & bv,
                    Kind::Andc => v = !a & bv,
                    Kind::Or => v = a | bv,
                    Kind::Orc => v = !a | bv,
                    Kind::Xor => v = a ^ bv,
                    Kind::Max => v = (a as i32).max(bv as i32) as u32,
                    Kind::Maxu => v = a.max(bv),
                    Kind::Min => v = (a as i32).min(bv as i32) as u32,
                    Kind::Minu => v = a.min(bv),
                    Kind::Sxtb => v = a as u8 as i8 as i32 as u32,
                    Kind::Sxth => v = a as u16 as i16 as i32 as u32,
                    Kind::Bswap => v = a.swap_bytes(),
                    Kind::Zxth => v = a & 0xFFFF,
                    Kind::Clz => v = a.leading_zeros(),
                    Kind::Cmpeq => v = (a == bv) as u32,
                    Kind::Cmpne => v = (a != bv) as u32,
                    Kind::Cmpge => v = (a as i32 >= bv as i32) as u32,
                    Kind::Cmpgeu => v = (a >= bv) as u32,
                    Kind::Cmpgt => v = (a as i32 > bv as i32) as u32,
                    Kind::Cmpgtu => v = (a > bv) as u32,
                    Kind::Cmple => v = (a as i32 <= bv as i32) as u32,
                    Kind::Cmpleu => v = (a <= bv) as u32,
                    Kind::Cmplt => v = ((a as i32) < bv as i32) as u32,
                    Kind::Cmpltu => v = (a < bv) as u32,
                    Kind::Andl => v = (a != 0 && bv != 0) as u32,
                    Kind::Nandl => v = !(a != 0 && bv != 0) as u32,
                    Kind::Orl => v = (a != 0 || bv != 0) as u32,
                    Kind::Norl => v = !(a != 0 || bv != 0) as u32,
                    Kind::Slct => {
                        v = if self.get::<EXPOSED>(op.c, when) != 0 {
                            a
                        } else {
                            bv
                        }
                    }
                    Kind::Custom => {
                        // decode accepted only the slots the model declares
                        v = match self.custom.get(op.target as usize) {
                            Some(Some(e)) => e.eval(a as i32, bv as i32) as u32,
                            _ => 0,
                        }
                    }
                    Kind::Slctf => {
                        v = if self.get::<EXPOSED>(op.c, when) != 0 {
                            bv
                        } else {
                            a
                        }
                    }
                    Kind::Addcg => {
                        let cin = (self.get::<EXPOSED>(op.c, when) != 0) as u64;
                        let s = a as u64 + bv as u64 + cin;
                        v = s as u32;
                        v2 = (s >> 32) as u32;
                    }
                    Kind::Divs => {
                        let cin = (self.get::<EXPOSED>(op.c, when) != 0) as u32;
                        let t2 = (a << 1) | cin;
                        if (a as i32) < 0 {
                            v = t2.wrapping_add(bv);
                            v2 = 1;
                        } else {
                            v = t2.wrapping_sub(bv);
                            v2 = 0;
                        }
                    }
                    Kind::Mull => v = (a as i32).wrapping_mul(bv as i16 as i32) as u32,
                    Kind::Mullu => v = a.wrapping_mul(bv & 0xFFFF),
                    Kind::Mulh => v = (a as i32).wrapping_mul((bv >> 16) as i16 as i32) as u32,
                    Kind::Mulhu => v = a.wrapping_mul(bv >> 16),
                    Kind::Mulll => v = (a as i16 as i32).wrapping_mul(bv as i16 as i32) as u32,
                    Kind::Mulllu => v = (a & 0xFFFF).wrapping_mul(bv & 0xFFFF),
                    Kind::Mullh => {
                        v = (a as i16 as i32).wrapping_mul((bv >> 16) as i16 as i32) as u32
                    }
                    Kind::Mullhu => v = (a & 0xFFFF).wrapping_mul(bv >> 16),
                    Kind::Mulhh => {
                        v = ((a >> 16) as i16 as i32).wrapping_mul((bv >> 16) as i16 as i32) as u32
                    }
                    Kind::Mulhhu => v = (a >> 16).wrapping_mul(bv >> 16),
                    Kind::Mulhs => v = a.wrapping_mul(bv >> 16) << 16,
                    Kind::Mulhhs => {
                        v = (((a as i32 as i64) * ((bv >> 16) as i16 as i64)) >> 16) as u32
                    }
                    Kind::Mullhus => {
                        v = (((a as i32 as i64) * ((bv & 0xFFFF) as i64)) >> 32) as u32
                    }
                    Kind::Mul32 => v = a.wrapping_mul(bv),
                    Kind::Mul64h => v = (((a as i32 as i64) * (bv as i32 as i64)) >> 32) as u32,
                    Kind::Mul64hu => v = (((a as u64) * (bv as u64)) >> 32) as u32,
                    Kind::Mulfrac => {
                        v = if a == 0x8000_0000 && bv == 0x8000_0000 {
                            0x7FFF_FFFF
                        } else {
                            (((a as i32 as i64) * (bv as i32 as i64) + (1 << 30)) >> 31) as u32
                        }
                    }
                    Kind::Ldw | Kind::Ldh | Kind::Ldhu | Kind::Ldb | Kind::Ldbu | Kind::Ldwl => {
                        let addr = a.wrapping_add(bv);
                        let size = match op.kind {
                            Kind::Ldw | Kind::Ldwl => 4,
                            Kind::Ldh | Kind::Ldhu => 2,
                            _ => 1,
                        };
                        let before = dstall;
                        let raw = match self.load(addr, size, &mut dstall) {
                            Ok(x) => x,
                            Err(k) => return self.trap(k, pc, issue),
                        };
                        dmiss += (dstall > before) as u64;
                        v = match op.kind {
                            Kind::Ldh => raw as u16 as i16 as i32 as u32,
                            Kind::Ldb => raw as u8 as i8 as i32 as u32,
                            _ => raw,
                        };
                        if op.kind == Kind::Ldwl {
                            self.reservation = Some(addr);
                        }
                    }
                    Kind::LdwD | Kind::LdhD | Kind::LdhuD | Kind::LdbD | Kind::LdbuD => {
                        let addr = a.wrapping_add(bv);
                        let size = match op.kind {
                            Kind::LdwD => 4,
                            Kind::LdhD | Kind::LdhuD => 2,
                            _ => 1,
                        };
                        let before = dstall;
                        let raw = self.load_dismissible(addr, size, &mut dstall);
                        dmiss += (dstall > before) as u64;
                        v = match op.kind {
                            Kind::LdhD => raw as u16 as i16 as i32 as u32,
                            Kind::LdbD => raw as u8 as i8 as i32 as u32,
                            _ => raw,
                        };
                    }
                    Kind::Stw | Kind::Sth | Kind::Stb => {
                        let addr = a.wrapping_add(bv);
                        let data = self.get::<EXPOSED>(op.c, when);
                        let size = match op.kind {
                            Kind::Stw => 4,
                            Kind::Sth => 2,
                            _ => 1,
                        };
                        let before = dstall;
                        if let Err(k) = self.store(addr, size, data, &mut dstall) {
                            return self.trap(k, pc, issue);
                        }
                        dmiss += (dstall > before) as u64;
                        if SLOW {
                            mem_writes = Some((addr, data & mask_of(size), size));
                        }
                    }
                    Kind::Stwl => {
                        // [bd, base, data]: a = base, b = data.
                        let addr = a;
                        if self.reservation == Some(addr) {
                            let before = dstall;
                            if let Err(k) = self.store(addr, 4, bv, &mut dstall) {
                                return self.trap(k, pc, issue);
                            }
                            dmiss += (dstall > before) as u64;
                            v = 1;
                            if SLOW {
                                mem_writes = Some((addr, bv, 4));
                            }
                        } else if addr & 3 != 0 {
                            return self.trap(
                                TrapKind::Misaligned {
                                    addr,
                                    size: 4,
                                    write: true,
                                },
                                pc,
                                issue,
                            );
                        }
                        self.reservation = None;
                    }
                    Kind::Pft => {
                        let addr = a.wrapping_add(bv);
                        if addr < CREG_BASE && self.mem.is_mapped(addr) {
                            self.dcache.prefetch(addr, self.mem_now);
                        }
                    }
                    Kind::Prgadd => self.dcache.purge_line(a.wrapping_add(bv)),
                    Kind::Prgset => self.dcache.purge_set(a.wrapping_add(bv)),
                    Kind::Prginspg | Kind::Prgins => {
                        self.icache.purge_all();
                        self.last_iline = None;
                    }
                    Kind::Sync | Kind::Wmb => {}
                    Kind::Pswset | Kind::Pswclr => {
                        let psw = creg_value_of("PSW");
                        if op.kind == Kind::Pswset {
                            self.cregs[psw] |= a;
                        } else {
                            self.cregs[psw] &= !a;
                        }
                    }
                    Kind::Call => {
                        v = b.next_pc;
                        next_pc = op.target;
                        taken = true;
                    }
                    Kind::Icall => {
                        // t ← $r63 (old value); $r63 ← next bundle; PC ← t.
                        next_pc = a;
                        v = b.next_pc;
                        taken = true;
                    }
                    Kind::Goto => {
                        next_pc = op.target;
                        taken = true;
                    }
                    Kind::Igoto => {
                        next_pc = a;
                        taken = true;
                    }
                    Kind::Br | Kind::Brf => {
                        let cond = self.get::<EXPOSED>(op.c, issue + op.stage as u64) != 0;
                        let t = cond == (op.kind == Kind::Br);
                        if t {
                            next_pc = op.target;
                            taken = true;
                        }
                        if SLOW {
                            if let Some(e) = &mut self.edges {
                                e[bi as usize][usize::from(!t)] += 1;
                            }
                        }
                    }
                    Kind::Rfi => {
                        let r = |n: &str| creg_value_of(n);
                        next_pc = self.cregs[r("SAVED_PC")];
                        self.cregs[r("PSW")] = self.cregs[r("SAVED_PSW")];
                        self.cregs[r("SAVED_PC")] = self.cregs[r("SAVED_SAVED_PC")];
                        self.cregs[r("SAVED_PSW")] = self.cregs[r("SAVED_SAVED_PSW")];
                        taken = true;
                    }
                    Kind::Idle => return self.trap(TrapKind::Idle, pc, issue),
                    Kind::Sbrk => {
                        return self.trap(
                            TrapKind::Breakpoint(format!("sbrk {}", op.target)),
                            pc,
                            issue,
                        )
                    }
                    Kind::Break => {
                        return self.trap(TrapKind::Breakpoint("break".into()), pc, issue)
                    }
                    Kind::Syscall => {
                        // Precise: every earlier write has landed (drain above).
                        if EXPOSED {
                            self.commit_pending(u64::MAX);
                        }
                        self.stats.bundles += 1;
                        self.stats.operations += b.counted_ops as u64;
                        self.cycle = issue + 1;
                        let waits = BundleStalls {
                            icache_miss: t - fetch,
                            interlock: interlocked - t,
                            interlock_class: Some(cause),
                            syscall: issue - interlocked,
                            ..Default::default()
                        };
                        if let Some(stop) = self.semihost(op.target, issue) {
                            if SLOW {
                                self.after_bundle(bi, &b, fetch, issue, (0, 0), &[], None, &waits);
                            }
                            return stop;
                        }
                        // Results are visible to the very next bundle.
                        for r in [16usize, 17] {
                            self.avail[r] = self.avail[r].min(issue);
                        }
                        if SLOW {
                            let w = [
                                Write1 {
                                    idx: 16,
                                    value: self.vals[16],
                                },
                                Write1 {
                                    idx: 17,
                                    value: self.vals[17],
                                },
                            ];
                            self.after_bundle(bi, &b, fetch, issue, (0, 0), &w, None, &waits);
                        }
                        self.pc = b.next_pc;
                        continue 'bundles;
                    }
                }
                writes[nw] = Write1 {
                    idx: op.d,
                    value: v,
                };
                writes[nw + 1] = Write1 {
                    idx: op.d2,
                    value: v2,
                };
                nw += 2;
            }

            // 4. D-cache miss: the pipeline freezes after the operand reads.
            let done = issue + dstall as u64;
            self.stats.stalls.dcache_miss += dstall as u64;

            // 5. Write back (parallel assignment), scoreboard update.
            let dsts = &self.code.dsts[b.dst_start as usize..][..b.dst_count as usize];
            if EXPOSED {
                let mut di = 0;
                for w in &writes[..nw] {
                    if w.idx == SINK {
                        continue;
                    }
                    let d = dsts[di];
                    di += 1;
                    self.seq += 1;
                    self.pending.push(Pending {
                        land: done + d.stage as u64,
                        seq: self.seq,
                        reg: w.idx,
                        value: w.value,
                    });
                }
            } else {
                for w in &writes[..nw] {
                    self.vals[w.idx as usize] = w.value;
                }
            }
            for d in dsts {
                let land = done + d.stage as u64;
                self.avail[d.reg as usize] = land;
                self.producer[d.reg as usize] = d.class;
                self.max_avail = self.max_avail.max(land);
            }

            // 6. Next bundle.
            self.stats.bundles += 1;
            self.stats.operations += b.counted_ops as u64;
            let mut next_cycle = done + 1;
            if taken {
                next_cycle += taken_penalty;
                self.stats.stalls.taken_branch += taken_penalty;
                self.stats.taken_branches += 1;
            }
            self.cycle = next_cycle;
            if SLOW {
                let penalty = if taken { taken_penalty } else { 0 };
                let waits = BundleStalls {
                    icache_miss: t - fetch,
                    interlock: interlocked - t,
                    interlock_class: Some(cause),
                    syscall: issue - interlocked,
                    dcache_miss: dstall as u64,
                    taken_branch: penalty,
                };
                self.after_bundle(
                    bi,
                    &b,
                    fetch,
                    issue,
                    (imiss, dmiss),
                    &writes[..nw],
                    mem_writes.take(),
                    &waits,
                );
                if let Some(p) = &mut self.profile {
                    let late = penalty + dstall as u64;
                    p.charge(
                        bi,
                        &BundleCosts {
                            cycles: late,
                            stalls: late,
                            ..Default::default()
                        },
                    );
                    if taken {
                        let ops = &self.code.ops[b.op_start as usize..][..b.op_count as usize];
                        if let Some(op) = ops.iter().find(|o| {
                            matches!(o.kind, Kind::Call | Kind::Icall | Kind::Igoto | Kind::Rfi)
                        }) {
                            p.transfer(b.pc, b.next_pc, op.kind, next_pc);
                        }
                    }
                }
            }
            self.pc = next_pc;
        }
    }

    /// Trace line and profile costs of a bundle issued at `issue` after
    /// being fetched at `fetch`.
    #[allow(clippy::too_many_arguments)]
    fn after_bundle(
        &mut self,
        bi: u32,
        b: &Bundle,
        fetch: u64,
        issue: u64,
        (imiss, dmiss): (u64, u64),
        writes: &[Write1],
        mem_write: Option<(u32, u32, u32)>,
        waits: &BundleStalls,
    ) {
        if let Some(p) = &mut self.profile {
            p.charge(
                bi,
                &BundleCosts {
                    bundles: 1,
                    operations: b.counted_ops as u64,
                    cycles: 1 + (issue - fetch),
                    stalls: issue - fetch,
                    icache_misses: imiss,
                    dcache_misses: dmiss,
                },
            );
        }
        if self.trace.is_some() && self.trace_window.admits(b.pc, issue) {
            let mut line = format!(
                "{:>8} 0x{:08x}: {}",
                issue,
                b.pc,
                decode::disassemble(&self.mem, b.pc, &self.model)
            );
            let mut first = true;
            for w in writes {
                if w.idx == SINK {
                    continue;
                }
                line.push_str(if first { "  |" } else { "" });
                first = false;
                if w.idx >= BR_BASE {
                    line.push_str(&format!(" $b{}={}", w.idx - BR_BASE, w.value));
                } else {
                    line.push_str(&format!(" $r{}=0x{:08x}", w.idx, w.value));
                }
            }
            if let Some((addr, value, size)) = mem_write {
                line.push_str(if first { "  |" } else { "" });
                line.push_str(&format!(" [0x{addr:08x}]=0x{value:x}/{size}"));
            }
            if let Some(sym) = &self.trace_symbols {
                let func = sym.function(b.pc).map_or("??", |(f, _)| f.name.as_str());
                let (file, l) = sym.line(b.pc).unwrap_or(("??", 0));
                line.push_str(&format!("  # {func} {file}:{l}"));
            }
            let causes = [
                ("icache_miss", waits.icache_miss),
                ("syscall", waits.syscall),
                ("dcache_miss", waits.dcache_miss),
                ("taken_branch", waits.taken_branch),
            ];
            let mut first = true;
            let mut stall = |name: &str, n: u64| {
                if n > 0 {
                    line.push_str(if first { "  stalls" } else { "" });
                    first = false;
                    line.push_str(&format!(" {name}={n}"));
                }
            };
            stall(causes[0].0, causes[0].1);
            if let Some(c) = waits.interlock_class {
                let name = format!("interlock_{}", isa::model::StageTable::field_name(c));
                stall(&name, waits.interlock);
            }
            for (name, n) in &causes[1..] {
                stall(name, *n);
            }
            line.push('\n');
            if let Some(t) = &mut self.trace {
                // A failing trace file must not stop the run.
                let _ = t.write_all(line.as_bytes());
            }
        }
    }

    /// Flushes the trace file, if any.
    pub fn flush_trace(&mut self) -> std::io::Result<()> {
        match &mut self.trace {
            Some(t) => t.flush(),
            None => Ok(()),
        }
    }

    /// Services `syscall n` (docs/src/design/architecture.md §5 table) issued at `issue`.
    /// Returns a stop for `exit`.
    fn semihost(&mut self, n: u32, issue: u64) -> Option<Stop> {
        let r16 = self.vals[16];
        let r17 = self.vals[17];
        let r18 = self.vals[18];
        let result: i32 = match n {
            syscalls::EXIT => return Some(Stop::Exit(r16 as i32)),
            // Transfers are capped at 16 MiB per call (a short count, as a
            // host `write`/`read` may return).
            syscalls::WRITE => {
                let len = (r18 as usize).min(1 << 24);
                let mut buf = vec![0u8; len];
                if r17 >= CREG_BASE || self.mem.read_bytes(r17, &mut buf).is_err() {
                    -syscalls::EFAULT
                } else {
                    let r = if r16 >= crate::hostfs::FIRST_FD {
                        self.fs.write(r16, &buf)
                    } else {
                        self.io.write(r16, &buf)
                    };
                    match r {
                        Ok(k) => k as i32,
                        Err(e) => -e,
                    }
                }
            }
            syscalls::READ => {
                let len = (r18 as usize).min(1 << 24);
                let mut buf = vec![0u8; len];
                // Check the buffer before consuming input.
                if r17 >= CREG_BASE || !self.mem.is_range_mapped(r17, len as u32) {
                    -syscalls::EFAULT
                } else {
                    let r = if r16 >= crate::hostfs::FIRST_FD {
                        self.fs.read(r16, &mut buf)
                    } else {
                        self.io.read(r16, &mut buf)
                    };
                    match r {
                        Ok(k) => {
                            let _ = self.mem.write_bytes(r17, &buf[..k]);
                            for a in (r17..r17.saturating_add(k as u32)).step_by(4) {
                                if self.code_page_of[(a >> 12) as usize] != 0 {
                                    self.invalidate_code(a);
                                }
                            }
                            k as i32
                        }
                        Err(e) => -e,
                    }
                }
            }
            syscalls::CYCLES => {
                self.vals[17] = (issue >> 32) as u32;
                issue as u32 as i32
            }
            // The region runs from the cycle after the `begin` bundle to
            // the issue of the `end` bundle: the counters already include
            // the calling bundle, so `end` takes it back out (its stall
            // cycles, spent waiting for the region's results, stay in).
            syscalls::ROI_BEGIN => {
                self.roi.start = Some(self.stats());
                0
            }
            syscalls::ROI_END => {
                if let Some(start) = self.roi.start.take() {
                    let mut now = self.stats();
                    now.cycles = issue;
                    now.bundles -= 1;
                    if let Some(bi) = self.lookup(self.pc) {
                        now.operations -= self.code.bundles[bi as usize].counted_ops as u64;
                    }
                    self.roi.regions += 1;
                    self.roi.stats.add(&now.since(&start));
                }
                0
            }
            syscalls::OPEN => match self.guest_path(r16) {
                Ok(path) => match self.fs.open(&path, r17, r18) {
                    Ok(fd) => fd as i32,
                    Err(e) => -e,
                },
                Err(e) => -e,
            },
            syscalls::CLOSE => match self.fs.close(r16) {
                Ok(()) => 0,
                Err(e) => -e,
            },
            syscalls::LSEEK => match self.fs.lseek(r16, r17 as i32, r18) {
                Ok(at) => at,
                Err(e) => -e,
            },
            syscalls::UNLINK => match self.guest_path(r16) {
                Ok(path) => match self.fs.unlink(&path) {
                    Ok(()) => 0,
                    Err(e) => -e,
                },
                Err(e) => -e,
            },
            _ => -syscalls::ENOSYS,
        };
        self.vals[16] = result as u32;
        None
    }
}

impl Machine {
    /// The NUL-terminated path at `addr` (at most `hostfs::PATH_MAX` bytes).
    fn guest_path(&self, addr: u32) -> Result<Vec<u8>, i32> {
        let mut path = Vec::new();
        for a in (addr..).take(crate::hostfs::PATH_MAX) {
            if a >= CREG_BASE {
                return Err(syscalls::EFAULT);
            }
            match self.mem.read_u8(a) {
                Ok(0) => return Ok(path),
                Ok(b) => path.push(b),
                Err(_) => return Err(syscalls::EFAULT),
            }
        }
        Err(crate::hostfs::errno::ENAMETOOLONG)
    }
}

fn mask_of(size: u32) -> u32 {
    if size == 4 {
        u32::MAX
    } else {
        (1 << (8 * size)) - 1
    }
}

/// Index of a timing class in [`isa::model::ALL_CLASSES`] order.
pub fn class_index(c: OpClass) -> usize {
    isa::model::ALL_CLASSES
        .iter()
        .position(|&x| x == c)
        .unwrap_or(0)
}

/// `shl`: count = B[7:0] unsigned; ≥ 32 gives 0 (ISA-ST200 §4.1).
#[inline(always)]
fn shl(a: u32, b: u32) -> u32 {
    let n = b & 0xFF;
    if n >= 32 {
        0
    } else {
        a << n
    }
}

/// `shr`: arithmetic; count ≥ 32 gives the sign fill (§4.1).
#[inline(always)]
fn shr(a: u32, b: u32) -> u32 {
    let n = (b & 0xFF).min(31);
    ((a as i32) >> n) as u32
}

/// `shru`: logical; count ≥ 32 gives 0 (§4.1).
#[inline(always)]
fn shru(a: u32, b: u32) -> u32 {
    let n = b & 0xFF;
    if n >= 32 {
        0
    } else {
        a >> n
    }
}
