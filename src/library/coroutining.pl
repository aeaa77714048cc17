/*  ply library: attributed variables and coroutining.

    put_attr/3, get_attr/3, del_attr/2, get_attrs/2, put_attrs/2,
    del_attrs/1, copy_term/3; freeze/2, frozen/2, dif/2, when/2; the
    wakeup the engine calls after a unification binds an attributed
    variable ('$wakeup'/2), and the residual goals the toplevel shows
    ('$attvar_residuals'/2).

    A variable's attributes are SWI-Prolog's chain att(Module, Value,
    More), read and replaced whole by the natives '$get_attrs'/2 and
    '$put_attrs'/2.  The hooks of freeze, dif and when are here; any
    other module's are Module:attr_unify_hook/2 and
    Module:attribute_goals//1, as in SWI-Prolog.

    dif/2 keeps, on every variable its unifier mentions, a record
    '$dif'(Done, Pairs): Pairs are the Left-Right pairs that must not all
    become equal, Done is bound once the record has been decided or
    replaced.  A binding of one of the variables decides the pairs
    again.  when/2 keeps '$when'(Done, Condition, Goal) records the same
    way and decides the whole condition again on each binding.  Helpers
    carry a '$' prefix so they never clash with user programs.
*/

%   The attribute chain.

put_attr(V, M, Value) :-
    '$attr_args'(V, M),
    (   '$get_attrs'(V, As0) -> true ; As0 = [] ),
    '$att_put'(As0, M, Value, As),
    '$put_attrs'(V, As).

get_attr(V, M, Value) :-
    var(V),
    '$get_attrs'(V, As),
    '$att_get'(As, M, Value0),
    Value = Value0.

del_attr(V, M) :-
    (   var(V), '$get_attrs'(V, As0), '$att_del'(As0, M, As)
    ->  '$put_attrs'(V, As)
    ;   true
    ).

get_attrs(V, As) :-
    var(V),
    '$get_attrs'(V, As).

put_attrs(V, As) :-
    (   var(V) -> '$put_attrs'(V, As) ; throw(error(uninstantiation_error(V), put_attrs/2)) ).

del_attrs(V) :-
    (   var(V), '$get_attrs'(V, _) -> '$put_attrs'(V, []) ; true ).

'$attr_args'(V, M) :-
    (   var(V) -> true ; throw(error(uninstantiation_error(V), put_attr/3)) ),
    (   var(M) -> throw(error(instantiation_error, put_attr/3))
    ;   atom(M) -> true
    ;   throw(error(type_error(atom, M), put_attr/3))
    ).

'$att_put'([], M, V, att(M, V, [])).
'$att_put'(att(M0, V0, R0), M, V, As) :-
    (   M0 == M
    ->  As = att(M, V, R0)
    ;   As = att(M0, V0, R),
        '$att_put'(R0, M, V, R)
    ).

'$att_get'(att(M0, V0, R), M, V) :-
    (   M0 == M -> V = V0 ; '$att_get'(R, M, V) ).

'$att_del'(att(M0, V0, R0), M, As) :-
    (   M0 == M
    ->  As = R0
    ;   As = att(M0, V0, R),
        '$att_del'(R0, M, R)
    ).

%   The wakeup: the engine calls '$wakeup'(Wakes, Goal) in place of the
%   goal that was about to run when attributed variables had been bound,
%   Wakes being wake(Attributes, Value) for each of them.  A binding the
%   occurs check refuses makes Wakes fail, or '$occurs_error'(Ball).

'$wakeup'(Wakes, Goal) :-
    '$wake_all'(Wakes),
    call(Goal).

'$wake_all'([]).
'$wake_all'('$occurs_error'(Ball)) :-
    throw(Ball).
'$wake_all'([wake(As, Value)|Ws]) :-
    '$wake_atts'(As, Value),
    '$wake_all'(Ws).

'$wake_atts'([], _).
'$wake_atts'(att(M, A, R), Value) :-
    '$attr_hook'(M, A, Value),
    '$wake_atts'(R, Value).

'$attr_hook'(freeze, G, Y) :- !, '$freeze_hook'(G, Y).
'$attr_hook'(dif, Ds, Y) :- !, '$dif_hook'(Ds, Y).
'$attr_hook'(when, Ws, Y) :- !, '$when_hook'(Ws, Y).
'$attr_hook'(clpfd, Fd, Y) :- !, '$fd_unify_hook'(Fd, Y).
'$attr_hook'(clpb, B, Y) :- !, '$clpb_hook'(B, Y).
'$attr_hook'(M, A, Y) :- M:attr_unify_hook(A, Y).

