//! The generator's random numbers: SplitMix64, kept with the games that
//! draw from it ([`crate::games::rng`]).

pub use crate::games::rng::Rng;
