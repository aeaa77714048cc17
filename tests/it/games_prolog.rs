//! The game library seen from Prolog: searches written in Prolog over the native game
//! predicates against the native engines, against published figures, and against bad input.
//!
//! Each test runs `ply -q -g GOAL -t halt FILE...` from the repository root on a driver in
//! `tests/games_prolog/` and checks the lines it prints. Published figures come from
//! the published facts kept in tests/facts/, cited at each use.

use std::path::Path;
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Standard output of `ply -q -g goal -t halt files...`; panics with standard error when ply
/// exits with a failure status.
fn ply(goal: &str, files: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root())
        .args(["-q", "-g", goal, "-t", "halt"])
        .args(files)
        .stdin(Stdio::null())
        .output()
        .expect("run ply");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success() && !stderr.contains("ERROR") && !stderr.contains("Warning: goal"),
        "ply -g {goal} {files:?} failed ({:?})\n--- stdout\n{stdout}--- stderr\n{stderr}",
        out.status
    );
    stdout
}

const CORRECTED: &str = "programs/textbook/bratko_15_3_minimax_corrected.pl";
const ALPHABETA_RU: &str = "programs/textbook/alphabeta_ru.pl";
const MINIMAX_EN: &str = "programs/textbook/minimax_en.pl";
const ALPHABETA_EN: &str = "programs/textbook/alphabeta_en.pl";
const AGREE: &str = "tests/games_prolog/agree.pl";

/// The games agree.pl samples, as it prints them.
const AGREE_GAMES: &[&str] = &[
    "tictactoe",
    "tictactoe(3,winloss)",
    "tictactoe(4)",
    "coins(7)",
    "coins(13,3)",
    "puzzle8",
    "connect4",
    "othello",
    "kalah(6,4)",
    "checkers",
    "chess",
    "chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1')",
];

/// The lines agree.pl prints when every position of every game agrees.
fn all_agree(what: &str, count: usize) -> String {
    AGREE_GAMES
        .iter()
        .map(|g| format!("{what} {g} {count} ok\n"))
        .collect()
}

#[test]
fn perft_in_prolog_equals_native_perft_and_the_published_counts() {
    let out = ply("run", &["tests/games_prolog/perft.pl"]);
    // Published leaf counts:
    // chess start depth 3 = 8,902 and Kiwipete depth 3 = 97,862: chessprogramming wiki "Perft
    //   Results" (facts perft.txt);
    // English checkers depth 6 = 36,768: Aart Bik, OEIS A133046 (facts perft.txt);
    // Othello depth 6 = 8,200: Aart Bik, a pass is a ply (facts perft.txt);
    // Connect Four depth 6 = 7^6 = 117,649: no column can fill and no four can form in six
    //   plies, so every ply has all seven moves (arithmetic, not a published table).
    let want = "perft chess_start 3 8902 8902\n\
                perft kiwipete 3 97862 97862\n\
                perft checkers 6 36768 36768\n\
                perft othello 6 8200 8200\n\
                perft connect4 6 117649 117649\n";
    assert_eq!(out, want);
}

#[test]
fn corrected_textbook_minimax_and_russian_alphabeta_agree_with_the_native_engines() {
    let out = ply(
        "run_minimax(минимакс, 20), run_alphabeta(альфабета, 20)",
        &[CORRECTED, ALPHABETA_RU, AGREE],
    );
    assert_eq!(
        out,
        all_agree("minimax", 20) + &all_agree("alphabeta", 20),
        "successor, value, ходы/2 calls and стат_оц/2 calls must all agree"
    );
}

#[test]
fn english_minimax_agrees_with_native_minimax() {
    let out = ply("run_minimax(minimax, 20)", &[MINIMAX_EN, AGREE]);
    assert_eq!(out, all_agree("minimax", 20));
}

#[test]
fn english_alphabeta_agrees_with_native_alphabeta() {
    let out = ply("run_alphabeta(alphabeta, 20)", &[ALPHABETA_EN, AGREE]);
    assert_eq!(out, all_agree("alphabeta", 20));
}

#[test]
fn full_tictactoe_tree_through_the_textbook_program() {
    // 549,946 positions in the full tree and 255,168 complete games (facts
    // tictactoe_and_coins.txt: Wikipedia, OEIS, OpenSpiel); the value is a draw, and ties keep the
    // later successor, so X takes square 9.
    let goal = "initial_position(tictactoe(3, winloss), inf, P), reset_game_counters, \
                минимакс(P, B, V), game_counters(M, S), \
                native_minimax(P, B2, V2, N2, L2), \
                format('~q ~w ~w ~w~n~q ~w ~w ~w~n', [B, V, M, S, B2, V2, N2, L2])";
    let out = ply(goal, &[CORRECTED]);
    let best = "ttt(inf,o,3,winloss,[[e,e,e],[e,e,e],[e,e,x]])";
    assert_eq!(
        out,
        format!("{best} 0 549946 255168\n{best} 0 549946 255168\n")
    );
}

