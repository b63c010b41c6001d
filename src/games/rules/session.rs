//! A scenario on a `rules` game: its declarations build a
//! [`ScenarioInput`], made into the start position when first needed; the
//! queries go to the generic solvers, `play` matches a legal move's words,
//! `step` plays a zero-player game's turns.

use super::answer;
use super::lower::{self, Command};
use super::model::{End, Model, RunError, RunErrorKind, Turn};
use super::program::Kind;
use super::run::Run;
use super::setup::{self, BoardInput, PieceInput, ScenarioInput, SetValue, SetupError};
use super::solve::{self, Objective, SolveError};
use super::state::{Dice, Instance, State};
use crate::budget::LimitHit;
use crate::error::{Code, Diag, Diags};
use crate::games::options::RulesGame;
use crate::games::typed::{Lowering, Rules};
use crate::games::{duplicate, limit_diag, nothing_to_undo, Ctx, JudgePosition, NotInstance};
use crate::games::{Options, Session};
use crate::syntax::ast::{Query, QueryKind, Span, Spanned, Stmt};
use crate::syntax::dialect::did_you_mean;
use crate::syntax::rules::Objective as Written;

/// A rules game's scenario: what was declared, then the positions played.
#[derive(Clone)]
pub(crate) struct RulesSession {
    game: RulesGame,
    rules: Vec<(Spanned<String>, Spanned<SetValue>)>,
    board: Option<(BoardInput, Span)>,
    pieces: Vec<PieceInput>,
    /// `set NAME VALUE`, in order.
    sets: Vec<(Spanned<String>, Spanned<SetValue>)>,
    dice: Option<(Dice, Span)>,
    /// A judge input's `cells K: LAYER` marks.
    marks: Vec<(Spanned<String>, Spanned<SetValue>)>,
    /// The instance and the positions since the start (the start first),
    /// made at the first `play`, `step` or query.
    played: Option<(Instance, Vec<State>)>,
    /// The score each `play` or `step` since the start added, in order.
    rewards: Vec<i64>,
    /// The turns each `play` (1) or `step` (0 or more) played, in order.
    turns: Vec<u64>,
}

impl RulesSession {
    /// A new scenario on the block the options name.
    pub(crate) fn boxed(opts: &Options) -> Box<dyn Session> {
        Box::new(crate::games::typed::Typed(RulesSession::new(opts)))
    }

    /// A new scenario on the block the options name, as itself (the
    /// prelude's sessions drive it: `crate::games::prelude`).
    pub(crate) fn new(opts: &Options) -> RulesSession {
        let game = opts.rules.clone().unwrap_or_else(|| RulesGame {
            name: "rules".into(),
            prog: std::sync::Arc::new(super::compile::compile(
                &crate::syntax::rules::RulesDef {
                    name: Spanned::new("rules".into(), Span::default()),
                    parts: Vec::new(),
                    span: Span::default(),
                    text: String::new(),
                },
                super::Decls::default(),
            )),
        });
        let rules = opts
            .params
            .iter()
            .map(|(n, v)| (n.clone(), Spanned::new(lower::rule_value(&v.node), v.span)))
            .collect();
        RulesSession {
            game,
            rules,
            board: None,
            pieces: Vec::new(),
            sets: Vec::new(),
            dice: None,
            marks: Vec::new(),
            played: None,
            rewards: Vec::new(),
            turns: Vec::new(),
        }
    }

    /// The `play`s and `step`s made since the start, and the score they
    /// added (what a built-in game's `solve` counts in: its `answer` is the
    /// whole game's).
    pub(crate) fn so_far(&self) -> (u64, i64) {
        (
            self.turns.iter().sum(),
            self.rewards.iter().fold(0i64, |a, r| a.saturating_add(*r)),
        )
    }

    /// A copy of this scenario, at the same position, with param `name`
    /// set to `value` (the prelude's stacking asks a second `solve`
    /// without its turn limit, for `cycle`). `None` before the position is
    /// set up or for a name that is not a param.
    pub(crate) fn with_param(&self, name: &str, value: i64) -> Option<RulesSession> {
        let mut copy = self.clone();
        let (inst, _) = copy.played.as_mut()?;
        let i = inst
            .prog
            .decls
            .params
            .iter()
            .position(|p| p.name.node == name)?;
        *inst.params.get_mut(i)? = super::program::Val::S(value);
        Some(copy)
    }

