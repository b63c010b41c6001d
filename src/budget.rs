//! Search budgets: a cap on visited states, a wall-clock deadline and a
//! cancel flag (Ctrl-C in the REPL). Every solver calls `Budget::tick`
//! once per state it expands and gives up with a [`LimitHit`] when told to.
//!
//! Budgets made for a run (`Limits::meter`) also feed that run's
//! [`Meter`], which a progress display reads from another thread: the
//! states are added to it once per 1024 ticks, on the path that already
//! checks the clock, so ticking costs nothing more. Each run has its own
//! meter, so concurrent runs (two playground users) never mix their numbers;
//! solvers report typed [`Bound`]s and `render::text::bound` words them.

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
        /// The best bound the solve had proved by then (what the live
        /// line showed), if it reported one.
        bound: Option<Bound>,
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
/// layers, stacking's histories) to stay under the budget's memory cap.
pub const DEFAULT_MEMORY_BYTES: u64 = 1 << 30;

/// The best bound a running solve has proved so far, as a progress display
/// shows it, and a `--timeout` stop's diagnostic keeps it
/// (`render::text::bound` words it: its `Display`, here so that the
/// diagnostic, made below `render`, says the same words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Bound {
    /// The side to move wins in at most this many moves.
    WinsWithin(u32),
    /// The side to move loses, after at least this many moves.
    LosesAfter(u32),
    /// The side to move wins, or loses after at least this many moves.
    WinsOrLosesAfter(u32),
    /// The side to move loses, or wins in at least this many moves.
    LosesOrWinsIn(u32),
    /// A simulation has reached this turn and no stack is high enough yet.
    NoStackBy(u64),
    /// A rules game's simulation has played this many turns without an end.
    NoEndBy(u64),
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Bound::WinsWithin(n) => write!(f, "mover wins in ≤ {n}"),
            Bound::LosesAfter(n) => write!(f, "mover loses after ≥ {n}"),
            Bound::WinsOrLosesAfter(n) => write!(f, "mover wins, or loses after ≥ {n}"),
            Bound::LosesOrWinsIn(n) => write!(f, "mover loses, or wins in ≥ {n}"),
            Bound::NoStackBy(turn) => write!(f, "turn {turn}, no stack high enough yet"),
            Bound::NoEndBy(turn) => write!(f, "turn {turn}, the game has not ended yet"),
        }
    }
}

/// What the metered budgets of one run report: states searched, solves
/// alive, the best bound proved. Make one per run ([`Meter::new`]), put it
/// in [`Limits::meter`](crate::limits::Limits::meter), and read it from a
/// progress display's thread.
#[derive(Debug, Default)]
pub struct Meter {
    states: AtomicU64,
    solving: AtomicUsize,
    started: AtomicU64,
    bound: Mutex<Option<Bound>>,
    /// A meter that also counts this one's states (a server's totals).
    parent: Option<Arc<Meter>>,
}

impl Meter {
    /// A meter for one run.
    pub fn new() -> Arc<Meter> {
        Arc::new(Meter::default())
    }

    /// A meter for one run whose states also count in `parent`'s (a
    /// server's meter, which totals its requests).
    pub fn within(parent: &Arc<Meter>) -> Arc<Meter> {
        Arc::new(Meter {
            parent: Some(Arc::clone(parent)),
            ..Meter::default()
        })
    }

    /// States searched by this run's budgets so far (a budget adds its
    /// states 1024 at a time, and the rest when it is dropped).
    pub fn states(&self) -> u64 {
        self.states.load(Ordering::Relaxed)
    }

    /// How many of this run's budgets are alive: nonzero while a statement runs.
    pub fn solving(&self) -> usize {
        self.solving.load(Ordering::Relaxed)
    }

    /// How many budgets this run ever made: a new value means a new
    /// statement started.
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// The best bound the running solve has proved so far, or `None` when
    /// it has reported none since it started.
    pub fn bound(&self) -> Option<Bound> {
        self.bound.lock().ok().and_then(|b| *b)
    }

    fn add_states(&self, n: u64) {
        self.states.fetch_add(n, Ordering::Relaxed);
        if let Some(p) = &self.parent {
            p.add_states(n);
        }
    }

