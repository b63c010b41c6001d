//! Search budgets: a cap on visited states, a wall-clock deadline and a
//! cancel flag (Ctrl-C in the REPL). Every solver calls `Budget::tick`
//! once per state it expands and gives up with a [`LimitHit`] when told to.
//!
//! Budgets made for a run (`Budget::metered`) also feed the process-wide
//! [`meter`], which a progress display reads from another thread: the
//! states are added to it once per 1024 ticks, on the path that already
//! checks the clock, so ticking costs nothing more.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why a search stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LimitHit {
    /// `--max-states` was reached.
    States {
        /// The limit.
        limit: u64,
    },
    /// `--timeout` ran out after `states` states.
    Time {
        /// The limit, in seconds.
        seconds: f64,
        /// States searched before it ran out.
        states: u64,
    },
    /// The user pressed Ctrl-C.
    Cancelled {
        /// States searched before it.
        states: u64,
    },
    /// A table, history or output would take more than `--memory` allows.
    Memory {
        /// The memory cap in bytes.
        limit: u64,
        /// The bytes that were asked for.
        needed: u64,
    },
    /// A run's output (what it prints and the answers it keeps) would pass
    /// `--memory` ([`Output`]).
    Output {
        /// The memory cap in bytes.
        limit: u64,
        /// What the run had produced before this statement.
        used: u64,
        /// What this statement would add.
        needed: u64,
    },
}

/// The memory a solve may use for its tables when `--memory` is not given:
/// 1 GiB. Solvers size their tables (footholds' transposition table, yut's
/// layers, stacking's histories) to stay under [`Budget::memory_bytes`].
pub(crate) const DEFAULT_MEMORY_BYTES: u64 = 1 << 30;

/// What every metered budget of the process reports: states searched and
/// budgets alive. Read it with [`meter`].
#[derive(Debug)]
pub struct Meter {
    states: AtomicU64,
    solving: AtomicUsize,
    started: AtomicU64,
    bound: Mutex<String>,
}

static METER: Meter = Meter {
    states: AtomicU64::new(0),
    solving: AtomicUsize::new(0),
    started: AtomicU64::new(0),
    bound: Mutex::new(String::new()),
};

/// The process-wide [`Meter`].
pub fn meter() -> &'static Meter {
    &METER
}

impl Meter {
    /// States searched by every metered budget so far (a budget adds its
    /// states 1024 at a time, and the rest when it is dropped).
    pub fn states(&self) -> u64 {
        self.states.load(Ordering::Relaxed)
    }

    /// How many metered budgets are alive: nonzero while a statement runs.
    pub fn solving(&self) -> usize {
        self.solving.load(Ordering::Relaxed)
    }

    /// How many metered budgets were ever made: a new value means a new
    /// statement started.
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// The best bound the running solve has proved so far, in words
    /// (`mover wins in ≤ 61`, `turn 4096, no stack high enough yet`), or
    /// empty when it has reported none since it started.
    pub fn bound(&self) -> String {
        self.bound.lock().map(|b| b.clone()).unwrap_or_default()
    }
}

/// A budget for one solve. Cheap to tick; checks the clock every 1024 ticks.
/// Shared by the threads of a parallel search (`Sync`): the state count is
/// one atomic counter, so `--max-states` counts the states of every thread.
#[derive(Debug, Default)]
pub struct Budget {
    max_states: Option<u64>,
    memory: Option<u64>,
    timeout: Option<Duration>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    states: AtomicU64,
    metered: bool,
}

