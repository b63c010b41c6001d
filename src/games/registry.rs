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
        GameKind::Rules => &super::rules::session::RulesGames,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gen_option::OptionError;
    use crate::games::rng::Rng;

    fn no_files(file: &str) -> Result<Vec<(String, String)>, OptionError> {
        panic!("no file should be read, not even {file}")
    }

    #[test]
    fn each_game_is_found_by_its_kind_and_its_shape_reads_back_its_own_options() {
        for kind in GameKind::ALL {
            let g = game(kind);
            assert_eq!(g.kind(), kind);
            let shape = g.gen_shape(&[], &no_files).unwrap();
            assert_eq!(shape.game(), kind);
            let args = shape.args();
            let pairs: Vec<(&str, &str)> = args
                .chunks(2)
                .map(|p| (p[0].as_str(), p[1].as_str()))
                .collect();
            assert_eq!(g.gen_shape(&pairs, &no_files).unwrap(), shape);
            assert!(g.gen_fields().iter().all(|f| kind.fields().contains(f)));
            let p = shape.draw(&mut Rng::for_case(1, 2));
            assert_eq!(p.game(), kind);
            assert_eq!(g.read_judge(&p.input()).unwrap(), p);
            let e = g.gen_shape(&[("--nope", "1")], &no_files).unwrap_err();
            assert!(e.diag.message.contains(&format!("not a {kind} option")));
        }
        assert!(!game(GameKind::Yut).gen_fields().contains(&"expected"));
    }

    #[test]
    fn a_track_comes_through_the_loader_the_caller_gives() {
        let text = "track small {\n  route start 1 2 finish\n}";
        let load = |file: &str| {
            assert_eq!(file, "mem.game");
            Ok(vec![("small".to_string(), text.to_string())])
        };
        let args = [("--track", "small"), ("--tracks", "mem.game")];
        let shape = game(GameKind::Yut).gen_shape(&args, &load).unwrap();
        assert_eq!(shape.prelude(), format!("{text}\n\n"));
        let p = shape.draw(&mut Rng::for_case(3, 0));
        assert!(shape.declarations(&p).contains("  board small\n"));
        let e = game(GameKind::Yut)
            .gen_shape(&[("--track", "smal"), ("--tracks", "mem.game")], &load)
            .unwrap_err();
        assert_eq!(e.diag.code, crate::error::Code::TrackUnknown);
    }
}
