//! `simulate`'s in-place interpreter stepper (`simulate_run`) and its
//! digests (`simulate_digest`) against the plain expansion with keys, on
//! random zero-player programs with lists (which the compiled stepper does
//! not take): every turn it runs is the interpreter's leaf, every turn it
//! leaves is undone, and `solve` gives the same answer or error — also
//! with the digest narrowed to one bit or none, so that digests collide
//! all the time and only the full comparison tells positions apart.

use super::super::super::model::{Model, Node, Stepper, Turn};
use super::super::simulate;
use super::super::simulate_digest::MASK;
use super::super::simulate_flat::Flat;
use super::super::simulate_run::InPlace;
use super::simulate_flat::{compiled, Gen};
use crate::budget::Budget;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A list statement over `q` (items 0..9, at most 4).
fn list_stmt(g: &mut Gen) -> String {
    match g.r.gen_range(0..6) {
        0 => format!("if len(q) < 4 {{ push q, ({}) % 10 }}\n", g.int(1)),
        1 => "if len(q) > 0 { pop q }\n".into(),
        2 => "q = reverse(q)\n".into(),
        3 => format!("if len(q) > 0 {{ a = q[0] + {} }}\n", g.r.gen_range(0..3)),
        4 => "if len(q) > 1 { q = q[1..] + q[..1] }\n".into(),
        _ => format!("push q, ({}) % 10\n", g.int(1)),
    }
}

fn program(r: &mut StdRng, lists: bool) -> String {
    let mut g = Gen {
        r,
        locals: Vec::new(),
        fresh: 0,
    };
    let mut body = String::new();
    if lists {
        body.push_str(&list_stmt(&mut g));
    }
    g.block(2, false, &mut body);
    if lists {
        body.push_str(&list_stmt(&mut g));
    }
    format!(
        "rules f {{\n players none\n layer h: 0..9\n var a: 0..50 = 3, b: -20..20 = 0\n \
         var q: list of 0..9 max 4 = []\n \
         legend {{\n  number n: h[here] = n\n }}\n turn {{\n{body} }}\n solve simulate limit 60\n}}\n"
    )
}

fn rows(r: &mut StdRng) -> Vec<String> {
    (0..2)
        .map(|_| {
            (0..3)
                .map(|_| char::from(b'0' + r.gen_range(0..10u8)))
                .collect()
        })
        .collect()
}

/// `solve` through the stepper with the digest narrowed to `mask`.
fn stepped_with<'a>(
    inst: &'a super::super::super::state::Instance,
    stepper: Box<dyn Stepper<super::super::super::state::State> + 'a>,
    s0: &super::super::super::state::State,
    mask: u64,
) -> String {
    MASK.with(|m| m.set(mask));
    let b = Budget::unlimited();
    let out = simulate::stepped(inst, stepper, s0, 60, &b).map(|x| x.0);
    MASK.with(|m| m.set(u64::MAX));
    format!("{out:?}")
}

#[test]
fn in_place_turns_and_digests_give_the_expanded_answers() {
    let mut r = StdRng::seed_from_u64(29);
    let (mut programs, mut stepped, mut left, mut cycles) = (0, 0, 0, 0);
    while programs < 300 {
        let src = program(&mut r, true);
        let board = rows(&mut r);
        let Some((inst, s0)) = compiled(&src, &board) else {
            continue;
        };
        programs += 1;
        // Lists and fields compile too now (`simulate_lists`); this test
        // keeps to the interpreter's in-place stepper, and checks the
        // compiled one's answers below.
        let mut stepper = InPlace::new(&inst).expect("zero players, no dice");
        // Turn by turn, the digest kept up to date.
        let mut s = s0.clone();
        let mut h = stepper.digest(&s);
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
            h = stepper.redigest(&a, h);
            assert_eq!(h, stepper.digest(&a), "the updated digest\n{src}");
            s = a;
        }
        // The whole run: keys, digests, and digests that always collide.
        let b = Budget::unlimited();
        let plain = format!(
            "{:?}",
            simulate::expanded(&inst, &s0, 60, None, &b).map(|x| x.0)
        );
        for mask in [u64::MAX, 1, 0] {
            let stepper = Box::new(InPlace::new(&inst).expect("a stepper"));
            assert_eq!(
                stepped_with(&inst, stepper, &s0, mask),
                plain,
                "{mask}\n{src}"
            );
            if let Some(flat) = Flat::compile(&inst) {
                assert_eq!(
                    stepped_with(&inst, Box::new(flat), &s0, mask),
                    plain,
                    "compiled, {mask}\n{src}"
                );
            }
        }
        if plain.contains("Yes") {
            cycles += 1;
        }
    }
    assert!(
        stepped > 300 && left > 50 && cycles > 10,
        "{stepped} {left} {cycles}"
    );
}

#[test]
fn the_compiled_stepper_s_digests_give_the_expanded_answers() {
    let mut r = StdRng::seed_from_u64(31);
    let (mut programs, mut cycles) = (0, 0);
    while programs < 200 {
        let src = program(&mut r, false).replace(" var q: list of 0..9 max 4 = []\n", "");
        let board = rows(&mut r);
        let Some((inst, s0)) = compiled(&src, &board) else {
            continue;
        };
        let Some(flat) = Flat::compile(&inst) else {
            continue;
        };
        drop(flat);
        programs += 1;
        let b = Budget::unlimited();
        let plain = format!(
            "{:?}",
            simulate::expanded(&inst, &s0, 60, None, &b).map(|x| x.0)
        );
        for mask in [u64::MAX, 1, 0] {
            let stepper = Box::new(Flat::compile(&inst).expect("a stepper"));
            assert_eq!(
                stepped_with(&inst, stepper, &s0, mask),
                plain,
                "{mask}\n{src}"
            );
        }
        if plain.contains("Yes") {
            cycles += 1;
        }
    }
    assert!(cycles > 10, "{cycles}");
}
