//! The runtime support routines keep their side of the convention of
//! `isa::abi::SUPPORT_GENERAL`: callers built by `lcc` keep values in
//! `$r48`…`$r62` across a call of a division, 64-bit shift or multiply, or
//! soft-float routine, so no such routine may write one of those
//! registers, nor call anything but another support routine.
//!
//! The expectation comes from the convention itself (runtime/README.md,
//! "Support routines"), checked on the text the runtime is built from:
//! the hand-written assembly as it is, and the C files as `lcc -O2 -S`
//! compiles them for each built-in core.

use compiler::codegen::is_support_routine;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn runtime_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime")
}

/// A fresh scratch folder for test `name`.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lcc-support-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Per function of assembly `text` (from its label to `.endp`): the
/// general registers it names and the functions it calls.
fn functions(text: &str) -> BTreeMap<String, (Vec<u32>, Vec<String>)> {
    let mut out: BTreeMap<String, (Vec<u32>, Vec<String>)> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let code = line.split('#').next().unwrap_or("").trim();
        if let Some(name) = code.strip_suffix(':') {
            if !name.starts_with('.') && !name.contains(' ') {
                current = Some(name.to_string());
                out.entry(name.to_string()).or_default();
            }
            continue;
        }
        if code.starts_with(".endp") {
            current = None;
            continue;
        }
        let Some(f) = &current else { continue };
        let entry = out.get_mut(f).expect("entry");
        let mut rest = code;
        while let Some(k) = rest.find("$r") {
            rest = &rest[k + 2..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse() {
                entry.0.push(n);
            }
        }
        if let Some(callee) = code.strip_prefix("call $r63 = ") {
            entry.1.push(callee.trim().to_string());
        }
    }
    out
}

/// Checks every support routine defined in `text` (named `file`) and the
/// functions of the file they call, directly or not; returns the names of
/// the support routines found.
fn check(file: &str, text: &str) -> Vec<String> {
    let fns = functions(text);
    let mut checked: Vec<&str> = fns
        .keys()
        .map(String::as_str)
        .filter(|n| is_support_routine(n))
        .collect();
    let found: Vec<String> = checked.iter().map(|n| n.to_string()).collect();
    let mut k = 0;
    while k < checked.len() {
        let name = checked[k];
        let (regs, calls) = &fns[name];
        let high: Vec<u32> = regs
            .iter()
            .copied()
            .filter(|&n| (isa::abi::SUPPORT_GENERAL..isa::abi::LINK).contains(&n))
            .collect();
        assert!(
            high.is_empty(),
            "{file}: {name} names $r{high:?}, which the callers of a support routine keep"
        );
        for c in calls {
            if fns.contains_key(c) {
                if !checked.contains(&c.as_str()) {
                    checked.push(c);
                }
            } else {
                assert!(
                    is_support_routine(c),
                    "{file}: {name} calls {c}, neither a support routine nor of its file"
                );
            }
        }
        k += 1;
    }
    found
}

#[test]
fn the_hand_written_routines_stay_below_r48() {
    let mut found = vec![];
    for rel in [
        "lib/divsi3.s",
        "lib/divdi3.s",
        "lib/muldi3.s",
        "lib/st240/muldi3.s",
    ] {
        let text = std::fs::read_to_string(runtime_dir().join(rel)).unwrap();
        found.extend(check(rel, &text));
    }
    for name in compiler::codegen::isel::HELPERS {
        assert!(found.iter().any(|f| f == name), "{name} not found");
    }
}

#[test]
fn the_compiled_routines_stay_below_r48() {
    let dir = scratch("compiled");
    for (rel, cpu) in [
        ("lib/softfloat.c", "st231"),
        ("lib/softfloat.c", "st220"),
        ("lib/softfloat.c", "st240"),
        ("lib/portable/divsi3.c", "st231"),
        ("lib/portable/divdi3.c", "st231"),
        ("lib/portable/muldi3.c", "st231"),
    ] {
        let out = dir.join("out.s");
        let o = Command::new(env!("CARGO_BIN_EXE_lcc"))
            .arg(format!("-mcpu={cpu}"))
            .args(["-O2", "-S"])
            .arg(runtime_dir().join(rel))
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "lcc {rel}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let found = check(rel, &std::fs::read_to_string(&out).unwrap());
        if rel.ends_with("softfloat.c") {
            for name in ["__addsf3", "__adddf3", "__muldf3", "__divdf3", "__ltdf2"] {
                assert!(found.iter().any(|f| f == name), "{name} not in {rel}");
            }
        } else {
            assert!(!found.is_empty(), "no support routine in {rel}");
        }
    }
}

/// `lcc` refuses to compile a support routine that calls another function.
#[test]
fn a_support_routine_may_not_call_other_functions() {
    let dir = scratch("bad");
    let src = dir.join("bad.c");
    std::fs::write(
        &src,
        "unsigned g(unsigned);\nunsigned __udivsi3(unsigned a, unsigned b) { return g(a) + b; }\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_lcc"))
        .args(["-O2", "-S"])
        .arg(&src)
        .arg("-o")
        .arg(dir.join("bad.s"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "accepted: {err}");
    assert!(
        err.contains("__udivsi3") && err.contains("may call only other support routines, not g"),
        "{err}"
    );
}

/// The registers a call of a support routine may change, derived from the
/// register table of ISA-ST200 §7.1: the caller-saved `$r8`–`$r11`,
/// `$r15`–`$r47` (below `$r48`) and `$r63`, and every BR.
#[test]
fn a_support_call_clobbers_only_registers_below_r48() {
    use compiler::codegen::mir::Reg;
    let mut expected: Vec<Reg> = (8..=11).chain(15..=47).chain([63]).map(Reg::G).collect();
    expected.extend((0..8).map(Reg::B));
    assert_eq!(Reg::support_call_clobbers(), expected);
    assert_eq!(Reg::clobbers_of_call("__adddf3"), expected);
    assert_eq!(Reg::clobbers_of_call("__divsi3"), expected);
    assert_ne!(Reg::clobbers_of_call("printf"), expected);
    assert!(Reg::clobbers_of_call("printf").contains(&Reg::G(48)));
}
