//! A rules game seen from its scenarios (issue 31 item 5): what `rule`,
//! `set`, `piece`, `expect` and `game` complete to, what hovering
//! `game NAME`, `rule NAME`, `solve` and `expect FIELD` says, and where a
//! game's block is (this file or an import the document's folder holds).
//! The words come from the block's tree, printed as `meeple fmt` prints
//! them, so a block read from another file needs no text of its own.

use super::complete::{item, statements, this_statement, Completion, CompletionKind as K};
use super::Analysis;
use crate::format::rules_expr::{expr, objective, ty};
use crate::games::GameKind;
use crate::limits::{IMPORT_BYTES, IMPORT_DEPTH};
use crate::source::Span;
use crate::syntax::ast::{Scenario, Spanned, Stmt};
use crate::syntax::dialect::{self, Field, RULES};
use crate::syntax::rules::{Decl, Objective, Part, PieceNames, Players, RulesDef, Type};

/// A file the document imports (directly or through another import), as
/// read when first asked: its key (the loader's name for it: a canonical
/// path for files on disk), its text and its rules blocks (spans into
/// that text).
#[derive(Debug)]
pub struct ImportedFile {
    /// The loader's key of the file.
    pub key: String,
    /// Its text.
    pub text: String,
    /// Its `rules` blocks.
    pub rules: Vec<RulesDef>,
}

/// The declarations of the parts `pick` takes (params, vars).
fn decls(def: &RulesDef, pick: fn(&Part) -> Option<&Vec<Decl>>) -> Vec<&Decl> {
    def.parts
        .iter()
        .filter_map(|p| pick(&p.node))
        .flatten()
        .collect()
}

fn params(def: &RulesDef) -> Vec<&Decl> {
    decls(def, |p| match p {
        Part::Param(ds) => Some(ds),
        _ => None,
    })
}

fn vars(def: &RulesDef) -> Vec<&Decl> {
    decls(def, |p| match p {
        Part::Var(ds) => Some(ds),
        _ => None,
    })
}

/// The players' names (none for `players solo` and `players none`).
fn players(def: &RulesDef) -> Vec<&str> {
    def.parts
        .iter()
        .find_map(|p| match &p.node {
            Part::Players(Players::Two(a, b)) => Some(vec![a.node.as_str(), b.node.as_str()]),
            _ => None,
        })
        .unwrap_or_default()
}

/// The block's objective.
pub(super) fn objective_of(def: &RulesDef) -> Option<&Objective> {
    def.parts.iter().find_map(|p| match &p.node {
        Part::Solve(o) => Some(o),
        _ => None,
    })
}

/// The pieces a scenario may place (`piece A, B`; `piece 1..3` as its
/// numbers, at most 32 of them), with their fields.
fn pieces(def: &RulesDef) -> Vec<(String, &[Decl])> {
    let mut out = Vec::new();
    for p in &def.parts {
        let Part::Piece { names, fields, .. } = &p.node else {
            continue;
        };
        match names {
            PieceNames::Named(ns) => {
                out.extend(ns.iter().map(|n| (n.node.clone(), fields.as_slice())))
            }
            PieceNames::Numbered(lo, hi) => {
                if let (Ok(lo), Ok(hi)) = (expr(lo).parse::<i64>(), expr(hi).parse::<i64>()) {
                    let hi = hi.min(lo.saturating_add(31));
                    out.extend((lo..=hi).map(|n| (n.to_string(), fields.as_slice())));
                }
            }
        }
    }
    out
}

/// A declaration as written: `param steps: orthogonal | king = orthogonal`.
pub(super) fn decl_text(kind: &str, d: &Decl) -> String {
    match &d.value {
        Some(v) => format!("{kind} {}: {} = {}", d.name.node, ty(&d.ty.node), expr(v)),
        None => format!("{kind} {}: {}", d.name.node, ty(&d.ty.node)),
    }
}

