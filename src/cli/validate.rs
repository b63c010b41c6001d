//! `meeple validate FILE.in… --game NAME [--rules FILE]`: hand-written
//! judge inputs read by meeple's judge readers (a rules block's by its
//! `input { … }` format), as testlib's validator checks them; `meeple
//! answer` reads them the same way and prints the judge's answers.

use super::commands::read_bytes;
use super::{out, Format};
use meeple::error::{render, Diag};
use meeple::games::{self, GameKind};
use meeple::limits::Limits;
use meeple::render::json;
use meeple::source::SourceFile;
use meeple::syntax::ast::Span;
use std::path::PathBuf;

/// A judge input's reader: its answer lines (`meeple answer`; nothing for
/// `meeple validate`), or its diagnostics.
type Reader = Box<dyn Fn(&str) -> Result<String, Vec<Diag>>>;

/// What to do with each judge input.
#[derive(Clone, Copy)]
enum Mode<'a> {
    /// `meeple validate`: read it, say `FILE: ok`.
    Validate,
    /// `meeple answer`: read it and print the judge's answer of each case,
    /// each solved within these limits.
    Answer(&'a Limits),
}

/// Validate each file as a judge input of `game`, a built-in game or with
/// `rules` (`--rules FILE`) a rules block of FILE (refused as `meeple gen`
/// and `meeple judge` refuse them: a built-in name, a file that does not
/// check, a block it lacks; exit 2): `FILE: ok`, or its diagnostics. Exit
/// 0 when all are valid, 1 when any is not, 2 when any cannot be read (as
/// UTF-8 text).
pub fn validate(
    files: &[PathBuf],
    game: &str,
    rules: Option<&str>,
    format: Format,
    color: bool,
) -> i32 {
    each_input(files, game, rules, format, color, Mode::Validate)
}

/// `meeple answer`: read each file as [`validate`] does and print the
/// judge's answer of each case it holds (every case of a `cases` format),
/// one line each, as `meeple export` writes `.out` files; the files'
/// answers one after another. Exit 0 when every file was answered, 1 when
/// any is not a valid judge input or its solve failed (a coded diagnostic),
/// 2 when any cannot be read.
pub fn answer(
    files: &[PathBuf],
    game: &str,
    rules: Option<&str>,
    limits: &Limits,
    format: Format,
    color: bool,
) -> i32 {
    each_input(files, game, rules, format, color, Mode::Answer(limits))
}

