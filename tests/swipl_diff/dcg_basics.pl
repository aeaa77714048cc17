% library(dcg/basics) as SWI-Prolog has it: every nonterminal in each mode, over texts with
% edges (empty input, signs, exponents, hexadecimal, layout of every kind).
:- use_module(library(dcg/basics)).
:- set_prolog_flag(double_quotes, codes).

show(G, Text) :-
    (   catch(findall(G-Rest, phrase(G, Text, Rest), Answers), E, (Answers = error(E)))
    ->  true
    ;   Answers = failed
    ),
    print_answers(Answers).

print_answers(error(error(E, _))) :- !, writeq(error(E)), nl.
print_answers(Answers) :-
    forall(member(G-Rest, Answers), (writeq(G), format(" rest=~s~n", [Rest]))),
    (   Answers == [] -> writeln(no) ; true ).

main :-
    show(blank, " x"), show(blank, "x"), show(blanks, " \t\n x"), show(blanks, "x"),
    show(white, "\tx"), show(white, "\nx"), show(whites, " \t \nx"),
    show(nonblank(_), "ab"), show(nonblank(_), " a"), show(nonblanks(_), "ab c"),
    show(nonblanks(_), " c"), show(blanks_to_nl, "   \nrest"), show(blanks_to_nl, "  "),
    show(blanks_to_nl, " x\n"), show(eos, ""), show(eos, "a"), show(eol, "\nx"),
    show(eol, "\r\nx"), show(eol, ""), show(eol, "x"), show(remainder(_), "abc"),
    show(string(_), "abc"), show(string_without(",", _), "ab,cd"),
    show(string_without(`,;`, _), "ab;cd"), show(string_without(",", _), ""),
    show(alpha_to_lower(_), "Ab"), show(alpha_to_lower(_), "ab"), show(alpha_to_lower(_), "1b"),
    show(digit(_), "12"), show(digit(_), "a"), show(digits(_), "123a"), show(digits(_), "a"),
    show(integer(_), "42x"), show(integer(_), "-42x"), show(integer(_), "+7"),
    show(integer(_), "-x"), show(integer(_), "x"), show(integer(_), "12345678901234567890123"),
    show(float(_), "1.5x"), show(float(_), "2e3"), show(float(_), "12"),
    show(float(_), "1.5e-3"), show(number(_), "12"), show(number(_), "12.5"),
    show(number(_), "-3.25e+2 "), show(number(_), "7."), show(number(_), "7.x"),
    show(number(_), "7e"), show(number(_), "1E2"), show(xdigit(_), "fz"),
    show(xdigits(_), "1aFg"), show(xinteger(_), "ff "), show(xinteger(_), "g"),
    gen(integer(42)), gen(integer(-7)), gen(float(1.5)), gen(number(3)), gen(number(2.25)),
    gen(xinteger(255)), gen(atom(f(x, 'Y'))), gen(atom(hello)),
    show(number(a), "1").

gen(G) :-
    (   catch(phrase(G, Codes), E, (print_message(error, E), fail))
    ->  atom_codes(A, Codes), writeq(G-A), nl
    ;   writeq(failed(G)), nl
    ).