    /// A zero-player game's turns from the current position, at most
    /// `max`: how many are played before the game ends (the ending turn
    /// counted; `true`) or a position first repeats (`false`), else `max`.
    /// The prelude's stacking cuts `line` where the native solver does.
    pub(crate) fn turns_to_repeat(
        &self,
        max: u64,
        budget: &crate::budget::Budget,
    ) -> Option<(u64, bool)> {
        let (inst, hist) = self.played.as_ref()?;
        let mut s = hist.last()?.clone();
        let mut seen = std::collections::HashSet::new();
        let mut key = Vec::new();
        super::key::pack(inst, &s, &mut key);
        seen.insert(key.clone());
        for t in 1..=max {
            budget.tick().ok()?;
            let leaf = match inst.turn(&s).ok()? {
                Turn::Ended { .. } => return Some((t - 1, true)),
                Turn::Moves(node) => {
                    let mut leaves = Vec::new();
                    super::solve::tree_leaves(node, &mut leaves).ok()?;
                    leaves.into_iter().next()?
                }
            };
            if leaf.end.is_some() {
                return Some((t, true));
            }
            s = leaf.next;
            super::key::pack(inst, &s, &mut key);
            if !seen.insert(key.clone()) {
                return Some((t, false));
            }
        }
        Some((max, false))
    }

    /// Fix the position the declarations make (as the first `solve`
    /// does): later declarations are refused.
    pub(crate) fn set_up(&mut self, span: Span) -> Result<(), Diag> {
        self.current(span)
            .map(|_| ())
            .map_err(|mut ds| ds.swap_remove(0))
    }

    /// The cell piece `name`'s field `at` holds now, 0-based, if the
    /// position is set up and it is on the board.
    pub(crate) fn piece_at(&mut self, name: &str, span: Span) -> Option<(i64, i64)> {
        let (inst, hist) = self.current(span).ok()?;
        let s = hist.last()?;
        let q = inst.pieces.iter().position(|p| p == name)?;
        let f = inst
            .prog
            .decls
            .fields
            .iter()
            .position(|v| v.name.node == "at")?;
        let (base, dom) = inst.layout.fields.get(f)?;
        let v = *s.v.get(base + q * super::state::width(dom))?;
        let cols = inst.cols.max(1);
        (v >= 0).then_some((v / cols, v % cols))
    }

    fn input(&self) -> ScenarioInput {
        ScenarioInput {
            board: self
                .board
                .as_ref()
                .map_or(BoardInput::None, |(b, _)| b.clone()),
            pieces: self.pieces.clone(),
            sets: self.sets.clone(),
            rules: self.rules.clone(),
            dice: self.dice.as_ref().map_or(Dice::None, |(d, _)| d.clone()),
            marks: self.marks.clone(),
        }
    }

    /// What a judge input said, taken as the statements that say it: a
    /// second board, dice or param is refused as those statements are.
    fn take_input(&mut self, read: super::judge::read::Read, span: Span) -> Result<(), Diags> {
        if let Some(b) = read.board {
            taken(&self.board, span, Code::BoardDuplicate, "the board")?;
            self.board = Some((b, span));
        } else if self.board.is_none()
            && self.game.prog.board == crate::syntax::rules::BoardKind::Track
        {
            // As for yut's judge input: the standard track.
            self.board = Some((
                BoardInput::Track(std::sync::Arc::new(crate::games::yut::standard_track())),
                span,
            ));
        }
        if let Some(d) = read.dice {
            taken(&self.dice, span, Code::DiceDuplicate, "the dice")?;
            self.dice = Some((d, span));
        }
        for (name, value) in read.rules {
            named_twice(&self.rules, &name, name.span, "rule")?;
            self.rules.push((name, value));
        }
        for (name, value) in read.sets {
            named_twice(&self.sets, &name, name.span, "var")?;
            self.sets.push((name, value));
        }
        for p in read.pieces {
            self.place(p, "place each piece once")?;
        }
        self.marks.extend(read.marks);
        Ok(())
    }

