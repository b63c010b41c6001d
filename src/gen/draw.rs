//! Random positions: case `index` of `seed` drawn from its own stream by
//! the shape's game ([`crate::games::GenShape::draw`]).

use super::rng::Rng;
use crate::games::{JudgePosition, Shape};

/// The position of case `index` under `seed`.
pub fn position(shape: &Shape, seed: u64, index: u64) -> JudgePosition {
    shape.draw(&mut Rng::for_case(seed, index))
}
