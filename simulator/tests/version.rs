//! `stsim --version` prints the version and the commit it was built from.

#[test]
fn version_names_the_commit() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stsim"))
        .arg("--version")
        .output()
        .expect("run stsim");
    let text = String::from_utf8_lossy(&out.stdout);
    // `stsim VERSION (COMMIT)`: buildinfo gives `development build` in
    // debug builds and `git describe` in release builds.
    let want = format!("stsim {} (", env!("CARGO_PKG_VERSION"));
    assert!(
        out.status.success() && text.starts_with(&want) && text.trim_end().ends_with(')'),
        "{text}"
    );
}
