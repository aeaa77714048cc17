% Dict access: the functional dot with bound and unbound keys, get_dict/3, put_dict/3,4, and
% put/get on a dict of 16 keys in a loop, the shape of programs that keep their state in a
% dict (registers, counters, a grid's rows). Run with benches/dicts.sh, which times it under
% swipl and ply.
%   ply -q -g main -t halt benches/dicts.pl      (or swipl, the same)

keys([a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p]).

start(D) :-
    keys(Ks),
    findall(K-0, member(K, Ks), Pairs),
    dict_create(D, regs, Pairs).

% One step: read two registers by the dot, write one back by put, read one by get_dict/3.
step(K1, K2, D0, D) :-
    V is D0.K1 + D0.get(K2) + 1,
    D1 = D0.put(K1, V),
    get_dict(p, D1, P),
    P1 is (P + V) mod 1000,
    put_dict(p, D1, P1, D).

loop(0, D, D) :- !.
loop(N, D0, D) :-
    keys(Ks),
    foldl(pair_step, Ks, D0, D1),
    X = D1.a,
    D2 = D1.put(_{a: X}),
    N1 is N - 1,
    loop(N1, D2, D).

pair_step(K, D0, D) :- step(K, p, D0, D).

sum_values(D, S) :-
    findall(V, get_dict(_, D, V), Vs),
    sum_list(Vs, S).

main :-
    start(D0),
    loop(50000, D0, D),
    sum_values(D, S),
    Mod is S mod 1000003,
    print(Mod), nl.