    /// Places a piece, refusing the same piece placed twice (the first
    /// placement would be lost without a word; refused as for the built-in
    /// games).
    fn place(&mut self, p: PieceInput, help: &str) -> Result<(), Diags> {
        if let Some(first) = self.pieces.iter().find(|q| q.name.node == p.name.node) {
            return Err(vec![Diag::new(
                Code::PieceDuplicate,
                format!("piece `{}` is placed twice", p.name.node),
            )
            .label(p.name.span, "placed again here")
            .label(first.name.span, "first placed here")
            .help(help)]);
        }
        self.pieces.push(p);
        Ok(())
    }

    /// The start position the declarations make.
    fn start(&self, span: Span) -> Result<(Instance, State), Diags> {
        let needs_board = match self.game.prog.board {
            crate::syntax::rules::BoardKind::Track => true,
            crate::syntax::rules::BoardKind::Grid => !self.game.prog.decls.layers.is_empty(),
            crate::syntax::rules::BoardKind::None => false,
        };
        if self.board.is_none() && needs_board {
            return Err(vec![crate::games::missing(
                span,
                "a board",
                "the game",
                "declare `board { … }` (or `board NAME` for a track) first",
            )]);
        }
        setup::start(self.game.prog.clone(), &self.input()).map_err(|e| match e {
            SetupError::Scenario(ds) => ds,
            SetupError::Run(r) => vec![run_diag(r, span)],
        })
    }

    /// The instance and the current position, made from the declarations
    /// the first time.
    fn current(&mut self, span: Span) -> Result<(&Instance, &mut Vec<State>), Diags> {
        if self.played.is_none() {
            let (inst, s) = self.start(span)?;
            self.played = Some((inst, vec![s]));
        }
        let (inst, hist) = self.played.as_mut().expect("made above");
        Ok((inst, hist))
    }

    fn declared_after_play(&self, span: Span) -> Result<(), Diags> {
        if self.played.is_some() {
            return Err(vec![Diag::new(
                Code::StmtOrder,
                "declarations come before the first query, `play` or `step`",
            )
            .label(span, "the position is already set up")
            .help("move this declaration above the queries and moves")]);
        }
        Ok(())
    }
}

/// A second board or dice, refused as the statement is.
fn taken<T>(slot: &Option<(T, Span)>, span: Span, code: Code, what: &str) -> Result<(), Diags> {
    match slot {
        Some((_, first)) => Err(vec![duplicate(code, span, what, *first)]),
        None => Ok(()),
    }
}

/// A rule or var set a second time (`what` says which).
fn named_twice<T>(
    list: &[(Spanned<String>, T)],
    name: &Spanned<String>,
    at: Span,
    what: &str,
) -> Result<(), Diags> {
    match list.iter().find(|(n, _)| n.node == name.node) {
        // The `rule` lines are taken before the statements whatever their
        // place (a judge input read after them may name the same param):
        // the one written later is the second.
        Some((first, _)) => {
            let (again, first) = match first.span.start() > at.start() {
                true => (first.span, at),
                false => (at, first.span),
            };
            Err(vec![duplicate(
                Code::RuleDuplicate,
                again,
                &format!("{what} `{}`", name.node),
                first,
            )])
        }
        None => Ok(()),
    }
}

/// The largest turn `step` goes to (as the native stacking's).
const MAX_TURN: u64 = 1_000_000_000_000_000_000;

