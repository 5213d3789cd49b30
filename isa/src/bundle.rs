//! Bundle rules (ISA-ST200 §2.2, §2.3, §2.4), driven by the machine
//! description ([`ProcessorModel`]): per-bundle issue slots and units, the
//! lanes each class of syllable may occupy (a syllable's lane is its word
//! address modulo the machine's lane count), long-immediate pairing, and
//! the checks an assembler and a simulator apply to every bundle.
//!
//! [`BundleRules::new`] derives the rules of a machine once; [`place`]
//! lays out the operations of a bundle on lanes, [`check_placed`] checks a
//! bundle found in memory, [`check_counts`] the rules that do not depend
//! on placement.

use std::collections::HashSet;

use crate::encoding::Operation;
use crate::model::{LaneClass, ProcessorModel};
use crate::ops::{OpClass, OpInfo, Unit};

/// Per-bundle resource counts of the ST231 (ISA-ST200 §2.2, §5.4: issue
/// 4, one control op, one memory op, two multipliers on odd lanes). The
/// bundle checks take their limits from [`BundleRules`]; this summary is
/// what [`crate::model::Resources::bundle_limits`] gives schedulers that
/// estimate resource-bound cycle counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BundleLimits {
    /// Syllables per bundle (an operation with a long immediate counts 2).
    pub issue: usize,
    /// Control operations per bundle.
    pub control: usize,
    /// Memory-unit operations per bundle.
    pub memory: usize,
    /// Multiplies (odd-lane operations) per bundle.
    pub multiply: usize,
}

impl BundleLimits {
    /// The ST220/ST231/ST240 limits of §2.2 (the numbers of the built-in
    /// machine descriptions).
    pub const ST200: BundleLimits = BundleLimits {
        issue: 4,
        control: 1,
        memory: 1,
        multiply: 2,
    };
}

/// Units per bundle and allowed lanes (bit `l` = lane `l`) of one class
/// of syllables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UnitRule {
    /// Syllables of the class per bundle.
    pub units: usize,
    /// Lanes the class may occupy, as a bit mask.
    pub lanes: u32,
}

/// A custom operation class declared by the machine (`[classes.NAME]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClassRule {
    /// The class name.
    pub name: String,
    /// Units and lanes.
    pub rule: UnitRule,
}

/// The bundle rules of one machine, derived from its description once
/// ([`BundleRules::new`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BundleRules {
    /// Machine name, for messages.
    pub machine: String,
    /// Issue slots per bundle: `resources.issue`, at most `issue_width`.
    pub issue: usize,
    /// Whether an extension syllable takes an issue slot.
    pub extension_takes_issue: bool,
    /// Number of lanes (lane = word address modulo this).
    pub lane_count: u32,
    /// Integer ALUs (and the `nop`s placement inserts).
    pub alu: UnitRule,
    /// Multipliers (`resources.odd`), also `mul`-class custom operations.
    pub mul: UnitRule,
    /// Memory units.
    pub mem: UnitRule,
    /// Control units; a control operation is the first syllable, on any lane.
    pub ctl: usize,
    /// EVEN units: extension syllables and EVEN-lane custom operations
    /// count against `even.units`; `even.lanes` are the lanes of the latter.
    pub even: UnitRule,
    /// Lanes that may own a long immediate.
    pub long_imm_lanes: u32,
    /// Lanes of `imml`/`immr` extension syllables.
    pub extension_lanes: u32,
    /// Declared custom classes, in the order of `model.classes`
    /// ([`SlotNeeds::class`] indexes this list).
    pub classes: Vec<ClassRule>,
}

impl BundleRules {
    /// The rules of `model`.
    pub fn new(model: &ProcessorModel) -> BundleRules {
        let r = &model.resources;
        let unit = |units: u32, class: LaneClass| UnitRule {
            units: units as usize,
            lanes: model.lane_mask(class),
        };
        BundleRules {
            machine: model.name.clone(),
            issue: r.issue.min(model.issue_width) as usize,
            extension_takes_issue: model.extension_takes_issue(),
            lane_count: model.lane_count(),
            alu: unit(r.alu_units(), LaneClass::Alu),
            mul: unit(r.odd, LaneClass::Mul),
            mem: unit(r.mem, LaneClass::Mem),
            ctl: r.ctl as usize,
            even: unit(r.even, LaneClass::Even),
            long_imm_lanes: model.lane_mask(LaneClass::LongImm),
            extension_lanes: model.lane_mask(LaneClass::Extension),
            classes: model
                .classes
                .iter()
                .map(|(name, c)| ClassRule {
                    name: name.clone(),
                    rule: UnitRule {
                        units: c.units as usize,
                        lanes: model.class_lane_mask(c),
                    },
                })
                .collect(),
        }
    }

    /// Most syllables a bundle can have in memory: the issue slots, plus
    /// one extension syllable per EVEN unit when extensions take no slot.
    pub fn max_syllables(&self) -> usize {
        if self.extension_takes_issue {
            self.issue
        } else {
            self.issue + self.even.units.min(self.issue)
        }
    }

    fn all_lanes(&self) -> u32 {
        if self.lane_count >= 32 {
            u32::MAX
        } else {
            (1u32 << self.lane_count) - 1
        }
    }

