//! The IR interpreter: runs a linked [`Module`] from `main` and returns the
//! program's standard output and exit status. It is the oracle for the
//! front end and every later IR transformation.
//!
//! Memory model (ILP32, little-endian, ISA-ST200 §1.1): globals from
//! address `0x1000`, the heap after them, an 8 MiB stack ending at
//! `0x8000_0000`, and function addresses (not backed by memory) from
//! `0xF000_0000`. Accesses outside these regions trap.
//!
//! The C library subset the runtime provides is implemented here: the
//! `printf` family (integers, strings, characters, pointers), `puts`,
//! `putchar`, `memcpy`, `memmove`, `memset`, `memcmp`, `strlen`, `strcmp`,
//! `strncmp`, `strcpy`, `strncpy`, `strcat`, `strchr`, `strrchr`, `strstr`,
//! `malloc`, `calloc`, `realloc`, `free`, `abort`, `exit`, `abs`, `labs`,
//! `llabs`, `atoi`, `atol`, `strtol`, `strtoul`, `rand`, `srand`, `qsort`.

use crate::frontend::sema::libc;
use crate::ir::eval::{self, mask, sext, ArithError};
use crate::ir::{Block, Callee, Function, InstKind, Module, Type, Value, ValueDef};
use std::collections::HashMap;

const DATA_BASE: u32 = 0x1000;
const STACK_TOP: u32 = 0x8000_0000;
const STACK_SIZE: u32 = 8 << 20;
const FUNC_BASE: u32 = 0xF000_0000;
const LIB_BASE: u32 = 0xF800_0000;
const HEAP_LIMIT: u32 = 0x4000_0000;

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
    /// Call through a value that is not a function address.
    #[error("call through invalid function pointer 0x{0:08x}")]
    BadCallTarget(u32),
    /// `unreachable` executed.
    #[error("reached 'unreachable' in {0}")]
    Unreachable(String),
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
    /// Unsupported library call usage.
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
    heap_top: u32,
    stack: Vec<u8>,
    sp: u32,
    out: Vec<u8>,
    err: Vec<u8>,
    steps: u64,
    max_steps: u64,
    rand_state: u64,
    allocs: HashMap<u32, u32>,
}

enum Args<'a> {
    Vals(&'a [(u64, Type)], usize),
    Mem(u32),
}