/// `step n` from `s` on a zero-player game: the position after `n` turns
/// (or at the turn that ends the game), the turns played and the score
/// they made. Once a position repeats (its key seen at the start of an
/// earlier turn), whole periods are skipped, so that `step 10^18` costs
/// one cycle's turns, exactly; not for a program that reads `moves` (its
/// position is more than its key).
fn steps(
    inst: &Instance,
    mut s: State,
    n: u64,
    span: Span,
    cx: &Ctx,
) -> Result<(State, u64, i64), Diag> {
    let skip = n > 64 && !inst.prog.reads_moves;
    let mut seen: std::collections::HashMap<Vec<u64>, (u64, i64)> =
        std::collections::HashMap::new();
    let mut key = Vec::new();
    let (mut t, mut reward) = (0u64, 0i64);
    let first = s.moves;
    let too_big = || {
        Diag::new(
            Code::NumberRange,
            "the score made by this `step` is too large",
        )
        .label(span, "the score would pass 2^63 - 1")
        .help("step fewer turns")
    };
    let mut skipped = !skip;
    while t < n {
        if !skipped {
            super::key::pack(inst, &s, &mut key);
            if let Some(&(t0, r0)) = seen.get(&key) {
                let period = t - t0;
                let k = (n - t) / period;
                let per = reward.checked_sub(r0).ok_or_else(too_big)?;
                let more = i64::try_from(k)
                    .ok()
                    .and_then(|k| per.checked_mul(k))
                    .ok_or_else(too_big)?;
                reward = reward.checked_add(more).ok_or_else(too_big)?;
                t += k * period;
                skipped = true;
                seen = std::collections::HashMap::new();
                continue;
            }
            seen.insert(key.clone(), (t, reward));
            if seen.len().is_multiple_of(1024) {
                let bytes = seen.len() as u64 * (8 * key.len() as u64 + 64);
                cx.budget
                    .check_memory(bytes)
                    .map_err(|h| limit_diag(h, span))?;
            }
        }
        cx.budget.tick().map_err(|h| limit_diag(h, span))?;
        let leaf = match inst.turn(&s).map_err(|e| run_diag(e, span))? {
            Turn::Ended { .. } => None,
            Turn::Moves(node) => {
                let mut leaves = Vec::new();
                super::solve::tree_leaves(node, &mut leaves).map_err(|e| solve_diag(e, span))?;
                leaves.into_iter().next()
            }
        };
        let Some(leaf) = leaf else { break };
        reward = reward.checked_add(leaf.reward).ok_or_else(too_big)?;
        s = leaf.next;
        t += 1;
        if leaf.end.is_some() {
            // The game is over: later `step`s and queries see it so.
            s.over = leaf.end;
            break;
        }
    }
    // `moves` counts every turn (it is read only when no turn was skipped).
    s.moves = u32::try_from(u64::from(first).saturating_add(t)).unwrap_or(u32::MAX);
    Ok((s, t, reward))
}

/// The objective with its bound evaluated (`within N`, `limit N`).
pub(super) fn objective(inst: &Instance, span: Span) -> Result<Objective, Diag> {
    let prog = &inst.prog;
    let bound = |e: &super::program::CExpr| -> Result<i64, Diag> {
        let mut steps = 0u64;
        let mut run = Run::of_params(inst, &mut steps);
        run.expr(e).map(|v| v.s()).map_err(|r| run_diag(r, span))
    };
    let n = match &prog.objective_bound {
        Some(e) => bound(e)?.max(0),
        None => 0,
    };
    Ok(match prog.objective {
        Written::Moves => Objective::Moves,
        Written::Outcome => Objective::Outcome,
        Written::Score => Objective::Score,
        Written::MaxScore => Objective::Max,
        Written::MinScore => Objective::Min,
        Written::Shortest(_) => Objective::Shortest {
            within: u32::try_from(n).unwrap_or(u32::MAX),
        },
        Written::Longest => Objective::Longest,
        Written::Simulate(_) => Objective::Simulate { limit: n as u64 },
    })
}

/// A run-time failure of the rules program as a diagnostic on the scenario
/// statement that ran it (with the rules statement that failed).
pub(super) fn run_diag(e: RunError, span: Span) -> Diag {
    let (code, help) = match e.kind {
        RunErrorKind::Memory { limit, needed } => {
            return limit_diag(LimitHit::Memory { limit, needed }, span);
        }
        // Only a `while` has a `max` to raise: a `for` or `choose` over a
        // range, a `repeat`, a list are said in their own words.
        RunErrorKind::Loop if e.message.starts_with("the range") => (
            Code::RulesLoop,
            "a `for` or `choose` over a range has no `max`: narrow the range (bound its ends by smaller vars or params)",
        ),
        RunErrorKind::Loop if e.message.starts_with("`repeat") => (
            Code::RulesLoop,
            "give `repeat` a count of 0 or more",
        ),
        RunErrorKind::Loop if e.message.contains("made a list") => (
            Code::RulesLoop,
            "make the turn's lists shorter",
        ),
        RunErrorKind::Loop if e.message.contains("`max") => (
            Code::RulesLoop,
            "raise the loop's `max`, or make the loop end sooner",
        ),
        RunErrorKind::Loop => (
            Code::RulesLoop,
            "make the turn do less: fewer or shorter loops, or a `while`'s smaller `max`",
        ),
        RunErrorKind::Endless => (
            Code::RulesEndless,
            "the objective needs every game to end; make the game end, or use `solve longest`, `outcome` or `simulate`",
        ),
        RunErrorKind::MovesEndless => (
            Code::RulesEndless,
            "end every play within the limit (`stop if moves == K`), or count with a bounded `var` instead of reading `moves`",
        ),
        _ => (
            Code::RulesRun,
            "check the values the rules block computes at the statement marked",
        ),
    };
    let mut d = Diag::new(code, e.message.clone())
        .label(span, "this ran the rules program")
        .help(help);
    if e.span != Span::default() && e.span != span {
        d = d.label(e.span, "failed here");
    }
    d
}

