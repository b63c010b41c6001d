//! The judge codec of stacking (BOJ 17837 "New game 2", BOJ 17780 "New
//! game"): its input `N K`, N rows of N colours (0 white, 1 red, 2 blue),
//! then K lines `row col dir` (1-based; dir 1 right, 2 left, 3 up, 4 down),
//! and its answer.
//!
//! The position type is [`JudgeCase`]: a [`Setup`] and the turn limit. The
//! judge's text holds only the board and the pieces, so [`read`] gives the
//! judge's rules with them (stack 4, limit 1000, mover any); [`instance`]
//! says whether a case is one of the two judge problems.

use super::rules::{Colour, Dir, Mover, Setup};
use super::session::{shared_cell, LEGEND};
use super::solve::Outcome;
use crate::error::{Capped, Code, Diag, Diags};
use crate::games::grid::{self, bad_cell};
use crate::games::judge_text::{check_ints, ints, prefix, values};
use crate::games::not_instance::{limit, rule, NotInstance};
use crate::syntax::ast::{Coord, Int, Span, Spanned};

/// The largest N meeple reads from a judge input (the judge: 4..=12).
pub const MAX_N: i64 = 2048;
/// The largest K meeple reads from a judge input (the judge: 4..=10).
pub const MAX_K: i64 = 1 << 20;

/// A stacking game as the judges pose it: the setup and the turn limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeCase {
    /// The board, colours and pieces.
    pub setup: Setup,
    /// The last turn played (`None`: to the end or a proven cycle).
    pub limit: Option<u64>,
}

/// A judge input as read, with where each part stands in the text.
#[derive(Clone, Debug)]
pub struct Read {
    /// The case read.
    pub case: JudgeCase,
    /// The whole text (the board's declaration).
    pub board: Span,
    /// Piece i + 1's line `row col dir`.
    pub pieces: Vec<Span>,
}

/// Read a judge input: N in 1..=2048 and K in 1..=2^20 (K = 0 is refused, as
/// in scripts), with stack 4, limit 1000 and mover any. Errors carry spans
/// relative to the start of `text`.
pub fn read(text: &str) -> Result<JudgeCase, Diags> {
    read_spanned(text).map(|r| r.case)
}

/// A size from the header (`N` or `K`), which must be `1..=max`.
fn size(v: &Int, what: &str, max: i64) -> Result<usize, Diags> {
    if (1..=max).contains(&v.node) {
        Ok(v.node as usize)
    } else {
        Err(vec![Diag::new(
            Code::NumberRange,
            format!("judge input: {what} must be 1..{max}"),
        )
        .label(v.span, format!("{what} is {}", v.node))
        .help(
            "meeple reads judge inputs of any reasonable size; check the first line",
        )])
    }
}

/// The part of `text` that N and K call for, with one more number (to
/// report extras), checked to be numbers, and how many it holds. The header
/// first: sizes over the caps are refused before the rest is read, and the
/// words past those numbers are counted by a byte scan, not built.
fn numbers(text: &str) -> Result<(&str, usize), Diags> {
    let head = ints(prefix(text, 2))?;
    let cut = match head.as_slice() {
        [n, k, ..] => {
            let n = size(n, "N", MAX_N)?;
            let k = size(k, "K", MAX_K)?;
            prefix(text, 2 + n * n + 3 * k + 1)
        }
        _ => text,
    };
    Ok((cut, check_ints(cut)?))
}

