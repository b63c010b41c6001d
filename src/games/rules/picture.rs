//! Rules games' pictures, drawn from the declared state with no per-game
//! code (see `picture_board` for one position): `show` is the board, its
//! legend, the `var`s, params and pieces' fields as tables; `line` a
//! filmstrip of the start and the position after each move, each headed
//! by its move; `analyze` the position beside a table of every legal move
//! with its value. A `board none` game draws the tables only.

use super::picture_board::{self as board, Colours};
use super::state::{Instance, State};
use crate::games::svg::{table, text_width, too_large, Doc, MAX_CELLS};
use std::sync::Arc;

/// The space around a frame.
const PAD: f64 = 16.0;
/// The height of a frame's heading.
const HEAD: f64 = 22.0;
/// A note line's height under a frame.
const NOTE: f64 = 15.0;
/// The most frames a `line` draws: the first and last ones when it has more.
pub const FRAMES: usize = 24;
/// The widest a filmstrip row grows before it wraps.
const ROW_WIDTH: f64 = 1100.0;

/// What a rules answer draws.
#[derive(Clone, Debug)]
pub(crate) enum Drawn {
    /// `show`: one position.
    Show(State),
    /// `line`: the start, each move's caption, the position after it and
    /// its score, and how the line ends (a sentence).
    Line {
        start: State,
        steps: Vec<(String, State, i64)>,
        end: Option<String>,
    },
    /// `analyze`: the position and each legal move with its value.
    Analyze {
        at: State,
        moves: Vec<(String, String)>,
    },
}

/// A rules answer's picture: the instance and the positions.
#[derive(Clone, Debug)]
pub(crate) struct Drawing {
    /// The scenario's instance (the program, the board's size, the pieces).
    pub inst: Arc<Instance>,
    /// What to draw.
    pub drawn: Drawn,
}

impl Drawing {
    /// About how many bytes the positions take.
    pub fn held_bytes(&self) -> u64 {
        let slots = self.inst.layout.len.max(1) as u64 * 8 + 48;
        match &self.drawn {
            Drawn::Show(_) => slots,
            Drawn::Line { steps, .. } => {
                slots
                    + steps
                        .iter()
                        .map(|(c, _, _)| slots + c.len() as u64 + 32)
                        .sum::<u64>()
            }
            Drawn::Analyze { moves, .. } => {
                slots
                    + moves
                        .iter()
                        .map(|(a, b)| (a.len() + b.len() + 48) as u64)
                        .sum::<u64>()
            }
        }
    }
}

/// The picture, titled `title`.
pub(crate) fn picture(title: &str, d: &Drawing) -> String {
    let inst = &d.inst;
    let frames = match &d.drawn {
        Drawn::Line { steps, .. } => (steps.len() + 1).min(FRAMES),
        _ => 1,
    };
    let cells = board::cells(inst).saturating_mul(frames);
    if cells > MAX_CELLS {
        return too_large(title, cells);
    }
    match &d.drawn {
        Drawn::Show(s) => show(title, inst, s),
        Drawn::Line { start, steps, end } => line(title, inst, start, steps, end.as_deref()),
        Drawn::Analyze { at, moves } => analyze(title, inst, at, moves),
    }
}

/// The notes under a frame of a `line` or `analyze`: the `var`s, the
/// pieces' fields other than `at` and `facing`, the pieces off the board.
fn notes(inst: &Instance, s: &State) -> Vec<String> {
    let mut out: Vec<String> = board::state_rows(inst, s, false)
        .into_iter()
        .map(|r| format!("{} = {}", r[0], r[1]))
        .collect();
    let (header, rows) = board::piece_rows(inst, s);
    let skip = [inst.prog.at_field, inst.prog.facing_field];
    let mut off = Vec::new();
    for row in &rows {
        let mut fields = Vec::new();
        for (fi, (name, value)) in header[1..].iter().zip(&row[1..]).enumerate() {
            if Some(fi) == inst.prog.at_field && value == "off" {
                off.push(row[0].clone());
            }
            if !skip.contains(&Some(fi)) {
                fields.push(format!("{name} {value}"));
            }
        }
        if !fields.is_empty() {
            out.push(format!("{}: {}", row[0], fields.join(", ")));
        }
    }
    if !off.is_empty() && board::board_size(inst).0 > 0.0 {
        out.push(format!("off the board: {}", off.join(", ")));
    }
    out
}

