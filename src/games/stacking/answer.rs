//! The typed answers of stacking queries: values (the board's colours, the
//! stacks, turns, the outcome), never English. [`crate::render`] turns them
//! into text and JSON.
//!
//! Coordinates are 0-based (row, column) everywhere here; [`Board::origin`]
//! is the scenario's `rule origin`, to add when a cell is shown as the
//! script writes it. Pieces carry their declared numbers (1..K).

use super::rules::{Colour, Dir};
use super::solve::Outcome;
use crate::games::FieldValue;
use crate::syntax::dialect::Field;
use serde::{Serialize, Serializer};

/// What a stacking query answers.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "query", rename_all = "snake_case")]
pub enum Answer {
    /// `solve`: how the game ends.
    Solve(Solved),
    /// `line`: the positions turn by turn, then how the game ends.
    Line(Line),
    /// `show`: the position now.
    Show(Show),
    /// `show` before any piece is placed: the board alone.
    Empty(Empty),
}

impl Answer {
    /// The bytes the answer keeps: its board's colours and every stack of
    /// every position (see [`crate::games::Answer::held_bytes`]).
    pub(crate) fn held_bytes(&self) -> u64 {
        let board = |b: &Board| (b.colours.len() * size_of::<Colour>()) as u64;
        let position = |p: &Position| {
            p.stacks
                .iter()
                .map(|s| (size_of::<Stack>() + s.pieces.len() * size_of::<Piece>()) as u64)
                .sum::<u64>()
                + size_of::<Position>() as u64
        };
        match self {
            Answer::Solve(_) => 0,
            Answer::Line(l) => {
                board(&l.board) + position(&l.start) + l.turns.iter().map(position).sum::<u64>()
            }
            Answer::Show(s) => board(&s.board) + position(&s.position),
            Answer::Empty(e) => board(&e.board),
        }
    }
}

/// The answer to `solve`.
#[derive(Clone, Debug, Serialize)]
pub struct Solved {
    /// How the game goes on from the position (turns counted from the
    /// scenario's start).
    #[serde(with = "OutcomeDef")]
    pub outcome: Outcome,
    /// The stack height that ends the game (`rule stack`).
    pub stack: usize,
}

/// The answer to `line`: the position at the start, after each turn played
/// (at most the bound), and how the game ends.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// The board the positions stand on.
    pub board: Board,
    /// The position the line starts from.
    pub start: Position,
    /// The position after each turn, in order.
    pub turns: Vec<Position>,
    /// The bound on turns drawn (`line N`, or the default) when the game
    /// went on past it; `None` when the line reaches its end.
    pub cut: Option<u64>,
    /// How the game goes on from `start`.
    #[serde(with = "OutcomeDef")]
    pub outcome: Outcome,
    /// The stack height that ends the game (`rule stack`).
    pub stack: usize,
}

/// The answer to `show`: the current position.
#[derive(Clone, Debug, Serialize)]
pub struct Show {
    /// The board.
    pub board: Board,
    /// The position on it.
    pub position: Position,
}

/// The answer to `show` when the board is declared but no piece is.
#[derive(Clone, Debug, Serialize)]
pub struct Empty {
    /// The board.
    pub board: Board,
}

/// A board: its size and the colour of every cell.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The colour of each cell, row-major (`rows * cols` of them).
    #[serde(serialize_with = "colour_names")]
    pub colours: Vec<Colour>,
    /// The scenario's `rule origin`: the number the script gives the first
    /// row and column (cells here are 0-based).
    pub origin: i64,
}

impl Board {
    /// The colour of the cell at 0-based (row, column).
    pub fn colour(&self, (r, c): (usize, usize)) -> Colour {
        self.colours[r * self.cols + c]
    }
}

/// A position: the stacks on the board after some turns.
#[derive(Clone, Debug, Serialize)]
pub struct Position {
    /// Turns played (counted from the scenario's start; the ending turn
    /// counts).
    pub turn: u64,
    /// The turn during which a stack was completed, if the game has ended
    /// (0 if it started ended).
    pub ended_on: Option<u64>,
    /// Every non-empty cell's stack, in row-major order of the cells.
    pub stacks: Vec<Stack>,
}

impl Position {
    /// Whether the game ended during the last turn played (the turn that
    /// reached this position).
    pub fn ends_here(&self) -> bool {
        self.ended_on == Some(self.turn)
    }

    /// Every piece with its place, by number.
    pub fn pieces(&self) -> Vec<Placed> {
        let mut out: Vec<Placed> = self
            .stacks
            .iter()
            .flat_map(|s| {
                s.pieces.iter().enumerate().map(|(height, p)| Placed {
                    number: p.number,
                    cell: s.cell,
                    height,
                    dir: p.dir,
                })
            })
            .collect();
        out.sort_by_key(|p| p.number);
        out
    }
}

/// The pieces on one cell.
#[derive(Clone, Debug, Serialize)]
pub struct Stack {
    /// The cell, 0-based (row, column).
    pub cell: (usize, usize),
    /// Its pieces, bottom to top.
    pub pieces: Vec<Piece>,
}

impl Stack {
    /// The characters this cell takes in the text drawing: one for its
    /// colour, then per piece a separator, its number's digits and an arrow.
    /// The session sizes an answer's text with it before the answer is built.
    pub fn label_chars(&self) -> usize {
        1 + self
            .pieces
            .iter()
            .map(|p| 2 + digits(p.number))
            .sum::<usize>()
    }
}

