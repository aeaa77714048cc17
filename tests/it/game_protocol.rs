//! Games written in Prolog (docs/games.md, "Games written in Prolog") and the game predicates'
//! two names. The example games `programs/games/nim.pl` (Russian names) and
//! `programs/games/connect3.pl` (English names) get what a library game gets: the textbook
//! searches agree with the native engines over them, perft equals a count made here in Rust
//! by rules of the test's own, search trees show their boards and sides, `ply match` and
//! `play/1` play them. A program's evaluation under one name is the evaluation under the
//! other, and game names are taken in either language.

use crate::support::run::ply;

const NIM: &str = "programs/games/nim.pl";
const CONNECT3: &str = "programs/games/connect3.pl";
const MINIMAX_RU: &str = "programs/textbook/bratko_15_3_minimax_corrected.pl";
const ALPHABETA_RU: &str = "programs/textbook/alphabeta_ru.pl";
const MINIMAX_EN: &str = "programs/textbook/minimax_en.pl";

/// Standard output of `ply -q -g goal -t halt files...`, which must succeed without an error.
fn run(goal: &str, files: &[&str]) -> String {
    let mut args = vec!["-q", "-g", goal, "-t", "halt"];
    args.extend(files);
    let (out, err, code) = ply(&args, "");
    assert!(
        code == 0 && !err.contains("ERROR") && !err.contains("Warning: goal"),
        "ply -g {goal} {files:?}: status {code}\n--- stdout\n{out}--- stderr\n{err}"
    );
    out
}

/// A directory of its own for one test's files.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("ply_game_protocol_{name}_{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn textbook_searches_and_native_engines_agree_over_games_written_in_prolog() {
    let dir = temp_dir("agree");
    let goal = format!("run('{}')", dir.display());
    let out = run(
        &goal,
        &[MINIMAX_RU, ALPHABETA_RU, "tests/game_protocol/agree.pl"],
    );
    assert_eq!(
        out,
        "programs/games/nim.pl 4 ok\nprograms/games/connect3.pl 6 ok\n"
    );
}

#[test]
fn english_figure_over_the_english_game_agrees_with_native_minimax() {
    let out = run(
        "initial_position(game('programs/games/connect3.pl'), 4, P), \
         minimax(P, B, V), native_minimax(P, B2, V2, _), writeq(B-V), nl, \
         (B-V == B2-V2 -> writeln(same) ; writeln(differ))",
        &[MINIMAX_EN],
    );
    assert_eq!(out, "c3(3,o,[[],[],[x],[]])-0\nsame\n");
}

/// Nim's leaf positions `depth` moves below the heaps `heaps`, by its rules: take any number of
/// stones from one heap; the game ends when every heap is empty.
fn nim_perft(heaps: &mut [u32], depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for i in 0..heaps.len() {
        let h = heaps[i];
        for take in 1..=h {
            heaps[i] = h - take;
            n += nim_perft(heaps, depth - 1);
        }
        heaps[i] = h;
    }
    n
}

/// Connect Three on 4x4: whether `cells` (column-major, row 0 at the bottom) holds three of
/// `side` in a row.
fn three(cells: &[[u8; 4]; 4], side: u8) -> bool {
    let at = |c: i32, r: i32| {
        (0..4).contains(&c) && (0..4).contains(&r) && cells[c as usize][r as usize] == side
    };
    (0..4).any(|c| {
        (0..4).any(|r| {
            [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&(dc, dr)| at(c, r) && at(c + dc, r + dr) && at(c + 2 * dc, r + 2 * dr))
        })
    })
}

/// Connect Three's leaf positions `depth` moves below `cells` with `side` (1 or 2) to move: a
/// line of the side that has just moved or a full board ends the game.
fn connect3_perft(cells: &mut [[u8; 4]; 4], side: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if three(cells, 3 - side) {
        return 0;
    }
    let mut n = 0;
    for c in 0..4 {
        if let Some(r) = (0..4).find(|&r| cells[c][r] == 0) {
            cells[c][r] = side;
            n += connect3_perft(cells, 3 - side, depth - 1);
            cells[c][r] = 0;
        }
    }
    n
}

#[test]
fn perft_of_the_example_games_equals_a_count_by_the_tests_own_rules() {
    let out = run(
        "forall(member(F-K, ['programs/games/nim.pl'-7, 'programs/games/connect3.pl'-7]), \
                ( initial_position(game(F), 2, P), \
                  forall(between(1, K, D), (perft(P, D, N), write(N), write(' '))), nl ))",
        &[],
    );
    let nim: Vec<String> = (1..=7)
        .map(|d| nim_perft(&mut [1, 2, 3], d).to_string())
        .collect();
    let c3: Vec<String> = (1..=7)
        .map(|d| connect3_perft(&mut [[0; 4]; 4], 1, d).to_string())
        .collect();
    let want = format!("{} \n{} \n", nim.join(" "), c3.join(" "));
    assert_eq!(out, want);
    // By hand: Nim [1,2,3] has 1 + 2 + 3 = 6 first moves, and no game lasts past 6 moves.
    assert!(want.starts_with("6 "), "{want}");
    assert!(want.lines().next().unwrap().ends_with(" 0 "), "{want}");
    // Connect Three: four columns, none full before four stones, no line before the fifth.
    assert!(
        want.lines()
            .nth(1)
            .unwrap()
            .starts_with("4 16 64 256 1020 "),
        "{want}"
    );
}

