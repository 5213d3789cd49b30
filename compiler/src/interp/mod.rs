//! The IR interpreter: runs a linked [`Module`] from `main` and returns the
//! program's standard output and exit status. It is the oracle for the
//! front end and every later IR transformation.
//!
//! Memory model (ILP32, little-endian, ISA-ST200 §1.1): globals from
//! address `0x1000`, the heap after them, an 8 MiB stack ending at
//! `0x8000_0000`, and function addresses (not backed by memory) from
//! `0xF000_0000`. Accesses outside these regions trap.
//!
//! The C library is not written here a second time: programs run with the
//! runtime's own C library (`runtime/lib/*.c`) linked in as IR
//! ([`crate::driver::link_runtime`]); the interpreter implements only what
//! the runtime writes in assembly, the system calls ([`SYSCALLS`]), and
//! gives the linker's heap bounds `__heap_start`/`__heap_end`.

use crate::hash::HashMap;
use crate::ir::eval::{self, mask, sext, ArithError};
use crate::ir::{Block, Callee, Function, InstKind, Module, Type, Value, ValueDef};

const DATA_BASE: u32 = 0x1000;
const STACK_TOP: u32 = 0x8000_0000;
const STACK_SIZE: u32 = 8 << 20;
const FUNC_BASE: u32 = 0xF000_0000;
const LIB_BASE: u32 = 0xF800_0000;

/// The functions the interpreter implements itself: the runtime's system
/// calls (`runtime/lib/syscalls.s`). The rest of the C library is the
/// runtime's own C code, linked into the program as IR
/// ([`crate::driver::link_runtime`]).
pub const SYSCALLS: &[&str] = &["_exit", "__write", "__read", "__cycles"];

/// Why a run stopped abnormally.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Trap {
    /// Load or store outside mapped memory.
    #[error("memory access of {size} bytes at 0x{addr:08x} is outside mapped memory (in {func})")]
    BadAccess {
        /// Address.
        addr: u32,
        /// Size in bytes.
        size: u32,
        /// Function executing.
        func: String,
    },
    /// Division or remainder by zero.
    #[error("integer division by zero in {0}")]
    DivByZero(String),
    /// Call of an undefined function.
    #[error("call to undefined function '{0}'")]
    UndefinedFunction(String),
    /// Reference to an undefined global symbol.
    #[error("undefined symbol '{0}'")]
    UndefinedSymbol(String),
    /// Inline assembly with text (the interpreter runs IR, not ST200
    /// operations).
    #[error("inline assembly text in {0} cannot be interpreted")]
    InlineAsm(String),
    /// Call through a value that is not a function address.
    #[error("call through invalid function pointer 0x{0:08x}")]
    BadCallTarget(u32),
    /// `unreachable` executed.
    #[error("reached 'unreachable' in {0}")]
    Unreachable(String),
    /// A jump table indexed out of its bounds (undefined behaviour: the
    /// bounds check before it should have gone to the default case).
    #[error("jump-table index {index} out of bounds 0..{len} in {func}")]
    JumpTableIndex {
        /// Index (as unsigned 32 bits).
        index: u64,
        /// Number of table entries.
        len: usize,
        /// Function executing.
        func: String,
    },
    /// Stack exhausted.
    #[error("stack overflow")]
    StackOverflow,
    /// The step budget ran out.
    #[error("step limit of {0} instructions exceeded")]
    StepLimit(u64),
    /// Heap exhausted.
    #[error("out of memory")]
    OutOfMemory,
    /// No `main`.
    #[error("no 'main' function")]
    NoMain,
    /// The runtime's C library could not be linked with the program.
    #[error("{0}")]
    Library(String),
}

/// Output of a completed run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunResult {
    /// Bytes written to stdout.
    pub stdout: Vec<u8>,
    /// Bytes written to stderr.
    pub stderr: Vec<u8>,
    /// Exit status (0–255, as the shell sees it).
    pub exit_code: i32,
    /// IR instructions executed.
    pub steps: u64,
}

