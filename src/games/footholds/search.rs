//! The fast exact solver's public interface: [`solve`], [`analyze`],
//! [`principal_line`], the reusable [`Solver`] and [`Queries`], which keeps
//! one solver across the queries of a scenario. The search itself is in
//! `super::engine`; boards with up to 64 relevant footholds use 64-bit
//! sets, up to 128 use 128-bit sets, up to 255 (`MAX_FOOTHOLDS`: indices
//! are bytes) use sets of four words.
//!
//! Reuse: a solver's tables hold exact bounds on positions, whatever query
//! computed them, so they stay valid for every position of the same game.
//! A solver built for a position covers every later position on a subset
//! of its footholds (moves only remove footholds), so `solve`, then `line`
//! and `analyze` on the same position, and the queries after a `play` of
//! any move, all share one table. Memory: the tables are sized from
//! `Budget::memory_bytes` (`--memory MB`) as `super::engine::table_log2s`
//! describes.

use super::bitboard::{Bitboard, Bitboard128, Bitboard256, Bits};
use super::engine::Engine;
pub use super::engine::{SearchConfig, Stats};
use super::graph::{relevant_cells, MAX_FOOTHOLDS};
use super::rules::{Cell, Player, Position, Steps};
use super::value::parent_view;
pub use super::value::{SearchError, Value};
use crate::budget::{Budget, LimitHit};

/// A solver for one game: reusable across the positions of that game and
/// across budgets (it keeps its tables), for boards of up to
/// `MAX_FOOTHOLDS` relevant footholds.
pub struct Solver {
    engine: Width,
    /// A second engine for parallel search (see [`Solver::set_threads`]).
    helper: Option<Width>,
    /// The indexed footholds.
    cells: Vec<Cell>,
    /// Memory for all the tables, in bytes.
    memory: u64,
    /// The position the board was indexed for: the solver covers the
    /// positions on a subset of its footholds.
    root: Position,
    /// The narrowest sets asked for, in bits (64: whatever the board needs).
    min_bits: usize,
    /// The tunables of both engines.
    cfg: SearchConfig,
}

/// The engine at the set width the board needs.
enum Width {
    Narrow(Box<Engine<Bitboard>>),
    Wide(Box<Engine<Bitboard128>>),
    Huge(Box<Engine<Bitboard256>>),
}

impl Width {
    /// An engine for `cells` on the narrowest sets that hold them and
    /// have at least `min_bits` bits: 64, 128 or 256.
    fn new(cells: &[Cell], steps: Steps, min_bits: usize, memory: u64, cfg: SearchConfig) -> Width {
        let bits = cells.len().max(min_bits);
        if bits <= 64 {
            Width::Narrow(Box::new(Engine::new(cells, steps, memory, cfg)))
        } else if bits <= 128 {
            Width::Wide(Box::new(Engine::new(cells, steps, memory, cfg)))
        } else {
            Width::Huge(Box::new(Engine::new(cells, steps, memory, cfg)))
        }
    }
}

/// Boards with at least this many relevant footholds are searched on two
/// threads when the machine has two cores (smaller ones finish in
/// milliseconds, faster than the threads' overhead).
const PARALLEL_MIN: usize = 64;

/// The cores available (asked once: the question reads system files).
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs `$body` with `$e` bound to the engine, whatever its width.
macro_rules! with_engine {
    ($w:expr, $e:ident => $body:expr) => {
        match $w {
            Width::Narrow($e) => $body,
            Width::Wide($e) => $body,
            Width::Huge($e) => $body,
        }
    };
}

impl Solver {
    /// A solver for `pos` and the positions that follow it, its tables
    /// sized from `budget`'s memory.
    pub fn new(pos: &Position, budget: &Budget) -> Result<Solver, SearchError> {
        Solver::with_config(pos, budget, SearchConfig::default())
    }

    /// A solver whose engines search as `cfg` says (tests, tuning).
    pub fn with_config(
        pos: &Position,
        budget: &Budget,
        cfg: SearchConfig,
    ) -> Result<Solver, SearchError> {
        Solver::with_width(pos, budget, 64, cfg)
    }

    /// A solver using sets of at least `min_bits` bits (128, 256) even if
    /// narrower ones would do (tests of the wide sets on small boards).
    pub(crate) fn with_width(
        pos: &Position,
        budget: &Budget,
        min_bits: usize,
        cfg: SearchConfig,
    ) -> Result<Solver, SearchError> {
        let cells = relevant_cells(pos, &[pos.a, pos.b], budget)?;
        if cells.len() > MAX_FOOTHOLDS {
            return Err(SearchError::TooLarge {
                footholds: cells.len(),
                max: MAX_FOOTHOLDS,
            });
        }
        let memory = budget.memory_bytes();
        let threads: usize = if cells.len() >= PARALLEL_MIN && cores() > 1 {
            2
        } else {
            1
        };
        let share = memory / threads as u64;
        Ok(Solver {
            engine: Width::new(&cells, pos.steps, min_bits, share, cfg),
            helper: (threads > 1).then(|| Width::new(&cells, pos.steps, min_bits, share, cfg)),
            cells,
            memory,
            root: pos.clone(),
            min_bits,
            cfg,
        })
    }

