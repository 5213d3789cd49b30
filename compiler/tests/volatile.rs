//! C `volatile` end to end: the IR's volatile operations survive the
//! optimiser, `lcc -O2` keeps every volatile access of the program in the
//! assembly (counted in loops that the compiler leaves unrolled), and a
//! program that reads the ST200 cycle counter `PM_PCLK` (ISA-ST200 §1.5,
//! a memory-mapped control register at 0xFFFFF828) through a volatile
//! pointer sees time pass in `stsim`.

use compiler::driver::{build_executable, compile_to_asm, Config};
use compiler::interp::{run, RunOptions};
use compiler::ir::{parse_module, verify_module};
use compiler::opt;
use simulator::{Io, Machine, Options, Program, Stop};

/// `lcc -O2 -S` of `src`.
fn asm_o2(src: &str) -> String {
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    compile_to_asm("volatile.c", src.as_bytes(), &cfg).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The operations of function `name` in `asm` (from its label to
/// `.endp`), one per line, trimmed.
fn function<'a>(asm: &'a str, name: &str) -> Vec<&'a str> {
    let start = asm
        .find(&format!("\n{name}:\n"))
        .unwrap_or_else(|| panic!("no function {name} in\n{asm}"));
    asm[start..]
        .lines()
        .skip(2)
        .take_while(|l| !l.contains(".endp"))
        .map(str::trim)
        .collect()
}

/// Lines of `ops` that start with `mnemonic ` and mention `operand`.
fn count(ops: &[&str], mnemonic: &str, operand: &str) -> usize {
    ops.iter()
        .filter(|l| l.starts_with(&format!("{mnemonic} ")) && l.contains(operand))
        .count()
}

/// Number of branches back to an earlier label of the function (loops).
fn backward_branches(ops: &[&str]) -> usize {
    let mut seen: Vec<&str> = vec![];
    let mut n = 0;
    for l in ops {
        if let Some(label) = l.strip_suffix(':') {
            seen.push(label);
        } else if (l.starts_with("br ") || l.starts_with("brf ") || l.starts_with("goto "))
            && seen
                .iter()
                .any(|s| l.ends_with(&format!(" {s}")) || l.ends_with(&format!(",{s}")))
        {
            n += 1;
        }
    }
    n
}

/// `g += i` ten times on a volatile global: one loop (not unrolled) that
/// loads and stores `g` once per iteration, so 10 loads and 10 stores run.
#[test]
fn volatile_global_is_loaded_and_stored_every_iteration() {
    let asm = asm_o2("volatile int g;\nvoid f(void){ for (int i = 0; i < 10; i++) g += i; }\n");
    let f = function(&asm, "f");
    assert_eq!(backward_branches(&f), 1, "one loop:\n{}", f.join("\n"));
    assert_eq!(count(&f, "ldw", "g["), 1, "{}", f.join("\n"));
    assert_eq!(count(&f, "stw", "g["), 1, "{}", f.join("\n"));
}

/// Two reads through a volatile pointer are two loads.
#[test]
fn two_volatile_reads_are_two_loads() {
    let asm = asm_o2("int k(int *p){ return *(volatile int*)p + *(volatile int*)p; }\n");
    let k = function(&asm, "k");
    assert_eq!(count(&k, "ldw", "[$r16]"), 2, "{}", k.join("\n"));
}

/// A volatile local stays in memory: loaded and stored in the loop body.
#[test]
fn volatile_local_lives_in_memory() {
    let asm = asm_o2(
        "int f(void){ volatile int s = 0; for (int i = 0; i < 10; i++) s += i; return s; }\n",
    );
    let f = function(&asm, "f");
    assert_eq!(backward_branches(&f), 1, "one loop:\n{}", f.join("\n"));
    // initialisation, the loop's load and store, the final read
    assert_eq!(count(&f, "ldw", "[$r12]"), 2, "{}", f.join("\n"));
    assert_eq!(count(&f, "stw", "[$r12]"), 2, "{}", f.join("\n"));
}

/// `while (!flag) ;` keeps the load of the volatile flag in the loop: the
/// loop is the load, the test and the branch back.
#[test]
fn busy_wait_reloads_the_flag() {
    let asm = asm_o2("volatile int flag;\nvoid w(void){ while (!flag) ; }\n");
    let w = function(&asm, "w");
    assert_eq!(backward_branches(&w), 1, "{}", w.join("\n"));
    // the branch back and the label it goes to
    let (label, back) = w
        .iter()
        .enumerate()
        .find_map(|(b, l)| {
            let target = l.rsplit([' ', ',']).next()?;
            let at = w[..b].iter().position(|x| *x == format!("{target}:"))?;
            (l.starts_with("br") || l.starts_with("goto")).then_some((at, b))
        })
        .expect("a branch back");
    assert!(
        count(&w[label..back], "ldw", "flag[") == 1,
        "the load is between the loop's label and its branch back:\n{}",
        w.join("\n")
    );
}

