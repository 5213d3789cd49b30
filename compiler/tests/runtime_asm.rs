//! The runtime's assembly (`runtime/crt0.s`, `runtime/lib/*.s`) assembled
//! by `las`, linked by `lld-st` with small test programs written here in
//! assembly, and run in `stsim` (all three as libraries).
//!
//! Expected values come from Rust's own integer arithmetic (`wrapping_div`,
//! `wrapping_rem`, `wrapping_mul`, shifts), never from the runtime. Every
//! helper test runs on the ST231 model (interlocked) and on the ST220 model
//! (no interlocks: a schedule that ignores a latency reads stale values
//! there), so it also checks the hand-written schedules.

use isa::model::ProcessorModel;
use simulator::{Io, Machine, Options, Stop};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn runtime_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime")
}

/// Assembles `source` (named `name` in diagnostics); panics with the
/// diagnostics if `las` rejects it.
fn assemble(name: &str, source: &str) -> Vec<u8> {
    assembler::assemble(name, source, &assembler::Options::default())
        .unwrap_or_else(|d| panic!("las rejected {name}:\n{}", d.render()))
}

/// Assembles a runtime file, e.g. `lib/divsi3.s`.
fn runtime_object(rel: &str) -> (String, Vec<u8>) {
    let path = runtime_dir().join(rel);
    let src = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    (rel.to_string(), assemble(rel, &src))
}

struct Run {
    machine: Machine,
    stop: Stop,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    symbols: std::collections::HashMap<String, u32>,
}

/// Links `objects` (default layout), loads the executable as `stsim` does
/// with `args` as argv, runs it on `model` with `stdin`. `prepare` may
/// change memory before the run (it gets the symbol table).
fn run_with(
    objects: &[(String, Vec<u8>)],
    model: ProcessorModel,
    args: &[&str],
    stdin: &[u8],
    prepare: impl FnOnce(&mut Machine, &std::collections::HashMap<String, u32>),
) -> Run {
    let exe = linker::link_objects(objects).unwrap_or_else(|e| panic!("lld-st failed: {e}"));
    let program = simulator::Program::parse(&exe).expect("a loadable executable");
    let mut m = Machine::new(
        model,
        Options {
            perfect_caches: false,
            max_cycles: Some(50_000_000),
            ..Default::default()
        },
    )
    .unwrap();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    program.load(&mut m, &args).expect("loads");
    m.set_io(Io::captured(stdin));
    let symbols = program.symbols.by_name.clone();
    prepare(&mut m, &symbols);
    let stop = m.run();
    let (stdout, stderr) = match m.io() {
        Io::Captured { stdout, stderr, .. } => (stdout.clone(), stderr.clone()),
        Io::Host => (Vec::new(), Vec::new()),
    };
    Run {
        machine: m,
        stop,
        stdout,
        stderr,
        symbols,
    }
}

