#!/bin/sh
# Read, check and play every GDL rule sheet in a directory: for each sheet, one line
#   NAME ok ROLES STEPS        (read, checked, one random playout to a terminal state)
#   NAME refused REASON        (the first diagnostic, or the error the playout raised)
#   NAME timeout               (no terminal state within the time limit)
# Usage: benches/gdl/survey.sh [PLY] [DIR] [SECONDS]   (defaults: target/release/ply,
# /work/ext/ggp, 60). The sheets are the ggp-repository's (docs/gdl.md, "Public rule sheets").
PLY=${1:-target/release/ply}
DIR=${2:-/work/ext/ggp}
LIMIT=${3:-60}
for f in "$DIR"/*.kif "$DIR"/*.gdl; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    out=$(timeout "$LIMIT" "$PLY" -q -g "catch((gdl_load('$f'), gdl_roles(Rs), length(Rs, N), gdl_init(S), gdl_random_playout(S, F, St), findall(R-V, gdl_goal(F, R, V), G0), sort(G0, G), format('ok ~w ~w ~w~n', [N, St, G])), E, (print_message(error, E), format('refused~n'))), halt" -t halt 2>/tmp/gdl_survey_err.$$)
    status=$?
    if [ $status -eq 124 ]; then
        echo "$name timeout"
    elif echo "$out" | grep -q '^ok'; then
        echo "$name $(echo "$out" | grep '^ok' | head -1)"
    else
        reason=$(grep -m1 -E 'error|ERROR' /tmp/gdl_survey_err.$$ | cut -c1-160)
        echo "$name refused $reason"
    fi
done
rm -f /tmp/gdl_survey_err.$$
