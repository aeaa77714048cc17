//! Just-in-time indexes (`db/index/jit.rs`): an index is built on the places calls bind (an
//! argument other than the first, a place inside a first argument whose clauses all share its
//! functor, two places together), shown by `predicate_property/2`, kept through assert, retract
//! and erase, and never changes an answer: every goal answers the same with the fast paths
//! off, where calls select by the first argument alone. And the clause database's limit: an
//! assert past it raises a resource error a program can catch and go on from.

use crate::support::capture;
use capture::run;
use ply::machine::Machine;

/// The predicates the goals call.
const PROGRAM: &str = r#"
:- dynamic answer/1, g/3, cell/3.

% A game state of a few facts, changed a few facts a move and asked by one or two arguments.
board :-
    retractall(cell(_, _, _)),
    forall((between(1, 3, X), between(1, 3, Y)), assertz(cell(X, Y, b))).
move(X, Y, M) :- retract(cell(X, Y, b)), assertz(cell(X, Y, M)).
seen(L) :-
    findall(X-Y-M, (member(X-Y, [1-1, 2-2, 3-1]), cell(X, Y, M)), A),
    findall(X-Y, cell(X, Y, b), B), findall(Y, cell(2, Y, x), C),
    findall(X, cell(X, 3, o), D), L = A/B/C/D.

% An answer table: every first argument is fact/2, whose arguments are path/2 and cost/1.
fill(N) :-
    retractall(answer(_)),
    forall(between(0, N, J),
           ( A is J mod 20, B is J // 20, C is J mod 7,
             assertz(answer(fact(path(A, B), cost(C)))) )).

% A table asked by its second and third arguments, with a variable here and there.
mk_table(N) :-
    retractall(g(_, _, _)),
    forall(between(1, N, I),
           ( A is I mod 10, B is I // 10,
             ( I mod 997 =:= 0 -> assertz(g(x, _, B)) ; assertz(g(x, A, B)) ) )).

