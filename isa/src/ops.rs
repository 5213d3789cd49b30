//! The operation table: every ST200 operation with its encoding, operand
//! layout, assembly syntax, issue unit, timing class and the cores that have it.
//!
//! One table drives the encoder, the decoder, the assembler's parser and the
//! disassembler's printer. Sources: ISA-ST200 §3 (formats), §4 (operation
//! tables), §4.9 (aliases), §4.10 (custom ops), §4.11/§4.12 (core subsets) and
//! Appendix A (value/mask decode table).

use std::collections::HashMap;
use std::sync::OnceLock;

/// A bit field inside a 32-bit syllable: `width` bits starting at bit `lo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Lowest bit of the field.
    pub lo: u8,
    /// Width in bits.
    pub width: u8,
}

impl Field {
    /// Mask of the field in place (e.g. bits 17:12 → `0x3F000`).
    pub const fn mask(self) -> u32 {
        (((1u64 << self.width) - 1) as u32) << self.lo
    }
    /// Extracts the field (unsigned).
    pub const fn get(self, word: u32) -> u32 {
        (word >> self.lo) & (((1u64 << self.width) - 1) as u32)
    }
    /// Returns `word` with the field replaced by the low bits of `v`.
    pub const fn put(self, word: u32, v: u32) -> u32 {
        (word & !self.mask()) | ((v << self.lo) & self.mask())
    }
}

/// What an operand is (ISA-ST200 §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// General register `$r0`…`$r63` (6-bit field).
    Gr,
    /// General register destination of the "nolink" class `$r0`…`$r62`
    /// (multiplies and sub-word loads, §1.2).
    GrNoLink,
    /// Branch register `$b0`…`$b7` (3-bit field).
    Br,
    /// The 9-bit `isrc2` immediate (bits 20:12): signed −256…255 alone, or
    /// any 32-bit constant with an `imml`/`immr` extension syllable (§2.4).
    Imm,
    /// Unsigned 21-bit number of `syscall`/`sbrk` (bits 20:0).
    Num21,
    /// 23-bit signed branch offset in 4-byte words relative to the bundle (§2.5).
    BTarg,
    /// The fixed operand `$r63` of `call`/`icall`/`igoto`/`return`; not encoded.
    Link,
}

/// Whether an operand is read or written by the operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Written.
    Dest,
    /// Read.
    Src,
}

/// One operand slot of an operation: kind, role and bit field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperandSpec {
    /// What the operand is.
    pub kind: OperandKind,
    /// Read or written.
    pub role: Role,
    /// Where it is encoded (unused for [`OperandKind::Link`]).
    pub field: Field,
}

/// Assembly syntax of an operation: its operands in written order and a
/// template in which `%N` stands for operand N (ISA-ST200 §7.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Syntax {
    /// Operands in the order they are written.
    pub operands: &'static [OperandSpec],
    /// Template, e.g. `"%0 = %1, %2"` or `"%0 = %1[%2]"`.
    pub template: &'static str,
}

/// The issue resource an operation needs (ISA-ST200 §2.2, §2.3, §5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Integer ALU: any lane.
    Alu,
    /// Multiplier: odd word address only, at most 2 per bundle.
    Mul,
    /// Even lanes only (custom `asm_8`…`asm_11`).
    Even,
    /// The single memory unit.
    Mem,
    /// Control unit: first syllable of the bundle.
    Ctl,
    /// Control unit and memory unit (`rfi`, `syncins`, `pswset`, `pswclr`).
    CtlMem,
    /// Must be the only syllable of its bundle (`syscall`, `prgins`).
    Alone,
}

/// Timing class of an operation; processor models give each class its
/// operand-read and result stages (ISA-ST200 §5.2).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum OpClass {
    /// ALU ops, compares, selects, `addcg`, `divs`, moves, `mtb`/`mfb`, `nop`.
    Alu,
    /// Multiplies.
    Mul,
    /// Loads (all sizes, dismissible forms) and `ldwl`.
    Load,
    /// Stores `stw`/`sth`/`stb`.
    Store,
    /// `stwl`: a store that writes a branch register.
    StoreCond,
    /// Memory-unit ops with no result: `pft`, `prgadd`, `prgset`, `prginspg`, `sync`, `wmb`.
    MemControl,
    /// Conditional branches `br`/`brf` (read their BR early, at stage 0).
    Branch,
    /// Direct `goto` and `call` (the link value of `call` is ready like an ALU result).
    Jump,
    /// `igoto`/`return`/`icall`: read `$r63` at stage 1.
    IndirectJump,
    /// `rfi`, `idle`, `syncins`, `pswset`, `pswclr`.
    System,
    /// `syscall`, `sbrk`, `break`, `prgins`.
    Trap,
    /// Custom `asm_*` operations (illegal on standard cores, §4.10).
    Custom,
}

/// A set of cores (bit 0 ST220, bit 1 ST231, bit 2 ST240).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cores(pub u8);

impl Cores {
    /// ST220 only.
    pub const ST220: Cores = Cores(1);
    /// ST231 only.
    pub const ST231: Cores = Cores(2);
    /// ST240 only.
    pub const ST240: Cores = Cores(4);
    /// All three cores.
    pub const ALL: Cores = Cores(7);
    /// Whether `core` is in the set.
    pub const fn contains(self, core: Core) -> bool {
        self.0 & core.bit() != 0
    }
}