/// The values a declaration's type offers: an enumeration's members,
/// `true`/`false`, a range's ends, the players, the directions, the
/// pieces; otherwise its default.
fn values(def: &RulesDef, d: &Decl) -> Vec<String> {
    let mut out: Vec<String> = match &d.ty.node {
        Type::Bool => vec!["true".into(), "false".into()],
        Type::Enum(vs) => vs.iter().map(|v| v.node.clone()).collect(),
        Type::Range(lo, hi) => vec![expr(lo), expr(hi)],
        Type::Player => players(def).into_iter().map(String::from).collect(),
        Type::Dir => dialect::directions().map(String::from).collect(),
        Type::Piece => pieces(def).into_iter().map(|(n, _)| n).collect(),
        _ => Vec::new(),
    };
    if out.is_empty() {
        out.extend(d.value.as_ref().map(expr));
    }
    out.dedup();
    out
}

/// What `answer` means under an objective (docs/rules-language.md, *Objectives*).
pub(super) fn answer_meaning(o: &Objective) -> String {
    match o {
        Objective::Moves => "the total moves when both play perfectly (win fast, lose slow)".into(),
        Objective::Outcome => "the winner's name, or `draw`, under perfect play".into(),
        Objective::Score => {
            "the first player's score minus the second's, both playing perfectly".into()
        }
        Objective::MaxScore => {
            "the best total score (with random dice: the best expected total)".into()
        }
        Objective::MinScore => {
            "the smallest total score (with random dice: the smallest expected total)".into()
        }
        Objective::Shortest(n) => format!(
            "the fewest moves to a win, if one takes at most {}; else -1",
            expr(n)
        ),
        Objective::Longest => {
            "the most moves before the game ends, or -1 when play can go on forever".into()
        }
        Objective::Simulate(n) => format!(
            "the turn during which the game ends, or -1 past turn {} or when play cycles",
            expr(n)
        ),
    }
}

/// What a field of the objective means.
fn field_meaning(o: &Objective, f: Field) -> String {
    if f == Field::Answer {
        return answer_meaning(o);
    }
    dialect::field(GameKind::Rules, f.name()).map_or(String::new(), |w| w.help.to_string())
}

/// The objective's answers, one line per field: `- `answer`: …`.
pub(super) fn answers_text(def: &RulesDef) -> String {
    let Some(o) = objective_of(def) else {
        return String::new();
    };
    let mut md = format!("`solve {}` answers:", objective(o));
    for f in o.fields() {
        md.push_str(&format!("\n- `{}`: {}", f.name(), field_meaning(o, *f)));
    }
    md
}

/// Hover on `game NAME` of a rules game: the block's players, params and
/// objective, and what each of its answers means.
pub(super) fn game_text(def: &RulesDef, from: Option<&str>) -> String {
    let who = match def.parts.iter().find_map(|p| match &p.node {
        Part::Players(pl) => Some(pl),
        _ => None,
    }) {
        Some(Players::Two(a, b)) => format!("players {} {}", a.node, b.node),
        Some(Players::Solo) => "players solo".into(),
        Some(Players::None) | None => "players none".into(),
    };
    let mut md = format!("**rules game `{}`**", def.name.node);
    if let Some(f) = from {
        md.push_str(&format!(" (from `{f}`)"));
    }
    md.push_str(&format!(": {who}"));
    for p in params(def) {
        md.push_str(&format!("; `{}`", decl_text("param", p)));
    }
    let answers = answers_text(def);
    if !answers.is_empty() {
        md.push_str("\n\n");
        md.push_str(&answers);
    }
    md
}

