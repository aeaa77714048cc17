//! Monte Carlo tree search, random playouts and proof-number search (docs/mcts.md): the Prolog
//! programs of programs/search/ against the natives on every library game, a game written in
//! Prolog and a GDL game; the playout generator written out in Prolog from its documentation
//! against `playout/4`; proof-number search against the published values of tic-tac-toe and the
//! coin game and against alpha-beta to the end; and the `mcts:N` player in matches.
//!
//! The drivers are in tests/mcts/agree.pl. Each check prints a line; the expected lines are
//! computed here from the definitions (the root of a search with I iterations gives its children
//! I - 1 visits), from tests/facts/tictactoe_and_coins.txt, or from a second engine.

use crate::support::run::ply;

const PROGRAMS: &[&str] = &[
    "programs/search/mcts_en.pl",
    "programs/search/mcts_ru.pl",
    "programs/search/pns_en.pl",
    "programs/search/pns_ru.pl",
    "tests/mcts/agree.pl",
];

/// Standard output of the goal run over the programs and the drivers; panics on an error.
fn run(goal: &str) -> String {
    let mut args = vec!["-q", "-g", goal, "-t", "halt"];
    args.extend(PROGRAMS);
    let (out, err, status) = ply(&args, "");
    assert!(
        status == 0 && !err.contains("ERROR") && !err.contains("Warning"),
        "{goal}: status {status}\n{out}\n{err}"
    );
    out
}

/// The line `mcts_agree/4` prints when all agree: every case, each root's children visited
/// `iterations - 1` times.
fn agreed(game: &str, plies: usize, iterations: usize, seeds: usize) -> String {
    let cases = plies * seeds;
    format!("{game} {cases} cases {} visits\n", cases * (iterations - 1))
}

#[test]
fn mcts_agrees_visit_for_visit_on_every_library_game() {
    let games: &[(&str, &str, usize, &str, usize)] = &[
        ("tictactoe", "[0,2,5]", 300, "[1,2]", 2),
        ("tictactoe(4)", "[0,3]", 100, "[5]", 1),
        ("coins(13,3)", "[0,2]", 100, "[1,-2]", 2),
        ("puzzle8", "[0]", 30, "[1]", 1),
        ("connect4", "[0,3,9]", 150, "[1,2]", 2),
        ("kalah", "[0,3]", 100, "[1]", 1),
        ("othello", "[0,5]", 60, "[1]", 1),
        ("checkers", "[0,5]", 60, "[1]", 1),
        ("chess", "[0,6]", 40, "[3]", 1),
    ];
    let mut goal = String::new();
    let mut expected = String::new();
    for &(game, plies, iterations, seeds, nseeds) in games {
        goal += &format!("mcts_agree({game}, {plies}, {iterations}, {seeds}), ");
        let nplies = plies.matches(',').count() + 1;
        expected += &agreed(game, nplies, iterations, nseeds);
    }
    goal += "true";
    assert_eq!(run(&goal), expected);
}

#[test]
fn mcts_agrees_on_a_game_written_in_prolog_and_on_gdl() {
    let nim = "game('programs/games/nim.pl')";
    assert_eq!(
        run(&format!("mcts_agree({nim}, [0,1,2], 200, [1,2,3])")),
        agreed(nim, 3, 200, 3)
    );
    let gdl = "gdl('programs/gdl/tictactoe.kif')";
    assert_eq!(
        run(&format!("mcts_agree({gdl}, [0,2], 60, [1])")),
        agreed(gdl, 2, 60, 1)
    );
}

