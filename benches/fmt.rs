//! `meeple fmt`'s cost against the parser's alone on the same text
//! (`meeple::syntax::parse`, which formatting runs first): the largest
//! bundled script, every bundled script in one file, many scenarios, and a
//! big board.
//!
//! `cargo bench --bench fmt` (sizes: `-- SCENARIOS SIDE`, default 10000
//! and 1000). Each row prints the time to format, to parse, and the ratio.

use meeple::format::format_source;
use meeple::syntax::parse;
use std::path::Path;
use std::time::{Duration, Instant};

/// The mean time of `f` over enough runs to take about half a second.
fn time(mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut runs = 0u32;
    while runs == 0 || (start.elapsed() < Duration::from_millis(500) && runs < 10_000) {
        f();
        runs += 1;
    }
    start.elapsed() / runs
}

fn row(what: &str, text: &str) {
    let formatted = format_source(what, text).expect("the bench inputs have no syntax errors");
    assert_eq!(
        format_source(what, &formatted).ok().as_deref(),
        Some(&*formatted)
    );
    let fmt = time(|| {
        std::hint::black_box(format_source(what, text).ok());
    });
    let reference = time(|| {
        std::hint::black_box(parse(text));
    });
    println!(
        "{what:<28} {:>7} lines {:>10.3} ms {:>10.3} ms {:>6.1}×",
        text.lines().count(),
        fmt.as_secs_f64() * 1e3,
        reference.as_secs_f64() * 1e3,
        fmt.as_secs_f64() / reference.as_secs_f64().max(1e-9)
    );
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let scenarios = args.first().copied().unwrap_or(10_000);
    let side = args.get(1).copied().unwrap_or(1000);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = meeple::collection::game_files(&[root.join("scripts")]).expect("scripts/");
    let valid: Vec<(String, String)> = files
        .iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            format_source("", &text).ok()?;
            Some((p.display().to_string(), text))
        })
        .collect();
    println!(
        "{:<28} {:>13} {:>13} {:>13} {:>7}",
        "input", "", "fmt", "parse", "ratio"
    );
    let (name, largest) = valid
        .iter()
        .max_by_key(|(_, t)| t.len())
        .expect("a bundled script");
    let name = Path::new(name).file_name().unwrap().to_string_lossy();
    row(&format!("largest script ({name})"), largest);
    let all: String = valid.iter().map(|(_, t)| format!("{t}\n")).collect();
    row("every bundled script", &all);
    let many: String = (0..scenarios)
        .map(|i| {
            format!(
                "scenario \"s{i}\"{{game footholds # {i}\n board [[1,1,1]]\npiece A at(0,0)\n\n\npiece B at (0, 2) solve expect answer 2}}\n"
            )
        })
        .collect();
    row(&format!("{scenarios} scenarios"), &many);
    let rows: String = (0..side)
        .map(|_| format!("  {}\n", "1".repeat(side)))
        .collect();
    let board = format!(
        "scenario \"big\" {{\n  game footholds\n  board {{\n{rows}  }}\n  piece A at (0, 0)\n}}\n"
    );
    row(&format!("{side} × {side} board"), &board);
}