/// What may follow `words` (the words before the cursor on its line) in a
/// scenario of the rules game `def`: its statements at a line's start, the
/// block's params (and `origin`, `first`) after `rule` and their values
/// after `rule NAME`, its vars after `set` and their values, its pieces
/// after `piece` and their fields after `with`, the objective's fields after
/// `expect` and their values (the players for `winner`). `None`: nothing
/// particular to the game there (the built-in completer answers). The
/// language server's and the REPL's.
pub fn complete_rules_scenario(words: &[&str], def: &RulesDef) -> Option<Vec<Completion>> {
    let param = |name: &str| params(def).into_iter().find(|d| d.name.node == name);
    let var = |name: &str| vars(def).into_iter().find(|d| d.name.node == name);
    let value_items = |d: &Decl, kind: &str| {
        let detail = decl_text(kind, d);
        values(def, d)
            .into_iter()
            .map(|v| item(&v, K::Value, &detail))
            .collect::<Vec<_>>()
    };
    let the_players = players(def);
    Some(match this_statement(words) {
        [] => statements(Some(GameKind::Rules), false),
        ["rule"] => {
            let mut out: Vec<Completion> = RULES
                .iter()
                .filter(|r| r.name == "origin" || (r.name == "first" && !the_players.is_empty()))
                .map(|r| item(r.name, K::Rule, r.help))
                .collect();
            out.extend(
                params(def)
                    .into_iter()
                    .map(|d| item(&d.name.node, K::Rule, decl_text("param", d))),
            );
            out
        }
        ["rule", "first"] if param("first").is_none() => the_players
            .iter()
            .map(|p| item(p, K::Value, "the player who moves first"))
            .collect(),
        ["rule", name] => value_items(param(name)?, "param"),
        ["set"] => vars(def)
            .into_iter()
            .map(|d| item(&d.name.node, K::Name, decl_text("var", d)))
            .collect(),
        ["set", name] => value_items(var(name)?, "var"),
        ["piece"] => pieces(def)
            .into_iter()
            .map(|(n, _)| item(&n, K::Name, format!("piece {n}")))
            .collect(),
        ["piece", id, rest @ ..] => {
            let fields = pieces(def).into_iter().find(|(n, _)| n == id)?.1;
            let field = |name: &str| fields.iter().find(|d| d.name.node == name);
            let field_items = || {
                fields
                    .iter()
                    .map(|d| item(&d.name.node, K::Field, decl_text("field", d)))
                    .collect()
            };
            let with = rest.iter().position(|w| *w == "with");
            match (with, rest.last()) {
                (None, Some(last)) if last.ends_with(')') => {
                    let mut out = Vec::new();
                    if !fields.is_empty() {
                        out.push(item(
                            "with",
                            K::Keyword,
                            "`with FIELD VALUE, …`: the piece's fields",
                        ));
                    }
                    if field("facing").is_some() {
                        out.push(item("facing", K::Keyword, "the piece's `facing` field"));
                    }
                    out
                }
                (Some(_), Some(&"with")) => field_items(),
                (Some(_), Some(last)) if last.ends_with(',') => field_items(),
                (Some(_), Some(name)) => value_items(field(name)?, "field"),
                _ => return None,
            }
        }
        ["expect"] => objective_of(def)?
            .fields()
            .iter()
            .map(|f| {
                let o = objective_of(def).expect("an objective");
                item(f.name(), K::Field, field_meaning(o, *f))
            })
            .collect(),
        ["expect", name] => {
            let o = objective_of(def)?;
            let f = o.fields().iter().find(|f| f.name() == *name)?;
            let mut out: Vec<Completion> = Vec::new();
            let names_the_winner =
                *f == Field::Winner || (*f == Field::Answer && *o == Objective::Outcome);
            if names_the_winner {
                out.extend(
                    the_players
                        .iter()
                        .map(|p| item(p, K::Value, format!("expect {name} {p}"))),
                );
            }
            let words: &[&str] = match dialect::field(GameKind::Rules, name).map(|w| w.kind) {
                Some(dialect::ValueKind::Words(w)) => w,
                Some(dialect::ValueKind::WholeOr(w)) if names_the_winner || *f != Field::Answer => {
                    w
                }
                _ => &[],
            };
            out.extend(
                words
                    .iter()
                    .map(|w| item(w, K::Value, format!("expect {name} {w}"))),
            );
            out
        }
        _ => return None,
    })
}

/// The spans a rules block declares names at: players, params, layers,
/// vars, pieces, neighbourhoods, enumeration values.
pub(super) fn declared_spans(def: &RulesDef) -> Vec<&Spanned<String>> {
    fn enums<'d>(ds: &'d [Decl], out: &mut Vec<&'d Spanned<String>>) {
        for d in ds {
            if let Type::Enum(vs) = &d.ty.node {
                out.extend(vs.iter());
            }
        }
    }
    let mut out = Vec::new();
    for p in &def.parts {
        match &p.node {
            Part::Players(Players::Two(a, b)) => out.extend([a, b]),
            Part::Param(ds) | Part::Layer(ds) | Part::Var(ds) => {
                out.extend(ds.iter().map(|d| &d.name));
                enums(ds, &mut out);
            }
            Part::Piece { names, fields, .. } => {
                if let PieceNames::Named(ns) = names {
                    out.extend(ns.iter());
                }
                enums(fields, &mut out);
            }
            Part::Neighbourhood(n, _) => out.push(n),
            _ => {}
        }
    }
    out
}

