//! `stsim`, the cycle-accurate ST231 simulator. Filled by the simulator
//! issue; see ARCHITECTURE.md section 5.