    fn every_mask(&self) -> impl Iterator<Item = u32> + '_ {
        [
            self.alu.lanes,
            self.mul.lanes,
            self.mem.lanes,
            self.even.lanes,
            self.long_imm_lanes,
            self.extension_lanes,
        ]
        .into_iter()
        .chain(self.classes.iter().map(|c| c.rule.lanes))
    }

    /// Whether every lane list is invariant by a rotation of `p` lanes.
    fn periodic(&self, p: u32) -> bool {
        let n = self.lane_count;
        let all = self.all_lanes();
        let rot = |m: u32| ((m << p) | (m >> (n - p))) & all;
        p == n || self.every_mask().all(|m| rot(m) == m)
    }

    /// The start lanes whose placements differ: `0..p` for the smallest
    /// period `p` of the lane lists (on the ST231, 2: only the parity of
    /// the bundle address matters). A bundle fits every address when it
    /// fits from each of them.
    pub fn start_lanes(&self) -> std::ops::Range<u32> {
        let n = self.lane_count.max(1);
        let p = (1..=n)
            .find(|&p| n.is_multiple_of(p) && self.periodic(p))
            .unwrap_or(n);
        0..p
    }

    /// Alignment (bytes) code sections need so that the lane of every
    /// syllable is known when assembling: 8 on the ST231 (§2.1: the
    /// parity of the word address), `4 ×` the period of the lane lists in
    /// general ([`BundleRules::start_lanes`]).
    pub fn code_align(&self) -> u64 {
        (4 * self.start_lanes().end as u64).max(8)
    }

    /// Whether the lane lists are the ST231's parity rules (multiplies and
    /// long-immediate owners on odd lanes, extensions and EVEN operations
    /// on even lanes, everything else anywhere), so that messages can speak
    /// of odd and even word addresses.
    fn parity_layout(&self) -> bool {
        let all = self.all_lanes();
        let odd = 0xAAAA_AAAA & all;
        let even = 0x5555_5555 & all;
        self.lane_count.is_multiple_of(2)
            && self.alu.lanes == all
            && self.mem.lanes == all
            && self.mul.lanes == odd
            && self.long_imm_lanes == odd
            && self.even.lanes == even
            && self.extension_lanes == even
            && self.classes.iter().all(|c| c.rule.lanes == all)
    }

    /// The lanes the operation of `n` may occupy (for a long immediate,
    /// the lanes its owner may occupy).
    fn op_lanes(&self, n: &SlotNeeds) -> u32 {
        let own = match n.class {
            Some(c) => self
                .classes
                .get(c as usize)
                .map_or(self.all_lanes(), |c| c.rule.lanes),
            None => match n.unit {
                Unit::Alu => self.alu.lanes,
                Unit::Mul => self.mul.lanes,
                Unit::Mem => self.mem.lanes,
                Unit::Even => self.even.lanes,
                Unit::Ctl | Unit::CtlMem | Unit::Alone => self.all_lanes(),
            },
        };
        if n.long_imm {
            own & self.long_imm_lanes
        } else {
            own
        }
    }

    /// What an operation of `n` is, for messages.
    fn what(&self, n: &SlotNeeds) -> String {
        let base = match n.class {
            Some(c) => format!(
                "a custom operation of class `{}`",
                self.classes
                    .get(c as usize)
                    .map_or("?", |c| c.name.as_str())
            ),
            None => match n.unit {
                Unit::Alu => "an ALU operation".to_string(),
                Unit::Mul => "a multiply".to_string(),
                Unit::Mem => "a memory operation".to_string(),
                Unit::Even => "an EVEN-lane operation".to_string(),
                Unit::Ctl | Unit::CtlMem => "a control operation".to_string(),
                Unit::Alone => "an operation".to_string(),
            },
        };
        if n.long_imm {
            format!("{base} with a long immediate")
        } else {
            base
        }
    }

    /// The rule text of a [`BundleError`] with this machine's name and
    /// numbers (what `las`, `st-objdump` and `stsim` print).
    pub fn describe(&self, e: &BundleError) -> String {
        let m = &self.machine;
        let slots = if self.extension_takes_issue {
            "a long immediate counts 2"
        } else {
            "extension syllables take no issue slot"
        };
        match e {
            BundleError::TooManySyllables { needed, limit } => format!(
                "bundle needs {needed} syllables but at most {limit} issue per cycle (machine {m} issues at most {limit} per cycle: resources.issue = {limit}; {slots}) (ISA-ST200 §2.3 rule 1)"
            ),
            BundleError::TwoControlOps(n) => format!(
                "bundle has {n} control operations; at most one is allowed on machine {m} (resources.ctl = 1) (ISA-ST200 §2.3 rule 2)"
            ),
            BundleError::TwoMemoryOps(n) => format!(
                "bundle has {n} memory-unit operations; at most one is allowed on machine {m} (resources.mem = 1) (ISA-ST200 §2.3 rule 3)"
            ),
            BundleError::TooManyMultiplies(n, l) => format!(
                "bundle has {n} multiplies; at most {l} are allowed on machine {m} (resources.odd = {l}) (ISA-ST200 §2.3 rule 4)"
            ),
            BundleError::TooManyUnits {
                what,
                count,
                limit,
                field,
                rule,
            } => format!(
                "bundle has {count} {what}; at most {limit} are allowed on machine {m} ({field} = {limit}) ({rule})"
            ),
            other => format!("{other} [machine {m}, {} lanes]", self.lane_count),
        }
    }
}

/// What a syllable position of a placed bundle holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Operation number `i` of the bundle (in the caller's order).
    Op(usize),
    /// The `imml` extension of operation `i` (right after it).
    Imml(usize),
    /// The `immr` extension of operation `i` (right before it).
    Immr(usize),
    /// A `nop` the assembler inserted to satisfy the lane rules.
    Nop,
}

/// What the placement needs to know of one operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SlotNeeds {
    /// Issue unit.
    pub unit: Unit,
    /// Has an extension syllable.
    pub long_imm: bool,
    /// Must be the last syllable (`sbrk`, whose encoding holds the stop bit).
    pub last: bool,
    /// A custom operation of a class the machine declares: its index in
    /// `model.classes` (= [`BundleRules::classes`]); its units and lanes
    /// replace those of `unit`.
    pub class: Option<u8>,
}

impl SlotNeeds {
    /// Needs of an operation of `unit` (no custom class).
    pub const fn new(unit: Unit, long_imm: bool, last: bool) -> SlotNeeds {
        SlotNeeds {
            unit,
            long_imm,
            last,
            class: None,
        }
    }

