//! One scenario's instance of a rules game — the board's size, the params,
//! the pieces present, the track and the dice — and the flat layout of its
//! state: every state variable a small integer at a fixed slot (a list: its
//! length, then its items), then the mover and the known dice used.

use super::program::{Dom, DomSpec, Kind, Program, Val};
use crate::games::yut::track::Track;
use std::sync::Arc;

/// The dice of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dice {
    /// No dice declared.
    None,
    /// `dice 1 2 3`: the rolls in order.
    Known(Vec<i64>),
    /// `dice uniform LO..HI x N`.
    Uniform(i64, i64, u64),
}

/// A position: the flat state (what the key packs) and the moves made so
/// far (part of the position only for a program that reads `moves`).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Every slot (see [`Layout`]).
    pub v: Vec<i64>,
    /// Completed moves (turns, for zero players) since the start.
    pub moves: u32,
    /// Set only on a position a `play` or `step` of a scenario reached by
    /// a move that ended the game: how it ended, seen by the player to move
    /// now. Its turn is then [`super::model::Turn::Ended`], so every query
    /// answers the ended game. The solvers never set it (a move's end is
    /// its leaf's).
    pub over: Option<super::model::End>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            v: self.v.clone(),
            moves: self.moves,
            over: self.over,
        }
    }

    /// A copy into `self`'s own slots (no allocation when they have room:
    /// the searches copy positions into the ones they are done with).
    fn clone_from(&mut self, source: &State) {
        self.v.clone_from(&source.v);
        self.moves = source.moves;
        self.over = source.over;
    }
}

/// Where each state variable lives in [`State::v`].
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Each `var`'s first slot and domain.
    pub vars: Vec<(usize, Dom)>,
    /// Each layer's first slot (cell `i` at `+ i * width`) and domain.
    pub layers: Vec<(usize, Dom)>,
    /// Each field's first slot (piece `p` at `+ p * width`) and domain.
    pub fields: Vec<(usize, Dom)>,
    /// The mover's slot.
    pub mover: usize,
    /// The known dice used so far.
    pub dice: usize,
    /// Slots in all.
    pub len: usize,
}

/// The slots a value of this domain takes.
pub fn width(d: &Dom) -> usize {
    d.list_max.map_or(1, |n| n + 1)
}

/// A rules game set up for one scenario.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The compiled program.
    pub prog: Arc<Program>,
    /// The grid's rows and columns (0 without a grid).
    pub rows: i64,
    /// See `rows`.
    pub cols: i64,
    /// The params' values.
    pub params: Vec<Val>,
    /// Every piece's name as words print it (named, then numbered).
    pub pieces: Vec<String>,
    /// Whether each piece is present.
    pub present: Vec<bool>,
    /// The track (`board track` games).
    pub track: Option<Arc<Track>>,
    /// The dice.
    pub dice: Dice,
    /// Where coordinates count from in move words (0 or 1).
    pub origin: i64,
    /// The layout of the state.
    pub layout: Layout,
    /// The pieces of each `interchangeable` range, by index (the key sorts
    /// their fields: see `key::canonical`).
    pub groups: Vec<std::ops::Range<usize>>,
    /// The key's packing, worked out on first use (after the setup, which
    /// packs no key): see [`Instance::key_plan`].
    pub key_plan: std::sync::OnceLock<Arc<super::key::Plans>>,
    /// The turn compiled for the searches' expansions, on first use (after
    /// the setup, which expands no turn): see `run::Code`.
    pub(crate) turn_code: std::sync::OnceLock<Option<Arc<super::run::Code>>>,
}

impl Instance {
    /// The key's packing plans (`key::pack`, `key::canonical`), made from
    /// the layout, the written state and the groups on the first call.
    pub fn key_plan(&self) -> &super::key::Plans {
        self.key_plan
            .get_or_init(|| Arc::new(super::key::Plans::of(self)))
    }

    /// The lowest and highest value of a scalar of `kind` (integers: the
    /// spec's own range).
    pub fn kind_range(&self, kind: Kind, range: Option<(i64, i64)>) -> (i64, i64) {
        match kind {
            Kind::Int => range.unwrap_or((i64::MIN, i64::MAX)),
            Kind::Bool => (0, 1),
            Kind::Cell => (-1, self.rows * self.cols - 1),
            Kind::Dir => (0, 8),
            Kind::Player => (-1, self.prog.decls.player_count as i64 - 1),
            Kind::Piece => (-1, self.pieces.len() as i64 - 1),
            Kind::Enum(i) => (
                0,
                self.prog
                    .decls
                    .enums
                    .get(i)
                    .map_or(0, |e| e.len() as i64 - 1),
            ),
            Kind::Square => (0, self.track.as_ref().map_or(1, |t| t.len() as i64 - 1)),
            Kind::List => (0, 0),
        }
    }

    /// A domain for this instance from its spec (bounds already evaluated).
    pub fn dom(&self, spec: &DomSpec, range: Option<(i64, i64)>, list_max: Option<usize>) -> Dom {
        let (lo, hi) = self.kind_range(spec.kind, range);
        Dom {
            kind: spec.kind,
            lo,
            hi,
            list_max,
        }
    }

    /// A state variable's default (`false`, the range's low end, the first
    /// name, `off`, `none`, `nobody`, the empty list).
    pub fn default_of(&self, d: &Dom) -> i64 {
        match d.kind {
            Kind::Int => d.lo,
            Kind::Cell | Kind::Player | Kind::Piece => -1,
            Kind::Dir => 8,
            _ => 0,
        }
    }

    /// The word of a scalar of `kind` (a move's name, `show`).
    pub fn word(&self, kind: Kind, v: i64) -> String {
        match kind {
            Kind::Int | Kind::List => v.to_string(),
            Kind::Bool => (if v != 0 { "true" } else { "false" }).into(),
            Kind::Cell if v < 0 => "off".into(),
            Kind::Cell => format!(
                "({}, {})",
                v / self.cols.max(1) + self.origin,
                v % self.cols.max(1) + self.origin
            ),
            Kind::Dir => super::check::DIRECTIONS
                .get(v as usize)
                .unwrap_or(&"none")
                .to_string(),
            Kind::Player => self
                .prog
                .decls
                .players
                .get(v as usize)
                .cloned()
                .unwrap_or_else(|| "nobody".into()),
            Kind::Piece => self
                .pieces
                .get(v as usize)
                .cloned()
                .unwrap_or_else(|| "nobody".into()),
            Kind::Enum(i) => self
                .prog
                .decls
                .enums
                .get(i)
                .and_then(|e| e.get(v as usize))
                .cloned()
                .unwrap_or_default(),
            Kind::Square => self
                .track
                .as_ref()
                .map_or(v.to_string(), |t| t.name(v as usize).to_string()),
        }
    }
}
