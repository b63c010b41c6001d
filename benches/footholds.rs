//! Benchmark of the footholds solver against the plain reference minimax.
//!
//! `cargo bench --bench footholds` prints one row per case: the answer, the
//! fast solver's time (best of a few runs for fast cases), the reference's
//! time in the same run (stopped after a budget when it would take
//! minutes) and the speed-up. `cargo bench --bench footholds -- 7x7` runs
//! only the cases whose name contains `7x7`.

use std::time::{Duration, Instant};

use meeple::budget::Budget;
use meeple::games::footholds::rules::{Cell, Player, Position, Steps};
use meeple::games::footholds::search::Solver;
use meeple::games::footholds::{reference_solve, solve, Value};

/// (name, side, A, B, steps, expected answer, reference budget in s)
type Spec = (&'static str, usize, Cell, Cell, Steps, Option<u32>, u64);

struct Case {
    name: String,
    pos: Position,
    expect: Option<u32>,
    /// Budget for the reference.
    reference_limit: Duration,
}

fn case(name: &str, pos: Position, expect: Option<u32>, limit_s: u64) -> Case {
    Case {
        name: name.to_string(),
        pos,
        expect,
        reference_limit: Duration::from_secs(limit_s),
    }
}

fn full(n: usize, a: (usize, usize), b: (usize, usize), steps: Steps) -> Position {
    Position::full(n, n, a, b, steps)
}

/// A deterministic pseudo-random 5x5 board (xorshift), about 20% holes.
fn random_5x5(seed: u64) -> Position {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut cells: Vec<bool> = (0..25).map(|_| next() % 5 != 0).collect();
    let a = ((next() % 5) as usize, (next() % 5) as usize);
    let b = ((next() % 5) as usize, (next() % 5) as usize);
    cells[a.0 * 5 + a.1] = true;
    cells[b.0 * 5 + b.1] = true;
    Position {
        rows: 5,
        cols: 5,
        cells,
        a,
        b,
        to_move: Player::A,
        steps: Steps::Orthogonal,
    }
}

fn time_fast(pos: &Position, runs: usize) -> (Value, Duration, u64) {
    let mut best = Duration::MAX;
    let mut value = None;
    let mut nodes = 0;
    for _ in 0..runs {
        let budget = Budget::unlimited();
        let t = Instant::now();
        let v = solve(pos, &budget).expect("solved");
        best = best.min(t.elapsed());
        value = Some(v);
        nodes = budget.states();
    }
    (value.expect("one run"), best, nodes)
}

fn fmt(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.1} us", s * 1e6)
    }
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let o = Steps::Orthogonal;
    let k = Steps::King;
    #[rustfmt::skip]
    let table: [Spec; 15] = [
        ("5x5 full A(0,0) B(4,4)", 5, (0, 0), (4, 4), o, Some(21), 20),
        ("5x5 full A(2,2) B(0,0)", 5, (2, 2), (0, 0), o, Some(17), 20),
        ("5x5 full A(0,0) B(0,0)", 5, (0, 0), (0, 0), o, Some(1), 20),
        ("6x6 full A(0,0) B(5,5)", 6, (0, 0), (5, 5), o, Some(34), 20),
        ("6x6 full A(2,2) B(3,3)", 6, (2, 2), (3, 3), o, Some(32), 20),
        ("7x7 full A(0,0) B(6,6)", 7, (0, 0), (6, 6), o, Some(45), 20),
        ("7x7 full A(1,1) B(5,5)", 7, (1, 1), (5, 5), o, Some(46), 20),
        ("7x7 full A(3,3) B(3,4)", 7, (3, 3), (3, 4), o, Some(47), 20),
        ("5x5 king A(0,0) B(4,4)", 5, (0, 0), (4, 4), k, Some(23), 10),
        ("8x8 full A(0,0) B(7,7)", 8, (0, 0), (7, 7), o, Some(62), 10),
        ("8x8 full A(0,0) B(0,7)", 8, (0, 0), (0, 7), o, Some(62), 5),
        ("8x8 full A(2,2) B(5,5)", 8, (2, 2), (5, 5), o, Some(62), 5),
        ("9x9 full A(0,0) B(8,8)", 9, (0, 0), (8, 8), o, Some(77), 5),
        // The last two only when asked for by name (10-20 s each), e.g.
        // `cargo bench --bench footholds -- 10x10`.
        ("10x10 full A(0,0) B(9,9)", 10, (0, 0), (9, 9), o, Some(98), 5),
        ("8x8 full A(3,3) B(4,4)", 8, (3, 3), (4, 4), o, Some(60), 5),
    ];
    let mut cases: Vec<Case> = table
        .iter()
        .map(|&(name, n, a, b, steps, expect, limit)| {
            case(name, full(n, a, b, steps), expect, limit)
        })
        .collect();
    for seed in 1..=3 {
        cases.insert(
            3,
            case(&format!("5x5 random #{seed}"), random_5x5(seed), None, 20),
        );
    }
    println!(
        "| case | answer | fast | fast states | reference | speed-up |\n|---|---|---|---|---|---|"
    );
    // "Any 5x5 board": every pair of start cells on the full board, and
    // 300 boards with random holes.
    let mut worst_full = (Duration::ZERO, String::new());
    for a in 0..25 {
        for b in 0..25 {
            let p = full(5, (a / 5, a % 5), (b / 5, b % 5), o);
            let (_, t, _) = time_fast(&p, 2);
            if t > worst_full.0 {
                worst_full = (t, format!("A{:?} B{:?}", p.a, p.b));
            }
        }
    }
    let mut worst_king = (Duration::ZERO, String::new());
    for a in 0..25 {
        for b in 0..25 {
            let p = full(5, (a / 5, a % 5), (b / 5, b % 5), Steps::King);
            let (_, t, _) = time_fast(&p, 2);
            if t > worst_king.0 {
                worst_king = (t, format!("A{:?} B{:?}", p.a, p.b));
            }
        }
    }
    let mut worst_random = Duration::ZERO;
    for seed in 100..400 {
        let (_, t, _) = time_fast(&random_5x5(seed), 2);
        worst_random = worst_random.max(t);
    }
    for c in &cases {
        let named = filter.iter().any(|f| c.name.contains(f.as_str()));
        let on_demand = c.name.starts_with("10x10") || c.name.contains("A(3,3) B(4,4)");
        if !named && (!filter.is_empty() || on_demand) {
            continue;
        }
        let runs = if c.name.starts_with("7x7")
            || c.name.starts_with("5x5")
            || c.name.starts_with("6x6")
        {
            5
        } else {
            1
        };
        let (v, t, nodes) = time_fast(&c.pos, runs);
        if let Some(e) = c.expect {
            assert_eq!(v.moves, e, "{}", c.name);
        }
        if std::env::var_os("FAST_ONLY").is_some() {
            println!("| {} | {} | {} | {} |", c.name, v.moves, fmt(t), nodes);
            continue;
        }
        let budget = Budget::new(None, Some(c.reference_limit));
        let t0 = Instant::now();
        let r = reference_solve(&c.pos, &budget);
        let rt = t0.elapsed();
        let (rs, speed) = match r {
            Ok(rv) => {
                assert_eq!(rv, v, "{}", c.name);
                (
                    fmt(rt),
                    format!("{:.0}x", rt.as_secs_f64() / t.as_secs_f64()),
                )
            }
            Err(_) => {
                let ratio = rt.as_secs_f64() / t.as_secs_f64();
                (
                    format!("> {} s (stopped)", c.reference_limit.as_secs()),
                    if ratio >= 1.0 {
                        format!("> {ratio:.0}x")
                    } else {
                        "-".to_string()
                    },
                )
            }
        };
        println!(
            "| {} | {} ({}) | {} | {} | {} | {} |",
            c.name,
            v.moves,
            if v.mover_wins {
                "mover wins"
            } else {
                "mover loses"
            },
            fmt(t),
            nodes,
            rs,
            speed
        );
    }
    println!(
        "\nworst of the 625 start pairs on the full 5x5 board (fast solver, best of 2): {} ({})",
        fmt(worst_full.0),
        worst_full.1
    );
    println!(
        "worst of the 625 start pairs on the full 5x5 board with king steps (best of 2): {} ({})",
        fmt(worst_king.0),
        worst_king.1
    );
    println!(
        "worst of 300 random 5x5 boards with holes (fast solver, best of 2): {}",
        fmt(worst_random)
    );
    let p = full(8, (0, 0), (7, 7), o);
    let b = Budget::unlimited();
    if let Ok(mut s) = Solver::new(&p, &b) {
        let v = s.value(&p, &b);
        println!(
            "8x8: {v:?}; tables after the solve: {} KiB; {:?}",
            s.table_bytes() >> 10,
            s.stats()
        );
    }
}
