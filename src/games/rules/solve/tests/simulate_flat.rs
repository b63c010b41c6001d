//! The compiled stepper of `simulate` (`simulate_flat`) against the
//! interpreter on random zero-player programs: every turn it runs gives the
//! interpreter's next position, every turn it leaves (an end, a failed
//! `require`, a run-time error) leaves the position as it was, and `solve`
//! gives the same answer, or the same error, both ways.

use super::super::super::model::{Model, Node, Turn};
use super::super::super::setup::{start, BoardInput, ScenarioInput};
use super::super::super::state::{Dice, Instance, State};
use super::super::simulate;
use crate::budget::Budget;
use crate::syntax::ast::{Span, Spanned};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

pub(super) fn compiled(src: &str, rows: &[String]) -> Option<(Instance, State)> {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}\n{src}");
    let decls = super::super::super::check(&file.rules[0]).ok()?;
    let prog = Arc::new(super::super::super::compile::compile(&file.rules[0], decls));
    let sp = |c| Spanned::new(c, Span::default());
    let board = rows.iter().map(|r| r.chars().map(sp).collect()).collect();
    let inp = ScenarioInput {
        marks: Vec::new(),
        board: BoardInput::Grid(board),
        pieces: Vec::new(),
        sets: Vec::new(),
        rules: Vec::new(),
        dice: Dice::None,
    };
    start(prog, &inp).ok()
}

/// Random programs over a 2 x 3 layer, two vars and the locals in scope.
pub(super) struct Gen<'r> {
    pub(super) r: &'r mut StdRng,
    pub(super) locals: Vec<String>,
    pub(super) fresh: usize,
}

impl Gen<'_> {
    pub(super) fn int(&mut self, depth: u32) -> String {
        let leaf = depth == 0 || self.r.gen_bool(0.35);
        if leaf {
            return match self.r.gen_range(0..6) {
                0 | 1 => self.r.gen_range(-3..10).to_string(),
                2 => "a".into(),
                3 => "b".into(),
                4 if !self.locals.is_empty() => {
                    self.locals[self.r.gen_range(0..self.locals.len())].clone()
                }
                _ => format!(
                    "h[({}, {})]",
                    self.r.gen_range(0..3),
                    self.r.gen_range(0..4)
                ),
            };
        }
        let d = depth - 1;
        match self.r.gen_range(0..9) {
            0 => format!("({} + {})", self.int(d), self.int(d)),
            1 => format!("({} - {})", self.int(d), self.int(d)),
            2 => format!("({} * {})", self.int(d), self.int(d)),
            3 => format!("({} / {})", self.int(d), self.int(d)),
            4 => format!("({} % {})", self.int(d), self.int(d)),
            5 => format!(
                "(if {} then {} else {})",
                self.cond(d),
                self.int(d),
                self.int(d)
            ),
            6 => format!("h[(({}) % 2, ({}) % 3)]", self.int(d), self.int(d)),
            7 => match self.r.gen_range(0..4) {
                0 => format!("abs({})", self.int(d)),
                1 => format!("min({}, {})", self.int(d), self.int(d)),
                2 => format!("max({}, {})", self.int(d), self.int(d)),
                _ => format!("-{}", self.int(d)),
            },
            _ => ["rows", "cols"][self.r.gen_range(0..2)].into(),
        }
    }

    pub(super) fn cond(&mut self, depth: u32) -> String {
        let d = depth.saturating_sub(1);
        match self.r.gen_range(0..8) {
            0 => format!("({} and {})", self.cond(d), self.cond(d)),
            1 => format!("({} or {})", self.cond(d), self.cond(d)),
            2 => format!("not {}", self.cond(d)),
            k => {
                let op = ["==", "!=", "<", "<=", ">", ">="][k as usize % 6];
                format!("{} {op} {}", self.int(d), self.int(d))
            }
        }
    }

    pub(super) fn block(&mut self, depth: u32, in_loop: bool, out: &mut String) {
        let n = self.r.gen_range(1..=3);
        let scope = self.locals.len();
        for _ in 0..n {
            self.stmt(depth, in_loop, out);
        }
        self.locals.truncate(scope);
    }

    fn stmt(&mut self, depth: u32, in_loop: bool, out: &mut String) {
        let d = depth.saturating_sub(1);
        let k = if depth == 0 {
            self.r.gen_range(0..5)
        } else {
            self.r.gen_range(0..11)
        };
        match k {
            0 => {
                let e = self.int(2);
                out.push_str(&format!("a = {e}\n"));
            }
            1 => {
                let (op, e) = (["=", "+=", "-="][self.r.gen_range(0..3)], self.int(2));
                out.push_str(&format!("b {op} {e}\n"));
            }
            2 => {
                let (op, e) = (["=", "+=", "-="][self.r.gen_range(0..3)], self.int(2));
                let (r, c) = (self.r.gen_range(0..2), self.int(1));
                out.push_str(&format!("h[({r}, ({c}) % 4)] {op} {e}\n"));
            }
            3 => {
                let e = self.int(2);
                let name = format!("x{}", self.fresh);
                self.fresh += 1;
                out.push_str(&format!("let {name} = {e}\n"));
                self.locals.push(name);
            }
            4 => {
                let c = self.cond(2);
                let word = ["stop", "require"][self.r.gen_range(0..2)];
                if word == "stop" {
                    out.push_str(&format!("stop if {c}\n"));
                } else {
                    out.push_str(&format!("require {c}\n"));
                }
            }
            5 | 6 => {
                let c = self.cond(2);
                out.push_str(&format!("if {c} {{\n"));
                self.block(d, in_loop, out);
                out.push_str("} else {\n");
                self.block(d, in_loop, out);
                out.push_str("}\n");
            }
            7 => {
                let hi = self.int(1);
                let name = format!("i{}", self.fresh);
                self.fresh += 1;
                out.push_str(&format!("for {name} in 0..({hi}) % 5 {{\n"));
                self.locals.push(name);
                self.block(d, true, out);
                self.locals.pop();
                out.push_str("}\n");
            }
            8 => {
                let n = self.r.gen_range(0..4);
                out.push_str(&format!("repeat {n} {{\n"));
                self.block(d, true, out);
                out.push_str("}\n");
            }
            9 => {
                let c = self.cond(1);
                let max = self.r.gen_range(1..4);
                out.push_str(&format!("while {c} max {max} {{\n"));
                self.block(d, true, out);
                out.push_str("}\n");
            }
            _ if in_loop => {
                let c = self.cond(1);
                let word = ["next", "break"][self.r.gen_range(0..2)];
                out.push_str(&format!("if {c} {{ {word} }}\n"));
            }
            _ => {
                let e = self.int(1);
                out.push_str(&format!("a = ({e}) % 40 + 5\n"));
            }
        }
    }
}

