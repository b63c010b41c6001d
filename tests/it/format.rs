//! `meeple::format::format_source` never changes what a script means: over
//! every bundled script and a corpus of odd inputs, the formatted text
//! formats to itself, has the same tokens and the same comments in the same
//! order, and gives the same answers (JSON objects, positions aside).

use crate::common::root;
use meeple::format::format_source;
use meeple::syntax::{MeepleParser, Rule};
use pest::iterators::Pair;
use pest::Parser;
use proptest::prelude::*;

/// Odd inputs: comments everywhere, CRLF, lone CRs, tabs, blank lines,
/// input blocks, tracks, arrays over several lines, a byte-order mark.
const ODD: &[(&str, &str)] = &[
    (
        "comments",
        "# a header\n\n\n# and its second paragraph\nscenario   \"comments\"{ # after the brace\n\tgame   footholds # the game\n\n\n  # on its own line\n  board {  # on the board line\n     1 1   1   # the first row\n  111\n    # inside the grid\n\n  1 0 1 }  # after the grid\n  piece # inside a statement\n   A at(  0 ,0  )\n  piece B at (0, 2)   # B\n  solve # ask\n  expect answer 4  # four\n\n\n  # before the brace\n}   # after the brace\n# between\nscenario \"second\" { game footholds board [[1, 1]] piece A at (0, 0) piece B at (0, 1) solve expect answer 1 }\n# the end\n\n\n",
    ),
    (
        "crlf",
        "# CRLF line endings\r\nscenario \"crlf\" {\r\n  game stacking\r\n  input \"\"\"\r\n4 4\r\n0 0 2 0\r\n0 0 1 0\r\n0 0 1 2\r\n0 2 0 0\r\n2 1 1\r\n3 2 3\r\n2 2 1\r\n4 1 2\r\n\"\"\"   \r\n\tsolve # x\r\n  expect answer -1\r\n}\r\n",
    ),
    (
        "lone_cr",
        "# old Mac line endings\rscenario \"cr\" {\r  game footholds\r  board {\r    1 1 1\r  }\r  piece A at (0, 0)\r  piece B at (0, 2)\r  solve\r  expect answer 2\r}\r",
    ),
    (
        "tabs",
        "scenario\t\"tabs\"\t{\n\tgame\tfootholds\n\tboard\t{\n\t\t1\t1\t1\n\t\t1\t0\t1\n\t}\n\tpiece\tA\tat\t(0,\t0)\n\tpiece\tB\tat\t(0,\t2)\n\tsolve\t\t# tab before me\n\texpect\tanswer\t1\n}\n",
    ),
    (
        "inputs",
        "scenario \"inputs\" {\n  game footholds\n  input\n\"\"\"[[1, 1, 1],\n   [1, 0, 1]]   # not a comment\n  [0, 0] [0, 2]\"\"\"  # after the block\n  solve\n  expect answer 2\n}\n\nscenario \"one line\" {\n  game footholds\n  input \"\"\"[[1, 1]] [0, 0] [0, 1]\"\"\" solve expect answer 1\n}\n\nscenario \"a quoted input\" {\n  game footholds\n  input     \"[[1, 1]] [0, 0] [0, 1]\"\n  solve\n  expect answer 1\n}\n",
    ),
    (
        "tracks",
        "# a track\ntrack   mine{route start 2 4 6   finish # the route\n  shortcut 4 b5 = 5 finish\n\n\n  # more to come\n}\ntrack other {\n  route start a=3 b=6 finish\n}\nscenario \"on mine\" {\n  game yut\n  board mine\n  rule pieces 1\n  dice   uniform 1 .. 3 x 2\n  solve\n  expect expected 7\n}\n",
    ),
    (
        "arrays",
        "scenario \"arrays\" {\n  game stacking\n  board [\n    [0, 0, 0],  # top\n    # between\n    [0, 1, 2]\n    ,[0,0,0],\n  ] # after\n  piece 1 at (0, 0) facing right\n  piece 2 at (2, 2) facing left\n  solve\n  expect answer -1\n}\nscenario \"one line\" {\n  game footholds\n  board [[1,1,1],[1,0,1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n  play A to (0, 1)\n  undo\n  line boards 3\n  step\n}\n",
    ),
    (
        "dense",
        "scenario \"dense\"{game footholds board[[1,1,1]]piece A at(0,0)piece B at(0,2)rule first A solve expect answer 2 expect winner A analyze show}",
    ),
    (
        "bom",
        "\u{FEFF}# a byte-order mark first\nscenario \"bom\" {\n  game yut\n  board yut\n  dice 5 1 2\n  solve\n  expect answer 20\n}\n",
    ),
    (
        "edges",
        "scenario \"e\" {}\nscenario \"e2\" { # only a comment\n}\ntrack t { }\ntrack u {\n  # nothing\n}\nscenario \"x\" {\n  board # before the array\n  [[1]]\n  board # before the grid\n  { 1 1 # row on the brace line\n  2 2 }\n  board {}\n  board {\n  }\n  board {  ● ○\n  ○ ● }\n  board [\n  [],\n  [1]]\n  input # before raw\n  \"\"\"x\"\"\"\n  step # s\n  3\n  step\n}\n",
    ),
    ("empty", ""),
    ("only_comments", "\n\n   # one\n\n\n\t# two   \n"),
];

