//! Records the commit a release build comes from (`git describe --always
//! --dirty`) for `--version`. Debug builds record none, so that a commit
//! does not rebuild every crate that depends on this one during
//! development.

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let o = Command::new("git").args(args).output().ok()?;
    if !o.status.success() {
        return None;
    }
    let s = String::from_utf8(o.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PROFILE");
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    let commit = if release {
        // Rebuild when HEAD moves: HEAD itself, the branch it points to,
        // and the packed refs. Not on every change of the index: staging a
        // file would then rebuild every tool, so `-dirty` tells the state
        // of the tree when HEAD last moved.
        if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
            let dir = PathBuf::from(dir);
            println!("cargo:rerun-if-changed={}", dir.join("HEAD").display());
            if let Some(common) = git(&["rev-parse", "--git-common-dir"]) {
                println!("cargo:rerun-if-changed={}/packed-refs", common);
                if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
                    println!("cargo:rerun-if-changed={common}/{r}");
                }
            }
        }
        git(&["describe", "--always", "--dirty", "--abbrev=7"])
            .unwrap_or_else(|| "unknown commit".into())
    } else {
        "development build".into()
    };
    println!("cargo:rustc-env=BUILDINFO_COMMIT={commit}");
}
