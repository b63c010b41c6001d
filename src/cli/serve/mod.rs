//! `meeple serve`: the web playground (docs/serve.md) and its HTTP API
//! (docs/http.md). The page is the bundle of `editors/web/`, embedded in
//! the binary; every answer comes from the library (`pipeline`, `ide`,
//! `format`, `render::svg`): this module only carries requests to it.

mod api;
mod ask;
mod assets;
mod beneath;
mod files;
mod gate;
mod imports;
mod listen;
mod solve;
mod steps;
mod work;

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

pub use listen::Net;

/// What every request shares.
pub struct State {
    /// The folders and files served.
    pub roots: files::Roots,
    /// The budget of every solve (without its cancel flag).
    pub limits: Limits,
    /// Solves running now.
    pub solving: AtomicUsize,
    /// Blocking threads working for a check, fmt, completion or hover now.
    pub working: AtomicUsize,
    /// Connections open now (under `--max-connections`).
    pub connections: Arc<AtomicUsize>,
    /// Solves cancelled because their client went away (or asked).
    pub cancelled: AtomicU64,
    /// One write to the disk at a time (the If-Match check and the rename).
    pub writing: tokio::sync::Mutex<()>,
    /// The caps on requests working at once and their memory.
    pub caps: work::Caps,
    /// The names a request's `Host` may give.
    pub hosts: gate::Hosts,
    /// The connections' limits.
    pub net: listen::Net,
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
    /// More names a request's `Host` may give (`--allow-host`).
    pub allow_hosts: Vec<String>,
    /// Requests working at once (`--max-requests`).
    pub max_requests: usize,
    /// The memory those requests share, in MB (`--request-memory`).
    pub request_memory: u64,
    /// The connections' cap and timeouts.
    pub net: listen::Net,
}

/// The routes of the page and the API. Every request passes the `Host`
/// and `Origin` gate; those that work on a script or a file are admitted
/// under the caps first (503), then their body is read whole (413, 408).
pub fn router(state: Arc<State>) -> Router {
    use axum::middleware::from_fn_with_state;
    let scripts = Router::new()
        .route("/api/check", post(api::check))
        .route("/api/run", post(solve::run))
        .route("/api/svg", post(api::svg))
        .route("/api/fmt", post(api::fmt))
        .route("/api/complete", post(api::complete))
        .route("/api/hover", post(api::hover))
        .layer(from_fn_with_state(state.clone(), work::fit_script))
        .layer(from_fn_with_state(state.clone(), gate::read_body))
        .layer(from_fn_with_state(state.clone(), work::admit_script));
    let file = Router::new()
        .route("/api/file", get(files::read).put(files::write))
        .layer(from_fn_with_state(state.clone(), gate::read_body))
        .layer(from_fn_with_state(state.clone(), work::admit_file));
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/status", get(api::status))
        .route("/api/files", get(files::list))
        .merge(scripts)
        .merge(file)
        .layer(DefaultBodyLimit::max(BODY_BYTES))
        .layer(from_fn_with_state(state.clone(), gate::gate))
        .with_state(state)
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
        let bound = match listener.local_addr() {
            Ok(a) => a,
            Err(e) => {
                super::out::err(format!("error: {e}\n"));
                return 2;
            }
        };
        let url = format!("http://{bound}/");
        let state = Arc::new(State {
            roots,
            limits,
            solving: AtomicUsize::new(0),
            working: AtomicUsize::new(0),
            connections: Arc::new(AtomicUsize::new(0)),
            cancelled: AtomicU64::new(0),
            writing: tokio::sync::Mutex::new(()),
            caps: work::Caps::new(opts.max_requests, opts.request_memory),
            hosts: gate::Hosts::new(bound, &opts.host, &opts.allow_hosts),
            net: opts.net.clone(),
        });
        super::out::out_flush(format!("meeple serve: {url}\n"));
        if opts.open {
            if let Err(e) = open::that_detached(&url) {
                super::out::err(format!("warning: cannot open a browser: {e}\n"));
            }
        }
        let (net, open) = (state.net.clone(), state.connections.clone());
        listen::serve(listener, router(state), net, open).await;
        0
    })
}
