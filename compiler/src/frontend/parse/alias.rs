//! The GNU `alias("target")` attribute: a declaration at file scope whose
//! name is another name of `target`, an object or function defined in the
//! same translation unit. Every use of the name is a use of the target
//! (the lowering names the target,
//! [`crate::frontend::ast::TranslationUnit::aliases`]), so an access
//! through either name is an access to one object, for the optimiser
//! too. The name itself is not exported to other units.

use super::Parser;
use crate::frontend::lex::Sym;
use crate::frontend::source::Span;

impl<'a> Parser<'a> {
    /// Records that `name` is an alias of `target` (the attribute written
    /// at `at`); `allowed` is false for a typedef or a block-scope
    /// declaration, which is an error.
    pub(crate) fn declare_alias(&mut self, name: Sym, target: &str, at: Span, allowed: bool) {
        if !allowed {
            self.diags
                .error(at, "the 'alias' attribute is only supported at file scope");
            return;
        }
        if self.name(name) == target {
            self.diags
                .error(at, "a declaration cannot be an alias of itself");
            return;
        }
        self.aliases.insert(name, (target.to_string(), at));
    }

    /// At the end of the translation unit: each alias's target must be
    /// defined in it; the aliases resolved to their final targets.
    pub(crate) fn check_aliases(&mut self) {
        let mut names: Vec<Sym> = self.aliases.keys().copied().collect();
        names.sort_by_key(|s| self.name(*s));
        for s in names {
            let (target, at) = self.aliases[&s].clone();
            let mut t = target.clone();
            // follow a chain of aliases (bounded: a cycle is an error)
            for _ in 0..self.aliases.len() {
                let next = self
                    .aliases
                    .iter()
                    .find(|(k, _)| self.name(**k) == t)
                    .map(|(_, v)| v.0.clone());
                match next {
                    Some(n) => t = n,
                    None => break,
                }
            }
            let defined = self
                .gsyms
                .iter()
                .any(|(k, g)| g.defined && self.name(*k) == t)
                || self.globals.iter().any(|g| {
                    (g.defined || g.init.is_some())
                        && !self.aliases.contains_key(&g.name)
                        && self.name(g.name) == t
                });
            if !defined {
                let n = self.name(s);
                self.diags
                    .error(at, format!("'{n}' aliased to undefined symbol '{target}'"));
            }
            if let Some(v) = self.aliases.get_mut(&s) {
                v.0 = t;
            }
        }
    }
}
