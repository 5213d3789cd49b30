//! Embeds the runtime (`../runtime`: crt0, the C library, headers, helper
//! routines) into `lcc`, and computes a build stamp that keys the cache of
//! the runtime built on first use (docs/src/design/architecture.md section 3).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// FNV-1a, 64-bit: a stable hash for the build stamp.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.parent().expect("workspace root").to_path_buf();
    let runtime = root.join("runtime");
    println!("cargo:rerun-if-changed={}", runtime.display());
    let mut files = Vec::new();
    walk(&runtime, &mut files);
    let mut table = String::from("/// Every file of `runtime/`: (path relative to `runtime/`, contents).\npub static RUNTIME_FILES: &[(&str, &str)] = &[\n");
    let mut stamp: u64 = 0xcbf2_9ce4_8422_2325;
    for f in &files {
        let rel = f
            .strip_prefix(&runtime)
            .expect("under runtime/")
            .to_string_lossy()
            .replace('\\', "/");
        let keep = rel.ends_with(".c") || rel.ends_with(".s") || rel.ends_with(".h");
        if !keep {
            continue;
        }
        println!("cargo:rerun-if-changed={}", f.display());
        let _ = writeln!(
            table,
            "    ({rel:?}, include_str!({:?})),",
            f.display().to_string()
        );
        fnv(&mut stamp, rel.as_bytes());
        fnv(&mut stamp, &std::fs::read(f).unwrap_or_default());
    }
    table.push_str("];\n");
    // The code generators' sources also key the cache: a runtime compiled by
    // an older back end or assembler must not be reused.
    for dir in ["compiler/src", "isa/src", "assembler/src", "linker/src"] {
        let mut srcs = Vec::new();
        walk(&root.join(dir), &mut srcs);
        for f in srcs {
            println!("cargo:rerun-if-changed={}", f.display());
            fnv(&mut stamp, &std::fs::read(&f).unwrap_or_default());
        }
    }
    let _ = writeln!(table, "/// Hash of the runtime and of the tools that build it.\npub const BUILD_STAMP: u64 = 0x{stamp:016x};");
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("runtime_files.rs");
    std::fs::write(out, table).expect("write runtime_files.rs");
}
