% atom_codes, atom_chars, char_code, atom_length, atom_concat, sub_atom,
% number_codes, number_chars, atom_number, upcase_atom, term_to_atom.
% Double-quoted text in this file is a code list, as ISO specifies.

:- set_prolog_flag(double_quotes, codes).

t(atom_codes(abc, L), sols(L, [[0'a, 0'b, 0'c]])).
t(atom_codes(A, [0'h, 0'i]), sols(A, [hi])).
t(atom_codes('', L), sols(L, [[]])).
t(atom_codes(A, []), sols(A, [''])).
t(atom_codes(123, L), sols(L, [[0'1, 0'2, 0'3]]), swi('SWI accepts any atomic first argument')).
t(atom_codes(A, L), error(instantiation_error)).
t(atom_codes(A, [0'a|_]), error(instantiation_error)).
t(atom_codes(f(x), L), error(type_error(atom, f(x)))).
t(atom_codes(A, [a|b]), error(type_error(list, [a|b]))).
t(atom_codes(abc, [0'a|T]), sols(T, [[0'b, 0'c]])).

t(atom_chars(abc, L), sols(L, [[a, b, c]])).
t(atom_chars(A, [x, y]), sols(A, [xy])).
t(atom_chars('', L), sols(L, [[]])).
t(atom_chars(A, L), error(instantiation_error)).
t(atom_chars(A, [a, f(b)]), error(type_error(character, f(b)))).
t(atom_chars(A, [a, bc]), error(type_error(character, bc))).
t(atom_chars(abc, [a, X, c]), sols(X, [b])).
% Char lists of new one-character atoms, made again after the atom collector freed them
% (the atom table finds an ASCII character's atom by its code), beside non-ASCII ones.
t(( atom_codes(A, [0'\x7]), atom_chars(A, L0), L0 = [C0], atom_length(C0, N0),
    garbage_collect_atoms, atom_codes(B, [0'\x7, 0'q]), atom_chars(B, L), L = [C|_],
    atom_codes(C, Cs), string_chars("a\x1\жz", L2) ),
  sols(N0-Cs-L2, [1-[7]-[a, '\x1\', ж, z]])).

t(char_code(a, X), sols(X, [0'a])).
t(char_code(X, 0'z), sols(X, [z])).
t(char_code(X, Y), error(instantiation_error)).
t(char_code(ab, X), error(type_error(character, ab))).
t(char_code(X, -1), error(type_error(character_code, -1)), swi('ISO 8.16.6: representation_error(character_code)')).
t(char_code(X, 0x41), sols(X, ['A'])).
t(char_code(X, 0x416), sols(X, ['Ж'])).

t(atom_length(abc, N), sols(N, [3])).
t(atom_length('', N), sols(N, [0])).
t(atom_length('Жук', N), sols(N, [3])).
t(atom_length(hello, 5), true).
t(atom_length(hello, 4), fail).
t(atom_length(A, N), error(instantiation_error)).
t(atom_length(abc, a), error(type_error(integer, a))).
t(atom_length(abc, -1), error(domain_error(not_less_than_zero, -1)), iso('SWI fails')).
t(atom_length(f(x), N), error(type_error(atom, f(x))), iso('SWI: type_error(text, f(x))')).
t(atom_length(123, N), sols(N, [3]), swi('SWI accepts numbers')).

t(atom_concat(ab, cd, X), sols(X, [abcd])).
t(atom_concat(X, cd, abcd), sols(X, [ab])).
t(atom_concat(ab, X, abcd), sols(X, [cd])).
t(atom_concat(X, Y, abc), sols(X+Y, ['' + abc, a + bc, ab + c, abc + ''])).
t(atom_concat(X, Y, ''), sols(X+Y, ['' + ''])).
t(atom_concat(ab, X, xyz), fail).
t(atom_concat(X, b, Y), error(instantiation_error)).
t(atom_concat(f(a), b, Y), error(type_error(atomic, f(a)))).
t(atom_concat(a, 1, X), sols(X, [a1])).
t(atom_concat('Жу', 'к', X), sols(X, ['Жук'])).

t(sub_atom(abc, B, 2, A, S), sols(B-A-S, [0-1-ab, 1-0-bc])).
t(sub_atom(abc, B, L, A, S), sols(S, ['', a, ab, abc, '', b, bc, '', c, ''])).
t(sub_atom(abc, B, L, A, S), sols(B-L-A, [0-0-3, 0-1-2, 0-2-1, 0-3-0, 1-0-2, 1-1-1, 1-2-0, 2-0-1, 2-1-0, 3-0-0])).
t(sub_atom(abcab, B, 2, A, ab), sols(B-A, [0-3, 3-0])).
t(sub_atom(hello, 1, 3, A, S), sols(A-S, [1-ell])).
t(sub_atom(hello, B, L, 0, S), sols(S, [hello, ello, llo, lo, o, ''])).
t(sub_atom(hello, 0, L, A, S), sols(S, ['', h, he, hel, hell, hello])).
t(sub_atom(abc, B, L, A, x), fail).
t(sub_atom(abc, 4, L, A, S), fail).
t(sub_atom(X, B, L, A, S), error(instantiation_error)).
t(sub_atom(f(a), B, L, A, S), error(type_error(atom, f(a)))).
t(sub_atom(abc, a, L, A, S), error(type_error(integer, a))).
t(sub_atom(abc, B, L, A, f(x)), error(type_error(atom, f(x)))).
t(sub_atom('Жукабc', 1, 2, A, S), sols(A-S, [3-'ук'])).
t(sub_atom(ab, B, L, A, S), sols(B-L-A-S, [0-0-2-'', 0-1-1-a, 0-2-0-ab, 1-0-1-'', 1-1-0-b, 2-0-0-''])).

t(number_codes(X, "123"), sols(X, [123])).
t(number_codes(X, " 12"), sols(X, [12])).
t(number_codes(X, "\n12"), sols(X, [12])).
t(number_codes(X, "12 "), error(syntax_error(_))).
t(number_codes(X, "-12"), sols(X, [-12])).
t(number_codes(X, "- 12"), error(syntax_error(_))).
t(number_codes(X, "0x1F"), sols(X, [31])).
t(number_codes(X, "0'a"), sols(X, [97])).
t(number_codes(X, "0b101"), sols(X, [5])).
t(number_codes(X, "0o17"), sols(X, [15])).
t(number_codes(X, "1.5e3"), sols(X, [1500.0])).
t((number_codes(X, "1.0Inf"), X > 1.0e308), true, swi('SWI syntax for infinity')).
t(number_codes(X, "12345678901234567890123"), sols(X, [12345678901234567890123])).
t(number_codes(X, "3x"), error(syntax_error(_))).
t(number_codes(X, "abc"), error(syntax_error(_))).
t(number_codes(X, ""), error(syntax_error(_))).
t(number_codes(X, "1."), error(syntax_error(_))).
t(number_codes(X, "/**/12"), sols(X, [12]), iso('layout includes comments')).
t(number_codes(X, Y), error(instantiation_error)).
t(number_codes(a, Y), error(type_error(number, a))).
t(number_codes(12, L), sols(L, ["12"])).
t(number_codes(-1.5, L), sols(L, ["-1.5"])).
t(number_codes(1.0e10, L), sols(L, ["10000000000.0"])).

t(number_chars(X, ['1', '2']), sols(X, [12])).
t(number_chars(X, [' ', '1']), sols(X, [1])).
t(number_chars(X, ['1', ' ']), error(syntax_error(_))).
t(number_chars(X, [a]), error(syntax_error(_))).
t(number_chars(X, ['1', f(x)]), error(type_error(character, f(x)))).
t(number_chars(X, ['1'|_]), error(instantiation_error)).
t(number_chars(33, L), sols(L, [['3', '3']])).
t(number_chars(X, ['0', '''', 'a']), sols(X, [97])).
t(number_chars(X, ['-', '1']), sols(X, [-1])).
t(number_chars(X, ['+', '1']), sols(X, [1]), swi('SWI 7 reads +1 as the integer 1')).
t(number_chars(X, ['0', x, f]), sols(X, [15])).
t(number_chars(X, ['1', '.', '0', e, '2']), sols(X, [100.0])).

t(atom_number('12', X), sols(X, [12])).
t(atom_number('1.5', X), sols(X, [1.5])).
t(atom_number(abc, X), fail).
t(atom_number('12abc', X), fail).
t(atom_number(A, 12), sols(A, ['12'])).
t(atom_number(A, X), error(instantiation_error)).
t(atom_number('0x10', X), sols(X, [16])).
t(atom_number(' 12', X), fail, swi('atom_number rejects leading layout, unlike number_codes')).

t(upcase_atom(abc, X), sols(X, ['ABC'])).
t(upcase_atom('aBc1', X), sols(X, ['ABC1'])).
t(downcase_atom('ABC', X), sols(X, [abc])).
t(upcase_atom('жук', X), sols(X, ['ЖУК'])).
t(term_to_atom(f('A', b, 'it''s'), A), sols(A, ['f(\'A\',b,\'it\'\'s\')'])).
t(term_to_atom(T, 'foo(X, Y, X)'), sols(T, [foo(A, B, A)])).
t(term_to_atom(T, 'a + b * c'), sols(T, [a + b * c])).
t(term_to_atom(T, 'f(1.5)'), sols(T, [f(1.5)])).
t(term_to_atom(T, 'g(x) /* c */'), sols(T, [g(x)])).
t(term_to_atom(T, '0''a'), sols(T, [97])).
t(term_to_atom(T, 'a.%'), sols(T, [a])).
t(term_to_atom(T, 'f(a). g'), sols(T, [f(a)])).
t(term_to_atom(T, '1.'), sols(T, [1])).
t(term_to_atom(T, '- 1'), sols(T, [-(1)])).
t(term_to_atom(T, '[1,2|T]'), sols(T, [[1,2|_]])).
t(term_to_atom(T, '  '), sols(T, [end_of_file])).
t(term_to_atom(_, 'f('), error(syntax_error(_))).
t(term_to_atom(_, 'a b'), error(syntax_error(_))).
t(term_to_atom(f(a, [1, 2]), A), sols(A, ['f(a,[1,2])'])).
t(term_to_atom(T, 'foo('), error(syntax_error(_))).
t(term_to_atom(1 + 2, A), sols(A, ['1+2'])).
t(term_to_atom('hello world', A), sols(A, ['\'hello world\''])).

t(atomic_list_concat([a, b, c], X), sols(X, [abc])).
t(atomic_list_concat([a, 1, 2.5], X), sols(X, ['a12.5'])).
t(atomic_list_concat([a, b, c], '-', X), sols(X, ['a-b-c'])).
t(atomic_list_concat(L, '-', 'a-b-c'), sols(L, [[a, b, c]])).
t(atomic_list_concat(L, ',', 'a,,b'), sols(L, [[a, '', b]])).
t(atomic_list_concat(L, '-', ''), sols(L, [['']])).
t(atomic_list_concat([a, X], Y), error(instantiation_error)).
t(atomic_list_concat(L, '', abc), error(domain_error(non_empty_atom, ''))).
t(atomic_list_concat([a, B, c], '-', 'a-x-c'), sols(B, [x])).
t(atomic_list_concat([], X), sols(X, [''])).

% atom_number/2 checks a bound number first; other text with a number given fails.
t(atom_number(f(a), 1), fail).
t(atom_number(f(a), [1]), error(type_error(number, [1]))).
t(atom_number(f(a), _), error(type_error(atom, f(a)))).
t(char_code(f(a), x), error(type_error(character, f(a)))).
t(char_code(x, y), error(type_error(integer, y))).
