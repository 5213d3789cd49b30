//! Decoding bundles into the simulator's executable form (docs/src/design/architecture.md
//! §5: decode once, cache by address).
//!
//! A bundle in memory is checked once, when it is first executed: it must
//! have a stop bit within the most syllables a bundle of the machine can
//! have (ISA-ST200 §2.1: the issue slots, plus the extension syllables
//! when they take no slot; up to 32), every syllable must be an operation
//! of the core or an extension syllable paired with its owner (§2.4,
//! §4.11), and it must obey the bundle rules of §2.3 as the machine
//! description states them (`isa::bundle::BundleRules`: issue slots, units
//! and lanes per class; `isa::bundle::check_placed`,
//! `isa::bundle::check_writes`), use only registers the machine has
//! (`registers`, §1.2, §1.3), and respect the nolink destinations of §1.2.
//! Custom `asm_*` operations are illegal (§4.10) unless the machine
//! description declares one for that slot ([`isa::model::CustomOp`]):
//! then it computes its expression, with the stages of its class. Every
//! encoding fact comes from `isa`.
//!
//! The decoded form is a list of [`MicroOp`]s whose operands are indices
//! into one value array: general registers at 0..64, branch registers at
//! [`BR_BASE`]..[`SINK`], a sink slot for discarded results (writes to
//! `$r0`), and one constant slot per immediate, so that the hot loop reads
//! every operand the same way. The source and destination registers of the
//! bundle, with the stages at which they are read and produced (from the
//! processor model, §5.2), are listed for the scoreboard.

use isa::bundle::{check_placed, check_writes, BundleRules, Slot, SlotNeeds};
use isa::encoding::{self, apply_extension, decode_unaliased, DecodedOp, Operation};
use isa::model::ProcessorModel;
use isa::{OpClass, OperandKind, Role};

use crate::memory::Memory;

/// Index of `$b0` in the value array (`$bN` is at `BR_BASE + N`).
pub const BR_BASE: u32 = 64;
/// Index of the sink slot: results written there are dropped (`$r0`).
pub const SINK: u32 = 72;
/// Number of architectural register slots (64 GR + 8 BR).
pub const NUM_REGS: usize = 72;
/// First constant slot of the value array.
pub const FIRST_CONST: u32 = 73;
/// Most issue slots a bundle may have in any model the simulator accepts.
pub const MAX_ISSUE: u32 = 16;
/// Most syllables a bundle may have in memory: [`MAX_ISSUE`] operations,
/// each with an extension syllable when extensions take no issue slot.
pub const MAX_SYLLABLES: u32 = 2 * MAX_ISSUE;

/// What a [`MicroOp`] does (ISA-ST200 §4). Names follow the mnemonics;
/// `D` suffixes are dismissible loads (§4.6).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    Add,
    Sub,
    Shl,
    Shr,
    Shru,
    Sh1add,
    Sh2add,
    Sh3add,
    Sh4add,
    And,
    Andc,
    Or,
    Orc,
    Xor,
    Max,
    Maxu,
    Min,
    Minu,
    Sxtb,
    Sxth,
    Bswap,
    Zxth,
    Clz,
    Cmpeq,
    Cmpne,
    Cmpge,
    Cmpgeu,
    Cmpgt,
    Cmpgtu,
    Cmple,
    Cmpleu,
    Cmplt,
    Cmpltu,
    Andl,
    Nandl,
    Orl,
    Norl,
    Slct,
    Slctf,
    Addcg,
    Divs,
    Mull,
    Mullu,
    Mulh,
    Mulhu,
    Mulll,
    Mulllu,
    Mullh,
    Mullhu,
    Mulhh,
    Mulhhu,
    Mulhs,
    Mulhhs,
    Mullhus,
    Mul32,
    Mul64h,
    Mul64hu,
    Mulfrac,
    Ldw,
    Ldh,
    Ldhu,
    Ldb,
    Ldbu,
    LdwD,
    LdhD,
    LdhuD,
    LdbD,
    LdbuD,
    Stw,
    Sth,
    Stb,
    Pft,
    Prgadd,
    Prgset,
    Prginspg,
    Sync,
    Wmb,
    Ldwl,
    Stwl,
    Pswset,
    Pswclr,
    Call,
    Icall,
    Goto,
    Igoto,
    Rfi,
    Br,
    Brf,
    Idle,
    Syscall,
    Sbrk,
    Break,
    Prgins,
    /// A custom operation the machine declares (§4.10); its `asm_N` slot
    /// is in [`MicroOp::target`].
    Custom,
}