/// Members of a volatile struct, elements of a volatile array, a volatile
/// read whose value is unused, and two stores in a row: every access stays.
#[test]
fn members_elements_unused_reads_and_repeated_stores() {
    let asm = asm_o2(
        "struct S { int a, b; };\nvolatile struct S vs;\nvolatile int arr[4];\nvolatile int g;\n\
         int m(void){ return vs.a + vs.a; }\n\
         int e(void){ return arr[1] + arr[1]; }\n\
         void st(void){ g; g = 1; g = 2; }\n",
    );
    let m = function(&asm, "m");
    assert_eq!(count(&m, "ldw", "vs["), 2, "{}", m.join("\n"));
    let e = function(&asm, "e");
    assert_eq!(count(&e, "ldw", "arr+4["), 2, "{}", e.join("\n"));
    let st = function(&asm, "st");
    assert_eq!(count(&st, "ldw", "g["), 1, "{}", st.join("\n"));
    assert_eq!(count(&st, "stw", "g["), 2, "{}", st.join("\n"));
}

/// The IR's volatile operations go through the whole `-O2` pipeline: an
/// unused volatile load, two volatile loads of one address and two
/// volatile stores to it all stay, in order; the interpreter runs them
/// like plain accesses (hand-derived: g = 5 then 7, result 7 + 7 = 14).
#[test]
fn optimiser_keeps_volatile_operations() {
    let text = "
global @g size 4 align 4 init 00000000

func @main() -> i32 {
entry:
  %a = global_addr @g
  %five = iconst.i32 5
  %seven = iconst.i32 7
  volatile_store.i32 %a, %five
  volatile_store.i32 %a, %seven
  %unused = volatile_load.i32 %a
  %x = volatile_load.i32 %a
  %y = volatile_load.i32 %a
  %s = add.i32 %x, %y
  ret %s
}
";
    let mut m = parse_module(text).unwrap();
    verify_module(&m).unwrap();
    assert_eq!(run(&m, &RunOptions::default()).unwrap().exit_code, 14);
    let o = opt::Options {
        level: 2,
        verify: true,
        ..Default::default()
    };
    opt::optimize_module(&mut m, &o).unwrap();
    let printed = m.print();
    assert_eq!(
        printed.matches("volatile_store.i32").count(),
        2,
        "{printed}"
    );
    assert_eq!(printed.matches("volatile_load.i32").count(), 3, "{printed}");
    // the printed form parses back to the same text
    assert_eq!(parse_module(&printed).unwrap().print(), printed);
    assert_eq!(run(&m, &RunOptions::default()).unwrap().exit_code, 14);
}

/// Runs an executable in the simulator (ST231): the exit status.
fn simulate(exe: &[u8]) -> i32 {
    let program = Program::parse(exe).unwrap();
    let mut m = Machine::new(isa::model::ProcessorModel::st231(), Options::default()).unwrap();
    program.load(&mut m, &["prog".to_string()]).unwrap();
    m.set_io(Io::captured(b""));
    match m.run() {
        Stop::Exit(c) => c & 0xff,
        other => panic!("stopped with {other:?}"),
    }
}

/// Reading `PM_PCLK` twice through a volatile pointer gives increasing
/// values (the reads are not merged), and a volatile busy loop of 1000
/// iterations takes at least 1000 cycles at `-O2` (it is not deleted or
/// folded). Exit status 0 when both hold; 1, 2 or 3 name the failure.
#[test]
fn cycle_counter_and_busy_loop_run_in_the_simulator() {
    let src = "
#define PM_PCLK ((volatile unsigned *)0xFFFFF828u)
int main(void)
{
    unsigned a = *PM_PCLK;
    unsigned b = *PM_PCLK;
    if (!(b > a))
        return 1;
    unsigned t0 = *PM_PCLK;
    volatile int s = 0;
    for (int i = 0; i < 1000; i++)
        s += i;
    unsigned t1 = *PM_PCLK;
    if (t1 - t0 < 1000)
        return 2;
    if (s != 499500)
        return 3;
    return 0;
}
";
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let exe = build_executable(&[("pclk.c".to_string(), src.as_bytes().to_vec())], &cfg)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(simulate(&exe), 0);
}

/// A parameter's own `volatile` is not part of the function's type (C99
/// §6.7.5.3p15): the definition matches the prototype, and the parameter
/// is a volatile local. Hand-derived: f(3) = 4, g(&4) = 4, exit status 8.
#[test]
fn volatile_parameters_keep_the_function_type() {
    let src = "
int f(int);
int f(volatile int x) { x += 1; return x; }
int g(const volatile int *p);
int g(const volatile int *p) { return *p; }
int main(void) { int z = 4; return f(3) + g(&z); }
";
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let exe = build_executable(&[("param.c".to_string(), src.as_bytes().to_vec())], &cfg)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(simulate(&exe), 8);
}

