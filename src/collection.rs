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
use crate::limits::Limits;
use crate::pipeline::{expected_errors, selected, FileRun, Outcome, OutputGate, RunConfig};
use crate::render::{text, Options};
use crate::source::SourceFile;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// Every `.game` file under `paths`, sorted by path, without repeats.
///
/// A path that names a file is taken as it is (whatever its extension,
/// and a FIFO or device too); folders are searched recursively, skipping
/// hidden entries (names that start with `.`). A path that does not exist
/// is an error. An entry found inside a folder that cannot be searched or
/// read (a dangling symlink, a symlink loop, a folder without permission
/// or whose listing fails part way) is listed all the same, so that
/// running it reports the failure and the rest still runs; so is a folder
/// of the kernel's (`/proc`, `/sys`, say through a symlink), which
/// is never searched.
pub fn game_files<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        let p = p.as_ref();
        if !p.exists() {
            return Err(format!("{}: no such file or folder", p.display()));
        }
        if !p.is_dir() {
            // A file, or a FIFO or device named on purpose: reading it
            // says what it holds.
            out.push(p.to_path_buf());
            continue;
        }
        // The folder each depth is in, to name a folder whose listing
        // fails part way (walkdir's error then has no path).
        let mut folders: Vec<PathBuf> = Vec::new();
        // Kernel folders met: listed, not searched.
        let kernel = std::cell::RefCell::new(Vec::new());
        let walk = walkdir::WalkDir::new(p)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                if e.depth() > 0 && skipped_dir(e) {
                    return false;
                }
                if e.file_type().is_dir() && kernel_folder(e.path()) {
                    kernel.borrow_mut().push(e.path().to_path_buf());
                    return false;
                }
                true
            });
        for entry in walk {
            match entry {
                Ok(entry) if entry.file_type().is_dir() => {
                    folders.truncate(entry.depth());
                    folders.push(entry.path().to_path_buf());
                }
                Ok(entry) => {
                    if entry.file_type().is_file()
                        && entry.path().extension().is_some_and(|e| e == "game")
                    {
                        out.push(entry.path().to_path_buf());
                    }
                }
                Err(e) => match e.path() {
                    Some(bad) if !skipped_name(bad) => out.push(bad.to_path_buf()),
                    Some(_) => {}
                    None => match e.depth().checked_sub(1).and_then(|d| folders.get(d)) {
                        Some(folder) => out.push(folder.clone()),
                        None => return Err(format!("{}: {e}", p.display())),
                    },
                },
            }
        }
        out.extend(kernel.into_inner());
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The `.game` files beneath the folder `dir` (canonical), sorted, found
/// without leaving it: a link to a folder is walked only when it leads to
/// a folder inside `dir` (a link out is not followed, and a link round a
/// loop stops at once), and hidden entries and build folders are skipped
/// as in [`game_files`]. A link named `*.game` is listed as it is: the
/// caller decides where it leads. Entries that cannot be read are left out
/// (`meeple serve` lists files to open, not to report).
pub fn game_files_beneath(dir: &Path) -> Vec<PathBuf> {
    let inside = |p: &Path| std::fs::canonicalize(p).is_ok_and(|c| c.starts_with(dir));
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.depth() == 0
                || !(skipped_dir(e)
                    || (e.path_is_symlink() && e.file_type().is_dir() && !inside(e.path())))
        })
        .filter_map(Result::ok)
        .filter(|e| !e.file_type().is_dir())
        .filter(|e| e.path().extension().is_some_and(|x| x == "game"))
        .map(walkdir::DirEntry::into_path)
        .collect();
    out.sort();
    out
}

/// Is `path` (after links) in one of the kernel's file systems, `/proc` or
/// `/sys`? Such a folder is not searched: `/proc` alone leads to every
/// process's files and, through `/proc/N/root`, to the whole disk. (`/dev`
/// holds devices, not scripts, and its links into `/proc` stop there.)
pub(crate) fn kernel_folder(path: &Path) -> bool {
    std::fs::canonicalize(path).is_ok_and(|p| p.starts_with("/proc") || p.starts_with("/sys"))
}

/// Hidden entries, and build folders (Cargo's `target/` carries a
/// `CACHEDIR.TAG`), are not searched for scripts.
fn skipped_dir(e: &walkdir::DirEntry) -> bool {
    skipped_name(e.path()) || (e.file_type().is_dir() && e.path().join("CACHEDIR.TAG").exists())
}

