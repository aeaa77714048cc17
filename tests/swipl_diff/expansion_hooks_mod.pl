% A library that adds to user's expansion hooks, as a grammar-checker generator does.
:- module(expansion_hooks_mod, [op(1200, xfx, ::=)]).

user:term_expansion((A ::= B), (H :- syntax_check(A, X, B))) :- H =.. [A, X].
user:goal_expansion(syntax_check(_, X, Alts), Goal) :- alts_goal(Alts, X, Goal).

alts_goal((A | B), X, (X = A ; G)) :- !, alts_goal(B, X, G).
alts_goal(A, X, X = A).
