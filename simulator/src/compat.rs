//! Whether a program built for one machine may run on another
//! (`stsim --machine` / `--mcpu` on an executable that records its machine
//! in `.note.st200.machine`, see `isa::note`).
//!
//! The check is made once, before the first cycle, so that a program is
//! refused with the rule it breaks instead of misbehaving part-way
//! through. A program may run on the target machine when:
//!
//! 1. **interlock rule** (ISA-ST200 §5.1): code built for an
//!    interlocked machine, which relies on the scoreboard to wait for
//!    results, does not run on a machine without interlocks
//!    (`interlocked = false`, like the ST220);
//! 2. **latency rule** (§5.1, §5.2): code built for a machine without
//!    interlocks, scheduled for its exact latencies, runs on another such
//!    machine only if every timing class has the same read and result
//!    stages;
//! 3. **bundle rules** (§2.1–§2.4, §4): every bundle of the program's
//!    executable sections that is code on the machine it was built for
//!    decodes on the target and passes the target's bundle checks — the
//!    simulator's own decoder ([`crate::decode::decode_ops`]) with the
//!    target's model, the path every bundle takes when it runs;
//! 4. **register rule** (§1.2, §1.3): every register it names exists in
//!    the target's register files.
//!
//! Words of an executable section that are not code for the machine the
//! program was built for (data, padding) are skipped: they would fault on
//! that machine as well, so they are no difference between the two.

use isa::encoding::{self, DecodedOp, STOP_BIT};
use isa::model::ProcessorModel;
use isa::note::same_machine;
use isa::OperandKind;

use crate::decode::{decode_ops, MAX_ISSUE};
use crate::loader::Program;

/// Why a program cannot run on the target machine: one line per broken
/// rule (the machine-wide rules first, then the first bundle that breaks
/// a bundle or register rule).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Name of the machine the program was built for.
    pub built: String,
    /// Name of the target machine.
    pub target: String,
    /// One message per broken rule, each starting with the rule's name.
    pub reasons: Vec<String>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the program is built for machine `{}` and cannot run on `{}`:",
            self.built, self.target
        )?;
        for r in &self.reasons {
            write!(f, "\n  {r}")?;
        }
        Ok(())
    }
}

/// The disassembly of a bundle's syllables on `model`'s core (operations
/// separated by ` ; `, ended by ` ;;`), or its raw words.
pub fn disassemble_words(words: &[u32], model: &ProcessorModel) -> String {
    match encoding::decode_bundle(words, model.core) {
        Ok(ops) => {
            let texts: Vec<String> = ops.iter().map(|d| encoding::format(&d.op)).collect();
            format!("{} ;;", texts.join(" ; "))
        }
        Err(_) => {
            let raw: Vec<String> = words.iter().map(|w| format!("0x{w:08x}")).collect();
            format!(".word {}", raw.join(", "))
        }
    }
}

/// The first register of `ops` that `model`'s register files lack, as a
/// message.
fn missing_register(ops: &[DecodedOp], model: &ProcessorModel) -> Option<String> {
    let files = &model.registers;
    for d in ops {
        let info = d.op.info();
        for (spec, &v) in info.syntax.operands.iter().zip(&d.op.operands) {
            match spec.kind {
                OperandKind::Gr | OperandKind::GrNoLink if !files.has_general(v as u32) => {
                    return Some(format!(
                        "`$r{v}` does not exist: `{}` has {} general registers, $r0 to $r{} and $r63 (ISA-ST200 §1.2)",
                        model.name,
                        files.general,
                        files.general.saturating_sub(1)
                    ));
                }
                OperandKind::Br if !files.has_branch(v as u32) => {
                    return Some(format!(
                        "`$b{v}` does not exist: `{}` has {} branch registers (ISA-ST200 §1.3)",
                        model.name, files.branch
                    ));
                }
                _ => {}
            }
        }
    }
    None
}

/// Whether the bundle `words` at `pc` is code on `model`: it decodes,
/// passes the bundle rules and names only existing registers. The error
/// names the rule it breaks.
fn legal_on(words: &[u32], pc: u32, model: &ProcessorModel) -> Result<(), String> {
    if words.len() > model.issue_width as usize {
        return Err(format!(
            "bundle rule: {} syllables, but `{}` issues at most {} per bundle (issue_width, ISA-ST200 §2.1)",
            words.len(),
            model.name,
            model.issue_width
        ));
    }
    let ops = decode_ops(words, pc, model).map_err(|e| {
        let why = match e {
            crate::decode::DecodeFault::Illegal(s) => s,
            crate::decode::DecodeFault::Fetch(a) => format!("cannot fetch 0x{a:08x}"),
        };
        format!("bundle rule on `{}`: {why}", model.name)
    })?;
    match missing_register(&ops, model) {
        Some(m) => Err(format!("register rule: {m}")),
        None => Ok(()),
    }
}

/// The bundles of one executable section at `addr`: (address, syllables).
/// A run of 16 words without a stop bit is not a bundle; its first word is
/// skipped.
fn bundles(addr: u32, bytes: &[u8]) -> Vec<(u32, Vec<u32>)> {
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let limit = (words.len() - i).min(MAX_ISSUE as usize);
        match words[i..i + limit].iter().position(|w| w & STOP_BIT != 0) {
            Some(k) => {
                out.push((addr.wrapping_add(4 * i as u32), words[i..=i + k].to_vec()));
                i += k + 1;
            }
            None => i += 1,
        }
    }
    out
}

