//! Smaller stacking cases for the judge's shrinker (`meeple judge`): each
//! candidate removes a piece, shrinks the board by a row and a column free
//! of pieces (so a square board stays square), or recolours a red or
//! blue cell white. Every candidate is smaller in (pieces, cells, coloured
//! cells), so repeating ends.

use super::judge::JudgeCase;
use super::rules::Colour;

/// The case without row `row` and column `col` (`None` when a piece
/// stands on either, or the board would be empty).
fn drop_lines(case: &JudgeCase, row: usize, col: usize) -> Option<JudgeCase> {
    let s = &case.setup;
    if s.rows < 2 || s.cols < 2 || row >= s.rows || col >= s.cols {
        return None;
    }
    if s.pieces.iter().any(|&((r, c), _)| r == row || c == col) {
        return None;
    }
    let colours = (0..s.rows * s.cols)
        .filter(|i| i / s.cols != row && i % s.cols != col)
        .map(|i| s.colours[i])
        .collect();
    let less = |x: usize, k: usize| if x > k { x - 1 } else { x };
    let mut out = case.clone();
    out.setup.rows -= 1;
    out.setup.cols -= 1;
    out.setup.colours = colours;
    out.setup.pieces = s
        .pieces
        .iter()
        .map(|&((r, c), d)| ((less(r, row), less(c, col)), d))
        .collect();
    Some(out)
}

/// Smaller cases than `case`, the largest cuts first: pieces removed (the
/// later pieces keep their order), the board shrunk, cells recoloured white.
pub fn candidates(case: &JudgeCase) -> Vec<JudgeCase> {
    let s = &case.setup;
    let mut out = Vec::new();
    if s.pieces.len() > 1 {
        for i in (0..s.pieces.len()).rev() {
            let mut c = case.clone();
            c.setup.pieces.remove(i);
            out.push(c);
        }
    }
    for row in (0..s.rows).rev() {
        out.extend(
            (0..s.cols)
                .rev()
                .filter_map(|col| drop_lines(case, row, col)),
        );
    }
    for i in 0..s.colours.len() {
        if s.colours[i] != Colour::White {
            let mut c = case.clone();
            c.setup.colours[i] = Colour::White;
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stacking::judge::{read, write};

    const SAMPLE: &str = "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n";

    #[test]
    fn candidates_remove_pieces_lines_and_colours() {
        let case = read(SAMPLE).unwrap();
        let all = candidates(&case);
        let texts: Vec<String> = all.iter().map(write).collect();
        assert_eq!(
            texts[0],
            "4 3\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n"
        );
        // Row 1 and column 4 (1-based) hold no piece.
        let shrunk = all.iter().find(|c| c.setup.rows == 3).unwrap();
        assert_eq!(
            write(shrunk),
            "3 4\n0 0 1\n0 0 1\n0 2 0\n1 1 1\n2 2 3\n1 2 1\n3 1 2\n"
        );
        // Every row holds a piece: no smaller board.
        let full =
            read("4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n2 2 1\n3 3 1\n4 4 3\n").unwrap();
        assert!(!candidates(&full).iter().any(|c| c.setup.rows == 3));
        let size = |c: &JudgeCase| {
            let coloured = c
                .setup
                .colours
                .iter()
                .filter(|&&x| x != Colour::White)
                .count();
            (c.setup.pieces.len(), c.setup.colours.len(), coloured)
        };
        for c in &all {
            assert!(size(c) < size(&case), "{}", write(c));
            assert!(c.setup.validate().is_ok());
        }
    }
}
