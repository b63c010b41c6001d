//! Random scenarios with exact answers (`meeple gen GAME --count N`): a
//! collection of positions drawn within shape options (the judge's limits by
//! default), each with `solve` and an `expect` line for every field of the
//! solver's answer, so that the file passes `meeple test` as written.
//!
//! Case `i` of seed `S` is drawn from its own random stream (SplitMix64
//! seeded from `S` and `i`, see [`rng`]): the same seed and options give
//! the same bytes on every machine, whatever the thread count and whatever
//! `--where` rejected before it. `--where` conditions ([`Condition`]) keep
//! the candidates whose solve fields meet them all; `--edge` puts each
//! problem's edge cases ([`edge`]) first. What is particular to a game (its
//! shape options, drawing, edge cases, declarations, `--where` fields) it
//! gives through [`crate::games::Game`] and [`crate::games::GenShape`];
//! this module is the driver around them.
//!
//! ```
//! use meeple::gen::{case, generate, FootholdsShape, Options};
//! use meeple::games::GameKind;
//!
//! let options = Options::new(GameKind::Footholds, &[("--rows", "1..3")], &["answer >= 2"]).unwrap();
//! let out = generate(&options, 3, 42, &|_, _| {}).unwrap();
//! assert_eq!(out.cases.len(), 3);
//! assert!(out.text.contains("scenario \"gen 001 (seed 42)\""));
//! assert_eq!(meeple::run_source("gen.game", &out.text).exit_code(), 0);
//! // One case on its own, as a judge runner takes it: the same position.
//! let one = case(&options, 42, out.cases[0].index.unwrap()).unwrap();
//! assert_eq!(one.position, out.cases[0].position);
//! assert_eq!(options.shape.downcast_ref::<FootholdsShape>().unwrap().rows.hi, 3);
//! ```

pub mod draw;
pub mod edge;
pub mod filter;
pub mod rng;
pub mod shape;

pub use crate::games::{OptionError, Shape};
pub use filter::{Condition, Op, Value};
pub use shape::{FootholdsShape, Interval, RulesShape, StackingShape, TrackChoice, YutShape};

use crate::error::{Code, Diag};
use crate::games::{FieldValue, GameKind, JudgePosition};
use crate::interp::Event;
use crate::limits::Limits;
use crate::pipeline::{run_source_with, Outcome, RunConfig};
use crate::syntax::dialect::Field;
use rayon::prelude::*;
use std::fmt::Write;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Options {
    /// The game and the shape of its positions.
    pub shape: Shape,
    /// `--where`: every case meets all of them.
    pub conditions: Vec<Condition>,
    /// `--edge`: the edge cases first.
    pub edge: bool,
    /// `--tries`: the most candidates drawn (`None`: [`default_tries`]).
    pub tries: Option<u64>,
    /// Budgets for each solve (`--timeout`, `--max-states`, `--memory`).
    pub limits: Limits,
    /// `--rules FILE`: the script whose rules block the shape draws.
    pub rules: Option<String>,
}

impl Options {
    /// The options of `game` from shape options as `(flag, value)` pairs and
    /// `--where` conditions as written; no `--edge`, default tries and limits.
    pub fn new(
        game: GameKind,
        shape: &[(&str, &str)],
        conditions: &[&str],
    ) -> Result<Options, OptionError> {
        Ok(Options {
            shape: shape::parse(game, shape)?,
            conditions: conditions
                .iter()
                .map(|c| Condition::parse(game, c))
                .collect::<Result<_, _>>()?,
            edge: false,
            tries: None,
            limits: Limits::default(),
            rules: None,
        })
    }

    /// The options of the rules block `name` of the script `file` (`meeple
    /// gen NAME --rules FILE`): shape options `--NAME A..B`, `--weights
    /// K=W,…`, `--beyond-limits`, and `--where` conditions on its
    /// objective's fields.
    pub fn rules(
        file: &str,
        name: &str,
        shape: &[(&str, &str)],
        conditions: &[&str],
    ) -> Result<Options, OptionError> {
        let (shape, objective) = shape::parse_rules(file, name, shape)?;
        Ok(Options {
            shape,
            conditions: conditions
                .iter()
                .map(|c| Condition::parse_rules(name, &objective, c))
                .collect::<Result<_, _>>()?,
            edge: false,
            tries: None,
            limits: Limits::default(),
            rules: Some(file.to_string()),
        })
    }

