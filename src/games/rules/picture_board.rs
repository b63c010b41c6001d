//! One position of a rules game drawn from its declared state, with no
//! per-game code: the grid (the first layer as each cell's fill, every
//! other layer as a small mark, list layers as piles of bars), the pieces
//! as tokens on their `at` cell (an arrow for `facing`), a list of cells
//! (`var path: list of cell max N`) as a numbered path, or the track laid
//! out as the built-in yut board is; and the colours and legend of the
//! layers' values.

use super::model::Model;
use super::program::{Dom, Kind};
use super::state::{width, Dice, Instance, State};
use crate::games::judge_position::is_standard;
use crate::games::svg::{self, text_width, Doc};
use crate::games::yut::track::Track;
use crate::games::yut::SquareId;
use std::collections::BTreeSet;

/// The side of a grid cell.
pub const CELL: f64 = 44.0;
/// The margin left of and above a grid (for the coordinates).
pub const MARGIN: f64 = 26.0;
/// The distance between neighbouring places of a track.
const STEP: f64 = 46.0;
/// The margin around a track.
const TRACK_MARGIN: f64 = 30.0;

/// Each layer's colour (a `bool` layer's `true`, an integer range's dark
/// end), by layer index.
const HUES: &[&str] = &[
    "#34495e", "#2e86c1", "#28b463", "#af7ac5", "#dc7633", "#cb4335",
];
/// A `bool` layer's `true` when it fills the cells: light, so that the
/// pieces and words on it read.
const LIGHT: &[&str] = &[
    "#f5cba7", "#aed6f1", "#a9dfbf", "#d7bde2", "#f9e79f", "#f5b7b1",
];
/// An enumeration's colours, by the name's index (unless the name is a
/// colour's: see [`named_colour`]).
const PALETTE: &[&str] = &[
    "#f7dc6f", "#85c1e9", "#82e0aa", "#f1948a", "#bb8fce", "#f0b27a", "#aeb6bf", "#76d7c4",
];

/// The colour an enumeration name that is a colour's name stands for.
fn named_colour(name: &str) -> Option<&'static str> {
    Some(match name {
        "white" => "#ffffff",
        "black" => "#222222",
        "red" => crate::games::stacking::picture::RED_CELL,
        "blue" => crate::games::stacking::picture::BLUE_CELL,
        "green" => "#27ae60",
        "yellow" => "#f4d03f",
        "orange" => "#e67e22",
        "purple" => "#8e44ad",
        "grey" | "gray" => "#aeb6bf",
        "brown" => "#a0522d",
        "pink" => "#f1948a",
        "amber" | "gold" => "#f5b041",
        "cyan" | "teal" => "#48c9b0",
        "violet" => "#af7ac5",
        "silver" => "#d5d8dc",
        _ => return None,
    })
}

/// A direction's unit vector (x right, y down); `none` is (0, 0).
pub fn dir_vector(d: i64) -> (f64, f64) {
    let s = std::f64::consts::FRAC_1_SQRT_2;
    match d {
        0 => (0.0, -1.0),
        1 => (s, -s),
        2 => (1.0, 0.0),
        3 => (s, s),
        4 => (0.0, 1.0),
        5 => (-s, s),
        6 => (-1.0, 0.0),
        7 => (-s, -s),
        _ => (0.0, 0.0),
    }
}

/// Black or white: whichever reads on `fill` (`#rrggbb`).
fn ink(fill: &str) -> &'static str {
    let c = |i: usize| i64::from_str_radix(fill.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255);
    let lum = 299 * c(1) + 587 * c(3) + 114 * c(5);
    if lum < 140_000 {
        "#ffffff"
    } else {
        "#000000"
    }
}

/// Whether a layer of this domain colours cells (else it is drawn as
/// words or arrows).
fn coloured(dom: &Dom) -> bool {
    dom.list_max.is_none()
        && matches!(
            dom.kind,
            Kind::Bool | Kind::Int | Kind::Enum(_) | Kind::Player
        )
}

/// The layer that fills the cells: the first that colours them.
pub fn main_layer(inst: &Instance) -> Option<usize> {
    inst.layout.layers.iter().position(|(_, d)| coloured(d))
}

/// How the values of each layer are coloured in one picture: integer
/// ranges from the lowest to the highest value the picture shows.
pub struct Colours {
    /// By layer: the values the picture shows (marks: those not the
    /// default).
    pub used: Vec<BTreeSet<i64>>,
}