mk_plain(N) :-
    retractall(g(_, _, _)),
    forall(between(1, N, I), (A is I mod 10, B is I // 10, assertz(g(x, A, B)))).

det(G) :- setup_call_cleanup(true, G, Det = true), (Det == true -> write(det) ; write(nondet)).

% Two clauses told apart only by the tail of the tail of a list (exercism's binary puzzle),
% and three whose first arguments share their functors down to the place they differ in.
m([_, _]).
m([X, Y, Z|Rest]) :- \+ (X == Y, Y == Z), m([Y, Z|Rest]).
w(t(u(v(1, x)))).
w(t(u(v(2, y)))).
w(t(u(v(_, z)))).

% A static table of 60 rows, asked by its second argument.
s(1, a1, 1). s(2, a2, 4). s(3, a3, 9). s(4, a4, 16). s(5, a5, 25). s(6, a6, 36).
s(7, a7, 49). s(8, a8, 64). s(9, a9, 81). s(10, a10, 100). s(11, a11, 121). s(12, a12, 144).
s(13, a1, 169). s(14, a2, 196). s(15, a3, 225). s(16, a4, 256). s(17, a5, 289).
s(18, a6, 324). s(19, a7, 361). s(20, a8, 400). s(21, a9, 441). s(22, a10, 484).
"#;

/// A machine with the fast paths on or off and [`PROGRAM`] loaded.
fn loaded(on: bool) -> Machine {
    capture::loaded(PROGRAM, "jiti.pl", on)
}

#[test]
fn a_table_of_answers_is_indexed_inside_its_compounds_and_keeps_the_index() {
    let mut m = loaded(true);
    let goal = "fill(999), det(answer(fact(path(3, 4), C))), write(' '), write(C), \
                predicate_property(answer(_), indexed(L)), write(' '), writeq(L)";
    assert_eq!(
        run(&mut m, goal),
        "det cost(6) [multi([1/1/2,1/1/1])-hash(1000)]"
    );
    // One place bound: an index of its own.
    let goal = "findall(B, answer(fact(path(3, B), _)), Bs), length(Bs, N), write(N), \
                predicate_property(answer(_), indexed(L)), write(' '), writeq(L)";
    assert_eq!(
        run(&mut m, goal),
        "50 [multi([1/1/2,1/1/1])-hash(1000),single(1/1/1)-hash(20)]"
    );
    // Kept through changes: new answers are found, retracted ones are not, and the tables are
    // the same ones, changed in place.
    let goal =
        "assertz(answer(fact(path(3, 4), cost(99)))), retract(answer(fact(path(5, 5), _))), \
                asserta(answer(fact(path(5, 5), cost(0)))), \
                findall(C, answer(fact(path(3, 4), C)), Cs), writeq(Cs), \
                findall(C, answer(fact(path(5, 5), C)), Ds), writeq(Ds), \
                \\+ answer(fact(path(6, 60), _)), \
                predicate_property(answer(_), indexed(L)), length(L, N), write(N)";
    assert_eq!(run(&mut m, goal), "[cost(6),cost(99)][cost(0)]2");
}

#[test]
fn two_arguments_together_index_a_table_neither_indexes_alone() {
    let mut m = loaded(true);
    let goal = "mk_plain(2000), det(g(_, 3, 150)), write(' '), \
                findall(B, g(_, 7, B), Bs), length(Bs, N), write(N), write(' '), \
                predicate_property(g(_, _, _), indexed(L)), writeq(L)";
    assert_eq!(
        run(&mut m, goal),
        "det 200 [multi([3,2])-hash(2000),single(2)-hash(10)]"
    );
    // A clause with a variable there is found by every key.
    assert_eq!(
        run(
            &mut m,
            "mk_table(2000), findall(B, g(_, 7, B), Bs), length(Bs, N), writeq(N)"
        ),
        "201"
    );
    assert_eq!(
        run(
            &mut m,
            "findall(B, g(_, 5, B), Bs), msort(Bs, S), last(S, X), writeq(X)"
        ),
        "199"
    );
    assert_eq!(
        run(
            &mut m,
            "findall(x, g(_, 9, 97), L), length(L, N), writeq(N)"
        ),
        "1"
    );
}

#[test]
fn a_static_table_is_indexed_on_the_argument_calls_bind() {
    let mut m = loaded(true);
    let goal = "det(s(N, a12, _)), write(N), findall(M, s(M, a3, _), L), writeq(L), \
                predicate_property(s(_, _, _), indexed(I)), writeq(I)";
    assert_eq!(run(&mut m, goal), "det12[3,15][single(2)-hash(12)]");
}

#[test]
fn a_short_list_is_told_apart_inside_its_first_argument_as_deep_as_its_clauses_share() {
    let mut m = loaded(true);
    let goal = "det(m([1, 1, 0, 1, 0, 0])), det(m([1, 0])), det(w(t(u(v(1, x))))), \
                predicate_property(m(_), indexed(I)), writeq(I), \
                predicate_property(w(_), indexed(J)), writeq(J)";
    assert_eq!(
        run(&mut m, goal),
        "detdetdet[single(1/2/2)-hash(2)][single(1/1/1/1)-hash(2),single(1/1/1/2)-hash(3)]"
    );
    // With the fast paths off, calls select by the first argument alone: the same answers.
    let mut off = loaded(false);
    let goal = "findall(X-Y, w(t(u(v(X, Y)))), L), length(L, N), write(N), \
                findall(L2, (between(0, 5, K), length(L2, K), m(L2)), Ls), length(Ls, N2), \
                write(N2)";
    assert_eq!(run(&mut off, goal), run(&mut m, goal));
}

#[test]
fn erase_and_clause_references_keep_working_on_an_indexed_table() {
    let mut m = loaded(true);
    let goal = "mk_table(500), g(_, 4, 20), assertz(g(y, 4, 20), R), \
                findall(K, g(K, 4, 20), L1), erase(R), findall(K, g(K, 4, 20), L2), \
                clause(g(x, 4, 20), true, R2), erase(R2), findall(K, g(K, 4, 20), L3), \
                writeq(L1/L2/L3)";
    assert_eq!(run(&mut m, goal), "[x,y]/[x]/[]");
}

#[test]
fn retract_and_clause_walk_the_index_the_head_asked_about_picks() {
    let mut m = loaded(true);
    // The head binds the second and third arguments: the walk goes through their index and
    // knows no other clause may match, so it leaves no choicepoint.
    let goal = "mk_plain(2000), det(clause(g(_, 3, 150), true)), write(' '), \
                det(retract(g(_, 3, 150))), write(' '), \
                predicate_property(g(_, _, _), indexed(L)), writeq(L)";
    assert_eq!(run(&mut m, goal), "det det [multi([3,2])-hash(1999)]");
    // Retracted one after the other through the index, from the back, the middle and the front.
    let goal = "forall(member(B, [199, 100, 1]), retract(g(_, _, B))), \
                aggregate_all(count, g(_, _, _), N), write(N), \
                findall(A, g(_, A, 100), As), write(' '), writeq(As)";
    // Each retract takes the first of the ten clauses with that third argument.
    assert_eq!(run(&mut m, goal), "1996 [1,2,3,4,5,6,7,8,9]");
}

/// Goals whose printed answers are compared with the fast paths on and off.
const GOALS: &[&str] = &[
    "fill(600), findall(C, answer(fact(path(3, 4), C)), L), writeq(L)",
    "fill(600), findall(A-C, answer(fact(path(A, 4), C)), L), writeq(L)",
    "fill(600), findall(x, answer(fact(path(_, _), cost(3))), L), length(L, N), writeq(N)",
    "fill(300), forall(between(0, 40, J), (A is J mod 20, B is J // 20, \
     retract(answer(fact(path(A, B), _))))), findall(A-B, answer(fact(path(A, B), _)), L), \
     length(L, N), L = [F|_], last(L, Z), writeq(N/F/Z)",
    "fill(200), findall(x, (between(0, 300, J), A is J mod 20, B is J // 20, \
     \\+ answer(fact(path(A, B), _)), assertz(answer(fact(path(A, B), new)))), L), \
     length(L, N), findall(C, answer(fact(path(1, 14), C)), M), writeq(N/M)",
    "mk_table(1000), findall(A-B, (member(A-B, [1-5, 0-7, _-99, 3-_, 9-100]), g(_, A, B)), L), \
     length(L, N), writeq(N)",
    "mk_table(1000), findall(B, (g(_, 2, B), B > 90), L), writeq(L)",
    "mk_table(1000), forall(between(1, 300, I), (A is I mod 10, B is I // 10, \
     ignore(retract(g(x, A, B))))), findall(A-B, g(_, A, B), L), length(L, N), writeq(N)",
    "mk_table(400), findall(B, (g(_, 1, B), B < 5, assertz(g(z, 1, B))), L), \
     findall(K-B, g(K, 1, B), M), writeq(L/M)",
    "mk_table(600), findall(B, (retract(g(_, 4, B)), B < 30), L), \
     aggregate_all(count, g(_, _, _), N), writeq(L/N)",
    "mk_table(600), findall(K-B, clause(g(K, 7, B), true), L), writeq(L)",
    "mk_table(1000), forall(between(1, 100, I), (B is I * 37 mod 100, A is I mod 10, \
     ignore(retract(g(_, A, B))), ignore(retract(g(x, _, B))))), \
     findall(A-B, g(_, A, B), L), length(L, N), L = [F|_], writeq(N/F)",
    "mk_table(300), findall(x, (clause(g(x, 2, B), true, R), B > 10, erase(R)), L), \
     length(L, N), findall(B, g(_, 2, B), M), writeq(N/M)",
    "findall(N-C, s(N, a7, C), L), writeq(L)",
    "board, seen(A), move(2, 2, x), seen(B), move(1, 3, o), asserta(cell(0, 0, o)), seen(C), \
     move(3, 1, x), retract(cell(1, 1, b)), asserta(cell(1, 1, o)), seen(D), \
     retract(cell(3, 3, _)), retract(cell(0, 0, _)), seen(E), writeq([A, B, C, D, E])",
    "board, forall(between(1, 40, I), (X is I mod 3 + 1, Y is I // 3 mod 3 + 1, \
     ( I mod 2 =:= 0 -> M = x ; M = o ), ignore(move(X, Y, M)), seen(S), \
     ( I mod 7 =:= 0 -> retract(cell(X, Y, _)), assertz(cell(X, Y, b)) ; true ), \
     write(S), nl))",
    "board, forall(cell(X, Y, b), (retract(cell(X, Y, b)), assertz(cell(X, Y, x)))), \
     seen(A), findall(X-Y-M, cell(X, Y, M), L), writeq(A/L)",
    "board, seen(_), clause(cell(2, 1, b), true, R), erase(R), seen(A), \
     assertz(cell(2, 1, z), R2), seen(B), findall(Y, cell(2, Y, _), C), erase(R2), seen(D), \
     writeq([A, B, C, D])",
    "findall(N, (member(K, [a1, a9, a12, b]), s(N, K, _)), L), writeq(L)",
];

#[test]
fn indexed_calls_answer_the_same_with_the_fast_paths_on_and_off() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    for goal in GOALS {
        let (a, b) = (run(&mut on, goal), run(&mut off, goal));
        assert!(!a.is_empty() && !a.contains("error"), "{goal}: {a}");
        assert_eq!(a, b, "{goal}");
    }
}

#[test]
fn the_clause_database_limit_raises_a_catchable_resource_error() {
    let mut m = loaded(true);
    let goal = "set_prolog_flag(clause_database_limit, 2000000), \
                catch(forall(between(1, 1000000, I), assertz(g(I, I, I))), \
                      error(resource_error(R), clause_database(Limit)), true), \
                aggregate_all(count, g(_, _, _), N), writeq(R/Limit), \
                (N > 1000, N < 100000 -> write(' partly') ; write(N)), \
                retractall(g(_, _, _)), assertz(g(1, 2, 3)), g(1, X, _), write(' '), write(X)";
    assert_eq!(run(&mut m, goal), "memory/2000000 partly 2");
    assert_eq!(
        run(
            &mut m,
            "current_prolog_flag(clause_database_limit, L), writeq(L)"
        ),
        "2000000"
    );
}

#[test]
fn a_small_state_changed_by_erase_and_clause_references_answers_as_swi_prolog_does() {
    let mut m = loaded(true);
    // The answer swipl 9 gives for the same goal.
    let goal = "board, seen(_), clause(cell(2, 1, b), true, R), erase(R), seen(A), \
                assertz(cell(2, 1, z), R2), seen(B), findall(Y, cell(2, Y, _), C), erase(R2), \
                seen(D), writeq([A, B, C, D])";
    let row = "[1-1-b,2-2-b,3-1-b]/[1-1,1-2,1-3,2-2,2-3,3-1,3-2,3-3]/[]/[]";
    assert_eq!(run(&mut m, goal), format!("[{row},{row},[2,3,1],{row}]"));
}
