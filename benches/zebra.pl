% zebra: the five houses puzzle ("who owns the zebra, who drinks water"),
% solved by unification over a list of partially known houses, repeated.
% Measures unification of structures with many unbound variables.

% house(Colour, Nation, Pet, Drink, Smoke)

mem(X, [X|_]).
mem(X, [_|T]) :-
    mem(X, T).

right_of(A, B, [B, A|_]).
right_of(A, B, [_|T]) :-
    right_of(A, B, T).

next_to(A, B, L) :-
    right_of(A, B, L).
next_to(A, B, L) :-
    right_of(B, A, L).

houses([h(_,norwegian,_,_,_), _, h(_,_,_,milk,_), _, _]).

zebra(Houses) :-
    houses(Houses),
    mem(h(red,english,_,_,_), Houses),
    mem(h(_,spanish,dog,_,_), Houses),
    mem(h(green,_,_,coffee,_), Houses),
    mem(h(_,ukrainian,_,tea,_), Houses),
    right_of(h(green,_,_,_,_), h(ivory,_,_,_,_), Houses),
    mem(h(_,_,snails,_,oldgold), Houses),
    mem(h(yellow,_,_,_,kools), Houses),
    next_to(h(_,_,_,_,chesterfield), h(_,_,fox,_,_), Houses),
    next_to(h(_,_,_,_,kools), h(_,_,horse,_,_), Houses),
    mem(h(_,_,_,orange_juice,lucky), Houses),
    mem(h(_,japanese,_,_,parliament), Houses),
    next_to(h(_,norwegian,_,_,_), h(blue,_,_,_,_), Houses),
    mem(h(_,_,zebra,_,_), Houses),
    mem(h(_,_,_,water,_), Houses).

work(H) :-
    zebra(H).

bench :-
    rounds(600, H),
    mem(h(_,Z,zebra,_,_), H),
    mem(h(_,W,_,water,_), H),
    format('zebra: 600 solutions, ~w owns the zebra, ~w drinks water~n', [Z, W]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
