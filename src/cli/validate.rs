//! `meeple validate FILE.in… --game NAME [--rules FILE]`: hand-written
//! judge inputs read by meeple's judge readers (a rules block's by its
//! `input { … }` format), as testlib's validator checks them.

use super::commands::read_bytes;
use super::{out, Format};
use meeple::error::{render, Diag};
use meeple::games::{self, GameKind};
use meeple::render::json;
use meeple::source::SourceFile;
use std::path::PathBuf;

/// A judge input's reader: its diagnostics.
type Reader = Box<dyn Fn(&str) -> Result<(), Vec<Diag>>>;

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
    let reader: Reader = match rules {
        None => match GameKind::from_name(game) {
            Some(kind) => Box::new(move |text| games::game(kind).read_judge(text).map(|_| ())),
            None => {
                out::err(format!(
                    "error: meeple has no built-in game `{game}` (footholds, yut, stacking): give --rules FILE to validate the judge input of the rules block of that name\n"
                ));
                return 2;
            }
        },
        Some(file) => match rules_reader(file, game, color) {
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
        let (src, diags) = match text {
            Ok(text) => {
                let diags = reader(&text).err().unwrap_or_default();
                (SourceFile::new(name.as_str(), text), diags)
            }
            Err(why) => {
                unreadable = true;
                (
                    SourceFile::empty(name.clone()),
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
        match format {
            Format::Json => {
                let v = serde_json::json!({
                    "kind": "validate",
                    "file": name,
                    "game": game,
                    "ok": diags.is_empty(),
                    "errors": diags.len(),
                });
                out::out(format!("{v}\n"));
            }
            Format::Text if diags.is_empty() => out::out(format!("{name}: ok\n")),
            Format::Text => {}
        }
    }
    if unreadable {
        2
    } else {
        i32::from(invalid)
    }
}

/// The reader of rules block `game` of the script `file`, or the error
/// `meeple gen --rules` gives for them (rendered).
fn rules_reader(file: &str, game: &str, color: bool) -> Result<Reader, String> {
    meeple::gen::Options::rules(file, game, &[], &[]).map_err(|e| e.render(color))?;
    let bytes =
        read_bytes(std::path::Path::new(file)).map_err(|e| format!("error: {file}: {e}\n"))?;
    let checked = meeple::pipeline::check_bytes(&bytes)
        .1
        .map_err(|_| format!("error: {file} is not a valid script\n"))?;
    let game = game.to_string();
    Ok(Box::new(move |text| {
        checked.read_judge_input(&game, text).unwrap_or(Ok(()))
    }))
}
