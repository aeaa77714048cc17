#!/usr/bin/env bash
# Autograde the course example's two submissions and check their scores: full marks (10) for
# submissions/right.ipynb, 4 for submissions/wrong.ipynb (its minimax only: its evaluation
# forgets o's lines and its alpha-beta never cuts off, so it visits too many positions), and 0
# for the released notebook handed in untouched. Runs in a scratch copy of the
# course directory, so the repository gets no gradebook. Needs nbgrader and the ply kernel
# (`ply jupyter install`). Usage: bash notebooks/course/check.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/nbgrader_config.py" "$here/source" "$work/"
cd "$work"
nbgrader generate_assignment minimax --force >gen.log 2>&1 || { cat gen.log; exit 1; }
for who in right wrong; do
    mkdir -p "submitted/$who/minimax"
    cp "$here/submissions/$who.ipynb" "submitted/$who/minimax/minimax.ipynb"
done
# The student's version as released, handed in untouched: no marks.
mkdir -p submitted/blank/minimax
cp release/minimax/minimax.ipynb submitted/blank/minimax/minimax.ipynb
nbgrader autograde minimax --force >grade.log 2>&1 || { cat grade.log; exit 1; }
nbgrader export --to grades.csv >export.log 2>&1 || { cat export.log; exit 1; }
python3 - <<'PY'
import csv, sys
rows = {r["student_id"]: r for r in csv.DictReader(open("grades.csv"))}
score = {s: float(rows[s]["raw_score"]) for s in ("right", "wrong", "blank")}
top = float(rows["right"]["max_score"])
print("course example of %g marks: right %g, wrong %g, blank %g"
      % (top, score["right"], score["wrong"], score["blank"]))
ok = top == 10 and score["right"] == top and score["wrong"] == 4 and score["blank"] == 0
sys.exit(0 if ok else 1)
PY
