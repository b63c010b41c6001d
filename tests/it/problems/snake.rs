//! BOJ 3190 (snake): scripts/problems/snake.game against a plain
//! simulation written from the statement, the body a queue of cells.

use super::{agree, full, rng, CASES};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::VecDeque;

/// One input: the board's size, the apples (1-based, row then column), the
/// turns (after second X, `L` left or `D` right).
pub struct Input {
    pub n: usize,
    pub apples: Vec<(usize, usize)>,
    pub turns: Vec<(u32, char)>,
}

/// The second during which the game ends.
pub fn reference(input: &Input) -> u32 {
    let n = input.n;
    let mut apple = vec![vec![false; n]; n];
    for &(r, c) in &input.apples {
        apple[r - 1][c - 1] = true;
    }
    let mut body = vec![vec![false; n]; n];
    let mut snake: VecDeque<(usize, usize)> = VecDeque::from([(0, 0)]);
    body[0][0] = true;
    // Right, down, left, up: a right turn is the next, a left the previous.
    let steps: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let mut facing = 0;
    let mut turns = input.turns.iter().peekable();
    let mut second = 0;
    loop {
        second += 1;
        let (r, c) = *snake.back().expect("a head");
        let (dr, dc) = steps[facing];
        let (r, c) = (r as isize + dr, c as isize + dc);
        if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
            return second;
        }
        let (r, c) = (r as usize, c as usize);
        if body[r][c] {
            return second;
        }
        body[r][c] = true;
        snake.push_back((r, c));
        if apple[r][c] {
            apple[r][c] = false;
        } else {
            let (tr, tc) = snake.pop_front().expect("a tail");
            body[tr][tc] = false;
        }
        if let Some(&&(x, d)) = turns.peek() {
            if x == second {
                facing = if d == 'L' {
                    (facing + 3) % 4
                } else {
                    (facing + 1) % 4
                };
                turns.next();
            }
        }
    }
}

/// The judge's text of an input.
pub fn text(input: &Input) -> String {
    let mut s = format!("{}\n{}\n", input.n, input.apples.len());
    for (r, c) in &input.apples {
        s.push_str(&format!("{r} {c}\n"));
    }
    s.push_str(&format!("{}\n", input.turns.len()));
    for (x, d) in &input.turns {
        s.push_str(&format!("{x} {d}\n"));
    }
    s
}

/// A random input within the judge's limits: `max_n` and `max_x` bound
/// the board and the turns' seconds.
pub fn random(r: &mut impl Rng, max_n: usize, max_x: u32) -> Input {
    let n = r.gen_range(2..=max_n);
    let mut cells: Vec<(usize, usize)> = (1..=n)
        .flat_map(|i| (1..=n).map(move |j| (i, j)))
        .filter(|&c| c != (1, 1))
        .collect();
    cells.shuffle(r);
    let k = r.gen_range(0..=100.min(cells.len()));
    let apples = cells[..k].to_vec();
    let l = r.gen_range(1..=100.min(max_x as usize));
    let mut xs: Vec<u32> = (1..=max_x).collect::<Vec<_>>();
    xs.shuffle(r);
    let mut xs = xs[..l].to_vec();
    xs.sort_unstable();
    let turns = xs
        .into_iter()
        .map(|x| (x, if r.gen_bool(0.5) { 'L' } else { 'D' }))
        .collect();
    Input { n, apples, turns }
}

fn scenario(input: &Input) -> String {
    format!("  input \"\"\"\n{}\"\"\"", text(input))
}

/// N up to 20 and turns up to second 200, and up to the judge's 100 and
/// 10,000 for the cases [`full`] picks; the edge cases: the smallest board,
/// a snake that fills it and bites its own tail, a run to the far wall, a
/// lap of the border, the longest game we know at the limits (5,100
/// seconds) and a random input at the limits.
#[test]
fn snake_agrees_with_the_reference() {
    let mut r = rng(3190);
    let mut cases: Vec<Input> = (0..CASES)
        .map(|i| {
            let (max_n, max_x) = if full(i) { (100, 10_000) } else { (20, 200) };
            random(&mut r, max_n, max_x)
        })
        .collect();
    cases.push(Input {
        n: 2,
        apples: vec![],
        turns: vec![(1, 'D')],
    });
    // Three apples fill the 2 x 2 board; the fourth second meets the tail.
    cases.push(Input {
        n: 2,
        apples: vec![(1, 2), (2, 2), (2, 1)],
        turns: vec![(1, 'D'), (2, 'D'), (3, 'D')],
    });
    cases.push(Input {
        n: 100,
        apples: vec![],
        turns: vec![(10_000, 'L')],
    });
    // A lap of the border, each apple on it, then turning until stuck.
    let border: Vec<(usize, usize)> = (2..=100).map(|c| (1, c)).collect();
    cases.push(Input {
        n: 100,
        apples: border[..99].to_vec(),
        turns: (0..100).map(|i| (99 + i * 3, 'D')).collect(),
    });
    // The benchmark's worst case: 100 apples, then the rows swept two at a
    // time for 5,100 seconds.
    let mut apples: Vec<(usize, usize)> = (2..=100).map(|c| (1, c)).collect();
    apples.push((2, 100));
    let turns = (0..25)
        .flat_map(|p| {
            let t = 200 * p;
            [
                (t + 99, 'D'),
                (t + 100, 'D'),
                (t + 199, 'L'),
                (t + 200, 'L'),
            ]
        })
        .collect();
    cases.push(Input {
        n: 100,
        apples,
        turns,
    });
    cases.push(random(&mut r, 100, 10_000));
    let want: Vec<String> = cases.iter().map(|c| reference(c).to_string()).collect();
    let bodies: Vec<String> = cases.iter().map(scenario).collect();
    agree("snake", &bodies, &want);
}

#[test]
fn the_samples_agree_with_the_reference() {
    for (text, answer) in [
        ("6\n3\n3 4\n2 5\n5 3\n3\n3 D\n15 L\n17 D\n", 9),
        ("10\n4\n1 2\n1 3\n1 4\n1 5\n4\n8 D\n10 D\n11 D\n13 L\n", 21),
        (
            "10\n5\n1 5\n1 3\n1 2\n1 6\n1 7\n4\n8 D\n10 D\n11 D\n13 L\n",
            13,
        ),
    ] {
        let w: Vec<&str> = text.split_whitespace().collect();
        let n = w[0].parse().unwrap();
        let k: usize = w[1].parse().unwrap();
        let apples = (0..k)
            .map(|i| (w[2 + 2 * i].parse().unwrap(), w[3 + 2 * i].parse().unwrap()))
            .collect();
        let l: usize = w[2 + 2 * k].parse().unwrap();
        let turns = (0..l)
            .map(|i| {
                let at = 3 + 2 * k + 2 * i;
                (w[at].parse().unwrap(), w[at + 1].chars().next().unwrap())
            })
            .collect();
        let input = Input { n, apples, turns };
        assert_eq!(super::snake::text(&input), text, "the text round-trips");
        assert_eq!(reference(&input), answer, "{text}");
    }
}
