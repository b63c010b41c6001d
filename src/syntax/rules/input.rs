//! The judge's input format and answer line of a rules block: `input { … }`
//! and `output FIELD` (docs/rules-language.md, *Judge input*). The tree
//! here is as written; the checker resolves its names and
//! `games::rules::judge` reads and writes judge text by it.

use crate::syntax::ast::{Span, Spanned};

/// `input { … }`: the judge's input, item by item.
#[derive(Clone, Debug, PartialEq)]
pub struct InputFormat {
    /// `cases t: 1..10`: the input starts with its number of test cases
    /// (the first item only).
    pub cases: Option<Number>,
    /// The items in the order the judge writes them.
    pub items: Vec<Spanned<Item>>,
    /// The whole part.
    pub span: Span,
}

/// A number the judge writes, with the problem's limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number {
    /// Its name: a param, a var, or a name of the format (a size, a count).
    pub name: Spanned<String>,
    /// The problem's limits, both ends included.
    pub range: Range,
}

/// `LO..HI` of a format: numbers or names read before; or a list of
/// values `0 | 2 | 4` (then `lo` and `hi` are its least and greatest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The least value.
    pub lo: Spanned<Bound>,
    /// The greatest value.
    pub hi: Spanned<Bound>,
    /// `A | B | C`: the only values allowed, as written (empty: every
    /// value from `lo` to `hi`).
    pub values: Vec<i64>,
}

impl Range {
    /// Whether `v` is one of a value list's values (any value without one;
    /// the ends are checked apart).
    pub fn listed(&self, v: i64) -> bool {
        self.values.is_empty() || self.values.contains(&v)
    }
}

/// Drawing hints of a `rows … chars` board (for `meeple gen`), and the
/// order of each row of a `rows … numbers` board (a limit of the judge's
/// that `meeple gen` draws by).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// `border "K"`: every edge cell is key K.
    pub border: Option<Spanned<String>>,
    /// `once "K" "L"`: each of these keys on exactly one inner cell.
    pub once: Vec<Spanned<String>>,
    /// `increasing` (numbers rows): each row's values grow left to right.
    pub increasing: Option<Span>,
    /// `distinct` (numbers rows): no value twice in a row.
    pub distinct: Option<Span>,
}

/// An end of a range or a factor of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// A number.
    Int(i64),
    /// A name read before (or a param).
    Name(String),
}

/// How many rows, columns, pieces or rolls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// `n`, `4`, `2 * n`: a product of numbers and names read before.
    Product(Vec<Spanned<Bound>>),
    /// `n: 1..5` (only with `bracketed`): measured from the brackets.
    Measured(Number),
}

/// What each cell of a `rows` item is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellFormat {
    /// `chars`: each row one word of as many characters as columns.
    Chars,
    /// `numbers LO..HI`: one number per cell.
    Numbers(Range),
    /// `cells PART, …`: several words per cell.
    Cells(Vec<Spanned<CellPart>>),
}

/// One word of a `cells` cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellPart {
    /// `piece`: the name (number) of the piece standing there, `0` for
    /// none.
    Piece,
    /// `char`: a character, through the legend.
    Char,
    /// `number LO..HI`: a number, through the legend.
    Number(Range),
}

/// How one field of a piece is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldFormat {
    /// The field (`at`, `facing`, or a declared field).
    pub field: Spanned<String>,
    /// `as a | b | c`: the values by number.
    pub words: Vec<Spanned<String>>,
    /// `as "L" | "D"`: the judge writes the value as a word, the i-th word
    /// standing for the i-th value of the field's type (its declared
    /// order).
    pub spelled: Vec<Spanned<String>>,
    /// `from B`: the number of the first value (cells: of the first row
    /// and column); 0 when not written.
    pub from: Option<Spanned<i64>>,
    /// `increasing` (a `lists` number): each line's value is above the
    /// line before's, a limit of the judge's.
    pub increasing: Option<Span>,
}

