//! Hostile rules blocks through the public checker: a coded diagnostic,
//! never a panic or a hang (issue 29).

use meeple::error::Code;

fn codes(text: &str) -> Vec<Code> {
    match meeple::check_source("hostile.game", text) {
        Ok(_) => Vec::new(),
        Err(e) => e.diags().iter().map(|d| d.code).collect(),
    }
}

#[test]
fn hostile_rules_blocks_give_coded_errors() {
    let deep = format!(
        "rules g {{\n players solo\n turn {{ let x = {}1{} }}\n solve longest\n}}\n",
        "(".repeat(1_000_000),
        ")".repeat(1_000_000)
    );
    assert_eq!(codes(&deep), [Code::RulesNesting]);
    let blocks = format!(
        "rules g {{\n players solo\n turn {{ {}win{} }}\n solve longest\n}}\n",
        "if true { ".repeat(100),
        " }".repeat(100)
    );
    assert_eq!(codes(&blocks), [Code::RulesNesting]);
    let huge = "rules g {\n players solo\n var xs: list of 0..1000000000000000000 max 1000000000000000000 = []\n turn { win }\n solve longest\n}\n";
    assert_eq!(codes(huge), [Code::RulesTooBig]);
    let looping = "rules g {\n players solo\n turn { while true max 1000000000000000000 { win } }\n solve longest\n}\n";
    assert_eq!(codes(looping), [Code::RulesBound]);
    let unknown = "rules g {\n players solo\n turn { choose d in orthgonal\n let x = frob(d) }\n solve longest\n}\n";
    assert_eq!(codes(unknown), [Code::RulesName, Code::RulesName]);
}

/// A rules block whose parse fails is still a known game: the scenarios
/// naming it get no `meeple::game::unknown` (before: one per scenario when
/// a line break or a comment stood between `rules` and the name, as in a
/// block with a `# c` comment after every word).
#[test]
fn a_rules_block_that_does_not_parse_is_still_known_by_name() {
    let block = "rules # c\n marbles # c\n { # c\n  players solo\n  var x: 0..3 = 0\n  turn {\n    x += 1\n    win # c\n if x == 3 # c\n  }\n  solve longest\n}\n";
    let scenarios = "scenario \"a\" {\n  game marbles\n  solve\n}\nscenario \"b\" {\n  game marbles\n  solve\n}\n";
    let text = format!("{block}{scenarios}");
    assert_eq!(codes(&text), [Code::Parse]);
    let Err(e) = meeple::check_source("hostile.game", &text) else {
        panic!("the block does not parse");
    };
    let message = &e.diags()[0].message;
    assert_eq!(message, "`win` takes its `if COND` only on the same line");
}

/// An expression past the operator cap is the block's one error: the `0`
/// read in its place is not type-checked (before: "expected bool, found an
/// integer" on it, before the real error), and the scenario naming the
/// block gets no unknown game.
#[test]
fn an_expression_past_the_operator_cap_is_its_only_error() {
    let ands = "true and ".repeat(600);
    let text = format!(
        "rules g {{\n  players solo\n  board none\n  var x: 0..10 = 0\n  turn {{\n    choose d in 1..2\n    x += if {ands}true then 1 else 2\n    win if x >= 5\n  }}\n  solve shortest within 10\n}}\nscenario \"s\" {{\n  game g\n  solve\n}}\n"
    );
    assert_eq!(codes(&text), [Code::RulesNesting]);
    // Under the cap, the same block is read and checked.
    let short = text.replace(&ands, &"true and ".repeat(10));
    assert_eq!(codes(&short), []);
}

/// A rules block may not be named as a keyword or a built-in name of the
/// rules language, as a var may not (before: `rules true { … }` was taken).
#[test]
fn a_rules_block_named_as_a_keyword_is_refused() {
    let block = |name: &str| {
        format!("rules {name} {{\n  players solo\n  board none\n  var x: 0..10 = 0\n  turn {{\n    choose d in 1..2\n    x += d\n    win if x >= 5\n  }}\n  solve shortest within 10\n}}\nscenario \"s\" {{\n  game {name}\n  solve\n}}\n")
    };
    for (name, why) in [
        ("true", "a keyword of the rules language"),
        ("while", "a keyword of the rules language"),
        ("off", "a built-in name"),
        ("orthogonal", "a built-in name"),
    ] {
        let Err(e) = meeple::check_source("named.game", &block(name)) else {
            panic!("`rules {name}` was taken");
        };
        let d = &e.diags()[0];
        assert_eq!(e.diags().len(), 1, "{name}");
        assert_eq!(d.code, Code::RulesDuplicate, "{name}");
        assert_eq!(d.message, format!("`{name}` is {why}"));
    }
    // A function's name stays free, as for a var.
    assert_eq!(codes(&block("count")), []);
    assert_eq!(codes(&block("truth")), []);
}

/// A number of a judge format whose name is a slip of a param's or var's
/// (`limt` for `limit`) sets neither: a warning with the did-you-mean, the
/// file still valid (before: silently a new name, the param left at its
/// default). A name far from every declared one, or a short one, is a new
/// name of the format as before.
#[test]
fn a_judge_number_named_close_to_a_param_is_a_warning() {
    let game = |item: &str| {
        format!("rules count {{\n  players solo\n  board none\n  param limit: 1..9 = 5\n  var total: 0..20 = 0\n  turn {{\n    choose d in 1..2\n    total += d\n    win if total >= limit\n  }}\n  input {{\n    {item}\n  }}\n  solve shortest within 10\n}}\nscenario \"s\" {{\n  game count\n  solve\n}}\n")
    };
    let warnings = |item: &str| -> Vec<(Code, String, Option<String>)> {
        let checked = meeple::check_source("slip.game", &game(item)).expect("valid");
        checked
            .warnings
            .iter()
            .map(|w| {
                assert!(w.is_warning());
                let fix = w.suggestion().map(|(_, s)| s.to_string());
                (w.code, w.message.clone(), fix)
            })
            .collect()
    };
    assert_eq!(
        warnings("limt: 1..9"),
        [(
            Code::RulesInputName,
            "`limt` is a new name of the format, not the param `limit`".to_string(),
            Some("limit".to_string())
        )]
    );
    assert_eq!(
        warnings("k, totl: 1..9")
            .iter()
            .map(|w| &w.1)
            .collect::<Vec<_>>(),
        ["`totl` is a new name of the format, not the var `total`"]
    );
    for fine in ["limit: 1..9", "k: 1..9", "n, m: 1..9", "total: 0..20"] {
        assert_eq!(warnings(fine), [], "{fine}");
    }
}
