//! Yut for `meeple gen`: the shape options `--rolls N --dice A..B --pieces
//! K --track NAME --tracks FILE`, random rolls, the edge cases of BOJ
//! 17825, and a setup's declarations.

use super::judge::Setup;
use crate::error::Code;
use crate::games::gen_option::{interval, not_an_option, number, Interval, OptionError};
use crate::games::gen_shape::{shape_common, Edge, GenShape, LoadTracks, Shape};
use crate::games::rng::Rng;
use crate::games::{GameKind, JudgePosition};
use crate::syntax::dialect::did_you_mean;
use std::fmt::Write;

/// The options yut takes.
pub const FLAGS: [&str; 5] = ["--rolls", "--dice", "--pieces", "--track", "--tracks"];
/// The most rolls `gen` draws.
pub const MAX_ROLLS: usize = 40;
/// The largest face `gen` draws.
pub const MAX_FACE: usize = 1000;

/// yut: `--rolls N --dice A..B --pieces K --track NAME --tracks FILE`.
#[derive(Clone, Debug, PartialEq)]
pub struct YutShape {
    /// How many rolls (the judge: 10).
    pub rolls: usize,
    /// The faces each roll is drawn from (the judge: 1..5).
    pub dice: Interval,
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

impl Default for YutShape {
    fn default() -> Self {
        YutShape {
            rolls: 10,
            dice: Interval::new(1, 5),
            pieces: 4,
            track: None,
        }
    }
}

/// The shape with the options given, the rest at the judge's defaults; the
/// file of `--tracks` is read through `load`.
pub fn parse(args: &[(&str, &str)], load: LoadTracks) -> Result<Shape, OptionError> {
    let mut s = YutShape::default();
    let mut track: Option<&str> = None;
    let mut tracks: Option<&str> = None;
    for &(flag, value) in args {
        match flag {
            "--rolls" => s.rolls = number(flag, value, 1, MAX_ROLLS)?,
            "--dice" => s.dice = interval(flag, value, 1, MAX_FACE)?,
            "--pieces" => s.pieces = number(flag, value, 1, 8)?,
            "--track" => track = Some(value),
            "--tracks" => tracks = Some(value),
            _ => return Err(not_an_option(GameKind::Yut, flag, value, &FLAGS)),
        }
    }
    s.track = track_choice(track, tracks, load)?;
    Ok(Shape::new(s))
}

/// `--track NAME` from `--tracks FILE` (`yut` or no `--track`: the
/// built-in board).
fn track_choice(
    track: Option<&str>,
    tracks: Option<&str>,
    load: LoadTracks,
) -> Result<Option<TrackChoice>, OptionError> {
    let name = match track {
        None | Some("yut") => {
            return match (track, tracks) {
                (None, Some(file)) => Err(OptionError::value(
                    "--tracks",
                    file,
                    "--tracks without --track",
                    "no track chosen",
                    "name the track to play on with --track NAME",
                )),
                _ => Ok(None),
            }
        }
        Some(n) => n,
    };
    let Some(file) = tracks else {
        return Err(OptionError::value(
            "--track",
            name,
            format!("--track {name} needs --tracks FILE"),
            "where is this track defined?",
            "give the .game file that defines it: --tracks FILE (or --track yut for the built-in board)",
        ));
    };
    let defs = load(file)?;
    match defs.iter().find(|(n, _)| n == name) {
        Some((_, text)) => Ok(Some(TrackChoice {
            name: name.to_string(),
            file: file.to_string(),
            text: text.clone(),
        })),
        None => {
            let names: Vec<&str> = defs.iter().map(|(n, _)| n.as_str()).collect();
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

impl YutShape {
    fn setup(&self, rolls: Vec<u64>) -> Setup {
        Setup {
            standard_board: self.track.is_none(),
            pieces: self.pieces,
            rolls,
        }
    }
}

impl GenShape for YutShape {
    fn game(&self) -> GameKind {
        GameKind::Yut
    }

    fn args(&self) -> Vec<(String, String)> {
        let mut out = vec![
            ("--rolls".into(), self.rolls.to_string()),
            ("--dice".into(), self.dice.to_string()),
            ("--pieces".into(), self.pieces.to_string()),
        ];
        if let Some(t) = &self.track {
            out.push(("--track".into(), t.name.clone()));
            out.push(("--tracks".into(), t.file.clone()));
        }
        out
    }

    fn draw(&self, rng: &mut Rng) -> JudgePosition {
        let (lo, hi) = (self.dice.lo as u64, self.dice.hi as u64);
        JudgePosition::new(self.setup((0..self.rolls).map(|_| rng.range(lo, hi)).collect()))
    }

    /// The same face on every roll (the highest, lowest, then the others),
    /// and the highest and lowest faces in turn.
    fn edges(&self) -> Vec<Edge> {
        let (lo, hi) = (self.dice.lo as u64, self.dice.hi as u64);
        let mut faces = vec![hi];
        if lo != hi {
            faces.push(lo);
        }
        faces.extend((lo + 1..hi).rev().take(3));
        let mut out: Vec<Edge> = faces
            .into_iter()
            .map(|f| Edge {
                label: format!("all rolls {f}"),
                position: JudgePosition::new(self.setup(vec![f; self.rolls])),
            })
            .collect();
        if lo != hi {
            out.push(Edge {
                label: format!("rolls {hi} and {lo} in turn"),
                position: JudgePosition::new(
                    self.setup(
                        (0..self.rolls)
                            .map(|i| if i % 2 == 0 { hi } else { lo })
                            .collect(),
                    ),
                ),
            });
        }
        out
    }

    fn prelude(&self) -> String {
        match &self.track {
            Some(t) => format!("{}\n\n", t.text),
            None => String::new(),
        }
    }

    fn declarations(&self, position: &JudgePosition) -> String {
        let mut out = String::new();
        let Some(s) = position.downcast_ref::<Setup>() else {
            return out;
        };
        if s.pieces != 4 {
            let _ = writeln!(out, "  rule pieces {}", s.pieces);
        }
        let board = self.track.as_ref().map_or("yut", |t| t.name.as_str());
        let _ = writeln!(out, "  board {board}");
        let rolls: Vec<String> = s.rolls.iter().map(u64::to_string).collect();
        let _ = writeln!(out, "  dice {}", rolls.join(" "));
        out
    }

    shape_common!(YutShape);
}
