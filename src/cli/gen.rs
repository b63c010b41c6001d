//! `meeple gen GAME --count N …`: a `.game` collection of random scenarios
//! with exact answers (the library's `meeple::gen`).

use super::out;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use meeple::error::render;
use meeple::export::{export_checked, write_dir, Item, Settings};
use meeple::games::GameKind;
use meeple::gen::{generate, random_seed, OptionError, Options};
use meeple::limits::Limits;
use meeple::source::SourceFile;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The options of `meeple gen`.
#[derive(Args, Debug)]
pub struct GenArgs {
    /// The game: footholds, yut or stacking, or with --rules FILE the
    /// name of a rules block of FILE.
    pub game: String,
    /// How many scenarios to write.
    #[arg(long, value_name = "N", required = true, value_parser = clap::value_parser!(u32).range(1..))]
    pub count: u32,
    /// The seed (default: a random one, written in the file's header).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Write to FILE instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write the judge files instead (DIR/NNN.in, NNN.out, index.tsv, as
    /// `meeple export --judge DIR --game GAME` writes them); the .game file
    /// only with -o.
    #[arg(long, value_name = "DIR")]
    pub judge: Option<PathBuf>,
    /// With --judge: up to N cases in each judge input, for a rules game
    /// whose format starts with its number of test cases (`cases t: 1..T`).
    #[arg(long, value_name = "N", requires = "judge", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub cases_per_file: u32,
    /// rules: allow --NAME ranges beyond the judge's limits.
    #[arg(long, help_heading = "rules")]
    pub beyond_limits: bool,
}

/// The shape options, `--where`, `--tries` and `--edge`: what `meeple gen`
/// and `meeple judge --gen` share.
#[derive(Args, Debug)]
pub struct ShapeArgs {
    /// footholds: rows, a range A..B (default 1..5).
    #[arg(long, value_name = "A..B", help_heading = "footholds")]
    pub rows: Option<String>,
    /// footholds: columns, a range A..B (default 1..5).
    #[arg(long, value_name = "A..B", help_heading = "footholds")]
    pub cols: Option<String>,
    /// footholds: the chance that a cell is a hole, 0..1 (default 0.25).
    #[arg(long, value_name = "P", help_heading = "footholds")]
    pub holes: Option<String>,
    /// yut: how many rolls (default 10).
    #[arg(long, value_name = "N", help_heading = "yut")]
    pub rolls: Option<String>,
    /// yut: the faces of each roll, A..B (default 1..5).
    #[arg(long, value_name = "A..B", help_heading = "yut")]
    pub dice: Option<String>,
    /// yut: pieces (default 4); stacking: pieces, a range A..B (default 4..10).
    #[arg(long, value_name = "K", help_heading = "yut")]
    pub pieces: Option<String>,
    /// yut: a track of --tracks FILE instead of the built-in board.
    #[arg(long, value_name = "NAME", help_heading = "yut")]
    pub track: Option<String>,
    /// yut: the .game file that defines --track.
    #[arg(long, value_name = "FILE", help_heading = "yut")]
    pub tracks: Option<String>,
    /// stacking: the board's side N, a range A..B (default 4..12).
    #[arg(long, value_name = "A..B", help_heading = "stacking")]
    pub size: Option<String>,
    /// stacking: colour weights W,R,B or white=W,red=R,blue=B (default 1,1,1).
    #[arg(long, value_name = "W,R,B", help_heading = "stacking")]
    pub colors: Option<String>,
    /// stacking: the stack height that ends the game (default 4).
    #[arg(long, value_name = "H", help_heading = "stacking")]
    pub stack: Option<String>,
    /// stacking: which pieces move, any or bottom (default any).
    #[arg(long, value_name = "any|bottom", help_heading = "stacking")]
    pub mover: Option<String>,
    /// stacking: the turn limit, N or none (default 1000).
    #[arg(long, value_name = "N|none", help_heading = "stacking")]
    pub limit: Option<String>,
    /// rules: the script whose rules block GAME is (then --NAME A..B for
    /// each number its `input { … }` reads, --weights, --beyond-limits).
    #[arg(long, value_name = "FILE", help_heading = "rules")]
    pub rules: Option<String>,
    /// rules: weights of board keys or values, K=W,… (default: uniform).
    #[arg(long, value_name = "K=W,…", help_heading = "rules")]
    pub weights: Option<String>,
    /// rules: `--NAME A..B` as given (meeple rewrites a flag its rules
    /// block's format reads to this).
    #[arg(long = "range", value_name = "NAME=A..B", hide = true)]
    pub ranges: Vec<String>,
    /// Keep only cases whose solve meets COND, e.g. "answer >= 20" (repeat: all must hold).
    #[arg(long = "where", value_name = "COND")]
    pub conditions: Vec<String>,
    /// The most candidates to draw (default 100 per case, at least 1000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub tries: Option<u64>,
    /// The game's edge cases first, then random ones.
    #[arg(long)]
    pub edge: bool,
}

