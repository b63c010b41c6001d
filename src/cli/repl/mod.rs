//! `meeple repl`: explore positions interactively.
//!
//! - [`editor`]: the rustyline helper (multi-line input through the real
//!   grammar, colours, Tab completion, hints from history);
//! - [`state`]: the current scenario, its statements and runner;
//! - [`commands`]: the `:` commands.

mod commands;
mod editor;
mod state;

use super::out;
use commands::After;
use editor::{CompleteCx, MeepleHelper};
use meeple::interp::Limits;
use rustyline::config::{ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::Editor;
use state::{Sink, State};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Results to stdout, diagnostics to stderr, flushed at once.
struct Terminal;

impl Sink for Terminal {
    fn out(&mut self, text: &str) {
        out::out_flush(text);
    }
    fn err(&mut self, text: &str) {
        out::err(text);
    }
}

/// The history file: `$MEEPLE_HISTORY` (empty: no history), else
/// `meeple/history.txt` in the user's data directory, else `~/.meeple_history`.
fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MEEPLE_HISTORY") {
        return (!p.is_empty()).then(|| PathBuf::from(p));
    }
    if let Some(dir) = dirs::data_dir() {
        let dir = dir.join("meeple");
        if std::fs::create_dir_all(&dir).is_ok() {
            return Some(dir.join("history.txt"));
        }
    }
    dirs::home_dir().map(|h| h.join(".meeple_history"))
}

fn prompt(state: &State) -> String {
    match state.game() {
        Some(g) => format!("{g}> "),
        None => "meeple> ".to_string(),
    }
}

/// Run the REPL; returns the exit code.
pub fn main(file: Option<&Path>, limits: &Limits, color: bool) -> i32 {
    // Ctrl-C while a solve runs sets the flag; the solve's budget sees it
    // and stops with meeple::limit::cancelled. (While a line is being
    // edited the terminal is raw and Ctrl-C is a key, handled below.)
    // Only for a terminal: with piped input Ctrl-C keeps ending the process.
    let interactive = std::io::stdin().is_terminal();
    let cancel = Arc::new(AtomicBool::new(false));
    if interactive {
        let flag = cancel.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let limits = Limits {
        cancel: Some(cancel),
        ..limits.clone()
    };
    let mut state = State::new(limits, color);
    let mut sink = Terminal;

    let config = Config::builder()
        .auto_add_history(false)
        .completion_type(CompletionType::List)
        .color_mode(if color {
            ColorMode::Enabled
        } else {
            ColorMode::Disabled
        })
        .build();
    let mut editor: Editor<MeepleHelper, FileHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            out::err(format!("error: cannot start the line editor: {e}\n"));
            return 2;
        }
    };
    editor.set_helper(Some(MeepleHelper::new(color)));
    let history = history_path();
    if let Some(p) = &history {
        let _ = editor.load_history(p);
    }
    if interactive {
        out::out_flush(format!(
            "meeple {} — type statements or :help; :quit or Ctrl-D leaves\n",
            env!("CARGO_PKG_VERSION")
        ));
    }
    if let Some(f) = file {
        state.load(f, &mut sink);
    }
    loop {
        if let Some(h) = editor.helper_mut() {
            h.cx = CompleteCx {
                game: state.game(),
                scenarios: state.scenario_names(),
                tracks: state.track_names(),
            };
        }
        match editor.readline(&prompt(&state)) {
            Ok(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                if let Some(p) = &history {
                    if editor.add_history_entry(line.as_str()).unwrap_or(false) {
                        let _ = editor.append_history(p);
                    }
                }
                if line.trim_start().starts_with(':') {
                    if commands::run(&line, &mut state, &mut sink) == After::Quit {
                        break;
                    }
                } else {
                    state.input(&line, &mut sink);
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
    if let Some(p) = &history {
        let _ = editor.append_history(p);
    }
    0
}
