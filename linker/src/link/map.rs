//! The `-Map` text, in the layout of GNU ld's link map: the memory
//! configuration, then each output section with its address and size, each
//! input section in it with its object, and the global symbols defined
//! there; last, the symbols the script and `--defsym` defined.

use super::{bind_name, Linker, OutSection, SecId, STT_SECTION};
use crate::input::SymPlace;
use std::collections::HashMap;
use std::fmt::Write as _;

impl<'o> Linker<'o> {
    pub(super) fn map_text(
        &self,
        outs: &[OutSection],
        syms: &HashMap<String, u64>,
        place: &HashMap<SecId, (usize, u64)>,
    ) -> String {
        let mut m = String::new();
        let _ = writeln!(m, "Memory Configuration\n\nName             Origin             Length             Attributes\n*default*        0x0000000000000000 0xffffffffffffffff\n");
        let _ = writeln!(m, "Linker script and memory map\n");
        for o in outs {
            let _ = writeln!(m, "{:<15} 0x{:016x} {:>#10x}", o.name, o.addr, o.size);
            for &((obj, s), off) in &o.inputs {
                let ob = &self.objects[obj];
                let sec = &ob.sections[s];
                let _ = writeln!(
                    m,
                    " {:<14} 0x{:016x} {:>#10x} {}",
                    sec.name,
                    o.addr + off,
                    sec.size,
                    ob.name
                );
                let mut here: Vec<(u64, &str)> = ob
                    .symbols
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| {
                        bind_name(x) && x.place == SymPlace::Section(s) && x.kind != STT_SECTION
                    })
                    .filter_map(|(k, x)| {
                        self.sym_value(obj, k, outs, place)
                            .map(|v| (v, x.name.as_str()))
                    })
                    .collect();
                here.sort();
                for (v, n) in here {
                    let _ = writeln!(m, "                0x{v:016x}                {n}");
                }
            }
            let _ = writeln!(m);
        }
        let mut script_syms: Vec<(&u64, &String)> = syms.iter().map(|(n, v)| (v, n)).collect();
        script_syms.sort();
        let _ = writeln!(m, "Symbols defined by the linker script and --defsym\n");
        for (v, n) in script_syms {
            let _ = writeln!(m, "                0x{v:016x}                {n}");
        }
        m
    }
}