impl Colours {
    /// The values of every layer in `states`.
    pub fn of(inst: &Instance, states: &[&State]) -> Colours {
        let cells = cells(inst);
        let main = main_layer(inst);
        let used = inst
            .layout
            .layers
            .iter()
            .enumerate()
            .map(|(li, (slot, dom))| {
                let mut set = BTreeSet::new();
                if coloured(dom) {
                    for s in states {
                        for i in 0..cells {
                            let v = s.v[slot + i];
                            if Some(li) == main || v != inst.default_of(dom) {
                                set.insert(v);
                            }
                        }
                    }
                }
                set
            })
            .collect();
        Colours { used }
    }

    /// The colour of value `v` of layer `li`.
    pub fn colour(&self, inst: &Instance, li: usize, v: i64) -> &'static str {
        let Some((_, dom)) = inst.layout.layers.get(li) else {
            return "#ffffff";
        };
        let hue = if main_layer(inst) == Some(li) {
            LIGHT[li % LIGHT.len()]
        } else {
            HUES[li % HUES.len()]
        };
        match dom.kind {
            Kind::Bool if v != 0 => hue,
            Kind::Bool => "#ffffff",
            Kind::Player if v < 0 => "#ffffff",
            Kind::Player if v == 0 => crate::games::footholds::picture::A_COLOUR,
            Kind::Player => crate::games::footholds::picture::B_COLOUR,
            Kind::Enum(_) => {
                let word = inst.word(dom.kind, v);
                named_colour(&word).unwrap_or(PALETTE[v.max(0) as usize % PALETTE.len()])
            }
            Kind::Int => {
                let used = &self.used[li];
                let rank = used.range(..v).count();
                ramp(li, rank, used.len())
            }
            _ => "#ffffff",
        }
    }
}

/// Eight steps from white to layer `li`'s hue.
const RAMPS: [[&str; 8]; 3] = [
    [
        "#ffffff", "#e3ecf4", "#c7d9ea", "#abc6df", "#8fb3d4", "#739fc9", "#578cbe", "#3b79b3",
    ],
    [
        "#ffffff", "#e6f5e9", "#ccebd3", "#b3e0bd", "#99d6a7", "#80cc91", "#66c27b", "#4db865",
    ],
    [
        "#ffffff", "#fbeadf", "#f7d5bf", "#f3c09f", "#efab7f", "#eb965f", "#e7813f", "#e36c1f",
    ],
];

/// The ramp colour of the value ranked `rank` (from 0) among `n` values
/// shown: the lowest white, the highest the darkest.
fn ramp(li: usize, rank: usize, n: usize) -> &'static str {
    let ramp = &RAMPS[li % RAMPS.len()];
    if n <= 1 {
        return ramp[4];
    }
    let t = rank as f64 / (n - 1) as f64;
    ramp[((t * 7.0).round() as usize).min(7)]
}

/// The grid's cells (0 without a grid).
pub fn cells(inst: &Instance) -> usize {
    (inst.rows.max(0) * inst.cols.max(0)) as usize
}

/// Whether the game is played on a track.
fn track(inst: &Instance) -> Option<&Track> {
    inst.track.as_deref().filter(|_| cells(inst) == 0)
}

/// Whether `t` is the built-in board (then drawn as the real one is).
/// Where each square of the track is drawn, in layout units.
fn places(t: &Track) -> Vec<(f64, f64)> {
    crate::games::yut::picture::layout(t, is_standard(t))
}

/// The size of the board drawing (0 × 0 for `board none`).
pub fn board_size(inst: &Instance) -> (f64, f64) {
    if let Some(t) = track(inst) {
        let (rows, cols) = places(t)
            .iter()
            .fold((0.0f64, 0.0f64), |(r, c), &(pr, pc)| (r.max(pr), c.max(pc)));
        return (
            2.0 * TRACK_MARGIN + cols * STEP,
            2.0 * TRACK_MARGIN + rows * STEP,
        );
    }
    if cells(inst) == 0 {
        return (0.0, 0.0);
    }
    (
        MARGIN + inst.cols as f64 * CELL + 8.0,
        MARGIN + inst.rows as f64 * CELL + 8.0,
    )
}

/// A field's value of piece `p`.
fn field(inst: &Instance, s: &State, fi: Option<usize>, p: usize) -> Option<i64> {
    let (slot, dom) = inst.layout.fields.get(fi?)?;
    (width(dom) == 1).then(|| s.v[slot + p])
}

