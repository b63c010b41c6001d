//! `meeple gen` for a rules game: a random judge input drawn from the
//! block's `input { … }` format within its declared limits (or the shape
//! options' narrower ranges), read back as `input """…"""` reads it, set
//! up, and redrawn until every `require` holds ([`RulesShape`]).

use super::read::read;
use super::refusal::{Reason, Refusal};
use super::start::{start, unmet_all};
use crate::error::Code;
use crate::games::gen_option::OptionError;
use crate::games::gen_shape::{shape_common, Edge, GenShape};
use crate::games::rng::Rng;
use crate::games::rules::program::{CExpr, Program, Val};
use crate::games::rules::types::Ty;
use crate::games::{GameKind, JudgePosition};
use crate::syntax::ast::{Span, Spanned};
use crate::syntax::rules::input::*;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Draws per case before giving up on the `require` items (the last draw
/// is then kept: it is not an instance, and `--judge` skips it).
pub const TRIES: u32 = 1000;

/// The shape of a rules game's generated judge inputs.
#[derive(Clone)]
pub struct RulesShape {
    prog: Arc<Program>,
    /// The block's (and its tracks') source text: a generated file's prelude.
    prelude: String,
    /// `--NAME A..B`: narrower (or, with `--beyond-limits`, other) ranges.
    ranges: Vec<(String, i64, i64)>,
    /// `--weights K=W,…`: board keys or values and their weights.
    weights: Vec<(String, u64)>,
}

impl std::fmt::Debug for RulesShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "RulesShape({}, {:?}, {:?})",
            self.prog.name, self.ranges, self.weights
        )
    }
}

impl PartialEq for RulesShape {
    fn eq(&self, o: &RulesShape) -> bool {
        self.prog.name == o.prog.name
            && self.prelude == o.prelude
            && self.ranges == o.ranges
            && self.weights == o.weights
    }
}

/// How numbers are drawn: at random, or all at their low or high end (the
/// edge cases), or a chars board of only its most common key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Random,
    Low,
    High,
    Common,
}

/// The names of the numbers a format reads (what `--NAME A..B` may set).
pub fn names(format: &InputFormat) -> Vec<String> {
    let mut out: Vec<String> = format.cases.iter().map(|c| c.name.node.clone()).collect();
    for item in &format.items {
        match &item.node {
            Item::Numbers(ns) => out.extend(ns.iter().map(|n| n.name.node.clone())),
            Item::Rows { rows, cols, .. } => {
                for c in [rows, cols] {
                    if let Count::Measured(n) = c {
                        out.push(n.name.node.clone());
                    }
                }
            }
            Item::Pieces {
                count: Count::Measured(n),
                ..
            }
            | Item::Dice {
                count: Count::Measured(n),
                ..
            } => out.push(n.name.node.clone()),
            _ => {}
        }
    }
    out
}

fn parse_range(flag: &str, value: &str) -> Result<(i64, i64), OptionError> {
    let bad = || {
        OptionError::value(
            flag,
            value,
            format!("`{value}` is not a number or a range A..B"),
            "not a range",
            "write a number (7) or a range (3..10)",
        )
    };
    let (a, b) = match value.split_once("..") {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (value.trim(), value.trim()),
    };
    let (a, b) = (
        a.parse::<i64>().map_err(|_| bad())?,
        b.parse::<i64>().map_err(|_| bad())?,
    );
    if a > b {
        return Err(OptionError::value(
            flag,
            value,
            format!("the range {a}..{b} is empty"),
            "low end above high end",
            "write the least value first",
        ));
    }
    Ok((a, b))
}

