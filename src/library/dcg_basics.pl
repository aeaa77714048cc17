% library(dcg/basics): grammar rules over lists of character codes for the commonest pieces of
% text (layout, digits, numbers), under the names and with the behaviour SWI-Prolog's
% library documents. Written as plain clauses with the two list arguments a grammar rule gets,
% so each nonterminal `foo//N` is the predicate foo/N+2. Like the rest of ply's library they
% are visible to every program; a program that defines one of these names replaces it.
%
% The greedy nonterminals (blanks, whites, nonblanks, digits, xdigits, string_without) take
% the longest run and leave no choice; string//1 is the one that enumerates, shortest first.

% Layout.
blank([C|S], S) :- nonvar(C), code_type(C, space).
blanks(S0, S) :- blank(S0, S1), !, blanks(S1, S).
blanks(S, S).
white([C|S], S) :- nonvar(C), code_type(C, white).
whites(S0, S) :- white(S0, S1), !, whites(S1, S).
whites(S, S).
nonblank(C, [C|S], S) :- code_type(C, graph).
nonblanks([C|Cs], S0, S) :- nonblank(C, S0, S1), !, nonblanks(Cs, S1, S).
nonblanks([], S, S).
blanks_to_nl([0'\n|S], S) :- !.
blanks_to_nl(S0, S) :- blank(S0, S1), !, blanks_to_nl(S1, S).
blanks_to_nl([], []).

% Ends.
eos([], []).
eol([0'\n|S], S) :- !.
eol([0'\r, 0'\n|S], S) :- !.
eol([], []).
remainder(List, List, []).

% Strings of codes.
string([], S, S).
string([C|Cs], [C|S0], S) :- string(Cs, S0, S).
string_without(End, Codes, S0, S) :-
    (   string(End) -> string_codes(End, Stop)
    ;   atom(End) -> atom_codes(End, Stop)
    ;   Stop = End
    ),
    '$dcg_codes_without'(Stop, Codes, S0, S).
'$dcg_codes_without'(Stop, [C|Cs], [C|S0], S) :-
    \+ memberchk(C, Stop), !,
    '$dcg_codes_without'(Stop, Cs, S0, S).
'$dcg_codes_without'(_, [], S, S).
alpha_to_lower(L, [C|S], S) :-
    code_type(C, alpha),
    code_type(C, to_upper(Lower)),
    L = Lower.

% Digits and numbers.
digit(C, [C|S], S) :- code_type(C, digit).
digits([C|Cs], S0, S) :- digit(C, S0, S1), !, digits(Cs, S1, S).
digits([], S, S).
integer(I, S0, S) :-
    integer(I), !,
    format(codes(S0, S), '~d', [I]).
integer(I, S0, S) :-
    '$dcg_int_codes'(Codes, S0, S),
    number_codes(I, Codes).
'$dcg_int_codes'([Sign, D|Ds], [Sign|S0], S) :-
    ( Sign == 0'- ; Sign == 0'+ ), !,
    digit(D, S0, S1),
    digits(Ds, S1, S).
'$dcg_int_codes'([D|Ds], S0, S) :-
    digit(D, S0, S1),
    digits(Ds, S1, S).
float(F, S0, S) :-
    float(F), !,
    with_output_to(codes(S0, S), write(F)).
float(F, S0, S) :-
    number(F, S0, S),
    float(F).
number(N, S0, S) :-
    number(N), !,
    with_output_to(codes(S0, S), write(N)).
number(N, S0, S) :-
    var(N), !,
    '$dcg_int_codes'(I, S0, S1),
    (   S1 = [0'., D|S2], code_type(D, digit)
    ->  digits(Ds, S2, S3),
        Fraction = [0'., D|Ds]
    ;   Fraction = [],
        S3 = S1
    ),
    % An `e` commits to an exponent: "7e" is no number, as in SWI-Prolog.
    (   S3 = [E|S4], ( E == 0'e ; E == 0'E )
    ->  '$dcg_int_codes'(Exp, S4, S5),
        Exponent = [0'e|Exp]
    ;   Exponent = [],
        S5 = S3
    ),
    S = S5,
    append([I, Fraction, Exponent], Codes),
    number_codes(N, Codes).
number(N, _, _) :-
    throw(error(type_error(number, N), _)).
xdigit(W, [C|S], S) :- code_type(C, xdigit(W)).
xdigits([W|Ws], S0, S) :- xdigit(W, S0, S1), !, xdigits(Ws, S1, S).
xdigits([], S, S).
xinteger(I, S0, S) :-
    integer(I), !,
    format(codes(S0, S), '~16r', [I]).
xinteger(I, S0, S) :-
    xdigit(W, S0, S1),
    xdigits(Ws, S1, S),
    '$dcg_weights_value'([W|Ws], 0, I).
'$dcg_weights_value'([], V, V).
'$dcg_weights_value'([W|Ws], V0, V) :-
    V1 is V0 * 16 + W,
    '$dcg_weights_value'(Ws, V1, V).

% Writing.
atom(A, S0, S) :-
    must_be(ground, A),
    format(codes(S0, S), '~w', [A]).

% Sequences (SWI-Prolog's library(dcg/high_order)): a list of elements, each described by
% a closure called with it and the two list arguments, optionally with a separator between
% them. The longest sequence comes first on backtracking.
sequence(Element, List, S0, S) :- '$sequence'(List, Element, S0, S).

'$sequence'([X|Xs], Element, S0, S) :-
    call(Element, X, S0, S1),
    '$sequence'(Xs, Element, S1, S).
'$sequence'([], _, S, S).

sequence(Element, Sep, List, S0, S) :- '$sequence'(List, Element, Sep, S0, S).

'$sequence'(List, Element, Sep, S0, S) :- '$sequence_more'(List, Element, Sep, S0, S).
'$sequence'([], _, _, S, S).

% After an element, a separator commits to one more element; without one, the list ends.
'$sequence_more'([X|Xs], Element, Sep, S0, S) :-
    call(Element, X, S0, S1),
    (   phrase(Sep, S1, S2)
    ->  !, '$sequence_more'(Xs, Element, Sep, S2, S)
    ;   Xs = [], S = S1
    ).
