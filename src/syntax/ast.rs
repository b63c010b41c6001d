//! The abstract syntax tree. Every node that a diagnostic may point at
//! carries its byte span in the source, starlark-style: `Spanned<T>`.

pub use crate::source::{Span, Spanned};
use std::fmt;

/// A whole `.game` file.
#[derive(Clone, Debug, Default)]
pub struct File {
    /// The scenarios, in file order.
    pub scenarios: Vec<Scenario>,
    /// The `track` definitions, in file order.
    pub tracks: Vec<TrackDef>,
    /// The `rules` blocks, in file order (docs/rules-language.md).
    pub rules: Vec<super::rules::RulesDef>,
    /// The `import "path"` items, in file order.
    pub imports: Vec<super::rules::Import>,
    /// The names of `rules` blocks a syntax error kept from being read
    /// (reported already): a scenario's `game` naming one is not unknown.
    pub unread_rules: Vec<String>,
}

/// `scenario "NAME" { … }`
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The quoted name.
    pub name: Spanned<String>,
    /// The statements, in order.
    pub stmts: Vec<Spanned<Stmt>>,
    /// The whole block.
    pub span: Span,
}

/// An integer as written, already range-checked into an `i64`.
pub type Int = Spanned<i64>;

/// The rows of a board array, each with its span.
pub type Rows = Vec<Spanned<Vec<Int>>>;

/// A coordinate `(row, col)` as written (before `rule origin` is applied).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    /// The row, as written.
    pub row: i64,
    /// The column, as written.
    pub col: i64,
}

/// The four directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// `right`
    Right,
    /// `left`
    Left,
    /// `up`
    Up,
    /// `down`
    Down,
}

impl Dir {
    /// The word for it in scripts.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Right => "right",
            Dir::Left => "left",
            Dir::Up => "up",
            Dir::Down => "down",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The eight directions a move can name: `play A down-right`. (`facing`
/// takes only the four of [`Dir`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    /// `up`
    Up,
    /// `down`
    Down,
    /// `left`
    Left,
    /// `right`
    Right,
    /// `up-left`
    UpLeft,
    /// `up-right`
    UpRight,
    /// `down-left`
    DownLeft,
    /// `down-right`
    DownRight,
}

impl Heading {
    /// Every direction, orthogonal first.
    pub const ALL: [Heading; 8] = [
        Heading::Up,
        Heading::Down,
        Heading::Left,
        Heading::Right,
        Heading::UpLeft,
        Heading::UpRight,
        Heading::DownLeft,
        Heading::DownRight,
    ];

    /// The word for it in scripts.
    pub fn name(self) -> &'static str {
        match self {
            Heading::Up => "up",
            Heading::Down => "down",
            Heading::Left => "left",
            Heading::Right => "right",
            Heading::UpLeft => "up-left",
            Heading::UpRight => "up-right",
            Heading::DownLeft => "down-left",
            Heading::DownRight => "down-right",
        }
    }

    /// The direction a word names.
    pub fn from_name(name: &str) -> Option<Heading> {
        Heading::ALL.into_iter().find(|h| h.name() == name)
    }

    /// The (row, column) step.
    pub fn delta(self) -> (i64, i64) {
        match self {
            Heading::Up => (-1, 0),
            Heading::Down => (1, 0),
            Heading::Left => (0, -1),
            Heading::Right => (0, 1),
            Heading::UpLeft => (-1, -1),
            Heading::UpRight => (-1, 1),
            Heading::DownLeft => (1, -1),
            Heading::DownRight => (1, 1),
        }
    }

    /// The heading of a one-square step, if it is one.
    pub fn of_delta(delta: (i64, i64)) -> Option<Heading> {
        Heading::ALL.into_iter().find(|h| h.delta() == delta)
    }

    /// Whether it is one of the four diagonals.
    pub fn is_diagonal(self) -> bool {
        let (dr, dc) = self.delta();
        dr != 0 && dc != 0
    }
}

