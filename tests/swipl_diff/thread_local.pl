% thread_local/1 declares a predicate with clauses of the running thread only, which in a
% single-threaded run is a dynamic predicate; abolish/1 takes a module-qualified indicator.
:- module(tl, [main/0]).
:- thread_local seen/1.
:- dynamic user:note/1.
fact(1).

main :-
    assertz(seen(a)), assertz(seen(b)),
    findall(X, seen(X), Xs), print(Xs), nl,
    retract(seen(a)),
    findall(X, seen(X), Ys), print(Ys), nl,
    assertz(user:note(x)),
    abolish(user:note/1),
    (   catch(user:note(_), error(E, _), (print(E), nl)) -> true ; writeln(no_note) ),
    abolish(tl:fact/1),
    (   catch(fact(_), error(E2, _), (print(E2), nl)) -> true ; writeln(no_fact) ),
    catch(abolish(tl:bar), error(E3, _), (print(E3), nl)).
