//! The generic exact solvers of rules games, one per objective
//! (docs/rules-language.md, "Objectives"), generic over [`Model`]:
//!
//! - `moves`, `outcome`, `score`: two players, alpha-beta with a
//!   transposition table (`alphabeta`), one value kind each;
//! - `best` (`max score`, `min score`): a memoised expectimax with exact
//!   fractions (`memo`);
//! - `shortest` (`shortest within N`): breadth-first search on keys;
//! - `longest`: depth-first search with colours and a memo (`memo`);
//! - `simulate`: the only path, with Brent's cycle detection.
//!
//! Every search counts one budget tick per position it expands (one
//! [`Model::turn`] call), keeps its tables under the budget's memory cap, and
//! stops with [`LimitHit`] — never a hang. All searches use explicit stacks,
//! so long games need no native stack.
//!
//! Conventions the documentation leaves to the solver:
//! - a move is a path of `Choice` nodes; its words are those of its choices
//!   (a two-player game's mover name is not among them: the caller adds it);
//! - an empty `Choice` below a die (no move for that roll) ends the game
//!   there, as `stop` does; a two-player turn whose every path is an empty
//!   choice is a stuck mover who loses (the interpreter should say
//!   `Turn::Ended` itself);
//! - `max score` / `min score` answer [`Value::Expected`] when a die was met
//!   in the positions searched, [`Value::Total`] otherwise;
//! - the principal line follows, at each die, its first outcome;
//! - two-player values on a line that repeats a position: see `alphabeta`.

mod alphabeta;
pub(crate) mod alphabeta_slim;
mod best;
pub mod footholds;
mod key;
mod line;
mod longest;
mod memo;
mod moves;
mod num;
mod outcome;
mod retrograde;
mod score;
mod shortest;
mod simulate;
mod simulate_digest;
pub(crate) mod simulate_flat;
mod simulate_lists;
mod simulate_operand;
pub(crate) mod simulate_run;
mod table;
mod tree;

#[cfg(test)]
mod tests;

use super::model::{End, Model, RunError, RunErrorKind, Word};
use crate::budget::{Budget, LimitHit};
use num_rational::BigRational;
use std::fmt;

pub use line::{Line, Step};
pub(crate) use tree::leaves_of as tree_leaves;
pub use tree::{legal_moves, Move};

/// What `solve` computes (the rules block's `solve` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Two players: win fast, lose slow.
    Moves,
    /// Two players: win, draw or lose.
    Outcome,
    /// Two players: zero-sum score.
    Score,
    /// One player: the most total reward (expected, with random dice).
    Max,
    /// One player: the least total reward (expected, with random dice).
    Min,
    /// One player: the fewest moves to a win, if at most `within`.
    Shortest {
        /// The most moves searched.
        within: u32,
    },
    /// One player: the most moves before the game ends.
    Longest,
    /// Zero players: the turn during which the game ends, up to `limit`.
    Simulate {
        /// The last turn played.
        limit: u64,
    },
}

/// Who wins, or a draw (`outcome`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player (0: the first declared, 1: the second) wins.
    Win(u8),
    /// Neither wins.
    Draw,
}

/// Whether a simulation is proven never to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycle {
    /// A position at the start of a turn repeated: the game never ends.
    Yes,
    /// The game ended.
    No,
    /// The limit was reached before either.
    NotProven,
}

/// A solver's answer, typed by objective.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// `moves`: the moves still to come under perfect play, and the winner
    /// (0: the first declared player).
    Moves {
        /// Moves both players still make.
        total: u32,
        /// The winner.
        winner: u8,
    },
    /// `outcome`.
    Outcome(Outcome),
    /// `score`: the first declared player's score minus the second's.
    Score(i64),
    /// `max score` / `min score` without random dice.
    Total(i64),
    /// `max score` / `min score` with random dice: the exact expectation.
    Expected(BigRational),
    /// `shortest within N`: the fewest moves, or `None` (the answer -1).
    Shortest(Option<u32>),
    /// `longest`: the most moves, or `None` when play can go on forever.
    Longest(Option<u64>),
    /// `simulate limit N`.
    Simulated {
        /// The turn (from 1) during which the game ended; `None` past the
        /// limit or in a cycle (the answer -1).
        turn: Option<u64>,
        /// Whether a cycle was proven.
        cycle: Cycle,
        /// What `print` printed along the run, in order: turns 1 to the
        /// ending turn, or to turn N past the limit (a proven cycle's
        /// lines repeated up to it). Empty when the turn never prints.
        printed: Vec<i64>,
    },
}

