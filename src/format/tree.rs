//! The parse tree of a script → the lines of its canonical layout.

use super::comments::{self, Comment};
use super::lines::Line;
use crate::syntax::ast::{Int, Rows, Span, Spanned};
use crate::syntax::{ReadArrays, Rule};
use pest::iterators::Pair;

type P<'a> = Pair<'a, Rule>;

/// Spaces per level.
pub(super) const INDENT: usize = 2;

/// The lines of `text`, whose parse tree (`Rule::file`) is `file`. `text`
/// is `source` with the board `arrays` read by the pre-scan blanked to `[]`
/// (by the offset of their `[`); their cells are written from `source`.
pub(super) fn layout<'t>(
    text: &'t str,
    source: &'t str,
    arrays: &'t ReadArrays,
    file: P<'_>,
) -> Vec<Line> {
    let mut l = Layout {
        text,
        source,
        arrays,
        comments: comments::scan(source, file.clone()),
        lines: Vec::new(),
    };
    let mut at = 0;
    let mut first = true;
    for item in file.into_inner() {
        if !matches!(
            item.as_rule(),
            Rule::scenario | Rule::track_def | Rule::rules_def | Rule::import_def
        ) {
            continue;
        }
        let span = item.as_span();
        l.gap(
            at,
            span.start(),
            0,
            Blanks::between(!first, true).forced(!first),
        );
        if item.as_rule() == Rule::rules_def {
            l.rules(item);
        } else if item.as_rule() == Rule::import_def {
            // One line, kept as written (its comments with it).
            let raw = l.text[span.start()..span.end()].to_string();
            l.code(0, raw);
        } else {
            l.block(item);
        }
        at = span.end();
        first = false;
    }
    l.gap(at, text.len(), 0, Blanks::between(!first, false));
    l.lines
}

/// Where a gap may hold a blank line: where the original had one, and only
/// if something comes before (`lead`) or after (`tail`) it there.
#[derive(Clone, Copy)]
pub(super) struct Blanks {
    lead: bool,
    tail: bool,
    /// There must be one (between two scenarios or tracks).
    force: bool,
}

impl Blanks {
    pub(super) fn between(lead: bool, tail: bool) -> Blanks {
        Blanks {
            lead,
            tail,
            force: false,
        }
    }

    fn forced(self, force: bool) -> Blanks {
        Blanks { force, ..self }
    }
}

pub(super) struct Layout<'t> {
    pub(super) text: &'t str,
    source: &'t str,
    arrays: &'t ReadArrays,
    pub(super) comments: Vec<Comment>,
    pub(super) lines: Vec<Line>,
}

