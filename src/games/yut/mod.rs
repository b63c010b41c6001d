//! yut — "Dice yut" (BOJ 17825), RULES.md §2.
pub mod session;
