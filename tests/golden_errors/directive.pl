% Errors in directives while loading: reported with the directive's line, then where the
% error was raised.
half(X, H) :- H is X / two.
:- half(4, _).
:- atom_length(L, L).
ok.
