//! Bundle rules (ISA-ST200.md §2.2, §2.3): per-bundle resource limits, lane
//! placement of syllables by word-address parity, and the checks an
//! assembler and a simulator apply to every bundle.

use crate::encoding::Operation;
use crate::ops::Unit;

/// Per-bundle resource limits (ISA-ST200.md §2.2, §5.4; ST231: issue 4,
/// one control op, one memory op, two multipliers on odd lanes, two even lanes).
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
    /// The ST220/ST231/ST240 limits of §2.2.
    pub const ST200: BundleLimits = BundleLimits {
        issue: 4,
        control: 1,
        memory: 1,
        multiply: 2,
    };
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotNeeds {
    /// Issue unit.
    pub unit: Unit,
    /// Has an extension syllable.
    pub long_imm: bool,
    /// Must be the last syllable (`sbrk`, whose encoding holds the stop bit).
    pub last: bool,
}

impl SlotNeeds {
    /// The needs of an operation.
    pub fn of(op: &Operation) -> SlotNeeds {
        SlotNeeds {
            unit: op.info().unit,
            long_imm: op.long_imm,
            last: op.info().fixed_stop_bit(),
        }
    }
}

/// A broken bundle rule (ISA-ST200.md §2.3), worded for diagnostics.
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
    /// Rule 4/5 when checking a fixed order.
    #[error("syllable {index} needs an {needs} word address (ISA-ST200 §2.3 rules 4-5)")]
    WrongLane {
        /// Syllable index.
        index: usize,
        /// `odd` or `even`.
        needs: &'static str,
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

fn counts(needs: &[SlotNeeds]) -> (usize, usize, usize, usize) {
    let syllables = needs.iter().map(|n| 1 + n.long_imm as usize).sum();
    let control = needs
        .iter()
        .filter(|n| matches!(n.unit, Unit::Ctl | Unit::CtlMem))
        .count();
    let memory = needs
        .iter()
        .filter(|n| matches!(n.unit, Unit::Mem | Unit::CtlMem))
        .count();
    let multiply = needs.iter().filter(|n| n.unit == Unit::Mul).count();
    (syllables, control, memory, multiply)
}

/// Checks the rules that do not depend on placement: 1, 2 (count), 3, 4
/// (count) and 6. `alone_name` gives the mnemonic of an operation for rule 6.
pub fn check_counts(
    needs: &[SlotNeeds],
    limits: &BundleLimits,
    alone_name: impl Fn(usize) -> &'static str,
) -> Result<(), BundleError> {
    if needs.is_empty() {
        return Err(BundleError::Empty);
    }
    let (syllables, control, memory, multiply) = counts(needs);
    if let Some(i) = needs.iter().position(|n| n.unit == Unit::Alone) {
        if needs.len() > 1 || syllables > 1 {
            return Err(BundleError::NotAlone(alone_name(i)));
        }
    }
    if syllables > limits.issue {
        return Err(BundleError::TooManySyllables {
            needed: syllables,
            limit: limits.issue,
        });
    }
    if control > limits.control {
        return Err(BundleError::TwoControlOps(control));
    }
    if memory > limits.memory {
        return Err(BundleError::TwoMemoryOps(memory));
    }
    if multiply > limits.multiply {
        return Err(BundleError::TooManyMultiplies(multiply, limits.multiply));
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

/// Lays out `order` (operations by index, `None` = a nop) from a bundle
/// start of parity `start_odd`, and checks lane rules; returns the slots.
fn layout(needs: &[SlotNeeds], order: &[Option<usize>], start_odd: bool) -> Option<Vec<Slot>> {
    let mut slots = Vec::with_capacity(4);
    for (k, item) in order.iter().enumerate() {
        let Some(i) = *item else {
            slots.push(Slot::Nop);
            continue;
        };
        let n = needs[i];
        let odd_here = start_odd ^ (slots.len() % 2 == 1);
        if matches!(n.unit, Unit::Ctl | Unit::CtlMem) && (k != 0 || n.long_imm) {
            return None;
        }
        if n.long_imm {
            if odd_here {
                slots.push(Slot::Op(i));
                slots.push(Slot::Imml(i));
            } else {
                slots.push(Slot::Immr(i));
                slots.push(Slot::Op(i));
            }
            continue;
        }
        let lane_ok = match n.unit {
            Unit::Mul => odd_here,
            Unit::Even => !odd_here,
            _ => true,
        };
        if !lane_ok {
            return None;
        }
        slots.push(Slot::Op(i));
    }
    // sbrk holds the stop bit: it must be the last syllable.
    if let Some(pos) = slots
        .iter()
        .position(|s| matches!(s, Slot::Op(i) if needs[*i].last))
    {
        if pos + 1 != slots.len() {
            return None;
        }
    }
    Some(slots)
}

fn permutations(
    items: &mut Vec<Option<usize>>,
    k: usize,
    out: &mut impl FnMut(&[Option<usize>]) -> bool,
) -> bool {
    if k == items.len() {
        return out(items);
    }
    for j in k..items.len() {
        // Skip duplicate nops so each arrangement is tried once.
        if items[k..j].contains(&items[j]) {
            continue;
        }
        items[k..=j].rotate_right(1);
        if permutations(items, k + 1, out) {
            return true;
        }
        items[k..=j].rotate_left(1);
    }
    false
}

/// Places the operations of a bundle on lanes (ISA-ST200.md §2.2, §2.3,
/// §2.4): the control operation first, multiplies and long-immediate owners
/// on odd word addresses with the extension on the even neighbour (`imml`
/// after or `immr` before), even-lane operations on even addresses, `sbrk`
/// last. The written order is kept when it is legal; otherwise the first
/// legal permutation is taken; if none exists and `pad` is set, up to
/// `limits.issue` − syllables `nop`s are inserted.
///
/// `start_odd` is bit 2 of the bundle's address.
pub fn place(
    needs: &[SlotNeeds],
    start_odd: bool,
    limits: &BundleLimits,
    pad: bool,
    name: impl Fn(usize) -> &'static str,
) -> Result<Vec<Slot>, BundleError> {
    check_counts(needs, limits, name)?;
    let (syllables, _, _, _) = counts(needs);
    let max_nops = if pad {
        limits.issue.saturating_sub(syllables)
    } else {
        0
    };
    for nops in 0..=max_nops {
        let mut items: Vec<Option<usize>> = (0..needs.len()).map(Some).collect();
        items.extend(std::iter::repeat_n(None, nops));
        let mut found = None;
        permutations(&mut items, 0, &mut |order| {
            found = layout(needs, order, start_odd);
            found.is_some()
        });
        if let Some(slots) = found {
            return Ok(slots);
        }
    }
    if needs.iter().filter(|n| n.last).count() == 1
        && !needs.iter().any(|n| n.long_imm || n.unit == Unit::Mul)
    {
        return Err(BundleError::SbrkNotLast);
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
        parity: if start_odd { "odd" } else { "even" },
        odd,
        even,
    })
}

/// Checks a bundle as found in memory (simulator, disassembler): `slots`
/// in address order, bundle starting at parity `start_odd`. Extensions are
/// given as [`Slot::Imml`]/[`Slot::Immr`] of the operation they extend.
pub fn check_placed(
    needs: &[SlotNeeds],
    slots: &[Slot],
    start_odd: bool,
    limits: &BundleLimits,
) -> Result<(), BundleError> {
    check_counts(needs, limits, |_| "syscall")?;
    for (index, slot) in slots.iter().enumerate() {
        let odd_here = start_odd ^ (index % 2 == 1);
        let (needs_odd, needs_even) = match *slot {
            Slot::Op(i) => {
                let n = needs[i];
                if matches!(n.unit, Unit::Ctl | Unit::CtlMem) && index != 0 {
                    return Err(BundleError::ControlNotFirst);
                }
                if n.last && index + 1 != slots.len() {
                    return Err(BundleError::SbrkNotLast);
                }
                (n.unit == Unit::Mul || n.long_imm, n.unit == Unit::Even)
            }
            Slot::Imml(_) | Slot::Immr(_) => (false, true),
            Slot::Nop => (false, false),
        };
        if needs_odd && !odd_here {
            return Err(BundleError::WrongLane {
                index,
                needs: "odd",
            });
        }
        if needs_even && odd_here {
            return Err(BundleError::WrongLane {
                index,
                needs: "even",
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALU: SlotNeeds = SlotNeeds {
        unit: Unit::Alu,
        long_imm: false,
        last: false,
    };
    const ALU_X: SlotNeeds = SlotNeeds {
        unit: Unit::Alu,
        long_imm: true,
        last: false,
    };
    const MUL: SlotNeeds = SlotNeeds {
        unit: Unit::Mul,
        long_imm: false,
        last: false,
    };
    const MEM: SlotNeeds = SlotNeeds {
        unit: Unit::Mem,
        long_imm: false,
        last: false,
    };
    const CTL: SlotNeeds = SlotNeeds {
        unit: Unit::Ctl,
        long_imm: false,
        last: false,
    };
    const ALONE: SlotNeeds = SlotNeeds {
        unit: Unit::Alone,
        long_imm: false,
        last: false,
    };
    const L: BundleLimits = BundleLimits::ST200;

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
}