fn models() -> [(&'static str, ProcessorModel); 2] {
    [
        ("st231", ProcessorModel::st231()),
        ("st220", ProcessorModel::st220()),
    ]
}

/// Values of the callee-saved registers set by the helper drivers and
/// checked after the last call (ISA-ST200 §7.1).
const SAVED: [(u32, u32); 8] = [
    (1, 0x1111_1111),
    (4, 0x4444_4444),
    (5, 0x5555_5555),
    (6, 0x6666_6666),
    (7, 0x7777_7777),
    (14, 0x1414_1414),
    (2, 0),
    (3, 0),
];

/// A `_start` that calls `helper` once per 16-byte record of `inputs`
/// (words loaded into `$r16`–`$r19`), stores `$r16`, `$r17` of each result,
/// writes all results to stdout (syscall 2) and exits with 0, or with 99 if
/// a callee-saved register or the stack pointer changed. The schedule
/// respects the ST220 latencies.
fn helper_driver(helper: &str, inputs: &[[u32; 4]]) -> String {
    let n = inputs.len();
    let mut s = String::new();
    s.push_str("\t.data\n\t.align 8\ninputs:\n");
    for r in inputs {
        writeln!(
            s,
            "\t.word {:#x}, {:#x}, {:#x}, {:#x}",
            r[0], r[1], r[2], r[3]
        )
        .unwrap();
    }
    writeln!(s, "outputs:\n\t.skip {}", n * 8).unwrap();
    s.push_str("\t.text\n\t.global _start\n\t.proc\n_start:\n");
    for &(r, v) in &SAVED[..6] {
        writeln!(s, "\tmov $r{r} = {v:#x}\n\t;;").unwrap();
    }
    writeln!(
        s,
        "\tmov $r2 = inputs\n\tmov $r3 = outputs\n\t;;\n\tmov $r8 = {n}\n\tmov $r9 = $r12\n\t;;\n\tstw -4[$r12] = $r8\n\t;;"
    )
    .unwrap();
    // the count and the original $r12 live in the frame (caller-saved
    // registers do not survive the calls): 28[$r12] and 24[$r12]
    s.push_str("\tstw -8[$r12] = $r9\n\t;;\n\tadd $r12 = $r12, -32\n\t;;\n");
    s.push_str(".Lloop:\n");
    s.push_str("\tldw $r16 = 0[$r2]\n\t;;\n\tldw $r17 = 4[$r2]\n\t;;\n\tldw $r18 = 8[$r2]\n\t;;\n\tldw $r19 = 12[$r2]\n\t;;\n\tnop\n\t;;\n\tnop\n\t;;\n");
    writeln!(s, "\tcall $r63 = {helper}\n\t;;").unwrap();
    s.push_str("\tstw 0[$r3] = $r16\n\t;;\n\tstw 4[$r3] = $r17\n\tadd $r2 = $r2, 16\n\tadd $r3 = $r3, 8\n\t;;\n");
    s.push_str("\tldw $r8 = 28[$r12]\n\t;;\n\tnop\n\t;;\n\tnop\n\t;;\n\tadd $r8 = $r8, -1\n\t;;\n\tstw 28[$r12] = $r8\n\tcmpne $b0 = $r8, 0\n\t;;\n\tnop\n\t;;\n\tnop\n\t;;\n\tbr $b0, .Lloop\n\t;;\n");
    // check the callee-saved registers and the stack pointer
    s.push_str("\tldw $r9 = 24[$r12]\n\tmov $r10 = 0\n\t;;\n\tadd $r11 = $r12, 32\n\t;;\n\tnop\n\t;;\n\tcmpne $r8 = $r9, $r11\n\t;;\n\tor $r10 = $r10, $r8\n\t;;\n");
    for &(r, v) in &SAVED[..6] {
        writeln!(
            s,
            "\tcmpne $r8 = $r{r}, {v:#x}\n\t;;\n\tor $r10 = $r10, $r8\n\t;;"
        )
        .unwrap();
    }
    writeln!(
        s,
        "\tmov $r16 = 1\n\tmov $r17 = outputs\n\t;;\n\tmov $r18 = {}\n\t;;\n\tsyscall 2\n\t;;\n\tcmpne $b0 = $r10, 0\n\tmov $r11 = 99\n\t;;\n\tslct $r16 = $b0, $r11, 0\n\t;;\n\tsyscall 1\n\t;;\n\t.endp",
        n * 8
    )
    .unwrap();
    s
}

/// Runs `helper` from runtime file `file` on every input record on every
/// model; returns the result pairs `($r16, $r17)`.
fn run_helper(file: &str, helper: &str, inputs: &[[u32; 4]]) -> Vec<Vec<(u32, u32)>> {
    let driver = helper_driver(helper, inputs);
    let objects = vec![
        ("driver.s".to_string(), assemble("driver.s", &driver)),
        runtime_object(file),
    ];
    run_helper_objects(&objects, helper, inputs, &models())
}

/// [`run_helper`] for the ST240's own runtime file `lib/st240/NAME`
/// (assembled for the ST240, run on the ST240 model).
fn run_helper_st240(file: &str, helper: &str, inputs: &[[u32; 4]]) -> Vec<Vec<(u32, u32)>> {
    let o = assembler::Options {
        model: isa::model::ProcessorModel::builtin(isa::Core::St240),
        ..Default::default()
    };
    let asm = |name: &str, text: &str| {
        assembler::assemble(name, text, &o)
            .unwrap_or_else(|d| panic!("las rejected {name}:\n{}", d.render()))
    };
    let path = runtime_dir().join(file);
    let src = std::fs::read_to_string(&path).expect("runtime file");
    let objects = vec![
        (
            "driver.s".to_string(),
            asm("driver.s", &helper_driver(helper, inputs)),
        ),
        (file.to_string(), asm(file, &src)),
    ];
    let model = ProcessorModel::builtin(isa::Core::St240);
    run_helper_objects(&objects, helper, inputs, &[("st240", model)])
}

fn run_helper_objects(
    objects: &[(String, Vec<u8>)],
    helper: &str,
    inputs: &[[u32; 4]],
    models: &[(&str, ProcessorModel)],
) -> Vec<Vec<(u32, u32)>> {
    let mut all = Vec::new();
    for (name, model) in models.iter().cloned() {
        let r = run_with(objects, model, &["helper"], b"", |_, _| {});
        assert!(
            matches!(r.stop, Stop::Exit(0)),
            "{helper} on {name}: {:?} (99: a callee-saved register or $r12 changed)",
            r.stop
        );
        assert_eq!(r.stdout.len(), inputs.len() * 8, "{helper} on {name}");
        all.push(
            r.stdout
                .chunks(8)
                .map(|c| {
                    (
                        u32::from_le_bytes(c[0..4].try_into().unwrap()),
                        u32::from_le_bytes(c[4..8].try_into().unwrap()),
                    )
                })
                .collect(),
        );
    }
    all
}

/// Deterministic xorshift64 values with varied bit lengths.
fn pseudo_random(n: usize, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..n)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x >> (i % 64)
        })
        .collect()
}

