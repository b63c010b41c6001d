//! The diagnostics catalogue, `docs/diagnostics.md`, is generated here from
//! the real code: every code of `Code::ALL` has an example below (the
//! `example` match has no wildcard, so a new code does not compile without
//! one), each example is run, and the catalogue shows what meeple renders.
//! The test fails when the file on disk differs from what it would
//! generate; regenerate it with
//!
//! ```text
//! MEEPLE_UPDATE_DOCS=1 cargo test --test it diagnostics
//! ```

use meeple::error::{render, Code, Diag};
use meeple::limits::Limits;
use meeple::limits::SOURCE_BYTES;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// How an example produces its diagnostic.
enum Example {
    /// A script, run with default limits.
    Script(&'static str),
    /// A script run with limits (the `--max-states` / `--timeout` / Ctrl-C
    /// a command line or REPL would give), and a sentence saying how.
    Limited(&'static str, &'static str, fn() -> Limits),
    /// A script built by a function (too long to print), described in words.
    Built(&'static str, fn() -> Vec<u8>),
    /// A command line, run through the `meeple` binary in an empty folder,
    /// and what to say after it ("where there is no such file", or nothing).
    Command(&'static [&'static str], &'static str),
    /// A script run by `meeple test --color never example.game` (what its
    /// stderr shows).
    Tested(&'static str),
    /// Files (the first is `example.game`), then `meeple check --color
    /// never example.game` (what its stderr shows).
    Files(&'static [(&'static str, &'static str)]),
}

fn example(code: Code) -> Example {
    use Example::*;
    match code {
        Code::Io => Command(
            &["run", "--color", "never", "missing.game"],
            " where there is no such file",
        ),
        Code::SourceTooLarge => Built("any file larger than 16 MiB", || {
            let mut text = b"# a very long comment ".to_vec();
            text.resize(SOURCE_BYTES + 1, b'x');
            text
        }),
        Code::SourceTooMany => Built(
            "a `dice` statement of more than 1,048,576 rolls: `dice 1 1 1 …`",
            || {
                let rolls = "1 ".repeat(meeple::limits::LIST_WORDS + 1);
                format!("scenario \"s\" {{\n  game yut\n  dice {rolls}\n}}\n").into_bytes()
            },
        ),
        Code::FileEmpty => Script("# notes for later: no scenario yet\n"),
        Code::ExpectNone => Tested(
            r#"scenario "unchecked" {
  game footholds
  board [[1, 1, 1]]
  piece A at (0, 0)
  piece B at (0, 2)
  solve
}
"#,
        ),
        Code::Parse => Script(
            r#"scenario "missing parentheses" {
  game footholds
  board { 1 1 }
  piece A at 0, 0
}
"#,
        ),
        Code::ParseUtf8 => Built(
            "a scenario whose name holds the byte 0xFF: `scenario \"bad \\xFF byte\" { game footholds }`",
            || b"scenario \"bad \xFF byte\" {\n  game footholds\n}\n".to_vec(),
        ),
        Code::ParseUnterminated => Script(
            r#"scenario "a name that never ends {
  game footholds
}
"#,
        ),
        Code::ParseEscape => Script(
            r#"scenario "tab\tseparated" {
  game footholds
}
"#,
        ),
        Code::NumberRange => Script(
            r#"scenario "beyond 64 bits" {
  game footholds
  board [[1, 1]]
  piece A at (0, 99999999999999999999999999)
  piece B at (0, 1)
}
"#,
        ),
        Code::ScenarioNoGame => Script(
            r#"scenario "which game?" {
  board { 1 1 }
  solve
}
"#,
        ),
        Code::ScenarioDuplicateName => Script(
            r#"scenario "twice" {
  game yut
}
scenario "twice" {
  game yut
}
"#,
        ),
        Code::GameUnknown => Script(
            r#"scenario "not a game we know" {
  game chess
}
"#,
        ),
        Code::GameDuplicate => Script(
            r#"scenario "two games" {
  game footholds
  game yut
}
"#,
        ),
        Code::StmtWrongGame => Script(
            r#"scenario "dice in footholds" {
  game footholds
  dice 1 2 3
}
"#,
        ),
        Code::BoardRagged => Script(
            r#"scenario "ragged rows" {
  game footholds
  board {
    1 1 1
    1 1
  }
}
"#,
        ),
        Code::BoardCell => Script(
            r#"scenario "a cell outside the legend" {
  game footholds
  board {
    1 1 x
  }
}
"#,
        ),
        Code::BoardEmpty => Script(
            r#"scenario "nothing" {
  game stacking
  board { }
}
"#,
        ),
        Code::BoardDuplicate => Script(
            r#"scenario "two boards" {
  game footholds
  board [[1, 1]]
  board [[1, 1, 1]]
}
"#,
        ),
        Code::BoardMissing => Script(
            r#"scenario "a piece first" {
  game footholds
  piece A at (0, 0)
  board [[1, 1]]
}
"#,
        ),
        Code::BoardTooLarge => Script(
            r#"scenario "16 × 16 footholds" {
  game footholds
  board {
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
  }
  piece A at (0, 0)
  piece B at (15, 15)
  solve
}
"#,
        ),
        Code::BoardKind => Script(
            r#"scenario "a track for footholds" {
  game footholds
  board yut
}
"#,
        ),
        Code::PieceOffBoard => Script(
            r#"scenario "B stands outside" {
  game footholds
  board [[1, 1], [1, 1]]
  piece A at (0, 0)
  piece B at (2, 0)
}
"#,
        ),
        Code::PieceInHole => Script(
            r#"scenario "A stands on a hole" {
  game footholds
  board [[0, 1]]
  piece A at (0, 0)
}
"#,
        ),
        Code::PieceDuplicate => Script(
            r#"scenario "A placed twice" {
  game footholds
  board [[1, 1, 1]]
  piece A at (0, 0)
  piece A at (0, 1)
}
"#,
        ),
        Code::PieceName => Script(
            r#"scenario "a third player" {
  game footholds
  board [[1, 1, 1]]
  piece C at (0, 0)
}
"#,
        ),
        Code::PieceNumbering => Script(
            r#"scenario "a gap in the numbers" {
  game stacking
  board [[0, 0, 0], [0, 0, 0]]
  piece 1 at (0, 0) facing right
  piece 3 at (1, 1) facing left
  solve
}
"#,
        ),
        Code::PieceSharedCell => Script(
            r#"scenario "two on one cell" {
  game stacking
  board [[0, 0], [0, 0]]
  piece 1 at (0, 0) facing right
  piece 2 at (0, 0) facing left
}
"#,
        ),
        Code::PieceFacing => Script(
            r#"scenario "facing nowhere" {
  game stacking
  board [[0, 0], [0, 0]]
  piece 1 at (0, 0)
}
"#,
        ),
        Code::DiceRange => Script(
            r#"scenario "a zero roll" {
  game yut
  board yut
  dice 1 0 3
}
"#,
        ),
        Code::DiceDuplicate => Script(
            r#"scenario "dice twice" {
  game yut
  board yut
  dice 1 2 3
  dice uniform 1..5 x 10
}
"#,
        ),
        Code::RuleUnknown => Script(
            r#"scenario "a yut rule in footholds" {
  game footholds
  rule pieces 4
}
"#,
        ),
        Code::RuleValue => Script(
            r#"scenario "no such player" {
  game footholds
  rule first C
}
"#,
        ),
        Code::RuleDuplicate => Script(
            r#"scenario "make up your mind" {
  game footholds
  rule first A
  rule first B
}
"#,
        ),
        Code::InputFormat => Script(
            r#"scenario "a word in the judge input" {
  game footholds
  input """[[1, 1]] [0, 0] [zero, 1]"""
}
"#,
        ),
        Code::TrackUnknown => Script(
            r#"scenario "no such track" {
  game yut
  board nowhere
}
"#,
        ),
        Code::TrackDuplicate => Script(
            r#"track short {
  route start 1 finish
}
track short {
  route start 2 finish
}
"#,
        ),
        Code::TrackSquare => Script(
            r#"track dangling {
  route start 2 4 finish
  shortcut 2 x=5 y
}
"#,
        ),
        Code::TrackScore => Script(
            r#"track rescored {
  route start p=1 q=2 finish
  route q p=7
}
"#,
        ),
        Code::TrackCycle => Script(
            r#"track loop {
  route start a=1 b=2 c=3 finish
  shortcut b d=4 a
}
"#,
        ),
        Code::TrackFinish => Script(
            r#"track dead_end {
  route start 2 4 6 finish
  shortcut 4 z=9
}
"#,
        ),
        Code::TrackShortcut => Script(
            r#"track from_start {
  route start 2 4 finish
  shortcut start 4
}
"#,
        ),
        Code::TrackLink => Script(
            r#"track fork {
  route start a=1 b=2 finish
  route a c=3 finish
}
"#,
        ),
        Code::RulesNesting => Built(
            "a rules block whose turn nests 40 parentheses, `rules g { players solo turn { let x = ((((…1…)))) } solve longest }`",
            || {
                format!(
                    "rules g {{\n  players solo\n  turn {{ let x = {}1{} }}\n  solve longest\n}}\n",
                    "(".repeat(40),
                    ")".repeat(40)
                )
                .into_bytes()
            },
        ),
        Code::RulesName => Script(
            r#"rules hop {
  players solo
  layer hole: bool
  piece P { at: cell }
  turn {
    choose d in orthogonal
    P.at = step(P.at, d)
    win if hoel[P.at]
  }
  solve shortest within 5
}
"#,
        ),
        Code::RulesDuplicate => Script(
            r#"rules hop {
  players solo
  var n: 0..3 = 0
  var n: 0..5 = 0
  turn { n += 1 }
  solve longest
}
"#,
        ),
        Code::RulesType => Script(
            r#"rules hop {
  players solo
  piece P { at: cell }
  turn {
    choose d in orthogonal
    P.at = d
  }
  solve longest
}
"#,
        ),
        Code::RulesBound => Script(
            r#"rules count {
  players solo
  var n: 0..moves = 0
  turn { n += 1 }
  solve longest
}
"#,
        ),
        Code::RulesTooBig => Script(
            r#"rules tape {
  players solo
  var tape: list of 0..9 max 100000 = []
  turn { push tape, 1 }
  solve longest
}
"#,
        ),
        Code::RulesPlace => Script(
            r#"rules count {
  players solo
  param k: 1..9 = 3
  turn { k = 4 }
  solve longest
}
"#,
        ),
        Code::RulesContext => Script(
            r#"rules clock {
  players none
  var t: 0..9 = 0
  turn {
    choose x in 1..2
    t += x
  }
  solve simulate limit 10
}
"#,
        ),
        Code::RulesMissing => Script(
            r#"rules idle {
  players solo
  solve longest
}
"#,
        ),
        Code::RulesLoop => Script(
            r#"rules spin {
  players none
  var t: 0..9 = 0
  turn {
    while true max 3 {
      t = t
    }
  }
  solve simulate limit 5
}

