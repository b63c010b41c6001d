//! A compiled rules program: every name resolved to a slot, a local's
//! frame index or a builtin, so nothing is looked up by name at run time.
//! Built by `compile` from a checked block; run by `run`.

use super::check::Decls;
use crate::syntax::ast::Span;
use crate::syntax::rules::{AssignOp, BinOp, EndWord, Objective};

/// The kind of a scalar value: how it is written in a move's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer.
    Int,
    /// `true`/`false` (1/0).
    Bool,
    /// A cell: `r * cols + c`, `-1` for `off`.
    Cell,
    /// A direction: 0..8 clockwise from up, 8 for `none`.
    Dir,
    /// A player: 0, 1, `-1` for `nobody`.
    Player,
    /// A piece: its index among the pieces, `-1` for `nobody`.
    Piece,
    /// An enumeration's name, by its index.
    Enum(usize),
    /// A track square id.
    Square,
    /// A list or a direction set.
    List,
}

/// A run-time value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// Any scalar (see [`Kind`]).
    S(i64),
    /// A list.
    L(Vec<Val>),
}

impl Val {
    /// The scalar (0 for a list).
    pub fn s(&self) -> i64 {
        match self {
            Val::S(n) => *n,
            Val::L(_) => 0,
        }
    }
}

/// Builtin functions and names with a value at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Builtin {
    Step,
    Neighbours,
    Directions,
    Opposite,
    Left,
    Right,
    Rotate,
    Forward,
    Lanes,
    Lines,
    Region,
    Abs,
    Min,
    Max,
    Len,
    Index,
    Reverse,
    Contains,
    Advance,
    Value,
}

/// Names whose value comes from the position or the instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Ambient {
    Rows,
    Cols,
    Cells,
    Pieces,
    Players,
    Squares,
    Moves,
    Me,
    Opponent,
}

/// A compiled expression.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum CExpr {
    Const(Val),
    Param(usize),
    Local(usize),
    Var(usize),
    Layer(usize, Box<CExpr>),
    Field(Box<CExpr>, usize),
    /// `c.row` (true) or `c.col` (false).
    CellPart(Box<CExpr>, bool),
    /// The piece named as a player (`me.at` reads the mover's piece).
    PlayerPiece(Box<CExpr>),
    Ambient(Ambient),
    /// A direction set: offsets `(dr, dc)` with their direction index
    /// (8 for a neighbourhood's offsets that are no direction).
    Hood(Vec<(i64, i64, i64)>),
    /// An enumeration of direction-set names (`param steps: orthogonal |
    /// king`): each name's set, by the value's index.
    EnumHood(Vec<Vec<(i64, i64, i64)>>, Box<CExpr>),
    Cell(Box<CExpr>, Box<CExpr>),
    List(Vec<CExpr>),
    Range(Box<CExpr>, Box<CExpr>),
    Not(Box<CExpr>),
    Neg(Box<CExpr>),
    Bin(BinOp, Box<CExpr>, Box<CExpr>, Span),
    Index(Box<CExpr>, Box<CExpr>, Span),
    Slice(Box<CExpr>, Option<Box<CExpr>>, Option<Box<CExpr>>, Span),
    If(Box<CExpr>, Box<CExpr>, Box<CExpr>),
    /// Aggregates: kind, the local slot bound, the set, the body.
    Agg(
        crate::syntax::rules::Agg,
        usize,
        Box<CExpr>,
        Box<CExpr>,
        Span,
    ),
    Comp(Box<CExpr>, usize, Box<CExpr>, Option<Box<CExpr>>),
    Call(Builtin, Vec<CExpr>, Span),
    /// A scalar expression with its flat code (see [`super::flat`]).
    Flat(Box<super::flat::Flat>),
}

/// A compiled assignable place.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum CPlace {
    Local(usize),
    Var(usize),
    Layer(usize, CExpr),
    Field(CExpr, usize),
    Item(Box<CPlace>, CExpr),
}

/// A compiled statement with the span of its source.
#[derive(Clone, Debug)]
pub struct CStmt {
    /// What it does.
    pub kind: CStmtKind,
    /// The statement in the rules block.
    pub span: Span,
}