impl ShapeArgs {
    fn shape_args(&self) -> Vec<(&'static str, &str)> {
        [
            ("--rows", &self.rows),
            ("--cols", &self.cols),
            ("--holes", &self.holes),
            ("--rolls", &self.rolls),
            ("--dice", &self.dice),
            ("--pieces", &self.pieces),
            ("--track", &self.track),
            ("--tracks", &self.tracks),
            ("--size", &self.size),
            ("--colors", &self.colors),
            ("--stack", &self.stack),
            ("--mover", &self.mover),
            ("--limit", &self.limit),
        ]
        .into_iter()
        .filter_map(|(flag, v)| v.as_deref().map(|v| (flag, v)))
        .collect()
    }

    /// The first option given, if any (`meeple judge` takes them only with `--gen`).
    pub fn first_given(&self) -> Option<&'static str> {
        let flag = self.shape_args().first().map(|(f, _)| *f);
        flag.or_else(|| (!self.conditions.is_empty()).then_some("--where"))
            .or_else(|| self.tries.map(|_| "--tries"))
            .or_else(|| self.edge.then_some("--edge"))
            .or_else(|| self.rules.as_ref().map(|_| "--rules"))
            .or_else(|| self.weights.as_ref().map(|_| "--weights"))
            .or_else(|| self.ranges.first().map(|_| "--NAME"))
    }

    /// The generator's options for `game`: a built-in game, or with
    /// `--rules FILE` a rules block of FILE (`beyond`: `--beyond-limits`).
    pub fn options(
        &self,
        game: &str,
        limits: &Limits,
        beyond: bool,
    ) -> Result<Options, OptionError> {
        let conditions: Vec<&str> = self.conditions.iter().map(String::as_str).collect();
        let mut options = match &self.rules {
            Some(file) => {
                let mut args: Vec<(String, String)> = self
                    .shape_args()
                    .into_iter()
                    .map(|(f, v)| (f.to_string(), v.to_string()))
                    .collect();
                for r in &self.ranges {
                    let (n, v) = r.split_once('=').unwrap_or((r, ""));
                    args.push((format!("--{n}"), v.to_string()));
                }
                if let Some(w) = &self.weights {
                    args.push(("--weights".into(), w.clone()));
                }
                if beyond {
                    args.push(("--beyond-limits".into(), String::new()));
                }
                let args: Vec<(&str, &str)> =
                    args.iter().map(|(f, v)| (f.as_str(), v.as_str())).collect();
                Options::rules(file, game, &args, &conditions)?
            }
            None => {
                let Some(kind) = GameKind::from_name(game) else {
                    return Err(unknown_game(game));
                };
                if let Some(flag) = self
                    .weights
                    .as_ref()
                    .map(|_| "--weights")
                    .or_else(|| self.ranges.first().map(|_| "--NAME"))
                {
                    return Err(OptionError::new(
                        flag,
                        "",
                        meeple::error::Code::GenOption,
                        format!("{flag} shapes a rules game's judge input"),
                        "rules games only",
                        "give --rules FILE with a rules block's name",
                        true,
                    ));
                }
                Options::new(kind, &self.shape_args(), &conditions)?
            }
        };
        options.edge = self.edge;
        options.tries = self.tries;
        options.limits = limits.clone();
        Ok(options)
    }
}

/// A GAME that is neither built in nor given with `--rules`.
fn unknown_game(game: &str) -> OptionError {
    OptionError::new(
        game,
        "",
        meeple::error::Code::GameUnknown,
        format!("meeple has no built-in game `{game}`"),
        "not footholds, yut or stacking",
        "give --rules FILE to generate the rules block of that name",
        true,
    )
}

