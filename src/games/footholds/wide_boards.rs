//! Tests of boards beyond 128 footholds (sets of four words): the fast
//! solver against the plain reference on random mazes big enough for the
//! wide sets and thin enough for the reference to finish.

use super::reference::reference_solve;
use super::rules::{Player, Position, Steps};
use super::search::{analyze, principal_line, solve, Queries, Solver};
use super::value::{parent_view, SearchError, Value};
use crate::budget::Budget;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random maze on `(2 nr - 1) x (2 nc - 1)` cells: rooms at even
/// coordinates, a spanning tree of passages between them, then `loops`
/// extra passages (each one a cycle); players on random footholds.
fn maze(rng: &mut StdRng, nr: usize, nc: usize, loops: usize) -> Position {
    let (rows, cols) = (2 * nr - 1, 2 * nc - 1);
    let mut grid = vec![vec![0u8; cols]; rows];
    let mut seen = vec![vec![false; nc]; nr];
    let start = (rng.gen_range(0..nr), rng.gen_range(0..nc));
    let mut stack = vec![start];
    seen[start.0][start.1] = true;
    grid[2 * start.0][2 * start.1] = 1;
    while let Some(&(r, c)) = stack.last() {
        let next: Vec<(usize, usize)> = [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .filter_map(|&(dr, dc)| Some((r.checked_add_signed(dr)?, c.checked_add_signed(dc)?)))
            .filter(|&(r, c)| r < nr && c < nc && !seen[r][c])
            .collect();
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (r2, c2) = next[rng.gen_range(0..next.len())];
        seen[r2][c2] = true;
        grid[2 * r2][2 * c2] = 1;
        grid[r + r2][c + c2] = 1;
        stack.push((r2, c2));
    }
    let mut added = 0;
    while added < loops {
        // A wall cell between two rooms (odd on exactly one axis).
        let (r, c) = (rng.gen_range(0..rows), rng.gen_range(0..cols));
        if (r + c) % 2 == 1 && grid[r][c] == 0 {
            grid[r][c] = 1;
            added += 1;
        }
    }
    let footholds: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] == 1)
        .collect();
    let a = footholds[rng.gen_range(0..footholds.len())];
    let b = footholds[rng.gen_range(0..footholds.len())];
    let mut p = Position::from_rows(&grid, a, b, Steps::Orthogonal).unwrap();
    p.to_move = if rng.gen_bool(0.5) {
        Player::A
    } else {
        Player::B
    };
    p
}

/// Checks `p` against the reference (if it settles `p` within `cap`
/// states): the value, every move's value and the principal line.
fn check(p: &Position, cap: u64) -> bool {
    let b = Budget::unlimited();
    let Ok(want) = reference_solve(p, &Budget::new(Some(cap), None)) else {
        return false;
    };
    assert_eq!(solve(p, &b).unwrap(), want, "{p:?}");
    for (to, v) in analyze(p, &b).unwrap() {
        let r = reference_solve(&p.play(to).unwrap(), &b).unwrap();
        assert_eq!(v, parent_view(r), "{p:?} move {to:?}");
    }
    let line = principal_line(p, &b).unwrap();
    assert_eq!(line.len() as u32, want.moves, "{p:?}");
    true
}

/// Mazes of 143 footholds in a 15x17 box (the grid layout: 255 indices)
/// and of 161 in a 17x17 box (the compact layout), with 0 to 3 cycles.
#[test]
fn mazes_beyond_128_footholds_match_the_reference() {
    let mut rng = StdRng::seed_from_u64(33);
    let mut checked = [0; 2];
    for k in 0..60 {
        let (nr, nc) = if k % 2 == 0 { (8, 9) } else { (9, 9) };
        let loops = rng.gen_range(0..=3);
        let p = maze(&mut rng, nr, nc, loops);
        let s = Solver::new(&p, &Budget::unlimited()).unwrap();
        assert_eq!(s.set_bits(), 256, "{}", p.footholds());
        assert!(p.footholds() > 128);
        if check(&p, 200_000) {
            checked[k % 2] += 1;
        }
    }
    assert!(checked[0] >= 20 && checked[1] >= 20, "{checked:?}");
}

/// One [`Queries`] through a whole game on a wide maze: every position's
/// value against the reference, on the same tables.
#[test]
fn a_game_on_a_wide_maze_reuses_its_tables_exactly() {
    let mut rng = StdRng::seed_from_u64(1033);
    let mut positions = 0;
    for _ in 0..6 {
        let mut p = maze(&mut rng, 8, 9, 2);
        let mut q = Queries::default();
        let b = Budget::unlimited().with_memory(4 << 20);
        while !p.legal_moves().is_empty() {
            let Ok(want) = reference_solve(&p, &Budget::new(Some(200_000), None)) else {
                break;
            };
            assert_eq!(q.solve(&p, &b).unwrap(), want, "{p:?}");
            assert!(q.table_bytes() <= 4 << 20, "{}", q.table_bytes());
            positions += 1;
            let legal = p.legal_moves();
            p = p.play(legal[rng.gen_range(0..legal.len())]).unwrap();
        }
    }
    assert!(positions > 100, "{positions}");
}

/// The limit that remains: one byte per foothold index.
#[test]
fn more_than_255_footholds_are_refused_with_the_limit() {
    let b = Budget::unlimited();
    let p = Position::full(16, 16, (0, 0), (15, 15), Steps::Orthogonal);
    assert_eq!(
        solve(&p, &b),
        Err(SearchError::TooLarge {
            footholds: 256,
            max: 255
        })
    );
    // ...unless the rules settle it at once.
    let p = Position::full(16, 16, (5, 5), (5, 5), Steps::Orthogonal);
    assert_eq!(
        solve(&p, &b).unwrap(),
        Value {
            mover_wins: true,
            moves: 1
        }
    );
    // 255 footholds are searched (a corridor: the reference walks it).
    let p = Position::full(1, 255, (0, 0), (0, 254), Steps::Orthogonal);
    assert_eq!(Solver::new(&p, &b).unwrap().set_bits(), 256);
    assert_eq!(solve(&p, &b).unwrap(), reference_solve(&p, &b).unwrap());
}

/// Four-word sets on small random boards (forced: 64 bits would do),
/// orthogonal and king steps, against the reference: every layout and set
/// operation of the wide engine on positions the reference settles.
#[test]
fn four_word_sets_on_small_boards_match_the_reference() {
    use super::search::SearchConfig;
    use crate::games::testkit::footholds_position;
    let mut rng = StdRng::seed_from_u64(2560);
    let mut checked = 0;
    for _ in 0..400 {
        let steps = crate::games::testkit::footholds_steps(&mut rng);
        let p = footholds_position(&mut rng, 5, steps, 0.5);
        let Ok(want) = reference_solve(&p, &Budget::new(Some(40_000), None)) else {
            continue;
        };
        let u = Budget::unlimited();
        let mut s = Solver::with_width(&p, &u, 256, SearchConfig::default()).unwrap();
        assert_eq!(s.set_bits(), 256);
        assert_eq!(s.value(&p, &u).unwrap(), want, "{p:?}");
        for (to, v) in s.analyze(&p, &u).unwrap() {
            let r = reference_solve(&p.play(to).unwrap(), &u).unwrap();
            assert_eq!(v, parent_view(r), "{p:?} move {to:?}");
        }
        assert_eq!(s.principal_line(&p, &u).unwrap().len() as u32, want.moves);
        checked += 1;
    }
    assert!(checked > 350, "{checked}");
}
