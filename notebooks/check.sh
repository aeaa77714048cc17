#!/usr/bin/env bash
# Run every notebook of notebooks/ top to bottom on the ply kernel (jupyter nbconvert fails on a
# cell that raises), then autograde the course example (course/check.sh). The kernelspec is
# written into a scratch Jupyter path for the ply given (default target/debug/ply), so nothing
# is installed for the user. Needs nbconvert, nbclient, ipykernel and nbgrader.
# Usage: bash notebooks/check.sh [PLY]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ply="$(realpath "${1:-$here/../target/debug/ply}")"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$ply" jupyter install --prefix "$scratch/kernel" >/dev/null
export JUPYTER_PATH="$scratch/kernel/share/jupyter"
start=$SECONDS
jupyter nbconvert --execute --to notebook --output-dir "$scratch/out" "$here"/*.ipynb 2>"$scratch/log" \
    || { cat "$scratch/log"; exit 1; }
echo "notebooks: $(ls "$scratch/out" | wc -l) ran without an error cell in $((SECONDS - start)) s"
bash "$here/course/check.sh"
