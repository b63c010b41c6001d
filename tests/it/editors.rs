//! The editor files in editors/ keep up with the language: every word of
//! the dialect table appears in the TextMate grammar.

use meeple::games::GameKind;
use meeple::syntax::dialect::{self, Field, ITEMS, RULES, STATEMENTS};
use std::collections::BTreeSet;

fn grammar() -> serde_json::Value {
    let path = crate::common::root().join("editors/meeple.tmLanguage.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).expect("the grammar is JSON")
}

/// The words named in the grammar's `match` patterns.
fn words(v: &serde_json::Value, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("match", serde_json::Value::String(p)) => out.extend(
                        p.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
                            .map(str::to_string),
                    ),
                    _ => words(v, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| words(v, out)),
        _ => {}
    }
}

#[test]
fn the_grammar_names_every_word_of_the_dialect() {
    let g = grammar();
    assert_eq!(g["scopeName"], "source.meeple");
    assert_eq!(g["fileTypes"][0], "game");
    let mut known = BTreeSet::new();
    words(&g, &mut known);
    let mut wanted: Vec<&str> = Vec::new();
    wanted.extend(STATEMENTS.iter().chain(ITEMS).map(|w| w.name));
    wanted.extend(RULES.iter().map(|r| r.name));
    wanted.extend(
        RULES
            .iter()
            .flat_map(|r| r.values)
            .filter(|v| !v.starts_with(|c: char| c.is_ascii_digit())),
    );
    wanted.extend(Field::ALL.map(Field::name));
    wanted.extend(GameKind::ALL.map(GameKind::name));
    wanted.extend(dialect::directions());
    for d in dialect::DIALECTS {
        for f in d.fields {
            if let dialect::ValueKind::Words(w) | dialect::ValueKind::WholeOr(w) = f.kind {
                wanted.extend(w);
            }
        }
        // The words of the statement forms (`play A to (r, c)`).
        wanted.extend(
            d.forms
                .iter()
                .flat_map(|f| f.split(' '))
                .filter(|w| w.chars().all(|c| c.is_ascii_lowercase()) && !w.is_empty()),
        );
    }
    let missing: Vec<&&str> = wanted.iter().filter(|w| !known.contains(**w)).collect();
    assert!(
        missing.is_empty(),
        "words missing from editors/meeple.tmLanguage.json: {missing:?}"
    );
    assert!(wanted.len() > 40, "{wanted:?}");
}

#[test]
fn the_editor_notes_cover_three_editors() {
    let notes = std::fs::read_to_string(crate::common::root().join("editors/README.md")).unwrap();
    for editor in [
        "VS Code",
        "Neovim",
        "Helix",
        "meeple lsp",
        "vim.lsp.start_client",
    ] {
        assert!(
            notes.contains(editor),
            "editors/README.md says nothing of {editor}"
        );
    }
}