impl fmt::Display for Heading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One statement inside a scenario.
#[derive(Clone, Debug)]
pub enum Stmt {
    /// `game NAME`
    Game(Spanned<String>),
    /// `board …`
    Board(BoardSrc),
    /// `piece ID at (r, c) [facing DIR]`
    Piece {
        /// The piece.
        id: Spanned<PieceId>,
        /// Its square (`None`: `piece N with …` alone, rules games).
        at: Option<Spanned<Coord>>,
        /// Its facing (stacking).
        facing: Option<Spanned<Dir>>,
        /// `with FIELD VALUE, …` (rules games).
        with: Vec<(Spanned<String>, Spanned<Value>)>,
    },
    /// `dice …`
    Dice(Dice),
    /// `rule NAME VALUE`
    Rule {
        /// The rule.
        name: Spanned<String>,
        /// Its value.
        value: Spanned<RuleValue>,
    },
    /// `set NAME VALUE` (rules games: a `var`).
    Set {
        /// The var.
        name: Spanned<String>,
        /// Its value.
        value: Spanned<Value>,
    },
    /// `input """…"""` or `input case K """…"""`.
    Input {
        /// The raw text (its span is where it starts and ends).
        text: Spanned<String>,
        /// `case K`: which test case of a multi-case judge input (from 1).
        case: Option<Int>,
    },
    /// `solve`, `line`, `analyze`, `show`
    Query(Query),
    /// `play …`
    Play(Play),
    /// `step [N]`
    Step(Option<Int>),
    /// `undo`
    Undo,
    /// `expect FIELD VALUE`
    Expect {
        /// The field checked.
        field: Spanned<String>,
        /// The value expected.
        value: Spanned<ExpectValue>,
    },
}

impl Stmt {
    /// The statement's keyword, as users write it.
    pub fn keyword(&self) -> &'static str {
        match self {
            Stmt::Game(_) => "game",
            Stmt::Board(_) => "board",
            Stmt::Piece { .. } => "piece",
            Stmt::Dice(_) => "dice",
            Stmt::Rule { .. } => "rule",
            Stmt::Set { .. } => "set",
            Stmt::Input { .. } => "input",
            Stmt::Query(q) => q.kind.keyword(),
            Stmt::Play(_) => "play",
            Stmt::Step(_) => "step",
            Stmt::Undo => "undo",
            Stmt::Expect { .. } => "expect",
        }
    }

    /// The statement's form, as users write it: the keyword, or for
    /// `play` the kind of move (`play piece N`, `play A up`).
    pub fn form(&self) -> &'static str {
        match self {
            Stmt::Play(Play::Piece(_)) => "play piece N",
            Stmt::Play(Play::Dir { .. }) => "play PLAYER DIRECTION",
            Stmt::Play(Play::To { .. }) => "play PLAYER to (r, c)",
            Stmt::Play(Play::Words(_)) => "play WORDS",
            Stmt::Piece { with, .. } if !with.is_empty() => "piece … with",
            _ => self.keyword(),
        }
    }
}

/// Where a board comes from.
#[derive(Clone, Debug)]
pub enum BoardSrc {
    /// `board { … }`: rows of cells, each cell a character with its span.
    Grid {
        /// The rows of cells.
        rows: Vec<Vec<Spanned<char>>>,
        /// The whole grid.
        span: Span,
    },
    /// `board [[1,0],[1,1]]`
    Array {
        /// The rows of numbers.
        rows: Vec<Spanned<Vec<Int>>>,
        /// The whole array.
        span: Span,
    },
    /// `board yut` / `board NAME`
    Named(Spanned<String>),
}

/// A piece's name: a player letter or a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceId {
    /// A player letter (`A`).
    Name(String),
    /// A piece number.
    Number(i64),
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceId::Name(s) => f.write_str(s),
            PieceId::Number(n) => write!(f, "{n}"),
        }
    }
}

