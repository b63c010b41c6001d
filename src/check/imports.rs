//! `import "path.game"` (docs/rules-language.md, *Where a rules block
//! lives*): the imported files' `rules` and `track` definitions, found
//! through a [`Loader`] the caller gives. This module reads no file
//! itself: the pipeline gives one that reads the disk relative to the
//! importing file, the playground one confined to its folder.
//!
//! Each imported file is parsed with its spans placed past any script
//! ([`IMPORT_BASE`] and on), checked on its own (its scenarios dropped),
//! and its errors rendered against its own text into one
//! `meeple::import::broken` on the `import` line of the script that led
//! to it.

use crate::error::{render, Code, Diag, Diags};
use crate::limits::{Limits, IMPORT_BYTES, IMPORT_DEPTH};
use crate::source::{SourceFile, Span};
use crate::syntax::ast::{File, TrackDef};
use crate::syntax::rules::RulesDef;
use std::collections::HashSet;

pub use crate::error::imported::{localize, ImportedText, IMPORT_BASE};

/// Reads the files a script imports.
pub trait Loader: Send + Sync + std::fmt::Debug {
    /// The file `import "path"` names in the file `from` (a key this
    /// loader gave, or the script's own): its key (the same file always
    /// gets the same key: cycles are found by it) and its text, or why it
    /// cannot be read.
    fn load(&self, from: &str, path: &str) -> Result<(String, String), String>;
}

/// A loader for a script that has no file (text given to the library):
/// every import is refused.
#[derive(Debug)]
pub struct NoFiles;

impl Loader for NoFiles {
    fn load(&self, _from: &str, path: &str) -> Result<(String, String), String> {
        Err(format!(
            "`{path}` cannot be imported: this script has no folder to import from"
        ))
    }
}

/// The definitions every import of a script brings, in the order found.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    /// The `rules` blocks.
    pub rules: Vec<RulesDef>,
    /// The `track` definitions.
    pub tracks: Vec<TrackDef>,
    /// The text of each file read, where its spans start.
    pub files: Vec<ImportedText>,
}

struct Walk<'a> {
    /// The script's folder, as a prefix of keys (`/home/me/games/`).
    folder: String,
    loader: &'a dyn Loader,
    limits: &'a Limits,
    out: Imported,
    /// Where each definition came from (its file's key), by name.
    rules_from: Vec<String>,
    tracks_from: Vec<String>,
    diags: Diags,
    /// Files read already (a file imported twice is read once).
    seen: HashSet<String>,
    /// Bytes of imported text read so far.
    bytes: usize,
    /// Where the next file's spans start.
    next_base: usize,
}

/// Resolve the imports of `file` (the script whose key is `root`).
pub fn resolve(file: &File, root: &str, loader: &dyn Loader, limits: &Limits) -> (Imported, Diags) {
    resolve_at(file, root, loader, limits, IMPORT_BASE)
}

/// [`resolve`] with the imported files' spans starting at `base` (at least
/// [`IMPORT_BASE`]): the REPL's typed imports each start past the last.
pub fn resolve_at(
    file: &File,
    root: &str,
    loader: &dyn Loader,
    limits: &Limits,
    base: usize,
) -> (Imported, Diags) {
    let folder = match root.rfind('/') {
        Some(i) => root[..=i].to_string(),
        None => String::new(),
    };
    let mut w = Walk {
        folder,
        loader,
        limits,
        out: Imported::default(),
        rules_from: Vec::new(),
        tracks_from: Vec::new(),
        diags: Vec::new(),
        seen: HashSet::from([root.to_string()]),
        bytes: 0,
        next_base: base.max(IMPORT_BASE),
    };
    for imp in &file.imports {
        let mut chain = vec![root.to_string()];
        w.import(root, &imp.path.node, imp.span, &mut chain);
    }
    // A name defined by the script and by an import, or by two imports.
    let mut diags = std::mem::take(&mut w.diags);
    let me = w.shown(root).to_string();
    let mut rules = Vec::new();
    for (def, from) in w.out.rules.into_iter().zip(w.rules_from) {
        let name = &def.name.node;
        let clash = file
            .rules
            .iter()
            .map(|r| (&r.name.node, me.as_str()))
            .chain(
                rules
                    .iter()
                    .map(|(r, f): &(RulesDef, String)| (&r.name.node, f.as_str())),
            )
            .find(|(n, _)| *n == name)
            .map(|(_, f)| f.to_string());
        match clash {
            Some(other) => diags.push(duplicate(file, "rules", name, &from, &other)),
            None => rules.push((def, from)),
        }
    }
    let mut tracks = Vec::new();
    for (def, from) in w.out.tracks.into_iter().zip(w.tracks_from) {
        let name = &def.name.node;
        let clash = file
            .tracks
            .iter()
            .map(|t| (&t.name.node, me.as_str()))
            .chain(
                tracks
                    .iter()
                    .map(|(t, f): &(TrackDef, String)| (&t.name.node, f.as_str())),
            )
            .find(|(n, _)| *n == name)
            .map(|(_, f)| f.to_string());
        match clash {
            Some(other) => diags.push(duplicate(file, "track", name, &from, &other)),
            None => tracks.push((def, from)),
        }
    }
    let imported = Imported {
        rules: rules.into_iter().map(|(d, _)| d).collect(),
        tracks: tracks.into_iter().map(|(d, _)| d).collect(),
        files: w.out.files,
    };
    (imported, diags)
}

