//! stacking scenarios: declarations, queries and steps on top of the simulator.

use super::answer::{self, Answer, Board, Empty, Line, Position, Show, Solved, Stack};
use super::judge;
use super::judge::Read;
use super::lower::{Command, Placing};
use super::rules::{Colour, Dir as SDir, Mover, Setup, Sim};
use super::solve::{run, Outcome};
use crate::budget::{Budget, LimitHit};
use crate::error::{Code, Diag, Diags};
use crate::games::grid::{self, Grid, Legend};
use crate::games::judge_position::{self, JudgePosition};
use crate::games::judge_text::Within;
use crate::games::not_instance::NotInstance;
use crate::games::typed::{Lowering, Rules};
use crate::games::{duplicate, limit_diag, missing, Ctx, Options};
use crate::syntax::ast::{Coord, Query, QueryKind, Span, Spanned, Stmt};
use std::collections::HashMap;

/// How stacking reads board cells (the judge input's rows too).
pub(super) const LEGEND: Legend<Colour> = Legend {
    char: |c| match c {
        '0' | 'w' => Some(Colour::White),
        '1' | 'r' => Some(Colour::Red),
        '2' | 'b' => Some(Colour::Blue),
        _ => None,
    },
    number: |n| match n {
        0 => Some(Colour::White),
        1 => Some(Colour::Red),
        2 => Some(Colour::Blue),
        _ => None,
    },
    help: "stacking cells are 0 or w (white), 1 or r (red), 2 or b (blue)",
};

/// The last turn `step` goes to: turn numbers stay far from the ends of the
/// 64-bit counters of the simulator and of the answers (`step` by 2^63 - 1
/// three times overflowed `show`'s "turn N is next").
const MAX_TURN: u64 = 1_000_000_000_000_000_000;

/// A declared piece.
#[derive(Clone, Debug)]
struct Piece {
    number: i64,
    cell: (usize, usize),
    dir: SDir,
    span: Span,
}

/// A stacking scenario's position and history.
pub(crate) struct Stacking {
    origin: i64,
    stack: usize,
    limit: Option<u64>,
    mover: Mover,
    board: Option<Grid<Colour>>,
    pieces: Vec<Piece>,
    /// Declared piece numbers and starting cells → index in `pieces`, for
    /// the pieces of `piece` statements.
    by_number: HashMap<i64, usize>,
    by_cell: HashMap<(usize, usize), usize>,
    /// The pieces of a judge input: the first `pieces`, numbered 1..=K, and
    /// on each cell of the board 1 + the index of the piece there, or 0 (a
    /// million pieces are not put in maps).
    from_input: usize,
    input_cells: Vec<u32>,
    /// The position now, once built; the positions before each `step`.
    sim: Option<Sim>,
    history: Vec<Option<Sim>>,
}

/// The diagnostic for a setup the simulator refuses (too large).
pub(crate) fn unsimulable(e: super::setup::SetupError, span: Span) -> Diag {
    Diag::new(
        Code::BoardTooLarge,
        format!("this position cannot be simulated: {e}"),
    )
    .label(span, "here")
    .help("use a smaller board or fewer pieces")
}

/// The diagnostic for piece `number` placed `at` the cell where piece
/// `first` (declared on `first_span`) starts.
pub(super) fn shared_cell(first: i64, first_span: Span, number: i64, at: Span) -> Diag {
    Diag::new(
        Code::PieceSharedCell,
        format!("pieces {first} and {number} start on the same cell"),
    )
    .label(at, "this cell is taken")
    .label(first_span, format!("piece {first} starts here"))
    .help("no two pieces may start on one cell")
}

impl Stacking {
    pub(crate) fn new(opts: &Options) -> Stacking {
        Stacking {
            origin: opts.origin,
            stack: opts.stack,
            limit: opts.limit,
            mover: if opts.mover_bottom {
                Mover::Bottom
            } else {
                Mover::Any
            },
            board: None,
            pieces: Vec::new(),
            by_number: HashMap::new(),
            by_cell: HashMap::new(),
            from_input: 0,
            input_cells: Vec::new(),
            sim: None,
            history: Vec::new(),
        }
    }