/// One core of the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Core {
    /// ST220: no scoreboard, no `mul32` family.
    St220,
    /// ST231: the primary target.
    St231,
    /// ST240 (encodings of shared ops assumed equal to the ST231's, §4.12 and §8 q18).
    St240,
}

impl Core {
    /// All cores, in order.
    pub const ALL: [Core; 3] = [Core::St220, Core::St231, Core::St240];
    const fn bit(self) -> u8 {
        match self {
            Core::St220 => 1,
            Core::St231 => 2,
            Core::St240 => 4,
        }
    }
    /// The `-mcpu=` name: `st220`, `st231`, `st240`.
    pub const fn name(self) -> &'static str {
        match self {
            Core::St220 => "st220",
            Core::St231 => "st231",
            Core::St240 => "st240",
        }
    }
    /// Parses a `-mcpu=` name.
    pub fn from_name(name: &str) -> Option<Core> {
        Core::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl std::fmt::Display for Core {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything known about one operation (or alias) of the table.
#[derive(Debug, Clone, Copy)]
pub struct OpInfo {
    /// Assembly mnemonic, e.g. `add`, `ldw.d`, `mov`.
    pub mnemonic: &'static str,
    /// Unique name of the table entry (Open64 TOP style: `add_i`, `cmpeq_b_r`, …).
    pub name: &'static str,
    /// Fixed bits of the syllable (stop bit clear).
    pub value: u32,
    /// Bits that must equal `value` for a syllable to decode as this entry.
    pub mask: u32,
    /// Operands and assembly template.
    pub syntax: Syntax,
    /// Issue resource.
    pub unit: Unit,
    /// Timing class.
    pub class: OpClass,
    /// Cores that have the operation.
    pub cores: Cores,
    /// For an alias (§4.9): the name of the entry it assembles to.
    pub alias_of: Option<&'static str>,
}

impl OpInfo {
    /// Index of the [`OperandKind::Imm`] operand, if any.
    pub fn imm_operand(&self) -> Option<usize> {
        self.syntax
            .operands
            .iter()
            .position(|o| o.kind == OperandKind::Imm)
    }
    /// For a custom operation `asm_N` (§4.10): `N`; `None` for every
    /// other operation.
    pub fn custom_slot(&self) -> Option<u32> {
        if self.class != OpClass::Custom {
            return None;
        }
        self.mnemonic.strip_prefix("asm_")?.parse().ok()
    }
    /// Index of the [`OperandKind::BTarg`] operand, if any.
    pub fn btarg_operand(&self) -> Option<usize> {
        self.syntax
            .operands
            .iter()
            .position(|o| o.kind == OperandKind::BTarg)
    }
    /// The operands a writer chooses, in written order: every operand of
    /// the syntax but the fixed `$r63` of `call`/`icall`/`igoto`/`return`
    /// ([`OperandKind::Link`]), which is not encoded either (§3.3).
    pub fn explicit_operands(&self) -> impl Iterator<Item = &'static OperandSpec> + Clone {
        self.syntax
            .operands
            .iter()
            .filter(|o| o.kind != OperandKind::Link)
    }
    /// `sbrk`'s encoding includes the stop bit: it must end its bundle (§4.8).
    pub fn fixed_stop_bit(&self) -> bool {
        self.value & 0x8000_0000 != 0
    }
}

/// Typed index of an entry of [`OPS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Opcode(pub u16);

impl Opcode {
    /// The table entry.
    pub fn info(self) -> &'static OpInfo {
        &OPS[self.0 as usize]
    }
    /// All entries (aliases included), in table order.
    pub fn all() -> impl Iterator<Item = Opcode> {
        (0..OPS.len() as u16).map(Opcode)
    }
    /// The entry whose [`OpInfo::name`] is `name`.
    pub fn by_name(name: &str) -> Option<Opcode> {
        static MAP: OnceLock<HashMap<&'static str, Opcode>> = OnceLock::new();
        MAP.get_or_init(|| Opcode::all().map(|o| (o.info().name, o)).collect())
            .get(name)
            .copied()
    }
    /// The entry whose [`OpInfo::name`] is `name`, usable in constants
    /// (`const ADD_I: Opcode = Opcode::named("add_i");`): a name that is not
    /// in the table stops the compilation there (or panics when called at
    /// run time).
    pub const fn named(name: &str) -> Opcode {
        let mut i = 0;
        while i < TABLE.len() {
            if str_eq(TABLE[i].name, name) {
                return Opcode(i as u16);
            }
            i += 1;
        }
        panic!("no entry of that name in the operation table")
    }
    /// The entry written `mnemonic` whose explicit operands (see
    /// [`OpInfo::explicit_operands`]) have the kinds `kinds`, in written
    /// order (ISA-ST200 §3.3, §7.5). A requested [`OperandKind::Gr`] also
    /// selects a [`OperandKind::GrNoLink`] slot: the kind says which register
    /// file, the caller keeps `$r63` out of such a destination (§1.2). For
    /// example `cmplt` with `[Br, Gr, Imm]` is `cmplt_b_i`, `mov` with
    /// `[Gr, Gr]` is `mov_r`, `call` with `[BTarg]` is the direct call and
    /// `call` with `[]` the indirect one. `None` when no entry fits; no two
    /// entries with one mnemonic have the same explicit kinds, so the
    /// answer is unique.
    pub fn select(mnemonic: &str, kinds: &[OperandKind]) -> Option<Opcode> {
        Opcode::by_mnemonic(mnemonic).iter().copied().find(|o| {
            let mut slots = o.info().explicit_operands();
            kinds.iter().all(|&k| {
                slots
                    .next()
                    .is_some_and(|s| s.kind == k || (k == Gr && s.kind == GrNoLink))
            }) && slots.next().is_none()
        })
    }
    /// The dismissible form of a load (ISA-ST200 §4.6: `ldw` → `ldw.d`,
    /// `ldh` → `ldh.d`, …; same operands, returns 0 instead of trapping),
    /// if the table has one; `None` for any other operation, for a
    /// dismissible load itself and for `ldwl`. Which cores have it is in
    /// the form's [`OpInfo::cores`] (not the ST240, §4.12).
    pub fn dismissible(self) -> Option<Opcode> {
        let info = self.info();
        if info.class != OpClass::Load || info.mnemonic.ends_with(".d") {
            return None;
        }
        let kinds: Vec<OperandKind> = info.explicit_operands().map(|s| s.kind).collect();
        Opcode::select(&format!("{}.d", info.mnemonic), &kinds)
    }
    /// The entries written with `mnemonic`, aliases included, in table order.
    pub fn by_mnemonic(mnemonic: &str) -> &'static [Opcode] {
        static MAP: OnceLock<HashMap<&'static str, Vec<Opcode>>> = OnceLock::new();
        MAP.get_or_init(|| {
            let mut m: HashMap<&'static str, Vec<Opcode>> = HashMap::new();
            for o in Opcode::all() {
                m.entry(o.info().mnemonic).or_default().push(o);
            }
            m
        })
        .get(mnemonic)
        .map(|v| v.as_slice())
        .unwrap_or(&[])
    }
}

