#!/usr/bin/env bash
# Peak memory of two long deterministic runs, in ply and in SWI-Prolog, side by
# side: a tail-recursive loop of 100,000 naive reverses of a 30-element list, and the corrected
# textbook minimax over the full tic-tac-toe tree with pure-Prolog moves. Each program reads its
# own peak resident set size from /proc/self/status (tests/memory/peak_rss.pl), so the numbers
# are the whole process, runtime included. Also prints the time `ply -q -g halt` takes to start.
#
#   benches/memory.sh [--no-build] [--ply PATH]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build=1
ply=""
source "$here/usage.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        --no-build) build=0; shift ;;
        --ply) ply=$2; shift 2 ;;
        *) usage ;;
    esac
done

cd "$root"
source "$here/need_swipl.sh"
source "$here/ply_binary.sh"

# peak SYSTEM FILE GOAL: prints "peak_kB collections" as the program reports them.
peak() {
    "$1" -q -g "$3" -t halt "$2" </dev/null 2>/dev/null | tail -n 1
}

printf '%-44s %12s %12s\n' "program" "ply peak MB" "swipl peak MB"
row() {
    local name=$1 file=$2 goal=$3 field=$4 p s
    p=$(peak "$ply" "$file" "$goal" | awk -v f="$field" '{ printf "%.1f", $f / 1024 }')
    s=$(peak swipl "$file" "$goal" | awk -v f="$field" '{ printf "%.1f", $f / 1024 }')
    printf '%-44s %12s %12s\n' "$name" "$p" "$s"
}
# SWI-Prolog has no gc counter in the same place; run/1 prints it after the peak, so both
# systems print the same fields.
row "nrev 30 x 100,000 (tail-recursive loop)" tests/memory/nrev_loop.pl "run(100000)" 1
row "textbook minimax, full tic-tac-toe tree" tests/memory/minimax_pure.pl \
    "run([e,e,e,e,e,e,e,e,e], x)" 2

# Start-up: the best of ten wall-clock times of `ply -q -g halt`, and of swipl for scale.
best() {
    local best=999999 t0 t1 ms
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        t0=$(date +%s%N)
        "$@" </dev/null >/dev/null 2>&1
        t1=$(date +%s%N)
        ms=$(( (t1 - t0) / 100000 ))
        (( ms < best )) && best=$ms
    done
    printf '%d.%d' $((best / 10)) $((best % 10))
}
printf '%-44s %9s ms %9s ms\n' "start-up (-q -g halt), best of 10" \
    "$(best "$ply" -q -g halt)" "$(best swipl -q -g halt)"
