% The text builtins with fast paths of their own, in every mode of their arguments:
% sub_atom/5 and sub_string/5 (searching for a bound Sub, slicing at bound positions,
% enumerating), atomic_list_concat/3 (joining, splitting at one character or more) and
% format/3 to atom, string, code and char sinks. Each goal's answers are printed as a list,
% or the error it raises; swipl's output is the golden, and tests/it/text_fast_paths.rs checks
% ply's with the fast paths on and off.

t(G) :- catch((findall(G, G, L), print(L)), E, print(ex(E))), nl.

goal(sub_atom(abcab, _, _, _, ab)).
goal(sub_atom(abcab, _, 2, _, _)).
goal(sub_atom(abc, _, _, _, _)).
goal(sub_atom(abc, 1, _, _, _)).
goal(sub_atom(abc, _, _, 1, _)).
goal(sub_atom(abc, _, 1, _, _)).
goal(sub_atom(abc, 1, 1, _, _)).
goal(sub_atom(abc, _, _, _, '')).
goal(sub_atom(aaa, _, _, _, aa)).
goal(sub_atom(abc, _, 4, _, _)).
goal(sub_atom(abc, 4, _, _, _)).
goal(sub_atom(abc, _, _, 4, _)).
goal(sub_atom(abc, _, 3, _, abc)).
goal(sub_atom(abc, _, 2, _, abc)).
goal(sub_atom(abc, 0, _, _, ab)).
goal(sub_atom(abc, _, _, 0, bc)).
goal(sub_atom(abc, _, _, 0, ab)).
goal(sub_atom(abc, 3, 0, _, _)).
goal(sub_atom(abc, _, 0, _, _)).
goal(sub_atom(abc, _, _, _, abcd)).
goal(sub_atom('', _, _, _, _)).
goal(sub_atom('héllo wörld', _, _, _, 'ö')).
goal(sub_atom('héllo', _, 2, _, _)).
goal(sub_atom('héllo', 1, 3, _, _)).
goal(sub_atom(abc, _, _, _, 'é')).
goal(sub_atom(12321, _, _, _, 2)).
goal(sub_atom(abc, _, _, _, "b")).
goal(sub_atom(_, _, _, _, _)).
goal(sub_atom(abc, a, _, _, _)).
goal(sub_atom(abc, -1, _, _, _)).
goal(sub_atom(abc, _, _, _, f(x))).
goal(sub_atom(f(x), _, _, _, _)).
goal(sub_atom(abc, _, _, _, [0'b])).
goal((sub_atom(hello_world, B, _, _, wor), !, B > 0)).
goal((sub_atom(abab, B, _, _, ab), B > 0)).
goal(sub_string("abcab", _, _, _, "ab")).
goal(sub_string("abcab", _, _, _, ab)).
goal(sub_string(abc, _, 2, _, _)).
goal(sub_string("hello world", 6, 5, _, _)).
goal(sub_string("héllo", _, _, _, _)).
goal(sub_string("", _, _, _, _)).
goal(sub_string("aXbXc", _, 1, _, "X")).
goal(atomic_list_concat([a, b, 12, d], '-', _)).
goal(atomic_list_concat([a, "b", 1.5, -3], ', ', _)).
goal(atomic_list_concat([], '-', _)).
goal(atomic_list_concat([a], "", _)).
goal(atomic_list_concat([a, f(x)], '-', _)).
goal(atomic_list_concat([a|_], '-', _)).
goal(atomic_list_concat([a, b], _, _)).
goal(atomic_list_concat([a, b], 1, _)).
goal(atomic_list_concat([a, 100000000000000000000], '-', _)).
goal(atomic_list_concat([a, b], '-', 'a-b')).
goal(atomic_list_concat([a, b], '-', "a-b")).
goal(atomic_list_concat([a, b], '-', x)).
goal(atomic_list_concat(_, ',', 'a,b,,c d')).
goal(atomic_list_concat(_, ',', '')).
goal(atomic_list_concat(_, ',', ',')).
goal(atomic_list_concat(_, ', ', 'a, b, c')).
goal(atomic_list_concat(_, 'é', 'aébéc')).
goal(atomic_list_concat(_, "-", "x-y")).
goal(atomic_list_concat(_, '-', 12-3)).
goal(atomic_list_concat(_, '-', 'a-1')).
goal(atomic_list_concat([_, b], '-', 'a-b')).
goal(atomic_list_concat([a, _], '-', 'a-b-c')).
goal(atomic_list_concat(_, '', abc)).
goal(atomic_list_concat(_, '-', _)).
goal(atomic_list_concat(_, 0, 'a0b0')).
goal(atomic_list_concat(foo, '-', _)).
goal(format(atom(_), '~w-~a-~d', [f(x), b, 42])).
goal(format(string(_), "~a~t~10|~w", [abc, x])).
goal(format(codes(_), "~w", [x])).
goal(format(codes(_, _), "~w", [x])).
goal(format(chars(_), "~w", [xy])).
goal(format(chars(_, _), "~w", [xy])).
goal(format(codes(_, [0'z]), "~w", [xy])).
goal(format(chars(_, [z]), "~w", [xy])).
goal(format(atom(_), "~q", ['A b'])).
goal(format(atom(_), "~@", [fail])).
goal(format(atom(_), "~@", [write(hi)])).
goal(format(atom(a), "~w", [a])).
goal(format(atom(b), "~w", [a])).
goal(format(atom(ab), "a~w", [b])).
goal(format(string("ab"), "a~w", [b])).
goal(format(string(ab), "a~w", [b])).
goal(format(codes([0'x|_]), "~w", [xy])).
goal(format(chars([x|_]), "~w", [xy])).
goal(format(atom(_), "~p", [[1, 2]])).
goal(format(atom(_), [0'a, 0'~, 0'w], [b])).
goal(format(atom(_), "~w", x)).
goal(format(atom(_), "~e", [1.5])).
goal(format(atom(_), "~a", [1])).
goal(format(atom(_), "~c", [0'x])).
goal(format(atom(_), "~w~30|~w", [a, b])).
goal(format(atom(_), "é~w", ['ü'])).

main :- forall(goal(G), t(G)).
