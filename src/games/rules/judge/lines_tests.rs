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

/// A `cells piece` board of numbered pieces, and one of a named piece.
const NUMBERED: &str = r#"rules numbered {
  players solo
  legend { ".": }
  piece placed 1..3 { at: cell }
  input {
    n, m: 1..3
    rows n of m cells piece
  }
  turn {
    stop
  }
  solve shortest within 1
}
"#;

#[test]
fn a_cells_piece_board_is_as_wide_as_drawn_and_names_its_named_pieces() {
    // m drawn in its range, or as `--m` says; each piece on one cell.
    for (args, widths) in [(&[][..], 1..=3), (&[("--m", "3")][..], 3..=3)] {
        let mut seen = std::collections::HashSet::new();
        for input in drawn_and_valid(NUMBERED, args, 60) {
            let mut lines = input.lines();
            let nm: Vec<usize> = (lines.next().unwrap().split(' '))
                .map(|w| w.parse().unwrap())
                .collect();
            assert!(widths.contains(&nm[1]), "{args:?} {input:?}");
            seen.insert(nm[1]);
            let rows: Vec<Vec<&str>> = lines.map(|l| l.split(' ').collect()).collect();
            assert_eq!(rows.len(), nm[0], "{input:?}");
            assert!(rows.iter().all(|r| r.len() == nm[1]), "{input:?}");
            let pieces: Vec<&str> = rows.concat().into_iter().filter(|w| *w != "0").collect();
            assert_eq!(pieces.len(), 3.min(nm[0] * nm[1]), "{input:?}");
        }
        assert_eq!(seen.len(), widths.count(), "{args:?}");
    }
    // A named piece is written by its name and read back by it.
    let named = NUMBERED.replace("piece placed 1..3", "piece R");
    for input in drawn_and_valid(&named, &[], 30) {
        assert_eq!(input.matches('R').count(), 1, "{input:?}");
    }
    let prog = program(&named);
    let r = super::read::read(&prog, &text("2 2\n0 0\n0 R\n"), None).unwrap();
    assert_eq!(r.pieces[0].name.node, "R");
    let ds = super::read_input(&prog, "2 2\n0 0\n0 Q\n").unwrap_err();
    assert_eq!(
        (ds[0].code, ds[0].message.as_str()),
        (
            crate::error::Code::InputFormat,
            "judge input: expected the piece on the cell in row 2, column 2, found `Q`"
        )
    );
}

#[test]
fn a_board_of_no_rows_or_no_columns_is_empty_on_its_zero() {
    let prog = program(NUMBERED);
    for (text, zero) in [("3 0\n", 2), ("0 3\n", 0)] {
        let ds = super::read_input(&prog, text).unwrap_err();
        assert_eq!(ds[0].code, crate::error::Code::BoardEmpty, "{text:?}");
        let span = ds[0].span().unwrap();
        assert_eq!((span.start(), span.end()), (zero, zero + 1), "{text:?}");
    }
    // Measured from brackets: `[]` has no rows either.
    let measured = NUMBERED.replace("    n, m: 1..3\n", "").replace(
        "rows n of m cells piece",
        "rows n: 1..3 of m: 1..3 cells piece bracketed",
    );
    let ds = super::read_input(&program(&measured), "[]\n").unwrap_err();
    assert_eq!(ds[0].code, crate::error::Code::BoardEmpty);
}

/// AtCoder DP K as docs/rules-language.md writes it: a range's end read
/// before the row (`1..k`).
const DPK: &str = r#"rules dpk {
  players A B
  layer a: 0..100000
  legend {
    number x: a[here] = x
  }
  param k: 1..100000 = 1
  var pile: 0..100000 = k
  input {
    n: 1..100, k: 1..100000
    rows 1 of n numbers 1..k increasing
  }
  turn {
    choose c in cells where a[c] <= pile
    pile -= a[c]
  }
  solve outcome
}
"#;

#[test]
fn a_row_range_may_end_at_a_number_read_before() {
    // Also as a name of the format alone (no param): checked, read.
    let bare = DPK
        .replace("  param k: 1..100000 = 1\n", "")
        .replace("= k\n", "= 0\n");
    let prog = program(&bare);
    let r = super::read::read(&prog, &text("2 3\n1 4\n"), None).unwrap();
    assert_eq!(
        r.beyond,
        ["the cell in row 1, column 2 is 4; the judge allows 1..3"]
    );
    for input in drawn_and_valid(DPK, &[("--n", "1..4"), ("--k", "1..6")], 100) {
        let w: Vec<i64> = input
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let (n, k, row) = (w[0], w[1], &w[2..]);
        assert_eq!(row.len() as i64, n, "{input:?}");
        assert!(row.iter().all(|x| (1..=k).contains(x)), "{input:?}");
        assert!(row.windows(2).all(|p| p[0] < p[1]), "{input:?}");
    }
}
