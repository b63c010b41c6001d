//! The rules of "New game 2" (BOJ 17837) and its variant "New game"
//! (BOJ 17780): the board, the pieces, and playing turns.
//!
//! [`Sim`] is the fast simulation. Each cell holds its stack as a `Vec<u32>`
//! (piece indices, bottom to top); each piece knows its cell, direction and
//! height, so a move costs O(pieces moved) and never scans the board or the
//! other pieces. Moves are looked up in a table built once per board that
//! already resolves the blue / off-board bounce. The position is hashed
//! incrementally (Zobrist-style, keyed by piece, cell, direction and height),
//! which the cycle detection in [`super::solve`] uses.

use std::fmt;
use std::sync::Arc;

/// The colour of a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Colour {
    /// `0`: move there, group on top in order.
    White,
    /// `1`: move there, group reversed, then on top.
    Red,
    /// `2`: bounce (reverse the mover's direction, try one step the other way).
    Blue,
}

impl Colour {
    /// The judge's code: 0 = white, 1 = red, 2 = blue.
    pub fn from_judge(code: u64) -> Option<Colour> {
        match code {
            0 => Some(Colour::White),
            1 => Some(Colour::Red),
            2 => Some(Colour::Blue),
            _ => None,
        }
    }
}

/// A piece's direction. right = (0,+1), left = (0,-1), up = (-1,0), down = (+1,0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Dir {
    /// Column + 1.
    Right,
    /// Column - 1.
    Left,
    /// Row - 1.
    Up,
    /// Row + 1.
    Down,
}

impl Dir {
    /// The opposite direction.
    pub fn reversed(self) -> Dir {
        match self {
            Dir::Right => Dir::Left,
            Dir::Left => Dir::Right,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
        }
    }

    /// (row delta, column delta).
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Right => (0, 1),
            Dir::Left => (0, -1),
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
        }
    }

    /// The judge's code: 1 = right, 2 = left, 3 = up, 4 = down.
    pub fn from_judge(code: u64) -> Option<Dir> {
        match code {
            1 => Some(Dir::Right),
            2 => Some(Dir::Left),
            3 => Some(Dir::Up),
            4 => Some(Dir::Down),
            _ => None,
        }
    }

    /// 2-bit code used inside [`Sim`]; `code ^ 1` is the reverse.
    fn code(self) -> u32 {
        match self {
            Dir::Right => 0,
            Dir::Left => 1,
            Dir::Up => 2,
            Dir::Down => 3,
        }
    }

    fn from_code(code: u32) -> Dir {
        match code & 3 {
            0 => Dir::Right,
            1 => Dir::Left,
            2 => Dir::Up,
            _ => Dir::Down,
        }
    }
}

/// Which pieces may move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Mover {
    /// BOJ 17837: any piece moves, carrying the pieces above it.
    Any,
    /// BOJ 17780: only a piece at the bottom of its stack moves, carrying the
    /// whole stack; a piece with another under it does nothing on its move.
    Bottom,
}

/// The largest board (rows × cols) the simulation accepts.
pub const MAX_CELLS: usize = 1 << 22;
/// The largest number of pieces the simulation accepts.
pub const MAX_PIECES: usize = 1 << 24;

/// A scenario: board, pieces and rule options.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Cell colours, row-major, `rows * cols` of them.
    pub colours: Vec<Colour>,
    /// Index 0 = piece 1: (row, col) 0-based, and direction. Distinct cells.
    pub pieces: Vec<((usize, usize), Dir)>,
    /// The game ends when a cell holds at least this many pieces (≥ 2).
    pub stack: usize,
    /// Which pieces may move.
    pub mover: Mover,
}

