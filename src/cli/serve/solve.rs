//! Solves: on blocking threads, within the server's budget, each with a
//! cancel flag that a closed connection sets. `POST /api/run` streams
//! progress lines while it works, then the objects of
//! `meeple run --format json`.

use super::api::NameQuery;
use super::ask::Ask;
use super::State;
use axum::body::{Body, Bytes};
use axum::extract::State as Shared;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use meeple::interp::{Event, ScenarioRun};
use meeple::pipeline::RunConfig;
use meeple::render::{json, svg};
use meeple::source::SourceFile;
use meeple::syntax::ast::QueryKind;
use serde::Serialize;
use std::convert::Infallible;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_stream::StreamExt;

/// How often a running solve reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// A request's solve: dropped before it finishes (the client went away),
/// it cancels the solve.
pub type Solving = super::work::Work;

/// A solve running on a blocking thread (counted in `/api/status`).
pub struct Running(Arc<State>);

impl Running {
    pub fn start(state: &Arc<State>) -> Running {
        state.solving.fetch_add(1, Ordering::SeqCst);
        Running(state.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.solving.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The most bytes of pictures one response sends (answers' pictures and
/// `steps` frames together); past it each answer's picture is a small note
/// saying so, and `steps` lines are `truncated`. A 500 × 500 board draws
/// about 21 MB.
pub const PICTURE_BYTES: usize = 32 << 20;

/// The picture of each event of a scenario (`None`: it draws nothing),
/// counted against `left`, the bytes of pictures the response may still
/// send: once a picture would not fit, it and every later one is a note.
pub fn pictures(run: &ScenarioRun, src: &SourceFile, left: &mut usize) -> Vec<Option<String>> {
    run.events
        .iter()
        .map(|e| {
            let Event::Answer { query, span, .. } = e else {
                return None;
            };
            if *query == QueryKind::Solve {
                return None;
            }
            let title = svg::title(&run.name, *query, src.line(span.start()));
            if *left == 0 {
                return Some(left_out(&title));
            }
            // An answer that draws nothing (a game without pictures) has
            // none, and leaves the budget to the pictures after it.
            let svg = svg::files::picture_of(Path::new(""), run, src, e).map(|(_, svg)| svg)?;
            if svg.len() <= *left {
                *left -= svg.len();
                Some(svg)
            } else {
                *left = 0;
                Some(left_out(&title))
            }
        })
        .collect()
}

/// The note that stands in for a picture past [`PICTURE_BYTES`].
fn left_out(title: &str) -> String {
    let note = format!(
        "picture left out: this run's pictures passed {} MB",
        PICTURE_BYTES >> 20
    );
    svg::note(title, &note)
}

#[derive(Serialize)]
struct Progress {
    kind: &'static str,
    elapsed_ms: f64,
    states: u64,
    bound: String,
}

#[derive(Serialize)]
struct Done {
    kind: &'static str,
    exit_code: i32,
    elapsed_ms: f64,
}

/// Everything a run sends after its progress lines. Each scenario is
/// turned into its JSON lines as soon as it has run (then let go), and the
/// lines the response keeps count against `--memory` as `meeple run`'s
/// output does (diagnostics aside): the answer or `steps` line that would
/// pass it is a `meeple::limit::memory` diagnostic instead, and the run
/// stops there (exit code 1).
fn finished(
    body: &[u8],
    config: &RunConfig,
    name: &str,
    importer: &meeple::pipeline::Importer,
    started: Instant,
) -> String {
    let mut response = Kept::new(config);
    let mut left = PICTURE_BYTES;
    let (file, code) = meeple::pipeline::run_bytes_each_importing(
        name,
        body,
        config,
        Some(importer),
        &mut |file, run| response.scenario(file, run, &mut left),
    );
    let mut out = response.text;
    // The warnings, or an invalid script's diagnostics.
    out.push_str(&json::file(&file, &[]));
    let exit_code = if response.stopped { 1 } else { code };
    out.push_str(&meeple::render::json::line(&Done {
        kind: "done",
        exit_code,
        elapsed_ms: meeple::render::json::millis(started.elapsed()),
    }));
    out
}

/// The JSON lines of a run so far, counted against `--memory`.
struct Kept {
    text: String,
    kept: meeple::budget::Output,
    /// Set once a line was refused: the run's later queries stop.
    cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
    stopped: bool,
}

impl Kept {
    fn new(config: &RunConfig) -> Kept {
        Kept {
            text: String::new(),
            kept: config.limits.output(),
            cancel: config.limits.cancel.clone(),
            stopped: false,
        }
    }

    /// Keep one scenario's lines: its events' (each answer with its
    /// picture), then its `steps` lines.
    fn scenario(&mut self, file: &meeple::FileRun, run: &ScenarioRun, left: &mut usize) {
        if self.stopped {
            return;
        }
        let src = &file.source;
        let svgs = pictures(run, src, left);
        for (e, svg) in run.events.iter().zip(svgs) {
            let one = ScenarioRun {
                name: run.name.clone(),
                game: run.game,
                span: run.span,
                events: vec![e.clone()],
            };
            let line = json::scenario(src, &one, &[svg]);
            let span = match e {
                Event::Answer { span, .. } | Event::ExpectPassed { span, .. } => *span,
                // Diagnostics are not counted (at most `errors_shown`).
                _ => {
                    self.text.push_str(&line);
                    continue;
                }
            };
            if !self.keep(src, run, span, line) {
                return;
            }
        }
        for (span, line) in super::steps::lines(src, run, left) {
            if !self.keep(src, run, span, line) {
                return;
            }
        }
    }

    /// Keep `line`, or refuse it with `meeple::limit::memory` on `span`
    /// and stop the run; whether it was kept.
    fn keep(
        &mut self,
        src: &SourceFile,
        run: &ScenarioRun,
        span: meeple::source::Span,
        line: String,
    ) -> bool {
        match self.kept.charge(line.len() as u64) {
            Ok(()) => {
                self.text.push_str(&line);
                true
            }
            Err(hit) => {
                let d = meeple::games::limit_diag(hit, span);
                self.text
                    .push_str(&meeple::render::json::line(&json::DiagnosticLine::new(
                        src,
                        Some(&run.name),
                        &d,
                    )));
                self.stopped = true;
                if let Some(flag) = &self.cancel {
                    flag.store(true, Ordering::SeqCst);
                }
                false
            }
        }
    }
}

/// `POST /api/run`: NDJSON. While the solve runs, a `progress` line every
/// quarter second; then the lines of `meeple run --format json` (each
/// picture inline in its answer's `svg`), a `steps` line per `line`
/// answer, and a `done` line. Closing the connection cancels the solve.
pub async fn run(
    Shared(state): Shared<Arc<State>>,
    Ask(q): Ask<NameQuery>,
    slot: super::work::Slot,
    body: Bytes,
) -> Response {
    let name = q.name();
    let guard = Solving::start(&state);
    // This run's own meter: its progress lines show its states and bound,
    // never another request's (the server's meter totals them).
    let meter = match &state.limits.meter {
        Some(server) => meeple::budget::Meter::within(server),
        None => meeple::budget::Meter::new(),
    };
    let config = RunConfig {
        limits: meeple::limits::Limits {
            cancel: Some(guard.flag()),
            meter: Some(meter.clone()),
            ..state.limits.clone()
        },
        filter: None,
    };
    let importer = super::imports::importer(&state, &name);
    let (tx, rx) = tokio::sync::mpsc::channel::<(bool, String)>(4);
    let running = Running::start(&state);
    tokio::spawn(async move {
        let started = Instant::now();
        let mut work = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            let _running = running;
            finished(&body, &config, &name, &importer, started)
        });
        let mut tick = tokio::time::interval(PROGRESS_EVERY);
        tick.tick().await;
        loop {
            tokio::select! {
                result = &mut work => {
                    let text = result.unwrap_or_else(|e| format!("{}\n", serde_json::json!({"kind": "error", "message": e.to_string()})));
                    let _ = tx.send((true, text)).await;
                    break;
                }
                _ = tick.tick() => {
                    let line = meeple::render::json::line(&Progress {
                        kind: "progress",
                        elapsed_ms: meeple::render::json::millis(started.elapsed()),
                        states: meter.states(),
                        bound: meter.bound().map(|b| meeple::render::text::bound(&b)).unwrap_or_default(),
                    });
                    if tx.send((false, line)).await.is_err() {
                        break; // the client went away (the guard cancels)
                    }
                }
            }
        }
    });
    // The guard lives in the body: dropping the body (a closed connection)
    // cancels the solve; the last line finishes it.
    let mut guard = Some(guard);
    let stream = tokio_stream::wrappers::ReceiverStream::new(rx).map(move |(last, chunk)| {
        if last {
            if let Some(g) = guard.take() {
                g.finish();
            }
        }
        Ok::<_, Infallible>(chunk)
    });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}
