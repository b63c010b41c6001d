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
    let (_, diags) = syntax::parse(text);
    if !diags.is_empty() {
        return Err(Diagnostics::new(name, text, diags));
    }
    let text = syntax::line_ends(text);
    // The parser read it once without an error, so it reads it again.
    let file = match MeepleParser::parse(Rule::file, &text) {
        Ok(mut pairs) => pairs.next(),
        Err(e) => {
            let diag = syntax::parse_error_diag(&e, &text, 0);
            return Err(Diagnostics::new(name, &text, vec![diag]));
        }
    };
    let Some(file) = file else {
        return Ok(String::new());
    };
    let nl = match text.find('\n') {
        Some(i) if text[..i].ends_with('\r') => "\r\n",
        _ => "\n",
    };
    let lines = tree::layout(&text, file);
    Ok(lines::render(&lines, nl))
}
