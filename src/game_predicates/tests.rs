//! The game predicates through the machine's query API: several machines on one thread, whose
//! atom indices differ, must never see each other's cached atoms or positions.

use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::Cell;

/// What `goal` prints, run to its first answer; panics unless it succeeds.
pub(crate) fn run(m: &mut Machine, goal: &str) -> String {
    let text = format!("{goal}. ");
    let read = m.read_from(&text, 0).expect("syntax").expect("a term").0;
    m.services.out.begin_capture();
    let answer = m.solve_once(read.term);
    let out = m.services.out.end_capture();
    assert!(matches!(answer, Answer::True), "{goal}: {answer:?}");
    out
}

const WALK: &str = "initial_position(tictactoe, 2, P), ходы(P, [A | _]), ходы(A, [B | _]), \
                    ход_мина(A), стат_оц(B, V), writeq(B/V)";

#[test]
fn machines_on_one_thread_keep_their_own_atoms_and_positions() {
    let want = "ttt(0,x,3,lines,[[x,o,e],[e,e,e],[e,e,e]])/1";
    let mut first = crate::system::machine();
    assert_eq!(run(&mut first, WALK), want);
    // The second machine interns other atoms first, so `x`, `o` and `e` get other indices.
    let mut second = crate::system::machine();
    run(
        &mut second,
        "atom_length(zz_one, _), atom_length(zz_two, _), X = zz_three(q), X \\== 1",
    );
    assert_eq!(run(&mut second, WALK), want);
    // Back to the first, whose positions still sit on its heap: still the right answers.
    assert_eq!(run(&mut first, WALK), want);
    let goal = "initial_position(connect4, 1, P), ходы(P, L), length(L, N), write(N)";
    assert_eq!(run(&mut second, goal), "7");
    assert_eq!(run(&mut first, goal), "7");
}

#[test]
fn a_program_replaces_a_game_predicate_silently() {
    let mut m = crate::system::machine();
    m.consult_text("стат_оц(_, 42).\n", "own.pl", None);
    assert_eq!(
        run(
            &mut m,
            "initial_position(tictactoe, 1, P), стат_оц(P, V), write(V)"
        ),
        "42"
    );
    // The English name is the same predicate: the program's definition answers under it too.
    assert_eq!(
        run(
            &mut m,
            "initial_position(tictactoe, 1, P), staticval(P, V), write(V)"
        ),
        "42"
    );
}

/// Every position of `game` down to `depth` plies: `ходы/2`, `стат_оц/2`, `ход_мина/1` and
/// `ход_макса/1` (through the bridge) against the successors `ход/3` lists and
/// the side and value the general path reads from a fresh copy of the term.
fn walk_agrees(game: &str, depth: u32) -> String {
    let mut m = crate::system::machine();
    m.consult_text(
        "agree(P) :- \
             findall(S, ход(P, S, _), Slow), \
             ( ходы(P, Fast) -> true ; Fast = [] ), \
             ( Fast == Slow -> true ; throw(moves_differ(P, Fast, Slow)) ), \
             стат_оц(P, V), \
             ( ход_макса(P) -> Side = max ; Side = min ), \
             ( ход_мина(P) -> Side == min ; Side == max ), \
             copy_term(P, Q), \
             ( Q = ttt(D, T, K, E, Rows), с_глубиной(ttt(D, T, K, E, Rows), D, R), R == P -> true \
             ; throw(copy_differs(P)) ), \
             стат_оц(Q, V), \
             agree_all(Fast). \
         agree_all([]). \
         agree_all([P | Ps]) :- agree(P), agree_all(Ps). \
         count(P, N) :- findall(x, (sub(P, _)), L), length(L, N). \
         sub(P, P). \
         sub(P, Q) :- ходы(P, L), member(S, L), sub(S, Q).\n",
        "agree.pl",
        None,
    );
    run(
        &mut m,
        &format!("initial_position({game}, {depth}, P), agree(P), count(P, N), write(N)"),
    )
}

#[test]
fn the_bridge_answers_as_the_general_path() {
    // 1 + 9 + 72 + 504 positions in the first three plies of tic-tac-toe.
    assert_eq!(walk_agrees("tictactoe", 3), "586");
    assert_eq!(walk_agrees("tictactoe(3, winloss)", 3), "586");
    // 1 + 16 + 240 on the 4x4 board.
    assert_eq!(walk_agrees("tictactoe(4)", 2), "257");
    // 4 rows of 5, k = 3: 1 + 20 + 380.
    assert_eq!(walk_agrees("tictactoe(4, 5, 3, winloss)", 2), "401");
}

