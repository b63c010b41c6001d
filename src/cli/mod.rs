//! Command-line interface: `meeple run|check|test|export|validate|answer|judge|gen|fmt|repl|lsp`.

mod commands;
mod export;
mod fmt;
mod gen;
mod judge;
mod lsp;
mod out;
mod progress;
mod repl;
mod report;
mod serve;
mod snapshot;
mod validate;

use clap::{Parser, Subcommand, ValueEnum};
use meeple::limits::Limits;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "meeple",
    version,
    about = "A scenario language for board-game puzzles"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Stop any solve after visiting this many states (meeple::limit::states).
    #[arg(long, global = true, value_name = "N")]
    pub max_states: Option<u64>,
    /// Stop any solve after this many seconds (meeple::limit::time).
    #[arg(long, global = true, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Memory for a solve's tables, in megabytes (default 1024).
    #[arg(long, global = true, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub memory: Option<u64>,
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Colours in diagnostics.
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Which solver answers footholds, yut and stacking: `native` (their
    /// own solvers, the default) or `rules` (their prelude scripts on the
    /// generic engine; see `meeple rules list`). `native` on a rules game
    /// is an error (meeple::engine::native).
    #[arg(long, global = true, value_enum)]
    pub engine: Option<EngineArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    Native,
    Rules,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run scripts and print every query's result.
    Run {
        /// Scripts to run (`-` reads one from standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also write an SVG picture of every show, line and analyze result
        /// to DIR/<file-stem>/<scenario>-<line>-<query>.svg.
        #[arg(long, value_name = "DIR")]
        svg: Option<PathBuf>,
    },
    /// Parse and validate scripts without running them.
    Check {
        /// Scripts to check (`-` reads one from standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Run every .game file under the paths and report each scenario's expectations.
    Test {
        /// Files or folders (default: the current folder).
        paths: Vec<PathBuf>,
        /// Run only scenarios whose name contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Compare each script's output with __snapshots__/NAME.snap beside it;
        /// a new or different output is written to NAME.snap.new and fails.
        #[arg(long, conflicts_with = "filter")]
        snapshots: bool,
        /// Write snapshots (NAME.snap) instead of pending files; implies --snapshots.
        #[arg(long, conflicts_with = "filter")]
        accept: bool,
        /// Also write a self-contained HTML report (summary, each scenario's
        /// verdict, answers, failed expectations and pictures) to REPORT.
        #[arg(long, value_name = "REPORT")]
        html: Option<PathBuf>,
        /// Fail a scenario that has no `expect` line (without it, such a
        /// scenario passes with the warning meeple::expect::none).
        #[arg(long)]
        require_expect: bool,
    },
    /// Write judge test data: NNN.in and NNN.out for every scenario whose
    /// start position is a judge problem's instance, and index.tsv, in one
    /// folder per problem (DIR/footholds, DIR/yut, DIR/stacking,
    /// DIR/stacking-bottom).
    Export {
        /// The folder to write (created if missing; it must be empty or hold
        /// only a previous export, which is replaced).
        #[arg(long, value_name = "DIR", required = true)]
        judge: PathBuf,
        /// Files or folders, taken in the order `meeple test` runs them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Also export positions beyond the judge's size limits.
        #[arg(long)]
        beyond_limits: bool,
        /// Exit 1 when any scenario was skipped.
        #[arg(long)]
        strict: bool,
        /// Up to N cases in each judge input, for a rules game whose format
        /// starts with its number of test cases (`cases t: 1..T`); other
        /// problems keep one case a file.
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u32).range(1..))]
        cases_per_file: u32,
        /// Export only scenarios whose name contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Export one problem only, straight into DIR (no subfolder):
        /// footholds, yut, stacking, stacking-bottom or a rules game's name.
        #[arg(long, value_name = "NAME")]
        game: Option<String>,
    },
    /// Check hand-written judge inputs with meeple's judge readers (as
    /// testlib's validator): `FILE: ok` or a coded diagnostic on the exact
    /// place; exit 0 when all are valid, 1 otherwise, 2 when a file cannot
    /// be read.
    Validate(JudgeInputs),
    /// Print the judge's answer of judge input files, as a model solution
    /// would: every case of each file (all T of a multi-case format) read
    /// as `meeple validate` reads it, solved exactly, one line each, as
    /// `meeple export` writes .out files.
    Answer(JudgeInputs),
    /// Run a contestant's program on judge cases (AC, WA, TLE, RE, PE) and
    /// shrink the first failure to a smallest failing case.
    Judge(Box<judge::JudgeArgs>),
    /// Write a .game collection of N random scenarios, each with `solve` and
    /// the exact solver's answer in `expect` lines.
    Gen(Box<gen::GenArgs>),
    /// Rewrite scripts in the canonical layout (docs/fmt.md); `-` formats
    /// standard input to standard output.
    Fmt {
        /// Change nothing: print a diff and exit 1 when a script would change.
        #[arg(long)]
        check: bool,
        /// Files or folders (every .game file under them; default: the
        /// current folder), or `-`.
        paths: Vec<PathBuf>,
    },
    /// Serve the web playground: an editor, answers with pictures, and the
    /// collection of .game files under PATH… (docs/serve.md).
    Serve {
        /// The port (0: any free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on (only this machine by default).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Open the page in the default browser.
        #[arg(long)]
        open: bool,
        /// Also answer requests whose Host is NAME (the page reached by a
        /// name of this machine, with --host); repeatable.
        #[arg(long = "allow-host", value_name = "NAME")]
        allow_host: Vec<String>,
        /// Requests that work on a script or a file at once (503 past it).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=4096))]
        max_requests: u64,
        /// Memory those requests share, in MB (each reserves what its body
        /// may cost; 503 when it does not fit).
        #[arg(long, value_name = "MB", default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=1 << 24))]
        request_memory: u64,
        /// Connections open at once (past it a new one is answered 503).
        #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65536))]
        max_connections: u64,
        /// A request's head (or a kept-alive connection's next one) must
        /// arrive within this many ms.
        #[arg(long, hide = true, default_value_t = 30_000)]
        header_timeout_ms: u64,
        /// A request's body must arrive within this many ms.
        #[arg(long, hide = true, default_value_t = 60_000)]
        body_timeout_ms: u64,
        /// A write to a client that reads nothing for this many ms closes
        /// the connection.
        #[arg(long, hide = true, default_value_t = 30_000)]
        write_timeout_ms: u64,
        /// Folders or .game files to browse, open and save (default: the current folder).
        paths: Vec<PathBuf>,
    },
    /// Interactive session (optionally starting from FILE's last scenario).
    Repl { file: Option<PathBuf> },
    /// Serve editors over stdio: the Language Server Protocol
    /// (diagnostics, completion, hover, inlay hints; see editors/README.md).
    Lsp,
    /// The built-in games as rules scripts (the prelude): `list` or `show NAME`.
    Rules {
        #[command(subcommand)]
        what: RulesCommand,
    },
    /// Print a shell completion script (e.g. `meeple completions bash > /etc/bash_completion.d/meeple`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Subcommand, Debug)]
