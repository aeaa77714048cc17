#!/usr/bin/env bash
# The big-integer benchmark set (benches/bignum/programs: factorials, Fibonacci numbers by
# addition and by fast doubling to 100,000 digits, power towers and hyperoperations, pi's
# digits by Gibbons' spigot, integer square roots, gcd, mod/rem/div, and printing and reading
# big numbers), timed in SWI-Prolog (which uses GMP) and in ply side by side: benches/suite.sh
# with this set as its suite, best of 5 runs, each program's top/0 run as many times as
# benches/bignum/programs.pl says.
#
#   benches/bignum.sh [--ply NAME=PATH]... [--runs R] [--markdown] [PROGRAM...]
#
# Every program checks its own answer (sizes, residues, digit sums computed by SWI-Prolog), so
# a wrong result is never timed as a fast one.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec "$here/suite.sh" --suite "$here/bignum" --runs 5 --scale 1 "$@"
