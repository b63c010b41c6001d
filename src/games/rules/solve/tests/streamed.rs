//! A turn streamed into a sink with its leaves' positions lent
//! ([`Model::expand_into`] of the rules interpreter: the memoised search
//! copies only the positions its memo has no value for) against the plain
//! path (the turn's tree built by [`Model::turn_unnamed`], then walked):
//! on random positions of small programs with choices, `where`s and
//! `require`s that empty them, dice (none, known, uniform), ends and two
//! players, the same stream event by event; and the same `max score` /
//! `min score` / `longest` / `shortest` value and the same value of each move at the
//! start as a search over the plain path.

use super::super::super::model::{End, Model, Prob, RunError, Sink, Turn};
use super::super::super::setup::{start, BoardInput, ScenarioInput};
use super::super::super::state::{Dice, Instance, State};
use super::super::{analyze, solve, Objective};
use crate::budget::Budget;
use crate::games::testkit::rng;
use crate::syntax::ast::{Span, Spanned};
use rand::rngs::StdRng;
use rand::Rng;
use std::sync::Arc;

fn compiled(src: &str, rows: &[String], dice: Dice) -> (Instance, State) {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::super::super::check(&file.rules[0]).expect("it checks");
    let prog = Arc::new(super::super::super::compile::compile(&file.rules[0], decls));
    let sp = |c| Spanned::new(c, Span::default());
    let board = rows
        .iter()
        .map(|r| r.chars().filter(|c| !c.is_whitespace()).map(sp).collect())
        .collect();
    let inp = ScenarioInput {
        marks: Vec::new(),
        board: BoardInput::Grid(board),
        pieces: Vec::new(),
        sets: Vec::new(),
        rules: Vec::new(),
        dice,
    };
    start(prog, &inp).expect("a start")
}

/// Every event of a stream as text (each leaf with its whole position),
/// and the positions of the leaves that go on.
#[derive(Default)]
struct Record {
    events: Vec<String>,
    next: Vec<State>,
}

impl Sink<State> for Record {
    fn open(&mut self, chance: bool) -> usize {
        self.events.push(format!("open {chance}"));
        self.events.len() - 1
    }
    fn close(&mut self, mark: usize, n: u32) {
        self.events.push(format!("close {mark} {n}"));
    }
    fn cut(&mut self, mark: usize) {
        self.events.truncate(mark);
    }
    fn odds(&mut self, p: Prob) {
        self.events.push(format!("odds {p:?}"));
    }
    fn leaf(&mut self, next: &State, reward: i64, end: Option<End>) {
        self.events.push(format!("leaf {next:?} {reward} {end:?}"));
        if end.is_none() {
            self.next.push(next.clone());
        }
    }
}

/// The rules interpreter with its turns expanded the plain way only (the
/// default [`Model::expand_into`]: the tree built, then walked).
struct Plain<'a>(&'a Instance);

impl Model for Plain<'_> {
    type State = State;
    fn players(&self) -> u8 {
        self.0.players()
    }
    fn mover(&self, s: &State) -> u8 {
        self.0.mover(s)
    }
    fn key(&self, s: &State, out: &mut Vec<u64>) {
        self.0.key(s, out)
    }
    fn is_over(&self, s: &State) -> bool {
        self.0.is_over(s)
    }
    fn turn(&self, s: &State) -> Result<Turn<State>, RunError> {
        self.0.turn(s)
    }
    fn turn_unnamed(&self, s: &State) -> Result<Turn<State>, RunError> {
        self.0.turn_unnamed(s)
    }
}

/// Both streams at `s` are the same; the positions the turn goes on to.
fn same_stream(inst: &Instance, s: &State) -> Vec<State> {
    let (mut fast, mut slow) = (Record::default(), Record::default());
    let a = inst.expand_into(s, &mut fast).expect("a turn");
    let b = Plain(inst).expand_into(s, &mut slow).expect("a turn");
    assert_eq!(a, b, "at {s:?}");
    // A turn that ended at its start streamed nothing.
    assert_eq!(fast.events, slow.events, "at {s:?}");
    assert!(a.is_none() || fast.events.is_empty(), "at {s:?}");
    fast.next
}

/// A solo game writing before, between and after its choices and dice;
/// its second choice's options can all fail (`where`, `require`), and a
/// roll can leave no move.
const SOLO: &str = "rules r {\n players solo\n layer h: 0..9\n \
    var a: 0..99 = 0, b: 0..99 = 0\n legend {\n  number n: h[here] = n\n }\n \
    when stuck: stop\n turn {\n  stop if moves >= 7\n  a = (a + h[(0, 0)] + 1) % 50\n  \
    choose c in cells where h[c] < 9\n  h[c] += 1\n  b = (b + h[c]) % 50\n  \
    roll x in 1..3\n  choose d in 0..2 where d < x + h[c] - 3\n  \
    require (a + d) % 3 != 0\n  a = (a + x + d) % 50\n  \
    if d == 2 { stop }\n  win if a > 40\n  score += a + d - b % 7\n }\n \
    solve max score\n}\n";

