//! The build step: reads the system's own Prolog text (the library and the toplevel's
//! commands and tracer) with ply's reader and writes its clauses, encoded by
//! `reader/preread.rs`, into the build's output together with the texts themselves. `system.rs`
//! includes that file and hands the clauses to the engine (`machine/load/preread.rs`), so that
//! start-up builds those terms without reading the text again.
//!
//! The lists of files below are the only place that names the system's Prolog texts.
//!
//! It reads with the `ply-reader` crate, the very reader the program uses. It must never change
//! what the text means: a file it cannot encode whole stops the build, and a test checks the
//! result against a reading at run time (`system/preread_tests.rs`).

use ply_reader::ast::NodeKind;
use ply_reader::ops::OpTable;
use ply_reader::preread::Encoder;
use ply_reader::{read_term, ReadFlags, ReadOutcome};
use std::fmt::Write;

/// The library: the Prolog files every machine loads, in load order, by the name each is
/// loaded under and its path. This list and [`TOPLEVEL`] are the one list of the system's
/// Prolog texts: `system.rs` includes the texts through the file this step writes.
const LIBRARY: &[(&str, &str)] = &[
    ("boot.pl", "src/library/boot.pl"),
    ("lists.pl", "src/library/lists.pl"),
    ("apply.pl", "src/library/apply.pl"),
    ("control.pl", "src/library/control.pl"),
    ("aggregate.pl", "src/library/aggregate.pl"),
    ("backcomp.pl", "src/library/backcomp.pl"),
    ("messages.pl", "src/library/messages.pl"),
    ("stacks.pl", "src/library/stacks.pl"),
    ("quintus.pl", "src/library/quintus.pl"),
    ("dcg.pl", "src/library/dcg.pl"),
    ("expand.pl", "src/library/expand.pl"),
    ("dicts.pl", "src/library/dicts.pl"),
    ("dcg_basics.pl", "src/library/dcg_basics.pl"),
    ("pio.pl", "src/library/pio.pl"),
    ("solution_sequences.pl", "src/library/solution_sequences.pl"),
    ("ordsets.pl", "src/library/ordsets.pl"),
    ("assoc.pl", "src/library/assoc.pl"),
    ("hashtable.pl", "src/library/hashtable.pl"),
    ("tries.pl", "src/library/tries.pl"),
    ("gensym.pl", "src/library/gensym.pl"),
    ("file_names.pl", "src/library/file_names.pl"),
    ("error.pl", "src/library/error.pl"),
    ("tabling.pl", "src/library/tabling.pl"),
    ("search_tree.pl", "src/library/search_tree.pl"),
    ("game_protocol.pl", "src/game_predicates/protocol.pl"),
    ("gdl.pl", "src/game_predicates/gdl_library.pl"),
    ("plunit.pl", "src/library/plunit.pl"),
    ("plunit_run.pl", "src/library/plunit_run.pl"),
    ("plunit_report.pl", "src/library/plunit_report.pl"),
    ("coroutining.pl", "src/library/coroutining.pl"),
    ("modules.pl", "src/library/modules.pl"),
    ("debug.pl", "src/library/debug.pl"),
    ("ansi_term.pl", "src/library/ansi_term.pl"),
    ("main.pl", "src/library/main.pl"),
    ("ugraphs.pl", "src/library/ugraphs.pl"),
    ("arithmetic.pl", "src/library/arithmetic.pl"),
    ("broadcast.pl", "src/library/broadcast.pl"),
    ("recorded.pl", "src/library/recorded.pl"),
    ("clpfd.pl", "src/library/clpfd.pl"),
    ("clpfd_dom.pl", "src/library/clpfd_dom.pl"),
    ("clpfd_prop.pl", "src/library/clpfd_prop.pl"),
    ("clpfd_global.pl", "src/library/clpfd_global.pl"),
    ("clpfd_label.pl", "src/library/clpfd_label.pl"),
    ("clpb.pl", "src/library/clpb.pl"),
];

/// The toplevel's own Prolog files, its commands and its tracer, which it loads when it
/// starts.
const TOPLEVEL: &[(&str, &str)] = &[
    ("commands.pl", "src/toplevel/commands.pl"),
    ("debugger.pl", "src/toplevel/debugger.pl"),
];

fn main() {
    // A change to the reader is a change to a dependency, which runs this step again anyway.
    println!("cargo:rerun-if-changed=src/build.rs");
    let ops = OpTable::standard();
    // The system's texts are read with codes for double quotes whatever the user's default:
    // the encoding has no string objects, and `load/preread.rs` reads them the same way.
    let flags = ReadFlags::traditional();
    let mut enc = Encoder::new();
    let mut out = String::new();
    let mut files = String::new();
    for (name, path) in LIBRARY.iter().chain(TOPLEVEL) {
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let first = enc.words.len();
        let mut pos = 0;
        loop {
            match read_term(&text, pos, &ops, &flags) {
                ReadOutcome::Eof => break,
                ReadOutcome::Error(e) => panic!("{path}: syntax error at byte {}", e.span.start),
                ReadOutcome::Term { ast, end } => {
                    // Directives would run and could change how the rest reads: none is allowed.
                    if let NodeKind::Compound { name, args } = &ast.root_node().kind {
                        if (name == ":-" || name == "?-") && args.len() == 1 {
                            panic!("{path}: a directive at byte {}", ast.span.start);
                        }
                    }
                    if let Err(why) = enc.clause(&ast) {
                        panic!("{path}: cannot encode {why} at byte {}", ast.span.start);
                    }
                    pos = end;
                }
            }
        }
        writeln!(files, "    ({name:?}, {first}..{}),", enc.words.len()).unwrap();
    }
    writeln!(out, "/// The names the encoded clauses use.").unwrap();
    writeln!(out, "pub static NAMES: &[&str] = &[").unwrap();
    for n in &enc.names {
        writeln!(out, "    {n:?},").unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(out, "/// The encoded clauses of every file.").unwrap();
    writeln!(out, "pub static WORDS: &[u32] = &[").unwrap();
    for chunk in enc.words.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|w| w.to_string()).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(
        out,
        "/// Each file's name and the range of `WORDS` that holds its clauses."
    )
    .unwrap();
    writeln!(
        out,
        "pub static FILES: &[(&str, std::ops::Range<usize>)] = &[\n{files}];"
    )
    .unwrap();
    // The texts themselves, by absolute path, so that `include_str!` finds them from the
    // output directory.
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    for (list, files, what) in [
        ("LIBRARY", LIBRARY, "The library's Prolog texts, in load order: the name each is loaded under and its text."),
        ("TOPLEVEL", TOPLEVEL, "The toplevel's own Prolog texts (its commands and its tracer), loaded when it starts."),
    ] {
        writeln!(out, "/// {what}").unwrap();
        writeln!(out, "pub const {list}: &[(&str, &str)] = &[").unwrap();
        for (name, path) in files {
            let path = format!("{root}/{path}");
            writeln!(out, "    ({name:?}, include_str!({path:?})),").unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    let dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    std::fs::write(format!("{dir}/system_texts.rs"), out).expect("write system_texts.rs");
}
