//! The protocol's requests and notifications, each turned into a question to the workspace
//! (`navigate.rs`, `workspace.rs`) and its answer into protocol types, positions converted in
//! the encoding agreed at initialisation.

use super::analysis::Problem;
use super::navigate::{self, Place};
use super::text::{Encoding, LineIndex};
use super::workspace::{FileData, Workspace};
use crate::diag::Severity;
use crate::reader::Span;
use crossbeam_channel::Sender;
use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest, References,
    Request as _, WorkspaceSymbolRequest,
};
use lsp_types::*;
use std::collections::HashMap;
use std::rc::Rc;

/// The server's state: the workspace, the position encoding and the way to the client.
pub struct Server {
    ws: Workspace,
    enc: Encoding,
    sender: Sender<Message>,
    /// The version of each open document, as the client numbered it.
    versions: HashMap<Url, i32>,
}

impl Server {
    /// A server over `ws` that counts positions in `enc` and sends through `sender`.
    pub fn new(ws: Workspace, enc: Encoding, sender: Sender<Message>) -> Server {
        Server {
            ws,
            enc,
            sender,
            versions: HashMap::new(),
        }
    }

    /// Answer request `req`.
    pub fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let result = match req.method.as_str() {
            GotoDefinition::METHOD => self.with(req, |s, p: GotoDefinitionParams| {
                let at = p.text_document_position_params;
                s.definition(&at.text_document.uri, at.position)
            }),
            References::METHOD => self.with(req, |s, p: ReferenceParams| {
                let at = p.text_document_position;
                s.references(
                    &at.text_document.uri,
                    at.position,
                    p.context.include_declaration,
                )
            }),
            HoverRequest::METHOD => self.with(req, |s, p: HoverParams| {
                let at = p.text_document_position_params;
                s.hover(&at.text_document.uri, at.position)
            }),
            Completion::METHOD => self.with(req, |s, p: CompletionParams| {
                let at = p.text_document_position;
                s.completion(&at.text_document.uri, at.position)
            }),
            DocumentSymbolRequest::METHOD => self.with(req, |s, p: DocumentSymbolParams| {
                s.document_symbols(&p.text_document.uri)
            }),
            WorkspaceSymbolRequest::METHOD => self.with(req, |s, p: WorkspaceSymbolParams| {
                s.workspace_symbols(&p.query)
            }),
            CodeActionRequest::METHOD => self.with(req, |s, p: CodeActionParams| {
                s.code_actions(&p.text_document.uri, p.range)
            }),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("unknown method {}", req.method),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Decode the parameters of `req` and run `f` on them.
    fn with<P, R>(
        &mut self,
        req: Request,
        f: impl FnOnce(&mut Server, P) -> R,
    ) -> Result<serde_json::Value, (ErrorCode, String)>
    where
        P: serde::de::DeserializeOwned,
        R: serde::Serialize,
    {
        let params: P = serde_json::from_value(req.params)
            .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
        serde_json::to_value(f(self, params)).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// Handle notification `n`.
    pub fn notify(&mut self, n: Notification) -> Result<(), super::LoopError> {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: DidOpenTextDocumentParams = serde_json::from_value(n.params)?;
                let doc = p.text_document;
                self.versions.insert(doc.uri.clone(), doc.version);
                self.ws
                    .open
                    .insert(doc.uri.clone(), Rc::new(FileData::new(doc.uri, doc.text)));
                self.publish_all()?;
            }
            DidChangeTextDocument::METHOD => {
                let p: DidChangeTextDocumentParams = serde_json::from_value(n.params)?;
                let uri = p.text_document.uri;
                let Some(old) = self.ws.open.get(&uri) else {
                    return Ok(());
                };
                let mut text = old.text.clone();
                for change in p.content_changes {
                    match change.range {
                        Some(range) => {
                            let index = LineIndex::new(&text);
                            let start = index.offset(&text, range.start, self.enc);
                            let end = index.offset(&text, range.end, self.enc).max(start);
                            text.replace_range(start..end, &change.text);
                        }
                        None => text = change.text,
                    }
                }
                self.versions.insert(uri.clone(), p.text_document.version);
                self.ws
                    .open
                    .insert(uri.clone(), Rc::new(FileData::new(uri, text)));
                self.publish_all()?;
            }
            DidCloseTextDocument::METHOD => {
                let p: DidCloseTextDocumentParams = serde_json::from_value(n.params)?;
                let uri = p.text_document.uri;
                self.ws.open.remove(&uri);
                self.versions.remove(&uri);
                self.send_diagnostics(uri, Vec::new(), None)?;
                self.publish_all()?;
            }
            DidSaveTextDocument::METHOD => self.publish_all()?,
            _ => {}
        }
        Ok(())
    }

