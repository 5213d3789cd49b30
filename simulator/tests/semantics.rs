//! One semantic test per ST231 operation (ISA-ST200 §4), assembled with
//! `las` and run on the simulator. Every expected value is derived here by
//! hand from the definitions of §4 (the derivation is in the comment or in
//! the expression), never taken from the simulator's output.

mod common;
use common::*;
use simulator::{Stop, TrapKind};

/// `$r1 = a`, `$r2 = b`, then `op $r3 = $r1, $r2` (register form) and, if
/// `imm`, `op $r4 = $r1, b` (immediate form, long when b does not fit in
/// 9 bits); returns `$r3` and checks that both forms agree.
fn rr(op: &str, a: u32, b: u32, imm: bool) -> u32 {
    let mut body = format!("\tmov $r1 = {a}\n\tmov $r2 = {b}\n\t;;\n\t{op} $r3 = $r1, $r2\n");
    if imm {
        body += &format!("\t;;\n\t{op} $r4 = $r1, {}\n", b as i32);
    }
    let m = exec(&body);
    if imm {
        assert_eq!(
            m.gr(4),
            m.gr(3),
            "{op} immediate form vs register form, a={a:#x} b={b:#x}"
        );
    }
    m.gr(3)
}

/// `op $r3 = $r1` for single-operand ops (§4.2).
fn mono(op: &str, a: u32) -> u32 {
    exec(&format!("\tmov $r1 = {a}\n\t;;\n\t{op} $r3 = $r1\n")).gr(3)
}

#[test]
fn add_wraps_modulo_2_32() {
    assert_eq!(rr("add", 2, 3, true), 5);
    // 0x7FFFFFFF + 1 = 0x80000000 (no overflow trap, §4.0).
    assert_eq!(rr("add", 0x7FFF_FFFF, 1, true), 0x8000_0000);
    // 0xFFFFFFFF + 1 = 2^32 → 0.
    assert_eq!(rr("add", 0xFFFF_FFFF, 1, true), 0);
    // Long immediate 0x12345678 (§2.4).
    assert_eq!(rr("add", 1, 0x1234_5678, true), 0x1234_5679);
}

#[test]
fn sub_register_and_immediate_forms() {
    // `sub $d = $x, $y` = x − y (§4.1): 5 − 7 = −2.
    assert_eq!(rr("sub", 5, 7, false), 0xFFFF_FFFE);
    // `sub $d = imm, $y` = imm − y: 100 − 7 = 93; 1000 − 7 = 993 (long).
    let m = exec("\tmov $r2 = 7\n\t;;\n\tsub $r3 = 100, $r2\n\tsub $r4 = 1000, $r2\n");
    assert_eq!((m.gr(3), m.gr(4)), (93, 993));
}

#[test]
fn shl_counts_use_8_bits_and_32_or_more_gives_0() {
    assert_eq!(rr("shl", 1, 31, true), 0x8000_0000);
    assert_eq!(rr("shl", 1, 32, true), 0);
    assert_eq!(rr("shl", 0xFFFF_FFFF, 255, true), 0);
    // Count 0x101: B[7:0] = 1 → 2.
    assert_eq!(rr("shl", 1, 0x101, true), 2);
    // Count 0x120: B[7:0] = 32 → 0.
    assert_eq!(rr("shl", 1, 0x120, false), 0);
}

#[test]
fn shr_is_arithmetic_with_sign_fill_beyond_31() {
    // 0x80000000 >> 4 arithmetic = 0xF8000000.
    assert_eq!(rr("shr", 0x8000_0000, 4, true), 0xF800_0000);
    assert_eq!(rr("shr", 0x8000_0000, 32, true), 0xFFFF_FFFF);
    assert_eq!(rr("shr", 0x8000_0000, 200, true), 0xFFFF_FFFF);
    assert_eq!(rr("shr", 0x4000_0000, 40, true), 0);
    // Count 0x104 → 4.
    assert_eq!(rr("shr", 0x4000_0000, 0x104, false), 0x0400_0000);
}

#[test]
fn shru_is_logical_and_32_or_more_gives_0() {
    assert_eq!(rr("shru", 0x8000_0000, 4, true), 0x0800_0000);
    assert_eq!(rr("shru", 0x8000_0000, 31, true), 1);
    assert_eq!(rr("shru", 0xFFFF_FFFF, 32, true), 0);
}

#[test]
fn shift_and_add() {
    // (3 << n) + 4 for n = 1..4.
    assert_eq!(rr("sh1add", 3, 4, true), 10);
    assert_eq!(rr("sh2add", 3, 4, true), 16);
    assert_eq!(rr("sh3add", 3, 4, true), 28);
    assert_eq!(rr("sh4add", 3, 4, true), 52);
    // (0x80000001 << 1) + 0 = 0x100000002 → 2.
    assert_eq!(rr("sh1add", 0x8000_0001, 0, true), 2);
}

