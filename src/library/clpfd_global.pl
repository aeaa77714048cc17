/*  ply library: the global constraints of library(clpfd).

    all_different/1, all_distinct/1, chain/2, sum/3, scalar_product/4, element/3,
    tuples_in/2, global_cardinality/2,3 and their propagators.
    all_different/1 removes the value of a bound variable from the
    others; all_distinct/1 does that and also fails when fewer values
    are left than variables (a weaker form of the matching SWI-Prolog
    uses, which prunes more).
*/

all_different(L) :-
    '$fd_must_be_list'(L),
    '$fd_all_fd'(L),
    '$fd_post'(alldiff(L), all_different(L)).

all_distinct(L) :-
    '$fd_must_be_list'(L),
    '$fd_all_fd'(L),
    '$fd_post'(distinct(L), all_distinct(L)).

'$fd_all_fd'([]).
'$fd_all_fd'([X|Xs]) :- '$fd_must_be_fd'(X), '$fd_all_fd'(Xs).

%   chain(+Zs, +Relation): Relation between each two neighbours of Zs.
chain(Zs, Relation) :-
    '$fd_must_be_list'(Zs),
    '$fd_all_fd'(Zs),
    must_be(ground, Relation),
    (   '$fd_chain_relation'(Relation) -> true
    ;   throw(error(domain_error(chain_relation, Relation), _))
    ),
    '$fd_chain'(Zs, Relation).

