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

main :-
    counter_case,
    snapshot_case,
    running_case,
    negation_case,
    erase_case,
    throw_case.
