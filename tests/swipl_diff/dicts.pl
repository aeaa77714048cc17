% SWI-Prolog 7 dicts: literals, the functional dot in bodies and heads, ./3, the dict
% builtins, unification, standard order, copying, the database, and the errors.
:- dynamic stored/1.

% Each check of main is `catch((Goal -> true ; writeln(failed)), E, report(E))`, written out
% in main: a dict call is expanded before the goal that holds it, so inside a predicate that is
% not a meta-predicate it would run before the catch.
report(E) :-
    print(caught(E)), nl.

% The formal part of an error only, where the context is not the point.
report_formal(error(F, _)) :-
    print(caught(F)), nl.

% A dict with a variable tag is written `_NNN{...}`: the number is dropped here.
var_tag(D) :-
    with_output_to(string(S), print(D)),
    sub_string(S, B, _, 0, Rest), sub_string(Rest, 0, 1, _, "{"), !,
    sub_string(S, 0, B, _, Tag),
    ( sub_string(Tag, 0, 1, _, "_") -> T = var ; T = Tag ),
    format("~w ~s~n", [T, Rest]).

point_x(P, P.x).
norm(P) :- V is sqrt(P.x**2 + P.y**2), print(V), nl.
bump(regs{a:A, b:R.b}, R) :- A is R.a + 1.

