% Regenerates the expected column of a reader case file from SWI-Prolog 9:
%
%     LANG=C.UTF-8 swipl crates/ply-reader/src/tests/regen.pl crates/ply-reader/src/tests/syntax.txt
%
% Each case line is `INPUT => EXPECTED`; only INPUT is read (the text before the last ` => `),
% with `⏎` standing for a newline. EXPECTED is every clause SWI-Prolog reads from INPUT, in the
% canonical form below, joined by ` ;; `; a syntax error prints as `error(Kind)`.
% Lines starting with `#` are kept: `#op P T N` runs op(P, T, N) for the following cases,
% `#flags DQ BQ` sets double_quotes and back_quotes; other `#` lines are comments.
%
% Canonical form: atoms always quoted ('[]' and [] both print as []), control characters as
% \xHH\, lists as [a,b|T], other compounds as 'f'(...), variables by name (`_` for anonymous),
% floats as C's %.15e (inf, -inf, nan), strings in double quotes.

:- initialization(main, main).

main :-
    current_prolog_flag(argv, [File|_]),
    set_prolog_flag(double_quotes, codes),
    set_prolog_flag(back_quotes, codes),
    read_file_to_string(File, Text, [encoding(utf8)]),
    split_string(Text, "\n", "", Lines0),
    (   append(Lines, [""], Lines0) -> true ; Lines = Lines0 ),
    maplist(process, Lines, Out),
    setup_call_cleanup(
        open(File, write, O, [encoding(utf8)]),
        forall(member(L, Out), format(O, "~s~n", [L])),
        close(O)).

process(Line, Line) :-
    sub_string(Line, 0, 1, _, "#"), !,
    directive(Line).
process("", "") :- !.
process(Line, Out) :-
    input_part(Line, In),
    expected(In, Exp),
    format(string(Out), "~s => ~s", [In, Exp]).

directive(Line) :-
    split_string(Line, " ", "", Parts),
    (   Parts = ["#op", P, T, N]
    ->  number_string(PN, P), atom_string(TA, T), atom_string(NA, N), op(PN, TA, NA)
    ;   Parts = ["#flags", DQ, BQ]
    ->  atom_string(D, DQ), atom_string(B, BQ),
        set_prolog_flag(double_quotes, D), set_prolog_flag(back_quotes, B)
    ;   true
    ).

input_part(Line, In) :-
    (   findall(B, sub_string(Line, B, _, _, " => "), Bs), Bs \== []
    ->  last(Bs, B), sub_string(Line, 0, B, _, In)
    ;   In = Line
    ).

expected(In, Exp) :-
    split_string(In, "⏎", "", Parts),
    atomic_list_concat(Parts, '\n', Src),
    open_string(Src, S),
    read_all(S, Items),
    atomic_list_concat(Items, ' ;; ', Exp).

read_all(S, Items) :-
    catch(read_term(S, T, [variable_names(Vs)]), error(syntax_error(E), _), true),
    (   nonvar(E)
    ->  functor(E, K, _), format(string(I), "error(~w)", [K]),
        Items = [I|Rest], read_all(S, Rest)
    ;   T == end_of_file
    ->  Items = []
    ;   maplist([N=V]>>(V = '$VAR'(N)), Vs),
        with_output_to(string(I), pc(T)),
        Items = [I|Rest], read_all(S, Rest)
    ).

pc(X) :- var(X), !, write('_').
pc('$VAR'(N)) :- atom(N), !, write(N).
pc(X) :- X == [], !, write('[]').
pc('[]') :- !, write('[]').
pc(X) :- integer(X), !, write(X).
pc(X) :- float(X), !, pfloat(X).
pc(X) :- string(X), !, qtext(X, '"').
pc(X) :- atom(X), !, qtext(X, '\'').
pc([H|T]) :- !, write('['), pc(H), ptail(T).
pc(X) :- compound_name_arguments(X, N, As), qtext(N, '\''), write('('), pargs(As), write(')').

ptail(T) :- var(T), !, write('|'), pc(T), write(']').
ptail(T) :- T == [], !, write(']').
ptail([H|T]) :- !, write(','), pc(H), ptail(T).
ptail(T) :- write('|'), pc(T), write(']').

pargs([A]) :- !, pc(A).
pargs([A|As]) :- pc(A), write(','), pargs(As).
pargs([]).

pfloat(X) :- X =:= inf, !, write(inf).
pfloat(X) :- X =:= -inf, !, write('-inf').
pfloat(X) :- X =\= X, !, write(nan).
pfloat(X) :- format("~15e", [X]).

qtext(T, Q) :-
    (   T == [] -> Cs = `[]` ; atom_codes(T, Cs) ),
    atom_codes(Q, [QC]),
    put_char(Q), maplist(qchar(QC), Cs), put_char(Q).

qchar(Q, Q) :- !, put_char('\\'), put_char(Q).
qchar(_, 0'\\) :- !, write('\\\\').
qchar(_, C) :- (C < 32 ; C =:= 127), !, format("\\x~16r\\", [C]).
qchar(_, C) :- put_char(C).