    /// The game.
    pub fn game(&self) -> GameKind {
        self.shape.game()
    }

    /// The command line that writes this file (every option written out).
    pub fn command(&self, count: usize, seed: u64) -> String {
        let mut words = vec![
            "meeple".to_string(),
            "gen".into(),
            self.shape.game_name(),
            "--count".into(),
            count.to_string(),
            "--seed".into(),
            seed.to_string(),
        ];
        if let Some(file) = &self.rules {
            words.push("--rules".into());
            words.push(shell_word(file));
        }
        words.extend(self.shape.args().iter().map(|a| shell_word(a)));
        for c in &self.conditions {
            words.push("--where".into());
            words.push(format!("\"{c}\""));
        }
        if self.edge {
            words.push("--edge".into());
        }
        words.push("--tries".into());
        words.push(self.tries.unwrap_or(default_tries(count)).to_string());
        if let Some(n) = self.limits.max_states {
            words.push(format!("--max-states {n}"));
        }
        if let Some(t) = self.limits.timeout {
            words.push(format!("--timeout {}", t.as_secs_f64()));
        }
        words.join(" ")
    }
}

/// `word` as a shell reads it back: as it is when it holds only letters,
/// digits and `_ . / = , : + - @ %`, else in single quotes (so a header's
/// `--weights '#=1,.=3'` pastes into a shell).
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./=,:+-@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `--tries` when not given: 100 candidates per case asked for, at least 1000.
pub fn default_tries(count: usize) -> u64 {
    (count as u64).saturating_mul(100).max(1000)
}

/// A seed for a run without `--seed`: random, from the standard library's
/// hasher keys (the seed is written in the file's header).
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish() % 1_000_000_000
}

/// One generated case.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its scenario's name: `gen 001 (seed 42)`, `gen 002 (edge: …)`.
    pub name: String,
    /// The random case's index under the seed (`None`: an edge case).
    pub index: Option<u64>,
    /// The edge case it is, if one.
    pub edge: Option<String>,
    /// The start position, in the judge codec's type
    /// ([`JudgePosition::input`] writes its judge input).
    pub position: JudgePosition,
    /// The solve's fields (what the `expect` lines say).
    pub fields: Vec<(Field, FieldValue)>,
    /// The scenario, `scenario "NAME" { … solve, expect … }` and a newline
    /// (a yut case on a chosen track needs [`prelude`] before it).
    pub scenario: String,
}

impl Case {
    /// One of its fields, by name.
    pub fn field(&self, name: &str) -> Option<&FieldValue> {
        let f = Field::from_name(name)?;
        self.fields.iter().find(|(g, _)| *g == f).map(|(_, v)| v)
    }

    fn named(mut self, shape: &Shape, name: String) -> Case {
        self.scenario = scenario_text(shape, &name, &self.position, &self.fields);
        self.name = name;
        self
    }
}

/// What a collection needs before its scenarios: the chosen track's
/// definition (yut `--track`), or nothing.
pub fn prelude(shape: &Shape) -> String {
    shape.prelude()
}

fn scenario_text(
    shape: &Shape,
    name: &str,
    position: &JudgePosition,
    fields: &[(Field, FieldValue)],
) -> String {
    let mut out = format!("scenario \"{name}\" {{\n  game {}\n", shape.game_name());
    out.push_str(&shape.declarations(position));
    out.push_str("  solve\n");
    for (f, v) in fields {
        let _ = writeln!(out, "  expect {f} {v}");
    }
    out.push_str("}\n");
    out
}

