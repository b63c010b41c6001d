//! Uniform dice: the exact maximum expected score, and the value of each move for each roll.
//!
//! `count` rolls, each uniform on `lo..=hi` and seen before the piece is chosen. With
//! `k = hi - lo + 1` and `c` rolls that can still matter, the value of a position after `i`
//! rolls scaled by `k^(c-i)` is an integer:
//! `E_i(s) = Σ_r max_p (score · k^(c-i-1) + E_{i+1}(s'))`, so the programme runs in `i128` when
//! the bound `k^c · c · max|score|` fits, else in `BigInt`, and divides once at the end.
//!
//! Roll values `≥ len(track)` all send a piece to `finish`, so they form one class with a
//! multiplicity: the work per position is `O(min(k, len))` whatever the die. Every move
//! advances a piece on an acyclic track, so after `Σ moves_left` rolls every piece is on
//! `finish`: `c ≤ min(count, Σ moves_left)`.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use rustc_hash::FxHashMap;

use super::rules::{destination, for_each_move, moved_sorted, normalize};
use super::state::{with_key, Key};
use super::track::{SquareId, Track};
use crate::budget::{Budget, LimitHit};

/// Exact integer arithmetic used by the backward pass.
trait Val: Clone + Ord {
    /// Whether operations are costly enough to check the clock at every position.
    const BIG: bool;
    fn zero() -> Self;
    fn one() -> Self;
    fn from_i64(x: i64) -> Self;
    fn from_u128(x: u128) -> Self;
    fn add(&self, o: &Self) -> Self;
    fn mul(&self, o: &Self) -> Self;
    fn to_big(&self) -> BigInt;
}

impl Val for i128 {
    const BIG: bool = false;
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn from_i64(x: i64) -> Self {
        x as i128
    }
    fn from_u128(x: u128) -> Self {
        x as i128
    }
    #[inline]
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    #[inline]
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn to_big(&self) -> BigInt {
        BigInt::from(*self)
    }
}

impl Val for BigInt {
    const BIG: bool = true;
    fn zero() -> Self {
        BigInt::from(0u8)
    }
    fn one() -> Self {
        BigInt::from(1u8)
    }
    fn from_i64(x: i64) -> Self {
        BigInt::from(x)
    }
    fn from_u128(x: u128) -> Self {
        BigInt::from(x)
    }
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn mul(&self, o: &Self) -> Self {
        self * o
    }
    fn to_big(&self) -> BigInt {
        self.clone()
    }
}

/// The die: `k` values grouped into classes (effective roll, multiplicity).
struct Die {
    k: u128,
    classes: Vec<(u64, u128)>,
}

impl Die {
    /// `None` for an empty range (`lo > hi`).
    fn new(track: &Track, lo: u64, hi: u64) -> Option<Die> {
        if lo > hi {
            return None;
        }
        let n = track.len() as u64;
        let mut classes = Vec::new();
        let mut r = lo;
        while r <= hi && r < n {
            classes.push((r, 1));
            r += 1;
        }
        if hi >= n {
            classes.push((n, (hi - lo.max(n)) as u128 + 1));
        }
        Some(Die {
            k: (hi - lo) as u128 + 1,
            classes,
        })
    }

    /// The effective roll standing for `r`.
    fn effective(&self, track: &Track, r: u64) -> u64 {
        r.min(track.len() as u64)
    }
}

/// Positions reachable after each roll: `layers[i]` = (keys, index of each key).
struct Reach<K> {
    layers: Vec<(Vec<K>, FxHashMap<K, u32>)>,
}