#[test]
fn playouts_make_the_documented_random_choices() {
    // Seeds around 0, negative ones and ones past 64 bits, which are taken modulo 2^64.
    let seeds = "[0,1,2,3,4,5,6,7,8,9,-1,18446744073709551615,99999999999999999999999]";
    let out = run(&format!(
        "playouts_agree(tictactoe, {seeds}), playouts_agree(connect4, {seeds}), \
         playouts_agree(checkers, [1,2]), playouts_agree(kalah(3,3), {seeds})"
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (line, n) in lines.iter().zip([13, 13, 2, 13]) {
        assert!(line.contains(&format!(" {n} same ")), "{line}");
    }
    // Random tic-tac-toe is won by either side or drawn, depending on the seed.
    assert!(lines[0].ends_with("[draw,max,min]"), "{}", lines[0]);
    let nim = run("playouts_agree(game('programs/games/nim.pl'), [1,2,3,4,5,6])");
    assert_eq!(nim, "game('programs/games/nim.pl') 6 same [max,min]\n");
}

#[test]
fn proof_number_search_proves_the_published_values() {
    // tictactoe_and_coins.txt: tic-tac-toe is a draw, so neither side can force a win.
    let out = run("pns_agree(tictactoe, 0, max), pns_agree(tictactoe, 0, min)");
    assert_eq!(
        out,
        "tictactoe 0 max: disproven\ntictactoe 0 min: disproven\n"
    );
    // The coin game (take 1 or 2, the last coin loses): the side to move loses exactly when
    // N mod 3 = 1; MAX moves first.
    let mut goal = String::new();
    let mut expected = String::new();
    for n in 1..=12 {
        goal += &format!("pns_agree(coins({n}), 0, max), pns_agree(coins({n}), 0, min), ");
        let (max, min) = if n % 3 == 1 {
            ("disproven", "proven")
        } else {
            ("proven", "disproven")
        };
        expected += &format!("coins({n}) 0 max: {max}\ncoins({n}) 0 min: {min}\n");
    }
    goal += "true";
    assert_eq!(run(&goal), expected);
}

#[test]
fn proof_number_search_agrees_with_alpha_beta_to_the_end() {
    // Late Connect Four positions and small Kalah games: proven for MAX exactly when the value
    // is positive, for MIN exactly when it is negative.
    let cases = [
        ("connect4", 22),
        ("connect4", 20),
        ("kalah(3,2)", 0),
        ("coins(10)", 0),
    ];
    let goal: Vec<String> = cases
        .iter()
        .map(|(g, k)| format!("pns_value({g}, {k})"))
        .collect();
    let out = run(&goal.join(", "));
    let mut signs = Vec::new();
    for line in out.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        let sign: i64 = w[4].parse().unwrap();
        assert_eq!(w[2] == "proven", sign > 0, "{line}");
        assert_eq!(w[3] == "proven", sign < 0, "{line}");
        signs.push(sign);
    }
    assert_eq!(signs.len(), cases.len(), "{out}");
    // Each Prolog program expands what the native expands on the Connect Four positions.
    let out = run("pns_agree(connect4, 22, max), pns_agree(connect4, 20, min)");
    assert!(!out.contains("disagree"), "{out}");
}

/// The score `W - L - D` of the first player in `ply match`'s summary (its last score line).
fn score(args: &[&str]) -> (u32, u32, u32) {
    let (out, err, status) = ply(args, "");
    assert_eq!(status, 0, "{out}\n{err}");
    let line = out
        .lines()
        .rfind(|l| l.starts_with("Score of"))
        .unwrap_or_else(|| panic!("no score in\n{out}"));
    let tail = line.split(": ").nth(1).unwrap();
    let n: Vec<u32> = tail
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(3)
        .map(|s| s.parse().unwrap())
        .collect();
    (n[0], n[1], n[2])
}

#[test]
fn mcts_5000_never_loses_tictactoe_and_draws_against_alphabeta_9() {
    let base = ["match", "tictactoe", "mcts:5000"];
    let (w, l, d) = score(&[&base[..], &["random", "--games", "8", "--concurrency", "1"]].concat());
    assert_eq!((l, w + d), (0, 8), "against random");
    let (w, l, d) = score(
        &[
            &base[..],
            &[
                "alphabeta:9",
                "--games",
                "4",
                "--random-openings",
                "1",
                "--concurrency",
                "1",
            ],
        ]
        .concat(),
    );
    assert_eq!((w, l, d), (0, 0, 4), "against alphabeta:9");
}

#[test]
fn pns_never_loses_tictactoe_and_wins_the_coin_game_from_a_won_pile() {
    let (w, l, d) = score(&[
        "match",
        "tictactoe",
        "pns",
        "random",
        "--games",
        "6",
        "--concurrency",
        "1",
    ]);
    assert_eq!((l, w + d), (0, 6), "against random");
    let (w, l, d) = score(&[
        "match",
        "tictactoe",
        "pns",
        "alphabeta:9",
        "--games",
        "2",
        "--concurrency",
        "1",
    ]);
    assert_eq!((w, l, d), (0, 0, 2), "against alphabeta:9");
    // 8 coins: the first player wins (8 mod 3 = 2), so each side wins the game it starts.
    let (w, l, d) = score(&[
        "match",
        "coins(8)",
        "pns",
        "alphabeta:inf",
        "--games",
        "2",
        "--concurrency",
        "1",
    ]);
    assert_eq!((w, l, d), (1, 1, 0), "against alphabeta:inf");
}

#[test]
fn mcts_and_pns_play_with_a_time_a_move() {
    // Tic-tac-toe is small enough that 100 ms of playouts never lose to random, and that
    // proof-number search proves every move in its time.
    let (w, l, d) = score(&[
        "match",
        "tictactoe",
        "mcts:time=100",
        "random",
        "--games",
        "4",
        "--concurrency",
        "1",
    ]);
    assert_eq!((l, w + d), (0, 4), "mcts:time=100 against random");
    let (w, l, d) = score(&[
        "match",
        "tictactoe",
        "pns:time=500",
        "alphabeta:9",
        "--games",
        "2",
        "--concurrency",
        "1",
    ]);
    assert_eq!((w, l, d), (0, 0, 2), "pns:time=500 against alphabeta:9");
    // Connect Four is too large to prove from the start: the searches stop at the deadline and
    // the games are played to the end at the match's pace.
    let (w, l, d) = score(&[
        "match",
        "connect4",
        "pns:time=20",
        "mcts:time=20:3",
        "--games",
        "2",
        "--concurrency",
        "1",
        "--max-plies",
        "12",
    ]);
    assert_eq!(w + l + d, 2);
}

#[test]
fn mcts_plays_a_game_written_in_prolog_in_a_match() {
    let (w, l, d) = score(&[
        "match",
        "programs/games/nim.pl",
        "mcts:300:7",
        "random",
        "--games",
        "2",
        "--concurrency",
        "1",
    ]);
    assert_eq!(w + l + d, 2);
}

#[test]
fn search_tree_shows_each_iteration_as_a_path() {
    // Twelve iterations on tic-tac-toe's nine moves: the first plays out from the root (one
    // call of descend/5), the next nine visit a new square each (two calls), the last two
    // expand a square and play out from its first reply (three calls): 1 + 18 + 6.
    let svg = std::env::temp_dir().join(format!("ply_mcts_tree_{}.svg", std::process::id()));
    let goal = format!(
        "initial_position(tictactoe, inf, P), search_tree(descend/5, mcts(P, 12, 1, _, V), \
         '{}', [nodes(K)]), native_mcts(P, 12, 1, _, V), write(K), nl",
        svg.display()
    );
    assert_eq!(run(&goal), "25\n");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    assert!(
        drawn.contains("<title>25 calls of descend/5</title>"),
        "{drawn}"
    );
}

#[test]
fn bad_arguments_are_errors() {
    let cases = [
        ("playout(foo, 1, _)", "type_error(game_position,foo)"),
        (
            "initial_position(tictactoe, inf, P), playout(P, _, _)",
            "instantiation_error",
        ),
        (
            "initial_position(tictactoe, inf, P), playout(P, a, _)",
            "type_error(integer,a)",
        ),
        (
            "initial_position(tictactoe, inf, P), native_mcts(P, -1, 1, _, _)",
            "domain_error(not_less_than_zero,-1)",
        ),
        (
            "initial_position(tictactoe, inf, P), native_pns(P, x, _, _)",
            "domain_error(side,x)",
        ),
    ];
    for (goal, error) in cases {
        let g = format!("catch(({goal}), error(E, _), (writeq(E), nl))");
        assert_eq!(run(&g), format!("{error}\n"), "{goal}");
    }
}

#[test]
fn apropos_finds_the_searches_by_their_names() {
    let cases = [
        ("mcts", "native_mcts/5"),
        ("'Monte Carlo'", "native_mcts/5"),
        ("'UCT'", "native_mcts/5"),
        ("playout", "playout/4"),
        ("'proof-number'", "native_pns/4"),
    ];
    for (word, found) in cases {
        let out = run(&format!("apropos({word})"));
        assert!(
            out.lines().any(|l| l.starts_with(found)),
            "apropos({word}):\n{out}"
        );
    }
    let help = run("help(розыгрыш/4)");
    assert!(
        help.contains("playout(+Pos, +Seed, -Result, -Length)"),
        "{help}"
    );
}
