//! `rule NAME VALUE`: the options of each game. Rules hold for the whole
//! scenario wherever they stand, so they are collected before anything runs.

use super::GameKind;
use crate::error::{Code, Diag, Diags};
use crate::syntax::ast::{RuleValue, Span, Spanned, Stmt};
use crate::syntax::dialect::{self, did_you_mean, RuleWord};

/// Every rule's value for one scenario (defaults where not set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Coordinates count from 0 or 1.
    pub(crate) origin: i64,
    /// footholds: B moves first.
    pub(crate) first_b: bool,
    /// footholds: 8-neighbour steps.
    pub(crate) king: bool,
    /// yut: number of pieces.
    pub(crate) pieces: usize,
    /// stacking: stack height that ends the game.
    pub(crate) stack: usize,
    /// stacking: turn limit (None = run to the end or a proven cycle).
    pub(crate) limit: Option<u64>,
    /// stacking: only the bottom piece of a stack moves (BOJ 17780).
    pub(crate) mover_bottom: bool,
    /// rules games: the block `game NAME` names (set by the checker).
    pub(crate) rules: Option<RulesGame>,
    /// rules games: every `rule NAME VALUE` as written (the block's params,
    /// `origin`, `first`), checked when the start position is made.
    pub(crate) params: Vec<(Spanned<String>, Spanned<RuleValue>)>,
    /// Which engine answers a built-in game (`--engine`, from the run's
    /// `Limits`; set where the options are made for a run).
    pub(crate) engine: crate::limits::Engine,
}

/// The compiled `rules` block a scenario plays, with its name.
#[derive(Clone)]
pub(crate) struct RulesGame {
    /// The block's name.
    pub(crate) name: String,
    /// The block, compiled.
    pub(crate) prog: std::sync::Arc<super::rules::program::Program>,
}

impl PartialEq for RulesGame {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && std::sync::Arc::ptr_eq(&self.prog, &other.prog)
    }
}

impl Eq for RulesGame {}

impl std::fmt::Debug for RulesGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "rules {}", self.name)
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            origin: 0,
            first_b: false,
            king: false,
            pieces: 4,
            stack: 4,
            limit: Some(1000),
            mover_bottom: false,
            rules: None,
            params: Vec::new(),
            engine: crate::limits::Engine::Default,
        }
    }
}

/// The rule names a game accepts (for help lines and the REPL's completer).
pub fn rule_names(game: GameKind) -> Vec<&'static str> {
    dialect::rules(game).map(|r| r.name).collect()
}

