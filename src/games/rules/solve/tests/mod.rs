//! The generic solvers against hand-written models and brute force: each
//! model is a small game written directly against [`Model`], each oracle an
//! independent program straight from the objective's definition.

mod budget;
mod footholds;
mod interchangeable;
mod memo_shape;
mod one_player;
mod scripts;
mod simulate;
mod simulate_flat;
mod simulate_lists;
mod simulate_run;
mod slim;
mod streamed;
mod transpositions;
mod two_player;

use super::super::model::{Leaf, Node};

/// A leaf that goes on to `next`.
pub(super) fn go<S>(next: S, reward: i64) -> Node<S> {
    Node::Leaf(Leaf {
        next,
        reward,
        end: None,
        printed: Vec::new(),
    })
}