    /// Searches on `threads` threads (1 or 2; more count as 2): with 2 two
    /// engines run every null-window test of a `value` query together over
    /// one shared transposition table (`Engine::value_parallel`), and the
    /// memory budget is split between them. Rebuilds the tables.
    pub fn set_threads(&mut self, threads: usize) {
        let steps = self.root.steps;
        let n = threads.clamp(1, 2) as u64;
        let memory = self.memory / n;
        let cfg = self.cfg;
        self.engine = Width::new(&self.cells, steps, self.min_bits, memory, cfg);
        self.helper = (n > 1).then(|| Width::new(&self.cells, steps, self.min_bits, memory, cfg));
    }

    /// How many threads a search uses.
    pub fn threads(&self) -> usize {
        1 + usize::from(self.helper.is_some())
    }

    /// Whether the engine uses 128-bit sets.
    pub fn is_wide(&self) -> bool {
        matches!(self.engine, Width::Wide(_))
    }

    /// How many bits the engine's sets hold (64, 128 or 256).
    pub fn set_bits(&self) -> usize {
        match self.engine {
            Width::Narrow(_) => Bitboard::CAPACITY,
            Width::Wide(_) => Bitboard128::CAPACITY,
            Width::Huge(_) => Bitboard256::CAPACITY,
        }
    }

    /// The counters of the search so far.
    pub fn stats(&self) -> Stats {
        with_engine!(&self.engine, e => e.stats)
    }

    /// Memory held by the tables (both engines'), in bytes.
    pub(crate) fn table_bytes(&self) -> usize {
        let helper = self
            .helper
            .as_ref()
            .map_or(0, |h| with_engine!(h, e => e.table_bytes()));
        with_engine!(&self.engine, e => e.table_bytes()) + helper
    }

    /// The tunables both engines search with.
    pub fn config(&self) -> SearchConfig {
        self.cfg
    }

    /// Changes the tunables of both engines (their tables are kept: what
    /// they hold is exact whatever the tunables).
    pub fn set_config(&mut self, cfg: SearchConfig) {
        self.cfg = cfg;
        with_engine!(&mut self.engine, e => e.cfg = cfg);
        if let Some(h) = &mut self.helper {
            with_engine!(h, e => e.cfg = cfg);
        }
    }

    /// Whether `pos` is a position of this solver's game: same board and
    /// step rule, its footholds a subset of the root's, its players on
    /// indexed cells.
    pub(crate) fn covers(&self, pos: &Position) -> bool {
        let r = &self.root;
        r.rows == pos.rows
            && r.cols == pos.cols
            && r.steps == pos.steps
            && r.cells.len() == pos.cells.len()
            && pos.cells.iter().zip(&r.cells).all(|(&p, &r)| r || !p)
            && with_engine!(&self.engine, e => e.start(pos).is_some())
    }

    /// Re-indexes the board if `pos` is not a position of this game.
    fn ensure(&mut self, pos: &Position, budget: &Budget) -> Result<(), SearchError> {
        if !self.covers(pos) {
            *self = Solver::with_width(pos, budget, self.min_bits, self.cfg)?;
        }
        Ok(())
    }

    /// The exact value of `pos` (on two threads if [`Solver::threads`]
    /// says so).
    pub fn value(&mut self, pos: &Position, budget: &Budget) -> Result<Value, SearchError> {
        self.ensure(pos, budget)?;
        let (main, helper) = self.engines(pos);
        match (main, helper) {
            (Width::Narrow(e), Some(Width::Narrow(h))) => Ok(parallel(e, h, pos, budget)?),
            (Width::Wide(e), Some(Width::Wide(h))) => Ok(parallel(e, h, pos, budget)?),
            (Width::Huge(e), Some(Width::Huge(h))) => Ok(parallel(e, h, pos, budget)?),
            (w, _) => with_engine!(w, e => match e.start(pos) {
                Some(start) => Ok(e.value(start, budget)?),
                None => Ok(lost()),
            }),
        }
    }

    /// The engines for a query on `pos`: the helper leads when only its
    /// table knows the position (a root move it searched), so a `line` or
    /// `analyze` after a parallel `solve` finds that work again.
    fn engines(&mut self, pos: &Position) -> (&mut Width, Option<&mut Width>) {
        let knows = |w: &Width| with_engine!(w, e => e.knows(pos));
        let lead = self.helper.as_ref().is_some_and(knows) && !knows(&self.engine);
        let Solver { engine, helper, .. } = self;
        match (helper.as_mut(), lead) {
            (Some(h), true) => (h, Some(engine)),
            (h, _) => (engine, h),
        }
    }

    /// Whether the exact value of `pos` is `v` (two null-window tests).
    pub(crate) fn has_value(
        &mut self,
        pos: &Position,
        v: Value,
        budget: &Budget,
    ) -> Result<bool, SearchError> {
        self.ensure(pos, budget)?;
        with_engine!(self.engines(pos).0, e => match e.start(pos) {
            Some(start) => Ok(e.has_value(start, v, budget)?),
            None => Ok(v == lost()),
        })
    }

    /// The move a table holds for `pos` (best or refuting), if any.
    fn table_move(&self, pos: &Position) -> Option<Cell> {
        let helper = |h: &Width| with_engine!(h, e => e.table_move(pos));
        with_engine!(&self.engine, e => e.table_move(pos))
            .or_else(|| self.helper.as_ref().and_then(helper))
    }

