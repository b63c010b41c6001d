//! yut scenarios: tracks, dice, queries and moves on top of the solver.

use super::answer::{self, Answer, Square};
use super::expected::{analyze_uniform_classes, expected_score, RollClass};
use super::judge;
use super::lower::{Command, Rolls};
use super::rules::move_piece;
use super::solver::{analyze_fixed, best_plan, best_score, PlanStep};
use super::track::{SquareId, Track};
use crate::error::{Code, Diag, Diags};
use crate::games::judge_position::{self, JudgePosition};
use crate::games::not_instance::NotInstance;
use crate::games::typed::{Deferred, Lowering, Rules};
use crate::games::{duplicate, limit_diag, missing, Ctx, Options};
use crate::syntax::ast::{Query, QueryKind, Span, Spanned, Stmt};
use num_rational::BigRational;
use std::sync::Arc;

/// A yut scenario's position and history.
pub(crate) struct Yut {
    pieces: usize,
    board: Option<(Arc<Track>, String, Span)>,
    dice: Option<(Rolls, Span)>,
    /// Labelled piece squares (index 0 = piece 1).
    at: Vec<SquareId>,
    /// Rolls used and points scored so far.
    used: usize,
    scored: i128,
    history: Vec<(Vec<SquareId>, usize, i128)>,
}

impl Yut {
    pub(crate) fn new(opts: &Options) -> Yut {
        Yut {
            pieces: opts.pieces,
            board: None,
            dice: None,
            at: Vec::new(),
            used: 0,
            scored: 0,
            history: Vec::new(),
        }
    }

    fn set_board(&mut self, track: Arc<Track>, name: String, span: Span) {
        self.at = vec![track.start(); self.pieces];
        self.board = Some((track, name, span));
    }

    fn set_dice(&mut self, rolls: Deferred<Rolls>, span: Span) -> Result<(), Diags> {
        if let Some((_, first)) = &self.dice {
            return Err(vec![duplicate(
                Code::DiceDuplicate,
                span,
                "the dice",
                *first,
            )]);
        }
        self.dice = Some((rolls?, span));
        Ok(())
    }

    fn needs(&self, span: Span, query: &str) -> Result<(Arc<Track>, Rolls), Diag> {
        let Some((track, _, _)) = &self.board else {
            return Err(missing(
                span,
                "a board",
                query,
                "declare `board yut` or `board TRACKNAME` first",
            ));
        };
        let Some((rolls, _)) = &self.dice else {
            return Err(missing(
                span,
                "dice",
                query,
                "declare `dice 1 2 3 …` or `dice uniform 1..5 x 10`",
            ));
        };
        Ok((track.clone(), rolls.clone()))
    }

    fn remaining<'a>(&self, rolls: &'a [u64]) -> &'a [u64] {
        &rolls[self.used.min(rolls.len())..]
    }
}

impl Rules for Yut {
    type Command = Command;

    fn lower(stmt: &Spanned<Stmt>, lx: &Lowering) -> Result<Command, Diags> {
        super::lower::lower(stmt, lx)
    }

    fn judge_position(&self) -> Result<JudgePosition, NotInstance> {
        let Some((track, _, _)) = &self.board else {
            return Err(judge_position::incomplete("no board"));
        };
        match &self.dice {
            None => Err(judge_position::incomplete("no dice")),
            Some((Rolls::Uniform { .. }, _)) => Err(NotInstance::Rule(
                "the dice are random (the judge: 10 known rolls)".into(),
            )),
            Some((Rolls::Fixed(rolls), _)) => Ok(JudgePosition::new(judge::Setup {
                standard_board: judge_position::is_standard(track),
                pieces: self.pieces,
                rolls: rolls.clone(),
            })),
        }
    }

    fn apply(&mut self, command: Command, span: Span, _cx: &Ctx) -> Result<(), Diags> {
        match command {
            Command::Board(track) => {
                if let Some((_, _, first)) = &self.board {
                    return Err(vec![duplicate(
                        Code::BoardDuplicate,
                        span,
                        "the board",
                        *first,
                    )]);
                }
                let (track, name) = track?;
                self.set_board(track, name, span);
                Ok(())
            }
            Command::Dice(rolls) => self.set_dice(rolls, span),
            Command::Input { standard, rolls } => {
                if self.board.is_none() {
                    if let Some(t) = standard {
                        self.set_board(t, "yut".into(), span);
                    }
                }
                self.set_dice(rolls, span)
            }
            Command::Play { piece } => self.play(piece, span).map_err(|d| vec![d]),
        }
    }

