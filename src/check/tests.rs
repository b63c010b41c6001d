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

/// BOJ 9655 as a rules game (`var pile: 0..1000`).
const PILE: &str = "rules pile {\n  players SK CY\n  board none\n  param stones: 1..1000 = 1\n  var pile: 0..1000 = stones\n  turn {\n    choose take in [1, 3] where take <= pile\n    pile -= take\n    win if pile == 0\n  }\n  solve outcome\n}\n";

/// A `set` outside its var's domain is refused by the checker whether a
/// query follows it or not (before, only a query made the position, so a
/// scenario ending in the `set` passed), with the same code and span; a
/// scenario still being declared (no query) is not an error.
#[test]
fn an_out_of_domain_set_is_refused_without_a_query_after_it() {
    let bad = vec![(Code::RulesValue, "2000".to_string())];
    for tail in ["", "  solve\n"] {
        let src = format!("{PILE}scenario \"s\" {{\n  game pile\n  set pile 2000\n{tail}}}\n");
        assert_eq!(checked(&src), bad, "{tail:?}");
    }
    let src = format!("{PILE}scenario \"s\" {{\n  game pile\n  set pile 7\n}}\n");
    assert_eq!(checked(&src), []);
}

/// The help of each error the checker gives for `src`.
fn helps(src: &str) -> Vec<String> {
    let (file, parse) = crate::syntax::parse(src);
    assert!(parse.is_empty(), "{parse:?}");
    super::check(file)
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|d| d.help.unwrap_or_default())
        .collect()
}

/// `rule NAME VALUE` outside a word param's values says them (before, the
/// help only named the docs), with a did-you-mean for a word close to one;
/// a number param says its range.
#[test]
fn a_rule_value_outside_its_param_lists_the_values() {
    let game = PILE.replace(
        "  param stones: 1..1000 = 1\n",
        "  param stones: 1..1000 = 1\n  param mode: easy | hard = easy\n",
    );
    let with = |rule: &str| {
        helps(&format!(
            "{game}scenario \"s\" {{\n  game pile\n  {rule}\n  solve\n}}\n"
        ))
    };
    assert_eq!(with("rule mode 1"), ["`rule mode` takes one of easy, hard"]);
    assert_eq!(
        with("rule mode har"),
        ["did you mean `hard`? `rule mode` takes one of easy, hard"]
    );
    assert_eq!(
        with("rule stones 0"),
        ["`rule stones` takes a number from 1 to 1000"]
    );
}

/// A board whose legend places one piece on two cells is refused, on both
/// cells (before, the piece silently stood on the last one).
#[test]
fn a_piece_the_legend_draws_twice_is_refused_on_both_cells() {
    let game = "rules marbles {\n  players solo\n  piece R { at: cell }\n  legend {\n    \"R\": R.at = here\n    \".\":\n  }\n  turn {\n    choose d in [1]\n    win if true\n  }\n  solve shortest within 10\n}\n";
    let with = |row: &str| {
        let src = format!(
            "{game}scenario \"s\" {{\n  game marbles\n  board {{\n    {row}\n  }}\n  solve\n}}\n"
        );
        let (file, parse) = crate::syntax::parse(&src);
        assert!(parse.is_empty(), "{parse:?}");
        super::check(file)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|d| {
                let at: Vec<usize> = d.labels.iter().map(|(s, _)| s.start()).collect();
                (
                    d.code,
                    at.iter()
                        .map(|&i| src[i..i + 1].to_string())
                        .collect::<Vec<_>>(),
                    at,
                )
            })
            .collect::<Vec<_>>()
    };
    assert!(with("R..").is_empty());
    let ds = with("R.R");
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].0, Code::PieceDuplicate);
    assert_eq!(ds[0].1, ["R", "R"]);
    assert_eq!(ds[0].2[1] - ds[0].2[0], 2, "the two cells: {ds:?}");
}

/// One mistake in the declarations that every query meets is one
/// diagnostic (before, `solve`, `line` and `analyze` each printed it: "3
/// errors"); a second, different mistake is still reported.
#[test]
fn a_bad_rule_under_three_queries_is_reported_once() {
    let src = format!(
        "{PILE}scenario \"s\" {{\n  game pile\n  rule stones 2000\n  solve\n  line\n  analyze\n}}\n"
    );
    assert_eq!(checked(&src), [(Code::RuleValue, "2000".to_string())]);
}
