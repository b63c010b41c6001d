//! The `:` commands of the REPL.

use super::state::{Sink, State};
use meeple::games::GameKind;
use meeple::syntax::dialect;
use std::path::Path;

/// Every command, for `:help` and the completer.
pub const NAMES: &[&str] = &[
    ":help",
    ":load",
    ":scenarios",
    ":use",
    ":show",
    ":save",
    ":svg",
    ":reset",
    ":set",
    ":time",
    ":quit",
];

pub const HELP: &str = "\
Type the statements of a scenario, one at a time:
  game footholds            start a new scenario (footholds, yut, stacking, or a
                            game a `rules` block defines: typed here, loaded or imported)
  board {                   a board, one row per line (Enter continues an open `{`)
  piece A at (1, 0)         declarations: board, piece, dice, input, rule, track
  solve  line  analyze  show     queries, answered at once
  play A up  play piece 2  step 3  undo      moves change the position
  expect answer 5           check the last solve
or whole `scenario \"NAME\" { … }`, `track NAME { … }`, `rules NAME { … }` blocks
and `import \"FILE\"` lines.

Commands:
  :load FILE        check FILE; its scenarios become available, the last one current
  :scenarios        list the available scenarios (* marks the current one)
  :use NAME         make scenario NAME current
  :show             print the current scenario as a script
  :save FILE        write it to a new FILE (`meeple run FILE` runs it);
                    an existing FILE is never replaced: it may hold more
  :save! FILE       write it over FILE (only this scenario is kept there)
  :svg FILE         draw the current position as an SVG picture in FILE
  :reset            take back the moves typed here (the scenario's own moves stay)
  :set autoshow on|off   draw the position after every change
  :time on|off      print each query's time after its result
  :help             this text (:help GAME: a game's statements, rules, fields)
  :quit             leave (Ctrl-D too)

Tab completes, Ctrl-C cancels the line being typed or a running solve.
Results and errors name the input they come from: `input 3` is the third
text typed (`input 3, line 2` inside a multi-line one); statements loaded
from a file keep that file's lines. A second `board`, `dice` or `piece X`
replaces the first.
";

/// `:help GAME`: the game's words, from its dialect table — the
/// statements it takes, its rules with their values and defaults, and the
/// fields `expect` checks.
pub fn game_help(game: GameKind) -> String {
    let d = dialect::dialect(game);
    let mut out = format!("{game} statements:\n");
    for word in game.keywords() {
        let help = statement_help(game, word);
        out.push_str(&format!("  {word:<9} {help}\n"));
    }
    out.push_str("rules:\n");
    for r in dialect::rules(game) {
        out.push_str(&format!(
            "  rule {} {}   {} (default {})\n",
            r.name, r.describe, r.help, r.default
        ));
    }
    out.push_str("expect fields (after solve):\n");
    for f in d.fields {
        out.push_str(&format!(
            "  expect {} …   {}: {}\n",
            f.field,
            f.help,
            f.kind.describe()
        ));
    }
    out
}

/// A statement's one-line help in `game`'s own forms (the table's line
/// names every game's: `board yut` means nothing to footholds, `play A up`
/// nothing to yut).
fn statement_help(game: GameKind, word: &str) -> String {
    let own = dialect::dialect(game)
        .own_help
        .iter()
        .find(|w| w.name == word);
    own.or_else(|| dialect::STATEMENTS.iter().find(|w| w.name == word))
        .map_or("", |w| w.help)
        .to_string()
}

/// What the loop does after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum After {
    Continue,
    Quit,
}

/// The full name of a command from a prefix (`:q`, `:sc`) or alias.
pub fn resolve(word: &str) -> Option<&'static str> {
    match word {
        ":exit" | ":q" => return Some(":quit"),
        ":h" | ":?" => return Some(":help"),
        _ => {}
    }
    if word.len() < 2 {
        return None;
    }
    let found: Vec<&str> = NAMES
        .iter()
        .copied()
        .filter(|n| n.starts_with(word))
        .collect();
    match found.as_slice() {
        [one] => Some(one),
        _ => NAMES.iter().copied().find(|n| *n == word),
    }
}

/// Run a `:` command line.
pub fn run(line: &str, state: &mut State, sink: &mut dyn Sink) -> After {
    let line = line.trim();
    let (word, arg) = match line.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim()),
        None => (line, ""),
    };
    // `:save! FILE` writes over an existing file.
    let (word, force) = match word.strip_suffix('!') {
        Some(w) if w.len() > 1 => (w, true),
        _ => (word, false),
    };
    let Some(cmd) = resolve(word) else {
        sink.err(&format!(
            "unknown command `{word}`; the commands are {} (see :help)\n",
            NAMES.join(", ")
        ));
        return After::Continue;
    };
    if force && cmd != ":save" {
        sink.err(&format!(
            "`{cmd}!`: only :save takes a `!` (:save! FILE writes over FILE)\n"
        ));
        return After::Continue;
    }
    match cmd {
        ":quit" => return After::Quit,
        ":help" if arg.is_empty() => sink.out(HELP),
        ":help" => match GameKind::from_name(arg) {
            Some(game) => sink.out(&game_help(game)),
            None => sink.err(&format!(
                "no help on `{arg}`: type :help, or :help {}\n",
                GameKind::ALL.map(GameKind::name).join("|")
            )),
        },
        ":load" if arg.is_empty() => sink.err("usage: :load FILE\n"),
        ":load" => state.load(Path::new(unquote(arg)), sink),
        ":scenarios" => sink.out(&state.list()),
        ":use" if arg.is_empty() => {
            sink.err("usage: :use NAME\n");
            sink.out(&state.list());
        }
        ":use" => state.use_scenario(unquote(arg), sink),
        ":show" => sink.out(&state.script()),
        ":save" if arg.is_empty() => sink.err("usage: :save FILE (or :save! FILE to replace it)\n"),
        ":save" => state.save(Path::new(unquote(arg)), force, sink),
        ":svg" if arg.is_empty() => sink.err("usage: :svg FILE\n"),
        ":svg" => state.svg(Path::new(unquote(arg)), sink),
        ":time" => time(arg, state, sink),
        ":reset" => state.reset(sink),
        ":set" => set(arg, state, sink),
        _ => {}
    }
    After::Continue
}

