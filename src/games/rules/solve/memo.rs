//! The one-player memoised search shared by `max score` / `min score`
//! (`best`) and `longest`: a depth-first search with an explicit stack
//! that values every reachable position once, colouring the positions on
//! the stack so that reaching one again is a cycle.
//!
//! A turn's tree is kept as a [`Shape`] (its choices, dice and leaves, the
//! leaves holding their next positions' keys); once every next position is
//! valued, a [`Fold`] values the tree: the best branch at a choice (the
//! first in move order among equals), the weighted sum at a die.

use super::super::model::{End, Model, Node, Prob, Turn};
use super::key::{Key, Keyer};
use super::table::Table;
use super::SolveError;
use crate::budget::Budget;
use rustc_hash::FxHashSet;

/// A turn's tree without its positions.
pub(crate) enum Shape {
    Choice(Vec<Shape>),
    Chance(Vec<(Prob, Shape)>),
    Leaf {
        reward: i64,
        /// The next position's key, unless the move ended the game.
        child: Option<Key>,
    },
}

/// A choice's best branch so far: its value, its words, its subtree.
type Pick<V, S> = Option<(V, Vec<String>, Node<S>)>;

/// Each move's words and value.
type Valued<V> = Vec<(Vec<String>, V)>;

/// How an objective values a turn's tree.
pub(crate) trait Fold {
    type V: Clone;
    /// A turn that ended at its start.
    fn ended(&self, end: End) -> Result<Self::V, SolveError>;
    /// A leaf: its reward, its end, and its next position's value.
    fn leaf(&self, reward: i64, child: Option<&Self::V>) -> Result<Self::V, SolveError>;
    /// Whether `a` is strictly better than `b` for the player.
    fn better(&self, a: &Self::V, b: &Self::V) -> bool;
    /// A die's branches.
    fn chance(&self, parts: Vec<(Prob, Self::V)>) -> Result<Self::V, SolveError>;
    /// A choice with no branch (no move for a roll): the game ends there.
    fn empty(&self) -> Self::V;
    /// Heap bytes a value holds.
    fn bytes(&self, v: &Self::V) -> u64;
}

/// Build the shape of `node`, moving each next position out with its key.
pub(crate) fn shape<M: Model>(
    model: &M,
    keyer: &mut Keyer,
    node: Node<M::State>,
    kids: &mut Vec<(Key, M::State)>,
) -> Shape {
    match node {
        Node::Choice(bs) => Shape::Choice(
            bs.into_iter()
                .map(|(_, b)| shape(model, keyer, b, kids))
                .collect(),
        ),
        Node::Chance(bs) => Shape::Chance(
            bs.into_iter()
                .map(|(p, b)| (p, shape(model, keyer, b, kids)))
                .collect(),
        ),
        Node::Leaf(l) => {
            let child = if l.end.is_none() {
                let k = keyer.key(model, &l.next);
                kids.push((k.clone(), l.next));
                Some(k)
            } else {
                None
            };
            Shape::Leaf {
                reward: l.reward,
                child,
            }
        }
    }
}

/// The value of `shape`, its next positions valued in `memo`.
pub(crate) fn eval<F: Fold>(f: &F, shape: &Shape, memo: &Table<F::V>) -> Result<F::V, SolveError> {
    match shape {
        Shape::Leaf { reward, child, .. } => {
            let v = match child {
                Some(k) => Some(memo.get(k).ok_or(SolveError::Unsupported(
                    "internal: a position was valued before its moves",
                ))?),
                None => None,
            };
            f.leaf(*reward, v)
        }
        Shape::Choice(bs) => {
            let mut best: Option<F::V> = None;
            for b in bs {
                let v = eval(f, b, memo)?;
                if best.as_ref().is_none_or(|x| f.better(&v, x)) {
                    best = Some(v);
                }
            }
            Ok(best.unwrap_or_else(|| f.empty()))
        }
        Shape::Chance(bs) => {
            let mut parts = Vec::with_capacity(bs.len());
            for (p, b) in bs {
                parts.push((*p, eval(f, b, memo)?));
            }
            f.chance(parts)
        }
    }
}

