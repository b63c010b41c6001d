//! The rustyline helper: when Enter runs the input (validator), colours
//! (highlighter), Tab (completer) and grey suggestions from history (hinter).
//!
//! The decisions are plain functions ([`Continuation`], [`tokens`],
//! [`complete`]) so they are unit-tested without a terminal.

use super::commands;
use meeple::games::GameKind;
use meeple::ide::{
    complete_in_position, complete_rules_scenario, tokens, tokens_from, Place, Token, TokenKind,
    TrackName,
};
use meeple::syntax::rules::RulesDef;
use meeple::syntax::{MeepleParser, Rule};
use pest::error::InputLocation;
use pest::Parser;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Helper};
use std::borrow::Cow;
use std::ops::Range;

// ------------------------------------------------------------------ validator

/// Should Enter continue the input on a new line? Only when a `{`, `[`,
/// `(` or `"""` is still open and the real grammar fails at the very end of
/// the text or right at such an open bracket (pest reports a board grid or
/// raw block that never closes at its start): a board being typed row by
/// row, a scenario block, a raw judge input. Any other parse error is
/// "complete", so that it is shown. (Without memory: for tests.)
#[cfg(test)]
pub fn incomplete(text: &str) -> bool {
    Continuation::default().incomplete(text)
}

/// Past this many bytes the validator no longer parses the whole input on
/// every Enter (see [`Continuation`]).
pub const SMALL_INPUT: usize = 4 << 10;

/// The validator's memory of the input it last saw, so that a board pasted
/// row by row (rustyline asks after every row) costs what parsing it once
/// costs, not once per row:
///
/// - the brackets still open are found by lexing only the text added since
///   the last call (from the start of its last line);
/// - the grammar runs on every call while the input is small
///   ([`SMALL_INPUT`]), and past that only when the input has doubled
///   since the last parse, or when every bracket is closed: a syntax error
///   in the middle of a large paste shows a little later, never is lost.
#[derive(Default)]
pub struct Continuation {
    /// The text seen last.
    seen: String,
    /// Where lexing resumes, and the brackets open at that point.
    resume: usize,
    stack: Vec<(usize, bool)>,
    /// The length of the input at the last parse (0: none, or it was not
    /// an open input).
    parsed: usize,
    /// Work done, for tests: bytes lexed, bytes parsed.
    pub lexed: usize,
    pub parsed_bytes: usize,
}

impl Continuation {
    /// Should Enter continue the input on a new line? Only when a `{`, `[`,
    /// `(` or `"""` is still open and the real grammar fails at the very
    /// end of the text or right at such an open bracket (see the type's
    /// docs for what is remembered for the next call).
    pub fn incomplete(&mut self, text: &str) -> bool {
        if text.trim_start().starts_with(':') {
            return false;
        }
        // Memory only helps if the text grew at its end (a line added);
        // after an edit higher up, start again.
        let extends = text.starts_with(self.seen.as_str());
        if !extends {
            *self = Continuation {
                lexed: self.lexed,
                parsed_bytes: self.parsed_bytes,
                ..Continuation::default()
            };
        }
        let open = self.open_brackets(text);
        let seen = self.seen.len();
        self.seen.push_str(&text[seen..]);
        if open.is_empty() {
            self.parsed = 0;
            return false;
        }
        // Inside a `scenario "NAME" {`, `track NAME {` or `rules NAME {`
        // block, every line belongs to the block until its `}`: an error in
        // it is shown when the block closes, never by running the rest line
        // by line.
        if open
            .first()
            .is_some_and(|&(p, raw)| !raw && opens_block(text, p))
        {
            self.parsed = 0;
            return true;
        }
        if extends && self.parsed > SMALL_INPUT && text.len() < 2 * self.parsed {
            return true;
        }
        self.parsed_bytes += text.len();
        let Err(err) = MeepleParser::parse(Rule::repl_input, text) else {
            self.parsed = 0;
            return false;
        };
        let pos = match err.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        let at_end = tokens_from(text, pos.min(text.len()))
            .iter()
            .all(|t| t.kind == TokenKind::Comment);
        // An unclosed raw block runs to the end: any error inside it (pest may
        // read its `"""` as an empty string and fail on the third quote) is
        // the missing end.
        let more = at_end || open.iter().any(|&(p, raw)| p == pos || (raw && pos >= p));
        self.parsed = if more { text.len() } else { 0 };
        more
    }

