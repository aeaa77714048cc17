#!/bin/sh
# Regenerates discontiguous_swipl.txt: SWI-Prolog's warnings when loading discontiguous_swipl.pl
# (copied to t6.pl so that the file name in the messages is short and fixed).
# Run from anywhere; needs swipl on the PATH.
set -e
cd "$(dirname "$0")"
dir=$(mktemp -d)
cp discontiguous_swipl.pl "$dir/t6.pl"
(cd "$dir" && swipl -q -g halt t6.pl 2>&1) | sed "s|$dir/||g" > discontiguous_swipl.txt
rm -r "$dir"