fn skipped_name(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// What [`run_files_streaming`] reports, in this order: for each batch of
/// files a `Planned`, then for each file of the batch (in the order given;
/// [`game_files`] sorts them by path) its `Scenario`s in file order and its
/// `File`.
pub enum Step<'a> {
    /// The next batch of files is read and checked: this many more files
    /// and scenarios.
    Planned {
        /// Files in the batch.
        files: usize,
        /// Scenarios in them.
        scenarios: usize,
    },
    /// A scenario has run.
    Scenario {
        /// Its file.
        source: &'a SourceFile,
        /// What it reported.
        run: &'a ScenarioRun,
    },
    /// A file is done: all its (selected) scenarios ran, or it is invalid.
    File(FileRun),
}

/// A file read from disk and checked.
struct Loaded {
    /// The script, with the lines each scenario's output is counted by.
    source: SourceFile,
    checked: Result<Checked, Diags>,
}

fn load(path: &Path, limits: &Limits) -> Loaded {
    let name = path.display().to_string();
    let unreadable = |e: String| {
        let d = Diag::io("read", &name, e);
        Loaded {
            source: SourceFile::new(name.clone(), ""),
            checked: Err(vec![d]),
        }
    };
    if path.is_dir() {
        // Listed by `game_files` because the folder could not be searched.
        return unreadable(if kernel_folder(path) {
            "a folder of the kernel (/proc, /sys) is not searched for scripts".to_string()
        } else {
            match std::fs::read_dir(path).and_then(|mut d| d.try_for_each(|e| e.map(drop))) {
                Err(e) => format!("the folder cannot be searched: {e}"),
                Ok(()) => "a symlink that leads back to a folder above it (a loop)".to_string(),
            }
        });
    }
    match crate::pipeline::read_source(path) {
        Ok(bytes) => {
            let importer = crate::pipeline::Importer::beside(path);
            let (text, checked) =
                crate::pipeline::check_bytes_importing(&bytes, limits, Some(&importer));
            Loaded {
                source: SourceFile::new(name, text),
                checked,
            }
        }
        Err(e) => unreadable(e.to_string()),
    }
}

/// Files are read, checked and run in batches of at most this many bytes
/// of source (or one larger file), so that a collection of large files is
/// run in bounded memory: sixteen 16 MiB files are never all in memory.
pub(crate) const BATCH_BYTES: u64 = 32 << 20;
/// ... and at most this many files.
pub(crate) const BATCH_FILES: usize = 256;

/// Split `sizes` (file sizes in bytes, in order) into consecutive batches
/// of at most [`BATCH_BYTES`] and [`BATCH_FILES`] (a larger file alone):
/// the index ranges.
pub(crate) fn batches(sizes: &[u64]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut bytes = 0u64;
    for (i, &size) in sizes.iter().enumerate() {
        let size = size.min(crate::limits::SOURCE_BYTES as u64 + 1);
        if i > start && (bytes + size > BATCH_BYTES || i - start >= BATCH_FILES) {
            out.push(start..i);
            start = i;
            bytes = 0;
        }
        bytes += size;
    }
    if start < sizes.len() {
        out.push(start..sizes.len());
    }
    out
}

/// Run files in parallel (a batch of files is read and checked in
/// parallel, then every selected scenario of the batch is a task of its
/// own) and report through `on` in the deterministic order described at
/// [`Step`], as results become available. `tick` is called as soon as any
/// scenario finishes (in no particular order, on a worker thread): for
/// progress bars.
///
/// A file that cannot be read is reported as an invalid file with a
/// `meeple::io` diagnostic. Each file is named by its path as given.
/// Files are held in memory one batch at a time (see `BATCH_BYTES`).
/// The work runs on a thread pool of its own; if no thread can be started
/// it all runs on the calling thread, in the same order.
pub fn run_files_streaming(
    files: &[PathBuf],
    config: &RunConfig,
    tick: &(dyn Fn() + Sync),
    on: &mut dyn FnMut(Step),
) {
    // No pool (no thread can be started): run on this thread alone.
    let pool = rayon::ThreadPoolBuilder::new().build().ok();
    run_files_on(files, config, tick, on, pool.as_ref());
}

fn run_files_on(
    files: &[PathBuf],
    config: &RunConfig,
    tick: &(dyn Fn() + Sync),
    on: &mut dyn FnMut(Step),
    pool: Option<&rayon::ThreadPool>,
) {
    let sizes: Vec<u64> = files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .collect();
    for batch in batches(&sizes) {
        if config.limits.cancelled() {
            break;
        }
        let batch = &files[batch];
        let loaded: Vec<Loaded> = match pool {
            Some(p) => p.install(|| batch.par_iter().map(|f| load(f, &config.limits)).collect()),
            None => batch.iter().map(|f| load(f, &config.limits)).collect(),
        };
        run_batch(&loaded, config, tick, on, pool);
    }
}

