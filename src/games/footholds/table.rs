//! Bounded hash tables: the transposition table of the search and the memo
//! of the endgame. They start small and double when half full up to a
//! fixed maximum, then replace entries; buckets of 4 entries, exact keys
//! (no false hits), and a replacement policy that keeps the entries that
//! cost the most work to compute.
//!
//! The words are atomics (relaxed loads and stores, plain moves on the
//! usual machines), so two search threads can share one transposition
//! table ([`Table::store_shared`]): each key word is stored XORed with its
//! entry's data word, so an entry torn by two threads writing it at once
//! no longer matches its key and reads as a miss.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use super::bitboard::Bits;

/// A bounded cache from `(key: B, tag: u16)` to a 40-bit payload.
///
/// Each entry is the key's words (each XORed with the data word), then the
/// data word `tag | payload << 16 | effort << 56 | 1 << 63`. A bucket holds
/// 4 entries (64 bytes for a one-word key). When a bucket is full the entry
/// with the smallest effort (a work estimate given by the caller) is
/// replaced.
#[derive(Debug)]
pub(crate) struct Cache<B> {
    words: Vec<AtomicU64>,
    /// First word of bucket 0 (aligns buckets to cache lines).
    base: usize,
    mask: u64,
    log2: u32,
    max_log2: u32,
    /// Entries stored into empty slots since the last growth.
    filled: AtomicUsize,
    /// One bit per bucket: whether it holds any entry. Small enough to stay
    /// in cache, it saves the memory access of most probes that would miss.
    occupied: Vec<AtomicU64>,
    key: PhantomData<B>,
}

const WAYS: usize = 4;
const VALID: u64 = 1 << 63;
const PAYLOAD_BITS: u32 = 40;
const PAYLOAD_MASK: u64 = (1 << PAYLOAD_BITS) - 1;
/// The most words of a key (`Bitboard256`).
const MAX_KEY: usize = 4;
/// The largest bucket, in words (keys of up to four words).
pub(crate) const MAX_BUCKET: usize = WAYS * (MAX_KEY + 1);

/// A copy of one bucket (see [`Cache::fetch`]).
pub(crate) type Bucket = [u64; MAX_BUCKET];

impl<B: Bits> Cache<B> {
    /// Words per entry.
    const ENTRY: usize = B::WORDS + 1;
    /// Words per bucket.
    const BUCKET: usize = WAYS * Self::ENTRY;
    /// Bytes per bucket.
    pub(crate) const BUCKET_BYTES: usize = Self::BUCKET * 8;

