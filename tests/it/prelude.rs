//! Issue 29 item 5: the built-in games as prelude rules scripts and
//! `--engine rules|native`. The cross-check draws random positions with the
//! library's `gen` (default shapes, fixed seeds, bounded by count) and asserts
//! that both engines give the same value on every `solve` field, the same
//! `line` length and the same `analyze` values. CI runs the same check on
//! thousands of positions with the release binary (`.ci/run`).

use crate::common::{meeple, meeple_in, temp_dir, text};
use meeple::games::{game, Answer, FieldValue, GameKind, OptionError};

/// An answer's JSON detail (its line, analysis, …) under `detail`.
fn json(a: &Answer) -> Value {
    serde_json::json!({ "detail": a.inner().detail() })
}
use meeple::gen::rng::Rng;
use meeple::interp::Event;
use meeple::limits::{Engine, Limits};
use meeple::{run_source_with, Outcome, RunConfig};
use serde_json::Value;
use std::collections::BTreeMap;

/// Every answer of a script under `engine`, in order.
fn answers(src: &str, engine: Engine) -> Vec<Answer> {
    let config = RunConfig {
        limits: Limits {
            engine,
            ..Limits::default()
        },
        filter: None,
    };
    let run = run_source_with("x.game", src, &config);
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("invalid under {engine:?}: {}", crate::common::shown(&run));
    };
    runs.iter()
        .flat_map(|r| r.events.iter())
        .filter_map(|e| match e {
            Event::Answer { answer, .. } => Some(answer.clone()),
            Event::Error(d) => panic!("{engine:?}: {d:?}\n{src}"),
            _ => None,
        })
        .collect()
}

/// How many moves (turns) a `line` answer plays, from its JSON detail:
/// the native games' own forms, or the rules engine's `moves`.
fn line_length(kind: GameKind, a: &Answer) -> usize {
    let j = json(a);
    let d = &j["detail"];
    let len = |v: &Value| v.as_array().map_or(0, Vec::len);
    match (kind, d.get("moves"), d.get("plan"), d.get("turns")) {
        (_, _, Some(plan), _) => len(plan),
        // Native stacking lists turn 0 (the start) first.
        (GameKind::Stacking, _, _, Some(turns)) => len(turns).saturating_sub(1),
        (_, Some(moves), _, _) => len(moves),
        _ => panic!("no line in {j}"),
    }
}

/// An `analyze` answer as move → value: footholds `DIR` → (moves, wins),
/// yut `piece N` → best total.
fn analysis(kind: GameKind, a: &Answer) -> BTreeMap<String, String> {
    let j = json(a);
    let mut out = BTreeMap::new();
    let rows = |k: &str| j["detail"][k].as_array().cloned().unwrap_or_default();
    if let Some(pieces) = j["detail"].get("pieces").filter(|_| kind == GameKind::Yut) {
        for p in pieces.as_array().unwrap() {
            out.insert(format!("piece {}", p["piece"]), p["total"].to_string());
        }
        return out;
    }
    for m in rows("moves") {
        match kind {
            GameKind::Footholds if m.get("dir").is_some() => {
                let dir = m["dir"].as_str().unwrap().to_string();
                out.insert(dir, format!("{} {}", m["moves"], m["wins"]));
            }
            GameKind::Footholds => {
                // "A up": the mover first, then the direction; the rules
                // answer names the winner.
                let name = m["move"].as_str().unwrap();
                let (mover, dir) = name.split_once(' ').unwrap();
                let wins = m["winner"].as_str() == Some(mover);
                out.insert(dir.to_string(), format!("{} {wins}", m["moves"]));
            }
            _ => {
                out.insert(
                    m["move"].as_str().unwrap().to_string(),
                    m["score"].to_string(),
                );
            }
        }
    }
    out
}

fn no_files(_: &str) -> Result<Vec<(String, String)>, OptionError> {
    Ok(Vec::new())
}

