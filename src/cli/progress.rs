//! The progress bar of `meeple test`: on stderr, only when both stdout and
//! stderr are terminals, and only for a long run (more than
//! [`MANY_SCENARIOS`] scenarios, or still running after [`SLOW`]).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A run with more scenarios than this shows the bar from the start.
pub const MANY_SCENARIOS: usize = 50;
/// A shorter run shows the bar once it has taken this long.
pub const SLOW: Duration = Duration::from_secs(1);

pub struct Progress {
    bar: Option<ProgressBar>,
    shown: AtomicBool,
    start: Instant,
}

impl Progress {
    /// A progress bar if stdout and stderr are terminals, else nothing.
    pub fn new() -> Progress {
        let wanted = std::io::stdout().is_terminal() && std::io::stderr().is_terminal();
        Progress {
            bar: wanted.then(|| ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())),
            shown: AtomicBool::new(false),
            start: Instant::now(),
        }
    }

    /// This many more scenarios are planned (files are read in batches).
    pub fn start(&self, scenarios: usize) {
        let Some(bar) = &self.bar else { return };
        bar.set_length(bar.length().unwrap_or(0) + scenarios as u64);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} {bar:40} {pos}/{len} scenarios  {elapsed}  eta {eta}",
        ) {
            bar.set_style(style);
        }
        if bar.length().unwrap_or(0) > MANY_SCENARIOS as u64 {
            self.show(bar);
        }
    }

    /// A scenario finished (called from worker threads).
    pub fn tick(&self) {
        let Some(bar) = &self.bar else { return };
        bar.inc(1);
        if self.start.elapsed() > SLOW {
            self.show(bar);
        }
    }

    fn show(&self, bar: &ProgressBar) {
        if !self.shown.swap(true, Ordering::AcqRel) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(100));
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
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
