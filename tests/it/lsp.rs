//! `ply lsp` driven over standard input and output as an editor drives it: initialize, open a
//! document, change it, ask for definitions, references, hover, completion and quick fixes,
//! then shut down and exit. The expected places are worked out from the file's text in the
//! test, counting UTF-16 units (or bytes, when UTF-8 is agreed).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const TEXTBOOK: &str = "programs/textbook/bratko_15_3_minimax_verbatim.pl";

/// A running `ply lsp` and the messages it has sent that nobody has asked for yet.
struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    pending: Vec<Value>,
    next_id: i64,
}

impl Client {
    /// Start `ply lsp` and initialise it, offering `encodings` as position encodings.
    fn start(encodings: &[&str]) -> (Client, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .arg("lsp")
            // The library's text is written out for go to definition; not into the home.
            .env("XDG_CACHE_HOME", env!("CARGO_TARGET_TMPDIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start ply lsp");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = 0usize;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = n.parse().unwrap();
                    }
                }
                let mut body = vec![0; len];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        let mut c = Client {
            child,
            stdin,
            incoming: rx,
            pending: Vec::new(),
            next_id: 1,
        };
        let root = url(&std::env::current_dir().unwrap().join("programs/textbook"));
        let init = c.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": root,
                "capabilities": { "general": { "positionEncodings": encodings } },
            }),
        );
        c.notify("initialized", json!({}));
        (c, init)
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{}", body.len(), body).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Send a request and wait for its response's result.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let msg = self.wait(|m| m["id"] == json!(id) && m.get("method").is_none());
        assert!(msg.get("error").is_none(), "{method}: {msg}");
        msg["result"].clone()
    }

    /// The first message, pending or yet to come, that `want` accepts.
    fn wait(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&want) {
            return self.pending.remove(i);
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = self
                .incoming
                .recv_timeout(left)
                .expect("a message from ply lsp");
            if want(&msg) {
                return msg;
            }
            self.pending.push(msg);
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let m = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        m["params"]["diagnostics"].as_array().unwrap().clone()
    }

    /// Shut down and exit; the exit status.
    fn finish(mut self) -> i32 {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.child.wait().unwrap().code().unwrap_or(-1)
    }
}

fn url(path: &std::path::Path) -> String {
    format!("file://{}", path.display())
}

/// The (line, UTF-16 column) of the `nth` occurrence of `needle` in `text`.
fn place(text: &str, needle: &str, nth: usize) -> (u64, u64) {
    let at = text.match_indices(needle).nth(nth).unwrap().0;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count();
    let col = text[line_start..at].encode_utf16().count();
    (line as u64, col as u64)
}

fn pos(p: (u64, u64)) -> Value {
    json!({"line": p.0, "character": p.1})
}

fn open(c: &mut Client, path: &str) -> (String, String) {
    let abs = std::env::current_dir().unwrap().join(path);
    let text = std::fs::read_to_string(&abs).unwrap();
    let uri = url(&abs);
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "prolog", "version": 1, "text": text}}),
    );
    (uri, text)
}