/// The bundled scripts without syntax errors, with their names.
fn bundled() -> Vec<(String, String)> {
    let files = meeple::collection::game_files(&[root().join("scripts")]).unwrap();
    files
        .iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            let name = p.strip_prefix(root()).unwrap().display().to_string();
            format_source(&name, &text).ok().map(|_| (name, text))
        })
        .collect()
}

fn corpus() -> Vec<(String, String)> {
    let mut all = bundled();
    all.extend(ODD.iter().map(|(n, t)| (n.to_string(), t.to_string())));
    all
}

/// Line endings as the parser reads them (a lone `\r` is a new line).
fn lf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// A token: its rule and its text; a grid gives one token per row (its
/// cells, no blanks), strings and raw blocks are whole.
fn tokens(text: &str) -> Vec<(Rule, String)> {
    fn walk(p: Pair<'_, Rule>, out: &mut Vec<(Rule, String)>) {
        let rule = p.as_rule();
        if rule == Rule::grid_body {
            for line in p.as_str().lines() {
                let code = line.split('#').next().unwrap_or("");
                let cells: String = code.chars().filter(|c| !c.is_whitespace()).collect();
                if !cells.is_empty() {
                    out.push((rule, cells));
                }
            }
            return;
        }
        let mut inner = p.clone().into_inner().peekable();
        if matches!(rule, Rule::string | Rule::raw_block) || inner.peek().is_none() {
            out.push((rule, p.as_str().to_string()));
            return;
        }
        for q in inner {
            walk(q, out);
        }
    }
    let text = lf(text);
    let mut out = Vec::new();
    let file = MeepleParser::parse(Rule::file, &text)
        .unwrap()
        .next()
        .unwrap();
    walk(file, &mut out);
    out
}

/// Every comment's text, in order (in gaps between tokens and in grids).
fn comments(text: &str) -> Vec<String> {
    fn spans(p: Pair<'_, Rule>, out: &mut Vec<(usize, usize, bool)>) {
        let whole = matches!(
            p.as_rule(),
            Rule::string | Rule::raw_block | Rule::grid_body
        );
        let s = p.as_span();
        let mut inner = p.clone().into_inner().peekable();
        if whole || inner.peek().is_none() {
            out.push((s.start(), s.end(), p.as_rule() == Rule::grid_body));
            return;
        }
        for q in inner {
            spans(q, out);
        }
    }
    let text = lf(text);
    let file = MeepleParser::parse(Rule::file, &text)
        .unwrap()
        .next()
        .unwrap();
    let mut leaves = Vec::new();
    spans(file, &mut leaves);
    // Stretches of text where a `#` starts a comment.
    let mut open = Vec::new();
    let mut at = 0;
    for (start, end, grid) in leaves {
        open.push((at, start));
        if grid {
            open.push((start, end));
        }
        at = at.max(end);
    }
    open.push((at, text.len()));
    let mut out = Vec::new();
    for (from, to) in open {
        for line in text[from..to].split('\n') {
            if let Some(h) = line.find('#') {
                out.push(line[h..].trim_end().to_string());
            }
        }
    }
    out
}

/// What a script's run prints as JSON, without positions and timings.
fn answers(text: &str) -> Vec<serde_json::Value> {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                for k in ["line", "column", "span", "elapsed_ms"] {
                    m.remove(k);
                }
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let run = meeple::run_source("script.game", text);
    let mut all = meeple::render::json::values(&run);
    all.iter_mut().for_each(strip);
    all
}

