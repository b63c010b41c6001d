//! Input from a pipe or a file (`meeple repl < session.txt`): the lines are
//! read here rather than by rustyline, whose line reader for a non-terminal
//! re-segments the whole input into graphemes after every line (a
//! 1000-row board pasted row by row took minutes). An input runs once
//! Enter would run it at the prompt ([`Continuation`]); an input still
//! open at the end of the stream runs too, so that its error is shown.

use super::editor::Continuation;
use rustyline::error::ReadlineError;
use std::io::BufRead;

/// The piped input.
pub struct Piped<R> {
    reader: R,
    continuation: Continuation,
}

impl<R: BufRead> Piped<R> {
    pub fn new(reader: R) -> Piped<R> {
        Piped {
            reader,
            continuation: Continuation::default(),
        }
    }

    /// The next input (one or more lines), or `Eof`.
    pub fn read(&mut self) -> Result<String, ReadlineError> {
        let mut input = String::new();
        loop {
            let start = input.len();
            if self.reader.read_line(&mut input)? == 0 {
                return if input.is_empty() {
                    Err(ReadlineError::Eof)
                } else {
                    // The last line had no newline, or an open block never
                    // closed: run what there is.
                    Ok(input)
                };
            }
            if input.ends_with('\n') {
                input.pop();
                if input.ends_with('\r') {
                    input.pop();
                }
            }
            if input.len() == start && start == 0 {
                // An empty line between inputs.
                return Ok(input);
            }
            if !self.continuation.incomplete(&input) {
                return Ok(input);
            }
            input.push('\n');
        }
    }

    /// Work done deciding where inputs end, for tests.
    #[cfg(test)]
    fn work(&self) -> (usize, usize) {
        (self.continuation.lexed, self.continuation.parsed_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(text: &str) -> Vec<String> {
        let mut p = Piped::new(text.as_bytes());
        std::iter::from_fn(|| p.read().ok()).collect()
    }

    #[test]
    fn lines_and_blocks() {
        assert_eq!(
            inputs("game footholds\r\nboard {\n 1 1\n 1 1\n}\n\nsolve"),
            ["game footholds", "board {\n 1 1\n 1 1\n}", "", "solve"]
        );
        // A block still open at the end runs (and shows its error).
        assert_eq!(
            inputs("solve\nboard {\n 1 1\n"),
            ["solve", "board {\n 1 1\n"]
        );
        assert!(inputs("").is_empty());
    }

    #[test]
    fn a_pasted_board_is_read_in_linear_work() {
        let row = format!(" {}\n", "1 ".repeat(400));
        let text = format!("game footholds\nboard {{\n{}}}\nsolve\n", row.repeat(400));
        let mut p = Piped::new(text.as_bytes());
        assert_eq!(p.read().unwrap(), "game footholds");
        let board = p.read().unwrap();
        assert_eq!(board.lines().count(), 402);
        assert_eq!(p.read().unwrap(), "solve");
        let (lexed, parsed) = p.work();
        let n = text.len();
        assert!(lexed <= 2 * n && parsed <= 6 * n, "{lexed} {parsed} of {n}");
    }
}