impl Kind {
    /// A load or a store of data memory (ISA-ST200 §4.6), the operations
    /// that may trap on an address.
    pub fn is_load_or_store(self) -> bool {
        matches!(
            self,
            Kind::Ldw
                | Kind::Ldh
                | Kind::Ldhu
                | Kind::Ldb
                | Kind::Ldbu
                | Kind::LdwD
                | Kind::LdhD
                | Kind::LdhuD
                | Kind::LdbD
                | Kind::LdbuD
                | Kind::Stw
                | Kind::Sth
                | Kind::Stb
                | Kind::Ldwl
                | Kind::Stwl
        )
    }
}

impl Kind {
    /// Whether the operation is a control transfer (§4.7).
    pub fn is_control(self) -> bool {
        matches!(
            self,
            Kind::Call
                | Kind::Icall
                | Kind::Goto
                | Kind::Igoto
                | Kind::Rfi
                | Kind::Br
                | Kind::Brf
                | Kind::Idle
        )
    }
}

/// One decoded operation. Operand fields are indices into the value array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MicroOp {
    /// The operation.
    pub kind: Kind,
    /// Destination (GR at 0..64, BR at 64..72, [`SINK`] if none).
    pub d: u32,
    /// Second destination: the carry/quotient BR of `addcg`/`divs`.
    pub d2: u32,
    /// First value operand (in the written order of §4, e.g. the minuend
    /// of `sub`, the offset of a load).
    pub a: u32,
    /// Second value operand.
    pub b: u32,
    /// Third value operand (store data) or the BR source (`slct`,
    /// `addcg`, `br`).
    pub c: u32,
    /// Direct branch target (byte address), or the `syscall`/`sbrk` number.
    pub target: u32,
    /// Stage at which the operation reads its registers (§5.2; used by the
    /// non-interlocked ST220 model to decide which writes it sees).
    pub stage: u8,
}

/// A register read by a bundle: value-array index and read stage (§5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Src {
    /// Register index (0..72, never `$r0`).
    pub reg: u8,
    /// Stage at which it is read (cycles after issue).
    pub stage: u8,
}

/// A register written by a bundle: index, result stage (§5.2) and the
/// producer's timing class (for stall attribution).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dst {
    /// Register index (0..72, never `$r0`).
    pub reg: u8,
    /// Stage at which the result can be consumed (cycles after issue).
    pub stage: u8,
    /// Timing class of the producer.
    pub class: OpClass,
}

/// A decoded bundle: ranges into the arrays of [`Code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bundle {
    /// Address of the first syllable (bytes).
    pub pc: u32,
    /// Address of the bundle that follows in memory.
    pub next_pc: u32,
    /// Number of syllables (extension syllables included).
    pub syllables: u8,
    /// First operation in [`Code::ops`].
    pub op_start: u32,
    /// Number of operations.
    pub op_count: u8,
    /// First source in [`Code::srcs`].
    pub src_start: u32,
    /// Number of sources.
    pub src_count: u8,
    /// First destination in [`Code::dsts`].
    pub dst_start: u32,
    /// Number of destinations.
    pub dst_count: u8,
    /// The bundle has a load or store (D-cache access).
    pub memory: bool,
    /// The bundle is a `syscall` (precise trap, docs/src/design/architecture.md §5).
    pub syscall: bool,
    /// Operations that are not `nop` (counted in the statistics).
    pub counted_ops: u8,
}

/// Arena of decoded bundles, their operations and register lists.
#[derive(Debug, Default, Clone)]
pub struct Code {
    /// Bundles.
    pub bundles: Vec<Bundle>,
    /// Operations of every bundle, contiguous per bundle.
    pub ops: Vec<MicroOp>,
    /// Source registers of every bundle.
    pub srcs: Vec<Src>,
    /// Destination registers of every bundle.
    pub dsts: Vec<Dst>,
}

/// Why a bundle cannot execute; the machine reports it as a trap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeFault {
    /// A syllable of the bundle lies in memory that is not mapped
    /// executable (address of that syllable).
    Fetch(u32),
    /// Illegal encoding or broken bundle rule, with the explanation.
    Illegal(String),
}

