//! Footholds pictures: footholds (sand) and holes (dark), A and B as
//! coloured discs with their letters; `line` adds each player's numbered
//! path and marks the vanished footholds, `analyze` an arrow per move.

use crate::games::footholds::answer::{
    player_name as name, Analyze, Answer, Line, Loss, Partial, Show, Stuck,
};
use crate::games::footholds::rules::{Cell, Player, Position};
use crate::games::grid::show_cell;
use crate::games::svg::{text_width, too_large, Doc, MAX_CELLS};

/// Player A's colour.
pub const A_COLOUR: &str = "#c0392b";
/// Player B's colour.
pub const B_COLOUR: &str = "#2471a3";
/// A foothold's colour.
pub const FOOTHOLD: &str = "#e9d3a6";
/// A hole's colour.
pub const HOLE: &str = "#3b3b3b";

/// The side of a cell.
pub const CELL: f64 = 56.0;
/// The margin left of and above the board (for the coordinates).
pub const MARGIN: f64 = 28.0;

/// The picture of a `show`, `line` or `analyze` answer.
pub fn picture(title: &str, answer: &Answer) -> Option<String> {
    let cells = match answer {
        Answer::Solve(_) => 0,
        Answer::Show(s) => s.position.cells.len(),
        Answer::Partial(p) => p.cells.len(),
        Answer::Line(l) => l.start.cells.len(),
        Answer::Analyze(a) => a.position.cells.len(),
        Answer::Stuck(s) => s.position.cells.len(),
    };
    if cells > MAX_CELLS {
        return Some(too_large(title, cells));
    }
    Some(match answer {
        Answer::Solve(_) => return None,
        Answer::Show(s) => show(title, s),
        Answer::Partial(p) => partial(title, p),
        Answer::Line(l) => line(title, l),
        Answer::Analyze(a) => analyze(title, a),
        Answer::Stuck(s) => stuck(title, s),
    })
}

/// The centre of a cell.
pub fn centre((r, c): Cell) -> (f64, f64) {
    (
        MARGIN + (c as f64 + 0.5) * CELL,
        MARGIN + (r as f64 + 0.5) * CELL,
    )
}

fn colour(p: Player) -> &'static str {
    match p {
        Player::A => A_COLOUR,
        Player::B => B_COLOUR,
    }
}

/// A document for a `rows` × `cols` board with `captions` below it.
fn page(title: &str, rows: usize, cols: usize, captions: &[String]) -> Doc {
    let board_w = MARGIN + cols as f64 * CELL + 12.0;
    let text_w = captions
        .iter()
        .map(|c| text_width(c.chars().count(), 13.0) + 24.0)
        .fold(0.0, f64::max);
    let h = MARGIN + rows as f64 * CELL + 12.0 + 20.0 * captions.len() as f64;
    let mut doc = Doc::new(board_w.max(text_w), h, title);
    let base = MARGIN + rows as f64 * CELL + 26.0;
    for (i, c) in captions.iter().enumerate() {
        doc.text(12.0, base + 20.0 * i as f64, 13.0, "start", "#000000", c);
    }
    doc
}

/// The cells (footholds and holes) with their coordinates around them.
fn board(doc: &mut Doc, rows: usize, cols: usize, cells: &[bool], origin: i64) {
    for c in 0..cols {
        let (x, _) = centre((0, c));
        let label = (c as i64 + origin).to_string();
        doc.text(x, MARGIN - 8.0, 11.0, "middle", "#666666", &label);
    }
    for r in 0..rows {
        let (_, y) = centre((r, 0));
        let label = (r as i64 + origin).to_string();
        doc.text(MARGIN - 6.0, y + 4.0, 11.0, "end", "#666666", &label);
    }
    for r in 0..rows {
        for c in 0..cols {
            let x = MARGIN + c as f64 * CELL;
            let y = MARGIN + r as f64 * CELL;
            if cells.get(r * cols + c) == Some(&true) {
                doc.rect(x, y, CELL, CELL, FOOTHOLD, "#8a6d3b");
            } else {
                doc.rect(x, y, CELL, CELL, HOLE, "#222222");
            }
        }
    }
}

/// A player's disc with its letter; both on one cell share it, side by side.
fn player(doc: &mut Doc, p: Player, at: Cell, shared: bool) {
    let (mut x, y) = centre(at);
    let r = if shared { CELL * 0.22 } else { CELL * 0.32 };
    if shared {
        x += if p == Player::A { -r } else { r };
    }
    doc.circle(x, y, r, colour(p), "#ffffff");
    doc.text(x, y + 5.0, 15.0, "middle", "#ffffff", name(p));
}

/// Both players (where placed).
fn players(doc: &mut Doc, a: Option<Cell>, b: Option<Cell>) {
    let shared = a.is_some() && a == b;
    if let Some(a) = a {
        player(doc, Player::A, a, shared);
    }
    if let Some(b) = b {
        player(doc, Player::B, b, shared);
    }
}

fn position(doc: &mut Doc, p: &Position, origin: i64) {
    board(doc, p.rows, p.cols, &p.cells, origin);
    players(doc, Some(p.a), Some(p.b));
}