%   freeze/2 and frozen/2.

freeze(V, G) :-
    var(V),
    !,
    '$user_goal'(G, G1),
    (   get_attr(V, freeze, G0)
    ->  put_attr(V, freeze, '$and'(G0, G1))
    ;   put_attr(V, freeze, G1)
    ).
freeze(_, G) :-
    call(G).

'$user_goal'(G, G) :- nonvar(G), G = _:_, !.
'$user_goal'(G, user:G).

'$freeze_hook'(G, Y) :-
    var(Y),
    !,
    (   get_attr(Y, freeze, G2)
    ->  put_attr(Y, freeze, '$and'(G2, G))
    ;   put_attr(Y, freeze, G)
    ).
'$freeze_hook'(G, _) :-
    '$run_frozen'(G).

'$run_frozen'('$and'(A, B)) :- !, '$run_frozen'(A), '$run_frozen'(B).
'$run_frozen'(G) :- call(G).

%   lazy_list/3, as library(lazy_lists)' of SWI-Prolog: a list whose cells are made when a
%   binding first reaches them, call(Next, S0, S, Head) giving each head and the next state,
%   the list ending where Next fails. Each cell waits on its own variable (freeze/2), so
%   what a program reads of the list is computed once, in order.

lazy_list(Next, S0, List) :-
    freeze(List, '$lazy_cell'(Next, S0, List)).

'$lazy_cell'(Next, S0, List) :-
    (   call(Next, S0, S1, Head)
    ->  List = [Head|Tail],
        lazy_list(Next, S1, Tail)
    ;   List = []
    ).

frozen(T, Goal) :-
    term_attvars(T, Vs),
    '$residuals'(Vs, qualified, Gs),
    '$conj'(Gs, Goal).

'$conj'([], true).
'$conj'([G], G) :- !.
'$conj'([G|Gs], (G, C)) :- '$conj'(Gs, C).

%   dif/2.

dif(X, Y) :-
    X \== Y,
    '$dif_decide'([X-Y], first).

'$dif_decide'(Pairs, Mode) :-
    '$dif_sides'(Pairs, L, R),
    (   unifiable(L, R, U)
    ->  U \== [],
        (   Mode == first
        ->  '$dif_pairs'(Pairs, Ps, [])
        ;   '$dif_repairs'(Pairs, Pairs, Ps)
        ),
        term_variables(U, Vs),
        '$dif_suspend'(Vs, '$dif'(_, Ps))
    ;   true
    ).

'$dif_sides'([], [], []).
'$dif_sides'([L-R|Ps], [L|Ls], [R|Rs]) :- '$dif_sides'(Ps, Ls, Rs).

%   The pairs shown: a pair whose sides are both bound is replaced by the
%   pairs of its arguments; equal pairs are dropped.
'$dif_pairs'([], Ps, Ps).
'$dif_pairs'([L-R|Qs], Ps0, Ps) :-
    '$dif_pair'(L, R, Ps0, Ps1),
    '$dif_pairs'(Qs, Ps1, Ps).

'$dif_pair'(L, R, Ps, Ps) :- L == R, !.
'$dif_pair'(L, R, [L-R|Ps], Ps) :- var(L), !.
'$dif_pair'(L, R, [R-L|Ps], Ps) :- var(R), !.
'$dif_pair'(L, R, Ps0, Ps) :-
    L =.. [_|As],
    R =.. [_|Bs],
    '$dif_args'(As, Bs, Ps0, Ps).

%   Deciding again, as SWI-Prolog shows it: a pair whose sides have both
%   become bound stays, followed by the pairs of its unifier not there yet.
'$dif_repairs'([], _, []).
'$dif_repairs'([L-R|Qs], All, Ps) :-
    (   L == R
    ->  Ps = Ps1
    ;   ( var(L) ; var(R) )
    ->  Ps = [L-R|Ps1]
    ;   unifiable(L, R, U),
        '$dif_new_pairs'(U, All, New),
        Ps0 = [L-R|New],
        '$append_pairs'(Ps0, Ps1, Ps)
    ),
    '$dif_repairs'(Qs, All, Ps1).

'$dif_new_pairs'([], _, []).
'$dif_new_pairs'([V=T|U], All, New) :-
    (   '$memberchk_eq'(V-T, All) -> New = New1 ; New = [V-T|New1] ),
    '$dif_new_pairs'(U, All, New1).