/// `count` random positions of `kind` at its default shape under `seed`,
/// as one script: each a scenario with `solve`, `line` and (footholds,
/// yut) `analyze`.
fn positions(kind: GameKind, count: u64, seed: u64) -> (String, usize) {
    let shape = game(kind).gen_shape(&[], &no_files).unwrap();
    let mut src = meeple::gen::prelude(&shape);
    let queries = if kind == GameKind::Stacking {
        "  solve\n  line\n"
    } else {
        "  solve\n  line\n  analyze\n"
    };
    for i in 0..count {
        let p = shape.draw(&mut Rng::for_case(seed, i));
        src.push_str(&format!(
            "scenario \"{i}\" {{\n  game {kind}\n{}{queries}}}\n",
            shape.declarations(&p)
        ));
    }
    (src, queries.lines().count())
}

/// Both engines on the same positions: the same `solve` fields, `line`
/// lengths and `analyze` values (and the same `game` in the answers).
fn cross_check(kind: GameKind, count: u64, seed: u64) {
    let (src, per) = positions(kind, count, seed);
    let native = answers(&src, Engine::Default);
    let rules = answers(&src, Engine::Rules);
    assert_eq!(native.len(), count as usize * per);
    assert_eq!(rules.len(), native.len());
    for (i, (n, r)) in native.iter().zip(&rules).enumerate() {
        let at = format!("{kind} seed {seed} case {} query {}", i / per, i % per);
        assert_eq!(n.game(), kind, "{at}");
        assert_eq!(r.game(), kind, "{at}");
        match ["solve", "line", "analyze"][i % per] {
            "solve" => assert_eq!(n.fields(), r.fields(), "{at}"),
            "line" => assert_eq!(line_length(kind, n), line_length(kind, r), "{at}"),
            "analyze" => {
                let (a, b) = (analysis(kind, n), analysis(kind, r));
                assert!(
                    !a.is_empty() || line_length(kind, &native[i - 1]) == 0,
                    "{at}"
                );
                assert_eq!(a, b, "{at}");
            }
            q => panic!("{at}: {q}"),
        }
    }
}

