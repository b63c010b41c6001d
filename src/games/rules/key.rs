//! A position's key: every state slot packed bit by bit from its declared
//! domain (a list: its length, then its items), then the mover and the
//! known dice used (docs/rules-language.md, *Limits*). A `var`, layer or
//! field that no statement of `turn` assigns ([`Written`](super::program::Written))
//! is the same in every position of one solve: the key leaves it out.
//!
//! [`canonical`] is the key the solvers use: the present pieces of each
//! `interchangeable` range are packed piece by piece (every field, written
//! or not) in the order of their field tuples, so positions that differ only
//! by which of those pieces is where share one key. [`pack`] is the exact key
//! (a position's identity: `step`'s and `simulate`'s cycles).

use super::program::Dom;
use super::state::{width, Dice, Instance, State};
use super::types::bits;

/// Packs values bit by bit into whole words: the word being filled in a
/// register (`acc`, its low `used` bits taken), pushed when full.
struct Packer<'o> {
    out: &'o mut Vec<u64>,
    acc: u64,
    /// Always under 64.
    used: u32,
}

impl Packer<'_> {
    #[inline]
    fn put(&mut self, value: u64, n: u32) {
        if n == 0 {
            return;
        }
        let room = 64 - self.used;
        self.acc |= value << self.used;
        if n < room {
            self.used += n;
        } else {
            self.out.push(self.acc);
            self.acc = if room < 64 { value >> room } else { 0 };
            self.used = n - room;
        }
    }

    /// Push the last, partly filled word.
    fn finish(self) {
        if self.used > 0 {
            self.out.push(self.acc);
        }
    }
}

/// The bits of one scalar of the domain.
pub fn scalar_bits(d: &Dom) -> u32 {
    bits((d.hi as i128 - d.lo as i128 + 1).max(1) as u128) as u32
}

#[inline]
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

/// Pack `s` into `out` (cleared first): the exact key.
pub fn pack(inst: &Instance, s: &State, out: &mut Vec<u64>) {
    inst.key_plan().exact.pack(inst, s, out);
}

/// Pack `s` into `out` (cleared first), each `interchangeable` range's
/// pieces in a canonical order (the same as [`pack`] without one).
pub fn canonical(inst: &Instance, s: &State, out: &mut Vec<u64>) {
    let plan = inst.key_plan();
    if inst.groups.is_empty() {
        plan.exact.pack(inst, s, out);
    } else {
        plan.canonical.pack(inst, s, out);
    }
}

/// [`pack`] and [`canonical`] the plain way: every domain looked up in the
/// layout on each call (the reference the plans are tested against).
#[cfg(test)]
pub(crate) fn pack_plain(inst: &Instance, s: &State, out: &mut Vec<u64>, canon: bool) {
    pack_with(inst, s, out, canon && !inst.groups.is_empty());
}

/// One step of a [`Plan`].
#[derive(Clone, Debug)]
enum Item {
    /// `n` scalars at `base`, `base + stride`, …, each less `lo` in `bits`.
    Scalars {
        base: usize,
        n: usize,
        stride: usize,
        lo: i64,
        bits: u32,
    },
    /// A list variable at `base` (see `put_dom`).
    List { base: usize, dom: Dom },
    /// `n` list variables at `base`, `base + stride`, … (a list layer's
    /// cells, a list field's pieces).
    Lists {
        base: usize,
        n: usize,
        stride: usize,
        dom: Dom,
    },
    /// An `interchangeable` range whose pieces have one scalar field: the
    /// present members' slots, their values packed sorted.
    Sorted {
        slots: Vec<usize>,
        lo: i64,
        bits: u32,
    },
    /// Any other `interchangeable` range (by its index in `groups`): its
    /// pieces sorted by their field tuples, every field packed.
    Group(usize),
    /// The raw slot, masked, in `bits` (the mover, the dice used).
    Raw { slot: usize, mask: u64, bits: u32 },
}

/// A key's packing worked out once per instance from its layout, its
/// written state and its groups: the same bits as the plain packing,
/// without looking the domains up on every call.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    items: Vec<Item>,
}

/// The two plans of an instance.
#[derive(Clone, Debug, Default)]
pub struct Plans {
    /// [`pack`]'s.
    pub exact: Plan,
    /// [`canonical`]'s.
    pub canonical: Plan,
}

impl Plans {
    /// The plans of `inst` (its setup finished).
    pub fn of(inst: &Instance) -> Plans {
        Plans {
            exact: Plan::of(inst, false),
            canonical: Plan::of(inst, !inst.groups.is_empty()),
        }
    }
}

