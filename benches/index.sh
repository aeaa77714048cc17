#!/usr/bin/env bash
# Times the indexing and assert benchmarks of benches/index/ in SWI-Prolog and in one or more
# ply binaries, side by side in one run, and prints a table: the best CPU seconds (user +
# system, as /usr/bin/time measures the whole process) of R runs for each system, the largest
# resident memory seen, and each ply's ratio to swipl. The runs alternate (swipl, ply 1, ply 2,
# ..., then again), so a change in the machine's load reaches them alike; each program's output
# must be swipl's, or its times are marked.
#
#   benches/index.sh [--ply NAME=PATH]... [--runs R] [PROGRAM...]
#
# Each run is `PROLOG -q -g bench -t halt benches/index/PROGRAM.pl`. Without --ply, the release
# binary of this checkout is used (built unless it is there).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs=5
plys=()
programs=()

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --ply) [[ $# -ge 2 ]] || usage; plys+=("$2"); shift 2 ;;
        --runs | -n) [[ $# -ge 2 ]] || usage; runs=$2; shift 2 ;;
        -h | --help) usage ;;
        -*) echo "unknown option: $1" >&2; usage ;;
        *) programs+=("${1%.pl}"); shift ;;
    esac
done
source "$here/need_swipl.sh"
if [[ ${#plys[@]} -eq 0 ]]; then
    ply=""
    build=1
    cd "$root"
    source "$here/ply_binary.sh"
    plys=("ply=$ply")
fi
if [[ ${#programs[@]} -eq 0 ]]; then
    for f in "$here"/index/*.pl; do programs+=("$(basename "$f" .pl)"); done
fi

names=("swipl")
paths=("swipl")
for p in "${plys[@]}"; do names+=("${p%%=*}"); paths+=("${p#*=}"); done

# One run: "SECONDS KB OUTPUT-CHECKSUM".
run_one() {
    local prolog=$1 file=$2 t out
    t=$(mktemp)
    out=$(/usr/bin/time -f "%U %S %M" -o "$t" "$prolog" -q -g bench -t halt "$file" </dev/null 2>/dev/null | md5sum | cut -c1-8)
    read -r u s kb <"$t"
    rm -f "$t"
    echo "$(echo "$u + $s" | bc) $kb $out"
}

printf '%-10s' program
for nm in "${names[@]}"; do printf ' %10s %9s' "$nm s" "$nm MB"; done
for nm in "${names[@]:1}"; do printf ' %10s' "$nm/swipl"; done
printf '\n'
for prog in "${programs[@]}"; do
    file="$here/index/$prog.pl"
    declare -A best=() mem=() sum=()
    for ((r = 0; r < runs; r++)); do
        for i in "${!paths[@]}"; do
            read -r secs kb out < <(run_one "${paths[$i]}" "$file")
            if [[ -z ${best[$i]:-} ]] || (($(echo "$secs < ${best[$i]}" | bc))); then best[$i]=$secs; fi
            if [[ -z ${mem[$i]:-} ]] || ((kb > mem[$i])); then mem[$i]=$kb; fi
            sum[$i]=$out
        done
    done
    printf '%-10s' "$prog"
    for i in "${!paths[@]}"; do
        mark=""
        [[ ${sum[$i]} == "${sum[0]}" ]] || mark="!"
        printf ' %10s %9s' "${best[$i]}$mark" "$((mem[$i] / 1024))"
    done
    for i in "${!paths[@]}"; do
        [[ $i -eq 0 ]] && continue
        printf ' %10s' "$(echo "scale=2; ${best[$i]} / ${best[0]}" | bc)"
    done
    printf '\n'
    unset best mem sum
done