/// Whether piece `p` is present.
pub fn present(inst: &Instance, p: usize) -> bool {
    inst.present.get(p).copied().unwrap_or(false)
}

/// Draws the board of `s` with its top-left corner at `at`.
pub fn board(doc: &mut Doc, inst: &Instance, colours: &Colours, s: &State, at: (f64, f64)) {
    if let Some(t) = track(inst) {
        return track_board(doc, inst, t, s, at);
    }
    if cells(inst) == 0 {
        return;
    }
    let (rows, cols) = (inst.rows as usize, inst.cols as usize);
    let corner = |i: usize| {
        (
            at.0 + MARGIN + (i % cols) as f64 * CELL,
            at.1 + MARGIN + (i / cols) as f64 * CELL,
        )
    };
    for c in 0..cols {
        let x = at.0 + MARGIN + (c as f64 + 0.5) * CELL;
        let label = (c as i64 + inst.origin).to_string();
        doc.text(x, at.1 + MARGIN - 8.0, 11.0, "middle", "#666666", &label);
    }
    for r in 0..rows {
        let y = at.1 + MARGIN + (r as f64 + 0.5) * CELL;
        let label = (r as i64 + inst.origin).to_string();
        doc.text(at.0 + MARGIN - 6.0, y + 4.0, 11.0, "end", "#666666", &label);
    }
    let layers = &inst.layout.layers;
    let main_index = main_layer(inst);
    let main = main_index.and_then(|li| Some((li, layers.get(li)?)));
    for i in 0..rows * cols {
        let (x, y) = corner(i);
        let fill = main.map_or("#ffffff", |(li, (slot, _))| {
            colours.colour(inst, li, s.v[slot + i])
        });
        doc.classed_rect("cell", (x, y, CELL, CELL), fill, "#555555");
        if let Some((_, (slot, dom))) = main {
            if dom.kind == Kind::Int {
                let v = s.v[slot + i].to_string();
                doc.text(
                    x + CELL / 2.0,
                    y + CELL / 2.0 + 4.5,
                    13.0,
                    "middle",
                    ink(fill),
                    &v,
                );
            }
        }
    }
    // The other layers: marks along the top of the cell, words along its
    // bottom, arrows across it, piles from its bottom up.
    let mut drawn_in_pile = vec![false; inst.pieces.len()];
    for (li, (slot, dom)) in layers.iter().enumerate() {
        let is_main = Some(li) == main_index;
        let marks_before = layers[..li]
            .iter()
            .enumerate()
            .filter(|(lj, (_, d))| coloured(d) && Some(*lj) != main_index)
            .count();
        for i in 0..rows * cols {
            let (x, y) = corner(i);
            if dom.list_max.is_some() {
                pile(
                    doc,
                    inst,
                    s,
                    slot + i * width(dom),
                    dom,
                    (x, y),
                    &mut drawn_in_pile,
                );
                continue;
            }
            let v = s.v[slot + i];
            if is_main || v == inst.default_of(dom) {
                continue;
            }
            match dom.kind {
                k if coloured(dom) && k != Kind::Dir => {
                    let cx = x + CELL - 7.0 - 11.0 * marks_before as f64;
                    let fill = colours.colour(inst, li, v);
                    doc.classed_circle("mark", (cx, y + 7.0), 4.5, fill, "#333333");
                }
                Kind::Dir => {
                    let (dx, dy) = dir_vector(v);
                    let c = (x + CELL / 2.0, y + CELL / 2.0);
                    let r = CELL * 0.3;
                    doc.arrow(
                        (c.0 - dx * r, c.1 - dy * r),
                        (c.0 + dx * r, c.1 + dy * r),
                        "#b2babb",
                        2.0,
                    );
                }
                k => {
                    let word = inst.word(k, v);
                    doc.text(
                        x + CELL / 2.0,
                        y + CELL - 4.0,
                        8.0,
                        "middle",
                        "#555555",
                        &word,
                    );
                }
            }
        }
    }
    paths(doc, inst, s, &corner);
    tokens(doc, inst, s, &corner, &drawn_in_pile);
}

