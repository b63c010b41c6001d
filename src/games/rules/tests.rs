//! The checker on the doc's examples and on broken or hostile blocks.

use super::check::check;
use crate::error::Code;
use crate::syntax::parse;

const DOC: &str = include_str!("../../../docs/rules-language.md");

fn blocks() -> Vec<&'static str> {
    DOC.split("```")
        .skip(1)
        .step_by(2)
        // Without the fence's info string (```game).
        .map(|b| b.split_once('\n').map_or(b, |(_, body)| body))
        .filter(|b| b.contains("rules ") && b.contains("turn"))
        .collect()
}

/// The codes the checker gives for the block in `src`.
pub(crate) fn codes(src: &str) -> Vec<Code> {
    let (file, diags) = parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let mut out: Vec<Code> = Vec::new();
    for def in &file.rules {
        if let Err(ds) = check(def) {
            out.extend(ds.iter().map(|d| d.code));
        }
    }
    out
}

#[test]
fn every_rules_block_of_the_doc_checks() {
    for b in blocks() {
        let (file, diags) = parse(b);
        assert!(diags.is_empty(), "{diags:?}");
        for def in &file.rules {
            if let Err(ds) = check(def) {
                panic!(
                    "{}\n{:#?}",
                    def.name.node,
                    ds.iter().map(|d| (d.code, &d.message)).collect::<Vec<_>>()
                );
            }
        }
    }
}

const HEAD: &str =
    "rules g {\n players A B\n piece A, B { at: cell }\n layer hole: bool\n solve moves\n";

fn game(turn: &str) -> String {
    format!("{HEAD} turn {{\n{turn}\n }}\n}}\n")
}

#[test]
fn unknown_names_are_named_with_a_suggestion() {
    let (file, _) = parse(&game(
        "choose d in orthogonal\n me.at = step(me.att, d)\n hoel[me.at] = true",
    ));
    let ds = check(&file.rules[0]).unwrap_err();
    // All errors at once.
    assert_eq!(ds.len(), 2, "{ds:?}");
    assert!(ds.iter().all(|d| d.code == Code::RulesName));
    let text = format!("{ds:?}");
    assert!(
        text.contains("did you mean `at`") || text.contains("`at`"),
        "{text}"
    );
    assert!(text.contains("hole"), "{text}");
}

#[test]
fn types_places_and_contexts() {
    assert_eq!(
        codes(&game("choose d in orthogonal\n me.at = 3")),
        [Code::RulesType]
    );
    assert_eq!(
        codes(&game("choose d in orthogonal\n require d")),
        [Code::RulesType]
    );
    assert_eq!(
        codes(&game("choose d in orthogonal\n d = up")),
        [Code::RulesPlace]
    );
    assert_eq!(
        codes(&game("choose d in orthogonal\n next")),
        [Code::RulesContext]
    );
    assert_eq!(
        codes(&game("choose d in orthogonal\n hole = true")),
        [Code::RulesPlace]
    );
    // `choose` in a zero-player game, `me` there, an objective for two.
    let none = "rules z {\n players none\n var n: 0..3 = 0\n turn { choose x in 1..2\n n = x }\n solve simulate limit 5\n}";
    assert_eq!(codes(none), [Code::RulesContext]);
    let me =
        "rules z {\n players none\n piece P { at: cell }\n turn { me.at = off }\n solve moves\n}";
    let c = codes(me);
    assert!(
        c.iter().all(|&c| c == Code::RulesContext) && c.len() == 2,
        "{c:?}"
    );
    // `choose` and `require` in setup.
    let setup = format!("{HEAD} setup {{ choose x in 1..3\n require true }}\n turn {{ win }}\n}}");
    assert_eq!(codes(&setup), [Code::RulesContext, Code::RulesContext]);
}

#[test]
fn parts_once_and_required() {
    let c = codes("rules g {\n players solo\n players solo\n}");
    assert!(
        c.contains(&Code::RulesDuplicate) && c.contains(&Code::RulesMissing),
        "{c:?}"
    );
    assert_eq!(
        codes("rules footholds {\n players solo\n turn { stop }\n solve longest\n}"),
        [Code::RulesDuplicate]
    );
}

#[test]
fn bounds_must_be_constants_or_params() {
    let c = codes(&format!("{HEAD} var n: 0..moves = 0\n turn {{ win }}\n}}"));
    assert_eq!(c, [Code::RulesBound]);
    // The board's size is known at setup: a bound may read it.
    let c = codes(&format!(
        "{HEAD} var n: 0..min(rows * cols, 7) = 0\n turn {{ win }}\n}}"
    ));
    assert_eq!(c, []);
    let c = codes(&format!("{HEAD} var n: 5..1 = 5\n turn {{ win }}\n}}"));
    assert_eq!(c, [Code::RulesBound]);
    let ok = format!("{HEAD} param k: 1..9 = 3\n var n: 0..k * 2 = 0\n turn {{ win }}\n}}");
    assert_eq!(codes(&ok), []);
}

#[test]
fn hostile_domains_and_loops_are_refused() {
    // 10^18 values fit in 60 bits; a list of 10^18 of them does not.
    let big = format!("{HEAD} var n: 0..1000000000000000000 = 0\n turn {{ win }}\n}}");
    assert_eq!(codes(&big), []);
    let huge = format!("{HEAD} var xs: list of 0..1000000000000000000 max 1000000000000000000 = []\n turn {{ win }}\n}}");
    assert_eq!(codes(&huge), [Code::RulesTooBig]);
    let many = format!("{HEAD} piece 1..100000 {{ n: 0..1000 }}\n turn {{ win }}\n}}");
    assert_eq!(codes(&many), [Code::RulesTooBig]);
    let lp = game("while true max 1000000000000000000 { win }");
    assert_eq!(codes(&lp), [Code::RulesBound]);
}

/// `region(c, LAYER)` takes the layer by name (the checker once read the
/// name as a value and refused it); anything else is a type error.
#[test]
fn region_takes_a_layer_by_name() {
    let flood = "choose d in orthogonal\n require len(region(me.at, hole)) > 1";
    assert_eq!(codes(&game(flood)), []);
    let not_layer = "choose d in orthogonal\n require len(region(me.at, d)) > 1";
    assert_eq!(codes(&game(not_layer)), [Code::RulesType]);
}

/// `score` is only added to: `score = EXPR` (which a probe found working
/// as `+=`) and a `var score` (which `score +=` could never write) are
/// refused.
#[test]
fn score_is_only_added_to() {
    assert_eq!(
        codes(&game("choose d in orthogonal\n score = 2")),
        [Code::RulesPlace]
    );
    assert!(codes(&game("choose d in orthogonal\n score -= 2")).is_empty());
    let var = game("choose d in orthogonal\n score += 1").replacen(
        "turn {",
        "var score: 0..9 = 0\n  turn {",
        1,
    );
    assert_eq!(codes(&var), [Code::RulesDuplicate]);
}