scenario "spin" {
  game spin
  solve
}
"#,
        ),
        Code::RulesRun => Script(
            r#"rules counter {
  players none
  var t: 0..3 = 0
  turn {
    t += 1
  }
  solve simulate limit 10
}

scenario "overflowing counter" {
  game counter
  solve
}
"#,
        ),
        Code::RulesEndless => Script(
            r#"rules pingpong {
  players solo
  var t: 0..1 = 0
  turn {
    choose x in 0..1
    t = x
    score += 1
  }
  solve max score
}

scenario "forever" {
  game pingpong
  solve
}
"#,
        ),
        Code::RulesMove => Script(
            r#"rules pick {
  players solo
  var t: 0..3 = 0
  turn {
    choose x in 1..2
    t = x
    win if t == 2
  }
  solve shortest within 3
}

scenario "no such move" {
  game pick
  play piece 3
}
"#,
        ),
        Code::RulesVar => Script(
            r#"rules count {
  players none
  var n: 0..9 = 0
  turn {
    n += 1
    stop if n == 3
  }
  solve simulate limit 10
}

scenario "a var it lacks" {
  game count
  set m 2
  solve
}
"#,
        ),
        Code::RulesInput => Script(
            r#"rules crawl {
  players solo
  piece R { at: cell, facing: dir }
  turn {
    choose d in orthogonal where step(R.at, d) != off
    R.at = step(R.at, d)
  }
  input {
    n, m: 1..5
    piece R: at from 1, facing
  }
  solve shortest within 5
}
"#,
        ),
        Code::RulesInputName => Script(
            r#"rules count {
  players solo
  board none
  param limit: 1..9 = 5
  var total: 0..20 = 0
  turn {
    choose d in 1..2
    total += d
    win if total >= limit
  }
  input {
    limt: 1..9
  }
  solve shortest within 10
}