/// The widest of `lines` at font size `size`.
fn widest(lines: &[String], size: f64) -> f64 {
    lines
        .iter()
        .map(|l| text_width(l.chars().count(), size))
        .fold(0.0, f64::max)
}

/// The size of a table (before it is drawn).
fn table_size(header: &[&str], rows: &[Vec<String>]) -> (f64, f64) {
    if rows.is_empty() {
        return (0.0, 0.0);
    }
    let mut scratch = Doc::new(0.0, 0.0, "");
    table(&mut scratch, (0.0, 0.0), header, rows, &[])
}

/// Captions under everything, from `y`.
fn captions(doc: &mut Doc, y: f64, lines: &[String]) {
    for (i, c) in lines.iter().enumerate() {
        doc.text(PAD, y + 14.0 + 20.0 * i as f64, 13.0, "start", "#000000", c);
    }
}

/// `show`: the board, the legend, then the state and the pieces as tables.
fn show(title: &str, inst: &Instance, s: &State) -> String {
    let colours = Colours::of(inst, &[s]);
    let (bw, bh) = board::board_size(inst);
    let (lw, lh) = board::legend_size(inst, &colours);
    let state = board::state_rows(inst, s, true);
    let (pheader, prows) = board::piece_rows(inst, s);
    let pheader: Vec<&str> = pheader.iter().map(String::as_str).collect();
    let (sw, sh) = table_size(&["state", "value"], &state);
    let (pw, ph) = table_size(&pheader, &prows);
    let mut lines = Vec::new();
    if state.is_empty() && prows.is_empty() && bw == 0.0 {
        lines.push("no state to draw".to_string());
    }
    let tables_w = sw + pw + if sw > 0.0 && pw > 0.0 { PAD } else { 0.0 };
    let width = bw.max(lw).max(tables_w).max(widest(&lines, 13.0)) + 2.0 * PAD;
    let gap = |h: f64| if h > 0.0 { h + PAD } else { 0.0 };
    let body = PAD + gap(bh) + gap(lh) + gap(sh.max(ph));
    let height = body + 20.0 * lines.len() as f64 + 8.0;
    let mut doc = Doc::new(width, height, title);
    let mut y = PAD;
    board::board(&mut doc, inst, &colours, s, (PAD, y));
    y += gap(bh);
    board::legend(&mut doc, inst, &colours, (PAD, y));
    y += gap(lh);
    if !state.is_empty() {
        table(&mut doc, (PAD, y), &["state", "value"], &state, &[]);
    }
    if !prows.is_empty() {
        let x = PAD + if sw > 0.0 { sw + PAD } else { 0.0 };
        table(&mut doc, (x, y), &pheader, &prows, &[]);
    }
    captions(&mut doc, body - PAD, &lines);
    doc.finish()
}

/// One frame: its heading, the board and its notes.
struct Frame<'a> {
    heading: String,
    state: &'a State,
    notes: Vec<String>,
}

/// `line`: the start and the position after each move, side by side and
/// wrapping (at most [`FRAMES`]: the first and the last ones, `…` where
/// the others are left out), then the legend and how the line ends.
fn line(
    title: &str,
    inst: &Instance,
    start: &State,
    steps: &[(String, State, i64)],
    end: Option<&str>,
) -> String {
    let mut all: Vec<(String, &State)> = vec![("start".to_string(), start)];
    all.extend(steps.iter().map(|(c, s, reward)| match reward {
        0 => (c.clone(), s),
        r => (format!("{c} (score {r:+})"), s),
    }));
    let mut gap = None;
    if all.len() > FRAMES {
        let skipped = all.len() - FRAMES;
        let head = FRAMES / 2;
        all.drain(head..head + skipped);
        gap = Some((head, skipped));
    }
    let frames: Vec<Frame> = all
        .into_iter()
        .map(|(heading, state)| Frame {
            notes: notes(inst, state),
            heading,
            state,
        })
        .collect();
    let states: Vec<&State> = frames.iter().map(|f| f.state).collect();
    let colours = Colours::of(inst, &states);
    let mut lines = vec![match steps.len() {
        0 => "no moves".to_string(),
        n => format!("{} from the start", crate::games::count(n as u64, "move")),
    }];
    if let Some(e) = end {
        lines.push(e.to_string());
    }
    if let Some((_, skipped)) = gap {
        lines.push(format!(
            "{skipped} frames in the middle are left out (… marks where)"
        ));
    }
    strip(
        title,
        inst,
        &colours,
        &frames,
        gap.map(|g| g.0),
        None,
        &lines,
    )
}

