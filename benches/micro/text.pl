% Loops over the text builtins real programs parse and build data with, each bench(Name, N)
% running one of them N times under a failure-driven between/3 loop; ply and swipl both load
% this file, so the two can be timed side by side (benches/micro/text.sh: CPU time of each
% loop, best of 5, and the ratio ply / swipl). `empty` is the loop alone. Instructions per
% iteration by callgrind, the empty loop's subtracted:
%   benches/micro/text.sh --callgrind target/release/ply
% Strings are made once before a loop (by atom_string/2, so that a double_quotes flag given on
% either system's command line does not matter), and the data file `read_stream` reads is written once to a temporary
% file and read N / 100 times over, 100 terms a time.

bench(empty, N) :- ( between(1, N, _), fail ; true ).
% Reading terms from text.
bench(term_to_atom_read, N) :-
    ( between(1, N, _), term_to_atom(T, 'foo(X, bar, [1,2,3], Y-X)'), T \== x, fail ; true ).
bench(term_to_atom_write, N) :-
    ( between(1, N, _), term_to_atom(f(_, 'A b', [1,2], -3), A), A \== x, fail ; true ).
bench(term_string_read, N) :-
    atom_string('point(12, 34.5, abc)', S),
    ( between(1, N, _), term_string(T, S), T \== x, fail ; true ).
bench(read_term_atom, N) :-
    ( between(1, N, _), read_term_from_atom('edge(a, b, 3).', T, []), T \== x, fail ; true ).
bench(read_stream, N) :-
    data_file(F),
    M is N // 100,
    ( between(1, M, _), read_all(F), fail ; true ).
% Text to numbers and lists of codes.
bench(atom_codes_split, N) :-
    ( between(1, N, _), atom_codes(hello_world, Cs), Cs \== x, fail ; true ).
bench(atom_codes_build, N) :-
    atom_codes(hello_world, Cs),
    ( between(1, N, _), atom_codes(A, Cs), A \== x, fail ; true ).
bench(number_codes, N) :-
    atom_codes('12345', Cs),
    ( between(1, N, _), number_codes(X, Cs), X \== x, fail ; true ).
bench(atom_number_int, N) :-
    ( between(1, N, _), atom_number('12345', X), X \== x, fail ; true ).
bench(atom_number_float, N) :-
    ( between(1, N, _), atom_number('3.25', X), X \== x, fail ; true ).
bench(atom_number_fail, N) :-
    ( between(1, N, _), \+ atom_number(abc, _), fail ; true ).
bench(atom_chars, N) :-
    ( between(1, N, _), atom_chars(A, [h, e, l, l, o]), A \== x, fail ; true ).
% Taking texts apart.
bench(sub_atom_enum, N) :-
    ( between(1, N, _), sub_atom(abcdef, _, 2, _, S), S \== x, fail ; true ).
bench(sub_atom_prefix, N) :-
    ( between(1, N, _), sub_atom(hello_world, 0, 5, _, S), S \== x, fail ; true ).
bench(sub_atom_find, N) :-
    ( between(1, N, _), once(sub_atom(hello_world, B, _, _, wor)), B \== x, fail ; true ).
bench(split_string, N) :-
    atom_string('a,b,,c d', S),
    ( between(1, N, _), split_string(S, ",", " ", L), L \== x, fail ; true ).
bench(atomic_list_split, N) :-
    ( between(1, N, _), atomic_list_concat(L, ',', 'a,b,c,d'), L \== x, fail ; true ).
bench(atomic_list_join, N) :-
    ( between(1, N, _), atomic_list_concat([a, b, 12, d], '-', A), A \== x, fail ; true ).
% Building texts.
bench(format_atom, N) :-
    ( between(1, N, _), format(atom(A), '~w-~a-~d', [f(x), b, 42]), A \== x, fail ; true ).
bench(with_output_to, N) :-
    ( between(1, N, _), with_output_to(string(S), write(f(x, y))), S \== x, fail ; true ).
% Strings.
bench(string_concat, N) :-
    atom_string(abc, A), atom_string(def, B),
    ( between(1, N, _), string_concat(A, B, S), S \== x, fail ; true ).
bench(sub_string, N) :-
    atom_string(hello_world, S0),
    ( between(1, N, _), sub_string(S0, 6, 5, _, S), S \== x, fail ; true ).
bench(string_chars, N) :-
    atom_string(hello, S0),
    ( between(1, N, _), string_chars(S0, Cs), Cs \== x, fail ; true ).
bench(number_string, N) :-
    atom_string('12345', S),
    ( between(1, N, _), number_string(X, S), X \== x, fail ; true ).
bench(atom_string, N) :-
    ( between(1, N, _), atom_string(hello, S), S \== x, fail ; true ).
bench(string_lower, N) :-
    atom_string('Hello World', S0),
    ( between(1, N, _), string_lower(S0, S), S \== x, fail ; true ).
bench(upcase_atom, N) :-
    ( between(1, N, _), upcase_atom(hello, A), A \== x, fail ; true ).

% The benches in the order the table lists them.
names([empty, term_to_atom_read, term_to_atom_write, term_string_read, read_term_atom,
       read_stream, atom_codes_split, atom_codes_build, number_codes, atom_number_int,
       atom_number_float, atom_number_fail, atom_chars, sub_atom_enum, sub_atom_prefix,
       sub_atom_find, split_string, atomic_list_split, atomic_list_join, format_atom,
       with_output_to, string_concat, sub_string, string_chars, number_string, atom_string,
       string_lower, upcase_atom]).

% The data file: 100 terms of the shapes data files hold.
data_file(F) :-
    F = '/tmp/ply_text_bench_data.pl',
    open(F, write, S),
    forall(between(1, 100, I),
           ( J is I * 7, K is I / 4,
             format(S, "row(~d, item_~d, ~w, 'Name ~d', [~d, ~d], f(g(~d), \"s\")).~n",
                    [I, I, K, I, J, I, J]) )),
    close(S).

read_all(F) :-
    open(F, read, S),
    read_term(S, T, []),
    read_rest(T, S),
    close(S).

read_rest(end_of_file, _) :- !.
read_rest(_, S) :- read_term(S, T, []), read_rest(T, S).

% time(Name, N): print the CPU seconds of bench(Name, N).
time(Name, N) :-
    garbage_collect,
    statistics(cputime, T0),
    bench(Name, N),
    statistics(cputime, T1),
    T is T1 - T0,
    format("~w ~6f~n", [Name, T]).

% time_all(N): every bench, one line each.
time_all(N) :- names(Ns), forall(member(Name, Ns), time(Name, N)).
