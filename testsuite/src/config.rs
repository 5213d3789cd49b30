//! Build configurations: `LEVEL[:FLAG]…`, e.g. `O0`, `O2`,
//! `O2:-fno-if-convert`, `O2:-mcpu=st220`, `O2:--machine=wide.toml`. The
//! level and the flags are those of `lcc`, plus `-fprofile-use` without a
//! file: profile feedback done by the runner — each benchmark is first
//! built with `-fno-if-convert` and run with the simulator's branch
//! profile (`stsim --profile-edges`), then rebuilt with those counts
//! (`lcc -fprofile-use=FILE`) and measured.

use compiler::driver::Config;

/// A named configuration.
#[derive(Debug, Clone)]
pub struct BuildConfig {
    /// As written on the command line (`O2:-mcpu=st220`).
    pub name: String,
    /// The `lcc` flags it stands for (`-O2 -mcpu=st220`).
    pub flags: Vec<String>,
    /// The resulting toolchain configuration.
    pub config: Config,
    /// `-fprofile-use` without a file: train on a `-fno-if-convert` build
    /// first (module documentation).
    pub train_profile: bool,
}

impl BuildConfig {
    /// Parses `LEVEL[:FLAG]…`. The level is `O0`…`O3` (or `Os`).
    pub fn parse(spec: &str) -> Result<BuildConfig, String> {
        let mut parts = spec.split(':');
        let level = parts.next().unwrap_or_default();
        if !matches!(level, "O0" | "O1" | "O2" | "O3" | "Os") {
            return Err(format!(
                "configuration `{spec}`: it must start with O0, O1, O2, O3 or Os"
            ));
        }
        let mut flags = vec![format!("-{level}")];
        flags.extend(parts.filter(|p| !p.is_empty()).map(str::to_string));
        let train_profile = flags.iter().any(|f| f == "-fprofile-use");
        let lcc_flags: Vec<String> = flags
            .iter()
            .filter(|f| *f != "-fprofile-use")
            .cloned()
            .collect();
        let mut config =
            Config::from_flags(&lcc_flags).map_err(|e| format!("configuration `{spec}`: {e}"))?;
        // Reports, not compiler chatter: a failure carries its first error.
        config.warnings = false;
        Ok(BuildConfig {
            name: spec.to_string(),
            flags,
            config,
            train_profile,
        })
    }

    /// Parses a comma-separated list.
    pub fn parse_list(list: &str) -> Result<Vec<BuildConfig>, String> {
        list.split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| BuildConfig::parse(s.trim()))
            .collect()
    }
}
