% peak_rss_kb(-K): the peak resident set size of this process in kilobytes, read from
% /proc/self/status (Linux). Works the same in ply and in SWI-Prolog.

peak_rss_kb(K) :-
    open('/proc/self/status', read, S),
    rss_line(S, K),
    close(S).
rss_line(S, K) :-
    read_line_to_string(S, L),
    L \== end_of_file,
    (   sub_string(L, 0, _, _, "VmHWM:")
    ->  split_string(L, " \t", " \t", Parts),
        Parts = [_, Num|_], number_string(K, Num)
    ;   rss_line(S, K)
    ).
