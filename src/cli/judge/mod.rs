//! `meeple judge --cmd PROGRAM [PATH…]`: a contestant's program run on every
//! exportable scenario of PATH… (and generated cases), its first output
//! token compared with the exact answer; the first failure is shrunk to a
//! smallest failing case (see [`meeple::shrink`] and docs/judge.md).

mod contain;
mod cut;
mod folder;
mod process;
mod report;
mod save;
mod verdict;

pub use contain::helper;

use super::export::check_all;
use super::gen::ShapeArgs;
use super::out;
use clap::Args;
use contain::{Mode, Wanted};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use meeple::collection::game_files;
use meeple::error::render;
use meeple::export::{export_checked, Item, Settings};
use meeple::games::JudgePosition;
use meeple::limits::Limits;
use meeple::pipeline::printable;
use meeple::source::SourceFile;
use meeple::syntax::ast::Span;
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;
use verdict::{Kind, Verdict};

/// The command line of `meeple judge`.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    /// The program: a shell command line, run with `sh -c`, the judge
    /// input on its stdin, in a fresh empty folder for each run
    /// (`$MEEPLE_DIR` names the folder the judge was started in).
    #[arg(long, value_name = "PROGRAM", required = true)]
    pub cmd: String,
    /// Files or folders: every scenario `meeple export` would export.
    pub paths: Vec<PathBuf>,
    /// Seconds before a run is killed with its process group (TLE).
    #[arg(long, value_name = "SEC", default_value_t = 2.0)]
    pub time_limit: f64,
    /// Runs at once (default: the available cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// Also judge (and shrink to) positions beyond the judge's size limits.
    #[arg(long)]
    pub beyond_limits: bool,
    /// Program runs the shrinker may spend (0: no shrinking).
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub max_runs: usize,
    /// Also judge cases of GAME generated as `meeple gen` does (footholds,
    /// yut, stacking, or with --rules FILE a rules block of FILE).
    #[arg(long, value_name = "GAME")]
    pub gen: Option<String>,
    /// How many cases to generate (default 100).
    #[arg(long, value_name = "N", requires = "gen")]
    pub count: Option<usize>,
    /// The generator's seed (default: a random one, printed).
    #[arg(long, value_name = "S", requires = "gen")]
    pub seed: Option<u64>,
    /// How runs are contained: PID namespaces where the kernel allows them
    /// (`auto`), always (`namespace`, or exit 2), or a subreaper only.
    #[arg(long, value_name = "HOW", default_value = "auto",
          value_parser = ["auto", "namespace", "subreaper"])]
    pub contain: String,
    /// Write every failing case to DIR: N.in (the judge input), N.ans (the
    /// judge's answer), N.got (the program's stdout) and N.verdict.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Start no more runs after the first failure.
    #[arg(long)]
    pub stop_on_fail: bool,
    #[command(flatten)]
    pub shape: ShapeArgs,
}

/// `meeple judge`: the options checked, then [`judge_command`].
pub fn judge(args: &JudgeArgs, limits: &Limits, json: bool, color: bool) -> i32 {
    process::kill_on_signal();
    contain::become_subreaper();
    let time_limit = match Duration::try_from_secs_f64(args.time_limit) {
        Ok(t) if args.time_limit > 0.0 => t,
        _ => {
            out::err(format!(
                "error: --time-limit must be a number of seconds > 0, not {}\n",
                args.time_limit
            ));
            return 2;
        }
    };
    let generate = match &args.gen {
        Some(game) => match args.shape.options(game, limits, args.beyond_limits) {
            Ok(options) => Some(Generate {
                options,
                count: args.count.unwrap_or(DEFAULT_COUNT),
                seed: args.seed.unwrap_or_else(meeple::gen::random_seed),
            }),
            Err(e) => {
                out::err(e.render(color));
                return 2;
            }
        },
        None => {
            if let Some(flag) = args.shape.first_given() {
                out::err(format!(
                    "error: {flag} shapes generated cases: give --gen GAME with it\n"
                ));
                return 2;
            }
            None
        }
    };
    let wanted = match args.contain.as_str() {
        "namespace" => Wanted::Namespace,
        "subreaper" => Wanted::Subreaper,
        _ => Wanted::Auto,
    };
    let contain = match contain::choose(wanted) {
        Ok((mode, None)) => mode,
        Ok((mode, Some(why))) => {
            out::err(format!(
                "note: no PID namespace here ({why}): each run is contained by a subreaper, \
                 which does not hold what escapes a killed judge (see docs/judge.md)\n"
            ));
            mode
        }
        Err(why) => {
            out::err(format!(
                "error: --contain namespace: cannot make a PID namespace: {why}\n"
            ));
            return 2;
        }
    };
    // Each run starts in a fresh folder: a word naming a file of this
    // folder by a relative path (`./a.out`, `python3 sol.py`) is given as
    // its full path, so the usual command lines keep working.
    let cmd = match std::env::current_dir() {
        Ok(here) => files_made_absolute(&args.cmd, &here),
        Err(_) => args.cmd.clone(),
    };
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    judge_command(&JudgeOptions {
        cmd,
        paths: args.paths.clone(),
        generate,
        time_limit,
        jobs,
        beyond_limits: args.beyond_limits,
        max_runs: args.max_runs,
        limits: limits.clone(),
        contain,
        save: args.save.clone(),
        stop_on_fail: args.stop_on_fail,
        json,
        color,
    })
}

