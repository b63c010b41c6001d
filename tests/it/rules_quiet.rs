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
    assert!(d[0].message.contains("default 10 is outside 0..3"), "{}", d[0].message);
    assert!(d[0].message.contains("`p` = 3"), "{}", d[0].message);
    assert_eq!(labelled(&text, &d[0]), "p 3");
    // `rule q 5` with p = 3: refused on the 5.
    let text = chain("  rule p 3\n  rule q 5\n");
    let d = diags(&text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code, Code::RuleValue);
    assert!(d[0].message.contains("`rule q` is 5, outside 0..3"), "{}", d[0].message);
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
    assert!(d[0].message.contains("holds (1, 2), which is no direction"), "{}", d[0].message);
    assert_eq!(labelled(&text, &d[0]), "k");
    assert!(shown(&text).contains("neighbours(c, k)"), "{}", shown(&text));
    let text = hood("(1, 2)", "x = len(directions(k))\nchoose e in 1..1\nwin if x == 0\nlose");
    assert_eq!(diags(&text).len(), 1);
    // One-step offsets are directions: `directions(k)` lists them in order.
    let text = hood("(0, 1) (1, 0)", "x = len(directions(k))\nchoose e in directions(k)\nwin if x == 2 and e == down\nlose");
    assert!(diags(&text).is_empty(), "{:?}", diags(&text));
    assert!(shown(&text).contains("answer 1"), "{}", shown(&text));
}
