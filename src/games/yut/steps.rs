//! The step-through of a yut `line` (fixed dice): the start, then the
//! position after each roll, as `show` answers.

use super::answer::{Answer, Position, Show, Square};
use crate::games::answer::Answer as AnyAnswer;

/// The positions of a `line` answer with captions; `None` for the others.
pub(crate) fn frames(answer: &Answer) -> Option<Vec<(String, AnyAnswer)>> {
    let Answer::Line(l) = answer else {
        return None;
    };
    let show = |pieces: &[Square], scored: i128| {
        AnyAnswer::new(Answer::Show(Show {
            position: Position {
                pieces: pieces.to_vec(),
                ..l.position.clone()
            },
            scored,
            rolls: None,
        }))
    };
    let mut out = vec![("start".to_string(), show(&l.position.pieces, l.scored))];
    for s in &l.steps {
        let caption = format!(
            "roll {} ({}): piece {} {} → {}, total {}",
            s.number, s.roll, s.piece, s.from.name, s.to.name, s.total
        );
        out.push((caption, show(&s.after, s.total)));
    }
    Some(out)
}
