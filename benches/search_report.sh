#!/bin/sh
# docs/search.md and its plots, made by one command (docs/search.md says what every number is):
#
#   cargo build --release && benches/search_report.sh
#
# 1. The node table: positions visited by each search against minimax, per game and depth, with
#    Knuth and Moore's minimal tree as the floor (benches/search/nodes.pl, which also draws
#    docs/search/nodes_GAME.svg).
# 2. An Elo table of the searches against each other at equal time per move on Connect Four,
#    checkers and Othello: a round robin of `ply match` with --time-per-move, each with its plot
#    (docs/search/elo_GAME.svg).
#
# PLAYERS is the one list of the players of the Elo tables: a new search is one more word. Under
# --time-per-move every depth-limited player deepens 1, 2, ... while time is left (docs/match.md);
# id:MS keeps its own clock, given the same MS. On 2 busy cores the whole run takes a few minutes.
set -eu
cd "$(dirname "$0")/.."
PLY=${PLY:-target/release/ply}
MS=${MS:-50}
PLAYERS=${PLAYERS:-"alphabeta:inf negamax:inf ordered:inf pvs:inf id:$MS"}
GAMES=${GAMES:-"connect4 checkers othello"}
OUT=docs/search.md
DIR=docs/search
mkdir -p "$DIR"
SECONDS_PER_MOVE=$(awk "BEGIN { print $MS / 1000 }")

{
    cat <<'TEXT'
# Research searches: what they visit and how they play

Made by `benches/search_report.sh` (run it after `cargo build --release`); do not edit by hand.
The searches, the programs and what is counted are described in [search_algorithms.md](search_algorithms.md).

## Positions visited

Positions whose successors were generated (leaves included), from each game's start position at
each depth, and the share of minimax's count. `minimal` is Knuth and Moore's minimal tree: the
fewest positions any search must visit to prove the value (search_algorithms.md, "The minimal tree").

TEXT
    "$PLY" -q -g "nodes('$DIR')" -t halt benches/search/nodes.pl
    echo
    for f in "$DIR"/nodes_*.svg; do
        echo "![$(basename "$f" .svg)](search/$(basename "$f"))"
    done
    cat <<TEXT

## Elo at equal time

A round robin of \`ply match\` at $MS ms a move, each pairing playing two random openings of two
plies twice with sides swapped, a game drawn after 200 plies; Elo by maximum likelihood
(docs/match.md). Players: \`$PLAYERS\`.
TEXT
    for g in $GAMES; do
        echo
        echo "### $g"
        echo
        echo '```'
        # shellcheck disable=SC2086
        "$PLY" match "$g" $PLAYERS --games 4 --random-openings 2 --concurrency 2 --max-plies 200 \
            --time-per-move "$SECONDS_PER_MOVE" --plot "$DIR/elo_$g.svg" 2>/dev/null \
            | sed -n '/^Rank/,/^Finished/p' | grep -v '^Finished'
        echo '```'
        echo
        echo "![elo $g](search/elo_$g.svg)"
    done
} > "$OUT"
echo "wrote $OUT and $DIR/"
