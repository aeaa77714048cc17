//! Positions for the tests that run ply over many game positions: seeded random games played
//! with the native library, and the position terms written as Prolog text.

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Stdio};

use ply::games::{lookup, DynGame, GTerm};

/// The repository root, where ply runs.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A term as Prolog text; position terms hold only plain atoms, integers, lists and compounds.
pub fn text(t: &GTerm) -> String {
    let join = |args: &[GTerm]| args.iter().map(text).collect::<Vec<_>>().join(",");
    match t {
        GTerm::Int(n) => n.to_string(),
        GTerm::Atom(a) => a.to_string(),
        GTerm::Str(s) => format!("{s:?}"),
        GTerm::Compound(f, args) => format!("{f}({})", join(args)),
        GTerm::List(items) => format!("[{}]", join(items)),
    }
}

/// Up to `count` distinct positions of the game named `name`, each reached from the start by a
/// random game of 0 to `max_plies` plies that stops early when the game ends. The moves come
/// from a fixed linear congruential sequence, so every run gives the same positions. At most
/// `5 * count` games are played, so a game with fewer positions gives fewer.
pub fn sample(name: &GTerm, count: usize, max_plies: u64) -> (Box<dyn DynGame>, Vec<GTerm>) {
    let game = lookup(name).expect("a known game");
    let mut seed = 12345u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    for _ in 0..5 * count {
        if positions.len() == count {
            break;
        }
        let mut pos = game.initial(u32::MAX);
        for _ in 0..next() % (max_plies + 1) {
            let succ = game.successors(&pos).expect("a position");
            if succ.is_empty() {
                break;
            }
            pos = succ[(next() % succ.len() as u64) as usize].clone();
        }
        if seen.insert(pos.clone()) {
            positions.push(pos);
        }
    }
    (game, positions)
}

/// Standard output of ply running `goal` over `files`, with `facts` (Prolog text) written to a
/// file named `name` under target/ and loaded last; panics when ply fails or warns.
pub fn run_with_facts(goal: &str, files: &[&str], name: &str, facts: &str) -> String {
    let dir = root().join("target").join("test_facts");
    std::fs::create_dir_all(&dir).expect("a directory for the facts");
    let path = dir.join(format!("{name}.pl"));
    std::fs::write(&path, facts).expect("write the facts");
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root())
        .args(["-q", "-g", goal, "-t", "halt"])
        .args(files)
        .arg(&path)
        .stdin(Stdio::null())
        .output()
        .expect("run ply");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.is_empty(),
        "ply -g {goal} {files:?} {name}: {stderr}"
    );
    stdout
}
