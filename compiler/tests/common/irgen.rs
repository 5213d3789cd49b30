//! Random IR programs for the differential tests of the optimiser and the
//! back end. A program is what the front end would produce for a small C
//! function: locals in stack slots (`slot_addr` + `load`/`store`), nested
//! `if`/`else`, counted loops, a helper function with parameters called
//! from `main`, arithmetic over i8/i16/i32/i64 with every IR operation, and
//! `printf("%d\n", …)` of intermediate values. Every program terminates and
//! has no undefined behaviour in the interpreter (divisors are non-zero
//! and never −1, shifts are masked), so the expected behaviour is the
//! interpreter's run of the unoptimised program.

use compiler::ir::{
    BinaryOp, Block, CallAbi, Callee, Cond, ConvOp, Function, Global, InstKind, Linkage, Module,
    Prob, StackSlot, Type, UnaryOp, Value,
};

/// A small deterministic generator (xorshift64*), so a failing seed can be
/// replayed.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// Next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const CONSTS: [i64; 14] = [
    0,
    1,
    2,
    3,
    -1,
    7,
    10,
    100,
    255,
    -128,
    0x7fff_ffff,
    -0x8000_0000,
    12345,
    0x5555,
];
const DIVISORS: [i64; 10] = [1, 2, 3, 5, 7, 10, 16, -3, -8, 641];

struct Gen<'a> {
    rng: &'a mut Rng,
    f: Function,
    cur: Block,
    /// Slots of the locals and their types.
    vars: Vec<(StackSlot, Type)>,
    depth: u32,
    budget: u32,
    has_helper: bool,
}

