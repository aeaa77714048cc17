% setup_call_cleanup/3 under load: goals that leave their choicepoints open while the heap is
% collected, a deep recursion of open cleanups, and cleanups that cut away further cleanups.

% open(N): N open cleanups, each counting itself when it runs.
open(0) :- !.
open(N) :-
    setup_call_cleanup(true, member(_, [1, 2]), flag(cleaned, C, C + 1)),
    atom_length(abc, _), length(_, 50),
    N1 is N - 1,
    open(N1).

% chain(N): a cut runs a cleanup that cuts away the next one, N deep.
chain(0) :- !.
chain(N) :- N1 is N - 1, setup_call_cleanup(true, member(_, [1, 2]), chain(N1)), !.

% Whether the cleanups of N open goals all ran once after a cut, with collections between.
run_open(N) :-
    flag(cleaned, _, 0),
    ( open(N), garbage_collect, ! ; true ),
    flag(cleaned, Ran, Ran),
    format("open ~w: ~w ran~n", [N, Ran]).

run_chain(N) :-
    chain(N),
    format("chain ~w: done~n", [N]).
