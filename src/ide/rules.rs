//! The language server inside `rules NAME { … }` blocks and in scenarios
//! of a rules game: completion and hover from the block's tree and the
//! dialect table (`RULES_WORDS`, `RULES_FUNCTIONS`, `RULES_NAMES`).

use super::complete::{item, Completion, CompletionKind as K};
use super::hover::Hover;
use super::Analysis;
use crate::source::Span;
use crate::syntax::ast::{Scenario, Spanned, Stmt};
use crate::syntax::dialect::{self, RULES_FUNCTIONS, RULES_NAMES, RULES_WORDS};
use crate::syntax::rules::{Block, Decl, Part, RulesDef, StmtKind, Type};
use std::borrow::Cow;

/// The words that start a part.
const PARTS: &[&str] = &[
    "players",
    "param",
    "layer",
    "var",
    "piece",
    "legend",
    "neighbourhood",
    "board",
    "setup",
    "when",
    "turn",
    "solve",
];

/// The words that start a statement.
const STATEMENTS: &[&str] = &[
    "let",
    "if",
    "for",
    "repeat",
    "while",
    "choose",
    "require",
    "roll",
    "win",
    "lose",
    "draw",
    "stop",
    "score",
    "print",
    "simultaneously",
    "swap",
    "push",
    "push_front",
    "pop",
    "pop_front",
    "next",
    "break",
];

/// The objectives after `solve`.
const OBJECTIVES: &[&str] = &[
    "moves", "outcome", "score", "max", "min", "shortest", "longest", "simulate",
];

fn help(word: &str) -> &'static str {
    RULES_WORDS
        .iter()
        .chain(dialect::keywords())
        .find(|w| w.name == word)
        .map_or("", |w| w.help)
}

fn words(ws: &[&str]) -> Vec<Completion> {
    ws.iter().map(|w| item(w, K::Keyword, help(w))).collect()
}

fn within(span: Span, offset: usize) -> bool {
    span.start() <= offset && offset <= span.end()
}

/// The text under `span`, as far as `text` holds it: a block cut short
/// (`var x: 0..1` at the end of the file) is read with its missing closing
/// braces, and its last part's span may end past the text.
fn written(text: &str, span: Span) -> &str {
    let end = span.end().min(text.len());
    text.get(span.start().min(end)..end).unwrap_or("")
}

/// A declaration's line: `param steps: orthogonal | king = orthogonal`.
fn decl_line(text: &str, kind: &str, d: &Decl) -> String {
    let ty = written(text, d.ty.span);
    match &d.value {
        Some(v) => format!(
            "{kind} {}: {} = {}",
            d.name.node,
            ty.trim(),
            written(text, v.span).trim()
        ),
        None => format!("{kind} {}: {}", d.name.node, ty.trim()),
    }
}

/// Every name a block declares, with its declaration's line.
fn declared(text: &str, def: &RulesDef) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for p in &def.parts {
        match &p.node {
            Part::Players(crate::syntax::rules::Players::Two(a, b)) => {
                out.push((a.node.clone(), format!("player {}", a.node)));
                out.push((b.node.clone(), format!("player {}", b.node)));
            }
            Part::Param(ds) => ds
                .iter()
                .for_each(|d| out.push((d.name.node.clone(), decl_line(text, "param", d)))),
            Part::Layer(ds) => ds
                .iter()
                .for_each(|d| out.push((d.name.node.clone(), decl_line(text, "layer", d)))),
            Part::Var(ds) => ds
                .iter()
                .for_each(|d| out.push((d.name.node.clone(), decl_line(text, "var", d)))),
            Part::Piece {
                names: crate::syntax::rules::PieceNames::Named(ns),
                ..
            } => {
                for n in ns {
                    out.push((n.node.clone(), format!("piece {}", n.node)));
                }
            }
            Part::Neighbourhood(n, _) => {
                out.push((n.node.clone(), format!("neighbourhood {}", n.node)))
            }
            _ => {}
        }
        // An enumeration's values are names too.
        let enums = |ds: &[Decl], out: &mut Vec<(String, String)>| {
            for d in ds {
                if let Type::Enum(vs) = &d.ty.node {
                    for v in vs {
                        out.push((v.node.clone(), format!("a value of {}", d.name.node)));
                    }
                }
            }
        };
        match &p.node {
            Part::Param(ds) | Part::Layer(ds) | Part::Var(ds) => enums(ds, &mut out),
            Part::Piece { fields, .. } => enums(fields, &mut out),
            _ => {}
        }
    }
    out
}

