//! Processor models: the timing and resource description of one ST200 core
//! (ISA-ST200.md §5; ARCHITECTURE.md §2).
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
    #[error("unknown processor model `{0}` (built-in models: st220, st231, st240)")]
    UnknownModel(String),
}

/// Operand-read and result stages of one timing class (ISA-ST200.md §5.2).
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
/// model must describe every class (ISA-ST200.md §5.2).
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

    /// The stage numbers of ISA-ST200.md §5.2, shared by the ST220, ST231
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

/// Issue resources available per bundle (= per cycle) (ISA-ST200.md §2.2, §5.4).
///
/// How operations consume them is described in §5.4 (e.g. a control op
/// takes ISSUE + CTL + ODD + EVEN in Open64's scheduler model, an operation
/// with a long immediate takes 2×ISSUE + ODD + EVEN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resources {
    /// ISSUE slots per bundle (syllables, a long immediate counts 2); 4 on ST231.
    pub issue: u32,
    /// Memory units (loads, stores, `pft`, `prg*`, `sync`, …); 1 on ST231.
    pub mem: u32,
    /// Control units (branches, jumps, calls, `rfi`, …); 1 on ST231.
    pub ctl: u32,
    /// ODD lanes (multiplies, owners of long immediates); 2 on ST231.
    pub odd: u32,
    /// EVEN lanes (extension syllables, EVEN custom ops); 2 on ST231.
    pub even: u32,
}

impl Resources {
    /// The per-bundle limits of the ST231 (§2.2, §5.4): ISSUE 4, MEM 1,
    /// CTL 1, ODD 2, EVEN 2. (The ST240-only LANE0 resource is not modelled.)
    pub const fn st231() -> Resources {
        // The numbers live once, in the bundle rules (crate::bundle).
        let l = crate::bundle::BundleLimits::ST200;
        Resources {
            issue: l.issue as u32,
            mem: l.memory as u32,
            ctl: l.control as u32,
            odd: l.multiply as u32,
            // Lanes alternate odd/even, so even lanes = issue − odd lanes.
            even: (l.issue - l.multiply) as u32,
        }
    }

    /// The per-bundle limits the assembler and simulator check (§2.3).
    pub const fn bundle_limits(&self) -> crate::bundle::BundleLimits {
        crate::bundle::BundleLimits {
            issue: self.issue as usize,
            control: self.ctl as usize,
            memory: self.mem as usize,
            multiply: self.odd as usize,
        }
    }
}

/// Geometry and miss cost of one cache (ISA-ST200.md §5.5).
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

/// The timing and resource description of one ST200 core (ISA-ST200.md §5).
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
    /// Read and result stage of every timing class (§5.2).
    pub stages: StageTable,
    /// Instruction cache (§5.5).
    pub icache: CacheConfig,
    /// Data cache (§5.5).
    pub dcache: CacheConfig,
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
            // §5.2: the three cores share stage numbers for shared operations.
            stages: StageTable::st200(),
            icache: CacheConfig::st231_icache(),
            dcache: CacheConfig::st231_dcache(),
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

    /// Parses and validates a model written in TOML.
    pub fn from_toml_str(text: &str) -> Result<ProcessorModel, ModelError> {
        let model: ProcessorModel = toml::from_str(text)?;
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
        if self.issue_width == 0 {
            return Err(invalid("issue_width", "must be non-zero"));
        }
        if self.clock_mhz == 0 {
            return Err(invalid("clock_mhz", "must be non-zero"));
        }
        let r = &self.resources;
        for (name, value) in [
            ("issue", r.issue),
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
        // ISA-ST200.md §5.3: latency = result stage (producer) − read stage
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
    fn latency_saturates() {
        let mut m = ProcessorModel::st231();
        m.stages.alu = Stages::new(0, 0);
        m.stages.load = Stages::new(4, 5);
        m.validate().unwrap();
        assert_eq!(m.latency(OpClass::Alu, OpClass::Load), 0);
    }
}
