//! Analyses on the IR (stub; issue 8).
