% yall lambdas written in a module run their bodies in that module: through maplist/N, foldl/4,
% call/N, nested, already qualified, and in a clause the module writes for `user` (lambda_m.pl).
:- use_module(lambda_m).
main :-
    forall(member(K, [maplist, foldl, call, nested, qualified, zero, other]),
           ( catch(lambda_m:go(K, X), E, X = caught(E)), writeq(K-X), nl )),
    maplist([A, B]>>(B is A * 2), [1, 2], L), writeq(user-L), nl.