#[test]
fn logical_ops_and_complemented_first_operand() {
    let (a, b) = (0xF0F0_F0F0, 0xFF00_FF00);
    assert_eq!(rr("and", a, b, true), 0xF000_F000);
    // andc: (NOT A) AND B = 0x0F0F0F0F & 0xFF00FF00.
    assert_eq!(rr("andc", a, b, true), 0x0F00_0F00);
    assert_eq!(rr("or", a, b, true), 0xFFF0_FFF0);
    // orc: (NOT A) OR B = 0x0F0F0F0F | 0xFF00FF00.
    assert_eq!(rr("orc", a, b, true), 0xFF0F_FF0F);
    assert_eq!(rr("xor", a, b, true), 0x0FF0_0FF0);
}

#[test]
fn min_max_signedness() {
    // A = −1 (0xFFFFFFFF), B = 1.
    assert_eq!(rr("max", 0xFFFF_FFFF, 1, true), 1);
    assert_eq!(rr("maxu", 0xFFFF_FFFF, 1, true), 0xFFFF_FFFF);
    assert_eq!(rr("min", 0xFFFF_FFFF, 1, true), 0xFFFF_FFFF);
    assert_eq!(rr("minu", 0xFFFF_FFFF, 1, true), 1);
    // 0x80000000 is the smallest signed value and a large unsigned one.
    assert_eq!(rr("min", 0x8000_0000, 0x7FFF_FFFF, true), 0x8000_0000);
    assert_eq!(rr("minu", 0x8000_0000, 0x7FFF_FFFF, true), 0x7FFF_FFFF);
}

#[test]
fn single_operand_ops() {
    assert_eq!(mono("sxtb", 0x0000_00F0), 0xFFFF_FFF0);
    assert_eq!(mono("sxtb", 0x1234_567F), 0x7F);
    assert_eq!(mono("sxth", 0x0001_8000), 0xFFFF_8000);
    assert_eq!(mono("sxth", 0xFFFF_7FFF), 0x7FFF);
    assert_eq!(mono("bswap", 0x1122_3344), 0x4433_2211);
    assert_eq!(mono("zxth", 0xFFFF_8001), 0x8001);
    assert_eq!(mono("zxtb", 0x0000_01FF), 0xFF);
    // clz(0) = 32 (§4.2, §8 q8).
    assert_eq!(mono("clz", 0), 32);
    assert_eq!(mono("clz", 1), 31);
    assert_eq!(mono("clz", 0x8000_0000), 0);
    assert_eq!(mono("clz", 0x0001_0000), 15);
}

/// Expected results of §4.3 for (a, b): eq ne ge geu gt gtu le leu lt ltu.
const COMPARES: [&str; 10] = [
    "cmpeq", "cmpne", "cmpge", "cmpgeu", "cmpgt", "cmpgtu", "cmple", "cmpleu", "cmplt", "cmpltu",
];

#[test]
fn every_compare_to_gr_and_br_in_both_forms() {
    let cases: [(u32, u32, [u32; 10]); 4] = [
        // −1 vs 1: signed less, unsigned greater.
        (0xFFFF_FFFF, 1, [0, 1, 0, 1, 0, 1, 1, 0, 1, 0]),
        // 1 vs −1: signed greater, unsigned less.
        (1, 0xFFFF_FFFF, [0, 1, 1, 0, 1, 0, 0, 1, 0, 1]),
        // equal.
        (5, 5, [1, 0, 1, 1, 0, 0, 1, 1, 0, 0]),
        // INT_MIN vs INT_MAX: signed less, unsigned greater.
        (0x8000_0000, 0x7FFF_FFFF, [0, 1, 0, 1, 0, 1, 1, 0, 1, 0]),
    ];
    for (a, b, expect) in cases {
        for (op, e) in COMPARES.iter().zip(expect) {
            assert_eq!(rr(op, a, b, true), e, "{op} {a:#x}, {b:#x} to GR");
            // BR destination, register and immediate forms; read back with mfb.
            let m = exec(&format!(
                "\tmov $r1 = {a}\n\tmov $r2 = {b}\n\t;;\n\t{op} $b1 = $r1, $r2\n\t{op} $b2 = $r1, {}\n\t;;\n\tmfb $r5 = $b1\n\tmfb $r6 = $b2\n",
                b as i32
            ));
            assert_eq!((m.gr(5), m.gr(6)), (e, e), "{op} {a:#x}, {b:#x} to BR");
        }
    }
}

