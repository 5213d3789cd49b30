//! Locals with `__attribute__((aligned(N)))` beyond the stack's 8 bytes
//! (ISA-ST200 §7.3: `$r12` is 8-byte aligned) get their alignment: 16,
//! 32, 64 and 256, also a struct type aligned to 16, in a leaf function
//! and down a recursion (each frame at another depth). The program
//! checks every address modulo N itself and that the values survive.
//! By hand: `leaf` gives 1 + 2 + 4 + 8 + 16 = 31 for every k, so `r` = 5;
//! `deep(4)` = `leaf(0)` + 4 × (100 + 1000) = 4431 (the same numbers
//! `gcc -m32` prints).

mod common;
use compiler::driver::{build_executable, Config};

const SRC: &str = r#"#include <stdio.h>
#include <stdint.h>
struct v16 { int x[4]; } __attribute__((aligned(16)));
static int check(void *p, unsigned n) { return (uintptr_t)p % n == 0; }
static int leaf(int k)
{
    char c = (char)k;
    int a16 __attribute__((aligned(16))) = k;
    double d64[3] __attribute__((aligned(64))) = {1, 2, 3};
    char b256[5] __attribute__((aligned(256)));
    struct v16 v;
    b256[0] = c;
    v.x[0] = k;
    return check(&a16, 16) + 2 * check(d64, 64) + 4 * check(b256, 256) + 8 * check(&v, 16)
        + 16 * (a16 == k && d64[2] == 3 && b256[0] == c && v.x[0] == k);
}
static int deep(int n)
{
    long long x __attribute__((aligned(32))) = n;
    if (n == 0)
        return leaf(n);
    return deep(n - 1) + check(&x, 32) * 100 + (x == n) * 1000;
}
int main(void)
{
    int i, r = 0;
    for (i = 0; i < 5; i++)
        r += leaf(i) == 31;
    printf("%d %d\n", r, deep(4));
    return 0;
}
"#;

#[test]
fn over_aligned_locals_get_their_alignment() {
    for opt in ["-O0", "-O1", "-O2", "-O3"] {
        let cfg = Config::from_flags(&[opt.to_string()]).unwrap();
        let exe = build_executable(&[("al.c".to_string(), SRC.as_bytes().to_vec())], &cfg)
            .unwrap_or_else(|e| panic!("{}", e.render()));
        let (out, code) = common::simulate(&exe, cfg.model.core).unwrap();
        assert_eq!(
            (String::from_utf8(out).unwrap().as_str(), code),
            ("5 4431\n", 0),
            "{opt}"
        );
    }
}

/// Structures passed by value whose type is aligned above the stack's 8
/// bytes: the callee's copy gets the alignment (its incoming words are
/// only 8-byte aligned). By hand: each check is 1 when the address is a
/// multiple of N, so `one` gives 1 + 2 + 4 = 7 when the values arrive too
/// (x = 5, y = 9, v = 7), and `two` (an odd number of words before, a
/// second copy after) gives 1 + 2 + 4 = 7 as well.
const PARAMS: &str = r#"#include <stdio.h>
#include <stdint.h>
struct a64 { int x; } __attribute__((aligned(64)));
typedef struct { char c; int v __attribute__((aligned(16))); } b16;
static int check(void *p, unsigned n) { return (uintptr_t)p % n == 0; }
__attribute__((noinline)) static int one(int pad, struct a64 a, b16 b)
{
    return check(&a, 64) + 2 * check(&b, 16) + 4 * (a.x + b.v + pad == 12);
}
__attribute__((noinline)) static int two(char c, struct a64 a, struct a64 b)
{
    return check(&a, 64) + 2 * check(&b, 64) + 4 * (a.x + b.x + c == 15);
}
int main(void)
{
    struct a64 a = {5}, a2 = {9};
    b16 b = {1, 7};
    printf("%d %d\n", one(0, a, b), two(1, a, a2));
    return 0;
}
"#;

#[test]
fn over_aligned_parameters_passed_by_value_get_their_alignment() {
    for opt in ["-O0", "-O2"] {
        let cfg = Config::from_flags(&[opt.to_string()]).unwrap();
        let exe = build_executable(&[("pa.c".to_string(), PARAMS.as_bytes().to_vec())], &cfg)
            .unwrap_or_else(|e| panic!("{}", e.render()));
        let (out, code) = common::simulate(&exe, cfg.model.core).unwrap();
        assert_eq!(
            (String::from_utf8(out).unwrap().as_str(), code),
            ("7 7\n", 0),
            "{opt}"
        );
    }
}