/// A solver's failure as a diagnostic.
pub(super) fn solve_diag(e: SolveError, span: Span) -> Diag {
    match e {
        SolveError::Limit(h) => limit_diag(h, span),
        SolveError::Run(r) => run_diag(r, span),
        other => Diag::new(Code::RulesRun, other.to_string())
            .label(span, "the objective cannot answer this")
            .help("see docs/rules-language.md, *Objectives*"),
    }
}

impl Rules for RulesSession {
    type Command = Command;

    fn lower(stmt: &Spanned<Stmt>, lx: &Lowering) -> Result<Command, Diags> {
        lower::lower(stmt, lx)
    }

    fn apply(&mut self, command: Command, span: Span, cx: &Ctx) -> Result<(), Diags> {
        let _ = cx;
        match command {
            Command::Board(b) => {
                self.declared_after_play(span)?;
                taken(&self.board, span, Code::BoardDuplicate, "the board")?;
                let b = b?;
                let empty = match &b {
                    BoardInput::Grid(r) => r.first().is_none_or(|row| row.is_empty()),
                    BoardInput::Array(r) => r.first().is_none_or(|row| row.is_empty()),
                    _ => false,
                };
                if empty {
                    // As the built-in games refuse it: a game needs a cell.
                    return Err(vec![Diag::new(Code::BoardEmpty, "the board has no cells")
                        .label(span, "empty board")
                        .help("write one row of cells per line inside board { … }")]);
                }
                let shape = setup::board_shape(&b, &self.game.prog);
                if !shape.is_empty() {
                    return Err(shape);
                }
                self.board = Some((b, span));
                Ok(())
            }
            Command::Piece(p) => {
                self.declared_after_play(span)?;
                let unknown: Diags = p
                    .with
                    .iter()
                    .filter_map(|(n, _)| setup::unknown_field(&self.game.prog, n))
                    .collect();
                if !unknown.is_empty() {
                    return Err(unknown);
                }
                self.place(p, "place each piece once; to move it, use `play`")?;
                Ok(())
            }
            Command::Dice(d) => {
                self.declared_after_play(span)?;
                taken(&self.dice, span, Code::DiceDuplicate, "the dice")?;
                self.dice = Some((d, span));
                Ok(())
            }
            Command::Set(name, value) => {
                self.declared_after_play(span)?;
                if let Some(d) = setup::unknown_var(&self.game.prog, &name) {
                    return Err(vec![d]);
                }
                named_twice(&self.sets, &name, span, "var")?;
                self.sets.push((name, value));
                Ok(())
            }
            Command::Play(words) => self.play(&words, span).map_err(|d| vec![d]),
            Command::Input(text, case) => {
                self.declared_after_play(span)?;
                let read = super::judge::read::read(&self.game.prog, &text, case)?;
                self.take_input(read, span)
            }
        }
    }

    fn require(&self, query: &Query, span: Span) -> Result<(), Diag> {
        let _ = query;
        if self.played.is_some() {
            return Ok(());
        }
        self.start(span)
            .map(|_| ())
            .map_err(|mut ds| ds.swap_remove(0))
    }

