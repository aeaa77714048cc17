% Library predicates that programs from outside called and ply lacked: library(pairs)'s
% group_pairs_by_key/2 and map_list_to_pairs/3, predsort/3 from a module, grammar rules with a
% partial list as a terminal, library(pio)'s phrase_from_file/2,3 and phrase_from_stream/2,
% read_stream_to_codes/2,3, swritef/2,3, expand_file_name/2 and library(solution_sequences)'s
% limit/2, offset/2, call_nth/2 and distinct/1,2.
:- use_module(pairs_mod).

word([C|Cs]) --> [C], { code_type(C, alpha) }, word_rest(Cs).
word_rest([C|Cs]) --> [C], { code_type(C, alpha) }, !, word_rest(Cs).
word_rest([]) --> [].
words([W|Ws]) --> word(Cs), !, { atom_codes(W, Cs) }, gaps, words(Ws).
words([]) --> [].
gaps --> [C], { code_type(C, space) }, !, gaps.
gaps --> [].

% A terminal list whose tail is a variable: appended when the rule runs.
prefix(Xs, Rest) --> [x|Xs], Rest.
unfold([S|Ss]) --> ( { S = seq(A, B) } -> unfold([A, B|Ss]) ; [S|Ss] ).

show(G) :-
    catch(G, error(F, C), ( ( nonvar(C), C = context(P, _) -> true ; P = none ),
                            print(caught(F, P)), nl )).

main :-
    group_pairs_by_key([a-1, a-2, b-3, a-4, c-5, c-6], G1), print(G1), nl,
    group_pairs_by_key([], G2), print(G2), nl,
    ( group_pairs_by_key([X-1, Y-2], [X-[1], Y-[2]]) -> writeln(two_groups) ; writeln(no) ),
    map_list_to_pairs(atom_length, [abc, d, ef], P1), print(P1), nl,
    sorted_desc([3, 1, 2, 3], S1), print(S1), nl,
    keyed_by_length([abc, d], P2), print(P2), nl,
    dcg_translate_rule((a(X1, Y1) --> [X1|Y1]), R1), portray_clause(R1),
    dcg_translate_rule((b --> c, [x, y|_T], d), R2), portray_clause(R2),
    catch(dcg_translate_rule((e --> [x|y]), _), error(F0, _), (print(F0), nl)),
    phrase(prefix([1, 2], [3]), L1), print(L1), nl,
    phrase(unfold([seq(p, seq(q, r)), s]), L2), print(L2), nl,
    phrase_from_file(words(Ws), 'library_gaps.txt'), print(Ws), nl,
    phrase_from_file(words(Ws2), 'library_gaps.txt', [encoding(utf8)]), length(Ws2, N2), print(N2), nl,
    show(phrase_from_file(words(_), 'no_such_file.txt')),
    ( phrase_from_file([0'o], 'library_gaps.txt') -> writeln(yes) ; writeln(no) ),
    open('library_gaps.txt', read, In1), read_stream_to_codes(In1, Cs1), close(In1),
    length(Cs1, Len1), print(Len1), nl,
    open('library_gaps.txt', read, In2), read_stream_to_codes(In2, Cs2, [0'!]), close(In2),
    last(Cs2, Last), print(Last), nl,
    open('library_gaps.txt', read, In3), phrase_from_stream(words(Ws3), In3), close(In3),
    print(Ws3), nl,
    swritef(Str1, "%w and %d\\l", [f(x), 42]), print(Str1), nl,
    swritef(Str2, 'plain'), print(Str2), nl,
    expand_file_name('sub/*.pl', F1), print(F1), nl,
    expand_file_name("sub/{helper,other}.pl", F2), print(F2), nl,
    expand_file_name("{library_gaps,no_such}.txt", F6), print(F6), nl,
    expand_file_name('no_such_dir/*.pl', F3), print(F3), nl,
    expand_file_name('plain_name', F4), print(F4), nl,
    expand_file_name('library_gap?.t[a-z]t', F5), print(F5), nl,
    expand_file_name("~/x", [H1]), getenv('HOME', Home), atom_concat(Home, '/x', H2),
    ( H1 == H2 -> writeln(home_ok) ; print(H1-H2), nl ),
    show(expand_file_name(_, _)),
    show(expand_file_name('$PLY_NO_SUCH_VARIABLE/a', _)),
    findall(X2, limit(2, member(X2, [a, b, c])), Ls1), print(Ls1), nl,
    findall(X3, limit(5, member(X3, [a, b])), Ls2), print(Ls2), nl,
    findall(X4, limit(infinite, member(X4, [a, b])), Ls3), print(Ls3), nl,
    ( limit(0, true) -> writeln(yes) ; writeln(no) ),
    ( limit(1, member(_, [a, b])) -> writeln(deterministic_after_last) ; true ),
    findall(X5, offset(1, member(X5, [a, b, c])), Ls4), print(Ls4), nl,
    findall(X6, offset(0, member(X6, [a, b])), Ls5), print(Ls5), nl,
    show(offset(-1, true)),
    findall(N7-X7, call_nth(member(X7, [a, b, c]), N7), Ls6), print(Ls6), nl,
    ( call_nth(member(X8, [a, b, c]), 2) -> print(X8), nl ; writeln(none) ),
    ( call_nth(member(_, [a]), 3) -> writeln(yes) ; writeln(no) ),
    show(call_nth(true, 0)),
    show(call_nth(true, a)),
    findall(X9, distinct(member(X9, [b, a, b, c, a])), Ls7), print(Ls7), nl,
    findall(X10-Y10, distinct(X10, member(X10-Y10, [1-a, 2-b, 1-c])), Ls8), print(Ls8), nl,
    findall(X11, limit(2, offset(1, member(X11, [a, b, c, d]))), Ls9), print(Ls9), nl.
