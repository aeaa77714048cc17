/*  ply library: reification and labeling of library(clpfd).

    '$fd_reify'(+Expr, -B) makes B, a 0/1 variable, the truth of Expr:
    a comparison becomes a reified linear propagator (reif in
    clpfd_prop.pl), and the connectives become comparisons of their
    operands' truth values (A #/\ C is 2 =< A + C).  label/1 and
    labeling/2 then search: they pick a variable by the selection
    option, try its values as the branching and order options say and
    let propagation prune after each choice; min(Expr) and max(Expr)
    give the solutions in order of Expr, best first.
*/

'#<==>'(A, C) :-
    (   '$fd_bool_leaf'(A) -> '$fd_reify'(C, DC, '#<==>'(A, C)), '$fd_reify'(A, DC)
    ;   '$fd_bool_leaf'(C) -> '$fd_reify'(A, DA, '#<==>'(A, C)), '$fd_reify'(C, DA)
    ;   '$fd_bool2'(A, C, DA, DC, '#<==>'(A, C)), '$fd_post_rel'(eq, DA, DC, '#<==>'(A, C))
    ).
'#==>'(A, C) :-
    '$fd_bool2'(A, C, DA, DC, '#==>'(A, C)),
    '$fd_post_rel'(le, DA, DC, '#==>'(A, C)).
'#<=='(A, C) :-
    '$fd_bool2'(A, C, DA, DC, '#<=='(A, C)),
    '$fd_post_rel'(le, DC, DA, '#<=='(A, C)).
'#\\/'(A, C) :-
    '$fd_bool2'(A, C, DA, DC, '#\\/'(A, C)),
    '$fd_post_rel'(le, 1, DA+DC, '#\\/'(A, C)).
'#\\'(A, C) :-
    '$fd_bool2'(A, C, DA, DC, '#\\'(A, C)),
    '$fd_post_rel'(ne, DA, DC, '#\\'(A, C)).
'#/\\'(A, C) :- '$fd_reify'(A, 1), '$fd_reify'(C, 1).
'#\\'(A) :- '$fd_reify'(A, 0).

%   '$fd_bool2'(+A, +C, -DA, -DC, +Shown): the truths of A and C, parts of
%   the constraint Shown.
'$fd_bool2'(A, C, DA, DC, S) :-
    '$fd_reify'(A, DA, S),
    '$fd_reify'(C, DC, S).

'$fd_bool_leaf'(E) :- var(E), !.
'$fd_bool_leaf'(E) :- integer(E).

'$fd_reify'(E, B) :- '$fd_reify'(E, B, none).

%   '$fd_reify'(+Expr, ?B, +Shown): Shown is what the residual goals show
%   for the propagator of Expr itself.
'$fd_reify'(E, B, Shown) :-
    '$fd_reify_'(E, B0, Shown),
    B = B0.

'$fd_reify_'(E, B, _) :- var(E), !, '$fd_narrow'(E, [0-1]), B = E.
'$fd_reify_'(E, B, _) :- integer(E), !,
    (   ( E =:= 0 ; E =:= 1 ) -> B = E
    ;   throw(error(domain_error(clpfd_reifiable_expression, E), _))
    ).
'$fd_reify_'('#\\'(A), B, S) :- !,
    '$fd_reify'(A, DA, S),
    '$fd_reif_rel'(eq, DA, 0, B, S).
