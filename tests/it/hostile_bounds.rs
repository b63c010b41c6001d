//! A rules game's run-time work and memory are bounded (a probe's list
//! doubled to 5.2 GB under `--memory 10`, `lines(n)` hanging, a
//! depth-first `longest` holding 2.2 GB): each is a coded diagnostic,
//! asserted by counts and codes, never by time.

use meeple::error::Code;
use meeple::limits::Limits;
use meeple::pipeline::{run_bytes, FileRun, Outcome, RunConfig};

fn codes(run: &FileRun) -> Vec<Code> {
    match &run.outcome {
        Outcome::Invalid(d) => d.iter().map(|d| d.code).collect(),
        Outcome::Ran(runs) => runs
            .iter()
            .flat_map(|r| r.failures().map(|d| d.code))
            .collect(),
    }
}

fn solo(turn: &str, solve: &str) -> String {
    format!(
        "rules g {{\n  players solo\n  board none\n  var x: 0..10 = 0\n  turn {{\n    choose d in 1..1\n{turn}\n    win\n  }}\n  solve {solve}\n}}\nscenario \"s\" {{\n  game g\n  solve\n}}\n"
    )
}

fn run(text: &str, limits: Limits) -> FileRun {
    let run = run_bytes(
        "bounds.game",
        text.as_bytes(),
        &RunConfig {
            limits,
            filter: None,
        },
    );
    let _ = crate::common::shown(&run);
    run
}

#[test]
fn a_list_doubled_in_a_loop_stops_at_the_list_cap() {
    // 2^22 values at the end: past the cap of 2^20 (the old code built
    // them all; `repeat 40` built 2^40).
    let text = solo(
        "    let q = [1]\n    repeat 22 { q = q + q }",
        "shortest within 10",
    );
    let r = run(&text, Limits::default());
    assert_eq!(codes(&r), [Code::RulesLoop], "{}", crate::common::shown(&r));
    assert!(crate::common::shown(&r).contains("a list of more than 1048576 values"));
    // Under the cap it runs.
    let text = solo(
        "    let q = [1]\n    repeat 19 { q = q + q }\n    x = min(10, len(q))",
        "shortest within 10",
    );
    assert_eq!(codes(&run(&text, Limits::default())), []);
}

#[test]
fn reading_a_list_costs_a_step_per_value() {
    // 200,000 copies of a 1,000-value list: 2 * 10^8 values copied, past
    // the turn's 10^7 steps (it cost 200,000 steps).
    let text = solo(
        "    let q = [i for i in 1..1000]\n    repeat 200000 { let r = q }",
        "shortest within 10",
    );
    let r = run(&text, Limits::default());
    assert_eq!(codes(&r), [Code::RulesLoop], "{}", crate::common::shown(&r));
    assert!(crate::common::shown(&r).contains("10000000 steps"));
}

/// A 2 x 2 board whose turn sets `x` to `len(lines(N))` (at most 10).
fn lines_of(n: &str) -> String {
    format!(
        "rules g {{\n  players solo\n  layer w: bool\n  legend {{\n    \".\": w[here] = false\n  }}\n  var x: 0..10 = 0\n  turn {{\n    choose c in 1..1\n    x = min(10, len(lines({n})))\n    win\n  }}\n  solve shortest within 10\n}}\nscenario \"s\" {{\n  game g\n  board {{\n  ..\n  ..\n  }}\n  solve\n  expect answer 1\n}}\n"
    )
}

#[test]
fn lines_longer_than_the_board_are_none_and_cost_nothing() {
    // `lines(100000000)` hung; `lines(9223372036854775807)` took 5.7 GB.
    for n in ["3", "100000000", "9223372036854775807"] {
        let r = run(&lines_of(n), Limits::default());
        assert_eq!(codes(&r), [], "{n}: {}", crate::common::shown(&r));
    }
    let r = run(&lines_of("2"), Limits::default());
    assert_eq!(codes(&r), [], "{}", crate::common::shown(&r));
}

#[test]
fn memory_bounds_a_deep_search_of_one_player() {
    // A line of 10^18 moves: the depth-first search holds every position
    // on it. Under --memory 10 it stops for memory long before the
    // two million states the old code searched (holding ~2 GB at 20M).
    let limits = || Limits {
        memory: Some(10 << 20),
        max_states: Some(2_000_000),
        ..Limits::default()
    };
    for solve in ["longest", "max score"] {
        let text = format!(
            "rules g {{\n  players solo\n  board none\n  var a: 0..1000000000000000000 = 0\n  turn {{\n    choose d in 1..2\n    a += d\n{}  }}\n  solve {solve}\n}}\nscenario \"s\" {{\n  game g\n  solve\n}}\n",
            if solve == "max score" { "    score += 1\n" } else { "" }
        );
        let r = run(&text, limits());
        assert_eq!(
            codes(&r),
            [Code::LimitMemory],
            "{solve}: {}",
            crate::common::shown(&r)
        );
    }
}