    /// Pairs `(rep, twin)` of moves of `pos` that a symmetry of the
    /// position maps onto each other.
    fn twin_moves(
        &mut self,
        pos: &Position,
        budget: &Budget,
    ) -> Result<Vec<(Cell, Cell)>, SearchError> {
        self.ensure(pos, budget)?;
        Ok(with_engine!(&self.engine, e => e.twin_moves(pos)))
    }

    /// Every legal move of `pos` with its value (see [`analyze`]).
    pub(crate) fn analyze(
        &mut self,
        pos: &Position,
        budget: &Budget,
    ) -> Result<Vec<(Cell, Value)>, SearchError> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(Vec::new());
        }
        let twins = self.twin_moves(pos, budget)?;
        let mut out: Vec<(Cell, Value)> = Vec::with_capacity(moves.len());
        for &to in &moves {
            if let Some(&(_, v)) = twins
                .iter()
                .find(|t| t.1 == to)
                .and_then(|t| out.iter().find(|o| o.0 == t.0))
            {
                out.push((to, v));
                continue;
            }
            let Some(child) = pos.play(to) else { continue };
            let v = match trivial(&child) {
                Some(v) => v,
                None => self.value(&child, budget)?,
            };
            out.push((to, parent_view(v)));
        }
        Ok(out)
    }

    /// One optimal line from `pos` to the end (see [`principal_line`]).
    /// Each step tries the table's move first.
    pub(crate) fn principal_line(
        &mut self,
        pos: &Position,
        budget: &Budget,
    ) -> Result<Vec<(Player, Cell)>, SearchError> {
        let mut cur = pos.clone();
        let mut v = self.value(&cur, budget)?;
        let mut line = Vec::new();
        while v.moves > 0 {
            let want = Value {
                mover_wins: !v.mover_wins,
                moves: v.moves - 1,
            };
            let mut moves = cur.legal_moves();
            if let Some(k) = self
                .table_move(&cur)
                .and_then(|t| moves.iter().position(|&m| m == t))
            {
                moves[..=k].rotate_right(1);
            }
            let mut next = None;
            for to in moves {
                let Some(child) = cur.play(to) else { continue };
                let found = match trivial(&child) {
                    Some(w) => w == want,
                    None => self.has_value(&child, want, budget)?,
                };
                if found {
                    next = Some((to, child));
                    break;
                }
            }
            let Some((to, child)) = next else { break };
            line.push((cur.to_move, to));
            cur = child;
            v = want;
        }
        Ok(line)
    }
}

/// The value of `pos` searched by `main` and `helper` on two threads over
/// one shared table.
fn parallel<B: Bits>(
    main: &mut Engine<B>,
    helper: &mut Engine<B>,
    pos: &Position,
    budget: &Budget,
) -> Result<Value, LimitHit> {
    match main.start(pos) {
        Some(start) => main.value_parallel(helper, start, budget),
        None => Ok(lost()),
    }
}

/// The value of a position whose mover has lost.
fn lost() -> Value {
    Value {
        mover_wins: false,
        moves: 0,
    }
}

/// Positions the rules settle without search (so they never hit the size
/// limit).
fn trivial(pos: &Position) -> Option<Value> {
    let me = pos.cell_of(pos.to_move);
    let other = pos.cell_of(pos.to_move.other());
    if pos.legal_moves().is_empty() {
        Some(lost())
    } else if me == other || !pos.is_foothold(other) {
        Some(Value {
            mover_wins: true,
            moves: 1,
        })
    } else {
        None
    }
}

/// The queries of one scenario on one solver: built on the first position
/// that needs a search, kept while the positions stay in its game (after
/// `play` and `undo` too), rebuilt otherwise.
#[derive(Default)]
pub struct Queries {
    solver: Option<Solver>,
}

impl Queries {
    /// The solver for `pos`, built or rebuilt if needed.
    fn solver(&mut self, pos: &Position, budget: &Budget) -> Result<&mut Solver, SearchError> {
        if !self.solver.as_ref().is_some_and(|s| s.covers(pos)) {
            // Drop the old tables before allocating new ones.
            self.solver = None;
        }
        match &mut self.solver {
            Some(s) => Ok(s),
            slot => Ok(slot.insert(Solver::new(pos, budget)?)),
        }
    }

    /// Memory held by the solver's tables, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.solver.as_ref().map_or(0, Solver::table_bytes)
    }

    /// See [`solve`].
    pub fn solve(&mut self, pos: &Position, budget: &Budget) -> Result<Value, SearchError> {
        if let Some(v) = trivial(pos) {
            return Ok(v);
        }
        self.solver(pos, budget)?.value(pos, budget)
    }

    /// See [`analyze`].
    pub fn analyze(
        &mut self,
        pos: &Position,
        budget: &Budget,
    ) -> Result<Vec<(Cell, Value)>, SearchError> {
        if pos.legal_moves().is_empty() {
            return Ok(Vec::new());
        }
        self.solver(pos, budget)?.analyze(pos, budget)
    }

    /// See [`principal_line`].
    pub fn principal_line(
        &mut self,
        pos: &Position,
        budget: &Budget,
    ) -> Result<Vec<(Player, Cell)>, SearchError> {
        if let Some(v) = trivial(pos) {
            if v.moves == 0 {
                return Ok(Vec::new());
            }
            // A one-move win: any step does it.
            let to = pos.legal_moves().first().copied();
            return Ok(to.map(|t| vec![(pos.to_move, t)]).unwrap_or_default());
        }
        self.solver(pos, budget)?.principal_line(pos, budget)
    }
}

