//! Struct layout against gcc: a generator writes C programs declaring many
//! random structs and unions (members of every integer type, bit-fields of
//! every width including unnamed and zero-width ones, arrays, nested
//! records; `__attribute__((packed))` and `aligned(N)` on records and
//! members; `#pragma pack(N)`, `pack(push[, N])`, `pack(pop)`, `pack()`).
//! Each program prints `sizeof`, `_Alignof` and `offsetof` of every record,
//! the bytes each bit-field occupies (the field set to all ones in a zeroed
//! record), and the values of every member read from a byte pattern, after
//! assignments of value patterns and after `^=`, on a global record and
//! through a pointer (at an odd address when the record's alignment
//! allows), also read through a `volatile` pointer, with a hash of the
//! record's bytes.
//!
//! The expected output is the host `gcc -m32 -malign-double` build of the
//! same program (i386 with 8-byte `long long`, whose layout rules are the
//! ST200 ABI's: ISA-ST200 §1.1); lcc's output must be the same in its IR
//! interpreter and in `stsim`. The seeds are fixed, so a run is
//! reproducible; `LCC_LAYOUT_SEEDS=a,b,c` runs other seeds.

use compiler::driver::{build_executable, compile_and_run_optimized, Config, Options};
use compiler::interp::RunOptions;
use std::fmt::Write as _;
use std::path::PathBuf;

mod common;
use common::{gcc_run, simulate};

/// SplitMix64 (G. Steele, D. Lea, C. Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014): a small deterministic
/// generator, so the programs depend on the seed only.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `p` percent.
    fn pct(&mut self, p: u64) -> bool {
        self.below(100) < p
    }

    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
}

/// An integer type: C spelling, width in bits, signedness.
const INTS: [(&str, u32, bool); 10] = [
    ("char", 8, true),
    ("signed char", 8, true),
    ("unsigned char", 8, false),
    ("short", 16, true),
    ("unsigned short", 16, false),
    ("int", 32, true),
    ("unsigned int", 32, false),
    ("long", 32, true),
    ("long long", 64, true),
    ("unsigned long long", 64, false),
];

/// A scalar member that the program reads and writes.
struct Scalar {
    /// Access path from the record (`m3`, `a2[1]`).
    path: String,
    /// Width in bits of the value (the bit-field width or the type's).
    width: u32,
    signed: bool,
    bitfield: bool,
}

/// A generated record: its name (`struct s7`) and its scalar members.
struct Record {
    name: String,
    scalars: Vec<Scalar>,
    /// Named members that are not bit-fields (for `offsetof`).
    offsets: Vec<String>,
}

/// A literal of `v` (already in range) for a type of `width` bits.
fn literal(v: i128, signed: bool) -> String {
    if signed {
        if v == i64::MIN as i128 {
            "(-9223372036854775807LL - 1)".to_string()
        } else {
            format!("{v}LL")
        }
    } else {
        format!("{v}ULL")
    }
}

/// A value of a `width`-bit field: the extremes, small values and random
/// bit patterns.
fn value(rng: &mut Rng, width: u32, signed: bool) -> i128 {
    let (lo, hi): (i128, i128) = if signed {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    } else {
        (0, (1i128 << width) - 1)
    };
    match rng.below(6) {
        0 => lo,
        1 => hi,
        2 => (rng.below(7) as i128 - 3).clamp(lo, hi),
        _ => {
            let raw = (rng.next() as i128) & ((1i128 << width) - 1);
            if signed && raw > hi {
                raw - (1i128 << width)
            } else {
                raw
            }
        }
    }
}

