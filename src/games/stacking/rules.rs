//! The rules of "New game 2" (BOJ 17837) and its variant "New game"
//! (BOJ 17780): the board, the pieces, and playing turns.
//!
//! [`Sim`] is the fast simulation. Each occupied cell holds its stack as a
//! `Vec<u32>` (piece indices, bottom to top); each piece knows its cell,
//! direction and height, so a move costs O(pieces moved) and never scans
//! the board or the other pieces.

use std::fmt;

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
    /// is 0 or exceeds [`MAX_CELLS`] (then every piece is out of play).
    pub fn play_dims(&self) -> (usize, usize) {
        match self.rows.checked_mul(self.cols) {
            Some(n) if n > 0 && n <= MAX_CELLS => (self.rows, self.cols),
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

/// Per-piece place marker: the piece is out of play (its cell was off the
/// board in an invalid setup). Never produced by a valid setup.
const OUT: u64 = u64::MAX;

// A padded cell's `info` word: colour in bits 0-1 (the border around the
// board is blue: stepping off the board and onto blue follow the same rule);
// bits 2-5, one per direction code, set when the neighbour that way is blue
// or off the board (so the bounce needs no branch); then either SINGLE with
// the lone piece's index from bit 7 up, or (no SINGLE) `slot + 1` from bit 7
// up, 0 meaning empty.
const COLOUR_BITS: u32 = 3;
const RED: u32 = 1;
const BLUE: u32 = 2;
const BLOCK_SHIFT: u32 = 2;
/// Colour and blocked-direction bits: the part of `info` that never changes.
const STATIC: u32 = 0x3f;
const SINGLE: u32 = 1 << 6;
const SHIFT: u32 = 7;

fn colour_bits(colour: Colour) -> u32 {
    match colour {
        Colour::White => 0,
        Colour::Red => RED,
        Colour::Blue => BLUE,
    }
}

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

#[inline]
fn pack(cell: usize, height: usize) -> u64 {
    (cell as u64) << 32 | height as u64
}

/// Move `src[from..]` onto the top of `dst`. Groups are mostly a few
/// pieces, where an element loop beats a `memmove` call.
#[inline]
fn move_top(src: &mut Vec<u32>, dst: &mut Vec<u32>, from: usize) {
    let group = src.get(from..).unwrap_or(&[]);
    if group.len() <= 8 {
        dst.reserve(group.len());
        for &x in group {
            dst.push(x);
        }
    } else {
        dst.extend_from_slice(group);
    }
    src.truncate(from);
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
///
/// Layout, chosen to keep the working set small (measured on the 200×200,
/// 4000-piece benchmark):
/// - the board is padded with a blue border, so a step is `cell +
///   delta[dir]` with no bounds check and off-board needs no special case;
/// - each padded cell has one `info` word: colour, and its content — empty,
///   a lone piece (stored right there), or the index of a slot;
/// - stacks of two or more pieces live in a pool of `Vec<u32>` slots (at
///   most K in use, reused with their capacity when a stack leaves);
/// - per piece: cell and height packed in a `u64`, direction in a `u8`.
///
/// A lone piece walking onto an empty cell touches only the two `info`
/// words and its own entry; a whole stack walking onto an empty cell hands
/// its slot over; otherwise the moving top is appended to the target slot.
#[derive(Clone, Debug)]
pub struct Sim {
    rows: usize,
    cols: usize,
    /// Padded width, `cols + 2`.
    width: usize,
    /// Cell index step per direction code (wrapping add).
    delta: [usize; 4],
    /// Per padded cell, see the constants above.
    info: Vec<u32>,
    /// Stacks of occupied cells: piece indices, bottom to top.
    slots: Vec<Vec<u32>>,
    /// Unused slots (empty vectors keeping their capacity).
    free: Vec<u32>,
    /// `ids[i] == i`: backing store for the slice of a lone piece.
    ids: Vec<u32>,
    /// Per piece: `padded cell << 32 | height`, or [`OUT`].
    place: Vec<u64>,
    /// Per piece: direction code (0 right, 1 left, 2 up, 3 down).
    dir: Vec<u8>,
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
    /// played without panicking: a board of 0 or over [`MAX_CELLS`] cells is
    /// empty, missing colours are white, pieces off the board are out of
    /// play (never move, on no stack), pieces sharing a cell stack in index
    /// order, and if some cell already holds `stack` pieces (or `stack` is
    /// 0) the game has ended on turn 0.
    pub fn new(setup: &Setup) -> Sim {
        let (rows, cols) = setup.play_dims();
        let width = cols + 2;
        let mut info = vec![BLUE; (rows + 2) * width];
        for r in 0..rows {
            for c in 0..cols {
                let colour = setup.colour_at(r, c).unwrap_or(Colour::White);
                info[(r + 1) * width + c + 1] = colour_bits(colour);
            }
        }
        let delta = [1, usize::MAX, width.wrapping_neg(), width];
        for r in 0..rows {
            for c in 0..cols {
                let cell = (r + 1) * width + c + 1;
                for (code, step) in delta.iter().enumerate() {
                    if info[cell.wrapping_add(*step)] & COLOUR_BITS == BLUE {
                        info[cell] |= 1 << (BLOCK_SHIFT + code as u32);
                    }
                }
            }
        }
        let k = setup.pieces.len().min(MAX_PIECES);
        let mut sim = Sim {
            rows,
            cols,
            width,
            delta,
            info,
            slots: Vec::new(),
            free: Vec::new(),
            ids: (0..k as u32).collect(),
            place: Vec::with_capacity(k),
            dir: Vec::with_capacity(k),
            stack: setup.stack,
            mover: setup.mover,
            turns: 0,
            ended_on: None,
            moved: 0,
        };
        for (i, &((r, c), d)) in setup.pieces.iter().take(k).enumerate() {
            sim.dir.push(d.code() as u8);
            if r < rows && c < cols {
                let cell = (r + 1) * width + c + 1;
                let ci = sim.info[cell];
                let height = if ci & !STATIC == 0 {
                    sim.info[cell] = ci | SINGLE | (i as u32) << SHIFT;
                    0
                } else {
                    let slot = sim.slot_of(cell);
                    sim.slots[slot].push(i as u32);
                    sim.slots[slot].len() - 1
                };
                sim.place.push(pack(cell, height));
                if height + 1 >= setup.stack {
                    sim.ended_on = Some(0);
                }
            } else {
                sim.place.push(OUT);
            }
        }
        if setup.stack == 0 {
            sim.ended_on = Some(0);
        }
        sim
    }

    /// A slot from the pool, empty.
    #[inline]
    fn alloc_slot(&mut self) -> usize {
        match self.free.pop() {
            Some(s) => s as usize,
            None => {
                self.slots.push(Vec::new());
                self.slots.len() - 1
            }
        }
    }

    /// The slot of occupied `cell`, turning a lone piece into a slot first.
    #[inline(always)]
    fn slot_of(&mut self, cell: usize) -> usize {
        let ci = self.info[cell];
        if ci & SINGLE == 0 {
            return (ci >> SHIFT) as usize - 1;
        }
        self.lone_to_slot(cell, ci)
    }

    /// Give the lone piece on `cell` (info word `ci`) a slot.
    #[inline(never)]
    fn lone_to_slot(&mut self, cell: usize, ci: u32) -> usize {
        let slot = self.alloc_slot();
        self.slots[slot].push(ci >> SHIFT);
        self.info[cell] = (ci & STATIC) | (slot as u32 + 1) << SHIFT;
        slot
    }

    /// Play one full turn (pieces 1..K in order), stopping the moment a cell
    /// holds >= stack pieces. Returns true if the game ended during this
    /// turn. Calling it after the end does nothing and returns false.
    pub fn step_turn(&mut self) -> bool {
        if self.ended_on.is_some() {
            return false;
        }
        self.turns += 1;
        let ended = match self.mover {
            Mover::Any => self.play_all::<false>(),
            Mover::Bottom => self.play_all::<true>(),
        };
        if ended {
            self.ended_on = Some(self.turns);
        }
        ended
    }

    /// Every piece's move in order, until one fills a cell. The mover rule
    /// is a constant so the hot loop does not test it.
    fn play_all<const BOTTOM: bool>(&mut self) -> bool {
        (0..self.place.len()).any(|p| self.act::<BOTTOM>(p))
    }

    /// Piece `p`'s move. Returns true if it made a cell reach `stack`.
    #[inline(always)]
    fn act<const BOTTOM: bool>(&mut self, p: usize) -> bool {
        let s = self.place[p];
        if s == OUT {
            return false;
        }
        let from = (s >> 32) as usize;
        let height = s as u32 as usize;
        if BOTTOM && height != 0 {
            return false;
        }
        let from_info = self.info[from];
        // Bounce without a branch: reverse if the way ahead is blocked; stay
        // put (reversed) if both ways are.
        let d = u32::from(self.dir[p] & 3);
        let blocked = from_info >> BLOCK_SHIFT;
        let nd = d ^ (blocked >> d & 1);
        self.dir[p] = nd as u8;
        if blocked >> d & blocked >> (d ^ 1) & 1 != 0 {
            return false;
        }
        let to = from.wrapping_add(self.delta[nd as usize]);
        let to_info = self.info[to];
        let (src, len) = if from_info & SINGLE != 0 {
            (usize::MAX, 1)
        } else {
            let src = (from_info >> SHIFT) as usize - 1;
            (src, self.slots[src].len())
        };
        if height + 1 == len {
            // The mover is on top: it moves alone (the common case).
            if src == usize::MAX {
                self.info[from] = from_info & STATIC;
            } else {
                self.slots[src].truncate(height);
                self.left(from, from_info, src, height);
            }
            self.moved += 1;
            if to_info & !STATIC == 0 {
                self.info[to] = to_info | SINGLE | (p as u32) << SHIFT;
                self.place[p] = pack(to, 0);
                return 1 >= self.stack;
            }
            let dst = self.slot_of(to);
            let stack = &mut self.slots[dst];
            self.place[p] = pack(to, stack.len());
            stack.push(p as u32);
            return stack.len() >= self.stack;
        }
        // A group of two or more: the source is a slot.
        if to_info & !STATIC == 0 {
            let dst = if height == 0 {
                // The whole stack walks onto an empty cell: hand the slot over.
                self.info[from] = from_info & STATIC;
                src
            } else {
                let dst = self.alloc_slot();
                let (a, b) = two_mut(&mut self.slots, src, dst);
                move_top(a, b, height);
                self.left(from, from_info, src, height);
                dst
            };
            self.info[to] = to_info | (dst as u32 + 1) << SHIFT;
            self.settle(dst, 0, to, to_info)
        } else {
            let dst = self.slot_of(to);
            let (a, b) = two_mut(&mut self.slots, src, dst);
            let base = b.len();
            move_top(a, b, height);
            self.left(from, from_info, src, height);
            self.settle(dst, base, to, to_info)
        }
    }

    /// The source cell after its top from `height` up has left: empty (free
    /// the slot), a lone piece (store it in `info`, free the slot), or still
    /// a stack.
    #[inline(always)]
    fn left(&mut self, from: usize, from_info: u32, src: usize, height: usize) {
        match height {
            0 => {
                self.info[from] = from_info & STATIC;
                self.free.push(src as u32);
            }
            1 => {
                let rest = &mut self.slots[src];
                let lone = rest[0];
                rest.clear();
                self.info[from] = (from_info & STATIC) | SINGLE | lone << SHIFT;
                self.free.push(src as u32);
            }
            _ => {}
        }
    }

    /// The group now at `slots[dst][base..]` on cell `to`: reverse it on
    /// red, record each piece's place. Returns true if the stack is full.
    #[inline(always)]
    fn settle(&mut self, dst: usize, base: usize, to: usize, to_info: u32) -> bool {
        let stack = &mut self.slots[dst];
        let group = &mut stack[base..];
        if to_info & COLOUR_BITS == RED {
            group.reverse();
        }
        for (i, &q) in group.iter().enumerate() {
            self.place[q as usize] = pack(to, base + i);
        }
        self.moved += group.len() as u64;
        stack.len() >= self.stack
    }

    /// Turns played (the ending turn counts).
    /// Renumber the current turn: used after skipping whole cycles, when
    /// the position at turn `t` is known to equal this one.
    pub fn set_turns(&mut self, t: u64) {
        if self.ended_on.is_none() {
            self.turns = t;
        }
    }

    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// The turn during which the game ended (0 if it started ended).
    pub fn ended_on(&self) -> Option<u64> {
        self.ended_on
    }

    /// Piece indices (0-based) on (r, c), bottom to top; empty off the board.
    pub fn stack_at(&self, r: usize, c: usize) -> &[u32] {
        if r >= self.rows || c >= self.cols {
            return &[];
        }
        let ci = self.info[(r + 1) * self.width + c + 1];
        let payload = (ci >> SHIFT) as usize;
        if ci & SINGLE != 0 {
            self.ids.get(payload..=payload).unwrap_or(&[])
        } else if payload == 0 {
            &[]
        } else {
            &self.slots[payload - 1]
        }
    }

    /// Piece `i`'s (0-based) cell and direction, `None` if there is no such
    /// piece or it is out of play.
    pub fn try_piece(&self, i: usize) -> Option<((usize, usize), Dir)> {
        let s = *self.place.get(i)?;
        if s == OUT {
            return None;
        }
        let cell = (s >> 32) as usize;
        Some((
            (cell / self.width - 1, cell % self.width - 1),
            Dir::from_code(u32::from(self.dir[i])),
        ))
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
        match self.place.get(i) {
            Some(&s) if s != OUT => Some(s as u32 as usize),
            _ => None,
        }
    }

    /// Number of pieces (K).
    pub fn piece_count(&self) -> usize {
        self.place.len()
    }

    /// Board rows played on.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Board columns played on.
    pub fn cols(&self) -> usize {
        self.cols
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

    /// A 64-bit Zobrist-style hash of the position (stacks with order,
    /// directions), computed in O(K). Equal positions have equal hashes.
    pub fn position_hash(&self) -> u64 {
        self.place
            .iter()
            .zip(&self.dir)
            .enumerate()
            .filter(|&(_, (&s, _))| s != OUT)
            .fold(0, |h, (i, (&s, &d))| h ^ key(i as u32, s, d))
    }

    /// Whether two sims of the same setup are in exactly the same position
    /// (stacks with order and all directions; turn counts are ignored).
    /// Compares each piece's cell, height and direction, which fix every
    /// stack; it stops at the first difference.
    pub fn same_position(&self, other: &Sim) -> bool {
        self.place == other.place && self.dir == other.dir
    }

    /// Save the position for [`Sim::matches_snapshot`].
    pub(crate) fn snapshot_into(&self, out: &mut Snapshot) {
        out.place.clone_from(&self.place);
        out.dir.clone_from(&self.dir);
    }

    /// Whether the position equals a snapshot (exact).
    pub(crate) fn matches_snapshot(&self, snap: &Snapshot) -> bool {
        self.place == snap.place && self.dir == snap.dir
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
