/* globals_init: static-storage float and double objects with initializers
 * that the compiler must evaluate at translation time: plain literals,
 * constant expressions (1.0/3.0, (float)(1.0/3.0), 2.0f*3.5f, -0.0,
 * integer-to-float and float-to-integer casts, comparisons, ?:),
 * hex float literals (0x1.8p3, 0x1p-1074, 0x1.fffffep127f), subnormal
 * decimal literals (1e-310, 1e-45f), literals needing correct rounding
 * (0.1, 1e23, 2.2250738585072011e-308, 9007199254740993.0), arrays, structs,
 * unions, partially initialized arrays (zero fill), static locals and
 * pointers into float arrays. Prints every bit pattern. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <float.h>

static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

double g_third = 1.0 / 3.0;
float g_third_f = (float)(1.0 / 3.0);
float g_third_ff = 1.0f / 3.0f;
double g_prod = 2.0f * 3.5f;
double g_negzero = -0.0;
float g_negzero_f = -0.0f;
double g_hex = 0x1.8p3;
double g_min_sub = 0x1p-1074;
float g_fmax = 0x1.fffffep127f;
double g_sub = 1e-310;
float g_sub_f = 1e-45f;
double g_tenth = 0.1;
double g_1e23 = 1e23;
double g_below_min = 2.2250738585072011e-308;
double g_2p53p1 = 9007199254740993.0;
double g_from_int = 16777217;
float g_from_int_f = 16777217;
float g_from_ll = 0x7fffffffffffffffLL;
double g_from_ull = 0xffffffffffffffffULL;
int g_from_double = (int)-2.75;
unsigned g_from_double_u = (unsigned)4294967295.5;
long long g_ll = (long long)-9.2233720368547758e18;
double g_dbl_max = DBL_MAX;
float g_flt_eps = FLT_EPSILON;
double g_expr = (1.0 + 1e-16) - 1.0;
double g_fexpr = (float)(1.0f + 1e-8f) - 1.0f;
double g_cond = 2.5 > 1.5 ? 0.75 : -0.75;
int g_cmp = 0.1 + 0.2 == 0.3;
int g_cmpf = 0.1f + 0.2f == 0.3f;
double g_arr[6] = { 1.5, -2.25, 1e-5, 0x1p-20 };
float g_farr[] = { 0.5f, 0.1f, 1e10f, -3.0e-39f, (float)1e-50 };
struct pt { float x; double y; char tag; float z; } g_pt = { 1.25f, -0.5, 'q', 1e-3f };
struct pt g_pts[2] = { { 1, 2, 3, 4 }, { .z = 0.5f, .x = -1 } };
union fu { float f; uint32_t u; } g_union = { 1.0f };
double *g_ptr = &g_arr[2];
float *g_fptr = g_farr + 4;
const double g_const_tab[3][2] = { { 0.5, 0.25 }, { 0.125 }, { [1] = 8.0 } };

static void showd(const char *n, double d) { printf("%-14s %016llx %.17g\n", n, (unsigned long long)dbits(d), d); }
static void showf(const char *n, float f) { printf("%-14s %08x %.9g\n", n, (unsigned)fbits(f), (double)f); }

static double counter(void)
{
    static double acc = 0.5;
    static float facc = 0.25f;
    acc *= 3.0;
    facc += 0.5f;
    return acc + facc;
}

int main(void)
{
    int i, fails = 0;
    showd("third", g_third);
    showf("third_f", g_third_f);
    showf("third_ff", g_third_ff);
    showd("prod", g_prod);
    showd("negzero", g_negzero);
    showf("negzero_f", g_negzero_f);
    showd("hex", g_hex);
    showd("min_sub", g_min_sub);
    showf("fmax", g_fmax);
    showd("sub", g_sub);
    showf("sub_f", g_sub_f);
    showd("tenth", g_tenth);
    showd("1e23", g_1e23);
    showd("below_min", g_below_min);
    showd("2^53+1", g_2p53p1);
    showd("from_int", g_from_int);
    showf("from_int_f", g_from_int_f);
    showf("from_ll", g_from_ll);
    showd("from_ull", g_from_ull);
    printf("%-14s %d %u %lld\n", "to_int", g_from_double, g_from_double_u, g_ll);
    showd("dbl_max", g_dbl_max);
    showf("flt_eps", g_flt_eps);
    showd("expr", g_expr);
    showd("fexpr", g_fexpr);
    showd("cond", g_cond);
    printf("%-14s %d %d\n", "cmp", g_cmp, g_cmpf);
    for (i = 0; i < 6; i++) showd("arr", g_arr[i]);
    for (i = 0; i < (int)(sizeof g_farr / sizeof g_farr[0]); i++) showf("farr", g_farr[i]);
    showf("pt.x", g_pt.x); showd("pt.y", g_pt.y); printf("pt.tag %c\n", g_pt.tag); showf("pt.z", g_pt.z);
    showf("pts[0].x", g_pts[0].x); showd("pts[0].y", g_pts[0].y); printf("pts[0].tag %d\n", g_pts[0].tag);
    showf("pts[0].z", g_pts[0].z); showf("pts[1].x", g_pts[1].x); showd("pts[1].y", g_pts[1].y);
    showf("pts[1].z", g_pts[1].z);
    printf("union %08x\n", (unsigned)g_union.u);
    showd("*ptr", *g_ptr);
    showf("*fptr", *g_fptr);
    for (i = 0; i < 3; i++) printf("tab[%d] %g %g\n", i, g_const_tab[i][0], g_const_tab[i][1]);
    for (i = 0; i < 3; i++) showd("counter", counter());

    if (dbits(g_third) != 0x3fd5555555555555ull || fbits(g_third_f) != 0x3eaaaaabu) fails++;
    if (dbits(g_negzero) != 0x8000000000000000ull || dbits(g_min_sub) != 1 || dbits(g_sub) != 0x000012688b70e62bull) fails++;
    if (g_hex != 12.0 || g_fmax != FLT_MAX || fbits(g_sub_f) != 1 || dbits(g_1e23) != 0x44b52d02c7e14af6ull) fails++;
    if (dbits(g_below_min) != 0x000fffffffffffffull || g_2p53p1 != 9007199254740992.0) fails++;
    if (g_from_int_f != 16777216.0f || g_from_double != -2 || g_from_double_u != 4294967295u) fails++;
    if (g_expr != 0.0 || g_fexpr != 0.0 || g_cmp != 0 || g_cmpf != 1 || g_arr[5] != 0.0 || g_pts[1].y != 0.0) fails++;
    if (fbits(g_farr[4]) != 0 || fbits(g_union.f) != 0x3f800000u || g_union.u != 0x3f800000u) fails++;
    puts(fails ? "FAIL" : "PASS");
    return 0;
}