/// A list layer's items in a cell: bars from the bottom up, each with its
/// word; a piece's bar in its colour, with its `facing` as a triangle.
fn pile(
    doc: &mut Doc,
    inst: &Instance,
    s: &State,
    slot: usize,
    dom: &Dom,
    (x, y): (f64, f64),
    drawn: &mut [bool],
) {
    let len = s.v[slot].max(0) as usize;
    if len == 0 {
        return;
    }
    let bar_h = ((CELL - 8.0) / len as f64).min(13.0);
    let (bx, bw) = (x + 5.0, CELL - 10.0);
    let at_field = inst.prog.at_field;
    for k in 0..len {
        let v = s.v.get(slot + 1 + k).copied().unwrap_or(-1);
        let by = y + CELL - 4.0 - (k + 1) as f64 * bar_h;
        let word = inst.word(dom.kind, v);
        let piece = (dom.kind == Kind::Piece && v >= 0).then_some(v as usize);
        let fill = piece.map_or("#fdfdfd", |p| piece_fill(inst, p));
        doc.classed_rect("item", (bx, by, bw, bar_h - 1.0), fill, "#222222");
        let size = (bar_h - 3.0).clamp(5.0, 10.0);
        let mid = by + (bar_h - 1.0) / 2.0;
        doc.text(bx + 3.0, mid + size * 0.36, size, "start", ink(fill), &word);
        if let Some(p) = piece {
            // Its `at` is this pile's cell: the pile draws it.
            if field(inst, s, at_field, p).is_some() {
                if let Some(d) = drawn.get_mut(p) {
                    *d = true;
                }
            }
            if let Some(f) = field(inst, s, inst.prog.facing_field, p).filter(|&f| f < 8) {
                let (dx, dy) = dir_vector(f);
                let c = (bx + bw - 7.0, mid);
                let r = (bar_h * 0.3).min(4.0);
                doc.polygon(
                    &[
                        (c.0 + dx * r * 1.5, c.1 + dy * r * 1.5),
                        (c.0 - dx * r - dy * r, c.1 - dy * r + dx * r),
                        (c.0 - dx * r + dy * r, c.1 - dy * r - dx * r),
                    ],
                    "#111111",
                );
            }
        }
    }
}

/// Every `var` holding a list of cells, drawn as a path through them with
/// each item's number (from 1).
fn paths(doc: &mut Doc, inst: &Instance, s: &State, corner: &dyn Fn(usize) -> (f64, f64)) {
    let cells = cells(inst);
    let centre = |i: usize| {
        let (x, y) = corner(i);
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    for (slot, dom) in &inst.layout.vars {
        if dom.kind != Kind::Cell || dom.list_max.is_none() {
            continue;
        }
        let len = s.v[*slot].max(0) as usize;
        let items: Vec<usize> = (0..len)
            .filter_map(|k| s.v.get(slot + 1 + k).copied())
            .filter(|&c| c >= 0 && (c as usize) < cells)
            .map(|c| c as usize)
            .collect();
        for w in items.windows(2) {
            doc.line(centre(w[0]), centre(w[1]), "#b9770e", 3.0);
        }
        for (k, &c) in items.iter().enumerate() {
            let (x, y) = centre(c);
            doc.classed_circle("path", (x, y), 7.0, "#fdebd0", "#b9770e");
            let label = (k + 1).to_string();
            doc.text(x, y + 3.0, 8.0, "middle", "#000000", &label);
        }
    }
}

/// The font size that fits `label` across a token of radius `r`.
fn label_size(label: &str, r: f64) -> f64 {
    let n = label.chars().count().max(1) as f64;
    (1.7 * r / (0.6 * n)).clamp(6.0, 14.0)
}

/// Piece `p`'s colour: a player's (as footholds draws A and B) for a
/// piece named as a player, else the pieces' palette.
fn piece_fill(inst: &Instance, p: usize) -> &'static str {
    let name = inst.pieces.get(p).map_or("", String::as_str);
    match inst.prog.decls.players.iter().position(|q| q == name) {
        Some(0) if inst.players() == 2 => crate::games::footholds::picture::A_COLOUR,
        Some(1) if inst.players() == 2 => crate::games::footholds::picture::B_COLOUR,
        _ => svg::piece_colour(p),
    }
}

/// A piece's token with a `class`, its name across it.
fn token(doc: &mut Doc, inst: &Instance, at: (f64, f64), r: f64, p: usize) {
    let name = inst.pieces.get(p).map_or("", String::as_str);
    // A dark rim: the disc stands out on a cell of its own colour.
    doc.classed_circle("token", at, r, piece_fill(inst, p), "#1b2631");
    let size = label_size(name, r);
    doc.text(at.0, at.1 + size * 0.35, size, "middle", "#ffffff", name);
}

