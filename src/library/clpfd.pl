/*  ply library: library(clpfd), constraints over integers.

    The arithmetic constraints, domains and their queries, and the core
    every other part of the library builds on.  A constrained variable
    carries the attribute clpfd with value fd(Dom, Props): its domain
    (clpfd_dom.pl) and the propagators that watch it.  A propagator is
    p(Dead, Kind, Shown): Dead is bound once it is entailed, Kind says
    what it does (clpfd_prop.pl) and Shown is the constraint the
    residual goals show.  Whenever a domain narrows, the propagators of
    the variable run again at once; each only narrows domains, so the
    propagation reaches a fixpoint where every propagator has seen the
    last change of each of its variables.

    Expressions are read into linear sums of Coefficient-Variable pairs
    and a constant; a non-linear part (X*Y, X//Y, abs(X), ...) becomes a
    fresh variable with a propagator of its own.  The file is read before
    the library's operators exist, so it writes them in canonical form;
    use_module(library(clpfd)) declares them ('$clpfd_ops'/0).
*/

'$clpfd_ops' :-
    op(760, yfx, #<==>), op(750, xfy, #==>), op(750, yfx, #<==),
    op(740, yfx, #\/), op(730, yfx, #\), op(720, yfx, #/\), op(710, fy, #\),
    op(700, xfx, #>), op(700, xfx, #<), op(700, xfx, #>=), op(700, xfx, #=<),
    op(700, xfx, #=), op(700, xfx, #\=), op(700, xfx, in), op(700, xfx, ins),
    op(450, xfx, ..), op(150, fx, #).

%   The arithmetic constraints.  A constraint whose sides are integer
%   expressions with no variable (a loop counter, a value already
%   labelled) is arithmetic, as SWI-Prolog's library compiles it: the
%   natives '$fd_values'/4 and '$fd_eq_values'/4 (builtins/clpfd/eval.rs)
%   give the two sides' values, and X #= E with X a variable binds X
%   to E's value as posting the constraint would.  They decline (fail)
%   for anything else, a zero divisor and a negative power included,
%   and the constraint takes its general path.

'#='(X, Y) :- '$fd_eq_values'(X, Y, VX, VY), !, VX = VY.
'#='(X, Y) :-
    (   '$fd_var_or_int'(X), '$fd_is_nonlinear'(Y)
    ->  '$fd_nonlinear'(Y, X, '#='(X, Y))
    ;   '$fd_var_or_int'(Y), '$fd_is_nonlinear'(X)
    ->  '$fd_nonlinear'(X, Y, '#='(X, Y))
    ;   '$fd_post_rel'(eq, X, Y, '#='(X, Y))
    ).
'#\\='(X, Y) :- '$fd_values'(X, Y, A, B), !, A =\= B.
'#\\='(X, Y) :-
    (   '$fd_absdiff'(X, Y, A, B, C)
    ->  '$fd_post'(absdiff_ne(A, B, C), '#\\='(X, Y))
    ;   '$fd_post_rel'(ne, X, Y, '#\\='(X, Y))
    ).

%   abs(A-B) #\= C, which N-queens programs post for every pair, gets a
%   propagator of its own rather than three over two new variables.
'$fd_absdiff'(E, C, A, B, C) :-
    nonvar(E), E = abs(D), nonvar(D), D = A-B,
    integer(C), '$fd_var_or_int'(A), '$fd_var_or_int'(B).

'$fd_var_or_int'(X) :- ( var(X) -> true ; integer(X) ).
'#=<'(X, Y) :- '$fd_values'(X, Y, A, B), !, A =< B.
'#=<'(X, Y) :- '$fd_post_rel'(le, X, Y, '#=<'(X, Y)).
'#>='(X, Y) :- '$fd_values'(X, Y, A, B), !, A >= B.
'#>='(X, Y) :- '$fd_post_rel'(le, Y, X, '#>='(X, Y)).
'#<'(X, Y) :- '$fd_values'(X, Y, A, B), !, A < B.
'#<'(X, Y) :- '$fd_post_rel'(lt, X, Y, '#<'(X, Y)).
'#>'(X, Y) :- '$fd_values'(X, Y, A, B), !, A > B.
'#>'(X, Y) :- '$fd_post_rel'(lt, Y, X, '#>'(X, Y)).

%   '$fd_post_rel'(+Rel, +L, +R, +Shown): post L Rel R as a linear
%   propagator over L - R (lt as L - R + 1 =< 0).
'$fd_post_rel'(Rel, L, R, Shown) :-
    '$fd_linear'(L, R, Ps, C0, Shown),
    (   Rel == lt -> C is C0 + 1, Op = le ; C = C0, Op = Rel ),
    '$fd_post_lin'(Op, Ps, C, Shown).

'$fd_post_lin'(Op, Ps, C, Shown) :-
    (   Ps == []
    ->  '$fd_lin_holds'(Op, C)
    ;   Op == eq, C =:= 0, Ps = [A-X, B-Y], A =:= -B
    ->  X = Y
    ;   '$fd_post'(lin(Op, Ps, C), Shown)
    ).

'$fd_lin_holds'(eq, C) :- C =:= 0.
'$fd_lin_holds'(ne, C) :- C =\= 0.
'$fd_lin_holds'(le, C) :- C =< 0.

%   '$fd_linear'(+L, +R, -Pairs, -C, +Shown): L - R as Sum(A*X) + C, each
%   variable once, no zero coefficient.  A non-linear part becomes a new
%   variable whose propagators show Shown, the constraint they are part
%   of: the constraint stays in the residual goals while any of its
%   parts is alive, whichever part is entailed first.
'$fd_linear'(L, R, Ps, C, S) :-
    '$fd_lin'(L, 1, Ps0, Ps1, 0, C1, S),
    '$fd_lin'(R, -1, Ps1, [], C1, C, S),
    '$fd_lin_collect'(Ps0, Ps).

'$fd_lin'(E, M, [M-E|Ps], Ps, C, C, _) :- var(E), !.
'$fd_lin'(E, M, Ps, Ps, C0, C, _) :- integer(E), !, C is C0 + M*E.
'$fd_lin'(A+B, M, Ps0, Ps, C0, C, S) :- !,
    '$fd_lin'(A, M, Ps0, Ps1, C0, C1, S),
    '$fd_lin'(B, M, Ps1, Ps, C1, C, S).
'$fd_lin'(A-B, M, Ps0, Ps, C0, C, S) :- !,
    '$fd_lin'(A, M, Ps0, Ps1, C0, C1, S),
    M1 is -M,
    '$fd_lin'(B, M1, Ps1, Ps, C1, C, S).
'$fd_lin'(-A, M, Ps0, Ps, C0, C, S) :- !,
    M1 is -M,
    '$fd_lin'(A, M1, Ps0, Ps, C0, C, S).
'$fd_lin'(?(X), M, Ps0, Ps, C0, C, S) :- !, '$fd_lin'(X, M, Ps0, Ps, C0, C, S).
'$fd_lin'(#(X), M, Ps0, Ps, C0, C, S) :- !, '$fd_lin'(X, M, Ps0, Ps, C0, C, S).
'$fd_lin'(A*B, M, Ps0, Ps, C0, C, S) :-
    (   integer(A) -> M1 is M*A, '$fd_lin'(B, M1, Ps0, Ps, C0, C, S)
    ;   integer(B) -> M1 is M*B, '$fd_lin'(A, M1, Ps0, Ps, C0, C, S)
    ), !.
'$fd_lin'(E, M, [M-Z|Ps], Ps, C, C, S) :-
    '$fd_nonlinear'(E, Z, S).

'$fd_lin_collect'(Ps0, Ps) :-
    '$fd_swap_pairs'(Ps0, Swapped),
    keysort(Swapped, Sorted),
    '$fd_sum_same'(Sorted, Ps).

'$fd_swap_pairs'([], []).
'$fd_swap_pairs'([A-X|Ps], [X-A|Qs]) :- '$fd_swap_pairs'(Ps, Qs).

'$fd_sum_same'([], []).
'$fd_sum_same'([X-A|Qs], Ps) :- '$fd_sum_same'(Qs, X, A, Ps).

'$fd_sum_same'([Y-B|Qs], X, A, Ps) :-
    Y == X, !,
    A1 is A + B,
    '$fd_sum_same'(Qs, X, A1, Ps).
'$fd_sum_same'(Qs, X, A, Ps) :-
    (   A =:= 0 -> Ps = Ps1 ; Ps = [A-X|Ps1] ),
    '$fd_sum_same'(Qs, Ps1).

%   '$fd_term'(+E, -V, +Shown): V is a variable or integer equal to E, a
%   part of the constraint Shown.
'$fd_term'(E, V, S) :-
    '$fd_linear'(E, 0, Ps, C, S),
    (   Ps == [] -> V = C
    ;   Ps = [1-X], C =:= 0 -> V = X
    ;   '$fd_post_lin'(eq, [-1-V|Ps], C, S)
    ).

'$fd_is_nonlinear'(E) :-
    nonvar(E),
    '$fd_nonlinear_kind'(E, _, _, _),
    \+ ( E = A*B, ( integer(A) ; integer(B) ) ).

%   The non-linear parts, each a variable Z with its propagator.
'$fd_nonlinear'(E, Z, Shown) :-
    '$fd_nonlinear_kind'(E, Args, Kind, Z), !,
    '$fd_terms'(Args, Shown),
    '$fd_post'(Kind, Shown).
'$fd_nonlinear'(E, _, _) :-
    throw(error(domain_error(clpfd_expression, E), _)).

'$fd_terms'([], _).
'$fd_terms'([E-V|Es], S) :- '$fd_term'(E, V, S), '$fd_terms'(Es, S).

'$fd_nonlinear_kind'(A*B, [A-X, B-Y], times(X, Y, Z), Z).
'$fd_nonlinear_kind'(A//B, [A-X, B-Y], tdiv(X, Y, Z), Z).
'$fd_nonlinear_kind'(A div B, [A-X, B-Y], fdiv(X, Y, Z), Z).
'$fd_nonlinear_kind'(A mod B, [A-X, B-Y], mod(X, Y, Z), Z).
'$fd_nonlinear_kind'(A rem B, [A-X, B-Y], rem(X, Y, Z), Z).
'$fd_nonlinear_kind'(abs(A), [A-X], abs(X, Z), Z).
'$fd_nonlinear_kind'(min(A, B), [A-X, B-Y], min(X, Y, Z), Z).
'$fd_nonlinear_kind'(max(A, B), [A-X, B-Y], max(X, Y, Z), Z).
'$fd_nonlinear_kind'(A^B, [A-X, B-Y], pow(X, Y, Z), Z).
'$fd_nonlinear_kind'(A<<B, [A-X, B-Y], bits('<<', X, Y, Z), Z).
'$fd_nonlinear_kind'(A>>B, [A-X, B-Y], bits('>>', X, Y, Z), Z).
'$fd_nonlinear_kind'(A/\B, [A-X, B-Y], bits('/\\', X, Y, Z), Z).
'$fd_nonlinear_kind'(A\/B, [A-X, B-Y], bits('\\/', X, Y, Z), Z).
'$fd_nonlinear_kind'(A xor B, [A-X, B-Y], bits(xor, X, Y, Z), Z).
'$fd_nonlinear_kind'(msb(A), [A-X], bits(msb, X, Z), Z).
'$fd_nonlinear_kind'(\A, [A-X], bits('\\', X, Z), Z).

%   Posting and running propagators.

'$fd_post'(Kind, Shown) :-
    P = p(_, Kind, Shown),
    term_variables(Kind, Vs),
    '$fd_attach'(Vs, P),
    '$fd_run_one'(P).

'$fd_attach'([], _).
'$fd_attach'([V|Vs], P) :-
    '$fd_get'(V, D, Ps),
    '$fd_put_attr'(V, D, [P|Ps]),
    '$fd_attach'(Vs, P).

%   '$fd_get'(?X, -Dom, -Props) is a native (builtins/clpfd.rs): X's domain
%   and propagators, as get_attr(X, clpfd, fd(Dom, Props)) finds them, or
%   [inf-sup] and [] when X has none.

'$fd_run'([]).
'$fd_run'([P|Ps]) :- '$fd_run_one'(P), '$fd_run'(Ps).

'$fd_run_one'(p(Dead, Kind, _)) :-
    (   var(Dead) -> '$fd_prop'(Kind, Dead) ; true ).

'$fd_live'([], []).
'$fd_live'([P|Ps], Ls) :-
    P = p(Dead, _, _),
    (   var(Dead) -> Ls = [P|Ls1] ; Ls = Ls1 ),
    '$fd_live'(Ps, Ls1).

%   '$fd_narrow'(?X, +Dom): X's domain becomes its intersection with Dom.
'$fd_narrow'(X, D) :-
    (   integer(X)
    ->  '$fd_contains'(D, X)
    ;   '$fd_narrow_n'(X, D, Then)
    ->  '$fd_then'(Then, X)
    ;   '$fd_get'(X, D0, Ps),
        '$fd_isect'(D0, D, D1),
        (   D1 == D0 -> true ; '$fd_set'(X, D1, Ps) )
    ).

'$fd_narrow_bounds'(X, L, H) :-
    '$fd_b_le'(L, H),
    '$fd_narrow'(X, [L-H]).

'$fd_exclude'(X, V) :-
    (   integer(X)
    ->  X =\= V
    ;   '$fd_exclude_n'(X, [V], Then)
    ->  '$fd_then'(Then, X)
    ;   '$fd_get'(X, D0, Ps),
        '$fd_remove'(D0, V, D1),
        (   D1 == D0 -> true ; '$fd_set'(X, D1, Ps) )
    ).

%   What the natives '$fd_narrow_n'/3 and '$fd_exclude_n'/3
%   (builtins/clpfd/update.rs) leave to do after they computed X's new
%   domain: nothing (same), fail (empty, no clause), bind X to the one
%   value left, or run the propagators of X they stored the domain with.
'$fd_then'(same, _).
'$fd_then'(bind(N), X) :- X = N.
'$fd_then'(run(Ps), _) :- '$fd_run'(Ps).

'$fd_set'(X, D, Ps0) :-
    D \== [],
    (   D = [N-N], integer(N)
    ->  X = N
    ;   '$fd_live'(Ps0, Ps),
        '$fd_put_attr'(X, D, Ps),
        '$fd_run'(Ps)
    ).

%   put_attr(X, clpfd, fd(D, Ps)), by the native '$fd_put'/3
%   (builtins/clpfd.rs) for a variable with a well-formed attribute chain.
'$fd_put_attr'(X, D, Ps) :- '$fd_put'(X, D, Ps), !.
'$fd_put_attr'(X, D, Ps) :- put_attr(X, clpfd, fd(D, Ps)).

%   The bounds of a variable or integer.
'$fd_bounds'(X, L, H) :- '$fd_bounds_n'(X, L, H), !.
'$fd_bounds'(X, L, H) :-
    (   integer(X) -> L = X, H = X
    ;   '$fd_get'(X, D, _), '$fd_dom_bounds'(D, L, H)
    ).

%   The hook: a constrained variable was bound to Y.
'$fd_unify_hook'(fd(D, Ps), Y) :-
    (   integer(Y)
    ->  '$fd_contains'(D, Y),
        '$fd_run'(Ps)
    ;   var(Y)
    ->  (   get_attr(Y, clpfd, fd(D2, Ps2))
        ->  '$fd_isect'(D, D2, D3),
            D3 \== [],
            '$fd_append'(Ps, Ps2, Ps3),
            '$fd_put_attr'(Y, D3, Ps3),
            (   D3 = [N-N], integer(N) -> Y = N ; '$fd_run'(Ps3) )
        ;   '$fd_put_attr'(Y, D, Ps)
        )
    ;   throw(error(type_error(integer, Y), _))
    ).

'$fd_append'([], Ys, Ys).
'$fd_append'([X|Xs], Ys, [X|Zs]) :- '$fd_append'(Xs, Ys, Zs).

%   Domains.

in(X, Dom) :-
    '$fd_parse_dom'(Dom, Dom, D),
    '$fd_in'(X, D).

ins(Xs, Dom) :-
    '$fd_must_be_list'(Xs),
    '$fd_parse_dom'(Dom, Dom, D),
    '$fd_ins'(Xs, D).

'$fd_ins'([], _).
'$fd_ins'([X|Xs], D) :- '$fd_in'(X, D), '$fd_ins'(Xs, D).

'$fd_in'(X, D) :-
    '$fd_must_be_fd'(X),
    '$fd_narrow'(X, D).

'$fd_must_be_fd'(X) :-
    (   var(X) -> true
    ;   integer(X) -> true
    ;   throw(error(type_error(integer, X), _))
    ).

'$fd_must_be_list'(Xs) :-
    (   is_list(Xs) -> true
    ;   var(Xs) -> throw(error(instantiation_error, _))
    ;   throw(error(type_error(list, Xs), _))
    ).

fd_dom(X, Dom) :-
    '$fd_must_be_fd'(X),
    (   integer(X) -> Dom = '..'(X, X)
    ;   '$fd_get'(X, D, _), '$fd_dom_expr'(D, Dom)
    ).

fd_inf(X, L) :- '$fd_must_be_fd'(X), '$fd_bounds'(X, L, _).
fd_sup(X, H) :- '$fd_must_be_fd'(X), '$fd_bounds'(X, _, H).

fd_size(X, S) :-
    '$fd_must_be_fd'(X),
    (   integer(X) -> S = 1 ; '$fd_get'(X, D, _), '$fd_dom_size'(D, S) ).

fd_degree(X, N) :-
    '$fd_must_be_fd'(X),
    (   integer(X) -> N = 0 ; '$fd_get'(X, _, Ps), '$fd_live'(Ps, Ls), length(Ls, N) ).

fd_var(X) :- var(X), get_attr(X, clpfd, _).

%   Residual goals: the domain (unless inf..sup), then the constraints
%   still alive, each once.  A variable the library made for a part of
%   an expression occurs in none of the constraints its propagators show
%   (they show the constraint as it was posted), and shows no domain.
'$fd_att_goals'(fd(D, Ps), V, Mode, Gs0, Gs) :-
    '$fd_live'(Ps, Ls),
    (   D == [inf-sup] -> Gs0 = Gs1
    ;   Ls = [_|_], \+ '$fd_shown_with'(Ls, V) -> Gs0 = Gs1
    ;   '$fd_dom_expr'(D, E), '$fd_shown'(Mode, in(V, E), G), Gs0 = [G|Gs1]
    ),
    '$fd_prop_goals'(Ls, Mode, Gs1, Gs).

'$fd_shown_with'(Ls, V) :-
    member(p(_, _, S), Ls),
    S \== none,
    term_variables(S, Vs),
    '$memberchk_eq'(V, Vs), !.

'$fd_prop_goals'([], _, Gs, Gs).
'$fd_prop_goals'([p(_, _, S)|Ps], Mode, Gs0, Gs) :-
    (   S == none -> Gs0 = Gs1
    ;   '$fd_shown'(Mode, S, G), Gs0 = [G|Gs1]
    ),
    '$fd_prop_goals'(Ps, Mode, Gs1, Gs).

'$fd_shown'(plain, G, G).
'$fd_shown'(qualified, G, clpfd:G).
