//! Games in GDL (docs/gdl.md): rule sheets written for these tests, tic-tac-toe and Connect
//! Four, played through the game protocol give the library's native games' perft at every depth
//! (the native games' counts are checked against published tables elsewhere), the textbook
//! search over the sheet finds tic-tac-toe's solved value, `ply match` plays a sheet, and a sheet
//! that breaks GDL's rules is refused with diagnostics at their places. Sheets in Prolog syntax
//! read as KIF ones do; the predicates for any game (`gdl_roles/1`, `gdl_joint_moves/2`, ...)
//! play a simultaneous-move and a three-player sheet, whose trees are counted here by hand;
//! rules that recurse end (tabling) or raise a resource error; an illegal move in a match is
//! refused with the legal list; and, where /work/ext/ggp holds the ggp-repository's sheets
//! (docs/gdl.md, "Public rule sheets"), a set of them read, check and play to the end.

use crate::support::run::ply;

const TTT: &str = "programs/gdl/tictactoe.kif";
const C4: &str = "programs/gdl/connect4.kif";

/// perft at depths 1..=`depth` of the start of `game` (a name term), one count per line.
fn perfts(game: &str, depth: u32) -> Vec<u64> {
    let goal = format!(
        "initial_position({game}, inf, P), forall(between(1, {depth}, N), \
         (perft(P, N, C), write(C), nl))"
    );
    let (out, err, code) = ply(&["-q", "-g", &goal, "-t", "halt"], "");
    assert_eq!(code, 0, "{goal}\n{out}\n{err}");
    out.lines()
        .map(|l| l.trim().parse().unwrap_or_else(|_| panic!("{l}\n{err}")))
        .collect()
}

#[test]
fn tictactoe_in_gdl_has_the_native_games_perft_to_depth_five() {
    let native = perfts("tictactoe", 5);
    assert_eq!(native.len(), 5);
    assert_eq!(perfts(&format!("gdl('{TTT}')"), 5), native);
}

/// The whole tree, which takes a minute in a debug build: `cargo test --release --test it --
/// --ignored gdl::tictactoe_in_gdl_has`.
#[test]
#[ignore]
fn tictactoe_in_gdl_has_the_native_games_perft_through_the_whole_tree() {
    let native = perfts("tictactoe", 9);
    assert_eq!(native.len(), 9);
    assert_eq!(perfts(&format!("gdl('{TTT}')"), 9), native);
}

#[test]
fn connect_four_in_gdl_has_the_native_games_perft_to_depth_six() {
    let native = perfts("connect4", 6);
    assert_eq!(native.len(), 6);
    assert_eq!(perfts(&format!("gdl('{C4}')"), 6), native);
}

