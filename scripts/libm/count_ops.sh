#!/bin/sh
# Counts the double operations of runtime/lib/math.c per call (see
# tests/math_opcount.c). Run from the repository root; prints a markdown
# table. Needs gcc with -m32 (gcc-multilib).
set -e
O=${O:-/tmp/libm-opcount}
mkdir -p "$O"
gcc -m32 -std=c99 -O2 -msse2 -mfpmath=sse -ffp-contract=off -fno-builtin -ffreestanding \
    -nostdinc -fno-strict-aliasing -I runtime/include \
    -include compiler/tests/libm/math_rename.h -S runtime/lib/math.c -o "$O/math.s"
# pushfl/popfl keep the flags of a comparison that a later jump reads
awk '
/^[ \t]+(addsd|subsd)[ \t]/ {print "\tpushfl\n\tincl opc_add\n\tpopfl"}
/^[ \t]+mulsd[ \t]/ {print "\tpushfl\n\tincl opc_mul\n\tpopfl"}
/^[ \t]+divsd[ \t]/ {print "\tpushfl\n\tincl opc_div\n\tpopfl"}
/^[ \t]+u?comisd[ \t]/ {print "\tpushfl\n\tincl opc_cmp\n\tpopfl"}
/^[ \t]+cvt[a-z0-9]*(sd|si)[a-z]*[ \t]/ {print "\tpushfl\n\tincl opc_cvt\n\tpopfl"}
{print}' "$O/math.s" > "$O/math_counted.s"
gcc -m32 -c "$O/math_counted.s" -o "$O/math_counted.o"
gcc -m32 -no-pie -O1 -msse2 -mfpmath=sse -fno-builtin compiler/tests/libm/math_opcount.c \
    "$O/math_counted.o" -o "$O/math_opcount"
"$O/math_opcount"
