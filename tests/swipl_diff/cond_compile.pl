% Conditional compilation: :- if/elif/else/endif, nested, with branches left out unread by
% term expansion and by the loader, and the messages for a directive without its :- if.
term_expansion(seen(X), [seen(X), expanded(X)]).

:- if(true).
a(1).
:- if(fail).
a(2).
seen(2).
:- elif(true).
a(3).
seen(3).
:- else.
a(4).
:- endif.
:- elif(true).
a(5).
:- if(true).
a(6).
:- endif.
:- else.
a(7).
:- endif.
:- if(\+ current_predicate(a/1)).
b(1).
:- elif(fail).
b(2).
:- elif(a(3)).
b(3).
:- else.
b(4).
:- endif.
:- if(fail).
:- initialization(writeln(never)).
:- if(writeln(not_run)).
c(1).
:- else.
c(2).
:- endif.
:- else.
c(3).
:- endif.
:- endif.
:- else.
:- elif(true).
d(1).

main :-
    forall(a(X), writeln(a(X))),
    forall(b(X), writeln(b(X))),
    forall(c(X), writeln(c(X))),
    forall(expanded(X), writeln(expanded(X))),
    forall(d(X), writeln(d(X))),
    consult(cond_open),
    forall(e(X), writeln(e(X))).