/// [`read`], keeping the spans of the text and of each piece's line.
///
/// The numbers are read one at a time from the text (a 2048 × 2048 board is
/// 4 Mi numbers: each becomes its colour, not a spanned number in a row),
/// and the pieces are placed through one slot per cell, not a map.
pub fn read_spanned(text: &str) -> Result<Read, Diags> {
    let (cut, _) = numbers(text)?;
    let mut it = values(cut);
    let end = Span::new(text.len(), text.len());
    let mut next = |what: &dyn Fn() -> String| -> Result<Int, Diags> {
        it.next().ok_or_else(|| {
            let what = what();
            vec![Diag::new(
                Code::InputFormat,
                format!("judge input: the input ends before {what}"),
            )
            .label(end, format!("{what} expected"))
            .help("the judge format is `N K`, N rows of N colours, then K lines `row col dir`")]
        })
    };
    let n = size(&next(&|| "the board size N".into())?, "N", MAX_N)?;
    let k = size(&next(&|| "the number of pieces K".into())?, "K", MAX_K)?;
    let mut colours = Vec::with_capacity(n * n);
    let mut bad = Capped::default();
    for r in 0..n {
        let mut row_end = 0;
        for c in 0..n {
            let v = next(&|| format!("the colour of row {} column {}", r + 1, c + 1))?;
            // One row per line: a row that runs on to the next line is short.
            if c > 0 && text[row_end..v.span.start()].contains('\n') {
                return Err(vec![short_row(text, r + 1, c, n, row_end)]);
            }
            row_end = v.span.end();
            colours.push((LEGEND.number)(v.node).unwrap_or_else(|| {
                bad.push(v.span, || {
                    bad_cell(v.span, &v.node.to_string(), "stacking", &LEGEND)
                });
                Colour::White
            }));
        }
    }
    if !bad.is_empty() {
        return Err(bad.finish());
    }
    let mut placed = Placed::new(n, k);
    for i in 1..=k {
        let r = next(&|| format!("the row of piece {i}"))?;
        let c = next(&|| format!("the column of piece {i}"))?;
        let d = next(&|| format!("the direction of piece {i}"))?;
        placed.place(i as i64, [r, c, d]);
    }
    let extra = next(&String::new).ok();
    let Placed {
        pieces,
        spans,
        mut diags,
        ..
    } = placed;
    if let Some(extra) = extra {
        diags.push(extra.span, || {
            Diag::new(
                Code::InputFormat,
                "judge input: numbers after the last piece",
            )
            .label(extra.span, "unexpected")
            .help(format!(
                "the input declares K = {k} pieces; remove the extra numbers"
            ))
        });
    }
    if !diags.is_empty() {
        return Err(diags.finish());
    }
    let setup = Setup {
        rows: n,
        cols: n,
        colours,
        pieces,
        stack: 4,
        mover: Mover::Any,
    };
    Ok(Read {
        case: JudgeCase {
            setup,
            limit: Some(1000),
        },
        board: Span::new(0, text.len()),
        pieces: spans,
    })
}

/// Row `row` of the board holds only `read` of its `n` colours on its line
/// (which ends at `end`, after its last colour).
fn short_row(text: &str, row: usize, read: usize, n: usize, end: usize) -> Diag {
    let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
    let start = start + (text[start..end].len() - text[start..end].trim_start().len());
    Diag::new(
        Code::InputFormat,
        format!("judge input: row {row} of the board has {read} colours, not N = {n}"),
    )
    .label(Span::new(start, end), format!("row {row}: {read} of {n} colours"))
    .help(format!(
        "the judge format is `N K`, then N lines of N colours each (here {n}), then K lines `row col dir`"
    ))
}

/// The pieces of the lines `row col dir` on an n × n board as they are
/// read, each with the span of its line; what is wrong goes to `diags`, one
/// diagnostic a piece.
struct Placed {
    n: usize,
    /// The piece placed on each cell: 1 + its index in `pieces`, or 0.
    on: Vec<u32>,
    /// Each placed piece's number.
    numbers: Vec<u32>,
    pieces: Vec<((usize, usize), Dir)>,
    spans: Vec<Span>,
    diags: Capped,
}

impl Placed {
    fn new(n: usize, k: usize) -> Placed {
        Placed {
            n,
            on: vec![0; n * n],
            numbers: Vec::with_capacity(k),
            pieces: Vec::with_capacity(k),
            spans: Vec::with_capacity(k),
            diags: Capped::default(),
        }
    }

