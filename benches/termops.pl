% termops: the builtins that walk a whole term, timed on big terms.
%
%   swipl -q -g main -t halt benches/termops.pl
%   ply   -q -g main -t halt benches/termops.pl
%
% Each line is one operation on one term: the CPU milliseconds of the best
% of three runs (each run undone by \+ \+ before the next), then a check
% value that must be the same in every Prolog system. The terms are built
% before the clock starts, so only the operation itself is timed.
%
% The terms:
%   vars    a list of 4,000,000 fresh variables;
%   shared  a list of 1,000,000 terms f(X,g(Y,X),Y), each with two fresh
%           variables met twice (2,000,000 variables in all);
%   ground  the list of the integers 1..4,000,000;
%   deep    f(f(...f(X)...)), 1,000,000 deep, around one variable.

main :-
    forall(member(Name, [vars, shared, ground, deep]),
           (   build(Name, T),
               forall(member(Op, [numbervars, copy_term, copy_term3,
                                  term_variables, ground, variant, subsumes]),
                      time_op(Op, Name, T))
           )).

% build(+Name, -Term): one term at a time, so that only one is alive.
build(vars, T) :-
    fresh_list(4000000, T).
build(shared, T) :-
    shared_list(1000000, T).
build(ground, T) :-
    int_list(1, 4000000, T).
build(deep, T) :-
    deep(1000000, T, _).

time_op(Op, Name, T) :-
    best_of(3, Op, T, 1000000000, Ms, Check),
    format('~w ~w: ~d ms (~w)~n', [Op, Name, Ms, Check]).

best_of(0, _, _, Ms, Ms, Check) :-
    !,
    nb_getval(termops_last, Check).
best_of(K, Op, T, Best0, Best, Check) :-
    \+ \+ ( prepare(Op, T, In),
            statistics(cputime, T0),
            run_op(Op, In, Out),
            statistics(cputime, T1),
            Ms is round((T1 - T0) * 1000),
            check(Op, Out, C),
            nb_setval(termops_last, C),
            nb_setval(termops_ms, Ms)
          ),
    nb_getval(termops_ms, Ms),
    Best1 is min(Best0, Ms),
    K1 is K - 1,
    best_of(K1, Op, T, Best1, Best, Check).

% prepare(+Operation, +Term, -Input): what the operation is given, made
% before the clock starts.
prepare(variant, T, T-C) :-
    !,
    copy_term(T, C).
prepare(subsumes, T, T-C) :-
    !,
    copy_term(T, C).
prepare(_, T, T).

% run_op(+Operation, +Input, -Output): the timed operation.
run_op(numbervars, T, End) :-
    numbervars(T, 23, End).
run_op(copy_term, T, C) :-
    copy_term(T, C).
run_op(copy_term3, T, C-Gs) :-
    copy_term(T, C, Gs).
run_op(term_variables, T, L) :-
    term_variables(T, L).
run_op(ground, T, G) :-
    (   ground(T) -> G = true ; G = false ).
run_op(variant, T-C, V) :-
    (   T =@= C -> V = true ; V = false ).
run_op(subsumes, T-C, S) :-
    (   subsumes_term(C, T) -> S = true ; S = false ).

% check(+Operation, +Output, -Check): a small ground term saying what the
% operation found, the same in every system.
check(copy_term, C, Vs) :-
    !,
    term_variables(C, L),
    length(L, Vs).
check(copy_term3, C-Gs, Vs-Gs) :-
    !,
    term_variables(C, L),
    length(L, Vs).
check(term_variables, L, Vs) :-
    !,
    length(L, Vs).
check(_, Out, Out).

fresh_list(0, []) :- !.
fresh_list(N, [_|T]) :-
    N1 is N - 1,
    fresh_list(N1, T).

shared_list(0, []) :- !.
shared_list(N, [f(X, g(Y, X), Y)|T]) :-
    N1 is N - 1,
    shared_list(N1, T).

int_list(I, N, []) :-
    I > N,
    !.
int_list(I, N, [I|T]) :-
    I1 is I + 1,
    int_list(I1, N, T).

deep(0, X, X) :- !.
deep(N, f(T), X) :-
    N1 is N - 1,
    deep(N1, T, X).
