//! Smaller yut setups for the judge's shrinker (`meeple judge`): each
//! candidate lowers one roll (to 1, or by one), lowers every roll of one
//! value to the next lower value present (fewer distinct values), or drops
//! the last roll (beyond the judge's ten rolls: kept only with
//! `--beyond-limits`). Every candidate has a smaller sum of rolls.

use super::judge::Setup;

/// Smaller setups than `s`, the largest cuts first.
pub fn candidates(s: &Setup) -> Vec<Setup> {
    let with = |rolls: Vec<u64>| Setup { rolls, ..s.clone() };
    let mut out = Vec::new();
    let mut values: Vec<u64> = s.rolls.clone();
    values.sort_unstable();
    values.dedup();
    // Fewer distinct values: every v becomes the value below it (or 1).
    for (i, &v) in values.iter().enumerate().rev() {
        let lower = if i > 0 { values[i - 1] } else { 1 };
        if lower < v {
            out.push(with(
                s.rolls
                    .iter()
                    .map(|&r| if r == v { lower } else { r })
                    .collect(),
            ));
        }
    }
    for (i, &r) in s.rolls.iter().enumerate() {
        for lower in [1, r.saturating_sub(1)] {
            if (1..r).contains(&lower) {
                let mut rolls = s.rolls.clone();
                rolls[i] = lower;
                let q = with(rolls);
                if !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }
    if s.rolls.len() > 1 {
        out.push(with(s.rolls[..s.rolls.len() - 1].to_vec()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::yut::judge::{read, write};

    #[test]
    fn candidates_lower_rolls_and_values() {
        let s = read("1 3 3 5 1 1 1 1 1 1").unwrap();
        let texts: Vec<String> = candidates(&s).iter().map(write).collect();
        assert_eq!(texts[0], "1 3 3 3 1 1 1 1 1 1\n");
        assert_eq!(texts[1], "1 1 1 5 1 1 1 1 1 1\n");
        assert!(texts.contains(&"1 2 3 5 1 1 1 1 1 1\n".to_string()));
        assert!(texts.contains(&"1 3 3 4 1 1 1 1 1 1\n".to_string()));
        assert!(texts.contains(&"1 3 3 5 1 1 1 1 1\n".to_string()));
        let sum = |s: &Setup| s.rolls.iter().sum::<u64>();
        for q in candidates(&s) {
            assert!(sum(&q) < sum(&s) && q.rolls.iter().all(|&r| r >= 1));
        }
        assert!(candidates(&read("1").unwrap()).is_empty());
    }
}
