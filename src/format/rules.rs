//! A `rules NAME { … }` block in the canonical layout (docs/fmt.md, *Rules
//! blocks*), written from its tree (`syntax::rules`): one part or statement
//! a line, blocks indented two spaces, a block of one short statement on
//! its header's line, a legend entry on one line.
//!
//! Comments stay where they were, by these rules: a comment on a line of
//! its own stays on a line of its own before the part, statement, entry or
//! `}` that follows it; a comment after the last token of a line's code
//! (a part, a statement, an entry, a header's `{` or a `}`) trails that
//! line; a comment inside one line's code (an expression written over
//! several lines, a legend entry's statements) moves to a line of its own
//! before that line.

use super::rules_expr::{self as x, expr};
use super::tree::{Blanks, Layout, INDENT};
use crate::syntax::rules::{self, Block, Decl, Part, PieceNames, Players, Stmt, StmtKind};
use crate::syntax::Rule;
use pest::iterators::Pair;

/// The widest line a block of one statement is joined onto its header in.
const WIDTH: usize = 100;

fn decls(ds: &[Decl]) -> String {
    ds.iter()
        .map(|d| {
            let mut t = format!("{}: {}", d.name.node, x::ty(&d.ty.node));
            if let Some(v) = &d.value {
                t.push_str(" = ");
                t.push_str(&expr(v));
            }
            t
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Layout<'_> {
    /// The end of the last token by `at`: a tree node's span may run on
    /// over the blanks and comments after it.
    fn tight(&self, mut at: usize) -> usize {
        loop {
            at = self.text[..at]
                .trim_end_matches([' ', '\t', '\r', '\n', '\u{FEFF}'])
                .len();
            match self.comments.iter().find(|c| c.start < at && at <= c.end) {
                Some(c) => at = c.start,
                None => return at,
            }
        }
    }

    /// A `rules_def` item.
    pub(super) fn rules(&mut self, item: Pair<'_, Rule>) {
        let mut diags = Vec::new();
        let def = rules::build::rules_def(item, 0, &mut diags);
        let open = self.punct(def.name.span.end(), '{');
        let close = def.span.end() - 1;
        self.hoist(def.span.start(), open, 0);
        self.code(0, format!("rules {} {{", def.name.node));
        let mut at = open + 1;
        for (i, part) in def.parts.iter().enumerate() {
            let blanks = Blanks::between(i > 0, true);
            self.gap(at, part.span.start(), INDENT, blanks);
            at = self.r_part(&part.node, part.span.start(), part.span.end());
        }
        let blanks = Blanks::between(!def.parts.is_empty(), false);
        self.gap(at, close, INDENT, blanks);
        self.code(0, "}");
    }

    /// A part starting at `start` (its span ends by `end`); returns where
    /// its last token ends.
    fn r_part(&mut self, part: &Part, start: usize, end: usize) -> usize {
        let end = self.tight(end);
        let line = match part {
            Part::Players(Players::Two(a, b)) => format!("players {} {}", a.node, b.node),
            Part::Players(Players::Solo) => "players solo".into(),
            Part::Players(Players::None) => "players none".into(),
            Part::Param(ds) => format!("param {}", decls(ds)),
            Part::Layer(ds) => format!("layer {}", decls(ds)),
            Part::Var(ds) => format!("var {}", decls(ds)),
            Part::Piece {
                placed,
                interchangeable,
                names,
                fields,
            } => {
                let names = match names {
                    PieceNames::Named(ns) => ns
                        .iter()
                        .map(|n| n.node.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    PieceNames::Numbered(lo, hi) => format!("{}..{}", expr(lo), expr(hi)),
                };
                let placed = match (*placed, interchangeable.is_some()) {
                    (true, true) => "placed interchangeable ",
                    (true, false) => "placed ",
                    (false, true) => "interchangeable ",
                    (false, false) => "",
                };
                if fields.is_empty() {
                    format!("piece {placed}{names} {{}}")
                } else {
                    format!("piece {placed}{names} {{ {} }}", decls(fields))
                }
            }
            Part::Neighbourhood(name, offsets) => {
                let offsets: Vec<String> = offsets
                    .iter()
                    .map(|o| format!("({}, {})", o.node.0, o.node.1))
                    .collect();
                format!("neighbourhood {}: {}", name.node, offsets.join(" "))
            }
            Part::Board(kind) => format!(
                "board {}",
                match kind {
                    rules::BoardKind::Grid => "grid",
                    rules::BoardKind::Track => "track",
                    rules::BoardKind::None => "none",
                }
            ),
            Part::Stuck(w) => format!("when stuck: {}", x::end_word(*w)),
            Part::Solve(o) => format!("solve {}", x::objective(o)),
            Part::Legend(entries) => {
                let open = self.punct(start, '{');
                let close = end - 1;
                if entries.is_empty() && self.comments_in(open, close).is_empty() {
                    self.hoist(start, end, INDENT);
                    self.code(INDENT, "legend {}");
                    return end;
                }
                self.hoist(start, open, INDENT);
                self.code(INDENT, "legend {");
                let inner = 2 * INDENT;
                let mut at = open + 1;
                for (i, e) in entries.iter().enumerate() {
                    self.gap(at, e.span.start(), inner, Blanks::between(i > 0, true));
                    let e_end = self.tight(e.span.end());
                    self.hoist(e.span.start(), e_end, inner);
                    let keys: Vec<&str> = e
                        .keys
                        .iter()
                        .map(|k| &self.text[k.span.start()..k.span.end()])
                        .collect();
                    let mut line = match &e.number {
                        Some(n) => format!("number {}:", n.node),
                        None => format!("{}:", keys.join(" ")),
                    };
                    let body: Vec<String> =
                        e.body.iter().map(|s| x::inline(s, self.text)).collect();
                    if !body.is_empty() {
                        line.push(' ');
                        line.push_str(&body.join("; "));
                    }
                    self.code(inner, line);
                    at = e_end;
                }
                self.gap(
                    at,
                    close,
                    inner,
                    Blanks::between(!entries.is_empty(), false),
                );
                self.code(INDENT, "}");
                return end;
            }
            Part::Output(field) => format!("output {}", field.node),
            Part::Input(format) => {
                let open = self.punct(start, '{');
                let close = end - 1;
                self.hoist(start, open, INDENT);
                self.code(INDENT, "input {");
                let inner = 2 * INDENT;
                let mut at = open + 1;
                let mut lines: Vec<(usize, usize, String)> = Vec::new();
                if let Some(c) = &format.cases {
                    let s = c.name.span.start();
                    let s = self.text[..s].rfind("cases").unwrap_or(s);
                    lines.push((s, c.range.hi.span.end(), format!("cases {c}")));
                }
                for item in &format.items {
                    // A requirement's expression in its canonical layout.
                    let text = match &item.node {
                        crate::syntax::rules::input::Item::Require { expr, .. } => {
                            format!("require {}", super::rules_expr::expr(expr))
                        }
                        other => other.to_string(),
                    };
                    lines.push((item.span.start(), item.span.end(), text));
                }
                for (i, (s, e, line)) in lines.iter().enumerate() {
                    self.gap(at, *s, inner, Blanks::between(i > 0, true));
                    let e_end = self.tight(*e);
                    self.hoist(*s, e_end, inner);
                    self.code(inner, line.clone());
                    at = e_end;
                }
                self.gap(at, close, inner, Blanks::between(!lines.is_empty(), false));
                self.code(INDENT, "}");
                return end;
            }
            Part::Setup(b) | Part::Turn(b) => {
                let word = if matches!(part, Part::Setup(_)) {
                    "setup"
                } else {
                    "turn"
                };
                let open = self.punct(start + word.len(), '{');
                self.hoist(start, open, INDENT);
                return self.r_block(word, b, open, INDENT);
            }
        };
        self.hoist(start, end, INDENT);
        self.code(INDENT, line);
        end
    }

    /// `HEADER {`, the statements of `b` (whose `{` is at `open`), `}`;
    /// returns where the `}` ends. The header's line is already out when
    /// `header` is empty.
    fn r_block(&mut self, header: &str, b: &Block, open: usize, indent: usize) -> usize {
        let mut at = open + 1;
        let close_after = |l: &Self, at: usize| l.punct(at, '}');
        if b.is_empty() {
            let close = close_after(self, at);
            if self.comments_in(at, close).is_empty() {
                self.code(indent, format!("{header} {{}}"));
                return close + 1;
            }
        }
        self.code(indent, format!("{header} {{"));
        let inner = indent + INDENT;
        for (i, s) in b.iter().enumerate() {
            self.gap(at, s.span.start(), inner, Blanks::between(i > 0, true));
            at = self.r_stmt(s, inner);
        }
        let close = close_after(self, at);
        self.gap(at, close, inner, Blanks::between(!b.is_empty(), false));
        self.code(indent, "}");
        close + 1
    }

    /// A statement; returns where it ends.
    fn r_stmt(&mut self, s: &Stmt, indent: usize) -> usize {
        let start = s.span.start();
        let end = self.tight(s.span.end());
        if let Some(line) = x::simple(s, self.text) {
            self.hoist(start, end, indent);
            self.code(indent, line);
            return end;
        }
        // A block of one simple statement, no comment inside: one line.
        let single = match &s.kind {
            StmtKind::If(arms, None) => arms.len() == 1 && one_simple(&arms[0].1),
            StmtKind::For { body, .. }
            | StmtKind::Repeat(_, body)
            | StmtKind::While(_, _, body)
            | StmtKind::Simultaneously(body) => one_simple(body),
            _ => false,
        };
        if single {
            // Past the `}` after its one statement.
            let inner = match &s.kind {
                StmtKind::If(arms, _) => &arms[0].1[0],
                StmtKind::For { body, .. }
                | StmtKind::Repeat(_, body)
                | StmtKind::While(_, _, body)
                | StmtKind::Simultaneously(body) => &body[0],
                _ => s,
            };
            let close = self.punct(self.tight(inner.span.end()), '}') + 1;
            let line = x::inline(s, self.text);
            if self.comments_in(start, close).is_empty() && indent + line.chars().count() <= WIDTH {
                self.code(indent, line);
                return close;
            }
        }
        match &s.kind {
            StmtKind::If(arms, other) => {
                let mut at = start;
                for (i, (cond, body)) in arms.iter().enumerate() {
                    let open = self.punct(self.tight(cond.span.end()), '{');
                    let header = if i == 0 {
                        self.hoist(at, open, indent);
                        format!("if {}", expr(cond))
                    } else {
                        self.hoist(at, open, indent + INDENT);
                        format!("}} else if {}", expr(cond))
                    };
                    at = self.r_arm(&header, body, open, indent);
                }
                if let Some(body) = other {
                    let open = self.punct(at, '{');
                    self.hoist(at, open, indent + INDENT);
                    at = self.r_arm("} else", body, open, indent);
                }
                self.code(indent, "}");
                at
            }
            StmtKind::For { body, .. }
            | StmtKind::Repeat(_, body)
            | StmtKind::While(_, _, body)
            | StmtKind::Simultaneously(body) => {
                let from = match &s.kind {
                    StmtKind::For { set, cond, .. } => cond.as_ref().unwrap_or(set).span.end(),
                    StmtKind::Repeat(n, _) | StmtKind::While(_, n, _) => n.span.end(),
                    _ => start + "simultaneously".len(),
                };
                let open = self.punct(self.tight(from), '{');
                self.hoist(start, open, indent);
                self.r_block(&x::header(s), body, open, indent)
            }
            _ => end,
        }
    }

    /// `HEADER {` and the statements of `b`, without the closing `}` (an
    /// `if` arm's: `} else …` or `}` follows); returns where its `}` ends.
    fn r_arm(&mut self, header: &str, b: &Block, open: usize, indent: usize) -> usize {
        self.code(indent, format!("{header} {{"));
        let inner = indent + INDENT;
        let mut at = open + 1;
        for (i, s) in b.iter().enumerate() {
            self.gap(at, s.span.start(), inner, Blanks::between(i > 0, true));
            at = self.r_stmt(s, inner);
        }
        let close = self.punct(at, '}');
        self.gap(at, close, inner, Blanks::between(!b.is_empty(), false));
        close + 1
    }
}

/// Whether `b` is one statement without a block.
fn one_simple(b: &Block) -> bool {
    matches!(b.as_slice(), [s] if !has_block(s))
}

fn has_block(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::If(..)
            | StmtKind::For { .. }
            | StmtKind::Repeat(..)
            | StmtKind::While(..)
            | StmtKind::Simultaneously(_)
    )
}
