#!/bin/sh
# Regenerate the expected toplevel answers of queries.txt by running SWI-Prolog on each query
# (standard output only, blank lines dropped, each answer under its query). From the repository
# root:  sh tests/coroutining/regen.sh
# programs.out is swipl's output of programs.pl:  swipl -q -g main -t halt programs.pl
set -e
cd "$(dirname "$0")"
: > queries.swipl
while IFS= read -r q; do
    echo "== $q" >> queries.swipl
    printf '%s\n' "$q" | swipl -q 2>/dev/null | grep -v '^$' >> queries.swipl || true
done < queries.txt
swipl -q -g main -t halt programs.pl > programs.out
