#!/usr/bin/env bash
# Regenerates the golden files of tests/golden/play/ by running ply on
# programs/games/play.pl with each scripted game as standard input. SWI-Prolog
# cannot produce them: the games come from ply's native game library.
#
#   cargo build && tests/golden/play_regen.sh [PLY]     # PLY defaults to target/debug/ply
#
# For every tests/golden/play/NAME.in the command, run from the repository root, is
#   PLY -q programs/games/play.pl <tests/golden/play/NAME.in >tests/golden/play/NAME.out
# Standard input is not a terminal, so the toplevel reads the query line by
# line and the game's read/1 calls read the moves from the same input. The
# script stops when ply exits with a failure or writes to standard error.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
ply="${1:-${CARGO_TARGET_DIR:-$root/target}/debug/ply}"
# A relative path to the binary is taken from where the script was started.
if [[ $ply == */* && $ply != /* ]]; then ply="$PWD/$ply"; fi

cd "$root"
for input in tests/golden/play/*.in; do
    out="${input%.in}.out"
    "$ply" -q programs/games/play.pl <"$input" >"$out" 2>"$here/.play_stderr.tmp"
    if [[ -s $here/.play_stderr.tmp ]]; then
        echo "ply wrote to standard error on $input:" >&2
        cat "$here/.play_stderr.tmp" >&2
        rm -f "$here/.play_stderr.tmp"
        exit 1
    fi
    rm -f "$here/.play_stderr.tmp"
    echo "regenerated $out"
done
