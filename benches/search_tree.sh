#!/bin/sh
# Sizes and peak memory of search_tree/4 on the examples of issue 47: the textbook alpha-beta
# (programs/textbook/alphabeta_ru.pl) over the tic-tac-toe position after X1 O5 X8 O2 to the
# end of the game (226 calls), and over Connect Four from the start to depth 4 (and depth 6,
# 118,763 calls, for memory with ten kept and for the size limit). For each run it
# prints the calls recorded, the SVG's width and height, the file's size and the peak resident
# memory of the whole ply process (GNU time's maximum resident set size).
#
#   benches/search_tree.sh [PLY]        (PLY defaults to target/release/ply; run from the root)
set -eu
PLY=${1:-target/release/ply}
OUT=${TMPDIR:-/tmp}/ply_search_tree_bench.$$
mkdir -p "$OUT"
cat > "$OUT/ex.pl" <<'PL'
position(Squares, Depth, P) :-
    initial_position(tictactoe, inf, P0), play(Squares, P0, P1), с_глубиной(P1, Depth, P).
play([], P, P).
play([S | Ss], P0, P) :- ход(P0, P1, S), play(Ss, P1, P).
run(Start, File, Options) :-
    (   Start = ttt -> position([1, 5, 8, 2], inf, P)
    ;   Start = c4 -> initial_position(connect4, 4, P)
    ;   initial_position(connect4, 6, P)
    ),
    catch(( search_tree(альфабета/5, альфабета(P, -inf, inf, _, _), File, [nodes(N) | Options]),
            format("~w ", [N]) ),
          error(E, _), ( print_message(error, E), format("error ") )).
PL
row() {
    name=$1; start=$2; file=$OUT/$3; opts=$4
    rm -f "$file"
    calls=$(/usr/bin/time -f "%M" -o "$OUT/time" "$PLY" -q -g "run($start, '$file', $opts)" -t halt \
        programs/textbook/alphabeta_ru.pl "$OUT/ex.pl" 2>/dev/null || true)
    kb=$(cat "$OUT/time" | tail -1)
    size=0; wh="-"
    if [ -f "$file" ]; then
        size=$(stat -c %s "$file")
        case $file in *.svg) wh=$(head -2 "$file" | tail -1 | sed -n 's/.* width="\([0-9.]*\)" height="\([0-9.]*\)".*/\1 x \2/p') ;; esac
    fi
    printf '| %s | %s | %s | %s | %s MB |\n' "$name $opts" "$calls" "$wh" "$size" "$((kb / 1024))"
}
echo "| run | calls | SVG width x height | file bytes | peak RSS |"
echo "|---|---|---|---|---|"
row "ttt 226 .svg" ttt t.svg "[]"
row "ttt 226 .html" ttt t.html "[]"
row "ttt 226 .svg" ttt t2.svg "[max_nodes(10)]"
row "ttt 226 .svg" ttt t3.svg "[max_depth(2)]"
row "c4 d4 .svg" c4 c.svg "[]"
row "c4 d4 .html" c4 c.html "[]"
row "c4 d4 .svg" c4 c2.svg "[max_nodes(10)]"
row "c4 d4 .svg" c4 c3.svg "[max_nodes(100)]"
row "c4 d4 .svg" c4 c4.svg "[max_depth(2)]"
row "c4 d6 .svg" c6 c6.svg "[max_nodes(10)]"
row "c4 d6 .html" c6 c6.html "[]"
rm -rf "$OUT"
