//! The editor's requests: check, format, pictures, completion, hover, and
//! the server's status. Each body is a script's text; each answer is made
//! by the library (`pipeline`, `format`, `ide`, `render`).

use super::ask::Ask;
use super::work::{stopped, Slot, Work};
use super::State;
use axum::body::Bytes;
use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use meeple::ide::Analysis;
use meeple::render::json;
use meeple::source::SourceFile;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The name a script posted to the API goes by, unless `?name=` says.
pub const DEFAULT_NAME: &str = "playground.game";

#[derive(Deserialize)]
pub struct NameQuery {
    name: Option<String>,
}

impl NameQuery {
    pub fn name(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| DEFAULT_NAME.to_string())
    }
}

/// A JSON array of the given JSON lines.
pub fn array_of_lines(lines: &str) -> Response {
    let body = format!("[{}]", lines.lines().collect::<Vec<_>>().join(","));
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn internal(e: impl std::fmt::Display) -> Response {
    (StatusCode::INTERNAL_SERVER_ERROR, format!("{e}\n")).into_response()
}

/// `POST /api/check`: the objects of `meeple check --format json`.
pub async fn check(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<NameQuery>,
    slot: Slot,
    body: Bytes,
) -> Response {
    let name = q.name();
    let base = state.limits.clone();
    let importer = super::imports::importer(&state, &name);
    on_thread(&state, slot, move |cancel| {
        let limits = meeple::limits::Limits {
            cancel: Some(cancel.clone()),
            ..base
        };
        let (text, result) =
            meeple::pipeline::check_bytes_importing(&body, &limits, Some(&importer));
        if stopped(&cancel) {
            return gone();
        }
        let src = SourceFile::new(name.as_str(), text);
        let (scenarios, diags) = match result {
            Ok(checked) => (checked.file.scenarios.len(), Vec::new()),
            Err(diags) => (0, diags),
        };
        let mut out = String::new();
        for d in &diags {
            out.push_str(&json::line(&json::DiagnosticLine::new(&src, None, d)));
        }
        out.push_str(&json::line(&json::CheckObj {
            kind: "check",
            file: &name,
            ok: diags.is_empty(),
            scenarios,
            errors: diags.len(),
        }));
        array_of_lines(&out)
    })
    .await
}

/// Run `work` on a blocking thread for a request admitted with `slot`:
/// counted as working while it runs, given the request's cancel flag
/// (which its client's leaving sets), the slot held until it ends.
async fn on_thread(
    state: &Arc<State>,
    slot: Slot,
    work: impl FnOnce(Arc<AtomicBool>) -> Response + Send + 'static,
) -> Response {
    let guard = Work::start(state);
    let cancel = guard.flag();
    let working = guard.thread();
    let answer = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let _working = working;
        work(cancel)
    })
    .await
    .unwrap_or_else(internal);
    guard.finish();
    answer
}

/// `ask` of the analysis of the script `body` (its imports read as
/// `importer` reads them: a rules game an import defines completes and
/// hovers as one of the script's own), or `None` when the client went
/// away while it was analysed.
fn analysed<R>(
    body: &[u8],
    importer: meeple::pipeline::Importer,
    cancel: &AtomicBool,
    ask: impl FnOnce(&Analysis) -> R,
) -> Option<R> {
    let text = String::from_utf8_lossy(body);
    let analysis = Analysis::with_importer(&text, importer);
    (!stopped(cancel)).then(|| ask(&analysis))
}

/// The answer to a request whose client went away (nobody reads it).
fn gone() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, "cancelled\n").into_response()
}

#[derive(Serialize)]
struct Formatted {
    ok: bool,
    text: Option<String>,
    diagnostics: Vec<serde_json::Value>,
}

/// `POST /api/fmt`: the script in the canonical layout, or the syntax
/// errors that keep it from being formatted.
pub async fn fmt(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<NameQuery>,
    slot: Slot,
    body: Bytes,
) -> Response {
    let name = q.name();
    on_thread(&state, slot, move |cancel| {
        let text = String::from_utf8_lossy(&body).into_owned();
        let formatted = meeple::format::format_source(&name, &text);
        if stopped(&cancel) {
            return gone();
        }
        let reply = match formatted {
            Ok(t) => Formatted {
                ok: true,
                text: Some(t),
                diagnostics: Vec::new(),
            },
            Err(diags) => {
                let src = SourceFile::new(name.as_str(), text.as_str());
                let diagnostics = diags
                    .diags()
                    .into_iter()
                    .filter_map(|d| {
                        let obj = json::DiagnosticLine::new(&src, None, d);
                        serde_json::to_value(obj).ok()
                    })
                    .collect();
                Formatted {
                    ok: false,
                    text: None,
                    diagnostics,
                }
            }
        };
        Json(reply).into_response()
    })
    .await
}

