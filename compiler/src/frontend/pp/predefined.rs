//! The predefined macros (C11 6.10.8): the standard ones (`__STDC__`,
//! `__STDC_VERSION__` for C99, `__DATE__`, `__TIME__`, and `__FILE__`,
//! `__LINE__` with GNU `__COUNTER__` computed at each use), those of the
//! ST200 target and its ILP32 data model (ISA-ST200 §1.1: `__st200__`, the
//! `-mcpu=` core as `__ST231__` and `__st231__`, its clock in MHz as
//! `__ST200_CLOCK_MHZ__` (`isa::model::ProcessorModel::clock_mhz`), sizes,
//! limits, byte order: [`TARGET_MACROS`]), the gcc version macros the runtime headers test, and the
//! command line's `-D` and `-U` in order.

use super::{Builtin, Macro, Preprocessor};
use crate::frontend::lex::TokKind;
use std::path::PathBuf;

impl<'a> Preprocessor<'a> {
    pub(super) fn predefine(&mut self) {
        let core = self.opts.core.clone().unwrap_or_else(|| "st231".into());
        let (date, time) = date_time();
        let mut text = String::new();
        let mut def = |n: &str, v: &str| {
            text.push_str(&format!("#define {n} {v}\n"));
        };
        def("__STDC__", "1");
        // -std=: C90 defines no __STDC_VERSION__ (C99 when not given)
        let version = match self.opts.std.as_deref() {
            Some("c89" | "c90" | "gnu89" | "gnu90" | "iso9899:1990") => None,
            Some("c11" | "gnu11") => Some("201112L"),
            Some("c17" | "gnu17" | "c18" | "gnu18") => Some("201710L"),
            _ => Some("199901L"),
        };
        if let Some(v) = version {
            def("__STDC_VERSION__", v);
        }
        def("__STDC_HOSTED__", "1");
        def("__st200__", "1");
        def("__ST200__", "1");
        def(&format!("__{}__", core.to_ascii_uppercase()), "1");
        def(&format!("__{}__", core.to_ascii_lowercase()), "1");
        // the core clock of the built-in model of the `-mcpu=` core (the
        // runtime's clock() and time(): cycles / MHz; isa::model)
        let mhz = isa::model::ProcessorModel::by_name(&core.to_ascii_lowercase())
            .map(|m| m.clock_mhz)
            .unwrap_or(400);
        def("__ST200_CLOCK_MHZ__", &mhz.to_string());
        def("__lcc__", "1");
        def("__GNUC__", "4");
        def("__GNUC_MINOR__", "2");
        def("__GNUC_PATCHLEVEL__", "0");
        def("__VERSION__", "\"4.2.0 (lcc)\"");
        for (n, v) in TARGET_MACROS {
            def(n, v);
        }
        def("__DATE__", &format!("\"{date}\""));
        def("__TIME__", &format!("\"{time}\""));
        for d in self.opts.defines.clone() {
            match d.split_once('=') {
                Some((n, v)) => text.push_str(&format!("#define {n} {v}\n")),
                None => text.push_str(&format!("#define {d} 1\n")),
            }
        }
        for u in self.opts.undefs.clone() {
            text.push_str(&format!("#undef {u}\n"));
        }
        let id = self.sm.add("<command-line>", text.as_bytes());
        self.push_frame(id, PathBuf::from("."));
        loop {
            let t = self.next_file_token();
            if t.kind == TokKind::Eof {
                break;
            }
        }
        for (n, b) in [
            ("__FILE__", Builtin::File),
            ("__LINE__", Builtin::Line),
            ("__COUNTER__", Builtin::Counter),
        ] {
            let s = self.interner.intern(n);
            self.macros.insert(
                s,
                Macro {
                    params: None,
                    variadic: false,
                    body: vec![],
                    builtin: Some(b),
                },
            );
        }
    }
}

