//! The REPL's state: a [`Workspace`] (every text typed or loaded, the
//! current scenario, the scenarios and tracks available) and how its
//! reports are printed.

use super::commands::HELP;
use crate::cli::progress::SolveProgress;
use meeple::error::{render, Diag};
use meeple::games::GameKind;
use meeple::interp::Event;
use meeple::limits::Limits;
use meeple::pipeline::printable;
use meeple::render::text;
use meeple::source::SourceFile;
use meeple::syntax::ast::QueryKind;
use meeple::workspace::{Notice, Output, Sources, Workspace};

/// Where output goes: results to `out`, diagnostics to `err`.
pub trait Sink {
    fn out(&mut self, text: &str);
    fn err(&mut self, text: &str);
}

/// The whole REPL session.
pub struct State {
    ws: Workspace,
    /// Draw the position after every change (`:set autoshow on`).
    pub autoshow: bool,
    /// Print each query's time after it (`:time on`).
    pub time: bool,
    color: bool,
    /// Scenario names listed so far (for Tab), for tests.
    #[cfg(test)]
    pub names_listed: std::cell::Cell<usize>,
}

/// How the REPL prints: the workspace's sources (for places and
/// diagnostics) and the switches.
#[derive(Clone, Copy)]
struct Printer {
    color: bool,
    time: bool,
}

impl State {
    pub fn new(limits: Limits, color: bool) -> State {
        let mut ws = Workspace::new(limits);
        // A typed `import "x.game"` reads x.game in the current folder.
        if let Ok(here) = std::env::current_dir() {
            ws.set_importer(meeple::pipeline::Importer::beside(&here.join("<repl>")));
        }
        State {
            ws,
            autoshow: false,
            time: false,
            color,
            #[cfg(test)]
            names_listed: Default::default(),
        }
    }

    /// The current scenario's game.
    pub fn game(&self) -> Option<GameKind> {
        self.ws.game()
    }

    /// The legal moves of the current position, as written after `play`.
    pub fn legal_plays(&self) -> Option<Vec<String>> {
        self.ws.legal_plays()
    }

    /// The names of the available scenarios.
    pub fn scenario_names(&self) -> Vec<String> {
        let names: Vec<String> = self.ws.scenarios().into_iter().map(|(n, _)| n).collect();
        #[cfg(test)]
        self.names_listed.set(self.names_listed.get() + names.len());
        names
    }

    /// What Tab completes from: the session's game, scenarios, tracks,
    /// legal moves, the `rules` block the current scenario plays and the
    /// rules games defined (typed, loaded or imported).
    pub fn complete_cx(&self) -> super::editor::CompleteCx {
        super::editor::CompleteCx {
            game: self.game(),
            scenarios: self.scenario_names(),
            tracks: self.track_names(),
            plays: self.legal_plays(),
            rules: self.ws.current_rules().cloned(),
            rules_games: self
                .ws
                .rules_defs()
                .iter()
                .map(|r| r.name.node.clone())
                .collect(),
        }
    }

    /// The names of the tracks defined in this session.
    pub fn track_names(&self) -> Vec<String> {
        self.ws.track_names()
    }

    fn printer(&self) -> Printer {
        Printer {
            color: self.color,
            time: self.time,
        }
    }

    /// Run `f` on the workspace, printing what it reports as it comes (the
    /// progress line of a long solve is cleared before each report).
    fn drive<R>(
        &mut self,
        sink: &mut dyn Sink,
        f: impl FnOnce(&mut Workspace, &mut dyn FnMut(&Sources, Output)) -> R,
    ) -> R {
        let p = self.printer();
        self.ws.autoshow = self.autoshow;
        let progress = SolveProgress::start(self.ws.limits().meter.as_ref());
        let r = f(&mut self.ws, &mut |sources, o| {
            progress.clear();
            print_output(sources, p, o, sink)
        });
        drop(progress);
        r
    }

    /// Run what the user typed: statements of the current scenario, whole
    /// scenario blocks, track definitions.
    pub fn input(&mut self, text: &str, sink: &mut dyn Sink) {
        if bare_word(text, sink) {
            return;
        }
        self.drive(sink, |ws, emit| ws.input(text, emit));
    }

