//! The compiled stepper's lists and piece fields (`simulate_lists`)
//! against the interpreter on random zero-player programs: list layers, a
//! list var, list locals, slices, `+`, `reverse`, `push`/`pop`, `index`,
//! `contains`, `len`, items, `for` over lists and over `pieces` (some of
//! them absent), piece fields, `step` and `opposite`, and the lists edited
//! in place (`P = P[..k]`, `P = P + X`, `P = P + L` and `for x in L` of a
//! list local read where it is). Turn by turn, a turn
//! the stepper runs gives the interpreter's next position and the digest
//! of that position; a turn it leaves is undone; `solve` agrees both ways.

use super::super::super::model::{Model, Node, Turn};
use super::super::super::setup::{start, BoardInput, PieceInput, ScenarioInput, SetValue};
use super::super::super::state::{Dice, Instance, State};
use super::super::simulate;
use super::super::simulate_digest::Digest;
use super::simulate_flat::Gen;
use crate::budget::Budget;
use crate::syntax::ast::{Span, Spanned};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Set up `src` on a 2 x 3 board of `rows`, with pieces 1 and 3 (of 1..4)
/// placed.
fn set_up(src: &str, rows: &[String], r: &mut StdRng) -> Option<(Instance, State)> {
    let (file, diags) = crate::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}\n{src}");
    let decls = super::super::super::check(&file.rules[0]).ok()?;
    let prog = Arc::new(super::super::super::compile::compile(&file.rules[0], decls));
    let sp = |c| Spanned::new(c, Span::default());
    let board = rows.iter().map(|r| r.chars().map(sp).collect()).collect();
    let dirs = ["up", "down", "left", "right"];
    let pieces = [1, 3]
        .iter()
        .map(|n| PieceInput {
            name: Spanned::new(n.to_string(), Span::default()),
            at: Some(Spanned::new(
                SetValue::Cell(r.gen_range(0..2), r.gen_range(0..3)),
                Span::default(),
            )),
            facing: Some(Spanned::new(
                dirs[r.gen_range(0..dirs.len())].to_string(),
                Span::default(),
            )),
            with: Vec::new(),
        })
        .collect();
    let inp = ScenarioInput {
        marks: Vec::new(),
        board: BoardInput::Grid(board),
        pieces,
        sets: Vec::new(),
        rules: Vec::new(),
        dice: Dice::None,
    };
    start(prog, &inp).ok()
}

/// Random list statements around [`Gen`]'s scalar ones.
struct Lists<'r, 'g> {
    g: &'g mut Gen<'r>,
    /// The list locals in scope.
    lists: Vec<String>,
    /// The piece locals in scope.
    pieces: Vec<String>,
    /// The cell locals in scope.
    cells: Vec<String>,
}

impl Lists<'_, '_> {
    fn small(&mut self) -> String {
        format!("(({}) % 3 + 3) % 3", self.g.int(1))
    }

    fn cell(&mut self) -> String {
        if !self.pieces.is_empty() && self.g.r.gen_bool(0.5) {
            let p = self.pieces[self.g.r.gen_range(0..self.pieces.len())].clone();
            return if self.g.r.gen_bool(0.5) {
                format!("{p}.at")
            } else {
                format!("step({p}.at, {p}.facing)")
            };
        }
        format!(
            "({}, {})",
            self.g.r.gen_range(0..2),
            self.g.r.gen_range(0..3)
        )
    }

    fn item(&mut self) -> String {
        match self.g.r.gen_range(0..4) {
            0 => self.g.r.gen_range(0..6).to_string(),
            1 => format!("(({}) % 6 + 6) % 6", self.g.int(1)),
            _ => self.scalar(1),
        }
    }

    fn list(&mut self, depth: u32) -> String {
        let leaf = depth == 0 || self.g.r.gen_bool(0.4);
        if leaf {
            return match self.g.r.gen_range(0..4) {
                0 => format!("pile[{}]", self.cell()),
                1 => "q".into(),
                2 if !self.lists.is_empty() => {
                    self.lists[self.g.r.gen_range(0..self.lists.len())].clone()
                }
                _ => format!("[{}, {}]", self.item(), self.item()),
            };
        }
        let d = depth - 1;
        match self.g.r.gen_range(0..5) {
            0 => format!("{}[{}..]", self.list(0), self.small()),
            1 => format!("{}[..{}]", self.list(0), self.small()),
            2 => format!("reverse({})", self.list(d)),
            _ => format!("({} + {})", self.list(d), self.list(d)),
        }
    }

