/*  ply library: the domains of library(clpfd).

    A domain is a sorted list of disjoint, non-adjacent intervals L-H,
    where L is an integer or inf and H an integer or sup; [] is the empty
    domain.  Here are the operations on them the propagators use, the
    bounds arithmetic with inf and sup, and the reading and writing of
    domain expressions (1..3\/5..sup).  The file is read before any
    operator of the library exists, so it writes '..'(L, H) in canonical
    form.  Helpers carry a '$fd_' prefix so they never clash with user
    programs.
*/

%   Bounds: an integer, inf or sup.

'$fd_b_le'(inf, _) :- !.
'$fd_b_le'(_, sup) :- !.
'$fd_b_le'(A, B) :- integer(A), integer(B), A =< B.

'$fd_b_max'(A, B, M) :- ( '$fd_b_le'(A, B) -> M = B ; M = A ).
'$fd_b_min'(A, B, M) :- ( '$fd_b_le'(A, B) -> M = A ; M = B ).

%   '$fd_b_mul'(+A, +B, -P): the product of two bounds, where an infinite
%   factor times zero is zero, as the bound of a product of intervals needs.
'$fd_b_mul'(A, B, P) :-
    (   integer(A), integer(B) -> P is A*B
    ;   ( A == 0 ; B == 0 ) -> P = 0
    ;   '$fd_b_sign'(A, SA), '$fd_b_sign'(B, SB),
        (   SA*SB > 0 -> P = sup ; P = inf )
    ).

'$fd_b_sign'(inf, -1) :- !.
'$fd_b_sign'(sup, 1) :- !.
'$fd_b_sign'(N, S) :- S is sign(N).

'$fd_b_neg'(inf, sup) :- !.
'$fd_b_neg'(sup, inf) :- !.
'$fd_b_neg'(N, M) :- M is -N.

%   Floor and ceiling of a quotient, for integers.
'$fd_fdiv'(A, B, Q) :- Q is A div B.
'$fd_cdiv'(A, B, Q) :- Q is -((-A) div B).

%   Domains.

%   Each operation is first asked of a native (builtins/clpfd.rs), which
%   fails without binding anything on what it does not read (a big
%   integer bound); the Prolog definition after it is the meaning, and
%   runs then.

'$fd_isect'(D1, D2, D) :- '$fd_isect_n'(D1, D2, D), !.
'$fd_isect'(D1, D2, D) :- '$fd_isect_pl'(D1, D2, D).

'$fd_isect_pl'([], _, []) :- !.
'$fd_isect_pl'(_, [], []) :- !.
'$fd_isect_pl'([A-B|R1], [C-D|R2], Out) :-
    '$fd_b_max'(A, C, L),
    '$fd_b_min'(B, D, H),
    (   '$fd_b_le'(L, H) -> Out = [L-H|Out1] ; Out = Out1 ),
    (   '$fd_b_le'(B, D)
    ->  '$fd_isect_pl'(R1, [C-D|R2], Out1)
    ;   '$fd_isect_pl'([A-B|R1], R2, Out1)
    ).

'$fd_union'(D1, D2, D) :- '$fd_union_n'(D1, D2, D), !.
'$fd_union'(D1, D2, D) :-
    '$fd_merge'(D1, D2, M),
    '$fd_coalesce'(M, D).

'$fd_merge'([], D, D) :- !.
'$fd_merge'(D, [], D) :- !.
'$fd_merge'([A-B|R1], [C-D|R2], [X|M]) :-
    (   '$fd_b_le'(A, C)
    ->  X = A-B, '$fd_merge'(R1, [C-D|R2], M)
    ;   X = C-D, '$fd_merge'([A-B|R1], R2, M)
    ).

%   Intervals sorted by their lower bounds, joined where they overlap or
%   touch.
'$fd_coalesce'([], []).
'$fd_coalesce'([I], [I]) :- !.
'$fd_coalesce'([A-B, C-D|R], Out) :-
    (   '$fd_touches'(B, C)
    ->  '$fd_b_max'(B, D, M),
        '$fd_coalesce'([A-M|R], Out)
    ;   Out = [A-B|Out1],
        '$fd_coalesce'([C-D|R], Out1)
    ).

'$fd_touches'(sup, _) :- !.
'$fd_touches'(_, inf) :- !.
'$fd_touches'(B, C) :- C =< B + 1.

'$fd_remove'(D, V, D1) :- '$fd_remove_n'(D, V, D1), !.
'$fd_remove'(D, V, D1) :- '$fd_remove_pl'(D, V, D1).

