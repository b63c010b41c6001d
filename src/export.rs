//! Judge test data from a collection (`meeple export --judge DIR PATH…`):
//! every scenario whose start position is an instance of its game's judge
//! problem becomes a pair `NNN.in` (the judge input) and `NNN.out` (the
//! judge's answer) in its problem's folder ([`FOLDERS`]), numbered in the
//! order `meeple test` runs the scenarios.
//!
//! A scenario's *start position* is what its declarations (`board`, `piece`,
//! `dice`, `input`) build under its rules, with every `play`, `step` and
//! query left out; its answer comes from the exact solver on that position,
//! not from the scenario's own `solve` (which may come after moves).
//!
//! ```
//! use meeple::export::{export_checked, Item, Settings};
//! use meeple::pipeline::check_text;
//!
//! let text = r#"scenario "kakao example 1, a weak first move" {
//!   game footholds
//!   board [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
//!   piece A at (1, 0)
//!   piece B at (1, 2)
//!   play A to (0, 0)
//!   solve
//!   expect answer 6
//! }"#;
//! let checked = check_text(text).unwrap();
//! let items = export_checked(&checked, &Settings::default());
//! let Item::Case(case) = &items[0] else { panic!() };
//! assert_eq!(case.input, "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n");
//! // From the start (A wins in 5), not after the weak `play` (B wins, 6 in all).
//! assert_eq!(case.answer, "5\n");
//! assert_eq!(case.position.problem(), "2022 KAKAO");
//! ```

use crate::budget::Budget;
use crate::check::Checked;
use crate::error::Diag;
use crate::games::{self, Ctx, GameKind, JudgePosition, Lowering, NotInstance};
use crate::limits::Limits;
use crate::syntax::ast::Stmt;
use rayon::prelude::*;
use std::path::Path;

/// How to export.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Budgets for each solve (`--timeout`, `--max-states`, `--memory`).
    pub limits: Limits,
    /// Export positions that are beyond the judge's size limits too
    /// (`--beyond-limits`); a rule that differs is never exported.
    pub beyond_limits: bool,
    /// Only scenarios whose name contains this text (`--filter`, as
    /// `meeple test` takes it); the others are passed over unsaid.
    pub filter: Option<String>,
    /// Only scenarios of this game (`--game`); the others are passed over
    /// unsaid.
    pub game: Option<GameKind>,
}

/// One exported case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The scenario's name.
    pub scenario: String,
    /// Its start position.
    pub position: JudgePosition,
    /// The judge input (`NNN.in`).
    pub input: String,
    /// The judge's answer and a newline (`NNN.out`).
    pub answer: String,
}

/// What became of one scenario.
#[derive(Clone, Debug)]
pub enum Item {
    /// Exported.
    Case(Case),
    /// Not exported: not an instance (a rule differs), or beyond the
    /// judge's size limits without [`Settings::beyond_limits`].
    Skipped {
        /// The scenario's name.
        scenario: String,
        /// Its game's name (a rules game's own name, not `rules`).
        game: String,
        /// Which rule or limit differs from the judge's.
        reason: NotInstance,
    },
    /// The solve stopped at a budget (or the position is too large for the
    /// solver): a diagnostic on the scenario's name.
    Failed {
        /// The scenario's name.
        scenario: String,
        /// What stopped the solve.
        diag: Diag,
    },
}

/// The start position of scenario `index` of a checked file: its
/// declarations run under its rules, nothing else.
pub fn start_position(checked: &Checked, index: usize) -> Result<JudgePosition, NotInstance> {
    let sc = &checked.file.scenarios[index];
    let (game, opts) = &checked.plans[index];
    let mut session = games::session(*game, opts);
    let budget = Budget::unlimited();
    let limits = Limits::default();
    let cx = Ctx {
        options: opts,
        limits: &limits,
        budget: &budget,
    };
    let lx = Lowering {
        options: opts,
        defs: &checked.defs,
    };
    for stmt in &sc.stmts {
        if matches!(
            stmt.node,
            Stmt::Board(_)
                | Stmt::Piece { .. }
                | Stmt::Dice(_)
                | Stmt::Set { .. }
                | Stmt::Input { .. }
        ) && session.apply(stmt, &lx, &cx).is_err()
        {
            // The checker has passed the file, so this does not happen.
            return Err(NotInstance::Rule("a declaration fails".into()));
        }
    }
    session.judge_position()
}

