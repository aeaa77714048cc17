% Random playouts over a GDL translation, the same work in every Prolog system: the moves are
% chosen by a linear congruential generator written here, not by the system's random numbers,
% so ply and swipl play exactly the same games and print the same number of joint moves.
% Used by benches/gdl/speed.sh over the entry points of a translation ('$gdl_init'/1, ...).

gdl_bench(N) :-
    '$gdl_init'(S0),
    '$gdl_roles'(Rs),
    statistics(cputime, T0),
    gdl_bench_loop(N, S0, Rs, 12345, 0, Steps),
    statistics(cputime, T1),
    T is T1 - T0,
    format("playouts ~w joint_moves ~w cpu ~3f~n", [N, Steps, T]).

gdl_bench_loop(0, _, _, _, Steps, Steps) :-
    !.
gdl_bench_loop(N, S0, Rs, Seed0, Acc, Steps) :-
    gdl_bench_playout(S0, Rs, Seed0, Seed1, 0, K),
    Acc1 is Acc + K,
    N1 is N - 1,
    gdl_bench_loop(N1, S0, Rs, Seed1, Acc1, Steps).

gdl_bench_playout(S, _, Seed, Seed, K, K) :-
    '$gdl_terminal'(S),
    !.
gdl_bench_playout(S, Rs, Seed0, Seed, K0, K) :-
    gdl_bench_joint(Rs, S, Seed0, Seed1, J),
    '$gdl_next'(S, J, S1),
    K1 is K0 + 1,
    gdl_bench_playout(S1, Rs, Seed1, Seed, K1, K).

gdl_bench_joint([], _, Seed, Seed, []).
gdl_bench_joint([R|Rs], S, Seed0, Seed, [does(R, M)|J]) :-
    '$gdl_legal_moves'(S, R, Ms),
    length(Ms, L),
    Seed1 is (Seed0 * 1103515245 + 12345) mod 2147483648,
    I is (Seed1 >> 16) mod L,
    nth0(I, Ms, M),
    gdl_bench_joint(Rs, S, Seed1, Seed, J).
