% A list that grows without end, as ord_memberchk(abc, _) builds one, until the stack limit
% stops it with a resource error: the peak resident set size stays near the limit. The heap
% collector's work list once held one address per element of such a list, half again the
% heap's size. run(MB) sets a limit of MB megabytes and prints the peak in kilobytes.
:- ensure_loaded(peak_rss).

grow([_|T]) :- grow(T).

run(MB) :-
    Bytes is MB * 1024 * 1024,
    set_prolog_flag(stack_limit, Bytes),
    catch(grow(_), error(resource_error(_), _), true),
    peak_rss_kb(K),
    write(K), nl.
