/*  ply library: library(clpb), constraints over Boolean variables.

    sat/1, taut/2, labeling/1 and sat_count/2 over reduced ordered
    binary decision diagrams (Bryant 1986).  A diagram is a ground term:
    the leaves 0 and 1 and nodes n(Id, I, Low, High), I the index of a
    variable (the order variables were first met in), Low and High the
    diagrams where it is 0 and 1, and Id a number no other node has, so
    the operations remember what they computed for a pair of nodes
    (apply with a memo, as Bryant's paper describes).  The leaves are
    unique: a diagram of a constant function is always the leaf, so a
    constraint that cannot hold is seen at once as 0.

    A constrained variable carries the attribute clpb with value
    clpb(I, S): its index and the store of its component, s(Vs, B),
    the Index-Variable pairs of the component and the diagram of the
    conjunction of its constraints.  Constraints that share a variable
    share a store.  After every change, a variable the store forces to
    0 or 1 is bound to it, and two variables it forces to be equal are
    unified, as SWI-Prolog does.  Residual goals show a store as
    sat/1 of its algebraic normal form (exclusive or of products).

    The file is read before the library's operators exist, so it writes
    them in canonical form; use_module(library(clpb)) declares them
    ('$clpb_ops'/0).  Helpers carry a '$clpb_' prefix.
*/

