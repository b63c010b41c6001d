//! What every footholds solver answers and how it fails: the [`Value`] of a
//! position under optimal play, its order ([`better`]) and its step to the
//! parent ([`parent_view`]), and [`SearchError`]. A leaf module: the fast
//! solver ([`super::search`], [`super::engine`]) and the plain
//! [`super::reference`] both build on it without depending on each other.

use std::fmt;

use crate::budget::LimitHit;

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

/// Whether `x` is better than `y` for the side to move: a win beats a loss,
/// a faster win beats a slower one and a slower loss beats a faster one.
pub(crate) fn better(x: Value, y: Value) -> bool {
    match (x.mover_wins, y.mover_wins) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => x.moves < y.moves,
        (false, false) => x.moves > y.moves,
    }
}

/// The value of a child position seen from its parent's mover, counting the
/// move that led there.
pub(crate) fn parent_view(child: Value) -> Value {
    Value {
        mover_wins: !child.mover_wins,
        moves: child.moves.saturating_add(1),
    }
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
            SearchError::Limit(l) => {
                let words = crate::games::limit_diag(*l, crate::syntax::ast::Span::default());
                f.write_str(&words.message)
            }
            SearchError::TooLarge { footholds, max } => write!(
                f,
                "{footholds} footholds are connected to the players; the solver handles at most {max}"
            ),
        }
    }
}

impl std::error::Error for SearchError {}
