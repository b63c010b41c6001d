//! What a workspace knows besides the current position: tracks, scenario
//! blocks, loaded files; making a scenario current and resetting it.

use super::{is_move, Current, Known, Notice, Output, Sources, Workspace};
use crate::check::check_with;
use crate::check::imports::{localize, resolve_at, Imported, Loader, NoFiles, IMPORT_BASE};
use crate::games::Definitions;
use crate::interp::{Flow, Runner};
use crate::pipeline::{check_parsed_importing, check_text_at, Importer};
use crate::syntax::ast::{File, Scenario, Spanned, Stmt, TrackDef};
use crate::syntax::decode;
use crate::syntax::rules::{Import, RulesDef};

impl Workspace {
    /// `track NAME { … }`: defined for the rest of the session (a new
    /// definition with the same name replaces the old one).
    pub fn define_track(&mut self, def: TrackDef, emit: &mut dyn FnMut(&Sources, Output)) {
        let name = def.name.node.clone();
        let mut defs: Vec<TrackDef> = self
            .track_defs
            .iter()
            .filter(|d| d.name.node != name)
            .cloned()
            .collect();
        defs.push(def);
        self.arm();
        if self.adopt_tracks(defs, emit) {
            emit(&self.sources, Output::Notice(Notice::TrackDefined(name)));
        }
    }

    /// `rules NAME { … }`: checked, then defined for the rest of the
    /// session (a new block with the same name replaces the old one; the
    /// current scenario keeps the game it started with).
    pub fn define_rules(&mut self, def: RulesDef, emit: &mut dyn FnMut(&Sources, Output)) {
        let name = def.name.node.clone();
        let mut rules: Vec<RulesDef> = self
            .rules_defs
            .iter()
            .filter(|d| d.name.node != name)
            .cloned()
            .collect();
        rules.push(def);
        self.arm();
        if self.adopt(self.track_defs.clone(), rules, emit) {
            emit(&self.sources, Output::Notice(Notice::RulesDefined(name)));
        }
    }

    /// Where a typed `import` is read from: relative to `importer`'s root
    /// (the REPL: a name in the current folder). Without one, a typed
    /// `import` is refused (`meeple::import::broken`).
    pub fn set_importer(&mut self, importer: crate::pipeline::Importer) {
        self.importer = Some(importer);
    }

    /// `import "path.game"`: the file's `rules` and `track` definitions
    /// (and those of its imports) defined for the rest of the session, as
    /// `meeple run` reads them; a name defined already is replaced.
    pub(super) fn import(&mut self, imp: Import, emit: &mut dyn FnMut(&Sources, Output)) {
        let file = File {
            imports: vec![imp],
            ..File::default()
        };
        self.arm();
        let importer = self.importer.clone();
        let Some(imported) = self.resolve(&file, importer.as_ref(), emit) else {
            return;
        };
        let names: Vec<String> = imported.rules.iter().map(|r| r.name.node.clone()).collect();
        let tracks: Vec<String> = imported
            .tracks
            .iter()
            .map(|t| t.name.node.clone())
            .collect();
        // An error inside the imported files is told as file:line:col in
        // its help, as `meeple check` tells it: the typed line has no place
        // for it.
        let files = imported.files;
        let mut told = |s: &Sources, o: Output| match o {
            Output::Error(d) => emit(s, Output::Error(localize(d, &files))),
            o => emit(s, o),
        };
        if self.merge(imported.tracks, imported.rules, &mut told) {
            for name in tracks {
                emit(&self.sources, Output::Notice(Notice::TrackDefined(name)));
            }
            for name in names {
                emit(&self.sources, Output::Notice(Notice::RulesDefined(name)));
            }
        }
    }

