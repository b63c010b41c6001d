//! Progress on stderr, only on a terminal, only for long work:
//!
//! - [`Progress`]: the bar of `meeple test` (when both stdout and stderr are
//!   terminals; from the start for more than [`MANY_SCENARIOS`] scenarios,
//!   else once the run has taken [`SLOW`]), with the states searched so far;
//! - [`SolveProgress`]: a line for `meeple run` and the REPL (when stderr is
//!   a terminal) once one solve has taken [`SLOW`]: states searched and
//!   time.
//!
//! Both read the run's [`Meter`] (the one in its `Limits`) from a thread of
//! their own, so the solvers only count states as they always do.

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use meeple::budget::Meter;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A run with more scenarios than this shows the bar from the start.
pub const MANY_SCENARIOS: usize = 50;
/// A shorter run (or one solve) shows progress once it has taken this long.
pub const SLOW: Duration = Duration::from_secs(1);

/// [`SLOW`], or `MEEPLE_PROGRESS_AFTER_MS` when set (the tests set 0, so
/// they see the line whatever the machine's speed).
fn slow() -> Duration {
    static AFTER: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *AFTER.get_or_init(|| {
        std::env::var("MEEPLE_PROGRESS_AFTER_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(SLOW, Duration::from_millis)
    })
}
/// How often the progress is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// A thread that runs `step` every [`TICK`] until stopped.
struct Watcher {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watcher {
    fn spawn(mut step: impl FnMut() + Send + 'static) -> Watcher {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name("meeple-progress".into())
            .spawn(move || {
                while !flag.load(Ordering::Acquire) {
                    std::thread::park_timeout(TICK);
                    if !flag.load(Ordering::Acquire) {
                        step();
                    }
                }
            })
            .ok();
        Watcher { stop, thread }
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.stop();
    }
}

pub struct Progress {
    bar: Option<ProgressBar>,
    meter: Arc<Meter>,
    shown: Arc<AtomicBool>,
    watcher: Mutex<Option<Watcher>>,
}

impl Progress {
    /// A progress bar if stdout and stderr are terminals, else nothing;
    /// it counts the states of `meter` (the run's).
    pub fn new(meter: Arc<Meter>) -> Progress {
        let wanted = std::io::stdout().is_terminal() && std::io::stderr().is_terminal();
        Progress {
            bar: wanted.then(|| ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())),
            shown: Arc::new(AtomicBool::new(false)),
            watcher: Mutex::new(None),
            meter,
        }
    }

    /// This many more scenarios are planned (files are read in batches).
    pub fn start(&self, scenarios: usize) {
        let Some(bar) = &self.bar else { return };
        bar.set_length(bar.length().unwrap_or(0) + scenarios as u64);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} {bar:40} {pos}/{len} scenarios  {msg}  {elapsed}  eta {eta}",
        ) {
            bar.set_style(style);
        }
        if bar.length().unwrap_or(0) > MANY_SCENARIOS as u64 {
            show(bar, &self.shown);
        }
        // The bar appears after SLOW even while no scenario finishes, and
        // counts the states searched. One watcher for the whole run (files
        // come in batches, each calling `start`).
        let Ok(mut w) = self.watcher.lock() else {
            return;
        };
        if w.is_none() {
            let (bar, shown, meter) = (bar.clone(), self.shown.clone(), self.meter.clone());
            let (start, base) = (Instant::now(), meter.states());
            *w = Some(Watcher::spawn(move || {
                if start.elapsed() >= slow() {
                    show(&bar, &shown);
                }
                let states = meter.states().saturating_sub(base);
                bar.set_message(format!("{} states", HumanCount(states)));
            }));
        }
    }

    /// A scenario finished (called from worker threads).
    pub fn tick(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Print something without tearing the bar.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.shown.load(Ordering::Acquire) => bar.suspend(f),
            _ => f(),
        }
    }

    /// Remove the bar before the closing line.
    pub fn finish(&self) {
        if let Ok(mut w) = self.watcher.lock() {
            if let Some(mut w) = w.take() {
                w.stop();
            }
        }
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn show(bar: &ProgressBar, shown: &AtomicBool) {
    if !shown.swap(true, Ordering::AcqRel) {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(TICK);
    }
}

/// The progress line of one solve (`meeple run`, the REPL): alive from
/// [`SolveProgress::start`] to drop, which clears the line before anything
/// else is printed.
pub struct SolveProgress {
    watcher: Option<Watcher>,
    bar: Arc<Mutex<Option<ProgressBar>>>,
}

impl SolveProgress {
    /// Watch the solves of `meter`'s run until this is dropped; nothing at
    /// all unless stderr is a terminal.
    pub fn start(meter: Option<&Arc<Meter>>) -> SolveProgress {
        let bar: Arc<Mutex<Option<ProgressBar>>> = Arc::new(Mutex::new(None));
        let Some(meter) = meter.filter(|_| std::io::stderr().is_terminal()).cloned() else {
            return SolveProgress { watcher: None, bar };
        };
        let shared = bar.clone();
        // Since when a solve has been running, the states at its start,
        // and which one it is.
        let mut busy: Option<(Instant, u64, u64)> = None;
        let watcher = Watcher::spawn(move || {
            let Ok(mut bar) = shared.lock() else { return };
            if meter.solving() == 0 {
                busy = None;
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
                return;
            }
            let id = meter.started();
            if busy.is_some_and(|(_, _, b)| b != id) {
                busy = None;
            }
            let (since, base, _) =
                *busy.get_or_insert_with(|| (Instant::now(), meter.states(), id));
            if since.elapsed() < slow() {
                return;
            }
            let b = bar.get_or_insert_with(|| {
                let b = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                if let Ok(style) = ProgressStyle::with_template("{spinner} solving: {msg}") {
                    b.set_style(style);
                }
                b
            });
            let states = meter.states().saturating_sub(base);
            let bound = meter
                .bound()
                .map(|b| format!("; so far: {}", meeple::render::text::bound(&b)))
                .unwrap_or_default();
            b.set_message(format!(
                "{} states searched, {:.1} s{bound}",
                HumanCount(states),
                since.elapsed().as_secs_f64(),
            ));
            b.tick();
        });
        SolveProgress {
            watcher: Some(watcher),
            bar,
        }
    }
}

impl SolveProgress {
    /// Clear the line before printing (it comes back if another solve runs
    /// for long).
    pub fn clear(&self) {
        if let Ok(mut bar) = self.bar.lock() {
            if let Some(b) = bar.take() {
                b.finish_and_clear();
            }
        }
    }
}

impl Drop for SolveProgress {
    fn drop(&mut self) {
        if let Some(mut w) = self.watcher.take() {
            w.stop();
        }
        self.clear();
    }
}
