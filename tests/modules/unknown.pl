% Unknown procedures in and across modules: the error and SWI-Prolog's "However, there are
% definitions for:" lines (the same name in another arity or module, a near name, a module of
% a near name). Each error is printed by print_message/2.
:- use_module(unk_a).
:- dynamic dynpred/1.

main :- forall(goal(G), ( catch(G, E, true), report(E) )).

report(E) :- var(E), !, writeln(succeeded).
report(E) :- print_message(error, E).

goal(helpre(1)).
goal(lenght(a, b)).
goal(private_thing(1)).
goal(zork(1)).
goal(zork).
goal(unk_a:zorkk).
goal(dynpre(1)).
goal(undefd(1)).
goal(other:helper(1)).
goal(unk_a:helper(1, 2)).
goal(unk_a:lenght(1, 2)).
goal(unk_a:main(1, 2)).
goal(tab(1, 2, 3)).
goal(unk_aa:zork).
goal(nl(1, 2)).
goal(zap(1)).
goal(elsewhere:zap(1)).
goal(true(1, 2, 3)).
goal(unk_a:zap(1)).
goal(main(1)).
goal(mainx).
goal(call(zapp)).
goal(unk_a:private_thin(1)).
goal(unk_a:privateThing(2)).
goal(thing_private(1)).
goal('минимак'(1)).

uses_undefd :- undefd(1).
