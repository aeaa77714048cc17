#!/bin/sh
# Regenerate the expected output of the library(clpfd) cases by running SWI-Prolog. From the
# repository root:  sh tests/clpfd/regen.sh
# puzzles.out is swipl's output of puzzles.pl; queries.swipl holds swipl's toplevel answer to
# each query of queries.txt (after loading library(clpfd); blank lines dropped).
set -e
cd "$(dirname "$0")"
swipl -q -g main -t halt puzzles.pl > puzzles.out
: > queries.swipl
while IFS= read -r q; do
    echo "== $q" >> queries.swipl
    printf 'use_module(library(clpfd)).\n%s\n' "$q" | swipl -q 2>/dev/null | grep -v '^$' | tail -n +2 >> queries.swipl || true
done < queries.txt
