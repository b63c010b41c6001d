//! `meeple export --judge`: the bundled scripts and small collections
//! exported, every case read back through its codec and checked against the
//! reference solvers, the skip reasons, `--strict`, `--beyond-limits`,
//! invalid scripts and the folder rules.

use crate::common::{meeple, meeple_in, root, temp_dir, text};
use meeple::budget::Budget;
use meeple::collection::game_files;
use meeple::export::{folder, start_position, FOLDERS};
use meeple::games::stacking::rules::Mover;
use meeple::games::{footholds, stacking, yut, GameKind, JudgePosition};
use meeple::pipeline::{check_bytes, check_text, read_source};
use std::path::Path;

/// The rows of `index.tsv` (without its header): number, file, scenario, game, problem.
fn index(dir: &Path) -> Vec<Vec<String>> {
    let tsv = std::fs::read_to_string(dir.join("index.tsv")).unwrap();
    let mut lines = tsv.lines();
    assert_eq!(lines.next(), Some("number\tfile\tscenario\tgame\tproblem"));
    lines
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The problem folders an export wrote, in `FOLDERS` order, with the rows
/// of each one's `index.tsv`; nothing else is in `dir`.
fn folders(dir: &Path) -> Vec<(String, Vec<Vec<String>>)> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            assert!(e.file_type().unwrap().is_dir(), "{e:?}");
            e.file_name().to_string_lossy().into_owned()
        })
        .collect();
    // The built-in problems in `FOLDERS` order, then the rules games' by name.
    let order = |n: &String| {
        (
            FOLDERS.iter().position(|f| f == n).unwrap_or(FOLDERS.len()),
            n.clone(),
        )
    };
    names.sort_by_key(order);
    names
        .into_iter()
        .map(|n| {
            let rows = index(&dir.join(&n));
            (n, rows)
        })
        .collect()
}

/// A case's judge input read back by its game's codec, as the position of
/// its problem (the judge text does not say stacking's mover: the problem does).
fn read_back(game: &str, problem: &str, input: &str) -> JudgePosition {
    match GameKind::from_name(game).unwrap() {
        GameKind::Footholds => JudgePosition::new(footholds::judge::read(input).unwrap()),
        GameKind::Yut => JudgePosition::new(yut::judge::read(input).unwrap()),
        GameKind::Stacking => {
            let mut case = stacking::judge::read(input).unwrap();
            if problem == "BOJ 17780" {
                case.setup.mover = Mover::Bottom;
            }
            JudgePosition::new(case)
        }
        GameKind::Rules => unreachable!("a rules game has no judge problem"),
    }
}

/// The judge's answer from the plain reference solvers.
fn reference(p: &JudgePosition) -> String {
    let b = Budget::unlimited();
    let answer = if let Some(pos) = p.downcast_ref::<footholds::rules::Position>() {
        i128::from(footholds::reference_solve(pos, &b).unwrap().moves)
    } else if let Some(s) = p.downcast_ref::<yut::judge::Setup>() {
        let track = yut::standard_track();
        let pieces = vec![track.start(); s.pieces];
        yut::reference_best_score(&track, &pieces, &s.rolls, &b).unwrap()
    } else if let Some(c) = p.downcast_ref::<stacking::judge::JudgeCase>() {
        i128::from(stacking::reference::reference_answer(
            &c.setup,
            c.limit.unwrap(),
        ))
    } else {
        panic!("no reference for {p:?}")
    };
    format!("{answer}\n")
}

/// The judge's format: one line per line of text, no trailing spaces, one
/// trailing newline.
fn assert_judge_text(name: &str, text: &str) {
    assert!(
        text.ends_with('\n') && !text.ends_with("\n\n"),
        "{name}: {text:?}"
    );
    assert!(
        text.lines().all(|l| !l.is_empty() && l.trim() == l),
        "{name}: {text:?}"
    );
}

