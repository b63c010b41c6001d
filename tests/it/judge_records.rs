//! Judge formats of records (docs/rules-language.md, *Judge input*): a
//! value read as the judge's word (`turn as "L" | "D"`), the cells of a
//! bool layer (`cells k: seed from 1`), records into list vars (`lists l:
//! amounts, dirs as "N" | "S"`) and a board sized by numbers (`board n by
//! m`): read as the statements that say the same start, written back by
//! `meeple export --judge`, drawn by `meeple gen`, and refused on the exact
//! word.

use crate::common::{meeple_in, temp_dir, text};
use meeple::error::Code;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};

/// Every new item at once; the legend lets statements say the same start
/// (`1` marks a seed).
const TALLY: &str = r#"rules tally {
  players none
  layer seed: bool
  var amounts: list of 0..9 max 5
  var dirs: list of north | south max 5
  piece placed 1..3 { at: cell, turn: L | D }
  legend {
    number n: seed[here] = n == 1
  }
  turn {
    stop
  }
  input {
    n, m: 1..5
    board n by m
    k: 0..5
    cells k: seed from 1
    l: 0..5
    lists l: amounts increasing, dirs as "N" | "S"
    p: 0..3
    pieces p: at from 1, turn as "L" | "D"
  }
  solve simulate limit 1
}
"#;

fn scenario(body: &str) -> String {
    format!("{TALLY}\nscenario \"s\" {{\n  game tally\n{body}}}\n")
}

