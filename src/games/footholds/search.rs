//! The fast exact solver's public interface: [`solve`], [`analyze`],
//! [`principal_line`] and the reusable [`Solver`]. The search itself is in
//! [`super::engine`]; boards with up to 64 relevant footholds use 64-bit
//! sets, up to 128 use 128-bit sets.

use std::fmt;

use super::bitboard::{Bitboard, Bitboard128};
use super::engine::{Engine, Stats};
use super::graph::{relevant_cells, MAX_FOOTHOLDS};
use super::reference::parent_view;
use super::rules::{Cell, Player, Position};
use crate::budget::{Budget, LimitHit};

/// Result under optimal play (win-fast / lose-slow), from the side to
/// move's point of view: `moves` = total number of moves both players still
/// make.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Value {
    /// Whether the side to move wins.
    pub mover_wins: bool,
    /// Moves both players still make under optimal play.
    pub moves: u32,
}

/// Why the fast solver gave up.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SearchError {
    /// The budget ran out.
    Limit(LimitHit),
    /// More footholds are connected to the players than the solver indexes.
    TooLarge {
        /// Footholds connected to the players' cells.
        footholds: usize,
        /// The most the solver supports.
        max: usize,
    },
}

impl From<LimitHit> for SearchError {
    fn from(l: LimitHit) -> Self {
        SearchError::Limit(l)
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Limit(l) => write!(f, "search limit reached: {l:?}"),
            SearchError::TooLarge { footholds, max } => write!(
                f,
                "{footholds} footholds are connected to the players; the solver handles at most {max}"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// A solver for one game: reusable across the positions of that game (it
/// keeps its tables), for boards of up to [`MAX_FOOTHOLDS`] relevant
/// footholds.
pub struct Solver<'b> {
    engine: Width<'b>,
    budget: &'b Budget,
}

/// The engine at the set width the board needs.
enum Width<'b> {
    Narrow(Box<Engine<'b, Bitboard>>),
    Wide(Box<Engine<'b, Bitboard128>>),
}

/// Runs `$body` with `$e` bound to the engine, whatever its width.
macro_rules! with_engine {
    ($w:expr, $e:ident => $body:expr) => {
        match $w {
            Width::Narrow($e) => $body,
            Width::Wide($e) => $body,
        }
    };
}

impl<'b> Solver<'b> {
    /// A solver for `pos` and the positions that follow it.
    pub fn new(pos: &Position, budget: &'b Budget) -> Result<Solver<'b>, SearchError> {
        Solver::with_width(pos, budget, false)
    }

    /// A solver using 128-bit sets even if 64 bits would do (`wide`).
    pub fn with_width(
        pos: &Position,
        budget: &'b Budget,
        wide: bool,
    ) -> Result<Solver<'b>, SearchError> {
        let cells = relevant_cells(pos, &[pos.a, pos.b], budget)?;
        let engine = if cells.len() <= 64 && !wide {
            Width::Narrow(Box::new(Engine::new(&cells, pos.steps, budget)))
        } else if cells.len() <= 128 {
            Width::Wide(Box::new(Engine::new(&cells, pos.steps, budget)))
        } else {
            return Err(SearchError::TooLarge {
                footholds: cells.len(),
                max: MAX_FOOTHOLDS,
            });
        };
        Ok(Solver { engine, budget })
    }

    /// Whether the engine uses 128-bit sets.
    pub fn is_wide(&self) -> bool {
        matches!(self.engine, Width::Wide(_))
    }

    /// The counters of the search so far.
    pub fn stats(&self) -> Stats {
        with_engine!(&self.engine, e => e.stats)
    }

    /// Memory held by the tables, in bytes.
    pub fn table_bytes(&self) -> usize {
        with_engine!(&self.engine, e => e.table_bytes())
    }

    /// Switches the separation endgame off (tests) or on.
    pub fn set_endgame(&mut self, on: bool) {
        with_engine!(&mut self.engine, e => e.endgame = on)
    }

    /// Switches enhanced transposition cutoffs on or off (off by default).
    pub fn set_etc(&mut self, on: bool) {
        with_engine!(&mut self.engine, e => e.etc = on)
    }

    /// Prints each null-window test of the driver to stderr (tuning).
    pub fn set_trace(&mut self, on: bool) {
        with_engine!(&mut self.engine, e => e.trace = on)
    }

    /// Re-indexes the board if `pos` is not a position of this game.
    fn ensure(&mut self, pos: &Position) -> Result<(), SearchError> {
        let known = with_engine!(&self.engine, e => e.start(pos).is_some());
        if !known {
            *self = Solver::new(pos, self.budget)?;
        }
        Ok(())
    }

    /// The exact value of `pos`.
    pub fn value(&mut self, pos: &Position) -> Result<Value, SearchError> {
        self.ensure(pos)?;
        with_engine!(&mut self.engine, e => match e.start(pos) {
            Some(start) => Ok(e.value(start)?),
            None => Ok(lost()),
        })
    }

    /// Whether the exact value of `pos` is `v` (two null-window tests).
    pub fn has_value(&mut self, pos: &Position, v: Value) -> Result<bool, SearchError> {
        self.ensure(pos)?;
        with_engine!(&mut self.engine, e => match e.start(pos) {
            Some(start) => Ok(e.has_value(start, v)?),
            None => Ok(v == lost()),
        })
    }

    /// Pairs `(rep, twin)` of moves of `pos` that a symmetry of the
    /// position maps onto each other.
    fn twin_moves(&mut self, pos: &Position) -> Result<Vec<(Cell, Cell)>, SearchError> {
        self.ensure(pos)?;
        Ok(with_engine!(&self.engine, e => e.twin_moves(pos)))
    }
}

/// The value of a position whose mover has lost.
fn lost() -> Value {
    Value {
        mover_wins: false,
        moves: 0,
    }
}

/// Result under optimal play from the side to move's point of view.
pub fn solve(pos: &Position, budget: &Budget) -> Result<Value, SearchError> {
    if let Some(v) = trivial(pos) {
        return Ok(v);
    }
    Solver::new(pos, budget)?.value(pos)
}

/// Positions the rules settle without search (so they never hit the size
/// limit).
fn trivial(pos: &Position) -> Option<Value> {
    let me = pos.cell_of(pos.to_move);
    let other = pos.cell_of(pos.to_move.other());
    if pos.legal_moves().is_empty() {
        Some(Value {
            mover_wins: false,
            moves: 0,
        })
    } else if me == other || !pos.is_foothold(other) {
        Some(Value {
            mover_wins: true,
            moves: 1,
        })
    } else {
        None
    }
}

/// Every legal move of the side to move with its value from the MOVER's
/// point of view, counting the move itself (so the best entry equals
/// `solve`). Empty when the mover has lost.
pub fn analyze(pos: &Position, budget: &Budget) -> Result<Vec<(Cell, Value)>, SearchError> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    let mut solver = Solver::new(pos, budget)?;
    let mut out: Vec<(Cell, Value)> = Vec::with_capacity(moves.len());
    let twins = solver.twin_moves(pos)?;
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
        out.push((to, parent_view(solver.value(&child)?)));
    }
    Ok(out)
}

/// One optimal line from here to the end: (player, destination) per move.
/// Its length == solve().moves.
pub fn principal_line(pos: &Position, budget: &Budget) -> Result<Vec<(Player, Cell)>, SearchError> {
    if let Some(v) = trivial(pos) {
        if v.moves == 0 {
            return Ok(Vec::new());
        }
        // A one-move win: any step does it.
        let to = pos.legal_moves().first().copied();
        return Ok(to.map(|t| vec![(pos.to_move, t)]).unwrap_or_default());
    }
    let mut solver = Solver::new(pos, budget)?;
    let mut cur = pos.clone();
    let mut v = solver.value(&cur)?;
    let mut line = Vec::new();
    while v.moves > 0 {
        let want = Value {
            mover_wins: !v.mover_wins,
            moves: v.moves - 1,
        };
        let mut next = None;
        for to in cur.legal_moves() {
            let Some(child) = cur.play(to) else { continue };
            if solver.has_value(&child, want)? {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::reference::{better, reference_solve};
    use crate::games::footholds::rules::Steps;
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
        let steps = if rng.gen_bool(0.3) {
            Steps::King
        } else {
            Steps::Orthogonal
        };
        random_position_with(rng, steps, 0.4)
    }

    fn random_position_with(rng: &mut StdRng, steps: Steps, min_density: f64) -> Position {
        let rows = rng.gen_range(1..=5);
        let cols = rng.gen_range(1..=5);
        let density = rng.gen_range(min_density..=1.0);
        let mut cells: Vec<bool> = (0..rows * cols).map(|_| rng.gen_bool(density)).collect();
        let a = (rng.gen_range(0..rows), rng.gen_range(0..cols));
        let b = if rng.gen_bool(0.1) {
            a
        } else {
            (rng.gen_range(0..rows), rng.gen_range(0..cols))
        };
        cells[a.0 * cols + a.1] = true;
        cells[b.0 * cols + b.1] = true;
        Position {
            rows,
            cols,
            cells,
            a,
            b,
            to_move: if rng.gen_bool(0.5) {
                Player::A
            } else {
                Player::B
            },
            steps,
        }
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
            let mut without = Solver::new(&p, &b).unwrap();
            without.set_endgame(false);
            let v = with.value(&p).unwrap();
            assert_eq!(v, without.value(&p).unwrap(), "{p:?}");
            separated += with.stats().endgames;
            // The formula itself, on the separated positions a few moves in.
            let mut cur = p.clone();
            for _ in 0..3 {
                let Some(&to) = cur.legal_moves().first() else {
                    break;
                };
                cur = cur.play(to).unwrap();
                let mut without = Solver::new(&cur, &b).unwrap();
                without.set_endgame(false);
                assert_eq!(
                    with.value(&cur).unwrap(),
                    without.value(&cur).unwrap(),
                    "{cur:?}"
                );
            }
        }
        assert!(separated > 1000, "{separated}");
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
            let mut wide = Solver::with_width(&p, &b, true).unwrap();
            assert!(wide.is_wide() && !narrow.is_wide());
            assert_eq!(narrow.value(&p).unwrap(), wide.value(&p).unwrap(), "{p:?}");
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
        // Too many footholds.
        let p = Position::full(12, 12, (0, 0), (11, 11), Steps::Orthogonal);
        assert_eq!(
            solve(&p, &b),
            Err(SearchError::TooLarge {
                footholds: 144,
                max: 128
            })
        );
        // ...unless the rules settle it at once.
        let p = Position::full(12, 12, (5, 5), (5, 5), Steps::Orthogonal);
        assert_eq!(
            solve(&p, &b).unwrap(),
            Value {
                mover_wins: true,
                moves: 1
            }
        );
    }

    #[test]
    fn budgets_stop_every_entry_point() {
        let p = Position::full(7, 7, (3, 3), (3, 4), Steps::Orthogonal);
        let small = || Budget::new(Some(500), None);
        let limit = |e| matches!(e, SearchError::Limit(LimitHit::States { limit: 500 }));
        assert!(limit(solve(&p, &small()).unwrap_err()));
        assert!(limit(analyze(&p, &small()).unwrap_err()));
        assert!(limit(principal_line(&p, &small()).unwrap_err()));
        let zero = Budget::new(None, Some(std::time::Duration::ZERO));
        assert!(matches!(
            solve(&p, &zero),
            Err(SearchError::Limit(LimitHit::Time { .. }))
        ));
        let e = solve(
            &Position::full(12, 12, (0, 0), (1, 1), Steps::King),
            &small(),
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "144 footholds are connected to the players; the solver handles at most 128"
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
}
