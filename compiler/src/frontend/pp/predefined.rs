//! The predefined macros (C11 6.10.8): the standard ones (`__STDC__`,
//! `__STDC_VERSION__` for C99, `__DATE__`, `__TIME__`, and `__FILE__`,
//! `__LINE__` with GNU `__COUNTER__` computed at each use), those of the
//! ST200 target and its ILP32 data model (ISA-ST200 §1.1: `__st200__`, the
//! `-mcpu=` core as `__ST231__` and `__st231__`, its clock in MHz as
//! `__ST200_CLOCK_MHZ__` (`isa::model::ProcessorModel::clock_mhz`), sizes,
//! limits, byte order), the gcc version macros the runtime headers test, and the
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
        def("__STDC_VERSION__", "199901L");
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
        def("__ILP32__", "1");
        def("__CHAR_BIT__", "8");
        def("__SCHAR_MAX__", "127");
        def("__SHRT_MAX__", "32767");
        def("__INT_MAX__", "2147483647");
        def("__LONG_MAX__", "2147483647L");
        def("__LONG_LONG_MAX__", "9223372036854775807LL");
        def("__SIZEOF_SHORT__", "2");
        def("__SIZEOF_INT__", "4");
        def("__SIZEOF_LONG__", "4");
        def("__SIZEOF_LONG_LONG__", "8");
        def("__SIZEOF_POINTER__", "4");
        def("__SIZE_TYPE__", "unsigned int");
        def("__PTRDIFF_TYPE__", "int");
        def("__WCHAR_TYPE__", "int");
        def("__INTPTR_TYPE__", "int");
        def("__UINTPTR_TYPE__", "unsigned int");
        def("__ORDER_LITTLE_ENDIAN__", "1234");
        def("__ORDER_BIG_ENDIAN__", "4321");
        def("__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__");
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