/// Solve a position with the exact solver (through the scenario it
/// writes, as `meeple test` will run it).
fn solve(shape: &Shape, position: JudgePosition, limits: &Limits) -> Result<Case, Diag> {
    let text = format!(
        "{}{}",
        prelude(shape),
        scenario_text(shape, "gen", &position, &[])
    );
    let config = RunConfig {
        limits: limits.clone(),
        filter: None,
    };
    let run = run_source_with("gen", &text, &config);
    let events = match run.outcome {
        Outcome::Ran(mut runs) if runs.len() == 1 => runs.remove(0).events,
        Outcome::Invalid(mut d) if !d.is_empty() => return Err(d.remove(0)),
        _ => {
            return Err(Diag::new(
                Code::QueryMissing,
                "the generated scenario did not run",
            ))
        }
    };
    for e in events {
        match e {
            Event::Answer { answer, .. } => {
                let fields = answer.fields();
                // A field the budget left open (stacking's `cycle unknown`)
                // cannot be an `expect` line: the solve stopped at a limit.
                if fields
                    .iter()
                    .any(|(_, v)| matches!(v, FieldValue::Word(w) if w == "unknown"))
                {
                    return Err(Diag::new(
                        Code::LimitStates,
                        "the solve's budget ran out before every field was known",
                    ));
                }
                return Ok(Case {
                    name: String::new(),
                    index: None,
                    edge: None,
                    position,
                    fields,
                    scenario: String::new(),
                });
            }
            Event::Error(d) => return Err(d),
            Event::ExpectPassed { .. } => {}
        }
    }
    Err(Diag::new(
        Code::QueryMissing,
        "the generated scenario gave no answer",
    ))
}

/// The name of case number `n` (1-based) of `count`: `gen 001 (seed 42)`.
fn name(n: usize, count: usize, what: &str) -> String {
    let width = count.to_string().len().max(3);
    format!("gen {n:0width$} ({what})")
}

/// Random case `index` (0-based) of `seed`, solved, named `gen NNN (seed
/// S)` with NNN = index + 1; the `--where` conditions are not applied. For
/// a judge runner: [`Case::position`] is the judge input
/// ([`JudgePosition::input`]) and [`Case::scenario`] its `.game` text.
pub fn case(options: &Options, seed: u64, index: u64) -> Result<Case, Diag> {
    let position = draw::position(&options.shape, seed, index);
    let c = solve(&options.shape, position, &options.limits)?;
    let n = usize::try_from(index).unwrap_or(usize::MAX - 1) + 1;
    Ok(Case {
        index: Some(index),
        ..c.named(&options.shape, name(n, n, &format!("seed {seed}")))
    })
}

/// A generated collection.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The `.game` file: header, prelude, scenarios.
    pub text: String,
    /// The cases, in file order.
    pub cases: Vec<Case>,
    /// Candidates drawn (edge cases included) until the last case was found.
    pub tried: u64,
    /// Of those, how many solves stopped at a budget (left out).
    pub stopped: u64,
    /// Of those, how many the `--where` conditions left out.
    pub filtered: u64,
    /// Solves run (the candidates tried, and any solved in the last batch
    /// after the count was reached).
    pub solved: u64,
    /// With `--edge`: the edge cases left out.
    pub edges: EdgesOut,
}

/// The edge cases (`--edge`) a collection does not hold.
#[derive(Clone, Debug, Default)]
pub struct EdgesOut {
    /// The game's edge cases.
    pub total: usize,
    /// Left out because `--count` was reached first (or `--tries` spent).
    pub left: Vec<String>,
    /// Left out by `--where` (or a solve that stopped at a limit).
    pub dropped: Vec<String>,
    /// Left out because a requirement refused them (a rules format's
    /// `require`): each label and why.
    pub refused: Vec<(String, String)>,
}

