//! The library's incremental API, driven directly as an editor or a web
//! page would: load, pick, feed, undo, reset, cancel.

use meeple::games::GameKind;
use meeple::interp::Event;
use meeple::limits::Limits;
use meeple::workspace::{Output, Sources, Workspace};

/// Everything one call reported, with answers as their `answer` field.
fn feed(
    ws: &mut Workspace,
    f: impl FnOnce(&mut Workspace, &mut dyn FnMut(&Sources, Output)),
) -> Vec<String> {
    let mut got = Vec::new();
    f(ws, &mut |sources, o| {
        got.push(match o {
            Output::Event {
                scenario,
                event: Event::Answer { answer, span, .. },
            } => format!(
                "{scenario}: {} at {}",
                answer.field("answer").map_or("-".into(), |v| v.to_string()),
                sources.place(span.start())
            ),
            Output::Event {
                event: Event::ExpectPassed { field, .. },
                ..
            } => format!("ok {field}"),
            Output::Event {
                event: Event::Error(d),
                ..
            }
            | Output::Error(d) => {
                format!(
                    "error {} at {}",
                    d.code,
                    sources.place(d.span().map_or(0, |s| s.start()))
                )
            }
            Output::Notice(n) => n.to_string(),
            Output::Position(_) => "position".into(),
            other => panic!("an output this test does not know: {other:?}"),
        })
    });
    got
}

const FILE: &str = "scenario \"row\" {\n  game footholds\n  board [[1, 1, 1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 4)\n  solve\n  expect answer 4\n}\n";

#[test]
fn a_loaded_file_is_parsed_once_and_its_scenario_becomes_current() {
    let mut ws = Workspace::new(Limits::default());
    let got = feed(&mut ws, |ws, e| ws.load("row.game", FILE.as_bytes(), e));
    assert_eq!(
        got,
        [
            "loaded row.game: 1 scenario",
            "scenario \"row\" (footholds) is current",
            "the position changed"
        ]
    );
    assert_eq!(ws.scenarios(), [("row".to_string(), GameKind::Footholds)]);
    // Queries are not run when a scenario is made current; asking again is.
    let got = feed(&mut ws, |ws, e| ws.input("solve", e));
    assert_eq!(got, ["row: 4 at input 1"]);
    // A move, then undo, then a move and reset: the answer follows.
    let got = feed(&mut ws, |ws, e| {
        ws.input("play A right\nsolve\nundo\nsolve", e)
    });
    assert_eq!(
        got,
        [
            "the position changed",
            "row: 4 at input 2, line 2",
            "the position changed",
            "row: 4 at input 2, line 4"
        ]
    );
    assert!(feed(&mut ws, |ws, e| {
        ws.reset(e);
    })
    .contains(&"the moves typed here are taken back (the scenario's own moves stay)".to_string()));
}

#[test]
fn errors_point_into_what_was_fed_and_nothing_is_kept() {
    let mut ws = Workspace::new(Limits::default());
    let got = feed(&mut ws, |ws, e| ws.input("board [[1]]", e));
    assert_eq!(got, ["error meeple::scenario::no_game at input 1"]);
    let bad = "scenario \"x\" {\n  game footholds\n  piece C at (0, 0)\n}\n";
    let got = feed(&mut ws, |ws, e| ws.load("bad.game", bad.as_bytes(), e));
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(
        got[0].starts_with("error meeple::") && got[0].ends_with("at line 3"),
        "{got:?}"
    );
    assert_eq!(got[1], "bad.game: 1 error; nothing was loaded");
    assert!(ws.scenarios().is_empty());
    assert_eq!(ws.game(), None);
}

#[test]
fn autoshow_draws_the_position_after_each_change() {
    let mut ws = Workspace::new(Limits::default());
    ws.autoshow = true;
    let got = feed(&mut ws, |ws, e| {
        ws.input("game footholds\nboard [[1, 1]]\npiece A at (0, 0)", e)
    });
    assert_eq!(
        got,
        [
            "the position changed",
            "position",
            "the position changed",
            "position"
        ]
    );
    assert!(ws.show().is_some());
}

#[test]
fn a_cancelled_query_reports_the_limit_and_the_next_one_runs() {
    let mut ws = Workspace::new(Limits::default());
    let flag = ws.cancel_flag();
    feed(&mut ws, |ws, e| ws.load("row.game", FILE.as_bytes(), e));
    flag.store(true, std::sync::atomic::Ordering::SeqCst);
    // The workspace clears the flag before each statement: a cancel is for
    // the query running when it is set, not for the next one.
    let got = feed(&mut ws, |ws, e| ws.input("solve", e));
    assert_eq!(got, ["row: 4 at input 1"]);
}

#[test]
fn the_current_statements_carry_tracks_only_for_a_game_that_takes_them() {
    let mut ws = Workspace::new(Limits::default());
    let track = "track small {\n  route start 1 2 3 finish\n}\ngame yut\nboard small\n";
    let got = feed(&mut ws, |ws, emit| ws.input(track, emit));
    assert!(got.iter().all(|g| !g.starts_with("error")), "{got:?}");
    let (tracks, stmts) = ws.current_statements().unwrap();
    assert_eq!((tracks.len(), stmts.len()), (1, 2));
    feed(&mut ws, |ws, emit| ws.input("game footholds\n", emit));
    let (tracks, _) = ws.current_statements().unwrap();
    assert!(tracks.is_empty());
}

/// The legal moves of the current position, as written after `play`
/// (what the REPL's Tab offers): none before the position is known.
#[test]
fn the_legal_moves_follow_the_position() {
    let mut ws = Workspace::new(Limits::default());
    assert_eq!(ws.legal_plays(), None);
    feed(&mut ws, |ws, emit| {
        ws.input(
            "game footholds\nboard [[1, 1, 1], [1, 0, 1]]\npiece A at (0, 0)",
            emit,
        )
    });
    assert_eq!(ws.legal_plays(), None, "B is not placed yet");
    feed(&mut ws, |ws, emit| ws.input("piece B at (1, 2)", emit));
    assert_eq!(ws.legal_plays().unwrap(), ["A right", "A down"]);
    feed(&mut ws, |ws, emit| ws.input("play A right", emit));
    assert_eq!(ws.legal_plays().unwrap(), ["B up"]);
    feed(&mut ws, |ws, emit| {
        ws.input("game yut\nboard yut\ndice 5 1", emit)
    });
    assert_eq!(
        ws.legal_plays().unwrap(),
        ["piece 1", "piece 2", "piece 3", "piece 4"]
    );
    feed(&mut ws, |ws, emit| {
        ws.input("play piece 1\nplay piece 1", emit)
    });
    assert_eq!(
        ws.legal_plays().unwrap(),
        Vec::<String>::new(),
        "no roll left"
    );
}