/// `cmd` with each word that names a file of `here` (the working folder) by a
/// relative path (`sol.py`, `./a.out`) replaced by its full path, quoted for
/// `sh`: such a path does not reach the file from a run's fresh folder.
/// Words with quotes, `$`, `=` or shell operators are left as they are.
fn files_made_absolute(cmd: &str, here: &std::path::Path) -> String {
    let mut out = String::with_capacity(cmd.len());
    let mut rest = cmd;
    while !rest.is_empty() {
        let start = rest.len() - rest.trim_start().len();
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let plain = !word.starts_with(['/', '-', '~'])
            && !word.contains([
                '"', '\'', '$', '=', '\\', ';', '&', '|', '<', '>', '(', ')', '`', '*', '?',
            ]);
        let path = here.join(word);
        if plain && !word.is_empty() && path.is_file() {
            out.push('\'');
            out.push_str(&path.to_string_lossy().replace('\'', "'\\''"));
            out.push('\'');
        } else {
            out.push_str(word);
        }
        rest = &rest[end..];
    }
    out
}

/// `--count` when not given.
const DEFAULT_COUNT: usize = 100;

/// `--gen GAME --count N --seed S` and the shape options.
pub struct Generate {
    pub options: meeple::gen::Options,
    pub count: usize,
    pub seed: u64,
}

/// The options of `meeple judge`.
pub struct JudgeOptions {
    /// The program, a shell command line (`--cmd`).
    pub cmd: String,
    /// Files or folders of scenarios.
    pub paths: Vec<PathBuf>,
    /// Generated cases (`--gen`).
    pub generate: Option<Generate>,
    /// Kill a run after this long (`--time-limit`).
    pub time_limit: Duration,
    /// Runs at once (`--jobs`).
    pub jobs: usize,
    /// Keep cases beyond the judge's size limits (`--beyond-limits`).
    pub beyond_limits: bool,
    /// Program runs the shrinker may spend (`--max-runs`; 0: no shrinking).
    pub max_runs: usize,
    /// Budgets of the exact solves.
    pub limits: Limits,
    /// How runs are contained (`--contain`, as available).
    pub contain: Mode,
    /// Where failing cases are written (`--save`).
    pub save: Option<PathBuf>,
    /// No more runs after the first failure (`--stop-on-fail`).
    pub stop_on_fail: bool,
    pub json: bool,
    pub color: bool,
}

/// One case to judge.
pub struct Case {
    /// `FILE › SCENARIO`, or the generated case's name.
    pub label: String,
    pub position: JudgePosition,
    /// The judge's answer line.
    pub answer: String,
}

/// A judged case.
pub struct Judged {
    pub verdict: Verdict,
    /// The start of the program's stdout.
    pub stdout: Vec<u8>,
    /// Milliseconds from the spawn to the end.
    pub millis: u128,
}

/// `meeple judge`. Exit 0 when every case is AC, 1 on any failure, 2 when
/// there is nothing to judge, a script is invalid or the program cannot
/// start. Nothing the runs started is left when it returns.
pub fn judge_command(opts: &JudgeOptions) -> i32 {
    let code = judge_cases(opts);
    contain::sweep(&[]);
    code
}

