% Programs that make garbage while keeping live data in every place the garbage collector must
% find it: environments, choicepoints, the trail, catch balls, findall answers, asserted clauses,
% backtrackable globals, setarg/3 and boxed values (floats, big integers, strings). Run with
% PLY_GC_GROWTH=1 the collector runs at nearly every call; the output must be the one without
% collections (and SWI-Prolog's).

:- set_prolog_flag(double_quotes, string).

% show(T): write T with its variables named A, B, ... so that outputs compare.
show(T) :- \+ \+ ( numbervars(T, 0, _), write(T) ), nl.

garbage(0) :- !.
garbage(N) :- numlist(1, 20, L), msort(L, _), N1 is N - 1, garbage(N1).

% Live data in environments across calls that collect.
env_case :-
    X = f(a, "a string", 1.5, 123456789012345678901234567890, [1,2,3]),
    garbage(50),
    Y = g(X, _Free),
    garbage(50),
    show(Y).

% Choicepoints: alternatives resumed after collections see their saved arguments.
alt(1, one(L)) :- numlist(1, 5, L).
alt(2, two(S)) :- atom_string(two, S).
alt(3, three(F)) :- F is 3.0 * 2.
choice_case :-
    findall(K-V, (alt(K, V), garbage(20)), Ps),
    show(Ps),
    (   alt(K, V), garbage(20), K >= 2 -> show(first(K, V)) ; true ).

% The trail: variables older than a choicepoint bound after it, then undone.
trail_case :-
    T = t(A, B, C),
    (   A = [x, y | B], garbage(30), C = done, fail
    ;   garbage(30), show(after_undo(T))
    ),
    A = 1, B = 2, C = 3,
    garbage(10),
    show(T).

% A ball built after choicepoints, caught after collections.
ball_case :-
    catch(( numlist(1, 8, L), garbage(30), throw(ball(L, "text", 2.5)) ),
          ball(L2, S, F),
          ( garbage(30), show(caught(L2, S, F)) )).

% findall and bagof answers that hold fresh structure and shared variables.
bag_case :-
    findall(p(X, L), (member(X, [a, b, c]), numlist(1, 3, L), garbage(10)), Ps),
    garbage(20),
    show(Ps),
    (   setof(N-Y, M^(member(N, [3, 1, 2]), M = N, Y = v(N), garbage(5)), S) -> true ; S = none ),
    show(S).

% Clauses asserted from terms built between collections.
:- dynamic stored/1.
assert_case :-
    retractall(stored(_)),
    forall(between(1, 5, I), ( numlist(1, I, L), garbage(5), assertz(stored(L)) )),
    garbage(20),
    findall(L, stored(L), Ls),
    show(Ls),
    retract(stored([1])),
    aggregate_all(count, stored(_), N),
    show(count(N)).

% Backtrackable and global variables, and setarg/3.
global_case :-
    nb_setval(kept, kept(1, [2, 3])),
    b_setval(bkey, b(4, "five")),
    garbage(20),
    b_getval(bkey, B),
    nb_getval(kept, K),
    show(B-K),
    T = s(old, old),
    (   setarg(1, T, new(1.25)), garbage(20), show(T), fail ; true ),
    show(T),
    setarg(2, T, [p, q]),
    garbage(20),
    show(T).

% Deep non-tail recursion: every level keeps a frame with a live variable.
build(0, []) :- !.
build(N, [N-S|T]) :- number_string(N, S), N1 is N - 1, build(N1, T), garbage(1).
deep_case :-
    build(200, L),
    length(L, Len),
    L = [First|_],
    last(L, Last),
    show(Len-First-Last).

% If-then-else, negation and cut keep their meaning.
control_case :-
    findall(R, ( member(X, [1, 2, 3, 4]),
                 ( X mod 2 =:= 0 -> garbage(5), R = even(X) ; \+ X = 3 -> R = odd(X) ; R = three )
               ), Rs),
    show(Rs).

main :-
    env_case, choice_case, trail_case, ball_case, bag_case, assert_case, global_case,
    deep_case, control_case.
