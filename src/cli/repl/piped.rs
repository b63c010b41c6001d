//! Input from a pipe or a file (`meeple repl < session.txt`): the lines are
//! read here rather than by rustyline, whose line reader for a non-terminal
//! re-segments the whole input into graphemes after every line (a
//! 1000-row board pasted row by row took minutes). An input runs once
//! Enter would run it at the prompt ([`Continuation`]); an input still
//! open at the end of the stream runs too, so that its error is shown.

use super::commands::After;
use super::editor::Continuation;
use super::state::{Sink, State};
use rustyline::error::ReadlineError;
use std::io::BufRead;

/// Run every input of `piped` until its end or `:quit`; `remember` is
/// given each input (for the history). Each input costs its own work
/// only: nothing here goes over what earlier inputs built (the list of
/// scenarios for Tab was rebuilt per input, quadratic in scenarios).
pub fn session<R: BufRead>(
    piped: &mut Piped<R>,
    state: &mut State,
    sink: &mut dyn Sink,
    remember: &mut dyn FnMut(&str),
) {
    loop {
        match piped.read() {
            Ok(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                remember(&line);
                if super::run_input(&line, state, sink) == After::Quit {
                    break;
                }
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                sink.err(&format!("error: {e}\n"));
                break;
            }
        }
    }
}

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
        // Issue 29: a `rules NAME {` block is one input to its `}`, a slip
        // inside it too (it is shown once, on the whole block).
        assert_eq!(
            inputs("rules x {\n  players A B\n  bogus stuff\n}\ngame x"),
            ["rules x {\n  players A B\n  bogus stuff\n}", "game x"]
        );
        // A `(` left open in it does not hold the block open past its `}`.
        assert_eq!(
            inputs("rules x {\n  turn { x = ( }\n}\ngame x"),
            ["rules x {\n  turn { x = ( }\n}", "game x"]
        );
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

    /// Issue 27 item 17: a piped session of one-line scenarios costs each
    /// input its own work. (Before, the loop listed every scenario known
    /// for Tab before each input: n²/2 names for n scenarios.)
    #[test]
    fn one_line_scenarios_cost_each_its_own_work() {
        use super::super::state::State;
        #[derive(Default)]
        struct Count {
            out: usize,
            err: String,
        }
        impl Sink for Count {
            fn out(&mut self, text: &str) {
                self.out += text.matches("is current").count();
            }
            fn err(&mut self, text: &str) {
                self.err.push_str(text);
            }
        }
        let n = 3000;
        let text: String = (0..n)
            .map(|i| format!("scenario \"s{i}\" {{ game footholds board [[1, 1]] piece A at (0, 0) piece B at (0, 1) solve }}\n"))
            .collect();
        let mut state = State::new(meeple::limits::Limits::default(), false);
        let mut sink = Count::default();
        let mut inputs = 0;
        let mut piped = Piped::new(text.as_bytes());
        session(&mut piped, &mut state, &mut sink, &mut |_| inputs += 1);
        assert!(sink.err.is_empty(), "{}", sink.err);
        assert_eq!((inputs, sink.out), (n, n));
        assert_eq!(state.names_listed.get(), 0);
        assert_eq!(state.scenario_names().len(), n);
        let (lexed, parsed) = piped.work();
        assert!(
            lexed <= 2 * text.len() && parsed <= 2 * text.len(),
            "{lexed} {parsed}"
        );
    }
}
