#!/bin/sh
# Rebuilds every float test program (and, with --bench, the float benchmarks)
# with four host configurations and checks that their outputs are
# byte-identical, that the exit status is 0, that a build with UBSan
# (plus float-cast-overflow) runs without complaints, and that the output
# matches the stored expected file.
#
#   sh compiler/tests/float/check-host.sh            # compiler/tests/float/*.c
#   sh compiler/tests/float/check-host.sh --bench    # also testsuite/float-benchmarks/*
#   sh compiler/tests/float/check-host.sh --update   # rewrite the expected files
#
# Reference build (what the expected files hold):
#   gcc -m32 -msse2 -mfpmath=sse -ffp-contract=off -O2 -std=gnu99 NAME.c -lm
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bench=0
update=0
for a in "$@"; do
    case $a in
        --bench) bench=1 ;;
        --update) update=1 ;;
        *) echo "usage: $0 [--bench] [--update]" >&2; exit 2 ;;
    esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common="-std=gnu99 -ffp-contract=off -Wall -Wextra -Werror"
fail=0
count=0

# check NAME EXPECTED-FILE SOURCES...
check() {
    name=$1; expected=$2; shift 2
    count=$((count + 1))
    ok=1
    i=0
    for cfg in "-m32 -msse2 -mfpmath=sse -O2" "-m32 -msse2 -mfpmath=sse -O0" \
               "-m64 -O2" "-m64 -O0" \
               "-m32 -msse2 -mfpmath=sse -O1 -fsanitize=undefined,float-cast-overflow -fno-sanitize-recover=all"; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        if ! gcc $common $cfg -o "$tmp/$name.$i" "$@" -lm 2>"$tmp/$name.$i.cc"; then
            echo "FAIL $name: build failed with $cfg"; cat "$tmp/$name.$i.cc"; ok=0; continue
        fi
        "$tmp/$name.$i" >"$tmp/$name.$i.out" 2>"$tmp/$name.$i.err"
        rc=$?
        if [ $rc -ne 0 ]; then echo "FAIL $name: exit status $rc with $cfg"; ok=0; fi
        if [ -s "$tmp/$name.$i.err" ]; then
            echo "FAIL $name: stderr with $cfg:"; head -5 "$tmp/$name.$i.err"; ok=0
        fi
        if [ $i -gt 1 ] && ! cmp -s "$tmp/$name.1.out" "$tmp/$name.$i.out"; then
            echo "FAIL $name: output of $cfg differs from -m32 sse -O2:"
            diff "$tmp/$name.1.out" "$tmp/$name.$i.out" | head -10; ok=0
        fi
    done
    if grep -q FAIL "$tmp/$name.1.out"; then echo "FAIL $name: the program reports FAIL"; ok=0; fi
    if [ $update -eq 1 ] && [ $ok -eq 1 ]; then
        cp "$tmp/$name.1.out" "$expected"
    elif [ ! -f "$expected" ]; then
        echo "FAIL $name: no $expected (run with --update)"; ok=0
    elif ! cmp -s "$tmp/$name.1.out" "$expected"; then
        echo "FAIL $name: output differs from $expected"; ok=0
    fi
    if [ $ok -eq 1 ]; then echo "ok   $name ($(wc -l <"$tmp/$name.1.out") lines)"; else fail=$((fail + 1)); fi
}

for src in "$here"/*.c; do
    name=$(basename "$src" .c)
    check "$name" "$here/$name.expected" "$src"
done
if [ $bench -eq 1 ]; then
    for dir in "$root"/testsuite/float-benchmarks/*/; do
        [ -f "$dir/bench.toml" ] || continue
        name=$(basename "$dir")
        srcs=$(sed -n 's/^sources *= *\[\(.*\)\]/\1/p' "$dir/bench.toml" | tr -d '",')
        set --
        for s in $srcs; do set -- "$@" "$dir$s"; done
        check "bench-$name" "$dir/expected.out" "$@"
    done
fi
echo "$count programs, $fail failed"
[ $fail -eq 0 ]
