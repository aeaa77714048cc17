#!/bin/sh
# Regenerate the toplevel's golden files by running ply on piped input (standard output only;
# messages on standard error, such as timings and spy notes, are not compared).
# Run from the repository root after `cargo build`:  sh tests/golden_repl/regen.sh
# The answers were checked by eye against swipl 9 given the same queries (its piped toplevel
# prints no `;` and reads keys differently, so the content is compared, not the bytes).
set -e
cd "$(dirname "$0")"
PLY="${PLY:-../../target/debug/ply}"
[ -n "$CARGO_TARGET_DIR" ] && PLY="${PLY_BIN:-$CARGO_TARGET_DIR/debug/ply}"
for case in answers trace listing; do
    "$PLY" -q program.pl < "$case.in" > "$case.out" 2>/dev/null
done
