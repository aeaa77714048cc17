#!/bin/sh
# Regenerate the goldens of the differential tests against SWI-Prolog 9 (see README.md):
#   sh tests/swipl_diff/regen.sh
# For each line "name stdin args..." of cases.txt it runs `swipl args` in this directory with
# stdin from the named file (- for none) and keeps its standard output, standard error and exit
# status as name.out, name.err and name.status (and likewise for lines_cases.txt, whose cases
# tests/it/swipl_lines.rs checks: swipl's lines of standard error among ply's). tests/it/swipl_diff.rs runs ply the same way.
# What differs from one run or machine to the next is written as the test normalises it, so
# that a regeneration changes a golden only when swipl's answer changed: this directory's
# absolute path becomes <dir> and a timing (`0.012 sec`, `0.00 seconds`) becomes <t>.
set -e
cd "$(dirname "$0")"
here="$(pwd -P)"
SWIPL="${SWIPL:-swipl}"
normalise() {
    sed -e "s|$here|<dir>|g" -e 's/[0-9][0-9]*\.[0-9][0-9]* sec/<t> sec/g' "$1" >"$1.tmp"
    mv "$1.tmp" "$1"
}
while read -r name stdin args; do
    [ "$stdin" = "-" ] && stdin=/dev/null
    # shellcheck disable=SC2086
    timeout 60 "$SWIPL" $args <"$stdin" >"golden/$name.out" 2>"golden/$name.err" && s=0 || s=$?
    echo "$s" >"golden/$name.status"
    normalise "golden/$name.out"
    normalise "golden/$name.err"
done <<EOF
$(cat cases.txt lines_cases.txt)
EOF