/// The pieces standing on cells (`at`) not drawn in a pile: tokens, the
/// pieces sharing a cell around its centre; `facing` as an arrow.
fn tokens(
    doc: &mut Doc,
    inst: &Instance,
    s: &State,
    corner: &dyn Fn(usize) -> (f64, f64),
    in_pile: &[bool],
) {
    let prog = &inst.prog;
    let cells = cells(inst);
    let Some(at_field) = prog.at_field else {
        return;
    };
    if inst.layout.fields.get(at_field).map(|(_, d)| d.kind) != Some(Kind::Cell) {
        return;
    }
    let on: Vec<(usize, usize)> = (0..inst.pieces.len())
        .filter(|&p| present(inst, p) && !in_pile.get(p).copied().unwrap_or(false))
        .filter_map(|p| {
            let c = field(inst, s, Some(at_field), p)?;
            (c >= 0 && (c as usize) < cells).then_some((p, c as usize))
        })
        .collect();
    for &(p, c) in &on {
        let sharing: Vec<usize> = on.iter().filter(|o| o.1 == c).map(|o| o.0).collect();
        let (x, y) = corner(c);
        let centre = (x + CELL / 2.0, y + CELL / 2.0);
        let (pos, r) = if sharing.len() == 1 {
            (centre, CELL * 0.3)
        } else {
            let k = sharing.iter().position(|&q| q == p).unwrap_or(0);
            (
                svg::around(centre, k, (CELL * 0.22, CELL * 0.22)),
                CELL * 0.18,
            )
        };
        token(doc, inst, pos, r, p);
        if let Some(f) = field(inst, s, prog.facing_field, p).filter(|&f| f < 8) {
            let (dx, dy) = dir_vector(f);
            doc.arrow(
                (pos.0 + dx * r, pos.1 + dy * r),
                (pos.0 + dx * (r + 9.0), pos.1 + dy * (r + 9.0)),
                "#111111",
                2.0,
            );
        }
    }
}

/// The track with the pieces standing on squares as tokens around them.
fn track_board(doc: &mut Doc, inst: &Instance, t: &Track, s: &State, at: (f64, f64)) {
    let places = places(t);
    let pos = |sq: SquareId| {
        let (r, c) = places.get(sq).copied().unwrap_or((0.0, 0.0));
        (
            at.0 + TRACK_MARGIN + c * STEP,
            at.1 + TRACK_MARGIN + r * STEP,
        )
    };
    svg::track(doc, t, &pos);
    let Some(at_field) = inst.prog.at_field else {
        return;
    };
    if inst.layout.fields.get(at_field).map(|(_, d)| d.kind) != Some(Kind::Square) {
        return;
    }
    let mut seen: Vec<usize> = Vec::new();
    for p in (0..inst.pieces.len()).filter(|&p| present(inst, p)) {
        let Some(sq) =
            field(inst, s, Some(at_field), p).filter(|&q| q >= 0 && (q as usize) < t.len())
        else {
            continue;
        };
        let sq = sq as usize;
        let k = seen.iter().filter(|&&q| q == sq).count();
        seen.push(sq);
        let boxed = sq == t.start() || sq == t.finish();
        let reach = if boxed { (14.0, 18.0) } else { (11.0, 11.0) };
        token(doc, inst, svg::around(pos(sq), k, reach), 8.0, p);
    }
}

/// The legend: a row per layer that colours cells, an entry (swatch and
/// word) per value the picture shows. Returns its height.
pub fn legend(doc: &mut Doc, inst: &Instance, colours: &Colours, (x, y): (f64, f64)) -> f64 {
    let mut h = 0.0;
    let main = main_layer(inst);
    for (li, (_, dom)) in inst.layout.layers.iter().enumerate() {
        let used = &colours.used[li];
        if used.is_empty() {
            continue;
        }
        let name = layer_name(inst, li);
        let ry = y + h;
        doc.text(x, ry + 11.0, 12.0, "start", "#000000", &format!("{name}:"));
        let mut cx = x + text_width(name.chars().count() + 1, 12.0) + 8.0;
        let mark = Some(li) != main;
        for &v in used {
            let fill = colours.colour(inst, li, v);
            if mark {
                doc.classed_circle("legend", (cx + 6.0, ry + 7.0), 5.0, fill, "#333333");
            } else {
                doc.classed_rect("legend", (cx, ry + 1.0, 12.0, 12.0), fill, "#555555");
            }
            let word = inst.word(dom.kind, v);
            doc.text(cx + 16.0, ry + 11.0, 11.0, "start", "#000000", &word);
            cx += 16.0 + text_width(word.chars().count(), 11.0) + 12.0;
        }
        h += 18.0;
    }
    h
}

