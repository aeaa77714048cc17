#!/usr/bin/env bash
# The corrected textbook minimax (Bratko, figure 15.3) over the full tic-tac-toe tree, in one run:
#
#   swipl  + pure-Prolog moves   benches/minimax_ttt.pl (programs/games/tictactoe_pure.pl)
#   ply    + pure-Prolog moves   the same file
#   ply    + native moves        benches/native/minimax_ttt_native.pl, goal bench
#   ply    native_minimax/5      the same file, goal bench_native
#   swipl  + moves from a table  benches/native/minimax_ttt_table.pl, over the table that
#   ply    + moves from a table  benches/native/ttt_table.pl writes from the pure game
#
# Runs the six in turn, N rounds, and prints the best CPU time (user + system, so that other
# load on the machine counts less) of each, whole process included; the speed-up of ply with
# native moves over swipl with pure moves; and the ratio of the textbook search in ply (native
# moves) to native_minimax, both measured inside ply by statistics(cputime, _) around the
# search alone, in the best run of each.
#
# With its moves looked up in a table, each move costs one indexed clause lookup, so those two
# runs measure what the search itself costs in each system. They put the 20x bar in proportion,
# and are timed inside each system (statistics(cputime, _) around the search, the loading of
# the table left out).
#
#   benches/minimax_native.sh [--runs N] [--no-build] [--ply PATH]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs=3
build=1
ply=""

source "$here/usage.sh"

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
source "$here/ply_binary.sh"
source "$here/need_swipl.sh"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# once SYSTEM GOAL FILE TAG: run GOAL once; when its CPU seconds (user + system) are the best so
# far, keep them in $tmp/TAG.best and its output in $tmp/TAG.bestout.
once() {
    local system=$1 goal=$2 file=$3 tag=$4 t b
    TIMEFORMAT='%U %S'
    { time "$system" -q -g "$goal" -t halt "$file" </dev/null >"$tmp/$tag.out" 2>"$tmp/err"; } 2>"$tmp/time" || {
        echo "$system $goal $file failed:" >&2
        cat "$tmp/err" >&2
        exit 1
    }
    t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")
    b=$(cat "$tmp/$tag.best" 2>/dev/null || true)
    if [[ -z $b ]] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then
        echo "$t" >"$tmp/$tag.best"
        cp "$tmp/$tag.out" "$tmp/$tag.bestout"
    fi
}

# The table of moves, written once by ply from the pure-Prolog game.
(cd benches/native && "$ply" -q -g "write_table('$tmp/ttt_table.pl')" -t halt ttt_table.pl \
    </dev/null 2>"$tmp/err") || { cat "$tmp/err" >&2; exit 1; }

# The systems take turns, round by round, so that a slow spell of the machine falls on all of
# them alike and the ratios stay steady.
for ((i = 0; i < runs; i++)); do
    once swipl bench benches/minimax_ttt.pl swipl_pure
    once "$ply" bench benches/minimax_ttt.pl ply_pure
    once "$ply" bench benches/native/minimax_ttt_native.pl ply_native
    once "$ply" bench_native benches/native/minimax_ttt_native.pl ply_engine
    once swipl "bench('$tmp/ttt_table.pl')" benches/native/minimax_ttt_table.pl swipl_table
    once "$ply" "bench('$tmp/ttt_table.pl')" benches/native/minimax_ttt_table.pl ply_table
done
swipl_pure=$(cat "$tmp/swipl_pure.best")
ply_pure=$(cat "$tmp/ply_pure.best")
ply_native=$(cat "$tmp/ply_native.best")
ply_engine=$(cat "$tmp/ply_engine.best")
textbook_line=$(cat "$tmp/ply_native.bestout")
engine_line=$(cat "$tmp/ply_engine.bestout")
echo "swipl: $(cat "$tmp/swipl_pure.bestout")" >&2
echo "ply:   $(cat "$tmp/ply_pure.bestout")" >&2
echo "ply:   $textbook_line" >&2
echo "ply:   $engine_line" >&2
swipl_table_line=$(cat "$tmp/swipl_table.bestout")
ply_table_line=$(cat "$tmp/ply_table.bestout")
echo "swipl: $swipl_table_line" >&2
echo "ply:   $ply_table_line" >&2

textbook_ms=$(sed -n 's/.*cpu_ms \([0-9.]*\).*/\1/p' <<<"$textbook_line")
engine_ms=$(sed -n 's/.*cpu_ms \([0-9.]*\).*/\1/p' <<<"$engine_line")
swipl_table_ms=$(sed -n 's/.*cpu_ms \([0-9.]*\).*/\1/p' <<<"$swipl_table_line")
ply_table_ms=$(sed -n 's/.*cpu_ms \([0-9.]*\).*/\1/p' <<<"$ply_table_line")

printf '%-36s %9s\n' "full tic-tac-toe tree, 549,946 nodes" "cpu s"
printf '%-36s %9s\n' "swipl, textbook + pure moves" "$swipl_pure"
printf '%-36s %9s\n' "ply, textbook + pure moves" "$ply_pure"
printf '%-36s %9s\n' "ply, textbook + native moves" "$ply_native"
printf '%-36s %9s\n' "ply, native_minimax/5" "$ply_engine"
awk -v s="$swipl_pure" -v p="$ply_native" \
    'BEGIN { printf "swipl pure / ply native moves: %.2fx faster (bar: 20x)\n", s / p }'
awk -v t="$textbook_ms" -v n="$engine_ms" \
    'BEGIN { if (n <= 0) n = 0.001; printf "ply textbook search / native_minimax (cpu): %.0f ms / %.1f ms = %.0fx\n", t, n, t / n }'
printf '%s\n' "the search alone, moves from a table (cpu in each system, table loading left out):"
printf '  swipl %s ms, ply %s ms; ply with native moves %s ms\n' \
    "$swipl_table_ms" "$ply_table_ms" "$textbook_ms"
awk -v s="$swipl_pure" -v t="$swipl_table_ms" -v p="$ply_native" \
    'BEGIN { printf "20x would take ply under %.3f s in all, %.1fx less than swipl spends on the search alone\n", s / 20, t / 1000 / (s / 20) }'
echo "(best of $runs interleaved runs each)"
