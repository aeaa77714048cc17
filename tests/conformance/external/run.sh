#!/bin/sh
# Runs two public ISO test suites, kept outside the repository, against ply, swipl or gprolog:
#
#   tests/conformance/external/run.sh ply|swipl|gprolog ISO_DIR [PLY_BINARY]
#
# ISO_DIR holds scryer-iso-conformity-tests.pl (Scryer Prolog's encoding of Ulrich Neumerkel's
# ISO conformity assessment table, tests-pl/iso-conformity-tests.pl in mthom/scryer-prolog)
# and inria/ (the INRIA suite's case files, e.g. tests/inriasuite/ of thetrime/proscript2).
# The drivers here are ply's own; the cases are never copied into the repository.
#
# Each conformity case is cut into its own file and read with read_term/3, so a case one reader
# cannot read fails alone; syntax errors count whatever their name, and the error context
# (op/3 in Scryer's cases) is not compared. INRIA cases compare answers as multisets up to
# variant, and error terms by their formal part. Prints the two totals; details are left in
# $OUT (default /tmp/ply-iso-suites).
set -u
SYS=$1
ISO=$2
PLY=$(realpath "${3:-target/debug/ply}")
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/ply-iso-suites}
mkdir -p "$OUT/conf"
rm -f "$OUT"/conf/*.pl
awk '/^test_1 :-/{on=1} /^run_tests\(\[Test\|Tests\]\) -->/{exit} on{print}' \
    "$ISO/scryer-iso-conformity-tests.pl" |
    awk -v d="$OUT/conf" '/^test_[A-Za-z0-9_]+ *:-/{ match($0,/^test_[A-Za-z0-9_]+/); f=d "/" substr($0,RSTART,RLENGTH) ".pl" } f{print > f}'
for f in "$OUT"/conf/*.pl; do sed -i 's/),\s*op\/3)/), _)/' "$f"; done
(cd "$OUT/conf" && ls) > "$OUT/conf_list.txt"
FILES="abolish and arg arith_diff arith_eq arith_gt arith_gt= arith_lt arith_lt= asserta assertz atom atom_chars atom_codes atom_concat atom_length atomic bagof call catch-and-throw char_code clause compound copy_term current_input current_output current_predicate current_prolog_flag cut fail findall float functor if-then if-then-else integer is nonvar not_provable not_unify number number_chars number_codes once or repeat retract set_prolog_flag setof sub_atom term_diff term_eq term_gt term_gt= term_lt term_lt= true unify univ"
LIST=$(echo $FILES | sed "s/\([^ ]*\)/'\1'/g; s/ /,/g")
CONF_GOAL="conf_main('$OUT/conf','$OUT/conf_list.txt')"
INRIA_GOAL="inria_main('$ISO/inria',[$LIST])"
cd "$OUT"
case $SYS in
ply)
    cat "$HERE/prelude_cleanup.pl" "$HERE/conf_shim.pl" "$HERE/conf_driver.pl" > conf_all.pl
    $PLY -q -g "$CONF_GOAL" -t halt conf_all.pl > ply_conf.out 2> ply_conf.err
    $PLY -q -g "$INRIA_GOAL" -t halt "$HERE/inria_driver.pl" > ply_inria.out 2> ply_inria.err
    grep '^conformity' ply_conf.out; grep '^inria' ply_inria.out ;;
swipl)
    cat "$HERE/conf_shim.pl" "$HERE/conf_driver.pl" > conf_all.pl
    swipl -q -g "$CONF_GOAL" -t halt conf_all.pl > swipl_conf.out 2> swipl_conf.err
    swipl -q -g "$INRIA_GOAL" -t halt "$HERE/inria_driver.pl" > swipl_inria.out 2> swipl_inria.err
    grep '^conformity' swipl_conf.out; grep '^inria' swipl_inria.out ;;
gprolog)
    cat "$HERE/prelude_gprolog.pl" "$HERE/prelude_cleanup.pl" "$HERE/conf_shim.pl" \
        "$HERE/conf_driver.pl" > conf_all.pl
    gprolog --consult-file conf_all.pl --query-goal "$CONF_GOAL,halt" < /dev/null > gp_conf.out 2>&1
    gprolog --consult-file "$HERE/inria_driver.pl" --query-goal "$INRIA_GOAL,halt" < /dev/null > gp_inria.out 2>&1
    grep '^conformity' gp_conf.out; grep '^inria' gp_inria.out ;;
esac
