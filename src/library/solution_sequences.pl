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
%   variant of an earlier answer's, in the order Goal gives them. The answers seen are kept
%   in a hash table of buckets, `seen(Count, buckets(B1, ..., Bn))`, whose buckets nb_setarg/3
%   replaces one at a time, so that an answer costs the length of its bucket and not of every
%   answer before it; the table doubles when it holds twice as many answers as buckets.
distinct(Goal) :-
    distinct(Goal, Goal).
distinct(Witness, Goal) :-
    term_variables(Witness, Vars),
    Key =.. [v|Vars],
    '$distinct_buckets'(8, Buckets),
    Seen = seen(0, Buckets),
    call(Goal),
    '$distinct_new'(Seen, Key).

'$distinct_buckets'(Size, Buckets) :-
    functor(Buckets, buckets, Size),
    forall(between(1, Size, I), nb_setarg(I, Buckets, [])).

% A key's hash is the hash of a ground copy, its variables numbered, so that variants fall in
% one bucket; within the bucket, variants are told apart by =@=.
'$distinct_hash'(Key, Hash) :-
    (   ground(Key)
    ->  term_hash(Key, Hash)
    ;   copy_term_nat(Key, Copy),
        numbervars(Copy, 0, _),
        term_hash(Copy, Hash)
    ).

'$distinct_new'(Seen, Key) :-
    '$distinct_hash'(Key, Hash),
    arg(2, Seen, Buckets),
    functor(Buckets, _, Size),
    I is Hash mod Size + 1,
    arg(I, Buckets, Bucket),
    \+ ( member(Old, Bucket), Old =@= Key ),
    nb_setarg(I, Buckets, [Key|Bucket]),
    arg(1, Seen, Count0),
    Count is Count0 + 1,
    nb_setarg(1, Seen, Count),
    (   Count > 2 * Size
    ->  '$distinct_grow'(Seen, Buckets, Size)
    ;   true
    ).

'$distinct_grow'(Seen, Buckets, Size) :-
    Size2 is 2 * Size,
    '$distinct_buckets'(Size2, Buckets2),
    forall(( between(1, Size, I), arg(I, Buckets, Bucket), member(Key, Bucket) ),
           ( '$distinct_hash'(Key, Hash),
             J is Hash mod Size2 + 1,
             arg(J, Buckets2, Old),
             nb_setarg(J, Buckets2, [Key|Old]) )),
    nb_setarg(2, Seen, Buckets2).

%   order_by(+Specs, :Goal): the answers of Goal, all found first, in the order Specs gives:
%   a list of asc(Term) and desc(Term), the first the most significant; answers equal under
%   every Term keep Goal's order.
order_by(Specs, Goal) :-
    must_be(list, Specs),
    (   Specs == []
    ->  throw(error(domain_error(non_empty_list, []), _))
    ;   true
    ),
    '$order_specs'(Specs, Keys, Orders),
    Template =.. [t, Goal|Keys],
    findall(Template, Goal, Answers0),
    length(Keys, N),
    '$order_sort'(N, Orders, Answers0, Answers),
    member(Template, Answers).

'$order_specs'([], [], []).
'$order_specs'([Spec|Specs], [Key|Keys], [Order|Orders]) :-
    (   var(Spec)
    ->  throw(error(instantiation_error, _))
    ;   Spec = asc(Key)
    ->  Order = (@=<)
    ;   Spec = desc(Key)
    ->  Order = (@>=)
    ;   throw(error(domain_error(order_specifier, Spec), _))
    ),
    '$order_specs'(Specs, Keys, Orders).

% Stable sorts from the least significant key to the most, so that ties on the later keys
% keep the order the earlier sorts gave them.
'$order_sort'(0, _, Answers, Answers) :- !.
'$order_sort'(N, Orders, Answers0, Answers) :-
    nth1(N, Orders, Order),
    Arg is N + 1,
    sort(Arg, Order, Answers0, Answers1),
    N1 is N - 1,
    '$order_sort'(N1, Orders, Answers1, Answers).
