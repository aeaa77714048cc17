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
#    (docs/search/elo_GAME.svg). MCTS and proof-number search play with a time a move too
#    (mcts:time=MS, pns:time=MS).
# 3. Playouts per second: native playouts, native and Prolog MCTS iterations per game
#    (benches/search/playouts.pl, which also draws docs/search/playouts.svg).
#
# PLAYERS is the one list of the players of the Elo tables: a new search is one more word. Under
# --time-per-move every depth-limited player deepens 1, 2, ... while time is left (docs/match.md);
# id:MS, mcts:time=MS and pns:time=MS keep their own clocks, given the same MS. On 2 busy cores
# the whole run takes about 10 minutes (10 min 30 s wall-clock, 4 min 13 s CPU, last run).
set -eu
cd "$(dirname "$0")/.."
PLY=${PLY:-target/release/ply}
MS=${MS:-50}
PLAYERS=${PLAYERS:-"alphabeta:inf negamax:inf ordered:inf pvs:inf id:$MS mcts:time=$MS pns:time=$MS"}
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
    cat <<'TEXT'

## Playouts per second

From each game's start position: random playouts a second (`playout/4` called from Prolog, so
for the fastest games most of the time is the call), the plies of an average playout, and MCTS
iterations a second, native (`native_mcts/5`) and in Prolog (`programs/search/mcts_en.pl`, the
same search visit for visit), 1,000 iterations each; best of three wall-clock runs.

TEXT
    "$PLY" -q -g "playouts('$DIR')" -t halt programs/search/mcts_en.pl benches/search/playouts.pl
    echo
    echo "![playouts](search/playouts.svg)"
} > "$OUT"
echo "wrote $OUT and $DIR/"
