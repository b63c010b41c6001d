//! Sets of footholds as machine words (shakmaty-style newtypes):
//! [`Bitboard`] (`u64`, up to 64 footholds) and [`Bitboard128`] (`u128`, up
//! to 128), with the common interface [`Bits`] the solver is generic over.
//!
//! The solver numbers only the footholds that matter (holes never do), so
//! bit `i` stands for the `i`-th relevant foothold whatever the board's size.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

/// What the solver needs of a set of foothold indices (shared between the
/// threads of a parallel search, hence `Send + Sync`).
pub(crate) trait Bits:
    Copy
    + Send
    + Sync
    + Eq
    + Hash
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Sub<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Iterator<Item = u8>
    + FromIterator<u8>
{
    /// How many indices the set can hold.
    const CAPACITY: usize;
    /// How many 64-bit words hold it.
    const WORDS: usize;
    /// The empty set.
    const EMPTY: Self;
    /// Every index.
    const FULL: Self;
    /// The set holding only `i`.
    fn from_index(i: u8) -> Self;
    /// Whether `i` is in the set.
    fn contains(self, i: u8) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Whether the sets share an element.
    fn intersects(self, other: Self) -> bool;
    /// Number of elements (named apart from `Iterator::count`).
    fn size(self) -> u32;
    /// Whether the set has more than one element.
    fn more_than_one(self) -> bool;
    /// The smallest element.
    fn first(self) -> Option<u8>;
    /// The set with `i` added.
    fn with(self, i: u8) -> Self;
    /// The set with `i` removed.
    fn without(self, i: u8) -> Self;
    /// Whether `f` holds for every element.
    fn every(self, f: impl FnMut(u8) -> bool) -> bool;
    /// The `k`-th 64-bit word (`k < WORDS`).
    fn word(self, k: usize) -> u64;
}

