//! `lld-st`, the ST200 linker (ELF objects and archives to executables with
//! valid DWARF). Filled by the linker issue; see ARCHITECTURE.md section 1.