fn kind_of(name: &str) -> Option<Kind> {
    use Kind::*;
    let base = name
        .strip_suffix("_b_r")
        .or_else(|| name.strip_suffix("_b_i"))
        .or_else(|| name.strip_suffix("_r"))
        .or_else(|| name.strip_suffix("_i"))
        .unwrap_or(name);
    Some(match base {
        "add" => Add,
        "sub" => Sub,
        "shl" => Shl,
        "shr" => Shr,
        "shru" => Shru,
        "sh1add" => Sh1add,
        "sh2add" => Sh2add,
        "sh3add" => Sh3add,
        "sh4add" => Sh4add,
        "and" => And,
        "andc" => Andc,
        "or" => Or,
        "orc" => Orc,
        "xor" => Xor,
        "max" => Max,
        "maxu" => Maxu,
        "min" => Min,
        "minu" => Minu,
        "sxtb" => Sxtb,
        "sxth" => Sxth,
        "bswap" => Bswap,
        "zxth" => Zxth,
        "clz" => Clz,
        "cmpeq" => Cmpeq,
        "cmpne" => Cmpne,
        "cmpge" => Cmpge,
        "cmpgeu" => Cmpgeu,
        "cmpgt" => Cmpgt,
        "cmpgtu" => Cmpgtu,
        "cmple" => Cmple,
        "cmpleu" => Cmpleu,
        "cmplt" => Cmplt,
        "cmpltu" => Cmpltu,
        "andl" => Andl,
        "nandl" => Nandl,
        "orl" => Orl,
        "norl" => Norl,
        "slct" => Slct,
        "slctf" => Slctf,
        "addcg" => Addcg,
        "divs" => Divs,
        "mull" => Mull,
        "mullu" => Mullu,
        "mulh" => Mulh,
        "mulhu" => Mulhu,
        "mulll" => Mulll,
        "mulllu" => Mulllu,
        "mullh" => Mullh,
        "mullhu" => Mullhu,
        "mulhh" => Mulhh,
        "mulhhu" => Mulhhu,
        "mulhs" => Mulhs,
        "mulhhs" => Mulhhs,
        "mullhus" => Mullhus,
        "mul32" => Mul32,
        "mul64h" => Mul64h,
        "mul64hu" => Mul64hu,
        "mulfrac" => Mulfrac,
        "ldw" => Ldw,
        "ldh" => Ldh,
        "ldhu" => Ldhu,
        "ldb" => Ldb,
        "ldbu" => Ldbu,
        "ldw_d" => LdwD,
        "ldh_d" => LdhD,
        "ldhu_d" => LdhuD,
        "ldb_d" => LdbD,
        "ldbu_d" => LdbuD,
        "stw" => Stw,
        "sth" => Sth,
        "stb" => Stb,
        "pft" => Pft,
        "prgadd" => Prgadd,
        "prgset" => Prgset,
        "prginspg" => Prginspg,
        "sync" => Sync,
        "wmb" => Wmb,
        "ldwl" => Ldwl,
        "stwl" => Stwl,
        "pswset" => Pswset,
        "pswclr" => Pswclr,
        "call" => Call,
        "icall" => Icall,
        "goto" => Goto,
        "igoto" => Igoto,
        "rfi" => Rfi,
        "br" => Br,
        "brf" => Brf,
        "syscall" => Syscall,
        "sbrk" => Sbrk,
        "break" => Break,
        "prgins" => Prgins,
        _ => return None,
    })
}

/// Reads the syllables of the bundle at `pc` (up to `issue` words, the
/// most a bundle of the machine can have, stopping after the stop bit).
/// Every word must lie in executable memory.
pub fn fetch_words(mem: &Memory, pc: u32, issue: u32) -> Result<Vec<u32>, DecodeFault> {
    let mut words = Vec::with_capacity(issue as usize);
    for i in 0..issue {
        let a = pc.wrapping_add(4 * i);
        if a < pc || !mem.is_exec(a) {
            return Err(DecodeFault::Fetch(a));
        }
        let w = mem.read(a, 4).map_err(|_| DecodeFault::Fetch(a))?;
        words.push(w);
        if w & encoding::STOP_BIT != 0 {
            return Ok(words);
        }
    }
    Err(DecodeFault::Illegal(format!(
        "no stop bit in the {issue} syllables from 0x{pc:08x}: a bundle has at most {issue} syllables (ISA-ST200 §2.1)"
    )))
}

