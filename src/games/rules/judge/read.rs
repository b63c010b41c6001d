//! Judge text → what scenario statements would have said: the board (rows
//! of characters or numbers), pieces placed with their fields, `rule` and
//! `set` values, the dice. Values are checked by the setup as a scenario's
//! are; here only the format: words where numbers belong, rows of the
//! wrong length, text missing or left over.

use super::cursor::{error, Cursor};
use crate::error::{Code, Diag, Diags};
use crate::games::judge_text::Within;
use crate::games::rules::program::Program;
use crate::games::rules::setup::{BoardInput, PieceInput, SetValue};
use crate::games::rules::state::Dice;
use crate::games::rules::types::Ty;
use crate::syntax::ast::{Int, Span, Spanned};
use crate::syntax::dialect::did_you_mean;
use crate::syntax::rules::input::*;
use std::collections::HashMap;

/// The most cells a `board R by C` item sizes.
pub(crate) const MAX_CELLS: i64 = 1 << 22;

/// The `i`-th value of the type `ty` in its declared order (an
/// enumeration's names, the directions, `false` and `true`), as a scenario
/// writes it.
pub(crate) fn value_word(
    decls: &crate::games::rules::check::Decls,
    ty: &Ty,
    i: usize,
) -> Option<String> {
    match ty {
        Ty::Enum(e) => decls.enums.get(*e)?.get(i).cloned(),
        Ty::Dir => crate::games::rules::check::DIRECTIONS
            .get(i)
            .map(|d| d.to_string()),
        Ty::Bool => ["false", "true"].get(i).map(|w| w.to_string()),
        _ => None,
    }
}

/// One case of a judge input, as scenario statements would say it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Read {
    /// `rows …`: the board.
    pub(crate) board: Option<BoardInput>,
    /// Pieces placed.
    pub(crate) pieces: Vec<PieceInput>,
    /// Params given (as `rule NAME VALUE`).
    pub(crate) rules: Vec<(Spanned<String>, Spanned<SetValue>)>,
    /// Vars given (as `set NAME VALUE`).
    pub(crate) sets: Vec<(Spanned<String>, Spanned<SetValue>)>,
    /// `dice N of …`: the rolls.
    pub(crate) dice: Option<Dice>,
    /// `cells K: LAYER`: each cell where the bool layer is true.
    pub(crate) marks: Vec<(Spanned<String>, Spanned<SetValue>)>,
    /// The numbers outside the problem's limits, each in words.
    pub(crate) beyond: Vec<String>,
}

/// Whether the judge text `text` (as meeple wrote it) is within the
/// problem's declared limits.
pub(crate) fn within(prog: &Program, text: &str) -> Result<(), crate::games::NotInstance> {
    let text = Spanned::new(text.to_string(), Span::new(0, text.len()));
    match read(prog, &text, None) {
        Err(ds) => Err(crate::games::NotInstance::Rule(
            ds.first().map_or(String::new(), |d| d.message.clone()),
        )),
        Ok(r) => match r.beyond.first() {
            Some(b) => Err(crate::games::NotInstance::Limit(b.clone())),
            None if prog.requires.is_empty() => Ok(()),
            None => {
                let prog = std::sync::Arc::new(prog.clone());
                let (inst, s, _) =
                    super::start::start(&prog, &r).map_err(crate::games::NotInstance::Rule)?;
                match super::start::unmet(&prog, &inst, &s) {
                    Some(req) => Err(crate::games::NotInstance::Limit(format!(
                        "the judge requires `{req}`, which does not hold"
                    ))),
                    None => Ok(()),
                }
            }
        },
    }
}

/// How the first row of `array` that breaks `increasing` or `distinct`
/// breaks it, in words.
fn row_order(hints: &Hints, array: &[Vec<Spanned<i64>>]) -> Option<String> {
    for (r, row) in array.iter().enumerate() {
        let r = r + 1;
        if hints.increasing.is_some() {
            if let Some(c) = (1..row.len()).find(|&c| row[c].node <= row[c - 1].node) {
                let (a, b) = (row[c - 1].node, row[c].node);
                return Some(format!(
                    "row {r}, column {} is {b}, not above {a} before it; the judge's rows are increasing",
                    c + 1
                ));
            }
        } else if hints.distinct.is_some() {
            let mut seen = HashMap::new();
            for (c, v) in row.iter().enumerate() {
                if let Some(first) = seen.insert(v.node, c) {
                    return Some(format!(
                        "row {r} has {} in columns {} and {}; the judge's rows are distinct",
                        v.node,
                        first + 1,
                        c + 1
                    ));
                }
            }
        }
    }
    None
}