    /// A cache of `2^log2_buckets` buckets of 4 entries that doubles when
    /// half full, up to `2^max_log2` buckets; from then on it replaces
    /// entries. The memory is zeroed lazily by the OS.
    pub(crate) fn new(log2_buckets: u32, max_log2: u32) -> Cache<B> {
        let max_log2 = max_log2.min(26);
        let log2 = log2_buckets.min(max_log2);
        let buckets = 1usize << log2;
        // Zeroed memory from the allocator: the OS hands out its pages
        // lazily, so a big table costs only the pages written.
        let words: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0))
            .take(buckets * Self::BUCKET + 8)
            .collect();
        let misalign = (words.as_ptr() as usize / 8) % 8;
        Cache {
            base: (8 - misalign) % 8,
            words,
            mask: (buckets - 1) as u64,
            log2,
            max_log2,
            filled: AtomicUsize::new(0),
            occupied: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(buckets.div_ceil(64))
                .collect(),
            key: PhantomData,
        }
    }

    fn grow(&mut self) {
        let bigger = Cache::<B>::new(self.log2 + 1, self.max_log2);
        let end = self.base + ((self.mask as usize) + 1) * Self::BUCKET;
        for e in self.words[self.base..end].chunks_exact(Self::ENTRY) {
            let data = e[B::WORDS].load(Relaxed);
            if data & VALID != 0 {
                let mut key = [0u64; MAX_KEY];
                for (k, w) in key.iter_mut().zip(&e[..B::WORDS]) {
                    *k = w.load(Relaxed) ^ data;
                }
                let key = &key[..B::WORDS];
                let i = bigger.index(key, data as u16);
                bigger.occupied[i / 64].fetch_or(1 << (i % 64), Relaxed);
                let b = bigger.base + i * Self::BUCKET;
                let slots = &bigger.words[b..b + Self::BUCKET];
                // The bigger table has room: each old bucket splits in two.
                if let Some(k) = (0..WAYS)
                    .find(|&k| slots[k * Self::ENTRY + B::WORDS].load(Relaxed) & VALID == 0)
                {
                    Self::write(&slots[k * Self::ENTRY..(k + 1) * Self::ENTRY], key, data);
                    bigger.filled.fetch_add(1, Relaxed);
                }
            }
        }
        *self = bigger;
    }

    /// Grows the table to at least `2^log2` buckets (within its maximum).
    pub(crate) fn reserve(&mut self, log2: u32) {
        while self.log2 < log2.min(self.max_log2) {
            self.grow();
        }
    }

    /// Whether the table is half full and may still grow.
    fn wants_growth(&self) -> bool {
        self.log2 < self.max_log2 && self.filled.load(Relaxed) * 2 > (self.mask as usize + 1) * WAYS
    }

    /// Writes one entry: its key words XORed with `data`, then `data`.
    #[inline]
    fn write(entry: &[AtomicU64], key: &[u64], data: u64) {
        for (w, &k) in entry.iter().zip(key) {
            w.store(k ^ data, Relaxed);
        }
        if let Some(d) = entry.get(B::WORDS) {
            d.store(data, Relaxed);
        }
    }

    /// Memory used, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        (self.words.len() + self.occupied.len()) * 8
    }

    /// The bucket number of a key given by its words.
    #[inline]
    fn index(&self, key: &[u64], tag: u16) -> usize {
        let mut x = (tag as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &w in key {
            x ^= w;
            x ^= x >> 31;
            x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        }
        x ^= x >> 29;
        (x & self.mask) as usize
    }

    #[inline]
    fn key_words(key: B) -> [u64; MAX_KEY] {
        let mut w = [0u64; MAX_KEY];
        for (k, slot) in w.iter_mut().enumerate().take(B::WORDS) {
            *slot = key.word(k);
        }
        w
    }

    /// The first word of the bucket of `(key, tag)`, if it holds entries.
    #[inline]
    fn bucket(&self, key: &[u64], tag: u16) -> Option<usize> {
        let i = self.index(key, tag);
        let bits = self.occupied.get(i / 64).map_or(0, |b| b.load(Relaxed));
        (bits >> (i % 64) & 1 != 0).then_some(self.base + i * Self::BUCKET)
    }

    /// The payload of `(key, tag)` among `slots` (one bucket, copied).
    #[inline]
    fn find_in(slots: &[u64], key: &[u64], tag: u16) -> Option<u64> {
        for e in slots.chunks_exact(Self::ENTRY) {
            let data = e[B::WORDS];
            if data & VALID != 0
                && data as u16 == tag
                && e[..B::WORDS].iter().zip(key).all(|(&w, &k)| w ^ data == k)
            {
                return Some((data >> 16) & PAYLOAD_MASK);
            }
        }
        None
    }

    /// A copy of the bucket starting at word `b`.
    #[inline]
    fn copy(&self, b: usize) -> Bucket {
        let mut out = [0u64; MAX_BUCKET];
        if let Some(slots) = self.words.get(b..b + Self::BUCKET) {
            for (o, w) in out.iter_mut().zip(slots) {
                *o = w.load(Relaxed);
            }
        }
        out
    }

    /// The payload stored for `(key, tag)`.
    #[inline]
    pub(crate) fn get(&self, key: B, tag: u16) -> Option<u64> {
        let kw = Self::key_words(key);
        let kw = &kw[..B::WORDS];
        let b = self.bucket(kw, tag)?;
        Self::find_in(&self.copy(b)[..Self::BUCKET], kw, tag)
    }

    /// A copy of the bucket of `(key, tag)`: loading it early lets the
    /// memory latency overlap other work before [`Cache::find`].
    #[inline]
    pub(crate) fn fetch(&self, key: B, tag: u16) -> Bucket {
        let kw = Self::key_words(key);
        match self.bucket(&kw[..B::WORDS], tag) {
            Some(b) => self.copy(b),
            None => [0u64; MAX_BUCKET],
        }
    }

    /// The payload for `(key, tag)` in a bucket from [`Cache::fetch`].
    #[inline]
    pub(crate) fn find(bucket: &Bucket, key: B, tag: u16) -> Option<u64> {
        let kw = Self::key_words(key);
        Self::find_in(&bucket[..Self::BUCKET], &kw[..B::WORDS], tag)
    }

    /// Stores `payload` for `(key, tag)`, growing the table when half
    /// full. `merge(old)` computes the payload to store when the key is
    /// already there. `effort` (0..127) ranks entries for replacement.
    #[inline]
    pub(crate) fn put(
        &mut self,
        key: B,
        tag: u16,
        effort: u8,
        payload: u64,
        merge: impl Fn(u64) -> u64,
    ) {
        self.put_shared(key, tag, effort, payload, merge);
        if self.wants_growth() {
            self.grow();
        }
    }

    /// [`Cache::put`] through a shared reference, without growing (a
    /// table shared by two threads keeps its size while they search).
    #[inline]
    pub(crate) fn put_shared(
        &self,
        key: B,
        tag: u16,
        effort: u8,
        payload: u64,
        merge: impl Fn(u64) -> u64,
    ) {
        let kw = Self::key_words(key);
        let kw = &kw[..B::WORDS];
        let i = self.index(kw, tag);
        if let Some(bits) = self.occupied.get(i / 64) {
            let bit = 1 << (i % 64);
            if bits.load(Relaxed) & bit == 0 {
                bits.fetch_or(bit, Relaxed);
            }
        }
        let b = self.base + i * Self::BUCKET;
        let Some(slots) = self.words.get(b..b + Self::BUCKET) else {
            return;
        };
        let effort = (effort.min(127)) as u64;
        let mut empty = None;
        let mut victim = 0;
        let mut victim_effort = u64::MAX;
        for (k, e) in slots.chunks_exact(Self::ENTRY).enumerate() {
            let data = e[B::WORDS].load(Relaxed);
            if data & VALID == 0 {
                empty = empty.or(Some(k));
                continue;
            }
            if data as u16 == tag
                && e[..B::WORDS]
                    .iter()
                    .zip(kw)
                    .all(|(w, &k)| w.load(Relaxed) ^ data == k)
            {
                let old = (data >> 16) & PAYLOAD_MASK;
                let old_effort = (data >> 56) & 127;
                let p = merge(old) & PAYLOAD_MASK;
                Self::write(
                    e,
                    kw,
                    VALID | old_effort.max(effort) << 56 | p << 16 | tag as u64,
                );
                return;
            }
            let ef = (data >> 56) & 127;
            if ef < victim_effort {
                victim = k;
                victim_effort = ef;
            }
        }
        if let Some(k) = empty {
            victim = k;
            self.filled.fetch_add(1, Relaxed);
        }
        let e = &slots[victim * Self::ENTRY..(victim + 1) * Self::ENTRY];
        Self::write(
            e,
            kw,
            VALID | effort << 56 | (payload & PAYLOAD_MASK) << 16 | tag as u64,
        );
    }
}