/// Checks that a program built for `built` may run on `target` (rules in
/// the module documentation); `code` is the program's executable sections
/// as (address, bytes).
///
/// # Errors
/// A [`Refusal`] naming every broken machine-wide rule and the first
/// bundle (address, disassembly) that breaks a bundle or register rule.
pub fn check(
    code: &[(u32, Vec<u8>)],
    built: &ProcessorModel,
    target: &ProcessorModel,
) -> Result<(), Refusal> {
    if same_machine(built, target) {
        return Ok(());
    }
    let mut reasons = Vec::new();
    if built.interlocked && !target.interlocked {
        reasons.push(format!(
            "interlock rule: `{}` interlocks and `{}` does not (interlocked = false): code built for a scoreboard that waits for results would read registers before they are written (ISA-ST200 §5.1)",
            built.name, target.name
        ));
    } else if !built.interlocked && !target.interlocked {
        let b = built.resolved();
        let t = target.resolved();
        let differs = isa::model::ALL_CLASSES
            .iter()
            .find(|&&c| b.stages.get(c) != t.stages.get(c))
            .map(|&c| isa::model::StageTable::field_name(c).to_string())
            .or_else(|| {
                b.classes
                    .iter()
                    .find(|(n, k)| {
                        t.classes
                            .get(*n)
                            .is_none_or(|tk| (tk.read, tk.result) != (k.read, k.result))
                    })
                    .map(|(n, _)| n.clone())
            });
        if let Some(class) = differs {
            reasons.push(format!(
                "latency rule: neither `{}` nor `{}` interlocks, so the code is scheduled for exact latencies, and the stages of class `{class}` differ (ISA-ST200 §5.1, §5.2)",
                built.name, target.name
            ));
        }
    }
    'sections: for (addr, bytes) in code {
        for (pc, words) in bundles(*addr, bytes) {
            if legal_on(&words, pc, built).is_err() {
                continue;
            }
            if let Err(why) = legal_on(&words, pc, target) {
                reasons.push(format!(
                    "{why}\n    first bundle that breaks it: 0x{pc:08x}: {}",
                    disassemble_words(&words, built)
                ));
                break 'sections;
            }
        }
    }
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(Refusal {
            built: built.name.clone(),
            target: target.name.clone(),
            reasons,
        })
    }
}

/// The machine `stsim` runs `program` on: the one it records
/// (`.note.st200.machine`), else the built-in model of its `e_flags` core,
/// else the ST231; or, when given, `machine` (`--machine FILE`) or the
/// built-in `mcpu` (`--mcpu`; with `machine`, it replaces that machine's
/// core), provided the program may run there ([`check`] against the
/// machine it was built for).
///
/// # Errors
/// The [`Refusal`] of [`check`].
pub fn select_machine(
    program: &Program,
    machine: Option<ProcessorModel>,
    mcpu: Option<isa::Core>,
) -> Result<ProcessorModel, Refusal> {
    let built = program
        .machine
        .clone()
        .or_else(|| program.core.map(ProcessorModel::builtin));
    let mut model = match (machine, mcpu, &built) {
        (Some(m), _, _) => m,
        (None, Some(c), _) => ProcessorModel::builtin(c),
        (None, None, Some(m)) => m.clone(),
        (None, None, None) => ProcessorModel::st231(),
    };
    if let Some(c) = mcpu {
        model.core = c;
    }
    if let Some(built) = &built {
        check(&program.code, built, &model)?;
    }
    Ok(model)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn bundles_end_at_stop_bits_and_runs_without_one_are_skipped() {
        let s = STOP_BIT;
        // [a, b|S] [c|S], then 17 words without a stop bit and one with:
        // the first two of the run are skipped one at a time until a stop
        // bit lies within 16 words.
        let mut w = vec![1, 2 | s, 3 | s];
        w.extend(std::iter::repeat_n(0, 17));
        w.push(4 | s);
        let b = bundles(0x100, &bytes(&w));
        assert_eq!(b[0], (0x100, vec![1, 2 | s]));
        assert_eq!(b[1], (0x108, vec![3 | s]));
        // Word 3 + 2 = 5 starts a run of 15 zeros and the stop word.
        assert_eq!(b[2].0, 0x100 + 4 * 5);
        assert_eq!(b[2].1.len(), 16);
        assert_eq!(b.len(), 3);
    }

    #[test]
    fn the_same_machine_needs_no_check() {
        let m = ProcessorModel::st220();
        // Garbage code: not looked at when the machines are the same.
        assert!(check(&[(0, bytes(&[0xFFFF_FFFF]))], &m, &m.clone()).is_ok());
        let r = check(&[], &ProcessorModel::st231(), &m).unwrap_err();
        assert_eq!(r.reasons.len(), 1);
        assert!(r.reasons[0].starts_with("interlock rule"));
        assert!(r
            .to_string()
            .starts_with("the program is built for machine `st231` and cannot run on `st220`:"));
    }
}
