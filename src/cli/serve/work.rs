//! The server's work, bounded: at most `--max-requests` requests work at
//! once and they share `--request-memory` (each reserves what its body may
//! cost before the body is read, and what it does cost once it is read:
//! 503 with `Retry-After` when it does not fit, 413 when it would not fit
//! in the whole budget), and every request that works on a blocking thread
//! carries a cancel flag that its client's leaving sets.

use super::State;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, Request, State as Shared};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The bytes of memory a script request may take per byte of its body,
/// for a script without a `rules` block: a 16 MiB script took 862 MB to
/// check (54 per byte); formatting, completion and hover take less.
pub const SCRIPT_FACTOR: u64 = 64;

/// The same for a script that holds a `rules` block (or an imported file
/// that does): 4,000 statements of 500 operators (4 MB) took 1.03 GB to
/// check or run (261 bytes per byte), to format 194.
pub const RULES_FACTOR: u64 = 288;

/// The bytes of memory per byte that checking `text` may take.
pub fn factor_of(text: &[u8]) -> u64 {
    if text.windows(5).any(|w| w == b"rules") {
        RULES_FACTOR
    } else {
        SCRIPT_FACTOR
    }
}

/// The MiB that checking `text` may take (at least 1), within a budget
/// of `budget` MiB: a script without `rules` that may take more takes the
/// whole budget (it runs alone: 64 bytes a byte is already more than it
/// was measured to take); `Err` with its MiB for a script with `rules`
/// that may take more (its factor is measured, not padded: it cannot be
/// admitted).
pub fn cost_mib(text: &[u8], budget: u32) -> Result<u32, u64> {
    let factor = factor_of(text);
    let need = (text.len() as u64)
        .saturating_mul(factor)
        .div_ceil(1 << 20)
        .max(1);
    match u32::try_from(need) {
        Ok(n) if n <= budget => Ok(n),
        _ if factor == RULES_FACTOR => Err(need),
        _ => Ok(budget),
    }
}

/// The same for a file's read or write (its bytes, and a copy).
pub const FILE_FACTOR: u64 = 2;

/// What the server may run at once.
pub struct Caps {
    /// Requests working now (a permit each).
    pub requests: Arc<Semaphore>,
    /// How many permits `requests` has.
    pub max_requests: usize,
    /// The shared memory budget, a permit per MiB.
    pub memory: Arc<Semaphore>,
    /// How many MiB `memory` has.
    pub memory_mib: u32,
}

impl Caps {
    pub fn new(max_requests: usize, memory_mb: u64) -> Caps {
        let max_requests = max_requests.max(1);
        let memory_mib = memory_mb.clamp(1, u64::from(u32::MAX >> 4)) as u32;
        Caps {
            requests: Arc::new(Semaphore::new(max_requests)),
            max_requests,
            memory: Arc::new(Semaphore::new(memory_mib as usize)),
            memory_mib,
        }
    }

    /// Requests working now.
    pub fn running(&self) -> usize {
        self.max_requests - self.requests.available_permits()
    }
}

/// A request's place among the running ones: held until its work ends
/// (its blocking thread included), not until its client leaves.
pub struct Slot {
    _request: OwnedSemaphorePermit,
    memory: OwnedSemaphorePermit,
}

/// The slot a request was admitted with, for its handler to take.
#[derive(Clone)]
struct Admitted(Arc<Mutex<Option<Slot>>>);

impl<S: Send + Sync> FromRequestParts<S> for Slot {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Slot, Response> {
        parts
            .extensions
            .get::<Admitted>()
            .and_then(|a| a.0.lock().ok()?.take())
            .ok_or_else(|| {
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "no slot for the request\n",
                )
                    .into_response()
            })
    }
}

/// 503 with `Retry-After`: the server is at a cap.
pub fn busy(what: &str) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "1")],
        format!("the server is busy ({what}): try again in a moment\n"),
    )
        .into_response()
}

/// The MiB a request reserves: `factor` bytes per byte of its body (its
/// declared length, else the largest body), or of the largest file for a
/// request without a body; at least 1, at most the whole budget (such a
/// request runs alone).
fn reserve(request: &Request, factor: u64, budget: u32) -> u32 {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let bytes = match declared {
        Some(n) if request.method() != axum::http::Method::GET => n,
        _ => super::BODY_BYTES as u64,
    };
    let mib = bytes.saturating_mul(factor).div_ceil(1 << 20);
    mib.clamp(1, u64::from(budget)) as u32
}

async fn admit(state: Arc<State>, factor: u64, mut request: Request, next: Next) -> Response {
    let caps = &state.caps;
    let Ok(slot) = caps.requests.clone().try_acquire_owned() else {
        return busy(&format!("{} requests running", caps.max_requests));
    };
    let mib = reserve(&request, factor, caps.memory_mib);
    let Ok(memory) = caps.memory.clone().try_acquire_many_owned(mib) else {
        return busy(&format!(
            "the running requests hold the memory budget of {} MiB",
            caps.memory_mib
        ));
    };
    let slot = Slot {
        _request: slot,
        memory,
    };
    request
        .extensions_mut()
        .insert(Admitted(Arc::new(Mutex::new(Some(slot)))));
    next.run(request).await
}

/// Admit a request that works on a script.
pub async fn admit_script(
    Shared(state): Shared<Arc<State>>,
    request: Request,
    next: Next,
) -> Response {
    admit(state, SCRIPT_FACTOR, request, next).await
}

