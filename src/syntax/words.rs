//! Parse errors in words users know: pest's expected rules become phrases
//! like "a coordinate like (1, 2)", never grammar rule names.

use super::dialect::{self, suggest};
use super::Rule;
use crate::error::{Code, Diag};
use crate::syntax::ast::Span;
use pest::error::{Error, ErrorVariant, InputLocation};

/// "a statement (game, board, …)", from the dialect table.
fn a_statement() -> String {
    let names: Vec<_> = dialect::STATEMENTS.iter().map(|w| w.name).collect();
    format!("a statement ({})", names.join(", "))
}

/// The phrase for one grammar rule, or None for rules users never need to hear of.
fn describe(rule: Rule) -> Option<String> {
    describe_static(rule)
        .map(str::to_string)
        .or_else(|| describe_rules(rule))
        .or_else(|| is_statement_keyword(rule).then(a_statement))
}

/// Whether a rule is the keyword of a statement of the dialect table
/// (`kw_solve`): its name is `kw_` and the word. Only error paths ask.
fn is_statement_keyword(rule: Rule) -> bool {
    let name = format!("{rule:?}");
    name.strip_prefix("kw_")
        .is_some_and(|w| dialect::STATEMENTS.iter().any(|s| s.name == w))
}

/// The phrase for a rule of the rules language (its words are `rw_WORD`).
fn describe_rules(rule: Rule) -> Option<String> {
    let name = format!("{rule:?}");
    if let Some(word) = name.strip_prefix("rw_") {
        return Some(format!("`{word}`"));
    }
    Some(
        match rule {
            Rule::rules_def => "`rules NAME { … }`",
            Rule::import_def => "`import \"file.game\"`",
            Rule::r_expr | Rule::r_set | Rule::r_cond => "an expression",
            Rule::r_type => "a type (bool, cell, dir, player, piece, square, LO..HI, a | b, list of T max N)",
            Rule::r_block => "a block `{ … }`",
            Rule::r_decl => "a declaration `NAME: TYPE`",
            Rule::r_entry => "a legend entry like `\"#\": wall[here] = true`",
            Rule::r_offset => "an offset like (1, 2)",
            Rule::r_op => "`=`, `+=` or `-=`",
            Rule::r_infix => "an operator",
            Rule::r_name | Rule::r_place => "a name",
            Rule::r_objective => "an objective (moves, outcome, score, max score, min score, shortest within N, longest, simulate limit N)",
            Rule::r_end_word => "`win`, `lose`, `draw` or `stop`",
            _ => return None,
        }
        .to_string(),
    )
}

fn describe_static(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the file",
        Rule::kw_scenario => "`scenario \"NAME\" { … }`",
        Rule::kw_track => "`track NAME { … }`",
        Rule::scenario | Rule::track_def | Rule::file => "`scenario` or `track`",
        Rule::string => "a name in quotes, like \"example 1\"",
        Rule::ident => "a name",
        Rule::int | Rule::dice_fixed | Rule::int_list => "a whole number",
        Rule::coord => "a coordinate like (1, 2)",
        Rule::judge_coord => "a coordinate like [1, 2]",
        Rule::direction => "a direction (right, left, up or down)",
        Rule::heading => "a direction (up, down, left, right, or a diagonal like down-right)",
        Rule::board_grid => "a board like { 1 1 … } with one row per line",
        Rule::board_array => "a board like [[1,1],[0,1]]",
        Rule::array_row => "a row like [1, 0, 1]",
        Rule::piece_id => "a piece name (A, B or a number)",
        Rule::kw_at => "`at`",
        Rule::kw_facing => "`facing DIR`",
        Rule::kw_uniform => "`uniform LO..HI x N`",
        Rule::dice_uniform => "`uniform LO..HI x N`",
        Rule::kw_x => "`x` (as in `uniform 1..5 x 10`)",
        Rule::rule_value => "a rule value (a number or a word)",
        Rule::raw_block => "a raw block \"\"\" … \"\"\"",
        Rule::kw_to => "`to (r, c)`",
        Rule::play_piece => "`piece N`",
        Rule::play_player => "a player and a move, like `A up` or `A to (1, 2)`",
        Rule::expect_value => "a value to expect (a number or a word)",
        Rule::fraction | Rule::decimal => "a number",
        Rule::kw_boards => "`boards`",
        Rule::kw_route | Rule::kw_shortcut | Rule::track_line => "`route …` or `shortcut …`",
        Rule::square | Rule::square_def | Rule::square_ref => {
            "a square (a score like 12, `name=score`, or a square name)"
        }
        Rule::comma => "`,`",
        _ => return None,
    })
}

