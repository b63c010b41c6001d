//! `--format json`: pure JSON lines on stdout, and `docs/json.md` lists
//! exactly the fields meeple emits for every kind of object.

use crate::common::{meeple, meeple_in, root, temp_dir, text};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

type Fields = BTreeMap<String, BTreeSet<String>>;

/// Every object of stdout; panics on a line that is not JSON.
fn objects(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The fields `docs/json.md` lists: `## \`kind\`` headings, each with a
/// table whose rows start with `` | `field` ``.
fn documented() -> Fields {
    let doc = std::fs::read_to_string(root().join("docs/json.md")).unwrap();
    let mut fields = Fields::new();
    let mut kind = None;
    for line in doc.lines() {
        if let Some(k) = line.strip_prefix("## `") {
            kind = Some(k.trim_end_matches('`').to_string());
        } else if let (Some(k), Some(row)) = (&kind, line.strip_prefix("| `")) {
            let field = row.split('`').next().unwrap().to_string();
            fields.entry(k.clone()).or_default().insert(field);
        }
    }
    fields
}

const FAILING: &str = r#"scenario "wrong" {
  game footholds
  rule origin 1
  board [[1, 1, 1]]
  piece A at (1, 1)
  piece B at (1, 3)
  solve
  expect answer 7
  expect winner B
  line
}
scenario "too big" {
  game footholds
  board {
    11111111
    11111111
    11111111
    11111111
    11111111
    11111111
    11111111
    11111111
  }
  piece A at (0, 0)
  piece B at (7, 7)
  solve
}
"#;

const RAGGED: &str = "# expect-error: meeple::board::ragged\nscenario \"r\" {\n  game footholds\n  board {\n    1 1\n    1\n  }\n}\n";

/// A rules game under `longest` (the `forever` field).
const LONGEST: &str = "rules walk {\n  players solo\n  board none\n  var n: 0..3 = 0\n  turn {\n    choose k in 1..2 where n + k <= 3\n    n += k\n  }\n  solve longest\n}\n\nscenario \"l\" {\n  game walk\n  solve\n  expect answer 3\n}\n";

