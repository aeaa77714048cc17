#!/bin/sh
# Time benches/dicts.pl (dict access) under swipl and under each ply given, interleaved, best
# of N CPU seconds, and print the ratios to swipl:
#   benches/dicts.sh [N] PLY...      e.g. benches/dicts.sh 5 /tmp/ply-main target/release/ply
set -e
n=${1:-5}; shift
plys=""
for p in "$@"; do plys="$plys $(realpath "$p")"; done
# shellcheck disable=SC2086
set -- $plys
cd "$(dirname "$0")"
cpu() { /usr/bin/time -f "%U %S" -o /tmp/dicts_bench.time "$@" -q -g main -t halt dicts.pl >/dev/null 2>&1; awk '{printf "%.2f", $1+$2}' /tmp/dicts_bench.time; }
best() { echo "$1 $2" | awk '{print ($1<$2)?$1:$2}'; }
sw=999; b1=999; b2=999; b3=999
for i in $(seq "$n"); do
    sw=$(best "$(cpu swipl)" "$sw")
    j=1
    for p in "$@"; do
        t=$(cpu "$p")
        eval "b$j=\$(best \"\$t\" \"\$b$j\")"
        j=$((j + 1))
    done
done
echo "swipl $sw"
j=1
for p in "$@"; do
    eval "t=\$b$j"
    echo "$p $t $(echo "$t $sw" | awk '{printf "%.2f", $1/$2}')"
    j=$((j + 1))
done