/// The compiled statements.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum CStmtKind {
    Let(usize, CExpr),
    If(Vec<(CExpr, Vec<CStmt>)>, Vec<CStmt>),
    For {
        var: usize,
        set: CExpr,
        cond: Option<CExpr>,
        body: Vec<CStmt>,
    },
    Repeat(CExpr, Vec<CStmt>),
    While(CExpr, CExpr, Vec<CStmt>),
    Choose {
        var: usize,
        kind: Kind,
        set: CExpr,
        cond: Option<CExpr>,
        say: Option<String>,
        /// A choice of pieces with no piece held in a local around it: a
        /// search that names no move may take interchangeable pieces whose
        /// fields are all equal once (the rest of the turn cannot tell
        /// them apart, so their positions are one up to the numbering).
        twins: bool,
    },
    Require(CExpr),
    Roll(usize, CExpr, CExpr),
    End(EndWord, Option<CExpr>),
    Score(AssignOp, CExpr),
    /// `print E`: a line of the run's output.
    Print(CExpr),
    Simultaneously(Vec<CStmt>),
    Swap(CPlace, CPlace),
    Push {
        front: bool,
        list: CPlace,
        value: CExpr,
    },
    Pop {
        front: bool,
        list: CPlace,
    },
    Next,
    Break,
    Assign(CPlace, AssignOp, CExpr),
}

/// One legend entry.
#[derive(Clone, Debug)]
pub struct CEntry {
    /// Its keys (characters or numbers' text); empty for `number n`.
    pub keys: Vec<String>,
    /// `number n`: the local slot of `n`.
    pub number: Option<usize>,
    /// The statements.
    pub body: Vec<CStmt>,
    /// The local slot of `here`.
    pub here: usize,
}

/// The domain of a state variable as written: its kind, an integer's
/// bounds and a list's most items (constants or params, evaluated for each
/// scenario into a [`Dom`]).
#[derive(Clone, Debug)]
pub struct DomSpec {
    /// The scalar kind (of the items, for a list).
    pub kind: Kind,
    /// An integer range's ends.
    pub range: Option<(CExpr, CExpr)>,
    /// A list's most items.
    pub list_max: Option<CExpr>,
}

/// A domain for one scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dom {
    /// The scalar kind (of the items, for a list).
    pub kind: Kind,
    /// The lowest value.
    pub lo: i64,
    /// The highest value.
    pub hi: i64,
    /// A list's most items (`None`: a scalar).
    pub list_max: Option<usize>,
}

/// A compiled rules game.
#[derive(Clone, Debug)]
pub struct Program {
    /// The game's name.
    pub name: String,
    /// What the checker found declared.
    pub decls: Decls,
    /// `board grid | track | none`.
    pub board: crate::syntax::rules::BoardKind,
    /// Params: domain and default.
    pub params: Vec<(DomSpec, CExpr)>,
    /// `var`s: domain and initial value.
    pub vars: Vec<(DomSpec, Option<CExpr>)>,
    /// `layer`s' domains.
    pub layers: Vec<DomSpec>,
    /// Piece fields: domain and default.
    pub fields: Vec<(DomSpec, Option<CExpr>)>,
    /// Piece groups: named ones, then numbered ranges `(lo, hi, placed)`.
    pub numbered: Vec<(CExpr, CExpr, bool)>,
    /// Whether each numbered range is declared `interchangeable` (by the
    /// index of [`Program::numbered`]).
    pub interchangeable: Vec<bool>,
    /// The legend.
    pub legend: Vec<CEntry>,
    /// `setup`.
    pub setup: Vec<CStmt>,
    /// `turn`.
    pub turn: Vec<CStmt>,
    /// The local frame's size.
    pub frame: usize,
    /// `when stuck`.
    pub stuck: EndWord,
    /// `solve …`.
    pub objective: Objective,
    /// The objective's bound (`within N`, `limit N`), compiled.
    pub objective_bound: Option<CExpr>,
    /// The field `at`, when declared.
    pub at_field: Option<usize>,
    /// The field `facing`, when declared.
    pub facing_field: Option<usize>,
    /// The state `turn` can change (see [`Written`]).
    pub written: Written,
    /// Whether the program reads `moves` (then a position is more than
    /// its key, and `step` skips no cycles).
    pub reads_moves: bool,
    /// Whether the turn holds a `print` (then `solve simulate` runs each
    /// turn through the interpreter and answers `printed`).
    pub prints: bool,
    /// `input { … }`: the judge's input format (docs/rules-language.md,
    /// *Judge input*).
    pub input: Option<crate::syntax::rules::input::InputFormat>,
    /// `output FIELD`: the judge's answer line (`answer` when not written).
    pub output: Option<String>,
    /// The first number of each numbered piece group when it is written as
    /// a number (`piece 1..16`): the names `pieces K` of a judge input gives.
    pub numbered_from: Vec<Option<i64>>,
    /// The block's text as written.
    pub text: String,
    /// The judge format's `require EXPR` items, as written and compiled
    /// (evaluated on the start position: `judge::read::within`).
    pub requires: Vec<(String, CExpr)>,
}