/// `"name with spaces"` or `name with spaces`.
fn unquote(arg: &str) -> &str {
    arg.strip_prefix('"')
        .and_then(|a| a.strip_suffix('"'))
        .unwrap_or(arg)
}

fn time(arg: &str, state: &mut State, sink: &mut dyn Sink) {
    match arg {
        "" => sink.out(&format!("time {}\n", if state.time { "on" } else { "off" })),
        "on" => state.time = true,
        "off" => state.time = false,
        _ => sink.err("usage: :time on|off\n"),
    }
}

fn set(arg: &str, state: &mut State, sink: &mut dyn Sink) {
    let words: Vec<&str> = arg.split_whitespace().collect();
    match words.as_slice() {
        [] => sink.out(&format!(
            "autoshow {}\n",
            if state.autoshow { "on" } else { "off" }
        )),
        ["autoshow", "on"] => state.autoshow = true,
        ["autoshow", "off"] => state.autoshow = false,
        _ => sink.err("usage: :set autoshow on|off\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_help_comes_from_the_dialect_table() {
        let h = game_help(GameKind::Stacking);
        assert!(h.contains("  step "), "{h}");
        assert!(!h.contains("  analyze "), "{h}");
        assert!(h.contains("rule stack"), "{h}");
        assert!(h.contains("expect cycle"), "{h}");
        let f = game_help(GameKind::Footholds);
        assert!(
            f.contains("rule first A or B") && f.contains("(default A)"),
            "{f}"
        );
        assert!(f.contains("  analyze "), "{f}");
    }

    /// Issue 32 item 4: `:help yut` shows yut's forms, not footholds'.
    #[test]
    fn game_help_shows_the_games_own_forms() {
        let y = game_help(GameKind::Yut);
        assert!(
            y.contains("`board yut`") && y.contains("`play piece N`"),
            "{y}"
        );
        for other in ["play A up", "board [[", "piece A at", "each side"] {
            assert!(!y.contains(other), "{other}: {y}");
        }
        let f = game_help(GameKind::Footholds);
        assert!(
            f.contains("`play A up`") && !f.contains("play piece"),
            "{f}"
        );
        assert!(!f.contains("board yut"), "{f}");
        let s = game_help(GameKind::Stacking);
        assert!(
            s.contains("facing right") && !s.contains("board yut"),
            "{s}"
        );
    }

    #[test]
    fn help_on_no_game_lists_the_games_of_the_registry() {
        #[derive(Default)]
        struct Capture(String);
        impl Sink for Capture {
            fn out(&mut self, _: &str) {}
            fn err(&mut self, text: &str) {
                self.0.push_str(text);
            }
        }
        let mut state = State::new(meeple::limits::Limits::default(), false);
        let mut c = Capture::default();
        run(":help chess", &mut state, &mut c);
        assert_eq!(
            c.0,
            "no help on `chess`: type :help, or :help footholds|yut|stacking\n"
        );
    }

    #[test]
    fn prefixes_and_aliases() {
        assert_eq!(resolve(":q"), Some(":quit"));
        assert_eq!(resolve(":exit"), Some(":quit"));
        assert_eq!(resolve(":sc"), Some(":scenarios"));
        assert_eq!(resolve(":s"), None); // :scenarios, :show, :save, :set
        assert_eq!(resolve(":sa"), Some(":save"));
        assert_eq!(resolve(":ti"), Some(":time"));
        assert_eq!(resolve(":show"), Some(":show"));
        assert_eq!(resolve(":load"), Some(":load"));
        assert_eq!(resolve(":frob"), None);
        assert_eq!(unquote("\"a b\""), "a b");
        assert_eq!(unquote("a b"), "a b");
    }
}
