% A game described in GDL as a game of the protocol (docs/gdl.md): the textbook's predicates
% over the translation's entry points ('$gdl_roles'/1, '$gdl_init'/1, '$gdl_legal'/3,
% '$gdl_legal_moves'/3, '$gdl_next'/3, '$gdl_goal'/3, '$gdl_terminal'/1, written by ply-gdl from
% the rule sheet).
%
% A position is gdl(Horizon, State): the horizon first, as the protocol asks, and the state as
% the sorted list of the facts true in it. The first role is MAX, the second MIN; the role to
% move is the one with a legal move other than noop, since a turn-taking sheet gives the idle
% role only noop.

начало_игры(gdl(inf, S)) :-
    '$gdl_init'(S).

ход_макса(gdl(_, S)) :-
    '$gdl_roles'([R|_]),
    '$gdl_mover'(S, R).

ход_мина(gdl(_, S)) :-
    '$gdl_roles'([_, R|_]),
    '$gdl_mover'(S, R).

'$gdl_mover'(S, R) :-
    '$gdl_roles'(Rs),
    member(R, Rs),
    '$gdl_legal'(S, R, M),
    M \== noop,
    !.

ходы(gdl(H, S), Succs) :-
    H \== 0,
    \+ '$gdl_terminal'(S),
    '$gdl_lower'(H, H1),
    findall(gdl(H1, S1), ('$gdl_joint'(S, D), '$gdl_next'(S, D, S1)), Succs),
    Succs \== [].

'$gdl_lower'(inf, inf) :- !.
'$gdl_lower'(H, H1) :-
    H1 is H - 1.

% A joint move: one legal move of each role, in the roles' order.
% Each role's moves are collected once, before the first joint move is made, not again for
% every move of the roles before it ('$gdl_moves_of'/3 and '$gdl_joint'/3 are the library's).
'$gdl_joint'(S, D) :-
    '$gdl_roles'(Rs),
    '$gdl_moves_of'(Rs, S, Mss),
    '$gdl_joint'(Rs, Mss, D).

% The result for MAX: who has the greater goal value at the end.
конец_игры(gdl(_, S), Result) :-
    '$gdl_terminal'(S),
    '$gdl_values'(S, V1, V2),
    (   V1 > V2
    ->  Result = max
    ;   V1 < V2
    ->  Result = min
    ;   Result = draw
    ).

'$gdl_values'(S, V1, V2) :-
    '$gdl_roles'([R1, R2|_]),
    '$gdl_goal'(S, R1, V1),
    '$gdl_goal'(S, R2, V2),
    !.

% The static value: MAX's goal value less MIN's wherever the sheet defines both (at the end of
% the game, and at the horizon for sheets whose goals hold throughout), 0 where it does not.
стат_оц(gdl(_, S), V) :-
    (   '$gdl_values'(S, V1, V2)
    ->  V is V1 - V2
    ;   V = 0
    ).

% The move notation: the mover's move as an atom, `mark(1,2)`.
ход(gdl(H, S), gdl(H1, S1), Notation) :-
    '$gdl_lower'(H, H1),
    '$gdl_joint'(S, D),
    '$gdl_notation'(D, Notation0),
    Notation0 = Notation,
    '$gdl_next'(S, D, S1).

'$gdl_notation'(D, Notation) :-
    (   member(does(_, M), D),
        M \== noop
    ->  true
    ;   D = [does(_, M)|_]
    ),
    format(atom(Notation), "~q", [M]).

% The board: a grid when the state holds facts Name(Row, Column, Content) of one name, the
% state's facts otherwise.
показать(gdl(_, S)) :-
    (   '$gdl_grid'(S, Rows)
    ->  forall(member(Row, Rows), (atomic_list_concat(Row, ' ', Line), write(Line), nl))
    ;   forall(member(F, S), (writeq(F), nl))
    ).

'$gdl_grid'(S, Rows) :-
    member(F, S),
    compound(F),
    functor(F, Name, 3),
    !,
    findall(R-C-X, (member(G, S), G =.. [Name, R, C, X]), Cells),
    findall(R, member(R-_-_, Cells), Rs0),
    sort(Rs0, Rs),
    findall(C, member(_-C-_, Cells), Cs0),
    sort(Cs0, Cs),
    findall(Row, (member(R, Rs), findall(X, (member(C, Cs), (memberchk(R-C-X, Cells) -> true ; X = '.')), Row)), Rows).
