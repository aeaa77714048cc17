#!/usr/bin/env bash
# Throughput of `ply match`: games per second at 1 and 2 workers, and the runner's own cost per
# game. Runs are interleaved (1 worker, 2 workers, 1 worker, ...) and the best of N is kept, since
# the machine is shared; report the ratios.
#
#   bash benches/match_throughput.sh [PLY] [N]     (default: target/release/ply, 5 rounds)
#
# - native:  connect4, alphabeta:4 against alphabeta:3, 1000 games from 2-ply random openings.
# - prolog:  connect4, the textbook alpha-beta in Prolog at depth 3 against alphabeta:2, 40 games.
# - runner:  connect4, random against random, 2000 games at 1 worker: no search at all, so the
#            time per game is the runner's (move generation to check each move, the report).
# - start:   the same with no game: the start of the process, subtracted from every run.
set -euo pipefail
cd "$(dirname "$0")/.."
ply=$(realpath "${1:-target/release/ply}")
rounds=${2:-5}
players=$(pwd)/programs/players
native=(connect4 alphabeta:4 alphabeta:3 --games 1000 --random-openings 2)
prolog=(connect4 "$players/alphabeta_en.pl:3" alphabeta:2 --games 40 --random-openings 2)
runner=(connect4 random random --games 2000 --random-openings 2 --concurrency 1)
start=(connect4 random random --games 0)

# Wall-clock seconds taken by one run of `ply match ARGS...`; its CPU seconds (user and
# system) go to the file cpu.
seconds() {
    /usr/bin/time -o times -f "%e %U %S" "$ply" match "$@" >/dev/null 2>&1 || true
    awk '{print $2 + $3}' times >cpu
    awk '{print $1}' times
}

declare -A best cpu_best
cd "$(mktemp -d)"
keep() { # name value: the best wall-clock time, and the least CPU time, of the runs of name
    if [ -z "${best[$1]:-}" ] || [ "$(echo "$2 < ${best[$1]}" | bc -l)" = 1 ]; then best[$1]=$2; fi
    local c; c=$(cat cpu)
    if [ -z "${cpu_best[$1]:-}" ] || [ "$(echo "$c < ${cpu_best[$1]}" | bc -l)" = 1 ]; then cpu_best[$1]=$c; fi
}
for _ in $(seq "$rounds"); do
    keep native1 "$(seconds "${native[@]}" --concurrency 1)"
    keep native2 "$(seconds "${native[@]}" --concurrency 2)"
    keep prolog1 "$(seconds "${prolog[@]}" --concurrency 1)"
    keep prolog2 "$(seconds "${prolog[@]}" --concurrency 2)"
    keep runner "$(seconds "${runner[@]}")"
    keep start "$(seconds "${start[@]}")"
done
s=${best[start]}
# games per second of a run of N games that took T seconds, the start of the process taken off.
rate() { echo "$1 / ($2 - $s)" | bc -l; }
printf 'start of the process: %.3f s\n' "$s"
printf 'native 1000 games: %.1f games/s at 1 worker, %.1f at 2 (x%.2f)\n' \
    "$(rate 1000 "${best[native1]}")" "$(rate 1000 "${best[native2]}")" \
    "$(echo "(${best[native1]} - $s) / (${best[native2]} - $s)" | bc -l)"
printf 'prolog 40 games: %.1f games/s at 1 worker, %.1f at 2 (x%.2f)\n' \
    "$(rate 40 "${best[prolog1]}")" "$(rate 40 "${best[prolog2]}")" \
    "$(echo "(${best[prolog1]} - $s) / (${best[prolog2]} - $s)" | bc -l)"
# CPU time at 2 workers over CPU time at 1: 1.00 when the workers share nothing, whatever the
# load of the machine (under load, the wall-clock ratio says more about the neighbours).
printf 'CPU time at 2 workers / at 1: native x%.2f, prolog x%.2f\n' \
    "$(echo "${cpu_best[native2]} / ${cpu_best[native1]}" | bc -l)" \
    "$(echo "${cpu_best[prolog2]} / ${cpu_best[prolog1]}" | bc -l)"
printf 'runner: %.0f us a game (random against random), %.1f%% of a native game at 1 worker\n' \
    "$(echo "(${best[runner]} - $s) / 2000 * 1000000" | bc -l)" \
    "$(echo "((${best[runner]} - $s) / 2000) / ((${best[native1]} - $s) / 1000) * 100" | bc -l)"