/// Two players taking turns on a small grid (their turns hand over the
/// mover; a mover with no move loses).
const DUO: &str = "rules r {\n players A B\n layer h: 0..9\n \
    var a: 0..99 = 0\n legend {\n  number n: h[here] = n\n }\n \
    when stuck: lose\n turn {\n  choose c in cells where h[c] > 0\n  \
    h[c] -= 1\n  choose d in 0..1 where d == 0 or h[c] > 1\n  \
    if d == 1 { h[c] -= 1 }\n  a = (a + 1) % 50\n  win if h[(0, 0)] == 0 and a > 3\n }\n \
    solve outcome\n}\n";

fn rows(r: &mut StdRng, hi: u8) -> Vec<String> {
    (0..2)
        .map(|_| {
            (0..3)
                .map(|_| char::from(b'0' + r.gen_range(0..=hi)))
                .collect()
        })
        .collect()
}

#[test]
fn streamed_turns_are_the_plain_turns_event_by_event() {
    let mut r = rng(0x73747265);
    let mut leaves = 0usize;
    for (src, dice) in [
        (SOLO, Dice::None),
        (SOLO, Dice::Known(vec![3, 1, 2, 2, 3, 1, 1, 3])),
        (SOLO, Dice::Uniform(1, 3, 8)),
        (DUO, Dice::None),
    ] {
        for _ in 0..40 {
            let (inst, mut s) = compiled(src, &rows(&mut r, 4), dice.clone());
            for _ in 0..6 {
                let next = same_stream(&inst, &s);
                leaves += next.len();
                if next.is_empty() {
                    break;
                }
                s = next[r.gen_range(0..next.len())].clone();
            }
        }
    }
    assert!(leaves > 1000, "{leaves}");
}

#[test]
fn searches_over_streamed_turns_value_as_over_plain_turns() {
    let mut r = rng(0x6c656e64);
    let b = Budget::unlimited();
    let mut moves = 0usize;
    let mut valued: std::collections::BTreeMap<String, usize> = Default::default();
    for dice in [
        Dice::None,
        Dice::Known(vec![3, 1, 2, 2, 3, 1, 1]),
        Dice::Uniform(1, 3, 3),
    ] {
        for _ in 0..10 {
            let (inst, s) = compiled(SOLO, &rows(&mut r, 3), dice.clone());
            for obj in [
                Objective::Max,
                Objective::Min,
                Objective::Longest,
                Objective::Shortest { within: 4 },
            ] {
                // (Random dice are refused the same way by both, for the
                // objectives that need known dice.)
                let fast = solve(&inst, &s, &obj, &b);
                let slow = solve(&Plain(&inst), &s, &obj, &b);
                assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{obj:?} at {s:?}");
                if fast.is_ok() {
                    *valued.entry(format!("{obj:?}")).or_default() += 1;
                }
                let fast = analyze(&inst, &s, &obj, &b);
                let slow = analyze(&Plain(&inst), &s, &obj, &b);
                let (fast, slow) = (format!("{fast:?}"), format!("{slow:?}"));
                assert_eq!(fast, slow, "{obj:?} at {s:?}");
                moves += fast.matches("MoveValue").count();
            }
        }
    }
    assert!(moves > 100, "{moves}");
    // Every objective was valued many times.
    assert_eq!(valued.len(), 4, "{valued:?}");
    assert!(valued.values().all(|&n| n >= 10), "{valued:?}");
}

/// The compiled turn's stream at `s` ([`Instance::expand_streamed`]) is
/// the interpreter's, event by event, with the same steps counted and
/// the same error; whether it failed, and the positions it goes on to.
fn same_as_interpreted(inst: &Instance, s: &State) -> (bool, Vec<State>) {
    let (mut fast, mut slow) = (Record::default(), Record::default());
    let (mut fast_steps, mut slow_steps) = (0u64, 0u64);
    let a = inst.expand_streamed_by(s, &mut fast, &mut fast_steps, true);
    let b = inst.expand_streamed_by(s, &mut slow, &mut slow_steps, false);
    assert_eq!(format!("{a:?}"), format!("{b:?}"), "at {s:?}");
    if a.is_ok() {
        assert_eq!(fast.events, slow.events, "at {s:?}");
    }
    assert_eq!(fast_steps, slow_steps, "at {s:?}");
    (a.is_err(), fast.next)
}

