//! Compact hash keys for sorted multisets of piece squares.
//!
//! Pieces are identical, so a position is the sorted list of their squares. It is packed into a
//! `u64` or `u128` (`bits` per square) when it fits, else kept as a boxed slice.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::track::FINISH;

/// A hasher for packed positions: keys differ in a few bit fields, so every word is fully mixed
/// (the murmur3 finaliser) before it reaches the table.
#[derive(Default, Clone, Copy)]
pub(crate) struct MixHasher(u64);

impl MixHasher {
    #[inline]
    fn mix(&mut self, w: u64) {
        let mut h = (self.0 ^ w).wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 32;
        self.0 = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    }
}

impl Hasher for MixHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u64(&mut self, w: u64) {
        self.mix(w);
    }
    #[inline]
    fn write_u128(&mut self, w: u128) {
        self.mix(w as u64);
        self.mix((w >> 64) as u64);
    }
    #[inline]
    fn write_u32(&mut self, w: u32) {
        self.mix(w as u64);
    }
    #[inline]
    fn write_usize(&mut self, w: usize) {
        self.mix(w as u64);
    }
}

/// A hash map keyed by packed positions.
pub(crate) type StateMap<K, V> = HashMap<K, V, BuildHasherDefault<MixHasher>>;

/// A packed sorted position usable as a hash key.
pub(crate) trait Key: Clone + Eq + Hash {
    /// Whether the key keeps its squares on the heap (4 bytes a piece, besides the key).
    const BOXED: bool = false;
    /// Pack the sorted squares `pos`, `bits` bits each.
    fn encode(pos: &[u32], bits: u32) -> Self;
    /// Unpack into `out` (which has the number of pieces as its length).
    fn decode(&self, bits: u32, out: &mut [u32]);
    /// The key of the sorted position `pos` (this key, decoded) with piece `j` moved to `to`,
    /// which belongs at index `rank` among the other pieces.
    fn replace(&self, bits: u32, pos: &[u32], j: usize, rank: usize, to: u32) -> Self {
        let mut out: Vec<u32> = pos.to_vec();
        out.remove(j);
        out.insert(rank.min(out.len()), to);
        Self::encode(&out, bits)
    }
}

/// Calls `f(child, to)` for every distinct legal move of the sorted position `pos` (decoded
/// from `key`), where `land(from)` is where a piece on `from` stops (`None`: no move).
#[inline]
pub(crate) fn for_each_child<K: Key>(
    key: &K,
    bits: u32,
    pos: &[u32],
    land: impl Fn(u32) -> Option<u32>,
    mut f: impl FnMut(K, u32),
) {
    for j in 0..pos.len() {
        let from = pos[j];
        if from as usize == FINISH || (j > 0 && pos[j - 1] == from) {
            continue;
        }
        let Some(to) = land(from) else {
            continue;
        };
        // Whether `to` is taken, and where it goes among the other pieces.
        let mut taken = false;
        let mut rank = 0usize;
        for &p in pos {
            taken |= p == to;
            rank += (p < to) as usize;
        }
        if taken && to as usize != FINISH {
            continue;
        }
        rank -= (from < to) as usize;
        f(key.replace(bits, pos, j, rank, to), to);
    }
}

impl Key for u64 {
    #[inline]
    fn replace(&self, bits: u32, _pos: &[u32], j: usize, rank: usize, to: u32) -> Self {
        replace_field(*self, bits, j, rank, to)
    }
    #[inline]
    fn encode(pos: &[u32], bits: u32) -> Self {
        let mut k = 0u64;
        for (j, &p) in pos.iter().enumerate() {
            k |= (p as u64) << (j as u32 * bits);
        }
        k
    }
    #[inline]
    fn decode(&self, bits: u32, out: &mut [u32]) {
        let mask = (1u64 << bits) - 1;
        for (j, o) in out.iter_mut().enumerate() {
            *o = ((self >> (j as u32 * bits)) & mask) as u32;
        }
    }
}

impl Key for u128 {
    #[inline]
    fn replace(&self, bits: u32, _pos: &[u32], j: usize, rank: usize, to: u32) -> Self {
        let shl = |x: u128, s: u32| x.checked_shl(s).unwrap_or(0);
        let shr = |x: u128, s: u32| x.checked_shr(s).unwrap_or(0);
        let low = |s: u32| shl(1, s).wrapping_sub(1);
        let (j, rank) = (j as u32 * bits, rank as u32 * bits);
        let without = (self & low(j)) | shl(shr(*self, j + bits), j);
        (without & low(rank)) | shl(to as u128, rank) | shl(shr(without, rank), rank + bits)
    }
    #[inline]
    fn encode(pos: &[u32], bits: u32) -> Self {
        let mut k = 0u128;
        for (j, &p) in pos.iter().enumerate() {
            k |= (p as u128) << (j as u32 * bits);
        }
        k
    }
    #[inline]
    fn decode(&self, bits: u32, out: &mut [u32]) {
        let mask = (1u128 << bits) - 1;
        for (j, o) in out.iter_mut().enumerate() {
            *o = ((self >> (j as u32 * bits)) & mask) as u32;
        }
    }
}