/// Read case `case` (from 1; the first when not given) of the judge text
/// `text` by `prog`'s format.
pub(crate) fn read(
    prog: &Program,
    text: &Spanned<String>,
    case: Option<Int>,
) -> Result<Read, Diags> {
    let want = case.as_ref().map_or(1, |k| k.node.max(0) as u64);
    let mut chosen = None;
    read_cases(prog, text, case, &mut |k, one| {
        if k == want {
            chosen = Some(one);
        }
    })?;
    Ok(chosen.unwrap_or_default())
}

/// Read every case of the judge text `text` by `prog`'s format, each given
/// to `each` with its number (from 1) as it is read.
pub(crate) fn read_each(
    prog: &Program,
    text: &Spanned<String>,
    each: &mut dyn FnMut(u64, Read),
) -> Result<(), Diags> {
    read_cases(prog, text, None, each)
}

/// Read the judge text (every case of a `cases` format: case `case`, from
/// 1, must be one of them), giving `keep` each case read with its number.
fn read_cases(
    prog: &Program,
    text: &Spanned<String>,
    case: Option<Int>,
    keep: &mut dyn FnMut(u64, Read),
) -> Result<(), Diags> {
    read_lines(prog, text, case, keep, false).map(|_| ())
}

/// [`read_cases`], giving back where each line the format reads starts
/// (with what it holds) when `record`.
fn read_lines(
    prog: &Program,
    text: &Spanned<String>,
    case: Option<Int>,
    keep: &mut dyn FnMut(u64, Read),
    record: bool,
) -> Result<Vec<(usize, String)>, Diags> {
    let within = Within::new(text);
    let Some(format) = &prog.input else {
        return Err(vec![Diag::new(
            Code::InputFormat,
            format!("`{}` declares no judge input format", prog.name),
        )
        .label(text.span, "judge input")
        .help(format!(
            "add `input {{ … }}` to `rules {}` (docs/rules-language.md, *Judge input*), or write the position as statements",
            prog.name
        ))]);
    };
    let chars = format.items.iter().any(|i| {
        matches!(
            &i.node,
            Item::Rows {
                cell: CellFormat::Chars,
                ..
            }
        ) || matches!(&i.node, Item::Rows { cell: CellFormat::Cells(ps), .. }
            if ps.iter().any(|p| p.node == CellPart::Char))
    });
    let mut r = Reader {
        prog,
        cur: Cursor::new(&text.node, !chars, within),
        env: HashMap::new(),
        spans: HashMap::new(),
        lines: record.then(Vec::new),
    };
    let cases = match &format.cases {
        Some(c) => {
            r.line(|| "the number of test cases".to_string());
            let t = r
                .cur
                .number(&format!("`{}`, the number of test cases", c.name.node))
                .map_err(|d| vec![d])?;
            if t.node < 1 {
                return Err(vec![r.err(
                    t.span,
                    "the number of test cases is at least 1",
                    "no case",
                )]);
            }
            t.node as u64
        }
        None => 1,
    };
    let case = match case {
        Some(k) if k.node < 1 || k.node as u64 > cases => {
            return Err(vec![crate::games::judge_text::no_case(
                &k,
                cases,
                "the input",
            )]);
        }
        Some(k) => k.node as u64,
        None => 1,
    };
    for k in 1..=cases {
        r.env.clear();
        let one = r.case(&format.items)?;
        keep(k, one);
        if k >= case && format.cases.is_none() {
            break;
        }
    }
    if !r.cur.at_end() {
        let at = r.cur.at;
        let span = Span::new(at, text.node.len());
        return Err(vec![error(
            r.cur.within(),
            span,
            "the input goes on after its last item".into(),
            "more than the format reads",
            "the judge input ends here: remove what follows (or check the counts before it)".into(),
        )]);
    }
    Ok(r.lines.unwrap_or_default())
}

/// [`read_each`], giving back where each line the format reads starts and
/// what it holds, for [`line_errors`] (`meeple validate` reads once).
pub(crate) fn read_each_lines(
    prog: &Program,
    text: &Spanned<String>,
    each: &mut dyn FnMut(u64, Read),
) -> Result<Vec<(usize, String)>, Diags> {
    read_lines(prog, text, None, each, true)
}