'$fd_reify_'('#/\\'(A, C), B, S) :- !, '$fd_bool2'(A, C, DA, DC, S), '$fd_reif_rel'(le, 2, DA+DC, B, S).
'$fd_reify_'('#\\/'(A, C), B, S) :- !, '$fd_bool2'(A, C, DA, DC, S), '$fd_reif_rel'(le, 1, DA+DC, B, S).
'$fd_reify_'('#==>'(A, C), B, S) :- !, '$fd_bool2'(A, C, DA, DC, S), '$fd_reif_rel'(le, DA, DC, B, S).
'$fd_reify_'('#<=='(A, C), B, S) :- !, '$fd_bool2'(A, C, DA, DC, S), '$fd_reif_rel'(le, DC, DA, B, S).
'$fd_reify_'('#<==>'(A, C), B, S) :- !, '$fd_bool2'(A, C, DA, DC, S), '$fd_reif_rel'(eq, DA, DC, B, S).
'$fd_reify_'('#\\'(A, C), B, S) :- !, '$fd_bool2'(A, C, DA, DC, S), '$fd_reif_rel'(ne, DA, DC, B, S).
'$fd_reify_'('#='(L, R), B, S) :- !, '$fd_reif_rel'(eq, L, R, B, S).
'$fd_reify_'('#\\='(L, R), B, S) :- !, '$fd_reif_rel'(ne, L, R, B, S).
'$fd_reify_'('#=<'(L, R), B, S) :- !, '$fd_reif_rel'(le, L, R, B, S).
'$fd_reify_'('#>='(L, R), B, S) :- !, '$fd_reif_rel'(le, R, L, B, S).
'$fd_reify_'('#<'(L, R), B, S) :- !, '$fd_reif_rel'(lt, L, R, B, S).
'$fd_reify_'('#>'(L, R), B, S) :- !, '$fd_reif_rel'(lt, R, L, B, S).
'$fd_reify_'(E, _, _) :-
    throw(error(domain_error(clpfd_reifiable_expression, E), _)).

'$fd_reif_rel'(Rel, L, R, B, Shown) :-
    '$fd_linear'(L, R, Ps, C0, Shown),
    (   Rel == lt -> C is C0 + 1, Op = le ; C = C0, Op = Rel ),
    '$fd_narrow'(B, [0-1]),
    '$fd_post'(reif(Op, Ps, C, B), Shown).

%   Labeling.

label(Vs) :- labeling([], Vs).

indomain(V) :- label([V]).

labeling(Opts, Vs) :-
    '$fd_must_be_list'(Opts),
    '$fd_must_be_list'(Vs),
    '$fd_all_fd'(Vs),
    '$fd_label_opts'(Opts, o(leftmost, up, step, []), o(Sel, Ord, Br, Opt)),
    '$fd_all_finite'(Vs),
    (   Opt == []
    ->  '$fd_label'(Vs, Sel, Ord, Br)
    ;   '$fd_optimise'(Opt, Vs, Sel, Ord, Br)
    ).

'$fd_label_opts'([], O, O).
'$fd_label_opts'([X|Xs], O0, O) :-
    (   var(X) -> throw(error(instantiation_error, _)) ; true ),
    '$fd_label_opt'(X, O0, O1),
    '$fd_label_opts'(Xs, O1, O).

'$fd_label_opt'(X, o(_, O, B, M), o(X, O, B, M)) :- memberchk(X, [leftmost, ff, ffc, min, max]), !.
'$fd_label_opt'(X, o(S, _, B, M), o(S, X, B, M)) :- memberchk(X, [up, down]), !.
'$fd_label_opt'(X, o(S, O, _, M), o(S, O, X, M)) :- memberchk(X, [step, enum, bisect]), !.
'$fd_label_opt'(min(E), o(S, O, B, M), o(S, O, B, M1)) :- !, '$fd_append'(M, [min(E)], M1).
'$fd_label_opt'(max(E), o(S, O, B, M), o(S, O, B, M1)) :- !, '$fd_append'(M, [max(E)], M1).
'$fd_label_opt'(X, _, _) :- throw(error(domain_error(labeling_option, X), _)).

'$fd_all_finite'([]).
'$fd_all_finite'([X|Xs]) :-
    (   integer(X) -> true
    ;   '$fd_get'(X, D, _), '$fd_dom_size'(D, S), integer(S) -> true
    ;   throw(error(instantiation_error, _))
    ),
    '$fd_all_finite'(Xs).

'$fd_label'(Vs0, Sel, Ord, Br) :-
    '$fd_split'(Vs0, _, Vs),
    (   Vs == []
    ->  true
    ;   '$fd_select'(Sel, Vs, X),
        '$fd_branch'(Br, Ord, X),
        '$fd_label'(Vs, Sel, Ord, Br)
    ).

'$fd_select'(leftmost, [X|_], X).
'$fd_select'(ff, [X|Xs], V) :- '$fd_key'(ff, X, K), '$fd_select_best'(Xs, ff, X, K, V).
'$fd_select'(ffc, [X|Xs], V) :- '$fd_key'(ffc, X, K), '$fd_select_best'(Xs, ffc, X, K, V).
'$fd_select'(min, [X|Xs], V) :- '$fd_key'(min, X, K), '$fd_select_best'(Xs, min, X, K, V).
'$fd_select'(max, [X|Xs], V) :- '$fd_key'(max, X, K), '$fd_select_best'(Xs, max, X, K, V).

