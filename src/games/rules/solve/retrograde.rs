//! Retrograde analysis for the two-player objectives whose values a cycle
//! cannot change (`moves`, `outcome`: [`Kind::RETROGRADE`]), used once the
//! alpha-beta search meets a repetition. Alpha-beta cannot keep a value that
//! depended on a repetition above it, so on a game full of cycles it
//! searches the same positions again line after line (exponential time).
//! Here every position reachable from the start is expanded once, and the
//! values are settled backwards from the ends: a position is won as soon as
//! one move reaches a position lost for the other player, lost when every
//! move reaches a position won for the other player, each by the fastest win
//! or the slowest loss (positions are settled in order of their distance to
//! the end); a position never settled is a draw (0).
//!
//! That is the value of the search with "a repetition on the line is a
//! draw" (docs/rules-language.md): a side that can force a win has a
//! strategy that gets closer to the end at every move, so it never repeats,
//! and a side that cannot force a win can always keep it a draw. Positions
//! `pinned` are draws wherever they are met (the positions already on the
//! line, for `analyze`).

use super::super::model::{End, Model, Turn};
use super::alphabeta::Kind;
use super::key::{Key, Keyer};
use super::tree::{leaves_of, moves_of};
use super::{MoveValue, SolveError};
use crate::budget::{Budget, LimitHit};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// A move's option: the position it reaches, or its value when it ended the
/// game (0, a draw, never settles its position as lost).
enum Opt {
    To(u32),
    Ended(i64),
}

/// The reachable positions and their settled values.
pub(crate) struct Solved {
    index: FxHashMap<Key, u32>,
    /// Each position's value for its mover; 0: a draw (never settled).
    value: Vec<i64>,
    /// A drawn end (`draw`, `stop`) reached from the start.
    drawn_end: Option<End>,
}

/// Bytes per position and per move the analysis holds (the key map's
/// entry, the arrays), counted against `--memory`.
const PER_POSITION: u64 = 96;
const PER_MOVE: u64 = 16;

impl Solved {
    /// The value of `key`'s position (0 for one never reached).
    fn of(&self, key: &Key) -> i64 {
        self.index.get(key).map_or(0, |&i| self.value[i as usize])
    }
}

/// Expand every position reachable from `start` and settle their values.
pub(crate) fn solve<K: Kind, M: Model + ?Sized>(
    model: &M,
    start: &M::State,
    pinned: &[Key],
    budget: &Budget,
) -> Result<Solved, SolveError> {
    let limit = budget.memory_bytes();
    let mut keyer = Keyer::new();
    let mut index: FxHashMap<Key, u32> = FxHashMap::default();
    index.insert(keyer.key(model, start), 0);
    // The positions met but not expanded yet, depth first.
    let mut todo: Vec<(u32, M::State)> = vec![(0, start.clone())];
    let state_bytes = model.state_bytes(start);
    // Per position: its options (a range of `opts`) or its end's value.
    let mut opts: Vec<Opt> = Vec::new();
    let mut range: Vec<(u32, u32)> = vec![(0, 0)];
    let mut ended: Vec<Option<i64>> = vec![None];
    let mut drawn_end = None;
    let mut leaves = Vec::new();
    while let Some((here, s)) = todo.pop() {
        budget.tick()?;
        let from = opts.len() as u32;
        let mut end_value = None;
        match model.turn_unnamed(&s)? {
            Turn::Ended { end, .. } => {
                if matches!(end, End::Draw | End::Stop) {
                    drawn_end.get_or_insert(end);
                }
                end_value = Some(K::ended(end).unwrap_or(0));
            }
            Turn::Moves(node) => {
                leaves.clear();
                leaves_of(node, &mut leaves)?;
                if leaves.is_empty() {
                    // Every path chose from an empty set: the mover is stuck.
                    end_value = Some(K::ended(End::Lose)?);
                }
                for leaf in leaves.drain(..) {
                    if let Some(end) = leaf.end {
                        if matches!(end, End::Draw | End::Stop) {
                            drawn_end.get_or_insert(end);
                        }
                        opts.push(Opt::Ended(K::leaf_end(end, leaf.reward).unwrap_or(0)));
                        continue;
                    }
                    let key = keyer.key(model, &leaf.next);
                    let n = index.len() as u32;
                    let i = *index.entry(key).or_insert_with(|| {
                        todo.push((n, leaf.next));
                        range.push((0, 0));
                        ended.push(None);
                        n
                    });
                    opts.push(Opt::To(i));
                }
            }
        }
        range[here as usize] = (from, opts.len() as u32);
        ended[here as usize] = end_value;
        let needed = index.len() as u64 * PER_POSITION
            + opts.len() as u64 * PER_MOVE
            + todo.len() as u64 * state_bytes;
        if needed > limit {
            return Err(LimitHit::Memory { limit, needed }.into());
        }
    }
    let n = index.len();
    let pin: Vec<u32> = pinned
        .iter()
        .filter_map(|k| index.get(k).copied())
        .collect();
    let mut is_pinned = vec![false; n];
    for &p in &pin {
        is_pinned[p as usize] = true;
    }
    // Who reaches whom (a position once per move to it).
    let mut first = vec![0u32; n + 1];
    for o in &opts {
        if let Opt::To(c) = o {
            first[*c as usize + 1] += 1;
        }
    }
    for i in 0..n {
        first[i + 1] += first[i];
    }
    let mut fill = first.clone();
    let mut preds = vec![0u32; first[n] as usize];
    for (p, &(a, b)) in range.iter().enumerate() {
        for o in &opts[a as usize..b as usize] {
            if let Opt::To(c) = o {
                preds[fill[*c as usize] as usize] = p as u32;
                fill[*c as usize] += 1;
            }
        }
    }
    // Settle: the ends first, then the moves that end the game, then
    // backwards in order of distance.
    let mut value = vec![0i64; n];
    let mut settled = vec![false; n];
    let mut open = vec![0u32; n];
    let mut best = vec![i64::MIN; n];
    let mut queue = VecDeque::new();
    for p in 0..n {
        if is_pinned[p] {
            continue;
        }
        if let Some(v) = ended[p] {
            if v != 0 {
                (value[p], settled[p]) = (v, true);
                queue.push_back(p as u32);
            }
        }
    }
    for p in 0..n {
        if is_pinned[p] || ended[p].is_some() {
            continue;
        }
        let (a, b) = range[p];
        let mut win = None;
        for o in &opts[a as usize..b as usize] {
            match o {
                Opt::To(_) => open[p] += 1,
                Opt::Ended(v) if *v > 0 => win = Some(win.map_or(*v, |w: i64| w.max(*v))),
                Opt::Ended(v) if *v < 0 => best[p] = best[p].max(*v),
                // A drawn end: this position is never lost.
                Opt::Ended(_) => open[p] += 1,
            }
        }
        if let Some(w) = win {
            (value[p], settled[p]) = (w, true);
            queue.push_back(p as u32);
        } else if open[p] == 0 && best[p] != i64::MIN {
            (value[p], settled[p]) = (best[p], true);
            queue.push_back(p as u32);
        }
    }
    while let Some(c) = queue.pop_front() {
        let vc = value[c as usize];
        for &p in &preds[first[c as usize] as usize..first[c as usize + 1] as usize] {
            let p = p as usize;
            if settled[p] || is_pinned[p] || ended[p].is_some() {
                continue;
            }
            let o = K::parent(vc, 0)?;
            if o > 0 {
                (value[p], settled[p]) = (o, true);
                queue.push_back(p as u32);
            } else {
                best[p] = best[p].max(o);
                open[p] -= 1;
                if open[p] == 0 {
                    (value[p], settled[p]) = (best[p], true);
                    queue.push_back(p as u32);
                }
            }
        }
    }
    Ok(Solved {
        index,
        value,
        drawn_end,
    })
}

