//! A position → judge text in the rules block's `input { … }` format: the
//! numbers, the board (each character as the first key of its legend
//! entry), the pieces' lines and the rolls, one item a line (bracketed
//! items share theirs), with one trailing newline.

use crate::games::rules::program::Program;
use crate::games::rules::setup::BoardInput;
use crate::games::rules::state::{width, Dice, Instance, State};
use crate::games::rules::types::Ty;
use crate::syntax::rules::input::*;
use std::collections::HashMap;

/// Write the start position `s` of `inst`, whose board the scenario gave
/// as `board`, as the judge's input; `Err` says why it cannot be written.
pub(crate) fn write(inst: &Instance, s: &State, board: &BoardInput) -> Result<String, String> {
    let prog = &inst.prog;
    let Some(format) = &prog.input else {
        return Err(format!("`{}` declares no judge input format", prog.name));
    };
    if let BoardInput::Track(t) = board {
        if !crate::games::judge_position::is_standard(t) {
            return Err(
                "the board is a track of the file's own, which a judge input cannot say \
                 (it is read on the standard yut track)"
                    .to_string(),
            );
        }
    }
    let w = Writer {
        inst,
        s,
        board,
        env: env(inst, s, format)?,
    };
    let mut out = String::new();
    if format.cases.is_some() {
        out.push_str("1\n");
    }
    let mut last_bracketed = false;
    for item in &format.items {
        if matches!(item.node, Item::Require { .. }) {
            continue;
        }
        let (text, bracketed) = w.item(&item.node)?;
        if bracketed && last_bracketed {
            out.pop();
            out.push(' ');
        }
        out.push_str(&text);
        out.push('\n');
        last_bracketed = bracketed;
    }
    Ok(out)
}

fn present(inst: &Instance) -> usize {
    let order: Vec<String> = super::piece_order(&inst.prog)
        .take(inst.pieces.len())
        .collect();
    order
        .iter()
        .take_while(|n| {
            inst.pieces
                .iter()
                .position(|p| p == *n)
                .is_some_and(|i| inst.present.get(i).copied().unwrap_or(false))
        })
        .count()
}

/// The values of the format's names: params and vars from the position,
/// sizes and counts from what they count.
fn env(inst: &Instance, s: &State, f: &InputFormat) -> Result<HashMap<String, i64>, String> {
    let prog = &inst.prog;
    let mut env = HashMap::new();
    for (i, p) in prog.decls.params.iter().enumerate() {
        if let Some(v) = inst.params.get(i) {
            env.insert(p.name.node.clone(), v.s());
        }
    }
    for (i, v) in prog.decls.vars.iter().enumerate() {
        if let Some((slot, dom)) = inst.layout.vars.get(i) {
            if width(dom) == 1 {
                env.insert(v.name.node.clone(), s.v[*slot]);
            }
        }
    }
    let solve = |c: &Count, total: i64, env: &mut HashMap<String, i64>| match c {
        Count::Measured(n) => {
            env.insert(n.name.node.clone(), total);
        }
        Count::Product(bs) => {
            let mut k = 1i64;
            let mut unknown = None;
            for b in bs {
                match &b.node {
                    Bound::Int(n) => k *= n,
                    Bound::Name(n) if env.contains_key(n) => k *= env[n],
                    Bound::Name(n) => unknown = Some(n.clone()),
                }
            }
            if let Some(n) = unknown {
                if k != 0 && total % k == 0 {
                    env.insert(n, total / k);
                }
            }
        }
    };
    for item in &f.items {
        match &item.node {
            Item::Rows { rows, cols, .. } => {
                solve(rows, inst.rows, &mut env);
                solve(cols, inst.cols, &mut env);
            }
            Item::Pieces { count, .. } => solve(count, present(inst) as i64, &mut env),
            Item::Dice { count, .. } => {
                if let Dice::Known(r) = &inst.dice {
                    solve(count, r.len() as i64, &mut env)
                }
            }
            _ => {}
        }
    }
    for item in &f.items {
        if let Item::Numbers(ns) = &item.node {
            if let Some(n) = ns.iter().find(|n| !env.contains_key(&n.name.node)) {
                return Err(format!(
                    "the judge input's `{}` counts nothing meeple can measure",
                    n.name.node
                ));
            }
        }
    }
    Ok(env)
}

struct Writer<'a> {
    inst: &'a Instance,
    s: &'a State,
    board: &'a BoardInput,
    env: HashMap<String, i64>,
}

fn join(v: &[String], bracketed: bool) -> String {
    if bracketed {
        format!("[{}]", v.join(", "))
    } else {
        v.join(" ")
    }
}

