//! A position's key: every state slot packed bit by bit from its declared
//! domain (a list: its length, then its items), then the mover and the
//! known dice used (docs/rules-language.md, *Limits*). A `var`, layer or
//! field that no statement of `turn` assigns ([`Written`](super::program::Written))
//! is the same in every position of one solve: the key leaves it out.

use super::program::Dom;
use super::state::{width, Dice, Instance, State};
use super::types::bits;

struct Packer<'o> {
    out: &'o mut Vec<u64>,
    used: u32,
}

impl Packer<'_> {
    fn put(&mut self, value: u64, n: u32) {
        if n == 0 {
            return;
        }
        if self.used == 0 || self.used == 64 {
            self.out.push(0);
            self.used = 0;
        }
        let room = 64 - self.used;
        let last = self.out.len() - 1;
        if n <= room {
            self.out[last] |= value << self.used;
            self.used += n;
        } else {
            self.out[last] |= value << self.used;
            self.used = 64;
            self.put(value >> room, n - room);
        }
    }
}

/// The bits of one scalar of the domain.
pub fn scalar_bits(d: &Dom) -> u32 {
    bits((d.hi as i128 - d.lo as i128 + 1).max(1) as u128) as u32
}

fn put_dom(p: &mut Packer, s: &State, base: usize, d: &Dom) {
    let b = scalar_bits(d);
    match d.list_max {
        None => p.put((s.v[base] as i128 - d.lo as i128) as u64, b),
        Some(max) => {
            let len = s.v[base].clamp(0, max as i64) as usize;
            p.put(len as u64, bits(max as u128 + 1) as u32);
            for i in 0..len {
                p.put((s.v[base + 1 + i] as i128 - d.lo as i128) as u64, b);
            }
        }
    }
}

/// The bits of this instance's whole state (the cap of `too_big`; counted
/// with the state `turn` never writes, though `pack` leaves that out).
pub fn key_bits(inst: &Instance) -> u128 {
    let l = &inst.layout;
    let dom_bits = |d: &Dom| match d.list_max {
        None => scalar_bits(d) as u128,
        Some(max) => bits(max as u128 + 1) + scalar_bits(d) as u128 * max as u128,
    };
    let cells = (inst.rows * inst.cols).max(0) as u128;
    let pieces = inst.pieces.len() as u128;
    l.vars.iter().map(|(_, d)| dom_bits(d)).sum::<u128>()
        + l.layers
            .iter()
            .map(|(_, d)| dom_bits(d) * cells)
            .sum::<u128>()
        + l.fields
            .iter()
            .map(|(_, d)| dom_bits(d) * pieces)
            .sum::<u128>()
        + 1
        + 64
}

/// Pack `s` into `out` (cleared first).
pub fn pack(inst: &Instance, s: &State, out: &mut Vec<u64>) {
    out.clear();
    let mut p = Packer { out, used: 0 };
    let l = &inst.layout;
    let w = &inst.prog.written;
    for (i, (base, d)) in l.vars.iter().enumerate() {
        if w.var(i) {
            put_dom(&mut p, s, *base, d);
        }
    }
    let cells = (inst.rows * inst.cols).max(0) as usize;
    for (i, (base, d)) in l.layers.iter().enumerate() {
        if !w.layer(i) {
            continue;
        }
        for c in 0..cells {
            put_dom(&mut p, s, base + c * width(d), d);
        }
    }
    for (i, (base, d)) in l.fields.iter().enumerate() {
        if !w.field(i) {
            continue;
        }
        for q in 0..inst.pieces.len() {
            put_dom(&mut p, s, base + q * width(d), d);
        }
    }
    if inst.prog.decls.player_count == 2 {
        p.put(s.v[l.mover] as u64 & 1, 1);
    }
    match &inst.dice {
        Dice::Known(rolls) => p.put(s.v[l.dice] as u64, bits(rolls.len() as u128 + 1) as u32),
        Dice::Uniform(_, _, n) => {
            p.put(s.v[l.dice] as u64, bits(u128::from(*n) + 1).min(64) as u32)
        }
        Dice::None => {}
    }
}