impl<'m> Interp<'m> {
    /// Lays out the globals of `m` in memory and resolves relocations.
    pub fn new(m: &'m Module) -> Result<Interp<'m>, Trap> {
        let mut it = Interp {
            m,
            funcs: HashMap::new(),
            info: Vec::new(),
            globals: HashMap::new(),
            libs: Vec::new(),
            lib_index: HashMap::new(),
            mem: Vec::new(),
            heap_top: 0,
            stack: vec![0; STACK_SIZE as usize],
            sp: STACK_TOP,
            out: Vec::new(),
            err: Vec::new(),
            steps: 0,
            max_steps: u64::MAX,
            rand_state: 1,
            allocs: HashMap::new(),
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
        it.heap_top = addr.div_ceil(16) * 16;
        Ok(it)
    }

    fn symbol_addr(&mut self, name: &str) -> Result<u32, Trap> {
        if let Some(&a) = self.globals.get(name) {
            return Ok(a);
        }
        if let Some(&i) = self.funcs.get(name) {
            return Ok(FUNC_BASE + 16 * i as u32);
        }
        if libc::is_library(name) {
            if let Some(&i) = self.lib_index.get(name) {
                return Ok(LIB_BASE + 16 * i);
            }
            let i = self.libs.len() as u32;
            self.libs.push(name.to_string());
            self.lib_index.insert(name.to_string(), i);
            return Ok(LIB_BASE + 16 * i);
        }
        if name == "stdout" || name == "stderr" || name == "stdin" {
            // FILE* objects: fake non-null addresses
            return Ok(match name {
                "stdin" => 0xE000_0000,
                "stdout" => 0xE000_0010,
                _ => 0xE000_0020,
            });
        }
        Err(Trap::UndefinedSymbol(name.to_string()))
    }

    fn region(&mut self, addr: u32, size: u32) -> Option<&mut [u8]> {
        let end = addr.checked_add(size)?;
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

    fn cstr(&mut self, addr: u32) -> Result<Vec<u8>, Trap> {
        let mut v = Vec::new();
        let mut a = addr;
        loop {
            let c = self.read(a, 1)? as u8;
            if c == 0 {
                return Ok(v);
            }
            v.push(c);
            a = a.wrapping_add(1);
            if v.len() > 1 << 26 {
                return Err(Trap::Library("unterminated string".into()));
            }
        }
    }

    fn malloc(&mut self, n: u32) -> Result<u32, Trap> {
        let n = n.max(1);
        let a = self.heap_top.div_ceil(8) * 8;
        let end = a.checked_add(n).ok_or(Trap::OutOfMemory)?;
        if end > HEAP_LIMIT {
            return Ok(0);
        }
        let need = (end - DATA_BASE) as usize;
        if need > self.mem.len() {
            self.mem.resize(need, 0);
        }
        self.heap_top = end;
        self.allocs.insert(a, n);
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
            let p = self.malloc(b.len() as u32)?;
            self.write_bytes(p, &b)?;
            argv_ptrs.push(p);
        }
        let argv = self.malloc(4 * (argv_ptrs.len() as u32 + 1))?;
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
            Exit::Return(v) => v as i32,
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
                InstKind::Icmp { cond, ty, args } => {
                    Some(eval::icmp(*cond, *ty, v(&fr, args[0]), v(&fr, args[1])))
                }
                InstKind::Convert { op, from, to, arg } => {
                    Some(eval::convert(*op, *from, *to, v(&fr, *arg)))
                }
                InstKind::Load { ty, addr } => {
                    let a = v(&fr, *addr) as u32;
                    Some(self.read(a, ty.bytes()).map_err(|_| Trap::BadAccess {
                        addr: a,
                        size: ty.bytes(),
                        func: f.name.clone(),
                    })?)
                }
                InstKind::Store { ty, addr, value } => {
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
                InstKind::Branch { cond, then, else_ } => {
                    let t = if v(&fr, *cond) != 0 { *then } else { *else_ };
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
                    let target = match callee {
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
                        Target::Lib(name) => match self.library(&name, &argv)? {
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
                if t == Type::I64 {
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

    fn next_arg(&mut self, a: &mut Args, wide: bool) -> Result<u64, Trap> {
        match a {
            Args::Vals(v, i) => {
                let x = v
                    .get(*i)
                    .map(|x| {
                        if x.1 == Type::I64 {
                            x.0
                        } else {
                            sext(x.0, x.1) as u64
                        }
                    })
                    .unwrap_or(0);
                *i += 1;
                Ok(x)
            }
            Args::Mem(p) => {
                if wide {
                    *p = p.div_ceil(8) * 8;
                    let x = self.read(*p, 8)?;
                    *p += 8;
                    Ok(x)
                } else {
                    let x = self.read(*p, 4)? as u32 as i32 as i64 as u64;
                    *p += 4;
                    Ok(x)
                }
            }
        }
    }

    /// printf-style formatting (C99 §7.19.6.1, integer conversions only).
    fn format(&mut self, fmt: &[u8], mut args: Args) -> Result<Vec<u8>, Trap> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < fmt.len() {
            let c = fmt[i];
            i += 1;
            if c != b'%' {
                out.push(c);
                continue;
            }
            let (mut left, mut plus, mut space, mut alt, mut zero) =
                (false, false, false, false, false);
            while i < fmt.len() {
                match fmt[i] {
                    b'-' => left = true,
                    b'+' => plus = true,
                    b' ' => space = true,
                    b'#' => alt = true,
                    b'0' => zero = true,
                    _ => break,
                }
                i += 1;
            }
            let mut width: usize = 0;
            if i < fmt.len() && fmt[i] == b'*' {
                let w = self.next_arg(&mut args, false)? as i64 as i32;
                if w < 0 {
                    left = true;
                }
                width = w.unsigned_abs() as usize;
                i += 1;
            } else {
                while i < fmt.len() && fmt[i].is_ascii_digit() {
                    width = width * 10 + (fmt[i] - b'0') as usize;
                    i += 1;
                }
            }
            let mut prec: Option<usize> = None;
            if i < fmt.len() && fmt[i] == b'.' {
                i += 1;
                if i < fmt.len() && fmt[i] == b'*' {
                    let p = self.next_arg(&mut args, false)? as i64 as i32;
                    prec = if p < 0 { None } else { Some(p as usize) };
                    i += 1;
                } else {
                    let mut p = 0;
                    while i < fmt.len() && fmt[i].is_ascii_digit() {
                        p = p * 10 + (fmt[i] - b'0') as usize;
                        i += 1;
                    }
                    prec = Some(p);
                }
            }
            width = width.min(1 << 20);
            let mut len = 0; // 0 int, -1 h, -2 hh, 1 l, 2 ll
            loop {
                match fmt.get(i) {
                    Some(b'h') => len -= 1,
                    Some(b'l') => len += 1,
                    Some(b'z' | b't') => {}
                    Some(b'j' | b'q' | b'L') => len = 2,
                    _ => break,
                }
                i += 1;
            }
            let Some(&conv) = fmt.get(i) else { break };
            i += 1;
            let wide = len >= 2;
            let body: Vec<u8>;
            let mut sign = String::new();
            let mut numeric = true;
            match conv {
                b'd' | b'i' => {
                    let raw = self.next_arg(&mut args, wide)?;
                    let x: i64 = match len {
                        -2 => raw as i8 as i64,
                        -1 => raw as i16 as i64,
                        l if l >= 2 => raw as i64,
                        _ => raw as i32 as i64,
                    };
                    if x < 0 {
                        sign = "-".into();
                    } else if plus {
                        sign = "+".into();
                    } else if space {
                        sign = " ".into();
                    }
                    body = digits(x.unsigned_abs(), 10, false, prec);
                }
                b'u' | b'x' | b'X' | b'o' => {
                    let raw = self.next_arg(&mut args, wide)?;
                    let x: u64 = match len {
                        -2 => raw as u8 as u64,
                        -1 => raw as u16 as u64,
                        l if l >= 2 => raw,
                        _ => raw as u32 as u64,
                    };
                    let base = match conv {
                        b'o' => 8,
                        b'u' => 10,
                        _ => 16,
                    };
                    let mut b = digits(x, base, conv == b'X', prec);
                    if alt && conv == b'o' && b.first() != Some(&b'0') {
                        b.insert(0, b'0');
                    }
                    if alt && x != 0 && base == 16 {
                        sign = if conv == b'X' {
                            "0X".into()
                        } else {
                            "0x".into()
                        };
                    }
                    body = b;
                }
                b'p' => {
                    let x = self.next_arg(&mut args, false)? as u32;
                    if x == 0 {
                        body = b"(nil)".to_vec();
                        numeric = false;
                    } else {
                        sign = "0x".into();
                        body = digits(x as u64, 16, false, prec);
                    }
                }
                b'c' => {
                    let x = self.next_arg(&mut args, false)?;
                    body = vec![x as u8];
                    numeric = false;
                }
                b's' => {
                    let p = self.next_arg(&mut args, false)? as u32;
                    let mut s = if p == 0 {
                        b"(null)".to_vec()
                    } else {
                        self.cstr(p)?
                    };
                    if let Some(pr) = prec {
                        s.truncate(pr);
                    }
                    body = s;
                    numeric = false;
                }
                b'%' => {
                    out.push(b'%');
                    continue;
                }
                b'f' | b'e' | b'g' | b'E' | b'G' | b'a' | b'A' | b'F' => {
                    return Err(Trap::Library(
                        "floating-point printf conversions are not supported".into(),
                    ));
                }
                b'n' => {
                    let p = self.next_arg(&mut args, false)? as u32;
                    let n = out.len() as u64;
                    self.write(p, 4, n)?;
                    continue;
                }
                other => {
                    out.push(b'%');
                    out.push(other);
                    continue;
                }
            }
            let total = sign.len() + body.len();
            let pad = width.saturating_sub(total);
            if left {
                out.extend_from_slice(sign.as_bytes());
                out.extend_from_slice(&body);
                out.extend(std::iter::repeat_n(b' ', pad));
            } else if zero && numeric && prec.is_none() {
                out.extend_from_slice(sign.as_bytes());
                out.extend(std::iter::repeat_n(b'0', pad));
                out.extend_from_slice(&body);
            } else {
                out.extend(std::iter::repeat_n(b' ', pad));
                out.extend_from_slice(sign.as_bytes());
                out.extend_from_slice(&body);
            }
        }
        Ok(out)
    }

    fn emit(&mut self, fd: u32, data: &[u8]) {
        if fd == 0xE000_0020 || fd == 2 {
            self.err.extend_from_slice(data);
        } else {
            self.out.extend_from_slice(data);
        }
    }

    fn library(&mut self, name: &str, a: &[(u64, Type)]) -> Result<LibResult, Trap> {
        let arg = |i: usize| a.get(i).map(|x| x.0).unwrap_or(0);
        let p = |i: usize| arg(i) as u32;
        let s32 = |i: usize| arg(i) as u32 as i32 as i64;
        use LibResult::Value as V;
        Ok(match name {
            "printf" => {
                let f = self.cstr(p(0))?;
                let o = self.format(&f, Args::Vals(&a[1..], 0))?;
                self.out.extend_from_slice(&o);
                V(o.len() as u64)
            }
            "fprintf" => {
                let f = self.cstr(p(1))?;
                let o = self.format(&f, Args::Vals(&a[2..], 0))?;
                self.emit(p(0), &o);
                V(o.len() as u64)
            }
            "sprintf" => {
                let f = self.cstr(p(1))?;
                let mut o = self.format(&f, Args::Vals(&a[2..], 0))?;
                let n = o.len();
                o.push(0);
                self.write_bytes(p(0), &o)?;
                V(n as u64)
            }
            "snprintf" => {
                let f = self.cstr(p(2))?;
                let o = self.format(&f, Args::Vals(&a[3..], 0))?;
                self.bounded_copy(p(0), p(1), &o)?;
                V(o.len() as u64)
            }
            "vprintf" => {
                let f = self.cstr(p(0))?;
                let o = self.format(&f, Args::Mem(p(1)))?;
                self.out.extend_from_slice(&o);
                V(o.len() as u64)
            }
            "vfprintf" => {
                let f = self.cstr(p(1))?;
                let o = self.format(&f, Args::Mem(p(2)))?;
                self.emit(p(0), &o);
                V(o.len() as u64)
            }
            "vsprintf" => {
                let f = self.cstr(p(1))?;
                let mut o = self.format(&f, Args::Mem(p(2)))?;
                let n = o.len();
                o.push(0);
                self.write_bytes(p(0), &o)?;
                V(n as u64)
            }
            "vsnprintf" => {
                let f = self.cstr(p(2))?;
                let o = self.format(&f, Args::Mem(p(3)))?;
                self.bounded_copy(p(0), p(1), &o)?;
                V(o.len() as u64)
            }
            "puts" => {
                let s = self.cstr(p(0))?;
                self.out.extend_from_slice(&s);
                self.out.push(b'\n');
                V(1)
            }
            "fputs" => {
                let s = self.cstr(p(0))?;
                self.emit(p(1), &s);
                V(1)
            }
            "putchar" => {
                self.out.push(arg(0) as u8);
                V(arg(0) & 0xff)
            }
            "fputc" | "putc" => {
                let c = arg(0) as u8;
                self.emit(p(1), &[c]);
                V(c as u64)
            }
            "getchar" => V(u32::MAX as u64),
            "fflush" => V(0),
            "memcpy" | "memmove" => {
                let b = self.read_bytes(p(1), p(2))?;
                self.write_bytes(p(0), &b)?;
                V(arg(0))
            }
            "memset" => {
                self.write_bytes(p(0), &vec![arg(1) as u8; p(2) as usize])?;
                V(arg(0))
            }
            "memcmp" => {
                let x = self.read_bytes(p(0), p(2))?;
                let y = self.read_bytes(p(1), p(2))?;
                V(cmp_bytes(&x, &y) as u64)
            }
            "memchr" => {
                let x = self.read_bytes(p(0), p(2))?;
                V(x.iter()
                    .position(|&c| c == arg(1) as u8)
                    .map(|i| p(0) as u64 + i as u64)
                    .unwrap_or(0))
            }
            "strlen" => V(self.cstr(p(0))?.len() as u64),
            "strcmp" => {
                let x = self.cstr(p(0))?;
                let y = self.cstr(p(1))?;
                V(cmp_bytes(&x, &y) as u64)
            }
            "strncmp" => {
                let mut x = self.cstr(p(0))?;
                let mut y = self.cstr(p(1))?;
                x.truncate(p(2) as usize);
                y.truncate(p(2) as usize);
                V(cmp_bytes(&x, &y) as u64)
            }
            "strcpy" => {
                let mut s = self.cstr(p(1))?;
                s.push(0);
                self.write_bytes(p(0), &s)?;
                V(arg(0))
            }
            "strncpy" => {
                let mut s = self.cstr(p(1))?;
                s.resize(p(2) as usize, 0);
                self.write_bytes(p(0), &s)?;
                V(arg(0))
            }
            "strcat" | "strncat" => {
                let d = self.cstr(p(0))?;
                let mut s = self.cstr(p(1))?;
                if name == "strncat" {
                    s.truncate(p(2) as usize);
                }
                s.push(0);
                self.write_bytes(p(0) + d.len() as u32, &s)?;
                V(arg(0))
            }
            "strchr" | "strrchr" => {
                let s = self.cstr(p(0))?;
                let c = arg(1) as u8;
                let pos = if c == 0 {
                    Some(s.len())
                } else if name == "strchr" {
                    s.iter().position(|&x| x == c)
                } else {
                    s.iter().rposition(|&x| x == c)
                };
                V(pos.map(|i| p(0) as u64 + i as u64).unwrap_or(0))
            }
            "strstr" => {
                let h = self.cstr(p(0))?;
                let n = self.cstr(p(1))?;
                let pos = if n.is_empty() {
                    Some(0)
                } else {
                    h.windows(n.len()).position(|w| w == n.as_slice())
                };
                V(pos.map(|i| p(0) as u64 + i as u64).unwrap_or(0))
            }
            "malloc" => V(self.malloc(p(0))? as u64),
            "calloc" => {
                let n = p(0).checked_mul(p(1)).ok_or(Trap::OutOfMemory)?;
                V(self.malloc(n)? as u64)
            }
            "realloc" => {
                let old = p(0);
                let n = self.malloc(p(1))?;
                if old != 0 && n != 0 {
                    let osz = self.allocs.get(&old).copied().unwrap_or(0).min(p(1));
                    let b = self.read_bytes(old, osz)?;
                    self.write_bytes(n, &b)?;
                }
                V(n as u64)
            }
            "free" => V(0),
            "abort" => {
                return Ok(LibResult::Exit(134));
            }
            "__assert_fail" => {
                let e = self.cstr(p(0))?;
                let f = self.cstr(p(1))?;
                let msg = format!(
                    "{}:{}: Assertion `{}' failed.\n",
                    String::from_utf8_lossy(&f),
                    s32(2),
                    String::from_utf8_lossy(&e)
                );
                self.err.extend_from_slice(msg.as_bytes());
                return Ok(LibResult::Exit(134));
            }
            "exit" => return Ok(LibResult::Exit(arg(0) as i32 & 0xff)),
            "abs" | "labs" => V((s32(0).wrapping_abs()) as u64),
            "llabs" => V((arg(0) as i64).wrapping_abs() as u64),
            "atoi" | "atol" => {
                let s = self.cstr(p(0))?;
                V(parse_long(&s, 10).0 as u64)
            }
            "strtol" | "strtoul" => {
                let s = self.cstr(p(0))?;
                let (v, used) = parse_long(&s, p(2));
                if p(1) != 0 {
                    self.write(p(1), 4, p(0) as u64 + used as u64)?;
                }
                V(v as u64)
            }
            "rand" => {
                self.rand_state = self
                    .rand_state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                V((self.rand_state >> 33) & 0x7fff_ffff)
            }
            "srand" => {
                self.rand_state = arg(0);
                V(0)
            }
            "qsort" => {
                self.qsort(p(0), p(1), p(2), p(3))?;
                V(0)
            }
            "bsearch" => V(self.bsearch(p(0), p(1), p(2), p(3), p(4))? as u64),
            _ => return Err(Trap::UndefinedFunction(name.to_string())),
        })
    }

    fn bounded_copy(&mut self, dst: u32, n: u32, o: &[u8]) -> Result<(), Trap> {
        if n > 0 {
            let k = (n as usize - 1).min(o.len());
            let mut b = o[..k].to_vec();
            b.push(0);
            self.write_bytes(dst, &b)?;
        }
        Ok(())
    }

    /// C99 7.20.5.1: binary search of `n` elements of `size` bytes from
    /// `base` for `key`, with the comparison function `cmp`; the address
    /// of a matching element or 0.
    fn bsearch(&mut self, key: u32, base: u32, n: u32, size: u32, cmp: u32) -> Result<u32, Trap> {
        let fi = if (FUNC_BASE..LIB_BASE).contains(&cmp) {
            ((cmp - FUNC_BASE) / 16) as usize
        } else {
            return Err(Trap::BadCallTarget(cmp));
        };
        if fi >= self.m.functions.len() {
            return Err(Trap::BadCallTarget(cmp));
        }
        let (mut lo, mut hi) = (0u32, n);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let elem = base.wrapping_add(mid.wrapping_mul(size));
            let r = match self.call_function(fi, &[key as u64, elem as u64], &[])? {
                Exit::Return(v) => v as i32,
                Exit::Exit(c) => {
                    return Err(Trap::Library(format!(
                        "exit({c}) inside bsearch comparison"
                    )))
                }
            };
            match r {
                0 => return Ok(elem),
                r if r < 0 => hi = mid,
                _ => lo = mid + 1,
            }
        }
        Ok(0)
    }

    fn qsort(&mut self, base: u32, n: u32, size: u32, cmp: u32) -> Result<(), Trap> {
        // insertion sort calling the comparison function (stable enough for tests)
        let fi = if (FUNC_BASE..LIB_BASE).contains(&cmp) {
            ((cmp - FUNC_BASE) / 16) as usize
        } else {
            return Err(Trap::BadCallTarget(cmp));
        };
        if fi >= self.m.functions.len() {
            return Err(Trap::BadCallTarget(cmp));
        }
        let tmp = self.malloc(size)?;
        for i in 1..n {
            let mut j = i;
            while j > 0 {
                let a = base + (j - 1) * size;
                let b = base + j * size;
                let r = match self.call_function(fi, &[a as u64, b as u64], &[])? {
                    Exit::Return(v) => v,
                    Exit::Exit(c) => {
                        return Err(Trap::Library(format!("exit({c}) inside qsort comparison")))
                    }
                };
                if (r as i32) <= 0 {
                    break;
                }
                let x = self.read_bytes(a, size)?;
                let y = self.read_bytes(b, size)?;
                self.write_bytes(a, &y)?;
                self.write_bytes(b, &x)?;
                j -= 1;
            }
        }
        let _ = tmp;
        Ok(())
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

fn cmp_bytes(x: &[u8], y: &[u8]) -> i32 {
    for (a, b) in x.iter().zip(y) {
        if a != b {
            return *a as i32 - *b as i32;
        }
    }
    x.len() as i32 - y.len() as i32
}

fn digits(mut x: u64, base: u64, upper: bool, prec: Option<usize>) -> Vec<u8> {
    let set: &[u8] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut v = Vec::new();
    while x > 0 {
        v.push(set[(x % base) as usize]);
        x /= base;
    }
    let min = prec.unwrap_or(1).min(1 << 20);
    while v.len() < min {
        v.push(b'0');
    }
    v.reverse();
    v
}

fn parse_long(s: &[u8], base: u32) -> (i64, usize) {
    let mut i = 0;
    while i < s.len() && (s[i] == b' ' || (9..=13).contains(&s[i])) {
        i += 1;
    }
    let mut neg = false;
    if i < s.len() && (s[i] == b'-' || s[i] == b'+') {
        neg = s[i] == b'-';
        i += 1;
    }
    let mut base = base;
    if (base == 0 || base == 16) && i + 1 < s.len() && s[i] == b'0' && (s[i + 1] | 0x20) == b'x' {
        base = 16;
        i += 2;
    } else if base == 0 && i < s.len() && s[i] == b'0' {
        base = 8;
    } else if base == 0 {
        base = 10;
    }
    let start = i;
    let mut v: i64 = 0;
    while i < s.len() {
        let Some(d) = (s[i] as char).to_digit(36) else {
            break;
        };
        if d >= base {
            break;
        }
        v = v.wrapping_mul(base as i64).wrapping_add(d as i64);
        i += 1;
    }
    if i == start {
        return (0, 0);
    }
    (if neg { v.wrapping_neg() } else { v } as i32 as i64, i)
}

/// Runs `main` of a linked module.
pub fn run(m: &Module, opts: &RunOptions) -> Result<RunResult, Trap> {
    let mut it = Interp::new(m)?;
    it.run(opts)
}

// keep ValueDef in scope for docs of the value model
#[allow(dead_code)]
fn _value_model(_: ValueDef) {}