impl RulesShape {
    /// The shape of `prog`'s judge inputs, with `prelude` (the block's source
    /// text) and the options `(flag, value)`: `--NAME A..B` for a number the
    /// format reads, `--weights K=W,…`, `--beyond-limits` (no value).
    pub fn new(
        prog: Arc<Program>,
        prelude: String,
        args: &[(&str, &str)],
    ) -> Result<RulesShape, OptionError> {
        let Some(format) = &prog.input else {
            return Err(OptionError {
                text: String::new(),
                diag: crate::error::Diag::new(
                    Code::GenOption,
                    format!("`{}` declares no judge input format", prog.name),
                )
                .help(format!(
                    "add `input {{ … }}` to `rules {}` (docs/rules-language.md, *Judge input*)",
                    prog.name
                )),
            });
        };
        let known = names(format);
        let beyond = args.iter().any(|(f, _)| *f == "--beyond-limits");
        let mut ranges = Vec::new();
        let mut weights = Vec::new();
        for (flag, value) in args {
            match *flag {
                "--beyond-limits" => {}
                "--weights" => {
                    for part in value.split(',').filter(|p| !p.trim().is_empty()) {
                        let bad = || {
                            OptionError::value(
                                flag,
                                value,
                                format!("`{part}` is not KEY=WEIGHT"),
                                "not KEY=WEIGHT",
                                "write board keys or values with whole weights: #=1,.=3",
                            )
                        };
                        let (k, w) = part.rsplit_once('=').ok_or_else(bad)?;
                        let w = w.trim();
                        let w: u64 = match w.parse::<u64>() {
                            Ok(w) => w,
                            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => {
                                return Err(OptionError::value(
                                    flag,
                                    value,
                                    format!("the weight of `{}` is too large", k.trim()),
                                    "too large",
                                    "weights are whole numbers up to 18446744073709551615",
                                ))
                            }
                            Err(_) => return Err(bad()),
                        };
                        weights.push((k.trim().to_string(), w));
                    }
                    if !weights.is_empty() && weights.iter().all(|(_, w)| *w == 0) {
                        return Err(OptionError::value(
                            flag,
                            value,
                            "every weight is 0: nothing could be drawn".to_string(),
                            "all 0",
                            "give at least one key or value a weight above 0",
                        ));
                    }
                }
                _ => {
                    let name = flag.trim_start_matches("--");
                    if !known.iter().any(|k| k == name) {
                        let mut list: Vec<String> =
                            known.iter().map(|k| format!("--{k} A..B")).collect();
                        list.extend(["--weights K=W,…".into(), "--beyond-limits".into()]);
                        return Err(OptionError::new(
                            flag,
                            value,
                            Code::GenOption,
                            format!("`{}`'s judge input reads no number `{name}`", prog.name),
                            "not a number of the format",
                            format!("its options are: {}", list.join(", ")),
                            true,
                        ));
                    }
                    let (lo, hi) = parse_range(flag, value)?;
                    if !beyond {
                        if let Some((dlo, dhi)) = declared(format, name) {
                            if lo < dlo || hi > dhi {
                                return Err(OptionError::new(
                                    flag,
                                    value,
                                    Code::GenOption,
                                    format!("{lo}..{hi} is beyond the judge's limits {dlo}..{dhi} of `{name}`"),
                                    "beyond the limits",
                                    "stay within the limits, or add --beyond-limits",
                                    false,
                                ));
                            }
                        }
                    }
                    ranges.push((name.to_string(), lo, hi));
                }
            }
        }
        let shape = RulesShape {
            prog,
            prelude,
            ranges,
            weights,
        };
        // A shape no draw makes an instance of is an error up front.
        let mut rng = Rng::for_case(0, 0);
        if let Err(why) = shape.instance(&mut rng, Mode::Random) {
            return Err(OptionError {
                text: String::new(),
                diag: crate::error::Diag::new(
                    Code::GenUnsatisfied,
                    format!(
                        "no judge input of `{}` drawn in {TRIES} tries is an instance: {}",
                        shape.prog.name,
                        why.why()
                    ),
                )
                .help(why.help()),
            });
        }
        Ok(shape)
    }

    /// The edge cases that meet the requirements, and the labels of
    /// those that do not, with why.
    fn edge_cases(&self) -> (Vec<Edge>, Vec<(String, String)>) {
        let (mut out, mut refused) = (Vec::new(), Vec::new());
        let chars = self.format().items.iter().any(|i| {
            matches!(
                &i.node,
                Item::Rows {
                    cell: CellFormat::Chars,
                    ..
                }
            )
        });
        let mut modes = vec![
            (Mode::Low, "smallest: every number at its low end"),
            (Mode::High, "largest: every number at its high end"),
        ];
        if chars {
            modes.push((Mode::Common, "the board of its most common key"));
        }
        for (k, (mode, label)) in modes.into_iter().enumerate() {
            let mut rng = Rng::for_case(u64::MAX, k as u64);
            match self.instance(&mut rng, mode) {
                Ok(p) => out.push(Edge {
                    label: label.to_string(),
                    position: p,
                }),
                Err(why) => refused.push((label.to_string(), why.why())),
            }
        }
        (out, refused)
    }

    fn format(&self) -> &InputFormat {
        self.prog.input.as_ref().expect("checked by new")
    }