    fn add_piece(
        &mut self,
        piece: Result<Placing, Diag>,
        at: &Spanned<Coord>,
        origin: i64,
    ) -> Result<(), Diag> {
        let board = self.board.as_ref().ok_or_else(|| grid::no_board(at.span))?;
        let Placing {
            number,
            facing,
            span,
        } = piece?;
        let cell = grid::place(
            at,
            board.rows,
            board.cols,
            origin,
            &format!("piece {number}"),
        )?;
        if let Some(p) = self.numbered(number).map(|i| &self.pieces[i]) {
            return Err(duplicate(
                Code::PieceDuplicate,
                span,
                &format!("piece {number}"),
                p.span,
            ));
        }
        if let Some(p) = self.on_cell(cell).map(|i| &self.pieces[i]) {
            return Err(shared_cell(p.number, p.span, number, at.span));
        }
        self.by_number.insert(number, self.pieces.len());
        self.by_cell.insert(cell, self.pieces.len());
        self.pieces.push(Piece {
            number,
            cell,
            dir: facing,
            span,
        });
        self.sim = None;
        Ok(())
    }

    /// `input """…"""`: the board and the pieces from the judge's text.
    fn declare_input(&mut self, (read, within): (Read, Within)) {
        let s = read.case.setup;
        self.board = Some(Grid {
            rows: s.rows,
            cols: s.cols,
            cells: s.colours,
            span: within.span(read.board),
        });
        self.from_input = s.pieces.len();
        self.input_cells = vec![0; s.rows * s.cols];
        self.pieces.reserve_exact(s.pieces.len());
        for (number, ((cell, dir), span)) in (1..).zip(s.pieces.into_iter().zip(read.pieces)) {
            self.input_cells[cell.0 * s.cols + cell.1] = number as u32;
            self.pieces.push(Piece {
                number,
                cell,
                dir,
                span: within.span(span),
            });
        }
        self.sim = None;
    }

    /// The index of the piece numbered `number`, if declared.
    fn numbered(&self, number: i64) -> Option<usize> {
        match usize::try_from(number) {
            Ok(n @ 1..) if n <= self.from_input => Some(n - 1),
            _ => self.by_number.get(&number).copied(),
        }
    }

    /// The index of the piece that starts on `cell`, if any.
    fn on_cell(&self, (r, c): (usize, usize)) -> Option<usize> {
        let cols = self.board.as_ref().map_or(0, |b| b.cols);
        match self.input_cells.get(r * cols + c) {
            Some(&i) if i > 0 => Some(i as usize - 1),
            _ => self.by_cell.get(&(r, c)).copied(),
        }
    }

    /// The setup the pieces describe, checking the numbering.
    fn setup(&self, span: Span, query: &str) -> Result<Setup, Diag> {
        let board = self.board.as_ref().ok_or_else(|| {
            missing(
                span,
                "a board",
                query,
                "declare `board { … }` (or `input \"\"\"…\"\"\"`) before asking",
            )
        })?;
        if self.pieces.is_empty() {
            return Err(missing(
                span,
                "pieces",
                query,
                "place pieces with `piece 1 at (r, c) facing right`",
            ));
        }
        let mut sorted: Vec<&Piece> = self.pieces.iter().collect();
        sorted.sort_by_key(|p| p.number);
        for (i, p) in sorted.iter().enumerate() {
            let want = i as i64 + 1;
            if p.number != want {
                return Err(Diag::new(
                    Code::PieceNumbering,
                    format!("piece {want} is missing: pieces must be numbered 1..K without gaps"),
                )
                .label(
                    p.span,
                    format!("piece {} follows piece {}", p.number, want - 1),
                )
                .help(format!("renumber the pieces 1..{}", sorted.len())));
            }
        }
        Ok(Setup {
            rows: board.rows,
            cols: board.cols,
            colours: board.cells.clone(),
            pieces: sorted.iter().map(|p| (p.cell, p.dir)).collect(),
            stack: self.stack,
            mover: self.mover,
        })
    }