#[test]
fn positions_read_back_equal_after_writeq() {
    let out = ply("run_roundtrip", &["tests/games_prolog/roundtrip.pl"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 18, "one line per game:\n{out}");
    for line in lines {
        assert!(line.ends_with(" ok"), "{line}");
    }
}

#[test]
fn a_million_successors_leave_the_atom_table_as_it_was() {
    let out = ply("run_memory", &["tests/games_prolog/roundtrip.pl"]);
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(words[0..2], ["memory", "successors"], "{out}");
    let successors: u64 = words[2].parse().unwrap();
    assert!(successors >= 1_000_000, "{out}");
    assert_eq!(words[4], words[6], "atoms before and after: {out}");
}

#[test]
fn bad_input_raises_iso_errors_naming_the_argument() {
    let out = ply("run", &["tests/games_prolog/errors.pl"]);
    let want = "\
unknown_game domain_error(game,nosuch)
unknown_game_compound domain_error(game,nosuch(3))
game_not_callable type_error(callable,42)
game_unbound instantiation_error
game_partial instantiation_error
malformed_fen domain_error(fen,'rnbqkbnr/pppppppp/8/8 w')
malformed_chess_board domain_error(chess_board,[[e]])
chess_without_kings domain_error(chess_position,chess(1,white,[[e,e,e,e,e,e,e,e],[e,e,e,e,e,e,e,e],[e,e,e,e,e,e,e,e],[e,e,e,e,e,e,e|'.'/2],[e,e,e,e,e,e|'.'/2],[e,e,e,e,e|'.'/2],[e,e,e,e|'.'/2],[e,e,e|'.'/2]],[],none,0,1))
tiles_too_few domain_error(puzzle_tiles,[1,2,3])
tiles_repeated domain_error(puzzle_tiles,[1,1,2,3,4,5,6,7,0])
tiles_unsolvable domain_error(solvable_puzzle,[2,1,3,8,0,4,7,6,5])
tiles_not_integers type_error(integer,a)
negative_depth domain_error(not_less_than_zero,-1)
depth_not_integer type_error(integer,deep)
depth_unbound instantiation_error
negative_with_depth domain_error(not_less_than_zero,-3)
negative_perft domain_error(not_less_than_zero,-1)
non_position_atom type_error(game_position,foo)
non_position_compound type_error(game_position,ttt(1,x))
non_position_list type_error(game_position,[1,2,3])
non_position_unbound instantiation_error
non_position_partial type_error(game_position,ttt('_',x,3,lines,[[e,e,e],[e,e,e],[e,e,e]]))
non_position_float type_error(game_position,ttt(1.5,x,3,lines,[[e,e,e],[e,e,e],[e,e,e]]))
bad_side domain_error(ttt_side,z)
bad_bound type_error(integer,low)
bad_notation type_error(move_notation,f(x))
deep_term type_error(game_position,f(f(f(f(f(f(f(f(f(f(f(f(f/1)))))))))))))
cyclic_list type_error(game_position,ttt/5)
cyclic_game domain_error(game,f/1)
own_staticval_replaces_native no_error
own_staticval_is_стат_оц no_error
";
    assert_eq!(out, want);
}

#[test]
fn moves_notation_horizon_and_the_end_of_the_game() {
    let goal = "initial_position(chess, 2, P), \
                ход(P, S, e4), глубина(S, D), с_глубиной(S, 5, S5), глубина(S5, D5), \
                findall(N, move(P, _, N), Ns), length(Ns, K), \
                move(P, S, Back), \
                initial_position(connect4('4455'), 1, C), ходы(C, Cs), length(Cs, CK), \
                с_глубиной(C, 0, C0), ( ходы(C0, _) -> Z = moves ; Z = no_moves ), \
                initial_position(tictactoe, 3, T0), move(T0, T1, 1), move(T1, T2, 4), \
                move(T2, T3, 2), move(T3, T4, 5), move(T4, T5, 3), \
                ( конец_игры(T5, R) -> true ; R = none ), \
                ( ходы(T5, _) -> Over = moves ; Over = no_moves ), \
                ( ход_макса(T4) -> W = max ; W = min ), \
                ( конец_игры(T4, R4) -> true ; R4 = going ), \
                format('~q~n~w ~w ~w ~w ~w ~w ~w ~w ~w ~w~n', \
                       [S, D, D5, K, Back, CK, Z, R, Over, W, R4]), \
                show(T5)";
    let out = ply(goal, &[]);
    let want = "chess(1,black,[[br,bn,bb,bq,bk,bb,bn,br],[bp,bp,bp,bp,bp,bp,bp,bp],\
                [e,e,e,e,e,e,e,e],[e,e,e,e,e,e,e,e],[e,e,e,e,wp,e,e,e],[e,e,e,e,e,e,e,e],\
                [wp,wp,wp,wp,e,wp,wp,wp],[wr,wn,wb,wq,wk,wb,wn,wr]],[h1,a1,h8,a8],e3,0,1)\n\
                1 5 20 e4 7 no_moves max no_moves max going\n";
    assert!(out.starts_with(want), "{out}");
    // The board after X on 1, 2, 3 and O on 4, 5: X has the top row.
    assert!(
        out[want.len()..].starts_with("XXX    1 2 3\nOO.    4 5 6\n...    7 8 9\n"),
        "{out}"
    );
}
