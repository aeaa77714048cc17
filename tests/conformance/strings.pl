% SWI-Prolog string builtins.  ply follows SWI here (strings are not ISO).
% Double-quoted text in this file is a string object.

:- set_prolog_flag(double_quotes, string).

t(string("abc"), true).
t(string(abc), fail).
t(string([0'a]), fail).
t(string_concat("ab", "cd", S), sols(S, ["abcd"])).
t(string_concat(ab, cd, S), sols(S, ["abcd"])).
t(string_concat(X, Y, "ab"), sols(X+Y, ["" + "ab", "a" + "b", "ab" + ""])).
t(string_concat(X, "cd", "abcd"), sols(X, ["ab"])).
t(string_concat(X, Y, Z), error(instantiation_error)).
t(string_chars("abc", L), sols(L, [[a, b, c]])).
t(string_chars(S, [x, y]), sols(S, ["xy"])).
t(string_codes("ab", L), sols(L, [[0'a, 0'b]])).
t(string_codes(S, [0'h, 0'i]), sols(S, ["hi"])).
t(string_codes(S, L), error(instantiation_error)).
t(string_to_atom("abc", A), sols(A, [abc])).
t(string_to_atom(S, abc), sols(S, ["abc"])).
t(string_to_atom(S, A), error(instantiation_error)).
t(string_length("hello", N), sols(N, [5])).
t(string_length("", N), sols(N, [0])).
t(string_length(abc, N), sols(N, [3])).
t(string_length("Жук", N), sols(N, [3])).
t(atom_string(abc, S), sols(S, ["abc"])).
t(atom_string(A, "xyz"), sols(A, [xyz])).
t(atom_string(12, S), sols(S, ["12"])).
t(atom_string(A, S), error(instantiation_error)).
t(number_string(N, "42"), sols(N, [42])).
t(number_string(N, "4.5e1"), sols(N, [45.0])).
t(number_string(N, "abc"), fail, swi('number_string/2 fails on text that is not a number')).
t(number_string(42, S), sols(S, ["42"])).
t(number_codes(N, "12"), sols(N, [12])).
t(atom_codes(A, "hi"), sols(A, [hi])).
t(atom_length("abc", N), sols(N, [3])).
t(sub_string("hello world", 6, 5, _, S), sols(S, ["world"])).
t(sub_string("abc", B, 1, A, S), sols(B-A-S, [0-2-"a", 1-1-"b", 2-0-"c"])).
t(sub_string("abcab", B, _, _, "ab"), sols(B, [0, 3])).
t(sub_string(hello, 0, 2, _, S), sols(S, ["he"])).
t(split_string("a,b,,c", ",", "", L), sols(L, [["a", "b", "", "c"]])).
t(split_string("  hello  ", "", " ", L), sols(L, [["hello"]])).
t(split_string("a b  c", " ", "", L), sols(L, [["a", "b", "", "c"]])).
t(split_string("/home//jan///nice/path", "/", "", L), sols(L, [["", "home", "", "jan", "", "", "nice", "path"]])).
t(split_string("SWI-Prolog, 7.0", ",", " ", L), sols(L, [["SWI-Prolog", "7.0"]])).
t(split_string("", "", "", L), sols(L, [[""]])).
t(split_string(abc, "", "", L), sols(L, [["abc"]])).
t(string_code(1, "abc", C), sols(C, [0'a])).
t(string_code(3, "abc", C), sols(C, [0'c])).
t(string_code(4, "abc", C), fail).
t(sub_atom("abc", 0, 1, _, S), sols(S, [a])).
t(string_lower("HeLLo", S), sols(S, ["hello"])).
t(string_upper("HeLLo", S), sols(S, ["HELLO"])).
t(term_string(T, "foo(X, bar)"), sols(T, [foo(_, bar)])).
t(term_string(f(x, "s"), S), sols(S, ["f(x,\"s\")"])).
t(string_concat("a", 1, S), sols(S, ["a1"])).
t(atomic_list_concat(["a", b, 1], X), sols(X, [ab1])).
t(atomic_list_concat(L, ",", 'a,b'), sols(L, [[a, b]])).
t(split_string("a.b.c", ".", "", [A|_]), sols(A, ["a"])).
t(string(S), fail).
t("abc" == "abc", true).
t("abc" = "abd", fail).
t("abc" @< "abd", true).
t(compare(O, "b", "abc"), sols(O, [>])).
t(atom_to_term('foo(X, Y, X)', T, B), sols(T-B, [foo(X, Y, X)-['X' = X, 'Y' = Y]])).
t(read_term_from_atom('p(Q)', T, []), sols(T, [p(_)])).
t(format(atom(A), "~s", [[0'h, 0'i]]), sols(A, [hi])).
t(format(string(S), "~a-~w", [x, 1]), sols(S, ["x-1"])).
t(with_output_to(string(S), write(hello)), sols(S, ["hello"])).
t(string_chars(S, L), error(instantiation_error)).
t(number_string(N, S), error(instantiation_error)).
t(sub_string(S, _, _, _, "a"), error(instantiation_error)).
t(string_concat(f(x), "a", S), error(type_error(atomic, f(x)))).
t(atom_number("12", X), sols(X, [12])).
