//! The formatted file as lines, and their text: indentation, trailing
//! comments aligned in runs, one kind of line ending.

/// One line of the formatted file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// An empty line.
    Blank,
    /// A comment on a line of its own.
    Comment {
        /// Its indentation, in spaces.
        indent: usize,
        /// The comment from `#`.
        text: String,
    },
    /// Code, with the comment that trails it if any. The code may span
    /// lines (an `input """…"""` block), taken as it is.
    Code {
        /// Its indentation, in spaces.
        indent: usize,
        /// The code.
        code: String,
        /// The comment after it, from `#`.
        comment: Option<String>,
    },
}

/// The fewest spaces between code and the comment that trails it.
const GAP: usize = 2;

/// The text of `lines`, each ended by `nl`. Runs of consecutive one-line
/// code lines at one indentation with trailing comments have those comments
/// in one column, two spaces after the longest code of the run. Blank lines never start or
/// end the text and never come two in a row.
pub(super) fn render(lines: &[Line], nl: &str) -> String {
    let lines = tidy(lines);
    let width = |l: &Line| match l {
        Line::Code {
            indent,
            code,
            comment: Some(_),
        } if !code.contains('\n') => Some(indent + code.chars().count()),
        _ => None,
    };
    // The comment column of each line of a run.
    let mut column = vec![0; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        let mut j = i;
        let mut widest = 0;
        let level = indent(lines[i]);
        while let Some(w) = lines
            .get(j)
            .filter(|l| indent(l) == level)
            .and_then(|l| width(l))
        {
            widest = widest.max(w);
            j += 1;
        }
        for c in &mut column[i..j] {
            *c = widest + GAP;
        }
        i = j.max(i + 1);
    }
    let mut out = String::new();
    for (line, col) in lines.iter().zip(column) {
        match line {
            Line::Blank => {}
            Line::Comment { indent, text } => {
                out.extend(std::iter::repeat_n(' ', *indent));
                out.push_str(text);
            }
            Line::Code {
                indent,
                code,
                comment,
            } => {
                out.extend(std::iter::repeat_n(' ', *indent));
                out.push_str(code);
                if let Some(comment) = comment {
                    let used = if code.contains('\n') {
                        0
                    } else {
                        indent + code.chars().count()
                    };
                    let pad = col.saturating_sub(used).max(GAP);
                    out.extend(std::iter::repeat_n(' ', pad));
                    out.push_str(comment);
                }
            }
        }
        out.push_str(nl);
    }
    out
}

fn indent(line: &Line) -> usize {
    match line {
        Line::Blank => 0,
        Line::Comment { indent, .. } | Line::Code { indent, .. } => *indent,
    }
}

/// `lines` without blank lines at the start, the end or after another.
fn tidy(lines: &[Line]) -> Vec<&Line> {
    let mut out: Vec<&Line> = Vec::with_capacity(lines.len());
    for line in lines {
        let blank = *line == Line::Blank;
        if blank && out.last().is_none_or(|l| **l == Line::Blank) {
            continue;
        }
        out.push(line);
    }
    while out.last().is_some_and(|l| **l == Line::Blank) {
        out.pop();
    }
    out
}
