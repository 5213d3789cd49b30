//! Processor models: the timing and resource description of one ST200 core
//! (ISA-ST200 §5; docs/src/design/architecture.md §2).
//!
//! A [`ProcessorModel`] gives, for every timing class ([`OpClass`]), the
//! pipeline stage at which the class reads its register operands and the
//! stage at which its result can be consumed (§5.2); the per-bundle issue
//! resources (§2.2, §5.4); whether the core interlocks (§5.1); the cost of a
//! taken control transfer (§5.1, §8 q3); and the cache geometry and miss
//! costs (§5.5).
//!
//! The three built-in models are [`ProcessorModel::st220`],
//! [`ProcessorModel::st231`] and [`ProcessorModel::st240`]. A model can also
//! be loaded from TOML ([`ProcessorModel::from_toml_str`],
//! [`ProcessorModel::from_toml_file`]) so that users can explore machine
//! configurations without rebuilding the tools. The TOML layout is the serde
//! layout of the structs below; `ProcessorModel::st231().to_toml_string()`
//! prints a complete example:
//!
//! ```toml
//! name = "st231"
//! core = "st231"
//! interlocked = true
//! issue_width = 4
//! taken_branch_penalty = 1
//! clock_mhz = 400
//!
//! [resources]
//! issue = 4
//! mem = 1
//! ctl = 1
//! odd = 2
//! even = 2
//!
//! [stages.alu]
//! read = 2
//! result = 3
//! # … one table per timing class; `result` is omitted for classes that
//! # produce no register result (stores, branches, …)
//!
//! [icache]
//! size_bytes = 32768
//! ways = 1
//! line_bytes = 64
//! miss_penalty = 120
//!
//! [dcache]
//! size_bytes = 32768
//! ways = 4
//! line_bytes = 32
//! miss_penalty = 120
//! write_back = true
//! prefetch_entries = 8
//! ```
//!
//! Every loaded model is checked by [`ProcessorModel::validate`]; errors name
//! the offending field (e.g. `dcache.line_bytes`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::ops::{Core, OpClass};

/// Errors from loading, saving or validating a processor model.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The model file could not be read.
    #[error("cannot read processor model file {}: {source}", path.display())]
    Io {
        /// The file that was being read.
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The TOML text is malformed or does not have the shape of a model
    /// (unknown field, missing field, wrong type, unknown core name, …).
    #[error("invalid processor model TOML: {0}")]
    Parse(#[from] toml::de::Error),
    /// The model could not be written as TOML.
    #[error("cannot write processor model as TOML: {0}")]
    Serialize(#[from] toml::ser::Error),
    /// The model parsed but a field has an impossible value.
    #[error("invalid processor model: field `{field}`: {reason}")]
    Invalid {
        /// Dotted path of the field, e.g. `dcache.line_bytes` or `stages.load`.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// [`ProcessorModel::by_name`] was given a name that is not a built-in model.
    #[error(
        "unknown machine `{0}`: not a built-in machine (st220, st231, st240) nor a machine file"
    )]
    UnknownModel(String),
}

/// Operand-read and result stages of one timing class (ISA-ST200 §5.2).
///
/// Stages are pipeline stage numbers counted from issue (units: cycles);
/// the latency from a producer to a consumer is the producer's `result`
/// minus the consumer's `read` (§5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stages {
    /// Stage at which the class reads its register sources (cycles after
    /// issue). For classes without register sources (`goto`, direct `call`,
    /// `syscall`, …) the number is unused; the built-in models put 2 there.
    pub read: u32,
    /// Stage at which the class's register result (GR or BR) can be consumed
    /// (cycles after issue), or `None` if the class writes no register.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<u32>,
}

impl Stages {
    /// Stages of a class that reads at `read` and produces a result at `result`.
    pub const fn new(read: u32, result: u32) -> Stages {
        Stages {
            read,
            result: Some(result),
        }
    }
    /// Stages of a class that reads at `read` and writes no register.
    pub const fn no_result(read: u32) -> Stages {
        Stages { read, result: None }
    }
}

/// The [`Stages`] of every [`OpClass`], one field per class so that a TOML
/// model must describe every class (ISA-ST200 §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageTable {
    /// [`OpClass::Alu`]: reads at 2, result at 3 on every built-in core.
    pub alu: Stages,
    /// [`OpClass::Mul`]: reads at 2, result at 5.
    pub mul: Stages,
    /// [`OpClass::Load`] (includes `ldwl`): reads at 2, result at 5.
    pub load: Stages,
    /// [`OpClass::Store`]: reads address and data at 2, no result.
    pub store: Stages,
    /// [`OpClass::StoreCond`] (`stwl`): reads at 2, BR result at 5.
    pub store_cond: Stages,
    /// [`OpClass::MemControl`] (`pft`, `prg*`, `sync`, `wmb`): reads at 2, no result.
    pub mem_control: Stages,
    /// [`OpClass::Branch`] (`br`/`brf`): reads its BR at 0, no result.
    pub branch: Stages,
    /// [`OpClass::Jump`] (`goto`, direct `call`): no register source; the
    /// link value of `call` is ready at 3.
    pub jump: Stages,
    /// [`OpClass::IndirectJump`] (`igoto`/`return`/`icall`): reads `$r63`
    /// at 1; the link value of `icall` is ready at 3.
    pub indirect_jump: Stages,
    /// [`OpClass::System`] (`rfi`, `idle`, `syncins`, `pswset`, `pswclr`):
    /// `pswset`/`pswclr` read at 2, no result.
    pub system: Stages,
    /// [`OpClass::Trap`] (`syscall`, `sbrk`, `break`, `prgins`): no
    /// register operands.
    pub trap: Stages,
    /// [`OpClass::Custom`] (`asm_*`): reads at 2; result at 4 (the longer of
    /// Open64's 1- and 2-cycle custom-op latencies, §4.10).
    pub custom: Stages,
}

impl StageTable {
    /// The stages of `class`.
    pub const fn get(&self, class: OpClass) -> Stages {
        match class {
            OpClass::Alu => self.alu,
            OpClass::Mul => self.mul,
            OpClass::Load => self.load,
            OpClass::Store => self.store,
            OpClass::StoreCond => self.store_cond,
            OpClass::MemControl => self.mem_control,
            OpClass::Branch => self.branch,
            OpClass::Jump => self.jump,
            OpClass::IndirectJump => self.indirect_jump,
            OpClass::System => self.system,
            OpClass::Trap => self.trap,
            OpClass::Custom => self.custom,
        }
    }

    /// Mutable access to the stages of `class`.
    pub fn get_mut(&mut self, class: OpClass) -> &mut Stages {
        match class {
            OpClass::Alu => &mut self.alu,
            OpClass::Mul => &mut self.mul,
            OpClass::Load => &mut self.load,
            OpClass::Store => &mut self.store,
            OpClass::StoreCond => &mut self.store_cond,
            OpClass::MemControl => &mut self.mem_control,
            OpClass::Branch => &mut self.branch,
            OpClass::Jump => &mut self.jump,
            OpClass::IndirectJump => &mut self.indirect_jump,
            OpClass::System => &mut self.system,
            OpClass::Trap => &mut self.trap,
            OpClass::Custom => &mut self.custom,
        }
    }

    /// The TOML/serde field name of `class` (`snake_case`, e.g. `store_cond`).
    pub const fn field_name(class: OpClass) -> &'static str {
        match class {
            OpClass::Alu => "alu",
            OpClass::Mul => "mul",
            OpClass::Load => "load",
            OpClass::Store => "store",
            OpClass::StoreCond => "store_cond",
            OpClass::MemControl => "mem_control",
            OpClass::Branch => "branch",
            OpClass::Jump => "jump",
            OpClass::IndirectJump => "indirect_jump",
            OpClass::System => "system",
            OpClass::Trap => "trap",
            OpClass::Custom => "custom",
        }
    }

    /// The stage numbers of ISA-ST200 §5.2, shared by the ST220, ST231
    /// and ST240 for the operations they have in common.
    pub const fn st200() -> StageTable {
        StageTable {
            alu: Stages::new(2, 3),
            mul: Stages::new(2, 5),
            load: Stages::new(2, 5),
            store: Stages::no_result(2),
            store_cond: Stages::new(2, 5),
            mem_control: Stages::no_result(2),
            branch: Stages::no_result(0),
            jump: Stages::new(2, 3),
            indirect_jump: Stages::new(1, 3),
            system: Stages::no_result(2),
            trap: Stages::no_result(2),
            custom: Stages::new(2, 4),
        }
    }
}

/// Every timing class, in declaration order (for iterating over a [`StageTable`]).
pub const ALL_CLASSES: [OpClass; 12] = [
    OpClass::Alu,
    OpClass::Mul,
    OpClass::Load,
    OpClass::Store,
    OpClass::StoreCond,
    OpClass::MemControl,
    OpClass::Branch,
    OpClass::Jump,
    OpClass::IndirectJump,
    OpClass::System,
    OpClass::Trap,
    OpClass::Custom,
];

