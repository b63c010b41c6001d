//! `meeple gen GAME --rules FILE` and `meeple judge --gen GAME --rules FILE`
//! on the problem library (issue 31 items 2 and 3): every generated file
//! passes `meeple test`, every `--judge` input is a valid instance of its
//! problem (checked against the statement by a small predicate per
//! problem), the same seed writes the same bytes, `--where` and `--edge`,
//! the errors, and Python programs judged AC (correct) and WA (buggy).
//! Work is bounded by counts (cases, runs), never by timing.

use crate::common::{meeple_in, root, temp_dir, text};
use std::path::Path;

fn problem(name: &str) -> String {
    root()
        .join("scripts/problems")
        .join(format!("{name}.game"))
        .display()
        .to_string()
}

/// `meeple ARGS…` in `dir`: stdout, stderr, exit code.
fn run(dir: &Path, args: &[&str], envs: &[(&str, &str)]) -> (String, String, i32) {
    let o = meeple_in(dir, args, envs);
    let (out, err) = text(&o);
    (out, err, o.status.code().unwrap_or(-1))
}

/// `meeple gen ARGS…` in `dir`, which must succeed: its stdout.
fn gen_ok(dir: &Path, args: &[&str]) -> String {
    let args: Vec<&str> = std::iter::once("gen").chain(args.iter().copied()).collect();
    let (out, err, code) = run(dir, &args, &[]);
    assert_eq!(code, 0, "{err}");
    out
}

fn numbers(s: &str) -> Vec<i64> {
    s.split_whitespace()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("{w:?} in {s:?}")))
        .collect()
}

/// Whether `input` is a valid input of the problem `name`, by its statement
/// (the scripts' header comments).
fn valid(name: &str, input: &str) -> bool {
    let v = || numbers(input);
    match name {
        "stones" => v().len() == 1 && (1..=1000).contains(&v()[0]),
        "marbles" => {
            let mut lines = input.lines();
            let nm = numbers(lines.next().unwrap());
            let (n, m) = (nm[0] as usize, nm[1] as usize);
            let rows: Vec<&str> = lines.collect();
            let walled = rows.iter().enumerate().all(|(r, row)| {
                row.chars().enumerate().all(|(c, ch)| {
                    let edge = r == 0 || c == 0 || r == n - 1 || c == m - 1;
                    "#.ORB".contains(ch) && (!edge || ch == '#')
                })
            });
            (3..=10).contains(&n)
                && (3..=10).contains(&m)
                && rows.len() == n
                && rows.iter().all(|r| r.chars().count() == m)
                && walled
                && ['R', 'B', 'O']
                    .iter()
                    .all(|k| input.matches(*k).count() == 1)
        }
        "merge2048" => {
            let v = v();
            let n = v[0] as usize;
            (1..=20).contains(&n)
                && v.len() == 1 + n * n
                && v[1..]
                    .iter()
                    .all(|x| *x == 0 || (2..=1024).contains(x) && x.count_ones() == 1)
        }
        "weighted_ttt" => {
            let v = v();
            v.len() == 9
                && v.iter().all(|x| x.abs() <= 1_000_000_000)
                && v.iter().sum::<i64>().rem_euclid(2) == 1
        }
        "shark" => {
            let v = v();
            let mut fish: Vec<i64> = v.iter().step_by(2).copied().collect();
            fish.sort();
            v.len() == 32
                && fish == (1..=16).collect::<Vec<_>>()
                && v.iter().skip(1).step_by(2).all(|d| (1..=8).contains(d))
        }
        "card_game" => {
            let v = v();
            v[0] == 1
                && (1..=1000).contains(&v[1])
                && v.len() == 2 + v[1] as usize
                && v[2..].iter().all(|x| (1..=10000).contains(x))
        }
        "conveyor" => {
            let v = v();
            let (n, k) = (v[0], v[1]);
            (2..=100).contains(&n)
                && (1..=2 * n).contains(&k)
                && v.len() == 2 + 2 * n as usize
                && v[2..].iter().all(|x| (1..=1000).contains(x))
        }
        "die_roll" => {
            let v = v();
            let (n, m, k) = (v[0], v[1], v[2]);
            (2..=20).contains(&n)
                && (2..=20).contains(&m)
                && (1..=1000).contains(&k)
                && v.len() == 3 + (n * m) as usize
                && v[3..].iter().all(|x| (1..=10).contains(x))
        }
        "snake" => {
            let w: Vec<&str> = input.split_whitespace().collect();
            let num = |i: usize| w.get(i).and_then(|x| x.parse::<i64>().ok());
            let (Some(n), Some(k)) = (num(0), num(1)) else {
                return false;
            };
            let k = k as usize;
            let apples: Vec<(i64, i64)> = (0..k)
                .filter_map(|i| Some((num(2 + 2 * i)?, num(3 + 2 * i)?)))
                .collect();
            let distinct: std::collections::HashSet<_> = apples.iter().collect();
            let Some(l) = num(2 + 2 * k) else {
                return false;
            };
            let turns: Vec<(Option<i64>, &str)> = (0..l.max(0) as usize)
                .map(|i| {
                    let at = 3 + 2 * k + 2 * i;
                    (num(at), w.get(at + 1).copied().unwrap_or(""))
                })
                .collect();
            let xs: Vec<i64> = turns.iter().filter_map(|t| t.0).collect();
            (2..=100).contains(&n)
                && k <= 100
                && apples.len() == k
                && distinct.len() == k
                && apples
                    .iter()
                    .all(|&(r, c)| (1..=n).contains(&r) && (1..=n).contains(&c) && (r, c) != (1, 1))
                && (1..=100).contains(&l)
                && xs.len() == l as usize
                && xs.windows(2).all(|p| p[0] < p[1])
                && xs.iter().all(|x| (1..=10_000).contains(x))
                && turns.iter().all(|t| t.1 == "L" || t.1 == "D")
                && w.len() == 3 + 2 * k + 2 * l as usize
        }
        _ => panic!("no predicate for {name}"),
    }
}

