#!/usr/bin/env bash
# Compares two ply binaries on the benchmark programs, taking turns run by run, and prints for
# each program the 25th-percentile CPU time (user + system) of each and their ratio B/A, then
# the geometric mean of the ratios. For judging a change to the engine or the build: the two
# binaries meet the same spells of a busy machine, which comparing two runs of run.sh does not.
#
#   benches/compare_builds.sh [--runs N] A B [PROGRAM...]
#
# PROGRAM is a name such as nrev or benches/native/minimax_ttt_native (goal bench); without
# one, every benches/*.pl runs. N defaults to 10.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs=10

source "$here/usage.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        --runs | -n) [[ $# -ge 2 ]] || usage; runs=$2; shift 2 ;;
        -h | --help) usage ;;
        -*) echo "unknown option: $1" >&2; usage ;;
        *) break ;;
    esac
done
[[ $# -ge 2 ]] || usage
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "--runs needs a positive integer" >&2; exit 64; }
a=$(realpath "$1")
b=$(realpath "$2")
shift 2
for bin in "$a" "$b"; do
    [[ -x $bin ]] || { echo "not an executable: $bin" >&2; exit 1; }
done

cd "$root"
programs=()
if [[ $# -eq 0 ]]; then
    for f in benches/*.pl; do
        # As in run.sh: harness.pl is the shared rounds/2 loop and termops.pl times single
        # builtins (benches/termops.sh); neither is a program with bench/0.
        case $(basename "$f") in
            harness.pl | termops.pl) ;;
            *) programs+=("${f%.pl}") ;;
        esac
    done
else
    for p in "$@"; do
        p=${p%.pl}
        [[ $p == */* ]] || p="benches/$p"
        programs+=("$p")
    done
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# cpu BIN FILE: the CPU seconds of one run of `BIN -q -g bench -t halt FILE`.
cpu() {
    TIMEFORMAT='%U %S'
    { time "$1" -q -g bench -t halt "$2" </dev/null >/dev/null 2>"$tmp/err"; } 2>"$tmp/time" || {
        echo "$1 failed on $2:" >&2
        cat "$tmp/err" >&2
        exit 1
    }
    awk '{ printf "%.4f\n", $1 + $2 }' "$tmp/time"
}

# quartile FILE: the 25th-percentile value of the numbers in FILE, one per line.
quartile() {
    sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR - 1) * 0.25) + 1] }'
}

printf '%-28s %9s %9s %7s\n' program "A cpu s" "B cpu s" "B/A"
logsum=0
n=0
for p in "${programs[@]}"; do
    : >"$tmp/a"
    : >"$tmp/b"
    for ((i = 0; i < runs; i++)); do
        # Alternate which binary goes first, so neither always runs on a warmer cache.
        if ((i % 2 == 0)); then
            cpu "$a" "$p.pl" >>"$tmp/a"
            cpu "$b" "$p.pl" >>"$tmp/b"
        else
            cpu "$b" "$p.pl" >>"$tmp/b"
            cpu "$a" "$p.pl" >>"$tmp/a"
        fi
    done
    qa=$(quartile "$tmp/a")
    qb=$(quartile "$tmp/b")
    ratio=$(awk -v a="$qa" -v b="$qb" 'BEGIN { printf "%.3f", (a > 0 ? b / a : 1) }')
    printf '%-28s %9s %9s %7s\n' "$(basename "$p")" "$qa" "$qb" "$ratio"
    logsum=$(awk -v s="$logsum" -v r="$ratio" 'BEGIN { printf "%.6f", s + log(r) }')
    n=$((n + 1))
done
awk -v s="$logsum" -v n="$n" 'BEGIN { printf "geometric mean of B/A over %d programs: %.3f\n", n, exp(s / n) }'
echo "($runs runs of each binary, taking turns; A = $a, B = $b)"