/// Run the scenarios of a batch of loaded files and report them in order.
fn run_batch(
    loaded: &[Loaded],
    config: &RunConfig,
    tick: &(dyn Fn() + Sync),
    on: &mut dyn FnMut(Step),
    pool: Option<&rayon::ThreadPool>,
) {
    let (tasks, counts) = plan_tasks(loaded, config);
    on(Step::Planned {
        files: loaded.len(),
        scenarios: tasks.len(),
    });
    let run_task = |&(c, src, si): &(&Checked, &SourceFile, usize)| {
        let (game, opts) = &c.plans[si];
        let sc = &c.file.scenarios[si];
        // Each scenario's output counts against `--memory` on its own (the
        // scenarios of a file run in parallel).
        let mut gate = OutputGate::new(config.limits.output(), src);
        let run = run_scenario(sc, *game, opts, &c.defs, &config.limits, &mut |e| {
            gate.pass(&sc.name.node, e)
        });
        tick();
        run
    };
    std::thread::scope(|s| {
        let tasks = &tasks;
        let (tx, rx) = mpsc::channel::<(usize, ScenarioRun)>();
        let parallel = pool.and_then(|pool| {
            std::thread::Builder::new()
                .spawn_scoped(s, move || {
                    pool.install(|| {
                        tasks
                            .par_iter()
                            .enumerate()
                            .for_each_with(tx, |tx, (i, t)| {
                                let _ = tx.send((i, run_task(t)));
                            });
                    })
                })
                .ok()
        });
        let mut order = InOrder {
            pending: tasks.iter().map(|_| None).collect(),
            next: 0,
            // Without threads, each task runs when its turn comes.
            sequential: parallel.is_none().then(|| tasks.iter().map(run_task)),
            rx,
        };
        for (l, &count) in loaded.iter().zip(&counts) {
            let mut warnings = Vec::new();
            let outcome = match &l.checked {
                Err(diags) => Outcome::Invalid(diags.clone()),
                Ok(checked) => {
                    warnings.clone_from(&checked.warnings);
                    let mut runs = Vec::with_capacity(count);
                    for _ in 0..count {
                        let flagged = config.limits.cancelled();
                        // None: a worker panicked; the scope re-raises it.
                        let Some(run) = order.next_run() else { return };
                        on(Step::Scenario {
                            source: &l.source,
                            run: &run,
                        });
                        // Ctrl-C: the running solves stopped with
                        // `meeple::limit::cancelled`; after the first
                        // such run nothing more is reported (the workers'
                        // last runs, cancelled at their first step, are
                        // dropped).
                        if crate::pipeline::stops_the_run(&run, flagged) {
                            return;
                        }
                        runs.push(run);
                    }
                    Outcome::Ran(runs)
                }
            };
            on(Step::File(FileRun {
                source: l.source.clone(),
                outcome,
                warnings,
            }));
        }
    });
}

/// One task per selected scenario, in output order, and how many tasks
/// each file has.
fn plan_tasks<'a>(
    loaded: &'a [Loaded],
    config: &RunConfig,
) -> (Vec<(&'a Checked, &'a SourceFile, usize)>, Vec<usize>) {
    let mut tasks: Vec<(&Checked, &SourceFile, usize)> = Vec::new();
    let mut counts = vec![0usize; loaded.len()];
    for (count, l) in counts.iter_mut().zip(loaded) {
        if let Ok(c) = &l.checked {
            for (i, sc) in c.file.scenarios.iter().enumerate() {
                if selected(&sc.name.node, config) {
                    tasks.push((c, &l.source, i));
                    *count += 1;
                }
            }
        }
    }
    (tasks, counts)
}

/// A batch's runs handed on in task order, each as soon as it is in: from
/// the workers (in any order, through `rx`) or, without threads, from
/// `sequential`, which runs each task when its turn comes.
struct InOrder<I> {
    pending: Vec<Option<ScenarioRun>>,
    next: usize,
    sequential: Option<I>,
    rx: mpsc::Receiver<(usize, ScenarioRun)>,
}