scenario "a slip in the judge format" {
  game count
  input """
3
"""
  solve
  expect answer 3
}
"#,
        ),
        Code::StmtOrder => Script(
            r#"rules count {
  players solo
  board none
  var n: 0..9 = 0
  turn {
    n += 1
    win if n == 3
  }
  solve shortest within 5
}
scenario "s" {
  game count
  solve
  set n 1
  solve
}
"#,
        ),
        Code::RulesLegend => Script(
            r##"rules maze {
  players solo
  layer wall: bool
  legend {
    ".":
    "#x": wall[here] = true
  }
  turn { stop }
  solve longest
}
"##,
        ),
        Code::RulesPrint => Script(
            r#"rules walk {
  players solo
  board none
  var at: 0..9 = 0
  turn {
    choose d in 1..2
    at = min(at + d, 9)
    print at
    win if at == 9
  }
  solve shortest within 9
}
"#,
        ),
        Code::RulesDroppedScore => Script(
            r#"rules sweep {
  players solo
  board grid
  layer dirty: bool
  piece R { at: cell }
  legend {
    "x": dirty[here] = true
    ".": dirty[here] = false
  }
  turn {
    if dirty[R.at] {
      dirty[R.at] = false
      score += 1
    }
    stop if step(R.at, right) == off
    R.at = step(R.at, right)
  }
  solve max score
}

