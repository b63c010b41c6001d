//! The lexer editors colour with: a script's text split into tokens whose
//! kinds come from the dialect table (keywords, game names, directions),
//! plus numbers, strings, comments and punctuation. It never fails:
//! anything unexpected is a one-character [`TokenKind::Punct`]. The REPL
//! colours its input with it and finds the brackets still open with it.
//!
//! ```
//! use meeple::ide::{tokens, TokenKind};
//!
//! let text = "game yut # the board\nplay A up";
//! let kinds: Vec<_> = tokens(text).into_iter().map(|t| (t.kind, &text[t.range])).collect();
//! assert_eq!(kinds[..3], [
//!     (TokenKind::Keyword, "game"),
//!     (TokenKind::Game, "yut"),
//!     (TokenKind::Comment, "# the board"),
//! ]);
//! assert_eq!(kinds[5], (TokenKind::Direction, "up"));
//! ```

use crate::games::GameKind;
use crate::syntax::dialect;
use std::ops::Range;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TokenKind {
    /// A keyword of the language ([`dialect::keywords`]): `piece`, `solve`, `at`.
    Keyword,
    /// A game's name: `footholds`, `yut`, `stacking`.
    Game,
    /// A direction ([`dialect::directions`]): `up`, `down-left`.
    Direction,
    /// A number: `3`, `-2`, `0.5`.
    Number,
    /// A `"…"` string or a closed `"""…"""` raw block.
    String,
    /// A `"""` raw block that is never closed (a string too).
    RawOpen,
    /// A `#` comment, to the end of its line.
    Comment,
    /// Any other word: a player, a track name, a misspelt keyword.
    Word,
    /// Any other character: brackets, commas, `=`, a stray `é`.
    Punct,
}

impl TokenKind {
    /// Its name as editors know it (a stable, lower-case word).
    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Keyword => "keyword",
            TokenKind::Game => "game",
            TokenKind::Direction => "direction",
            TokenKind::Number => "number",
            TokenKind::String => "string",
            TokenKind::RawOpen => "raw-open",
            TokenKind::Comment => "comment",
            TokenKind::Word => "word",
            TokenKind::Punct => "punct",
        }
    }
}

/// One token: its kind and byte range in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is.
    pub range: Range<usize>,
}

fn ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

/// The kind of a word, from the dialect table.
fn word_kind(word: &str) -> TokenKind {
    if dialect::keywords().any(|w| w.name == word) {
        TokenKind::Keyword
    } else if GameKind::ALL.iter().any(|g| g.name() == word) {
        TokenKind::Game
    } else if dialect::directions().any(|d| d == word) {
        TokenKind::Direction
    } else {
        TokenKind::Word
    }
}

/// The tokens of `text`, whitespace skipped.
pub fn tokens(text: &str) -> Vec<Token> {
    tokens_from(text, 0)
}

/// The tokens of `text[from..]` (ranges in `text`). `from` must be where
/// no token is under way: between tokens, or at the start of one (a
/// `from` inside a character is moved on to the next one).
pub fn tokens_from(text: &str, from: usize) -> Vec<Token> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = (from..=text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(text.len());
    let push = |out: &mut Vec<Token>, kind, range| out.push(Token { kind, range });
    while i < b.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        let start = i;
        if c.is_whitespace() {
            i += c.len_utf8();
        } else if c == '#' {
            i = text[i..].find('\n').map_or(text.len(), |e| i + e);
            push(&mut out, TokenKind::Comment, start..i);
        } else if text[i..].starts_with("\"\"\"") {
            match text[i + 3..].find("\"\"\"") {
                Some(e) => {
                    i += 3 + e + 3;
                    push(&mut out, TokenKind::String, start..i);
                }
                None => {
                    i = text.len();
                    push(&mut out, TokenKind::RawOpen, start..i);
                }
            }
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += if b[i] == b'\\' && i + 1 < b.len() && b[i + 1] != b'\n' {
                    2
                } else {
                    1
                };
            }
            if i < b.len() && b[i] == b'"' {
                i += 1;
            }
            // (An escape before a multi-byte character stops inside it.)
            while !text.is_char_boundary(i) {
                i += 1;
            }
            push(&mut out, TokenKind::String, start..i);
        } else if c.is_ascii_digit() || (c == '-' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            // A decimal like 0.5 (but not the `..` of a die range).
            if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            push(&mut out, TokenKind::Number, start..i);
        } else if c.is_ascii_alphabetic() || c == '_' {
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            push(&mut out, word_kind(&text[start..i]), start..i);
        } else {
            i += c.len_utf8();
            push(&mut out, TokenKind::Punct, start..i);
        }
    }
    rules_words(text, &mut out);
    out
}

