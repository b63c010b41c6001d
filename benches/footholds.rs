//! Benchmark of the footholds solver: the plain reference minimax, the
//! previous solver (as it landed before issue 17: a fresh search per query,
//! fixed table sizes) and the new one, side by side in the same run.
//!
//! `cargo bench --features bench --bench footholds` prints:
//! 1. small boards: reference (stopped after a budget), previous, new;
//! 2. big full boards (9x9 and 10x10 centre and near-centre starts, 10x10
//!    corners; 11x11, 12x12
//!    and 13x13 corners, the last two beyond 128 footholds, 13x13 on
//!    demand: name it after `--`). Recorded (issue 33, release, loaded
//!    2-core machine): 12x12 corners not settled: 58 M states in 70 s CPU
//!    (bench, 200 s wall) and 202 M states in 235 s CPU (CLI, 1500 s wall,
//!    58 MB peak RSS); four-word sets run ~0.85 M states/CPU-s against
//!    ~2 M for 128-bit ones. With the small table (issue 33, two threads,
//!    machine loaded ~4x): 9x9 (3,3)-(4,4) 64 in 22.9 M states, 10.1 s
//!    CPU, 187 MB peak; (4,4)-(4,5) 79, 28.1 M, 12.7 s, 58 MB; (3,4)-(5,4)
//!    78, 28.3 M, 13.0 s, 58 MB; (2,2)-(6,6) 73, 16.4 M, 7.8 s, 83 MB (one
//!    thread before it: (3,3)-(4,4) 46.6 M states, 12.5 s CPU, 162 MB;
//!    (4,4)-(4,5) 60.0 M, 17.5 s, 309 MB); 10x10 centre starts still
//!    unsettled after ~45 s CPU:
//!    previous and new (each stopped after a budget:
//!    `PREVIOUS_LIMIT`, `NEW_LIMIT` seconds), the new one's wall and CPU
//!    time, states, the tables' size and the process's peak RSS;
//! 3. 50 seeded random 9x9-11x11 boards with 10-30 % holes: median and
//!    worst, previous and new;
//! 4. queries on one position: `solve`, then `line`, then `analyze`, then
//!    `play` of the best move and `solve` again, previous (each from
//!    nothing) against new (one [`Queries`]).
//! 5. on demand (`-- profile`): the null-window tests of the 9x9 centre
//!    starts and of 10x10 (4,4)-(5,5), one thread, and where their states
//!    go. Measured (issue 33 goals 2-4, release, one thread, machine
//!    loaded ~11 on 2 cores; CPU is user time):
//!    - 9x9 (3,3)-(4,4), 64: 21.2 M states, 19.8 M nodes, 9.5 s CPU, nine
//!      tests: "A wins?" 2.39 M nodes (fails: a loss in at most 78), then
//!      "A lasts 78?" 0.29 M, 76: 0.28 M, 74: 1.27 M, 72: 1.29 M, 70:
//!      2.94 M, 68: 1.16 M, 66 (fails: at most 64) 5.78 M, 64 (holds)
//!      4.37 M. Each failing test's fail-soft bound was only the next
//!      possible score. Nodes: 2.69 M separated (endgame), 2.16 M table
//!      cutoffs, 7.13 M cutoffs on the first move, 0.54 M on the second,
//!      0.06 M later, 6.46 M all-nodes; open nodes by live cells 8-15
//!      1.7 M, 16-23 3.4 M, 24-31 3.5 M, 32-39 3.3 M, 40-47 2.8 M,
//!      48-55 1.2 M.
//!    - 9x9 (4,4)-(4,5), 79, and (3,4)-(5,4), 78: two tests each, the
//!      first already exact (12.69 M + 9.95 M nodes; 17.26 M + 6.07 M):
//!      24.7 M states, 11.1 s; 25.6 M, 11.5 s. (2,2)-(6,6), 73: five
//!      tests, 13.2 M states, 6.1 s.
//!    - The driver cannot win much: given the answer as its first guess
//!      (two tests, 8.67 M + 5.76 M nodes) it took 15.4 M states and 6.7 s
//!      CPU; starting at "lasts 70?": 18.9 M, 8.2 s; stepping down four moves at a
//!      time: 25.9 M (20.7 M without the one test of an impossible odd
//!      loss). A proof-number search of the same tests can only win by
//!      choosing smaller proofs than the first move that works (92 % of
//!      cutoffs already come from the first move), in 60-ply trees where
//!      every leaf starts alike; not tried.
//!    - The tables: only 67 K nodes (0.3 %) found a table entry whose
//!      move then cut, so ordering the other moves only after the table's
//!      move fails (tried, node counts unchanged) saves nothing: the
//!      re-searches of each test are mostly new positions. A bigger small
//!      table: `2^18` buckets 19.5 M states, 9.8 s, 134 MB; `2^20` 18.9 M,
//!      9.7 s, 158 MB; `2^20` below 48 live cells 18.7 M, 9.3 s, 109 MB.
//!    - CPU (perf, (2,2)-(6,6)): the search and its table loads 37 %, the
//!      breadth-first scan 24 %, territory ordering 16 %, the endgame
//!      about 10 %, table stores and probes 5 %.
//!    - 10x10 (4,4)-(5,5): the first test alone ("A wins?") is unsettled
//!      after 60 M states (55 M nodes, 28.7-29.6 s CPU, 320 MB peak; 7.6 M
//!      separated, 19.4 M first-move cutoffs, 17.5 M all-nodes; 348 MB
//!      peak in this section).
//!
//!    - Sure-path bounds (issue 33 goal 3, `engine/sure_paths.rs`; one
//!      thread, release, machine loaded ~12-14 on 2 cores; states, CPU,
//!      peak RSS of the section): the mover's sure path against all the
//!      opponent can make beside it decides open positions of 40..64
//!      live cells (the default `SearchConfig::sure_live`; `SURE_LIVE=a,b`
//!      tries `a..b` here). Off → on: 9x9 (3,3)-(4,4) 64: 21.23 M, 9.41 s,
//!      99 MB → 17.92 M, 9.11 s, 97 MB; (2,2)-(6,6) 73: 13.17 M, 6.04 s,
//!      63 MB → 10.89 M, 5.70 s, 50 MB; (4,4)-(4,5) 79: 24.71 M, 11.33 s,
//!      111 MB → 22.79 M, 11.22 s, 100 MB; (3,4)-(5,4) 78: 25.63 M,
//!      12.05 s, 111 MB → 23.04 M, 11.64 s, 104 MB. Tried and not kept:
//!      both sides (the opponent's sure path too, a second breadth-first
//!      walk) at 40..64: (3,3) 17.40 M, 9.59 s; (4,4) 22.49 M, 12.41 s;
//!      (3,4) 22.59 M, 12.75 s; (2,2) 10.61 M, 6.38 s; at 32..64: (3,3)
//!      16.19 M, 10.78 s; at 12..64: (2,2) 9.55 M, 8.19 s.
//!      Of the cutoffs, 97 % are decisive (a win or a loss proved before
//!      the players part), 6 % of the tries cut. Corners (big section,
//!      two threads): 11x11 117: 9.63 M states, 5.79 s CPU, 55 MB → 6.75 M,
//!      4.31 s, 53 MB; 50 random boards median 20.0 → 13.7 ms, worst
//!      1.53 → 1.33 s (one thread: 22.0 → 17.0 ms, 1.23 → 1.06 s). Still
//!      far from goal 3 (9x9 centre under 2 s): the tree shrinks ~15 %.
//!
//!    - Where the states go (issue 33, counted once however deep they
//!      nest): 9x9 (3,3)-(4,4) put 13.4 M of its 17.9 M states into
//!      moves searched before the one that cut, at nodes of 60 or more
//!      live cells (the top ~20 plies), spread over plies 2-15+; table
//!      hits at small positions cut 90 % of the time but are rare (2 M
//!      of 14.8 M open nodes), so exact values kept for small positions
//!      would not pay. Tried and not kept (one thread, states, CPU):
//!      block-tree bounds in the sure paths (17.87 M, 10.8 s) or the
//!      opponent's side too (17.40 M, 10.1 s; both 17.35 M, 13.2 s);
//!      moves tried in rounds of growing node caps at nodes of 40+/50+/
//!      60+ live cells (53.6 M: the rounds nest, every level spreads its
//!      work over all its moves; at the root only, 20.4 M); killer moves
//!      per ply (24.0 M).
//!    - Kept: big nodes order by a territory minimax (`order.rs`,
//!      `SearchConfig::deep_order`): two plies from 56 live cells, three
//!      from 60, four from 68, five from 72, six from 76, deeper than two
//!      only on boards of at most 90 footholds. One thread, before →
//!      after (states, CPU; machine loaded ~5): (3,3)-(4,4) 17.9 M, 8.9 s
//!      → 3.8 M, 2.2 s; (4,4)-(4,5) 22.8 M, 11.2 s → 8.3 M, 4.5 s;
//!      (3,4)-(5,4) 23.0 M, 11.6 s → 4.1 M, 2.2 s; (2,2)-(6,6) 10.9 M,
//!      5.3 s → 4.9 M, 2.6 s. Big section (two threads, wall, CPU, states,
//!      peak RSS): (3,3) 3.16 s, 2.13 s, 4.21 M, 69 MiB; (4,4) 11.91 s,
//!      7.57 s, 15.42 M, 57 MiB; (3,4) 4.21 s, 2.47 s, 4.70 M, 57 MiB;
//!      (2,2) 5.52 s, 3.03 s, 5.68 M, 75 MiB; 11x11 corners 117, 6.05 M,
//!      4.81 s CPU; 50 random boards median 11.2 ms, worst 0.67 s.
//!      Deeper looks at the top of 11x11 corners cost dearly (6.8 M states
//!      with two plies at most, 22.6 M with three from 100 live cells,
//!      over 99 M with the 9x9 thresholds), hence the board-size gate.
//!      10x10 (4,4)-(5,5): the first test still unsettled after 150 M
//!      states (104 s CPU, 602 MiB peak).
//!    - Shared small table (issue 33, `engine/parallel.rs`): the helper
//!      thread used its own small table, so both threads searched the
//!      same small subtrees. Big section, two threads, loaded ~7, two runs
//!      each (states, CPU): (4,4)-(4,5) 15.35 M, 10.68 s; 10.20 M, 6.77 s
//!      → 9.33 M, 6.06 s; 9.26 M, 5.55 s (one thread: 8.33 M, 4.4-5.2 s);
//!      (3,3)-(4,4) 4.44 M, 3.51 s; 4.86 M, 3.29 s → 4.29 M, 2.54 s;
//!      4.31 M, 3.09 s; (3,4)-(5,4) 4.89 M, 3.82 s; 4.85 M, 3.69 s →
//!      4.28 M, 2.62 s; 4.42 M, 2.61 s; (2,2)-(6,6) 5.58 M, 3.33 s;
//!      5.57 M, 3.38 s → 5.32 M, 3.53 s; 5.06 M, 3.11 s. (Most of the
//!      (4,4) difference was the in-step mode below, which these runs hit
//!      or missed: over five runs each, 12.9 M states on average before,
//!      11.3 M after.)
//!      Enhanced transposition cutoffs (`SearchConfig::etc`, `ETC=1` in
//!      the profile), one thread: 1-2 % fewer states ((3,3) 3.80 → 3.76 M,
//!      (4,4) 8.33 → 8.18 M, (3,4) 4.14 → 4.08 M, (2,2) 4.90 → 4.81 M),
//!      CPU within the noise (±20 % on this machine): still off.
//!    - Two threads in step (issue 33, `engine/parallel.rs`): 9x9
//!      (4,4)-(4,5) fell in one run of two to four into a mode where both
//!      threads did the whole search (15.2-15.8 M states). Now the helper
//!      shares the endgame memo too, starts each test with the main
//!      engine's history, and claims children atomically: eight runs of
//!      eight 9.35-9.71 M states, 4.6-5.4 s CPU (profile, `THREADS=2`).
//!      Big section, before → after (two threads, states, CPU, peak RSS;
//!      loaded, the after run beside a build): (3,3)-(4,4) 4.83 M, 2.82 s,
//!      62 MiB → 4.00 M, 2.49 s, 45 MiB; (4,4)-(4,5) 15.36 M, 9.23 s,
//!      57 MiB → 9.50 M, 5.42 s, 33 MiB; (3,4)-(5,4) 4.89 M, 3.38 s →
//!      4.31 M, 2.63 s; (2,2)-(6,6) 5.34 M, 3.14 s → 5.09 M, 3.00 s;
//!      10x10 (0,0)-(9,9) 5.28 M, 3.47 s → 5.14 M, 3.60 s; 11x11 corners
//!      6.56 M, 5.36 s, 58 MiB → 6.34 M, 5.22 s, 40 MiB; 50 random boards
//!      median 13.5 → 16.6 ms, worst 0.87 → 0.97 s wall (under the build;
//!      58 → 40 MiB peak).
//!
//! Names given after `--` keep only the rows whose name contains one of
//! them. Times are wall-clock on a shared machine: read the CPU column
//! and the states too.