/// Every case of an export: its files in the judge's format, its input read
/// back to the start position of the scenario the index names, its answer
/// the reference solvers' and `solve`'s after `input """…"""`; every
/// case of `problem_folder`'s problem.
fn check_cases(dir: &Path, base: &Path, rows: &[Vec<String>], problem_folder: &str) {
    for (i, row) in rows.iter().enumerate() {
        let [n, file, scenario, game, problem] = &row[..] else {
            panic!("{row:?}")
        };
        assert_eq!(*n, format!("{:03}", i + 1));
        let input = std::fs::read_to_string(dir.join(format!("{n}.in"))).unwrap();
        let output = std::fs::read_to_string(dir.join(format!("{n}.out"))).unwrap();
        assert_judge_text(&format!("{n}.in"), &input);
        assert_judge_text(&format!("{n}.out"), &output);
        let position = read_back(game, problem, &input);
        assert_eq!(position.problem(), problem);
        // Each problem in its own folder, numbered from 001.
        assert_eq!(folder(&position), problem_folder, "{n}");
        // The scenario's own start position, from its declarations.
        let bytes = read_source(&base.join(file)).unwrap();
        let checked = check_text(std::str::from_utf8(&bytes).unwrap()).unwrap();
        let at = checked
            .file
            .scenarios
            .iter()
            .position(|s| s.name.node == *scenario)
            .unwrap();
        assert_eq!(start_position(&checked, at).unwrap(), position, "{n}");
        assert_eq!(output, reference(&position), "{n}: {file} › {scenario}");
        // `input """…"""` in a script gives the same answer.
        let mover = if problem == "BOJ 17780" {
            "rule mover bottom\n"
        } else {
            ""
        };
        let script = format!(
            "scenario \"back\" {{\ngame {game}\n{mover}input \"\"\"\n{input}\"\"\"\nsolve\nexpect answer {}\n}}\n",
            output.trim()
        );
        let run = meeple::run_source("back.game", &script);
        assert_eq!(run.exit_code(), 0, "{n}: {}", crate::common::shown(&run));
    }
}

