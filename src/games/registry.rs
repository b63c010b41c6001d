//! The games, each found by its [`GameKind`] through [`game`]: the one
//! place that names them all (beside the dialect's word table). A new game
//! adds its folder, a [`Game`] for it, and one line here.

use super::gen_option::OptionError;
use super::gen_shape::{LoadTracks, Shape};
use super::{footholds, stacking, yut, GameKind, JudgePosition, Options, Session};
use crate::error::Diags;
use crate::syntax::dialect;

/// One game as the front ends reach it: a new session, a judge input read,
/// `meeple gen`'s shape options and `--where` fields. Names are `&str`, so
/// that a game whose words are known only at run time can implement it.
pub trait Game: Send + Sync + 'static {
    /// Which game it is.
    fn kind(&self) -> GameKind;
    /// A new, empty position.
    fn session(&self, opts: &Options) -> Box<dyn Session>;
    /// A judge input of the game's judge problem, read into its position.
    fn read_judge(&self, input: &str) -> Result<JudgePosition, Diags>;
    /// The shape of `meeple gen`'s positions with the options given as
    /// `(flag, value)` pairs (`("--rows", "2..4")`), the rest at the judge's
    /// defaults; a file an option names is read through `load`.
    fn gen_shape(&self, args: &[(&str, &str)], load: LoadTracks) -> Result<Shape, OptionError>;
    /// The `solve` fields a generated case has, which `--where` can test:
    /// by default every field of the game's `solve`.
    fn gen_fields(&self) -> Vec<&str> {
        self.kind().fields()
    }
    /// What a field's values are (a whole number, a word of some, …): by
    /// default from the dialect table.
    fn field_kind(&self, name: &str) -> Option<dialect::ValueKind> {
        dialect::field(self.kind(), name).map(|f| f.kind)
    }
}

/// The game of `kind`.
pub fn game(kind: GameKind) -> &'static dyn Game {
    match kind {
        GameKind::Footholds => &footholds::game::Footholds,
        GameKind::Yut => &yut::game::Yut,
        GameKind::Stacking => &stacking::game::Stacking,
    }
}
