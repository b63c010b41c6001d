//! Smaller footholds positions for the judge's shrinker (`meeple judge`):
//! each candidate drops a row or a column, turns a foothold into a hole, or
//! moves a player one step closer to the other. Every candidate is smaller
//! in (cells, footholds, distance between the players), so repeating ends.

use super::rules::Position;

/// The position without row `r` (`None` when a player stands on it or it
/// is the only row).
fn drop_row(p: &Position, r: usize) -> Option<Position> {
    if p.rows < 2 || p.a.0 == r || p.b.0 == r {
        return None;
    }
    let cells = (0..p.rows)
        .filter(|&i| i != r)
        .flat_map(|i| p.cells[i * p.cols..(i + 1) * p.cols].iter().copied())
        .collect();
    let shift = |(i, j): (usize, usize)| (if i > r { i - 1 } else { i }, j);
    Some(Position {
        rows: p.rows - 1,
        cells,
        a: shift(p.a),
        b: shift(p.b),
        ..p.clone()
    })
}

/// The position without column `c` (`None` when a player stands on it or
/// it is the only column).
fn drop_col(p: &Position, c: usize) -> Option<Position> {
    if p.cols < 2 || p.a.1 == c || p.b.1 == c {
        return None;
    }
    let cells = (0..p.rows * p.cols)
        .filter(|i| i % p.cols != c)
        .map(|i| p.cells[i])
        .collect();
    let shift = |(i, j): (usize, usize)| (i, if j > c { j - 1 } else { j });
    Some(Position {
        cols: p.cols - 1,
        cells,
        a: shift(p.a),
        b: shift(p.b),
        ..p.clone()
    })
}

/// One orthogonal step from `from` towards `to` (rows first), when it
/// lands on a foothold.
fn closer(p: &Position, from: (usize, usize), to: (usize, usize)) -> Option<(usize, usize)> {
    let step = |x: usize, y: usize| if x < y { x + 1 } else { x - 1 };
    let next = if from.0 != to.0 {
        (step(from.0, to.0), from.1)
    } else if from.1 != to.1 {
        (from.0, step(from.1, to.1))
    } else {
        return None;
    };
    p.is_foothold(next).then_some(next)
}

/// Smaller positions than `p`, the largest cuts first: rows, columns,
/// footholds turned into holes, then players moved closer. The step rule
/// and the side to move are kept.
pub fn candidates(p: &Position) -> Vec<Position> {
    let mut out: Vec<Position> = (0..p.rows).filter_map(|r| drop_row(p, r)).collect();
    out.extend((0..p.cols).filter_map(|c| drop_col(p, c)));
    for i in 0..p.cells.len() {
        let cell = (i / p.cols, i % p.cols);
        if p.cells[i] && cell != p.a && cell != p.b {
            let mut q = p.clone();
            q.cells[i] = false;
            out.push(q);
        }
    }
    if let Some(a) = closer(p, p.a, p.b) {
        out.push(Position { a, ..p.clone() });
    }
    if let Some(b) = closer(p, p.b, p.a) {
        out.push(Position { b, ..p.clone() });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::judge::{read, write};

    #[test]
    fn candidates_cut_rows_columns_footholds_and_distance() {
        let p = read("[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]").unwrap();
        let texts: Vec<String> = candidates(&p).iter().map(write).collect();
        assert!(texts.contains(&"[[1, 0, 1], [1, 1, 1]] [0, 0] [0, 2]\n".to_string()));
        assert!(texts.contains(&"[[1, 1, 1], [1, 0, 1]] [1, 0] [1, 2]\n".to_string()));
        assert!(texts.contains(&"[[0, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]\n".to_string()));
        // The middle column holds no player but the hole: dropping it joins them.
        assert!(texts.contains(&"[[1, 1], [1, 1], [1, 1]] [1, 0] [1, 1]\n".to_string()));
        // A cannot step onto the hole between the players.
        assert!(!texts.iter().any(|t| t.ends_with("[1, 1] [1, 2]\n")));
        let one = read("[[1]] [0, 0] [0, 0]").unwrap();
        assert!(candidates(&one).is_empty());
    }

    #[test]
    fn every_candidate_is_smaller() {
        let size = |p: &Position| {
            let d = p.a.0.abs_diff(p.b.0) + p.a.1.abs_diff(p.b.1);
            (p.cells.len(), p.cells.iter().filter(|&&c| c).count(), d)
        };
        let p = read("[[1, 1, 1, 1], [1, 1, 0, 1], [1, 1, 1, 1]] [0, 0] [2, 3]").unwrap();
        for q in candidates(&p) {
            assert!(size(&q) < size(&p), "{}", write(&q));
            assert!(q.is_foothold(q.a) && q.is_foothold(q.b));
        }
    }
}
