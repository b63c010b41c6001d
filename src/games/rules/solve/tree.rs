//! Walking a turn's tree: its moves (paths of choices) in move order.
//! Iterative, so a turn of many nested choices needs no native stack.

use super::super::model::{Leaf, Model, Node, Turn, Word};
use super::SolveError;

/// One legal move: its words and where it leads.
#[derive(Clone, Debug)]
pub struct Move<S> {
    /// The words of its choices, in order.
    pub words: Vec<Word>,
    /// The position it leads to, its reward and whether it ended the game.
    pub leaf: Leaf<S>,
}

/// Refusal of a die where the objective needs known dice.
pub(crate) const NO_DICE: SolveError = SolveError::Unsupported(
    "a move here rolls a random die: only `solve max score` and `min score` take random dice \
     (their expected value); `play` and the other objectives need known dice (`dice 3 1 4`)",
);

/// The moves of `node` in move order, each with its words; a `Chance` node
/// is refused (`NO_DICE`).
pub(crate) fn moves_of<S>(node: Node<S>, words: bool) -> Result<Vec<Move<S>>, SolveError> {
    let mut out = Vec::new();
    for (w, rest) in choice_paths(node, words) {
        match rest {
            Node::Leaf(leaf) => out.push(Move { words: w, leaf }),
            Node::Chance(_) => return Err(NO_DICE),
            // An empty choice: no move down this path.
            Node::Choice(_) => {}
        }
    }
    Ok(out)
}

/// The leaves of `node` in move order (its moves without their words).
pub(crate) fn leaves_of<S>(node: Node<S>, out: &mut Vec<Leaf<S>>) -> Result<(), SolveError> {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        match n {
            Node::Leaf(l) => out.push(l),
            Node::Chance(_) => return Err(NO_DICE),
            Node::Choice(branches) => stack.extend(branches.into_iter().rev().map(|(_, b)| b)),
        }
    }
    Ok(())
}

/// The maximal paths of `Choice` nodes from `node`, in move order, each with
/// its words (when `words`) and the node it stops at: a leaf, a die, or an
/// empty choice.
pub(crate) fn choice_paths<S>(node: Node<S>, words: bool) -> Vec<(Vec<Word>, Node<S>)> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), node)];
    while let Some((path, n)) = stack.pop() {
        match n {
            Node::Choice(branches) if !branches.is_empty() => {
                for (w, b) in branches.into_iter().rev() {
                    let mut p = path.clone();
                    if words {
                        p.push(w);
                    }
                    stack.push((p, b));
                }
            }
            other => out.push((path, other)),
        }
    }
    out
}

/// The legal moves at `s` in move order (for `play`): none when the game
/// has ended; a die inside a move is [`SolveError::Unsupported`].
pub fn legal_moves<M: Model>(model: &M, s: &M::State) -> Result<Vec<Move<M::State>>, SolveError> {
    match model.turn(s)? {
        Turn::Ended { .. } => Ok(Vec::new()),
        Turn::Moves(node) => moves_of(node, true),
    }
}