    fn answer(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        let name = self.game.name.clone();
        if query.kind == QueryKind::Show && self.played.is_none() {
            // As for the built-in games, `show` draws the position the
            // declarations make so far without fixing it: more `piece`,
            // `set` or `rule` lines may follow (the REPL's autoshow too).
            let (inst, s) = self.start(span).map_err(|mut ds| ds.swap_remove(0))?;
            return Ok(crate::games::Answer::new(answer::shown(&name, &inst, &s)));
        }
        let (inst, hist) = self.current(span).map_err(|mut ds| ds.swap_remove(0))?;
        let s = hist.last().expect("the start is kept").clone();
        let objective = objective(inst, span)?;
        let budget = cx.budget;
        let a = match query.kind {
            QueryKind::Solve => {
                let v =
                    solve::solve(inst, &s, &objective, budget).map_err(|e| solve_diag(e, span))?;
                answer::solved(&name, inst, &v)
            }
            QueryKind::Line => {
                let max = query
                    .bound
                    .as_ref()
                    .map_or(u64::MAX, |n| n.node.max(0) as u64);
                let line = solve::line(inst, &s, &objective, max, budget)
                    .map_err(|e| solve_diag(e, span))?;
                answer::line(&name, inst, &s, line)
            }
            QueryKind::Analyze => {
                let moves = solve::analyze(inst, &s, &objective, budget)
                    .map_err(|e| solve_diag(e, span))?;
                answer::analyzed(&name, inst, &s, &moves)
            }
            QueryKind::Show => answer::shown(&name, inst, &s),
        };
        Ok(crate::games::Answer::new(a))
    }

    fn require_step(&self, span: Span) -> Result<(), Diag> {
        if self.game.prog.decls.player_count != 0 {
            return Err(Diag::new(
                Code::RulesMove,
                "`step` plays the turns of a game without players",
            )
            .label(
                span,
                format!("`{}` has players: name a move with `play`", self.game.name),
            )
            .help("write `play WORDS…` (see the moves with `analyze`)"));
        }
        Ok(())
    }

    fn step(&mut self, n: u64, span: Span, cx: &Ctx) -> Result<(), Diag> {
        self.require_step(span)?;
        self.current(span).map_err(|mut ds| ds.swap_remove(0))?;
        let (done, _) = self.so_far();
        let Some((inst, hist)) = self.played.as_mut() else {
            return Ok(());
        };
        if done.checked_add(n).is_none_or(|t| t > MAX_TURN) {
            return Err(Diag::new(
                Code::NumberRange,
                format!("`step {n}` would go past turn {MAX_TURN}"),
            )
            .label(span, format!("the game is at turn {done}"))
            .help(format!(
                "meeple counts turns up to 10^18; step at most {} more",
                MAX_TURN.saturating_sub(done)
            )));
        }
        let start = hist.last().expect("the start is kept").clone();
        let (end, turns, reward) = steps(inst, start, n, span, cx)?;
        hist.push(end);
        self.rewards.push(reward);
        self.turns.push(turns);
        Ok(())
    }

    fn undo(&mut self, span: Span) -> Result<(), Diag> {
        match &mut self.played {
            Some((_, hist)) if hist.len() > 1 => {
                hist.pop();
                self.rewards.pop();
                self.turns.pop();
                Ok(())
            }
            _ => Err(nothing_to_undo(span, "move")),
        }
    }

    /// The legal moves' names, the mover first in a two-player game (`A
    /// right`). `None` while the declarations do not make a position.
    fn legal_plays(&self) -> Option<Vec<String>> {
        if self.game.prog.decls.player_count == 0 {
            // Its turns are played by `step`, not named.
            return Some(Vec::new());
        }
        let started;
        let (inst, s) = match &self.played {
            Some((inst, hist)) => (inst, hist.last()?),
            None => {
                started = self.start(Span::default()).ok()?;
                (&started.0, &started.1)
            }
        };
        let moves = solve::legal_moves(inst, s).ok()?;
        let mover =
            (inst.players() == 2).then(|| inst.word(Kind::Player, i64::from(inst.mover(s))));
        Some(
            moves
                .iter()
                .map(|m| {
                    let name = m.words.join(" ");
                    match &mover {
                        Some(p) => format!("{p} {name}"),
                        None => name,
                    }
                })
                .collect(),
        )
    }

    fn judge_position(&self) -> Result<JudgePosition, NotInstance> {
        if self.game.prog.input.is_none() {
            return Err(NotInstance::Rule(format!(
                "`{}` declares no judge input format (`input {{ … }}`)",
                self.game.name
            )));
        }
        super::judge::position::RulesPosition::new(self.game.prog.clone(), self.input())
            .map(JudgePosition::new)
    }
}

