% between/succ/plus/length, sorting (msort, sort/4, keysort, predsort),
% global variables, term_variables, tab, atomic_list_concat split mode,
% numbervars/3 and printing '$VAR'(N).

t(between(1, 3, X), sols(X, [1, 2, 3])).
t(between(3, 1, X), fail).
t(between(1, 1, X), sols(X, [1])).
t(between(1, 3, 2), true).
t(between(1, 3, 5), fail).
t(between(1, inf, 5), true).
t(once((between(1, inf, X), X > 4)), sols(X, [5])).
t(between(1, infinite, 3), true).
t(between(X, 3, Y), error(instantiation_error)).
t(between(a, 3, Y), error(type_error(integer, a))).
t(between(1, a, Y), error(type_error(integer, a))).
t(between(1, 3, a), error(type_error(integer, a))).
t(between(100000000000000000000, 100000000000000000001, X), sols(X, [100000000000000000000, 100000000000000000001])).

t(succ(3, X), sols(X, [4])).
t(succ(X, 4), sols(X, [3])).
t(succ(X, 0), fail).
t(succ(0, 1), true).
t(succ(X, Y), error(instantiation_error)).
t(succ(-1, X), error(domain_error(not_less_than_zero, -1)), swi('SWI error term')).
t(succ(a, X), error(type_error(integer, a))).
t(succ(9223372036854775807, X), sols(X, [9223372036854775808])).
t(plus(1, 2, X), sols(X, [3])).
t(plus(1, X, 5), sols(X, [4])).
t(plus(X, 2, 5), sols(X, [3])).
t(plus(X, Y, 5), error(instantiation_error)).
t(plus(1.5, 1, X), error(type_error(integer, 1.5)), swi('plus/3 is integer-only in SWI')).

t(length([a, b], N), sols(N, [2])).
t(length([], N), sols(N, [0])).
t(length(L, 0), sols(L, [[]])).
t(length(L, 3), sols(L, [[_, _, _]])).
t(length([a|T], 3), sols(T, [[_, _]])).
t(findall(N, (length(L, N), N >= 2, !), Ns), sols(Ns, [[2]])).
t(length(L, -1), error(domain_error(not_less_than_zero, -1))).
t(length(L, a), error(type_error(integer, a))).
t(length([a|b], N), error(type_error(list, [a|b]))).
t(length([a, b], 3), fail).

t(msort([c, a, b, a], L), sols(L, [[a, a, b, c]])).
t(msort([], L), sols(L, [[]])).
t(msort(a, L), error(type_error(list, a))).
t(msort([a|_], L), error(instantiation_error)).
t(sort([c, a, b, a], L), sols(L, [[a, b, c]])).
t(sort([f(X), f(Y), f(X)], L), sols(L-X-Y, [[f(X), f(Y)]-X-Y])).
t(sort(0, @<, [c, a, b, a], L), sols(L, [[a, b, c]])).
t(sort(0, @=<, [c, a, b, a], L), sols(L, [[a, a, b, c]])).
t(sort(0, @>, [c, a, b, a], L), sols(L, [[c, b, a]])).
t(sort(0, @>=, [c, a, b, a], L), sols(L, [[c, b, a, a]])).
t(sort(1, @<, [f(2, a), f(1, b), f(2, c)], L), sols(L, [[f(1, b), f(2, a)]])).
t(sort(1, @=<, [f(2, a), f(1, b), f(2, c)], L), sols(L, [[f(1, b), f(2, a), f(2, c)]])).
t(sort(2, @>=, [f(2, a), f(1, b), f(2, c)], L), sols(L, [[f(2, c), f(1, b), f(2, a)]])).
t(sort(1, @<, [a], L), error(type_error(compound, a))).
t(sort(0, foo, [a], L), error(domain_error(order, foo))).
t(sort(a, @<, [a], L), error(type_error(compound, a)), swi('SWI reports the key as a compound type error')).
t(keysort([b-1, a-2, b-0, a-1], L), sols(L, [[a-2, a-1, b-1, b-0]])).
t(keysort([], L), sols(L, [[]])).
t(keysort([a], L), error(type_error(pair, a))).
t(keysort([a-1|_], L), error(instantiation_error)).
t(keysort([2-x, 1-y, 1.0-z], L), sols(L, [[1.0-z, 1-y, 2-x]])).
t(predsort(compare, [b, c, a], L), sols(L, [[a, b, c]])).

