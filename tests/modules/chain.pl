% Import modules as in SWI-Prolog: import_module/2, add_import_module/3,
% delete_import_module/2 (a predicate a module lacks is found along its chain), import/1 in a
% module's file, and @/2 (a meta-predicate's goal runs in the module given, a plain goal where
% it is written).
:- use_module(chain_m).
main :-
    import_module(chain_m, M), writeln(M),
    findall(X, import_module(user, X), L), writeln(L),
    add_import_module(chain_m, other, start),
    findall(X, import_module(chain_m, X), L2), writeln(L2),
    delete_import_module(chain_m, other),
    findall(X, import_module(chain_m, X), L3), writeln(L3),
    @(findall(Y, r(Y), Ys), chain_m), writeln(Ys),
    catch(@(r(_), chain_m), error(E, _), (print(E), nl)),
    catch(@(p(_), 1), error(E1, _), (print(E1), nl)),
    chain_m:zz,
    extra:assert(cpred(7)), add_import_module(chain_m, extra, end),
    chain_m:cpred(C), writeln(C),
    ( catch(chain_m:cpred2, error(E2, _), (print(E2), nl)) -> true ; true ),
    ( predicate_property(chain_m:zz, imported_from(IM)) -> writeln(IM) ; writeln(none) ).
zz :- writeln(zz_here).