/// The decimal digits of `n`.
fn digits(n: u32) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// A piece in a stack.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Piece {
    /// Its number (1..K, as declared).
    pub number: u32,
    /// Where it faces.
    #[serde(with = "DirDef")]
    pub dir: Dir,
}

/// A piece with its place, from [`Position::pieces`].
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Placed {
    /// Its number (1..K).
    pub number: u32,
    /// Its cell, 0-based (row, column).
    pub cell: (usize, usize),
    /// Its height in the stack (0 = bottom).
    pub height: usize,
    /// Where it faces.
    #[serde(with = "DirDef")]
    pub dir: Dir,
}

impl Answer {
    /// The `solve` fields `expect` reads (`answer`, `turn`, `cycle`); empty
    /// for the other queries.
    pub fn fields(&self) -> Vec<(Field, FieldValue)> {
        match self {
            Answer::Solve(s) => s.fields(),
            _ => Vec::new(),
        }
    }
}

impl Solved {
    /// `answer` (the ending turn, or -1), `turn` (or `none`) and `cycle`
    /// (`yes` or `no`).
    pub fn fields(&self) -> Vec<(Field, FieldValue)> {
        let word = |w: &str| FieldValue::Word(w.into());
        let (turn, cycle) = match self.outcome {
            Outcome::Ended { turn } => (FieldValue::Int(turn.into()), "no"),
            Outcome::Cycle { .. } => (word("none"), "yes"),
            Outcome::LimitReached { .. } => (word("none"), "no"),
            Outcome::Unproven { .. } => (word("none"), "unknown"),
        };
        vec![
            (Field::Answer, FieldValue::Int(self.outcome.answer().into())),
            (Field::Turn, turn),
            (Field::Cycle, word(cycle)),
        ]
    }
}

/// [`Outcome`] as JSON: `{"end": "cycle", "start": 48, "period": 4}`.
#[derive(Serialize)]
#[serde(remote = "Outcome", tag = "end", rename_all = "snake_case")]
enum OutcomeDef {
    Ended { turn: u64 },
    Cycle { start: u64, period: u64 },
    LimitReached { limit: u64 },
    Unproven { limit: u64, turn: u64 },
}

/// [`Dir`] as JSON: `"right"`, `"left"`, `"up"`, `"down"`.
#[derive(Serialize)]
#[serde(remote = "Dir", rename_all = "lowercase")]
enum DirDef {
    Right,
    Left,
    Up,
    Down,
}

/// [`Colour`] as JSON: `"white"`, `"red"`, `"blue"`.
#[derive(Serialize)]
#[serde(remote = "Colour", rename_all = "lowercase")]
enum ColourDef {
    White,
    Red,
    Blue,
}

/// Colours as a JSON array of their names.
fn colour_names<S: Serializer>(colours: &[Colour], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Named(#[serde(with = "ColourDef")] Colour);
    s.collect_seq(colours.iter().map(|&c| Named(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stack(cell: (usize, usize), numbers: &[u32]) -> Stack {
        Stack {
            cell,
            pieces: numbers
                .iter()
                .map(|&number| Piece {
                    number,
                    dir: Dir::Up,
                })
                .collect(),
        }
    }

    #[test]
    fn pieces_are_listed_by_number_with_their_heights() {
        let p = Position {
            turn: 3,
            ended_on: Some(3),
            stacks: vec![stack((0, 1), &[3, 1]), stack((2, 0), &[2])],
        };
        assert!(p.ends_here());
        let placed: Vec<_> = p
            .pieces()
            .iter()
            .map(|q| (q.number, q.cell, q.height))
            .collect();
        assert_eq!(placed, [(1, (0, 1), 1), (2, (2, 0), 0), (3, (0, 1), 0)]);
    }

    #[test]
    fn label_chars_count_colour_marks_digits_and_arrows() {
        assert_eq!(stack((0, 0), &[]).label_chars(), 1);
        // w:9>,10<
        assert_eq!(stack((0, 0), &[9, 10]).label_chars(), 8);
        assert_eq!(digits(1_000_000), 7);
    }

    #[test]
    fn solve_fields_follow_the_outcome() {
        let solved = |outcome| Solved { outcome, stack: 4 }.fields();
        assert_eq!(
            solved(Outcome::Ended { turn: 7 }),
            [
                (Field::Answer, FieldValue::Int(7)),
                (Field::Turn, FieldValue::Int(7)),
                (Field::Cycle, FieldValue::Word("no".into()))
            ]
        );
        assert_eq!(
            solved(Outcome::Cycle {
                start: 48,
                period: 4
            }),
            [
                (Field::Answer, FieldValue::Int(-1)),
                (Field::Turn, FieldValue::Word("none".into())),
                (Field::Cycle, FieldValue::Word("yes".into()))
            ]
        );
        assert_eq!(
            solved(Outcome::LimitReached { limit: 1000 })[2],
            (Field::Cycle, FieldValue::Word("no".into()))
        );
    }

    #[test]
    fn answers_serialize_as_values() {
        let a = Answer::Solve(Solved {
            outcome: Outcome::Cycle {
                start: 48,
                period: 4,
            },
            stack: 4,
        });
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            serde_json::json!({
                "query": "solve",
                "outcome": { "end": "cycle", "start": 48, "period": 4 },
                "stack": 4
            })
        );
        let board = Board {
            rows: 1,
            cols: 2,
            colours: vec![Colour::Red, Colour::Blue],
            origin: 1,
        };
        let v = serde_json::to_value(Answer::Empty(Empty { board })).unwrap();
        assert_eq!(v["board"]["colours"], serde_json::json!(["red", "blue"]));
        assert_eq!(v["query"], "empty");
    }
}
