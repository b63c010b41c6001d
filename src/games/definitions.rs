//! A file's top-level definitions, which its scenarios' games draw on:
//! `track` blocks today. The checker builds them once per file (and the
//! workspace as the user types them); a game's session reads what it needs
//! through [`Ctx::defs`](super::Ctx), so the layers above `games` never
//! name one game's definitions.

use super::yut::session::{build_tracks, Tracks};
use crate::error::Diags;
use crate::limits::Limits;
use crate::syntax::ast::TrackDef;

/// The definitions of one file (or one workspace).
#[derive(Clone, Default)]
pub struct Definitions {
    tracks: Tracks,
}

impl Definitions {
    /// The definitions of a file with these `track` blocks, each built
    /// within a budget of `limits`, with the diagnostics of the broken
    /// ones (and of duplicates).
    pub(crate) fn build(tracks: &[TrackDef], limits: &Limits) -> (Definitions, Diags) {
        let (tracks, diags) = build_tracks(tracks, limits);
        (Definitions { tracks }, diags)
    }

    /// The tracks (`board NAME` of yut).
    pub(crate) fn tracks(&self) -> &Tracks {
        &self.tracks
    }
}