/// The command line with each `--NAME VALUE` (or `--NAME=VALUE`) of `meeple
/// gen … --rules FILE` and `meeple judge … --rules FILE` that names no
/// option of the command written as `--range NAME=VALUE`: the numbers a
/// rules block's judge format reads are its shape options, which clap
/// cannot know. Other command lines are left as they are.
pub fn rules_args(argv: Vec<std::ffi::OsString>, cli: &clap::Command) -> Vec<std::ffi::OsString> {
    let words: Vec<Option<&str>> = argv.iter().map(|a| a.to_str()).collect();
    let Some(sub_at) = words
        .iter()
        .position(|w| matches!(w, Some("gen") | Some("judge")))
    else {
        return argv;
    };
    if !words
        .iter()
        .any(|w| matches!(w, Some(x) if *x == "--rules" || x.starts_with("--rules=")))
    {
        return argv;
    }
    let sub = cli.find_subcommand(words[sub_at].unwrap_or_default());
    // Each option's long name, and whether it takes a value (copied as it
    // is, even when it starts with `--`).
    let known: std::collections::HashMap<String, bool> = cli
        .get_arguments()
        .chain(sub.into_iter().flat_map(|s| s.get_arguments()))
        .filter_map(|a| {
            a.get_long()
                .map(|l| (l.to_string(), a.get_action().takes_values()))
        })
        .chain([("help".to_string(), false), ("version".to_string(), false)])
        .collect();
    let mut out: Vec<std::ffi::OsString> = argv[..=sub_at].to_vec();
    let mut i = sub_at + 1;
    while i < argv.len() {
        let w = words[i];
        match w.and_then(|w| w.strip_prefix("--")) {
            Some(flag) if !flag.is_empty() => {
                let (name, inline) = match flag.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (flag, None),
                };
                if let Some(takes) = known.get(name) {
                    out.push(argv[i].clone());
                    if *takes && inline.is_none() {
                        if let Some(v) = argv.get(i + 1) {
                            out.push(v.clone());
                            i += 1;
                        }
                    }
                } else if let Some(v) = inline {
                    out.push("--range".into());
                    out.push(format!("{name}={v}").into());
                } else if let Some(Some(v)) = words.get(i + 1) {
                    out.push("--range".into());
                    out.push(format!("{name}={v}").into());
                    i += 1;
                } else {
                    out.push(argv[i].clone());
                }
            }
            _ => out.push(argv[i].clone()),
        }
        i += 1;
    }
    out
}

