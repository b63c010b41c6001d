//! A tiny SVG writer: elements with escaped attributes and text, numbers
//! written the same way every time, so that the same picture is the same
//! bytes.

use crate::games::yut::track::Track;
use crate::games::yut::SquareId;
use std::fmt::Write;

/// Text escaped for XML content and attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids (control characters) are left out.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
pub fn num(x: f64) -> String {
    let x = (x * 100.0).round() / 100.0;
    if x == x.trunc() {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// The width a line of `chars` characters takes at font size `size`
/// (an estimate for a sans-serif face: the pictures carry no font).
pub fn text_width(chars: usize, size: f64) -> f64 {
    chars as f64 * size * 0.6
}

/// An attribute value: a number or a text.
pub enum Val<'a> {
    /// A number (written with [`num`]).
    N(f64),
    /// A text (escaped).
    S(&'a str),
}

impl From<f64> for Val<'_> {
    fn from(x: f64) -> Self {
        Val::N(x)
    }
}

impl<'a> From<&'a str> for Val<'a> {
    fn from(s: &'a str) -> Self {
        Val::S(s)
    }
}

impl<'a> From<&'a String> for Val<'a> {
    fn from(s: &'a String) -> Self {
        Val::S(s)
    }
}

/// Attributes, in the order given: `[("x", 1.0.into()), ("fill", "red".into())]`.
pub type Attrs<'a> = [(&'a str, Val<'a>)];

/// An SVG document being written.
pub struct Doc {
    out: String,
    depth: usize,
}

