#!/bin/sh
# Differential test of ply against SWI-Prolog over generated calls of the builtins.
#
#   tests/differential/run.sh [PLY_BINARY] [CALLS_PER_PREDICATE]
#
# Needs swipl. Generates the goals (gen.pl, fixed seed), runs them under swipl and under ply
# (eval.pl), and compares the answers, errors included (compare.pl), leaving out the documented
# divergences listed in divergences.pl. The report is printed and kept in $OUT/report.txt
# (OUT defaults to /tmp/ply-differential). A goal on which a system stops answering for 30 s,
# or crashes, is recorded as `hang` and the run resumes after it.
set -u
cd "$(dirname "$0")/../.."
PLY=${1:-target/debug/ply}
PER=${2:-40}
OUT=${OUT:-/tmp/ply-differential}
D=tests/differential
mkdir -p "$OUT"
swipl -q -g "diff_gen('$OUT/goals.pl', $PER)" -t halt $D/gen.pl || exit 2
TOTAL=$(grep -c '^g(' "$OUT/goals.pl")

# run NAME CMD...: evaluates the goals with a watchdog that skips a goal making no progress.
run() {
    name=$1; shift
    out="$OUT/$name.out"
    from=1
    : > "$out"
    while [ "$from" -le "$TOTAL" ]; do
        "$@" -q -g "diff_eval('$OUT/goals.pl', '$out', $from)" -t halt $D/eval.pl \
            > "$OUT/$name.stdout" 2> "$OUT/$name.stderr" &
        pid=$!
        last=-1
        while kill -0 $pid 2>/dev/null; do
            sleep 15
            n=$(wc -l < "$out")
            if [ "$n" = "$last" ]; then kill $pid 2>/dev/null; break; fi
            last=$n
        done
        wait $pid 2>/dev/null
        done_id=$(tail -n 1 "$out" | sed -n 's/^r(\([0-9]*\),.*/\1/p')
        [ -z "$done_id" ] && done_id=$((from - 1))
        [ "$done_id" -ge "$TOTAL" ] && break
        next=$((done_id + 1))
        echo "r($next,hang)." >> "$out"
        from=$((next + 1))
    done
}
run swipl swipl
run ply "$PLY"
swipl -q -g "diff_compare('$OUT/goals.pl', '$OUT/swipl.out', '$OUT/ply.out', '$D/divergences.pl')" \
    -t halt $D/compare.pl | tee "$OUT/report.txt"