/// The pieces' fields, with their declarations' lines.
fn fields(text: &str, def: &RulesDef) -> Vec<(String, String)> {
    let mut out = vec![
        (
            "row".to_string(),
            "c.row: a cell's row (from 0)".to_string(),
        ),
        (
            "col".to_string(),
            "c.col: a cell's column (from 0)".to_string(),
        ),
    ];
    for p in &def.parts {
        if let Part::Piece { fields, .. } = &p.node {
            for d in fields {
                if !out.iter().any(|(n, _)| *n == d.name.node) {
                    out.push((d.name.node.clone(), decl_line(text, "field", d)));
                }
            }
        }
    }
    out
}

/// The local names bound at `offset` in `block`: `let`, `choose`, `roll`
/// before it, a `for`'s variable in its body; each with what binds it.
fn bound<'b>(block: &'b Block, offset: usize, out: &mut Vec<(&'b Spanned<String>, &'static str)>) {
    for s in block {
        let binds = match &s.kind {
            StmtKind::Let(n, _) => Some((n, "let")),
            StmtKind::Choose { var, .. } => Some((var, "chosen")),
            StmtKind::Roll(n, ..) => Some((n, "rolled")),
            _ => None,
        };
        if s.span.end() <= offset {
            out.extend(binds);
            continue;
        }
        if s.span.start() > offset {
            break;
        }
        // The statement holds the cursor: the name it binds, its blocks.
        out.extend(binds);
        match &s.kind {
            StmtKind::For { var, body, .. } => {
                out.push((var, "for"));
                bound(body, offset, out);
            }
            StmtKind::If(arms, other) => {
                for (_, b) in arms {
                    bound(b, offset, out);
                }
                if let Some(b) = other {
                    bound(b, offset, out);
                }
            }
            StmtKind::Repeat(_, b) | StmtKind::While(_, _, b) | StmtKind::Simultaneously(b) => {
                bound(b, offset, out)
            }
            _ => {}
        }
    }
}

/// [`bound`] with each name's line: `let x`, `chosen d`.
fn locals(block: &Block, offset: usize, out: &mut Vec<(String, String)>) {
    let mut names = Vec::new();
    bound(block, offset, &mut names);
    out.extend(
        names
            .into_iter()
            .map(|(n, kind)| (n.node.clone(), format!("{kind} {}", n.node))),
    );
}

/// Where the local `word` used at `offset` in `def` is bound (the latest
/// binding in scope): in a `setup`, a `turn` or a legend entry.
pub(super) fn local_span(def: &RulesDef, offset: usize, word: &str) -> Option<Span> {
    let part = def.parts.iter().find(|p| within(p.span, offset))?;
    let block = match &part.node {
        Part::Setup(b) | Part::Turn(b) => b,
        Part::Legend(entries) => {
            let e = entries.iter().find(|e| within(e.span, offset))?;
            if let Some(n) = e.number.as_ref().filter(|n| n.node == word) {
                return Some(n.span);
            }
            &e.body
        }
        _ => return None,
    };
    let mut names = Vec::new();
    bound(block, offset, &mut names);
    names
        .into_iter()
        .rev()
        .find(|(n, _)| n.node == word)
        .map(|(n, _)| n.span)
}

/// After `play` in a rules game, `typed` the move's words so far: the next
/// word of each legal move (`legal`, as [`crate::workspace::Workspace::legal_plays`]
/// gives them: the mover first in a two-player game) that starts with them.
pub(super) fn next_move_words(typed: &[&str], legal: &[String]) -> Vec<Completion> {
    let mut out: Vec<Completion> = Vec::new();
    for m in legal {
        let words: Vec<&str> = m.split(' ').collect();
        let Some(next) = words.strip_prefix(typed).and_then(|rest| rest.first()) else {
            continue;
        };
        if !out.iter().any(|c| c.label == *next) {
            out.push(item(
                next,
                K::Value,
                format!("`play {m}`: a legal move here"),
            ));
        }
    }
    out
}

