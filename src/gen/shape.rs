//! Shape options: the size and make-up of generated positions, per game,
//! with the judge's limits as defaults, read from `--flag value` pairs and
//! checked (a range `5..2`, a fraction 1.5, an unknown colour are errors).

use super::OptionError;
use crate::error::Code;
use crate::games::stacking::rules::Mover;
use crate::pipeline::check_text;
use crate::syntax::dialect::{did_you_mean, GameKind};
use std::fmt;

/// An inclusive range of whole numbers, written `A..B` (or `N` for one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The smallest value.
    pub lo: usize,
    /// The largest value.
    pub hi: usize,
}

impl Span {
    /// `lo..=hi`.
    pub const fn new(lo: usize, hi: usize) -> Span {
        Span { lo, hi }
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

/// footholds: `--rows A..B --cols A..B --holes P`.
#[derive(Clone, Debug, PartialEq)]
pub struct FootholdsShape {
    /// Rows (the judge: 1..5).
    pub rows: Span,
    /// Columns (the judge: 1..5).
    pub cols: Span,
    /// The chance that a cell other than the players' is a hole (default 0.25).
    pub holes: f64,
}

/// yut: `--rolls N --dice A..B --pieces K --track NAME --tracks FILE`.
#[derive(Clone, Debug, PartialEq)]
pub struct YutShape {
    /// How many rolls (the judge: 10).
    pub rolls: usize,
    /// The faces each roll is drawn from (the judge: 1..5).
    pub dice: Span,
    /// Pieces (the judge: 4).
    pub pieces: usize,
    /// A track of a tracks file, instead of the built-in board.
    pub track: Option<TrackChoice>,
}

/// A track chosen by name from a tracks file (`--track NAME --tracks FILE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackChoice {
    /// Its name.
    pub name: String,
    /// The file it was read from (for the header).
    pub file: String,
    /// Its definition, as written (`track NAME { … }`), copied into the
    /// generated collection.
    pub text: String,
}

/// stacking: `--size A..B --pieces A..B --colors W,R,B --stack H
/// --mover any|bottom --limit N|none`.
#[derive(Clone, Debug, PartialEq)]
pub struct StackingShape {
    /// The side N of the square board (the judge: 4..12).
    pub size: Span,
    /// How many pieces K (the judge: 4..10; at most N² on each board).
    pub pieces: Span,
    /// Weights of white, red and blue cells (default 1,1,1).
    pub colors: [u64; 3],
    /// The stack height that ends the game (the judge: 4).
    pub stack: usize,
    /// Which pieces move (default any: BOJ 17837; bottom: BOJ 17780).
    pub mover: Mover,
    /// The turn limit (the judge: 1000; `None`: no limit).
    pub limit: Option<u64>,
}

/// The shape of one game's positions.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// footholds.
    Footholds(FootholdsShape),
    /// yut.
    Yut(YutShape),
    /// stacking.
    Stacking(StackingShape),
}

impl Default for FootholdsShape {
    fn default() -> Self {
        FootholdsShape {
            rows: Span::new(1, 5),
            cols: Span::new(1, 5),
            holes: 0.25,
        }
    }
}

impl Default for YutShape {
    fn default() -> Self {
        YutShape {
            rolls: 10,
            dice: Span::new(1, 5),
            pieces: 4,
            track: None,
        }
    }
}

impl Default for StackingShape {
    fn default() -> Self {
        StackingShape {
            size: Span::new(4, 12),
            pieces: Span::new(4, 10),
            colors: [1, 1, 1],
            stack: 4,
            mover: Mover::Any,
            limit: Some(1000),
        }
    }
}

/// The largest footholds side `gen` draws (the solver's own limit is on
/// footholds in play; the judge's is 5).
pub const MAX_FOOTHOLDS_SIDE: usize = 8;
/// The most yut rolls `gen` draws.
pub const MAX_ROLLS: usize = 40;
/// The largest yut face `gen` draws.
pub const MAX_FACE: usize = 1000;
/// The largest stacking side `gen` draws.
pub const MAX_STACKING_SIDE: usize = 64;
/// The highest stacking turn limit `gen` takes.
pub const MAX_LIMIT: u64 = 1_000_000;

/// The options each game takes, for the "not a GAME option" error.
fn flags(game: GameKind) -> &'static [&'static str] {
    match game {
        GameKind::Footholds => &["--rows", "--cols", "--holes"],
        GameKind::Yut => &["--rolls", "--dice", "--pieces", "--track", "--tracks"],
        GameKind::Stacking => &[
            "--size", "--pieces", "--colors", "--stack", "--mover", "--limit",
        ],
    }
}

