#!/usr/bin/env bash
# Instructions per run of top/0 of suite programs in two ply binaries, by callgrind: for each
# program, callgrind counts a process that runs top/0 N+1 times and one that runs it once (both
# through benches/suite_harness.pl, as benches/suite.sh loads them), and the difference over N
# is what one more run of top/0 costs, start-up and loading left out. Prints a line per program
# with both counts and their ratio (new / base).
#
#   benches/callgrind_pair.sh --suite DIR --base PATH --new PATH [--n N] PROGRAM...
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
suite="" base="" new="" n=3
while [[ $# -gt 0 ]]; do
    case $1 in
        --suite) suite=$2; shift 2 ;;
        --base) base=$2; shift 2 ;;
        --new) new=$2; shift 2 ;;
        --n) n=$2; shift 2 ;;
        -h | --help) sed -n '2,8p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
[[ -n $suite && -n $base && -n $new && $# -gt 0 ]] || { sed -n '2,8p' "$0"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() { # binary loader iterations -> instructions
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
        "$1" -q -g "'\$suite_time'($3)" -t halt "$2" </dev/null >/dev/null 2>"$work/vg.err"
    awk '/^summary:/ { print $2 }' "$work/cg.out"
}

for prog in "$@"; do
    loader="$work/$prog.pl"
    printf ":- ensure_loaded('%s').\n:- ensure_loaded('%s').\n:- ensure_loaded('%s').\n" \
        "$here/suite_prelude.pl" "$suite/programs/$prog.pl" "$here/suite_harness.pl" >"$loader"
    b=$(( ($(count "$base" "$loader" "$n") - $(count "$base" "$loader" 0)) / n ))
    w=$(( ($(count "$new" "$loader" "$n") - $(count "$new" "$loader" 0)) / n ))
    awk -v p="$prog" -v b="$b" -v w="$w" \
        'BEGIN { printf "%-12s base %12d  new %12d  ratio %.4f\n", p, b, w, w / b }'
done
