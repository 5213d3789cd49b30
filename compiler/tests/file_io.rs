//! File I/O of the C library (`fopen`, `fread`, `fwrite`, `fseek`,
//! `ftell`, `fclose`, `freopen`, `remove`, `tmpfile`, `open`, `lseek`,
//! `unlink`...) over the simulator's file calls, in the one directory the
//! run names (`stsim --fs-root`, `simulator::hostfs`).
//!
//! The programs of `tests/files/` run twice, each in a fresh empty
//! directory: built by the host `gcc -m32` and run natively, and built by
//! lcc at `-O0` and `-O2` and run in the simulator with that directory as
//! its root. Stdout, exit status and the files left behind must agree.
//! The escapes the simulator refuses (which the host allows) are checked
//! against hand-derived errno values: EACCES is 13 (Linux).

use std::path::{Path, PathBuf};
use std::process::Command;

use compiler::driver::{build_executable, Config};
use simulator::hostfs::HostFs;
use simulator::{Io, Machine, Options, Program, Stop};

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("file-io-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Files of `dir` with their contents, sorted.
fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let content = std::fs::read(e.path()).unwrap_or_default();
            (e.file_name().to_string_lossy().into_owned(), content)
        })
        .collect();
    v.sort();
    v
}

/// Builds `src` with lcc (`opt`) and runs it with `root` as its file
/// system root (none: no files): (stdout, stderr, exit status).
fn lcc_run(src: &str, opt: &str, root: Option<&Path>) -> (String, String, i32) {
    let cfg = Config::from_flags(&[opt.to_string()]).unwrap();
    let exe = build_executable(&[("t.c".to_string(), src.as_bytes().to_vec())], &cfg)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    let program = Program::parse(&exe).unwrap();
    let model = isa::model::ProcessorModel::builtin(cfg.model.core);
    let mut m = Machine::new(
        model,
        Options {
            max_cycles: Some(200_000_000),
            ..Default::default()
        },
    )
    .unwrap();
    program.load(&mut m, &["prog".to_string()]).unwrap();
    m.set_io(Io::captured(b""));
    if let Some(root) = root {
        m.set_fs(HostFs::with_root(root).unwrap());
    }
    let stop = m.run();
    let Io::Captured { stdout, stderr, .. } = m.io() else {
        unreachable!()
    };
    let out = String::from_utf8_lossy(stdout).into_owned();
    let err = String::from_utf8_lossy(stderr).into_owned();
    match stop {
        Stop::Exit(c) => (out, err, c & 0xff),
        other => panic!("{other:?}\nstdout: {out}\nstderr: {err}"),
    }
}

/// Builds `file` with `gcc -m32` and runs it in `dir`: (stdout, status).
fn gcc_run_in(file: &Path, dir: &Path) -> (String, i32) {
    let exe = dir.with_extension("gcc-exe");
    let out = Command::new("gcc")
        .args(["-m32", "-std=gnu99", "-w", "-O0", "-o"])
        .arg(&exe)
        .arg(file)
        .output()
        .expect("host gcc is required (apt-get install gcc-multilib)");
    assert!(
        out.status.success(),
        "gcc -m32 failed on {}:\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).current_dir(dir).output().unwrap();
    let _ = std::fs::remove_file(&exe);
    (
        String::from_utf8_lossy(&run.stdout).into_owned(),
        run.status.code().unwrap(),
    )
}

fn check_against_gcc(name: &str) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/files/{name}.c"));
    let src = std::fs::read_to_string(&file).unwrap();
    let host_dir = scratch(&format!("{name}-gcc"));
    let (want, want_code) = gcc_run_in(&file, &host_dir);
    assert_eq!(want_code, 0, "{name} fails natively: {want}");
    for opt in ["-O0", "-O2"] {
        let dir = scratch(&format!("{name}{opt}"));
        let (out, err, code) = lcc_run(&src, opt, Some(&dir));
        assert_eq!(
            (out.as_str(), code),
            (want.as_str(), want_code),
            "{name} {opt}\n{err}"
        );
        assert_eq!(
            listing(&dir),
            listing(&host_dir),
            "{name} {opt}: files left"
        );
    }
}

#[test]
fn stdio_streams_match_gcc() {
    check_against_gcc("streams");
}

