% library(broadcast): SWI-Prolog's event service. listen(Template, Goal) registers Goal to be
% called on every broadcast(Message) whose message unifies with Template; broadcast/1 calls
% each matching listener once, newest first, ignores whether it succeeds, keeps none of its
% bindings and always succeeds; broadcast_request/1 calls them in turn and succeeds with each
% that does, keeping its bindings. listen/3 names the listener, so that unlisten/1,2,3 can
% remove what it registered. A goal runs in the module that passed it (the meta-argument is
% qualified by the caller's module, as swipl declares it).

listen(Templ, Goal) :-
    strip_module(Goal, M, G),
    '$bc_assert'(Templ, M, M, G).

listen(Listener, Templ, Goal) :-
    strip_module(Goal, M, G),
    '$bc_assert'(Templ, Listener, M, G).

unlisten(Listener) :-
    '$bc_init',
    retractall('$bc_listener'(_, Listener, _, _)).

unlisten(Listener, Templ) :-
    '$bc_init',
    retractall('$bc_listener'(Templ, Listener, _, _)).

unlisten(Listener, Templ, Goal) :-
    strip_module(Goal, M, G),
    '$bc_init',
    retractall('$bc_listener'(Templ, Listener, M, G)).

listening(Listener, Templ, M:G) :-
    '$bc_init',
    '$bc_listener'(Templ, Listener, M, G).

broadcast(Templ) :-
    (   predicate_property('$bc_listener'(_, _, _, _), dynamic),
        '$bc_listener'(Templ, _, M, G),
        (   M:G
        ->  fail
        )
    ;   true
    ).

broadcast_request(Templ) :-
    predicate_property('$bc_listener'(_, _, _, _), dynamic),
    '$bc_listener'(Templ, _, M, G),
    M:G.

'$bc_assert'(Templ, Listener, M, G) :-
    '$bc_init',
    (   '$bc_listener'(Templ, Listener, M, G)
    ->  true
    ;   asserta('$bc_listener'(Templ, Listener, M, G))
    ).

'$bc_init' :-
    (   predicate_property('$bc_listener'(_, _, _, _), dynamic)
    ->  true
    ;   dynamic('$bc_listener'/4)
    ).
