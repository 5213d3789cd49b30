//! ELF constants of the ST200: machine number, `e_flags` layout and the
//! `R_ST200_*` relocation types with the field each one patches
//! (ISA-ST200 §6.1, §6.2).
//!
//! How each relocation's value is computed and patched lives in
//! [`crate::reloc`].

use crate::ops::Core;

/// `e_machine` of every ST200 object (`EM_ST200`, ISA-ST200 §6.1).
pub const EM_ST200: u16 = 100;

/// `e_flags` bits 6:0: ABI code (§6.1).
pub const EF_ST200_ABI_MASK: u32 = 0x7F;
/// ABI code "embedded" (§6.1): the bare-metal ABI this toolchain uses.
pub const EF_ST200_ABI_EMBEDDED: u32 = 2;
/// `e_flags` bits 15:8: core (§6.1).
pub const EF_ST200_CORE_MASK: u32 = 0xFF00;
/// Shift of the core field of `e_flags`.
pub const EF_ST200_CORE_SHIFT: u32 = 8;
/// `e_flags` bits 19:16: silicon cut (§6.1).
pub const EF_ST200_CUT_MASK: u32 = 0xF_0000;
/// `e_flags` bits 26:24: code generation model (§6.1); 0 = absolute.
pub const EF_ST200_MODEL_MASK: u32 = 0x700_0000;

/// The core code of the `e_flags` core field (§6.1: 1 ST220, 3 ST231, 6 ST240).
pub const fn core_code(core: Core) -> u32 {
    match core {
        Core::St220 => 1,
        Core::St231 => 3,
        Core::St240 => 6,
    }
}

/// The core named by an `e_flags` core code, if it is one this toolchain models.
pub const fn core_from_code(code: u32) -> Option<Core> {
    match code {
        1 => Some(Core::St220),
        3 => Some(Core::St231),
        6 => Some(Core::St240),
        _ => None,
    }
}

/// `e_flags` for an object of `core` with the embedded ABI and the absolute
/// code model (§6.1).
pub const fn e_flags(core: Core) -> u32 {
    EF_ST200_ABI_EMBEDDED | (core_code(core) << EF_ST200_CORE_SHIFT)
}

/// The core named by `e_flags`, if any.
pub const fn core_of_flags(flags: u32) -> Option<Core> {
    core_from_code((flags & EF_ST200_CORE_MASK) >> EF_ST200_CORE_SHIFT)
}

/// `sh_type` of a note section (`SHT_NOTE`, ELF gABI).
pub const SHT_NOTE: u32 = 7;

/// Name of the section that records the machine an object or executable
/// was built for (see [`crate::note`]).
pub const MACHINE_NOTE_SECTION: &str = ".note.st200.machine";

/// Owner name of the toolchain's ELF notes (`n_name`, written `"ST200\0"`).
pub const NOTE_OWNER: &str = "ST200";

/// Note type (`n_type`) of the machine-description note of owner
/// [`NOTE_OWNER`]: its descriptor is the machine's name, a NUL, the
/// machine's resolved TOML description
/// (`ProcessorModel::resolved().to_toml_string()`) and a NUL. The number
/// is ours: ISA-ST200 §6 defines no notes and note types are scoped by
/// their owner name. 3 rather than 1: `readelf -n` shows types 1 and 2 of
/// an unknown owner as the generic `NT_VERSION`/`NT_ARCH`, and 3 as
/// "Unknown note type: (0x00000003)" (format in [`crate::note`]).
pub const NT_ST200_MACHINE: u32 = 3;

/// The field a relocation patches (§6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelocField {
    /// Nothing is patched.
    None,
    /// A 16-bit little-endian data halfword.
    Data16,
    /// A 32-bit little-endian data word.
    Data32,
    /// `btarg`, bits 22:0 of a `call`/`goto`/`br`/`brf` syllable, in words.
    BTarg23,
    /// `imm23`, bits 22:0 of an `imml`/`immr` extension syllable: value >> 9.
    Hi23,
    /// `isrc2`, bits 20:12 of the owner syllable: value & 0x1FF.
    Lo9,
}

