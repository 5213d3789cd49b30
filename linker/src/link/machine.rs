//! The machine the executable is built for: every input object that
//! records one (`.note.st200.machine`, [`isa::note`]) must record the same
//! machine; objects without the note (hand-made, or from older tools) take
//! the others' machine; the executable gets the note.

use super::{Linker, OutSection};
use isa::elf::{MACHINE_NOTE_SECTION, SHT_NOTE};
use isa::model::ProcessorModel;
use isa::note::{same_machine, MachineNote};

/// Whether `s` is the machine note of its object (kept out of the layout:
/// the output gets one note, not the inputs' notes end to end).
pub(super) fn is_machine_note(s: &crate::input::InSection) -> bool {
    s.sh_type == SHT_NOTE && s.name == MACHINE_NOTE_SECTION
}

impl Linker<'_> {
    /// Checks that the loaded objects agree on their machine and returns
    /// the output's note section, or `None` when no input records one.
    /// Disagreements are errors unless `--allow-mixed-cores` is given, in
    /// which case the first object's machine is recorded.
    pub(super) fn machine_note(&mut self) -> Option<OutSection> {
        // `-mcpu=` / `--machine`: the expected machine comes first, so that
        // every input is compared with it.
        let mut first: Option<(String, MachineNote, ProcessorModel)> =
            self.opts.machine.as_ref().and_then(|m| {
                let note = MachineNote::of_model(m).ok()?;
                Some((
                    "the command line (--machine or -mcpu=)".to_string(),
                    note,
                    m.clone(),
                ))
            });
        for &o in &self.order {
            let obj = &self.objects[o];
            let Some(sec) = obj.sections.iter().find(|s| is_machine_note(s)) else {
                continue;
            };
            let note = match MachineNote::parse(&sec.data) {
                Ok(Some(n)) => n,
                Ok(None) => continue,
                Err(e) => {
                    self.errors.push(format!("{}: {e}", obj.name));
                    continue;
                }
            };
            let model = match note.model() {
                Ok(m) => m,
                Err(e) => {
                    self.errors.push(format!("{}: {e}", obj.name));
                    continue;
                }
            };
            match &first {
                None => first = Some((obj.name.clone(), note, model)),
                Some((name0, note0, model0)) => {
                    if !same_machine(model0, &model) && !self.opts.allow_mixed_cores {
                        let same_name = if note0.name == note.name {
                            " (two different descriptions with the same name)"
                        } else {
                            ""
                        };
                        self.errors.push(if self.opts.machine.is_some() {
                            format!(
                                "{} is built for machine `{}` but the link is for machine `{}` (--machine or -mcpu=){same_name}",
                                obj.name, note.name, note0.name
                            )
                        } else {
                            format!(
                                "{name0} is built for machine `{}` but {} for machine `{}`{same_name}: objects built for different machines cannot be linked together",
                                note0.name, obj.name, note.name
                            )
                        });
                    }
                }
            }
        }
        let (_, note, _) = first?;
        let data = note.to_bytes();
        Some(OutSection {
            name: MACHINE_NOTE_SECTION.to_string(),
            sh_type: SHT_NOTE,
            flags: 0,
            align: 4,
            addr: 0,
            size: data.len() as u64,
            inputs: Vec::new(),
            data,
            line: 0,
        })
    }
}
