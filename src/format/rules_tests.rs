//! `meeple fmt` on rules blocks: every block of scripts/ and docs/*.md and
//! a corpus of awkward ones formats to itself when formatted again, and
//! reads back to the same tree (spans aside).

use super::format_source;
use crate::syntax;

/// `text` with every `Span { start: N, end: M }` of a tree's debug text
/// taken out.
fn without_spans(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find('}').map_or(tail.len(), |e| e + 1);
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// The rules blocks and scenarios of `text`, spans aside.
fn tree(text: &str) -> String {
    let (file, diags) = syntax::parse(text);
    assert!(diags.is_empty(), "{diags:?}\n{text}");
    // A block's text as written is not its meaning.
    let rules: Vec<_> = file
        .rules
        .into_iter()
        .map(|r| syntax::rules::RulesDef {
            text: String::new(),
            ..r
        })
        .collect();
    without_spans(&format!("{:?}\n{:?}", rules, file.scenarios))
}

/// Formats `text`; checks it is formatted once and for all and means the
/// same; returns the formatted text.
fn check(name: &str, text: &str) -> String {
    let once = format_source(name, text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let twice = format_source(name, &once).unwrap();
    assert_eq!(twice, once, "{name}: not idempotent");
    assert_eq!(tree(&once), tree(text), "{name}: meaning changed:\n{once}");
    once
}

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_rules_block_of_the_scripts_and_docs_formats_to_itself_and_keeps_its_meaning() {
    let mut blocks = 0;
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let mut dirs = vec![root().join("scripts")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "game") {
                files.push(p);
            }
        }
    }
    for p in files {
        let Ok(text) = std::fs::read_to_string(&p) else {
            continue;
        };
        if text.contains("\nrules ") || text.starts_with("rules ") {
            let out = check(&p.display().to_string(), &text);
            // The bundled scripts are formatted already.
            assert_eq!(out, text, "{}", p.display());
            blocks += 1;
        }
    }
    for e in std::fs::read_dir(root().join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "md") {
            continue;
        }
        let doc = std::fs::read_to_string(&p).unwrap();
        for (i, fence) in doc.split("```").enumerate() {
            // A fence's body, after its info string.
            let Some((_, body)) = fence.split_once('\n') else {
                continue;
            };
            let rules = body.starts_with("rules ") || body.contains("\nrules ");
            if i % 2 == 1 && rules && syntax::parse(body).1.is_empty() {
                check(&format!("{}#{i}", p.display()), body);
                blocks += 1;
            }
        }
    }
    assert!(blocks >= 6, "only {blocks} rules blocks found");
}

