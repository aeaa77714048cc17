% Functions on dicts defined with `:=` in a module file (dict_point.pl), called on a dict
% whose tag is the module's name: calls, several clauses, answers on backtracking, chains,
% values with dots, unknown functions, and the natives ./3, get_dict/3, put_dict/3 on every
% path (bound and unbound keys, defaults, pairs given as a list).
:- use_module(dict_point).

r(E) :- print(caught(E)), nl.

% The formal part only, where swipl leaves the context unbound.
rf(error(F, _)) :- print(caught(F)), nl.

main :-
    P = dict_point{x:3, y:4},
    catch(((X1 = P.multiply(2), print(X1), nl) -> true ; writeln(failed)), E1, r(E1)),
    catch(((L = P.len(), print(L), nl) -> true ; writeln(failed)), E2, r(E2)),
    catch(((K1 = P.kind(), print(K1), nl) -> true ; writeln(failed)), E3, r(E3)),
    catch(((K2 = dict_point{x:30, y:1}.kind(), print(K2), nl) -> true ; writeln(failed)), E4, r(E4)),
    catch(((findall(V, V = P.each(), Vs), print(Vs), nl) -> true ; writeln(failed)), E5, r(E5)),
    catch(((Y1 = P.multiply(2).len(), print(Y1), nl) -> true ; writeln(failed)), E6, r(E6)),
    catch(((Z1 = P.nosuch(1), print(Z1), nl) -> true ; writeln(failed)), E7, r(E7)),
    catch(((Z2 = foo{a:1}.bar(), print(Z2), nl) -> true ; writeln(failed)), E8, r(E8)),
    catch(((T1 = P.twice(), print(T1), nl) -> true ; writeln(failed)), E10, r(E10)),
    catch(((F = multiply(3), '.'(P, F, W1), print(W1), nl) -> true ; writeln(failed)), E11, r(E11)),
    catch(((dict_point:multiply(5, P, W2), print(W2), nl) -> true ; writeln(failed)), E12, r(E12)),
    catch(((Q = P.put(x, 1).multiply(10), print(Q), nl) -> true ; writeln(failed)), E13, r(E13)),
    catch(((S = P.sum(), print(S), nl) -> true ; writeln(failed)), E14, r(E14)),
    catch(((Sw = P.swap(), print(Sw), nl) -> true ; writeln(failed)), E15, r(E15)),
    catch(((X16 = P.x.y, print(X16), nl) -> true ; writeln(failed)), E16, rf(E16)),
    catch(((X17 = P.get(x, 0, 1), print(X17), nl) -> true ; writeln(failed)), E17, r(E17)),
    catch(((findall(K-V2, get_dict(K, P, V2), KVs), print(KVs), nl) -> true ; writeln(failed)), E18, r(E18)),
    catch(((findall(K3, '.'(P, get(K3), 4), Ks3), print(Ks3), nl) -> true ; writeln(failed)), E19, r(E19)),
    catch((('.'(P, get(K4, none), 9), print(K4), nl) -> true ; writeln(failed)), E20, r(E20)),
    catch((('.'(_{}, get(K5, none), V5), print(K5-V5), nl) -> true ; writeln(failed)), E21, r(E21)),
    catch((('.'(P, get(z, none), V6), print(V6), nl) -> true ; writeln(failed)), E22, r(E22)),
    catch(((put_dict([z=1, x=0], P, D7), print(D7), nl) -> true ; writeln(failed)), E23, r(E23)),
    catch(((put_dict(a{x:9}, P, D8), print(D8), nl) -> true ; writeln(failed)), E24, r(E24)),
    catch(((put_dict(nolist, P, D9), print(D9), nl) -> true ; writeln(failed)), E25, r(E25)),
    catch(((X26 = P.put([k-v]).put(x, 7).k, print(X26), nl) -> true ; writeln(failed)), E26, r(E26)),
    catch(((findall(K27, _ = P.K27, Ks27), print(Ks27), nl) -> true ; writeln(failed)), E27, r(E27)),
    catch(((get_dict(x, P, 5) -> writeln(yes) ; writeln(no)) -> true ; writeln(failed)), E28, r(E28)).
