//! Computing and patching `R_ST200_*` relocations (ISA-ST200 §6.2, with
//! the field layouts of §2.4 and §2.5).
//!
//! The relocation table itself ([`crate::elf::RELOCS`]) says which field each
//! type patches ([`RelocField`]) and how its value is formed
//! ([`RelocValue`]). This module turns that into arithmetic:
//!
//! * [`compute`] forms the value (S + A, S + A − P, S + A − GP, …) from the
//!   symbol, addend, place and base addresses in [`RelocInputs`];
//! * [`patch`] stores the value into the field at the start of a byte slice
//!   (little-endian, §2.1), checking the range where §6.2 asks for it and
//!   leaving every bit outside the field unchanged;
//! * [`read_field`] extracts the raw field again (for tools and tests).
//!
//! No function panics; every failure is a [`RelocError`] carrying the
//! relocation's name and the offending value so that the linker can print a
//! useful message.

use crate::elf::{RelocField, RelocType, RelocValue};

/// Why a relocation could not be computed or applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RelocError {
    /// The relocation needs a GOT, a PLT, function descriptors or the
    /// dynamic linker (§6.2, §7.4), which a static link does not provide.
    #[error("relocation {name} needs dynamic linking (GOT, PLT, function descriptors or TLS module data) and cannot be resolved in a static link")]
    Dynamic {
        /// Name of the relocation type.
        name: &'static str,
    },
    /// A GP-relative relocation was applied without a global pointer value.
    #[error("relocation {name} needs the global pointer (GP), which is not defined")]
    MissingGp {
        /// Name of the relocation type.
        name: &'static str,
    },
    /// A TP-relative relocation was applied without a thread pointer value.
    #[error("relocation {name} needs the thread pointer (TP), which is not defined")]
    MissingTp {
        /// Name of the relocation type.
        name: &'static str,
    },
    /// A segment-relative relocation was applied without a segment base.
    #[error(
        "relocation {name} needs the base address of the symbol's segment, which is not defined"
    )]
    MissingSegmentBase {
        /// Name of the relocation type.
        name: &'static str,
    },
    /// The value computation itself overflowed 64 bits (absurd inputs).
    #[error("relocation {name}: value computation overflows 64 bits")]
    ValueOverflow {
        /// Name of the relocation type.
        name: &'static str,
    },
    /// The value does not fit in the field.
    #[error("relocation {name} out of range: value {} does not fit in {bits} {what}", hex(*value))]
    OutOfRange {
        /// Name of the relocation type.
        name: &'static str,
        /// The computed value (for `BTarg23`, the byte offset).
        value: i64,
        /// Width of the field (bits).
        bits: u32,
        /// How the bits are interpreted, e.g. `"signed bits (words)"`.
        what: &'static str,
    },
    /// A branch offset is not a multiple of 4 bytes (§2.5, §6.2).
    #[error("relocation {name}: branch offset {} is not a multiple of 4 bytes", hex(*value))]
    Misaligned {
        /// Name of the relocation type.
        name: &'static str,
        /// The computed byte offset.
        value: i64,
    },
    /// The byte slice is shorter than the field.
    #[error("relocation {name}: needs {needed} bytes at the place but only {len} are available")]
    ShortBuffer {
        /// Name of the relocation type.
        name: &'static str,
        /// Bytes the field occupies.
        needed: usize,
        /// Bytes available.
        len: usize,
    },
    /// [`check_lo9_alone`] was given a relocation that does not patch a LO9 field.
    #[error("relocation {name} does not patch a 9-bit immediate field")]
    NotLo9 {
        /// Name of the relocation type.
        name: &'static str,
    },
}

/// `value` as hexadecimal with an explicit sign (e.g. `-0x10`, `0x1000000`).
fn hex(value: i64) -> String {
    if value < 0 {
        format!("-{:#x}", value.unsigned_abs())
    } else {
        format!("{value:#x}")
    }
}