/// A turn whose writes leave their domains on some paths (`a`, `h`).
const ERRS: &str = "rules r {\n players solo\n layer h: 0..9\n var a: 0..30 = 0\n \
    legend {\n  number n: h[here] = n\n }\n when stuck: stop\n turn {\n  \
    choose c in cells where h[c] < 9 and not any d in cells: d < c and h[d] == h[c]\n  \
    roll x in 1..3\n  a += h[c] + x\n  h[c] = h[c] + x - 1\n  score += a - sum d in cells: h[d] / 3\n }\n \
    solve max score\n}\n";

#[test]
fn compiled_turns_stream_as_the_interpreter_with_its_steps_and_errors() {
    let mut r = rng(0x636f6465);
    let (mut leaves, mut errors) = (0usize, 0usize);
    for (src, dice) in [
        (SOLO, Dice::None),
        (SOLO, Dice::Known(vec![3, 1, 2, 2, 3, 1, 1, 3])),
        (SOLO, Dice::Uniform(1, 3, 8)),
        (DUO, Dice::None),
        (ERRS, Dice::None),
        (ERRS, Dice::Known(vec![3, 1, 2, 2, 3, 1, 1, 3])),
        (ERRS, Dice::Uniform(1, 2, 6)),
    ] {
        for _ in 0..30 {
            let (inst, mut s) = compiled(src, &rows(&mut r, 8), dice.clone());
            assert!(inst.turn_code().is_some(), "{src}");
            for _ in 0..8 {
                let (failed, next) = same_as_interpreted(&inst, &s);
                errors += usize::from(failed);
                leaves += next.len();
                if next.is_empty() {
                    break;
                }
                s = next[r.gen_range(0..next.len())].clone();
            }
        }
    }
    assert!(leaves > 1000, "{leaves}");
    assert!(errors > 10, "{errors}");
}

#[test]
fn a_compiled_turn_over_the_step_cap_fails_as_the_interpreter() {
    let long = "rules r {\n players solo\n var a: 0..9 = 0\n turn {\n  choose c in 0..2\n  \
        require not any i in 0..3500000: i < 0\n  a = c\n }\n solve max score\n}\n";
    let (inst, s) = compiled(long, &["0".to_string()], Dice::None);
    assert!(inst.turn_code().is_some());
    let (failed, _) = same_as_interpreted(&inst, &s);
    assert!(failed);
    // Two branches' worth is under the cap: no error.
    let short = long.replace("0..2", "0..1");
    let (inst, s) = compiled(&short, &["0".to_string()], Dice::None);
    let (failed, next) = same_as_interpreted(&inst, &s);
    assert!(!failed && next.len() == 2);
}

#[test]
fn turns_with_loops_or_lists_are_the_interpreters() {
    let looped = SOLO.replace("  h[c] += 1\n", "  for k in 1..1 { h[c] += k }\n");
    let (inst, _) = compiled(&looped, &rows(&mut rng(1), 3), Dice::None);
    assert!(inst.turn_code().is_none());
}

#[test]
fn the_yut_prelude_turn_is_compiled_and_streams_as_the_interpreter() {
    let path = format!("{}/src/games/prelude/yut.game", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the yut script");
    let (file, diags) = crate::syntax::parse(&text);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::super::super::check::check_prelude(&file.rules[0]).expect("it checks");
    let prog = Arc::new(super::super::super::compile::compile(&file.rules[0], decls));
    let track = Arc::new(crate::games::yut::standard_track());
    let mut r = rng(17825);
    let mut leaves = 0usize;
    for dice in [
        Dice::Known(vec![5, 4, 3, 5, 2, 1, 5, 5, 3, 4]),
        Dice::Uniform(1, 5, 10),
    ] {
        let inp = ScenarioInput {
            marks: Vec::new(),
            board: BoardInput::Track(track.clone()),
            pieces: Vec::new(),
            sets: Vec::new(),
            rules: Vec::new(),
            dice,
        };
        let (inst, start_at) = start(prog.clone(), &inp).expect("a start");
        assert!(inst.turn_code().is_some());
        for _ in 0..20 {
            let mut s = start_at.clone();
            for _ in 0..10 {
                let (failed, next) = same_as_interpreted(&inst, &s);
                assert!(!failed);
                leaves += next.len();
                if next.is_empty() {
                    break;
                }
                s = next[r.gen_range(0..next.len())].clone();
            }
        }
    }
    assert!(leaves > 500, "{leaves}");
}
