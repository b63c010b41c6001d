//! The typed tree of a `rules NAME { … }` block (docs/rules-language.md),
//! every node with its span. Built by `rules::build` from the pest tree.

use crate::syntax::ast::{Span, Spanned};
use crate::syntax::dialect::Field;

/// `import "path"` at the top level of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The quoted path, relative to the importing file.
    pub path: Spanned<String>,
    /// The whole item.
    pub span: Span,
}

/// `rules NAME { … }`
#[derive(Clone, Debug, PartialEq)]
pub struct RulesDef {
    /// The game's name.
    pub name: Spanned<String>,
    /// The parts, in the order written.
    pub parts: Vec<Spanned<Part>>,
    /// The whole block.
    pub span: Span,
    /// The block's text as written (`rules NAME { … }`), for a scenario
    /// written elsewhere that needs it (a shrunk judge case).
    pub text: String,
}

/// Who plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Players {
    /// `players A B`
    Two(Spanned<String>, Spanned<String>),
    /// `players solo`
    Solo,
    /// `players none`
    None,
}

/// What board the game is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// A grid (the default; `board grid`).
    Grid,
    /// `board track`
    Track,
    /// `board none`
    None,
}

/// How a game or a path ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndWord {
    /// `win`
    Win,
    /// `lose`
    Lose,
    /// `draw`
    Draw,
    /// `stop`
    Stop,
}

/// The `solve` line.
#[derive(Clone, Debug, PartialEq)]
pub enum Objective {
    /// `solve moves`
    Moves,
    /// `solve outcome`
    Outcome,
    /// `solve score`
    Score,
    /// `solve max score`
    MaxScore,
    /// `solve min score`
    MinScore,
    /// `solve shortest within N`
    Shortest(Expr),
    /// `solve longest`
    Longest,
    /// `solve simulate limit N`
    Simulate(Expr),
}

impl Objective {
    /// The fields its `solve` answers, for `expect` (docs/rules-language.md,
    /// *Objectives*).
    pub fn fields(&self) -> &'static [Field] {
        match self {
            Objective::Moves => &[Field::Answer, Field::Moves, Field::Winner],
            Objective::Outcome => &[Field::Answer, Field::Winner],
            Objective::Score => &[Field::Answer],
            Objective::MaxScore | Objective::MinScore => {
                &[Field::Answer, Field::Score, Field::Expected]
            }
            Objective::Shortest(_) => &[Field::Answer, Field::Moves],
            Objective::Longest => &[Field::Answer, Field::Forever],
            Objective::Simulate(_) => &[Field::Answer, Field::Turn, Field::Cycle, Field::Printed],
        }
    }
}

/// One part of a rules block.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// `players …`
    Players(Players),
    /// `param NAME: TYPE = DEFAULT, …`
    Param(Vec<Decl>),
    /// `layer NAME: TYPE, …`
    Layer(Vec<Decl>),
    /// `var NAME: TYPE = VALUE, …`
    Var(Vec<Decl>),
    /// `piece [placed] [interchangeable] NAMES { FIELD: TYPE, … }`
    Piece {
        /// Only the pieces a scenario places are present.
        placed: bool,
        /// The word `interchangeable`, when written: positions that differ
        /// only by a permutation of these pieces are one position.
        interchangeable: Option<Span>,
        /// Which pieces.
        names: PieceNames,
        /// Their fields.
        fields: Vec<Decl>,
    },
    /// `legend { … }`
    Legend(Vec<Entry>),
    /// `neighbourhood NAME: (dr, dc) …`
    Neighbourhood(Spanned<String>, Vec<Spanned<(i64, i64)>>),
    /// `board grid | track | none`
    Board(BoardKind),
    /// `setup { … }`
    Setup(Block),
    /// `when stuck: …`
    Stuck(EndWord),
    /// `turn { … }`
    Turn(Block),
    /// `solve …`
    Solve(Objective),
    /// `input { … }`: the judge's input format.
    Input(super::input::InputFormat),
    /// `output FIELD`: the judge's answer line.
    Output(Spanned<String>),
}

/// `NAME: TYPE [= EXPR]`
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    /// The name.
    pub name: Spanned<String>,
    /// The type.
    pub ty: Spanned<Type>,
    /// The default or initial value.
    pub value: Option<Expr>,
}

/// A type as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    /// `bool`
    Bool,
    /// `cell`
    Cell,
    /// `dir`
    Dir,
    /// `player`
    Player,
    /// `piece`
    Piece,
    /// `square`
    Square,
    /// `LO..HI`
    Range(Expr, Expr),
    /// `a | b | c`
    Enum(Vec<Spanned<String>>),
    /// `list of T max N`
    List(Box<Spanned<Type>>, Expr),
}

/// The pieces of a `piece` part.
#[derive(Clone, Debug, PartialEq)]
pub enum PieceNames {
    /// `piece A, B`
    Named(Vec<Spanned<String>>),
    /// `piece LO..HI`
    Numbered(Expr, Expr),
}