#[test]
fn search_trees_of_a_game_written_in_prolog_show_its_boards_and_sides() {
    let dir = temp_dir("tree");
    let svg = dir.join("nim.svg");
    let goal = format!(
        "initial_position(game('programs/games/nim.pl'), inf, P), \
         search_tree(альфабета/5, альфабета(P, 0, 0, B, V), '{}', [nodes(N)]), \
         native_alphabeta(P, 0, 0, B, V, N), write(N), nl",
        svg.display()
    );
    let out = run(&goal, &[ALPHABETA_RU]);
    assert_eq!(out, "229\n");
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the tree is XML");
    // Every distinct board the game drew is a symbol holding its stones: the search meets
    // every one of the 2 * 3 * 4 heaps no larger than 1, 2 and 3, and only the empty one has
    // no stone.
    let symbols: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("symbol"))
        .collect();
    assert_eq!(symbols.len(), 24);
    let stones = |s: &roxmltree::Node| s.descendants().filter(|c| c.has_tag_name("circle")).count();
    let mut counts: Vec<usize> = symbols.iter().map(stones).collect();
    counts.sort();
    assert_eq!((counts[0], counts[1], counts[23]), (0, 1, 6));
    // MAX's positions blue, MIN's red, as for a library game.
    assert!(text.contains("#eef4ff") && text.contains("#fff0ee"));
    // Moves are named in the game's notation; the window (0, 0) cuts, and the successors
    // never visited are greyed.
    assert!(text.contains(">3-3<"), "no move 3-3 in the tree");
    assert!(text.contains("not visited"));
}

#[test]
fn ply_match_plays_both_example_games() {
    for (game, p1, p2) in [
        (NIM, "minimax:inf", "random"),
        (
            CONNECT3,
            "alphabeta:4",
            "programs/players/alphabeta_ru.pl:2",
        ),
        (CONNECT3, "programs/players/minimax_en.pl:2", "random"),
    ] {
        let (out, err, code) = ply(&["match", game, p1, p2, "--games", "2"], "");
        assert_eq!(code, 0, "{game} {p1} {p2}\n{out}\n{err}");
        assert!(out.contains("Finished match"), "{out}\n{err}");
        assert!(!out.contains("error"), "{game} {p1} {p2}:\n{out}");
        assert_eq!(out.matches("Finished game").count(), 2, "{out}");
    }
    // Nim [1,2,3] is lost for the side to move: the full minimax wins it as MIN, and as MAX
    // only against a mistake, so it scores at least one of two against a random player.
    let (out, _, _) = ply(&["match", NIM, "minimax:inf", "random", "--games", "2"], "");
    assert!(out.contains("{MIN wins}"), "{out}");
}

