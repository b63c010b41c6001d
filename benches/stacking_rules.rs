//! Stacking, rules engine vs native: the prelude script
//! (`src/games/prelude/stacking.game`, `--engine rules`) against the
//! native simulation on the same `game stacking` scenario, in the same run
//! (issue 29: "the 51M piece-move case: within 5× native").
//! `cargo bench --bench stacking_rules [-- NAME…]`; with
//! `MEEPLE_SCENARIO_DIR=DIR` each case's scenario is also written there
//! (for `meeple run --engine rules`); `MEEPLE_RUNS=N` runs each case N times.
//!
//! Figures, the 51M case (release, the bench's 3 runs each, before = main
//! 65a3eaf and after = branch `lists` run back to back on the shared
//! 2-core machine, load average 3.6; wall times vary by ±20% with the load):
//! - before: native 0.97 / 1.04 / 1.30 s, rules 26.3 / 24.7 / 26.7 s (25.6×);
//! - after (operands applied in place, list places resolved in place,
//!   `P = P[..k]` / `P = P + X` edited in place): native 1.14 / 1.34 /
//!   1.00 s, rules 23.4 / 23.8 / 21.4 s (21.4×).
//!
//! Instructions (callgrind, whole `meeple run --engine rules` of the 60x60
//! case, exact): 770M before, 616M after (-20%). The 51M case gains less:
//! perf puts ~40% of its time on the first read of a pile (a cache and TLB
//! miss: each cell's pile is 101 slots of 8 bytes, 32 MB on 200x200), and
//! the closures still run ~2,700 instructions per piece move (journalled
//! slot writes, list copies into locals). Within 5× native needs the
//! compact list store (lengths dense, items narrow) and fused list ops.
//!
//! Branch `simspeed` (issue 29), the 51M case, CPU (user) time of
//! `meeple run --engine rules` (release, 3 runs each, before = main a47083f
//! and after run alternately, load average 4.6–5.5 on the shared 2 cores):
//! before 14.62 / 15.52 / 13.97 s, after 13.43 / 13.32 / 12.48 s (-10%);
//! native 0.69 / 0.65 / 0.69 s, so 21.9× before, 19.3× after (best runs).
//! What changed: binary operators specialised on their operator, one-arm
//! `if` with no loop over arms, `(x op y) op2 z` of leaves in place, a
//! statement's step charged per block, `for q in group` over a list local
//! the body does not set and `P = P + group` read the local where it is.
//! Callgrind on the 60x60 case (whole run): 616M instructions before,
//! 570M after (-7.5%). Still ~1,400 instructions per piece move in the
//! closures (the two piles' edits ~460 of them: a domain check over the
//! kept items and a journalled, digested write per changed slot); within
//! 5× still needs the compact list store and fused list ops, not done.

#[path = "common/stacking_board.rs"]
mod board;

use std::time::{Duration, Instant};

use meeple::games::stacking::rules::{Mover, Setup};
use meeple::interp::Event;
use meeple::limits::{Engine, Limits};
use meeple::{run_source_with, Outcome, RunConfig};

/// `solve`'s fields of `src` under `engine`, and the wall time of the run
/// (parsing and setting up included).
fn solve(src: &str, engine: Engine) -> (String, Duration) {
    let config = RunConfig {
        limits: Limits {
            engine,
            ..Limits::default()
        },
        filter: None,
    };
    let t = Instant::now();
    let run = run_source_with("big.game", src, &config);
    let took = t.elapsed();
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("{engine:?}: the scenario does not run");
    };
    let mut out = Vec::new();
    for e in runs.iter().flat_map(|r| r.events.iter()) {
        match e {
            Event::Answer { answer, .. } => out.push(format!("{:?}", answer.fields())),
            Event::Error(d) => panic!("{engine:?}: {d:?}"),
            _ => {}
        }
    }
    (out.join("; "), took)
}

fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

fn case(name: &str, setup: &Setup, limit: Option<u64>, runs: usize) {
    let src = board::scenario(setup, limit, "  solve\n");
    if let Ok(dir) = std::env::var("MEEPLE_SCENARIO_DIR") {
        let file = format!(
            "{dir}/{}.game",
            name.replace([' ', '×', ',', '%', '/'], "_")
        );
        std::fs::write(&file, &src).expect("writable");
        println!("  wrote {file}");
    }
    let mut native = Vec::new();
    let mut rules = Vec::new();
    let mut answer = String::new();
    for _ in 0..runs {
        let (a, t) = solve(&src, Engine::Native);
        native.push(t);
        let (b, u) = solve(&src, Engine::Rules);
        assert_eq!(a, b, "{name}: the engines differ");
        rules.push(u);
        answer = a;
    }
    let best = |v: &[Duration]| *v.iter().min().expect("runs >= 1");
    let (n, r) = (best(&native), best(&rules));
    let moves = setup.pieces.len();
    println!(
        "| {name:<58} | {answer:<40} | {:>9} | {:>9} | {:>6.2}× | runs native {:?} rules {:?} ({moves} pieces a turn)",
        secs(n),
        secs(r),
        r.as_secs_f64() / n.as_secs_f64(),
        native.iter().map(|d| secs(*d)).collect::<Vec<_>>(),
        rules.iter().map(|d| secs(*d)).collect::<Vec<_>>(),
    );
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f));
    println!(
        "| {:<58} | {:<40} | {:>9} | {:>9} | {:>7} |",
        "rules vs native (whole `meeple run`, best of the runs)",
        "solve",
        "native",
        "rules",
        "ratio"
    );
    println!(
        "|{}|{}|{}|{}|{}|",
        "-".repeat(60),
        "-".repeat(42),
        "-".repeat(11),
        "-".repeat(11),
        "-".repeat(9)
    );
    let cases: [(&str, Setup, Option<u64>, usize); 3] = [
        (
            "30x30 K 200 stack 6 9%/9% seed 5",
            board::random_board(5, 30, 200, 90, 90, 6, Mover::Any),
            None,
            3,
        ),
        (
            "60x60 K 600 stack 12 9%/9% seed 7",
            board::random_board(7, 60, 600, 90, 90, 12, Mover::Any),
            None,
            3,
        ),
        (
            "200x200 K 4000 stack 50 9%/9% seed 36 (51M piece moves)",
            board::random_board(36, 200, 4000, 90, 90, 50, Mover::Any),
            None,
            3,
        ),
    ];
    // `MEEPLE_RUNS=N`: N runs of each case instead.
    let runs_env: Option<usize> = std::env::var("MEEPLE_RUNS")
        .ok()
        .and_then(|n| n.parse().ok());
    for (name, setup, limit, runs) in cases {
        let runs = runs_env.unwrap_or(runs).max(1);
        if wanted(name) {
            case(name, &setup, limit, runs);
        }
    }
}