/// [`judge_command`] but the last sweep.
fn judge_cases(opts: &JudgeOptions) -> i32 {
    let Some(mut cases) = path_cases(opts) else {
        return 2;
    };
    if let Some(g) = &opts.generate {
        match generated_cases(g, opts) {
            Some(more) => cases.extend(more),
            None => return 2,
        }
    }
    if cases.is_empty() {
        out::err("error: nothing to judge: no exportable scenario\n");
        return 2;
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            out::err(format!("error: cannot start {} jobs: {e}\n", opts.jobs));
            return 2;
        }
    };
    let bar = progress_bar(cases.len() as u64);
    // Why the program cannot start, once a run has found it: no more runs.
    let stopped: Mutex<Option<String>> = Mutex::new(None);
    // `--stop-on-fail`: set at the first failure; no run starts after it.
    let failing = std::sync::atomic::AtomicBool::new(false);
    let judged: Vec<Option<Judged>> = pool.install(|| {
        cases
            .par_iter()
            .map(|c| {
                let stop = || stopped.lock().unwrap_or_else(PoisonError::into_inner);
                if stop().is_some() || failing.load(std::sync::atomic::Ordering::SeqCst) {
                    return None;
                }
                let ran = process::run(
                    &opts.cmd,
                    opts.contain,
                    &c.position.input(),
                    opts.time_limit,
                );
                if let Some(why) = verdict::cannot_start(&ran) {
                    stop().get_or_insert(why);
                    return None;
                }
                bar.inc(1);
                let j = judged(opts, &ran, &c.answer);
                if opts.stop_on_fail && j.verdict != Verdict::Ac {
                    failing.store(true, std::sync::atomic::Ordering::SeqCst);
                }
                Some(j)
            })
            .collect()
    });
    bar.finish_and_clear();
    if let Some(why) = stopped.into_inner().unwrap_or_else(PoisonError::into_inner) {
        out::err(format!(
            "error: --cmd \"{}\" cannot start: {why}\n\
             note: each run is `sh -c PROGRAM` in a fresh empty folder; \
             $MEEPLE_DIR names the folder meeple judge was started in\n",
            meeple::pipeline::printable(&opts.cmd)
        ));
        return 2;
    }
    // Case numbers (from 1) with their verdicts; with `--stop-on-fail`,
    // the cases never run are left out.
    let not_run = judged.iter().filter(|j| j.is_none()).count();
    let judged: Vec<(usize, &Case, Judged)> = cases
        .iter()
        .zip(judged)
        .enumerate()
        .filter_map(|(i, (c, j))| j.map(|j| (i + 1, c, j)))
        .collect();
    let prelude = opts
        .generate
        .as_ref()
        .map_or(String::new(), |g| g.options.shape.prelude());
    let mut rep = report::Report::new(opts.json, prelude);
    for (n, case, j) in &judged {
        rep.case(*n, case, j);
    }
    if let Some(dir) = &opts.save {
        if let Err(e) = save::failing(dir, &judged) {
            out::folder_error("--save", &e, opts.color);
            return 2;
        }
    }
    let failed = judged.iter().filter(|j| j.2.verdict != Verdict::Ac).count();
    let first = judged
        .iter()
        .find(|j| !matches!(j.2.verdict.kind(), Kind::Ac | Kind::Tle));
    if let (Some((n, case, j)), true) = (first, opts.max_runs > 0) {
        let shrunk = pool.install(|| shrink(opts, case, &j.verdict));
        rep.shrunk(*n, case, &shrunk, opts.color);
    }
    let slowest = judged
        .iter()
        .max_by_key(|(n, _, j)| (j.millis, std::cmp::Reverse(*n)))
        .map(|(n, c, j)| (*n, c.label.as_str(), j.millis));
    rep.summary(&report::Summary {
        passed: judged.len() - failed,
        failed,
        not_run,
        slowest,
        contain: opts.contain,
    });
    i32::from(failed > 0)
}

/// Run the program on one position and judge it.
fn run_case(opts: &JudgeOptions, position: &JudgePosition, answer: &str) -> Judged {
    let ran = process::run(&opts.cmd, opts.contain, &position.input(), opts.time_limit);
    judged(opts, &ran, answer)
}

/// The verdict on a run.
fn judged(opts: &JudgeOptions, ran: &process::Ran, answer: &str) -> Judged {
    let limit = format!("{}", opts.time_limit.as_secs_f64());
    Judged {
        verdict: verdict::judge(ran, answer, &limit),
        stdout: ran.stdout.clone(),
        millis: ran.elapsed.as_millis(),
    }
}

/// The exportable scenarios of the paths, in `meeple test`'s order, with
/// their answers; skipped scenarios are named on stderr as `meeple export`
/// names them. `None` after an error (printed).
fn path_cases(opts: &JudgeOptions) -> Option<Vec<Case>> {
    if opts.paths.is_empty() {
        return Some(Vec::new());
    }
    let files = match game_files(&opts.paths) {
        Ok(f) => f,
        Err(e) => {
            out::err(format!("error: {e}\n"));
            return None;
        }
    };
    let Some(valid) = check_all(&files, &opts.limits, opts.color) else {
        out::err("error: invalid scripts: nothing was judged\n");
        return None;
    };
    let settings = Settings {
        limits: opts.limits.clone(),
        beyond_limits: opts.beyond_limits,
        filter: None,
        game: None,
    };
    let mut cases = Vec::new();
    let mut failed = false;
    for v in &valid {
        let name = v.source.name.as_str();
        for item in export_checked(&v.checked, &settings) {
            match item {
                Item::Case(c) => cases.push(Case {
                    label: format!("{name} › {}", printable(&c.scenario)),
                    position: c.position,
                    answer: c.answer,
                }),
                Item::Skipped {
                    scenario,
                    game,
                    reason,
                } => out::err(format!(
                    "skipped: {name} › {} ({game}): {reason}\n",
                    printable(&scenario)
                )),
                Item::Failed { diag, .. } => {
                    failed = true;
                    out::err(render(&diag, &v.source, opts.color));
                }
            }
        }
    }
    if failed {
        out::err("error: a solve stopped: nothing was judged\n");
        return None;
    }
    Some(cases)
}

