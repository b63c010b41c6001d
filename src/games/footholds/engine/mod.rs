//! The search engine behind [`super::search`], generic over the width of
//! the foothold sets ([`Bits`]: 64, 128 or 256 footholds).
//!
//! Negamax with alpha-beta on a mate-distance score, a bounded
//! transposition table (only positions whose search was not trivial are
//! stored) beside a small table that keeps every search of a position
//! with few live cells, positions keyed by their live cells (those either player can
//! still reach: dead cells play no part, so positions differing only there
//! share an entry), move ordering (the table's move, then by the territory
//! each move keeps, or in small regions towards the opponent by
//! breadth-first distance; then history; near the root by a territory
//! minimax a few plies deep), optional enhanced transposition
//! cutoffs, the separation endgame ([`super::endgame`], only as precise as
//! the window needs), board symmetry wherever a position is symmetric, and
//! an MTD(f)-style driver of null-window tests on the exact score.
//!
//! Memory: the tables are sized from the query's [`Budget::memory_bytes`]
//! (`--memory MB`, default 1 GiB): see [`table_log2s`] and
//! [`small_table_log2`]. With two threads
//! ([`Engine::value_parallel`]) each of the two engines is sized from half,
//! and they share the first one's transposition table and small table.
//!
//! Scores are from the side to move's view: a win in `n` more moves scores
//! `MAXN - n`, a loss in `n` more moves scores `n - MAXN`, so faster wins and
//! slower losses score higher. A child's score `s` is worth `up(s)` to its
//!
//! The engine by concern:
//! - `score`: the mate-distance score and its bounds;
//! - `order`: move ordering (distance, territory, history);
//! - `search`: alpha-beta, the scan, the table's use;
//! - `sure_paths`: score bounds of open positions from each player's sure
//!   path and the region the other keeps beside it;
//! - `separated`: the bridge to the separation endgame;
//! - `driver`: the null-window tests of a value;
//! - `parallel`: two engines on two threads;
//! - `symmetry`: moves a board symmetry makes equivalent.

mod driver;
mod order;
mod parallel;
mod score;
mod search;
mod separated;
mod sure_paths;
mod symmetry;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use self::parallel::Busy;
use self::score::{to_score, to_value};
use self::search::{scan, Scan};
use super::bitboard::Bits;
use super::endgame::Endgame;
use super::graph::Graph;
use super::rules::{Cell, Position, Steps};
use super::table::{Cache, Table};
use super::value::Value;
use crate::budget::{Budget, LimitHit};

/// The most buckets (of 4 entries) worth giving the transposition table:
/// `2^24`, 1 GiB with 64-bit sets.
const TT_USEFUL_LOG2: u32 = 24;
/// The most buckets worth giving the endgame memo: `2^16` (6 MiB of
/// 128-bit entries). A bigger memo mostly waits on memory: 10x10 corners
/// took 7 % longer with `2^20` (100 MB) for 1 % fewer states.
const MEMO_USEFUL_LOG2: u32 = 16;

/// The table sizes for a memory budget of `memory` bytes (`--memory`).
///
/// Both tables start small and double when half full, so a small search
/// never takes much memory. The transposition table may grow to half of
/// `memory`, the endgame memo to an eighth (each capped at what is useful,
/// `2^24` and `2^16` buckets); since doubling briefly holds the old and
/// the new table, the tables' peak stays within 7/8 of `memory` (3/4 + 1/8
/// while the transposition table doubles). Returns `(tt_max_log2, memo_max_log2)`, in buckets.
pub(crate) fn table_log2s<B: Bits>(memory: u64) -> (u32, u32) {
    let bucket = Cache::<B>::BUCKET_BYTES as u64;
    let fit = |bytes: u64, useful: u32| {
        let buckets = (bytes / bucket).max(1);
        (63 - buckets.leading_zeros()).min(useful)
    };
    (
        fit(memory / 2, TT_USEFUL_LOG2),
        fit(memory / 8, MEMO_USEFUL_LOG2),
    )
}