/// How the value of a relocation is formed (§6.2; S symbol, A addend,
/// P place, GP global pointer, TP thread pointer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelocValue {
    /// No value.
    None,
    /// S + A.
    Absolute,
    /// S + A − P.
    PcRelative,
    /// S + A − GP.
    GpRelative,
    /// GP − (S + A).
    NegGpRelative,
    /// S + A − base of the segment holding S.
    SegmentRelative,
    /// S + A − TP (local-exec TLS).
    TpRelative,
    /// Needs a GOT, a PLT, function descriptors or the dynamic linker:
    /// meaningless in a static link.
    Dynamic,
}

/// One relocation type of §6.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RelocType {
    /// `r_type` number.
    pub number: u32,
    /// Name, e.g. `R_ST200_HI23`.
    pub name: &'static str,
    /// Field patched.
    pub field: RelocField,
    /// How the value is computed.
    pub value: RelocValue,
}

const fn r(number: u32, name: &'static str, field: RelocField, value: RelocValue) -> RelocType {
    RelocType {
        number,
        name,
        field,
        value,
    }
}

use RelocField as F;
use RelocValue as V;

/// Every relocation type of ISA-ST200 §6.2, indexed by number.
#[rustfmt::skip]
pub static RELOCS: &[RelocType] = &[
    r(r_type::R_ST200_NONE, "R_ST200_NONE", F::None, V::None),
    r(r_type::R_ST200_16, "R_ST200_16", F::Data16, V::Absolute),
    r(r_type::R_ST200_32, "R_ST200_32", F::Data32, V::Absolute),
    r(r_type::R_ST200_32_PCREL, "R_ST200_32_PCREL", F::Data32, V::PcRelative),
    r(r_type::R_ST200_23_PCREL, "R_ST200_23_PCREL", F::BTarg23, V::PcRelative),
    r(r_type::R_ST200_HI23, "R_ST200_HI23", F::Hi23, V::Absolute),
    r(r_type::R_ST200_LO9, "R_ST200_LO9", F::Lo9, V::Absolute),
    r(r_type::R_ST200_GPREL_HI23, "R_ST200_GPREL_HI23", F::Hi23, V::GpRelative),
    r(r_type::R_ST200_GPREL_LO9, "R_ST200_GPREL_LO9", F::Lo9, V::GpRelative),
    r(r_type::R_ST200_REL32, "R_ST200_REL32", F::Data32, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_HI23, "R_ST200_GOTOFF_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_LO9, "R_ST200_GOTOFF_LO9", F::Lo9, V::Dynamic),
    r(r_type::R_ST200_GOTOFFX_HI23, "R_ST200_GOTOFFX_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_GOTOFFX_LO9, "R_ST200_GOTOFFX_LO9", F::Lo9, V::Dynamic),
    r(r_type::R_ST200_LTV32, "R_ST200_LTV32", F::Data32, V::Absolute),
    r(r_type::R_ST200_SEGREL32, "R_ST200_SEGREL32", F::Data32, V::SegmentRelative),
    r(r_type::R_ST200_FPTR32, "R_ST200_FPTR32", F::Data32, V::Dynamic),
    r(r_type::R_ST200_PLTOFF_HI23, "R_ST200_PLTOFF_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_PLTOFF_LO9, "R_ST200_PLTOFF_LO9", F::Lo9, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_FPTR_HI23, "R_ST200_GOTOFF_FPTR_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_FPTR_LO9, "R_ST200_GOTOFF_FPTR_LO9", F::Lo9, V::Dynamic),
    r(r_type::R_ST200_IPLT, "R_ST200_IPLT", F::Data32, V::Dynamic),
    r(r_type::R_ST200_NEGGPREL_HI23, "R_ST200_NEGGPREL_HI23", F::Hi23, V::NegGpRelative),
    r(r_type::R_ST200_NEGGPREL_LO9, "R_ST200_NEGGPREL_LO9", F::Lo9, V::NegGpRelative),
    r(r_type::R_ST200_COPY, "R_ST200_COPY", F::None, V::Dynamic),
    r(r_type::R_ST200_JMP_SLOT, "R_ST200_JMP_SLOT", F::Data32, V::Dynamic),
    r(r_type::R_ST200_TPREL_HI23, "R_ST200_TPREL_HI23", F::Hi23, V::TpRelative),
    r(r_type::R_ST200_TPREL_LO9, "R_ST200_TPREL_LO9", F::Lo9, V::TpRelative),
    r(r_type::R_ST200_TPREL32, "R_ST200_TPREL32", F::Data32, V::TpRelative),
    r(r_type::R_ST200_GOTOFF_TPREL_HI23, "R_ST200_GOTOFF_TPREL_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_TPREL_LO9, "R_ST200_GOTOFF_TPREL_LO9", F::Lo9, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_DTPLDM_HI23, "R_ST200_GOTOFF_DTPLDM_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_DTPLDM_LO9, "R_ST200_GOTOFF_DTPLDM_LO9", F::Lo9, V::Dynamic),
    r(r_type::R_ST200_DTPREL_HI23, "R_ST200_DTPREL_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_DTPREL_LO9, "R_ST200_DTPREL_LO9", F::Lo9, V::Dynamic),
    r(r_type::R_ST200_DTPMOD32, "R_ST200_DTPMOD32", F::Data32, V::Dynamic),
    r(r_type::R_ST200_DTPREL32, "R_ST200_DTPREL32", F::Data32, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_DTPNDX_HI23, "R_ST200_GOTOFF_DTPNDX_HI23", F::Hi23, V::Dynamic),
    r(r_type::R_ST200_GOTOFF_DTPNDX_LO9, "R_ST200_GOTOFF_DTPNDX_LO9", F::Lo9, V::Dynamic),
];

/// Relocation numbers used by name across the tools.
pub mod r_type {
    #![allow(missing_docs)]
    pub const R_ST200_NONE: u32 = 0;
    pub const R_ST200_16: u32 = 1;
    pub const R_ST200_32: u32 = 2;
    pub const R_ST200_32_PCREL: u32 = 3;
    pub const R_ST200_23_PCREL: u32 = 4;
    pub const R_ST200_HI23: u32 = 5;
    pub const R_ST200_LO9: u32 = 6;
    pub const R_ST200_GPREL_HI23: u32 = 7;
    pub const R_ST200_GPREL_LO9: u32 = 8;
    pub const R_ST200_REL32: u32 = 9;
    pub const R_ST200_GOTOFF_HI23: u32 = 10;
    pub const R_ST200_GOTOFF_LO9: u32 = 11;
    pub const R_ST200_GOTOFFX_HI23: u32 = 12;
    pub const R_ST200_GOTOFFX_LO9: u32 = 13;
    pub const R_ST200_LTV32: u32 = 14;
    pub const R_ST200_SEGREL32: u32 = 15;
    pub const R_ST200_FPTR32: u32 = 16;
    pub const R_ST200_PLTOFF_HI23: u32 = 17;
    pub const R_ST200_PLTOFF_LO9: u32 = 18;
    pub const R_ST200_GOTOFF_FPTR_HI23: u32 = 19;
    pub const R_ST200_GOTOFF_FPTR_LO9: u32 = 20;
    pub const R_ST200_IPLT: u32 = 21;
    pub const R_ST200_NEGGPREL_HI23: u32 = 22;
    pub const R_ST200_NEGGPREL_LO9: u32 = 23;
    pub const R_ST200_COPY: u32 = 24;
    pub const R_ST200_JMP_SLOT: u32 = 25;
    pub const R_ST200_TPREL_HI23: u32 = 26;
    pub const R_ST200_TPREL_LO9: u32 = 27;
    pub const R_ST200_TPREL32: u32 = 28;
    pub const R_ST200_GOTOFF_TPREL_HI23: u32 = 29;
    pub const R_ST200_GOTOFF_TPREL_LO9: u32 = 30;
    pub const R_ST200_GOTOFF_DTPLDM_HI23: u32 = 31;
    pub const R_ST200_GOTOFF_DTPLDM_LO9: u32 = 32;
    pub const R_ST200_DTPREL_HI23: u32 = 33;
    pub const R_ST200_DTPREL_LO9: u32 = 34;
    pub const R_ST200_DTPMOD32: u32 = 35;
    pub const R_ST200_DTPREL32: u32 = 36;
    pub const R_ST200_GOTOFF_DTPNDX_HI23: u32 = 37;
    pub const R_ST200_GOTOFF_DTPNDX_LO9: u32 = 38;
}

/// The relocation type numbered `number`, if §6.2 defines it.
pub fn reloc_type(number: u32) -> Option<&'static RelocType> {
    RELOCS.get(number as usize).filter(|r| r.number == number)
}

/// The relocation type named `name` (e.g. `R_ST200_GPREL_LO9`).
pub fn reloc_by_name(name: &str) -> Option<&'static RelocType> {
    RELOCS.iter().find(|r| r.name == name)
}

/// Relocation operators of the assembler (§6.2, §7.5) and the HI23/LO9 pair
/// each selects on a long immediate, or the 32-bit data relocation it
/// selects in `.word`/`.long`. `None` where the operator has no such form.
pub struct RelocOperator {
    /// Name written after `@`, e.g. `gprel`.
    pub name: &'static str,
    /// (HI23, LO9) pair for an operation's immediate.
    pub imm_pair: Option<(u32, u32)>,
    /// 32-bit data relocation.
    pub data32: Option<u32>,
}

/// Every relocation operator of §7.5.
#[rustfmt::skip]
pub static RELOC_OPERATORS: &[RelocOperator] = &[
    RelocOperator { name: "gprel", imm_pair: Some((r_type::R_ST200_GPREL_HI23, r_type::R_ST200_GPREL_LO9)), data32: None },
    RelocOperator { name: "neggprel", imm_pair: Some((r_type::R_ST200_NEGGPREL_HI23, r_type::R_ST200_NEGGPREL_LO9)), data32: None },
    RelocOperator { name: "gotoff", imm_pair: Some((r_type::R_ST200_GOTOFF_HI23, r_type::R_ST200_GOTOFF_LO9)), data32: None },
    RelocOperator { name: "gotoffx", imm_pair: Some((r_type::R_ST200_GOTOFFX_HI23, r_type::R_ST200_GOTOFFX_LO9)), data32: None },
    RelocOperator { name: "pltoff", imm_pair: Some((r_type::R_ST200_PLTOFF_HI23, r_type::R_ST200_PLTOFF_LO9)), data32: None },
    RelocOperator { name: "fptr", imm_pair: Some((r_type::R_ST200_GOTOFF_FPTR_HI23, r_type::R_ST200_GOTOFF_FPTR_LO9)), data32: Some(r_type::R_ST200_FPTR32) },
    RelocOperator { name: "ltv", imm_pair: None, data32: Some(r_type::R_ST200_LTV32) },
    RelocOperator { name: "segrel", imm_pair: None, data32: Some(r_type::R_ST200_SEGREL32) },
    RelocOperator { name: "iplt", imm_pair: None, data32: Some(r_type::R_ST200_IPLT) },
    RelocOperator { name: "tprel", imm_pair: Some((r_type::R_ST200_TPREL_HI23, r_type::R_ST200_TPREL_LO9)), data32: Some(r_type::R_ST200_TPREL32) },
    RelocOperator { name: "dtprel", imm_pair: Some((r_type::R_ST200_DTPREL_HI23, r_type::R_ST200_DTPREL_LO9)), data32: Some(r_type::R_ST200_DTPREL32) },
    RelocOperator { name: "dtpldm", imm_pair: Some((r_type::R_ST200_GOTOFF_DTPLDM_HI23, r_type::R_ST200_GOTOFF_DTPLDM_LO9)), data32: None },
    RelocOperator { name: "dtpndx", imm_pair: Some((r_type::R_ST200_GOTOFF_DTPNDX_HI23, r_type::R_ST200_GOTOFF_DTPNDX_LO9)), data32: None },
];

/// The relocation operator named `name` (without the `@`).
pub fn reloc_operator(name: &str) -> Option<&'static RelocOperator> {
    RELOC_OPERATORS.iter().find(|o| o.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_indexed_by_number() {
        for (i, r) in RELOCS.iter().enumerate() {
            assert_eq!(r.number as usize, i, "{}", r.name);
        }
        // §6.2 lists 0..=38.
        assert_eq!(RELOCS.len(), 39);
    }

    #[test]
    fn e_flags_layout() {
        // §6.1: ABI in 6:0 (2 = embedded), core in 15:8 (3 = ST231).
        assert_eq!(e_flags(Core::St231), 0x0302);
        assert_eq!(core_of_flags(0x0302), Some(Core::St231));
        assert_eq!(core_of_flags(0x0102), Some(Core::St220));
        assert_eq!(core_of_flags(0x0602), Some(Core::St240));
        assert_eq!(core_of_flags(0x0002), None);
    }

    #[test]
    fn operator_pairs_name_matching_relocs() {
        for o in RELOC_OPERATORS {
            if let Some((hi, lo)) = o.imm_pair {
                assert!(reloc_type(hi).unwrap().name.ends_with("HI23"));
                assert!(reloc_type(lo).unwrap().name.ends_with("LO9"));
                assert_eq!(hi + 1, lo);
            }
        }
    }
}