/// Every scenario of a checked file (whose name and game the settings take), in file order: exported, skipped or
/// failed. The solves run in parallel.
pub fn export_checked(checked: &Checked, settings: &Settings) -> Vec<Item> {
    let wanted = |i: &usize| {
        settings
            .filter
            .as_deref()
            .is_none_or(|f| checked.file.scenarios[*i].name.node.contains(f))
            && settings.game.is_none_or(|g| checked.plans[*i].0 == g)
    };
    let indices: Vec<usize> = (0..checked.file.scenarios.len()).filter(wanted).collect();
    indices
        .into_par_iter()
        .map(|i| export_scenario(checked, i, settings))
        .collect()
}

fn export_scenario(checked: &Checked, index: usize, settings: &Settings) -> Item {
    let sc = &checked.file.scenarios[index];
    let scenario = sc.name.node.clone();
    let game = checked.plans[index].0;
    let position = match start_position(checked, index).and_then(|p| match p.instance() {
        Err(e) if !(e.is_limit() && settings.beyond_limits) => Err(e),
        _ => Ok(p),
    }) {
        Ok(p) => p,
        Err(reason) => {
            // A rules game by its own name (the checker's plan holds it).
            let game = match &checked.plans[index].1.rules {
                Some(r) => r.name.clone(),
                None => game.to_string(),
            };
            return Item::Skipped {
                scenario,
                game,
                reason,
            };
        }
    };
    match position.answer(&settings.limits.budget(), sc.name.span) {
        Ok(answer) => Item::Case(Case {
            scenario,
            input: position.input(),
            answer,
            position,
        }),
        Err(diag) => Item::Failed { scenario, diag },
    }
}

/// The case numbers' width: 3 digits (`001`), more when there are more
/// than 999 cases.
pub fn width(cases: usize) -> usize {
    cases.to_string().len().max(3)
}

/// The name of case `n` (counted from 1) of `cases`: `001`, `002`, ….
pub fn number(n: usize, cases: usize) -> String {
    format!("{n:0w$}", w = width(cases))
}

/// A field of `index.tsv`: backslash, tab, newline and carriage return
/// written as `\\`, `\t`, `\n`, `\r`, so a row is one line of five fields.
pub fn tsv_field(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// `index.tsv`: a header line `number file scenario game problem`, then one
/// row per case, tab-separated; `cases` pairs each case with its file's name,
/// `numbers` gives each case's input file (from 1: several cases share one
/// under `--cases-per-file`).
pub fn index_tsv(cases: &[(&str, &Case)], numbers: &[usize]) -> String {
    let files = numbers.last().copied().unwrap_or(0);
    let mut out = String::from("number\tfile\tscenario\tgame\tproblem\n");
    for ((file, case), n) in cases.iter().zip(numbers) {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            number(*n, files),
            tsv_field(file),
            tsv_field(&case.scenario),
            case.position.game(),
            case.position.problem()
        ));
    }
    out
}

/// One judge input of several cases: the count, then each case's input
/// without its own count line (`1`), in order.
fn joined_input(group: &[(&str, &Case)]) -> String {
    let mut text = format!("{}\n", group.len());
    for (_, case) in group {
        let input = &case.input;
        text.push_str(input.split_once('\n').map_or("", |(_, rest)| rest));
    }
    text
}

/// Whether a file name is one an export writes: `index.tsv`, or digits
/// followed by `.in` or `.out`.
fn written_by_export(name: &str) -> bool {
    if name == "index.tsv" {
        return true;
    }
    let stem = name
        .strip_suffix(".in")
        .or_else(|| name.strip_suffix(".out"));
    stem.is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
}

