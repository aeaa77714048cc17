% A clause for another module's predicate runs its body in the module that reads it.
:- module(heads, []).
other:foo :- bar.
bar :- writeln(heads_bar).
main :- other:foo, heads:baz.
baz :- writeln(baz).
