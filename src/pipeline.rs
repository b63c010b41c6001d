//! The whole pipeline for one file: decode → parse → check → run, and the
//! library API built on it.

use crate::budget::Output;
use crate::check::{check_importing, Checked};
use crate::error::{cap_errors, Code, Diag, Diagnostics, Diags};
use crate::interp::{run_scenario, Event, ScenarioRun};
use crate::limits::{Limits, SOURCE_BYTES};
use crate::render::text;
use crate::source::SourceFile;
use crate::syntax::{decode, parse_at};

pub use crate::interp::{FileRun, Outcome};
pub use imports::{FsLoader, Importer};

mod imports;
pub use crate::render::text::printable;

/// Read a script from disk, at most one byte past [`SOURCE_BYTES`]
/// (enough for [`check_bytes`] to reject it), so that no file, not even
/// `/dev/zero`, is read whole into memory.
pub fn read_source(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(SOURCE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn too_large(limit: usize) -> Diag {
    Diag::new(
        Code::SourceTooLarge,
        format!(
            "the file is larger than {} MiB, the most meeple reads",
            limit >> 20
        ),
    )
    .help("split it into several files; `meeple test DIR` runs a whole folder")
}

/// The warning for a valid file that holds no scenario (an empty file, a
/// file of comments or of tracks only): nothing runs, and nothing fails.
/// Its label, empty, at the file's start, names the file where it is drawn;
/// its help names the file's own rules game when it has one (`rules`, the
/// names of its rules blocks), else the built-in games.
fn no_scenario(base: usize, rules: &[&str]) -> Diag {
    let help = match rules {
        [] => "write one: `scenario \"NAME\" {` then `game footholds` (or yut, stacking)".into(),
        [one] => format!("write one: `scenario \"NAME\" {{` then `game {one}` and its statements (or `import` this file from a scenario file)"),
        [first, ..] => format!(
            "write one: `scenario \"NAME\" {{` then `game {first}` (or {}) and its statements",
            rules[1..].join(", ")
        ),
    };
    Diag::new(
        Code::FileEmpty,
        "this file holds no scenario: nothing to run",
    )
    .label(crate::source::Span::new(base, base), "")
    .warning()
    .help(help)
}

/// Errors that a statement the parser skipped may cause on its own.
fn follows_from_a_gap(code: Code) -> bool {
    matches!(
        code,
        Code::ScenarioNoGame
            | Code::BoardMissing
            | Code::PieceOffBoard
            | Code::PieceInHole
            | Code::PieceNumbering
            | Code::PieceSharedCell
            | Code::QueryMissing
            | Code::PlayIllegal
            | Code::UndoNothing
            | Code::ExpectNoResult
    )
}

/// Parse and check the script `name` given as text, with the default
/// limits; its errors come with the script, ready for miette (see
/// [`Diagnostics`]). `meeple::check_source(name, text)?` works in a
/// `fn main() -> miette::Result<()>`.
pub fn check_named(name: &str, text: &str) -> Result<Checked, Diagnostics> {
    check_text(text).map_err(|diags| Diagnostics::new(name, text, diags))
}

/// Parse and check a file given as text.
pub fn check_text(text: &str) -> Result<Checked, Diags> {
    check_text_with(text, &Limits::default())
}

/// [`check_text`], building the file's tracks within `limits` (`--max-states`,
/// `--timeout`: a track of millions of squares stops like a statement does).
pub(crate) fn check_text_with(text: &str, limits: &Limits) -> Result<Checked, Diags> {
    check_text_at(text, 0, limits)
}

/// [`check_text_with`] for text at byte `base` of a longer source (the
/// REPL's session log): every span is shifted by `base`.
pub(crate) fn check_text_at(text: &str, base: usize, limits: &Limits) -> Result<Checked, Diags> {
    if text.len() > limits.source_bytes {
        return Err(vec![too_large(limits.source_bytes)]);
    }
    let (file, parse_diags) = parse_at(text, base);
    check_parsed(file, parse_diags, base, limits)
}

/// The size check of [`check_text_with`] alone: the error for a text
/// larger than `limits` allows.
pub(crate) fn refuse_large(text: &str, limits: &Limits) -> Option<Diags> {
    (text.len() > limits.source_bytes).then(|| vec![too_large(limits.source_bytes)])
}

/// [`check_text_at`] for a text parsed already (`file` and its syntax
/// errors, spans from `base`): what an editor that keeps the parse checks.
pub(crate) fn check_parsed(
    file: crate::syntax::ast::File,
    parse_diags: Diags,
    base: usize,
    limits: &Limits,
) -> Result<Checked, Diags> {
    check_parsed_importing(file, parse_diags, base, limits, None)
}

/// The check of a parsed file with its imports resolved by `importer`
/// (none: an import is refused, the text having no folder).
fn check_with(
    file: crate::syntax::ast::File,
    limits: &Limits,
    importer: Option<&Importer>,
) -> Result<Checked, Diags> {
    if file.imports.is_empty() {
        return check_importing(file, Default::default(), limits);
    }
    let (root, loader): (&str, &dyn crate::check::imports::Loader) = match importer {
        Some(i) => (&i.root, &*i.loader),
        None => ("", &crate::check::imports::NoFiles),
    };
    let (imported, mut diags) = crate::check::imports::resolve(&file, root, loader, limits);
    let files = imported.files.clone();
    match check_importing(file, imported, limits).map_err(|ds| {
        ds.into_iter()
            .map(|d| crate::check::imports::localize(d, &files))
            .collect::<Diags>()
    }) {
        Ok(c) if diags.is_empty() => Ok(c),
        Ok(_) => Err(diags),
        Err(more) => {
            // A game an import that failed would have defined is not
            // reported again as unknown.
            let failed = !diags.is_empty();
            diags.extend(
                more.into_iter()
                    .filter(|d| !(failed && d.code == Code::GameUnknown)),
            );
            diags.sort_by_key(|d| d.span().map(|s| s.start()));
            Err(diags)
        }
    }
}

/// [`check_parsed`] with the file's imports read by `importer`.
pub(crate) fn check_parsed_importing(
    file: crate::syntax::ast::File,
    parse_diags: Diags,
    base: usize,
    limits: &Limits,
    importer: Option<&Importer>,
) -> Result<Checked, Diags> {
    if parse_diags.is_empty() {
        let mut checked = check_with(file, limits, importer).map_err(|mut d| {
            cap_errors(&mut d, limits.errors_shown);
            d
        })?;
        if checked.file.scenarios.is_empty() {
            let rules: Vec<&str> = checked
                .file
                .rules
                .iter()
                .map(|r| r.name.node.as_str())
                .collect();
            let warning = no_scenario(base, &rules);
            checked.warnings.push(warning);
        }
        return Ok(checked);
    }
    // Check every scenario too, so its other errors show now. In a scenario
    // with a syntax error, the statements the parser skipped are missing:
    // errors that may only follow from that (a piece before any board, an
    // `expect` before any `solve`, …) are left out after it.
    let mut diags = parse_diags;
    let mut bad: Vec<usize> = diags
        .iter()
        .filter_map(|d| d.span())
        .map(|s| s.start())
        .collect();
    bad.sort_unstable();
    // Other errors found while reading (a number or a board too large) leave
    // holes the checker would trip on: those scenarios wait.
    let mut unread: Vec<usize> = diags
        .iter()
        .filter(|d| !matches!(d.code, Code::Parse | Code::ParseUnterminated))
        .filter_map(|d| d.span())
        .map(|s| s.start())
        .collect();
    unread.sort_unstable();
    let within = |list: &[usize], s: &crate::syntax::ast::Scenario| {
        let i = list.partition_point(|&b| b < s.span.start());
        list.get(i).copied().filter(|&b| b < s.span.end())
    };
    let mut file = file;
    file.scenarios.retain(|s| within(&unread, s).is_none());
    let first_bad: Vec<Option<usize>> = file.scenarios.iter().map(|s| within(&bad, s)).collect();
    let spans: Vec<_> = file.scenarios.iter().map(|s| s.span).collect();
    if let Err(more) = check_with(file, limits, importer) {
        diags.extend(more.into_iter().filter(|d| {
            let Some(at) = d.span().map(|s| s.start()) else {
                return true;
            };
            let i = spans.partition_point(|s| s.end() <= at);
            let broken = spans
                .get(i)
                .filter(|s| s.start() <= at)
                .and_then(|_| first_bad[i]);
            match broken {
                Some(b) => {
                    !(follows_from_a_gap(d.code) && (at >= b || d.code == Code::ScenarioNoGame))
                }
                None => true,
            }
        }));
    }
    diags.sort_by_key(|d| d.span().map(|s| s.start()));
    cap_errors(&mut diags, limits.errors_shown);
    Err(diags)
}

/// Parse and check raw bytes (a file as read from disk).
pub fn check_bytes(bytes: &[u8]) -> (String, Result<Checked, Diags>) {
    check_bytes_with(bytes, &Limits::default())
}

/// [`check_bytes`] with the file's tracks built within `limits`.
pub fn check_bytes_with(bytes: &[u8], limits: &Limits) -> (String, Result<Checked, Diags>) {
    check_bytes_importing(bytes, limits, None)
}

/// [`check_bytes_with`] for a script whose `import`s `importer` reads
/// (none: an import is an error, the script having no folder).
pub fn check_bytes_importing(
    bytes: &[u8],
    limits: &Limits,
    importer: Option<&Importer>,
) -> (String, Result<Checked, Diags>) {
    if bytes.len() > limits.source_bytes {
        return (String::new(), Err(vec![too_large(limits.source_bytes)]));
    }
    match decode(bytes) {
        Ok(text) => {
            let (file, parse_diags) = parse_at(&text, 0);
            let r = check_parsed_importing(file, parse_diags, 0, limits, importer);
            (text, r)
        }
        Err((lossy, diag)) => (lossy, Err(vec![diag])),
    }
}

/// Options for a run.
#[derive(Clone, Debug, Default)]
pub struct RunConfig {
    /// Work, time, memory and error limits.
    pub limits: Limits,
    /// Run only scenarios whose name contains this text.
    pub filter: Option<String>,
}

/// Run a checked file's scenarios in order.
pub(crate) fn run_checked(
    checked: &Checked,
    src: &SourceFile,
    config: &RunConfig,
) -> Vec<ScenarioRun> {
    let mut runs = Vec::new();
    run_checked_each(checked, src, config, &mut |run| runs.push(run));
    runs
}

/// Run a checked file's scenarios in order, handing each to `on` as soon
/// as it has run. The file's output is counted against `--memory` (see
/// [`OutputGate`]); once a statement is refused, the scenarios after its
/// own do not run.
pub(crate) fn run_checked_each(
    checked: &Checked,
    src: &SourceFile,
    config: &RunConfig,
    on: &mut dyn FnMut(ScenarioRun),
) {
    let mut gate = OutputGate::new(config.limits.output(), src);
    for (i, sc) in checked.file.scenarios.iter().enumerate() {
        if !selected(&sc.name.node, config) {
            continue;
        }
        if gate.stopped {
            break;
        }
        let (game, opts) = &checked.plans[i];
        let name = &sc.name.node;
        let flagged = config.limits.cancelled();
        let run = run_scenario(sc, *game, opts, &checked.defs, &config.limits, &mut |e| {
            gate.pass(name, e)
        });
        let stop = stops_the_run(&run, flagged);
        on(run);
        if stop {
            break;
        }
    }
}

/// Whether a scenario's run ends a run stopped by Ctrl-C: the scenario
/// whose solve was cancelled (`meeple::limit::cancelled`), or the first
/// to start after the cancel flag was set (`flagged`: its solve, if it
/// has one, stops at its first step). The scenarios after it do not run.
pub(crate) fn stops_the_run(run: &ScenarioRun, flagged: bool) -> bool {
    flagged || run.failures().any(|d| d.code == Code::LimitCancelled)
}

/// What a run prints, counted as it goes against `--memory`: each answer's
/// block of text as `meeple run` prints it (with the scenario's name in its
/// header) plus the bytes the answer keeps ([`crate::games::Answer::held_bytes`]),
/// and each passed expectation's line. Diagnostics are not counted (at most
/// `errors_shown` per scenario). The statement that would take the total
/// past the cap is refused with `meeple::limit::memory`, and stops the run.
pub(crate) struct OutputGate<'a> {
    output: Output,
    src: &'a SourceFile,
    /// A statement was refused.
    pub(crate) stopped: bool,
}

impl<'a> OutputGate<'a> {
    pub(crate) fn new(output: Output, src: &'a SourceFile) -> OutputGate<'a> {
        OutputGate {
            output,
            src,
            stopped: false,
        }
    }

    /// The bytes counted so far.
    #[cfg(test)]
    pub(crate) fn used(&self) -> u64 {
        self.output.used()
    }

    /// Count event `e` of scenario `scenario`, or refuse it.
    pub(crate) fn pass(&mut self, scenario: &str, e: &Event) -> Result<(), Diag> {
        let (bytes, span) = match e {
            Event::Answer {
                query,
                span,
                answer,
                ..
            } => {
                let block = text::answer(
                    &printable(scenario),
                    *query,
                    self.src.line(span.start()),
                    answer,
                );
                (block.len() as u64 + answer.held_bytes(), *span)
            }
            Event::ExpectPassed { span, field, value } => {
                let line = text::expect_passed_at(field, value, self.src.line(span.start()));
                (line.len() as u64, *span)
            }
            Event::Error(_) => return Ok(()),
        };
        self.output.charge(bytes).map_err(|hit| {
            self.stopped = true;
            crate::games::limit_diag(hit, span)
        })
    }
}

/// Does a scenario pass the `--filter`?
pub(crate) fn selected(name: &str, config: &RunConfig) -> bool {
    config
        .filter
        .as_ref()
        .is_none_or(|f| name.contains(f.as_str()))
}

/// Run a script given as text: the library's front door.
///
/// ```
/// let run = meeple::run_source("demo.game", r#"
/// scenario "one cell" {
///   game footholds
///   board [[1]]
///   piece A at (0, 0)
///   piece B at (0, 0)
///   solve
///   expect answer 0
/// }"#);
/// assert_eq!(run.exit_code(), 0);
/// let text = meeple::render::text::file(&run, &Default::default());
/// assert!(text.contains("answer 0"));
/// ```
pub fn run_source(name: &str, text: &str) -> FileRun {
    run_source_with(name, text, &RunConfig::default())
}

/// [`run_source`] with limits and a filter.
pub fn run_source_with(name: &str, text: &str, config: &RunConfig) -> FileRun {
    run_bytes(name, text.as_bytes(), config)
}

/// Run a script given as bytes (reports invalid UTF-8 as a diagnostic).
pub fn run_bytes(name: &str, bytes: &[u8], config: &RunConfig) -> FileRun {
    run_bytes_importing(name, bytes, config, None)
}

/// [`run_bytes`] for a script whose `import`s `importer` reads.
pub fn run_bytes_importing(
    name: &str,
    bytes: &[u8],
    config: &RunConfig,
    importer: Option<&Importer>,
) -> FileRun {
    let (text, checked) = check_bytes_importing(bytes, &config.limits, importer);
    let source = SourceFile::new(name, text);
    let (outcome, warnings) = match checked {
        Ok(c) => (Outcome::Ran(run_checked(&c, &source, config)), c.warnings),
        Err(d) => (Outcome::Invalid(d), Vec::new()),
    };
    FileRun {
        source,
        outcome,
        warnings,
    }
}

/// [`run_bytes`] that keeps no scenario: each is handed to `on` as soon as
/// it has run, with the file (whose outcome is `Ran` with no runs), then
/// dropped — `meeple run` prints a scenario and lets it go, so a run holds
/// one scenario's answers at a time. Returns the file (`Invalid`, or `Ran`
/// with no runs) and the exit code [`FileRun::exit_code`] would give.
pub fn run_bytes_each(
    name: &str,
    bytes: &[u8],
    config: &RunConfig,
    on: &mut dyn FnMut(&FileRun, &ScenarioRun),
) -> (FileRun, i32) {
    run_bytes_each_importing(name, bytes, config, None, on)
}

/// [`run_bytes_each`] for a script whose `import`s `importer` reads.
pub fn run_bytes_each_importing(
    name: &str,
    bytes: &[u8],
    config: &RunConfig,
    importer: Option<&Importer>,
    on: &mut dyn FnMut(&FileRun, &ScenarioRun),
) -> (FileRun, i32) {
    let (text, checked) = check_bytes_importing(bytes, &config.limits, importer);
    let mut file = FileRun {
        source: SourceFile::new(name, text),
        outcome: Outcome::Ran(Vec::new()),
        warnings: Vec::new(),
    };
    let mut checked = match checked {
        Ok(c) => c,
        Err(d) => {
            file.outcome = Outcome::Invalid(d);
            return (file, 2);
        }
    };
    file.warnings = std::mem::take(&mut checked.warnings);
    let mut code = 0;
    run_checked_each(&checked, &file.source, config, &mut |run| {
        if !run.passed() {
            code = 1;
        }
        on(&file, &run);
    });
    (file, code)
}

/// The codes a script declares it must be rejected with, one comment line
/// each: `# expect-error: meeple::board::ragged`. `meeple test` passes such
/// a script when it is invalid with exactly those codes.
pub fn expected_errors(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("# expect-error:"))
        .map(|c| c.trim().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Diagnostics` draws every error of its script: the first as the
    /// report, the others as related diagnostics, each on its own lines.
    #[test]
    fn diagnostics_own_their_source_and_draw_every_error() {
        let text = "scenario \"s\" {\n  game chess\n}\nscenario \"s\" {\n  game yut\n}\n";
        let err = check_named("two.game", text).err().unwrap();
        let codes: Vec<_> = err.diags().iter().map(|d| d.code.as_str()).collect();
        assert_eq!(
            codes,
            ["meeple::game::unknown", "meeple::scenario::duplicate_name"]
        );
        assert!(err.to_string().ends_with("(and 1 more error)"), "{err}");
        let mut out = String::new();
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .render_report(&mut out, &err)
            .unwrap();
        assert!(out.contains("two.game:2:8"), "{out}");
        assert!(out.contains("two.game:4:10"), "{out}");
        assert!(out.contains("meeple::scenario::duplicate_name"), "{out}");
    }

    /// A scenario with a syntax error is still checked, without the errors
    /// that only follow from the statement the parser skipped.
    #[test]
    fn a_scenario_with_a_syntax_error_is_still_checked() {
        let text = "scenario \"s\" {\n  game footholds\n  bord [[1, 1]]\n  piece A at (0, 0)\n  solve\n  expect winner C\n  expect answr 1\n}\n";
        let diags = check_text(text).err().unwrap();
        let codes: Vec<_> = diags.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(
            codes,
            [
                "meeple::parse",
                "meeple::expect::value",
                "meeple::expect::field"
            ]
        );
    }

    fn shown(run: &FileRun) -> String {
        text::file(run, &crate::render::Options::default())
    }

    /// Every script under `scripts/` that runs, each answer and passed
    /// expectation counted as `meeple run` prints it.
    fn bundled_runs() -> Vec<FileRun> {
        let mut files = Vec::new();
        for game in ["footholds", "stacking", "yut", "regressions"] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("scripts")
                .join(game);
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "game") {
                    files.push(p);
                }
            }
        }
        files.sort();
        files
            .iter()
            .map(|p| {
                let text = std::fs::read_to_string(p).unwrap();
                run_source(&p.display().to_string(), &text)
            })
            .filter(|r| matches!(&r.outcome, Outcome::Ran(runs) if !runs.is_empty()))
            .collect()
    }

    /// The output a run counts against `--memory` is exactly the text it
    /// prints (answers and passed expectations; diagnostics are not
    /// counted) plus the bytes its answers keep.
    #[test]
    fn output_counted_equals_what_is_printed_plus_what_is_kept() {
        let runs = bundled_runs();
        assert!(runs.len() >= 10, "{} scripts ran", runs.len());
        let mut answers = 0;
        for file in &runs {
            let Outcome::Ran(scenarios) = &file.outcome else {
                unreachable!()
            };
            let mut gate = OutputGate::new(Output::new(u64::MAX), &file.source);
            let mut printed = 0;
            let mut kept = 0;
            for run in scenarios {
                for e in &run.events {
                    gate.pass(&run.name, e).unwrap();
                    if let Event::Answer { answer, .. } = e {
                        kept += answer.held_bytes();
                        answers += 1;
                    }
                }
                let quiet = crate::render::Options {
                    results_only: true,
                    ..Default::default()
                };
                printed += text::scenario(&file.source, run, &quiet).len() as u64;
            }
            assert_eq!(gate.used(), printed + kept, "{}", file.source.name);
        }
        assert!(answers >= 50, "{answers} answers");
    }

    /// The JSON values of a file are its JSON lines, parsed: for every
    /// bundled script that runs, and for an invalid one.
    #[test]
    fn json_values_are_the_json_lines() {
        let mut runs = bundled_runs();
        runs.push(run_source(
            "bad.game",
            "scenario \"s\" {\n  game chess\n}\n",
        ));
        runs.push(run_source("empty.game", "# nothing\n"));
        let mut objects = 0;
        for run in &runs {
            let parsed: Vec<serde_json::Value> = crate::render::json::file(run, &[])
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            let values = crate::render::json::values(run);
            assert_eq!(values, parsed, "{}", run.source.name);
            objects += values.len();
        }
        assert!(objects >= 100, "{objects} objects");
    }

    /// A run whose output is exactly `--memory` runs whole; one byte less
    /// and its last answer is refused, with the run's limit diagnostic.
    #[test]
    fn the_limit_is_exact() {
        let text = "scenario \"s\" {\n  game footholds\n  board [[1, 1, 1], [1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (1, 2)\n  show\n  solve\n  expect answer 4\n  line boards\n}\nscenario \"t\" {\n  game yut\n  board yut\n  dice 1 2\n  show\n}\n";
        let whole = run_source("s.game", text);
        assert_eq!(whole.exit_code(), 0, "{}", shown(&whole));
        let Outcome::Ran(runs) = &whole.outcome else {
            unreachable!()
        };
        let mut gate = OutputGate::new(Output::new(u64::MAX), &whole.source);
        for run in runs {
            for e in &run.events {
                gate.pass(&run.name, e).unwrap();
            }
        }
        let total = gate.used();
        let with = |memory: u64| {
            let config = RunConfig {
                limits: Limits {
                    memory: Some(memory),
                    ..Limits::default()
                },
                filter: None,
            };
            run_source_with("s.game", text, &config)
        };
        let fits = with(total);
        assert_eq!(fits.exit_code(), 0);
        assert_eq!(shown(&fits), shown(&whole));
        let short = with(total - 1);
        assert_eq!(short.exit_code(), 1);
        let Outcome::Ran(runs) = &short.outcome else {
            unreachable!()
        };
        // The second scenario's `show` is refused: the first ran whole.
        assert_eq!(runs.len(), 2);
        assert!(runs[0].passed());
        let failures: Vec<_> = runs[1].failures().collect();
        assert_eq!(failures.len(), 1);
        assert_eq!(failures[0].code, Code::LimitMemory);
        assert!(failures[0].message.starts_with("the output of this run"));
        // Once refused, nothing after it runs: a third scenario would not.
        let three =
            format!("{text}scenario \"u\" {{\n  game yut\n  board yut\n  dice 1\n  show\n}}\n");
        let cut = {
            let config = RunConfig {
                limits: Limits {
                    memory: Some(total - 1),
                    ..Limits::default()
                },
                filter: None,
            };
            run_source_with("s.game", &three, &config)
        };
        let Outcome::Ran(runs) = &cut.outcome else {
            unreachable!()
        };
        assert_eq!(
            runs.len(),
            2,
            "the scenario after the refused one does not run"
        );
    }
}
