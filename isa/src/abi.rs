//! The ST200 ABI as data: register roles and preservation (ISA-ST200
//! §7.1), argument and result registers (§7.2), stack alignment, the
//! scratch area and the variadic register dump (§7.3), register-file sizes
//! (§1.2, §1.3), and the register-allocation policy a compiler derives from
//! the roles (allocation order, spill scratch registers).
//!
//! Register numbers are plain `u32` (`$rN` ↔ `N`, `$bN` ↔ `N`) so that they
//! can be compared directly with decoded syllable fields; functions taking a
//! register number return `None`/`false` for numbers outside the file.

use std::ops::RangeInclusive;

/// Number of general registers `$r0`…`$r63` (§1.2).
pub const GR_COUNT: u32 = 64;
/// Number of branch registers `$b0`…`$b7` (§1.3).
pub const BR_COUNT: u32 = 8;
/// Width of a general register (bits, §1.2).
pub const GR_BITS: u32 = 32;

/// `$r0`: always reads as zero, writes are discarded (§1.2).
pub const ZERO: u32 = 0;
/// `$r7`: frame pointer when a function needs one; callee-saved (§7.1).
pub const FP: u32 = 7;
/// `$r8`: static-chain pointer for nested functions (§7.1).
pub const STATIC_CHAIN: u32 = 8;
/// `$r12`: stack pointer (§7.1).
pub const SP: u32 = 12;
/// `$r13`: thread pointer (TLS base), reserved (§7.1).
pub const TP: u32 = 13;
/// `$r14`: global pointer (§7.1).
pub const GP: u32 = 14;
/// `$r15`: address of the caller-allocated buffer for large struct results (§7.1, §7.2).
pub const STRUCT_RETURN: u32 = 15;
/// `$r63`: link register written by `call`, read by `icall`/`igoto`/`return` (§1.2, §7.1).
pub const LINK: u32 = 63;

/// `$r16`…`$r23`: the first 8 argument words (§7.2).
pub const ARG_REGS: RangeInclusive<u32> = 16..=23;
/// Number of argument registers (§7.2).
pub const ARG_REG_COUNT: u32 = 8;
/// Bytes of the argument list passed in registers (bytes; 8 words, §7.2).
pub const ARG_REG_BYTES: u32 = 32;
/// `$r16`…`$r23`: result registers. A 32-bit result is in `$r16`, a 64-bit
/// one in `$r16`/`$r17` (lower-addressed word in `$r16`), a structure of up
/// to 32 bytes in `$r16`…`$r23` (§7.2).
pub const RET_REGS: RangeInclusive<u32> = 16..=23;
/// `$r16`: the register of a 32-bit result (§7.2).
pub const RET_REG: u32 = 16;
/// Largest structure returned in registers (bytes, §7.2); larger ones go
/// through the buffer addressed by [`STRUCT_RETURN`].
pub const MAX_STRUCT_RET_BYTES: u32 = 32;

/// Bytes of a general register and of an argument word (§1.2, §7.2).
pub const WORD_BYTES: u32 = 4;

/// Alignment of `$r12` at every call (bytes, §7.3).
pub const STACK_ALIGN: u32 = 8;
/// Size of the scratch area at `[$r12, $r12 + 16)` that a caller provides
/// to its callee (bytes, §7.3).
pub const SCRATCH_AREA: u32 = 16;
/// Offset from the caller's `$r12` of the first stack-passed argument word
/// (bytes, §7.3): just above the scratch area.
pub const STACK_ARGS_OFFSET: u32 = SCRATCH_AREA;
/// Largest alignment of any type (bytes, §1.1).
pub const MAX_ALIGN: u32 = 8;

/// Which ABI variant a module follows; only the global pointer's
/// preservation differs (§7.1, §7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbiKind {
    /// Embedded (bare-metal) ABI: `$r14` is callee-saved.
    Embedded,
    /// PIC ABI (Linux): `$r14` is caller-saved and re-established from the
    /// callee's function descriptor.
    Pic,
}