#[test]
fn logical_tests_to_gr_and_br() {
    // andl, nandl, orl, norl of (A≠0, B≠0) for (0,0) (0,5) (7,0) (7,5).
    let table = [
        ("andl", [0, 0, 0, 1]),
        ("nandl", [1, 1, 1, 0]),
        ("orl", [0, 1, 1, 1]),
        ("norl", [1, 0, 0, 0]),
    ];
    for (op, expect) in table {
        for ((a, b), e) in [(0, 0), (0, 5), (7, 0), (7, 5)].into_iter().zip(expect) {
            assert_eq!(rr(op, a, b, true), e, "{op} {a} {b}");
            let m = exec(&format!(
                "\tmov $r1 = {a}\n\tmov $r2 = {b}\n\t;;\n\t{op} $b3 = $r1, $r2\n\t;;\n\tmfb $r5 = $b3\n"
            ));
            assert_eq!(m.gr(5), e, "{op} {a} {b} to BR");
        }
    }
}

#[test]
fn slct_and_slctf() {
    // slct d = bK ? A : B; slctf d = bK ? B : A (§4.4).
    for (cond, slct, slctf) in [(1u32, 11u32, 22u32), (0, 22, 11)] {
        let m = exec(&format!(
            "\tmov $r1 = 11\n\tmov $r2 = 22\n\tmov $r9 = {cond}\n\t;;\n\tmtb $b1 = $r9\n\t;;\n\tslct $r3 = $b1, $r1, $r2\n\tslctf $r4 = $b1, $r1, $r2\n\tslct $r5 = $b1, $r1, 22\n\tslctf $r6 = $b1, $r1, 22\n"
        ));
        assert_eq!((m.gr(3), m.gr(4)), (slct, slctf), "cond {cond}");
        assert_eq!((m.gr(5), m.gr(6)), (slct, slctf), "cond {cond}, immediate");
    }
}

#[test]
fn addcg_carry_in_and_carry_out() {
    // s = A + B + bi (33 bits); d = s[31:0], bo = s[32] (§4.4).
    let cases: [(u32, u32, u32, u32, u32); 5] = [
        (0xFFFF_FFFF, 1, 0, 0, 1),
        (0xFFFF_FFFF, 0, 1, 0, 1),
        (0x7FFF_FFFF, 0x7FFF_FFFF, 1, 0xFFFF_FFFF, 0),
        (0x8000_0000, 0x8000_0000, 1, 1, 1),
        (2, 3, 1, 6, 0),
    ];
    for (a, b, cin, d, cout) in cases {
        let m = exec(&format!(
            "\tmov $r1 = {a}\n\t;;\n\tmov $r2 = {b}\n\tmov $r9 = {cin}\n\t;;\n\tmtb $b2 = $r9\n\t;;\n\taddcg $r3, $b4 = $r1, $r2, $b2\n\t;;\n\tmfb $r4 = $b4\n"
        ));
        assert_eq!(
            (m.gr(3), m.gr(4)),
            (d, cout),
            "addcg {a:#x} + {b:#x} + {cin}"
        );
    }
    // 64-bit add idiom of §4.4: 0x00000001_FFFFFFFF + 0x00000002_00000001.
    let m = exec("\tmtb $b0 = $r0\n\tmov $r16 = 0xFFFFFFFF\n\tmov $r17 = 1\n\t;;\n\tmov $r18 = 1\n\tmov $r19 = 2\n\t;;\n\taddcg $r20, $b0 = $r16, $r18, $b0\n\t;;\n\taddcg $r21, $b0 = $r17, $r19, $b0\n");
    // Low: 0xFFFFFFFF + 1 = 0 carry 1; high: 1 + 2 + 1 = 4.
    assert_eq!((m.gr(20), m.gr(21)), (0, 4));
}

#[test]
fn divs_step() {
    // t = (A << 1) | bi; A ≥ 0 → d = t − B, bo = 0; A < 0 → d = t + B, bo = 1 (§4.4).
    let cases: [(u32, u32, u32, u32, u32); 3] = [
        // A = 10, B = 3, bi = 1: t = 21, d = 18.
        (10, 3, 1, 18, 0),
        // A = −2, B = 3, bi = 0: t = 0xFFFFFFFC, d = 0xFFFFFFFF.
        (0xFFFF_FFFE, 3, 0, 0xFFFF_FFFF, 1),
        // A = 0x40000000, B = 1, bi = 0: t = 0x80000000, d = 0x7FFFFFFF.
        (0x4000_0000, 1, 0, 0x7FFF_FFFF, 0),
    ];
    for (a, b, cin, d, bo) in cases {
        let m = exec(&format!(
            "\tmov $r1 = {a}\n\t;;\n\tmov $r2 = {b}\n\tmov $r9 = {cin}\n\t;;\n\tmtb $b2 = $r9\n\t;;\n\tdivs $r3, $b4 = $r1, $r2, $b2\n\t;;\n\tmfb $r4 = $b4\n"
        ));
        assert_eq!((m.gr(3), m.gr(4)), (d, bo), "divs {a:#x} {b:#x} {cin}");
    }
}

