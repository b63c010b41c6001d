//! Shrinking a failing judge case (`meeple judge`): from a position on
//! which a contestant's program fails, search smaller positions on which it
//! still fails, greedily, until no smaller candidate fails or the budget of
//! program runs is spent.
//!
//! The library side is pure: each game proposes its candidates
//! (`JudgePosition::shrink`, from `games::*::shrink::candidates`), [`admissible`] keeps the judge
//! instances, and [`shrink`] asks a caller's test (which runs the program)
//! whether a batch of candidates still fails.
//!
//! ```
//! use meeple::games::{footholds::judge::read, JudgePosition};
//! use meeple::shrink::{shrink, Settings};
//!
//! use meeple::games::footholds::rules::Position;
//!
//! let start = JudgePosition::new(read("[[1, 1, 1]] [0, 0] [0, 2]").unwrap());
//! // A "program" that fails on every board with more than one column.
//! let fails = |p: &JudgePosition| match p.downcast_ref::<Position>() {
//!     Some(f) if f.cols > 1 => Some(f.cols),
//!     _ => None,
//! };
//! let out = shrink(start, 3, &Settings::default(), |batch| batch.iter().map(fails).collect());
//! // The middle column dropped, A moved next to B, the cell it left a hole.
//! assert_eq!(out.position.input(), "[[0, 1]] [0, 1] [0, 1]\n");
//! assert_eq!((out.failure, out.steps, out.runs), (2, 3, 5));
//! ```

use crate::games::JudgePosition;

/// How to shrink.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Keep candidates beyond the judge's size limits (`--beyond-limits`).
    pub beyond_limits: bool,
    /// The most program runs spent on shrinking.
    pub max_runs: usize,
    /// How many candidates are tested at once (the caller may run them in
    /// parallel); the first failing one of a batch is taken.
    pub batch: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            beyond_limits: false,
            max_runs: 2000,
            batch: 1,
        }
    }
}

/// The smallest failing case found.
#[derive(Clone, Debug)]
pub struct Shrunk<T> {
    /// The position.
    pub position: JudgePosition,
    /// What the test said about it (the start's failure when nothing
    /// smaller failed).
    pub failure: T,
    /// Program runs spent (candidates tested).
    pub runs: usize,
    /// Smaller failing positions taken, one after another.
    pub steps: usize,
    /// The budget of runs was spent before every candidate was tried: a
    /// smaller failing case may exist.
    pub exhausted: bool,
    /// How many smaller candidates the last position tried proposed.
    pub proposed: usize,
    /// How many of those were not admissible (not judge instances).
    pub refused: usize,
    /// The reason refusing the most of those, and how many it refused.
    pub refused_why: Option<(String, usize)>,
}

impl<T> Shrunk<T> {
    /// When every smaller candidate of the case was refused before any was
    /// run (so "0 smaller failing cases" does not mean "already minimal"):
    /// `all N smaller candidates break …`.
    pub fn all_refused(&self) -> Option<String> {
        if self.proposed == 0 || self.refused < self.proposed {
            return None;
        }
        let n = self.proposed;
        let what = if n == 1 {
            "the one smaller candidate was refused before a run".to_string()
        } else {
            format!("all {n} smaller candidates were refused before a run")
        };
        Some(match &self.refused_why {
            Some((why, k)) => format!("{what}: {why} on {k} of them"),
            None => what,
        })
    }
}

/// Smaller positions than `p`, as its game proposes them (instances or not).
pub fn candidates(p: &JudgePosition) -> Vec<JudgePosition> {
    p.shrink()
}

/// Whether a candidate may be given to the program: a judge instance, or
/// (with `beyond_limits`) one that differs only in a size limit.
pub fn admissible(p: &JudgePosition, beyond_limits: bool) -> bool {
    match p.instance() {
        Ok(()) => true,
        Err(e) => beyond_limits && e.is_limit(),
    }
}

