//! The workspace's crate graph is its architecture: each crate may depend only on the layers
//! below it. `cargo metadata` gives the graph as Cargo resolves it, so this checks what the
//! compiler will enforce, not what the source text happens to say: the engine names no game,
//! builtin or front-end, and the games know nothing of the engine.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Each of the workspace's crates with the workspace crates it may depend on (normal and build
/// dependencies alike; dev-dependencies are tests, which may reach further up).
const ALLOWED: &[(&str, &[&str])] = &[
    ("ply-term", &[]),
    ("ply-arith", &[]),
    ("ply-reader", &["ply-term"]),
    ("ply-diag", &["ply-reader", "ply-term"]),
    (
        "ply-engine",
        &["ply-term", "ply-arith", "ply-reader", "ply-diag"],
    ),
    ("ply-games", &["ply-term"]),
    ("ply-gdl", &["ply-reader", "ply-diag"]),
    (
        "ply",
        &[
            "ply-term",
            "ply-arith",
            "ply-reader",
            "ply-diag",
            "ply-engine",
            "ply-games",
            "ply-gdl",
        ],
    ),
];

/// The workspace's crates, each with the workspace crates it depends on (not as a
/// dev-dependency), read from `cargo metadata`.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata gives JSON");
    let packages = meta["packages"].as_array().expect("a list of packages");
    let names: BTreeSet<String> = packages
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    let mut graph = BTreeMap::new();
    for p in packages {
        let deps = p["dependencies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"].as_str() != Some("dev"))
            .map(|d| d["name"].as_str().unwrap().to_string())
            .filter(|n| names.contains(n))
            .collect();
        graph.insert(p["name"].as_str().unwrap().to_string(), deps);
    }
    graph
}

/// Every crate of the workspace is one the layering knows, and depends on no crate above it.
#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    let graph = graph();
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mut wrong = Vec::new();
    for (name, deps) in &graph {
        let Some(may) = allowed.get(name.as_str()) else {
            wrong.push(format!(
                "{name} is a crate the layering does not know (add it to ALLOWED)"
            ));
            continue;
        };
        for d in deps {
            if !may.contains(&d.as_str()) {
                wrong.push(format!("{name} depends on {d}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the crate graph breaks the layers: {wrong:?}"
    );
    // The graph really is read: every layer is there, and the engine is above its four layers.
    for (name, _) in ALLOWED {
        assert!(
            graph.contains_key(*name),
            "no crate {name} in the workspace"
        );
    }
    assert_eq!(graph["ply-engine"].len(), 4, "{:?}", graph["ply-engine"]);
}

/// The rules that matter most, said on their own so that a failure names them: the engine
/// knows neither the games nor the system that holds the builtins, and the games know nothing
/// of the engine.
#[test]
fn the_engine_knows_no_game_and_the_games_know_no_engine() {
    let graph = graph();
    for forbidden in ["ply-games", "ply"] {
        assert!(
            !graph["ply-engine"].contains(forbidden),
            "ply-engine depends on {forbidden}"
        );
    }
    assert!(
        !graph["ply-games"].contains("ply-engine"),
        "ply-games depends on ply-engine"
    );
}
