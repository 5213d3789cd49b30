//! Code placement for the ST231's direct-mapped I-cache (ISA-ST200 §5.5),
//! end to end: the `bicg` benchmark (a double-precision matrix-vector loop
//! calling the soft-float helpers `__muldf3` and `__adddf3` from its inner
//! loop) must not spend 5 % of its cycles or more in I-cache miss stalls:
//! `lld-st` places the loop and its helpers so that they do not evict each
//! other. In input order, at -O0, the helpers land where the loop's lines
//! are and the stalls are most of the run.

mod common;
use common::{runner, text, tmp};

#[test]
fn bicg_spends_under_five_percent_in_icache_misses() {
    let out = tmp("placement");
    let r = runner(&["--filter", "bicg", "--configs", "O0,O2", "--json"], &out);
    assert!(r.status.success(), "{}", text(&r));
    let json: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{}", text(&r));
    for res in results {
        let m = &res["measurement"];
        let cycles = m["cycles"].as_u64().unwrap();
        let stalls = m["stalls"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s[0] == "icache_miss")
            .and_then(|s| s[1].as_u64())
            .unwrap();
        assert!(
            stalls * 20 < cycles,
            "{}: {stalls} I-cache miss stall cycles of {cycles}",
            res["config"]
        );
    }
}
