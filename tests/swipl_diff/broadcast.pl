% library(broadcast): listeners called by broadcast/1 (newest first, each once, bindings and
% failure ignored), broadcast_request/1 (each answer), named listeners and unlisten/1,2,3.

:- use_module(library(broadcast)).

:- listen(hello(X), (write(heard(X)), nl)).
:- listen(me, hello(X), (write(me(X)), nl)).
:- listen(me, bye(X), (write(me_bye(X)), nl)).
:- listen(ask(X), X = 1).
:- listen(ask(X), X = 2).
:- listen(ask(_), fail).

main :-
    broadcast(hello(1)),
    broadcast(bye(1)),
    ( broadcast(nobody_listens) -> writeln(succeeded) ; writeln(failed) ),
    findall(Y, broadcast_request(ask(Y)), Ys), writeln(Ys),
    ( broadcast(ask(Z)), var(Z) -> writeln(unbound) ; writeln(bound) ),
    findall(T-G, listening(me, T, G), Ls), length(Ls, N), writeln(N),
    unlisten(me, bye(_)),
    broadcast(bye(2)),
    broadcast(hello(2)),
    unlisten(me),
    broadcast(hello(3)),
    listen(now, hello(X), (write(now(X)), nl)),
    listen(now, hello(X), (write(now(X)), nl)),
    broadcast(hello(4)).
