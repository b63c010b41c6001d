//! BOJ 14499 (dice rolling): scripts/problems/rolling_die.game against a
//! plain simulation written from the statement; its answer is the lines
//! the turn prints (`output printed`).

use super::{field_values, full, rng, CASES};
use meeple::games::FieldValue;
use meeple::syntax::dialect::Field;
use rand::Rng;

/// The top face after each command that keeps the die on the map: the
/// die starts at row `x`, column `y` with every face 0; 1 east, 2 west,
/// 3 north, 4 south; a command off the map is ignored and prints nothing;
/// after a roll a cell of 0 takes the bottom face, any other cell gives
/// its number to the bottom face and becomes 0.
pub fn reference(map: &[Vec<i64>], x: usize, y: usize, commands: &[u8]) -> Vec<i64> {
    let mut map = map.to_vec();
    let (n, m) = (map.len() as i64, map[0].len() as i64);
    let (mut r, mut c) = (x as i64, y as i64);
    // Faces: top, bottom, north, south, east, west.
    let (mut top, mut bottom, mut north, mut south, mut east, mut west) = (0, 0, 0, 0, 0, 0);
    let mut out = Vec::new();
    for &k in commands {
        let (dr, dc) = match k {
            1 => (0, 1),
            2 => (0, -1),
            3 => (-1, 0),
            _ => (1, 0),
        };
        let (nr, nc) = (r + dr, c + dc);
        if nr < 0 || nc < 0 || nr >= n || nc >= m {
            continue;
        }
        (r, c) = (nr, nc);
        (top, bottom, north, south, east, west) = match k {
            // East: the west face comes up, the top goes east.
            1 => (west, east, north, south, top, bottom),
            2 => (east, west, north, south, bottom, top),
            // North: the south face comes up, the top goes north.
            3 => (south, north, top, bottom, east, west),
            _ => (north, south, bottom, top, east, west),
        };
        let cell = &mut map[r as usize][c as usize];
        if *cell == 0 {
            *cell = bottom;
        } else {
            bottom = *cell;
            *cell = 0;
        }
        out.push(top);
    }
    out
}

/// One case as a scenario body: the map, the die's cell, the commands.
fn scenario(map: &[Vec<i64>], x: usize, y: usize, commands: &[u8]) -> String {
    let rows: Vec<String> = map
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.iter().map(i64::to_string).collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    let dice: Vec<String> = commands.iter().map(u8::to_string).collect();
    format!(
        "  board [{}]\n  set x {x}\n  set y {y}\n  dice {}",
        rows.join(", "),
        dice.join(" ")
    )
}

type Case = (Vec<Vec<i64>>, usize, usize, Vec<u8>);

/// N, M up to `max` (from 1), numbers 0..9 (half of them 0, so both rules
/// of the cell run), K up to `max_k` commands.
fn random(r: &mut impl Rng, max: usize, max_k: usize) -> Case {
    let (n, m) = (r.gen_range(1..=max), r.gen_range(1..=max));
    let map = (0..n)
        .map(|_| {
            (0..m)
                .map(|_| {
                    if r.gen_bool(0.5) {
                        0
                    } else {
                        r.gen_range(1..=9)
                    }
                })
                .collect()
        })
        .collect();
    let k = r.gen_range(1..=max_k);
    let commands = (0..k).map(|_| r.gen_range(1..=4)).collect();
    (map, r.gen_range(0..n), r.gen_range(0..m), commands)
}

fn lines(v: &FieldValue) -> Vec<String> {
    match v {
        FieldValue::List(items) => items.iter().map(ToString::to_string).collect(),
        other => panic!("printed is a list, not {other}"),
    }
}

/// Compare the script's printed lines with the reference's.
fn agree(cases: &[Case]) {
    let bodies: Vec<String> = cases
        .iter()
        .map(|(map, x, y, k)| scenario(map, *x, *y, k))
        .collect();
    let got = field_values("rolling_die", Field::Printed, &bodies);
    for (i, ((map, x, y, k), g)) in cases.iter().zip(&got).enumerate() {
        let want: Vec<String> = reference(map, *x, *y, k)
            .iter()
            .map(i64::to_string)
            .collect();
        assert_eq!(lines(g), want, "case {i}:\n{}", bodies[i]);
    }
}