/// Result under optimal play from the side to move's point of view.
pub fn solve(pos: &Position, budget: &Budget) -> Result<Value, SearchError> {
    Queries::default().solve(pos, budget)
}

/// Every legal move of the side to move with its value from the MOVER's
/// point of view, counting the move itself (so the best entry equals
/// `solve`). Empty when the mover has lost.
pub fn analyze(pos: &Position, budget: &Budget) -> Result<Vec<(Cell, Value)>, SearchError> {
    Queries::default().analyze(pos, budget)
}

/// One optimal line from here to the end: (player, destination) per move.
/// Its length == solve().moves.
pub fn principal_line(pos: &Position, budget: &Budget) -> Result<Vec<(Player, Cell)>, SearchError> {
    Queries::default().principal_line(pos, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::reference::reference_solve;
    use crate::games::footholds::rules::Steps;
    use crate::games::footholds::value::better;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn unlimited() -> Budget {
        Budget::unlimited()
    }

    fn judge(grid: &[&[u8]], a: (usize, usize), b: (usize, usize)) -> u32 {
        let p = Position::from_rows(grid, a, b, Steps::Orthogonal).unwrap();
        let v = solve(&p, &unlimited()).unwrap();
        assert_eq!(v.mover_wins, v.moves % 2 == 1);
        assert_eq!(
            principal_line(&p, &unlimited()).unwrap().len() as u32,
            v.moves
        );
        v.moves
    }

    #[test]
    fn official_examples() {
        assert_eq!(
            judge(&[&[1, 1, 1], &[1, 1, 1], &[1, 1, 1]], (1, 0), (1, 2)),
            5
        );
        assert_eq!(
            judge(&[&[1, 1, 1], &[1, 0, 1], &[1, 1, 1]], (1, 0), (1, 2)),
            4
        );
        assert_eq!(judge(&[&[1, 1, 1, 1, 1]], (0, 0), (0, 4)), 4);
        assert_eq!(judge(&[&[1]], (0, 0), (0, 0)), 0);
    }

    /// A random position: board up to 5x5 with random holes, players on
    /// footholds (maybe shared), random side to move and step rule.
    fn random_position(rng: &mut StdRng) -> Position {
        let steps = crate::games::testkit::footholds_steps(rng);
        random_position_with(rng, steps, 0.4)
    }

    fn random_position_with(rng: &mut StdRng, steps: Steps, min_density: f64) -> Position {
        crate::games::testkit::footholds_position(rng, 5, steps, min_density)
    }

    /// Checks solve, analyze and principal_line on `p` against the reference.
    /// Returns false when the reference needs more than `cap` states.
    fn check(p: &Position, cap: u64) -> bool {
        let Ok(want) = reference_solve(p, &Budget::new(Some(cap), None)) else {
            return false;
        };
        let got = solve(p, &unlimited()).unwrap();
        assert_eq!(got, want, "{p:?}");
        let moves = analyze(p, &unlimited()).unwrap();
        assert_eq!(moves.len(), p.legal_moves().len());
        if let Some(best) = moves
            .iter()
            .map(|m| m.1)
            .reduce(|x, y| if better(y, x) { y } else { x })
        {
            assert_eq!(best, got, "{p:?}");
        }
        for &(to, v) in &moves {
            let child = p.play(to).unwrap();
            let r = reference_solve(&child, &unlimited()).unwrap();
            assert_eq!(v, parent_view(r), "{p:?} move {to:?}");
        }
        let line = principal_line(p, &unlimited()).unwrap();
        assert_eq!(line.len() as u32, got.moves, "{p:?}");
        let mut cur = p.clone();
        for &(who, to) in &line {
            assert_eq!(who, cur.to_move);
            cur = cur.play(to).expect("legal line");
        }
        assert!(cur.legal_moves().is_empty());
        true
    }

    /// The default search without the separation endgame.
    fn no_endgame() -> SearchConfig {
        SearchConfig {
            endgame: false,
            ..SearchConfig::default()
        }
    }

    /// The default search, a two-thread value running `states` alone first.
    fn solo(states: u64) -> SearchConfig {
        SearchConfig {
            solo_states: states,
            ..SearchConfig::default()
        }
    }

    #[test]
    fn the_separation_endgame_agrees_with_full_search() {
        let mut rng = StdRng::seed_from_u64(77);
        let mut separated = 0;
        for _ in 0..400 {
            let p = random_position(&mut rng);
            let b = unlimited();
            let Ok(mut with) = Solver::new(&p, &b) else {
                continue;
            };
            let mut without = Solver::with_config(&p, &b, no_endgame()).unwrap();
            let v = with.value(&p, &b).unwrap();
            assert_eq!(v, without.value(&p, &b).unwrap(), "{p:?}");
            separated += with.stats().endgames;
            // The formula itself, on the separated positions a few moves in.
            let mut cur = p.clone();
            for _ in 0..3 {
                let Some(&to) = cur.legal_moves().first() else {
                    break;
                };
                cur = cur.play(to).unwrap();
                let mut without = Solver::with_config(&cur, &b, no_endgame()).unwrap();
                assert_eq!(
                    with.value(&cur, &b).unwrap(),
                    without.value(&cur, &b).unwrap(),
                    "{cur:?}"
                );
            }
        }
        assert!(separated > 1000, "{separated}");
    }

    /// The search with the small table at `small_live` live cells and
    /// `2^small_log2` buckets.
    fn small_table(small_live: u32, small_log2: u32) -> SearchConfig {
        SearchConfig {
            small_live,
            small_log2,
            ..SearchConfig::default()
        }
    }

    /// The small table (every small position kept, whatever its effort)
    /// against the plain reference: off (every position in the big table,
    /// as before it), at its default, and so small (4 buckets) that its
    /// entries are replaced all the time. Its cutoffs count.
    #[test]
    fn the_small_table_agrees_with_the_reference() {
        let mut rng = StdRng::seed_from_u64(4040);
        let (mut checked, mut cuts) = (0, 0);
        for _ in 0..250 {
            let steps = crate::games::testkit::footholds_steps(&mut rng);
            let p = crate::games::testkit::footholds_position(&mut rng, 6, steps, 0.5);
            let b = unlimited();
            let Ok(want) = reference_solve(&p, &Budget::new(Some(2_000_000), None)) else {
                continue;
            };
            for cfg in [
                small_table(0, 0),
                SearchConfig::default(),
                small_table(u32::MAX, 2),
            ] {
                let mut s = Solver::with_config(&p, &b, cfg).unwrap();
                s.set_threads(1);
                assert_eq!(s.value(&p, &b).unwrap(), want, "{cfg:?} {p:?}");
                if cfg.small_live > 0 {
                    cuts += s.stats().tt_cuts;
                }
            }
            checked += 1;
        }
        assert!(checked > 150 && cuts > 200, "{checked} {cuts}");
    }

    /// Two threads sharing the main engine's small table (as they share
    /// the transposition table) against the plain reference: the small
    /// table at its default, and so small (4 buckets, every position in
    /// it) that both threads replace each other's entries all the time.
    #[test]
    fn the_shared_small_table_agrees_with_the_reference() {
        let mut rng = StdRng::seed_from_u64(4141);
        let (mut checked, mut parallel) = (0, 0);
        for _ in 0..200 {
            let steps = crate::games::testkit::footholds_steps(&mut rng);
            let p = crate::games::testkit::footholds_position(&mut rng, 6, steps, 0.5);
            let b = unlimited();
            let Ok(want) = reference_solve(&p, &Budget::new(Some(2_000_000), None)) else {
                continue;
            };
            for cfg in [SearchConfig::default(), small_table(u32::MAX, 2)] {
                let mut s = Solver::with_config(&p, &b, cfg).unwrap();
                s.set_threads(2);
                s.set_config(SearchConfig {
                    solo_states: 0,
                    ..cfg
                });
                assert_eq!(s.value(&p, &b).unwrap(), want, "{cfg:?} {p:?}");
                parallel += u64::from(s.stats().parallel_tests > 0);
            }
            checked += 1;
        }
        assert!(checked > 120 && parallel > 200, "{checked} {parallel}");
    }

    /// The sure-path bounds in the search against the plain reference:
    /// off, at their default range, and tried at every open position
    /// (small random boards have fewer live cells than the default range
    /// starts at). Their cutoffs count.
    #[test]
    fn the_sure_path_bounds_agree_with_the_reference() {
        let mut rng = StdRng::seed_from_u64(3333);
        let (mut checked, mut cuts) = (0, 0);
        for _ in 0..300 {
            let steps = crate::games::testkit::footholds_steps(&mut rng);
            let p = crate::games::testkit::footholds_position(&mut rng, 6, steps, 0.6);
            let b = unlimited();
            let Ok(want) = reference_solve(&p, &Budget::new(Some(2_000_000), None)) else {
                continue;
            };
            for sure_live in [(0, 0), SearchConfig::default().sure_live, (0, u32::MAX)] {
                let cfg = SearchConfig {
                    sure_live,
                    ..SearchConfig::default()
                };
                let mut s = Solver::with_config(&p, &b, cfg).unwrap();
                s.set_threads(1);
                assert_eq!(s.value(&p, &b).unwrap(), want, "{cfg:?} {p:?}");
                // The null-window tests alone, from empty tables.
                let mut t = Solver::with_config(&p, &b, cfg).unwrap();
                assert_eq!(t.has_value(&p, want, &b), Ok(true), "{cfg:?} {p:?}");
                if sure_live.1 == u32::MAX {
                    cuts += s.stats().sure_cuts;
                }
            }
            checked += 1;
        }
        assert!(checked > 200 && cuts > 300, "{checked} {cuts}");
    }

    /// The move ordering by a territory minimax (two to six plies deep)
    /// against the plain reference: off, at its default (which small
    /// random boards never reach), two plies at every open node, and four
    /// at every one. The order changes what the search visits, never its
    /// answer.
    #[test]
    fn the_deep_territory_order_agrees_with_the_reference() {
        let mut rng = StdRng::seed_from_u64(5656);
        let (mut checked, mut differ) = (0, 0);
        for _ in 0..200 {
            let steps = crate::games::testkit::footholds_steps(&mut rng);
            let p = crate::games::testkit::footholds_position(&mut rng, 6, steps, 0.7);
            let b = unlimited();
            let Ok(want) = reference_solve(&p, &Budget::new(Some(2_000_000), None)) else {
                continue;
            };
            let mut nodes = Vec::new();
            let max = u32::MAX;
            for deep_order in [
                [max; 5],
                SearchConfig::default().deep_order,
                [0, max, max, max, max],
                [0, 0, 0, max, max],
            ] {
                let cfg = SearchConfig {
                    deep_order,
                    ..SearchConfig::default()
                };
                let mut s = Solver::with_config(&p, &b, cfg).unwrap();
                s.set_threads(1);
                assert_eq!(s.value(&p, &b).unwrap(), want, "{cfg:?} {p:?}");
                let mut t = Solver::with_config(&p, &b, cfg).unwrap();
                assert_eq!(t.has_value(&p, want, &b), Ok(true), "{cfg:?} {p:?}");
                nodes.push(s.stats().nodes);
            }
            checked += 1;
            differ += usize::from(nodes[1] != nodes[2] || nodes[2] != nodes[3]);
        }
        // The deeper orders did search differently.
        assert!(checked > 120 && differ > 40, "{checked} {differ}");
    }

    #[test]
    fn wide_sets_agree_with_narrow_ones() {
        let mut rng = StdRng::seed_from_u64(128);
        for _ in 0..300 {
            let p = random_position(&mut rng);
            let b = unlimited();
            let Ok(mut narrow) = Solver::new(&p, &b) else {
                continue;
            };
            let mut wide = Solver::with_width(&p, &b, 128, SearchConfig::default()).unwrap();
            assert!(wide.is_wide() && !narrow.is_wide());
            assert_eq!(
                narrow.value(&p, &b).unwrap(),
                wide.value(&p, &b).unwrap(),
                "{p:?}"
            );
        }
    }

    #[test]
    fn boards_with_more_than_64_footholds() {
        let b = unlimited();
        // A corridor of 100 cells: the reference walks it without search.
        for (a, bb, to_move) in [(0, 99, Player::A), (3, 70, Player::B), (50, 51, Player::A)] {
            let mut p = Position::full(1, 100, (0, a), (0, bb), Steps::Orthogonal);
            p.to_move = to_move;
            let v = solve(&p, &b).unwrap();
            assert_eq!(v, reference_solve(&p, &b).unwrap(), "{p:?}");
            assert_eq!(principal_line(&p, &b).unwrap().len() as u32, v.moves);
        }
        // Two combs joined by their spines: 9x13 with holes, 75 footholds.
        let rows: Vec<Vec<u8>> = (0..9)
            .map(|r| {
                (0..13)
                    .map(|c| u8::from(r == 0 || c % 2 == 0 || r == 8))
                    .collect()
            })
            .collect();
        let p = Position::from_rows(&rows, (0, 0), (8, 12), Steps::Orthogonal).unwrap();
        assert!(p.footholds() > 64);
        let v = solve(&p, &b).unwrap();
        assert_eq!(v, reference_solve(&p, &b).unwrap());
        let moves = analyze(&p, &b).unwrap();
        assert!(moves.iter().any(|m| m.1 == v));
        // More than 128: four-word sets (see `wide_boards` for their tests).
        let p = Position::full(12, 12, (0, 0), (11, 11), Steps::Orthogonal);
        assert_eq!(Solver::new(&p, &b).unwrap().set_bits(), 256);
    }

    #[test]
    fn budgets_stop_every_entry_point() {
        let p = Position::full(7, 7, (3, 3), (3, 4), Steps::Orthogonal);
        let small = || Budget::new(Some(500), None);
        let limit = |e| matches!(e, SearchError::Limit(LimitHit::States { limit: 500 }));
        assert!(limit(solve(&p, &small()).unwrap_err()));
        // Its message is words, not the limit's `Debug` form.
        assert_eq!(
            solve(&p, &small()).unwrap_err().to_string(),
            "the search stopped at the state limit of 500 states"
        );
        assert!(limit(analyze(&p, &small()).unwrap_err()));
        assert!(limit(principal_line(&p, &small()).unwrap_err()));
        let zero = Budget::new(None, Some(std::time::Duration::ZERO));
        assert!(matches!(
            solve(&p, &zero),
            Err(SearchError::Limit(LimitHit::Time { .. }))
        ));
        let e = solve(
            &Position::full(16, 16, (0, 0), (1, 1), Steps::King),
            &small(),
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "256 footholds are connected to the players; the solver handles at most 255"
        );
    }

    #[test]
    fn figures_small() {
        let b = unlimited();
        let king = Position::full(5, 5, (0, 0), (4, 4), Steps::King);
        assert_eq!(solve(&king, &b).unwrap().moves, 23);
        let p = Position::full(6, 6, (0, 0), (5, 5), Steps::Orthogonal);
        let v = solve(&p, &b).unwrap();
        assert_eq!(principal_line(&p, &b).unwrap().len() as u32, v.moves);
    }

    /// The benchmark's big figures (slow in debug: `cargo test --release -- --ignored`).
    #[test]
    #[ignore]
    fn figures_big() {
        let b = unlimited();
        let full = |n, a, bb| Position::full(n, n, a, bb, Steps::Orthogonal);
        assert_eq!(solve(&full(7, (0, 0), (6, 6)), &b).unwrap().moves, 45);
        assert_eq!(solve(&full(7, (1, 1), (5, 5)), &b).unwrap().moves, 46);
        assert_eq!(solve(&full(7, (3, 3), (3, 4)), &b).unwrap().moves, 47);
        let v = solve(&full(8, (0, 0), (7, 7)), &b).unwrap();
        assert_eq!(
            v,
            Value {
                mover_wins: false,
                moves: 62
            }
        );
        let line = principal_line(&full(8, (0, 0), (7, 7)), &b).unwrap();
        assert_eq!(line.len(), 62);
    }

    /// Checks `n` random positions of `steps`; returns how many the
    /// reference could settle within `cap` states.
    fn check_random(seed: u64, n: usize, steps: Steps, min_density: f64, cap: u64) -> usize {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .filter(|_| check(&random_position_with(&mut rng, steps, min_density), cap))
            .count()
    }

    #[test]
    fn random_orthogonal_positions_match_the_reference() {
        let checked = check_random(20220001, 2000, Steps::Orthogonal, 0.5, 40_000);
        assert!(checked > 1850, "only {checked} checked");
    }

    #[test]
    fn random_king_positions_match_the_reference() {
        let checked = check_random(20220002, 1300, Steps::King, 0.3, 15_000);
        assert!(checked > 1100, "only {checked} checked");
    }

    #[test]
    fn full_5x5_boards_match_the_reference() {
        // Every pair of distinct start cells up to symmetry... a sample.
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..12 {
            let a = (rng.gen_range(0..5), rng.gen_range(0..5));
            let b = (rng.gen_range(0..5), rng.gen_range(0..5));
            let mut p = Position::full(5, 5, a, b, Steps::Orthogonal);
            p.to_move = if rng.gen_bool(0.5) {
                Player::A
            } else {
                Player::B
            };
            assert!(check(&p, 1_000_000), "{p:?}");
        }
    }

    /// One [`Queries`] for a whole random game: solve, analyze and line on
    /// each position, then a move (best or not), all on the same tables,
    /// checked against the reference.
    #[test]
    fn queries_reuse_tables_across_positions_exactly() {
        let mut rng = StdRng::seed_from_u64(1717);
        let mut checked = 0;
        for _ in 0..150 {
            let mut p = random_position(&mut rng);
            let mut q = Queries::default();
            let b = Budget::new(None, None).with_memory(1 << 20);
            while !p.legal_moves().is_empty() {
                let Ok(want) = reference_solve(&p, &Budget::new(Some(40_000), None)) else {
                    break;
                };
                assert_eq!(q.solve(&p, &b).unwrap(), want, "{p:?}");
                let line = q.principal_line(&p, &b).unwrap();
                assert_eq!(line.len() as u32, want.moves, "{p:?}");
                let moves = q.analyze(&p, &b).unwrap();
                for &(to, v) in &moves {
                    let r = reference_solve(&p.play(to).unwrap(), &unlimited()).unwrap();
                    assert_eq!(v, parent_view(r), "{p:?} move {to:?}");
                }
                assert!(q.table_bytes() <= 1 << 20, "{}", q.table_bytes());
                checked += 1;
                // The line's move half the time, a random legal one otherwise.
                let legal = p.legal_moves();
                let to = if rng.gen_bool(0.5) {
                    line[0].1
                } else {
                    legal[rng.gen_range(0..legal.len())]
                };
                p = p.play(to).unwrap();
            }
        }
        assert!(checked > 400, "{checked}");
    }

    #[test]
    fn a_solver_built_late_is_rebuilt_for_earlier_positions() {
        let b = unlimited();
        let p = Position::full(4, 4, (0, 0), (3, 3), Steps::Orthogonal);
        let later = p.play((0, 1)).unwrap();
        let mut q = Queries::default();
        assert_eq!(
            q.solve(&later, &b).unwrap(),
            reference_solve(&later, &b).unwrap()
        );
        // `undo`: the vacated foothold is back; the solver must not miss it.
        assert_eq!(q.solve(&p, &b).unwrap(), reference_solve(&p, &b).unwrap());
        // Another board altogether.
        let other = Position::full(3, 5, (0, 0), (2, 4), Steps::King);
        assert_eq!(
            q.solve(&other, &b).unwrap(),
            reference_solve(&other, &b).unwrap()
        );
    }

    #[test]
    fn tables_are_sized_from_the_memory_budget() {
        use crate::games::footholds::engine::table_log2s;
        // 64-byte buckets: half of 1 GiB is 2^23 of them, an eighth 2^21,
        // capped at 2^16 for the memo.
        assert_eq!(table_log2s::<Bitboard>(1 << 30), (23, 16));
        assert_eq!(table_log2s::<Bitboard>(1 << 20), (13, 11));
        // 96-byte buckets round down.
        assert_eq!(table_log2s::<Bitboard128>(1 << 20), (12, 10));
        assert_eq!(table_log2s::<Bitboard>(1), (0, 0));
        // A 7x7 solve under 2 MB stays under 2 MB and is still exact.
        let p = Position::full(7, 7, (0, 0), (6, 6), Steps::Orthogonal);
        let b = Budget::unlimited().with_memory(2 << 20);
        let mut s = Solver::new(&p, &b).unwrap();
        assert_eq!(s.value(&p, &b).unwrap().moves, 45);
        assert!(s.table_bytes() <= 2 << 20, "{}", s.table_bytes());
    }

    /// Solves `p` on one thread and on two: the same value, the same
    /// `analyze`, and a principal line as long as the value says. Returns
    /// the two-thread solver and the value (`None` if `p` is too big).
    fn one_vs_two(p: &Position) -> Option<(Solver, Value)> {
        let b = unlimited();
        let mut one = Solver::new(p, &b).ok()?;
        one.set_threads(1);
        let mut two = Solver::new(p, &b).unwrap();
        two.set_threads(2);
        two.set_config(solo(0));
        assert_eq!(two.threads(), 2);
        let v = two.value(p, &b).unwrap();
        assert_eq!(v, one.value(p, &b).unwrap(), "{p:?}");
        let moves = two.analyze(p, &b).unwrap();
        assert_eq!(moves, one.analyze(p, &b).unwrap(), "{p:?}");
        let line = two.principal_line(p, &b).unwrap();
        assert_eq!(line.len() as u32, v.moves, "{p:?}");
        Some((two, v))
    }

    /// The parallel search (two engines, one shared table) against the
    /// single-threaded one and the reference, on random positions.
    #[test]
    fn parallel_search_matches_single_threaded() {
        let mut rng = StdRng::seed_from_u64(2026);
        let mut split = 0;
        for _ in 0..400 {
            let p = random_position(&mut rng);
            let Some((two, v)) = one_vs_two(&p) else {
                continue;
            };
            if let Ok(r) = reference_solve(&p, &Budget::new(Some(40_000), None)) {
                assert_eq!(v, r, "{p:?}");
            }
            split += u64::from(two.stats().parallel_tests > 0);
        }
        assert!(split > 100, "{split}");
    }

    /// Two threads sharing one table on boards big enough for the busy
    /// marks (7x7 and 8x8, 0-25 % holes; 5x5 with king steps) against one
    /// thread.
    #[test]
    fn shared_table_search_matches_single_threaded_on_big_boards() {
        let mut rng = StdRng::seed_from_u64(17);
        let mut big = 0;
        for _ in 0..40 {
            // (King steps on boards this big can take minutes.)
            let (side, steps) = if rng.gen_bool(0.2) {
                (5, Steps::King)
            } else {
                (rng.gen_range(7..=8), Steps::Orthogonal)
            };
            let density = rng.gen_range(0.75..=1.0);
            let mut cells: Vec<bool> = (0..side * side).map(|_| rng.gen_bool(density)).collect();
            let a = (rng.gen_range(0..side), rng.gen_range(0..side));
            let bb = (rng.gen_range(0..side), rng.gen_range(0..side));
            cells[a.0 * side + a.1] = true;
            cells[bb.0 * side + bb.1] = true;
            let p = Position {
                rows: side,
                cols: side,
                cells,
                a,
                b: bb,
                to_move: Player::A,
                steps,
            };
            if one_vs_two(&p).is_some() {
                big += u64::from(p.cells.iter().filter(|&&c| c).count() >= 40);
            }
        }
        assert!(big >= 25, "{big}");
    }

    /// A two-thread `value` runs alone first: small searches end there,
    /// longer ones go on with both threads from where it stopped.
    #[test]
    fn a_solo_start_hands_over_to_two_threads() {
        let b = unlimited();
        let p = Position::full(8, 8, (0, 0), (7, 7), Steps::Orthogonal);
        let mut s = Solver::new(&p, &b).unwrap();
        s.set_threads(2);
        assert_eq!(s.value(&p, &b).unwrap().moves, 62);
        assert_eq!(s.stats().parallel_tests, 0);
        let mut rng = StdRng::seed_from_u64(5);
        let mut handed = 0;
        for _ in 0..60 {
            let p = random_position(&mut rng);
            let mut one = Solver::new(&p, &b).unwrap();
            one.set_threads(1);
            let mut two = Solver::new(&p, &b).unwrap();
            two.set_threads(2);
            two.set_config(solo(8));
            assert_eq!(two.value(&p, &b), one.value(&p, &b), "{p:?}");
            handed += u64::from(two.stats().parallel_tests > 0);
        }
        assert!(handed > 10, "{handed}");
    }

    #[test]
    fn the_state_cap_counts_both_threads() {
        let p = Position::full(7, 7, (3, 3), (3, 4), Steps::Orthogonal);
        let b = Budget::new(Some(5_000), None);
        let mut s = Solver::new(&p, &b).unwrap();
        s.set_threads(2);
        s.set_config(solo(1_000));
        assert_eq!(
            s.value(&p, &b),
            Err(SearchError::Limit(LimitHit::States { limit: 5_000 }))
        );
        assert_eq!(s.stats().parallel_tests, 1);
        // Both threads stop within a few states of each other.
        assert!(b.states() <= 5_002, "{}", b.states());
        let zero = Budget::new(None, Some(std::time::Duration::ZERO));
        assert!(matches!(
            s.value(&p, &zero),
            Err(SearchError::Limit(LimitHit::Time { .. }))
        ));
    }
}