impl Gen<'_> {
    fn push(&mut self, k: InstKind) -> Option<Value> {
        self.f.push(self.cur, k)
    }
    fn iconst(&mut self, ty: Type, imm: i64) -> Value {
        let m = match ty {
            Type::I8 => imm as i8 as i64,
            Type::I16 => imm as i16 as i64,
            Type::I32 | Type::F32 => imm as i32 as i64,
            Type::I64 | Type::F64 => imm,
        };
        self.push(InstKind::Iconst { ty, imm: m }).unwrap()
    }
    fn binary(&mut self, op: BinaryOp, ty: Type, a: Value, b: Value) -> Value {
        self.push(InstKind::Binary {
            op,
            ty,
            args: [a, b],
        })
        .unwrap()
    }
    fn addr(&mut self, slot: StackSlot) -> Value {
        self.push(InstKind::SlotAddr { slot }).unwrap()
    }
    fn load(&mut self, k: usize) -> Value {
        let (slot, ty) = self.vars[k];
        let addr = self.addr(slot);
        self.push(InstKind::Load { ty, addr }).unwrap()
    }
    fn store(&mut self, k: usize, value: Value) {
        let (slot, ty) = self.vars[k];
        let addr = self.addr(slot);
        self.push(InstKind::Store { ty, addr, value });
    }
    fn convert(&mut self, v: Value, to: Type) -> Value {
        let from = self.f.value_type(v);
        if from == to {
            return v;
        }
        let op = if to.bits() < from.bits() {
            ConvOp::Trunc
        } else if self.rng.chance(50) {
            ConvOp::Sext
        } else {
            ConvOp::Zext
        };
        self.push(InstKind::Convert {
            op,
            from,
            to,
            arg: v,
        })
        .unwrap()
    }
    /// A random expression of type `ty`.
    fn expr(&mut self, ty: Type, depth: u32) -> Value {
        let r = self.rng.below(100);
        if depth == 0 || r < 25 {
            // leaf: a variable (converted) or a constant
            if !self.vars.is_empty() && self.rng.chance(70) {
                let k = self.rng.below(self.vars.len() as u64) as usize;
                let v = self.load(k);
                return self.convert(v, ty);
            }
            let c = self.rng.pick(&CONSTS);
            return self.iconst(ty, c);
        }
        if r < 70 {
            let op = self.rng.pick(&[
                BinaryOp::Add,
                BinaryOp::Sub,
                BinaryOp::Mul,
                BinaryOp::And,
                BinaryOp::Or,
                BinaryOp::Xor,
                BinaryOp::Add,
                BinaryOp::Sub,
                BinaryOp::Mul,
            ]);
            let a = self.expr(ty, depth - 1);
            let b = if self.rng.chance(40) {
                let c = self.rng.pick(&CONSTS);
                self.iconst(ty, c)
            } else {
                self.expr(ty, depth - 1)
            };
            return self.binary(op, ty, a, b);
        }
        if r < 78 {
            // shift by a masked amount
            let op = self
                .rng
                .pick(&[BinaryOp::Shl, BinaryOp::LShr, BinaryOp::AShr]);
            let a = self.expr(ty, depth - 1);
            let amt = if self.rng.chance(50) {
                let c = self.rng.below(ty.bits() as u64) as i64;
                self.iconst(ty, c)
            } else {
                let x = self.expr(ty, depth - 1);
                let m = self.iconst(ty, ty.bits() as i64 - 1);
                self.binary(BinaryOp::And, ty, x, m)
            };
            return self.binary(op, ty, a, amt);
        }
        if r < 86 {
            // division or remainder by a constant, or by (x & 15) + 1
            let op = self.rng.pick(&[
                BinaryOp::SDiv,
                BinaryOp::UDiv,
                BinaryOp::SRem,
                BinaryOp::URem,
            ]);
            let a = self.expr(ty, depth - 1);
            let b = if self.rng.chance(70) {
                let d = self.rng.pick(&DIVISORS);
                let d = if matches!(op, BinaryOp::UDiv | BinaryOp::URem) {
                    d.abs()
                } else {
                    d
                };
                self.iconst(ty, d)
            } else {
                let x = self.expr(ty, depth - 1);
                let m = self.iconst(ty, 15);
                let y = self.binary(BinaryOp::And, ty, x, m);
                let one = self.iconst(ty, 1);
                self.binary(BinaryOp::Add, ty, y, one)
            };
            // `INT_MIN / -1` is avoided: negative divisors are constants
            // other than −1.
            return self.binary(op, ty, a, b);
        }
        if r < 92 {
            let cond = self.cond();
            let v = self.icmp(cond, depth);
            return self.convert(v, ty);
        }
        if r < 96 {
            let op = if ty == Type::I32 {
                self.rng
                    .pick(&[UnaryOp::Neg, UnaryOp::Not, UnaryOp::Clz, UnaryOp::Bswap])
            } else {
                self.rng.pick(&[UnaryOp::Neg, UnaryOp::Not])
            };
            let a = self.expr(ty, depth - 1);
            return self.push(InstKind::Unary { op, ty, arg: a }).unwrap();
        }
        // through another width
        let mid = self.rng.pick(&[Type::I8, Type::I16, Type::I32, Type::I64]);
        let a = self.expr(mid, depth - 1);
        self.convert(a, ty)
    }
    fn cond(&mut self) -> Cond {
        self.rng.pick(&compiler::ir::CONDS)
    }
    fn icmp(&mut self, cond: Cond, depth: u32) -> Value {
        let ty = self.rng.pick(&[Type::I32, Type::I32, Type::I8, Type::I64]);
        let a = self.expr(ty, depth.saturating_sub(1));
        let b = if self.rng.chance(50) {
            let c = self.rng.pick(&CONSTS);
            self.iconst(ty, c)
        } else {
            self.expr(ty, depth.saturating_sub(1))
        };
        self.push(InstKind::Icmp {
            cond,
            ty,
            args: [a, b],
        })
        .unwrap()
    }
    fn print(&mut self, v: Value) {
        let v = self.convert(v, Type::I32);
        let fmt = self
            .push(InstKind::GlobalAddr {
                name: ".fmt".into(),
            })
            .unwrap();
        self.push(InstKind::Call {
            callee: Callee::Direct("printf".into()),
            args: vec![fmt, v],
            ret: Some(Type::I32),
            abi: CallAbi::default(),
        });
    }
    fn new_block(&mut self) -> Block {
        self.f.add_block()
    }
    fn jump(&mut self, dest: Block) {
        self.push(InstKind::Jump { dest });
    }
    fn stmts(&mut self, n: u32) {
        for _ in 0..n {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            self.stmt();
        }
    }
    fn stmt(&mut self) {
        let r = self.rng.below(100);
        if r < 45 || self.depth >= 3 {
            let k = self.rng.below(self.vars.len() as u64) as usize;
            let ty = self.vars[k].1;
            let v = self.expr(ty, 3);
            self.store(k, v);
        } else if r < 65 {
            // if / else
            let c = self.cond();
            let cv = self.icmp(c, 2);
            let (then, else_, join) = (self.new_block(), self.new_block(), self.new_block());
            self.push(InstKind::Branch {
                cond: cv,
                then,
                else_,
                prob: hint(then),
            });
            self.depth += 1;
            self.cur = then;
            // loop counters created inside a branch are not initialised on
            // the other path: they go out of scope at the join
            let scope = self.vars.len();
            let n = 1 + self.rng.below(3) as u32;
            self.stmts(n);
            self.vars.truncate(scope);
            self.jump(join);
            self.cur = else_;
            if self.rng.chance(60) {
                let n = 1 + self.rng.below(3) as u32;
                self.stmts(n);
            }
            self.vars.truncate(scope);
            self.jump(join);
            self.depth -= 1;
            self.cur = join;
        } else if r < 80 {
            // for (i = 0; i < n; i++) { … }, i in its own slot
            let n = 1 + self.rng.below(6) as i64;
            let slot = self.f.add_slot(4, 4);
            self.vars.push((slot, Type::I32));
            let iv = self.vars.len() - 1;
            let zero = self.iconst(Type::I32, 0);
            self.store(iv, zero);
            let (head, body, exit) = (self.new_block(), self.new_block(), self.new_block());
            self.jump(head);
            self.cur = head;
            let i = self.load(iv);
            let lim = self.iconst(Type::I32, n);
            let c = self
                .push(InstKind::Icmp {
                    cond: Cond::Slt,
                    ty: Type::I32,
                    args: [i, lim],
                })
                .unwrap();
            self.push(InstKind::Branch {
                cond: c,
                then: body,
                else_: exit,
                prob: hint(body),
            });
            self.cur = body;
            self.depth += 1;
            // the loop body must not write the counter: generated
            // statements only see the variables that existed before it
            let saved = self.vars.pop();
            let m = 1 + self.rng.below(3) as u32;
            self.stmts(m);
            if let Some(s) = saved {
                self.vars.insert(iv, s);
            }
            self.depth -= 1;
            let i = self.load(iv);
            let one = self.iconst(Type::I32, 1);
            let i1 = self.binary(BinaryOp::Add, Type::I32, i, one);
            self.store(iv, i1);
            self.jump(head);
            self.cur = exit;
            // counters stay readable after the loop (as C's would)
        } else if r < 90 {
            let ty = self.rng.pick(&[Type::I32, Type::I64, Type::I8]);
            let v = self.expr(ty, 3);
            self.print(v);
        } else if r < 95 && self.has_helper {
            let a = self.expr(Type::I32, 2);
            let b = self.expr(Type::I64, 2);
            let v = self
                .push(InstKind::Call {
                    callee: Callee::Direct("helper".into()),
                    args: vec![a, b],
                    ret: Some(Type::I32),
                    abi: CallAbi::default(),
                })
                .unwrap();
            let k = self.rng.below(self.vars.len() as u64) as usize;
            let ty = self.vars[k].1;
            let v = self.convert(v, ty);
            self.store(k, v);
        } else {
            // early return from inside a branch
            let c = self.cond();
            let cv = self.icmp(c, 1);
            let (ret, cont) = (self.new_block(), self.new_block());
            self.push(InstKind::Branch {
                cond: cv,
                then: ret,
                else_: cont,
                prob: hint(ret),
            });
            self.cur = ret;
            let ty = self.f.ret.unwrap_or(Type::I32);
            let v = self.expr(ty, 2);
            self.push(InstKind::Ret { value: Some(v) });
            self.cur = cont;
        }
    }
}