fn boundary32() -> Vec<u32> {
    let mut v = vec![
        0,
        1,
        2,
        3,
        5,
        7,
        10,
        100,
        0x7fff_ffff,
        0x8000_0000,
        0x8000_0001,
        0xffff_ffff,
        0xffff_fffe,
        0xffff_fff6,
        0x4000_0000,
        0x4000_0001,
        0xc000_0000,
        0x1234_5678,
        0xdead_beef,
        1_000_000_007,
    ];
    v.extend((0..32).map(|k| 1u32 << k));
    v.sort();
    v.dedup();
    v
}

fn boundary64() -> Vec<u64> {
    let mut v = vec![
        0,
        1,
        2,
        3,
        7,
        10,
        1000,
        0xffff_ffff,
        0x1_0000_0000,
        0x1_0000_0001,
        0x7fff_ffff,
        0x8000_0000,
        i64::MAX as u64,
        i64::MIN as u64,
        (i64::MIN + 1) as u64,
        u64::MAX,
        u64::MAX - 1,
        (-10i64) as u64,
        (-1_000_000_007i64) as u64,
        0xffff_ffff_0000_0000,
        0x0000_0001_ffff_ffff,
        0x1234_5678_9abc_def0,
        0xfedc_ba98_7654_3210,
        10_000_000_000_000_000_000,
    ];
    v.extend((0..64).step_by(3).map(|k| 1u64 << k));
    v.sort();
    v.dedup();
    v
}

fn check_pairs<T: std::fmt::Debug>(
    what: &str,
    cases: &[T],
    got: &[Vec<(u32, u32)>],
    want: impl Fn(&T) -> (u32, u32),
) -> usize {
    for (mi, results) in got.iter().enumerate() {
        let model = models()[mi].0;
        let bad: Vec<String> = cases
            .iter()
            .zip(results)
            .filter(|(c, g)| want(c) != **g)
            .take(10)
            .map(|(c, g)| format!("{c:?}: got {g:x?}, want {:x?}", want(c)))
            .collect();
        assert!(
            bad.is_empty(),
            "{what} on {model}: wrong results:\n{}",
            bad.join("\n")
        );
    }
    cases.len()
}

