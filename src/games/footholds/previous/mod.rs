//! The solver as it landed before issue 17 (a fresh search per query,
//! fixed table sizes), kept so the benchmark can show it beside the new
//! one in the same run (`cargo bench --features bench --bench footholds`).
//! Built only with the `bench` feature: not into the tests or the binary.

mod engine;

use self::engine::Engine;
use super::bitboard::{Bitboard, Bitboard128};
use super::engine::Stats;
use super::graph::relevant_cells;
use super::rules::{Cell, Player, Position};
use super::value::{parent_view, SearchError, Value};
use crate::budget::Budget;

/// A solver for one game: reusable across the positions of that game (it
/// keeps its tables), for boards of up to 128 relevant
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
    pub(crate) fn new(pos: &Position, budget: &'b Budget) -> Result<Solver<'b>, SearchError> {
        Solver::with_width(pos, budget, false)
    }

    /// A solver using 128-bit sets even if 64 bits would do (`wide`).
    pub(crate) fn with_width(
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
                max: 128,
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
    pub(crate) fn value(&mut self, pos: &Position) -> Result<Value, SearchError> {
        self.ensure(pos)?;
        with_engine!(&mut self.engine, e => match e.start(pos) {
            Some(start) => Ok(e.value(start)?),
            None => Ok(lost()),
        })
    }

    /// Whether the exact value of `pos` is `v` (two null-window tests).
    pub(crate) fn has_value(&mut self, pos: &Position, v: Value) -> Result<bool, SearchError> {
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