    /// The definitions `file`'s imports bring, read by `importer` (none:
    /// each import is refused); on errors, report them and `None`.
    /// The files read are kept for the session (each import's spans start
    /// past the last one's), so that an error found later inside them
    /// names its place ([`Definitions::localize`]).
    fn resolve(
        &mut self,
        file: &File,
        importer: Option<&Importer>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> Option<Imported> {
        let (root, loader): (&str, &dyn Loader) = match importer {
            Some(i) => (&i.root, &*i.loader),
            None => ("", &NoFiles),
        };
        let base = self
            .imported
            .iter()
            .map(|f| f.base + f.text.len() + 1)
            .max()
            .unwrap_or(IMPORT_BASE);
        let (imported, diags) = resolve_at(file, root, loader, &self.limits, base);
        if diags.is_empty() {
            self.imported.extend(imported.files.iter().cloned());
            return Some(imported);
        }
        diags
            .into_iter()
            .for_each(|d| emit(&self.sources, Output::Error(localize(d, &imported.files))));
        None
    }

    /// Add `tracks` and `rules` to the workspace's (replacing those of the
    /// same names); on errors report them and return `false`.
    fn merge(
        &mut self,
        tracks: Vec<TrackDef>,
        rules: Vec<RulesDef>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> bool {
        let mut defs = self.track_defs.clone();
        for t in tracks {
            defs.retain(|d| d.name.node != t.name.node);
            defs.push(t);
        }
        let mut all = self.rules_defs.clone();
        for r in rules {
            all.retain(|d| d.name.node != r.name.node);
            all.push(r);
        }
        self.adopt(defs, all, emit)
    }

    /// Build `defs` and make them the workspace's tracks; on errors report
    /// them, keep the old tracks and return `false`.
    fn adopt_tracks(
        &mut self,
        defs: Vec<TrackDef>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> bool {
        self.adopt(defs, self.rules_defs.clone(), emit)
    }

    /// Build the definitions of `tracks` and `rules` and make them the
    /// workspace's; on errors report them, keep the old ones and return
    /// `false`.
    fn adopt(
        &mut self,
        tracks: Vec<TrackDef>,
        rules: Vec<RulesDef>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) -> bool {
        let (mut built, mut diags) = Definitions::build(&tracks, &self.limits);
        diags.extend(built.add_rules(&rules));
        built.set_imported(self.imported.clone());
        if !diags.is_empty() {
            diags
                .into_iter()
                .for_each(|d| emit(&self.sources, Output::Error(d)));
            return false;
        }
        self.track_defs = tracks;
        self.rules_defs = rules;
        self.defs = built;
        true
    }

    /// A whole `scenario` block: checked like a file, run, kept, and made current.
    pub(super) fn scenario(&mut self, sc: Scenario, emit: &mut dyn FnMut(&Sources, Output)) {
        let file = File {
            scenarios: vec![sc.clone()],
            tracks: self.track_defs.clone(),
            rules: self.rules_defs.clone(),
            ..File::default()
        };
        self.arm();
        let (game, opts) = match check_with(file, &self.limits) {
            Ok(checked) => match checked.plans.first() {
                Some(plan) => plan.clone(),
                None => return,
            },
            Err(diags) => {
                return diags
                    .into_iter()
                    .for_each(|d| emit(&self.sources, Output::Error(d)))
            }
        };
        let name = sc.name.node.clone();
        let mut runner = Runner::new(game, opts.clone());
        for s in &sc.stmts {
            self.arm();
            // Reported once the statement has run (its solve and budget are done),
            // as `meeple run` prints them.
            let mut events = Vec::new();
            let flow = runner.exec(s, &self.defs, &self.limits, &mut |e| events.push(e));
            for e in events {
                emit(
                    &self.sources,
                    Output::Event {
                        scenario: name.clone(),
                        event: e,
                    },
                );
            }
            if flow == Flow::Stop {
                break;
            }
        }
        self.remember(Known {
            scenario: sc.clone(),
            game,
            opts: opts.clone(),
        });
        self.current = Some(Current {
            name: name.clone(),
            game,
            opts,
            base: sc.stmts.len(),
            stmts: sc.stmts,
            runner,
        });
        emit(
            &self.sources,
            Output::Notice(Notice::Current { name, game }),
        );
    }

    pub(super) fn remember(&mut self, known: Known) {
        match self.by_name.get(&known.scenario.name.node) {
            Some(&i) => self.scenarios[i] = known,
            None => {
                self.by_name
                    .insert(known.scenario.name.node.clone(), self.scenarios.len());
                self.scenarios.push(known);
            }
        }
    }

    /// Load a file (its bytes as read, named `name`): checked like
    /// `meeple check`, parsed once. If it is valid its scenarios and tracks
    /// become available and the last scenario current; otherwise its
    /// errors are reported and nothing changes.
    pub fn load(&mut self, name: &str, bytes: &[u8], emit: &mut dyn FnMut(&Sources, Output)) {
        self.load_importing(name, bytes, None, emit)
    }

    /// [`Workspace::load`] of a file whose `import`s `importer` reads
    /// (the REPL's `:load`: beside the file), as `meeple run` reads them.
    pub fn load_importing(
        &mut self,
        name: &str,
        bytes: &[u8],
        importer: Option<&Importer>,
        emit: &mut dyn FnMut(&Sources, Output),
    ) {
        let (text, decoded) = match decode(bytes) {
            Ok(text) => (text, None),
            Err((lossy, d)) => (lossy, Some(d)),
        };
        let text = crate::syntax::line_ends(&text).into_owned();
        let base = self.sources.push(name, &text);
        self.arm();
        let checked = match decoded {
            Some(d) => Err(vec![d]),
            None if text.len() > self.limits.source_bytes => {
                check_text_at(&text, base, &self.limits)
            }
            None => {
                let (file, parse_diags) = crate::syntax::parse_at(&text, base);
                check_parsed_importing(file, parse_diags, base, &self.limits, importer)
            }
        };
        let checked = match checked {
            Ok(c) => c,
            Err(diags) => {
                let errors = diags.len();
                diags
                    .into_iter()
                    .for_each(|d| emit(&self.sources, Output::Error(d)));
                let file = name.to_string();
                return emit(
                    &self.sources,
                    Output::Notice(Notice::NotLoaded { file, errors }),
                );
            }
        };
        // What the file's imports bring (they checked already), then its own.
        let imported = match checked.file.imports.is_empty() {
            true => Imported::default(),
            false => match self.resolve(&checked.file, importer, emit) {
                Some(i) => i,
                None => return,
            },
        };
        let mut tracks = imported.tracks;
        tracks.extend(checked.file.tracks);
        let mut rules = imported.rules;
        rules.extend(checked.file.rules);
        if !self.merge(tracks, rules, emit) {
            return;
        }
        let scenarios = checked.file.scenarios.len();
        let last = checked.file.scenarios.last().map(|s| s.name.node.clone());
        for (scenario, (game, opts)) in checked.file.scenarios.into_iter().zip(checked.plans) {
            self.remember(Known {
                scenario,
                game,
                opts,
            });
        }
        let file = name.to_string();
        emit(
            &self.sources,
            Output::Notice(Notice::Loaded { file, scenarios }),
        );
        if let Some(last) = last {
            self.use_scenario(&last, emit);
        }
    }

    /// Make a known scenario current, at the position its statements build
    /// (its queries are not run again). Returns `false` when there is no
    /// scenario of that name.
    pub fn use_scenario(&mut self, name: &str, emit: &mut dyn FnMut(&Sources, Output)) -> bool {
        let Some(known) = self.by_name.get(name).map(|&i| self.scenarios[i].clone()) else {
            return false;
        };
        let Known {
            scenario: sc,
            game,
            opts,
        } = known;
        let (runner, _) = self.replay(game, &opts, &sc.name.node, &sc.stmts, emit);
        self.current = Some(Current {
            name: sc.name.node.clone(),
            game,
            opts,
            base: sc.stmts.len(),
            stmts: sc.stmts,
            runner,
        });
        let name = name.to_string();
        emit(
            &self.sources,
            Output::Notice(Notice::Current { name, game }),
        );
        self.changed(emit);
        true
    }

    /// Back to the scenario's starting position: the moves fed after it
    /// was made current are taken back (declarations and rules stay).
    /// Returns `false` without a current scenario.
    pub fn reset(&mut self, emit: &mut dyn FnMut(&Sources, Output)) -> bool {
        let Some(cur) = &self.current else {
            return false;
        };
        let base = cur.base;
        let stmts: Vec<Spanned<Stmt>> = cur
            .stmts
            .iter()
            .enumerate()
            .filter(|(i, s)| *i < base || !is_move(&s.node))
            .map(|(_, s)| s.clone())
            .collect();
        let (game, opts, name) = (cur.game, cur.opts.clone(), cur.name.clone());
        let (runner, _) = self.replay(game, &opts, &name, &stmts, emit);
        if let Some(cur) = &mut self.current {
            cur.stmts = stmts;
            cur.runner = runner;
        }
        emit(&self.sources, Output::Notice(Notice::Reset));
        self.changed(emit);
        true
    }
}