/// The words of the rules language ([`dialect::RULES_WORDS`]) as keywords
/// where they are words: `rules` and `import` at the top level, the others
/// inside a `rules NAME { … }` block (elsewhere `score` is a field, `turn`
/// a plain word).
fn rules_words(text: &str, tokens: &mut [Token]) {
    let mut depth = 0usize;
    // The depth inside the rules block's braces, once its `{` is read.
    let mut inside: Option<usize> = None;
    let mut heading = false;
    for t in tokens.iter_mut() {
        let word = &text[t.range.clone()];
        match (t.kind, word) {
            (TokenKind::Punct, "{") => {
                depth += 1;
                if heading {
                    inside = Some(depth);
                    heading = false;
                }
            }
            (TokenKind::Punct, "}") => {
                if inside == Some(depth) {
                    inside = None;
                }
                depth = depth.saturating_sub(1);
            }
            (TokenKind::Word, "rules" | "import") if depth == 0 => {
                t.kind = TokenKind::Keyword;
                heading = word == "rules";
            }
            (TokenKind::Word | TokenKind::Keyword, _)
                if inside.is_some() && dialect::RULES_WORDS.iter().any(|w| w.name == word) =>
            {
                t.kind = TokenKind::Keyword;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TokenKind as K;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        tokens(text)
            .into_iter()
            .map(|t| (t.kind, &text[t.range]))
            .collect()
    }

    #[test]
    fn the_rules_words_are_keywords_inside_a_rules_block_only() {
        let text = "import \"a.game\"\nrules t {\n  players solo\n  var n: 0..9 = 0\n  turn { if n > 2 { win } else { n += 1 } }\n  solve max score\n}\nscenario \"s\" { game t expect score 1 expect turn 2 }";
        let k = kinds(text);
        let kind = |w: &str, nth: usize| {
            k.iter()
                .filter(|(_, t)| *t == w)
                .nth(nth)
                .unwrap_or_else(|| panic!("{w} {nth}"))
                .0
        };
        for w in [
            "import", "rules", "players", "solo", "var", "turn", "if", "win", "else",
        ] {
            assert_eq!(kind(w, 0), K::Keyword, "{w}");
        }
        assert_eq!((kind("max", 0), kind("score", 0)), (K::Keyword, K::Keyword));
        // In the scenario after the block, `score` and `turn` are fields.
        assert_eq!((kind("score", 1), kind("turn", 1)), (K::Word, K::Word));
        assert_eq!(kind("t", 0), K::Word);
        // Every word of the table is a keyword in a block.
        for w in dialect::RULES_WORDS {
            let text = format!("rules t {{ {} }}", w.name);
            assert_eq!(kinds(&text)[3], (K::Keyword, w.name), "{}", w.name);
        }
    }

    #[test]
    fn a_statement_is_keywords_words_numbers_and_punctuation() {
        assert_eq!(
            kinds("piece A at (1, -2) # where\nexpect expected 0.5"),
            [
                (K::Keyword, "piece"),
                (K::Word, "A"),
                (K::Keyword, "at"),
                (K::Punct, "("),
                (K::Number, "1"),
                (K::Punct, ","),
                (K::Number, "-2"),
                (K::Punct, ")"),
                (K::Comment, "# where"),
                (K::Keyword, "expect"),
                (K::Word, "expected"),
                (K::Number, "0.5"),
            ]
        );
    }

    #[test]
    fn a_die_range_is_two_numbers_and_two_dots() {
        assert_eq!(
            kinds("scenario \"a \\\" b\" { dice uniform 1..5 x 10 }"),
            [
                (K::Keyword, "scenario"),
                (K::String, "\"a \\\" b\""),
                (K::Punct, "{"),
                (K::Keyword, "dice"),
                (K::Keyword, "uniform"),
                (K::Number, "1"),
                (K::Punct, "."),
                (K::Punct, "."),
                (K::Number, "5"),
                (K::Keyword, "x"),
                (K::Number, "10"),
                (K::Punct, "}"),
            ]
        );
    }

    #[test]
    fn a_raw_block_is_one_string_open_or_closed() {
        assert_eq!(
            kinds("input \"\"\"1 2\"\"\" b13=13"),
            [
                (K::Keyword, "input"),
                (K::String, "\"\"\"1 2\"\"\""),
                (K::Word, "b13"),
                (K::Punct, "="),
                (K::Number, "13"),
            ]
        );
        assert_eq!(
            kinds("input \"\"\"1 2"),
            [(K::Keyword, "input"), (K::RawOpen, "\"\"\"1 2")]
        );
    }

    #[test]
    fn games_and_directions_come_from_the_dialect_table() {
        assert_eq!(
            kinds("game footholds\nplay A down-left\npiece 1 at (0, 0) facing up"),
            [
                (K::Keyword, "game"),
                (K::Game, "footholds"),
                (K::Keyword, "play"),
                (K::Word, "A"),
                (K::Direction, "down-left"),
                (K::Keyword, "piece"),
                (K::Number, "1"),
                (K::Keyword, "at"),
                (K::Punct, "("),
                (K::Number, "0"),
                (K::Punct, ","),
                (K::Number, "0"),
                (K::Punct, ")"),
                (K::Keyword, "facing"),
                (K::Direction, "up"),
            ]
        );
        // Every word of the table lexes as its kind.
        for w in dialect::keywords() {
            assert_eq!(kinds(w.name), [(K::Keyword, w.name)]);
        }
        for g in GameKind::ALL {
            assert_eq!(kinds(g.name()), [(K::Game, g.name())]);
        }
        for d in dialect::directions() {
            assert_eq!(kinds(d), [(K::Direction, d)]);
        }
    }

    #[test]
    fn anything_else_is_one_character_of_punctuation() {
        assert_eq!(kinds("é ✓"), [(K::Punct, "é"), (K::Punct, "✓")]);
        assert_eq!(kinds("\"\\é\""), [(K::String, "\"\\é\"")]);
        assert_eq!(kinds("\"\\é"), [(K::String, "\"\\é")]);
    }

    #[test]
    fn lexing_resumes_between_tokens() {
        let text = "board {\n 1 1 # c\n}";
        let at = text.find(" 1").unwrap();
        let all = tokens(text);
        let rest = tokens_from(text, at);
        assert_eq!(rest[..], all[2..]);
    }

    /// The scripts of the repository: the tokens and whitespace tile each
    /// text, and every letter is inside a word, comment or string.
    #[test]
    fn the_repositorys_scripts_lex_whole() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts");
        let mut seen = 0;
        let mut stack = vec![std::path::PathBuf::from(dir)];
        while let Some(p) = stack.pop() {
            for entry in std::fs::read_dir(&p).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "game") {
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                let mut at = 0;
                for t in tokens(&text) {
                    assert!(text[at..t.range.start].trim().is_empty(), "{path:?}");
                    if t.kind == K::Punct {
                        assert!(!text[t.range.clone()].starts_with(char::is_alphanumeric));
                    }
                    at = t.range.end;
                }
                assert!(text[at..].trim().is_empty(), "{path:?}");
                seen += 1;
            }
        }
        assert!(seen >= 10, "{seen} scripts");
    }
}