struct Frame<S> {
    key: Key,
    /// The turn's tree, or `None` when it ended at its start (`ended`).
    shape: Option<Shape>,
    ended: Option<End>,
    /// The next positions not yet visited, each moved out when it is.
    kids: std::vec::IntoIter<(Key, S)>,
    /// What the frame holds, counted with the table against `--memory`.
    bytes: u64,
}

/// What the search found.
pub(crate) enum Found {
    /// Every position reachable from the start is valued in the memo.
    Valued,
    /// A position repeats: the keys from the start to the repeated one.
    Cycle(Vec<Key>),
}

/// The memo of a search, and the keyer that made its keys.
pub(crate) struct Memo<V> {
    pub(crate) table: Table<V>,
    pub(crate) keyer: Keyer,
    /// Whether any die was met.
    pub(crate) chance: bool,
}

fn has_chance(s: &Shape) -> bool {
    match s {
        Shape::Chance(_) => true,
        Shape::Choice(bs) => bs.iter().any(has_chance),
        Shape::Leaf { .. } => false,
    }
}

/// The entries a search's memo has room for from its start (it grows
/// from there as usual).
const TABLE_START: usize = 256;

/// The frames at the bottom of a search's stack whose keys are looked for
/// by a scan rather than in its set of positions on the stack.
const SHALLOW: usize = 32;

/// Value every position reachable from `start` (one budget tick each).
pub(crate) fn search<F: Fold, M: Model>(
    f: &F,
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<(Memo<F::V>, Found), SolveError> {
    let mut memo = Memo {
        table: Table::new(budget),
        keyer: Keyer::new(),
        chance: false,
    };
    memo.table.reserve(TABLE_START);
    // The positions on the stack below its first `SHALLOW` frames (those
    // are found by a scan of the stack: most games' lines are short).
    let mut grey: FxHashSet<Key> = FxHashSet::default();
    let mut stack: Vec<Frame<M::State>> = Vec::new();
    let root = memo.keyer.key(model, start);
    let mut todo = Some((root, start.clone()));
    // The stack's bytes (a deep line of one player holds every position
    // on it and their siblings).
    let mut stack_bytes = 0u64;
    loop {
        if let Some((key, s)) = todo.take() {
            budget.tick()?;
            let mut kids = Vec::new();
            let (shape, ended) = match model.turn_unnamed(&s)? {
                Turn::Ended { end, .. } => (None, Some(end)),
                Turn::Moves(node) => {
                    let sh = shape(model, &mut memo.keyer, node, &mut kids);
                    memo.chance = memo.chance || has_chance(&sh);
                    (Some(sh), None)
                }
            };
            let pair = std::mem::size_of::<(Key, M::State)>() as u64;
            let bytes = std::mem::size_of::<Frame<M::State>>() as u64
                + 2 * key.heap_bytes()
                + kids
                    .iter()
                    .map(|(k, s)| pair + k.heap_bytes() + model.state_bytes(s))
                    .sum::<u64>();
            stack_bytes += bytes;
            budget.check_memory(memo.table.bytes() + stack_bytes)?;
            if stack.len() >= SHALLOW {
                grey.insert(key.clone());
            }
            stack.push(Frame {
                key,
                shape,
                ended,
                kids: kids.into_iter(),
                bytes,
            });
        }
        let Some(top) = stack.last_mut() else {
            return Ok((memo, Found::Valued));
        };
        if let Some((k, s)) = top.kids.next() {
            if memo.table.get(&k).is_some() {
                continue;
            }
            let on_stack = stack[..stack.len().min(SHALLOW)]
                .iter()
                .any(|fr| fr.key == k)
                || (stack.len() > SHALLOW && grey.contains(&k));
            if on_stack {
                let mut keys: Vec<Key> = stack.iter().map(|fr| fr.key.clone()).collect();
                keys.push(k);
                return Ok((memo, Found::Cycle(keys)));
            }
            todo = Some((k, s));
            continue;
        }
        let Some(done) = stack.pop() else {
            continue;
        };
        stack_bytes -= done.bytes;
        if stack.len() >= SHALLOW {
            grey.remove(&done.key);
        }
        let v = match (&done.shape, done.ended) {
            (Some(sh), _) => eval(f, sh, &memo.table)?,
            (None, Some(end)) => f.ended(end)?,
            (None, None) => f.empty(),
        };
        let extra = f.bytes(&v);
        memo.table.put_sized(done.key, v, extra)?;
    }
}

/// The line from `start` after a search: at each choice the first best
/// branch, at each die its first outcome; at most `max_moves` moves.
pub(crate) fn line<F: Fold, M: Model>(
    f: &F,
    model: &M,
    start: &M::State,
    memo: &mut Memo<F::V>,
    max_moves: u64,
    budget: &Budget,
) -> Result<super::Line<M::State>, SolveError> {
    use super::tree::choice_paths;
    let mut line = super::Line::new();
    let mut here = start.clone();
    'moves: while (line.steps.len() as u64) < max_moves {
        budget.tick()?;
        let mut node = match model.turn(&here)? {
            Turn::Ended { end, stuck } => {
                line.ended = Some((end, stuck));
                break;
            }
            Turn::Moves(node) => node,
        };
        let mut words = Vec::new();
        let leaf = loop {
            match node {
                Node::Leaf(l) => break l,
                Node::Chance(bs) => match bs.into_iter().next() {
                    Some((_, b)) => node = b,
                    None => break 'moves,
                },
                Node::Choice(bs) if bs.is_empty() => {
                    line.ended = Some((End::Stop, true));
                    break 'moves;
                }
                choice @ Node::Choice(_) => {
                    let mut best: Pick<F::V, M::State> = None;
                    for (w, sub) in choice_paths(choice, true) {
                        let mut ignore = Vec::new();
                        let sh = shape(model, &mut memo.keyer, sub.clone(), &mut ignore);
                        let v = eval(f, &sh, &memo.table)?;
                        if best.as_ref().is_none_or(|(b, _, _)| f.better(&v, b)) {
                            best = Some((v, w, sub));
                        }
                    }
                    let Some((_, w, sub)) = best else {
                        break 'moves;
                    };
                    words.extend(w);
                    node = sub;
                }
            }
        };
        let end = leaf.end;
        here = leaf.next.clone();
        line.steps.push(super::Step {
            words,
            next: leaf.next,
            reward: leaf.reward,
            end,
        });
        if end.is_some() {
            break;
        }
    }
    Ok(line)
}

