//! The hostile corpus (`hostile_corpus.rs`): the size caps fire in the
//! parser's pre-scan, before pest makes a token, and each input is refused
//! with its code or accepted. Bounded by work (what was built), not by time;
//! `benches/hardening.rs` times them.

use crate::hostile_corpus::{corpus, Hostile};
use meeple::error::Code;
use meeple::interp::Event;
use meeple::limits::{Limits, LIST_WORDS, SOURCE_BYTES, STATEMENTS};
use meeple::pipeline::{run_bytes, Outcome, RunConfig};
use meeple::syntax::ast::{BoardSrc, Stmt};
use meeple::workspace::{Output, Workspace};
use std::time::Duration;

fn prescanned(h: &Hostile) -> bool {
    h.refused == Some(Code::SourceTooMany) && !h.name.starts_with("yut input")
}

#[test]
fn size_caps_refuse_before_anything_is_built() {
    let all = corpus();
    assert!(all
        .iter()
        .all(|h| h.text.len() <= meeple::limits::SOURCE_BYTES));
    let mut seen = 0;
    for h in all.iter().filter(|h| prescanned(h)) {
        let (file, diags) = meeple::syntax::parse(&h.text);
        assert!(
            file.scenarios.is_empty() && file.tracks.is_empty(),
            "{}",
            h.name
        );
        let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::SourceTooMany], "{}", h.name);
        seen += 1;
    }
    assert_eq!(seen, 7);
    // An array over the cell cap is one diagnostic on its `[`, and pest reads
    // it as `[]`: the scenario is built with an empty board.
    let h = all.iter().find(|h| h.name == "array 2049 x 2048").unwrap();
    let (file, diags) = meeple::syntax::parse(&h.text);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code, Code::BoardTooLarge);
    let at = h.text.find("[[").unwrap();
    assert_eq!(diags[0].span().unwrap().start(), at);
    assert!(diags[0].message.contains("4196352 cells"));
    assert_eq!(file.scenarios.len(), 1);
}

#[test]
fn rolls_past_the_list_cap_are_refused_in_a_judge_input() {
    let h = corpus()
        .into_iter()
        .find(|h| h.name == "yut input of 8M rolls")
        .unwrap();
    let run = run_bytes("hostile.game", h.text.as_bytes(), &RunConfig::default());
    let Outcome::Invalid(d) = &run.outcome else {
        panic!("accepted")
    };
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, Code::SourceTooMany);
    let at = h.text.find("\"\"\"").unwrap() + 3 + 2 * meeple::limits::LIST_WORDS;
    assert_eq!(d[0].span().unwrap().start(), at);
}

/// Every input at full size: `cargo test --release --test it hostile -- --ignored`.
#[test]
#[ignore]
fn every_hostile_input_is_refused_with_its_code_or_accepted() {
    let config = RunConfig {
        limits: Limits {
            max_states: Some(20_000),
            timeout: Some(Duration::from_millis(1000)),
            ..Limits::default()
        },
        filter: None,
    };
    for h in corpus() {
        let run = run_bytes("hostile.game", h.text.as_bytes(), &config);
        match (&run.outcome, h.refused) {
            (Outcome::Invalid(d), Some(code)) => assert_eq!(d[0].code, code, "{}", h.name),
            (Outcome::Ran(_), None) => {}
            _ => panic!("{}: {}", h.name, crate::common::shown(&run)),
        }
    }
}

/// What a REPL input reported: the codes of its errors, in order.
fn typed(ws: &mut Workspace, text: &str) -> Vec<Code> {
    let mut codes = Vec::new();
    ws.input(text, &mut |_, out| match out {
        Output::Error(d) => codes.push(d.code),
        Output::Event {
            event: Event::Error(d),
            ..
        } => codes.push(d.code),
        _ => {}
    });
    codes
}

