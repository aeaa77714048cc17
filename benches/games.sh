#!/usr/bin/env bash
# The load every game puts on the textbook search through ply's native game predicates: for
# each game, a start and a mid-game position, the nodes of the corrected minimax of Bratko's
# figure 15.3, its CPU time, the CPU time of native_minimax/5 on the same tree, the search's own
# cost per node S (measured over the coin game coins(21,3) at depth 21, whose moves cost
# nothing), what the game adds against its native engine, added/native = (T_prolog - S * nodes) /
# T_native, and the load, a third of that: at most 1.0 when T_prolog <= S * nodes + 3 * T_native.
# All in one ply process, times taken inside it with statistics(cputime, _) around each search,
# best of N runs (default 3).
#
#   benches/games.sh [--runs N] [--no-build] [--ply PATH]
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

cd "$here/games"
err="$(mktemp)"
trap 'rm -f "$err"' EXIT
# The textbook file's singleton warnings go to stderr, which is shown only when the run fails.
"$ply" -q -g "bench($runs)" -t halt load.pl </dev/null 2>"$err" || { cat "$err" >&2; exit 1; }
