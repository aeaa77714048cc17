//! The Jupyter kernel (docs/jupyter.md): `ply jupyter serve` driven through its pipe as the
//! kernel's wrapper drives it (cells consulted and replaced, answers, errors with the cell's
//! line, pictures, input under a query, completion, inspection, an interrupt), and, when
//! Jupyter is installed, every notebook of notebooks/ run top to bottom on the real kernel with
//! `jupyter nbconvert --execute`, which fails on a cell that raises.

use crate::support::run::scratch;
use crate::support::skip::{have, skipped};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// What the cell server wrote: plain output, or a mark of some kind with its payload.
#[derive(Debug, PartialEq)]
enum Part {
    Out(String),
    Mark(String, String),
}

/// Split the server's output at its marks, `ESC ] ply;KIND;PAYLOAD BEL`.
fn parts(mut text: &str) -> Vec<Part> {
    let mut out = Vec::new();
    while !text.is_empty() {
        match text.find("\u{1b}]ply;") {
            Some(0) => {
                let end = text.find('\u{7}').expect("a mark ends");
                let (kind, payload) = text[6..end].split_once(';').expect("kind;payload");
                out.push(Part::Mark(kind.into(), payload.into()));
                text = &text[end + 1..];
            }
            Some(i) => {
                out.push(Part::Out(text[..i].into()));
                text = &text[i..];
            }
            None => {
                out.push(Part::Out(text.into()));
                text = "";
            }
        }
    }
    out
}

/// Start `ply jupyter serve`.
fn server() -> Child {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["jupyter", "serve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ply jupyter serve")
}

/// A request line.
fn request(op: &str, code: &str, cell: &str, pos: usize) -> String {
    let v = serde_json::json!({"op": op, "code": code, "cell": cell, "pos": pos});
    format!("{v}\n")
}

/// Send `requests` to a fresh server and return what it wrote, one part list per request.
fn serve(requests: &[String]) -> Vec<Vec<Part>> {
    let mut child = server();
    let mut stdin = child.stdin.take().expect("stdin");
    for r in requests {
        stdin.write_all(r.as_bytes()).expect("send a request");
    }
    drop(stdin);
    let mut text = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut text)
        .expect("read the replies");
    child.wait().expect("the server ends");
    split_replies(parts(&text))
}

/// The parts of each request, each list ending with its `done` mark.
fn split_replies(all: Vec<Part>) -> Vec<Vec<Part>> {
    let mut replies = vec![Vec::new()];
    for p in all {
        let done = matches!(&p, Part::Mark(k, _) if k == "done");
        replies.last_mut().unwrap().push(p);
        if done {
            replies.push(Vec::new());
        }
    }
    replies.pop();
    replies
}