impl Doc {
    /// A document `width` × `height` (its `viewBox`) titled `title`, on a
    /// white background, text in the generic `sans-serif` family.
    pub fn new(width: f64, height: f64, title: &str) -> Doc {
        let (w, h) = (num(width.ceil()), num(height.ceil()));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"13\">"
        );
        let _ = writeln!(out, "  <title>{}</title>", esc(title));
        let mut doc = Doc { out, depth: 1 };
        doc.el(
            "rect",
            &[
                ("width", Val::S(&w)),
                ("height", Val::S(&h)),
                ("fill", "#ffffff".into()),
            ],
        );
        doc
    }

    fn start(&mut self, name: &str, attrs: &Attrs) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            let value = match value {
                Val::N(x) => num(*x),
                Val::S(s) => esc(s),
            };
            let _ = write!(self.out, " {key}=\"{value}\"");
        }
    }

    /// An empty element: `<rect …/>`.
    pub fn el(&mut self, name: &str, attrs: &Attrs) {
        self.start(name, attrs);
        self.out.push_str("/>\n");
    }

    /// An element holding text: `<text …>words</text>`.
    pub fn text_el(&mut self, name: &str, attrs: &Attrs, text: &str) {
        self.start(name, attrs);
        let _ = writeln!(self.out, ">{}</{name}>", esc(text));
    }

    /// A line of text at (x, y) (its baseline), `anchor` `start`, `middle`
    /// or `end`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, fill: &str, text: &str) {
        self.text_el(
            "text",
            &[
                ("x", x.into()),
                ("y", y.into()),
                ("font-size", size.into()),
                ("text-anchor", anchor.into()),
                ("fill", fill.into()),
            ],
            text,
        );
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str) {
        self.shape(
            "rect",
            None,
            &[("x", x), ("y", y), ("width", w), ("height", h)],
            fill,
            stroke,
        );
    }

    /// A rectangle with a `class` (what a picture's tests count).
    pub fn classed_rect(
        &mut self,
        class: &str,
        (x, y, w, h): (f64, f64, f64, f64),
        fill: &str,
        stroke: &str,
    ) {
        let at = [("x", x), ("y", y), ("width", w), ("height", h)];
        self.shape("rect", Some(class), &at, fill, stroke);
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: &str) {
        self.shape(
            "circle",
            None,
            &[("cx", cx), ("cy", cy), ("r", r)],
            fill,
            stroke,
        );
    }

    /// A circle with a `class`.
    pub fn classed_circle(
        &mut self,
        class: &str,
        (x, y): (f64, f64),
        r: f64,
        fill: &str,
        stroke: &str,
    ) {
        self.shape(
            "circle",
            Some(class),
            &[("cx", x), ("cy", y), ("r", r)],
            fill,
            stroke,
        );
    }

    /// A filled and stroked shape: its class (if any), its numbers, then
    /// `fill` and `stroke`.
    fn shape(
        &mut self,
        name: &str,
        class: Option<&str>,
        numbers: &[(&str, f64)],
        fill: &str,
        stroke: &str,
    ) {
        let class = class.map(|c| ("class", Val::S(c)));
        let attrs: Vec<(&str, Val)> = class
            .into_iter()
            .chain(numbers.iter().map(|&(k, v)| (k, Val::N(v))))
            .chain([("fill", Val::S(fill)), ("stroke", Val::S(stroke))])
            .collect();
        self.el(name, &attrs);
    }

    /// A straight line.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        self.el(
            "line",
            &[
                ("x1", x1.into()),
                ("y1", y1.into()),
                ("x2", x2.into()),
                ("y2", y2.into()),
                ("stroke", stroke.into()),
                ("stroke-width", width.into()),
            ],
        );
    }

    /// A filled polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str) {
        let pts: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        self.el(
            "polygon",
            &[("points", Val::S(&pts.join(" "))), ("fill", fill.into())],
        );
    }

    /// An arrow from `from` to `to`: a shaft and a head at `to`.
    pub fn arrow(&mut self, from: (f64, f64), to: (f64, f64), colour: &str, width: f64) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let head = 4.0 + 2.5 * width;
        let base = (to.0 - ux * head, to.1 - uy * head);
        self.line(from, base, colour, width);
        let side = head * 0.55;
        self.polygon(
            &[
                to,
                (base.0 - uy * side, base.1 + ux * side),
                (base.0 + uy * side, base.1 - ux * side),
            ],
            colour,
        );
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// A table of text: a header row then rows, columns sized to their widest
/// cell; rows whose index is in `marked` are shaded. Returns its size.
pub fn table(
    doc: &mut Doc,
    (x, y): (f64, f64),
    header: &[&str],
    rows: &[Vec<String>],
    marked: &[usize],
) -> (f64, f64) {
    let size = 12.0;
    let row_h = 20.0;
    let widths: Vec<f64> = (0..header.len())
        .map(|i| {
            let widest = rows
                .iter()
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0);
            text_width(widest, size) + 14.0
        })
        .collect();
    let total: f64 = widths.iter().sum();
    doc.rect(x, y, total, row_h, "#e8e8e8", "#999999");
    let mut cx = x;
    for (head, w) in header.iter().zip(&widths) {
        doc.text(cx + 7.0, y + 14.0, size, "start", "#000000", head);
        cx += w;
    }
    for (i, row) in rows.iter().enumerate() {
        let ry = y + row_h * (i + 1) as f64;
        let fill = if marked.contains(&i) {
            "#fff3b0"
        } else {
            "#ffffff"
        };
        doc.rect(x, ry, total, row_h, fill, "#cccccc");
        let mut cx = x;
        for (cell, w) in row.iter().zip(&widths) {
            doc.text(cx + 7.0, ry + 14.0, size, "start", "#000000", cell);
            cx += w;
        }
    }
    (total, row_h * (rows.len() + 1) as f64)
}

/// Pieces' colours, the first piece first (repeating past the sixth).
pub const PIECE_COLOURS: &[&str] = &[
    "#e74c3c", "#27ae60", "#8e44ad", "#f39c12", "#16a085", "#d35400",
];

/// The colour of piece `i` (counted from 0).
pub fn piece_colour(i: usize) -> &'static str {
    PIECE_COLOURS[i % PIECE_COLOURS.len()]
}

