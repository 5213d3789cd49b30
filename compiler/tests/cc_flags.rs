//! `CC=lcc` in a Makefile: the gcc flags Makefiles
//! pass are accepted (`-pedantic`, `-W…`, `-f…`, `-static`, `-lm`, `-x c`,
//! `@file`), `-M`/`-MM`/`-MD`/`-MMD`/`-MF`/`-MT`/`-MQ`/`-MP` write the
//! dependency rules make reads, `-Wl,`/`-Xlinker` reach `lld-st`, unknown
//! options are errors naming them, and GNU make builds and rebuilds a
//! small project with `CC=lcc`.

use simulator::{Io, Machine, Options, Program, Stop};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LCC: &str = env!("CARGO_BIN_EXE_lcc");

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lcc-ccflags-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn lcc(dir: &Path, args: &[&str]) -> Output {
    Command::new(LCC)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn lcc_ok(dir: &Path, args: &[&str]) -> String {
    let o = lcc(dir, args);
    assert!(
        o.status.success(),
        "lcc {args:?} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn lcc_err(dir: &Path, args: &[&str]) -> String {
    let o = lcc(dir, args);
    assert!(!o.status.success(), "lcc {args:?} should fail");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs an executable file in the simulator: (stdout, exit status).
fn simulate(exe: &Path) -> (String, i32) {
    let bytes = std::fs::read(exe).unwrap();
    let program = Program::parse(&bytes).unwrap();
    let mut m = Machine::new(isa::model::ProcessorModel::st231(), Options::default()).unwrap();
    program.load(&mut m, &["prog".to_string()]).unwrap();
    m.set_io(Io::captured(b""));
    let stop = m.run();
    let Io::Captured { stdout, .. } = m.io() else {
        panic!()
    };
    let out = String::from_utf8_lossy(stdout).into_owned();
    match stop {
        Stop::Exit(c) => (out, c & 0xff),
        other => panic!("{}: stopped with {other:?}", exe.display()),
    }
}

/// main.c includes a local header and runtime headers; util.c only the
/// local header.
fn project(dir: &Path) {
    std::fs::write(dir.join("util.h"), "int twice(int x);\n").unwrap();
    std::fs::write(
        dir.join("main.c"),
        "#include <stdio.h>\n#include <math.h>\n#include \"util.h\"\nint main(void) { printf(\"twice 21 = %d\\n\", twice(21)); return 3; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("util.c"),
        "#include \"util.h\"\nint twice(int x) { return 2 * x; }\n",
    )
    .unwrap();
}

/// The path lcc names the runtime's `NAME` header by in `-MD` rules.
fn runtime_header(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../runtime/include")
        .join(name)
        .canonicalize()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// A rule's words, continuation lines joined.
fn words(rule: &str) -> Vec<String> {
    rule.replace(" \\\n", " ")
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn gcc_flags_of_makefiles_are_accepted() {
    let dir = scratch("accept");
    project(&dir);
    for flag in [
        "-pedantic",
        "-pedantic-errors",
        "-ansi",
        "-Wextra",
        "-Wno-unused-parameter",
        "-Wno-error",
        "-Werror=format",
        "-W",
        "-Wshadow",
        "-ffunction-sections",
        "-fdata-sections",
        "-fno-common",
        "-fomit-frame-pointer",
        "-fno-omit-frame-pointer",
        "-fPIC",
        "-fpic",
        "-fno-pic",
        "-fno-exceptions",
        "-fno-stack-protector",
        "-fvisibility=hidden",
        "-fmessage-length=0",
        "-fno-strict-aliasing",
        "-fno-inline",
        "-fsigned-char",
        "-static",
        "-pipe",
        "-std=gnu99",
        "-g3",
    ] {
        let _ = std::fs::remove_file(dir.join("util.o"));
        lcc_ok(&dir, &["-c", flag, "util.c"]);
        assert!(dir.join("util.o").exists(), "{flag}: no object");
    }
    // Linking: -lm (no libm.a: the runtime's libc.a has the C library),
    // -static, and linker options through -Wl, and -Xlinker.
    lcc_ok(
        &dir,
        &[
            "-O2",
            "-static",
            "main.c",
            "util.o",
            "-lm",
            "-Wl,-Map,prog.map,--gc-sections",
            "-Xlinker",
            "--defsym",
            "-Xlinker",
            "answer_sym=42",
            "-o",
            "prog",
        ],
    );
    assert_eq!(simulate(&dir.join("prog")), ("twice 21 = 42\n".into(), 3));
    let map = std::fs::read_to_string(dir.join("prog.map")).expect("-Wl,-Map wrote no map");
    assert!(map.contains("twice"), "map without `twice`:\n{map}");
    // -x c: a file of another extension compiled as C; -x none: back to
    // the extensions.
    std::fs::copy(dir.join("util.c"), dir.join("util.txt")).unwrap();
    lcc_ok(&dir, &["-c", "-x", "c", "util.txt", "-o", "x.o"]);
    assert!(dir.join("x.o").exists());
    let e = lcc_err(&dir, &["-c", "-xc", "util.txt", "-x", "none", "main.txt"]);
    assert!(e.contains("main.txt"), "{e}");
    let e = lcc_err(&dir, &["-c", "-x", "c++", "util.c"]);
    assert!(e.contains("language c++ not recognized"), "{e}");
}

#[test]
fn unknown_options_are_errors_naming_them() {
    let dir = scratch("unknown");
    project(&dir);
    for bad in [
        "-Qbogus",
        "-mbogus-thing",
        "--bogus",
        "-MG",
        "-fbogus",
        "-fwrapv",
    ] {
        let e = lcc_err(&dir, &["-c", bad, "util.c"]);
        assert!(
            e.contains(&format!("unrecognized command-line option '{bad}'")),
            "{bad}: {e}"
        );
    }
    // A gcc option of which lcc implements only the other form.
    let e = lcc_err(&dir, &["-c", "-funsigned-char", "util.c"]);
    assert!(
        e.contains("'-funsigned-char' is not supported (lcc accepts only '-fno-unsigned-char')"),
        "{e}"
    );
    // An option lld-st does not know is the linker's error, named.
    let e = lcc_err(&dir, &["main.c", "util.c", "-Wl,--bogus-linker-flag"]);
    assert!(
        e.contains("lld-st: error: unknown option --bogus-linker-flag"),
        "{e}"
    );
    let e = lcc_err(&dir, &["main.c", "util.c", "-lbogus"]);
    assert!(e.contains("-lbogus"), "{e}");
}

#[test]
fn dependency_files_for_make() {
    let dir = scratch("deps");
    project(&dir);
    // -MMD -MF: the local header, not the runtime's.
    lcc_ok(&dir, &["-c", "-MMD", "-MF", "main.dep", "main.c"]);
    assert!(dir.join("main.o").exists());
    let rule = std::fs::read_to_string(dir.join("main.dep")).unwrap();
    assert_eq!(rule, "main.o: main.c util.h\n");
    // -MD: the runtime's headers too (named in lcc's source tree), next to
    // the object (-o obj.o: obj.d).
    lcc_ok(&dir, &["-c", "-MD", "main.c", "-o", "obj.o"]);
    let rule = std::fs::read_to_string(dir.join("obj.d")).unwrap();
    let w = words(&rule);
    assert_eq!(w[0], "obj.o:");
    assert_eq!(w[1], "main.c");
    for h in ["stdio.h", "math.h"] {
        assert!(w.contains(&runtime_header(h)), "no {h} in {rule}");
    }
    assert!(w.contains(&"util.h".to_string()), "{rule}");
    // Long rules are continued with ` \` lines.
    assert!(rule.contains(" \\\n "), "{rule}");
    // -MP: a phony target per header; -MT/-MQ replace the target.
    lcc_ok(
        &dir,
        &["-c", "-MMD", "-MP", "-MT", "t1", "-MQ", "a$b c", "main.c"],
    );
    let rule = std::fs::read_to_string(dir.join("main.d")).unwrap();
    assert_eq!(rule, "t1 a$$b\\ c: main.c util.h\n\nutil.h:\n");
    // -M / -MM: the rule on stdout, nothing compiled.
    let _ = std::fs::remove_file(dir.join("util.o"));
    let out = lcc_ok(&dir, &["-MM", "util.c"]);
    assert_eq!(out, "util.o: util.c util.h\n");
    assert!(!dir.join("util.o").exists());
    let out = lcc_ok(&dir, &["-M", "main.c"]);
    assert!(words(&out).contains(&runtime_header("stdio.h")), "{out}");
    lcc_ok(&dir, &["-MM", "-MF", "m.d", "main.c", "util.c"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("m.d")).unwrap(),
        "main.o: main.c util.h\nutil.o: util.c util.h\n"
    );
}

#[test]
fn response_files_with_gcc_quoting() {
    let dir = scratch("atfile");
    project(&dir);
    std::fs::create_dir_all(dir.join("inc dir")).unwrap();
    std::fs::rename(dir.join("util.h"), dir.join("inc dir/util.h")).unwrap();
    // '…' and "…" quote, \ escapes anything (also a blank); @files nest.
    std::fs::write(dir.join("more.rsp"), "-DGREETING=\"\\\"hi there\\\"\"\n").unwrap();
    std::fs::write(
        dir.join("args.rsp"),
        "-O1 'main.c'\n  \"util.c\" -I'inc dir' @more.rsp\n-o my\\ prog\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.c"),
        "#include <stdio.h>\n#include \"util.h\"\nint main(void) { printf(\"%s %d\\n\", GREETING, twice(4)); return 0; }\n",
    )
    .unwrap();
    lcc_ok(&dir, &["@args.rsp"]);
    assert_eq!(simulate(&dir.join("my prog")), ("hi there 8\n".into(), 0));
    // An unreadable @file stays an argument (an input file that is missing).
    let e = lcc_err(&dir, &["@missing.rsp"]);
    assert!(e.contains("@missing.rsp"), "{e}");
}

/// The Done-when: a Makefile with `CC=lcc` builds a two-file
/// project, the program runs in the simulator, and touching the header
/// rebuilds the object that includes it (and only it).
#[test]
fn make_builds_and_rebuilds_with_cc_lcc() {
    if Command::new("make").arg("--version").output().is_err() {
        eprintln!("make_builds_and_rebuilds_with_cc_lcc: skipped: no `make` on this machine");
        return;
    }
    let dir = scratch("make");
    project(&dir);
    // util.c without the header: only main.o depends on it.
    std::fs::write(dir.join("util.c"), "int twice(int x) { return 2 * x; }\n").unwrap();
    std::fs::write(
        dir.join("Makefile"),
        format!(
            "CC = {LCC}\nCFLAGS = -O2 -MMD -MP -Wall -std=c99\nLDLIBS = -lm\n\
             OBJS = main.o util.o\nDEPS = $(OBJS:.o=.d)\n\n\
             prog: $(OBJS)\n\t$(CC) $(LDFLAGS) -o $@ $(OBJS) $(LDLIBS)\n\n\
             clean:\n\trm -f prog $(OBJS) $(DEPS)\n\n-include $(DEPS)\n"
        ),
    )
    .unwrap();
    let make = |args: &[&str]| {
        Command::new("make")
            .current_dir(&dir)
            .args(args)
            .output()
            .unwrap()
    };
    let o = make(&[]);
    let log = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "make failed:\n{log}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(simulate(&dir.join("prog")), ("twice 21 = 42\n".into(), 3));
    assert_eq!(
        std::fs::read_to_string(dir.join("main.d")).unwrap(),
        "main.o: main.c util.h\n\nutil.h:\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("util.d")).unwrap(),
        "util.o: util.c\n"
    );
    // Up to date now.
    assert_eq!(make(&["-q", "prog"]).status.code(), Some(0), "{log}");
    // The header changes: main.o (which includes it) is rebuilt, util.o not.
    // (Everything built is dated 10 s back first, so that the touch is
    // newer even on a file system with coarse timestamps.)
    let now = std::time::SystemTime::now();
    let set_time = |f: &str, t: std::time::SystemTime| {
        std::fs::File::options()
            .write(true)
            .open(dir.join(f))
            .unwrap()
            .set_modified(t)
            .unwrap()
    };
    for f in [
        "main.c", "util.c", "main.o", "util.o", "main.d", "util.d", "prog",
    ] {
        set_time(f, now - std::time::Duration::from_secs(10));
    }
    set_time("util.h", now);
    assert_eq!(make(&["-q", "prog"]).status.code(), Some(1));
    let o = make(&[]);
    let log = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success(), "{log}");
    assert!(log.contains("main.c"), "main.o not rebuilt:\n{log}");
    assert!(!log.contains("util.c"), "util.o rebuilt:\n{log}");
    assert_eq!(simulate(&dir.join("prog")), ("twice 21 = 42\n".into(), 3));
    // -MP: the header may go away without breaking make.
    std::fs::write(
        dir.join("main.c"),
        "#include <stdio.h>\nint twice(int x);\nint main(void) { printf(\"%d\\n\", twice(5)); return 0; }\n",
    )
    .unwrap();
    std::fs::remove_file(dir.join("util.h")).unwrap();
    let o = make(&[]);
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(simulate(&dir.join("prog")), ("10\n".into(), 0));
}