/// The role of a general register (ISA-ST200 §7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegRole {
    /// `$r0`: constant zero.
    Zero,
    /// `$r1`…`$r6`: general, callee-saved.
    CalleeSaved,
    /// `$r7`: general, callee-saved; the frame pointer when a function needs one.
    FramePointer,
    /// `$r8`: static-chain pointer (and exception-handling data); caller-saved.
    StaticChain,
    /// `$r9`: exception-handling data; caller-saved.
    ExceptionData,
    /// `$r10`, `$r11`, `$r24`…`$r62`: caller-saved temporaries.
    Temporary,
    /// `$r12`: stack pointer, restored by the callee.
    StackPointer,
    /// `$r13`: thread pointer, reserved, never allocated.
    ThreadPointer,
    /// `$r14`: global pointer (callee-saved in the embedded ABI, caller-saved in PIC).
    GlobalPointer,
    /// `$r15`: address of the buffer for a large struct result; caller-saved.
    StructReturn,
    /// `$r16`…`$r23`: arguments and results; caller-saved.
    Argument,
    /// `$r63`: return address; caller-saved.
    Link,
}

impl RegRole {
    /// Whether a register of this role keeps its value across a call under
    /// `abi` (the callee saves/restores it or never changes it): the
    /// callee-saved registers, the frame pointer, the stack pointer, the
    /// thread pointer, and the global pointer in the embedded ABI (§7.1).
    /// `$r0` (constant) answers false: it has no value to preserve.
    pub const fn preserved(self, abi: AbiKind) -> bool {
        match self {
            RegRole::CalleeSaved
            | RegRole::FramePointer
            | RegRole::StackPointer
            | RegRole::ThreadPointer => true,
            RegRole::GlobalPointer => matches!(abi, AbiKind::Embedded),
            RegRole::Zero
            | RegRole::StaticChain
            | RegRole::ExceptionData
            | RegRole::Temporary
            | RegRole::StructReturn
            | RegRole::Argument
            | RegRole::Link => false,
        }
    }

    /// Whether a register allocator may use a register of this role for
    /// ordinary values: everything except `$r0`, the stack, thread and
    /// global pointers (§7.1). (`$r7` is allocatable when no frame pointer is
    /// needed; `$r63` is an ordinary register apart from `call`, §1.2.)
    pub const fn allocatable(self) -> bool {
        !matches!(
            self,
            RegRole::Zero | RegRole::StackPointer | RegRole::ThreadPointer | RegRole::GlobalPointer
        )
    }
}

const fn role_of(n: usize) -> RegRole {
    match n {
        0 => RegRole::Zero,
        1..=6 => RegRole::CalleeSaved,
        7 => RegRole::FramePointer,
        8 => RegRole::StaticChain,
        9 => RegRole::ExceptionData,
        12 => RegRole::StackPointer,
        13 => RegRole::ThreadPointer,
        14 => RegRole::GlobalPointer,
        15 => RegRole::StructReturn,
        16..=23 => RegRole::Argument,
        63 => RegRole::Link,
        // 10, 11, 24..=62.
        _ => RegRole::Temporary,
    }
}

const fn build_roles() -> [RegRole; 64] {
    let mut t = [RegRole::Temporary; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = role_of(i);
        i += 1;
    }
    t
}

/// The role of every general register, indexed by register number (§7.1).
pub const GR_ROLES: [RegRole; 64] = build_roles();

/// The role of `$rN`, or `None` if `n` ≥ 64 (§7.1).
pub const fn gr_role(n: u32) -> Option<RegRole> {
    if n < GR_COUNT {
        Some(GR_ROLES[n as usize])
    } else {
        None
    }
}

/// Whether `$rN` is one of the callee-saved registers a function must save
/// before using: `$r1`…`$r7` (§7.1). The stack pointer and (embedded ABI)
/// global pointer are also preserved but are not allocated; see
/// [`is_preserved`].
pub const fn is_callee_saved(n: u32) -> bool {
    matches!(
        gr_role(n),
        Some(RegRole::CalleeSaved | RegRole::FramePointer)
    )
}

/// Whether `$rN` keeps its value across a call under `abi` (see
/// [`RegRole::preserved`]; §7.1).
pub const fn is_preserved(n: u32, abi: AbiKind) -> bool {
    match gr_role(n) {
        Some(role) => role.preserved(abi),
        None => false,
    }
}

/// Whether `$rN` may be clobbered by a call under `abi`: every allocatable
/// register that is not preserved (`$r8`…`$r11`, `$r15`…`$r63`, and `$r14`
/// in the PIC ABI) (§7.1).
pub const fn is_caller_saved(n: u32, abi: AbiKind) -> bool {
    match gr_role(n) {
        Some(RegRole::GlobalPointer) => matches!(abi, AbiKind::Pic),
        Some(role) => role.allocatable() && !role.preserved(abi),
        None => false,
    }
}

