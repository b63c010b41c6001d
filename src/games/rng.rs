//! Random numbers for drawing positions (`meeple gen`): SplitMix64
//! (Steele, Lea and Flood, 2014), written out here so that a seed gives the
//! same cases on every machine and with every version of every crate.

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection of `u64` that mixes every bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The stream of case `index` under `seed`: every case has its own, so
    /// case `i` does not depend on how many cases came before it.
    pub fn for_case(seed: u64, index: u64) -> Rng {
        Rng {
            state: mix(seed) ^ mix(index.wrapping_add(GOLDEN)),
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        mix(self.state)
    }

    /// A number in `lo..=hi` (`lo <= hi`), without modulo bias.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = hi - lo;
        if span == u64::MAX {
            return self.next_u64();
        }
        let n = span + 1;
        // Reject the top sliver that would favour small values.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return lo + x % n;
            }
        }
    }

    /// A `usize` in `lo..=hi`.
    pub fn range_usize(&mut self, lo: usize, hi: usize) -> usize {
        self.range(lo as u64, hi as u64) as usize
    }

    /// `true` with probability `p` (53 bits of precision).
    pub fn chance(&mut self, p: f64) -> bool {
        let x = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        x < p
    }

    /// An index drawn with the given weights (not all zero).
    pub fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut x = self.range(0, total - 1);
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed_forever() {
        // SplitMix64's published first output for state 0 + golden step.
        let mut r = Rng { state: 0 };
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut a = Rng::for_case(42, 7);
        let mut b = Rng::for_case(42, 7);
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        assert_eq!(xs, (0..5).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(Rng::for_case(42, 8).next_u64(), xs[0]);
    }

    #[test]
    fn ranges_and_weights_stay_inside() {
        let mut r = Rng::for_case(1, 1);
        let mut seen = [0u32; 3];
        for _ in 0..3000 {
            let x = r.range(2, 4);
            assert!((2..=4).contains(&x));
            seen[(x - 2) as usize] += 1;
            assert_ne!(r.weighted(&[1, 0, 3]), 1);
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(r.range(u64::MAX, u64::MAX), u64::MAX);
    }
}
