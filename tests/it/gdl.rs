//! Games in GDL (docs/gdl.md): rule sheets written for these tests, tic-tac-toe and Connect
//! Four, played through the game protocol give the library's native games' perft at every depth
//! (the native games' counts are checked against published tables elsewhere), the textbook
//! search over the sheet finds tic-tac-toe's solved value, `ply match` plays a sheet, and a sheet
//! that breaks GDL's rules is refused with diagnostics at their places.

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
        "initial_position(gdl('{TTT}'), inf, P), ходы(P, [P1|_]), \
         минимакс(P1, _, V), native_minimax(P1, _, V2, _), write(V/V2), nl"
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
    // X in the corner: a draw with best play, goal values 50 and 50.
    assert_eq!(out.trim(), "0/0", "{err}");
}

#[test]
fn a_sheet_is_a_game_for_ply_match() {
    let (out, err, code) = ply(&["match", TTT, "random", "alphabeta:9", "--games", "2"], "");
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
