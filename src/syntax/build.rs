//! pest pairs → AST, in one place. Spans are shifted by `offset`, the byte
//! position in the file where the parsed text began.

use super::ast::*;
use super::{words, Rule};
use crate::error::{Code, Diag, Diags};
use crate::limits::{BOARD_CELLS, NUMBER_CHARS};
use crate::source::Span;
use pest::iterators::Pair;

type P<'a> = Pair<'a, Rule>;

struct Cx<'d> {
    offset: usize,
    diags: &'d mut Diags,
}

impl Cx<'_> {
    fn span(&self, p: &P) -> Span {
        let s = p.as_span();
        Span::new(s.start() + self.offset, s.end() + self.offset)
    }

    fn int(&mut self, p: P) -> Int {
        let span = self.span(&p);
        let value = match p.as_str().parse::<i64>() {
            Ok(v) => v,
            Err(_) => {
                self.diags.push(number_too_large(span));
                0
            }
        };
        Spanned::new(value, span)
    }

    fn ident(&self, p: P) -> Spanned<String> {
        Spanned::new(p.as_str().to_string(), self.span(&p))
    }

    fn string(&mut self, p: P) -> Spanned<String> {
        let span = self.span(&p);
        let body = p.into_inner().next().map_or("", |b| b.as_str());
        let mut out = String::with_capacity(body.len());
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some((_, e @ ('"' | '\\'))) => out.push(e),
                other => {
                    let at = span.start() + 1 + i;
                    let width = 1 + other.map_or(0, |(_, e)| e.len_utf8());
                    self.diags.push(
                        Diag::new(Code::ParseEscape, "unknown escape in a string")
                            .label(Span::new(at, at + width), "not an escape meeple knows")
                            .help("inside \"…\" only \\\" and \\\\ are escapes"),
                    );
                }
            }
        }
        Spanned::new(out, span)
    }

    fn coord(&mut self, p: P) -> Spanned<Coord> {
        let span = self.span(&p);
        let mut it = p.into_inner().filter(|q| q.as_rule() == Rule::int);
        let row = it.next().map_or(0, |r| self.int(r).node);
        let col = it.next().map_or(0, |c| self.int(c).node);
        Spanned::new(Coord { row, col }, span)
    }

    fn dir(&self, p: P) -> Spanned<Dir> {
        let d = match p.as_str() {
            "right" => Dir::Right,
            "left" => Dir::Left,
            "up" => Dir::Up,
            _ => Dir::Down,
        };
        Spanned::new(d, self.span(&p))
    }

    fn array(&mut self, p: P) -> BoardSrc {
        let span = self.span(&p);
        let cells: usize = p.clone().into_inner().map(|r| r.into_inner().count()).sum();
        if cells > BOARD_CELLS {
            self.diags.push(too_many_cells(span, cells));
            return BoardSrc::Array {
                rows: Vec::new(),
                span,
            };
        }
        let rows = p
            .into_inner()
            .map(|row| {
                let rs = self.span(&row);
                Spanned::new(row.into_inner().map(|i| self.int(i)).collect(), rs)
            })
            .collect();
        BoardSrc::Array { rows, span }
    }

    fn grid(&mut self, p: P) -> BoardSrc {
        let span = self.span(&p);
        let body = p.into_inner().next();
        let (text, start) = match &body {
            Some(b) => (b.as_str(), b.as_span().start() + self.offset),
            None => ("", span.start() + 1),
        };
        // Count before building a node per cell.
        let cells: usize = text
            .split('\n')
            .map(|line| {
                let code = line.split('#').next().unwrap_or("");
                code.chars().filter(|c| !c.is_whitespace()).count()
            })
            .sum();
        if cells > BOARD_CELLS {
            self.diags.push(too_many_cells(span, cells));
            return BoardSrc::Grid {
                rows: Vec::new(),
                span,
            };
        }
        let mut rows = Vec::new();
        let mut line_start = start;
        for line in text.split_inclusive('\n') {
            let code = line.split('#').next().unwrap_or("");
            let row: Vec<Spanned<char>> = code
                .char_indices()
                .filter(|(_, c)| !c.is_whitespace())
                .map(|(i, c)| {
                    let at = line_start + i;
                    Spanned::new(c, Span::new(at, at + c.len_utf8()))
                })
                .collect();
            if !row.is_empty() {
                rows.push(row);
            }
            line_start += line.len();
        }
        BoardSrc::Grid { rows, span }
    }

    fn stmt(&mut self, p: P) -> Option<Spanned<Stmt>> {
        // pest keeps the blanks skipped before an optional part that is not
        // there (`piece A at (0, 0)` then a new line): end at the last token.
        // A repetition at the end of a part (`with F V, G W`, `play W`'s
        // words) keeps the blanks after it too: end at the innermost last
        // token that only blanks follow.
        let mut span = self.span(&p);
        if let Some(mut last) = p.clone().into_inner().last() {
            while let Some(inner) = last.clone().into_inner().last() {
                let gap = &last.as_str()[inner.as_span().end() - last.as_span().start()..];
                if !blank(gap) {
                    break;
                }
                last = inner;
            }
            span = span.with_end(last.as_span().end() + self.offset);
        }
        let rule = p.as_rule();
        let mut it = p.into_inner().filter(|q| !is_keyword(q.as_rule()));
        let stmt = match rule {
            Rule::game_stmt => Stmt::Game(self.ident(it.next()?)),
            Rule::board_stmt => Stmt::Board(self.board(it.next()?)),
            Rule::piece_stmt => self.piece_stmt(it)?,
            Rule::dice_stmt => Stmt::Dice(self.dice(it.next()?)?),
            Rule::rule_stmt => self.rule_stmt(it)?,
            Rule::set_stmt => {
                let name = self.ident(it.next()?);
                let value = self.set_value(it.next()?);
                Stmt::Set { name, value }
            }
            Rule::input_stmt => {
                let mut part = it.next()?;
                let mut case = None;
                if part.as_rule() == Rule::int {
                    case = Some(self.int(part));
                    part = it.next()?;
                }
                Stmt::Input {
                    text: self.input(part)?,
                    case,
                }
            }
            Rule::solve_stmt | Rule::analyze_stmt | Rule::show_stmt | Rule::line_stmt => {
                Stmt::Query(self.query(rule, it))
            }
            Rule::play_stmt => Stmt::Play(self.play(it.next()?)?),
            Rule::step_stmt => Stmt::Step(it.next().map(|n| self.int(n))),
            Rule::undo_stmt => Stmt::Undo,
            Rule::expect_stmt => self.expect_stmt(it)?,
            _ => return None,
        };
        Some(Spanned::new(stmt, span))
    }

    /// The board of a `board` statement: a grid (reported when not closed),
    /// an array or a named board.
    fn board(&mut self, b: P) -> BoardSrc {
        match b.as_rule() {
            Rule::board_grid => self.grid(b),
            Rule::board_open => {
                let open = self.span(&b);
                let brace = Span::new(open.start(), open.start() + 1);
                self.diags.push(
                    Diag::new(Code::ParseUnterminated, "this board is not closed")
                        .label(brace, "the board opens here and has no `}`")
                        .help(words::BOARD_NOT_CLOSED_HELP),
                );
                self.grid(b)
            }
            Rule::board_array => self.array(b),
            _ => BoardSrc::Named(self.ident(b)),
        }
    }

    /// `piece ID at (x, y) [facing] [with …]` or `piece ID with …`.
    fn piece_stmt<'i>(&mut self, mut it: impl Iterator<Item = P<'i>>) -> Option<Stmt> {
        let id = it.next()?;
        let id_span = self.span(&id);
        let inner = id.into_inner().next()?;
        let id = match inner.as_rule() {
            Rule::int => PieceId::Number(self.int(inner).node),
            _ => PieceId::Name(inner.as_str().to_string()),
        };
        let mut it = it.peekable();
        let at = match it.peek() {
            Some(p) if p.as_rule() == Rule::coord => Some(self.coord(it.next()?)),
            _ => None,
        };
        let mut facing = None;
        let mut with = Vec::new();
        for part in it {
            if part.as_rule() == Rule::piece_with {
                for field in part
                    .into_inner()
                    .filter(|q| q.as_rule() == Rule::piece_field)
                {
                    let mut f = field.into_inner();
                    let name = self.ident(f.next()?);
                    with.push((name, self.set_value(f.next()?)));
                }
            } else {
                facing = Some(self.dir(part));
            }
        }
        Some(Stmt::Piece {
            id: Spanned::new(id, id_span),
            at,
            facing,
            with,
        })
    }

    /// The value of `set` or of a `with` field: a list or one scalar.
    fn set_value(&mut self, v: P) -> Spanned<Value> {
        let span = self.span(&v);
        let value = match v.into_inner().next() {
            Some(inner) if inner.as_rule() == Rule::set_list => Value::List(
                inner
                    .into_inner()
                    .filter(|q| q.as_rule() == Rule::set_scalar)
                    .map(|q| {
                        let span = self.span(&q);
                        Spanned::new(self.set_scalar(q), span)
                    })
                    .collect(),
            ),
            Some(inner) => self.set_scalar(inner),
            None => Value::List(Vec::new()),
        };
        Spanned::new(value, span)
    }

    fn set_scalar(&mut self, q: P) -> Value {
        let Some(inner) = q.into_inner().next() else {
            return Value::List(Vec::new());
        };
        match inner.as_rule() {
            Rule::coord => Value::Cell(self.coord(inner).node),
            Rule::int => Value::Int(self.int(inner).node),
            _ => Value::Word(inner.as_str().to_string()),
        }
    }

    /// The dice of a `dice` statement: uniform `lo..hi xN` or a fixed list.
    fn dice(&mut self, d: P) -> Option<Dice> {
        let rule = d.as_rule();
        let mut ints = d
            .into_inner()
            .filter(|q| q.as_rule() == Rule::int)
            .map(|i| self.int(i));
        Some(if rule == Rule::dice_uniform {
            Dice::Uniform {
                lo: ints.next()?,
                hi: ints.next()?,
                count: ints.next()?,
            }
        } else {
            Dice::Fixed(ints.collect())
        })
    }

    /// `rule NAME VALUE`, the value a number or a word.
    fn rule_stmt<'i>(&mut self, mut it: impl Iterator<Item = P<'i>>) -> Option<Stmt> {
        let name = self.ident(it.next()?);
        let v = it.next()?;
        let vs = self.span(&v);
        let inner = v.into_inner().next()?;
        let value = match inner.as_rule() {
            Rule::int => RuleValue::Int(self.int(inner).node),
            _ => RuleValue::Word(inner.as_str().to_string()),
        };
        Some(Stmt::Rule {
            name,
            value: Spanned::new(value, vs),
        })
    }

    /// The text of an `input` statement, from a raw block or a string, spanned
    /// on the text itself.
    fn input(&mut self, b: P) -> Option<Spanned<String>> {
        Some(match b.as_rule() {
            Rule::raw_block => {
                let body = b.into_inner().next()?;
                let bs = self.span(&body);
                Spanned::new(body.as_str().to_string(), bs)
            }
            _ => {
                let s = self.string(b);
                // The string's text starts one byte after its opening quote.
                let inner = Span::new(s.span.start() + 1, s.span.end().saturating_sub(1));
                Spanned::new(s.node, inner)
            }
        })
    }

    /// `solve`, `analyze`, `show` or `line`, with its options (a bound, `boards`).
    fn query<'i>(&mut self, rule: Rule, opts: impl Iterator<Item = P<'i>>) -> Query {
        let kind = match rule {
            Rule::solve_stmt => QueryKind::Solve,
            Rule::analyze_stmt => QueryKind::Analyze,
            Rule::show_stmt => QueryKind::Show,
            _ => QueryKind::Line,
        };
        let mut q = Query {
            kind,
            boards: false,
            bound: None,
        };
        for opt in opts {
            match opt.as_rule() {
                Rule::int => q.bound = Some(self.int(opt)),
                _ => q.boards = true,
            }
        }
        q
    }

    /// The move of a `play` statement: a piece number, or a player to a
    /// coordinate or in a direction.
    fn play(&mut self, p: P) -> Option<Play> {
        let rule = p.as_rule();
        let mut parts = p.into_inner().filter(|q| !is_keyword(q.as_rule()));
        if rule == Rule::play_piece {
            return Some(Play::Piece(self.int(parts.next()?)));
        }
        if rule == Rule::play_words {
            let words = parts
                .map(|w| {
                    let span = self.span(&w);
                    let inner = w.into_inner().next();
                    let text = match inner {
                        Some(c) if c.as_rule() == Rule::coord => {
                            let c = self.coord(c).node;
                            format!("({}, {})", c.row, c.col)
                        }
                        Some(other) => other.as_str().to_string(),
                        None => String::new(),
                    };
                    Spanned::new(text, span)
                })
                .collect();
            return Some(Play::Words(words));
        }
        let player = self.ident(parts.next()?);
        let target = parts.next()?;
        Some(if target.as_rule() == Rule::coord {
            Play::To {
                player,
                to: self.coord(target),
            }
        } else {
            let span = self.span(&target);
            Play::Dir {
                player,
                dir: Spanned::new(Heading::from_name(target.as_str())?, span),
            }
        })
    }

    /// `expect FIELD VALUE`; a number longer than [`NUMBER_CHARS`] is reported.
    fn expect_stmt<'i>(&mut self, mut it: impl Iterator<Item = P<'i>>) -> Option<Stmt> {
        let field = self.ident(it.next()?);
        let v = it.next()?;
        let vs = self.span(&v);
        let inner = v.into_inner().next()?;
        let value = match inner.as_rule() {
            Rule::expect_list => ExpectValue::List(
                inner
                    .into_inner()
                    .filter_map(|item| item.into_inner().next())
                    .map(|x| self.expect_scalar(x, vs))
                    .collect(),
            ),
            _ => self.expect_scalar(inner, vs),
        };
        Some(Stmt::Expect {
            field,
            value: Spanned::new(value, vs),
        })
    }

    /// One value of `expect`: a word, a string or a number.
    fn expect_scalar(&mut self, inner: P<'_>, vs: Span) -> ExpectValue {
        match inner.as_rule() {
            Rule::ident => ExpectValue::Word(inner.as_str().to_string()),
            Rule::string => ExpectValue::Word(self.string(inner).node),
            _ => {
                let text = inner.as_str();
                if text.len() > NUMBER_CHARS {
                    self.diags.push(
                        Diag::new(
                            Code::NumberRange,
                            format!("this number is {} characters long", text.len()),
                        )
                        .label(vs, "too long to compare")
                        .help(format!(
                            "numbers in `expect` have at most {NUMBER_CHARS} characters"
                        )),
                    );
                }
                ExpectValue::Number(text.to_string())
            }
        }
    }

    fn scenario(&mut self, p: P) -> Option<Scenario> {
        let span = self.span(&p);
        let mut it = p.into_inner().filter(|q| q.as_rule() != Rule::kw_scenario);
        let name = self.string(it.next()?);
        let stmts = it.filter_map(|s| self.stmt(s)).collect();
        Some(Scenario { name, stmts, span })
    }

    fn track(&mut self, p: P) -> Option<TrackDef> {
        let span = self.span(&p);
        let mut it = p.into_inner().filter(|q| q.as_rule() != Rule::kw_track);
        let name = self.ident(it.next()?);
        let lines = it
            .map(|line| {
                let ls = self.span(&line);
                let mut parts = line.into_inner();
                let shortcut = parts
                    .next()
                    .is_some_and(|k| k.as_rule() == Rule::kw_shortcut);
                let squares = parts.filter_map(|sq| self.square(sq)).collect();
                TrackLine {
                    shortcut,
                    squares,
                    span: ls,
                }
            })
            .collect();
        Some(TrackDef { name, lines, span })
    }

    fn square(&mut self, p: P) -> Option<SquareRef> {
        let span = self.span(&p);
        let inner = p.into_inner().next()?;
        Some(match inner.as_rule() {
            Rule::square_def => {
                let mut parts = inner.into_inner();
                let name = parts.next()?.as_str().to_string();
                let score = self.int(parts.next()?).node;
                SquareRef {
                    name,
                    score: Some(score),
                    bare_number: false,
                    span,
                }
            }
            Rule::int => {
                let n = self.int(inner);
                SquareRef {
                    name: n.node.to_string(),
                    score: Some(n.node),
                    bare_number: true,
                    span,
                }
            }
            _ => SquareRef {
                name: inner.as_str().to_string(),
                score: None,
                bare_number: false,
                span,
            },
        })
    }
}