/// The quantities a relocation value is formed from (ISA-ST200 §6.2).
/// All addresses are byte addresses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RelocInputs {
    /// S: the value (address) of the referenced symbol.
    pub s: u64,
    /// A: the addend of the RELA entry.
    pub a: i64,
    /// P: the address of the patched syllable or data word.
    pub p: u64,
    /// GP: the global pointer of the module (`$r14`), if defined.
    pub gp: Option<u64>,
    /// TP: the thread pointer value used for local-exec TLS, if defined.
    pub tp: Option<u64>,
    /// Base address of the segment holding S (for `R_ST200_SEGREL32`), if known.
    pub segment_base: Option<u64>,
}

/// Computes the value of relocation `r` (ISA-ST200 §6.2):
///
/// | [`RelocValue`] | value |
/// |---|---|
/// | `None` | 0 |
/// | `Absolute` | S + A |
/// | `PcRelative` | S + A − P |
/// | `GpRelative` | S + A − GP |
/// | `NegGpRelative` | GP − (S + A) |
/// | `SegmentRelative` | S + A − segment base |
/// | `TpRelative` | S + A − TP |
/// | `Dynamic` | error [`RelocError::Dynamic`] |
///
/// The result is the full value before any shift or masking; pass it to
/// [`patch`]. Errors if a needed base (GP, TP, segment base) is `None`.
pub fn compute(r: &RelocType, inputs: &RelocInputs) -> Result<i64, RelocError> {
    let name = r.name;
    let sa = i128::from(inputs.s) + i128::from(inputs.a);
    let value: i128 = match r.value {
        RelocValue::None => 0,
        RelocValue::Absolute => sa,
        RelocValue::PcRelative => sa - i128::from(inputs.p),
        RelocValue::GpRelative => sa - i128::from(inputs.gp.ok_or(RelocError::MissingGp { name })?),
        RelocValue::NegGpRelative => {
            i128::from(inputs.gp.ok_or(RelocError::MissingGp { name })?) - sa
        }
        RelocValue::SegmentRelative => {
            sa - i128::from(
                inputs
                    .segment_base
                    .ok_or(RelocError::MissingSegmentBase { name })?,
            )
        }
        RelocValue::TpRelative => sa - i128::from(inputs.tp.ok_or(RelocError::MissingTp { name })?),
        RelocValue::Dynamic => return Err(RelocError::Dynamic { name }),
    };
    i64::try_from(value).map_err(|_| RelocError::ValueOverflow { name })
}

/// Number of bytes at the place that the field of `field` occupies
/// (0 for [`RelocField::None`], 2 for `Data16`, 4 otherwise).
pub const fn field_size(field: RelocField) -> usize {
    match field {
        RelocField::None => 0,
        RelocField::Data16 => 2,
        RelocField::Data32 | RelocField::BTarg23 | RelocField::Hi23 | RelocField::Lo9 => 4,
    }
}

/// Mask of the patched bits inside the little-endian halfword/word at the
/// place (§2.4, §2.5): `0xFFFF`, `0xFFFF_FFFF`, `0x7F_FFFF` (bits 22:0) or
/// `0x1F_F000` (bits 20:12); 0 for [`RelocField::None`].
pub const fn field_mask(field: RelocField) -> u32 {
    match field {
        RelocField::None => 0,
        RelocField::Data16 => 0xFFFF,
        RelocField::Data32 => 0xFFFF_FFFF,
        RelocField::BTarg23 | RelocField::Hi23 => 0x7F_FFFF,
        RelocField::Lo9 => 0x1F_F000,
    }
}

/// The `imm23` of an extension syllable for the 32-bit constant `value`:
/// `(value >> 9) & 0x7FFFFF` (§2.4).
pub const fn hi23(value: i64) -> u32 {
    ((value >> 9) & 0x7F_FFFF) as u32
}

/// The `isrc2` low part for the 32-bit constant `value`: `value & 0x1FF` (§2.4).
pub const fn lo9(value: i64) -> u32 {
    (value & 0x1FF) as u32
}

/// Whether `value` fits the 9-bit signed immediate used without an
/// extension syllable (−256..=255, §2.4).
pub const fn lo9_fits(value: i64) -> bool {
    -256 <= value && value <= 255
}