#[test]
fn the_doc_lists_exactly_the_fields_emitted() {
    let dir = temp_dir("json-doc");
    std::fs::write(dir.join("failing.game"), FAILING).unwrap();
    std::fs::write(dir.join("ragged.game"), RAGGED).unwrap();
    std::fs::write(dir.join("longest.game"), LONGEST).unwrap();
    let scripts = root().join("scripts");
    let s = |p: &str| scripts.join(p).display().to_string();
    let mut seen = Fields::new();
    let mut failure_fields = BTreeSet::new();
    let mut record = |out: &str| {
        for o in objects(out) {
            let kind = o["kind"]
                .as_str()
                .expect("every object has a kind")
                .to_string();
            let obj = o.as_object().unwrap();
            seen.entry(kind).or_default().extend(obj.keys().cloned());
            if let Some(fs) = o.get("failures").and_then(Value::as_array) {
                for f in fs {
                    failure_fields.extend(f.as_object().unwrap().keys().cloned());
                }
            }
        }
    };
    let runs: Vec<Vec<String>> = vec![
        vec![
            "--max-states".into(),
            "5000".into(),
            "run".into(),
            "--svg".into(),
            "pictures".into(),
            "failing.game".into(),
            "ragged.game".into(),
            "missing.game".into(),
            "longest.game".into(),
            s("footholds/kakao.game"),
            s("footholds/explore.game"),
            s("yut/variants.game"),
            s("stacking/variants.game"),
        ],
        vec![
            "check".into(),
            "failing.game".into(),
            "ragged.game".into(),
            "missing.game".into(),
        ],
        vec![
            "--max-states".into(),
            "5000".into(),
            "test".into(),
            "--snapshots".into(),
            ".".into(),
        ],
    ];
    for args in &runs {
        let mut all = vec!["--format", "json"];
        all.extend(args.iter().map(String::as_str));
        let o = meeple_in(&dir, &all, &[]);
        record(&text(&o).0);
    }
    let doc = documented();
    assert_eq!(
        doc.keys().collect::<Vec<_>>(),
        seen.keys().collect::<Vec<_>>(),
        "kinds documented vs emitted"
    );
    for (kind, fields) in &doc {
        assert_eq!(
            fields, &seen[kind],
            "fields of `{kind}`: documented vs emitted"
        );
    }
    let mut diag: BTreeSet<String> = doc["diagnostic"].clone();
    for f in ["kind", "file", "scenario"] {
        diag.remove(f);
    }
    assert_eq!(failure_fields, diag, "`failures` hold diagnostics");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn run_reports_expectations_diagnostics_and_limits_as_json() {
    let dir = temp_dir("json-run");
    std::fs::write(dir.join("failing.game"), FAILING).unwrap();
    let o = meeple_in(
        &dir,
        &[
            "--format",
            "json",
            "--max-states",
            "5000",
            "run",
            "failing.game",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(1));
    let objs = objects(&text(&o).0);
    let kinds: Vec<&str> = objs.iter().map(|o| o["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "answer",
            "expect",
            "diagnostic",
            "expect",
            "answer",
            "diagnostic"
        ]
    );
    // A failed expectation: its verdict, then its diagnostic on the value.
    assert_eq!(objs[1]["field"], "answer");
    assert_eq!(objs[1]["value"], "7");
    assert_eq!(objs[1]["passed"], false);
    assert_eq!(objs[1]["line"], 8);
    assert_eq!(objs[2]["code"], "meeple::expect::failed");
    assert_eq!(objs[2]["scenario"], "wrong");
    assert_eq!(
        (&objs[2]["line"], &objs[2]["column"]),
        (&8.into(), &17.into())
    );
    let span = &objs[2]["span"];
    let start = span["start"].as_u64().unwrap() as usize;
    let end = span["end"].as_u64().unwrap() as usize;
    assert_eq!(&FAILING[start..end], "7");
    assert!(objs[2]["help"].is_string());
    assert_eq!(objs[3]["passed"], true);
    // Coordinates count from the scenario's origin, as in the text.
    let moves = objs[4]["detail"]["moves"].as_array().unwrap();
    assert_eq!(moves[0]["from"], serde_json::json!([1, 1]));
    assert_eq!(moves[0]["to"], serde_json::json!([1, 2]));
    assert!(objs[4]["text"][0]
        .as_str()
        .unwrap()
        .contains("(1, 1) → (1, 2)"));
    // A limit hit is a diagnostic too.
    assert_eq!(objs[5]["code"], "meeple::limit::states");
    assert_eq!(objs[5]["scenario"], "too big");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn invalid_and_unreadable_files_are_diagnostics_and_check_speaks_json() {
    let dir = temp_dir("json-invalid");
    std::fs::write(dir.join("ragged.game"), RAGGED).unwrap();
    let o = meeple_in(
        &dir,
        &["--format", "json", "run", "ragged.game", "nope.game"],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    let (out, err) = text(&o);
    let objs = objects(&out);
    assert_eq!(objs.len(), 2, "{out}");
    assert_eq!(objs[0]["kind"], "diagnostic");
    assert_eq!(objs[0]["code"], "meeple::board::ragged");
    assert_eq!(objs[0]["severity"], "error");
    assert_eq!(objs[0]["scenario"], Value::Null);
    assert!(objs[0]["line"].as_u64().unwrap() >= 5);
    assert_eq!(objs[1]["code"], "meeple::io");
    assert_eq!(objs[1]["file"], "nope.game");
    assert_eq!(objs[1]["line"], Value::Null);
    assert!(err.contains("meeple::board::ragged"), "{err}");

    let kakao = root().join("scripts/footholds/kakao.game");
    let o = meeple_in(
        &dir,
        &[
            "--format",
            "json",
            "check",
            "ragged.game",
            kakao.to_str().unwrap(),
            "nope.game",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    let objs = objects(&text(&o).0);
    let checks: Vec<_> = objs.iter().filter(|o| o["kind"] == "check").collect();
    assert_eq!(checks.len(), 3);
    // Issue 32 item 6: an unreadable file has its verdict too.
    assert_eq!(checks[2]["file"], "nope.game");
    assert_eq!(checks[2]["ok"], false);
    assert_eq!(checks[2]["errors"], 1);
    assert_eq!(checks[2]["scenarios"], 0);
    assert_eq!(checks[0]["ok"], false);
    assert_eq!(checks[0]["errors"], 1);
    assert_eq!(checks[1]["ok"], true);
    assert_eq!(checks[1]["scenarios"], 4);
    assert_eq!(objs[0]["code"], "meeple::board::ragged");
    std::fs::remove_dir_all(dir).ok();
}

/// A file that holds no scenario is one warning `diagnostic` (severity
/// `"warning"`, code `meeple::file::empty`) in `run` and `check`, and the
/// exit code stays 0.
#[test]
fn a_file_with_no_scenario_is_a_warning_diagnostic() {
    let dir = temp_dir("json-empty");
    std::fs::write(dir.join("notes.game"), "# nothing yet\n").unwrap();
    for cmd in ["run", "check"] {
        let o = meeple_in(&dir, &["--format", "json", cmd, "notes.game"], &[]);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {:?}", text(&o));
        let objs = objects(&text(&o).0);
        let diags: Vec<_> = objs.iter().filter(|o| o["kind"] == "diagnostic").collect();
        assert_eq!(diags.len(), 1, "{cmd}: {objs:?}");
        assert_eq!(diags[0]["severity"], "warning");
        assert_eq!(diags[0]["code"], "meeple::file::empty");
        assert_eq!(diags[0]["file"], "notes.game");
        assert_eq!(diags[0]["line"], 1);
        if cmd == "check" {
            let check = objs.iter().find(|o| o["kind"] == "check").unwrap();
            assert_eq!(check["ok"], true);
            assert_eq!(check["errors"], 0);
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn check_text_output_is_unchanged() {
    let o = meeple(&["check", "scripts/footholds/kakao.game"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o).0,
        "scripts/footholds/kakao.game: ok (4 scenarios)\n"
    );
}

#[test]
fn an_expectation_on_a_field_the_solve_did_not_give_is_reported() {
    let dir = temp_dir("json-nofield");
    std::fs::write(
        dir.join("e.game"),
        "scenario \"y\" {\n  game yut\n  board yut\n  dice 1 2 3\n  solve\n  expect expected 2.5 # no random dice\n}\n",
    )
    .unwrap();
    let o = meeple_in(&dir, &["--format", "json", "run", "e.game"], &[]);
    assert_eq!(o.status.code(), Some(1));
    let objs = objects(&text(&o).0);
    let e = objs
        .iter()
        .find(|o| o["kind"] == "expect")
        .expect("an expect object");
    assert_eq!(e["field"], "expected");
    assert_eq!(e["value"], "2.5");
    assert_eq!(e["passed"], false);
    assert_eq!(e["line"], 6);
    std::fs::remove_dir_all(dir).ok();
}

/// Issue 32 item 6: a failed expectation carries what the solve gave
/// (`actual`; `null` for a field it did not give); one that held has none.
#[test]
fn a_failed_expectation_carries_the_actual_value() {
    let dir = temp_dir("json-actual");
    std::fs::write(dir.join("failing.game"), FAILING).unwrap();
    let o = meeple_in(
        &dir,
        &[
            "--format",
            "json",
            "--max-states",
            "5000",
            "run",
            "failing.game",
        ],
        &[],
    );
    let objs = objects(&text(&o).0);
    let expects: Vec<&Value> = objs.iter().filter(|o| o["kind"] == "expect").collect();
    assert_eq!(expects[0]["value"], "7");
    assert_eq!(expects[0]["passed"], false);
    assert_eq!(expects[0]["actual"], "2");
    assert_eq!(expects[1]["passed"], true);
    assert!(expects[1].get("actual").is_none(), "{}", expects[1]);
    std::fs::write(
        dir.join("e.game"),
        "scenario \"y\" {\n  game yut\n  board yut\n  dice 1 2 3\n  solve\n  expect expected 2.5\n}\n",
    )
    .unwrap();
    let o = meeple_in(&dir, &["--format", "json", "run", "e.game"], &[]);
    let objs = objects(&text(&o).0);
    let e = objs.iter().find(|o| o["kind"] == "expect").unwrap();
    assert_eq!(e["actual"], Value::Null);
    std::fs::remove_dir_all(dir).ok();
}

/// Issue 32 item 6: a did-you-mean is also a `suggestion`: the word and
/// the bytes it replaces (a rule value, a game, a keyword, a quoted number).
#[test]
fn a_did_you_mean_is_a_machine_readable_suggestion() {
    let dir = temp_dir("json-suggest");
    let cases = [
        (
            "scenario \"s\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  rule steps kingg\n}\n",
            "kingg",
            "king",
        ),
        ("scenario \"s\" {\n  game yutt\n}\n", "yutt", "yut"),
        (
            "scenario \"s\" {\n  game footholds\n  bord [[1, 1]]\n}\n",
            "bord",
            "board",
        ),
        (
            "scenario \"s\" {\n  game footholds\n  input \"\"\"[[1, 1, 1]] [0, 0] [0, 2]\"\"\"\n  solve\n  expect answer \"2\"\n}\n",
            "\"2\"",
            "2",
        ),
    ];
    for (src, slip, word) in cases {
        std::fs::write(dir.join("s.game"), src).unwrap();
        let o = meeple_in(&dir, &["--format", "json", "check", "s.game"], &[]);
        let objs = objects(&text(&o).0);
        let d = objs
            .iter()
            .find(|o| o["kind"] == "diagnostic" && !o["suggestion"].is_null())
            .unwrap_or_else(|| panic!("{slip}: {objs:?}"));
        let s = &d["suggestion"];
        assert_eq!(s["replacement"], word, "{slip}");
        let (start, end) = (
            s["span"]["start"].as_u64().unwrap() as usize,
            s["span"]["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(&src[start..end], slip);
        assert_eq!(s["span"], d["span"], "{slip}: the primary label's span");
    }
    // No slip, no suggestion.
    std::fs::write(dir.join("r.game"), RAGGED).unwrap();
    let o = meeple_in(&dir, &["--format", "json", "check", "r.game"], &[]);
    assert_eq!(objects(&text(&o).0)[0]["suggestion"], Value::Null);
    std::fs::remove_dir_all(dir).ok();
}

/// Issue 32 item 6: `expected_fraction` is always `p/q` (a whole number
/// too); footholds `analyze` of a lost position and stacking `line` have a
/// `detail`.
#[test]
fn fractions_are_p_over_q_and_every_line_and_analyze_has_a_detail() {
    let dir = temp_dir("json-detail");
    let src = "scenario \"whole\" {\n  game yut\n  board yut\n  dice uniform 2..2 x 1\n  solve\n}\nscenario \"fair\" {\n  game yut\n  board yut\n  dice uniform 1..5 x 2\n  solve\n}\nscenario \"lost\" {\n  game footholds\n  board [[1, 0, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  analyze\n}\nscenario \"stacks\" {\n  game stacking\n  rule origin 1\n  board {\n    0 0 0 0\n    0 0 0 0\n    0 0 0 0\n    0 0 0 0\n  }\n  piece 1 at (1, 1) facing right\n  piece 2 at (1, 2) facing right\n  piece 3 at (1, 3) facing right\n  piece 4 at (3, 3) facing up\n  line\n}\n";
    std::fs::write(dir.join("d.game"), src).unwrap();
    let o = meeple_in(&dir, &["--format", "json", "run", "d.game"], &[]);
    let objs = objects(&text(&o).0);
    let answers: Vec<&Value> = objs.iter().filter(|o| o["kind"] == "answer").collect();
    assert_eq!(answers.len(), 4, "{objs:?}");
    assert_eq!(answers[0]["expected_fraction"], "4/1");
    assert_eq!(answers[0]["expected"], "4.000000");
    assert_eq!(answers[1]["expected_fraction"], "473/25");
    assert_eq!(answers[2]["detail"], serde_json::json!({"moves": []}));
    let line = &answers[3]["detail"];
    let turns = line["turns"].as_array().unwrap();
    assert_eq!(turns[0]["turn"], 0);
    assert_eq!(
        turns[0]["stacks"],
        serde_json::json!([
            {"cell": [1, 1], "pieces": [1]},
            {"cell": [1, 2], "pieces": [2]},
            {"cell": [1, 3], "pieces": [3]},
            {"cell": [3, 3], "pieces": [4]},
        ])
    );
    assert_eq!(turns.last().unwrap()["turn"], turns.len() - 1);
    assert_eq!(line["cut"], Value::Null);
    std::fs::remove_dir_all(dir).ok();
}