/// Awkward rules blocks, each with what it must format to.
const CORPUS: &[(&str, &str)] = &[
    // `;`-separated statements, parts on one line, odd spacing.
    (
        "rules t{players solo;var n:0..9=0 ; turn{n+=1;win if n==3;;stop}solve moves}",
        "rules t {\n  players solo\n  var n: 0..9 = 0\n  turn {\n    n += 1\n    win if n == 3\n    stop\n  }\n  solve moves\n}\n",
    ),
    // Comments everywhere: before parts, trailing, inside an expression,
    // after a block's `{` and `}`, before the closing `}`, in a legend.
    (
        "# head\nrules t { # after brace\n  # own line\n  players A B # trailing\n  layer w: bool\n  legend {\n    # the walls\n    \"x\": w[here] = true # wall\n  }\n  turn { # turn\n    let a = 1 + # inside\n      2\n    if a > 2 {\n      win # won\n    } # closed\n    # before end\n  }\n  # last\n}\n",
        "# head\nrules t {  # after brace\n  # own line\n  players A B  # trailing\n  layer w: bool\n  legend {\n    # the walls\n    \"x\": w[here] = true  # wall\n  }\n  turn {  # turn\n    # inside\n    let a = 1 + 2\n    if a > 2 {\n      win  # won\n    }  # closed\n    # before end\n  }\n  # last\n}\n",
    ),
    // Parentheses only where the reading needs them.
    (
        "rules t { players solo var a: 0..9 = 0, b: bool = false turn { a = ((a + 1) * (2 - a)) - (a - (1 - a)) % 3\n b = not (a == 1 or b) and (not b)\n b = (not b) == b\n a = -(a + 1) + - -a\n b = (any x in 0..3: x == a) and b\n let s = (sum x in [1, 2]: x * a) + 1\n a = (if b then 1 else 2) * 3 + (if b then 1 else 2)\n b = not (all x in 0..2: x > 0)\n b = not all x in 0..2: x > 0\n stop } solve moves }",
        "rules t {\n  players solo\n  var a: 0..9 = 0, b: bool = false\n  turn {\n    a = (a + 1) * (2 - a) - (a - (1 - a)) % 3\n    b = not (a == 1 or b) and not b\n    b = (not b) == b\n    a = -(a + 1) + - -a\n    b = (any x in 0..3: x == a) and b\n    let s = (sum x in [1, 2]: x * a) + 1\n    a = (if b then 1 else 2) * 3 + if b then 1 else 2\n    b = not all x in 0..2: x > 0\n    b = not all x in 0..2: x > 0\n    stop\n  }\n  solve moves\n}\n",
    ),
    // Nested blocks, else-if chains, one-statement blocks joined, empty
    // blocks, a long line not joined.
    (
        "rules t { players solo var n: 0..99 = 0 setup { } turn { for i in 0..3 where i != 1 { repeat 2 { n += 1 } } if n > 50 { win } else if n > 40 { lose } else { while n < 10 max 10 { n += 1; n -= 0 } } simultaneously { n = n } if n == 0 { n = n + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 } stop } solve longest }",
        "rules t {\n  players solo\n  var n: 0..99 = 0\n  setup {}\n  turn {\n    for i in 0..3 where i != 1 {\n      repeat 2 { n += 1 }\n    }\n    if n > 50 {\n      win\n    } else if n > 40 {\n      lose\n    } else {\n      while n < 10 max 10 {\n        n += 1\n        n -= 0\n      }\n    }\n    simultaneously { n = n }\n    if n == 0 {\n      n = n + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1\n    }\n    stop\n  }\n  solve longest\n}\n",
    ),
    // Legend entries: several keys, `number n`, empty bodies, several
    // statements and a block; `say` strings with braces; pieces, lists.
    (
        "rules t {\nplayers A B\nlayer h: 0..9, q: list of piece max 4\npiece placed 1..4 {at:cell facing:dir}\npiece K {}\nlegend { \"a\"   \"b\" : h[here]=1;h[here]+=1 \"c\": number n: h[here] = n; if n > 3 { h[here] = 3 } }\nneighbourhood knight: (1,2) (-1, 2)\nboard grid\nwhen stuck: draw\nturn { choose d in orthogonal where d != up say \"{me} goes {d} {{not}}\"\npush_front q[(0, 0)], K\npop q[(0,0)]\nswap h[(0, 0)], h[(0, 1)]\nroll r in 1..6\nrequire r > 1\nscore += [x * 2 for x in q[(0, 0)] where x != K][0]\nlet l = q[(0, 0)][1..][..2][..]\nnext\nbreak }\nsolve max score }",
        "rules t {\n  players A B\n  layer h: 0..9, q: list of piece max 4\n  piece placed 1..4 { at: cell, facing: dir }\n  piece K {}\n  legend {\n    \"a\" \"b\": h[here] = 1; h[here] += 1\n    \"c\":\n    number n: h[here] = n; if n > 3 { h[here] = 3 }\n  }\n  neighbourhood knight: (1, 2) (-1, 2)\n  board grid\n  when stuck: draw\n  turn {\n    choose d in orthogonal where d != up say \"{me} goes {d} {{not}}\"\n    push_front q[(0, 0)], K\n    pop q[(0, 0)]\n    swap h[(0, 0)], h[(0, 1)]\n    roll r in 1..6\n    require r > 1\n    score += [x * 2 for x in q[(0, 0)] where x != K][0]\n    let l = q[(0, 0)][1..][..2][..]\n    next\n    break\n  }\n  solve max score\n}\n",
    ),
    // A bare `win` and an `if` on the next line stay two statements.
    (
        "rules t { players solo turn { win\n if true { stop } } solve outcome }\n\n\n\nscenario \"s\" { game t solve }",
        "rules t {\n  players solo\n  turn {\n    win\n    if true { stop }\n  }\n  solve outcome\n}\n\nscenario \"s\" {\n  game t\n  solve\n}\n",
    ),
];

#[test]
fn awkward_rules_blocks_format_to_one_layout_that_keeps_their_meaning() {
    for (i, (text, want)) in CORPUS.iter().enumerate() {
        let got = check(&format!("corpus {i}"), text);
        assert_eq!(got, *want, "corpus {i}");
    }
}