fn s16(x: u32) -> i64 {
    x as u16 as i16 as i64
}
fn u16_(x: u32) -> i64 {
    (x & 0xFFFF) as i64
}
fn s32(x: u32) -> i64 {
    x as i32 as i64
}

#[test]
fn every_multiply() {
    // Operands chosen so that signed and unsigned readings of every half differ:
    // A = 0xFFFF8003: s32 −32765, A[15:0] s16 −32765 / u16 32771, A[31:16] s16 −1 / u16 65535.
    // B = 0x00058002: B[15:0] s16 −32766 / u16 32770, B[31:16] = 5.
    let (a, b) = (0xFFFF_8003u32, 0x0005_8002u32);
    let (bl, bh) = (b & 0xFFFF, b >> 16);
    let (al, ah) = (a & 0xFFFF, a >> 16);
    // The table of §4.5, written with 64-bit arithmetic.
    let table: [(&str, i64); 17] = [
        ("mull", s32(a) * s16(bl)),
        ("mullu", s32(a) * u16_(bl)),
        ("mulh", s32(a) * s16(bh)),
        ("mulhu", s32(a) * u16_(bh)),
        ("mulll", s16(al) * s16(bl)),
        ("mulllu", u16_(al) * u16_(bl)),
        ("mullh", s16(al) * s16(bh)),
        ("mullhu", u16_(al) * u16_(bh)),
        ("mulhh", s16(ah) * s16(bh)),
        ("mulhhu", u16_(ah) * u16_(bh)),
        ("mulhs", (s32(a) * u16_(bh)) << 16),
        ("mulhhs", (s32(a) * s16(bh)) >> 16),
        ("mullhus", (s32(a) * u16_(bl)) >> 32),
        ("mul32", s32(a) * s32(b)),
        ("mul64h", (s32(a) * s32(b)) >> 32),
        ("mul64hu", ((a as u64 * b as u64) >> 32) as i64),
        ("mulfrac", (s32(a) * s32(b) + (1 << 30)) >> 31),
    ];
    for (op, e) in table {
        assert_eq!(rr(op, a, b, true), e as u32, "{op}");
    }
    // Spot values by hand: mul32 0x10001 × 0x10001 = 0x1_0002_0001 → 0x00020001.
    assert_eq!(rr("mul32", 0x10001, 0x10001, true), 0x0002_0001);
    // mul64h (−1) × 2 = −2 → high word 0xFFFFFFFF; mul64hu 0xFFFFFFFF × 2 → 1.
    assert_eq!(rr("mul64h", 0xFFFF_FFFF, 2, true), 0xFFFF_FFFF);
    assert_eq!(rr("mul64hu", 0xFFFF_FFFF, 2, true), 1);
    // mulfrac: −1.0 × −1.0 saturates to 0x7FFFFFFF; 0.5 × 0.5 = 0.25; −0.5 × 0.5 = −0.25.
    assert_eq!(rr("mulfrac", 0x8000_0000, 0x8000_0000, true), 0x7FFF_FFFF);
    assert_eq!(rr("mulfrac", 0x4000_0000, 0x4000_0000, true), 0x2000_0000);
    assert_eq!(rr("mulfrac", 0xC000_0000, 0x4000_0000, true), 0xE000_0000);
    // mullhus: (−1 × 0xFFFF) >> 32 = −65535 >> 32 = −1.
    assert_eq!(rr("mullhus", 0xFFFF_FFFF, 0xFFFF, true), 0xFFFF_FFFF);
    // mulhhs: (0x10000 × 2) >> 16 = 2 with B[31:16] = 2.
    assert_eq!(rr("mulhhs", 0x10000, 0x0002_0000, true), 2);
}

