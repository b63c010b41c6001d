//! The lines of the judge inputs meeple writes (`export --judge`, `gen`)
//! against `meeple validate`'s check of them ([`super::read_input`]):
//! zero records are zero lines, and a `pieces K: … bracketed` item's lists
//! share one line as consecutive bracketed items do (issues 29/30).

use super::draw::RulesShape;
use crate::games::rng::Rng;
use crate::games::rules::program::Program;
use crate::games::GenShape;
use std::sync::Arc;

/// The only rules block of `src`, checked and compiled.
fn program(src: &str) -> Arc<Program> {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let def = &file.rules[0];
    let decls = crate::games::rules::check(def).unwrap_or_else(|d| panic!("{d:?}"));
    Arc::new(crate::games::rules::compile::compile(def, decls))
}

/// `s` as a judge text, its spans from 0.
fn text(s: &str) -> crate::syntax::ast::Spanned<String> {
    crate::syntax::ast::Spanned::new(s.to_string(), crate::syntax::ast::Span::new(0, s.len()))
}

/// Every item that counts records, each count from 0.
const ZERO: &str = r#"rules zero {
  players none
  layer seed: bool
  var amounts: list of 0..9 max 3
  piece placed 1..3 { at: cell, turn: L | D }
  input {
    n, m: 1..3
    board n by m
    k: 0..2
    cells k: seed from 1
    l: 0..3
    lists l: amounts
    d: 0..3
    dice d of 1..6
    p: 0..3
    pieces p: at from 1, turn as "L" | "D"
  }
  turn {
    stop
  }
  solve simulate limit 1
}
"#;

/// `count` inputs drawn from `src` with the options `args`, each checked
/// as `meeple validate` checks a file; the inputs.
fn drawn_and_valid(src: &str, args: &[(&str, &str)], count: u64) -> Vec<String> {
    let prog = program(src);
    let shape = RulesShape::new(prog.clone(), String::new(), args).unwrap();
    (0..count)
        .map(|case| {
            let input = shape.draw(&mut Rng::for_case(29, case)).input();
            if let Err(ds) = super::read_input(&prog, &input) {
                let msgs: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
                panic!("{args:?} {input:?}: {msgs:?}");
            }
            input
        })
        .collect()
}

#[test]
fn zero_records_are_written_as_no_lines_and_validate() {
    let zeros = [("--k", "0"), ("--l", "0"), ("--d", "0"), ("--p", "0")];
    for input in drawn_and_valid(ZERO, &zeros, 20) {
        let lines: Vec<&str> = input.lines().collect();
        assert_eq!(lines[1..], ["0", "0", "0", "0"], "{input:?}");
    }
    // Each count alone at 0, the others drawn: still no empty line.
    let mut drawn = 0;
    for name in ["--k", "--l", "--d", "--p"] {
        for input in drawn_and_valid(ZERO, &[(name, "0")], 60) {
            assert!(!input.contains("\n\n"), "{name}: {input:?}");
            drawn += input.lines().count();
        }
    }
    // The other counts were drawn above 0 too (records were written).
    assert!(drawn > 4 * 60 * 5, "{drawn}");
}

/// Ants on a grid: the pieces' lists bracketed (repro of F-WRONG-4).
const ANTS: &str = r#"rules ants {
  players none
  piece placed 1..4 { at: cell, facing: dir }
  input {
    n, m: 1..5, k: 1..4
    board n by m
    pieces k: at from 1, facing as right | left | up | down from 1 bracketed
  }
  turn {
    stop
  }
  solve simulate limit 1
}
"#;

#[test]
fn bracketed_pieces_share_one_line_and_may_be_separated_by_commas() {
    let mut several = 0;
    for input in drawn_and_valid(ANTS, &[], 100) {
        // The numbers' line, then every piece's list on one line.
        let lines: Vec<&str> = input.lines().collect();
        assert_eq!(lines.len(), 2, "{input:?}");
        let k: usize = lines[0].split(' ').nth(2).unwrap().parse().unwrap();
        assert_eq!(lines[1].matches('[').count(), k, "{input:?}");
        several += usize::from(k >= 2);
    }
    assert!(several > 50, "{several}");
    let prog = program(ANTS);
    let read = |s: &str| super::read::read(&prog, &text(s), None);
    let spaced = read("1 5 2\n[1, 1, 1] [1, 5, 2]\n").unwrap();
    let commas = read("1 5 2\n[1, 1, 1], [1, 5, 2]\n").unwrap();
    let at = |r: &super::read::Read| -> Vec<String> {
        (r.pieces.iter())
            .map(|p| format!("{} {:?}", p.name.node, p.at.as_ref().map(|a| &a.node)))
            .collect()
    };
    assert_eq!(at(&spaced), at(&commas));
    assert_eq!(at(&commas).len(), 2);
    assert!(super::read_input(&prog, "1 5 2\n[1, 1, 1], [1, 5, 2]\n").is_ok());
    // One list a line is a line break inside the pieces' lists.
    let ds = super::read_input(&prog, "1 5 2\n[1, 1, 1]\n[1, 5, 2]\n").unwrap_err();
    assert_eq!(
        ds[0].message,
        "judge input: a line break inside the pieces' lists"
    );
}
