#!/bin/sh
# Regenerate the goldens of tests/it/modules.rs from SWI-Prolog: sh tests/modules/regen.sh
# (the cases' directory is written as <dir>).
cd "$(dirname "$0")" || exit 1
dir=$(pwd -P)
grep -v '^#' cases.txt | while read -r name file goal _; do
    swipl -q -g "$goal" -t halt "$file" > "golden/$name.out" 2> "golden/$name.err"
    echo $? > "golden/$name.exit"
    sed -i "s|$dir|<dir>|g" "golden/$name.out" "golden/$name.err"
done