impl Layout<'_> {
    /// The comments that start in `from..to`.
    pub(super) fn comments_in(&self, from: usize, to: usize) -> Vec<Comment> {
        let i = self.comments.partition_point(|c| c.start < from);
        let j = self.comments.partition_point(|c| c.start < to);
        self.comments[i..j.max(i)].to_vec()
    }

    fn newlines(&self, from: usize, to: usize) -> usize {
        self.text[from..to].matches('\n').count()
    }

    pub(super) fn code(&mut self, indent: usize, code: impl Into<String>) {
        self.lines.push(Line::Code {
            indent,
            code: code.into(),
            comment: None,
        });
    }

    /// The blanks and comments between two tokens, `from..to`. A comment on
    /// the line of the token before trails it; the others get lines of their
    /// own at `indent`; blank lines shrink to one.
    pub(super) fn gap(&mut self, from: usize, to: usize, indent: usize, blanks: Blanks) {
        let mut mark = self.lines.len();
        let mut cursor = from;
        let mut pushed = false;
        let mut blank = false;
        for c in self.comments_in(from, to) {
            if !c.own_line && cursor == from {
                if let Some(Line::Code {
                    comment: slot @ None,
                    ..
                }) = self.lines.last_mut()
                {
                    *slot = Some(c.text);
                    cursor = c.end;
                    mark = self.lines.len();
                    continue;
                }
            }
            if self.newlines(cursor, c.start) >= 2 && (pushed || blanks.lead) {
                self.lines.push(Line::Blank);
                blank = true;
            }
            self.lines.push(Line::Comment {
                indent,
                text: c.text,
            });
            pushed = true;
            cursor = c.end;
        }
        if self.newlines(cursor, to) >= 2 && blanks.tail && (pushed || blanks.lead) {
            self.lines.push(Line::Blank);
            blank = true;
        }
        if blanks.force && !blank {
            self.lines.insert(mark, Line::Blank);
        }
    }

    /// The comments inside `from..to`, on lines of their own before the
    /// code they were in.
    pub(super) fn hoist(&mut self, from: usize, to: usize, indent: usize) {
        for c in self.comments_in(from, to) {
            self.lines.push(Line::Comment {
                indent,
                text: c.text,
            });
        }
    }

    /// The first `ch` from `from` on, past blanks and comments.
    pub(super) fn punct(&self, from: usize, ch: char) -> usize {
        let mut in_comment = false;
        for (i, c) in self.text[from..].char_indices() {
            match c {
                '\n' => in_comment = false,
                '#' => in_comment = true,
                _ if c == ch && !in_comment => return from + i,
                _ => {}
            }
        }
        self.text.len()
    }

    /// A scenario or a track definition.
    fn block(&mut self, item: P<'_>) {
        let span = item.as_span();
        let keyword = if item.as_rule() == Rule::scenario {
            "scenario"
        } else {
            "track"
        };
        let mut inner = item.into_inner();
        inner.next(); // the keyword
        let Some(name) = inner.next() else {
            return;
        };
        let open = self.punct(name.as_span().end(), '{');
        let close = span.end() - 1;
        self.hoist(span.start(), open, 0);
        self.code(0, format!("{keyword} {} {{", name.as_str()));
        let mut at = open + 1;
        let mut first = true;
        for stmt in inner {
            self.gap(
                at,
                stmt.as_span().start(),
                INDENT,
                Blanks::between(!first, true),
            );
            at = self.stmt(stmt, INDENT);
            first = false;
        }
        self.gap(at, close, INDENT, Blanks::between(!first, false));
        self.code(0, "}");
    }

    /// One statement or track line; returns where it ends.
    fn stmt(&mut self, stmt: P<'_>, indent: usize) -> usize {
        let start = stmt.as_span().start();
        // Its parts end where their last token or bracket does (the
        // statement's own span may run on over the blanks after it).
        let end = stmt
            .clone()
            .into_inner()
            .map(|p| p.as_span().end())
            .max()
            .unwrap_or(start);
        let board = stmt
            .clone()
            .into_inner()
            .find(|p| matches!(p.as_rule(), Rule::board_grid | Rule::board_array));
        let read = board
            .as_ref()
            .filter(|b| b.as_rule() == Rule::board_array)
            .and_then(|b| self.arrays.get(&b.as_span().start()));
        if let Some((rows, span)) = read {
            let source = self.source;
            if source[span.start()..span.end()].contains('\n') && !rows.is_empty() {
                self.array(start, *span, rows, indent);
            } else {
                self.hoist(start, span.end(), indent);
                let cell = |n: &Int| &source[n.span.start()..n.span.end()];
                let rows: Vec<String> = rows
                    .iter()
                    .map(|r| {
                        format!(
                            "[{}]",
                            r.node.iter().map(cell).collect::<Vec<_>>().join(", ")
                        )
                    })
                    .collect();
                self.code(indent, format!("board [{}]", rows.join(", ")));
            }
            return end.max(span.end());
        }
        match board {
            Some(b) if b.as_rule() == Rule::board_grid => self.grid(start, b, indent),
            Some(b) if b.as_str().contains('\n') && b.clone().into_inner().next().is_some() => {
                // (A small array, or one with comments: as spans.)
                let span = |p: &P<'_>| Span::new(p.as_span().start(), p.as_span().end());
                let whole = span(&b);
                let rows: Rows = b
                    .into_inner()
                    .map(|r| {
                        let nums = r.clone().into_inner().map(|n| Int::new(0, span(&n)));
                        Spanned::new(nums.collect(), span(&r))
                    })
                    .collect();
                self.array(start, whole, &rows, indent)
            }
            _ => {
                self.hoist(start, end, indent);
                self.code(indent, code(stmt));
            }
        }
        end
    }

    /// `board { … }`: one row a line, cells one space apart; the grid's
    /// comments stay on their rows or lines.
    fn grid(&mut self, start: usize, grid: P<'_>, indent: usize) {
        self.hoist(start, grid.as_span().start(), indent);
        self.code(indent, "board {");
        let body = grid.into_inner().next().map_or("", |b| b.as_str());
        for (i, line) in body.split('\n').enumerate() {
            let (code, comment) = match line.find('#') {
                Some(h) => (&line[..h], Some(line[h..].trim_end().to_string())),
                None => (line, None),
            };
            let mut cells = String::with_capacity(code.len());
            for c in code.chars().filter(|c| !c.is_whitespace()) {
                if !cells.is_empty() {
                    cells.push(' ');
                }
                cells.push(c);
            }
            if cells.is_empty() {
                match (comment, self.lines.last_mut()) {
                    (Some(text), Some(Line::Code { comment: slot, .. })) if i == 0 => {
                        *slot = Some(text);
                    }
                    (Some(text), _) => self.lines.push(Line::Comment {
                        indent: indent + INDENT,
                        text,
                    }),
                    (None, _) => {}
                }
                continue;
            }
            self.lines.push(Line::Code {
                indent: indent + INDENT,
                code: cells,
                comment,
            });
        }
        self.code(indent, "}");
    }

    /// A `board [[…], …]` written over several lines: one row a line, the
    /// numbers of a column right-aligned.
    /// `span` is the array's, `rows` each row's span and its numbers' spans
    /// (in `source`, where they are read as written).
    fn array(&mut self, start: usize, span: Span, rows: &Rows, indent: usize) {
        self.hoist(start, span.start(), indent);
        self.code(indent, "board [");
        let mut widths: Vec<usize> = Vec::new();
        for row in rows {
            for (k, n) in row.node.iter().enumerate() {
                if widths.len() <= k {
                    widths.push(0);
                }
                widths[k] = widths[k].max(n.span.end() - n.span.start());
            }
        }
        let inner = indent + INDENT;
        let mut at = span.start() + 1;
        let source = self.source;
        for (k, row) in rows.iter().enumerate() {
            let rs = row.span;
            self.gap(at, rs.start(), inner, Blanks::between(k > 0, true));
            self.hoist(rs.start(), rs.end(), inner);
            let padded: Vec<String> = row
                .node
                .iter()
                .zip(&widths)
                .map(|(n, w)| format!("{:>w$}", &source[n.span.start()..n.span.end()]))
                .collect();
            self.code(inner, format!("[{}],", padded.join(", ")));
            at = rs.end();
        }
        self.gap(at, span.end() - 1, inner, Blanks::between(true, false));
        self.code(indent, "]");
    }
}

/// The canonical text of a node on one line: tokens one space apart, but
/// `(r, c)`, `[a, b]`, `LO..HI`, `name=score` and `with F V, G W` as
/// written here.
fn code(p: P<'_>) -> String {
    let rule = p.as_rule();
    if matches!(rule, Rule::string | Rule::raw_block) {
        return p.as_str().to_string();
    }
    let parts: Vec<String> = p
        .clone()
        .into_inner()
        .filter(|q| q.as_rule() != Rule::comma)
        .map(code)
        .collect();
    match rule {
        Rule::coord => format!("({})", parts.join(", ")),
        Rule::board_array | Rule::array_row | Rule::set_list | Rule::expect_list => {
            format!("[{}]", parts.join(", "))
        }
        Rule::piece_with => match parts.split_first() {
            Some((with, fields)) => format!("{with} {}", fields.join(", ")),
            None => String::new(),
        },
        Rule::dice_uniform => match parts.as_slice() {
            [uniform, lo, hi, x, count] => format!("{uniform} {lo}..{hi} {x} {count}"),
            _ => parts.join(" "),
        },
        Rule::square_def => parts.join("="),
        _ if parts.is_empty() => p.as_str().to_string(),
        _ => parts.join(" "),
    }
}
