% A module for unknown.pl: an exported helper, private predicates and a name of arity 0.
:- module(unk_a, [helper/1, zap/0]).
helper(1).
private_thing(2).
zork.
zap.