/// Keyword rules carry no information beyond their presence.
pub(super) fn is_keyword(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::kw_game
            | Rule::kw_board
            | Rule::kw_piece
            | Rule::kw_at
            | Rule::kw_facing
            | Rule::kw_set
            | Rule::kw_with
            | Rule::kw_dice
            | Rule::kw_uniform
            | Rule::kw_x
            | Rule::kw_rule
            | Rule::kw_input
            | Rule::kw_case
            | Rule::kw_solve
            | Rule::kw_line
            | Rule::kw_analyze
            | Rule::kw_show
            | Rule::kw_play
            | Rule::kw_to
            | Rule::kw_step
            | Rule::kw_undo
            | Rule::kw_expect
    )
}

/// Build the items of a parsed `file` pair into `out`.
pub(crate) fn file(p: P, offset: usize, out: &mut File, diags: &mut Diags) {
    let mut cx = Cx { offset, diags };
    for item in p.into_inner() {
        match item.as_rule() {
            Rule::scenario => {
                if let Some(s) = cx.scenario(item) {
                    out.scenarios.push(s);
                }
            }
            Rule::track_def => {
                if let Some(t) = cx.track(item) {
                    out.tracks.push(t);
                }
            }
            Rule::rules_def => {
                let before = cx.diags.len();
                let def = super::rules::build::rules_def(item, cx.offset, cx.diags);
                // A block refused for its size (an expression of too many
                // operators, too many statements) was read with `0` in the
                // refused place: checking it would report errors of that
                // `0`. It is known by name and not read further, as a
                // block the pre-scan refuses.
                let refused = cx.diags[before..]
                    .iter()
                    .any(|d| d.code == Code::RulesNesting);
                match refused {
                    true if !out.unread_rules.contains(&def.name.node) => {
                        out.unread_rules.push(def.name.node)
                    }
                    true => {}
                    false => out.rules.push(def),
                }
            }
            Rule::import_def => {
                let span = cx.span(&item);
                if let Some(s) = item.into_inner().find(|q| q.as_rule() == Rule::string) {
                    let path = cx.string(s);
                    out.imports.push(super::rules::Import { path, span });
                }
            }
            _ => {}
        }
    }
}