    /// The needs of an operation on `model`. A custom operation `asm_N`
    /// that the machine declares ([`ProcessorModel::custom_slot`]) takes
    /// its class's units and lanes: class `alu` those of the ALUs, `mul`
    /// those of the multipliers, another class its own; an undeclared
    /// `asm_N` keeps the unit of the operation table (§4.10).
    pub fn of(op: &Operation, model: &ProcessorModel) -> SlotNeeds {
        SlotNeeds::of_info(op.info(), op.long_imm, model)
    }

    /// [`SlotNeeds::of`] an operation of table entry `info`, with a long
    /// immediate or not.
    pub fn of_info(info: &OpInfo, long_imm: bool, model: &ProcessorModel) -> SlotNeeds {
        let mut n = SlotNeeds::new(info.unit, long_imm, info.fixed_stop_bit());
        if info.class == OpClass::Custom {
            let slot = info.name.strip_prefix("asm_").and_then(|s| s.parse().ok());
            if let Some(c) = slot.and_then(|s| model.custom_slot(s)) {
                match c.class.as_str() {
                    "alu" => n.unit = Unit::Alu,
                    "mul" => n.unit = Unit::Mul,
                    name => {
                        n.class = model
                            .classes
                            .keys()
                            .position(|k| k == name)
                            .map(|i| i as u8)
                    }
                }
            }
        }
        n
    }
}

/// A broken bundle rule (ISA-ST200 §2.3), worded for diagnostics.
/// [`BundleRules::describe`] adds the machine's name and numbers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    /// Rule 1: an empty bundle.
    #[error("empty bundle: `;;` with no operation before it (ISA-ST200 §2.3 rule 1)")]
    Empty,
    /// Rule 1: too many syllables.
    #[error("bundle needs {needed} syllables but at most {limit} issue per cycle (a long immediate counts 2) (ISA-ST200 §2.3 rule 1)")]
    TooManySyllables {
        /// Syllables needed.
        needed: usize,
        /// The issue width.
        limit: usize,
    },
    /// Rule 2: more than one control operation.
    #[error("bundle has {0} control operations; at most one is allowed (ISA-ST200 §2.3 rule 2)")]
    TwoControlOps(usize),
    /// Rule 2: control operation not first (only when checking a fixed order).
    #[error(
        "the control operation must be the first syllable of its bundle (ISA-ST200 §2.3 rule 2)"
    )]
    ControlNotFirst,
    /// Rule 3: more than one memory operation.
    #[error(
        "bundle has {0} memory-unit operations; at most one is allowed (ISA-ST200 §2.3 rule 3)"
    )]
    TwoMemoryOps(usize),
    /// Rule 4: too many multiplies.
    #[error("bundle has {0} multiplies; at most {1} are allowed (ISA-ST200 §2.3 rule 4)")]
    TooManyMultiplies(usize, usize),
    /// More operations of a unit class than the machine has units (a
    /// machine with more than one control or memory unit, ALUs, EVEN
    /// units, custom classes; §2.2, §5.4).
    #[error("bundle has {count} {what}; at most {limit} are allowed ({field} = {limit}) ({rule})")]
    TooManyUnits {
        /// What is counted, e.g. `memory-unit operations`.
        what: String,
        /// How many the bundle has.
        count: usize,
        /// How many the machine allows.
        limit: usize,
        /// The machine-description field that gives the limit.
        field: String,
        /// The rule, e.g. `ISA-ST200 §2.3 rule 3`.
        rule: &'static str,
    },
    /// Rules 4 and 5: no lane assignment exists.
    #[error("cannot place the syllables on lanes: multiplies and long-immediate operations need odd word addresses and their extensions the even neighbour; this bundle starts at an {parity} word address and has {odd} syllables that need an odd lane and {even} that need an even one (ISA-ST200 §2.3 rules 4-5)")]
    Unplaceable {
        /// `odd` or `even`.
        parity: &'static str,
        /// Syllables needing an odd address.
        odd: usize,
        /// Syllables needing an even address.
        even: usize,
    },
    /// Rules 4 and 5 on a machine whose lanes are not the ST231's parity
    /// rules: no order of the syllables puts each on a lane of its class.
    #[error("cannot place the syllables on lanes: no order of this bundle puts every syllable on a lane its class may use, starting at lane {start} of {lanes} (lane = word address modulo {lanes}) (ISA-ST200 §2.3 rules 4-5)")]
    NoLanes {
        /// Lane of the bundle's first syllable.
        start: u32,
        /// Lanes of the machine.
        lanes: u32,
    },
    /// Rule 4/5 when checking a fixed order.
    #[error("syllable {index} needs an {needs} word address (ISA-ST200 §2.3 rules 4-5)")]
    WrongLane {
        /// Syllable index.
        index: usize,
        /// `odd` or `even`.
        needs: &'static str,
    },
    /// Rule 4/5 when checking a fixed order on a machine whose lanes are
    /// not the ST231's parity rules.
    #[error("syllable {index} is {what} on lane {lane}, but it may only use lanes {allowed} (ISA-ST200 §2.3 rules 4-5)")]
    LaneNotAllowed {
        /// Syllable index.
        index: usize,
        /// What the syllable is.
        what: String,
        /// Its lane.
        lane: u32,
        /// The lanes it may use, e.g. `1, 3`.
        allowed: String,
    },
    /// Rule 6.
    #[error("`{0}` must be alone in its bundle (ISA-ST200 §2.3 rule 6)")]
    NotAlone(&'static str),
    /// `sbrk` not last (its encoding holds the stop bit, §4.8).
    #[error("`sbrk` must be the last syllable of its bundle: its encoding holds the stop bit (ISA-ST200 §4.8)")]
    SbrkNotLast,
    /// Rule 7.
    #[error("two operations of the bundle write {0} (ISA-ST200 §2.3 rule 7)")]
    DuplicateWrite(String),
}

