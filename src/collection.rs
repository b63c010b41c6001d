//! Whole puzzle collections: find the `.game` files under some paths, run
//! them in parallel (across files and across the scenarios of a file) and
//! hand the results back in a deterministic order — files sorted by path,
//! scenarios in file order — exactly as a sequential run would.
//!
//! `meeple test` is built on this module; a Rust user can use it to keep
//! snapshots of a collection in their own tests (see the crate docs).

use crate::check::Checked;
use crate::error::{Code, Diag, Diags};
use crate::interp::{run_scenario, ScenarioRun};
use crate::pipeline::{
    check_bytes, expected_errors, selected, FileRun, Outcome, RunConfig, Source,
};
use crate::render::LineIndex;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// Every `.game` file under `paths`, sorted by path, without repeats.
///
/// A path that names a file is taken as it is (whatever its extension);
/// folders are searched recursively, skipping hidden entries (names that
/// start with `.`). A path that does not exist is an error.
pub fn game_files<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        let p = p.as_ref();
        if p.is_file() {
            out.push(p.to_path_buf());
            continue;
        }
        if !p.exists() {
            return Err(format!("{}: no such file or folder", p.display()));
        }
        let walk = walkdir::WalkDir::new(p)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !skipped_dir(e));
        for entry in walk {
            let entry = entry.map_err(|e| e.to_string())?;
            if entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "game")
            {
                out.push(entry.path().to_path_buf());
            }
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Hidden entries, and build folders (Cargo's `target/` carries a
/// `CACHEDIR.TAG`), are not searched for scripts.
fn skipped_dir(e: &walkdir::DirEntry) -> bool {
    e.file_name().to_string_lossy().starts_with('.')
        || (e.file_type().is_dir() && e.path().join("CACHEDIR.TAG").exists())
}

/// What [`run_files_streaming`] reports, in this order: `Planned` once, then
/// for each file (in the order given; [`game_files`] sorts them by path) its
/// `Scenario`s in file order and its `File`.
pub enum Step<'a> {
    /// Every file is read and checked; this many scenarios will run.
    Planned { files: usize, scenarios: usize },
    /// A scenario has run.
    Scenario {
        source: &'a Source,
        run: &'a ScenarioRun,
    },
    /// A file is done: all its (selected) scenarios ran, or it is invalid.
    File(FileRun),
}

/// A file read from disk and checked.
struct Loaded {
    source: Source,
    checked: Result<Checked, Diags>,
}

fn load(path: &Path) -> Loaded {
    let name = path.display().to_string();
    match crate::pipeline::read_source(path) {
        Ok(bytes) => {
            let (text, checked) = check_bytes(&bytes);
            Loaded {
                source: Source { name, text },
                checked,
            }
        }
        Err(e) => {
            let d = Diag::new(Code::Io, format!("cannot read {name}: {e}"))
                .help("check the path and the file's permissions");
            Loaded {
                source: Source {
                    name,
                    text: String::new(),
                },
                checked: Err(vec![d]),
            }
        }
    }
}