/// Decodes the syllables `words` of the bundle at `pc` for the model's core
/// (as decoded by `isa`, aliases preferred), checking every rule of the
/// module documentation.
pub fn decode_ops(
    words: &[u32],
    pc: u32,
    model: &ProcessorModel,
) -> Result<Vec<DecodedOp>, DecodeFault> {
    let core = model.core;
    let ops = encoding::decode_bundle(words, core).map_err(|e| {
        DecodeFault::Illegal(format!(
            "{e} (not an operation of the {core}, ISA-ST200 §4, appendix A)"
        ))
    })?;
    let needs: Vec<SlotNeeds> = ops.iter().map(|d| SlotNeeds::of(&d.op, model)).collect();
    let mut slots = vec![Slot::Nop; words.len()];
    for (i, d) in ops.iter().enumerate() {
        slots[d.index] = Slot::Op(i);
        if let Some(e) = d.ext_index {
            slots[e] = if e > d.index {
                Slot::Imml(i)
            } else {
                Slot::Immr(i)
            };
        }
    }
    let rules = BundleRules::new(model);
    let lane = (pc >> 2) % rules.lane_count.max(1);
    check_placed(&needs, &slots, lane, &rules).map_err(|e| DecodeFault::Illegal(e.to_string()))?;
    let plain: Vec<Operation> = ops.iter().map(|d| d.op).collect();
    check_writes(&plain).map_err(|e| DecodeFault::Illegal(e.to_string()))?;
    for d in &ops {
        let info = d.op.info();
        if info.class == OpClass::Custom
            && info
                .custom_slot()
                .and_then(|n| model.custom_slot(n))
                .is_none()
        {
            return Err(DecodeFault::Illegal(format!(
                "custom operation `{}` is not implemented by the {core} (ISA-ST200 §4.10)",
                info.mnemonic
            )));
        }
        for (spec, &v) in info.syntax.operands.iter().zip(&d.op.operands) {
            // A register the machine lacks (§1.2, §1.3, `registers`).
            let missing = match spec.kind {
                OperandKind::Gr | OperandKind::GrNoLink => model.missing_register(false, v as u32),
                OperandKind::Br => model.missing_register(true, v as u32),
                _ => None,
            };
            if let Some(m) = missing {
                return Err(DecodeFault::Illegal(format!(
                    "{m} (an operand of `{}`, ISA-ST200 §1.2, §1.3)",
                    info.mnemonic
                )));
            }
            if spec.kind == OperandKind::GrNoLink && spec.role == Role::Dest && v == 63 {
                return Err(DecodeFault::Illegal(format!(
                    "`{}` cannot write $r63 (ISA-ST200 §1.2)",
                    info.mnemonic
                )));
            }
        }
    }
    Ok(ops)
}