/// One entry of a `legend`.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The quoted keys (empty for a `number n` entry).
    pub keys: Vec<Spanned<String>>,
    /// `number n`: the name bound to the number.
    pub number: Option<Spanned<String>>,
    /// The statements, run with `here` bound.
    pub body: Block,
    /// The whole entry.
    pub span: Span,
}

/// A list of statements.
pub type Block = Vec<Stmt>;

/// A statement with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where.
    pub span: Span,
}

/// `=`, `+=`, `-=`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `+=`
    Add,
    /// `-=`
    Sub,
}

/// The statements of docs/rules-language.md, *Statements*.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `let x = E`
    Let(Spanned<String>, Expr),
    /// `if C { … } else if C { … } else { … }`
    If(Vec<(Expr, Block)>, Option<Block>),
    /// `for x in SET [where C] { … }`
    For {
        /// The loop variable.
        var: Spanned<String>,
        /// The set.
        set: Expr,
        /// The filter.
        cond: Option<Expr>,
        /// The body.
        body: Block,
    },
    /// `repeat N { … }`
    Repeat(Expr, Block),
    /// `while C max N { … }`
    While(Expr, Expr, Block),
    /// `choose x in SET [where C] [say "TEXT"]`
    Choose {
        /// The chosen value's name.
        var: Spanned<String>,
        /// The set.
        set: Expr,
        /// The filter.
        cond: Option<Expr>,
        /// The move word's template.
        say: Option<Spanned<String>>,
    },
    /// `require C`
    Require(Expr),
    /// `roll x in LO..HI`
    Roll(Spanned<String>, Expr, Expr),
    /// `win`, `lose`, `draw`, `stop` [`if C`]
    End(EndWord, Option<Expr>),
    /// `score += E`
    Score(AssignOp, Expr),
    /// `print E`: a line of the run's output (`solve simulate`'s `printed`)
    Print(Expr),
    /// `simultaneously { … }`
    Simultaneously(Block),
    /// `swap A, B`
    Swap(Expr, Expr),
    /// `push xs, v` (front: `push_front`)
    Push {
        /// `push_front`
        front: bool,
        /// The list.
        list: Expr,
        /// The value.
        value: Expr,
    },
    /// `pop xs` (front: `pop_front`)
    Pop {
        /// `pop_front`
        front: bool,
        /// The list.
        list: Expr,
    },
    /// `next`
    Next,
    /// `break`
    Break,
    /// `PLACE op E`
    Assign(Expr, AssignOp, Expr),
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `not`
    Not,
    /// `-`
    Neg,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

impl BinOp {
    /// Binding strength: `or` 1, `and` 2, comparisons 4, `+ -` 5, `* / %` 6
    /// (`not` binds at 3).
    pub fn precedence(self) -> u8 {
        use BinOp::*;
        match self {
            Or => 1,
            And => 2,
            Eq | Ne | Lt | Le | Gt | Ge => 4,
            Add | Sub => 5,
            Mul | Div | Rem => 6,
        }
    }
}

/// Aggregates over a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agg {
    /// `all x in S: C`
    All,
    /// `any x in S: C`
    Any,
    /// `count x in S where C`
    Count,
    /// `sum x in S: E`
    Sum,
    /// `max x in S: E`
    Max,
    /// `min x in S: E`
    Min,
    /// `find x in S where C`
    Find,
}

/// The expressions of docs/rules-language.md, *Expressions*.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A decimal integer.
    Int(i64),
    /// `true` / `false`
    Bool(bool),
    /// A name (variable, param, layer, piece, constant word).
    Name(String),
    /// `(r, c)`
    Cell(Box<Expr>, Box<Expr>),
    /// `[a, b]`
    List(Vec<Expr>),
    /// `LO..HI` (as a set or a type bound)
    Range(Box<Expr>, Box<Expr>),
    /// `not a`, `-a`
    Unary(UnOp, Box<Expr>),
    /// `a op b`
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `e.field`
    Field(Box<Expr>, Spanned<String>),
    /// `e[i]`
    Index(Box<Expr>, Box<Expr>),
    /// `e[i..j]`
    Slice(Box<Expr>, Option<Box<Expr>>, Option<Box<Expr>>),
    /// `if C then A else B`
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Quantifiers, aggregates and `find`: `KIND x in SET (: | where) BODY`.
    Agg {
        /// Which.
        kind: Agg,
        /// The bound name.
        var: Spanned<String>,
        /// The set.
        set: Box<Expr>,
        /// The condition or value.
        body: Box<Expr>,
    },
    /// `[E for x in SET where C]`
    Comp {
        /// The item.
        item: Box<Expr>,
        /// The bound name.
        var: Spanned<String>,
        /// The set.
        set: Box<Expr>,
        /// The filter.
        cond: Option<Box<Expr>>,
    },
    /// `name(args)`
    Call(Spanned<String>, Vec<Expr>),
}