impl Value {
    /// The judge's `answer` as an integer, where it is one (`moves`' total,
    /// `score`, a total, `shortest`/`longest`/`simulate` with -1 for none).
    pub fn answer(&self) -> Option<i64> {
        let minus = |x: Option<i64>| x.unwrap_or(-1);
        match self {
            Value::Moves { total, .. } => Some(i64::from(*total)),
            Value::Outcome(_) | Value::Expected(_) => None,
            Value::Score(v) | Value::Total(v) => Some(*v),
            Value::Shortest(s) => Some(minus(s.map(i64::from))),
            Value::Longest(l) => Some(minus(l.and_then(|x| i64::try_from(x).ok()))),
            Value::Simulated { turn, .. } => Some(minus(turn.and_then(|x| i64::try_from(x).ok()))),
        }
    }
}

/// Why a solve gave no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// A budget limit (states, time, memory, Ctrl-C).
    Limit(LimitHit),
    /// The rules program failed, or the game cannot end where the
    /// objective needs an end ([`RunErrorKind::Endless`];
    /// its span is the default one: the caller puts the statement's).
    Run(RunError),
    /// Under `moves`, a game ended in a draw or `stop` (only wins and losses
    /// count there).
    NoWinner(End),
    /// The model does something the objective cannot take: a die under a
    /// two-player or zero-player objective, a choice in a zero-player game,
    /// the wrong number of players.
    Unsupported(&'static str),
}

impl From<LimitHit> for SolveError {
    fn from(l: LimitHit) -> Self {
        SolveError::Limit(l)
    }
}