/// What a client holding a partial text (the REPL, with a block still
/// open) offers at `offset` when it lies inside a `rules NAME {` block: the
/// language server's completions there. `None` outside a rules block.
pub fn complete_in_rules(text: &str, offset: usize) -> Option<Vec<Completion>> {
    let offset = offset.min(text.len());
    if !in_rules_text(text, offset) {
        return None;
    }
    // The blocks still open are closed after the cursor, so that the text
    // reads as a whole file.
    let before = &text[..offset];
    let open = crate::ide::tokens(before)
        .into_iter()
        .fold(0i64, |depth, t| match &before[t.range] {
            "{" => depth + 1,
            "}" => depth - 1,
            _ => depth,
        })
        .max(0) as usize;
    let closed = format!("{before}\n{}", "}\n".repeat(open));
    Some(Analysis::new(&closed).completions(offset))
}

/// Whether `offset` lies inside the braces of a `rules NAME {` of `text`,
/// by its tokens (whatever its syntax errors).
fn in_rules_text(text: &str, offset: usize) -> bool {
    let mut depth = 0usize;
    let mut inside: Option<usize> = None;
    let mut heading = false;
    for t in crate::ide::tokens(text) {
        if t.range.start >= offset {
            break;
        }
        match &text[t.range.clone()] {
            "{" => {
                depth += 1;
                if std::mem::take(&mut heading) {
                    inside = Some(depth);
                }
            }
            "}" => {
                if inside == Some(depth) {
                    inside = None;
                }
                depth = depth.saturating_sub(1);
            }
            "rules" if depth == 0 => heading = true,
            _ => {}
        }
    }
    inside.is_some()
}

