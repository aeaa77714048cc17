% join: a table of 4000 employees asked about as a database join asks, by
% whichever column the question binds: the payroll of each department (the
% second argument bound, the first not), the number of direct reports of
% each manager (the third argument bound) and the employees who earn more
% than their manager (a scan of the table joined with a lookup by the first
% argument). The table is invented: it is made by a load directive from
% arithmetic, so both systems index the same clauses from scratch. Measures
% clause selection by an argument other than the first.

:- ensure_loaded(harness).

:- dynamic(emp/4).

% emp(Id, Department, Manager, Salary): 50 departments, ten reports per manager.
make_table :-
    (   upto(1, 4000, I),
        D is I mod 50,
        M is I // 10,
        S is 1000 + (I * 7919) mod 5000,
        assertz(emp(I, D, M, S)),
        fail
    ;   true
    ).

:- make_table.

sum([], S, S).
sum([X|Xs], S0, S) :-
    S1 is S0 + X,
    sum(Xs, S1, S).

count([], N, N).
count([_|Xs], N0, N) :-
    N1 is N0 + 1,
    count(Xs, N1, N).

% The payroll of department D: emp/4 with only its second argument bound.
payroll(D, Total) :-
    findall(S, emp(_, D, _, S), Ss),
    sum(Ss, 0, Total).

% How many report to manager M: emp/4 with only its third argument bound.
reports(M, N) :-
    findall(E, emp(E, _, M, _), Es),
    count(Es, 0, N).

% Employees who earn more than their manager: each row, then its manager by Id.
above_manager(N) :-
    findall(E, ( emp(E, _, M, S), emp(M, _, _, SM), S > SM ), Es),
    count(Es, 0, N).

work(r(Payrolls, Reports, Above)) :-
    findall(W, ( upto(0, 49, D), payroll(D, T), W is (D + 1) * T ), Ws),
    sum(Ws, 0, Payrolls),
    findall(W, ( upto(1, 400, M), reports(M, K), W is M * K ), Rs),
    sum(Rs, 0, Reports),
    above_manager(Above).

bench :-
    rounds(120, r(P, R, A)),
    format("join: payrolls ~d, reports ~d, above manager ~d~n", [P, R, A]).