/// The judge text's lines against the format's, `want` as
/// [`read_each_lines`] gives them (`meeple validate`): each item of the
/// format on a line of its own (a row, a piece's or a record's line, a
/// line of numbers), nothing broken over two lines; consecutive bracketed
/// items share one. At most one error of each kind.
pub(crate) fn line_errors(text: &Spanned<String>, mut want: Vec<(usize, String)>) -> Diags {
    want.dedup_by_key(|(at, _)| *at);
    let t = &text.node;
    let starts: Vec<usize> = std::iter::once(0)
        .chain(t.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < t.len())
        .collect();
    let within = Within::new(text);
    let mut out = Vec::new();
    // A line the format starts in the middle of the judge's line.
    if let Some((at, what)) = want
        .iter()
        .find(|(at, _)| starts.binary_search(at).is_err())
    {
        let end = t[*at..].find(['\n', ' ']).map_or(t.len(), |e| at + e);
        out.push(error(
            &within,
            Span::new(*at, end),
            format!("{what} is on the line of what comes before it"),
            "a line of its own in the judge's format",
            format!("break the line before {what}: the format reads each item on its own line"),
        ));
    }
    // A line break inside what the format reads as one line.
    if let Some(&q) = starts
        .iter()
        .find(|q| **q > 0 && want.binary_search_by_key(*q, |(at, _)| *at).is_err())
    {
        let what = want
            .iter()
            .rev()
            .find(|(at, _)| *at < q)
            .map_or("the line before", |(_, w)| w.as_str());
        out.push(error(
            &within,
            Span::new(q - 1, q),
            format!("a line break inside {what}"),
            "this line break",
            format!("the judge writes {what} on one line"),
        ));
    }
    out
}

struct Reader<'p, 't> {
    prog: &'p Program,
    cur: Cursor<'t>,
    env: HashMap<String, i64>,
    /// Where each number of `env` was read (in the text).
    spans: HashMap<String, Span>,
    /// Where each line the format reads starts, and what it holds (kept
    /// only for [`line_errors`]).
    lines: Option<Vec<(usize, String)>>,
}

impl Reader<'_, '_> {
    /// Note that a line of the judge's starts at the next word, holding
    /// `what` (for `meeple validate`'s check of the lines).
    fn line(&mut self, what: impl FnOnce() -> String) {
        if self.lines.is_some() {
            self.cur.blank();
            let at = self.cur.at;
            if let Some(lines) = &mut self.lines {
                lines.push((at, what()));
            }
        }
    }

    fn err(&self, span: Span, msg: &str, label: &str) -> Diag {
        error(
            self.cur.within(),
            span,
            msg.to_string(),
            label,
            String::new(),
        )
    }

    fn at(&self, s: Span) -> Span {
        self.cur.within().span(s)
    }

    fn value(&self, b: &Spanned<Bound>) -> Result<i64, Diag> {
        match &b.node {
            Bound::Int(n) => Ok(*n),
            Bound::Name(n) => self.env.get(n).copied().ok_or_else(|| {
                Diag::new(
                    Code::InputFormat,
                    format!("judge input: `{n}` has no value yet"),
                )
                .label(b.span, "read before it is known")
                .help("read the number before the item that counts by it")
            }),
        }
    }

    /// Note `value` of `what` when it is outside `range` (ends that name
    /// nothing known are not checked).
    fn limit(&self, what: &str, value: i64, range: &Range, beyond: &mut impl Extend<String>) {
        let (Ok(lo), Ok(hi)) = (self.value(&range.lo), self.value(&range.hi)) else {
            return;
        };
        if !(lo..=hi).contains(&value) {
            beyond.extend([format!("{what} is {value}; the judge allows {lo}..{hi}")]);
        } else if !range.listed(value) {
            beyond.extend([format!("{what} is {value}; the judge allows {range}")]);
        }
    }

    fn count(&self, c: &Count) -> Result<Option<i64>, Diag> {
        match c {
            Count::Measured(_) => Ok(None),
            Count::Product(bs) => {
                let mut v = 1i64;
                for b in bs {
                    v = v.saturating_mul(self.value(b)?);
                }
                Ok(Some(v))
            }
        }
    }

    fn case(&mut self, items: &[Spanned<Item>]) -> Result<Read, Diags> {
        let mut out = Read::default();
        // Whether the last item that read anything was bracketed: the
        // next bracketed item's lists go on its line. An item that reads
        // nothing (`cells 0:`, `dice 0 of`, a `require`) is no line at all.
        let mut joined = false;
        for item in items {
            let bracketed = matches!(
                &item.node,
                Item::Rows {
                    bracketed: true,
                    ..
                } | Item::Pieces {
                    bracketed: true,
                    ..
                } | Item::Piece {
                    bracketed: true,
                    ..
                }
            );
            // Lists one after another may be separated by a comma, as the
            // judges' pages write them (`[[1, 1]], [0, 0], [0, 1]`).
            if bracketed && joined && self.cur.peek(b',') {
                let _ = self.cur.punct(b',', "between the lists");
            }
            self.cur.blank();
            let before = self.cur.at;
            let mark = self.lines.as_ref().map_or(0, Vec::len);
            // Where the judge's lines start: a line of numbers; rows,
            // pieces, records and rolls as they are read (none for a count
            // of 0); a bracketed item's lists below, once read.
            if let Item::Numbers(_) = &item.node {
                self.line(|| item_words(&item.node));
            }
            self.item(&item.node, item.span, &mut out)
                .map_err(|d| vec![d])?;
            if self.cur.at > before {
                if bracketed && !joined {
                    if let Some(lines) = &mut self.lines {
                        lines.insert(mark, (before, item_words(&item.node)));
                    }
                }
                joined = bracketed;
            }
        }
        Ok(out)
    }