impl Solved {
    /// The start's value, as the objective gives it: a draw under `moves`
    /// is refused (a drawn end reached: that end, as the search refuses it;
    /// otherwise endless play).
    fn start_value<K: Kind>(&self) -> Result<i64, SolveError> {
        let v = self.value.first().copied().unwrap_or(0);
        if v == 0 {
            if let (Some(end), Err(_)) = (self.drawn_end, K::ended(End::Draw)) {
                return Err(SolveError::NoWinner(end));
            }
        }
        K::settled(v)
    }
}

/// The value at `start` of a game with cycles (see the module's doc).
pub(crate) fn value<K: Kind, M: Model + ?Sized>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<i64, SolveError> {
    solve::<K, M>(model, start, &[], budget)?.start_value::<K>()
}

/// Every legal move's value at `start` (in move order), the start being on
/// the line: a move back to it is a draw.
pub(crate) fn analyze<K: Kind, M: Model>(
    model: &M,
    start: &M::State,
    budget: &Budget,
) -> Result<Vec<MoveValue>, SolveError> {
    let mut keyer = Keyer::new();
    let pinned = [keyer.key(model, start)];
    let solved = solve::<K, M>(model, start, &pinned, budget)?;
    budget.tick()?;
    let node = match model.turn(start)? {
        Turn::Ended { .. } => return Ok(Vec::new()),
        Turn::Moves(node) => node,
    };
    let mover = model.mover(start);
    let mut out = Vec::new();
    for m in moves_of(node, true)? {
        let v = match m.leaf.end {
            Some(end) => K::leaf_end(end, m.leaf.reward)?,
            None => K::parent(solved.of(&keyer.key(model, &m.leaf.next)), m.leaf.reward)?,
        };
        out.push(MoveValue {
            words: m.words,
            value: K::answer(K::settled(v)?, mover),
        });
    }
    Ok(out)
}

/// The values of a game with cycles, for `line`: the value of each position
/// reachable from `start` for its mover.
pub(crate) struct Values {
    solved: Solved,
    keyer: Keyer,
}

impl Values {
    /// The values, and the start's as [`value`] gives it.
    pub(crate) fn new<K: Kind, M: Model + ?Sized>(
        model: &M,
        start: &M::State,
        budget: &Budget,
    ) -> Result<(Values, i64), SolveError> {
        let solved = solve::<K, M>(model, start, &[], budget)?;
        let v = solved.start_value::<K>()?;
        let keyer = Keyer::new();
        Ok((Values { solved, keyer }, v))
    }

    /// The value of `s` for its mover.
    pub(crate) fn of<M: Model + ?Sized>(&mut self, model: &M, s: &M::State) -> i64 {
        let key = self.keyer.key(model, s);
        self.solved.of(&key)
    }
}