fn div32_cases() -> Vec<(u32, u32)> {
    let b = boundary32();
    let mut cases: Vec<(u32, u32)> = Vec::new();
    for &x in &b {
        for &y in &b {
            if y != 0 {
                cases.push((x, y));
            }
        }
    }
    let r = pseudo_random(600, 0x9e37_79b9_7f4a_7c15);
    for w in r.chunks(2) {
        let (x, y) = (w[0] as u32, (w[1] >> 7) as u32);
        if y != 0 {
            cases.push((x, y));
        }
    }
    cases
}

#[test]
fn division_32_unsigned_and_signed() {
    let cases = div32_cases();
    let inputs: Vec<[u32; 4]> = cases.iter().map(|&(a, b)| [a, b, 0, 0]).collect();
    let mut n = 0;
    type Want = fn(&(u32, u32)) -> (u32, u32);
    let helpers: [(&str, Want); 4] = [
        ("__udivsi3", |&(a, b)| (a / b, 0)),
        ("__umodsi3", |&(a, b)| (a % b, 0)),
        ("__divsi3", |&(a, b)| {
            ((a as i32).wrapping_div(b as i32) as u32, 0)
        }),
        ("__modsi3", |&(a, b)| {
            ((a as i32).wrapping_rem(b as i32) as u32, 0)
        }),
    ];
    for (helper, want) in helpers {
        let got = run_helper("lib/divsi3.s", helper, &inputs);
        // only $r16 is the result; ignore $r17
        let got: Vec<Vec<(u32, u32)>> = got
            .into_iter()
            .map(|v| v.into_iter().map(|(lo, _)| (lo, 0)).collect())
            .collect();
        n += check_pairs(helper, &cases, &got, want);
    }
    assert!(n > 4 * 2000, "{n} cases");
}

fn split(x: u64) -> (u32, u32) {
    (x as u32, (x >> 32) as u32)
}

fn div64_cases() -> Vec<(u64, u64)> {
    let b = boundary64();
    let mut cases = Vec::new();
    for &x in &b {
        for &y in &b {
            if y != 0 {
                cases.push((x, y));
            }
        }
    }
    let r = pseudo_random(400, 0x2545_f491_4f6c_dd1d);
    for w in r.chunks(2) {
        if w[1] != 0 {
            cases.push((w[0], w[1]));
        }
    }
    cases
}

#[test]
fn division_64_unsigned_and_signed() {
    let cases = div64_cases();
    let inputs: Vec<[u32; 4]> = cases
        .iter()
        .map(|&(a, b)| [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32])
        .collect();
    type Want = fn(&(u64, u64)) -> (u32, u32);
    let helpers: [(&str, Want); 4] = [
        ("__udivdi3", |&(a, b)| split(a / b)),
        ("__umoddi3", |&(a, b)| split(a % b)),
        ("__divdi3", |&(a, b)| {
            split((a as i64).wrapping_div(b as i64) as u64)
        }),
        ("__moddi3", |&(a, b)| {
            split((a as i64).wrapping_rem(b as i64) as u64)
        }),
    ];
    let mut n = 0;
    for (helper, want) in helpers {
        let got = run_helper("lib/divdi3.s", helper, &inputs);
        n += check_pairs(helper, &cases, &got, want);
    }
    assert!(n > 4 * 1000, "{n} cases");
}

#[test]
fn multiply_64() {
    let b = boundary64();
    let mut cases = Vec::new();
    for &x in &b {
        for &y in &b {
            cases.push((x, y));
        }
    }
    let r = pseudo_random(400, 0x1234_5678_9abc_def1);
    for w in r.chunks(2) {
        cases.push((w[0], w[1]));
    }
    let inputs: Vec<[u32; 4]> = cases
        .iter()
        .map(|&(a, b)| [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32])
        .collect();
    let got = run_helper("lib/muldi3.s", "__muldi3", &inputs);
    let n = check_pairs("__muldi3", &cases, &got, |&(a, b)| split(a.wrapping_mul(b)));
    assert!(n > 1000);
    // the ST240's own __muldi3 (mul32, mul64hu), on the ST240 model
    let got = run_helper_st240("lib/st240/muldi3.s", "__muldi3", &inputs);
    check_pairs("__muldi3 (st240)", &cases, &got, |&(a, b)| {
        split(a.wrapping_mul(b))
    });
}