/// Decodes the bundle at `pc` into `code` (appending constants to `vals`),
/// and returns its index in `code.bundles`.
pub fn decode_into(
    mem: &Memory,
    pc: u32,
    model: &ProcessorModel,
    code: &mut Code,
    vals: &mut Vec<u32>,
) -> Result<u32, DecodeFault> {
    let most = (BundleRules::new(model).max_syllables() as u32).min(MAX_SYLLABLES);
    let words = fetch_words(mem, pc, most)?;
    let ops = decode_ops(&words, pc, model)?;
    let op_start = code.ops.len() as u32;
    let src_start = code.srcs.len() as u32;
    let dst_start = code.dsts.len() as u32;
    let mut memory = false;
    let mut syscall = false;
    let mut counted_ops = 0u8;
    for d in &ops {
        let shown = d.op.info();
        if shown.name != "nop" {
            counted_ops += 1;
        }
        // The semantics of an alias are those of the operation it stands
        // for (§4.9): decode the syllable again without aliases.
        let word = words[d.index];
        let mut op = decode_unaliased(word, model.core)
            .ok_or_else(|| DecodeFault::Illegal(format!("illegal encoding 0x{word:08x}")))?;
        if let Some(e) = d.ext_index {
            apply_extension(&mut op, word, words[e] & 0x7F_FFFF);
        }
        let info = op.info();
        let kind = if shown.name == "idle" {
            Kind::Idle
        } else if info.custom_slot().is_some() {
            Kind::Custom
        } else {
            kind_of(info.name).ok_or_else(|| {
                DecodeFault::Illegal(format!("`{}` is not simulated", info.mnemonic))
            })?
        };
        // Timing class as the decoder names it (`syncins` is a System op).
        let class = shown.class;
        // a declared custom operation has the stages of its own class
        let st = model.op_stages(shown);
        let read = st.read.min(255) as u8;
        let result = st.result.unwrap_or(st.read).min(255) as u8;
        let mut m = MicroOp {
            kind,
            d: SINK,
            d2: SINK,
            a: 0,
            b: 0,
            c: 0,
            target: 0,
            stage: read,
        };
        if let Some(n) = info.custom_slot() {
            m.target = n;
        }
        let mut values = 0;
        let mut push_value = |m: &mut MicroOp, idx: u32| {
            match values {
                0 => m.a = idx,
                1 => m.b = idx,
                _ => m.c = idx,
            }
            values += 1;
        };
        for (spec, &v) in info.syntax.operands.iter().zip(&op.operands) {
            match (spec.kind, spec.role) {
                (OperandKind::Gr | OperandKind::GrNoLink | OperandKind::Link, Role::Dest) => {
                    let r = if spec.kind == OperandKind::Link {
                        63
                    } else {
                        v as u32
                    };
                    m.d = if r == 0 { SINK } else { r };
                }
                (OperandKind::Br, Role::Dest) => {
                    let r = BR_BASE + v as u32;
                    if m.d == SINK && !matches!(kind, Kind::Addcg | Kind::Divs) {
                        m.d = r;
                    } else {
                        m.d2 = r;
                    }
                }
                (OperandKind::Gr | OperandKind::GrNoLink, Role::Src) => {
                    let r = v as u32;
                    if r != 0 {
                        code.srcs.push(Src {
                            reg: r as u8,
                            stage: read,
                        });
                    }
                    push_value(&mut m, r);
                }
                (OperandKind::Link, Role::Src) => {
                    code.srcs.push(Src {
                        reg: 63,
                        stage: read,
                    });
                    push_value(&mut m, 63);
                }
                (OperandKind::Br, Role::Src) => {
                    let r = BR_BASE + v as u32;
                    code.srcs.push(Src {
                        reg: r as u8,
                        stage: read,
                    });
                    m.c = r;
                }
                (OperandKind::Imm, _) => {
                    let idx = vals.len() as u32;
                    vals.push(v as u32);
                    push_value(&mut m, idx);
                }
                (OperandKind::Num21, _) => m.target = v as u32,
                (OperandKind::BTarg, _) => m.target = pc.wrapping_add((v as u32).wrapping_mul(4)),
            }
        }
        for r in [m.d, m.d2] {
            if r != SINK {
                code.dsts.push(Dst {
                    reg: r as u8,
                    stage: result,
                    class,
                });
            }
        }
        memory |= kind.is_load_or_store();
        syscall |= kind == Kind::Syscall;
        code.ops.push(m);
    }
    let index = code.bundles.len() as u32;
    code.bundles.push(Bundle {
        pc,
        next_pc: pc.wrapping_add(4 * words.len() as u32),
        syllables: words.len() as u8,
        op_start,
        op_count: (code.ops.len() as u32 - op_start) as u8,
        src_start,
        src_count: (code.srcs.len() as u32 - src_start) as u8,
        dst_start,
        dst_count: (code.dsts.len() as u32 - dst_start) as u8,
        memory,
        syscall,
        counted_ops,
    });
    Ok(index)
}

/// The disassembly of the bundle at `pc` on `model`'s core, one operation
/// after the other separated by ` ; ` and ended by ` ;;`, or a description
/// of why it cannot be decoded (the raw words).
pub fn disassemble(mem: &Memory, pc: u32, model: &ProcessorModel) -> String {
    let most = (BundleRules::new(model).max_syllables() as u32).min(MAX_SYLLABLES);
    let mut words = Vec::new();
    for i in 0..most {
        match mem.read(pc.wrapping_add(4 * i), 4) {
            Ok(w) => {
                words.push(w);
                if w & encoding::STOP_BIT != 0 {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    if words.is_empty() {
        return "<unmapped>".to_string();
    }
    match encoding::decode_bundle(&words, model.core) {
        Ok(ops) if words.last().is_some_and(|w| w & encoding::STOP_BIT != 0) => {
            let texts: Vec<String> = ops.iter().map(|d| encoding::format(&d.op)).collect();
            format!("{} ;;", texts.join(" ; "))
        }
        _ => {
            let raw: Vec<String> = words.iter().map(|w| format!("0x{w:08x}")).collect();
            format!(".word {}", raw.join(", "))
        }
    }
}
