//! "Disappearing footholds" (2022 KAKAO BLIND recruitment): the rules, a
//! plain reference solver and a fast exact solver.

pub mod bitboard;
pub mod endgame;
pub mod graph;
pub mod reference;
pub mod rules;
pub mod search;
pub mod table;

pub use reference::reference_solve;
pub use rules::{Player, Position, Steps};
pub use search::{analyze, principal_line, solve, SearchError, Value};
pub mod session;