macro_rules! bitboard {
    ($(#[$doc:meta])* $name:ident, $int:ty, $bits:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default, PartialOrd, Ord)]
        pub(crate) struct $name(pub $int);

        impl $name {
            /// The empty set.
            pub(crate) const EMPTY: $name = $name(0);
            /// Every index.
            #[cfg(test)]
            pub(crate) const FULL: $name = $name(!0);

            /// The set holding only `i` (taken modulo the capacity).
            #[inline]
            pub(crate) const fn from_index(i: u8) -> $name {
                $name(1 << (i as u32 % $bits))
            }

            /// The set of indices `0..n` (all of them if `n` is the capacity
            /// or more).
            #[inline]
            #[cfg(test)]
            pub(crate) const fn first_n(n: usize) -> $name {
                if n >= $bits {
                    $name::FULL
                } else {
                    $name((1 << n) - 1)
                }
            }

            /// Whether `i` is in the set.
            #[inline]
            pub(crate) const fn contains(self, i: u8) -> bool {
                self.0 >> (i as u32 % $bits) & 1 != 0
            }

            /// Whether the set is empty.
            #[inline]
            pub(crate) const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether the sets share an element.
            #[inline]
            pub(crate) const fn intersects(self, other: $name) -> bool {
                self.0 & other.0 != 0
            }

            /// Number of elements.
            #[inline]
            pub(crate) const fn count(self) -> u32 {
                self.0.count_ones()
            }

            /// Whether the set has more than one element.
            #[inline]
            pub(crate) const fn more_than_one(self) -> bool {
                self.0 & self.0.wrapping_sub(1) != 0
            }

            /// The smallest element.
            #[inline]
            pub(crate) const fn first(self) -> Option<u8> {
                if self.0 == 0 {
                    None
                } else {
                    Some(self.0.trailing_zeros() as u8)
                }
            }

            /// The set with `i` added.
            #[inline]
            pub(crate) const fn with(self, i: u8) -> $name {
                $name(self.0 | 1 << (i as u32 % $bits))
            }

            /// The set with `i` removed.
            #[inline]
            pub(crate) const fn without(self, i: u8) -> $name {
                $name(self.0 & !(1 << (i as u32 % $bits)))
            }

            /// Whether `f` holds for every element.
            #[inline]
            pub(crate) fn every(self, f: impl FnMut(u8) -> bool) -> bool {
                let mut it = self;
                it.all(f)
            }
        }

        impl Bits for $name {
            const CAPACITY: usize = $bits;
            const WORDS: usize = $bits / 64;
            const EMPTY: $name = $name(0);
            const FULL: $name = $name(!0);
            #[inline]
            fn from_index(i: u8) -> Self {
                $name::from_index(i)
            }
            #[inline]
            fn contains(self, i: u8) -> bool {
                $name::contains(self, i)
            }
            #[inline]
            fn is_empty(self) -> bool {
                $name::is_empty(self)
            }
            #[inline]
            fn intersects(self, other: Self) -> bool {
                $name::intersects(self, other)
            }
            #[inline]
            fn size(self) -> u32 {
                $name::count(self)
            }
            #[inline]
            fn more_than_one(self) -> bool {
                $name::more_than_one(self)
            }
            #[inline]
            fn first(self) -> Option<u8> {
                $name::first(self)
            }
            #[inline]
            fn with(self, i: u8) -> Self {
                $name::with(self, i)
            }
            #[inline]
            fn without(self, i: u8) -> Self {
                $name::without(self, i)
            }
            #[inline]
            fn every(self, f: impl FnMut(u8) -> bool) -> bool {
                $name::every(self, f)
            }
            #[inline]
            fn word(self, k: usize) -> u64 {
                self.0.checked_shr((k as u32).saturating_mul(64)).unwrap_or(0) as u64
            }
        }

        impl Iterator for $name {
            type Item = u8;

            /// Pops the smallest element.
            #[inline]
            fn next(&mut self) -> Option<u8> {
                let i = $name::first(*self)?;
                self.0 &= self.0 - 1;
                Some(i)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = $name::count(*self) as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $name {}

        impl FromIterator<u8> for $name {
            fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
                iter.into_iter().fold($name::EMPTY, $name::with)
            }
        }

        impl BitAnd for $name {
            type Output = $name;
            #[inline]
            fn bitand(self, rhs: $name) -> $name {
                $name(self.0 & rhs.0)
            }
        }

        impl BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, rhs: $name) {
                self.0 &= rhs.0;
            }
        }

        impl BitOr for $name {
            type Output = $name;
            #[inline]
            fn bitor(self, rhs: $name) -> $name {
                $name(self.0 | rhs.0)
            }
        }

        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, rhs: $name) {
                self.0 |= rhs.0;
            }
        }

        impl BitXor for $name {
            type Output = $name;
            #[inline]
            fn bitxor(self, rhs: $name) -> $name {
                $name(self.0 ^ rhs.0)
            }
        }

        impl BitXorAssign for $name {
            #[inline]
            fn bitxor_assign(&mut self, rhs: $name) {
                self.0 ^= rhs.0;
            }
        }

        impl Sub for $name {
            type Output = $name;
            /// Set difference.
            #[inline]
            fn sub(self, rhs: $name) -> $name {
                $name(self.0 & !rhs.0)
            }
        }

        impl Not for $name {
            type Output = $name;
            #[inline]
            fn not(self) -> $name {
                $name(!self.0)
            }
        }

        impl Shl<u32> for $name {
            type Output = $name;
            /// Shift towards higher indices (bits shifted past the top are lost).
            #[inline]
            fn shl(self, n: u32) -> $name {
                $name(self.0.checked_shl(n).unwrap_or(0))
            }
        }

        impl Shr<u32> for $name {
            type Output = $name;
            /// Shift towards lower indices.
            #[inline]
            fn shr(self, n: u32) -> $name {
                $name(self.0.checked_shr(n).unwrap_or(0))
            }
        }
    };
}

bitboard!(
    /// A set of foothold indices `0..64`.
    Bitboard,
    u64,
    64
);

bitboard!(
    /// A set of foothold indices `0..128` (boards with up to 128 footholds).
    Bitboard128,
    u128,
    128
);

/// A set of foothold indices `0..64 * N` as `N` words, for boards wider
/// than [`Bitboard128`] holds. Indices are bytes, so the solver uses it with
/// `N = 4` ([`Bitboard256`]) and at most [`MAX_INDEXED`] footholds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) struct Words<const N: usize>(pub [u64; N]);

/// A set of foothold indices `0..256` (boards with up to [`MAX_INDEXED`]
/// footholds).
pub(crate) type Bitboard256 = Words<4>;

/// The most footholds any set type indexes: indices are bytes and 255 is
/// the "no move" mark of the tables.
pub(crate) const MAX_INDEXED: usize = 255;

impl<const N: usize> Default for Words<N> {
    fn default() -> Self {
        Words([0; N])
    }
}

impl<const N: usize> Words<N> {
    /// The word and bit of index `i` (taken modulo the capacity).
    #[inline]
    const fn place(i: u8) -> (usize, u64) {
        let i = i as usize % (64 * N);
        (i / 64, 1 << (i % 64))
    }

    /// Applies `f` word by word.
    #[inline]
    fn zip(self, rhs: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        let mut out = self.0;
        for (o, r) in out.iter_mut().zip(rhs.0) {
            *o = f(*o, r);
        }
        Words(out)
    }
}