fn program(r: &mut StdRng) -> String {
    let mut g = Gen {
        r,
        locals: Vec::new(),
        fresh: 0,
    };
    let mut body = String::new();
    g.block(3, false, &mut body);
    format!(
        "rules f {{\n players none\n layer h: 0..9\n var a: 0..50 = 3, b: -20..20 = 0\n \
         legend {{\n  number n: h[here] = n\n }}\n turn {{\n{body} }}\n solve simulate limit 40\n}}\n"
    )
}

#[test]
fn the_stepper_runs_random_programs_as_the_interpreter_does() {
    let mut r = StdRng::seed_from_u64(30);
    let (mut programs, mut stepped, mut left, mut cycles) = (0, 0, 0, 0);
    while programs < 300 {
        let src = program(&mut r);
        let rows: Vec<String> = (0..2)
            .map(|_| {
                (0..3)
                    .map(|_| char::from(b'0' + r.gen_range(0..10u8)))
                    .collect()
            })
            .collect();
        let Some((inst, s0)) = compiled(&src, &rows) else {
            continue;
        };
        programs += 1;
        let mut stepper = Model::stepper(&inst).expect("a program of scalar statements");
        // Turn by turn.
        let mut s = s0.clone();
        for _ in 0..12 {
            let mut a = s.clone();
            let ran = stepper.step(&mut a);
            let turn = inst.turn(&s);
            if !ran {
                left += 1;
                assert_eq!(a, s, "a turn left to the interpreter is undone\n{src}");
                break;
            }
            stepped += 1;
            let Ok(Turn::Moves(Node::Leaf(l))) = turn else {
                panic!("the stepper went on where the interpreter gave {turn:?}\n{src}");
            };
            assert_eq!(l.end, None, "{src}");
            assert_eq!(l.next, a, "the next position\n{src}");
            assert!(stepper.same(&a, &l.next));
            s = a;
        }
        // The whole run, both ways.
        let b = Budget::unlimited();
        let fast = simulate::stepped(
            &inst,
            Model::stepper(&inst).expect("a stepper"),
            &s0,
            40,
            &b,
        )
        .map(|x| x.0);
        let plain = simulate::expanded(&inst, &s0, 40, None, &b).map(|x| x.0);
        assert_eq!(format!("{fast:?}"), format!("{plain:?}"), "{src}");
        if format!("{plain:?}").contains("Yes") {
            cycles += 1;
        }
    }
    // The programs reach every kind of turn.
    assert!(
        stepped > 300 && left > 50 && cycles > 10,
        "{stepped} {left} {cycles}"
    );
}

#[test]
fn programs_the_stepper_cannot_run_exactly_get_none() {
    let lists = "rules l {\n players none\n var q: list of bool max 3 = []\n \
        turn {\n  stop if (count x in q where x) == 3\n  push q, true\n }\n solve simulate limit 9\n}\n";
    let (inst, _) = compiled(lists, &[]).expect("it checks");
    // Aggregates: the interpreter's in-place stepper (`simulate_run`) instead.
    assert!(super::super::simulate_flat::Flat::compile(&inst).is_none());
    assert!(Model::stepper(&inst).is_some());
    let moves = "rules m {\n players none\n var a: 0..9 = 0\n \
        turn {\n  stop if moves == 3\n  a = (a + 1) % 9\n }\n solve simulate limit 9\n}\n";
    let (inst, _) = compiled(moves, &[]).expect("it checks");
    assert!(Model::stepper(&inst).is_none());
}
