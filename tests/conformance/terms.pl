% functor/3, arg/3, =../2, copy_term/2, term_variables/2 and their errors.

t(functor(foo(a, b, c), N, A), sols(N/A, [foo/3])).
t(functor(foo, N, A), sols(N/A, [foo/0])).
t(functor(1.5, N, A), sols(N/A, [1.5/0])).
t(functor(7, N, A), sols(N/A, [7/0])).
t(functor([a], N, A), sols(N/A, ['.'/2]), iso('ISO lists are \'.\'/2; SWI-7 uses \'[|]\'')).
t(functor(T, foo, 3), sols(T, [foo(_, _, _)])).
t(functor(T, foo, 0), sols(T, [foo])).
t(functor(T, 3, 0), sols(T, [3])).
t(functor(T, 1.5, 0), sols(T, [1.5])).
t(functor(f(a), f, 1), true).
t(functor(f(a), f, 2), fail).
t(functor(T, N, 3), error(instantiation_error)).
t(functor(T, foo, N), error(instantiation_error)).
t(functor(T, foo, -1), error(domain_error(not_less_than_zero, -1))).
t(functor(T, foo, a), error(type_error(integer, a))).
t(functor(T, foo(a), 1), error(type_error(atomic, foo(a)))).
t(functor(T, 1.5, 1), error(type_error(atom, 1.5))).
t((atom_string(s, S), functor(T, S, 0), T == S), true).

t(arg(1, foo(a, b), X), sols(X, [a])).
t(arg(2, foo(a, b), X), sols(X, [b])).
t(arg(3, foo(a, b), X), fail).
t(arg(0, foo(a, b), X), fail).
t(arg(1, foo(X, b), c), sols(X, [c])).
t(arg(N, foo(a, b), X), sols(N-X, [1-a, 2-b]), swi('SWI enumerates an unbound index')).
t(arg(1, [a|b], X), sols(X, [a])).
t(arg(a, foo(a), X), error(type_error(integer, a))).
t(arg(1, atom, X), error(type_error(compound, atom))).
t(arg(1, 3, X), error(type_error(compound, 3))).
t(arg(1, V, X), error(instantiation_error)).
t(arg(-1, foo(a), X), error(domain_error(not_less_than_zero, -1)), swi('SWI raises a domain error for a negative index')).

t(foo(a, b) =.. L, sols(L, [[foo, a, b]])).
t(foo =.. L, sols(L, [[foo]])).
t(1 =.. L, sols(L, [[1]])).
t([a, b] =.. L, sols(L, [['.', a, [b]]]), iso('ISO lists are \'.\'/2; SWI-7 uses \'[|]\'')).
t(T =.. [foo, a, b], sols(T, [foo(a, b)])).
t(T =.. [foo], sols(T, [foo])).
t(T =.. [3], sols(T, [3])).
t(T =.. [f, X, Y, X], sols(T-X-Y, [f(X, Y, X)-X-Y])).
t(T =.. L, error(instantiation_error)).
t(T =.. [foo|_], error(instantiation_error)).
t(T =.. [X, a], error(instantiation_error)).
t(T =.. [], error(domain_error(non_empty_list, []))).
t(T =.. [f(a), b], error(type_error(atomic, f(a))), iso('ISO wants type_error(atomic); SWI says atom')).
t(T =.. [1, b], error(type_error(atom, 1))).
t(T =.. foo, error(type_error(list, foo))).
t(f(X) =.. [f, a], sols(X, [a])).

t(copy_term(f(X, Y, X), C), sols(C, [f(A, B, A)])).
t((copy_term(f(X), f(Y)), X \== Y), true).
t(copy_term(a, X), sols(X, [a])).
t(copy_term(X, Y), sols(X-Y, [_-_])).
t((copy_term(X-X, A-B), A == B), true).
t((X = f(Y), copy_term(X, Z), Z = f(W), W \== Y), true).
t(copy_term([a|T], L), sols(L, [[a|_]])).

