//! Enumerations as types of direction sets and of one value
//! (docs/rules-language.md, *Types and domains* and *The board*): a declared
//! `neighbourhood` listed in an enumeration stands for its set, and a
//! one-name enumeration is a type.

use meeple::error::Code;
use meeple::pipeline::{run_bytes, Outcome, RunConfig};

const SETS: &str = r#"rules sets {
  players none
  neighbourhood tri: (0, 1) (1, 0) (-1, -1)
  neighbourhood knight: (1, 2) (2, 1)
  param jumps: orthogonal | tri = tri
  param hops: king | knight = knight
  var n: 0..9 = 0, m: 0..9 = 0, k: 0..9 = 0, t: 0..9 = 0
  layer w: bool
  legend { ".": }
  turn {
    n = len(directions(jumps))
    m = len(neighbours((1, 1), jumps))
    k = len(neighbours((0, 0), hops))
    t = len(directions(tri))
    stop
  }
  solve simulate limit 2
}
"#;

fn scenario(rules: &str, body: &str) -> String {
    format!("{rules}scenario \"s\" {{\n  game sets\n{body}  board {{\n    . . .\n    . . .\n    . . .\n  }}\n  step\n  show\n}}\n")
}

fn shown(text: &str) -> String {
    let run = run_bytes("sets.game", text.as_bytes(), &RunConfig::default());
    let out = crate::common::shown(&run);
    assert!(matches!(run.outcome, Outcome::Ran(_)), "{out}");
    out
}

/// Every diagnostic of a file that does not run: code, the text under its
/// primary label, the rendered words.
fn invalid(text: &str) -> Vec<(Code, String, String)> {
    crate::common::invalid_in("sets.game", text)
}

#[test]
fn a_declared_neighbourhood_in_an_enumeration_stands_for_its_set() {
    // tri: 3 directions, 3 cells around (1, 1); knight: 2 cells from (0, 0).
    let out = shown(&scenario(SETS, ""));
    assert!(out.contains("n = 3\nm = 3\nk = 2\nt = 3"), "{out}");
    // The built-in sets of the same enumerations: 4 and 4; king: 3 cells.
    let out = shown(&scenario(
        SETS,
        "  rule jumps orthogonal\n  rule hops king\n",
    ));
    assert!(out.contains("n = 4\nm = 4\nk = 3\nt = 3"), "{out}");
}

#[test]
fn directions_of_an_enumeration_that_may_be_a_knight_is_refused_naming_it() {
    let bad = SETS.replace("len(directions(tri))", "len(directions(hops))");
    let ds = invalid(&scenario(&bad, ""));
    assert_eq!(ds.len(), 1, "{ds:?}");
    let (code, at, said) = &ds[0];
    assert_eq!((*code, at.as_str()), (Code::RulesType, "hops"));
    assert!(
        said.contains(
            "× `directions(hops)`: the neighbourhood `knight` holds (1, 2) (2, 1), which are no direction (`hops` may be `knight`)"
        ),
        "{said}"
    );
    assert!(said.contains("write `neighbours(c, hops)`"), "{said}");
}

#[test]
fn a_one_name_enumeration_is_a_type_of_one_value() {
    let one = SETS.replace(
        "param jumps: orthogonal | tri = tri",
        "param jumps: tri = tri",
    );
    let out = shown(&scenario(&one, ""));
    assert!(out.contains("n = 3\nm = 3"), "{out}");
    // Its one value is the only one `rule` takes.
    let ds = invalid(&scenario(&one, "  rule jumps orthogonal\n"));
    assert_eq!(ds[0].0, Code::RuleValue, "{ds:?}");
    assert_eq!(ds[0].1, "orthogonal");
}

#[test]
fn a_one_name_type_that_is_a_slip_is_refused_on_the_name() {
    let slip = |ty: &str| {
        invalid(&scenario(
            &SETS.replace("var n: 0..9 = 0,", &format!("var n: {ty},")),
            "",
        ))
    };
    let ds = slip("boool = false");
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::RulesType, "boool"));
    assert!(
        ds[0].2.contains("× `boool` is no type") && ds[0].2.contains("help: did you mean `bool`?"),
        "{ds:?}"
    );
    let ds = slip("list of cel max 2 = []");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::RulesType, "cel"));
    assert!(ds[0].2.contains("did you mean `cell`?"), "{ds:?}");
    let ds = slip("hops = 1");
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].0, ds[0].1.as_str()), (Code::RulesType, "hops"));
    assert!(
        ds[0].2.contains("× `hops` is a param of the game, no type")
            && ds[0]
                .2
                .contains("help: for a range up to it write `0..hops`"),
        "{ds:?}"
    );
    // A range from a param still parses as one, whatever follows the name.
    let ranges = SETS.replace(
        "var n: 0..9 = 0,",
        "param lo: 0..2 = 1\n  var r: lo..3 = 1, q: lo + 1..3 = 2, p: min(lo, 1)..lo * 2 = 1, n: 0..9 = 0,",
    );
    let out = shown(&scenario(&ranges, ""));
    assert!(out.contains("r = 1\nq = 2\np = 1"), "{out}");
}
