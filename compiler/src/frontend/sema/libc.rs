//! The C library functions known to the compiler without a declaration,
//! which `__builtin_NAME` also names (as gcc's builtins do), with their
//! return kinds. The runtime (`runtime/lib`) implements them, for the
//! ST200 and, linked in as IR, for the IR interpreter.

/// What a library function returns, for the implicit declaration of
/// `__builtin_NAME`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returns {
    /// `int` (or a value that fits: `size_t`, `long`, …).
    Int,
    /// `void *` (`memcpy`, `strchr`, `malloc`, …).
    Pointer,
}

/// The library functions: name and return kind.
pub const LIBRARY: &[(&str, Returns)] = &[
    ("printf", Returns::Int),
    ("fprintf", Returns::Int),
    ("sprintf", Returns::Int),
    ("snprintf", Returns::Int),
    ("vprintf", Returns::Int),
    ("vfprintf", Returns::Int),
    ("vsprintf", Returns::Int),
    ("vsnprintf", Returns::Int),
    ("puts", Returns::Int),
    ("fputs", Returns::Int),
    ("putchar", Returns::Int),
    ("fputc", Returns::Int),
    ("putc", Returns::Int),
    ("getchar", Returns::Int),
    ("fflush", Returns::Int),
    ("memcpy", Returns::Pointer),
    ("memmove", Returns::Pointer),
    ("memset", Returns::Pointer),
    ("memcmp", Returns::Int),
    ("memchr", Returns::Pointer),
    ("strlen", Returns::Int),
    ("strcmp", Returns::Int),
    ("strncmp", Returns::Int),
    ("strcpy", Returns::Pointer),
    ("strncpy", Returns::Pointer),
    ("strcat", Returns::Pointer),
    ("strncat", Returns::Pointer),
    ("strchr", Returns::Pointer),
    ("strrchr", Returns::Pointer),
    ("strstr", Returns::Pointer),
    ("malloc", Returns::Pointer),
    ("calloc", Returns::Pointer),
    ("realloc", Returns::Pointer),
    ("free", Returns::Int),
    ("abort", Returns::Int),
    ("exit", Returns::Int),
    ("abs", Returns::Int),
    ("labs", Returns::Int),
    ("llabs", Returns::Int),
    ("atoi", Returns::Int),
    ("atol", Returns::Int),
    ("strtol", Returns::Int),
    ("strtoul", Returns::Int),
    ("rand", Returns::Int),
    ("srand", Returns::Int),
    ("qsort", Returns::Int),
    ("bsearch", Returns::Int),
    ("__assert_fail", Returns::Int),
];

/// The return kind of library function `name`, if it is one.
pub fn library_function(name: &str) -> Option<Returns> {
    LIBRARY.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
}

/// True for the C library functions of [`LIBRARY`].
pub fn is_library(name: &str) -> bool {
    library_function(name).is_some()
}