    /// A scalar: [`Gen::int`], or one read from lists, fields, directions.
    fn scalar(&mut self, depth: u32) -> String {
        match self.g.r.gen_range(0..8) {
            0 => format!("len({})", self.list(1)),
            1 => format!("index({}, {})", self.list(0), self.g.r.gen_range(0..6)),
            2 => format!(
                "(if contains({}, {}) then 1 else 0)",
                self.list(0),
                self.g.r.gen_range(0..6)
            ),
            3 => format!("{}[{}]", self.list(0), self.small()),
            4 if !self.pieces.is_empty() => {
                let p = self.pieces[self.g.r.gen_range(0..self.pieces.len())].clone();
                format!("{p}.n")
            }
            // A layer's cell at a cell local (maybe off the board).
            5 if !self.cells.is_empty() => {
                let c = self.cells[self.g.r.gen_range(0..self.cells.len())].clone();
                let k = self.g.r.gen_range(0..9);
                format!("(if not w[{c}] and h[{c}] > {k} then h[{c}] - {k} else {k})")
            }
            _ => self.g.int(depth),
        }
    }

    /// `P = P[..k]` or `P = P + X` of one place (the list var, or a pile
    /// at a cell local, maybe off the board): the stepper edits it in place.
    fn in_place(&mut self, out: &mut String) {
        let place = if self.g.r.gen_bool(0.25) {
            "q".to_string()
        } else {
            let c = format!("c{}", self.g.fresh);
            self.g.fresh += 1;
            out.push_str(&format!("let {c} = {}\n", self.cell()));
            if self.g.r.gen_bool(0.3) {
                out.push_str(&format!("w[{c}] = not w[{c}] or h[{c}] > 4\n"));
            }
            self.cells.push(c.clone());
            format!("pile[{c}]")
        };
        if self.g.r.gen_bool(0.5) {
            // Mostly within the list, sometimes past either end.
            let k = if self.g.r.gen_bool(0.8) {
                self.small()
            } else {
                self.g.int(1)
            };
            out.push_str(&format!("{place} = {place}[..{k}]\n"));
        } else if !self.lists.is_empty() && self.g.r.gen_bool(0.3) {
            // A list local appended where it is (no copy).
            let g = self.lists[self.g.r.gen_range(0..self.lists.len())].clone();
            out.push_str(&format!("{place} = {place} + {g}\n"));
        } else {
            out.push_str(&format!("{place} = {place} + {}\n", self.list(1)));
        }
    }

    fn block(&mut self, depth: u32, out: &mut String) {
        let (lists, pieces, cells) = (self.lists.len(), self.pieces.len(), self.cells.len());
        for _ in 0..self.g.r.gen_range(1..=3) {
            self.stmt(depth, out);
        }
        self.lists.truncate(lists);
        self.pieces.truncate(pieces);
        self.cells.truncate(cells);
    }