/// Positions with fewer live cells go to the small table. Most positions
/// are small (8x8 centre starts: 70 % of the open ones have fewer than
/// 24 live cells), and few of them were worth a place in the big table:
/// each still paid its memory latency for a probe that seldom cut.
/// Measured (9x9 (2,2) vs (6,6), one thread): 26.8 M states without the
/// small table, 22.8 M from 16 cells, 14.0 M from 32, 13.2 M from 40,
/// 12.1 M from 48 (with `2^18` buckets); CPU time down by a third.
const SMALL_LIVE: u32 = 40;
/// Open positions with live cells in this range try the sure-path bounds
/// (the mover's side: its sure path, and whether it outlasts all the
/// opponent can make beside it). Measured (release, one thread, machine
/// loaded ~12 on 2 cores): 9x9 (3,3)-(4,4) 21.2 M states, 9.4 s CPU
/// without, 17.9 M, 9.1 s with; (2,2)-(6,6) 13.2 M, 6.0 s, to 10.9 M,
/// 5.7 s; 11x11 corners 9.6 M, 5.8 s, to 6.8 M, 4.3 s. Both sides at once
/// cut about as much and cost more; from 32 or 12 live cells they cost
/// more CPU than they save (12..64: 9.6 M states but 8.2 s on (2,2)).
const SURE_LIVE: (u32, u32) = (40, 64);
/// Open positions with at least these many live cells order their moves
/// by a territory minimax 2, 3, 4, 5 and 6 plies deep. Near the root a
/// first move that fails costs a whole subtree, and one-ply territory
/// guessed wrong there often enough to dominate: 9x9 (3,3)-(4,4) put
/// 13.4 M of its 17.9 M states into first moves that failed at nodes of 60
/// or more live cells. Measured (release, one thread, machine loaded ~5 on
/// 2 cores; the four 9x9 centre starts' states, CPU): 74.5 M, 37 s
/// without; (3,3)-(4,4) alone 14.6 M two plies from 56, 5.4 M adding three
/// from 60; 25.9 M, 13.4 s with 56, 60, 68 (to four plies); 23.8 M,
/// 13.6 s adding five from 72; 21.2 M, 11.5 s adding six from 76; 26.6 M,
/// 13.8 s with 56, 60, 64, 68, 72. Deeper is not better everywhere (the
/// minimax is a guess): (4,4)-(4,5) 9.3 M with four plies, 12.1 M with
/// five.
const DEEP_ORDER: [u32; 5] = [56, 60, 68, 72, 76];
/// Boards with more footholds order by two plies at most: deeper looks
/// near the root cost 11x11 corners dearly (6.8 M states without, 22.6 M
/// with three plies from 100 live cells, over 99 M with the defaults),
/// whatever the parity of the depth or the distance between the players.
const DEEP_FOOTHOLDS: u32 = 90;
/// The small table's buckets (log 2): `2^16`, 4 MiB with 64-bit sets,
/// 6 MiB with 128-bit ones, 10 MiB with 256-bit ones (within a sixteenth
/// of `--memory`: [`small_table_log2`]).
const SMALL_LOG2: u32 = 16;

/// The small table's size (log 2 of its buckets) for a memory budget of
/// `memory` bytes: `want`, within a sixteenth of `memory` (so all three
/// tables stay within 15/16 of it).
pub(crate) fn small_table_log2<B: Bits>(memory: u64, want: u32) -> u32 {
    let buckets = (memory / 16 / Cache::<B>::BUCKET_BYTES as u64).max(1);
    (63 - buckets.leading_zeros()).min(want)
}

/// Counters of one solver (for tuning and the benchmark).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes of the main search.
    pub(crate) nodes: u64,
    /// Positions settled by the separation endgame.
    pub(crate) endgames: u64,
    /// Null-window tests run by the driver.
    pub(crate) tests: u32,
    /// Cutoffs, by the index of the move that caused them.
    pub(crate) cut_at: [u64; 4],
    /// Nodes settled by the rules at once.
    pub(crate) quick: u64,
    /// Nodes settled by the table.
    pub(crate) tt_cuts: u64,
    /// Nodes where every move was searched.
    pub(crate) all_nodes: u64,
    /// Open nodes whose sure-path bounds were worked out, and those they
    /// settled.
    pub(crate) sure_tries: u64,
    pub(crate) sure_cuts: u64,
    /// Sure-path cutoffs by kind: the mover's path alone, its win, the
    /// opponent's path alone, the mover's loss.
    pub(crate) sure_kinds: [u64; 4],
    /// Null-window tests run on two threads.
    pub(crate) parallel_tests: u32,
    /// Open nodes (players not separated) by their live cells, 8 cells a
    /// slot: where the states go (tuning).
    pub(crate) open_by_live: [u64; 32],
}

