//! Smaller positions than a failing rules game's judge case, proposed
//! from its declarations alone (no per-game code): the board without its
//! last or first row or column (or its last but one, inside a border), without a piece (the last first), params
//! and vars nearer the low end of their limits, rolls at their low end,
//! board numbers at their low end (then halfway to it, and to 0 and
//! halfway to 0 when 0 is in range), and a repeated board character replaced
//! by the board's most common one; a board sized by numbers a row and a
//! column smaller, without a marked cell (`cells K: LAYER`). Each is set up and written again; the
//! shrinker keeps the judge instances (`crate::shrink::admissible`).

use super::position::RulesPosition;
use crate::games::rules::setup::{BoardInput, SetValue};
use crate::games::rules::state::Dice;
use crate::syntax::ast::Spanned;
use crate::syntax::rules::input::{Bound, CellFormat, CellPart, Item, Range};
use std::collections::HashMap;

/// The declarations of smaller positions, the boldest first.
pub(super) fn candidates(p: &RulesPosition) -> Vec<crate::games::rules::setup::ScenarioInput> {
    let d = &p.declared;
    let mut out = Vec::new();
    let prog = p.prog();
    let format = prog.input.as_ref();
    // The board without a row or a column (last, then first).
    let drop = |rows: bool, first: bool| -> Option<BoardInput> {
        fn cut<T: Clone>(g: &[Vec<T>], rows: bool, first: bool) -> Option<Vec<Vec<T>>> {
            if rows {
                (g.len() > 1).then(|| {
                    let mut g = g.to_vec();
                    if first {
                        g.remove(0);
                    } else {
                        g.pop();
                    }
                    g
                })
            } else {
                (g.first().is_some_and(|r| r.len() > 1)).then(|| {
                    g.iter()
                        .map(|r| {
                            let mut r = r.clone();
                            if first {
                                r.remove(0);
                            } else {
                                r.pop();
                            }
                            r
                        })
                        .collect()
                })
            }
        }
        match &d.board {
            BoardInput::Grid(g) => cut(g, rows, first).map(BoardInput::Grid),
            BoardInput::Array(a) => cut(a, rows, first).map(BoardInput::Array),
            _ => None,
        }
    };
    for first in [false, true] {
        for rows in [true, false] {
            if let Some(b) = drop(rows, first) {
                let mut c = d.clone();
                // Pieces placed by the scenario move with a dropped first
                // row or column; those on a dropped line are left out.
                if first {
                    c.pieces
                        .retain_mut(|q| match q.at.as_mut().map(|a| &mut a.node) {
                            Some(SetValue::Cell(r, col)) => {
                                let v = if rows { r } else { col };
                                *v -= 1;
                                *v >= 0
                            }
                            _ => true,
                        });
                }
                c.board = b;
                out.push(c);
            }
        }
    }
    // The board without an inner row or column (the last but one): a
    // border the format requires stays.
    for rows in [true, false] {
        if let Some(b) = drop_inner(&d.board, rows) {
            let mut c = d.clone();
            let k = match &b {
                BoardInput::Grid(g) if rows => g.len(),
                BoardInput::Grid(g) => g.first().map_or(0, |r| r.len()),
                BoardInput::Array(a) if rows => a.len(),
                BoardInput::Array(a) => a.first().map_or(0, |r| r.len()),
                _ => 0,
            } as i64
                - 1;
            // Pieces after the dropped line move up (left); those on it go.
            c.pieces
                .retain_mut(|q| match q.at.as_mut().map(|a| &mut a.node) {
                    Some(SetValue::Cell(r, col)) => {
                        let v = if rows { r } else { col };
                        let keep = *v != k;
                        if *v > k {
                            *v -= 1;
                        }
                        keep
                    }
                    _ => true,
                });
            c.board = b;
            out.push(c);
        }
    }
    // A board sized by numbers one row and one column smaller (a square
    // stays square): the marks and pieces outside it go.
    if let BoardInput::Sized(r, c) = d.board {
        if r > 1 && c > 1 {
            let inside = |v: &Option<&SetValue>| match v {
                Some(SetValue::Cell(x, y)) => *x < r - 1 && *y < c - 1,
                _ => true,
            };
            let mut smaller = d.clone();
            smaller.board = BoardInput::Sized(r - 1, c - 1);
            smaller.marks.retain(|(_, v)| inside(&Some(&v.node)));
            smaller
                .pieces
                .retain(|q| inside(&q.at.as_ref().map(|a| &a.node)));
            out.push(smaller);
        }
    }
    // Fewer marked cells: the last first.
    for i in (0..d.marks.len()).rev() {
        let mut c = d.clone();
        c.marks.remove(i);
        out.push(c);
    }
    // Fewer pieces: the last placed first.
    for i in (0..d.pieces.len()).rev() {
        let mut c = d.clone();
        c.pieces.remove(i);
        out.push(c);
    }
    // Params and vars nearer their low limit.
    let lows = low_ends(format);
    for (list, is_rules) in [(&d.rules, true), (&d.sets, false)] {
        for (i, (name, v)) in list.iter().enumerate() {
            let SetValue::Int(x) = v.node else { continue };
            let lo = lows.get(&name.node).copied().unwrap_or(0);
            let mut tries = vec![lo, lo + (x - lo) / 2, x - 1];
            tries.dedup();
            for t in tries.into_iter().filter(|t| *t < x && *t >= lo) {
                let mut c = d.clone();
                let target = if is_rules { &mut c.rules } else { &mut c.sets };
                target[i].1 = Spanned::new(SetValue::Int(t), v.span);
                out.push(c);
            }
        }
    }
    // Rolls at their low end (the last first).
    if let Dice::Known(rolls) = &d.dice {
        let lo = format
            .and_then(|f| {
                f.items.iter().find_map(|i| match &i.node {
                    Item::Dice { range, .. } => int(range),
                    _ => None,
                })
            })
            .unwrap_or(1);
        for i in (0..rolls.len()).rev() {
            if rolls[i] > lo {
                let mut c = d.clone();
                let mut r = rolls.clone();
                r[i] = lo;
                c.dice = Dice::Known(r);
                out.push(c);
            }
        }
    }
    // Board cells: numbers at their low end, a repeated character as the
    // board's most common one.
    match &d.board {
        BoardInput::Array(a) => {
            let lo = format
                .and_then(|f| {
                    f.items.iter().find_map(|i| match &i.node {
                        Item::Rows {
                            cell: CellFormat::Numbers(r),
                            ..
                        } => int(r),
                        Item::Rows {
                            cell: CellFormat::Cells(ps),
                            ..
                        } => ps.iter().find_map(|p| match &p.node {
                            CellPart::Number(r) => int(r),
                            _ => None,
                        }),
                        _ => None,
                    })
                })
                .unwrap_or(0);
            // At the low end first; then halfway towards it, and to 0 and
            // halfway to 0 when 0 is in range (the low end may be refused:
            // a `-1` purifier, a sortedness `require`).
            for halve in [false, true] {
                for (r, row) in a.iter().enumerate() {
                    for (col, v) in row.iter().enumerate() {
                        let v = v.node;
                        let mut tries = if halve {
                            vec![lo + (v - lo) / 2]
                        } else {
                            vec![lo]
                        };
                        if halve && lo < 0 && v > 0 {
                            tries.extend([0, v / 2]);
                        }
                        tries.sort_unstable();
                        tries.dedup();
                        let low = if halve { lo + 1 } else { lo };
                        for t in tries.into_iter().filter(|t| *t < v && *t >= low) {
                            let mut b = a.clone();
                            b[r][col].node = t;
                            let mut c = d.clone();
                            c.board = BoardInput::Array(b);
                            out.push(c);
                        }
                    }
                }
            }
        }
        BoardInput::Grid(g) => {
            let mut count: HashMap<char, usize> = HashMap::new();
            for ch in g.iter().flatten() {
                *count.entry(ch.node).or_default() += 1;
            }
            let common = count
                .iter()
                .max_by_key(|(ch, n)| (**n, std::cmp::Reverse(**ch)))
                .map(|(ch, _)| *ch);
            if let Some(common) = common {
                for (r, row) in g.iter().enumerate() {
                    for (col, ch) in row.iter().enumerate() {
                        if ch.node != common && count[&ch.node] > 1 {
                            let mut b = g.clone();
                            b[r][col].node = common;
                            let mut c = d.clone();
                            c.board = BoardInput::Grid(b);
                            out.push(c);
                        }
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// The board without its last but one row (or column), when it has three
/// or more: the first and last stay.
fn drop_inner(board: &BoardInput, rows: bool) -> Option<BoardInput> {
    fn cut<T: Clone>(g: &[Vec<T>], rows: bool) -> Option<Vec<Vec<T>>> {
        if rows {
            (g.len() > 2).then(|| {
                let mut g = g.to_vec();
                g.remove(g.len() - 2);
                g
            })
        } else {
            (g.first().is_some_and(|r| r.len() > 2)).then(|| {
                g.iter()
                    .map(|r| {
                        let mut r = r.clone();
                        r.remove(r.len() - 2);
                        r
                    })
                    .collect()
            })
        }
    }
    match board {
        BoardInput::Grid(g) => cut(g, rows).map(BoardInput::Grid),
        BoardInput::Array(a) => cut(a, rows).map(BoardInput::Array),
        _ => None,
    }
}

/// A range's low end when it is a number.
fn int(r: &Range) -> Option<i64> {
    match r.lo.node {
        Bound::Int(n) => Some(n),
        Bound::Name(_) => None,
    }
}

/// The low limit of each number the format reads, by name.
fn low_ends(format: Option<&crate::syntax::rules::input::InputFormat>) -> HashMap<String, i64> {
    let mut out = HashMap::new();
    for item in format.map(|f| f.items.as_slice()).unwrap_or_default() {
        if let Item::Numbers(ns) = &item.node {
            for n in ns {
                if let Some(lo) = int(&n.range) {
                    out.insert(n.name.node.clone(), lo);
                }
            }
        }
    }
    out
}