    /// The bytes the `undo` history holds.
    fn history_bytes(&self) -> u64 {
        self.history.iter().flatten().map(Sim::bytes).sum()
    }

    fn current(&mut self, span: Span, query: &str, budget: &Budget) -> Result<&mut Sim, Diag> {
        if self.sim.is_none() {
            let setup = self.setup(span, query)?;
            budget
                .check_memory(Sim::bytes_for(&setup).saturating_add(self.history_bytes()))
                .map_err(|h| limit_diag(h, span))?;
            setup.validate().map_err(|e| unsimulable(e, span))?;
            self.sim = Some(Sim::new(&setup));
        }
        self.sim
            .as_mut()
            .ok_or_else(|| missing(span, "a position", query, "declare the board and pieces"))
    }

    /// How the game goes on from `sim`: the judge's answer first, then
    /// whether the game never ends (see [`super::solve::judge_then_cycle`]).
    fn outcome(&self, sim: &Sim, budget: &Budget) -> Result<Outcome, LimitHit> {
        super::solve::judge_then_cycle(sim, self.limit, budget)
    }
}

impl Rules for Stacking {
    type Command = Command;

    fn lower(stmt: &Spanned<Stmt>, _: &Lowering) -> Result<Command, Diags> {
        super::lower::lower(stmt)
    }

    fn judge_position(&self) -> Result<JudgePosition, NotInstance> {
        let what = if self.board.is_none() {
            "no board"
        } else {
            "no pieces numbered 1..K"
        };
        let setup = self
            .setup(Span::default(), "export")
            .map_err(|_| judge_position::incomplete(what))?;
        Ok(JudgePosition::new(judge::JudgeCase {
            setup,
            limit: self.limit,
        }))
    }

    fn apply(&mut self, command: Command, span: Span, _cx: &Ctx) -> Result<(), Diags> {
        let board = matches!(command, Command::Board(_) | Command::Input(_));
        if let Some(first) = self.board.as_ref().map(|b| b.span).filter(|_| board) {
            return Err(vec![duplicate(
                Code::BoardDuplicate,
                span,
                "the board",
                first,
            )]);
        }
        match command {
            Command::Board(grid) => {
                self.board = Some(grid?);
                Ok(())
            }
            Command::Input(read) => {
                if !self.pieces.is_empty() {
                    return Err(vec![duplicate(
                        Code::PieceDuplicate,
                        span,
                        "the pieces",
                        self.pieces[0].span,
                    )]);
                }
                self.declare_input(read?);
                Ok(())
            }
            Command::Piece { piece, at } => {
                self.add_piece(piece, &at, self.origin).map_err(|d| vec![d])
            }
        }
    }

