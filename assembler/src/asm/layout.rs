//! Layout: the size of every item and the offset of every item in its
//! section, iterated to a fixed point. Bundles get long immediates where a
//! value does not fit in 9 bits (sticky, ISA-ST200 §2.4, §3.3) and are
//! placed on lanes by `isa::bundle` (§2.2, §2.3), which depends on the
//! bundle's address parity (§2.1).

use super::{Assembler, BundleItem, Item, Operand, Pos, Value, MAX_LAYOUT_PASSES};
use isa::bundle::{self, Slot, SlotNeeds};
use isa::encoding;

impl<'o> Assembler<'o> {
    pub(super) fn pos_offset(&self, pos: Pos) -> u64 {
        self.sections[pos.section]
            .offsets
            .get(pos.item)
            .copied()
            .unwrap_or(0)
    }

    fn slot_needs(&self, b: &BundleItem) -> Vec<SlotNeeds> {
        b.ops
            .iter()
            .map(|o| SlotNeeds::of_info(o.opcode.info(), o.long, &self.opts.model))
            .collect()
    }

    /// Decides long immediates (sticky) and places the bundle at `offset`.
    pub(super) fn layout_bundle(
        &mut self,
        s: usize,
        i: usize,
        offset: u64,
    ) -> Result<Vec<Slot>, bundle::BundleError> {
        let pos = Pos {
            section: s,
            item: i,
        };
        let Item::Bundle(mut b) =
            std::mem::replace(&mut self.sections[s].items[i], Item::Bytes(Vec::new()))
        else {
            unreachable!("layout_bundle on a non-bundle item")
        };
        for op in &mut b.ops {
            if op.long {
                continue;
            }
            let Some(k) = op.opcode.info().imm_operand() else {
                continue;
            };
            if let Operand::Expr { expr, span, .. } = &op.operands[k] {
                let long = match self.eval_operand(expr, pos, *span) {
                    Ok((Value::Abs(v), None)) => !encoding::imm_fits_short(v),
                    Ok(_) => true,
                    Err(_) => false,
                };
                op.long = long;
            }
        }
        let needs = self.slot_needs(&b);
        let names: Vec<&'static str> = b.ops.iter().map(|o| o.opcode.info().mnemonic).collect();
        // The lane of the first syllable: its word address modulo the
        // lane count (the section alignment makes it known, §2.2).
        let lane = ((offset >> 2) % u64::from(self.rules.lane_count.max(1))) as u32;
        let placed = bundle::place(&needs, lane, &self.rules, true, |k| names[k]);
        let placed = placed.map(|mut slots| {
            // Keep the size reached by earlier passes (nops at the end, before an `sbrk`).
            while slots.len() < b.min_syllables {
                let at = if matches!(slots.last(), Some(Slot::Op(k)) if needs[*k].last) {
                    slots.len() - 1
                } else {
                    slots.len()
                };
                slots.insert(at, Slot::Nop);
            }
            b.min_syllables = slots.len();
            slots
        });
        self.sections[s].items[i] = Item::Bundle(b);
        placed
    }

    fn item_size(&mut self, s: usize, i: usize, offset: u64) -> u64 {
        let pos = Pos {
            section: s,
            item: i,
        };
        match &self.sections[s].items[i] {
            Item::Bundle(_) => match self.layout_bundle(s, i, offset) {
                Ok(slots) => 4 * slots.len() as u64,
                Err(_) => {
                    let Item::Bundle(b) = &self.sections[s].items[i] else {
                        return 0;
                    };
                    4 * b.ops.iter().map(|o| 1 + o.long as u64).sum::<u64>()
                }
            },
            Item::Bytes(b) => b.len() as u64,
            Item::Data { size, .. } => *size as u64,
            Item::Align { align, max, .. } => {
                let pad = offset.next_multiple_of(*align) - offset;
                if max.is_some_and(|m| pad > m) {
                    0
                } else {
                    pad
                }
            }
            Item::Space { size, span, .. } => {
                let (size, span) = (size.clone(), *span);
                match self.eval(&size, pos, span) {
                    Ok(Value::Abs(v)) if (0..1 << 32).contains(&v) => v as u64,
                    _ => 0,
                }
            }
        }
    }

    pub(super) fn layout(&mut self) {
        for pass in 0..MAX_LAYOUT_PASSES {
            let mut changed = false;
            for s in 0..self.sections.len() {
                let n = self.sections[s].items.len();
                if self.sections[s].offsets.len() != n + 1 {
                    self.sections[s].offsets = vec![0; n + 1];
                    changed = true;
                }
                let mut offset = 0u64;
                for i in 0..n {
                    if self.sections[s].offsets[i] != offset {
                        self.sections[s].offsets[i] = offset;
                        changed = true;
                    }
                    offset += self.item_size(s, i, offset);
                }
                if self.sections[s].offsets[n] != offset {
                    self.sections[s].offsets[n] = offset;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
            if pass + 1 == MAX_LAYOUT_PASSES {
                self.diags.error_global("layout did not converge (alignment and long immediates keep changing each other)");
            }
        }
    }
}