/// Issue resources available per bundle (= per cycle) (ISA-ST200 §2.2, §5.4).
///
/// How operations consume them is described in §5.4 (e.g. a control op
/// takes ISSUE + CTL + ODD + EVEN in Open64's scheduler model, an operation
/// with a long immediate takes 2×ISSUE + ODD + EVEN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resources {
    /// ISSUE slots per bundle (syllables, a long immediate counts 2 unless
    /// [`LaneRules::extension_takes_issue`] is false); 4 on ST231.
    pub issue: u32,
    /// Integer ALUs (operations of [`crate::ops::Unit::Alu`]: arithmetic,
    /// compares, selects, moves, `nop`); every issue slot has one on the
    /// ST231 (§2.2: "ALU: any lane"). Optional in TOML: omitted means
    /// `issue`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alu: Option<u32>,
    /// Memory units (loads, stores, `pft`, `prg*`, `sync`, …); 1 on ST231.
    pub mem: u32,
    /// Control units (branches, jumps, calls, `rfi`, …); 1 on ST231.
    pub ctl: u32,
    /// Multipliers (`mul*`, and custom operations of the `mul` class),
    /// named `odd` in TOML after the ODD lanes they occupy on the ST231;
    /// 2 on ST231. `mul = N` is accepted as well.
    #[serde(alias = "mul")]
    pub odd: u32,
    /// EVEN lanes (extension syllables, EVEN custom ops); 2 on ST231.
    pub even: u32,
}

impl Resources {
    /// The per-bundle limits of the ST231 (§2.2, §5.4): ISSUE 4, ALU 4,
    /// MEM 1, CTL 1, ODD 2, EVEN 2. (The ST240-only LANE0 resource is not
    /// modelled.)
    pub const fn st231() -> Resources {
        // The numbers live once, in the bundle rules (crate::bundle).
        let l = crate::bundle::BundleLimits::ST200;
        Resources {
            issue: l.issue as u32,
            // "ALU: any lane" (§2.2): one ALU per issue slot, so a machine
            // derived with more slots has more ALUs unless it says otherwise.
            alu: None,
            mem: l.memory as u32,
            ctl: l.control as u32,
            odd: l.multiply as u32,
            // Lanes alternate odd/even, so even lanes = issue − odd lanes.
            even: (l.issue - l.multiply) as u32,
        }
    }

    /// ALUs per bundle: [`Resources::alu`], or `issue` when it is not given.
    pub const fn alu_units(&self) -> u32 {
        match self.alu {
            Some(n) => n,
            None => self.issue,
        }
    }

    /// A summary of the per-bundle limits (§2.3) for schedulers that
    /// estimate resource-bound cycle counts. The bundle checks of the
    /// assembler, simulator and scheduler use the complete rules,
    /// [`crate::bundle::BundleRules::new`].
    pub const fn bundle_limits(&self) -> crate::bundle::BundleLimits {
        crate::bundle::BundleLimits {
            issue: self.issue as usize,
            control: self.ctl as usize,
            memory: self.mem as usize,
            multiply: self.odd as usize,
        }
    }
}

/// Where syllables may sit in a bundle (ISA-ST200 §2.2, §2.4).
///
/// A syllable's lane is its word address modulo [`LaneRules::count`]
/// (§2.2: on the ST231 "lane = (address >> 2) & 3", and only the parity
/// matters). Each list names the lanes an operation of that unit class
/// may occupy; an omitted list means every lane. A long immediate's owner
/// sits on a lane of `long_imm` and its extension syllable on the
/// neighbouring lane (`imml` after it, `immr` before it), which must be in
/// `extension`. Control operations are always the first syllable of their
/// bundle (§2.3 rule 2), whatever their lane.
///
/// Every field is optional in TOML; the defaults follow the ST231's rules
/// scaled to the issue width: `count` = issue width, multiplies and
/// long-immediate owners on the odd lanes, extensions and EVEN custom
/// operations on the even lanes (on a 1-lane machine, lane 0 for all).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct LaneRules {
    /// Number of lanes (1 to 16); the default is the issue width.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// Lanes of ALU operations (default: all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alu: Option<Vec<u32>>,
    /// Lanes of multiplies and `mul`-class custom operations (default:
    /// the odd lanes; §2.2 rule 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mul: Option<Vec<u32>>,
    /// Lanes of memory operations (default: all; §2.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mem: Option<Vec<u32>>,
    /// Lanes of EVEN-lane custom operations `asm_8`…`asm_11` (default: the
    /// even lanes; §2.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub even: Option<Vec<u32>>,
    /// Lanes that may own a long immediate (default: the odd lanes; §2.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub long_imm: Option<Vec<u32>>,
    /// Lanes of `imml`/`immr` extension syllables (default: the even
    /// lanes; §2.3 rule 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension: Option<Vec<u32>>,
    /// Whether an extension syllable takes an issue slot (§2.1: on the
    /// ST231 it does, so a long immediate counts 2 against `issue`).
    /// Default true; a 1-issue machine must set it false to have long
    /// immediates at all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension_takes_issue: Option<bool>,
}

/// The unit classes a lane list can be given for (keys of `[lanes]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LaneClass {
    /// ALU operations.
    Alu,
    /// Multiplies.
    Mul,
    /// Memory operations.
    Mem,
    /// EVEN-lane custom operations.
    Even,
    /// Owners of a long immediate.
    LongImm,
    /// `imml`/`immr` syllables.
    Extension,
}

/// The register files (ISA-ST200 §1.2, §1.3, §7.1).
///
/// `general = N` gives `$r0`…`$rN−1` plus the link register `$r63`; the
/// ABI's fixed roles (`$r12` stack pointer, `$r14` global pointer,
/// arguments and results in `$r16`…`$r23`, §7.1) need N ≥ 24. `branch = B`
/// gives `$b0`…`$bB−1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterFiles {
    /// General registers `$r0`…`$rN−1` (24 to 64; 64 on every ST200 core).
    #[serde(default = "default_general")]
    pub general: u32,
    /// Branch registers `$b0`…`$bB−1` (1 to 8; 8 on every ST200 core).
    #[serde(default = "default_branch")]
    pub branch: u32,
}

fn default_general() -> u32 {
    64
}
fn default_branch() -> u32 {
    8
}

impl Default for RegisterFiles {
    fn default() -> Self {
        RegisterFiles {
            general: default_general(),
            branch: default_branch(),
        }
    }
}

impl RegisterFiles {
    /// Whether general register `$rN` exists: N below [`Self::general`],
    /// or the link register `$r63` (§1.4).
    pub const fn has_general(&self, n: u32) -> bool {
        n < self.general || n == 63
    }
    /// Whether branch register `$bN` exists.
    pub const fn has_branch(&self, n: u32) -> bool {
        n < self.branch
    }
}

/// A timing and resource class of custom operations declared by a machine
/// file (`[classes.NAME]`): how many such operations issue per bundle, on
/// which lanes, and their operand-read and result stages (§5.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomClass {
    /// Units of this class per bundle (1 to the issue width).
    pub units: u32,
    /// Lanes the class may occupy (default: all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lanes: Option<Vec<u32>>,
    /// Stage at which its operands are read (cycles after issue).
    pub read: u32,
    /// Stage at which its result can be consumed (cycles after issue).
    pub result: u32,
}

/// A custom operation (ISA-ST200 §4.10, `asm_0`…`asm_30`) declared by a
/// machine file (`[[custom]]`): C calls it as `__builtin_st200_NAME(a, b)`,
/// assembly writes `NAME $rD = $rA, $rB`, and its meaning is the C
/// expression `expr` over `int a, b` with C's 32-bit wrapping semantics.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomOp {
    /// Mnemonic and builtin suffix (a C identifier that is not an existing
    /// mnemonic).
    pub name: String,
    /// The `asm_N` encoding it uses (0 to 30; §4.10: 0–15 are register–
    /// register, 16–30 register–immediate).
    pub slot: u32,
    /// Timing class: `alu`, `mul`, or a class declared under `[classes]`.
    #[serde(default = "default_custom_class")]
    pub class: String,
    /// Number of 32-bit integer operands (1 or 2).
    pub operands: u32,
    /// Meaning, as a C expression over `a` and `b`.
    pub expr: String,
}

fn default_custom_class() -> String {
    "alu".to_string()
}

/// Geometry and miss cost of one cache (ISA-ST200 §5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CacheConfig {
    /// Total capacity (bytes).
    pub size_bytes: u32,
    /// Associativity (1 = direct-mapped).
    pub ways: u32,
    /// Line size (bytes); a power of two.
    pub line_bytes: u32,
    /// Cycles lost on a miss (cycles).
    pub miss_penalty: u32,
    /// Whether stores are written back on eviction (true) or written through
    /// (false). Must be false for the instruction cache. Defaults to false
    /// when omitted from TOML.
    #[serde(default)]
    pub write_back: bool,
    /// Entries of the prefetch buffer that `pft` fills (lines; 0 = `pft`
    /// is ignored). A prefetch is in flight for `miss_penalty` cycles; a
    /// later access to its line waits only for what is left of that time
    /// (§5.5: 8 entries on the ST231). Defaults to 0 when omitted from TOML.
    #[serde(default)]
    pub prefetch_entries: u32,
}

impl CacheConfig {
    /// Number of sets = `size_bytes / (ways × line_bytes)`, or `None` if the
    /// geometry is degenerate (zero ways or line size, or overflow).
    pub fn sets(&self) -> Option<u32> {
        let way_bytes = self.ways.checked_mul(self.line_bytes)?;
        self.size_bytes.checked_div(way_bytes)
    }

