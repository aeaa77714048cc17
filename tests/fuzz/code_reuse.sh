#!/usr/bin/env bash
# Differential test of code-space reuse: random programs (tests/fuzz/code_reuse_gen.py) that
# retract and assert rules with nested control constructs while calls are running through them,
# run under swipl and under ply with PLY_CODE_SCAN_GAP=1 (free code is looked for at every
# assert, so freed families are reused as often as can be). Prints each seed whose outputs
# differ and keeps its files in the work directory; exits 1 when any differs.
#
#   tests/fuzz/code_reuse.sh FIRST_SEED LAST_SEED [PLY]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
first=${1:?first seed}
last=${2:?last seed}
ply=${3:-${CARGO_TARGET_DIR:-$root/target}/release/ply}
work="$(mktemp -d)"
fails=0
for i in $(seq "$first" "$last"); do
    python3 "$here/code_reuse_gen.py" "$i" >"$work/f$i.pl"
    timeout 20 swipl -q -g main -t halt "$work/f$i.pl" >"$work/s$i.txt" 2>/dev/null || true
    PLY_CODE_SCAN_GAP=1 timeout 20 "$ply" -q -g main -t halt "$work/f$i.pl" >"$work/p$i.txt" 2>/dev/null || true
    if cmp -s "$work/s$i.txt" "$work/p$i.txt"; then
        rm -f "$work/f$i.pl" "$work/s$i.txt" "$work/p$i.txt"
    else
        echo "seed $i differs: $work/f$i.pl"
        fails=$((fails + 1))
    fi
done
echo "$((last - first + 1)) programs, $fails differ"
[[ $fails -eq 0 ]]