/// A piece's token: a disc of radius `r` filled `fill`, `label` in white
/// at font size `size` across its centre.
pub fn token(doc: &mut Doc, (x, y): (f64, f64), r: f64, fill: &str, label: &str, size: f64) {
    doc.circle(x, y, r, fill, "#ffffff");
    doc.text(x, y + size * 0.35, size, "middle", "#ffffff", label);
}

/// A track square's radius.
pub const SQUARE_RADIUS: f64 = 16.0;
/// Blue squares' fill (where a shortcut begins).
pub const BLUE_SQUARE: &str = "#85c1e9";

/// A track square's label: its score, or `start` / `finish`.
fn score_label(track: &Track, sq: SquareId) -> String {
    if sq == track.start() || sq == track.finish() {
        track.name(sq).to_string()
    } else {
        track.score(sq).to_string()
    }
}

/// A yut track as the built-in board is drawn: its routes, then the
/// shortcuts over them, then the squares (each with its score, its name
/// under it when that differs; `start` and `finish` as boxes), each square
/// where `at` places it.
pub fn track(doc: &mut Doc, track: &Track, at: &dyn Fn(SquareId) -> (f64, f64)) {
    for sq in track.squares() {
        if let Some(next) = track.next(sq).filter(|&n| n != sq) {
            doc.line(at(sq), at(next), "#999999", 2.0);
        }
    }
    for sq in track.squares() {
        if let Some(cut) = track.shortcut(sq) {
            doc.line(at(sq), at(cut), "#2e86c1", 3.0);
        }
    }
    for sq in track.squares() {
        let (x, y) = at(sq);
        let label = score_label(track, sq);
        if sq == track.start() || sq == track.finish() {
            let w = text_width(label.chars().count(), 10.0) + 8.0;
            doc.rect(x - w / 2.0, y - 10.0, w, 20.0, "#f2f3f4", "#333333");
            doc.text(x, y + 4.0, 10.0, "middle", "#000000", &label);
            continue;
        }
        let fill = if track.is_blue(sq) {
            BLUE_SQUARE
        } else {
            "#ffffff"
        };
        doc.circle(x, y, SQUARE_RADIUS, fill, "#333333");
        doc.text(x, y + 4.0, 11.0, "middle", "#000000", &label);
        if track.name(sq) != label {
            doc.text(
                x,
                y + SQUARE_RADIUS + 10.0,
                9.0,
                "middle",
                "#777777",
                track.name(sq),
            );
        }
    }
}

/// Where the `k`-th piece standing on one place goes, around the place's
/// centre `(x, y)`: the four diagonal corners at `reach`, then further out.
pub fn around((x, y): (f64, f64), k: usize, reach: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = [(1.0, -1.0), (-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)][k % 4];
    let ring = 1.0 + (k / 4) as f64 * 0.6;
    (x + dx * reach.0 * ring, y + dy * reach.1 * ring)
}

/// The most board cells one picture draws (over all its frames); a larger
/// picture is a note saying so (a 2048 × 2048 board would take hundreds of
/// megabytes of SVG).
pub const MAX_CELLS: usize = 250_000;

/// The picture that stands in for one of more than [`MAX_CELLS`] cells.
pub fn too_large(title: &str, cells: usize) -> String {
    note(
        title,
        &format!("too large to draw: {cells} cells (a picture draws at most {MAX_CELLS})"),
    )
}

/// A picture of one line of text, standing in for one not drawn.
pub fn note(title: &str, text: &str) -> String {
    let mut d = Doc::new(text_width(text.chars().count(), 13.0) + 24.0, 40.0, title);
    d.text(12.0, 25.0, 13.0, "start", "#000000", text);
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(esc("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
        assert_eq!(esc("bell\u{7}"), "bell?");
        let mut d = Doc::new(10.0, 10.0, "t & t");
        d.text(1.0, 2.0, 3.0, "start", "#000", "<x>");
        let svg = d.finish();
        assert!(svg.contains("<title>t &amp; t</title>"), "{svg}");
        assert!(svg.contains(">&lt;x&gt;</text>"), "{svg}");
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn numbers_have_at_most_two_decimals() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.004), "0");
    }
}