/// Per-class use of a bundle's resources.
#[derive(Default)]
struct Tally {
    /// Issue slots taken.
    issue: usize,
    alu: usize,
    mul: usize,
    mem: usize,
    ctl: usize,
    even: usize,
    classes: Vec<usize>,
}

fn tally(needs: &[SlotNeeds], nops: usize, rules: &BundleRules) -> Tally {
    let mut t = Tally {
        classes: vec![0; rules.classes.len()],
        ..Tally::default()
    };
    t.issue = nops;
    t.alu = nops;
    for n in needs {
        t.issue += 1;
        if n.long_imm {
            t.issue += rules.extension_takes_issue as usize;
            t.even += 1;
        }
        if let Some(c) = n.class {
            if let Some(k) = t.classes.get_mut(c as usize) {
                *k += 1;
            }
            continue;
        }
        match n.unit {
            Unit::Alu => t.alu += 1,
            Unit::Mul => t.mul += 1,
            Unit::Even => t.even += 1,
            Unit::Mem => t.mem += 1,
            Unit::Ctl => t.ctl += 1,
            Unit::CtlMem => {
                t.ctl += 1;
                t.mem += 1;
            }
            Unit::Alone => {}
        }
    }
    t
}

/// Checks the rules that do not depend on placement: 1, 2 (count), 3, 4
/// (count), 6, and the units of the machine (ALUs, EVEN units, custom
/// classes). `alone_name` gives the mnemonic of an operation for rule 6.
pub fn check_counts(
    needs: &[SlotNeeds],
    rules: &BundleRules,
    alone_name: impl Fn(usize) -> &'static str,
) -> Result<(), BundleError> {
    check_counts_with(needs, 0, rules, alone_name)
}

/// [`check_counts`] of a bundle that also holds `nops` inserted `nop`s.
fn check_counts_with(
    needs: &[SlotNeeds],
    nops: usize,
    rules: &BundleRules,
    alone_name: impl Fn(usize) -> &'static str,
) -> Result<(), BundleError> {
    if needs.is_empty() {
        return Err(BundleError::Empty);
    }
    let t = tally(needs, nops, rules);
    if let Some(i) = needs.iter().position(|n| n.unit == Unit::Alone) {
        if needs.len() + nops > 1 || needs[i].long_imm {
            return Err(BundleError::NotAlone(alone_name(i)));
        }
    }
    if t.issue > rules.issue {
        return Err(BundleError::TooManySyllables {
            needed: t.issue,
            limit: rules.issue,
        });
    }
    let too_many = |what: &str, count: usize, limit: usize, field: &str, rule: &'static str| {
        BundleError::TooManyUnits {
            what: what.to_string(),
            count,
            limit,
            field: field.to_string(),
            rule,
        }
    };
    if t.ctl > rules.ctl {
        return Err(if rules.ctl == 1 {
            BundleError::TwoControlOps(t.ctl)
        } else {
            too_many(
                "control operations",
                t.ctl,
                rules.ctl,
                "resources.ctl",
                "ISA-ST200 §2.3 rule 2",
            )
        });
    }
    if t.mem > rules.mem.units {
        return Err(if rules.mem.units == 1 {
            BundleError::TwoMemoryOps(t.mem)
        } else {
            too_many(
                "memory-unit operations",
                t.mem,
                rules.mem.units,
                "resources.mem",
                "ISA-ST200 §2.3 rule 3",
            )
        });
    }
    if t.mul > rules.mul.units {
        return Err(BundleError::TooManyMultiplies(t.mul, rules.mul.units));
    }
    if t.alu > rules.alu.units {
        return Err(too_many(
            "ALU operations (nops included)",
            t.alu,
            rules.alu.units,
            "resources.alu",
            "ISA-ST200 §2.2, §5.4",
        ));
    }
    if t.even > rules.even.units {
        return Err(too_many(
            "EVEN-unit syllables (extension syllables and EVEN-lane operations)",
            t.even,
            rules.even.units,
            "resources.even",
            "ISA-ST200 §2.2, §2.3 rule 5",
        ));
    }
    for (c, &k) in rules.classes.iter().zip(&t.classes) {
        if k > c.rule.units {
            return Err(too_many(
                &format!("custom operations of class `{}`", c.name),
                k,
                c.rule.units,
                &format!("classes.{}.units", c.name),
                "ISA-ST200 §4.10, §5.4",
            ));
        }
    }
    if needs.iter().filter(|n| n.last).count() > 1 {
        return Err(BundleError::SbrkNotLast);
    }
    Ok(())
}

/// Rule 7: no two operations write one register (`$r0` excepted, its
/// writes are discarded).
pub fn check_writes(ops: &[Operation]) -> Result<(), BundleError> {
    let mut seen: Vec<(bool, u8)> = Vec::with_capacity(8);
    for op in ops {
        for w in op.written_registers() {
            if seen.contains(&w) {
                let name = if w.0 {
                    format!("$b{}", w.1)
                } else {
                    format!("$r{}", w.1)
                };
                return Err(BundleError::DuplicateWrite(name));
            }
            seen.push(w);
        }
    }
    Ok(())
}

/// The search of [`place`]: the operations grouped in kinds of equal
/// needs (interchangeable for the rules), and the states already known to
/// fail.
struct Search<'a> {
    needs: &'a [SlotNeeds],
    rules: &'a BundleRules,
    start: u32,
    /// Kind of each operation.
    kind: Vec<usize>,
    /// Lanes of the operation (owner lanes for a long immediate).
    lanes: Vec<u32>,
    used: Vec<bool>,
    /// Operations left per kind, and nops left: the state (the syllable
    /// position follows from it).
    left: Vec<u8>,
    nops: usize,
    failed: HashSet<(Vec<u8>, usize)>,
    slots: Vec<Slot>,
}