'$append_pairs'([], Ys, Ys).
'$append_pairs'([X|Xs], Ys, [X|Zs]) :- '$append_pairs'(Xs, Ys, Zs).

'$dif_args'([], [], Ps, Ps).
'$dif_args'([A|As], [B|Bs], Ps0, Ps) :-
    '$dif_pair'(A, B, Ps0, Ps1),
    '$dif_args'(As, Bs, Ps1, Ps).

%   A record goes after those a variable holds, so that residual goals
%   come in the order the constraints were made.
'$dif_suspend'([], _).
'$dif_suspend'([V|Vs], D) :-
    (   get_attr(V, dif, Ds) -> true ; Ds = [] ),
    '$append_one'(Ds, D, Ds1),
    put_attr(V, dif, Ds1),
    '$dif_suspend'(Vs, D).

'$append_one'([], X, [X]).
'$append_one'([Y|Ys], X, [Y|Zs]) :- '$append_one'(Ys, X, Zs).

'$dif_hook'(Ds, _) :-
    '$dif_redo'(Ds).

'$dif_redo'([]).
'$dif_redo'(['$dif'(Done, Ps)|Ds]) :-
    (   var(Done)
    ->  Done = done,
        '$dif_decide'(Ps, redo)
    ;   true
    ),
    '$dif_redo'(Ds).

%   when/2.

when(Cond, Goal) :-
    '$when_check'(Cond),
    '$user_goal'(Goal, G),
    '$when_eval'(Cond, Rest),
    (   Rest == true
    ->  call(G)
    ;   '$when_wait'(Rest, Vs, []),
        '$when_suspend'(Vs, '$when'(_, Rest, G))
    ).

?=(X, Y) :-
    (   X == Y -> true ; \+ unifiable(X, Y, _) ).

'$when_check'(C) :- var(C), !, throw(error(instantiation_error, when/2)).
'$when_check'(nonvar(_)) :- !.
'$when_check'(ground(_)) :- !.
'$when_check'(?=(_, _)) :- !.
'$when_check'((A, B)) :- !, '$when_check'(A), '$when_check'(B).
'$when_check'((A ; B)) :- !, '$when_check'(A), '$when_check'(B).
'$when_check'(C) :- throw(error(domain_error(when_condition, C), when/2)).

%   '$when_eval'(Cond, Rest): Rest is true when Cond holds, else what of
%   it is left to wait for.
'$when_eval'(nonvar(X), R) :- ( nonvar(X) -> R = true ; R = nonvar(X) ).
'$when_eval'(ground(X), R) :- ( ground(X) -> R = true ; R = ground(X) ).
'$when_eval'(?=(X, Y), R) :- ( ?=(X, Y) -> R = true ; R = ?=(X, Y) ).
'$when_eval'((A, B), R) :-
    '$when_eval'(A, RA),
    (   RA == true -> '$when_eval'(B, R) ; R = (RA, B) ).
'$when_eval'((A ; B), R) :-
    '$when_eval'(A, RA),
    (   RA == true
    ->  R = true
    ;   '$when_eval'(B, RB),
        (   RB == true -> R = true ; R = (RA ; RB) )
    ).

%   The variables a binding of which may decide what is left.
'$when_wait'(nonvar(X), [X|Vs], Vs).
'$when_wait'(ground(X), [V|Vs], Vs) :- term_variables(X, [V|_]).
'$when_wait'(?=(X, Y), Ws, Vs) :-
    unifiable(X, Y, U),
    term_variables(U, Us),
    '$append_pairs'(Us, Vs, Ws).
'$when_wait'((A, _), Ws, Vs) :- '$when_wait'(A, Ws, Vs).
'$when_wait'((A ; B), Ws, Vs) :- '$when_wait'(A, Ws, Vs1), '$when_wait'(B, Vs1, Vs).

'$when_suspend'([], _).
'$when_suspend'([V|Vs], Rec) :-
    (   get_attr(V, when, Ws) -> true ; Ws = [] ),
    (   '$memberchk_eq'(Rec, Ws)
    ->  true
    ;   '$append_one'(Ws, Rec, Ws1),
        put_attr(V, when, Ws1)
    ),
    '$when_suspend'(Vs, Rec).

'$when_hook'(Ws, _) :-
    '$when_redo'(Ws).

%   A record decided again is done with; what is left waits in a new one.
'$when_redo'([]).
'$when_redo'(['$when'(Done, Cond, G)|Ws]) :-
    (   var(Done)
    ->  Done = done,
        '$when_eval'(Cond, Rest),
        (   Rest == true
        ->  call(G)
        ;   '$when_wait'(Rest, Vs, []),
            '$when_suspend'(Vs, '$when'(_, Rest, G))
        )
    ;   true
    ),
    '$when_redo'(Ws).

