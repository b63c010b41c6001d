//! The library's layers import in one direction: a top-level module of
//! `src/` may `use crate::` only modules below it in [`LAYERS`]. Read from
//! the sources, so a new upward import fails here (docs/architecture.md).

use std::collections::BTreeSet;
use std::path::Path;

/// Bottom to top.
const LAYERS: &[&str] = &[
    "budget",
    "limits",
    "source",
    "error",
    "syntax",
    "format",
    "games",
    "interp",
    "check",
    "render",
    "pipeline",
    "collection",
    "html",
    "export",
    "shrink",
    "gen",
    "workspace",
    "ide",
];

/// `crate::NAME` paths in one file (comments left out), `use crate::{a, b}`
/// included.
fn imports(text: &str) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for part in group.split(',') {
                let name = part.trim().split("::").next().unwrap_or("").trim();
                if !name.is_empty() {
                    out.insert(name.to_string());
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn top_level_modules_import_only_layers_below_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut upward = Vec::new();
    let mut seen = BTreeSet::new();
    for path in all {
        let rel = path.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if matches!(top.as_str(), "lib" | "main" | "cli") {
            continue;
        }
        let at = LAYERS
            .iter()
            .position(|l| *l == top)
            .unwrap_or_else(|| panic!("src/{top} is in no layer: add it to LAYERS"));
        for name in imports(&std::fs::read_to_string(&path).unwrap()) {
            let Some(to) = LAYERS.iter().position(|l| *l == name) else {
                continue; // a re-export at the crate root, e.g. crate::run_source
            };
            seen.insert((top.clone(), name.clone()));
            if to > at {
                upward.push(format!("{} imports crate::{name}", rel.display()));
            }
        }
    }
    assert!(upward.is_empty(), "imports against the layers: {upward:#?}");
    // docs/architecture.md lists the edges as they are.
    let doc = std::fs::read_to_string(src.join("../docs/architecture.md")).unwrap();
    let listed = documented_edges(&doc);
    let mut actual: Vec<String> = Vec::new();
    for top in LAYERS {
        let below: Vec<&str> = seen
            .iter()
            .filter(|(from, to)| from == top && to != top)
            .map(|(_, to)| to.as_str())
            .collect();
        if !below.is_empty() {
            actual.push(format!("{top:<10} -> {}", below.join(" ")));
        }
    }
    assert_eq!(
        listed,
        actual,
        "docs/architecture.md's edge list is out of date; it should read:\n{}",
        actual.join("\n")
    );
    // The test reads real imports (it would pass on nothing otherwise).
    assert!(
        seen.contains(&("workspace".into(), "interp".into())),
        "{seen:?}"
    );
    assert!(seen.len() > 20, "{seen:?}");
}

/// The `a -> b c` lines of the edge list in docs/architecture.md (the code
/// block after "The edges today").
fn documented_edges(doc: &str) -> Vec<String> {
    let start = doc
        .find("The edges today")
        .expect("the edge list's heading");
    let block = &doc[start..];
    let open = block.find("```\n").expect("the edge list's block") + 4;
    let close = block[open..].find("```").expect("the block's end") + open;
    block[open..close]
        .lines()
        .filter(|l| l.contains("->"))
        .map(str::to_string)
        .collect()
}