/// The general registers a *runtime support routine* may write: `$r0`…
/// `$r(SUPPORT_GENERAL−1)` (and `$r63`, by its own calls). A convention of
/// this toolchain on top of §7.1, not of ST's ABI: the routines the
/// compiler calls for operations the core lacks (libgcc's integer
/// division, 64-bit shifts and multiplies, and soft-float arithmetic,
/// comparisons and conversions) are written or compiled to use only these
/// registers and to call nothing but each other, so a call to one of
/// them leaves `$r48`…`$r62` intact. Code around such a call keeps its
/// values there instead of spilling them or tying up the seven
/// callee-saved registers (the manual, "Runtime", support routines).
/// Why 48: with 40 the soft-float routines spill on their fast paths
/// (`__adddf3` 52 → 58 cycles, `__divdf3` 98 → 129, perfect caches); with
/// 48 they stay within a few cycles of the unrestricted code and the
/// float benchmarks run 1–4 % fewer cycles outside I-cache stalls.
/// Objects built by another compiler may call the routines as ordinary
/// functions; code built by `lcc` needs this runtime's routines.
pub const SUPPORT_GENERAL: u32 = 48;

/// Whether a call to a runtime support routine may change `$rN` (see
/// [`SUPPORT_GENERAL`]): the caller-saved registers of §7.1 below
/// `$r48`, and `$r63`.
pub const fn is_support_clobbered(n: u32, abi: AbiKind) -> bool {
    is_caller_saved(n, abi) && (n < SUPPORT_GENERAL || n == LINK)
}

/// Whether `$bN` is callee-saved: never — all branch registers are
/// caller-saved temporaries (§7.1). False also for `n` ≥ 8.
pub const fn is_br_callee_saved(n: u32) -> bool {
    let _ = n;
    false
}

/// The register that holds argument word `word` (0-based, 4-byte words of
/// the argument list laid out as in memory), or `None` if that word is
/// passed on the stack (§7.2). 64-bit scalars start on an even word, so the
/// caller rounds `word` up to even before asking for one.
pub const fn arg_reg(word: u32) -> Option<u32> {
    if word < ARG_REG_COUNT {
        Some(*ARG_REGS.start() + word)
    } else {
        None
    }
}

/// The register that holds result word `word` (0-based, 4-byte words of
/// the result as in memory): `$r16`, `$r17`, … `$r23`, or `None` past the
/// 32 bytes returned in registers (§7.2).
pub const fn ret_reg(word: u32) -> Option<u32> {
    if word < MAX_STRUCT_RET_BYTES / WORD_BYTES {
        Some(RET_REG + word)
    } else {
        None
    }
}

/// Offset from the caller's `$r12` of argument word `word` of the argument
/// list laid out as in memory (bytes, §7.2, §7.3): the words from 8 on are
/// the stack arguments at 16, 20, …; words 0–7, passed in `$r16`–`$r23`,
/// have their home in the 32-byte area ending at caller `$r12 + 16` into
/// which a variadic callee dumps them, at −16, −12, … 12, so that the whole
/// list is contiguous (its upper 16 bytes are the caller's scratch area).
pub const fn arg_word_offset(word: u32) -> i32 {
    STACK_ARGS_OFFSET as i32 - ARG_REG_BYTES as i32 + (word * WORD_BYTES) as i32
}

/// Offset from the caller's `$r12` of argument word `word` when it is
/// passed on the stack (bytes, §7.2, §7.3): word 8 is at 16, word 9 at 20, …
/// `None` for a word passed in a register, or on overflow.
pub const fn stack_arg_offset(word: u32) -> Option<u32> {
    if word < ARG_REG_COUNT {
        return None;
    }
    match (word - ARG_REG_COUNT).checked_mul(4) {
        Some(b) => b.checked_add(STACK_ARGS_OFFSET),
        None => None,
    }
}

// ---------------------------------------------------------------------------
// Register allocation policy derived from the roles of §7.1.

/// General registers a compiler keeps out of allocation to hold spilled
/// values around the operation that uses or defines them: `$r8`–`$r11`.
/// They are caller-saved (§7.1), so no prologue saves them; they are
/// neither argument, result nor struct-return registers, so the calling
/// convention never fixes them (§7.2); and the special roles of `$r8`
/// (static chain) and `$r9` (exception-handling data) are unused by C code
/// without nested functions or exceptions, leaving four plain temporaries.
pub const GR_SPILL_SCRATCH: [u32; 4] = [8, 9, 10, 11];