/// Which `var`s, layers and piece fields some statement of `turn` assigns
/// (`=`, `+=`, …, `swap`, `push`, `pop`), found from the compiled program.
/// The others are set only by the legend, `setup` and the scenario, so they
/// are the same in every position of one solve and the key leaves them out.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// By `var` index.
    pub vars: Vec<bool>,
    /// By layer index.
    pub layers: Vec<bool>,
    /// By field index.
    pub fields: Vec<bool>,
}

impl Written {
    /// What the statements `body` assign, for a program of so many vars,
    /// layers and fields.
    pub fn of(body: &[CStmt], vars: usize, layers: usize, fields: usize) -> Written {
        let mut w = Written {
            vars: vec![false; vars],
            layers: vec![false; layers],
            fields: vec![false; fields],
        };
        w.stmts(body);
        w
    }

    fn mark(&mut self, p: &CPlace) {
        let (v, i) = match p {
            CPlace::Local(_) => return,
            CPlace::Var(i) => (&mut self.vars, *i),
            CPlace::Layer(i, _) => (&mut self.layers, *i),
            CPlace::Field(_, i) => (&mut self.fields, *i),
            CPlace::Item(inner, _) => return self.mark(inner),
        };
        if let Some(b) = v.get_mut(i) {
            *b = true;
        }
    }

    fn stmts(&mut self, body: &[CStmt]) {
        for s in body {
            match &s.kind {
                CStmtKind::If(arms, other) => {
                    for (_, b) in arms {
                        self.stmts(b);
                    }
                    self.stmts(other);
                }
                CStmtKind::For { body, .. }
                | CStmtKind::Repeat(_, body)
                | CStmtKind::While(_, _, body)
                | CStmtKind::Simultaneously(body) => self.stmts(body),
                CStmtKind::Swap(a, b) => {
                    self.mark(a);
                    self.mark(b);
                }
                CStmtKind::Push { list, .. } | CStmtKind::Pop { list, .. } => self.mark(list),
                CStmtKind::Assign(p, _, _) => self.mark(p),
                CStmtKind::Let(..)
                | CStmtKind::Choose { .. }
                | CStmtKind::Require(_)
                | CStmtKind::Roll(..)
                | CStmtKind::End(..)
                | CStmtKind::Score(..)
                | CStmtKind::Print(_)
                | CStmtKind::Next
                | CStmtKind::Break => {}
            }
        }
    }

    /// Whether `var` `i` can change during a solve.
    pub fn var(&self, i: usize) -> bool {
        self.vars.get(i).copied().unwrap_or(true)
    }

    /// Whether layer `i` can change during a solve.
    pub fn layer(&self, i: usize) -> bool {
        self.layers.get(i).copied().unwrap_or(true)
    }

    /// Whether field `i` can change during a solve.
    pub fn field(&self, i: usize) -> bool {
        self.fields.get(i).copied().unwrap_or(true)
    }
}