/// The program of one seed: `count` records and a test function each.
fn program(seed: u64, count: usize) -> String {
    let mut rng = Rng(seed);
    let mut out = String::new();
    out.push_str(
        "#include <stdio.h>\n#include <stddef.h>\n#include <string.h>\n\n\
         static union { unsigned char c[4096]; long long l; } buf __attribute__((aligned(16)));\n\
         static unsigned hash(const void *p, unsigned n) {\n\
         \x20   const unsigned char *b = p; unsigned h = 2166136261u;\n\
         \x20   for (unsigned i = 0; i < n; i++) h = (h ^ b[i]) * 16777619u;\n\
         \x20   return h;\n}\n\
         static void pattern(void *p, unsigned n, unsigned k) {\n\
         \x20   unsigned char *b = p;\n\
         \x20   for (unsigned i = 0; i < n; i++) b[i] = (unsigned char)(i * 37 + k * 101 + 11);\n}\n\
         static void bytes(const char *what, const void *p, unsigned n) {\n\
         \x20   const unsigned char *b = p; printf(\"%s:\", what);\n\
         \x20   for (unsigned i = 0; i < n; i++) if (b[i]) printf(\" %u=%02x\", i, b[i]);\n\
         \x20   printf(\"\\n\");\n}\n\n",
    );
    let mut records: Vec<Record> = Vec::new();
    let mut pushed = 0;
    for i in 0..count {
        // the pragma state before this record
        match rng.below(10) {
            0 | 1 => {
                let n = rng.pick(&[1, 2, 4, 8, 16]);
                let _ = writeln!(out, "#pragma pack({n})");
            }
            2 => out.push_str("#pragma pack()\n"),
            3 => {
                let n = rng.pick(&[1, 2, 4]);
                let _ = writeln!(out, "#pragma pack(push, {n})");
                pushed += 1;
            }
            4 => {
                out.push_str("#pragma pack(push)\n");
                pushed += 1;
            }
            5 if pushed > 0 => {
                out.push_str("#pragma pack(pop)\n");
                pushed -= 1;
            }
            _ => {}
        }
        let is_union = rng.pct(12);
        let kw = if is_union { "union" } else { "struct" };
        let name = format!("{kw} r{i}");
        let mut attrs = String::new();
        if rng.pct(25) {
            attrs.push_str(" __attribute__((packed))");
        }
        if rng.pct(12) {
            let _ = write!(
                attrs,
                " __attribute__((aligned({})))",
                rng.pick(&[1, 2, 4, 8, 16])
            );
        }
        let _ = writeln!(out, "{kw}{attrs} r{i} {{");
        let mut scalars = Vec::new();
        let mut offsets = Vec::new();
        let members = 1 + rng.below(if is_union { 4 } else { 9 });
        let mut k = 0;
        while k < members {
            let m = format!("m{k}");
            let mut mattr = String::new();
            if rng.pct(10) {
                mattr.push_str(" __attribute__((packed))");
            }
            if rng.pct(8) {
                let _ = write!(
                    mattr,
                    " __attribute__((aligned({})))",
                    rng.pick(&[1, 2, 4, 8])
                );
            }
            let (ty, bits, signed) = *rng.pick(&INTS);
            match rng.below(20) {
                // bit-fields, most often
                0..=10 => {
                    let width = match rng.below(4) {
                        0 => 1 + rng.below(3) as u32,
                        1 => bits,
                        _ => 1 + rng.below(u64::from(bits)) as u32,
                    };
                    let _ = writeln!(out, "    {ty} {m} : {width}{mattr};");
                    scalars.push(Scalar {
                        path: m,
                        width,
                        signed,
                        bitfield: true,
                    });
                }
                11 => {
                    let _ = writeln!(out, "    {ty} : 0;");
                }
                12 => {
                    let width = 1 + rng.below(u64::from(bits)) as u32;
                    let _ = writeln!(out, "    {ty} : {width};");
                }
                13 if !records.is_empty() => {
                    let j = rng.below(records.len() as u64) as usize;
                    let _ = writeln!(out, "    {} {m}{mattr};", records[j].name);
                    offsets.push(m);
                }
                14 => {
                    let n = 1 + rng.below(3);
                    let _ = writeln!(out, "    {ty} {m}[{n}]{mattr};");
                    for e in [0, n - 1] {
                        scalars.push(Scalar {
                            path: format!("{m}[{e}]"),
                            width: bits,
                            signed,
                            bitfield: false,
                        });
                        if n == 1 {
                            break;
                        }
                    }
                    offsets.push(m);
                }
                _ => {
                    let _ = writeln!(out, "    {ty} {m}{mattr};");
                    scalars.push(Scalar {
                        path: m.clone(),
                        width: bits,
                        signed,
                        bitfield: false,
                    });
                    offsets.push(m);
                }
            }
            k += 1;
        }
        if scalars.is_empty() && offsets.is_empty() {
            out.push_str("    char last;\n");
            offsets.push("last".to_string());
        }
        out.push_str("};\n");
        let rec = Record {
            name,
            scalars,
            offsets,
        };
        test_function(&mut out, &mut rng, i, &rec);
        records.push(rec);
    }
    for _ in 0..pushed {
        out.push_str("#pragma pack(pop)\n");
    }
    out.push_str("#pragma pack()\n\nint main(void) {\n");
    for i in 0..count {
        let _ = writeln!(out, "    t{i}();");
    }
    out.push_str("    return 0;\n}\n");
    out
}