fn reach<K: Key>(
    bits: u32,
    track: &Track,
    root: &[u32],
    die: &Die,
    rolls: u64,
    budget: &Budget,
) -> Result<Reach<K>, LimitHit> {
    let m = root.len();
    let mut first = root.to_vec();
    first.sort_unstable();
    let key = K::encode(&first, bits);
    let mut map = FxHashMap::default();
    map.insert(key.clone(), 0);
    let mut layers = vec![(vec![key], map)];
    let mut pos = vec![0u32; m];
    let mut child = Vec::with_capacity(m);
    let classes = die.classes.len() as u64;
    for _ in 0..rolls {
        let mut keys = Vec::new();
        let mut index: FxHashMap<K, u32> = FxHashMap::default();
        let Some((cur, _)) = layers.last() else {
            break;
        };
        for key in cur {
            budget.tick_n(classes)?;
            key.decode(bits, &mut pos);
            for &(roll, _) in &die.classes {
                for_each_move(track, &pos, roll, |j, to| {
                    moved_sorted(&pos, j, to, &mut child);
                    let c = K::encode(&child, bits);
                    if !index.contains_key(&c) {
                        index.insert(c.clone(), keys.len() as u32);
                        keys.push(c);
                    }
                });
            }
        }
        if keys.is_empty() {
            break;
        }
        layers.push((keys, index));
    }
    Ok(Reach { layers })
}

/// Backward pass from the last layer down to layer `stop`: returns the scaled values of layer
/// `stop` and the scale `k^(L - stop)` (L = last layer).
fn backward<K: Key, V: Val>(
    bits: u32,
    track: &Track,
    reach: &mut Reach<K>,
    pieces: usize,
    die: &Die,
    stop: usize,
    budget: &Budget,
) -> Result<(Vec<V>, V), LimitHit> {
    let last = reach.layers.len().saturating_sub(1);
    let mut vals: Vec<V> = vec![V::zero(); reach.layers.get(last).map_or(0, |l| l.0.len())];
    let mut pow = V::one();
    let k = V::from_u128(die.k);
    let mults: Vec<V> = die.classes.iter().map(|&(_, m)| V::from_u128(m)).collect();
    let mut pos = vec![0u32; pieces];
    let mut child = Vec::with_capacity(pieces);
    for i in (stop..last).rev() {
        let (below, above) = reach.layers.split_at(i + 1);
        let (keys, _) = &below[i];
        let (_, next_index) = &above[0];
        let mut new_vals = Vec::with_capacity(keys.len());
        for key in keys {
            budget.tick_n(die.classes.len() as u64)?;
            if V::BIG {
                budget.check_clock()?;
            }
            key.decode(bits, &mut pos);
            let mut acc = V::zero();
            for (c, &(roll, _)) in die.classes.iter().enumerate() {
                let mut best: Option<V> = None;
                for_each_move(track, &pos, roll, |j, to| {
                    moved_sorted(&pos, j, to, &mut child);
                    let Some(&idx) = next_index.get(&K::encode(&child, bits)) else {
                        return;
                    };
                    let Some(later) = vals.get(idx as usize) else {
                        return;
                    };
                    let v = V::from_i64(track.score_u32(to)).mul(&pow).add(later);
                    if best.as_ref().is_none_or(|b| v > *b) {
                        best = Some(v);
                    }
                });
                if let Some(b) = best {
                    acc = acc.add(&b.mul(&mults[c]));
                }
            }
            new_vals.push(acc);
        }
        vals = new_vals;
        reach.layers.truncate(i + 1);
        pow = pow.mul(&k);
    }
    Ok((vals, pow))
}

/// Whether `k^c · c · max|score| · 2` fits in an `i128`.
fn fits_i128(track: &Track, k: u128, c: u64) -> bool {
    let max_score = track
        .squares()
        .map(|s| track.score(s).unsigned_abs() as u128)
        .max()
        .unwrap_or(0)
        .max(1);
    let mut bound: u128 = max_score.saturating_mul(c as u128).saturating_mul(2);
    for _ in 0..c {
        match bound.checked_mul(k) {
            Some(b) if b < (1u128 << 126) => bound = b,
            _ => return false,
        }
    }
    bound < (1u128 << 126)
}

/// Rolls that can still matter: after `Σ moves_left` rolls every piece is on `finish`.
fn useful_rolls(track: &Track, pos: &[u32], count: u64) -> u64 {
    let left = pos
        .iter()
        .map(|&p| track.moves_left(p as SquareId))
        .fold(0u64, u64::saturating_add);
    count.min(left)
}

