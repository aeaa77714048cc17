% predicate_property/2 on a program's own predicates: the source properties (file, line_count,
% number_of_clauses, number_of_rules, multifile, discontiguous) in SWI-Prolog's order, and a
% predicate named as one of ply's game predicates (show/1) that the program defines itself.
:- dynamic d/1.
:- dynamic e/1.
d(1). d(2).
s(1).
s(X) :- X > 1.
:- multifile mf/1.
mf(a).
:- discontiguous dc/1.
dc(1).
show(X) :- write(X).
moves(a, [b]).

props(H, Ps) :-
    findall(P, ( predicate_property(H, P),
                 P \= last_modified_generation(_), P \= size(_) ), Ps).

main :-
    forall(member(H, [d(_), e(_), s(_), mf(_), dc(_), show(_), moves(_, _)]),
           ( props(H, Ps), print(Ps), nl )),
    assertz(d(3)), assertz((d(X) :- X > 10)), retract(d(1)),
    props(d(_), Pd), print(Pd), nl,
    predicate_property(s(_), number_of_rules(R)), print(R), nl,
    (   predicate_property(s(_), number_of_clauses(3)) -> writeln(three) ; writeln(two) ),
    predicate_property(d(_), implementation_module(M)), print(M), nl,
    (   predicate_property(undefined_here(_), file(_)) -> writeln(yes) ; writeln(no) ).
