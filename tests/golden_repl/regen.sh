#!/bin/sh
# Regenerate the toplevel's golden files (standard output only; messages on standard error, such
# as timings and spy notes, are not compared). See README.md for which file comes from what.
# Run from the repository root after `cargo build`:  sh tests/golden_repl/regen.sh
# swipl_answers.out is SWI-Prolog's (swipl 9 must be installed); the others are ply's own.
set -e
cd "$(dirname "$0")"
PLY="${PLY:-../../target/debug/ply}"
[ -n "$CARGO_TARGET_DIR" ] && PLY="${PLY_BIN:-$CARGO_TARGET_DIR/debug/ply}"
swipl -q program.pl < swipl_answers.in > swipl_answers.out 2>/dev/null
for case in answers trace listing; do
    "$PLY" -q program.pl < "$case.in" > "$case.out" 2>/dev/null
done