t(term_variables(f(X, g(Y, X), Z), Vs), sols(Vs-X-Y-Z, [[X, Y, Z]-X-Y-Z])).
t(term_variables(a, Vs), sols(Vs, [[]])).
t(term_variables([X, Y, X], Vs), sols(Vs-X-Y, [[X, Y]-X-Y])).
t(term_variables(X, Vs), sols(Vs-X, [[X]-X])).
t(term_variables(f(X, Y, X), Vs, [z]), sols(Vs-X-Y, [[X, Y, z]-X-Y])).
t(term_variables(a, Vs, T), sols(Vs-T, [T-T])).
t((term_variables(f(X, Y), Vs, T), T = []), sols(Vs-X-Y, [[X, Y]-X-Y])).

% subsumes_term/2 (ISO 8.2.4): binds nothing, either way it goes
t(subsumes_term(f(_), f(a)), true).
t(subsumes_term(f(a), f(_)), fail).
t(subsumes_term(f(X, X), f(Y, Z)), fail).
t(subsumes_term(f(X, X), f(Y, Y)), true).
t(subsumes_term(g(X), X), fail).
t(subsumes_term(f(Z, Z), f(X, Y)), fail).
t((subsumes_term(f(X, Y), f(a, b)), var(X), var(Y)), true).
t(subsumes_term(X, f(X)), fail).

t(atomic(a), true).
t(atomic(1), true).
t((atom_string(s, S), atomic(S)), true).
t(atomic(f(a)), fail).
t(atomic(X), fail).
t(compound(f(a)), true).
t(compound([a]), true).
t(compound([]), fail).
t(compound(a), fail).
t(callable(a), true).
t(callable(f(x)), true).
t(callable(1), fail).
t(callable(X), fail).
t(is_list([a, b]), true).
t(is_list([a|_]), fail).
t(is_list(a), fail).
t(var(X), true).
t(nonvar(X), fail).
t(number(1.0), true).
t(number(a), fail).
t(integer(1), true).
t(integer(1.0), fail).
t(float(1.0), true).
t(float(1), fail).
t(atom([]), true, iso('[] is an atom in ISO; SWI-7 makes it a reserved non-atom symbol')).
t(atom(a), true).
t(atom("a"), fail).
t(atom(1), fail).
t(ground(f(a, b)), true).
t(ground(f(a, X)), fail).

% copy_term/3: without attributed variables the goal list is empty.
t(copy_term(f(X, Y, X), C, G), sols(C-G, [f(A, B, A)-[]])).
t(copy_term(a, C, G), sols(C-G, [a-[]])).

% term_hash/2: an integer for a ground term, the same for equal terms; a term with a variable
% leaves the hash unbound. The values themselves are the system's own.
t((term_hash(f(a, 1, 2.0, [x]), H), integer(H)), true).
t((term_hash(foo(bar, [1, 2]), H1), term_hash(foo(bar, [1, 2]), H2), H1 == H2), true).
t((X = g(a, "text", 12345678901234567890, -0.5), copy_term(X, Y), term_hash(X, H1),
   term_hash(Y, H2), H1 == H2), true).
t(term_hash(f(_), H), sols(H, [_])).
t((term_hash(T, H), T = a), sols(H, [_])).
t((numlist(1, 100000, Ns), foldl([_, A, f(A)]>>true, Ns, a, T), term_hash(T, H), integer(H)), true).
t((term_hash(f(a), H1), term_hash(f(b), H2), H1 \== H2), true).

% The walks over a term's variables: numbervars/3, copy_term/2, term_variables/2, ground/1,
% =@=/2 and subsumes_term/2 on repeated and shared variables, on more variables than a small
% table holds (40), on cyclic terms and on a term 100,000 deep.
t((T = f(X, g(Y, X), [Y, Z]), numbervars(T, 7, E)),
  sols(T-E, [f('$VAR'(7), g('$VAR'(8), '$VAR'(7)), ['$VAR'(8), '$VAR'(9)])-10])).
t((T = f(X, Y), numbervars(T, -2, E)), sols(T-E, [f('$VAR'(-2), '$VAR'(-1))-0])).
t((X = Y, T = f(X, Y, Z), numbervars(T, 0, E)), sols(T-E, [f('$VAR'(0), '$VAR'(0), '$VAR'(1))-2])).
t((T = f('$VAR'(5), X), numbervars(T, 0, E)), sols(T-E, [f('$VAR'(5), '$VAR'(0))-1])).
t((\+ numbervars(f(X, Y), 0, 3), var(X), var(Y)), true).
t(numbervars(f(_), _, _), error(instantiation_error)).
t((length(L, 40), numbervars(L-L, 100, E), L = [F|_], last(L, La)),
  sols(F-La-E, ['$VAR'(100)-'$VAR'(139)-140])).