/// The positions per game: `default`, or `MEEPLE_CROSS_CHECK` (CI runs
/// thousands: `.ci/run`).
fn count(default: u64) -> u64 {
    std::env::var("MEEPLE_CROSS_CHECK")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

#[test]
fn footholds_engines_agree_on_random_positions() {
    cross_check(GameKind::Footholds, count(150), 29);
}

#[test]
fn stacking_engines_agree_on_random_positions() {
    cross_check(GameKind::Stacking, count(150), 29);
}

/// Yut's judge-sized cases take the generic engine ~1,000× the native
/// solver's work, so fewer of them here; CI checks thousands in release.
#[test]
fn yut_engines_agree_on_random_positions() {
    cross_check(GameKind::Yut, 16, 29);
}

/// The native forms on the prelude scripts: `play A to (r, c)`, the
/// whole game's `answer` after `play` (footholds moves, yut score), a
/// `show` before the pieces are all placed, a judge `input`, random dice
/// (`x N` rolls only), stacking's `cycle` past the turn limit and `limit
/// none`; both engines answer the same.
#[test]
fn native_forms_mean_the_same_on_the_prelude_scripts() {
    let src = "scenario \"to\" {\n  game footholds\n  board {\n    1 1 1\n    1 1 1\n    1 1 1\n  }\n  piece A at (1, 0)\n  piece B at (1, 2)\n  play A to (1, 1)\n  solve\n}\n\
scenario \"partial\" {\n  game footholds\n  rule origin 1\n  board [[1, 1], [1, 1]]\n  show\n  piece A at (1, 1)\n  piece B at (2, 2)\n  solve\n  play A right\n  solve\n}\n\
scenario \"king\" {\n  game footholds\n  rule steps king\n  rule first B\n  input \"\"\"[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]\"\"\"\n  solve\n}\n\
scenario \"yut\" {\n  game yut\n  rule pieces 1\n  board yut\n  dice 1 2\n  play piece 1\n  solve\n}\n\
scenario \"random\" {\n  game yut\n  rule pieces 2\n  board yut\n  dice uniform 1..3 x 3\n  solve\n}\n\
scenario \"cycle\" {\n  game stacking\n  rule limit 6\n  board [[0, 0, 0], [0, 0, 0], [0, 0, 0]]\n  piece 1 at (0, 0) facing right\n  solve\n  step 10\n  solve\n}\n\
scenario \"none\" {\n  game stacking\n  rule limit none\n  rule origin 1\n  input \"\"\"4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n\"\"\"\n  solve\n}\n";
    let native = answers(src, Engine::Default);
    let rules = answers(src, Engine::Rules);
    let solves = |v: &[Answer]| -> Vec<Vec<(String, String)>> {
        v.iter()
            .filter(|a| !a.fields().is_empty())
            .map(|a| {
                a.fields()
                    .into_iter()
                    .map(|(f, v)| (f.name().to_string(), v.to_string()))
                    .collect()
            })
            .collect()
    };
    let (n, r) = (solves(&native), solves(&rules));
    assert_eq!(n.len(), 9);
    assert_eq!(n, r);
    let field = |i: usize, f: &str| r[i].iter().find(|(g, _)| g == f).unwrap().1.clone();
    // After `play A to (1, 1)`: the whole game is 5 moves, 4 still to come.
    assert_eq!(
        (field(0, "answer"), field(0, "moves")),
        ("5".into(), "4".into())
    );
    // Rolls 1 then 2 on one piece: 2 already scored, 6 more.
    assert_eq!(field(4, "answer"), "8");
    assert_eq!(field(6, "cycle"), "yes");
    assert_eq!(field(7, "cycle"), "yes");
    assert_eq!(
        (field(8, "answer"), field(8, "cycle")),
        ("-1".into(), "yes".into())
    );
    // The rules engine's answers keep the built-in game's kind.
    assert!(rules.iter().all(|a| a.game() != GameKind::Rules));
    let random: Vec<&Answer> = rules.iter().filter(|a| !a.fields().is_empty()).collect();
    let FieldValue::Ratio(_) = &random[5].fields()[0].1 else {
        panic!("{:?}", random[5].fields())
    };
}

#[test]
fn rules_list_and_show_print_the_prelude() {
    let (out, err) = text(&meeple(&["rules", "list"]));
    assert_eq!(out, "footholds\nyut\nstacking\n", "{err}");
    for name in ["footholds", "yut", "stacking"] {
        let (out, _) = text(&meeple(&["rules", "show", name]));
        assert_eq!(out, meeple::games::prelude::text(name).unwrap());
        assert!(out.contains(&format!("rules {name} {{")));
    }
    let o = meeple(&["rules", "show", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("footholds, yut, stacking"));
}

/// `--engine native` on a rules game is a coded error on its `game`
/// statement; `--engine rules` runs the built-in games on the prelude
/// (the same JSON `game` and fields); `check` takes the flag too.
#[test]
fn engine_flag_on_the_command_line() {
    let dir = temp_dir("prelude-engine");
    let rules =
        std::fs::read_to_string(crate::common::root().join("scripts/rules/steppingstones.game"))
            .unwrap();
    std::fs::write(dir.join("r.game"), rules).unwrap();
    let o = meeple_in(&dir, &["check", "--engine", "native", "r.game"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("meeple::engine::native"),
        "{}",
        text(&o).1
    );
    let o = meeple_in(&dir, &["test", "--engine", "rules", "r.game"], &[]);
    assert_eq!(o.status.code(), Some(0), "{:?}", text(&o));
    std::fs::write(
        dir.join("k.game"),
        "scenario \"k\" {\n  game footholds\n  board [[1, 1, 1], [1, 1, 1], [1, 1, 1]]\n  piece A at (1, 0)\n  piece B at (1, 2)\n  solve\n  expect answer 5\n}\n",
    )
    .unwrap();
    for engine in ["native", "rules"] {
        let o = meeple_in(
            &dir,
            &["run", "--engine", engine, "--format", "json", "k.game"],
            &[],
        );
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{err}");
        let j: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        assert_eq!(
            (&j["game"], &j["answer"], &j["moves"], &j["winner"]),
            (
                &Value::from("footholds"),
                &Value::from(5),
                &Value::from(5),
                &Value::from("A")
            ),
            "{engine}"
        );
        let o = meeple_in(&dir, &["check", "--engine", engine, "k.game"], &[]);
        assert_eq!(o.status.code(), Some(0), "{engine}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A 2-turn cycle that Brent's method proves on the very turn the first
/// repetition happens (gen seed 29, case 180): the native `line` draws one
/// turn past it, and so does the prelude's (`line N` runs its N turns).
#[test]
fn a_stacking_line_through_a_short_cycle_is_as_long_as_native() {
    let src = "scenario \"c\" {\n  game stacking\n  board {\n    w r b r b b r\n    r b r b r r w\n    b b r r b b r\n    b w b w b w r\n    b w w r w w b\n    w w b b r r w\n    b w r b b b b\n  }\n  piece 1 at (4, 2) facing down\n  piece 2 at (2, 4) facing down\n  piece 3 at (5, 0) facing right\n  piece 4 at (3, 4) facing left\n  line\n  line 7\n}\n";
    let n = answers(src, Engine::Default);
    let r = answers(src, Engine::Rules);
    let lens = |v: &[Answer]| -> Vec<usize> {
        v.iter()
            .map(|a| line_length(GameKind::Stacking, a))
            .collect()
    };
    assert_eq!(lens(&n), [4, 4]);
    assert_eq!(lens(&r), lens(&n));
}

/// Stacking under `--engine rules` whose limit passes before a cycle the
/// second search then proves: the text says what the fields say, a game
/// that never ends (before: "the game has not ended by the limit" beside
/// `cycle yes`, gen stacking --seed 29 case 0553).
#[test]
fn a_proven_cycle_past_the_limit_is_worded_as_one() {
    let small = "scenario \"cycle\" {\n  game stacking\n  rule limit 6\n  board [[0, 0, 0], [0, 0, 0], [0, 0, 0]]\n  piece 1 at (0, 0) facing right\n  solve\n}\n";
    let case_0553 = "scenario \"gen 0553 (seed 29)\" {\n  game stacking\n  board {\n    w b w b w b r b r w\n    b w b w r b b w w b\n    r b w r r r r w w w\n    b r b b b w w w w r\n    r w b w b w b w w r\n    w b w b r w r b r b\n    b w w w r b w w b r\n    r w w w r r w w r r\n    r r b b b r r w w r\n    r r b w r r b r b b\n  }\n  piece 1 at (3, 8) facing left\n  piece 2 at (4, 0) facing up\n  piece 3 at (4, 4) facing left\n  piece 4 at (9, 0) facing up\n  piece 5 at (1, 3) facing right\n  piece 6 at (7, 8) facing down\n  piece 7 at (1, 0) facing left\n  piece 8 at (2, 4) facing left\n  piece 9 at (7, 9) facing left\n  solve\n}\n";
    for src in [small, case_0553] {
        let rules = answers(src, Engine::Rules);
        let a = &rules[0];
        let cycle = a.fields().into_iter().find(|(f, _)| f.name() == "cycle");
        assert_eq!(cycle.map(|(_, v)| v.to_string()).as_deref(), Some("yes"));
        assert_eq!(
            a.inner().lines()[0],
            "answer -1: the game never ends: a position repeats (-1)",
            "{src}"
        );
    }
}
