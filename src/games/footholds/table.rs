//! Bounded hash tables: the transposition table of the search and the memo
//! of the endgame. Fixed size (set at creation), 4-way buckets of one cache
//! line, exact keys (no false hits), and a replacement policy that keeps the
//! entries that cost the most work to compute.

/// A fixed-size cache from `(key: u64, tag: u16)` to a 40-bit payload.
///
/// Each entry is two words: the key, then `tag | payload << 16 | effort << 56
/// | 1 << 63`. A bucket holds 4 entries (64 bytes). When a bucket is full the
/// entry with the smallest effort (a work estimate given by the caller) is
/// replaced.
#[derive(Clone, Debug)]
pub struct Cache {
    words: Vec<u64>,
    /// First word of bucket 0 (aligns buckets to cache lines).
    base: usize,
    mask: u64,
    log2: u32,
    max_log2: u32,
    /// Entries stored into empty slots since the last growth.
    filled: usize,
    /// One bit per bucket: whether it holds any entry. Small enough to stay
    /// in cache, it saves the memory access of most probes that would miss.
    occupied: Vec<u64>,
}

const WAYS: usize = 4;
const VALID: u64 = 1 << 63;
const PAYLOAD_BITS: u32 = 40;
const PAYLOAD_MASK: u64 = (1 << PAYLOAD_BITS) - 1;

impl Cache {
    /// A cache of `2^log2_buckets` buckets of 4 entries (64 bytes each)
    /// that doubles when half full, up to `2^max_log2` buckets;
    /// from then on it replaces entries.
    pub fn new(log2_buckets: u32, max_log2: u32) -> Cache {
        let max_log2 = max_log2.min(26);
        let log2 = log2_buckets.min(max_log2);
        let buckets = 1usize << log2;
        let words = vec![0u64; buckets * WAYS * 2 + 8];
        let misalign = (words.as_ptr() as usize / 8) % 8;
        Cache {
            base: (8 - misalign) % 8,
            words,
            mask: (buckets - 1) as u64,
            log2,
            max_log2,
            filled: 0,
            occupied: vec![0u64; buckets.div_ceil(64)],
        }
    }

    fn grow(&mut self) {
        let mut bigger = Cache::new(self.log2 + 1, self.max_log2);
        let end = self.base + ((self.mask as usize) + 1) * WAYS * 2;
        for e in self.words[self.base..end].chunks_exact(2) {
            if e[1] & VALID != 0 {
                let i = bigger.index(e[0], e[1] as u16);
                bigger.occupied[i / 64] |= 1 << (i % 64);
                let b = bigger.base + i * WAYS * 2;
                let slots = &mut bigger.words[b..b + WAYS * 2];
                // The bigger table has room: each old bucket splits in two.
                if let Some(k) = (0..WAYS).find(|&k| slots[2 * k + 1] & VALID == 0) {
                    slots[2 * k] = e[0];
                    slots[2 * k + 1] = e[1];
                    bigger.filled += 1;
                }
            }
        }
        *self = bigger;
    }

    /// Memory used, in bytes.
    pub fn bytes(&self) -> usize {
        (self.words.len() + self.occupied.len()) * 8
    }