impl Shape {
    /// The judge's shape of `game`.
    pub fn default_for(game: GameKind) -> Shape {
        match game {
            GameKind::Footholds => Shape::Footholds(FootholdsShape::default()),
            GameKind::Yut => Shape::Yut(YutShape::default()),
            GameKind::Stacking => Shape::Stacking(StackingShape::default()),
        }
    }

    /// The game it shapes.
    pub fn game(&self) -> GameKind {
        match self {
            Shape::Footholds(_) => GameKind::Footholds,
            Shape::Yut(_) => GameKind::Yut,
            Shape::Stacking(_) => GameKind::Stacking,
        }
    }

    /// The shape of `game` with the options given as `(flag, value)` pairs
    /// (`("--rows", "2..4")`), the rest at the judge's defaults. `--tracks
    /// FILE` is read from disk.
    pub fn parse(game: GameKind, args: &[(&str, &str)]) -> Result<Shape, OptionError> {
        let mut shape = Shape::default_for(game);
        let mut track: Option<&str> = None;
        let mut tracks: Option<&str> = None;
        for &(flag, value) in args {
            let known = flags(game);
            if !known.contains(&flag) {
                return Err(OptionError::new(
                    flag,
                    value,
                    Code::GenOption,
                    format!("{flag} is not a {} option", game.name()),
                    "not for this game",
                    format!("{} takes {}", game.name(), known.join(", ")),
                    true,
                ));
            }
            match (&mut shape, flag) {
                (Shape::Footholds(s), "--rows") => {
                    s.rows = span(flag, value, 1, MAX_FOOTHOLDS_SIDE)?
                }
                (Shape::Footholds(s), "--cols") => {
                    s.cols = span(flag, value, 1, MAX_FOOTHOLDS_SIDE)?
                }
                (Shape::Footholds(s), _) => s.holes = fraction(flag, value)?,
                (Shape::Yut(s), "--rolls") => s.rolls = number(flag, value, 1, MAX_ROLLS)?,
                (Shape::Yut(s), "--dice") => s.dice = span(flag, value, 1, MAX_FACE)?,
                (Shape::Yut(s), "--pieces") => s.pieces = number(flag, value, 1, 8)?,
                (Shape::Yut(_), "--track") => track = Some(value),
                (Shape::Yut(_), _) => tracks = Some(value),
                (Shape::Stacking(s), "--size") => s.size = span(flag, value, 1, MAX_STACKING_SIDE)?,
                (Shape::Stacking(s), "--pieces") => {
                    s.pieces = span(flag, value, 1, MAX_STACKING_SIDE * MAX_STACKING_SIDE)?
                }
                (Shape::Stacking(s), "--colors") => s.colors = colors(flag, value)?,
                (Shape::Stacking(s), "--stack") => s.stack = number(flag, value, 2, 1 << 20)?,
                (Shape::Stacking(s), "--mover") => {
                    s.mover = match value {
                        "any" => Mover::Any,
                        "bottom" => Mover::Bottom,
                        _ => return Err(words(flag, value, &["any", "bottom"])),
                    }
                }
                (Shape::Stacking(s), _) => {
                    s.limit = match value {
                        "none" => None,
                        _ => Some(number(flag, value, 0, MAX_LIMIT as usize)? as u64),
                    }
                }
            }
        }
        match &mut shape {
            Shape::Yut(s) => s.track = track_choice(track, tracks)?,
            Shape::Stacking(s) => {
                if s.pieces.lo > s.size.lo * s.size.lo {
                    return Err(OptionError::new(
                        "--pieces",
                        &s.pieces.to_string(),
                        Code::GenOption,
                        format!(
                            "{} pieces do not fit on a {n}×{n} board",
                            s.pieces.lo,
                            n = s.size.lo
                        ),
                        "more pieces than cells",
                        format!(
                            "each piece starts on a cell of its own: ask for at most {} pieces, or a larger --size",
                            s.size.lo * s.size.lo
                        ),
                        false,
                    ));
                }
            }
            Shape::Footholds(_) => {}
        }
        Ok(shape)
    }

