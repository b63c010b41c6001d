//! `meeple export --judge DIR PATH…`: judge test data from a collection
//! (see [`meeple::export`]).

use super::out;
use meeple::check::Checked;
use meeple::collection::{file_case, game_files};
use meeple::error::{render, Diag};
use meeple::export::{export_checked, folder, write_dir, write_folders, Case, Item, Settings};
use meeple::limits::Limits;
use meeple::pipeline::{printable, read_source, FileRun, Outcome};
use meeple::source::SourceFile;
use std::path::{Path, PathBuf};

/// The options of `meeple export`.
pub struct ExportOptions {
    /// The folder to write (`--judge DIR`).
    pub dir: PathBuf,
    /// One problem's folder name (`--game`: one of
    /// [`meeple::export::FOLDERS`] or a rules game's name): its cases
    /// straight into `dir`.
    pub game: Option<String>,
    pub settings: Settings,
    /// Up to this many cases an input where the format reads several
    /// (`--cases-per-file`; 1: one case a file).
    pub per_file: usize,
    /// Exit 1 when any scenario was skipped (`--strict`).
    pub strict: bool,
    /// The closing line as one JSON object (`--format json`).
    pub json: bool,
    pub color: bool,
}

/// A file that passed the checker.
pub(super) struct Valid {
    pub source: SourceFile,
    pub checked: Checked,
}

/// `meeple export --judge DIR PATH…`. Exit 0 when every case was written,
/// 1 when a solve failed (or, with `--strict`, anything was skipped), 2 for
/// an invalid script or a folder that cannot be written (nothing is written
/// then).
pub fn export(paths: &[PathBuf], opts: &ExportOptions) -> i32 {
    let files = match game_files(paths) {
        Ok(f) if f.is_empty() => {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            out::err(format!(
                "error: nothing to export: no .game file under {}\n",
                names.join(", ")
            ));
            return 2;
        }
        Ok(f) => f,
        Err(e) => {
            out::err(format!("error: {e}\n"));
            return 2;
        }
    };
    if opts.dir.exists() && !opts.dir.is_dir() {
        // Said before any scenario is solved or skipped.
        let why = format!("{} is not a folder", opts.dir.display());
        out::folder_error("--judge", &why, opts.color);
        return 2;
    }
    let Some(valid) = check_all(&files, &opts.settings.limits, opts.color) else {
        out::err("error: invalid scripts: nothing was exported\n");
        return 2;
    };
    let exported: Vec<(&SourceFile, Vec<Item>)> = valid
        .iter()
        .map(|v| (&v.source, export_checked(&v.checked, &opts.settings)))
        .collect();
    let mut cases: Vec<(&str, &Case)> = Vec::new();
    let (mut skipped, mut failed) = (0usize, 0usize);
    // Every problem's folder the collection has cases of (for `--game`).
    let mut problems: Vec<String> = Vec::new();
    // Why the scenarios of `--game` were skipped, each reason once.
    let mut not_exported: Vec<String> = Vec::new();
    for (source, items) in &exported {
        let name = source.name.as_str();
        for item in items {
            match item {
                Item::Case(case) => match opts.game.as_deref() {
                    Some(want) if folder(&case.position) != want => {
                        if !problems.contains(&folder(&case.position)) {
                            problems.push(folder(&case.position));
                        }
                        skipped += 1;
                        out::err(format!(
                            "skipped: {name} › {} ({}): a case of {}, not of --game {want} \
                             (--game {} exports it)\n",
                            printable(&case.scenario),
                            case.position.game(),
                            case.position.problem(),
                            folder(&case.position)
                        ));
                    }
                    _ => cases.push((name, case)),
                },
                Item::Skipped {
                    scenario,
                    game,
                    reason,
                } => {
                    skipped += 1;
                    if opts.game.as_deref() == Some(game.as_str())
                        && !not_exported.contains(&reason.to_string())
                    {
                        not_exported.push(reason.to_string());
                    }
                    let why = if reason.is_limit() {
                        format!("beyond the judge's limits: {reason} (--beyond-limits exports it)")
                    } else {
                        format!("not a judge instance: {reason}")
                    };
                    out::err(format!(
                        "skipped: {name} › {} ({game}): {why}\n",
                        printable(scenario)
                    ));
                }
                Item::Failed { diag, .. } => {
                    failed += 1;
                    out::err(render(diag, source, opts.color));
                }
            }
        }
    }
    if let Some(want) = opts.game.as_deref() {
        if cases.is_empty() && !meeple::export::FOLDERS.contains(&want) {
            if !not_exported.is_empty() {
                // The collection has scenarios of the game, none a case.
                out::err(format!(
                    "error: no scenario of --game {want} is a judge case: {}: nothing was exported\n",
                    not_exported.join("; ")
                ));
                return 2;
            }
            // A rules game's name that none of the collection's cases has.
            let mut why = format!("no case of --game {want} in the collection");
            let known = problems.iter().map(String::as_str);
            match meeple::syntax::dialect::did_you_mean(want, known) {
                Some(near) => why.push_str(&format!(" ({near})")),
                None if !problems.is_empty() => {
                    why.push_str(&format!(" (its problems: {})", problems.join(", ")))
                }
                None => {}
            }
            out::err(format!("error: {why}: nothing was exported\n"));
            return 2;
        }
    }
    if let Err(e) = meeple::export::check_per_file(&cases, opts.per_file) {
        out::err(format!("error: {e}: nothing was exported\n"));
        return 2;
    }
    let written = match opts.game {
        Some(_) => write_dir(&opts.dir, &cases, opts.per_file),
        None => write_folders(&opts.dir, &cases, opts.per_file),
    };
    if let Err(e) = written {
        out::folder_error("--judge", &e, opts.color);
        return 2;
    }
    let mut summary = format!(
        "exported {} to {}",
        meeple::games::count(cases.len() as u128, "case"),
        opts.dir.display()
    );
    if skipped > 0 {
        summary.push_str(&format!(", {skipped} skipped"));
    }
    if failed > 0 {
        summary.push_str(&format!(", {} failed", failed));
    }
    if opts.json {
        let v = serde_json::json!({
            "kind": "export",
            "dir": opts.dir.display().to_string(),
            "cases": cases.len(),
            "skipped": skipped,
            "failed": failed,
        });
        out::out(format!("{v}\n"));
    } else {
        out::out(format!("{summary}\n"));
    }
    if failed > 0 || (opts.strict && skipped > 0) {
        1
    } else {
        0
    }
}