#[derive(Deserialize)]
pub struct SvgQuery {
    line: usize,
}

/// `POST /api/svg?line=N`: the picture of the `show`, `line` or `analyze`
/// query on line N (404 when that line draws nothing, 422 for an invalid
/// script).
pub async fn svg(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<SvgQuery>,
    slot: Slot,
    body: Bytes,
) -> Response {
    let limits = state.limits.clone();
    let guard = super::solve::Solving::start(&state);
    let cancel = guard.flag();
    let running = super::solve::Running::start(&state);
    let result = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let _running = running;
        let config = meeple::RunConfig {
            limits: meeple::limits::Limits {
                cancel: Some(cancel),
                ..limits
            },
            filter: None,
        };
        let run = meeple::pipeline::run_bytes(DEFAULT_NAME, &body, &config);
        let meeple::Outcome::Ran(runs) = &run.outcome else {
            return Err((
                StatusCode::UNPROCESSABLE_ENTITY,
                "the script has errors: POST it to /api/check\n".to_string(),
            ));
        };
        // Only the asked picture is drawn (one response, one picture).
        runs.iter()
            .flat_map(|r| r.events.iter().map(move |e| (r, e)))
            .find_map(|(r, e)| match e {
                meeple::interp::Event::Answer { span, .. }
                    if run.source.line(span.start()) == q.line =>
                {
                    meeple::render::svg::files::picture_of(
                        std::path::Path::new(""),
                        r,
                        &run.source,
                        e,
                    )
                    .map(|(_, svg)| svg)
                }
                _ => None,
            })
            .ok_or_else(|| {
                (
                    StatusCode::NOT_FOUND,
                    format!("no picture for line {}\n", q.line),
                )
            })
    })
    .await;
    guard.finish();
    match result {
        Ok(Ok(svg)) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        Ok(Err(r)) => r.into_response(),
        Err(e) => internal(e),
    }
}

#[derive(Deserialize)]
pub struct OffsetQuery {
    /// A byte offset into the script.
    offset: usize,
    /// The script's API path (its imports are read beside it), as for
    /// `/api/check`.
    name: Option<String>,
}

impl OffsetQuery {
    fn importer(&self, state: &Arc<State>) -> meeple::pipeline::Importer {
        let name = self.name.as_deref().unwrap_or(DEFAULT_NAME);
        super::imports::importer(state, name)
    }
}

#[derive(Serialize)]
struct CompletionObj {
    label: String,
    kind: String,
    detail: String,
}

/// `POST /api/complete?offset=N`: what may be written at byte N.
pub async fn complete(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<OffsetQuery>,
    slot: Slot,
    body: Bytes,
) -> Response {
    let importer = q.importer(&state);
    on_thread(&state, slot, move |cancel| {
        let Some(completions) = analysed(&body, importer, &cancel, |a| a.completions(q.offset))
        else {
            return gone();
        };
        let items: Vec<CompletionObj> = completions
            .into_iter()
            .map(|c| CompletionObj {
                label: c.label,
                kind: c.kind.wire_name().to_string(),
                detail: c.detail,
            })
            .collect();
        Json(items).into_response()
    })
    .await
}

#[derive(Serialize)]
struct ByteSpan {
    start: usize,
    end: usize,
}

#[derive(Serialize)]
struct HoverObj {
    span: ByteSpan,
    markdown: String,
}

/// `POST /api/hover?offset=N`: what the word at byte N means (`null`
/// when nothing), without running the script.
pub async fn hover(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<OffsetQuery>,
    slot: Slot,
    body: Bytes,
) -> Response {
    let importer = q.importer(&state);
    on_thread(&state, slot, move |cancel| {
        let Some(hover) = analysed(&body, importer, &cancel, |a| {
            a.hover(q.offset, &meeple::ide::Answers::default())
        }) else {
            return gone();
        };
        let hover = hover.map(|h| HoverObj {
            span: ByteSpan {
                start: h.span.start(),
                end: h.span.end(),
            },
            markdown: h.markdown,
        });
        Json(hover).into_response()
    })
    .await
}

#[derive(Serialize)]
struct Status {
    solving: usize,
    requests: usize,
    working: usize,
    connections: usize,
    cancelled: u64,
    states: u64,
}

/// `GET /api/status`: solves running now, requests working now, requests
/// cancelled so far (their client went away), and
/// states searched by every solve so far.
pub async fn status(Shared(state): Shared<Arc<State>>) -> Response {
    Json(Status {
        solving: state.solving.load(Ordering::SeqCst),
        working: state.working.load(Ordering::SeqCst),
        connections: state.connections.load(Ordering::SeqCst),
        requests: state.caps.running(),
        cancelled: state.cancelled.load(Ordering::SeqCst),
        states: state.limits.meter.as_ref().map_or(0, |m| m.states()),
    })
    .into_response()
}