#[test]
fn an_editor_session_on_the_textbook_minimax() {
    let (mut c, init) = Client::start(&[]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    let (uri, text) = open(&mut c, TEXTBOOK);

    // The singleton in a branch, `Оц` for `Оц0`, at each of its two occurrences.
    let diags = c.diagnostics(&uri);
    let branch: Vec<&Value> = diags
        .iter()
        .filter(|d| d["code"] == "branch_singleton")
        .collect();
    assert_eq!(branch.len(), 2, "{diags:?}");
    let first_oc = place(&text, "Оц >", 0);
    assert_eq!(branch[0]["range"]["start"], pos(first_oc));
    assert_eq!(branch[0]["range"]["end"], pos((first_oc.0, first_oc.1 + 2)));
    assert_eq!(first_oc.0, 21);
    assert_eq!(branch[0]["severity"], 2);
    assert!(branch[0]["message"]
        .as_str()
        .unwrap()
        .contains("did you mean `Оц0`?"));
    assert_eq!(branch[1]["range"]["start"], pos(place(&text, "Оц <", 0)));
    // Every game predicate the figure calls is known: nothing is an unknown procedure.
    assert!(!diags.iter().any(|d| d["code"] == "unknown_procedure"));

    // Go to definition at the call of `выбор` in `лучш/3`: the first clause of `выбор/6`.
    let call = place(&text, "выбор( Поз1", 0);
    let defs = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": pos((call.0, call.1 + 2))}),
    );
    let head = place(&text, "выбор( Поз0", 0);
    assert_eq!(defs[0]["uri"], uri.as_str());
    assert_eq!(defs[0]["range"]["start"], pos(head));
    assert_eq!(defs.as_array().unwrap().len(), 2);

    // References of `выбор/6`: its call, and with the declarations its two clauses.
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": uri}, "position": pos(head),
               "context": {"includeDeclaration": false}}),
    );
    let starts: Vec<&Value> = refs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["range"]["start"])
        .collect();
    assert_eq!(starts, [&pos(call)]);

    // Hover on `ходы`: the game library's documentation, in both languages.
    let hody = place(&text, "ходы(", 0);
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(hody)}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("ходы(+Поз, -СписПоз)"), "{shown}");
    assert!(shown.contains("moves(+Pos, -SuccList)"), "{shown}");
    // Hover on the user's `минимакс/3`: the comment above it.
    let mm = place(&text, "минимакс( Поз1", 0);
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(mm)}),
    );
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("Минимаксная процедура"));

    // The quick fixes of the branch singleton.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": branch[0]["range"],
               "context": {"diagnostics": [branch[0]]}}),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Rename `Оц` to `Оц0`"), "{titles:?}");
    assert!(titles.contains(&"Rename `Оц` to `_Оц`"), "{titles:?}");

    // Apply the rename as the editor would, one incremental change per edit (last first),
    // and the warning goes away.
    let fix = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Rename `Оц` to `Оц0`")
        .unwrap();
    let mut edits = fix["edit"]["changes"][&uri].as_array().unwrap().clone();
    edits.sort_by_key(|e| std::cmp::Reverse(e["range"]["start"]["line"].as_u64()));
    let changes: Vec<Value> = edits
        .iter()
        .map(|e| json!({"range": e["range"], "text": e["newText"]}))
        .collect();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes}),
    );
    let diags = c.diagnostics(&uri);
    assert!(
        !diags.iter().any(|d| d["code"] == "branch_singleton"),
        "{diags:?}"
    );

    // Type a call at the end: completion offers the game predicates, Cyrillic names with
    // their arity, and an unknown name is reported with the near one.
    let end_line = text.lines().count() as u64;
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
            {"range": {"start": pos((end_line, 0)), "end": pos((end_line, 0))},
             "text": "проба(П, С) :- ходв(П, С).\nпроба2 :- ход"}]}),
    );
    let diags = c.diagnostics(&uri);
    let unknown = diags
        .iter()
        .find(|d| {
            d["message"]
                .as_str()
                .unwrap()
                .starts_with("Unknown procedure: ходв/2")
        })
        .expect("the unknown call is reported");
    assert!(unknown["message"]
        .as_str()
        .unwrap()
        .contains("did you mean ходы/2"));
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": unknown["range"],
               "context": {"diagnostics": [unknown]}}),
    );
    assert_eq!(actions[0]["title"], "Call `ходы` instead");
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos((end_line + 1, 13))}),
    );
    let labels: Vec<&str> = items["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for want in ["ходы/2", "ход_мина/1", "ход_макса/1", "ход/3"] {
        assert!(labels.contains(&want), "{want} in {labels:?}");
    }

    // The figure's predicates as document symbols.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    // `проба2 :- ход` has no end yet: a syntax error, not a clause.
    assert_eq!(names, ["минимакс/3", "лучш/3", "выбор/6", "проба/2"]);

    assert_eq!(c.finish(), 0);
}

