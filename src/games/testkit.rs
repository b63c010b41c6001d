//! Random positions for tests (seeded `rand`, bounded sizes), shared by
//! every game's tests: one generator per kind of position.

use crate::games::footholds::rules::{Player, Position, Steps};
use crate::games::stacking::judge::JudgeCase;
use crate::games::stacking::rules::{Colour, Dir, Mover, Setup};
use crate::games::yut::judge::Setup as YutSetup;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A generator seeded with `seed`.
pub(crate) fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// `text` without its whitespace: "the same text up to whitespace".
pub(crate) fn squeeze(text: &str) -> String {
    text.split_whitespace().collect()
}

/// A footholds step rule as the random tests draw it: king steps three
/// times in ten, orthogonal otherwise.
pub(crate) fn footholds_steps(rng: &mut StdRng) -> Steps {
    if rng.gen_bool(0.3) {
        Steps::King
    } else {
        Steps::Orthogonal
    }
}

/// A footholds position of 1..=`max_side` rows and columns, a fraction of
/// footholds drawn from `min_density..=1`, players on footholds (sometimes
/// the same one), a random side to move, the given step rule.
pub(crate) fn footholds_position(
    rng: &mut StdRng,
    max_side: usize,
    steps: Steps,
    min_density: f64,
) -> Position {
    let rows = rng.gen_range(1..=max_side);
    let cols = rng.gen_range(1..=max_side);
    let density = rng.gen_range(min_density..=1.0);
    let mut cells: Vec<bool> = (0..rows * cols).map(|_| rng.gen_bool(density)).collect();
    let a = (rng.gen_range(0..rows), rng.gen_range(0..cols));
    let b = if rng.gen_bool(0.1) {
        a
    } else {
        (rng.gen_range(0..rows), rng.gen_range(0..cols))
    };
    cells[a.0 * cols + a.1] = true;
    cells[b.0 * cols + b.1] = true;
    Position {
        rows,
        cols,
        cells,
        a,
        b,
        to_move: if rng.gen_bool(0.5) {
            Player::A
        } else {
            Player::B
        },
        steps,
    }
}

/// A yut setup on the built-in board with 4 pieces: 1..=`max_rolls` rolls
/// of 1..=`max_face`.
pub(crate) fn yut_setup(rng: &mut StdRng, max_rolls: usize, max_face: u64) -> YutSetup {
    let n = rng.gen_range(1..=max_rolls);
    YutSetup {
        standard_board: true,
        pieces: 4,
        rolls: (0..n).map(|_| rng.gen_range(1..=max_face)).collect(),
    }
}

/// A stacking setup: mostly 4..=`max_side` rows and columns (sometimes 1..=3
/// rows), random colour weights, 1..=`max_k` pieces on distinct cells, stack
/// 2..=6, either mover.
pub(crate) fn stacking_setup(rng: &mut StdRng, max_side: usize, max_k: usize) -> Setup {
    let (rows, cols) = if rng.gen_bool(0.1) {
        (rng.gen_range(1..=3), rng.gen_range(1..=max_side))
    } else {
        (rng.gen_range(4..=max_side), rng.gen_range(4..=max_side))
    };
    let setup = Setup {
        rows,
        cols,
        colours: colours(rng, rows * cols),
        pieces: pieces(rng, rows, cols, max_k),
        stack: rng.gen_range(2..=6),
        mover: if rng.gen_bool(0.5) {
            Mover::Any
        } else {
            Mover::Bottom
        },
    };
    assert_eq!(setup.validate(), Ok(()));
    setup
}

/// A stacking judge case: an N × N board (1..=`max_side`), 1..=`max_k`
/// pieces, stack 4, limit 1000, mover any (what a judge input reads as).
pub(crate) fn stacking_case(rng: &mut StdRng, max_side: usize, max_k: usize) -> JudgeCase {
    let n = rng.gen_range(1..=max_side);
    let setup = Setup {
        rows: n,
        cols: n,
        colours: colours(rng, n * n),
        pieces: pieces(rng, n, n, max_k),
        stack: 4,
        mover: Mover::Any,
    };
    assert_eq!(setup.validate(), Ok(()));
    JudgeCase {
        setup,
        limit: Some(1000),
    }
}

/// `cells` colours, with red and blue each drawn at 0..=40 %.
fn colours(rng: &mut StdRng, cells: usize) -> Vec<Colour> {
    let red = rng.gen_range(0..=40u32);
    let blue = rng.gen_range(0..=40u32);
    (0..cells)
        .map(|_| {
            let x = rng.gen_range(0..100u32);
            if x < red {
                Colour::Red
            } else if x < red + blue {
                Colour::Blue
            } else {
                Colour::White
            }
        })
        .collect()
}

/// 1..=`max_k` pieces (at most one per cell) on distinct cells, random directions.
fn pieces(rng: &mut StdRng, rows: usize, cols: usize, max_k: usize) -> Vec<((usize, usize), Dir)> {
    let cells = rows * cols;
    let k = rng.gen_range(1..=max_k.min(cells));
    let mut free: Vec<usize> = (0..cells).collect();
    let dirs = [Dir::Right, Dir::Left, Dir::Up, Dir::Down];
    (0..k)
        .map(|_| {
            let cell = free.swap_remove(rng.gen_range(0..free.len()));
            ((cell / cols, cell % cols), dirs[rng.gen_range(0..4)])
        })
        .collect()
}
