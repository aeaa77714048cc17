#!/usr/bin/env bash
# Times a suite of programs that each define top/0 (the classic programs of SWI-Prolog's public
# benchmark suite, github.com/SWI-Prolog/bench, `programs/`; fetch it outside this repository) in
# SWI-Prolog and in one or more ply binaries, side by side in one run, and prints a table: the
# best CPU seconds of R runs for each system, each ply's ratio to swipl, and the geometric means.
#
#   benches/suite.sh --suite DIR [--ply NAME=PATH]... [--runs R] [--scale F] [--timeout S]
#                    [--markdown] [PROGRAM...]
#
# Each run of a program loads a prelude, the program and a harness into a fresh process:
#   PROLOG -q -g "'$suite_time'(N)" -t halt LOADER.pl
# where LOADER.pl (written to a temporary folder) loads benches/suite_prelude.pl, the program
# and benches/suite_harness.pl. The harness runs top/0 N times the way the suite's run.pl does
# (`\+ \+ top` in a failure-driven loop), subtracts the same loop over `true`, and prints the
# CPU seconds measured inside the process, so start-up and loading are not timed. N is the
# suite's own iteration count (programs.pl, tuned to about a second on a fast machine) times
# --scale (default 0.5). The runs of the systems alternate (swipl, ply 1, ply 2, ..., then again),
# so a change in the machine's load reaches them alike. A program whose top/0 fails or raises in
# any system is marked and left out of the means. Without --ply, the release binary of this
# checkout is used (built unless it is there).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
suite=""
runs=3
scale=0.5
timeout_s=120
markdown=0
plys=()
programs=()

