//! Tournaments of `ply match` through the built binary: a four-player round robin's crosstable
//! and Elo table against a computation done here from the games' records, players that crash,
//! hang, raise, answer garbage or move illegally losing their games with the reason while the
//! tournament completes, a player without a move predicate refused before the first game, bad
//! command lines answered in words, and a shard killed with SIGKILL resumed from its record to
//! the same games as a run never interrupted.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::support::run::scratch("ply_tourney", name)
}

/// `ply ARGS` run from the repository root.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run ply")
}

/// Standard output of `ply ARGS`; panics unless it exits with `status`.
fn ply_status(args: &[&str], status: i32) -> String {
    let out = run(args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        out.status.code(),
        Some(status),
        "ply {args:?}\n--- stdout\n{stdout}--- stderr\n{}",
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

/// The string value of `"key":"..."` in a record line (the records' strings here hold no
/// escaped quotes).
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let start = line.find(&format!("\"{key}\":")).expect("the field") + key.len() + 3;
    let rest = &line[start..];
    let end = rest
        .find([',', '}'])
        .expect("the field's end")
        .min(rest.find("\",").unwrap_or(usize::MAX));
    rest[..end].trim_matches('"')
}

/// Ratings by Zermelo's iteration (the minorisation-maximisation algorithm for the
/// Bradley-Terry model), a different route to the same maximum likelihood: a player's strength
/// `g = 10^(elo/400)` is set to its points over its games weighted by `1 / (g_i + g_j)`, until
/// nothing moves; then the mean Elo is made 0.
fn zermelo(points: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<f64> {
    let n = points.len();
    let mut g = vec![1.0f64; n];
    for _ in 0..100_000 {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let won: f64 = points[i].iter().sum();
                let weight: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| games[i][j] / (g[i] + g[j]))
                    .sum();
                won / weight
            })
            .collect();
        let moved = next
            .iter()
            .zip(&g)
            .map(|(a, b)| (a / b).ln().abs())
            .fold(0.0, f64::max);
        g = next;
        if moved < 1e-13 {
            break;
        }
    }
    let elo: Vec<f64> = g.iter().map(|x| 400.0 * x.log10()).collect();
    let mean = elo.iter().sum::<f64>() / n as f64;
    elo.iter().map(|e| e - mean).collect()
}

