% A driver for the INRIA case files: each case is [Goal, Expected] or [Goal, ProgFile, Expected].
% Expected: success | failure | an ISO error term | a list of answers, each a list of Var <-- Value.
% Answers are compared as multisets, each up to variant; at most 50 answers are collected.
% Cases are read as an ISO system reads them, double quotes as codes (swipl defaults to strings).
:- set_prolog_flag(double_quotes, codes).
:- op(20, xfx, <--).
:- dynamic(inria_sol/1).
:- dynamic(inria_cnt/1).
:- dynamic(bar/1).
:- dynamic(foo/1).

inria_main(Dir, Files) :- inria_files(Files, Dir, 0, 0).
inria_files([], _, P, F) :- T is P+F, write(inria(total(T), passed(P), failed(F))), nl.
inria_files([N|Ns], Dir, P0, F0) :-
    atom_concat(Dir, '/', D1), atom_concat(D1, N, Path),
    open(Path, read, S), inria_cases(S, N, 0, 0, P, F), close(S),
    write(file(N, passed(P), failed(F))), nl,
    P1 is P0+P, F1 is F0+F, inria_files(Ns, Dir, P1, F1).
inria_cases(S, N, P0, F0, P, F) :-
    catch(read(S, X), E, X = read_error(E)),
    (   X == end_of_file -> P = P0, F = F0
    ;   (   inria_case(X) -> P1 is P0+1, F1 = F0
        ;   P1 = P0, F1 is F0+1, write(fail(N, X)), nl
        ),
        inria_cases(S, N, P1, F1, P, F)
    ).
inria_case([G, Exp]) :- !, inria_check(G, Exp).
inria_case([G, Prog, Exp]) :- atom(Prog), !, catch(consult(Prog), _, true), inria_check(G, Exp).

inria_check(G, Exp) :-
    set_prolog_flag(unknown, error),
    term_variables(G, Vs),
    inria_answers(G, Vs, Answers),
    inria_expect(Exp, Vs, Answers).

% Answers: list of ans(Values) or err(Formal) or ball(B); an error ends the list.
inria_answers(G, Vs, Answers) :-
    retractall(inria_sol(_)), retractall(inria_cnt(_)), assertz(inria_cnt(0)),
    copy_term(G-Vs, G1-Vs1),
    (   catch(inria_collect(G1, Vs1), B, (assertz(inria_sol(thrown(B))))) -> true ; true ),
    findall(A, inria_sol(A), Answers0),
    inria_norm(Answers0, Answers).
inria_collect(G, Vs) :-
    call(G), assertz(inria_sol(ans(Vs))),
    retract(inria_cnt(C)), C1 is C+1, assertz(inria_cnt(C1)),
    C1 >= 50, !.
inria_norm([], []).
inria_norm([thrown(limit)|_], []) :- !.
inria_norm([thrown(error(E, _))|_], [err(E)]) :- !.
inria_norm([thrown(B)|_], [ball(B)]) :- !.
inria_norm([A|As], [A|Bs]) :- inria_norm(As, Bs).

inria_is_error(E) :- nonvar(E), functor(E, F, _),
    member(F, [instantiation_error, type_error, domain_error, existence_error, permission_error,
               representation_error, evaluation_error, resource_error, syntax_error, system_error]).

inria_expect(success, _, [ans(_)|_]) :- !.
inria_expect(failure, _, []) :- !.
inria_expect(E, _, [err(A)]) :- inria_is_error(E), !, inria_err_match(E, A).
inria_expect(L, Vs, Answers) :- L = [_|_], inria_match_all(L, Vs, Answers).

inria_match_all([], _, []).
inria_match_all([S|Ss], Vs, Answers) :-
    inria_expected_answer(S, Vs, Want),
    inria_select(Want, Answers, Rest), !,
    inria_match_all(Ss, Vs, Rest).
inria_expected_answer(E, _, err(E)) :- inria_is_error(E), !.
inria_expected_answer(S, Vs, ans(Vs1)) :-
    copy_term(Vs-S, Vs1-S1), inria_bind(S1).
inria_bind([]).
inria_bind([X <-- V|Bs]) :- ( var(X) -> X = V ; true ), inria_bind(Bs).
inria_select(W, [A|As], As) :- inria_variant(W, A).
inria_select(W, [A|As], [A|Bs]) :- inria_select(W, As, Bs).
inria_variant(A, B) :- \+ \+ (subsumes_term(A, B), subsumes_term(B, A)).

inria_err_match(syntax_error(_), syntax_error(_)) :- !.
inria_err_match(E, A) :- inria_variant(E, A).
