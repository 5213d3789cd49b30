//! `lcc`, the SSA optimizing C compiler and gcc-style driver. Filled by the
//! front-end, back-end and SSA issues; see ARCHITECTURE.md section 4.