    /// A position drawn until every `require` holds (at most [`TRIES`]
    /// draws); else the tally of why the draws were not.
    fn instance(&self, rng: &mut Rng, mode: Mode) -> Result<JudgePosition, Refusal> {
        let mut why = Refusal::default();
        for _ in 0..TRIES {
            why.draws += 1;
            if let Some(p) = self.once(rng, mode, &mut why) {
                return Ok(p);
            }
        }
        Err(why)
    }

    /// One draw: the text, read back and set up, its requirements checked
    /// (what refuses it counted in `why`).
    fn once(&self, rng: &mut Rng, mode: Mode, why: &mut Refusal) -> Option<JudgePosition> {
        let text = match self.text(rng, mode) {
            Ok(t) => t,
            Err(m) => {
                why.add(Reason::Draw, m);
                return None;
            }
        };
        let spanned = Spanned::new(text.clone(), Span::new(0, text.len()));
        let r = match read(&self.prog, &spanned, None) {
            Ok(r) => r,
            Err(ds) => {
                let m = ds.first().map_or(String::new(), |d| d.message.clone());
                {
                    why.add(Reason::Read, m);
                    return None;
                };
            }
        };
        // Drawn within the limits (or beyond them, by `--beyond-limits`
        // ranges): `r.beyond` is not a reason to redraw.
        let (inst, s, _) = match start(&self.prog, &r) {
            Ok(x) => x,
            Err(m) => {
                why.add(Reason::Setup, m);
                return None;
            }
        };
        let unmet = unmet_all(&self.prog, &inst, &s);
        if !unmet.is_empty() {
            for i in unmet {
                why.add(Reason::Require(i), self.prog.requires[i].0.clone());
            }
            return None;
        }
        // Set up once: the position keeps this start.
        let declared = super::start::declared(&self.prog, &r);
        match super::position::RulesPosition::started(inst, s, declared) {
            Ok(p) => Some(JudgePosition::new(p)),
            Err(e) => {
                why.add(Reason::Setup, e.to_string());
                None
            }
        }
    }

    /// A judge input drawn from the format.
    fn text(&self, rng: &mut Rng, mode: Mode) -> Result<String, String> {
        let mut d = Drawer {
            shape: self,
            rng,
            mode,
            env: HashMap::new(),
            dims: None,
            taken: HashSet::new(),
        };
        for (i, p) in self.prog.decls.params.iter().enumerate() {
            if let Some((_, CExpr::Const(Val::S(v)))) = self.prog.params.get(i) {
                d.env.insert(p.name.node.clone(), *v);
            }
        }
        let mut out = String::new();
        if self.format().cases.is_some() {
            out.push_str("1\n");
        }
        let mut lines = Vec::new();
        for item in &self.format().items {
            if let Some(line) = d.item(&item.node)? {
                lines.push(line);
            }
        }
        // A piece line read before the board's `rows` left its cells for
        // now: they are drawn on the board, in the order they are written.
        for line in lines {
            for tok in line {
                match tok {
                    Tok::Text(t) => out.push_str(&t),
                    Tok::Cell { base, sep } => {
                        let (r, c) = d.free_cell()?;
                        out.push_str(&format!("{}{sep}{}", r + base, c + base));
                    }
                }
            }
            out.push('\n');
        }
        Ok(out)
    }
}

/// The declared limits of the number `name` when both ends are numbers.
fn declared(format: &InputFormat, name: &str) -> Option<(i64, i64)> {
    let range = |r: &Range| match (&r.lo.node, &r.hi.node) {
        (Bound::Int(a), Bound::Int(b)) => Some((*a, *b)),
        _ => None,
    };
    if let Some(c) = format.cases.as_ref().filter(|c| c.name.node == name) {
        return range(&c.range);
    }
    for item in &format.items {
        let found = match &item.node {
            Item::Numbers(ns) => ns.iter().find(|n| n.name.node == name).map(|n| &n.range),
            Item::Rows { rows, cols, .. } => [rows, cols].into_iter().find_map(|c| match c {
                Count::Measured(n) if n.name.node == name => Some(&n.range),
                _ => None,
            }),
            _ => None,
        };
        if let Some(r) = found {
            return range(r);
        }
    }
    None
}

/// A piece of a drawn line: text, or a piece's cell to draw once the
/// board is (a piece line may come before the `rows` line).
enum Tok {
    Text(String),
    Cell { base: i64, sep: &'static str },
}

fn text_line(s: String) -> Vec<Tok> {
    vec![Tok::Text(s)]
}

struct Drawer<'a> {
    shape: &'a RulesShape,
    rng: &'a mut Rng,
    mode: Mode,
    env: HashMap<String, i64>,
    /// The board's rows and columns, once drawn.
    dims: Option<(i64, i64)>,
    /// Cells a piece stands on.
    taken: HashSet<(i64, i64)>,
}