    fn item(&mut self, item: &Item, span: Span, out: &mut Read) -> Result<(), Diag> {
        match item {
            Item::Numbers(ns) => {
                for n in ns {
                    let v = self
                        .cur
                        .number(&format!("`{}` ({})", n.name.node, n.range))?;
                    self.limit(&n.name.node, v.node, &n.range, &mut out.beyond);
                    self.env.insert(n.name.node.clone(), v.node);
                    self.spans.insert(n.name.node.clone(), v.span);
                    let name = Spanned::new(n.name.node.clone(), self.at(v.span));
                    let decls = &self.prog.decls;
                    let ty = decls
                        .params
                        .iter()
                        .find(|p| p.name.node == n.name.node)
                        .map(|p| (true, &p.ty))
                        .or_else(|| {
                            decls
                                .vars
                                .iter()
                                .find(|p| p.name.node == n.name.node)
                                .map(|p| (false, &p.ty))
                        });
                    if let Some((param, ty)) = ty {
                        let value = if *ty == Ty::Bool {
                            match v.node {
                                0 => SetValue::Word("false".into()),
                                1 => SetValue::Word("true".into()),
                                _ => {
                                    return Err(self.err(
                                        v.span,
                                        &format!("`{}` is 0 or 1", n.name.node),
                                        "not 0 or 1",
                                    ))
                                }
                            }
                        } else {
                            SetValue::Int(v.node)
                        };
                        let entry = (name, Spanned::new(value, self.at(v.span)));
                        if param {
                            out.rules.push(entry);
                        } else {
                            out.sets.push(entry);
                        }
                    }
                }
            }
            Item::Rows {
                rows,
                cols,
                cell,
                hints,
                bracketed,
            } => {
                self.rows(rows, cols, cell, *bracketed, span, out)?;
                if let (CellFormat::Numbers(_), Some(BoardInput::Array(a))) = (cell, &out.board) {
                    out.beyond.extend(row_order(hints, a));
                }
            }
            Item::Pieces {
                count,
                fields,
                bracketed,
            } => {
                let k = self.count(count)?.unwrap_or(0);
                if k < 0 {
                    return Err(
                        Diag::new(Code::InputFormat, format!("judge input: {k} pieces"))
                            .label(span, "a negative count")
                            .help("the count of pieces is at least 0"),
                    );
                }
                let names: Vec<String> = super::piece_order(self.prog)
                    .take(k.min(1 << 16) as usize)
                    .collect();
                for (i, name) in names.iter().enumerate() {
                    // One list may follow another after a comma, as
                    // between bracketed items (`[1, 1, 3], [1, 3, 1]`).
                    if *bracketed && i > 0 && self.cur.peek(b',') {
                        let _ = self.cur.punct(b',', "between the pieces' lists");
                    }
                    let p = self.piece(name, fields, *bracketed)?;
                    out.pieces.push(p);
                }
            }
            Item::Piece {
                name,
                fields,
                bracketed,
            } => {
                let p = self.piece(&name.node, fields, *bracketed)?;
                out.pieces.push(p);
            }
            Item::Board { rows, cols } => {
                let r = self.count(rows)?.unwrap_or(0);
                let c = self.count(cols)?.unwrap_or(0);
                if r < 1 || c < 1 || r.saturating_mul(c) > MAX_CELLS {
                    let at = self.at(Span::new(self.cur.at, self.cur.at));
                    return Err(Diag::new(
                        Code::InputFormat,
                        format!("judge input: a board of {r} x {c} cells"),
                    )
                    .label(at, "the board's size is read before here")
                    .label(span, "sized here")
                    .help(format!(
                        "a board has 1 to {MAX_CELLS} cells, at least one row and one column"
                    )));
                }
                out.board = Some(BoardInput::Sized(r, c));
            }
            Item::Marks { count, layer, from } => {
                let k = self.nonnegative(count, "cells", span)?;
                let base = from.as_ref().map_or(0, |b| b.node);
                let mut seen: HashMap<(i64, i64), Span> = HashMap::new();
                for i in 0..k {
                    let what = format!("cell {} of `{}`", i + 1, layer.node);
                    self.line(|| what.clone());
                    let row = self.cur.number(&format!("{what}'s row"))?;
                    let col = self.cur.number(&format!("{what}'s column"))?;
                    let at = Span::new(row.span.start(), col.span.end());
                    if let Some(first) = seen.insert((row.node, col.node), at) {
                        return Err(self
                            .err(
                                at,
                                &format!("{what} is ({}, {}) again", row.node, col.node),
                                "given twice",
                            )
                            .label(self.at(first), "first given here"));
                    }
                    let at = self.at(at);
                    out.marks.push((
                        Spanned::new(layer.node.clone(), at),
                        Spanned::new(SetValue::Cell(row.node - base, col.node - base), at),
                    ));
                }
            }
            Item::Lists { count, fields } => {
                let k = self.nonnegative(count, "lines", span)?;
                let mut lists: Vec<Vec<Spanned<SetValue>>> = vec![Vec::new(); fields.len()];
                for i in 0..k {
                    self.line(|| format!("list line {}", i + 1));
                    for (j, f) in fields.iter().enumerate() {
                        let ty = match self.var_ty(&f.field.node) {
                            Ty::List(t, _) => *t,
                            t => t,
                        };
                        let who = format!("list line {}", i + 1);
                        let v = self.field(&who, f, &ty, false, &mut true)?;
                        lists[j].push(v);
                    }
                }
                let here = self.at(Span::new(self.cur.at, self.cur.at));
                for (f, items) in fields.iter().zip(&lists) {
                    if f.increasing.is_none() {
                        continue;
                    }
                    let values = items.iter().map(|v| match v.node {
                        SetValue::Int(x) => x,
                        _ => 0,
                    });
                    let pairs = values.clone().zip(values.skip(1)).enumerate();
                    if let Some((i, (a, b))) = pairs.into_iter().find(|(_, (a, b))| b <= a) {
                        out.beyond.push(format!(
                            "`{}` on line {} is {b}, not above {a} on the line before; the judge's are increasing",
                            f.field.node,
                            i + 2
                        ));
                    }
                }
                for (f, items) in fields.iter().zip(lists) {
                    let at = match (items.first(), items.last()) {
                        (Some(a), Some(b)) => Span::new(a.span.start(), b.span.end()),
                        _ => here,
                    };
                    out.sets.push((
                        Spanned::new(f.field.node.clone(), at),
                        Spanned::new(SetValue::List(items), at),
                    ));
                }
            }
            Item::Dice { count, range } => {
                let k = self.count(count)?.unwrap_or(0);
                if k > 0 {
                    self.line(|| item_words(item));
                }
                let mut rolls = Vec::new();
                for i in 0..k.max(0) {
                    let v = self.cur.number(&format!("roll {} ({range})", i + 1))?;
                    self.limit(&format!("roll {}", i + 1), v.node, range, &mut out.beyond);
                    rolls.push(v.node);
                }
                out.dice = Some(Dice::Known(rolls));
            }
            // Checked on the start position (`within`), not read.
            Item::Require { .. } => {}
        }
        Ok(())
    }