/// Idempotent, token for token, comment for comment, answer for answer.
fn same_meaning(name: &str, text: &str) -> Result<String, String> {
    let once = format_source(name, text).map_err(|e| format!("{name}: {e}"))?;
    let twice = format_source(name, &once).map_err(|e| format!("{name} formatted: {e}"))?;
    if twice != once {
        return Err(format!("{name}: not idempotent:\n{once}\n---\n{twice}"));
    }
    if tokens(text) != tokens(&once) {
        return Err(format!("{name}: the tokens changed:\n{once}"));
    }
    if comments(text) != comments(&once) {
        return Err(format!(
            "{name}: the comments changed: {:?} → {:?}",
            comments(text),
            comments(&once)
        ));
    }
    if answers(text) != answers(&once) {
        return Err(format!("{name}: the answers changed:\n{once}"));
    }
    Ok(once)
}

#[test]
fn every_bundled_script_keeps_its_meaning() {
    let all = bundled();
    assert!(all.len() >= 30, "only {} scripts formatted", all.len());
    let bad: Vec<String> = all
        .iter()
        .filter_map(|(name, text)| same_meaning(name, text).err())
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// `meeple gen` collections of every game (edge cases and random ones) keep
/// their meaning too; what they hold is checked, so an empty file cannot pass.
#[test]
fn generated_collections_keep_their_meaning() {
    use meeple::gen::{generate, Options};
    use meeple::syntax::dialect::GameKind;
    for game in GameKind::ALL {
        let mut options = Options::new(game, &[], &[]).expect("default shape");
        options.edge = true;
        let generated = generate(&options, 12, 7, &|_, _| ()).expect("generated");
        let text = &generated.text;
        assert_eq!(text.matches("scenario ").count(), 12, "{text}");
        let name = format!("gen-{}.game", game.name());
        let formatted = same_meaning(&name, text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(answers(&formatted).len(), answers(text).len());
        assert!(answers(text).len() >= 12, "{text}");
    }
}

#[test]
fn odd_inputs_keep_their_meaning_in_the_canonical_layout() {
    for (name, text) in ODD {
        let out = same_meaning(name, text).unwrap_or_else(|e| panic!("{e}"));
        // Every comment survives (the corpus has some in every place).
        let n = text.matches('#').count() - text.matches("# not a comment").count();
        assert_eq!(comments(&out).len(), n, "{name}:\n{out}");
        if out.is_empty() {
            assert!(text.trim().is_empty(), "{name}");
            continue;
        }
        let nl = if out.contains("\r\n") { "\r\n" } else { "\n" };
        assert!(
            out.ends_with(nl) && !out.ends_with(&format!("{nl}{nl}")),
            "{name}"
        );
        assert!(
            !out.contains(&format!("{nl}{nl}{nl}")),
            "{name}: two blank lines"
        );
        assert!(
            !out.starts_with(nl) && !out.starts_with('\u{FEFF}'),
            "{name}"
        );
        // Outside input blocks: no tab, no trailing blank, indentation in
        // steps of two.
        let parts: Vec<&str> = out.split("\"\"\"").collect();
        let mut outside: Vec<&str> = Vec::new();
        for (k, part) in parts.iter().enumerate().step_by(2) {
            let lines: Vec<&str> = part.split(nl).collect();
            // The code before a block's `"""` and after its closing one.
            let from = usize::from(k > 0);
            let to = lines.len() - usize::from(k + 1 < parts.len());
            outside.extend_from_slice(lines.get(from..to.max(from)).unwrap_or_default());
        }
        for line in outside {
            assert!(
                !line.contains('\t') || line.contains('#'),
                "{name}: {line:?}"
            );
            assert_eq!(line, line.trim_end(), "{name}: trailing blanks");
            let indent = line.len() - line.trim_start().len();
            assert_eq!(indent % 2, 0, "{name}: {line:?}");
        }
    }
}

#[test]
fn formatted_odd_inputs() {
    for name in ["comments", "tabs", "inputs", "tracks", "arrays", "dense"] {
        let (_, text) = ODD.iter().find(|(n, _)| *n == name).unwrap();
        insta::assert_snapshot!(name, format_source(name, text).unwrap());
    }
}

#[test]
fn line_endings_follow_the_first_line() {
    let (_, crlf) = ODD.iter().find(|(n, _)| *n == "crlf").unwrap();
    let out = format_source("crlf", crlf).unwrap();
    // Every line ends in CRLF; the input block is as it was.
    assert_eq!(out.matches("\r\n").count(), out.matches('\n').count());
    assert!(out.contains("  input \"\"\"\r\n4 4\r\n0 0 2 0\r\n"));
    assert!(out.starts_with("# CRLF line endings\r\nscenario \"crlf\" {\r\n  game stacking\r\n"));
    let (_, cr) = ODD.iter().find(|(n, _)| *n == "lone_cr").unwrap();
    let out = format_source("cr", cr).unwrap();
    assert!(!out.contains('\r'));
    assert!(out.starts_with("# old Mac line endings\nscenario \"cr\" {\n  game footholds\n"));
}

#[test]
fn a_script_with_syntax_errors_is_not_formatted() {
    let err = format_source(
        "bad.game",
        "scenario \"s\" {\n  game footholds\n  piece A at (0 0)\n}\n",
    )
    .unwrap_err();
    assert_eq!(err.diags()[0].code.as_str(), "meeple::parse");
    let err = format_source("bad.game", "scenario \"s\" {\n  board {\n    1 1\n").unwrap_err();
    assert!(!err.is_empty());
}

/// The blanks between tokens (outside comments), as (start, end) byte
/// ranges: the places where any blank run means the same.
fn blank_runs(text: &str) -> Vec<(usize, usize)> {
    fn spans(p: Pair<'_, Rule>, out: &mut Vec<(usize, usize)>) {
        let whole = matches!(
            p.as_rule(),
            Rule::string | Rule::raw_block | Rule::board_grid
        );
        let s = p.as_span();
        let mut inner = p.clone().into_inner().peekable();
        if whole || inner.peek().is_none() {
            out.push((s.start(), s.end()));
            return;
        }
        for q in inner {
            spans(q, out);
        }
    }
    let file = MeepleParser::parse(Rule::file, text)
        .unwrap()
        .next()
        .unwrap();
    let mut leaves = Vec::new();
    spans(file, &mut leaves);
    let mut gaps = Vec::new();
    let mut at = 0;
    for (start, end) in leaves {
        gaps.push((at, start));
        at = at.max(end);
    }
    gaps.push((at, text.len()));
    let mut runs = Vec::new();
    for (from, to) in gaps {
        let mut i = from;
        let mut comment = false;
        let mut run: Option<usize> = None;
        for (k, c) in text[from..to].char_indices() {
            let k = from + k;
            match c {
                '#' => comment = true,
                '\n' => comment = false,
                _ => {}
            }
            let blank = !comment && matches!(c, ' ' | '\t' | '\n');
            match (blank, run) {
                (true, None) => run = Some(k),
                (false, Some(s)) => {
                    runs.push((s, k));
                    run = None;
                }
                _ => {}
            }
            i = k + c.len_utf8();
        }
        if let Some(s) = run {
            runs.push((s, i));
        }
    }
    runs
}

/// `text` with each blank run between tokens rewritten from `choices`:
/// spaces and tabs where it held no line break, else as many line breaks
/// as it had, or more when it already held a blank line.
fn respaced(text: &str, choices: &[u8]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for (k, (s, e)) in blank_runs(text).into_iter().enumerate() {
        out.push_str(&text[at..s]);
        let c = choices[k % choices.len()] as usize;
        let pad = [" ", "\t", "   ", " \t "][c % 4];
        let breaks = text[s..e].matches('\n').count();
        let breaks = if breaks >= 2 { breaks + c % 3 } else { breaks };
        if breaks == 0 {
            out.push_str(pad);
        } else {
            for _ in 0..breaks {
                out.push_str(&pad[..c % 2]);
                out.push('\n');
            }
            out.push_str(pad);
        }
        at = e;
    }
    out.push_str(&text[at..]);
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Blanks between tokens, other than blank lines, do not matter: a
    /// script with them changed formats to the same text.
    #[test]
    fn blanks_between_tokens_do_not_matter(
        pick in any::<prop::sample::Index>(),
        choices in prop::collection::vec(any::<u8>(), 1..64),
    ) {
        let all: Vec<(String, String)> = corpus()
            .into_iter()
            .map(|(n, t)| (n, lf(&t).trim_start_matches('\u{FEFF}').to_string()))
            .collect();
        let (name, text) = &all[pick.index(all.len())];
        let changed = respaced(text, &choices);
        let want = format_source(name, text).unwrap();
        let got = format_source(name, &changed).map_err(|e| e.to_string());
        prop_assert_eq!(got, Ok(want), "{}:\n{}", name, changed);
    }
}

#[test]
fn the_docs_example_is_formatted_as_shown() {
    let doc = std::fs::read_to_string(root().join("docs/fmt.md")).unwrap();
    let blocks: Vec<&str> = doc
        .split("```game\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    let [before, after] = blocks[..] else {
        panic!("docs/fmt.md has {} game blocks, not 2", blocks.len());
    };
    assert_ne!(before, after);
    assert_eq!(format_source("docs", before).unwrap(), after);
}
