//! The step-through of a stacking `line`: the start, then the position
//! after each turn, as `show` answers.

use super::answer::{Answer, Position, Show};
use crate::games::answer::Answer as AnyAnswer;

/// The positions of a `line` answer with captions; `None` for the others.
pub(crate) fn frames(answer: &Answer) -> Option<Vec<(String, AnyAnswer)>> {
    let Answer::Line(l) = answer else {
        return None;
    };
    let show = |position: &Position| {
        AnyAnswer::new(Answer::Show(Show {
            board: l.board.clone(),
            position: position.clone(),
        }))
    };
    let mut out = vec![("start".to_string(), show(&l.start))];
    for p in &l.turns {
        out.push((format!("turn {}", p.turn), show(p)));
    }
    Some(out)
}