/// A string of a rules block: its text with escapes read, and its span
/// (shifted by `offset`); a bad escape is reported in `diags`.
pub(crate) fn string_node(p: P, offset: usize, diags: &mut Diags) -> Spanned<String> {
    Cx { offset, diags }.string(p)
}

/// One item typed at the REPL.
#[derive(Clone, Debug)]
pub enum ReplItem {
    Scenario(Scenario),
    Track(TrackDef),
    Rules(super::rules::RulesDef),
    Import(super::rules::Import),
    Stmt(Spanned<Stmt>),
}

/// Build the items of a parsed `repl_input` pair.
pub(crate) fn repl_items(p: P, offset: usize, diags: &mut Diags) -> Vec<ReplItem> {
    let mut cx = Cx { offset, diags };
    let mut out = Vec::new();
    for item in p.into_inner() {
        match item.as_rule() {
            Rule::scenario => out.extend(cx.scenario(item).map(ReplItem::Scenario)),
            Rule::track_def => out.extend(cx.track(item).map(ReplItem::Track)),
            Rule::rules_def => out.push(ReplItem::Rules(super::rules::build::rules_def(
                item, cx.offset, cx.diags,
            ))),
            Rule::import_def => {
                let span = cx.span(&item);
                if let Some(s) = item.into_inner().find(|q| q.as_rule() == Rule::string) {
                    let path = cx.string(s);
                    out.push(ReplItem::Import(super::rules::Import { path, span }));
                }
            }
            Rule::EOI => {}
            _ => out.extend(cx.stmt(item).map(ReplItem::Stmt)),
        }
    }
    out
}

