//! `solve shortest within N`: one player, the fewest moves to a win (a move
//! that ends with `win`, or a turn that starts with `win`), if one takes at
//! most N moves. Breadth-first search on keys, level by level, each new
//! position expanded once; the line is the first in move order among the
//! shortest (breadth-first order with ordered moves finds it).

use super::super::model::{End, Model, Turn};
use super::key::Keyer;
use super::line::{Line, Step};
use super::table::Table;
use super::tree::{leaves_of, moves_of};
use super::{MoveValue, SolveError, Value};
use crate::budget::Budget;

/// Where a win was found: a position that starts with `win` (`mv` None),
/// or a move from it that ends with `win`.
struct Win {
    id: u32,
    mv: Option<u32>,
}

pub(crate) fn solve<M: Model>(
    model: &M,
    start: &M::State,
    within: u32,
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
            let node = match model.turn_unnamed(s)? {
                Turn::Ended { end: End::Win, .. } => {
                    found = Some((d, Win { id: *id, mv: None }));
                    break 'levels;
                }
                Turn::Ended { .. } => continue,
                Turn::Moves(node) => node,
            };
            if d == within || candidate.is_some() {
                continue;
            }
            let mut leaves = Vec::new();
            leaves_of(node, &mut leaves)?;
            for (i, leaf) in leaves.into_iter().enumerate() {
                match leaf.end {
                    Some(End::Win) => {
                        candidate = Some((
                            Win {
                                id: *id,
                                mv: Some(i as u32),
                            },
                            next.len(),
                        ));
                        break;
                    }
                    Some(_) => {}
                    None => {
                        let key = keyer.key(model, &leaf.next);
                        if seen.get(&key).is_some() {
                            continue;
                        }
                        let nid = parents.len() as u32;
                        seen.put(key, nid)?;
                        parents.push((*id, i as u32));
                        next_bytes += model.state_bytes(&leaf.next);
                        if parents.len().is_multiple_of(1024) {
                            budget.check_memory(
                                seen.bytes()
                                    + 8 * parents.capacity() as u64
                                    + level_bytes
                                    + next_bytes,
                            )?;
                        }
                        next.push((nid, leaf.next));
                    }
                }
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
    let line = replay(model, start, &parents, win, budget)?;
    Ok((Value::Shortest(Some(d)), line))
}

/// The line to `win`, replayed from the start along the parents' moves.
fn replay<M: Model>(
    model: &M,
    start: &M::State,
    parents: &[(u32, u32)],
    win: Win,
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
    for mv in path {
        budget.tick()?;
        let Turn::Moves(node) = model.turn(&here)? else {
            break;
        };
        let Some(m) = moves_of(node, true)?.into_iter().nth(mv as usize) else {
            break;
        };
        here = m.leaf.next.clone();
        line.steps.push(Step {
            words: m.words,
            next: m.leaf.next,
            reward: m.leaf.reward,
            end: m.leaf.end,
        });
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
            None => match solve(model, &m.leaf.next, within - 1, budget)?.0 {
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