    /// The positions of the brackets and raw blocks (`true`) still open at
    /// the end (strings and comments are skipped), lexing only from
    /// `self.resume`; then moves `resume` to the start of the last line
    /// (or of the token under way there).
    fn open_brackets(&mut self, text: &str) -> Vec<(usize, bool)> {
        let mut stack = std::mem::take(&mut self.stack);
        let from = self.resume;
        // Resume inside a raw block that was open: look for its end only
        // in the new text.
        let (mut toks, raw_open) = match stack.last() {
            Some(&(start, true)) => {
                stack.pop();
                let look = from.max(self.seen.len().saturating_sub(2)).max(start + 3);
                let look = (look..=text.len())
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap_or(text.len());
                self.lexed += text.len() - look;
                match text[look..].find("\"\"\"") {
                    Some(e) => {
                        let end = look + e + 3;
                        self.lexed += text.len() - end;
                        let mut t = vec![Token {
                            kind: TokenKind::String,
                            range: start..end,
                        }];
                        t.extend(tokens_from(text, end));
                        (t, None)
                    }
                    None => (Vec::new(), Some(start)),
                }
            }
            _ => {
                self.lexed += text.len() - from;
                (tokens_from(text, from), None)
            }
        };
        if let Some(start) = raw_open {
            toks.push(Token {
                kind: TokenKind::RawOpen,
                range: start..text.len(),
            });
        }
        // The next call resumes at the start of the last line, or at the
        // token that runs across it.
        let line = text.rfind('\n').map_or(0, |i| i + 1).max(from);
        let mut resume = None;
        for t in &toks {
            if resume.is_none() && t.range.end > line {
                resume = Some((t.range.start.min(line).max(from), stack.clone()));
            }
            match t.kind {
                TokenKind::RawOpen => stack.push((t.range.start, true)),
                TokenKind::Punct => match &text[t.range.clone()] {
                    "{" | "[" | "(" => stack.push((t.range.start, false)),
                    close @ ("}" | "]" | ")") => {
                        // A closer closes its own opener and the ones left
                        // open inside it (`turn { x = ( }`: the `(` is a
                        // slip the grammar reports, not a reason to read
                        // on past the block's end).
                        let open = match close {
                            "}" => '{',
                            "]" => '[',
                            _ => '(',
                        };
                        match stack
                            .iter()
                            .rposition(|&(p, raw)| !raw && text[p..].starts_with(open))
                        {
                            Some(i) => stack.truncate(i),
                            None => {
                                stack.pop();
                            }
                        }
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        let (resume, saved) = resume.unwrap_or((line, stack.clone()));
        self.resume = resume;
        self.stack = saved;
        // A raw block still open: resume at its start, with it on the stack.
        if let Some(&(start, true)) = stack.last() {
            if start <= self.resume {
                self.resume = start.max(from);
                self.stack = stack.clone();
            }
        }
        stack
    }
}

/// Is the bracket at `at` the `{` of a block header, `scenario "NAME" {`,
/// `track NAME {` or `rules NAME {`?
fn opens_block(text: &str, at: usize) -> bool {
    if !text[at..].starts_with('{') {
        return false;
    }
    let toks: Vec<Token> = tokens_from(&text[..at], 0)
        .into_iter()
        .filter(|t| t.kind != TokenKind::Comment)
        .collect();
    match toks.as_slice() {
        [.., kw, name] => {
            let kw = &text[kw.range.clone()];
            (kw == "scenario" && name.kind == TokenKind::String)
                || ((kw == "track" || kw == "rules")
                    // A name, whatever the lexer calls it (`x` is a keyword).
                    && !matches!(
                        name.kind,
                        TokenKind::Punct | TokenKind::String | TokenKind::RawOpen | TokenKind::Number
                    ))
        }
        _ => false,
    }
}

/// Enter always hands the line over: the REPL's loop asks
/// [`MeepleHelper::incomplete`] and reads the next line with a continuation
/// prompt while a `{`, `[`, `(` or `"""` is open (rustyline has no prompt
/// of its own for the lines of a multi-line buffer).
impl Validator for MeepleHelper {
    fn validate(&self, _ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(ValidationResult::Valid(None))
    }
}

impl MeepleHelper {
    /// Is `text` (the lines typed so far for one input) still open?
    pub fn incomplete(&self, text: &str) -> bool {
        self.continuation.borrow_mut().incomplete(text)
    }
}

// ------------------------------------------------------------------ highlighter

/// The span of a `:command` at the start of the input, if it is one.
fn command(text: &str) -> Option<Range<usize>> {
    let start = text.find(|c: char| !c.is_whitespace())?;
    text[start..].starts_with(':').then(|| {
        let end = text[start..]
            .find(char::is_whitespace)
            .map_or(text.len(), |e| start + e);
        start..end
    })
}

/// The ANSI style of a token kind, if it is coloured.
fn style(kind: TokenKind) -> Option<&'static str> {
    match kind {
        TokenKind::Keyword => Some("\x1b[1;34m"),
        TokenKind::Game => Some("\x1b[1;36m"),
        TokenKind::Direction => Some("\x1b[36m"),
        TokenKind::Number => Some("\x1b[33m"),
        TokenKind::String | TokenKind::RawOpen => Some("\x1b[32m"),
        TokenKind::Comment => Some("\x1b[2m"),
        _ => None,
    }
}

/// The style of a `:command`.
const COMMAND: &str = "\x1b[1;35m";

/// The text with ANSI colours around keywords, game names, directions,
/// numbers, strings, comments (the library's lexer, [`tokens`]) and
/// commands (same display width).
pub fn highlight(text: &str) -> String {
    let styled: Vec<(Range<usize>, &str)> = match command(text) {
        Some(range) => vec![(range, COMMAND)],
        None => tokens(text)
            .into_iter()
            .filter_map(|t| Some((t.range, style(t.kind)?)))
            .collect(),
    };
    let mut out = String::with_capacity(text.len() * 2);
    let mut at = 0;
    for (range, s) in styled {
        out.push_str(&text[at..range.start]);
        out.push_str(s);
        out.push_str(&text[range.clone()]);
        out.push_str("\x1b[0m");
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

// ------------------------------------------------------------------ completer

/// What the completer knows about the session.
#[derive(Clone, Debug, Default)]
pub struct CompleteCx {
    pub game: Option<GameKind>,
    pub scenarios: Vec<String>,
    pub tracks: Vec<String>,
    /// The legal moves of the current position, as written after `play`
    /// (`None`: the position does not say).
    pub plays: Option<Vec<String>>,
    /// The `rules` block the current scenario plays (its params after
    /// `rule`, its fields after `expect`, …).
    pub rules: Option<RulesDef>,
    /// The rules games defined in the session (after `game`).
    pub rules_games: Vec<String>,
}

/// What Tab offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Replace `line[start..pos]` by one of `words`.
    Words { start: usize, words: Vec<String> },
    /// File names (after `:load`).
    Path,
}

/// The candidates for the word before `pos` of an input's first line.
#[cfg(test)]
pub fn complete(line: &str, pos: usize, cx: &CompleteCx) -> Completion {
    complete_open("", line, pos, cx)
}

/// The candidates for the word before `pos` in `line`, the line being
/// typed under the continuation prompt after the lines `pending` of the
/// same input (empty: `line` is the input's first line). Whether the word
/// lies inside a `rules NAME {` block is read from all of them: rustyline
/// gives the completer only the line being edited.
pub fn complete_open(pending: &str, line: &str, pos: usize, cx: &CompleteCx) -> Completion {
    let pos = pos.min(line.len());
    let before = &line[..pos];
    let start = before
        .rfind(|c: char| c.is_whitespace() || "({[,".contains(c))
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let lead = before.len() - before.trim_start().len();
    if before.trim_start().starts_with(':') {
        return complete_command(before, lead, start, cx);
    }
    // Inside a `rules NAME {` block being typed (its lines so far, then
    // this one): the rules words, as the language server offers them.
    let in_rules = match pending {
        "" => meeple::ide::complete_in_rules(line, pos),
        _ => meeple::ide::complete_in_rules(&format!("{pending}\n{line}"), pending.len() + 1 + pos),
    };
    if let Some(list) = in_rules {
        let word = &before[start..];
        return words(start, word, list.iter().map(|c| c.label.as_str()));
    }
    complete_statement(before, lead, start, cx)
}

/// After `:`: the command names, then the arguments of `:load` (a file),
/// `:use` (a scenario) and `:set` (a setting, then on or off).
fn complete_command(before: &str, lead: usize, start: usize, cx: &CompleteCx) -> Completion {
    let word = &before[start..];
    let mut parts = before[lead..].splitn(2, char::is_whitespace);
    let cmd = parts.next().unwrap_or("");
    let Some(rest) = parts.next() else {
        return words(start, word, commands::NAMES.iter().copied());
    };
    let cmd = commands::resolve(cmd).unwrap_or("");
    match cmd {
        ":load" => Completion::Path,
        ":use" => {
            // Scenario names may hold spaces: complete the whole rest.
            let typed = rest.trim_start();
            let start = before.len() - typed.len();
            words(start, typed, cx.scenarios.iter().map(String::as_str))
        }
        ":set" => {
            let args: Vec<&str> = rest.split_whitespace().collect();
            let done = if rest.ends_with(char::is_whitespace) {
                args.len()
            } else {
                args.len().saturating_sub(1)
            };
            match done {
                0 => words(start, word, ["autoshow"]),
                1 => words(start, word, ["on", "off"]),
                _ => words(start, word, []),
            }
        }
        _ => words(start, word, []),
    }
}

/// Statement words: what the library's completer (the language server's)
/// offers after the words before this one, in the session's game and
/// position (after `play`, its legal moves only); the
/// `:commands` on an empty line.
fn complete_statement(before: &str, lead: usize, start: usize, cx: &CompleteCx) -> Completion {
    let word = &before[start..];
    let prev: Vec<&str> = before[..start].split_whitespace().collect();
    let tracks: Vec<TrackName> = cx
        .tracks
        .iter()
        .map(|t| TrackName {
            name: t,
            detail: String::new(),
        })
        .collect();
    // A rules game's own words (its params, vars, pieces, fields); at a
    // line's start the session's (items, `game`) as for any game.
    let own = cx
        .rules
        .as_ref()
        .filter(|_| !prev.is_empty())
        .and_then(|def| complete_rules_scenario(&prev, def));
    let mut list: Vec<String> = own
        .unwrap_or_else(|| {
            complete_in_position(&prev, Place::Session, cx.game, &tracks, cx.plays.as_deref())
        })
        .into_iter()
        .map(|c| c.label)
        .collect();
    if prev.last() == Some(&"game") {
        list.extend(cx.rules_games.iter().cloned());
    }
    if word.is_empty() && lead == start && start == 0 {
        list.extend(commands::NAMES.iter().map(|c| c.to_string()));
    }
    words(start, word, list.iter().map(String::as_str))
}

fn words<'a>(start: usize, word: &str, all: impl IntoIterator<Item = &'a str>) -> Completion {
    let mut words: Vec<String> = all
        .into_iter()
        .filter(|w| w.starts_with(word))
        .map(str::to_string)
        .collect();
    words.sort();
    words.dedup();
    Completion::Words { start, words }
}

// ------------------------------------------------------------------ the helper

/// The helper rustyline calls back.
pub struct MeepleHelper {
    pub cx: CompleteCx,
    /// The lines of the input typed so far, while a further line is read
    /// under the continuation prompt (empty at the first line).
    pub pending: String,
    continuation: std::cell::RefCell<Continuation>,
    color: bool,
    hinter: HistoryHinter,
    files: FilenameCompleter,
}

impl MeepleHelper {
    pub fn new(color: bool) -> MeepleHelper {
        MeepleHelper {
            cx: CompleteCx::default(),
            pending: String::new(),
            continuation: Default::default(),
            color,
            hinter: HistoryHinter::new(),
            files: FilenameCompleter::new(),
        }
    }
}

impl Helper for MeepleHelper {}

impl Completer for MeepleHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        match complete_open(&self.pending, line, pos, &self.cx) {
            Completion::Path => self.files.complete(line, pos, ctx),
            Completion::Words { start, words } => Ok((
                start,
                words
                    .into_iter()
                    .map(|w| Pair {
                        display: w.clone(),
                        replacement: w,
                    })
                    .collect(),
            )),
        }
    }
}

impl Hinter for MeepleHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        self.hinter.hint(line, pos, ctx)
    }
}

