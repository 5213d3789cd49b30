//! The driver's errors ([`Error`]): what can stop a build, typed, and
//! rendered as `lcc` prints them ([`Error::render`]) only by the binaries.

/// What stops the driver from building a program.
#[derive(Clone, Debug, thiserror::Error)]
pub enum Error {
    /// A code-generation flag is wrong (`-O7`, an unknown pass in
    /// `-fdump-`, an unreadable `--machine` file).
    #[error("{0}")]
    Options(String),
    /// The front end or the assembler reported errors: the rendered
    /// diagnostics (`file:line:col: error: …`, source line, caret), one
    /// or more newline-terminated lines.
    #[error("{}", .0.trim_end())]
    Diagnostics(String),
    /// The C files' IR does not link (a symbol defined twice).
    #[error(transparent)]
    IrLink(#[from] crate::ir::link::LinkError),
    /// The IR verifier rejected the output of a pass (a compiler bug).
    #[error(transparent)]
    Pass(#[from] crate::opt::PassError),
    /// The back end could not compile some functions or globals of `file`.
    #[error("{}", messages.iter().map(|m| format!("{file}: error: {m}")).collect::<Vec<_>>().join("\n"))]
    Backend {
        /// The (first) source file of the module.
        file: String,
        /// One error per function.
        messages: Vec<crate::codegen::Error>,
    },
    /// `lld-st` failed.
    #[error("{}", .0.messages.join("\n"))]
    Link(#[from] linker::LinkError),
    /// The runtime (`crt0.o`, `libc.a`) could not be built: the errors of
    /// its files.
    #[error("building the runtime failed:\n{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))]
    Runtime(Vec<Error>),
    /// The runtime sources have no `crt0.s`.
    #[error("the runtime has no crt0.s")]
    NoCrt0,
    /// `libc.a` could not be written.
    #[error("cannot build libc.a: {0}")]
    Archive(String),
}

impl Error {
    /// The text `lcc` prints on stderr for the error, each line
    /// newline-terminated: diagnostics as rendered; the linker's messages
    /// as `lld-st: error: …`; an internal error as `lcc: internal error: …`;
    /// anything else as `lcc: error: …`.
    pub fn render(&self) -> String {
        let mut s = match self {
            Error::Diagnostics(text) => text.clone(),
            Error::Backend { .. } => self.to_string(),
            Error::Link(e) => e
                .messages
                .iter()
                .map(|m| format!("lld-st: error: {m}\n"))
                .collect(),
            Error::Pass(e) => format!("lcc: internal error: {e}"),
            Error::Runtime(errors) => format!(
                "lcc: error: building the runtime failed:\n{}",
                errors.iter().map(Error::render).collect::<String>()
            ),
            _ => format!("lcc: error: {self}"),
        };
        if !s.ends_with('\n') {
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_follows_the_tools_conventions() {
        let d = Error::Diagnostics("a.c:1:1: error: x\n    1 | y\n      | ^\n".into());
        assert_eq!(d.render(), "a.c:1:1: error: x\n    1 | y\n      | ^\n");
        let b = Error::Backend {
            file: "a.c".into(),
            messages: ["f", "g"]
                .map(|f| crate::codegen::Error {
                    function: f.into(),
                    message: "no".into(),
                })
                .to_vec(),
        };
        assert_eq!(
            b.render(),
            "a.c: error: function f: no\na.c: error: function g: no\n"
        );
        let l = Error::Link(linker::LinkError {
            messages: vec!["undefined symbol `f'".into()],
        });
        assert_eq!(l.render(), "lld-st: error: undefined symbol `f'\n");
        assert_eq!(
            Error::Options("unknown optimisation level `-O7`".into()).render(),
            "lcc: error: unknown optimisation level `-O7`\n"
        );
        assert_eq!(
            Error::Runtime(vec![Error::NoCrt0]).render(),
            "lcc: error: building the runtime failed:\nlcc: error: the runtime has no crt0.s\n"
        );
    }
}