use std::time::{Duration, Instant};

use meeple::budget::Budget;
use meeple::games::footholds::previous;
use meeple::games::footholds::rules::{Player, Position, Steps};
use meeple::games::footholds::search::{Queries, SearchConfig, SearchError, Solver};
use meeple::games::footholds::{reference_solve, Value};

fn full(n: usize, a: (usize, usize), b: (usize, usize), steps: Steps) -> Position {
    Position::full(n, n, a, b, steps)
}

/// A deterministic xorshift generator.
fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// A random `n x n` board with about `holes_pct` % holes, players on
/// footholds, A to move.
fn random_board(seed: u64, n: usize, holes_pct: u64) -> Position {
    let mut next = xorshift(seed);
    let mut cells: Vec<bool> = (0..n * n).map(|_| next() % 100 >= holes_pct).collect();
    let mut cell = || ((next() % n as u64) as usize, (next() % n as u64) as usize);
    let a = cell();
    let b = cell();
    cells[a.0 * n + a.1] = true;
    cells[b.0 * n + b.1] = true;
    Position {
        rows: n,
        cols: n,
        cells,
        a,
        b,
        to_move: Player::A,
        steps: Steps::Orthogonal,
    }
}

/// CPU time of the whole process (every thread) so far.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which ends with ')'): utime is the
    // 12th, stime the 13th, in clock ticks of 10 ms.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    let ticks = f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

