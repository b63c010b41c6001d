//! `meeple serve`: the web playground (docs/serve.md) and its HTTP API
//! (docs/http.md). The page is the bundle of `editors/web/`, embedded in
//! the binary; every answer comes from the library (`pipeline`, `ide`,
//! `format`, `render::svg`): this module only carries requests to it.

mod api;
mod assets;
mod files;
mod solve;
mod steps;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use meeple::limits::Limits;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::Arc;
use std::time::Duration;

/// The largest request body: a script at its size limit (413 past it).
pub const BODY_BYTES: usize = meeple::limits::SOURCE_BYTES;

/// The time budget of one solve when `--timeout` is not given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The state budget of one solve when `--max-states` is not given.
pub const DEFAULT_MAX_STATES: u64 = 500_000_000;

/// What every request shares.
pub struct State {
    /// The folders and files served.
    pub roots: files::Roots,
    /// The budget of every solve (without its cancel flag).
    pub limits: Limits,
    /// Solves running now.
    pub solving: AtomicUsize,
    /// Solves cancelled because their client went away (or asked).
    pub cancelled: AtomicU64,
    /// One write to the disk at a time (the If-Match check and the rename).
    pub writing: tokio::sync::Mutex<()>,
}

/// The options of `meeple serve`.
pub struct Options {
    /// The port (0: any free one).
    pub port: u16,
    /// The address to bind.
    pub host: String,
    /// Open the page in a browser.
    pub open: bool,
    /// The folders and files served (default: the current folder).
    pub paths: Vec<PathBuf>,
}

/// The routes of the page and the API.
pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/check", post(api::check))
        .route("/api/run", post(solve::run))
        .route("/api/svg", post(api::svg))
        .route("/api/fmt", post(api::fmt))
        .route("/api/complete", post(api::complete))
        .route("/api/hover", post(api::hover))
        .route("/api/status", get(api::status))
        .route("/api/files", get(files::list))
        .route("/api/file", get(files::read).put(files::write))
        .layer(DefaultBodyLimit::max(BODY_BYTES))
        .layer(axum::middleware::from_fn(refuse_large))
        .with_state(state)
}

/// 413 at once for a body whose declared length is over [`BODY_BYTES`]
/// (a body without a length is cut at it while read: `DefaultBodyLimit`).
async fn refuse_large(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_BYTES as u64) {
        return (
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {} MiB\n", BODY_BYTES >> 20),
        )
            .into_response();
    }
    next.run(request).await
}

/// `meeple serve`: serve until killed; the exit code.
pub fn serve(opts: &Options, limits: &Limits) -> i32 {
    let roots = match files::Roots::new(&opts.paths) {
        Ok(r) => r,
        Err(e) => {
            super::out::err(format!("error: {e}\n"));
            return 2;
        }
    };
    let limits = Limits {
        timeout: limits.timeout.or(Some(DEFAULT_TIMEOUT)),
        max_states: limits.max_states.or(Some(DEFAULT_MAX_STATES)),
        cancel: None,
        // The server's totals (`/api/status`); each run reports to its own
        // meter within it.
        meter: Some(meeple::budget::Meter::new()),
        ..limits.clone()
    };
    let state = Arc::new(State {
        roots,
        limits,
        solving: AtomicUsize::new(0),
        cancelled: AtomicU64::new(0),
        writing: tokio::sync::Mutex::new(()),
    });
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            super::out::err(format!("error: cannot start the server: {e}\n"));
            return 2;
        }
    };
    runtime.block_on(async {
        let addr = format!("{}:{}", opts.host, opts.port);
        let listener = match tokio::net::TcpListener::bind(&addr).await {
            Ok(l) => l,
            Err(e) => {
                super::out::err(format!("error: cannot listen on {addr}: {e}\n"));
                return 2;
            }
        };
        let url = match listener.local_addr() {
            Ok(a) => format!("http://{a}/"),
            Err(e) => {
                super::out::err(format!("error: {e}\n"));
                return 2;
            }
        };
        super::out::out_flush(format!("meeple serve: {url}\n"));
        if opts.open {
            if let Err(e) = open::that_detached(&url) {
                super::out::err(format!("warning: cannot open a browser: {e}\n"));
            }
        }
        match axum::serve(listener, router(state)).await {
            Ok(()) => 0,
            Err(e) => {
                super::out::err(format!("error: {e}\n"));
                2
            }
        }
    })
}
