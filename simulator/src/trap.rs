//! Why a run stops, and the exit statuses of `stsim` (docs/src/design/architecture.md §5).
//!
//! | exit status | meaning |
//! |---|---|
//! | 0–255 | the program called `exit` (syscall 1) with this status (low 8 bits) |
//! | 2 | bad command line (clap's usage error) |
//! | 124 | `--max-cycles` reached (as `timeout` does) |
//! | 125 | the program could not be loaded (unreadable file, malformed ELF, wrong machine, bad `--machine` model) |
//! | 132 | illegal instruction: illegal encoding, broken bundle rule, custom op, op absent from the core (128 + SIGILL) |
//! | 133 | `sbrk` / `break` breakpoint (128 + SIGTRAP) |
//! | 134 | `idle` with no interrupt source: the core would wait forever (128 + SIGABRT) |
//! | 135 | misaligned load, store or PC (128 + SIGBUS) |
//! | 138 | stack overflow: a store below the stack limit (`__stack_limit`) made with the stack pointer below it |
//! | 139 | access to unmapped memory, fetch outside executable memory, bad control-register access (128 + SIGSEGV) |

use std::fmt;

/// Exit status when `--max-cycles` stops a run.
pub const EXIT_MAX_CYCLES: i32 = 124;
/// Exit status when the program cannot be loaded.
pub const EXIT_LOAD_ERROR: i32 = 125;
/// Exit status of an illegal-instruction trap.
pub const EXIT_ILLEGAL: i32 = 132;
/// Exit status of a breakpoint trap.
pub const EXIT_BREAKPOINT: i32 = 133;
/// Exit status of `idle`.
pub const EXIT_IDLE: i32 = 134;
/// Exit status of a misaligned access.
pub const EXIT_MISALIGNED: i32 = 135;
/// Exit status of a stack overflow.
pub const EXIT_STACK_OVERFLOW: i32 = 138;
/// Exit status of an access fault.
pub const EXIT_SEGV: i32 = 139;

/// What went wrong in a trapping bundle (ISA-ST200 §1.7 causes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrapKind {
    /// A syllable of the bundle is not in executable memory (STBUS_IC_ERROR / ITLB).
    Fetch {
        /// Address of the syllable that could not be fetched.
        addr: u32,
    },
    /// The PC is not a multiple of 4 (§1.4).
    MisalignedPc,
    /// Illegal encoding, unbundleable syllables, or an operation the core
    /// lacks (ILL_INST), with the rule broken.
    Illegal(String),
    /// A load or store to an unmapped address (DTLB / bus error).
    Unmapped {
        /// Effective address.
        addr: u32,
        /// Access size in bytes.
        size: u32,
        /// Store (true) or load (false).
        write: bool,
    },
    /// A load or store whose address is not a multiple of its size (MISALIGNED_TRAP, §4.6).
    Misaligned {
        /// Effective address.
        addr: u32,
        /// Access size in bytes.
        size: u32,
        /// Store (true) or load (false).
        write: bool,
    },
    /// An access to an unimplemented control register (CREG_NO_MAPPING, §1.5).
    CregNoMapping {
        /// Address.
        addr: u32,
    },
    /// A sub-word access to the control-register space (CREG_ACCESS_VIOLATION, §4.6).
    CregAccess {
        /// Address.
        addr: u32,
        /// Access size in bytes.
        size: u32,
    },
    /// `sbrk n` (SBREAK) or `break` (ILL_INST used as a hard break, §4.8).
    Breakpoint(String),
    /// `idle` with no interrupt source.
    Idle,
    /// A store at or above the stack pointer and below the stack limit
    /// (`__stack_limit`), the stack pointer being below the limit: the
    /// stack has grown into the memory under it (the heap).
    StackOverflow {
        /// Effective address of the store.
        addr: u32,
        /// The stack pointer (`$r12`).
        sp: u32,
        /// The lowest address of the stack.
        limit: u32,
    },
}