impl Drop for Budget {
    fn drop(&mut self) {
        if self.metered {
            let n = self.states.load(Ordering::Relaxed);
            METER
                .states
                .fetch_add(n - ((n >> 10) << 10), Ordering::Relaxed);
            METER.solving.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

impl Budget {
    /// No limit at all (tests, benchmarks).
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// A budget with an optional state cap and an optional timeout that
    /// starts counting now.
    pub fn new(max_states: Option<u64>, timeout: Option<Duration>) -> Self {
        Budget {
            max_states,
            memory: None,
            timeout,
            deadline: timeout.map(|t| Instant::now() + t),
            cancel: None,
            states: AtomicU64::new(0),
            metered: false,
        }
    }

    /// Report this budget's states to the process-wide [`meter`] (a
    /// progress display shows them while the budget is alive).
    pub(crate) fn metered(mut self) -> Self {
        if !self.metered {
            self.metered = true;
            if let Ok(mut b) = METER.bound.lock() {
                b.clear();
            }
            METER.solving.fetch_add(1, Ordering::Relaxed);
            METER.started.fetch_add(1, Ordering::Relaxed);
        }
        self
    }

    /// Cap the memory of the solve's tables at `bytes` (`--memory MB`).
    pub(crate) fn with_memory(mut self, bytes: u64) -> Self {
        self.memory = Some(bytes);
        self
    }

    /// The most memory the solve's tables may take: `--memory`, or
    /// [`DEFAULT_MEMORY_BYTES`].
    pub(crate) fn memory_bytes(&self) -> u64 {
        self.memory.unwrap_or(DEFAULT_MEMORY_BYTES)
    }

    /// Check that `needed` bytes fit under [`Budget::memory_bytes`].
    pub(crate) fn check_memory(&self, needed: u64) -> Result<(), LimitHit> {
        let limit = self.memory_bytes();
        if needed > limit {
            Err(LimitHit::Memory { limit, needed })
        } else {
            Ok(())
        }
    }

    /// Attach a cancel flag; setting it to `true` stops the search.
    pub(crate) fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// A fresh budget with the same limits, its clock starting now.
    pub fn restart(&self) -> Self {
        let fresh = Budget {
            max_states: self.max_states,
            memory: self.memory,
            timeout: self.timeout,
            deadline: self.timeout.map(|t| Instant::now() + t),
            cancel: self.cancel.clone(),
            states: AtomicU64::new(0),
            metered: false,
        };
        if self.metered {
            fresh.metered()
        } else {
            fresh
        }
    }

    /// Tell a progress display the best bound proved so far. `describe`
    /// runs only for a metered budget (a run on a terminal), so solvers may
    /// call this at every step of their outer loop at no cost otherwise.
    pub(crate) fn report_bound(&self, describe: impl FnOnce() -> String) {
        if self.metered {
            if let Ok(mut b) = METER.bound.lock() {
                *b = describe();
            }
        }
    }

    /// A budget for part of a solve: the same deadline, cancel flag and
    /// memory cap, its own state count, capped at `states` and at what this
    /// budget has left. Add its states back with [`Budget::absorb`].
    pub(crate) fn part(&self, states: u64) -> Budget {
        let left = self
            .max_states
            .map_or(states, |m| m.saturating_sub(self.states()).min(states));
        Budget {
            max_states: Some(left),
            memory: self.memory,
            timeout: self.timeout,
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            states: AtomicU64::new(0),
            metered: false,
        }
    }

    /// Adds the states of a [`Budget::part`] to this budget's (and to the
    /// meter), checking the state cap.
    pub(crate) fn absorb(&self, part: &Budget) -> Result<(), LimitHit> {
        match part.states.swap(0, Ordering::Relaxed) {
            0 => Ok(()),
            n => self.tick_n(n),
        }
    }

    /// States counted so far.
    pub fn states(&self) -> u64 {
        self.states.load(Ordering::Relaxed)
    }

    /// Count one expanded state.
    #[inline]
    pub(crate) fn tick(&self) -> Result<(), LimitHit> {
        self.tick_n(1)
    }

    /// Count `n` expanded states at once.
    #[inline]
    pub(crate) fn tick_n(&self, n: u64) -> Result<(), LimitHit> {
        let before = self.states.fetch_add(n, Ordering::Relaxed);
        let now = before.saturating_add(n);
        if let Some(limit) = self.max_states {
            if now > limit {
                return Err(LimitHit::States { limit });
            }
        }
        if (before >> 10) != (now >> 10) {
            if self.metered {
                METER
                    .states
                    .fetch_add(((now >> 10) - (before >> 10)) << 10, Ordering::Relaxed);
            }
            self.check_clock()?;
        }
        Ok(())
    }

    /// Check the deadline and the cancel flag now.
    pub(crate) fn check_clock(&self) -> Result<(), LimitHit> {
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Err(LimitHit::Cancelled {
                    states: self.states(),
                });
            }
        }
        if let (Some(deadline), Some(timeout)) = (self.deadline, self.timeout) {
            if Instant::now() >= deadline {
                return Err(LimitHit::Time {
                    seconds: timeout.as_secs_f64(),
                    states: self.states(),
                });
            }
        }
        Ok(())
    }
}

/// What a run has produced so far — the text it prints and the answers it
/// keeps — counted against `--memory` (or [`DEFAULT_MEMORY_BYTES`]). One
/// per run of a file (one per scenario in `meeple test`): a statement whose
/// output would take the total past the cap is refused before it is
/// printed, with [`LimitHit::Output`].
#[derive(Debug, Clone)]
pub struct Output {
    limit: u64,
    used: u64,
}

impl Output {
    /// Nothing produced yet, under a cap of `limit` bytes.
    pub fn new(limit: u64) -> Output {
        Output { limit, used: 0 }
    }