#[test]
fn bundled_scripts_export_in_test_order_and_read_back() {
    let base = temp_dir("export-bundled");
    let dir = base.join("cases");
    let o = meeple(&["export", "--judge", dir.to_str().unwrap(), "scripts"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let groups = folders(&dir);
    let rows: Vec<Vec<String>> = groups.iter().flat_map(|(_, r)| r.clone()).collect();
    let skipped: Vec<&str> = err.lines().filter(|l| l.starts_with("skipped: ")).collect();
    assert_eq!(
        out,
        format!(
            "exported {} cases to {}, {} skipped\n",
            rows.len(),
            dir.display(),
            skipped.len()
        )
    );
    // One folder per problem, none mixing two.
    // (The problem library's rules games each have their folder too; their
    // inputs are read back in tests/it/judge_format.rs.)
    let names: Vec<&str> = groups.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names[..FOLDERS.len()], FOLDERS);
    assert!(names.contains(&"marbles"), "{names:?}");
    for (name, rows) in &groups {
        let sub = dir.join(name);
        let files = std::fs::read_dir(&sub).unwrap().count();
        assert_eq!(files, 2 * rows.len() + 1, "{name}");
        if !FOLDERS.contains(&name.as_str()) {
            for row in rows {
                assert_eq!(row[3], "rules", "{row:?}");
                assert_eq!(&row[4], name, "{row:?}");
                for ext in ["in", "out"] {
                    let t = std::fs::read_to_string(sub.join(format!("{}.{ext}", row[0]))).unwrap();
                    assert_judge_text(&format!("{name}/{}.{ext}", row[0]), &t);
                }
            }
            continue;
        }
        check_cases(&sub, root(), rows, name);
        let problems: std::collections::BTreeSet<&str> =
            rows.iter().map(|r| r[4].as_str()).collect();
        assert_eq!(problems.len(), 1, "{name}: {problems:?}");
    }
    // Every scenario of every valid script, in the order `meeple test` runs
    // them, is either a case or a skipped line: each folder keeps that order.
    let mut expected = Vec::new();
    for path in game_files(&[root().join("scripts")]).unwrap() {
        let bytes = read_source(&path).unwrap();
        let (_, Ok(checked)) = check_bytes(&bytes) else {
            continue;
        };
        let name = path.strip_prefix(root()).unwrap().display().to_string();
        for sc in &checked.file.scenarios {
            expected.push((name.clone(), sc.name.node.clone()));
        }
    }
    let is_skipped = |(file, sc): &(String, String)| {
        skipped
            .iter()
            .any(|l| l.starts_with(&format!("skipped: {file} › {sc} (")))
    };
    for (_, rows) in &groups {
        let exported: Vec<(String, String)> =
            rows.iter().map(|r| (r[1].clone(), r[2].clone())).collect();
        let want: Vec<_> = expected
            .iter()
            .filter(|e| !is_skipped(e) && exported.contains(e))
            .cloned()
            .collect();
        assert_eq!(exported, want);
    }
    assert_eq!(rows.len() + skipped.len(), expected.len());
    // Each game's judge samples are among the cases; the variants are not.
    for problem in ["2022 KAKAO", "BOJ 17825", "BOJ 17837", "BOJ 17780"] {
        assert!(rows.iter().any(|r| r[4] == problem), "{problem}");
    }
    assert!(err.contains("(footholds): not a judge instance: players step like a king"));
    assert!(err.contains("not a judge instance: the dice are random"));
    assert!(err.contains("beyond the judge's limits: the number of rows is 7"));
}

/// A small collection: one case of each kind of verdict.
const MIXED: &str = r#"
scenario "long row" {
  game footholds
  board {
    1 1
    1 1
    1 1
    1 1
    1 1
    1 1
  }
  piece A at (0, 0)
  piece B at (5, 1)
}
scenario "king" {
  game footholds
  rule steps king
  board [[1, 1], [1, 1]]
  piece A at (0, 0)
  piece B at (1, 1)
}
scenario "yut sample 4" {
  game yut
  input "5 5 5 5 5 5 5 5 5 5"
  play piece 1
}
scenario "bottom mover" {
  game stacking
  rule mover bottom
  rule origin 1
  board {
    0 0 0 0
    0 0 0 0
    0 0 0 0
    0 0 0 0
  }
  piece 1 at (1, 1) facing right
  piece 2 at (1, 2) facing right
  piece 3 at (1, 3) facing right
  piece 4 at (3, 3) facing up
  step 2
}
"#;

#[test]
fn skips_strict_and_beyond_limits() {
    let base = temp_dir("export-mixed");
    std::fs::write(base.join("mixed.game"), MIXED).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["export", "--judge", "out", "mixed.game"];
        args.extend_from_slice(extra);
        let o = meeple_in(&base, &args, &[]);
        let (out, err) = text(&o);
        (o.status.code(), out, err, folders(&base.join("out")))
    };
    let (code, out, err, groups) = run(&[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "exported 2 cases to out, 2 skipped\n");
    assert_eq!(
        err,
        "skipped: mixed.game › long row (footholds): beyond the judge's limits: \
         the number of rows is 6; the judge allows 1..5 (--beyond-limits exports it)\n\
         skipped: mixed.game › king (footholds): not a judge instance: \
         players step like a king (the judge: 4 orthogonal steps)\n"
    );
    let names: Vec<(&str, &str)> = groups
        .iter()
        .flat_map(|(f, rows)| rows.iter().map(move |r| (f.as_str(), r[2].as_str())))
        .collect();
    assert_eq!(
        names,
        [("yut", "yut sample 4"), ("stacking-bottom", "bottom mover")]
    );
    assert_eq!(groups[1].1[0][4], "BOJ 17780");
    // Solved from the start, not after the scenario's moves.
    let out_dir = base.join("out");
    assert_eq!(
        std::fs::read_to_string(out_dir.join("yut/001.out")).unwrap(),
        "130\n"
    );
    for (f, rows) in &groups {
        check_cases(&out_dir.join(f), &base, rows, f);
    }

    let (code, _, _, _) = run(&["--strict"]);
    assert_eq!(code, Some(1));

    let (code, out, err, groups) = run(&["--beyond-limits"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "exported 3 cases to out, 1 skipped\n");
    assert!(!err.contains("long row"));
    assert_eq!(groups[0].0, "footholds");
    assert_eq!(groups[0].1[0][2], "long row");
    assert_eq!(
        std::fs::read_to_string(out_dir.join("footholds/001.in")).unwrap(),
        "[[1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1]] [0, 0] [5, 1]\n"
    );
    // The index's files are named as the paths were given.
    assert_eq!(groups[0].1[0][1], "mixed.game");
    let (code, _, _, _) = run(&["--beyond-limits", "--strict"]);
    assert_eq!(code, Some(1));
}

/// `--game NAME` exports one problem straight into DIR, numbered from 001;
/// the other games' scenarios are passed over unsaid, and a case of
/// stacking's other problem is skipped with the `--game` that takes it.
#[test]
fn one_game_goes_straight_into_the_folder() {
    let base = temp_dir("export-game");
    std::fs::write(base.join("mixed.game"), MIXED).unwrap();
    let out_dir = base.join("out");
    let run = |game: &str| {
        let o = meeple_in(
            &base,
            &["export", "--judge", "out", "--game", game, "mixed.game"],
            &[],
        );
        let (out, err) = text(&o);
        (o.status.code(), out, err)
    };
    let (code, out, err) = run("yut");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "exported 1 case to out\n", "")
    );
    let names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    let rows = index(&out_dir);
    assert_eq!(rows[0][..3], ["001", "mixed.game", "yut sample 4"]);
    check_cases(&out_dir, &base, &rows, "yut");
    assert_eq!(
        std::fs::read_to_string(out_dir.join("001.out")).unwrap(),
        "130\n"
    );

    let (code, out, err) = run("stacking");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "exported 0 cases to out, 1 skipped\n");
    assert_eq!(
        err,
        "skipped: mixed.game › bottom mover (stacking): a case of BOJ 17780, \
         not of --game stacking (--game stacking-bottom exports it)\n"
    );
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), 1);

    let (code, out, _) = run("stacking-bottom");
    assert_eq!((code, out.as_str()), (Some(0), "exported 1 case to out\n"));
    assert_eq!(index(&out_dir)[0][4], "BOJ 17780");
    // A folder-per-problem export over it replaces it, and back again.
    let o = meeple_in(&base, &["export", "--judge", "out", "mixed.game"], &[]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(folders(&out_dir).len(), 2);
    assert_eq!(run("yut").0, Some(0));
    assert!(out_dir.join("001.in").exists() && !out_dir.join("yut").exists());
    let help = text(&meeple(&["export", "--help"])).0;
    assert!(help.contains("--game <NAME>"), "{help}");
    let o = meeple_in(
        &base,
        &["export", "--judge", "out", "--game", "chess", "mixed.game"],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
}

/// `--game` takes a rules game's name too (it was refused: only the
/// built-in folders were allowed); a name no case has is an error with a
/// did-you-mean, and nothing is written.
#[test]
fn one_rules_game_goes_straight_into_the_folder() {
    let base = temp_dir("export-game-rules");
    let problems = root().join("scripts/problems");
    let files = ["stones.game", "card_game.game"];
    for f in files {
        std::fs::copy(problems.join(f), base.join(f)).unwrap();
    }
    let run = |game: &str| {
        let mut args = vec!["export", "--judge", "out", "--game", game];
        args.extend(files);
        let o = meeple_in(&base, &args, &[]);
        let (out, err) = text(&o);
        (o.status.code(), out, err)
    };
    let (code, out, _) = run("stones");
    assert_eq!(code, Some(0), "{out}");
    let rows = index(&base.join("out"));
    assert!(
        !rows.is_empty()
            && rows
                .iter()
                .all(|r| r[1] == "stones.game" && r[4] == "stones"),
        "{rows:?}"
    );
    assert!(base.join("out/001.in").exists() && !base.join("out/stones").exists());
    let (code, out, err) = run("stone");
    assert_eq!(code, Some(2), "{out}");
    assert!(
        err.contains("no case of --game stone") && err.contains("did you mean `stones`?"),
        "{err}"
    );
    let (code, _, err) = run("marbles");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("its problems: stones, card_game")
            || err.contains("its problems: card_game, stones"),
        "{err}"
    );
}