#[test]
fn a_four_player_round_robin_has_the_crosstable_and_elo_table_of_its_games() {
    let dir = scratch("rr");
    let rec = dir.join("rr.jsonl");
    let plot = dir.join("rr.svg");
    let names = ["alphabeta:3", "alphabeta:2", "minimax:1", "random"];
    let mut args = vec!["match", "connect4"];
    args.extend(names);
    args.extend([
        "--games",
        "8",
        "--random-openings",
        "3",
        "--seed",
        "6",
        "--record",
        rec.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ]);
    let out = ply_status(&args, 0);
    // Six pairings of eight games, each announced and finished as cutechess-cli says it.
    assert_eq!(out.matches("Started game ").count(), 48, "{out}");
    assert_eq!(out.matches("Finished game ").count(), 48, "{out}");
    assert!(out.contains("Started game 48 of 48 ("), "{out}");
    assert!(
        out.contains("\n...      alphabeta:3 playing White: "),
        "{out}"
    );
    assert!(out.contains("\n...      White vs Black: "), "{out}");
    // The crosstable and totals, counted here from the records.
    let idx = |name: &str| names.iter().position(|n| *n == name).expect("a player");
    let mut points = vec![vec![0.0f64; 4]; 4];
    let mut games = vec![vec![0.0f64; 4]; 4];
    let mut draws = [0u32; 4];
    let text = std::fs::read_to_string(&rec).unwrap();
    for line in text.lines() {
        let (a, b) = (idx(field(line, "p1")), idx(field(line, "p2")));
        let s: f64 = field(line, "p1_score").parse().unwrap();
        points[a][b] += s;
        points[b][a] += 1.0 - s;
        games[a][b] += 1.0;
        games[b][a] += 1.0;
        if s == 0.5 {
            draws[a] += 1;
            draws[b] += 1;
        }
    }
    assert_eq!(text.lines().count(), 48);
    for (i, name) in names.iter().enumerate() {
        let mut row = format!("{:>4} {:<11}", i + 1, name);
        for j in 0..4 {
            let cell = if i == j {
                "-".to_string()
            } else {
                format!("{:.1}/{}", points[i][j], games[i][j])
            };
            row.push_str(&format!("{cell:>10}"));
        }
        let total: f64 = points[i].iter().sum();
        row.push_str(&format!("{:>12}", format!("{total:.1}/24")));
        assert!(out.contains(&format!("\n{row}\n")), "row {row:?}\n{out}");
    }
    // The Elo table: maximum likelihood ratings, found here by another algorithm.
    assert!(!out.contains("virtual draw"), "{out}");
    let elo = zermelo(&points, &games);
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Rank Name"))
        .skip(1)
        .take(4)
        .collect();
    let mut previous = f64::INFINITY;
    for (rank, line) in table.iter().enumerate() {
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(w[0], (rank + 1).to_string(), "{line}");
        let i = idx(w[1]);
        assert_eq!(
            w[2],
            format!("{}", elo[i].round() as i64),
            "{line} vs {elo:?}"
        );
        assert!(elo[i] <= previous, "the table is sorted: {out}");
        previous = elo[i];
        let err: f64 = w[3].parse().unwrap();
        assert!(err > 0.0 && err < 1000.0, "{line}");
        assert_eq!(w[4], "24", "{line}");
        let total: f64 = points[i].iter().sum();
        assert_eq!(w[5], format!("{:.1}%", total / 24.0 * 100.0), "{line}");
        assert_eq!(
            w[6],
            format!("{:.1}%", f64::from(draws[i]) / 24.0 * 100.0),
            "{line}"
        );
    }
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<circle ").count(), 4);
    assert_eq!(svg.matches("<polyline ").count(), 4);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn failing_players_lose_their_games_with_the_reason_and_the_tournament_completes() {
    let dir = scratch("faulty");
    let rec = dir.join("f.jsonl");
    let pgn = dir.join("f.pgn");
    let out = ply_status(
        &[
            "match",
            "tictactoe",
            "random",
            "programs/players/faulty/crashes.pl",
            "programs/players/faulty/hangs.pl",
            "programs/players/faulty/illegal.pl",
            "programs/players/faulty/raises.pl",
            "programs/players/faulty/garbage.pl",
            "--tournament",
            "gauntlet",
            "--move-timeout",
            "1.5",
            "--record",
            rec.to_str().unwrap(),
            "--pgn",
            pgn.to_str().unwrap(),
        ],
        1,
    );
    let faulty = "programs/players/faulty";
    for (game, line) in [
        (1, format!("(random vs {faulty}/crashes.pl): 1-0 {{MIN crashes: the program halted (halt(3))}}")),
        (2, format!("({faulty}/crashes.pl vs random): 0-1 {{MAX crashes: the program halted (halt(3))}}")),
        (3, format!("(random vs {faulty}/hangs.pl): 1-0 {{MIN hangs: no move within its budget of 1.5 s}}")),
        (6, format!("({faulty}/illegal.pl vs random): 0-1 {{MAX makes an illegal move: ttt(inf,x,3,lines,[[e,e,e],[e,e,e],[e,e,e]]); legal moves: 1, 2, 3, 4, 5, 6, 7, 8, 9}}")),
        (8, format!("({faulty}/raises.pl vs random): 0-1 {{MAX raises an error: ")),
        (10, format!("({faulty}/garbage.pl vs random): 0-1 {{MAX answers with garbage, no position of the game: 'not a position'}}")),
    ] {
        assert!(
            out.contains(&format!("Finished game {game} {line}")),
            "game {game}: {line}\n{out}"
        );
    }
    // Every game was played and scored; random won them all.
    assert_eq!(out.matches("Finished game ").count(), 10, "{out}");
    assert!(out.contains("\n   1 random "), "{out}");
    assert!(out.ends_with("Finished match\n"), "{out}");
    let records = std::fs::read_to_string(&rec).unwrap();
    assert_eq!(records.lines().count(), 10);
    let text = std::fs::read_to_string(&pgn).unwrap();
    for (tag, n) in [
        ("abandoned", 4),
        ("time forfeit", 2),
        ("rules infraction", 4),
    ] {
        assert_eq!(
            text.matches(&format!("[Termination \"{tag}\"]")).count(),
            n,
            "{tag}\n{text}"
        );
    }
    // Real dates, and the moves in the game's own notation.
    assert!(!text.contains("????"), "{text}");
    assert!(
        text.contains("[Game \"tictactoe\"]\n[Start \"ttt("),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_player_without_a_move_predicate_is_refused_before_the_first_game() {
    let out = run(&[
        "match",
        "tictactoe",
        "random",
        "programs/players/faulty/no_move_predicate.pl",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty(), "no game is played");
    assert!(
        err.contains("choose_move/2") && err.contains("выбрать_ход/2"),
        "{err}"
    );
}

#[test]
fn bad_command_lines_are_answered_in_words() {
    for (args, words) in [
        (
            vec!["match", "mygame", "random", "random"],
            "`mygame` is not a game of the library",
        ),
        (
            vec![
                "match",
                "tictactoe",
                "random",
                "random",
                "--tournament",
                "swiss",
            ],
            "--tournament wants round-robin or gauntlet, not `swiss`",
        ),
        (
            vec!["match", "tictactoe", "random", "random", "--shard", "4/3"],
            "--shard wants I/N with 1 <= I <= N, not `4/3`",
        ),
        (
            vec!["match", "tictactoe", "random", "nobody"],
            "`nobody` is not a player",
        ),
        (
            vec![
                "match",
                "tictactoe",
                "random",
                "random",
                "random",
                "--sprt",
                "0,10,0.05,0.05",
            ],
            "--sprt tests a match of two players",
        ),
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!err.contains("(\"") && !err.contains("Atom("), "{err}");
    }
}

#[test]
fn a_shard_killed_midway_resumes_to_the_games_of_an_uninterrupted_run() {
    let dir = scratch("kill");
    let args = |rec: &Path, pgn: &Path| -> Vec<String> {
        [
            "match",
            "connect4",
            "programs/players/alphabeta_en.pl:3",
            "alphabeta:2",
            "random",
            "--games",
            "16",
            "--random-openings",
            "3",
            "--seed",
            "9",
            "--shard",
            "2/3",
            "--concurrency",
            "2",
            "--record",
            rec.to_str().unwrap(),
            "--pgn",
            pgn.to_str().unwrap(),
        ]
        .map(String::from)
        .to_vec()
    };
    let (whole, whole_pgn) = (dir.join("whole.jsonl"), dir.join("whole.pgn"));
    let whole_args = args(&whole, &whole_pgn);
    let whole_out = ply_status(
        &whole_args.iter().map(String::as_str).collect::<Vec<_>>(),
        0,
    );
    let total = std::fs::read_to_string(&whole).unwrap().lines().count();
    assert_eq!(total, 16, "shard 2 of 3 holds 8 of the 24 pairs");
    // The same shard, killed with SIGKILL once a few of its games are recorded.
    let (rec, pgn) = (dir.join("shard.jsonl"), dir.join("shard.pgn"));
    let shard_args = args(&rec, &pgn);
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root())
        .args(&shard_args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start the shard");
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&rec).map_or(0, |t| t.lines().count()) < 3 {
        assert!(start.elapsed().as_secs() < 60, "the shard records no game");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    child.kill().expect("kill -9 the shard");
    let _ = child.wait();
    let killed = std::fs::read_to_string(&rec).unwrap().lines().count();
    assert!(killed < total, "the kill came after the last game");
    // A kill in the middle of a write leaves a torn line; resuming cuts it off.
    let mut torn = std::fs::read(&rec).unwrap();
    torn.extend_from_slice(b"{\"index\":7,\"game\":\"conn");
    std::fs::write(&rec, torn).unwrap();
    let mut resume: Vec<&str> = shard_args.iter().map(String::as_str).collect();
    resume.push("--resume");
    let resumed_out = ply_status(&resume, 0);
    assert_eq!(
        resumed_out.matches("Started game ").count(),
        total - killed,
        "only the games not recorded are played again"
    );
    assert_eq!(without_starts(&resumed_out), without_starts(&whole_out));
    assert_eq!(
        std::fs::read_to_string(&rec).unwrap(),
        std::fs::read_to_string(&whole).unwrap(),
        "no game lost, none twice"
    );
    let rounds = |p: &Path| -> Vec<String> {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("[Round "))
            .map(String::from)
            .collect()
    };
    assert_eq!(rounds(&pgn), rounds(&whole_pgn));
    // Resuming a finished shard plays nothing and reports the same match.
    let again = ply_status(&resume, 0);
    assert_eq!(again, without_starts(&whole_out));
    // The record of one shard does not resume another.
    let other: Vec<&str> = resume
        .iter()
        .map(|a| if *a == "2/3" { "1/3" } else { a })
        .collect();
    let refused = run(&other);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("is not a game of this match or shard")
    );
    let _ = std::fs::remove_dir_all(dir);
}