/// Run `meeple gen`; the exit code.
pub fn gen(args: &GenArgs, limits: &Limits, color: bool) -> i32 {
    let options = match args.shape.options(&args.game, limits, args.beyond_limits) {
        Ok(o) => o,
        Err(e) => {
            out::err(e.render(color));
            return 2;
        }
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let count = args.count as usize;
    let bar = bar(count);
    let result = generate(&options, count, seed, &|found, tried| {
        if let Some(b) = &bar {
            b.set_position(found as u64);
            b.set_message(format!("{tried} candidates"));
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let generated = match result {
        Ok(g) => g,
        Err(d) => {
            let command = options.command(count, seed);
            // The command is not a script; its diagnostic is drawn
            // against it as against one.
            out::err(render(&d, &SourceFile::new("meeple gen", command), color));
            return 1;
        }
    };
    let stopped = match generated.stopped {
        0 => String::new(),
        n => format!(", {n} stopped at a limit"),
    };
    let game = options.shape.game_name();
    let summary = format!(
        "gen: {} {game} scenarios from {} candidates (seed {seed}{stopped})",
        generated.cases.len(),
        generated.tried
    );
    for note in left_out(&generated, &options) {
        out::err(format!("note: {note}\n"));
    }
    if let Some(dir) = &args.judge {
        if let Some(path) = &args.output {
            if let Err(e) = std::fs::write(path, &generated.text) {
                out::err(format!("error: cannot write {}: {e}\n", path.display()));
                return 2;
            }
        }
        return write_judge(
            dir,
            &generated.text,
            limits,
            color,
            &summary,
            args.cases_per_file as usize,
        );
    }
    match &args.output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &generated.text) {
                out::err(format!("error: cannot write {}: {e}\n", path.display()));
                return 2;
            }
            out::err(format!("{summary} → {}\n", path.display()));
        }
        None => {
            out::out_flush(&generated.text);
            out::err(format!("{summary}\n"));
        }
    }
    0
}

/// `--judge DIR`: the generated collection exported as `meeple export
/// --judge DIR --game GAME` exports it (its scenarios checked, each start
/// position solved again by the exporter, the files written by its writer).
fn write_judge(
    dir: &Path,
    text: &str,
    limits: &Limits,
    color: bool,
    summary: &str,
    per_file: usize,
) -> i32 {
    let name = "meeple gen";
    let source = SourceFile::new(name, text.to_string());
    let checked = match meeple::pipeline::check_text(text) {
        Ok(c) => c,
        Err(diags) => {
            // The generator writes valid scripts; shown if it ever does not.
            for d in &diags {
                out::err(render(d, &source, color));
            }
            return 1;
        }
    };
    let settings = Settings {
        limits: limits.clone(),
        ..Settings::default()
    };
    let items = export_checked(&checked, &settings);
    let mut cases = Vec::new();
    let (mut skipped, mut failed) = (0usize, 0usize);
    for item in &items {
        match item {
            Item::Case(case) => cases.push((name, case)),
            Item::Skipped {
                scenario, reason, ..
            } => {
                skipped += 1;
                let hint = if reason.is_limit() {
                    " (-o FILE, then `meeple export --beyond-limits`, exports it)"
                } else {
                    ""
                };
                out::err(format!("skipped: {scenario}: {reason}{hint}\n"));
            }
            Item::Failed { diag, .. } => {
                failed += 1;
                out::err(render(diag, &source, color));
            }
        }
    }
    if let Err(e) = meeple::export::check_per_file(&cases, per_file) {
        out::err(format!("error: {e}: no judge file was written\n"));
        return 2;
    }
    if let Err(e) = write_dir(dir, &cases, per_file) {
        out::folder_error("--judge", &e, color);
        return 2;
    }
    let mut line = format!(
        "{summary} → {} in {}",
        meeple::games::count(cases.len() as u128, "judge case"),
        dir.display()
    );
    if skipped > 0 {
        line.push_str(&format!(", {skipped} skipped"));
    }
    if failed > 0 {
        line.push_str(&format!(", {failed} failed"));
    }
    out::err(format!("{line}\n"));
    i32::from(failed > 0)
}

/// What a collection leaves out that the command line asked for: edge
/// cases past `--count`, edge cases `--where` filtered, and how many
/// candidates `--where` filtered in all.
pub fn left_out(g: &meeple::gen::Generated, options: &Options) -> Vec<String> {
    let mut notes = Vec::new();
    let e = &g.edges;
    let list = |l: &[String]| {
        l.iter()
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !e.left.is_empty() {
        notes.push(format!(
            "--count {} holds {} of the {} edge cases; left out: {} (a larger --count takes them)",
            g.cases.len(),
            e.total - e.left.len() - e.dropped.len(),
            e.total,
            list(&e.left)
        ));
    }
    if !e.dropped.is_empty() {
        let all = if e.dropped.len() == e.total {
            "all "
        } else {
            ""
        };
        notes.push(format!(
            "--where (or a solve stopped at a limit) left out {all}{} of the {} edge cases: {}",
            e.dropped.len(),
            e.total,
            list(&e.dropped)
        ));
    }
    for (label, why) in &e.refused {
        notes.push(format!(
            "the edge case `{label}` is left out: no draw of it meets the requirements ({why})"
        ));
    }
    if g.filtered > 0 && !options.conditions.is_empty() {
        notes.push(format!(
            "--where left out {} of {} candidates",
            g.filtered, g.tried
        ));
    }
    notes
}

/// A bar on a terminal for more than 50 cases.
fn bar(count: usize) -> Option<ProgressBar> {
    if count <= super::progress::MANY_SCENARIOS || !std::io::stderr().is_terminal() {
        return None;
    }
    let b = ProgressBar::with_draw_target(Some(count as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} cases, {msg}") {
        b.set_style(style);
    }
    Some(b)
}
