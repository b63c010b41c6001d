//! Absurd inputs, timed: what the hardening tests check by outcome only.
//!
//! The tests in `tests/it/hardening.rs` assert what meeple answers to huge or
//! hostile inputs (which code, which exit) but never how long it took, so a
//! loaded machine cannot fail them. This bench keeps the timings:
//! `cargo bench --bench hardening` prints one row per input with the codes
//! reported and the wall time of parsing, checking, running and rendering.
//!
//! A second table runs issue 19's hostile corpus (`tests/it/hostile_corpus.rs`,
//! inputs up to the 16 MiB file cap) through `meeple check`, with its wall
//! time and peak memory (from `/usr/bin/time`, when there), against the
//! reference: what pest alone spends tokenizing the same text (the cost
//! before the pre-scan caps, which now refuse most of these unparsed).

use meeple::limits::Limits;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};
use std::time::{Duration, Instant};

#[path = "../tests/it/hostile_corpus.rs"]
mod hostile_corpus;

fn grid(rows: usize, row: &str) -> String {
    let mut s = String::with_capacity(rows * (row.len() + 1));
    for _ in 0..rows {
        s.push_str(row);
        s.push('\n');
    }
    s
}

fn stacking_pieces(n: usize, k: usize) -> String {
    let mut s = format!("scenario \"many\" {{\n  game stacking\n  input \"\"\"\n{n} {k}\n");
    s.push_str(&grid(n, &vec!["0"; n].join(" ")));
    for i in 0..k {
        s.push_str(&format!("{} {} {}\n", i / n + 1, i % n + 1, 1 + i % 4));
    }
    s.push_str("\"\"\"\n  solve\n  step 2\n  show\n}\n");
    s
}

fn limited(max_states: u64, timeout_ms: u64) -> RunConfig {
    RunConfig {
        limits: Limits {
            max_states: Some(max_states),
            timeout: Some(Duration::from_millis(timeout_ms)),
            ..Limits::default()
        },
        filter: None,
    }
}

fn main() {
    let row = "1".repeat(2048);
    let arow = format!("[{}1]", "1,".repeat(2047));
    let cases: Vec<(&str, String, RunConfig)> = vec![
        (
            "10,000 x 10,000 board (over the file cap)",
            format!(
                "scenario \"huge\" {{\n  game footholds\n  board {{\n{}}}\n}}\n",
                grid(10_000, &"1".repeat(10_000))
            ),
            RunConfig::default(),
        ),
        (
            "2049 x 2048 footholds board (over the cell cap)",
            format!(
                "scenario \"big\" {{\n  game footholds\n  board {{\n{}  }}\n}}\n",
                grid(2049, &row)
            ),
            RunConfig::default(),
        ),
        (
            "2049 x 2048 footholds judge input",
            format!(
                "scenario \"big\" {{\n  game footholds\n  input \"\"\"[{}] [0, 0] [0, 1]\"\"\"\n}}\n",
                vec![arow.as_str(); 2049].join(",")
            ),
            RunConfig::default(),
        ),
        (
            "a million `piece A` statements",
            format!(
                "scenario \"m\" {{\n  game footholds\n  board [[1, 1]]\n{}  solve\n}}\n",
                "  piece A at (0, 0)\n".repeat(1_000_000)
            ),
            RunConfig::default(),
        ),
        (
            "50,000 stacking pieces, solve + step 2 + show",
            stacking_pieces(250, 50_000),
            limited(20_000, 1000),
        ),
        (
            "a million rolls of a million faces, 20,000 states",
            "scenario \"d\" {\n  game yut\n  board yut\n  dice uniform 1..1000000 x 1000000\n  solve\n}\n"
                .to_string(),
            limited(20_000, 10_000),
        ),
    ];
    println!("| input | bytes | codes | time |");
    println!("|---|---|---|---|");
    for (name, text, config) in cases {
        let t = Instant::now();
        let run = run_bytes("absurd.game", text.as_bytes(), &config);
        let _ = meeple::render::text::file(&run, &Default::default());
        let took = t.elapsed();
        let codes: Vec<String> = match &run.outcome {
            Outcome::Invalid(d) => d.iter().map(|d| d.code.as_str().to_string()).collect(),
            Outcome::Ran(runs) => runs
                .iter()
                .flat_map(|r| r.failures().map(|d| d.code.as_str().to_string()))
                .collect(),
        };
        let codes = if codes.is_empty() {
            "ran".to_string()
        } else {
            codes.join(", ")
        };
        println!(
            "| {name} | {} | {codes} | {:.3} s |",
            text.len(),
            took.as_secs_f64()
        );
    }
    hostile();
}

/// `meeple check` on each hostile input: wall seconds and peak RSS in MB.
fn check(path: &std::path::Path) -> (f64, Option<u64>) {
    let meeple = env!("CARGO_BIN_EXE_meeple");
    let timed = std::path::Path::new("/usr/bin/time").exists();
    let t = Instant::now();
    let out = if timed {
        std::process::Command::new("/usr/bin/time")
            .args(["-f", "%M", meeple, "check"])
            .arg(path)
            .output()
    } else {
        std::process::Command::new(meeple)
            .arg("check")
            .arg(path)
            .output()
    };
    let took = t.elapsed().as_secs_f64();
    let rss = out.ok().filter(|_| timed).and_then(|o| {
        let err = String::from_utf8_lossy(&o.stderr);
        err.lines()
            .last()?
            .trim()
            .parse::<u64>()
            .ok()
            .map(|kb| kb / 1024)
    });
    (took, rss)
}

fn hostile() {
    use meeple::syntax::{MeepleParser, Rule};
    use pest::Parser;
    println!();
    println!("| hostile input | MiB | expected | `meeple check` | max RSS | pest alone (before) |");
    println!("|---|---|---|---|---|---|");
    let dir = std::env::temp_dir().join(format!("meeple-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for h in hostile_corpus::corpus() {
        let path = dir.join("hostile.game");
        std::fs::write(&path, &h.text).expect("a temporary file");
        let (took, rss) = check(&path);
        let t = Instant::now();
        let tokens = match MeepleParser::parse(Rule::file, &h.text) {
            Ok(pairs) => format!("{} tokens", pairs.flatten().count()),
            Err(_) => "a parse error".to_string(),
        };
        let pest = t.elapsed().as_secs_f64();
        println!(
            "| {} | {:.1} | {} | {took:.2} s | {} | {pest:.2} s, {tokens} |",
            h.name,
            h.text.len() as f64 / (1 << 20) as f64,
            h.refused.map_or("accepted", |c| c.as_str()),
            rss.map_or("-".to_string(), |mb| format!("{mb} MB")),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