/// Past this many bytes the input is not coloured: rustyline redraws the
/// whole input on a key that changes colours, and colouring costs a pass
/// over all of it; a plain key at the end just echoes.
pub const MAX_HIGHLIGHT: usize = 16 << 10;

impl Highlighter for MeepleHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if self.color && line.len() <= MAX_HIGHLIGHT {
            Cow::Owned(highlight(line))
        } else {
            Cow::Borrowed(line)
        }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, line: &str, _pos: usize, kind: CmdKind) -> bool {
        self.color && kind != CmdKind::MoveCursor && line.len() <= MAX_HIGHLIGHT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_statements_run_on_enter() {
        for s in [
            "game footholds",
            "piece A at (1, 0)",
            "solve",
            "board [[1,1],[0,1]]",
            "board {\n 1 1\n 1 1\n}",
            "",
            "   # only a comment",
            ":load scripts/x.game",
            "input \"\"\"\n[[1]] [0,0] [0,0]\n\"\"\"",
            "scenario \"s\" {\n game footholds\n}",
        ] {
            assert!(!incomplete(s), "{s:?} should be complete");
        }
    }

    #[test]
    fn open_blocks_continue() {
        for s in [
            "board {",
            "board {\n 1 1 1\n 1 1 1",
            "board {\n 1 1 # a comment\n",
            "scenario \"s\" {",
            "scenario \"s\" {\n  game footholds\n  board {\n 1 1\n  }\n",
            "input \"\"\"",
            "input \"\"\"\n1 2 3\n",
            "track t {\n route start 2 4 finish\n",
            "board [[1,1],\n",
            // Issue 32 item 1: a slip inside an open block is shown when
            // the block closes, not at once.
            "scenario \"s\" { bogus",
            "scenario \"s\" {\n game footholds\n piece A at (0 0)\n piece B at (0, 1)",
            "scenario \"s {\" {\n input \"\"\"\n}\n\"\"\"\n piece A at (0 0)",
            "track t {\n route start 2 x=\n",
            // Issue 29: so does a slip inside a `rules NAME {` block (it
            // was shown at once, and the block's `}` then closed nothing).
            "rules x {\n  players A B\n  bogus stuff",
            "rules x {\n  players A B\n  pla",
            "rules footholds {\n  pla",
            "track x {\n route start 2 x=\n",
        ] {
            assert!(incomplete(s), "{s:?} should continue");
        }
        assert!(!incomplete(
            "scenario \"s\" {\n game footholds\n piece A at (0 0)\n}"
        ));
    }

    #[test]
    fn errors_that_are_not_at_the_end_are_shown() {
        for s in [
            "piece A at", // nothing open: the error is shown
            "frobnicate",
            "board { 1 1 } }",
            "input \"abc",
            // A `(` left open inside a block is closed with it: the block
            // ends at its `}` and its error is shown.
            "rules x {\n  players A B\n  turn { x = ( }\n}",
            "scenario \"s\" {\n game footholds\n piece A at (0, 0\n}",
        ] {
            assert!(!incomplete(s), "{s:?} should be shown as an error");
        }
    }

    /// Type `lines` one Enter at a time: the remembering validator agrees
    /// with a fresh one on every prefix.
    fn agree(lines: &[&str]) {
        let mut c = Continuation::default();
        let mut text = String::new();
        for (i, l) in lines.iter().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            text.push_str(l);
            assert_eq!(c.incomplete(&text), incomplete(&text), "{text:?}");
        }
    }

    #[test]
    fn remembering_validator_agrees_with_a_fresh_one() {
        agree(&["board {", " 1 1 1", " 1 1 1 # c", " 1 1 1", "}"]);
        agree(&[
            "scenario \"s\" {",
            "  game footholds",
            "  board {",
            "1 1",
            "}",
            "}",
        ]);
        agree(&["scenario \"s {\" {", "  bogus", "}"]);
        agree(&["input \"\"\"", "1 2 3", "4 \"5\" { 6", "\"\"\"", "solve"]);
        agree(&["scenario \"s\" {", "input \"\"\"1", "2\"\"\" { ", "}", "}"]);
        agree(&["track t {", " route start 2 4 finish", "}"]);
        agree(&["board [[1,1],", "[1, 1]", "]"]);
        agree(&["scenario \"é\" { # ✓ {", "game footholds", "}"]);
        // An edit higher up (not an added line) starts again.
        let mut c = Continuation::default();
        assert!(c.incomplete("board {\n 1 1"));
        assert!(!c.incomplete("board { 1 1 }\n"));
        assert!(c.incomplete("scenario \"x\" {\n"));
        assert!(!c.incomplete(":help"));
    }

    #[test]
    fn a_pasted_board_costs_a_few_passes_not_one_per_row() {
        // A 300 × 300 board pasted row by row: rustyline asks after every
        // row. Re-reading the whole input each time would lex and parse
        // about 300 / 2 times its length.
        let row = format!(" {}", "1 ".repeat(300));
        let mut c = Continuation::default();
        let mut text = String::from("game footholds\nboard {");
        assert!(c.incomplete(&text));
        for _ in 0..300 {
            text.push('\n');
            text.push_str(&row);
            assert!(c.incomplete(&text));
        }
        text.push_str("\n}");
        assert!(!c.incomplete(&text));
        let n = text.len();
        assert!(c.lexed <= 2 * n, "lexed {} of {n}", c.lexed);
        assert!(c.parsed_bytes <= 6 * n, "parsed {} of {n}", c.parsed_bytes);
        // A syntax error in the middle of a big paste is still found (when
        // the input has doubled, or when its brackets close).
        let mut bad = String::from("board [\n");
        bad.push_str(&"  [1, 1],\n".repeat(1200));
        bad.push_str("  bogus\n");
        bad.push_str(&"  [1, 1],\n".repeat(2400));
        // (rustyline runs the input at the first `false`: stop there.)
        let mut c = Continuation::default();
        let shown = bad
            .match_indices('\n')
            .position(|(i, _)| !c.incomplete(&bad[..i]));
        assert!(
            shown.is_some_and(|l| l > 1200),
            "the error is shown: {shown:?}"
        );
        assert!(c.parsed_bytes <= 6 * bad.len() + 1200 * SMALL_INPUT);
        // Inside a scenario block the slip is shown when the block closes,
        // and the open block is never parsed on the way.
        let mut block = String::from("scenario \"s\" {\n");
        block.push_str(&"  rule steps king\n".repeat(1200));
        block.push_str("  bogus\n");
        block.push_str(&"  rule steps king\n".repeat(2400));
        block.push_str("}\n");
        let mut c = Continuation::default();
        let shown = block
            .match_indices('\n')
            .position(|(i, _)| !c.incomplete(&block[..i]));
        assert_eq!(shown, Some(1 + 1200 + 1 + 2400));
        assert_eq!(c.parsed_bytes, 0);
        assert!(c.lexed <= 2 * block.len(), "{}", c.lexed);
    }

    #[test]
    fn big_inputs_are_not_coloured() {
        let h = MeepleHelper::new(true);
        let small = "solve";
        assert!(matches!(h.highlight(small, 0), Cow::Owned(_)));
        assert!(h.highlight_char(small, 0, CmdKind::Other));
        let big = "1 ".repeat(MAX_HIGHLIGHT);
        assert!(matches!(h.highlight(&big, 0), Cow::Borrowed(_)));
        assert!(!h.highlight_char(&big, 0, CmdKind::Other));
    }

    /// (The tokens are the library's, tested there: `meeple::ide::tokens`.)
    #[test]
    fn highlight_colours_commands_games_and_directions() {
        assert_eq!(
            highlight("  :load x.game"),
            "  \x1b[1;35m:load\x1b[0m x.game"
        );
        assert_eq!(
            highlight("game yut"),
            "\x1b[1;34mgame\x1b[0m \x1b[1;36myut\x1b[0m"
        );
        assert_eq!(
            highlight("play A up-left"),
            "\x1b[1;34mplay\x1b[0m A \x1b[36mup-left\x1b[0m"
        );
    }

    #[test]
    fn highlight_wraps_tokens_and_keeps_the_text() {
        let h = highlight("solve 3 # c");
        assert_eq!(
            h,
            "\x1b[1;34msolve\x1b[0m \x1b[33m3\x1b[0m \x1b[2m# c\x1b[0m"
        );
        let plain: String = {
            let mut s = String::new();
            let mut esc = false;
            for c in h.chars() {
                match (esc, c) {
                    (_, '\x1b') => esc = true,
                    (true, 'm') => esc = false,
                    (true, _) => {}
                    (false, c) => s.push(c),
                }
            }
            s
        };
        assert_eq!(plain, "solve 3 # c");
    }

    fn cands(line: &str, cx: &CompleteCx) -> Vec<String> {
        match complete(line, line.len(), cx) {
            Completion::Words { words, .. } => words,
            Completion::Path => vec!["<path>".into()],
        }
    }

    #[test]
    fn completer_candidates() {
        let mut cx = CompleteCx::default();
        assert_eq!(cands("game ", &cx), ["footholds", "stacking", "yut"]);
        assert_eq!(cands("game s", &cx), ["stacking"]);
        assert_eq!(cands("so", &cx), ["solve"]);
        assert_eq!(cands(":", &cx)[0], ":help");
        assert_eq!(cands(":sc", &cx), [":scenarios"]);
        assert_eq!(cands(":load scr", &cx), ["<path>"]);
        assert_eq!(cands(":set ", &cx), ["autoshow"]);
        assert_eq!(cands(":set autoshow o", &cx), ["off", "on"]);
        cx.game = Some(GameKind::Footholds);
        assert_eq!(cands("rule ", &cx), ["first", "origin", "steps"]);
        assert_eq!(cands("rule steps ", &cx), ["king", "orthogonal"]);
        assert_eq!(cands("play ", &cx), ["A", "B"]);
        assert_eq!(
            cands("play A ", &cx),
            [
                "down",
                "down-left",
                "down-right",
                "left",
                "right",
                "to",
                "up",
                "up-left",
                "up-right"
            ]
        );
        assert_eq!(cands("expect w", &cx), ["winner"]);
        assert!(!cands("", &cx).contains(&"step".to_string()));
        assert!(cands("", &cx).contains(&"analyze".to_string()));
        cx.game = Some(GameKind::Stacking);
        assert_eq!(cands("rule m", &cx), ["mover"]);
        // (The table's: stacking has no `play`, no yut board.)
        assert!(cands("play ", &cx).is_empty());
        assert!(cands("board ", &cx).is_empty());
        assert_eq!(cands("piece 1 at (0, 0) ", &cx), ["facing"]);
        assert_eq!(cands("piece 1 at (0, 0) facing l", &cx), ["left"]);
        cx.game = Some(GameKind::Yut);
        cx.tracks = vec!["small".into()];
        assert_eq!(cands("board ", &cx), ["small", "yut"]);
        assert_eq!(cands("play ", &cx), ["piece"]);
        assert_eq!(cands("rule pieces ", &cx), ["4"]);
        assert_eq!(cands("solve rule p", &cx), ["pieces"]);
        cx.scenarios = vec![
            "kakao example 1".into(),
            "kakao example 2".into(),
            "other".into(),
        ];
        assert_eq!(
            cands(":use kakao", &cx),
            ["kakao example 1", "kakao example 2"]
        );
        match complete(":use kakao ex", 13, &cx) {
            Completion::Words { start, .. } => assert_eq!(start, 5),
            other => panic!("{other:?}"),
        }
    }

    /// Tab inside a `rules` block being typed offers the rules words (its
    /// parts, its declared names), not the scenario statements.
    #[test]
    fn tab_inside_a_rules_block_offers_the_rules_words() {
        let cx = CompleteCx::default();
        let buffer = "rules t {\n  players solo\n  var count: 0..3 = 0\n  turn {\n    co";
        assert_eq!(cands(buffer, &cx), ["cols", "contains", "count"]);
        let buffer = "rules t {\n  players solo\n  tu";
        assert_eq!(cands(buffer, &cx), ["turn"]);
        // Outside one, the scenario words as before.
        assert!(cands("sol", &cx).contains(&"solve".to_string()));
    }

    /// Issue 29: at the prompt the block's lines come one readline each, so
    /// the completer sees only the line under the continuation prompt; the
    /// lines before it say that it is inside a rules block. (`  pla` gave
    /// `play`.)
    #[test]
    fn tab_on_a_continuation_line_of_a_rules_block() {
        let cx = CompleteCx::default();
        let at = |pending: &str, line: &str| match complete_open(pending, line, line.len(), &cx) {
            Completion::Words { start, words } => (start, words),
            Completion::Path => (0, vec!["<path>".into()]),
        };
        assert_eq!(at("rules x {", "  pla"), (2, vec!["players".to_string()]));
        let pending = "rules t {\n  players solo\n  var count: 0..3 = 0\n  turn {";
        assert_eq!(at(pending, "    co").1, ["cols", "contains", "count"]);
        // Once the block is closed, and in other blocks: the scenario words.
        assert_eq!(at("rules x {\n  players A B\n}", "pla").1, ["play"]);
        assert_eq!(
            at("scenario \"s\" {\n  game footholds", "  pla").1,
            ["play"]
        );
        assert_eq!(at("", "pla").1, ["play"]);
    }
}
