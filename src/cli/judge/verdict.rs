//! The verdict on one run: AC, WA, TLE, RE or PE, as judges give them.

use super::process::{End, Ran};
use meeple::pipeline::printable;
use num_rational::BigRational;
use num_traits::Signed;
use serde_json::{json, Value};

/// How many lines of stderr's end an RE shows.
const STDERR_LINES: usize = 5;
/// At most this many characters of them.
const STDERR_CHARS: usize = 600;

/// The verdict on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted: the first token is the answer.
    Ac,
    /// Wrong answer: the first token that differs from the answer's
    /// (`got` empty: the output ends before it; `expected` empty: a token
    /// past the answer's end), and where, when the answer has several.
    Wa {
        expected: String,
        got: String,
        place: Option<String>,
    },
    /// Time limit exceeded: killed with its process group.
    Tle { limit: String },
    /// Runtime error: a non-zero exit status or a signal, and stderr's end.
    Re { status: String, stderr: String },
    /// Presentation error: no output, or a first token that is no number.
    Pe { why: String },
}

/// The verdict's kind, as judges write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ac,
    Wa,
    Tle,
    Re,
    Pe,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Ac => "AC",
            Kind::Wa => "WA",
            Kind::Tle => "TLE",
            Kind::Re => "RE",
            Kind::Pe => "PE",
        }
    }
}

/// The last lines of stderr, lossily decoded.
fn tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let last = lines[lines.len().saturating_sub(STDERR_LINES)..].join("\n");
    let skip = last.chars().count().saturating_sub(STDERR_CHARS);
    last.chars().skip(skip).collect()
}

/// A signal's name (`SIGSEGV`) or its number.
fn signal_name(sig: i32) -> String {
    nix::sys::signal::Signal::try_from(sig)
        .map_or_else(|_| format!("signal {sig}"), |s| s.as_str().to_string())
}

/// Why the program cannot start at all, if so: `sh` (or the run's
/// helper) could not be started, or `sh` ended with 126 (found, not
/// runnable) or 127 (not found) having printed nothing.
pub fn cannot_start(ran: &Ran) -> Option<String> {
    let why = match &ran.end {
        End::SpawnFailed(e) => return Some(e.clone()),
        End::Exit(126) => "exit status 126 (the command cannot be run)",
        End::Exit(127) => "exit status 127 (the command is not found)",
        _ => return None,
    };
    if !ran.stdout.is_empty() {
        return None;
    }
    let mut text = why.to_string();
    for line in tail(&ran.stderr).lines() {
        text.push_str(&format!("\n    stderr: {}", printable(line)));
    }
    Some(text)
}

