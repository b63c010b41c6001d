//! A rules block's judge format (issue 31 item 1; docs/rules-language.md,
//! *Judge input*): `input """…"""` read by the block's `input { … }`,
//! `meeple export --judge` writing it back with the `output` line, and the
//! diagnostics of both on their exact spans.

use meeple::error::Code;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};

/// Disappearing footholds with the 2022 KAKAO format (bracketed lists).
const STONES: &str = r#"rules stepping {
  players A B
  layer foothold: bool
  legend {
    "1": foothold[here] = true
    "0":
  }
  piece A, B { at: cell }
  when stuck: lose
  turn {
    lose if not foothold[me.at]
    choose d in orthogonal where foothold[step(me.at, d)]
    foothold[me.at] = false
    me.at = step(me.at, d)
  }
  input {
    rows n: 1..5 of m: 1..5 numbers 0..1 bracketed
    piece A: at bracketed
    piece B: at bracketed
  }
  solve moves
}
"#;

/// Stacking-like pieces: 1-based cells and numbered directions.
const CRAWL: &str = r#"rules crawl {
  players none
  param turns: 1..100 = 3
  var rest: 0..100 = turns
  layer colour: white | red
  legend {
    number n: colour[here] = if n == 1 then red else white
  }
  piece placed 1..4 { at: cell, facing: dir }
  turn {
    stop if rest == 0
    rest -= 1
    for p in pieces {
      let t = step(p.at, p.facing)
      if t != off and colour[t] == white { p.at = t }
    }
  }
  input {
    n, k: 1..9, turns: 1..100
    rows n of n numbers 0..1
    pieces k: at from 1, facing as right | left | up | down from 1
  }
  output turn
  solve simulate limit 100
}
"#;

fn run(text: &str) -> String {
    let r = run_bytes("f.game", text.as_bytes(), &RunConfig::default());
    assert!(
        matches!(r.outcome, Outcome::Ran(_)),
        "{}",
        crate::common::shown(&r)
    );
    crate::common::shown(&r)
}

/// Each diagnostic's code and the text under its primary label.
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

fn scenario(rules: &str, game: &str, body: &str) -> String {
    format!("{rules}\nscenario \"s\" {{\n  game {game}\n{body}}}\n")
}

#[test]
fn a_bracketed_judge_input_reads_as_the_statements_would() {
    // The KAKAO samples: answers 5, 4, 4, 0.
    for (input, answer) in [
        ("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]", 5),
        ("[[1,1,1],[1,0,1],[1,1,1]] [1,0] [1,2]", 4),
        ("[[1, 1, 1, 1, 1]]\n[0, 0]\n[0, 4]", 4),
        ("[[1]] [0, 0] [0, 0]", 0),
        // Commas between the lists, as the problem page writes them.
        ("[[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2]", 5),
    ] {
        let text = scenario(
            STONES,
            "stepping",
            &format!("  input \"\"\"\n{input}\n\"\"\"\n  solve\n  expect answer {answer}\n"),
        );
        let out = run(&text);
        assert!(
            out.contains(&format!("ok: expect answer {answer}")),
            "{out}"
        );
    }
}

#[test]
fn numbered_pieces_take_their_lines_with_from_and_as() {
    // Piece 1 at row 1, col 1 facing right (1); piece 2 at (2, 3) facing up (3).
    let input = "2 2 3\n0 0\n0 1\n1 1 1\n2 2 3\n";
    let text = scenario(
        CRAWL,
        "crawl",
        &format!("  input \"\"\"\n{input}\"\"\"\n  show\n"),
    );
    let out = run(&text);
    assert!(out.contains("piece 1: at (0, 0), facing right"), "{out}");
    assert!(out.contains("piece 2: at (1, 1), facing up"), "{out}");
    assert!(out.contains("rest = 3"), "{out}");
    // A direction number the format does not list is named with the list.
    let text = scenario(
        CRAWL,
        "crawl",
        "  input \"\"\"\n1 1 3\n0\n1 1 7\n\"\"\"\n  show\n",
    );
    let d = invalid(&text);
    assert_eq!(d[0].0, Code::InputFormat, "{d:?}");
    assert_eq!(d[0].1, "7", "{d:?}");
    assert!(d[0].2.contains("facing is 7"), "{d:?}");
}

