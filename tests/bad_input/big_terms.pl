% Big and deep terms: none of these may overflow the Rust stack.

numlist_big(N, L) :- numlist(1, N, L).

big_list :-
    numlist_big(1000000, L),
    reverse(L, R),
    msort(R, S),
    length(S, Len),
    S = [First|_],
    last(S, Last),
    with_output_to(string(Str), write(S)),
    string_length(Str, SL),
    format("list ~d ~d ~d ~d~n", [Len, First, Last, SL]).

nest(0, T, T) :- !.
nest(N, T0, T) :- N1 is N - 1, nest(N1, f(T0), T).

deep_term :-
    nest(1000000, a, T1),
    nest(1000000, a, T2),
    ( T1 = T2 -> U = unified ; U = not_unified ),
    compare(O, T1, T2),
    copy_term(T1, T3),
    ( T3 == T1 -> C = copied ; C = not_copied ),
    with_output_to(string(S), write(T1)),
    string_length(S, SL),
    format("deep ~w ~w ~w ~d~n", [U, O, C, SL]).

runaway(N) :- N1 is N + 1, runaway(N1), true.
