/*  Loads ply's Prolog library (the files in src/library) into SWI-Prolog's user
    module, replacing SWI's own definitions of the same predicates, so the
    conformance cases for lists, bagof/setof, aggregate_all and DCGs can
    check ply's library code under swipl.  Run from the repository root:

        swipl -q tests/conformance/swipl_ply_library.pl tests/conformance/harness.pl

    (check_with_swipl.sh does this as its second pass.)
*/

:- redefine_system_predicate(bagof(_, _, _)).
:- redefine_system_predicate(setof(_, _, _)).
:- redefine_system_predicate(^(_, _)).
:- redefine_system_predicate(phrase(_, _)).
:- redefine_system_predicate(phrase(_, _, _)).
:- redefine_system_predicate(dcg_translate_rule(_, _)).

:- consult('src/library/lists.pl').
:- consult('src/library/apply.pl').
:- consult('src/library/control.pl').
:- consult('src/library/dcg.pl').
:- consult('src/library/aggregate.pl').
:- consult('src/library/ordsets.pl').
:- consult('src/library/assoc.pl').
:- consult('src/library/error.pl').
