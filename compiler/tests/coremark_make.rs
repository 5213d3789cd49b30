//! The stock CoreMark builds with its own Makefile and `CC=lcc`, with the
//! port `testsuite/coremark-port` (its `core_portme.mak` runs the program
//! with `stsim`), from a copy of the CoreMark folder in a temporary
//! directory (the folder itself stays untouched). The CoreMark sources are
//! not in the repository: the test looks for them at `$COREMARK_DIR`, else
//! `../shared/bench/coremark` from the repository root, and is skipped
//! (with a message) when neither exists. The expected CRCs are those
//! CoreMark's README gives for the 2K performance run (seeds 0, 0, 0x66):
//! seedcrc 0xe9f5, crclist 0xe714, crcmatrix 0x1fd7, crcstate 0x8e3a.

mod common;
use std::path::{Path, PathBuf};
use std::process::Command;

fn coremark_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("COREMARK_DIR").map(PathBuf::from),
        Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench/coremark")),
    ];
    for c in candidates.into_iter().flatten() {
        if c.join("core_main.c").is_file() && c.join("Makefile").is_file() {
            return Some(c);
        }
    }
    eprintln!(
        "CoreMark sources not found ($COREMARK_DIR, or ../shared/bench/coremark from the repository root): skipped"
    );
    None
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), &dest).unwrap();
            let mut p = std::fs::metadata(&dest).unwrap().permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            p.set_readonly(false);
            std::fs::set_permissions(&dest, p).unwrap();
        }
    }
}

/// The CRC lines of a 2K performance run are right and no check failed
/// (the "at least 10 secs" complaint of a short run aside).
fn check_performance_run(log: &str) {
    for line in [
        "2K performance run parameters for coremark.",
        "seedcrc          : 0xe9f5",
        "[0]crclist       : 0xe714",
        "[0]crcmatrix     : 0x1fd7",
        "[0]crcstate      : 0x8e3a",
        "Iterations       : 4",
    ] {
        assert!(log.contains(line), "no `{line}` in\n{log}");
    }
    assert!(!log.contains("]ERROR"), "{log}");
}

#[test]
fn coremark_builds_with_its_makefile_and_cc_lcc() {
    let Some(dir) = coremark_dir() else { return };
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("coremark-make");
    let _ = std::fs::remove_dir_all(&tmp);
    let src = tmp.join("coremark");
    copy_dir(&dir, &src);
    let out = tmp.join("out");
    let port = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testsuite/coremark-port");
    let lcc = Path::new(env!("CARGO_BIN_EXE_lcc"));
    // stsim next to lcc when it is built (cargo test --workspace);
    // otherwise make only builds, and the program runs in the simulator
    // library here
    let stsim = lcc.with_file_name("stsim");
    let target = if stsim.is_file() { "run" } else { "link" };
    let made = Command::new("make")
        .arg("-C")
        .arg(&src)
        .arg(format!(
            "PORT_DIR={}",
            port.canonicalize().unwrap().display()
        ))
        .arg(format!("CC={}", lcc.display()))
        .arg(format!("STSIM={}", stsim.display()))
        .arg(format!("OPATH={}/", out.display()))
        .arg("ITERATIONS=4")
        .arg(target)
        .output()
        .expect("make is required");
    assert!(
        made.status.success(),
        "make failed:\n{}\n{}",
        String::from_utf8_lossy(&made.stdout),
        String::from_utf8_lossy(&made.stderr)
    );
    let exe = std::fs::read(out.join("coremark.elf")).unwrap();
    if target == "run" {
        for log in ["run1.log", "run2.log"] {
            check_performance_run(&std::fs::read_to_string(out.join(log)).unwrap());
        }
    } else {
        let (stdout, _) = common::simulate(&exe, isa::Core::St231).unwrap();
        check_performance_run(&String::from_utf8_lossy(&stdout));
    }
    // the CoreMark folder itself is untouched
    assert!(!dir.join("coremark.elf").exists());
}
