//! `meeple answer`: judge input files answered as a model solution would,
//! one line per case: the same lines `meeple export` writes to `.out`, every
//! case of a multi-case input, coded errors for bad inputs.

use crate::common::{meeple, root, temp_dir, text};
use crate::problems::card_game;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

/// The `.in` files of an exported folder, in order.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    v.sort();
    v
}

/// Every exported case of every problem of the library and of the built-in
/// games' collections: `meeple answer` on its `.in` prints its `.out`.
#[test]
fn answer_prints_what_export_writes_to_each_out_file() {
    let dir = temp_dir("answer-export");
    let problems = root().join("scripts/problems");
    let seeds = ["scripts/footholds", "scripts/yut", "scripts/stacking"];
    let out = meeple(&[
        "export",
        "--judge",
        dir.to_str().unwrap(),
        problems.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let mut args = vec!["export", "--judge"];
    let seed_dir = dir.join("seeds");
    args.push(seed_dir.to_str().unwrap());
    args.extend(seeds);
    let out = meeple(&args);
    assert!(out.status.success(), "{}", text(&out).1);
    let mut folders = 0;
    for (folder, game, rules) in std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !p.ends_with("seeds"))
        .map(|p| {
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            let rules = problems.join(format!("{name}.game"));
            (p, name, Some(rules))
        })
        .chain(
            ["footholds", "yut", "stacking", "stacking-bottom"]
                .into_iter()
                .map(|g| (seed_dir.join(g), g.to_string(), None)),
        )
    {
        let files = inputs(&folder);
        assert!(!files.is_empty(), "{}", folder.display());
        let want: String = files
            .iter()
            .map(|f| std::fs::read_to_string(f.with_extension("out")).unwrap())
            .collect();
        let mut args = vec!["answer".to_string(), "--game".into(), game.clone()];
        if let Some(r) = &rules {
            args.push("--rules".into());
            args.push(r.display().to_string());
        }
        args.extend(files.iter().map(|f| f.display().to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = meeple(&args);
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{game}: {stderr}");
        assert_eq!(
            stdout, want,
            "{game}: the answers differ from the .out files"
        );
        folders += 1;
    }
    assert_eq!(folders, 14, "10 problems and the 4 built-in problems");

    // BOJ 17780 (`--game stacking-bottom`): generated cases answered as
    // their `.out` says, where BOJ 17837's rules (`--game stacking`) differ.
    let bottom = dir.join("bottom");
    let out = meeple(&[
        "gen",
        "stacking",
        "--mover",
        "bottom",
        "--count",
        "40",
        "--seed",
        "5",
        "--judge",
        bottom.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let files = inputs(&bottom);
    let want: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f.with_extension("out")).unwrap())
        .collect();
    let answered = |game: &str| {
        let mut args = vec!["answer".to_string(), "--game".into(), game.into()];
        args.extend(files.iter().map(|f| f.display().to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = meeple(&args);
        assert!(out.status.success(), "{}", text(&out).1);
        text(&out).0
    };
    assert_eq!(answered("stacking-bottom"), want);
    assert_ne!(
        answered("stacking"),
        want,
        "some case differs under BOJ 17837"
    );
}

/// A multi-case input (BOJ 11062: T games): one line per game, each the
/// plain interval dynamic programme's answer.
#[test]
fn answer_answers_every_case_of_a_multi_case_input() {
    let mut r = rand::rngs::StdRng::seed_from_u64(20261127);
    let games: Vec<Vec<u64>> = (0..12)
        .map(|_| {
            let n = r.gen_range(1..=30);
            (0..n).map(|_| r.gen_range(1..=10_000)).collect()
        })
        .collect();
    let mut input = format!("{}\n", games.len());
    for g in &games {
        let row: Vec<String> = g.iter().map(u64::to_string).collect();
        input.push_str(&format!("{}\n{}\n", g.len(), row.join(" ")));
    }
    let dir = temp_dir("answer-cases");
    let file = dir.join("cards.in");
    std::fs::write(&file, &input).unwrap();
    let script = root().join("scripts/problems/card_game.game");
    let out = meeple(&[
        "answer",
        "--game",
        "card_game",
        "--rules",
        script.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let want: String = games
        .iter()
        .map(|g| format!("{}\n", card_game::reference(g)))
        .collect();
    assert_eq!(stdout, want);
    // The official sample, as JSON: both games' answers.
    let sample = dir.join("sample.in");
    std::fs::write(&sample, "2\n4\n1 2 5 2\n9\n1 1 1 1 2 2 2 2 2\n").unwrap();
    let out = meeple(&[
        "--format",
        "json",
        "answer",
        "--game",
        "card_game",
        "--rules",
        script.to_str().unwrap(),
        sample.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "answer");
    assert_eq!(v["ok"], true);
    assert_eq!(v["answers"], serde_json::json!(["6", "8"]));
}

/// A bad input is a coded diagnostic on its place (exit 1, the other files
/// still answered); an unknown game or an unreadable file exits 2; a solve
/// past `--max-states` is the limit's diagnostic.
#[test]
fn answer_refuses_bad_inputs_with_coded_diagnostics() {
    let dir = temp_dir("answer-bad");
    let good = dir.join("good.in");
    std::fs::write(&good, "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n").unwrap();
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 7]\n").unwrap();
    let out = meeple(&[
        "answer",
        "--game",
        "footholds",
        good.to_str().unwrap(),
        bad.to_str().unwrap(),
    ]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stdout, "5\n", "the good file is answered (RULES.md: 5)");
    assert!(stderr.contains("meeple::"), "{stderr}");
    assert!(stderr.contains("bad.in"), "{stderr}");

    let out = meeple(&["answer", "--game", "footholdz", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("no built-in game `footholdz`"));
    let missing = dir.join("missing.in");
    let out = meeple(&["answer", "--game", "footholds", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));

    let big = dir.join("big.in");
    std::fs::write(
        &big,
        "[[1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1]] [0, 0] [4, 4]\n",
    )
    .unwrap();
    let out = meeple(&[
        "--max-states",
        "10",
        "answer",
        "--game",
        "footholds",
        big.to_str().unwrap(),
    ]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("meeple::limit::states"), "{stderr}");
}

/// `--cases-per-file N` (gen and export): a multi-case format's cases go N
/// to an input (the last file the rest), each input read back by
/// `validate`, its `.out` the reference's lines; a format of one case keeps
/// one a file; more than the format allows is refused, nothing written.
#[test]
fn cases_per_file_groups_a_multi_case_formats_cases() {
    let dir = temp_dir("answer-per-file");
    let script = root().join("scripts/problems/card_game.game");
    let judge = dir.join("cards");
    let out = meeple(&[
        "gen",
        "card_game",
        "--rules",
        script.to_str().unwrap(),
        "--count",
        "23",
        "--seed",
        "9",
        "--n",
        "1..12",
        "--judge",
        judge.to_str().unwrap(),
        "--cases-per-file",
        "10",
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let files = inputs(&judge);
    assert_eq!(files.len(), 3, "23 cases, 10 a file");
    let mut rows = 0;
    for (k, f) in files.iter().enumerate() {
        let input = std::fs::read_to_string(f).unwrap();
        let mut words = input.split_whitespace().map(|w| w.parse::<u64>().unwrap());
        let t = words.next().unwrap();
        assert_eq!(t, if k < 2 { 10 } else { 3 }, "{}", f.display());
        let mut want = String::new();
        for _ in 0..t {
            let n = words.next().unwrap() as usize;
            let cards: Vec<u64> = words.by_ref().take(n).collect();
            want.push_str(&format!("{}\n", card_game::reference(&cards)));
        }
        assert_eq!(words.next(), None, "the input ends after its cases");
        let got = std::fs::read_to_string(f.with_extension("out")).unwrap();
        assert_eq!(got, want, "{}", f.display());
        rows += t;
    }
    assert_eq!(rows, 23);
    let index = std::fs::read_to_string(judge.join("index.tsv")).unwrap();
    let numbers: Vec<&str> = index.lines().skip(1).map(|l| &l[..3]).collect();
    assert_eq!(numbers.len(), 23);
    assert_eq!(numbers.iter().filter(|n| **n == "003").count(), 3);
    let mut args = vec!["validate", "--game", "card_game", "--rules"];
    args.push(script.to_str().unwrap());
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    assert!(meeple(&args).status.success());

    // export: the card game's two samples in one input (the official
    // sample itself); marbles (one case a format) keeps one a file.
    let exported = dir.join("export");
    let out = meeple(&[
        "export",
        "--judge",
        exported.to_str().unwrap(),
        "--cases-per-file",
        "2",
        root().join("scripts/problems").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(
        std::fs::read_to_string(exported.join("card_game/001.in")).unwrap(),
        "2\n4\n1 2 5 2\n9\n1 1 1 1 2 2 2 2 2\n"
    );
    assert_eq!(
        std::fs::read_to_string(exported.join("card_game/001.out")).unwrap(),
        "6\n8\n"
    );
    let marbles = inputs(&exported.join("marbles"));
    let samples = std::fs::read_to_string(root().join("scripts/problems/marbles.game"))
        .unwrap()
        .matches("scenario \"")
        .count();
    assert_eq!(marbles.len(), samples);

    let refused = dir.join("refused");
    let out = meeple(&[
        "gen",
        "card_game",
        "--rules",
        script.to_str().unwrap(),
        "--count",
        "3",
        "--judge",
        refused.to_str().unwrap(),
        "--cases-per-file",
        "101",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).1.contains("at most 100 cases"),
        "{}",
        text(&out).1
    );
    assert!(!refused.join("001.in").exists());
}
