//! A file's top-level definitions, which its scenarios' games draw on:
//! `track` blocks today. This is the registry the checker owns: it builds
//! it once per file (and the workspace as the user types definitions), and
//! a game's session looks a name up through [`Ctx::defs`](super::Ctx), so
//! the layers above `games` never name one game's definitions. Each kind
//! of definition is built by its game (a track by `yut::define`).

use super::rules::program::Program;
use super::yut::define::{build_def, STANDARD_TRACK};
use super::yut::Track;
use crate::budget::Budget;
use crate::error::{Code, Diag, Diags};
use crate::limits::Limits;
use crate::syntax::ast::{Spanned, TrackDef};
use crate::syntax::rules::RulesDef;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The definitions of one file (or one workspace): its tracks and the
/// built-in `yut`.
#[derive(Clone, Default)]
pub struct Definitions {
    tracks: HashMap<String, Arc<Track>>,
    /// Tracks whose definition has errors (already reported).
    broken: HashSet<String>,
    /// The file's `rules` blocks, checked and compiled, by name.
    rules: HashMap<String, Arc<Program>>,
    /// Rules blocks whose definition has errors (already reported).
    broken_rules: HashSet<String>,
    /// The texts of the imported files the definitions came from.
    imported: Arc<Vec<crate::error::imported::ImportedText>>,
}

impl Definitions {
    /// Keep the imported files' texts (see [`Definitions::localize`]).
    pub(crate) fn set_imported(&mut self, files: Vec<crate::error::imported::ImportedText>) {
        self.imported = Arc::new(files);
    }

    /// Diagnostics with their labels in imported files told in words
    /// ([`crate::error::imported::localize`]).
    pub(crate) fn localize(&self, ds: crate::error::Diags) -> crate::error::Diags {
        ds.into_iter()
            .map(|d| crate::error::imported::localize(d, &self.imported))
            .collect()
    }

    /// The definitions of a file with these `track` blocks, each built
    /// within a fresh budget of `limits` (a definition is bounded like a
    /// statement), with the diagnostics of the broken ones (and of
    /// duplicates).
    pub(crate) fn build(tracks: &[TrackDef], limits: &Limits) -> (Definitions, Diags) {
        let mut defs = Definitions::default();
        let (std_file, _) = crate::syntax::parse(STANDARD_TRACK);
        for def in &std_file.tracks {
            defs.define(def, &Budget::unlimited());
        }
        let mut diags = Vec::new();
        for (i, def) in tracks.iter().enumerate() {
            if let Some(first) = tracks[..i].iter().find(|d| d.name.node == def.name.node) {
                diags.push(super::duplicate(
                    Code::TrackDuplicate,
                    def.name.span,
                    &format!("track `{}`", def.name.node),
                    first.name.span,
                ));
                continue;
            }
            diags.extend(defs.define(def, &limits.budget()));
        }
        (defs, diags)
    }

    /// Add the file's `rules` blocks: each checked and compiled; the
    /// diagnostics of the broken ones (and of duplicates).
    pub(crate) fn add_rules(&mut self, defs: &[RulesDef]) -> Diags {
        let diags = super::rules::check_all(defs);
        for def in defs {
            let name = &def.name.node;
            if self.rules.contains_key(name) || self.broken_rules.contains(name) {
                continue;
            }
            match super::rules::check(def) {
                Ok(decls) => {
                    let prog = super::rules::compile::compile(def, decls);
                    self.rules.insert(name.clone(), Arc::new(prog));
                }
                Err(_) => {
                    self.broken_rules.insert(name.clone());
                }
            }
        }
        diags
    }

    /// The compiled `rules` block `game NAME` names, if the file has one:
    /// `Ok(None)` when it has none, `Err(())` for one whose errors are
    /// reported already.
    pub(crate) fn rules(&self, name: &str) -> Result<Option<Arc<Program>>, ()> {
        if self.broken_rules.contains(name) {
            return Err(());
        }
        Ok(self.rules.get(name).cloned())
    }

