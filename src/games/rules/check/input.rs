//! The judge format of a rules block: `input { … }` and `output FIELD`
//! (docs/rules-language.md, *Judge input*). Every name is a param, a var,
//! a named piece, a declared field or a number read before it; the board
//! is read once, through a legend that has the keys it needs; every field
//! a line gives can be written as numbers.

use super::{diag, Checker, Sym};
use crate::error::{Code, Diag};
use crate::games::rules::types::Ty;
use crate::syntax::ast::Span;
use crate::syntax::dialect::did_you_mean;
use crate::syntax::rules::input::*;
use crate::syntax::rules::{BoardKind, Objective, Part};
use std::collections::HashSet;

/// `help`: a did-you-mean for `word` among `known` (when one is close)
/// before `list`, the names that are known.
pub(super) fn known<'a>(
    word: &str,
    known: impl IntoIterator<Item = &'a str>,
    list: String,
) -> String {
    did_you_mean(word, known).map_or(list.clone(), |h| format!("{h} {list}"))
}

/// Whether the block's `turn` holds a `print`, at any depth.
fn turn_prints(def: &crate::syntax::rules::RulesDef) -> bool {
    use crate::syntax::rules::{Block, StmtKind};
    fn any(b: &Block) -> bool {
        b.iter().any(|s| match &s.kind {
            StmtKind::Print(_) => true,
            StmtKind::If(arms, other) => {
                arms.iter().any(|(_, b)| any(b)) || other.as_ref().is_some_and(any)
            }
            StmtKind::For { body, .. }
            | StmtKind::Repeat(_, body)
            | StmtKind::While(_, _, body)
            | StmtKind::Simultaneously(body) => any(body),
            _ => false,
        })
    }
    def.parts
        .iter()
        .any(|p| matches!(&p.node, Part::Turn(b) if any(b)))
}

pub(super) fn bad(msg: impl Into<String>, at: Span, label: impl Into<String>) -> Diag {
    diag(Code::RulesInput, msg, at, label)
}

