#!/usr/bin/env python3
"""Generates the constants and tables of runtime/lib/math_c99.c as
IEEE bit patterns (no decimal-to-binary conversion of the compiler is
trusted). Polynomials are Chebyshev interpolants computed by mpmath's
chebyfit (C. W. Clenshaw, "Chebyshev series for mathematical functions",
1962: the near-minimax polynomial of the Chebyshev expansion), converted
to monomial form in a centred variable; each degree is the smallest whose
relative error (before the coefficients are rounded to double) is below
2^-60 on the interval.

Run: python3 scripts/libm/gen_c99_tables.py runtime/lib/math_c99.c
rewrites the part between the BEGIN/END GENERATED TABLES lines; without an
argument, prints the tables.
"""
import struct
import sys
from mpmath import mp, mpf, erf, erfc, exp, sqrt, pi, log, chebyfit, loggamma, euler, bernoulli

mp.dps = 50
TARGET = mpf(2) ** -60


def bits(x):
    return struct.unpack('<Q', struct.pack('<d', float(x)))[0]


def rel_err(f, p, a, b):
    worst = mpf(0)
    for i in range(201):
        t = a + (b - a) * i / 200
        v = f(t)
        q = mpf(0)
        for c in p:
            q = q * t + c
        worst = max(worst, abs(q - v) / abs(v))
    return worst


def fit(f, a, b):
    """coefficients (highest degree first) of the smallest Chebyshev fit"""
    for n in range(4, 40):
        p = chebyfit(f, [a, b], n)
        if rel_err(f, p, a, b) < TARGET:
            return p
    raise SystemExit('no fit')


out = []


def emit(name, vals, comment):
    out.append('/* %s */' % comment)
    out.append('static const unsigned long long %s[%d] = {' % (name, len(vals)))
    line = '   '
    for v in vals:
        item = ' 0x%016xULL,' % bits(v)
        if len(line) + len(item) > 78:
            out.append(line)
            line = '   '
        line += item
    out.append(line)
    out.append('};')


def main():
    # erf(x) = x + x Q(x^2), |x| < 0.5: Q(t) = erf(sqrt t)/sqrt t - 1
    q = lambda t: (erf(sqrt(t)) / sqrt(t) if t > 0 else 2 / sqrt(pi)) - 1
    pa = fit(q, mpf(0), mpf(0.25))
    out.append('#define ERF_QN %d' % len(pa))
    emit('ERF_Q', pa + [pa[-1] - mpf(float(pa[-1]))],
         'erf(x) = x + x Q(x^2) on |x| < 1/2: ERF_QN coefficients highest degree first,\n   then the constant term\'s low part')
    # erfc(x) = exp(-x^2) H(x), H(c + t) on each interval
    H = lambda x: erfc(x) * exp(x * x)
    cuts = [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6]
    flat, idx = [], []
    for a, b in zip(cuts, cuts[1:]):
        c = mpf(a + b) / 2
        p = fit(lambda t: H(c + t), mpf(a) - c, mpf(b) - c)
        idx.append((a, b, float(c), len(flat), len(p)))
        flat += p + [p[-1] - mpf(float(p[-1]))]
    emit('ERFC_H', flat, 'erfc(x) = exp(-x^2) H(x), H(c + t) per interval: n coefficients highest degree first,\n   then the constant term\'s low part')
    out.append('/* interval [lo, hi): centre, first coefficient, count */')
    out.append('static const struct erfc_iv ERFC_IV[%d] = {' % len(idx))
    for a, b, c, o, n in idx:
        out.append('    {%.17g, %.17g, %d, %d},' % (b, c, o, n))
    out.append('};')
    # x >= 6: erfc(x) = exp(-x^2) G(1/x^2) / x, G(u) = erfc(x) exp(x^2) x
    G = lambda u: erfc(1 / sqrt(u)) * exp(1 / u) / sqrt(u)
    lo, hi = mpf(1) / 28 ** 2, mpf(1) / 36
    c = (lo + hi) / 2
    pc = fit(lambda t: G(c + t), lo - c, hi - c)
    out.append('#define ERFC_GN %d' % len(pc))
    emit('ERFC_G', pc + [pc[-1] - mpf(float(pc[-1])), c], 'x >= 6: erfc(x) = exp(-x^2) G(1/x^2) / x: G(c + t), ERFC_GN coefficients highest\n   degree first, the constant term\'s low part, c')
    # lgamma(1 + t) = t F1(t), lgamma(2 + t) = t F2(t)
    for name, base, a, b in (('LGAM_F1', 1, -0.1, 0.1), ('LGAM_F2', 2, -0.2, 0.2)):
        z = -euler if base == 1 else 1 - euler
        f = lambda t, base=base, z=z: loggamma(base + t) / t if t != 0 else z
        p = fit(f, mpf(a), mpf(b))
        out.append('#define %sN %d' % (name, len(p)))
        emit(name, p + [p[-1] - mpf(float(p[-1]))],
             'lgamma(%d + t) = t F(t) on [%g, %g]: %sN coefficients highest degree first,\n   then the constant term\'s low part' % (base, a, b, name))
    # Stirling: B_2k / (2k (2k - 1)), k = 9 .. 1 (highest first in 1/y^2)
    st = [bernoulli(2 * k) / (2 * k * (2 * k - 1)) for k in range(9, 0, -1)]
    emit('STIRLING', st, 'ln Gamma(y) = (y - 1/2) ln y - y + ln sqrt(2 pi) + sum B_2k / (2k (2k - 1) y^(2k - 1)),\n   k = 9 .. 1')
    ls = log(sqrt(2 * pi))
    emit('LN_SQRT_2PI', [float(ls), float(ls - mpf(float(ls)))], 'ln sqrt(2 pi) = hi + lo')
    emit('PI_HL', [float(pi), float(pi - mpf(float(pi)))], 'pi = hi + lo')
    emit('EULER', [float(euler)], "Euler's constant")
    l2 = log(2)
    h = float(l2)
    emit('LN2_HL', [h, float(l2 - mpf(h))], 'ln 2 = hi + lo')
    text = '\n'.join(out) + '\n'
    if len(sys.argv) > 1:
        path = sys.argv[1]
        src = open(path).read()
        begin, end = '/* BEGIN GENERATED TABLES */\n', '/* END GENERATED TABLES */\n'
        i, j = src.index(begin) + len(begin), src.index(end)
        head = '/* Generated by scripts/libm/gen_c99_tables.py (mpmath): do not edit. */\n'
        open(path, 'w').write(src[:i] + head + text + src[j:])
    else:
        sys.stdout.write(text)


main()