/// One item of a judge input. (A format holds a handful: the board's
/// item is left unboxed.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `n, m: 3..10, k: 1..5`: one line of numbers.
    Numbers(Vec<Number>),
    /// `rows R of C …`: the board.
    Rows {
        /// How many rows.
        rows: Count,
        /// How many columns.
        cols: Count,
        /// What each cell is.
        cell: CellFormat,
        /// `border "K"`, `once "K" …` (chars only): how `meeple gen` draws.
        hints: Hints,
        /// `bracketed`: `[[a, b], [c, d]]`.
        bracketed: bool,
    },
    /// `pieces K: FIELD, …`: K lines, the i-th giving the i-th declared
    /// piece's fields.
    Pieces {
        /// How many.
        count: Count,
        /// The fields on each line.
        fields: Vec<FieldFormat>,
        /// `bracketed`: each line `[a, b]`.
        bracketed: bool,
    },
    /// `piece A: FIELD, …`: one line of a named piece's fields.
    Piece {
        /// The piece.
        name: Spanned<String>,
        /// Its fields.
        fields: Vec<FieldFormat>,
        /// `bracketed`.
        bracketed: bool,
    },
    /// `board R by C`: an R x C board of the layers' defaults; the judge
    /// writes nothing for it (R and C are read before).
    Board {
        /// How many rows.
        rows: Count,
        /// How many columns.
        cols: Count,
    },
    /// `cells K: LAYER from B`: K lines `r c`, each a distinct cell where
    /// the bool layer is true.
    Marks {
        /// How many cells.
        count: Count,
        /// The bool layer.
        layer: Spanned<String>,
        /// `from B`: the number of the first row and column.
        from: Option<Spanned<i64>>,
    },
    /// `lists K: VAR, …`: K lines, the i-th giving the i-th item of each
    /// `list of T` var named.
    Lists {
        /// How many lines.
        count: Count,
        /// The vars, one value each on a line.
        fields: Vec<FieldFormat>,
    },
    /// `dice N of LO..HI`: the known rolls.
    Dice {
        /// How many rolls.
        count: Count,
        /// The die's faces.
        range: Range,
    },
    /// `require EXPR`: a condition every judge instance meets, on the start
    /// position (as `setup` sees it).
    Require {
        /// The condition.
        expr: Box<super::Expr>,
        /// As written (the diagnostics' and `gen`'s name for it).
        text: String,
    },
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bound::Int(n) => write!(f, "{n}"),
            Bound::Name(n) => f.write_str(n),
        }
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.values.is_empty() {
            let v: Vec<String> = self.values.iter().map(i64::to_string).collect();
            return f.write_str(&v.join(" | "));
        }
        write!(f, "{}..{}", self.lo.node, self.hi.node)
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name.node, self.range)
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Count::Measured(n) => write!(f, "{n}"),
            Count::Product(bs) => {
                let t: Vec<String> = bs.iter().map(|b| b.node.to_string()).collect();
                f.write_str(&t.join(" * "))
            }
        }
    }
}

impl std::fmt::Display for FieldFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.field.node)?;
        if !self.words.is_empty() {
            let w: Vec<&str> = self.words.iter().map(|w| w.node.as_str()).collect();
            write!(f, " as {}", w.join(" | "))?;
        }
        if !self.spelled.is_empty() {
            let w: Vec<String> = self
                .spelled
                .iter()
                .map(|w| format!("{:?}", w.node))
                .collect();
            write!(f, " as {}", w.join(" | "))?;
        }
        if let Some(b) = &self.from {
            write!(f, " from {}", b.node)?;
        }
        if self.increasing.is_some() {
            f.write_str(" increasing")?;
        }
        Ok(())
    }
}

fn fields(fs: &[FieldFormat]) -> String {
    fs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn brackets(b: bool) -> &'static str {
    if b {
        " bracketed"
    } else {
        ""
    }
}

/// Items are written in the canonical layout `meeple fmt` gives them.
impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Item::Numbers(ns) => {
                // Neighbours with the same range share it: `n, m: 3..10`.
                let mut groups: Vec<(Vec<&str>, &Range)> = Vec::new();
                for n in ns {
                    match groups.last_mut() {
                        Some((names, r)) if **r == n.range => names.push(&n.name.node),
                        _ => groups.push((vec![&n.name.node], &n.range)),
                    }
                }
                let t: Vec<String> = groups
                    .iter()
                    .map(|(names, r)| format!("{}: {r}", names.join(", ")))
                    .collect();
                f.write_str(&t.join(", "))
            }
            Item::Rows {
                rows,
                cols,
                cell,
                hints,
                bracketed,
            } => {
                let cell = match cell {
                    CellFormat::Chars => "chars".to_string(),
                    CellFormat::Numbers(r) => format!("numbers {r}"),
                    CellFormat::Cells(parts) => {
                        let p: Vec<String> = parts
                            .iter()
                            .map(|p| match &p.node {
                                CellPart::Piece => "piece".to_string(),
                                CellPart::Char => "char".to_string(),
                                CellPart::Number(r) => format!("number {r}"),
                            })
                            .collect();
                        format!("cells {}", p.join(", "))
                    }
                };
                write!(f, "rows {rows} of {cols} {cell}")?;
                if let Some(b) = &hints.border {
                    write!(f, " border {:?}", b.node)?;
                }
                if !hints.once.is_empty() {
                    f.write_str(" once")?;
                    for k in &hints.once {
                        write!(f, " {:?}", k.node)?;
                    }
                }
                if hints.increasing.is_some() {
                    f.write_str(" increasing")?;
                }
                if hints.distinct.is_some() {
                    f.write_str(" distinct")?;
                }
                f.write_str(brackets(*bracketed))
            }
            Item::Pieces {
                count,
                fields: fs,
                bracketed,
            } => write!(f, "pieces {count}: {}{}", fields(fs), brackets(*bracketed)),
            Item::Piece {
                name,
                fields: fs,
                bracketed,
            } => write!(
                f,
                "piece {}: {}{}",
                name.node,
                fields(fs),
                brackets(*bracketed)
            ),
            Item::Board { rows, cols } => write!(f, "board {rows} by {cols}"),
            Item::Marks { count, layer, from } => {
                write!(f, "cells {count}: {}", layer.node)?;
                if let Some(b) = from {
                    write!(f, " from {}", b.node)?;
                }
                Ok(())
            }
            Item::Lists { count, fields: fs } => write!(f, "lists {count}: {}", fields(fs)),
            Item::Dice { count, range } => write!(f, "dice {count} of {range}"),
            Item::Require { text, .. } => write!(f, "require {text}"),
        }
    }
}
