//! Why a position is not an instance of its game's judge problem (see each
//! game's `judge::instance`).

use std::fmt;

/// What differs between a position and its game's judge problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotInstance {
    /// A rule or the kind of position differs (king steps, B first, a
    /// user-defined track, stack 3…): no judge input can say it.
    Rule(String),
    /// The judge's rules, beyond its size limits (a 6 × 6 footholds board,
    /// 11 yut rolls, N = 13): the judge format can write it, the judge's
    /// problem statement does not allow it.
    Limit(String),
}

impl NotInstance {
    /// What differs, in words.
    pub fn reason(&self) -> &str {
        match self {
            NotInstance::Rule(s) | NotInstance::Limit(s) => s,
        }
    }

    /// Only a size limit differs.
    pub fn is_limit(&self) -> bool {
        matches!(self, NotInstance::Limit(_))
    }
}

impl fmt::Display for NotInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

impl std::error::Error for NotInstance {}

/// `Err(Rule(what))` unless `ok`.
pub fn rule(ok: bool, what: impl FnOnce() -> String) -> Result<(), NotInstance> {
    if ok {
        Ok(())
    } else {
        Err(NotInstance::Rule(what()))
    }
}

/// `Err(Limit(…))` unless `lo <= value <= hi`, naming `what` and the judge's range.
pub fn limit(what: &str, value: usize, lo: usize, hi: usize) -> Result<(), NotInstance> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(NotInstance::Limit(format!(
            "{what} is {value}; the judge allows {lo}..{hi}"
        )))
    }
}
