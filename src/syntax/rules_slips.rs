//! Slips in a rules block that pest can only report as a token it did not
//! want (an operator, a part's keyword), said in the words users know:
//! a `while` without its `max N`, a type the language does not have, a
//! third player, `pop` given a count.

use crate::error::{Code, Diag};
use crate::syntax::ast::Span;

/// The type words of a rules block (docs/rules-language.md, *Types and
/// domains*), besides ranges `LO..HI` and enumerations `a | b`.
const TYPES: &[&str] = &["bool", "cell", "dir", "player", "piece", "square", "list"];

/// The diagnostic for a slip on the line of `pos` (the error of pest in
/// `text`, `found` the token there), if it is one of those; spans are
/// shifted by `offset`.
pub(crate) fn rules_slip(text: &str, pos: usize, found: &str, offset: usize) -> Option<Diag> {
    // The line of the last word before the error (pest skips the
    // newline to the next line's first token).
    let p = text[..pos].trim_end().len();
    let start = text[..p].rfind('\n').map_or(0, |i| i + 1);
    let end = text[p..].find('\n').map_or(text.len(), |i| p + i);
    let line = &text[start..end];
    let lead = line.len() - line.trim_start().len();
    let body = line.trim();
    let at = |from: usize, len: usize| Span::new(offset + from, offset + from + len.max(1));
    let first = body.split_whitespace().next()?;
    // `choose op in inc | dec`: a set of names written as a type.
    if found == "|" && text[start..p].contains(" in ") {
        return Some(
            Diag::new(Code::Parse, "a set of names is written as a list")
                .label(at(pos, 1), "`|` separates the names of a type, not of a set")
                .help("list the values in brackets, `[inc, dec]`: each name is a value of an enumeration a `var`, `param`, `layer` or piece field declares (`var last: inc | dec = inc`)"),
        );
    }
    match first {
        "while" if found == "{" && !body.split_whitespace().any(|w| w == "max") => Some(
            Diag::new(Code::Parse, "a `while` loop needs `max N`")
                .label(at(pos, 1), "`max N` goes before this `{`")
                .help("write `while COND max N { … }`: N bounds how many times the body runs (a constant or an expression of the params)"),
        ),
        "players" => {
            let names: Vec<&str> = body
                .split('#')
                .next()?
                .split_whitespace()
                .skip(1)
                .collect();
            (names.len() > 2).then(|| {
                let third = start + lead + body.find(names[2]).unwrap_or(0);
                Diag::new(Code::Parse, "a rules game has at most two players")
                    .label(at(third, names[2].len()), "a third player")
                    .help("write `players A B` (two players), `players solo` (one) or `players none` (no choices: turns are computed)")
            })
        }
        "pop" | "pop_front" if found == "," => Some(
            Diag::new(Code::Parse, format!("`{first}` takes the list alone"))
                .label(at(pos, 1), "nothing follows the list")
                .help(format!(
                    "write `{first} LIST`: it removes the list's {} item (`push LIST, v` is the one that takes a value); to remove N items, repeat it",
                    if first == "pop" { "last" } else { "first" }
                )),
        ),
        "layer" | "var" => {
            // The type: the one word after the last `:` before the error.
            let colon = text[start..p].rfind(':')? + start + 1;
            let word = text[colon..p].trim();
            let known = TYPES.contains(&word) || word.contains(|c: char| !c.is_alphanumeric() && c != '_');
            if word.is_empty() || known || word.parse::<i64>().is_ok() {
                return None;
            }
            let from = colon + text[colon..p].find(word)?;
            Some(
                Diag::new(Code::Parse, format!("unknown type `{word}`"))
                    .label(at(from, word.len()), "not a type")
                    .help("write a type: a range `LO..HI` (an integer), `bool`, `cell`, `dir`, `player`, `piece`, `square`, an enumeration `a | b | c`, or `list of T max N`"),
            )
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::error::Code;

    /// The one parse diagnostic of a rules block with `line` in its turn
    /// (or, for a part, among its parts): message, text under the label,
    /// help.
    fn slip(part: &str, stmt: &str) -> (String, String, String) {
        let src = format!(
            "rules g {{\n  players solo\n  board none\n{part}  var n: 0..9 = 0\n  turn {{\n    let xs = [1, 2]\n{stmt}    stop\n  }}\n  solve max score\n}}\n"
        );
        let (_, ds) = crate::syntax::parse(&src);
        assert_eq!(ds.len(), 1, "{ds:?}");
        let d = &ds[0];
        assert_eq!(d.code, Code::Parse);
        let s = d.span().expect("spanned");
        (
            d.message.clone(),
            src[s.start()..s.end()].to_string(),
            d.help.clone().unwrap_or_default(),
        )
    }

    #[test]
    fn rules_slips_are_said_in_the_languages_words() {
        // Before: "expected an operator or `max`", "write an operator here".
        let (m, at, help) = slip("", "    while n > 0 {\n      n -= 1\n    }\n");
        assert_eq!(
            (m.as_str(), at.as_str()),
            ("a `while` loop needs `max N`", "{")
        );
        assert!(help.contains("while COND max N"), "{help}");
        // Before: "expected an operator" at the end of the line.
        let (m, at, help) = slip("  layer h: int\n", "");
        assert_eq!((m.as_str(), at.as_str()), ("unknown type `int`", "int"));
        assert!(
            help.contains("`LO..HI`") && help.contains("`bool`"),
            "{help}"
        );
        // Before: "expected `players`, `param`, …, found `C`".
        let src = "rules g {\n  players A B C\n  board none\n  turn { stop }\n  solve outcome\n}\n";
        let (_, ds) = crate::syntax::parse(src);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert_eq!(ds[0].message, "a rules game has at most two players");
        let s = ds[0].span().unwrap();
        assert_eq!(&src[s.start()..s.end()], "C");
        let help = ds[0].help.clone().unwrap_or_default();
        assert!(
            help.contains("`players A B`")
                && help.contains("`players solo`")
                && help.contains("`players none`"),
            "{help}"
        );
        // Before: "expected `win`, `lose`, … found `,`".
        let (m, at, help) = slip("", "    pop xs, 1\n");
        assert_eq!(
            (m.as_str(), at.as_str()),
            ("`pop` takes the list alone", ",")
        );
        assert!(
            help.contains("`pop LIST`") && help.contains("last item"),
            "{help}"
        );
    }

    #[test]
    fn valid_types_and_while_loops_are_no_slips() {
        let src = "rules g {\n  players solo\n  board none\n  var n: 0..9 = 0, b: bool = false\n  turn {\n    while n > 0 max 9 {\n      n -= 1\n    }\n    stop\n  }\n  solve max score\n}\n";
        let (_, ds) = crate::syntax::parse(src);
        assert!(ds.is_empty(), "{ds:?}");
    }
}
