//! `ply lsp`: a language server over standard input and output, so that an editor shows ply's
//! diagnostics as the program is typed and can navigate it.
//!
//! The protocol is spoken through `lsp-server` and `lsp-types`, the crates rust-analyzer is
//! built on: a synchronous loop over a channel of messages, with no async runtime. The server
//! sits above the engine and reuses it without a running machine: the reader reads each text
//! as `consult/1` would, the loader's lint supplies the warnings, and a machine built once at
//! start-up supplies the list of predicates ply defines (`library.rs`). Nothing in the engine
//! knows this module.
//!
//! Documents are kept whole and analysed again on every change (`workspace.rs`); a Prolog file
//! a person edits reads in well under a millisecond per hundred clauses, so nothing is
//! incremental. Positions are converted between the reader's byte offsets and the protocol's
//! UTF-16 units, or UTF-8 bytes when the client offers them (`text.rs`).

pub mod analysis;
mod handlers;
pub mod library;
mod navigate;
pub mod text;
pub mod workspace;

use lsp_server::{Connection, Message};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions,
    InitializeParams, OneOf, PositionEncodingKind, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind,
};
use std::path::PathBuf;
use text::Encoding;

/// Run the language server on standard input and output until the client says `exit`.
/// Returns the exit status: 0 after `shutdown` and `exit`, 1 otherwise.
pub fn run() -> i32 {
    let (connection, io_threads) = Connection::stdio();
    let code = match serve(&connection) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ply lsp: {e}");
            1
        }
    };
    drop(connection);
    if let Err(e) = io_threads.join() {
        eprintln!("ply lsp: {e}");
    }
    code
}

/// The error type of the message loop: a broken connection or a malformed message.
type LoopError = Box<dyn std::error::Error + Send + Sync>;

/// Initialise, then answer messages until `exit`.
fn serve(conn: &Connection) -> Result<i32, LoopError> {
    let (id, params) = conn.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let offers_utf8 = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref())
        .is_some_and(|encs| encs.contains(&PositionEncodingKind::UTF8));
    let encoding = if offers_utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let capabilities = ServerCapabilities {
        position_encoding: Some(if offers_utf8 {
            PositionEncodingKind::UTF8
        } else {
            PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: None,
            ..Default::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..Default::default()
        })),
        ..Default::default()
    };
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": { "name": "ply", "version": env!("CARGO_PKG_VERSION") },
    });
    conn.initialize_finish(id, result)?;

    let mut roots: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| f.uri.to_file_path().ok())
        .collect();
    #[allow(deprecated)]
    if roots.is_empty() {
        roots.extend(params.root_uri.and_then(|u| u.to_file_path().ok()));
    }
    let library = library::Library::load();
    let mut server = handlers::Server::new(
        workspace::Workspace::new(roots, library),
        encoding,
        conn.sender.clone(),
    );
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => {
                if conn.handle_shutdown(&req)? {
                    return Ok(0);
                }
                let response = server.request(req);
                conn.sender.send(response.into())?;
            }
            Message::Notification(n) => {
                // `exit` without `shutdown` first (which `handle_shutdown` answers, waiting
                // for the `exit` after it) is an abnormal end.
                if n.method == "exit" {
                    return Ok(1);
                }
                server.notify(n)?;
            }
            Message::Response(_) => {}
        }
    }
    Ok(1)
}
