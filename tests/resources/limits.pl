% Programs that run into ply's resource limits, for tests/it/resources.rs.

% Runaway recursion that is not a last call: every level keeps its environment.
r(N) :- N1 is N+1, r(N1), true.

% rss_kb(Field, K): a line of /proc/self/status in kilobytes (VmRSS now, VmHWM the peak).
rss_kb(Field, K) :-
    open('/proc/self/status', read, S),
    rss_line(S, Field, K),
    close(S).
rss_line(S, Field, K) :-
    read_line_to_string(S, L),
    L \== end_of_file,
    (   sub_string(L, 0, _, _, Field)
    ->  split_string(L, " \t", " \t", Parts),
        Parts = [_, Num|_], number_string(K, Num)
    ;   rss_line(S, Field, K)
    ).

% Catch the overflow, then report the formal error, the peak and the present resident size.
overflow_then_rss :-
    catch(r(0), error(F, _), true),
    rss_kb("VmHWM:", Peak),
    rss_kb("VmRSS:", Now),
    writeq(F), nl,
    write(Peak), nl,
    write(Now), nl.

% The same overflow caught twice in a row: the second catch works as the first did.
overflow_twice :-
    catch(r(0), error(F1, _), true),
    catch(r(0), error(F2, _), true),
    writeq(F1-F2), nl.

% Atoms made without end and kept in a list: the atom table reaches its limit and raises a
% resource error, which is caught; once the list is dropped and the atoms collected, atoms can
% be made again.
atoms_without_end(E, B) :-
    catch(atoms_kept(0, _), error(E, _), true),
    garbage_collect_atoms,
    make_one(B).

atoms_kept(N, [A|As]) :- atom_concat(x, N, A), N1 is N + 1, atoms_kept(N1, As).

make_one(B) :- atom_concat(y, 1, B).
