% Compounds with no arguments, `foo()`, as SWI-Prolog 7 reads and handles them: reading,
% writing, compound_name_arity/3 and compound_name_arguments/3, the errors of functor/3 and
% =../2, unification and standard order against the atom, copying, the clause database,
% indexing on them, and a clause head `foo()`, which defines foo/0.
:- dynamic d/1, fact/2.

start() :- writeln(started).
p(foo()).
p(foo).
p(V) :- V = foo(), true.
idx(foo(), a).
idx(foo, b).
idx(foo(x), c).
idx(bar(), d).
idx(f(foo()), e).
idx(f(foo), f).
idx(f(bar()), g).
idx([foo()], h).
idx(X, i) :- X == baz().
g(X) :- X == foo(), !, writeln(guard1).
g(X) :- X = bar(), !, writeln(guard2).
g(_) :- writeln(guard3).
w(X) :- ( X = foo() -> writeln(ite1) ; X = foo -> writeln(ite2) ; writeln(ite3) ).
:- table tb/1.
tb(foo()).
tb(foo).
tb(bar()).

t(G) :- catch((G -> print(yes(G)) ; print(no)), E, print(E)), nl.

main :-
    start, start(),
    forall(p(X), (writeq(X), nl, print(X), nl, write(X), nl, write_canonical(X), nl)),
    forall(member(T, [foo(), 'hello world'(), {}(), 'A'(), '|'(), ;(), -(), f(a, foo(), [foo()]),
                      - foo(), 1 - foo(), - - a(), 1 + -(), [a|b()], {foo()}, a:b(), f(','())]),
           (writeq(T), nl)),
    format("~w ~q ~p~n", [foo(), 'A'(), foo()]),
    types, order, build, database, indexing, misc.

types :-
    t(compound(foo())), t(atom(foo())), t(atomic(foo())), t(callable(foo())), t(is_list(foo())),
    t(ground(foo())), t(foo() == foo), t(foo() = foo), t(foo() = foo()), t(foo() \= foo),
    t(foo() =@= foo()), t(foo() =@= foo), t(subsumes_term(foo(), foo())),
    t(term_variables(f(foo(), _), _)).

order :-
    t(compare(_, foo(), foo)), t(compare(_, foo(), foo(a))), t(compare(_, foo(), aaa)),
    t(compare(_, foo(), bar())), t(compare(_, foo(), 1)), t(foo() @< foo(_)),
    t(msort([foo(a), foo(), foo, zzz(), a, b(1), 3], _)),
    t(sort([c(), b(), a(), a, b], _)), t(sort(0, @>=, [foo(), foo, foo(), bar()], _)),
    t(keysort([foo()-1, foo-2, a()-3], _)),
    t(setof(Y-Z, member(Y-Z, [foo()-1, foo-2, foo()-1]), _)),
    length(L, 100000), maplist(=(foo()), L), sort(L, S), writeq(S), nl.

build :-
    t(compound_name_arity(foo(), _, _)), t(compound_name_arguments(foo(), _, _)),
    t(compound_name_arity(_, baz, 0)), t(compound_name_arguments(_, baz, [])),
    t(compound_name_arity(f(a, b), f, 2)), t(compound_name_arity(f(a, b), g, _)),
    t(compound_name_arguments(f(a, _), f, [_, _])),
    t(compound_name_arity(foo, _, _)), t(compound_name_arity(_, _, _)),
    t(compound_name_arity(_, foo, _)), t(compound_name_arity(_, foo, -1)),
    t(compound_name_arity(_, foo, a)), t(compound_name_arity(_, 1, 2)),
    t(compound_name_arity(_, f(x), 2)), t(compound_name_arity(_, 1.5, 0)),
    t(compound_name_arguments(foo, _, _)), t(compound_name_arguments(_, _, _)),
    t(compound_name_arguments(_, foo, _)), t(compound_name_arguments(_, foo, [a|_])),
    t(compound_name_arguments(_, foo, [a|b])), t(compound_name_arguments(_, 1, [a])),
    t(compound_name_arguments(_, f(x), [])), t(compound_name_arguments(_, foo, bar)),
    t(compound_name_arguments(_, _, [a])),
    t(functor(foo(), _, _)), t(functor(_, foo, 0)), t(functor(_, foo(), 0)),
    t(functor(_, foo(), 1)), t((X = foo(), functor(X, foo, 0))),
    t(foo() =.. _), t(_ =.. [foo()]), t(_ =.. [foo]),
    t(arg(1, foo(), _)), t(arg(_, foo(), _)), t(setarg(1, foo(), a)),
    t(copy_term(f(X1, foo(), X1), _)), t(numbervars(g(), 0, _)),
    t(atom_to_term('p(X, foo(), X)', _, _)), t(term_to_atom(foo(), _)),
    t(term_to_atom(_, 'g()')), t(term_to_atom(_, 'k( )')),
    t(read_term_from_atom('h()', _, [])).

database :-
    t(assertz(d(foo()))), t(assertz(d(foo))), t(assertz(d(foo(1)))),
    t(findall(W, d(W), _)), t(findall(W, d(foo()), _)), t(retract(d(foo()))),
    t(findall(W, d(W), _)),
    t(assertz(zz())), t(zz), t(zz()), t(clause(zz(), _)), t(clause(zz, _)),
    t(clause(start, _)), t(clause(start(), _)),
    t(predicate_property(start, defined)), t(current_predicate(start/0)),
    t(assertz((yy :- true))), t(yy()), t(abolish(yy/0)),
    t(call(writeln(), a)).

indexing :-
    forall(member(K, [foo(), foo, foo(x), bar(), f(foo()), f(foo), f(bar()), [foo()], baz(), _]),
           (findall(V, idx(K, V), Vs), print(K-Vs), nl)),
    forall(member(K, [foo(), foo, bar(), bar]), g(K)),
    forall(member(K, [foo(), foo, bar()]), w(K)),
    forall(between(1, 300, I), (assertz(fact(I, foo())), assertz(fact(I, foo)))),
    forall(between(1, 300, I), assertz(fact(k(foo()), I))),
    t(aggregate_all(count, fact(_, foo()), _)), t(aggregate_all(count, fact(_, foo), _)),
    t(aggregate_all(count, fact(k(foo()), _), _)), t(aggregate_all(count, fact(k(foo), _), _)),
    t(aggregate_all(count, fact(150, foo()), _)), t(retract(fact(150, foo()))),
    t(aggregate_all(count, fact(150, _), _)),
    findall(X, tb(X), Xs), msort(Xs, Ms), print(Ms), nl.

misc :-
    t(catch(throw(foo()), E, (writeq(caught(E)), nl))),
    t((nb_setval(k, foo()), nb_getval(k, _))), t((b_setval(k2, bar()), b_getval(k2, _))),
    findall(k(I, foo()), between(1, 200000, I), L), length(L, Len), last(L, La), print(Len-La), nl,
    garbage_collect, t(with_output_to(string(_), writeq(foo()))).