// ---------------------------------------------------------------------------
// Operand slots (bit positions from ISA-ST200 §3.2).

const fn f(lo: u8, width: u8) -> Field {
    Field { lo, width }
}
const fn dst(kind: OperandKind, field: Field) -> OperandSpec {
    OperandSpec {
        kind,
        role: Role::Dest,
        field,
    }
}
const fn src(kind: OperandKind, field: Field) -> OperandSpec {
    OperandSpec {
        kind,
        role: Role::Src,
        field,
    }
}
use OperandKind::*;

const DEST12: OperandSpec = dst(Gr, f(12, 6));
const DEST12_NL: OperandSpec = dst(GrNoLink, f(12, 6));
const DEST6: OperandSpec = dst(Gr, f(6, 6));
const DEST6_NL: OperandSpec = dst(GrNoLink, f(6, 6));
const SRC1: OperandSpec = src(Gr, f(0, 6));
const SRC2: OperandSpec = src(Gr, f(6, 6));
const ISRC2: OperandSpec = src(Imm, f(12, 9));
const BDEST18: OperandSpec = dst(Br, f(18, 3));
const BDEST6: OperandSpec = dst(Br, f(6, 3));
const BDEST12: OperandSpec = dst(Br, f(12, 3));
const SCOND21: OperandSpec = src(Br, f(21, 3));
const BCOND23: OperandSpec = src(Br, f(23, 3));
const NUM21: OperandSpec = src(Num21, f(0, 21));
const BTARG: OperandSpec = src(BTarg, f(0, 23));
const LINK_D: OperandSpec = dst(Link, f(0, 0));
const LINK_S: OperandSpec = src(Link, f(0, 0));

const fn syn(operands: &'static [OperandSpec], template: &'static str) -> Syntax {
    Syntax { operands, template }
}