impl Options {
    /// Collect the `rule` statements of a scenario.
    pub(crate) fn collect(game: GameKind, stmts: &[Spanned<Stmt>]) -> (Options, Diags) {
        let mut opts = Options::default();
        let mut diags = Vec::new();
        let mut seen: Vec<(&str, Span)> = Vec::new();
        for stmt in stmts {
            let Stmt::Rule { name, value } = &stmt.node else {
                continue;
            };
            if game == GameKind::Rules {
                // The block's params: checked against the block when the
                // start position is made.
                if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name.node) {
                    diags.push(super::duplicate(
                        Code::RuleDuplicate,
                        stmt.span,
                        &format!("rule `{}`", name.node),
                        *first,
                    ));
                } else {
                    seen.push((&name.node, stmt.span));
                    opts.params.push((name.clone(), value.clone()));
                }
                continue;
            }
            let Some(spec) = dialect::rules(game).find(|r| r.name == name.node) else {
                let rules = format!("{game} rules: {}", rule_names(game).join(", "));
                diags.push(
                    Diag::new(
                        Code::RuleUnknown,
                        format!("{game} has no rule `{}`", name.node),
                    )
                    .label(name.span, "unknown rule")
                    .suggest(dialect::suggest(&name.node, rule_names(game)))
                    .help(match did_you_mean(&name.node, rule_names(game)) {
                        Some(hint) => format!("{hint} {rules}"),
                        None => rules,
                    }),
                );
                continue;
            };
            if let Some((_, first)) = seen.iter().find(|(n, _)| *n == spec.name) {
                diags.push(super::duplicate(
                    Code::RuleDuplicate,
                    stmt.span,
                    &format!("rule `{}`", spec.name),
                    *first,
                ));
                continue;
            }
            seen.push((spec.name, stmt.span));
            if let Err(d) = opts.set(spec, value) {
                diags.push(d);
            }
        }
        (opts, diags)
    }

    fn set(&mut self, spec: &RuleWord, value: &Spanned<RuleValue>) -> Result<(), Diag> {
        let bad = || {
            let write = format!(
                "write `rule {} VALUE` with VALUE {}",
                spec.name, spec.describe
            );
            let hint = match &value.node {
                RuleValue::Word(w) => did_you_mean(w, spec.values.iter().copied()),
                RuleValue::Int(_) => None,
            };
            Diag::new(
                Code::RuleValue,
                format!(
                    "`{value}` is not a value of rule `{}`",
                    spec.name,
                    value = value.node
                ),
            )
            .label(value.span, format!("expected {}", spec.describe))
            .suggest(match &value.node {
                RuleValue::Word(w) => dialect::suggest(w, spec.values.iter().copied()),
                RuleValue::Int(_) => None,
            })
            .help(match hint {
                Some(hint) => format!("{hint} {write}"),
                None => write,
            })
        };
        let word = |w: &str| matches!(&value.node, RuleValue::Word(x) if x == w);
        let int = match value.node {
            RuleValue::Int(n) => Some(n),
            RuleValue::Word(_) => None,
        };
        match spec.name {
            "origin" => match int {
                Some(n @ (0 | 1)) => self.origin = n,
                _ => return Err(bad()),
            },
            "first" if word("A") || word("B") => self.first_b = word("B"),
            "steps" if word("orthogonal") || word("king") => self.king = word("king"),
            "pieces" => match int {
                Some(n @ 1..=8) => self.pieces = n as usize,
                _ => return Err(bad()),
            },
            "stack" => match int {
                Some(n) if n >= 2 => self.stack = usize::try_from(n).unwrap_or(usize::MAX),
                _ => return Err(bad()),
            },
            "limit" if word("none") => self.limit = None,
            "limit" => match int {
                Some(n) if n >= 0 => self.limit = Some(n as u64),
                _ => return Err(bad()),
            },
            "mover" if word("any") || word("bottom") => self.mover_bottom = word("bottom"),
            _ => return Err(bad()),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    fn opts(game: GameKind, body: &str) -> (Options, Vec<&'static str>) {
        let (file, d) = parse(&format!("scenario \"s\" {{ {body} }}"));
        assert!(d.is_empty(), "{d:?}");
        let (o, diags) = Options::collect(game, &file.scenarios[0].stmts);
        (o, diags.iter().map(|d| d.code.as_str()).collect())
    }

    #[test]
    fn defaults_and_values() {
        let (o, d) = opts(
            GameKind::Stacking,
            "rule stack 5 rule limit none rule mover bottom rule origin 1",
        );
        assert!(d.is_empty());
        assert_eq!(
            (o.stack, o.limit, o.mover_bottom, o.origin),
            (5, None, true, 1)
        );
        let (o, _) = opts(GameKind::Footholds, "rule first B rule steps king");
        assert!(o.first_b && o.king);
        assert_eq!(Options::default().limit, Some(1000));
    }

    #[test]
    fn bad_rules_are_coded() {
        let (_, d) = opts(
            GameKind::Footholds,
            "rule stack 4 rule first C rule origin 2 rule first A rule first B",
        );
        assert_eq!(
            d,
            [
                "meeple::rule::unknown",
                "meeple::rule::value",
                "meeple::rule::value",
                "meeple::rule::duplicate",
                "meeple::rule::duplicate"
            ]
        );
        let (_, d) = opts(GameKind::Yut, "rule pieces 9");
        assert_eq!(d, ["meeple::rule::value"]);
        let (_, d) = opts(GameKind::Stacking, "rule stack 1");
        assert_eq!(d, ["meeple::rule::value"]);
    }
}