    /// One line of a piece's fields.
    fn piece(
        &mut self,
        name: &str,
        fields: &[FieldFormat],
        bracketed: bool,
    ) -> Result<PieceInput, Diag> {
        if !bracketed {
            self.line(|| format!("piece {name}'s line"));
        }
        let start = {
            self.cur.blank();
            self.cur.at
        };
        if bracketed {
            self.cur
                .punct(b'[', &format!("before piece {name}'s line"))?;
        }
        let mut p = PieceInput {
            name: Spanned::new(name.to_string(), Span::default()),
            at: None,
            facing: None,
            with: Vec::new(),
        };
        let mut first = true;
        for f in fields {
            let ty = self
                .prog
                .decls
                .fields
                .iter()
                .find(|d| d.name.node == f.field.node)
                .map_or(Ty::Any, |d| d.ty.clone());
            let value = self.field(&format!("piece {name}"), f, &ty, bracketed, &mut first)?;
            match f.field.node.as_str() {
                "at" => p.at = Some(value),
                "facing" => {
                    if let SetValue::Word(w) = &value.node {
                        p.facing = Some(Spanned::new(w.clone(), value.span));
                    }
                }
                _ => p
                    .with
                    .push((Spanned::new(f.field.node.clone(), value.span), value)),
            }
        }
        if bracketed {
            self.cur
                .punct(b']', &format!("after piece {name}'s line"))?;
        }
        let end = self.cur.at;
        p.name.span = self.at(Span::new(start, end.max(start)));
        Ok(p)
    }

    /// The type of the var `name` (`Any` when there is none).
    fn var_ty(&self, name: &str) -> Ty {
        let decls = &self.prog.decls;
        decls
            .vars
            .iter()
            .find(|v| v.name.node == name)
            .map_or(Ty::Any, |v| v.ty.clone())
    }

