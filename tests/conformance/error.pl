% Type checks (library(error): must_be/2, is_of_type/2) and assertion/1
% (library(debug)).  SWI-Prolog 9 raises a type error, not a domain
% error, for a value of the right kind outside a type's range
% (must_be(positive_integer, 0)), and an instantiation error when a type
% that needs a ground value gets a partial one.

t(must_be(integer, 1), true).
t(must_be(integer, a), error(type_error(integer, a))).
t(must_be(integer, 2.5), error(type_error(integer, 2.5))).
t(must_be(integer, _), error(instantiation_error)).
t(must_be(integer, f(_)), error(type_error(integer, f(_)))).
t(must_be(positive_integer, 1), true).
t(must_be(positive_integer, 0), error(type_error(positive_integer, 0))).
t(must_be(positive_integer, a), error(type_error(positive_integer, a))).
t(must_be(nonneg, 0), true).
t(must_be(nonneg, -1), error(type_error(nonneg, -1))).
t(must_be(nonneg, _), error(instantiation_error)).
t(must_be(negative_integer, -1), true).
t(must_be(negative_integer, 0), error(type_error(negative_integer, 0))).
t(must_be(number, 2.5), true).
t(must_be(number, a), error(type_error(number, a))).
t(must_be(float, 1), error(type_error(float, 1))).
t(must_be(atom, a), true).
t(must_be(atom, 1), error(type_error(atom, 1))).
t(must_be(atom, f(x)), error(type_error(atom, f(x)))).
t(must_be(atom, _), error(instantiation_error)).
t(must_be(atomic, 1), true).
t(must_be(atomic, f(x)), error(type_error(atomic, f(x)))).
t(must_be(callable, f(_)), true).
t(must_be(callable, a), true).
t(must_be(callable, 1), error(type_error(callable, 1))).
t(must_be(callable, _), error(instantiation_error)).
t(must_be(compound, f(x)), true).
t(must_be(compound, a), error(type_error(compound, a))).
t(must_be(var, _), true).
t(must_be(var, a), error(uninstantiation_error(a))).
t(must_be(boolean, true), true).
t(must_be(boolean, false), true).
t(must_be(boolean, 1), error(type_error(boolean, 1))).
t(must_be(boolean, _), error(instantiation_error)).
t(must_be(oneof([a, b]), b), true).
t(must_be(oneof([a, b]), c), error(type_error(oneof([a, b]), c))).
t(must_be(oneof([a, b]), f(_)), error(instantiation_error)).
t(must_be(between(1, 5), 3), true).
t(must_be(between(1, 5), 7), error(type_error(between(1, 5), 7))).
t(must_be(between(1, 5), 2.0), error(type_error(between(1, 5), 2.0))).
t(must_be(between(1, 5), a), error(type_error(between(1, 5), a))).
t(must_be(between(1.0, 5.0), 2), true).
t(must_be(between(1.0, 5.0), 2.5), true).
t(must_be(between(1.0, 5.0), 7), error(type_error(between(1.0, 5.0), 7))).
t(must_be(list, [a, b]), true).
t(must_be(list, []), true).
t(must_be(list, [a|_]), error(instantiation_error)).
t(must_be(list, [a|b]), error(type_error(list, [a|b]))).
t(must_be(list, a), error(type_error(list, a))).
t(must_be(list, _), error(instantiation_error)).
t(must_be(proper_list, [a]), true).
t(must_be(proper_list, [a|_]), error(type_error(proper_list, [a|_]))).
t(must_be(list_or_partial_list, [a|_]), true).
t(must_be(list_or_partial_list, _), true).
t(must_be(list_or_partial_list, [a|b]), error(type_error(list, [a|b]))).
t(must_be(list(integer), [1, 2]), true).
t(must_be(list(integer), []), true).
t(must_be(list(integer), [1, a]), error(type_error(integer, a))).
t(must_be(list(integer), [1, _]), error(instantiation_error)).
t(must_be(list(integer), [1|_]), error(instantiation_error)).
t(must_be(list(integer), a), error(type_error(list(integer), a))).
t(must_be(list(positive_integer), [1, 0]), error(type_error(positive_integer, 0))).
t(must_be(chars, [a, b]), true).
t(must_be(chars, [a, 1]), error(type_error(char, 1))).
t(must_be(chars, [a, bc]), error(type_error(char, bc))).
t(must_be(chars, a), error(type_error(list(char), a))).
t(must_be(codes, [97, 98]), true).
t(must_be(codes, [97, -1]), error(type_error(code, -1))).
t(must_be(codes, f(x)), error(type_error(list(code), f(x)))).
t(must_be(char, a), true).
t(must_be(char, ab), error(type_error(char, ab))).
t(must_be(code, 0), true).
t(must_be(code, -1), error(type_error(code, -1))).
t(must_be(text, abc), true).
t(must_be(text, [a, b]), true).
t(must_be(text, [97]), true).
t(must_be(text, 7), error(type_error(text, 7))).
t(must_be(text, f(_)), error(instantiation_error)).
t(must_be(string, a), error(type_error(string, a))).
t((atom_string(abc, S), must_be(string, S)), true).
t(must_be(ground, f(a)), true).
t(must_be(ground, f(_)), error(instantiation_error)).
t(must_be(any, _), true).
t(must_be(no_such_type, a), error(existence_error(type, no_such_type))).
t(must_be(_, a), error(instantiation_error)).

t(is_of_type(integer, 1), true).
t(is_of_type(integer, a), fail).
t(is_of_type(integer, _), fail).
t(is_of_type(positive_integer, 0), fail).
t(is_of_type(list(integer), [1, a]), fail).
t(is_of_type(list(integer), [1, 2]), true).
t(is_of_type(oneof([a, b]), a), true).
t(is_of_type(no_such_type, a), fail).
t(is_of_type(_, a), error(instantiation_error)).

t(assertion(true), true).
t(assertion(member(X, [a, b])), sols(X, [_])).
t(assertion(X = 1), sols(X, [_])).
t(assertion(fail), error(assertion_error(fail, user:fail))).
t(assertion(member(x, [a])), error(assertion_error(fail, user:member(x, [a])))).
t(assertion(throw(oops)), error(assertion_error(oops, user:throw(oops)))).
t(catch(assertion(fail), error(assertion_error(R, G), _), true), sols(R-G, [fail-(user:fail)])).