/// `analyze`: the position, then a table of every legal move and its value.
fn analyze(title: &str, inst: &Instance, s: &State, moves: &[(String, String)]) -> String {
    let colours = Colours::of(inst, &[s]);
    let frame = Frame {
        heading: "the position".into(),
        state: s,
        notes: notes(inst, s),
    };
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|(m, v)| vec![m.clone(), v.clone()])
        .collect();
    let lines = vec![if moves.is_empty() {
        super::answer::no_moves(inst, s)
    } else {
        format!(
            "{}, each with its value once it is made",
            crate::games::count(moves.len() as u64, "legal move")
        )
    }];
    strip(
        title,
        inst,
        &colours,
        std::slice::from_ref(&frame),
        None,
        Some(rows),
        &lines,
    )
}

/// Frames side by side, wrapping into rows, a table of moves at the right
/// of a single frame (`analyze`), then the legend and `lines`.
fn strip(
    title: &str,
    inst: &Instance,
    colours: &Colours,
    frames: &[Frame],
    gap: Option<usize>,
    moves: Option<Vec<Vec<String>>>,
    lines: &[String],
) -> String {
    let (bw, bh) = board::board_size(inst);
    let most_notes = frames.iter().map(|f| f.notes.len()).max().unwrap_or(0);
    let frame_w = frames
        .iter()
        .map(|f| {
            text_width(f.heading.chars().count(), 12.0)
                .max(widest(&f.notes, 11.0))
                .max(bw)
        })
        .fold(0.0, f64::max)
        + 2.0 * PAD;
    let frame_h = HEAD + bh + NOTE * most_notes as f64 + 2.0 * PAD;
    let per_row = ((ROW_WIDTH / frame_w).floor() as usize).clamp(1, frames.len().max(1));
    let rows = frames.len().div_ceil(per_row).max(1);
    let header = ["move", "value"];
    let (tw, th) = moves
        .as_ref()
        .map_or((0.0, 0.0), |rows| table_size(&header, rows));
    let (lw, lh) = board::legend_size(inst, colours);
    let strip_w = per_row as f64 * frame_w + if tw > 0.0 { tw + PAD } else { 0.0 };
    let width = strip_w
        .max(lw + 2.0 * PAD)
        .max(widest(lines, 13.0) + 2.0 * PAD);
    let body_h = (rows as f64 * frame_h).max(th + 2.0 * PAD);
    let legend_y = body_h;
    let caps_y = legend_y + if lh > 0.0 { lh + 10.0 } else { 0.0 };
    let height = caps_y + 20.0 * lines.len() as f64 + 8.0;
    let mut doc = Doc::new(width, height, title);
    for (i, f) in frames.iter().enumerate() {
        let x = (i % per_row) as f64 * frame_w;
        let y = (i / per_row) as f64 * frame_h;
        doc.text(
            x + PAD,
            y + PAD + 12.0,
            12.0,
            "start",
            "#000000",
            &f.heading,
        );
        if gap == Some(i) {
            doc.text(x + 4.0, y + PAD + 12.0, 12.0, "start", "#000000", "…");
        }
        board::board(&mut doc, inst, colours, f.state, (x + PAD, y + PAD + HEAD));
        let notes_y = y + PAD + HEAD + bh;
        for (k, n) in f.notes.iter().enumerate() {
            doc.text(
                x + PAD,
                notes_y + 12.0 + NOTE * k as f64,
                11.0,
                "start",
                "#333333",
                n,
            );
        }
    }
    if let Some(rows) = &moves {
        if !rows.is_empty() {
            table(
                &mut doc,
                (per_row as f64 * frame_w, PAD),
                &header,
                rows,
                &[],
            );
        }
    }
    board::legend(&mut doc, inst, colours, (PAD, legend_y));
    captions(&mut doc, caps_y - 6.0, lines);
    doc.finish()
}