impl Search<'_> {
    fn lane(&self, pos: usize) -> u32 {
        (self.start + pos as u32) % self.rules.lane_count.max(1)
    }

    fn on(mask: u32, lane: u32) -> bool {
        mask & (1u32 << lane) != 0
    }

    /// Fills the remaining positions; on success the slots are complete.
    /// The choices are tried in the order of the written operations, then
    /// a `nop`, so the first layout found is the first legal permutation
    /// in that order (the written order when it is legal). A failing
    /// state is remembered, and of several unused operations of one kind
    /// only the first is tried: the others would fail the same way.
    fn fill(&mut self) -> bool {
        let remaining = self.left.iter().map(|&k| k as usize).sum::<usize>() + self.nops;
        if remaining == 0 {
            return true;
        }
        let key = (self.left.clone(), self.nops);
        if self.failed.contains(&key) {
            return false;
        }
        let pos = self.slots.len();
        let lane = self.lane(pos);
        let mut tried: Vec<usize> = Vec::new();
        for i in 0..self.needs.len() {
            if self.used[i] || tried.contains(&self.kind[i]) {
                continue;
            }
            tried.push(self.kind[i]);
            let n = self.needs[i];
            if n.last && remaining != 1 {
                continue;
            }
            if matches!(n.unit, Unit::Ctl | Unit::CtlMem) && (pos != 0 || n.long_imm) {
                continue;
            }
            let layouts: &[[Slot; 2]] = if n.long_imm {
                &[[Slot::Op(i), Slot::Imml(i)], [Slot::Immr(i), Slot::Op(i)]]
            } else {
                &[[Slot::Op(i), Slot::Nop]]
            };
            for layout in layouts {
                let width = if n.long_imm { 2 } else { 1 };
                let fits = layout[..width].iter().enumerate().all(|(k, s)| {
                    let l = self.lane(pos + k);
                    match s {
                        Slot::Op(_) => Self::on(self.lanes[i], l),
                        _ => Self::on(self.rules.extension_lanes, l),
                    }
                });
                if !fits {
                    continue;
                }
                self.used[i] = true;
                self.left[self.kind[i]] -= 1;
                self.slots.extend_from_slice(&layout[..width]);
                if self.fill() {
                    return true;
                }
                self.slots.truncate(pos);
                self.left[self.kind[i]] += 1;
                self.used[i] = false;
            }
        }
        if self.nops > 0 && Self::on(self.rules.alu.lanes, lane) {
            self.nops -= 1;
            self.slots.push(Slot::Nop);
            if self.fill() {
                return true;
            }
            self.slots.pop();
            self.nops += 1;
        }
        self.failed.insert(key);
        false
    }
}

/// Places the operations of a bundle on lanes (ISA-ST200 §2.2, §2.3,
/// §2.4) by the machine's rules: the control operation first, every
/// operation on a lane of its class, a long immediate's owner on a
/// long-immediate lane with its extension on an extension lane right after
/// it (`imml`) or right before it (`immr`), `sbrk` last. The written order
/// is kept when it is legal; otherwise the first legal permutation in the
/// order of the written operations is taken; if none exists and `pad` is
/// set, `nop`s are inserted, as few as possible (up to the free issue
/// slots and ALUs).
///
/// `start_lane` is the lane of the bundle's first syllable: its word
/// address modulo [`BundleRules::lane_count`] (a `bool` converts to lane 0
/// or 1, the parity of the address on the ST231). The search chooses at
/// each position the kind of the next syllable, remembering the states
/// that fail, so it is polynomial in the number of syllables.
pub fn place(
    needs: &[SlotNeeds],
    start_lane: impl Into<u32>,
    rules: &BundleRules,
    pad: bool,
    name: impl Fn(usize) -> &'static str,
) -> Result<Vec<Slot>, BundleError> {
    let start = start_lane.into() % rules.lane_count.max(1);
    check_counts(needs, rules, &name)?;
    let t = tally(needs, 0, rules);
    let max_nops = if pad {
        rules
            .issue
            .saturating_sub(t.issue)
            .min(rules.alu.units.saturating_sub(t.alu))
    } else {
        0
    };
    let mut kinds: Vec<SlotNeeds> = Vec::new();
    let kind: Vec<usize> = needs
        .iter()
        .map(|n| match kinds.iter().position(|k| k == n) {
            Some(k) => k,
            None => {
                kinds.push(*n);
                kinds.len() - 1
            }
        })
        .collect();
    let mut left = vec![0u8; kinds.len()];
    for &k in &kind {
        left[k] += 1;
    }
    let mut s = Search {
        needs,
        rules,
        start,
        kind,
        lanes: needs.iter().map(|n| rules.op_lanes(n)).collect(),
        used: vec![false; needs.len()],
        left,
        nops: 0,
        failed: HashSet::new(),
        slots: Vec::with_capacity(rules.max_syllables()),
    };
    for nops in 0..=max_nops {
        s.nops = nops;
        s.failed.clear();
        if s.fill() {
            return Ok(s.slots);
        }
    }
    if needs.iter().filter(|n| n.last).count() == 1
        && !needs.iter().any(|n| n.long_imm || n.unit == Unit::Mul)
    {
        return Err(BundleError::SbrkNotLast);
    }
    if !rules.parity_layout() {
        return Err(BundleError::NoLanes {
            start,
            lanes: rules.lane_count,
        });
    }
    let odd = needs
        .iter()
        .filter(|n| n.unit == Unit::Mul || n.long_imm)
        .count();
    let even = needs
        .iter()
        .filter(|n| n.unit == Unit::Even || n.long_imm)
        .count();
    Err(BundleError::Unplaceable {
        parity: if start % 2 == 1 { "odd" } else { "even" },
        odd,
        even,
    })
}