impl Writer<'_> {
    fn prog(&self) -> &Program {
        &self.inst.prog
    }

    fn item(&self, item: &Item) -> Result<(String, bool), String> {
        Ok(match item {
            Item::Numbers(ns) => {
                let v: Vec<String> = ns
                    .iter()
                    .map(|n| self.env[&n.name.node].to_string())
                    .collect();
                (v.join(" "), false)
            }
            Item::Rows {
                cell, bracketed, ..
            } => (self.rows(cell, *bracketed)?, *bracketed),
            Item::Pieces {
                fields, bracketed, ..
            } => {
                let order: Vec<String> = super::piece_order(self.prog())
                    .take(present(self.inst))
                    .collect();
                let lines: Result<Vec<String>, String> = order
                    .iter()
                    .map(|n| self.piece(n, fields, *bracketed))
                    .collect();
                (lines?.join("\n"), *bracketed)
            }
            Item::Piece {
                name,
                fields,
                bracketed,
            } => (self.piece(&name.node, fields, *bracketed)?, *bracketed),
            Item::Dice { .. } => match &self.inst.dice {
                Dice::Known(r) => {
                    let v: Vec<String> = r.iter().map(|x| x.to_string()).collect();
                    (v.join(" "), false)
                }
                _ => return Err("the judge input gives known rolls, not random dice".into()),
            },
            Item::Require { .. } => (String::new(), false),
        })
    }

    fn piece(&self, name: &str, fields: &[FieldFormat], bracketed: bool) -> Result<String, String> {
        let inst = self.inst;
        let Some(p) = inst.pieces.iter().position(|n| n == name) else {
            return Err(format!("no piece `{name}`"));
        };
        let mut v = Vec::new();
        for f in fields {
            let base = f.from.as_ref().map_or(0, |b| b.node);
            let Some(fi) = self
                .prog()
                .decls
                .fields
                .iter()
                .position(|d| d.name.node == f.field.node)
            else {
                continue;
            };
            let (slot, dom) = inst.layout.fields[fi];
            let x = self.s.v[slot + p * width(&dom)];
            match &self.prog().decls.fields[fi].ty {
                Ty::Cell => {
                    if x < 0 {
                        return Err(format!("piece {name} is off the board"));
                    }
                    let cols = inst.cols.max(1);
                    v.push((x / cols + base).to_string());
                    v.push((x % cols + base).to_string());
                }
                Ty::Dir | Ty::Enum(_) => {
                    let word = inst.word(dom.kind, x);
                    let Some(i) = f.words.iter().position(|w| w.node == word) else {
                        return Err(format!(
                            "piece {name}'s {} is {word}, which the judge cannot write",
                            f.field.node
                        ));
                    };
                    v.push((i as i64 + base).to_string());
                }
                _ => v.push(x.to_string()),
            }
        }
        Ok(join(&v, bracketed))
    }

    fn rows(&self, cell: &CellFormat, bracketed: bool) -> Result<String, String> {
        let inst = self.inst;
        let prog = self.prog();
        let parts: Vec<CellPart> = match cell {
            CellFormat::Chars => vec![CellPart::Char],
            CellFormat::Numbers(r) => vec![CellPart::Number(r.clone())],
            CellFormat::Cells(ps) => ps.iter().map(|p| p.node.clone()).collect(),
        };
        let key = |r: usize, c: usize| -> Result<String, String> {
            let k = match self.board {
                BoardInput::Grid(g) => g.get(r).and_then(|x| x.get(c)).map(|x| x.node.to_string()),
                BoardInput::Array(a) => a.get(r).and_then(|x| x.get(c)).map(|x| x.node.to_string()),
                _ => None,
            };
            let k = k.ok_or_else(|| "the board is not a grid of the input's size".to_string())?;
            // The first key of the legend entry that holds it.
            Ok(prog
                .legend
                .iter()
                .find(|e| e.keys.contains(&k))
                .and_then(|e| e.keys.first().cloned())
                .unwrap_or(k))
        };
        let at_field = prog.at_field;
        let mut lines = Vec::new();
        for r in 0..inst.rows.max(0) as usize {
            let mut words = Vec::new();
            for c in 0..inst.cols.max(0) as usize {
                for part in &parts {
                    match part {
                        CellPart::Piece => {
                            let cell = (r as i64) * inst.cols + c as i64;
                            let on = at_field.and_then(|fi| {
                                let (slot, dom) = inst.layout.fields[fi];
                                (0..inst.pieces.len()).find(|&p| {
                                    inst.present.get(p).copied().unwrap_or(false)
                                        && self.s.v[slot + p * width(&dom)] == cell
                                })
                            });
                            words.push(on.map_or("0".to_string(), |p| inst.pieces[p].clone()));
                        }
                        CellPart::Char | CellPart::Number(_) => words.push(key(r, c)?),
                    }
                }
            }
            lines.push(match cell {
                CellFormat::Chars => words.concat(),
                _ => join(&words, bracketed),
            });
        }
        Ok(if bracketed {
            format!("[{}]", lines.join(", "))
        } else {
            lines.join("\n")
        })
    }
}
