//! The version every tool of the ST200 toolchain prints with `--version`:
//! the workspace's version and, in release builds, the commit it was built
//! from (`0.1.0 (5a0bfac)`; `-dirty` when the tree had uncommitted
//! changes; `development build` in debug builds).

#![warn(missing_docs)]

/// `VERSION (COMMIT)`, e.g. `0.1.0 (5a0bfac)`.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("BUILDINFO_COMMIT"),
    ")"
);

#[cfg(test)]
mod tests {
    #[test]
    fn version_starts_with_the_crate_version() {
        assert!(super::VERSION.starts_with(env!("CARGO_PKG_VERSION")));
        assert!(super::VERSION.ends_with(')'));
    }
}
