//! A `track NAME { … }` block built into a [`Track`], with the diagnostics
//! of a broken one. The file's registry of definitions
//! ([`Definitions`](crate::games::Definitions)) calls it.

use super::track::{build_track_within, RouteSpec, SquareSpec, Track, TrackErrorKind};
use crate::budget::Budget;
use crate::error::{Code, Diag, Diags};
use crate::games::limit_diag;
use crate::syntax::ast::{Span, TrackDef};

/// The built-in BOJ 17825 board, written in the language itself.
pub(crate) const STANDARD_TRACK: &str = "track yut {
  route start 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 finish
  shortcut 10 b13=13 b16=16 b19=19 c25=25 c30=30 c35=35 40
  shortcut 20 b22=22 b24=24 c25
  shortcut 30 b28=28 b27=27 b26=26 c25
}
";

fn specs(def: &TrackDef) -> Vec<RouteSpec> {
    def.lines
        .iter()
        .map(|l| RouteSpec {
            shortcut: l.shortcut,
            squares: l
                .squares
                .iter()
                .map(|s| SquareSpec {
                    name: s.name.clone(),
                    score: s.score,
                    bare_number: s.bare_number,
                    span: (s.span.start(), s.span.end()),
                })
                .collect(),
            span: (l.span.start(), l.span.end()),
        })
        .collect()
}

/// Build one definition within `budget` (a tick per square and link, see
/// [`build_track_within`]); running out is a limit error on the track's name.
pub(crate) fn build_def(def: &TrackDef, budget: &Budget) -> Result<Track, Diags> {
    let built = build_track_within(&specs(def), budget).map_err(|hit| {
        let mut d = limit_diag(hit, def.name.span);
        d.message = format!("track `{}`: {}", def.name.node, d.message);
        if let Some((_, label)) = d.labels.first_mut() {
            *label = format!("building this track {label}");
        }
        vec![d]
    })?;
    built.map_err(|errs| {
        errs.into_iter()
            .map(|e| {
                let code = match e.kind {
                    TrackErrorKind::UnknownSquare => Code::TrackSquare,
                    TrackErrorKind::TwoScores => Code::TrackScore,
                    TrackErrorKind::Cycle => Code::TrackCycle,
                    TrackErrorKind::CannotReachFinish => Code::TrackFinish,
                    TrackErrorKind::ShortcutFromStartOrFinish | TrackErrorKind::TwoShortcuts => {
                        Code::TrackShortcut
                    }
                    TrackErrorKind::TooManySquares => Code::BoardTooLarge,
                    _ => Code::TrackLink,
                };
                let span = if e.span == (0, 0) {
                    def.name.span
                } else {
                    Span::new(e.span.0, e.span.1)
                };
                Diag::new(code, format!("track `{}`: {}", def.name.node, e.message()))
                    .label(
                        span,
                        if e.square.is_empty() {
                            "here".to_string()
                        } else {
                            format!("square `{}`", e.square)
                        },
                    )
                    .help(e.help())
            })
            .collect()
    })
}
