//! Stacking pictures: the coloured cells (white, red, blue), each stack's
//! pieces as bars from the bottom up, each with its number and an arrow
//! for where it faces; `line` is a filmstrip of frames.

use crate::games::stacking::answer::{Board, Line, Position, Stack};
use crate::games::stacking::rules::{Colour, Dir};
use crate::games::stacking::solve::Outcome;
use crate::games::stacking::Answer;
use crate::games::svg::{text_width, too_large, Doc, MAX_CELLS};

/// A white cell's colour.
pub const WHITE_CELL: &str = "#ffffff";
/// A red cell's colour.
pub const RED_CELL: &str = "#e03c31";
/// A blue cell's colour.
pub const BLUE_CELL: &str = "#3a7bd5";

/// The side of a cell.
pub const CELL: f64 = 64.0;
/// The space around a frame.
pub const PAD: f64 = 16.0;
/// The height of a frame's heading.
pub const HEAD: f64 = 22.0;
/// The most frames a `line` draws: the first and last ones when it has more.
pub const FRAMES: usize = 24;
/// The widest a filmstrip row grows before it wraps.
const ROW_WIDTH: f64 = 1100.0;

/// The picture of a `show` or `line` answer.
pub fn picture(title: &str, answer: &Answer) -> Option<String> {
    let (board, frames) = match answer {
        Answer::Solve(_) => return None,
        Answer::Show(s) => (&s.board, 1),
        Answer::Empty(e) => (&e.board, 1),
        Answer::Line(l) => (&l.board, (l.turns.len() + 1).min(FRAMES)),
    };
    let cells = board.colours.len().saturating_mul(frames);
    if cells > MAX_CELLS {
        return Some(too_large(title, cells));
    }
    Some(match answer {
        Answer::Solve(_) => return None,
        Answer::Show(s) => {
            let p = &s.position;
            let caption = match p.ended_on {
                Some(t) => format!("after turn {}: the game ended during turn {t}", p.turn),
                None => format!(
                    "after turn {} (turn {} is next)",
                    p.turn,
                    p.turn.saturating_add(1)
                ),
            };
            strip(title, &s.board, &[(caption, p, 0)], &[], None)
        }
        Answer::Empty(e) => {
            let empty = Position {
                turn: 0,
                ended_on: None,
                stacks: Vec::new(),
            };
            let frames = [("no pieces yet".to_string(), &empty, 0)];
            strip(title, &e.board, &frames, &[], None)
        }
        Answer::Line(l) => line(title, l),
    })
}

/// The top-left corner of cell (r, c) in a frame whose board starts at `at`.
pub fn cell_corner(at: (f64, f64), (r, c): (usize, usize)) -> (f64, f64) {
    (at.0 + c as f64 * CELL, at.1 + r as f64 * CELL)
}

/// The frames of a line: the start and the turns (at most [`FRAMES`] in
/// all: the first and the last ones, the ending turn among them), each with
/// its heading and the height that completes a stack (0: none marked).
fn line(title: &str, l: &Line) -> String {
    let mut all: Vec<(String, &Position, usize)> =
        vec![(format!("start (turn {})", l.start.turn), &l.start, 0)];
    for p in &l.turns {
        if p.ends_here() {
            all.push((
                format!("turn {}: a stack reaches {}", p.turn, l.stack),
                p,
                l.stack,
            ));
        } else {
            all.push((format!("turn {}", p.turn), p, 0));
        }
    }
    let mut gap = None;
    if all.len() > FRAMES {
        let skipped = all.len() - FRAMES;
        let head = FRAMES / 2;
        all.drain(head..head + skipped);
        gap = Some((head, skipped));
    }
    let mut captions = vec![outcome(&l.outcome, l.stack)];
    if let Some(bound) = l.cut {
        captions.push(format!(
            "the line stops after {bound} turns (write `line N` for more)"
        ));
    }
    if let Some((_, skipped)) = gap {
        captions.push(format!(
            "{skipped} frames in the middle are left out (… marks where)"
        ));
    }
    strip(title, &l.board, &all, &captions, gap.map(|g| g.0))
}

