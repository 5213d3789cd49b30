//! Machine descriptions from the command line: `lcc --print-machine`
//! prints a complete, commented machine file that loads back unchanged and
//! that a user can edit into a machine of their own.

use isa::model::ProcessorModel;
use std::process::Command;

const LCC: &str = env!("CARGO_BIN_EXE_lcc");

fn lcc(args: &[&str]) -> std::process::Output {
    Command::new(LCC).args(args).output().unwrap()
}

#[test]
fn print_machine_loads_back_unchanged() {
    for (name, model) in [
        ("st220", ProcessorModel::st220()),
        ("st231", ProcessorModel::st231()),
        ("st240", ProcessorModel::st240()),
    ] {
        let o = lcc(&["--print-machine", name]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).unwrap();
        // Commented: every section says what it is.
        assert!(text.contains("# Units per bundle"), "{text}");
        assert!(
            text.contains("[registers]") && text.contains("[lanes]"),
            "{text}"
        );
        let back = ProcessorModel::from_toml_str(&text).unwrap();
        assert_eq!(back, model.resolved(), "{name}");
    }
}

#[test]
fn printed_machine_is_a_starting_point() {
    let dir = std::env::temp_dir().join(format!("lcc-machines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = lcc(&["--print-machine=st231"]);
    let text = String::from_utf8(o.stdout).unwrap();
    // A user edits the name and the D-cache miss penalty.
    let edited = text
        .replacen("name = \"st231\"", "name = \"fastmem\"", 1)
        .replacen(
            "miss_penalty = 120\nwrite_back = true",
            "miss_penalty = 20\nwrite_back = true",
            1,
        );
    let path = dir.join("fastmem.toml");
    std::fs::write(&path, &edited).unwrap();
    let o = lcc(&["--print-machine", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m = ProcessorModel::from_toml_str(&String::from_utf8(o.stdout).unwrap()).unwrap();
    assert_eq!(m.name, "fastmem");
    assert_eq!(m.dcache.miss_penalty, 20);
    assert_eq!(m.icache.miss_penalty, 120);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn print_machine_of_an_unknown_name_is_an_error() {
    let o = lcc(&["--print-machine", "st999"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("st999"), "{err}");
    let o = lcc(&["--print-machine"]);
    assert!(!o.status.success());
}