#[test]
fn typed_input_has_the_caps_of_a_file() {
    let mut ws = Workspace::new(Limits::default());
    // A pasted line of a million and one numbers: refused by the pre-scan,
    // nothing read (not even the `game` before it).
    let dice = format!("game yut\ndice {}", "1 ".repeat(LIST_WORDS + 1));
    assert_eq!(typed(&mut ws, &dice), [Code::SourceTooMany]);
    assert_eq!(ws.game(), None);
    let statements = "show\n".repeat(STATEMENTS + 1);
    assert_eq!(typed(&mut ws, &statements), [Code::SourceTooMany]);
    // More than the file cap is refused before anything is scanned.
    let huge = format!("# {}", "x".repeat(SOURCE_BYTES));
    assert_eq!(typed(&mut ws, &huge), [Code::SourceTooLarge]);
    // An array over the cell cap is one diagnostic on its `[`.
    let row = format!("[{}]", vec!["0"; 2048].join(","));
    let board = format!(
        "game stacking\nboard [{}]",
        vec![row.as_str(); 2049].join(",")
    );
    assert_eq!(typed(&mut ws, &board), [Code::BoardTooLarge]);
    assert_eq!(ws.game(), None);
    // A large array under it is read by the pre-scan and put back whole.
    let row = format!("[{}]", vec!["0"; 100].join(", "));
    let text = format!(
        "game stacking\nboard [{}]\npiece 1 at (0, 0) facing right",
        vec![row.as_str(); 100].join(",\n")
    );
    assert!(typed(&mut ws, &text).is_empty());
    let (_, stmts) = ws.current_statements().unwrap();
    let board = stmts
        .iter()
        .find(|s| matches!(s.node, Stmt::Board(_)))
        .unwrap();
    let Stmt::Board(BoardSrc::Array { rows, span }) = &board.node else {
        panic!("{:?}", board.node)
    };
    assert_eq!(rows.len(), 100);
    assert!(rows.iter().all(|r| r.node.len() == 100));
    // The spans are those of the whole session log, where this input ends.
    let end = ws.sources().next_offset() - 1;
    let board_end = end - "\npiece 1 at (0, 0) facing right".len();
    assert_eq!((span.end(), board.span.end()), (board_end, board_end));
    assert_eq!(rows[99].node[99].span.end(), board_end - 2);
}

#[test]
fn a_board_of_bad_cells_is_a_thousand_diagnostics_and_a_count() {
    let n = 64;
    let rows = format!("{}\n", vec!["7"; n].join(" ")).repeat(n);
    let inputs = [
        format!("  input \"\"\"{n} 1\n{rows}1 1 1\n\"\"\"\n"),
        format!(
            "  board {{\n{}  }}\n",
            format!("{}\n", "7".repeat(n)).repeat(n)
        ),
    ];
    for input in inputs {
        let text = format!("scenario \"s\" {{\n  game stacking\n{input}  solve\n}}\n");
        let run = run_bytes("bad.game", text.as_bytes(), &RunConfig::default());
        let Outcome::Invalid(d) = &run.outcome else {
            panic!("accepted")
        };
        assert_eq!(d.len(), 1001, "{input}");
        assert!(d[..1000].iter().all(|d| d.code == Code::BoardCell));
        assert_eq!(d[1000].code, Code::ErrorsTooMany);
        assert_eq!(
            d[1000].message,
            format!("{} more errors not shown", n * n - 1000)
        );
        // The note points at the first cell left out.
        let first = d[1000].span().unwrap().start();
        assert_eq!(&text[first..first + 1], "7");
        assert!(first > d[999].span().unwrap().start());
    }
}

/// A rules expression of 200,000 operators in a row (a probe's stack
/// overflow, exit 134, in `check`, the REPL and the language server): one
/// coded diagnostic from the whole pipeline.
#[test]
fn a_long_operator_chain_is_a_diagnostic_not_a_stack_overflow() {
    let text = format!(
        "rules g {{\n  players solo\n  turn {{\n    choose d in [1]\n    score += 1{}\n  }}\n  solve max score\n}}\nscenario \"s\" {{\n  game g\n  solve\n}}\n",
        " + 1".repeat(200_000)
    );
    let run = meeple::pipeline::run_bytes(
        "long.game",
        text.as_bytes(),
        &meeple::pipeline::RunConfig::default(),
    );
    let meeple::pipeline::Outcome::Invalid(diags) = &run.outcome else {
        panic!("ran: {}", crate::common::shown(&run));
    };
    assert_eq!(diags[0].code, meeple::error::Code::RulesNesting);
}
