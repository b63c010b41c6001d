//! What a workspace tells its client besides answers and errors.

use crate::games::{count, GameKind};
use std::fmt;

/// A change in the workspace, for the client to show (or not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// `track NAME { … }` was defined (or redefined).
    TrackDefined(String),
    /// `rules NAME { … }` was typed and checked.
    RulesDefined(String),
    /// A second `board`, `dice` or `piece X` replaced the first
    /// (`what`: `board`, `piece A`, …).
    Replaced(String),
    /// A replacement failed to rebuild the scenario; it is as it was.
    NotReplaced(String),
    /// A `rule` change failed to rebuild the scenario; it is as it was.
    RuleNotChanged(String),
    /// A scenario became current.
    Current {
        /// Its name.
        name: String,
        /// Its game.
        game: GameKind,
    },
    /// A file was loaded with this many scenarios.
    Loaded {
        /// The file's name.
        file: String,
        /// How many scenarios it holds.
        scenarios: usize,
    },
    /// A file had errors (reported before this); nothing was loaded.
    NotLoaded {
        /// The file's name.
        file: String,
        /// How many errors it had.
        errors: usize,
    },
    /// The moves were taken back (`reset`).
    Reset,
    /// The current position changed (a declaration, a move, a rule, a
    /// scenario made current): a client may draw it again.
    PositionChanged,
}

impl Notice {
    /// Whether the notice reports something that did not happen (a client
    /// prints these with the errors).
    pub fn is_failure(&self) -> bool {
        matches!(
            self,
            Notice::NotReplaced(_) | Notice::RuleNotChanged(_) | Notice::NotLoaded { .. }
        )
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::TrackDefined(name) => write!(f, "track {name} defined"),
            Notice::RulesDefined(name) => write!(f, "rules {name} defined"),
            Notice::Replaced(what) => write!(f, "{what} replaced (the earlier one is dropped)"),
            Notice::NotReplaced(what) => {
                write!(f, "{what} not replaced: the scenario is as it was")
            }
            Notice::RuleNotChanged(name) => {
                write!(f, "rule {name} not changed: the scenario is as it was")
            }
            Notice::Current { name, game } => write!(
                f,
                "scenario \"{}\" ({game}) is current",
                crate::pipeline::printable(name)
            ),
            Notice::Loaded { file, scenarios } => {
                write!(f, "loaded {file}: {}", count(*scenarios as u64, "scenario"))
            }
            Notice::NotLoaded { file, errors } => {
                write!(
                    f,
                    "{file}: {}; nothing was loaded",
                    count(*errors as u64, "error")
                )
            }
            Notice::Reset => {
                f.write_str("the moves typed here are taken back (the scenario's own moves stay)")
            }
            Notice::PositionChanged => f.write_str("the position changed"),
        }
    }
}
