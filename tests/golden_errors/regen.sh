#!/bin/sh
# Regenerate the golden error reports by running ply (standard error only; see README.md).
# Run from the repository root after `cargo build`:  sh tests/golden_errors/regen.sh
# tests/it/error_reports.rs runs the same command lines and compares byte for byte.
set -e
cd "$(dirname "$0")"
PLY="${PLY:-../../target/debug/ply}"
[ -n "$CARGO_TARGET_DIR" ] && PLY="${PLY_BIN:-$CARGO_TARGET_DIR/debug/ply}"
"$PLY" -q -g u -t halt calc.pl </dev/null 2>goal.err >/dev/null || true
"$PLY" -q -g caught -t halt calc.pl </dev/null 2>print_message.err >/dev/null
"$PLY" -q -t halt directive.pl </dev/null 2>directive.err >/dev/null
"$PLY" -q calc.pl <toplevel.in 2>toplevel.err >/dev/null
"$PLY" -q -g v -t halt thrown.pl </dev/null 2>thrown.err >/dev/null || true
"$PLY" -q -g v_caught -t halt thrown.pl </dev/null 2>thrown_caught.err >/dev/null
# Messages name a loaded file by its absolute path, as SWI-Prolog's do; the goldens say <dir>
# for this directory, as tests/it/error_reports.rs does.
here="$(pwd -P)"
for f in goal.err print_message.err directive.err toplevel.err thrown.err thrown_caught.err; do
    sed "s|$here|<dir>|g" "$f" >"$f.tmp" && mv "$f.tmp" "$f"
done