#[test]
fn loads_sign_and_zero_extend_little_endian() {
    // Word 0x80F17F82 at DATA: bytes 82 7F F1 80 (§1.1 little-endian).
    let m = exec(&format!(
        "\tmov $r1 = {DATA}\n\tmov $r2 = 0x80F17F82\n\t;;\n\tstw 0[$r1] = $r2\n\t;;\n\
         \tldb $r3 = 0[$r1]\n\t;;\n\tldbu $r4 = 0[$r1]\n\t;;\n\tldb $r5 = 1[$r1]\n\t;;\n\
         \tldh $r6 = 0[$r1]\n\t;;\n\tldh $r7 = 2[$r1]\n\t;;\n\tldhu $r8 = 2[$r1]\n\t;;\n\tldw $r9 = 0[$r1]\n"
    ));
    assert_eq!(m.gr(3), 0xFFFF_FF82, "ldb 0x82 sign-extended");
    assert_eq!(m.gr(4), 0x82, "ldbu");
    assert_eq!(m.gr(5), 0x7F, "ldb 0x7F");
    assert_eq!(m.gr(6), 0x7F82, "ldh 0x7F82 positive");
    assert_eq!(m.gr(7), 0xFFFF_80F1, "ldh 0x80F1 sign-extended");
    assert_eq!(m.gr(8), 0x80F1, "ldhu");
    assert_eq!(m.gr(9), 0x80F1_7F82, "ldw");
}

#[test]
fn stores_of_every_size() {
    // stw 0x11223344, then stb 0xAA at +1 and sth 0xBBCC at +2:
    // bytes 44 AA CC BB → 0xBBCCAA44. Only the low bits of the data are stored.
    let m = exec(&format!(
        "\tmov $r1 = {DATA}\n\tmov $r2 = 0x11223344\n\t;;\n\tmov $r3 = 0x123456AA\n\t;;\n\tstw 8[$r1] = $r2\n\t;;\n\
         \tstb 9[$r1] = $r3\n\tmov $r4 = 0xFFFFBBCC\n\t;;\n\tsth 10[$r1] = $r4\n\t;;\n\tldw $r5 = 8[$r1]\n\t;;\n\
         \tstw -4[$r12] = $r2\n\t;;\n\tldw $r6 = -4[$r12]\n"
    ));
    assert_eq!(m.gr(5), 0xBBCC_AA44);
    assert_eq!(
        m.gr(6),
        0x1122_3344,
        "negative offsets from the stack pointer"
    );
}

#[test]
fn dismissible_loads_return_0_instead_of_trapping() {
    let m = exec(&format!(
        "\tmov $r1 = {DATA}\n\tmov $r2 = -2\n\t;;\n\tstw 0[$r1] = $r2\n\t;;\n\
         \tldw.d $r3 = 0[$r1]\n\t;;\n\tldw.d $r4 = 0x40000000[$r0]\n\t;;\n\tldw.d $r5 = 2[$r1]\n\t;;\n\
         \tldw.d $r6 = -8[$r0]\n\t;;\n\tldh.d $r7 = 0[$r1]\n\t;;\n\tldhu.d $r8 = 0[$r1]\n\t;;\n\
         \tldb.d $r9 = 0[$r1]\n\t;;\n\tldbu.d $r10 = 0[$r1]\n\t;;\n\tldh.d $r11 = 1[$r1]\n"
    ));
    assert_eq!(m.gr(3), 0xFFFF_FFFE, "valid address: like ldw");
    assert_eq!(m.gr(4), 0, "unmapped → 0");
    assert_eq!(m.gr(5), 0, "misaligned → 0");
    assert_eq!(m.gr(6), 0, "control-register space → 0");
    assert_eq!(m.gr(7), 0xFFFF_FFFE, "ldh.d sign-extends 0xFFFE");
    assert_eq!(m.gr(8), 0xFFFE, "ldhu.d");
    assert_eq!(m.gr(9), 0xFFFF_FFFE, "ldb.d sign-extends 0xFE");
    assert_eq!(m.gr(10), 0xFE, "ldbu.d");
    assert_eq!(m.gr(11), 0, "misaligned ldh.d → 0");
}

#[test]
fn load_linked_store_conditional() {
    // ldwl sets a reservation; stwl stores and writes 1 while it holds,
    // else writes 0 and stores nothing (§4.6).
    let m = exec(&format!(
        "\tmov $r1 = {DATA}\n\tmov $r2 = 7\n\tmov $r3 = 9\n\t;;\n\tldwl $r4 = [$r1]\n\t;;\n\tstwl $b1, [$r1] = $r2\n\t;;\n\
         \tstwl $b2, [$r1] = $r3\n\t;;\n\tldw $r5 = 0[$r1]\n\tmfb $r6 = $b1\n\tmfb $r7 = $b2\n"
    ));
    assert_eq!((m.gr(4), m.gr(5), m.gr(6), m.gr(7)), (0, 7, 1, 0));
}