source "$here/usage.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        --suite) [[ $# -ge 2 ]] || usage; suite=$2; shift 2 ;;
        --ply) [[ $# -ge 2 ]] || usage; plys+=("$2"); shift 2 ;;
        --runs | -n) [[ $# -ge 2 ]] || usage; runs=$2; shift 2 ;;
        --scale) [[ $# -ge 2 ]] || usage; scale=$2; shift 2 ;;
        --timeout) [[ $# -ge 2 ]] || usage; timeout_s=$2; shift 2 ;;
        --markdown) markdown=1; shift ;;
        -h | --help) usage ;;
        -*) echo "unknown option: $1" >&2; usage ;;
        *) programs+=("${1%.pl}"); shift ;;
    esac
done
[[ -n $suite && -d $suite/programs ]] || { echo "--suite must name a checkout of SWI-Prolog's bench (with programs/)" >&2; exit 64; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "--runs needs a positive integer" >&2; exit 64; }

source "$here/need_swipl.sh"
if [[ ${#plys[@]} -eq 0 ]]; then
    ply=""
    build=1
    cd "$root"
    source "$here/ply_binary.sh"
    plys=("ply=$ply")
fi
for p in "${plys[@]}"; do
    [[ $p == *=* && -x ${p#*=} ]] || { echo "--ply takes NAME=PATH of an executable: $p" >&2; exit 64; }
done

# The suite's iteration counts: `program(Name, Times).` lines of programs.pl.
declare -A times
while read -r name n; do times[$name]=$n; done < <(
    sed -n 's/^program(\([a-z_0-9]*\),[[:space:]]*\([0-9]*\)).*/\1 \2/p' "$suite/programs.pl")
if [[ ${#programs[@]} -eq 0 ]]; then
    for f in "$suite"/programs/*.pl; do
        n=$(basename "$f" .pl)
        # det uses SWI-Prolog's single-sided unification (=>) and queens_clpfd library(clpfd).
        [[ $n == det || $n == queens_clpfd ]] && continue
        [[ -n ${times[$n]:-} ]] && programs+=("$n")
    done
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One timed run: prints the CPU seconds, or a word saying why there are none.
run_one() {
    local prolog=$1 loader=$2 n=$3 out
    if out=$(timeout "$timeout_s" "$prolog" -q -g "'\$suite_time'($n)" -t halt "$loader" </dev/null 2>/dev/null); then
        out=$(printf '%s\n' "$out" | tail -n 1)
        [[ $out =~ ^[0-9.]+$ ]] && { echo "$out"; return; }
        echo "failed"
    else
        [[ $? -eq 124 ]] && echo "timeout" || echo "failed"
    fi
}

names=("swipl")
for p in "${plys[@]}"; do names+=("${p%%=*}"); done
paths=("swipl")
for p in "${plys[@]}"; do paths+=("${p#*=}"); done

if [[ $markdown -eq 1 ]]; then
    header="| program | N |"; rule="|---|---:|"
    for nm in "${names[@]}"; do header+=" $nm s |"; rule+="---:|"; done
    for nm in "${names[@]:1}"; do header+=" $nm/swipl |"; rule+="---:|"; done
    echo "$header"; echo "$rule"
else
    printf '%-16s %9s' program N
    for nm in "${names[@]}"; do printf ' %10s' "$nm"; done
    for nm in "${names[@]:1}"; do printf ' %10s' "$nm/sw"; done
    echo
fi

declare -a logsum
for ((i = 1; i < ${#names[@]}; i++)); do logsum[i]=0; done
counted=0
for prog in "${programs[@]}"; do
    n=$(awk -v t="${times[$prog]}" -v s="$scale" 'BEGIN { n = int(t * s + 0.5); print (n < 1 ? 1 : n) }')
    loader="$work/$prog.pl"
    printf ":- ensure_loaded('%s').\n:- ensure_loaded('%s').\n:- ensure_loaded('%s').\n" \
        "$here/suite_prelude.pl" "$suite/programs/$prog.pl" "$here/suite_harness.pl" >"$loader"
    declare -a best=()
    for ((i = 0; i < ${#paths[@]}; i++)); do best[i]=""; done
    for ((r = 0; r < runs; r++)); do
        for ((i = 0; i < ${#paths[@]}; i++)); do
            t=$(run_one "${paths[i]}" "$loader" "$n")
            if [[ $t =~ ^[0-9.]+$ ]]; then
                if [[ -z ${best[i]} || ! ${best[i]} =~ ^[0-9.]+$ ]] || awk -v a="$t" -v b="${best[i]}" 'BEGIN { exit !(a < b) }'; then
                    best[i]=$t
                fi
            elif [[ -z ${best[i]} ]]; then
                best[i]=$t
            fi
        done
    done
    ok=1
    for b in "${best[@]}"; do [[ $b =~ ^[0-9.]+$ ]] || ok=0; done
    row=()
    for b in "${best[@]}"; do row+=("$b"); done
    ratios=()
    for ((i = 1; i < ${#paths[@]}; i++)); do
        if [[ $ok -eq 1 ]]; then
            rt=$(awk -v a="${best[i]}" -v b="${best[0]}" 'BEGIN { if (b <= 0) b = 0.0001; printf "%.3f", a / b }')
            ratios+=("$rt")
            logsum[i]=$(awk -v s="${logsum[i]}" -v r="$rt" 'BEGIN { printf "%.9f", s + log(r) }')
        else
            ratios+=("-")
        fi
    done
    [[ $ok -eq 1 ]] && counted=$((counted + 1))
    if [[ $markdown -eq 1 ]]; then
        line="| $prog | $n |"
        for b in "${row[@]}"; do line+=" $b |"; done
        for rt in "${ratios[@]}"; do line+=" $rt |"; done
        echo "$line"
    else
        printf '%-16s %9s' "$prog" "$n"
        for b in "${row[@]}"; do printf ' %10s' "$b"; done
        for rt in "${ratios[@]}"; do printf ' %10s' "$rt"; done
        echo
    fi
done

if [[ $counted -gt 0 ]]; then
    line="geometric mean over $counted programs:"
    for ((i = 1; i < ${#names[@]}; i++)); do
        line+=" ${names[i]}/swipl $(awk -v s="${logsum[i]}" -v c="$counted" 'BEGIN { printf "%.3f", exp(s / c) }')"
    done
    echo
    echo "$line"
fi
