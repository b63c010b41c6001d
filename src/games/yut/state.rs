//! Compact hash keys for sorted multisets of piece squares.
//!
//! Pieces are identical, so a position is the sorted list of their squares. It is packed into a
//! `u64` or `u128` (`bits` per square) when it fits, else kept as a boxed slice.

use std::hash::Hash;

/// A packed sorted position usable as a hash key.
pub(crate) trait Key: Clone + Eq + Hash {
    /// Pack the sorted squares `pos`, `bits` bits each.
    fn encode(pos: &[u32], bits: u32) -> Self;
    /// Unpack into `out` (which has the number of pieces as its length).
    fn decode(&self, bits: u32, out: &mut [u32]);
}

impl Key for u64 {
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
    fn encode(pos: &[u32], _bits: u32) -> Self {
        pos.into()
    }
    fn decode(&self, _bits: u32, out: &mut [u32]) {
        out.copy_from_slice(self);
    }
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

    fn round_trip<K: Key>(pos: &[u32], bits: u32) {
        let k = K::encode(pos, bits);
        let mut out = vec![0; pos.len()];
        k.decode(bits, &mut out);
        assert_eq!(out, pos);
    }

    #[test]
    fn keys_round_trip() {
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(33), 6);
        assert_eq!(bits_for(64), 6);
        assert_eq!(bits_for(65), 7);
        round_trip::<u64>(&[0, 0, 1, 32, 63, 63, 63, 63], 6);
        round_trip::<u128>(&[0, 5, 1000, 65535, 65535, 2, 3, 4], 16);
        round_trip::<Box<[u32]>>(&[7, 8, 9, u32::MAX - 1], 32);
    }
}
