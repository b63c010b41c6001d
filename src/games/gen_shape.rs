//! What `meeple gen` asks of a game: the shape of the positions to draw
//! ([`GenShape`], read from the game's shape options by
//! [`Game::gen_shape`](super::Game::gen_shape)), a random position within
//! it, the game's edge cases that fit it, and a position's declarations as
//! scenario text. The generator's driver (`crate::gen`) knows no game: it
//! seeds the random streams, solves, filters and writes the file.

use super::rng::Rng;
use super::{GameKind, JudgePosition};
use crate::games::gen_option::OptionError;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// One game's shape of generated positions. A game implements it for its
/// own shape type (`footholds::gen::FootholdsShape`, …) in its folder;
/// [`Shape`] carries any of them.
pub trait GenShape: fmt::Debug + Send + Sync + 'static {
    /// The game it shapes.
    fn game(&self) -> GameKind;
    /// The name its scenarios give after `game` (a rules block's name).
    fn game_name(&self) -> String {
        self.game().name().to_string()
    }
    /// Its options as `meeple gen` takes them, `(flag, value)`, every one
    /// written out (for the header of a generated file).
    fn args(&self) -> Vec<(String, String)>;
    /// A random position within the shape, drawn from `rng` alone.
    fn draw(&self, rng: &mut Rng) -> JudgePosition;
    /// The game's edge cases that fit the shape, in order.
    fn edges(&self) -> Vec<Edge>;
    /// The edge cases left out because a requirement refused them: each
    /// label and why, in words (a rules format's `require`).
    fn edges_refused(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// What a collection needs before its scenarios (a track's definition),
    /// or nothing.
    fn prelude(&self) -> String {
        String::new()
    }
    /// The statements that declare `position` (one of this game's, after
    /// `game GAME`), indented two spaces, each line ending in a newline.
    fn declarations(&self, position: &JudgePosition) -> String;
    /// Whether `other` is the same shape.
    fn same(&self, other: &dyn GenShape) -> bool;
    /// The shape itself, for a caller that knows its game's type.
    fn as_any(&self) -> &dyn Any;
}

/// The parts of `impl GenShape for $shape` every game writes the same way.
macro_rules! shape_common {
    ($shape:ty) => {
        fn same(&self, other: &dyn $crate::games::gen_shape::GenShape) -> bool {
            other.as_any().downcast_ref::<$shape>() == Some(self)
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    };
}
pub(crate) use shape_common;

/// The shape of one game's generated positions (a cheap clone).
#[derive(Clone)]
pub struct Shape(Arc<dyn GenShape>);

impl Shape {
    /// Wrap one game's shape.
    pub fn new(shape: impl GenShape) -> Shape {
        Shape(Arc::new(shape))
    }

    /// The game it shapes.
    pub fn game(&self) -> GameKind {
        self.0.game()
    }

    /// The name its scenarios give after `game`: the built-in game's, or
    /// the rules block's.
    pub fn game_name(&self) -> String {
        self.0.game_name()
    }

    /// The options as `meeple gen` takes them, every one written out: flag,
    /// value, flag, value, ….
    pub fn args(&self) -> Vec<String> {
        self.0
            .args()
            .into_iter()
            .flat_map(|(f, v)| [f, v])
            .collect()
    }

    /// A random position within the shape, drawn from `rng`.
    pub fn draw(&self, rng: &mut Rng) -> JudgePosition {
        self.0.draw(rng)
    }

    /// The game's edge cases that fit the shape, in order.
    pub fn edges(&self) -> Vec<Edge> {
        self.0.edges()
    }

    /// The edge cases left out because a requirement refused them: each
    /// label and why.
    pub fn edges_refused(&self) -> Vec<(String, String)> {
        self.0.edges_refused()
    }

    /// What a collection needs before its scenarios, or nothing.
    pub fn prelude(&self) -> String {
        self.0.prelude()
    }

    /// The statements that declare `position` after `game GAME`.
    pub fn declarations(&self, position: &JudgePosition) -> String {
        self.0.declarations(position)
    }

    /// The game's own shape: `Some` when it is a `T`.
    pub fn downcast_ref<T: GenShape>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        self.0.same(&*other.0)
    }
}

/// An edge case: what it is, and its position.
#[derive(Clone, Debug)]
pub struct Edge {
    /// What makes it an edge case, in a few words.
    pub label: String,
    /// The position.
    pub position: JudgePosition,
}

/// Reads a file of definitions named by a shape option (yut's `--tracks
/// FILE`) as `meeple check` would: its track definitions, each as its name
/// and its text (`track NAME { … }`), in file order; or the error on the
/// option. The generator's driver gives it, so games read no files and run
/// no checker themselves.
pub type LoadTracks<'a> = &'a dyn Fn(&str) -> Result<Vec<(String, String)>, OptionError>;
