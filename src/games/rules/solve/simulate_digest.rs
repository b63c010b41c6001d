//! `simulate`'s position digests: a 64-bit Zobrist-style hash of a flat
//! state (the XOR over its slots of a mix of the slot and its value),
//! updated from a turn's journal of writes instead of packing a key per
//! turn. Equal positions have equal digests; a match is confirmed by
//! comparing the positions in full, so a collision costs a comparison,
//! never a wrong answer.

/// One slot's share of the digest.
#[inline]
pub(super) fn mix(slot: usize, v: i64) -> u64 {
    // splitmix64's finaliser over the slot and the value.
    let mut z = (slot as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((v as u64).wrapping_mul(0xD1B5_4A32_D192_ED03))
        .wrapping_add(0x2545_F491_4F6C_DD1D);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Digests of one simulation's positions.
pub(crate) struct Digest {
    /// The turn each slot was last counted in (a slot written twice in a
    /// turn is counted once).
    stamp: Vec<u32>,
    turn: u32,
    /// The bits kept (all but in tests, which force collisions).
    mask: u64,
}

impl Digest {
    pub(crate) fn new() -> Digest {
        Digest {
            stamp: Vec::new(),
            turn: 0,
            mask: mask(),
        }
    }

    /// The digest of `v`, in full.
    pub(crate) fn full(&self, v: &[i64]) -> u64 {
        let mut h = 0u64;
        for (slot, &x) in v.iter().enumerate() {
            h ^= mix(slot, x);
        }
        h & self.mask
    }

    /// The digest after a turn whose writes changed the digest by `delta`
    /// (the XOR over its writes of [`mix`] of the slot with the value before
    /// and with the value after: a slot written twice cancels out), from
    /// `before`, the digest then.
    pub(crate) fn moved(&self, delta: u64, before: u64) -> u64 {
        (before ^ delta) & self.mask
    }

    /// The digest of `v` after a turn whose writes (each slot with its value
    /// before, in order) are `journal`, from `before`, the digest then.
    pub(crate) fn update(&mut self, v: &[i64], journal: &[(usize, i64)], before: u64) -> u64 {
        if self.stamp.len() < v.len() {
            self.stamp.resize(v.len(), 0);
        }
        self.turn = self.turn.wrapping_add(1);
        if self.turn == 0 {
            self.stamp.fill(0);
            self.turn = 1;
        }
        let mut h = before;
        for &(slot, old) in journal {
            // The first write of a slot holds its value at the turn's start.
            if self.stamp[slot] != self.turn {
                self.stamp[slot] = self.turn;
                h ^= mix(slot, old) ^ mix(slot, v[slot]);
            }
        }
        h & self.mask
    }
}

#[cfg(not(test))]
fn mask() -> u64 {
    u64::MAX
}

#[cfg(test)]
thread_local! {
    /// Tests narrow the digest to force collisions (0: every position has
    /// the same digest).
    pub(crate) static MASK: std::cell::Cell<u64> = const { std::cell::Cell::new(u64::MAX) };
}

#[cfg(test)]
fn mask() -> u64 {
    MASK.with(|m| m.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn updated_digests_are_the_full_ones() {
        let mut r = StdRng::seed_from_u64(29);
        let mut d = Digest::new();
        let mut v: Vec<i64> = (0..50).map(|_| r.gen_range(-3..4)).collect();
        let mut h = d.full(&v);
        for _ in 0..500 {
            // A turn: some writes, some to the same slot, some of the same value.
            let mut journal = Vec::new();
            for _ in 0..r.gen_range(0..8) {
                let slot = r.gen_range(0..v.len());
                journal.push((slot, v[slot]));
                v[slot] = r.gen_range(-3..4);
            }
            h = d.update(&v, &journal, h);
            assert_eq!(h, d.full(&v));
        }
        // A change of one slot changes the digest.
        let before = d.full(&v);
        v[7] += 1;
        assert_ne!(before, d.full(&v));
    }
}