#[test]
fn judge_text_errors_are_on_the_exact_word_in_the_judges_terms() {
    let marbles =
        std::fs::read_to_string(crate::common::root().join("scripts/problems/marbles.game"))
            .unwrap();
    let rules = &marbles[marbles.find("rules marbles").unwrap()..];
    let rules = &rules[..rules.find("\n}\n").unwrap() + 3];
    let cases = [
        // A word where a number belongs.
        (
            "3 x\n###\n#R#\n###\n",
            "x",
            "expected `m` (3..10), found `x`",
        ),
        // A row of the wrong length.
        (
            "3 3\n###\n#R#.\n###\n",
            "#R#.",
            "row 2 of the board has 4 characters, not 3",
        ),
        // The input ends early.
        (
            "3 3\n###\n#R#\n",
            "",
            "expected row 3 of the board, found the end of the input",
        ),
        // Text after the last item.
        (
            "3 3\n###\n#R#\n###\n5\n",
            "5\n",
            "goes on after its last item",
        ),
    ];
    for (input, at, msg) in cases {
        let text = scenario(
            rules,
            "marbles",
            &format!("  input \"\"\"\n{input}\"\"\"\n  solve\n"),
        );
        let d = invalid(&text);
        assert_eq!(d[0].0, Code::InputFormat, "{input}: {d:?}");
        assert_eq!(d[0].1, at, "{input}: {d:?}");
        assert!(d[0].2.contains(msg), "{input}: {d:?}");
    }
    // A character outside the legend is the board's own error, on it.
    let text = scenario(
        rules,
        "marbles",
        "  input \"\"\"\n3 3\n###\n#R?\n###\n\"\"\"\n  solve\n",
    );
    let d = invalid(&text);
    assert_eq!((d[0].0, d[0].1.as_str()), (Code::BoardCell, "?"), "{d:?}");
    // An input and a board statement: two boards.
    let text = scenario(
        rules,
        "marbles",
        "  board {\n    x x x\n  }\n  input \"\"\"\n3 3\n###\n#R#\n###\n\"\"\"\n  solve\n",
    );
    assert!(invalid(&text).iter().any(|d| d.0 == Code::BoardDuplicate));
}

/// The sum of a row of numbers; T cases an input.
const SUMS: &str = r#"rules sums {
  players solo
  layer v: 0..9
  legend {
    number n: v[here] = n
  }
  turn {
    choose once in [1]
    score += sum c in cells: v[c]
    stop
  }
  input {
    cases t: 1..5
    n: 1..4
    rows 1 of n numbers 0..9
  }
  solve max score
}
"#;