'$memberchk_eq'(X, [Y|Ys]) :- ( X == Y -> true ; '$memberchk_eq'(X, Ys) ).

%   Residual goals.  Mode qualified keeps user: on frozen goals (frozen/2,
%   copy_term/3), mode plain drops it (the toplevel).

copy_term(T, Copy, Gs) :-
    term_attvars(T, Vs),
    (   Vs == []
    ->  Gs = [],
        copy_term(T, Copy)
    ;   '$residuals'(Vs, qualified, Gs0),
        copy_term_nat(T-Gs0, Copy-Gs)
    ).

'$attvar_residuals'(T, Gs) :-
    term_attvars(T, Vs),
    '$residuals'(Vs, plain, Gs).

'$residuals'(Vs, Mode, Gs) :-
    '$residuals'(Vs, Mode, Gs0, []),
    '$dedup_eq'(Gs0, [], Gs).

'$residuals'([], _, Gs, Gs).
'$residuals'([V|Vs], Mode, Gs0, Gs) :-
    (   get_attrs(V, As) -> true ; As = [] ),
    '$att_goals'(As, V, Mode, Gs0, Gs1),
    '$residuals'(Vs, Mode, Gs1, Gs).

'$att_goals'([], _, _, Gs, Gs).
'$att_goals'(att(M, A, R), V, Mode, Gs0, Gs) :-
    '$att_goal'(M, A, V, Mode, Gs0, Gs1),
    '$att_goals'(R, V, Mode, Gs1, Gs).

'$att_goal'(freeze, G, V, Mode, Gs0, Gs) :- !, '$freeze_goals'(G, V, Mode, Gs0, Gs).
'$att_goal'(dif, Ds, _, _, Gs0, Gs) :- !, '$dif_goals'(Ds, Gs0, Gs).
'$att_goal'(when, Ws, _, Mode, Gs0, Gs) :- !, '$when_goals'(Ws, Mode, Gs0, Gs).
'$att_goal'(clpfd, Fd, V, Mode, Gs0, Gs) :- !, '$fd_att_goals'(Fd, V, Mode, Gs0, Gs).
'$att_goal'(clpb, B, V, Mode, Gs0, Gs) :- !, '$clpb_att_goals'(B, V, Mode, Gs0, Gs).
'$att_goal'(M, A, V, _, Gs0, Gs) :-
    (   catch(M:attribute_goals(V, Gs0, Gs), error(existence_error(procedure, _), _), fail)
    ->  true
    ;   Gs0 = [put_attr(V, M, A)|Gs]
    ).

'$freeze_goals'('$and'(A, B), V, Mode, Gs0, Gs) :- !,
    '$freeze_goals'(A, V, Mode, Gs0, Gs1),
    '$freeze_goals'(B, V, Mode, Gs1, Gs).
'$freeze_goals'(G, V, Mode, [freeze(V, G1)|Gs], Gs) :- '$shown_goal'(Mode, G, G1).

'$shown_goal'(plain, user:G, G) :- !.
'$shown_goal'(_, G, G).

'$dif_goals'([], Gs, Gs).
'$dif_goals'(['$dif'(Done, Ps)|Ds], Gs0, Gs) :-
    (   var(Done)
    ->  '$dif_shown'(Ps, G),
        Gs0 = [G|Gs1]
    ;   Gs0 = Gs1
    ),
    '$dif_goals'(Ds, Gs1, Gs).

'$dif_shown'([L-R], dif(L, R)) :- !.
'$dif_shown'(Ps, dif(L, R)) :-
    '$dif_sides'(Ps, Ls, Rs),
    L =.. [f|Ls],
    R =.. [f|Rs].

'$when_goals'([], _, Gs, Gs).
'$when_goals'(['$when'(Done, C, G)|Ws], Mode, Gs0, Gs) :-
    (   var(Done)
    ->  '$shown_goal'(Mode, G, G1),
        Gs0 = [when(C, G1)|Gs1]
    ;   Gs0 = Gs1
    ),
    '$when_goals'(Ws, Mode, Gs1, Gs).

'$dedup_eq'([], _, []).
'$dedup_eq'([G|Gs], Seen, Out) :-
    (   '$memberchk_eq'(G, Seen) -> Out = Out1 ; Out = [G|Out1] ),
    '$dedup_eq'(Gs, [G|Seen], Out1).
