#!/usr/bin/env bash
# Times every benchmark program of benches/ in ply and in SWI-Prolog, side by
# side, checks that both print the same result line, and prints a table of the
# best wall-clock time of N runs, the ratio ply/swipl, and the geometric mean
# of the ratios.
#
#   benches/run.sh [--runs N] [--markdown] [--no-build] [--ply PATH]
#                  [--timeout SECONDS] [PROGRAM...]
#
# PROGRAM is a name such as nrev or nrev.pl; without one, every benches/*.pl runs.
# Each program is run as
#   PROLOG -q -g bench -t halt benches/NAME.pl </dev/null
# with PROLOG = the ply release binary and PROLOG = swipl. The options come
# before the file because SWI-Prolog 9 treats everything after the first file
# as arguments of the program (and would ignore -g); ply accepts both orders.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

runs=3
markdown=0
build=1
timeout_s=300
ply=""
programs=()

usage() {
    sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

while [[ $# -gt 0 ]]; do
    case $1 in
        --runs | -n) [[ $# -ge 2 ]] || usage; runs=$2; shift 2 ;;
        --markdown) markdown=1; shift ;;
        --no-build) build=0; shift ;;
        --ply) [[ $# -ge 2 ]] || usage; ply=$2; shift 2 ;;
        --timeout) [[ $# -ge 2 ]] || usage; timeout_s=$2; shift 2 ;;
        -h | --help) usage ;;
        -*) echo "unknown option: $1" >&2; usage ;;
        *) programs+=("${1%.pl}"); shift ;;
    esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "--runs needs a positive integer" >&2; exit 64; }

cd "$root"

# SWI-Prolog is the reference; install it when it is missing.
if ! command -v swipl >/dev/null 2>&1; then
    echo "swipl not found; installing swi-prolog-nox" >&2
    if [[ $(id -u) -eq 0 ]]; then
        apt-get update && apt-get install -y swi-prolog-nox
    else
        sudo apt-get update && sudo apt-get install -y swi-prolog-nox
    fi
fi

# ply in release mode. A failed build is reported and leaves ply as n/a
# rather than stopping the swipl measurements.
if [[ -z $ply ]]; then
    ply="${CARGO_TARGET_DIR:-$root/target}/release/ply"
    if [[ $build -eq 1 ]]; then
        if ! cargo build --release >&2; then
            echo "cargo build --release failed; ply results will be n/a" >&2
        fi
    fi
fi
if [[ ! -x $ply ]]; then
    echo "ply binary not found at $ply; ply results will be n/a" >&2
fi

if [[ ${#programs[@]} -eq 0 ]]; then
    for f in "$here"/*.pl; do
        # harness.pl is the shared rounds/2 loop, not a program.
        [[ $(basename "$f") == harness.pl ]] && continue
        programs+=("$(basename "$f" .pl)")
    done
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

# best_time SYSTEM FILE OUT: runs SYSTEM on FILE $runs times, leaves the
# stdout of the first run in OUT and prints the best wall-clock time in
# seconds; returns non-zero if any run fails, times out or prints something
# different from the first run.
best_time() {
    local system=$1 file=$2 out=$3 best="" i start end t status
    for ((i = 0; i < runs; i++)); do
        start=$(now)
        set +e
        timeout "$timeout_s" "$system" -q -g bench -t halt "$file" </dev/null >"$tmp/run.out" 2>"$tmp/run.err"
        status=$?
        set -e
        end=$(now)
        if [[ $status -ne 0 ]]; then
            return 1
        fi
        if [[ $i -eq 0 ]]; then
            cp "$tmp/run.out" "$out"
        elif ! cmp -s "$tmp/run.out" "$out"; then
            return 1
        fi
        t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
        if [[ -z $best ]] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then
            best=$t
        fi
    done
    echo "$best"
}

rows=()
notes=()
log_sum=0
counted=0
for name in "${programs[@]}"; do
    file="benches/$name.pl"
    if [[ ! -f $file ]]; then
        echo "no such benchmark: $file" >&2
        exit 64
    fi
    echo "running $name" >&2
    swipl_t="n/a"
    ply_t="n/a"
    ratio="n/a"
    if ! swipl_t=$(best_time swipl "$file" "$tmp/swipl.out"); then
        swipl_t="n/a"
        notes+=("$name: swipl failed or was not deterministic; excluded from the geometric mean")
    fi
    if [[ -x $ply ]]; then
        if ! ply_t=$(best_time "$ply" "$file" "$tmp/ply.out"); then
            ply_t="n/a"
            notes+=("$name: ply failed, timed out or was not deterministic; excluded from the geometric mean")
        elif [[ $swipl_t != "n/a" ]] && ! cmp -s "$tmp/swipl.out" "$tmp/ply.out"; then
            notes+=("$name: ply printed a different result from swipl; excluded from the geometric mean")
            ply_t="n/a"
        fi
    else
        notes+=("$name: no ply binary; excluded from the geometric mean")
    fi
    if [[ $swipl_t != "n/a" && $ply_t != "n/a" ]]; then
        ratio=$(awk -v p="$ply_t" -v s="$swipl_t" 'BEGIN { if (s <= 0) s = 0.001; printf "%.2f", p / s }')
        log_sum=$(awk -v l="$log_sum" -v p="$ply_t" -v s="$swipl_t" \
            'BEGIN { if (s <= 0) s = 0.001; if (p <= 0) p = 0.001; printf "%.12f", l + log(p / s) }')
        counted=$((counted + 1))
    fi
    rows+=("$name|$swipl_t|$ply_t|$ratio")
done

if [[ $counted -gt 0 ]]; then
    geomean=$(awk -v l="$log_sum" -v n="$counted" 'BEGIN { printf "%.2f", exp(l / n) }')
else
    geomean="n/a"
fi
total=${#rows[@]}

if [[ $markdown -eq 1 ]]; then
    echo "| program | swipl s | ply s | ply/swipl |"
    echo "|---|---:|---:|---:|"
    for row in "${rows[@]}"; do
        IFS='|' read -r name s p r <<<"$row"
        echo "| $name | $s | $p | $r |"
    done
    echo "| **geometric mean** ($counted of $total) | | | **$geomean** |"
else
    printf '%-14s %9s %9s %10s\n' program "swipl s" "ply s" "ply/swipl"
    for row in "${rows[@]}"; do
        IFS='|' read -r name s p r <<<"$row"
        printf '%-14s %9s %9s %10s\n' "$name" "$s" "$p" "$r"
    done
    printf '%-14s %9s %9s %10s\n' "geomean" "" "" "$geomean"
    echo "(geometric mean over $counted of $total programs; best of $runs runs each)"
fi
for note in "${notes[@]+"${notes[@]}"}"; do
    echo "note: $note"
done
