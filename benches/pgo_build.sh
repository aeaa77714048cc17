#!/usr/bin/env bash
# Builds ply with profile-guided optimisation and prints the path of the binary.
#
#   benches/pgo_build.sh [--out DIR]
#
# 1. an instrumented release build (-Cprofile-generate) in DIR/gen;
# 2. the training runs below, each writing a profile;
# 3. llvm-profdata (rustup's llvm-tools component, added when missing) merges the profiles;
# 4. the release build again in DIR/use, with -Cprofile-use.
#
# The training set is what ply is for, and none of it is a benchmark of benches/: every golden
# program of tests/golden/commands.txt (textbook searches over pure-Prolog games, the seeds'
# search programs, the collector's cases), and the native game library through
# tests/games_prolog/ (perft in Prolog over five games, and the corrected textbook minimax and
# alpha-beta, Russian and English, checked position by position against the native engines on
# sample positions of every game). DIR defaults to target/pgo under CARGO_TARGET_DIR or the
# repository's target/. The whole script takes about five minutes on two cores.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out=""

source "$here/usage.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        --out) [[ $# -ge 2 ]] || usage; out=$2; shift 2 ;;
        -h | --help) usage ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done

cd "$root"
out="${out:-${CARGO_TARGET_DIR:-$root/target}/pgo}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# llvm-profdata must be the one of rustc's own LLVM, which rustup ships as llvm-tools.
host="$(rustc -vV | sed -n 's/^host: //p')"
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [[ ! -x $profdata ]]; then
    rustup component add llvm-tools >&2
fi
[[ -x $profdata ]] || { echo "no llvm-profdata at $profdata" >&2; exit 1; }

profiles="$out/profiles"
rm -rf "$profiles"
mkdir -p "$profiles"

echo "pgo: instrumented build" >&2
RUSTFLAGS="-Cprofile-generate=$profiles" cargo build --release --target-dir "$out/gen" >&2
gen="$out/gen/release/ply"

# train GOAL FILE...: one run of the instrumented ply, from the repository root. Its output is
# not checked here (the test suite checks it), and some golden programs end in an error on
# purpose (the verbatim textbook's), so only a run killed by a signal stops the script.
train() {
    local goal=$1 status=0
    shift
    echo "pgo: train $goal $*" >&2
    "$gen" -q -g "$goal" -t halt "$@" </dev/null >/dev/null 2>&1 || status=$?
    if [[ $status -ge 128 ]]; then
        echo "pgo: ply died (status $status) on $goal $*" >&2
        exit 1
    fi
}

while read -r name goal files; do
    [[ -z $name || $name == \#* ]] && continue
    # shellcheck disable=SC2086 # the file list is meant to split
    train "$goal" $files
done <tests/golden/commands.txt

train run tests/games_prolog/perft.pl
train "run_minimax(минимакс, 20), run_alphabeta(альфабета, 20)" \
    programs/textbook/bratko_15_3_minimax_corrected.pl programs/textbook/alphabeta_ru.pl \
    tests/games_prolog/agree.pl
train "run_minimax(minimax, 20), run_alphabeta(alphabeta, 20)" \
    programs/textbook/minimax_en.pl programs/textbook/alphabeta_en.pl tests/games_prolog/agree.pl

"$profdata" merge -o "$out/merged.profdata" "$profiles" >&2

echo "pgo: optimised build" >&2
RUSTFLAGS="-Cprofile-use=$out/merged.profdata" cargo build --release --target-dir "$out/use" >&2
echo "$out/use/release/ply"