/// A number of a pest parse of judge text (see `crate::games::judge_text`): its value and
/// span (shifted by `offset`), or 0 and a `meeple::number::range` diagnostic in `diags`
/// when it does not fit 64 bits, as everywhere in the language.
pub(crate) fn int_node(p: P, offset: usize, diags: &mut Diags) -> Int {
    Cx { offset, diags }.int(p)
}

/// The diagnostic for a number that does not fit in 64 bits.
pub(crate) fn number_too_large(span: Span) -> Diag {
    Diag::new(Code::NumberRange, "this number is too large")
        .label(span, "does not fit in 64 bits")
        .help(format!(
            "numbers must lie between {} and {}",
            i64::MIN,
            i64::MAX
        ))
}

/// The diagnostic for a board with more than [`BOARD_CELLS`] cells, labelled
/// on its opening bracket (not on all of its lines).
pub(crate) fn too_many_cells(board: Span, cells: usize) -> Diag {
    Diag::new(
        Code::BoardTooLarge,
        format!(
            "the board has {cells} cells; meeple takes boards of up to {BOARD_CELLS} (2048 × 2048)"
        ),
    )
    .label(
        Span::new(board.start(), board.start() + 1),
        format!("a board of {cells} cells starts here"),
    )
    .help("use a smaller board")
}

/// Whether text is only blanks and `#` comments (what the grammar skips).
fn blank(text: &str) -> bool {
    text.lines().all(|l| {
        l.trim_start_matches([' ', '\t', '\r', '\u{FEFF}'])
            .is_empty()
            || l.trim_start().starts_with('#')
    })
}
