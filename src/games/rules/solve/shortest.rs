//! `solve shortest within N`: one player, the fewest moves to a win (a move
//! that ends with `win`, or a turn that starts with `win`), if one takes at
//! most N moves. Breadth-first search on keys, level by level, each new
//! position expanded once; the line is the first in move order among the
//! shortest (breadth-first order with ordered moves finds it).

use super::super::model::{End, Model, Prob, Sink, Turn};
use super::key::Keyer;
use super::line::{Line, Step};
use super::table::Table;
use super::tree::{moves_of, NO_DICE};
use super::{MoveValue, SolveError, Value};
use crate::budget::Budget;

/// Where a win was found: a position that starts with `win` (`mv` None),
/// or a move from it that ends with `win`.
struct Win {
    id: u32,
    mv: Option<u32>,
}

/// The fewest moves, and with `line_max` the line to the win (its first
/// `line_max` moves: `solve` replays none).
pub(crate) fn solve<M: Model>(
    model: &M,
    start: &M::State,
    within: u32,
    line_max: Option<u64>,
    budget: &Budget,
) -> Result<(Value, Line<M::State>), SolveError> {
    let mut keyer = Keyer::new();
    let mut seen: Table<u32> = Table::new(budget);
    // Each position's parent and the move (its index) that reached it.
    let mut parents: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
    seen.put(keyer.key(model, start), 0)?;
    let mut level: Vec<(u32, M::State)> = vec![(0, start.clone())];
    // The bytes the positions of `level` and `next` hold.
    let mut level_bytes = model.state_bytes(start);
    let mut found: Option<(u32, Win)> = None;
    'levels: for d in 0..=within {
        let mut next: Vec<(u32, M::State)> = Vec::new();
        let mut next_bytes = 0u64;
        // A move to a win at depth d + 1, and how many positions of the next
        // level came before it in order.
        let mut candidate: Option<(Win, usize)> = None;
        for (id, s) in &level {
            budget.tick()?;
            let take = d < within && candidate.is_none();
            let mut sink = Level {
                model,
                keyer: &mut keyer,
                seen: &mut seen,
                parents: &mut parents,
                next: &mut next,
                next_bytes: &mut next_bytes,
                level_bytes,
                budget,
                candidate: &mut candidate,
                take,
                id: *id,
                leaf: 0,
                failed: None,
            };
            let ended = model.expand_into(s, &mut sink)?;
            if let Some(e) = sink.failed {
                return Err(e);
            }
            if let Some(End::Win) = ended {
                found = Some((d, Win { id: *id, mv: None }));
                break 'levels;
            }
        }
        if let Some((win, before)) = candidate {
            // A position of the next level reached before the winning move
            // may itself start with `win`: it comes first in move order.
            for (id, s) in next.iter().take(before) {
                budget.tick()?;
                if let Turn::Ended { end: End::Win, .. } = model.turn_unnamed(s)? {
                    found = Some((d + 1, Win { id: *id, mv: None }));
                    break 'levels;
                }
            }
            found = Some((d + 1, win));
            break;
        }
        level = next;
        level_bytes = next_bytes;
        if level.is_empty() {
            break;
        }
    }
    let Some((d, win)) = found else {
        return Ok((Value::Shortest(None), Line::new()));
    };
    let line = match line_max {
        Some(max) => replay(model, start, &parents, win, max, budget)?,
        None => Line::new(),
    };
    Ok((Value::Shortest(Some(d)), line))
}

/// The leaves of one position's turn, streamed by
/// [`Model::expand_into`] in move order: each position not seen before is
/// copied into the next level; the first move that ends with `win` is the
/// level's candidate.
struct Level<'a, M: Model> {
    model: &'a M,
    keyer: &'a mut Keyer,
    seen: &'a mut Table<u32>,
    parents: &'a mut Vec<(u32, u32)>,
    next: &'a mut Vec<(u32, M::State)>,
    next_bytes: &'a mut u64,
    level_bytes: u64,
    budget: &'a Budget,
    candidate: &'a mut Option<(Win, usize)>,
    /// Whether the leaves are taken (not past the last level searched, nor
    /// after a win was found at this level).
    take: bool,
    /// The position expanded.
    id: u32,
    /// The leaves met so far: the next one's index (its move's).
    leaf: u32,
    /// The first failure (a die, the memory cap).
    failed: Option<SolveError>,
}

