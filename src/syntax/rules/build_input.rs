//! pest pairs of `input { … }` → [`super::input`].

use super::build::{is_word, Cx};
use super::input::*;
use crate::syntax::ast::Spanned;
use crate::syntax::Rule;
use pest::iterators::Pair;

type P<'a> = Pair<'a, Rule>;

impl Cx<'_> {
    /// An `r_input` pair.
    pub(super) fn input_format(&mut self, p: P) -> InputFormat {
        let span = self.span(&p);
        let mut cases = None;
        let mut items = Vec::new();
        for q in p.into_inner().filter(|q| !is_word(q.as_rule())) {
            // An item's pair may run on over the blanks after it.
            let at = self.span(&q);
            let at =
                crate::syntax::ast::Span::new(at.start(), at.start() + q.as_str().trim_end().len());
            let item = match q.as_rule() {
                Rule::r_in_cases => {
                    let mut it = q.into_inner().filter(|q| !is_word(q.as_rule()));
                    let name = it.next().map(|n| self.ident(n));
                    let range = it.next().map(|r| self.range(r));
                    if let (Some(name), Some(range)) = (name, range) {
                        cases = Some(Number { name, range });
                    }
                    continue;
                }
                Rule::r_in_require => {
                    let Some(e) = q.into_inner().find(|k| k.as_rule() == Rule::r_expr) else {
                        continue;
                    };
                    let text = e.as_str().trim().to_string();
                    Item::Require {
                        expr: Box::new(self.expr(e)),
                        text,
                    }
                }
                Rule::r_in_numbers => Item::Numbers(
                    q.into_inner()
                        .flat_map(|g| self.group(g))
                        .collect::<Vec<_>>(),
                ),
                Rule::r_in_rows => {
                    let mut rows = None;
                    let mut cols = None;
                    let mut cell = CellFormat::Chars;
                    let mut hints = Hints::default();
                    let mut bracketed = false;
                    for k in q.into_inner() {
                        match k.as_rule() {
                            Rule::r_in_count if rows.is_none() => rows = Some(self.count(k)),
                            Rule::r_in_count => cols = Some(self.count(k)),
                            Rule::r_in_cell => cell = self.cell(k),
                            Rule::r_in_hint => self.hint(k, &mut hints),
                            Rule::r_in_brackets => bracketed = true,
                            _ => {}
                        }
                    }
                    let none = || Count::Product(Vec::new());
                    Item::Rows {
                        rows: rows.unwrap_or_else(none),
                        cols: cols.unwrap_or_else(none),
                        cell,
                        hints,
                        bracketed,
                    }
                }
                Rule::r_in_pieces | Rule::r_in_piece => {
                    let many = q.as_rule() == Rule::r_in_pieces;
                    let mut count = Count::Product(Vec::new());
                    let mut name = None;
                    let mut fields = Vec::new();
                    let mut bracketed = false;
                    for k in q.into_inner() {
                        match k.as_rule() {
                            Rule::r_in_count => count = self.count(k),
                            Rule::ident => name = Some(self.ident(k)),
                            Rule::r_in_field => fields.push(self.field(k)),
                            Rule::r_in_brackets => bracketed = true,
                            _ => {}
                        }
                    }
                    match (many, name) {
                        (false, Some(name)) => Item::Piece {
                            name,
                            fields,
                            bracketed,
                        },
                        _ => Item::Pieces {
                            count,
                            fields,
                            bracketed,
                        },
                    }
                }
                Rule::r_in_board => {
                    let mut counts = q
                        .into_inner()
                        .filter(|k| k.as_rule() == Rule::r_in_count)
                        .map(|k| self.count(k));
                    let none = || Count::Product(Vec::new());
                    let rows = counts.next().unwrap_or_else(none);
                    let cols = counts.next().unwrap_or_else(none);
                    Item::Board { rows, cols }
                }
                Rule::r_in_marks => {
                    let mut count = Count::Product(Vec::new());
                    let mut layer = None;
                    let mut from = None;
                    for k in q.into_inner() {
                        match k.as_rule() {
                            Rule::r_in_count => count = self.count(k),
                            Rule::ident => layer = Some(self.ident(k)),
                            Rule::int => {
                                let at = self.span(&k);
                                from = Some(Spanned::new(self.int(&k), at));
                            }
                            _ => {}
                        }
                    }
                    let Some(layer) = layer else { continue };
                    Item::Marks { count, layer, from }
                }
                Rule::r_in_lists => {
                    let mut count = Count::Product(Vec::new());
                    let mut fields = Vec::new();
                    for k in q.into_inner() {
                        match k.as_rule() {
                            Rule::r_in_count => count = self.count(k),
                            Rule::r_in_field => fields.push(self.field(k)),
                            _ => {}
                        }
                    }
                    Item::Lists { count, fields }
                }
                Rule::r_in_dice => {
                    let mut count = Count::Product(Vec::new());
                    let mut range = None;
                    for k in q.into_inner() {
                        match k.as_rule() {
                            Rule::r_in_count => count = self.count(k),
                            Rule::r_in_range => range = Some(self.range(k)),
                            _ => {}
                        }
                    }
                    let Some(range) = range else { continue };
                    Item::Dice { count, range }
                }
                _ => continue,
            };
            items.push(Spanned::new(item, at));
        }
        InputFormat { cases, items, span }
    }

    /// `n, m: 3..10`: one number per name, each with the range.
    fn group(&mut self, g: P) -> Vec<Number> {
        let mut names = Vec::new();
        let mut range = None;
        for k in g.into_inner() {
            match k.as_rule() {
                Rule::ident => names.push(self.ident(k)),
                Rule::r_in_range => range = Some(self.range(k)),
                _ => {}
            }
        }
        let Some(range) = range else {
            return Vec::new();
        };
        names
            .into_iter()
            .map(|name| Number {
                name,
                range: range.clone(),
            })
            .collect()
    }

    fn bound(&mut self, b: P) -> Spanned<Bound> {
        let at = self.span(&b);
        let inner = b.into_inner().next();
        let v = match inner {
            Some(k) if k.as_rule() == Rule::int => Bound::Int(self.int(&k)),
            Some(k) => Bound::Name(k.as_str().to_string()),
            None => Bound::Int(0),
        };
        Spanned::new(v, at)
    }

    fn range(&mut self, r: P) -> Range {
        let at = self.span(&r);
        let zero = || Spanned::new(Bound::Int(0), at);
        let first = r.clone().into_inner().next();
        if let Some(list) = first.filter(|k| k.as_rule() == Rule::r_in_list) {
            let mut values = Vec::new();
            for k in list.into_inner() {
                values.push(self.int(&k));
            }
            let (lo, hi) = match (values.iter().min(), values.iter().max()) {
                (Some(lo), Some(hi)) => (*lo, *hi),
                _ => (0, 0),
            };
            return Range {
                lo: Spanned::new(Bound::Int(lo), at),
                hi: Spanned::new(Bound::Int(hi), at),
                values,
            };
        }
        let mut it = r.into_inner();
        let lo = it.next().map(|b| self.bound(b)).unwrap_or_else(zero);
        let hi = it.next().map(|b| self.bound(b)).unwrap_or_else(zero);
        Range {
            lo,
            hi,
            values: Vec::new(),
        }
    }

    /// `border "K"`, `once "K" "L" …`, `increasing` or `distinct` of a
    /// `rows` item.
    fn hint(&mut self, h: P, hints: &mut Hints) {
        let mut border = false;
        for k in h.into_inner() {
            match k.as_rule() {
                Rule::rw_border => border = true,
                Rule::rw_increasing => hints.increasing = Some(self.span(&k)),
                Rule::rw_distinct => hints.distinct = Some(self.span(&k)),
                Rule::string => {
                    let key = crate::syntax::build::string_node(k, self.offset, self.diags);
                    if border {
                        hints.border = Some(key);
                    } else {
                        hints.once.push(key);
                    }
                }
                _ => {}
            }
        }
    }

    fn count(&mut self, c: P) -> Count {
        let kids: Vec<P> = c.into_inner().collect();
        if kids.first().map(|k| k.as_rule()) == Some(Rule::ident) {
            let mut it = kids.into_iter();
            let name = self.ident(it.next().expect("a name"));
            let range = it.next().map(|r| self.range(r));
            if let Some(range) = range {
                return Count::Measured(Number { name, range });
            }
            return Count::Product(Vec::new());
        }
        Count::Product(kids.into_iter().map(|b| self.bound(b)).collect())
    }

    fn cell(&mut self, c: P) -> CellFormat {
        let first = c.clone().into_inner().next().map(|k| k.as_rule());
        match first {
            Some(Rule::rw_chars) => CellFormat::Chars,
            Some(Rule::rw_numbers) => {
                let r = c.into_inner().find(|k| k.as_rule() == Rule::r_in_range);
                match r {
                    Some(r) => CellFormat::Numbers(self.range(r)),
                    None => CellFormat::Chars,
                }
            }
            _ => CellFormat::Cells(
                c.into_inner()
                    .filter(|k| k.as_rule() == Rule::r_in_part)
                    .map(|k| {
                        let at = self.span(&k);
                        let mut it = k.into_inner();
                        let part = match it.next().map(|w| w.as_rule()) {
                            Some(Rule::kw_piece) => CellPart::Piece,
                            Some(Rule::rw_char) => CellPart::Char,
                            _ => match it.next() {
                                Some(r) => CellPart::Number(self.range(r)),
                                None => CellPart::Char,
                            },
                        };
                        Spanned::new(part, at)
                    })
                    .collect(),
            ),
        }
    }

    fn field(&mut self, f: P) -> FieldFormat {
        let at = self.span(&f);
        let mut it = f.into_inner();
        let field = it.next().map(|n| self.ident(n));
        let mut words = Vec::new();
        let mut spelled = Vec::new();
        let mut from = None;
        let mut increasing = None;
        let mut after_from = false;
        for k in it {
            match k.as_rule() {
                Rule::rw_from => after_from = true,
                Rule::int if after_from => {
                    let at = self.span(&k);
                    from = Some(Spanned::new(self.int(&k), at));
                }
                Rule::ident => words.push(self.ident(k)),
                Rule::rw_increasing => increasing = Some(self.span(&k)),
                Rule::r_in_spelled => {
                    for s in k.into_inner().filter(|s| s.as_rule() == Rule::string) {
                        spelled.push(crate::syntax::build::string_node(
                            s,
                            self.offset,
                            self.diags,
                        ));
                    }
                }
                _ => {}
            }
        }
        FieldFormat {
            field: field.unwrap_or_else(|| Spanned::new(String::new(), at)),
            words,
            spelled,
            from,
            increasing,
        }
    }
}