/// The search engine for one game on one set width: the indexed board, the
/// transposition table and the endgame memo, reused across the positions
/// of that game.
pub(crate) struct Engine<B> {
    g: Graph<B>,
    /// Shared with the helper engine while two threads search.
    tt: Arc<Table<B>>,
    /// The table of small positions (fewer than `cfg.small_live` live
    /// cells), each engine its own: bounded, replacing by effort, it keeps
    /// every small search, which the big table's effort rule would drop.
    /// During a parallel test the helper shares the main engine's (as it
    /// shares the transposition table).
    small: Arc<Table<B>>,
    /// Set when the other thread of a parallel test has finished.
    stop: Option<Arc<AtomicBool>>,
    /// Children being searched by either thread of a parallel test.
    busy: Option<Arc<Busy>>,
    eg: Endgame<B>,
    syms: Vec<Vec<u8>>,
    /// Cutoff counts per (from, to).
    history: Vec<u32>,
    /// The opponent's breadth-first layers from the last [`scan`]
    /// of the search: `layers[d]` holds the cells it reaches within `d`
    /// steps (read by [`Engine::territory_order`]).
    layers: Vec<B>,
    /// The mover's breadth-first balls (scratch of the sure-path bounds).
    m_balls: Vec<B>,
    /// The tunables (given at construction; the same for both engines of
    /// a two-thread search).
    pub(crate) cfg: SearchConfig,
    /// The cells each symmetry maps to themselves.
    sym_fixed: Vec<B>,
    /// Counters.
    pub(crate) stats: Stats,
}

/// The move slot of a table entry that holds no move.
pub(crate) const NO_MOVE: u8 = 255;

/// The search's tunables, given when an engine is built
/// ([`super::search::Solver::with_config`]) and shared by both engines of a
/// two-thread search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Positions whose search took fewer than `2^(tt_effort-1)` states are
    /// not stored (default 7): transpositions are rare, so the table
    /// mostly serves the re-searches of the driver, and storing every leaf
    /// would only pollute the cache.
    pub tt_effort: u8,
    /// Whether separated positions are settled by the endgame (on by
    /// default; off only to test it against plain search).
    pub endgame: bool,
    /// Whether to try enhanced transposition cutoffs (probing every child
    /// in the table before searching any). Off by default: transpositions
    /// are rare in this game and the extra probes cost more than they save.
    pub etc: bool,
    /// States a two-thread search runs alone first (default `2^16`; 0
    /// starts both threads at once, as the tests do).
    pub solo_states: u64,
    /// Print each null-window test of the driver to stderr (tuning).
    pub trace: bool,
    /// Positions with fewer live cells than this go to the small table
    /// (`2^small_log2` buckets, every search stored whatever its effort),
    /// the others to the transposition table (default 40 and 16: see
    /// `SMALL_LIVE`). `small_live` 0 puts every position in the big
    /// table, as before the small one.
    pub small_live: u32,
    /// The small table's size, in buckets of 4 entries (log 2).
    pub small_log2: u32,
    /// Open positions with live cells in `sure_live.0..sure_live.1` try
    /// the sure-path bounds (`sure_paths`) before their moves; an empty
    /// range turns them off.
    pub sure_live: (u32, u32),
    /// Open positions with at least `deep_order[0]` live cells order their
    /// moves by a territory minimax two plies deep, from `deep_order[1]`
    /// three, and so on to six plies (`order`; default 56, 60, 68, 72, 76:
    /// see `DEEP_ORDER`); `u32::MAX` turns a depth off.
    pub deep_order: [u32; 5],
    /// The minimax looks deeper than two plies only on boards of at most
    /// this many footholds (default `DEEP_FOOTHOLDS`).
    pub deep_footholds: u32,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            tt_effort: 7,
            endgame: true,
            etc: false,
            solo_states: parallel::SOLO_STATES,
            trace: false,
            small_live: SMALL_LIVE,
            small_log2: SMALL_LOG2,
            sure_live: SURE_LIVE,
            deep_order: DEEP_ORDER,
            deep_footholds: DEEP_FOOTHOLDS,
        }
    }
}