/// The help line for a board missing its `}`.
pub(crate) const BOARD_NOT_CLOSED_HELP: &str =
    "close the board with `}` on the line after its last row \
     (a `}` before the next `scenario` closes the scenario, not the board)";

/// What a literal token that pest reports as missing means.
fn describe_literal(found: &str) -> String {
    match found {
        "}" => "`}`".into(),
        "{" => "`{`".into(),
        _ => format!("`{found}`"),
    }
}

/// Turn a pest error into a `meeple::parse` diagnostic. `rest` is the text
/// that was parsed, starting at byte `offset` of the file. Returns the
/// diagnostic and the absolute error position.
pub(crate) fn parse_error(err: &Error<Rule>, rest: &str, offset: usize) -> (Diag, usize) {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if let Some(diag) = unterminated(rest, pos, offset) {
        return (diag, offset + pos);
    }
    if let Some((diag, at)) = non_ascii_name(rest, pos, offset) {
        return (diag, at);
    }
    let token_end = token_end(rest, pos);
    let found = &rest[pos..token_end];
    let wanted = wanted(err);
    if found == "{" && wanted.iter().any(|w| w.starts_with("a board like {")) {
        let at = offset + pos;
        let diag = Diag::new(Code::ParseUnterminated, "this board is not closed")
            .label(Span::new(at, at + 1), "the board opens here and has no `}`")
            .help(BOARD_NOT_CLOSED_HELP);
        return (diag, at);
    }
    if let Some(diag) = super::slips::array_slip(rest, pos, &wanted, offset) {
        return (diag, offset + pos);
    }
    if let Some(diag) = super::slips::nested_value_list(rest, pos, found, offset) {
        return (diag, offset + pos);
    }
    if let Some(diag) = super::rules_slips::rules_slip(rest, pos, found, offset) {
        return (diag, offset + pos);
    }
    if let Some(diag) = stray_closer(found, &wanted, pos, token_end, offset) {
        return (diag, offset + pos);
    }
    if let Some(diag) = super::end_if::end_word_then_if(rest, pos, &wanted, offset) {
        return (diag, offset + pos);
    }
    let gap = code_end(rest, pos);
    if wanted == ["`,`"] && gap < pos {
        // `(0 0)`: point at the gap after the first number, where the comma goes.
        let at = offset + gap;
        let diag = Diag::new(Code::Parse, "expected `,`")
            .label(Span::new(at, at + 1), "a comma is missing here")
            .help("write coordinates as (row, col), e.g. (1, 2)");
        return (diag, offset + pos);
    }
    // A word or a `}` at the start of the next line begins something new.
    let new_line = rest[gap..pos].contains('\n')
        && (found.starts_with(|c: char| c.is_alphabetic()) || found == "}");
    if new_line && gap > 0 && !wants_statement(err) {
        return (unfinished_line(rest, gap, offset, &wanted), offset + pos);
    }
    (
        expected_here(rest, pos, token_end, offset, &wanted),
        offset + pos,
    )
}

/// A letter outside ASCII inside a name (`rules jéu`, `game fooé`): names
/// hold ASCII letters, digits, `_` and `-`. The letter is found where the
/// error is, or, for an item pest gave up on at its first word (`rules`,
/// `track`), on that word's line.
fn non_ascii_name(rest: &str, pos: usize, offset: usize) -> Option<(Diag, usize)> {
    let name_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let line_end = rest[pos..].find('\n').map_or(rest.len(), |n| pos + n);
    let item = ["rules ", "track "]
        .iter()
        .any(|w| rest[pos..].starts_with(w));
    let first = rest[pos..].chars().next().map_or(0, char::len_utf8);
    let scan_end = if item { line_end } else { pos + first };
    let mut prev = rest[..pos].chars().next_back();
    for (i, c) in rest[pos..scan_end].char_indices() {
        if c == '"' || c == '#' {
            return None;
        }
        if !c.is_ascii() && c.is_alphabetic() && prev.is_some_and(name_char) {
            let at = offset + pos + i;
            let diag = Diag::new(
                Code::Parse,
                "a name may hold only ASCII letters, digits, `_` and `-`",
            )
            .label(
                Span::new(at, at + c.len_utf8()),
                format!("`{c}` cannot be part of a name"),
            )
            .help("write the name in ASCII letters (`jeu`, not `jéu`)");
            return Some((diag, at));
        }
        prev = Some(c);
    }
    None
}

