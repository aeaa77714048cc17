% Expansion hooks from outside: user's term_expansion/2 and goal_expansion/2 defined by the
% program and by a module it loads, expand_goal/2 and expand_term/2, current_predicate/1 of
% a qualified indicator, and the writing of alphanumeric and postfix operators.
:- op(1200, xfx, where).
term_expansion((A where B), (A :- B)).
:- use_module(expansion_hooks_mod).

colour ::= red | green | blue.

is_warm(X) where colour(X), X \== blue.

goal_expansion(twice(G), (G, G)).

hello(X) :- twice(write(X)), nl.
both(L) :- findall(X, twice(member(X, [a])), L), \+ twice(fail), forall(twice(true), true).

:- op(600, xfy, as).
:- op(10, xf, /).

show(T) :- writeq(T), nl, print(T), nl, write(T), nl.

main :-
    findall(X, colour(X), Cs), writeln(Cs),
    findall(X, is_warm(X), Ws), writeln(Ws),
    hello(hi),
    both(L), writeln(L),
    expand_goal((a, twice(b) ; \+ twice(c)), G), writeq(G), nl,
    expand_goal(findall(x, twice(y), _), G2), writeq(G2), nl,
    expand_term((p :- twice(q)), T), writeq(T), nl,
    expand_term((x where y), T2), writeq(T2), nl,
    expand_term(V, V2), ( V == V2 -> writeln(var_same) ; true ),
    ( current_predicate(user:hello/1) -> writeln(yes) ; writeln(no) ),
    ( current_predicate(expansion_hooks_mod:alts_goal/3) -> writeln(yes) ; writeln(no) ),
    ( current_predicate(user:nothing_here/7) -> writeln(yes) ; writeln(no) ),
    show([a] as b), show({a} as {b}), show("s" as 'B'), show('A' as -1),
    show(f(x) mod g), show(x is - a), show(1 as 2), show((a,b) as c), show(a as (b:-c)),
    show((-, a)), show((a, -)), show((dynamic) = x), show(- (-)), show(1 - (-)),
    X1 = (a/), show(X1), show(a/b), show([(a/), (b/c), f(a/)]),
    catch(op(10, xf, '|'), E, (print(E), nl)).