    /// The options as `meeple gen` takes them, every one written out (for
    /// the header of a generated file).
    pub fn args(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut put = |flag: &str, value: String| {
            out.push(flag.to_string());
            out.push(value);
        };
        match self {
            Shape::Footholds(s) => {
                put("--rows", s.rows.to_string());
                put("--cols", s.cols.to_string());
                put("--holes", s.holes.to_string());
            }
            Shape::Yut(s) => {
                put("--rolls", s.rolls.to_string());
                put("--dice", s.dice.to_string());
                put("--pieces", s.pieces.to_string());
                if let Some(t) = &s.track {
                    put("--track", t.name.clone());
                    put("--tracks", t.file.clone());
                }
            }
            Shape::Stacking(s) => {
                put("--size", s.size.to_string());
                put("--pieces", s.pieces.to_string());
                let [w, r, b] = s.colors;
                put("--colors", format!("{w},{r},{b}"));
                put("--stack", s.stack.to_string());
                let mover = match s.mover {
                    Mover::Any => "any",
                    Mover::Bottom => "bottom",
                };
                put("--mover", mover.into());
                put("--limit", s.limit.map_or("none".into(), |n| n.to_string()));
            }
        }
        out
    }
}

/// A whole number in `min..=max`.
fn number(flag: &str, value: &str, min: usize, max: usize) -> Result<usize, OptionError> {
    match value.trim().parse::<usize>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(n) => Err(OptionError::new(
            flag,
            value,
            Code::GenOption,
            format!("{flag} must be {min}..{max}, not {n}"),
            "out of range",
            format!("give a whole number from {min} to {max}"),
            false,
        )),
        Err(_) => Err(OptionError::new(
            flag,
            value,
            Code::GenOption,
            format!("{flag} takes a whole number, not `{value}`"),
            "not a whole number",
            format!("give a whole number from {min} to {max}"),
            false,
        )),
    }
}

/// A range `A..B` (or one number) inside `min..=max`.
fn span(flag: &str, value: &str, min: usize, max: usize) -> Result<Span, OptionError> {
    let help =
        format!("write a range A..B with {min} ≤ A ≤ B ≤ {max}, e.g. {min}..{max}, or one number");
    let (a, b) = match value.split_once("..") {
        Some((a, b)) => (a, b.strip_prefix('=').unwrap_or(b)),
        None => (value, value),
    };
    let (Ok(lo), Ok(hi)) = (a.trim().parse::<usize>(), b.trim().parse::<usize>()) else {
        return Err(OptionError::new(
            flag,
            value,
            Code::GenOption,
            format!("{flag} takes a range A..B, not `{value}`"),
            "not a range of whole numbers",
            help,
            false,
        ));
    };
    let message = if lo > hi {
        format!("{flag} {value} is empty: {lo} is more than {hi}")
    } else if lo < min || hi > max {
        format!("{flag} must lie inside {min}..{max}")
    } else {
        return Ok(Span::new(lo, hi));
    };
    Err(OptionError::new(
        flag,
        value,
        Code::GenOption,
        message,
        "out of range",
        help,
        false,
    ))
}

/// A fraction in `0..=1`.
fn fraction(flag: &str, value: &str) -> Result<f64, OptionError> {
    match value.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(OptionError::new(
            flag,
            value,
            Code::GenOption,
            format!("{flag} takes a fraction from 0 to 1, not `{value}`"),
            "not a fraction in 0..1",
            "e.g. --holes 0.25: a quarter of the cells (other than the players') are holes",
            false,
        )),
    }
}

/// One of some words.
fn words(flag: &str, value: &str, known: &[&str]) -> OptionError {
    let mut help = format!("{flag} takes {}", known.join(" or "));
    if let Some(d) = did_you_mean(value, known.iter().copied()) {
        help = format!("{d}; {help}");
    }
    OptionError::new(
        flag,
        value,
        Code::GenOption,
        format!("{flag} does not take `{value}`"),
        "unknown value",
        help,
        false,
    )
}