#[test]
fn cache_and_barrier_ops_change_no_architectural_state() {
    let m = exec(&format!(
        "\tmov $r1 = {DATA}\n\tmov $r2 = 42\n\t;;\n\tstw 0[$r1] = $r2\n\t;;\n\tpft 0[$r1]\n\t;;\n\tprgadd 0[$r1]\n\t;;\n\
         \tprgset 0[$r1]\n\t;;\n\tsync\n\t;;\n\twmb\n\t;;\n\tprginspg 0[$r1]\n\t;;\n\tpft 0x40000000[$r0]\n\t;;\n\tldw $r3 = 0[$r1]\n"
    ));
    assert_eq!(m.gr(3), 42);
    let m = exec("\tmov $r3 = 5\n\t;;\n\tprgins\n\t;;\n\tadd $r3 = $r3, 1\n");
    assert_eq!(m.gr(3), 6, "prgins (alone) then execution continues");
}

#[test]
fn goto_call_return_and_link_register() {
    // Bundle 0 at TEXT: call f → $r63 = TEXT + 4 (next bundle, §1.4).
    let src = "\t.text\n\tcall $r63 = f\n\t;;\n\tmov $r5 = $r63\n\tadd $r6 = $r6, 1\n\t;;\n\tgoto done\n\t;;\n\tmov $r7 = 99\n\t;;\n\
               f:\n\tmov $r4 = $r63\n\tadd $r6 = $r6, 10\n\t;;\n\treturn $r63\n\t;;\n\
               done:\n\tsyscall 1\n\t;;\n";
    let (m, stop) = run(src);
    assert_eq!(stop, Stop::Exit(0));
    assert_eq!(m.gr(4), TEXT + 4, "link = next bundle");
    assert_eq!(m.gr(5), TEXT + 4);
    assert_eq!(m.gr(6), 11, "f ran once, then the code after the call");
    assert_eq!(m.gr(7), 0, "goto skipped the bundle");
}

#[test]
fn indirect_call_and_goto_through_r63() {
    // icall: t ← $r63, $r63 ← next bundle, PC ← t (§4.7). Layout (bytes
    // from TEXT): 0 mov (long immediate, 8 bytes) | 8 nop | 12 icall |
    // 16 mov $r5 | 20 syscall | 24 g: mov $r4 | 28 mov (long) | 36 nop | 40 igoto.
    let src = "\t.text\n\tmov $r63 = 0x1018\n\t;;\n\tnop\n\t;;\n\tcall $r63 = $r63\n\t;;\n\tmov $r5 = 1\n\t;;\n\tsyscall 1\n\t;;\n\
               g:\tmov $r4 = $r63\n\t;;\n\tmov $r63 = 0x1010\n\t;;\n\tnop\n\t;;\n\tgoto $r63\n\t;;\n";
    let (m, stop) = run(src);
    assert_eq!(stop, Stop::Exit(0));
    // The icall bundle is at TEXT + 12 → link TEXT + 16.
    assert_eq!(m.gr(4), TEXT + 16);
    assert_eq!(m.gr(5), 1, "igoto came back to TEXT + 16");
}

#[test]
fn br_and_brf_taken_and_not_taken() {
    let src = "\t.text\n\tmov $r1 = 1\n\t;;\n\tcmpeq $b1 = $r1, 1\n\tcmpeq $b2 = $r1, 0\n\t;;\n\
               \tbr $b2, 1f\n\t;;\n\tadd $r3 = $r3, 1\n\t;;\n\
               1:\tbrf $b1, 2f\n\t;;\n\tadd $r3 = $r3, 2\n\t;;\n\
               2:\tbr $b1, 3f\n\t;;\n\tadd $r3 = $r3, 4\n\t;;\n\
               3:\tbrf $b2, 4f\n\t;;\n\tadd $r3 = $r3, 8\n\t;;\n\
               4:\tsyscall 1\n\t;;\n";
    let (m, stop) = run(src);
    assert_eq!(stop, Stop::Exit(0));
    // br $b2 (0) not taken: +1; brf $b1 (1) not taken: +2; br $b1 taken: skip +4; brf $b2 taken: skip +8.
    assert_eq!(m.gr(3), 3);
}

#[test]
fn mtb_mfb_and_r0() {
    let m = exec("\tmov $r5 = 0x100\n\t;;\n\tmtb $b3 = $r5\n\tmtb $b4 = $r0\n\tadd $r0 = $r5, 1\n\t;;\n\tmfb $r6 = $b3\n\tmfb $r7 = $b4\n\tmov $r8 = $r0\n");
    // A non-zero value written to a BR is stored as 1 (§1.3); $r0 stays 0 (§1.2).
    assert_eq!((m.gr(6), m.gr(7), m.gr(8)), (1, 0, 0));
}