scenario "the last cell's point is dropped" {
  game sweep
  board {
    x x x
  }
  piece R at (0, 0)
  solve
  expect answer 2
}
"#,
        ),
        Code::RulesField => Script(
            r#"rules walk {
  players solo
  piece R { at: cell, power: 0..3 }
  turn {
    choose d in orthogonal where step(R.at, d) != off
    R.at = step(R.at, d)
    win if R.at == (0, 2)
  }
  solve shortest within 5
}

scenario "a field it lacks" {
  game walk
  board {
    . . .
  }
  piece R at (0, 0) with powr 2
  solve
}
"#,
        ),
        Code::RulesInterchangeable => Script(
            r#"rules race {
  players solo
  board track
  piece interchangeable 1..3 { at: square }
  turn {
    let p = find q in pieces where q.at != finish
    p.at = advance(p.at, 1)
  }
  solve longest
}
"#,
        ),
        Code::RulesValue => Script(
            r#"rules count {
  players none
  var n: 0..9 = 0
  turn {
    n += 1
    stop if n == 3
  }
  solve simulate limit 10
}

scenario "a value outside the domain" {
  game count
  set n 12
  solve
}
"#,
        ),
        Code::ImportFile => Script(
            r#"import "lib/walk.game"

scenario "a text has no folder" {
  game walk
}
"#,
        ),
        Code::ImportCycle => Files(&[
            ("example.game", "import \"lib.game\"\n"),
            ("lib.game", "import \"example.game\"\n"),
        ]),
        Code::ImportBroken => Files(&[
            ("example.game", "import \"lib.game\"\n"),
            (
                "lib.game",
                "rules walk {\n  players solo\n  turn { win if nothing }\n  solve longest\n}\n",
            ),
        ]),
        Code::ImportTooMany => Files(&[
            ("example.game", "import \"1.game\"\n"),
            ("1.game", "import \"2.game\"\n"),
            ("2.game", "import \"3.game\"\n"),
            ("3.game", "import \"4.game\"\n"),
            ("4.game", "import \"5.game\"\n"),
            ("5.game", "import \"6.game\"\n"),
            ("6.game", "import \"7.game\"\n"),
            ("7.game", "import \"8.game\"\n"),
            ("8.game", "import \"9.game\"\n"),
            ("9.game", "import \"10.game\"\n"),
            ("10.game", "import \"11.game\"\n"),
            ("11.game", "import \"12.game\"\n"),
            ("12.game", "import \"13.game\"\n"),
            ("13.game", "import \"14.game\"\n"),
            ("14.game", "import \"15.game\"\n"),
            ("15.game", "import \"16.game\"\n"),
            ("16.game", "import \"17.game\"\n"),
            ("17.game", "# deep enough\n"),
        ]),
        Code::EngineNative => Limited(
            r#"rules pick {
  players solo
  var t: 0..3 = 0
  turn {
    choose x in 1..2
    t = x
    win if t == 2
  }
  solve shortest within 3
}

