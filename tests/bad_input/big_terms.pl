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

% Read from text and written again: a term a million levels deep, a million nested lists,
% a sum of a million operands (an operator term a million deep on the left) and an atom of ten
% million characters, quoted and plain.
deep_read :-
    nest(1000000, a, T),
    round_trip(T, R1, L1),
    nest_list(1000000, [], Nl),
    round_trip(Nl, R2, L2),
    numlist(1, 1000000, Ns),
    foldl([X, A0, A0+X]>>true, Ns, 0, Sum),
    round_trip(Sum, R3, L3),
    format("deep read ~w ~d ~w ~d ~w ~d~n", [R1, L1, R2, L2, R3, L3]).

nest_list(0, T, T) :- !.
nest_list(N, T0, T) :- N1 is N - 1, nest_list(N1, [T0], T).

% T written with writeq, read back from that text, compared, and written again: `same` and the
% length of the second text when the reading gives T back.
round_trip(T, R, L) :-
    with_output_to(string(S), writeq(T)),
    term_string(T2, S),
    ( T2 == T -> R = same ; R = different ),
    with_output_to(string(S2), writeq(T2)),
    string_length(S2, L).

long_atom :-
    length(Cs, 10000000),
    maplist(=(0'a), Cs),
    atom_codes(A, Cs),
    string_codes(Plain, Cs),
    term_string(B, Plain),
    format(string(Quoted), "'~s '", [Cs]),
    term_string(Q, Quoted),
    ( A == B -> R1 = same ; R1 = different ),
    atom_length(Q, QL),
    with_output_to(string(W), writeq(Q)),
    string_length(W, WL),
    format("long atom ~w ~d ~d~n", [R1, QL, WL]).