/// Whether the grammar wanted a statement at the error (a scenario's, or
/// a rules block's part, which names its keywords alone): a line there
/// begins something new, and recovery skips a broken one.
pub(crate) fn wants_statement(err: &Error<Rule>) -> bool {
    match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().any(|r| is_statement_keyword(*r))
        }
        _ => false,
    }
}

/// What the grammar wanted at the error, in words, each once (never empty).
fn wanted(err: &Error<Rule>) -> Vec<String> {
    let mut wanted: Vec<String> = Vec::new();
    if let ErrorVariant::ParsingError { positives, .. } = &err.variant {
        // Inside a rules block (its words are `rw_…`), a statement keyword
        // is that word alone (a part `piece`, `board`, `solve`, an input
        // item `piece`): the scenario's statements cannot stand there.
        let rules = positives
            .iter()
            .any(|r| format!("{r:?}").starts_with("rw_"));
        for rule in positives {
            let words = match rules && is_statement_keyword(*rule) {
                true => format!("{rule:?}")
                    .strip_prefix("kw_")
                    .map(|w| format!("`{w}`")),
                false => describe(*rule),
            };
            if let Some(words) = words {
                if !wanted.contains(&words) {
                    wanted.push(words);
                }
            }
        }
        // Where a rules block's next part may start, so may its `}`.
        if positives.contains(&Rule::rw_players) && !wanted.iter().any(|w| w == "`}`") {
            wanted.push(describe_literal("}"));
        }
    }
    if wanted.is_empty() {
        // pest named no rule users know: say what the text needs in
        // general (a statement or a block) rather than nothing.
        wanted.push(a_statement());
        wanted.push(
            describe_static(Rule::kw_scenario)
                .unwrap_or_default()
                .into(),
        );
    }
    // pest does not report bare string literals; name the closers a block needs.
    if wanted.iter().any(|w| w.starts_with("a statement")) && !wanted.iter().any(|w| w == "`}`") {
        wanted.push(describe_literal("}"));
    }
    wanted
}

/// A `}`, `]` or `)` where nothing it could close is open (a stray `}`
/// after a complete scenario, or a lone `}` typed in the REPL): "unexpected
/// `}`" on that one, as rustc says it.
fn stray_closer(
    found: &str,
    wanted: &[String],
    pos: usize,
    token_end: usize,
    offset: usize,
) -> Option<Diag> {
    if !matches!(found, "}" | "]" | ")") {
        return None;
    }
    // At the top level (the end of the file, an item, or a statement of
    // the REPL), not where a block wanted its own closer.
    let top = wanted
        .iter()
        .any(|w| w == "the end of the file" || w.starts_with("`scenario"));
    if !top {
        return None;
    }
    let at = Span::new(offset + pos, offset + token_end);
    Some(
        Diag::new(Code::Parse, format!("unexpected `{found}`"))
            .label(at, format!("this `{found}` closes nothing: no block is open here"))
            .help(format!(
                "remove this `{found}`; each `scenario \"NAME\" {{ … }}` and `board {{ … }}` closes with one `}}`"
            )),
    )
}

/// Where the code before `pos` ends: blanks and `#` comments (a comment
/// after the last word of a line, or lines of comments) are not code, so
/// "the line ends here" points at the last word, not into a comment.
fn code_end(rest: &str, pos: usize) -> usize {
    let mut end = rest[..pos].trim_end().len();
    loop {
        let start = rest[..end].rfind('\n').map_or(0, |i| i + 1);
        match comment_start(&rest[start..end]) {
            Some(c) => end = rest[..start + c].trim_end().len(),
            None => return end,
        }
    }
}

/// Where a `#` comment starts on one line, outside strings `"…"`.
fn comment_start(line: &str) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '#' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

/// `piece B at` and a new line: the statement above is unfinished; point
/// at the end of its line (`gap`, where the text before the error ends).
fn unfinished_line(rest: &str, gap: usize, offset: usize, wanted: &[String]) -> Diag {
    let width = rest[..gap].chars().next_back().map_or(0, char::len_utf8);
    Diag::new(Code::Parse, format!("expected {}", join_or(wanted)))
        .label(
            Span::new(offset + gap - width, offset + gap),
            format!("the line ends here, without {}", wanted[0]),
        )
        .help(help_for(wanted))
}

