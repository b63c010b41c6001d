//! Yut pictures: the track (the built-in board as the real one is drawn:
//! the outer square and the two diagonals through the centre; any other
//! track in columns by distance from `start`), each square with its score,
//! blue squares (where a shortcut begins) in blue, the pieces as numbered
//! discs; tables beside the board for `line` and `analyze`.

use super::text::square;
use crate::games::decimal::decimal;
use crate::games::svg::{self, table, text_width, Doc};
use crate::games::yut::answer::{Analyze, Line, Position, RandomRolls, RollsLeft};
use crate::games::yut::{Answer, SquareId, Track};
use std::collections::VecDeque;

/// The distance between neighbouring places of the layout.
pub const STEP: f64 = 46.0;
/// The margin around the board.
pub const MARGIN: f64 = 30.0;
/// A square's radius.
pub const RADIUS: f64 = svg::SQUARE_RADIUS;
/// Blue squares' fill.
pub const BLUE: &str = svg::BLUE_SQUARE;

/// (name, row, col) of the built-in board's squares: the outer square,
/// `start` and `finish` outside its bottom-right corner.
const STANDARD: &[(&str, f64, f64)] = &[
    ("20", 0.0, 0.0),
    ("18", 0.0, 2.0),
    ("16", 0.0, 4.0),
    ("14", 0.0, 6.0),
    ("12", 0.0, 8.0),
    ("10", 0.0, 10.0),
    ("22", 2.0, 0.0),
    ("24", 4.0, 0.0),
    ("26", 6.0, 0.0),
    ("28", 8.0, 0.0),
    ("8", 2.0, 10.0),
    ("6", 4.0, 10.0),
    ("4", 6.0, 10.0),
    ("2", 8.0, 10.0),
    ("30", 10.0, 0.0),
    ("32", 10.0, 2.0),
    ("34", 10.0, 4.0),
    ("36", 10.0, 6.0),
    ("38", 10.0, 8.0),
    ("40", 10.0, 10.0),
    ("b13", 1.25, 8.75),
    ("b16", 2.5, 7.5),
    ("b19", 3.75, 6.25),
    ("c25", 5.0, 5.0),
    ("b22", 1.67, 1.67),
    ("b24", 3.33, 3.33),
    ("b28", 8.75, 1.25),
    ("b27", 7.5, 2.5),
    ("b26", 6.25, 3.75),
    ("c30", 6.67, 6.67),
    ("c35", 8.33, 8.33),
    ("start", 10.0, 12.0),
    ("finish", 12.0, 10.0),
];

/// The picture of a `show`, `line` or `analyze` answer.
pub fn picture(title: &str, answer: &Answer) -> Option<String> {
    Some(match answer {
        Answer::Solve(_) | Answer::SolveRandom(_) => return None,
        Answer::Show(s) => {
            let left = match &s.rolls {
                None => "no dice yet".to_string(),
                Some(RollsLeft::Fixed { rolls }) => format!("rolls left: {}", joined(rolls)),
                Some(RollsLeft::Uniform { lo, hi, left }) => {
                    format!("rolls left: {left} of a {lo}..{hi} die")
                }
            };
            let caption = format!("scored {}; {left}", s.scored);
            page(title, &s.position, &[], None, &[caption])
        }
        Answer::NoRollsLeft(s) => page(title, &s.position, &[], None, &["no rolls left".into()]),
        Answer::Line(l) => line(title, l),
        Answer::Analyze(a) => analyze(title, a),
        Answer::LineRandom(r) => line_random(title, r),
        Answer::AnalyzeRandom(r) => analyze_random(title, r),
    })
}

/// Where each square is drawn, by id, in layout units (row, col).
pub fn layout(track: &Track, standard: bool) -> Vec<(f64, f64)> {
    if standard {
        let placed: Option<Vec<_>> = track
            .squares()
            .map(|sq| {
                STANDARD
                    .iter()
                    .find(|(name, _, _)| *name == track.name(sq))
                    .map(|&(_, r, c)| (r, c))
            })
            .collect();
        if let Some(places) = placed {
            return places;
        }
    }
    layered(track)
}

