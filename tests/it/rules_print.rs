//! `print E` in a `solve simulate` turn (docs/rules-language.md,
//! *Printing*): the run's lines as the `printed` field, refused where no
//! one run prints; a proven cycle's lines repeated up to the limit, within
//! `--memory`; `output printed` as the judge's lines, which `meeple answer`,
//! `meeple export --judge` and `meeple judge` take whole.

use crate::common::{meeple_in, temp_dir, text};
use meeple::error::Code;
use meeple::pipeline::{run_bytes, RunConfig};
use serde_json::Value;

fn invalid(text: &str) -> Vec<(Code, String, String)> {
    crate::common::invalid_in("p.game", text)
}

/// A counter that goes `start`, `start + 1`, … up to `top`, then wraps to
/// `back`: turns before the cycle, then a cycle of `top - back + 1`
/// positions; each turn prints the new value.
fn counter(start: i64, top: i64, back: i64, limit: &str) -> String {
    format!(
        "rules c {{\n  players none\n  board none\n  var n: 0..9 = {start}\n  turn {{\n    n = if n == {top} then {back} else n + 1\n    print n * 10\n  }}\n  solve simulate limit {limit}\n}}\n\nscenario \"s\" {{\n  game c\n  solve\n}}\n"
    )
}

/// The JSON answer of the first `solve` of `text`, run with `config`.
fn solved(text: &str, config: &RunConfig) -> Value {
    let run = run_bytes("p.game", text.as_bytes(), config);
    meeple::render::json::file(&run, &[])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["kind"] == "answer")
        .unwrap_or_else(|| panic!("no answer: {}", crate::common::shown(&run)))
}

/// What a plain run of the counter prints in `limit` turns.
fn naive(start: i64, top: i64, back: i64, limit: u64) -> Vec<i64> {
    let mut n = start;
    (0..limit)
        .map(|_| {
            n = if n == top { back } else { n + 1 };
            n * 10
        })
        .collect()
}

/// Printing is not state: the cycle is proven on the positions alone
/// (`cycle yes`, answer -1), and the lines of the turns up to the limit
/// are the cycle's lines again, the same as a plain run's, for every limit
/// (before the proof, at it, whole cycles and part of one after it).
#[test]
fn a_proven_cycle_prints_its_lines_up_to_the_limit() {
    for (start, top, back) in [(0, 2, 0), (0, 5, 3), (2, 9, 4), (0, 0, 0)] {
        for limit in 1..40u64 {
            let v = solved(
                &counter(start, top, back, &limit.to_string()),
                &RunConfig::default(),
            );
            let got: Vec<i64> = v["printed"]
                .as_array()
                .unwrap_or_else(|| panic!("{v}"))
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect();
            assert_eq!(
                got,
                naive(start, top, back, limit),
                "{start} {top} {back}, limit {limit}"
            );
            assert_eq!(v["answer"], -1, "{v}");
        }
    }
    // Proven before a limit of 10: `cycle yes`.
    let v = solved(&counter(0, 2, 0, "10"), &RunConfig::default());
    assert_eq!(v["cycle"], "yes", "{v}");
}

/// The lines count against `--memory` (8 bytes a value): a cycle that
/// prints, under a limit of 10^15 turns, would hold 10^15 lines; refused
/// with the limit's code, not run out of memory. A cycle that prints
/// nothing costs nothing however far the limit is.
#[test]
fn printed_lines_count_against_the_memory_limit() {
    let mut config = RunConfig::default();
    config.limits.memory = Some(1 << 20);
    let run = run_bytes(
        "p.game",
        counter(0, 2, 0, "1000000000000000").as_bytes(),
        &config,
    );
    let shown = crate::common::shown(&run);
    assert!(shown.contains("meeple::limit::memory"), "{shown}");
    let quiet =
        counter(0, 2, 0, "1000000000000000").replace("print n * 10", "if n == 9 { print n }");
    let v = solved(&quiet, &config);
    assert_eq!(v["printed"], serde_json::json!([]), "{v}");
    assert_eq!(v["cycle"], "yes", "{v}");
}

/// `print` has a meaning along `solve simulate`'s one run only: in
/// `setup`, in the legend and under a searched objective it is refused on
/// the statement; what it prints is a whole number.
#[test]
fn print_is_refused_where_no_one_run_prints() {
    let searched = "rules s {\n  players solo\n  board none\n  var n: 0..3 = 0\n  turn {\n    choose k in 1..2\n    print k\n    n = min(n + k, 3)\n    win if n == 3\n  }\n  solve shortest within 5\n}\n";
    let ds = invalid(searched);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].0, Code::RulesPrint);
    assert_eq!(ds[0].1, "print k");
    assert!(ds[0].2.contains("only `solve simulate`"), "{ds:?}");

    let in_setup =
        counter(0, 2, 0, "5").replace("  turn {", "  setup {\n    print 1\n  }\n  turn {");
    let ds = invalid(&in_setup);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::RulesPrint, "print 1"));

    let in_legend = "rules l {\n  players none\n  layer v: 0..9\n  legend {\n    number x: v[here] = x; print x\n  }\n  turn {\n    stop\n  }\n  solve simulate limit 3\n}\n";
    let ds = invalid(in_legend);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::RulesPrint, "print x"));

    let a_bool = counter(0, 2, 0, "5").replace("print n * 10", "print n == 1");
    let ds = invalid(&a_bool);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::RulesType, "n == 1"));

    // A name may not be `print`.
    let named = counter(0, 2, 0, "5").replace("var n: 0..9", "var print: 0..9 = 0\n  var n: 0..9");
    assert!(!invalid(&named).is_empty());
}

