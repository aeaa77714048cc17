% A module's own predicate that the file defines after a clause calling it, while the library
% has one of the same name: the call reaches the module's own (SWI-Prolog resolves it when it
% runs), both from a clause and from a directive that runs once the file is loaded.
:- module(own_last, [main/0, first_last/2]).
main :- first_last([1, 2, 3], L), writeln(L), phrase(digits(Ds), `12a`, Rest),
    atom_codes(A, Ds), atom_codes(R, Rest), writeln(A-R),
    ( predicate_property(own_last:last(_, _), imported_from(M)) -> writeln(M) ; writeln(local) ).
first_last(Xs, L) :- last(Xs, L).
last(_, mine).
digits([D|T]) --> [D], { code_type(D, digit) }, !, digits(T).
digits([]) --> [].
