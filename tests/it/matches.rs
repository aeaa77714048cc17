//! `ply match` and `ply match-merge` end to end, through the built binary: the deeper search
//! wins, the textbook alpha-beta in Prolog never loses tic-tac-toe, the SPRT stops a decided
//! match, a seed fixes a match, shards merge into the whole match, a failing player loses only
//! its own game, and chess games come out as PGN. Game counts are small: every test here
//! runs in about a second on two cores.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::support::run::scratch("ply_match", name)
}

/// Standard output of `ply ARGS` run from the repository root; panics unless it exits 0.
fn ply(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run ply");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "ply {args:?} failed\n--- stdout\n{stdout}--- stderr\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The output without the `Started game` lines, whose place among the others depends on
/// which worker is quicker.
fn without_starts(out: &str) -> String {
    out.lines()
        .filter(|l| !l.starts_with("Started game "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The last `Score of ...: W - L - D  [r] N` line: (W, L, D).
fn final_score(out: &str) -> (u64, u64, u64) {
    let line = out
        .lines()
        .rfind(|l| l.starts_with("Score of "))
        .expect("a score line");
    let counts = line.split(": ").nth(1).expect("counts after the colon");
    let n: Vec<u64> = counts
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (n[0], n[1], n[2])
}

#[test]
fn deeper_alphabeta_scores_at_least_80_percent_at_connect_four() {
    let out = ply(&[
        "match",
        "connect4",
        "alphabeta:4",
        "alphabeta:1",
        "--games",
        "10",
        "--random-openings",
        "2",
        "--concurrency",
        "2",
    ]);
    let (w, l, d) = final_score(&out);
    assert_eq!(w + l + d, 10, "{out}");
    let score = (w as f64 + d as f64 / 2.0) / 10.0;
    assert!(score >= 0.8, "depth 4 scored {score}\n{out}");
    assert_eq!(out.matches("Finished game ").count(), 10);
    assert!(out.contains("\nElo difference: "), "{out}");
    assert!(out.ends_with("Finished match\n"));
}

#[test]
fn prolog_alphabeta_at_full_depth_never_loses_tictactoe_to_random() {
    for player in [
        "programs/players/alphabeta_en.pl",
        "programs/players/alphabeta_ru.pl",
    ] {
        let out = ply(&[
            "match",
            "tictactoe",
            player,
            "random",
            "--games",
            "6",
            "--seed",
            "3",
            "--concurrency",
            "2",
        ]);
        let (w, l, d) = final_score(&out);
        assert_eq!((w + l + d, l), (6, 0), "{player}\n{out}");
        assert!(!out.contains("raises an error"), "{out}");
    }
}

#[test]
fn the_research_searches_in_prolog_are_players_that_never_lose_tictactoe_to_random() {
    for player in [
        "programs/players/negamax_en.pl",
        "programs/players/ordered_en.pl",
        "programs/players/pvs_en.pl",
        "programs/players/id_en.pl",
        "programs/players/mcts_en.pl",
        "programs/players/negamax_ru.pl",
        "programs/players/ordered_ru.pl",
        "programs/players/pvs_ru.pl",
        "programs/players/id_ru.pl",
        "programs/players/mcts_ru.pl",
    ] {
        let out = ply(&[
            "match",
            "tictactoe",
            player,
            "random",
            "--games",
            "2",
            "--seed",
            "5",
            "--concurrency",
            "2",
        ]);
        let (w, l, d) = final_score(&out);
        assert_eq!((w + l + d, l), (2, 0), "{player}\n{out}");
        assert!(!out.contains("raises an error"), "{out}");
    }
}

#[test]
fn the_russian_players_choose_the_english_players_moves() {
    // Both files of a pair loaded together: their predicates have different names. The
    // positions are the start of tic-tac-toe and its successors, at horizon 3.
    for name in ["negamax", "ordered", "pvs", "id", "mcts"] {
        let en = format!("programs/players/{name}_en.pl");
        let ru = format!("programs/players/{name}_ru.pl");
        let out = ply(&[
            "-q",
            "-g",
            "initial_position(tictactoe, 3, P), moves(P, L), \
             forall(member(Q, [P | L]), ( choose_move(Q, A), выбрать_ход(Q, B), \
               ( A == B -> write(same) ; print(differ(Q, A, B)) ), nl ))",
            "-t",
            "halt",
            &en,
            &ru,
        ]);
        assert_eq!(out, "same\n".repeat(10), "{name}");
    }
}

#[test]
fn sprt_stops_a_decided_match_early_and_says_so() {
    let out = ply(&[
        "match",
        "connect4",
        "alphabeta:4",
        "alphabeta:1",
        "--games",
        "200",
        "--random-openings",
        "2",
        "--sprt",
        "0,200,0.05,0.05",
    ]);
    let played = out.matches("Finished game ").count();
    assert!(played < 200, "{out}");
    assert!(
        out.contains(&format!(
            "SPRT stopped the match after {played} of 200 games: H1 was accepted\n"
        )),
        "{out}"
    );
    let llr_line = out
        .lines()
        .find(|l| l.starts_with("LLR: "))
        .expect("LLR line");
    assert!(
        llr_line.ends_with(" (-2.94, 2.94) [0.00, 200.00]"),
        "{llr_line}"
    );
    let llr: f64 = llr_line[5..].split(' ').next().unwrap().parse().unwrap();
    assert!(llr >= 2.94, "{llr_line}");
}

#[test]
fn the_same_seed_plays_the_same_match() {
    let dir = scratch("seed");
    let run = |seed: &str, jobs: &str, file: &str| {
        let path = dir.join(file);
        let out = ply(&[
            "match",
            "connect4",
            "alphabeta:2",
            "random",
            "--games",
            "6",
            "--random-openings",
            "3",
            "--seed",
            seed,
            "--concurrency",
            jobs,
            "--record",
            path.to_str().unwrap(),
        ]);
        (out, std::fs::read_to_string(path).expect("read the record"))
    };
    let (out1, rec1) = run("7", "1", "a.jsonl");
    let (out2, rec2) = run("7", "2", "b.jsonl");
    let (_, rec3) = run("8", "2", "c.jsonl");
    assert_eq!(rec1.lines().count(), 6);
    assert_eq!(rec1, rec2, "one worker and two play the same games");
    assert_eq!(without_starts(&out1), without_starts(&out2));
    assert_ne!(rec1, rec3, "another seed plays other games");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn merged_shards_equal_the_whole_match() {
    let dir = scratch("shards");
    let common = [
        "match",
        "tictactoe",
        "alphabeta:2",
        "random",
        "--games",
        "10",
        "--random-openings",
        "2",
        "--seed",
        "11",
    ];
    let whole = dir.join("whole.jsonl");
    let mut args = common.to_vec();
    args.extend(["--record", whole.to_str().unwrap()]);
    let whole_out = ply(&args);
    let mut shard_files = Vec::new();
    for i in 1..=3 {
        let f = dir.join(format!("shard{i}.jsonl"));
        let shard = format!("{i}/3");
        let mut args = common.to_vec();
        args.extend(["--shard", &shard, "--record", f.to_str().unwrap()]);
        ply(&args);
        shard_files.push(f);
    }
    let merged = dir.join("merged.jsonl");
    let mut args = vec!["match-merge", "--record", merged.to_str().unwrap()];
    // The shards in reverse order: the merge sorts games by number.
    args.extend(shard_files.iter().rev().map(|f| f.to_str().unwrap()));
    let merged_out = ply(&args);
    assert_eq!(merged_out, without_starts(&whole_out));
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
    // Every shard played whole pairs, and no game twice.
    let sizes: Vec<usize> = shard_files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap().lines().count())
        .collect();
    assert_eq!(sizes, vec![4, 4, 2]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_failing_player_loses_its_game_and_the_match_goes_on() {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root())
        .args([
            "match",
            "tictactoe",
            "programs/players/broken.pl",
            "random",
            "--games",
            "2",
        ])
        .output()
        .expect("run ply");
    // The match is played to its end, and its exit status says a player could not play.
    assert_eq!(out.status.code(), Some(1));
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.contains("Finished game 1 (programs/players/broken.pl vs random): 0-1 {MAX makes an illegal move: ttt("),
        "{out}"
    );
    assert!(
        out.contains(
            "Finished game 2 (random vs programs/players/broken.pl): 1-0 {MIN raises an error: "
        ),
        "{out}"
    );
    assert_eq!(final_score(&out), (0, 2, 0));
}

#[test]
fn openings_from_a_file_are_played_twice_with_sides_swapped() {
    let dir = scratch("openings");
    let book = dir.join("book.txt");
    std::fs::write(
        &book,
        "% two openings\n4 4\nc4(inf,x,[[],[],[x],[o],[],[],[]])\n",
    )
    .unwrap();
    let rec = dir.join("r.jsonl");
    ply(&[
        "match",
        "connect4",
        "alphabeta:3",
        "alphabeta:2",
        "--games",
        "4",
        "--openings",
        book.to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&rec).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first = "\"start\":\"c4(inf,x,[[],[],[],[x,o],[],[],[]])\"";
    let second = "\"start\":\"c4(inf,x,[[],[],[x],[o],[],[],[]])\"";
    assert!(
        lines[0].contains(first) && lines[1].contains(first),
        "{text}"
    );
    assert!(
        lines[2].contains(second) && lines[3].contains(second),
        "{text}"
    );
    assert!(lines[0].contains("\"p1_max\":true") && lines[1].contains("\"p1_max\":false"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn move_limits_deepen_the_search_only_as_far_as_they_allow() {
    let dir = scratch("limits");
    // The record of alphabeta:6 against random under `extra` options, with the player's name
    // taken out so that records of different players compare.
    let record = |player: &str, extra: &[&str], file: &str| {
        let path = dir.join(file);
        let mut args = vec![
            "match",
            "connect4",
            player,
            "random",
            "--games",
            "2",
            "--random-openings",
            "2",
            "--record",
            path.to_str().unwrap(),
        ];
        args.extend(extra);
        ply(&args);
        std::fs::read_to_string(path).unwrap().replace(player, "P")
    };
    // A budget of one position: only the depth-1 search ever fits, and it is always played.
    let starved = record("alphabeta:6", &["--nodes-per-move", "1"], "a.jsonl");
    assert_eq!(starved, record("alphabeta:1", &[], "b.jsonl"));
    // A budget no search reaches: deepening ends at depth 6, which plays as without limits.
    let ample = record("alphabeta:6", &["--nodes-per-move", "100000000"], "c.jsonl");
    assert_eq!(ample, record("alphabeta:6", &[], "d.jsonl"));
    assert_ne!(starved, ample);
    // A time limit lets the Prolog minimax play full-depth tic-tac-toe without waiting for the
    // whole tree on the first move.
    let timed = ply(&[
        "match",
        "tictactoe",
        "programs/players/minimax_en.pl",
        "random",
        "--games",
        "2",
        "--time-per-move",
        "0.2",
    ]);
    assert_eq!(timed.matches("Finished game ").count(), 2, "{timed}");
    assert!(!timed.contains("loses on time"), "{timed}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn chess_games_are_written_as_pgn() {
    let dir = scratch("pgn");
    let pgn = dir.join("games.pgn");
    let out = ply(&[
        "match",
        "chess",
        "alphabeta:1",
        "random",
        "--games",
        "2",
        "--max-plies",
        "12",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(
        out.matches("{Draw by adjudication: 12 plies}").count(),
        2,
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event \"ply match\"]").count(), 2);
    assert!(text.contains("[White \"alphabeta:1\"]\n[Black \"random\"]\n[Result \"1/2-1/2\"]"));
    assert!(text.contains("\n1. "), "{text}");
    assert!(
        !text.contains("[FEN "),
        "both games start from the standard position"
    );
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    // Other games get the same layout, with the game's name and start position as tags and
    // the moves in its own notation.
    let other = dir.join("c4.pgn");
    ply(&[
        "match",
        "connect4",
        "alphabeta:2",
        "random",
        "--games",
        "2",
        "--pgn",
        other.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&other).unwrap();
    assert_eq!(text.matches("[Game \"connect4\"]").count(), 2, "{text}");
    assert!(text.contains("[Termination \"normal\"]"), "{text}");
    assert!(text.contains("\n1. "), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}