impl Key for Box<[u32]> {
    const BOXED: bool = true;
    fn encode(pos: &[u32], _bits: u32) -> Self {
        pos.into()
    }
    fn decode(&self, _bits: u32, out: &mut [u32]) {
        out.copy_from_slice(self);
    }
}

#[inline]
fn shl(x: u64, s: u32) -> u64 {
    x.checked_shl(s).unwrap_or(0)
}

#[inline]
fn shr(x: u64, s: u32) -> u64 {
    x.checked_shr(s).unwrap_or(0)
}

/// Mask of the low `s` bits.
#[inline]
fn low(s: u32) -> u64 {
    shl(1, s).wrapping_sub(1)
}

/// A packed sorted `u64` position with field `j` (of `bits` bits) replaced by `to`, which
/// belongs at index `rank` once field `j` is removed. The same as decoding, moving, sorting
/// and encoding, in a few shifts.
#[inline]
pub(crate) fn replace_field(key: u64, bits: u32, j: usize, rank: usize, to: u32) -> u64 {
    let (j, rank) = (j as u32 * bits, rank as u32 * bits);
    let without = (key & low(j)) | shl(shr(key, j + bits), j);
    (without & low(rank)) | shl(to as u64, rank) | shl(shr(without, rank), rank + bits)
}

/// Bits needed per square id on a track of `n` squares (at least 1).
pub(crate) fn bits_for(n: usize) -> u32 {
    let max = n.saturating_sub(1) as u64;
    (64 - max.leading_zeros()).max(1)
}

/// Run a generic function with the smallest key type that fits `pieces` squares of a track of
/// `n` squares: `with_key!(n, pieces, func(args…))` calls `func::<K>(bits, args…)`.
macro_rules! with_key {
    ($n:expr, $pieces:expr, $f:ident ( $($arg:expr),* $(,)? )) => {{
        let bits = $crate::games::yut::state::bits_for($n);
        let need = (bits as u64).saturating_mul($pieces as u64);
        if need <= 64 {
            $f::<u64>(bits, $($arg),*)
        } else if need <= 128 {
            $f::<u128>(bits, $($arg),*)
        } else {
            $f::<Box<[u32]>>(bits, $($arg),*)
        }
    }};
}
pub(crate) use with_key;

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<K: Key + std::fmt::Debug>(pos: &[u32], bits: u32) {
        let k = K::encode(pos, bits);
        let mut out = vec![0; pos.len()];
        k.decode(bits, &mut out);
        assert_eq!(out, pos);
        let mut moved = Vec::new();
        for j in 0..pos.len() {
            for to in [0u32, 1, 2, 7, 100, 5000] {
                if to as u64 >= 1u64 << bits {
                    continue;
                }
                crate::games::yut::rules::moved_sorted(pos, j, to, &mut moved);
                let rank = pos.iter().filter(|&&p| p < to).count() - (pos[j] < to) as usize;
                assert_eq!(k.replace(bits, pos, j, rank, to), K::encode(&moved, bits));
            }
        }
    }

    #[test]
    fn replace_field_matches_sorting() {
        let mut out = Vec::new();
        for (pos, bits) in [
            (vec![0u32, 0, 3, 9, 12, 40, 41, 63], 6),
            (vec![1, 2, 7, 7], 16),
        ] {
            let key = u64::encode(&pos, bits);
            for j in 0..pos.len() {
                for to in [0u32, 1, 5, 9, 13, 50, 63] {
                    crate::games::yut::rules::moved_sorted(&pos, j, to, &mut out);
                    let rank = pos.iter().filter(|&&p| p < to).count() - (pos[j] < to) as usize;
                    assert_eq!(
                        replace_field(key, bits, j, rank, to),
                        u64::encode(&out, bits)
                    );
                }
            }
        }
    }

    #[test]
    fn keys_round_trip() {
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(33), 6);
        assert_eq!(bits_for(64), 6);
        assert_eq!(bits_for(65), 7);
        round_trip::<u64>(&[0, 0, 1, 32, 63, 63, 63, 63], 6);
        round_trip::<u128>(&[0, 2, 3, 4, 5, 1000, 65535, 65535], 16);
        round_trip::<Box<[u32]>>(&[7, 8, 9, u32::MAX - 1], 32);
    }
}
