use super::*;
use crate::games::footholds::rules::Position;
use crate::games::stacking::judge::JudgeCase;
use crate::games::yut::judge::Setup as YutSetup;
use crate::pipeline::run_source;
use crate::syntax::ast::Span;

fn options(game: GameKind, shape: &[(&str, &str)], conditions: &[&str]) -> Options {
    Options::new(game, shape, conditions).unwrap()
}

fn passes(text: &str) {
    let run = run_source("gen.game", text);
    assert_eq!(
        run.exit_code(),
        0,
        "{}",
        crate::render::text::file(&run, &Default::default())
    );
    let Outcome::Ran(runs) = run.outcome else {
        unreachable!()
    };
    assert!(runs.iter().all(|r| r.expects_passed() >= 2));
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_any_thread_count() {
    for game in GameKind::ALL {
        let o = options(game, &[], &[]);
        let a = generate(&o, 12, 7, &|_, _| {}).unwrap();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let b = one.install(|| generate(&o, 12, 7, &|_, _| {}).unwrap());
        assert_eq!(a.text, b.text);
        assert_ne!(a.text, generate(&o, 12, 8, &|_, _| {}).unwrap().text);
        assert_eq!(a.cases.len(), 12);
        assert!(a.text.contains("seed 7") && a.text.contains("gen 012 (seed 7)"));
        passes(&a.text);
    }
}

#[test]
fn every_default_case_is_a_judge_instance_that_round_trips() {
    for game in GameKind::ALL {
        let out = generate(&options(game, &[], &[]), 20, 3, &|_, _| {}).unwrap();
        for c in &out.cases {
            let p = &c.position;
            assert_eq!(p.instance(), Ok(()), "{}", c.scenario);
            let input = p.input();
            let back = crate::games::game(p.game()).read_judge(&input).unwrap();
            assert_eq!(&back, p);
            let answer = p
                .answer(&crate::budget::Budget::unlimited(), Span::new(0, 1))
                .unwrap();
            assert_eq!(answer, format!("{}\n", c.field("answer").unwrap()));
        }
    }
}

#[test]
fn where_conditions_hold_for_every_case() {
    let o = options(GameKind::Footholds, &[], &["answer >= 4", "winner = B"]);
    let out = generate(&o, 10, 11, &|_, _| {}).unwrap();
    assert!(out.tried > 10);
    for c in &out.cases {
        assert!(matches!(c.field("answer"), Some(FieldValue::Int(n)) if *n >= 4));
        assert_eq!(c.field("winner"), Some(&FieldValue::Word("B".into())));
    }
    passes(&out.text);
    let o = options(
        GameKind::Stacking,
        &[("--size", "4"), ("--pieces", "4")],
        &["cycle = yes"],
    );
    let out = generate(&o, 3, 1, &|_, _| {}).unwrap();
    assert!(out
        .cases
        .iter()
        .all(|c| c.field("turn") == Some(&FieldValue::Word("none".into()))));
    // Case i does not depend on what was filtered before it.
    let c = &out.cases[2];
    assert_eq!(case(&o, 1, c.index.unwrap()).unwrap().position, c.position);
}

#[test]
fn an_unsatisfiable_filter_stops_after_its_tries() {
    let mut o = options(
        GameKind::Footholds,
        &[("--rows", "1"), ("--cols", "1")],
        &["answer > 0"],
    );
    o.tries = Some(50);
    let e = generate(&o, 2, 1, &|_, _| {}).unwrap_err();
    assert_eq!(e.code, Code::GenUnsatisfied);
    assert!(
        e.message
            .contains("only 0 of 2 cases meeting `answer > 0` in 50 candidates"),
        "{}",
        e.message
    );
}

#[test]
fn shapes_are_respected() {
    let o = options(
        GameKind::Footholds,
        &[("--rows", "2..3"), ("--cols", "4"), ("--holes", "0")],
        &[],
    );
    for c in generate(&o, 30, 5, &|_, _| {}).unwrap().cases {
        let p = c.position.downcast_ref::<Position>().unwrap();
        assert!((2..=3).contains(&p.rows) && p.cols == 4);
        assert!(p.cells.iter().all(|&f| f));
    }
    let o = options(
        GameKind::Yut,
        &[("--rolls", "6"), ("--dice", "2..3"), ("--pieces", "2")],
        &[],
    );
    let out = generate(&o, 10, 5, &|_, _| {}).unwrap();
    for c in &out.cases {
        let Some(s) = c.position.downcast_ref::<YutSetup>() else {
            unreachable!()
        };
        assert_eq!((s.rolls.len(), s.pieces), (6, 2));
        assert!(s.rolls.iter().all(|r| (2..=3).contains(r)));
    }
    assert!(out.text.contains("rule pieces 2"));
    passes(&out.text);
    let o = options(
        GameKind::Stacking,
        &[
            ("--size", "5..6"),
            ("--pieces", "5..7"),
            ("--colors", "white=1"),
            ("--stack", "3"),
            ("--mover", "bottom"),
            ("--limit", "none"),
        ],
        &[],
    );
    let out = generate(&o, 10, 5, &|_, _| {}).unwrap();
    for c in &out.cases {
        let Some(s) = c.position.downcast_ref::<JudgeCase>() else {
            unreachable!()
        };
        assert!((5..=6).contains(&s.setup.rows) && (5..=7).contains(&s.setup.pieces.len()));
        assert!(s
            .setup
            .colours
            .iter()
            .all(|&c| c == crate::games::stacking::rules::Colour::White));
        assert_eq!((s.setup.stack, s.limit), (3, None));
    }
    assert!(out.text.contains("rule mover bottom") && out.text.contains("rule limit none"));
    passes(&out.text);
}

#[test]
fn edge_cases_come_first() {
    for game in GameKind::ALL {
        let mut o = options(game, &[], &[]);
        o.edge = true;
        let edges = edge::cases(&o.shape);
        assert!(edges.len() >= 4, "{game:?}");
        let out = generate(&o, edges.len() + 2, 9, &|_, _| {}).unwrap();
        for (c, e) in out.cases.iter().zip(&edges) {
            assert_eq!(c.edge.as_ref(), Some(&e.label));
            assert!(c.name.contains("(edge: "), "{}", c.name);
        }
        assert_eq!(out.cases[edges.len()].index, Some(0));
        passes(&out.text);
    }
    // What the stacking labels say holds, for either mover.
    for mover in ["any", "bottom"] {
        let mut o = options(GameKind::Stacking, &[("--mover", mover)], &[]);
        o.edge = true;
        let out = generate(&o, 6, 1, &|_, _| {}).unwrap();
        let by = |label: &str| {
            let c = out.cases.iter().find(|c| c.name.contains(label)).unwrap();
            (
                c.field("turn").unwrap().to_string(),
                c.field("cycle").unwrap().to_string(),
            )
        };
        assert_eq!(by("reaches 4 on turn 1"), ("1".into(), "no".into()));
        assert_eq!(by("all-blue"), ("none".into(), "yes".into()));
        assert_eq!(by("never ends").0, "none");
    }
    let o = options(GameKind::Footholds, &[], &[]);
    let labels: Vec<String> = edge::cases(&o.shape).into_iter().map(|e| e.label).collect();
    assert!(labels.iter().any(|l| l.contains("1×1")));
    let small = options(
        GameKind::Footholds,
        &[("--rows", "1"), ("--cols", "1..2")],
        &[],
    );
    assert_eq!(edge::cases(&small.shape).len(), 2);
}

#[test]
fn bad_options_are_coded_errors_on_their_text() {
    let bad = |game, flag, value| Options::new(game, &[(flag, value)], &[]).unwrap_err();
    let e = bad(GameKind::Footholds, "--rows", "5..2");
    assert_eq!(e.diag.code, Code::GenOption);
    assert_eq!(e.text, "--rows 5..2");
    assert_eq!(e.diag.span(), Some(Span::new(7, 11)));
    assert!(e.diag.message.contains("empty"));
    assert!(bad(GameKind::Footholds, "--holes", "1.5")
        .diag
        .message
        .contains("fraction"));
    assert!(bad(GameKind::Footholds, "--rows", "0..3")
        .diag
        .message
        .contains("inside 1..8"));
    let e = bad(GameKind::Stacking, "--colors", "white=2,gren=1");
    assert!(e.diag.message.contains("unknown colour `gren`"));
    assert!(
        e.diag
            .help
            .as_deref()
            .unwrap()
            .contains("did you mean `red`?")
            || e.diag.help.as_deref().unwrap().contains("green")
            || e.diag.help.as_deref().unwrap().contains("colours")
    );
    assert!(bad(GameKind::Stacking, "--colors", "0,0,0")
        .diag
        .message
        .contains("0"));
    assert!(bad(GameKind::Stacking, "--mover", "botom")
        .diag
        .help
        .as_deref()
        .unwrap()
        .contains("did you mean `bottom`?"));
    assert!(bad(GameKind::Yut, "--holes", "0.5")
        .diag
        .message
        .contains("not a yut option"));
    assert!(bad(GameKind::Yut, "--track", "mine")
        .diag
        .message
        .contains("needs --tracks"));
    let e = Options::new(
        GameKind::Stacking,
        &[("--size", "2"), ("--pieces", "5")],
        &[],
    )
    .unwrap_err();
    assert!(e.diag.message.contains("do not fit"), "{}", e.diag.message);
    assert!(e.render(false).contains("meeple::gen::option"));
}

#[test]
fn a_track_from_a_tracks_file() {
    let dir = std::env::temp_dir().join(format!("meeple-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tracks.game");
    std::fs::write(
        &file,
        "track ladder {\n  route start 1 2 3 4 5 6 7 8 9 10 finish\n  shortcut 2 top=50 9\n}\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let o = options(
        GameKind::Yut,
        &[("--track", "ladder"), ("--tracks", path), ("--rolls", "5")],
        &[],
    );
    let out = generate(&o, 4, 2, &|_, _| {}).unwrap();
    assert!(out.text.contains("track ladder {") && out.text.contains("board ladder"));
    assert!(out.cases.iter().all(|c| c.position.instance().is_err()));
    passes(&out.text);
    let e = Options::new(
        GameKind::Yut,
        &[("--track", "ladr"), ("--tracks", path)],
        &[],
    )
    .unwrap_err();
    assert_eq!(e.diag.code, Code::TrackUnknown);
    assert!(e
        .diag
        .help
        .as_deref()
        .unwrap()
        .contains("did you mean `ladder`?"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn header_words_paste_into_a_shell() {
    use super::shell_word;
    assert_eq!(shell_word("--weights"), "--weights");
    assert_eq!(
        shell_word("scripts/problems/a.game"),
        "scripts/problems/a.game"
    );
    assert_eq!(shell_word("0=6,2=1"), "0=6,2=1");
    assert_eq!(shell_word("#=1,.=3"), "'#=1,.=3'");
    assert_eq!(shell_word("my file's.game"), r"'my file'\''s.game'");
    assert_eq!(shell_word(""), "''");
}
