% The context of an error a builtin raises names it with its module, system
% (context(system:atom_length/2, _)), as SWI-Prolog does.
t(G) :-
    catch(G, E, true),
    (   var(E) -> print(no_error(G)) ; print(E) ),
    nl.

main :-
    t(clause(_, _)), t(clause(3, _)), t(clause(atom_length(_, _), _)), t(retractall(_)),
    t(_ is foo + 1), t(atom_length(1, a)), t(functor(_, _, _)), t(_ =.. _),
    t(assertz((foo :- 1))), t(assertz(_)), t(asserta(3)), t(retract(_)), t(abolish(foo/a)),
    t(atom_codes(_, _)), t(number_codes(_, _)), t(char_code(_, _)), t(atom_chars(_, [a|_])),
    t(succ(_, _)), t(between(a, 1, _)), t(msort(a, _)), t(sort(a, _)), t(keysort(a, _)),
    t(nb_getval(nokey, _)), t(arg(a, f(a), _)), t(1 < a), t(tab(a)), t(read_term(_, _, _)),
    t(open(_, read, _)), t(atom_string(_, _)), t(upcase_atom(_, _)).
