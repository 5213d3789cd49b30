//! Structures of kilobytes passed and returned by value, and assigned:
//! the words beyond the argument registers are copied with a loop, so the
//! code does not grow with the structure (a 4 KiB one passed at six call
//! sites used to take some 70 000 lines of assembly, one load and one
//! store per word per call). The program's result is derived by hand
//! below (the same sums `gcc -m32` prints); the code size of a 16 KiB
//! structure must stay that of a 4 KiB one.

use compiler::driver::{build_executable, compile_many, Config};

mod common;

/// The program for a structure of `n` words (`n` a multiple of 16).
fn program(n: u32) -> String {
    format!(
        "#include <stdio.h>
#define N {n}
struct big {{ int w[N]; }};
static struct big g1, g2;
__attribute__((noinline)) static int sum(struct big b, int k)
{{ int s = 0, i; for (i = 0; i < N; i += N / 16) s += b.w[i + k]; return s; }}
__attribute__((noinline)) static struct big make(int seed)
{{ struct big b; int i; for (i = 0; i < N; i++) b.w[i] = seed + i; return b; }}
__attribute__((noinline)) static struct big twice(struct big b)
{{ int i; for (i = 0; i < N; i++) b.w[i] *= 2; return b; }}
int main(void)
{{
    struct big a = make(3), c;
    int t = 0;
    g1 = a;
    g2 = twice(g1);
    c = g2;
    t += sum(a, 1) + sum(g1, 2) + sum(g2, 3) + sum(c, 4) + sum(make(7), 5) + sum(twice(c), 6);
    printf(\"%d %d %d\\n\", t, c.w[N - 1], g2.w[5]);
    return 0;
}}
"
    )
}

/// By hand: `a.w[i] = 3 + i`, `g1 = a`, `g2 = c = 2a`; `sum(b, k)` adds
/// `b.w[j n/16 + k]` for j < 16.
fn expected(n: i64) -> String {
    let s = |f: &dyn Fn(i64) -> i64, k: i64| (0..16).map(|j| f(j * n / 16 + k)).sum::<i64>();
    let a = |i: i64| 3 + i;
    let c = |i: i64| 2 * (3 + i);
    let t = s(&a, 1) + s(&a, 2) + s(&c, 3) + s(&c, 4) + s(&|i| 7 + i, 5) + s(&|i| 4 * (3 + i), 6);
    format!("{t} {} {}\n", c(n - 1), c(5))
}

/// Instructions in the assembly (lines that are neither labels, nor
/// directives, nor bundle ends).
fn instructions(asm: &str) -> usize {
    asm.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('.') && !l.ends_with(':') && *l != ";;")
        .count()
}

#[test]
fn kilobyte_structs_by_value_run_and_stay_small() {
    assert_eq!(expected(1024), "85808 2052 16\n"); // the 4 KiB case, by hand
    for opt in ["-O0", "-O2"] {
        let cfg = Config::from_flags(&[opt.to_string()]).unwrap();
        let mut sizes = vec![];
        for n in [1024, 4096] {
            let src = vec![("big.c".to_string(), program(n).into_bytes())];
            let exe = build_executable(&src, &cfg).unwrap_or_else(|e| panic!("{}", e.render()));
            let (out, code) = common::simulate(&exe, cfg.model.core).unwrap();
            assert_eq!(
                (String::from_utf8(out).unwrap(), code),
                (expected(n as i64), 0),
                "{n} words at {opt}"
            );
            let asm = compile_many(&src, &cfg).unwrap().asm;
            sizes.push(instructions(&asm));
        }
        // 1024 words: some hundreds of instructions (the loops of the
        // program unrolled at -O2), not a load and a store per word per
        // call (40 000 and more)
        assert!(
            sizes[0] < 3000,
            "{opt}: {} instructions for 4 KiB",
            sizes[0]
        );
        assert!(
            sizes[1] <= sizes[0] + 50,
            "{opt}: grows with the struct: {sizes:?}"
        );
    }
}
