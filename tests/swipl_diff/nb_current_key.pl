% nb_current/2 with a bound key finds a global variable whatever its name, `$` names too
% (library code keeps its state under such names).
main :-
    nb_setval('$k', 1), nb_setval(k2, f(x)),
    ( nb_current('$k', V) -> print(V) ; print(none) ), nl,
    ( nb_current(k2, V2) -> print(V2) ; print(none) ), nl,
    ( nb_current('$absent', V3) -> print(V3) ; print(none) ), nl,
    ( nb_current(absent, V4) -> print(V4) ; print(none) ), nl,
    findall(K, (nb_current(K, _), K == k2), Ks), print(Ks), nl.