/// Branch register kept out of allocation for spill code: `$b7`. Every BR
/// is a caller-saved temporary (§7.1); the last one is taken.
pub const BR_SPILL_SCRATCH: u32 = BR_COUNT - 1;

/// Whether `$rN` is one of [`GR_SPILL_SCRATCH`].
const fn is_spill_scratch(n: u32) -> bool {
    let mut k = 0;
    while k < GR_SPILL_SCRATCH.len() {
        if GR_SPILL_SCRATCH[k] == n {
            return true;
        }
        k += 1;
    }
    false
}

/// Number of general registers in [`GR_ALLOCATION_ORDER`]: every
/// allocatable register (§7.1) but `$r63`, `$r8`, `$r9` and the spill
/// scratch registers.
const GR_ALLOCATABLE: usize = 55;

const fn gr_allocation_order() -> [u32; GR_ALLOCATABLE] {
    let mut out = [0u32; GR_ALLOCATABLE];
    let mut k = 0;
    let mut pass = 0;
    while pass < 4 {
        let mut n = 0;
        while n < GR_COUNT {
            let take = match GR_ROLES[n as usize] {
                RegRole::Temporary => pass == 0 && !is_spill_scratch(n),
                RegRole::StructReturn => pass == 1,
                RegRole::Argument => pass == 2,
                RegRole::CalleeSaved | RegRole::FramePointer => pass == 3,
                _ => false,
            };
            if take {
                out[k] = n;
                k += 1;
            }
            n += 1;
        }
        pass += 1;
    }
    assert!(k == GR_ALLOCATABLE);
    out
}

/// The order in which a register allocator tries general registers, by
/// their roles of §7.1:
/// 1. the caller-saved temporaries `$r24`–`$r62`: free to use, nothing to
///    save, and never fixed by the calling convention;
/// 2. `$r15` and the argument/result registers `$r16`–`$r23`: also
///    caller-saved, but the calling convention uses them around calls and
///    returns (§7.2), where values are coalesced into them anyway;
/// 3. the callee-saved `$r1`–`$r7` last: the first use of one costs a save
///    and a restore in the prologue and epilogue (§7.3), but they are the
///    only registers that keep a value across a call.
///
/// Left out: `$r0` (constant), `$r12`–`$r14` (stack, thread and global
/// pointers, never allocated), `$r63` (written by every `call` and not a
/// valid destination of multiplies and sub-word loads, §1.2), and
/// [`GR_SPILL_SCRATCH`].
pub const GR_ALLOCATION_ORDER: [u32; GR_ALLOCATABLE] = gr_allocation_order();

/// The order in which a register allocator tries branch registers: `$b0`
/// up to `$b6` (all caller-saved, §7.1), [`BR_SPILL_SCRATCH`] left out.
pub const BR_ALLOCATION_ORDER: [u32; BR_COUNT as usize - 1] = [0, 1, 2, 3, 4, 5, 6];

/// [`GR_ALLOCATION_ORDER`] on a machine whose general register file is
/// `$r0`…`$r(general−1)` plus `$r63` (`[registers] general`, §1.2): the
/// same order without the registers the machine lacks. On a 64-register
/// machine it is [`GR_ALLOCATION_ORDER`] itself; on a 24-register one it
/// keeps `$r15`, `$r16`–`$r23` and `$r1`–`$r7`.
pub fn gr_allocation_order_for(general: u32) -> Vec<u32> {
    GR_ALLOCATION_ORDER
        .iter()
        .copied()
        .filter(|&n| n < general)
        .collect()
}

/// [`BR_SPILL_SCRATCH`] on a machine with `branch` branch registers
/// (`[registers] branch`, 1 to 8, §1.3): the last one it has.
pub const fn br_spill_scratch_for(branch: u32) -> u32 {
    let b = if branch == 0 {
        1
    } else if branch > BR_COUNT {
        BR_COUNT
    } else {
        branch
    };
    b - 1
}

