% Clauses told apart by a string, float or big-integer argument: a call that only one clause
% can match leaves no choicepoint, and a value selects no clause whose value does not unify
% with it (0.0 and -0.0, 1 and 1.0, a string and an atom of the same text).

% Selection inside a compound or on a later argument is a fast path (PLY_FAST_PATHS=0 turns
% it off): only the answers are compared there, not whether a choicepoint is left.
ans(Name, Goal) :-
    forall(call(Goal), (print(Name-Goal), nl)).

det(Name, Goal) :-
    findall(Name-Goal-Det, (call_cleanup(Goal, Det = true), (Det == true -> true ; Det = open)), Answers),
    forall(member(A, Answers), (print(A), nl)).

word("one", 1).
word("two", 2).
word("three", 3).

number_name(0.0, zero).
number_name(-0.0, negative_zero).
number_name(1.5, one_and_a_half).
number_name(1, one).
number_name(1.0, one_float).

big(100000000000000000000, big0).
big(100000000000000000001, big1).
big(-100000000000000000000, negative).
big(1.0e20, float).

text(abc, atom).
text("abc", string).
text([a, b, c], chars).

compute(["+", N|_], plus(N)).
compute(["-", N|_], minus(N)).
compute(["*", N|_], times(N)).

second(x, "a", 1).
second(x, "b", 2).
second(x, 2.5, 3).

:- dynamic counted/2.

main :-
    det(word_two, word("two", _)),
    det(word_three, word("three", _)),
    det(word_none, word("four", _)),
    det(word_var, word(_, _)),
    det(zero, number_name(0.0, _)),
    det(negative_zero, number_name(-0.0, _)),
    det(one_and_a_half, number_name(1.5, _)),
    det(one, number_name(1, _)),
    det(one_float, number_name(1.0, _)),
    det(big0, big(100000000000000000000, _)),
    det(big1, big(100000000000000000001, _)),
    det(big_float, big(1.0e20, _)),
    det(big_none, big(100000000000000000002, _)),
    det(text_string, text("abc", _)),
    det(text_atom, text(abc, _)),
    ans(compute_minus, compute(["-", 3], _)),
    ans(compute_times, compute(["*", 4, "+", 5], _)),
    ans(second_b, second(x, "b", _)),
    ans(second_float, second(x, 2.5, _)),
    forall(between(1, 300, I),
           ( number_string(I, S), F is I / 4.0,
             assertz(counted(S, I)), assertz(counted(F, I)) )),
    det(counted_string, counted("150", _)),
    det(counted_float, counted(37.5, _)),
    det(counted_float_int, counted(38.0, _)),
    retract(counted("150", _)),
    det(counted_retracted, counted("150", _)),
    asserta(counted("151", first)),
    det(counted_two, counted("151", _)),
    findall(K, clause(counted(K, 151), true), Ks),
    print(Ks), nl.