/// Whether `token` is an integer as the judges print them.
fn is_number(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A real-valued answer (an expectation, written with 6 decimals) as an
/// exact number; `None` for a whole number or a word, compared as tokens.
fn real(answer: &str) -> Option<BigRational> {
    answer
        .contains('.')
        .then(|| meeple::games::parse_number(answer, false))
        .flatten()
}

/// The tolerance of a real-valued answer, as the verdict says it.
pub const TOLERANCE: &str = "0.000001";

/// The verdict on `ran` against the judge's `answer` (its lines): the
/// exit status, then the whole output token by token ([`compare`]).
pub fn judge(ran: &Ran, answer: &str, limit: &str) -> Verdict {
    let status = match &ran.end {
        End::TimedOut => {
            return Verdict::Tle {
                limit: limit.to_string(),
            }
        }
        End::SpawnFailed(e) => Some(format!("cannot start: {e}")),
        End::Exit(0) => None,
        // `sh` reports a command killed by signal N as 128 + N.
        End::Exit(c @ 129..=192) => match nix::sys::signal::Signal::try_from(c - 128) {
            Ok(sig) => Some(format!("exit status {c} (the shell's code for {sig})")),
            Err(_) => Some(format!("exit status {c}")),
        },
        End::Exit(c) => Some(format!("exit status {c}")),
        End::Signal(s) => Some(format!("killed by {}", signal_name(*s))),
    };
    if let Some(status) = status {
        return Verdict::Re {
            status,
            stderr: tail(&ran.stderr),
        };
    }
    let out = String::from_utf8_lossy(&ran.stdout);
    compare(&out, answer)
}

/// The tokens of `text`, each with its line (from 1).
fn tokens(text: &str) -> Vec<(usize, &str)> {
    text.split('\n')
        .enumerate()
        .flat_map(|(i, l)| l.split_ascii_whitespace().map(move |t| (i + 1, t)))
        .collect()
}

/// The program's whole output `out` against the judge's answer, token by
/// token (line breaks are not checked, as judges read words): every token
/// must be there and nothing more; a number where the answer has a number
/// (else `PE`), a real-valued one within [`TOLERANCE`]. The first
/// difference is the verdict, named by the answer's line when the answer
/// has more than one token.
pub fn compare(out: &str, answer: &str) -> Verdict {
    let want = tokens(answer);
    let got = tokens(out);
    if got.is_empty() && !want.is_empty() {
        return Verdict::Pe {
            why: "no output".into(),
        };
    }
    let many = want.len() > 1;
    let place = |line: usize| many.then(|| format!("line {line}"));
    for (i, &(line, expected)) in want.iter().enumerate() {
        let Some(&(_, token)) = got.get(i) else {
            return Verdict::Wa {
                expected: expected.to_string(),
                got: String::new(),
                place: place(line),
            };
        };
        let which = if i == 0 {
            "the first token"
        } else {
            "the token"
        };
        let at = place(line).map_or(String::new(), |p| format!(" on {p}"));
        // A number is expected as a number; a word (a rules game's winner,
        // `output winner`) as that word.
        if is_number(expected) && !is_number(token) {
            let shown: String = token.chars().take(40).collect();
            return Verdict::Pe {
                why: format!("{which} `{shown}`{at} is not a number"),
            };
        }
        let same = match real(expected) {
            Some(want) => {
                let Some(got) = meeple::games::parse_number(token, false) else {
                    let shown: String = token.chars().take(40).collect();
                    return Verdict::Pe {
                        why: format!("{which} `{shown}`{at} is not a number"),
                    };
                };
                let tolerance = BigRational::new(1.into(), 1_000_000.into());
                (got - want).abs() <= tolerance
            }
            None => token == expected,
        };
        if !same {
            return Verdict::Wa {
                expected: expected.to_string(),
                got: token.to_string(),
                place: place(line),
            };
        }
    }
    match got.get(want.len()) {
        Some(&(line, token)) => Verdict::Wa {
            expected: String::new(),
            got: token.to_string(),
            place: Some(format!("line {line} of the output")),
        },
        None => Verdict::Ac,
    }
}

impl Verdict {
    pub fn kind(&self) -> Kind {
        match self {
            Verdict::Ac => Kind::Ac,
            Verdict::Wa { .. } => Kind::Wa,
            Verdict::Tle { .. } => Kind::Tle,
            Verdict::Re { .. } => Kind::Re,
            Verdict::Pe { .. } => Kind::Pe,
        }
    }

    /// What went wrong, in words (empty for AC).
    pub fn detail(&self) -> String {
        match self {
            Verdict::Ac => String::new(),
            Verdict::Wa {
                expected,
                got,
                place,
            } => {
                let at = place.as_ref().map_or(String::new(), |p| format!("{p}: "));
                let within = if real(expected).is_some() {
                    format!(" (within {TOLERANCE})")
                } else {
                    String::new()
                };
                if expected.is_empty() {
                    format!("{at}expected the end of the output, got {got}")
                } else if got.is_empty() {
                    format!(
                        "{at}expected {expected}{within}, got nothing (the output ends before it)"
                    )
                } else {
                    format!("{at}expected {expected}{within}, got {got}")
                }
            }
            Verdict::Tle { limit } => {
                format!("still running after {limit} s: killed with its process group")
            }
            Verdict::Re { status, .. } => status.clone(),
            Verdict::Pe { why } => why.clone(),
        }
    }

    /// The verdict's fields for `--format json`: `verdict`, `expected`
    /// and `got` (WA), `detail`, `stderr` (RE).
    pub fn json(&self) -> Value {
        let mut v = json!({ "verdict": self.kind().as_str() });
        match self {
            Verdict::Ac => {}
            Verdict::Wa { expected, got, .. } => {
                v["expected"] = json!(expected);
                v["got"] = json!(got);
            }
            Verdict::Re { stderr, .. } => v["stderr"] = json!(stderr),
            Verdict::Tle { .. } | Verdict::Pe { .. } => {}
        }
        if *self != Verdict::Ac {
            v["detail"] = json!(self.detail());
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ran(end: End, out: &str, err: &str) -> Ran {
        Ran {
            end,
            stdout: out.into(),
            stderr: err.into(),
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn verdicts_follow_the_judges_order() {
        let v = |end, out| judge(&ran(end, out, "a\nb\nboom\n"), "5\n", "1").kind();
        assert_eq!(v(End::Exit(0), "5\n"), Kind::Ac);
        assert_eq!(v(End::Exit(0), "  5 \n"), Kind::Ac);
        // Every token counts: one past the answer is a wrong answer.
        assert_eq!(v(End::Exit(0), "  5 extra"), Kind::Wa);
        assert_eq!(v(End::Exit(0), "6\n"), Kind::Wa);
        assert_eq!(v(End::Exit(0), "05\n"), Kind::Wa);
        assert_eq!(v(End::Exit(0), ""), Kind::Pe);
        assert_eq!(v(End::Exit(0), "hello 5"), Kind::Pe);
        assert_eq!(v(End::Exit(3), "5\n"), Kind::Re);
        assert_eq!(v(End::Signal(11), "5\n"), Kind::Re);
        assert_eq!(v(End::TimedOut, "5\n"), Kind::Tle);
        let re = judge(&ran(End::Signal(11), "", "x\nboom\n"), "5", "1");
        assert_eq!(re.detail(), "killed by SIGSEGV");
        assert_eq!(re.json()["stderr"], "x\nboom");
        let shell = judge(&ran(End::Exit(139), "5\n", ""), "5", "1");
        assert_eq!(
            shell.detail(),
            "exit status 139 (the shell's code for SIGSEGV)"
        );
        assert_eq!(
            judge(&ran(End::Exit(0), "-1", ""), "-1\n", "1"),
            Verdict::Ac
        );
    }

    #[test]
    fn a_real_answer_compares_as_a_number_within_a_millionth() {
        let v = |out: &str| judge(&ran(End::Exit(0), out, ""), "3.000000\n", "1");
        for ok in [
            "3",
            "3.0",
            "3.000000",
            "3.0000009",
            "2.999999",
            "3.000001\n",
        ] {
            assert_eq!(v(ok), Verdict::Ac, "{ok}");
        }
        let wa = v("3.0000011");
        assert_eq!(wa.kind(), Kind::Wa);
        assert_eq!(
            wa.detail(),
            "expected 3.000000 (within 0.000001), got 3.0000011"
        );
        assert_eq!(v("2.5").kind(), Kind::Wa);
        assert_eq!(v("3e0").kind(), Kind::Pe);
        assert_eq!(v("three").kind(), Kind::Pe);
        // Whole numbers and words still compare as tokens.
        assert_eq!(
            judge(&ran(End::Exit(0), "3.0", ""), "3\n", "1").kind(),
            Kind::Pe
        );
    }

    #[test]
    fn a_program_that_cannot_start_is_told_apart() {
        let missing = ran(End::Exit(127), "", "sh: 1: x: not found\u{1b}[2J\n");
        assert_eq!(
            cannot_start(&missing).unwrap(),
            "exit status 127 (the command is not found)\n    stderr: sh: 1: x: not found\\u{1b}[2J"
        );
        let failed = ran(End::SpawnFailed("no sh".into()), "", "");
        assert_eq!(cannot_start(&failed).unwrap(), "no sh");
        // A program that ran and printed, then ended with 127: judged.
        assert_eq!(cannot_start(&ran(End::Exit(127), "5\n", "")), None);
        assert_eq!(cannot_start(&ran(End::Exit(1), "", "")), None);
    }

    /// A list answer (`output printed`, a `cases` input): one token a
    /// line, each compared, none missing and none more; the first
    /// difference named by the answer's line.
    #[test]
    fn a_many_line_answer_compares_every_token() {
        let answer = "0\n0\n3\n8\n";
        let v = |out: &str| compare(out, answer);
        assert_eq!(v("0\n0\n3\n8\n"), Verdict::Ac);
        // Line breaks are not checked: judges read words.
        assert_eq!(v("0 0 3 8"), Verdict::Ac);
        let wrong = v("0\n0\n6\n8\n");
        assert_eq!(wrong.kind(), Kind::Wa);
        assert_eq!(wrong.detail(), "line 3: expected 3, got 6");
        assert_eq!(wrong.json()["expected"], "3");
        assert_eq!(wrong.json()["got"], "6");
        let short = v("0\n0\n3\n");
        assert_eq!(
            short.detail(),
            "line 4: expected 8, got nothing (the output ends before it)"
        );
        let long = v("0\n0\n3\n8\n5\n");
        assert_eq!(
            long.detail(),
            "line 5 of the output: expected the end of the output, got 5"
        );
        assert_eq!(
            v("0\n0\nx\n8\n").detail(),
            "the token `x` on line 3 is not a number"
        );
        assert_eq!(v("").detail(), "no output");
        // A single answer's difference is told as before, without a line.
        assert_eq!(compare("6\n", "5\n").detail(), "expected 5, got 6");
        // An empty answer (nothing printed): only an empty output passes.
        assert_eq!(compare("", ""), Verdict::Ac);
        assert_eq!(compare(" \n", ""), Verdict::Ac);
        assert_eq!(
            compare("1\n", "").detail(),
            "line 1 of the output: expected the end of the output, got 1"
        );
        // Real-valued answers keep their tolerance on every line.
        let real = |out: &str| compare(out, "3.000000\n2.500000\n");
        assert_eq!(real("3 2.5000009"), Verdict::Ac);
        assert_eq!(
            real("3 2.6").detail(),
            "line 2: expected 2.500000 (within 0.000001), got 2.6"
        );
    }
}