/// Columns by distance from `start` (following routes and shortcuts), the
/// squares of a column one under the other by id.
fn layered(track: &Track) -> Vec<(f64, f64)> {
    let n = track.len();
    let mut depth = vec![usize::MAX; n];
    let mut queue = VecDeque::from([track.start()]);
    depth[track.start()] = 0;
    while let Some(sq) = queue.pop_front() {
        for next in [track.next(sq), track.shortcut(sq)].into_iter().flatten() {
            if next < n && depth[next] == usize::MAX {
                depth[next] = depth[sq] + 1;
                queue.push_back(next);
            }
        }
    }
    let deepest = depth.iter().filter(|&&d| d != usize::MAX).max().copied();
    let mut used = vec![0usize; deepest.map_or(0, |d| d + 2)];
    let mut out = vec![(0.0, 0.0); n];
    for sq in track.squares() {
        let d = if depth[sq] == usize::MAX {
            used.len() - 1
        } else {
            depth[sq]
        };
        out[sq] = (used[d] as f64 * 1.3, d as f64 * 1.4);
        used[d] += 1;
    }
    out
}

fn joined(rolls: &[u64]) -> String {
    rolls
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A table to draw beside the board: its header, rows and marked rows.
type Table = (Vec<&'static str>, Vec<Vec<String>>, Vec<usize>);

/// The board with the pieces, a table at its right (if any), `tags` (step
/// numbers by square) and captions under both.
fn page(
    title: &str,
    position: &Position,
    tags: &[(SquareId, String)],
    table_at_right: Option<Table>,
    captions: &[String],
) -> String {
    let track = &position.track;
    let places = layout(track, position.is_standard());
    let (rows, cols) = places
        .iter()
        .fold((0.0f64, 0.0f64), |(r, c), &(pr, pc)| (r.max(pr), c.max(pc)));
    let board_w = 2.0 * MARGIN + cols * STEP;
    let board_h = 2.0 * MARGIN + rows * STEP;
    let (table_w, table_h) = table_at_right.as_ref().map_or((0.0, 0.0), |(h, rows, _)| {
        let mut scratch = Doc::new(0.0, 0.0, "");
        table(&mut scratch, (0.0, 0.0), h, rows, &[])
    });
    let caps_w = captions
        .iter()
        .map(|c| text_width(c.chars().count(), 13.0) + 2.0 * MARGIN)
        .fold(0.0, f64::max);
    let width = (board_w + table_w + if table_w > 0.0 { MARGIN } else { 0.0 }).max(caps_w);
    let body_h = board_h.max(table_h + 2.0 * MARGIN);
    let height = body_h + 20.0 * captions.len() as f64 + 8.0;
    let mut doc = Doc::new(width, height, title);
    let at = |sq: SquareId| {
        let (r, c) = places[sq];
        (MARGIN + c * STEP, MARGIN + r * STEP)
    };
    svg::track(&mut doc, track, &at);
    for (sq, tag) in tags {
        let (x, y) = at(*sq);
        doc.text(
            x - RADIUS - 2.0,
            y - RADIUS + 2.0,
            10.0,
            "end",
            "#b9770e",
            tag,
        );
    }
    draw_pieces(&mut doc, position, &at);
    if let Some((header, rows, marked)) = &table_at_right {
        table(&mut doc, (board_w + MARGIN, MARGIN), header, rows, marked);
    }
    for (i, c) in captions.iter().enumerate() {
        doc.text(
            MARGIN,
            body_h + 14.0 + 20.0 * i as f64,
            13.0,
            "start",
            "#000000",
            c,
        );
    }
    doc.finish()
}

/// The pieces: discs around their square, piece 1 first.
fn draw_pieces(doc: &mut Doc, position: &Position, at: &dyn Fn(SquareId) -> (f64, f64)) {
    let track = &position.track;
    let mut seen: Vec<SquareId> = Vec::new();
    for (i, sq) in position.pieces.iter().enumerate() {
        let k = seen.iter().filter(|&&s| s == sq.id).count();
        seen.push(sq.id);
        // Off the `start` and `finish` boxes' words, onto a disc's rim elsewhere.
        let boxed = sq.id == track.start() || sq.id == track.finish();
        let reach = if boxed { (14.0, 18.0) } else { (11.0, 11.0) };
        let at = svg::around(at(sq.id), k, reach);
        svg::token(
            doc,
            at,
            8.0,
            svg::piece_colour(i),
            &(i + 1).to_string(),
            10.0,
        );
    }
}

/// The plan: the pieces where it starts, step numbers beside the squares
/// they stop on, and the table of moves.
fn line(title: &str, l: &Line) -> String {
    let rows: Vec<Vec<String>> = l
        .steps
        .iter()
        .map(|s| {
            vec![
                s.number.to_string(),
                s.roll.to_string(),
                (s.piece + 1).to_string(),
                format!("{} → {}", square(&s.from), square(&s.to)),
                format!("+{}", s.score),
                s.total.to_string(),
            ]
        })
        .collect();
    let mut tags: Vec<(SquareId, String)> = Vec::new();
    for s in &l.steps {
        match tags.iter_mut().find(|(sq, _)| *sq == s.to.id) {
            Some((_, tag)) => tag.push_str(&format!(",{}", s.number)),
            None => tags.push((s.to.id, s.number.to_string())),
        }
    }
    let mut captions = vec![format!(
        "total {} (pieces where the plan starts; orange numbers: the moves that stop there)",
        l.total()
    )];
    if l.skipped > 0 {
        captions.push(format!(
            "every piece is home: {} skipped",
            crate::games::count(l.skipped as u64, "roll")
        ));
    }
    let header = vec!["#", "roll", "piece", "move", "points", "total"];
    page(
        title,
        &l.position,
        &tags,
        Some((header, rows, Vec::new())),
        &captions,
    )
}

/// The next roll moving each piece, the best ones marked.
fn analyze(title: &str, a: &Analyze) -> String {
    let best = a.best();
    let mut marked = Vec::new();
    let rows: Vec<Vec<String>> = a
        .pieces
        .iter()
        .zip(&a.position.pieces)
        .enumerate()
        .map(|(i, (c, from))| match (&c.to, c.total) {
            (Some(to), Some(total)) => {
                if Some(total) == best {
                    marked.push(i);
                }
                vec![
                    (i + 1).to_string(),
                    format!("{} → {}", square(from), square(to)),
                    total.to_string(),
                ]
            }
            _ => vec![
                (i + 1).to_string(),
                format!("{}: cannot move", square(from)),
                "-".into(),
            ],
        })
        .collect();
    let captions = vec![format!("next roll {}: the best moves are shaded", a.roll)];
    let header = vec!["piece", "move", "best total"];
    page(
        title,
        &a.position,
        &[],
        Some((header, rows, marked)),
        &captions,
    )
}

/// `roll 3` or `5..9`.
fn roll_values(first: u64, last: u64) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}..{last}")
    }
}