pub enum RulesCommand {
    /// The names of the prelude's scripts.
    List,
    /// Print a prelude script (footholds, yut or stacking).
    Show { name: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

impl Cli {
    fn limits(&self) -> Result<Limits, String> {
        let timeout = match self.timeout {
            Some(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(format!(
                    "--timeout must be a number of seconds ≥ 0, not {t}"
                ))
            }
            Some(t) => Some(Duration::try_from_secs_f64(t).map_err(|_| {
                format!(
                    "--timeout must be a number of seconds from 0 to {}, not {t:e}",
                    Duration::MAX.as_secs()
                )
            })?),
            None => None,
        };
        Ok(Limits {
            max_states: self.max_states,
            timeout,
            cancel: None,
            memory: self.memory.map(|mb| mb << 20),
            engine: match self.engine {
                None => meeple::limits::Engine::Default,
                Some(EngineArg::Native) => meeple::limits::Engine::Native,
                Some(EngineArg::Rules) => meeple::limits::Engine::Rules,
            },
            ..Limits::default()
        })
    }

    /// Colours on stdout (test verdicts, snapshot diffs).
    fn color_out(&self) -> bool {
        use std::io::IsTerminal;
        match self.color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal()
            }
        }
    }

    fn color(&self) -> bool {
        use std::io::IsTerminal;
        match self.color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
            }
        }
    }
}

/// Parse arguments, run the command, return the exit code.
pub fn main() -> i32 {
    // `meeple judge` starts itself again, under another name, to contain a run.
    if let Some(code) = judge::helper() {
        return code;
    }
    let argv = gen::rules_args(
        std::env::args_os().collect(),
        &<Cli as clap::CommandFactory>::command(),
    );
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => return parse_error(&e),
    };
    let code = command(&cli);
    out::finish(code)
}

/// The judge input files of `meeple validate` and `meeple answer`, and
/// the game that reads them.
#[derive(clap::Args, Debug)]
pub struct JudgeInputs {
    /// Judge input files (`-` reads one from standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The game whose judge input they are: footholds, yut, stacking
    /// (BOJ 17837) or stacking-bottom (BOJ 17780, only the bottom piece
    /// moves), or with --rules FILE the name of a rules block of FILE.
    #[arg(long, value_name = "NAME", required = true)]
    game: String,
    /// rules: the script whose rules block GAME is (its `input { … }`
    /// format reads the files; its `output` field is the answer), as for
    /// `meeple gen` and `meeple judge`.
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
}

