//! Hash maps and sets for the compiler's own tables, with a fast
//! deterministic hasher ([`rustc_hash::FxBuildHasher`]) in place of the
//! standard library's randomly keyed SipHash: the keys are small integers
//! (registers, values, blocks) and strings of the program being compiled,
//! hashed millions of times per file, and no table is exposed to input
//! chosen to collide. Nothing the compiler writes depends on the order of
//! iteration of these tables (it was random per run with SipHash).
//!
//! Build them with `HashMap::default()` / `HashSet::default()` (or
//! `collect`); `new` and `with_capacity` belong to the standard hasher only.

/// A `std::collections::HashMap` with the fast hasher.
pub type HashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;

/// A `std::collections::HashSet` with the fast hasher.
pub type HashSet<K> = std::collections::HashSet<K, rustc_hash::FxBuildHasher>;