    fn require(&self, query: &Query, span: Span) -> Result<(), Diag> {
        if query.kind == QueryKind::Show && self.board.is_some() {
            // `show` draws the board before the dice are declared too.
            return Ok(());
        }
        self.needs(span, query.kind.keyword()).map(|_| ())
    }

    fn answer(
        &mut self,
        query: &Query,
        span: Span,
        cx: &Ctx,
    ) -> Result<crate::games::Answer, Diag> {
        self.answer_of(query, span, cx)
            .map(crate::games::Answer::new)
    }

    fn legal_plays(&self) -> Option<Vec<String>> {
        let (track, Rolls::Fixed(all)) = self.needs(Span::default(), "play").ok()? else {
            return None;
        };
        let Some(&roll) = self.remaining(&all).first() else {
            return Some(Vec::new());
        };
        Some(
            (0..self.pieces)
                .filter(|&p| move_piece(&track, &self.at, p, roll).is_some())
                .map(|p| format!("piece {}", p + 1))
                .collect(),
        )
    }

    fn undo(&mut self, span: Span) -> Result<(), Diag> {
        let (at, used, scored) = self
            .history
            .pop()
            .ok_or_else(|| crate::games::nothing_to_undo(span, "`play`"))?;
        self.at = at;
        self.used = used;
        self.scored = scored;
        Ok(())
    }
}

impl Yut {
    /// `play piece N`: the piece moved by the next roll.
    fn play(&mut self, piece: Result<usize, Diag>, span: Span) -> Result<(), Diag> {
        let (track, rolls) = self.needs(span, "play")?;
        let Rolls::Fixed(all) = rolls else {
            return Err(Diag::new(
                Code::PlayIllegal,
                "with random dice the next roll is not known",
            )
            .label(span, "no known roll to play")
            .help("`play piece N` needs fixed dice (`dice 1 2 3 …`)"));
        };
        let Some(&roll) = self.remaining(&all).first() else {
            return Err(Diag::new(Code::PlayIllegal, "no rolls are left")
                .label(span, "nothing to move with")
                .help("every roll of the dice has been played; `undo` takes one back"));
        };
        let piece = piece?;
        match move_piece(&track, &self.at, piece, roll) {
            Some((to, score)) => {
                self.history.push((self.at.clone(), self.used, self.scored));
                self.at[piece] = to;
                self.used += 1;
                self.scored += i128::from(score);
                Ok(())
            }
            None => Err(Diag::new(
                Code::PlayIllegal,
                format!("piece {} cannot move {roll}", piece + 1),
            )
            .label(span, "not a legal move")
            .help(if self.at[piece] == track.finish() {
                "this piece is home (on finish) and cannot move again".to_string()
            } else {
                "a piece may not stop on a square where another piece stands".to_string()
            })),
        }
    }

    /// The answer to a query.
    fn answer_of(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        if query.kind == QueryKind::Show {
            if let Some((track, _, _)) = &self.board {
                let rolls = self.dice.as_ref().map(|(r, _)| r);
                return Ok(Answer::Show(self.show(track.clone(), rolls)));
            }
        }
        let (track, rolls) = self.needs(span, query.kind.keyword())?;
        let b = cx.budget;
        let lim = |h| limit_diag(h, span);
        Ok(match (query.kind, &rolls) {
            (QueryKind::Solve, Rolls::Fixed(all)) => {
                let rest = self.remaining(all).to_vec();
                let best = best_score(&track, &self.at, &rest, b).map_err(lim)?;
                Answer::Solve(answer::Solve {
                    position: self.position(track),
                    scored: self.scored,
                    used: self.used,
                    rolls: rest,
                    best,
                })
            }
            (QueryKind::Solve, Rolls::Uniform { lo, hi, count }) => {
                let left = self.left(*count);
                let e = expected_score(&track, &self.at, *lo, *hi, left, b).map_err(lim)?;
                Answer::SolveRandom(answer::SolveRandom {
                    position: self.position(track),
                    dice: self.rolls_left(&rolls),
                    expected: e + BigRational::from_integer(self.scored.into()),
                })
            }
            (QueryKind::Line, Rolls::Fixed(all)) => {
                let rest = self.remaining(all);
                let plan = best_plan(&track, &self.at, rest, b).map_err(lim)?;
                Answer::Line(self.line(track, &plan, rest.len(), query.boards))
            }
            (QueryKind::Line | QueryKind::Analyze, Rolls::Uniform { lo, hi, count }) => {
                let left = self.left(*count);
                let table =
                    analyze_uniform_classes(&track, &self.at, *lo, *hi, left, b).map_err(lim)?;
                let random = self.random_rolls(track, &rolls, &table);
                match query.kind {
                    QueryKind::Line => Answer::LineRandom(random),
                    _ => Answer::AnalyzeRandom(random),
                }
            }
            (QueryKind::Analyze, Rolls::Fixed(all)) => {
                let rest = self.remaining(all);
                let Some(&roll) = rest.first() else {
                    return Ok(Answer::NoRollsLeft(self.show(track, Some(&rolls))));
                };
                let values = analyze_fixed(&track, &self.at, rest, b).map_err(lim)?;
                Answer::Analyze(self.analyze(track, roll, &values))
            }
            (QueryKind::Show, rolls) => Answer::Show(self.show(track, Some(rolls))),
        })
    }

