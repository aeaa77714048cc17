#!/bin/sh
# Regenerate the goldens of the differential tests against SWI-Prolog 9 (see README.md):
#   sh tests/swipl_diff/regen.sh
# For each line "name stdin args..." of cases.txt it runs `swipl args` in this directory with
# stdin from the named file (- for none) and keeps its standard output, standard error and exit
# status as name.out, name.err and name.status. tests/it/swipl_diff.rs runs ply the same way.
set -e
cd "$(dirname "$0")"
SWIPL="${SWIPL:-swipl}"
while read -r name stdin args; do
    [ "$stdin" = "-" ] && stdin=/dev/null
    # shellcheck disable=SC2086
    timeout 60 "$SWIPL" $args <"$stdin" >"golden/$name.out" 2>"golden/$name.err" && s=0 || s=$?
    echo "$s" >"golden/$name.status"
done <cases.txt
