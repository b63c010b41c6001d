//! `meeple lsp`: a Language Server (LSP 3.17) over stdio, a thin client of
//! `meeple::ide`. Full-text sync; diagnostics are published from the main
//! loop on every open and change; the answers behind inlay hints and hover
//! are computed on a background thread under a budget (`--timeout`,
//! `--max-states`; 5 s per query by default), cancelled when the document
//! changes again (one run per document at a time: the next starts once the
//! cancelled one has stopped; see [`work`]); failed expectations found by
//! that run are published as diagnostics too. Malformed messages, unknown
//! methods, requests before `initialize`, positions out of range and
//! unknown documents get JSON-RPC errors; nothing ends the server but
//! `exit` or the end of its input. `$/cancelRequest` stops a code action
//! (answered `RequestCancelled`); the other requests are answered at once.
//! Changes that arrive together (typing fast, a client sending each edit)
//! are applied one by one but checked once, when no more input is waiting
//! or before anything else is handled.

mod convert;
mod requests;
mod transport;
mod work;

use convert::Text;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response, ResponseError};
use lsp_types as lsp;
use meeple::ide::{Analysis, Answers};
use meeple::limits::Limits;
use meeple::source::SourceFile;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use transport::Frame;
use work::Work;

/// The time each query of a background run may take unless `--timeout` says.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(5);

/// What the main loop waits for.
enum Input {
    Frame(Frame),
    /// The client closed stdin.
    Eof,
    /// A background run ended; no answers when it was cancelled.
    Answers {
        uri: String,
        generation: u64,
        answers: Option<Answers>,
    },
    /// A code action's thread ended with its reply.
    Reply(Response),
}

/// An open document.
struct Document {
    uri: lsp::Uri,
    version: i32,
    /// The text, parsed once and checked once (see [`Server::update`]):
    /// diagnostics, requests, background answers and code actions all
    /// read this one analysis.
    analysis: Arc<Analysis>,
    /// The checker found nothing: its answers are worth a run.
    runnable: bool,
    /// The answers last computed (perhaps for an older version).
    answers: Answers,
    /// Which change this version is; a background run reports for one.
    generation: u64,
    /// Stops the background run of this version.
    cancel: Arc<AtomicBool>,
}

impl Document {
    fn view(&self) -> Text<'_> {
        Text {
            src: self.analysis.source(),
        }
    }
}

struct Server {
    limits: Limits,
    tx: mpsc::Sender<Input>,
    docs: HashMap<String, Document>,
    /// Changed texts not checked yet: uri, version, text (see [`Server::flush`]).
    pending: HashMap<String, (lsp::Uri, i32, String)>,
    initialized: bool,
    shutdown: bool,
    /// The client asks to be told when inlay hints change.
    refresh_hints: bool,
    next_id: i32,
    generation: u64,
    /// The background threads and what waits for one.
    work: Work,
    /// stdout is gone.
    gone: bool,
    /// `MEEPLE_LSP_LOG=1`: how long diagnostics took, on stderr.
    log: bool,
}

type Reply = Result<Value, ResponseError>;

fn error(code: ErrorCode, message: impl Into<String>) -> ResponseError {
    ResponseError {
        code: code as i32,
        message: message.into(),
        data: None,
    }
}