/// `dice …`
#[derive(Clone, Debug)]
pub enum Dice {
    /// `dice 1 2 3 …`: the rolls, in order.
    Fixed(Vec<Int>),
    /// `dice uniform LO..HI x COUNT`: COUNT rolls, each uniform in LO..=HI.
    Uniform {
        /// The lowest face.
        lo: Int,
        /// The highest face.
        hi: Int,
        /// How many rolls.
        count: Int,
    },
}

/// The value of a `rule`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleValue {
    /// A number.
    Int(i64),
    /// A word.
    Word(String),
}

impl fmt::Display for RuleValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleValue::Int(n) => write!(f, "{n}"),
            RuleValue::Word(w) => f.write_str(w),
        }
    }
}

/// The questions a scenario can ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryKind {
    /// `solve`: the value of the game.
    Solve,
    /// `line`: one optimal line.
    Line,
    /// `analyze`: the value of every move.
    Analyze,
    /// `show`: the position.
    Show,
}

impl QueryKind {
    /// The keyword that asks it.
    pub fn keyword(self) -> &'static str {
        match self {
            QueryKind::Solve => "solve",
            QueryKind::Line => "line",
            QueryKind::Analyze => "analyze",
            QueryKind::Show => "show",
        }
    }
}

/// A query with its options (`line boards`, `line 20`).
#[derive(Clone, Debug)]
pub struct Query {
    /// Which query.
    pub kind: QueryKind,
    /// `boards`: print the board after each move.
    pub boards: bool,
    /// The most moves to print (`line 20`).
    pub bound: Option<Int>,
}

/// `play …`
#[derive(Clone, Debug)]
pub enum Play {
    /// `play A up`, `play A down-right`
    Dir {
        /// The player.
        player: Spanned<String>,
        /// The direction.
        dir: Spanned<Heading>,
    },
    /// `play A to (r, c)`
    To {
        /// The player.
        player: Spanned<String>,
        /// The destination.
        to: Spanned<Coord>,
    },
    /// `play piece N`
    Piece(Int),
    /// `play WORDS…` (rules games): the move's words as written, a
    /// coordinate as `(r, c)`.
    Words(Vec<Spanned<String>>),
}

/// A value a scenario gives a rules game's state (`set`, `piece … with`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A number.
    Int(i64),
    /// A name.
    Word(String),
    /// `(r, c)`, as written.
    Cell(Coord),
    /// `[a, b, …]`, each item with its span.
    List(Vec<Spanned<Value>>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Word(w) => f.write_str(w),
            Value::Cell(c) => write!(f, "({}, {})", c.row, c.col),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", v.node)?;
                }
                f.write_str("]")
            }
        }
    }
}

/// The value side of `expect FIELD VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectValue {
    /// An integer, decimal or fraction, as written.
    Number(String),
    /// A word (`A`, `draw`, …).
    Word(String),
    /// A list `[a, b, …]` of numbers or words (`printed`).
    List(Vec<ExpectValue>),
}

impl fmt::Display for ExpectValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectValue::Number(s) | ExpectValue::Word(s) => f.write_str(s),
            ExpectValue::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// `track NAME { route … shortcut … }`
#[derive(Clone, Debug)]
pub struct TrackDef {
    /// The track name.
    pub name: Spanned<String>,
    /// Its `route` and `shortcut` lines.
    pub lines: Vec<TrackLine>,
    /// The whole definition.
    pub span: Span,
}

/// One `route` or `shortcut` line.
#[derive(Clone, Debug)]
pub struct TrackLine {
    /// Whether it is a `shortcut` line (else a `route`).
    pub shortcut: bool,
    /// The squares, in order.
    pub squares: Vec<SquareRef>,
    /// The whole line.
    pub span: Span,
}

/// A square on a track line: `12`, `b13=13` or `c25`.
#[derive(Clone, Debug)]
pub struct SquareRef {
    /// The square name (`b13`, `12`).
    pub name: String,
    /// Its score, if given (`=13`).
    pub score: Option<i64>,
    /// Whether it was written as a bare number (its own score).
    pub bare_number: bool,
    /// Where it is written.
    pub span: Span,
}
