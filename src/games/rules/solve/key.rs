//! Positions as table keys: the words [`Model::key`](super::super::model::Model::key)
//! packs, held inline when they fit in two words (no allocation for the
//! small games that are most of the work) and boxed otherwise.

use std::hash::{Hash, Hasher};

/// A packed position key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    /// One or two words (the second is 0 for one-word keys; `len` tells).
    Small { words: [u64; 2], len: u8 },
    /// Three words or more.
    Big(Box<[u64]>),
}

impl Key {
    /// The key of `words`.
    pub(crate) fn new(words: &[u64]) -> Key {
        match *words {
            [] => Key::Small {
                words: [0, 0],
                len: 0,
            },
            [a] => Key::Small {
                words: [a, 0],
                len: 1,
            },
            [a, b] => Key::Small {
                words: [a, b],
                len: 2,
            },
            _ => Key::Big(words.into()),
        }
    }

    /// Heap bytes the key holds beyond its own size (counted against
    /// `--memory`).
    pub(crate) fn heap_bytes(&self) -> u64 {
        match self {
            Key::Small { .. } => 0,
            Key::Big(w) => 8 * w.len() as u64,
        }
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Key::Small { words, len } => {
                state.write_u64(words[0]);
                state.write_u64(words[1] ^ u64::from(*len));
            }
            Key::Big(w) => {
                for x in w.iter() {
                    state.write_u64(*x);
                }
            }
        }
    }
}

/// Packs keys with one reused buffer.
pub(crate) struct Keyer {
    buf: Vec<u64>,
}

impl Keyer {
    pub(crate) fn new() -> Keyer {
        Keyer { buf: Vec::new() }
    }

    /// The key of `s`.
    pub(crate) fn key<M: super::super::model::Model + ?Sized>(
        &mut self,
        model: &M,
        s: &M::State,
    ) -> Key {
        self.buf.clear();
        model.key(s, &mut self.buf);
        Key::new(&self.buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_told_apart_and_big_keys_count_their_bytes() {
        assert_ne!(Key::new(&[5]), Key::new(&[5, 0]));
        assert_eq!(Key::new(&[1, 2]), Key::new(&[1, 2]));
        assert_eq!(Key::new(&[1, 2, 3]).heap_bytes(), 24);
        assert_eq!(Key::new(&[1]).heap_bytes(), 0);
    }
}
