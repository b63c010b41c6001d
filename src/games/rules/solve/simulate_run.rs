//! `simulate`'s stepper for the zero-player programs the compiled stepper
//! (`simulate_flat`) does not take — lists, piece fields, aggregates: the
//! interpreter runs each turn in place on the position
//! ([`Instance::step_in_place`]), journalling its writes, so a turn copies
//! no state and packs no key; the digest is updated from the journal.

use super::super::model::Stepper;
use super::super::state::{Dice, Instance, State};
use super::simulate_digest::Digest;

/// The interpreter's in-place turns.
pub(crate) struct InPlace<'a> {
    inst: &'a Instance,
    journal: Vec<(usize, i64)>,
    digest: Digest,
}

impl<'a> InPlace<'a> {
    /// The stepper of `inst`'s turn, when it has no players, no dice and
    /// does not read `moves` (its positions are then the slots alone).
    pub(crate) fn new(inst: &'a Instance) -> Option<InPlace<'a>> {
        let prog = &inst.prog;
        if prog.decls.player_count != 0 || prog.reads_moves || inst.dice != Dice::None {
            return None;
        }
        Some(InPlace {
            inst,
            journal: Vec::new(),
            digest: Digest::new(),
        })
    }
}

impl Stepper<State> for InPlace<'_> {
    fn step(&mut self, s: &mut State) -> bool {
        self.inst.step_in_place(s, &mut self.journal)
    }

    fn same(&self, a: &State, b: &State) -> bool {
        a.v == b.v
    }

    fn digest(&mut self, s: &State) -> u64 {
        self.digest.full(&s.v)
    }

    fn redigest(&mut self, s: &State, before: u64) -> u64 {
        self.digest.update(&s.v, &self.journal, before)
    }
}