#[test]
fn shifts_64() {
    let mut values = boundary64();
    values.extend(pseudo_random(8, 77));
    let mut cases = Vec::new();
    for &x in &values {
        for n in 0..64u32 {
            cases.push((x, n));
        }
    }
    let inputs: Vec<[u32; 4]> = cases
        .iter()
        .map(|&(a, n)| [a as u32, (a >> 32) as u32, n, 0])
        .collect();
    type Want = fn(&(u64, u32)) -> (u32, u32);
    let helpers: [(&str, Want); 3] = [
        ("__ashldi3", |&(a, n)| split(a << n)),
        ("__lshrdi3", |&(a, n)| split(a >> n)),
        ("__ashrdi3", |&(a, n)| split(((a as i64) >> n) as u64)),
    ];
    for (helper, want) in helpers {
        let got = run_helper("lib/muldi3.s", helper, &inputs);
        check_pairs(helper, &cases, &got, want);
        let got = run_helper_st240("lib/st240/muldi3.s", helper, &inputs);
        check_pairs(helper, &cases, &got, want);
    }
}

/// A test `exit` for programs linked without libc: `_exit(status)`.
const EXIT_STUB: &str =
    "\t.text\n\t.global exit\n\t.proc\nexit:\n\tcall $r63 = _exit\n\t;;\n\t.endp\n";

#[test]
fn syscall_stubs() {
    let main = r#"
	.data
	.global res
msg:	.ascii "hello, world\n"
err:	.ascii "oops"
	.align 4
buf:	.skip 16
res:	.skip 64
	.text
	.global _start
	.proc
_start:
	add $r12 = $r12, -32
	;;
	mov $r16 = 1
	mov $r17 = msg
	;;
	mov $r18 = 13
	;;
	call $r63 = __write
	;;
	stw res+0[$r0] = $r16
	;;
	mov $r16 = 2
	mov $r17 = err
	;;
	mov $r18 = 4
	;;
	call $r63 = __write
	;;
	stw res+4[$r0] = $r16
	;;
	mov $r16 = 7
	mov $r17 = err
	;;
	mov $r18 = 4
	;;
	call $r63 = __write
	;;
	stw res+8[$r0] = $r16
	;;
	mov $r16 = 0
	mov $r17 = buf
	;;
	mov $r18 = 5
	;;
	call $r63 = __read
	;;
	stw res+12[$r0] = $r16
	;;
	mov $r16 = 0
	mov $r17 = buf+5
	;;
	mov $r18 = 11
	;;
	call $r63 = __read
	;;
	stw res+16[$r0] = $r16
	;;
	mov $r16 = 0
	mov $r17 = buf
	;;
	mov $r18 = 4
	;;
	call $r63 = __read
	;;
	stw res+20[$r0] = $r16
	;;
	call $r63 = __cycles
	;;
	stw res+24[$r0] = $r16
	;;
	stw res+28[$r0] = $r17
	;;
	call $r63 = __cycles
	;;
	stw res+32[$r0] = $r16
	;;
	stw res+36[$r0] = $r17
	;;
	mov $r16 = 1
	mov $r17 = buf
	;;
	mov $r18 = 10
	;;
	call $r63 = __write
	;;
	mov $r16 = 42
	;;
	call $r63 = _exit
	;;
	.endp
"#;
    let objects = vec![
        ("main.s".to_string(), assemble("main.s", main)),
        runtime_object("lib/syscalls.s"),
    ];
    for (name, model) in models() {
        let r = run_with(&objects, model, &["t"], b"stdin-data!", |_, _| {});
        assert!(matches!(r.stop, Stop::Exit(42)), "{name}: {:?}", r.stop);
        // stdout: the message, then the 10 bytes read back (5 + 5 of 11)
        assert_eq!(r.stdout, b"hello, world\nstdin-data".to_vec(), "{name}");
        assert_eq!(r.stderr, b"oops".to_vec(), "{name}");
        let res = r.symbols["res"];
        let word = |i: u32| r.machine.mem.read(res + 4 * i, 4).unwrap();
        assert_eq!(word(0), 13, "{name}: __write returns the length");
        assert_eq!(word(1), 4, "{name}: __write to stderr");
        assert_eq!(word(2) as i32, -9, "{name}: bad fd gives -EBADF");
        assert_eq!(word(3), 5, "{name}: __read of 5");
        assert_eq!(word(4), 6, "{name}: __read of the 6 remaining bytes");
        assert_eq!(word(5), 0, "{name}: __read at end of file");
        let c1 = word(6) as u64 | (word(7) as u64) << 32;
        let c2 = word(8) as u64 | (word(9) as u64) << 32;
        assert!(c1 > 0 && c2 > c1, "{name}: __cycles {c1} then {c2}");
        let end = r.machine.stats().cycles;
        assert!(c2 < end, "{name}: __cycles {c2} < total {end}");
    }
}