/// Run options.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Stop with [`Trap::StepLimit`] after this many instructions.
    pub max_steps: Option<u64>,
    /// `argv[1..]` for `main(argc, argv)`.
    pub args: Vec<String>,
}

struct Frame {
    func: usize,
    block: Block,
    idx: usize,
    vals: Vec<u64>,
    sp_restore: u32,
    base: u32,
    va_area: u32,
    ret_to: Option<Value>,
    sret_copy: bool,
}

struct FnInfo {
    slot_offsets: Vec<u32>,
    frame_size: u32,
}

/// Interpreter state for one program run.
pub struct Interp<'m> {
    m: &'m Module,
    funcs: HashMap<&'m str, usize>,
    info: Vec<FnInfo>,
    globals: HashMap<&'m str, u32>,
    libs: Vec<String>,
    lib_index: HashMap<String, u32>,
    mem: Vec<u8>,
    heap_start: u32,
    heap_base: u32,
    stack: Vec<u8>,
    sp: u32,
    out: Vec<u8>,
    err: Vec<u8>,
    steps: u64,
    max_steps: u64,
}

impl<'m> Interp<'m> {
    /// Lays out the globals of `m` in memory and resolves relocations.
    pub fn new(m: &'m Module) -> Result<Interp<'m>, Trap> {
        let mut it = Interp {
            m,
            funcs: HashMap::default(),
            info: Vec::new(),
            globals: HashMap::default(),
            libs: Vec::new(),
            lib_index: HashMap::default(),
            mem: Vec::new(),
            heap_start: 0,
            heap_base: 0,
            stack: vec![0; STACK_SIZE as usize],
            sp: STACK_TOP,
            out: Vec::new(),
            err: Vec::new(),
            steps: 0,
            max_steps: u64::MAX,
        };
        for (i, f) in m.functions.iter().enumerate() {
            it.funcs.insert(f.name.as_str(), i);
            let mut offs = Vec::new();
            let mut off: u32 = 0;
            for s in &f.slots {
                let a = s.align.max(1);
                off = off.div_ceil(a) * a;
                offs.push(off);
                off += s.size;
            }
            it.info.push(FnInfo {
                slot_offsets: offs,
                frame_size: off.div_ceil(8) * 8,
            });
        }
        let mut addr = DATA_BASE;
        for g in &m.globals {
            let a = g.align.max(1);
            addr = addr.div_ceil(a) * a;
            it.globals.insert(g.name.as_str(), addr);
            addr += g.size.max(1);
        }
        it.mem = vec![0; (addr - DATA_BASE) as usize];
        for g in &m.globals {
            let base = it.globals[g.name.as_str()];
            if let Some(init) = &g.init {
                let o = (base - DATA_BASE) as usize;
                it.mem[o..o + init.len()].copy_from_slice(init);
            }
        }
        for g in &m.globals {
            let base = it.globals[g.name.as_str()];
            for (off, sym, add) in &g.relocs {
                let target = it.symbol_addr(sym)?;
                let v = (target as i64).wrapping_add(*add) as u32;
                it.write(base + off, 4, v as u64)?;
            }
        }
        it.heap_start = addr.div_ceil(16) * 16;
        it.heap_base = it.heap_start;
        Ok(it)
    }

    fn symbol_addr(&mut self, name: &str) -> Result<u32, Trap> {
        if let Some(&a) = self.globals.get(name) {
            return Ok(a);
        }
        if let Some(&i) = self.funcs.get(name) {
            return Ok(FUNC_BASE + 16 * i as u32);
        }
        if name == "__heap_start" {
            return Ok(self.heap_start);
        }
        if name == "__heap_end" {
            return Ok(self.heap_end());
        }
        if SYSCALLS.contains(&name) {
            if let Some(&i) = self.lib_index.get(name) {
                return Ok(LIB_BASE + 16 * i);
            }
            let i = self.libs.len() as u32;
            self.libs.push(name.to_string());
            self.lib_index.insert(name.to_string(), i);
            return Ok(LIB_BASE + 16 * i);
        }
        Err(Trap::UndefinedSymbol(name.to_string()))
    }

    /// `__heap_end`: the heap is as large as in `lld-st`'s default layout
    /// (counted from the initial `__heap_start`, before `argv`), so the
    /// runtime's `malloc` fails where it would on the ST200.
    fn heap_end(&self) -> u32 {
        self.heap_base + linker::script::DEFAULT_HEAP_SIZE
    }

    fn region(&mut self, addr: u32, size: u32) -> Option<&mut [u8]> {
        let end = addr.checked_add(size)?;
        if addr >= DATA_BASE && end <= self.heap_end() && end > DATA_BASE + self.mem.len() as u32 {
            // the heap: memory up to __heap_end, zero until written
            self.mem.resize((end - DATA_BASE) as usize, 0);
        }
        if addr >= DATA_BASE && end <= DATA_BASE + self.mem.len() as u32 {
            let o = (addr - DATA_BASE) as usize;
            return Some(&mut self.mem[o..o + size as usize]);
        }
        if addr >= STACK_TOP - STACK_SIZE && end <= STACK_TOP {
            let o = (addr - (STACK_TOP - STACK_SIZE)) as usize;
            return Some(&mut self.stack[o..o + size as usize]);
        }
        None
    }

    fn bad(&self, addr: u32, size: u32) -> Trap {
        Trap::BadAccess {
            addr,
            size,
            func: String::new(),
        }
    }

    fn read(&mut self, addr: u32, size: u32) -> Result<u64, Trap> {
        let b = self.region(addr, size).ok_or(Trap::BadAccess {
            addr,
            size,
            func: String::new(),
        })?;
        let mut v: u64 = 0;
        for (i, x) in b.iter().enumerate() {
            v |= (*x as u64) << (8 * i);
        }
        Ok(v)
    }

    fn write(&mut self, addr: u32, size: u32, v: u64) -> Result<(), Trap> {
        let b = self.region(addr, size).ok_or(Trap::BadAccess {
            addr,
            size,
            func: String::new(),
        })?;
        for (i, x) in b.iter_mut().enumerate() {
            *x = (v >> (8 * i)) as u8;
        }
        Ok(())
    }

    fn read_bytes(&mut self, addr: u32, n: u32) -> Result<Vec<u8>, Trap> {
        if n == 0 {
            return Ok(vec![]);
        }
        let e = self.bad(addr, n);
        Ok(self.region(addr, n).ok_or(e)?.to_vec())
    }

    fn write_bytes(&mut self, addr: u32, data: &[u8]) -> Result<(), Trap> {
        if data.is_empty() {
            return Ok(());
        }
        let e = self.bad(addr, data.len() as u32);
        self.region(addr, data.len() as u32)
            .ok_or(e)?
            .copy_from_slice(data);
        Ok(())
    }

    /// The system-call layer of the runtime (`runtime/lib/syscalls.s`,
    /// README "Semihosting"): `_exit`, `__write` to fd 1 (stdout) or 2
    /// (stderr), `__read` (no input: end of file), `__cycles` (the
    /// instructions executed so far).
    fn syscall(&mut self, name: &str, a: &[(u64, Type)]) -> Result<LibResult, Trap> {
        let arg = |i: usize| a.get(i).map(|x| x.0).unwrap_or(0);
        Ok(match name {
            "_exit" => LibResult::Exit(arg(0) as i32 & 0xff),
            "__write" => {
                let data = self.read_bytes(arg(1) as u32, arg(2) as u32)?;
                match arg(0) as u32 {
                    2 => self.err.extend_from_slice(&data),
                    _ => self.out.extend_from_slice(&data),
                }
                LibResult::Value(data.len() as u64)
            }
            "__read" => LibResult::Value(0),
            "__cycles" => LibResult::Value(self.steps),
            _ => return Err(Trap::UndefinedFunction(name.to_string())),
        })
    }

    /// Reserves `n` bytes at the start of the heap (for `argv`, before
    /// the program's `malloc` sees the heap): their address.
    fn reserve(&mut self, n: u32) -> Result<u32, Trap> {
        let a = self.heap_start;
        self.heap_start = (a + n).div_ceil(8) * 8;
        if self.heap_start > self.heap_end() {
            return Err(Trap::OutOfMemory);
        }
        Ok(a)
    }

    fn push_frame(
        &mut self,
        fi: usize,
        args: &[u64],
        ret_to: Option<Value>,
    ) -> Result<Frame, Trap> {
        let f = &self.m.functions[fi];
        let sp_restore = self.sp;
        // variadic area for arguments beyond the fixed parameters
        let mut va_area = 0;
        if f.variadic {
            let extra: Vec<(u64, Type)> = args
                .iter()
                .skip(f.params.len())
                .map(|&v| (v, Type::I32))
                .collect();
            let _ = extra;
        }
        let frame_size = self.info[fi].frame_size;
        if self.sp < STACK_TOP - STACK_SIZE + frame_size + 4096 {
            return Err(Trap::StackOverflow);
        }
        self.sp -= frame_size;
        self.sp &= !7;
        let base = self.sp;
        let mut vals = vec![0u64; f.values.len()];
        for (i, p) in f.params.iter().enumerate() {
            vals[p.index()] = mask(args.get(i).copied().unwrap_or(0), f.values[p.index()].ty);
        }
        if f.variadic {
            va_area = base; // set by caller through push_varargs
        }
        let entry = f.layout[0];
        Ok(Frame {
            func: fi,
            block: entry,
            idx: 0,
            vals,
            sp_restore,
            base,
            va_area,
            ret_to,
            sret_copy: false,
        })
    }

    /// Runs `main` and returns its output and exit status.
    pub fn run(&mut self, opts: &RunOptions) -> Result<RunResult, Trap> {
        self.max_steps = opts.max_steps.unwrap_or(u64::MAX);
        let Some(&mi) = self.funcs.get("main") else {
            return Err(Trap::NoMain);
        };
        // argv
        let mut argv_ptrs = Vec::new();
        let mut all = vec!["a.out".to_string()];
        all.extend(opts.args.iter().cloned());
        for a in &all {
            let mut b = a.as_bytes().to_vec();
            b.push(0);
            let p = self.reserve(b.len() as u32)?;
            self.write_bytes(p, &b)?;
            argv_ptrs.push(p);
        }
        let argv = self.reserve(4 * (argv_ptrs.len() as u32 + 1))?;
        for (i, p) in argv_ptrs.iter().enumerate() {
            self.write(argv + 4 * i as u32, 4, *p as u64)?;
        }
        self.write(argv + 4 * argv_ptrs.len() as u32, 4, 0)?;
        let nparams = self.m.functions[mi].params.len();
        let args: Vec<u64> = [all.len() as u64, argv as u64]
            .into_iter()
            .take(nparams)
            .collect();
        let code = match self.call_function(mi, &args, &[])? {
            // as crt0 does: a return from main is exit(status), which runs
            // the atexit handlers and flushes stdio (C11 5.1.2.2.3)
            Exit::Return(v) => match self.funcs.get("exit") {
                Some(&ei) => match self.call_function(ei, &[v as u32 as u64], &[])? {
                    Exit::Exit(c) => c,
                    Exit::Return(_) => v as i32,
                },
                None => v as i32,
            },
            Exit::Exit(c) => c,
        };
        Ok(RunResult {
            stdout: std::mem::take(&mut self.out),
            stderr: std::mem::take(&mut self.err),
            exit_code: code & 0xff,
            steps: self.steps,
        })
    }

    /// Calls IR function `fi` with fixed `args` and typed variadic `extra`
    /// arguments; runs until it returns (nested calls are handled with an
    /// explicit frame stack, so deep C recursion does not use the host stack).
    fn call_function(
        &mut self,
        fi: usize,
        args: &[u64],
        extra: &[(u64, Type)],
    ) -> Result<Exit, Trap> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut fr = self.enter(fi, args, extra, None)?;
        loop {
            self.steps += 1;
            if self.steps > self.max_steps {
                return Err(Trap::StepLimit(self.max_steps));
            }
            let f: &'m Function = &self.m.functions[fr.func];
            let inst = f.blocks[fr.block.index()].insts[fr.idx];
            let d = &f.insts[inst.index()];
            fr.idx += 1;
            let v = |fr: &Frame, x: Value| fr.vals[x.index()];
            let res: Option<u64> = match &d.kind {
                InstKind::Iconst { ty, imm } => Some(mask(*imm as u64, *ty)),
                InstKind::Binary { op, ty, args } => {
                    let (a, b) = (v(&fr, args[0]), v(&fr, args[1]));
                    Some(
                        eval::binary(*op, *ty, a, b).map_err(|ArithError::DivisionByZero| {
                            Trap::DivByZero(f.name.clone())
                        })?,
                    )
                }
                InstKind::Unary { op, ty, arg } => Some(eval::unary(*op, *ty, v(&fr, *arg))),
                InstKind::Custom { op, args } => {
                    let vals: Vec<i32> = args.iter().map(|&a| v(&fr, a) as i32).collect();
                    Some(eval::custom(op, &vals))
                }
                InstKind::Icmp { cond, ty, args } => {
                    Some(eval::icmp(*cond, *ty, v(&fr, args[0]), v(&fr, args[1])))
                }
                InstKind::Convert { op, from, to, arg } => {
                    Some(eval::convert(*op, *from, *to, v(&fr, *arg)))
                }
                InstKind::Fbinary { op, ty, args } => {
                    Some(eval::fbinary(*op, *ty, v(&fr, args[0]), v(&fr, args[1])))
                }
                InstKind::Fneg { ty, arg } => Some(eval::fneg(*ty, v(&fr, *arg))),
                InstKind::Fcmp { cond, ty, args } => {
                    Some(eval::fcmp(*cond, *ty, v(&fr, args[0]), v(&fr, args[1])))
                }
                InstKind::Fconvert { op, from, to, arg } => {
                    let x = v(&fr, *arg);
                    // out of range (undefined in C): what the runtime's
                    // helpers give
                    match eval::fconvert(*op, *from, *to, x) {
                        Some(r) => Some(r),
                        None => Some(
                            crate::opt::softfloat::eval_helper(
                                &crate::opt::softfloat::convert_helper(*op, *from, *to),
                                &[x],
                            )
                            .unwrap_or(0),
                        ),
                    }
                }
                InstKind::Load { ty, addr } | InstKind::VolatileLoad { ty, addr } => {
                    let a = v(&fr, *addr) as u32;
                    Some(self.read(a, ty.bytes()).map_err(|_| Trap::BadAccess {
                        addr: a,
                        size: ty.bytes(),
                        func: f.name.clone(),
                    })?)
                }
                InstKind::Store { ty, addr, value }
                | InstKind::VolatileStore { ty, addr, value } => {
                    let a = v(&fr, *addr) as u32;
                    let x = v(&fr, *value);
                    self.write(a, ty.bytes(), x).map_err(|_| Trap::BadAccess {
                        addr: a,
                        size: ty.bytes(),
                        func: f.name.clone(),
                    })?;
                    None
                }
                InstKind::SlotAddr { slot } => {
                    Some((fr.base + self.info[fr.func].slot_offsets[slot.index()]) as u64)
                }
                InstKind::GlobalAddr { name } => Some(self.symbol_addr(name)? as u64),
                InstKind::MemCopy { dst, src, size } => {
                    let (d, s) = (v(&fr, *dst) as u32, v(&fr, *src) as u32);
                    let b = self.read_bytes(s, *size).map_err(|_| Trap::BadAccess {
                        addr: s,
                        size: *size,
                        func: f.name.clone(),
                    })?;
                    self.write_bytes(d, &b).map_err(|_| Trap::BadAccess {
                        addr: d,
                        size: *size,
                        func: f.name.clone(),
                    })?;
                    None
                }
                InstKind::MemZero { dst, size } => {
                    let d = v(&fr, *dst) as u32;
                    self.write_bytes(d, &vec![0; *size as usize])
                        .map_err(|_| Trap::BadAccess {
                            addr: d,
                            size: *size,
                            func: f.name.clone(),
                        })?;
                    None
                }
                InstKind::VaStart => Some(fr.va_area as u64),
                InstKind::Phi { .. } => None, // evaluated on block entry
                InstKind::Jump { dest } => {
                    self.goto(&mut fr, *dest);
                    continue;
                }
                InstKind::Branch {
                    cond, then, else_, ..
                } => {
                    let t = if v(&fr, *cond) != 0 { *then } else { *else_ };
                    self.goto(&mut fr, t);
                    continue;
                }
                InstKind::JumpTable { index, targets } => {
                    let x = v(&fr, *index);
                    let Some(&t) = usize::try_from(x).ok().and_then(|k| targets.get(k)) else {
                        return Err(Trap::JumpTableIndex {
                            index: x,
                            len: targets.len(),
                            func: f.name.clone(),
                        });
                    };
                    self.goto(&mut fr, t);
                    continue;
                }
                InstKind::Unreachable => return Err(Trap::Unreachable(f.name.clone())),
                InstKind::Ret { value } => {
                    let rv = value.map(|x| v(&fr, x)).unwrap_or(0);
                    self.sp = fr.sp_restore;
                    match stack.pop() {
                        None => return Ok(Exit::Return(sext(rv, f.ret.unwrap_or(Type::I32)))),
                        Some(mut caller) => {
                            if let Some(r) = fr.ret_to {
                                caller.vals[r.index()] = rv;
                            }
                            let _ = fr.sret_copy;
                            fr = caller;
                            continue;
                        }
                    }
                }
                InstKind::Call {
                    callee, args, ret, ..
                } => {
                    let argv: Vec<(u64, Type)> = args
                        .iter()
                        .map(|a| (v(&fr, *a), f.values[a.index()].ty))
                        .collect();
                    if let Callee::Direct(n) = callee {
                        // the soft-float helpers of legalised IR, computed
                        // with host arithmetic (crate::opt::softfloat)
                        if n.starts_with("__") {
                            let raw: Vec<u64> = argv.iter().map(|x| x.0).collect();
                            if let Some(x) = crate::opt::softfloat::eval_helper(n, &raw) {
                                if let (Some(r), Some(t)) = (d.result, ret) {
                                    fr.vals[r.index()] = mask(x, *t);
                                }
                                continue;
                            }
                        }
                    }
                    let target = match callee {
                        // an empty template computes nothing: the result
                        // is the tied input (or 0)
                        Callee::Asm(a) if a.is_empty() => {
                            let x = a.tied.map_or(0, |t| argv[t].0);
                            if let (Some(r), Some(t)) = (d.result, ret) {
                                fr.vals[r.index()] = mask(x, *t);
                            }
                            continue;
                        }
                        Callee::Asm(_) => return Err(Trap::InlineAsm(f.name.clone())),
                        Callee::Direct(n) => match self.funcs.get(n.as_str()) {
                            Some(&i) => Target::Ir(i),
                            None => Target::Lib(n.clone()),
                        },
                        Callee::Indirect(c) => {
                            let a = v(&fr, *c) as u32;
                            if (FUNC_BASE..LIB_BASE).contains(&a)
                                && (a - FUNC_BASE).is_multiple_of(16)
                                && (((a - FUNC_BASE) / 16) as usize) < self.m.functions.len()
                            {
                                Target::Ir(((a - FUNC_BASE) / 16) as usize)
                            } else if a >= LIB_BASE
                                && (a - LIB_BASE).is_multiple_of(16)
                                && (((a - LIB_BASE) / 16) as usize) < self.libs.len()
                            {
                                Target::Lib(self.libs[((a - LIB_BASE) / 16) as usize].clone())
                            } else {
                                return Err(Trap::BadCallTarget(a));
                            }
                        }
                    };
                    match target {
                        Target::Ir(i) => {
                            let callee_f = &self.m.functions[i];
                            let nfixed = callee_f.params.len().min(argv.len());
                            let fixed: Vec<u64> = argv[..nfixed].iter().map(|x| x.0).collect();
                            let extra = &argv[nfixed..];
                            let ret_to = d.result;
                            let new = self.enter(i, &fixed, extra, ret_to)?;
                            stack.push(fr);
                            if stack.len() > 200_000 {
                                return Err(Trap::StackOverflow);
                            }
                            fr = new;
                            continue;
                        }
                        Target::Lib(name) => match self.syscall(&name, &argv)? {
                            LibResult::Value(x) => ret.map(|t| mask(x, t)),
                            LibResult::Exit(c) => return Ok(Exit::Exit(c)),
                        },
                    }
                }
            };
            if let (Some(r), Some(x)) = (d.result, res) {
                fr.vals[r.index()] = x;
            }
        }
    }

