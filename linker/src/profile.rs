//! Call-graph profiles for `--call-graph-profile FILE`: how many times each
//! procedure called each other one in a run, to place code from measured
//! call counts instead of the static estimate (see the lld-st chapter of
//! the manual).
//!
//! Two formats are read, told apart by their first line:
//!
//! - **Callgrind** (valgrind's "Callgrind Format Specification", as written
//!   by `stsim --profile FILE`): the file starts with `# callgrind format`
//!   or `version:`. Each `calls=COUNT …` line adds COUNT calls from the
//!   current `fn=` to the current `cfn=`; names may be compressed
//!   (`(id) name` the first time, `(id)` after, one table shared by `fn=`
//!   and `cfn=`). Cost lines and other keys are skipped.
//! - **Text**: one edge per line, `CALLER CALLEE COUNT` separated by white
//!   space (the order LLVM lld's `--call-graph-ordering-file` uses);
//!   blank lines and lines starting with `#` are skipped.
//!
//! Edges named more than once add up.

use std::collections::BTreeMap;

/// One call-graph edge: caller and callee symbol names and the number of
/// calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileEdge {
    /// Symbol of the calling procedure.
    pub caller: String,
    /// Symbol of the called procedure.
    pub callee: String,
    /// Number of calls in the profiled run.
    pub count: u64,
}

/// Parses a call-graph profile (either format of the module
/// documentation). `name` is the file name used in messages. Errors: a
/// malformed line or count, a callgrind `calls=` line outside a `fn=`/`cfn=`
/// pair, each reported as `NAME:LINE: …`.
pub fn parse(name: &str, text: &str) -> Result<Vec<ProfileEdge>, String> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    let callgrind =
        first.is_some_and(|l| l.starts_with("# callgrind format") || l.starts_with("version:"));
    let edges = if callgrind {
        parse_callgrind(name, text)?
    } else {
        parse_text(name, text)?
    };
    // Sum repeated edges, in order of first appearance.
    let mut index: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut out: Vec<ProfileEdge> = Vec::new();
    for e in edges {
        match index.get(&(e.caller.clone(), e.callee.clone())) {
            Some(&k) => out[k].count = out[k].count.saturating_add(e.count),
            None => {
                index.insert((e.caller.clone(), e.callee.clone()), out.len());
                out.push(e);
            }
        }
    }
    Ok(out)
}

fn parse_count(name: &str, n: usize, s: &str) -> Result<u64, String> {
    s.parse::<u64>()
        .map_err(|_| format!("{name}:{n}: bad call count `{s}` (expected a non-negative integer)"))
}

fn parse_text(name: &str, text: &str) -> Result<Vec<ProfileEdge>, String> {
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let [caller, callee, count] = f[..] else {
            return Err(format!(
                "{name}:{}: expected `CALLER CALLEE COUNT`, found `{line}`",
                k + 1
            ));
        };
        out.push(ProfileEdge {
            caller: caller.to_string(),
            callee: callee.to_string(),
            count: parse_count(name, k + 1, count)?,
        });
    }
    Ok(out)
}

/// A callgrind function name, `(id) name`, `(id)` or `name`, resolved
/// through the compression table `ids`.
fn callgrind_name(
    name: &str,
    n: usize,
    v: &str,
    ids: &mut BTreeMap<String, String>,
) -> Result<String, String> {
    let v = v.trim();
    let Some(rest) = v.strip_prefix('(') else {
        return Ok(v.to_string());
    };
    let Some((id, tail)) = rest.split_once(')') else {
        return Err(format!("{name}:{n}: unterminated name id in `{v}`"));
    };
    let tail = tail.trim();
    if tail.is_empty() {
        ids.get(id)
            .cloned()
            .ok_or_else(|| format!("{name}:{n}: name id ({id}) used before it is defined"))
    } else {
        ids.insert(id.to_string(), tail.to_string());
        Ok(tail.to_string())
    }
}

fn parse_callgrind(name: &str, text: &str) -> Result<Vec<ProfileEdge>, String> {
    let mut ids: BTreeMap<String, String> = BTreeMap::new();
    let (mut func, mut callee): (Option<String>, Option<String>) = (None, None);
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let n = k + 1;
        let line = line.trim();
        if let Some(v) = line.strip_prefix("fn=") {
            func = Some(callgrind_name(name, n, v, &mut ids)?);
            callee = None;
        } else if let Some(v) = line.strip_prefix("cfn=") {
            callee = Some(callgrind_name(name, n, v, &mut ids)?);
        } else if let Some(v) = line.strip_prefix("calls=") {
            let (Some(caller), Some(to)) = (&func, &callee) else {
                return Err(format!(
                    "{name}:{n}: `calls=` without a preceding `fn=` and `cfn=`"
                ));
            };
            let count = v.split_whitespace().next().unwrap_or("");
            out.push(ProfileEdge {
                caller: caller.clone(),
                callee: to.clone(),
                count: parse_count(name, n, count)?,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(a: &str, b: &str, c: u64) -> ProfileEdge {
        ProfileEdge {
            caller: a.into(),
            callee: b.into(),
            count: c,
        }
    }

    #[test]
    fn text_edges_add_up() {
        let p = parse("p.txt", "# comment\nmain f 10\n\n  main  g 3\nmain f 5\n").unwrap();
        assert_eq!(p, vec![e("main", "f", 15), e("main", "g", 3)]);
    }

    #[test]
    fn text_errors_name_the_line() {
        let err = parse("p.txt", "main f 1\nmain g\n").unwrap_err();
        assert!(err.starts_with("p.txt:2: expected"), "{err}");
        let err = parse("p.txt", "main f -1\n").unwrap_err();
        assert!(err.starts_with("p.txt:1: bad call count"), "{err}");
    }

    /// Name compression per the callgrind specification: `(2) f` defines
    /// id 2, `(2)` refers to it, in `fn=` as well as in `cfn=`.
    #[test]
    fn callgrind_calls_with_compressed_names() {
        let text = "# callgrind format\nversion: 1\nevents: Cycles\n\
            fl=(1) a.c\nfn=(1) main\n0x100 3 40\ncfn=(2) f\ncalls=7 0x200 9\n0x104 3 70\n\
            cfl=(1)\ncfn=(3) g\ncalls=2 0x300 0\n0x108 4 9\n\
            \nfn=(2)\n0x200 9 10\ncfn=(3)\ncalls=4 0x300 0\n0x204 9 8\n\ntotals: 1\n";
        let p = parse("p.out", text).unwrap();
        assert_eq!(
            p,
            vec![e("main", "f", 7), e("main", "g", 2), e("f", "g", 4)]
        );
    }

    #[test]
    fn callgrind_errors() {
        let err = parse("p.out", "# callgrind format\ncfn=(4)\n").unwrap_err();
        assert!(err.contains("p.out:2: name id (4) used before"), "{err}");
        let err = parse("p.out", "version: 1\nfn=main\ncalls=3 0x0 0\n").unwrap_err();
        assert!(err.contains("p.out:3: `calls=` without"), "{err}");
    }
}