    /// A count of lines that is at least 0.
    fn nonnegative(&self, count: &Count, what: &str, span: Span) -> Result<i64, Diag> {
        let k = self.count(count)?.unwrap_or(0);
        if k < 0 {
            return Err(
                Diag::new(Code::InputFormat, format!("judge input: {k} {what}"))
                    .label(span, "a negative count")
                    .help(format!("the count of {what} is at least 0")),
            );
        }
        Ok(k)
    }

    /// One field's value on a line of `who` (`piece 3`, `line 2 of the
    /// lists`): a cell two numbers, an enumeration, direction or bool its
    /// number (`as a | b`) or its word (`as "L" | "D"`), else one number.
    fn field(
        &mut self,
        who: &str,
        f: &FieldFormat,
        ty: &Ty,
        bracketed: bool,
        first: &mut bool,
    ) -> Result<Spanned<SetValue>, Diag> {
        let base = f.from.as_ref().map_or(0, |b| b.node);
        let field = &f.field.node;
        let num = |r: &mut Self, what: String, first: &mut bool| {
            if bracketed && !*first {
                r.cur.punct(b',', "between the numbers")?;
            }
            *first = false;
            r.cur.number(&what)
        };
        if !f.spelled.is_empty() {
            if bracketed && !*first {
                self.cur.punct(b',', "between the words")?;
            }
            *first = false;
            let spelled: Vec<&str> = f.spelled.iter().map(|w| w.node.as_str()).collect();
            let what = format!("{who}'s {field} ({})", spelled.join(", "));
            let Some(w) = self.cur.word(bracketed) else {
                let end = Span::new(self.cur.at, self.cur.at);
                return Err(error(
                    self.cur.within(),
                    end,
                    format!("expected {what}, found the end of the input"),
                    "the input ends here",
                    format!("the judge writes {what} here"),
                ));
            };
            let Some(i) = spelled.iter().position(|x| *x == w.node) else {
                let help = did_you_mean(w.node, spelled.iter().copied()).map_or_else(
                    || format!("the judge writes one of: {}", spelled.join(", ")),
                    |h| format!("{h} the judge writes one of: {}", spelled.join(", ")),
                );
                return Err(error(
                    self.cur.within(),
                    w.span,
                    format!("expected {what}, found `{}`", w.node),
                    "not one of its words",
                    help,
                ));
            };
            let word = value_word(&self.prog.decls, ty, i).unwrap_or_default();
            return Ok(Spanned::new(SetValue::Word(word), self.at(w.span)));
        }
        Ok(match ty {
            Ty::Cell => {
                let row = num(self, format!("{who}'s row"), first)?;
                let col = num(self, format!("{who}'s column"), first)?;
                Spanned::new(
                    SetValue::Cell(row.node - base, col.node - base),
                    self.at(Span::new(row.span.start(), col.span.end())),
                )
            }
            Ty::Dir | Ty::Enum(_) => {
                let v = num(self, format!("{who}'s {field}"), first)?;
                let i = v.node - base;
                let word = usize::try_from(i).ok().and_then(|i| f.words.get(i));
                let Some(word) = word else {
                    let list: Vec<String> = f
                        .words
                        .iter()
                        .enumerate()
                        .map(|(i, w)| format!("{} = {}", i as i64 + base, w.node))
                        .collect();
                    return Err(error(
                        self.cur.within(),
                        v.span,
                        format!("{who}'s {field} is {}, not one of its numbers", v.node),
                        "no such value",
                        format!("the judge writes {}", list.join(", ")),
                    ));
                };
                Spanned::new(SetValue::Word(word.node.clone()), self.at(v.span))
            }
            Ty::Bool => {
                let v = num(self, format!("{who}'s {field}"), first)?;
                let w = if v.node != 0 { "true" } else { "false" };
                Spanned::new(SetValue::Word(w.into()), self.at(v.span))
            }
            _ => {
                let v = num(self, format!("{who}'s {field}"), first)?;
                Spanned::new(SetValue::Int(v.node), self.at(v.span))
            }
        })
    }

