//! Benchmark of the generic `moves` solver (games::rules::solve) on
//! footholds written by hand against its `Model`, against the native plain
//! reference (exhaustive minimax) and the native fast solver, in the same
//! run: `cargo bench --bench rules_solve`.
//!
//! Rows: 5x5 full board (corners; centre and corner), 5x6 full board
//! (corners), 6x6 full board (corners; the target for the generic
//! engine: under 2 s eventually). The reference is stopped after
//! `REFERENCE_LIMIT`, the generic solver after `GENERIC_LIMIT`. Names given
//! after `--` keep only the rows whose name contains one of them. Times
//! are the best wall time of a few runs on a shared machine.

use std::time::{Duration, Instant};

use meeple::budget::Budget;
use meeple::games::footholds::reference_solve;
use meeple::games::footholds::rules::{Position, Steps};
use meeple::games::footholds::search;
use meeple::games::rules::solve::footholds::Footholds;
use meeple::games::rules::solve::{solve, Objective, Value};

const REFERENCE_LIMIT: Duration = Duration::from_secs(60);
const GENERIC_LIMIT: Duration = Duration::from_secs(60);

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// Best of `runs` (fewer when one takes over a second): time, states, and
/// the answer as (total, mover wins).
fn best<T>(
    runs: usize,
    limit: Duration,
    mut f: impl FnMut(&Budget) -> Option<T>,
) -> Option<(Duration, u64, T)> {
    let mut out: Option<(Duration, u64, T)> = None;
    for _ in 0..runs {
        let b = Budget::new(None, Some(limit));
        let t = Instant::now();
        let v = f(&b)?;
        let d = t.elapsed();
        if out.as_ref().is_none_or(|o| d < o.0) {
            out = Some((d, b.states(), v));
        }
        if d > Duration::from_secs(1) {
            break;
        }
    }
    out
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let cases = [
        (
            "5x5 corners",
            Position::full(5, 5, (0, 0), (4, 4), Steps::Orthogonal),
        ),
        (
            "5x5 centre-corner",
            Position::full(5, 5, (2, 2), (0, 0), Steps::Orthogonal),
        ),
        (
            "5x6 corners",
            Position::full(5, 6, (0, 0), (4, 5), Steps::Orthogonal),
        ),
        (
            "6x6 corners",
            Position::full(6, 6, (0, 0), (5, 5), Steps::Orthogonal),
        ),
    ];
    println!(
        "{:<18} {:>7} {:>14} {:>12} {:>14} {:>12} {:>8} {:>10}",
        "case", "answer", "reference", "ref states", "generic", "gen states", "ref/gen", "native"
    );
    for (name, pos) in cases {
        if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let (model, start) = Footholds::new(&pos).expect("at most 64 cells");
        let generic = best(3, GENERIC_LIMIT, |b| {
            match solve(&model, &start, &Objective::Moves, b).ok()? {
                Value::Moves { total, winner } => Some((total, winner == 0)),
                _ => None,
            }
        });
        let reference = if name.starts_with("6x6") {
            None
        } else {
            best(3, REFERENCE_LIMIT, |b| {
                reference_solve(&pos, b)
                    .ok()
                    .map(|v| (v.moves, v.mover_wins))
            })
        };
        let native = best(5, GENERIC_LIMIT, |b| {
            search::solve(&pos, b).ok().map(|v| (v.moves, v.mover_wins))
        });
        if let (Some(g), Some(r)) = (&generic, &reference) {
            assert_eq!(
                g.2, r.2,
                "the generic solver disagrees with the reference on {name}"
            );
        }
        if let (Some(g), Some(n)) = (&generic, &native) {
            assert_eq!(
                g.2, n.2,
                "the generic solver disagrees with the native one on {name}"
            );
        }
        let answer = generic.as_ref().map_or("-".to_string(), |g| {
            format!("{}{}", g.2 .0, if g.2 .1 { "W" } else { "L" })
        });
        let cell = |x: &Option<(Duration, u64, (u32, bool))>| match x {
            Some((d, s, _)) => (ms(*d), s.to_string()),
            None => ("stopped/-".to_string(), "-".to_string()),
        };
        let (rt, rs) = cell(&reference);
        let (gt, gs) = cell(&generic);
        let ratio = match (&reference, &generic) {
            (Some(r), Some(g)) => format!("{:.1}x", r.0.as_secs_f64() / g.0.as_secs_f64()),
            _ => "-".to_string(),
        };
        let nt = native.as_ref().map_or("-".to_string(), |n| ms(n.0));
        println!("{name:<18} {answer:>7} {rt:>14} {rs:>12} {gt:>14} {gs:>12} {ratio:>8} {nt:>10}");
    }
}