/// What the transposition table knows about a position: `lower <= value <=
/// upper` (scores as in the search) and the best move found, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// A lower bound on the score.
    pub(crate) lower: i16,
    /// An upper bound on the score.
    pub(crate) upper: i16,
    /// The index of the best (or refuting) move found, 255 if none.
    pub(crate) best: u8,
}

impl Bounds {
    fn pack(self) -> u64 {
        (self.lower as u16 as u64) | (self.upper as u16 as u64) << 16 | (self.best as u64) << 32
    }

    fn unpack(p: u64) -> Bounds {
        Bounds {
            lower: p as u16 as i16,
            upper: (p >> 16) as u16 as i16,
            best: (p >> 32) as u8,
        }
    }
}

/// The transposition table: position `(remaining footholds, mover, other)`
/// to [`Bounds`]. Bounds from different searches are intersected.
#[derive(Debug)]
pub(crate) struct Table<B> {
    cache: Cache<B>,
}

#[inline]
fn tag(mover: u8, other: u8) -> u16 {
    mover as u16 | (other as u16) << 8
}

impl<B: Bits> Table<B> {
    /// A table of `2^log2_buckets * 4` entries, growing up to
    /// `2^max_log2 * 4` entries.
    pub(crate) fn new(log2_buckets: u32, max_log2: u32) -> Table<B> {
        Table {
            cache: Cache::new(log2_buckets, max_log2),
        }
    }

