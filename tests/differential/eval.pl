% Runs the goals of a differential test file and writes one result per goal, in the same form
% under SWI-Prolog and under ply (it uses only what both provide):
%
%   swipl -q -g "diff_eval('/tmp/goals.pl', '/tmp/swipl.out', 1)" -t halt tests/differential/eval.pl
%   ply -q -g "diff_eval('/tmp/goals.pl', '/tmp/ply.out', 1)" -t halt tests/differential/eval.pl
%
% The third argument is the first goal number to run (a run that stopped is resumed past the
% goal it stopped on). A result is r(Id, R): R is sols(Solutions) with at most 10 solutions of
% the goal's variables, in order, or err(Formal) for error(Formal, _), or ball(B) for another
% exception. Each line is flushed, so a crash loses nothing before it.

diff_eval(GoalFile, OutFile, From) :-
    set_prolog_flag(double_quotes, string),
    % Goals that build without end stop early, the same way in both systems.
    catch(set_prolog_flag(stack_limit, 16777216), _, true),
    open(GoalFile, read, In),
    (   From =:= 1 -> Mode = write ; Mode = append ),
    open(OutFile, Mode, Out),
    diff_loop(In, Out, From),
    close(In), close(Out).

diff_loop(In, Out, From) :-
    read_term(In, T, []),
    (   T == end_of_file -> true
    ;   T = g(Id, G),
        (   Id >= From -> diff_run(G, R), diff_write(Out, r(Id, R)) ; true ),
        diff_loop(In, Out, From)
    ).

diff_run(G, R) :-
    term_variables(G, Vs),
    nb_setval(diff_count, 0),
    catch(( findall(Vs, diff_limited(G, Vs), L), R = sols(L) ),
          E, diff_error(E, R)).

diff_limited(G, _) :-
    call(G),
    nb_getval(diff_count, C0), C is C0+1, nb_setval(diff_count, C),
    ( C >= 10 -> ! ; true ).

diff_error(error(F, _), err(F)) :- !.
diff_error(B, ball(B)).

diff_write(Out, T) :-
    write_term(Out, T, [quoted(true), ignore_ops(false), numbervars(false)]),
    write(Out, '.'), nl(Out), flush_output(Out).