impl Checker<'_> {
    /// Check the block's `input` and `output` parts.
    pub(super) fn judge_format(&mut self) {
        let def = self.def;
        for p in &def.parts {
            match &p.node {
                Part::Input(f) => self.input_format(f),
                Part::Output(field) => {
                    let objective = def.parts.iter().find_map(|q| match &q.node {
                        Part::Solve(o) => Some(o),
                        _ => None,
                    });
                    let fields: Vec<&str> = objective
                        .map(Objective::fields)
                        .unwrap_or_default()
                        .iter()
                        .map(|f| f.name())
                        .collect();
                    if objective.is_some() && !fields.contains(&field.node.as_str()) {
                        let list = format!("this objective's fields are: {}", fields.join(", "));
                        self.err(
                            bad(
                                format!("`solve` gives no field `{}` to output", field.node),
                                field.span,
                                "not a field of this objective",
                            )
                            .help(known(
                                &field.node,
                                fields.iter().copied(),
                                list,
                            )),
                        );
                    } else if field.node == "printed" && !turn_prints(def) {
                        self.err(
                            bad(
                                "`output printed` of a turn that never prints",
                                field.span,
                                "no `print` in `turn` gives these lines",
                            )
                            .help("`printed` holds what the turn's `print E` statements print along the run: write one in `turn { … }`, or output another field"),
                        );
                    }
                }
                _ => {}
            }
        }
    }

    fn input_format(&mut self, f: &InputFormat) {
        let mut read: HashSet<String> = HashSet::new();
        if let Some(c) = &f.cases {
            self.range(&c.range, &read);
            read.insert(c.name.node.clone());
        }
        let mut board: Option<Span> = None;
        let mut marked: HashSet<String> = HashSet::new();
        for item in &f.items {
            match &item.node {
                Item::Numbers(ns) => {
                    for n in ns {
                        self.range(&n.range, &read);
                        self.number(n, &mut read);
                    }
                }
                Item::Rows {
                    rows,
                    cols,
                    cell,
                    hints,
                    bracketed,
                } => {
                    if let Some(first) = board {
                        self.err(
                            bad("the judge input gives the board twice", item.span, "again")
                                .label(first, "the board is read here")
                                .help("one `rows` item reads the whole board"),
                        );
                    }
                    board = Some(item.span);
                    if self.board != BoardKind::Grid {
                        self.err(
                            bad(
                                "`rows` reads a grid, but the game has none",
                                item.span,
                                "rows",
                            )
                            .help("a track or `board none` game reads numbers, pieces and dice"),
                        );
                    }
                    for c in [rows, cols] {
                        self.count(c, *bracketed, &mut read);
                    }
                    self.cells(cell, item.span, &read);
                    self.hints(cell, hints);
                }
                Item::Board { rows, cols } => {
                    if let Some(first) = board {
                        self.err(
                            bad("the judge input gives the board twice", item.span, "again")
                                .label(first, "the board is read here")
                                .help("one `rows` or `board` item gives the whole board"),
                        );
                    }
                    board = Some(item.span);
                    if self.board != BoardKind::Grid {
                        self.err(
                            bad(
                                "`board R by C` sizes a grid, but the game has none",
                                item.span,
                                "board",
                            )
                            .help("a track or `board none` game reads numbers, pieces and dice"),
                        );
                    }
                    for c in [rows, cols] {
                        self.count(c, false, &mut read);
                    }
                }
                Item::Marks { count, layer, from } => {
                    self.count(count, false, &mut read);
                    if board.is_none() {
                        self.err(
                            bad(
                                format!("the cells of `{}` are read before the board", layer.node),
                                item.span,
                                "no board yet",
                            )
                            .help("put `board R by C` (or `rows …`) before the `cells` item"),
                        );
                    }
                    self.mark_layer(layer, &mut marked);
                    let _ = from;
                }
                Item::Lists { count, fields } => {
                    self.count(count, false, &mut read);
                    for x in fields {
                        self.list_format(x, &mut read);
                    }
                }
                Item::Pieces {
                    count,
                    fields,
                    bracketed,
                } => {
                    self.count(count, false, &mut read);
                    if *bracketed && fields.iter().any(|x| self.field_width(x) > 1) {
                        // `[r, c]` per line is fine; several fields too.
                    }
                    for x in fields {
                        self.field_format(x);
                    }
                }
                Item::Piece { name, fields, .. } => {
                    if !self.d.named.iter().any(|n| n.node == name.node) {
                        let named: Vec<&str> =
                            self.d.named.iter().map(|n| n.node.as_str()).collect();
                        let list = format!("the named pieces are: {}", named.join(", "));
                        self.err(
                            bad(
                                format!("`{}` is not a named piece", name.node),
                                name.span,
                                "no such piece",
                            )
                            .help(known(
                                &name.node,
                                named.iter().copied(),
                                list,
                            )),
                        );
                    }
                    for x in fields {
                        self.field_format(x);
                    }
                }
                Item::Dice { count, range } => {
                    self.count(count, false, &mut read);
                    self.range(range, &read);
                }
                Item::Require { expr, .. } => {
                    // As `setup` sees the start position.
                    let ctx = std::mem::replace(&mut self.ctx, super::Ctx::Setup);
                    self.cond(expr);
                    self.ctx = ctx;
                }
            }
        }
    }

    /// `border "K"` and `once "K" …`: chars boards only, each key a
    /// one-character legend key, none given twice.
    fn hints(&mut self, cell: &CellFormat, hints: &Hints) {
        self.row_order(cell, hints);
        let keys: Vec<&crate::syntax::ast::Spanned<String>> =
            hints.border.iter().chain(&hints.once).collect();
        if keys.is_empty() {
            return;
        }
        if !matches!(cell, CellFormat::Chars) {
            let at = keys[0].span;
            return self.err(
                bad(
                    "`border` and `once` draw boards of characters",
                    at,
                    "not a `chars` board",
                )
                .help("use them after `rows N of M chars`"),
            );
        }
        let legend: Vec<String> = self
            .def
            .parts
            .iter()
            .filter_map(|p| match &p.node {
                Part::Legend(es) => Some(es.iter()),
                _ => None,
            })
            .flatten()
            .flat_map(|e| e.keys.iter().map(|k| k.node.clone()))
            .filter(|k| k.chars().count() == 1)
            .collect();
        let mut seen = HashSet::new();
        for k in keys {
            if !legend.contains(&k.node) {
                let list = format!("the one-character keys are: {}", legend.join(" "));
                self.err(
                    bad(
                        format!("\"{}\" is not a one-character key of the legend", k.node),
                        k.span,
                        "not a key",
                    )
                    .help(known(
                        &k.node,
                        legend.iter().map(String::as_str),
                        list,
                    )),
                );
            } else if !seen.insert(k.node.clone()) {
                self.err(
                    bad(format!("\"{}\" is given twice", k.node), k.span, "again")
                        .help("a key is the border's or drawn once, not both"),
                );
            }
        }
    }

    /// `increasing` and `distinct`: rows of numbers only, one of them.
    fn row_order(&mut self, cell: &CellFormat, hints: &Hints) {
        let words = [
            ("increasing", hints.increasing),
            ("distinct", hints.distinct),
        ];
        if !matches!(cell, CellFormat::Numbers(_)) {
            for (word, at) in words {
                if let Some(at) = at {
                    let what = match cell {
                        CellFormat::Chars => "a `chars` board",
                        _ => "a `cells` board",
                    };
                    self.err(
                        bad(
                            format!("`{word}` orders the numbers of each row, not {what}"),
                            at,
                            "not a `numbers` board",
                        )
                        .help("use it after `rows R of C numbers LO..HI`, or remove it; a `lists` number takes `increasing` line by line"),
                    );
                }
            }
            return;
        }
        if let (Some(_), Some(at)) = (hints.increasing, hints.distinct) {
            self.err(
                bad("`increasing` rows are already `distinct`", at, "said twice")
                    .help("keep one: `increasing` (strictly growing) or `distinct` (any order)"),
            );
        }
    }

    /// A number of a numbers line: a param, a var of integers, or a new
    /// name of the format.
    fn number(&mut self, n: &Number, read: &mut HashSet<String>) {
        let name = &n.name;
        if !read.insert(name.node.clone()) {
            self.err(
                bad(
                    format!("the judge input gives `{}` twice", name.node),
                    name.span,
                    "read again",
                )
                .help("give each number its own name"),
            );
            return;
        }
        let sym = self.globals.get(&name.node).cloned();
        let ty = match sym {
            Some(Sym::Param(i)) => Some(self.d.params[i].ty.clone()),
            Some(Sym::Var(i)) => Some(self.d.vars[i].ty.clone()),
            Some(Sym::Layer(_)) => {
                return self.err(
                    bad(
                        format!(
                            "`{}` is a layer: a number of the input cannot set it",
                            name.node
                        ),
                        name.span,
                        "a layer",
                    )
                    .help("layers are read by `rows`, through the legend"),
                )
            }
            Some(Sym::Piece) | Some(Sym::Const(_)) => {
                return self.err(
                    bad(
                        format!("`{}` is already a name of the game", name.node),
                        name.span,
                        "taken",
                    )
                    .help("a number of the input sets a param or a var, or takes a new name"),
                )
            }
            _ => {
                self.new_name(name);
                None
            }
        };
        if let Some(ty) = ty {
            if !matches!(ty, Ty::Int(_) | Ty::Bool | Ty::Any) {
                self.err(
                    bad(
                        format!("`{}` is not a number: the judge cannot write it", name.node),
                        name.span,
                        "not an integer or bool",
                    )
                    .help("a number of the input sets an integer or bool param or var"),
                );
            }
        }
    }

    /// A number of the input that takes a new name (it sets no param or
    /// var): a warning when the name is close to a param's or a var's, as
    /// a slip (`nn` for `n`) would leave that param at its default.
    fn new_name(&mut self, name: &crate::syntax::ast::Spanned<String>) {
        let declared = self.d.params.iter().chain(&self.d.vars);
        let Some(close) =
            crate::syntax::dialect::suggest(&name.node, declared.map(|v| v.name.node.as_str()))
        else {
            return;
        };
        let what = match self.d.params.iter().any(|v| v.name.node == close) {
            true => "param",
            false => "var",
        };
        self.err(
            diag(
                Code::RulesInputName,
                format!("`{}` is a new name of the format, not the {what} `{close}`", name.node),
                name.span,
                "sets no param or var",
            )
            .warning()
            .suggest(Some(close))
            .help(format!(
                "did you mean `{close}`? a number of the input sets the param or var of its name; a new name only sizes or bounds the items after it"
            )),
        );
    }

    /// A range's ends: numbers, or names read before (or params).
    fn range(&mut self, r: &Range, read: &HashSet<String>) {
        for b in [&r.lo, &r.hi] {
            self.bound_name(b, read);
        }
        if let (Bound::Int(lo), Bound::Int(hi)) = (&r.lo.node, &r.hi.node) {
            if lo > hi {
                self.err(
                    diag(
                        Code::RulesBound,
                        format!("the range {lo}..{hi} is empty"),
                        Span::new(r.lo.span.start(), r.hi.span.end()),
                        "low end above high end",
                    )
                    .help("write the least value first"),
                );
            }
        }
    }

    fn bound_name(&mut self, b: &crate::syntax::ast::Spanned<Bound>, read: &HashSet<String>) {
        if let Bound::Name(n) = &b.node {
            let param = matches!(self.globals.get(n), Some(Sym::Param(_)));
            if !read.contains(n) && !param {
                let text = "a size or count is a number, a param, or a number read before it";
                self.err(
                    bad(
                        format!("`{n}` is not read before this"),
                        b.span,
                        "not known here",
                    )
                    .help(known(
                        n,
                        read.iter().map(String::as_str),
                        text.to_string(),
                    )),
                );
            }
        }
    }

    fn count(&mut self, c: &Count, bracketed: bool, read: &mut HashSet<String>) {
        match c {
            Count::Product(bs) => {
                for b in bs {
                    self.bound_name(b, read);
                }
            }
            Count::Measured(n) => {
                self.range(&n.range, read);
                if !bracketed {
                    self.err(
                        bad(
                            format!("`{}` cannot be measured without brackets", n.name.node),
                            n.name.span,
                            "measured from what?",
                        )
                        .help("read the count first (`n: 1..5` on its own line) and write `rows n of …`, or add `bracketed`"),
                    );
                }
                if !read.insert(n.name.node.clone()) {
                    self.err(bad(
                        format!("the judge input gives `{}` twice", n.name.node),
                        n.name.span,
                        "read again",
                    ));
                }
            }
        }
    }

    fn cells(&mut self, cell: &CellFormat, at: Span, read: &HashSet<String>) {
        let legend: Vec<&crate::syntax::rules::Entry> = self
            .def
            .parts
            .iter()
            .filter_map(|p| match &p.node {
                Part::Legend(es) => Some(es.iter()),
                _ => None,
            })
            .flatten()
            .collect();
        let chars_ok = legend
            .iter()
            .any(|e| e.keys.iter().any(|k| k.node.chars().count() == 1));
        let numbers_ok = legend.iter().any(|e| e.number.is_some())
            || legend
                .iter()
                .any(|e| e.keys.iter().any(|k| k.node.parse::<i64>().is_ok()));
        let parts: Vec<(CellPart, Span)> = match cell {
            CellFormat::Chars => vec![(CellPart::Char, at)],
            CellFormat::Numbers(r) => vec![(CellPart::Number(r.clone()), at)],
            CellFormat::Cells(ps) => ps.iter().map(|p| (p.node.clone(), p.span)).collect(),
        };
        let through = parts
            .iter()
            .filter(|(p, _)| !matches!(p, CellPart::Piece))
            .count();
        if through > 1 {
            self.err(
                bad(
                    "a cell goes through the legend once",
                    at,
                    "two legend words per cell",
                )
                .help("keep one `char` or `number` among the cell's words"),
            );
        }
        for (p, span) in parts {
            match p {
                CellPart::Char if !chars_ok => self.err(
                    bad(
                        "`chars` need a legend of one-character keys",
                        span,
                        "no such legend",
                    )
                    .help("add `legend { \"#\": … }` entries for the characters the judge writes"),
                ),
                CellPart::Number(r) if !numbers_ok => {
                    let _ = r;
                    self.err(
                        bad(
                            "`numbers` need a legend that takes numbers",
                            span,
                            "no such legend",
                        )
                        .help("add a `number n: …` entry (or `\"0\": …` keys) to the legend"),
                    )
                }
                // Its ends: numbers, params or numbers read before.
                CellPart::Number(r) => self.range(&r, read),
                CellPart::Piece if self.d.named.is_empty() && !self.numbered() => self.err(
                    bad("the game has no pieces to place", span, "piece")
                        .help("declare pieces (`piece 1..16 { at: cell }`)"),
                ),
                _ => {}
            }
        }
    }

    fn numbered(&self) -> bool {
        self.def.parts.iter().any(|p| {
            matches!(
                &p.node,
                Part::Piece {
                    names: crate::syntax::rules::PieceNames::Numbered(..),
                    ..
                }
            )
        })
    }

    /// How many numbers a field takes on a line.
    fn field_width(&self, x: &FieldFormat) -> usize {
        match self.d.fields.iter().find(|f| f.name.node == x.field.node) {
            Some(f) if f.ty == Ty::Cell => 2,
            _ => 1,
        }
    }

    fn field_format(&mut self, x: &FieldFormat) {
        if let Some(at) = x.increasing {
            self.err(
                bad(
                    "`increasing` orders the lines of a `lists` item",
                    at,
                    "not in `lists`",
                )
                .help("read the values into a `list of` var with `lists K: …`, or remove it"),
            );
        }
        let Some(f) = self
            .d
            .fields
            .iter()
            .find(|f| f.name.node == x.field.node)
            .cloned()
        else {
            let names: Vec<&str> = self.d.fields.iter().map(|f| f.name.node.as_str()).collect();
            let list = format!("the pieces' fields are: {}", names.join(", "));
            return self.err(
                bad(
                    format!("the pieces have no field `{}`", x.field.node),
                    x.field.span,
                    "no such field",
                )
                .help(known(&x.field.node, names.iter().copied(), list)),
            );
        };
        self.values_format(x, &f.ty);
        if !matches!(
            f.ty,
            Ty::Cell | Ty::Dir | Ty::Enum(_) | Ty::Int(_) | Ty::Bool
        ) {
            self.err(
                bad(
                    format!("the judge cannot write `{}` as numbers", x.field.node),
                    x.field.span,
                    "not a cell, number, bool, direction or enumeration",
                )
                .help("read it another way, or set it in `setup`"),
            );
        }
    }

    /// How a field's values are written: a direction or an enumeration by
    /// its number (`as a | b`) or its word (`as "L" | "D"`); a bool may be
    /// spelled too.
    pub(super) fn values_format(&mut self, x: &FieldFormat, ty: &Ty) {
        if !x.spelled.is_empty() {
            return self.spelled_format(x, ty);
        }
        let values: Option<Vec<String>> = match ty {
            Ty::Dir => Some(super::DIRECTIONS.iter().map(|d| d.to_string()).collect()),
            Ty::Enum(i) => self.d.enums.get(*i).cloned(),
            _ => None,
        };
        match (&values, x.words.is_empty()) {
            (Some(vs), true) => {
                let some: Vec<&str> = vs.iter().take(4).map(String::as_str).collect();
                self.err(
                    bad(
                        format!("the judge writes `{}` as a number: say which", x.field.node),
                        x.field.span,
                        "no `as`",
                    )
                    .help(format!(
                        "list its values in the judge's order, e.g. `{} as {} from 1`",
                        x.field.node,
                        some.join(" | ")
                    )),
                )
            }
            (None, false) => self.err(
                bad(
                    format!("`{}` is not a direction or an enumeration", x.field.node),
                    x.words[0].span,
                    "`as` lists values",
                )
                .help("`as` is for direction and enumeration fields; remove it"),
            ),
            (Some(vs), false) => {
                for w in &x.words {
                    if !vs.contains(&w.node) {
                        let list = format!("its values are: {}", vs.join(", "));
                        self.err(
                            diag(
                                Code::RulesName,
                                format!("`{}` is not a value of `{}`", w.node, x.field.node),
                                w.span,
                                "unknown value",
                            )
                            .help(known(
                                &w.node,
                                vs.iter().map(String::as_str),
                                list,
                            )),
                        );
                    }
                }
            }
            (None, true) => {}
        }
    }
}
