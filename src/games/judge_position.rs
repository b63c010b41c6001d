//! A scenario's start position as one of the judge problems sees it: the
//! position a game's declarations build (before any `play` or `step`), with
//! what each game's judge codec needs to decide whether it is an instance,
//! write its judge input and give the judge's answer.

use super::not_instance::NotInstance;
use super::yut::{standard_track, Track};
use super::GameKind;
use crate::budget::Budget;
use crate::error::Diag;
use crate::syntax::ast::Span;
use std::any::Any;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The problem name of footholds' judge problem.
pub const FOOTHOLDS_PROBLEM: &str = "2022 KAKAO";
/// The problem name of yut's judge problem.
pub const YUT_PROBLEM: &str = "BOJ 17825";

/// What every game's judge position gives the front ends (`export`,
/// `gen`, `judge`, the shrinker). A game implements it for the type its
/// judge codec reads (`footholds::rules::Position`, …), in its folder.
pub trait GamePosition: fmt::Debug + Send + Sync + 'static {
    /// The game it belongs to.
    fn game(&self) -> GameKind;
    /// Whether it is an instance of its game's judge problem, and if not,
    /// which rule or which size limit differs.
    fn instance(&self) -> Result<(), NotInstance>;
    /// The game's name as a scenario's `game` writes it (a rules game's
    /// block name).
    fn game_name(&self) -> String {
        self.game().name().to_string()
    }
    /// The `solve` field the judge's answer line is (`answer` but for a
    /// rules game's `output FIELD`).
    fn answer_field(&self) -> String {
        "answer".to_string()
    }
    /// What a scenario of this position needs before it in its file (a
    /// rules game's block), or nothing.
    fn definitions(&self) -> String {
        String::new()
    }
    /// The judge problem (`2022 KAKAO`, `BOJ 17825`, `BOJ 17837`, …; a
    /// rules game's name).
    fn problem(&self) -> &str;
    /// The judge input, exactly as the judge's format writes it (one
    /// trailing newline).
    fn input(&self) -> String;
    /// A judge format that starts with its number of test cases (`cases
    /// t: 1..T`): the most cases one input may hold; `None` for a format
    /// of one case.
    fn cases_max(&self) -> Option<u64> {
        None
    }
    /// The judge's answer and a newline, from the exact solver within
    /// `budget`; a budget that runs out is a diagnostic on `span`.
    fn answer(&self, budget: &Budget, span: Span) -> Result<String, Diag>;
    /// The judge's answer line (and a newline) from the fields of a solve
    /// of this position ([`crate::games::judge_field`] of
    /// [`GamePosition::answer_field`]), `None` when the solve has no such
    /// field. A rules game that rolls random dice writes every score as a
    /// real number (`3.000000`, `0.000000` where no die was rolled).
    fn answer_line(
        &self,
        fields: &[(crate::syntax::dialect::Field, super::FieldValue)],
    ) -> Option<String> {
        super::judge_field(fields, &self.answer_field()).map(|v| format!("{v}\n"))
    }
    /// Smaller positions, as the game proposes them for shrinking a
    /// failing case (instances or not).
    fn shrink(&self) -> Vec<JudgePosition>;
    /// The `rule` lines (each `  rule …\n`) a scenario needs beside its
    /// judge input, for what the input cannot say (BOJ 17780's
    /// `rule mover bottom`).
    fn rules(&self) -> String;
    /// Whether `other` is the same position.
    fn same(&self, other: &dyn GamePosition) -> bool;
    /// The position itself, for a caller that knows its game's type.
    fn as_any(&self) -> &dyn Any;
}

/// The parts of `impl GamePosition for $position` every game writes the
/// same way: `shrink` from its `shrink::candidates`, `same`, `as_any`.
macro_rules! position_common {
    ($position:ty) => {
        fn shrink(&self) -> Vec<$crate::games::JudgePosition> {
            super::shrink::candidates(self)
                .into_iter()
                .map($crate::games::JudgePosition::new)
                .collect()
        }

        fn same(&self, other: &dyn $crate::games::judge_position::GamePosition) -> bool {
            other.as_any().downcast_ref::<$position>() == Some(self)
        }

        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    };
}
pub(crate) use position_common;

/// A start position of any game, as its judge problem sees it (a cheap
/// clone).
#[derive(Clone)]
pub struct JudgePosition(Arc<dyn GamePosition>);

impl JudgePosition {
    /// Wrap one game's position.
    pub fn new(p: impl GamePosition) -> JudgePosition {
        JudgePosition(Arc::new(p))
    }

    /// The game's own position: `Some` when it is a `T`
    /// (`p.downcast_ref::<footholds::rules::Position>()`).
    pub fn downcast_ref<T: GamePosition>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The game it belongs to.
    pub fn game(&self) -> GameKind {
        self.0.game()
    }

    /// Whether it is an instance of its game's judge problem, and if not,
    /// which rule or which size limit differs.
    pub fn instance(&self) -> Result<(), NotInstance> {
        self.0.instance()
    }

    /// The judge problem: `2022 KAKAO`, `BOJ 17825`, `BOJ 17837` (stacking,
    /// any piece moves) or `BOJ 17780` (stacking, the bottom piece moves).
    pub fn problem(&self) -> &str {
        self.0.problem()
    }

