//! Building and querying a [`Function`]: creating blocks, values,
//! instructions and stack slots, predecessors and successors in the order
//! phis use, dominators, and canonical renumbering.

use super::*;

impl Function {
    /// An empty function with the given signature (parameter values created).
    pub fn new(name: &str, params: &[Type], ret: Option<Type>) -> Function {
        let mut f = Function {
            name: name.to_string(),
            params: Vec::new(),
            ret,
            variadic: false,
            sret: false,
            byval: vec![None; params.len()],
            linkage: Linkage::External,
            inline: InlineHint::Default,
            blocks: Vec::new(),
            layout: Vec::new(),
            insts: Vec::new(),
            values: Vec::new(),
            slots: Vec::new(),
            type_punning: false,
            strict_aliasing: false,
            restrict: vec![false; params.len()],
            noalias_roots: Vec::new(),
            loc: None,
            align: 0,
        };
        for (i, &t) in params.iter().enumerate() {
            let v = Value(f.values.len() as u32);
            f.values.push(ValueData {
                ty: t,
                def: ValueDef::Param(i as u32),
            });
            f.params.push(v);
        }
        f
    }
    /// Appends a new empty block to the layout.
    pub fn add_block(&mut self) -> Block {
        let b = Block(self.blocks.len() as u32);
        self.blocks.push(BlockData::default());
        self.layout.push(b);
        b
    }
    /// Adds a stack slot.
    pub fn add_slot(&mut self, size: u32, align: u32) -> StackSlot {
        self.slots.push(SlotData { size, align });
        StackSlot(self.slots.len() as u32 - 1)
    }
    /// Appends an instruction to the arena, attributed to block `b` but
    /// not placed in its instruction list (the caller inserts it); returns
    /// it and its result value if any.
    pub fn new_inst(&mut self, b: Block, kind: InstKind) -> (Inst, Option<Value>) {
        let inst = Inst(self.insts.len() as u32);
        let result = kind.result_type().map(|ty| {
            let v = Value(self.values.len() as u32);
            self.values.push(ValueData {
                ty,
                def: ValueDef::Inst(inst),
            });
            v
        });
        self.insts.push(InstData {
            kind,
            result,
            block: b,
            loc: None,
        });
        (inst, result)
    }
    /// Appends an instruction to block `b`; returns its result value if any.
    pub fn push(&mut self, b: Block, kind: InstKind) -> Option<Value> {
        let (inst, result) = self.new_inst(b, kind);
        self.blocks[b.index()].insts.push(inst);
        result
    }
    /// Type of a value.
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }
    /// The terminator of `b`, if its last instruction is one.
    pub fn terminator(&self, b: Block) -> Option<&InstKind> {
        let i = *self.blocks[b.index()].insts.last()?;
        let k = &self.insts[i.index()].kind;
        k.is_terminator().then_some(k)
    }
    /// Successors of `b`.
    pub fn successors(&self, b: Block) -> Blocks {
        self.terminator(b)
            .map(|t| t.successors())
            .unwrap_or_default()
    }
    /// Calls `visit` on the successor fields of `b`'s terminator, repeats
    /// included ([`InstKind::for_each_target`]): cheaper than
    /// [`Function::successors`] for visits that ignore repeats.
    pub fn for_each_target(&self, b: Block, visit: impl FnMut(Block)) {
        if let Some(t) = self.terminator(b) {
            t.for_each_target(visit);
        }
    }
    /// Predecessors of every block, in "predecessor order": blocks in layout
    /// order, each listed once per distinct edge into the block.
    pub fn predecessors(&self) -> Vec<Blocks> {
        let mut preds = vec![Blocks::new(); self.blocks.len()];
        for &b in &self.layout {
            self.for_each_target(b, |s| {
                if s.index() < preds.len() && !preds[s.index()].contains(&b) {
                    preds[s.index()].push(b);
                }
            });
        }
        preds
    }
    /// Predecessors of `b` alone, in predecessor order (the entry of `b`
    /// in [`Function::predecessors`], without building the others).
    pub fn predecessors_of(&self, b: Block) -> Vec<Block> {
        self.layout
            .iter()
            .copied()
            .filter(|&p| {
                let mut to_b = false;
                self.for_each_target(p, |s| to_b |= s == b);
                to_b
            })
            .collect()
    }
}

