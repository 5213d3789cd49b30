#!/usr/bin/env python3
"""Turns the ULP lines of math_accuracy's output (stdin) into the markdown
table of runtime/README-math.md."""
import sys

print('| function | domain | max error (ulp) | arguments | bound (ulp) |')
print('|---|---|---:|---:|---:|')
for line in sys.stdin:
    if not line.startswith('ULP '):
        continue
    f = line[4:].rstrip('\n').split(' | ')
    print('| `%s` | %s | %s | %s | %s |' % (f[0], f[1].replace('|', '\\|'), f[2], '{:,}'.format(int(f[3])).replace(',', ' '), f[4]))
