% Unification, term identity, compare/3 and the standard order of terms.

t(a = a, true).
t(a = b, fail).
t(X = a, sols(X, [a])).
t(f(X, b) = f(a, Y), sols(X-Y, [a-b])).
t(f(X, X) = f(a, b), fail).
t(f(X, Y, X) = f(Y, a, Z), sols(X-Y-Z, [a-a-a])).
t(f(a) = g(a), fail).
t(f(a) = f(a, b), fail).
t([H|T] = [1, 2, 3], sols(H-T, [1-[2, 3]])).
t([a, b | T] = [a, b], sols(T, [[]])).
t(1 = 1.0, fail).
t(1 = 1, true).
t(1.5 = 1.5, true).
t('A' = 'A', true).
t(X = Y, sols(X-Y, [Z-Z])).
t((X = Y, X = 1), sols(Y, [1])).
t(\+ \+ f(X) = X, true, swi('no occurs check: the unification succeeds (the cyclic term is never copied or printed)')).
t(a \= b, true).
t(a \= a, fail).
t(X \= a, fail).
t(f(X, a) \= f(b, X), true).
t(unify_with_occurs_check(X, f(X)), fail).
t(unify_with_occurs_check(X, f(Y)), sols(X-Y, [f(A)-A])).
t(unify_with_occurs_check(f(X, Y), f(Y, g(X))), fail).
t(unify_with_occurs_check([X|T], [a, b]), sols(X-T, [a-[b]])).
t(unify_with_occurs_check(X, X), true).

% identity
t(a == a, true).
t(X == X, true).
t(X == Y, fail).
t(_ == _, fail).
t(f(X) == f(X), true).
t(1 == 1.0, fail).
t(1 \== 1.0, true).
t(X \== Y, true).
t(f(a, X) \== f(a, X), fail).
t(abc == 'abc', true).
t([] == '[]', true, iso('ISO: [] and \'[]\' are one atom; SWI-7 makes [] a reserved symbol')).
t("abc" == [0'a, 0'b, 0'c], fail, swi('double_quotes=string as in SWI-Prolog 7; ISO reads codes')).

% compare/3
t(compare(O, 1, 2), sols(O, [<])).
t(compare(O, b, a), sols(O, [>])).
t(compare(O, f(a), f(a)), sols(O, [=])).
t(compare(O, 1, 1.0), sols(O, [>])).
t(compare(O, 1.0, 1), sols(O, [<])).
t(compare(O, 2, 1.5), sols(O, [>])).
t(compare(O, 1.5, 2), sols(O, [<])).
t(compare(O, a, f(a)), sols(O, [<])).
t(compare(O, g(a), f(a, b)), sols(O, [<])).
t(compare(O, f(b), g(a)), sols(O, [<])).
t(compare(O, f(a, b), f(a, c)), sols(O, [<])).
t(compare(O, f(b, a), f(a, c)), sols(O, [>])).
t(compare(O, X, a), sols(O, [<])).
t(compare(O, 1, a), sols(O, [<])).
t(compare(O, zzz, f), sols(O, [>])).
t(compare(O, [a], f(a)), sols(O, [>])).
t(compare(O, f(a, b, c), [a]), sols(O, [>])).
t(compare(=, a, a), true).
t(compare(<, b, a), fail).
t(compare(foo, a, b), error(domain_error(order, foo))).
t(compare(1, a, b), error(type_error(atom, 1))).
t(compare(O, 100000000000000000000, 1), sols(O, [>])).
t(compare(O, -100000000000000000000, -1.0e10), sols(O, [<])).
t((atom_string(abc, S), compare(O, S, abc)), sols(O, [<]), swi('SWI 9 sorts strings before atoms, whatever their text')).
t((atom_string(zzz, S), compare(O, S, a)), sols(O, [<]), swi('SWI 9 sorts strings before atoms, whatever their text')).
t((atom_string(abc, S), compare(O, S, f(x))), sols(O, [<]), swi('strings sort before compound terms')).
t(compare(O, "abc", 1), sols(O, [>]), swi('strings sort after numbers')).

% standard order predicates
t(1 @< a, true).
t(a @< 1, fail).
t(X @< 1, true).
t(1.0 @< 1, true).
t(1 @< 1.0, fail).
t(a @< b, true).
t(abc @< abd, true).
t(ab @< abc, true).
t(f(z) @< g(a), true).
t(f(a, a) @< g(a), fail).
t(a @> f(a), fail).
t(f(X) @=< f(X), true).
t(b @>= a, true).
t(1 @>= 1.0, true).
t((atom_string(s, S), msort([f(b), 3, a, 2.0, S, Z, g(a, b), 1, [x]], L), L == [Z, 1, 2.0, 3, S, a, f(b), [x], g(a, b)]), true, swi('SWI 9 order: Var < Number < String < Atom < Compound; numbers by value')).
t(msort([1, 1.0, 0.5, 2, 1.5], L), sols(L, [[0.5, 1.0, 1, 1.5, 2]]), swi('equal int and float: float first')).
t(msort([1, 1.0], L), sols(L, [[1.0, 1]])).
t(msort([2, 1.5, 1], L), sols(L, [[1, 1.5, 2]])).
t(sort([c, a, b, a], L), sols(L, [[a, b, c]])).
t(sort(0, @>=, [1, 3, 2, 3], L), sols(L, [[3, 3, 2, 1]])).
t(msort([b, 'B', a, 'A'], L), sols(L, [['A', 'B', a, b]])).
t(msort([f(a, b), f(b), f(a)], L), sols(L, [[f(a), f(b), f(a, b)]])).
