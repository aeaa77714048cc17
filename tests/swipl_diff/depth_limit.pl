% call_with_depth_limit/3: the depth of frames a goal reaches (the goal itself is level 1, a
% last call one level deeper than its caller), calls past the limit failing, and
% depth_limit_exceeded when the goal then fails; cuts in the called program as in call/1.
loop(0) :- !.
loop(N) :- N1 is N - 1, loop(N1).
nat(0).
nat(s(X)) :- nat(X).
a :- b.
b :- c.
c.
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
p(X) :- q(X), r.
q(1).
q(2).
r.
d(X) :- ( X > 0 -> e ; f ).
e :- f.
f.
g :- call(a).
deep :- a.
two :- deep.
two.
% A cut inside a disjunction and inside an if-then-else of the called program.
cut_or(X) :- ( member(X, [1, 2, 3]), X > 1, ! ; X = none ).
cut_ite(X) :- ( member(X, [1, 2, 3]) -> true ; X = none ), !.
cut_ite(other).
first(X) :- q(X), !.
not_a :- \+ a.
catches :- catch(a, _, true).

show(G, L) :-
    findall(G-R, call_with_depth_limit(G, L, R), Rs),
    \+ \+ ( numbervars(Rs, 0, _), writeq(L-Rs), nl ).

main :-
    forall(member(G-L, [loop(10)-100, loop(10)-5, loop(1000)-2000, a-10, a-2, a-3,
                        true-1, true-0, fail-5, app(_, _, [1, 2, 3])-10,
                        app(_, _, [1, 2, 3])-2, p(_)-10, d(1)-10, d(0)-10, g-10,
                        nat(_)-3, (a, b)-10, (a ; b)-2, two-3, two-10, two-5,
                        cut_or(_)-10, cut_ite(_)-10, first(_)-10, not_a-10, catches-10,
                        user:a-10]),
           show(G, L)),
    catch(call_with_depth_limit(throw(x), 5, _), E, true), writeq(E), nl,
    ( call_with_depth_limit(a, 3, R6) -> writeq(R6) ; writeq(failed) ), nl,
    ( call_with_depth_limit(q(X), 5, Rq), X == 1 -> writeq(Rq) ; writeq(none) ), nl,
    forall(member(Bad, [foo, _, -1]),
           ( catch(call_with_depth_limit(a, Bad, _), error(Err, _), true), writeq(Err), nl )).