'$fd_chain_relation'(#=).
'$fd_chain_relation'(#<).
'$fd_chain_relation'(#=<).
'$fd_chain_relation'(#>).
'$fd_chain_relation'(#>=).

'$fd_chain'([], _).
'$fd_chain'([X|Xs], Relation) :- '$fd_chain'(Xs, X, Relation).

'$fd_chain'([], _, _).
'$fd_chain'([X|Xs], Prev, Relation) :-
    call(Relation, Prev, X),
    '$fd_chain'(Xs, X, Relation).

'$fd_alldiff'(L, Strength, Dead) :-
    '$fd_split'(L, Vals, Vars),
    msort(Vals, Sorted),
    '$fd_no_dups'(Sorted),
    (   Vars == []
    ->  Dead = dead
    ;   '$fd_exclude_each'(Vars, Sorted),
        (   Strength == strong -> '$fd_pigeonhole'(L) ; true )
    ).

'$fd_split'([], [], []).
'$fd_split'([X|Xs], Vals, Vars) :-
    (   integer(X) -> Vals = [X|Vals1], Vars = Vars1 ; Vals = Vals1, Vars = [X|Vars1] ),
    '$fd_split'(Xs, Vals1, Vars1).

'$fd_no_dups'([]).
'$fd_no_dups'([X|Xs]) :- '$fd_no_dups'(Xs, X).

'$fd_no_dups'([], _).
'$fd_no_dups'([Y|Ys], X) :- X \== Y, '$fd_no_dups'(Ys, Y).

'$fd_exclude_each'([], _).
'$fd_exclude_each'([X|Xs], Vals) :-
    '$fd_exclude_values'(X, Vals),
    '$fd_exclude_each'(Xs, Vals).

%   Removes the values from X's domain in one step.
'$fd_exclude_values'(X, Vals) :-
    (   integer(X)
    ->  \+ memberchk(X, Vals)
    ;   '$fd_exclude_n'(X, Vals, Then)
    ->  '$fd_then'(Then, X)
    ;   '$fd_get'(X, D0, Ps),
        '$fd_remove_all'(Vals, D0, D1),
        (   D1 == D0 -> true ; '$fd_set'(X, D1, Ps) )
    ).

'$fd_remove_all'(Vs, D0, D) :- '$fd_remove_all_n'(Vs, D0, D), !.
'$fd_remove_all'(Vs, D0, D) :- '$fd_remove_all_pl'(Vs, D0, D).

'$fd_remove_all_pl'([], D, D).
'$fd_remove_all_pl'([V|Vs], D0, D) :-
    '$fd_remove'(D0, V, D1),
    '$fd_remove_all_pl'(Vs, D1, D).

%   Fewer values left than variables to take them: no solution.  As
%   many: every value is taken, so a value only one variable can take is
%   that variable's.
'$fd_pigeonhole'(L) :-
    (   '$fd_pigeon'(L, Singles)
    ->  Singles \== fail,
        '$fd_bind_singles'(Singles)
    ;   '$fd_pigeonhole_pl'(L)
    ).

'$fd_bind_singles'([]).
'$fd_bind_singles'([X-V|Ss]) :- X = V, '$fd_bind_singles'(Ss).

%   What the native '$fd_pigeon'/2 (builtins/clpfd.rs) counts.
'$fd_pigeonhole_pl'(L) :-
    '$fd_split'(L, _, Vars),
    '$fd_dom_union'(Vars, [], U),
    '$fd_dom_size'(U, S),
    length(Vars, N),
    (   S == sup -> true
    ;   S > N -> true
    ;   S =:= N
    ->  '$fd_dom_values'(U, Values),
        '$fd_doms_of'(Vars, Ds),
        '$fd_hidden_singles'(Values, Vars, Ds)
    ).

'$fd_hidden_singles'([], _, _).
'$fd_hidden_singles'([V|Vs], Vars, Ds) :-
    '$fd_holders'(Vars, Ds, V, Hs),
    (   Hs = [X] -> X = V ; true ),
    '$fd_hidden_singles'(Vs, Vars, Ds).

'$fd_holders'([], [], _, []).
'$fd_holders'([X|Xs], [D|Ds], V, Hs) :-
    (   '$fd_contains'(D, V) -> Hs = [X|Hs1] ; Hs = Hs1 ),
    '$fd_holders'(Xs, Ds, V, Hs1).

'$fd_dom_union'([], U, U).
'$fd_dom_union'([X|Xs], U0, U) :-
    '$fd_dom_of'(X, D),
    '$fd_union'(U0, D, U1),
    '$fd_dom_union'(Xs, U1, U).

'$fd_dom_of'(X, D) :-
    (   integer(X) -> D = [X-X] ; '$fd_get'(X, D, _) ).

%   sum/3 and scalar_product/4.

sum(Vs, Op, E) :-
    '$fd_must_be_list'(Vs),
    '$fd_sum_expr'(Vs, S),
    '$fd_rel_goal'(Op, S, E).

scalar_product(Cs, Vs, Op, E) :-
    '$fd_must_be_list'(Cs),
    '$fd_must_be_list'(Vs),
    '$fd_scalar_expr'(Cs, Vs, S),
    '$fd_rel_goal'(Op, S, E).

'$fd_sum_expr'([], 0).
'$fd_sum_expr'([V|Vs], S) :- '$fd_sum_expr'(Vs, V, S).

'$fd_sum_expr'([], S, S).
'$fd_sum_expr'([V|Vs], S0, S) :- '$fd_sum_expr'(Vs, S0+V, S).

'$fd_scalar_expr'([], [], 0).
'$fd_scalar_expr'([C|Cs], [V|Vs], S) :- '$fd_scalar_expr'(Cs, Vs, C*V, S).

'$fd_scalar_expr'([], [], S, S).
'$fd_scalar_expr'([C|Cs], [V|Vs], S0, S) :- '$fd_scalar_expr'(Cs, Vs, S0+C*V, S).

'$fd_rel_goal'(Op, L, R) :-
    (   var(Op) -> throw(error(instantiation_error, _))
    ;   memberchk(Op, [#=, #\=, #<, #>, #=<, #>=])
    ->  G =.. [Op, L, R], call(G)
    ;   throw(error(domain_error(clpfd_relation, Op), _))
    ).

%   element/3.

element(I, L, V) :-
    '$fd_must_be_list'(L),
    length(L, N),
    '$fd_in'(I, [1-N]),
    '$fd_post'(element(I, L, V), element(I, L, V)).

'$fd_element'(I, L, V, Dead) :-
    (   integer(I)
    ->  Dead = dead,
        nth1(I, L, X),
        '$fd_post_rel'(eq, X, V, none)
    ;   '$fd_get'(I, DI, _),
        '$fd_dom_values'(DI, Is),
        '$fd_dom_of'(V, DV),
        '$fd_elem_filter'(Is, L, DV, Keep, [], DU),
        Keep \== [],
        '$fd_values_dom'(Keep, DK),
        '$fd_narrow'(I, DK),
        '$fd_narrow'(V, DU)
    ).

'$fd_elem_filter'([], _, _, [], U, U).
'$fd_elem_filter'([I|Is], L, DV, Keep, U0, U) :-
    nth1(I, L, X),
    '$fd_dom_of'(X, DX),
    '$fd_isect'(DX, DV, D),
    (   D == [] -> Keep = Keep1, U1 = U0
    ;   Keep = [I|Keep1], '$fd_union'(U0, D, U1)
    ),
    '$fd_elem_filter'(Is, L, DV, Keep1, U1, U).

%   tuples_in/2: each tuple one of the relation's rows.

tuples_in(Ts, Rel) :-
    '$fd_must_be_list'(Ts),
    '$fd_must_be_list'(Rel),
    '$fd_tuples_in'(Ts, Rel).

'$fd_tuples_in'([], _).
'$fd_tuples_in'([T|Ts], Rel) :-
    '$fd_must_be_list'(T),
    '$fd_all_fd'(T),
    '$fd_post'(relation(T, Rel), tuples_in([T], Rel)),
    '$fd_tuples_in'(Ts, Rel).

'$fd_relation'(T, Rel, Dead) :-
    '$fd_doms_of'(T, Ds),
    '$fd_rows_fitting'(Rel, Ds, Rows),
    Rows \== [],
    (   ground(T)
    ->  Dead = dead
    ;   '$fd_narrow_columns'(T, Rows)
    ).

'$fd_doms_of'([], []).
'$fd_doms_of'([X|Xs], [D|Ds]) :- '$fd_dom_of'(X, D), '$fd_doms_of'(Xs, Ds).

'$fd_rows_fitting'([], _, []).
'$fd_rows_fitting'([R|Rs], Ds, Out) :-
    (   '$fd_row_fits'(R, Ds) -> Out = [R|Out1] ; Out = Out1 ),
    '$fd_rows_fitting'(Rs, Ds, Out1).

'$fd_row_fits'([], []).
'$fd_row_fits'([V|Vs], [D|Ds]) :- '$fd_contains'(D, V), '$fd_row_fits'(Vs, Ds).

'$fd_narrow_columns'([], _).
'$fd_narrow_columns'([X|Xs], Rows) :-
    '$fd_firsts'(Rows, Vals, Rests),
    '$fd_values_dom'(Vals, D),
    '$fd_narrow'(X, D),
    '$fd_narrow_columns'(Xs, Rests).

'$fd_firsts'([], [], []).
'$fd_firsts'([[V|Vs]|Rs], [V|Us], [Vs|Ws]) :- '$fd_firsts'(Rs, Us, Ws).

%   global_cardinality/2,3: each Key-Count pair, Count the number of
%   variables equal to Key, and every variable equal to some key.

global_cardinality(Vs, Pairs) :-
    global_cardinality(Vs, Pairs, []).

global_cardinality(Vs, Pairs, _Options) :-
    '$fd_must_be_list'(Vs),
    '$fd_must_be_list'(Pairs),
    '$fd_gcc_keys'(Pairs, Keys),
    '$fd_values_dom'(Keys, D),
    '$fd_ins'(Vs, D),
    '$fd_gcc_counts'(Pairs, Vs),
    length(Vs, N),
    '$fd_gcc_total'(Pairs, Cs),
    sum(Cs, #=, N).

'$fd_gcc_keys'([], []).
'$fd_gcc_keys'([P|Ps], [K|Ks]) :-
    (   P = K-_, integer(K) -> true ; throw(error(type_error(pair, P), _)) ),
    '$fd_gcc_keys'(Ps, Ks).

'$fd_gcc_total'([], []).
'$fd_gcc_total'([_-C|Ps], [C|Cs]) :- '$fd_gcc_total'(Ps, Cs).

'$fd_gcc_counts'([], _).
'$fd_gcc_counts'([K-C|Ps], Vs) :-
    '$fd_gcc_flags'(Vs, K, Bs),
    sum(Bs, #=, C),
    '$fd_gcc_counts'(Ps, Vs).

'$fd_gcc_flags'([], _, []).
'$fd_gcc_flags'([V|Vs], K, [B|Bs]) :-
    '$fd_reify'('#='(V, K), B),
    '$fd_gcc_flags'(Vs, K, Bs).