/// `static void tI(void)`: the layout and accesses of record `rec`.
fn test_function(out: &mut String, rng: &mut Rng, i: usize, rec: &Record) {
    let t = &rec.name;
    let _ = writeln!(out, "static {t} g{i};");
    let _ = writeln!(out, "static void t{i}(void) {{");
    let _ = writeln!(
        out,
        "    printf(\"r{i}: size %u align %u\\n\", (unsigned)sizeof({t}), (unsigned)_Alignof({t}));"
    );
    for m in &rec.offsets {
        let _ = writeln!(
            out,
            "    printf(\"  {m} at %u\\n\", (unsigned)offsetof({t}, {m}));"
        );
    }
    // the bytes of each bit-field
    for s in rec.scalars.iter().filter(|s| s.bitfield) {
        let _ = writeln!(
            out,
            "    memset(&g{i}, 0, sizeof g{i}); g{i}.{p} = -1; bytes(\"  {p}\", &g{i}, sizeof g{i});",
            p = s.path
        );
    }
    // a pointer at an odd address when the alignment allows it
    let _ = writeln!(
        out,
        "    {t} *p = ({t} *)(buf.c + (_Alignof({t}) == 1 ? 3 : 16));"
    );
    let _ = writeln!(out, "    volatile {t} *vp = p;");
    let _ = writeln!(out, "    long long sum = 0;");
    for (obj, k) in [(format!("g{i}."), 1), ("p->".to_string(), 2)] {
        let base = if obj == "p->" {
            "p".to_string()
        } else {
            format!("&g{i}")
        };
        let _ = writeln!(out, "    pattern({base}, sizeof({t}), {k});");
        for s in &rec.scalars {
            let _ = writeln!(
                out,
                "    printf(\"  {obj}{p} = %lld\\n\", (long long){obj}{p});",
                p = s.path
            );
        }
        for s in &rec.scalars {
            let v = value(rng, s.width, s.signed);
            let _ = writeln!(out, "    {obj}{} = {};", s.path, literal(v, s.signed));
        }
        for s in &rec.scalars {
            // flips bits below the sign bit: the value stays in range
            let top = if s.signed { s.width - 1 } else { s.width };
            if top == 0 {
                continue;
            }
            let c = (rng.next() as u128 & ((1u128 << top) - 1)) as i128;
            let _ = writeln!(out, "    {obj}{} ^= {};", s.path, literal(c, false));
        }
        for s in &rec.scalars {
            let _ = writeln!(
                out,
                "    printf(\"  {obj}{p} -> %lld\\n\", (long long){obj}{p});",
                p = s.path
            );
        }
        let _ = writeln!(
            out,
            "    printf(\"  hash %08x\\n\", hash({base}, sizeof({t})));"
        );
    }
    for s in &rec.scalars {
        let _ = writeln!(out, "    sum = sum * 3 + vp->{};", s.path);
    }
    let _ = writeln!(out, "    printf(\"  volatile %lld\\n\", sum);");
    out.push_str("}\n\n");
}

fn seeds() -> Vec<u64> {
    match std::env::var("LCC_LAYOUT_SEEDS") {
        Ok(s) => s.split(',').map(|x| x.trim().parse().unwrap()).collect(),
        Err(_) => vec![1, 2, 3],
    }
}

#[test]
fn random_struct_layouts_match_gcc_m32() {
    let dir = std::env::temp_dir().join(format!("lcc-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    for seed in seeds() {
        let src = program(seed, 40);
        let path: PathBuf = dir.join(format!("layout{seed}.c"));
        std::fs::write(&path, &src).unwrap();
        let (want, code) = gcc_run(std::slice::from_ref(&path), &format!("layout{seed}"));
        assert_eq!(code, 0);
        let sources = vec![(path.to_string_lossy().into_owned(), src.into_bytes())];
        let check = |what: String, got: Vec<u8>, failures: &mut Vec<String>| {
            if got != want {
                let (g, w) = (
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want),
                );
                let line = g
                    .lines()
                    .zip(w.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                let near = |s: &str| {
                    s.lines()
                        .skip(line.saturating_sub(3))
                        .take(6)
                        .collect::<Vec<_>>()
                        .join("\n")
                };
                failures.push(format!(
                    "seed {seed} ({what}, {}): first difference at line {}\n--- lcc:\n{}\n--- gcc:\n{}",
                    path.display(),
                    line + 1,
                    near(&g),
                    near(&w)
                ));
            }
        };
        let (diag, r) = compile_and_run_optimized(
            &sources,
            &Options::default(),
            &compiler::opt::Options::default(),
            &RunOptions {
                max_steps: Some(100_000_000),
                args: vec![],
            },
        );
        match r {
            Some(Ok(r)) => check("interpreter -O0".into(), r.stdout, &mut failures),
            other => failures.push(format!("seed {seed} interpreter: {other:?} {diag}")),
        }
        for flags in [["-O2", "-mcpu=st231"], ["-O0", "-mcpu=st220"]] {
            let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
            let cfg = Config::from_flags(&flags).unwrap();
            match build_executable(&sources, &cfg)
                .map_err(|e| e.to_string())
                .and_then(|exe| simulate(&exe, cfg.model.core))
            {
                Ok((out, 0)) => check(format!("stsim {flags:?}"), out, &mut failures),
                other => failures.push(format!("seed {seed} stsim {flags:?}: {other:?}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // (kept when the test fails: the programs named in the message)
    let _ = std::fs::remove_dir_all(&dir);
}