    /// The D-cache of the ST231 (§5.5): 32 KiB, 4-way, 32-byte lines,
    /// write-back, ≈120-cycle miss penalty (the compiler's own guess for a
    /// clean miss; it assumes ≈126 for a dirty one).
    pub const fn st231_dcache() -> CacheConfig {
        CacheConfig {
            size_bytes: 32 * 1024,
            ways: 4,
            line_bytes: 32,
            miss_penalty: 120,
            write_back: true,
            prefetch_entries: 8,
        }
    }

    /// The I-cache of the ST231 (§5.5): 32 KiB, direct-mapped, 64-byte
    /// lines. The miss penalty of 120 cycles is a guess (§8 q7: real miss
    /// penalties are unknown); it reuses the D-cache figure since both are
    /// dominated by the external memory latency.
    pub const fn st231_icache() -> CacheConfig {
        CacheConfig {
            size_bytes: 32 * 1024,
            ways: 1,
            line_bytes: 64,
            miss_penalty: 120,
            write_back: false,
            prefetch_entries: 0,
        }
    }

    fn validate(&self, prefix: &str) -> Result<(), ModelError> {
        let field = |f: &str| format!("{prefix}.{f}");
        if self.size_bytes == 0 {
            return Err(invalid(field("size_bytes"), "must be non-zero"));
        }
        if self.ways == 0 {
            return Err(invalid(field("ways"), "must be non-zero"));
        }
        if !self.line_bytes.is_power_of_two() {
            return Err(invalid(
                field("line_bytes"),
                format!("must be a non-zero power of two, not {}", self.line_bytes),
            ));
        }
        let way_bytes = match self.ways.checked_mul(self.line_bytes) {
            Some(b) if b <= self.size_bytes => b,
            _ => {
                return Err(invalid(
                    field("size_bytes"),
                    format!(
                        "{} bytes cannot hold {} ways of {}-byte lines",
                        self.size_bytes, self.ways, self.line_bytes
                    ),
                ))
            }
        };
        if self.size_bytes.checked_rem(way_bytes) != Some(0) {
            return Err(invalid(
                field("size_bytes"),
                format!(
                    "{} is not a multiple of ways × line_bytes = {}",
                    self.size_bytes, way_bytes
                ),
            ));
        }
        let sets = self.size_bytes / way_bytes;
        if !sets.is_power_of_two() {
            return Err(invalid(
                field("size_bytes"),
                format!("gives {sets} sets, which is not a power of two"),
            ));
        }
        Ok(())
    }
}

/// The timing and resource description of one ST200 core (ISA-ST200 §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcessorModel {
    /// Name of the model (e.g. `st231`, or any name for a user model).
    pub name: String,
    /// The core whose instruction set the model executes (`"st220"`,
    /// `"st231"` or `"st240"` in TOML); selects which operations exist.
    #[serde(with = "core_serde")]
    pub core: Core,
    /// Whether a hardware scoreboard stalls a bundle until its operands are
    /// ready (ST231, ST240) or software must respect every latency (ST220)
    /// (§5.1).
    pub interlocked: bool,
    /// Maximum number of syllables in a bundle (4 on every ST200 core, §2.1).
    pub issue_width: u32,
    /// Extra cycles lost by every taken control transfer (cycles; 1 bubble,
    /// §5.1, §8 q3). A not-taken branch costs nothing extra.
    pub taken_branch_penalty: u32,
    /// Core clock frequency in MHz, used only to turn cycles into time:
    /// `lcc` predefines `__ST200_CLOCK_MHZ__` from the built-in model of the
    /// `-mcpu=` core, and the C library's `clock()` (`CLOCKS_PER_SEC` =
    /// 10^6) and `time()` divide the cycle counter by it. 400 MHz on every
    /// core: the nominal clock of ST231 parts that our CoreMark port
    /// (`testsuite/coremark-port/core_portme.h`) assumes; ISA-ST200 gives
    /// no frequency, so this is a figure we adopt, not a measured one.
    /// Optional in TOML (default 400).
    #[serde(default = "default_clock_mhz")]
    pub clock_mhz: u32,
    /// Per-bundle resource limits (§2.2, §5.4).
    pub resources: Resources,
    /// Lanes each unit class may occupy and how long immediates pair
    /// (§2.2, §2.4). Optional in TOML.
    #[serde(default)]
    pub lanes: LaneRules,
    /// Read and result stage of every timing class (§5.2).
    pub stages: StageTable,
    /// Register files (§1.2, §1.3). Optional in TOML: 64 GR and 8 BR.
    #[serde(default)]
    pub registers: RegisterFiles,
    /// Instruction cache (§5.5).
    pub icache: CacheConfig,
    /// Data cache (§5.5).
    pub dcache: CacheConfig,
    /// Classes of custom operations declared by the machine (`[classes.NAME]`).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub classes: std::collections::BTreeMap<String, CustomClass>,
    /// Custom operations of the machine (`[[custom]]`, §4.10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub custom: Vec<CustomOp>,
}

fn default_clock_mhz() -> u32 {
    400
}

fn invalid(field: impl Into<String>, reason: impl Into<String>) -> ModelError {
    ModelError::Invalid {
        field: field.into(),
        reason: reason.into(),
    }
}

impl ProcessorModel {
    /// The built-in model of `core`.
    pub fn builtin(core: Core) -> ProcessorModel {
        ProcessorModel {
            name: core.name().to_string(),
            core,
            // §5.1: the scoreboard appeared with the ST231.
            interlocked: core != Core::St220,
            issue_width: 4,
            taken_branch_penalty: 1,
            clock_mhz: default_clock_mhz(),
            resources: Resources::st231(),
            lanes: LaneRules::default(),
            // §5.2: the three cores share stage numbers for shared operations.
            stages: StageTable::st200(),
            registers: RegisterFiles::default(),
            icache: CacheConfig::st231_icache(),
            dcache: CacheConfig::st231_dcache(),
            classes: Default::default(),
            custom: Vec::new(),
        }
    }

    /// The ST220 (§5.1): like the ST231 but with no interlocks, so code must
    /// be scheduled to respect every latency. Its cache parameters are
    /// assumed equal to the ST231's (§5.5 gives no separate figures).
    pub fn st220() -> ProcessorModel {
        ProcessorModel::builtin(Core::St220)
    }

    /// The ST231, the primary target (§5): interlocked, 4-issue, stages of
    /// §5.2, caches of §5.5.
    pub fn st231() -> ProcessorModel {
        ProcessorModel::builtin(Core::St231)
    }

    /// The ST240: interlocked, with the ST231's stages for the shared
    /// operations (§5.2) and, as a guess, the ST231's caches.
    pub fn st240() -> ProcessorModel {
        ProcessorModel::builtin(Core::St240)
    }

    /// The built-in model called `name` (`st220`, `st231` or `st240`).
    pub fn by_name(name: &str) -> Result<ProcessorModel, ModelError> {
        Core::from_name(name)
            .map(ProcessorModel::builtin)
            .ok_or_else(|| ModelError::UnknownModel(name.to_string()))
    }

    /// The built-in model called `arg` (`st220`, `st231`, `st240`), or
    /// else the machine file at path `arg`.
    pub fn by_name_or_file(arg: &str) -> Result<ProcessorModel, ModelError> {
        match ProcessorModel::by_name(arg) {
            Ok(m) => Ok(m),
            Err(_) if Path::new(arg).exists() || arg.ends_with(".toml") => {
                ProcessorModel::from_toml_file(arg)
            }
            Err(e) => Err(e),
        }
    }

    /// Parses and validates a model written in TOML.
    ///
    /// A file may start from a built-in model with `base = "st231"` (or
    /// `st220`, `st240`) and give only the fields that differ: its tables
    /// are merged over the built-in one, key by key. Without `base`, the
    /// fields of the original format are required and the newer ones
    /// (`clock_mhz`, `lanes`, `registers`, `resources.alu`, `classes`,
    /// `custom`) take their defaults.
    pub fn from_toml_str(text: &str) -> Result<ProcessorModel, ModelError> {
        let mut table: toml::Table = toml::from_str(text)?;
        let model: ProcessorModel = match table.remove("base") {
            None => toml::from_str(text)?,
            Some(base) => {
                let base_model = base
                    .as_str()
                    .and_then(|b| ProcessorModel::by_name(b).ok())
                    .ok_or_else(|| {
                        invalid(
                            "base",
                            format!(
                                "{base} is not a built-in machine (expected \"st220\", \"st231\" or \"st240\")"
                            ),
                        )
                    })?;
                if !table.contains_key("name") {
                    return Err(invalid(
                        "name",
                        "a machine that starts from `base` needs a name of its own",
                    ));
                }
                let mut merged = toml::Table::try_from(&base_model)?;
                merge_tables(&mut merged, table);
                merged.try_into()?
            }
        };
        model.validate()?;
        Ok(model)
    }

    /// A derived machine: `self` with the dotted `key` (e.g.
    /// `issue_width`, `resources.mem`, `dcache.miss_penalty`) set to the
    /// TOML value `value` (e.g. `8`, `true`, `"st220"`), validated, and
    /// named `NAME-KEY=VALUE` unless `key` is `name`. Used by sweeps.
    ///
    /// Setting `issue_width` (without `resources.issue`) also sets the
    /// issue slots to the new width, the ALUs too when every slot had
    /// one, and caps the other units at the width, so that
    /// `issue_width=2,4,8` sweeps widths as a user means it.
    pub fn with_setting(&self, key: &str, value: &str) -> Result<ProcessorModel, ModelError> {
        self.with_settings(&[(key, value)])
    }

