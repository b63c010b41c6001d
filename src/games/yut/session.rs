//! yut scenarios: tracks, dice, queries and moves on top of the solver.

use super::answer::{self, Answer, Square};
use super::expected::{analyze_uniform_classes, expected_score, RollClass};
use super::judge;
use super::rules::move_piece;
use super::solver::{analyze_fixed, best_plan, best_score, PlanStep};
use super::track::{build_track_within, RouteSpec, SquareId, SquareSpec, Track, TrackErrorKind};
use crate::budget::Budget;
use crate::error::{Code, Diag, Diags};
use crate::games::judge_position::{self, JudgePosition};
use crate::games::judge_text::Within;
use crate::games::not_instance::NotInstance;
use crate::games::{duplicate, limit_diag, missing, Ctx, Options, Session};
use crate::limits::Limits;
use crate::syntax::ast::{BoardSrc, Dice, Play, Query, QueryKind, Span, Spanned, Stmt, TrackDef};
use num_rational::BigRational;
use std::collections::HashMap;
use std::sync::Arc;

/// The built-in BOJ 17825 board, written in the language itself.
pub(crate) const STANDARD_TRACK: &str = "track yut {
  route start 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 finish
  shortcut 10 b13=13 b16=16 b19=19 c25=25 c30=30 c35=35 40
  shortcut 20 b22=22 b24=24 c25
  shortcut 30 b28=28 b27=27 b26=26 c25
}
";

/// The tracks a file defines, plus the built-in `yut`.
#[derive(Clone, Default)]
pub struct Tracks {
    by_name: HashMap<String, Arc<Track>>,
    /// Tracks whose definition has errors (already reported).
    broken: std::collections::HashSet<String>,
}

impl Tracks {
    pub(crate) fn get(&self, name: &str) -> Option<Arc<Track>> {
        self.by_name.get(name).cloned()
    }

    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.by_name.keys().map(String::as_str)
    }

    /// Add (or replace) one track definition, returning its errors. Building it takes
    /// `budget` (a tick per square and link, see [`build_track_within`]); running out is a
    /// limit error on the track's name.
    pub(crate) fn define(&mut self, def: &TrackDef, budget: &Budget) -> Diags {
        match build_def(def, budget) {
            Ok(t) => {
                self.by_name.insert(def.name.node.clone(), Arc::new(t));
                Vec::new()
            }
            Err(d) => {
                self.broken.insert(def.name.node.clone());
                d
            }
        }
    }

    /// Was this track defined, but with errors?
    pub(crate) fn is_broken(&self, name: &str) -> bool {
        self.broken.contains(name)
    }
}

fn specs(def: &TrackDef) -> Vec<RouteSpec> {
    def.lines
        .iter()
        .map(|l| RouteSpec {
            shortcut: l.shortcut,
            squares: l
                .squares
                .iter()
                .map(|s| SquareSpec {
                    name: s.name.clone(),
                    score: s.score,
                    bare_number: s.bare_number,
                    span: (s.span.start, s.span.end),
                })
                .collect(),
            span: (l.span.start, l.span.end),
        })
        .collect()
}

fn build_def(def: &TrackDef, budget: &Budget) -> Result<Track, Diags> {
    let built = build_track_within(&specs(def), budget).map_err(|hit| {
        let mut d = limit_diag(hit, def.name.span);
        d.message = format!("track `{}`: {}", def.name.node, d.message);
        if let Some((_, label)) = d.labels.first_mut() {
            *label = format!("building this track {label}");
        }
        vec![d]
    })?;
    built.map_err(|errs| {
        errs.into_iter()
            .map(|e| {
                let code = match e.kind {
                    TrackErrorKind::UnknownSquare => Code::TrackSquare,
                    TrackErrorKind::TwoScores => Code::TrackScore,
                    TrackErrorKind::Cycle => Code::TrackCycle,
                    TrackErrorKind::CannotReachFinish => Code::TrackFinish,
                    TrackErrorKind::ShortcutFromStartOrFinish | TrackErrorKind::TwoShortcuts => {
                        Code::TrackShortcut
                    }
                    TrackErrorKind::TooManySquares => Code::BoardTooLarge,
                    _ => Code::TrackLink,
                };
                let span = if e.span == (0, 0) {
                    def.name.span
                } else {
                    Span::new(e.span.0, e.span.1)
                };
                Diag::new(code, format!("track `{}`: {}", def.name.node, e.message()))
                    .label(
                        span,
                        if e.square.is_empty() {
                            "here".to_string()
                        } else {
                            format!("square `{}`", e.square)
                        },
                    )
                    .help(e.help())
            })
            .collect()
    })
}

/// Build every track of a file (and the built-in one), each within a fresh budget of
/// `limits` (a track definition is bounded like a statement).
pub(crate) fn build_tracks(defs: &[TrackDef], limits: &Limits) -> (Tracks, Diags) {
    let mut tracks = Tracks::default();
    let (std_file, _) = crate::syntax::parse(STANDARD_TRACK);
    for def in &std_file.tracks {
        tracks.define(def, &Budget::unlimited());
    }
    let mut diags = Vec::new();
    for (i, def) in defs.iter().enumerate() {
        if let Some(first) = defs[..i].iter().find(|d| d.name.node == def.name.node) {
            diags.push(duplicate(
                Code::TrackDuplicate,
                def.name.span,
                &format!("track `{}`", def.name.node),
                first.name.span,
            ));
            continue;
        }
        diags.extend(tracks.define(def, &limits.budget()));
    }
    (tracks, diags)
}

