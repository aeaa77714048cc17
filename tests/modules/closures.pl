% call/N of a closure a module qualifies (closures_m:G): local, imported, library, dynamic
% and meta-predicates, control constructs, other modules, errors (closures_m.pl).
:- use_module(closures_m).
:- use_module(closures_n).
user_pair(X, X/X).
main :-
    forall(member(K, [local, args, library, imported, dynamic, cut, all, meta, meta_decl,
                      control, user, other, nested, undefined,
                      findall, maplist]),
           ( catch(closures_m:go(K, X), error(E, _), X = caught(E)), writeq(K-X), nl )).