'$fd_remove_pl'([], _, []).
'$fd_remove_pl'([A-B|R], V, Out) :-
    (   '$fd_b_le'(A, V), '$fd_b_le'(V, B)
    ->  (   A == V, B == V -> Out = R
        ;   A == V -> V1 is V+1, Out = [V1-B|R]
        ;   B == V -> V0 is V-1, Out = [A-V0|R]
        ;   V0 is V-1, V1 is V+1, Out = [A-V0, V1-B|R]
        )
    ;   '$fd_b_le'(V, B)
    ->  Out = [A-B|R]
    ;   Out = [A-B|Out1],
        '$fd_remove_pl'(R, V, Out1)
    ).

'$fd_contains'(D, V) :-
    (   '$fd_contains_n'(D, V, Holds) -> Holds == true
    ;   '$fd_contains_pl'(D, V)
    ).

'$fd_contains_pl'([A-B|R], V) :-
    (   '$fd_b_le'(A, V), '$fd_b_le'(V, B) -> true
    ;   '$fd_b_le'(V, B) -> fail
    ;   '$fd_contains_pl'(R, V)
    ).

'$fd_dom_bounds'([L-H0|R], L, H) :- '$fd_last_high'(R, H0, H).

'$fd_last_high'([], H, H).
'$fd_last_high'([_-H0|R], _, H) :- '$fd_last_high'(R, H0, H).

'$fd_dom_size'(D, S) :- '$fd_dom_size_n'(D, S), !.
'$fd_dom_size'(D, S) :- '$fd_dom_size'(D, 0, S).

'$fd_dom_size'([], S, S).
'$fd_dom_size'([A-B|R], S0, S) :-
    (   integer(A), integer(B)
    ->  S1 is S0 + B - A + 1,
        '$fd_dom_size'(R, S1, S)
    ;   S = sup
    ).

%   '$fd_dom_values'(+Dom, -Values): the values of a finite domain, in
%   increasing order.
'$fd_dom_values'([], []).
'$fd_dom_values'([A-B|R], Vs) :-
    '$fd_numlist'(A, B, Vs, Vs1),
    '$fd_dom_values'(R, Vs1).

'$fd_numlist'(A, B, Vs, Vs0) :-
    (   A > B -> Vs = Vs0
    ;   Vs = [A|Vs1], A1 is A+1, '$fd_numlist'(A1, B, Vs1, Vs0)
    ).

%   '$fd_values_dom'(+Values, -Dom): the domain of a list of integers.
'$fd_values_dom'(Vs, D) :-
    sort(Vs, Sorted),
    '$fd_runs'(Sorted, D).

'$fd_runs'([], []).
'$fd_runs'([V|Vs], [V-H|D]) :- '$fd_run_end'(Vs, V, H, Rest), '$fd_runs'(Rest, D).

'$fd_run_end'([W|Ws], V, H, Rest) :-
    W =:= V + 1, !,
    '$fd_run_end'(Ws, W, H, Rest).
'$fd_run_end'(Ws, V, V, Ws).

%   Domain expressions: '$fd_parse_dom'(+Expr, +Whole, -Dom) reads Expr,
%   a part of the expression Whole named in errors.

'$fd_parse_dom'(E, _, _) :- var(E), !, throw(error(instantiation_error, _)).
'$fd_parse_dom'(N, _, [N-N]) :- integer(N), !.
'$fd_parse_dom'('..'(L, H), W, D) :- !,
    '$fd_dom_bound'(L, low, W),
    '$fd_dom_bound'(H, high, W),
    (   '$fd_b_le'(L, H) -> D = [L-H] ; D = [] ).
'$fd_parse_dom'(A \/ B, W, D) :- !,
    '$fd_parse_dom'(A, W, DA),
    '$fd_parse_dom'(B, W, DB),
    '$fd_union'(DA, DB, D).
'$fd_parse_dom'(_, W, _) :- throw(error(domain_error(clpfd_domain, W), _)).

'$fd_dom_bound'(B, _, _) :- var(B), !, throw(error(instantiation_error, _)).
'$fd_dom_bound'(B, _, _) :- integer(B), !.
'$fd_dom_bound'(inf, low, _) :- !.
'$fd_dom_bound'(sup, high, _) :- !.
'$fd_dom_bound'(_, _, W) :- throw(error(domain_error(clpfd_domain, W), _)).

'$fd_dom_expr'([], '..'(1, 0)).
'$fd_dom_expr'([I|Is], E) :-
    '$fd_interval_expr'(I, E0),
    '$fd_dom_expr'(Is, E0, E).

'$fd_dom_expr'([], E, E).
'$fd_dom_expr'([I|Is], E0, E) :-
    '$fd_interval_expr'(I, E1),
    '$fd_dom_expr'(Is, E0 \/ E1, E).

'$fd_interval_expr'(A-B, E) :- ( A == B -> E = A ; E = '..'(A, B) ).
