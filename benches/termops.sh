#!/usr/bin/env bash
# Run benches/termops.pl under ply and under swipl, one after the other, and print each
# operation's CPU milliseconds in both and their ratio (ply / swipl).
#
#   benches/termops.sh                 # cargo build --release first
#   benches/termops.sh --no-build      # use the ply binary as it is
#   PLY=path/to/ply benches/termops.sh --no-build
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$root"
ply="${PLY:-}"
build=1
[[ ${1:-} == --no-build ]] && build=0
source "$here/ply_binary.sh"
source "$here/need_swipl.sh"
out_ply=$(mktemp)
out_swi=$(mktemp)
trap 'rm -f "$out_ply" "$out_swi"' EXIT
"$ply" -q -g main -t halt benches/termops.pl </dev/null >"$out_ply"
swipl -q -g main -t halt benches/termops.pl </dev/null >"$out_swi"
# Lines are "OP TERM: MS ms (CHECK)"; the checks must agree.
paste -d '\t' "$out_ply" "$out_swi" | awk -F '\t' '
    {
        split($1, p, " "); split($2, s, " ");
        name = p[1] " " p[2];
        cp = $1; sub(/.*\(/, "", cp); cs = $2; sub(/.*\(/, "", cs);
        ratio = (s[3] > 0) ? sprintf("%.2f", p[3] / s[3]) : "-";
        note = (cp == cs) ? "" : "  CHECK DIFFERS: ply (" cp " swipl (" cs;
        printf "%-26s ply %6d ms  swipl %6d ms  ratio %s%s\n", name, p[3], s[3], ratio, note;
    }'
