% The context of an unknown procedure's error names the caller as swipl does: the clause that
% made the call, the caller's caller after a last call, the meta-calling predicate.
p :- foo.
q :- call(foo).
r :- G = foo, G.
s :- foo, true.
t :- \+ foo.
a :- (foo -> true ; true).
c :- q, true.
f :- p, true.
w :- catch(foo, x, true).

show(G) :-
    catch(G, error(E, C), true),
    print(G-E-C), nl.

main :-
    forall(member(G, [p, q, r, s, t, a, c, f, w, call((p, true))]), show(G)).