#[test]
fn posix_file_calls_match_gcc() {
    check_against_gcc("posix_files");
}

#[test]
fn stdout_redirected_with_freopen_matches_gcc() {
    check_against_gcc("redirect");
}

/// A program that tries to read `path`, to append to it and to remove it:
/// prints the errno of each attempt.
fn escape_program(path: &str) -> String {
    format!(
        "#include <stdio.h>\n#include <errno.h>\n\
int main(void) {{\n\
  FILE *f; int r, e1, e2, e3;\n\
  errno = 0; f = fopen(\"{path}\", \"r\"); e1 = errno; if (f) return 1;\n\
  errno = 0; f = fopen(\"{path}\", \"a\"); e2 = errno; if (f) return 2;\n\
  errno = 0; r = remove(\"{path}\"); e3 = errno; if (r == 0) return 3;\n\
  printf(\"%d %d %d\\n\", e1, e2, e3);\n\
  return 0;\n}}\n"
    )
}

/// Every way out of the root is refused with EACCES (13), and nothing
/// outside it is read, created or removed: `..`, `..` after a
/// subdirectory, an absolute path outside, a symbolic link to a file
/// outside, a link inside a subdirectory pointing back into the root, a
/// link to a directory.
#[test]
fn escapes_from_the_root_are_refused() {
    let d = scratch("escape");
    let root = d.join("root");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::write(d.join("secret"), b"outside").unwrap();
    std::fs::write(root.join("inside"), b"inside").unwrap();
    std::os::unix::fs::symlink(d.join("secret"), root.join("out-link")).unwrap();
    std::os::unix::fs::symlink("../inside", root.join("sub/in-link")).unwrap();
    std::os::unix::fs::symlink(&d, root.join("dir-link")).unwrap();
    let secret = d.join("secret").display().to_string();
    for path in [
        "../secret",
        "sub/../../secret",
        secret.as_str(),
        "out-link",
        "sub/in-link",
        "dir-link/secret",
    ] {
        let (out, err, code) = lcc_run(&escape_program(path), "-O2", Some(&root));
        assert_eq!((out.as_str(), code), ("13 13 13\n", 0), "{path}\n{err}");
    }
    assert_eq!(std::fs::read(d.join("secret")).unwrap(), b"outside");
    assert_eq!(std::fs::read(root.join("inside")).unwrap(), b"inside");
    assert!(root.join("out-link").symlink_metadata().is_ok());
    assert!(root.join("sub/in-link").symlink_metadata().is_ok());
    assert_eq!(
        listing(&d).iter().map(|x| x.0.as_str()).collect::<Vec<_>>(),
        ["root", "secret"]
    );
}

/// The same paths inside the root are allowed: `..` that stays inside,
/// the root's own absolute path.
#[test]
fn paths_inside_the_root_are_allowed() {
    let root = scratch("inside");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::write(root.join("inside"), b"xyz").unwrap();
    let abs = root.canonicalize().unwrap().join("inside");
    let src = format!(
        "#include <stdio.h>\n\
int main(void) {{\n\
  FILE *a = fopen(\"sub/../inside\", \"r\"), *b = fopen(\"{}\", \"r\");\n\
  if (!a || !b) return 1;\n\
  printf(\"%c%c\\n\", fgetc(a), fgetc(b));\n\
  return 0;\n}}\n",
        abs.display()
    );
    let (out, err, code) = lcc_run(&src, "-O2", Some(&root));
    assert_eq!((out.as_str(), code), ("xx\n", 0), "{err}");
}

/// Without a root (stsim's default) every file call fails with EACCES;
/// `tmpfile` too.
#[test]
fn without_a_root_files_fail_with_eacces() {
    let src = "#include <stdio.h>\n#include <errno.h>\n\
int main(void) {\n\
  FILE *f; int e1, e2;\n\
  errno = 0; f = fopen(\"x\", \"w\"); e1 = errno; if (f) return 1;\n\
  errno = 0; f = tmpfile(); e2 = errno; if (f) return 2;\n\
  printf(\"%d %d\\n\", e1, e2);\n\
  return 0;\n}\n";
    let (out, err, code) = lcc_run(src, "-O2", None);
    assert_eq!((out.as_str(), code), ("13 13\n", 0), "{err}");
}
