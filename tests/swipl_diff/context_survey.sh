#!/bin/sh
# Compare the error contexts of the text, atom and list builtins with SWI-Prolog's:
#   sh tests/swipl_diff/context_survey.sh [PLY]      (PLY defaults to target/debug/ply)
# context_survey.pl calls each builtin with one argument of a wrong type; this runs it in both
# and prints, for each call whose context differs, swipl's line above ply's. It is a survey,
# not a golden: the formal errors still differ in places (see README.md).
set -e
cd "$(dirname "$0")"
PLY="${1:-../../target/debug/ply}"
SWIPL="${SWIPL:-swipl}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
norm() { sed -e 's/_G\{0,1\}[0-9][0-9]*/_/g' "$1"; }
"$SWIPL" -q -g main -t halt context_survey.pl >"$tmp/s" 2>&1 || true
"$PLY" -q -g main -t halt context_survey.pl >"$tmp/p" 2>&1 || true
norm "$tmp/s" | grep '=>' | sed 's|=>[a-z_]*/|=> |' >"$tmp/s1"
norm "$tmp/p" | grep '=>' | sed 's|=>[a-z_]*/|=> |' >"$tmp/p1"
diff "$tmp/s1" "$tmp/p1" || true