impl Plan {
    fn of(inst: &Instance, canon: bool) -> Plan {
        let mut items = Vec::new();
        let dom_item = |items: &mut Vec<Item>, base: usize, d: &Dom| match d.list_max {
            None => items.push(Item::Scalars {
                base,
                n: 1,
                stride: 1,
                lo: d.lo,
                bits: scalar_bits(d),
            }),
            Some(_) => items.push(Item::List { base, dom: *d }),
        };
        let l = &inst.layout;
        let w = &inst.prog.written;
        for (i, (base, d)) in l.vars.iter().enumerate() {
            if w.var(i) {
                dom_item(&mut items, *base, d);
            }
        }
        let cells = (inst.rows * inst.cols).max(0) as usize;
        let pieces = inst.pieces.len();
        for (i, (base, d)) in l.layers.iter().enumerate() {
            if !w.layer(i) {
                continue;
            }
            if d.list_max.is_none() {
                items.push(Item::Scalars {
                    base: *base,
                    n: cells,
                    stride: 1,
                    lo: d.lo,
                    bits: scalar_bits(d),
                });
            } else {
                items.push(Item::Lists {
                    base: *base,
                    n: cells,
                    stride: width(d),
                    dom: *d,
                });
            }
        }
        for (i, (base, d)) in l.fields.iter().enumerate() {
            if !w.field(i) {
                continue;
            }
            let wd = width(d);
            if !canon && d.list_max.is_none() {
                items.push(Item::Scalars {
                    base: *base,
                    n: pieces,
                    stride: wd,
                    lo: d.lo,
                    bits: scalar_bits(d),
                });
                continue;
            }
            for q in 0..pieces {
                if canon && inst.groups.iter().any(|g| g.contains(&q)) {
                    continue;
                }
                dom_item(&mut items, base + q * wd, d);
            }
        }
        if canon {
            for (gi, g) in inst.groups.iter().enumerate() {
                match l.fields[..] {
                    [(base, d)] if d.list_max.is_none() && g.len() <= SORTED_MAX => {
                        items.push(Item::Sorted {
                            slots: g
                                .clone()
                                .filter(|&q| inst.present[q])
                                .map(|q| base + q)
                                .collect(),
                            lo: d.lo,
                            bits: scalar_bits(&d),
                        })
                    }
                    _ => items.push(Item::Group(gi)),
                }
            }
        }
        if inst.prog.decls.player_count == 2 {
            items.push(Item::Raw {
                slot: l.mover,
                mask: 1,
                bits: 1,
            });
        }
        let dice_bits = match &inst.dice {
            Dice::Known(rolls) => Some(bits(rolls.len() as u128 + 1) as u32),
            Dice::Uniform(_, _, n) => Some(bits(u128::from(*n) + 1).min(64) as u32),
            Dice::None => None,
        };
        if let Some(b) = dice_bits {
            items.push(Item::Raw {
                slot: l.dice,
                mask: u64::MAX,
                bits: b,
            });
        }
        Plan { items }
    }

    /// Pack `s` into `out` (cleared first).
    fn pack(&self, inst: &Instance, s: &State, out: &mut Vec<u64>) {
        out.clear();
        let mut p = Packer {
            out,
            acc: 0,
            used: 0,
        };
        for item in &self.items {
            match item {
                Item::Scalars {
                    base,
                    n,
                    stride,
                    lo,
                    bits,
                } => {
                    if *n == 1 {
                        p.put(s.v[*base].wrapping_sub(*lo) as u64, *bits);
                    } else {
                        for x in s.v[*base..].iter().step_by(*stride).take(*n) {
                            p.put(x.wrapping_sub(*lo) as u64, *bits);
                        }
                    }
                }
                Item::List { base, dom } => put_dom(&mut p, s, *base, dom),
                Item::Lists {
                    base,
                    n,
                    stride,
                    dom,
                } => {
                    for k in 0..*n {
                        put_dom(&mut p, s, base + k * stride, dom);
                    }
                }
                Item::Sorted { slots, lo, bits } => {
                    let mut vals = [0i64; SORTED_MAX];
                    let n = slots.len();
                    for (v, &slot) in vals.iter_mut().zip(slots) {
                        *v = s.v[slot];
                    }
                    // Insertion sort: groups are small, keys nearly sorted.
                    for i in 1..n {
                        let mut j = i;
                        while j > 0 && vals[j - 1] > vals[j] {
                            vals.swap(j - 1, j);
                            j -= 1;
                        }
                    }
                    for &x in &vals[..n] {
                        p.put(x.wrapping_sub(*lo) as u64, *bits);
                    }
                }
                Item::Group(gi) => {
                    let (mut buf, mut heap) = ([0usize; SORTED_MAX], Vec::new());
                    for &q in sorted(inst, s, &inst.groups[*gi], &mut buf, &mut heap) {
                        for (base, d) in &inst.layout.fields {
                            put_dom(&mut p, s, base + q * width(d), d);
                        }
                    }
                }
                Item::Raw { slot, mask, bits } => p.put(s.v[*slot] as u64 & mask, *bits),
            }
        }
        p.finish();
    }
}

