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
pub use crate::games::rules::judge::draw::RulesShape;
pub use crate::games::stacking::gen::StackingShape;
pub use crate::games::yut::gen::{TrackChoice, YutShape};

/// The shape of `game` with the options given as `(flag, value)` pairs
/// (`("--rows", "2..4")`), the rest at the judge's defaults. `--tracks
/// FILE` is read from disk.
pub fn parse(kind: GameKind, args: &[(&str, &str)]) -> Result<Shape, OptionError> {
    game(kind).gen_shape(args, &load_tracks)
}

/// The shape of the rules block `name` of the script `file` (`meeple gen
/// NAME --rules FILE`) with the options `(flag, value)` (`--NAME A..B`,
/// `--weights K=W,…`, `--beyond-limits`), and the block's objective (for
/// `--where`). The file is checked as `meeple check` would; a generated
/// collection starts with the block's text (and the file's tracks).
pub fn parse_rules(
    file: &str,
    name: &str,
    args: &[(&str, &str)],
) -> Result<(Shape, crate::syntax::rules::Objective), OptionError> {
    let (text, checked, prog) = rules_block(file, name)?;
    let def = checked
        .file
        .rules
        .iter()
        .find(|r| r.name.node == name)
        .expect("rules_block found the block");
    let objective = def
        .parts
        .iter()
        .find_map(|p| match &p.node {
            crate::syntax::rules::Part::Solve(o) => Some(o.clone()),
            _ => None,
        })
        .unwrap_or(crate::syntax::rules::Objective::Outcome);
    let mut prelude = String::new();
    for t in &checked.file.tracks {
        prelude.push_str(&text[t.span.start()..t.span.end()]);
        prelude.push_str("\n\n");
    }
    prelude.push_str(&text[def.span.start()..def.span.end()]);
    prelude.push_str("\n\n");
    let shape = RulesShape::new(prog, prelude, args)?;
    Ok((Shape::new(shape), objective))
}

/// `--rules FILE` naming rules block `name`: the script's text, the
/// checked script and the block's program; refused (a built-in name, a
/// file that cannot be read or does not check, a block it lacks) as
/// `meeple gen`, `validate`, `answer` and `judge` refuse them. Nothing is
/// drawn here (`RulesShape::new` draws).
pub fn rules_block(
    file: &str,
    name: &str,
) -> Result<(String, crate::check::Checked, RulesProgram), OptionError> {
    let refuse = |code, message: String, label, help: String| {
        OptionError::new("--rules", file, code, message, label, help, false)
    };
    if GameKind::from_name(name).is_some() {
        return Err(OptionError::new(
            name,
            "--rules",
            Code::GenOption,
            format!("`{name}` is a built-in game: --rules generates a rules block of another name"),
            "a built-in game",
            format!("drop --rules to generate the built-in `{name}`, or rename the block"),
            true,
        ));
    }
    let text = read_script("--rules", file)?;
    let checked = check_text(&text).map_err(|d| {
        refuse(
            d[0].code,
            format!("{file} is not a valid script: {}", first_error(&d)),
            "invalid",
            "`meeple check FILE` shows its errors".into(),
        )
    })?;
    let def = checked.file.rules.iter().find(|r| r.name.node == name);
    let prog = checked.defs.rules(name).ok().flatten();
    let (Some(_), Some(prog)) = (def, prog) else {
        let names: Vec<&str> = checked
            .file
            .rules
            .iter()
            .map(|r| r.name.node.as_str())
            .collect();
        return Err(refuse(
            Code::GameUnknown,
            format!("{file} has no rules block `{name}`"),
            "no such block",
            if names.is_empty() {
                "the file defines no `rules` block".into()
            } else {
                format!("its rules blocks are: {}", names.join(", "))
            },
        ));
    };
    Ok((text, checked, prog))
}

/// A rules block's checked program.
type RulesProgram = std::sync::Arc<crate::games::rules::program::Program>;

/// The first error of a script that does not check, in one line: its
/// message and code, and how many more there are.
fn first_error(d: &crate::error::Diags) -> String {
    let more = match d.len() {
        0 | 1 => String::new(),
        n => format!(" (and {})", crate::games::count(n as u64 - 1, "more error")),
    };
    d.first().map_or(String::new(), |x| {
        format!("{} [{}]{more}", x.message, x.code)
    })
}

/// The tracks of `--tracks FILE`: each one's name and definition as
/// written, after the file is checked as `meeple check` would.
fn load_tracks(file: &str) -> Result<Vec<(String, String)>, OptionError> {
    let text = read_script("--tracks", file)?;
    let checked = check_text(&text).map_err(|d| {
        OptionError::value(
            "--tracks",
            file,
            format!("{file} is not a valid script: {}", first_error(&d)),
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

/// The text of `--tracks FILE` (or `--rules FILE`), read as `meeple check` reads a script: at
/// most one byte past the 16 MiB limit (`/dev/zero` is not read forever),
/// which is `meeple::source::too_large`.
fn read_script(flag: &str, file: &str) -> Result<String, OptionError> {
    let refuse = |code, message: String, label| {
        OptionError::new(
            flag,
            file,
            code,
            message,
            label,
            "give a .game file that defines it",
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
