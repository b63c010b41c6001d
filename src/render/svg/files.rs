//! Where pictures go: `DIR/<file-stem>/<scenario-slug>-<line>-<query>.svg`,
//! one per `show`, `line` and `analyze` answer.

use super::{answer, title};
use crate::interp::{Event, FileRun, Outcome, ScenarioRun};
use crate::source::SourceFile;
use std::path::{Path, PathBuf};

/// The longest slug: a longer one keeps its first letters and a digest of
/// the whole name (file systems take 255 bytes a name, and the picture's
/// line and query follow).
const SLUG_MAX: usize = 80;

/// A name as a file name: lowercase ASCII letters and digits, runs of
/// anything else as one `-`, none at the ends; `scenario` if nothing is
/// left; at most 80 bytes (the first 71 and an FNV-1a digest of
/// the name, so two long names stay apart).
pub fn slug(name: &str) -> String {
    let out = slug_whole(name);
    if out.len() <= SLUG_MAX {
        return out;
    }
    let digest = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let head = out[..SLUG_MAX - 9].trim_end_matches('-');
    format!("{head}-{:08x}", digest as u32)
}

fn slug_whole(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        "scenario".to_string()
    } else {
        out
    }
}

/// The folder of a script's pictures under `dir`: its file stem as a slug
/// (`<stdin>` gives `stdin`).
pub fn folder(dir: &Path, script: &str) -> PathBuf {
    let stem = Path::new(script)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    dir.join(slug(&stem))
}

/// The pictures of one scenario of the script `src`: for each event, in order, the
/// picture's path and text (`None` for events with no picture).
pub fn scenario_pictures(
    folder: &Path,
    run: &ScenarioRun,
    src: &SourceFile,
) -> Vec<Option<(PathBuf, String)>> {
    run.events
        .iter()
        .map(|e| picture_of(folder, run, src, e))
        .collect()
}

/// The path and picture of one event of `run` (`None`: it draws nothing).
pub fn picture_of(
    folder: &Path,
    run: &ScenarioRun,
    src: &SourceFile,
    e: &Event,
) -> Option<(PathBuf, String)> {
    let Event::Answer {
        query,
        span,
        answer: a,
        ..
    } = e
    else {
        return None;
    };
    let line = src.line(span.start());
    let svg = answer(&title(&run.name, *query, line), *query, a)?;
    let file = format!("{}-{line}-{}.svg", slug(&run.name), query.keyword());
    Some((folder.join(file), svg))
}

/// Writes an SVG picture of every `show`, `line` and `analyze` answer of a
/// file under `dir` (`DIR/<file-stem>/<scenario-slug>-<line>-<query>.svg`)
/// and returns their paths: one list per scenario, one entry per event
/// (`None`: no picture), for [`json::file`](crate::render::json::file);
/// nothing for an invalid file.
pub fn write_file(dir: &Path, run: &FileRun) -> std::io::Result<Vec<Vec<Option<String>>>> {
    let Outcome::Ran(runs) = &run.outcome else {
        return Ok(Vec::new());
    };
    let folder = folder(dir, &run.source.name);
    let mut made = false;
    runs.iter()
        .map(|r| write_scenario_pictures(&folder, r, &run.source, &mut made))
        .collect()
}

/// Writes the pictures of one scenario under `folder` (made first unless
/// `made`) and returns their paths, one entry per event. Each picture is
/// drawn, written and dropped in turn.
pub fn write_scenario_pictures(
    folder: &Path,
    run: &ScenarioRun,
    src: &SourceFile,
    made: &mut bool,
) -> std::io::Result<Vec<Option<String>>> {
    let mut paths = Vec::with_capacity(run.events.len());
    for e in &run.events {
        let picture = picture_of(folder, run, src, e);
        paths.push(match picture {
            Some((path, svg)) => {
                if !*made {
                    std::fs::create_dir_all(folder)?;
                    *made = true;
                }
                std::fs::write(&path, svg)?;
                Some(path.display().to_string())
            }
            None => None,
        });
    }
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_keep_letters_and_digits() {
        assert_eq!(slug("Sample 3: on a Track!"), "sample-3-on-a-track");
        assert_eq!(slug("  ***  "), "scenario");
        assert_eq!(slug("été 2"), "t-2");
        assert_eq!(
            folder(Path::new("out"), "scripts/yut/boj17825.game"),
            Path::new("out/boj17825")
        );
        assert_eq!(folder(Path::new("o"), "<stdin>"), Path::new("o/stdin"));
    }

    /// A probe's 250-character scenario name made a file name the system
    /// refused, and no picture of the run was written.
    #[test]
    fn long_names_are_cut_to_a_prefix_and_a_digest() {
        let long = "a very long scenario name ".repeat(12);
        // Two names told apart by their last letter only.
        let (a, b) = (slug(&format!("{long}1")), slug(&format!("{long}2")));
        assert_eq!(a.len(), SLUG_MAX);
        assert!(a.starts_with("a-very-long-scenario-name-a-very"), "{a}");
        assert_ne!(a, b);
        assert_eq!(slug(&format!("{long}1")), a);
        let exact = "x".repeat(SLUG_MAX);
        assert_eq!(slug(&exact), exact);
    }
}
