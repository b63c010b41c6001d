//! The rules of "New game 2" (BOJ 17837) and its variant "New game"
//! (BOJ 17780): the board, the pieces, and playing turns.
//!
//! The scenario's vocabulary ([`Colour`], [`Dir`], [`Mover`], [`Setup`])
//! lives in `super::setup` and is re-exported here. [`Sim`] is the fast
//! simulation, over two layouts of the stacks (`FlatSim`, `TreeSim`):
//! a move puts the mover's group on top of the target without scanning
//! the board or the other pieces.

use super::cells::OUT;
use super::clock::step_turn;
pub(crate) use super::flat::FlatSim;
pub use super::setup::{Colour, Dir, Mover, Setup};
pub(crate) use super::tree::TreeSim;
use crate::budget::{Budget, LimitHit};

/// The Zobrist-style key of one piece in one place (cell in the high half,
/// height in the low half) and direction. A position's hash is the XOR of
/// the keys of its pieces.
#[inline]
fn key(piece: u32, place: u64, dir: u8) -> u64 {
    let a = place ^ 0x243f_6a88_85a3_08d3 ^ (u64::from(dir) << 62);
    let b = (u64::from(piece) ^ 0x1319_8a2e_0370_7344).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let m = u128::from(a) * u128::from(b);
    (m >> 64) as u64 ^ m as u64
}

/// The largest `stack` rule played with the flat layout; above it, stacks
/// may grow tall and the treap layout keeps every move O(log K).
pub(crate) const FLAT_MAX_STACK: usize = 64;

/// Which layout a [`Sim`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)] // not public API: for the tests and benchmarks only
pub enum Layout {
    /// `Vec` stacks: a move costs the pieces it carries (fastest when the
    /// `stack` rule keeps stacks short).
    Flat,
    /// Treap stacks: a move costs expected O(log K), whatever it carries.
    Tree,
}

/// A running game: per-cell stacks, each piece's cell, direction and
/// height, turns played, and whether (when) it ended.
///
/// Two layouts with the same behaviour: `FlatSim` when the `stack` rule is
/// at most `FLAT_MAX_STACK` (no stack can be taller, so a move is O(1)),
/// `TreeSim` otherwise (a move splices its group in expected O(log K), so
/// a turn never costs the stack heights).
#[derive(Clone, Debug)]
pub enum Sim {
    /// Short stacks.
    Flat(FlatSim),
    /// Tall stacks.
    Tree(TreeSim),
}

macro_rules! each {
    ($sim:expr, $s:ident => $e:expr) => {
        match $sim {
            Sim::Flat($s) => $e,
            Sim::Tree($s) => $e,
        }
    };
}

impl Sim {
    /// The starting position of `setup`, in the layout its `stack` rule
    /// calls for. See `FlatSim::new` for setups that fail
    /// `Setup::validate` (they are played without panicking).
    pub fn new(setup: &Setup) -> Sim {
        Sim::with_layout(setup, Sim::layout_for(setup))
    }

    /// The layout [`Sim::new`] picks for `setup`.
    pub(crate) fn layout_for(setup: &Setup) -> Layout {
        if setup.stack <= FLAT_MAX_STACK {
            Layout::Flat
        } else {
            Layout::Tree
        }
    }

    /// The starting position of `setup` in a given layout (tests, benches).
    #[doc(hidden)]
    pub fn with_layout(setup: &Setup, layout: Layout) -> Sim {
        match layout {
            Layout::Flat => Sim::Flat(FlatSim::new(setup)),
            Layout::Tree => Sim::Tree(TreeSim::new(setup)),
        }
    }

    /// The bytes a [`Sim`] of `setup` takes, at most, to check against a
    /// memory budget before building one.
    pub(crate) fn bytes_for(setup: &Setup) -> u64 {
        match Sim::layout_for(setup) {
            Layout::Flat => FlatSim::bytes_for(setup),
            Layout::Tree => TreeSim::bytes_for(setup),
        }
    }

    /// The bytes this position takes, about (board, pieces, stacks).
    pub(crate) fn bytes(&self) -> u64 {
        each!(self, s => s.bytes())
    }

    /// Play one full turn (pieces 1..K in order), stopping the moment a cell
    /// holds >= stack pieces. Returns true if the game ended during this
    /// turn. Calling it after the end does nothing and returns false.
    pub fn step_turn(&mut self) -> bool {
        self.step_turn_budget(&Budget::unlimited()).unwrap_or(false)
    }

