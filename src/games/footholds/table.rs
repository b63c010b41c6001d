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
}

const WAYS: usize = 4;
const VALID: u64 = 1 << 63;
const PAYLOAD_BITS: u32 = 40;
const PAYLOAD_MASK: u64 = (1 << PAYLOAD_BITS) - 1;

impl Cache {
    /// A cache of `2^log2_buckets` buckets of 4 entries (64 bytes each).
    /// The memory is zeroed lazily by the OS, so unused parts cost nothing.
    pub fn new(log2_buckets: u32) -> Cache {
        let log2 = log2_buckets.min(26);
        let buckets = 1usize << log2;
        let words = vec![0u64; buckets * WAYS * 2 + 8];
        let misalign = (words.as_ptr() as usize / 8) % 8;
        Cache {
            base: (8 - misalign) % 8,
            words,
            mask: (buckets - 1) as u64,
        }
    }

    /// Memory used, in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline]
    fn bucket(&self, key: u64, tag: u16) -> usize {
        let mut x = key ^ (tag as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 31;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 29;
        self.base + ((x & self.mask) as usize) * WAYS * 2
    }

    /// The payload stored for `(key, tag)`.
    #[inline]
    pub fn get(&self, key: u64, tag: u16) -> Option<u64> {
        let b = self.bucket(key, tag);
        let slots = self.words.get(b..b + WAYS * 2)?;
        for e in slots.chunks_exact(2) {
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
        let b = self.bucket(key, tag);
        let Some(slots) = self.words.get_mut(b..b + WAYS * 2) else {
            return;
        };
        let effort = (effort.min(127)) as u64;
        let mut victim = 0;
        let mut victim_effort = u64::MAX;
        for (k, e) in slots.chunks_exact(2).enumerate() {
            if e[1] & VALID == 0 {
                if victim_effort > 0 {
                    victim = k;
                    victim_effort = 0;
                }
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
        slots[2 * victim] = key;
        slots[2 * victim + 1] = VALID | effort << 56 | (payload & PAYLOAD_MASK) << 16 | tag as u64;
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
    /// A table of `2^log2_buckets * 4` entries (16 bytes each).
    pub fn new(log2_buckets: u32) -> Table {
        Table {
            cache: Cache::new(log2_buckets),
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
        let mut t = Table::new(0);
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
}
