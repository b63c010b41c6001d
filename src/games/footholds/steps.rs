//! The step-through of a footholds `line`: the start, then the position
//! after each move, as `show` answers.

use super::answer::{player_name, Answer, Show};
use super::rules::Position;
use crate::games::answer::Answer as AnyAnswer;

/// The positions of a `line` answer with captions; `None` for the others.
pub(crate) fn frames(answer: &Answer) -> Option<Vec<(String, AnyAnswer)>> {
    let Answer::Line(l) = answer else {
        return None;
    };
    let show = |position: &Position| {
        AnyAnswer::new(Answer::Show(Show {
            origin: l.origin,
            position: position.clone(),
        }))
    };
    let mut out = vec![("start".to_string(), show(&l.start))];
    for (i, m) in l.moves.iter().enumerate() {
        let who = player_name(m.player);
        out.push((format!("move {}: {who}", i + 1), show(&m.after)));
    }
    Some(out)
}