/// Read and check every file, in order; `None`
/// when any file is invalid (its diagnostics are printed as `meeple check`
/// prints them). A file that is invalid exactly as its `# expect-error`
/// lines declare holds nothing to export: it is noted and passed over.
pub(super) fn check_all(files: &[PathBuf], limits: &Limits, color: bool) -> Option<Vec<Valid>> {
    let mut all = Vec::with_capacity(files.len());
    let mut invalid = false;
    for path in files {
        let name = path.display().to_string();
        let (text, checked) = match read_source(path) {
            Ok(bytes) => {
                let importer = meeple::pipeline::Importer::beside(path);
                meeple::pipeline::check_bytes_importing(&bytes, limits, Some(&importer))
            }
            Err(e) => (String::new(), Err(vec![unreadable(&name, path, &e)])),
        };
        match checked {
            Ok(checked) => all.push(Valid {
                source: SourceFile::new(name, text),
                checked,
            }),
            Err(diags) => {
                let run = FileRun {
                    source: SourceFile::new(name, text),
                    outcome: Outcome::Invalid(diags),
                    warnings: Vec::new(),
                };
                let Outcome::Invalid(diags) = &run.outcome else {
                    continue;
                };
                if file_case(&run).is_some_and(|c| c.passed) {
                    out::err(format!(
                        "note: {} is invalid as its `# expect-error` lines declare: nothing to export\n",
                        run.source.name
                    ));
                    continue;
                }
                invalid = true;
                let opts = meeple::render::Options {
                    color,
                    ..Default::default()
                };
                out::err(meeple::render::text::diagnostics(&run.source, diags, &opts));
                out::err(format!(
                    "{}: {}\n",
                    run.source.name,
                    meeple::games::count(diags.len() as u128, "error")
                ));
            }
        }
    }
    (!invalid).then_some(all)
}

fn unreadable(name: &str, path: &Path, e: &std::io::Error) -> Diag {
    let why = if path.is_dir() {
        "the folder cannot be searched".to_string()
    } else {
        e.to_string()
    };
    Diag::io("read", name, why)
}