#[test]
fn setjmp_longjmp() {
    // setjmp returns 0, then 7 (longjmp from a nested call with a deeper
    // stack and clobbered callee-saved registers), then 1 (longjmp with 0).
    let main = r#"
	.data
	.global jb, pass, results, back
	.align 8
jb:	.skip 48
pass:	.word 0
results: .skip 12
	.text
	.global _start
	.proc
_start:
	add $r12 = $r12, -32
	mov $r1 = 0x1111
	;;
	mov $r2 = 0x2222
	mov $r3 = 0x3333
	;;
	mov $r4 = 0x4444
	mov $r5 = 0x5555
	;;
	mov $r6 = 0x6666
	mov $r7 = 0x7777
	;;
	mov $r14 = 0x1414
	mov $r16 = jb
	;;
	call $r63 = setjmp
	;;
back:
	ldw $r8 = pass[$r0]
	;;
	nop
	;;
	nop
	;;
	sh2add $r9 = $r8, results
	add $r8 = $r8, 1
	;;
	stw 0[$r9] = $r16
	;;
	stw pass[$r0] = $r8
	cmpeq $b0 = $r8, 1
	cmpeq $b1 = $r8, 2
	;;
	nop
	;;
	nop
	;;
	br $b0, first
	;;
	br $b1, second
	;;
	mov $r16 = 0
	goto done
	;;
first:
	mov $r1 = -1
	mov $r2 = -2
	mov $r3 = -3
	mov $r4 = -4
	;;
	mov $r5 = -5
	mov $r6 = -6
	mov $r7 = -7
	mov $r14 = -14
	;;
	add $r12 = $r12, -128
	mov $r16 = jb
	mov $r17 = 7
	;;
	call $r63 = deep
	;;
second:
	mov $r1 = -1
	mov $r2 = -2
	mov $r3 = -3
	mov $r4 = -4
	;;
	mov $r5 = -5
	mov $r6 = -6
	mov $r7 = -7
	mov $r14 = -14
	;;
	add $r12 = $r12, -64
	mov $r16 = jb
	mov $r17 = 0
	;;
	call $r63 = longjmp
	;;
done:
	syscall 1
	;;
	.endp
	.proc
deep:
	add $r12 = $r12, -32
	;;
	stw 16[$r12] = $r63
	;;
	call $r63 = longjmp
	;;
	.endp
"#;
    let objects = vec![
        ("main.s".to_string(), assemble("main.s", main)),
        runtime_object("lib/setjmp.s"),
    ];
    for (name, model) in models() {
        let mut entry_sp = 0;
        let r = run_with(&objects, model, &["t"], b"", |m, _| {
            entry_sp = m.gr(12);
        });
        assert!(matches!(r.stop, Stop::Exit(0)), "{name}: {:?}", r.stop);
        let m = &r.machine;
        let results = r.symbols["results"];
        let got: Vec<u32> = (0..3)
            .map(|i| m.mem.read(results + 4 * i, 4).unwrap())
            .collect();
        assert_eq!(got, [0, 7, 1], "{name}: setjmp return values");
        let want = [
            (1, 0x1111),
            (2, 0x2222),
            (3, 0x3333),
            (4, 0x4444),
            (5, 0x5555),
            (6, 0x6666),
            (7, 0x7777),
            (14, 0x1414),
            (12, entry_sp - 32),
        ];
        for (reg, v) in want {
            assert_eq!(m.gr(reg), v, "{name}: $r{reg} after longjmp");
        }
        // the jmp_buf layout documented in runtime/include/setjmp.h
        let jb = r.symbols["jb"];
        let w = |i: u32| m.mem.read(jb + 4 * i, 4).unwrap();
        assert_eq!(w(0), r.symbols["back"], "{name}: word 0 is $r63");
        assert_eq!(w(1), entry_sp - 32, "{name}: word 1 is $r12");
        assert_eq!(w(2), 0x1414, "{name}: word 2 is $r14");
        assert_eq!(
            (3..10).map(w).collect::<Vec<_>>(),
            [0x1111, 0x2222, 0x3333, 0x4444, 0x5555, 0x6666, 0x7777],
            "{name}: words 3..9 are $r1..$r7"
        );
    }
    let header = std::fs::read_to_string(runtime_dir().join("include/setjmp.h")).unwrap();
    assert!(
        header.contains("typedef int jmp_buf[12];"),
        "setjmp.h and setjmp.s must agree on the jmp_buf size"
    );
}