/// The plain output of one reply.
fn out(reply: &[Part]) -> String {
    reply
        .iter()
        .filter_map(|p| match p {
            Part::Out(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

/// The payloads of the marks of `kind` in one reply.
fn marks<'a>(reply: &'a [Part], kind: &str) -> Vec<&'a str> {
    reply
        .iter()
        .filter_map(|p| match p {
            Part::Mark(k, v) if k == kind => Some(v.as_str()),
            _ => None,
        })
        .collect()
}

/// The JSON of a reply's `done` mark.
fn done(reply: &[Part]) -> serde_json::Value {
    serde_json::from_str(marks(reply, "done")[0]).expect("done is JSON")
}

#[test]
fn a_cell_run_again_replaces_what_it_defined_and_queries_answer_as_the_toplevel() {
    let r = serve(&[
        request("execute", "p(1).\np(2).\n", "a", 0),
        request("execute", "q(x).", "b", 0),
        request("execute", "?- p(X).\n?- 1: p(X).", "c", 0),
        request("execute", "p(3).\n", "a", 0),
        request("execute", "?- p(X), q(Y).", "c", 0),
        request("execute", "X is 6 * 7", "d", 0),
        request(
            "execute",
            "?- read(X), read(Y).\nfoo.\nbar(1).\n?- p(3).",
            "e",
            0,
        ),
    ]);
    assert_eq!(r.len(), 7);
    assert_eq!(out(&r[2]), "X = 1 ;\nX = 2.\nX = 1.\n");
    assert_eq!(out(&r[4]), "X = 3,\nY = x.\n");
    assert_eq!(out(&r[5]), "X = 42.\n");
    assert_eq!(out(&r[6]), "X = foo,\nY = bar(1).\ntrue.\n");
    assert!(r.iter().all(|reply| done(reply)["status"] == "ok"), "{r:?}");
}

#[test]
fn an_error_names_the_cells_line_with_a_caret_and_marks_the_cell() {
    let r = serve(&[request(
        "execute",
        "?- true.\n   ?- atom_length(X, Y).\n",
        "a",
        0,
    )]);
    let err = marks(&r[0], "stderr").concat();
    assert!(
        err.contains("Arguments are not sufficiently instantiated"),
        "{err}"
    );
    assert!(
        err.contains("cell line 2:\n     ?- atom_length(X, Y).\n     ^\n"),
        "{err}"
    );
    assert_eq!(done(&r[0])["status"], "error");
    assert_eq!(out(&r[0]), "true.\n");
}

#[test]
fn boards_and_search_trees_are_pictures() {
    let dir = scratch("jupyter", "tree");
    let file = dir.join("t.svg");
    let tree = format!(
        "?- search_tree(f/1, f(2), '{}', [nodes(N)]).",
        file.display()
    );
    let r = serve(&[
        request(
            "execute",
            "?- initial_position(tictactoe, 1, P), show(P).",
            "a",
            0,
        ),
        request("execute", "f(0) :- !.\nf(N) :- M is N - 1, f(M).", "b", 0),
        request("execute", &tree, "c", 0),
        request(
            "execute",
            "?- initial_position(tictactoe, 1, P), with_output_to(string(S), show(P)).",
            "d",
            0,
        ),
    ]);
    let board = marks(&r[0], "svg");
    assert_eq!(board.len(), 1);
    assert!(
        board[0].starts_with("<svg") && board[0].contains("<line"),
        "{board:?}"
    );
    let svg = marks(&r[2], "svg");
    assert_eq!(svg.len(), 1);
    assert_eq!(svg[0], std::fs::read_to_string(&file).unwrap());
    assert!(out(&r[2]).contains("N = 3."), "{:?}", r[2]);
    // Output captured by the program gets the board's text, not a picture.
    assert!(marks(&r[3], "svg").is_empty());
    assert!(out(&r[3]).contains("S = \""), "{:?}", r[3]);
}

#[test]
fn completion_and_inspection_use_the_documentation() {
    let r = serve(&[
        request("execute", "my_pred(1).", "a", 0),
        request("complete", "?- appen", "", 8),
        request("complete", "?- my_p", "", 7),
        request("inspect", "?- member(X, L)", "", 5),
        request("inspect", "?- no_such_thing", "", 5),
    ]);
    let matches = |i: usize| done(&r[i])["matches"].clone();
    assert!(matches(1).as_array().unwrap().iter().any(|m| m == "append"));
    assert_eq!(done(&r[1])["start"], 3);
    assert_eq!(matches(2), serde_json::json!(["my_pred"]));
    let doc = done(&r[3]);
    assert_eq!(doc["found"], true);
    let md = doc["markdown"].as_str().unwrap();
    assert!(
        md.contains("member/2") && md.contains("member(?Elem, ?List)"),
        "{md}"
    );
    assert_eq!(done(&r[4])["found"], false);
}

#[test]
fn an_interrupt_aborts_the_running_query_and_the_kernel_goes_on() {
    let mut child = server();
    let mut stdin = child.stdin.take().expect("stdin");
    let looping = "?- write(looping), nl, flush_output, repeat, fail.";
    stdin
        .write_all(request("execute", looping, "a", 0).as_bytes())
        .unwrap();
    stdin.flush().unwrap();
    // The signal goes once the query runs (its handler is in place by then); the query loops
    // until it comes.
    let pid = child.id().to_string();
    let mut stdout = child.stdout.take().expect("stdout");
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !seen.ends_with(b"looping\n") {
        assert_eq!(stdout.read(&mut byte).expect("read"), 1, "the server ended");
        seen.push(byte[0]);
    }
    let status = Command::new("kill").args(["-INT", &pid]).status();
    assert!(status.is_ok_and(|s| s.success()));
    stdin
        .write_all(request("execute", "?- X = after.", "b", 0).as_bytes())
        .unwrap();
    drop(stdin);
    let mut text = String::from_utf8(seen).unwrap();
    stdout.read_to_string(&mut text).unwrap();
    child.wait().unwrap();
    let r = split_replies(parts(&text));
    assert_eq!(done(&r[0])["ename"], "Interrupted", "{text:?}");
    assert!(marks(&r[0], "stderr")
        .concat()
        .contains("Execution Aborted"));
    assert_eq!(out(&r[1]), "X = after.\n");
}

/// Whether Jupyter can run notebooks here: nbconvert and ipykernel.
fn have_jupyter() -> bool {
    have("jupyter")
        && Command::new("jupyter")
            .args(["nbconvert", "--version"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
        && Command::new("python3")
            .args(["-c", "import ipykernel"])
            .status()
            .is_ok_and(|s| s.success())
}

/// Install the kernelspec of the ply under test under `dir`; the Jupyter path that finds it.
fn kernelspec(dir: &Path) -> std::path::PathBuf {
    let prefix = dir.join("kernel");
    let st = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["jupyter", "install", "--prefix"])
        .arg(&prefix)
        .stdout(Stdio::null())
        .status()
        .expect("ply jupyter install");
    assert!(st.success());
    prefix.join("share/jupyter")
}

#[test]
fn every_notebook_runs_top_to_bottom_on_the_kernel() {
    let test = "jupyter::every_notebook_runs_top_to_bottom_on_the_kernel";
    if !have_jupyter() {
        skipped(test, "jupyter", "nbconvert and ipykernel run the notebooks");
        return;
    }
    let dir = scratch("jupyter", "notebooks");
    let jupyter_path = kernelspec(&dir);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("notebooks");
    let mut notebooks: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ipynb"))
        .collect();
    notebooks.sort();
    assert!(notebooks.len() >= 4, "{notebooks:?}");
    let out = Command::new("jupyter")
        .args(["nbconvert", "--execute", "--to", "notebook", "--output-dir"])
        .arg(dir.join("out"))
        .args(&notebooks)
        .env("JUPYTER_PATH", &jupyter_path)
        .output()
        .expect("run jupyter nbconvert");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "a notebook failed:\n{log}");
    for nb in &notebooks {
        let ran = dir.join("out").join(nb.file_name().unwrap());
        let text = std::fs::read_to_string(&ran).expect("the executed notebook");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let outputs: Vec<&serde_json::Value> = v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["outputs"].as_array().into_iter().flatten())
            .collect();
        assert!(
            outputs.iter().all(|o| o["output_type"] != "error"),
            "{ran:?}"
        );
        // Every notebook draws: boards, trees, or both.
        let pictures = outputs
            .iter()
            .filter(|o| {
                o["data"]["image/svg+xml"].is_string() || o["data"]["image/svg+xml"].is_array()
            })
            .count();
        assert!(pictures > 0, "{ran:?} shows no picture");
    }
}

/// How many pixels of the screenshot `png` are within 16 of `rgb` in every channel.
fn pixels_near(png: &Path, rgb: [u8; 3]) -> usize {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png).expect("screenshot written"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    buf[..info.buffer_size()]
        .chunks(channels)
        .filter(|p| (0..3).all(|k| p[k].abs_diff(rgb[k]) <= 16))
        .count()
}

#[test]
fn a_notebooks_board_and_tree_show_in_its_page() {
    let test = "jupyter::a_notebooks_board_and_tree_show_in_its_page";
    if !have_jupyter() {
        skipped(test, "jupyter", "nbconvert and ipykernel run the notebook");
        return;
    }
    let browser = match crate::search_tree::chromium() {
        Ok(b) => b,
        Err(why) => return skipped(test, "chromium", &why),
    };
    let dir = scratch("jupyter", "page");
    let jupyter_path = kernelspec(&dir);
    let minimax = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/textbook/minimax_en.pl");
    let cells = [
        "?- initial_position(tictactoe, 1, P0), move(P0, P, 5), show(P).".to_string(),
        format!(":- consult('{}').", minimax.display()),
        "?- initial_position(tictactoe, 1, P0), move(P0, P1, 5), move(P1, P2, 1), \
         with_depth(P2, 1, P), search_tree(minimax/3, minimax(P, B, V), 'tree.svg')."
            .to_string(),
    ];
    let nb = serde_json::json!({
        "cells": cells.iter().map(|c| serde_json::json!({
            "cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null,
            "source": c,
        })).collect::<Vec<_>>(),
        "metadata": {"kernelspec": {"name": "ply", "display_name": "ply", "language": "prolog"}},
        "nbformat": 4, "nbformat_minor": 4,
    });
    let path = dir.join("view.ipynb");
    std::fs::write(&path, nb.to_string()).unwrap();
    let out = Command::new("jupyter")
        .args(["nbconvert", "--execute", "--to", "html"])
        .arg(&path)
        .env("JUPYTER_PATH", &jupyter_path)
        .output()
        .expect("run jupyter nbconvert");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = dir.join("view.html");
    let html = std::fs::read_to_string(&page).expect("the page");
    // nbconvert puts each SVG output in the page as an image with the picture inline.
    let pictures = html
        .split("<img ")
        .skip(1)
        .filter(|img| {
            img.split('>')
                .next()
                .unwrap_or("")
                .contains("src=\"data:image/svg+xml")
        })
        .count();
    assert_eq!(
        pictures, 2,
        "the board and the tree are the page's pictures"
    );
    let shot = dir.join("shot.png");
    let status = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
        ])
        .arg("--window-size=1000,1400")
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run chromium");
    assert!(status.success());
    // The board's X (its red mark), the frames of the tree's MIN nodes (brown) and its chosen
    // line (orange) are drawn on the page.
    for (what, rgb) in [
        ("the board's X", [0xc0, 0x39, 0x2b]),
        ("the frame of a MIN node of the tree", [0xa0, 0x38, 0x2c]),
        ("the tree's chosen line", [0xe6, 0x7e, 0x22]),
    ] {
        let n = pixels_near(&shot, rgb);
        assert!(n > 20, "{what}: {n} pixels of its colour in the screenshot");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
