% abolish/1 and abolish/2 of static predicates loaded from a file: SWI-Prolog removes them
% (its `iso` flag is false), where ISO asks for a permission error; builtins stay protected.
% A goal already running keeps the clauses it started with (the logical update view).

depth(3).

colour(red).
colour(green).
colour(blue).

pair(a, 1).

show(Label, Goal) :-
    catch((Goal -> R = yes ; R = no), error(E, _), R = E),
    write(Label), write(': '), writeq(R), nl.

main :-
    show(before, depth(3)),
    show(abolish_static, abolish(depth/1)),
    show(after, depth(_)),
    show(reassert, assertz(depth(2))),
    show(new_value, depth(2)),
    show(now_dynamic, predicate_property(depth(_), dynamic)),
    findall(C, (colour(C), abolish(colour/1)), Cs),
    write(running_goal_saw(Cs)), nl,
    show(colour_gone, colour(_)),
    show(abolish_2, abolish(pair, 2)),
    show(pair_gone, pair(_, _)),
    show(builtin, abolish(atom_length/2)),
    show(control, abolish(call/1)).