/// Run files in parallel (files are read and checked in parallel, then
/// every selected scenario of every valid file is a task of its own) and
/// report through `on` in the deterministic order described at [`Step`],
/// as results become available. `tick` is called on a worker thread as
/// soon as any scenario finishes (in no particular order): for progress bars.
///
/// A file that cannot be read is reported as an invalid file with a
/// `meeple::io` diagnostic. Each file is named by its path as given.
/// The scenarios run on rayon's global pool; call this from outside it.
pub fn run_files_streaming(
    files: &[PathBuf],
    config: &RunConfig,
    tick: &(dyn Fn() + Sync),
    on: &mut dyn FnMut(Step),
) {
    let loaded: Vec<Loaded> = files.par_iter().map(|f| load(f)).collect();
    // One task per selected scenario, in output order.
    let mut tasks: Vec<(&Checked, usize)> = Vec::new();
    let mut counts = vec![0usize; loaded.len()];
    for (count, l) in counts.iter_mut().zip(&loaded) {
        if let Ok(c) = &l.checked {
            for (i, sc) in c.file.scenarios.iter().enumerate() {
                if selected(&sc.name.node, config) {
                    tasks.push((c, i));
                    *count += 1;
                }
            }
        }
    }
    on(Step::Planned {
        files: loaded.len(),
        scenarios: tasks.len(),
    });
    let (tx, rx) = mpsc::channel::<(usize, ScenarioRun)>();
    std::thread::scope(|s| {
        let tasks = &tasks;
        s.spawn(move || {
            tasks
                .par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, &(c, si))| {
                    let (game, opts) = &c.plans[si];
                    let run = run_scenario(
                        &c.file.scenarios[si],
                        *game,
                        opts,
                        &c.tracks,
                        &config.limits,
                        &mut |_| {},
                    );
                    tick();
                    let _ = tx.send((i, run));
                });
        });
        // Hand results on in task order, as soon as the next one is in.
        let mut pending: Vec<Option<ScenarioRun>> = tasks.iter().map(|_| None).collect();
        let mut next = 0;
        for (l, &count) in loaded.iter().zip(&counts) {
            let outcome = match &l.checked {
                Err(diags) => Outcome::Invalid(diags.clone()),
                Ok(_) => {
                    let mut runs = Vec::with_capacity(count);
                    for _ in 0..count {
                        while pending[next].is_none() {
                            match rx.recv() {
                                Ok((i, run)) => pending[i] = Some(run),
                                // A worker panicked: the scope re-raises it.
                                Err(_) => return,
                            }
                        }
                        if let Some(run) = pending[next].take() {
                            on(Step::Scenario {
                                source: &l.source,
                                run: &run,
                            });
                            runs.push(run);
                        }
                        next += 1;
                    }
                    Outcome::Ran(runs)
                }
            };
            on(Step::File(FileRun {
                source: l.source.clone(),
                outcome,
            }));
        }
    });
}

/// Run files in parallel; one [`FileRun`] per file, in the order of `files`,
/// each exactly as a sequential [`run_bytes`](crate::pipeline::run_bytes)
/// would give it (see [`run_files_streaming`]).
pub fn run_files(files: &[PathBuf], config: &RunConfig) -> Vec<FileRun> {
    let mut out = Vec::with_capacity(files.len());
    run_files_streaming(files, config, &|| {}, &mut |step| {
        if let Step::File(run) = step {
            out.push(run)
        }
    });
    out
}

/// Run every `.game` file under `paths` (see [`game_files`]) with default
/// limits: one [`FileRun`] per file, sorted by path.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("meeple-doc-tc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("one.game"), r#"scenario "a row of five" {
///   game footholds
///   board [[1, 1, 1, 1, 1]]
///   piece A at (0, 0)
///   piece B at (0, 4)
///   solve
///   expect answer 4
///   expect winner B
/// }"#).unwrap();
/// let runs = meeple::test_collection(&[&dir]).unwrap();
/// assert_eq!(runs.len(), 1);
/// assert!(meeple::collection::cases(&runs[0]).iter().all(|c| c.passed));
/// # std::fs::remove_dir_all(&dir).ok();
/// ```
pub fn test_collection<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<FileRun>, String> {
    Ok(run_files(&game_files(paths)?, &RunConfig::default()))
}

/// A verdict of `meeple test`: on one scenario, or on a whole file (a file
/// that is invalid, or declares `# expect-error:` lines).
#[derive(Clone, Debug)]
pub struct Case {
    /// The scenario, or `None` for a verdict on the whole file.
    pub scenario: Option<String>,
    pub passed: bool,
    /// A short note: `3 expectations`, `rejected as expected: …`, …
    pub note: String,
    /// What went wrong: failed expectations, runtime errors, or the
    /// errors of an invalid file.
    pub failures: Diags,
}

/// The verdict on one scenario: it passes when every expectation held and
/// no solve hit a limit.
pub fn scenario_case(run: &ScenarioRun) -> Case {
    let n = run.expects_passed();
    Case {
        scenario: Some(run.name.clone()),
        passed: run.passed(),
        note: format!("{n} expectation{}", if n == 1 { "" } else { "s" }),
        failures: run.failures().cloned().collect(),
    }
}