impl Analysis {
    /// The files the document imports, read once (none without an
    /// importer): each `import` of the document, and theirs, as deep and as
    /// large as the checker reads them.
    pub(super) fn imported(&self) -> &[ImportedFile] {
        self.imported.get_or_init(|| {
            let Some(importer) = &self.importer else {
                return Vec::new();
            };
            let mut out: Vec<ImportedFile> = Vec::new();
            let mut todo: Vec<(String, String, usize)> = self
                .file
                .imports
                .iter()
                .map(|i| (importer.root.clone(), i.path.node.clone(), 1))
                .collect();
            let mut bytes = 0usize;
            while let Some((from, path, depth)) = todo.pop() {
                let Ok((key, text)) = importer.loader.load(&from, &path) else {
                    continue;
                };
                if key == importer.root || out.iter().any(|f| f.key == key) {
                    continue;
                }
                bytes += text.len();
                if bytes > IMPORT_BYTES {
                    break;
                }
                let (parsed, _) = crate::syntax::parse(&text);
                if depth < IMPORT_DEPTH {
                    todo.extend(
                        parsed
                            .imports
                            .iter()
                            .map(|i| (key.clone(), i.path.node.clone(), depth + 1)),
                    );
                }
                out.push(ImportedFile {
                    key,
                    text,
                    rules: parsed.rules,
                });
            }
            out
        })
    }

    /// The rules block named `name`: of this file, or of an import (with
    /// the file it is in).
    pub(super) fn rules_named(&self, name: &str) -> Option<(&RulesDef, Option<&ImportedFile>)> {
        if let Some(def) = self.file.rules.iter().find(|r| r.name.node == name) {
            return Some((def, None));
        }
        if GameKind::from_name(name).is_some() {
            return None;
        }
        self.imported().iter().find_map(|f| {
            f.rules
                .iter()
                .find(|r| r.name.node == name)
                .map(|r| (r, Some(f)))
        })
    }

    /// The rules block a scenario's `game NAME` names, if any.
    pub(super) fn rules_of(&self, sc: &Scenario) -> Option<&RulesDef> {
        let Some(Stmt::Game(name)) = sc.stmts.first().map(|s| &s.node) else {
            return None;
        };
        self.rules_named(&name.node).map(|(d, _)| d)
    }

    /// The rules block of this file a scenario's `game NAME` names.
    fn local_rules_of(&self, sc: &Scenario) -> Option<&RulesDef> {
        let def = self.rules_of(sc)?;
        self.file.rules.iter().find(|r| std::ptr::eq(*r, def))
    }

    /// The rules games a `game ` may name: this file's, then the imports'.
    pub(super) fn rules_game_names(&self) -> Vec<Completion> {
        let mut out: Vec<Completion> = self
            .file
            .rules
            .iter()
            .map(|r| {
                item(
                    &r.name.node,
                    K::Game,
                    format!(
                        "rules game (line {})",
                        self.source.line(r.name.span.start())
                    ),
                )
            })
            .collect();
        for f in self.imported() {
            let shown = f.key.rsplit('/').next().unwrap_or(&f.key);
            for r in &f.rules {
                if !out.iter().any(|c| c.label == r.name.node) {
                    out.push(item(
                        &r.name.node,
                        K::Game,
                        format!("rules game (from {shown})"),
                    ));
                }
            }
        }
        out
    }