#[test]
fn a_bundle_is_a_parallel_assignment() {
    // Swap in one bundle: both sources are read before either result lands.
    let m = exec("\tmov $r1 = 1\n\tmov $r2 = 2\n\t;;\n\tmov $r1 = $r2\n\tmov $r2 = $r1\n\tadd $r3 = $r1, $r2\n");
    assert_eq!((m.gr(1), m.gr(2), m.gr(3)), (2, 1, 3));
}

#[test]
fn control_registers_psw_and_cycle_counter() {
    // PSW at 0xFFFFFFF8 = -8[$r0]; pswset/pswclr OR in / clear bits (§4.8).
    let m = exec("\tmov $r1 = 0x11\n\tmov $r2 = 0x1\n\t;;\n\tpswset $r1\n\t;;\n\tpswclr $r2\n\t;;\n\tldw $r3 = -8[$r0]\n\t;;\n\
                  \tldw $r4 = 0xFFFFF828[$r0]\n\t;;\n\tldw $r5 = 0xFFFFF828[$r0]\n\t;;\n\tstw -8[$r0] = $r0\n\t;;\n\tldw $r6 = -8[$r0]\n");
    assert_eq!(m.gr(3), 0x10);
    // PM_PCLK (0xFFFFF828, §1.5) reads the cycle counter: the two loads are
    // in consecutive bundles with no dependence between them (base $r0),
    // so they issue 1 cycle apart (perfect caches).
    assert_eq!(m.gr(5).wrapping_sub(m.gr(4)), 1);
    assert_eq!(m.gr(6), 0);
}

#[test]
fn semihosting_write_read_cycles_exit() {
    let src = format!(
        "\t.text\n\tmov $r1 = {DATA}\n\tmov $r2 = 0x0A216968\n\t;;\n\tstw 0[$r1] = $r2\n\t;;\n\
         \tmov $r16 = 1\n\tmov $r17 = $r1\n\tmov $r18 = 3\n\t;;\n\tsyscall 2\n\t;;\n\tmov $r20 = $r16\n\
         \tmov $r16 = 0\n\tadd $r17 = $r1, 16\n\tmov $r18 = 10\n\t;;\n\tsyscall 3\n\t;;\n\tmov $r21 = $r16\n\
         \tmov $r16 = 9\n\t;;\n\tsyscall 2\n\t;;\n\tmov $r22 = $r16\n\t;;\n\tsyscall 4\n\t;;\n\tmov $r23 = $r16\n\
         \tmov $r24 = $r17\n\t;;\n\tsyscall 77\n\t;;\n\tmov $r25 = $r16\n\tadd $r1 = $r1, 16\n\t;;\n\tldbu $r26 = 0[$r1]\n\t;;\n\
         \tmov $r16 = 3\n\t;;\n\tsyscall 1\n\t;;\n"
    );
    let mut m = machine_with(
        &src,
        isa::model::ProcessorModel::st231(),
        simulator::Options {
            perfect_caches: true,
            max_cycles: None,
            ..Default::default()
        },
        b"yo",
    );
    let stop = m.run();
    assert_eq!(stop, Stop::Exit(3));
    assert_eq!(stop.exit_code(), 3);
    let (out, err) = output(&m);
    // 0x0A216968 little-endian = "hi!\n"; 3 bytes written.
    assert_eq!(out, b"hi!");
    assert!(err.is_empty());
    assert_eq!(m.gr(20), 3, "write returns the byte count");
    assert_eq!(m.gr(21), 2, "read returns the 2 bytes of stdin");
    assert_eq!(m.gr(22) as i32, -9, "fd 9: -EBADF");
    assert!(m.gr(23) > 0 && m.gr(24) == 0, "cycle counter");
    assert_eq!(m.gr(25) as i32, -38, "unknown call: -ENOSYS");
    assert_eq!(m.gr(26), b'y' as u32);
}

