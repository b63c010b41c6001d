//! The judge codec of footholds (2022 KAKAO BLIND, "Disappearing
//! footholds"): its input `board aloc bloc`, e.g.
//! `[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]`, and its answer.
//!
//! The position type is [`Position`]: what [`read`] gives is always A to
//! move with orthogonal steps (the judge's rules); [`write()`] writes the board
//! and both cells of any position, and [`instance`] says whether the judge
//! problem is that position's problem.

use super::rules::{Player, Position, Steps};
use super::session::{stands_on_hole, LEGEND};
use crate::error::Diags;
use crate::games::grid;
use crate::games::judge_text;
use crate::games::not_instance::{limit, rule, NotInstance};
use crate::syntax::ast::{BoardSrc, Span};

/// The judge's largest board side (rows and columns each 1..=5).
pub const MAX_SIDE: usize = 5;

/// A judge input as read, with where each part stands in the text.
#[derive(Clone, Debug)]
pub struct Read {
    /// A to move, orthogonal steps.
    pub position: Position,
    /// The board array `[[…]]`.
    pub board: Span,
    /// `aloc` and `bloc`.
    pub a: Span,
    /// Where B's coordinates are.
    pub b: Span,
}

/// Read a judge input: errors carry spans relative to the start of `text`.
/// A board of any size meeple takes is read (not only the judge's 5 × 5).
pub fn read(text: &str) -> Result<Position, Diags> {
    read_spanned(text).map(|r| r.position)
}

/// [`read`], keeping the spans of the board and of both players.
pub fn read_spanned(text: &str) -> Result<Read, Diags> {
    // The size cap before any parsing: an 8 MB board is refused at once.
    if let Some((at, cells)) = grid::count_array_cells(text) {
        if cells > crate::limits::BOARD_CELLS {
            return Err(vec![crate::syntax::too_many_cells(
                Span::new(at, at + 1),
                cells,
            )]);
        }
    }
    let j = judge_text::coords(text)?;
    let src = BoardSrc::Array {
        rows: j.rows,
        span: j.span,
    };
    let board = grid::read(&src, &LEGEND, "footholds")?;
    let mut diags = Vec::new();
    let mut cells = [(0, 0); 2];
    for (i, (name, at)) in [("A", &j.a), ("B", &j.b)].into_iter().enumerate() {
        // The judge counts from 0.
        match grid::place_judge(at, board.rows, board.cols, 0, &format!("player {name}")) {
            Ok(c) if !board.get(c) => diags.push(stands_on_hole(name, at.span)),
            Ok(c) => cells[i] = c,
            Err(d) => diags.push(d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(Read {
        position: Position {
            rows: board.rows,
            cols: board.cols,
            cells: board.cells,
            a: cells[0],
            b: cells[1],
            to_move: Player::A,
            steps: Steps::Orthogonal,
        },
        board: board.span,
        a: j.a.span,
        b: j.b.span,
    })
}

/// The judge input of a position: its board (1 foothold, 0 hole) and both
/// players' cells, 0-based, spaced as the problem page shows, with one
/// trailing newline. Who is to move and the step rule are not written.
pub fn write(p: &Position) -> String {
    let rows: Vec<String> = (0..p.rows)
        .map(|r| {
            let row: Vec<&str> = (0..p.cols)
                .map(|c| if p.is_foothold((r, c)) { "1" } else { "0" })
                .collect();
            format!("[{}]", row.join(", "))
        })
        .collect();
    let cell = |(r, c): (usize, usize)| format!("[{r}, {c}]");
    format!("[{}] {} {}\n", rows.join(", "), cell(p.a), cell(p.b))
}

/// The judge's output: the total number of moves of the optimal game (the
/// solver's `moves`), and a newline.
pub fn answer_line(moves: u32) -> String {
    format!("{moves}\n")
}

/// Whether `p` is an instance of the judge's problem: orthogonal steps, A to
/// move, both players on footholds of the board, 1..=5 rows and columns.
pub fn instance(p: &Position) -> Result<(), NotInstance> {
    rule(p.steps == Steps::Orthogonal, || {
        "players step like a king (the judge: 4 orthogonal steps)".into()
    })?;
    rule(p.to_move == Player::A, || {
        "B moves first (the judge: A first)".into()
    })?;
    rule(p.cells.len() == p.rows * p.cols, || {
        "the board's cells do not fill its rows and columns".into()
    })?;
    for (name, at) in [("A", p.a), ("B", p.b)] {
        rule(p.is_foothold(at), || {
            format!("player {name} does not stand on a foothold")
        })?;
    }
    limit("the number of rows", p.rows, 1, MAX_SIDE)?;
    limit("the number of columns", p.cols, 1, MAX_SIDE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testkit;

    const SAMPLES: [&str; 4] = [
        "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]",
        "[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]",
        "[[1, 1, 1, 1, 1]] [0, 0] [0, 4]",
        "[[1]] [0, 0] [0, 0]",
    ];

    #[test]
    fn judge_samples_read_and_write_back() {
        for text in SAMPLES {
            let p = read(text).unwrap();
            assert_eq!(instance(&p), Ok(()));
            assert_eq!(testkit::squeeze(&write(&p)), testkit::squeeze(text));
        }
        let p = read(SAMPLES[1]).unwrap();
        assert_eq!((p.rows, p.cols, p.a, p.b), (3, 3, (1, 0), (1, 2)));
        assert!(!p.cells[4]);
        assert_eq!(answer_line(5), "5\n");
    }

    #[test]
    fn random_positions_round_trip() {
        let mut rng = testkit::rng(17);
        for _ in 0..300 {
            let mut p = testkit::footholds_position(&mut rng, 7, Steps::Orthogonal, 0.0);
            p.to_move = Player::A;
            let text = write(&p);
            assert_eq!(read(&text).unwrap(), p, "{text}");
            assert!(text.ends_with("]\n"));
        }
    }

    #[test]
    fn errors_point_into_the_text() {
        let e = read("[[1, 0]] [0, 0] [0, 1]").unwrap_err();
        assert_eq!(e[0].code.as_str(), "meeple::piece::in_hole");
        assert_eq!(e[0].span(), Some(Span::new(16, 22)));
        let e = read("[[1, 1]] [0, 0] [zero, 1]").unwrap_err();
        assert_eq!(e[0].code.as_str(), "meeple::input::format");
        assert_eq!(e[0].span().map(|s| s.start()), Some(17));
    }

    #[test]
    fn instances_name_what_differs() {
        let p = read(SAMPLES[0]).unwrap();
        let king = Position {
            steps: Steps::King,
            ..p.clone()
        };
        assert!(matches!(instance(&king), Err(NotInstance::Rule(_))));
        let b_first = Position {
            to_move: Player::B,
            ..p.clone()
        };
        assert!(instance(&b_first)
            .unwrap_err()
            .reason()
            .contains("B moves first"));
        let big = Position::full(6, 2, (0, 0), (5, 1), Steps::Orthogonal);
        let e = instance(&big).unwrap_err();
        assert!(e.is_limit() && e.reason().contains("rows is 6"), "{e}");
    }
}
