//! The one-player memoised search shared by `max score` / `min score`
//! (`best`) and `longest`: a depth-first search with an explicit stack
//! that values every reachable position once, colouring the positions on
//! the stack so that reaching one again is a cycle.
//!
//! A turn's tree is kept as a [`Shape`] (its choices, dice and leaves, the
//! leaves holding their next positions' keys), streamed from
//! [`Model::expand_into`]: each leaf's key is packed from the position the
//! model lends, and the position is copied only when the memo has no value
//! for it yet (in yut most leaves are already valued); once every next position is
//! valued, a [`Fold`] values the tree: the best branch at a choice (the
//! first in move order among equals), the weighted sum at a die.

use super::super::model::{emit, End, Model, Node, Prob, Sink, Turn};
use super::key::{Key, Keyer};
use super::table::Table;
use super::SolveError;
use crate::budget::Budget;
use rustc_hash::FxHashSet;

/// One node of a turn's tree without its positions, in a [`Shape`]
/// (preorder: a `Choice` or `Chance` of `n` branches is followed by them,
/// each branch of a `Chance` after its `Odds`).
pub(crate) enum Part {
    Choice(u32),
    Chance(u32),
    /// The probability of the `Chance` branch that follows.
    Odds(Prob),
    Leaf {
        reward: i64,
        /// The next position's key, unless the move ended the game.
        child: Option<Key>,
    },
}

/// A turn's tree without its positions: its [`Part`]s in preorder, in
/// one buffer (a search reuses the buffers of the turns it has valued).
pub(crate) type Shape = Vec<Part>;

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

/// Append the shape of `node` to `out`, copying each next position out
/// with its key into `kids` (in move order).
pub(crate) fn shape<M: Model>(
    model: &M,
    keyer: &mut Keyer,
    node: Node<M::State>,
    out: &mut Shape,
    kids: &mut Vec<(Key, M::State)>,
) {
    let mut sink = Shaper::<M, ()> {
        model,
        keyer,
        valued: None,
        out,
        kids,
        done: &mut Vec::new(),
    };
    emit(node, &mut sink);
}

/// Builds a turn's [`Shape`] from [`Model::expand_into`]: each leaf's key
/// packed from the position lent, and the position copied into `kids`
/// only when `valued` (the search's memo) has no value for it yet.
struct Shaper<'a, M: Model, V> {
    model: &'a M,
    keyer: &'a mut Keyer,
    valued: Option<&'a Table<V>>,
    out: &'a mut Shape,
    kids: &'a mut Vec<(Key, M::State)>,
    /// Positions the search is done with, each copy made into one of them
    /// (their buffers reused).
    done: &'a mut Vec<M::State>,
}

impl<M: Model, V> Sink<M::State> for Shaper<'_, M, V> {
    fn open(&mut self, chance: bool) -> usize {
        self.out.push(if chance {
            Part::Chance(0)
        } else {
            Part::Choice(0)
        });
        self.out.len() - 1
    }

    fn close(&mut self, mark: usize, n: u32) {
        if let Some(Part::Choice(k) | Part::Chance(k)) = self.out.get_mut(mark) {
            *k = n;
        }
    }

    fn cut(&mut self, mark: usize) {
        self.out.truncate(mark);
    }

    fn odds(&mut self, p: Prob) {
        self.out.push(Part::Odds(p));
    }

    fn leaf(&mut self, next: &M::State, reward: i64, end: Option<End>) {
        let child = if end.is_none() {
            let k = self.keyer.key(self.model, next);
            if self.valued.is_none_or(|t| t.get(&k).is_none()) {
                let copy = match self.done.pop() {
                    Some(mut s) => {
                        s.clone_from(next);
                        s
                    }
                    None => next.clone(),
                };
                self.kids.push((k.clone(), copy));
            }
            Some(k)
        } else {
            None
        };
        self.out.push(Part::Leaf { reward, child });
    }
}

/// The value of the whole of `shape`, its next positions valued in `memo`.
pub(crate) fn eval<F: Fold>(f: &F, shape: &Shape, memo: &Table<F::V>) -> Result<F::V, SolveError> {
    let mut at = 0;
    eval_at(f, shape, &mut at, memo)
}

/// The value of the subtree of `shape` at `*at`, which moves past it.
fn eval_at<F: Fold>(
    f: &F,
    shape: &[Part],
    at: &mut usize,
    memo: &Table<F::V>,
) -> Result<F::V, SolveError> {
    let internal = SolveError::Unsupported("internal: a turn's shape is cut short");
    let part = shape.get(*at).ok_or_else(|| internal.clone())?;
    *at += 1;
    match part {
        Part::Leaf { reward, child } => {
            let v = match child {
                Some(k) => Some(memo.get(k).ok_or(SolveError::Unsupported(
                    "internal: a position was valued before its moves",
                ))?),
                None => None,
            };
            f.leaf(*reward, v)
        }
        Part::Choice(n) => {
            let mut best: Option<F::V> = None;
            for _ in 0..*n {
                let v = eval_at(f, shape, at, memo)?;
                if best.as_ref().is_none_or(|x| f.better(&v, x)) {
                    best = Some(v);
                }
            }
            Ok(best.unwrap_or_else(|| f.empty()))
        }
        Part::Chance(n) => {
            let mut parts = Vec::with_capacity(*n as usize);
            for _ in 0..*n {
                let Some(Part::Odds(p)) = shape.get(*at) else {
                    return Err(internal);
                };
                *at += 1;
                parts.push((*p, eval_at(f, shape, at, memo)?));
            }
            f.chance(parts)
        }
        Part::Odds(_) => Err(internal),
    }
}