#[test]
fn utf8_positions_when_the_client_offers_them() {
    let (mut c, init) = Client::start(&["utf-8", "utf-16"]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    let (uri, text) = open(&mut c, TEXTBOOK);
    let diags = c.diagnostics(&uri);
    let d = diags
        .iter()
        .find(|d| d["code"] == "branch_singleton")
        .unwrap();
    let at = text.find("Оц >").unwrap();
    let line_start = text[..at].rfind('\n').unwrap() + 1;
    let bytes = (at - line_start) as u64;
    assert_eq!(d["range"]["start"]["character"], bytes);
    assert_eq!(d["range"]["end"]["character"], bytes + "Оц".len() as u64);
    assert_eq!(c.finish(), 0);
}

#[test]
fn every_syntax_error_and_confusable_letter_of_a_new_document() {
    let (mut c, _) = Client::start(&[]);
    let uri = "untitled:scratch.pl";
    let text = "a(1.\nb :- .\nc(Oц) :- d(Oц).\nd(_).\ne :- ) .\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "prolog", "version": 1, "text": text}}),
    );
    let diags = c.diagnostics(uri);
    let errors: Vec<u64> = diags
        .iter()
        .filter(|d| d["severity"] == 1)
        .map(|d| d["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(errors, [0, 1, 4], "{diags:?}");
    let mixed = diags.iter().find(|d| d["code"] == "mixed_scripts").unwrap();
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": mixed["range"],
               "context": {"diagnostics": [mixed]}}),
    );
    let fix = &actions[0];
    assert_eq!(fix["title"], "Replace the look-alike letter: `Oц` → `Оц`");
    let edits = fix["edit"]["changes"][uri].as_array().unwrap();
    assert_eq!(edits.len(), 2);
    assert!(edits.iter().all(|e| e["newText"] == "Оц"));
    assert_eq!(c.finish(), 0);
}

#[test]
fn the_library_is_documented_and_can_be_opened() {
    let (mut c, _) = Client::start(&[]);
    let uri = "untitled:lib.pl";
    let text = "p(L, M) :- append(L, [x], M), X is 1, ходы(L, M), writeln(X).\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "prolog", "version": 1, "text": text}}),
    );
    assert_eq!(c.diagnostics(uri), Vec::<Value>::new());
    let at = |needle: &str| json!({"textDocument": {"uri": uri}, "position": pos(place(text, needle, 0))});

    // append/3 is Prolog in ply's library: its clauses, written out, and its entry in the
    // documentation help/1 prints too.
    let defs = c.request("textDocument/definition", at("append"));
    let file = defs[0]["uri"].as_str().unwrap();
    assert!(file.ends_with("/library/lists.pl"), "{defs}");
    let lists = std::fs::read_to_string(file.trim_start_matches("file://")).unwrap();
    assert_eq!(
        defs[0]["range"]["start"],
        pos(place(&lists, "append([], L, L)", 0))
    );
    let hover = c.request("textDocument/hover", at("append"));
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("List12 is List1 followed by List2"));

    // is/2 is a builtin; ходы/2 is documented in docs/games.md, whose row definition opens.
    let hover = c.request("textDocument/hover", at("is"));
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("evaluates"));
    let defs = c.request("textDocument/definition", at("ходы"));
    let file = defs[0]["uri"].as_str().unwrap();
    assert!(file.ends_with("/games.md"), "{defs}");
    let md = std::fs::read_to_string(file.trim_start_matches("file://")).unwrap();
    assert_eq!(defs[0]["range"]["start"], pos(place(&md, "| `ходы(", 0)));

    // Workspace symbols come from the workspace folder's files.
    let found = c.request("workspace/symbol", json!({"query": "выбор"}));
    let files: Vec<&str> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["location"]["uri"].as_str().unwrap())
        .collect();
    assert!(
        files
            .iter()
            .any(|f| f.ends_with("bratko_15_3_minimax_verbatim.pl")),
        "{files:?}"
    );
    assert_eq!(c.finish(), 0);
}

#[test]
fn exit_without_shutdown_is_an_error_status() {
    let (mut c, _) = Client::start(&[]);
    c.notify("exit", Value::Null);
    assert_eq!(c.child.wait().unwrap().code(), Some(1));
}