#[test]
fn crt0_passes_argc_argv_and_exit_status() {
    // main writes argv[1] and argv[argc-1] to stdout, checks its stack
    // alignment, .bss, $r14 and argv[argc] == NULL, and returns argc + 40
    // (or 100 + the number of the failed check).
    let main = r#"
	.bss
	.align 8
zeros:	.skip 64
	.text
	.global main
	.proc
main:
	add $r12 = $r12, -32
	;;
	stw 16[$r12] = $r63
	mov $r1 = $r16
	mov $r2 = $r17
	;;
	stw 20[$r12] = $r1
	and $r8 = $r12, 7
	;;
	stw 24[$r12] = $r2
	cmpne $b0 = $r8, 0
	mov $r16 = 101
	;;
	nop
	;;
	nop
	;;
	br $b0, .Lfail
	;;
	mov $r9 = _gp
	;;
	cmpne $b0 = $r9, $r14
	mov $r16 = 102
	;;
	nop
	;;
	nop
	;;
	br $b0, .Lfail
	;;
	sh2add $r8 = $r1, $r2
	;;
	ldw $r8 = 0[$r8]
	;;
	nop
	;;
	nop
	;;
	cmpne $b0 = $r8, 0
	mov $r16 = 103
	;;
	nop
	;;
	nop
	;;
	br $b0, .Lfail
	;;
	mov $r3 = zeros
	mov $r4 = 16
	mov $r5 = 0
	;;
.Lzero:
	ldw $r8 = 0[$r3]
	add $r3 = $r3, 4
	add $r4 = $r4, -1
	cmpne $b1 = $r4, 1
	;;
	nop
	;;
	nop
	;;
	or $r5 = $r5, $r8
	br $b1, .Lzero
	;;
	cmpne $b0 = $r5, 0
	mov $r16 = 104
	;;
	nop
	;;
	nop
	;;
	br $b0, .Lfail
	;;
	ldw $r16 = 4[$r2]
	;;
	nop
	;;
	nop
	;;
	call $r63 = puts_raw
	;;
	add $r8 = $r1, -1
	;;
	sh2add $r8 = $r8, $r2
	;;
	ldw $r16 = 0[$r8]
	;;
	nop
	;;
	nop
	;;
	call $r63 = puts_raw
	;;
	add $r16 = $r1, 40
	;;
.Lfail:
	ldw $r63 = 16[$r12]
	;;
	nop
	;;
	nop
	;;
	nop
	;;
	return $r63
	add $r12 = $r12, 32
	;;
	.endp

	.proc
# write the NUL-terminated string at $r16 (leaf, uses $r16-$r20)
puts_raw:
	mov $r17 = $r16
	mov $r18 = 0
	;;
.Llen:
	ldbu $r19 = 0[$r16]
	add $r16 = $r16, 1
	;;
	nop
	;;
	nop
	;;
	cmpne $b0 = $r19, 0
	add $r18 = $r18, 1
	;;
	nop
	;;
	nop
	;;
	br $b0, .Llen
	;;
	add $r18 = $r18, -1
	mov $r16 = 1
	;;
	syscall 2
	;;
	return $r63
	;;
	.endp
"#;
    let crt0 = std::fs::read_to_string(runtime_dir().join("crt0.s")).unwrap();
    let objects = vec![
        ("crt0.o".to_string(), assemble("crt0.s", &crt0)),
        ("main.s".to_string(), assemble("main.s", main)),
        ("exit.s".to_string(), assemble("exit.s", EXIT_STUB)),
        runtime_object("lib/syscalls.s"),
    ];
    for (name, model) in models() {
        // fill .bss with garbage first: crt0 must clear it
        let r = run_with(
            &objects,
            model,
            &["prog", "first", "mid", "last"],
            b"",
            |m, syms| {
                let (a, b) = (syms["__bss_start"], syms["__bss_end"]);
                assert!(b > a, "the test program has a .bss");
                for addr in a..b {
                    m.mem.write(addr, 1, 0xA5).unwrap();
                }
            },
        );
        assert!(
            matches!(r.stop, Stop::Exit(44)),
            "{name}: {:?} (10x: check x failed)",
            r.stop
        );
        assert_eq!(r.stdout, b"firstlast".to_vec(), "{name}");
        let (a, b) = (r.symbols["__bss_start"], r.symbols["__bss_end"]);
        for addr in a..b {
            assert_eq!(
                r.machine.mem.read(addr, 1).unwrap(),
                0,
                "{name}: .bss at {addr:#x}"
            );
        }
    }
    // the exit status is main's result, masked like a host process's
    let ret300 =
        "\t.text\n\t.global main\n\t.proc\nmain:\n\tmov $r16 = 300\n\treturn $r63\n\t;;\n\t.endp\n";
    let objects = vec![
        ("crt0.o".to_string(), assemble("crt0.s", &crt0)),
        ("main.s".to_string(), assemble("main.s", ret300)),
        ("exit.s".to_string(), assemble("exit.s", EXIT_STUB)),
        runtime_object("lib/syscalls.s"),
    ];
    let r = run_with(&objects, ProcessorModel::st231(), &["p"], b"", |_, _| {});
    assert_eq!(r.stop.exit_code(), 300 & 0xff);
}