/// Volatile accesses to two different objects stay in program order (the
/// scheduler may not move the second read of `b` above the store to `a`,
/// nor reuse the first), and a conditional volatile store or load is not
/// if-converted: no address select (`slct`), no dismissible load.
#[test]
fn program_order_and_no_speculation() {
    let asm = asm_o2(
        "volatile int a, b;\nint f(void){ int x = b; a = 1; return x + b; }\n\
         volatile int g;\n\
         int h(int c, int *p){ if (c) g = *p; return 0; }\n\
         int k(int c, int *p){ int r = 1; if (c) r = g; return r + *p; }\n",
    );
    let f = function(&asm, "f");
    let memory: Vec<&str> = f
        .iter()
        .filter(|l| l.starts_with("ldw ") || l.starts_with("stw "))
        .map(|l| if l.contains("a[") { "stw a" } else { "ldw b" })
        .collect();
    assert_eq!(memory, ["ldw b", "stw a", "ldw b"], "{}", f.join("\n"));
    for name in ["h", "k"] {
        let ops = function(&asm, name);
        assert!(
            !ops.iter()
                .any(|l| l.starts_with("slct") || l.starts_with("ldw.d")),
            "{}",
            ops.join("\n")
        );
        assert!(
            ops.iter()
                .any(|l| l.starts_with("br") || l.starts_with("brf")),
            "the volatile access stays under a branch:\n{}",
            ops.join("\n")
        );
    }
}

/// Volatile `double` and `float` objects (soft-float legalisation turns
/// their accesses into volatile integer accesses): each `+=`/`*=` is a
/// load and a store, the program computes what gcc does. Hand-derived:
/// d = 1.5, 2.5, 4.5, 7.5; f = 4.5, 9, 18, 36; s = 6 + 11.5 + 22.5 + 43.5
/// = 83.5; exit status 2·83.5 = 167.
#[test]
fn volatile_floating_objects() {
    let src = "
volatile double d = 1.5;
volatile float f = 2.25f;
int main(void)
{
    double s = 0;
    for (int i = 0; i < 4; i++) {
        d += i;
        f *= 2;
        s += d + f;
    }
    return (int)(s * 2);
}
";
    let cfg = Config::from_flags(&["-O2".to_string()]).unwrap();
    let exe = build_executable(&[("float.c".to_string(), src.as_bytes().to_vec())], &cfg)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(simulate(&exe), 167);
    let asm = asm_o2(src);
    let main = function(&asm, "main");
    // per iteration d is read twice (`+=`, then `d + f`) and written once,
    // two words each time; f is read twice and written once
    let words = |m: &str, sym: &str| {
        count(&main, m, &format!(" {sym}[")) + count(&main, m, &format!(" {sym}+4["))
    };
    assert_eq!(words("ldw", "d"), 4, "{}", main.join("\n"));
    assert_eq!(words("stw", "d"), 2, "{}", main.join("\n"));
    assert_eq!(words("ldw", "f"), 2, "{}", main.join("\n"));
    assert_eq!(words("stw", "f"), 1, "{}", main.join("\n"));
}

/// The IR of `src` after the `-O2` passes, one `(name, text)` per function.
fn ir_o2(src: &str) -> Vec<(String, String)> {
    let out = compiler::driver::compile("packed.c", src.as_bytes(), &Default::default());
    let mut m = out
        .result
        .unwrap_or_else(|| panic!("{:?}", out.diagnostics));
    let o = opt::Options {
        level: 2,
        verify: true,
        ..Default::default()
    };
    opt::optimize_module(&mut m, &o).unwrap();
    let printed = m.print();
    printed
        .split("\nfunc @")
        .skip(1)
        .map(|f| {
            let name = f.split('(').next().unwrap().to_string();
            (name, f.to_string())
        })
        .collect()
}

/// Volatile members of packed records, which may be misaligned, are
/// accessed byte by byte, and every byte access is a volatile one that the
/// optimiser keeps (hand counts: a 4-byte member is 4 byte accesses; a
/// bit-field in a 4-byte unit reads 4 bytes and writes them back; a
/// 30-bit field at bit 4 spans 5 bytes, whose first and last it shares:
/// reading it is 5 loads, writing it loads those 2 and stores all 5).
#[test]
fn volatile_packed_members_are_volatile_byte_accesses() {
    let fs = ir_o2(
        "struct __attribute__((packed)) P { char c; volatile int v; volatile unsigned b : 20; unsigned x : 12; };\n\
         #pragma pack(1)\n\
         struct Q { char c : 4; volatile int s : 30; };\n\
         #pragma pack()\n\
         int rd(struct P *p) { return p->v + p->v; }\n\
         void wr(struct P *p) { p->v = 1; p->v = 2; }\n\
         unsigned rb(struct P *p) { return p->b; }\n\
         void wb(struct P *p) { p->b = 5; }\n\
         int rs(struct Q *q) { return q->s; }\n\
         void ws(struct Q *q) { q->s = -3; }\n\
         unsigned plain(struct P *p) { return p->x; }\n",
    );
    let want = [
        ("rd", 8, 0),
        ("wr", 0, 8),
        ("rb", 4, 0),
        ("wb", 4, 4),
        ("rs", 5, 0),
        ("ws", 2, 5),
        ("plain", 0, 0),
    ];
    for (name, loads, stores) in want {
        let (_, f) = fs
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(f.matches("volatile_load.i8").count(), loads, "{f}");
        assert_eq!(f.matches("volatile_store.i8").count(), stores, "{f}");
        assert_eq!(f.matches("volatile_load.i32").count(), 0, "{f}");
    }
}