    /// The piece the judge writes on `what` (a cell of a `cells … piece`
    /// board): its number, or a named piece's name; `None` for `0`.
    fn board_piece(
        &mut self,
        what: &str,
        bracketed: bool,
    ) -> Result<Option<Spanned<String>>, Diag> {
        let named = &self.prog.decls.named;
        let save = self.cur.at;
        if let Some(w) = self.cur.word(bracketed) {
            if named.iter().any(|x| x.node == w.node) {
                return Ok(Some(Spanned::new(w.node.to_string(), w.span)));
            }
            let numeric = w.node.trim_start_matches('-');
            if !numeric.is_empty() && !numeric.bytes().all(|b| b.is_ascii_digit()) {
                let names: Vec<&str> = named.iter().map(|x| x.node.as_str()).collect();
                let list = if names.is_empty() {
                    "the judge writes a piece's number, `0` for none".to_string()
                } else {
                    format!(
                        "the judge writes a piece's number or name ({}), `0` for none",
                        names.join(", ")
                    )
                };
                let help = match did_you_mean(w.node, names.iter().copied()) {
                    Some(h) => format!("{h} {list}"),
                    None => list,
                };
                return Err(error(
                    self.cur.within(),
                    w.span,
                    format!("expected the piece on {what}, found `{}`", w.node),
                    "no such piece",
                    help,
                ));
            }
        }
        self.cur.at = save;
        let v = self.cur.number(&format!("the piece on {what}"))?;
        Ok((v.node != 0).then(|| Spanned::new(v.node.to_string(), v.span)))
    }

    /// `meeple::board::empty` when the board's rows `n` or columns `m`
    /// (`None`: measured, not known yet) are 0, as `board { }` is.
    fn empty_board(
        &self,
        n: Option<i64>,
        m: Option<i64>,
        rows: &Count,
        cols: &Count,
    ) -> Result<(), Diag> {
        let zero = [(n, rows, "rows"), (m, cols, "columns")]
            .into_iter()
            .find(|(v, _, _)| *v == Some(0));
        let Some((_, count, what)) = zero else {
            return Ok(());
        };
        // The number that made it 0, else where the board was read.
        let at = match count {
            Count::Product(bs) => bs.iter().find_map(|b| match &b.node {
                Bound::Name(x) if self.env.get(x) == Some(&0) => self.spans.get(x).copied(),
                _ => None,
            }),
            Count::Measured(_) => None,
        }
        .unwrap_or(Span::new(self.cur.at, self.cur.at));
        Err(self.cur.within().diag(
            Diag::new(
                Code::BoardEmpty,
                format!("judge input: a board of 0 {what} has no cells"),
            )
            .label(at, format!("0 {what}"))
            .help("a board has at least one row and one column, as `board { … }` does"),
        ))
    }