#[test]
fn input_case_k_takes_the_kth_test_case() {
    let sample = "3\n2\n1 2\n1\n7\n4\n1 1 1 1\n";
    for (case, sum) in [(None, 3), (Some(1), 3), (Some(2), 7), (Some(3), 4)] {
        let case = case.map_or(String::new(), |k| format!("case {k} "));
        let text = scenario(
            SUMS,
            "sums",
            &format!("  input {case}\"\"\"\n{sample}\"\"\"\n  solve\n  expect answer {sum}\n"),
        );
        let out = run(&text);
        assert!(
            out.contains(&format!("ok: expect answer {sum}")),
            "{case}: {out}"
        );
    }
    // Beyond the cases the input holds, 0, and a case on a one-case game:
    // each on the case's number.
    for (case, message) in [
        ("4", "there is no case 4: the input holds 3"),
        ("0", "counted from 1"),
    ] {
        let text = scenario(
            SUMS,
            "sums",
            &format!("  input case {case} \"\"\"\n{sample}\"\"\"\n  show\n"),
        );
        let d = invalid(&text);
        assert_eq!(
            (d[0].0, d[0].1.as_str()),
            (Code::InputFormat, case),
            "{d:?}"
        );
        assert!(d[0].2.contains(message), "{d:?}");
    }
    let text = scenario(
        STONES,
        "stepping",
        "  input case 2 \"\"\"\n[[1, 1]] [0, 0] [0, 1]\n\"\"\"\n  solve\n",
    );
    let d = invalid(&text);
    assert_eq!((d[0].0, d[0].1.as_str()), (Code::InputFormat, "2"), "{d:?}");
    assert!(d[0].2.contains("the input holds one"), "{d:?}");
    let text = "scenario \"s\" {\n  game footholds\n  input case 2 \"\"\"\n[[1, 1]] [0, 0] [0, 1]\n\"\"\"\n  solve\n}\n";
    let d = invalid(text);
    assert_eq!((d[0].0, d[0].1.as_str()), (Code::InputFormat, "2"), "{d:?}");
    // `case 1` of a one-case game is its one case.
    let one = text.replace("case 2", "case 1");
    assert!(run(&one).contains("answer"), "{}", run(&one));
}

#[test]
fn formats_are_checked_before_anything_runs() {
    let bad = |format: &str, output: &str| {
        let rules = CRAWL
            .replace(
                "    n, k: 1..9, turns: 1..100\n    rows n of n numbers 0..1\n    pieces k: at from 1, facing as right | left | up | down from 1\n",
                format,
            )
            .replace("  output turn\n", output);
        invalid(&rules)
    };
    let cases: [(&str, &str, Code, &str); 7] = [
        (
            "    k: 1..9\n    pieces k: at, facing\n",
            "",
            Code::RulesInput,
            "facing",
        ),
        (
            "    k: 1..9\n    pieces k: at, facing as right | lft\n",
            "",
            Code::RulesName,
            "lft",
        ),
        (
            "    rows n: 1..5 of 3 numbers 0..1\n",
            "",
            Code::RulesInput,
            "n",
        ),
        ("    rows q of 3 numbers 0..1\n", "", Code::RulesInput, "q"),
        (
            "    k: 1..9\n    pieces k: at, speed\n",
            "",
            Code::RulesInput,
            "speed",
        ),
        ("    colour: 1..9\n", "", Code::RulesInput, "colour"),
        (
            "    turns: 1..9\n",
            "  output winner\n",
            Code::RulesInput,
            "winner",
        ),
    ];
    for (format, output, code, at) in cases {
        let d = bad(format, output);
        assert!(
            d.iter().any(|x| x.0 == code && x.1 == at),
            "{format}{output}: {d:?}"
        );
    }
}

