//! A puzzle collection of judge-sized scenarios, for timing `meeple test`.
//!
//! `cargo bench --bench collection` writes `target/collection/collection.game`
//! (10,000 scenarios: footholds boards up to 5x5, BOJ 17837 judge inputs and
//! BOJ 17825 dice, each with its `expect` lines), then times the library's
//! parallel `run_files` on it. Time the binary with
//! `hyperfine 'target/release/meeple test target/collection'`.
//!
//! `cargo bench --bench collection -- DIR N F` writes N scenarios into DIR,
//! split over F files (`part-000.game`, …; default one file). The text is
//! the same on every run (a fixed xorshift seed).

use meeple::games::FieldValue;
use meeple::interp::Event;
use meeple::pipeline::{Outcome, RunConfig};
use meeple::syntax::dialect::Field;
use std::fmt::Write;
use std::path::PathBuf;
use std::time::Instant;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Uniform in lo..=hi.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }
}

/// A footholds scenario body (without expectations): a board up to 5x5,
/// about 20% holes, the players on footholds.
fn footholds(rng: &mut Rng) -> String {
    let (rows, cols) = (rng.range(1, 5), rng.range(1, 5));
    let mut cells: Vec<bool> = (0..rows * cols)
        .map(|_| !rng.next().is_multiple_of(5))
        .collect();
    let a = rng.range(0, rows * cols - 1);
    let b = rng.range(0, rows * cols - 1);
    cells[a] = true;
    cells[b] = true;
    let mut s = String::from("  game footholds\n  board {\n");
    for r in 0..rows {
        s.push_str("    ");
        for c in 0..cols {
            s.push(if cells[r * cols + c] { '1' } else { '0' });
        }
        s.push('\n');
    }
    let _ = writeln!(s, "  }}\n  piece A at ({}, {})", a / cols, a % cols);
    let _ = writeln!(s, "  piece B at ({}, {})\n  solve", b / cols, b % cols);
    s
}

/// A stacking scenario: BOJ 17837 judge input (4 ≤ N ≤ 12, 4 ≤ K ≤ 10).
fn stacking(rng: &mut Rng) -> String {
    let n = rng.range(4, 12);
    let k = rng.range(4, 10);
    let mut s = format!("  game stacking\n  input \"\"\"\n{n} {k}\n");
    for _ in 0..n {
        let row: Vec<String> = (0..n)
            .map(|_| {
                // Mostly white, like the samples.
                match rng.range(0, 9) {
                    0..=5 => "0",
                    6 | 7 => "1",
                    _ => "2",
                }
                .to_string()
            })
            .collect();
        let _ = writeln!(s, "{}", row.join(" "));
    }
    let mut used = Vec::new();
    while used.len() < k {
        let cell = (rng.range(1, n), rng.range(1, n));
        if !used.contains(&cell) {
            used.push(cell);
            let _ = writeln!(s, "{} {} {}", cell.0, cell.1, rng.range(1, 4));
        }
    }
    s.push_str("\"\"\"\n  solve\n");
    s
}

/// A yut scenario: ten known rolls (BOJ 17825).
fn yut(rng: &mut Rng) -> String {
    let dice: Vec<String> = (0..10).map(|_| rng.range(1, 5).to_string()).collect();
    format!(
        "  game yut\n  board yut\n  dice {}\n  solve\n",
        dice.join(" ")
    )
}

/// The collection's text: every scenario with `expect` lines taken from a
/// first run of the same scenarios.
fn collection(n: usize) -> String {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut bodies = Vec::with_capacity(n);
    let mut text = String::new();
    for i in 0..n {
        let body = match i % 5 {
            0 | 1 => footholds(&mut rng),
            2 | 3 => stacking(&mut rng),
            _ => yut(&mut rng),
        };
        let _ = write!(text, "scenario \"s{i}\" {{\n{body}}}\n\n");
        bodies.push(body);
    }
    let run = meeple::run_source("collection.game", &text);
    let Outcome::Ran(runs) = &run.outcome else {
        panic!(
            "the generated collection is invalid:\n{}",
            meeple::render::text::file(&run, &Default::default())
        );
    };
    let mut out =
        String::from("# A judge-sized collection written by `cargo bench --bench collection`.\n\n");
    for (i, (body, r)) in bodies.iter().zip(runs).enumerate() {
        let fields = r.events.iter().find_map(|e| match e {
            Event::Answer { answer, .. } => Some(answer.fields()),
            _ => None,
        });
        let Some(fields) = fields else {
            panic!(
                "scenario s{i} gave no answer:\n{}",
                meeple::render::text::scenario(&run.source, r, &Default::default())
            );
        };
        let _ = write!(out, "scenario \"s{i}\" {{\n{body}");
        for (name, value) in fields {
            if matches!(name, Field::Answer | Field::Winner) {
                if let FieldValue::Int(_) | FieldValue::Word(_) = value {
                    let _ = writeln!(out, "  expect {name} {value}");
                }
            }
        }
        out.push_str("}\n\n");
    }
    out
}

fn main() {
    // `cargo bench` passes `--bench`; ignore flags.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let dir = PathBuf::from(
        args.first()
            .cloned()
            .unwrap_or_else(|| "target/collection".into()),
    );
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let parts: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1).max(1);
    let t = Instant::now();
    let text = collection(n);
    std::fs::create_dir_all(&dir).expect("create the folder");
    let mut files = Vec::new();
    if parts == 1 {
        files.push(dir.join("collection.game"));
        std::fs::write(&files[0], &text).expect("write the collection");
    } else {
        // Split at scenario boundaries (every scenario ends with "}\n\n").
        let scenarios: Vec<&str> = text.split_inclusive("}\n\n").collect();
        let per = scenarios.len().div_ceil(parts);
        for (i, chunk) in scenarios.chunks(per).enumerate() {
            let file = dir.join(format!("part-{i:03}.game"));
            std::fs::write(&file, chunk.concat()).expect("write a part");
            files.push(file);
        }
    }
    println!(
        "wrote {n} scenarios ({} KB) in {} file(s) under {} in {:.2?}",
        text.len() / 1024,
        files.len(),
        dir.display(),
        t.elapsed()
    );
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let t = Instant::now();
        let runs = meeple::run_files(&files, &RunConfig::default());
        let secs = t.elapsed().as_secs_f64();
        best = best.min(secs);
        let passed: usize = runs
            .iter()
            .map(|r| {
                meeple::collection::cases(r)
                    .iter()
                    .filter(|c| c.passed)
                    .count()
            })
            .sum();
        assert_eq!(passed, n, "every generated scenario passes");
    }
    println!(
        "run_files: best of 5 {:.3} s on {} threads",
        best,
        rayon::current_num_threads()
    );
    println!(
        "time the binary: hyperfine 'target/release/meeple test {}'",
        dir.display()
    );
}