    /// The pieces where they stand now.
    fn position(&self, track: Arc<Track>) -> answer::Position {
        let name = self.board.as_ref().map_or("", |b| b.1.as_str());
        answer::Position::new(track, name, &self.at)
    }

    /// Rolls left of `count` random ones.
    fn left(&self, count: u64) -> u64 {
        count.saturating_sub(self.used as u64)
    }

    fn rolls_left(&self, rolls: &Rolls) -> answer::RollsLeft {
        match rolls {
            Rolls::Fixed(all) => answer::RollsLeft::Fixed {
                rolls: self.remaining(all).to_vec(),
            },
            Rolls::Uniform { lo, hi, count } => answer::RollsLeft::Uniform {
                lo: *lo,
                hi: *hi,
                left: self.left(*count),
            },
        }
    }

    /// `show`: the pieces, the score and the rolls left (`None` before the dice).
    fn show(&self, track: Arc<Track>, rolls: Option<&Rolls>) -> answer::Show {
        answer::Show {
            position: self.position(track),
            scored: self.scored,
            rolls: rolls.map(|r| self.rolls_left(r)),
        }
    }

    /// `line` with fixed dice: the `plan` for the `rest` remaining rolls.
    fn line(
        &self,
        track: Arc<Track>,
        plan: &[PlanStep],
        rest: usize,
        boards: bool,
    ) -> answer::Line {
        let mut at = self.at.clone();
        let steps = plan
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if let Some(p) = at.get_mut(s.piece) {
                    *p = s.to;
                }
                answer::Step {
                    number: self.used + i + 1,
                    roll: s.roll,
                    piece: s.piece,
                    from: Square::of(&track, s.from),
                    to: Square::of(&track, s.to),
                    score: s.score,
                    total: self.scored + s.total,
                    after: at.iter().map(|&sq| Square::of(&track, sq)).collect(),
                }
            })
            .collect();
        answer::Line {
            position: self.position(track),
            scored: self.scored,
            steps,
            skipped: rest.saturating_sub(plan.len()),
            boards,
        }
    }

    /// `analyze` with fixed dice: each piece moved by `roll`, with its best `values`.
    fn analyze(&self, track: Arc<Track>, roll: u64, values: &[Option<i128>]) -> answer::Analyze {
        let pieces = values
            .iter()
            .enumerate()
            .map(|(i, v)| answer::Choice {
                to: move_piece(&track, &self.at, i, roll).map(|(to, _)| Square::of(&track, to)),
                total: v.map(|v| self.scored + v),
            })
            .collect();
        answer::Analyze {
            position: self.position(track),
            roll,
            pieces,
        }
    }

    /// `line`/`analyze` with random dice: each class of the next roll's values.
    fn random_rolls(
        &self,
        track: Arc<Track>,
        rolls: &Rolls,
        table: &[RollClass],
    ) -> answer::RandomRolls {
        let classes = table
            .iter()
            .map(|class| {
                let best = class
                    .values
                    .iter()
                    .enumerate()
                    .filter_map(|(i, v)| v.as_ref().map(|v| (i, v)))
                    .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))
                    .map(|(i, _)| i);
                let pieces = class
                    .values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| answer::RandomChoice {
                        to: move_piece(&track, &self.at, i, class.first)
                            .map(|(to, _)| Square::of(&track, to)),
                        expected: v.clone(),
                    })
                    .collect();
                answer::RollValues {
                    first: class.first,
                    last: class.last,
                    pieces,
                    best,
                }
            })
            .collect();
        answer::RandomRolls {
            position: self.position(track),
            dice: self.rolls_left(rolls),
            classes,
        }
    }
}