'$clpb_ops' :-
    op(300, fy, ~), op(500, yfx, #).

sat(F) :-
    '$clpb_parse'(F, B, Vs),
    '$clpb_stores'(Vs, B, B1, Ps),
    B1 \== 0,
    '$clpb_install'(Ps, B1).

taut(F, T) :-
    '$clpb_parse'(F, B, Vs),
    '$clpb_stores'(Vs, 1, C, _),
    '$clpb_and'(C, B, CB),
    (   CB == 0
    ->  T = 0
    ;   '$clpb_not'(B, NB),
        '$clpb_and'(C, NB, CN),
        CN == 0
    ->  T = 1
    ).

labeling(Vs) :-
    must_be(list, Vs),
    '$clpb_label'(Vs).

'$clpb_label'([]).
'$clpb_label'([V|Vs]) :-
    (   var(V) -> ( V = 0 ; V = 1 ) ; true ),
    '$clpb_label'(Vs).

%   The count leaves no trace: the variables it meets for the first time
%   get no attribute, as in SWI-Prolog.
sat_count(F, N) :-
    findall(N0, '$clpb_sat_count'(F, N0), [N]).

'$clpb_sat_count'(F, N) :-
    '$clpb_parse'(F, B, Vs0),
    '$clpb_stores'(Vs0, B, B1, Ps),
    '$clpb_index_set'(Vs0, Is),
    '$clpb_pair_indices'(Ps, All),
    '$clpb_subtract'(All, Is, Others),
    '$clpb_exists_all'(Others, B1, B2),
    length(Is, Len),
    '$clpb_count'(B2, Is, Len, N).

%   Formulas.  '$clpb_parse'(+F, -B, -Vs): B is the diagram of F, Vs the
%   variables in it (each given an index first).

'$clpb_parse'(F, B, Vs) :-
    term_variables(F, Vs),
    '$clpb_index_all'(Vs),
    '$clpb_f'(F, B).

'$clpb_f'(V, B) :- var(V), !, get_attr(V, clpb, clpb(I, _)), '$clpb_node'(I, 0, 1, B).
'$clpb_f'(0, 0) :- !.
'$clpb_f'(1, 1) :- !.
'$clpb_f'('~'(F), B) :- !, '$clpb_f'(F, B0), '$clpb_not'(B0, B).
'$clpb_f'(F + G, B) :- !, '$clpb_f2'(or, F, G, B).
'$clpb_f'(F * G, B) :- !, '$clpb_f2'(and, F, G, B).
'$clpb_f'('#'(F, G), B) :- !, '$clpb_f2'(xor, F, G, B).
'$clpb_f'(F =\= G, B) :- !, '$clpb_f2'(xor, F, G, B).
'$clpb_f'(F =:= G, B) :- !, '$clpb_f2'(xor, F, G, B0), '$clpb_not'(B0, B).
'$clpb_f'(F =< G, B) :- !, '$clpb_f'(F, A), '$clpb_not'(A, NA), '$clpb_f'(G, C), '$clpb_or'(NA, C, B).
'$clpb_f'(F >= G, B) :- !, '$clpb_f'(G =< F, B).
'$clpb_f'(F < G, B) :- !, '$clpb_f'(F, A), '$clpb_not'(A, NA), '$clpb_f'(G, C), '$clpb_and'(NA, C, B).
'$clpb_f'(F > G, B) :- !, '$clpb_f'(G < F, B).
'$clpb_f'(+(Fs), B) :- !, must_be(list, Fs), '$clpb_fold'(Fs, or, 0, B).
'$clpb_f'(*(Fs), B) :- !, must_be(list, Fs), '$clpb_fold'(Fs, and, 1, B).
'$clpb_f'(card(Is, Fs), B) :- !, '$clpb_card'(Is, Fs, B).
'$clpb_f'(V ^ F, B) :- !,
    '$clpb_f'(F, B0),
    (   var(V), get_attr(V, clpb, clpb(I, _)) -> '$clpb_exists'(I, B0, B) ; B = B0 ).

'$clpb_f2'(Op, F, G, B) :-
    '$clpb_f'(F, A),
    '$clpb_f'(G, C),
    '$clpb_apply'(Op, A, C, B).

'$clpb_fold'([], _, B, B).
'$clpb_fold'([F|Fs], Op, B0, B) :-
    '$clpb_f'(F, A),
    '$clpb_apply'(Op, B0, A, B1),
    '$clpb_fold'(Fs, Op, B1, B).

%   card(Is, Fs): the number of true formulas of Fs is one of Is (integers
%   and ranges L-H).  Counts holds, for k = 0, 1, ..., the diagram of
%   "exactly k of the formulas seen so far are true".
'$clpb_card'(Is, Fs, B) :-
    must_be(list, Is),
    must_be(list, Fs),
    '$clpb_card_counts'(Fs, [1], Counts),
    '$clpb_card_pick'(Counts, 0, Is, 0, B).

'$clpb_card_counts'([], Cs, Cs).
'$clpb_card_counts'([F|Fs], Cs0, Cs) :-
    '$clpb_f'(F, A),
    '$clpb_not'(A, NA),
    '$clpb_card_step'(Cs0, 0, A, NA, Cs1),
    '$clpb_card_counts'(Fs, Cs1, Cs).

%   The count k after one more formula A: k before and A false, or k-1
%   before and A true.
'$clpb_card_step'([], Prev, A, _, [C]) :- '$clpb_and'(Prev, A, C).
'$clpb_card_step'([K|Ks], Prev, A, NA, [C|Cs]) :-
    '$clpb_and'(K, NA, C1),
    '$clpb_and'(Prev, A, C2),
    '$clpb_or'(C1, C2, C),
    '$clpb_card_step'(Ks, K, A, NA, Cs).

'$clpb_card_pick'([], _, _, B, B).
'$clpb_card_pick'([C|Cs], K, Is, B0, B) :-
    (   '$clpb_card_in'(Is, K) -> '$clpb_or'(B0, C, B1) ; B1 = B0 ),
    K1 is K + 1,
    '$clpb_card_pick'(Cs, K1, Is, B1, B).

'$clpb_card_in'([I|Is], K) :-
    (   integer(I) -> I =:= K
    ;   I = L-H, integer(L), integer(H) -> K >= L, K =< H
    ;   '$clpb_card_in'(Is, K)
    ), !.
'$clpb_card_in'([_|Is], K) :- '$clpb_card_in'(Is, K).

%   Variables and their indices.

'$clpb_index_all'([]).
'$clpb_index_all'([V|Vs]) :-
    (   get_attr(V, clpb, _)
    ->  true
    ;   '$clpb_new_index'(I),
        put_attr(V, clpb, clpb(I, s([I-V], 1)))
    ),
    '$clpb_index_all'(Vs).

'$clpb_new_index'(I) :-
    catch(nb_getval('$clpb_next', I0), error(existence_error(_, _), _), I0 = 0),
    I is I0 + 1,
    nb_setval('$clpb_next', I).

'$clpb_index_set'(Vs, Is) :-
    '$clpb_indices'(Vs, Is0),
    sort(Is0, Is).

'$clpb_indices'([], []).
'$clpb_indices'([V|Vs], [I|Is]) :- get_attr(V, clpb, clpb(I, _)), '$clpb_indices'(Vs, Is).

'$clpb_pair_indices'([], []).
'$clpb_pair_indices'([I-_|Ps], [I|Is]) :- '$clpb_pair_indices'(Ps, Is).

'$clpb_subtract'([], _, []).
'$clpb_subtract'([I|Is], Js, Out) :-
    (   memberchk(I, Js) -> Out = Out1 ; Out = [I|Out1] ),
    '$clpb_subtract'(Is, Js, Out1).

%   Stores.  '$clpb_stores'(+Vs, +B0, -B, -Ps): B is B0 and the diagrams
%   of the stores of the variables Vs, Ps the pairs of those stores.

'$clpb_stores'(Vs, B0, B, Ps) :-
    '$clpb_collect'(Vs, [], Ss),
    '$clpb_merge'(Ss, B0, B, [], Ps0),
    keysort(Ps0, Ps).

'$clpb_collect'([], Ss, Ss).
'$clpb_collect'([V|Vs], Ss0, Ss) :-
    get_attr(V, clpb, clpb(_, S)),
    (   '$clpb_memq'(S, Ss0) -> Ss1 = Ss0 ; Ss1 = [S|Ss0] ),
    '$clpb_collect'(Vs, Ss1, Ss).

'$clpb_memq'(X, [Y|Ys]) :- ( X == Y -> true ; '$clpb_memq'(X, Ys) ).

'$clpb_merge'([], B, B, Ps, Ps).
'$clpb_merge'([s(Ps1, B1)|Ss], B0, B, Ps0, Ps) :-
    '$clpb_and'(B0, B1, B2),
    '$clpb_live_pairs'(Ps1, Ps0, Ps2),
    '$clpb_merge'(Ss, B2, B, Ps2, Ps).

'$clpb_live_pairs'([], Ps, Ps).
'$clpb_live_pairs'([P|Ps], Acc, Out) :-
    P = _-V,
    (   var(V) -> '$clpb_live_pairs'(Ps, [P|Acc], Out) ; '$clpb_live_pairs'(Ps, Acc, Out) ).

%   '$clpb_install'(+Ps, +B): the store s(Ps, B) for every variable of
%   Ps, then what it forces.
'$clpb_install'(Ps, B) :-
    S = s(Ps, B),
    '$clpb_put'(Ps, S),
    '$clpb_force'(Ps, B).

'$clpb_put'([], _).
'$clpb_put'([I-V|Ps], S) :- put_attr(V, clpb, clpb(I, S)), '$clpb_put'(Ps, S).

%   A variable the diagram forces is bound; else two variables it forces
%   to be equal are unified, the later one to the earlier.  Each binding
%   runs the hook, which installs the store again and looks again.  Two
%   variables are equal in every solution only if they are equal in the
%   two solutions found for each variable being 0 and being 1, so only
%   the variables those solutions do not tell apart are checked.
'$clpb_force'(Ps, B) :-
    '$clpb_columns'(Ps, B, Cols, Forced),
    (   nonvar(Forced)
    ->  Forced = V-Value,
        V = Value
    ;   keysort(Cols, Sorted),
        '$clpb_alias_pair'(Sorted, B, V, W)
    ->  V = W
    ;   true
    ).

%   For each variable, the restrictions to 0 and 1 give either a forced
%   value or a solution each; Cols pairs each variable's values in all
%   those solutions with its index and the variable.
'$clpb_columns'(Ps, B, Cols, Forced) :-
    '$clpb_solutions'(Ps, B, Sols, Forced),
    (   nonvar(Forced)
    ->  Cols = []
    ;   '$clpb_cols'(Ps, Sols, Cols)
    ).

'$clpb_solutions'([], _, [], _).
'$clpb_solutions'([I-V|Ps], B, Sols, Forced) :-
    '$clpb_restrict'(B, I, 0, R0),
    '$clpb_restrict'(B, I, 1, R1),
    (   R0 == 0 -> Forced = V-1, Sols = []
    ;   R1 == 0 -> Forced = V-0, Sols = []
    ;   '$clpb_path'(R0, P0),
        '$clpb_path'(R1, P1),
        Sols = [[I-0|P0], [I-1|P1]|Sols1],
        '$clpb_solutions'(Ps, B, Sols1, Forced)
    ).

%   The assignments along the path to 1 that takes the low branch where
%   it can.
'$clpb_path'(1, []).
'$clpb_path'(n(_, I, L, H), [I-V|P]) :-
    (   L == 0 -> V = 1, '$clpb_path'(H, P) ; V = 0, '$clpb_path'(L, P) ).

'$clpb_cols'([], _, []).
'$clpb_cols'([I-V|Ps], Sols, [Col-(I-V)|Cols]) :-
    '$clpb_col'(Sols, I, Col),
    '$clpb_cols'(Ps, Sols, Cols).

%   A variable off a solution's path may take either value there; it is
%   taken as 0.
'$clpb_col'([], _, []).
'$clpb_col'([S|Ss], I, [X|Xs]) :-
    (   memberchk(I-X0, S) -> X = X0 ; X = 0 ),
    '$clpb_col'(Ss, I, Xs).

%   Two variables with the same column (neighbours once sorted, the
%   earlier index first) that no solution tells apart.
'$clpb_alias_pair'([C1-(I-V), C2-(J-W)|Cs], B, X, Y) :-
    (   C1 == C2,
        '$clpb_restrict'(B, I, 0, B0),
        '$clpb_restrict'(B0, J, 1, R0), R0 == 0,
        '$clpb_restrict'(B, I, 1, B1),
        '$clpb_restrict'(B1, J, 0, R1), R1 == 0
    ->  X = V, Y = W
    ;   '$clpb_alias_pair'([C2-(J-W)|Cs], B, X, Y)
    ).

%   The hook: a binding of a constrained variable to 0 or 1 restricts its
%   store, a binding to another variable merges the stores and makes the
%   two indices one.
'$clpb_hook'(clpb(I, s(Ps, B)), Y) :-
    (   var(Y)
    ->  (   get_attr(Y, clpb, clpb(J, _))
        ->  '$clpb_stores'([Y], B, B1, Ps1),
            '$clpb_node'(I, 0, 1, X),
            '$clpb_node'(J, 0, 1, Z),
            '$clpb_apply'(xor, X, Z, D),
            '$clpb_not'(D, E),
            '$clpb_and'(B1, E, B2),
            '$clpb_exists'(I, B2, B3),
            '$clpb_live_pairs'(Ps, [], Ps2),
            '$clpb_union'(Ps2, Ps1, Ps4),
            '$clpb_drop'(Ps4, I, Ps3),
            B3 \== 0,
            '$clpb_install'(Ps3, B3)
        ;   '$clpb_swap'(Ps, I, Y, Ps1),
            '$clpb_install'(Ps1, B)
        )
    ;   ( Y == 0 ; Y == 1 )
    ->  '$clpb_restrict'(B, I, Y, B1),
        B1 \== 0,
        '$clpb_live_pairs'(Ps, [], Ps1),
        keysort(Ps1, Ps2),
        '$clpb_install'(Ps2, B1)
    ;   throw(error(domain_error(clpb_expr, Y), _))
    ).

'$clpb_drop'([], _, []).
'$clpb_drop'([J-V|Ps], I, Out) :-
    (   J == I -> Out = Ps ; Out = [J-V|Out1], '$clpb_drop'(Ps, I, Out1) ).

'$clpb_swap'([], _, _, []).
'$clpb_swap'([J-V|Ps], I, Y, [J-W|Qs]) :-
    (   J == I -> W = Y ; W = V ),
    '$clpb_swap'(Ps, I, Y, Qs).

'$clpb_union'(Ps0, Ps1, Ps) :-
    append(Ps0, Ps1, Ps2),
    keysort(Ps2, Ps3),
    '$clpb_dedup'(Ps3, Ps).

'$clpb_dedup'([], []).
'$clpb_dedup'([P], [P]) :- !.
'$clpb_dedup'([I-V, J-W|Ps], Out) :-
    (   I == J -> '$clpb_dedup'([I-V|Ps], Out) ; Out = [I-V|Out1], '$clpb_dedup'([J-W|Ps], Out1) ).

%   Diagrams.  '$clpb_node'(I, Low, High, B) makes a node, reduced.

'$clpb_node'(I, L, H, B) :-
    (   L == H
    ->  B = L
    ;   '$clpb_new_id'(Id),
        B = n(Id, I, L, H)
    ).

'$clpb_new_id'(Id) :-
    catch(nb_getval('$clpb_ids', Id0), error(existence_error(_, _), _), Id0 = 0),
    Id is Id0 + 1,
    nb_setval('$clpb_ids', Id).

'$clpb_and'(A, B, C) :- '$clpb_apply'(and, A, B, C).
'$clpb_or'(A, B, C) :- '$clpb_apply'(or, A, B, C).
'$clpb_not'(A, B) :- '$clpb_apply'(xor, A, 1, B).

%   Bryant's apply, remembering the result for each pair of nodes met,
%   so a diagram shared in both arguments is worked through once.
'$clpb_apply'(Op, A, B, C) :-
    empty_assoc(M0),
    '$clpb_ap'(Op, A, B, C, M0, _).

'$clpb_ap'(Op, A, B, C, M0, M) :-
    (   '$clpb_leaf_op'(Op, A, B, C0)
    ->  C = C0, M = M0
    ;   '$clpb_key'(A, B, K),
        get_assoc(K, M0, C0)
    ->  C = C0, M = M0
    ;   '$clpb_top'(A, B, I),
        '$clpb_cofactors'(A, I, AL, AH),
        '$clpb_cofactors'(B, I, BL, BH),
        '$clpb_ap'(Op, AL, BL, L, M0, M1),
        '$clpb_ap'(Op, AH, BH, H, M1, M2),
        '$clpb_node'(I, L, H, C),
        '$clpb_key'(A, B, K),
        put_assoc(K, M2, C, M)
    ).

'$clpb_key'(A, B, KA-KB) :- '$clpb_id'(A, KA), '$clpb_id'(B, KB).

'$clpb_id'(0, -1).
'$clpb_id'(1, -2).
'$clpb_id'(n(Id, _, _, _), Id).

%   The cases a leaf decides.
'$clpb_leaf_op'(and, A, B, C) :-
    (   A == 0 -> C = 0 ; B == 0 -> C = 0 ; A == 1 -> C = B ; B == 1 -> C = A ; A == B -> C = A ).
'$clpb_leaf_op'(or, A, B, C) :-
    (   A == 1 -> C = 1 ; B == 1 -> C = 1 ; A == 0 -> C = B ; B == 0 -> C = A ; A == B -> C = A ).
'$clpb_leaf_op'(xor, A, B, C) :-
    (   A == 0 -> C = B ; B == 0 -> C = A ; A == B -> C = 0
    ;   integer(A), integer(B) -> C is A xor B
    ).

'$clpb_top'(A, B, I) :-
    (   A = n(_, IA, _, _)
    ->  (   B = n(_, IB, _, _) -> I is min(IA, IB) ; I = IA )
    ;   B = n(_, I, _, _)
    ).

'$clpb_cofactors'(A, I, L, H) :-
    (   A = n(_, I, L0, H0) -> L = L0, H = H0 ; L = A, H = A ).

%   '$clpb_restrict'(B, I, Value, R): B with variable I set to Value.
'$clpb_restrict'(B, I, V, R) :-
    empty_assoc(M0),
    '$clpb_restr'(B, I, V, R, M0, _).

'$clpb_restr'(B, I, V, R, M0, M) :-
    (   B = n(Id, J, L, H)
    ->  (   J > I -> R = B, M = M0
        ;   J =:= I -> ( V =:= 0 -> R = L ; R = H ), M = M0
        ;   get_assoc(Id, M0, R0) -> R = R0, M = M0
        ;   '$clpb_restr'(L, I, V, L1, M0, M1),
            '$clpb_restr'(H, I, V, H1, M1, M2),
            (   L1 == L, H1 == H -> R = B ; '$clpb_node'(J, L1, H1, R) ),
            put_assoc(Id, M2, R, M)
        )
    ;   R = B, M = M0
    ).

'$clpb_exists'(I, B, R) :-
    '$clpb_restrict'(B, I, 0, B0),
    '$clpb_restrict'(B, I, 1, B1),
    '$clpb_or'(B0, B1, R).

'$clpb_exists_all'([], B, B).
'$clpb_exists_all'([I|Is], B0, B) :- '$clpb_exists'(I, B0, B1), '$clpb_exists_all'(Is, B1, B).

%   '$clpb_count'(B, Is, Len, N): the assignments of the variables Is
%   (ascending, Len of them, a superset of B's) that make B true.
'$clpb_count'(B, Is, Len, N) :-
    empty_assoc(M0),
    '$clpb_cnt'(B, Is, Len, N0, Pos, M0, _),
    N is N0 * 2^Pos.

%   Cnt is the count over the variables from the node's own on; Pos is
%   how many variables of Is stand above it.
'$clpb_cnt'(0, _, Len, 0, Len, M, M) :- !.
'$clpb_cnt'(1, _, Len, 1, Len, M, M) :- !.
'$clpb_cnt'(n(Id, I, L, H), Is, Len, N, Pos, M0, M) :-
    (   get_assoc(Id, M0, N0-Pos0)
    ->  N = N0, Pos = Pos0, M = M0
    ;   nth0(Pos, Is, I), !,
        '$clpb_cnt'(L, Is, Len, NL, PL, M0, M1),
        '$clpb_cnt'(H, Is, Len, NH, PH, M1, M2),
        N is NL * 2^(PL - Pos - 1) + NH * 2^(PH - Pos - 1),
        put_assoc(Id, M2, N-Pos, M)
    ),
    !.

%   Residual goals: sat(Formula) of each store, which every variable of
%   the store gives alike (the residual goals keep one of equal goals),
%   with a variable the store does not constrain shown as sat(V=:=V).

'$clpb_att_goals'(clpb(I, s(Ps, B)), V, Mode, Gs0, Gs) :-
    (   '$clpb_mentions'(B, I)
    ->  '$clpb_anf'(B, Ms0),
        '$clpb_mono_vars'(Ms0, Ps, Ms),
        '$clpb_formula'(Ms, F),
        '$clpb_shown'(Mode, sat(F), G),
        Gs0 = [G|Gs]
    ;   '$clpb_shown'(Mode, sat(V =:= V), G),
        Gs0 = [G|Gs]
    ).

'$clpb_shown'(plain, G, G) :- !.
'$clpb_shown'(_, G, clpb:G).

'$clpb_mentions'(n(_, J, L, H), I) :-
    (   J == I -> true ; J < I, ( '$clpb_mentions'(L, I) -> true ; '$clpb_mentions'(H, I) ) ).

%   The algebraic normal form: a node is Low xor I*(Low xor High); a
%   monomial is the ascending list of its indices, and a form the sorted
%   list of its monomials ([] is the monomial 1).
'$clpb_anf'(0, []).
'$clpb_anf'(1, [[]]).
'$clpb_anf'(n(_, I, L, H), Ms) :-
    '$clpb_anf'(L, ML),
    '$clpb_anf'(H, MH),
    '$clpb_sym_diff'(ML, MH, D),
    '$clpb_times'(D, I, ID),
    msort(ID, ID1),
    '$clpb_sym_diff'(ML, ID1, Ms).

'$clpb_times'([], _, []).
'$clpb_times'([M|Ms], I, [[I|M]|IMs]) :- '$clpb_times'(Ms, I, IMs).

'$clpb_sym_diff'([], Ys, Ys) :- !.
'$clpb_sym_diff'(Xs, [], Xs) :- !.
'$clpb_sym_diff'([X|Xs], [Y|Ys], Zs) :-
    compare(O, X, Y),
    (   O == (=) -> '$clpb_sym_diff'(Xs, Ys, Zs)
    ;   O == (<) -> Zs = [X|Zs1], '$clpb_sym_diff'(Xs, [Y|Ys], Zs1)
    ;   Zs = [Y|Zs1], '$clpb_sym_diff'([X|Xs], Ys, Zs1)
    ).

'$clpb_mono_vars'([], _, []).
'$clpb_mono_vars'([M|Ms], Ps, [Vs|Vss]) :-
    '$clpb_mono_vars1'(M, Ps, Vs),
    '$clpb_mono_vars'(Ms, Ps, Vss).

'$clpb_mono_vars1'([], _, []).
'$clpb_mono_vars1'([I|Is], Ps, [V|Vs]) :-
    memberchk(I-V, Ps),
    '$clpb_mono_vars1'(Is, Ps, Vs).

%   A form with the monomial 1 is 1 # P, shown V =:= Rest when P starts
%   with a variable; one without is P, shown V =\= Rest.
'$clpb_formula'([[]|Ms], F) :- !,
    (   Ms = [[V]|Rest]
    ->  '$clpb_sum'(Rest, R), F = (V =:= R)
    ;   '$clpb_sum'([[]|Ms], F)
    ).
'$clpb_formula'(Ms, F) :-
    (   Ms = [[V]|Rest]
    ->  '$clpb_sum'(Rest, R), F = (V =\= R)
    ;   '$clpb_sum'(Ms, F)
    ).

'$clpb_sum'([], 0).
'$clpb_sum'([M|Ms], F) :-
    '$clpb_product'(M, P),
    '$clpb_sum'(Ms, P, F).

'$clpb_sum'([], F, F).
'$clpb_sum'([M|Ms], F0, F) :-
    '$clpb_product'(M, P),
    '$clpb_sum'(Ms, '#'(F0, P), F).

'$clpb_product'([], 1).
'$clpb_product'([V|Vs], P) :- '$clpb_product'(Vs, V, P).

'$clpb_product'([], P, P).
'$clpb_product'([V|Vs], P0, P) :- '$clpb_product'(Vs, P0 * V, P).
