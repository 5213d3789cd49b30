//! The runtime's headers (`runtime/include/`) embedded in `lcc`, so that
//! `#include <stdio.h>` works without an installed runtime; an `-I`
//! directory with a header of the same name comes first (C11 6.10.2
//! leaves the places searched to the implementation).

/// Headers embedded in `lcc` (the runtime's header directory,
/// `runtime/include/`), found after every `-I` directory. Name and contents.
pub const BUILTIN_HEADERS: &[(&str, &str)] = &[
    (
        "stdio.h",
        include_str!("../../../../runtime/include/stdio.h"),
    ),
    (
        "stdlib.h",
        include_str!("../../../../runtime/include/stdlib.h"),
    ),
    (
        "string.h",
        include_str!("../../../../runtime/include/string.h"),
    ),
    (
        "stdarg.h",
        include_str!("../../../../runtime/include/stdarg.h"),
    ),
    (
        "stddef.h",
        include_str!("../../../../runtime/include/stddef.h"),
    ),
    (
        "stdint.h",
        include_str!("../../../../runtime/include/stdint.h"),
    ),
    (
        "stdbool.h",
        include_str!("../../../../runtime/include/stdbool.h"),
    ),
    (
        "limits.h",
        include_str!("../../../../runtime/include/limits.h"),
    ),
    (
        "ctype.h",
        include_str!("../../../../runtime/include/ctype.h"),
    ),
    (
        "assert.h",
        include_str!("../../../../runtime/include/assert.h"),
    ),
    (
        "inttypes.h",
        include_str!("../../../../runtime/include/inttypes.h"),
    ),
    (
        "setjmp.h",
        include_str!("../../../../runtime/include/setjmp.h"),
    ),
    (
        "float.h",
        include_str!("../../../../runtime/include/float.h"),
    ),
    ("math.h", include_str!("../../../../runtime/include/math.h")),
    (
        "errno.h",
        include_str!("../../../../runtime/include/errno.h"),
    ),
    ("time.h", include_str!("../../../../runtime/include/time.h")),
    (
        "alloca.h",
        include_str!("../../../../runtime/include/alloca.h"),
    ),
    (
        "memory.h",
        include_str!("../../../../runtime/include/memory.h"),
    ),
    (
        "complex.h",
        include_str!("../../../../runtime/include/complex.h"),
    ),
    (
        "strings.h",
        include_str!("../../../../runtime/include/strings.h"),
    ),
    (
        "signal.h",
        include_str!("../../../../runtime/include/signal.h"),
    ),
    (
        "wchar.h",
        include_str!("../../../../runtime/include/wchar.h"),
    ),
    (
        "unistd.h",
        include_str!("../../../../runtime/include/unistd.h"),
    ),
    (
        "sched.h",
        include_str!("../../../../runtime/include/sched.h"),
    ),
    (
        "sys/time.h",
        include_str!("../../../../runtime/include/sys/time.h"),
    ),
    (
        "sys/resource.h",
        include_str!("../../../../runtime/include/sys/resource.h"),
    ),
];