/// A position in the solver's terms: remaining footholds, mover, other.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<B> {
    cells: B,
    m: u8,
    o: u8,
}

/// How a position resolves before any search.
pub(crate) enum Start<B> {
    /// The rules settle it at once.
    Done(Value),
    /// It needs a search.
    Search(Node<B>),
}

impl<B: Bits> Engine<B> {
    /// An engine for the game on the footholds `cells` (sorted, at most
    /// `B::CAPACITY`) whose tables stay within `memory` bytes (see
    /// [`table_log2s`]), searching as `cfg` says.
    pub(crate) fn new(cells: &[Cell], steps: Steps, memory: u64, cfg: SearchConfig) -> Engine<B> {
        let g = Graph::<B>::from_cells(cells, steps, None);
        let syms = g.symmetries();
        let sym_fixed = syms
            .iter()
            .map(|p| g.all.filter(|&i| p[i as usize] == i).collect())
            .collect();
        let (tt_log2, memo_log2) = table_log2s::<B>(memory);
        let small_log2 = small_table_log2::<B>(memory, cfg.small_log2);
        Engine {
            syms,
            sym_fixed,
            tt: Arc::new(Table::new(8, tt_log2)),
            small: Arc::new(Table::new(small_log2, small_log2)),
            stop: None,
            busy: None,
            eg: Endgame::new(6, memo_log2),
            g,
            cfg,
            history: vec![0; B::CAPACITY * B::CAPACITY],
            layers: Vec::with_capacity(B::CAPACITY + 1),
            m_balls: Vec::with_capacity(B::CAPACITY + 1),
            stats: Stats::default(),
        }
    }

    /// Memory held by the tables, in bytes.
    pub(crate) fn table_bytes(&self) -> usize {
        self.tt.bytes() + self.small.bytes() + self.eg.bytes()
    }

    /// Classifies `pos`: settled by the rules at once, or a search node;
    /// `None` if its players stand on cells this engine does not index.
    pub(crate) fn start(&self, pos: &Position) -> Option<Start<B>> {
        let me = pos.cell_of(pos.to_move);
        let other = pos.cell_of(pos.to_move.other());
        if pos.legal_moves().is_empty() {
            return Some(Start::Done(Value {
                mover_wins: false,
                moves: 0,
            }));
        }
        if me == other || !pos.is_foothold(other) {
            // The opponent stands on a vanishing (or vanished) foothold.
            return Some(Start::Done(Value {
                mover_wins: true,
                moves: 1,
            }));
        }
        let m = self.g.index_of(me)?;
        let o = self.g.index_of(other)?;
        let cells = self
            .g
            .all
            .filter(|&i| pos.is_foothold(self.g.cell(i)))
            .collect();
        // Keyed as the search keys it: by its live cells.
        let cells = match scan(&self.g, cells, m, o, &mut Vec::new()) {
            Scan::Distances(live, _) => live,
            Scan::Separated(..) => cells,
        };
        Some(Start::Search(Node { cells, m, o }))
    }

    /// The move the table holds for `pos` (best or refuting), if any.
    pub(crate) fn table_move(&self, pos: &Position) -> Option<Cell> {
        let Some(Start::Search(n)) = self.start(pos) else {
            return None;
        };
        let b = self.probe(n)?;
        (b.best != NO_MOVE).then(|| self.g.cell(b.best))
    }

    /// The exact value of a position from [`Engine::start`].
    pub(crate) fn value(&mut self, start: Start<B>, budget: &Budget) -> Result<Value, LimitHit> {
        match start {
            Start::Done(v) => Ok(v),
            Start::Search(node) => Ok(to_value(self.solve_node(node, budget)?)),
        }
    }

    /// Whether the exact value of a position from [`Engine::start`] is `v`
    /// (two null-window tests).
    pub(crate) fn has_value(
        &mut self,
        start: Start<B>,
        v: Value,
        budget: &Budget,
    ) -> Result<bool, LimitHit> {
        match start {
            Start::Done(w) => Ok(w == v),
            Start::Search(node) => {
                let t = to_score(v);
                if self.search(node, t - 1, t, budget)? < t {
                    return Ok(false);
                }
                Ok(self.search(node, t, t + 1, budget)? <= t)
            }
        }
    }
}