/// The verdict on a whole file, if there is one: an invalid file passes
/// only when it declares exactly the codes it is rejected with
/// (`# expect-error: CODE` lines, see [`expected_errors`]); a valid file
/// that declares such lines fails, and so does a file where no scenario
/// ran (a file with no scenario; when a filter left a file's scenarios
/// out, `meeple test` does not show this verdict).
pub fn file_case(run: &FileRun) -> Option<Case> {
    let wanted = expected_errors(&run.source.text);
    match &run.outcome {
        Outcome::Invalid(diags) => {
            let got: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
            let mut g = got.clone();
            g.sort();
            g.dedup();
            let mut w: Vec<&str> = wanted.iter().map(String::as_str).collect();
            w.sort();
            w.dedup();
            Some(if !w.is_empty() && g == w {
                Case {
                    scenario: None,
                    passed: true,
                    note: format!("rejected as expected: {}", w.join(", ")),
                    failures: Vec::new(),
                }
            } else {
                Case {
                    scenario: None,
                    passed: false,
                    note: format!("invalid script: {}", tally(&got)),
                    failures: diags.clone(),
                }
            })
        }
        Outcome::Ran(runs) if runs.is_empty() && wanted.is_empty() => Some(Case {
            scenario: None,
            passed: false,
            note: "no scenario: the file tests nothing".to_string(),
            failures: Vec::new(),
        }),
        Outcome::Ran(_) if !wanted.is_empty() => Some(Case {
            scenario: None,
            passed: false,
            note: format!(
                "expected errors {}, but the script is valid",
                wanted.join(", ")
            ),
            failures: Vec::new(),
        }),
        Outcome::Ran(_) => None,
    }
}

/// Codes in order of first appearance, each once, with `×N` when repeated.
fn tally(codes: &[&str]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for c in codes {
        match seen.iter_mut().find(|(s, _)| s == c) {
            Some((_, n)) => *n += 1,
            None => seen.push((c, 1)),
        }
    }
    seen.iter()
        .map(|(c, n)| {
            if *n > 1 {
                format!("{c} ×{n}")
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every verdict on a file: the file's own (if any), then one per scenario.
pub fn cases(run: &FileRun) -> Vec<Case> {
    let mut out: Vec<Case> = file_case(run).into_iter().collect();
    if let Outcome::Ran(runs) = &run.outcome {
        out.extend(runs.iter().map(scenario_case));
    }
    out
}

/// A file's output as `meeple test --snapshots` stores it: the full human
/// output ([`FileRun::render_text`], no colours), with diagnostics naming
/// the script by its file name only, so the text does not depend on the
/// folder `meeple test` was started from.
pub fn snapshot_text(run: &FileRun) -> String {
    let short = Path::new(&run.source.name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    let Some(short) = short.filter(|s| *s != run.source.name) else {
        return run.render_text(false);
    };
    let renamed = FileRun {
        source: Source {
            name: short,
            text: run.source.text.clone(),
        },
        outcome: Outcome::Ran(Vec::new()),
    };
    match &run.outcome {
        Outcome::Invalid(diags) => renamed.render_diags(diags, false),
        Outcome::Ran(runs) => {
            let lines = LineIndex::new(&run.source.text);
            runs.iter()
                .map(|r| renamed.render_scenario_with(r, false, &lines))
                .collect()
        }
    }
}

/// Where the snapshot of a script lives: `DIR/NAME.game` →
/// `DIR/__snapshots__/NAME.snap`.
pub fn snapshot_path(script: &Path) -> PathBuf {
    let stem = script
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    script
        .parent()
        .unwrap_or(Path::new(""))
        .join("__snapshots__")
        .join(format!("{stem}.snap"))
}

/// The pending snapshot beside `snapshot_path(script)`: `NAME.snap.new`.
pub fn pending_path(script: &Path) -> PathBuf {
    let mut p = snapshot_path(script).into_os_string();
    p.push(".new");
    PathBuf::from(p)
}
