//! `meeple fmt`: one canonical layout for `.game` scripts (docs/fmt.md).
//!
//! [`format_source`] reads a script with the parser and writes it again
//! from its parse tree: two-space indentation, one statement per line,
//! board rows as aligned cells, one blank line between scenarios and
//! tracks, every comment kept where it was, `input """…"""` blocks taken
//! as they are. Formatting never changes what a script means, and a
//! formatted script formats to itself.
//!
//! ```
//! let text = "scenario \"s\"{game footholds\n\n\n board [[1,1]] # a row\n piece A at(0,0)}";
//! let formatted = meeple::format::format_source("s.game", text).unwrap();
//! assert_eq!(
//!     formatted,
//!     "scenario \"s\" {\n  game footholds\n\n  board [[1, 1]]  # a row\n  piece A at (0, 0)\n}\n"
//! );
//! assert_eq!(meeple::format::format_source("s.game", &formatted).unwrap(), formatted);
//! // A script with syntax errors is not formatted: the errors come back.
//! let err = meeple::format::format_source("bad.game", "scenario \"s\" {").unwrap_err();
//! assert_eq!(err.diags()[0].code.as_str(), "meeple::parse::unterminated");
//! ```

mod comments;
mod lines;
mod rules;
pub(crate) mod rules_expr;
mod tree;

use crate::error::Diagnostics;
use crate::syntax::{self, MeepleParser, Rule};
use pest::Parser;

/// The script `text` (named `name` in diagnostics) in the canonical layout.
///
/// Err: the script has syntax errors (those `meeple check` reports first,
/// from the parser); it cannot be formatted. The line ending of the result
/// is the one of the script's first line (`\r\n` or `\n`); the text ends
/// with one line ending (an empty script stays empty).
pub fn format_source(name: &str, text: &str) -> Result<String, Diagnostics> {
    let lf = syntax::line_ends(text);
    // One reading by pest, large board arrays from the pre-scan's (not a
    // token per cell); any error, and the whole parser says what it is.
    if let Some((read, arrays)) = syntax::fmt_text(&lf) {
        if let Ok(mut pairs) = MeepleParser::parse(Rule::file, &read) {
            let file = pairs.next();
            if file
                .clone()
                .is_none_or(|f| syntax::build_diags(f).is_empty())
            {
                return Ok(layout(&read, &lf, &arrays, file));
            }
        }
    }
    let (_, diags) = syntax::parse(text);
    if !diags.is_empty() {
        return Err(Diagnostics::new(name, text, diags));
    }
    // Not reached: the reading above fails only where the parser reports.
    match MeepleParser::parse(Rule::file, &lf) {
        Ok(mut pairs) => Ok(layout(&lf, &lf, &Default::default(), pairs.next())),
        Err(e) => {
            let diag = syntax::parse_error_diag(&e, &lf, 0);
            Err(Diagnostics::new(name, &lf, vec![diag]))
        }
    }
}

/// The canonical text of `source` from its parse tree `file` (of `read`,
/// `source` with the pre-scan's `arrays` blanked).
fn layout(
    read: &str,
    source: &str,
    arrays: &syntax::ReadArrays,
    file: Option<pest::iterators::Pair<'_, Rule>>,
) -> String {
    let Some(file) = file else {
        return String::new();
    };
    let nl = match source.find('\n') {
        Some(i) if source[..i].ends_with('\r') => "\r\n",
        _ => "\n",
    };
    lines::render(&tree::layout(read, source, arrays, file), nl)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`format_source`] with every array read by pest, a token per cell.
    fn by_pest(text: &str) -> String {
        let file = MeepleParser::parse(Rule::file, text)
            .unwrap()
            .next()
            .unwrap();
        lines::render(&tree::layout(text, text, &Default::default(), file), "\n")
    }

    #[test]
    fn arrays_read_by_the_prescan_format_as_pest_reads_them() {
        let row = |r: usize| {
            let cells: Vec<String> = (0..80).map(|c| ((r * c) % 13).to_string()).collect();
            format!("[{}]", cells.join(","))
        };
        let rows: Vec<String> = (0..80).map(row).collect();
        let texts = [
            // One line, then one row a line with a blank line and `-0`.
            format!(
                "scenario \"s\" {{\n  game stacking # g\n  board [{}]\n  solve\n}}\n",
                rows.join(",")
            ),
            format!(
                "scenario \"s\" {{\n  board   [{},\n\n  [-0{}]]  # after\n  show\n}}\n",
                rows.join(",\n   "),
                ",0".repeat(79)
            ),
        ];
        for text in &texts {
            let (read, arrays) = syntax::fmt_text(text).unwrap();
            assert_eq!(arrays.len(), 1, "{text}");
            assert!(read.contains("[]"));
            let fast = format_source("a.game", text).unwrap();
            assert_eq!(fast, by_pest(text));
            assert_eq!(format_source("a.game", &fast).unwrap(), fast);
        }
        // An array with a comment inside is read by pest.
        let text = texts[1].replacen(",\n\n", ", # c\n\n", 1);
        assert!(syntax::fmt_text(&text).unwrap().1.is_empty());
        assert_eq!(format_source("a.game", &text).unwrap(), by_pest(&text));
    }
}

#[cfg(test)]
mod rules_tests;