    /// [`ProcessorModel::with_setting`] for several keys at once: every
    /// setting is applied, then the machine is validated once (so that
    /// `issue_width = 2` and `resources.issue = 2` can be changed together
    /// even though neither is valid alone on the ST231). Named
    /// `NAME-KEY1=VALUE1-KEY2=VALUE2…` (settings of `name` excepted).
    pub fn with_settings(&self, settings: &[(&str, &str)]) -> Result<ProcessorModel, ModelError> {
        let mut table = toml::Table::try_from(self)?;
        let mut name = self.name.clone();
        for &(key, value) in settings {
            let parsed: toml::Table = toml::from_str(&format!("v = {value}"))
                .or_else(|_| toml::from_str(&format!("v = \"{value}\"")))?;
            let v = parsed["v"].clone();
            let mut t = &mut table;
            let parts: Vec<&str> = key.split('.').collect();
            for part in &parts[..parts.len() - 1] {
                let entry = t
                    .entry(part.to_string())
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()));
                t = entry
                    .as_table_mut()
                    .ok_or_else(|| invalid(key, format!("`{part}` is not a table")))?;
            }
            t.insert(parts[parts.len() - 1].to_string(), v);
            if key != "name" {
                name = format!("{name}-{key}={value}");
            }
        }
        if !settings.iter().any(|&(k, _)| k == "name") {
            table.insert("name".into(), toml::Value::String(name));
        }
        let mut model: ProcessorModel = table.try_into()?;
        let given = |k: &str| settings.iter().any(|&(key, _)| key == k);
        if given("issue_width") && !given("resources.issue") {
            // A new issue width brings its issue slots, and ALUs with them
            // where every slot had one (the ST231's "ALU: any lane", §2.2);
            // the other units stay, capped at the width.
            let w = model.issue_width;
            let r = &mut model.resources;
            if !given("resources.alu") && self.resources.alu_units() == self.resources.issue {
                r.alu = Some(w);
            }
            r.issue = w;
            for (key, unit) in [
                ("resources.alu", r.alu.as_mut()),
                ("resources.mem", Some(&mut r.mem)),
                ("resources.ctl", Some(&mut r.ctl)),
                ("resources.odd", Some(&mut r.odd)),
                ("resources.even", Some(&mut r.even)),
            ] {
                if let Some(unit) = unit.filter(|_| !given(key)) {
                    *unit = (*unit).min(w);
                }
            }
        }
        model.validate()?;
        Ok(model)
    }

    /// Reads, parses and validates a TOML model file.
    pub fn from_toml_file(path: impl AsRef<Path>) -> Result<ProcessorModel, ModelError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| ModelError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        ProcessorModel::from_toml_str(&text)
    }

    /// The model as TOML text, loadable by [`ProcessorModel::from_toml_str`].
    pub fn to_toml_string(&self) -> Result<String, ModelError> {
        Ok(toml::to_string(self)?)
    }

    /// Checks that every field has a possible value: non-empty name,
    /// non-zero issue width and resources no larger than it, read stage ≤
    /// result stage for every class, and consistent cache geometry
    /// (power-of-two line size and set count, size divisible by
    /// ways × line size, no write-back I-cache).
    pub fn validate(&self) -> Result<(), ModelError> {
        if self.name.trim().is_empty() {
            return Err(invalid("name", "must not be empty"));
        }
        if self.issue_width == 0 || self.issue_width > MAX_ISSUE_WIDTH {
            return Err(invalid(
                "issue_width",
                format!(
                    "{} is not 1 to {MAX_ISSUE_WIDTH} syllables per bundle",
                    self.issue_width
                ),
            ));
        }
        if self.clock_mhz == 0 {
            return Err(invalid("clock_mhz", "must be non-zero"));
        }
        let r = &self.resources;
        for (name, value) in [
            ("issue", r.issue),
            ("alu", r.alu_units()),
            ("mem", r.mem),
            ("ctl", r.ctl),
            ("odd", r.odd),
            ("even", r.even),
        ] {
            if value == 0 {
                return Err(invalid(format!("resources.{name}"), "must be non-zero"));
            }
            if value > self.issue_width {
                return Err(invalid(
                    format!("resources.{name}"),
                    format!("{value} exceeds issue_width {}", self.issue_width),
                ));
            }
        }
        for class in ALL_CLASSES {
            let s = self.stages.get(class);
            if let Some(result) = s.result {
                if result < s.read {
                    return Err(invalid(
                        format!("stages.{}", StageTable::field_name(class)),
                        format!("result stage {result} is before read stage {}", s.read),
                    ));
                }
            }
        }
        self.validate_lanes()?;
        self.validate_registers()?;
        self.validate_custom()?;
        self.icache.validate("icache")?;
        if self.icache.write_back {
            return Err(invalid(
                "icache.write_back",
                "an instruction cache cannot be write-back",
            ));
        }
        if self.icache.prefetch_entries != 0 {
            return Err(invalid(
                "icache.prefetch_entries",
                "`pft` prefetches into the data cache only (ISA-ST200 §4.6)",
            ));
        }
        self.dcache.validate("dcache")?;
        Ok(())
    }

    /// The read and result stages of `class` (§5.2).
    pub const fn stages(&self, class: OpClass) -> Stages {
        self.stages.get(class)
    }

    /// Cycles from the issue of a `producer` to the earliest stall-free issue
    /// of a `consumer` that reads its result (units: cycles; §5.3):
    /// result stage of the producer − read stage of the consumer, saturating
    /// at 0. A producer class with no register result gives 0.
    ///
    /// On an interlocked core a shorter distance only costs stall cycles; on
    /// a non-interlocked core (ST220) it reads the stale value (§5.1).
    pub const fn latency(&self, producer: OpClass, consumer: OpClass) -> u32 {
        match self.stages.get(producer).result {
            Some(result) => result.saturating_sub(self.stages.get(consumer).read),
            None => 0,
        }
    }
}

impl ProcessorModel {
    /// Number of lanes: [`LaneRules::count`], or the issue width.
    pub fn lane_count(&self) -> u32 {
        self.lanes.count.unwrap_or(self.issue_width).max(1)
    }

    /// The lanes `class` may occupy, as a bit mask (bit `l` = lane `l`),
    /// from `[lanes]` or the defaults described at [`LaneRules`].
    pub fn lane_mask(&self, class: LaneClass) -> u32 {
        let count = self.lane_count();
        let all = if count >= 32 {
            u32::MAX
        } else {
            (1u32 << count) - 1
        };
        let odd = 0xAAAA_AAAA & all;
        let even = 0x5555_5555 & all;
        let (given, default) = match class {
            LaneClass::Alu => (&self.lanes.alu, all),
            LaneClass::Mem => (&self.lanes.mem, all),
            LaneClass::Mul => (&self.lanes.mul, odd),
            LaneClass::LongImm => (&self.lanes.long_imm, odd),
            LaneClass::Even => (&self.lanes.even, even),
            LaneClass::Extension => (&self.lanes.extension, even),
        };
        match given {
            Some(list) => mask_of(list),
            // A 1-lane machine has no odd lane: everything goes to lane 0.
            None if default == 0 => all,
            None => default,
        }
    }

    /// Whether an extension syllable (`imml`/`immr`) takes an issue slot:
    /// [`LaneRules::extension_takes_issue`], by default true when a bundle
    /// can hold two syllables.
    pub fn extension_takes_issue(&self) -> bool {
        self.lanes
            .extension_takes_issue
            .unwrap_or(self.issue_width >= 2)
    }

    /// The message for a register the machine lacks, or `None` when it
    /// has it: general register `$rN` (`branch` false) or branch register
    /// `$bN` (§1.2, §1.3; `registers`). Numbers beyond the architecture
    /// (`$r64`, `$b8`) are left to the encoder's range checks.
    pub fn missing_register(&self, branch: bool, n: u32) -> Option<String> {
        let r = &self.registers;
        let (has, letter, list, field, count) = if branch {
            let list = match r.branch {
                1 => "$b0".to_string(),
                b => format!("$b0-$b{}", b - 1),
            };
            (n >= 8 || r.has_branch(n), 'b', list, "branch", r.branch)
        } else {
            let list = format!("$r0-$r{} and $r63", r.general - 1);
            (n >= 64 || r.has_general(n), 'r', list, "general", r.general)
        };
        (!has).then(|| {
            format!(
                "`${letter}{n}` does not exist on machine {}: it has {list} (registers.{field} = {count})",
                self.name
            )
        })
    }

    /// The custom operation called `name`, if the machine declares one.
    pub fn custom_op(&self, name: &str) -> Option<&CustomOp> {
        self.custom.iter().find(|c| c.name == name)
    }

    /// The custom operation encoded as `asm_SLOT`, if the machine declares one.
    pub fn custom_slot(&self, slot: u32) -> Option<&CustomOp> {
        self.custom.iter().find(|c| c.slot == slot)
    }

    /// Read and result stages of a custom operation: those of its class
    /// (`alu`, `mul` or a declared class).
    pub fn custom_stages(&self, op: &CustomOp) -> Stages {
        match op.class.as_str() {
            "alu" => self.stages.alu,
            "mul" => self.stages.mul,
            c => match self.classes.get(c) {
                Some(k) => Stages::new(k.read, k.result),
                None => self.stages.custom,
            },
        }
    }