    /// [`Sim::step_turn`], counting one budget unit per piece that takes its
    /// move (in chunks of 4096, so a turn of many pieces stops on
    /// time). When the budget runs out mid-turn the position is left
    /// part-way through the turn: throw it away.
    pub(crate) fn step_turn_budget(&mut self, budget: &Budget) -> Result<bool, LimitHit> {
        each!(self, s => step_turn(s, budget))
    }

    /// Renumber the current turn: used after skipping whole cycles, when
    /// the position at turn `t` is known to equal this one.
    pub(crate) fn set_turns(&mut self, t: u64) {
        each!(self, s => s.clock.set_turns(t))
    }

    /// Turns played (the ending turn counts).
    pub fn turns(&self) -> u64 {
        each!(self, s => s.clock.turns)
    }

    /// The turn during which the game ended (0 if it started ended).
    pub(crate) fn ended_on(&self) -> Option<u64> {
        each!(self, s => s.clock.ended_on)
    }

    /// Piece indices (0-based) on (r, c), bottom to top; empty off the board.
    pub fn stack_at(&self, r: usize, c: usize) -> Vec<u32> {
        match self {
            Sim::Flat(s) => s.stack_at(r, c).to_vec(),
            Sim::Tree(s) => s.stack_at(r, c),
        }
    }

    /// The number of pieces on (r, c); 0 off the board.
    pub fn stack_len(&self, r: usize, c: usize) -> usize {
        each!(self, s => s.stack_len(r, c))
    }

    /// Piece `i`'s (0-based) cell and direction, `None` if there is no such
    /// piece or it is out of play.
    pub fn try_piece(&self, i: usize) -> Option<((usize, usize), Dir)> {
        each!(self, s => s.try_piece(i))
    }

    /// Piece `i`'s (0-based) cell and direction. For an index out of range or
    /// a piece out of play (invalid setups only) it answers
    /// `((usize::MAX, usize::MAX), Dir::Right)` rather than panicking.
    pub(crate) fn piece(&self, i: usize) -> ((usize, usize), Dir) {
        each!(self, s => s.piece(i))
    }

    /// Piece `i`'s height in its stack (0 = bottom), if in play.
    pub fn height(&self, i: usize) -> Option<usize> {
        each!(self, s => s.height(i))
    }

    /// Number of pieces (K).
    pub(crate) fn piece_count(&self) -> usize {
        each!(self, s => s.piece_count())
    }

    /// Board rows played on.
    pub fn rows(&self) -> usize {
        each!(self, s => s.rows())
    }

    /// Board columns played on.
    pub fn cols(&self) -> usize {
        each!(self, s => s.cols())
    }

    /// The stack height that ends the game.
    pub fn stack_rule(&self) -> usize {
        each!(self, s => s.clock.stack)
    }

    /// Which pieces may move.
    pub fn mover(&self) -> Mover {
        each!(self, s => s.clock.mover)
    }

    /// Total pieces carried by moves so far (a mover and everything it took
    /// along each count once per move).
    pub fn pieces_moved(&self) -> u64 {
        each!(self, s => s.clock.moved)
    }

    /// Each piece's direction code.
    fn dirs(&self) -> &[u8] {
        each!(self, s => s.dirs())
    }

    /// Each piece's place ([`pack`](super::cells::pack)ed cell and height, [`OUT`] when out of
    /// play), into `out`.
    fn places_into(&self, out: &mut Vec<u64>) {
        match self {
            Sim::Flat(s) => out.clone_from(&s.places().to_vec()),
            Sim::Tree(s) => s.places_into(out),
        }
    }

    /// A 64-bit Zobrist-style hash of the position (stacks with order,
    /// directions), computed in O(K). Equal positions have equal hashes.
    pub fn position_hash(&self) -> u64 {
        let mut places = Vec::new();
        self.places_into(&mut places);
        places
            .iter()
            .zip(self.dirs())
            .enumerate()
            .filter(|&(_, (&s, _))| s != OUT)
            .fold(0, |h, (i, (&s, &d))| h ^ key(i as u32, s, d))
    }

    /// Whether two sims of the same setup are in exactly the same position
    /// (stacks with order and all directions; turn counts are ignored).
    pub(crate) fn same_position(&self, other: &Sim) -> bool {
        if self.dirs() != other.dirs() {
            return false;
        }
        match (self, other) {
            (Sim::Flat(a), Sim::Flat(b)) => a.places() == b.places(),
            _ => {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                self.places_into(&mut a);
                other.places_into(&mut b);
                a == b
            }
        }
    }

    /// Save the position for [`Sim::matches_snapshot`].
    pub(crate) fn snapshot_into(&self, out: &mut Snapshot) {
        self.places_into(&mut out.place);
        out.dir.clone_from(&self.dirs().to_vec());
    }