    fn require(&self, query: &Query, span: Span) -> Result<(), Diag> {
        if query.kind == QueryKind::Show && self.board.is_some() && self.pieces.is_empty() {
            // `show` draws the board before any piece is placed.
            return Ok(());
        }
        self.setup(span, query.kind.keyword()).map(|_| ())
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

    fn require_step(&self, span: Span) -> Result<(), Diag> {
        self.setup(span, "step").map(|_| ())
    }

    fn step(&mut self, n: u64, span: Span, cx: &Ctx) -> Result<(), Diag> {
        let before = self.current(span, "step", cx.budget)?.clone();
        // `undo` keeps the position before each step.
        cx.budget
            .check_memory(self.history_bytes() + 2 * before.bytes())
            .map_err(|h| limit_diag(h, span))?;
        let target = match before.turns().checked_add(n) {
            Some(t) if t <= MAX_TURN => t,
            _ => {
                return Err(Diag::new(
                    Code::NumberRange,
                    format!("`step {n}` would go past turn {MAX_TURN}"),
                )
                .label(span, format!("the game is at turn {}", before.turns()))
                .help(format!(
                    "meeple counts turns up to 10^18; step at most {} more",
                    MAX_TURN.saturating_sub(before.turns())
                )))
            }
        };
        // Where the game will be at `target`: once a cycle is proven, whole
        // periods are skipped, so `step 1000000000000` is quick.
        let mut goal = target;
        if n > 64 {
            let outcome = run(&before, Some(target), cx.budget).map_err(|h| limit_diag(h, span))?;
            if let Outcome::Cycle { start, period } = outcome {
                if target > start && period > 0 {
                    goal = start + (target - start) % period;
                }
            }
        }
        let mut sim = before.clone();
        while sim.turns() < goal && sim.ended_on().is_none() {
            sim.step_turn_budget(cx.budget)
                .map_err(|h| limit_diag(h, span))?;
        }
        sim.set_turns(target);
        self.history.push(Some(before));
        self.sim = Some(sim);
        Ok(())
    }

    fn undo(&mut self, span: Span) -> Result<(), Diag> {
        match self.history.pop() {
            Some(prev) => {
                self.sim = prev;
                Ok(())
            }
            None => Err(crate::games::nothing_to_undo(span, "`step`")),
        }
    }
}

impl Stacking {
    /// The answer to a query.
    fn answer_of(&mut self, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        if query.kind == QueryKind::Show && self.pieces.is_empty() && self.board.is_some() {
            return self.empty(span, cx);
        }
        let sim = self.current(span, query.kind.keyword(), cx.budget)?.clone();
        match query.kind {
            QueryKind::Solve => Ok(Answer::Solve(Solved {
                outcome: self
                    .outcome(&sim, cx.budget)
                    .map_err(|h| limit_diag(h, span))?,
                stack: self.stack,
            })),
            QueryKind::Line => self.line(&sim, query, span, cx),
            QueryKind::Show | QueryKind::Analyze => self.show(&sim, span, cx),
        }
    }

    /// `show` before any piece is placed: the board alone.
    fn empty(&self, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        let (board, mut bytes) = self.answer_board(span, "show")?;
        self.stacks(&board, None, cx.budget, &mut bytes)
            .map_err(|h| limit_diag(h, span))?;
        Ok(Answer::Empty(Empty { board }))
    }

    /// `show`: the position now.
    fn show(&self, sim: &Sim, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        let lim = |h| limit_diag(h, span);
        let (board, mut bytes) = self.answer_board(span, "show")?;
        let position = self
            .position(&board, sim, cx.budget, &mut bytes)
            .map_err(lim)?;
        // The answer lists every piece.
        cx.budget.tick_n(sim.piece_count() as u64).map_err(lim)?;
        Ok(Answer::Show(Show { board, position }))
    }

    /// `line`: the position after each turn until the game ends, a cycle
    /// closes, the turn limit is reached or the bound (`line N`, else
    /// [`Limits::turns_drawn`](crate::limits::Limits::turns_drawn)) is drawn.
    fn line(&self, sim: &Sim, query: &Query, span: Span, cx: &Ctx) -> Result<Answer, Diag> {
        let lim = |h| limit_diag(h, span);
        let budget = cx.budget;
        let outcome = self.outcome(sim, budget).map_err(lim)?;
        let end = match outcome {
            Outcome::Ended { turn } => turn,
            Outcome::Cycle { start, period } => start.saturating_add(period),
            Outcome::LimitReached { limit } | Outcome::Unproven { limit, .. } => limit,
        };
        let bound = query
            .bound
            .as_ref()
            .map_or(cx.limits.turns_drawn, |n| n.node.max(0) as u64);
        let last = end.min(sim.turns().saturating_add(bound));
        let (board, mut bytes) = self.answer_board(span, "line")?;
        let start = self
            .position(&board, sim, budget, &mut bytes)
            .map_err(lim)?;
        let mut turns = Vec::new();
        let mut s = sim.clone();
        while s.turns() < last && s.ended_on().is_none() {
            s.step_turn_budget(budget).map_err(lim)?;
            turns.push(self.position(&board, &s, budget, &mut bytes).map_err(lim)?);
        }
        Ok(Answer::Line(Line {
            board,
            start,
            turns,
            cut: (end > last).then_some(bound),
            outcome,
            stack: self.stack,
        }))
    }