/// `expect printed` takes the list form of `set`, `[a, b, …]`; one value
/// is refused with the bracketed form in its help; a wrong list fails.
#[test]
fn expect_printed_takes_a_list() {
    let with = |e: &str| {
        counter(0, 2, 0, "4").replace("  solve\n}", &format!("  solve\n  expect printed {e}\n}}"))
    };
    let run = run_bytes(
        "p.game",
        with("[10, 20, 0, 10]").as_bytes(),
        &RunConfig::default(),
    );
    let shown = crate::common::shown(&run);
    assert!(
        shown.contains("ok: expect printed [10, 20, 0, 10]"),
        "{shown}"
    );
    let run = run_bytes(
        "p.game",
        with("[10, 20, 0]").as_bytes(),
        &RunConfig::default(),
    );
    let shown = crate::common::shown(&run);
    assert!(shown.contains("meeple::expect::failed"), "{shown}");
    let ds = invalid(&with("10"));
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].0, Code::ExpectValue);
    assert!(ds[0].2.contains("`expect printed [10]`"), "{ds:?}");
    // Not a list field: a list is refused.
    let ds =
        invalid(&counter(0, 2, 0, "4").replace("  solve\n}", "  solve\n  expect answer [1]\n}"));
    assert_eq!(ds[0].0, Code::ExpectValue, "{ds:?}");
}

/// `output printed` and `expect printed` need a turn that prints.
#[test]
fn output_printed_needs_a_print() {
    let text = "rules q {\n  players none\n  board none\n  var n: 0..9 = 0\n  turn {\n    stop if n == 3\n    n += 1\n  }\n  input {\n    n: 0..9\n  }\n  output printed\n  solve simulate limit 20\n}\n";
    let ds = invalid(text);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::RulesInput, "printed"));
    // So does `expect printed`: such a game's answer has no such field.
    let quiet = text.replace("  output printed\n", "")
        + "\nscenario \"s\" {\n  game q\n  solve\n  expect printed []\n}\n";
    let ds = invalid(&quiet);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::ExpectField, "printed"));
}

/// `meeple answer` and `meeple export --judge` write every printed line
/// (none for a run that printed nothing); `meeple judge --cmd` compares
/// the program's whole output with them: a correct program is accepted,
/// one that gets a line wrong or stops early is a wrong answer naming the
/// line, and one that prints a line more is one too.
#[test]
fn the_judge_takes_every_printed_line() {
    let dir = temp_dir("rules-print-judge");
    let script = crate::common::root().join("scripts/problems/rolling_die.game");
    std::fs::copy(script, dir.join("rolling_die.game")).unwrap();
    let game = "rolling_die.game";
    std::fs::write(
        dir.join("1.in"),
        "4 2 0 0 8\n0 2\n3 4\n5 6\n7 8\n4 4 4 1 3 3 3 2\n",
    )
    .unwrap();
    // Every move off the map: no line at all.
    std::fs::write(dir.join("2.in"), "1 1 0 0 2\n5\n1 3\n").unwrap();
    let run = |args: &[&str]| {
        let o = meeple_in(&dir, args, &[]);
        let (out, err) = text(&o);
        (o.status.code().unwrap_or(-1), out, err)
    };
    let (code, out, err) = run(&["answer", "--game", "rolling_die", "--rules", game, "1.in"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "0\n0\n3\n0\n0\n8\n6\n3\n");
    let (code, out, err) = run(&["answer", "--game", "rolling_die", "--rules", game, "2.in"]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");

    let (code, _, err) = run(&["export", "--judge", "out", "--game", "rolling_die", game]);
    assert_eq!(code, 0, "{err}");
    let first = std::fs::read_to_string(dir.join("out/001.out")).unwrap();
    assert_eq!(first, "0\n0\n3\n0\n0\n8\n6\n3\n");

    let me = env!("CARGO_BIN_EXE_meeple");
    let answer = format!("{me} answer --game rolling_die --rules \"$MEEPLE_DIR/{game}\" -");
    for (cmd, verdict, detail) in [
        (answer.clone(), "AC", ""),
        (
            format!("{answer} | sed '3s/.*/9/'"),
            "WA",
            "line 3: expected 3, got 9",
        ),
        (
            format!("{answer} | head -n 7"),
            "WA",
            "line 8: expected 3, got nothing (the output ends before it)",
        ),
        (
            format!("{answer}; echo 1"),
            "WA",
            "line 9 of the output: expected the end of the output, got 1",
        ),
    ] {
        let (_, out, err) = run(&[
            "judge",
            "--cmd",
            &cmd,
            game,
            "--jobs",
            "1",
            "--max-runs",
            "0",
            "--format",
            "json",
        ]);
        // Case 1: BOJ 14499 sample 1, eight lines.
        let case: Value = out
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .find(|v| v["kind"] == "case" && v["case"] == 1)
            .unwrap_or_else(|| panic!("{cmd}: {out}{err}"));
        assert_eq!(case["verdict"], verdict, "{cmd}: {case}");
        if !detail.is_empty() {
            assert_eq!(case["detail"], detail, "{cmd}: {case}");
        }
    }
}