fn lane_list(mask: u32) -> String {
    let v: Vec<String> = (0..32)
        .filter(|l| mask & (1 << l) != 0)
        .map(|l: u32| l.to_string())
        .collect();
    v.join(", ")
}

/// Checks a bundle as found in memory (simulator, disassembler): `slots`
/// in address order, the first syllable on lane `start_lane` (its word
/// address modulo the lane count; a `bool` converts to lane 0 or 1).
/// Extensions are given as [`Slot::Imml`]/[`Slot::Immr`] of the operation
/// they extend; a [`Slot::Nop`] is an inserted `nop` (an ALU syllable).
pub fn check_placed(
    needs: &[SlotNeeds],
    slots: &[Slot],
    start_lane: impl Into<u32>,
    rules: &BundleRules,
) -> Result<(), BundleError> {
    let start = start_lane.into();
    let nops = slots.iter().filter(|s| **s == Slot::Nop).count();
    check_counts_with(needs, nops, rules, |_| "syscall")?;
    let parity = rules.parity_layout();
    for (index, slot) in slots.iter().enumerate() {
        let lane = (start + index as u32) % rules.lane_count.max(1);
        let (mask, what) = match *slot {
            Slot::Op(i) => {
                let n = needs[i];
                if matches!(n.unit, Unit::Ctl | Unit::CtlMem) && index != 0 {
                    return Err(BundleError::ControlNotFirst);
                }
                if n.last && index + 1 != slots.len() {
                    return Err(BundleError::SbrkNotLast);
                }
                (rules.op_lanes(&n), Some(n))
            }
            Slot::Imml(_) | Slot::Immr(_) => (rules.extension_lanes, None),
            Slot::Nop => (
                rules.alu.lanes,
                Some(SlotNeeds::new(Unit::Alu, false, false)),
            ),
        };
        if mask & (1 << lane) != 0 {
            continue;
        }
        if parity {
            // Only odd-only and even-only classes can be misplaced.
            return Err(BundleError::WrongLane {
                index,
                needs: if mask & 0xAAAA_AAAA != 0 {
                    "odd"
                } else {
                    "even"
                },
            });
        }
        return Err(BundleError::LaneNotAllowed {
            index,
            what: match what {
                Some(n) => rules.what(&n),
                None => "an extension syllable".to_string(),
            },
            lane,
            allowed: lane_list(mask),
        });
    }
    Ok(())
}
#[cfg(test)]
mod tests {
    use super::*;

    const ALU: SlotNeeds = SlotNeeds::new(Unit::Alu, false, false);
    const ALU_X: SlotNeeds = SlotNeeds::new(Unit::Alu, true, false);
    const MUL: SlotNeeds = SlotNeeds::new(Unit::Mul, false, false);
    const MEM: SlotNeeds = SlotNeeds::new(Unit::Mem, false, false);
    const CTL: SlotNeeds = SlotNeeds::new(Unit::Ctl, false, false);
    const ALONE: SlotNeeds = SlotNeeds::new(Unit::Alone, false, false);
    /// The rules of the built-in ST231 (§2.2: issue 4, one control and
    /// one memory unit, two multipliers on the odd lanes).
    static L: std::sync::LazyLock<BundleRules> =
        std::sync::LazyLock::new(|| BundleRules::new(&ProcessorModel::st231()));

    fn p(needs: &[SlotNeeds], odd: bool, pad: bool) -> Result<Vec<Slot>, BundleError> {
        place(needs, odd, &L, pad, |_| "syscall")
    }

    #[test]
    fn written_order_kept_when_legal() {
        assert_eq!(
            p(&[ALU, MUL], false, false).unwrap(),
            vec![Slot::Op(0), Slot::Op(1)]
        );
    }

    #[test]
    fn control_first_and_multiply_odd() {
        // add; call → the call moves first (§2.3 rule 2).
        assert_eq!(
            p(&[ALU, CTL], false, false).unwrap(),
            vec![Slot::Op(1), Slot::Op(0)]
        );
        // mul alone at an even address cannot be placed without padding …
        assert!(matches!(
            p(&[MUL], false, false),
            Err(BundleError::Unplaceable { .. })
        ));
        // … and gets a nop before it with padding.
        assert_eq!(
            p(&[MUL], false, true).unwrap(),
            vec![Slot::Nop, Slot::Op(0)]
        );
        // Two multiplies from an odd start: lanes O E O E, so a nop goes between.
        assert!(p(&[MUL, MUL], true, false).is_err());
        assert_eq!(
            p(&[MUL, MUL], true, true).unwrap(),
            vec![Slot::Op(0), Slot::Nop, Slot::Op(1)]
        );
        assert_eq!(
            p(&[MUL, MUL], false, true).unwrap(),
            vec![Slot::Nop, Slot::Op(0), Slot::Nop, Slot::Op(1)]
        );
    }

    #[test]
    fn long_immediates_use_imml_or_immr_by_parity() {
        // Even start: immr at the even address, owner at the odd one.
        assert_eq!(
            p(&[ALU_X], false, false).unwrap(),
            vec![Slot::Immr(0), Slot::Op(0)]
        );
        // Odd start: owner first, imml after.
        assert_eq!(
            p(&[ALU_X], true, false).unwrap(),
            vec![Slot::Op(0), Slot::Imml(0)]
        );
        // Two long immediates fill a bundle.
        assert_eq!(
            p(&[ALU_X, ALU_X], false, false).unwrap(),
            vec![Slot::Immr(0), Slot::Op(0), Slot::Immr(1), Slot::Op(1)]
        );
        // Two multiplies and a long immediate cannot share a bundle (§2.2).
        assert!(p(&[MUL, MUL, ALU_X], false, true).is_err());
    }