scenario "no native solver" {
  game pick
  solve
}
"#,
            "Run with `meeple run --engine native example.game`:",
            || Limits {
                engine: meeple::limits::Engine::Native,
                ..Limits::default()
            },
        ),
        Code::QueryMissing => Script(
            r#"scenario "solve without B" {
  game footholds
  board [[1, 1, 1]]
  piece A at (0, 0)
  solve
}
"#,
        ),
        Code::PlayIllegal => Script(
            r#"scenario "over a hole" {
  game footholds
  board [[1, 0, 1]]
  piece A at (0, 0)
  piece B at (0, 2)
  play A right
}
"#,
        ),
        Code::UndoNothing => Script(
            r#"scenario "nothing to take back" {
  game stacking
  board [[0, 0], [0, 0]]
  piece 1 at (0, 0) facing right
  undo
}
"#,
        ),
        Code::ExpectNoResult => Script(
            r#"scenario "expect before solve" {
  game footholds
  board [[1, 1, 1]]
  piece A at (0, 0)
  piece B at (0, 2)
  expect answer 2
  solve
}
"#,
        ),
        Code::ExpectField => Script(
            r#"scenario "footholds has no score" {
  game footholds
  board [[1, 1, 1]]
  piece A at (0, 0)
  piece B at (0, 2)
  solve
  expect score 2
}
"#,
        ),
        Code::ExpectValue => Script(
            r#"scenario "a winner who does not play" {
  game footholds
  board [[1, 1, 1]]
  piece A at (0, 0)
  piece B at (0, 2)
  solve
  expect winner C
}
"#,
        ),
        Code::ExpectFailed => Script(
            r#"scenario "kakao example 1, misremembered" {
  game footholds
  board [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
  piece A at (1, 0)
  piece B at (1, 2)
  solve
  expect answer 4
}
"#,
        ),
        Code::LimitStates => Limited(
            r#"scenario "kakao example 1" {
  game footholds
  board [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
  piece A at (1, 0)
  piece B at (1, 2)
  solve
}
"#,
            "Run with `meeple run --max-states 10 example.game`:",
            || Limits {
                max_states: Some(10),
                ..Limits::default()
            },
        ),
        Code::LimitTime => Limited(
            r#"scenario "ten thousand rolls" {
  game yut
  board yut
  dice uniform 1..5 x 10000
  solve
}
"#,
            "Run with `meeple run --timeout 0 example.game`:",
            || Limits {
                timeout: Some(Duration::ZERO),
                ..Limits::default()
            },
        ),
        // `--memory` takes 1 MB and up (`--memory 0` is refused).
        Code::LimitMemory => Limited(
            r#"scenario "ten thousand rolls" {
  game yut
  board yut
  dice uniform 1..5 x 10000
  solve
}
"#,
            "Run with `meeple run --memory 1 example.game`:",
            || Limits {
                memory: Some(1 << 20),
                ..Limits::default()
            },
        ),
        Code::LimitCancelled => Limited(
            r#"scenario "ten thousand rolls" {
  game yut
  board yut
  dice uniform 1..5 x 10000
  solve
}
"#,
            "In `meeple repl example.game`, a `solve` interrupted with Ctrl-C:",
            || Limits {
                cancel: Some(Arc::new(AtomicBool::new(true))),
                ..Limits::default()
            },
        ),
        Code::GenOption => Command(
            &["gen", "footholds", "--count", "5", "--rows", "5..2", "--color", "never"],
            "",
        ),
        Code::GenWhere => Command(
            &["gen", "stacking", "--count", "5", "--where", "cycle = maybe", "--color", "never"],
            "",
        ),
        Code::GenUnsatisfied => Command(
            &["gen", "footholds", "--count", "2", "--seed", "1", "--rows", "1", "--cols", "1", "--where", "answer > 0", "--color", "never"],
            " (a 1×1 board always ends at once)",
        ),
        Code::ErrorsTooMany => Built(
            "101 broken scenarios, `scenario \"s1\" { piece }` to `scenario \"s101\" { piece }`, one per line",
            || {
                (1..=101)
                    .map(|i| format!("scenario \"s{i}\" {{ piece }}\n"))
                    .collect::<String>()
                    .into_bytes()
            },
        ),
        // `Code` is non-exhaustive: a code added without an example fails
        // here when the catalogue test walks every code.
        other => panic!("no example for {other:?}: add one"),
    }
}