/// `--help`, `--version` (on stdout, exit 0) or a usage error (on
/// stderr, exit 2), printed as clap prints them, except that a failed
/// write (`--help > /dev/full`) is an error like any other (see [`out`]).
fn parse_error(e: &clap::Error) -> i32 {
    let stream = if e.use_stderr() { "stderr" } else { "stdout" };
    match e.print() {
        Ok(()) => out::finish(e.exit_code()),
        Err(err) => out::failed(stream, &err),
    }
}

fn command(cli: &Cli) -> i32 {
    let limits = match cli.limits() {
        Ok(l) => l,
        Err(e) => {
            out::err(format!("error: {e}\n"));
            return 2;
        }
    };
    let color = cli.color();
    match &cli.command {
        Command::Run { files, svg } => {
            commands::run(files, svg.as_deref(), &limits, cli.format, color)
        }
        Command::Check { files } => commands::check(files, &limits, cli.format, color),
        Command::Export {
            judge,
            paths,
            beyond_limits,
            strict,
            filter,
            game,
            cases_per_file,
        } => export::export(
            paths,
            &export::ExportOptions {
                dir: judge.clone(),
                game: game.clone(),
                settings: meeple::export::Settings {
                    limits: limits.clone(),
                    beyond_limits: *beyond_limits,
                    filter: filter.clone(),
                    game: game.as_deref().map(|g| {
                        meeple::games::GameKind::from_name(g.trim_end_matches("-bottom"))
                            .filter(|_| meeple::export::FOLDERS.contains(&g))
                            .unwrap_or(meeple::games::GameKind::Rules)
                    }),
                },
                per_file: *cases_per_file as usize,
                strict: *strict,
                json: cli.format == Format::Json,
                color,
            },
        ),
        Command::Validate(i) => {
            validate::validate(&i.files, &i.game, i.rules.as_deref(), cli.format, color)
        }
        Command::Answer(i) => validate::answer(
            &i.files,
            &i.game,
            i.rules.as_deref(),
            &limits,
            cli.format,
            color,
        ),
        Command::Judge(args) => judge::judge(args, &limits, cli.format == Format::Json, color),
        Command::Gen(_) if cli.format == Format::Json => {
            out::err("error: `meeple gen` writes a .game file; it has no --format json\n");
            2
        }
        Command::Gen(args) => gen::gen(args, &limits, color),
        Command::Fmt { .. } if cli.format == Format::Json => {
            out::err("error: `meeple fmt` writes scripts; it has no --format json\n");
            2
        }
        Command::Fmt { check, paths } => fmt::fmt(paths, *check, color),
        Command::Serve {
            port,
            host,
            open,
            allow_host,
            max_requests,
            request_memory,
            max_connections,
            header_timeout_ms,
            body_timeout_ms,
            write_timeout_ms,
            paths,
        } => serve::serve(
            &serve::Options {
                port: *port,
                host: host.clone(),
                open: *open,
                paths: paths.clone(),
                allow_hosts: allow_host.clone(),
                max_requests: *max_requests as usize,
                request_memory: *request_memory,
                net: serve::Net {
                    max_connections: *max_connections as usize,
                    header_timeout: Duration::from_millis((*header_timeout_ms).max(1)),
                    body_timeout: Duration::from_millis((*body_timeout_ms).max(1)),
                    write_timeout: Duration::from_millis((*write_timeout_ms).max(1)),
                },
            },
            &limits,
        ),
        Command::Repl { file } => repl::main(file.as_deref(), &limits, color),
        Command::Lsp => lsp::main(&limits),
        Command::Rules { what } => rules(what),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut out = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "meeple", &mut out);
            out::out(out);
            0
        }
        Command::Test {
            paths,
            filter,
            snapshots,
            accept,
            html,
            require_expect,
        } => {
            let opts = commands::TestOptions {
                filter: filter.clone(),
                require_expect: *require_expect,
                html: html.clone(),
                snapshots: *snapshots || *accept,
                accept: *accept,
                format: cli.format,
                color_out: cli.color_out(),
                color_err: color,
            };
            commands::test(paths, &limits, &opts)
        }
    }
}

/// `meeple rules list|show NAME`: the prelude's scripts (the text comes
/// from the library: `meeple::games::prelude`).
fn rules(what: &RulesCommand) -> i32 {
    use meeple::games::prelude;
    match what {
        RulesCommand::List => {
            out::out(prelude::names().join("\n") + "\n");
            0
        }
        RulesCommand::Show { name } => match prelude::text(name) {
            Some(text) => {
                out::out(text);
                0
            }
            None => {
                out::err(format!(
                    "error: the prelude has no script `{name}`; it has {}\n",
                    prelude::names().join(", ")
                ));
                2
            }
        },
    }
}