impl<const N: usize> Bits for Words<N> {
    const CAPACITY: usize = 64 * N;
    const WORDS: usize = N;
    const EMPTY: Self = Words([0; N]);
    const FULL: Self = Words([!0; N]);
    #[inline]
    fn from_index(i: u8) -> Self {
        let (k, bit) = Self::place(i);
        let mut w = [0; N];
        w[k] = bit;
        Words(w)
    }
    #[inline]
    fn contains(self, i: u8) -> bool {
        let (k, bit) = Self::place(i);
        self.0[k] & bit != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn intersects(self, other: Self) -> bool {
        self.0.iter().zip(other.0).any(|(&a, b)| a & b != 0)
    }
    #[inline]
    fn size(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn more_than_one(self) -> bool {
        let mut seen = false;
        for w in self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }
    #[inline]
    fn first(self) -> Option<u8> {
        let k = self.0.iter().position(|&w| w != 0)?;
        Some((k * 64 + self.0[k].trailing_zeros() as usize) as u8)
    }
    #[inline]
    fn with(mut self, i: u8) -> Self {
        let (k, bit) = Self::place(i);
        self.0[k] |= bit;
        self
    }
    #[inline]
    fn without(mut self, i: u8) -> Self {
        let (k, bit) = Self::place(i);
        self.0[k] &= !bit;
        self
    }
    #[inline]
    fn every(self, f: impl FnMut(u8) -> bool) -> bool {
        let mut it = self;
        it.all(f)
    }
    #[inline]
    fn word(self, k: usize) -> u64 {
        self.0.get(k).copied().unwrap_or(0)
    }
}

impl<const N: usize> Iterator for Words<N> {
    type Item = u8;

    /// Pops the smallest element.
    #[inline]
    fn next(&mut self) -> Option<u8> {
        let k = self.0.iter().position(|&w| w != 0)?;
        let w = self.0[k];
        self.0[k] = w & (w - 1);
        Some((k * 64 + w.trailing_zeros() as usize) as u8)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.size() as usize;
        (n, Some(n))
    }
}

impl<const N: usize> ExactSizeIterator for Words<N> {}

impl<const N: usize> FromIterator<u8> for Words<N> {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        iter.into_iter().fold(Self::EMPTY, Self::with)
    }
}

impl<const N: usize> BitAnd for Words<N> {
    type Output = Self;
    #[inline]
    fn bitand(self, rhs: Self) -> Self {
        self.zip(rhs, |a, b| a & b)
    }
}

impl<const N: usize> BitAndAssign for Words<N> {
    #[inline]
    fn bitand_assign(&mut self, rhs: Self) {
        *self = *self & rhs;
    }
}

impl<const N: usize> BitOr for Words<N> {
    type Output = Self;
    #[inline]
    fn bitor(self, rhs: Self) -> Self {
        self.zip(rhs, |a, b| a | b)
    }
}

impl<const N: usize> BitOrAssign for Words<N> {
    #[inline]
    fn bitor_assign(&mut self, rhs: Self) {
        *self = *self | rhs;
    }
}

impl<const N: usize> BitXor for Words<N> {
    type Output = Self;
    #[inline]
    fn bitxor(self, rhs: Self) -> Self {
        self.zip(rhs, |a, b| a ^ b)
    }
}

impl<const N: usize> BitXorAssign for Words<N> {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Self) {
        *self = *self ^ rhs;
    }
}

impl<const N: usize> Sub for Words<N> {
    type Output = Self;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        self.zip(rhs, |a, b| a & !b)
    }
}

impl<const N: usize> Not for Words<N> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Words(self.0.map(|w| !w))
    }
}

impl<const N: usize> Shl<u32> for Words<N> {
    type Output = Self;
    /// Shift towards higher indices (bits shifted past the top are lost).
    #[inline]
    fn shl(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; N];
        for (k, o) in out.iter_mut().enumerate().skip(q) {
            let lo = self.0[k - q];
            *o = lo << r;
            if r > 0 && k > q {
                *o |= self.0[k - q - 1] >> (64 - r);
            }
        }
        Words(out)
    }
}

