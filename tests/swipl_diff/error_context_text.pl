% The errors of the text builtins that the library writes over natives of its own
% (atom_concat/3 over '$concat_det'/4, sub_atom/5 over '$sub_text_info'/8, ...) name the
% predicate the program called, as SWI-Prolog's do: context(system:atom_concat/3, _).
t(G) :-
    catch(G, E, true),
    (   var(E) -> print(no_error(G)) ; print(E) ),
    nl.

main :-
    t(atom_concat(f(x), abc, _)), t(atom_concat(abc, f(x), _)), t(atom_concat(_, _, f(x))),
    t(atom_concat(_, abc, _)), t(atom_concat(abc, _, f(x))),
    t(string_concat(f(x), abc, _)), t(string_concat(_, _, f(x))), t(string_concat(_, abc, _)),
    t(sub_atom(f(x), _, _, _, _)), t(sub_atom(abc, a, _, _, _)), t(sub_atom(abc, _, -1, _, _)),
    t(sub_atom(_, _, _, _, _)), t(sub_atom(abc, _, _, _, f(x))),
    t(sub_string(f(x), _, _, _, _)), t(sub_string(abc, _, a, _, _)),
    t(string_code(a, abc, _)), t(string_code(1, f(x), _)), t(string_code(-1, abc, _)),
    t(string_code(_, f(x), _)),
    t(char_type(f(x), alpha)), t(char_type(a, foo(_))), t(code_type(f(x), alpha)),
    t(code_type(0'a, foo(_))).