impl TrapKind {
    /// The documented exit status of `stsim` for this trap (module table).
    pub fn exit_code(&self) -> i32 {
        match self {
            TrapKind::Illegal(_) => EXIT_ILLEGAL,
            TrapKind::Breakpoint(_) => EXIT_BREAKPOINT,
            TrapKind::Idle => EXIT_IDLE,
            TrapKind::StackOverflow { .. } => EXIT_STACK_OVERFLOW,
            TrapKind::MisalignedPc | TrapKind::Misaligned { .. } => EXIT_MISALIGNED,
            TrapKind::Fetch { .. }
            | TrapKind::Unmapped { .. }
            | TrapKind::CregNoMapping { .. }
            | TrapKind::CregAccess { .. } => EXIT_SEGV,
        }
    }
}

fn access(size: u32, write: bool) -> String {
    format!(
        "{} of {} byte{}",
        if write { "store" } else { "load" },
        size,
        if size == 1 { "" } else { "s" }
    )
}

impl fmt::Display for TrapKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrapKind::Fetch { addr } => write!(
                f,
                "instruction fetch from 0x{addr:08x}, which is not in executable memory"
            ),
            TrapKind::MisalignedPc => {
                write!(f, "misaligned PC: bundles start on 4-byte boundaries (ISA-ST200 §1.4)")
            }
            TrapKind::Illegal(why) => write!(f, "illegal instruction: {why}"),
            TrapKind::Unmapped { addr, size, write } => write!(
                f,
                "{} at unmapped address 0x{addr:08x}",
                access(*size, *write)
            ),
            TrapKind::Misaligned { addr, size, write } => write!(
                f,
                "misaligned {} at address 0x{addr:08x} (must be a multiple of {size}, ISA-ST200 §4.6)",
                access(*size, *write)
            ),
            TrapKind::CregNoMapping { addr } => write!(
                f,
                "access to unimplemented control register 0x{addr:08x} (ISA-ST200 §1.5)"
            ),
            TrapKind::CregAccess { addr, size } => write!(
                f,
                "{}-byte access to control register 0x{addr:08x}: only word accesses are allowed (ISA-ST200 §4.6)",
                size
            ),
            TrapKind::Breakpoint(what) => write!(f, "breakpoint: `{what}` executed"),
            TrapKind::Idle => write!(
                f,
                "`idle` executed but no interrupt can wake the core: it would wait forever"
            ),
            TrapKind::StackOverflow { addr, sp, limit } => write!(
                f,
                "stack overflow: store at 0x{addr:08x} with the stack pointer $r12 = 0x{sp:08x}, below the stack limit 0x{limit:08x} (__stack_limit; link with a larger --defsym __stack_size=N)"
            ),
        }
    }
}

/// A trap: its kind, the PC of the trapping bundle and the cycle at which
/// it was about to issue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trap {
    /// What went wrong.
    pub kind: TrapKind,
    /// Address of the trapping bundle.
    pub pc: u32,
    /// Cycle count when the trap happened.
    pub cycle: u64,
}

/// Why [`crate::Machine::run`] returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The program called `exit` (syscall 1) with this status.
    Exit(i32),
    /// The program trapped.
    Trap(Trap),
    /// The cycle limit was reached before the bundle at `pc` could issue.
    MaxCycles {
        /// The limit (cycles).
        limit: u64,
        /// PC of the next bundle.
        pc: u32,
    },
}

impl Stop {
    /// The exit status `stsim` returns for this stop (module table): the
    /// program's status masked to 8 bits as a host process's would be, or
    /// the trap's code.
    pub fn exit_code(&self) -> i32 {
        match self {
            Stop::Exit(s) => s & 0xFF,
            Stop::Trap(t) => t.kind.exit_code(),
            Stop::MaxCycles { .. } => EXIT_MAX_CYCLES,
        }
    }
}
