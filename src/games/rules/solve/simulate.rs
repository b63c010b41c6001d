//! `solve simulate limit N`: zero players, the only path turn after turn.
//! The answer is the turn (from 1) during which the game ends; -1 once turn
//! N has passed — as soon as it has, without waiting for a cycle proof (the
//! judge's answer first); a repeated position at the start of a turn
//! (Brent's algorithm on keys: one saved key, no history) proves the game
//! never ends, also -1. One budget tick per turn. `solve` runs the turns
//! in place when the model has a [`Stepper`] (rules programs:
//! `simulate_flat`, or the interpreter in place, `simulate_run`), with no
//! key per turn: each position's 64-bit digest is updated from the turn's
//! writes, and a digest equal to the saved one is confirmed by comparing
//! the positions (one saved copy).

use super::super::model::{Leaf, Model, Node, Stepper, Turn};
use super::key::Keyer;
use super::line::{Line, Step};
use super::tree::NO_DICE;
use super::{Cycle, SolveError, Value};
use crate::budget::{Bound, Budget};

/// Run from `start`; with `line_max`, stop once the line holds that many
/// turns (the value is then only what was found by then).
pub(crate) fn run<M: Model>(
    model: &M,
    start: &M::State,
    limit: u64,
    line_max: Option<u64>,
    budget: &Budget,
) -> Result<(Value, Line<M::State>), SolveError> {
    // `solve` keeps no line: the model's stepper runs the turns in place.
    // A position that is already over (a scenario's `step` ended the game)
    // is the model's to say: the stepper only runs turns.
    // The position, the one saved for Brent's algorithm and the turn's
    // next one (or the stepper's scratch): a simulation keeps no key, so
    // its size is bounded by `--memory` alone.
    budget
        .check_memory(model.state_bytes(start).saturating_mul(3))
        .map_err(SolveError::Limit)?;
    if line_max.is_none() && !model.is_over(start) {
        if let Some(stepper) = model.stepper() {
            return stepped(model, stepper, start, limit, budget);
        }
    }
    expanded(model, start, limit, line_max, budget)
}

/// The only move of a zero-player turn's tree, and its words.
fn only<S>(mut node: Node<S>) -> Result<(Vec<String>, Leaf<S>), SolveError> {
    let mut words = Vec::new();
    loop {
        match node {
            Node::Leaf(l) => return Ok((words, l)),
            Node::Chance(_) => return Err(NO_DICE),
            Node::Choice(mut bs) if bs.len() == 1 => {
                let (w, b) = bs.remove(0);
                words.push(w);
                node = b;
            }
            Node::Choice(_) => {
                return Err(SolveError::Unsupported(
                    "a game of no players has exactly one way to play each turn",
                ))
            }
        }
    }
}

/// [`run`] without a line, each turn run in place by `stepper` (a turn it
/// leaves, the one that ends the game or fails, expanded by the model);
/// Brent's algorithm on one saved position and its digest, a digest match
/// confirmed by the stepper's comparison.
pub(crate) fn stepped<M: Model>(
    model: &M,
    mut stepper: Box<dyn Stepper<M::State> + '_>,
    start: &M::State,
    limit: u64,
    budget: &Budget,
) -> Result<(Value, Line<M::State>), SolveError> {
    let mut line = Line::new();
    let mut here = start.clone();
    let mut saved = start.clone();
    let (mut power, mut lam) = (1u64, 0u64);
    let not_yet = |cycle| Value::Simulated {
        turn: None,
        cycle,
        printed: Vec::new(),
    };
    let ended = |turn| Value::Simulated {
        turn: Some(turn),
        cycle: Cycle::No,
        printed: Vec::new(),
    };
    let mut h = stepper.digest(&here);
    let mut saved_h = h;
    let mut turn: u64 = 1;
    loop {
        if turn > limit {
            return Ok((not_yet(Cycle::NotProven), line));
        }
        budget.tick()?;
        if turn.is_multiple_of(1024) {
            budget.report_bound(|| Some(Bound::NoEndBy(turn - 1)));
        }
        if stepper.step(&mut here) {
            h = stepper.redigest(&here, h);
        } else {
            match model.turn(&here)? {
                Turn::Ended { end, stuck } => {
                    line.ended = Some((end, stuck));
                    return Ok((ended(turn), line));
                }
                Turn::Moves(node) => {
                    let (_, leaf) = only(node)?;
                    if leaf.end.is_some() {
                        return Ok((ended(turn), line));
                    }
                    here = leaf.next;
                    h = stepper.digest(&here);
                }
            }
        }
        if h == saved_h && stepper.same(&here, &saved) {
            return Ok((not_yet(Cycle::Yes), line));
        }
        lam += 1;
        if lam == power {
            saved.clone_from(&here);
            saved_h = h;
            power = power.saturating_mul(2);
            lam = 0;
        }
        turn += 1;
    }
}

