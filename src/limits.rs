//! Every cap meeple puts on its work, in one place, with its default.
//!
//! The caps on the input (bytes, board cells, number length, errors) keep
//! hostile scripts cheap to reject; the caps on the solvers (states, time,
//! memory, cancellation) bound each query. [`Limits`] carries all of them;
//! the constants below are its defaults, and the stages that run before a
//! `Limits` exists (the parser) use the defaults.

use crate::budget::{Budget, Meter, Output, DEFAULT_MEMORY_BYTES};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The largest script meeple reads: 16 MiB. Past it a file is one
/// `meeple::source::too_large`, before the parser tokenizes it.
pub const SOURCE_BYTES: usize = 16 << 20;

/// The most diagnostics shown for one file; past it, one
/// `meeple::too_many_errors` says how many more there were.
pub const ERRORS_SHOWN: usize = 1000;

/// The most syntax errors the parser reports before it stops.
pub const PARSE_ERRORS: usize = 100;

/// The most cells a board may have: 2048 × 2048, the largest board the
/// stacking simulator takes (footholds solves at most 255 footholds
/// anyway). The parser checks it before it builds a node per cell.
pub const BOARD_CELLS: usize = 1 << 22;

/// The most statements a file may hold (a `scenario` or `track` header and
/// a track's `route` or `shortcut` line count as one each). The parser
/// counts them in one scan before it makes a token; past it the file is one
/// `meeple::source::too_many`, not parsed. 196,608 (`3 << 16`): the parser
/// keeps about 0.9 KB per `piece` statement, so a file of that many
/// statements is read within 1 s and 200 MB (2^18 of them took 1 s and
/// 228 MB).
pub const STATEMENTS: usize = 3 << 16;

/// The most numbers or words one statement may hold (a `dice` list, a
/// `line`); counted with [`STATEMENTS`]. A board array counts its cells
/// against [`BOARD_CELLS`] instead.
pub const LIST_WORDS: usize = 1 << 20;

/// The most squares (names and numbers) a `track` may hold; counted with
/// [`STATEMENTS`].
pub const TRACK_SQUARES: usize = 1 << 18;

/// The longest number an `expect` line may hold, in characters.
pub const NUMBER_CHARS: usize = 4096;

/// The most turns a stacking `line` draws without `line N`.
pub const TURNS_DRAWN: u64 = 1000;

/// Which solver answers `game footholds`, `game yut` and `game stacking`
/// (`--engine`): each is a prelude rules script (`meeple rules show NAME`)
/// with a native solver registered as its accelerator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The native solver where a game has one, else the generic engine.
    #[default]
    Default,
    /// The native solver; a rules-only game is an error
    /// (`meeple::engine::native`).
    Native,
    /// The generic rules engine, on the game's prelude script.
    Rules,
}

/// Every cap of a run. [`Limits::default`] gives the documented defaults:
/// no state or time limit, 1 GiB of solver memory, and the input caps
/// above.
#[derive(Clone, Debug)]
pub struct Limits {
    /// States a query may visit (`--max-states`); `None`: no limit.
    pub max_states: Option<u64>,
    /// Time a query may take (`--timeout`); `None`: no limit.
    pub timeout: Option<Duration>,
    /// Set from outside (Ctrl-C, a closed client) to stop a query.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The run's progress meter: every query's budget reports its states
    /// and best bound to it (a progress display reads it); `None`: none.
    pub meter: Option<Arc<Meter>>,
    /// Memory for a solve's tables, in bytes (`--memory MB`); `None` is
    /// `DEFAULT_MEMORY_BYTES`.
    pub memory: Option<u64>,
    /// The largest script read, in bytes ([`SOURCE_BYTES`]).
    pub source_bytes: usize,
    /// The most diagnostics shown per file ([`ERRORS_SHOWN`]).
    pub errors_shown: usize,
    /// The most turns a stacking `line` draws without `line N`
    /// (`TURNS_DRAWN`).
    pub turns_drawn: u64,
    /// Which engine answers the built-in games (`--engine`).
    pub engine: Engine,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_states: None,
            timeout: None,
            cancel: None,
            meter: None,
            memory: None,
            source_bytes: SOURCE_BYTES,
            errors_shown: ERRORS_SHOWN,
            turns_drawn: TURNS_DRAWN,
            engine: Engine::Default,
        }
    }
}

impl Limits {
    /// Whether the cancel flag is set (Ctrl-C in `meeple run` or `meeple
    /// test`): a run stops after the scenario that saw it.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::SeqCst))
    }

    /// A fresh [`Output`] count for one run, capped at `--memory` (or
    /// [`DEFAULT_MEMORY_BYTES`]).
    pub fn output(&self) -> Output {
        Output::new(self.memory.unwrap_or(DEFAULT_MEMORY_BYTES))
    }

    /// A fresh budget for one query, reporting to the run's
    /// [`meter`](Limits::meter) if it has one.
    pub fn budget(&self) -> Budget {
        let mut b = Budget::new(self.max_states, self.timeout);
        if let Some(m) = &self.meter {
            b = b.metered(Arc::clone(m));
        }
        if let Some(bytes) = self.memory {
            b = b.with_memory(bytes);
        }
        match &self.cancel {
            Some(flag) => b.with_cancel(flag.clone()),
            None => b,
        }
    }
}

/// The deepest nesting of blocks, parentheses and brackets in a `rules`
/// block (and the most `not`/`-` in a row), checked by the pre-scan before
/// the parser runs (`meeple::rules::nesting`).
pub const RULES_NESTING: usize = 32;

/// The most statements a `rules` block may hold (`meeple::rules::nesting`),
/// counted in the parsed block (each part and statement one; an `if … else
/// if …` chain one plus its branches' statements), so the layout never
/// matters.
pub const RULES_STATEMENTS: usize = 4096;

/// The most lines (or `;`-separated pieces) holding code in a `rules` block,
/// checked by the pre-scan before the parser runs: a cheap guard far above
/// any layout of [`RULES_STATEMENTS`] statements (`meeple fmt` writes at
/// most about two lines per statement).
pub const RULES_LINES: usize = 16 * RULES_STATEMENTS;

/// The most infix operators one rules expression holds (each nests its tree
/// one level deeper, and every pass over it goes down that deep).
pub const RULES_OPERATORS: usize = 500;

/// The most values one list a rules turn makes may hold (a run-time
/// `meeple::rules::loop`); every value a list operation makes or copies
/// also costs the turn a step.
pub const RULES_LIST_ITEMS: usize = 1 << 20;

/// The most faces one die of a rules game may have (a `roll`'s own range,
/// or a scenario's `dice uniform LO..HI`): every face is a branch of the
/// turn.
pub const RULES_DIE_FACES: u64 = 1_000_000;

/// The most bits a rules game's position key may need
/// (`meeple::rules::too_big`).
pub const RULES_KEY_BITS: u128 = 65_536;

/// The deepest chain of `import`s followed from a script
/// (`meeple::import::too_many`).
pub const IMPORT_DEPTH: usize = 16;

/// The most text all of a script's imports may hold together: 16 MiB
/// (`meeple::import::too_many`).
pub const IMPORT_BYTES: usize = 16 << 20;