impl Analysis {
    /// The rules block that holds `offset`. While the line being typed
    /// breaks the block (`me.` before its field), the block as read with
    /// that line blanked out.
    pub(super) fn rules_at(&self, offset: usize) -> Option<Cow<'_, RulesDef>> {
        if let Some(def) = self.file.rules.iter().find(|r| within(r.span, offset)) {
            return Some(Cow::Borrowed(def));
        }
        if !in_rules_text(self.text(), offset) {
            return None;
        }
        let (start, end) = self.line_around(offset);
        let mut text = self.text().to_string();
        text.replace_range(start..end, &" ".repeat(end - start));
        let (file, _) = crate::syntax::parse(&text);
        file.rules
            .into_iter()
            .find(|r| within(r.span, offset))
            .map(Cow::Owned)
    }

    /// After `play` in a scenario of a rules game (of this file or an
    /// import): the next words of the legal moves of the position the
    /// scenario's statements before this line build (its declarations,
    /// `rule`s, `set`s and moves; its queries are not run), within the
    /// default limits. `None`: not such a place, or no position yet.
    pub(super) fn rules_play_completions(
        &self,
        offset: usize,
        words_before: &[&str],
    ) -> Option<Vec<Completion>> {
        let at = words_before.iter().rposition(|w| *w == "play")?;
        if words_before[..at]
            .iter()
            .any(|w| crate::syntax::dialect::starts_line(w))
        {
            return None;
        }
        let legal = self.legal_plays_before(offset)?;
        Some(next_move_words(&words_before[at + 1..], &legal))
    }

    /// The legal moves (as [`crate::workspace::Workspace::legal_plays`]
    /// names them) of the position that the statements before the line of
    /// `offset` build, in a scenario of a rules game.
    fn legal_plays_before(&self, offset: usize) -> Option<Vec<String>> {
        // The file as read with the line being typed blanked out: a
        // half-typed `play` may break the scenario's block.
        let limits = crate::limits::Limits::default();
        if self.text().len() > limits.source_bytes {
            return None;
        }
        let (line_start, end) = self.line_around(offset);
        let mut text = self.text().to_string();
        text.replace_range(line_start..end, &" ".repeat(end - line_start));
        let (parsed, _) = crate::syntax::parse(&text);
        let sc = parsed.scenarios.iter().find(|s| within(s.span, offset))?;
        let Some(Stmt::Game(name)) = sc.stmts.first().map(|s| &s.node) else {
            return None;
        };
        if crate::games::GameKind::from_name(&name.node).is_some() {
            return None;
        }
        let stmts = sc
            .stmts
            .iter()
            .filter(|s| s.span.end() <= line_start)
            .filter(|s| !matches!(s.node, Stmt::Query(_) | Stmt::Expect { .. }))
            .cloned()
            .collect();
        let file = crate::syntax::ast::File {
            scenarios: vec![Scenario {
                stmts,
                ..sc.clone()
            }],
            tracks: parsed.tracks.clone(),
            rules: parsed.rules.clone(),
            imports: parsed.imports.clone(),
            unread_rules: parsed.unread_rules.clone(),
        };
        let checked = crate::pipeline::check_parsed_importing(
            file,
            Vec::new(),
            0,
            &limits,
            self.importer.as_ref(),
        )
        .ok()?;
        let (game, opts) = checked.plans.first()?.clone();
        let mut runner = crate::interp::Runner::new(game, opts);
        for s in &checked.file.scenarios.first()?.stmts {
            runner.exec(s, &checked.defs, &limits, &mut |_| {});
        }
        runner.legal_plays()
    }

    /// What may be written at `offset` in `def`, after `words` on its line.
    pub(super) fn rules_completions(
        &self,
        def: &RulesDef,
        offset: usize,
        words_before: &[&str],
    ) -> Vec<Completion> {
        let text = self.text();
        // The word being typed, and what is right before it.
        let typed = text[..offset]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .map_or(0, |i| i + 1);
        if text[..typed].ends_with('.') && !text[..typed].ends_with("..") {
            return fields(text, def)
                .into_iter()
                .map(|(n, d)| item(&n, K::Field, d))
                .collect();
        }
        let part = def.parts.iter().find(|p| within(p.span, offset));
        match words_before {
            ["solve"] => return words(OBJECTIVES),
            ["solve", "max" | "min"] => return words(&["score"]),
            ["players"] => return words(&["solo", "none"]),
            ["board"] => return words(&["grid", "track", "none"]),
            ["when"] => return words(&["stuck"]),
            ["when", "stuck:"] => return words(&["win", "lose", "draw", "stop"]),
            _ => {}
        }
        let block = match part.map(|p| &p.node) {
            Some(Part::Setup(b) | Part::Turn(b)) => Some(b.clone()),
            Some(Part::Legend(entries)) => entries
                .iter()
                .find(|e| within(e.span, offset))
                .map(|e| e.body.clone()),
            _ => None,
        };
        let in_block = matches!(
            part.map(|p| &p.node),
            Some(Part::Setup(_) | Part::Turn(_) | Part::Legend(_))
        );
        if !in_block && words_before.is_empty() {
            return words(PARTS);
        }
        let mut out = Vec::new();
        if in_block && words_before.is_empty() {
            out.extend(words(STATEMENTS));
        }
        let mut names = declared(text, def);
        if let Some(b) = &block {
            locals(b, offset, &mut names);
        }
        if let Some(Part::Legend(entries)) = part.map(|p| &p.node) {
            names.push(("here".into(), "here: the cell the entry reads".into()));
            if let Some(n) = entries
                .iter()
                .find(|e| within(e.span, offset))
                .and_then(|e| e.number.as_ref())
            {
                names.push((n.node.clone(), format!("number {}", n.node)));
            }
        }
        out.extend(names.into_iter().map(|(n, d)| item(&n, K::Name, d)));
        out.extend(RULES_FUNCTIONS.iter().map(|f| {
            item(
                f.name,
                K::Function,
                format!("{}: {}", f.signature(), f.help),
            )
        }));
        out.extend(RULES_NAMES.iter().map(|w| item(w.name, K::Name, w.help)));
        out.extend(
            dialect::directions().map(|d| item(d, K::Direction, "a direction (type `dir`)")),
        );
        out.extend(words(&[
            "not", "and", "or", "true", "false", "if", "all", "any", "count", "sum", "max", "min",
            "find",
        ]));
        let mut seen = std::collections::HashSet::new();
        out.retain(|c| seen.insert(c.label.clone()));
        out
    }

    /// What the word at `offset` in `def` means: a declared name's
    /// declaration, a function's signature and doc, a word's doc.
    pub(super) fn rules_hover(&self, def: &RulesDef, offset: usize) -> Option<Hover> {
        let (start, word) = self.word_at(offset)?;
        let span = Span::new(start, start + word.len());
        let text = self.text();
        let after = text[span.end()..].trim_start();
        let markdown = if let Some(f) = RULES_FUNCTIONS
            .iter()
            .find(|f| f.name == word && after.starts_with('('))
        {
            format!("**`{}`**: {}", f.signature(), f.help)
        } else if text[..start].ends_with('.') {
            let (_, d) = fields(text, def).into_iter().find(|(n, _)| n == word)?;
            format!("`{d}`")
        } else {
            let mut names = declared(text, def);
            for p in &def.parts {
                if let Part::Setup(b) | Part::Turn(b) = &p.node {
                    if within(p.span, offset) {
                        locals(b, offset, &mut names);
                    }
                }
            }
            if let Some((_, d)) = names.iter().rev().find(|(n, _)| n == word) {
                format!("`{d}`")
            } else if let Some(w) = RULES_WORDS
                .iter()
                .chain(RULES_NAMES)
                .chain(dialect::keywords())
                .find(|w| w.name == word)
            {
                format!("**{}**: {}", w.name, w.help)
            } else if dialect::directions().any(|d| d == word) || word == "none" {
                format!("**{word}**: a direction (type `dir`)")
            } else {
                return None;
            }
        };
        Some(Hover { span, markdown })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::answers::Answers;
    use crate::ide::fixture::{cursor, labels};

    const GAME: &str = "rules walk {\n  players A B\n  param steps: orthogonal | king = orthogonal\n  layer foothold: bool\n  piece A, B { at: cell }\n  when stuck: lose\n  turn {\n    let here2 = me.at\n    choose d in directions(steps) where foothold[step(me.at, d)]\n    $BODY\n  }\n  solve moves\n}\n";

    fn game(body: &str) -> String {
        GAME.replace("$BODY", body)
    }

    const STONES: &str = "rules stones {\n  players A B\n  layer foothold: bool\n  legend {\n    \"1\": foothold[here] = true\n    \"0\": foothold[here] = false\n  }\n  piece A, B { at: cell }\n  when stuck: lose\n  turn {\n    lose if not foothold[me.at]\n    choose d in directions(orthogonal) where foothold[step(me.at, d)]\n    foothold[me.at] = false\n    me.at = step(me.at, d)\n  }\n  solve moves\n}\nscenario \"s\" {\n  game stones\n  board {\n    1 1 1\n    0 0 1\n  }\n  piece A at (0, 0)\n  piece B at (1, 2)\n  solve\n  $PLAYS\n}\n";

    /// Issue 29 item 7: after `play` in a scenario of a rules game, the
    /// legal moves of the position the statements above build.
    #[test]
    fn a_rules_block_still_open_completes_its_own_words() {
        let open = "rules t {\n  players solo\n  var n: 0..3 = 0\n  turn {\n    n";
        let labels: Vec<String> = complete_in_rules(open, open.len())
            .expect("inside the block")
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert!(labels.iter().any(|l| l == "n"), "{labels:?}");
        assert!(!labels.iter().any(|l| l == "scenario"), "{labels:?}");
        let part = "rules t {\n  players solo\n  tu";
        let labels: Vec<String> = complete_in_rules(part, part.len())
            .expect("inside the block")
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert!(labels.iter().any(|l| l == "turn"), "{labels:?}");
        assert_eq!(complete_in_rules("scenario \"s\" {\n  ga", 19), None);
    }

    #[test]
    fn play_in_a_rules_games_scenario_offers_the_positions_legal_moves() {
        let at = |plays: &str| labels(&STONES.replace("$PLAYS", plays));
        // A to move, from the corner: right only (down is no foothold).
        assert_eq!(at("play $0"), ["A"]);
        assert_eq!(at("play A $0"), ["right"]);
        assert_eq!(at("play A r$0"), ["right"]);
        // After A's move, B's: up only ((1, 1) is no foothold).
        assert_eq!(at("play A right\n  play $0"), ["B"]);
        assert_eq!(at("play A right\n  play B $0"), ["up"]);
        // Above, a move the position does not have: no position, the words
        // of any game's `play`, as before.
        assert_eq!(at("play A down\n  play $0"), ["A", "B", "piece"]);
        // The same with statements below the cursor.
        let text = STONES.replace("$PLAYS", "play A right\n  play B $0\n  analyze");
        assert_eq!(labels(&text), ["up"]);
    }

    #[test]
    fn a_statement_start_in_a_turn_offers_statements_declared_names_locals_and_functions() {
        let got = labels(&game("$0"));
        for w in [
            "let",
            "choose",
            "win",
            "push_front",
            "foothold",
            "steps",
            "here2",
            "d",
            "A",
        ] {
            assert!(got.iter().any(|l| l == w), "{w} in {got:?}");
        }
        let (text, at) = cursor(&game("x = st$0"));
        let all = Analysis::new(&text).completions(at);
        let step = all.iter().find(|c| c.label == "step").expect("step");
        assert_eq!(step.kind, K::Function);
        assert!(step.detail.starts_with("step(c, d): "), "{}", step.detail);
        assert!(all
            .iter()
            .any(|c| c.label == "up-left" && c.kind == K::Direction));
        assert!(all
            .iter()
            .any(|c| c.label == "orthogonal" && c.kind == K::Name));
    }

    #[test]
    fn after_a_dot_come_the_fields_after_solve_the_objectives_between_parts_the_parts() {
        assert_eq!(labels(&game("me.$0")), ["row", "col", "at"]);
        let text = game("");
        let solve = text.replace("solve moves", "solve $0");
        assert_eq!(labels(&solve), OBJECTIVES);
        let between = text.replace("  when stuck: lose\n", "  $0\n");
        assert_eq!(labels(&between), PARTS);
        let stuck = text.replace("when stuck: lose", "when stuck: $0");
        assert_eq!(labels(&stuck), ["win", "lose", "draw", "stop"]);
    }

    #[test]
    fn a_scenario_of_a_rules_game_completes_its_params_and_objective_fields() {
        let text = game("");
        let rule = format!("{text}scenario \"s\" {{\n  game walk\n  rule $0\n}}\n");
        let got = labels(&rule);
        assert!(got.contains(&"steps".to_string()), "{got:?}");
        assert!(got.contains(&"origin".to_string()), "{got:?}");
        let expect = format!("{text}scenario \"s\" {{\n  game walk\n  expect $0\n}}\n");
        assert_eq!(labels(&expect), ["answer", "moves", "winner"]);
    }

    #[test]
    fn hover_gives_declarations_functions_and_words() {
        let hover = |fixture: &str| {
            let (text, at) = cursor(fixture);
            Analysis::new(&text)
                .hover(at, &Answers::default())
                .map(|h| h.markdown)
                .unwrap_or_default()
        };
        let text = game("foothold[me.at] = false");
        let at = |needle: &str, k: usize| {
            let i = text.rfind(needle).unwrap() + k;
            format!("{}$0{}", &text[..i], &text[i..])
        };
        assert_eq!(hover(&at("foothold[me", 2)), "`layer foothold: bool`");
        assert_eq!(
            hover(&at("steps)", 1)),
            "`param steps: orthogonal | king = orthogonal`"
        );
        assert!(hover(&at("step(me", 1)).starts_with("**`step(c, d)`**: the neighbour"));
        assert_eq!(hover(&at("me.at] =", 4)), "`field at: cell`");
        assert!(hover(&at("choose", 1)).starts_with("**choose**: `choose x in SET`"));
        assert!(
            hover(&at("d in", 0)).contains("chosen d"),
            "{}",
            hover(&at("d in", 0))
        );
    }

    #[test]
    fn diagnostics_in_a_rules_block_arrive_on_their_exact_span() {
        let text = game("foothol[me.at] = false");
        let a = Analysis::new(&text);
        let diags = a.diagnostics();
        let d = diags
            .iter()
            .find(|d| d.code.as_str() == "meeple::rules::name")
            .unwrap_or_else(|| panic!("{diags:?}"));
        let start = text.find("foothol[").unwrap();
        assert_eq!(
            (d.span.start(), d.span.end()),
            (start, start + "foothol".len())
        );
    }
}
