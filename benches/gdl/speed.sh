#!/bin/sh
# Random playouts of GDL rule sheets: ply against swipl, on the same games. The moves come from
# benches/gdl/playouts.pl's own generator, so every run plays the same playouts and prints the
# same number of joint moves (checked). Three runs per sheet and round, interleaved:
#   swipl  consults the plain translation (`gdl2pl SHEET`: the state a sorted list searched with
#          memberchk/2 and member/2, GDL rules as clauses, recursive relations tabled);
#   plain  ply consults the same plain translation (for the diary: the engines on one program);
#   ply    ply loads the sheet with gdl_load/1 (the indexed translation, `gdl2pl --indexed`).
# Each run is timed by the system's own cputime; the best of ROUNDS runs is kept. One line per
# sheet: playouts, joint moves, the three best times, ply/swipl and plain/swipl.
# With PLY_BEFORE=BINARY, a fourth run per round loads the sheet with that ply as well (an older
# build), and the line ends with its best time and its ratio to swipl's: before and after side by
# side, interleaved.
# Usage: benches/gdl/speed.sh ROUNDS SHEET:PLAYOUTS ...
#   (after cargo build --release && cargo build --release -p ply-gdl --example gdl2pl)
set -e
ROUNDS=$1
shift
PLY=${PLY:-target/release/ply}
GDL2PL=${GDL2PL:-target/release/examples/gdl2pl}
DIR=$(dirname "$0")
TMP=${TMPDIR:-/tmp}/gdl_speed.$$
mkdir -p "$TMP"
ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
best() { sed 's/.*cpu //' "$1" | sort -n | head -1; }
moves() { sed 's/.*joint_moves \([0-9]*\).*/\1/' "$1" | sort -u | tr '\n' ' ' | sed 's/ $//'; }
printf '%-28s %8s %11s %9s %9s %9s %9s %9s' sheet playouts joint_moves swipl plain ply ply/swipl plain/swipl
[ -n "$PLY_BEFORE" ] && printf ' %9s %9s' before before/swipl
echo
for spec in "$@"; do
    SHEET=${spec%:*}
    N=${spec##*:}
    "$GDL2PL" "$SHEET" > "$TMP/sheet.pl"
    : > "$TMP/ply.out"; : > "$TMP/plain.out"; : > "$TMP/swi.out"; : > "$TMP/before.out"
    for i in $(seq "$ROUNDS"); do
        swipl -q -g "consult('$TMP/sheet.pl'), consult('$DIR/playouts.pl'), gdl_bench($N), halt" \
            -t halt >> "$TMP/swi.out" 2>/dev/null
        "$PLY" -q -g "consult('$TMP/sheet.pl'), consult('$DIR/playouts.pl'), gdl_bench($N), halt" \
            -t halt >> "$TMP/plain.out" 2>/dev/null
        "$PLY" -q -g "gdl_load('$SHEET'), consult('$DIR/playouts.pl'), gdl_bench($N), halt" \
            -t halt >> "$TMP/ply.out" 2>/dev/null
        [ -z "$PLY_BEFORE" ] ||
            "$PLY_BEFORE" -q -g "gdl_load('$SHEET'), consult('$DIR/playouts.pl'), gdl_bench($N), halt" \
                -t halt >> "$TMP/before.out" 2>/dev/null
    done
    m=$(moves "$TMP/swi.out")
    [ "$(moves "$TMP/ply.out")" = "$m" ] && [ "$(moves "$TMP/plain.out")" = "$m" ] ||
        { echo "different playouts: $(cat "$TMP"/*.out)" >&2; exit 1; }
    s=$(best "$TMP/swi.out"); pl=$(best "$TMP/plain.out"); p=$(best "$TMP/ply.out")
    printf '%-28s %8s %11s %9s %9s %9s %9s %9s' "$(basename "$SHEET")" "$N" "$m" "$s" "$pl" "$p" \
        "$(ratio "$p" "$s")" "$(ratio "$pl" "$s")"
    if [ -n "$PLY_BEFORE" ]; then
        [ "$(moves "$TMP/before.out")" = "$m" ] || { echo "different playouts (before)" >&2; exit 1; }
        b=$(best "$TMP/before.out")
        printf ' %9s %9s' "$b" "$(ratio "$b" "$s")"
    fi
    echo
done
rm -rf "$TMP"
