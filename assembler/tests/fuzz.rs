//! Robustness: no input makes `las` panic or hang. A bounded proptest
//! stands in for a coverage-guided fuzzer: random bytes, and valid sources
//! mutated by deleting, duplicating and inserting assembler tokens.

use assembler::{assemble, Options};
use proptest::prelude::*;

const CORPUS: &[&str] = &[
    "        .text\n        .global f\n        .proc\nf:\n        add $r12 = $r12, -32\n        mov $r16 = 0x12345678\n        ;;\n        stw 16[$r12] = $r63\n        mul32 $r3 = $r4, $r5\n        ;;\n        call $r63 = g\n        ;;\n1:      ldw $r63 = 16[$r12]\n        cmplt $b1 = $r3, 100\n        ;;\n        br $b1, 1b\n        ;;\n        return $r63\n        add $r12 = $r12, 32\n        ;;\n        .endp\n        .size f, .-f\n",
    "        .data\nx:      .word 1, x, g + 4, . - x\n        .hword 3\n        .byte 'a', 0x7f\n        .asciz \"hi\\n\"\n        .align 8\n        .skip 12, 1\n        .comm c, 8, 4\n        .lcomm d, 4\n        .set K, 3 * (4 + x - x)\n",
    "        .file 1 \"k.c\"\n        .text\nmain:\n        .loc 1 3 1\n        ldw $r4 = @gprel(v)[$r14]\n        addcg $r1, $b1 = $r2, $r3, $b0\n        slct $r5 = $b1, $r6, 30\n        ;;\n        .loc 1 4 2\n        goto 2f\n        ;;\n2:      syscall 1\n        ;;\n",
];

const TOKENS: &[&str] = &[
    ";;",
    "$r",
    "$b",
    "$r63",
    "$r0.",
    "=",
    ",",
    "[",
    "]",
    "(",
    ")",
    "@gprel(",
    "@long(",
    ".",
    "1b",
    "2f",
    "0x",
    "-",
    "~",
    "\n",
    ".word",
    ".align",
    ".section",
    ".proc",
    ".endp",
    ".loc",
    ".file",
    ".set",
    ".skip",
    "mul32",
    "goto",
    "call",
    "syscall",
    "imml",
    "\"",
    "'",
    "#",
    "/*",
    "*/",
    ":",
    "9999999999999999999999",
    "1<<63",
    "/0",
    "%0",
    ".include",
];

/// Cases per property: 400 in the test suite (bounded time); set
/// `LAS_FUZZ_CASES` for a longer run.
fn cases() -> u32 {
    std::env::var("LAS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
}

fn check(src: &str) {
    let opts = Options::default();
    if let Err(d) = assemble("fuzz.s", src, &opts) {
        // Errors render without panicking and say where they are.
        let text = d.render();
        assert!(d.has_errors());
        assert!(!text.is_empty());
    }
}

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, t)| Edit::Insert(a, t)),
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Edit::Duplicate(a, n)),
    ]
}

fn apply(src: &str, edits: &[Edit]) -> String {
    let mut s: Vec<u8> = src.as_bytes().to_vec();
    for e in edits {
        let len = s.len().max(1);
        match *e {
            Edit::Delete(a, n) => {
                let a = a % len;
                let b = (a + n).min(s.len());
                if a < b {
                    s.drain(a..b);
                }
            }
            Edit::Insert(a, t) => {
                let a = a % (s.len() + 1);
                let tok = TOKENS[t % TOKENS.len()].as_bytes();
                s.splice(a..a, tok.iter().copied());
            }
            Edit::Duplicate(a, n) => {
                let a = a % len;
                let b = (a + n).min(s.len());
                let piece: Vec<u8> = s.get(a..b).unwrap_or(&[]).to_vec();
                s.splice(a..a, piece);
            }
        }
    }
    String::from_utf8_lossy(&s).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_token_soup_never_panics(toks in proptest::collection::vec(0usize..TOKENS.len(), 0..80)) {
        let s: Vec<&str> = toks.iter().map(|&t| TOKENS[t]).collect();
        check(&s.join(" "));
    }

    #[test]
    fn mutated_valid_sources_never_panic(which in 0usize..CORPUS.len(), edits in proptest::collection::vec(edit(), 1..8)) {
        check(&apply(CORPUS[which], &edits));
    }
}

#[test]
fn corpus_is_valid() {
    for src in CORPUS {
        if let Err(d) = assemble("c.s", src, &Options::default()) {
            panic!("{}", d.render());
        }
    }
}

#[test]
fn pathological_inputs_are_errors_not_crashes() {
    let deep = format!(
        "add $r1 = $r1, {}1{} ;;",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    assert!(assemble("p.s", &deep, &Options::default()).is_err());
    let neg = format!("add $r1 = $r1, {}1 ;;", "-".repeat(10_000));
    assert!(assemble("p.s", &neg, &Options::default()).is_err());
    let chain: String = (0..100)
        .map(|i| format!(".set a{}, a{} + 1\n", i + 1, i))
        .collect();
    assert!(assemble(
        "p.s",
        &format!(".set a0, 0\n{chain} .word a100\n"),
        &Options::default()
    )
    .is_err());
    // Huge but legal .bss reservations do not allocate memory.
    assert!(assemble("p.s", ".bss\n.skip 0x7fffffff\n", &Options::default()).is_ok());
    // Section contents over the limit are an error.
    assert!(assemble("p.s", ".data\n.skip 0x7fffffff\n", &Options::default()).is_err());
    let self_include = ".include \"p.s\"\n";
    let _ = assemble("p.s", self_include, &Options::default());
}
