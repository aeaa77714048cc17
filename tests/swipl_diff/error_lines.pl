% Error messages as SWI-Prolog 9 words them: the caller prefix of context(Caller, _), the
% failed directive after an error, the messages of initialization/1, digit groups in numbers.
show(E) :- print_message(error, E).
:- show(error(evaluation_error(zero_divisor), context((/)/2, _))).
:- show(error(evaluation_error(undefined), context(system:(is)/2, _))).
:- show(error(type_error(integer, abc), context(system:atom_length/2, _))).
:- show(error(instantiation_error, context(system:functor/3, _))).
:- show(error(existence_error(procedure, foo/1), context(lists:helper/2, _))).
:- show(error(existence_error(procedure, foo/1), _)).
:- show(error(permission_error(modify, static_procedure, atom_length/2), context(system:assertz/1, _))).
:- show(error(domain_error(not_less_than_zero, -1), context(length/2, _))).
:- show(error(existence_error(source_sink, '/no/such'), context(system:open/4, 'No such file or directory'))).
:- show(error(representation_error(max_arity), context('$bags':findall/3, _))).
:- show(error(type_error(callable, 1), context(foo(bar), _))).
:- X is 1/0, write(X).
:- X is 7 mod 0, write(X).
:- catch(char_code(_, -1), E, (print_message(error, E), E = error(F, _), print(F), nl)).
:- X = 1 000 000, Y = 1_000_000, Z = 0x1_F, W = 1_
   000, print([X, Y, Z, W]), nl.
:- atom_number('1 000', N), print(N), nl.
:- fail.
:- throw(error(type_error(integer, a), context(system:succ/2, _))).
:- initialization(fail).
:- initialization(throw(error(instantiation_error, context(system:atom_length/2, _)))).
