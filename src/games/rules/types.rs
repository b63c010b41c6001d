//! The types of the rules language and the finite domains of state
//! (docs/rules-language.md, *Types and domains*).

/// A value's type, as the checker infers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// An integer; in state, within `lo..=hi` (when known).
    Int(Option<(i64, i64)>),
    /// `bool`
    Bool,
    /// An enumeration: its index among the block's enumerations.
    Enum(usize),
    /// `cell`
    Cell,
    /// `dir`
    Dir,
    /// `player`
    Player,
    /// `piece`
    Piece,
    /// `square`
    Square,
    /// `list of T max N`
    List(Box<Ty>, Option<u64>),
    /// A direction set (`orthogonal`, a `neighbourhood`).
    Hood,
    /// A value of any type (after an error: no second report).
    Any,
}

impl Ty {
    /// An integer type's bounds.
    pub fn range(self) -> Option<(i64, i64)> {
        match self {
            Ty::Int(r) => r,
            _ => None,
        }
    }

    /// Whether a value of `other` may be stored where `self` is wanted.
    pub fn accepts(&self, other: &Ty) -> bool {
        match (self, other) {
            (Ty::Any, _) | (_, Ty::Any) => true,
            (Ty::Int(_), Ty::Int(_)) => true,
            (Ty::List(a, _), Ty::List(b, _)) => a.accepts(b),
            (a, b) => a == b,
        }
    }

    /// The type's name as users write it.
    pub fn describe(&self, enums: &[Vec<String>]) -> String {
        match self {
            Ty::Int(Some((lo, hi))) => format!("an integer {lo}..{hi}"),
            Ty::Int(None) => "an integer".into(),
            Ty::Bool => "bool".into(),
            Ty::Enum(i) => enums
                .get(*i)
                .map_or("an enumeration".into(), |e| e.join(" | ")),
            Ty::Cell => "cell".into(),
            Ty::Dir => "dir".into(),
            Ty::Player => "player".into(),
            Ty::Piece => "piece".into(),
            Ty::Square => "square".into(),
            Ty::List(t, _) => format!("list of {}", t.describe(enums)),
            Ty::Hood => "a direction set".into(),
            Ty::Any => "any value".into(),
        }
    }

    /// The number of values of a state variable of this type, given the
    /// board's cells, the players, pieces and squares (`None`: not finite
    /// or over `u128`).
    pub fn domain(&self, sizes: &Sizes, enums: &[Vec<String>]) -> Option<u128> {
        Some(match self {
            Ty::Int(Some((lo, hi))) => (*hi as i128 - *lo as i128 + 1).max(1) as u128,
            Ty::Int(None) | Ty::Any | Ty::Hood => return None,
            Ty::Bool => 2,
            Ty::Enum(i) => enums.get(*i)?.len() as u128,
            Ty::Cell => sizes.cells as u128 + 1,
            Ty::Dir => 9,
            Ty::Player => sizes.players as u128 + 1,
            Ty::Piece => sizes.pieces as u128 + 1,
            Ty::Square => sizes.squares.max(1) as u128,
            Ty::List(t, Some(n)) => return bits_list(t.domain(sizes, enums)?, *n),
            Ty::List(_, None) => return None,
        })
    }
}

/// A list's key size as a "domain" of 2^bits (length and items).
fn bits_list(item: u128, n: u64) -> Option<u128> {
    let bits = bits(item + 1).checked_mul(n as u128)? + bits(n as u128 + 1);
    if bits >= 127 {
        // Reported by bits: large lists are counted in bits, not values.
        return Some(u128::MAX);
    }
    Some(1u128 << bits)
}

/// The bits to hold `n` distinct values.
pub fn bits(n: u128) -> u128 {
    if n <= 1 {
        0
    } else {
        128 - u128::from((n - 1).leading_zeros())
    }
}

/// The bits of a state variable of type `t`: like [`Ty::domain`], but a
/// list counts its length and items, whatever their number.
pub fn state_bits(t: &Ty, sizes: &Sizes, enums: &[Vec<String>]) -> Option<u128> {
    match t {
        Ty::List(item, Some(n)) => {
            let per = state_bits(item, sizes, enums)?.max(bits(item.domain(sizes, enums)? + 1));
            per.checked_mul(*n as u128)?
                .checked_add(bits(*n as u128 + 1))
        }
        _ => Some(bits(t.domain(sizes, enums)?)),
    }
}

/// What the domains of `cell`, `player`, `piece` and `square` depend on.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sizes {
    /// The board's cells.
    pub cells: u64,
    /// The players.
    pub players: u64,
    /// The pieces (the most a scenario may have).
    pub pieces: u64,
    /// The track's squares.
    pub squares: u64,
}

/// The most bits of a position's key (docs/rules-language.md, *Limits*).
pub const KEY_BITS: u128 = crate::limits::RULES_KEY_BITS;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_domains() {
        assert_eq!(bits(1), 0);
        assert_eq!(bits(2), 1);
        assert_eq!(bits(3), 2);
        assert_eq!(bits(1 << 20), 20);
        let s = Sizes {
            cells: 9,
            ..Sizes::default()
        };
        assert_eq!(state_bits(&Ty::Cell, &s, &[]), Some(4));
        assert_eq!(
            state_bits(&Ty::Int(Some((0, 1_000_000_000_000_000_000))), &s, &[]),
            Some(60)
        );
        // 10 items of 0..9 (11 values with the empty mark: 4 bits) and a length 0..10.
        let l = Ty::List(Box::new(Ty::Int(Some((0, 9)))), Some(10));
        assert_eq!(state_bits(&l, &s, &[]), Some(44));
        let huge = Ty::List(Box::new(Ty::Bool), Some(u64::MAX));
        assert!(state_bits(&huge, &s, &[]).is_none_or(|b| b > KEY_BITS));
    }
}