/// The generated cases that are judge instances (with `--beyond-limits`,
/// also those beyond its size limits); the others are counted on stderr.
/// `None` after an error (printed).
fn generated_cases(g: &Generate, opts: &JudgeOptions) -> Option<Vec<Case>> {
    let generated = match meeple::gen::generate(&g.options, g.count, g.seed, &|_, _| {}) {
        Ok(x) => x,
        Err(d) => {
            let command = g.options.command(g.count, g.seed);
            // The command is not a script; its diagnostic is drawn
            // against it as against one.
            let command = SourceFile::new("meeple judge --gen", command);
            out::err(render(&d, &command, opts.color));
            return None;
        }
    };
    out::err(format!(
        "judge: {} generated from {} candidates (seed {})\n",
        meeple::games::count(generated.cases.len() as u128, "case"),
        generated.tried,
        g.seed
    ));
    let mut cases = Vec::new();
    // Each reason a generated case is not judged, with how many it took
    // (first seen first): no case is dropped unsaid.
    let mut skipped: Vec<(String, usize)> = Vec::new();
    let mut skip = |why: String| match skipped.iter_mut().find(|(w, _)| *w == why) {
        Some((_, n)) => *n += 1,
        None => skipped.push((why, 1)),
    };
    for c in generated.cases {
        let answer = match c.position.instance() {
            Err(e) if !(e.is_limit() && opts.beyond_limits) => {
                skip(e.to_string());
                continue;
            }
            // A rules game's answer line is its `output FIELD`, solved
            // once already by the generator (read as export writes it).
            _ => {
                let field = c.position.answer_field();
                match c.position.answer_line(&c.fields) {
                    Some(line) => line,
                    None => {
                        skip(format!("the solve gives no field `{field}` for the answer"));
                        continue;
                    }
                }
            }
        };
        cases.push(Case {
            label: c.name,
            position: c.position,
            answer,
        });
    }
    for (why, n) in skipped {
        out::err(format!(
            "skipped: {} generated {}: {why}\n",
            n,
            if n == 1 { "case" } else { "cases" }
        ));
    }
    Some(cases)
}

/// The shrinker's result on one failing case.
pub struct Shrunk {
    pub inner: meeple::shrink::Shrunk<(String, Verdict)>,
}

/// Shrink a failing case: candidates on which the program fails with the
/// same kind of verdict, a batch of `--jobs` at a time.
fn shrink(opts: &JudgeOptions, case: &Case, verdict: &Verdict) -> Shrunk {
    let kind = verdict.kind();
    let settings = meeple::shrink::Settings {
        beyond_limits: opts.beyond_limits,
        max_runs: opts.max_runs,
        batch: opts.jobs,
    };
    let budget_limits = &opts.limits;
    let inner = meeple::shrink::shrink(
        case.position.clone(),
        (case.answer.clone(), verdict.clone()),
        &settings,
        |batch| {
            batch
                .par_iter()
                .map(|p| {
                    let answer = p.answer(&budget_limits.budget(), Span::new(0, 0)).ok()?;
                    let j = run_case(opts, p, &answer);
                    (j.verdict.kind() == kind).then_some((answer, j.verdict))
                })
                .collect()
        },
    );
    Shrunk { inner }
}

/// A bar on stderr when it is a terminal, hidden otherwise.
fn progress_bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("judging {bar:30} {pos}/{len} cases {elapsed}")
    {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::files_made_absolute;

    #[test]
    fn relative_files_of_the_folder_become_full_paths() {
        let dir = std::env::temp_dir().join(format!("meeple-abs-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        for f in ["sol.py", "bin/a.out", "it's"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let d = dir.display();
        assert_eq!(
            files_made_absolute("python3  sol.py < x", &dir),
            format!("python3  '{d}/sol.py' < x")
        );
        assert_eq!(
            files_made_absolute("./bin/a.out", &dir),
            format!("'{d}/./bin/a.out'")
        );
        // A quote in the name is kept inside the quoted path.
        assert_eq!(
            files_made_absolute("it's", &dir),
            "it's",
            "not a plain word"
        );
        // Words that are not files here, or not plain, stay as written.
        for cmd in [
            "python3 missing.py",
            "\"sol.py\"",
            "$X/sol.py",
            "A=sol.py run",
            "bin",
            "sol.py;",
        ] {
            assert_eq!(files_made_absolute(cmd, &dir), cmd);
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
