//! Predication in psi-SSA: if-conversion of branches into guarded
//! operations and psi functions, the transformations on psi arguments,
//! and the translation back out of psi-SSA (Stoutchinin and Gao,
//! "If-Conversion in SSA Form", 2004; Bruel, "psi-SSA improvements", 2006;
//! de Ferrière, "Improvements to the Psi-SSA Representation", 2007).
//!
//! - [`if_convert`]: the if-conversion pass and its cost model, fed by
//!   branch [`profile`]s;
//! - [`transform`]: psi-inlining, psi-reduction, psi-permutation and
//!   psi-projection, asked of the [`predicate`] oracle;
//! - [`rename`]: psi insertion while renaming the predicated code of a
//!   block into psi-SSA;
//! - [`webs`]: psi-normalize and psi-congruence (psi webs);
//! - [`out_of_psi`]: the translation out of psi-SSA.

pub mod if_convert;
pub mod out_of_psi;
pub mod predicate;
pub mod profile;
pub mod rename;
pub mod transform;
pub mod webs;