/// The folders of `meeple export --judge DIR`, one per judge problem, in
/// the order they are written: `footholds` (2022 KAKAO), `yut` (BOJ
/// 17825), `stacking` (BOJ 17837, any piece moves) and `stacking-bottom`
/// (BOJ 17780, only the bottom piece moves: the judge input does not say
/// which, so the two problems never share a folder).
pub const FOLDERS: [&str; 4] = ["footholds", "yut", "stacking", "stacking-bottom"];

/// The folder of a case's problem: one of [`FOLDERS`] for the built-in
/// games, a rules game's name for a rules game with a judge format.
pub fn folder(position: &JudgePosition) -> String {
    match (position.game(), position.problem()) {
        (_, "BOJ 17780") => "stacking-bottom".into(),
        (crate::games::GameKind::Rules, name) => name.to_string(),
        (game, _) => game.name().to_string(),
    }
}

/// The cases grouped by [`folder`]: the [`FOLDERS`] in their order, then
/// the rules games' folders in the order their first case comes; each
/// group in the cases' order; folders without a case are left out.
pub fn by_folder<'a>(cases: &[(&'a str, &'a Case)]) -> Vec<(String, Vec<(&'a str, &'a Case)>)> {
    let mut names: Vec<String> = FOLDERS.iter().map(|f| f.to_string()).collect();
    for (_, c) in cases {
        let f = folder(&c.position);
        if !names.contains(&f) {
            names.push(f);
        }
    }
    names
        .into_iter()
        .map(|f| {
            let group: Vec<_> = cases
                .iter()
                .filter(|(_, c)| folder(&c.position) == f)
                .copied()
                .collect();
            (f, group)
        })
        .filter(|(_, g)| !g.is_empty())
        .collect()
}

/// Make `dir` ready for an export (created if missing): it may hold only
/// what an export writes — `index.tsv`, `NNN.in`, `NNN.out`, and folders
/// named in [`FOLDERS`] (or a rules game's, holding an `index.tsv`) holding
/// only such files — which is removed, so that
/// `dir` then holds exactly the new export. Anything else there is an
/// error, and nothing is removed.
fn prepare(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{shown} is not a folder"));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {shown}: {e}"))?;
    let (files, folders) = exported_entries(dir, true)?;
    let mut old_files = files;
    for sub in &folders {
        old_files.extend(exported_entries(sub, false)?.0);
    }
    for path in old_files {
        std::fs::remove_file(&path)
            .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    for sub in folders {
        std::fs::remove_dir(&sub).map_err(|e| format!("cannot remove {}: {e}", sub.display()))?;
    }
    Ok(())
}

/// The files (and, with `folders`, the problem folders) in `dir`, or an
/// error naming the first entry that is not an export's.
fn exported_entries(
    dir: &Path,
    folders: bool,
) -> Result<(Vec<std::path::PathBuf>, Vec<std::path::PathBuf>), String> {
    let shown = dir.display();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let (mut files, mut dirs) = (Vec::new(), Vec::new());
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {shown}: {e}"))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type().ok();
        if kind.is_some_and(|t| t.is_file()) && written_by_export(&name) {
            files.push(entry.path());
        } else if folders
            && kind.is_some_and(|t| t.is_dir())
            // A built-in problem's folder, or a rules game's (named after
            // its block: an export's `index.tsv` in it).
            && (FOLDERS.contains(&name.as_str()) || entry.path().join("index.tsv").is_file())
        {
            dirs.push(entry.path());
        } else {
            return Err(format!(
                "{shown} holds `{name}`, which is not from an export; \
                 choose an empty or new folder"
            ));
        }
    }
    Ok((files, dirs))
}

/// How many of one folder's cases an input holds: `per_file` for a format
/// of several cases, 1 for a format of one; more than the format allows is
/// an error.
fn group_size(cases: &[(&str, &Case)], per_file: usize) -> Result<usize, String> {
    match cases.first().and_then(|(_, c)| c.position.cases_max()) {
        Some(max) if per_file > 1 => {
            if per_file as u64 > max {
                return Err(format!(
                    "--cases-per-file {per_file} is more than `{}`'s judge input holds (at most {max} cases)",
                    cases[0].1.position.game_name()
                ));
            }
            Ok(per_file)
        }
        _ => Ok(1),
    }
}