/// The same session through Neovim's built-in LSP client, headless
/// (`tests/lsp/nvim_session.sh`); when `nvim` is not installed it says so on standard error
/// (`SKIPPED: ...`), which `.ci/run` treats as a failure, since it installs Neovim.
#[test]
fn neovim_runs_the_session() {
    if !crate::support::skip::have("nvim") {
        crate::support::skip::skipped(
            "lsp::neovim_runs_the_session",
            "nvim",
            "Neovim is not installed",
        );
        return;
    }
    let out = Command::new("sh")
        .arg("tests/lsp/nvim_session.sh")
        .arg(env!("CARGO_BIN_EXE_ply"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let passed = text.lines().filter(|l| l.starts_with("ok ")).count();
    assert_eq!(passed, 9, "{text}");
}

/// A module file (declaration, exports with an operator, imports, a meta-predicate
/// declaration, a clause for another module's predicate and qualified goals) reads without
/// an error or a warning.
#[test]
fn a_module_file_reads_cleanly() {
    let (mut c, _) = Client::start(&[]);
    let uri = "untitled:shapes.pl";
    let text = ":- module(shapes, [area/2, op(700, xfx, ===>)]).\n\
                :- use_module(library(lists)).\n\
                :- use_module(library(lists), [sum_list/2]).\n\
                sq(S, A) :- A is S * S.\n\
                :- meta_predicate twice(0).\n\
                twice(G) :- call(G), call(G).\n\
                area(square(S), A) :- sq(S, A).\n\
                user:portray(shape(X)) :- shapes:area(X, A), lists:sum_list([A], _).\n";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "prolog", "version": 1, "text": text}}),
    );
    let diags = c.diagnostics(uri);
    let serious: Vec<&Value> = diags.iter().filter(|d| d["severity"] != 4).collect();
    assert!(serious.is_empty(), "{diags:?}");
    assert_eq!(c.finish(), 0);
}

/// Calls are checked as modules resolve them, and named as swipl's `check/0` names them: a
/// module's private predicate is unknown to a file that only imports the module (`q/1`), a
/// qualified goal is looked up in its module (`m:nothere/1`), and what a module exports, what a
/// module defines for a qualified goal, and the library's modules are known.
#[test]
fn calls_are_checked_as_modules_resolve_them() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp_modules");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("m.pl"),
        ":- module(m, [p/1]).\np(X) :- q(X), helper(X).\nq(X) :- X > 0.\n",
    )
    .unwrap();
    let main = dir.join("main.pl");
    let text = ":- use_module(m).\n\
                :- use_module(library(lists)).\n\
                go :- p(1), m:q(2), q(3), m:nothere(4), last([1], _), lists:append([], [], _).\n\
                helper(_).\n";
    std::fs::write(&main, text).unwrap();
    let (mut c, _) = Client::start(&[]);
    let uri = url(&main);
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "prolog", "version": 1, "text": text}}),
    );
    let diags = c.diagnostics(&uri);
    let unknown: Vec<(String, Value)> = diags
        .iter()
        .filter(|d| d["code"] == "unknown_procedure")
        .map(|d| {
            let first = d["message"].as_str().unwrap().lines().next().unwrap();
            (first.to_string(), d["range"]["start"].clone())
        })
        .collect();
    assert_eq!(
        unknown,
        vec![
            (
                "Unknown procedure: q/1".to_string(),
                pos(place(text, "q(3)", 0))
            ),
            (
                "Unknown procedure: m:nothere/1".to_string(),
                pos(place(text, "nothere", 0))
            ),
        ],
        "{diags:?}"
    );
    // The module file itself: its own `q/1`, and `helper/1` of `user`, are known.
    let m_uri = url(&dir.join("m.pl"));
    let m_text = std::fs::read_to_string(dir.join("m.pl")).unwrap();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": m_uri, "languageId": "prolog", "version": 1, "text": m_text}}),
    );
    let diags = c.diagnostics(&m_uri);
    assert!(
        diags.iter().all(|d| d["code"] != "unknown_procedure"),
        "{diags:?}"
    );
    assert_eq!(c.finish(), 0);
}
