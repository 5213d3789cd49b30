//! `lcc --machine FILE` builds an executable that records its machine
//! (`.note.st200.machine`, isa::note) — the runtime included, which the
//! driver caches per machine — and that `stsim` runs on that machine by
//! default (`simulator::compat::select_machine`, the choice `stsim` makes
//! without `--machine`/`--mcpu`).

use std::path::{Path, PathBuf};
use std::process::Command;

use simulator::{Io, Machine, Options, Program, Stop};

/// Prints the sum of the squares below 100 and returns 3. By hand:
/// 99·100·199/6 = 328350.
const PROGRAM: &str = "#include <stdio.h>\nint main(void) { int s = 0; for (int i = 0; i < 100; i++) s += i * i; printf(\"%d\\n\", s); return 3; }\n";

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lcc-machine-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `lcc FLAGS p.c -o NAME` in `dir`; panics with lcc's stderr on failure.
fn lcc(dir: &Path, flags: &[&str], name: &str) -> Vec<u8> {
    let src = dir.join("p.c");
    std::fs::write(&src, PROGRAM).unwrap();
    let exe = dir.join(name);
    let o = Command::new(env!("CARGO_BIN_EXE_lcc"))
        .args(flags)
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "lcc {flags:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read(&exe).unwrap()
}

/// The strings of the executable's note section, as binutils' `readelf
/// -p` prints them.
fn note_strings(dir: &Path, exe: &[u8]) -> String {
    let p = dir.join("for-readelf");
    std::fs::write(&p, exe).unwrap();
    let o = Command::new("readelf")
        .args(["-p", ".note.st200.machine"])
        .arg(&p)
        .output()
        .expect("readelf installed");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs `exe` on `model`: (stdout, exit status, cycles, D-cache misses).
fn run_on(exe: &[u8], model: isa::model::ProcessorModel) -> (String, i32, u64, u64) {
    let program = Program::parse(exe).unwrap();
    let mut m = Machine::new(model, Options::default()).unwrap();
    program.load(&mut m, &["p".to_string()]).unwrap();
    m.set_io(Io::captured(b""));
    let stop = m.run();
    let Io::Captured { stdout, .. } = m.io() else {
        panic!()
    };
    let out = String::from_utf8_lossy(stdout).into_owned();
    let Stop::Exit(code) = stop else {
        panic!("{stop:?}: {out}")
    };
    let s = m.stats();
    (out, code, s.cycles, s.dcache.misses)
}

#[test]
fn a_described_machine_gets_its_runtime_and_stsim_runs_on_it() {
    let dir = scratch("slow");
    // Like the ST231, but a D-cache miss costs 400 cycles instead of 120.
    let file = dir.join("slow.toml");
    std::fs::write(
        &file,
        "base = \"st231\"\nname = \"slowmem\"\n[dcache]\nmiss_penalty = 400\n",
    )
    .unwrap();
    let exe = lcc(&dir, &["-O2", "--machine", file.to_str().unwrap()], "p");
    // It links (the runtime was built for slowmem: lld-st refuses objects
    // of different machines) and records slowmem.
    let notes = note_strings(&dir, &exe);
    assert!(notes.contains("slowmem"), "{notes}");
    assert!(notes.contains("miss_penalty = 400"), "{notes}");
    // stsim's default: the recorded machine.
    let program = Program::parse(&exe).unwrap();
    let chosen = simulator::compat::select_machine(&program, None, None).unwrap();
    assert_eq!(chosen.name, "slowmem");
    let (out, code, cycles, misses) = run_on(&exe, chosen);
    assert_eq!((out.as_str(), code), ("328350\n", 3));
    // The same program on the ST231 (allowed: both interlock, same stages
    // and bundle rules): the same misses, each 280 cycles cheaper, so
    // fewer cycles.
    let st231 = simulator::compat::select_machine(&program, None, Some(isa::Core::St231)).unwrap();
    assert_eq!(st231.name, "st231");
    let (out2, code2, cycles2, misses2) = run_on(&exe, st231);
    assert_eq!((out2.as_str(), code2), ("328350\n", 3));
    assert!(misses > 0);
    assert_eq!(misses, misses2);
    assert!(cycles > cycles2, "{cycles} vs {cycles2}");
    // The ST220 has no interlocks: refused before running, by that rule
    // (it used to start and fault in memcpy).
    let e = simulator::compat::select_machine(&program, None, Some(isa::Core::St220))
        .expect_err("an interlocked machine's code must not run on the ST220")
        .to_string();
    assert!(e.contains("interlock rule"), "{e}");
    assert!(e.contains("`slowmem`") && e.contains("`st220`"), "{e}");
}

#[test]
fn each_machine_gets_its_own_runtime_and_runs_there() {
    let dir = scratch("wide");
    let wide8 = dir.join("wide8.toml");
    std::fs::write(
        &wide8,
        "base = \"st231\"\nname = \"wide8\"\nissue_width = 8\n[resources]\nissue = 8\nmem = 2\nodd = 4\neven = 4\n",
    )
    .unwrap();
    // One operation per bundle: legal on any machine.
    let exe = lcc(
        &dir,
        &["-mno-bundle", "--machine", wide8.to_str().unwrap()],
        "p8",
    );
    assert!(note_strings(&dir, &exe).contains("wide8"));
    let program = Program::parse(&exe).unwrap();
    let chosen = simulator::compat::select_machine(&program, None, None).unwrap();
    assert_eq!(chosen.name, "wide8");
    assert_eq!(chosen.issue_width, 8);
    let (out, code, _, _) = run_on(&exe, chosen);
    assert_eq!((out.as_str(), code), ("328350\n", 3));
    // Another machine of the same core right after: the runtime is built
    // and linked for it too (a runtime cached by core would record wide8,
    // and lld-st would refuse to link it with objects for wide6). (Not the
    // 2-issue machine: the runtime's hand-written assembly, crt0.s first,
    // has 3- and 4-syllable bundles.)
    let wide6 = dir.join("wide6.toml");
    std::fs::write(
        &wide6,
        "base = \"st231\"\nname = \"wide6\"\nissue_width = 6\n[resources]\nissue = 6\nmem = 1\nodd = 3\neven = 3\n",
    )
    .unwrap();
    let exe = lcc(
        &dir,
        &["-mno-bundle", "--machine", wide6.to_str().unwrap()],
        "p6",
    );
    assert!(note_strings(&dir, &exe).contains("wide6"));
    let program = Program::parse(&exe).unwrap();
    let chosen = simulator::compat::select_machine(&program, None, None).unwrap();
    assert_eq!(chosen.name, "wide6");
    let (out, code, _, _) = run_on(&exe, chosen);
    assert_eq!((out.as_str(), code), ("328350\n", 3));
}