/// Frames side by side, wrapping into rows, with `captions` below; a `…`
/// before frame `gap`.
fn strip(
    title: &str,
    board: &Board,
    frames: &[(String, &Position, usize)],
    captions: &[String],
    gap: Option<usize>,
) -> String {
    let frame_w = board.cols as f64 * CELL + 2.0 * PAD;
    let frame_h = board.rows as f64 * CELL + HEAD + 2.0 * PAD;
    let per_row = ((ROW_WIDTH / frame_w).floor() as usize).clamp(1, frames.len().max(1));
    let rows = frames.len().div_ceil(per_row).max(1);
    let heads = frames
        .iter()
        .map(|f| text_width(f.0.chars().count(), 12.0) + 2.0 * PAD)
        .fold(0.0, f64::max);
    let frame_w = frame_w.max(heads);
    let caps_w = captions
        .iter()
        .map(|c| text_width(c.chars().count(), 13.0) + 2.0 * PAD)
        .fold(0.0, f64::max);
    let width = (per_row as f64 * frame_w).max(caps_w);
    let height = rows as f64 * frame_h + 20.0 * captions.len() as f64 + 8.0;
    let mut doc = Doc::new(width, height, title);
    for (i, (heading, p, complete)) in frames.iter().enumerate() {
        let x = (i % per_row) as f64 * frame_w;
        let y = (i / per_row) as f64 * frame_h;
        doc.text(x + PAD, y + PAD + 12.0, 12.0, "start", "#000000", heading);
        if gap == Some(i) {
            doc.text(x + 4.0, y + PAD + 12.0, 12.0, "start", "#000000", "…");
        }
        frame(&mut doc, board, p, (x + PAD, y + PAD + HEAD), *complete);
    }
    let base = rows as f64 * frame_h + 14.0;
    for (i, c) in captions.iter().enumerate() {
        doc.text(PAD, base + 20.0 * i as f64, 13.0, "start", "#000000", c);
    }
    doc.finish()
}

/// One position: the cells, then every stack; a stack at least `complete`
/// high (when not 0) is outlined in gold.
fn frame(doc: &mut Doc, board: &Board, p: &Position, at: (f64, f64), complete: usize) {
    for r in 0..board.rows {
        for c in 0..board.cols {
            let (x, y) = cell_corner(at, (r, c));
            doc.rect(x, y, CELL, CELL, fill(board.colour((r, c))), "#444444");
        }
    }
    for s in &p.stacks {
        stack(doc, at, s);
        if complete > 0 && s.pieces.len() >= complete {
            let (x, y) = cell_corner(at, s.cell);
            doc.el(
                "rect",
                &[
                    ("x", (x + 2.0).into()),
                    ("y", (y + 2.0).into()),
                    ("width", (CELL - 4.0).into()),
                    ("height", (CELL - 4.0).into()),
                    ("fill", "none".into()),
                    ("stroke", "#f1c40f".into()),
                    ("stroke-width", 4.0.into()),
                ],
            );
        }
    }
}

/// A stack's pieces as bars, bottom to top, each with its number and arrow.
fn stack(doc: &mut Doc, at: (f64, f64), s: &Stack) {
    let (x, y) = cell_corner(at, s.cell);
    let n = s.pieces.len().max(1) as f64;
    let bar_h = ((CELL - 12.0) / n).min(16.0);
    let (bx, bw) = (x + 8.0, CELL - 16.0);
    for (i, piece) in s.pieces.iter().enumerate() {
        let by = y + CELL - 6.0 - (i + 1) as f64 * bar_h;
        doc.rect(bx, by, bw, bar_h - 1.0, "#fdfdfd", "#222222");
        let size = (bar_h - 3.0).clamp(5.0, 11.0);
        let mid = by + (bar_h - 1.0) / 2.0;
        let label = piece.number.to_string();
        doc.text(
            bx + 4.0,
            mid + size * 0.36,
            size,
            "start",
            "#000000",
            &label,
        );
        arrow(doc, (bx + bw - 9.0, mid), (bar_h * 0.3).min(5.0), piece.dir);
    }
}

/// A small triangle at `c` pointing `dir`.
fn arrow(doc: &mut Doc, c: (f64, f64), r: f64, dir: Dir) {
    let (dx, dy) = match dir {
        Dir::Right => (1.0, 0.0),
        Dir::Left => (-1.0, 0.0),
        Dir::Up => (0.0, -1.0),
        Dir::Down => (0.0, 1.0),
    };
    let tip = (c.0 + dx * r * 1.4, c.1 + dy * r * 1.4);
    let back = (c.0 - dx * r, c.1 - dy * r);
    doc.polygon(
        &[
            tip,
            (back.0 - dy * r, back.1 + dx * r),
            (back.0 + dy * r, back.1 - dx * r),
        ],
        "#111111",
    );
}

fn fill(c: Colour) -> &'static str {
    match c {
        Colour::White => WHITE_CELL,
        Colour::Red => RED_CELL,
        Colour::Blue => BLUE_CELL,
    }
}

/// How the game goes on, in a sentence.
fn outcome(o: &Outcome, stack: usize) -> String {
    match *o {
        Outcome::Ended { turn } => format!("a stack reaches {stack} during turn {turn}"),
        Outcome::Cycle { start, period } => format!(
            "the game never ends: the position at the start of turn {start} recurs every {}",
            crate::games::count(period, "turn")
        ),
        Outcome::LimitReached { limit } => {
            format!("no stack reaches {stack} within the limit of {limit} turns")
        }
        Outcome::Unproven { limit, turn } => format!(
            "no stack reaches {stack} within the limit of {limit} turns; whether the game ever \
             ends is not proven (no end and no repeat found by turn {turn}, when the budget ran out)"
        ),
    }
}