impl From<RunError> for SolveError {
    fn from(e: RunError) -> Self {
        match e.kind {
            // A turn of more moves than `--memory` holds: the limit's stop.
            RunErrorKind::Memory { limit, needed } => {
                SolveError::Limit(LimitHit::Memory { limit, needed })
            }
            _ => SolveError::Run(e),
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Limit(l) => {
                let words = crate::games::limit_diag(*l, crate::syntax::ast::Span::default());
                f.write_str(&words.message)
            }
            SolveError::Run(e) => f.write_str(&e.message),
            SolveError::NoWinner(end) => write!(
                f,
                "the game ended with `{}` under `solve moves`, which needs a winner",
                match end {
                    End::Draw => "draw",
                    End::Stop => "stop",
                    End::Win => "win",
                    End::Lose => "lose",
                }
            ),
            SolveError::Unsupported(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for SolveError {}

/// The value of one legal move at the root (`analyze`), in move order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move's words.
    pub words: Vec<Word>,
    /// Its value, as the objective's answer after that move is made (the
    /// move itself counted: `moves`' total includes it).
    pub value: Value,
}

fn need_players<M: Model>(model: &M, players: &[u8]) -> Result<(), SolveError> {
    if players.contains(&model.players()) {
        Ok(())
    } else {
        Err(SolveError::Unsupported(
            "the objective does not fit the game's number of players",
        ))
    }
}

/// Solve `objective` from `start`.
pub fn solve<M: Model>(
    model: &M,
    start: &M::State,
    objective: &Objective,
    budget: &Budget,
) -> Result<Value, SolveError> {
    super::run::with_turn_memory(budget.memory_bytes(), || {
        solve_here(model, start, objective, budget)
    })
}

fn solve_here<M: Model>(
    model: &M,
    start: &M::State,
    objective: &Objective,
    budget: &Budget,
) -> Result<Value, SolveError> {
    match objective {
        Objective::Moves => {
            need_players(model, &[2])?;
            match model.slim(start) {
                Some((m, t)) => alphabeta::value::<moves::Moves, _>(&*m, &t, budget),
                None => alphabeta::value::<moves::Moves, M>(model, start, budget),
            }
        }
        Objective::Outcome => {
            need_players(model, &[2])?;
            match model.slim(start) {
                Some((m, t)) => alphabeta::value::<outcome::Outcome, _>(&*m, &t, budget),
                None => alphabeta::value::<outcome::Outcome, M>(model, start, budget),
            }
        }
        Objective::Score => {
            need_players(model, &[2])?;
            match model.slim(start) {
                Some((m, t)) => alphabeta::value::<score::Score, _>(&*m, &t, budget),
                None => alphabeta::value::<score::Score, M>(model, start, budget),
            }
        }
        Objective::Max | Objective::Min => {
            need_players(model, &[1])?;
            best::value(model, start, *objective == Objective::Max, budget)
        }
        Objective::Shortest { within } => {
            need_players(model, &[1])?;
            Ok(shortest::solve(model, start, *within, None, budget)?.0)
        }
        Objective::Longest => {
            need_players(model, &[1])?;
            longest::value(model, start, budget)
        }
        Objective::Simulate { limit } => {
            need_players(model, &[0])?;
            Ok(simulate::run(model, start, *limit, None, budget)?.0)
        }
    }
}

/// The principal line from `start`: at most `max_moves` moves (turns, for
/// `simulate`), each the first in move order among the best.
pub fn line<M: Model>(
    model: &M,
    start: &M::State,
    objective: &Objective,
    max_moves: u64,
    budget: &Budget,
) -> Result<Line<M::State>, SolveError> {
    super::run::with_turn_memory(budget.memory_bytes(), || {
        line_here(model, start, objective, max_moves, budget)
    })
}

fn line_here<M: Model>(
    model: &M,
    start: &M::State,
    objective: &Objective,
    max_moves: u64,
    budget: &Budget,
) -> Result<Line<M::State>, SolveError> {
    match objective {
        Objective::Moves => {
            need_players(model, &[2])?;
            alphabeta::line::<moves::Moves, M>(model, start, max_moves, budget)
        }
        Objective::Outcome => {
            need_players(model, &[2])?;
            alphabeta::line::<outcome::Outcome, M>(model, start, max_moves, budget)
        }
        Objective::Score => {
            need_players(model, &[2])?;
            alphabeta::line::<score::Score, M>(model, start, max_moves, budget)
        }
        Objective::Max | Objective::Min => {
            need_players(model, &[1])?;
            best::line(
                model,
                start,
                *objective == Objective::Max,
                max_moves,
                budget,
            )
        }
        Objective::Shortest { within } => {
            need_players(model, &[1])?;
            Ok(shortest::solve(model, start, *within, Some(max_moves), budget)?.1)
        }
        Objective::Longest => {
            need_players(model, &[1])?;
            longest::line(model, start, max_moves, budget)
        }
        Objective::Simulate { limit } => {
            need_players(model, &[0])?;
            Ok(simulate::run(model, start, *limit, Some(max_moves), budget)?.1)
        }
    }
}

/// The value of every legal move at `start`, in move order (`analyze`).
/// Zero-player games have no moves (an empty list); a die before the first
/// choice is [`SolveError::Unsupported`].
pub fn analyze<M: Model>(
    model: &M,
    start: &M::State,
    objective: &Objective,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    super::run::with_turn_memory(budget.memory_bytes(), || {
        analyze_here(model, start, objective, budget)
    })
}

fn analyze_here<M: Model>(
    model: &M,
    start: &M::State,
    objective: &Objective,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    match objective {
        Objective::Moves => {
            need_players(model, &[2])?;
            alphabeta::analyze::<moves::Moves, M>(model, start, budget)
        }
        Objective::Outcome => {
            need_players(model, &[2])?;
            alphabeta::analyze::<outcome::Outcome, M>(model, start, budget)
        }
        Objective::Score => {
            need_players(model, &[2])?;
            alphabeta::analyze::<score::Score, M>(model, start, budget)
        }
        Objective::Max | Objective::Min => {
            need_players(model, &[1])?;
            best::analyze(model, start, *objective == Objective::Max, budget)
        }
        Objective::Shortest { within } => {
            need_players(model, &[1])?;
            shortest::analyze(model, start, *within, budget)
        }
        Objective::Longest => {
            need_players(model, &[1])?;
            longest::analyze(model, start, budget)
        }
        Objective::Simulate { .. } => {
            need_players(model, &[0])?;
            Ok(Vec::new())
        }
    }
}