/// [`BR_ALLOCATION_ORDER`] on a machine with `branch` branch registers:
/// `$b0` up to the one before [`br_spill_scratch_for`] (none on a machine
/// with a single BR, whose every branch value then lives in a GR and goes
/// through `$b0` with `mtb`/`mfb`).
pub fn br_allocation_order_for(branch: u32) -> Vec<u32> {
    (0..br_spill_scratch_for(branch)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_of_section_7_1() {
        // ISA-ST200 §7.1, row by row.
        assert_eq!(gr_role(0), Some(RegRole::Zero));
        for n in 1..=6 {
            assert_eq!(gr_role(n), Some(RegRole::CalleeSaved), "$r{n}");
        }
        assert_eq!(gr_role(7), Some(RegRole::FramePointer));
        assert_eq!(gr_role(8), Some(RegRole::StaticChain));
        assert_eq!(gr_role(9), Some(RegRole::ExceptionData));
        assert_eq!(gr_role(10), Some(RegRole::Temporary));
        assert_eq!(gr_role(11), Some(RegRole::Temporary));
        assert_eq!(gr_role(12), Some(RegRole::StackPointer));
        assert_eq!(gr_role(13), Some(RegRole::ThreadPointer));
        assert_eq!(gr_role(14), Some(RegRole::GlobalPointer));
        assert_eq!(gr_role(15), Some(RegRole::StructReturn));
        for n in 16..=23 {
            assert_eq!(gr_role(n), Some(RegRole::Argument), "$r{n}");
        }
        for n in 24..=62 {
            assert_eq!(gr_role(n), Some(RegRole::Temporary), "$r{n}");
        }
        assert_eq!(gr_role(63), Some(RegRole::Link));
        assert_eq!(gr_role(64), None);
        assert_eq!(gr_role(u32::MAX), None);
    }

    #[test]
    fn named_registers() {
        // §7.1 / §1.2.
        assert_eq!(
            (ZERO, FP, STATIC_CHAIN, SP, TP, GP, STRUCT_RETURN, LINK),
            (0, 7, 8, 12, 13, 14, 15, 63)
        );
        assert_eq!(GR_ROLES[SP as usize], RegRole::StackPointer);
        assert_eq!(GR_ROLES[GP as usize], RegRole::GlobalPointer);
        assert_eq!(GR_ROLES[TP as usize], RegRole::ThreadPointer);
        assert_eq!(GR_ROLES[LINK as usize], RegRole::Link);
        assert_eq!(GR_ROLES[FP as usize], RegRole::FramePointer);
        assert_eq!(GR_ROLES[STRUCT_RETURN as usize], RegRole::StructReturn);
        assert_eq!((GR_COUNT, BR_COUNT), (64, 8));
    }

    #[test]
    fn callee_saved_set() {
        // §7.1: exactly $r1–$r7 are callee-saved general registers.
        let saved: Vec<u32> = (0..70).filter(|&n| is_callee_saved(n)).collect();
        assert_eq!(saved, vec![1, 2, 3, 4, 5, 6, 7]);
        for n in 0..8 {
            assert!(!is_br_callee_saved(n));
        }
    }

    #[test]
    fn preserved_and_caller_saved() {
        // Embedded: $r1–$r7, $r12 (SP), $r13 (TP, never changed), $r14 (GP).
        let emb: Vec<u32> = (0..64)
            .filter(|&n| is_preserved(n, AbiKind::Embedded))
            .collect();
        assert_eq!(emb, vec![1, 2, 3, 4, 5, 6, 7, 12, 13, 14]);
        // PIC: GP is caller-saved (§7.1, §7.4).
        let pic: Vec<u32> = (0..64).filter(|&n| is_preserved(n, AbiKind::Pic)).collect();
        assert_eq!(pic, vec![1, 2, 3, 4, 5, 6, 7, 12, 13]);
        // Caller-saved: $r8–$r11, $r15–$r63 (+ $r14 in PIC).
        let mut expect: Vec<u32> = (8..=11).chain(15..=63).collect();
        let cs: Vec<u32> = (0..70)
            .filter(|&n| is_caller_saved(n, AbiKind::Embedded))
            .collect();
        assert_eq!(cs, expect);
        expect.insert(4, 14);
        let cs: Vec<u32> = (0..70)
            .filter(|&n| is_caller_saved(n, AbiKind::Pic))
            .collect();
        assert_eq!(cs, expect);
        // No register is both.
        for abi in [AbiKind::Embedded, AbiKind::Pic] {
            for n in 0..64 {
                assert!(!(is_preserved(n, abi) && is_caller_saved(n, abi)), "$r{n}");
            }
        }
        assert!(!is_preserved(64, AbiKind::Embedded));
    }

    #[test]
    fn allocatable() {
        let not: Vec<u32> = (0..64)
            .filter(|&n| !GR_ROLES[n as usize].allocatable())
            .collect();
        assert_eq!(not, vec![0, 12, 13, 14]);
    }

    #[test]
    fn argument_registers_of_section_7_2() {
        assert_eq!(ARG_REGS, 16..=23);
        assert_eq!(RET_REGS, 16..=23);
        assert_eq!(RET_REG, 16);
        assert_eq!(ARG_REGS.clone().count() as u32, ARG_REG_COUNT);
        assert_eq!(ARG_REG_COUNT * 4, ARG_REG_BYTES);
        assert_eq!(arg_reg(0), Some(16));
        assert_eq!(arg_reg(7), Some(23));
        assert_eq!(arg_reg(8), None);
        // §7.2/§7.3: the 9th word is the first on the stack, at caller $r12 + 16.
        assert_eq!(stack_arg_offset(7), None);
        assert_eq!(stack_arg_offset(8), Some(16));
        assert_eq!(stack_arg_offset(9), Some(20));
        assert_eq!(stack_arg_offset(u32::MAX), None);
    }

    #[test]
    fn result_registers_and_argument_homes() {
        assert_eq!(ret_reg(0), Some(16));
        assert_eq!(ret_reg(1), Some(17));
        assert_eq!(ret_reg(7), Some(23));
        assert_eq!(ret_reg(8), None);
        // §7.3: the variadic dump ends at caller $r12 + 16, where the stack
        // arguments start
        assert_eq!(arg_word_offset(0), -16);
        assert_eq!(arg_word_offset(7), 12);
        for w in 8..20 {
            assert_eq!(Some(arg_word_offset(w) as u32), stack_arg_offset(w));
        }
    }

    #[test]
    fn allocation_policy() {
        let mut expect: Vec<u32> = (24..=62).collect();
        expect.push(15);
        expect.extend(16..=23);
        expect.extend(1..=7);
        assert_eq!(GR_ALLOCATION_ORDER.to_vec(), expect);
        for n in GR_ALLOCATION_ORDER.iter().chain(&GR_SPILL_SCRATCH) {
            assert!(GR_ROLES[*n as usize].allocatable(), "$r{n}");
            assert!(!is_preserved(*n, AbiKind::Embedded) || is_callee_saved(*n));
        }
        for n in GR_SPILL_SCRATCH {
            assert!(is_caller_saved(n, AbiKind::Embedded));
            assert!(!ARG_REGS.contains(&n) && n != STRUCT_RETURN);
            assert!(!GR_ALLOCATION_ORDER.contains(&n));
        }
        assert_eq!(BR_SPILL_SCRATCH, 7);
        assert!(!BR_ALLOCATION_ORDER.contains(&BR_SPILL_SCRATCH));
        assert_eq!(BR_ALLOCATION_ORDER.len() + 1, BR_COUNT as usize);
    }

    #[test]
    fn stack_of_section_7_3() {
        assert_eq!(STACK_ALIGN, 8);
        assert_eq!(SCRATCH_AREA, 16);
        assert_eq!(STACK_ARGS_OFFSET, 16);
        assert_eq!(MAX_ALIGN, 8);
        assert_eq!(MAX_STRUCT_RET_BYTES, 32);
    }

    #[test]
    fn allocation_orders_of_smaller_register_files() {
        // Full files (§1.2, §1.3): the orders themselves.
        assert_eq!(gr_allocation_order_for(64), GR_ALLOCATION_ORDER.to_vec());
        assert_eq!(br_allocation_order_for(8), BR_ALLOCATION_ORDER.to_vec());
        assert_eq!(br_spill_scratch_for(8), BR_SPILL_SCRATCH);
        // 24 GRs: by §7.1 the allocatable ones below 24 are $r1-$r7, $r10,
        // $r11 (kept as spill scratch with $r8, $r9), $r15 and $r16-$r23.
        let mut g24 = gr_allocation_order_for(24);
        g24.sort_unstable();
        let mut want: Vec<u32> = (1..=7).chain(15..=23).collect();
        want.sort_unstable();
        assert_eq!(g24, want);
        // 32 GRs add the temporaries $r24-$r31, tried first.
        let g32 = gr_allocation_order_for(32);
        assert_eq!(g32.len(), 16 + 8);
        assert_eq!(&g32[..8], &[24, 25, 26, 27, 28, 29, 30, 31]);
        // BRs: the last is the spill scratch.
        assert_eq!(br_spill_scratch_for(2), 1);
        assert_eq!(br_allocation_order_for(2), vec![0]);
        assert_eq!(br_spill_scratch_for(1), 0);
        assert!(br_allocation_order_for(1).is_empty());
    }
}
