#!/bin/sh
# Random playouts of a GDL rule sheet, ply against swipl, on the same games: the moves come from
# benches/gdl/playouts.pl's own generator, so both systems play the same playouts and print the
# same number of joint moves. ply loads the sheet with gdl_load/1; swipl consults the same
# translation, as `gdl2pl` prints it (plain Prolog: the state a sorted list searched with
# memberchk/2 and member/2, recursive relations tabled). Each run is timed by the system's own
# cputime; the best of ROUNDS runs, interleaved, is kept.
# Usage: benches/gdl/speed.sh SHEET PLAYOUTS [ROUNDS]
#   (after cargo build --release and cargo build --release -p ply-gdl --example gdl2pl)
set -e
SHEET=$1
N=${2:-100}
ROUNDS=${3:-3}
PLY=${PLY:-target/release/ply}
GDL2PL=${GDL2PL:-target/release/examples/gdl2pl}
DIR=$(dirname "$0")
TMP=${TMPDIR:-/tmp}/gdl_speed.$$
mkdir -p "$TMP"
"$GDL2PL" "$SHEET" > "$TMP/sheet.pl"
: > "$TMP/ply.out"; : > "$TMP/swi.out"
for i in $(seq "$ROUNDS"); do
    "$PLY" -q -g "gdl_load('$SHEET'), consult('$DIR/playouts.pl'), gdl_bench($N), halt" \
        -t halt >> "$TMP/ply.out"
    swipl -q -g "consult('$TMP/sheet.pl'), consult('$DIR/playouts.pl'), gdl_bench($N), halt" \
        -t halt >> "$TMP/swi.out"
done
best() { sed 's/.*cpu //' "$1" | sort -n | head -1; }
moves() { head -1 "$1" | sed 's/.*joint_moves \([0-9]*\).*/\1/'; }
p=$(best "$TMP/ply.out"); s=$(best "$TMP/swi.out")
[ "$(moves "$TMP/ply.out")" = "$(moves "$TMP/swi.out")" ] ||
    { echo "different playouts: $(cat "$TMP/ply.out" "$TMP/swi.out")" >&2; exit 1; }
echo "$(basename "$SHEET") playouts=$N joint_moves=$(moves "$TMP/ply.out") ply=${p}s swipl=${s}s ply/swipl=$(echo "scale=2; $p / $s" | bc)"
rm -rf "$TMP"
