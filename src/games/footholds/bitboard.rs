//! A set of up to 64 footholds as one `u64` (shakmaty-style newtype).
//!
//! The solver numbers only the footholds that matter (holes never do), so
//! bit `i` stands for the `i`-th relevant foothold whatever the board's size.

use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

/// A set of foothold indices `0..64`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 indices.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding only `i` (`i < 64`).
    #[inline]
    pub const fn from_index(i: u8) -> Bitboard {
        Bitboard(1u64 << (i & 63))
    }

    /// The set of indices `0..n` (`n <= 64`).
    #[inline]
    pub const fn first_n(n: usize) -> Bitboard {
        if n >= 64 {
            Bitboard::FULL
        } else {
            Bitboard((1u64 << n) - 1)
        }
    }

    /// Whether `i` is in the set.
    #[inline]
    pub const fn contains(self, i: u8) -> bool {
        self.0 >> (i & 63) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the sets share an element.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Number of elements.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one element.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The smallest element.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The set with `i` added.
    #[inline]
    pub const fn with(self, i: u8) -> Bitboard {
        Bitboard(self.0 | 1u64 << (i & 63))
    }

    /// Whether `f` holds for every element.
    #[inline]
    pub fn every(self, f: impl FnMut(u8) -> bool) -> bool {
        let mut it = self;
        it.all(f)
    }

    /// The set with `i` removed.
    #[inline]
    pub const fn without(self, i: u8) -> Bitboard {
        Bitboard(self.0 & !(1u64 << (i & 63)))
    }
}

impl Iterator for Bitboard {
    type Item = u8;

    /// Pops the smallest element.
    #[inline]
    fn next(&mut self) -> Option<u8> {
        let i = self.first()?;
        self.0 &= self.0 - 1;
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<u8> for Bitboard {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    /// Shift towards higher indices (bits shifted past 63 are lost).
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0.checked_shl(n).unwrap_or(0))
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    /// Shift towards lower indices.
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0.checked_shr(n).unwrap_or(0))
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
    }
}
