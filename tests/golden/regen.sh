#!/usr/bin/env bash
# Regenerates the golden files of tests/golden/ by running swipl on every case
# of commands.txt, or (with --check PROLOG) runs another Prolog system on the
# same command lines and compares its stdout and exit status with the goldens.
#
#   tests/golden/regen.sh                    # writes NAME.out, NAME.exit, NAME.err.swipl
#   tests/golden/regen.sh --check target/release/ply
#
# For every case NAME GOAL FILE... the command, run from the repository root, is
#   swipl -q -g GOAL -t halt FILE... </dev/null
# NAME.out is its stdout byte for byte, NAME.exit its exit status, and
# NAME.err.swipl its stderr with the absolute repository path replaced by
# "<root>" so that the reference text does not depend on the checkout location.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mode=regen
prolog=swipl
if [[ $# -ge 1 ]]; then
    if [[ $1 == --check && $# -eq 2 ]]; then
        mode=check
        prolog="$2"
        # A relative path to the checked binary is taken from where the script was started.
        if [[ $prolog == */* && $prolog != /* ]]; then prolog="$PWD/$prolog"; fi
    else
        echo "usage: $0 [--check PROLOG]" >&2
        exit 64
    fi
fi

cd "$root"
failures=0
while read -r name goal files; do
    [[ -z $name || $name == \#* ]] && continue
    set +e
    # shellcheck disable=SC2086 # the file list is meant to be split into words
    "$prolog" -q -g "$goal" -t halt $files </dev/null >"$here/.stdout.tmp" 2>"$here/.stderr.tmp"
    status=$?
    set -e
    if [[ $mode == regen ]]; then
        mv "$here/.stdout.tmp" "$here/$name.out"
        echo "$status" >"$here/$name.exit"
        sed "s#$root#<root>#g" "$here/.stderr.tmp" >"$here/$name.err.swipl"
        rm -f "$here/.stderr.tmp"
        echo "regenerated $name (exit $status)"
    else
        if cmp -s "$here/.stdout.tmp" "$here/$name.out" && [[ $status == "$(cat "$here/$name.exit")" ]]; then
            echo "ok   $name"
        else
            echo "FAIL $name (exit $status, expected $(cat "$here/$name.exit"))"
            diff "$here/$name.out" "$here/.stdout.tmp" || true
            failures=$((failures + 1))
        fi
        rm -f "$here/.stdout.tmp" "$here/.stderr.tmp"
    fi
done <"$here/commands.txt"

if [[ $mode == check && $failures -gt 0 ]]; then
    echo "$failures case(s) differ" >&2
    exit 1
fi
