//! Help for everything: every predicate the system defines (builtins, the game library, the
//! Prolog library, the toplevel's commands), every flag `current_prolog_flag/2` enumerates and
//! every game the registry knows has an entry in the documentation `help/1`, `apropos/1` and the
//! language server's hover share (`src/docs.rs`); and `help/1` and `apropos/1` at the prompt
//! print those entries.
//!
//! The lists come from a machine assembled as `ply` assembles one, so a predicate added later
//! without an entry makes the first test fail, naming it and the file its entry belongs in.

use crate::support::run;
use ply::docs::Docs;
use ply::Machine;

use std::collections::{BTreeMap, HashSet};

/// The system text that defines `name` with a clause at the start of a line, if one does.
fn defining_text(name: &str) -> Option<&'static str> {
    let quoted = format!("'{name}'");
    ply::system::system_texts()
        .find(|(_, text)| {
            text.lines().any(|l| {
                [name, quoted.as_str()].iter().any(|n| {
                    l.strip_prefix(n)
                        .is_some_and(|rest| rest.starts_with(['(', ' ', '.']) || rest.is_empty())
                })
            })
        })
        .map(|(file, _)| file)
}

/// Where the entry of a predicate belongs, by where it is defined: the toplevel's commands
/// (those a machine without the toplevel lacks), the natives and the boot file's predicates
/// (builtins), and the library's files.
fn home(m: &Machine, plain: &HashSet<(String, usize)>, key: &(String, usize)) -> String {
    let native = m
        .atoms()
        .lookup(&key.0)
        .and_then(|a| m.preds_named(a, Some(key.1)).first().copied())
        .is_some_and(|(_, pid)| m.pred(pid).is_builtin());
    if !plain.contains(key) {
        return "src/docs/toplevel.md".into();
    }
    match defining_text(&key.0) {
        Some(file) if !native && file != "boot.pl" => {
            format!(
                "src/docs/library.md, under `## library({})`",
                file.trim_end_matches(".pl")
            )
        }
        _ => "src/docs/builtins.md (a game predicate: the table of docs/games.md)".into(),
    }
}

/// The predicates a machine defines that a program may call: names starting with `$` are
/// ply's helpers.
fn public_preds(m: &Machine) -> HashSet<(String, usize)> {
    m.preds()
        .iter()
        .filter(|p| p.defined)
        .map(|p| (m.atoms().name(p.name).to_string(), p.arity))
        .filter(|(n, _)| !n.starts_with('$'))
        .collect()
}

/// Every flag `current_prolog_flag/2` enumerates, read from `ply` itself.
fn flags() -> Vec<String> {
    let (out, err, code) = run::ply(
        &[
            "-q",
            "-g",
            "forall(current_prolog_flag(F, _), (write(F), nl))",
            "-t",
            "halt",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    out.lines().map(str::to_string).collect()
}

#[test]
fn every_predicate_flag_and_game_has_an_entry() {
    let docs = Docs::new();
    let m = ply::system::toplevel_machine();
    let plain = public_preds(&ply::system::machine());
    let mut missing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut preds: Vec<(String, usize)> = public_preds(&m).into_iter().collect();
    preds.sort();
    for key in &preds {
        if docs.get(key).is_none() {
            missing
                .entry(home(&m, &plain, key))
                .or_default()
                .push(format!("{}/{}", key.0, key.1));
        }
    }
    for flag in flags() {
        if docs.topic("flag", &flag).is_none() {
            missing
                .entry("src/docs/flags.md".into())
                .or_default()
                .push(flag);
        }
    }
    for game in ply::games::GAMES {
        if docs.topic("game", game.name).is_none() {
            missing
                .entry("docs/games.md (the table of name terms)".into())
                .or_default()
                .push(game.name.to_string());
        }
    }
    let report: String = missing
        .iter()
        .map(|(file, names)| format!("  {file}:\n    {}\n", names.join(" ")))
        .collect();
    assert!(
        missing.is_empty(),
        "{} names have no documentation entry; add one line each \
         (`name/arity` | template | what it does) where it belongs:\n{report}",
        missing.values().map(Vec::len).sum::<usize>()
    );
}

/// What `help/1` and `apropos/1` print at the prompt for the names a new user tries first.
#[test]
fn help_and_apropos_answer_for_the_library_commands_flags_and_games() {
    let (out, err, code) = run::ply(
        &[
            "-q",
            "-g",
            "help(append), help(member), help(trace), help(make), help(help), help(play), \
             help(double_quotes), help(tictactoe), help(nosuchthing)",
            "-t",
            "halt",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for expected in [
        "append/3\n    append(?List1, ?List2, ?List12)\n",
        "member/2\n    member(?Elem, ?List)\n",
        "trace/0\n    trace\n    switches the tracer on",
        "make/0\n    make\n",
        "help/1\n    help(+What)\n",
        "play/1\n    play(+Game)\n",
        "flag double_quotes\n",
        "game tictactoe\n    Name terms: tictactoe, tictactoe(N)",
        "squares 1..M*N",
        "No help for nosuchthing.",
    ] {
        assert!(out.contains(expected), "{expected:?} not in:\n{out}");
    }
    let apropos = |text: &str| {
        let (out, err, code) =
            run::ply(&["-q", "-g", &format!("apropos({text})"), "-t", "halt"], "");
        assert_eq!(code, 0, "{err}");
        out
    };
    assert!(apropos("tictactoe").contains("game tictactoe: "));
    let table = apropos("table");
    assert!(table.contains("table/1: tabling"), "{table}");
    assert!(table.contains("abolish_all_tables/0: "), "{table}");
    assert!(apropos("singleton").contains("consult/1: "));
    assert!(apropos("assoc").contains("put_assoc/4: "));
    assert_eq!(apropos("xyzzy"), "Nothing documented mentions xyzzy.\n");
}