    /// Read and result stages of the operation `op` (§5.2): those of its
    /// timing class, except for a custom operation `asm_N` the machine
    /// declares, which has those of its own class ([`Self::custom_stages`]).
    pub fn op_stages(&self, op: &crate::ops::OpInfo) -> Stages {
        match op.custom_slot().and_then(|n| self.custom_slot(n)) {
            Some(c) => self.custom_stages(c),
            None => self.stages(op.class),
        }
    }

    /// [`Self::latency`] between two operations (their [`Self::op_stages`]):
    /// result stage of the producer − read stage of the consumer,
    /// saturating at 0; 0 when the producer writes no register.
    pub fn op_latency(&self, producer: &crate::ops::OpInfo, consumer: &crate::ops::OpInfo) -> u32 {
        match self.op_stages(producer).result {
            Some(result) => result.saturating_sub(self.op_stages(consumer).read),
            None => 0,
        }
    }

    /// The lanes of a declared custom class, as a bit mask (all lanes when
    /// it gives none).
    pub fn class_lane_mask(&self, class: &CustomClass) -> u32 {
        match &class.lanes {
            Some(l) => mask_of(l),
            None => {
                let count = self.lane_count();
                if count >= 32 {
                    u32::MAX
                } else {
                    (1u32 << count) - 1
                }
            }
        }
    }

    /// The model as a complete, commented TOML machine file (what
    /// `lcc --print-machine NAME` and `stsim --print-machine NAME` print):
    /// every field written out, defaults resolved, each with a comment
    /// saying what it means and where the fact comes from.
    /// [`ProcessorModel::from_toml_str`] loads it back to an equal model
    /// (up to the resolved defaults, which load as given values).
    pub fn to_commented_toml(&self) -> String {
        use std::fmt::Write;
        let lanes = |c: LaneClass| {
            let m = self.lane_mask(c);
            let v: Vec<String> = (0..32)
                .filter(|l| m & (1 << l) != 0)
                .map(|l| l.to_string())
                .collect();
            format!("[{}]", v.join(", "))
        };
        let mut o = String::new();
        let r = &self.resources;
        let _ = writeln!(
            o,
            "# Machine description for the ST200 toolchain (lcc, las, lld-st, stsim,\n\
             # st-objdump: --machine FILE). Sections cite the ISA reference, ISA-ST200.\n\
             # A file may instead start with `base = \"st231\"` and give only what differs.\n\
             \n\
             name = \"{}\"\n\
             # Operation set and encodings: st220, st231 or st240 (§4.11, §4.12).\n\
             core = \"{}\"\n\
             # A scoreboard stalls a bundle until its operands are ready (§5.1);\n\
             # false: software must respect every latency (the ST220).\n\
             interlocked = {}\n\
             # Syllables per bundle, 1 to 16 (§2.1).\n\
             issue_width = {}\n\
             # Bubbles after every taken control transfer (cycles, §5.1).\n\
             taken_branch_penalty = {}\n\
             # Clock (MHz), to turn cycles into time (clock(), time()).\n\
             clock_mhz = {}\n",
            self.name,
            self.core.name(),
            self.interlocked,
            self.issue_width,
            self.taken_branch_penalty,
            self.clock_mhz
        );
        let _ = writeln!(
            o,
            "# Units per bundle by class (§2.2, §5.4).\n\
             [resources]\n\
             issue = {}   # issue slots (syllables)\n\
             alu = {}     # integer ALUs\n\
             mem = {}     # memory units: loads, stores, pft, prg*, sync\n\
             ctl = {}     # control units: branches, jumps, calls\n\
             odd = {}     # multipliers (`mul` is accepted too)\n\
             even = {}    # EVEN-lane units (extension syllables, asm_8..asm_11)\n",
            r.issue,
            r.alu_units(),
            r.mem,
            r.ctl,
            r.odd,
            r.even
        );
        let _ = writeln!(
            o,
            "# Lanes: a syllable's lane is its word address modulo `count` (§2.2).\n\
             # Each list gives the lanes a class may occupy. A long immediate's owner\n\
             # sits on a `long_imm` lane, its imml/immr extension on the neighbouring\n\
             # `extension` lane (§2.4). Control operations come first in a bundle.\n\
             [lanes]\n\
             count = {}\n\
             alu = {}\n\
             mul = {}\n\
             mem = {}\n\
             even = {}\n\
             long_imm = {}\n\
             extension = {}\n\
             extension_takes_issue = {}   # an extension syllable uses an issue slot\n",
            self.lane_count(),
            lanes(LaneClass::Alu),
            lanes(LaneClass::Mul),
            lanes(LaneClass::Mem),
            lanes(LaneClass::Even),
            lanes(LaneClass::LongImm),
            lanes(LaneClass::Extension),
            self.extension_takes_issue()
        );
        let _ = writeln!(
            o,
            "# Register files (§1.2, §1.3): $r0..$r(general-1) plus the link $r63,\n\
             # 24 to 64 (the ABI uses $r0..$r23, §7.1); $b0..$b(branch-1), 1 to 8.\n\
             [registers]\n\
             general = {}\n\
             branch = {}\n",
            self.registers.general, self.registers.branch
        );
        let _ = writeln!(
            o,
            "# Pipeline stages per timing class (cycles after issue, §5.2): operands\n\
             # are read at `read`, the result is usable at `result`; the latency from\n\
             # a producer to a consumer is its result minus the consumer's read (§5.3).\n\
             [stages]"
        );
        for class in ALL_CLASSES {
            let st = self.stages.get(class);
            let _ = match st.result {
                Some(res) => writeln!(
                    o,
                    "{} = {{ read = {}, result = {} }}",
                    StageTable::field_name(class),
                    st.read,
                    res
                ),
                None => writeln!(
                    o,
                    "{} = {{ read = {} }}",
                    StageTable::field_name(class),
                    st.read
                ),
            };
        }
        for (name, cache, what) in [
            ("icache", &self.icache, "Instruction cache"),
            ("dcache", &self.dcache, "Data cache"),
        ] {
            let _ = writeln!(
                o,
                "\n# {what} (§5.5): bytes, ways (1 = direct-mapped), line bytes,\n\
                 # miss penalty (cycles), write-back or write-through, pft buffer entries.\n\
                 [{name}]\n\
                 size_bytes = {}\n\
                 ways = {}\n\
                 line_bytes = {}\n\
                 miss_penalty = {}\n\
                 write_back = {}\n\
                 prefetch_entries = {}",
                cache.size_bytes,
                cache.ways,
                cache.line_bytes,
                cache.miss_penalty,
                cache.write_back,
                cache.prefetch_entries
            );
        }
        if self.classes.is_empty() && self.custom.is_empty() {
            let _ = writeln!(
                o,
                "\n# Custom operations (§4.10) are declared like this; C calls them as\n\
                 # __builtin_st200_NAME(a, b), assembly as `NAME $rD = $rA, $rB`.\n\
                 # [classes.dsp]            # a timing class of its own (optional)\n\
                 # units = 1                # per bundle\n\
                 # lanes = [0]\n\
                 # read = 2\n\
                 # result = 4\n\
                 #\n\
                 # [[custom]]\n\
                 # name = \"addsat16\"\n\
                 # slot = 3                 # encoded as asm_3\n\
                 # class = \"alu\"            # alu, mul or a declared class\n\
                 # operands = 2\n\
                 # expr = \"a + b > 32767 ? 32767 : a + b < -32768 ? -32768 : a + b\""
            );
        }
        for (name, c) in &self.classes {
            let _ = writeln!(
                o,
                "\n# Timing class of custom operations: units per bundle, lanes, stages.\n\
                 [classes.{name}]\n\
                 units = {}\n\
                 lanes = {}\n\
                 read = {}\n\
                 result = {}",
                c.units,
                {
                    let m = self.class_lane_mask(c);
                    let v: Vec<String> = (0..32)
                        .filter(|l| m & (1 << l) != 0)
                        .map(|l| l.to_string())
                        .collect();
                    format!("[{}]", v.join(", "))
                },
                c.read,
                c.result
            );
        }
        for c in &self.custom {
            let _ = writeln!(
                o,
                "\n# Custom operation (§4.10): __builtin_st200_{0}(…) in C, `{0}` in assembly.\n\
                 [[custom]]\n\
                 name = \"{0}\"\n\
                 slot = {1}\n\
                 class = \"{2}\"\n\
                 operands = {3}\n\
                 expr = {4}",
                c.name,
                c.slot,
                c.class,
                c.operands,
                toml::Value::String(c.expr.clone())
            );
        }
        o
    }

    /// The model with every default resolved to its value (what
    /// [`ProcessorModel::to_commented_toml`] writes), so that two
    /// descriptions of the same machine compare equal.
    pub fn resolved(&self) -> ProcessorModel {
        let mut m = self.clone();
        m.resources.alu = Some(self.resources.alu_units());
        let list = |c: LaneClass| {
            Some(
                (0..32)
                    .filter(|l| self.lane_mask(c) & (1 << l) != 0)
                    .collect(),
            )
        };
        m.lanes = LaneRules {
            count: Some(self.lane_count()),
            alu: list(LaneClass::Alu),
            mul: list(LaneClass::Mul),
            mem: list(LaneClass::Mem),
            even: list(LaneClass::Even),
            long_imm: list(LaneClass::LongImm),
            extension: list(LaneClass::Extension),
            extension_takes_issue: Some(self.extension_takes_issue()),
        };
        for c in m.classes.values_mut() {
            if c.lanes.is_none() {
                c.lanes = Some((0..self.lane_count()).collect());
            }
        }
        m
    }

