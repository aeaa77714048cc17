#!/usr/bin/env bash
# Times the library(clpfd) puzzles (benches/clpfd_bench.pl over tests/clpfd/puzzles.pl) in
# swipl and in ply side by side: for each puzzle, R alternating runs of each system (a fresh
# process each, the puzzle repeated N times inside it), the best CPU seconds of each and ply's
# ratio to swipl. Loading is not timed.
#   benches/clpfd.sh [PLY_BINARY] [R]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ply="${1:-$root/target/release/ply}"
runs="${2:-5}"
files=("$root/tests/clpfd/puzzles.pl" "$root/benches/clpfd_bench.pl")
printf '%-12s %6s %10s %10s %8s\n' puzzle n swipl ply ratio
for spec in send:200 queens8_all:10 queens24_ff:5 sudoku:20 magic_all:50; do
    name=${spec%%:*}; n=${spec##*:}
    best_s=""; best_p=""
    for _ in $(seq "$runs"); do
        s=$(swipl -q -g "bench($name, $n)" -t halt "${files[@]}")
        p=$("$ply" -q -g "bench($name, $n)" -t halt "${files[@]}")
        best_s=$(echo "$s ${best_s:-$s}" | awk '{print ($1<$2)?$1:$2}')
        best_p=$(echo "$p ${best_p:-$p}" | awk '{print ($1<$2)?$1:$2}')
    done
    printf '%-12s %6s %10s %10s %8.2f\n' "$name" "$n" "$best_s" "$best_p" \
        "$(echo "$best_p $best_s" | awk '{print ($2>0)?$1/$2:0}')"
done
