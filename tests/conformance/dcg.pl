% DCG translation (dcg_translate_rule/2, as SWI-Prolog translates) and
% phrase/2,3.  Double-quoted text in this file is a code list.

:- set_prolog_flag(double_quotes, codes).

t(dcg_translate_rule((a --> [x], b), C), sols(C, [(a(S0, S) :- S0 = [x|S1], b(S1, S))])).
t(dcg_translate_rule((a --> b, [x]), C), sols(C, [(a(S0, S) :- b(S0, S1), S1 = [x|S])])).
t(dcg_translate_rule((a --> []), C), sols(C, [(a(S0, S) :- S0 = S)])).
t(dcg_translate_rule((a --> [x]), C), sols(C, [(a(S0, S) :- S0 = [x|S])])).
t(dcg_translate_rule((a --> [x, y], c), C), sols(C, [(a(S0, S) :- S0 = [x, y|S1], c(S1, S))])).
t(dcg_translate_rule((a --> "ab"), C), sols(C, [(a(S0, S) :- S0 = [0'a, 0'b|S])])).
t(dcg_translate_rule((a, [p] --> b), C), sols(C, [(a(S0, S) :- b(S0, S1), S = [p|S1])])).
t(dcg_translate_rule((a, [p, q] --> [x]), C), sols(C, [(a(S0, S) :- S0 = [x|S1], S = [p, q|S1])])).
t(dcg_translate_rule((a --> {X = 1}, b(X)), C), sols(C, [(a(S0, S) :- (X = 1, S1 = S0), b(X, S1, S))])).
t(dcg_translate_rule((a --> !, b), C), sols(C, [(a(S0, S) :- (!, S1 = S0), b(S1, S))])).
t(dcg_translate_rule((a --> b, !), C), sols(C, [(a(S0, S) :- b(S0, S1), (!, S = S1))])).
t(dcg_translate_rule((a --> \+ b, c), C), sols(C, [(a(S0, S) :- (\+ b(S0, _), S1 = S0), c(S1, S))])).
t(dcg_translate_rule((a --> call(foo, x), b), C), sols(C, [(a(S0, S) :- call(foo, x, S0, S1), b(S1, S))])).
t(dcg_translate_rule((a --> b ; c), C), sols(C, [(a(S0, S) :- b(S0, S) ; c(S0, S))])).
t(dcg_translate_rule((a --> (b -> c ; d)), C), sols(C, [(a(S0, S) :- (b(S0, S1) -> c(S1, S)) ; d(S0, S))])).
t(dcg_translate_rule((a --> (b -> c)), C), sols(C, [(a(S0, S) :- (b(S0, S1) -> c(S1, S)))])).
t(dcg_translate_rule((a --> X), C), sols(C-X, [(a(S0, S) :- phrase(X, S0, S))-X])).
t(dcg_translate_rule((a --> {true}), C), sols(C, [(a(S0, S) :- true, S = S0)])).
t(dcg_translate_rule((a(X) --> [X]), C), sols(C-X, [(a(X, S0, S) :- S0 = [X|S])-X])).
t(dcg_translate_rule((a --> phrase(b)), C), sols(C, [(a(S0, S) :- phrase(b, S0, S))])).
t(dcg_translate_rule((a --> \+ [x]), C), sols(C, [(a(S0, S) :- \+ S0 = [x|_], S = S0)])).
t(dcg_translate_rule((a --> [x], !, [y]), C), sols(C, [(a(S0, S) :- S0 = [x|S1], ((!, S2 = S1), S2 = [y|S]))])).
t(dcg_translate_rule((a --> b | c), C), sols(C, [(a(S0, S) :- b(S0, S) ; c(S0, S))])).
t(dcg_translate_rule((a(X, Y) --> b(X), c(Y)), C), sols(C-X-Y, [(a(X, Y, S0, S) :- b(X, S0, S1), c(Y, S1, S))-X-Y])).
t(dcg_translate_rule((a --> b, []), C), sols(C, [(a(S0, S) :- b(S0, S1), S1 = S)])).
t(dcg_translate_rule((a --> 1), C), error(type_error(callable, 1))).
t(dcg_translate_rule((X --> b), C), error(instantiation_error)).

t(phrase([a], [a]), true).
t(phrase([a], [b]), fail).
t(phrase(([a], [b]), [a, b]), true).
t(phrase([a], [a, b], R), sols(R, [[b]])).
t(phrase(([a] ; [b]), L), sols(L, [[a], [b]])).
t(phrase(([a] ; [b]), [b]), true).
t(phrase([], L), sols(L, [[]])).
t(phrase({X = 1}, [], []), sols(X, [1])).
t(phrase("ab", L, R), sols(L-R, [[0'a, 0'b|R]-R])).
t(phrase(([X], {atom(X)}), [a]), sols(X, [a])).
t(phrase(([X], {atom(X)}), [1]), fail).
t(phrase(([a], !, [b] ; [a], [c]), [a, c]), fail).
t(phrase((\+ [b], [X]), [a]), sols(X, [a])).
t(phrase(\+ [a], [a]), fail).
t(phrase(call(append, [z]), [a], R), sols(R, [[z, a]])).
t(phrase(G, [a]), error(instantiation_error)).
t(phrase([a], foo), error(type_error(list, foo))).
t(phrase(1, []), error(type_error(callable, 1))).
t(phrase(([X], [X]), [a, a]), sols(X, [a])).
t(phrase(([X], [X]), [a, b]), fail).
t(phrase((([a] -> [b] ; [c])), L), sols(L, [[a, b]])).
