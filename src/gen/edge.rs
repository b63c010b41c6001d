//! `--edge`: each problem's known edge cases, generated before the random
//! ones. Each game builds its own inside the shape options (its rules:
//! stack, mover, limit, pieces, rolls) and leaves out those whose size the
//! options rule out ([`crate::games::GenShape::edges`]).

pub use crate::games::Edge;
use crate::games::Shape;

/// The edge cases of `shape`'s game that fit it, in order.
pub fn cases(shape: &Shape) -> Vec<Edge> {
    shape.edges()
}