    fn place(&mut self, i: i64, [r, c, d]: [Int; 3]) {
        let Some(dir) = u64::try_from(d.node).ok().and_then(Dir::from_judge) else {
            self.diags.push(d.span, || {
                Diag::new(
                    Code::InputFormat,
                    format!("judge input: piece {i} has direction {}", d.node),
                )
                .label(d.span, "not a direction")
                .help("judge directions are 1 right, 2 left, 3 up, 4 down")
            });
            return;
        };
        let at = Spanned::new(
            Coord {
                row: r.node,
                col: c.node,
            },
            r.span.to(c.span),
        );
        let span = r.span.to(d.span);
        // The judge counts rows and columns from 1.
        let n = self.n;
        let placed = grid::place_judge(&at, n, n, 1, &format!("piece {i}")).and_then(|cell| {
            match self.on[cell.0 * n + cell.1] {
                0 => Ok(cell),
                first => {
                    let first = first as usize - 1;
                    let number = i64::from(self.numbers[first]);
                    Err(shared_cell(number, self.spans[first], i, at.span))
                }
            }
        });
        match placed {
            Ok(cell) => {
                self.pieces.push((cell, dir));
                self.spans.push(span);
                self.numbers.push(i as u32);
                self.on[cell.0 * n + cell.1] = self.pieces.len() as u32;
            }
            Err(e) => self.diags.push(at.span, || e),
        }
    }
}

fn colour_code(c: Colour) -> u8 {
    match c {
        Colour::White => 0,
        Colour::Red => 1,
        Colour::Blue => 2,
    }
}

fn dir_code(d: Dir) -> u8 {
    match d {
        Dir::Right => 1,
        Dir::Left => 2,
        Dir::Up => 3,
        Dir::Down => 4,
    }
}

/// The judge input of a case's board and pieces: `N K`, the rows, the
/// pieces' lines, one trailing newline. A judge board is square: a
/// rows × cols board is written with N = rows (see [`instance`]); the
/// stack, mover and limit are not written.
pub fn write(case: &JudgeCase) -> String {
    let s = &case.setup;
    let mut out = format!("{} {}\n", s.rows, s.pieces.len());
    for row in s.colours.chunks(s.cols.max(1)) {
        let cells: Vec<String> = row.iter().map(|&c| colour_code(c).to_string()).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    for &((r, c), d) in &s.pieces {
        out.push_str(&format!("{} {} {}\n", r + 1, c + 1, dir_code(d)));
    }
    out
}

/// The judge's output for how a run with the case's limit stopped: the turn
/// during which the game ended, or -1 (a cycle, or past the limit), and a newline.
pub fn answer_line(outcome: &Outcome) -> String {
    format!("{}\n", outcome.answer())
}

/// The judge problem of a case's mover: BOJ 17837 (any piece moves) or BOJ
/// 17780 (only the bottom of a stack).
pub fn problem(case: &JudgeCase) -> &'static str {
    match case.setup.mover {
        Mover::Any => "BOJ 17837",
        Mover::Bottom => "BOJ 17780",
    }
}

/// Whether `case` is an instance of a judge problem (either mover): stack 4,
/// limit 1000, a square board of 4..=12, 4..=10 pieces.
pub fn instance(case: &JudgeCase) -> Result<(), NotInstance> {
    let s = &case.setup;
    rule(s.stack == 4, || {
        format!("the game ends at a stack of {} (the judge: 4)", s.stack)
    })?;
    rule(case.limit == Some(1000), || match case.limit {
        Some(n) => format!("the turn limit is {n} (the judge: 1000)"),
        None => "no turn limit (the judge: 1000)".into(),
    })?;
    rule(s.rows == s.cols, || {
        format!("the board is {}×{}, not square", s.rows, s.cols)
    })?;
    limit("N", s.rows, 4, 12)?;
    limit("K", s.pieces.len(), 4, 10)
}

#[cfg(test)]
mod tests;
