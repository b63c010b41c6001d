//! The problem library (scripts/problems/, issue 30): each problem's rules
//! block against a plain reference program written from the problem's
//! statement, on random inputs within the judge's limits and on edge cases.
//! The scenarios are generated from the random input as text and answered
//! through the library (`meeple::run_source`); every test is bounded by its
//! number of cases.

pub mod card_game;
mod conveyor;
mod die_roll;
mod marbles;
mod merge2048;
mod rolling_die;
mod shark;
mod snake;
mod stones;
mod weighted_ttt;

use meeple::games::FieldValue;
use meeple::interp::Event;
use meeple::syntax::dialect::Field;
use meeple::Outcome;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The random inputs of one differential test.
pub const CASES: usize = 200;

/// Whether case `i` is drawn at the judge's full limits: every tenth case
/// in the release build (the step of `.ci/run`), none in the debug build,
/// where the interpreted engine is slower (the edge cases still reach the
/// limits there).
pub fn full(i: usize) -> bool {
    !cfg!(debug_assertions) && i.is_multiple_of(10)
}

/// A seeded generator: the same cases on every run.
pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// The file scripts/problems/NAME.game.
pub fn script(name: &str) -> String {
    std::fs::read_to_string(crate::common::root().join(format!("scripts/problems/{name}.game")))
        .unwrap()
}

/// The `rules NAME { … }` block of scripts/problems/NAME.game.
pub fn rules(name: &str) -> String {
    let text = script(name);
    let start = text
        .find(&format!("rules {name} {{"))
        .expect("the rules block");
    let end = start + text[start..].find("\n}\n").expect("its end") + 3;
    text[start..end].to_string()
}

/// The `answer` of `solve` for each scenario body (its statements after
/// `game NAME`; `solve` is added), all in one file under the problem's rules.
pub fn answers(name: &str, bodies: &[String]) -> Vec<FieldValue> {
    field_values(name, Field::Answer, bodies)
}

/// Compare the script's answers with the reference's, naming the first
/// case that differs with its scenario text.
pub fn agree(name: &str, bodies: &[String], want: &[String]) {
    let got = answers(name, bodies);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(&g.to_string(), w, "{name} case {i}:\n{}", bodies[i]);
    }
}

/// The `field` of `solve` for each scenario body, as [`answers`] gives
/// `answer` (for a problem whose judge prints another field: `printed`).
pub fn field_values(name: &str, field: Field, bodies: &[String]) -> Vec<FieldValue> {
    let mut text = rules(name);
    for (i, b) in bodies.iter().enumerate() {
        text.push_str(&format!(
            "\nscenario \"case {i}\" {{\n  game {name}\n{b}\n  solve\n}}\n"
        ));
    }
    let run = meeple::run_source(&format!("{name}.game"), &text);
    let Outcome::Ran(runs) = &run.outcome else {
        panic!("invalid: {}\n{text}", crate::common::shown(&run));
    };
    assert_eq!(runs.len(), bodies.len());
    runs.iter()
        .enumerate()
        .map(|(i, r)| {
            let mut got = r.events.iter().filter_map(|e| match e {
                Event::Answer { answer, .. } => answer
                    .fields()
                    .into_iter()
                    .find(|(f, _)| *f == field)
                    .map(|(_, v)| v),
                Event::Error(d) => panic!("case {i}: {d:?}\n{}", bodies[i]),
                _ => None,
            });
            got.next().unwrap_or_else(|| panic!("case {i}: no {field}"))
        })
        .collect()
}