/// Whether every problem's cases can go `per_file` to an input (`meeple
/// export --cases-per-file`): an error naming the first problem whose
/// format holds fewer cases an input. A problem whose format reads one case
/// keeps one a file.
pub fn check_per_file(cases: &[(&str, &Case)], per_file: usize) -> Result<(), String> {
    for (_, group) in by_folder(cases) {
        group_size(&group, per_file)?;
    }
    Ok(())
}

/// Write one folder's cases: one `NNN.in`/`NNN.out` pair per case, or
/// with `per_file` over 1 and a format of several cases (`cases t: 1..T`,
/// [`JudgePosition::cases_max`]) up to `per_file` cases an input, in order
/// (more than the format allows is an error); a format of one case keeps
/// one a file.
fn write_cases(dir: &Path, cases: &[(&str, &Case)], per_file: usize) -> Result<(), String> {
    let write = |name: String, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let size = group_size(cases, per_file)?;
    let groups: Vec<&[(&str, &Case)]> = cases.chunks(size.max(1)).collect();
    let mut numbers = Vec::with_capacity(cases.len());
    for (i, group) in groups.iter().enumerate() {
        let n = number(i + 1, groups.len());
        let (input, answer) = if size == 1 {
            (group[0].1.input.clone(), group[0].1.answer.clone())
        } else {
            (
                joined_input(group),
                group.iter().map(|(_, c)| c.answer.as_str()).collect(),
            )
        };
        write(format!("{n}.in"), &input)?;
        write(format!("{n}.out"), &answer)?;
        numbers.extend(std::iter::repeat_n(i + 1, group.len()));
    }
    write("index.tsv".into(), &index_tsv(cases, &numbers))
}

/// Write the cases straight into `dir` (`meeple export --game`, `meeple
/// gen --judge`): `NNN.in`, `NNN.out` and `index.tsv`, numbered from 001
/// (up to `per_file` cases an input where the format reads several,
/// `--cases-per-file`). `dir` is made ready as [`write_folders`] makes it.
pub fn write_dir(dir: &Path, cases: &[(&str, &Case)], per_file: usize) -> Result<(), String> {
    group_size(cases, per_file)?;
    prepare(dir)?;
    write_cases(dir, cases, per_file)
}

/// Write the cases into one folder per problem ([`by_folder`]):
/// `dir/footholds/001.in`, `dir/yut/001.in`, …, each folder numbered from
/// 001 with its own `index.tsv`. `dir` is created if missing; it must be
/// empty or hold only a previous export (flat or by folder), which is
/// removed first, so that it holds exactly this export; anything else there
/// is an error, and nothing is written. `per_file` as for [`write_dir`].
pub fn write_folders(dir: &Path, cases: &[(&str, &Case)], per_file: usize) -> Result<(), String> {
    check_per_file(cases, per_file)?;
    prepare(dir)?;
    for (name, group) in by_folder(cases) {
        let sub = dir.join(name);
        std::fs::create_dir(&sub).map_err(|e| format!("cannot create {}: {e}", sub.display()))?;
        write_cases(&sub, &group, per_file)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_widen_past_999() {
        assert_eq!(number(1, 5), "001");
        assert_eq!(number(42, 999), "042");
        assert_eq!(number(7, 1000), "0007");
    }

    #[test]
    fn tsv_fields_stay_on_one_line() {
        assert_eq!(tsv_field("a\tb\nc\\d\r"), "a\\tb\\nc\\\\d\\r");
        assert_eq!(tsv_field("plain « name »"), "plain « name »");
    }

    #[test]
    fn only_export_files_are_replaced() {
        for name in ["index.tsv", "001.in", "1234.out"] {
            assert!(written_by_export(name), "{name}");
        }
        for name in [".in", "a01.in", "001.ans", "notes.txt", "001.in.bak"] {
            assert!(!written_by_export(name), "{name}");
        }
    }
}
