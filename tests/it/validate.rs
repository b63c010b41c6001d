//! `meeple validate FILE.in… --game NAME`: hand-written judge inputs read
//! by the judge readers, `FILE: ok` or a coded diagnostic on the place,
//! exit 0 / 1 / 2, and `--format json`.

use crate::common::{meeple_in, temp_dir, text};

#[test]
fn validate_reads_judge_inputs_with_the_judge_readers() {
    let base = temp_dir("validate");
    let write = |name: &str, body: &str| std::fs::write(base.join(name), body).unwrap();
    write(
        "good.in",
        "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n",
    );
    write("no-b.in", "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0]\n");
    write("yut.in", "1 2 3 x 5 1 1 1 1 1\n");
    let run = |args: &[&str]| {
        let mut all = vec!["validate"];
        all.extend_from_slice(args);
        let o = meeple_in(&base, &all, &[]);
        let (out, err) = text(&o);
        (o.status.code(), out, err)
    };
    let (code, out, err) = run(&["good.in", "--game", "footholds"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "good.in: ok\n", "")
    );

    let (code, out, err) = run(&["good.in", "no-b.in", "--game", "footholds"]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(out, "good.in: ok\n");
    assert!(err.contains("meeple::input::format"), "{err}");
    assert!(err.contains("no-b.in:1:40"), "{err}");

    // A footholds input is no yut input.
    let (code, out, _) = run(&["good.in", "--game", "yut"]);
    assert_eq!((code, out.as_str()), (Some(1), ""));

    let (code, out, err) = run(&["yut.in", "--game", "yut", "--format", "json"]);
    assert_eq!(code, Some(1), "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0]["kind"], "diagnostic");
    assert_eq!(lines[0]["code"], "meeple::input::format");
    assert_eq!(lines[0]["span"]["start"], 6);
    assert_eq!(lines[0]["label"], "found `x`");
    assert_eq!(lines[1]["kind"], "validate");
    assert_eq!(lines[1]["ok"], false);
    assert_eq!(lines[1]["errors"], 1);

    // Unreadable beats invalid: exit 2, and the others are still checked.
    let (code, out, err) = run(&["missing.in", "good.in", "--game", "footholds"]);
    assert_eq!(code, Some(2));
    assert_eq!(out, "good.in: ok\n");
    assert!(
        err.contains("meeple::io") && err.contains("missing.in"),
        "{err}"
    );

    // An unknown game is a usage error.
    let (code, _, _) = run(&["--game", "chess", "good.in"]);
    assert_eq!(code, Some(2));
}

/// `--rules FILE` (as `meeple gen` and `meeple judge` take it): the files
/// are judge inputs of a rules block of FILE, read by its `input { … }`
/// format (BOJ 13460's marbles); a block FILE lacks and a built-in name
/// are refused as `gen` refuses them (before, `--rules` was no option).
#[test]
fn validate_reads_a_rules_blocks_judge_input() {
    let base = temp_dir("validate-rules");
    let rules = crate::common::root().join("scripts/problems/marbles.game");
    let rules = rules.to_str().unwrap();
    let write = |name: &str, body: &str| std::fs::write(base.join(name), body).unwrap();
    write("good.in", "5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n");
    write("short.in", "5 5\n#####\n#..B#\n#.#.\n#RO.#\n#####\n");
    let run = |args: &[&str]| {
        let mut all = vec!["validate"];
        all.extend_from_slice(args);
        let o = meeple_in(&base, &all, &[]);
        let (out, err) = text(&o);
        (o.status.code(), out, err)
    };
    let (code, out, err) = run(&["good.in", "short.in", "--game", "marbles", "--rules", rules]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(out, "good.in: ok\n");
    assert!(err.contains("meeple::input::format"), "{err}");
    assert!(err.contains("short.in:4:1"), "{err}");
    assert!(err.contains("4 characters, not 5"), "{err}");
    let (code, out, _) = run(&[
        "good.in", "--game", "marbles", "--rules", rules, "--format", "json",
    ]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains(r#""game":"marbles""#) && out.contains(r#""ok":true"#),
        "{out}"
    );
    let (code, _, err) = run(&["good.in", "--game", "marble", "--rules", rules]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("meeple::game::unknown") && err.contains("its rules blocks are: marbles"),
        "{err}"
    );
    let (code, _, err) = run(&["good.in", "--game", "footholds", "--rules", rules]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is a built-in game"), "{err}");
    let (code, _, err) = run(&["good.in", "--game", "marbles"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--rules FILE"), "{err}");
}

/// A rules block's judge input is set up as `input """…"""` sets it up, in
/// every case: a cell not in the legend and a piece drawn twice are the
/// same coded errors (before, `validate` only read the format: "ok").
#[test]
fn validate_sets_each_case_up_as_a_scenarios_input_does() {
    let base = temp_dir("validate-setup");
    let write = |name: &str, body: &str| std::fs::write(base.join(name), body).unwrap();
    write(
        "maze.game",
        "rules maze {\n  players solo\n  layer wall: bool, goal: bool\n  piece P { at: cell }\n  legend {\n    \"#\" \"x\": wall[here] = true\n    \"S\": P.at = here\n    \"G\": goal[here] = true\n    \".\":\n  }\n  input {\n    cases t: 1..10\n    n, m: 3..8\n    rows n of m chars\n  }\n  turn {\n    win if goal[P.at]\n    choose d in orthogonal where step(P.at, d) != off and not wall[step(P.at, d)]\n    P.at = step(P.at, d)\n  }\n  solve shortest within 100\n}\n",
    );
    write("good.in", "2\n3 3\n###\n#SG\n###\n3 3\n###\n#GS\n###\n");
    // The second case's board: `Z` is no key; in ss.in `S` draws P twice.
    write("z.in", "2\n3 3\n###\n#SG\n###\n3 3\n###\n#SZ\n###\n");
    write("ss.in", "1\n3 3\n###\n#SS\n###\n");
    let o = meeple_in(
        &base,
        &[
            "validate",
            "good.in",
            "z.in",
            "ss.in",
            "--game",
            "maze",
            "--rules",
            "maze.game",
        ],
        &[],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(out, "good.in: ok\n");
    assert!(err.contains("meeple::board::cell"), "{err}");
    assert!(err.contains("`Z` is not in the legend of `maze`"), "{err}");
    assert!(err.contains("z.in:8:3"), "the Z, in case 2: {err}");
    assert!(err.contains("meeple::piece::duplicate"), "{err}");
    assert!(err.contains("the board draws piece `P` twice"), "{err}");
    assert_eq!(err.matches("meeple::").count(), 2, "{err}");
}

/// A format whose `require` random draws (almost) never meet — a room
/// whose border must be walls, on a board of numbers — still validates and
/// answers the inputs given: neither command draws an input (only `meeple
/// gen` does, and says it cannot).
#[test]
fn validate_and_answer_draw_nothing() {
    let base = temp_dir("validate-no-draw");
    std::fs::write(
        base.join("room.game"),
        "rules room {
  players solo
  layer wall: bool
  legend {
    \"0\": wall[here] = false
    \"1\": wall[here] = true
  }
  turn {
    stop
  }
  input {
    n, m: 3..50
    rows n of m numbers 0..1
    require all c in cells: not (c.row == 0 or c.col == 0 or c.row == rows - 1 or c.col == cols - 1) or wall[c]
  }
  solve max score
}
",
    )
    .unwrap();
    std::fs::write(base.join("room.in"), "3 4\n1 1 1 1\n1 0 0 1\n1 1 1 1\n").unwrap();
    let o = meeple_in(
        &base,
        &[
            "validate",
            "room.in",
            "--game",
            "room",
            "--rules",
            "room.game",
        ],
        &[],
    );
    assert_eq!(
        (o.status.code(), text(&o).0.as_str()),
        (Some(0), "room.in: ok\n"),
        "{}",
        text(&o).1
    );
    let o = meeple_in(
        &base,
        &[
            "answer",
            "room.in",
            "--game",
            "room",
            "--rules",
            "room.game",
        ],
        &[],
    );
    assert_eq!(
        (o.status.code(), text(&o).0.as_str()),
        (Some(0), "0\n"),
        "{}",
        text(&o).1
    );
    // `meeple gen` does draw, and says it cannot.
    let o = meeple_in(
        &base,
        &[
            "gen",
            "room",
            "--rules",
            "room.game",
            "--count",
            "1",
            "--seed",
            "1",
            "--n",
            "30..50",
            "--m",
            "30..50",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o).1);
    assert!(
        text(&o).1.contains("meeple::gen::unsatisfied"),
        "{}",
        text(&o).1
    );
}

/// A validator checks the file's layout too, as testlib's do: an input
/// the lenient readers take (a byte-order mark, `+1`, `-0`, `\r\n`) is
/// refused, each on its place; the same values written tidily pass, and
/// `meeple answer` still answers the untidy ones its reader takes.
#[test]
fn validate_refuses_an_untidy_layout_the_readers_take() {
    let base = temp_dir("validate-layout");
    let write = |name: &str, body: &str| std::fs::write(base.join(name), body).unwrap();
    write("tidy.in", "1 2 3 4 1 2 3 4 1 2\n");
    let untidy = [
        (
            "bom.in",
            "\u{FEFF}1 2 3 4 1 2 3 4 1 2\n",
            "byte-order mark",
            "bom.in:1:1",
        ),
        (
            "plus.in",
            "+1 2 3 4 1 2 3 4 1 2\n",
            "`+1` is written with a `+`",
            "plus.in:1:1",
        ),
        (
            "crlf.in",
            "1 2 3 4 1 2 3 4 1 2\r\n",
            "Windows line ending",
            "crlf.in:1:20",
        ),
        (
            "spaces.in",
            "1 2 3  4 1 2 3 4 1 2\n",
            "two spaces in a row",
            "spaces.in:1:6",
        ),
        (
            "eof.in",
            "1 2 3 4 1 2 3 4 1 2",
            "does not end with a line break",
            "eof.in:1:20",
        ),
    ];
    for (name, body, ..) in untidy {
        write(name, body);
    }
    let o = meeple_in(&base, &["validate", "tidy.in", "--game", "yut"], &[]);
    let (out, err) = text(&o);
    assert_eq!(
        (o.status.code(), out.as_str(), err.as_str()),
        (Some(0), "tidy.in: ok\n", "")
    );
    // A footholds input's bracketed numbers are checked too.
    write(
        "brackets.in",
        "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [+1, 0] [1, 2]\n",
    );
    let o = meeple_in(
        &base,
        &["validate", "brackets.in", "--game", "footholds"],
        &[],
    );
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("`+1` is written with a `+`"), "{err}");
    for (name, _, words, at) in untidy {
        let o = meeple_in(
            &base,
            &["validate", name, "--game", "yut", "--color", "never"],
            &[],
        );
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{name}: {out}{err}");
        assert!(
            err.contains("meeple::input::format") && err.contains(words),
            "{name}: {err}"
        );
        assert!(err.contains(at), "{name}: {err}");
        let o = meeple_in(
            &base,
            &["answer", name, "--game", "yut", "--color", "never"],
            &[],
        );
        if name == "plus.in" {
            // The yut reader, a grammar's, takes no `+1`: said in a judge's
            // words (it spoke of scenario statements).
            let (_, err) = text(&o);
            assert_eq!(o.status.code(), Some(1), "{err}");
            assert!(err.contains("expected a whole number"), "{err}");
            assert!(!err.contains("statement"), "{err}");
        } else {
            assert_eq!(o.status.code(), Some(0), "{name}: {:?}", text(&o));
        }
    }
}

/// `meeple validate` checks which item stands on which line, as a
/// validator does: each item of the format on a line of its own (a line
/// of numbers, a row, a record), nothing broken over two lines. The
/// readers (`input """…"""`, `meeple answer`) still read words.
#[test]
fn validate_checks_each_item_on_a_line_of_its_own() {
    let base = temp_dir("validate-lines");
    let snake =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/problems/snake.game");
    let write = |name: &str, body: &str| std::fs::write(base.join(name), body).unwrap();
    write("ok.in", "6\n3\n3 4\n2 5\n5 3\n3\n3 D\n15 L\n17 D\n");
    write("joined.in", "6\n3\n3 4 2 5\n5 3\n3\n3 D\n15 L\n17 D\n");
    write("broken.in", "6\n3\n3 4\n2 5\n5 3\n3\n3\nD\n15 L\n17 D\n");
    write("two.in", "6 3\n3 4\n2 5\n5 3\n3\n3 D\n15 L\n17 D\n");
    let run = |file: &str, verb: &str| {
        let o = meeple_in(
            &base,
            &[
                verb,
                file,
                "--game",
                "snake",
                "--rules",
                snake.to_str().unwrap(),
            ],
            &[],
        );
        let (out, err) = text(&o);
        (o.status.code(), out, err)
    };
    assert_eq!(run("ok.in", "validate").0, Some(0));
    let (code, _, err) = run("joined.in", "validate");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("cell 2 of `apple` is on the line of what comes before it"),
        "{err}"
    );
    assert!(err.contains("joined.in:3:5"), "{err}");
    let (code, _, err) = run("broken.in", "validate");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("a line break inside list line 1"), "{err}");
    let (code, _, err) = run("two.in", "validate");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("the line of `k` is on the line of what comes before it"),
        "{err}"
    );
    // The answer reads words: the same inputs answer as the judge's.
    for f in ["ok.in", "joined.in", "broken.in", "two.in"] {
        let (code, out, err) = run(f, "answer");
        assert_eq!((code, out.as_str()), (Some(0), "9\n"), "{f}: {err}");
    }
}