    #[test]
    fn counting_rules() {
        assert_eq!(
            p(&[ALU; 5], false, false),
            Err(BundleError::TooManySyllables {
                needed: 5,
                limit: 4
            })
        );
        assert_eq!(
            p(&[CTL, CTL], false, false),
            Err(BundleError::TwoControlOps(2))
        );
        assert_eq!(
            p(&[MEM, MEM], false, false),
            Err(BundleError::TwoMemoryOps(2))
        );
        assert_eq!(
            p(&[MUL, MUL, MUL], false, false),
            Err(BundleError::TooManyMultiplies(3, 2))
        );
        assert_eq!(
            p(&[ALONE, ALU], false, false),
            Err(BundleError::NotAlone("syscall"))
        );
        assert_eq!(p(&[], false, false), Err(BundleError::Empty));
    }

    #[test]
    fn checking_a_fixed_order() {
        let needs = [ALU, CTL];
        assert_eq!(
            check_placed(&needs, &[Slot::Op(0), Slot::Op(1)], false, &L),
            Err(BundleError::ControlNotFirst)
        );
        assert_eq!(
            check_placed(&[MUL], &[Slot::Op(0)], false, &L),
            Err(BundleError::WrongLane {
                index: 0,
                needs: "odd"
            })
        );
        assert!(check_placed(&[MUL], &[Slot::Op(0)], true, &L).is_ok());
    }

    // ---- Machines other than the ST231 -------------------------------

    /// A machine `base = "st231"` with `body` (TOML) over it.
    fn machine(body: &str) -> BundleRules {
        let text = format!("base = \"st231\"\n{body}");
        let m = ProcessorModel::from_toml_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        BundleRules::new(&m)
    }

    /// The 8-issue machine of the model tests: 8 lanes, mem 2, odd 4, even 4
    /// (`alu` given: the base's `alu = 4` would be kept otherwise).
    fn wide8() -> BundleRules {
        machine(
            "name = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nalu = 8\nmem = 2\nctl = 1\nodd = 4\neven = 4\n",
        )
    }

    /// 2-issue: one unit of everything but the ALUs.
    fn two() -> BundleRules {
        machine(
            "name = \"two\"\nissue_width = 2\n[resources]\nissue = 2\nalu = 2\nmem = 1\nctl = 1\nodd = 1\neven = 1\n",
        )
    }

    /// 1-issue: every resource 1, so one lane and extensions riding along.
    fn one() -> BundleRules {
        machine(
            "name = \"one\"\nissue_width = 1\n[resources]\nissue = 1\nalu = 1\nmem = 1\nctl = 1\nodd = 1\neven = 1\n",
        )
    }

    /// A 16-issue machine: 16 lanes, the ST231's parity lane rules.
    fn wide16() -> BundleRules {
        machine(
            "name = \"wide16\"\nissue_width = 16\n[resources]\nissue = 16\nalu = 16\nmem = 4\nctl = 1\nodd = 8\neven = 8\n",
        )
    }

    fn ops(n: usize) -> Vec<Slot> {
        (0..n).map(Slot::Op).collect()
    }

    #[test]
    fn wide_machine_counts_by_its_resources() {
        let w = wide8();
        // §2.3 rule 1 with issue 8: eight ALU operations fit, nine do not.
        assert_eq!(
            place(&[ALU; 8], 0u32, &w, false, |_| "add").unwrap(),
            ops(8)
        );
        let e = place(&[ALU; 9], 0u32, &w, false, |_| "add").unwrap_err();
        assert_eq!(
            e,
            BundleError::TooManySyllables {
                needed: 9,
                limit: 8
            }
        );
        let text = w.describe(&e);
        assert!(
            text.contains("bundle needs 9 syllables")
                && text.contains("machine wide8 issues at most 8 per cycle")
                && text.contains("§2.3 rule 1"),
            "{text}"
        );
        // Rule 3 with mem = 2: two memory operations pass, three do not.
        assert_eq!(
            place(&[MEM, MEM], 0u32, &w, false, |_| "ldw").unwrap(),
            ops(2)
        );
        assert!(matches!(
            place(&[MEM; 3], 0u32, &w, false, |_| "ldw"),
            Err(BundleError::TooManyUnits {
                count: 3,
                limit: 2,
                ..
            })
        ));
        // Rule 4 with odd = 4 on lanes 1, 3, 5, 7: four multiplies from an
        // even start need a nop before each.
        assert_eq!(
            place(&[MUL; 4], 0u32, &w, true, |_| "mul32").unwrap(),
            vec![
                Slot::Nop,
                Slot::Op(0),
                Slot::Nop,
                Slot::Op(1),
                Slot::Nop,
                Slot::Op(2),
                Slot::Nop,
                Slot::Op(3)
            ]
        );
        assert_eq!(
            place(&[MUL; 5], 0u32, &w, true, |_| "mul32"),
            Err(BundleError::TooManyMultiplies(5, 4))
        );
    }

    #[test]
    fn two_issue_machine() {
        let t = two();
        assert_eq!(t.lane_count, 2);
        assert_eq!(
            place(&[ALU; 3], 0u32, &t, true, |_| "add"),
            Err(BundleError::TooManySyllables {
                needed: 3,
                limit: 2
            })
        );
        // Lane 1 is the odd lane: a multiply at lane 0 gets a nop first;
        // a long immediate takes both lanes, owner on lane 1.
        assert_eq!(
            place(&[MUL], 0u32, &t, true, |_| "mul32").unwrap(),
            vec![Slot::Nop, Slot::Op(0)]
        );
        assert_eq!(place(&[MUL], 1u32, &t, false, |_| "mul32").unwrap(), ops(1));
        assert_eq!(
            place(&[ALU_X], 0u32, &t, false, |_| "add").unwrap(),
            vec![Slot::Immr(0), Slot::Op(0)]
        );
        assert_eq!(
            place(&[ALU_X], 1u32, &t, false, |_| "add").unwrap(),
            vec![Slot::Op(0), Slot::Imml(0)]
        );
        // A multiply and a long immediate need three issue slots.
        assert!(matches!(
            place(&[MUL, ALU_X], 0u32, &t, true, |_| "x"),
            Err(BundleError::TooManySyllables {
                needed: 3,
                limit: 2
            })
        ));
        // Two multiplies: odd = 1.
        assert_eq!(
            place(&[MUL, MUL], 1u32, &t, true, |_| "x"),
            Err(BundleError::TooManyMultiplies(2, 1))
        );
    }