#[test]
fn the_textbook_minimax_over_a_sheet_finds_tictactoes_solved_value_as_the_native_engine() {
    let goal = format!(
        "initial_position(gdl('{TTT}'), inf, P), ходы(P, [P1|_]), ходы(P1, [P2|_]), \
         минимакс(P2, _, V), native_minimax(P2, _, V2, _), write(V/V2), nl"
    );
    let (out, err, code) = ply(
        &[
            "-q",
            "-g",
            &goal,
            "-t",
            "halt",
            "programs/textbook/bratko_15_3_minimax_corrected.pl",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    // X in the corner, O on the edge beside it: X wins (X takes the centre, O must block the
    // diagonal, and X's next mark threatens two lines at once), goal values 100 and 0.
    assert_eq!(out.trim(), "100/100", "{err}");
}

#[test]
fn a_sheet_is_a_game_for_ply_match() {
    let (out, err, code) = ply(&["match", TTT, "random", "alphabeta:4", "--games", "2"], "");
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(out.matches("Finished game").count(), 2, "{out}");
}

#[test]
fn a_sheet_breaking_gdls_rules_is_refused_with_diagnostics_at_their_places() {
    let dir = std::env::temp_dir().join(format!("ply-gdl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sheet = dir.join("bad.kif");
    std::fs::write(
        &sheet,
        "(role a)\n(init s)\n(legal a noop)\n(<= (next s) (true s))\n(goal a 0)\nterminal\n\
         (<= (p ?x) (true s))\n(<= (q 1) (undefined 2))\n",
    )
    .unwrap();
    let goal = format!(
        "catch(initial_position(gdl('{}'), 1, _), error(E, _), (write(caught(E)), nl))",
        sheet.display()
    );
    let (out, err, _) = ply(&["-q", "-g", &goal, "-t", "halt"], "");
    assert!(
        out.contains("caught(syntax_error(gdl_rule_sheet))"),
        "{out}\n{err}"
    );
    assert!(err.contains("unsafe rule: `?x`"), "{err}");
    assert!(err.contains("bad.kif:7:8"), "{err}");
    assert!(err.contains("`undefined/1` is not defined"), "{err}");
    assert!(err.contains("bad.kif:8:11"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

const RPS: &str = "programs/gdl/rps.kif";
const NIM3: &str = "programs/gdl/nim3.gdl";
const REACH: &str = "programs/gdl/reach.kif";

/// Run `goal` with ply and return its output, asserting that it succeeded.
fn run(goal: &str) -> String {
    let (out, err, code) = ply(&["-q", "-g", goal, "-t", "halt"], "");
    assert_eq!(code, 0, "{goal}\n{out}\n{err}");
    out
}

/// The terminal states reached by every sequence of joint moves from the start of `sheet`
/// (walked with gdl_joint_moves/2 and gdl_next/3), counted by each role's goal value: one line
/// `Role-Value-Count` for each role and each of 0, 50 and 100.
fn leaves(sheet: &str) -> String {
    let dir = crate::support::run::scratch("gdl", "leaves");
    let file = dir.join("leaf.pl");
    std::fs::write(
        &file,
        "leaf(S, S) :- gdl_terminal(S), !.\n\
         leaf(S, F) :- gdl_joint_moves(S, J), gdl_next(S, J, S1), leaf(S1, F).\n",
    )
    .unwrap();
    let out = run(&format!(
        "consult('{}'), gdl_load('{sheet}'), gdl_init(S), \
         findall(F, leaf(S, F), Fs), gdl_roles(Rs), \
         forall((member(R, Rs), member(V, [0, 50, 100])), \
                (aggregate_all(count, (member(F, Fs), gdl_goal(F, R, V)), N), \
                 format('~w-~w-~w~n', [R, V, N])))",
        file.display()
    ));
    std::fs::remove_dir_all(&dir).ok();
    out
}

#[test]
fn a_simultaneous_move_sheet_is_played_through_the_gdl_predicates() {
    let out = run(&format!(
        "gdl_load('{RPS}'), gdl_roles(Rs), write(Rs), nl, gdl_init(S), \
         aggregate_all(count, gdl_joint_moves(S, _), N), write(N), nl, \
         gdl_next(S, [does(left, rock), does(right, scissors)], S1), write(S1), nl, \
         (gdl_terminal(S1) -> write(over) ; write(playing)), nl"
    ));
    assert_eq!(
        out,
        "[left,right]\n9\n[round(1),points(left,1),points(right,0)]\nplaying\n"
    );
    // Three rounds of nine joint moves: 729 plays. A round is won by either side or tied, in
    // three ways each; the match is drawn for the 7 of the 27 round-outcome sequences with as
    // many wins each way (all ties, or one win, one loss and one tie in 6 orders), so 7 * 27 =
    // 189 plays are drawn and each side wins (729 - 189) / 2 = 270.
    assert_eq!(
        leaves(RPS),
        "left-0-270\nleft-50-189\nleft-100-270\nright-0-270\nright-50-189\nright-100-270\n"
    );
}

/// The ways to take 1 or 2 stones at a time from `heap` stones, by who takes the last one when
/// three players take turns (0 the first).
fn nim_wins(heap: usize) -> [u64; 3] {
    // ways[n][p]: plays that remove n stones in a number of takes that is p modulo 3.
    let mut ways = vec![[0u64; 3]; heap + 1];
    ways[0][0] = 1;
    for n in 1..=heap {
        for k in [1, 2] {
            if n >= k {
                for p in 0..3 {
                    ways[n][(p + 1) % 3] += ways[n - k][p];
                }
            }
        }
    }
    // The last take is take number t, made by player (t - 1) mod 3.
    let w = ways[heap];
    [w[1], w[2], w[0]]
}

#[test]
fn a_three_player_sheet_in_prolog_syntax_is_played_through_the_gdl_predicates() {
    let [red, green, blue] = nim_wins(7);
    let total = red + green + blue;
    let expected = format!(
        "red-0-{}\nred-50-0\nred-100-{red}\ngreen-0-{}\ngreen-50-0\ngreen-100-{green}\n\
         blue-0-{}\nblue-50-0\nblue-100-{blue}\n",
        total - red,
        total - green,
        total - blue
    );
    assert_eq!(leaves(NIM3), expected);
    // The joint moves at the start: red takes, the others wait.
    let out = run(&format!(
        "gdl_load('{NIM3}'), gdl_init(S), forall(gdl_joint_moves(S, J), (write(J), nl))"
    ));
    assert_eq!(
        out,
        "[does(red,take(1)),does(green,noop),does(blue,noop)]\n\
         [does(red,take(2)),does(green,noop),does(blue,noop)]\n"
    );
}

#[test]
fn a_sheet_in_prolog_syntax_is_checked_as_one_in_kif() {
    let dir = crate::support::run::scratch("gdl", "prolog_syntax");
    let sheet = dir.join("bad.gdl");
    std::fs::write(
        &sheet,
        "role(a).\ninit(s).\nlegal(a, noop).\nnext(s) :- true(s).\ngoal(a, 0).\nterminal.\n\
         p(X) :- true(s).\nq(1) :- undefined(2).\nr(1).\nr(1, 2).\n",
    )
    .unwrap();
    let goal = format!(
        "catch(gdl_load('{}'), error(E, _), (write(caught(E)), nl))",
        sheet.display()
    );
    let (out, err, _) = ply(&["-q", "-g", &goal, "-t", "halt"], "");
    assert!(
        out.contains("caught(syntax_error(gdl_rule_sheet))"),
        "{out}\n{err}"
    );
    assert!(err.contains("unsafe rule: `X`"), "{err}");
    assert!(err.contains("bad.gdl:7:3"), "{err}");
    assert!(err.contains("`undefined/1` is not defined"), "{err}");
    assert!(err.contains("bad.gdl:8:9"), "{err}");
    assert!(err.contains("`r` is used with 2 arguments"), "{err}");
    // A Prolog file marked `:- gdl.` is a rule sheet for the game predicates too.
    let marked = dir.join("nim.pl");
    let text = std::fs::read_to_string(NIM3).unwrap();
    std::fs::write(&marked, format!(":- gdl.\n{text}")).unwrap();
    let out = run(&format!(
        "initial_position(game('{}'), inf, P), perft(P, 3, N), write(N), nl",
        marked.display()
    ));
    // Red, green and blue each take 1 or 2 from 7: 2 * 2 * 2 plays of three takes.
    assert_eq!(out, "8\n");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn recursive_rules_end_by_tabling_or_with_a_resource_error() {
    // From a, the closure over the cycle a-b-c-a and the exit c-d reaches every node; the
    // relations that recurse without a base case are false, so they refuse no move.
    let out = run(&format!(
        "gdl_load('{REACH}'), gdl_init(S), findall(M, gdl_legal(S, walker, M), Ms), \
         msort(Ms, Sorted), write(Sorted), nl"
    ));
    assert_eq!(out, "[go(a),go(b),go(c),go(d)]\n");
    // Four moves from every node but d, which ends the game; three moves at most: 1 + 3 + 36
    // plays end, 1 + 3 + 9 of them at d.
    assert_eq!(leaves(REACH), "walker-0-27\nwalker-50-0\nwalker-100-13\n");
    // Rules that call themselves with ever larger terms have no fixpoint a table reaches.
    let dir = crate::support::run::scratch("gdl", "grow");
    let sheet = dir.join("grow.kif");
    std::fs::write(
        &sheet,
        "(role a) (init s) (legal a noop) (<= (next s) (true s)) (goal a 0)\n\
         (<= (p ?x) (p (f ?x)))\n(<= terminal (p 1))\n",
    )
    .unwrap();
    let out = run(&format!(
        "gdl_load('{}'), gdl_init(S), catch(gdl_terminal(S), error(E, _), true), \
         write(E), nl",
        sheet.display()
    ));
    assert_eq!(out, "resource_error(gdl_recursion_depth)\n");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_illegal_move_in_a_match_over_a_sheet_is_refused_with_the_legal_list() {
    let (out, err, code) = ply(
        &[
            "match",
            TTT,
            "programs/players/broken.pl",
            "random",
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("0-1 {MAX makes an illegal move: gdl(inf,[control(xplayer),cell(1,1,b),"),
        "{out}"
    );
    assert!(
        out.contains(
            "; legal moves: mark(1,1), mark(1,2), mark(1,3), mark(2,1), mark(2,2), mark(2,3), \
             mark(3,1), mark(3,2), mark(3,3)}"
        ),
        "{out}"
    );
}

/// Where the ggp-repository's rule sheets are kept when fetched (docs/gdl.md, "Public rule
/// sheets"); never committed.
const GGP: &str = "/work/ext/ggp";

/// Sheets of the ggp-repository of every kind: two and more players, simultaneous moves,
/// recursion (hex's paths), big boards. Each must read, check and play a random playout to a
/// terminal state where every role has a goal value.
const GGP_PLAYED: &[&str] = &[
    "breakthrough",
    "pentago",
    "chomp",
    "checkersTiny",
    "connectFourSuicide",
    "3pConnectFour",
    "connectFourSimultaneous",
    "dotsAndBoxes",
    "hex",
    "knightThrough",
    "gt_prisoner",
    "nonogram_5x5_1",
    "blockerSerial",
];

#[test]
fn public_rule_sheets_read_check_and_play_to_the_end() {
    if !std::path::Path::new(GGP).is_dir() {
        crate::support::skip::skipped(
            "gdl::public_rule_sheets_read_check_and_play_to_the_end",
            GGP,
            "the ggp-repository's rule sheets, fetched as docs/gdl.md says",
        );
        return;
    }
    let mut goal = String::new();
    for name in GGP_PLAYED {
        goal.push_str(&format!(
            "\\+ \\+ (gdl_load('{GGP}/{name}.kif'), gdl_roles(Rs), gdl_init(S), \
             gdl_random_playout(S, F, _), gdl_terminal(F), \
             forall(member(R, Rs), once(gdl_goal(F, R, _))), write('{name}'), nl), "
        ));
    }
    goal.push_str("true");
    let out = run(&goal);
    let played: Vec<&str> = out.lines().collect();
    assert_eq!(played, GGP_PLAYED);
    // A sheet that uses a relation no sentence defines is refused with the place.
    let goal = format!("catch(gdl_load('{GGP}/speedChess.kif'), error(E, _), (write(E), nl))");
    let (out, err, _) = ply(&["-q", "-g", &goal, "-t", "halt"], "");
    assert_eq!(out, "syntax_error(gdl_rule_sheet)\n", "{err}");
    assert!(
        err.contains("`coords/2` is not defined by any sentence"),
        "{err}"
    );
    assert!(err.contains("speedChess.kif:234:5"), "{err}");
}

/// The check that a state given is the one loaded (`'$nb_value_is'/2`) answers as
/// `nb_getval/2` and `==/2` do, on terms it reads in place and on those it leaves to `==/2`
/// (a variable, a float, a cyclic term); a state built by hand in another order is the same
/// game position to the entry points.
#[test]
fn the_loaded_state_check_answers_as_nb_getval_and_identity() {
    let goal = "forall(member(V-T, [[a(1),b([x,y]),c]-[a(1),b([x,y]),c], \
         [a(1),b([x,y]),c]-[a(1),b([x,z]),c], [a(1)]-[a(1)|_], f(X)-f(X), f(1.5)-f(1.5), \
         f(1.5)-f(2.5), g(a)-f(a), 7-7, 7-8]), \
         (nb_setval(k, V), ('$nb_value_is'(k, T) -> R = yes ; R = no), \
          nb_getval(k, C), (C == T -> R0 = yes ; R0 = no), write(R/R0), nl)), \
         X = [c|X], nb_setval(k, X), ('$nb_value_is'(k, X) -> writeln(cyclic) ; true), \
         gdl_load('programs/gdl/tictactoe.kif'), gdl_init(S), reverse(S, S1), \
         findall(M, gdl_legal(S, xplayer, M), Ms), findall(M, gdl_legal(S1, xplayer, M), Ms1), \
         length(Ms, N), (Ms == Ms1 -> writeln(N) ; writeln(differ))";
    assert_eq!(
        run(goal),
        "yes/yes\nno/no\nno/no\nno/no\nyes/yes\nno/no\nno/no\nyes/yes\nno/no\ncyclic\n9\n"
    );
}

/// A role's legal moves as one sorted list answer as collecting and sorting `gdl_legal/3`'s
/// moves, in tic-tac-toe's first two states and in a simultaneous-move game's, and
/// `gdl_joint_moves/2`, built from those lists, gives the joint moves in the order of
/// enumerating each role's moves in turn; a role left unbound is an instantiation error.
#[test]
fn legal_move_lists_answer_as_collecting_the_legal_moves() {
    let goal = "forall(member(F, ['programs/gdl/tictactoe.kif', 'programs/gdl/rps.kif']), \
         (gdl_load(F), gdl_init(S0), gdl_roles(Rs), once(gdl_joint_moves(S0, J0)), \
          gdl_next(S0, J0, S1), \
          forall(member(S, [S0, S1]), \
           (forall(member(R, Rs), (gdl_legal_moves(S, R, L), \
               findall(M, gdl_legal(S, R, M), L0), sort(L0, L1), \
               (L == L1 -> length(L, N), writeln(R-N) ; writeln(differ(R, L, L1))))), \
            findall(J, gdl_joint_moves(S, J), Js), \
            findall(J, maplist([R, does(R, M)]>>gdl_legal(S, R, M), Rs, J), Js1), \
            (Js == Js1 -> length(Js, K), writeln(joint(K)) ; writeln(differ(Js, Js1))))))), \
         catch(gdl_legal_moves(_, _, _), error(E, _), true), writeln(E)";
    assert_eq!(
        run(goal),
        "xplayer-9\noplayer-1\njoint(9)\nxplayer-1\noplayer-8\njoint(8)\n\
         left-3\nright-3\njoint(9)\nleft-3\nright-3\njoint(9)\ninstantiation_error\n"
    );
}

/// A disjunction naming a variable once in each branch and nowhere else (a role that may have
/// made either move) translates without a singleton warning, and still means "some role".
#[test]
fn a_variable_only_in_the_branches_of_an_or_loads_without_a_warning() {
    let dir = crate::support::run::scratch("gdl", "or_branches");
    let sheet = dir.join("moved.kif");
    std::fs::write(
        &sheet,
        "(role p) (init (step 0))\n\
         (<= (legal p a) (true (step 0))) (<= (legal p b) (true (step 0)))\n\
         (<= (next (step 1)) (or (does ?r a) (does ?r b)))\n\
         (<= terminal (true (step 1)))\n\
         (<= (goal p 100) (true (step 1))) (<= (goal p 0) (true (step 0)))\n",
    )
    .unwrap();
    let goal = format!(
        "gdl_load('{}'), gdl_init(S), forall(gdl_joint_moves(S, J), \
         (gdl_next(S, J, S1), write(J-S1), nl))",
        sheet.display()
    );
    let (out, err, code) = ply(&["-q", "-g", &goal, "-t", "halt"], "");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "[does(p,a)]-[step(1)]\n[does(p,b)]-[step(1)]\n");
    assert!(!err.contains("Singleton"), "{err}");
}

/// States given by a program rather than made by the sheet answer as the sheet's rules over
/// their facts: facts with compound arguments, facts of a function the sheet never writes (and
/// a number), an unsorted state, and facts with variables, whose arguments keep sharing them
/// (`at(pos(Z, Z), k)`). The expected lines are what the translation gave when the state was
/// held as asserted facts.
#[test]
fn states_made_by_hand_answer_as_the_rules_over_their_facts() {
    let dir = crate::support::run::scratch("gdl", "hand_states");
    let sheet = dir.join("nested.kif");
    std::fs::write(
        &sheet,
        "(role p) (init (at (pos 1 2) x)) (init (at (pos 2 2) o)) (init (count 0))\n\
         (<= (legal p (go ?a ?b)) (true (at (pos ?a ?b) x)))\n\
         (<= (legal p (see ?c)) (true (at (pos 2 ?b) ?c)) (true (count ?n)))\n\
         (<= (next (at (pos ?b ?a) x)) (does p (go ?a ?b)))\n\
         (<= (next (count 1)) (does p (go ?a ?b)))\n\
         (<= terminal (true (count 1)))\n\
         (<= (goal p 100) (true (count 1))) (<= (goal p 0) (true (count 0)))\n",
    )
    .unwrap();
    let goal = format!(
        "gdl_load('{}'), gdl_init(S0), writeln(S0), gdl_legal_moves(S0, p, L0), writeln(L0), \
         gdl_next(S0, [does(p, go(1,2))], S1), writeln(S1), \
         gdl_legal_moves([at(pos(2,_),_),count(3),at(pos(Z,Z),k)], p, L2), \
         \\+ \\+ (numbervars(L2, 0, _), print(L2)), nl, \
         gdl_legal_moves([foo,count(0),at(pos(2,5),q),3,at(pos(1,1),x)], p, L3), writeln(L3), \
         (gdl_terminal(S1) -> writeln(end) ; writeln(going)), \
         findall(V, gdl_goal(S1, p, V), Vs), writeln(Vs)",
        sheet.display()
    );
    assert_eq!(
        run(&goal),
        "[count(0),at(pos(1,2),x),at(pos(2,2),o)]\n[see(o),go(1,2)]\n\
         [count(1),at(pos(2,1),x)]\n[see(A),see(k),go(2,B)]\n[see(q),go(1,1)]\nend\n[100]\n"
    );
}
