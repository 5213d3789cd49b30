//! The machine note: how an object or executable records the machine
//! description it was built for, read and written here for every tool
//! (`las` writes it, `lld-st` checks and forwards it, `stsim` runs on it,
//! `st-objdump` shows it).
//!
//! It is one ELF note (gABI "Note Section") in an `SHT_NOTE` section
//! named [`MACHINE_NOTE_SECTION`] (`.note.st200.machine`, no flags,
//! 4-byte aligned), little-endian like the rest of the file (ISA-ST200
//! §6.1):
//!
//! | bytes | field |
//! |---|---|
//! | 4 | `n_namesz` = 6 |
//! | 4 | `n_descsz` = length of the descriptor, NULs included |
//! | 4 | `n_type` = [`NT_ST200_MACHINE`] (3) |
//! | 8 | `"ST200\0"` and 2 bytes of padding |
//! | `n_descsz` | the machine's name, NUL, its resolved TOML text, NUL |
//! | 0–3 | padding to a multiple of 4 |
//!
//! The TOML text is `model.resolved().to_toml_string()`, so two objects
//! built for the same machine carry the same text whatever file or flag
//! named the machine, and [`MachineNote::model`] gives the machine back.

use crate::elf::{MACHINE_NOTE_SECTION, NOTE_OWNER, NT_ST200_MACHINE, SHT_NOTE};
use crate::model::{ModelError, ProcessorModel};

/// Why a machine note (or the file holding it) cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum NoteError {
    /// The section or the file is shorter than its headers say.
    #[error("machine note: {0}")]
    Malformed(String),
    /// The recorded description does not load as a machine.
    #[error("machine note: the recorded description of `{name}` does not load: {source}")]
    Model {
        /// Name recorded in the note.
        name: String,
        /// Why it does not load.
        #[source]
        source: ModelError,
    },
}

fn malformed(what: impl Into<String>) -> NoteError {
    NoteError::Malformed(what.into())
}

/// The contents of a machine note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MachineNote {
    /// The machine's name (`name` of its description).
    pub name: String,
    /// Its resolved description as TOML.
    pub toml: String,
}

fn align4(n: usize) -> usize {
    n.next_multiple_of(4)
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let bytes = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(bytes.try_into().ok()?))
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let bytes = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes(bytes.try_into().ok()?))
}

impl MachineNote {
    /// The note of `model`: its name and resolved TOML text.
    ///
    /// # Errors
    /// When the model cannot be written as TOML.
    pub fn of_model(model: &ProcessorModel) -> Result<MachineNote, ModelError> {
        let resolved = model.resolved();
        Ok(MachineNote {
            name: resolved.name.clone(),
            toml: resolved.to_toml_string()?,
        })
    }

    /// The bytes of the note section (one note, layout in the module
    /// documentation). NUL bytes inside the name or the text (which TOML
    /// escapes, so a serialised model has none) are dropped.
    pub fn to_bytes(&self) -> Vec<u8> {
        let owner = format!("{NOTE_OWNER}\0");
        let mut desc: Vec<u8> = self.name.bytes().filter(|&b| b != 0).collect();
        desc.push(0);
        desc.extend(self.toml.bytes().filter(|&b| b != 0));
        desc.push(0);
        let mut out = Vec::with_capacity(12 + align4(owner.len()) + align4(desc.len()));
        out.extend_from_slice(&(owner.len() as u32).to_le_bytes());
        out.extend_from_slice(&(desc.len() as u32).to_le_bytes());
        out.extend_from_slice(&NT_ST200_MACHINE.to_le_bytes());
        out.extend_from_slice(owner.as_bytes());
        out.resize(align4(out.len()), 0);
        out.extend_from_slice(&desc);
        out.resize(align4(out.len()), 0);
        out
    }

    /// Reads the machine note from the contents of a note section: the
    /// first note of owner `ST200` and type [`NT_ST200_MACHINE`] (other
    /// notes are skipped). `Ok(None)` when there is none.
    ///
    /// # Errors
    /// [`NoteError::Malformed`] when a note runs past the section, or the
    /// machine note's descriptor is not two NUL-terminated UTF-8 strings.
    pub fn parse(section: &[u8]) -> Result<Option<MachineNote>, NoteError> {
        let mut at = 0usize;
        while at < section.len() {
            let (Some(namesz), Some(descsz), Some(n_type)) = (
                u32_at(section, at),
                u32_at(section, at + 4),
                u32_at(section, at + 8),
            ) else {
                return Err(malformed(format!(
                    "note header at offset {at} is cut short ({} bytes left)",
                    section.len() - at
                )));
            };
            let name_at = at + 12;
            let desc_at = name_at + align4(namesz as usize);
            let end = desc_at + align4(descsz as usize);
            let (Some(name), Some(desc)) = (
                section.get(name_at..name_at + namesz as usize),
                section.get(desc_at..desc_at + descsz as usize),
            ) else {
                return Err(malformed(format!(
                    "note at offset {at} runs past the end of its {}-byte section",
                    section.len()
                )));
            };
            let owner = name.strip_suffix(&[0]).unwrap_or(name);
            if owner == NOTE_OWNER.as_bytes() && n_type == NT_ST200_MACHINE {
                return Self::from_desc(desc).map(Some);
            }
            at = end;
        }
        Ok(None)
    }