    /// Memory used, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.cache.bytes()
    }

    /// The bounds stored for a position.
    #[inline]
    pub(crate) fn probe(&self, cells: B, mover: u8, other: u8) -> Option<Bounds> {
        self.cache.get(cells, tag(mover, other)).map(Bounds::unpack)
    }

    /// Starts loading the entry of a position (see [`Cache::fetch`]).
    #[inline]
    pub(crate) fn fetch(&self, cells: B, mover: u8, other: u8) -> Bucket {
        self.cache.fetch(cells, tag(mover, other))
    }

    /// The bounds of a position in a bucket from [`Table::fetch`].
    #[inline]
    pub(crate) fn find(bucket: &Bucket, cells: B, mover: u8, other: u8) -> Option<Bounds> {
        Cache::find(bucket, cells, tag(mover, other)).map(Bounds::unpack)
    }

    /// Stores (intersects) bounds for a position, growing the table when
    /// half full.
    #[inline]
    pub(crate) fn store(&mut self, cells: B, mover: u8, other: u8, effort: u8, b: Bounds) {
        self.store_shared(cells, mover, other, effort, b);
        if self.cache.wants_growth() {
            self.cache.grow();
        }
    }

    /// Grows the table to at least `2^log2` buckets (within its maximum).
    pub(crate) fn reserve(&mut self, log2: u32) {
        self.cache.reserve(log2);
    }

    /// Doubles the table while it is half full (within its maximum).
    pub(crate) fn settle(&mut self) {
        while self.cache.wants_growth() {
            self.cache.grow();
        }
    }

    /// Stores (intersects) bounds for a position through a shared
    /// reference, without growing.
    #[inline]
    pub(crate) fn store_shared(&self, cells: B, mover: u8, other: u8, effort: u8, b: Bounds) {
        self.cache
            .put_shared(cells, tag(mover, other), effort, b.pack(), |old| {
                let o = Bounds::unpack(old);
                Bounds {
                    lower: o.lower.max(b.lower),
                    upper: o.upper.min(b.upper),
                    best: if b.best != 255 { b.best } else { o.best },
                }
                .pack()
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::bitboard::{Bitboard, Bitboard128};

    #[test]
    fn stores_merges_and_replaces() {
        let mut t = Table::<Bitboard>::new(0, 0);
        let b = Bounds {
            lower: -5,
            upper: 100,
            best: 3,
        };
        t.store(Bitboard(42), 1, 2, 10, b);
        assert_eq!(t.probe(Bitboard(42), 1, 2), Some(b));
        assert_eq!(t.probe(Bitboard(42), 2, 1), None);
        t.store(
            Bitboard(42),
            1,
            2,
            1,
            Bounds {
                lower: -900,
                upper: 7,
                best: 255,
            },
        );
        assert_eq!(
            t.probe(Bitboard(42), 1, 2),
            Some(Bounds {
                lower: -5,
                upper: 7,
                best: 3
            })
        );
        // One bucket of 4: fill it with low-effort entries, then a new one
        // evicts the lowest effort and keeps the expensive entry.
        for k in 0..3 {
            t.store(Bitboard(k), 0, 0, 1 + k as u8, b);
        }
        t.store(Bitboard(99), 0, 0, 5, b);
        assert!(t.probe(Bitboard(42), 1, 2).is_some());
        assert!(t.probe(Bitboard(0), 0, 0).is_none());
        assert!(t.probe(Bitboard(99), 0, 0).is_some());
    }

    #[test]
    fn grows_and_keeps_entries() {
        let mut t = Table::<Bitboard>::new(0, 10);
        let b = Bounds {
            lower: 1,
            upper: 2,
            best: 3,
        };
        for k in 0..2000u64 {
            t.store(Bitboard(k * 7919), (k % 64) as u8, 1, 1, b);
        }
        assert!(t.bytes() <= (1 << 10) * 64 + 64 + 128, "{}", t.bytes());
        let kept = (0..2000u64)
            .filter(|&k| t.probe(Bitboard(k * 7919), (k % 64) as u8, 1) == Some(b))
            .count();
        assert!(kept > 1800, "{kept}");
    }

    #[test]
    fn wide_keys_are_exact() {
        let mut t = Table::<Bitboard128>::new(2, 10);
        let b = Bounds {
            lower: 1,
            upper: 2,
            best: 100,
        };
        for k in 0..500u128 {
            t.store(Bitboard128(k << 64 | 7), 1, 2, 1, b);
        }
        let kept = (0..500u128)
            .filter(|&k| t.probe(Bitboard128(k << 64 | 7), 1, 2) == Some(b))
            .count();
        assert!(kept > 450, "{kept}");
        // Keys differing in either word are different keys.
        for k in 0..500u128 {
            assert_eq!(t.probe(Bitboard128(k << 64 | 6), 1, 2), None);
            assert_eq!(t.probe(Bitboard128(k << 64 | 7), 2, 1), None);
        }
        assert_eq!(t.probe(Bitboard128(1000 << 64 | 7), 1, 2), None);
    }

    /// Four-word keys: each word counts, through growth and replacement.
    #[test]
    fn four_word_keys_are_exact() {
        use crate::games::footholds::bitboard::Words;
        let key = |k: u64, w: usize| {
            let mut x = [7u64, 0, 0, 0];
            x[w] |= k << 8;
            Words(x)
        };
        let mut t = Table::<Words<4>>::new(2, 12);
        let b = Bounds {
            lower: -3,
            upper: 5,
            best: 254,
        };
        for k in 0..300u64 {
            for w in 1..4 {
                t.store(key(k, w), 1, 2, 1, b);
            }
        }
        let kept = (0..300u64)
            .flat_map(|k| (1..4).map(move |w| (k, w)))
            .filter(|&(k, w)| t.probe(key(k, w), 1, 2) == Some(b))
            .count();
        assert!(kept > 800, "{kept}");
        for k in 1..300u64 {
            // The same bits in another word are another key.
            assert_eq!(t.probe(key(k, 0), 1, 2), None);
            assert_eq!(t.probe(key(k + 1000, 3), 1, 2), None);
        }
    }
}