    /// Count `bytes` more, or refuse them (and count nothing) when they
    /// would take the total past the cap.
    pub fn charge(&mut self, bytes: u64) -> Result<(), LimitHit> {
        let total = self.used.saturating_add(bytes);
        if total > self.limit {
            return Err(LimitHit::Output {
                limit: self.limit,
                used: self.used,
                needed: bytes,
            });
        }
        self.used = total;
        Ok(())
    }

    /// The bytes counted so far.
    pub fn used(&self) -> u64 {
        self.used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_counts_up_to_its_cap_and_refuses_past_it() {
        let mut o = Output::new(10);
        assert!(o.charge(4).is_ok());
        assert!(o.charge(6).is_ok());
        assert_eq!(
            o.charge(1),
            Err(LimitHit::Output {
                limit: 10,
                used: 10,
                needed: 1
            })
        );
        // A refused charge counts nothing.
        assert_eq!(o.used(), 10);
        assert!(o.charge(0).is_ok());
    }

    #[test]
    fn state_cap_stops_after_the_limit() {
        let b = Budget::new(Some(3), None);
        assert!(b.tick().is_ok());
        assert!(b.tick_n(2).is_ok());
        assert_eq!(b.tick(), Err(LimitHit::States { limit: 3 }));
    }

    #[test]
    fn a_part_counts_apart_and_adds_back() {
        let b = Budget::new(Some(10), None);
        b.tick_n(4).unwrap();
        // Capped at what is asked, or at what is left.
        let p = b.part(100);
        assert_eq!(p.max_states, Some(6));
        assert!(p.tick_n(6).is_ok());
        assert_eq!(p.tick(), Err(LimitHit::States { limit: 6 }));
        assert_eq!(b.states(), 4);
        // Adding back checks the whole budget's cap.
        assert_eq!(b.absorb(&p), Err(LimitHit::States { limit: 10 }));
        assert_eq!(b.states(), 11);
        assert_eq!(Budget::unlimited().part(5).max_states, Some(5));
    }

    #[test]
    fn zero_timeout_stops_at_the_first_clock_check() {
        let b = Budget::new(None, Some(Duration::ZERO));
        assert!(matches!(b.tick_n(2048), Err(LimitHit::Time { .. })));
    }

    #[test]
    fn metered_budgets_add_every_state_to_the_meter() {
        // Other tests may run metered budgets at the same time: the meter
        // only grows, by at least this budget's states.
        let before = meter().states();
        {
            let b = Budget::unlimited().metered();
            assert!(meter().solving() >= 1);
            b.tick_n(3000).unwrap();
            b.tick_n(5).unwrap();
            assert!(meter().states() >= before + 2048);
        }
        assert!(meter().states() >= before + 3005);
    }

    #[test]
    fn memory_cap_defaults_to_one_gib() {
        let b = Budget::unlimited();
        assert!(b.check_memory(DEFAULT_MEMORY_BYTES).is_ok());
        assert!(b.check_memory(DEFAULT_MEMORY_BYTES + 1).is_err());
        let b = Budget::unlimited().with_memory(100);
        assert_eq!(
            b.check_memory(101),
            Err(LimitHit::Memory {
                limit: 100,
                needed: 101
            })
        );
    }

    #[test]
    fn bounds_are_described_only_for_a_progress_display() {
        let b = Budget::unlimited();
        b.report_bound(|| unreachable!("an unmetered budget never describes its bound"));
        // A metered one does (the meter is shared by the whole process, so
        // other tests may have replaced the text since: only no panic here).
        let m = Budget::unlimited().metered();
        let mut called = false;
        m.report_bound(|| {
            called = true;
            "turn 8 reached".into()
        });
        assert!(called);
    }

    #[test]
    fn cancel_flag_stops() {
        let flag = Arc::new(AtomicBool::new(true));
        let b = Budget::unlimited().with_cancel(flag);
        assert!(matches!(b.check_clock(), Err(LimitHit::Cancelled { .. })));
    }
}