t((nb_setval(conf_key, 1), nb_getval(conf_key, V)), sols(V, [1])).
t((nb_setval(conf_key, f(a, [b])), nb_getval(conf_key, V)), sols(V, [f(a, [b])])).
t((nb_setval(conf_key, 0), (nb_setval(conf_key, 1), fail ; true), nb_getval(conf_key, V)), sols(V, [1])).
t((b_setval(conf_bkey, 0), (b_setval(conf_bkey, 1), fail ; true), b_getval(conf_bkey, V)), sols(V, [0])).
t((b_setval(conf_bkey, 5), b_getval(conf_bkey, V)), sols(V, [5])).
t(nb_getval(conf_no_such_key_xyz, V), error(existence_error(variable, conf_no_such_key_xyz)), swi('SWI names the kind variable')).
t((nb_setval(conf_key, X), X = 1, nb_getval(conf_key, V)), sols(V, [_])).

t(term_variables(f(X, Y, X), L), sols(L-X-Y, [[X, Y]-X-Y])).
t(term_variables([], L), sols(L, [[]])).
t((term_variables(f(X, g(Y)), L), X = 1, Y = 2), sols(L, [[1, 2]])).

t(with_output_to(atom(A), tab(0)), sols(A, [''])).
t(with_output_to(atom(A), tab(2)), sols(A, ['  '])).
t(with_output_to(atom(A), tab(1 + 1)), sols(A, ['  '])).
t(tab(a), error(type_error(evaluable, a/0))).

t(atomic_list_concat(L, ' ', 'hello big world'), sols(L, [[hello, big, world]])).
t(atomic_list_concat(L, ab, xabyabz), sols(L, [[x, y, z]])).
t(atomic_list_concat(L, '-', '-a-'), sols(L, [['', a, '']])).
t(atomic_list_concat([a, b], X, 'a-b'), error(instantiation_error)).
t(atomic_list_concat(L, X, 'a-b'), error(instantiation_error)).

t((T = f(X, Y, X), numbervars(T, 0, E)), sols(T-E, [f('$VAR'(0), '$VAR'(1), '$VAR'(0))-2])).
t((T = f(X, Y), numbervars(T, 23, E)), sols(T-E, [f('$VAR'(23), '$VAR'(24))-25])).
t((numbervars(a, 0, E)), sols(E, [0])).
t((T = f(X, Y, X), numbervars(T, 0, _), with_output_to(atom(A), print(T))), sols(A, ['f(A,B,A)'])).
t((T = f(X, Y), numbervars(T, 25, _), with_output_to(atom(A), writeq(T))), sols(A, ['f(Z,A1)'])).
t((T = [X, Y], numbervars(T, 0, _), with_output_to(atom(A), write_canonical(T))), sols(A, ['[\'$VAR\'(0),\'$VAR\'(1)]'])).
t((T = g(X), numbervars(T, 0, _), with_output_to(atom(A), write_term(T, [quoted(true)]))), sols(A, ['g(\'$VAR\'(0))'])).
t((T = g(X), numbervars(T, 0, _), with_output_to(atom(A), write(T))), sols(A, ['g(A)'])).
t(with_output_to(atom(A), print('$VAR'('Foo'))), sols(A, ['Foo'])).
t(with_output_to(atom(A), writeq('$VAR'(x))), sols(A, ['\'$VAR\'(x)'])).
t(numbervars(f(X), a, E), error(type_error(integer, a))).

t(copy_term([X-Y, Y], L), sols(L, [[A-B, B]])).
t((X = "abc", string(X)), true, swi('double_quotes=string as in SWI-Prolog 7; with codes, as ISO, a list')).
t(atom_to_term('p(X, Y)', T, B), sols(T-B, [p(X, Y)-['X' = X, 'Y' = Y]])).
t(tab(-1), true, swi('a negative tab writes nothing')).
t(ground(f(a, [b])), true).
t(setof(N, between(1, 3, N), L), sols(L, [[1, 2, 3]])).

% random/1, random_between/3 and random_member/2: the range, and the errors of SWI-Prolog's
% library(random)
t((random(F), float(F), F > 0.0, F < 1.0), true).
t(random_between(3, 3, X), sols(X, [3])).
t((random_between(1, 6, X), integer(X), X >= 1, X =< 6), true).
t(random_between(6, 1, _), fail).
t(random_between(a, 1, _), error(type_error(integer, a))).
t(random_between(_, 1, _), error(instantiation_error)).
t(random_member(X, [q]), sols(X, [q])).
t((random_member(X, [a, b, c]), memberchk(X, [a, b, c])), true).
t(random_member(_, []), fail).
t(random_member(_, [a|_]), error(instantiation_error)).
t(random_member(_, [a|b]), error(type_error(list, [a|b]))).

