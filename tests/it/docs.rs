//! The user docs stay honest: every fenced ```game block in README.md and
//! docs/*.md is run through the library and must be valid, with every
//! `solve` checked by at least one `expect` that holds; every ```game-error
//! block must fail with exactly the codes its `# expect-error: CODE` lines
//! name (the convention `meeple test` uses for scripts that must fail).

use crate::common::root;
use meeple::interp::Event;
use meeple::pipeline::{expected_errors, run_bytes};
use meeple::syntax::ast::QueryKind;
use meeple::{Outcome, RunConfig};
use std::collections::BTreeSet;

/// A fenced example: where it is, whether it must fail, its text.
#[derive(Debug)]
struct Example {
    place: String,
    error: bool,
    text: String,
}

/// The ```game and ```game-error blocks of a Markdown text. A fence may be
/// indented (inside a list item); it closes at the next line that is only
/// ``` (indented or not).
fn examples(file: &str, markdown: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut open: Option<(usize, bool, Vec<&str>)> = None;
    for (i, line) in markdown.lines().enumerate() {
        let fence = line.trim();
        match &mut open {
            None => {
                let error = match fence {
                    "```game" => false,
                    "```game-error" => true,
                    _ => continue,
                };
                open = Some((i + 1, error, Vec::new()));
            }
            Some((start, error, body)) => {
                if fence == "```" {
                    out.push(Example {
                        place: format!("{file}:{start}"),
                        error: *error,
                        text: body.join("\n"),
                    });
                    open = None;
                } else {
                    body.push(line);
                }
            }
        }
    }
    assert!(open.is_none(), "{file}: a ```game block is never closed");
    out
}

/// Every example of README.md and docs/*.md.
fn all_examples() -> Vec<Example> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("docs entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .iter()
        .flat_map(|path| {
            let name = path
                .strip_prefix(root())
                .unwrap_or(path)
                .display()
                .to_string();
            let text = std::fs::read_to_string(path).expect("read a doc");
            examples(&name, &text)
        })
        .collect()
}

/// Why a valid example is not good enough, if it is not.
fn check_valid(ex: &Example) -> Result<(), String> {
    let run = run_bytes(&ex.place, ex.text.as_bytes(), &RunConfig::default());
    let runs = match &run.outcome {
        Outcome::Invalid(_) => return Err(crate::common::shown(&run)),
        Outcome::Ran(runs) => runs,
    };
    if runs.is_empty() {
        return Err("no scenario".into());
    }
    for sc in runs {
        if !sc.passed() {
            return Err(meeple::render::text::scenario(
                &run.source,
                sc,
                &Default::default(),
            ));
        }
        // Every solve is followed by an expectation that held, before the
        // next solve or the end of the scenario.
        let mut unchecked = false;
        for e in &sc.events {
            match e {
                Event::Answer {
                    query: QueryKind::Solve,
                    ..
                } if unchecked => break,
                Event::Answer {
                    query: QueryKind::Solve,
                    ..
                } => unchecked = true,
                Event::ExpectPassed { .. } => unchecked = false,
                _ => {}
            }
        }
        if unchecked {
            return Err(format!(
                "scenario \"{}\": a `solve` without an `expect` after it",
                sc.name
            ));
        }
    }
    Ok(())
}

/// Why a broken example does not fail as it says, if it does not.
fn check_broken(ex: &Example) -> Result<(), String> {
    let wanted: BTreeSet<String> = expected_errors(&ex.text).into_iter().collect();
    if wanted.is_empty() {
        return Err("a game-error block needs `# expect-error: CODE` lines".into());
    }
    let run = run_bytes(&ex.place, ex.text.as_bytes(), &RunConfig::default());
    let got: BTreeSet<String> = match &run.outcome {
        Outcome::Invalid(diags) => diags.iter().map(|d| d.code.as_str().into()).collect(),
        Outcome::Ran(runs) => runs
            .iter()
            .flat_map(|r| r.failures())
            .map(|d| d.code.as_str().into())
            .collect(),
    };
    if got == wanted {
        Ok(())
    } else {
        Err(format!("wanted {wanted:?}, got {got:?}"))
    }
}