    /// The game's name as a scenario's `game` writes it.
    pub fn game_name(&self) -> String {
        self.0.game_name()
    }

    /// The `solve` field the judge's answer line is.
    pub fn answer_field(&self) -> String {
        self.0.answer_field()
    }

    /// What a scenario of this position needs before it in its file.
    pub fn definitions(&self) -> String {
        self.0.definitions()
    }

    /// A judge format that starts with its number of test cases: the most
    /// one input may hold (`None`: a format of one case; its
    /// [`JudgePosition::input`] then starts with the line `1`).
    pub fn cases_max(&self) -> Option<u64> {
        self.0.cases_max()
    }

    /// The judge input, exactly as the judge's format writes it (one
    /// trailing newline).
    pub fn input(&self) -> String {
        self.0.input()
    }

    /// The judge's answer and a newline, from the exact solver on this
    /// position within `budget`; a budget that runs out (or a position too
    /// large for the solver) is a diagnostic on `span`.
    pub fn answer(&self, budget: &Budget, span: Span) -> Result<String, Diag> {
        self.0.answer(budget, span)
    }

    /// The judge's answer line from a solve's fields (`None`: the solve
    /// has no such field), as [`JudgePosition::answer`] writes it.
    pub fn answer_line(
        &self,
        fields: &[(crate::syntax::dialect::Field, super::FieldValue)],
    ) -> Option<String> {
        self.0.answer_line(fields)
    }

    /// Smaller positions than this one, as its game proposes them.
    pub fn shrink(&self) -> Vec<JudgePosition> {
        self.0.shrink()
    }

    /// The `rule` lines a scenario of this position needs beside its judge
    /// input.
    pub fn rules(&self) -> String {
        self.0.rules()
    }
}

impl fmt::Debug for JudgePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for JudgePosition {
    fn eq(&self, other: &JudgePosition) -> bool {
        self.0.same(&*other.0)
    }
}

impl Eq for JudgePosition {}

/// The built-in BOJ 17825 board, built once.
pub fn standard() -> &'static Track {
    static STANDARD: OnceLock<Track> = OnceLock::new();
    STANDARD.get_or_init(standard_track)
}

/// Whether `track` is the built-in board square for square (the same
/// names, scores, routes and shortcuts), whatever name it was given.
pub fn is_standard(track: &Track) -> bool {
    let std = standard();
    track.len() == std.len()
        && track.squares().zip(std.squares()).all(|(a, b)| {
            track.name(a) == std.name(b)
                && track.score(a) == std.score(b)
                && track.next(a) == std.next(b)
                && track.shortcut(a) == std.shortcut(b)
        })
}

/// The reason given for a scenario whose declarations do not build a whole
/// position (`what` names what is missing).
pub fn incomplete(what: &str) -> NotInstance {
    NotInstance::Rule(format!("its declarations build no whole position ({what})"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::rules::{Position, Steps};
    use crate::games::stacking::rules::Mover;
    use crate::games::yut::build_track;

    #[test]
    fn the_standard_board_is_recognised_square_for_square() {
        assert!(is_standard(&standard_track()));
        let mut routes = crate::games::yut::track::standard_routes();
        routes.pop();
        assert!(!is_standard(&build_track(&routes).unwrap()));
    }

    #[test]
    fn each_game_names_its_problem_and_answers_as_the_judge() {
        let span = Span::new(0, 1);
        let b = Budget::unlimited();
        let p = JudgePosition::new(Position::full(3, 3, (1, 0), (1, 2), Steps::Orthogonal));
        assert_eq!((p.game(), p.problem()), (GameKind::Footholds, "2022 KAKAO"));
        assert_eq!(
            p.input(),
            "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\n"
        );
        assert_eq!(p.answer(&b, span).unwrap(), "5\n");
        let y = JudgePosition::new(super::super::yut::judge::read("1 2 3 4 1 2 3 4 1 2").unwrap());
        assert_eq!((y.problem(), y.instance()), ("BOJ 17825", Ok(())));
        assert_eq!(y.answer(&b, span).unwrap(), "190\n");
        let text = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n3 3 3\n";
        let mut case = super::super::stacking::judge::read(text).unwrap();
        assert_eq!(JudgePosition::new(case.clone()).problem(), "BOJ 17837");
        case.setup.mover = Mover::Bottom;
        let s = JudgePosition::new(case);
        assert_eq!(s.problem(), "BOJ 17780");
        assert_eq!(s.input(), text);
        assert_eq!(s.answer(&b, span).unwrap(), "2\n");
        assert_eq!(s.rules(), "  rule mover bottom\n");
        // Positions compare by game and value.
        assert_ne!(p, y);
        assert_eq!(y.clone(), y);
    }

    #[test]
    fn a_budget_that_runs_out_is_a_limit_diagnostic() {
        let p = JudgePosition::new(Position::full(5, 5, (0, 0), (4, 4), Steps::Orthogonal));
        let d = p
            .answer(&Budget::new(Some(1), None), Span::new(3, 7))
            .unwrap_err();
        assert_eq!(d.code.as_str(), "meeple::limit::states");
        assert_eq!(d.span(), Some(Span::new(3, 7)));
    }
}
