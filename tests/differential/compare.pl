% Compares the answers of SWI-Prolog and ply to the goals of a differential run (see run.sh)
% and prints the report: how many goals, how many answered alike, how many differ in a way
% divergences.pl documents, and every other difference by category and by predicate.

:- set_prolog_flag(double_quotes, string).

diff_compare(GoalFile, SwiFile, PlyFile, DivFile) :-
    diff_compare(GoalFile, SwiFile, PlyFile, DivFile, 3).

diff_compare(GoalFile, SwiFile, PlyFile, DivFile, Max) :-
    load_divergences(DivFile),
    read_results(GoalFile, g, Goals),
    read_results(SwiFile, r, Swi),
    read_results(PlyFile, r, Ply),
    length(Goals, N),
    foldl(judge(Swi, Ply), Goals, [], Judged),
    include([same]>>true, Judged, Same), length(Same, NSame),
    include([doc(_, _)]>>true, Judged, Doc), length(Doc, NDoc),
    include([J]>>(J = diff(_, _, _, _, _)), Judged, Diffs), length(Diffs, NDiff),
    format("differential: ~w goals, ~w answered alike, ~w documented divergences, ~w differences~n",
           [N, NSame, NDoc, NDiff]),
    report_counts("documented divergences", [doc(R, _), R]>>true, Doc),
    report_counts("differences by category", [diff(_, C, _, _, _), C]>>true, Diffs),
    report_counts("differences by predicate", [diff(P, _, _, _, _), P]>>true, Diffs),
    format("~nexamples (up to ~w per predicate):~n", [Max]),
    findall(K, member(diff(K, _, _, _, _), Diffs), Ks0), sort(Ks0, Ks),
    forall(member(K, Ks),
           forall(limit(Max, member(diff(K, C, G, S, P), Diffs)),
                  format("  [~w] ~q~n      swipl: ~q~n      ply:   ~q~n", [C, G, S, P]))).

read_results(File, F, Pairs) :-
    setup_call_cleanup(open(File, read, S), read_all(S, F, Pairs0), close(S)),
    sort(1, @<, Pairs0, Pairs).
read_all(S, F, Pairs) :-
    catch(read_term(S, T, []), _, T = skip),
    (   T == end_of_file -> Pairs = []
    ;   T =.. [F, Id, V] -> Pairs = [Id-V|Rest], read_all(S, F, Rest)
    ;   read_all(S, F, Pairs)
    ).

judge(Swi, Ply, Id-G, Acc, [J|Acc]) :-
    ( memberchk(Id-S, Swi) -> true ; S = missing ),
    ( memberchk(Id-P, Ply) -> true ; P = missing ),
    goal_key(G, Key),
    (   S =@= P -> J = same
    ;   documented(G, S, P, Reason) -> J = doc(Reason, Id)
    ;   category(S, P, C), J = diff(Key, C, G, S, P)
    ).

goal_key(G, N/A) :- callable(G), !, functor(G, N, A).
goal_key(_, other).

category(S, P, C) :- kind(S, KS), kind(P, KP),
    (   KS == KP -> atomic_list_concat([KS, ' differ'], C)
    ;   atomic_list_concat(['swipl ', KS, ', ply ', KP], C)
    ).
kind(sols([]), failure) :- !.
kind(sols(_), solutions) :- !.
kind(err(_), error) :- !.
kind(ball(_), ball) :- !.
kind(hang, hang) :- !.
kind(_, missing).

:- dynamic divergence/4.
load_divergences(File) :-
    retractall(divergence(_, _, _, _)),
    setup_call_cleanup(open(File, read, S), load_div(S), close(S)).
load_div(S) :-
    read_term(S, T, []),
    (   T == end_of_file -> true
    ;   ( T = divergence(_, _, _, _) ; T = (divergence(_, _, _, _) :- _) ) -> assertz(T), load_div(S)
    ;   assertz(T), load_div(S)
    ).
% A divergence matches when its clause succeeds on a copy of the goal and the answers without
% binding anything in them (a fact is a pattern the goal and answers are instances of).
documented(G, S, P, Reason) :-
    copy_term(G-S-P, G1-S1-P1),
    clause(divergence(Reason, GP, SP, PP), Body),
    subsumes_term(GP-SP-PP, G1-S1-P1),
    GP-SP-PP = G1-S1-P1,
    catch(Body, _, fail), !.

report_counts(Title, Key, Items) :-
    maplist(Key, Items, Keys0), msort(Keys0, Keys),
    clumped_pairs(Keys, Counts),
    sort(2, @>=, Counts, Sorted),
    format("~n~w:~n", [Title]),
    forall(member(K-C, Sorted), format("  ~w ~q~n", [C, K])).
clumped_pairs([], []).
clumped_pairs([K|Ks], [K-N|Rest]) :- take_same(K, Ks, 1, N, Tail), clumped_pairs(Tail, Rest).
take_same(K, [K1|Ks], N0, N, Tail) :- K1 == K, !, N1 is N0+1, take_same(K, Ks, N1, N, Tail).
take_same(_, Tail, N, N, Tail).