    /// The bucket number of `(key, tag)`.
    #[inline]
    fn index(&self, key: u64, tag: u16) -> usize {
        let mut x = key ^ (tag as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 31;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 29;
        (x & self.mask) as usize
    }

    /// The first word of the bucket of `(key, tag)`, if it holds entries.
    #[inline]
    fn bucket(&self, key: u64, tag: u16) -> Option<usize> {
        let i = self.index(key, tag);
        let bits = self.occupied.get(i / 64).copied().unwrap_or(0);
        (bits >> (i % 64) & 1 != 0).then_some(self.base + i * WAYS * 2)
    }

    /// The payload stored for `(key, tag)`.
    #[inline]
    pub fn get(&self, key: u64, tag: u16) -> Option<u64> {
        let b = self.bucket(key, tag)?;
        let slots = self.words.get(b..b + WAYS * 2)?;
        for e in slots.chunks_exact(2) {
            if e[0] == key && e[1] & VALID != 0 && e[1] as u16 == tag {
                return Some((e[1] >> 16) & PAYLOAD_MASK);
            }
        }
        None
    }

    /// A copy of the bucket of `(key, tag)`: loading it early lets the
    /// memory latency overlap other work before [`Cache::find`].
    #[inline]
    pub fn fetch(&self, key: u64, tag: u16) -> [u64; 8] {
        let mut out = [0u64; 8];
        if let Some(b) = self.bucket(key, tag) {
            if let Some(slots) = self.words.get(b..b + WAYS * 2) {
                out.copy_from_slice(slots);
            }
        }
        out
    }

    /// The payload for `(key, tag)` in a bucket from [`Cache::fetch`].
    #[inline]
    pub fn find(bucket: &[u64; 8], key: u64, tag: u16) -> Option<u64> {
        for e in bucket.chunks_exact(2) {
            if e[0] == key && e[1] & VALID != 0 && e[1] as u16 == tag {
                return Some((e[1] >> 16) & PAYLOAD_MASK);
            }
        }
        None
    }

    /// Stores `payload` for `(key, tag)`. `merge(old)` computes the payload
    /// to store when the key is already there. `effort` (0..127) ranks
    /// entries for replacement.
    #[inline]
    pub fn put(
        &mut self,
        key: u64,
        tag: u16,
        effort: u8,
        payload: u64,
        merge: impl Fn(u64) -> u64,
    ) {
        let i = self.index(key, tag);
        if let Some(bits) = self.occupied.get_mut(i / 64) {
            *bits |= 1 << (i % 64);
        }
        let b = self.base + i * WAYS * 2;
        let Some(slots) = self.words.get_mut(b..b + WAYS * 2) else {
            return;
        };
        let effort = (effort.min(127)) as u64;
        let mut empty = None;
        let mut victim = 0;
        let mut victim_effort = u64::MAX;
        for (k, e) in slots.chunks_exact(2).enumerate() {
            if e[1] & VALID == 0 {
                empty = empty.or(Some(k));
                continue;
            }
            if e[0] == key && e[1] as u16 == tag {
                let old = (e[1] >> 16) & PAYLOAD_MASK;
                let old_effort = (e[1] >> 56) & 127;
                let p = merge(old) & PAYLOAD_MASK;
                slots[2 * k + 1] = VALID | old_effort.max(effort) << 56 | p << 16 | tag as u64;
                return;
            }
            let ef = (e[1] >> 56) & 127;
            if ef < victim_effort {
                victim = k;
                victim_effort = ef;
            }
        }
        if let Some(k) = empty {
            victim = k;
            self.filled += 1;
        }
        slots[2 * victim] = key;
        slots[2 * victim + 1] = VALID | effort << 56 | (payload & PAYLOAD_MASK) << 16 | tag as u64;
        if self.log2 < self.max_log2 && self.filled * 2 > (self.mask as usize + 1) * WAYS {
            self.grow();
        }
    }
}

/// What the transposition table knows about a position: `lower <= value <=
/// upper` (scores as in the search) and the best move found, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// A lower bound on the score.
    pub lower: i16,
    /// An upper bound on the score.
    pub upper: i16,
    /// The index of the best (or refuting) move found, 255 if none.
    pub best: u8,
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
#[derive(Clone, Debug)]
pub struct Table {
    cache: Cache,
}

impl Table {
    /// A table of `2^log2_buckets * 4` entries (16 bytes each), growing up
    /// to `2^max_log2 * 4` entries.
    pub fn new(log2_buckets: u32, max_log2: u32) -> Table {
        Table {
            cache: Cache::new(log2_buckets, max_log2),
        }
    }

    /// Memory used, in bytes.
    pub fn bytes(&self) -> usize {
        self.cache.bytes()
    }

    /// The bounds stored for a position.
    #[inline]
    pub fn probe(&self, cells: u64, mover: u8, other: u8) -> Option<Bounds> {
        self.cache
            .get(cells, mover as u16 | (other as u16) << 8)
            .map(Bounds::unpack)
    }

    /// Starts loading the entry of a position (see [`Cache::fetch`]).
    #[inline]
    pub fn fetch(&self, cells: u64, mover: u8, other: u8) -> [u64; 8] {
        self.cache.fetch(cells, mover as u16 | (other as u16) << 8)
    }

    /// The bounds of a position in a bucket from [`Table::fetch`].
    #[inline]
    pub fn find(bucket: &[u64; 8], cells: u64, mover: u8, other: u8) -> Option<Bounds> {
        Cache::find(bucket, cells, mover as u16 | (other as u16) << 8).map(Bounds::unpack)
    }

    /// Stores (intersects) bounds for a position.
    #[inline]
    pub fn store(&mut self, cells: u64, mover: u8, other: u8, effort: u8, b: Bounds) {
        self.cache.put(
            cells,
            mover as u16 | (other as u16) << 8,
            effort,
            b.pack(),
            |old| {
                let o = Bounds::unpack(old);
                Bounds {
                    lower: o.lower.max(b.lower),
                    upper: o.upper.min(b.upper),
                    best: if b.best != 255 { b.best } else { o.best },
                }
                .pack()
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merges_and_replaces() {
        let mut t = Table::new(0, 0);
        let b = Bounds {
            lower: -5,
            upper: 100,
            best: 3,
        };
        t.store(42, 1, 2, 10, b);
        assert_eq!(t.probe(42, 1, 2), Some(b));
        assert_eq!(t.probe(42, 2, 1), None);
        t.store(
            42,
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
            t.probe(42, 1, 2),
            Some(Bounds {
                lower: -5,
                upper: 7,
                best: 3
            })
        );
        // One bucket of 4: fill it with low-effort entries, then a new one
        // evicts the lowest effort and keeps the expensive entry.
        for k in 0..3 {
            t.store(k, 0, 0, 1 + k as u8, b);
        }
        t.store(99, 0, 0, 5, b);
        assert!(t.probe(42, 1, 2).is_some());
        assert!(t.probe(0, 0, 0).is_none());
        assert!(t.probe(99, 0, 0).is_some());
    }

    #[test]
    fn grows_and_keeps_entries() {
        let mut t = Table::new(0, 10);
        let b = Bounds {
            lower: 1,
            upper: 2,
            best: 3,
        };
        for k in 0..2000u64 {
            t.store(k * 7919, (k % 64) as u8, 1, 1, b);
        }
        assert!(t.bytes() <= (1 << 10) * 64 + 64 + 128, "{}", t.bytes());
        let kept = (0..2000u64)
            .filter(|&k| t.probe(k * 7919, (k % 64) as u8, 1) == Some(b))
            .count();
        assert!(kept > 1800, "{kept}");
    }
}