main :-
    D = point{y:2, x:1, 3:three, 1:one, 'Q':q},
    print(D), nl, writeq(D), nl, write(D), nl,
    format("~p ~w ~q~n", [D, D, D]),
    var_tag(_{b:1, a:"s", c:[x]}),
    var_tag(_{}),
    writeq(t{a: (x:-y), b: -1, c:(p,q), d:f(x)}), nl,
    catch(((X1 = D.x, print(X1), nl) -> true ; writeln(failed)), E1, report(E1)),
    catch(((X2 = D.get(y), print(X2), nl) -> true ; writeln(failed)), E2, report(E2)),
    catch(((X3 = D.get(zz, default), print(X3), nl) -> true ; writeln(failed)), E3, report(E3)),
    catch(((D.get(zz) = _ -> writeln(yes) ; writeln(no)) -> true ; writeln(failed)), E4, report(E4)),
    catch(((X4 = D.put(x, 10), print(X4), nl) -> true ; writeln(failed)), E5, report(E5)),
    catch(((X5 = D.put(_{z:26, x:0}), print(X5), nl) -> true ; writeln(failed)), E6, report(E6)),
    catch(((X6 = D.put([w=1, v-2]), print(X6), nl) -> true ; writeln(failed)), E7, report(E7)),
    catch(((X7 = _{a:1}.put(b, 2).put(c, 3), print(X7), nl) -> true ; writeln(failed)), E8, report(E8)),
    catch(((N = _{in:_{deep:42}}, X8 = N.in.deep, print(X8), nl) -> true ; writeln(failed)), E9, report(E9)),
    catch(((findall(K-V, V = D.K, KVs0), msort(KVs0, KVs), print(KVs), nl) -> true ; writeln(failed)), E10, report(E10)),
    catch(((findall(K2, _ = D.get(K2), Ks0), msort(Ks0, Ks), print(Ks), nl) -> true ; writeln(failed)), E11, report(E11)),
    catch((('.'(D, y, Y9), print(Y9), nl) -> true ; writeln(failed)), E12, report(E12)),
    catch(((point_x(D, PX), print(PX), nl) -> true ; writeln(failed)), E13, report(E13)),
    catch((norm(_{x:3, y:4}) -> true ; writeln(failed)), E14, report(E14)),
    catch(((bump(B, regs{a:1, b:7}), print(B), nl) -> true ; writeln(failed)), E15, report(E15)),
    catch(((forall(member(Key, [x, y]), (V10 = D.Key, print(Key=V10), nl))) -> true ; writeln(failed)), E16, report(E16)),
    catch(((\+ D.x = 2 -> writeln(not_two) ; true) -> true ; writeln(failed)), E17, report(E17)),
    catch(((is_dict(D), is_dict(D, T), print(T), nl) -> true ; writeln(failed)), E18, report(E18)),
    catch(((is_dict(f(x)) -> true ; writeln(not_dict)) -> true ; writeln(failed)), E19, report(E19)),
    catch(((functor(D, Nm, Ar), writeq(Nm/Ar), nl) -> true ; writeln(failed)), E20, report(E20)),
    catch(((compound(D) -> writeln(compound) ; writeln(not_compound)) -> true ; writeln(failed)), E21, report(E21)),
    catch(((atomic(D) -> writeln(atomic) ; writeln(not_atomic)) -> true ; writeln(failed)), E22, report(E22)),
    catch(((_{1:a, 2:b} =.. L, length(L, Len), print(Len), nl) -> true ; writeln(failed)), E23, report(E23)),
    catch(((findall(K3-V3, get_dict(K3, _{b:2, a:1}, V3), L3), msort(L3, M3), print(M3), nl) -> true ; writeln(failed)), E24, report(E24)),
    catch(((get_dict(a, _{a:1, b:2}, V4), print(V4), nl) -> true ; writeln(failed)), E25, report(E25)),
    catch(((get_dict(a, _{a:1}, V5, New5, NV5), NV5 = 9, print(V5/New5), nl) -> true ; writeln(failed)), E26, report(E26)),
    catch(((put_dict(c, _{a:1}, 3, D6), print(D6), nl) -> true ; writeln(failed)), E27, report(E27)),
    catch(((put_dict(_{a:9}, t{a:1, b:2}, D7), print(D7), nl) -> true ; writeln(failed)), E28, report(E28)),
    catch(((put_dict([c=3], t{a:1}, D8), print(D8), nl) -> true ; writeln(failed)), E29, report(E29)),
    catch(((del_dict(a, t{a:1, b:2}, V9, D9), print(V9/D9), nl) -> true ; writeln(failed)), E30, report(E30)),
    catch(((del_dict(z, t{a:1}, _, _) -> true ; writeln(no_z)) -> true ; writeln(failed)), E31, report(E31)),
    catch(((dict_pairs(D10, t, [z-1, a-2, 5-x]), print(D10), nl) -> true ; writeln(failed)), E32, report(E32)),
    catch(((dict_pairs(t{b:1, a:2}, T11, P11), print(T11/P11), nl) -> true ; writeln(failed)), E33, report(E33)),
    catch(((dict_create(D12, t, [a-1, b=2, c:3, d(4)]), print(D12), nl) -> true ; writeln(failed)), E34, report(E34)),
    catch(((_{a:X13} :< t{a:1, b:2}, print(X13), nl) -> true ; writeln(failed)), E35, report(E35)),
    catch(((_{c:_} :< t{a:1} -> true ; writeln(not_sub)) -> true ; writeln(failed)), E36, report(E36)),
    catch(((t{a:X14, c:3} >:< _{a:1, b:2}, print(X14), nl) -> true ; writeln(failed)), E37, report(E37)),
    catch(((t{a:1} >:< _{a:2} -> true ; writeln(no_punify)) -> true ; writeln(failed)), E38, report(E38)),
    catch(((a{x:1} = a{x:Y15}, print(Y15), nl) -> true ; writeln(failed)), E39, report(E39)),
    catch(((a{x:1} = b{x:1} -> true ; writeln(tags_differ)) -> true ; writeln(failed)), E40, report(E40)),
    catch(((a{x:1} = a{x:1, y:2} -> true ; writeln(keys_differ)) -> true ; writeln(failed)), E41, report(E41)),
    catch(((Tg{x:1} = point{x:1}, print(Tg), nl) -> true ; writeln(failed)), E42, report(E42)),
    catch(((msort([b{a:1}, a{a:1}, a{b:1, c:2}, f(x), [1], 3, "s", z], L16), print(L16), nl) -> true ; writeln(failed)), E43, report(E43)),
    catch(((compare(O17, a{a:1}, a{a:2}), print(O17), nl) -> true ; writeln(failed)), E44, report(E44)),
    catch(((ground(a{x:1}) -> writeln(ground) ; writeln(not_ground)) -> true ; writeln(failed)), E45, report(E45)),
    catch(((ground(_{x:1}) -> writeln(ground) ; writeln(not_ground)) -> true ; writeln(failed)), E46, report(E46)),
    catch(((ground(a{x:_}) -> writeln(ground) ; writeln(not_ground)) -> true ; writeln(failed)), E47, report(E47)),
    catch(((copy_term(a{x:V18, y:V18}, C18), C18 = a{x:1, y:Y18}, print(Y18), nl) -> true ; writeln(failed)), E48, report(E48)),
    catch(((assertz(stored(s{k:v, n:1})), stored(S19), print(S19), nl) -> true ; writeln(failed)), E49, report(E49)),
    catch(((retract(stored(s{k:K20, n:_})), print(K20), nl) -> true ; writeln(failed)), E50, report(E50)),
    catch(((findall(Dx, member(Dx, [a{v:1}, a{v:2}]), L21), print(L21), nl) -> true ; writeln(failed)), E51, report(E51)),
    catch(((term_to_atom(a{b:1}, A22), writeq(A22), nl) -> true ; writeln(failed)), E52, report(E52)),
    catch(((X23 = D.nokey, print(X23), nl) -> true ; writeln(failed)), E53, report(E53)),
    catch((get_dict(a, notdict, _) -> true ; writeln(failed)), E54, report(E54)),
    catch((get_dict(f(x), _{a:1}, _) -> true ; writeln(failed)), E55, report(E55)),
    catch((put_dict(f(x), _{a:1}, 1, _) -> true ; writeln(failed)), E56, report(E56)),
    catch((dict_create(_, t, [a-1, a-2]) -> true ; writeln(failed)), E57, report(E57)),
    catch((dict_create(_, t, nolist) -> true ; writeln(failed)), E58, report(E58)),
    catch(('.'(notdict, a, _) -> true ; writeln(failed)), E59, report_formal(E59)).
