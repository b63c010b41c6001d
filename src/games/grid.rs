//! Grid boards shared by footholds and stacking: reading `board { … }` and
//! `board [[…]]` through a game's legend, and placing coordinates on them.

use crate::error::{Capped, Code, Diag, Diags};
use crate::syntax::ast::{BoardSrc, Coord, Int, Span, Spanned};

/// Count the cells of the first `[[…], …]` array in `text` by scanning its
/// bytes (numbers at bracket depth 2), without building anything: a judge
/// input's board is checked against [`BOARD_CELLS`](crate::limits::BOARD_CELLS) before it is parsed.
/// Returns the byte offset of the array's `[` and its cell count, or
/// `None` if `text` holds no `[`.
pub(crate) fn count_array_cells(text: &str) -> Option<(usize, usize)> {
    let start = text.find('[')?;
    let (mut depth, mut cells, mut in_number) = (0usize, 0usize, false);
    for &b in &text.as_bytes()[start..] {
        let digit = b.is_ascii_alphanumeric() || b == b'-' || b == b'+';
        if digit && !in_number && depth == 2 {
            cells += 1;
        }
        in_number = digit;
        match b {
            b'[' => depth += 1,
            b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    Some((start, cells))
}

/// A rectangular board of cells of type `T`, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grid<T> {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) cells: Vec<T>,
    /// Where the board was declared.
    pub(crate) span: Span,
}

impl<T: Copy> Grid<T> {
    pub(crate) fn get(&self, (r, c): (usize, usize)) -> T {
        self.cells[r * self.cols + c]
    }
}

/// A row as read: its span and its cells (None where not in the legend).
type Row<T> = (Span, Vec<Option<T>>);

/// How a game reads cells.
pub(crate) struct Legend<T> {
    /// A character of a `board { … }` grid.
    pub(crate) char: fn(char) -> Option<T>,
    /// A number of a `board [[…]]` array.
    pub(crate) number: fn(i64) -> Option<T>,
    /// The help line for a cell that is not in the legend.
    pub(crate) help: &'static str,
}

/// Read a grid or array board through a legend. Board names (`board yut`)
/// are not grids.
pub(crate) fn read<T: Copy>(
    src: &BoardSrc,
    legend: &Legend<T>,
    game: &str,
) -> Result<Grid<T>, Diags> {
    let mut bad = Capped::default();
    let (rows, span): (Vec<Row<T>>, Span) = match src {
        BoardSrc::Grid { rows, span } => (grid_rows(rows, *span, legend, game, &mut bad), *span),
        BoardSrc::Array { rows, span } => (array_rows(rows, legend, game, &mut bad), *span),
        BoardSrc::Named(name) => {
            return Err(vec![Diag::new(
                Code::BoardKind,
                format!("{game} boards are grids, not named tracks"),
            )
            .label(name.span, "a track name")
            .help("write the board as rows of cells: board { … } or board [[…]]")])
        }
    };
    let mut ragged = Vec::new();
    let cols = columns(&rows, span, &mut ragged)?;
    if !bad.is_empty() || !ragged.is_empty() {
        let mut diags = bad.finish();
        diags.extend(ragged);
        return Err(diags);
    }
    let cells = rows
        .iter()
        .flat_map(|(_, r)| r.iter().flatten().copied())
        .collect();
    Ok(Grid {
        rows: rows.len(),
        cols,
        cells,
        span,
    })
}

/// The rows of a `board { … }` grid through the legend's characters; a
/// row spans its first to last cell (the board, if it has none).
fn grid_rows<T>(
    rows: &[Vec<Spanned<char>>],
    span: Span,
    legend: &Legend<T>,
    game: &str,
    bad: &mut Capped,
) -> Vec<Row<T>> {
    let mut out = Vec::new();
    for row in rows {
        let cells = row
            .iter()
            .map(|c| {
                let v = (legend.char)(c.node);
                if v.is_none() {
                    bad.push(c.span, || {
                        bad_cell(c.span, &format!("`{}`", c.node), game, legend)
                    });
                }
                v
            })
            .collect();
        let rs = row
            .first()
            .zip(row.last())
            .map_or(span, |(a, b)| a.span.to(b.span));
        out.push((rs, cells));
    }
    out
}

/// The rows of a `board [[…]]` array through the legend's numbers.
fn array_rows<T>(
    rows: &[Spanned<Vec<Int>>],
    legend: &Legend<T>,
    game: &str,
    bad: &mut Capped,
) -> Vec<Row<T>> {
    let mut out = Vec::new();
    for row in rows {
        let cells = row
            .node
            .iter()
            .map(|n| {
                let v = (legend.number)(n.node);
                if v.is_none() {
                    bad.push(n.span, || {
                        bad_cell(n.span, &n.node.to_string(), game, legend)
                    });
                }
                v
            })
            .collect();
        out.push((row.span, cells));
    }
    out
}

/// The board's width, the first row's: a board without rows is an error at
/// once; ragged rows and an empty first row are added to `diags`.
fn columns<T>(rows: &[Row<T>], span: Span, diags: &mut Diags) -> Result<usize, Diags> {
    let Some((_, first)) = rows.first() else {
        return Err(vec![Diag::new(Code::BoardEmpty, "the board has no cells")
            .label(span, "empty board")
            .help("write one row of cells per line inside board { … }")]);
    };
    let cols = first.len();
    for (rs, row) in &rows[1..] {
        if row.len() != cols {
            diags.push(
                Diag::new(
                    Code::BoardRagged,
                    format!(
                        "board rows differ in length: {} cells here, {cols} in the first row",
                        row.len()
                    ),
                )
                .label(*rs, format!("{} cells", row.len()))
                .label(rows[0].0, format!("the first row has {cols}"))
                .help("every row of a board must have as many cells as the first"),
            );
        }
    }
    if cols == 0 {
        diags.push(
            Diag::new(Code::BoardEmpty, "the board's first row has no cells")
                .label(rows[0].0, "empty row")
                .help("write at least one cell per row"),
        );
    }
    Ok(cols)
}

pub(crate) fn bad_cell<T>(span: Span, what: &str, game: &str, legend: &Legend<T>) -> Diag {
    Diag::new(Code::BoardCell, format!("{what} is not a {game} cell"))
        .label(span, "not in the legend")
        .help(legend.help)
}

/// A coordinate as written, placed on a `rows × cols` board with the
/// scenario's origin.
pub(crate) fn place(
    at: &Spanned<Coord>,
    rows: usize,
    cols: usize,
    origin: i64,
    what: &str,
) -> Result<(usize, usize), Diag> {
    let r = at.node.row.checked_sub(origin);
    let c = at.node.col.checked_sub(origin);
    match (r, c) {
        (Some(r), Some(c))
            if r >= 0 && c >= 0 && (r as u64) < rows as u64 && (c as u64) < cols as u64 =>
        {
            Ok((r as usize, c as usize))
        }
        _ => Err(
            Diag::new(Code::PieceOffBoard, format!("{what} is off the board"))
                .label(at.span, format!("not on a {rows}×{cols} board"))
                .help(format!(
                    "rows count {}..{} and columns {}..{} here (rule origin {origin})",
                    origin,
                    rows as i64 - 1 + origin,
                    origin,
                    cols as i64 - 1 + origin
                )),
        ),
    }
}

/// [`place`] for a judge input, which counts from `base` by its own
/// format (no `rule origin` is involved): the help says so.
pub(crate) fn place_judge(
    at: &Spanned<Coord>,
    rows: usize,
    cols: usize,
    base: i64,
    what: &str,
) -> Result<(usize, usize), Diag> {
    place(at, rows, cols, base, what).map_err(|d| {
        d.help(format!(
            "the judge counts rows {base}..{} and columns {base}..{} on this board",
            rows as i64 - 1 + base,
            cols as i64 - 1 + base
        ))
    })
}

/// The diagnostic for a piece placed before any board.
pub(crate) fn no_board(at: Span) -> Diag {
    Diag::new(Code::BoardMissing, "a piece is placed before the board")
        .label(at, "no board yet")
        .help("declare `board { … }` before the pieces")
}

/// A cell as users write it, with the scenario's origin.
pub(crate) fn show_cell((r, c): (usize, usize), origin: i64) -> String {
    format!("({}, {})", r as i64 + origin, c as i64 + origin)
}