/// The legend's size (before it is drawn).
pub fn legend_size(inst: &Instance, colours: &Colours) -> (f64, f64) {
    let mut w: f64 = 0.0;
    let mut h = 0.0;
    for (li, (_, dom)) in inst.layout.layers.iter().enumerate() {
        let used = &colours.used[li];
        if used.is_empty() {
            continue;
        }
        let mut row = text_width(layer_name(inst, li).chars().count() + 1, 12.0) + 8.0;
        for &v in used {
            row += 28.0 + text_width(inst.word(dom.kind, v).chars().count(), 11.0);
        }
        w = w.max(row);
        h += 18.0;
    }
    (w, h)
}

/// Layer `li`'s name.
pub fn layer_name(inst: &Instance, li: usize) -> String {
    inst.prog
        .decls
        .layers
        .get(li)
        .map_or_else(|| format!("layer {li}"), |v| v.name.node.clone())
}

/// A state value at `slot` in words (a list: `[a, b]`).
pub fn value_word(inst: &Instance, dom: &Dom, s: &State, slot: usize) -> String {
    match dom.list_max {
        None => inst.word(dom.kind, s.v[slot]),
        Some(_) => {
            let len = s.v[slot].max(0) as usize;
            let items: Vec<String> = (0..len)
                .map(|i| inst.word(dom.kind, s.v.get(slot + 1 + i).copied().unwrap_or(-1)))
                .collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// The state beside the board in words: each `var`, then (with `params`)
/// each param and the player to move, as `(name, value)` rows.
pub fn state_rows(inst: &Instance, s: &State, params: bool) -> Vec<Vec<String>> {
    let d = &inst.prog.decls;
    let mut rows = Vec::new();
    for (vi, (slot, dom)) in inst.layout.vars.iter().enumerate() {
        let name = d.vars.get(vi).map_or("var", |v| v.name.node.as_str());
        rows.push(vec![name.to_string(), value_word(inst, dom, s, *slot)]);
    }
    if params {
        for (pi, v) in inst.params.iter().enumerate() {
            let (Some(decl), Some((spec, _))) = (d.params.get(pi), inst.prog.params.get(pi)) else {
                continue;
            };
            rows.push(vec![
                format!("rule {}", decl.name.node),
                inst.word(spec.kind, v.s()),
            ]);
        }
    }
    let used = s.v.get(inst.layout.dice).copied().unwrap_or(0).max(0);
    match &inst.dice {
        Dice::None => {}
        Dice::Known(rolls) => {
            let left: Vec<String> = rolls
                .iter()
                .skip(used as usize)
                .map(i64::to_string)
                .collect();
            let left = if left.is_empty() {
                "none".to_string()
            } else {
                left.join(" ")
            };
            rows.push(vec!["dice left".into(), left]);
        }
        Dice::Uniform(lo, hi, n) => rows.push(vec![
            "dice left".into(),
            format!("{} of {lo}..{hi}", n.saturating_sub(used as u64)),
        ]),
    }
    if inst.players() == 2 {
        rows.push(vec![
            "to move".into(),
            inst.word(Kind::Player, i64::from(inst.mover(s))),
        ]);
    }
    rows
}

/// The pieces' fields as rows: the piece's name, then each field's words.
pub fn piece_rows(inst: &Instance, s: &State) -> (Vec<String>, Vec<Vec<String>>) {
    let d = &inst.prog.decls;
    let mut header = vec!["piece".to_string()];
    header.extend((0..inst.layout.fields.len()).map(|fi| {
        d.fields
            .get(fi)
            .map_or("field".into(), |v| v.name.node.clone())
    }));
    let rows = (0..inst.pieces.len())
        .filter(|&p| present(inst, p))
        .map(|p| {
            let mut row = vec![inst.pieces[p].clone()];
            for (slot, dom) in &inst.layout.fields {
                row.push(value_word(inst, dom, s, slot + p * width(dom)));
            }
            row
        })
        .collect();
    (header, rows)
}