impl<const N: usize> Shr<u32> for Words<N> {
    type Output = Self;
    /// Shift towards lower indices.
    #[inline]
    fn shr(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; N];
        for (k, o) in out.iter_mut().enumerate() {
            let Some(&hi) = self.0.get(k + q) else { break };
            *o = hi >> r;
            if r > 0 {
                if let Some(&next) = self.0.get(k + q + 1) {
                    *o |= next << (64 - r);
                }
            }
        }
        Words(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Bitboard = [1u8, 5, 63].into_iter().collect();
        let b = Bitboard::from_index(5).with(7);
        assert_eq!((a & b).collect::<Vec<_>>(), vec![5]);
        assert_eq!((a | b).count(), 4);
        assert_eq!((a ^ b).collect::<Vec<_>>(), vec![1, 7, 63]);
        assert_eq!((a - b).collect::<Vec<_>>(), vec![1, 63]);
        assert!(a.contains(63) && !a.contains(2));
        assert_eq!((!a).count(), 61);
        assert_eq!((a << 1).collect::<Vec<_>>(), vec![2, 6]);
        assert_eq!((a >> 1).collect::<Vec<_>>(), vec![0, 4, 62]);
        assert_eq!(a << 64, Bitboard::EMPTY);
        assert!(a.more_than_one() && !Bitboard::from_index(3).more_than_one());
        assert_eq!(Bitboard::first_n(64), Bitboard::FULL);
        assert_eq!(Bitboard::first_n(3).0, 7);
        assert_eq!(a.without(5).first(), Some(1));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert!(a.every(|i| i % 2 == 1));
        assert_eq!(Bits::word(a, 0), a.0);
    }

    #[test]
    fn wide_sets() {
        let a: Bitboard128 = [0u8, 64, 127].into_iter().collect();
        assert_eq!(a.count(), 3);
        assert_eq!((a << 1).collect::<Vec<_>>(), vec![1, 65]);
        assert_eq!((a >> 64).collect::<Vec<_>>(), vec![0, 63]);
        assert_eq!(Bits::word(a, 0), 1);
        assert_eq!(Bits::word(a, 1), 1 | 1 << 63);
        assert_eq!(Bitboard128::first_n(100).count(), 100);
        assert_eq!(a.without(64).with(3).collect::<Vec<_>>(), vec![0, 3, 127]);
    }

    /// Every operation of the word-array sets against the same on `u128`
    /// pairs (two halves of a 256-bit set), on random sets and shifts.
    #[test]
    fn word_array_sets_match_two_u128() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(256);
        // The model: a set as (low, high) halves.
        let split = |w: Bitboard256| {
            (
                w.0[0] as u128 | (w.0[1] as u128) << 64,
                w.0[2] as u128 | (w.0[3] as u128) << 64,
            )
        };
        let indices = |w: Bitboard256| -> Vec<u8> { w.collect() };
        for _ in 0..2000 {
            let mut rand_set = || -> Bitboard256 {
                let density = rng.gen_range(0.0..0.2);
                (0..=255u8).filter(|_| rng.gen_bool(density)).collect()
            };
            let (a, b) = (rand_set(), rand_set());
            let (al, ah) = split(a);
            let (bl, bh) = split(b);
            assert_eq!(split(a & b), (al & bl, ah & bh));
            assert_eq!(split(a | b), (al | bl, ah | bh));
            assert_eq!(split(a ^ b), (al ^ bl, ah ^ bh));
            assert_eq!(split(a - b), (al & !bl, ah & !bh));
            assert_eq!(split(!a), (!al, !ah));
            assert_eq!(a.size(), al.count_ones() + ah.count_ones());
            assert_eq!(a.is_empty(), al == 0 && ah == 0);
            assert_eq!(a.intersects(b), al & bl != 0 || ah & bh != 0);
            assert_eq!(a.more_than_one(), a.size() > 1);
            let list = indices(a);
            assert_eq!(a.first(), list.first().copied());
            assert!(list.iter().all(|&i| a.contains(i)));
            assert_eq!(list.len() as u32, a.size());
            let n = rng.gen_range(0..300u32);
            let shifted = |f: &dyn Fn(u32) -> Option<u32>| -> Vec<u8> {
                let mut v: Vec<u8> = list
                    .iter()
                    .filter_map(|&i| f(i as u32))
                    .map(|i| i as u8)
                    .collect();
                v.sort_unstable();
                v
            };
            assert_eq!(
                indices(a << n),
                shifted(&|i| (i + n < 256).then_some(i + n)),
                "{a:?} << {n}"
            );
            assert_eq!(
                indices(a >> n),
                shifted(&|i| i.checked_sub(n)),
                "{a:?} >> {n}"
            );
            let i = rng.gen_range(0..=255u8);
            assert!(a.with(i).contains(i) && !a.without(i).contains(i));
            assert_eq!(Bits::word(a, 3), a.0[3]);
        }
        assert_eq!(Bitboard256::from_index(255).first(), Some(255));
        assert_eq!(Bitboard256::FULL.size(), 256);
        assert!(!Bitboard256::from_index(200).more_than_one());
    }
}
