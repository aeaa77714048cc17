% print_message/2 with the program's own messages: prolog:message//1, user:message_hook/3,
% the kinds' prefixes (informational under -q is silent), lines with nl, and the stack
% parameters of older programs.
:- multifile prolog:message//1.
prolog:message(hello(X)) --> ['Hello ~w'-[X], nl, 'second line'].
prolog:message(count(N)) --> ['~d item(s)'-[N]].

:- multifile user:message_hook/3.
user:message_hook(intercepted(X), Kind, _) :-
    format("hooked ~w ~w~n", [Kind, X]).

:- print_message(warning, hello(loading)).
:- set_prolog_stack(global, limit(2000000000)).

main :-
    print_message(warning, hello(bob)),
    print_message(error, count(3)),
    print_message(informational, hello(info)),
    print_message(silent, hello(quiet)),
    print_message(warning, intercepted(x)),
    print_message(error, format("plain ~w", [format])),
    current_prolog_flag(stack_limit, L), print(L), nl,
    set_prolog_stack(trail, min_free(100)),
    prolog_stack_property(trail, min_free(F)), print(F), nl,
    catch(set_prolog_stack(nostack, limit(1)), error(E, _), (print(E), nl)),
    catch(set_prolog_stack(global, bar(1)), error(E2, _), (print(E2), nl)),
    phrase(prolog:message(count(2)), Lines), print(Lines), nl.