/// Serve on stdin/stdout until `exit` (code 0 after `shutdown`, else 1) or
/// the end of input.
pub fn main(limits: &Limits) -> i32 {
    let (tx, rx) = mpsc::channel();
    transport::spawn_reader(tx.clone());
    let mut server = Server {
        limits: limits.clone(),
        tx,
        docs: HashMap::new(),
        pending: HashMap::new(),
        initialized: false,
        shutdown: false,
        refresh_hints: false,
        next_id: 0,
        generation: 0,
        work: Work::default(),
        gone: false,
        log: std::env::var_os("MEEPLE_LSP_LOG").is_some(),
    };
    let exit = |server: &Server| if server.shutdown { 0 } else { 1 };
    let mut waiting = None;
    loop {
        let input = match waiting.take() {
            Some(input) => input,
            None => match rx.recv() {
                Ok(input) => input,
                Err(_) => break,
            },
        };
        let change = matches!(&input, Input::Frame(Frame::Message(Message::Notification(n)))
            if n.method == "textDocument/didChange");
        if !change {
            server.flush();
        }
        match input {
            Input::Eof => return exit(&server),
            Input::Frame(Frame::Message(Message::Notification(n))) if n.method == "exit" => {
                return exit(&server)
            }
            Input::Frame(Frame::Message(Message::Request(r))) => server.request(r),
            Input::Frame(Frame::Message(Message::Notification(n))) => server.notification(n),
            Input::Frame(Frame::Message(Message::Response(_))) => {}
            Input::Frame(Frame::Garbage { parse, why }) => {
                let code = if parse {
                    ErrorCode::ParseError
                } else {
                    ErrorCode::InvalidRequest
                };
                server.gone |= !transport::write_error(code as i32, &why);
            }
            Input::Answers {
                uri,
                generation,
                answers,
            } => server.answers(uri, generation, answers),
            Input::Reply(r) => {
                if server.work.action_done(&r.id) {
                    server.send(r);
                }
            }
        }
        // Check the changed documents once no more input is waiting.
        match rx.try_recv() {
            Ok(input) => waiting = Some(input),
            Err(_) => server.flush(),
        }
        server.schedule();
        if server.gone {
            return 1;
        }
    }
    exit(&server)
}

impl Server {
    fn send(&mut self, msg: impl Into<Message>) {
        self.gone |= !transport::write(&msg.into());
    }

    fn request(&mut self, req: Request) {
        let id = req.id.clone();
        let reply = if req.method == "initialize" {
            self.initialize(req.params)
        } else if !self.initialized {
            Err(error(
                ErrorCode::ServerNotInitialized,
                "the first request must be `initialize`",
            ))
        } else if self.shutdown {
            Err(error(
                ErrorCode::InvalidRequest,
                "the server is shutting down: only `exit` is left",
            ))
        } else {
            match req.method.as_str() {
                "shutdown" => {
                    self.shutdown = true;
                    Ok(Value::Null)
                }
                "textDocument/completion" => {
                    self.on::<lsp::request::Completion>(req, Self::completion)
                }
                "textDocument/hover" => self.on::<lsp::request::HoverRequest>(req, Self::hover),
                "textDocument/definition" => {
                    self.on::<lsp::request::GotoDefinition>(req, Self::definition)
                }
                "textDocument/references" => {
                    self.on::<lsp::request::References>(req, Self::references)
                }
                "textDocument/documentSymbol" => {
                    self.on::<lsp::request::DocumentSymbolRequest>(req, Self::symbols)
                }
                "textDocument/formatting" => {
                    self.on::<lsp::request::Formatting>(req, Self::formatting)
                }
                "textDocument/inlayHint" => {
                    self.on::<lsp::request::InlayHintRequest>(req, Self::inlay_hints)
                }
                "textDocument/codeAction" => {
                    match self.params::<lsp::request::CodeActionRequest>(req.params) {
                        Ok(p) => match self.code_action(id.clone(), p) {
                            Ok(()) => return, // answered from a thread
                            Err(e) => Err(e),
                        },
                        Err(e) => Err(e),
                    }
                }
                m => Err(error(
                    ErrorCode::MethodNotFound,
                    format!("meeple lsp has no method `{m}`"),
                )),
            }
        };
        self.send(Response {
            id,
            response_result: reply,
        });
    }

    fn params<R: lsp::request::Request>(&self, params: Value) -> Result<R::Params, ResponseError> {
        serde_json::from_value(params).map_err(|e| {
            error(
                ErrorCode::InvalidParams,
                format!("bad parameters for `{}`: {e}", R::METHOD),
            )
        })
    }

    fn on<R: lsp::request::Request>(
        &mut self,
        req: Request,
        f: fn(&mut Server, R::Params) -> Result<R::Result, ResponseError>,
    ) -> Reply {
        let params = self.params::<R>(req.params)?;
        let result = f(self, params)?;
        serde_json::to_value(result).map_err(|e| error(ErrorCode::InternalError, e.to_string()))
    }