/// Checks a LO9-type relocation used **without** an extension syllable
/// (the assembler judged the value to fit in 9 signed bits and emitted no
/// HI23 partner, §6.2 last paragraph): the final value must then lie in
/// −256..=255, because the field is sign-extended (§2.4).
pub fn check_lo9_alone(r: &RelocType, value: i64) -> Result<(), RelocError> {
    if r.field != RelocField::Lo9 {
        return Err(RelocError::NotLo9 { name: r.name });
    }
    if lo9_fits(value) {
        Ok(())
    } else {
        Err(RelocError::OutOfRange {
            name: r.name,
            value,
            bits: 9,
            what: "signed bits",
        })
    }
}

fn read_le(r: &RelocType, bytes: &[u8], n: usize) -> Result<u32, RelocError> {
    match bytes.get(..n) {
        Some(b) => Ok(b
            .iter()
            .rev()
            .fold(0u32, |acc, &x| (acc << 8) | u32::from(x))),
        None => Err(RelocError::ShortBuffer {
            name: r.name,
            needed: n,
            len: bytes.len(),
        }),
    }
}

fn write_le(r: &RelocType, bytes: &mut [u8], n: usize, word: u32) -> Result<(), RelocError> {
    let len = bytes.len();
    match bytes.get_mut(..n) {
        Some(b) => {
            for (i, byte) in b.iter_mut().enumerate() {
                *byte = (word >> (8 * i)) as u8;
            }
            Ok(())
        }
        None => Err(RelocError::ShortBuffer {
            name: r.name,
            needed: n,
            len,
        }),
    }
}

/// Stores `value` (from [`compute`]) into the field of relocation `r` at the
/// start of `bytes` (little-endian), leaving all other bits unchanged
/// (ISA-ST200 §6.2, §2.4, §2.5):
///
/// * `None`: nothing;
/// * `Data16`: the halfword; `value` must lie in −32768..=65535 (fits 16 bits
///   signed or unsigned);
/// * `Data32`: the word; `value` must lie in −2³¹..=2³²−1;
/// * `BTarg23`: `value` is a byte offset; it must be a multiple of 4 and
///   `value / 4` must fit in 23 signed bits (±4 Mi words = ±16 MiB); bits
///   22:0 ← `value >> 2`;
/// * `Hi23`: bits 22:0 ← `(value >> 9) & 0x7FFFFF`, no range check;
/// * `Lo9`: bits 20:12 ← `value & 0x1FF`, no range check (see
///   [`check_lo9_alone`] for a LO9 without extension).
///
/// On error `bytes` is left unchanged.
pub fn patch(r: &RelocType, value: i64, bytes: &mut [u8]) -> Result<(), RelocError> {
    let name = r.name;
    let n = field_size(r.field);
    if bytes.len() < n {
        return Err(RelocError::ShortBuffer {
            name,
            needed: n,
            len: bytes.len(),
        });
    }
    let new_bits: u32 = match r.field {
        RelocField::None => return Ok(()),
        RelocField::Data16 => {
            if !(-0x8000..=0xFFFF).contains(&value) {
                return Err(RelocError::OutOfRange {
                    name,
                    value,
                    bits: 16,
                    what: "bits (signed or unsigned)",
                });
            }
            (value & 0xFFFF) as u32
        }
        RelocField::Data32 => {
            if !(-0x8000_0000..=0xFFFF_FFFF).contains(&value) {
                return Err(RelocError::OutOfRange {
                    name,
                    value,
                    bits: 32,
                    what: "bits (signed or unsigned)",
                });
            }
            (value & 0xFFFF_FFFF) as u32
        }
        RelocField::BTarg23 => {
            if value & 3 != 0 {
                return Err(RelocError::Misaligned { name, value });
            }
            let words = value >> 2;
            if !(-0x40_0000..=0x3F_FFFF).contains(&words) {
                return Err(RelocError::OutOfRange {
                    name,
                    value,
                    bits: 23,
                    what: "signed bits (words)",
                });
            }
            (words & 0x7F_FFFF) as u32
        }
        RelocField::Hi23 => hi23(value),
        RelocField::Lo9 => lo9(value) << 12,
    };
    let mask = field_mask(r.field);
    let old = read_le(r, bytes, n)?;
    write_le(r, bytes, n, (old & !mask) | (new_bits & mask))
}