    /// Where the name at `offset` is declared, in this file: the rules
    /// block a `game NAME` names; in a rules game's scenario, the param of
    /// `rule NAME`, the var of `set NAME`, the piece of `piece NAME`; inside
    /// a rules block, the declaration of a name it uses (a param, layer,
    /// var, piece, player, neighbourhood, enumeration value, or a local).
    pub(super) fn rules_definition(&self, offset: usize) -> Option<Span> {
        let (start, word) = self.word_at(offset)?;
        if let Some(def) = self
            .file
            .rules
            .iter()
            .find(|r| r.span.start() <= offset && offset <= r.span.end())
        {
            if def.name.span.start() == start {
                return None;
            }
            if self.text()[..start].ends_with('.') {
                return None;
            }
            if let Some(span) = super::rules::local_span(def, offset, word) {
                return Some(span);
            }
            return declared_spans(def)
                .into_iter()
                .find(|n| n.node == word)
                .map(|n| n.span);
        }
        let (sc, stmt) = self.stmt_at(offset)?;
        let named = |n: &Spanned<String>| n.span.start() <= offset && offset <= n.span.end();
        match &stmt.node {
            Stmt::Game(n) if named(n) => self
                .file
                .rules
                .iter()
                .find(|r| r.name.node == n.node)
                .map(|r| r.name.span),
            Stmt::Rule { name, .. } | Stmt::Set { name, .. } if named(name) => {
                let def = self.local_rules_of(sc)?;
                declared_spans(def)
                    .into_iter()
                    .find(|n| n.node == name.node)
                    .map(|n| n.span)
            }
            Stmt::Piece { id, .. } if id.span.start() <= offset && offset <= id.span.end() => {
                let def = self.local_rules_of(sc)?;
                piece_name(def, word).map(|n| n.span)
            }
            _ => None,
        }
    }

    /// Where the name at `offset` is defined in another file, for a rules
    /// game an import defines: the block of a `game NAME`, the param of a
    /// `rule NAME`, the var of a `set NAME`, the piece of a `piece NAME`.
    /// The file (its loader's key and text) and the span in that text.
    pub fn definition_elsewhere(&self, offset: usize) -> Option<(&str, &str, Span)> {
        let offset = self.floor(offset);
        let (sc, stmt) = self.stmt_at(offset)?;
        let Some(Stmt::Game(game)) = sc.stmts.first().map(|s| &s.node) else {
            return None;
        };
        let (def, Some(file)) = self.rules_named(&game.node)? else {
            return None;
        };
        let named = |n: &Spanned<String>| n.span.start() <= offset && offset <= n.span.end();
        let span = match &stmt.node {
            Stmt::Game(n) if named(n) => def.name.span,
            Stmt::Rule { name, .. } | Stmt::Set { name, .. } if named(name) => {
                declared_spans(def)
                    .into_iter()
                    .find(|n| n.node == name.node)?
                    .span
            }
            Stmt::Piece { id, .. } if id.span.start() <= offset && offset <= id.span.end() => {
                let (_, word) = self.word_at(offset)?;
                piece_name(def, word)?.span
            }
            _ => return None,
        };
        Some((&file.key, &file.text, span))
    }
}

/// A named piece's declaration.
fn piece_name<'d>(def: &'d RulesDef, word: &str) -> Option<&'d Spanned<String>> {
    def.parts.iter().find_map(|p| match &p.node {
        Part::Piece {
            names: PieceNames::Named(ns),
            ..
        } => ns.iter().find(|n| n.node == word),
        _ => None,
    })
}

