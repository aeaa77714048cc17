#!/usr/bin/env bash
# Matches and split searches, timed with the release build:
#
#   games per second of `ply match` at --concurrency 1 and 2, for native players (Connect Four,
#   alphabeta:7 against alphabeta:5) and for a Prolog player (tic-tac-toe, the textbook
#   alpha-beta of programs/players/alphabeta_en.pl at full depth against random), 40 games each
#   from random openings, best of N runs of the whole match (wall clock, start-up included);
#
#   the native searches serially and split at the root by native_parallel/1
#   (benches/native/parallel.pl), wall-clock milliseconds and the speed-up.
#
# Prints Markdown tables for benches/README.md.
#
#   benches/match.sh [--runs N] [--no-build] [--ply PATH]
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

cd "$root"
if [[ -z $ply ]]; then
    ply="${CARGO_TARGET_DIR:-target}/release/ply"
    if [[ $build == 1 ]]; then
        cargo build --release --quiet
    fi
fi

# best_seconds CMD...: the fastest of $runs runs, in seconds.
best_seconds() {
    local best="" t0 t1 s
    for ((i = 0; i < runs; i++)); do
        t0=$(date +%s.%N)
        "$@" >/dev/null
        t1=$(date +%s.%N)
        s=$(echo "$t1 - $t0" | bc -l)
        if [[ -z $best ]] || (($(echo "$s < $best" | bc -l))); then best=$s; fi
    done
    echo "$best"
}

games=40
echo "| match | games | --concurrency 1 | --concurrency 2 | games/s at 1 | games/s at 2 | speed-up |"
echo "|---|---|---|---|---|---|---|"
while IFS='|' read -r label args; do
    # shellcheck disable=SC2086
    one=$(best_seconds "$ply" match $args --games $games --concurrency 1)
    # shellcheck disable=SC2086
    two=$(best_seconds "$ply" match $args --games $games --concurrency 2)
    printf '| %s | %d | %.2f s | %.2f s | %.1f | %.1f | %.2f |\n' "$label" "$games" "$one" "$two" \
        "$(echo "$games / $one" | bc -l)" "$(echo "$games / $two" | bc -l)" "$(echo "$one / $two" | bc -l)"
done <<'CASES'
connect4, alphabeta:7 vs alphabeta:5, 4 random plies|connect4 alphabeta:7 alphabeta:5 --random-openings 4
tictactoe, alphabeta_en.pl vs random, 1 random ply|tictactoe programs/players/alphabeta_en.pl random --random-openings 1
CASES

echo
echo "| game | search | depth | serial ms | split ms | speed-up |"
echo "|---|---|---|---|---|---|"
"$ply" -q -g bench -t halt benches/native/parallel.pl
echo
echo "load average while this ran: $(cut -d' ' -f1-3 /proc/loadavg), on $(nproc) cores"