/// The value of each move at `start` after a search, in move order.
pub(crate) fn analyze<F: Fold, M: Model>(
    f: &F,
    model: &M,
    start: &M::State,
    memo: &mut Memo<F::V>,
    budget: &Budget,
) -> Result<Valued<F::V>, SolveError> {
    budget.tick()?;
    let node = match model.turn(start)? {
        Turn::Ended { .. } => return Ok(Vec::new()),
        Turn::Moves(Node::Chance(_)) => {
            return Err(SolveError::Unsupported(
                "`analyze` lists moves, and this turn rolls a die before its first choice",
            ))
        }
        Turn::Moves(node) => node,
    };
    let mut out = Vec::new();
    for (w, sub) in super::tree::choice_paths(node, true) {
        if matches!(sub, Node::Choice(_)) {
            continue;
        }
        let mut ignore = Vec::new();
        let sh = shape(model, &mut memo.keyer, sub, &mut ignore);
        out.push((w, eval(f, &sh, &memo.table)?));
    }
    Ok(out)
}

/// The line along the keys of a cycle: from `start`, each time the first
/// move whose next position has the next key.
pub(crate) fn cycle_line<M: Model>(
    model: &M,
    start: &M::State,
    keys: &[Key],
    max_moves: u64,
    budget: &Budget,
) -> Result<super::Line<M::State>, SolveError> {
    let mut keyer = Keyer::new();
    let mut line = super::Line::new();
    let mut here = start.clone();
    for want in keys.iter().skip(1) {
        if line.steps.len() as u64 >= max_moves {
            break;
        }
        budget.tick()?;
        let Turn::Moves(node) = model.turn(&here)? else {
            break;
        };
        let mut found = None;
        for (w, sub) in super::tree::choice_paths(node, true) {
            if let Node::Leaf(l) = sub {
                if l.end.is_none() && keyer.key(model, &l.next) == *want {
                    found = Some((w, l));
                    break;
                }
            }
        }
        let Some((words, leaf)) = found else {
            break;
        };
        here = leaf.next.clone();
        line.steps.push(super::Step {
            words,
            next: leaf.next,
            reward: leaf.reward,
            end: None,
        });
    }
    Ok(line)
}
