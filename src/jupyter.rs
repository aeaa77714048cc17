//! `ply jupyter`: ply as a Jupyter kernel (docs/jupyter.md). The Jupyter protocol itself is
//! spoken by a thin Python wrapper (`jupyter/kernel.py`, an ipykernel `Kernel` subclass) that
//! `ply jupyter -f CONNECTION_FILE` starts with the Python that has ipykernel; the wrapper runs
//! `ply jupyter serve` and drives it through a pipe: one JSON request a line on standard input,
//! and on standard output the cell's own output as it comes, with pictures, error reports and
//! the end of each request marked by escape sequences ([`emit`]). `ply jupyter install`
//! writes the kernelspec (`install.rs`).
//!
//! Everything about Prolog is here in Rust: what a cell is (`cell.rs`), how it runs
//! (`run.rs`), pictures (`display.rs`), completion and inspection (`complete.rs`).

pub mod cell;
pub mod complete;
pub mod display;
pub mod install;
pub mod run;

use crate::machine::output::Stream;
use crate::machine::Machine;
use serde_json::{json, Value};
use std::io::BufRead;

/// The wrapper that speaks the Jupyter protocol, run as `python3 -c KERNEL_PY`.
pub const KERNEL_PY: &str = include_str!("jupyter/kernel.py");

/// `ply jupyter ARGS`; returns the exit status.
pub fn main(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("install") => install::main(&args[1..]),
        Some("serve") => serve(),
        Some("-f") if args.len() == 2 => launch(&args[1]),
        _ => {
            eprintln!(
                "usage: ply jupyter install [--user | --prefix DIR] [--python PYTHON]\n       \
                 ply jupyter -f CONNECTION_FILE   (as Jupyter starts the kernel)\n       \
                 ply jupyter serve                (the cell server the kernel drives)"
            );
            2
        }
    }
}

/// The Python that runs the wrapper: `PLY_JUPYTER_PYTHON`, else `python3`.
pub fn python() -> String {
    std::env::var("PLY_JUPYTER_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// Start the kernel for Jupyter: the wrapper, told where this ply is.
fn launch(connection_file: &str) -> i32 {
    use std::os::unix::process::CommandExt;
    let ply = std::env::current_exe()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "ply".to_string());
    let python = python();
    let err = std::process::Command::new(&python)
        .args(["-c", KERNEL_PY, "-f", connection_file, "--ply", &ply])
        .exec();
    eprintln!("ply jupyter: cannot run {python}: {err}");
    1
}

/// Write a marked message of kind `kind` to standard output: `ESC ] ply;KIND;PAYLOAD BEL`.
/// What the program writes between marks is its output; the payload never holds a BEL.
pub fn emit(m: &mut Machine, kind: &str, payload: &str) {
    let payload = payload.replace('\u{7}', "");
    m.output()
        .write(Stream::User, &format!("\u{1b}]ply;{kind};{payload}\u{7}"));
    m.output().flush();
}

/// `ply jupyter serve`: answer requests until the end of standard input or `halt`.
fn serve() -> i32 {
    let mut m = crate::system::toplevel_machine();
    crate::builtins::set_verbose_silent(&mut m);
    display::install(&mut m);
    crate::toplevel::interrupt::install_handler(&m);
    let docs = crate::docs::Docs::new();
    let stdin = std::io::stdin();
    let mut line = String::new();
    loop {
        line.clear();
        match stdin.lock().read_line(&mut line) {
            Ok(0) | Err(_) => return 0,
            Ok(_) => {}
        }
        if line.trim().is_empty() {
            continue;
        }
        let Ok(req) = serde_json::from_str::<Value>(&line) else {
            emit(&mut m, "done", &json!({"status": "error"}).to_string());
            continue;
        };
        let text = |k: &str| req[k].as_str().unwrap_or("").to_string();
        let cursor = req["pos"].as_u64().unwrap_or(0) as usize;
        let reply = match req["op"].as_str().unwrap_or("") {
            "execute" => {
                let unit = format!("jupyter cell {}", text("cell"));
                match run::execute(&mut m, &text("code"), &unit) {
                    run::Status::Ok => json!({"status": "ok"}),
                    run::Status::Error(name, value) => {
                        json!({"status": "error", "ename": name, "evalue": value})
                    }
                    run::Status::Halt(code) => {
                        emit(
                            &mut m,
                            "done",
                            &json!({"status": "ok", "halt": code}).to_string(),
                        );
                        m.output().close_all();
                        std::mem::forget(m);
                        return code;
                    }
                }
            }
            "complete" => {
                let code = text("code");
                let (start, end) = complete::word_at(&code, cursor);
                let prefix: String = code.chars().skip(start).take(cursor - start).collect();
                let matches = complete::completions(&m, &docs, &prefix);
                json!({"status": "ok", "matches": matches, "start": start, "end": end})
            }
            "inspect" => {
                let code = text("code");
                let (start, end) = complete::word_at(&code, cursor);
                let name: String = code.chars().skip(start).take(end - start).collect();
                match complete::inspect(&docs, &name) {
                    Some(md) => json!({"status": "ok", "found": true, "markdown": md}),
                    None => json!({"status": "ok", "found": false}),
                }
            }
            other => json!({"status": "error", "ename": "UnknownRequest", "evalue": other}),
        };
        emit(&mut m, "done", &reply.to_string());
    }
}
