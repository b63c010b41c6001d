//! Issue 29, stacking beyond the judge's sizes on the prelude script: the
//! script sizes its pieces and piles by the board (`piece placed 1..rows *
//! cols`, `pile` at most twice `stack`), a simulation keeps no key (no
//! 65,536-bit cap), and a position too big for `--memory` is a coded error.

use crate::common::{meeple_in, temp_dir, text};
use meeple::games::Answer;
use meeple::interp::Event;
use meeple::limits::{Engine, Limits};
use meeple::{run_source_with, Outcome, RunConfig};

/// A `game stacking` scenario: an `n` x `n` board with about 9% red and 9%
/// blue cells, `k` pieces on distinct cells (a fixed pseudo-random draw).
fn board(n: usize, k: usize, stack: u64, seed: u64) -> String {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let mut s = format!(
        "scenario \"big\" {{\n  game stacking\n  rule origin 0\n  rule stack {stack}\n  rule limit none\n  board [\n"
    );
    let rows: Vec<String> = (0..n)
        .map(|_| {
            let row: Vec<&str> = (0..n)
                .map(|_| match next(100) {
                    0..=8 => "1",
                    9..=17 => "2",
                    _ => "0",
                })
                .collect();
            format!("    [{}]", row.join(", "))
        })
        .collect();
    s.push_str(&rows.join(",\n"));
    s.push_str("\n  ]\n");
    let mut cells: Vec<usize> = (0..n * n).collect();
    for i in 0..k {
        let c = cells.swap_remove(next(cells.len() as u64) as usize);
        let d = ["right", "left", "up", "down"][next(4) as usize];
        s.push_str(&format!(
            "  piece {} at ({}, {}) facing {d}\n",
            i + 1,
            c / n,
            c % n
        ));
    }
    s.push_str("  solve\n}\n");
    s
}

fn solves(src: &str, engine: Engine) -> Vec<Answer> {
    let config = RunConfig {
        limits: Limits {
            engine,
            ..Limits::default()
        },
        filter: None,
    };
    let run = run_source_with("big.game", src, &config);
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("{engine:?}: {}", crate::common::shown(&run));
    };
    runs.iter()
        .flat_map(|r| r.events.iter())
        .filter_map(|e| match e {
            Event::Answer { answer, .. } => Some(answer.clone()),
            Event::Error(d) => panic!("{engine:?}: {d:?}"),
            _ => None,
        })
        .collect()
}

/// 30 x 30 with 200 pieces (the script held 10 pieces and piles of 10,
/// and its key would pass 65,536 bits): the native answer, on cases that
/// end, with piles past 10, and that cycle.
#[test]
fn stacking_past_the_judge_sizes_gets_the_native_answer() {
    let mut ended = 0;
    for (n, k, stack, seed) in [
        (30, 200, 6, 5),
        (30, 200, 14, 7),
        (30, 200, 40, 11),
        // 12 pieces, piles up to 13: a cycle from turn 708, period 14 (a
        // cycle proof, kept short for the debug build).
        (8, 12, 13, 2),
    ] {
        let src = board(n, k, stack, seed);
        let native = solves(&src, Engine::Default);
        let rules = solves(&src, Engine::Rules);
        assert_eq!(native.len(), 1);
        assert_eq!(
            native[0].fields(),
            rules[0].fields(),
            "{n} {k} {stack} {seed}"
        );
        let answer = format!("{:?}", rules[0].fields()[0].1);
        if answer != "Int(-1)" {
            ended += 1;
        }
    }
    assert!(ended >= 2, "{ended}");
}

/// A position bigger than `--memory` allows (3 copies of 200 x 200 cells
/// of piles of up to 100: about 100 MB, under `--memory 1`) is
/// `meeple::limit::memory`, not an abort.
#[test]
fn a_simulation_too_big_for_memory_is_a_coded_error() {
    let dir = temp_dir("stack-memory");
    std::fs::write(dir.join("big.game"), board(200, 50, 50, 1)).unwrap();
    let o = meeple_in(
        &dir,
        &["run", "--engine", "rules", "--memory", "1", "big.game"],
        &[],
    );
    let (out, err) = text(&o);
    assert!(
        err.contains("meeple::limit::memory") || out.contains("meeple::limit::memory"),
        "{out}\n{err}"
    );
    assert_ne!(o.status.code(), Some(101), "{err}");
    assert!(o.status.code().is_some(), "killed: {err}");
}