/// Two files define one name.
fn duplicate(file: &File, what: &str, name: &str, from: &str, other: &str) -> Diag {
    let code = if what == "track" {
        Code::TrackDuplicate
    } else {
        Code::RulesDuplicate
    };
    let mut d = Diag::new(
        code,
        format!("{what} `{name}` is defined in `{from}` and in `{other}`"),
    );
    for imp in &file.imports {
        d = d.label(imp.span, "imports it");
    }
    d.help(format!(
        "a name is defined once among a file and its imports: rename one `{name}`"
    ))
}

impl Walk<'_> {
    /// A file's key as shown: relative to the script's folder when below it.
    fn shown<'k>(&self, key: &'k str) -> &'k str {
        match key.strip_prefix(self.folder.as_str()) {
            Some(rest) if !self.folder.is_empty() => rest,
            _ => key,
        }
    }

    /// `import "path"` in the file `from`; `at` is the script's own
    /// `import` line that led here, `chain` the files from the script.
    fn import(&mut self, from: &str, path: &str, at: Span, chain: &mut Vec<String>) {
        let fail = |code: Code, msg: String, help: &str| {
            Diag::new(code, msg)
                .label(at, "imported here")
                .help(help.to_string())
        };
        if chain.len() > IMPORT_DEPTH {
            self.diags.push(fail(
                Code::ImportTooMany,
                format!("imports nest deeper than {IMPORT_DEPTH} files"),
                "import the files you need directly, not through long chains",
            ));
            return;
        }
        let (key, text) = match self.loader.load(from, path) {
            Ok(found) => found,
            Err(why) => {
                self.diags.push(fail(
                    Code::ImportFile,
                    why,
                    "write a path relative to the importing file, to a `.game` file beside or below it",
                ));
                return;
            }
        };
        if let Some(i) = chain.iter().position(|k| *k == key) {
            let mut cycle: Vec<&str> = chain[i..].iter().map(|k| self.shown(k)).collect();
            cycle.push(self.shown(&key));
            self.diags.push(fail(
                Code::ImportCycle,
                format!("these files import each other: {}", cycle.join(" → ")),
                "an import brings definitions only: move what both files need into a third file",
            ));
            return;
        }
        if !self.seen.insert(key.clone()) {
            return;
        }
        self.bytes += text.len();
        if self.bytes > IMPORT_BYTES {
            self.diags.push(fail(
                Code::ImportTooMany,
                format!(
                    "the imported files hold more than {} MiB of text",
                    IMPORT_BYTES >> 20
                ),
                "import fewer or smaller files",
            ));
            return;
        }
        let base = self.next_base;
        self.next_base += text.len() + 1;
        let (mut parsed, mut diags) = crate::syntax::parse_at(&text, base);
        self.out.files.push(ImportedText {
            base,
            name: self.shown(&key).to_string(),
            text: text.clone(),
        });
        if diags.is_empty() {
            let alone = File {
                scenarios: Vec::new(),
                tracks: parsed.tracks.clone(),
                rules: parsed.rules.clone(),
                imports: Vec::new(),
                unread_rules: parsed.unread_rules.clone(),
            };
            if let Err(ds) = super::check_with(alone, self.limits) {
                diags = ds;
            }
        }
        if !diags.is_empty() {
            let src = SourceFile::new(self.shown(&key), text.clone());
            let shown: String = diags
                .iter()
                .take(self.limits.errors_shown)
                .map(|d| {
                    let mut local = d.clone();
                    for (s, _) in &mut local.labels {
                        *s = s.shift_back(base.min(s.start()));
                    }
                    render(&local, &src, false)
                })
                .collect();
            self.diags.push(
                Diag::new(
                    Code::ImportBroken,
                    format!("`{}` has {} error(s)", self.shown(&key), diags.len()),
                )
                .label(at, "imported here")
                .help(format!("fix the imported file first:\n{shown}")),
            );
            return;
        }
        chain.push(key.clone());
        for imp in std::mem::take(&mut parsed.imports) {
            self.import(&key, &imp.path.node, at, chain);
        }
        chain.pop();
        let shown = self.shown(&key).to_string();
        for r in parsed.rules {
            self.out.rules.push(r);
            self.rules_from.push(shown.clone());
        }
        for t in parsed.tracks {
            self.out.tracks.push(t);
            self.tracks_from.push(shown.clone());
        }
    }
}
