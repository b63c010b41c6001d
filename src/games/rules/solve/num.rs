//! Exact expected totals without fractions where they are not needed.
//!
//! With dice of `s` equally likely faces every probability of a line of play
//! is a multiple of `1/s^k`, so a value is kept as an integer over a power
//! of `s` ([`Num::Int`]: `n / s^e`, `i128`, checked). Known dice never roll,
//! so their values stay whole (`e = 0`). A sum that overflows, or a die
//! whose faces are not `s` equally likely ones, falls back to an exact
//! fraction ([`Num::Frac`]); either way the answer is the same exact
//! fraction as a fraction-only search gives.

use super::super::model::Prob;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use std::cell::Cell;
use std::cmp::Ordering;

/// A value: `Int(n, e)` is `n / s^e` for the solve's faces `s`.
#[derive(Clone, Debug)]
pub(crate) enum Num {
    Int(i128, u32),
    Frac(BigRational),
}

impl Default for Num {
    fn default() -> Self {
        Num::Int(0, 0)
    }
}

/// The arithmetic of one solve: the faces `s` of its dice, fixed by the
/// first die met (0 until then).
#[derive(Default)]
pub(crate) struct Arith {
    faces: Cell<u64>,
}

impl Arith {
    fn pow(&self, e: u32) -> Option<i128> {
        (self.faces.get() as i128).checked_pow(e)
    }

    /// `n / s^e` raised to `s^to` (`to >= e`).
    fn lift(&self, n: i128, e: u32, to: u32) -> Option<i128> {
        if to == e {
            return Some(n);
        }
        n.checked_mul(self.pow(to - e)?)
    }

    /// The exact fraction.
    pub(crate) fn frac(&self, v: &Num) -> BigRational {
        match v {
            Num::Frac(f) => f.clone(),
            Num::Int(n, 0) => BigRational::from_integer(BigInt::from(*n)),
            Num::Int(n, e) => BigRational::new(
                BigInt::from(*n),
                num_traits::pow(BigInt::from(self.faces.get()), *e as usize),
            ),
        }
    }

    /// `a + b`.
    pub(crate) fn add(&self, a: &Num, b: &Num) -> Num {
        if let (Num::Int(x, ex), Num::Int(y, ey)) = (a, b) {
            let e = (*ex).max(*ey);
            if let Some(s) = self
                .lift(*x, *ex, e)
                .zip(self.lift(*y, *ey, e))
                .and_then(|(x, y)| x.checked_add(y))
            {
                return Num::Int(s, e);
            }
        }
        Num::Frac(self.frac(a) + self.frac(b))
    }

    /// Compare `a` and `b` exactly.
    pub(crate) fn cmp(&self, a: &Num, b: &Num) -> Ordering {
        if let (Num::Int(x, ex), Num::Int(y, ey)) = (a, b) {
            let e = (*ex).max(*ey);
            if let (Some(x), Some(y)) = (self.lift(*x, *ex, e), self.lift(*y, *ey, e)) {
                return x.cmp(&y);
            }
        }
        self.frac(a).cmp(&self.frac(b))
    }

    /// A die's value: each branch's probability and value.
    pub(crate) fn chance(&self, parts: Vec<(Prob, Num)>) -> Num {
        if let Some(v) = self.uniform(&parts) {
            return v;
        }
        Num::Frac(parts.into_iter().fold(BigRational::zero(), |acc, (p, v)| {
            acc + p.ratio() * self.frac(&v)
        }))
    }

