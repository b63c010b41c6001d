//! Hover: what the statement under the cursor does, and for a query or an
//! `expect` the answer last computed for it.

use super::{answers::field_text, Analysis, Answers};
use crate::interp::game_of;
use crate::render::text;
use crate::source::Span;
use crate::syntax::ast::{BoardSrc, QueryKind, Stmt};
use crate::syntax::dialect::{self, ITEMS, RULES, STATEMENTS};

/// Hover text (Markdown) for a span of the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    /// What it is about.
    pub span: Span,
    /// What to show, in Markdown.
    pub markdown: String,
}

impl Analysis {
    /// What the word or statement at `offset` means: a statement's help
    /// line from the dialect table; a rule's help, values and default; an
    /// `expect` field's meaning and the value the last computed `solve`
    /// before it gave; a query's last computed answer (from `answers`); a
    /// track's definition line.
    pub fn hover(&self, offset: usize, answers: &Answers) -> Option<Hover> {
        let offset = self.floor(offset);
        let word = self.word_at(offset);
        if let Some(def) = self.rules_at(offset) {
            return self.rules_hover(&def, offset);
        }
        if let Some(track) = self.track_at(offset) {
            let span = track.name.span;
            let help = ITEMS[1].help;
            return Some(Hover {
                span,
                markdown: format!("**track `{}`**: {help}", track.name.node),
            });
        }
        let Some((sc, stmt)) = self.stmt_at(offset) else {
            let (start, w) = word?;
            let item = ITEMS.iter().find(|i| i.name == w)?;
            return Some(Hover {
                span: Span::new(start, start + w.len()),
                markdown: format!("**{}**: {}", item.name, item.help),
            });
        };
        let keyword = stmt.keyword();
        let help = STATEMENTS
            .iter()
            .find(|w| w.name == keyword)
            .map_or("", |w| w.help);
        let mut md = format!("**{keyword}**: {help}");
        if let Some(rules) = self.rules_hover_in_scenario(sc, stmt) {
            md = rules;
        }
        let line = self.source.line(stmt.span.start());
        match &stmt.node {
            Stmt::Query(q) => {
                if let Some(c) = answers.at(line).filter(|c| c.query == q.kind) {
                    md.push_str("\n\n```text\n");
                    for l in text::lines(&c.answer) {
                        md.push_str(&l);
                        md.push('\n');
                    }
                    md.push_str("```");
                }
            }
            Stmt::Expect { field, .. } => {
                let game = game_of(sc).filter(|_| self.rules_of(sc).is_none());
                if let Some(f) = game.and_then(|g| dialect::field(g, &field.node)) {
                    md.push_str(&format!(
                        "\n\n`{}`: {} ({})",
                        field.node,
                        f.help,
                        f.kind.describe()
                    ));
                }
                // The last `solve` before it in its scenario.
                let solve = sc
                    .stmts
                    .iter()
                    .take_while(|s| s.span.start() < stmt.span.start())
                    .filter(|s| matches!(&s.node, Stmt::Query(q) if q.kind == QueryKind::Solve))
                    .last();
                let computed = solve
                    .and_then(|s| answers.at(self.source.line(s.span.start())))
                    .filter(|c| c.query == QueryKind::Solve);
                if let Some(value) = computed.and_then(|c| c.answer.field(&field.node)) {
                    md.push_str(&format!(
                        "\n\nlast `solve` gave: `{} {}`",
                        field.node,
                        field_text(&value)
                    ));
                }
            }
            Stmt::Rule { name, .. } if !md.starts_with("**param") => {
                if let Some(rule) = RULES.iter().find(|r| r.name == name.node) {
                    md = format!(
                        "**rule {}**: {}\n\nvalues: {}; default {}",
                        rule.name, rule.help, rule.describe, rule.default
                    );
                }
            }
            Stmt::Board(BoardSrc::Named(name)) => {
                if let Some(t) = self.file.tracks.iter().find(|t| t.name.node == name.node) {
                    md.push_str(&format!(
                        "\n\ntrack `{}`, defined on line {}",
                        name.node,
                        self.source.line(t.span.start())
                    ));
                }
            }
            _ => {}
        }
        Some(Hover {
            span: stmt.span,
            markdown: md,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::fixture::cursor;
    use crate::limits::Limits;

    /// A footholds scenario with the cursor marked; `{}` stands where the
    /// fixture's marked line goes.
    fn script(marked: &str) -> String {
        format!(
            "scenario \"s\" {{\n  game footholds\n  board [[1, 1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 2)\n{marked}\n}}\n"
        )
    }

    /// The hover at the fixture's `$0`, without and with computed answers.
    fn hover(fixture: &str, computed: bool) -> Hover {
        let (text, at) = cursor(fixture);
        let doc = Analysis::new(&text);
        let answers = if computed {
            Answers::compute(doc.source(), &Limits::default())
        } else {
            Answers::default()
        };
        doc.hover(at, &answers).unwrap()
    }

    #[test]
    fn a_rule_is_explained_with_its_default() {
        let rule = hover(&script("  r$0ule steps king"), false).markdown;
        assert!(
            rule.contains("**rule steps**") && rule.contains("default orthogonal"),
            "{rule}"
        );
    }

    #[test]
    fn a_solve_is_explained_over_its_keyword() {
        let fixture = script("  s$0olve\n  expect winner B");
        let solve = hover(&fixture, false);
        let (text, _) = cursor(&fixture);
        assert_eq!(&text[solve.span.start()..solve.span.end()], "solve");
        assert!(!solve.markdown.contains("```"));
    }

    #[test]
    fn a_solve_shows_its_computed_answer() {
        let solve = hover(&script("  s$0olve\n  expect winner B"), true).markdown;
        assert!(solve.contains("```text\nB wins"), "{solve}");
    }

    #[test]
    fn an_expectation_shows_what_the_last_solve_gave() {
        let expect = hover(&script("  solve\n  e$0xpect winner B"), true).markdown;
        assert!(expect.contains("last `solve` gave: `winner B`"), "{expect}");
    }

    #[test]
    fn a_scenario_keyword_is_explained() {
        let fixture = format!("$0{}", script("  solve"));
        assert!(hover(&fixture, false).markdown.starts_with("**scenario**"));
    }
}