/// Extracts the raw field of relocation `r` from the start of `bytes`
/// (little-endian), shifted down to bit 0: the halfword for `Data16`, the
/// word for `Data32`, bits 22:0 for `BTarg23`/`Hi23`, bits 20:12 for `Lo9`,
/// and 0 for `None`. No sign extension is done.
pub fn read_field(r: &RelocType, bytes: &[u8]) -> Result<u32, RelocError> {
    let n = field_size(r.field);
    let word = read_le(r, bytes, n)?;
    Ok(match r.field {
        RelocField::None => 0,
        RelocField::Lo9 => (word & field_mask(RelocField::Lo9)) >> 12,
        f => word & field_mask(f),
    })
}

/// [`compute`] followed by [`patch`]: resolves relocation `r` at `bytes`
/// and returns the value that was stored.
pub fn apply(r: &RelocType, inputs: &RelocInputs, bytes: &mut [u8]) -> Result<i64, RelocError> {
    let value = compute(r, inputs)?;
    patch(r, value, bytes)?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elf::{r_type, reloc_type, RELOCS};

    fn rt(number: u32) -> &'static RelocType {
        reloc_type(number).unwrap()
    }

    fn word(w: u32) -> [u8; 4] {
        w.to_le_bytes()
    }

    /// Inputs used for every relocation in `every_relocation_type`:
    /// S + A = 0x0852_1488, the constant of ISA-ST200 Appendix B.
    const X: RelocInputs = RelocInputs {
        s: 0x0852_1400,
        a: 0x88,
        p: 0x0800_1000,
        gp: Some(0x0800_0000),
        tp: Some(0x0850_0000),
        segment_base: Some(0x0800_0000),
    };

    /// Expected (value, initial word, patched word) for each relocation with
    /// the inputs `X`, or `None` for the dynamic ones. Hand-derived from
    /// ISA-ST200 §6.2 (formulas), §2.4 (HI23/LO9 split), §2.5 (btarg)
    /// and Appendix B (the `mov $r9 = 0x08521488` example).
    fn expected(number: u32) -> Option<(i64, u32, u32)> {
        Some(match number {
            // NONE: value 0, nothing patched.
            0 => (0, 0xDEAD_BEEF, 0xDEAD_BEEF),
            // 16: tested separately (X's value does not fit 16 bits).
            1 => return None,
            // 32 and LTV32: S + A.
            2 | 14 => (0x0852_1488, 0, 0x0852_1488),
            // 32_PCREL: 0x08521488 − 0x08001000 = 0x00520488.
            3 => (0x0052_0488, 0, 0x0052_0488),
            // 23_PCREL: 0x520488 / 4 = 0x148122 words, on `call` 0x30000000.
            4 => (0x0052_0488, 0x3000_0000, 0x3014_8122),
            // HI23: 0x08521488 >> 9 = 0x4290A, on `imml` 0x15000000
            // → 0x1504290A (Appendix B).
            5 => (0x0852_1488, 0x1500_0000, 0x1504_290A),
            // LO9: 0x08521488 & 0x1FF = 0x088 into bits 20:12 of
            // `mov $r9 = …` 0x08000240 → 0x08088240 (Appendix B).
            6 => (0x0852_1488, 0x0800_0240, 0x0808_8240),
            // GPREL: 0x08521488 − 0x08000000 = 0x521488; >> 9 = 0x290A; & 0x1FF = 0x088.
            7 => (0x0052_1488, 0x1580_0000, 0x1580_290A),
            8 => (0x0052_1488, 0x0800_0240, 0x0808_8240),
            // SEGREL32: 0x08521488 − 0x08000000.
            15 => (0x0052_1488, 0, 0x0052_1488),
            // NEGGPREL: 0x08000000 − 0x08521488 = −0x521488 = 0xFFADEB78 (32 bits);
            // 0xFFADEB78 >> 9 = 0x7FD6F5; & 0x1FF = 0x178.
            22 => (-0x0052_1488, 0x1500_0000, 0x157F_D6F5),
            23 => (-0x0052_1488, 0x0800_0240, 0x0817_8240),
            // TPREL: 0x08521488 − 0x08500000 = 0x21488; >> 9 = 0x10A; & 0x1FF = 0x088.
            26 => (0x0002_1488, 0x1500_0000, 0x1500_010A),
            27 => (0x0002_1488, 0x0800_0240, 0x0808_8240),
            28 => (0x0002_1488, 0, 0x0002_1488),
            // Everything else needs a GOT/PLT/descriptor/dynamic linker.
            9..=13 | 16..=21 | 24 | 25 | 29..=38 => return None,
            _ => panic!("relocation {number} not covered by the test"),
        })
    }

    #[test]
    fn every_relocation_type() {
        for r in RELOCS {
            match expected(r.number) {
                Some((value, before, after)) => {
                    assert_eq!(compute(r, &X), Ok(value), "{}", r.name);
                    let mut b = word(before);
                    patch(r, value, &mut b).unwrap();
                    assert_eq!(u32::from_le_bytes(b), after, "{}", r.name);
                    let mut b2 = word(before);
                    assert_eq!(apply(r, &X, &mut b2), Ok(value), "{}", r.name);
                    assert_eq!(b2, b, "{}", r.name);
                }
                None if r.number == r_type::R_ST200_16 => {}
                None => {
                    assert_eq!(r.value, RelocValue::Dynamic, "{}", r.name);
                    assert_eq!(compute(r, &X), Err(RelocError::Dynamic { name: r.name }));
                }
            }
        }
    }

    #[test]
    fn hi23_lo9_reassemble() {
        // §2.4: imm32 = (imm23 << 9) | isrc2[8:0], no carry adjustment.
        for v in [
            0x0852_1488i64,
            -0x0052_1488,
            -1,
            0,
            0x1FF,
            0x200,
            0x7FFF_FFFF,
            -0x8000_0000,
        ] {
            let back = (hi23(v) << 9) | lo9(v);
            assert_eq!(back, v as u32, "{v:#x}");
        }
        assert_eq!(hi23(0x0852_1488), 0x4290A);
        assert_eq!(lo9(0x0852_1488), 0x088);
    }

    #[test]
    fn r16() {
        // §6.2 R_ST200_16: S + A with bit-field overflow check.
        let r = rt(r_type::R_ST200_16);
        let inputs = RelocInputs {
            s: 0x1200,
            a: 0x34,
            ..RelocInputs::default()
        };
        let mut b = [0xFF, 0xFF, 0xAA];
        assert_eq!(apply(r, &inputs, &mut b), Ok(0x1234));
        assert_eq!(b, [0x34, 0x12, 0xAA]);
        assert_eq!(read_field(r, &b), Ok(0x1234));
        // Limits: −32768 and 65535 fit; one beyond does not.
        let mut b = [0u8; 2];
        patch(r, 0xFFFF, &mut b).unwrap();
        assert_eq!(b, [0xFF, 0xFF]);
        patch(r, -0x8000, &mut b).unwrap();
        assert_eq!(b, [0x00, 0x80]);
        patch(r, -1, &mut b).unwrap();
        assert_eq!(b, [0xFF, 0xFF]);
        let mut b = [0x11, 0x22];
        for v in [0x1_0000, -0x8001, i64::MAX, i64::MIN] {
            let e = patch(r, v, &mut b).unwrap_err();
            assert_eq!(
                e,
                RelocError::OutOfRange {
                    name: "R_ST200_16",
                    value: v,
                    bits: 16,
                    what: "bits (signed or unsigned)"
                }
            );
            assert_eq!(b, [0x11, 0x22], "unchanged on error");
        }
        // Overflow through compute: S + A = 0x10000.
        let inputs = RelocInputs {
            s: 0xFFFF,
            a: 1,
            ..RelocInputs::default()
        };
        assert!(matches!(
            apply(r, &inputs, &mut b),
            Err(RelocError::OutOfRange { .. })
        ));
    }

    #[test]
    fn r32_range() {
        let r = rt(r_type::R_ST200_32);
        let mut b = [0u8; 4];
        patch(r, 0xFFFF_FFFF, &mut b).unwrap();
        assert_eq!(b, [0xFF; 4]);
        patch(r, -0x8000_0000, &mut b).unwrap();
        assert_eq!(b, [0, 0, 0, 0x80]);
        patch(r, -4, &mut b).unwrap();
        assert_eq!(u32::from_le_bytes(b), 0xFFFF_FFFC);
        assert!(matches!(
            patch(r, 0x1_0000_0000, &mut b),
            Err(RelocError::OutOfRange { bits: 32, .. })
        ));
        assert!(matches!(
            patch(r, -0x8000_0001, &mut b),
            Err(RelocError::OutOfRange { bits: 32, .. })
        ));
        // 32_PCREL backwards: S = 0x1000, P = 0x1010 → −16.
        let r = rt(r_type::R_ST200_32_PCREL);
        let inputs = RelocInputs {
            s: 0x1000,
            p: 0x1010,
            ..RelocInputs::default()
        };
        assert_eq!(apply(r, &inputs, &mut b), Ok(-16));
        assert_eq!(u32::from_le_bytes(b), 0xFFFF_FFF0);
    }

    #[test]
    fn pcrel23_range_and_alignment() {
        // §2.5: 23-bit signed word offset, range ±16 MiB.
        let r = rt(r_type::R_ST200_23_PCREL);
        let mut b = word(0x3000_0000);
        // Largest forward: 0x3FFFFF words = 0xFFFFFC bytes.
        patch(r, 0x00FF_FFFC, &mut b).unwrap();
        assert_eq!(read_field(r, &b), Ok(0x3F_FFFF));
        // Largest backward: −0x400000 words = −16 MiB → field 0x400000.
        patch(r, -0x0100_0000, &mut b).unwrap();
        assert_eq!(read_field(r, &b), Ok(0x40_0000));
        assert_eq!(u32::from_le_bytes(b), 0x3040_0000);
        // −4 bytes = −1 word → 0x7FFFFF.
        patch(r, -4, &mut b).unwrap();
        assert_eq!(u32::from_le_bytes(b), 0x307F_FFFF);
        // Appendix B: `br $b1, .+104` has btarg = 26 words; `call .+256` 64 words.
        let mut b = word(0xB880_0000);
        patch(r, 104, &mut b).unwrap();
        assert_eq!(u32::from_le_bytes(b), 0xB880_001A);
        let mut b = word(0xB000_0000);
        patch(r, 256, &mut b).unwrap();
        assert_eq!(u32::from_le_bytes(b), 0xB000_0040);
        // One word too far in each direction.
        let mut b = word(0x3000_0000);
        let e = patch(r, 0x0100_0000, &mut b).unwrap_err();
        assert_eq!(
            e,
            RelocError::OutOfRange {
                name: "R_ST200_23_PCREL",
                value: 0x0100_0000,
                bits: 23,
                what: "signed bits (words)"
            }
        );
        assert_eq!(
            e.to_string(),
            "relocation R_ST200_23_PCREL out of range: value 0x1000000 does not fit in 23 signed bits (words)"
        );
        let e = patch(r, -0x0100_0004, &mut b).unwrap_err();
        assert!(e.to_string().contains("value -0x1000004"), "{e}");
        assert_eq!(u32::from_le_bytes(b), 0x3000_0000, "unchanged on error");
        // Through compute: S + A − P = 0x0900_0000 − 0x0800_0000 = 16 MiB.
        let inputs = RelocInputs {
            s: 0x0900_0000,
            p: 0x0800_0000,
            ..RelocInputs::default()
        };
        assert!(matches!(
            apply(r, &inputs, &mut b),
            Err(RelocError::OutOfRange { bits: 23, .. })
        ));
    }

    #[test]
    fn misaligned_branch_target() {
        let r = rt(r_type::R_ST200_23_PCREL);
        let mut b = word(0x3000_0000);
        for v in [1i64, 2, 3, 0x102, -2] {
            assert_eq!(
                patch(r, v, &mut b),
                Err(RelocError::Misaligned {
                    name: "R_ST200_23_PCREL",
                    value: v
                })
            );
        }
        assert_eq!(u32::from_le_bytes(b), 0x3000_0000);
        let e = patch(r, 0x102, &mut b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "relocation R_ST200_23_PCREL: branch offset 0x102 is not a multiple of 4 bytes"
        );
        // Misaligned addend through compute.
        let inputs = RelocInputs {
            s: 0x2000,
            a: 2,
            p: 0x1000,
            ..RelocInputs::default()
        };
        assert!(matches!(
            apply(r, &inputs, &mut b),
            Err(RelocError::Misaligned { .. })
        ));
    }

    #[test]
    fn bits_outside_the_field_are_kept() {
        // Patch 0xFFFFFFFF-filled words with values whose field bits are
        // mixed, and with zero: only the field changes (§2.4, §2.5).
        let cases = [
            // (type, value, expected word)
            (r_type::R_ST200_23_PCREL, 0x0052_0488i64, 0xFF94_8122u32),
            (r_type::R_ST200_23_PCREL, 0, 0xFF80_0000),
            (r_type::R_ST200_HI23, 0x0852_1488, 0xFF84_290A),
            (r_type::R_ST200_HI23, 0, 0xFF80_0000),
            (r_type::R_ST200_LO9, 0x0852_1488, 0xFFE8_8FFF),
            (r_type::R_ST200_LO9, 0, 0xFFE0_0FFF),
            (r_type::R_ST200_LO9, 0x1FF, 0xFFFF_FFFF),
            (r_type::R_ST200_GPREL_LO9, 0x0052_1488, 0xFFE8_8FFF),
            (r_type::R_ST200_32, 0x0852_1488, 0x0852_1488),
        ];
        for (n, v, w) in cases {
            let mut b = [0xFF; 4];
            patch(rt(n), v, &mut b).unwrap();
            assert_eq!(u32::from_le_bytes(b), w, "{}", rt(n).name);
        }
        // Data16 leaves the following bytes alone.
        let mut b = [0xFF; 4];
        patch(rt(r_type::R_ST200_16), 0x1234, &mut b).unwrap();
        assert_eq!(b, [0x34, 0x12, 0xFF, 0xFF]);
        // And zero-filled words get exactly the field.
        let mut b = [0; 4];
        patch(rt(r_type::R_ST200_LO9), 0x0852_1488, &mut b).unwrap();
        assert_eq!(u32::from_le_bytes(b), 0x0008_8000);
        // R_ST200_NONE patches nothing.
        let mut b = [0xAB; 4];
        patch(rt(r_type::R_ST200_NONE), 0x1234, &mut b).unwrap();
        assert_eq!(b, [0xAB; 4]);
    }

    #[test]
    fn read_field_extracts() {
        // Appendix B: `1504290A` has imm23 = 0x4290A; `08088240` has isrc2 = 0x088.
        assert_eq!(
            read_field(rt(r_type::R_ST200_HI23), &word(0x1504_290A)),
            Ok(0x4290A)
        );
        assert_eq!(
            read_field(rt(r_type::R_ST200_LO9), &word(0x0808_8240)),
            Ok(0x088)
        );
        assert_eq!(
            read_field(rt(r_type::R_ST200_23_PCREL), &word(0xB880_001A)),
            Ok(26)
        );
        assert_eq!(
            read_field(rt(r_type::R_ST200_32), &word(0x0852_1488)),
            Ok(0x0852_1488)
        );
        assert_eq!(
            read_field(rt(r_type::R_ST200_16), &[0x34, 0x12]),
            Ok(0x1234)
        );
        assert_eq!(read_field(rt(r_type::R_ST200_NONE), &[]), Ok(0));
    }

    #[test]
    fn short_buffers_are_errors() {
        let r = rt(r_type::R_ST200_32);
        let mut b = [0u8; 3];
        assert_eq!(
            patch(r, 0, &mut b),
            Err(RelocError::ShortBuffer {
                name: "R_ST200_32",
                needed: 4,
                len: 3
            })
        );
        assert_eq!(
            read_field(r, &b),
            Err(RelocError::ShortBuffer {
                name: "R_ST200_32",
                needed: 4,
                len: 3
            })
        );
        assert!(patch(rt(r_type::R_ST200_16), 0, &mut [0u8; 1]).is_err());
        assert!(patch(rt(r_type::R_ST200_LO9), 0, &mut []).is_err());
        assert!(patch(rt(r_type::R_ST200_NONE), 0, &mut []).is_ok());
    }

    #[test]
    fn missing_bases() {
        let none = RelocInputs {
            s: 0x1000,
            ..RelocInputs::default()
        };
        let mut b = [0u8; 4];
        for n in [
            r_type::R_ST200_GPREL_HI23,
            r_type::R_ST200_GPREL_LO9,
            r_type::R_ST200_NEGGPREL_HI23,
        ] {
            assert_eq!(
                compute(rt(n), &none),
                Err(RelocError::MissingGp { name: rt(n).name })
            );
            assert!(apply(rt(n), &none, &mut b).is_err());
        }
        for n in [
            r_type::R_ST200_TPREL_HI23,
            r_type::R_ST200_TPREL_LO9,
            r_type::R_ST200_TPREL32,
        ] {
            assert_eq!(
                compute(rt(n), &none),
                Err(RelocError::MissingTp { name: rt(n).name })
            );
        }
        assert_eq!(
            compute(rt(r_type::R_ST200_SEGREL32), &none),
            Err(RelocError::MissingSegmentBase {
                name: "R_ST200_SEGREL32"
            })
        );
        assert_eq!(b, [0; 4]);
        let e = compute(rt(r_type::R_ST200_GPREL_LO9), &none).unwrap_err();
        assert!(e.to_string().contains("R_ST200_GPREL_LO9") && e.to_string().contains("GP"));
        let e = compute(rt(r_type::R_ST200_GOTOFF_LO9), &none).unwrap_err();
        assert!(e.to_string().contains("dynamic linking"), "{e}");
    }

    #[test]
    fn extreme_inputs_do_not_panic() {
        let inputs = RelocInputs {
            s: u64::MAX,
            a: i64::MAX,
            p: 0,
            gp: Some(0),
            tp: Some(u64::MAX),
            segment_base: Some(u64::MAX),
        };
        for r in RELOCS {
            let mut b = [0xFFu8; 4];
            let _ = apply(r, &inputs, &mut b);
            for v in [i64::MIN, i64::MAX, -1, 0] {
                let _ = patch(r, v, &mut b);
                let _ = read_field(r, &b);
            }
        }
        assert_eq!(
            compute(rt(r_type::R_ST200_32), &inputs),
            Err(RelocError::ValueOverflow { name: "R_ST200_32" })
        );
        // S + A − P with a negative result is fine.
        let inputs = RelocInputs {
            s: 0,
            a: i64::MIN,
            p: 0,
            ..RelocInputs::default()
        };
        assert_eq!(compute(rt(r_type::R_ST200_32), &inputs), Ok(i64::MIN));
    }

    #[test]
    fn lo9_alone() {
        // §2.4/§6.2: without an extension the 9-bit field is sign-extended,
        // so only −256..=255 is representable.
        assert!(lo9_fits(255));
        assert!(lo9_fits(-256));
        assert!(lo9_fits(0));
        assert!(!lo9_fits(256));
        assert!(!lo9_fits(-257));
        let r = rt(r_type::R_ST200_GPREL_LO9);
        assert_eq!(check_lo9_alone(r, 100), Ok(()));
        assert_eq!(check_lo9_alone(r, -256), Ok(()));
        let e = check_lo9_alone(r, 0x100).unwrap_err();
        assert_eq!(
            e.to_string(),
            "relocation R_ST200_GPREL_LO9 out of range: value 0x100 does not fit in 9 signed bits"
        );
        assert_eq!(
            check_lo9_alone(rt(r_type::R_ST200_HI23), 0),
            Err(RelocError::NotLo9 {
                name: "R_ST200_HI23"
            })
        );
        // A value of −4 patched as LO9 gives isrc2 = 0x1FC, which
        // sign-extends back to −4.
        let mut b = [0; 4];
        patch(r, -4, &mut b).unwrap();
        assert_eq!(read_field(r, &b), Ok(0x1FC));
    }
}