    #[test]
    fn one_issue_machine_pairs_the_extension_without_an_issue_slot() {
        let o = one();
        assert_eq!(o.lane_count, 1);
        assert!(!o.extension_takes_issue);
        assert_eq!(o.max_syllables(), 2);
        // Both syllables sit on lane 0; the owner-first form (`imml`) is
        // tried first.
        assert_eq!(
            place(&[ALU_X], 0u32, &o, false, |_| "add").unwrap(),
            vec![Slot::Op(0), Slot::Imml(0)]
        );
        assert!(check_placed(&[ALU_X], &[Slot::Immr(0), Slot::Op(0)], 0u32, &o).is_ok());
        assert_eq!(
            place(&[ALU, ALU], 0u32, &o, true, |_| "add"),
            Err(BundleError::TooManySyllables {
                needed: 2,
                limit: 1
            })
        );
        // A multiply on the single lane.
        assert_eq!(place(&[MUL], 0u32, &o, false, |_| "mul32").unwrap(), ops(1));
    }

    #[test]
    fn sixteen_syllables_are_placed_fast() {
        let w = wide16();
        let t0 = std::time::Instant::now();
        assert_eq!(
            place(&[ALU; 16], 0u32, &w, true, |_| "add").unwrap(),
            ops(16)
        );
        // Eight multiplies written first, then eight ALU operations, from
        // lane 0: each even lane takes the first ALU operation left, each
        // odd lane the first multiply left.
        let mut needs = vec![MUL; 8];
        needs.extend([ALU; 8]);
        let want: Vec<Slot> = (0..8)
            .flat_map(|k| [Slot::Op(8 + k), Slot::Op(k)])
            .collect();
        assert_eq!(place(&needs, 0u32, &w, true, |_| "x").unwrap(), want);
        // Nine syllables that need an odd lane among sixteen cannot be
        // placed: every order fails, which a search over permutations
        // (16! of them) could not establish in time.
        let mut needs = vec![MUL; 8];
        needs.push(ALU_X);
        needs.extend([ALU; 6]);
        assert!(matches!(
            place(&needs, 0u32, &w, true, |_| "x"),
            Err(BundleError::Unplaceable { odd: 9, .. })
        ));
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            t0.elapsed()
        );
    }

    #[test]
    fn start_lanes_follow_the_period_of_the_lane_lists() {
        assert_eq!(L.start_lanes(), 0..2);
        assert_eq!(L.code_align(), 8);
        assert_eq!(wide8().start_lanes(), 0..2);
        assert_eq!(one().start_lanes(), 0..1);
        let m = machine("name = \"m\"\n[lanes]\nmem = [0]\n");
        assert_eq!(m.start_lanes(), 0..4);
        assert_eq!(m.code_align(), 16);
    }

    #[test]
    fn custom_classes_take_their_units_and_lanes() {
        let text = "base = \"st231\"\nname = \"dsp\"\n[classes.dsp]\nunits = 1\nlanes = [0]\nread = 2\nresult = 4\n\
            [[custom]]\nname = \"sat\"\nslot = 3\nclass = \"dsp\"\noperands = 2\nexpr = \"a\"\n\
            [[custom]]\nname = \"mm\"\nslot = 4\nclass = \"mul\"\noperands = 2\nexpr = \"a * b\"\n\
            [[custom]]\nname = \"ev\"\nslot = 8\nclass = \"alu\"\noperands = 2\nexpr = \"a\"\n";
        let m = ProcessorModel::from_toml_str(text).unwrap();
        let rules = BundleRules::new(&m);
        let op = |name: &str| Operation::new(crate::Opcode::by_name(name).unwrap(), &[1, 2, 3]);
        // asm_3 (ALU in the table) is of class dsp; asm_4 of class mul;
        // asm_8 (EVEN in the table) of class alu; asm_5 undeclared keeps
        // the table's unit (§4.10).
        let dsp = SlotNeeds::of(&op("asm_3"), &m);
        assert_eq!(dsp.class, Some(0));
        assert_eq!(SlotNeeds::of(&op("asm_4"), &m).unit, Unit::Mul);
        assert_eq!(SlotNeeds::of(&op("asm_8"), &m).unit, Unit::Alu);
        assert_eq!(SlotNeeds::of(&op("asm_5"), &m), ALU);
        assert_eq!(
            SlotNeeds::of(&op("asm_9"), &m),
            SlotNeeds::new(Unit::Even, false, false)
        );
        // One dsp unit, on lane 0.
        assert!(matches!(
            place(&[dsp, dsp], 0u32, &rules, true, |_| "sat"),
            Err(BundleError::TooManyUnits {
                count: 2,
                limit: 1,
                ..
            })
        ));
        assert_eq!(
            place(&[ALU, dsp], 0u32, &rules, false, |_| "x").unwrap(),
            vec![Slot::Op(1), Slot::Op(0)]
        );
        // From lane 1, three nops bring it round to lane 0 (word 4 of 4 → lane 0).
        assert_eq!(
            place(&[dsp], 1u32, &rules, true, |_| "sat").unwrap(),
            vec![Slot::Nop, Slot::Nop, Slot::Nop, Slot::Op(0)]
        );
        let e = check_placed(&[dsp], &[Slot::Op(0)], 1u32, &rules).unwrap_err();
        assert!(
            matches!(&e, BundleError::LaneNotAllowed { lane: 1, allowed, .. } if allowed == "0"),
            "{e}"
        );
        assert!(e.to_string().contains("class `dsp`"), "{e}");
    }
}