#[test]
fn invalid_scripts_are_shown_as_check_shows_them_and_nothing_is_written() {
    let base = temp_dir("export-invalid");
    std::fs::write(base.join("a.game"), MIXED).unwrap();
    std::fs::write(
        base.join("b.game"),
        "scenario \"ragged\" {\n  game footholds\n  board {\n    1 1\n    1\n  }\n}\n",
    )
    .unwrap();
    let o = meeple_in(&base, &["export", "--judge", "out", "."], &[]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out, "");
    let check = meeple_in(&base, &["check", "./b.game"], &[]);
    let (_, check_err) = text(&check);
    assert!(err.starts_with(&check_err), "{err}\n---\n{check_err}");
    assert!(err.contains("meeple::board::ragged"));
    assert!(!base.join("out").exists());
}

#[test]
fn the_folder_holds_exactly_the_export() {
    let base = temp_dir("export-folder");
    std::fs::write(base.join("mixed.game"), MIXED).unwrap();
    let out = base.join("out");
    let export = |extra: &[&str]| {
        let mut args = vec!["export", "--judge", "out", "mixed.game"];
        args.extend_from_slice(extra);
        meeple_in(&base, &args, &[]).status.code()
    };
    assert_eq!(export(&["--beyond-limits"]), Some(0));
    assert!(out.join("footholds/001.in").exists());
    // A second export replaces the first: no stale case or folder is left.
    assert_eq!(export(&[]), Some(0));
    assert!(out.join("yut/001.out").exists() && !out.join("footholds").exists());
    // A folder with anything else in it, at the top or in a problem's
    // folder, is refused, and left as it was.
    for (place, shown) in [("yut/notes.txt", "yut"), ("notes.txt", "out")] {
        std::fs::write(out.join(place), "mine").unwrap();
        let o = meeple_in(&base, &["export", "--judge", "out", "mixed.game"], &[]);
        assert_eq!(o.status.code(), Some(2));
        let err = text(&o).1;
        assert!(
            err.contains("holds `notes.txt`, which is not from an export") && err.contains(shown),
            "{err}"
        );
        assert!(out.join("yut/001.in").exists() && out.join(place).exists());
        std::fs::remove_file(out.join(place)).unwrap();
    }
    std::fs::create_dir(out.join("chess")).unwrap();
    let o = meeple_in(&base, &["export", "--judge", "out", "mixed.game"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("holds `chess`"));
    // A file is no folder.
    let o = meeple_in(
        &base,
        &["export", "--judge", "mixed.game", "mixed.game"],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o).1;
    assert!(err.contains("mixed.game is not a folder"), "{err}");
    // As a coded diagnostic, said before any scenario is solved or skipped.
    assert!(err.starts_with("meeple::io"), "{err}");
    assert!(err.contains("help: give --judge a folder"), "{err}");
    assert!(!err.contains("skipped:"), "{err}");
    let err = {
        std::fs::write(out.join("notes.txt"), "mine").unwrap();
        text(&meeple_in(
            &base,
            &["export", "--judge", "out", "mixed.game"],
            &[],
        ))
        .1
    };
    assert!(err.contains("meeple::io"), "{err}");
}

#[test]
fn solves_run_within_the_limits() {
    let base = temp_dir("export-limits");
    std::fs::write(base.join("mixed.game"), MIXED).unwrap();
    let o = meeple_in(
        &base,
        &[
            "export",
            "--judge",
            "out",
            "--max-states",
            "1",
            "mixed.game",
        ],
        &[],
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("meeple::limit::states"), "{err}");
    // Those that stopped are not exported; the export is still written.
    let groups = folders(&base.join("out"));
    let rows: usize = groups.iter().map(|(_, r)| r.len()).sum();
    assert!(rows < 2, "{groups:?}");
    assert!(out.contains("failed"), "{out}");
}

/// `--filter` exports only the scenarios whose name holds the text, as
/// `meeple test --filter` runs them; `--format json` (which `--help`
/// offers) gives the closing line as one object.
#[test]
fn export_filter_and_json_summary() {
    let base = temp_dir("export-filter");
    let dir = base.join("cases");
    let d = dir.to_str().unwrap();
    let o = meeple(&[
        "export",
        "--judge",
        d,
        "scripts/yut/boj17825.game",
        "--filter",
        "sample 3",
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(out, format!("exported 1 case to {d}\n"));
    let rows = index(&dir.join("yut"));
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0][2], "sample 3");
    let o = meeple(&[
        "export",
        "--judge",
        d,
        "scripts/yut/boj17825.game",
        "--format",
        "json",
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["kind"].as_str(), v["cases"].as_u64()),
        (Some("export"), Some(4)),
        "{out}"
    );
    let help = text(&meeple(&["export", "--help"])).0;
    assert!(
        help.contains("--filter <FILTER>") && help.contains("--format"),
        "{help}"
    );
}