#[test]
fn the_bridge_leaves_bad_terms_to_the_general_path() {
    let mut m = crate::system::machine();
    let goal = "catch(ходы(ttt(1, o, 3, lines, [[e,e,e],[e,e,e],[e,e,e]]), _), \
                error(E, _), true), writeq(E)";
    assert_eq!(
        run(&mut m, goal),
        "domain_error(ttt_position,ttt(1,o,3,lines,[[e,e,e],[e,e,e],[e,e,e]]))"
    );
    let goal =
        "catch(ход_мина(ttt(1, x, 3, lines, [[e,e,e],[e,q,e],[e,e,e]])), error(E, _), true), \
                writeq(E)";
    assert_eq!(run(&mut m, goal), "domain_error(ttt_square,q)");
    // A board built with variables bound afterwards is read through them.
    let goal = "R = [A, B, C], A = e, B = x, C = e, \
                P = ttt(2, o, 3, lines, [[e,e,e], R, [e,e,e]]), ходы(P, L), length(L, N), \
                L = [F | _], writeq(N/F)";
    assert_eq!(
        run(&mut m, goal),
        "8/ttt(1,x,3,lines,[[o,e,e],[e,x,e],[e,e,e]])"
    );
}

#[test]
fn a_remembered_position_changed_by_setarg_is_read_again() {
    // `A` is the first successor, X in the corner (3 lines open to X, 5 to O). Moving its X to
    // the edge in place leaves 2 lines for X and 6 for O, whatever was remembered about `A`;
    // a fresh copy, which nothing remembers, must agree.
    let mut m = crate::system::machine();
    let goal = "initial_position(tictactoe, 2, P), ходы(P, [A | _]), стат_оц(A, V0), \
                A = ttt(_, _, _, _, [R1, R2 | _]), setarg(1, R1, e), setarg(1, R2, x), \
                стат_оц(A, V1), copy_term(A, C), стат_оц(C, V2), writeq(V0/V1/V2)";
    assert_eq!(run(&mut m, goal), "3/2/2");
    // Undoing the change on backtracking is a change too: inside, the board is empty with X
    // to move (value 0); after, it is `A` again.
    let goal = "initial_position(tictactoe, 2, P), ходы(P, [A | _]), стат_оц(A, V0), \
                A = ttt(_, _, _, _, [R1 | _]), \
                ( setarg(1, R1, e), setarg(2, A, x), стат_оц(A, V1), nb_setval(inside, V1), \
                  fail ; true ), \
                nb_getval(inside, V1), стат_оц(A, V2), writeq(V0/V1/V2)";
    assert_eq!(run(&mut m, goal), "3/0/3");
}

/// The bridge's successors of `c`.
fn successors(m: &mut Machine, c: Cell) -> Cell {
    super::on_bridge(m, c, None, |b, cx, c| b.successors(cx, c)).expect("a position")
}

/// The bridge's static value of `c`.
fn static_value(m: &mut Machine, c: Cell) -> i64 {
    super::on_bridge(m, c, None, |b, cx, c| b.static_value(cx, c)).expect("a position")
}

/// The bridge's answer to whether MAX moves in `c`.
fn max_to_move(m: &mut Machine, c: Cell) -> bool {
    super::on_bridge(m, c, None, |b, cx, c| b.max_to_move(cx, c)).expect("a position")
}

/// A machine with the position `start` on its heap and that position's successors written by
/// the bridge, with `start` and its first successor `A`. `start` is the empty classic board
/// with X to move and the evaluation by lines, so `A` has X in the corner, is worth 3 and has
/// O to move; the bridge must answer so for `A` as it remembers it, which is checked here
/// before the caller changes the heap under it.
fn start_and_first_successor(start: &str) -> (Machine, Cell, Cell) {
    let mut m = crate::system::machine();
    let p = m
        .read_from(&format!("{start}. "), 0)
        .expect("syntax")
        .expect("a term")
        .0
        .term;
    let list = successors(&mut m, p);
    let a = m.stacks.heap.deref(m.stacks.heap.cells[list.addr()]);
    assert_eq!(static_value(&mut m, a), 3);
    assert!(!max_to_move(&mut m, a));
    (m, p, a)
}

#[test]
fn a_remembered_position_is_forgotten_when_the_heap_is_cut_below_it() {
    let (mut m, p, a) = start_and_first_successor("ttt(2, x, 3, lines, [[e,e,e],[e,e,e],[e,e,e]])");
    // Cut the heap back to `A`'s own cells and build another position in their place: the
    // empty board again, X to move, through the rows of `P`.
    let at = a.addr();
    let rows = m.stacks.heap.arg(m.stacks.heap.deref(p), 4);
    m.stacks.heap.truncate(at);
    let p = m.stacks.heap.deref(p);
    let functor = m.stacks.heap.functor_of(p);
    let block = [
        functor,
        Cell::int(1),
        m.stacks.heap.arg(p, 1),
        Cell::int(3),
        m.stacks.heap.arg(p, 3),
        rows,
    ];
    m.stacks.heap.cells.extend_from_slice(&block);
    assert_eq!(a, Cell::structure(at));
    assert_eq!(static_value(&mut m, a), 0);
    assert!(max_to_move(&mut m, a));
}