    fn validate_lanes(&self) -> Result<(), ModelError> {
        let count = self.lane_count();
        if let Some(c) = self.lanes.count {
            if c == 0 || c > MAX_ISSUE_WIDTH {
                return Err(invalid(
                    "lanes.count",
                    format!("{c} is not 1 to {MAX_ISSUE_WIDTH} lanes"),
                ));
            }
        }
        let lists = [
            ("alu", &self.lanes.alu),
            ("mul", &self.lanes.mul),
            ("mem", &self.lanes.mem),
            ("even", &self.lanes.even),
            ("long_imm", &self.lanes.long_imm),
            ("extension", &self.lanes.extension),
        ];
        for (name, list) in lists {
            if let Some(list) = list {
                check_lane_list(&format!("lanes.{name}"), list, count)?;
            }
        }
        for (name, class) in &self.classes {
            if let Some(list) = &class.lanes {
                check_lane_list(&format!("classes.{name}.lanes"), list, count)?;
            }
        }
        // §2.4: an owner needs an extension lane next to it.
        let owners = self.lane_mask(LaneClass::LongImm);
        let ext = self.lane_mask(LaneClass::Extension);
        let pairs = (0..count).any(|l| {
            owners & (1 << l) != 0
                && (ext & (1 << ((l + 1) % count)) != 0
                    || ext & (1 << ((l + count - 1) % count)) != 0)
        });
        if !pairs {
            return Err(invalid(
                "lanes.long_imm",
                "no lane of `long_imm` has a neighbouring lane in `extension`, so no long immediate could be placed (ISA-ST200 §2.4)",
            ));
        }
        if self.extension_takes_issue() && self.resources.issue < 2 {
            return Err(invalid(
                "lanes.extension_takes_issue",
                "with 1 issue slot a long immediate and its extension syllable cannot share a bundle; set it to false",
            ));
        }
        Ok(())
    }

    fn validate_registers(&self) -> Result<(), ModelError> {
        let r = &self.registers;
        if !(MIN_GENERAL_REGISTERS..=64).contains(&r.general) {
            return Err(invalid(
                "registers.general",
                format!(
                    "{} is not {MIN_GENERAL_REGISTERS} to 64: the ABI's fixed roles need $r0 to $r23 ($r12 stack pointer, $r14 global pointer, arguments and results in $r16-$r23; ISA-ST200 §7.1)",
                    r.general
                ),
            ));
        }
        if !(1..=8).contains(&r.branch) {
            return Err(invalid(
                "registers.branch",
                format!(
                    "{} is not 1 to 8 branch registers (ISA-ST200 §1.3)",
                    r.branch
                ),
            ));
        }
        Ok(())
    }

    fn validate_custom(&self) -> Result<(), ModelError> {
        for (name, class) in &self.classes {
            let field = |f: &str| format!("classes.{name}.{f}");
            if BUILTIN_CUSTOM_CLASSES.contains(&name.as_str()) || !is_identifier(name) {
                return Err(invalid(
                    format!("classes.{name}"),
                    "a class name must be a C identifier other than `alu` and `mul`",
                ));
            }
            if class.units == 0 || class.units > self.issue_width {
                return Err(invalid(
                    field("units"),
                    format!(
                        "{} is not 1 to the issue width {}",
                        class.units, self.issue_width
                    ),
                ));
            }
            if class.result < class.read {
                return Err(invalid(
                    format!("classes.{name}"),
                    format!(
                        "result stage {} is before read stage {}",
                        class.result, class.read
                    ),
                ));
            }
        }
        for (i, op) in self.custom.iter().enumerate() {
            let field = |f: &str| format!("custom[{i}].{f}");
            if !is_identifier(&op.name) {
                return Err(invalid(
                    field("name"),
                    format!("`{}` is not a C identifier", op.name),
                ));
            }
            if !crate::ops::Opcode::by_mnemonic(&op.name).is_empty() {
                return Err(invalid(
                    field("name"),
                    format!("`{}` is already an ST200 operation", op.name),
                ));
            }
            if self.custom[..i].iter().any(|o| o.name == op.name) {
                return Err(invalid(
                    field("name"),
                    format!("custom operation `{}` is declared twice", op.name),
                ));
            }
            if op.slot > MAX_CUSTOM_SLOT {
                return Err(invalid(
                    field("slot"),
                    format!(
                        "{} is not 0 to {MAX_CUSTOM_SLOT} (asm_0 to asm_{MAX_CUSTOM_SLOT}, ISA-ST200 §4.10)",
                        op.slot
                    ),
                ));
            }
            if let Some(o) = self.custom[..i].iter().find(|o| o.slot == op.slot) {
                return Err(invalid(
                    field("slot"),
                    format!("asm_{} is already used by `{}`", op.slot, o.name),
                ));
            }
            if !(1..=2).contains(&op.operands) {
                return Err(invalid(
                    field("operands"),
                    format!("{} is not 1 or 2", op.operands),
                ));
            }
            if !BUILTIN_CUSTOM_CLASSES.contains(&op.class.as_str())
                && !self.classes.contains_key(&op.class)
            {
                return Err(invalid(
                    field("class"),
                    format!(
                        "`{}` is neither `alu`, `mul` nor a class declared under [classes]",
                        op.class
                    ),
                ));
            }
            if let Err(e) = crate::custom::Expr::parse(&op.expr, op.operands) {
                return Err(invalid(field("expr"), e.to_string()));
            }
        }
        Ok(())
    }
}

/// Largest issue width (and lane count) a machine may have (syllables).
pub const MAX_ISSUE_WIDTH: u32 = 16;
/// Fewest general registers a machine may have: the ABI's fixed roles
/// reach `$r23` (ISA-ST200 §7.1).
pub const MIN_GENERAL_REGISTERS: u32 = 24;
/// Highest `asm_N` slot a custom operation may use (§4.10; `asm_31`
/// overlaps `wmb`/`ldwl`/`stwl` on the ST231, §4.11).
pub const MAX_CUSTOM_SLOT: u32 = 30;
/// Built-in timing classes a custom operation may name.
pub const BUILTIN_CUSTOM_CLASSES: [&str; 2] = ["alu", "mul"];

fn mask_of(list: &[u32]) -> u32 {
    list.iter()
        .fold(0, |m, &l| m | 1u32.checked_shl(l).unwrap_or(0))
}