/// RR: `op $d = $a, $b` (dest 17:12, src2 11:6, src1 5:0).
const RR: Syntax = syn(&[DEST12, SRC1, SRC2], "%0 = %1, %2");
const RR_NL: Syntax = syn(&[DEST12_NL, SRC1, SRC2], "%0 = %1, %2");
/// `sub $d = $x, $y`: x in bits 11:6, y in 5:0 (§4.1).
const RR_SUB: Syntax = syn(&[DEST12, SRC2, SRC1], "%0 = %1, %2");
/// RI: `op $d = $a, imm` (idest 11:6).
const RI: Syntax = syn(&[DEST6, SRC1, ISRC2], "%0 = %1, %2");
const RI_NL: Syntax = syn(&[DEST6_NL, SRC1, ISRC2], "%0 = %1, %2");
/// `sub $d = imm, $y` (§4.1).
const RI_SUB: Syntax = syn(&[DEST6, ISRC2, SRC1], "%0 = %1, %2");
/// RRB: `cmp $bD = $a, $b` (bdest 20:18).
const RRB: Syntax = syn(&[BDEST18, SRC1, SRC2], "%0 = %1, %2");
/// RIB: `cmp $bD = $a, imm` (bdest 8:6).
const RIB: Syntax = syn(&[BDEST6, SRC1, ISRC2], "%0 = %1, %2");
/// MONO: `op $d = $a`.
const MONO: Syntax = syn(&[DEST6, SRC1], "%0 = %1");
const SELR: Syntax = syn(&[DEST12, SCOND21, SRC1, SRC2], "%0 = %1, %2, %3");
const SELI: Syntax = syn(&[DEST6, SCOND21, SRC1, ISRC2], "%0 = %1, %2, %3");
const CARRY: Syntax = syn(
    &[DEST12, BDEST18, SRC1, SRC2, SCOND21],
    "%0, %1 = %2, %3, %4",
);
const NONE: Syntax = syn(&[], "");
const SYSNUM: Syntax = syn(&[NUM21], "%0");
const LOAD: Syntax = syn(&[DEST6, ISRC2, SRC1], "%0 = %1[%2]");
const LOAD_NL: Syntax = syn(&[DEST6_NL, ISRC2, SRC1], "%0 = %1[%2]");
const STORE: Syntax = syn(&[ISRC2, SRC1, SRC2], "%0[%1] = %2");
const ADDR: Syntax = syn(&[ISRC2, SRC1], "%0[%1]");
const LDWL: Syntax = syn(&[DEST6, SRC1], "%0 = [%1]");
const STWL: Syntax = syn(&[BDEST12, SRC1, SRC2], "%0, [%1] = %2");
const PSW: Syntax = syn(&[SRC2], "%0");
const CALL: Syntax = syn(&[LINK_D, BTARG], "%0 = %1");
const ICALL: Syntax = syn(&[LINK_D, LINK_S], "%0 = %1");
const GOTO: Syntax = syn(&[BTARG], "%0");
const IGOTO: Syntax = syn(&[LINK_S], "%0");
const BRANCH: Syntax = syn(&[BCOND23, BTARG], "%0, %1");
// Alias syntaxes (§4.9).
const MOV_R: Syntax = syn(&[DEST12, SRC2], "%0 = %1");
const MOV_I: Syntax = syn(&[DEST6, ISRC2], "%0 = %1");
const MTB: Syntax = syn(&[BDEST18, SRC1], "%0 = %1");
const MFB: Syntax = syn(&[DEST6, SCOND21], "%0 = %1");

// Masks of Appendix A.
const M_RR: u32 = 0x7FFC_0000;
const M_RRB: u32 = 0x7FE3_F000;
const M_RI: u32 = 0x7FE0_0000;
const M_RIB: u32 = 0x7FE0_0E00;
const M_MONO: u32 = 0x7FFF_F000;
const M_SELR: u32 = 0x7F1C_0000;
const M_SELI: u32 = 0x7F00_0000;
const M_ADDR: u32 = 0x7FE0_0FC0;
const M_STWL: u32 = 0x7FFF_8000;
const M_PSW: u32 = 0x7FFF_F03F;
const M_CALL: u32 = 0x7F80_0000;
const M_BR: u32 = 0x7C00_0000;
const M_SBRK: u32 = 0xFFE0_0000;
const M_ALL: u32 = 0x7FFF_FFFF;
/// `mfb`: `slctf` immediate with src1 = `$r0` and imm = 1 (§4.9).
const M_MFB: u32 = 0x7F1F_F03F;

const ALL: Cores = Cores::ALL;
const ST220: Cores = Cores::ST220;
const ST231: Cores = Cores::ST231;
/// ST220 and ST231 (removed on the ST240, §4.12).
const NO240: Cores = Cores(3);
/// ST231 and ST240 (absent on the ST220, §4.11).
const NO220: Cores = Cores(6);

#[allow(clippy::too_many_arguments)]
const fn op(
    mnemonic: &'static str,
    name: &'static str,
    value: u32,
    mask: u32,
    syntax: Syntax,
    unit: Unit,
    class: OpClass,
    cores: Cores,
    alias_of: Option<&'static str>,
) -> OpInfo {
    OpInfo {
        mnemonic,
        name,
        value,
        mask,
        syntax,
        unit,
        class,
        cores,
        alias_of,
    }
}

/// The whole table. Aliases come first so that the decoder, which takes the
/// first entry whose pattern matches, prints them (Appendix A notes); then
/// every operation of §4 and Appendix A; then the custom ops of §4.10.
/// Columns: mnemonic, unique name, value, mask, syntax, unit, timing class,
/// cores, alias target.
pub static OPS: &[OpInfo] = TABLE;

