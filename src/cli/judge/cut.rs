//! The shrink report's optimal play, cut short: a `line` of thousands of
//! moves (a pile taken one stone at a time) shows its first moves, then
//! how many more there are.

/// Moves of a `line` kept in the shrink report.
pub const KEPT_MOVES: usize = 20;

/// `shown` (a rendered run) with each run of numbered move lines (`12. …`)
/// cut to its first `keep`, then `… N more moves`.
pub fn cut_line(shown: &str, keep: usize) -> String {
    let mut out = String::new();
    let mut run = 0usize;
    let mut dropped = 0usize;
    let flush = |out: &mut String, dropped: &mut usize| {
        if *dropped > 0 {
            let moves = if *dropped == 1 { "move" } else { "moves" };
            out.push_str(&format!("… {dropped} more {moves}\n"));
            *dropped = 0;
        }
    };
    for line in shown.split_inclusive('\n') {
        if is_move(line) {
            run += 1;
            if run > keep {
                dropped += 1;
                continue;
            }
        } else {
            run = 0;
            flush(&mut out, &mut dropped);
        }
        out.push_str(line);
    }
    flush(&mut out, &mut dropped);
    out
}

/// A numbered move line (`12. First (0, 2)`), colour codes aside.
fn is_move(line: &str) -> bool {
    let mut plain = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // An escape sequence: up to its final letter.
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    let t = plain.trim_start();
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && t[digits..].starts_with(". ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_keeps_its_first_moves_and_counts_the_rest() {
        let mut shown = String::from("== s · line (line 8) ==\n");
        for i in 1..=2621 {
            shown.push_str(&format!("{i}. First (0, 0)\n"));
        }
        shown.push_str("then the mover is stuck: lose\n");
        let cut = cut_line(&shown, 20);
        let lines: Vec<&str> = cut.lines().collect();
        assert_eq!(lines.len(), 1 + 20 + 2, "{cut}");
        assert_eq!(lines[20], "20. First (0, 0)");
        assert_eq!(lines[21], "… 2601 more moves");
        assert_eq!(lines[22], "then the mover is stuck: lose");
        // A short line, and coloured move numbers, are kept whole.
        let short = "  1. \u{1b}[1mA\u{1b}[0m down (0, 0) → (1, 0)\nB cannot move.\n";
        assert_eq!(cut_line(short, 20), short);
        assert!(is_move("\u{1b}[2m 3. \u{1b}[0mB up"));
    }
}