#[test]
fn a_position_with_no_horizon_changed_by_setarg_is_read_again() {
    // As above with no horizon: the X moves along its row. After the change, the same board
    // built again must be a new term.
    let mut m = crate::system::machine();
    let goal = "initial_position(tictactoe, inf, P), ходы(P, [A | _]), стат_оц(A, V0), \
                A = ttt(_, _, _, _, [R1 | _]), R1 = [_ | T1], setarg(1, R1, e), setarg(1, T1, x), \
                стат_оц(A, V1), copy_term(A, C), стат_оц(C, V2), \
                ходы(P, [B | _]), стат_оц(B, V3), ( B == A -> S = same ; S = fresh ), \
                writeq(V0/V1/V2/V3/S)";
    assert_eq!(run(&mut m, goal), "3/2/2/3/fresh");
}

/// What `initial_position(Game, inf, P)` makes of `game`: the start position, its first
/// successor, the depth `глубина/2` gives that successor, and whether both read back `==` after
/// `writeq/1`, as `Start Succ Depth same`.
fn unlimited_walk(m: &mut Machine, game: &str) -> String {
    let goal = format!(
        "initial_position({game}, inf, P), ходы(P, [S | _]), глубина(S, D), \
         forall(member(T, [P, S]), \
                ( with_output_to(atom(A), writeq(T)), term_to_atom(T2, A), T2 == T )), \
         format('~q ~q ~q same', [P, S, D])"
    );
    run(m, &goal)
}

#[test]
fn an_unlimited_horizon_is_inf_and_never_counts_down() {
    let mut m = crate::system::machine();
    let out = unlimited_walk(&mut m, "tictactoe");
    assert_eq!(
        out,
        "ttt(inf,x,3,lines,[[e,e,e],[e,e,e],[e,e,e]]) \
         ttt(inf,o,3,lines,[[x,e,e],[e,e,e],[e,e,e]]) inf same"
    );
    let out = unlimited_walk(&mut m, "connect4");
    assert_eq!(
        out,
        "c4(inf,x,[[],[],[],[],[],[],[]]) c4(inf,o,[[x],[],[],[],[],[],[]]) inf same"
    );
    let out = unlimited_walk(&mut m, "chess");
    let words: Vec<&str> = out.split(' ').collect();
    assert!(words[0].starts_with("chess(inf,white,"), "{out}");
    assert!(words[1].starts_with("chess(inf,black,"), "{out}");
    assert_eq!(words[2..], ["inf", "same"], "{out}");
    for game in ["kalah(6,4)", "coins(7)", "checkers", "othello", "puzzle8"] {
        let out = unlimited_walk(&mut m, game);
        assert!(out.ends_with(" inf same"), "{game}: {out}");
        assert!(!out.contains("429496729"), "{game}: {out}");
    }
}

#[test]
fn the_bridge_keeps_inf_as_the_general_path_does() {
    // Two plies down from an unlimited start through the bridge, against the
    // successors `ход/3` lists through the general one.
    let mut m = crate::system::machine();
    let goal = "initial_position(tictactoe(3, winloss), inf, P), ходы(P, [_, A | _]), \
                ходы(A, Fast), findall(S, ход(A, S, _), Slow), Fast == Slow, \
                Fast = [B | _], ход_макса(B), стат_оц(B, V), writeq(B/V)";
    assert_eq!(
        run(&mut m, goal),
        "ttt(inf,x,3,winloss,[[o,x,e],[e,e,e],[e,e,e]])/0"
    );
    // A term typed with `inf` is read by the bridge too.
    let goal = "ходы(ttt(inf, o, 3, lines, [[x,e,e],[e,e,e],[e,e,e]]), [C | _]), writeq(C)";
    assert_eq!(
        run(&mut m, goal),
        "ttt(inf,x,3,lines,[[x,o,e],[e,e,e],[e,e,e]])"
    );
    // The one integer that would mean the same is refused, so that a term reads back as it was.
    let goal = "catch(ходы(ttt(4294967295, x, 3, lines, [[e,e,e],[e,e,e],[e,e,e]]), _), \
                error(E, _), true), writeq(E)";
    assert_eq!(run(&mut m, goal), "domain_error(depth,4294967295)");
}

#[test]
fn a_finite_horizon_counts_down_to_zero() {
    let mut m = crate::system::machine();
    for game in ["tictactoe", "connect4", "chess"] {
        let goal = format!(
            "initial_position({game}, 2, P), ходы(P, [A | _]), ходы(A, [B | _]), \
             глубина(A, DA), глубина(B, DB), \\+ ходы(B, _), writeq(DA/DB)"
        );
        assert_eq!(run(&mut m, &goal), "1/0", "{game}");
    }
}