#[test]
fn crt0_overlaps_the_bss_misses_with_prefetches() {
    // 16 KiB of .bss = 512 D-cache lines of 32 bytes (ISA-ST200 §5.5), all
    // cold. Cleared one blocking write-allocate miss at a time they would
    // stall 512 × 120 = 61 440 cycles. With 8 fills in flight (the prefetch
    // buffer) a line costs at most 120 / 8 = 15 cycles once the stream runs,
    // so the D-cache stalls must stay under a quarter of the serial figure.
    let main = "\t.bss\n\t.align 8\nbig:\t.skip 16384\n\t.text\n\t.global main\n\t.proc\nmain:\n\tmov $r16 = 0\n\treturn $r63\n\t;;\n\t.endp\n";
    let crt0 = std::fs::read_to_string(runtime_dir().join("crt0.s")).unwrap();
    let objects = vec![
        ("crt0.o".to_string(), assemble("crt0.s", &crt0)),
        ("main.s".to_string(), assemble("main.s", main)),
        ("exit.s".to_string(), assemble("exit.s", EXIT_STUB)),
        runtime_object("lib/syscalls.s"),
    ];
    let r = run_with(&objects, ProcessorModel::st231(), &["p"], b"", |m, syms| {
        for addr in syms["__bss_start"]..syms["__bss_end"] {
            m.mem.write(addr, 1, 0x5A).unwrap();
        }
    });
    assert_eq!(r.stop.exit_code(), 0);
    let (a, b) = (r.symbols["__bss_start"], r.symbols["__bss_end"]);
    assert!(b - a >= 16384);
    assert!((a..b).all(|addr| r.machine.mem.read(addr, 1).unwrap() == 0));
    let stats = r.machine.stats();
    let serial = 512 * 120;
    assert!(
        stats.stalls.dcache_miss < serial / 4,
        "D-cache stalls {} (serial misses would be {serial})",
        stats.stalls.dcache_miss
    );
    assert!(stats.dcache.prefetch_hits >= 500, "{:?}", stats.dcache);
}
