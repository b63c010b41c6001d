//! `meeple validate FILE.in… --game NAME`: hand-written judge inputs read
//! by meeple's judge readers, as testlib's validator checks them.

use super::commands::read_bytes;
use super::{out, Format};
use meeple::error::{render, Diag};
use meeple::games::{self, GameKind};
use meeple::render::json;
use meeple::source::SourceFile;
use std::path::PathBuf;

/// Validate each file as a judge input of `game` (a name clap has
/// checked): `FILE: ok`, or its diagnostics. Exit 0 when all are valid, 1
/// when any is not, 2 when any cannot be read (as UTF-8 text).
pub fn validate(files: &[PathBuf], game: &str, format: Format, color: bool) -> i32 {
    let kind = GameKind::from_name(game).expect("clap checks the name");
    let reader = games::game(kind);
    let (mut invalid, mut unreadable) = (false, false);
    for path in files {
        let name = path.display().to_string();
        let text = read_bytes(path)
            .map_err(|e| e.to_string())
            .and_then(|b| String::from_utf8(b).map_err(|_| "it is not UTF-8 text".to_string()));
        let (src, diags) = match text {
            Ok(text) => {
                let diags = reader.read_judge(&text).err().unwrap_or_default();
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
                    "game": kind.name(),
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