    /// Whether the position equals a snapshot (exact). Directions are
    /// compared first: they cost a `memcmp` and often differ.
    pub(crate) fn matches_snapshot(&self, snap: &Snapshot, scratch: &mut Vec<u64>) -> bool {
        if self.dirs() != snap.dir.as_slice() {
            return false;
        }
        match self {
            Sim::Flat(s) => s.places() == snap.place.as_slice(),
            Sim::Tree(s) => {
                s.places_into(scratch);
                *scratch == snap.place
            }
        }
    }
}

/// A saved position (each piece's place and direction), O(K) memory.
#[derive(Clone, Debug, Default)]
pub(crate) struct Snapshot {
    place: Vec<u64>,
    dir: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stacking::setup::SetupError;

    fn white(rows: usize, cols: usize, pieces: Vec<((usize, usize), Dir)>) -> Setup {
        Setup {
            rows,
            cols,
            colours: vec![Colour::White; rows * cols],
            pieces,
            stack: 4,
            mover: Mover::Any,
        }
    }

    #[test]
    fn white_move_keeps_order_and_red_reverses() {
        // A,B,C on (0,0) by pieces 0 then a carry; check red reversal.
        let mut s = white(
            1,
            4,
            vec![
                ((0, 0), Dir::Right),
                ((0, 1), Dir::Right),
                ((0, 3), Dir::Up),
            ],
        );
        s.colours[2] = Colour::Red;
        s.stack = 10;
        let mut sim = Sim::new(&s);
        sim.step_turn();
        // piece 0 -> (0,1) on top of 1: [1,0]; piece 1 carries 0 onto red (0,2): [0,1];
        // piece 2 faces up off the board, bounces down: off too, stays, now facing down.
        assert_eq!(sim.stack_at(0, 1), &[] as &[u32]);
        assert_eq!(sim.stack_at(0, 2), &[0, 1]);
        assert_eq!(sim.piece(2), ((0, 3), Dir::Down));
        assert_eq!(sim.height(1), Some(1));
    }

    #[test]
    fn blue_bounce_moves_back_and_reverses_direction() {
        let mut s = white(1, 3, vec![((0, 1), Dir::Right)]);
        s.colours[2] = Colour::Blue;
        let mut sim = Sim::new(&s);
        sim.step_turn();
        assert_eq!(sim.piece(0), ((0, 0), Dir::Left));
        sim.step_turn();
        // Off the board to the left: reverse, step right to (0,1).
        assert_eq!(sim.piece(0), ((0, 1), Dir::Right));
    }

    #[test]
    fn bottom_mover_skips_stacked_pieces() {
        let mut s = white(1, 4, vec![((0, 1), Dir::Right), ((0, 0), Dir::Right)]);
        s.mover = Mover::Bottom;
        let mut sim = Sim::new(&s);
        sim.step_turn();
        // piece 0 -> (0,2); piece 1 -> (0,1).
        assert_eq!(sim.stack_at(0, 2), &[0]);
        assert_eq!(sim.stack_at(0, 1), &[1]);
        sim.step_turn();
        // piece 0 -> (0,3); piece 1 -> (0,2).
        sim.step_turn();
        // piece 0 bounces back to (0,2) facing left: [1,0]; piece 1 is the bottom, carries to (0,3).
        assert_eq!(sim.stack_at(0, 3), &[1, 0]);
    }

    #[test]
    fn invalid_setups_do_not_panic() {
        let s = Setup {
            rows: usize::MAX,
            cols: 3,
            colours: vec![],
            pieces: vec![((0, 0), Dir::Up)],
            stack: 0,
            mover: Mover::Any,
        };
        assert!(s.validate().is_err());
        let mut sim = Sim::new(&s);
        assert!(!sim.step_turn());
        assert_eq!(sim.piece(0), ((usize::MAX, usize::MAX), Dir::Right));
        assert_eq!(sim.piece(7), ((usize::MAX, usize::MAX), Dir::Right));
        assert_eq!(sim.stack_at(5, 5), &[] as &[u32]);

        let dup = Setup {
            rows: 2,
            cols: 2,
            colours: vec![Colour::Red],
            pieces: vec![((0, 0), Dir::Up), ((0, 0), Dir::Down), ((9, 9), Dir::Up)],
            stack: 2,
            mover: Mover::Any,
        };
        assert_eq!(
            dup.validate(),
            Err(SetupError::ColourCount {
                expected: 4,
                found: 1
            })
        );
        let sim = Sim::new(&dup);
        assert_eq!(sim.ended_on(), Some(0));
        assert_eq!(sim.stack_at(0, 0), &[0, 1]);
    }
}
