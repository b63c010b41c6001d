//! Reading well-formed board arrays without pest: a byte reader that gives
//! the same nodes and spans as the grammar's `board_array` (and `int`), so
//! that millions of cells cost no tokens (see `prescan` and the judge
//! readers).

use super::ast::{Int, Span, Spanned};

/// A byte reader of well-formed numbers and brackets (a board array, a
/// judge text): blanks, comments and byte-order marks between tokens, as the
/// grammar skips them. Anything else is `None`, and pest reads (and reports) it.
pub(crate) struct Bytes<'t> {
    /// The whole text.
    pub(crate) text: &'t str,
    /// Where reading stands.
    pub(crate) at: usize,
}

impl Bytes<'_> {
    pub(crate) fn blank(&mut self) {
        const BOM: &[u8] = "\u{FEFF}".as_bytes();
        let b = self.text.as_bytes();
        while self.at < b.len() {
            match b[self.at] {
                b' ' | b'\t' | b'\r' | b'\n' => self.at += 1,
                b'#' => {
                    while self.at < b.len() && b[self.at] != b'\n' {
                        self.at += 1;
                    }
                }
                _ if b[self.at..].starts_with(BOM) => self.at += BOM.len(),
                _ => break,
            }
        }
    }

    /// Skip blanks, then take `c` if it comes next.
    pub(crate) fn eat(&mut self, c: u8) -> bool {
        self.blank();
        let hit = self.text.as_bytes().get(self.at) == Some(&c);
        self.at += usize::from(hit);
        hit
    }

    /// Skip blanks, then read an integer that fits in 64 bits.
    pub(crate) fn int(&mut self) -> Option<Int> {
        self.blank();
        let b = self.text.as_bytes();
        let start = self.at;
        let mut i = start + usize::from(b.get(start) == Some(&b'-'));
        let digits = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let ident = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-';
        if i == digits || b.get(i).is_some_and(ident) {
            return None;
        }
        self.at = i;
        let value = self.text[start..i].parse::<i64>().ok()?;
        Some(Spanned::new(value, Span::new(start, i)))
    }

    /// `[item, item, …]` with an optional trailing comma: the items and the
    /// brackets' span.
    fn bracketed<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<(Vec<T>, Span)> {
        if !self.eat(b'[') {
            return None;
        }
        let start = self.at - 1;
        let mut items = Vec::new();
        if !self.eat(b']') {
            loop {
                items.push(item(self)?);
                if self.eat(b']') {
                    break;
                }
                if !self.eat(b',') {
                    return None;
                }
                if self.eat(b']') {
                    break;
                }
            }
        }
        Some((items, Span::new(start, self.at)))
    }

    /// `[n, n, …]` (a board row).
    fn list(&mut self) -> Option<Spanned<Vec<Int>>> {
        let (v, span) = self.bracketed(Self::int)?;
        Some(Spanned::new(v, span))
    }

    /// A board array `[[n, …], …]` (the grammar's `board_array`): its rows
    /// and its span.
    pub(crate) fn board_array(&mut self) -> Option<(super::ast::Rows, Span)> {
        self.bracketed(Self::list)
    }
}