    /// The die's value as `Σ v / s` when it has `s` equally likely faces.
    fn uniform(&self, parts: &[(Prob, Num)]) -> Option<Num> {
        let n = parts.len() as u64;
        if n == 0 || !parts.iter().all(|(p, _)| p.is_one_in(n)) {
            return None;
        }
        match self.faces.get() {
            0 => self.faces.set(n),
            s if s != n => return None,
            _ => {}
        }
        let e = parts.iter().try_fold(0u32, |e, (_, v)| match v {
            Num::Int(_, x) => Some(e.max(*x)),
            Num::Frac(_) => None,
        })?;
        let mut sum: i128 = 0;
        for (_, v) in parts {
            let Num::Int(x, ex) = v else { return None };
            sum = sum.checked_add(self.lift(*x, *ex, e)?)?;
        }
        // Keep the exponent small: divide out whole factors of `s`.
        let (mut sum, mut e) = (sum, e + 1);
        let s = n as i128;
        while e > 0 && !sum.is_zero() && sum % s == 0 {
            sum /= s;
            e -= 1;
        }
        if sum.is_zero() {
            e = 0;
        }
        Some(Num::Int(sum, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// A tiny xorshift: the same random trees on every run.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// A random tree's value both ways: with `Arith` and with fractions.
    fn both(a: &Arith, rng: &mut Rng, depth: u32, faces: u64, big: bool) -> (Num, BigRational) {
        let leaf = depth == 0 || rng.next().is_multiple_of(4);
        if leaf {
            let r = if big {
                i64::MAX - (rng.next() % 1000) as i64
            } else {
                (rng.next() % 41) as i64 - 20
            };
            return (Num::Int(r as i128, 0), q(r, 1));
        }
        match rng.next() % 3 {
            0 => {
                // A choice: the larger of two.
                let (x, fx) = both(a, rng, depth - 1, faces, big);
                let (y, fy) = both(a, rng, depth - 1, faces, big);
                assert_eq!(a.cmp(&x, &y), fx.cmp(&fy));
                if a.cmp(&x, &y) == Ordering::Less {
                    (y, fy)
                } else {
                    (x, fx)
                }
            }
            1 => {
                let (x, fx) = both(a, rng, depth - 1, faces, big);
                let (y, fy) = both(a, rng, depth - 1, faces, big);
                (a.add(&x, &y), fx + fy)
            }
            _ => {
                let p = Prob::new(1, faces);
                let kids: Vec<_> = (0..faces)
                    .map(|_| both(a, rng, depth - 1, faces, big))
                    .collect();
                let want = kids
                    .iter()
                    .fold(BigRational::zero(), |acc, (_, f)| acc + p.ratio() * f);
                let got = a.chance(kids.into_iter().map(|(v, _)| (p, v)).collect());
                (got, want)
            }
        }
    }

    #[test]
    fn integer_values_equal_the_fractions_on_random_trees() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut ints = 0;
        for round in 0..300 {
            let faces = 2 + round % 5;
            let big = round % 10 == 9;
            let a = Arith::default();
            let (v, want) = both(&a, &mut rng, 6, faces, big);
            assert_eq!(a.frac(&v), want, "round {round}");
            if matches!(v, Num::Int(..)) {
                ints += 1;
            }
        }
        // Most trees stay on the integer path; the huge rewards overflow it.
        assert!(ints > 200, "{ints}");
    }

    #[test]
    fn a_die_of_other_faces_or_odd_odds_falls_back_to_fractions() {
        let a = Arith::default();
        let half = Prob::new(1, 2);
        let v = a.chance(vec![(half, Num::Int(1, 0)), (half, Num::Int(2, 0))]);
        assert!(matches!(v, Num::Int(3, 1)));
        let third = Prob::new(1, 3);
        let w = a.chance(vec![
            (third, Num::Int(1, 0)),
            (third, Num::Int(1, 0)),
            (third, Num::Int(2, 0)),
        ]);
        assert!(matches!(w, Num::Frac(_)));
        assert_eq!(a.frac(&w), q(4, 3));
        let (p, r) = (Prob::new(1, 4), Prob::new(3, 4));
        let u = a.chance(vec![(p, Num::Int(4, 0)), (r, Num::Int(8, 0))]);
        assert_eq!(a.frac(&u), q(7, 1));
        assert_eq!(a.frac(&a.add(&v, &w)), q(3, 2) + q(4, 3));
    }

    #[test]
    fn overflow_falls_back_to_fractions() {
        let a = Arith::default();
        let half = Prob::new(1, 2);
        let m = Num::Int(i128::MAX, 0);
        let v = a.chance(vec![(half, m.clone()), (half, m.clone())]);
        assert_eq!(a.frac(&v), a.frac(&m));
        let s = a.add(&m, &m);
        assert!(matches!(s, Num::Frac(_)));
        assert_eq!(a.frac(&s), a.frac(&m) * BigRational::from_integer(2.into()));
    }
}
