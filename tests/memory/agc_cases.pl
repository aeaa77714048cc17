% Programs that make atoms at run time and drop most of them, while keeping some in every place
% the atom garbage collector must find them: environments, choicepoints, the trail, caught
% balls, findall answers, asserted and retracted clauses, predicates named at run time, global
% variables, setarg/3 and nb_setarg/3, operators, terms read from text and nested queries. Run
% with PLY_AGC_THRESHOLD=1 the atom collector runs at nearly every call; the output must be the
% one without collections (and SWI-Prolog's, which is the golden file: tests/golden/regen.sh,
% case agc_cases).

:- set_prolog_flag(double_quotes, codes).

% churn(N): make N atoms and drop them, with calls (collection points) in between.
churn(0) :- !.
churn(N) :-
    atom_concat(churn_, N, A),
    atom_length(A, _),
    N1 is N - 1,
    churn(N1).

fresh(Prefix, N, A) :- atom_concat(Prefix, N, A).

show(T) :- \+ \+ ( numbervars(T, 0, _), writeq(T) ), nl.

env_case :-
    fresh(env_, 1, A),
    atom_codes(B, "env_codes"),
    atom_chars(C, [e, n, v, '_', c, h]),
    churn(200),
    upcase_atom(A, U),
    churn(200),
    show(env(A, B, C, U)).

alt(1, X) :- fresh(alt_one_, 1, X).
alt(2, X) :- fresh(alt_two_, 2, X).
alt(3, X) :- fresh(alt_three_, 3, X).
choice_case :-
    findall(K-V, (alt(K, V), churn(50)), Ps),
    show(Ps),
    (   alt(K, V), churn(50), K >= 2 -> show(first(K, V)) ; true ).

trail_case :-
    T = t(A, B),
    (   fresh(trail_undone_, 1, A), churn(100), fail
    ;   churn(100), show(after_undo(T))
    ),
    fresh(trail_kept_, 2, A), fresh(trail_kept_, 3, B),
    churn(100),
    show(T).

ball_case :-
    catch(( fresh(ball_, 1, A), churn(100), throw(ball(A)) ),
          ball(X),
          ( churn(100), show(caught(X)) )).

:- dynamic(stored/1).
db_case :-
    forall(between(1, 5, I), ( fresh(stored_, I, A), assertz(stored(A)) )),
    retract(stored(stored_2)),
    churn(300),
    findall(X, stored(X), Xs),
    show(Xs),
    fresh(made_pred_, 7, P),
    G =.. [P, hello],
    assertz(G),
    churn(300),
    atom_concat(made_pred_, 7, P2),
    G2 =.. [P2, Y],
    call(G2),
    show(called(P2, Y)).

% A retracted clause that a running call is still iterating over keeps its atoms.
:- dynamic(gone/1).
retract_case :-
    fresh(gone_, 1, A), fresh(gone_, 2, B),
    assertz(gone(A)), assertz(gone(B)),
    findall(X, ( gone(X), retractall(gone(_)), churn(100) ), Xs),
    show(Xs).

global_case :-
    fresh(global_, 1, A),
    nb_setval(agc_key, kept(A)),
    fresh(bglobal_, 2, B),
    b_setval(agc_bkey, B),
    churn(300),
    nb_getval(agc_key, V),
    b_getval(agc_bkey, W),
    show(globals(V, W)).

setarg_case :-
    T = f(x, y),
    fresh(setarg_, 1, A),
    setarg(1, T, A),
    fresh(nb_setarg_, 2, B),
    nb_setarg(2, T, B),
    churn(300),
    show(T).

% A variable name of a dynamically made key.
key_case :-
    forall(between(1, 3, I),
           ( fresh(key_, I, K), nb_setval(K, I) )),
    churn(300),
    findall(K-V, ( between(1, 3, I), atom_concat(key_, I, K), nb_getval(K, V) ), Ps),
    show(Ps).

text_case :-
    term_to_atom(T, 'read_one(read_two, [read_three], "s")'),
    atom_to_term('pair(Left_name, right_atom_x, Left_name)', T2, Bindings),
    sub_atom(abcdefghij, 2, 3, _, Sub),
    atom_string(AS, "from_string"),
    number_codes(N, "42"), atom_number(AN, N),
    format(atom(FA), "fmt_~w_~a", [x, y]),
    with_output_to(atom(WA), write(with_output_atom)),
    char_code(Ch, 0'Z),
    atomic_list_concat([alc, 1, two], '_', ALC),
    atomic_list_concat(Parts, ',', 'part_a,part_b'),
    churn(500),
    show(text(T, T2, Bindings, Sub, AS, AN, FA, WA, Ch, ALC, Parts)).

op_case :-
    fresh(op_name_, 1, Op),
    op(700, xfx, Op),
    churn(300),
    atom_concat(op_name_, 1, Same),
    X =.. [Same, a, b],
    with_output_to(atom(Text), writeq(X)),
    show(Text),
    op(0, xfx, Op).

nested_case :-
    format("~@~n", [( fresh(nested_, 1, A), churn(200), write(A) )]),
    findall(B, ( between(1, 3, I), fresh(bag_, I, B), churn(50) ), Bs),
    show(Bs).

% Atoms made, dropped and made again get their old names back.
again_case :-
    churn(500),
    atom_concat(churn_, 250, A),
    atom_length(A, L),
    show(again(A, L)),
    atom_codes(B, "churn_1"),
    atom_codes(B, Cs),
    atom_codes(C, Cs),
    show(same(B, C)).

main :-
    env_case, choice_case, trail_case, ball_case, db_case, retract_case, global_case,
    setarg_case, key_case, text_case, op_case, nested_case, again_case.