    /// Send the diagnostics of every open document: a change to one file may define or remove
    /// what another calls.
    fn publish_all(&self) -> Result<(), super::LoopError> {
        let mut uris: Vec<Url> = self.ws.open.keys().cloned().collect();
        uris.sort();
        for uri in uris {
            let Some(file) = self.ws.file(&uri) else {
                continue;
            };
            let diagnostics = self
                .ws
                .problems(&uri)
                .iter()
                .map(|p| self.diagnostic(&file, p))
                .collect();
            let version = self.versions.get(&uri).copied();
            self.send_diagnostics(uri, diagnostics, version)?;
        }
        Ok(())
    }

    fn send_diagnostics(
        &self,
        uri: Url,
        diagnostics: Vec<Diagnostic>,
        version: Option<i32>,
    ) -> Result<(), super::LoopError> {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        let n = Notification::new(PublishDiagnostics::METHOD.to_string(), params);
        self.sender.send(n.into())?;
        Ok(())
    }

    /// `p` as a protocol diagnostic of `file`.
    fn diagnostic(&self, file: &FileData, p: &Problem) -> Diagnostic {
        let related = p
            .related
            .iter()
            .map(|(span, label)| DiagnosticRelatedInformation {
                location: Location::new(file.uri.clone(), self.range(file, *span)),
                message: if label.is_empty() {
                    "here".to_string()
                } else {
                    label.clone()
                },
            })
            .collect::<Vec<_>>();
        Diagnostic {
            range: self.range(file, p.span),
            severity: Some(match p.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
            }),
            code: Some(NumberOrString::String(p.code.clone())),
            source: Some("ply".to_string()),
            message: p.message.clone(),
            related_information: (!related.is_empty()).then_some(related),
            ..Default::default()
        }
    }

    fn range(&self, file: &FileData, span: Span) -> Range {
        file.index.range(&file.text, span, self.enc)
    }

    fn location(&self, place: &Place) -> Option<Location> {
        match place {
            Place::File(f, span) => Some(Location::new(f.uri.clone(), self.range(f, *span))),
            Place::Library(path, text, span) => {
                let uri = Url::from_file_path(path).ok()?;
                let range = LineIndex::new(text).range(text, *span, self.enc);
                Some(Location::new(uri, range))
            }
        }
    }

    /// The file at `uri` and the byte offset of `pos` in it.
    fn at(&self, uri: &Url, pos: Position) -> Option<(Rc<FileData>, usize)> {
        let f = self.ws.file(uri)?;
        let offset = f.index.offset(&f.text, pos, self.enc);
        Some((f, offset))
    }

    fn definition(&mut self, uri: &Url, pos: Position) -> Option<GotoDefinitionResponse> {
        let (f, offset) = self.at(uri, pos)?;
        let (key, _) = navigate::key_at(&f, offset)?;
        let places = navigate::definitions(&self.ws, uri, &key);
        let locations: Vec<Location> = places.iter().filter_map(|p| self.location(p)).collect();
        (!locations.is_empty()).then_some(GotoDefinitionResponse::Array(locations))
    }

    fn references(&mut self, uri: &Url, pos: Position, decl: bool) -> Option<Vec<Location>> {
        let (f, offset) = self.at(uri, pos)?;
        let (key, _) = navigate::key_at(&f, offset)?;
        let places = navigate::references(&self.ws, uri, &key, decl);
        Some(places.iter().filter_map(|p| self.location(p)).collect())
    }

    fn hover(&mut self, uri: &Url, pos: Position) -> Option<Hover> {
        let (f, offset) = self.at(uri, pos)?;
        let (key, span) = navigate::key_at(&f, offset)?;
        let text = navigate::hover(&self.ws, uri, &key)?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: text,
            }),
            range: Some(self.range(&f, span)),
        })
    }

    fn completion(&mut self, uri: &Url, pos: Position) -> Option<CompletionResponse> {
        let (f, offset) = self.at(uri, pos)?;
        let (start, word) = navigate::word_before(&f.text, offset)?;
        let range = self.range(&f, Span::new(start, offset));
        let items = navigate::completions(&self.ws, uri, word)
            .into_iter()
            .map(|((name, arity), from)| {
                let written = crate::diag::term_text::quoted_atom(&name);
                CompletionItem {
                    label: format!("{written}/{arity}"),
                    kind: Some(CompletionItemKind::FUNCTION),
                    detail: Some(from),
                    filter_text: Some(name.clone()),
                    sort_text: Some(format!("{name}/{arity:03}")),
                    text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, written))),
                    ..Default::default()
                }
            })
            .collect();
        Some(CompletionResponse::List(CompletionList {
            is_incomplete: false,
            items,
        }))
    }

    #[allow(deprecated)]
    fn document_symbols(&mut self, uri: &Url) -> Option<DocumentSymbolResponse> {
        let f = self.ws.file(uri)?;
        let mut symbols: Vec<DocumentSymbol> = Vec::new();
        for key in f.analysis.defined() {
            let defs: Vec<_> = f
                .analysis
                .definitions
                .iter()
                .filter(|d| d.key == *key)
                .collect();
            let first = defs[0];
            let last = defs[defs.len() - 1];
            let clauses = defs.iter().filter(|d| !d.declared).count();
            symbols.push(DocumentSymbol {
                name: format!("{}/{}", crate::diag::term_text::quoted_atom(&key.0), key.1),
                detail: Some(format!(
                    "{clauses} clause{}",
                    if clauses == 1 { "" } else { "s" }
                )),
                kind: SymbolKind::FUNCTION,
                tags: None,
                deprecated: None,
                range: self.range(&f, Span::new(first.span.start, last.span.end)),
                selection_range: self.range(&f, first.name_span),
                children: None,
            });
        }
        Some(DocumentSymbolResponse::Nested(symbols))
    }

    #[allow(deprecated)]
    fn workspace_symbols(&mut self, query: &str) -> Option<WorkspaceSymbolResponse> {
        let query = query.to_lowercase();
        let mut out = Vec::new();
        for f in self.ws.all_files() {
            for key in f.analysis.defined() {
                if !key.0.to_lowercase().contains(&query) {
                    continue;
                }
                let Some(d) = f.analysis.definitions.iter().find(|d| d.key == *key) else {
                    continue;
                };
                out.push(SymbolInformation {
                    name: format!("{}/{}", crate::diag::term_text::quoted_atom(&key.0), key.1),
                    kind: SymbolKind::FUNCTION,
                    tags: None,
                    deprecated: None,
                    location: Location::new(f.uri.clone(), self.range(&f, d.name_span)),
                    container_name: None,
                });
            }
        }
        Some(WorkspaceSymbolResponse::Flat(out))
    }

    fn code_actions(&mut self, uri: &Url, range: Range) -> Option<CodeActionResponse> {
        let f = self.ws.file(uri)?;
        let start = f.index.offset(&f.text, range.start, self.enc);
        let end = f.index.offset(&f.text, range.end, self.enc);
        let mut actions = Vec::new();
        for p in self.ws.problems(uri) {
            if p.span.end < start || p.span.start > end {
                continue;
            }
            let diagnostic = self.diagnostic(&f, &p);
            for fix in &p.fixes {
                let edits = fix
                    .edits
                    .iter()
                    .map(|(span, text)| TextEdit::new(self.range(&f, *span), text.clone()))
                    .collect();
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: fix.title.clone(),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic.clone()]),
                    edit: Some(WorkspaceEdit {
                        changes: Some(HashMap::from([(uri.clone(), edits)])),
                        ..Default::default()
                    }),
                    ..Default::default()
                }));
            }
        }
        Some(actions)
    }
}
