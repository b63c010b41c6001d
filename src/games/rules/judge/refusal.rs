//! Why `meeple gen` drew no instance of a rules game's judge format: over
//! the failed draws, how many each `require` refused (every one that fails
//! on a draw counts), how many the set-up stopped on (no `require` is
//! checked on those), and how many could not be drawn or read back. The
//! reason named is the one that refused the most draws.

/// What refused one draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Reason {
    /// The format's `require` item of this index does not hold.
    Require(usize),
    /// The rules' set-up stopped (a run-time error, a cell not in the
    /// legend, …): no `require` was checked.
    Setup,
    /// The drawn text does not read back by the format.
    Read,
    /// The format could not be drawn (more pieces than cells, …).
    Draw,
}

/// The tally of the failed draws.
#[derive(Debug, Default)]
pub(super) struct Refusal {
    pub draws: u32,
    /// Each reason, how many draws it refused, and its first message.
    counts: Vec<(Reason, u32, String)>,
}

impl Refusal {
    /// Count `reason` (with its message, in words) against the current draw.
    pub fn add(&mut self, reason: Reason, message: String) {
        match self.counts.iter_mut().find(|(r, _, _)| *r == reason) {
            Some((_, n, _)) => *n += 1,
            None => self.counts.push((reason, 1, message)),
        }
    }

    /// The reasons, the one that refused the most draws first (ties: a
    /// set-up before the requirements, then the format's order).
    fn ranked(&self) -> Vec<&(Reason, u32, String)> {
        let order = |r: &Reason| match r {
            Reason::Draw => 0,
            Reason::Read => 1,
            Reason::Setup => 2,
            Reason::Require(i) => 3 + *i,
        };
        let mut v: Vec<&(Reason, u32, String)> = self.counts.iter().collect();
        v.sort_by_key(|(r, n, _)| (std::cmp::Reverse(*n), order(r)));
        v
    }

    /// The reason that refused the most draws.
    pub fn worst(&self) -> Option<Reason> {
        self.ranked().first().map(|(r, _, _)| *r)
    }

    /// Why, in words: the reason that refused the most draws, with how
    /// many, then the others (at most two).
    pub fn why(&self) -> String {
        let ranked = self.ranked();
        let Some(((r, n, m), rest)) = ranked.split_first() else {
            return "no draw was made".into();
        };
        let of = format!("{n} of the {} draws", self.draws);
        let mut out = match r {
            Reason::Require(_) => format!("`require {m}` does not hold on {of}"),
            Reason::Setup => format!("the set-up fails on {of}: {m}"),
            Reason::Read => format!("{of} do not read back: {m}"),
            Reason::Draw => format!("{of} cannot be drawn: {m}"),
        };
        let others: Vec<String> = rest
            .iter()
            .take(2)
            .map(|(r, n, m)| match r {
                Reason::Require(_) => format!("`require {m}` on {n}"),
                Reason::Setup => format!("the set-up on {n}"),
                Reason::Read => format!("reading back on {n}"),
                Reason::Draw => format!("drawing on {n}"),
            })
            .collect();
        if !others.is_empty() {
            out.push_str(&format!(" (also refused by {})", others.join(", ")));
        }
        out
    }

    /// A help that fits the reason that refused the most draws.
    pub fn help(&self) -> String {
        match self.worst() {
            Some(Reason::Setup) => "the rules' set-up cannot handle these draws, and no `require` \
                 is checked on a draw it stops on: make the set-up handle them, or steer the \
                 draws away with the shape options (--NAME A..B, --weights K=W,…)"
                .into(),
            Some(Reason::Require(_)) => "random draws seldom meet this requirement: steer the \
                 draws towards it with the shape options (--NAME A..B, --weights K=W,…), or \
                 loosen it"
                .into(),
            _ => "widen the shape options, or loosen the format's `require`".into(),
        }
    }
}