t((T = f(T, X, X), numbervars(T, 0, E)), sols(X-E, ['$VAR'(0)-1])).
t((numlist(1, 100000, Ns), foldl([_, A, f(A)]>>true, Ns, X, T), numbervars(T, 0, E)),
  sols(X-E, ['$VAR'(0)-1])).
t((S = g(X), copy_term(f(S, S, X, Y), C)), sols(C, [f(g(A), g(A), A, _)])).
t(copy_term(f(1.5, 12345678901234567890, X, X, "s"), C),
  sols(C, [f(1.5, 12345678901234567890, A, A, "s")])).
t((length(L, 40), copy_term(L-L, C-D), C == D, \+ (member(V, C), member(W, L), V == W)), true).
t((X = f(X, Y), copy_term(X, C), C = f(C1, Y1), C1 == C, var(Y1), Y1 \== Y), true).
t((numlist(1, 100000, Ns), foldl([_, A, f(A)]>>true, Ns, X, T), copy_term(X-T, Y-C),
   var(Y), Y \== X, C = T, Y == X), true).
t((length(L, 40), append(L, L, LL), term_variables(LL, Vs), Vs == L), true).
t((X = f(X, Y, Z, Y), term_variables(X, Vs)), sols(Vs-Y-Z, [[Y, Z]-Y-Z])).
t((X = f(X, a), ground(X)), true).
t((X = f(X, _), ground(X)), fail).
t((numlist(1, 100000, Ns), foldl([_, A, f(A)]>>true, Ns, _, T), ground(T)), fail).
t(f(A, B, A) =@= f(B, A, A), fail).
t(f(A, B) =@= f(B, A), true).
t(f(A, A) =@= f(_, _), fail).
t(f(_, _) =@= f(A, A), fail).
t(f(_, b, 1.5, [x]) =@= f(_, b, 1.5, [x]), true).
t((f(X) =@= f(Y), var(X), X \== Y), true).
t(f(X, Y) \=@= f(X, X), true).
t((length(L, 40), length(M, 40), L-L =@= M-M), true).
t((length(L, 40), length(M, 40), length(N, 40), L-L =@= M-N), fail).
t((X = f(X, A), Y = f(Y, B), X =@= Y), true).
t((length(L, 40), length(M, 40), subsumes_term(L, M)), true).
t((length(L, 40), length(M, 40), subsumes_term(M-M, L-_)), fail).
t((length(L, 40), subsumes_term(f(L, L), f(L, L))), true).

% The list of =.. must be a list or a partial list (ISO 8.5.3.3).
t(f(x) =.. 1, error(type_error(list, 1))).
t(a =.. foo, error(type_error(list, foo))).
t(f(x) =.. [f|b], error(type_error(list, [f|b])), iso('SWI: type_error(list, b)')).
% Records of atoms and small integers told identical or not by their argument cells (== and
% the duplicates sort/2 removes), beside arguments the cells do not decide.
t(sort([k(1, 2.0), k(1, 2), k(1, 2.0), k(1, 100000000000000000000), k(1, 100000000000000000000), k(1, z), k(1, z), k(1, g(z)), k(1, g(z)), k(1, y)], L), sols(L, [[k(1, 2.0), k(1, 2), k(1, 100000000000000000000), k(1, y), k(1, z), k(1, g(z))]])).
t(sort(0, @>, [c(1, 2, b), c(1, 2, b), c(1, 3, b), c(1, 2, a)], L), sols(L, [[c(1, 3, b), c(1, 2, b), c(1, 2, a)]])).
t((X = f(a, 1, V), Y = f(a, 1, V), X == Y), true).
t((f(a, 1, _) \== f(a, 1, _)), true).
t((f(a, 1) \== f(a, 1.0), f(a, 1) \== f(b, 1), f(a, g(b)) == f(a, g(b)), f(a, g(b)) \== f(a, g(c))), true).
t((f(x, 100000000000000000000) == f(x, 100000000000000000000)), true).