    fn from_desc(desc: &[u8]) -> Result<MachineNote, NoteError> {
        let mut parts = desc.split(|&b| b == 0);
        let (Some(name), Some(toml)) = (parts.next(), parts.next()) else {
            return Err(malformed(
                "the descriptor is not a name and a text, each ended by NUL",
            ));
        };
        if !desc.ends_with(&[0]) || desc.iter().filter(|&&b| b == 0).count() != 2 {
            return Err(malformed(
                "the descriptor is not a name and a text, each ended by NUL",
            ));
        }
        let text = |b: &[u8], what: &str| {
            String::from_utf8(b.to_vec()).map_err(|_| malformed(format!("the {what} is not UTF-8")))
        };
        Ok(MachineNote {
            name: text(name, "machine name")?,
            toml: text(toml, "description")?,
        })
    }

    /// The recorded machine, loaded from the TOML text.
    ///
    /// # Errors
    /// [`NoteError::Model`] when the text does not load as a machine, or
    /// names another machine than the note.
    pub fn model(&self) -> Result<ProcessorModel, NoteError> {
        let m = ProcessorModel::from_toml_str(&self.toml).map_err(|source| NoteError::Model {
            name: self.name.clone(),
            source,
        })?;
        if m.name != self.name {
            return Err(malformed(format!(
                "the note names machine `{}` but its description is of `{}`",
                self.name, m.name
            )));
        }
        Ok(m)
    }

    /// Reads the machine note of an ELF32 little-endian file (object or
    /// executable): the contents of its `SHT_NOTE` section
    /// [`MACHINE_NOTE_SECTION`], parsed. `Ok(None)` when the file has no
    /// such section or the section holds no machine note.
    ///
    /// # Errors
    /// [`NoteError::Malformed`] when the file is not ELF32 little-endian,
    /// its section headers lie outside it, or the note is malformed.
    pub fn from_elf(file: &[u8]) -> Result<Option<MachineNote>, NoteError> {
        match machine_note_section(file)? {
            Some(bytes) => MachineNote::parse(bytes),
            None => Ok(None),
        }
    }
}

/// The contents of the `SHT_NOTE` section [`MACHINE_NOTE_SECTION`] of an
/// ELF32 little-endian file, if it has one.
///
/// # Errors
/// [`NoteError::Malformed`] when the file is not ELF32 little-endian or a
/// section header, the section-name table or the section lies outside it.
pub fn machine_note_section(file: &[u8]) -> Result<Option<&[u8]>, NoteError> {
    if !file.starts_with(b"\x7fELF") || file.get(4) != Some(&1) || file.get(5) != Some(&1) {
        return Err(malformed("not an ELF32 little-endian file"));
    }
    let bad = || malformed("the section header table lies outside the file");
    let shoff = u32_at(file, 0x20).ok_or_else(bad)? as usize;
    let shentsize = u16_at(file, 0x2E).ok_or_else(bad)? as usize;
    let mut shnum = u16_at(file, 0x30).ok_or_else(bad)? as usize;
    let mut shstrndx = u16_at(file, 0x32).ok_or_else(bad)? as usize;
    if shoff == 0 {
        return Ok(None);
    }
    if shentsize < 40 {
        return Err(malformed(format!(
            "section headers of {shentsize} bytes (ELF32 needs 40)"
        )));
    }
    let header = |i: usize| -> Result<&[u8], NoteError> {
        let at = i
            .checked_mul(shentsize)
            .and_then(|o| o.checked_add(shoff))
            .ok_or_else(bad)?;
        file.get(at..at + 40).ok_or_else(bad)
    };
    // Extended numbering (gABI): the real counts live in section 0.
    if shnum == 0 {
        shnum = u32_at(header(0)?, 20).ok_or_else(bad)? as usize;
    }
    if shstrndx == 0xFFFF {
        shstrndx = u32_at(header(0)?, 24).ok_or_else(bad)? as usize;
    }
    let contents = |h: &[u8]| -> Result<&[u8], NoteError> {
        let (off, size) = (u32_at(h, 16).unwrap_or(0), u32_at(h, 20).unwrap_or(0));
        let (off, size) = (off as usize, size as usize);
        off.checked_add(size)
            .and_then(|end| file.get(off..end))
            .ok_or_else(|| malformed("a section lies outside the file"))
    };
    if shstrndx == 0 || shstrndx >= shnum {
        return Ok(None);
    }
    let names = contents(header(shstrndx)?)?;
    for i in 1..shnum {
        let h = header(i)?;
        if u32_at(h, 4) != Some(SHT_NOTE) {
            continue;
        }
        let name_at = u32_at(h, 0).unwrap_or(0) as usize;
        let name = names
            .get(name_at..)
            .and_then(|n| n.split(|&b| b == 0).next())
            .unwrap_or(b"");
        if name == MACHINE_NOTE_SECTION.as_bytes() {
            return contents(h).map(Some);
        }
    }
    Ok(None)
}