fn each_input(
    files: &[PathBuf],
    game: &str,
    rules: Option<&str>,
    format: Format,
    color: bool,
    mode: Mode<'_>,
) -> i32 {
    let reader: Reader = match rules {
        // BOJ 17780 (`meeple export`'s `stacking-bottom` folder): stacking's
        // format, only the bottom piece of a pile moving.
        None if game == "stacking-bottom" => bottom_reader(mode),
        None => match GameKind::from_name(game) {
            Some(kind) => builtin_reader(kind, mode),
            None => {
                let verb = match mode {
                    Mode::Validate => "validate",
                    Mode::Answer(_) => "answer",
                };
                out::err(format!(
                    "error: meeple has no built-in game `{game}` (footholds, yut, stacking, stacking-bottom): give --rules FILE to {verb} the judge input of the rules block of that name\n"
                ));
                return 2;
            }
        },
        Some(file) => match rules_reader(file, game, color, mode) {
            Ok(r) => r,
            Err(e) => {
                out::err(e);
                return 2;
            }
        },
    };
    let (mut invalid, mut unreadable) = (false, false);
    for path in files {
        let name = path.display().to_string();
        let text = read_bytes(path)
            .map_err(|e| e.to_string())
            .and_then(|b| String::from_utf8(b).map_err(|_| "it is not UTF-8 text".to_string()));
        let (src, answers, diags) = match text {
            Ok(text) => {
                let (answers, mut diags) = match reader(&text) {
                    Ok(a) => (a, Vec::new()),
                    Err(d) => (String::new(), d),
                };
                // A validator also checks the file's layout (one space
                // between words, `\n` line ends, …), which the readers
                // take leniently.
                if matches!(mode, Mode::Validate) {
                    let mut layout = meeple::games::judge_layout::layout_errors(&text);
                    layout.append(&mut diags);
                    diags = layout;
                }
                (SourceFile::new(name.as_str(), text), answers, diags)
            }
            Err(why) => {
                unreadable = true;
                (
                    SourceFile::empty(name.clone()),
                    String::new(),
                    vec![Diag::io("read", &name, why)],
                )
            }
        };
        invalid |= !diags.is_empty();
        for d in &diags {
            if format == Format::Json {
                out::out(json::line(&json::DiagnosticLine::new(&src, None, d)));
            }
            out::err(render(d, &src, color));
        }
        match (format, mode) {
            (Format::Json, Mode::Validate) => {
                let v = serde_json::json!({
                    "kind": "validate",
                    "file": name,
                    "game": game,
                    "ok": diags.is_empty(),
                    "errors": diags.len(),
                });
                out::out(format!("{v}\n"));
            }
            (Format::Json, Mode::Answer(_)) => {
                let v = serde_json::json!({
                    "kind": "answer",
                    "file": name,
                    "game": game,
                    "ok": diags.is_empty(),
                    "answers": answers.lines().collect::<Vec<_>>(),
                });
                out::out(format!("{v}\n"));
            }
            (Format::Text, Mode::Validate) if diags.is_empty() => {
                out::out(format!("{name}: ok\n"));
            }
            (Format::Text, Mode::Answer(_)) => out::out(answers),
            (Format::Text, Mode::Validate) => {}
        }
    }
    if unreadable {
        2
    } else {
        i32::from(invalid)
    }
}

/// The reader of a built-in game's judge input (its native solver
/// answers it).
fn builtin_reader(kind: GameKind, mode: Mode<'_>) -> Reader {
    match mode {
        Mode::Validate => {
            Box::new(move |text| games::game(kind).read_judge(text).map(|_| String::new()))
        }
        Mode::Answer(limits) => {
            let limits = limits.clone();
            Box::new(move |text| {
                let position = games::game(kind).read_judge(text)?;
                position
                    .answer(&limits.budget(), Span::new(0, text.len()))
                    .map_err(|d| vec![d])
            })
        }
    }
}

/// The reader of BOJ 17780's judge input (`stacking-bottom`): stacking's
/// reader, with only the bottom piece of a pile moving.
fn bottom_reader(mode: Mode<'_>) -> Reader {
    let limits = match mode {
        Mode::Validate => None,
        Mode::Answer(l) => Some(l.clone()),
    };
    Box::new(move |text| {
        let mut case = meeple::games::stacking::judge::read(text)?;
        case.setup.mover = meeple::games::stacking::rules::Mover::Bottom;
        match &limits {
            None => Ok(String::new()),
            Some(limits) => meeple::games::JudgePosition::new(case)
                .answer(&limits.budget(), Span::new(0, text.len()))
                .map_err(|d| vec![d]),
        }
    })
}

/// The reader of rules block `game` of the script `file`, or the error
/// `meeple gen --rules` gives for them (rendered).
fn rules_reader(file: &str, game: &str, color: bool, mode: Mode<'_>) -> Result<Reader, String> {
    // The script and its block, refused as `meeple gen` refuses them; no
    // input is drawn (a format whose `require` random draws seldom meet
    // still validates and answers the inputs given).
    let (_, checked, _) =
        meeple::gen::shape::rules_block(file, game).map_err(|e| e.render(color))?;
    let game = game.to_string();
    Ok(match mode {
        Mode::Validate => Box::new(move |text| {
            checked
                .read_judge_input(&game, text)
                .unwrap_or(Ok(()))
                .map(|()| String::new())
        }),
        Mode::Answer(limits) => {
            let limits = limits.clone();
            Box::new(move |text| {
                checked
                    .answer_judge_input(&game, text, &limits)
                    .unwrap_or(Ok(String::new()))
            })
        }
    })
}
