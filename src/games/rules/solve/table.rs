//! A hash table from position keys to values whose bytes are counted
//! against the budget's memory cap (`--memory`): a search whose table would
//! pass it stops with [`LimitHit::Memory`] ([`Table::put`]). (A
//! transposition table that only kept its old entries once full let a deep
//! search redo every subtree below them: exponential time instead of an
//! answer or a clear stop.)

use super::key::Key;
use crate::budget::{Budget, LimitHit};
use rustc_hash::FxHashMap;

/// Keys to values, within a memory cap.
pub(crate) struct Table<V> {
    map: FxHashMap<Key, V>,
    /// Bytes the keys hold on the heap.
    heap: u64,
    /// The cap, in bytes.
    limit: u64,
    /// Whether an insert was refused for lack of memory.
    full: bool,
}

/// Bytes a hash table of `capacity` entries of `entry` bytes takes (its
/// buckets, one control byte each, at 7/8 load).
fn table_bytes(capacity: usize, entry: usize) -> u64 {
    let buckets = (capacity as u64 * 8).div_ceil(7).next_power_of_two();
    buckets * (entry as u64 + 1)
}

impl<V> Table<V> {
    /// An empty table under the budget's memory cap.
    pub(crate) fn new(budget: &Budget) -> Table<V> {
        Table {
            map: FxHashMap::default(),
            heap: 0,
            limit: budget.memory_bytes(),
            full: false,
        }
    }

    /// Make room for `n` entries at once when that takes at most a
    /// sixteenth of the cap (a search that will fill the table then skips
    /// its first regrowths); otherwise nothing.
    pub(crate) fn reserve(&mut self, n: usize) {
        if table_bytes(n, std::mem::size_of::<(Key, V)>()) <= self.limit / 16 {
            self.map.reserve(n);
        }
    }

    /// Bytes held now: the buckets and the keys' heap words.
    pub(crate) fn bytes(&self) -> u64 {
        table_bytes(self.map.capacity(), std::mem::size_of::<(Key, V)>()) + self.heap
    }

    /// Entries held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether an entry was ever refused for memory.
    #[cfg(test)]
    pub(crate) fn was_full(&self) -> bool {
        self.full
    }

    /// The value at `key`.
    #[inline]
    pub(crate) fn get(&self, key: &Key) -> Option<&V> {
        self.map.get(key)
    }

    /// The value at `key`, to change in place.
    #[inline]
    pub(crate) fn get_mut(&mut self, key: &Key) -> Option<&mut V> {
        self.map.get_mut(key)
    }

    /// The buckets' bytes after one more entry, growing if needed.
    fn buckets_with_one_more(&self) -> u64 {
        let entry = std::mem::size_of::<(Key, V)>();
        let cap = self.map.capacity();
        if self.map.len() >= cap {
            table_bytes((cap * 2).max(4), entry)
        } else {
            table_bytes(cap, entry)
        }
    }

    /// The bytes the table would hold with `key` added, growing if needed.
    fn bytes_with(&self, key: &Key) -> u64 {
        self.buckets_with_one_more() + self.heap + key.heap_bytes()
    }

    /// The value at `key`, with `fresh` stored there first when there is
    /// none (within the cap, as [`Table::put`]): one look-up for a search
    /// that reads an entry and then marks it.
    pub(crate) fn slot(&mut self, key: Key, fresh: V) -> Result<&mut V, LimitHit> {
        use std::collections::hash_map::Entry;
        let buckets = self.buckets_with_one_more();
        match self.map.entry(key) {
            Entry::Occupied(o) => Ok(o.into_mut()),
            Entry::Vacant(v) => {
                let needed = buckets + self.heap + v.key().heap_bytes();
                if needed > self.limit {
                    self.full = true;
                    return Err(LimitHit::Memory {
                        limit: self.limit,
                        needed,
                    });
                }
                self.heap += v.key().heap_bytes();
                Ok(v.insert(fresh))
            }
        }
    }

    /// Store `value` at `key`, or report the memory it would need.
    pub(crate) fn put(&mut self, key: Key, value: V) -> Result<(), LimitHit> {
        self.put_sized(key, value, 0)
    }

    /// Store `value`, which holds `extra` heap bytes, at `key`.
    pub(crate) fn put_sized(&mut self, key: Key, value: V, extra: u64) -> Result<(), LimitHit> {
        if let Some(v) = self.map.get_mut(&key) {
            *v = value;
            return Ok(());
        }
        let needed = self.bytes_with(&key) + extra;
        if needed > self.limit {
            self.full = true;
            return Err(LimitHit::Memory {
                limit: self.limit,
                needed,
            });
        }
        self.heap += key.heap_bytes() + extra;
        self.map.insert(key, value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_refuses_and_says_how_much_it_needed() {
        let budget = Budget::unlimited().with_memory(2048);
        let mut t: Table<u64> = Table::new(&budget);
        let mut stored = 0;
        for i in 0..1000u64 {
            if t.put(Key::new(&[i]), i).is_err() {
                break;
            }
            stored += 1;
        }
        assert!(stored > 0 && stored < 1000);
        assert!(t.was_full() && t.bytes() <= 2048);
        assert_eq!(t.len(), stored);
        // A slot that is there is read without memory; a new one is counted.
        assert_eq!(t.slot(Key::new(&[0]), 7).map(|v| *v), Ok(0));
        assert!(t.slot(Key::new(&[6000]), 7).is_err());
        // Replacing an entry never needs memory.
        assert!(t.put(Key::new(&[0]), 9).is_ok());
        assert_eq!(t.get(&Key::new(&[0])), Some(&9));
        assert!(t.put(Key::new(&[5000]), 1).is_err());
        assert_eq!(t.get(&Key::new(&[5000])), None);
    }
}