fn show(title: &str, s: &Show) -> String {
    let p = &s.position;
    let caption = format!(
        "{} to move; A at {}, B at {}",
        name(p.to_move),
        show_cell(p.a, s.origin),
        show_cell(p.b, s.origin)
    );
    let mut doc = page(title, p.rows, p.cols, &[caption]);
    position(&mut doc, p, s.origin);
    doc.finish()
}

fn partial(title: &str, p: &Partial) -> String {
    let missing: Vec<&str> = p.missing().into_iter().map(name).collect();
    let caption = format!("not placed yet: {}", missing.join(" and "));
    let mut doc = page(title, p.rows, p.cols, &[caption]);
    board(&mut doc, p.rows, p.cols, &p.cells, p.origin);
    players(&mut doc, p.a, p.b);
    doc.finish()
}

fn stuck(title: &str, s: &Stuck) -> String {
    let p = &s.position;
    let caption = format!("{} to move has lost: {}", name(s.loser), why(s.loss));
    let mut doc = page(title, p.rows, p.cols, &[caption]);
    position(&mut doc, p, s.origin);
    doc.finish()
}

/// The line: the final board, the vanished footholds crossed out, each
/// move a segment in its player's colour numbered at its middle, the
/// players where they started (rings) and where they end (discs).
fn line(title: &str, l: &Line) -> String {
    let start = &l.start;
    let end = l.end();
    let captions = vec![
        format!("{} cannot move: {}.", name(l.loser), why(l.loss)),
        format!(
            "{} wins after {} (A red, B blue; numbers are the moves, × a vanished foothold).",
            name(l.winner()),
            crate::games::count(l.moves.len() as u64, "move")
        ),
    ];
    let mut doc = page(title, start.rows, start.cols, &captions);
    board(&mut doc, end.rows, end.cols, &end.cells, l.origin);
    // Footholds that vanished during the line.
    for (i, (&before, &after)) in start.cells.iter().zip(&end.cells).enumerate() {
        if before && !after {
            let (x, y) = centre((i / start.cols, i % start.cols));
            let d = CELL * 0.3;
            doc.line((x - d, y - d), (x + d, y + d), "#e6a23c", 3.0);
            doc.line((x - d, y + d), (x + d, y - d), "#e6a23c", 3.0);
        }
    }
    for (p, at) in [(Player::A, start.a), (Player::B, start.b)] {
        let (x, y) = centre(at);
        let dx = if p == Player::A { -6.0 } else { 6.0 };
        doc.el(
            "circle",
            &[
                ("cx", (x + dx).into()),
                ("cy", y.into()),
                ("r", (CELL * 0.18).into()),
                ("fill", "none".into()),
                ("stroke", colour(p).into()),
                ("stroke-width", 3.0.into()),
            ],
        );
    }
    for m in &l.moves {
        let (from, to) = (centre(m.from), centre(m.to));
        doc.arrow(from, to, colour(m.player), 3.0);
    }
    players(&mut doc, Some(end.a), Some(end.b));
    for (i, m) in l.moves.iter().enumerate() {
        let (from, to) = (centre(m.from), centre(m.to));
        // A's numbers sit a little above the segment, B's below.
        let shift = if m.player == Player::A { -7.0 } else { 7.0 };
        let (x, y) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0 + shift);
        doc.circle(x, y, 9.0, "#ffffff", colour(m.player));
        doc.text(x, y + 4.0, 11.0, "middle", "#000000", &(i + 1).to_string());
    }
    doc.finish()
}

/// Every legal move as an arrow from the mover's cell, labelled with its
/// value; the best moves (equal to the first) thick and green.
fn analyze(title: &str, a: &Analyze) -> String {
    let p = &a.position;
    let caption = format!(
        "{} to move from {}: green arrows are the best moves",
        name(a.mover),
        show_cell(a.from, a.origin)
    );
    let mut doc = page(title, p.rows, p.cols, &[caption]);
    position(&mut doc, p, a.origin);
    let best = a.moves.first().map(|c| (c.wins, c.moves));
    let from = centre(a.from);
    for c in &a.moves {
        let is_best = Some((c.wins, c.moves)) == best;
        let to = centre(c.to);
        // Stop short of the target's centre, where the label goes.
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let cut = CELL * 0.3;
        let tip = (to.0 - dx / len * cut, to.1 - dy / len * cut);
        let start = (from.0 + dx / len * cut, from.1 + dy / len * cut);
        let (colour, width) = if is_best {
            ("#1e8449", 4.0)
        } else {
            ("#7f8c8d", 2.0)
        };
        doc.arrow(start, tip, colour, width);
    }
    for c in &a.moves {
        let is_best = Some((c.wins, c.moves)) == best;
        let (x, y) = centre(c.to);
        let label = format!("{} in {}", if c.wins { "wins" } else { "loses" }, c.moves);
        let w = text_width(label.chars().count(), 10.0) + 6.0;
        let fill = if is_best { "#d5f5e3" } else { "#ffffff" };
        doc.rect(x - w / 2.0, y + 4.0, w, 15.0, fill, "#555555");
        doc.text(x, y + 15.0, 10.0, "middle", "#000000", &label);
    }
    doc.finish()
}

/// Why the side to move has lost, in words.
fn why(loss: Loss) -> &'static str {
    match loss {
        Loss::Vanished => "the foothold under it has vanished",
        Loss::Blocked => "it has no foothold to step to",
    }
}
