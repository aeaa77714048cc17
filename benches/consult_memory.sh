#!/usr/bin/env bash
# Peak memory and load time of consulting large programs, in ply and in SWI-Prolog, side by
# side. Writes four programs into a temporary directory, then runs `PROLOG -q -g halt FILE` on
# each under /usr/bin/time and prints the peak resident set size (whole process, runtime
# included) and the wall-clock load time of both systems, and ply's ratio to swipl for each.
#
#   facts_atomic    400,000 facts  edge(N, M, aK).
#   facts_compound  400,000 facts  fact(N, f(N, [a,b]), "text N").
#   rules           100,000 rules  rule(N, X, Y) :- X > N, Y is X * N + 1, atom(aK).
#   preds           100,000 predicates of one small rule each  pN(X, Y) :- q(X, Z), Y = [Z|X].
#
#   benches/consult_memory.sh [--no-build] [--ply PATH] [--scale F] [--keep DIR]
#
# --scale F multiplies every clause count by F (e.g. 0.1 for a quick run); --keep DIR writes
# the programs into DIR and leaves them there.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build=1
ply=""
scale=1
keep=""
source "$here/usage.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        --no-build) build=0; shift ;;
        --ply) ply=$2; shift 2 ;;
        --scale) scale=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        *) usage ;;
    esac
done

cd "$root"
source "$here/need_swipl.sh"
source "$here/ply_binary.sh"

if [[ -n $keep ]]; then
    dir=$keep
    mkdir -p "$dir"
else
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
fi

# gen KIND COUNT FILE: writes COUNT clauses of one kind (see the header).
gen() {
    awk -v kind="$1" -v n="$2" 'BEGIN {
        srand(42)
        for (i = 0; i < n; i++) {
            if (kind == "facts_atomic")
                printf "edge(%d, %d, a%d).\n", i, int(rand() * n), i % 1000
            else if (kind == "facts_compound")
                printf "fact(%d, f(%d, [a,b]), \"text %d\").\n", i, i, i
            else if (kind == "rules")
                printf "rule(%d, X, Y) :- X > %d, Y is X * %d + 1, atom(a%d).\n", i, i, i, i % 1000
            else if (kind == "preds")
                printf "p%d(X, Y) :- q(X, Z), Y = [Z|X].\n", i
        }
        if (kind == "preds") print "q(X, X)."
    }' > "$3"
}

count() { awk -v n="$1" -v s="$scale" 'BEGIN { printf "%d", n * s }'; }

# measure SYSTEM FILE: prints "peak_kB seconds" of one load.
measure() {
    /usr/bin/time -f '%M %e' -o "$dir/time.out" "$1" -q -g halt "$2" </dev/null >/dev/null 2>&1
    cat "$dir/time.out"
}

printf '%-16s %9s %12s %12s %8s %10s %10s %8s\n' program clauses "ply MB" "swipl MB" ratio \
    "ply s" "swipl s" ratio
for kind in facts_atomic facts_compound rules preds; do
    case $kind in
        facts_*) n=$(count 400000) ;;
        *) n=$(count 100000) ;;
    esac
    file="$dir/$kind.pl"
    gen "$kind" "$n" "$file"
    read -r pk pt < <(measure "$ply" "$file")
    read -r sk st < <(measure swipl "$file")
    awk -v k="$kind" -v n="$n" -v pk="$pk" -v sk="$sk" -v pt="$pt" -v st="$st" 'BEGIN {
        printf "%-16s %9d %12.1f %12.1f %8.2f %10.2f %10.2f %8.2f\n", k, n, pk / 1024, sk / 1024,
            pk / sk, pt, st, (st > 0 ? pt / st : 0)
    }'
done