    fn rows(
        &mut self,
        rows: &Count,
        cols: &Count,
        cell: &CellFormat,
        bracketed: bool,
        span: Span,
        out: &mut Read,
    ) -> Result<(), Diag> {
        let mut beyond = Vec::new();
        let pieces = &mut out.pieces;
        let n = self.count(rows)?;
        let m = self.count(cols)?;
        for (v, what) in [(n, "rows"), (m, "columns")] {
            if let Some(v) = v {
                if v < 0 {
                    return Err(
                        Diag::new(Code::InputFormat, format!("judge input: {v} {what}"))
                            .label(span, "a negative count")
                            .help(format!("the number of {what} is at least 0")),
                    );
                }
            }
        }
        self.empty_board(n, m, rows, cols)?;
        let parts: Vec<CellPart> = match cell {
            CellFormat::Chars => vec![CellPart::Char],
            CellFormat::Numbers(r) => vec![CellPart::Number(r.clone())],
            CellFormat::Cells(ps) => ps.iter().map(|p| p.node.clone()).collect(),
        };
        let numbers = parts.iter().any(|p| matches!(p, CellPart::Number(_)));
        let mut grid: Vec<Vec<Spanned<char>>> = Vec::new();
        let mut array: Vec<Vec<Spanned<i64>>> = Vec::new();
        if bracketed {
            self.cur.punct(b'[', "before the board")?;
        }
        let mut r = 0i64;
        // The columns of the first row (a `cells` board of pieces alone
        // keeps no character or number of them).
        let mut width = 0i64;
        loop {
            match n {
                Some(n) if r >= n => break,
                None if r > 0 && !self.cur.peek(b',') => break,
                None if r == 0 && self.cur.peek(b']') => break,
                _ => {}
            }
            if bracketed && r > 0 {
                self.cur.punct(b',', "between the rows")?;
            }
            if !bracketed {
                self.line(|| format!("row {} of the board", r + 1));
            }
            let mut grow = Vec::new();
            let mut arow = Vec::new();
            if matches!(cell, CellFormat::Chars) {
                let what = format!("row {} of the board", r + 1);
                let Some(w) = self.cur.word(false) else {
                    let end = Span::new(self.cur.at, self.cur.at);
                    return Err(error(
                        self.cur.within(),
                        end,
                        format!("expected {what}, found the end of the input"),
                        "the input ends here",
                        format!("the judge writes {} rows", n.unwrap_or(0)),
                    ));
                };
                let count = w.node.chars().count() as i64;
                if let Some(m) = m {
                    if count != m {
                        return Err(error(
                            self.cur.within(),
                            w.span,
                            format!("{what} has {count} characters, not {m}"),
                            &format!("{count} characters"),
                            format!("each row of the board is {m} characters with no blanks"),
                        ));
                    }
                }
                for (i, ch) in w.node.char_indices() {
                    let s = w.span.start() + i;
                    grow.push(Spanned::new(ch, self.at(Span::new(s, s + ch.len_utf8()))));
                }
            } else {
                if bracketed {
                    self.cur.punct(b'[', &format!("before row {}", r + 1))?;
                }
                let mut c = 0i64;
                loop {
                    match m {
                        Some(m) if c >= m => break,
                        None if c > 0 && !self.cur.peek(b',') => break,
                        _ => {}
                    }
                    for (k, part) in parts.iter().enumerate() {
                        if bracketed && (c > 0 || k > 0) {
                            self.cur.punct(b',', "between the numbers")?;
                        }
                        let what = format!("the cell in row {}, column {}", r + 1, c + 1);
                        match part {
                            CellPart::Piece => {
                                let v = self.board_piece(&what, bracketed)?;
                                if let Some(v) = v {
                                    pieces.push(PieceInput {
                                        name: Spanned::new(v.node, self.at(v.span)),
                                        at: Some(Spanned::new(
                                            SetValue::Cell(r, c),
                                            self.at(v.span),
                                        )),
                                        facing: None,
                                        with: Vec::new(),
                                    });
                                }
                            }
                            CellPart::Number(range) => {
                                let v = self.cur.number(&format!("{what} ({range})"))?;
                                self.limit(&what, v.node, range, &mut beyond);
                                arow.push(Spanned::new(v.node, self.at(v.span)));
                            }
                            CellPart::Char => {
                                let w = self
                                    .cur
                                    .word(bracketed)
                                    .filter(|w| w.node.chars().count() == 1);
                                let Some(w) = w else {
                                    return Err(self.err(
                                        Span::new(self.cur.at, self.cur.at),
                                        &format!("expected one character for {what}"),
                                        "here",
                                    ));
                                };
                                let ch = w.node.chars().next().unwrap_or(' ');
                                grow.push(Spanned::new(ch, self.at(w.span)));
                            }
                        }
                    }
                    c += 1;
                }
                if r == 0 {
                    width = c;
                }
                if bracketed {
                    self.cur.punct(b']', &format!("after row {}", r + 1))?;
                }
                if let (None, Some(first)) = (m, array.first().map(|x: &Vec<_>| x.len())) {
                    if arow.len() != first {
                        let s = arow.first().map_or(span, |x: &Spanned<i64>| x.span);
                        return Err(Diag::new(
                            Code::InputFormat,
                            format!(
                                "judge input: row {} has {} numbers, the first row {first}",
                                r + 1,
                                arow.len()
                            ),
                        )
                        .label(s, "this row")
                        .help("every row of the board has as many numbers"));
                    }
                }
            }
            grid.push(grow);
            array.push(arow);
            r += 1;
        }
        if bracketed {
            self.cur.punct(b']', "after the board")?;
        }
        if matches!(cell, CellFormat::Chars) {
            width = grid.first().map_or(0, |x| x.len() as i64);
        }
        self.empty_board(Some(r), Some(width), rows, cols)?;
        // Sizes measured from the brackets become known by their names.
        for (c, v) in [(rows, array.len() as i64), (cols, width)] {
            if let Count::Measured(num) = c {
                self.env.insert(num.name.node.clone(), v);
                self.limit(&num.name.node, v, &num.range, &mut beyond);
            }
        }
        let through = parts.iter().any(|p| !matches!(p, CellPart::Piece));
        out.board = Some(if numbers {
            BoardInput::Array(array)
        } else if through {
            BoardInput::Grid(grid)
        } else {
            // Pieces alone: no legend entry applies, as `board R by C`.
            BoardInput::Sized(r, width)
        });
        out.beyond.extend(beyond);
        Ok(())
    }
}

/// An item of the format in words, for [`line_errors`].
fn item_words(item: &Item) -> String {
    match item {
        Item::Numbers(ns) => {
            let names: Vec<String> = ns.iter().map(|n| format!("`{}`", n.name.node)).collect();
            format!("the line of {}", names.join(", "))
        }
        Item::Dice { .. } => "the line of rolls".to_string(),
        Item::Rows { .. } => "the board's list".to_string(),
        Item::Pieces { .. } => "the pieces' lists".to_string(),
        Item::Piece { name, .. } => format!("piece {}'s list", name.node),
        _ => "the next item".to_string(),
    }
}