impl<M: Model> Sink<M::State> for Level<'_, M> {
    fn open(&mut self, _chance: bool) -> usize {
        0
    }
    fn close(&mut self, _mark: usize, _n: u32) {}
    fn cut(&mut self, _mark: usize) {}
    fn odds(&mut self, _p: Prob) {
        if self.take {
            self.failed = Some(NO_DICE);
        }
    }
    fn leaf(&mut self, next: &M::State, _reward: i64, end: Option<End>) {
        if !self.take || self.failed.is_some() || self.candidate.is_some() {
            return;
        }
        let i = self.leaf;
        self.leaf += 1;
        match end {
            Some(End::Win) => {
                *self.candidate = Some((
                    Win {
                        id: self.id,
                        mv: Some(i),
                    },
                    self.next.len(),
                ));
            }
            Some(_) => {}
            None => {
                let key = self.keyer.key(self.model, next);
                if self.seen.get(&key).is_some() {
                    return;
                }
                let nid = self.parents.len() as u32;
                if let Err(e) = self.seen.put(key, nid) {
                    self.failed = Some(e.into());
                    return;
                }
                self.parents.push((self.id, i));
                *self.next_bytes += self.model.state_bytes(next);
                if self.parents.len().is_multiple_of(1024) {
                    if let Err(e) = self.budget.check_memory(
                        self.seen.bytes()
                            + 8 * self.parents.capacity() as u64
                            + self.level_bytes
                            + *self.next_bytes,
                    ) {
                        self.failed = Some(e.into());
                        return;
                    }
                }
                self.next.push((nid, next.clone()));
            }
        }
    }
}

/// The line to `win` (its first `max` moves), replayed from the start
/// along the parents' moves.
fn replay<M: Model>(
    model: &M,
    start: &M::State,
    parents: &[(u32, u32)],
    win: Win,
    max: u64,
    budget: &Budget,
) -> Result<Line<M::State>, SolveError> {
    let mut path = Vec::new();
    if let Some(mv) = win.mv {
        path.push(mv);
    }
    let mut id = win.id;
    while let Some(&(parent, mv)) = parents.get(id as usize) {
        if parent == u32::MAX {
            break;
        }
        path.push(mv);
        id = parent;
    }
    path.reverse();
    let mut line = Line::new();
    let mut here = start.clone();
    let mut keyer = Keyer::new();
    for mv in path {
        if line.steps.len() as u64 >= max {
            // Cut short: the end is not reached.
            return Ok(line);
        }
        budget.tick()?;
        // The search numbered the moves of the turn as it saw them, without
        // names (interchangeable pieces with equal fields taken once: see
        // `CStmtKind::Choose`): the line takes the named move that reaches
        // the same position.
        let Turn::Moves(plain) = model.turn_unnamed(&here)? else {
            break;
        };
        let Some(target) = moves_of(plain, false)?.into_iter().nth(mv as usize) else {
            break;
        };
        let want = (keyer.key(model, &target.leaf.next), target.leaf.end);
        let Turn::Moves(node) = model.turn(&here)? else {
            break;
        };
        let mut named = moves_of(node, true)?;
        let at = named
            .iter()
            .position(|m| (keyer.key(model, &m.leaf.next), m.leaf.end) == want)
            .unwrap_or(mv as usize);
        if at >= named.len() {
            break;
        }
        let m = named.swap_remove(at);
        here = m.leaf.next.clone();
        let bytes = model.state_bytes(&here);
        let step = Step {
            words: m.words,
            next: m.leaf.next,
            reward: m.leaf.reward,
            end: m.leaf.end,
        };
        line.push(step, bytes, budget)?;
    }
    if win.mv.is_none() {
        line.ended = Some((End::Win, false));
    }
    Ok(line)
}

pub(crate) fn analyze<M: Model>(
    model: &M,
    start: &M::State,
    within: u32,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    let mut out = Vec::new();
    for m in super::legal_moves(model, start)? {
        let value = match m.leaf.end {
            Some(End::Win) if within >= 1 => Value::Shortest(Some(1)),
            Some(_) => Value::Shortest(None),
            None if within == 0 => Value::Shortest(None),
            None => match solve(model, &m.leaf.next, within - 1, None, budget)?.0 {
                Value::Shortest(v) => Value::Shortest(v.map(|x| x + 1)),
                other => other,
            },
        };
        out.push(MoveValue {
            words: m.words,
            value,
        });
    }
    Ok(out)
}