/// Each problem with the shape options its test uses: the judge's limits,
/// narrowed where the exact solves of 50 cases would be slow in a debug
/// build (the sizes, not the kind of input).
const PROBLEMS: &[(&str, &[&str])] = &[
    ("stones", &[]),
    ("marbles", &[]),
    ("weighted_ttt", &[]),
    ("shark", &[]),
    ("merge2048", &["--n", "1..6"]),
    ("card_game", &["--n", "1..30"]),
    ("conveyor", &["--n", "2..5"]),
    (
        "die_roll",
        &["--n", "2..8", "--m", "2..8", "--rolls", "1..100"],
    ),
    ("snake", &[]),
];

#[test]
fn every_problem_generates_50_passing_scenarios_of_valid_judge_inputs() {
    let dir = temp_dir("gen-rules-all");
    for (name, shape) in PROBLEMS {
        let file = problem(name);
        let mut args = vec![
            "gen", name, "--rules", &file, "--count", "50", "--seed", "1", "-o", "a.game",
            "--judge", "j",
        ];
        args.extend_from_slice(shape);
        let (_, err, code) = run(&dir, &args, &[]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            err.contains(&format!("gen: 50 {name} scenarios")) && err.contains("50 judge cases"),
            "{name}: {err}"
        );
        let o = meeple_in(&dir, &["test", "a.game"], &[]);
        let (out, e) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{name}: {out}{e}");
        assert!(out.contains("50 passed, 0 failed"), "{name}: {out}");
        let written = std::fs::read_to_string(dir.join("a.game")).unwrap();
        assert!(
            written.contains(&format!("rules {name} {{")),
            "self-contained"
        );
        assert_eq!(written.matches(&format!("  game {name}\n")).count(), 50);
        for i in 1..=50 {
            let input = std::fs::read_to_string(dir.join(format!("j/{i:03}.in"))).unwrap();
            assert!(valid(name, &input), "{name} case {i}: {input}");
            assert!(dir.join(format!("j/{i:03}.out")).exists());
        }
        std::fs::remove_dir_all(dir.join("j")).unwrap();
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_same_seed_writes_the_same_bytes_and_where_and_edge_hold() {
    let dir = temp_dir("gen-rules-seed");
    let file = problem("marbles");
    let args = [
        "gen", "marbles", "--rules", &file, "--count", "20", "--seed", "7",
    ];
    let (one, err, code) = run(&dir, &args, &[("RAYON_NUM_THREADS", "1")]);
    assert_eq!(code, 0, "{err}");
    let (two, _, _) = run(&dir, &args, &[("RAYON_NUM_THREADS", "2")]);
    assert_eq!(one.as_bytes(), two.as_bytes());
    assert!(one.contains(&format!(
        "# meeple gen marbles --count 20 --seed 7 --rules {file} "
    )));
    let other = run(
        &dir,
        &[
            "gen", "marbles", "--rules", &file, "--count", "20", "--seed", "8",
        ],
        &[],
    )
    .0;
    assert_ne!(one, other);
    // `--where` on the objective's fields.
    let out = gen_ok(
        &dir,
        &[
            "marbles",
            "--rules",
            &file,
            "--count",
            "10",
            "--seed",
            "7",
            "--where",
            "answer >= 2",
        ],
    );
    let answers: Vec<i64> = out
        .lines()
        .filter_map(|l| l.strip_prefix("  expect answer "))
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(answers.len(), 10);
    assert!(answers.iter().all(|a| *a >= 2), "{answers:?}");
    // A word field of a two-player game.
    let ttt = problem("weighted_ttt");
    let out = gen_ok(
        &dir,
        &[
            "weighted_ttt",
            "--rules",
            &ttt,
            "--count",
            "5",
            "--seed",
            "2",
            "--where",
            "winner = Takahashi",
        ],
    );
    assert_eq!(out.matches("  expect winner Takahashi\n").count(), 5);
    // `--edge`: the smallest and largest instances first.
    let m2048 = problem("merge2048");
    let out = gen_ok(
        &dir,
        &[
            "merge2048",
            "--rules",
            &m2048,
            "--count",
            "3",
            "--seed",
            "1",
            "--edge",
            "--n",
            "1..5",
        ],
    );
    // The smallest (a 1 x 1 board holding 0) breaks the format's `require`
    // of a block (BOJ 12100 always gives one): it is not drawn.
    assert!(!out.contains("edge: smallest"), "{out}");
    assert!(!out.contains("  input \"\"\"\n1\n0\n\"\"\""), "{out}");
    assert!(
        out.contains("scenario \"gen 001 (edge: largest: every number at its high end)\""),
        "{out}"
    );
    let big = format!("5\n{}", "1024 1024 1024 1024 1024\n".repeat(5));
    assert!(out.contains(&big), "{out}");
    let stones = problem("stones");
    let out = gen_ok(
        &dir,
        &[
            "stones", "--rules", &stones, "--count", "2", "--seed", "1", "--edge",
        ],
    );
    assert!(
        out.contains("scenario \"gen 001 (edge: smallest: every number at its low end)\"")
            && out.contains("  input \"\"\"\n1\n\"\"\""),
        "{out}"
    );
    assert!(
        out.contains("scenario \"gen 002 (edge: largest: every number at its high end)\"")
            && out.contains("  input \"\"\"\n1000\n\"\"\""),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_games_and_shape_options_are_refused() {
    let dir = temp_dir("gen-rules-errors");
    let stones = problem("stones");
    let cases: &[(&[&str], &str)] = &[
        (
            &["gen", "stones", "--count", "1"],
            "meeple has no built-in game `stones`",
        ),
        (
            &["gen", "pebbles", "--rules", &stones, "--count", "1"],
            "has no rules block `pebbles`",
        ),
        (
            &["gen", "footholds", "--rules", &stones, "--count", "1"],
            "`footholds` is a built-in game",
        ),
        (
            &[
                "gen", "stones", "--rules", &stones, "--count", "1", "--stones", "0..5",
            ],
            "0..5 is beyond the judge's limits 1..1000 of `stones`",
        ),
        (
            &[
                "gen", "stones", "--rules", &stones, "--count", "1", "--size", "3",
            ],
            "judge input reads no number `size`",
        ),
        (
            &[
                "gen",
                "stones",
                "--rules",
                &stones,
                "--count",
                "1",
                "--where",
                "score > 1",
            ],
            "stones solves have no field `score`",
        ),
    ];
    for (args, want) in cases {
        let (_, err, code) = run(&dir, args, &[]);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    // Beyond the limits on purpose: a board the judge does not allow; a
    // number the game itself cannot hold is still refused.
    let marbles = problem("marbles");
    let out = gen_ok(
        &dir,
        &[
            "marbles",
            "--rules",
            &marbles,
            "--count",
            "2",
            "--seed",
            "1",
            "--n",
            "11",
            "--m",
            "4",
            "--beyond-limits",
        ],
    );
    assert_eq!(out.matches("  input \"\"\"\n11 4\n").count(), 2, "{out}");
    let (_, err, code) = run(
        &dir,
        &[
            "gen",
            "stones",
            "--rules",
            &stones,
            "--count",
            "1",
            "--stones",
            "1001",
            "--beyond-limits",
        ],
        &[],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`rule stones` is 1001"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Stone game: SK wins exactly when N is odd.
const STONES: &str = "n = int(input())\nprint('SK' if n % 2 else 'CY')\n";

/// Weighted tic-tac-toe: a plain minimax with a memo.
const TTT: &str = r#"
import sys
from functools import lru_cache
a = list(map(int, sys.stdin.read().split()))
L = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]

@lru_cache(None)
def wins(owner):
    p = 1 if owner.count(0) % 2 == 1 else 2
    for c in range(9):
        if owner[c]: continue
        o = owner[:c] + (p,) + owner[c + 1:]
        if any(all(o[x] == p for x in l) for l in L): return True
        if 0 not in o:
            mine = sum(a[x] for x in range(9) if o[x] == p)
            if mine > sum(a) - mine: return True
            continue
        if not wins(o): return True
    return False

print("Takahashi" if wins((0,) * 9) else "Aoki")
"#;

/// `meeple judge --cmd "python3 prog.py" --gen NAME --rules FILE` in a
/// fresh folder: exit code, stdout.
fn judge(name: &str, program: &str, count: &str) -> (i32, String, String) {
    let dir = temp_dir(&format!("judge-rules-{name}-{}", program.len()));
    std::fs::write(dir.join("prog.py"), program).unwrap();
    let cmd = format!("python3 {}", dir.join("prog.py").display());
    let file = problem(name);
    let (out, err, code) = run(
        &dir,
        &[
            "judge",
            "--cmd",
            &cmd,
            "--gen",
            name,
            "--rules",
            &file,
            "--count",
            count,
            "--seed",
            "5",
            "--jobs",
            "2",
            "--time-limit",
            "300",
            "--max-runs",
            "20",
        ],
        &[],
    );
    std::fs::remove_dir_all(&dir).ok();
    (code, out, err)
}

#[test]
fn judged_programs_are_accepted_when_right_and_wrong_answers_are_found() {
    let (code, out, err) = judge("stones", STONES, "30");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("30 passed, 0 failed"), "{out}");
    let (code, out, err) = judge("weighted_ttt", TTT, "15");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("15 passed, 0 failed"), "{out}");
    // Wrong above 500 stones: some case is WA, shown with the rules block.
    let buggy = STONES.replace("n % 2 else", "n % 2 or n > 500 else");
    let (code, out, err) = judge("stones", &buggy, "30");
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("WA "), "{out}");
    assert!(
        out.contains("--- as a scenario ---\nrules stones {"),
        "{out}"
    );
    assert!(out.contains("  game stones\n  input \"\"\"\n"), "{out}");
    assert!(out.contains("expected CY, got SK"), "{out}");
}

/// Weights that are all 0 draw nothing (a probe found them drawing
/// uniformly); a weight past 64 bits is too large, not "not KEY=WEIGHT".
#[test]
fn weights_that_are_all_zero_or_too_large_are_refused() {
    let dir = temp_dir("gen-rules-weights");
    let m2048 = problem("merge2048");
    for (weights, says) in [
        ("0=0,2=0", "every weight is 0"),
        (
            "0=1,2=99999999999999999999",
            "the weight of `2` is too large",
        ),
    ] {
        let args = [
            "gen",
            "merge2048",
            "--rules",
            &m2048,
            "--count",
            "2",
            "--weights",
            weights,
        ];
        let (out, err, code) = run(&dir, &args, &[]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(
            err.contains("meeple::gen::option") && err.contains(says),
            "{err}"
        );
    }
}