    /// `:load FILE`: check the file like `meeple check`; if it is valid its
    /// scenarios (and tracks) become available and the last one current.
    pub fn load(&mut self, path: &std::path::Path, sink: &mut dyn Sink) {
        let name = path.display().to_string();
        let bytes = match meeple::pipeline::read_source(path) {
            Ok(b) => b,
            Err(e) => {
                let d = Diag::io("read", &name, e);
                sink.err(&render(&d, &SourceFile::empty(name.as_str()), self.color));
                return;
            }
        };
        let importer = meeple::pipeline::Importer::beside(path);
        self.drive(sink, |ws, emit| {
            ws.load_importing(&name, &bytes, Some(&importer), emit)
        });
    }

    /// `:use NAME`: make a loaded scenario current, at the position its
    /// statements build.
    pub fn use_scenario(&mut self, name: &str, sink: &mut dyn Sink) {
        if self.drive(sink, |ws, emit| ws.use_scenario(name, emit)) {
            return;
        }
        let known = self.scenario_names();
        let name = printable(name);
        sink.err(&if known.is_empty() {
            format!("there is no scenario \"{name}\": none is loaded (use :load FILE)\n")
        } else {
            format!(
                "there is no scenario \"{name}\"; the scenarios are: {}\n",
                known
                    .iter()
                    .map(|n| format!("\"{}\"", printable(n)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
    }

    /// `:scenarios`: the available scenarios, the current one marked.
    pub fn list(&self) -> String {
        let scenarios = self.ws.scenarios();
        if scenarios.is_empty() {
            return "no scenarios loaded (:load FILE, or type a scenario \"NAME\" { … } block)\n"
                .to_string();
        }
        let current = self.ws.current_name();
        scenarios
            .iter()
            .map(|(name, g)| {
                let mark = if Some(name.as_str()) == current {
                    "*"
                } else {
                    " "
                };
                format!("{mark} \"{}\" ({g})\n", printable(name))
            })
            .collect()
    }

    /// `:show`: the current scenario as a script.
    pub fn script(&self) -> String {
        let (Some(name), Some((tracks, stmts))) =
            (self.ws.current_name(), self.ws.current_statements())
        else {
            return "no current scenario: type `game footholds` (or yut, stacking), or :load FILE\n"
                .to_string();
        };
        let sources = self.ws.sources();
        let mut out = String::new();
        for t in tracks {
            out.push_str(sources.slice(t.span));
            out.push('\n');
        }
        if let Some(rules) = self.ws.current_rules_text() {
            out.push_str(rules);
            out.push_str("\n\n");
        }
        let name = name.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("scenario \"{name}\" {{\n"));
        for s in stmts {
            out.push_str(&indent(sources.slice(s.span)));
        }
        out.push_str("}\n");
        out
    }

    /// `:save FILE`: the current scenario as a script (what `:show`
    /// prints), which `meeple run FILE` runs. An existing FILE is kept
    /// (it may hold other scenarios and comments, say the file just
    /// loaded) unless `force` (`:save! FILE`), which writes over it in
    /// place (its links, owner and mode stay).
    pub fn save(&self, path: &std::path::Path, force: bool, sink: &mut dyn Sink) {
        let Some(current) = self.ws.current_name() else {
            sink.err("no current scenario to save\n");
            return;
        };
        let name = path.display().to_string();
        let written = if force {
            std::fs::write(path, self.script())
        } else {
            use std::io::Write;
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
                .and_then(|mut f| f.write_all(self.script().as_bytes()))
        };
        let d = match written {
            Ok(()) => return sink.out(&format!("saved to {name}\n")),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Diag::io(
                "write",
                &name,
                format_args!(
                    "it exists, and :save writes only the current scenario \"{}\": all the file holds would be replaced",
                    printable(current)
                ),
            )
            .help(format!(
                "`:save! {name}` replaces the file with this one scenario; or save to a new file"
            )),
            Err(e) => Diag::io("write", &name, e),
        };
        sink.err(&render(&d, &SourceFile::empty(name.as_str()), self.color));
    }

    /// `:svg FILE`: the current position as an SVG picture (what `show`
    /// would draw; see docs/pictures.md).
    pub fn svg(&mut self, path: &std::path::Path, sink: &mut dyn Sink) {
        let Some(name) = self.ws.current_name().map(str::to_string) else {
            sink.err("no current scenario to draw\n");
            return;
        };
        let title = format!("{name} · show");
        let picture = self
            .ws
            .show()
            .and_then(|answer| meeple::render::svg::answer(&title, QueryKind::Show, &answer));
        let Some(svg) = picture else {
            sink.err("nothing to draw yet: declare the board first\n");
            return;
        };
        match std::fs::write(path, svg) {
            Ok(()) => sink.out(&format!("drawn to {}\n", path.display())),
            Err(e) => {
                let name = path.display().to_string();
                let d = Diag::io("write", &name, e);
                sink.err(&render(&d, &SourceFile::empty(name.as_str()), self.color));
            }
        }
    }

    /// `:reset`: back to the scenario's starting position (the moves typed
    /// at the prompt are taken back; declarations and rules stay).
    pub fn reset(&mut self, sink: &mut dyn Sink) {
        if !self.drive(sink, |ws, emit| ws.reset(emit)) {
            sink.err("no current scenario to reset\n");
        }
    }
}

/// `help`, `quit`, `exit` or `clear` typed without the colon: answer
/// (`help`) or point at the command. Returns whether `text` was one.
fn bare_word(text: &str, sink: &mut dyn Sink) -> bool {
    let reply = match text.trim() {
        "help" | "?" => HELP,
        "quit" | "exit" | "q" => "to leave, type :quit (or press Ctrl-D)\n",
        "clear" => "to clear the screen, press Ctrl-L; to take back the moves, type :reset\n",
        "reset" => "to take back the moves, type :reset; `game NAME` starts a new scenario\n",
        _ => return false,
    };
    sink.out(reply);
    true
}

/// Print one report of the workspace the way `meeple run` prints results:
/// answers and passed expectations on `out` (with the time each query took
/// when `:time on`), errors on `err`, and the position after each change
/// when `:set autoshow on`.
fn print_output(sources: &Sources, p: Printer, o: Output, sink: &mut dyn Sink) {
    match o {
        Output::Event { scenario, event } => print_event(sources, &scenario, &event, p, sink),
        Output::Error(d) => sink.err(&sources.render(&d, p.color)),
        Output::Notice(Notice::PositionChanged) => {}
        Output::Notice(n) if n.is_failure() => sink.err(&format!("{n}\n")),
        Output::Notice(n) => sink.out(&format!("{n}\n")),
        Output::Position(answer) => {
            for l in text::lines(&answer) {
                sink.out(&format!("{l}\n"));
            }
        }
        // A kind of report this REPL does not know yet shows nothing.
        _ => {}
    }
}

fn print_event(sources: &Sources, name: &str, e: &Event, p: Printer, sink: &mut dyn Sink) {
    match e {
        Event::Answer {
            query,
            span,
            answer,
            elapsed,
        } => {
            sink.out(&text::answer_at(
                &printable(name),
                *query,
                &sources.place(span.start()),
                answer,
            ));
            if p.time {
                sink.out(&format!("({:.3} ms)\n", elapsed.as_secs_f64() * 1e3));
            }
        }
        Event::ExpectPassed { span, field, value } => {
            sink.out(&text::expect_passed_place(
                field,
                value,
                &sources.place(span.start()),
            ));
        }
        Event::Error(d) => sink.err(&sources.render(d, p.color)),
        _ => {}
    }
}

/// A statement's text indented for a scenario block: the first line by 2,
/// the lines of a board or raw block by 4 (keeping their relative
/// indentation), a closing `}` or `"""` by 2.
fn indent(text: &str) -> String {
    let mut lines = text.trim_end().lines();
    let mut out = format!("  {}\n", lines.next().unwrap_or("").trim());
    let mut body: Vec<&str> = lines.collect();
    let closer = body
        .last()
        .map(|l| l.trim())
        .filter(|t| t.starts_with('}') || t.starts_with("\"\"\""));
    if closer.is_some() {
        body.pop();
    }
    let common = body
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    for l in body {
        match l.get(common..).map(str::trim_end) {
            Some(t) if !t.is_empty() => out.push_str(&format!("    {t}\n")),
            _ => out.push('\n'),
        }
    }
    if let Some(t) = closer {
        out.push_str(&format!("  {t}\n"));
    }
    out
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Collects output for tests.
    #[derive(Default)]
    pub struct Capture {
        pub out: String,
        pub err: String,
    }

    impl Sink for Capture {
        fn out(&mut self, text: &str) {
            self.out.push_str(text);
        }
        fn err(&mut self, text: &str) {
            self.err.push_str(text);
        }
    }

    fn run(state: &mut State, lines: &[&str]) -> Capture {
        let mut c = Capture::default();
        for l in lines {
            state.input(l, &mut c);
        }
        c
    }

    const BOARD: &str = "board {\n  1 1 1\n  1 1 1\n  1 1 1\n}";

    const STONES: &str = "rules stones {\n  players A B\n  layer foothold: bool\n  legend {\n    \"1\": foothold[here] = true\n    \"0\": foothold[here] = false\n  }\n  piece A, B { at: cell }\n  when stuck: lose\n  turn {\n    lose if not foothold[me.at]\n    choose d in directions(orthogonal) where foothold[step(me.at, d)]\n    foothold[me.at] = false\n    me.at = step(me.at, d)\n  }\n  solve moves\n}\n";

    /// An error found inside a file a typed `import` read (a run-time
    /// error of its rules) names its place as file:line:col in its help,
    /// as `meeple run` and `:load` do (before, its label was dropped and
    /// nothing said where it was); so does the second import's, whose
    /// spans do not overlap the first's.
    #[test]
    fn an_error_inside_a_typed_import_names_its_place() {
        let dir = tempfile::tempdir().unwrap();
        let divz = |name: &str| {
            format!("rules {name} {{\n  players solo\n  board none\n  var x: 0..5 = 0\n  turn {{\n    choose d in [0]\n    x = 1 / d\n    win\n  }}\n  solve shortest within 2\n}}\n")
        };
        std::fs::write(dir.path().join("one.game"), divz("one")).unwrap();
        std::fs::write(dir.path().join("two.game"), format!("\n\n{}", divz("two"))).unwrap();
        let mut s = State::new(Limits::default(), false);
        s.ws = Workspace::new(Limits::default());
        s.ws.set_importer(meeple::pipeline::Importer::beside(
            &dir.path().join("<repl>"),
        ));
        for (game, place) in [("one", "one.game:7:9"), ("two", "two.game:9:9")] {
            let c = run(&mut s, &[&format!("import \"{game}.game\"")]);
            assert_eq!(c.err, "");
            let c = run(
                &mut s,
                &[&format!(
                    "scenario \"{game}\" {{\n  game {game}\n  solve\n}}"
                )],
            );
            assert!(c.err.contains("divided by zero"), "{}", c.err);
            assert!(
                c.err
                    .contains(&format!("failed here: {place}: `x = 1 / d`")),
                "{}",
                c.err
            );
        }
    }

    /// Issue 29 item 7: `import` typed at the prompt reads the file
    /// beside the session's folder; `:load` of a file with imports brings
    /// the imported rules, as `meeple run` does; Tab after `play` offers
    /// the rules game's legal moves.
    #[test]
    fn import_typed_or_loaded_brings_the_rules() {
        use super::super::editor::{complete, CompleteCx, Completion};
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("lib")).unwrap();
        std::fs::write(dir.path().join("lib/stones.game"), STONES).unwrap();
        let scenario = "scenario \"s\" {\n  game stones\n  board {\n    1 1 1\n    0 0 1\n  }\n  piece A at (0, 0)\n  piece B at (1, 2)\n  solve\n}\n";
        std::fs::write(
            dir.path().join("uses.game"),
            format!("import \"lib/stones.game\"\n{scenario}"),
        )
        .unwrap();
        // Typed, without a folder to read from: refused with its code.
        let mut s = State::new(Limits::default(), false);
        s.ws = Workspace::new(Limits::default());
        let c = run(&mut s, &["import \"lib/stones.game\""]);
        assert!(c.err.contains("import"), "{}", c.err);
        // Typed, in the folder.
        s.ws.set_importer(meeple::pipeline::Importer::beside(
            &dir.path().join("<repl>"),
        ));
        let c = run(&mut s, &["import \"lib/stones.game\""]);
        assert_eq!(
            (c.out.as_str(), c.err.as_str()),
            ("rules stones defined\n", "")
        );
        let c = run(&mut s, &[scenario]);
        assert!(c.out.contains("answer 3"), "{} {}", c.out, c.err);
        // Tab after `play`: the legal moves, the mover first.
        let cx = |s: &State| CompleteCx {
            game: s.game(),
            plays: s.legal_plays(),
            ..CompleteCx::default()
        };
        let labels = |line: &str, s: &State| match complete(line, line.len(), &cx(s)) {
            Completion::Words { words, .. } => words,
            Completion::Path => Vec::new(),
        };
        assert_eq!(labels("play ", &s), ["A"]);
        assert_eq!(labels("play A ", &s), ["right"]);
        // `:load` of a file that imports: as `meeple run` reads it.
        let mut s = State::new(Limits::default(), false);
        let mut c = Capture::default();
        s.load(&dir.path().join("uses.game"), &mut c);
        assert_eq!(c.err, "");
        let c = run(&mut s, &["play A right", "solve"]);
        assert!(c.out.contains("answer 2"), "{} {}", c.out, c.err);
    }

    /// Issue 31 item 5: Tab in a rules game's scenario offers the game's
    /// words, as the language server does: the rules games after `game`,
    /// the params after `rule` and their values, the vars after `set`, the
    /// objective's fields after `expect` and the players after `winner`,
    /// the legal moves after `play`.
    #[test]
    fn tab_in_a_rules_game_offers_its_params_fields_and_moves() {
        use super::super::editor::{complete, Completion};
        let mut s = State::new(Limits::default(), false);
        let tab = |s: &State, line: &str| -> Vec<String> {
            match complete(line, line.len(), &s.complete_cx()) {
                Completion::Words { words, .. } => words,
                Completion::Path => Vec::new(),
            }
        };
        let game = STONES.replace(
            "  layer foothold",
            "  param reach: 1..3 = 1\n  var rounds: calm | wild = calm\n  layer foothold",
        );
        let c = run(&mut s, &[&game]);
        assert_eq!(c.err, "");
        assert_eq!(tab(&s, "game s"), ["stacking", "stones"]);
        let c = run(
            &mut s,
            &[
                "game stones",
                "board {\n  1 1 1\n  0 0 1\n}",
                "piece A at (0, 0)",
                "piece B at (1, 2)",
            ],
        );
        assert_eq!(c.err, "");
        assert_eq!(tab(&s, "rule "), ["first", "origin", "reach"]);
        assert_eq!(tab(&s, "rule reach "), ["1", "3"]);
        assert_eq!(tab(&s, "set "), ["rounds"]);
        assert_eq!(tab(&s, "set rounds w"), ["wild"]);
        assert_eq!(tab(&s, "expect "), ["answer", "moves", "winner"]);
        assert_eq!(tab(&s, "solve expect winner "), ["A", "B", "draw"]);
        assert_eq!(tab(&s, "play "), ["A"]);
        assert!(tab(&s, "").contains(&"game".to_string()));
    }

    /// Issue 32 item 4: Tab after `play A ` offers the legal steps of the
    /// session's position only (A in a corner of a board with a hole).
    #[test]
    fn tab_after_play_offers_the_legal_moves_only() {
        use super::super::editor::{complete, CompleteCx, Completion};
        let mut s = State::new(Limits::default(), false);
        let tab = |s: &State, line: &str| -> Vec<String> {
            let cx = CompleteCx {
                game: s.game(),
                plays: s.legal_plays(),
                ..CompleteCx::default()
            };
            match complete(line, line.len(), &cx) {
                Completion::Words { words, .. } => words,
                Completion::Path => Vec::new(),
            }
        };
        run(
            &mut s,
            &[
                "game footholds",
                "board {\n  1 0 1\n  1 1 1\n  1 1 1\n}",
                "piece A at (0, 0)",
                "piece B at (2, 2)",
            ],
        );
        assert_eq!(tab(&s, "play A "), ["down", "to"]);
        assert!(tab(&s, "play B ").is_empty());
        assert_eq!(tab(&s, "play "), ["A"]);
        run(&mut s, &["play A down"]);
        assert_eq!(tab(&s, "play "), ["B"]);
        assert_eq!(tab(&s, "play B "), ["left", "to", "up"]);
    }

    #[test]
    fn svg_draws_the_current_position() {
        let mut s = State::new(Limits::default(), false);
        let path = std::env::temp_dir().join(format!("meeple-repl-{}.svg", std::process::id()));
        let mut c = Capture::default();
        s.svg(&path, &mut c);
        assert!(c.err.contains("no current scenario"), "{}", c.err);
        run(&mut s, &["game footholds", BOARD, "piece A at (1, 0)"]);
        let mut c = Capture::default();
        s.svg(&path, &mut c);
        assert!(c.out.starts_with("drawn to"), "{}{}", c.out, c.err);
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(
            svg.contains("<title>") && svg.contains("not placed yet: B"),
            "{svg}"
        );
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn statements_build_a_scenario_and_solve() {
        let mut s = State::new(Limits::default(), false);
        let c = run(
            &mut s,
            &[
                "game footholds",
                BOARD,
                "piece A at (1, 0)",
                "piece B at (1, 2)",
                "solve",
                "expect answer 5",
            ],
        );
        assert!(c.err.is_empty(), "{}", c.err);
        // Inputs are numbered: the board is input 2, `solve` input 5.
        assert!(c.out.contains("== repl · solve (input 5) =="), "{}", c.out);
        assert!(c.out.contains("ok: expect answer 5 (input 6)"), "{}", c.out);
        assert!(c.out.contains("answer 5"), "{}", c.out);
        assert!(c.out.contains("ok: expect answer 5"), "{}", c.out);
        let script = s.script();
        assert!(
            script.starts_with("scenario \"repl\" {\n  game footholds\n  board {"),
            "{script}"
        );
        assert!(
            script.contains("  piece B at (1, 2)\n  solve\n"),
            "{script}"
        );
    }

    #[test]
    fn errors_point_into_the_typed_text_and_are_not_kept() {
        let mut s = State::new(Limits::default(), false);
        let c = run(&mut s, &["game chess"]);
        assert!(c.err.contains("meeple::game::unknown"), "{}", c.err);
        assert!(c.err.contains("game chess"), "{}", c.err);
        let c = run(&mut s, &["solve"]);
        assert!(c.err.contains("meeple::scenario::no_game"), "{}", c.err);
        let c = run(&mut s, &["game footholds", BOARD, "piece A at (9, 9)"]);
        assert!(c.err.contains("meeple::piece::off_board"), "{}", c.err);
        assert!(c.err.contains("<input 5>:1:"), "{}", c.err);
        assert!(!s.script().contains("(9, 9)"));
        let c = run(&mut s, &["piece A at (1, 0)", "piece B at (1, 2)", "solve"]);
        assert!(c.err.is_empty(), "{}", c.err);
        assert!(c.out.contains("answer 5"), "{}", c.out);
        // A second board replaces the first only if the pieces still fit.
        let c = run(&mut s, &["board [[1]]"]);
        assert!(c.err.contains("meeple::piece::off_board"), "{}", c.err);
        assert!(c.err.contains("board not replaced"), "{}", c.err);
        assert!(s.script().contains("  board {"), "{}", s.script());
        let c = run(&mut s, &["board [[1, 1, 1], [1, 1, 1]]", "solve"]);
        assert!(c.out.contains("board replaced"), "{}", c.out);
        assert!(!s.script().contains("  board {"), "{}", s.script());
        let c = run(&mut s, &["piece B at (0, 2)", "show"]);
        assert!(c.out.contains("piece B replaced"), "{}", c.out);
        assert!(s.script().contains("piece B at (0, 2)"), "{}", s.script());
        assert!(!s.script().contains("piece B at (1, 2)"), "{}", s.script());
        let c = run(&mut s, &["piece A at"]);
        assert!(c.err.contains("meeple::parse"), "{}", c.err);
    }

    #[test]
    fn rules_rebuild_the_position() {
        let mut s = State::new(Limits::default(), false);
        run(
            &mut s,
            &[
                "game footholds",
                BOARD,
                "piece A at (1, 0)",
                "piece B at (1, 2)",
            ],
        );
        let c = run(&mut s, &["rule first B", "solve"]);
        assert!(c.err.is_empty(), "{}", c.err);
        assert!(
            s.script()
                .contains("  game footholds\n  rule first B\n  board"),
            "{}",
            s.script()
        );
        let c = run(&mut s, &["rule first A", "solve"]);
        assert!(c.out.contains("answer 5"), "{}", c.out);
        assert!(!s.script().contains("first B"));
        let c = run(&mut s, &["rule first C"]);
        assert!(c.err.contains("meeple::rule::value"), "{}", c.err);
        // origin 1 moves the pieces: (1, 0) is off a 1-based board, and the
        // rule is taken back.
        let c = run(&mut s, &["rule origin 1"]);
        assert!(c.err.contains("meeple::piece::off_board"), "{}", c.err);
        assert!(c.err.contains("rule origin not changed"), "{}", c.err);
        assert!(!s.script().contains("origin"), "{}", s.script());
        let c = run(&mut s, &["solve"]);
        assert!(c.out.contains("answer 5"), "{}", c.out);
    }

    #[test]
    fn moves_undo_reset_and_autoshow() {
        let mut s = State::new(Limits::default(), false);
        run(
            &mut s,
            &[
                "game footholds",
                BOARD,
                "piece A at (1, 0)",
                "piece B at (1, 2)",
            ],
        );
        s.autoshow = true;
        let c = run(&mut s, &["play A up"]);
        assert!(c.err.is_empty(), "{}", c.err);
        assert!(!c.out.is_empty());
        let c = run(&mut s, &["undo", "undo"]);
        assert!(c.err.contains("meeple::undo::nothing"), "{}", c.err);
        run(&mut s, &["play A up"]);
        let mut c = Capture::default();
        s.reset(&mut c);
        assert!(!s.script().contains("play"), "{}", s.script());
        assert!(
            c.out.contains("moves typed here are taken back"),
            "{}",
            c.out
        );
    }

    /// Issue 32 item 4: `:reset` after `:use` goes back to the position the
    /// scenario's own statements build (its own `play`s included), and
    /// says so.
    #[test]
    fn reset_after_use_keeps_the_scenarios_own_moves() {
        let mut s = State::new(Limits::default(), false);
        let block = format!(
            "scenario \"m\" {{\n game footholds\n {BOARD}\n piece A at (1, 0)\n piece B at (1, 2)\n play A up\n}}"
        );
        run(&mut s, &[&block, "game stacking"]);
        let mut c = Capture::default();
        s.use_scenario("m", &mut c);
        run(&mut s, &["play B down"]);
        let mut c = Capture::default();
        s.reset(&mut c);
        assert!(c.out.contains("the scenario's own moves stay"), "{}", c.out);
        let c = run(&mut s, &["show"]);
        assert!(c.out.contains("A at (0, 0), B at (1, 2)"), "{}", c.out);
        let script = s.script();
        assert!(
            script.contains("play A up") && !script.contains("play B"),
            "{script}"
        );
    }

    #[test]
    fn scenario_blocks_and_use() {
        let mut s = State::new(Limits::default(), false);
        let block = format!(
            "scenario \"k1\" {{\n game footholds\n {BOARD}\n piece A at (1, 0)\n piece B at (1, 2)\n solve\n expect answer 5\n}}"
        );
        let c = run(&mut s, &[&block]);
        assert!(c.err.is_empty(), "{}", c.err);
        assert!(
            c.out.contains("== k1 · solve (input 1, line 10) =="),
            "{}",
            c.out
        );
        assert!(
            c.out.contains("scenario \"k1\" (footholds) is current"),
            "{}",
            c.out
        );
        run(&mut s, &["game stacking"]);
        let mut c = Capture::default();
        s.use_scenario("k1", &mut c);
        assert_eq!(s.game(), Some(GameKind::Footholds));
        assert!(s.list().contains("* \"k1\" (footholds)"));
        s.use_scenario("nope", &mut c);
        assert!(c.err.contains("\"k1\""), "{}", c.err);
        let c = run(&mut s, &["scenario \"bad\" { board [[1]] }"]);
        assert!(c.err.contains("meeple::scenario::no_game"), "{}", c.err);
    }

    #[test]
    fn loading_a_file() {
        let dir = std::env::temp_dir().join(format!("meeple-repl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("two.game");
        std::fs::write(
            &path,
            format!("scenario \"a\" {{\n  game footholds\n  {BOARD}\n  piece A at (1, 0)\n  piece B at (1, 2)\n}}\nscenario \"b\" {{\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n}}\n"),
        )
        .unwrap();
        let mut s = State::new(Limits::default(), false);
        let mut c = Capture::default();
        s.load(&path, &mut c);
        assert!(c.out.contains("2 scenarios"), "{}", c.out);
        assert!(s.list().contains("* \"b\""), "{}", s.list());
        // A piece placed again replaces the file's placement.
        let c = run(&mut s, &["piece A at (0, 0)"]);
        assert!(c.out.contains("piece A replaced"), "{}{}", c.out, c.err);
        // A rule that breaks the loaded position is taken back.
        let c = run(&mut s, &["rule origin 1"]);
        assert!(c.err.contains("rule origin not changed"), "{}", c.err);
        assert!(!s.script().contains("origin"), "{}", s.script());
        let bad = dir.join("bad.game");
        std::fs::write(
            &bad,
            "scenario \"x\" {\n  game footholds\n  board {\n 1 1\n 1\n }\n}\n",
        )
        .unwrap();
        let mut c = Capture::default();
        s.load(&bad, &mut c);
        assert!(c.err.contains("meeple::board::ragged"), "{}", c.err);
        assert!(c.err.contains("nothing was loaded"), "{}", c.err);
        let mut c = Capture::default();
        s.load(&dir.join("missing.game"), &mut c);
        assert!(c.err.contains("meeple::io"), "{}", c.err);
        // Loading again replaces the scenarios by name (through the index).
        let mut c = Capture::default();
        s.load(&path, &mut c);
        assert_eq!(s.list().lines().count(), 2, "{}", s.list());
        assert_eq!(s.scenario_names().len(), 2);
        s.use_scenario("a", &mut c);
        assert!(s.list().contains("* \"a\""), "{}", s.list());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bare_words_save_and_time() {
        let mut s = State::new(Limits::default(), false);
        let c = run(&mut s, &["help", "quit", "exit", "clear"]);
        assert!(c.err.is_empty(), "{}", c.err);
        assert!(c.out.contains(":load FILE"), "{}", c.out);
        assert_eq!(c.out.matches("type :quit").count(), 2, "{}", c.out);
        assert!(c.out.contains(":reset"), "{}", c.out);
        // Issue 32 item 4: `clear` names the key that clears the screen.
        assert!(c.out.contains("Ctrl-L"), "{}", c.out);
        let mut c = Capture::default();
        let dir = std::env::temp_dir().join(format!("meeple-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("saved.game");
        s.save(&path, false, &mut c);
        assert!(c.err.contains("no current scenario"), "{}", c.err);
        run(
            &mut s,
            &[
                "game footholds",
                BOARD,
                "piece A at (1, 0)",
                "piece B at (1, 2)",
                "solve",
            ],
        );
        let mut c = Capture::default();
        s.save(&path, false, &mut c);
        assert!(c.out.contains("saved to"), "{}", c.err);
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_eq!(saved, s.script());
        let rerun = meeple::run_source("saved.game", &saved);
        assert_eq!(rerun.exit_code(), 0);
        assert!(meeple::render::text::file(&rerun, &Default::default()).contains("answer 5"));
        s.save(&dir.join("no/such/folder/x.game"), false, &mut c);
        assert!(c.err.contains("meeple::io"), "{}", c.err);
        s.time = true;
        let c = run(&mut s, &["solve"]);
        assert!(c.out.contains(" ms)\n"), "{}", c.out);
        s.time = false;
        let c = run(&mut s, &["solve"]);
        assert!(!c.out.contains(" ms)"), "{}", c.out);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 27 item 15: `:save FILE` over the file just loaded (four
    /// scenarios and comments) or over any other file keeps it as it is;
    /// `:save! FILE` writes over it, in place.
    #[test]
    fn save_keeps_an_existing_file_unless_forced() {
        use super::super::commands;
        let dir = std::env::temp_dir().join(format!("meeple-save-keep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("four.game");
        let mut file = String::from("# four scenarios, with comments\n");
        for i in 0..4 {
            file.push_str(&format!(
                "scenario \"s{i}\" {{ # scenario {i}\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n}}\n"
            ));
        }
        std::fs::write(&path, &file).unwrap();
        let other = dir.join("notes.txt");
        std::fs::write(&other, "not a script\n").unwrap();
        let mut s = State::new(Limits::default(), false);
        let mut c = Capture::default();
        s.load(&path, &mut c);
        assert!(c.out.contains("4 scenarios"), "{}{}", c.out, c.err);
        for target in [&path, &other] {
            let before = std::fs::read(target).unwrap();
            let mut c = Capture::default();
            commands::run(&format!(":save {}", target.display()), &mut s, &mut c);
            assert!(c.out.is_empty(), "{}", c.out);
            assert!(c.err.contains("meeple::io"), "{}", c.err);
            assert!(c.err.contains("exists"), "{}", c.err);
            assert!(c.err.contains(":save!"), "{}", c.err);
            assert_eq!(std::fs::read(target).unwrap(), before);
        }
        // A new file is written; `:save!` writes over an existing one,
        // keeping its hard links.
        let new = dir.join("new.game");
        let mut c = Capture::default();
        commands::run(&format!(":save {}", new.display()), &mut s, &mut c);
        assert!(c.out.contains("saved to"), "{}", c.err);
        assert_eq!(std::fs::read_to_string(&new).unwrap(), s.script());
        let link = dir.join("link.txt");
        std::fs::hard_link(&other, &link).unwrap();
        let mut c = Capture::default();
        commands::run(&format!(":save! {}", other.display()), &mut s, &mut c);
        assert!(c.out.contains("saved to"), "{}", c.err);
        assert_eq!(std::fs::read_to_string(&link).unwrap(), s.script());
        // Only :save takes a `!`.
        let mut c = Capture::default();
        commands::run(":load! x.game", &mut s, &mut c);
        assert!(c.err.contains("only :save takes"), "{}", c.err);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn cancelled_solves_report_the_limit() {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let limits = Limits {
            max_states: Some(1),
            cancel: Some(flag),
            ..Limits::default()
        };
        let mut s = State::new(limits, false);
        let c = run(
            &mut s,
            &[
                "game footholds",
                BOARD,
                "piece A at (1, 0)",
                "piece B at (1, 2)",
                "solve",
            ],
        );
        assert!(c.err.contains("meeple::limit::states"), "{}", c.err);
        assert!(!s.script().contains("solve"));
    }
}