/// What the file's run shows, without its header lines (they name lines).
fn shown(text: &str) -> String {
    let r = run_bytes("f.game", text.as_bytes(), &RunConfig::default());
    assert!(
        matches!(r.outcome, Outcome::Ran(_)),
        "{}",
        crate::common::shown(&r)
    );
    let all = crate::common::shown(&r);
    all.lines()
        .filter(|l| !l.starts_with("== "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each diagnostic's code, the text under its primary label, its message.
fn invalid(text: &str) -> Vec<(Code, String, String)> {
    let r = run_bytes("f.game", text.as_bytes(), &RunConfig::default());
    let Outcome::Invalid(diags) = &r.outcome else {
        panic!("valid: {}", crate::common::shown(&r));
    };
    diags
        .iter()
        .map(|d| {
            let at = d.span().map_or("", |s| &text[s.range()]).to_string();
            (d.code, at, d.message.clone())
        })
        .collect()
}

/// A judge input and the statements that say the same start.
const INPUT: &str = "2 3\n2\n1 2\n2 3\n2\n3 N\n4 S\n2\n1 1 D\n2 2 L\n";
const STATEMENTS: &str = "  board [[0, 1, 0], [0, 0, 1]]\n  set amounts [3, 4]\n  set dirs [north, south]\n  piece 1 at (0, 0) with turn D\n  piece 2 at (1, 1) with turn L\n";

#[test]
fn words_cells_lists_and_a_sized_board_read_as_the_statements_would() {
    let from_input = shown(&scenario(&format!(
        "  input \"\"\"\n{INPUT}\"\"\"\n  show\n"
    )));
    let from_statements = shown(&scenario(&format!("{STATEMENTS}  show\n")));
    assert_eq!(from_input, from_statements);
    // What `show` says: the seeds, both lists, the pieces' turns.
    for want in [
        "  1 o .\n  . 2 o",
        "amounts = [3, 4]",
        "dirs = [north, south]",
        "piece 1: at (0, 0), turn D",
        "piece 2: at (1, 1), turn L",
    ] {
        assert!(from_input.contains(want), "{want}: {from_input}");
    }
    // A sized board is the layers' defaults: no legend entry applies.
    let empty = shown(&scenario("  input \"\"\"\n2 2\n0\n0\n0\n\"\"\"\n  show\n"));
    let zeros = shown(&scenario("  board [[0, 0], [0, 0]]\n  show\n"));
    assert_eq!(empty, zeros);
}

#[test]
fn export_writes_the_records_back_and_they_read_to_the_same_start() {
    let dir = temp_dir("judge-records-export");
    std::fs::write(
        dir.join("t.game"),
        scenario(&format!("{STATEMENTS}  solve\n")),
    )
    .unwrap();
    let o = meeple_in(&dir, &["export", "--judge", "out", "t.game"], &[]);
    assert!(o.status.success(), "{:?}", text(&o));
    let written = std::fs::read_to_string(dir.join("out/tally/001.in")).unwrap();
    // The board's size is `n m`; the seeds row by row, from 1.
    assert_eq!(written, INPUT);
    // Amounts that do not increase are read (meeple goes beyond the
    // judge) but not exported: beyond the judge's limits.
    let body = STATEMENTS.replace("[3, 4]", "[4, 4]");
    std::fs::write(dir.join("u.game"), scenario(&format!("{body}  solve\n"))).unwrap();
    let o = meeple_in(&dir, &["export", "--judge", "out2", "u.game"], &[]);
    let (out, err) = text(&o);
    assert!(!dir.join("out2/tally/001.in").exists(), "{out}{err}");
    assert!(
        format!("{out}{err}").contains("`amounts` on line 2 is 4, not above 4"),
        "{out}{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn gen_draws_distinct_cells_and_words_within_the_limits() {
    let dir = temp_dir("judge-records-gen");
    std::fs::write(dir.join("t.game"), TALLY).unwrap();
    let args = [
        "gen", "tally", "--rules", "t.game", "--count", "40", "--seed", "7", "-o", "a.game",
        "--judge", "j",
    ];
    let o = meeple_in(&dir, &args, &[]);
    assert!(o.status.success(), "{:?}", text(&o));
    let o = meeple_in(&dir, &["test", "a.game"], &[]);
    assert!(o.status.success(), "{:?}", text(&o));
    let (mut words, mut seeds) = (std::collections::HashSet::new(), 0);
    for i in 1..=40 {
        let input = std::fs::read_to_string(dir.join(format!("j/{i:03}.in"))).unwrap();
        let w: Vec<&str> = input.split_whitespace().collect();
        let num = |x: &str| x.parse::<usize>().unwrap();
        let (n, m, k) = (num(w[0]), num(w[1]), num(w[2]));
        assert!(
            (1..=5).contains(&n) && (1..=5).contains(&m) && k <= n * m,
            "{input}"
        );
        let cells: Vec<(usize, usize)> = (0..k)
            .map(|j| (num(w[3 + 2 * j]), num(w[4 + 2 * j])))
            .collect();
        let distinct: std::collections::HashSet<_> = cells.iter().collect();
        assert_eq!(distinct.len(), k, "distinct cells: {input}");
        assert!(cells
            .iter()
            .all(|&(r, c)| (1..=n).contains(&r) && (1..=m).contains(&c)));
        seeds += k;
        let at = 3 + 2 * k;
        let l = num(w[at]);
        for j in 0..l {
            assert!(num(w[at + 1 + 2 * j]) <= 9, "{input}");
            if j > 0 {
                assert!(
                    num(w[at + 1 + 2 * j]) > num(w[at - 1 + 2 * j]),
                    "increasing: {input}"
                );
            }
            let d = w[at + 2 + 2 * j];
            assert!(d == "N" || d == "S", "{input}");
            words.insert(d.to_string());
        }
        let at = at + 1 + 2 * l;
        let p = num(w[at]);
        assert_eq!(w.len(), at + 1 + 3 * p, "{input}");
        for j in 0..p {
            assert!(["L", "D"].contains(&w[at + 3 + 3 * j]), "{input}");
        }
    }
    // Both words drawn; some seeds drawn.
    assert_eq!(words.len(), 2);
    assert!(seeds > 0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn records_refused_on_the_exact_word() {
    let cases: [(&str, Code, &str, &str); 7] = [
        // A letter not among the words, a did-you-mean for a case slip.
        (
            "2 3\n0\n1\n3 n\n0\n",
            Code::InputFormat,
            "n",
            "expected list line 1's dirs (N, S), found `n`",
        ),
        // A number where the judge writes a word.
        (
            "2 3\n0\n0\n1\n1 1 0\n",
            Code::InputFormat,
            "0",
            "expected piece 1's turn (L, D), found `0`",
        ),
        // A cell given twice.
        (
            "2 3\n2\n1 2\n1 2\n0\n0\n",
            Code::InputFormat,
            "1 2",
            "cell 2 of `seed` is (1, 2) again",
        ),
        // The input ends inside the records.
        (
            "2 3\n0\n2\n3 N\n",
            Code::InputFormat,
            "",
            "expected list line 2's amounts",
        ),
        // A board of no cells.
        (
            "0 3\n0\n0\n0\n",
            Code::InputFormat,
            "",
            "a board of 0 x 3 cells",
        ),
        // A cell off the board: the value's error, on it.
        (
            "2 3\n1\n3 1\n0\n0\n",
            Code::RulesValue,
            "3 1",
            "not a cell of the 2 x 3 board",
        ),
        // More records than the list holds.
        (
            "2 3\n0\n6\n1 N\n1 N\n1 N\n1 N\n1 N\n1 N\n0\n",
            Code::RulesValue,
            // From the first item of `amounts` to its last.
            "1 N\n1 N\n1 N\n1 N\n1 N\n1",
            "amounts would hold 6 items, more than its 5",
        ),
    ];
    for (input, code, at, msg) in cases {
        let d = invalid(&scenario(&format!(
            "  input \"\"\"\n{input}\"\"\"\n  solve\n"
        )));
        assert_eq!(d[0].0, code, "{input}: {d:?}");
        assert_eq!(d[0].1, at, "{input}: {d:?}");
        assert!(d[0].2.contains(msg), "{input}: {d:?}");
    }
    // `L` for `l`: a did-you-mean.
    let text = scenario("  input \"\"\"\n2 3\n0\n0\n1\n1 1 l\n\"\"\"\n  solve\n");
    let r = run_bytes("f.game", text.as_bytes(), &RunConfig::default());
    assert!(
        crate::common::shown(&r).contains("did you mean `L`?"),
        "{}",
        crate::common::shown(&r)
    );
}

#[test]
fn record_formats_are_checked_before_anything_runs() {
    let format = "    n, m: 1..5\n    board n by m\n    k: 0..5\n    cells k: seed from 1\n    l: 0..5\n    lists l: amounts increasing, dirs as \"N\" | \"S\"\n    p: 0..3\n    pieces p: at from 1, turn as \"L\" | \"D\"\n";
    let bad = |with: &str| invalid(&TALLY.replace(format, with));
    let cases: [(&str, Code, &str, &str); 11] = [
        // `increasing` orders numbers of a `lists` item only.
        (
            "    lists 1: dirs as \"N\" | \"S\" increasing\n",
            Code::RulesInput,
            "increasing",
            "not a list of numbers",
        ),
        (
            "    p: 0..3\n    pieces p: at increasing\n",
            Code::RulesInput,
            "increasing",
            "orders the lines of a `lists` item",
        ),
        // An unknown layer, with a did-you-mean.
        (
            "    board 2 by 2\n    cells 1: seeds\n",
            Code::RulesInput,
            "seeds",
            "no layer `seeds`",
        ),
        // An unknown var.
        (
            "    lists 1: amount\n",
            Code::RulesInput,
            "amount",
            "no var `amount`",
        ),
        // Words for a number.
        (
            "    lists 1: amounts as \"A\" | \"B\"\n",
            Code::RulesInput,
            "\"A\"",
            "no words to spell",
        ),
        // More words than values.
        (
            "    lists 1: dirs as \"N\" | \"S\" | \"E\"\n",
            Code::RulesInput,
            "\"E\"",
            "2 values, but 3 words",
        ),
        // A word twice; a word with a blank.
        (
            "    lists 1: dirs as \"N\" | \"N\"\n",
            Code::RulesInput,
            "\"N\"",
            "given twice",
        ),
        (
            "    lists 1: dirs as \"N x\" | \"S\"\n",
            Code::RulesInput,
            "\"N x\"",
            "not one word",
        ),
        // Cells before the board; a board given twice.
        (
            "    cells 1: seed\n    board 2 by 2\n",
            Code::RulesInput,
            "cells 1: seed",
            "before the board",
        ),
        (
            "    board 2 by 2\n    board 3 by 3\n",
            Code::RulesInput,
            "board 3 by 3",
            "the board twice",
        ),
        // A board sized by a name not read yet.
        (
            "    board q by 2\n",
            Code::RulesInput,
            "q",
            "not read before",
        ),
    ];
    for (with, code, at, msg) in cases {
        let d = bad(with);
        assert!(
            d.iter()
                .any(|x| x.0 == code && x.1 == at && x.2.contains(msg)),
            "{with}: {d:?}"
        );
    }
    // The did-you-mean names the layer.
    let text = TALLY.replace(format, "    board 2 by 2\n    cells 1: seeds\n");
    let r = run_bytes("f.game", text.as_bytes(), &RunConfig::default());
    assert!(
        crate::common::shown(&r).contains("did you mean `seed`?"),
        "{}",
        crate::common::shown(&r)
    );
    // Not a bool layer; not a list var.
    let counts = TALLY
        .replace("layer seed: bool", "layer seed: 0..3")
        .replace("seed[here] = n == 1", "seed[here] = n");
    let d = invalid(&counts);
    assert!(
        d.iter()
            .any(|x| x.1 == "seed" && x.2.contains("not a bool layer")),
        "{d:?}"
    );
    let scalar = TALLY.replace("var amounts: list of 0..9 max 5", "var amounts: 0..9");
    let d = invalid(&scalar);
    assert!(
        d.iter()
            .any(|x| x.1 == "amounts" && x.2.contains("not a list var")),
        "{d:?}"
    );
}

#[test]
fn a_failing_snake_case_shrinks_to_a_smaller_board_and_fewer_apples() {
    let script =
        std::fs::read_to_string(crate::common::root().join("scripts/problems/snake.game")).unwrap();
    let rules = &script[script.find("rules snake").unwrap()..];
    let rules = &rules[..rules.find("\n}\n").unwrap() + 3];
    let input = "6\n3\n3 4\n2 5\n5 3\n3\n3 D\n15 L\n17 D\n";
    let text =
        format!("{rules}\nscenario \"s\" {{\n  game snake\n  input \"\"\"\n{input}\"\"\"\n}}\n");
    let checked = meeple::pipeline::check_text(&text).unwrap_or_else(|d| panic!("{d:?}"));
    let start = meeple::export::start_position(&checked, 0).unwrap();
    // Written back: the apples row by row.
    assert_eq!(start.input(), "6\n3\n2 5\n3 4\n5 3\n3\n3 D\n15 L\n17 D\n");
    // A "program" that fails while an apple is on row 2 or below.
    let fails = |p: &meeple::games::JudgePosition| {
        let input = p.input();
        let w: Vec<i64> = input
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        let k = w[1] as usize;
        (0..k).any(|i| w[2 + 2 * i] >= 2).then_some(())
    };
    let out = meeple::shrink::shrink(start, (), &meeple::shrink::Settings::default(), |b| {
        b.iter().map(fails).collect()
    });
    // A smaller board (the apples are not moved: the last one that fails
    // stays on it) and one apple below the first row.
    let shrunk = out.position.input();
    let w: Vec<i64> = shrunk
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    assert!(w[0] < 6 && w[1] == 1 && w[2] >= 2, "{shrunk}");
    assert!(out.position.instance().is_ok(), "{shrunk}");
}
