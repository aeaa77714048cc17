% setup_call_cleanup/3 and call_cleanup/2 as the conformity cases use them, for systems that
% lack them (ply, GNU Prolog): the cleanup runs once the goal has succeeded, failed or raised.
setup_call_cleanup(S, G, C) :-
    once(S),
    ( catch(G, E, true) -> R = true ; R = false ),
    ( catch(C, _, true) -> true ; true ),
    ( nonvar(E) -> throw(E) ; R == true ).
call_cleanup(G, C) :- setup_call_cleanup(true, G, C).