fn expected_raw<K: Key>(
    bits: u32,
    track: &Track,
    root: &[u32],
    die: &Die,
    count: u64,
    budget: &Budget,
) -> Result<BigRational, LimitHit> {
    let c = useful_rolls(track, root, count);
    let mut r = reach::<K>(bits, track, root, die, c, budget)?;
    let layers = r.layers.len() as u64 - 1;
    let (num, den) = if fits_i128(track, die.k, layers) {
        let (v, p) = backward::<K, i128>(bits, track, &mut r, root.len(), die, 0, budget)?;
        (
            v.first().map_or(BigInt::default(), |x| x.to_big()),
            p.to_big(),
        )
    } else {
        let (v, p) = backward::<K, BigInt>(bits, track, &mut r, root.len(), die, 0, budget)?;
        (v.into_iter().next().unwrap_or_default(), p)
    };
    Ok(BigRational::new(num, den))
}

/// The exact maximum expected total score of `count` more rolls, each uniform on `lo..=hi` and
/// seen before the piece is chosen, from the labelled positions `pieces`. An empty range
/// (`lo > hi`) means no rolls. A roll of 0 moves nobody, so it ends the game.
pub fn expected_score(
    track: &Track,
    pieces: &[SquareId],
    lo: u64,
    hi: u64,
    count: u64,
    budget: &Budget,
) -> Result<BigRational, LimitHit> {
    let Some(die) = Die::new(track, lo, hi) else {
        return Ok(BigRational::zero());
    };
    let root = normalize(track, pieces);
    with_key!(
        track.len(),
        root.len(),
        expected_raw(track, &root, &die, count, budget)
    )
}

fn analyze_raw<K: Key>(
    bits: u32,
    track: &Track,
    root: &[u32],
    die: &Die,
    count: u64,
    lo: u64,
    hi: u64,
    budget: &Budget,
) -> Result<Vec<Vec<Option<BigRational>>>, LimitHit> {
    let c = useful_rolls(track, root, count);
    let mut r = reach::<K>(bits, track, root, die, c, budget)?;
    let (vals, pow) = if r.layers.len() < 2 {
        (Vec::new(), BigInt::from(1u8))
    } else if fits_i128(track, die.k, r.layers.len() as u64 - 1) {
        let (v, p) = backward::<K, i128>(bits, track, &mut r, root.len(), die, 1, budget)?;
        (v.iter().map(Val::to_big).collect(), p.to_big())
    } else {
        backward::<K, BigInt>(bits, track, &mut r, root.len(), die, 1, budget)?
    };
    let index = r.layers.get(1).map(|l| &l.1);
    // One row per effective roll, computed once.
    let mut rows: FxHashMap<u64, Vec<Option<BigRational>>> = FxHashMap::default();
    let mut out = Vec::new();
    let mut roll = lo;
    loop {
        budget.tick_n(root.len().max(1) as u64)?;
        let e = die.effective(track, roll);
        if !rows.contains_key(&e) {
            let row = (0..root.len())
                .map(|p| {
                    let to = destination(track, root, p, e)?;
                    let idx = index?;
                    let mut after = root.to_vec();
                    after[p] = to;
                    after.sort_unstable();
                    let i = *idx.get(&K::encode(&after, bits))? as usize;
                    let later = vals.get(i)?;
                    let num = BigInt::from(track.score_u32(to)) * &pow + later;
                    Some(BigRational::new(num, pow.clone()))
                })
                .collect();
            rows.insert(e, row);
        }
        out.push(rows.get(&e).cloned().unwrap_or_default());
        if roll == hi {
            break;
        }
        roll += 1;
    }
    Ok(out)
}

/// For each roll value `r` in `lo..=hi` (outer) and each labelled piece (inner): `None` if the
/// piece cannot move with `r` (or no roll is left), else the exact expected total (this move's
/// score plus optimal play over the remaining `count - 1` rolls). The output has `hi - lo + 1`
/// rows: the budget is ticked per row, so keep the range reasonable.
pub fn analyze_uniform(
    track: &Track,
    pieces: &[SquareId],
    lo: u64,
    hi: u64,
    count: u64,
    budget: &Budget,
) -> Result<Vec<Vec<Option<BigRational>>>, LimitHit> {
    let Some(die) = Die::new(track, lo, hi) else {
        return Ok(Vec::new());
    };
    let root = normalize(track, pieces);
    with_key!(
        track.len(),
        root.len(),
        analyze_raw(track, &root, &die, count, lo, hi, budget)
    )
}