impl<I: Iterator<Item = ScenarioRun>> InOrder<I> {
    /// The next task's run; `None` when the workers stopped without it (one
    /// panicked).
    fn next_run(&mut self) -> Option<ScenarioRun> {
        while self.pending[self.next].is_none() {
            let got = match &mut self.sequential {
                Some(seq) => seq.next().map(|run| (self.next, run)),
                None => self.rx.recv().ok(),
            };
            let (i, run) = got?;
            self.pending[i] = Some(run);
        }
        let run = self.pending[self.next].take();
        self.next += 1;
        run
    }
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
    /// Whether the scenario or file passed.
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

/// The diagnostic of a scenario that ran with no `expect` line (so it
/// passed without checking anything): a warning when it ran a `solve`
/// whose answer nothing checks, or with `required` (`meeple test
/// --require-expect`) an error that fails any such scenario. `None` when
/// the scenario checked something or failed anyway (or, without
/// `required`, solved nothing: a `show`-only scenario has nothing to
/// check). Its label is on the `scenario` keyword.
pub fn no_expect(run: &ScenarioRun, required: bool) -> Option<Diag> {
    let solved = run.events.iter().any(|e| {
        matches!(
            e,
            crate::interp::Event::Answer {
                query: crate::syntax::ast::QueryKind::Solve,
                ..
            }
        )
    });
    if !run.passed() || run.expects_passed() > 0 || !(solved || required) {
        return None;
    }
    let start = run.span.start();
    let keyword = crate::source::Span::new(start, start + "scenario".len().min(run.span.len()));
    let d = Diag::new(
        Code::ExpectNone,
        format!(
            "scenario \"{}\" has no `expect`: it passes without checking anything",
            crate::pipeline::printable(&run.name)
        ),
    )
    .label(keyword, "no `expect` in this scenario")
    .help("add `expect FIELD VALUE` after its `solve` (the language server's \"fill in expectations\" writes them)");
    Some(if required { d } else { d.warning() })
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
                    note: if w.is_empty() {
                        format!("invalid script: {}", tally(&got))
                    } else {
                        format!("expected errors {}, but got {}", w.join(", "), tally(&got))
                    },
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
/// output ([`text::file`], no colours), with diagnostics naming the script
/// by its file name only, so the text does not depend on the folder
/// `meeple test` was started from.
pub fn snapshot_text(run: &FileRun) -> String {
    let short = Path::new(&run.source.name)
        .file_name()
        .map(|n| n.to_string_lossy());
    let opts = Options {
        name: short.as_deref(),
        ..Options::default()
    };
    text::file(run, &opts)
}

/// Where the snapshot of a script lives: `DIR/NAME.game` →
/// `DIR/__snapshots__/NAME.snap`. The name is kept byte for byte (two
/// scripts whose names differ only in bytes that are not UTF-8 do not
/// share a snapshot).
pub fn snapshot_path(script: &Path) -> PathBuf {
    let mut name = script.file_stem().unwrap_or_default().to_os_string();
    name.push(".snap");
    script
        .parent()
        .unwrap_or(Path::new(""))
        .join("__snapshots__")
        .join(name)
}

/// The pending snapshot beside `snapshot_path(script)`: `NAME.snap.new`.
pub fn pending_path(script: &Path) -> PathBuf {
    let mut p = snapshot_path(script).into_os_string();
    p.push(".new");
    PathBuf::from(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `meeple serve`'s walk stays beneath its folder: a link to a folder
    /// outside is not walked (where [`game_files`] follows it), a link back
    /// up (a loop) stops at once, a link to a folder inside is walked.
    #[cfg(unix)]
    #[test]
    fn the_walk_beneath_a_folder_follows_no_folder_link() {
        let base = std::env::temp_dir().join(format!("meeple-beneath-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let (inside, outside) = (base.join("served"), base.join("outside"));
        std::fs::create_dir_all(inside.join("sub")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(inside.join("a.game"), "").unwrap();
        std::fs::write(inside.join("sub/b.game"), "").unwrap();
        std::fs::write(outside.join("secret.game"), "").unwrap();
        std::os::unix::fs::symlink(&outside, inside.join("out")).unwrap();
        std::os::unix::fs::symlink("..", inside.join("sub/up")).unwrap();
        std::os::unix::fs::symlink("a.game", inside.join("link.game")).unwrap();
        std::os::unix::fs::symlink("sub", inside.join("via")).unwrap();
        let inside = inside.canonicalize().unwrap();
        let found = game_files_beneath(&inside);
        let names: Vec<_> = found
            .iter()
            .map(|p| {
                p.strip_prefix(&inside)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        assert_eq!(names, ["a.game", "link.game", "sub/b.game", "via/b.game"]);
        // The collection walk does follow them (out of the folder, and
        // round the loop until walkdir notices it).
        let all = game_files(&[&inside]).unwrap();
        assert!(all.contains(&inside.join("out/secret.game")), "{all:?}");
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn batches_bound_the_bytes_in_memory() {
        const MIB: u64 = 1 << 20;
        // Sixteen 16 MiB files: two at a time, never all sixteen.
        let big = vec![16 * MIB; 16];
        let b = batches(&big);
        assert_eq!(b.len(), 8);
        assert!(b.iter().all(|r| r.len() == 2));
        // A file past the read limit counts as the limit (that is all that
        // is read of it); small files share a batch up to the file cap;
        // every index once, in order.
        let mixed = [MIB, 20 * MIB, 100 * MIB, MIB, 15 * MIB, MIB];
        assert_eq!(batches(&mixed), [0..2, 2..4, 4..6]);
        let small = vec![10u64; BATCH_FILES * 2 + 1];
        let b = batches(&small);
        assert_eq!(b.len(), 3);
        assert_eq!(
            b.into_iter().flatten().collect::<Vec<_>>(),
            (0..small.len()).collect::<Vec<_>>()
        );
        assert!(batches(&[]).is_empty());
    }

    fn footholds(name: &str, answer: i64) -> String {
        format!(
            "scenario \"{name}\" {{\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  solve\n  expect answer {answer}\n}}\n"
        )
    }

    /// (file, scenario names) in reported order.
    fn order(files: &[PathBuf], pool: Option<&rayon::ThreadPool>) -> Vec<String> {
        let mut out = Vec::new();
        run_files_on(
            files,
            &RunConfig::default(),
            &|| {},
            &mut |step| match step {
                Step::Planned { .. } => {}
                Step::Scenario { run, .. } => out.push(format!("{} {}", run.name, run.passed())),
                Step::File(f) => out.push(f.source.name),
            },
            pool,
        );
        out
    }

    /// A snapshot is the file's whole human output with the script named
    /// by its file name: its warnings too, wherever the file lies (a file
    /// in a folder lost them when the snapshot was drawn from a stand-in
    /// run without them).
    #[test]
    fn snapshots_name_the_file_and_keep_its_warnings() {
        let text = "# only a comment\n";
        let here = crate::run_source("empty.game", text);
        let there = crate::run_source("some/folder/empty.game", text);
        let shown = text::file(&here, &Options::default());
        assert!(shown.contains("meeple::file::empty"), "{shown}");
        assert_eq!(snapshot_text(&here), shown);
        assert_eq!(snapshot_text(&there), shown);
        let invalid = crate::run_source("a/b/bad.game", "scenario \"s\" {\n  game chess\n}\n");
        let snap = snapshot_text(&invalid);
        assert!(snap.contains("bad.game:2:8"), "{snap}");
        assert!(!snap.contains("a/b/"), "{snap}");
    }

    #[cfg(unix)]
    #[test]
    fn snapshot_names_keep_every_byte() {
        use std::os::unix::ffi::OsStrExt;
        let a = Path::new(std::ffi::OsStr::from_bytes(b"d/a\xff.game"));
        let b = Path::new(std::ffi::OsStr::from_bytes(b"d/a\xfe.game"));
        assert_ne!(snapshot_path(a), snapshot_path(b));
        assert_eq!(
            snapshot_path(a).as_os_str().as_bytes(),
            b"d/__snapshots__/a\xff.snap"
        );
        assert_eq!(
            pending_path(b).as_os_str().as_bytes(),
            b"d/__snapshots__/a\xfe.snap.new"
        );
        assert_eq!(
            snapshot_path(Path::new("x.game")),
            Path::new("__snapshots__/x.snap")
        );
    }

    #[test]
    fn no_threads_means_one_thread_with_the_same_report() {
        // A pool whose threads cannot start: no pool, and the run goes on.
        let failing = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .spawn_handler(|_| Err(std::io::Error::other("no threads here")));
        assert!(failing.build().is_err());
        let dir = std::env::temp_dir().join(format!("meeple-pool-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut files = Vec::new();
        for (i, answer) in [2, 3, 2].iter().enumerate() {
            let f = dir.join(format!("f{i}.game"));
            let text = footholds(&format!("a{i}"), *answer) + &footholds(&format!("b{i}"), 2);
            std::fs::write(&f, text).unwrap();
            files.push(f);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let alone = order(&files, None);
        assert_eq!(alone, order(&files, Some(&pool)));
        assert_eq!(alone.len(), 9);
        assert_eq!(alone[0], "a0 true");
        assert_eq!(alone[3], "a1 false");
        std::fs::remove_dir_all(&dir).ok();
    }
}
