//! Judge data of rules games that must not contradict itself: a `rule`
//! (or `rule first`) the judge input cannot say is skipped with its reason
//! in `export`, `judge` and `gen` alike; a random-dice objective's answer
//! line is its exact expectation (as `meeple run` prints it), compared as a
//! number within a millionth; `gen --where` sees that expectation. Bounded
//! by counts (cases, files, bytes), never by timing.

use crate::common::{meeple_in, temp_dir, text};
use serde_json::Value;
use std::path::Path;

/// A take-away game whose judge input gives the pile only: `most` and who
/// moves first are rules the input has no place for.
const TAKE: &str = r#"rules take {
  players A B
  board none
  param most: 1..3 = 1
  var pile: 0..20 = 0
  input {
    pile: 0..20
  }
  turn {
    choose k in 1..most where k <= pile
    pile -= k
    win if pile == 0
  }
  solve outcome
}
scenario "default rules" {
  game take
  input """
2
"""
  solve
  expect answer B
}
scenario "rule most 2" {
  game take
  rule most 2
  input """
2
"""
  solve
  expect answer A
}
scenario "rule first B" {
  game take
  rule first B
  input """
2
"""
  solve
  expect answer A
}
scenario "rule most 1, the default" {
  game take
  rule most 1
  input """
4
"""
  solve
  expect answer B
}
"#;

/// One die of 1..2 rolled `rolls` times, every roll scored: the answer is
/// an expectation, 1.5 a roll.
fn onedie(output: &str) -> String {
    format!(
        r#"rules onedie {{
  players solo
  board none
  param rolls: 0..3 = 1
  var left_: 0..3 = rolls
  input {{
    rolls: 0..3
  }}
  output {output}
  turn {{
    stop if left_ == 0
    choose k in 1..1
    roll r in 1..2
    left_ -= 1
    score += r
  }}
  solve max score
}}
scenario "two rolls" {{
  game onedie
  input """
2
"""
  solve
  expect expected 3
}}
scenario "no roll" {{
  game onedie
  input """
0
"""
  solve
  expect answer 0
}}
"#
    )
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let o = meeple_in(dir, args, &[]);
    let (out, err) = text(&o);
    (o.status.code().unwrap_or(-1), out, err)
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The judge's JSON lines: the cases' verdicts and the summary.
fn judged(out: &str) -> (Vec<Value>, Value) {
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = lines.last().cloned().unwrap();
    let cases = lines.into_iter().filter(|v| v["kind"] == "case").collect();
    (cases, summary)
}