/// [`run`] expanding every turn (the line kept when `line_max` is given).
/// What the turns `print` is gathered into the value (counted against
/// `--memory`, 8 bytes a value); a cycle proven before the limit prints its
/// lines again up to turn N (the positions repeat, so do their lines).
pub(crate) fn expanded<M: Model>(
    model: &M,
    start: &M::State,
    limit: u64,
    line_max: Option<u64>,
    budget: &Budget,
) -> Result<(Value, Line<M::State>), SolveError> {
    let base = model.state_bytes(start).saturating_mul(3);
    let mut keyer = Keyer::new();
    let mut line = Line::new();
    let mut here = start.clone();
    let mut saved = keyer.key(model, &here);
    let (mut power, mut lam) = (1u64, 0u64);
    let mut printed: Vec<i64> = Vec::new();
    let prints = model.prints();
    // How much was printed when the saved position was saved, and after
    // each turn since: a proven cycle's lines, turn by turn.
    let (mut saved_mark, mut marks) = (0usize, Vec::<usize>::new());
    let value = |turn, cycle, printed| Value::Simulated {
        turn,
        cycle,
        printed,
    };
    let mut turn: u64 = 1;
    loop {
        if turn > limit {
            return Ok((value(None, Cycle::NotProven, printed), line));
        }
        if line_max.is_some_and(|m| line.steps.len() as u64 >= m) {
            return Ok((value(None, Cycle::NotProven, printed), line));
        }
        budget.tick()?;
        if turn.is_multiple_of(1024) {
            budget.report_bound(|| Some(Bound::NoEndBy(turn - 1)));
        }
        let node = match model.turn(&here)? {
            Turn::Ended { end, stuck } => {
                line.ended = Some((end, stuck));
                return Ok((value(Some(turn), Cycle::No, printed), line));
            }
            Turn::Moves(node) => node,
        };
        let (words, mut leaf) = only(node)?;
        printed.append(&mut leaf.printed);
        let end = leaf.end;
        let next_key = keyer.key(model, &leaf.next);
        here = leaf.next.clone();
        if line_max.is_some() {
            // Only `line` keeps the turns.
            let bytes = model.state_bytes(&here);
            let step = Step {
                words,
                next: leaf.next,
                reward: leaf.reward,
                end,
            };
            line.push(step, bytes, budget)?;
        }
        if end.is_some() {
            return Ok((value(Some(turn), Cycle::No, printed), line));
        }
        if prints {
            // The lines and each turn's mark since the saved position.
            marks.push(printed.len());
            let held = (printed.len() + marks.len()) as u64;
            budget
                .check_memory(base.saturating_add(printed_bytes(held)))
                .map_err(SolveError::Limit)?;
        }
        // `line N` (a bound given) draws its N turns through a cycle.
        if next_key == saved && line_max.is_none_or(|m| m == u64::MAX) {
            if line_max.is_none() && prints {
                repeat_cycle(&mut printed, saved_mark, &marks, limit - turn, base, budget)?;
            }
            return Ok((value(None, Cycle::Yes, printed), line));
        }
        lam += 1;
        if lam == power {
            saved = next_key;
            saved_mark = printed.len();
            marks.clear();
            power = power.saturating_mul(2);
            lam = 0;
        }
        turn += 1;
    }
}

/// Bytes `n` printed values hold.
fn printed_bytes(n: u64) -> u64 {
    n.saturating_mul(std::mem::size_of::<i64>() as u64)
}

/// A cycle proven: the turns since the saved position (their lines from
/// `printed[from..]`, turn by turn ending at `marks`) repeat forever, so
/// the `left` turns up to the limit print them again, whole cycles then
/// the first turns of one; an error when they would pass `--memory`.
fn repeat_cycle(
    printed: &mut Vec<i64>,
    from: usize,
    marks: &[usize],
    left: u64,
    base: u64,
    budget: &Budget,
) -> Result<(), SolveError> {
    let period = marks.len() as u64;
    let cycle_lines = printed.len() - from;
    if cycle_lines == 0 || period == 0 || left == 0 {
        return Ok(());
    }
    let (whole, part) = (left / period, (left % period) as usize);
    let part_lines = if part == 0 { 0 } else { marks[part - 1] - from };
    let more = whole
        .saturating_mul(cycle_lines as u64)
        .saturating_add(part_lines as u64);
    let total = (printed.len() as u64).saturating_add(more);
    budget
        .check_memory(base.saturating_add(printed_bytes(total)))
        .map_err(SolveError::Limit)?;
    let cycle = printed[from..].to_vec();
    printed.reserve(more as usize);
    for _ in 0..whole {
        printed.extend_from_slice(&cycle);
    }
    printed.extend_from_slice(&cycle[..part_lines]);
    Ok(())
}
