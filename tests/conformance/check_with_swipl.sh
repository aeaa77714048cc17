#!/bin/sh
# Checks the conformance suite and ply's Prolog library under SWI-Prolog.
#
#   tests/conformance/check_with_swipl.sh      (from anywhere)
#
# Pass 1 runs every case against SWI-Prolog's own builtins; it must end
# with "0 failed" (cases marked iso(...) may diverge and are listed as
# "divergence, expected").  Pass 2 loads ply's library (src/library/*.pl)
# over SWI's versions of the same predicates and runs the families that
# exercise it: lists, findall (bagof/setof/aggregate_all), dcg, ordsets,
# assoc and error.
# Pass 3 checks that the library is deterministic where the answer is
# unique (no choicepoint left behind).
set -eu
cd "$(dirname "$0")/../.."

echo "== pass 1: all cases under swipl"
swipl -q tests/conformance/harness.pl

echo "== pass 2: ply's Prolog library under swipl"
PLY_CONFORMANCE_FILES="tests/conformance/lists.pl tests/conformance/findall.pl tests/conformance/dcg.pl tests/conformance/ordsets.pl tests/conformance/assoc.pl tests/conformance/error.pl" \
    swipl -q tests/conformance/swipl_ply_library.pl tests/conformance/harness.pl

echo "== pass 3: ply's Prolog library leaves no needless choicepoints"
swipl -q tests/conformance/swipl_ply_library.pl tests/conformance/library_determinism_swipl.pl