/// The general case: what was wanted and what was found at `pos`, with a
/// guess at a misspelt word.
fn expected_here(
    rest: &str,
    pos: usize,
    token_end: usize,
    offset: usize,
    wanted: &[String],
) -> Diag {
    let found = &rest[pos..token_end];
    let found_words = if found.is_empty() {
        "the end of the file after this".to_string()
    } else {
        format!("`{}`", shorten(found))
    };
    let mut span = Span::new(offset + pos, offset + token_end);
    if found.is_empty() {
        // Nothing is drawn at the very end of a file: point at its last character.
        let end = rest.trim_end().len();
        let width = rest[..end].chars().next_back().map_or(0, char::len_utf8);
        span = Span::new(offset + end - width, offset + end);
    }
    let mut help = help_for(wanted);
    // A word with a letter meeple's names do not take (`ñame`, `größe`).
    if let Some(c) = found.chars().find(|c| !c.is_ascii() && c.is_alphanumeric()) {
        help = format!(
            "names are written with the letters a-z and A-Z, digits, `_` and `-`: `{c}` is not one of them; {help}"
        );
    }
    let hint = slip(found, wanted);
    if let Some(hint) = hint {
        help = format!("did you mean `{hint}`? {help}");
    }
    Diag::new(Code::Parse, format!("expected {}", join_or(wanted)))
        .label(span, format!("found {found_words}"))
        .suggest(hint)
        .help(help)
}

/// The known word a misspelt `found` was meant to be, given what the
/// grammar wanted there (a statement, a top-level item or a direction).
fn slip(found: &str, wanted: &[String]) -> Option<&'static str> {
    if !found.starts_with(|c: char| c.is_alphabetic()) {
        return None;
    }
    let statements = dialect::STATEMENTS.iter().map(|w| w.name);
    let items = dialect::ITEMS.iter().map(|w| w.name);
    let mut known: Vec<&'static str> = Vec::new();
    for w in wanted {
        if w.starts_with("a statement") {
            known.extend(statements.clone());
        } else if w.starts_with("`scenario") {
            known.extend(items.clone());
        } else if w.starts_with("a direction (right") {
            // `facing` takes the four straight directions only.
            known.extend(dialect::directions().take(4));
        } else if w.starts_with("a direction") {
            known.extend(dialect::directions());
        }
    }
    suggest(found, known)
}

fn help_for(wanted: &[String]) -> String {
    let first = wanted.first().map(String::as_str).unwrap_or("");
    if first.starts_with("a coordinate") {
        "write coordinates as (row, col), e.g. (1, 2)".into()
    } else if first.starts_with("a statement") {
        "each scenario holds statements such as `game footholds`, `board { … }`, `piece A at (0, 0)`, `solve`; close it with `}`".into()
    } else if first.starts_with("`scenario") {
        "a file is a list of `scenario \"NAME\" { … }` blocks and `track NAME { … }` definitions"
            .into()
    } else if first.starts_with("a direction (right") {
        "directions are right, left, up and down".into()
    } else if first.starts_with("a direction") {
        format!(
            "moves go {}",
            dialect::or_list(&dialect::directions().collect::<Vec<_>>())
        )
    } else {
        format!("write {first} here")
    }
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The end of the token starting at `pos` (a word, or one character).
pub(super) fn token_end(text: &str, pos: usize) -> usize {
    let rest = &text[pos..];
    let word: usize = rest
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_' || *c == '-'))
        .map_or(rest.len(), |(i, _)| i);
    if word > 0 {
        pos + word.min(80)
    } else {
        pos + rest.chars().next().map_or(0, char::len_utf8)
    }
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 40 {
        let cut: String = s.chars().take(40).collect();
        format!("{cut}…")
    } else {
        s.to_string()
    }
}

/// A string or raw block opened at or before `upto` and never closed.
fn unterminated(text: &str, upto: usize, offset: usize) -> Option<Diag> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() && i <= upto {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' if text[i..].starts_with("\"\"\"") => match text[i + 3..].find("\"\"\"") {
                Some(end) => i += 3 + end + 3,
                None => {
                    return Some(
                        Diag::new(Code::ParseUnterminated, "this raw block is never closed")
                            .label(Span::new(offset + i, offset + i + 3), "opened here")
                            .help("close the block with \"\"\" after its last line"),
                    )
                }
            },
            b'"' => {
                let start = i;
                i += 1;
                loop {
                    match bytes.get(i) {
                        Some(b'\\') => i += 2,
                        Some(b'"') => break,
                        Some(b'\n') | None => {
                            return Some(
                                Diag::new(Code::ParseUnterminated, "this string is never closed")
                                    .label(
                                        Span::new(offset + start, offset + i.min(bytes.len())),
                                        "string starts here",
                                    )
                                    .help("close the string with \" on the same line"),
                            )
                        }
                        Some(_) => i += 1,
                    }
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}