/// The limits a script example runs under: the defaults with a state budget,
/// so an example that stops giving its code and starts a real search (a board
/// the solver has learnt to take) fails this test at once instead of hanging.
fn bounded() -> Limits {
    Limits {
        max_states: Some(1_000_000),
        ..Limits::default()
    }
}

/// The diagnostics with `code` that an example leads to, rendered without
/// colours (only the first one, to keep the catalogue short).
fn rendered(code: Code, ex: &Example) -> String {
    let (text_bytes, limits) = match ex {
        Example::Script(s) => (s.as_bytes().to_vec(), bounded()),
        Example::Limited(s, _, limits) => (s.as_bytes().to_vec(), limits()),
        Example::Built(_, build) => (build(), bounded()),
        Example::Command(..) | Example::Tested(_) | Example::Files(_) => {
            // One folder per call: the catalogue is built by two tests
            // running at once in this process, and each removes its folder.
            static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!("meeple-diag-{}-{n}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("temp dir");
            let args: &[&str] = match ex {
                Example::Tested(script) => {
                    std::fs::write(dir.join("example.game"), script).expect("write the example");
                    &["test", "--color", "never", "example.game"]
                }
                Example::Command(args, _) => args,
                Example::Files(files) => {
                    for (name, text) in files.iter() {
                        let p = dir.join(name);
                        std::fs::create_dir_all(p.parent().expect("a folder")).expect("folder");
                        std::fs::write(p, text).expect("write the example");
                    }
                    &["check", "--color", "never", "example.game"]
                }
                _ => unreachable!(),
            };
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_meeple"))
                .args(args.iter())
                .current_dir(&dir)
                .output()
                .expect("run meeple");
            let _ = std::fs::remove_dir_all(&dir);
            let err = String::from_utf8_lossy(&out.stderr).into_owned();
            assert!(err.contains(code.as_str()), "{code}: {err}");
            return err;
        }
    };
    let config = RunConfig {
        limits,
        filter: None,
    };
    let run = run_bytes("example.game", &text_bytes, &config);
    let diags: Vec<Diag> = match &run.outcome {
        Outcome::Invalid(d) => d.clone(),
        Outcome::Ran(runs) => runs
            .iter()
            .flat_map(|r| r.failures().cloned())
            .chain(run.warnings.iter().cloned())
            .collect(),
    };
    let Some(d) = diags.iter().find(|d| d.code == code) else {
        panic!(
            "the example for {code} gave {:?}",
            diags.iter().map(|d| d.code.as_str()).collect::<Vec<_>>()
        );
    };
    render(d, &run.source, false)
}

fn catalogue() -> String {
    let mut out = String::from(
        "# Diagnostics\n\n\
         <!-- Generated by tests/it/diagnostics.rs from the real code: do not edit by hand.\n     \
         Regenerate with `MEEPLE_UPDATE_DOCS=1 cargo test --test it diagnostics`. -->\n\n\
         Every error meeple reports carries one of these codes (`meeple::…`). Each entry says\n\
         what triggers it, gives a minimal example and shows the diagnostic meeple prints for\n\
         it (`meeple run --color never example.game`; where an example gives several\n\
         diagnostics, the first with that code). Errors found by the checker make the script\n\
         invalid (exit 2, nothing runs); errors met while running (`expect::failed`, the\n\
         `limit::*` codes, a solver's `board::too_large`) fail their scenario (exit 1).\n\
         A warning (`meeple::file::empty`, drawn with `⚠`, `\"severity\": \"warning\"` in JSON)\n\
         is shown and fails nothing.\n\n",
    );
    out.push_str(&limits_prose());
    out.push_str("| code | what triggers it |\n|---|---|\n");
    for &code in Code::ALL {
        out.push_str(&format!(
            "| [`{code}`](#{}) | {} |\n",
            anchor(code),
            code.describe().replace('|', "\\|")
        ));
    }
    for &code in Code::ALL {
        let ex = example(code);
        out.push_str(&format!(
            "\n## `{code}`\n\n{}.\n\n",
            capitalise(code.describe())
        ));
        match &ex {
            Example::Script(s) => {
                out.push_str(&format!("```\n{s}```\n\n"));
            }
            Example::Limited(s, how, _) => {
                out.push_str(&format!("```\n{s}```\n\n{how}\n\n"));
            }
            Example::Built(what, _) => out.push_str(&format!("Example: {what}.\n\n")),
            Example::Tested(s) => {
                out.push_str(&format!(
                    "```\n{s}```\n\nRun with `meeple test example.game`:\n\n"
                ));
            }
            Example::Files(files) => {
                for (name, text) in files.iter() {
                    out.push_str(&format!("`{name}`:\n\n```\n{text}```\n\n"));
                }
                out.push_str("Run with `meeple check example.game`:\n\n");
            }
            Example::Command(args, why) => {
                // An argument with a space is shown quoted, as a shell takes it.
                let words: Vec<String> = args
                    .iter()
                    .map(|a| match a.contains(' ') {
                        true => format!("\"{a}\""),
                        false => a.to_string(),
                    })
                    .collect();
                out.push_str(&format!("Example: `meeple {}`{why}.\n\n", words.join(" ")))
            }
        }
        out.push_str(&format!("```text\n{}```\n", rendered(code, &ex)));
    }
    out
}

/// `1048576` as `1,048,576`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The catalogue's paragraph on the input limits, its numbers read from
/// `meeple::limits` (issue 28 item 9).
fn limits_prose() -> String {
    use meeple::limits::*;
    let side = BOARD_CELLS.isqrt();
    format!(
        "Limits on input: a file is at most {} MiB (`meeple::source::too_large`), a board at\n\
         most {} cells, i.e. {side} × {side} (`meeple::board::too_large`), a file at most\n\
         {} statements, a statement at most {} numbers and a track at most {}\n\
         squares (`meeple::source::too_many`, before parsing), a number in an\n\
         `expect` line at most {NUMBER_CHARS} characters (`meeple::number::range`); parsing stops after\n\
         {PARSE_ERRORS} syntax errors, and a file or scenario shows its first {ERRORS_SHOWN} errors\n\
         (`meeple::errors::too_many`); a board or judge input keeps its first {ERRORS_SHOWN} bad cells,\n\
         numbers or pieces and counts the rest the same way. Text typed at the REPL has the\n\
         caps of a file. A word of over 200 characters quoted in a message is cut to its\n\
         start and end around `…`. Solves are bounded by `--max-states` and `--timeout`.\n\n",
        SOURCE_BYTES >> 20,
        thousands(BOARD_CELLS),
        thousands(STATEMENTS),
        thousands(LIST_WORDS),
        thousands(TRACK_SQUARES),
    )
}

#[test]
fn thousands_are_grouped_in_threes() {
    assert_eq!(thousands(4096), "4,096");
    assert_eq!(thousands(196_608), "196,608");
    assert_eq!(thousands(1 << 20), "1,048,576");
    assert_eq!(thousands(999), "999");
}

/// The anchor GitHub gives a heading `` `meeple::a::b` ``.
fn anchor(code: Code) -> String {
    code.as_str().replace("::", "")
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[test]
fn every_code_has_an_example_that_gives_it() {
    for &code in Code::ALL {
        let out = rendered(code, &example(code));
        assert!(out.contains(code.as_str()), "{code}: {out}");
    }
}

#[test]
fn the_catalogue_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.md");
    let want = catalogue();
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have == want {
        return;
    }
    if std::env::var_os("MEEPLE_UPDATE_DOCS").is_some() {
        std::fs::create_dir_all(path.parent().expect("docs/")).expect("create docs/");
        std::fs::write(&path, &want).expect("write docs/diagnostics.md");
        return;
    }
    let first = have
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(have.lines().count().min(want.lines().count()));
    panic!(
        "docs/diagnostics.md is out of date (first difference at line {}); \
         regenerate it with `MEEPLE_UPDATE_DOCS=1 cargo test --test it diagnostics`",
        first + 1
    );
}

/// Issue 27 item 18: every "Run with `meeple …`" of the catalogue is a
/// command line meeple takes, and gives the code (`--memory 0` was shown,
/// and is refused).
#[test]
fn the_commands_the_catalogue_shows_give_their_code() {
    let dir = crate::common::temp_dir("catalogue-commands");
    let mut ran = 0;
    for &code in Code::ALL {
        let Example::Limited(script, how, _) = example(code) else {
            continue;
        };
        let Some(line) = how
            .strip_prefix("Run with `meeple ")
            .and_then(|l| l.strip_suffix("`:"))
        else {
            continue;
        };
        std::fs::write(dir.join("example.game"), script).unwrap();
        let args: Vec<&str> = line.split_whitespace().collect();
        let o = crate::common::meeple_in(&dir, &args, &[]);
        let (out, err) = crate::common::text(&o);
        // A limit fails the run (1); `--engine native` on a rules game
        // makes the file invalid (2).
        let want = if code == Code::EngineNative { 2 } else { 1 };
        assert_eq!(o.status.code(), Some(want), "{line}: {out}{err}");
        assert!(err.contains(code.as_str()), "{line}: {err}");
        ran += 1;
    }
    assert_eq!(ran, 4);
}

/// Issue 28 item 9: the catalogue's descriptions that name a limit name
/// the limit `meeple::limits` (and the budget's default) set, not a number
/// written by hand that a change of the cap would leave behind.
#[test]
fn the_catalogue_names_the_limits_it_describes() {
    fn thousands(n: u128) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
    use meeple::limits::{
        ERRORS_SHOWN, PARSE_ERRORS, RULES_KEY_BITS, RULES_NESTING, RULES_OPERATORS,
        RULES_STATEMENTS, SOURCE_BYTES,
    };
    let cases = [
        (
            Code::SourceTooLarge,
            format!("({} MiB)", SOURCE_BYTES >> 20),
        ),
        (
            Code::LimitMemory,
            format!(
                "(default {} MB)",
                meeple::budget::DEFAULT_MEMORY_BYTES >> 20
            ),
        ),
        (
            Code::ErrorsTooMany,
            format!("stops after {PARSE_ERRORS} syntax errors"),
        ),
        (
            Code::ErrorsTooMany,
            format!("shows its first {ERRORS_SHOWN} errors"),
        ),
        (
            Code::RulesNesting,
            format!("nested deeper than {RULES_NESTING} levels"),
        ),
        (
            Code::RulesNesting,
            format!("more than {RULES_STATEMENTS} statements"),
        ),
        (
            Code::RulesNesting,
            format!("more than {RULES_OPERATORS} operators"),
        ),
        (
            Code::RulesTooBig,
            format!("more than {} bits", thousands(RULES_KEY_BITS)),
        ),
    ];
    for (code, words) in cases {
        assert!(code.describe().contains(&words), "{code}: {words}");
    }
    // Every number of two digits or more in a description is one of these
    // (a new limit written by hand needs a case above; one-digit numbers
    // are examples: UTF-8, 1..K, a range 5..2).
    let known: Vec<String> = [
        SOURCE_BYTES >> 20,
        PARSE_ERRORS,
        ERRORS_SHOWN,
        RULES_NESTING,
        RULES_STATEMENTS,
        RULES_OPERATORS,
    ]
    .iter()
    .map(|n| n.to_string())
    .chain([(meeple::budget::DEFAULT_MEMORY_BYTES >> 20).to_string()])
    .chain([RULES_KEY_BITS.to_string()])
    .collect();
    for code in Code::ALL {
        // Numbers as written, thousands separators and all ("65,536").
        let text = code.describe().replace(',', "");
        for word in text.split(|c: char| !c.is_ascii_digit()) {
            assert!(
                word.len() < 2 || known.iter().any(|k| k == word),
                "{code}: the number {word} in {:?}",
                code.describe()
            );
        }
    }
}
