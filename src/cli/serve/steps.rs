//! The step-through of a `line` answer: one picture per position of the
//! line (the start, then after each move), drawn as the `show` picture of
//! that position from the typed answer (each game's `frames`) — nothing
//! is solved again.

use meeple::interp::{Event, ScenarioRun};
use meeple::render::svg;
use meeple::source::{SourceFile, Span};
use meeple::syntax::ast::QueryKind;
use serde::Serialize;

/// The most bytes of pictures one line's step-through sends; the frames
/// past it are left out (`truncated`).
pub const STEP_BYTES: usize = 8 << 20;

/// `{"kind":"steps"}`: the frames of one `line` answer.
#[derive(Serialize, Debug)]
pub struct StepsObj<'a> {
    kind: &'static str,
    file: &'a str,
    scenario: &'a str,
    line: usize,
    /// A caption per frame (`start`, `1. A (1, 0) → (0, 0)`, …).
    captions: Vec<String>,
    /// An SVG picture per frame.
    svgs: Vec<String>,
    /// Whether frames were left out past [`STEP_BYTES`].
    truncated: bool,
}

/// The `steps` JSON line of every `line` answer of a scenario of `src`,
/// each with its query's span; the frames count against `left`, the bytes
/// of pictures the response may still send (see `solve::PICTURE_BYTES`), as
/// well as [`STEP_BYTES`].
pub fn lines(src: &SourceFile, run: &ScenarioRun, left: &mut usize) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    for e in &run.events {
        let Event::Answer {
            query: QueryKind::Line,
            span,
            answer,
            ..
        } = e
        else {
            continue;
        };
        let Some(frames) = answer.inner().frames() else {
            continue;
        };
        let line = src.line(span.start());
        let title = svg::title(&run.name, QueryKind::Line, line);
        let mut obj = StepsObj {
            kind: "steps",
            file: &src.name,
            scenario: &run.name,
            line,
            captions: Vec::new(),
            svgs: Vec::new(),
            truncated: false,
        };
        let mut bytes = 0;
        for (caption, show) in frames {
            if *left == 0 {
                obj.truncated = true;
                break;
            }
            let Some(picture) =
                svg::answer(&format!("{title} · {caption}"), QueryKind::Show, &show)
            else {
                continue;
            };
            bytes += picture.len();
            if bytes > STEP_BYTES || picture.len() > *left {
                obj.truncated = true;
                break;
            }
            *left -= picture.len();
            obj.captions.push(caption);
            obj.svgs.push(picture);
        }
        out.push((*span, meeple::render::json::line(&obj)));
    }
    out
}
