#!/bin/sh
# Regenerates swipl_cases.txt: the warnings SWI-Prolog prints when loading swipl_cases.pl, one
# clause per line (copied to cases.pl so that file names in the messages are short and fixed).
# swipl_cases.rs builds the same clauses by hand and checks that ply's lint agrees line by line.
# Run from anywhere; needs swipl on the PATH.
set -e
cd "$(dirname "$0")"
dir=$(mktemp -d)
cp swipl_cases.pl "$dir/cases.pl"
(cd "$dir" && swipl -q -g halt cases.pl 2>&1) | sed "s|$dir/||g" > swipl_cases.txt
rm -r "$dir"