fn function(rng: &mut Rng, name: &str, params: &[Type], has_helper: bool, budget: u32) -> Function {
    let mut f = Function::new(name, params, Some(Type::I32));
    let entry = f.add_block();
    let mut g = Gen {
        rng,
        f,
        cur: entry,
        vars: vec![],
        depth: 0,
        budget,
        has_helper,
    };
    // parameters are stored to their slots first, as the front end does
    for (i, &t) in params.iter().enumerate() {
        let slot = g.f.add_slot(t.bytes(), t.bytes());
        g.vars.push((slot, t));
        let p = g.f.params[i];
        g.store(i, p);
    }
    let nlocals = 2 + g.rng.below(5) as usize;
    for _ in 0..nlocals {
        let t = g.rng.pick(&[
            Type::I32,
            Type::I32,
            Type::I32,
            Type::I8,
            Type::I16,
            Type::I64,
        ]);
        let slot = g.f.add_slot(t.bytes(), t.bytes());
        g.vars.push((slot, t));
        // most locals are initialised; some are read before any store
        // only if the generator says so — keep them defined to avoid
        // undefined behaviour
        let c = g.rng.pick(&CONSTS);
        let v = g.iconst(t, c);
        let k = g.vars.len() - 1;
        g.store(k, v);
    }
    let n = budget;
    g.stmts(n);
    let mut sum = g.iconst(Type::I32, 0);
    for k in 0..g.vars.len() {
        let v = g.load(k);
        if name == "main" {
            g.print(v);
        }
        let v = g.convert(v, Type::I32);
        sum = g.binary(BinaryOp::Add, Type::I32, sum, v);
    }
    if name == "main" {
        let m = g.iconst(Type::I32, 255);
        sum = g.binary(BinaryOp::And, Type::I32, sum, m);
    }
    g.push(InstKind::Ret { value: Some(sum) });
    g.f
}

/// A random program for `seed`: `helper(i32, i64) -> i32` and `main`.
/// A branch hint for a branch whose `then` block is `b`, derived from the
/// block number (not from the random stream, so the programs of a seed
/// stay the same): none for two blocks in three, else some probability.
/// Hints must never change what a program computes.
fn hint(b: Block) -> Option<Prob> {
    b.index()
        .is_multiple_of(3)
        .then(|| Prob((b.index() as u32).wrapping_mul(137_911) % (Prob::ONE + 1)))
}

pub fn random_program(seed: u64) -> Module {
    let mut rng = Rng::new(seed);
    let helper = function(&mut rng, "helper", &[Type::I32, Type::I64], false, 12);
    let main = function(&mut rng, "main", &[], true, 25);
    let mut m = Module::default();
    m.globals.push(Global {
        name: ".fmt".into(),
        size: 4,
        align: 1,
        init: Some(b"%d\n\0".to_vec()),
        relocs: vec![],
        linkage: Linkage::Internal,
        common: false,
        readonly: true,
        section: None,
    });
    m.functions.push(helper);
    m.functions.push(main);
    m
}