% b_setval/2 is undone on backtracking to the value of each choicepoint's time, also when one
% trail entry stands for several settings made since that choicepoint
t((b_setval(bv1, 1), (b_setval(bv1, 2), b_setval(bv1, 3), fail ; b_getval(bv1, X))), sols(X, [1])).
t((b_setval(bv2, 0), between(1, 3, I), b_setval(bv2, I), b_setval(bv2, x), b_getval(bv2, X)),
  sols(I-X, [1-x, 2-x, 3-x])).
t((b_setval(bv3, 0), (between(1, 10, _), b_getval(bv3, V), V1 is V + 1, b_setval(bv3, V1), fail
                     ; b_getval(bv3, F))),
  sols(F, [0])).
t((b_setval(bv4, 0), between(1, 3, J), b_getval(bv4, V), V1 is V + J, b_setval(bv4, V1),
   b_getval(bv4, W)),
  sols(J-W, [1-1, 2-2, 3-3])).
t((b_setval(bv5, a), catch((b_setval(bv5, b), b_setval(bv5, c), throw(z)), z, true),
   b_getval(bv5, Q)),
  sols(Q, [a])).
t((b_setval(bv6, a), \+ \+ (b_setval(bv6, b), b_setval(bv6, c)), b_getval(bv6, R)), sols(R, [a])).
t((b_setval(bv7, 1), (b_setval(bv7, 2), b_setval(bv8, 5), b_setval(bv7, 3) ; true),
   b_getval(bv7, S)),
  sols(S, [3, 1])).

% nb_current/2 enumerates the global variables set by nb_setval/2 and b_setval/2; a bound key
% is looked up. get_time/1 is the wall clock in seconds since 1970 as a float.
t((nb_setval(conf_cur, 7), nb_current(conf_cur, V)), sols(V, [7])).
t((b_setval(conf_cur_b, x), nb_current(conf_cur_b, V)), sols(V, [x])).
t(nb_current(conf_no_such_key_cur, V), fail).
t(nb_current(1, V), error(type_error(atom, 1))).
t((nb_setval(conf_cur_1, a), nb_setval(conf_cur_2, b),
   findall(K-V, (nb_current(K, V), memberchk(K, [conf_cur_1, conf_cur_2])), L0), msort(L0, L)),
  sols(L, [[conf_cur_1-a, conf_cur_2-b]])).
t((nb_setval(conf_cur_3, 1), nb_current(K, 1), K == conf_cur_3), true).
t((get_time(T), float(T), T > 1.6e9), true).
t((get_time(T0), get_time(T1), T1 >= T0), true).

% nb_setval/2 replaces a backtrackable value of the same key, and keeps its value when the
% b_setval/2 before it is undone
t((b_setval(conf_bn, 1), nb_setval(conf_bn, 2), nb_getval(conf_bn, X), b_getval(conf_bn, Y)), sols(X-Y, [2-2])).
t((nb_setval(conf_bn, 5), (b_setval(conf_bn, 6), nb_setval(conf_bn, 7), fail ; nb_getval(conf_bn, Z))), sols(Z, [7])).

% length/2 checks its length argument first, whatever the list.
t(length([a, b], -1), error(domain_error(not_less_than_zero, -1))).
t(length([a], a), error(type_error(integer, a))).
t(length([a|b], -1), error(domain_error(not_less_than_zero, -1))).
t(length([a|b], _), error(type_error(list, [a|b]))).

% Older names still in SWI-Prolog: flag/3, apply/2, concat_atom/2,3, writef/2, and
% random_permutation/2 from library(random).
t((flag(conf_f, A, A + 5), flag(conf_f, B, B * 2), flag(conf_f, C, C)), sols([A, B, C], [[0, 5, 10]])).
t(flag(conf_g(1), A, 7), sols(A, [0])).
t(flag(conf_h, 1, 2), fail).
t(flag(_, _, 1), error(instantiation_error)).
t(apply(append([a]), [[b], L]), sols(L, [[a, b]])).
t(concat_atom([a, b, 1], A), sols(A, [ab1])).
t(concat_atom([a, b, c], '-', A), sols(A, ['a-b-c'])).
t(concat_atom(L, '-', 'x-y'), sols(L, [[x, y]])).
t(with_output_to(atom(A), writef('%w and %d\\l', [x, 3])), sols(A, ['x and 3\n'])).
t((random_permutation([3, 1, 2], P), msort(P, S)), sols(S, [[1, 2, 3]])).
t((random_permutation(L, [a, b]), msort(L, S)), sols(S, [[a, b]])).