/// Why a [`Setup`] is not a well-formed scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// rows × cols exceeds [`MAX_CELLS`] (or overflows).
    BoardTooLarge {
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
    /// `colours` does not hold rows × cols entries.
    ColourCount {
        /// rows × cols.
        expected: usize,
        /// `colours.len()`.
        found: usize,
    },
    /// More than [`MAX_PIECES`] pieces.
    TooManyPieces {
        /// Pieces given.
        count: usize,
    },
    /// A piece stands outside the board (piece numbered from 1).
    PieceOffBoard {
        /// Piece number (1-based).
        piece: usize,
        /// Its row (0-based).
        row: usize,
        /// Its column (0-based).
        col: usize,
    },
    /// Two pieces start on the same cell (numbers from 1).
    SharedCell {
        /// The earlier piece.
        first: usize,
        /// The later piece.
        second: usize,
    },
    /// `stack` is below 2.
    StackTooLow {
        /// The value given.
        stack: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BoardTooLarge { rows, cols } => write!(
                f,
                "a {rows}×{cols} board is too large (at most {MAX_CELLS} cells)"
            ),
            SetupError::ColourCount { expected, found } => {
                write!(f, "the board needs {expected} cell colours, found {found}")
            }
            SetupError::TooManyPieces { count } => {
                write!(f, "{count} pieces is too many (at most {MAX_PIECES})")
            }
            SetupError::PieceOffBoard { piece, row, col } => {
                write!(f, "piece {piece} at ({row}, {col}) is off the board")
            }
            SetupError::SharedCell { first, second } => {
                write!(f, "pieces {first} and {second} start on the same cell")
            }
            SetupError::StackTooLow { stack } => {
                write!(f, "stack must be at least 2, got {stack}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// Check the caller's guarantees: board size, colour count, pieces on the
    /// board on distinct cells, `stack >= 2`.
    pub fn validate(&self) -> Result<(), SetupError> {
        let cells = match self.rows.checked_mul(self.cols) {
            Some(n) if n <= MAX_CELLS => n,
            _ => {
                return Err(SetupError::BoardTooLarge {
                    rows: self.rows,
                    cols: self.cols,
                })
            }
        };
        if self.colours.len() != cells {
            return Err(SetupError::ColourCount {
                expected: cells,
                found: self.colours.len(),
            });
        }
        if self.pieces.len() > MAX_PIECES {
            return Err(SetupError::TooManyPieces {
                count: self.pieces.len(),
            });
        }
        if self.stack < 2 {
            return Err(SetupError::StackTooLow { stack: self.stack });
        }
        let mut owner = vec![u32::MAX; cells];
        for (i, &((row, col), _)) in self.pieces.iter().enumerate() {
            if row >= self.rows || col >= self.cols {
                return Err(SetupError::PieceOffBoard {
                    piece: i + 1,
                    row,
                    col,
                });
            }
            let slot = &mut owner[row * self.cols + col];
            if *slot != u32::MAX {
                return Err(SetupError::SharedCell {
                    first: *slot as usize + 1,
                    second: i + 1,
                });
            }
            *slot = i as u32;
        }
        Ok(())
    }

    /// The board actually played on: (rows, cols), or (0, 0) when rows × cols
    /// exceeds [`MAX_CELLS`] (then every piece is out of play).
    pub fn play_dims(&self) -> (usize, usize) {
        match self.rows.checked_mul(self.cols) {
            Some(n) if n <= MAX_CELLS => (self.rows, self.cols),
            _ => (0, 0),
        }
    }

    /// The colour of (r, c) on the played board, `None` off it. A cell
    /// missing from a too-short `colours` counts as white.
    pub fn colour_at(&self, r: usize, c: usize) -> Option<Colour> {
        let (rows, cols) = self.play_dims();
        if r < rows && c < cols {
            Some(
                self.colours
                    .get(r * cols + c)
                    .copied()
                    .unwrap_or(Colour::White),
            )
        } else {
            None
        }
    }
}

/// Per-piece state marker: the piece is out of play (its cell was off the
/// board in an invalid setup). Never produced by a valid setup.
const OUT: u64 = u64::MAX;
/// Flag in a move-table entry: the target cell is red.
const RED: u32 = 1 << 31;

/// The immutable part of a game: the board and its move table.
struct Board {
    rows: usize,
    cols: usize,
    /// Indexed by `cell << 2 | dir`: the piece's new `cell << 2 | dir` after
    /// the bounce rule (same cell = stays put), `| RED` if the target is red.
    table: Vec<u32>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {{ rows: {}, cols: {} }}", self.rows, self.cols)
    }
}

impl Board {
    fn new(setup: &Setup) -> Board {
        let (rows, cols) = setup.play_dims();
        let cells = rows * cols;
        let mut table = Vec::with_capacity(cells * 4);
        // The neighbour of (r, c) in direction d, if it is on the board and not blue.
        let open = |r: usize, c: usize, d: Dir| -> Option<(usize, Colour)> {
            let (dr, dc) = d.delta();
            let nr = r.checked_add_signed(dr)?;
            let nc = c.checked_add_signed(dc)?;
            match setup.colour_at(nr, nc)? {
                Colour::Blue => None,
                colour => Some((nr * cols + nc, colour)),
            }
        };
        for r in 0..rows {
            for c in 0..cols {
                let cell = (r * cols + c) as u32;
                for code in 0..4 {
                    let d = Dir::from_code(code);
                    let entry = match open(r, c, d) {
                        Some((t, colour)) => (t as u32) << 2 | code | red_flag(colour),
                        None => match open(r, c, d.reversed()) {
                            Some((t, colour)) => (t as u32) << 2 | (code ^ 1) | red_flag(colour),
                            None => cell << 2 | (code ^ 1),
                        },
                    };
                    table.push(entry);
                }
            }
        }
        Board { rows, cols, table }
    }
}

fn red_flag(colour: Colour) -> u32 {
    if colour == Colour::Red {
        RED
    } else {
        0
    }
}

/// The Zobrist-style key of one piece in one state (`cell << 2 | dir` in the
/// high half, height in the low half). A position's hash is the XOR of the
/// keys of its pieces.
#[inline]
fn key(piece: u32, state: u64) -> u64 {
    let a = state ^ 0x243f_6a88_85a3_08d3;
    let b = (u64::from(piece) ^ 0x1319_8a2e_0370_7344).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let m = u128::from(a) * u128::from(b);
    (m >> 64) as u64 ^ m as u64
}

#[inline]
fn pack(pos: u32, height: usize) -> u64 {
    u64::from(pos) << 32 | height as u64
}

/// Mutable borrows of two distinct elements.
#[inline]
fn two_mut<T>(v: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    debug_assert_ne!(a, b);
    if a < b {
        let (lo, hi) = v.split_at_mut(b);
        (&mut lo[a], &mut hi[0])
    } else {
        let (lo, hi) = v.split_at_mut(a);
        (&mut hi[0], &mut lo[b])
    }
}

/// A running game: per-cell stacks, each piece's cell, direction and height,
/// turns played, and whether (when) it ended.
#[derive(Clone, Debug)]
pub struct Sim {
    board: Arc<Board>,
    /// Per cell (row-major): piece indices, bottom to top.
    stacks: Vec<Vec<u32>>,
    /// Per piece: `(cell << 2 | dir) << 32 | height`, or [`OUT`].
    state: Vec<u64>,
    /// XOR of [`key`] over the pieces in play.
    hash: u64,
    stack: usize,
    mover: Mover,
    turns: u64,
    ended_on: Option<u64>,
    moved: u64,
}

impl Sim {
    /// The starting position of `setup`.
    ///
    /// Meant for setups that pass [`Setup::validate`]; anything else is
    /// played without panicking: a board over [`MAX_CELLS`] becomes empty,
    /// missing colours are white, pieces off the board are out of play
    /// (never move, on no stack), pieces sharing a cell stack in index order,
    /// and if some cell already holds `stack` pieces the game has ended on
    /// turn 0.
    pub fn new(setup: &Setup) -> Sim {
        let board = Board::new(setup);
        let cells = board.rows * board.cols;
        let mut stacks = vec![Vec::new(); cells];
        let mut state = Vec::with_capacity(setup.pieces.len().min(MAX_PIECES));
        let mut hash = 0;
        for (i, &((r, c), d)) in setup.pieces.iter().take(MAX_PIECES).enumerate() {
            if r < board.rows && c < board.cols {
                let cell = r * board.cols + c;
                let s = pack((cell as u32) << 2 | d.code(), stacks[cell].len());
                stacks[cell].push(i as u32);
                hash ^= key(i as u32, s);
                state.push(s);
            } else {
                state.push(OUT);
            }
        }
        let ended_on = stacks.iter().any(|s| s.len() >= setup.stack).then_some(0);
        Sim {
            board: Arc::new(board),
            stacks,
            state,
            hash,
            stack: setup.stack,
            mover: setup.mover,
            turns: 0,
            ended_on,
            moved: 0,
        }
    }

    /// Play one full turn (pieces 1..K in order), stopping the moment a cell
    /// holds >= stack pieces. Returns true if the game ended during this
    /// turn. Calling it after the end does nothing and returns false.
    pub fn step_turn(&mut self) -> bool {
        if self.ended_on.is_some() {
            return false;
        }
        self.turns += 1;
        for p in 0..self.state.len() {
            if self.act(p as u32) {
                self.ended_on = Some(self.turns);
                return true;
            }
        }
        false
    }

    /// Piece `p`'s move. Returns true if it made a cell reach `stack`.
    #[inline]
    fn act(&mut self, p: u32) -> bool {
        let s = self.state[p as usize];
        if s == OUT {
            return false;
        }
        let pos = (s >> 32) as u32;
        let height = s as u32 as usize;
        if self.mover == Mover::Bottom && height != 0 {
            return false;
        }
        let entry = self.board.table[pos as usize];
        let new_pos = entry & !RED;
        let from = (pos >> 2) as usize;
        let to = (new_pos >> 2) as usize;
        if new_pos & 3 != pos & 3 {
            // The bounce reversed the mover's direction.
            let ns = pack(pos ^ 1, height);
            self.hash ^= key(p, s) ^ key(p, ns);
            self.state[p as usize] = ns;
        }
        if from == to {
            return false;
        }
        let (src, dst) = two_mut(&mut self.stacks, from, to);
        let base = dst.len();
        dst.extend_from_slice(&src[height..]);
        src.truncate(height);
        let group = &mut dst[base..];
        if entry & RED != 0 {
            group.reverse();
        }
        let cell_bits = (to as u32) << 2;
        for (i, &q) in group.iter().enumerate() {
            let old = self.state[q as usize];
            let ns = pack(cell_bits | ((old >> 32) as u32 & 3), base + i);
            self.hash ^= key(q, old) ^ key(q, ns);
            self.state[q as usize] = ns;
        }
        self.moved += group.len() as u64;
        dst.len() >= self.stack
    }

    /// Turns played (the ending turn counts).
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// The turn during which the game ended (0 if it started ended).
    pub fn ended_on(&self) -> Option<u64> {
        self.ended_on
    }

    /// Piece indices (0-based) on (r, c), bottom to top; empty off the board.
    pub fn stack_at(&self, r: usize, c: usize) -> &[u32] {
        if r < self.board.rows && c < self.board.cols {
            &self.stacks[r * self.board.cols + c]
        } else {
            &[]
        }
    }

    /// Piece `i`'s (0-based) cell and direction, `None` if there is no such
    /// piece or it is out of play.
    pub fn try_piece(&self, i: usize) -> Option<((usize, usize), Dir)> {
        let s = *self.state.get(i)?;
        if s == OUT {
            return None;
        }
        let pos = (s >> 32) as u32;
        let cell = (pos >> 2) as usize;
        let cols = self.board.cols.max(1);
        Some(((cell / cols, cell % cols), Dir::from_code(pos)))
    }

    /// Piece `i`'s (0-based) cell and direction. For an index out of range or
    /// a piece out of play (invalid setups only) it answers
    /// `((usize::MAX, usize::MAX), Dir::Right)` rather than panicking.
    pub fn piece(&self, i: usize) -> ((usize, usize), Dir) {
        self.try_piece(i)
            .unwrap_or(((usize::MAX, usize::MAX), Dir::Right))
    }

    /// Piece `i`'s height in its stack (0 = bottom), if in play.
    pub fn height(&self, i: usize) -> Option<usize> {
        match self.state.get(i) {
            Some(&s) if s != OUT => Some(s as u32 as usize),
            _ => None,
        }
    }

    /// Number of pieces (K).
    pub fn piece_count(&self) -> usize {
        self.state.len()
    }

    /// Board rows played on.
    pub fn rows(&self) -> usize {
        self.board.rows
    }

    /// Board columns played on.
    pub fn cols(&self) -> usize {
        self.board.cols
    }

    /// The stack height that ends the game.
    pub fn stack_rule(&self) -> usize {
        self.stack
    }

    /// Which pieces may move.
    pub fn mover(&self) -> Mover {
        self.mover
    }

    /// Total pieces carried by moves so far (a mover and everything it took
    /// along each count once per move).
    pub fn pieces_moved(&self) -> u64 {
        self.moved
    }

    /// A 64-bit hash of the position (stacks with order, directions),
    /// maintained incrementally. Equal positions have equal hashes.
    pub fn position_hash(&self) -> u64 {
        self.hash
    }

    /// Whether two sims of the same setup are in exactly the same position
    /// (stacks with order and all directions; turn counts are ignored).
    pub fn same_position(&self, other: &Sim) -> bool {
        self.hash == other.hash && self.state == other.state
    }

    /// A copy of the position for [`Sim::matches_snapshot`].
    pub(crate) fn snapshot_into(&self, out: &mut Snapshot) {
        out.hash = self.hash;
        out.state.clone_from(&self.state);
    }

    /// Whether the position equals a snapshot (exact, hash first).
    pub(crate) fn matches_snapshot(&self, snap: &Snapshot) -> bool {
        self.hash == snap.hash && self.state == snap.state
    }
}

/// A saved position (per-piece state and hash), O(K) memory.
#[derive(Clone, Debug, Default)]
pub(crate) struct Snapshot {
    hash: u64,
    state: Vec<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

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
