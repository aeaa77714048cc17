/*  ply library: evaluation of tabled predicates.

    `:- table p/2.` gives p/2 the one clause p(A,B) :- '$tbl_call'(p(A,B))
    and loads the clauses written for p/2 under the worker name
    'p tabled'/2 (see builtins/db/tables.rs, which holds the tables).

    A call looks up the table of its variant.  A complete table gives its
    answers.  A table being evaluated gives the answers found so far,
    and also those added while they are being read: the evaluation that
    made it will run its clauses again until nothing new turns up.  A new
    table is evaluated at once: its worker runs to exhaustion, each
    solution being added as an answer unless a variant of it is there.
    Then '$tbl_settle'/3 decides: when the evaluation read no incomplete
    table older than its own, it leads a group of tables that depend on
    one another; it runs the clauses of every table of the group again
    (the "members", all made after it and still incomplete) until a whole
    pass adds no answer, or every reader of the pass saw every answer of
    the table it read (tables/read.rs), and the group is complete.  Otherwise the table
    stays incomplete, and the older evaluation it depends on will run it
    again.  An exception drops the table and all made after it.

    A moded table (`:- table path(_,_,min).`) keeps one answer per variant
    of its index arguments, aggregating the others (tables/modes.rs); the
    table is for the call with its moded arguments free, and the caller's
    values meet the aggregated answers.
*/

'$tbl_call'(Goal) :-
    '$tbl_enter'(Goal, Id, Status, Worker, TGoal),
    (   Status == fresh
    ->  catch('$tbl_evaluate'(Id, TGoal, Worker, first), Ball,
              ( '$tbl_abandon'(Id), throw(Ball) ))
    ;   true
    ),
    '$tbl_answer'(Id, TGoal, Answer),
    Goal = Answer.

%   '$tbl_evaluate'(+Id, +Goal, +Worker, +Pass): one pass over the table
%   and, after the first pass, over its members; then another pass while
%   '$tbl_settle'/3 asks for one.  The members need no run in the first
%   pass: each was evaluated when it was made, during this pass.
'$tbl_evaluate'(Id, Goal, Worker, Pass) :-
    '$tbl_pass'(Id, Before),
    '$tbl_run'(Id, Goal, Worker),
    (   Pass == first
    ->  true
    ;   '$tbl_members'(Id, N),
        '$tbl_run_members'(Id, N)
    ),
    '$tbl_settle'(Id, Before, Again),
    (   Again == true
    ->  '$tbl_evaluate'(Id, Goal, Worker, again)
    ;   true
    ).

%   For a moded table, '$tbl_add'/3 may ask for lattice joins before the
%   group's answer is replaced; a join that fails leaves it as it was.
%   After the first run, '$tbl_run_goal'/3 may hand the clauses' delta
%   form, whose clauses that read one table read only what is new since
%   the previous run began (tables/delta.rs).
'$tbl_run'(Id, Goal, Worker) :-
    '$tbl_run_goal'(Id, Worker, Run),
    (   call(Run),
        '$tbl_add'(Id, Goal, Update),
        Update = update(Index, Candidate, Joins),
        '$tbl_joins'(Joins),
        '$tbl_update'(Id, Index, Candidate),
        fail
    ;   '$tbl_run_done'(Id)
    ).

%   '$tbl_delta'(+Goal, +Stamp): Goal, a call of a tabled predicate,
%   with the answers of its table stamped Stamp or later.
'$tbl_delta'(Goal, Stamp) :-
    '$tbl_enter'(Goal, Id, Status, Worker, TGoal),
    (   Status == fresh
    ->  catch('$tbl_evaluate'(Id, TGoal, Worker, first), Ball,
              ( '$tbl_abandon'(Id), throw(Ball) ))
    ;   true
    ),
    '$tbl_answer_from'(Id, Stamp, TGoal, Answer),
    Goal = Answer.

%   '$tbl_delta_mark'(+Goal, +Stamp, +New0, -New): Goal, a call of a
%   tabled predicate, with every answer of its table; New is true when
%   New0 is or the answer is stamped Stamp or later, else false.
'$tbl_delta_mark'(Goal, Stamp, New0, New) :-
    '$tbl_enter'(Goal, Id, Status, Worker, TGoal),
    (   Status == fresh
    ->  catch('$tbl_evaluate'(Id, TGoal, Worker, first), Ball,
              ( '$tbl_abandon'(Id), throw(Ball) ))
    ;   true
    ),
    '$tbl_answer_marked'(Id, Stamp, TGoal, Answer, New1),
    (   New1 == true
    ->  New = true
    ;   New = New0
    ),
    Goal = Answer.

%   '$tbl_delta_last'(+Goal, +Stamp, +New): Goal with every answer of its
%   table after a new answer of an earlier table (New true), else with
%   those stamped Stamp or later.
'$tbl_delta_last'(Goal, Stamp, New) :-
    (   New == true
    ->  '$tbl_delta'(Goal, 0)
    ;   '$tbl_delta'(Goal, Stamp)
    ).

'$tbl_joins'([]).
'$tbl_joins'([j(Joined, Lattice, Old, New)|Joins]) :-
    call(Lattice, Old, New, Joined),
    '$tbl_joins'(Joins).

%   The members run newest first: a table mostly depends on those its
%   clauses called, made after it, so a pass in this order carries what
%   the newest ones found back to the oldest.  Tables made during the pass
%   (above the K-th member) were evaluated when made.
'$tbl_run_members'(Id, K) :-
    (   K > 0,
        '$tbl_member'(Id, K, MId, MGoal, MWorker)
    ->  '$tbl_run'(MId, MGoal, MWorker),
        K1 is K - 1,
        '$tbl_run_members'(Id, K1)
    ;   true
    ).