fn check_lane_list(field: &str, list: &[u32], count: u32) -> Result<(), ModelError> {
    if list.is_empty() {
        return Err(invalid(field, "must name at least one lane"));
    }
    if let Some(l) = list.iter().find(|&&l| l >= count) {
        return Err(invalid(
            field,
            format!("lane {l} does not exist: lanes are 0 to {}", count - 1),
        ));
    }
    Ok(())
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Merges `over` into `base`: tables key by key, every other value
/// replaced.
fn merge_tables(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge_tables(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// Serde representation of [`Core`] as its `-mcpu=` name (`"st231"`, …).
mod core_serde {
    use crate::ops::Core;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(core: &Core, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(core.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Core, D::Error> {
        let name = String::deserialize(d)?;
        Core::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown core `{name}`, expected one of st220, st231, st240"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latency_matrix_of_section_5_3() {
        // ISA-ST200 §5.3: latency = result stage (producer) − read stage
        // (consumer). Producers: ALU (ready at 3), load (ready at 5).
        // Consumers: ALU (reads at 2), br (reads at 0), igoto (reads at 1).
        let m = ProcessorModel::st231();
        assert_eq!(m.latency(OpClass::Alu, OpClass::Alu), 1);
        assert_eq!(m.latency(OpClass::Alu, OpClass::Branch), 3);
        assert_eq!(m.latency(OpClass::Alu, OpClass::IndirectJump), 2);
        assert_eq!(m.latency(OpClass::Load, OpClass::Alu), 3);
        assert_eq!(m.latency(OpClass::Load, OpClass::Branch), 5);
        assert_eq!(m.latency(OpClass::Load, OpClass::IndirectJump), 4);
    }

    #[test]
    fn other_producers_of_section_5_3() {
        // §5.3: multiply and ldwl/stwl are ready at 5 like loads; the `call`
        // link value and `icall` link are ready at 3 like ALU results.
        let m = ProcessorModel::st231();
        assert_eq!(m.latency(OpClass::Mul, OpClass::Alu), 3);
        assert_eq!(m.latency(OpClass::Mul, OpClass::IndirectJump), 4);
        assert_eq!(m.latency(OpClass::StoreCond, OpClass::Branch), 5);
        assert_eq!(m.latency(OpClass::Jump, OpClass::IndirectJump), 2);
        assert_eq!(m.latency(OpClass::IndirectJump, OpClass::Alu), 1);
        // §5.3 remarks: ALU result stored by the next bundle; loaded value
        // stored 3 cycles later.
        assert_eq!(m.latency(OpClass::Alu, OpClass::Store), 1);
        assert_eq!(m.latency(OpClass::Load, OpClass::Store), 3);
        // No register result: no dependence latency.
        assert_eq!(m.latency(OpClass::Store, OpClass::Alu), 0);
        assert_eq!(m.latency(OpClass::Branch, OpClass::Alu), 0);
    }

    #[test]
    fn stages_of_section_5_2() {
        let m = ProcessorModel::st231();
        assert_eq!(m.stages(OpClass::Branch).read, 0);
        assert_eq!(m.stages(OpClass::IndirectJump).read, 1);
        for c in [
            OpClass::Alu,
            OpClass::Mul,
            OpClass::Load,
            OpClass::Store,
            OpClass::StoreCond,
        ] {
            assert_eq!(m.stages(c).read, 2, "{c:?}");
        }
        assert_eq!(m.stages(OpClass::Alu).result, Some(3));
        assert_eq!(m.stages(OpClass::Jump).result, Some(3));
        assert_eq!(m.stages(OpClass::Load).result, Some(5));
        assert_eq!(m.stages(OpClass::Mul).result, Some(5));
        assert_eq!(m.stages(OpClass::StoreCond).result, Some(5));
        assert_eq!(m.stages(OpClass::Store).result, None);
        assert_eq!(m.stages(OpClass::Branch).result, None);
    }

    #[test]
    fn builtin_differences() {
        // §5.1: ST231 and ST240 interlock, the ST220 does not.
        assert!(!ProcessorModel::st220().interlocked);
        assert!(ProcessorModel::st231().interlocked);
        assert!(ProcessorModel::st240().interlocked);
        // §5.2: the stage tables are shared.
        assert_eq!(
            ProcessorModel::st220().stages,
            ProcessorModel::st231().stages
        );
        assert_eq!(
            ProcessorModel::st240().stages,
            ProcessorModel::st231().stages
        );
        for core in Core::ALL {
            let m = ProcessorModel::builtin(core);
            assert_eq!(m.core, core);
            assert_eq!(m.name, core.name());
            // §2.2/§5.4 resources; §5.1 penalty.
            assert_eq!(m.issue_width, 4);
            assert_eq!(
                m.resources,
                Resources {
                    issue: 4,
                    alu: None,
                    mem: 1,
                    ctl: 1,
                    odd: 2,
                    even: 2
                }
            );
            assert_eq!(m.taken_branch_penalty, 1);
            // §5.5 caches.
            assert_eq!(
                (m.dcache.size_bytes, m.dcache.ways, m.dcache.line_bytes),
                (32768, 4, 32)
            );
            assert_eq!(m.dcache.miss_penalty, 120);
            assert!(m.dcache.write_back);
            assert_eq!(m.dcache.prefetch_entries, 8, "§5.5 prefetch buffer");
            assert_eq!(m.dcache.sets(), Some(256));
            assert_eq!(
                (m.icache.size_bytes, m.icache.ways, m.icache.line_bytes),
                (32768, 1, 64)
            );
            assert_eq!(m.icache.sets(), Some(512));
            assert!(!m.icache.write_back);
            m.validate().unwrap();
        }
    }

    #[test]
    fn by_name() {
        assert_eq!(
            ProcessorModel::by_name("st220").unwrap(),
            ProcessorModel::st220()
        );
        assert_eq!(
            ProcessorModel::by_name("st231").unwrap(),
            ProcessorModel::st231()
        );
        assert_eq!(
            ProcessorModel::by_name("st240").unwrap(),
            ProcessorModel::st240()
        );
        let e = ProcessorModel::by_name("st210").unwrap_err();
        assert!(matches!(e, ModelError::UnknownModel(ref n) if n == "st210"));
        assert!(e.to_string().contains("st210"));
    }

    #[test]
    fn builtins_round_trip_through_toml() {
        for core in Core::ALL {
            let m = ProcessorModel::builtin(core);
            let text = m.to_toml_string().unwrap();
            assert!(
                text.contains(&format!("core = \"{}\"", core.name())),
                "{text}"
            );
            let back = ProcessorModel::from_toml_str(&text).unwrap();
            assert_eq!(back, m, "{text}");
        }
    }

    const WIDE: &str = r#"
# An exploratory 8-issue machine.
name = "wide8"
core = "st231"
interlocked = true
issue_width = 8
taken_branch_penalty = 2

[resources]
issue = 8
mem = 2
ctl = 1
odd = 4
even = 4

[stages]
alu = { read = 2, result = 3 }
mul = { read = 2, result = 4 }
load = { read = 2, result = 6 }
store = { read = 2 }
store_cond = { read = 2, result = 6 }
mem_control = { read = 2 }
branch = { read = 0 }
jump = { read = 2, result = 3 }
indirect_jump = { read = 1, result = 3 }
system = { read = 2 }
trap = { read = 2 }
custom = { read = 2, result = 4 }

[icache]
size_bytes = 65536
ways = 2
line_bytes = 64
miss_penalty = 80

[dcache]
size_bytes = 65536
ways = 8
line_bytes = 64
miss_penalty = 100
write_back = false
"#;

    #[test]
    fn wide_model_loads() {
        let m = ProcessorModel::from_toml_str(WIDE).unwrap();
        assert_eq!(m.name, "wide8");
        assert_eq!(m.core, Core::St231);
        assert_eq!(m.issue_width, 8);
        assert_eq!(m.resources.mem, 2);
        assert_eq!(m.taken_branch_penalty, 2);
        assert_eq!(m.latency(OpClass::Load, OpClass::Alu), 4);
        assert_eq!(m.latency(OpClass::Load, OpClass::Branch), 6);
        assert_eq!(m.latency(OpClass::Mul, OpClass::Alu), 2);
        assert_eq!(m.icache.sets(), Some(512));
        assert_eq!(m.dcache.sets(), Some(128));
        assert!(!m.icache.write_back);
        // And it survives a round trip.
        let back = ProcessorModel::from_toml_str(&m.to_toml_string().unwrap()).unwrap();
        assert_eq!(back, m);
    }

    #[test]
    fn wide_model_loads_from_file() {
        let dir = std::env::temp_dir().join(format!("isa-model-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("wide8.toml");
        std::fs::write(&path, WIDE).unwrap();
        let m = ProcessorModel::from_toml_file(&path).unwrap();
        assert_eq!(m.name, "wide8");
        std::fs::remove_file(&path).unwrap();
        let e = ProcessorModel::from_toml_file(&path).unwrap_err();
        assert!(matches!(e, ModelError::Io { .. }), "{e}");
        assert!(e.to_string().contains("wide8.toml"));
        let _ = std::fs::remove_dir(&dir);
    }

    /// `WIDE` with the line `from` replaced by `to` (the line must exist).
    fn wide_with(from: &str, to: &str) -> String {
        assert!(WIDE.contains(from), "{from}");
        WIDE.replacen(from, to, 1)
    }

    fn invalid_field(text: &str) -> String {
        match ProcessorModel::from_toml_str(text) {
            Err(ModelError::Invalid { field, .. }) => field,
            other => panic!("expected Invalid, got {other:?}"),
        }
    }

    #[test]
    fn invalid_values_name_the_field() {
        let cases = [
            ("issue_width = 8", "issue_width = 0", "issue_width"),
            ("name = \"wide8\"", "name = \"\"", "name"),
            ("mem = 2", "mem = 0", "resources.mem"),
            ("odd = 4", "odd = 9", "resources.odd"),
            ("issue = 8", "issue = 9", "resources.issue"),
            (
                "load = { read = 2, result = 6 }",
                "load = { read = 7, result = 6 }",
                "stages.load",
            ),
            (
                "store_cond = { read = 2, result = 6 }",
                "store_cond = { read = 3, result = 2 }",
                "stages.store_cond",
            ),
            (
                "line_bytes = 64\nmiss_penalty = 80",
                "line_bytes = 48\nmiss_penalty = 80",
                "icache.line_bytes",
            ),
            (
                "line_bytes = 64\nmiss_penalty = 100",
                "line_bytes = 0\nmiss_penalty = 100",
                "dcache.line_bytes",
            ),
            ("ways = 8", "ways = 0", "dcache.ways"),
            ("ways = 8", "ways = 3", "dcache.size_bytes"),
            (
                "size_bytes = 65536\nways = 2",
                "size_bytes = 0\nways = 2",
                "icache.size_bytes",
            ),
            (
                "size_bytes = 65536\nways = 2",
                "size_bytes = 64\nways = 2",
                "icache.size_bytes",
            ),
            // 3 × 8 × 64 bytes: divisible by ways × line but 3 sets.
            (
                "size_bytes = 65536\nways = 8",
                "size_bytes = 1536\nways = 8",
                "dcache.size_bytes",
            ),
            (
                "miss_penalty = 80",
                "miss_penalty = 80\nwrite_back = true",
                "icache.write_back",
            ),
        ];
        for (from, to, field) in cases {
            assert_eq!(invalid_field(&wide_with(from, to)), field, "{to}");
        }
    }

    #[test]
    fn error_message_names_field() {
        let e = ProcessorModel::from_toml_str(&wide_with("ways = 8", "ways = 0")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid processor model: field `dcache.ways`: must be non-zero"
        );
    }

    #[test]
    fn malformed_toml_is_a_parse_error() {
        let cases = [
            // Unknown core name.
            wide_with("core = \"st231\"", "core = \"st999\""),
            // Missing class in the stage table.
            wide_with("trap = { read = 2 }\n", ""),
            // Unknown field (typo).
            wide_with("interlocked = true", "interlocked = true\ninterlock = true"),
            // Wrong type.
            wide_with("issue_width = 8", "issue_width = \"eight\""),
            // Negative number.
            wide_with("taken_branch_penalty = 2", "taken_branch_penalty = -1"),
            // Not TOML at all.
            "this is = = not toml".to_string(),
            String::new(),
        ];
        for text in cases {
            let e = ProcessorModel::from_toml_str(&text).unwrap_err();
            assert!(matches!(e, ModelError::Parse(_)), "{text}: {e}");
        }
        let e = ProcessorModel::from_toml_str(&wide_with("core = \"st231\"", "core = \"st999\""))
            .unwrap_err();
        assert!(e.to_string().contains("st999"), "{e}");
    }

    #[test]
    fn stage_table_accessors_agree() {
        let mut t = StageTable::st200();
        for (i, class) in ALL_CLASSES.into_iter().enumerate() {
            t.get_mut(class).read = 100 + i as u32;
        }
        for (i, class) in ALL_CLASSES.into_iter().enumerate() {
            assert_eq!(t.get(class).read, 100 + i as u32);
        }
        // field_name matches the serde name of OpClass (snake_case).
        for class in ALL_CLASSES {
            let v = toml::Value::try_from(class).unwrap();
            assert_eq!(v.as_str(), Some(StageTable::field_name(class)));
        }
    }

    #[test]
    fn printed_machines_load_back_unchanged() {
        for core in Core::ALL {
            let m = ProcessorModel::builtin(core);
            let text = m.to_commented_toml();
            let back =
                ProcessorModel::from_toml_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, m.resolved(), "{text}");
            assert_eq!(back.to_commented_toml(), text);
        }
        let m = ProcessorModel::from_toml_str(WIDE).unwrap();
        let back = ProcessorModel::from_toml_str(&m.to_commented_toml()).unwrap();
        assert_eq!(back, m.resolved());
    }

    #[test]
    fn st231_lanes_are_the_rules_of_section_2_2() {
        // §2.2: multiplies and long-immediate owners on odd lanes (1, 3),
        // extensions and EVEN custom ops on even lanes (0, 2), ALU and MEM anywhere.
        let m = ProcessorModel::st231();
        assert_eq!(m.lane_count(), 4);
        assert_eq!(m.lane_mask(LaneClass::Mul), 0b1010);
        assert_eq!(m.lane_mask(LaneClass::LongImm), 0b1010);
        assert_eq!(m.lane_mask(LaneClass::Extension), 0b0101);
        assert_eq!(m.lane_mask(LaneClass::Even), 0b0101);
        assert_eq!(m.lane_mask(LaneClass::Alu), 0b1111);
        assert_eq!(m.lane_mask(LaneClass::Mem), 0b1111);
        assert!(m.extension_takes_issue());
        assert_eq!(
            m.registers,
            RegisterFiles {
                general: 64,
                branch: 8
            }
        );
        // A 1-issue machine puts everything on lane 0 and lets the
        // extension syllable ride along.
        // Deriving a new issue width brings issue slots and ALUs with it
        // and caps the other units.
        let one = m.with_setting("issue_width", "1").unwrap();
        assert_eq!((one.resources.issue, one.resources.alu_units()), (1, 1));
        assert_eq!(
            (one.resources.mem, one.resources.odd, one.resources.even),
            (1, 1, 1)
        );
        let eight = m.with_setting("issue_width", "8").unwrap();
        assert_eq!((eight.resources.issue, eight.resources.alu_units()), (8, 8));
        assert_eq!((eight.resources.mem, eight.resources.odd), (1, 2));
        let text = "base = \"st231\"\nname = \"one\"\nissue_width = 1\n[resources]\nissue = 1\nalu = 1\nmem = 1\nctl = 1\nodd = 1\neven = 1\n";
        let one = ProcessorModel::from_toml_str(text).unwrap();
        assert_eq!(one.lane_mask(LaneClass::Mul), 1);
        assert_eq!(one.lane_mask(LaneClass::Extension), 1);
        assert!(!one.extension_takes_issue());
    }

    #[test]
    fn base_gives_the_missing_fields() {
        let m = ProcessorModel::from_toml_str(
            "base = \"st231\"\nname = \"regs32\"\n[registers]\ngeneral = 32\n[dcache]\nmiss_penalty = 40\n",
        )
        .unwrap();
        let mut want = ProcessorModel::st231();
        want.name = "regs32".into();
        want.registers.general = 32;
        want.dcache.miss_penalty = 40;
        assert_eq!(m, want);
        let d = ProcessorModel::st231()
            .with_setting("resources.mem", "2")
            .unwrap();
        assert_eq!(d.resources.mem, 2);
        assert_eq!(d.name, "st231-resources.mem=2");
    }

    #[test]
    fn several_settings_are_validated_together() {
        let st231 = ProcessorModel::st231();
        // Alone, a 2-wide bundle with 4 issue slots is impossible.
        let e = st231
            .with_settings(&[("issue_width", "2"), ("resources.issue", "4")])
            .unwrap_err();
        assert!(e.to_string().contains("resources.issue"), "{e}");
        let two = st231
            .with_settings(&[
                ("issue_width", "2"),
                ("resources.issue", "2"),
                ("resources.alu", "2"),
            ])
            .unwrap();
        assert_eq!((two.issue_width, two.resources.issue), (2, 2));
        assert_eq!(two.resources.alu_units(), 2);
        assert_eq!(
            two.name,
            "st231-issue_width=2-resources.issue=2-resources.alu=2"
        );
        let e = st231
            .with_settings(&[("dcache.miss_penalty", "60"), ("resources.bogus", "1")])
            .unwrap_err();
        assert!(e.to_string().contains("bogus"), "{e}");
        let named = st231
            .with_settings(&[("name", "\"mine\""), ("taken_branch_penalty", "3")])
            .unwrap();
        assert_eq!(named.name, "mine");
        assert_eq!(named.taken_branch_penalty, 3);
    }

    /// Malformed machine files: each gets an error naming its field (or,
    /// for a TOML syntax or shape error, the key), and none panics.
    #[test]
    fn malformed_machines_name_their_field() {
        let base = "base = \"st231\"\nname = \"m\"\n";
        let cases: &[(&str, &str)] = &[
            ("issue_width = 0", "issue_width"),
            ("issue_width = 17", "issue_width"),
            ("[registers]\ngeneral = 16", "registers.general"),
            ("[registers]\ngeneral = 65", "registers.general"),
            ("[registers]\nbranch = 0", "registers.branch"),
            ("[registers]\nbranch = 9", "registers.branch"),
            ("[registers]\ngenral = 32", "genral"),
            ("[resources]\nmem = 0", "resources.mem"),
            ("[resources]\nalu = 5", "resources.alu"),
            ("[lanes]\nmul = [4]", "lanes.mul"),
            ("[lanes]\nmul = []", "lanes.mul"),
            ("[lanes]\ncount = 0", "lanes.count"),
            ("[lanes]\nlong_imm = [1, 3]\nextension = [1, 3]", "lanes.long_imm"),
            ("[lanes]\nalu = \"all\"", "alu"),
            ("[[custom]]\nname = \"add\"\nslot = 1\noperands = 2\nexpr = \"a\"", "custom[0].name"),
            ("[[custom]]\nname = \"f\"\nslot = 31\noperands = 2\nexpr = \"a\"", "custom[0].slot"),
            ("[[custom]]\nname = \"f\"\nslot = 1\noperands = 3\nexpr = \"a\"", "custom[0].operands"),
            ("[[custom]]\nname = \"f\"\nslot = 1\noperands = 2\nexpr = \"a +\"", "custom[0].expr"),
            ("[[custom]]\nname = \"f\"\nslot = 1\noperands = 1\nexpr = \"a + b\"", "custom[0].expr"),
            ("[[custom]]\nname = \"f\"\nslot = 1\nclass = \"dsp\"\noperands = 2\nexpr = \"a\"", "custom[0].class"),
            ("[[custom]]\nname = \"f\"\nslot = 1\noperands = 2\nexpr = \"a\"\n[[custom]]\nname = \"g\"\nslot = 1\noperands = 2\nexpr = \"b\"", "custom[1].slot"),
            ("[[custom]]\nname = \"9f\"\nslot = 1\noperands = 2\nexpr = \"a\"", "custom[0].name"),
            ("[classes.dsp]\nunits = 0\nread = 2\nresult = 3", "classes.dsp.units"),
            ("[classes.dsp]\nunits = 1\nread = 4\nresult = 3", "classes.dsp"),
            ("[classes.alu]\nunits = 1\nread = 2\nresult = 3", "classes.alu"),
            ("[classes.dsp]\nunits = 1\nlanes = [7]\nread = 2\nresult = 3", "classes.dsp.lanes"),
            ("[dcache]\nways = 0", "dcache.ways"),
            ("clock_mhz = 0", "clock_mhz"),
            ("core = \"st999\"", "st999"),
            ("interlocked = 1", "interlocked"),
        ];
        for (body, field) in cases {
            let text = format!("{base}{body}\n");
            let e = ProcessorModel::from_toml_str(&text)
                .unwrap_err()
                .to_string();
            assert!(e.contains(field), "{body}: {e}");
        }
        let e = ProcessorModel::from_toml_str("base = \"st999\"\nname = \"m\"\n").unwrap_err();
        assert!(e.to_string().contains("`base`"), "{e}");
        let e = ProcessorModel::from_toml_str("base = \"st231\"\n").unwrap_err();
        assert!(e.to_string().contains("`name`"), "{e}");
    }

    #[test]
    fn latency_saturates() {
        let mut m = ProcessorModel::st231();
        m.stages.alu = Stages::new(0, 0);
        m.stages.load = Stages::new(4, 5);
        m.validate().unwrap();
        assert_eq!(m.latency(OpClass::Alu, OpClass::Load), 0);
    }
}
