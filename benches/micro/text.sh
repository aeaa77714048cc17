#!/usr/bin/env bash
# The text builtins of benches/micro/text.pl, ply beside swipl or two ply binaries by
# instruction counts.
#
#   benches/micro/text.sh [--runs R] [--n N] PLY
#       CPU seconds of each loop (N iterations, default 300000), best of R runs (default 5),
#       ply and swipl taking turns, and the ratio ply / swipl.
#   benches/micro/text.sh --callgrind [--n N] PLY [PLY2]
#       instructions per iteration by callgrind (N iterations, default 20000), the empty
#       loop's subtracted; with PLY2, both and the ratio PLY2 / PLY.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
file="$here/text.pl"
runs=5 n="" mode=time
while [[ $# -gt 0 ]]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --n) n=$2; shift 2 ;;
        --callgrind) mode=callgrind; shift ;;
        -h | --help) sed -n '2,11p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
[[ $# -ge 1 ]] || { sed -n '2,11p' "$0"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=$(swipl -q -g "names(Ns), forall(member(N, Ns), (write(N), nl))" -t halt "$file")

if [[ $mode == time ]]; then
    n=${n:-300000}
    for ((r = 1; r <= runs; r++)); do
        "$1" -q -g "time_all($n)" -t halt "$file" >"$work/ply.$r"
        swipl -q -g "time_all($n)" -t halt "$file" >"$work/swipl.$r"
    done
    best() { cat "$work/$1".* | awk -v b="$2" '$1 == b { if (m == "" || $2 < m) m = $2 } END { print m }'; }
    printf "%-20s %10s %10s %8s\n" bench ply swipl ratio
    for b in $names; do
        p=$(best ply "$b") s=$(best swipl "$b")
        awk -v b="$b" -v p="$p" -v s="$s" \
            'BEGIN { printf "%-20s %10.4f %10.4f %8.2f\n", b, p, s, (s > 0 ? p / s : 0) }'
    done
    exit 0
fi

n=${n:-20000}
count() { # binary bench -> instructions
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
        "$1" -q -g "bench($2, $n)" -t halt "$file" </dev/null >/dev/null 2>"$work/vg.err"
    awk '/^summary:/ { print $2 }' "$work/cg.out"
}
per_iter() { # binary -> lines "bench instructions"
    local e
    e=$(count "$1" empty)
    for b in $names; do
        [[ $b == empty ]] && { echo "empty $((e / n))"; continue; }
        echo "$b $(( ($(count "$1" "$b") - e) / n ))"
    done
}
per_iter "$1" >"$work/a"
if [[ $# -ge 2 ]]; then
    per_iter "$2" >"$work/b"
    printf "%-20s %10s %10s %8s\n" bench base new ratio
    paste -d" " "$work/a" "$work/b" | awk '{ printf "%-20s %10d %10d %8.2f\n", $1, $2, $4, ($2 > 0 ? $4 / $2 : 0) }'
else
    printf "%-20s %10s\n" bench instructions
    awk '{ printf "%-20s %10d\n", $1, $2 }' "$work/a"
fi