/// Whether `a` and `b` describe the same machine (equal once every
/// default is resolved).
pub fn same_machine(a: &ProcessorModel, b: &ProcessorModel) -> bool {
    a.resolved() == b.resolved()
}

/// A 64-bit digest (FNV-1a) of `model`'s resolved TOML text: equal for two
/// descriptions of the same machine, different (barring collisions) for
/// different machines. Used to key caches by machine.
///
/// # Errors
/// When the model cannot be written as TOML.
pub fn machine_digest(model: &ProcessorModel) -> Result<u64, ModelError> {
    let text = model.resolved().to_toml_string()?;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide8() -> ProcessorModel {
        ProcessorModel::from_toml_str(
            "base = \"st231\"\nname = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nmem = 2\nodd = 4\neven = 4\n",
        )
        .unwrap()
    }

    #[test]
    fn layout_by_hand() {
        let n = MachineNote {
            name: "ab".into(),
            toml: "x".into(),
        };
        // namesz 6, descsz "ab\0x\0" = 5, type 3, "ST200\0" + 2 pad,
        // desc + 3 pad: 12 + 8 + 8 bytes.
        let want: Vec<u8> = [
            &[6, 0, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0][..],
            b"ST200\0\0\0",
            b"ab\0x\0\0\0\0",
        ]
        .concat();
        assert_eq!(n.to_bytes(), want);
        assert_eq!(MachineNote::parse(&want).unwrap(), Some(n));
    }

    #[test]
    fn round_trip_gives_the_same_machine() {
        for m in [ProcessorModel::st220(), ProcessorModel::st231(), wide8()] {
            let note = MachineNote::of_model(&m).unwrap();
            assert_eq!(note.name, m.name);
            let back = MachineNote::parse(&note.to_bytes()).unwrap().unwrap();
            assert!(same_machine(&back.model().unwrap(), &m), "{}", m.name);
        }
        assert!(!same_machine(&ProcessorModel::st231(), &wide8()));
        assert_ne!(
            machine_digest(&ProcessorModel::st231()).unwrap(),
            machine_digest(&wide8()).unwrap()
        );
    }

    #[test]
    fn other_notes_are_skipped_and_bad_ones_are_errors() {
        // A GNU note (owner "GNU\0", type 3, 4-byte desc) before ours.
        let mut sec: Vec<u8> = [
            &[4, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0][..],
            b"GNU\0",
            &[1, 2, 3, 4],
        ]
        .concat();
        let ours = MachineNote {
            name: "st231".into(),
            toml: "t".into(),
        };
        sec.extend(ours.to_bytes());
        assert_eq!(MachineNote::parse(&sec).unwrap(), Some(ours));
        assert_eq!(MachineNote::parse(&sec[..20]).unwrap(), None);
        assert!(MachineNote::parse(&sec[..30]).is_err());
        assert!(MachineNote::parse(&sec[..sec.len() - 4]).is_err());
        // A descriptor with one string only.
        let one: Vec<u8> = [
            &[6, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0][..],
            b"ST200\0\0\0",
            b"abc\0",
        ]
        .concat();
        assert!(MachineNote::parse(&one).is_err());
        // A description that is not a machine.
        let junk = MachineNote {
            name: "x".into(),
            toml: "name = 1".into(),
        };
        assert!(junk.model().is_err());
        assert!(MachineNote::from_elf(b"not elf").is_err());
    }
}
