//! Rules blocks a hostile tester found answered silently wrong or explained
//! unclearly: each now a coded diagnostic on the exact place.

use meeple::error::{Code, Diag};

/// The diagnostics `meeple check` gives a script (none: valid).
fn diags(text: &str) -> Vec<Diag> {
    match meeple::check_source("quiet.game", text) {
        Ok(_) => Vec::new(),
        Err(e) => e.diags().into_iter().cloned().collect(),
    }
}

/// The text under a diagnostic's primary label.
fn labelled<'t>(text: &'t str, d: &Diag) -> &'t str {
    let at = d.span().expect("a label");
    &text[at.start()..at.end()]
}

/// What `meeple run` prints for a script (diagnostics with their labels
/// and help).
fn shown(text: &str) -> String {
    crate::common::shown(&meeple::run_source("quiet.game", text))
}

/// A one-player game with two params, `q` bounded by `p`, and a scenario
/// holding `rules`.
fn chain(rules: &str) -> String {
    format!(
        "rules g {{\n  players solo\n  board none\n  param p: 0..100 = 10\n  param q: 0..p = 10\n  var x: 0..10 = 0\n  turn {{\n    choose d in 1..1\n    x = q\n    win\n  }}\n  solve max score\n}}\nscenario \"s\" {{\n  game g\n{rules}  show\n}}\n"
    )
}

#[test]
fn a_param_bounded_by_another_is_checked_with_its_value() {
    // The defaults fit (q = 10 within 0..10), and so do values within.
    assert!(diags(&chain("")).is_empty());
    assert!(diags(&chain("  rule p 3\n  rule q 2\n")).is_empty());
    // `rule p 3` leaves q's default 10 outside 0..3: refused on `rule p 3`.
    let text = chain("  rule p 3\n");
    let d = diags(&text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::RuleValue);
    assert!(
        d[0].message.contains("default 10 is outside 0..3"),
        "{}",
        d[0].message
    );
    assert!(d[0].message.contains("`p` = 3"), "{}", d[0].message);
    assert_eq!(labelled(&text, &d[0]), "p 3");
    // `rule q 5` with p = 3: refused on the 5.
    let text = chain("  rule p 3\n  rule q 5\n");
    let d = diags(&text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::RuleValue);
    assert!(
        d[0].message.contains("`rule q` is 5, outside 0..3"),
        "{}",
        d[0].message
    );
    assert_eq!(labelled(&text, &d[0]), "5");
}

#[test]
fn an_empty_range_of_a_param_names_the_param() {
    let text = "rules g {\n  players solo\n  board none\n  param p: 0..100 = 10\n  var x: p..3 = 3\n  turn {\n    choose d in 1..2\n    x += d\n  }\n  solve shortest within 10\n}\n";
    let d = diags(text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::RulesBound);
    assert!(
        d[0].message.contains("`p..3` is empty when `p` is 100"),
        "{}",
        d[0].message
    );
    assert!(shown(text).contains("`p` is 0..100"), "{}", shown(text));
    assert_eq!(labelled(text, &d[0]), "p..3");
}

/// A grid game whose turn reads `directions` of a neighbourhood.
fn hood(offsets: &str, turn: &str) -> String {
    format!(
        "rules g {{\n players solo\n layer w: bool\n legend {{\n \".\":\n }}\n neighbourhood k: {offsets}\n var x: 0..10 = 0\n turn {{\n{turn}\n }}\n solve shortest within 10\n}}\nscenario \"s\" {{\n game g\n board {{\n ..\n ..\n }}\n solve\n}}\n"
    )
}

#[test]
fn directions_of_a_neighbourhood_that_is_no_set_of_directions_is_refused() {
    // A knight's offsets are no directions: the list could not hold them.
    let text = hood("(1, 2)", "choose e in directions(k)\nwin");
    let d = diags(&text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::RulesType);
    assert!(
        d[0].message.contains("holds (1, 2), which is no direction"),
        "{}",
        d[0].message
    );
    assert_eq!(labelled(&text, &d[0]), "k");
    assert!(
        shown(&text).contains("neighbours(c, k)"),
        "{}",
        shown(&text)
    );
    let text = hood(
        "(1, 2)",
        "x = len(directions(k))\nchoose e in 1..1\nwin if x == 0\nlose",
    );
    assert_eq!(diags(&text).len(), 1);
    // One-step offsets are directions: `directions(k)` lists them in order.
    let text = hood(
        "(0, 1) (1, 0)",
        "x = len(directions(k))\nchoose e in directions(k)\nwin if x == 2 and e == down\nlose",
    );
    assert!(diags(&text).is_empty(), "{:?}", diags(&text));
    assert!(shown(&text).contains("answer 1"), "{}", shown(&text));
}