impl Function {
    /// Replaces every edge `from → old` by `from → new` in `from`'s
    /// terminator (both arms of a branch when both name `old`, every
    /// jump-table entry naming `old`).
    pub fn redirect(&mut self, from: Block, old: Block, new: Block) {
        let Some(&t) = self.blocks[from.index()].insts.last() else {
            return;
        };
        for b in self.insts[t.index()].kind.targets_mut() {
            if *b == old {
                *b = new;
            }
        }
    }

    /// Puts the operands of the φs of `blocks` in predecessor order
    /// ([`Function::predecessors`], the verifier's rule), for passes that
    /// add or rename incoming edges.
    pub fn sort_phi_operands(&mut self, blocks: &[Block]) {
        for &b in blocks {
            let preds = self.predecessors_of(b);
            for k in 0..self.blocks[b.index()].insts.len() {
                let i = self.blocks[b.index()].insts[k];
                let InstKind::Phi { incoming, .. } = &mut self.insts[i.index()].kind else {
                    break;
                };
                let pos = |x: &Block| preds.iter().position(|p| p == x);
                incoming.sort_by_key(|x| pos(&x.0));
            }
        }
    }
}

impl Function {
    /// Renumbers blocks in layout order and values in definition order
    /// (parameters first), dropping instructions of blocks not in the
    /// layout. Printing a canonical function and parsing it back gives the
    /// same function.
    pub fn canonicalize(&mut self) {
        let mut bmap = vec![None; self.blocks.len()];
        for (i, b) in self.layout.iter().enumerate() {
            bmap[b.index()] = Some(Block(i as u32));
        }
        let mut vmap: Vec<Option<Value>> = vec![None; self.values.len()];
        let mut values = Vec::new();
        for (i, p) in self.params.iter().enumerate() {
            vmap[p.index()] = Some(Value(values.len() as u32));
            values.push(ValueData {
                ty: self.values[p.index()].ty,
                def: ValueDef::Param(i as u32),
            });
        }
        let mut insts = Vec::new();
        let mut blocks = Vec::new();
        for (bi, b) in self.layout.iter().enumerate() {
            let mut bd = BlockData::default();
            for &i in &self.blocks[b.index()].insts {
                let ni = Inst(insts.len() as u32);
                let d = &self.insts[i.index()];
                let result = d.result.map(|r| {
                    let nv = Value(values.len() as u32);
                    values.push(ValueData {
                        ty: self.values[r.index()].ty,
                        def: ValueDef::Inst(ni),
                    });
                    vmap[r.index()] = Some(nv);
                    nv
                });
                insts.push(InstData {
                    kind: d.kind.clone(),
                    result,
                    block: Block(bi as u32),
                    loc: d.loc,
                });
                bd.insts.push(ni);
            }
            blocks.push(bd);
        }
        let mb = |b: &mut Block| {
            if let Some(n) = bmap[b.index()] {
                *b = n;
            }
        };
        for d in &mut insts {
            map_operands(&mut d.kind, |v| vmap[v.index()].unwrap_or(v));
            if let InstKind::Phi { incoming, .. } = &mut d.kind {
                incoming.iter_mut().for_each(|(b, _)| mb(b));
            }
            d.kind.targets_mut().into_iter().for_each(mb);
        }
        self.params = (0..self.params.len() as u32).map(Value).collect();
        self.noalias_roots = self
            .noalias_roots
            .iter()
            .filter_map(|r| vmap[r.index()])
            .collect();
        self.layout = (0..blocks.len() as u32).map(Block).collect();
        self.blocks = blocks;
        self.insts = insts;
        self.values = values;
    }
}