/// 200 random inputs (N, M up to 8 and K up to 100; up to the judge's 20
/// and 1,000 for the cases [`full`] picks) and the edge cases: every move
/// off the map (no line at all), a 1 x 1 map, the judge's largest input.
#[test]
fn rolling_die_agrees_with_the_reference() {
    let mut r = rng(14499);
    let mut cases: Vec<Case> = (0..CASES)
        .map(|i| {
            if full(i) {
                random(&mut r, 20, 1000)
            } else {
                random(&mut r, 8, 100)
            }
        })
        .collect();
    // A corner and commands that all leave the map: nothing printed.
    cases.push((vec![vec![0, 1], vec![2, 3]], 0, 0, vec![2, 3, 2, 3]));
    // A 1 x 1 map: every move leaves it.
    cases.push((vec![vec![7]], 0, 0, vec![1, 2, 3, 4]));
    // 20 x 20, K = 1000, going round in a square (every move valid).
    let big: Vec<Vec<i64>> = (0..20)
        .map(|i| (0..20).map(|j| (i * 7 + j * 3) % 10).collect())
        .collect();
    let square: Vec<u8> = [1u8, 4, 2, 3].iter().copied().cycle().take(1000).collect();
    cases.push((big, 5, 5, square));
    let empty = reference(&cases[CASES].0, 0, 0, &cases[CASES].3);
    assert!(empty.is_empty());
    agree(&cases);
}

/// BOJ 14499's four official samples: each pasted in the script as the
/// judge writes it, with its lines in `expect printed`, which the
/// reference gives too. Sample 2 is the statement's answer: its seventh
/// command (south from the bottom row) leaves the map, so it prints 8
/// lines, not 9.
#[test]
fn rolling_die_carries_every_official_sample() {
    let samples: [(&str, Vec<i64>); 4] = [
        (
            "4 2 0 0 8\n0 2\n3 4\n5 6\n7 8\n4 4 4 1 3 3 3 2\n",
            vec![0, 0, 3, 0, 0, 8, 6, 3],
        ),
        (
            "3 3 1 1 9\n1 2 3\n4 0 5\n6 7 8\n1 3 2 2 4 4 1 1 3\n",
            vec![0, 0, 0, 3, 0, 1, 0, 6, 0],
        ),
        (
            "2 2 0 0 16\n0 2\n3 4\n4 4 4 4 1 1 1 1 3 3 3 3 2 2 2 2\n",
            vec![0, 0, 0, 0],
        ),
        (
            "3 3 0 0 16\n0 1 2\n3 4 5\n6 7 8\n4 4 1 1 3 3 2 2 4 4 1 1 3 3 2 2\n",
            vec![0, 0, 0, 6, 0, 8, 0, 2, 0, 8, 0, 2, 0, 8, 0, 2],
        ),
    ];
    let text = super::script("rolling_die");
    for (i, (input, out)) in samples.iter().enumerate() {
        let words: Vec<usize> = input
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let (n, m, x, y, k) = (words[0], words[1], words[2], words[3], words[4]);
        let map: Vec<Vec<i64>> = (0..n)
            .map(|r| (0..m).map(|c| words[5 + r * m + c] as i64).collect())
            .collect();
        let commands: Vec<u8> = words[5 + n * m..].iter().map(|&c| c as u8).collect();
        assert_eq!(commands.len(), k);
        assert_eq!(&reference(&map, x, y, &commands), out, "sample {}", i + 1);
        let name = format!("scenario \"BOJ 14499 sample {}\" {{", i + 1);
        let at = text.find(&name).unwrap_or_else(|| panic!("{name}"));
        let body = &text[at..=at + text[at..].find("\n}\n").unwrap()];
        assert!(
            body.contains(&format!("  input \"\"\"\n{input}\"\"\"")),
            "{body}"
        );
        let list: Vec<String> = out.iter().map(i64::to_string).collect();
        assert!(
            body.contains(&format!("expect printed [{}]\n", list.join(", "))),
            "{body}"
        );
    }
}
