% Search trees: search_tree/3,4 (дерево_поиска/3,4) run a goal once, record every call of one
% predicate made during it, and write the tree those calls form (src/tree.rs does the
% recording and the writing; docs/search_tree.md is the user's guide).
%
% While the goal runs, the recorded predicate has one clause of its own,
%     Head :- '$st_box'(Head, Hidden)
% and its own clauses run under a hidden name (Hidden is Head under that name, with the same
% arguments). The box records the call, runs the clauses, and records the exit or the failure.
% The node of the innermost running call is a backtrackable global, so backtracking into a
% call, out of it, or past a caught exception always leaves the right parent for the next one.

search_tree(PI, Goal, File) :-
    search_tree(PI, Goal, File, []).

search_tree(PI, Goal, File, Options) :-
    catch('$st_begin'(PI, File, Options),
          error(Formal, _),
          '$st_raise'(Formal)),
    b_setval('$st_parent', -1),
    catch(( call(Goal) -> Ok = true ; Ok = false ),
          Error,
          ( '$st_end', throw(Error) )),
    '$st_end',
    '$st_labels'(Options),
    '$st_write'(Count),
    '$st_outputs'(Options, Count),
    Ok == true.

% The arguments' error as search_tree/4's: raised by a clause of the library, so that the
% report names search_tree/4 rather than the throw.
'$st_raise'(Formal) :-
    throw(error(Formal, context(search_tree/4, _))).

дерево_поиска(PI, Goal, File) :-
    search_tree(PI, Goal, File, []).

дерево_поиска(PI, Goal, File, Options) :-
    search_tree(PI, Goal, File, Options).

% A call that is not kept (max_nodes, max_depth) runs its clauses with nothing around it and
% leaves the parent as it was: its own calls are not kept either (they are deeper), and it
% leaves no choicepoint or trail entry of the box behind.
'$st_box'(Goal, Hidden) :-
    b_getval('$st_parent', Parent),
    '$st_call'(Goal, Parent, Node),
    (   Node < 0
    ->  call(Hidden)
    ;   b_setval('$st_parent', Node),
        (   call(Hidden),
            '$st_exit'(Node, Goal),
            b_setval('$st_parent', Parent)
        ;   '$st_fail'(Node),
            fail
        )
    ).

% Each node's label: the program's hook search_tree_label/2 when it is defined and succeeds,
% else the label(Head-Label) option's template, else none (the writer chooses).
'$st_labels'(Options) :-
    (   memberchk(label(Template), Options) -> true ; Template = none ),
    (   ( Template \== none ; current_predicate(search_tree_label/2) )
    ->  '$st_count'(N),
        forall(between(1, N, I), '$st_label'(I, Template))
    ;   true
    ).

'$st_label'(I, Template) :-
    '$st_goal'(I, Goal),
    (   current_predicate(search_tree_label/2),
        catch(search_tree_label(Goal, Label), _, fail)
    ->  '$st_set_label'(I, Label)
    ;   Template \== none,
        copy_term(Template, Goal-Label)
    ->  '$st_set_label'(I, Label)
    ;   true
    ).

'$st_outputs'([], _).
'$st_outputs'([Option|Options], Count) :-
    (   Option = nodes(N) -> N = Count ; true ),
    '$st_outputs'(Options, Count).
