% Programs that retract clauses while something can still run them, and assert clauses of the
% same length meanwhile, so that the code of a removed clause is freed and given to a new one as
% often as can be: a call's snapshot of a predicate, a running clause's continuation, a clause
% that retracts itself, inline negation (whose code holds its own address) and erase/1. Run
% with PLY_CODE_SCAN_GAP=1, ply looks for free code at every clause it asserts; the output must
% be the one of a plain run (and SWI-Prolog's).

:- dynamic counter/1.
:- dynamic p/1.
:- dynamic q/1.
:- dynamic w/1.
:- dynamic neg/1.
:- dynamic fact/1.

% churn(N): N retract-assert turns of one counter clause, each freeing the code of the last.
churn(0) :- !.
churn(N) :-
    retract(q(A)),
    B is A + 1,
    assertz(q(B)),
    N1 is N - 1,
    churn(N1).

counter_case :-
    retractall(counter(_)),
    assertz(counter(0)),
    count(5000),
    counter(X),
    write(counter(X)), nl.

count(0) :- !.
count(N) :-
    retract(counter(A)),
    B is A + 1,
    assertz(counter(B)),
    N1 is N - 1,
    count(N1).

% The call p(X) keeps its clause list while, at its first answer, every one of its clauses is
% retracted and replaced by one of the same length, and churn/1 frees and reuses code of that
% length hundreds of times: the call still runs the clauses it started with.
snapshot_case :-
    retractall(p(_)),
    retractall(q(_)),
    assertz(q(0)),
    forall(between(1, 5, I), assertz(p(I))),
    findall(X, (p(X), replace(X)), Old),
    findall(Y, p(Y), New),
    write(Old-New), nl.

replace(1) :-
    !,
    forall(retract(p(X)), (Y is X * 10, assertz(p(Y)))),
    churn(300).
replace(_) :-
    churn(100).

% The running clause of w/1 retracts itself, then clauses of exactly its shape but another
% constant are asserted and retracted 300 times: its continuation still runs its own code.
w_clause(Const, (w(X) :- retract((w(_) :- _)), fill, X = Const)).

fill :-
    forall(between(1, 300, _),
           (   w_clause(other, C),
               assertz(C),
               retract(C)
           )).

running_case :-
    retractall(w(_)),
    w_clause(original, C),
    assertz(C),
    w(X),
    write(running(X)), nl.

% Inline negation compiles to code that names an address inside its own clause; a clause moved
% into freed code must have that address moved with it.
negation_case :-
    retractall(neg(_)),
    forall(between(1, 200, _),
           (   assertz((neg(X) :- \+ X = a)),
               retract((neg(_) :- _))
           )),
    assertz((neg(X) :- \+ X = a)),
    (   neg(b) -> B = yes ; B = no ),
    (   neg(a) -> A = yes ; A = no ),
    write(negation(b-B, a-A)), nl.

% erase/1 frees the code of the clause its reference names.
erase_case :-
    retractall(fact(_)),
    forall(between(1, 2000, I),
           (   assertz(fact(I), Ref),
               erase(Ref)
           )),
    assertz(fact(last)),
    findall(F, fact(F), Fs),
    write(erase(Fs)), nl.

% A clause that throws from inside itself after retracting itself; the ball and the clauses
% asserted later are all as without reuse.
:- dynamic thrower/1.
throw_case :-
    retractall(thrower(_)),
    retractall(q(_)),
    assertz(q(0)),
    assertz((thrower(X) :- retract((thrower(_) :- _)), churn(100), throw(ball(X)))),
    catch(thrower(7), ball(B), true),
    churn(100),
    q(Q),
    write(throw(B, Q)), nl.

% Families: a clause whose body is an if-then-else runs as alternatives of its own code; a
% clause with a disjunction inside its body calls an auxiliary predicate; a clause with compound
% arguments has templates; a first clause of tests has a decoding. Each of these clauses is
% retracted while it is running (and, for the disjunction, while a choicepoint is still in its
% auxiliary predicate), clauses of the same layout are asserted and retracted 300 times
% meanwhile, and then the running clause goes on, and backtracks, through its own code.
:- dynamic ite/2.
:- dynamic aux/2.
:- dynamic tmpl/1.
:- dynamic pick/3.

ite_clause(K, (ite(X, R) :- (X > K -> retract((ite(_, _) :- _)), fill_ite(K), R = big(K) ; X < 0 -> R = neg ; R = small))).

fill_ite(K) :-
    K1 is K + 1,
    forall(between(1, 300, _),
           (   ite_clause(K1, C),
               assertz(C),
               retract(C)
           )).

ite_case :-
    retractall(ite(_, _)),
    ite_clause(1, C),
    assertz(C),
    findall(R, ite(5, R), Rs),
    ite_clause(2, C2),
    assertz(C2),
    findall(X-R2, (member(X, [-3, 1, 7]), ite(X, R2)), More),
    write(ite(Rs, More)), nl.

aux_clause(Tag, (aux(X, Y) :- member(X, [1, 2, 3]), (X =:= 2 -> retract((aux(_, _) :- _)), fill_aux(Tag) ; true), (Y = Tag-X ; Y = again(X)))).

fill_aux(_) :-
    forall(between(1, 300, _),
           (   aux_clause(other, C),
               assertz(C),
               retract(C)
           )).

aux_case :-
    retractall(aux(_, _)),
    aux_clause(first, C),
    assertz(C),
    findall(X-Y, aux(X, Y), Answers),
    aux_clause(second, C2),
    assertz(C2),
    findall(Y2, aux(3, Y2), Later),
    write(aux(Answers, Later)), nl.

% The disjunction of last/1 is its last call: while its auxiliary predicate's choicepoint waits
% for the second alternative, nothing but that choicepoint's clause list leads into the clause's
% code, and the clause is retracted and clauses of its layout come and go.
:- dynamic last/1.

last_clause(Tag, (last(Y) :- atom(Tag), (Y = Tag-a ; Y = Tag-b))).

fill_last :-
    forall(between(1, 300, _),
           (   last_clause(second, C),
               assertz(C),
               retract(C)
           )).

last_case :-
    retractall(last(_)),
    last_clause(first, C),
    assertz(C),
    findall(Y, (last(Y), retractall(last(_)), fill_last), Ys),
    write(last(Ys)), nl.

tmpl_clause(N, (tmpl(T) :- retract((tmpl(_) :- _)), fill_tmpl(N), T = f(N, g([N, h(N)]), 2.5))).

fill_tmpl(N) :-
    forall(between(1, 300, I),
           (   M is N + I,
               tmpl_clause(M, C),
               assertz(C),
               retract(C)
           )).

tmpl_case :-
    retractall(tmpl(_)),
    tmpl_clause(1, C),
    assertz(C),
    tmpl(T),
    tmpl_clause(2, C2),
    assertz(C2),
    tmpl(T2),
    write(tmpl(T, T2)), nl.

main :-
    ite_case,
    aux_case,
    last_case,
    tmpl_case,
    counter_case,
    snapshot_case,
    running_case,
    negation_case,
    erase_case,
    throw_case.