/// The most pieces of a range whose values are sorted in place.
const SORTED_MAX: usize = 16;

/// Compare two pieces' field tuples (fields in declaration order; a list
/// by its length, then its items).
fn cmp_pieces(inst: &Instance, s: &State, a: usize, b: usize) -> std::cmp::Ordering {
    for (base, d) in &inst.layout.fields {
        let w = width(d);
        let (x, y) = (base + a * w, base + b * w);
        let n = match d.list_max {
            None => 1,
            Some(max) => 1 + s.v[x].clamp(0, max as i64).max(s.v[y].clamp(0, max as i64)) as usize,
        };
        let o = s.v[x..x + n].cmp(&s.v[y..y + n]);
        if o.is_ne() {
            return o;
        }
    }
    std::cmp::Ordering::Equal
}

/// The present pieces of `group` in canonical order, in `buf`.
fn sorted<'b>(
    inst: &Instance,
    s: &State,
    group: &std::ops::Range<usize>,
    buf: &'b mut [usize],
    heap: &'b mut Vec<usize>,
) -> &'b [usize] {
    let members = group.clone().filter(|&q| inst.present[q]);
    let v: &mut [usize] = if group.len() <= buf.len() {
        let mut n = 0;
        for q in members {
            buf[n] = q;
            n += 1;
        }
        &mut buf[..n]
    } else {
        heap.extend(members);
        &mut heap[..]
    };
    // Insertion sort: groups are small, and most keys are nearly sorted.
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp_pieces(inst, s, v[j - 1], v[j]).is_gt() {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
    v
}

#[cfg(test)]
fn pack_with(inst: &Instance, s: &State, out: &mut Vec<u64>, canon: bool) {
    out.clear();
    let mut p = Packer {
        out,
        acc: 0,
        used: 0,
    };
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
        if d.list_max.is_none() {
            let b = scalar_bits(d);
            for &x in &s.v[*base..base + cells] {
                p.put((x as i128 - d.lo as i128) as u64, b);
            }
        } else {
            for c in 0..cells {
                put_dom(&mut p, s, base + c * width(d), d);
            }
        }
    }
    for (i, (base, d)) in l.fields.iter().enumerate() {
        if !w.field(i) {
            continue;
        }
        let wd = width(d);
        if !canon {
            if d.list_max.is_none() {
                let b = scalar_bits(d);
                for q in 0..inst.pieces.len() {
                    p.put((s.v[base + q * wd] as i128 - d.lo as i128) as u64, b);
                }
            } else {
                for q in 0..inst.pieces.len() {
                    put_dom(&mut p, s, base + q * wd, d);
                }
            }
            continue;
        }
        for q in 0..inst.pieces.len() {
            if inst.groups.iter().any(|g| g.contains(&q)) {
                continue;
            }
            put_dom(&mut p, s, base + q * wd, d);
        }
    }
    if canon {
        let (mut buf, mut heap) = ([0usize; 16], Vec::new());
        for g in &inst.groups {
            // One scalar field: the group's values sorted are its key.
            if let [(base, d)] = l.fields[..] {
                if d.list_max.is_none() && g.len() <= buf.len() {
                    let mut vals = [0i64; 16];
                    let mut n = 0;
                    for q in g.clone().filter(|&q| inst.present[q]) {
                        vals[n] = s.v[base + q];
                        n += 1;
                    }
                    // Insertion sort: groups are small (at most 16 here).
                    for i in 1..n {
                        let mut j = i;
                        while j > 0 && vals[j - 1] > vals[j] {
                            vals.swap(j - 1, j);
                            j -= 1;
                        }
                    }
                    let b = scalar_bits(&d);
                    for &x in &vals[..n] {
                        p.put((x as i128 - d.lo as i128) as u64, b);
                    }
                    continue;
                }
            }
            heap.clear();
            for &q in sorted(inst, s, g, &mut buf, &mut heap) {
                for (base, d) in &l.fields {
                    put_dom(&mut p, s, base + q * width(d), d);
                }
            }
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
    p.finish();
}
