//! A game's `meeple gen` shape options as they are read: the error on a
//! bad one ([`OptionError`], a diagnostic on the text `--flag value`) and
//! the readers every game's options share (a whole number, a range `A..B`,
//! a fraction, one of some words).

use super::GameKind;
use crate::error::{render, Code, Diag};
use crate::source::SourceFile;
use crate::syntax::ast::Span;
use crate::syntax::dialect::did_you_mean;
use std::fmt;

/// A bad command-line option: the diagnostic, on the text `--flag value`.
#[derive(Clone, Debug)]
pub struct OptionError {
    /// The option as written, `--rows 5..2`: the diagnostic's source.
    pub text: String,
    /// What is wrong, on the value (or on the flag).
    pub diag: Diag,
}

impl OptionError {
    /// The error `message` with `label` on the value (`on_flag`: on the
    /// flag) of `flag value`, and `help`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        flag: &str,
        value: &str,
        code: Code,
        message: impl Into<String>,
        label: &str,
        help: impl Into<String>,
        on_flag: bool,
    ) -> OptionError {
        let text = format!("{flag} {value}");
        let span = if on_flag {
            Span::new(0, flag.len())
        } else {
            Span::new(flag.len() + 1, text.len())
        };
        OptionError {
            diag: Diag::new(code, message).label(span, label).help(help),
            text,
        }
    }

    /// A malformed or out-of-range value ([`Code::GenOption`]), labelled
    /// on the value.
    pub fn value(
        flag: &str,
        value: &str,
        message: impl Into<String>,
        label: &str,
        help: impl Into<String>,
    ) -> OptionError {
        OptionError::new(flag, value, Code::GenOption, message, label, help, false)
    }

    /// Put the label on bytes `start..end` of the value.
    pub fn narrow(&mut self, start: usize, end: usize) {
        let base = self.text.find(' ').map_or(0, |i| i + 1);
        if let Some((span, _)) = self.diag.labels.first_mut() {
            *span = Span::new(base + start, base + end.max(start));
        }
    }

    /// As `meeple` prints it.
    pub fn render(&self, color: bool) -> String {
        // The command line is not a script, but its diagnostic is drawn
        // against it as against one.
        render(
            &self.diag,
            &SourceFile::new("command line", &*self.text),
            color,
        )
    }
}

/// `flag` is none of `known`, the options of `game`.
pub fn not_an_option(game: GameKind, flag: &str, value: &str, known: &[&str]) -> OptionError {
    OptionError::new(
        flag,
        value,
        Code::GenOption,
        format!("{flag} is not a {} option", game.name()),
        "not for this game",
        format!("{} takes {}", game.name(), known.join(", ")),
        true,
    )
}

/// An inclusive range of whole numbers, written `A..B` (or `N` for one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    /// The smallest value.
    pub lo: usize,
    /// The largest value.
    pub hi: usize,
}

impl Interval {
    /// `lo..=hi`.
    pub const fn new(lo: usize, hi: usize) -> Interval {
        Interval { lo, hi }
    }

    /// Whether `n` lies in it.
    pub fn contains(self, n: usize) -> bool {
        (self.lo..=self.hi).contains(&n)
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

/// A whole number in `min..=max`.
pub fn number(flag: &str, value: &str, min: usize, max: usize) -> Result<usize, OptionError> {
    let help = format!("give a whole number from {min} to {max}");
    match value.trim().parse::<usize>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(n) => Err(OptionError::value(
            flag,
            value,
            format!("{flag} must be {min}..{max}, not {n}"),
            "out of range",
            help,
        )),
        Err(_) => Err(OptionError::value(
            flag,
            value,
            format!("{flag} takes a whole number, not `{value}`"),
            "not a whole number",
            help,
        )),
    }
}

/// A range `A..B` (or one number) inside `min..=max`.
pub fn interval(flag: &str, value: &str, min: usize, max: usize) -> Result<Interval, OptionError> {
    let help =
        format!("write a range A..B with {min} ≤ A ≤ B ≤ {max}, e.g. {min}..{max}, or one number");
    let (a, b) = match value.split_once("..") {
        Some((a, b)) => (a, b.strip_prefix('=').unwrap_or(b)),
        None => (value, value),
    };
    let (Ok(lo), Ok(hi)) = (a.trim().parse::<usize>(), b.trim().parse::<usize>()) else {
        return Err(OptionError::value(
            flag,
            value,
            format!("{flag} takes a range A..B, not `{value}`"),
            "not a range of whole numbers",
            help,
        ));
    };
    let message = if lo > hi {
        format!("{flag} {value} is empty: {lo} is more than {hi}")
    } else if lo < min || hi > max {
        format!("{flag} must lie inside {min}..{max}")
    } else {
        return Ok(Interval::new(lo, hi));
    };
    Err(OptionError::value(
        flag,
        value,
        message,
        "out of range",
        help,
    ))
}

/// A fraction in `0..=1`; `example` is the help's example.
pub fn fraction(flag: &str, value: &str, example: &str) -> Result<f64, OptionError> {
    match value.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(OptionError::value(
            flag,
            value,
            format!("{flag} takes a fraction from 0 to 1, not `{value}`"),
            "not a fraction in 0..1",
            example,
        )),
    }
}

/// One of the words `known`: its index.
pub fn word(flag: &str, value: &str, known: &[&str]) -> Result<usize, OptionError> {
    if let Some(i) = known.iter().position(|w| *w == value) {
        return Ok(i);
    }
    let mut help = format!("{flag} takes {}", known.join(" or "));
    if let Some(d) = did_you_mean(value, known.iter().copied()) {
        help = format!("{d}; {help}");
    }
    Err(OptionError::value(
        flag,
        value,
        format!("{flag} does not take `{value}`"),
        "unknown value",
        help,
    ))
}
