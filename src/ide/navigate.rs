//! Track names (definition and references) and the outline of a script.

use super::Analysis;
use crate::interp::game_of;
use crate::source::Span;
use crate::syntax::ast::{BoardSrc, Stmt};

/// What a symbol is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A `scenario` block.
    Scenario,
    /// A `track` definition.
    Track,
    /// A `rules` block.
    Rules,
}

/// An entry of a script's outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The name (without quotes).
    pub name: String,
    /// What it is.
    pub kind: SymbolKind,
    /// A scenario's game.
    pub detail: Option<String>,
    /// The whole block.
    pub span: Span,
    /// Its name as written.
    pub name_span: Span,
}

impl Analysis {
    /// The track name at `offset`: in a `board NAME` of a scenario, or the
    /// name of a `track` definition.
    fn track_name_at(&self, offset: usize) -> Option<&str> {
        let inside = |s: Span| s.start() <= offset && offset <= s.end();
        if let Some(t) = self.file.tracks.iter().find(|t| inside(t.name.span)) {
            return Some(&t.name.node);
        }
        match &self.stmt_at(offset)?.1.node {
            Stmt::Board(BoardSrc::Named(n)) if inside(n.span) => Some(&n.node),
            _ => None,
        }
    }

    /// Where the track named at `offset` is defined (its name in the first
    /// `track` definition of that name).
    /// For a rules game: the block a `game NAME` names, the param of a
    /// `rule NAME`, the var of a `set NAME`, the piece of a `piece NAME`, and
    /// inside a block the declaration of a name it uses (in this file; see
    /// [`Analysis::definition_elsewhere`] for a block an import holds).
    pub fn definition(&self, offset: usize) -> Option<Span> {
        let offset = self.floor(offset);
        let Some(name) = self.track_name_at(offset) else {
            return self.rules_definition(offset);
        };
        self.file
            .tracks
            .iter()
            .find(|t| t.name.node == name)
            .map(|t| t.name.span)
    }

    /// Every `board NAME` that uses the track named at `offset`, in file
    /// order, after its definition when `with_definition`.
    pub fn references(&self, offset: usize, with_definition: bool) -> Vec<Span> {
        let Some(name) = self.track_name_at(self.floor(offset)) else {
            return Vec::new();
        };
        let mut out: Vec<Span> = Vec::new();
        if with_definition {
            out.extend(
                self.file
                    .tracks
                    .iter()
                    .filter(|t| t.name.node == name)
                    .map(|t| t.name.span),
            );
        }
        for sc in &self.file.scenarios {
            for s in &sc.stmts {
                if let Stmt::Board(BoardSrc::Named(n)) = &s.node {
                    if n.node == name {
                        out.push(n.span);
                    }
                }
            }
        }
        out
    }

    /// The outline: scenarios (with their game), tracks and rules blocks
    /// (with their objective), in file order.
    pub fn symbols(&self) -> Vec<Symbol> {
        let mut out: Vec<Symbol> = self
            .file
            .scenarios
            .iter()
            .map(|sc| Symbol {
                name: sc.name.node.clone(),
                kind: SymbolKind::Scenario,
                detail: game_of(sc).map(|g| g.name().to_string()).or_else(|| {
                    match sc.stmts.first().map(|s| &s.node) {
                        Some(Stmt::Game(name)) => Some(name.node.clone()),
                        _ => None,
                    }
                }),
                span: sc.span,
                name_span: sc.name.span,
            })
            .chain(self.file.tracks.iter().map(|t| Symbol {
                name: t.name.node.clone(),
                kind: SymbolKind::Track,
                detail: None,
                span: t.span,
                name_span: t.name.span,
            }))
            .chain(self.file.rules.iter().map(|r| {
                Symbol {
                    name: r.name.node.clone(),
                    kind: SymbolKind::Rules,
                    detail: super::rules_game::objective_of(r)
                        .map(|o| format!("solve {}", crate::format::rules_expr::objective(o))),
                    span: r.span,
                    name_span: r.name.span,
                }
            }))
            .collect();
        out.sort_by_key(|s| s.span.start());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ide::fixture::{cursor, ranges};

    /// A track used by two scenarios: `{def}`, `{a}` and `{b}` stand where
    /// its name is defined and used.
    fn tracks(def: &str, a: &str, b: &str) -> String {
        format!(
            "track {def} {{\n  route start 2 4 finish\n}}\nscenario \"a\" {{\n  game yut\n  board {a}\n}}\nscenario \"b\" {{\n  game yut\n  board {b}\n}}\n"
        )
    }

    #[test]
    fn a_track_use_leads_to_its_definition() {
        let (text, def) = ranges(&tracks("$0mine$0", "mine", "mine"));
        let (_, at) = cursor(&tracks("mine", "mi$0ne", "mine"));
        assert_eq!(Analysis::new(&text).definition(at), Some(def[0]));
    }

    #[test]
    fn a_keyword_has_no_definition() {
        let (text, at) = cursor(&tracks("mine", "mine", "mine").replacen("game", "$0game", 1));
        assert_eq!(Analysis::new(&text).definition(at), None);
    }

    #[test]
    fn a_track_definition_leads_to_every_use() {
        let (text, spans) = ranges(&tracks("$0mine$0", "$0mine$0", "$0mine$0"));
        let (_, at) = cursor(&tracks("$0mine", "mine", "mine"));
        assert_eq!(Analysis::new(&text).references(at, true), spans);
    }

    #[test]
    fn the_uses_of_a_track_without_its_declaration() {
        let (text, spans) = ranges(&tracks("mine", "$0mine$0", "$0mine$0"));
        let (_, at) = cursor(&tracks("mine", "$0mine", "mine"));
        assert_eq!(Analysis::new(&text).references(at, false), spans);
    }

    #[test]
    fn symbols_are_the_tracks_and_scenarios_in_order() {
        let text = tracks("mine", "mine", "mine");
        let symbols = Analysis::new(&text).symbols();
        let names: Vec<_> = symbols.iter().map(|s| (s.name.as_str(), s.kind)).collect();
        assert_eq!(
            names,
            [
                ("mine", SymbolKind::Track),
                ("a", SymbolKind::Scenario),
                ("b", SymbolKind::Scenario)
            ]
        );
        assert_eq!(symbols[1].detail.as_deref(), Some("yut"));
    }

    #[test]
    fn formatting_replaces_the_whole_text_or_says_why_not() {
        let messy = "scenario \"s\"{game yut\n board yut\n dice 1 2}";
        let edit = Analysis::new(messy).format().unwrap().unwrap();
        assert_eq!(edit.span, Span::new(0, messy.len()));
        assert!(
            edit.text.starts_with("scenario \"s\" {\n  game yut\n"),
            "{:?}",
            edit.text
        );
        assert_eq!(Analysis::new(&edit.text).format().unwrap(), None);
        let err = Analysis::new("scenario \"s\" {").format().unwrap_err();
        assert_eq!(err.diags()[0].code.as_str(), "meeple::parse::unterminated");
    }
}
