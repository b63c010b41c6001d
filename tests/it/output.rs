//! What a run prints and keeps is bounded by `--memory` (issue 27, items 2
//! and 14): the run's output is counted statement by statement, and a
//! drawing is measured before it is made. Every bound here is in bytes or
//! counts, never in time.

use crate::common::{meeple_in, temp_dir, text};
use std::path::Path;

/// A footholds scenario: an `n × n` board of footholds, the players in the
/// top corner, then `shows` `show` statements.
fn shows(n: usize, shows: usize) -> String {
    let row = "1".repeat(n);
    let board = vec![row.as_str(); n].join("\n");
    format!(
        "scenario \"many shows\" {{\n  game footholds\n  board {{\n{board}\n}}\n  piece A at (0, 0)\n  piece B at (0, 1)\n{}}}\n",
        "  show\n".repeat(shows)
    )
}

/// An `n × n` footholds board whose only footholds are the first
/// `length` cells of the top row, the players at its two ends, then `line boards`.
fn corridor(n: usize, length: usize) -> String {
    let mut rows = vec![format!("{}{}", "1".repeat(length), "0".repeat(n - length))];
    rows.extend(std::iter::repeat_n("0".repeat(n), n - 1));
    format!(
        "scenario \"corridor\" {{\n  game footholds\n  board {{\n{}\n}}\n  piece A at (0, 0)\n  piece B at (0, {})\n  line boards\n}}\n",
        rows.join("\n"),
        length - 1
    )
}

/// A stacking scenario on an `n × n` white board, two pieces, `line N`.
fn trace(n: usize, turns: usize) -> String {
    let row = "0".repeat(n);
    let board = vec![row.as_str(); n].join("\n");
    format!(
        "scenario \"long trace\" {{\n  game stacking\n  board {{\n{board}\n}}\n  piece 1 at (0, 0) facing right\n  piece 2 at ({m}, {m}) facing up\n  line {turns}\n}}\n",
        m = n - 1
    )
}

fn run(dir: &Path, file: &str, script: &str, memory: &str) -> (i32, String, String) {
    std::fs::write(dir.join(file), script).unwrap();
    let o = meeple_in(dir, &["run", "--memory", memory, file], &[]);
    let (out, err) = text(&o);
    (o.status.code().unwrap_or(-1), out, err)
}

#[test]
fn a_run_of_2000_shows_stops_at_its_memory_limit() {
    let dir = temp_dir("output-shows");
    // Each `show` of a 100 × 100 board prints 20 KB and keeps 10 KB: 2,000
    // of them, 60 MB, are far past `--memory 1`.
    let (code, out, err) = run(&dir, "shows.game", &shows(100, 2000), "1");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("meeple::limit::memory"), "{err}");
    assert!(err.contains("the output of this run would pass the memory limit of 1 MB"));
    let printed = out.matches("== many shows · show").count();
    // What was printed fits in the limit, and only what fits was printed.
    assert!(out.len() <= 1 << 20, "{} bytes printed", out.len());
    assert!((30..40).contains(&printed), "{printed} shows printed");
    // The diagnostic points at the first `show` left out.
    // Its line: 6 lines around the board's 100 rows, then the shows printed.
    let refused = 107 + printed;
    assert!(err.contains(&format!("shows.game:{refused}:3")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_footholds_line_with_boards_is_measured_before_it_is_drawn() {
    let dir = temp_dir("output-corridor");
    // 99 moves on a 256 × 256 board: 100 boards kept (6.5 MB) and drawn
    // (13 MB of text, held twice while it is made).
    let script = corridor(256, 100);
    let (code, out, err) = run(&dir, "c.game", &script, "20");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("meeple::limit::memory"), "{err}");
    assert!(
        err.contains("this needs 33 MB, over the memory limit of 20 MB"),
        "{err}"
    );
    assert_eq!(out, "", "nothing is drawn");
    // Under a limit that fits, what is printed is at most half of it (the
    // text is held twice while it is drawn).
    let (code, out, err) = run(&dir, "c.game", &script, "40");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("cannot move"), "{:?}", &out[out.len() - 200..]);
    assert!(
        out.len() > 12 << 20 && out.len() <= 20 << 20,
        "{}",
        out.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stacking_trace_counts_its_padded_drawing_held_twice() {
    let dir = temp_dir("output-trace");
    // 51 positions of a 256 × 256 board, each cell drawn 5 wide (`w:1> `):
    // 16.7 MB of text. The old estimate (2 bytes a cell, once) let it
    // through `--memory 20`.
    let script = trace(256, 50);
    let (code, out, err) = run(&dir, "t.game", &script, "20");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("meeple::limit::memory"), "{err}");
    assert_eq!(out, "");
    let (code, out, err) = run(&dir, "t.game", &script, "40");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.len() > 15 << 20 && out.len() <= 20 << 20,
        "{}",
        out.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