/// Resets the process's peak RSS (Linux `clear_refs` 5).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak RSS since the last [`reset_peak`], in MiB.
fn peak_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb >> 10)
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

/// A timed run: its result, wall time, CPU time.
struct Run<T> {
    out: T,
    wall: Duration,
    cpu: Duration,
}

fn timed<T>(f: impl FnOnce() -> T) -> Run<T> {
    let (c0, t0) = (cpu(), Instant::now());
    let out = f();
    Run {
        out,
        wall: t0.elapsed(),
        cpu: cpu().saturating_sub(c0),
    }
}

/// "1.23 s", or "> 30 s (stopped)" when the budget ran out.
fn shown<T>(r: &Run<Result<T, SearchError>>, limit: Duration) -> String {
    match r.out {
        Ok(_) => fmt(r.wall),
        Err(_) => format!("> {} s (stopped)", limit.as_secs()),
    }
}

/// A limit in seconds from the environment variable `var`, or `default`.
fn env_limit(var: &str, default: u64) -> Duration {
    Duration::from_secs(
        std::env::var(var)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default),
    )
}

/// A number from the environment variable `var`, or `default`.
fn env_num(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn verdict(v: Value) -> String {
    format!(
        "{} ({})",
        v.moves,
        if v.mover_wins {
            "mover wins"
        } else {
            "mover loses"
        }
    )
}

fn wanted(filter: &[String], name: &str, on_demand: bool) -> bool {
    if filter.is_empty() {
        !on_demand
    } else {
        filter.iter().any(|f| name.contains(f.as_str()))
    }
}

/// Section 1: small boards against the reference.
fn small(filter: &[String]) {
    let o = Steps::Orthogonal;
    #[rustfmt::skip]
    let cases = [
        ("5x5 full A(0,0) B(4,4)", full(5, (0, 0), (4, 4), o), 21),
        ("5x5 full A(2,2) B(0,0)", full(5, (2, 2), (0, 0), o), 17),
        ("5x5 king A(0,0) B(4,4)", full(5, (0, 0), (4, 4), Steps::King), 23),
        ("6x6 full A(0,0) B(5,5)", full(6, (0, 0), (5, 5), o), 34),
        ("6x6 full A(2,2) B(3,3)", full(6, (2, 2), (3, 3), o), 32),
        ("7x7 full A(0,0) B(6,6)", full(7, (0, 0), (6, 6), o), 45),
        ("7x7 full A(3,3) B(3,4)", full(7, (3, 3), (3, 4), o), 47),
        ("8x8 full A(0,0) B(7,7)", full(8, (0, 0), (7, 7), o), 62),
        ("8x8 full A(2,2) B(5,5)", full(8, (2, 2), (5, 5), o), 62),
        ("9x9 full A(0,0) B(8,8)", full(9, (0, 0), (8, 8), o), 77),
    ];
    println!("## Small boards\n");
    println!("| case | answer | reference | previous | new | new states | new vs previous |");
    println!("|---|---|---|---|---|---|---|");
    let limit = Duration::from_secs(5);
    for (name, pos, expect) in cases {
        if !wanted(filter, name, false) {
            continue;
        }
        let b = Budget::unlimited();
        let new = timed(|| Queries::default().solve(&pos, &b));
        let states = b.states();
        let v = new.out.expect("solved");
        assert_eq!(v.moves, expect, "{name}");
        let prev = timed(|| previous::solve(&pos, &Budget::unlimited()));
        assert_eq!(prev.out, Ok(v), "{name}");
        let reference = timed(|| reference_solve(&pos, &Budget::new(None, Some(limit))));
        let rs = match reference.out {
            Ok(r) => {
                assert_eq!(r, v, "{name}");
                fmt(reference.wall)
            }
            Err(_) => format!("> {} s (stopped)", limit.as_secs()),
        };
        println!(
            "| {name} | {} | {rs} | {} | {} | {states} | {:.1}x |",
            verdict(v),
            fmt(prev.wall),
            fmt(new.wall),
            prev.wall.as_secs_f64() / new.wall.as_secs_f64()
        );
    }
}

/// Section 2: big full boards.
fn big(filter: &[String]) {
    let o = Steps::Orthogonal;
    #[rustfmt::skip]
    let cases = [
        ("9x9 full A(3,3) B(4,4) centre", full(9, (3, 3), (4, 4), o), false),
        ("9x9 full A(4,4) B(4,5) centre", full(9, (4, 4), (4, 5), o), false),
        ("9x9 full A(3,4) B(5,4) near centre", full(9, (3, 4), (5, 4), o), false),
        ("9x9 full A(2,2) B(6,6) near centre", full(9, (2, 2), (6, 6), o), false),
        ("10x10 full A(0,0) B(9,9)", full(10, (0, 0), (9, 9), o), false),
        ("10x10 full A(0,0) B(0,9)", full(10, (0, 0), (0, 9), o), false),
        ("10x10 full A(4,4) B(5,5) centre", full(10, (4, 4), (5, 5), o), false),
        ("10x10 full A(3,3) B(6,6) near centre", full(10, (3, 3), (6, 6), o), false),
        ("10x10 full A(2,3) B(7,6) near centre", full(10, (2, 3), (7, 6), o), false),
        ("10x10 full A(4,5) B(5,4) centre", full(10, (4, 5), (5, 4), o), false),
        ("11x11 full A(0,0) B(10,10)", full(11, (0, 0), (10, 10), o), false),
        ("12x12 full A(0,0) B(11,11)", full(12, (0, 0), (11, 11), o), false),
        ("13x13 full A(0,0) B(12,12)", full(13, (0, 0), (12, 12), o), true),
    ];
    let limit = env_limit("PREVIOUS_LIMIT", 60);
    let new_limit = env_limit("NEW_LIMIT", 120);
    println!(
        "\n## Big full boards (previous stopped after {} s, new after {} s)\n",
        limit.as_secs(),
        new_limit.as_secs()
    );
    println!("| case | answer | previous | new | new CPU | new states | tables | peak RSS |");
    println!("|---|---|---|---|---|---|---|---|");
    for (name, pos, on_demand) in cases {
        if !wanted(filter, name, on_demand) {
            continue;
        }
        reset_peak();
        let b = Budget::new(None, Some(new_limit));
        let mut q = Queries::default();
        let new = timed(|| q.solve(&pos, &b));
        let peak = peak_mib();
        let Ok(v) = new.out else {
            println!(
                "| {name} | ? | - | {} | {} | {} | {} MiB | {peak} MiB |",
                shown(&new, new_limit),
                fmt(new.cpu),
                b.states(),
                q.table_bytes() >> 20,
            );
            continue;
        };
        let prev = if std::env::var_os("NO_PREVIOUS").is_some() {
            "-".to_string()
        } else {
            let r = timed(|| previous::solve(&pos, &Budget::new(None, Some(limit))));
            if let Ok(p) = r.out {
                assert_eq!(p, v, "{name}");
            }
            if let Err(SearchError::TooLarge { max, .. }) = r.out {
                format!("refused (> {max} footholds)")
            } else {
                shown(&r, limit)
            }
        };
        println!(
            "| {name} | {} | {prev} | {} | {} | {} | {} MiB | {peak} MiB |",
            verdict(v),
            fmt(new.wall),
            fmt(new.cpu),
            b.states(),
            q.table_bytes() >> 20,
        );
    }
}

/// Median and worst of some durations.
fn median_worst(mut d: Vec<Duration>) -> (Duration, Duration) {
    d.sort();
    (
        d.get(d.len() / 2).copied().unwrap_or_default(),
        d.last().copied().unwrap_or_default(),
    )
}

/// Section 3: random boards with holes.
fn random(filter: &[String]) {
    if !wanted(filter, "random", false) {
        return;
    }
    let limit = env_limit("PREVIOUS_LIMIT", 20);
    let new_limit = env_limit("NEW_LIMIT", 60);
    let mut new_stopped = 0;
    let mut new_t = Vec::new();
    let mut one_t = Vec::new();
    let mut prev_t = Vec::new();
    let mut worst = (Duration::ZERO, String::new(), 0);
    let mut stopped = 0;
    reset_peak();
    for seed in 1..=50u64 {
        let n = 9 + (seed % 3) as usize;
        let holes = 10 + (seed * 7) % 21;
        let pos = random_board(seed, n, holes);
        let b = Budget::new(None, Some(new_limit));
        let new = timed(|| Queries::default().solve(&pos, &b));
        if new.wall > worst.0 {
            worst = (
                new.wall,
                format!("seed {seed}: {n}x{n}, {holes} % holes"),
                b.states(),
            );
        }
        new_t.push(new.wall);
        let Ok(v) = new.out else {
            new_stopped += 1;
            continue;
        };
        let one = timed(|| {
            let b = Budget::unlimited();
            let mut s = Solver::new(&pos, &b)?;
            s.set_threads(1);
            s.value(&pos, &b)
        });
        assert_eq!(one.out, Ok(v), "seed {seed}");
        one_t.push(one.wall);
        if std::env::var_os("NO_PREVIOUS").is_none() {
            let prev = timed(|| previous::solve(&pos, &Budget::new(None, Some(limit))));
            match prev.out {
                Ok(p) => assert_eq!(p, v, "seed {seed}"),
                Err(_) => stopped += 1,
            }
            prev_t.push(prev.wall);
        }
    }
    let (nm, nw) = median_worst(new_t);
    let (pm, pw) = median_worst(prev_t);
    let (om, ow) = median_worst(one_t);
    println!("\n## 50 random boards, 9x9 to 11x11, 10-30 % holes\n");
    println!("| solver | median | worst | note |\n|---|---|---|---|");
    println!(
        "| previous | {} | {} | {stopped} stopped after {} s |",
        fmt(pm),
        fmt(pw),
        limit.as_secs()
    );
    println!("| new, one thread | {} | {} | |", fmt(om), fmt(ow));
    println!(
        "| new | {} | {} | {new_stopped} stopped after {} s; worst: {}, {} states; peak RSS {} MiB |",
        fmt(nm),
        fmt(nw),
        new_limit.as_secs(),
        worst.1,
        worst.2,
        peak_mib()
    );
}

/// Section 4: the queries of one position.
fn queries(filter: &[String]) {
    let o = Steps::Orthogonal;
    let cases = [
        ("queries 8x8 A(0,0) B(7,7)", full(8, (0, 0), (7, 7), o)),
        ("queries 9x9 A(0,0) B(8,8)", full(9, (0, 0), (8, 8), o)),
        ("queries 10x10 A(0,0) B(9,9)", full(10, (0, 0), (9, 9), o)),
    ];
    println!("\n## Queries on one position: solve, line, analyze, play the best move, solve\n");
    println!("| case | solver | solve | line | analyze | after play | line+analyze / solve |");
    println!("|---|---|---|---|---|---|---|");
    for (name, pos, on_demand) in cases.map(|(n, p)| (n, p, n.contains("10x10"))) {
        if !wanted(filter, name, on_demand) {
            continue;
        }
        let b = Budget::unlimited;
        let row = |solver: &str, t: [Duration; 4]| {
            println!(
                "| {name} | {solver} | {} | {} | {} | {} | {:.2} |",
                fmt(t[0]),
                fmt(t[1]),
                fmt(t[2]),
                fmt(t[3]),
                (t[1] + t[2]).as_secs_f64() / t[0].as_secs_f64()
            );
        };
        let s = timed(|| previous::solve(&pos, &b()));
        let l = timed(|| previous::principal_line(&pos, &b()));
        let a = timed(|| previous::analyze(&pos, &b()));
        let line = l.out.expect("line");
        let next = pos.play(line[0].1).expect("legal");
        let p = timed(|| previous::solve(&next, &b()));
        let want = s.out.expect("solved");
        assert_eq!(line.len() as u32, want.moves);
        assert!(a.out.expect("analyzed").iter().any(|m| m.1 == want));
        row("previous", [s.wall, l.wall, a.wall, p.wall]);
        let mut q = Queries::default();
        let s = timed(|| q.solve(&pos, &b()));
        let l = timed(|| q.principal_line(&pos, &b()));
        let a = timed(|| q.analyze(&pos, &b()));
        let p = timed(|| q.solve(&next, &b()));
        assert_eq!(s.out, Ok(want));
        assert_eq!(l.out.expect("line").len() as u32, want.moves);
        assert!(a.out.expect("analyzed").iter().any(|m| m.1 == want));
        assert!(p.out.is_ok());
        row("new", [s.wall, l.wall, a.wall, p.wall]);
    }
}

/// Section 5 (on demand: `-- profile`): where the states of the 9x9
/// centre starts and a 10x10 centre start go, one thread: each null-window
/// test of the driver with its nodes (stderr), then the solver's counters
/// (separated positions, table cutoffs, cutoffs by move index, open nodes
/// by live cells, 8 a slot). The 10x10 one stops after `PROFILE_STATES`
/// states (default 60 M).
fn profile(filter: &[String]) {
    if !filter.iter().any(|f| f == "profile") {
        return;
    }
    let o = Steps::Orthogonal;
    let cap = std::env::var("PROFILE_STATES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60_000_000u64);
    let cases = [
        ("9x9 A(3,3) B(4,4)", full(9, (3, 3), (4, 4), o)),
        ("9x9 A(4,4) B(4,5)", full(9, (4, 4), (4, 5), o)),
        ("9x9 A(3,4) B(5,4)", full(9, (3, 4), (5, 4), o)),
        ("9x9 A(2,2) B(6,6)", full(9, (2, 2), (6, 6), o)),
        ("10x10 A(4,4) B(5,5)", full(10, (4, 4), (5, 5), o)),
        ("10x10 A(0,0) B(9,9)", full(10, (0, 0), (9, 9), o)),
        ("11x11 A(0,0) B(10,10)", full(11, (0, 0), (10, 10), o)),
    ];
    println!("\n## Profile, one thread (tests on stderr)\n");
    // `SURE_LIVE=a,b`: the sure-path bounds on open positions of `a..b`
    // live cells (tuning).
    let sure_live = std::env::var("SURE_LIVE").ok().and_then(|s| {
        let (a, b) = s.split_once(',')?;
        Some((a.parse().ok()?, b.parse().ok()?))
    });
    // `DEEP_ORDER=a,b,c`: the territory minimax 2, 3, 4 plies deep from
    // `a`, `b`, `c` live cells (tuning; `u32::MAX` is off).
    let deep_order = std::env::var("DEEP_ORDER").ok().and_then(|s| {
        let v: Vec<u32> = s.split(',').filter_map(|x| x.parse().ok()).collect();
        <[u32; 5]>::try_from(v).ok()
    });
    let cfg = SearchConfig {
        trace: true,
        sure_live: sure_live.unwrap_or(SearchConfig::default().sure_live),
        deep_order: deep_order.unwrap_or(SearchConfig::default().deep_order),
        deep_footholds: env_num(
            "DEEP_FOOTHOLDS",
            SearchConfig::default().deep_footholds as u64,
        ) as u32,
        etc: std::env::var_os("ETC").is_some(),
        ..SearchConfig::default()
    };
    let only: Vec<&String> = filter.iter().filter(|f| *f != "profile").collect();
    for (name, pos) in cases {
        if !only.is_empty() && !only.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        reset_peak();
        let b = Budget::new(Some(cap), None);
        let Ok(mut s) = Solver::with_config(&pos, &b, cfg) else {
            continue;
        };
        s.set_threads(env_num("THREADS", 1) as usize);
        eprintln!("{name}:");
        let r = timed(|| s.value(&pos, &b));
        let answer = match r.out {
            Ok(v) => verdict(v),
            Err(_) => format!("? (stopped at {cap} states)"),
        };
        println!(
            "- {name}: {answer}, {} states, {} CPU, {} MiB peak\n  {:?}",
            b.states(),
            fmt(r.cpu),
            peak_mib(),
            s.stats()
        );
    }
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    small(&filter);
    big(&filter);
    random(&filter);
    queries(&filter);
    profile(&filter);
}