impl Analysis {
    /// Hover on a statement of a rules game's scenario: on `game NAME` the
    /// block's players, params, objective and answers; on `rule NAME` the
    /// param's domain and default; on `set NAME` the var; on `solve` and
    /// `expect FIELD` what the objective answers. `None`: the statement's
    /// help as for any game.
    pub(super) fn rules_hover_in_scenario(
        &self,
        sc: &Scenario,
        stmt: &Spanned<Stmt>,
    ) -> Option<String> {
        let def = self.rules_of(sc)?;
        Some(match &stmt.node {
            Stmt::Game(n) => {
                let (_, file) = self.rules_named(&n.node)?;
                let from = file.map(|f| f.key.rsplit('/').next().unwrap_or(&f.key));
                game_text(def, from)
            }
            Stmt::Rule { name, .. } => {
                let d = params(def).into_iter().find(|d| d.name.node == name.node)?;
                let default = d.value.as_ref().map_or("none".into(), expr);
                format!(
                    "**param `{}`** of `{}`: `{}`\n\nvalues: {}; default {default}",
                    d.name.node,
                    def.name.node,
                    decl_text("param", d),
                    values(def, d).join(", ")
                )
            }
            Stmt::Set { name, .. } => {
                let d = vars(def).into_iter().find(|d| d.name.node == name.node)?;
                format!(
                    "**set**: a var of `{}`: `{}`",
                    def.name.node,
                    decl_text("var", d)
                )
            }
            Stmt::Query(q) if q.kind == crate::syntax::ast::QueryKind::Solve => {
                format!(
                    "**solve**: the objective of `{}`\n\n{}",
                    def.name.node,
                    answers_text(def)
                )
            }
            Stmt::Expect { field, .. } => {
                let o = objective_of(def)?;
                let f = o.fields().iter().find(|f| f.name() == field.node)?;
                format!(
                    "**expect**: checks a field of the last `solve`'s answer\n\n`{}`: {} (`solve {}`)",
                    field.node,
                    field_meaning(o, *f),
                    objective(o)
                )
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests_support {
    /// A two-player game with params of each kind, vars, fielded pieces.
    pub const DUEL: &str = "rules duel {\n  players A B\n  param steps: orthogonal | king = orthogonal\n  param reach: 1..4 = 2\n  param wrap: bool = false\n  layer open: bool\n  var turns: 0..9 = 0\n  var mode: calm | wild = calm\n  piece A, B { at: cell, power: 0..3 }\n  when stuck: lose\n  turn {\n    choose d in directions(steps) where open[step(me.at, d)]\n    me.at = step(me.at, d)\n  }\n  solve moves\n}\n";
}

#[cfg(test)]
mod tests {
    use super::tests_support::DUEL;
    use super::*;
    use crate::ide::fixture::{cursor, labels, ranges};
    use crate::ide::Answers;

    /// `DUEL` and a scenario of it whose one line is `line`.
    fn duel(line: &str) -> String {
        format!("{DUEL}scenario \"s\" {{\n  game duel\n  {line}\n}}\n")
    }

    fn hover(fixture: &str) -> String {
        let (text, at) = cursor(fixture);
        Analysis::new(&text)
            .hover(at, &Answers::default())
            .map(|h| h.markdown)
            .unwrap_or_default()
    }

    #[test]
    fn rule_offers_the_params_then_their_values() {
        assert_eq!(
            labels(&duel("rule $0")),
            ["origin", "first", "steps", "reach", "wrap"]
        );
        assert_eq!(labels(&duel("rule steps $0")), ["orthogonal", "king"]);
        assert_eq!(labels(&duel("rule reach $0")), ["1", "4"]);
        assert_eq!(labels(&duel("rule wrap $0")), ["true", "false"]);
        assert_eq!(labels(&duel("rule first $0")), ["A", "B"]);
        assert_eq!(labels(&duel("rule origin $0")), ["0", "1"]);
        let (text, at) = cursor(&duel("rule $0"));
        let reach = Analysis::new(&text).completions(at);
        assert_eq!(reach[3].detail, "param reach: 1..4 = 2");
    }

    #[test]
    fn expect_offers_the_objectives_fields_then_the_players() {
        assert_eq!(labels(&duel("expect $0")), ["answer", "moves", "winner"]);
        assert_eq!(labels(&duel("expect winner $0")), ["A", "B", "draw"]);
        assert!(labels(&duel("expect moves $0")).is_empty());
        let outcome = duel("expect answer $0").replace("solve moves", "solve outcome");
        assert_eq!(labels(&outcome), ["A", "B", "draw"]);
    }

    #[test]
    fn set_piece_and_with_offer_the_blocks_vars_pieces_and_fields() {
        assert_eq!(labels(&duel("set $0")), ["turns", "mode"]);
        assert_eq!(labels(&duel("set mode $0")), ["calm", "wild"]);
        assert_eq!(labels(&duel("piece $0")), ["A", "B"]);
        assert_eq!(labels(&duel("piece A at (0, 0) $0")), ["with"]);
        assert_eq!(labels(&duel("piece A at (0, 0) with $0")), ["at", "power"]);
        assert_eq!(labels(&duel("piece A at (0, 0) with power $0")), ["0", "3"]);
        let numbered = DUEL.replace(
            "piece A, B { at: cell, power: 0..3 }",
            "piece 1..3 { at: cell }",
        );
        let text = format!("{numbered}scenario \"s\" {{\n  game duel\n  piece $0\n}}\n");
        assert_eq!(labels(&text), ["1", "2", "3"]);
    }

    #[test]
    fn a_statement_start_offers_the_rules_games_statements() {
        let got = labels(&duel("$0"));
        for w in ["set", "rule", "play", "expect", "piece"] {
            assert!(got.iter().any(|l| l == w), "{w} in {got:?}");
        }
        assert!(!got.iter().any(|l| l == "game"), "{got:?}");
    }

    #[test]
    fn game_offers_the_built_in_and_the_files_rules_games() {
        let text = format!("{DUEL}scenario \"s\" {{\n  game $0\n}}\n");
        assert_eq!(labels(&text), ["footholds", "yut", "stacking", "duel"]);
    }

    #[test]
    fn hover_on_game_names_players_params_and_what_each_answer_means() {
        let md = hover(&duel("solve").replace("game duel", "game du$0el"));
        assert!(
            md.starts_with(
                "**rules game `duel`**: players A B; `param steps: orthogonal | king = orthogonal`"
            ),
            "{md}"
        );
        assert!(
            md.contains(
                "`solve moves` answers:\n- `answer`: the total moves when both play perfectly"
            ),
            "{md}"
        );
        assert!(
            md.contains("\n- `winner`: the player who wins, or draw"),
            "{md}"
        );
    }

    #[test]
    fn hover_on_rule_solve_and_expect_in_a_rules_scenario() {
        let rule = hover(&duel("rule re$0ach 3"));
        assert_eq!(
            rule,
            "**param `reach`** of `duel`: `param reach: 1..4 = 2`\n\nvalues: 1, 4; default 2"
        );
        let solve = hover(&duel("so$0lve"));
        assert!(solve.contains("- `moves`: moves with best play"), "{solve}");
        let expect = hover(&duel("solve\n  expect an$0swer 3"));
        assert!(
            expect.contains("`answer`: the total moves when both play perfectly")
                && expect.contains("(`solve moves`)"),
            "{expect}"
        );
        let set = hover(&duel("set mo$0de wild"));
        assert_eq!(
            set,
            "**set**: a var of `duel`: `var mode: calm | wild = calm`"
        );
    }

    #[test]
    fn definitions_lead_to_the_block_and_its_declarations() {
        let def = |fixture: &str, decl: &str| {
            let (text, at) = cursor(fixture);
            let span = Analysis::new(&text).definition(at).expect("a definition");
            let start = text.find(decl).expect("declared");
            assert_eq!(
                (span.start(), &text[span.range()]),
                (
                    start,
                    decl.split(':')
                        .next()
                        .unwrap()
                        .trim_start_matches("rules ")
                        .trim_end_matches(" {")
                )
            );
        };
        def(&duel("solve").replace("game duel", "game d$0uel"), "duel {");
        def(&duel("rule st$0eps king"), "steps:");
        def(&duel("set tu$0rns 2"), "turns:");
        def(&duel("piece B$0 at (0, 0)"), "B {");
        // Inside the block: a param, a layer, a local.
        let (text, spans) = ranges(&DUEL.replace("param steps", "param $0steps$0"));
        let at = text.find("directions(steps)").unwrap() + "directions(st".len();
        assert_eq!(Analysis::new(&text).definition(at), Some(spans[0]));
        let at = text.find("open[step").unwrap() + 1;
        let open = text.find("layer open").unwrap() + "layer ".len();
        assert_eq!(
            Analysis::new(&text).definition(at).map(|s| s.start()),
            Some(open)
        );
        let at = text.find("me.at, d)\n").unwrap() + "me.at, ".len();
        let d = text.find("choose d").unwrap() + "choose ".len();
        assert_eq!(
            Analysis::new(&text).definition(at).map(|s| s.start()),
            Some(d)
        );
    }
}

#[cfg(test)]
mod import_tests {
    use super::tests_support::*;
    use crate::check::imports::Loader;
    use crate::ide::fixture::cursor;
    use crate::ide::Analysis;
    use crate::pipeline::Importer;
    use std::sync::Arc;

    /// Files in memory, by path.
    #[derive(Debug)]
    struct Files(Vec<(&'static str, String)>);

    impl Loader for Files {
        fn load(&self, _from: &str, path: &str) -> Result<(String, String), String> {
            self.0
                .iter()
                .find(|(p, _)| *p == path)
                .map(|(p, t)| (format!("/games/{p}"), t.clone()))
                .ok_or_else(|| format!("no {path}"))
        }
    }

    /// The analysis of `fixture` (importing `lib.game`, which imports
    /// `duel.game`, which holds `DUEL`) and its cursor.
    fn importing(fixture: &str) -> (Analysis, usize) {
        let (text, at) = cursor(fixture);
        let files = Files(vec![
            ("lib.game", "import \"duel.game\"\n".to_string()),
            ("duel.game", DUEL.to_string()),
        ]);
        let importer = Importer {
            root: "/games/main.game".into(),
            loader: Arc::new(files),
        };
        (Analysis::with_importer(&text, importer), at)
    }

    fn scenario(line: &str) -> String {
        format!("import \"lib.game\"\nscenario \"s\" {{\n  game duel\n  {line}\n}}\n")
    }

    #[test]
    fn an_imported_rules_game_completes_hovers_and_leads_to_its_file() {
        let labels = |fixture: &str| -> Vec<String> {
            let (a, at) = importing(fixture);
            a.completions(at).into_iter().map(|c| c.label).collect()
        };
        assert_eq!(labels(&scenario("rule steps $0")), ["orthogonal", "king"]);
        assert_eq!(
            labels(&scenario("expect $0")),
            ["answer", "moves", "winner"]
        );
        let game = labels("import \"lib.game\"\nscenario \"s\" {\n  game $0\n}\n");
        assert_eq!(game, ["footholds", "yut", "stacking", "duel"]);
        let (a, at) = importing(&scenario("solve").replace("game duel", "game du$0el"));
        let md = a
            .hover(at, &crate::ide::Answers::default())
            .unwrap()
            .markdown;
        assert!(
            md.starts_with("**rules game `duel`** (from `duel.game`): players A B"),
            "{md}"
        );
        let (key, text, span) = a.definition_elsewhere(at).expect("in duel.game");
        assert_eq!(key, "/games/duel.game");
        assert_eq!(&text[span.range()], "duel");
        assert_eq!(span.start(), DUEL.find("duel").unwrap());
        assert_eq!(a.definition(at), None);
        // A param and a piece of the imported block: in its file too.
        for (line, decl) in [
            ("rule st$0eps king", "steps:"),
            ("piece B$0 at (0, 0)", "B {"),
        ] {
            let fixture = scenario(line);
            let (a, offset) = importing(&fixture);
            let (_, text, span) = a.definition_elsewhere(offset).expect(line);
            assert_eq!(span.start(), DUEL.find(decl).unwrap(), "{line}");
            assert_eq!(&text[span.range()], decl.split([':', ' ']).next().unwrap());
        }
        // Without the importer, nothing is known of the game.
        assert_eq!(labels(&scenario("rule reach $0")), ["1", "4"]);
        let (text, at) = cursor(&scenario("rule reach $0"));
        assert!(Analysis::new(&text).completions(at).is_empty());
    }
}

#[cfg(test)]
mod outline_tests {
    use super::tests_support::DUEL;
    use crate::ide::{Analysis, SymbolKind};

    #[test]
    fn the_outline_holds_the_rules_block_and_its_scenarios_game() {
        let text = format!("{DUEL}scenario \"s\" {{\n  game duel\n  solve\n}}\n");
        let symbols = Analysis::new(&text).symbols();
        let got: Vec<_> = symbols
            .iter()
            .map(|s| (s.name.as_str(), s.kind, s.detail.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                ("duel", SymbolKind::Rules, Some("solve moves")),
                ("s", SymbolKind::Scenario, Some("duel"))
            ]
        );
    }

    /// Hover inside the block: a var, a piece, a player, an enumeration
    /// value, each with its declaration.
    #[test]
    fn hover_in_the_block_covers_vars_pieces_and_values() {
        let text = DUEL.replace(
            "    me.at = step(me.at, d)\n",
            "    me.at = step(me.at, d)\n    turns += 1\n    mode = wild\n",
        );
        let at = |needle: &str| {
            let i = text.rfind(needle).unwrap() + 1;
            Analysis::new(&text)
                .hover(i, &crate::ide::Answers::default())
                .map(|h| h.markdown)
                .unwrap_or_default()
        };
        assert_eq!(at("turns += 1"), "`var turns: 0..9 = 0`");
        assert_eq!(at("wild\n"), "`a value of mode`");
        assert_eq!(at("mode = wild"), "`var mode: calm | wild = calm`");
    }
}