fn random_caption(r: &RandomRolls) -> String {
    let left = match &r.dice {
        RollsLeft::Uniform { lo, hi, left } => {
            format!("{} of a {lo}..{hi} die", crate::games::count(*left, "roll"))
        }
        RollsLeft::Fixed { rolls } => crate::games::count(rolls.len() as u64, "roll"),
    };
    format!("random dice ({left} left): the best move for each value of the first roll")
}

/// The policy for the first roll: the best piece for each roll value.
fn line_random(title: &str, r: &RandomRolls) -> String {
    let rows: Vec<Vec<String>> = r
        .classes
        .iter()
        .map(|class| {
            let rolls = roll_values(class.first, class.last);
            match class.best.and_then(|i| Some((i, class.pieces.get(i)?))) {
                Some((i, c)) => vec![
                    rolls,
                    (i + 1).to_string(),
                    c.to.as_ref().map(square).unwrap_or_default(),
                    c.expected
                        .as_ref()
                        .map(|v| decimal(v, 6))
                        .unwrap_or_default(),
                ],
                None => vec![rolls, "-".into(), "no piece can move".into(), "-".into()],
            }
        })
        .collect();
    let header = vec!["roll", "piece", "to", "expected total"];
    page(
        title,
        &r.position,
        &[],
        Some((header, rows, Vec::new())),
        &[random_caption(r)],
    )
}

/// Every piece's expected total for each roll value, the best shaded.
fn analyze_random(title: &str, r: &RandomRolls) -> String {
    let mut rows = Vec::new();
    let mut marked = Vec::new();
    for class in &r.classes {
        for (i, c) in class.pieces.iter().enumerate() {
            if class.best == Some(i) {
                marked.push(rows.len());
            }
            rows.push(vec![
                roll_values(class.first, class.last),
                (i + 1).to_string(),
                c.to.as_ref()
                    .map(square)
                    .unwrap_or_else(|| "cannot move".into()),
                c.expected
                    .as_ref()
                    .map(|v| decimal(v, 6))
                    .unwrap_or_else(|| "-".into()),
            ]);
        }
    }
    let header = vec!["roll", "piece", "to", "expected total"];
    page(
        title,
        &r.position,
        &[],
        Some((header, rows, marked)),
        &[random_caption(r)],
    )
}
