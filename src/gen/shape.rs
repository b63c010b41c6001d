//! Shape options: the size and make-up of generated positions, read by
//! each game from `--flag value` pairs ([`crate::games::Game::gen_shape`],
//! the judge's limits as defaults) and checked (a range `5..2`, a fraction
//! 1.5, an unknown colour are errors). Here: the reading of a file an
//! option names (`--tracks FILE`), which games leave to the driver.

use super::OptionError;
use crate::error::Code;
use crate::games::{game, GameKind, Shape};
use crate::pipeline::check_text;

pub use crate::games::footholds::gen::FootholdsShape;
pub use crate::games::gen_option::Interval;
pub use crate::games::stacking::gen::StackingShape;
pub use crate::games::yut::gen::{TrackChoice, YutShape};

/// The shape of `game` with the options given as `(flag, value)` pairs
/// (`("--rows", "2..4")`), the rest at the judge's defaults. `--tracks
/// FILE` is read from disk.
pub fn parse(kind: GameKind, args: &[(&str, &str)]) -> Result<Shape, OptionError> {
    game(kind).gen_shape(args, &load_tracks)
}

/// The tracks of `--tracks FILE`: each one's name and definition as
/// written, after the file is checked as `meeple check` would.
fn load_tracks(file: &str) -> Result<Vec<(String, String)>, OptionError> {
    let text = read_tracks(file)?;
    let checked = check_text(&text).map_err(|d| {
        OptionError::value(
            "--tracks",
            file,
            format!("{file} is not a valid script ({})", d[0].code),
            "invalid",
            "`meeple check FILE` shows its errors",
        )
    })?;
    Ok(checked
        .file
        .tracks
        .iter()
        .map(|t| {
            (
                t.name.node.clone(),
                text[t.span.start()..t.span.end()].to_string(),
            )
        })
        .collect())
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
