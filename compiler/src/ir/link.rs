//! Linking of IR modules into one program (for `--run-ir` and the IR
//! interpreter): file-local symbols renamed apart, tentative definitions
//! merged, duplicate definitions rejected, as a C linker does (C11 6.9.2).

use super::{Callee, InstKind, Linkage, Module};
use crate::hash::HashMap;

fn rename_module(m: &mut Module, map: &HashMap<String, String>) {
    let r = |n: &mut String| {
        if let Some(x) = map.get(n) {
            *n = x.clone();
        }
    };
    for g in &mut m.globals {
        r(&mut g.name);
        for rel in &mut g.relocs {
            r(&mut rel.1);
        }
    }
    for f in &mut m.functions {
        r(&mut f.name);
        for i in &mut f.insts {
            match &mut i.kind {
                InstKind::GlobalAddr { name } => r(name),
                InstKind::Call {
                    callee: Callee::Direct(n),
                    ..
                } => r(n),
                _ => {}
            }
        }
    }
}

/// Why IR modules do not link.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// A symbol is defined in two modules.
    #[error("multiple definition of '{0}'")]
    MultipleDefinition(String),
    /// A name is a function in one module and a variable in another.
    #[error("'{0}' defined both as a function and a variable")]
    FunctionAndVariable(String),
}

/// Links IR modules into one program: file-local (`static`) symbols are
/// renamed apart, tentative definitions merge, and a symbol defined twice
/// is an error ([`LinkError`]).
pub fn link(mods: Vec<Module>) -> Result<Module, LinkError> {
    let many = mods.len() > 1;
    let mut out = Module::default();
    let mut defined: HashMap<String, (bool, usize)> = HashMap::default(); // name -> (is_func, index)
    for (i, mut m) in mods.into_iter().enumerate() {
        if many {
            let mut map = HashMap::default();
            for g in &m.globals {
                if g.linkage == Linkage::Internal {
                    map.insert(g.name.clone(), format!("{}.{}", g.name, i));
                }
            }
            for f in &m.functions {
                if f.linkage == Linkage::Internal {
                    map.insert(f.name.clone(), format!("{}.{}", f.name, i));
                }
            }
            rename_module(&mut m, &map);
        }
        for g in m.globals {
            match defined.get(&g.name) {
                Some(&(false, idx)) => {
                    let old = &mut out.globals[idx];
                    if old.common && (g.common || g.init.is_some()) {
                        let size = old.size.max(g.size);
                        *old = g;
                        old.size = size.max(old.size);
                    } else if g.common {
                        old.size = old.size.max(g.size).max(old.size);
                    } else {
                        return Err(LinkError::MultipleDefinition(g.name));
                    }
                }
                Some(_) => return Err(LinkError::FunctionAndVariable(g.name)),
                None => {
                    defined.insert(g.name.clone(), (false, out.globals.len()));
                    out.globals.push(g);
                }
            }
        }
        out.asm.extend(m.asm);
        for f in m.functions {
            if defined.contains_key(&f.name) {
                return Err(LinkError::MultipleDefinition(f.name));
            }
            defined.insert(f.name.clone(), (true, out.functions.len()));
            out.functions.push(f);
        }
    }
    Ok(out)
}