/// The macros gcc predefines for the data types, with the values of
/// the ST200's ILP32 little-endian model (ISA-ST200 §1.1): sizes, type
/// names, limits and widths of the `<stdint.h>` types (as
/// `runtime/include/stdint.h` defines them: the fast types of 8 to 32
/// bits are `int`), byte order, and the floating-point parameters of
/// IEEE single and double (`long double` is `double`; float arithmetic
/// is done in the operands' type: `__FLT_EVAL_METHOD__` 0, as
/// `runtime/include/float.h`).
const TARGET_MACROS: &[(&str, &str)] = &[
    ("__ILP32__", "1"),
    ("_ILP32", "1"),
    ("__CHAR_BIT__", "8"),
    ("__BIGGEST_ALIGNMENT__", "8"),
    ("__SIZEOF_SHORT__", "2"),
    ("__SIZEOF_INT__", "4"),
    ("__SIZEOF_LONG__", "4"),
    ("__SIZEOF_LONG_LONG__", "8"),
    ("__SIZEOF_POINTER__", "4"),
    ("__SIZEOF_FLOAT__", "4"),
    ("__SIZEOF_DOUBLE__", "8"),
    ("__SIZEOF_LONG_DOUBLE__", "8"),
    ("__SIZEOF_SIZE_T__", "4"),
    ("__SIZEOF_WCHAR_T__", "4"),
    ("__SIZEOF_WINT_T__", "4"),
    ("__SIZEOF_PTRDIFF_T__", "4"),
    ("__SIZE_TYPE__", "unsigned int"),
    ("__PTRDIFF_TYPE__", "int"),
    ("__WCHAR_TYPE__", "int"),
    ("__WINT_TYPE__", "unsigned int"),
    ("__CHAR16_TYPE__", "short unsigned int"),
    ("__CHAR32_TYPE__", "unsigned int"),
    ("__INTMAX_TYPE__", "long long int"),
    ("__UINTMAX_TYPE__", "long long unsigned int"),
    ("__SIG_ATOMIC_TYPE__", "int"),
    ("__INT8_TYPE__", "signed char"),
    ("__INT16_TYPE__", "short int"),
    ("__INT32_TYPE__", "int"),
    ("__INT64_TYPE__", "long long int"),
    ("__UINT8_TYPE__", "unsigned char"),
    ("__UINT16_TYPE__", "short unsigned int"),
    ("__UINT32_TYPE__", "unsigned int"),
    ("__UINT64_TYPE__", "long long unsigned int"),
    ("__INT_LEAST8_TYPE__", "signed char"),
    ("__INT_LEAST16_TYPE__", "short int"),
    ("__INT_LEAST32_TYPE__", "int"),
    ("__INT_LEAST64_TYPE__", "long long int"),
    ("__UINT_LEAST8_TYPE__", "unsigned char"),
    ("__UINT_LEAST16_TYPE__", "short unsigned int"),
    ("__UINT_LEAST32_TYPE__", "unsigned int"),
    ("__UINT_LEAST64_TYPE__", "long long unsigned int"),
    ("__INT_FAST8_TYPE__", "int"),
    ("__INT_FAST16_TYPE__", "int"),
    ("__INT_FAST32_TYPE__", "int"),
    ("__INT_FAST64_TYPE__", "long long int"),
    ("__UINT_FAST8_TYPE__", "unsigned int"),
    ("__UINT_FAST16_TYPE__", "unsigned int"),
    ("__UINT_FAST32_TYPE__", "unsigned int"),
    ("__UINT_FAST64_TYPE__", "long long unsigned int"),
    ("__INTPTR_TYPE__", "int"),
    ("__UINTPTR_TYPE__", "unsigned int"),
    ("__SCHAR_MAX__", "0x7f"),
    ("__SHRT_MAX__", "0x7fff"),
    ("__INT_MAX__", "0x7fffffff"),
    ("__LONG_MAX__", "0x7fffffffL"),
    ("__LONG_LONG_MAX__", "0x7fffffffffffffffLL"),
    ("__WCHAR_MAX__", "0x7fffffff"),
    ("__WCHAR_MIN__", "(-__WCHAR_MAX__ - 1)"),
    ("__WINT_MAX__", "0xffffffffU"),
    ("__WINT_MIN__", "0U"),
    ("__PTRDIFF_MAX__", "0x7fffffff"),
    ("__SIZE_MAX__", "0xffffffffU"),
    ("__INTMAX_MAX__", "0x7fffffffffffffffLL"),
    ("__UINTMAX_MAX__", "0xffffffffffffffffULL"),
    ("__SIG_ATOMIC_MAX__", "0x7fffffff"),
    ("__SIG_ATOMIC_MIN__", "(-__SIG_ATOMIC_MAX__ - 1)"),
    ("__INT8_MAX__", "0x7f"),
    ("__INT16_MAX__", "0x7fff"),
    ("__INT32_MAX__", "0x7fffffff"),
    ("__INT64_MAX__", "0x7fffffffffffffffLL"),
    ("__UINT8_MAX__", "0xff"),
    ("__UINT16_MAX__", "0xffff"),
    ("__UINT32_MAX__", "0xffffffffU"),
    ("__UINT64_MAX__", "0xffffffffffffffffULL"),
    ("__INT_LEAST8_MAX__", "0x7f"),
    ("__INT_LEAST16_MAX__", "0x7fff"),
    ("__INT_LEAST32_MAX__", "0x7fffffff"),
    ("__INT_LEAST64_MAX__", "0x7fffffffffffffffLL"),
    ("__UINT_LEAST8_MAX__", "0xff"),
    ("__UINT_LEAST16_MAX__", "0xffff"),
    ("__UINT_LEAST32_MAX__", "0xffffffffU"),
    ("__UINT_LEAST64_MAX__", "0xffffffffffffffffULL"),
    ("__INT_FAST8_MAX__", "0x7fffffff"),
    ("__INT_FAST16_MAX__", "0x7fffffff"),
    ("__INT_FAST32_MAX__", "0x7fffffff"),
    ("__INT_FAST64_MAX__", "0x7fffffffffffffffLL"),
    ("__UINT_FAST8_MAX__", "0xffffffffU"),
    ("__UINT_FAST16_MAX__", "0xffffffffU"),
    ("__UINT_FAST32_MAX__", "0xffffffffU"),
    ("__UINT_FAST64_MAX__", "0xffffffffffffffffULL"),
    ("__INTPTR_MAX__", "0x7fffffff"),
    ("__UINTPTR_MAX__", "0xffffffffU"),
    ("__INT8_C(c)", "c"),
    ("__INT16_C(c)", "c"),
    ("__INT32_C(c)", "c"),
    ("__INT64_C(c)", "c ## LL"),
    ("__UINT8_C(c)", "c"),
    ("__UINT16_C(c)", "c"),
    ("__UINT32_C(c)", "c ## U"),
    ("__UINT64_C(c)", "c ## ULL"),
    ("__INTMAX_C(c)", "c ## LL"),
    ("__UINTMAX_C(c)", "c ## ULL"),
    ("__SCHAR_WIDTH__", "8"),
    ("__SHRT_WIDTH__", "16"),
    ("__INT_WIDTH__", "32"),
    ("__LONG_WIDTH__", "32"),
    ("__LONG_LONG_WIDTH__", "64"),
    ("__PTRDIFF_WIDTH__", "32"),
    ("__SIG_ATOMIC_WIDTH__", "32"),
    ("__SIZE_WIDTH__", "32"),
    ("__WCHAR_WIDTH__", "32"),
    ("__WINT_WIDTH__", "32"),
    ("__INT_LEAST8_WIDTH__", "8"),
    ("__INT_LEAST16_WIDTH__", "16"),
    ("__INT_LEAST32_WIDTH__", "32"),
    ("__INT_LEAST64_WIDTH__", "64"),
    ("__INT_FAST8_WIDTH__", "32"),
    ("__INT_FAST16_WIDTH__", "32"),
    ("__INT_FAST32_WIDTH__", "32"),
    ("__INT_FAST64_WIDTH__", "64"),
    ("__INTPTR_WIDTH__", "32"),
    ("__INTMAX_WIDTH__", "64"),
    ("__ORDER_LITTLE_ENDIAN__", "1234"),
    ("__ORDER_BIG_ENDIAN__", "4321"),
    ("__ORDER_PDP_ENDIAN__", "3412"),
    ("__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__"),
    ("__FLOAT_WORD_ORDER__", "__ORDER_LITTLE_ENDIAN__"),
    ("__REGISTER_PREFIX__", ""),
    ("__USER_LABEL_PREFIX__", ""),
    ("__FINITE_MATH_ONLY__", "0"),
    ("__FLT_EVAL_METHOD__", "0"),
    ("__FLT_RADIX__", "2"),
    ("__DECIMAL_DIG__", "17"),
    ("__FLT_MANT_DIG__", "24"),
    ("__FLT_DIG__", "6"),
    ("__FLT_MIN_EXP__", "(-125)"),
    ("__FLT_MIN_10_EXP__", "(-37)"),
    ("__FLT_MAX_EXP__", "128"),
    ("__FLT_MAX_10_EXP__", "38"),
    ("__FLT_DECIMAL_DIG__", "9"),
    ("__FLT_MAX__", "3.40282346638528859811704183484516925e+38F"),
    (
        "__FLT_NORM_MAX__",
        "3.40282346638528859811704183484516925e+38F",
    ),
    ("__FLT_MIN__", "1.17549435082228750796873653722224568e-38F"),
    (
        "__FLT_EPSILON__",
        "1.19209289550781250000000000000000000e-7F",
    ),
    (
        "__FLT_DENORM_MIN__",
        "1.40129846432481707092372958328991613e-45F",
    ),
    ("__FLT_HAS_DENORM__", "1"),
    ("__FLT_HAS_INFINITY__", "1"),
    ("__FLT_HAS_QUIET_NAN__", "1"),
    ("__DBL_MANT_DIG__", "53"),
    ("__DBL_DIG__", "15"),
    ("__DBL_MIN_EXP__", "(-1021)"),
    ("__DBL_MIN_10_EXP__", "(-307)"),
    ("__DBL_MAX_EXP__", "1024"),
    ("__DBL_MAX_10_EXP__", "308"),
    ("__DBL_DECIMAL_DIG__", "17"),
    (
        "__DBL_MAX__",
        "((double)1.79769313486231570814527423731704357e+308L)",
    ),
    (
        "__DBL_NORM_MAX__",
        "((double)1.79769313486231570814527423731704357e+308L)",
    ),
    (
        "__DBL_MIN__",
        "((double)2.22507385850720138309023271733240406e-308L)",
    ),
    (
        "__DBL_EPSILON__",
        "((double)2.22044604925031308084726333618164062e-16L)",
    ),
    (
        "__DBL_DENORM_MIN__",
        "((double)4.94065645841246544176568792868221372e-324L)",
    ),
    ("__DBL_HAS_DENORM__", "1"),
    ("__DBL_HAS_INFINITY__", "1"),
    ("__DBL_HAS_QUIET_NAN__", "1"),
    ("__LDBL_MANT_DIG__", "53"),
    ("__LDBL_DIG__", "15"),
    ("__LDBL_MIN_EXP__", "(-1021)"),
    ("__LDBL_MIN_10_EXP__", "(-307)"),
    ("__LDBL_MAX_EXP__", "1024"),
    ("__LDBL_MAX_10_EXP__", "308"),
    ("__LDBL_DECIMAL_DIG__", "17"),
    (
        "__LDBL_MAX__",
        "1.79769313486231570814527423731704357e+308L",
    ),
    (
        "__LDBL_NORM_MAX__",
        "1.79769313486231570814527423731704357e+308L",
    ),
    (
        "__LDBL_MIN__",
        "2.22507385850720138309023271733240406e-308L",
    ),
    (
        "__LDBL_EPSILON__",
        "2.22044604925031308084726333618164062e-16L",
    ),
    (
        "__LDBL_DENORM_MIN__",
        "4.94065645841246544176568792868221372e-324L",
    ),
    ("__LDBL_HAS_DENORM__", "1"),
    ("__LDBL_HAS_INFINITY__", "1"),
    ("__LDBL_HAS_QUIET_NAN__", "1"),
];

/// Current date and time as `__DATE__` ("Mmm dd yyyy") and `__TIME__`
/// ("hh:mm:ss") strings, UTC.
fn date_time() -> (String, String) {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0) as i64;
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    // civil from days (Howard Hinnant's algorithm, public domain description)
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    const MON: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    (
        format!("{} {:>2} {}", MON[(m - 1) as usize], d, y),
        format!("{:02}:{:02}:{:02}", rem / 3600, (rem / 60) % 60, rem % 60),
    )
}