use crate::games::Answer;

impl RulesSession {
    /// `play WORDS…`: the legal move with these words (the mover's name
    /// may be left out, or given, in a two-player game).
    fn play(&mut self, words: &[String], span: Span) -> Result<(), Diag> {
        if self.game.prog.decls.player_count == 0 {
            return Err(Diag::new(
                Code::RulesMove,
                "`play` names a player's move; this game has no players",
            )
            .label(
                span,
                format!("`{}` plays its turns by itself", self.game.name),
            )
            .help("write `step` to play one turn, or `step N` to play N turns"));
        }
        let (inst, hist) = self.current(span).map_err(|mut ds| ds.swap_remove(0))?;
        let s = hist.last().expect("the start is kept").clone();
        let moves = solve::legal_moves(inst, &s).map_err(|e| solve_diag(e, span))?;
        let said = words.join(" ");
        let mover = if inst.players() == 2 {
            Some(inst.word(Kind::Player, i64::from(inst.mover(&s))))
        } else {
            None
        };
        let name_of = |w: &[String]| w.join(" ");
        let named = |words: &[String]| {
            let name = name_of(words);
            (name == said && !name.is_empty())
                || answer::spoken(mover.as_deref(), &name) == said
                || mover
                    .as_ref()
                    .is_some_and(|p| name == format!("{p} {said}"))
        };
        let found = moves.iter().find(|m| named(&m.words));
        let same = moves.iter().filter(|m| named(&m.words)).count();
        if same > 1 {
            return Err(Diag::new(
                Code::RulesMove,
                format!("`{said}` names {same} different moves here"),
            )
            .label(span, "more than one legal move has this name")
            .help(
                "the game's `say` texts give these moves one name: put the chosen value in \
                 the text (`say \"take {x}\"`) so that each move has its own",
            ));
        }
        match found {
            Some(m) => {
                let mut next = m.leaf.next.clone();
                // A move that ended the game: the position says so, as seen
                // by the player to move in it (the other one, in a
                // two-player game), and every query after answers it.
                next.over = m.leaf.end.map(|end| {
                    if inst.mover(&next) == inst.mover(&s) {
                        end
                    } else {
                        match end {
                            End::Win => End::Lose,
                            End::Lose => End::Win,
                            other => other,
                        }
                    }
                });
                let reward = m.leaf.reward;
                hist.push(next);
                self.rewards.push(reward);
                self.turns.push(1);
                Ok(())
            }
            None => {
                let list: Vec<String> = moves
                    .iter()
                    .map(|m| answer::spoken(mover.as_deref(), &name_of(&m.words)))
                    .collect();
                Err(Diag::new(
                    Code::RulesMove,
                    format!("`{said}` is not a legal move here"),
                )
                .label(span, "no move has this name")
                .help(if list.is_empty() {
                    "there is no legal move: the game has ended".to_string()
                } else {
                    let close = did_you_mean(&said, list.iter().map(String::as_str))
                        .map(|h| format!("{h} "))
                        .unwrap_or_default();
                    format!("{close}the legal moves are: {}", list.join(", "))
                }))
            }
        }
    }
}

/// Every rules game in the registry ([`crate::games::game`]): its session
/// reads the block from the scenario's options; it has no judge problem
/// and no generator.
pub struct RulesGames;

impl crate::games::Game for RulesGames {
    fn kind(&self) -> crate::games::GameKind {
        crate::games::GameKind::Rules
    }

    fn session(&self, opts: &Options) -> Box<dyn Session> {
        RulesSession::boxed(opts)
    }

    fn read_judge(&self, _input: &str) -> Result<JudgePosition, Diags> {
        Err(vec![Diag::new(
            Code::StmtWrongGame,
            "a rules game has no judge input",
        )
        .help(
            "describe the position with `board`, `piece`, `dice` and `rule`",
        )])
    }

    fn gen_shape(
        &self,
        _args: &[(&str, &str)],
        _: crate::games::LoadTracks,
    ) -> Result<crate::games::Shape, crate::games::OptionError> {
        Err(crate::games::OptionError {
            text: String::new(),
            diag: Diag::new(
                Code::StmtWrongGame,
                "`meeple gen` does not generate rules games",
            )
            .help("generate footholds, yut or stacking"),
        })
    }
}