struct Frame<S> {
    key: Key,
    /// The turn's tree (empty when it ended at its start: `ended`).
    shape: Shape,
    ended: Option<End>,
    /// The next positions not yet visited, the next one last (each popped
    /// when it is).
    kids: Vec<(Key, S)>,
    /// What the frame holds, counted with the table against `--memory`.
    bytes: u64,
}

/// A frame's buffers: its shape and its next positions.
type Buffers<S> = (Shape, Vec<(Key, S)>);

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
    s.iter().any(|p| matches!(p, Part::Chance(_)))
}

/// The entries a search's memo has room for from its start (it grows
/// from there as usual).
const TABLE_START: usize = 1024;

/// The most positions a search keeps to copy the next ones into.
const DONE_KEPT: usize = 64;

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
    // The buffers of the frames popped, for the next ones.
    let mut spare: Vec<Buffers<M::State>> = Vec::new();
    // The positions expanded (or found valued), for the next copies.
    let mut done: Vec<M::State> = Vec::new();
    // The stack's bytes (a deep line of one player holds every position
    // on it and their siblings).
    let mut stack_bytes = 0u64;
    loop {
        if let Some((key, s)) = todo.take() {
            budget.tick()?;
            let (mut sh, mut kids) = spare.pop().unwrap_or_default();
            let mut sink = Shaper {
                model,
                keyer: &mut memo.keyer,
                valued: Some(&memo.table),
                out: &mut sh,
                kids: &mut kids,
                done: &mut done,
            };
            let ended = model.expand_into(&s, &mut sink)?;
            if done.len() < DONE_KEPT {
                done.push(s);
            }
            if let (Some(end), true) = (ended, sh.is_empty() && kids.is_empty()) {
                // A turn that ended at its start (in most games the
                // positions at the end of a line): valued at once, with
                // no frame on the stack.
                let v = f.ended(end)?;
                let extra = f.bytes(&v);
                memo.table.put_sized(key, v, extra)?;
                spare.push((sh, kids));
            } else {
                memo.chance = memo.chance || has_chance(&sh);
                // Visited in move order: the first is popped first.
                kids.reverse();
                let bytes = frame_heap_bytes(model, &key, &sh, (&kids, kids.capacity()));
                stack_bytes += bytes;
                if stack.len() >= SHALLOW {
                    grey.insert(key.clone());
                }
                stack.push(Frame {
                    key,
                    shape: sh,
                    ended,
                    kids,
                    bytes,
                });
                // The frames' own bytes and the set's, as allocated (a `Vec`
                // and a hash set grow by doubling).
                let held = stack.capacity() as u64 * std::mem::size_of::<Frame<M::State>>() as u64
                    + grey.capacity() as u64 * (std::mem::size_of::<Key>() as u64 + 1);
                budget.check_memory(memo.table.bytes() + stack_bytes + held)?;
            }
        }
        let Some(top) = stack.last_mut() else {
            return Ok((memo, Found::Valued));
        };
        if let Some((k, s)) = top.kids.pop() {
            if memo.table.get(&k).is_some() {
                if done.len() < DONE_KEPT {
                    done.push(s);
                }
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
        let Some(mut done) = stack.pop() else {
            continue;
        };
        stack_bytes -= done.bytes;
        if stack.len() >= SHALLOW {
            grey.remove(&done.key);
        }
        let v = match done.ended {
            Some(end) => f.ended(end)?,
            None => eval(f, &done.shape, &memo.table)?,
        };
        let extra = f.bytes(&v);
        memo.table.put_sized(done.key, v, extra)?;
        done.shape.clear();
        spare.push((done.shape, done.kids));
    }
}

/// What an allocation costs beyond its bytes (the allocator's header and
/// rounding), counted against `--memory` for each buffer a frame holds.
const ALLOC_BYTES: u64 = 16;

/// The heap bytes a frame holds, as allocated: its key (and the copy the
/// set of positions on the stack keeps), its shape's and its next
/// positions' buffers (their capacity), and what each next position holds.
fn frame_heap_bytes<M: Model>(
    model: &M,
    key: &Key,
    sh: &Shape,
    (kids, room): (&[(Key, M::State)], usize),
) -> u64 {
    let size = |n: usize, of: usize| (n * of) as u64 + ALLOC_BYTES;
    let leaves: u64 = sh
        .iter()
        .map(|p| match p {
            Part::Leaf { child: Some(k), .. } => k.heap_bytes(),
            _ => 0,
        })
        .sum();
    2 * key.heap_bytes()
        + size(sh.capacity(), std::mem::size_of::<Part>())
        + leaves
        + size(room, std::mem::size_of::<(Key, M::State)>())
        + kids
            .iter()
            .map(|(k, s)| k.heap_bytes() + model.state_bytes(s) + ALLOC_BYTES)
            .sum::<u64>()
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
                        let (mut sh, mut ignore) = (Vec::new(), Vec::new());
                        shape(model, &mut memo.keyer, sub.clone(), &mut sh, &mut ignore);
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
        let bytes = model.state_bytes(&here);
        line.push(
            super::Step {
                words,
                next: leaf.next,
                reward: leaf.reward,
                end,
            },
            bytes,
            budget,
        )?;
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
        let (mut sh, mut ignore) = (Vec::new(), Vec::new());
        shape(model, &mut memo.keyer, sub, &mut sh, &mut ignore);
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
        let bytes = model.state_bytes(&here);
        line.push(
            super::Step {
                words,
                next: leaf.next,
                reward: leaf.reward,
                end: None,
            },
            bytes,
            budget,
        )?;
    }
    Ok(line)
}
