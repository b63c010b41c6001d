//! `meeple repl`: explore positions interactively (issue 6; being built).

use meeple::interp::Limits;
use std::path::Path;

/// Run the REPL; returns the exit code.
pub fn main(_file: Option<&Path>, _limits: &Limits, _color: bool) -> i32 {
    eprintln!("meeple repl is not available yet");
    2
}