    fn initialize(&mut self, params: Value) -> Reply {
        if self.initialized {
            return Err(error(ErrorCode::InvalidRequest, "`initialize` came twice"));
        }
        self.initialized = true;
        self.refresh_hints = params
            .pointer("/capabilities/workspace/inlayHint/refreshSupport")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let capabilities = lsp::ServerCapabilities {
            text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
                lsp::TextDocumentSyncKind::FULL,
            )),
            completion_provider: Some(lsp::CompletionOptions {
                trigger_characters: Some(vec![" ".into()]),
                ..Default::default()
            }),
            hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
            definition_provider: Some(lsp::OneOf::Left(true)),
            references_provider: Some(lsp::OneOf::Left(true)),
            document_symbol_provider: Some(lsp::OneOf::Left(true)),
            document_formatting_provider: Some(lsp::OneOf::Left(true)),
            code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
            inlay_hint_provider: Some(lsp::OneOf::Left(true)),
            ..Default::default()
        };
        let result = lsp::InitializeResult {
            capabilities,
            server_info: Some(lsp::ServerInfo {
                name: "meeple".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        };
        serde_json::to_value(result).map_err(|e| error(ErrorCode::InternalError, e.to_string()))
    }

    fn notification(&mut self, n: Notification) {
        if !self.initialized || self.shutdown {
            return; // dropped, as the protocol says
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) {
                    let d = p.text_document;
                    self.update(d.uri, d.version, d.text);
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                {
                    self.change(p);
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str();
                    self.pending.remove(key);
                    self.work.forget(key);
                    self.work.edited(key);
                    if let Some(doc) = self.docs.remove(key) {
                        doc.cancel.store(true, Ordering::Relaxed);
                        self.publish(&doc.uri, Vec::new(), None);
                    }
                }
            }
            "$/cancelRequest" => {
                if let Ok(p) = serde_json::from_value::<lsp::CancelParams>(n.params) {
                    let id = match p.id {
                        lsp::NumberOrString::Number(n) => RequestId::from(n),
                        lsp::NumberOrString::String(s) => RequestId::from(s),
                    };
                    if self.work.cancel(&id) {
                        self.send(Response::new_err(
                            id,
                            ErrorCode::RequestCanceled as i32,
                            "cancelled by the client".into(),
                        ));
                    }
                }
            }
            _ => {} // `initialized`, settings…: nothing to do
        }
    }

    /// A change, applied to the text; checked by the next [`Server::flush`].
    fn change(&mut self, p: lsp::DidChangeTextDocumentParams) {
        let uri = p.text_document.uri;
        let mut text = match (
            self.pending.remove(uri.as_str()),
            self.docs.get(uri.as_str()),
        ) {
            (Some((_, _, text)), _) => text,
            (None, Some(doc)) => doc.analysis.text().to_string(),
            (None, None) => return, // never opened: nothing to change
        };
        for change in p.content_changes {
            match change.range {
                None => text = change.text,
                Some(range) => {
                    // The text between two changes, indexed to place the
                    // next one (moved in and out: not copied).
                    let src = SourceFile::new(uri.as_str(), std::mem::take(&mut text));
                    let view = Text { src: &src };
                    // A position past the last line is the end of the text
                    // (one past its line's end is already that line's end).
                    let end = src.text.len();
                    let a = view.offset(range.start).unwrap_or(end);
                    let b = view.offset(range.end).unwrap_or(end);
                    text = src.text;
                    text.replace_range(a.min(b)..b.max(a), &change.text);
                }
            }
        }
        let key = uri.as_str().to_string();
        self.pending
            .insert(key, (uri, p.text_document.version, text));
    }

    /// Check (and publish diagnostics for) every changed document.
    fn flush(&mut self) {
        let pending: Vec<_> = self.pending.drain().map(|(_, v)| v).collect();
        for (uri, version, text) in pending {
            self.update(uri, version, text);
        }
    }

    /// A new version of a document: diagnostics now, answers in the background.
    fn update(&mut self, uri: lsp::Uri, version: i32, text: String) {
        let started = Instant::now();
        let key = uri.as_str().to_string();
        let answers = match self.docs.remove(&key) {
            Some(old) => {
                old.cancel.store(true, Ordering::Relaxed);
                old.answers
            }
            None => Answers::default(),
        };
        self.work.edited(&key);
        self.generation += 1;
        // The one parse (and check) of this version.
        // Imports are read relative to the document's file, when it is one.
        let analysis = Arc::new(match file_path(&uri) {
            Some(path) => Analysis::with_importer(&text, meeple::pipeline::Importer::beside(&path)),
            None => Analysis::new(&text),
        });
        let diags = analysis.diagnostics();
        let doc = Document {
            uri: uri.clone(),
            version,
            analysis,
            runnable: diags.is_empty(),
            answers,
            generation: self.generation,
            cancel: Arc::new(AtomicBool::new(false)),
        };
        let list = diags
            .iter()
            .map(|d| doc.view().diagnostic(&uri, d))
            .collect();
        self.publish(&uri, list, Some(version));
        if self.log {
            eprintln!(
                "meeple lsp: {} lines checked and published in {:.1} ms ({} background threads)",
                doc.view().position(doc.analysis.text().len()).line + 1,
                started.elapsed().as_secs_f64() * 1e3,
                self.work.threads()
            );
        }
        if doc.runnable {
            self.work.want_answers(&key);
        }
        self.docs.insert(key, doc);
    }

    fn publish(&mut self, uri: &lsp::Uri, diagnostics: Vec<lsp::Diagnostic>, version: Option<i32>) {
        let params = lsp::PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version,
        };
        self.send(Notification::new(
            "textDocument/publishDiagnostics".into(),
            params,
        ));
    }

    /// The limits of background work: the command line's, a time budget
    /// per query, and the document's cancel flag.
    fn background_limits(&self, cancel: Arc<AtomicBool>) -> Limits {
        Limits {
            timeout: Some(self.limits.timeout.unwrap_or(ANSWER_TIMEOUT)),
            cancel: Some(cancel),
            ..self.limits.clone()
        }
    }

    /// Starts the background threads that may start now (see [`Work`]).
    fn schedule(&mut self) {
        while let Some(uri) = self.work.next_answers() {
            match self.docs.get(&uri) {
                Some(doc) if doc.runnable => self.spawn_answers(doc),
                _ => self.work.answers_done(&uri), // closed, or broken since
            }
        }
        while let Some(action) = self.work.next_action() {
            self.start_action(action);
        }
    }

    /// A run of `doc`'s answers; it reports [`Input::Answers`] when it ends,
    /// cancelled or not.
    fn spawn_answers(&self, doc: &Document) {
        let limits = self.background_limits(doc.cancel.clone());
        let (tx, analysis, uri, generation) = (
            self.tx.clone(),
            doc.analysis.clone(),
            doc.uri.as_str().to_string(),
            doc.generation,
        );
        std::thread::spawn(move || {
            let answers = analysis.answers(&limits);
            let cancelled = limits.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
            let _ = tx.send(Input::Answers {
                uri,
                generation,
                answers: (!cancelled).then_some(answers),
            });
        });
    }

    fn answers(&mut self, uri: String, generation: u64, answers: Option<Answers>) {
        self.work.answers_done(&uri);
        let Some(answers) = answers else {
            return; // cancelled: the next run may start
        };
        let Some(doc) = self.docs.get_mut(&uri) else {
            return;
        };
        if doc.generation != generation {
            return; // a later version is being computed
        }
        doc.answers = answers;
        // The checker found nothing (else there is no run): what failed
        // while running is the document's diagnostics now.
        let failures: Vec<lsp::Diagnostic> = doc
            .answers
            .failures()
            .iter()
            .map(|d| doc.view().diagnostic(&doc.uri, d))
            .collect();
        if !failures.is_empty() {
            let (uri, version) = (doc.uri.clone(), doc.version);
            self.publish(&uri, failures, Some(version));
        }
        if self.refresh_hints {
            self.next_id += 1;
            let id = RequestId::from(format!("meeple-{}", self.next_id));
            self.send(Request::new(
                id,
                "workspace/inlayHint/refresh".into(),
                Value::Null,
            ));
        }
    }
}

/// The file a `file:` document URI names (percent-decoded), or `None` for
/// any other scheme (an unsaved buffer): its imports are then refused.
fn file_path(uri: &lsp::Uri) -> Option<std::path::PathBuf> {
    if !uri.scheme()?.as_str().eq_ignore_ascii_case("file") {
        return None;
    }
    let bytes = uri.path().as_estr().decode().into_bytes();
    let path = String::from_utf8(bytes.into_owned()).ok()?;
    (!path.is_empty()).then(|| std::path::PathBuf::from(path))
}