impl Drawer<'_> {
    fn bound(&self, b: &Bound) -> Result<i64, String> {
        match b {
            Bound::Int(n) => Ok(*n),
            Bound::Name(n) => self
                .env
                .get(n)
                .copied()
                .ok_or_else(|| format!("`{n}` has no value when it is needed")),
        }
    }

    fn uniform(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        lo.wrapping_add(self.rng.range(0, hi.abs_diff(lo)) as i64)
    }

    /// A number of `range` (a named number: within `--NAME`'s range).
    fn number(&mut self, name: Option<&str>, range: &Range) -> Result<i64, String> {
        let given = name.and_then(|n| self.shape.ranges.iter().find(|(m, _, _)| m == n));
        let (lo, hi) = match given {
            Some((_, lo, hi)) => (*lo, *hi),
            None => (self.bound(&range.lo.node)?, self.bound(&range.hi.node)?),
        };
        if lo > hi {
            return Err(format!("the range {lo}..{hi} is empty"));
        }
        let values: Vec<i64> = range
            .values
            .iter()
            .copied()
            .filter(|v| (lo..=hi).contains(v))
            .collect();
        if !range.values.is_empty() {
            if values.is_empty() {
                return Err(format!("no value of {range} is within {lo}..{hi}"));
            }
            return Ok(match self.mode {
                Mode::Low => *values.iter().min().unwrap_or(&lo),
                Mode::High => *values.iter().max().unwrap_or(&hi),
                _ => {
                    let w = self.value_weights(&values);
                    values[self.rng.weighted(&w)]
                }
            });
        }
        Ok(match self.mode {
            Mode::Low => lo,
            Mode::High => hi,
            _ => self.uniform(lo, hi),
        })
    }

    /// A board value of `range`, by `--weights` when given.
    fn cell_number(&mut self, range: &Range) -> Result<i64, String> {
        if self.shape.weights.is_empty() || !range.values.is_empty() {
            return self.number(None, range);
        }
        let (lo, hi) = (self.bound(&range.lo.node)?, self.bound(&range.hi.node)?);
        if hi.abs_diff(lo) >= 64 {
            return Err("--weights weighs the values of a range of at most 64".into());
        }
        let values: Vec<i64> = (lo..=hi).collect();
        let w = self.value_weights(&values);
        Ok(values[self.rng.weighted(&w)])
    }

    fn value_weights(&self, values: &[i64]) -> Vec<u64> {
        let w: Vec<u64> = values.iter().map(|v| self.weight(&v.to_string())).collect();
        if w.iter().all(|x| *x == 0) {
            vec![1; values.len()]
        } else {
            w
        }
    }

    fn weight(&self, key: &str) -> u64 {
        let ws = &self.shape.weights;
        if ws.is_empty() {
            return 1;
        }
        ws.iter().find(|(k, _)| k == key).map_or(0, |(_, w)| *w)
    }

    fn count(&mut self, c: &Count) -> Result<i64, String> {
        match c {
            Count::Product(bs) => {
                let mut v = 1i64;
                for b in bs {
                    v = v.saturating_mul(self.bound(&b.node)?);
                }
                Ok(v)
            }
            Count::Measured(n) => {
                let v = self.number(Some(&n.name.node), &n.range)?;
                self.env.insert(n.name.node.clone(), v);
                Ok(v)
            }
        }
    }

    fn item(&mut self, item: &Item) -> Result<Option<Vec<Tok>>, String> {
        Ok(Some(match item {
            Item::Numbers(ns) => {
                let mut v = Vec::new();
                for n in ns {
                    let x = self.number(Some(&n.name.node), &n.range)?;
                    self.env.insert(n.name.node.clone(), x);
                    v.push(x.to_string());
                }
                text_line(v.join(" "))
            }
            Item::Rows {
                rows,
                cols,
                cell,
                hints,
                bracketed,
            } => text_line(self.rows(rows, cols, cell, hints, *bracketed)?),
            Item::Pieces {
                count,
                fields,
                bracketed,
            } => {
                let k = self.count(count)?.max(0);
                let names: Vec<String> = super::piece_order(&self.shape.prog)
                    .take(k.min(1 << 16) as usize)
                    .collect();
                let mut toks = Vec::new();
                for (i, name) in names.iter().enumerate() {
                    if i > 0 {
                        let sep = if *bracketed { " " } else { "\n" };
                        toks.push(Tok::Text(sep.into()));
                    }
                    toks.extend(self.piece(name, fields, *bracketed)?);
                }
                toks
            }
            Item::Piece {
                name,
                fields,
                bracketed,
            } => self.piece(&name.node, fields, *bracketed)?,
            Item::Board { rows, cols } => {
                let n = self.count(rows)?.max(0);
                let m = self.count(cols)?.max(0);
                if n.saturating_mul(m) > 1 << 20 {
                    return Err(format!("a board of {n} × {m} cells is too large to draw"));
                }
                self.dims = Some((n, m));
                return Ok(None);
            }
            Item::Marks { count, layer, from } => {
                let k = self.count(count)?.max(0);
                let Some((n, m)) = self.dims else {
                    return Err("the format reads cells before the board".into());
                };
                let cells = n * m;
                if k > cells {
                    return Err(format!(
                        "{k} cells of `{}` on a board of {n} × {m}",
                        layer.node
                    ));
                }
                // k distinct cells, each set of k equally likely: the
                // first k of a partial shuffle.
                let mut all: Vec<i64> = (0..cells).collect();
                let base = from.as_ref().map_or(0, |b| b.node);
                let mut lines = Vec::new();
                for i in 0..k as usize {
                    let j = self.rng.range_usize(i, all.len() - 1);
                    all.swap(i, j);
                    let c = all[i];
                    lines.push(format!("{} {}", c / m + base, c % m + base));
                }
                text_line(lines.join("\n"))
            }
            Item::Lists { count, fields } => {
                let k = self.count(count)?.max(0);
                if k > 1 << 20 {
                    return Err(format!("{k} lines are too many to draw"));
                }
                let prog = self.shape.prog.clone();
                // An increasing number: k distinct values of its domain,
                // each set equally likely, in order.
                let mut sorted: Vec<Option<Vec<i64>>> = Vec::new();
                for f in fields {
                    let ty = prog.decls.vars.iter().find(|d| d.name.node == f.field.node);
                    let range = match ty.map(|d| &d.ty) {
                        Some(Ty::List(t, _)) => t.clone().range(),
                        _ => None,
                    };
                    sorted.push(match (f.increasing, range) {
                        (Some(_), Some((lo, hi))) => Some(self.increasing(lo, hi, k)?),
                        _ => None,
                    });
                }
                let mut lines = Vec::new();
                for i in 0..k {
                    let mut v = Vec::new();
                    for (f, sorted) in fields.iter().zip(&sorted) {
                        if let Some(xs) = sorted {
                            v.push(xs[i as usize].to_string());
                            continue;
                        }
                        let ty = match prog.decls.vars.iter().find(|d| d.name.node == f.field.node)
                        {
                            Some(d) => match &d.ty {
                                Ty::List(t, _) => (**t).clone(),
                                t => t.clone(),
                            },
                            None => Ty::Any,
                        };
                        let who = format!("line {} of `{}`", i + 1, f.field.node);
                        match ty {
                            Ty::Cell => {
                                let Some((n, m)) = self.dims.filter(|(n, m)| n * m > 0) else {
                                    return Err(format!(
                                        "{who} is a cell, but no board is drawn before it"
                                    ));
                                };
                                let base = f.from.as_ref().map_or(0, |b| b.node);
                                let r = self.uniform(0, n - 1);
                                let c = self.uniform(0, m - 1);
                                v.push(format!("{} {}", r + base, c + base));
                            }
                            ty => v.push(self.value(&who, f, &ty)?),
                        }
                    }
                    lines.push(v.join(" "));
                }
                text_line(lines.join("\n"))
            }
            Item::Dice { count, range } => {
                let k = self.count(count)?.max(0);
                // Capped as boards are: a count up to 10^18 would be drawn.
                if k > 1 << 20 {
                    return Err(format!("{k} rolls are too many to draw"));
                }
                let mut v = Vec::new();
                for _ in 0..k {
                    v.push(self.number(None, range)?.to_string());
                }
                text_line(v.join(" "))
            }
            Item::Require { .. } => return Ok(None),
        }))
    }

    /// A cell no piece stands on yet.
    fn free_cell(&mut self) -> Result<(i64, i64), String> {
        let Some((n, m)) = self.dims else {
            return Err("the format reads a piece's cell but no board `rows`".into());
        };
        let free: Vec<(i64, i64)> = (0..n)
            .flat_map(|r| (0..m).map(move |c| (r, c)))
            .filter(|x| !self.taken.contains(x))
            .collect();
        if free.is_empty() {
            return Err("more pieces than cells".into());
        }
        let at = free[self.rng.range_usize(0, free.len() - 1)];
        self.taken.insert(at);
        Ok(at)
    }

    fn piece(&mut self, name: &str, fields: &[FieldFormat], br: bool) -> Result<Vec<Tok>, String> {
        let prog = self.shape.prog.clone();
        let sep = if br { ", " } else { " " };
        let mut v: Vec<Tok> = Vec::new();
        for f in fields {
            let base = f.from.as_ref().map_or(0, |b| b.node);
            let ty = prog
                .decls
                .fields
                .iter()
                .find(|d| d.name.node == f.field.node)
                .map_or(Ty::Any, |d| d.ty.clone());
            match ty {
                // Before the board is drawn: a cell drawn once it is.
                Ty::Cell if self.dims.is_none() => v.push(Tok::Cell { base, sep }),
                Ty::Cell => {
                    let (r, c) = self.free_cell()?;
                    v.push(Tok::Text(format!("{}{sep}{}", r + base, c + base)));
                }
                ty => v.push(Tok::Text(self.value(&format!("piece {name}"), f, &ty)?)),
            }
        }
        let mut out = Vec::new();
        if br {
            out.push(Tok::Text("[".into()));
        }
        for (i, t) in v.into_iter().enumerate() {
            if i > 0 {
                out.push(Tok::Text(sep.into()));
            }
            out.push(t);
        }
        if br {
            out.push(Tok::Text("]".into()));
        }
        Ok(out)
    }

    /// `k` distinct values of `lo..=hi` in increasing order, each such set
    /// equally likely (the lowest or highest `k` for the edge cases).
    fn increasing(&mut self, lo: i64, hi: i64, k: i64) -> Result<Vec<i64>, String> {
        let span = hi.saturating_sub(lo).saturating_add(1);
        if k > span {
            return Err(format!("{k} increasing values between {lo} and {hi}"));
        }
        let mut out: Vec<i64> = match self.mode {
            Mode::Low => (lo..lo + k).collect(),
            Mode::High => (hi - k + 1..=hi).collect(),
            _ => {
                // Floyd's sampling: k draws, whatever the domain's size.
                let mut set = std::collections::BTreeSet::new();
                for j in span - k..span {
                    let t = self.uniform(0, j);
                    if !set.insert(lo + t) {
                        set.insert(lo + j);
                    }
                }
                set.into_iter().collect()
            }
        };
        out.sort_unstable();
        Ok(out)
    }

    /// An `increasing` row (`m` distinct values of `range` in order, each
    /// set equally likely) or a `distinct` one (`m` distinct values in
    /// random order, each sequence equally likely). A value list draws
    /// from its values within the ends.
    fn ordered_row(&mut self, range: &Range, m: i64, increasing: bool) -> Result<Vec<i64>, String> {
        if m == 0 {
            return Ok(Vec::new());
        }
        let (lo, hi) = (self.bound(&range.lo.node)?, self.bound(&range.hi.node)?);
        let word = if increasing { "increasing" } else { "distinct" };
        let mut row = if range.values.is_empty() {
            if m > hi.saturating_sub(lo).saturating_add(1) {
                return Err(format!("a row of {m} {word} values between {lo} and {hi}"));
            }
            self.increasing(lo, hi, m)?
        } else {
            let mut values: Vec<i64> = range
                .values
                .iter()
                .copied()
                .filter(|v| (lo..=hi).contains(v))
                .collect();
            values.sort_unstable();
            values.dedup();
            if m > values.len() as i64 {
                return Err(format!("a row of {m} {word} values of {range}"));
            }
            let picks = self.increasing(0, values.len() as i64 - 1, m)?;
            picks.into_iter().map(|i| values[i as usize]).collect()
        };
        if !increasing && self.mode == Mode::Random {
            for i in (1..row.len()).rev() {
                let j = self.rng.range_usize(0, i);
                row.swap(i, j);
            }
        }
        Ok(row)
    }

    /// One field's value other than a cell, uniform in its `as` list or
    /// its declared domain (at an end for the edge cases).
    fn value(&mut self, who: &str, f: &FieldFormat, ty: &Ty) -> Result<String, String> {
        let base = f.from.as_ref().map_or(0, |b| b.node);
        Ok(match ty {
            _ if !f.spelled.is_empty() => {
                let i = self.rng.range_usize(0, f.spelled.len() - 1);
                f.spelled[i].node.clone()
            }
            Ty::Dir | Ty::Enum(_) if !f.words.is_empty() => {
                let i = self.rng.range_usize(0, f.words.len() - 1) as i64;
                (i + base).to_string()
            }
            Ty::Bool => self.rng.range(0, 1).to_string(),
            Ty::Int(Some((lo, hi))) => {
                let x = match self.mode {
                    Mode::Low => *lo,
                    Mode::High => *hi,
                    _ => self.uniform(*lo, *hi),
                };
                x.to_string()
            }
            _ => {
                return Err(format!(
                    "{who}'s {} has no domain to draw from",
                    f.field.node
                ))
            }
        })
    }

    /// The one-character keys a chars board draws: the first such key of
    /// each legend entry.
    fn keys(&self) -> Vec<String> {
        self.shape
            .prog
            .legend
            .iter()
            .filter_map(|e| e.keys.iter().find(|k| k.chars().count() == 1).cloned())
            .collect()
    }

    fn rows(
        &mut self,
        rows: &Count,
        cols: &Count,
        cell: &CellFormat,
        hints: &Hints,
        bracketed: bool,
    ) -> Result<String, String> {
        let n = self.count(rows)?.max(0);
        let m = self.count(cols)?.max(0);
        self.dims = Some((n, m));
        if n.saturating_mul(m) > 1 << 20 {
            return Err(format!("a board of {n} × {m} cells is too large to draw"));
        }
        match cell {
            CellFormat::Chars => {
                let grid = self.chars(n, m, hints)?;
                Ok(grid.join("\n"))
            }
            CellFormat::Numbers(range) => {
                let ordered = hints.increasing.is_some() || hints.distinct.is_some();
                let mut lines = Vec::new();
                for _ in 0..n {
                    let row: Vec<i64> = if ordered {
                        self.ordered_row(range, m, hints.increasing.is_some())?
                    } else {
                        (0..m)
                            .map(|_| self.cell_number(range))
                            .collect::<Result<_, _>>()?
                    };
                    lines.push(row.iter().map(i64::to_string).collect());
                }
                Ok(grid_text(&lines, bracketed))
            }
            CellFormat::Cells(parts) => {
                // Pieces: each placed once on a distinct cell.
                let pieces: Vec<String> = if parts.iter().any(|p| p.node == CellPart::Piece) {
                    self.board_pieces()
                } else {
                    Vec::new()
                };
                let cells = (n * m) as usize;
                if pieces.len() > cells {
                    return Err(format!("{} pieces on {cells} cells", pieces.len()));
                }
                let mut slots: Vec<Option<&String>> = pieces.iter().map(Some).collect();
                slots.resize(cells, None);
                for i in (1..slots.len()).rev() {
                    let j = self.rng.range_usize(0, i);
                    slots.swap(i, j);
                }
                let keys = self.keys();
                let mut lines = Vec::new();
                for r in 0..n {
                    let mut row = Vec::new();
                    for c in 0..m {
                        for p in parts {
                            row.push(match &p.node {
                                CellPart::Piece => slots[(r * m + c) as usize]
                                    .map_or("0".to_string(), |s| s.clone()),
                                CellPart::Number(range) => self.cell_number(range)?.to_string(),
                                CellPart::Char => self.key(&keys)?,
                            });
                        }
                    }
                    lines.push(row);
                }
                Ok(grid_text(&lines, bracketed))
            }
        }
    }

    /// The pieces a `cells … piece` board places: the named ones no
    /// `piece` or `pieces` item gives (by name), then the numbered ones (by
    /// their number), as many as their group declares.
    fn board_pieces(&self) -> Vec<String> {
        let prog = &self.shape.prog;
        let items = &self.shape.format().items;
        let listed = items.iter().any(|i| matches!(i.node, Item::Pieces { .. }));
        let mut out: Vec<String> = Vec::new();
        if !listed {
            let given = |n: &str| {
                items
                    .iter()
                    .any(|i| matches!(&i.node, Item::Piece { name, .. } if name.node == n))
            };
            out.extend(
                (prog.decls.named.iter())
                    .filter(|n| !given(&n.node))
                    .map(|n| n.node.clone()),
            );
        }
        let Some((_, hi, _)) = prog.numbered.first() else {
            return out;
        };
        let hi = match hi {
            CExpr::Const(Val::S(h)) => *h,
            _ => return out,
        };
        let lo = prog.numbered_from.first().copied().flatten().unwrap_or(1);
        out.extend((lo..=hi).map(|k| k.to_string()));
        out
    }

    fn key(&mut self, keys: &[String]) -> Result<String, String> {
        if keys.is_empty() {
            return Err("the legend has no one-character key".into());
        }
        let w: Vec<u64> = keys.iter().map(|k| self.weight(k)).collect();
        let w = if w.iter().all(|x| *x == 0) {
            vec![1; keys.len()]
        } else {
            w
        };
        Ok(keys[self.rng.weighted(&w)].clone())
    }

    fn chars(&mut self, n: i64, m: i64, hints: &Hints) -> Result<Vec<String>, String> {
        let once: Vec<String> = hints.once.iter().map(|k| k.node.clone()).collect();
        let border = hints.border.as_ref().map(|k| k.node.clone());
        let keys: Vec<String> = self
            .keys()
            .into_iter()
            .filter(|k| !once.contains(k))
            .collect();
        let common = {
            let w: Vec<u64> = keys.iter().map(|k| self.weight(k)).collect();
            // The heaviest key (with no weights: the last, the plain cell
            // of most legends, `.`), other than the border's.
            let mut best: Option<usize> = None;
            for (i, k) in keys.iter().enumerate() {
                if Some(k) == border.as_ref() && keys.len() > 1 {
                    continue;
                }
                if best.is_none_or(|b| w[i] >= w[b]) {
                    best = Some(i);
                }
            }
            best.map(|i| keys[i].clone())
        };
        let edge = |r: i64, c: i64| r == 0 || c == 0 || r == n - 1 || c == m - 1;
        let mut grid: Vec<Vec<String>> = Vec::new();
        for r in 0..n {
            let mut row = Vec::new();
            for c in 0..m {
                let k = match (&border, self.mode) {
                    (Some(b), _) if edge(r, c) => b.clone(),
                    (_, Mode::Common) => common.clone().ok_or("the legend has no key")?,
                    _ => self.key(&keys)?,
                };
                row.push(k);
            }
            grid.push(row);
        }
        if !once.is_empty() {
            let inner: Vec<(i64, i64)> = (0..n)
                .flat_map(|r| (0..m).map(move |c| (r, c)))
                .filter(|(r, c)| border.is_none() || !edge(*r, *c))
                .collect();
            if inner.len() < once.len() {
                return Err(format!(
                    "a {n} × {m} board has {} for the {} keys drawn once",
                    crate::games::count(inner.len() as u64, "inner cell"),
                    once.len()
                ));
            }
            let mut inner = inner;
            for (i, k) in once.iter().enumerate() {
                let j = self.rng.range_usize(i, inner.len() - 1);
                inner.swap(i, j);
                let (r, c) = inner[i];
                grid[r as usize][c as usize] = k.clone();
            }
        }
        Ok(grid.into_iter().map(|r| r.concat()).collect())
    }
}

