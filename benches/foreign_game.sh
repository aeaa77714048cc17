#!/usr/bin/env bash
# The textbook minimax (Bratko, figure 15.3, with its English names: programs/textbook/
# minimax_en.pl) over a pure-Prolog game that someone else wrote, in ply and in swipl, one
# after the other in one run: the best of N CPU times of the search alone, taken inside each
# system, the value and best move each found, and ply/swipl.
#
#   benches/foreign_game.sh [--runs N] [--ply PATH] GAME.pl START
#
# GAME.pl is not in this repository: fetch it. It defines move/2 (one successor per solution),
# utility/2, min_to_move/1 and max_to_move/1, as course versions of tic-tac-toe written for
# Bratko's minimax do (Gauthier Picard's, from his AI course at Mines Saint-Etienne, is copied
# in many GitHub repositories; drop its module line and add the two nextPlayer/2 facts its
# driver file holds: nextPlayer(o, x) and nextPlayer(x, o)). benches/foreign/glue.pl makes moves/2
# and staticval/2 of them. START is the start position, e.g. "[x, play, [0,0,0,0,0,0,0,0,0]]".
# N defaults to 3; PATH defaults to the release build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs=3
ply="${CARGO_TARGET_DIR:-$root/target}/release/ply"

source "$here/usage.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        --runs | -n) [[ $# -ge 2 ]] || usage; runs=$2; shift 2 ;;
        --ply) [[ $# -ge 2 ]] || usage; ply=$2; shift 2 ;;
        -h | --help) usage ;;
        -*) echo "unknown option: $1" >&2; usage ;;
        *) break ;;
    esac
done
[[ $# -eq 2 ]] || usage
game=$(realpath "$1")
start=$2
source "$here/need_swipl.sh"

files=("$root/programs/textbook/minimax_en.pl" "$game" "$here/foreign/glue.pl")
goal="bench($start, $runs)"
p=$("$ply" -q -g "$goal" -t halt "${files[@]}" </dev/null)
s=$(swipl -q -g "$goal" -t halt "${files[@]}" </dev/null)
echo "ply:   $(echo "$p" | tr '\n' ' ')"
echo "swipl: $(echo "$s" | tr '\n' ' ')"
pt=$(echo "$p" | awk '/^time/ {print $2}')
st=$(echo "$s" | awk '/^time/ {print $2}')
[[ "$(echo "$p" | head -1)" == "$(echo "$s" | head -1)" ]] || echo "the two systems disagree" >&2
awk -v p="$pt" -v s="$st" 'BEGIN { printf "ply/swipl %.2f\n", p / s }'
