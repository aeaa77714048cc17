% library(solution_sequences): the answers of a goal cut to a count, skipped, numbered or
% made distinct, as SWI-Prolog's library gives them. Each keeps a counter (or the answers
% seen) in a term of its own that nb_setarg/3 updates, so the count survives the
% backtracking into the goal that brings the next answer.

%   limit(+Count, :Goal): at most the first Count answers of Goal; the last one leaves no
%   choice point behind. Count may be `infinite`.
limit(Count, Goal) :-
    Count == infinite,
    !,
    call(Goal).
limit(Count, Goal) :-
    Count > 0,
    Counter = count(0),
    call(Goal),
    arg(1, Counter, Seen0),
    Seen is Seen0 + 1,
    (   Seen =:= Count
    ->  !
    ;   nb_setarg(1, Counter, Seen)
    ).

%   offset(+Count, :Goal): the answers of Goal after the first Count.
offset(Count, Goal) :-
    Count > 0,
    !,
    Counter = count(0),
    call(Goal),
    arg(1, Counter, Skipped0),
    (   Skipped0 >= Count
    ->  true
    ;   Skipped is Skipped0 + 1,
        nb_setarg(1, Counter, Skipped),
        fail
    ).
offset(Count, Goal) :-
    Count =:= 0,
    !,
    call(Goal).
offset(Count, _) :-
    throw(error(domain_error(not_less_than_zero, Count), _)).

%   call_nth(:Goal, ?Nth): Goal's answers numbered from 1; with Nth given, only that answer.
call_nth(Goal, Nth) :-
    integer(Nth),
    !,
    (   Nth > 0
    ->  '$call_nth'(Goal, N),
        N =:= Nth,
        !
    ;   throw(error(domain_error(not_less_than_one, Nth), _))
    ).
call_nth(Goal, Nth) :-
    var(Nth),
    !,
    '$call_nth'(Goal, Nth).
call_nth(_, Nth) :-
    throw(error(type_error(integer, Nth), _)).

'$call_nth'(Goal, Nth) :-
    Counter = count(0),
    call(Goal),
    arg(1, Counter, N0),
    Nth is N0 + 1,
    nb_setarg(1, Counter, Nth).

%   distinct(:Goal), distinct(?Witness, :Goal): the answers of Goal whose Witness is not a
%   variant of an earlier answer's, in the order Goal gives them.
distinct(Goal) :-
    distinct(Goal, Goal).
distinct(Witness, Goal) :-
    term_variables(Witness, Vars),
    Key =.. [v|Vars],
    Seen = seen([]),
    call(Goal),
    arg(1, Seen, Keys),
    \+ ( member(Old, Keys), Old =@= Key ),
    nb_setarg(1, Seen, [Key|Keys]).