/// A one-player game with `decl` among its parts and `turn` as its turn.
fn game(decl: &str, turn: &str, scenario: &str) -> String {
    format!(
        "rules g {{\n  players solo\n  board none\n  var x: 0..10 = 0\n{decl}\n  turn {{\n    choose d in 1..2\n{turn}\n    x += d\n    win if x >= 5\n  }}\n  solve shortest within 10\n}}\nscenario \"s\" {{\n  game g\n{scenario}\n  solve\n}}\n"
    )
}

#[test]
fn locals_and_declarations_may_not_take_built_in_names_or_keywords() {
    for (turn, name) in [
        ("    let off = 3", "off"),
        ("    let moves = 5", "moves"),
        ("    let nobody = 1", "nobody"),
        ("    let true = 0", "true"),
        ("    let rows = 5", "rows"),
        ("    for up in 1..2 { x += 0 }", "up"),
    ] {
        let text = game("", turn, "");
        let d = diags(&text);
        assert_eq!(d.len(), 1, "{turn}: {d:?}");
        assert_eq!(d[0].code, Code::RulesDuplicate, "{turn}");
        assert_eq!(labelled(&text, &d[0]), name, "{turn}");
    }
    for (decl, name) in [
        ("  var if: 0..10 = 0", "if"),
        ("  var win: 0..10 = 0", "win"),
        ("  param let: 0..1 = 0", "let"),
        ("  var here: 0..1 = 0", "here"),
        ("  piece P { off: 0..1 }", "off"),
    ] {
        let text = game(decl, "", "");
        let d = diags(&text);
        assert_eq!(d.len(), 1, "{decl}: {d:?}");
        assert_eq!(d[0].code, Code::RulesDuplicate, "{decl}");
        assert_eq!(labelled(&text, &d[0]), name, "{decl}");
    }
    // A local hiding the game's var is refused with the way to assign it.
    let text = game("", "    let x = 5", "");
    let d = diags(&text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].message, "`x` is a var of the game");
    assert!(
        shown(&text).contains("assign it: `x = …`"),
        "{}",
        shown(&text)
    );
    // A function's name stays free for a variable (called with `(`).
    assert!(diags(&game("  var len: 0..10 = 0", "", "")).is_empty());
}

#[test]
fn negative_counts_and_empty_choices_are_refused() {
    // Constant: before anything runs.
    let text = game("", "    repeat -5 { x += 0 }", "");
    let d = diags(&text);
    assert_eq!((d.len(), d[0].code), (1, Code::RulesBound), "{d:?}");
    assert_eq!(labelled(&text, &d[0]), "-5");
    let text = game("", "    choose e in 10..0", "");
    let d = diags(&text);
    assert_eq!((d.len(), d[0].code), (1, Code::RulesBound), "{d:?}");
    assert_eq!(labelled(&text, &d[0]), "10..0");
    // From a param's value: `repeat p` fails at run time, naming the count.
    let text = game(
        "  param p: -5..5 = 1",
        "    repeat p { x += 0 }",
        "  rule p -3",
    );
    assert!(diags(&text).is_empty(), "{:?}", diags(&text));
    let out = shown(&text);
    assert!(
        out.contains("`repeat -3`: a loop count is never negative"),
        "{out}"
    );
    // A list's most items and `shortest within` from a param: on the `rule`.
    let text = game(
        "  param p: -5..100 = 10\n  var y: list of bool max p = []",
        "",
        "  rule p -3",
    );
    let d = diags(&text);
    assert_eq!((d.len(), d[0].code), (1, Code::RuleValue), "{d:?}");
    assert_eq!(labelled(&text, &d[0]), "p -3");
    let text = "rules g {\n  players solo\n  board none\n  param p: -5..5 = 1\n  turn {\n    choose d in 1..1\n    win\n  }\n  solve shortest within p\n}\nscenario \"s\" {\n  game g\n  rule p -3\n  solve\n}\n";
    let d = diags(text);
    assert_eq!((d.len(), d[0].code), (1, Code::RuleValue), "{d:?}");
    assert!(
        d[0].message.contains("`shortest within`'s bound is -3"),
        "{}",
        d[0].message
    );
    // `board { }`: no cells, as the built-in games say.
    let text = "rules g {\n  players solo\n  layer w: bool\n  legend {\n    \".\":\n  }\n  turn {\n    choose c in cells\n    win\n  }\n  solve shortest within 10\n}\nscenario \"s\" {\n  game g\n  board {\n  }\n  solve\n}\n";
    let d = diags(text);
    assert_eq!((d.len(), d[0].code), (1, Code::BoardEmpty), "{d:?}");
}