#[test]
fn play_plays_a_game_written_in_prolog() {
    let (out, err, code) = ply(
        &["-q", "programs/games/play.pl"],
        "play(game('programs/games/nim.pl'), inf).\n3-3.\n9-9.\n2-1.\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("You: 3-3"), "{out}");
    assert!(out.contains("Program: 2-1 (value -1)"), "{out}");
    assert!(
        out.contains("The move 9-9 is not legal here. Legal moves: 1-1 2-1"),
        "{out}"
    );
    assert!(out.contains("The program wins."), "{out}");
}

/// The value of the tic-tac-toe position after 1. X5 O1 at horizon 2 by the textbook minimax
/// `search` (Russian or English) over an evaluation `eval` written in a file of its own.
fn value_with(eval: &str, search: &str, figure: &str) -> String {
    let dir = temp_dir(&format!("eval_{}", eval.len() + search.len()));
    let file = dir.join(format!("eval_{}.pl", search.len()));
    std::fs::write(&file, eval).unwrap();
    let goal = format!(
        "initial_position(tictactoe, 2, P0), move(P0, P1, 5), move(P1, P, 1), \
         {search}(P, _, V), native_minimax(P, _, NV, _), \
         (стат_оц(P, S1), staticval(P, S2) -> true ; S1 = none, S2 = none), \
         format('~w ~w ~w ~w~n', [V, NV, S1, S2])"
    );
    run(&goal, &[figure, file.to_str().unwrap()])
}

#[test]
fn an_evaluation_under_either_name_is_the_one_both_figures_search_with() {
    // X's stones minus O's stones in the corners, times 10: not the library's evaluation.
    let english = "staticval(ttt(_, _, _, _, [[A, _, B], _, [C, _, D]]), V) :- \
                   corners([A, B, C, D], V).\n\
                   corners([], 0).\n\
                   corners([S|Ss], V) :- corners(Ss, V0), \
                   ( S == x -> V is V0 + 10 ; S == o -> V is V0 - 10 ; V = V0 ).\n";
    let russian = english.replace("staticval(", "стат_оц(");
    let library = run(
        "initial_position(tictactoe, 2, P0), move(P0, P1, 5), move(P1, P, 1), \
         минимакс(P, _, V), стат_оц(P, S), format('~w ~w~n', [V, S])",
        &[MINIMAX_RU],
    );
    // The Russian figure over an English evaluation, and the English figure over a Russian
    // one: the program's evaluation under both names, and the native engine searching with it.
    let ru_en = value_with(english, "минимакс", MINIMAX_RU);
    let en_ru = value_with(&russian, "minimax", MINIMAX_EN);
    assert_eq!(ru_en, "-10 -10 -10 -10\n");
    assert_eq!(en_ru, ru_en);
    assert_eq!(library, "1 1\n");
}

#[test]
fn a_redefinition_names_both_names() {
    let dir = temp_dir("redefine");
    std::fs::write(dir.join("a.pl"), "staticval(_, 1).\n").unwrap();
    std::fs::write(dir.join("b.pl"), "стат_оц(_, 2).\n").unwrap();
    let (out, err, _) = crate::support::run::ply_in(
        &dir,
        &[
            "-q",
            "-g",
            "consult(a), consult(b), staticval(x, V), writeln(V), \
             findall(N, (member(N, [staticval, стат_оц]), current_predicate(N/2)), L), writeln(L)",
            "-t",
            "halt",
        ],
        "",
    );
    assert_eq!(out, "2\n[staticval,стат_оц]\n");
    // The predicate goes by the name its program's clauses used: a.pl's staticval/2.
    assert!(
        err.contains("Redefined static procedure staticval/2 (also стат_оц/2)"),
        "{err}"
    );
}

#[test]
fn game_names_are_taken_in_either_language_and_an_unknown_one_lists_them() {
    let out = run(
        "initial_position(крестики_нолики, 2, A), initial_position(tictactoe, 2, B), \
         (A == B -> writeln(same) ; writeln(differ)), \
         initial_position(четыре_в_ряд('44'), 1, C), writeq(C), nl",
        &[],
    );
    assert_eq!(out, "same\nc4(1,x,[[],[],[],[x,o],[],[],[]])\n");
    let (_, err, _) = ply(
        &["-q", "-g", "initial_position(nosuch, 1, _)", "-t", "halt"],
        "",
    );
    assert!(
        err.contains("Domain error: `game' expected, found `nosuch'"),
        "{err}"
    );
    for name in [
        "tictactoe (крестики_нолики)",
        "chess (шахматы)",
        "game(File)",
    ] {
        assert!(err.contains(name), "{name} not in {err}");
    }
    let (out, err, code) = ply(
        &[
            "match",
            "шашки",
            "random",
            "random",
            "--games",
            "2",
            "--max-plies",
            "6",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Finished match"), "{out}");
    let (_, err, code) = ply(&["match", "nosuch", "random", "random"], "");
    assert_ne!(code, 0);
    assert!(err.contains("крестики_нолики"), "{err}");
}

/// A game written as a module file exports the protocol's predicates under one of their names;
/// its helpers stay its own, so a program's predicate of the same name (`other/2`, `winner/2`)
/// neither clashes with them nor changes the game, and the textbook search, the native engine
/// and the other name (`ходы/2`) reach the game as they reach the plain file's.
#[test]
fn a_game_written_as_a_module_keeps_its_helpers_private() {
    let dir = temp_dir("module");
    let game = dir.join("connect3m.pl");
    let text = std::fs::read_to_string(CONNECT3).unwrap();
    std::fs::write(
        &game,
        format!(
            ":- module(connect3m, [game_start/1, moves/2, max_to_move/1, min_to_move/1, \
             game_over/2, staticval/2, move/3, show/1, board_svg/2]).\n{text}"
        ),
    )
    .unwrap();
    let program = dir.join("program.pl");
    std::fs::write(&program, "other(mine, yours).\nwinner(nobody, never).\n").unwrap();
    let out = run(
        &format!(
            "initial_position(game('{}'), 4, P), \
             minimax(P, B, V), native_minimax(P, B2, V2, _), writeq(B-V), nl, \
             (B-V == B2-V2 -> writeln(same) ; writeln(differ)), \
             ходы(P, L), length(L, N), writeln(N), other(mine, O), writeln(O)",
            game.display()
        ),
        &[MINIMAX_EN, program.to_str().unwrap()],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out, "c3(3,o,[[],[],[x],[]])-0\nsame\n4\nyours\n");
}
