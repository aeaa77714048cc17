% listing/1 and portray_clause/1 laid out as SWI-Prolog lays them out: source variable names,
% nested conjunctions flattened, blocks for disjunctions and if-then-else, `\+ ` and
% meta-calls with control arguments over lines, `{ }`, grammar rules with their opening
% terminals in the head, and clause/2 giving the clause in that shape.
move(pos(Board, Player), pos(NewBoard, Other)) :- other(Player, Other), place(Board, NewBoard).
sign(X, Y) :- ( X > 0 -> Y = pos ; X < 0 -> Y = neg ; Y = zero ), !.
walk([H|T], Acc, R) :- \+ H = a, catch(check(H), _, true), findall(Z, (member(Z, T), Z \== H), Zs), format("~w~n", [Zs]), walk(T, [H|Acc], R).
walk([], R, R).
check(_W) :- \+ (a, b), \+ \+ c, (d, e ; f), forall(member(Q, [1]), (Q > 0, Q < 2)), { g, h }.
greeting --> [hello], name(N), { atom(N) }, !, "!".
name(world) --> [world].
opening(X) :- X = point(P, _), P > 1.
flat(X) :- (a(X), b), c.
other(x, o).
place(B, B).
a(_). b. c. d. e. f. g. h.
main :-
    listing(move/2), listing(sign/2), listing(walk/3), listing(check/1),
    listing(greeting//0), listing(opening/1), listing(flat/1),
    clause(opening(A), Body), writeq(opening(A) :- Body), nl,
    assertz((made(P) :- P = f(Q), Q > 1)), listing(made/1),
    portray_clause((h(V) :- (p(V), q ; r), \+ s(V))),
    catch(listing(nope/3), E, (print(E), nl)).