/// Byte-wise string equality usable in `const fn`.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The entries of [`OPS`], as a constant so that [`Opcode::named`] can read
/// them at compile time.
#[rustfmt::skip]
const TABLE: &[OpInfo] = &[
    op("nop", "nop", 0x0000_0000, M_ALL, NONE, Unit::Alu, OpClass::Alu, ALL, Some("add_r")),
    op("mov", "mov_r", 0x0000_0000, M_RR | 0x3F, MOV_R, Unit::Alu, OpClass::Alu, ALL, Some("add_r")),
    op("mov", "mov_i", 0x0800_0000, M_RI | 0x3F, MOV_I, Unit::Alu, OpClass::Alu, ALL, Some("add_i")),
    op("mtb", "mtb", 0x0780_0000, M_RRB | 0xFC0, MTB, Unit::Alu, OpClass::Alu, ALL, Some("orl_b_r")),
    op("mov", "mov_b_r", 0x0780_0000, M_RRB | 0xFC0, MTB, Unit::Alu, OpClass::Alu, ALL, Some("orl_b_r")),
    op("convib", "convib", 0x0780_0000, M_RRB | 0xFC0, MTB, Unit::Alu, OpClass::Alu, ALL, Some("orl_b_r")),
    op("mfb", "mfb", 0x1900_1000, M_MFB, MFB, Unit::Alu, OpClass::Alu, ALL, Some("slctf_i")),
    op("mov", "mov_r_b", 0x1900_1000, M_MFB, MFB, Unit::Alu, OpClass::Alu, ALL, Some("slctf_i")),
    op("convbi", "convbi", 0x1900_1000, M_MFB, MFB, Unit::Alu, OpClass::Alu, ALL, Some("slctf_i")),
    op("zxtb", "zxtb", 0x092F_F000, M_MONO, MONO, Unit::Alu, OpClass::Alu, ALL, Some("and_i")),
    op("return", "return", 0x3180_0000, M_ALL, IGOTO, Unit::Ctl, OpClass::IndirectJump, ALL, Some("igoto")),
    op("idle", "idle", 0x3100_0000, M_ALL, NONE, Unit::Ctl, OpClass::System, NO220, Some("goto")),
    op("syncins", "syncins", 0x3100_0001, M_ALL, NONE, Unit::CtlMem, OpClass::System, ALL, Some("goto")),
    op("add", "add_r", 0x0000_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("add", "add_i", 0x0800_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("sub", "sub_r", 0x0020_0000, M_RR, RR_SUB, Unit::Alu, OpClass::Alu, ALL, None),
    op("sub", "sub_i", 0x0820_0000, M_RI, RI_SUB, Unit::Alu, OpClass::Alu, ALL, None),
    op("shl", "shl_r", 0x0040_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("shl", "shl_i", 0x0840_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("shr", "shr_r", 0x0060_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("shr", "shr_i", 0x0860_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("shru", "shru_r", 0x0080_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("shru", "shru_i", 0x0880_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("sh1add", "sh1add_r", 0x00A0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("sh1add", "sh1add_i", 0x08A0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("sh2add", "sh2add_r", 0x00C0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("sh2add", "sh2add_i", 0x08C0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("sh3add", "sh3add_r", 0x00E0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("sh3add", "sh3add_i", 0x08E0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("sh4add", "sh4add_r", 0x0100_0000, M_RR, RR, Unit::Alu, OpClass::Alu, NO240, None),
    op("sh4add", "sh4add_i", 0x0900_0000, M_RI, RI, Unit::Alu, OpClass::Alu, NO240, None),
    op("and", "and_r", 0x0120_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("and", "and_i", 0x0920_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("andc", "andc_r", 0x0140_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("andc", "andc_i", 0x0940_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("or", "or_r", 0x0160_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("or", "or_i", 0x0960_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("orc", "orc_r", 0x0180_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("orc", "orc_i", 0x0980_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("xor", "xor_r", 0x01A0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("xor", "xor_i", 0x09A0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("max", "max_r", 0x0200_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("max", "max_i", 0x0A00_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("maxu", "maxu_r", 0x0220_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("maxu", "maxu_i", 0x0A20_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("min", "min_r", 0x0240_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("min", "min_i", 0x0A40_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("minu", "minu_r", 0x0260_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("minu", "minu_i", 0x0A60_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("sxtb", "sxtb", 0x09C0_0000, M_MONO, MONO, Unit::Alu, OpClass::Alu, ALL, None),
    op("sxth", "sxth", 0x09C0_1000, M_MONO, MONO, Unit::Alu, OpClass::Alu, ALL, None),
    op("bswap", "bswap", 0x09C0_2000, M_MONO, MONO, Unit::Alu, OpClass::Alu, ALL, None),
    op("zxth", "zxth", 0x09C0_3000, M_MONO, MONO, Unit::Alu, OpClass::Alu, ALL, None),
    op("clz", "clz", 0x09C0_4000, M_MONO, MONO, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpeq", "cmpeq_r", 0x0400_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpeq", "cmpeq_i", 0x0C00_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpeq", "cmpeq_b_r", 0x0600_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpeq", "cmpeq_b_i", 0x0E00_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpne", "cmpne_r", 0x0420_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpne", "cmpne_i", 0x0C20_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpne", "cmpne_b_r", 0x0620_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpne", "cmpne_b_i", 0x0E20_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpge", "cmpge_r", 0x0440_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpge", "cmpge_i", 0x0C40_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpge", "cmpge_b_r", 0x0640_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpge", "cmpge_b_i", 0x0E40_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgeu", "cmpgeu_r", 0x0460_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgeu", "cmpgeu_i", 0x0C60_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgeu", "cmpgeu_b_r", 0x0660_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgeu", "cmpgeu_b_i", 0x0E60_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgt", "cmpgt_r", 0x0480_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgt", "cmpgt_i", 0x0C80_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgt", "cmpgt_b_r", 0x0680_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgt", "cmpgt_b_i", 0x0E80_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgtu", "cmpgtu_r", 0x04A0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgtu", "cmpgtu_i", 0x0CA0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgtu", "cmpgtu_b_r", 0x06A0_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpgtu", "cmpgtu_b_i", 0x0EA0_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmple", "cmple_r", 0x04C0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmple", "cmple_i", 0x0CC0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmple", "cmple_b_r", 0x06C0_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmple", "cmple_b_i", 0x0EC0_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpleu", "cmpleu_r", 0x04E0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpleu", "cmpleu_i", 0x0CE0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpleu", "cmpleu_b_r", 0x06E0_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpleu", "cmpleu_b_i", 0x0EE0_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmplt", "cmplt_r", 0x0500_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmplt", "cmplt_i", 0x0D00_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmplt", "cmplt_b_r", 0x0700_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmplt", "cmplt_b_i", 0x0F00_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpltu", "cmpltu_r", 0x0520_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpltu", "cmpltu_i", 0x0D20_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpltu", "cmpltu_b_r", 0x0720_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("cmpltu", "cmpltu_b_i", 0x0F20_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("andl", "andl_r", 0x0540_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("andl", "andl_i", 0x0D40_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("andl", "andl_b_r", 0x0740_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("andl", "andl_b_i", 0x0F40_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("nandl", "nandl_r", 0x0560_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("nandl", "nandl_i", 0x0D60_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("nandl", "nandl_b_r", 0x0760_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("nandl", "nandl_b_i", 0x0F60_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("orl", "orl_r", 0x0580_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("orl", "orl_i", 0x0D80_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("orl", "orl_b_r", 0x0780_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("orl", "orl_b_i", 0x0F80_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("norl", "norl_r", 0x05A0_0000, M_RR, RR, Unit::Alu, OpClass::Alu, ALL, None),
    op("norl", "norl_i", 0x0DA0_0000, M_RI, RI, Unit::Alu, OpClass::Alu, ALL, None),
    op("norl", "norl_b_r", 0x07A0_0000, M_RRB, RRB, Unit::Alu, OpClass::Alu, ALL, None),
    op("norl", "norl_b_i", 0x0FA0_0000, M_RIB, RIB, Unit::Alu, OpClass::Alu, ALL, None),
    op("slct", "slct_r", 0x1000_0000, M_SELR, SELR, Unit::Alu, OpClass::Alu, ALL, None),
    op("slct", "slct_i", 0x1800_0000, M_SELI, SELI, Unit::Alu, OpClass::Alu, ALL, None),
    op("slctf", "slctf_r", 0x1100_0000, M_SELR, SELR, Unit::Alu, OpClass::Alu, ALL, None),
    op("slctf", "slctf_i", 0x1900_0000, M_SELI, SELI, Unit::Alu, OpClass::Alu, ALL, None),
    op("addcg", "addcg", 0x1200_0000, M_SELI, CARRY, Unit::Alu, OpClass::Alu, ALL, None),
    op("divs", "divs", 0x1400_0000, M_SELI, CARRY, Unit::Alu, OpClass::Alu, NO240, None),
    op("mull", "mull_r", 0x02A0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mull", "mull_i", 0x0AA0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mullu", "mullu_r", 0x02C0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mullu", "mullu_i", 0x0AC0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mulh", "mulh_r", 0x02E0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulh", "mulh_i", 0x0AE0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulhu", "mulhu_r", 0x0300_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mulhu", "mulhu_i", 0x0B00_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mulll", "mulll_r", 0x0320_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulll", "mulll_i", 0x0B20_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulllu", "mulllu_r", 0x0340_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulllu", "mulllu_i", 0x0B40_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mullh", "mullh_r", 0x0360_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mullh", "mullh_i", 0x0B60_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mullhu", "mullhu_r", 0x0380_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mullhu", "mullhu_i", 0x0B80_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulhh", "mulhh_r", 0x03A0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulhh", "mulhh_i", 0x0BA0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulhhu", "mulhhu_r", 0x03C0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulhhu", "mulhhu_i", 0x0BC0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, ALL, None),
    op("mulhs", "mulhs_r", 0x03E0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mulhs", "mulhs_i", 0x0BE0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mulhhs", "mulhhs_r", 0x0280_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mulhhs", "mulhhs_i", 0x0A80_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mullhus", "mullhus_r", 0x01E0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mullhus", "mullhus_i", 0x09E0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO240, None),
    op("mul32", "mul32_r", 0x05C0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("mul32", "mul32_i", 0x0DC0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("mul64h", "mul64h_r", 0x05E0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("mul64h", "mul64h_i", 0x0DE0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("mul64hu", "mul64hu_r", 0x07C0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("mul64hu", "mul64hu_i", 0x0FC0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("mulfrac", "mulfrac_r", 0x07E0_0000, M_RR, RR_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("mulfrac", "mulfrac_i", 0x0FE0_0000, M_RI, RI_NL, Unit::Mul, OpClass::Mul, NO220, None),
    op("ldw", "ldw", 0x2000_0000, M_RI, LOAD, Unit::Mem, OpClass::Load, ALL, None),
    op("ldw.d", "ldw_d", 0x2080_0000, M_RI, LOAD, Unit::Mem, OpClass::Load, NO240, None),
    op("ldh", "ldh", 0x2100_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, ALL, None),
    op("ldh.d", "ldh_d", 0x2180_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, NO240, None),
    op("ldhu", "ldhu", 0x2200_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, ALL, None),
    op("ldhu.d", "ldhu_d", 0x2280_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, NO240, None),
    op("ldb", "ldb", 0x2300_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, ALL, None),
    op("ldb.d", "ldb_d", 0x2380_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, NO240, None),
    op("ldbu", "ldbu", 0x2400_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, ALL, None),
    op("ldbu.d", "ldbu_d", 0x2480_0000, M_RI, LOAD_NL, Unit::Mem, OpClass::Load, NO240, None),
    op("stw", "stw", 0x2500_0000, M_RI, STORE, Unit::Mem, OpClass::Store, ALL, None),
    op("sth", "sth", 0x2580_0000, M_RI, STORE, Unit::Mem, OpClass::Store, ALL, None),
    op("stb", "stb", 0x2600_0000, M_RI, STORE, Unit::Mem, OpClass::Store, ALL, None),
    op("pft", "pft", 0x2680_0000, M_ADDR, ADDR, Unit::Mem, OpClass::MemControl, ALL, None),
    op("prgadd", "prgadd", 0x2700_0000, M_ADDR, ADDR, Unit::Mem, OpClass::MemControl, ALL, None),
    op("prgset", "prgset", 0x2780_0000, M_ADDR, ADDR, Unit::Mem, OpClass::MemControl, ALL, None),
    op("prginspg", "prginspg", 0x2880_0000, M_ADDR, ADDR, Unit::Mem, OpClass::MemControl, ST231, None),
    op("sync", "sync", 0x2800_0000, M_ALL, NONE, Unit::Mem, OpClass::MemControl, ALL, None),
    op("wmb", "wmb", 0x2FE0_3000, M_ALL, NONE, Unit::Mem, OpClass::MemControl, NO220, None),
    op("ldwl", "ldwl", 0x2FE0_5000, M_MONO, LDWL, Unit::Mem, OpClass::Load, NO220, None),
    op("stwl", "stwl", 0x2FF0_0000, M_STWL, STWL, Unit::Mem, OpClass::StoreCond, NO220, None),
    op("pswset", "pswset", 0x2900_0000, M_PSW, PSW, Unit::CtlMem, OpClass::System, ST231, None),
    op("pswclr", "pswclr", 0x2980_0000, M_PSW, PSW, Unit::CtlMem, OpClass::System, ST231, None),
    op("call", "call", 0x3000_0000, M_CALL, CALL, Unit::Ctl, OpClass::Jump, ALL, None),
    op("call", "icall", 0x3080_0000, M_ALL, ICALL, Unit::Ctl, OpClass::IndirectJump, ALL, None),
    op("icall", "icall_alias", 0x3080_0000, M_ALL, ICALL, Unit::Ctl, OpClass::IndirectJump, ALL, Some("icall")),
    op("goto", "goto", 0x3100_0000, M_CALL, GOTO, Unit::Ctl, OpClass::Jump, ALL, None),
    op("goto", "igoto", 0x3180_0000, M_ALL, IGOTO, Unit::Ctl, OpClass::IndirectJump, ALL, None),
    op("igoto", "igoto_alias", 0x3180_0000, M_ALL, IGOTO, Unit::Ctl, OpClass::IndirectJump, ALL, Some("igoto")),
    op("rfi", "rfi", 0x3200_0000, M_ALL, NONE, Unit::CtlMem, OpClass::System, ALL, None),
    op("br", "br", 0x3800_0000, M_BR, BRANCH, Unit::Ctl, OpClass::Branch, ALL, None),
    op("brf", "brf", 0x3C00_0000, M_BR, BRANCH, Unit::Ctl, OpClass::Branch, ALL, None),
    op("syscall", "syscall", 0x1FC0_0000, M_RI, SYSNUM, Unit::Alone, OpClass::Trap, ALL, None),
    op("sbrk", "sbrk", 0x9FA0_0000, M_SBRK, SYSNUM, Unit::Alu, OpClass::Trap, ALL, None),
    op("break", "break", 0x1FE0_0000, M_ALL, NONE, Unit::Alu, OpClass::Trap, ALL, None),
    op("prgins", "prgins", 0x1F80_0000, M_ALL, NONE, Unit::Alone, OpClass::Trap, NO240, None),
    op("asm_0", "asm_0", 0x2C00_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_1", "asm_1", 0x2C20_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_2", "asm_2", 0x2C40_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_3", "asm_3", 0x2C60_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_4", "asm_4", 0x2C80_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_5", "asm_5", 0x2CA0_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_6", "asm_6", 0x2CC0_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_7", "asm_7", 0x2CE0_0000, M_RR, RR, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_8", "asm_8", 0x2D00_0000, M_RR, RR, Unit::Even, OpClass::Custom, ALL, None),
    op("asm_9", "asm_9", 0x2D20_0000, M_RR, RR, Unit::Even, OpClass::Custom, ALL, None),
    op("asm_10", "asm_10", 0x2D40_0000, M_RR, RR, Unit::Even, OpClass::Custom, ALL, None),
    op("asm_11", "asm_11", 0x2D60_0000, M_RR, RR, Unit::Even, OpClass::Custom, ALL, None),
    op("asm_12", "asm_12", 0x2D80_0000, M_RR, RR, Unit::Mul, OpClass::Custom, ALL, None),
    op("asm_13", "asm_13", 0x2DA0_0000, M_RR, RR, Unit::Mul, OpClass::Custom, ALL, None),
    op("asm_14", "asm_14", 0x2DC0_0000, M_RR, RR, Unit::Mul, OpClass::Custom, ALL, None),
    op("asm_15", "asm_15", 0x2DE0_0000, M_RR, RR, Unit::Mul, OpClass::Custom, ALL, None),
    op("asm_16", "asm_16", 0x2E00_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_17", "asm_17", 0x2E20_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_18", "asm_18", 0x2E40_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_19", "asm_19", 0x2E60_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_20", "asm_20", 0x2E80_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_21", "asm_21", 0x2EA0_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_22", "asm_22", 0x2EC0_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_23", "asm_23", 0x2EE0_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_24", "asm_24", 0x2F00_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_25", "asm_25", 0x2F20_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_26", "asm_26", 0x2F40_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_27", "asm_27", 0x2F60_0000, M_RI, RI, Unit::Alu, OpClass::Custom, ALL, None),
    op("asm_28", "asm_28", 0x2F80_0000, M_RI, RI, Unit::Mul, OpClass::Custom, ALL, None),
    op("asm_29", "asm_29", 0x2FA0_0000, M_RI, RI, Unit::Mul, OpClass::Custom, ALL, None),
    op("asm_30", "asm_30", 0x2FC0_0000, M_RI, RI, Unit::Mul, OpClass::Custom, ALL, None),
    op("asm_31", "asm_31", 0x2FE0_0000, M_RI, RI, Unit::Mul, OpClass::Custom, ST220, None),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// ISA-ST200 §4.6: the five loads `ldw ldh ldhu ldb ldbu` have
    /// dismissible forms (opcodes 0x208…/0x218…/0x228…/0x238…/0x248…, the
    /// plain form's with bit 23 set), absent from the ST240; `ldwl` and the
    /// `.d` forms themselves have none.
    #[test]
    fn dismissible_forms_of_the_loads() {
        for (plain, d, value) in [
            ("ldw", "ldw_d", 0x2080_0000u32),
            ("ldh", "ldh_d", 0x2180_0000),
            ("ldhu", "ldhu_d", 0x2280_0000),
            ("ldb", "ldb_d", 0x2380_0000),
            ("ldbu", "ldbu_d", 0x2480_0000),
        ] {
            let p = Opcode::by_name(plain).unwrap();
            let x = p
                .dismissible()
                .unwrap_or_else(|| panic!("{plain} has a .d form"));
            assert_eq!(x.info().name, d);
            assert_eq!(x.info().value, value);
            assert_eq!(x.info().value, p.info().value | 0x0080_0000);
            assert!(x.info().cores.contains(Core::St231));
            assert!(!x.info().cores.contains(Core::St240));
            assert_eq!(x.dismissible(), None);
        }
        for name in ["ldwl", "add_r", "stw"] {
            assert_eq!(Opcode::by_name(name).unwrap().dismissible(), None, "{name}");
        }
    }

    #[test]
    fn names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for o in Opcode::all() {
            assert!(
                seen.insert(o.info().name),
                "duplicate name {}",
                o.info().name
            );
        }
    }

    #[test]
    fn values_fit_their_masks() {
        for o in Opcode::all() {
            let i = o.info();
            assert_eq!(
                i.value & !i.mask & 0x7FFF_FFFF,
                0,
                "{}: value outside mask",
                i.name
            );
            for op in i.syntax.operands {
                if op.kind != OperandKind::Link {
                    assert_eq!(
                        op.field.mask() & i.mask,
                        0,
                        "{}: operand overlaps mask",
                        i.name
                    );
                }
            }
        }
    }

    #[test]
    fn select_finds_each_entry_by_its_mnemonic_and_operand_kinds() {
        for o in Opcode::all() {
            let i = o.info();
            let kinds: Vec<OperandKind> = i
                .explicit_operands()
                .map(|s| if s.kind == GrNoLink { Gr } else { s.kind })
                .collect();
            assert_eq!(Opcode::select(i.mnemonic, &kinds), Some(o), "{}", i.name);
        }
        let name = |m: &str, k: &[OperandKind]| Opcode::select(m, k).map(|o| o.info().name);
        assert_eq!(name("cmplt", &[Br, Gr, Imm]), Some("cmplt_b_i"));
        assert_eq!(name("cmplt", &[Gr, Gr, Gr]), Some("cmplt_r"));
        assert_eq!(name("mov", &[Br, Gr]), Some("mov_b_r"));
        assert_eq!(name("call", &[BTarg]), Some("call"));
        assert_eq!(name("call", &[]), Some("icall"));
        assert_eq!(name("return", &[]), Some("return"));
        assert_eq!(name("mul32", &[Gr, Gr, Imm]), Some("mul32_i"));
        assert_eq!(name("mov", &[Br, Br]), None);
        assert_eq!(name("add", &[Gr, Gr]), None);
        assert_eq!(name("add", &[Gr, Gr, Gr, Gr]), None);
        assert_eq!(name("frobnicate", &[]), None);
    }

    #[test]
    fn named_entries() {
        const ADD_I: Opcode = Opcode::named("add_i");
        assert_eq!(ADD_I.info().name, "add_i");
        for o in Opcode::all() {
            assert_eq!(Opcode::named(o.info().name), o);
        }
    }

    #[test]
    #[should_panic]
    fn named_panics_on_an_unknown_name() {
        let _ = Opcode::named(std::hint::black_box("frobnicate"));
    }

    #[test]
    fn aliases_point_to_real_entries() {
        for o in Opcode::all() {
            if let Some(of) = o.info().alias_of {
                assert!(Opcode::by_name(of).is_some(), "{} -> {}", o.info().name, of);
            }
        }
    }
}