#[test]
fn every_doc_example_runs_as_written() {
    let all = all_examples();
    // The extractor finds the examples (an empty run would prove nothing).
    for file in ["README.md", "docs/language.md", "docs/rules.md"] {
        let n = all.iter().filter(|e| e.place.starts_with(file)).count();
        assert!(n >= 1, "{file} has no ```game example");
    }
    assert!(all.iter().filter(|e| e.error).count() >= 3);
    assert!(all.len() >= 25, "only {} examples", all.len());

    let bad: Vec<String> = all
        .iter()
        .filter_map(|ex| {
            let verdict = if ex.error {
                check_broken(ex)
            } else {
                check_valid(ex)
            };
            verdict.err().map(|why| format!("{}:\n{why}", ex.place))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "doc examples that fail:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_checks_catch_bad_examples() {
    let valid = |text: &str| {
        check_valid(&Example {
            place: "t".into(),
            error: false,
            text: text.into(),
        })
    };
    let game = "scenario \"s\" { game footholds board [[1, 1, 1]] piece A at (0, 0) \
                piece B at (0, 2) solve";
    assert!(valid(&format!("{game} expect answer 2 }}")).is_ok());
    // A wrong expectation, a solve left unchecked, an invalid script.
    assert!(valid(&format!("{game} expect answer 3 }}")).is_err());
    assert!(valid(&format!("{game} expect answer 2 solve }}")).is_err());
    assert!(valid(&format!("{game} }}")).is_err());
    assert!(valid("scenario \"s\" { game chess }").is_err());

    let broken = |text: &str| {
        check_broken(&Example {
            place: "t".into(),
            error: true,
            text: text.into(),
        })
    };
    let chess = "scenario \"s\" { game chess }";
    assert!(broken(&format!("# expect-error: meeple::game::unknown\n{chess}")).is_ok());
    assert!(broken(&format!("# expect-error: meeple::board::ragged\n{chess}")).is_err());
    assert!(broken(chess).is_err());
    assert!(broken(&format!(
        "# expect-error: meeple::expect::failed\n{game} expect answer 3 }}"
    ))
    .is_ok());
}

#[test]
fn fences_are_found_with_their_lines() {
    let md =
        "intro\n```game\nscenario \"a\" {}\n```\n\n  ```game-error\n  x\n  ```\n```text\nno\n```\n";
    let ex = examples("f.md", md);
    assert_eq!(ex.len(), 2);
    assert_eq!((ex[0].place.as_str(), ex[0].error), ("f.md:2", false));
    assert_eq!(ex[0].text, "scenario \"a\" {}");
    assert_eq!((ex[1].place.as_str(), ex[1].error), ("f.md:6", true));
}

#[test]
fn the_readme_points_at_the_projects_own_docs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(!readme.contains("../shared"));
    for doc in [
        "docs/language.md",
        "docs/rules.md",
        "cargo install --locked --path .",
    ] {
        assert!(readme.contains(doc), "README does not mention {doc}");
    }
}

/// Every diagnostic code the docs name in backquotes (`meeple::rules::run`)
/// is one meeple emits: a code of the catalogue, or a family codes belong
/// to. A name outside every family (`meeple::pipeline`) is a Rust path.
#[test]
fn every_code_the_docs_name_is_in_the_catalogue() {
    use meeple::error::Code;
    let known: BTreeSet<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    let families: BTreeSet<&str> = known.iter().filter_map(|k| k.split("::").nth(1)).collect();
    let mut unknown = Vec::new();
    let mut files = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            for piece in line.split('`').skip(1).step_by(2) {
                let Some(code) = piece.strip_prefix("meeple::") else {
                    continue;
                };
                let family = code.split("::").next().unwrap_or_default();
                if !families.contains(family)
                    || !code
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                {
                    continue;
                }
                let family = format!("{piece}::");
                if !known.contains(piece) && !known.iter().any(|k| k.starts_with(&family)) {
                    unknown.push(format!("{}:{}: `{piece}`", path.display(), n + 1));
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "codes no diagnostic has:\n{}",
        unknown.join("\n")
    );
}