    fn set_bound(&self, bound: Option<Bound>) {
        if let Ok(mut b) = self.bound.lock() {
            *b = bound;
        }
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
    /// The run's meter, when it reports to one.
    meter: Option<Arc<Meter>>,
    /// The best bound this solve has proved so far (shared with its
    /// [`Budget::part`]s, so a part that runs out of time reports it too).
    bound: Arc<Mutex<Option<Bound>>>,
}

impl Drop for Budget {
    fn drop(&mut self) {
        if let Some(m) = &self.meter {
            let n = self.states.load(Ordering::Relaxed);
            m.add_states(n - ((n >> 10) << 10));
            m.solving.fetch_sub(1, Ordering::Relaxed);
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
            meter: None,
            bound: Arc::default(),
        }
    }

    /// Report this budget's states to the run's `meter` (a progress
    /// display shows them while the budget is alive).
    pub(crate) fn metered(mut self, meter: Arc<Meter>) -> Self {
        if self.meter.is_none() {
            meter.set_bound(None);
            meter.solving.fetch_add(1, Ordering::Relaxed);
            meter.started.fetch_add(1, Ordering::Relaxed);
            self.meter = Some(meter);
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
            meter: None,
            bound: Arc::default(),
        };
        match &self.meter {
            Some(m) => fresh.metered(Arc::clone(m)),
            None => fresh,
        }
    }

    /// Tell a progress display the best bound proved so far, and keep it
    /// for a `--timeout` stop ([`LimitHit::Time`]). `bound` runs only for a
    /// metered budget or one with a timeout, so solvers may call this at
    /// every step of their outer loop at no cost otherwise.
    pub(crate) fn report_bound(&self, bound: impl FnOnce() -> Option<Bound>) {
        if self.meter.is_none() && self.timeout.is_none() {
            return;
        }
        let b = bound();
        if let Ok(mut kept) = self.bound.lock() {
            *kept = b;
        }
        if let Some(m) = &self.meter {
            m.set_bound(b);
        }
    }

    /// The best bound this solve has reported so far.
    pub(crate) fn best_bound(&self) -> Option<Bound> {
        self.bound.lock().ok().and_then(|b| *b)
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
            meter: None,
            bound: Arc::clone(&self.bound),
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
            if let Some(m) = &self.meter {
                m.add_states(((now >> 10) - (before >> 10)) << 10);
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
                    bound: self.best_bound(),
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
    fn metered_budgets_add_every_state_to_their_runs_meter() {
        let m = Meter::new();
        {
            let b = Budget::unlimited().metered(Arc::clone(&m));
            assert_eq!((m.solving(), m.started()), (1, 1));
            b.tick_n(3000).unwrap();
            b.tick_n(5).unwrap();
            // Whole blocks of 1024 while it runs, the rest when it ends.
            assert_eq!(m.states(), 2048);
        }
        assert_eq!((m.states(), m.solving()), (3005, 0));
    }

    #[test]
    fn two_runs_never_see_each_others_states_or_bounds() {
        let server = Meter::new();
        let (one, two) = (Meter::within(&server), Meter::within(&server));
        let a = Budget::unlimited().metered(Arc::clone(&one));
        let b = Budget::unlimited().metered(Arc::clone(&two));
        a.tick_n(4096).unwrap();
        b.tick_n(1024).unwrap();
        a.report_bound(|| Some(Bound::WinsWithin(5)));
        b.report_bound(|| Some(Bound::NoStackBy(8)));
        assert_eq!((one.states(), two.states()), (4096, 1024));
        assert_eq!(one.bound(), Some(Bound::WinsWithin(5)));
        assert_eq!(two.bound(), Some(Bound::NoStackBy(8)));
        // The server's meter totals both.
        assert_eq!(server.states(), 5120);
        // A new solve of a run starts with no bound.
        drop(a);
        let _again = Budget::unlimited().metered(Arc::clone(&one));
        assert_eq!((one.bound(), one.started()), (None, 2));
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
        let m = Meter::new();
        let metered = Budget::unlimited().metered(Arc::clone(&m));
        metered.report_bound(|| Some(Bound::NoStackBy(8)));
        assert_eq!(m.bound(), Some(Bound::NoStackBy(8)));
        // A restart of the budget (the next query) forgets it.
        let _next = metered.restart();
        assert_eq!(m.bound(), None);
    }

    #[test]
    fn cancel_flag_stops() {
        let flag = Arc::new(AtomicBool::new(true));
        let b = Budget::unlimited().with_cancel(flag);
        assert!(matches!(b.check_clock(), Err(LimitHit::Cancelled { .. })));
    }
}