%   The first variable with the least key.
'$fd_select_best'([], _, V, _, V).
'$fd_select_best'([X|Xs], Sel, V0, K0, V) :-
    '$fd_key'(Sel, X, K),
    (   K @< K0 -> '$fd_select_best'(Xs, Sel, X, K, V)
    ;   '$fd_select_best'(Xs, Sel, V0, K0, V)
    ).

'$fd_key'(ff, X, S) :- fd_size(X, S).
'$fd_key'(ffc, X, S-N) :- fd_size(X, S), fd_degree(X, D), N is -D.
'$fd_key'(min, X, L) :- fd_inf(X, L).
'$fd_key'(max, X, N) :- fd_sup(X, H), N is -H.

'$fd_branch'(step, Ord, X) :-
    (   Ord == up -> fd_inf(X, V) ; fd_sup(X, V) ),
    (   X = V ; '$fd_exclude'(X, V) ).
'$fd_branch'(enum, Ord, X) :-
    '$fd_get'(X, D, _),
    '$fd_dom_values'(D, Vs0),
    (   Ord == up -> Vs = Vs0 ; reverse(Vs0, Vs) ),
    member(X, Vs).
'$fd_branch'(bisect, Ord, X) :-
    fd_inf(X, L), fd_sup(X, H),
    Mid is (L + H) div 2,
    Mid1 is Mid + 1,
    (   Ord == up
    ->  ( '$fd_narrow_bounds'(X, L, Mid) ; '$fd_narrow_bounds'(X, Mid1, H) )
    ;   ( '$fd_narrow_bounds'(X, Mid1, H) ; '$fd_narrow_bounds'(X, L, Mid) )
    ).

%   min(Expr) and max(Expr): the best value of Expr first, then each
%   worse one; only the first such option counts.
'$fd_optimise'([Goal|_], Vs, Sel, Ord, Br) :-
    '$fd_opt_next'(Goal, Vs, Sel, Ord, Br, none, Best),
    '$fd_opt_from'(Goal, Vs, Sel, Ord, Br, Best).

'$fd_opt_from'(Goal, Vs, Sel, Ord, Br, Best) :-
    arg(1, Goal, E),
    (   '$fd_post_rel'(eq, E, Best, none),
        '$fd_label'(Vs, Sel, Ord, Br)
    ;   '$fd_opt_next'(Goal, Vs, Sel, Ord, Br, Best, Next),
        '$fd_opt_from'(Goal, Vs, Sel, Ord, Br, Next)
    ).

%   The best value of Expr worse than Prev.
'$fd_opt_next'(Goal, Vs, Sel, Ord, Br, Prev, Best) :-
    '$fd_opt_try'(Goal, Vs, Sel, Ord, Br, Prev, none, V0),
    '$fd_opt_improve'(Goal, Vs, Sel, Ord, Br, Prev, V0, Best).

'$fd_opt_improve'(Goal, Vs, Sel, Ord, Br, Prev, V0, Best) :-
    (   '$fd_opt_try'(Goal, Vs, Sel, Ord, Br, Prev, V0, V1)
    ->  '$fd_opt_improve'(Goal, Vs, Sel, Ord, Br, Prev, V1, Best)
    ;   Best = V0
    ).

%   The value of Expr in one solution worse than Prev and better than Cur.
'$fd_opt_try'(Goal, Vs, Sel, Ord, Br, Prev, Cur, V) :-
    Goal =.. [Dir, E],
    findall(V0,
            once(( '$fd_opt_bound'(Dir, worse, E, Prev),
                   '$fd_opt_bound'(Dir, better, E, Cur),
                   '$fd_label'(Vs, Sel, Ord, Br),
                   V0 is E )),
            [V]).

'$fd_opt_bound'(_, _, _, none) :- !.
'$fd_opt_bound'(min, worse, E, B) :- '$fd_post_rel'(lt, B, E, none).
'$fd_opt_bound'(min, better, E, B) :- '$fd_post_rel'(lt, E, B, none).
'$fd_opt_bound'(max, worse, E, B) :- '$fd_post_rel'(lt, E, B, none).
'$fd_opt_bound'(max, better, E, B) :- '$fd_post_rel'(lt, B, E, none).