    /// The board for an answer (a copy of its colours) and the bytes it
    /// takes, the start of the answer's size.
    fn answer_board(&self, span: Span, query: &str) -> Result<(Board, u64), Diag> {
        let grid = self.board.as_ref().ok_or_else(|| {
            missing(
                span,
                "a board",
                query,
                "declare `board { … }` before asking",
            )
        })?;
        let board = Board {
            rows: grid.rows,
            cols: grid.cols,
            colours: grid.cells.clone(),
            origin: self.origin,
        };
        let bytes = (board.colours.len() * size_of::<Colour>()) as u64;
        Ok((board, bytes))
    }

    /// `sim`'s position for an answer (see [`Stacking::stacks`]).
    fn position(
        &self,
        board: &Board,
        sim: &Sim,
        budget: &Budget,
        bytes: &mut u64,
    ) -> Result<Position, LimitHit> {
        Ok(Position {
            turn: sim.turns(),
            ended_on: sim.ended_on(),
            stacks: self.stacks(board, Some(sim), budget, bytes)?,
        })
    }

    /// The stacks of `sim` (none without one), sized as the answer's text
    /// draws them: one budget unit per cell, and `bytes` (the answer's size
    /// so far) grows by the stacks' values and by the position's drawing,
    /// checked against the memory cap row by row as the stacks are read,
    /// then for the drawing as the text draws it: every cell padded to the
    /// widest ([`Stack::label_chars`]) plus a space, each row indented by 2
    /// and a `String` of its own, and the whole held twice (the rows, then
    /// the block they are joined into).
    fn stacks(
        &self,
        board: &Board,
        sim: Option<&Sim>,
        budget: &Budget,
        bytes: &mut u64,
    ) -> Result<Vec<Stack>, LimitHit> {
        let start = *bytes;
        let mut stacks = Vec::new();
        let mut widest = 1;
        for r in 0..board.rows {
            budget.tick_n(board.cols as u64)?;
            let mut row = 0;
            for c in 0..board.cols {
                let mut chars = 1;
                if let Some(sim) = sim {
                    let ids = sim.stack_at(r, c);
                    if !ids.is_empty() {
                        let stack = Stack {
                            cell: (r, c),
                            pieces: ids
                                .iter()
                                .map(|&p| answer::Piece {
                                    number: p + 1,
                                    dir: sim.piece(p as usize).1,
                                })
                                .collect(),
                        };
                        chars = stack.label_chars();
                        row += size_of::<Stack>() + stack.pieces.len() * size_of::<answer::Piece>();
                        stacks.push(stack);
                    }
                }
                widest = widest.max(chars);
                row += chars + 1;
            }
            *bytes = bytes.saturating_add(row as u64);
            budget.check_memory(*bytes)?;
        }
        let row = (board.cols as u64)
            .saturating_mul(widest as u64 + 1)
            .saturating_add(2 + size_of::<String>() as u64);
        let drawing = 2 * (board.rows as u64).saturating_mul(row);
        let values: u64 = stacks
            .iter()
            .map(|s| (size_of::<Stack>() + s.pieces.len() * size_of::<answer::Piece>()) as u64)
            .sum();
        *bytes = start.saturating_add(values).saturating_add(drawing);
        budget.check_memory(*bytes)?;
        Ok(stacks)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_refused_setup_is_worded_not_debug_printed() {
        let e = super::super::setup::SetupError::TooManyPieces { count: 99 };
        let d = super::unsimulable(e, super::Span::default());
        assert!(d.message.contains("99 pieces is too many"), "{}", d.message);
        assert!(!d.message.contains("TooManyPieces"), "{}", d.message);
    }
}
