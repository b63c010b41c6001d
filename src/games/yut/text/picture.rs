//! The built-in yut board drawn as text, with the pieces on it.

use crate::games::yut::{SquareId, Track};

/// (name, row, col) of the built-in board's squares on an 11×11 grid.
const PLACES: &[(&str, usize, usize)] = &[
    ("20", 0, 0),
    ("18", 0, 2),
    ("16", 0, 4),
    ("14", 0, 6),
    ("12", 0, 8),
    ("10", 0, 10),
    ("22", 2, 0),
    ("24", 4, 0),
    ("26", 6, 0),
    ("28", 8, 0),
    ("8", 2, 10),
    ("6", 4, 10),
    ("4", 6, 10),
    ("2", 8, 10),
    ("30", 10, 0),
    ("32", 10, 2),
    ("34", 10, 4),
    ("36", 10, 6),
    ("38", 10, 8),
    ("40", 10, 10),
    ("b13", 1, 9),
    ("b16", 2, 8),
    ("b19", 3, 7),
    ("c25", 5, 5),
    ("b22", 2, 2),
    ("b24", 3, 3),
    ("b28", 9, 1),
    ("b27", 8, 2),
    ("b26", 7, 3),
    ("c30", 7, 7),
    ("c35", 8, 8),
];

/// The built-in board with the pieces at `at` (piece 1 first): each square
/// shows its score, or `[N]` for the lowest-numbered piece on it.
pub(crate) fn standard(track: &Track, at: &[SquareId]) -> Vec<String> {
    let mut grid = vec![vec!["    ".to_string(); 11]; 11];
    for &(name, r, c) in PLACES {
        let Some(sq) = track.find(name) else { continue };
        let cell = match at.iter().position(|&p| p == sq) {
            Some(i) => format!("[{}]", i + 1),
            None => format!("{:>3}", track.score(sq)),
        };
        grid[r][c] = format!("{cell:>4}");
    }
    grid.into_iter()
        .map(|row| row.concat().trim_end().to_string())
        .collect()
}