    fn stmt(&mut self, depth: u32, out: &mut String) {
        let d = depth.saturating_sub(1);
        match self.g.r.gen_range(0..if depth == 0 { 9 } else { 12 }) {
            0 => {
                let name = format!("g{}", self.g.fresh);
                self.g.fresh += 1;
                out.push_str(&format!("let {name} = {}\n", self.list(2)));
                self.lists.push(name);
            }
            1 if !self.lists.is_empty() => {
                let g = self.lists[self.g.r.gen_range(0..self.lists.len())].clone();
                out.push_str(&format!("{g} = {}\n", self.list(2)));
            }
            1 | 2 if self.g.r.gen_bool(0.5) => self.in_place(out),
            1 | 2 => out.push_str(&format!("pile[{}] = {}\n", self.cell(), self.list(2))),
            3 => out.push_str(&format!("q = {}\n", self.list(1))),
            4 => {
                let front = if self.g.r.gen_bool(0.3) { "_front" } else { "" };
                let target = match self.g.r.gen_range(0..3) {
                    0 => "q".to_string(),
                    1 if !self.lists.is_empty() => {
                        self.lists[self.g.r.gen_range(0..self.lists.len())].clone()
                    }
                    _ => format!("pile[{}]", self.cell()),
                };
                if self.g.r.gen_bool(0.7) {
                    out.push_str(&format!("push{front} {target}, {}\n", self.item()));
                } else {
                    out.push_str(&format!("pop{front} {target}\n"));
                }
            }
            5 if !self.pieces.is_empty() => {
                let p = self.pieces[self.g.r.gen_range(0..self.pieces.len())].clone();
                match self.g.r.gen_range(0..3) {
                    0 => out.push_str(&format!("{p}.facing = opposite({p}.facing)\n")),
                    1 => out.push_str(&format!("{p}.at = step({p}.at, {p}.facing)\n")),
                    _ => out.push_str(&format!("{p}.n = {}\n", self.item())),
                }
            }
            5 | 6 => {
                let c = self.g.cond(1);
                out.push_str(&format!(
                    "stop if {c} and len(pile[{}]) >= {}\n",
                    self.cell(),
                    self.g.r.gen_range(2..5)
                ));
            }
            7 => out.push_str(&format!("a = (({}) % 40 + 40) % 40 + 5\n", self.scalar(2))),
            8 => out.push_str(&format!("b = (({}) % 20 + 20) % 20\n", self.scalar(2))),
            9 => {
                let p = format!("p{}", self.g.fresh);
                self.g.fresh += 1;
                out.push_str(&format!("for {p} in pieces {{\n"));
                self.pieces.push(p);
                self.block(d, out);
                self.pieces.pop();
                out.push_str("}\n");
            }
            10 => {
                let x = format!("x{}", self.g.fresh);
                self.g.fresh += 1;
                // Over a list local, read in place when the body does not
                // set it (the body sometimes does).
                let set = if !self.lists.is_empty() && self.g.r.gen_bool(0.4) {
                    self.lists[self.g.r.gen_range(0..self.lists.len())].clone()
                } else {
                    self.list(1)
                };
                out.push_str(&format!("for {x} in {set} {{\n"));
                self.g.locals.push(x);
                self.block(d, out);
                self.g.locals.pop();
                out.push_str("}\n");
            }
            _ => {
                let c = self.g.cond(1);
                out.push_str(&format!("if {c} {{\n"));
                self.block(d, out);
                out.push_str("} else {\n");
                self.block(d, out);
                out.push_str("}\n");
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
    let mut l = Lists {
        g: &mut g,
        lists: Vec::new(),
        pieces: Vec::new(),
        cells: Vec::new(),
    };
    let mut body = String::new();
    l.block(3, &mut body);
    format!(
        "rules f {{\n players none\n layer h: 0..9, w: bool\n layer pile: list of 0..5 max 5\n \
         var a: 0..50 = 3, b: -20..20 = 0\n var q: list of 0..5 max 4 = [1]\n \
         piece placed 1..4 {{ at: cell, facing: dir, n: 0..5 }}\n \
         legend {{\n  number n: h[here] = n\n }}\n \
         setup {{\n  for p in pieces {{ push pile[p.at], p.n }}\n }}\n \
         turn {{\n{body} }}\n solve simulate limit 30\n}}\n"
    )
}

#[test]
fn the_stepper_runs_random_list_programs_as_the_interpreter_does() {
    let mut r = StdRng::seed_from_u64(51);
    let (mut programs, mut stepped, mut left, mut ended) = (0, 0, 0, 0);
    let (mut tries, mut compiled_programs) = (0, 0);
    while programs < 400 {
        tries += 1;
        assert!(tries < 20_000, "too few random programs check");
        let src = program(&mut r);
        let rows: Vec<String> = (0..2)
            .map(|_| {
                (0..3)
                    .map(|_| char::from(b'0' + r.gen_range(0..10u8)))
                    .collect()
            })
            .collect();
        let Some((inst, s0)) = set_up(&src, &rows, &mut r) else {
            continue;
        };
        programs += 1;
        // A list built only to be measured or searched (`len(q[1..])`,
        // `index([a, b], 4)`: steps an expression cannot charge) is left to
        // the interpreter's in-place stepper.
        if super::super::simulate_flat::Flat::compile(&inst).is_none() {
            continue;
        }
        compiled_programs += 1;
        let mut stepper = Model::stepper(&inst).expect("a stepper");
        let digest = Digest::new();
        let mut s = s0.clone();
        let mut h = stepper.digest(&s);
        for _ in 0..12 {
            let mut a = s.clone();
            let ran = stepper.step(&mut a);
            let turn = inst.turn(&s);
            if !ran {
                left += 1;
                assert_eq!(a, s, "a turn left to the interpreter is undone\n{src}");
                if matches!(turn, Ok(Turn::Moves(Node::Leaf(ref l))) if l.end.is_some()) {
                    ended += 1;
                }
                break;
            }
            stepped += 1;
            let Ok(Turn::Moves(Node::Leaf(l))) = turn else {
                panic!("the stepper went on where the interpreter gave {turn:?}\n{src}");
            };
            assert_eq!(l.end, None, "{src}");
            assert_eq!(l.next, a, "the next position\n{src}");
            h = stepper.redigest(&a, h);
            assert_eq!(
                h,
                digest.full(&a.v),
                "the digest updated from the writes\n{src}"
            );
            s = a;
        }
        let b = Budget::unlimited();
        let fast = simulate::stepped(
            &inst,
            Model::stepper(&inst).expect("a stepper"),
            &s0,
            30,
            &b,
        )
        .map(|x| x.0);
        let plain = simulate::expanded(&inst, &s0, 30, None, &b).map(|x| x.0);
        assert_eq!(format!("{fast:?}"), format!("{plain:?}"), "{src}");
    }
    // Most programs compile; every kind of turn is reached.
    assert!(
        compiled_programs * 2 > programs,
        "{compiled_programs} of {programs}"
    );
    assert!(
        stepped > 1000 && left > 50,
        "{stepped} {left} ({ended} ended)"
    );
}

/// The prelude's stacking script (`index`, slices, `+`, `reverse`, `for`
/// over a list local, fields, `len`, the piles edited in place) on random
/// boards, both movers: every turn the stepper runs is the interpreter's
/// next position, and `solve` agrees both ways.
#[test]
fn the_stepper_runs_the_stacking_script_as_the_interpreter_does() {
    const SCRIPT: &str = include_str!("../../../prelude/stacking.game");
    // Under another name (`stacking` is the built-in game's).
    let script = SCRIPT.replace("rules stacking {", "rules stacks {");
    let (file, diags) = crate::syntax::parse(&script);
    assert!(diags.is_empty(), "{diags:?}");
    let decls = super::super::super::check(&file.rules[0]).expect("the script checks");
    let prog = Arc::new(super::super::super::compile::compile(&file.rules[0], decls));
    let mut r = StdRng::seed_from_u64(17);
    fn sp<T>(x: T) -> Spanned<T> {
        Spanned::new(x, Span::default())
    }
    let (mut stepped, mut ends, mut errors) = (0, 0, 0);
    for case in 0..150 {
        let n = r.gen_range(2..=5usize);
        let board = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| sp(['0', '0', '0', '1', '2'][r.gen_range(0..5)]))
                    .collect()
            })
            .collect();
        let dirs = ["up", "down", "left", "right"];
        let pieces = (1..=r.gen_range(2..=(n * n).min(8)))
            .map(|k| PieceInput {
                name: sp(k.to_string()),
                at: Some(sp(SetValue::Cell(
                    r.gen_range(0..n) as i64,
                    r.gen_range(0..n) as i64,
                ))),
                facing: Some(sp(dirs[r.gen_range(0..4)].to_string())),
                with: Vec::new(),
            })
            .collect();
        let mover = if case % 3 == 0 { "bottom" } else { "any" };
        let inp = ScenarioInput {
            marks: Vec::new(),
            board: BoardInput::Grid(board),
            pieces,
            sets: Vec::new(),
            rules: vec![
                (
                    sp("stack".to_string()),
                    sp(SetValue::Int(r.gen_range(2..=5))),
                ),
                (sp("limit".to_string()), sp(SetValue::Int(60))),
                (sp("mover".to_string()), sp(SetValue::Word(mover.into()))),
            ],
            dice: Dice::None,
        };
        let Ok((inst, s0)) = start(prog.clone(), &inp) else {
            continue;
        };
        assert!(
            super::super::simulate_flat::Flat::compile(&inst).is_some(),
            "the compiled stepper takes the script"
        );
        let mut stepper = Model::stepper(&inst).expect("a stepper");
        let mut s = s0.clone();
        for _ in 0..60 {
            let mut a = s.clone();
            let ran = stepper.step(&mut a);
            let mut node = match inst.turn(&s) {
                Ok(Turn::Moves(node)) => node,
                // A pile past its `max` (a start of more than `stack`
                // pieces on a cell): the interpreter's error, left to it.
                Err(_) => {
                    assert!(!ran && a == s, "case {case}: a failing turn is left");
                    errors += 1;
                    break;
                }
                t => panic!("case {case}: a stacking turn is one path, not {t:?}"),
            };
            let l = loop {
                match node {
                    Node::Leaf(l) => break l,
                    Node::Choice(mut bs) if bs.len() == 1 => node = bs.remove(0).1,
                    _ => panic!("case {case}: a stacking turn is one path"),
                }
            };
            if !ran {
                assert_eq!(a, s, "a turn left to the interpreter is undone");
                if l.end.is_some() {
                    ends += 1;
                    break;
                }
                s = l.next;
                continue;
            }
            stepped += 1;
            assert_eq!(l.end, None);
            assert_eq!(l.next, a, "case {case}: the next position");
            s = a;
        }
        let b = Budget::unlimited();
        let fast = simulate::stepped(
            &inst,
            Model::stepper(&inst).expect("a stepper"),
            &s0,
            60,
            &b,
        )
        .map(|x| x.0);
        let plain = simulate::expanded(&inst, &s0, 60, None, &b).map(|x| x.0);
        assert_eq!(format!("{fast:?}"), format!("{plain:?}"), "case {case}");
    }
    assert!(
        stepped > 1000 && ends > 30 && errors > 0,
        "{stepped} turns, {ends} ends, {errors} errors"
    );
}