    fn enter(
        &mut self,
        fi: usize,
        fixed: &[u64],
        extra: &[(u64, Type)],
        ret_to: Option<Value>,
    ) -> Result<Frame, Trap> {
        let f = &self.m.functions[fi];
        let sp0 = self.sp;
        let mut va_area = 0;
        if f.variadic {
            // lay the variadic words out on the stack (ISA-ST200 §7.2)
            let mut words: Vec<u8> = Vec::new();
            for &(x, t) in extra {
                if t.bytes() == 8 {
                    while !words.len().is_multiple_of(8) {
                        words.push(0);
                    }
                    words.extend_from_slice(&x.to_le_bytes());
                } else {
                    words.extend_from_slice(&(sext(x, t) as u32).to_le_bytes());
                }
            }
            let size = (words.len() as u32).div_ceil(8) * 8 + 8;
            if self.sp < STACK_TOP - STACK_SIZE + size + 4096 {
                return Err(Trap::StackOverflow);
            }
            self.sp -= size;
            self.sp &= !7;
            va_area = self.sp;
            self.write_bytes(va_area, &words)?;
        }
        let mut fr = self.push_frame(fi, fixed, ret_to)?;
        fr.va_area = va_area;
        fr.sp_restore = sp0;
        let entry = f.layout[0];
        self.goto_entry(&mut fr, entry);
        Ok(fr)
    }

