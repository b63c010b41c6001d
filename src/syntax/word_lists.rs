//! The word lists that must be written out by hand (the grammar's keyword
//! rules and `grid_word`, the AST builder's keyword filter) agree with the
//! dialect table (`dialect.rs`), the one list of the language's words.

use super::build::is_keyword;
use super::dialect::{self, keywords, line_starts, PARTS, STATEMENTS};
use super::Rule;
use std::collections::BTreeSet;

const GRAMMAR: &str = include_str!("../../grammar/meeple.pest");

/// The quoted words of the grammar rule `name` (its definition runs to the
/// next line that starts a rule).
fn rule_words(name: &str) -> BTreeSet<&'static str> {
    let start = GRAMMAR
        .lines()
        .position(|l| l.starts_with(name) && l[name.len()..].trim_start().starts_with('='))
        .unwrap_or_else(|| panic!("no rule {name} in grammar/meeple.pest"));
    let mut body: Vec<&'static str> = vec![GRAMMAR.lines().nth(start).unwrap()];
    body.extend(
        GRAMMAR
            .lines()
            .skip(start + 1)
            .take_while(|l| l.starts_with(' ') || l.starts_with('}')),
    );
    body.iter()
        .flat_map(|l| l.split('"').skip(1).step_by(2))
        .collect()
}

fn names<'a>(words: impl IntoIterator<Item = &'a dialect::Word>) -> BTreeSet<&'static str> {
    words.into_iter().map(|w| w.name).collect()
}

/// The grammar's `kw_WORD` rules name exactly the table's keywords, each
/// matching its word.
#[test]
fn the_grammars_keywords_are_the_tables() {
    let mut rules = BTreeSet::new();
    for rule in Rule::all_rules() {
        let name = format!("{rule:?}");
        if let Some(word) = name.strip_prefix("kw_") {
            assert_eq!(rule_words(&name), BTreeSet::from([word]), "{name}");
            rules.insert(word.to_string());
        }
    }
    let table: BTreeSet<String> = keywords().map(|w| w.name.to_string()).collect();
    assert_eq!(rules, table);
}

/// A board grid without its `}` ends at a line that starts a scenario, a
/// track or a statement: the grammar's `grid_word`.
#[test]
fn grid_words_are_the_words_that_start_a_line() {
    let mut starts = names(line_starts());
    for w in dialect::TRACK_LINES {
        starts.remove(w.name); // track lines never follow a board
    }
    assert_eq!(rule_words("grid_word"), starts);
    assert!(dialect::starts_line("route") && dialect::starts_line("solve"));
    assert!(!dialect::starts_line("at") && !dialect::starts_line("A"));
}

/// The grammar's directions are the table's: `direction` the four of
/// `facing`, `heading` all eight.
#[test]
fn the_grammars_directions_are_the_tables() {
    assert_eq!(rule_words("direction"), dialect::facings().collect());
    assert_eq!(rule_words("heading"), dialect::directions().collect());
}

/// The builder drops the keyword tokens of statements (every statement
/// keyword and word inside one, but `boards`, which `line` reads), and no
/// other rule.
#[test]
fn the_builders_keywords_are_the_tables() {
    let mut wanted = names(STATEMENTS.iter().chain(PARTS));
    wanted.remove("boards");
    let dropped: BTreeSet<String> = Rule::all_rules()
        .iter()
        .filter(|r| is_keyword(**r))
        .map(|r| format!("{r:?}").trim_start_matches("kw_").to_string())
        .collect();
    let wanted: BTreeSet<String> = wanted.into_iter().map(str::to_string).collect();
    assert_eq!(dropped, wanted);
}

/// The grammar's `rw_WORD` rules are exactly the rules language's words of
/// the table (`RULES_WORDS`), each matching its word.
#[test]
fn the_rules_words_are_the_tables() {
    let mut rules = BTreeSet::new();
    for rule in Rule::all_rules() {
        let name = format!("{rule:?}");
        if let Some(word) = name.strip_prefix("rw_") {
            assert_eq!(rule_words(&name), BTreeSet::from([word]), "{name}");
            rules.insert(word.to_string());
        }
    }
    let table: BTreeSet<String> = dialect::RULES_WORDS
        .iter()
        .map(|w| w.name.to_string())
        .collect();
    assert_eq!(rules, table);
}
