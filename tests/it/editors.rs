//! The editor files in editors/ keep up with the language: every word of
//! the dialect table appears in the TextMate grammar and the web editor's
//! highlighting, its keywords as keywords.

use meeple::games::GameKind;
use meeple::syntax::dialect::{self, Field, RULES};
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

/// Every word the dialect table names: keywords, rules and their words,
/// fields and their words, games, directions, the words of statement forms.
fn dialect_words() -> Vec<&'static str> {
    let mut wanted: Vec<&str> = dialect::keywords().map(|w| w.name).collect();
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
        wanted.extend(d.play.iter().map(|w| w.name));
    }
    assert!(wanted.len() > 40, "{wanted:?}");
    wanted
}

#[test]
fn the_grammar_names_every_word_of_the_dialect() {
    let g = grammar();
    assert_eq!(g["scopeName"], "source.meeple");
    assert_eq!(g["fileTypes"][0], "game");
    let mut known = BTreeSet::new();
    words(&g, &mut known);
    let missing: Vec<&str> = dialect_words()
        .into_iter()
        .filter(|w| !known.contains(*w))
        .collect();
    assert!(
        missing.is_empty(),
        "words missing from editors/meeple.tmLanguage.json: {missing:?}"
    );
    // The keywords are coloured as keywords.
    let mut kw = BTreeSet::new();
    words(&g["repository"]["keywords"], &mut kw);
    let plain: Vec<&str> = dialect::keywords()
        .map(|w| w.name)
        .filter(|w| !kw.contains(*w))
        .collect();
    assert!(plain.is_empty(), "not keywords in the grammar: {plain:?}");
}

/// The quoted words of `const NAME = new Set([ … ]);` in `js`.
fn js_set(js: &str, name: &str) -> BTreeSet<String> {
    let head = format!("const {name} = new Set([");
    let start = js.find(&head).unwrap_or_else(|| panic!("no {head}")) + head.len();
    let body = &js[start..start + js[start..].find("]);").expect("the set ends")];
    body.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .flat_map(|l| l.split('\'').skip(1).step_by(2))
        .map(str::to_string)
        .collect()
}

/// The web editor (editors/web/src/lang.js) colours every keyword of the
/// table as a keyword, and every other word of it (games, the eight
/// directions, rules, fields and their values) as an atom.
#[test]
fn the_web_editor_highlights_every_word_of_the_dialect() {
    let js = std::fs::read_to_string(crate::common::root().join("editors/web/src/lang.js"))
        .expect("editors/web/src/lang.js");
    let keywords = js_set(&js, "keywords");
    let atoms = js_set(&js, "words");
    let table: BTreeSet<String> = dialect::keywords().map(|w| w.name.to_string()).collect();
    assert_eq!(keywords, table, "lang.js keywords");
    let missing: Vec<&str> = dialect_words()
        .into_iter()
        .filter(|w| !keywords.contains(*w) && !atoms.contains(*w))
        .filter(|w| !matches!(*w, "A" | "B")) // players are plain names
        .collect();
    assert!(
        missing.is_empty(),
        "words lang.js does not colour: {missing:?}"
    );
    // Its tokens take `-`, so a diagonal is one word.
    assert!(js.contains("/^[A-Za-z_][\\w-]*/"));
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

/// The rules language's words, functions and built-in names of the table.
fn rules_tables() -> [(&'static str, BTreeSet<String>); 3] {
    let set = |it: &mut dyn Iterator<Item = &'static str>| it.map(str::to_string).collect();
    [
        (
            "words",
            set(&mut dialect::RULES_WORDS.iter().map(|w| w.name)),
        ),
        (
            "functions",
            set(&mut dialect::RULES_FUNCTIONS.iter().map(|f| f.name)),
        ),
        (
            "names",
            set(&mut dialect::RULES_NAMES.iter().map(|w| w.name)),
        ),
    ]
}

/// The TextMate grammar colours a rules block's words as keywords, its
/// functions as functions and its built-in names as constants: exactly
/// the table's (`rules` opens the block, `import` has its own rule).
#[test]
fn the_grammar_colours_every_rules_word_of_the_table() {
    let g = grammar();
    let repo = &g["repository"];
    assert!(repo["rules-block"]["begin"]
        .as_str()
        .unwrap()
        .contains("(rules)"));
    let of = |key: &str| {
        let mut w = BTreeSet::new();
        words(&repo[key], &mut w);
        w.remove("");
        w.remove("w");
        w.remove("w-");
        w.remove("s"); // `\\s` of `(?=\\s*\\()`
        w
    };
    let [(_, words_t), (_, functions), (_, names)] = rules_tables();
    let mut kw = of("rules-keywords");
    kw.extend(of("import"));
    kw.insert("rules".into());
    assert_eq!(kw, words_t);
    assert_eq!(of("rules-functions"), functions);
    assert_eq!(of("rules-names"), names);
}

/// The web editor's sets of rules words are the table's.
#[test]
fn the_web_editor_colours_every_rules_word_of_the_table() {
    let js = std::fs::read_to_string(crate::common::root().join("editors/web/src/lang.js"))
        .expect("editors/web/src/lang.js");
    let [(_, words_t), (_, functions), (_, names)] = rules_tables();
    assert_eq!(js_set(&js, "rulesWords"), words_t);
    assert_eq!(js_set(&js, "rulesFunctions"), functions);
    assert_eq!(js_set(&js, "rulesNames"), names);
}