/// 413: a script with `rules` whose checking may take more than the
/// whole budget.
fn too_costly(need: u64, budget: u32) -> Response {
    (
        StatusCode::PAYLOAD_TOO_LARGE,
        [(header::CONNECTION, "close")],
        format!(
            "this script may take {need} MiB to check ({RULES_FACTOR} bytes per byte of a script with a `rules` block), more than the {budget} MiB the server's requests share (--request-memory)\n"
        ),
    )
        .into_response()
}

/// Once a script's body is read (inside [`admit_script`] and
/// [`super::gate::read_body`]): its reservation made what the body may
/// really cost ([`cost_mib`]: more for a `rules` block, less when its
/// length was not declared), 503 when the rest does not fit now, 413 for
/// a script with `rules` that would not fit in the whole budget.
pub async fn fit_script(
    Shared(state): Shared<Arc<State>>,
    request: Request,
    next: Next,
) -> Response {
    let caps = &state.caps;
    let (parts, body) = request.into_parts();
    // The body is in memory already (read_body): this takes it back.
    let bytes: Bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => return (StatusCode::BAD_REQUEST, format!("{e}\n")).into_response(),
    };
    let need = match cost_mib(&bytes, caps.memory_mib) {
        Ok(need) => need,
        Err(need) => return too_costly(need, caps.memory_mib),
    };
    if let Some(admitted) = parts.extensions.get::<Admitted>() {
        let Ok(mut held) = admitted.0.lock() else {
            return busy("a request's slot is poisoned");
        };
        if let Some(slot) = held.as_mut() {
            let has = slot.memory.num_permits() as u32;
            if need > has {
                match caps.memory.clone().try_acquire_many_owned(need - has) {
                    Ok(more) => slot.memory.merge(more),
                    Err(_) => {
                        return busy(&format!(
                            "the running requests hold the memory budget of {} MiB; this script may take {need} MiB",
                            caps.memory_mib
                        ))
                    }
                }
            } else if need < has {
                drop(slot.memory.split((has - need) as usize));
            }
        }
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// What the imports of one request hold of the memory budget: each file
/// imported reserves what checking it may cost ([`cost_mib`]) until the
/// request's work ends, or is refused.
pub struct ImportBudget {
    memory: Arc<Semaphore>,
    memory_mib: u32,
    held: Mutex<Vec<OwnedSemaphorePermit>>,
}

impl ImportBudget {
    pub fn new(caps: &Caps) -> ImportBudget {
        ImportBudget {
            memory: caps.memory.clone(),
            memory_mib: caps.memory_mib,
            held: Mutex::new(Vec::new()),
        }
    }

    /// Reserve what checking the imported `text` may cost, or say why not.
    pub fn reserve(&self, text: &[u8]) -> Result<(), String> {
        let need = cost_mib(text, self.memory_mib).map_err(|need| {
            format!(
                "it may take {need} MiB to check, more than the {} MiB the server's requests share (--request-memory)",
                self.memory_mib
            )
        })?;
        let permit = self
            .memory
            .clone()
            .try_acquire_many_owned(need)
            .map_err(|_| {
                format!(
                    "it may take {need} MiB to check and the running requests hold the server's memory budget: try again in a moment"
                )
            })?;
        if let Ok(mut held) = self.held.lock() {
            held.push(permit);
        }
        Ok(())
    }
}

/// Admit a request that reads or writes a file.
pub async fn admit_file(
    Shared(state): Shared<Arc<State>>,
    request: Request,
    next: Next,
) -> Response {
    admit(state, FILE_FACTOR, request, next).await
}

/// A request's work on a blocking thread: dropped before
/// [`Work::finish`] (the client went away, the request future was
/// dropped), it sets the cancel flag and counts in `/api/status`.
pub struct Work {
    flag: Arc<AtomicBool>,
    state: Arc<State>,
    done: bool,
}

impl Work {
    pub fn start(state: &Arc<State>) -> Work {
        Work {
            flag: Arc::new(AtomicBool::new(false)),
            state: state.clone(),
            done: false,
        }
    }

    /// The cancel flag (for `Limits::cancel`, or to test between stages).
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.flag.clone()
    }

    /// A guard for the blocking thread that does the work: counted as
    /// `working` in `/api/status` while it lives.
    pub fn thread(&self) -> Working {
        self.state.working.fetch_add(1, Ordering::SeqCst);
        Working(self.state.clone())
    }

    /// The answer was delivered: nothing to cancel.
    pub fn finish(mut self) {
        self.done = true;
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        if !self.done {
            self.flag.store(true, Ordering::SeqCst);
            self.state.cancelled.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// A blocking thread working for a request (see [`Work::thread`]).
pub struct Working(Arc<State>);

impl Drop for Working {
    fn drop(&mut self) {
        self.0.working.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether a flag says to stop.
pub fn stopped(flag: &AtomicBool) -> bool {
    flag.load(Ordering::SeqCst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rules_script_costs_its_measured_factor_and_no_more_than_the_budget() {
        let plain = vec![b'#'; 1 << 20];
        let mut rules = plain.clone();
        rules[..6].copy_from_slice(b"rules ");
        assert_eq!(cost_mib(&plain, 4096), Ok(64));
        assert_eq!(cost_mib(&rules, 4096), Ok(288));
        assert_eq!(cost_mib(b"", 4096), Ok(1));
        // Past the whole budget: a plain script takes all of it (it runs
        // alone), one with `rules` cannot be admitted.
        assert_eq!(cost_mib(&plain, 32), Ok(32));
        assert_eq!(cost_mib(&rules, 256), Err(288));
    }
}
