//! The warning `meeple::rules::dropped_score`: a `score` statement before
//! the turn's first `choose` or `roll`, followed (still before it) by an
//! end (`stop`, `win`, `lose`, `draw`). Statements before the first choice
//! run once, at the start of the turn; an end there ends the game at the
//! start of the turn, without a move, so the score they added does not
//! count (docs/rules-language.md, *What a move is*). A robot that cleans
//! its cell and then stops because it cannot move loses that cell's point.

use super::{diag, Checker};
use crate::error::Code;
use crate::syntax::ast::Span;
use crate::syntax::rules::{Block, EndWord, StmtKind};

/// What the walk before the first choice found.
enum Walk {
    /// It went on to the end of the block.
    On,
    /// A `choose` or `roll`: later statements are after a choice.
    Choice,
    /// A score, then this end (its span and word).
    Dropped(Span, EndWord),
}

/// Walk `b` in program order up to its first choice, remembering the first
/// `score` statement in `score`.
fn walk(b: &Block, score: &mut Option<Span>) -> Walk {
    for s in b {
        let inner: Vec<&Block> = match &s.kind {
            StmtKind::Choose { .. } | StmtKind::Roll(..) => return Walk::Choice,
            StmtKind::Score(..) => {
                score.get_or_insert(s.span);
                continue;
            }
            StmtKind::End(word, _) => match score {
                Some(_) => return Walk::Dropped(s.span, *word),
                None => continue,
            },
            StmtKind::If(arms, other) => arms.iter().map(|(_, b)| b).chain(other.iter()).collect(),
            StmtKind::For { body, .. }
            | StmtKind::Repeat(_, body)
            | StmtKind::While(_, _, body)
            | StmtKind::Simultaneously(body) => vec![body],
            _ => continue,
        };
        let mut chose = false;
        for b in inner {
            match walk(b, score) {
                Walk::On => {}
                Walk::Choice => chose = true,
                d @ Walk::Dropped(..) => return d,
            }
        }
        if chose {
            return Walk::Choice;
        }
    }
    Walk::On
}

impl Checker<'_> {
    /// Warn of an end that drops a score the turn added before its first
    /// choice (see the module's doc).
    pub(super) fn dropped_score(&mut self, turn: &Block) {
        let mut score = None;
        let Walk::Dropped(at, word) = walk(turn, &mut score) else {
            return;
        };
        let Some(scored) = score else { return };
        let word = match word {
            EndWord::Win => "win",
            EndWord::Lose => "lose",
            EndWord::Draw => "draw",
            EndWord::Stop => "stop",
        };
        self.err(
            diag(
                Code::RulesDroppedScore,
                format!("this `{word}` ends the game at the start of the turn: the score added before it does not count"),
                at,
                "ends the game before any move",
            )
            .label(scored, "this score is dropped when it does")
            .warning()
            .help(format!(
                "statements before a turn's first `choose` run once, at its start, and an end there comes without a move; to keep the score, end the game at the start of the next turn: `var done: bool = false`, `stop if done` first in the turn, and `done = true` where the `{word}` is"
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::error::Code;

    /// Whether the checker warns of a dropped score in a solo game with
    /// this turn.
    fn warns(turn: &str) -> bool {
        let text = format!(
            "rules t {{\n  players solo\n  board none\n  var n: 0..9 = 0\n  turn {{\n{turn}\n  }}\n  solve max score\n}}\n"
        );
        let (file, diags) = crate::syntax::parse(&text);
        assert!(diags.is_empty(), "{diags:?}");
        let (_, diags) = super::super::checked(&file.rules[0], false);
        assert!(diags.iter().all(|d| d.is_warning()), "{diags:?}");
        diags.iter().any(|d| d.code == Code::RulesDroppedScore)
    }

    #[test]
    fn a_score_then_an_end_before_the_first_choice_is_warned_of() {
        // Score, then an end, no choice: warned (also nested, and for `win`).
        assert!(warns("score += 1\n    stop if n == 3\n    n += 1"));
        assert!(warns(
            "if n < 5 { score += n }\n    win if n == 3\n    n += 1"
        ));
        assert!(warns(
            "repeat 2 { score += 1 }\n    if n > 2 { stop }\n    n += 1"
        ));
        // The end first, or the score after a choice, or no end: no warning.
        assert!(!warns("stop if n == 3\n    score += 1\n    n += 1"));
        assert!(!warns(
            "choose d in 1..2\n    score += d\n    stop if n == 3\n    n += 1"
        ));
        assert!(!warns(
            "if n > 0 { choose d in 1..2 }\n    score += 1\n    stop if n == 3\n    n += 1"
        ));
        assert!(!warns("score += 1\n    n = (n + 1) % 9"));
    }
}
