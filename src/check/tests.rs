//! The checker's walk: what it lets pass without running it (the
//! interpreter's check mode).

use crate::error::Code;

/// The codes and spanned texts of the checker's diagnostics for `src`.
fn checked(src: &str) -> Vec<(Code, String)> {
    let (file, parse) = crate::syntax::parse(src);
    assert!(parse.is_empty(), "{parse:?}");
    match super::check(file) {
        Ok(_) => Vec::new(),
        Err(ds) => ds
            .into_iter()
            .map(|d| {
                let s = d.span().expect("spanned");
                (d.code, src[s.start()..s.end()].to_string())
            })
            .collect(),
    }
}

const STACKING: &str = "scenario \"s\" {\n  game stacking\n  board {\n    0 0\n  }\n  piece 1 at (0, 0) facing right\n";

#[test]
fn the_checker_counts_steps_for_undo_without_taking_them() {
    let src = format!("{STACKING}  step 5\n  step\n  undo\n  undo\n  undo\n}}\n");
    let diags = checked(&src);
    assert_eq!(diags, vec![(Code::UndoNothing, "undo".to_string())]);
    // The third `undo` is the one reported.
    let third = src.rfind("undo").unwrap();
    let (file, _) = crate::syntax::parse(&src);
    let d = &super::check(file).err().unwrap()[0];
    assert_eq!(d.span().unwrap().start(), third);
}

#[test]
fn a_checked_step_needs_the_position() {
    let src = "scenario \"s\" {\n  game stacking\n  step\n}\n";
    assert_eq!(checked(src), vec![(Code::QueryMissing, "step".to_string())]);
}

#[test]
fn step_in_another_game_is_the_wrong_game_once() {
    let src = "scenario \"y\" {\n  game yut\n  board yut\n  step\n  undo\n}\n";
    assert_eq!(
        checked(src),
        vec![
            (Code::StmtWrongGame, "step".to_string()),
            (Code::UndoNothing, "undo".to_string())
        ]
    );
}
