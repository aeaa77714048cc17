#!/usr/bin/env bash
# Times every benchmark program of benches/ in ply and in SWI-Prolog, side by
# side, checks that both print the same result line, and prints a table of the
# best wall-clock time of N runs, the ratio ply/swipl, and the geometric mean
# of the ratios.
#
#   benches/run.sh [--runs N] [--markdown] [--no-build] [--ply PATH]
#                  [--timeout SECONDS] [--instructions] [PROGRAM...]
#
# --instructions also counts the instructions each system executes for one run
# of each program, with `perf stat -e instructions` where the hardware counter
# is available and under valgrind's callgrind otherwise (about 50 times slower
# than the run itself). Counts do not depend on the machine's load, so they
# compare changes more stably than times. Each program's one-line summary goes
# to stderr as soon as it is measured.
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
instructions=0
programs=()

source "$here/usage.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        --runs | -n) [[ $# -ge 2 ]] || usage; runs=$2; shift 2 ;;
        --markdown) markdown=1; shift ;;
        --no-build) build=0; shift ;;
        --ply) [[ $# -ge 2 ]] || usage; ply=$2; shift 2 ;;
        --timeout) [[ $# -ge 2 ]] || usage; timeout_s=$2; shift 2 ;;
        --instructions) instructions=1; shift ;;
        -h | --help) usage ;;
        -*) echo "unknown option: $1" >&2; usage ;;
        *) programs+=("${1%.pl}"); shift ;;
    esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "--runs needs a positive integer" >&2; exit 64; }

cd "$root"

source "$here/need_swipl.sh"

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
        # harness.pl is the shared rounds/2 loop, not a program; termops.pl times single
        # builtins (benches/termops.sh).
        [[ $(basename "$f") == harness.pl || $(basename "$f") == termops.pl ]] && continue
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

# How instructions are counted: "perf" when the kernel exposes the hardware
# counter (often not in virtual machines), else "callgrind", else none.
counter=none
if [[ $instructions -eq 1 ]]; then
    if command -v perf >/dev/null 2>&1 &&
        perf stat -x, -e instructions true 2>&1 >/dev/null | grep -q '^[0-9]'; then
        counter=perf
    elif command -v valgrind >/dev/null 2>&1; then
        counter=callgrind
    else
        echo "neither perf nor valgrind can count instructions here; counts will be n/a" >&2
    fi
fi

# instr_count SYSTEM FILE: prints the number of instructions one run of FILE
# executes in SYSTEM, in millions, or n/a.
instr_count() {
    local system=$1 file=$2 n=""
    case $counter in
        perf)
            n=$(perf stat -x, -e instructions -o "$tmp/perf.out" \
                "$system" -q -g bench -t halt "$file" </dev/null >/dev/null 2>&1 &&
                awk -F, '$3 ~ /^instructions/ { print $1 }' "$tmp/perf.out")
            ;;
        callgrind)
            rm -f "$tmp/cg.out"
            if valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
                "$system" -q -g bench -t halt "$file" </dev/null >/dev/null 2>&1; then
                n=$(awk '/^summary:/ { print $2 }' "$tmp/cg.out")
            fi
            ;;
    esac
    if [[ $n =~ ^[0-9]+$ ]]; then
        awk -v n="$n" 'BEGIN { printf "%.0f", n / 1e6 }'
    else
        echo "n/a"
    fi
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
    swipl_i="n/a"
    ply_i="n/a"
    iratio="n/a"
    if [[ $counter != none ]]; then
        [[ $swipl_t != "n/a" ]] && swipl_i=$(instr_count swipl "$file")
        [[ $ply_t != "n/a" ]] && ply_i=$(instr_count "$ply" "$file")
        if [[ $swipl_i != "n/a" && $ply_i != "n/a" ]]; then
            iratio=$(awk -v p="$ply_i" -v s="$swipl_i" 'BEGIN { if (s <= 0) s = 1; printf "%.2f", p / s }')
        fi
    fi
    summary="$name: ply $ply_t s, swipl $swipl_t s, ratio $ratio"
    if [[ $counter != none ]]; then
        summary+="; instructions ply ${ply_i}M, swipl ${swipl_i}M, ratio $iratio"
    fi
    echo "$summary" >&2
    rows+=("$name|$swipl_t|$ply_t|$ratio|$swipl_i|$ply_i|$iratio")
done

if [[ $counted -gt 0 ]]; then
    geomean=$(awk -v l="$log_sum" -v n="$counted" 'BEGIN { printf "%.2f", exp(l / n) }')
else
    geomean="n/a"
fi
total=${#rows[@]}

if [[ $markdown -eq 1 ]]; then
    if [[ $counter != none ]]; then
        echo "| program | swipl s | ply s | ply/swipl | swipl Minstr | ply Minstr | ply/swipl instr |"
        echo "|---|---:|---:|---:|---:|---:|---:|"
        for row in "${rows[@]}"; do
            IFS='|' read -r name s p r si pi ir <<<"$row"
            echo "| $name | $s | $p | $r | $si | $pi | $ir |"
        done
        echo "| **geometric mean** ($counted of $total) | | | **$geomean** | | | |"
    else
        echo "| program | swipl s | ply s | ply/swipl |"
        echo "|---|---:|---:|---:|"
        for row in "${rows[@]}"; do
            IFS='|' read -r name s p r _ <<<"$row"
            echo "| $name | $s | $p | $r |"
        done
        echo "| **geometric mean** ($counted of $total) | | | **$geomean** |"
    fi
else
    if [[ $counter != none ]]; then
        printf '%-14s %9s %9s %10s %13s %11s %10s\n' program "swipl s" "ply s" "ply/swipl" \
            "swipl Minstr" "ply Minstr" "instr"
    else
        printf '%-14s %9s %9s %10s\n' program "swipl s" "ply s" "ply/swipl"
    fi
    for row in "${rows[@]}"; do
        IFS='|' read -r name s p r si pi ir <<<"$row"
        if [[ $counter != none ]]; then
            printf '%-14s %9s %9s %10s %13s %11s %10s\n' "$name" "$s" "$p" "$r" "$si" "$pi" "$ir"
        else
            printf '%-14s %9s %9s %10s\n' "$name" "$s" "$p" "$r"
        fi
    done
    printf '%-14s %9s %9s %10s\n' "geomean" "" "" "$geomean"
    echo "(geometric mean over $counted of $total programs; best of $runs runs each)"
    [[ $counter != none ]] && echo "(instructions counted with $counter, one run each, in millions)"
fi
for note in "${notes[@]+"${notes[@]}"}"; do
    echo "note: $note"
done