    fn goto_entry(&mut self, fr: &mut Frame, b: Block) {
        fr.block = b;
        fr.idx = 0;
    }

    fn goto(&mut self, fr: &mut Frame, to: Block) {
        let f = &self.m.functions[fr.func];
        let from = fr.block;
        let insts = &f.blocks[to.index()].insts;
        let mut updates: Vec<(Value, u64)> = Vec::new();
        let mut n = 0;
        for &i in insts {
            let d = &f.insts[i.index()];
            if let InstKind::Phi { incoming, .. } = &d.kind {
                if let (Some(r), Some((_, x))) =
                    (d.result, incoming.iter().find(|(p, _)| *p == from))
                {
                    updates.push((r, fr.vals[x.index()]));
                }
                n += 1;
            } else {
                break;
            }
        }
        for (r, x) in updates {
            fr.vals[r.index()] = x;
        }
        fr.block = to;
        fr.idx = n;
    }
}

enum Exit {
    Return(i64),
    Exit(i32),
}

enum LibResult {
    Value(u64),
    Exit(i32),
}

enum Target {
    Ir(usize),
    Lib(String),
}

/// Runs `main` of a linked module.
pub fn run(m: &Module, opts: &RunOptions) -> Result<RunResult, Trap> {
    let mut it = Interp::new(m)?;
    it.run(opts)
}

// keep ValueDef in scope for docs of the value model
#[allow(dead_code)]
fn _value_model(_: ValueDef) {}
