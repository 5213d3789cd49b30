//! Property: on any machine, every layout `isa::bundle::place` returns
//! passes `isa::bundle::check_placed` (the check the simulator and the
//! disassembler apply to bundles in memory, ISA-ST200 §2.3), from every
//! start lane; and placing up to 16 syllables stays fast.

use isa::bundle::{check_placed, place, BundleRules, SlotNeeds};
use isa::model::ProcessorModel;
use isa::ops::Unit;
use proptest::prelude::*;

/// A machine from the ST231 with the given issue width and units (each
/// clamped to the width), lane count and, when `masks` is given, lane
/// lists (alu, mul, mem, even, long_imm, extension as bit masks, cut to
/// the lane count); `None` when the description is invalid.
fn machine(
    width: u32,
    mem: u32,
    odd: u32,
    even: u32,
    alu: u32,
    lanes: u32,
    masks: Option<[u16; 6]>,
) -> Option<BundleRules> {
    let c = |n: u32| n.clamp(1, width);
    let ext = if width < 2 {
        "extension_takes_issue = false\n"
    } else {
        ""
    };
    let lane_count = lanes.clamp(1, 16);
    let mut lists = String::new();
    if let Some(masks) = masks {
        for (name, m) in ["alu", "mul", "mem", "even", "long_imm", "extension"]
            .iter()
            .zip(masks)
        {
            let l: Vec<String> = (0..lane_count)
                .filter(|l| m & (1 << l) != 0)
                .map(|l| l.to_string())
                .collect();
            lists.push_str(&format!("{name} = [{}]\n", l.join(", ")));
        }
    }
    let text = format!(
        "base = \"st231\"\nname = \"p\"\nissue_width = {width}\n[resources]\nissue = {width}\nalu = {}\nmem = {}\nctl = 1\nodd = {}\neven = {}\n[lanes]\ncount = {lane_count}\n{ext}{lists}",
        c(alu),
        c(mem),
        c(odd),
        c(even)
    );
    ProcessorModel::from_toml_str(&text)
        .ok()
        .map(|m| BundleRules::new(&m))
}

fn need() -> impl Strategy<Value = SlotNeeds> {
    (0usize..20, any::<bool>(), 0u8..20).prop_map(|(u, long, r)| {
        // Mostly ALU operations, as in real code; every unit now and then.
        let unit = match u {
            0..=9 => Unit::Alu,
            10..=12 => Unit::Mul,
            13 => Unit::Even,
            14..=16 => Unit::Mem,
            17 => Unit::Ctl,
            18 => Unit::CtlMem,
            _ => Unit::Alone,
        };
        // Long immediates on ALU, multiply and memory operations only
        // (control operations and `syscall` have no immediate field).
        let long = long && r % 3 == 0 && matches!(unit, Unit::Alu | Unit::Mul | Unit::Mem);
        // Now and then an `sbrk` (an ALU operation that ends its bundle).
        SlotNeeds::new(unit, long, unit == Unit::Alu && !long && r == 1)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn placed_bundles_pass_check_placed(
        width in 1u32..=16,
        mem in 1u32..4,
        odd in 1u32..9,
        even in 1u32..9,
        alu in 1u32..17,
        lanes in 1u32..=16,
        needs in proptest::collection::vec(need(), 1..=16),
        start in 0u32..16,
        pad in any::<bool>(),
        masks in proptest::option::of(any::<[u16; 6]>()),
    ) {
        let Some(rules) = machine(width, mem, odd, even, alu, lanes, masks) else {
            return Ok(());
        };
        let t0 = std::time::Instant::now();
        let placed = place(&needs, start, &rules, pad, |_| "op");
        if let Ok(slots) = placed {
            let r = check_placed(&needs, &slots, start, &rules);
            prop_assert!(r.is_ok(), "{:?} on {:?}: {:?} -> {:?}", needs, rules, slots, r);
            // Every operation placed once, each long immediate with its extension.
            for (i, n) in needs.iter().enumerate() {
                let at = |s: isa::bundle::Slot| slots.iter().filter(|&&x| x == s).count();
                prop_assert_eq!(at(isa::bundle::Slot::Op(i)), 1);
                prop_assert_eq!(
                    at(isa::bundle::Slot::Imml(i)) + at(isa::bundle::Slot::Immr(i)),
                    n.long_imm as usize
                );
            }
        }
        prop_assert!(t0.elapsed() < std::time::Duration::from_secs(1), "{:?}", t0.elapsed());
    }
}
