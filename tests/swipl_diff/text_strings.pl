% Double-quoted text as SWI-Prolog 7 reads it (a string) and as `--traditional` reads it (codes):
% written, printed, formatted, used as DCG terminals, in phrase/2,3 and in the text builtins.
% tests/swipl_diff runs this file both ways (cases text_strings and text_traditional).
:- use_module(text_strings_mod).

greeting --> "hello", " ", who.
who --> "world".
who --> [C], { code_type(C, alpha) }.

digits([D|T]) --> digit(D), digits(T).
digits([D]) --> digit(D).
digit(D) --> [D], { code_type(D, digit) }.

kind(X, K) :-
    (   string(X) -> K = string
    ;   is_list(X) -> K = list
    ;   atom(X) -> K = atom
    ;   K = other
    ).

show(Label, Goal) :-
    (   catch(Goal, E, (print_message(informational, E), fail))
    ->  format("~w: yes~n", [Label])
    ;   format("~w: no~n", [Label])
    ).

main :-
    current_prolog_flag(double_quotes, DQ),
    format("double_quotes: ~w~n", [DQ]),
    % `--traditional` makes a back quote a symbol character in swipl; ply keeps codes.
    (   DQ == string
    ->  current_prolog_flag(back_quotes, BQ), format("back_quotes: ~w~n", [BQ]),
        term_to_atom(B1, '`bq`'), writeq(B1), nl
    ;   true
    ),
    X = "abc",
    kind(X, K), format("kind: ~w~n", [K]),
    write(X), nl,
    print(X), nl,
    writeq(X), nl,
    write_canonical(X), nl,
    write_term(X, [quoted(true)]), nl,
    writeq(f("a b", 'A', "it's", "")), nl,
    writeq(["x", "y"]), nl,
    format("~w|~q|~p|~a~n", ["w", "q", "p", abc]),
    format("~s|~s~n", ["codes", [0'o, 0'k]]),
    format("fmt ~w~n", "x"),
    format(atom(A1), "~w-~w", [a, "b"]), writeq(A1), nl,
    atom_codes(A2, "xyz"), writeq(A2), nl,
    atom_chars(A3, "xy"), writeq(A3), nl,
    atom_length("hello", L1), writeq(L1), nl,
    name(N1, "42"), writeq(N1), nl,
    name(N2, "forty"), writeq(N2), nl,
    name(abc, C1), writeq(C1), nl,
    number_codes(N3, "12"), writeq(N3), nl,
    atom_string(A4, "q"), writeq(A4), nl,
    atomic_list_concat([a, 'b', c], A5), writeq(A5), nl,
    term_to_atom(T1, 'f("x")'), writeq(T1), nl,
    sort(["b", "a", b, 1], S1), writeq(S1), nl,
    show(phrase_greeting, phrase(greeting, [0'h, 0'e, 0'l, 0'l, 0'o, 0' , 0'w, 0'o, 0'r, 0'l, 0'd])),
    show(phrase_who, (atom_codes('hello x', Cs0), phrase(greeting, Cs0))),
    show(phrase_text, phrase(greeting, "hello world")),
    string_codes(S2, [0'1, 0'2, 0'a]), atom_codes(A6, S2), atom_codes(A6, Cs1),
    phrase(digits(Ds), Cs1, Rest), atom_codes(DA, Ds), writeq(DA-Rest), nl,
    show(dcg_string_body, (phrase(("a", [0'b]), L2), writeq(L2), nl)),
    show(phrase_string, (phrase("ab", L3), writeq(L3), nl)),
    show(equal_codes, "ab" == [0'a, 0'b]),
    show(module_reads_codes, (text_strings_mod:word(W), is_list(W))),
    show(module_flag_kept, current_prolog_flag(double_quotes, DQ)),
    read_term(user_input, R1, []), writeq(R1), nl.
