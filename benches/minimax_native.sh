#!/usr/bin/env bash
# The corrected textbook minimax (Bratko, figure 15.3) over the full tic-tac-toe tree, in one run:
#
#   swipl  + pure-Prolog moves   benches/minimax_ttt.pl (programs/games/tictactoe_pure.pl)
#   ply    + pure-Prolog moves   the same file
#   ply    + native moves        benches/native/minimax_ttt_native.pl, goal bench
#   ply    native_minimax/5      the same file, goal bench_native
#
# Prints the best CPU time (user + system, so that other load on the machine counts less) of N
# runs of each, whole process included, the speed-up of ply with native moves over
# swipl with pure moves, and the ratio of the textbook search in ply (native moves) to
# native_minimax, both measured inside ply by statistics(cputime, _) around the search alone.
#
#   benches/minimax_native.sh [--runs N] [--no-build] [--ply PATH]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs=3
build=1
ply=""

usage() {
    sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

while [[ $# -gt 0 ]]; do
    case $1 in
        --runs | -n) [[ $# -ge 2 ]] || usage; runs=$2; shift 2 ;;
        --no-build) build=0; shift ;;
        --ply) [[ $# -ge 2 ]] || usage; ply=$2; shift 2 ;;
        -h | --help) usage ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "--runs needs a positive integer" >&2; exit 64; }

cd "$root"
if [[ -z $ply ]]; then
    ply="${CARGO_TARGET_DIR:-$root/target}/release/ply"
    if [[ $build -eq 1 ]]; then
        cargo build --release >&2
    fi
fi
[[ -x $ply ]] || { echo "no ply binary at $ply" >&2; exit 1; }
source "$here/need_swipl.sh"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# best SYSTEM GOAL FILE: the best CPU seconds (user + system) of $runs runs; the output of the
# last run is left in $tmp/out.
best() {
    local system=$1 goal=$2 file=$3 b="" i t
    for ((i = 0; i < runs; i++)); do
        TIMEFORMAT='%U %S'
        { time "$system" -q -g "$goal" -t halt "$file" </dev/null >"$tmp/out" 2>"$tmp/err"; } 2>"$tmp/time" || {
            echo "$system $goal $file failed:" >&2
            cat "$tmp/err" >&2
            exit 1
        }
        t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")
        if [[ -z $b ]] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
    done
    echo "$b"
}

swipl_pure=$(best swipl bench benches/minimax_ttt.pl)
echo "swipl: $(cat "$tmp/out")" >&2
ply_pure=$(best "$ply" bench benches/minimax_ttt.pl)
echo "ply:   $(cat "$tmp/out")" >&2
ply_native=$(best "$ply" bench benches/native/minimax_ttt_native.pl)
textbook_line=$(cat "$tmp/out")
echo "ply:   $textbook_line" >&2
ply_engine=$(best "$ply" bench_native benches/native/minimax_ttt_native.pl)
engine_line=$(cat "$tmp/out")
echo "ply:   $engine_line" >&2

textbook_ms=$(sed -n 's/.*cpu_ms \([0-9.]*\).*/\1/p' <<<"$textbook_line")
engine_ms=$(sed -n 's/.*cpu_ms \([0-9.]*\).*/\1/p' <<<"$engine_line")

printf '%-36s %9s\n' "full tic-tac-toe tree, 549,946 nodes" "cpu s"
printf '%-36s %9s\n' "swipl, textbook + pure moves" "$swipl_pure"
printf '%-36s %9s\n' "ply, textbook + pure moves" "$ply_pure"
printf '%-36s %9s\n' "ply, textbook + native moves" "$ply_native"
printf '%-36s %9s\n' "ply, native_minimax/5" "$ply_engine"
awk -v s="$swipl_pure" -v p="$ply_native" \
    'BEGIN { printf "swipl pure / ply native moves: %.2fx faster (bar: 20x)\n", s / p }'
awk -v t="$textbook_ms" -v n="$engine_ms" \
    'BEGIN { if (n <= 0) n = 0.001; printf "ply textbook search / native_minimax (cpu): %.0f ms / %.1f ms = %.0fx\n", t, n, t / n }'
echo "(best of $runs runs each)"