    /// Rules blocks a syntax error kept from being read: reported already,
    /// so a scenario of one is not told its game is unknown.
    pub(crate) fn add_unread(&mut self, names: &[String]) {
        for name in names {
            if !self.rules.contains_key(name) {
                self.broken_rules.insert(name.clone());
            }
        }
    }

    /// The names of the file's rules blocks, sorted (for did-you-mean).
    pub(crate) fn rules_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .rules
            .keys()
            .chain(&self.broken_rules)
            .map(String::as_str)
            .collect();
        names.sort();
        names
    }

    /// Add (or replace) one track definition, returning its errors.
    fn define(&mut self, def: &TrackDef, budget: &Budget) -> Diags {
        match build_def(def, budget) {
            Ok(t) => {
                self.tracks.insert(def.name.node.clone(), Arc::new(t));
                Vec::new()
            }
            Err(d) => {
                self.broken.insert(def.name.node.clone());
                d
            }
        }
    }

    /// The track `board NAME` names; no diagnostic for one whose
    /// definition's errors are reported already.
    pub(crate) fn track(&self, name: &Spanned<String>) -> Result<Arc<Track>, Diags> {
        if let Some(t) = self.tracks.get(&name.node) {
            return Ok(t.clone());
        }
        if self.broken.contains(&name.node) {
            return Err(Vec::new());
        }
        let mut known: Vec<&str> = self.tracks.keys().map(String::as_str).collect();
        known.sort();
        Err(vec![Diag::new(
            Code::TrackUnknown,
            format!("there is no track `{}`", name.node),
        )
        .label(name.span, "unknown track")
        .help(format!(
            "define it with `track {} {{ route … }}`, or use one of: {}",
            name.node,
            known.join(", ")
        ))])
    }

    /// The track named `yut`, which a judge `input` plays on: the built-in
    /// one unless the file redefines it.
    pub(crate) fn standard_track(&self) -> Option<Arc<Track>> {
        self.tracks.get("yut").cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs(src: &str) -> (Definitions, Diags) {
        let (file, parse) = crate::syntax::parse(src);
        assert!(parse.is_empty(), "{parse:?}");
        Definitions::build(&file.tracks, &Limits::default())
    }

    fn name(s: &str) -> Spanned<String> {
        Spanned::new(s.to_string(), crate::syntax::ast::Span::new(0, s.len()))
    }

    #[test]
    fn the_registry_names_what_it_holds_and_is_quiet_about_the_broken() {
        let (d, diags) = defs("track short {\n  route start 5 finish\n}\ntrack bad {\n  route start nowhere finish\n  shortcut nowhere 1\n}\n");
        assert!(!diags.is_empty(), "the broken track is reported when built");
        assert!(d.track(&name("short")).is_ok());
        assert!(d.track(&name("yut")).is_ok(), "the built-in track is there");
        assert_eq!(d.track(&name("bad")).err().map(|ds| ds.len()), Some(0));
        let unknown = d.track(&name("shrot")).err().unwrap();
        assert_eq!(unknown.len(), 1);
        assert_eq!(unknown[0].code, Code::TrackUnknown);
        assert!(
            unknown[0]
                .help
                .as_deref()
                .unwrap_or("")
                .ends_with("one of: short, yut"),
            "{:?}",
            unknown[0].help
        );
    }

    #[test]
    fn a_redefined_yut_is_the_one_a_judge_input_plays_on() {
        let (d, diags) = defs("track yut {\n  route start 7 finish\n}\n");
        assert!(diags.is_empty(), "{diags:?}");
        let redefined = d.standard_track().unwrap();
        assert!(Arc::ptr_eq(&redefined, &d.track(&name("yut")).unwrap()));
        let (std, _) = defs("");
        assert_ne!(redefined.len(), std.standard_track().unwrap().len());
    }
}