/// Shrink `start`, on which the program failed with `failure`: `test` gets
/// a batch of admissible candidates and says, for each, whether the program
/// still fails (`Some`) or not. The first failing candidate replaces the
/// current case, until none fails or [`Settings::max_runs`] is spent.
pub fn shrink<T>(
    start: JudgePosition,
    failure: T,
    settings: &Settings,
    mut test: impl FnMut(&[JudgePosition]) -> Vec<Option<T>>,
) -> Shrunk<T> {
    let mut out = Shrunk {
        position: start,
        failure,
        runs: 0,
        steps: 0,
        exhausted: false,
        proposed: 0,
        refused: 0,
        refused_why: None,
    };
    'step: loop {
        let all = candidates(&out.position);
        out.proposed = all.len();
        let mut why: Vec<(String, usize)> = Vec::new();
        let mut cands: Vec<JudgePosition> = Vec::new();
        for c in all {
            match c.instance() {
                Err(e) if !(settings.beyond_limits && e.is_limit()) => {
                    match why.iter_mut().find(|(w, _)| w == e.reason()) {
                        Some((_, k)) => *k += 1,
                        None => why.push((e.reason().to_string(), 1)),
                    }
                }
                _ => cands.push(c),
            }
        }
        out.refused = out.proposed - cands.len();
        // The reason refusing the most (ties: the first seen).
        out.refused_why = why.iter().rev().max_by_key(|(_, k)| *k).cloned();
        for chunk in cands.chunks(settings.batch.max(1)) {
            let left = settings.max_runs - out.runs;
            if left == 0 {
                out.exhausted = true;
                break 'step;
            }
            let chunk = &chunk[..chunk.len().min(left)];
            out.runs += chunk.len();
            let verdicts = test(chunk);
            if let Some((i, f)) = verdicts
                .into_iter()
                .enumerate()
                .find_map(|(i, v)| v.map(|f| (i, f)))
            {
                out.position = chunk[i].clone();
                out.failure = f;
                out.steps += 1;
                continue 'step;
            }
        }
        break;
    }
    out
}

/// A `.game` scenario of a judge position (after the definitions it needs:
/// a rules game's block): its game, the rules its judge
/// input cannot say (BOJ 17780's `rule mover bottom`), the input, `solve`,
/// `expect answer` with the judge's `answer` (its line, as the solver gives
/// it) and `line`, so running it shows the optimal play.
pub fn scenario(name: &str, p: &JudgePosition, answer: &str) -> String {
    let rules = p.rules();
    let name = name.replace('\\', "\\\\").replace('"', "\\\"");
    let field = p.answer_field();
    // A list field (`printed`, one value a line) is expected in its list
    // form, `[1, 2, 3]`.
    let value = if field == "printed" {
        format!(
            "[{}]",
            answer.split_whitespace().collect::<Vec<_>>().join(", ")
        )
    } else {
        answer.trim().to_string()
    };
    format!(
        "{}scenario \"{name}\" {{\n  game {}\n{rules}  input \"\"\"\n{}\"\"\"\n  solve\n  expect {} {}\n  line\n}}\n",
        p.definitions(),
        p.game_name(),
        p.input(),
        field,
        value
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{stacking, stacking::judge, yut};

    #[test]
    fn the_budget_of_runs_is_kept() {
        let start = JudgePosition::new(yut::judge::read("5 5 5 5 5 5 5 5 5 5").unwrap());
        let settings = Settings {
            max_runs: 7,
            batch: 3,
            ..Settings::default()
        };
        let mut seen = 0;
        let out = shrink(start, (), &settings, |b| {
            seen += b.len();
            vec![None; b.len()]
        });
        assert_eq!((out.runs, seen, out.exhausted, out.steps), (7, 7, true, 0));
    }

    #[test]
    fn candidates_stay_judge_instances_unless_beyond_limits() {
        let start = JudgePosition::new(yut::judge::read("2 2 2 2 2 2 2 2 2 2").unwrap());
        let always = |b: &[JudgePosition]| vec![Some(()); b.len()];
        let out = shrink(start.clone(), (), &Settings::default(), always);
        assert_eq!(out.position.input(), "1 1 1 1 1 1 1 1 1 1\n");
        let beyond = Settings {
            beyond_limits: true,
            ..Settings::default()
        };
        let out = shrink(start, (), &beyond, always);
        assert_eq!(out.position.input(), "1\n");
    }

    #[test]
    fn scenarios_say_the_mover() {
        let text = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n3 3 3\n";
        let mut case = judge::read(text).unwrap();
        case.setup.mover = stacking::rules::Mover::Bottom;
        let s = scenario("min \"1\"", &JudgePosition::new(case), "2\n");
        assert!(s.starts_with("scenario \"min \\\"1\\\"\" {\n  game stacking\n  rule mover bottom\n  input \"\"\"\n4 4\n"));
        assert!(s.ends_with("3 3 3\n\"\"\"\n  solve\n  expect answer 2\n  line\n}\n"));
    }
}
