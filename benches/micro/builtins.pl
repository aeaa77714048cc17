% Small loops over single builtins and control constructs, each bench(Name) running one of
% them 100,000 times under a failure-driven between/3 loop (see benches/README.md, "Meta-calls,
% between/3, throw/1 and atoms"). Run one under callgrind:
%   valgrind --tool=callgrind --callgrind-out-file=/dev/null ply -q -g "bench(NAME)" -t halt benches/micro/builtins.pl
% `empty` is the loop alone, to subtract.
p(X, Y) :- Y = X.
bench(empty) :- ( between(1, 100000, _), fail ; true ).
bench(call_n) :- ( between(1, 100000, X), call(p, X, _), fail ; true ).
bench(call_built) :- ( between(1, 100000, X), G = p(X), call(G, _), fail ; true ).
bench(call_conjunction) :- ( between(1, 100000, X), G = (p(X, Y), Y == X), call(G), fail ; true ).
bench(catch_throw) :- ( between(1, 100000, X), catch(throw(e(X)), e(_), true), fail ; true ).
bench(atom_length) :- ( between(1, 100000, _), atom_length(abcdef, L), L \== x, fail ; true ).
bench(atom_concat) :- ( between(1, 100000, _), atom_concat(abc, '_x', B), B \== x, fail ; true ).