#[test]
fn export_writes_the_format_back_and_the_input_reads_to_the_same_answer() {
    let dir = crate::common::temp_dir("judge-format-export");
    let stones = dir.join("stones.game");
    let body =
        "  board [[1, 1, 1], [1, 0, 1]]\n  piece A at (0, 0)\n  piece B at (1, 2)\n  solve\n";
    std::fs::write(&stones, scenario(STONES, "stepping", body)).unwrap();
    let crawl = dir.join("crawl.game");
    let body = "  rule turns 5\n  board [[0, 0, 0], [0, 1, 0], [0, 0, 0]]\n  piece 1 at (0, 0) facing right\n  piece 2 at (2, 2) facing up\n  solve\n";
    std::fs::write(&crawl, scenario(CRAWL, "crawl", body)).unwrap();
    let out = dir.join("out");
    let o = crate::common::meeple(&[
        "export",
        "--judge",
        out.to_str().unwrap(),
        stones.to_str().unwrap(),
        crawl.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{:?}", crate::common::text(&o));
    let read = |p: &str| std::fs::read_to_string(out.join(p)).unwrap();
    assert_eq!(
        read("stepping/001.in"),
        "[[1, 1, 1], [1, 0, 1]] [0, 0] [1, 2]\n"
    );
    assert_eq!(
        read("crawl/001.in"),
        "3 2 5\n0 0 0\n0 1 0\n0 0 0\n1 1 1\n3 3 3\n"
    );
    // Each exported input, pasted into a scenario, gives the exported answer.
    for (rules, game, folder) in [(STONES, "stepping", "stepping"), (CRAWL, "crawl", "crawl")] {
        let answer = read(&format!("{folder}/001.out"));
        let input = read(&format!("{folder}/001.in"));
        let field = if game == "crawl" { "turn" } else { "answer" };
        let text = scenario(
            rules,
            game,
            &format!(
                "  input \"\"\"\n{input}\"\"\"\n  solve\n  expect {field} {}\n",
                answer.trim()
            ),
        );
        let shown = run(&text);
        assert!(shown.contains("ok: expect"), "{shown}");
    }
}

/// A track game whose judge reads rolls on the standard yut track.
const RACE: &str = r#"rules race {
  players solo
  board track
  piece interchangeable 1..2 { at: square }
  when stuck: stop
  turn {
    roll r in 1..5
    choose p in pieces where p.at != finish
    p.at = advance(p.at, r)
    score += 1
  }
  input {
    n: 1..10
    dice n of 1..5
  }
  solve max score
}

track short {
  route start a=1 b=2 c=3 finish
}
"#;

#[test]
fn a_track_of_the_files_own_is_not_exported_as_judge_input() {
    let dir = crate::common::temp_dir("judge-format-track");
    let race = dir.join("race.game");
    let text = format!(
        "{RACE}\nscenario \"standard\" {{\n  game race\n  board yut\n  dice 1 2 3\n  solve\n}}\n\
         scenario \"own\" {{\n  game race\n  board short\n  dice 1 2 3\n  solve\n}}\n"
    );
    std::fs::write(&race, text).unwrap();
    let out = dir.join("out");
    let o = crate::common::meeple(&[
        "export",
        "--judge",
        out.to_str().unwrap(),
        race.to_str().unwrap(),
    ]);
    let (_, err) = crate::common::text(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(
        std::fs::read_to_string(out.join("race/001.in")).unwrap(),
        "3\n1 2 3\n"
    );
    assert!(!out.join("race/002.in").exists());
    assert!(
        err.contains("skipped: ")
            && err.contains(
                "own (race): not a judge instance: the board is a track of the file's own"
            ),
        "{err}"
    );
}

#[test]
fn the_problem_librarys_exports_read_back_to_their_answers() {
    let dir = crate::common::temp_dir("judge-format-problems");
    let out = dir.join("out");
    let problems = crate::common::root().join("scripts/problems");
    let o = crate::common::meeple(&[
        "export",
        "--judge",
        out.to_str().unwrap(),
        problems.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{:?}", crate::common::text(&o));
    let mut checked = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let game = folder.file_name().unwrap().to_str().unwrap().to_string();
        let script = problems.join(format!("{game}.game"));
        for case in std::fs::read_dir(&folder).unwrap() {
            let p = case.unwrap().path();
            if p.extension().and_then(|e| e.to_str()) != Some("in") {
                continue;
            }
            let input = std::fs::read_to_string(&p).unwrap();
            let answer = std::fs::read_to_string(p.with_extension("out")).unwrap();
            // A judge that prints lines (`output printed`): its list.
            let printed = std::fs::read_to_string(&script)
                .unwrap()
                .contains("\n  output printed\n");
            let expect = if printed {
                let lines: Vec<&str> = answer.split_whitespace().collect();
                format!("printed [{}]", lines.join(", "))
            } else {
                format!("answer {}", answer.trim())
            };
            let text = format!(
                "import \"{}\"\nscenario \"back\" {{\n  game {game}\n  input \"\"\"\n{input}\"\"\"\n  solve\n  expect {expect}\n}}\n",
                script.display(),
            );
            let f = dir.join("back.game");
            std::fs::write(&f, &text).unwrap();
            let o = crate::common::meeple(&["test", f.to_str().unwrap()]);
            assert!(
                o.status.success(),
                "{game} {}: {:?}",
                p.display(),
                crate::common::text(&o)
            );
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked}");
}

/// The start position of a file's first scenario, as its judge sees it.
fn position(text: &str) -> meeple::games::JudgePosition {
    let checked = meeple::pipeline::check_text(text).unwrap_or_else(|d| panic!("{d:?}"));
    meeple::export::start_position(&checked, 0).unwrap()
}

#[test]
fn a_rules_games_failing_case_shrinks_within_its_limits() {
    let script =
        std::fs::read_to_string(crate::common::root().join("scripts/problems/die_roll.game"))
            .unwrap();
    let rules = &script[script.find("rules die_roll").unwrap()..];
    let rules = &rules[..rules.find("\n}\n").unwrap() + 3];
    let start = position(&format!(
        "{rules}\nscenario \"s\" {{\n  game die_roll\n  rule rolls 7\n  board [[4, 1, 2, 3, 3], [6, 1, 1, 3, 3], [5, 6, 1, 3, 2], [5, 5, 6, 5, 5]]\n}}\n"
    ));
    assert_eq!(
        start.input(),
        "4 5 7\n4 1 2 3 3\n6 1 1 3 3\n5 6 1 3 2\n5 5 6 5 5\n"
    );
    assert_eq!(
        (start.game_name(), start.answer_field()),
        ("die_roll".to_string(), "answer".to_string())
    );
    // A "program" that fails while some cell holds 5 or more.
    let fails = |p: &meeple::games::JudgePosition| {
        let input = p.input();
        let mut lines = input.lines();
        lines.next();
        lines
            .flat_map(|l| l.split_whitespace().map(|w| w.parse::<i64>().unwrap()))
            .any(|v| v >= 5)
            .then_some(())
    };
    let out = meeple::shrink::shrink(start, (), &meeple::shrink::Settings::default(), |b| {
        b.iter().map(fails).collect()
    });
    // The smallest board the judge allows (2 x 2), one roll, one cell of 5
    // or more, the rest at the judge's least value.
    let input = out.position.input();
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(lines[0], "2 2 1", "{input}");
    let cells: Vec<i64> = lines[1..]
        .iter()
        .flat_map(|l| l.split_whitespace().map(|w| w.parse::<i64>().unwrap()))
        .collect();
    assert_eq!(cells.len(), 4, "{input}");
    assert_eq!(cells.iter().filter(|v| **v >= 5).count(), 1, "{input}");
    assert_eq!(cells.iter().filter(|v| **v == 1).count(), 3, "{input}");
    assert!(out.position.instance().is_ok());
    // Its scenario names the rules game and its answer field.
    let s = meeple::shrink::scenario("min", &out.position, "9\n");
    assert!(
        s.contains("  game die_roll\n") && s.contains("  expect answer 9\n"),
        "{s}"
    );
}

/// Hostile judge text: whatever is pasted, every problem's format answers
/// with a diagnostic or a position, never a panic or a hang.
#[test]
fn any_pasted_text_is_read_or_refused_without_a_panic() {
    let alphabet: Vec<&str> = vec![
        "0",
        "1",
        "2",
        "9",
        "-",
        " ",
        "\n",
        "[",
        "]",
        ",",
        "#",
        ".",
        "R",
        "B",
        "O",
        "é",
        "\u{FEFF}",
        "99999999999999999999",
        "-1",
        "3 3",
        "1000000",
        "\"",
        "x",
    ];
    let mut seed = 0x9e3779b97f4a7c15u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let root = crate::common::root().join("scripts/problems");
    for name in [
        "marbles",
        "merge2048",
        "die_roll",
        "shark",
        "card_game",
        "conveyor",
        "stones",
        "weighted_ttt",
    ] {
        let script = std::fs::read_to_string(root.join(format!("{name}.game"))).unwrap();
        let rules = &script[script.find(&format!("rules {name}")).unwrap()..];
        let rules = &rules[..rules.find("\n}\n").unwrap() + 3];
        for _ in 0..40 {
            let len = next(30);
            let input: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
            let text = scenario(
                rules,
                name,
                &format!("  input \"\"\"\n{input}\n\"\"\"\n  show\n"),
            );
            let r = run_bytes("f.game", text.as_bytes(), &RunConfig::default());
            match &r.outcome {
                Outcome::Invalid(ds) => assert!(!ds.is_empty()),
                Outcome::Ran(_) => {}
            }
        }
    }
}

/// A room whose border must be walls (BOJ 14503's convention, setter6 F5):
/// every smaller candidate the shrinker proposes breaks the border, so none
/// is run, and the result says so instead of reading as "already minimal".
#[test]
fn a_shrink_whose_every_candidate_breaks_a_require_says_so() {
    let rules = "rules room {\n  players solo\n  layer wall: 0..1\n  legend {\n    number x: wall[here] = x\n  }\n  turn {\n    stop\n  }\n  input {\n    n, m: 3..5\n    rows n of m numbers 0..1\n    require all c in cells: wall[c] == 1 or not (c.row == 0 or c.col == 0 or c.row == rows - 1 or c.col == cols - 1)\n  }\n  solve max score\n}\n";
    let start = position(&format!(
        "{rules}\nscenario \"s\" {{\n  game room\n  input \"\"\"\n3 3\n1 1 1\n1 0 1\n1 1 1\n\"\"\"\n}}\n"
    ));
    let out = meeple::shrink::shrink(start, (), &meeple::shrink::Settings::default(), |b| {
        vec![Some(()); b.len()]
    });
    assert_eq!((out.runs, out.steps), (0, 0));
    assert!(out.proposed > 0 && out.refused == out.proposed, "{out:?}");
    let all = out.all_refused().expect("every candidate refused");
    assert!(
        all.starts_with(&format!("all {} smaller candidates were refused before a run: the judge requires `all c in cells: wall[c] == 1", out.proposed)),
        "{all}"
    );
    // A larger room shrinks by its inner rows and columns, keeping the
    // border, down to the smallest room the limits allow.
    let start = position(&format!(
        "{rules}\nscenario \"s\" {{\n  game room\n  input \"\"\"\n5 4\n1 1 1 1\n1 0 0 1\n1 0 1 1\n1 0 0 1\n1 1 1 1\n\"\"\"\n}}\n"
    ));
    let out = meeple::shrink::shrink(start, (), &meeple::shrink::Settings::default(), |b| {
        vec![Some(()); b.len()]
    });
    assert_eq!(out.position.input(), "3 3\n1 1 1\n1 0 1\n1 1 1\n");
}

/// A board number whose low end a `require` refuses still shrinks: halving
/// towards the low end (setter6 F4: a sorted row, a `-1` purifier).
#[test]
fn board_numbers_shrink_by_halves_when_the_low_end_is_refused() {
    let rules = "rules heap {\n  players solo\n  layer v: -1..100\n  legend {\n    number x: v[here] = x\n  }\n  turn {\n    stop\n  }\n  input {\n    n: 1..3\n    rows 1 of n numbers -1..100\n    require all c in cells: v[c] >= 10 or v[c] == -1\n  }\n  solve max score\n}\n";
    let start = position(&format!(
        "{rules}\nscenario \"s\" {{\n  game heap\n  input \"\"\"\n1\n83\n\"\"\"\n}}\n"
    ));
    // A "program" that fails on every number of 10 or more.
    let fails = |p: &meeple::games::JudgePosition| {
        let input = p.input();
        let x: i64 = input.lines().nth(1).unwrap().trim().parse().unwrap();
        (x >= 10).then_some(())
    };
    let out = meeple::shrink::shrink(start, (), &meeple::shrink::Settings::default(), |b| {
        b.iter().map(fails).collect()
    });
    // 83 -> 41 (halfway to 0) -> 20 -> 10: 0 and 5 break the require.
    assert_eq!(out.position.input(), "1\n10\n");
}