#[test]
fn traps_stop_the_run_precisely() {
    let (m, stop) =
        run("\t.text\n\tmov $r1 = 0x40000000\n\t;;\n\tldw $r2 = 0[$r1]\n\tmov $r3 = 1\n\t;;\n");
    let Stop::Trap(t) = stop else {
        panic!("{stop:?}")
    };
    assert_eq!(
        t.kind,
        TrapKind::Unmapped {
            addr: 0x4000_0000,
            size: 4,
            write: false
        }
    );
    // The first bundle holds a long immediate: 2 syllables.
    assert_eq!(t.pc, TEXT + 8);
    assert_eq!(m.gr(3), 0, "the trapping bundle is abandoned as a whole");
    let (_, stop) = run(&format!(
        "\t.text\n\tmov $r1 = {DATA}\n\t;;\n\tsth 1[$r1] = $r1\n\t;;\n"
    ));
    assert!(
        matches!(stop, Stop::Trap(ref t) if t.kind == TrapKind::Misaligned { addr: DATA + 1, size: 2, write: true }),
        "{stop:?}"
    );
    let (_, stop) = run("\t.text\n\tsbrk 7\n\t;;\n");
    assert!(
        matches!(stop, Stop::Trap(ref t) if t.kind == TrapKind::Breakpoint("sbrk 7".into())),
        "{stop:?}"
    );
    let (_, stop) = run("\t.text\n\tbreak\n\t;;\n");
    assert!(matches!(stop, Stop::Trap(ref t) if matches!(t.kind, TrapKind::Breakpoint(_))));
    let (_, stop) = run("\t.text\n\tldb $r1 = -7[$r0]\n\t;;\n");
    assert!(
        matches!(stop, Stop::Trap(ref t) if matches!(t.kind, TrapKind::CregAccess { .. })),
        "{stop:?}"
    );
    let (_, stop) = run("\t.text\n\tldw $r1 = -4096[$r0]\n\t;;\n");
    assert!(
        matches!(stop, Stop::Trap(ref t) if matches!(t.kind, TrapKind::CregNoMapping { addr: 0xFFFF_F000 })),
        "{stop:?}"
    );
    // Jump into data: fetch trap.
    let (_, stop) = run(&format!(
        "\t.text\n\tmov $r63 = {DATA}\n\t;;\n\tgoto $r63\n\t;;\n"
    ));
    assert!(
        matches!(stop, Stop::Trap(ref t) if t.kind == TrapKind::Fetch { addr: DATA }),
        "{stop:?}"
    );
    // Illegal encodings and unbundleable words.
    let (_, stop) = run("\t.text\n\t.word 0xC0000000\n");
    assert!(
        matches!(stop, Stop::Trap(ref t) if matches!(t.kind, TrapKind::Illegal(_))),
        "{stop:?}"
    );
    // mul32 at an even word address (lane rule 4): 0x05C07248 | stop bit.
    let (_, stop) = run("\t.text\n\t.word 0x85C07248\n");
    assert!(
        matches!(stop, Stop::Trap(ref t) if matches!(t.kind, TrapKind::Illegal(ref w) if w.contains("odd"))),
        "{stop:?}"
    );
    // idle (ST231): waits forever → trap.
    let (_, stop) = run("\t.text\n\t.word 0xB1000000\n");
    assert!(
        matches!(stop, Stop::Trap(ref t) if t.kind == TrapKind::Idle),
        "{stop:?}"
    );
}

#[test]
fn ops_the_core_lacks_are_illegal() {
    // mul32 exists on the ST231, not on the ST220 (§4.11).
    let src = "\t.text\n\tnop\n\tmul32 $r3 = $r1, $r2\n\t;;\n\tsyscall 1\n\t;;\n";
    let (_, stop) = run_on(src, isa::model::ProcessorModel::st231(), true);
    assert_eq!(stop, Stop::Exit(0));
    let (_, stop) = run_on(src, isa::model::ProcessorModel::st220(), true);
    assert!(
        matches!(stop, Stop::Trap(ref t) if matches!(t.kind, TrapKind::Illegal(_))),
        "{stop:?}"
    );
}

#[test]
fn stores_into_code_invalidate_decoded_bundles() {
    // The loop body at `p` is executed once as `mov $r5 = 1`, then patched to
    // `mov $r5 = 2` (same syllable with imm 2: 0x08000000 | 2<<12 | 5<<6, stop bit)
    // and executed again.
    let src = "\t.text\n\tmov $r7 = 0x88002140\n\tmov $r8 = p\n\t;;\n\
               p:\tmov $r5 = 1\n\t;;\n\tadd $r6 = $r6, $r5\n\tcmpeq $b1 = $r9, 0\n\tmov $r9 = 1\n\t;;\n\
               \tstw 0[$r8] = $r7\n\t;;\n\tbr $b1, p\n\t;;\n\tsyscall 1\n\t;;\n";
    // Bundle 0 holds two long immediates (4 syllables): p is at TEXT + 16.
    let src = src.replace("mov $r8 = p", &format!("mov $r8 = {}", TEXT + 16));
    let (m, stop) = run(&src);
    assert_eq!(stop, Stop::Exit(0));
    assert_eq!(
        m.gr(6),
        3,
        "1 from the original bundle + 2 from the patched one"
    );
}