fn grid_text(lines: &[Vec<String>], bracketed: bool) -> String {
    if bracketed {
        let rows: Vec<String> = lines
            .iter()
            .map(|r| format!("[{}]", r.join(", ")))
            .collect();
        format!("[{}]", rows.join(", "))
    } else {
        lines
            .iter()
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl GenShape for RulesShape {
    fn game(&self) -> GameKind {
        GameKind::Rules
    }

    fn game_name(&self) -> String {
        self.prog.name.clone()
    }

    fn args(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .ranges
            .iter()
            .map(|(n, lo, hi)| (format!("--{n}"), format!("{lo}..{hi}")))
            .collect();
        if !self.weights.is_empty() {
            let w: Vec<String> = self
                .weights
                .iter()
                .map(|(k, w)| format!("{k}={w}"))
                .collect();
            out.push(("--weights".into(), w.join(",")));
        }
        out
    }

    fn draw(&self, rng: &mut Rng) -> JudgePosition {
        match self.instance(rng, Mode::Random) {
            Ok(p) => p,
            // `new` drew an instance, so this is rare: the case of the
            // first stream stands in (an instance).
            Err(_) => self
                .instance(&mut Rng::for_case(0, 0), Mode::Random)
                .expect("drawn by new"),
        }
    }

    fn edges(&self) -> Vec<Edge> {
        self.edge_cases().0
    }

    fn edges_refused(&self) -> Vec<(String, String)> {
        self.edge_cases().1
    }

    fn prelude(&self) -> String {
        self.prelude.clone()
    }

    fn declarations(&self, position: &JudgePosition) -> String {
        format!("  input \"\"\"\n{}\"\"\"\n", position.input())
    }

    shape_common!(RulesShape);
}
