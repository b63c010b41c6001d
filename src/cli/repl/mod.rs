//! `meeple repl`: explore positions interactively.
//!
//! - [`editor`]: the rustyline helper (multi-line input through the real
//!   grammar, colours, Tab completion, hints from history);
//! - [`state`]: the current scenario, its statements and runner;
//! - [`commands`]: the `:` commands.

mod commands;
mod editor;
mod history;
mod piped;
#[cfg(test)]
mod rules_tests;
mod state;

use super::out;
use commands::After;
use editor::MeepleHelper;
use history::HistoryFile;
use meeple::limits::Limits;
use rustyline::config::{ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::{FileHistory, History};
use rustyline::Editor;
use state::{Sink, State};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Results to stdout, diagnostics to stderr, flushed at once.
struct Terminal {
    /// Something was reported on stderr (an error, a failed expectation).
    errors: bool,
}

impl Sink for Terminal {
    fn out(&mut self, text: &str) {
        out::out_flush(text);
    }
    fn err(&mut self, text: &str) {
        self.errors = true;
        out::err(text);
    }
}

fn prompt(state: &State) -> String {
    match state.game() {
        Some(g) => format!("{g}> "),
        None => "meeple> ".to_string(),
    }
}

/// The prompt for the further lines of an open input (`board {` …): dots
/// as wide as the first prompt, so the lines stay aligned.
fn continuation_prompt(first: &str) -> String {
    let width = first.chars().count();
    format!("{:>width$}", "... ")
}

/// Read one whole input from the terminal: a line, and while a bracket or
/// `"""` is still open, more lines under the continuation prompt.
fn read_input(
    editor: &mut Editor<MeepleHelper, FileHistory>,
    first: &str,
) -> rustyline::Result<String> {
    let mut text = editor.readline(first)?;
    let more = continuation_prompt(first);
    let mut read = Ok(());
    while editor.helper().is_some_and(|h| h.incomplete(&text)) {
        // Tab on the next line completes in the light of these lines (a
        // word inside a `rules NAME {` block is a rules word).
        if let Some(h) = editor.helper_mut() {
            h.pending.clone_from(&text);
        }
        match editor.readline(&more) {
            Ok(line) => {
                text.push('\n');
                text.push_str(&line);
            }
            Err(e) => {
                read = Err(e);
                break;
            }
        }
    }
    if let Some(h) = editor.helper_mut() {
        h.pending.clear();
    }
    read.map(|()| text)
}

/// Run the REPL; returns the exit code.
pub fn main(file: Option<&Path>, limits: &Limits, color: bool) -> i32 {
    let interactive = std::io::stdin().is_terminal();
    let mut state = State::new(cancellable(limits, interactive), color);
    let mut sink = Terminal { errors: false };
    let mut editor = match new_editor(color) {
        Ok(e) => e,
        Err(e) => {
            out::err(format!("error: cannot start the line editor: {e}\n"));
            return 2;
        }
    };
    let mut history = open_history(&mut editor);
    if interactive {
        out::out_flush(format!(
            "meeple {} — type statements or :help; :quit or Ctrl-D leaves\n",
            env!("CARGO_PKG_VERSION")
        ));
    }
    if let Some(f) = file {
        state.load(f, &mut sink);
    }
    if interactive {
        interact(&mut editor, &mut history, &mut state, &mut sink);
    } else {
        // Piped input is read without rustyline (see `piped`).
        let mut piped = piped::Piped::new(std::io::stdin().lock());
        piped::session(&mut piped, &mut state, &mut sink, &mut |line| {
            remember(&mut editor, &mut history, line);
        });
    }
    // A piped session with errors fails, as `meeple run` would.
    i32::from(!interactive && sink.errors)
}

/// Read and run inputs at the prompt until `:quit` or Ctrl-D.
fn interact(
    editor: &mut Editor<MeepleHelper, FileHistory>,
    history: &mut Option<HistoryFile>,
    state: &mut State,
    sink: &mut Terminal,
) {
    loop {
        // What Tab completes: the names as they are now (a pass over the
        // scenarios per input: only at the prompt, never for piped input).
        if let Some(h) = editor.helper_mut() {
            h.cx = state.complete_cx();
        }
        match read_input(editor, &prompt(state)) {
            Ok(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                remember(editor, history, &line);
                if run_input(&line, state, sink) == After::Quit {
                    break;
                }
            }
            // Ctrl-C: the line is dropped, the session goes on.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                out::err(format!("error: {e}\n"));
                break;
            }
        }
    }
}

/// Run one input: a `:` command, or statements and blocks.
fn run_input(line: &str, state: &mut State, sink: &mut dyn Sink) -> After {
    if line.trim_start().starts_with(':') {
        commands::run(line, state, sink)
    } else {
        state.input(line, sink);
        After::Continue
    }
}

/// The limits with a cancel flag. Ctrl-C while a solve runs sets the flag;
/// the solve's budget sees it and stops with meeple::limit::cancelled.
/// (While a line is being edited the terminal is raw and Ctrl-C is a key,
/// handled in the loop.) Only for a terminal: with piped input Ctrl-C keeps
/// ending the process.
fn cancellable(limits: &Limits, interactive: bool) -> Limits {
    let cancel = Arc::new(AtomicBool::new(false));
    if interactive {
        let flag = cancel.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    Limits {
        cancel: Some(cancel),
        meter: Some(meeple::budget::Meter::new()),
        ..limits.clone()
    }
}

/// The line editor with meeple's helper (colours only when `color`).
fn new_editor(color: bool) -> rustyline::Result<Editor<MeepleHelper, FileHistory>> {
    let config = Config::builder()
        .auto_add_history(false)
        .completion_type(CompletionType::List)
        .color_mode(if color {
            ColorMode::Enabled
        } else {
            ColorMode::Disabled
        })
        .build();
    let mut editor = Editor::with_config(config)?;
    editor.set_helper(Some(MeepleHelper::new(color)));
    Ok(editor)
}

/// The history file, if there is one and it opens (else a warning), loaded
/// into the editor.
fn open_history(editor: &mut Editor<MeepleHelper, FileHistory>) -> Option<HistoryFile> {
    let history = history::default_path().and_then(|p| match HistoryFile::open(&p) {
        Ok(h) => Some(h),
        Err(warning) => {
            out::err(format!("warning: {warning}\n"));
            None
        }
    });
    if let Some(h) = &history {
        let _ = editor.history_mut().set_max_len(h.max_len());
        let _ = editor.load_history(&h.path);
    }
    history
}

/// Add the input to the editor's history and append it to the history
/// file; after a write error the file is dropped (with a warning).
fn remember(
    editor: &mut Editor<MeepleHelper, FileHistory>,
    history: &mut Option<HistoryFile>,
    line: &str,
) {
    if !editor.add_history_entry(line).unwrap_or(false) {
        return;
    }
    if let Some(Err(e)) = history.as_mut().map(|h| h.append(line)) {
        let path = history.take().map(|h| h.path).unwrap_or_default();
        out::err(format!(
            "warning: cannot write the history file {}: {e}; the rest of this session is not kept\n",
            path.display()
        ));
    }
}
