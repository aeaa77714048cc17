% library(md5), open/3 on a code or char list, and a memory limit above the unboxed integers:
% what Advent of Code programs written for SWI-Prolog use.
:- use_module(library(md5)).
:- set_prolog_flag(double_quotes, codes).

formal(G) :- catch((G -> writeln(yes) ; writeln(no)), error(E, _), (print(E), nl)).

lengths :-
    forall(between(0, 130, N),
           ( length(L, N), maplist(=(0'x), L), md5_hash(L, H, []),
             format("~w ~w~n", [N, H]) )).

texts :-
    forall(member(T, [abc, 'héllo', "abc", [a,b,c], 'дом', '']),
           ( md5_hash(T, H, []), print(T-H), nl )),
    md5_hash('héllo', H1, [encoding(octet)]), print(H1), nl,
    md5_hash(abc, H2, [encoding(utf8)]), print(H2), nl,
    formal(md5_hash(abc, '900150983cd24fb0d6963f7d28e17f72', [])),
    formal(md5_hash(abc, nope, [])),
    formal(md5_hash(_, _, [])),
    formal(md5_hash(12, _, [])),
    formal(md5_hash(f(x), _, [])),
    formal(md5_hash(abc, _, [foo])),
    formal(md5_hash('дом', _, [encoding(octet)])).

opens :-
    F = '/tmp/ply_swipl_diff_md5_open.txt',
    open(F, write, S), write(S, 'hello.'), nl(S), close(S),
    atom_codes(F, Codes), open(Codes, read, S1), read(S1, T1), close(S1), print(T1), nl,
    atom_chars(F, Chars), open(Chars, read, S2, []), read(S2, T2), close(S2), print(T2), nl,
    formal(open([0'a|_], read, _)),
    formal(open([0'a, b], read, _)),
    formal(open([a, 0'b], read, _)),
    formal(open([0'a|foo], read, _)),
    formal(open(f(x), read, _)),
    formal(open(1.5, read, _)),
    formal(open("/no/such/file", read, _)),
    catch(open('/no/such/file', read, _), error(_, context(_, Msg)), (print(Msg), nl)),
    delete_file(F).

limits :-
    set_prolog_flag(stack_limit, 2000000000000000000),
    current_prolog_flag(stack_limit, L), print(L), nl,
    formal(set_prolog_flag(stack_limit, 100000000000000000000000)),
    set_prolog_flag(stack_limit, 1073741824).

main :- lengths, texts, opens, limits.
