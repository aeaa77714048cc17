% meta_predicate: goal arguments run in the caller's module.
:- module(meta, [twice_call/1]).
:- meta_predicate twice_call(0).
twice_call(G) :- call(G), call(G).