/// A roll or die face as written (`what` names it: "a roll"), which must be at least 1.
pub(super) fn roll_value(n: &Spanned<i64>, what: &str) -> Result<u64, Diag> {
    if n.node >= 1 {
        Ok(n.node as u64)
    } else {
        Err(
            Diag::new(Code::DiceRange, format!("{what} must be at least 1"))
                .label(n.span, format!("{what} is {}", n.node))
                .help("rolls and die faces are whole numbers from 1 up"),
        )
    }
}

#[derive(Clone, Debug)]
enum Rolls {
    Fixed(Vec<u64>),
    Uniform { lo: u64, hi: u64, count: u64 },
}

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

    fn set_dice(&mut self, d: &Dice, span: Span) -> Result<(), Diags> {
        if let Some((_, first)) = &self.dice {
            return Err(vec![duplicate(
                Code::DiceDuplicate,
                span,
                "the dice",
                *first,
            )]);
        }
        let roll = roll_value;
        let rolls = match d {
            Dice::Fixed(v) => {
                let mut diags = Vec::new();
                let mut out = Vec::with_capacity(v.len());
                for n in v {
                    match roll(n, "a roll") {
                        Ok(r) => out.push(r),
                        Err(e) => diags.push(e),
                    }
                }
                if !diags.is_empty() {
                    return Err(diags);
                }
                Rolls::Fixed(out)
            }
            Dice::Uniform { lo, hi, count } => {
                let l = roll(lo, "the lowest face").map_err(|d| vec![d])?;
                let h = roll(hi, "the highest face").map_err(|d| vec![d])?;
                if h < l {
                    return Err(vec![Diag::new(Code::DiceRange, "the die range is empty")
                        .label(lo.span.to(hi.span), format!("{l}..{h} has no faces"))
                        .help("write the range low to high, e.g. uniform 1..5 x 10")]);
                }
                if count.node < 0 {
                    return Err(vec![Diag::new(
                        Code::DiceRange,
                        "the number of rolls cannot be negative",
                    )
                    .label(count.span, "negative")
                    .help("write the number of rolls after `x`, e.g. uniform 1..5 x 10")]);
                }
                Rolls::Uniform {
                    lo: l,
                    hi: h,
                    count: count.node as u64,
                }
            }
        };
        self.dice = Some((rolls, span));
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

impl Session for Yut {
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

    fn declare(&mut self, stmt: &Spanned<Stmt>, cx: &Ctx) -> Result<(), Diags> {
        match &stmt.node {
            Stmt::Board(_) if self.board.is_some() => {
                let first = self.board.as_ref().map_or(stmt.span, |b| b.2);
                Err(vec![duplicate(
                    Code::BoardDuplicate,
                    stmt.span,
                    "the board",
                    first,
                )])
            }
            Stmt::Board(BoardSrc::Named(name)) => match cx.defs.tracks().get(&name.node) {
                Some(t) => {
                    self.set_board(t, name.node.clone(), stmt.span);
                    Ok(())
                }
                // Its definition's errors are reported already.
                None if cx.defs.tracks().is_broken(&name.node) => Err(Vec::new()),
                None => {
                    let mut known: Vec<&str> = cx.defs.tracks().names().collect();
                    known.sort();
                    Err(vec![Diag::new(
                        Code::TrackUnknown,
                        format!("there is no track `{}`", name.node),
                    )
                    .label(name.span, "unknown track")
                    .help(format!(
                        "define it with `track {} {{ route … }}`, or use one of: {}",
                        name.node,
                        known.join(", ")
                    ))])
                }
            },
            Stmt::Board(_) => Err(vec![Diag::new(
                Code::BoardKind,
                "yut is played on a track, not a grid",
            )
            .label(stmt.span, "a grid board")
            .help(
                "write `board yut` (the standard board) or `board NAME` for a `track NAME { … }`",
            )]),
            Stmt::Dice(d) => self.set_dice(d, stmt.span),
            Stmt::Input(text) => {
                let within = Within::new(text);
                let ints = judge::read_rolls(&text.node).map_err(|d| within.diags(d))?;
                let ints = ints
                    .into_iter()
                    .map(|n| Spanned::new(n.node, within.span(n.span)))
                    .collect();
                if self.board.is_none() {
                    if let Some(t) = cx.defs.tracks().get("yut") {
                        self.set_board(t, "yut".into(), stmt.span);
                    }
                }
                self.set_dice(&Dice::Fixed(ints), stmt.span)
            }
            _ => Ok(()),
        }
    }

    fn require(&self, query: &Query, span: Span) -> Result<(), Diag> {
        if query.kind == QueryKind::Show && self.board.is_some() {
            // `show` draws the board before the dice are declared too.
            return Ok(());
        }
        self.needs(span, query.kind.keyword()).map(|_| ())
    }

    fn query(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<crate::games::Answer, Diag> {
        self.answer(query, span, cx).map(crate::games::Answer::new)
    }

    fn play(&mut self, play: &Play, span: Span, _cx: &Ctx) -> Result<(), Diag> {
        let Play::Piece(n) = play else {
            return Err(Diag::new(Code::StmtWrongGame, "yut moves numbered pieces")
                .label(span, "not a yut move")
                .help("write `play piece N` to move piece N by the next roll"));
        };
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
        let piece = match usize::try_from(n.node) {
            Ok(p) if (1..=self.pieces).contains(&p) => p - 1,
            _ => {
                return Err(
                    Diag::new(Code::PieceName, format!("there is no piece {}", n.node))
                        .label(n.span, format!("pieces are 1..{}", self.pieces))
                        .help("set the number of pieces with `rule pieces N`"),
                )
            }
        };
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
    /// The answer to a query.
    fn answer(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
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
