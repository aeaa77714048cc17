% Two modules with private helpers of the same name, an import list with `as`, qualified
% goals, assert into a module, a module's dynamic predicate, a meta-predicate and the
% module properties of predicates.
:- use_module(helpers1).
:- use_module(helpers2, [run2/1, apply_all/3 as app]).

inc(X, Y) :- Y is X + 1.

main :-
    run1(A), run2(B), writeln(A-B),
    app(inc, [1,2,3], L), writeln(L),
    findall(X, helpers2:helper(X), Hs), writeln(Hs),
    catch(helper(_), error(E, _), (print(E), nl)),
    catch(helpers1:nope, error(E2, _), (print(E2), nl)),
    ( predicate_property(run1(_), imported_from(M)) -> writeln(M) ; writeln(none) ),
    ( predicate_property(helpers1:twice(_,_), exported) -> writeln(exported) ; writeln(private) ),
    ( predicate_property(helpers1:helper(_), exported) -> writeln(exported) ; writeln(private) ),
    ( current_module(helpers2) -> writeln(yes) ; writeln(no) ),
    helpers2:bump, helpers2:bump, helpers2:counter(C), writeln(C),
    assert(helpers1:dyn(5)), helpers1:dyn(D), writeln(D),
    retract(helpers1:dyn(5)),
    ( catch(helpers1:dyn(_), _, fail) -> writeln(still) ; writeln(gone) ),
    append([1], [2], L2), writeln(L2),
    call(helpers1:twice, 21, T), writeln(T),
    helpers1:(helper(H1), twice(H1, H2)), writeln(H2).