#[test]
fn a_rule_the_judge_input_cannot_say_is_skipped_with_its_reason() {
    let dir = temp_dir("judge-rules-unsaid");
    std::fs::write(dir.join("take.game"), TAKE).unwrap();
    let (code, out, err) = run(&dir, &["export", "--judge", "out", "take.game"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "exported 2 cases to out, 2 skipped\n");
    assert_eq!(
        err,
        "skipped: take.game › rule most 2 (take): not a judge instance: `rule most 2`: \
         the judge input has no place for `most` (read, it is 1)\n\
         skipped: take.game › rule first B (take): not a judge instance: `rule first B`: \
         the judge input cannot say who moves first (read, A does)\n"
    );
    // One `.in` per answer: the two exported cases are the default rules'.
    let take = dir.join("out/take");
    assert_eq!(
        files(&take),
        ["001.in", "001.out", "002.in", "002.out", "index.tsv"]
    );
    assert_eq!(
        (read(&take, "001.in"), read(&take, "001.out")),
        ("2\n".into(), "B\n".into())
    );
    assert_eq!(
        (read(&take, "002.in"), read(&take, "002.out")),
        ("4\n".into(), "B\n".into())
    );
    // `--strict` fails on them; the folder of the previous export (a rules
    // game's, named after its block) is replaced as an export's.
    let (code, out, err) = run(&dir, &["export", "--strict", "--judge", "out", "take.game"]);
    assert_eq!(
        (code, out.as_str()),
        (1, "exported 2 cases to out, 2 skipped\n"),
        "{err}"
    );
    assert_eq!(files(&take).len(), 5);
    std::fs::write(take.join("notes.txt"), "mine").unwrap();
    let (code, _, err) = run(&dir, &["export", "--judge", "out", "take.game"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("holds `notes.txt`, which is not from an export"),
        "{err}"
    );
    std::fs::remove_file(take.join("notes.txt")).unwrap();

    // `meeple judge` judges the same two cases, with the same lines: a
    // program right under the judge's rules is right on every case.
    let (code, out, err) = run(
        &dir,
        &[
            "judge",
            "--cmd",
            "echo B",
            "--jobs",
            "1",
            "--format",
            "json",
            "take.game",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    let (cases, summary) = judged(&out);
    assert_eq!(cases.len(), 2);
    assert_eq!(
        (summary["passed"].as_u64(), summary["failed"].as_u64()),
        (Some(2), Some(0))
    );
    assert_eq!(err.matches("skipped: take.game › rule").count(), 2, "{err}");
    assert!(err.contains("no place for `most`"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_random_dice_answer_is_its_expectation_in_export_and_judge() {
    let dir = temp_dir("judge-rules-dice");
    for output in ["answer", "expected"] {
        let file = format!("{output}.game");
        std::fs::write(dir.join(&file), onedie(output)).unwrap();
        let target = format!("out-{output}");
        let (code, out, err) = run(&dir, &["export", "--strict", "--judge", &target, &file]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("exported 2 cases to {target}\n"));
        let folder = dir.join(&target).join("onedie");
        assert_eq!(read(&folder, "001.in"), "2\n");
        // The exact expectation 3, as `meeple run` prints it (never an
        // empty line); a start that rolls no die: the plain score.
        assert_eq!(read(&folder, "001.out"), "3.000000\n", "output {output}");
        assert_eq!(read(&folder, "002.out"), "0.000000\n", "output {output}");
    }
    // A program printing the expectation its own way is right; one off
    // by more than a millionth is WA, the tolerance said.
    let judge = |cmd: &str| {
        run(
            &dir,
            &[
                "judge",
                "--cmd",
                cmd,
                "--jobs",
                "1",
                "--max-runs",
                "0",
                "--format",
                "json",
                "answer.game",
            ],
        )
    };
    let (code, out, err) = judge("read n; [ \"$n\" = 2 ] && echo 3 || echo 0.0");
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(judged(&out).1["passed"].as_u64(), Some(2), "{out}");
    let (code, out, _) = judge("read n; [ \"$n\" = 2 ] && echo 3.0000011 || echo 0");
    assert_eq!(code, 1);
    let (cases, _) = judged(&out);
    assert_eq!(cases[0]["verdict"], "WA", "{out}");
    assert_eq!(
        cases[0]["detail"],
        "expected 3.000000 (within 0.000001), got 3.0000011"
    );
    assert_eq!(cases[1]["verdict"], "AC", "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn generated_random_dice_cases_are_all_judged_and_filtered_by_their_expectation() {
    let dir = temp_dir("judge-rules-dice-gen");
    std::fs::write(dir.join("onedie.game"), onedie("answer")).unwrap();
    // 1.5 a roll: every one of the 10 cases is judged (none dropped).
    let (code, out, err) = run(
        &dir,
        &[
            "judge",
            "--cmd",
            "awk '{print $1 * 1.5}'",
            "--gen",
            "onedie",
            "--rules",
            "onedie.game",
            "--count",
            "10",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--max-runs",
            "0",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    let (cases, summary) = judged(&out);
    assert_eq!(cases.len(), 10, "{err}");
    assert_eq!(summary["passed"].as_u64(), Some(10), "{out}");
    assert!(!err.contains("skipped"), "{err}");

    // `--where` sees the expectation, as `answer` and `expected`.
    for (cond, least) in [
        ("expected >= 2", 6),
        ("answer >= 3", 6),
        ("expected = 4.5", 9),
    ] {
        let (code, file, err) = run(
            &dir,
            &[
                "gen",
                "onedie",
                "--rules",
                "onedie.game",
                "--count",
                "3",
                "--seed",
                "1",
                "--where",
                cond,
            ],
        );
        assert_eq!(code, 0, "{cond}: {err}");
        let rolls: Vec<i64> = file
            .split("input \"\"\"\n")
            .skip(1)
            .map(|s| s.lines().next().unwrap().trim().parse().unwrap())
            .collect();
        assert_eq!(rolls.len(), 3, "{cond}: {file}");
        assert!(rolls.iter().all(|r| r * 3 >= least), "{cond}: {rolls:?}");
        assert!(err.contains("gen: 3 onedie scenarios"), "{cond}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