/// Colour weights: `W,R,B` (three numbers) or `white=W,red=R,blue=B` in
/// any order, missing colours 0 (`w`, `r`, `b` for short).
fn colors(flag: &str, value: &str) -> Result<[u64; 3], OptionError> {
    let bad = |message: String, label: &str| {
        OptionError::new(
            flag,
            value,
            Code::GenOption,
            message,
            label,
            "weights of white, red and blue cells: --colors 2,1,1 or --colors white=2,blue=1",
            false,
        )
    };
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    let mut out = [0u64; 3];
    let weight = |w: &str| {
        w.parse::<u64>()
            .ok()
            .filter(|&n| n <= 1_000_000)
            .ok_or_else(|| {
                bad(
                    format!("colour weight `{w}` is not a whole number 0..1000000"),
                    "not a weight",
                )
            })
    };
    if parts.iter().all(|p| !p.contains('=')) {
        if parts.len() != 3 {
            return Err(bad(
                format!("{flag} takes three weights W,R,B, not {}", parts.len()),
                "three weights expected",
            ));
        }
        for (o, p) in out.iter_mut().zip(&parts) {
            *o = weight(p)?;
        }
    } else {
        const NAMES: [&str; 6] = ["white", "red", "blue", "w", "r", "b"];
        for p in &parts {
            let (name, w) = p.split_once('=').unwrap_or((p, ""));
            let i = match NAMES.iter().position(|n| *n == name.trim()) {
                Some(i) => i % 3,
                None => {
                    let mut e = bad(format!("unknown colour `{}`", name.trim()), "not a colour");
                    let hint = did_you_mean(name.trim(), NAMES[..3].iter().copied());
                    e.diag = e.diag.help(format!(
                        "{}the colours are white, red and blue (w, r, b)",
                        hint.map_or(String::new(), |h| format!("{h}; "))
                    ));
                    return Err(e);
                }
            };
            out[i] = weight(w.trim())?;
        }
    }
    if out.iter().all(|&w| w == 0) {
        return Err(bad("every colour weight is 0".into(), "no colour to draw"));
    }
    Ok(out)
}

/// The text of `--tracks FILE`, read as `meeple check` reads a script: at
/// most one byte past the 16 MiB limit (`/dev/zero` is not read forever),
/// which is `meeple::source::too_large`.
fn read_tracks(file: &str) -> Result<String, OptionError> {
    let refuse = |code, message: String, label| {
        OptionError::new(
            "--tracks",
            file,
            code,
            message,
            label,
            "give a .game file that defines the track",
            false,
        )
    };
    let bytes = crate::pipeline::read_source(std::path::Path::new(file))
        .map_err(|e| refuse(Code::Io, format!("cannot read {file}: {e}"), "cannot read"))?;
    if bytes.len() > crate::limits::SOURCE_BYTES {
        return Err(refuse(
            Code::SourceTooLarge,
            format!(
                "{file} is larger than {} MiB, the most meeple reads",
                crate::limits::SOURCE_BYTES >> 20
            ),
            "too large",
        ));
    }
    String::from_utf8(bytes).map_err(|_| {
        refuse(
            Code::ParseUtf8,
            format!("cannot read {file}: it is not valid UTF-8"),
            "not UTF-8",
        )
    })
}

/// `--track NAME` from `--tracks FILE` (`yut` or no `--track`: the
/// built-in board).
fn track_choice(
    track: Option<&str>,
    tracks: Option<&str>,
) -> Result<Option<TrackChoice>, OptionError> {
    let name = match track {
        None | Some("yut") => {
            return match (track, tracks) {
                (None, Some(file)) => Err(OptionError::new(
                    "--tracks",
                    file,
                    Code::GenOption,
                    "--tracks without --track",
                    "no track chosen",
                    "name the track to play on with --track NAME",
                    false,
                )),
                _ => Ok(None),
            }
        }
        Some(n) => n,
    };
    let Some(file) = tracks else {
        return Err(OptionError::new(
            "--track",
            name,
            Code::GenOption,
            format!("--track {name} needs --tracks FILE"),
            "where is this track defined?",
            "give the .game file that defines it: --tracks FILE (or --track yut for the built-in board)",
            false,
        ));
    };
    let text = read_tracks(file)?;
    let checked = check_text(&text).map_err(|d| {
        OptionError::new(
            "--tracks",
            file,
            Code::GenOption,
            format!("{file} is not a valid script ({})", d[0].code),
            "invalid",
            "`meeple check FILE` shows its errors",
            false,
        )
    })?;
    let defs = &checked.file.tracks;
    match defs.iter().find(|t| t.name.node == name) {
        Some(def) => Ok(Some(TrackChoice {
            name: name.to_string(),
            file: file.to_string(),
            text: text[def.span.start..def.span.end].to_string(),
        })),
        None => {
            let names: Vec<&str> = defs.iter().map(|t| t.name.node.as_str()).collect();
            let hint = did_you_mean(name, names.iter().copied());
            Err(OptionError::new(
                "--track",
                name,
                Code::TrackUnknown,
                format!("{file} defines no track `{name}`"),
                "no such track",
                match (hint, names.is_empty()) {
                    (Some(h), _) => h,
                    (None, true) => format!("{file} defines no track at all"),
                    (None, false) => format!("its tracks: {}", names.join(", ")),
                },
                false,
            ))
        }
    }
}
