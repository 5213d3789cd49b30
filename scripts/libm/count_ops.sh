#!/bin/sh
# Counts the double operations of runtime/lib/math.c and
# math_c99.c per call (see
# tests/math_opcount.c). Run from the repository root; prints a markdown
# table. Needs gcc with -m32 (gcc-multilib).
set -e
O=${O:-/tmp/libm-opcount}
mkdir -p "$O"
for f in math math_c99; do
gcc -m32 -std=c99 -O2 -msse2 -mfpmath=sse -ffp-contract=off -fno-builtin -ffreestanding \
    -nostdinc -fno-strict-aliasing -I runtime/include \
    -include compiler/tests/libm/math_rename.h -S runtime/lib/$f.c -o "$O/$f.s"
# pushfl/popfl keep the flags of a comparison that a later jump reads
awk '
/^[ \t]+(addsd|subsd)[ \t]/ {print "\tpushfl\n\tincl opc_add\n\tpopfl"}
/^[ \t]+mulsd[ \t]/ {print "\tpushfl\n\tincl opc_mul\n\tpopfl"}
/^[ \t]+divsd[ \t]/ {print "\tpushfl\n\tincl opc_div\n\tpopfl"}
/^[ \t]+u?comisd[ \t]/ {print "\tpushfl\n\tincl opc_cmp\n\tpopfl"}
/^[ \t]+cvt[a-z0-9]*(sd|si)[a-z]*[ \t]/ {print "\tpushfl\n\tincl opc_cvt\n\tpopfl"}
{print}' "$O/$f.s" > "$O/${f}_counted.s"
gcc -m32 -c "$O/${f}_counted.s" -o "$O/${f}_counted.o"
done
gcc -m32 -no-pie -O1 -msse2 -mfpmath=sse -fno-builtin compiler/tests/libm/math_opcount.c \
    "$O/math_counted.o" "$O/math_c99_counted.o" -o "$O/math_opcount"
"$O/math_opcount"
"$O/math_opcount"