/// `count` cases of `options` under `seed`: the edge cases first with
/// `--edge`, then random cases 0, 1, 2, …, each kept when it meets every
/// condition. Solves run in parallel; the result is the same on any number
/// of threads. `progress(found, tried)` is called as the work goes.
/// Fewer than `count` cases within `--tries` candidates is an error
/// (`meeple::gen::unsatisfied`).
pub fn generate(
    options: &Options,
    count: usize,
    seed: u64,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<Generated, Diag> {
    let tries = options.tries.unwrap_or(default_tries(count));
    let shape = &options.shape;
    let keep = |c: &Case| options.conditions.iter().all(|w| w.holds(&c.fields));
    let mut cases: Vec<Case> = Vec::new();
    let mut tried = 0u64;
    let mut stopped = 0u64;
    let mut filtered = 0u64;
    let mut take = |found: Result<Case, Diag>, what: String, cases: &mut Vec<Case>| match found {
        Ok(c) if keep(&c) => {
            let n = cases.len() + 1;
            cases.push(c.named(shape, name(n, count, &what)));
            true
        }
        Ok(_) => {
            filtered += 1;
            false
        }
        Err(_) => {
            stopped += 1;
            false
        }
    };
    // Solves run, counted where they run: only as many as needed.
    let solves = std::sync::atomic::AtomicU64::new(0);
    let solve_one = |position: JudgePosition| {
        solves.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        solve(shape, position, &options.limits)
    };
    let mut edges_out = EdgesOut::default();
    if options.edge {
        let edges = edge::cases(shape);
        let mut at = 0;
        while at < edges.len() && cases.len() < count && tried < tries {
            let need = (count - cases.len()) as u64;
            let n = next_batch(need, tried, cases.len() as u64).min(tries - tried) as usize;
            let batch = &edges[at..edges.len().min(at + n)];
            let solved: Vec<_> = batch
                .par_iter()
                .map(|e| solve_one(e.position.clone()))
                .collect();
            for (e, found) in batch.iter().zip(solved) {
                at += 1;
                if cases.len() == count || tried == tries {
                    edges_out.left.push(e.label.clone());
                    continue;
                }
                tried += 1;
                let found = found.map(|c| Case {
                    edge: Some(e.label.clone()),
                    ..c
                });
                if !take(found, format!("edge: {}", e.label), &mut cases) {
                    edges_out.dropped.push(e.label.clone());
                }
            }
        }
        edges_out
            .left
            .extend(edges[at..].iter().map(|e| e.label.clone()));
        edges_out.total = edges.len();
        edges_out.refused = shape.edges_refused();
        progress(cases.len(), tried);
    }
    let mut next = 0u64;
    let (edge_tried, edge_found) = (tried, cases.len() as u64);
    while cases.len() < count && tried < tries {
        let need = (count - cases.len()) as u64;
        let batch = next_batch(need, tried - edge_tried, cases.len() as u64 - edge_found)
            .min(tries - tried);
        let solved: Vec<_> = (next..next + batch)
            .into_par_iter()
            .map(|i| solve_one(draw::position(shape, seed, i)))
            .collect();
        for (i, found) in (next..).zip(solved) {
            if cases.len() == count {
                break;
            }
            tried += 1;
            let found = found.map(|c| Case {
                index: Some(i),
                ..c
            });
            take(found, format!("seed {seed}"), &mut cases);
        }
        next += batch;
        progress(cases.len(), tried);
    }
    if cases.len() < count {
        let wanted = if options.conditions.is_empty() {
            "solvable within the limits".to_string()
        } else {
            let cs: Vec<String> = options
                .conditions
                .iter()
                .map(|c| format!("`{c}`"))
                .collect();
            format!("meeting {}", cs.join(" and "))
        };
        return Err(Diag::new(
            Code::GenUnsatisfied,
            format!(
                "only {} of {count} cases {wanted} in {tried} candidates ({stopped} stopped at a limit)",
                cases.len()
            ),
        )
        .help("loosen --where, change the shape options, or allow more candidates with --tries N"));
    }
    let mut text = header(options, count, seed);
    text.push_str(&prelude(shape));
    for (i, c) in cases.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&c.scenario);
    }
    Ok(Generated {
        text,
        cases,
        tried,
        stopped,
        filtered,
        solved: solves.into_inner(),
        edges: edges_out,
    })
}

/// How many candidates to solve next, when `need` more cases are wanted
/// and `found` of the `tried` so far were kept: as many as the rate so far
/// says will do (the first batch: `need`), at most 4096. `gen --count 1`
/// solves one candidate when the first is kept.
fn next_batch(need: u64, tried: u64, found: u64) -> u64 {
    let batch = if tried == 0 {
        need
    } else if found == 0 {
        tried.saturating_mul(2)
    } else {
        need.saturating_mul(tried).div_ceil(found)
    };
    batch.clamp(1, 4096)
}

/// The file's header comment: the command that writes it, and the seed.
fn header(options: &Options, count: usize, seed: u64) -> String {
    format!(
        "# Generated by meeple gen, seed {seed}: the same command writes the same file.\n\
         # {}\n\
         # Each expect line is the exact solver's answer.\n\n",
        options.command(count, seed)
    )
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod digests;
