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
        // Nothing to write: a condition, a board sized by numbers before.
        if matches!(item.node, Item::Require { .. } | Item::Board { .. }) {
            continue;
        }
        let (text, bracketed) = w.item(&item.node)?;
        // No records (`cells 0:`, `lists 0:`, `dice 0 of`, `pieces 0:`)
        // are no lines, as the judge writes them: nothing, not even a line
        // break (`meeple validate` refuses an empty line).
        if text.is_empty() {
            continue;
        }
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
            Item::Board { rows, cols } => {
                solve(rows, inst.rows, &mut env);
                solve(cols, inst.cols, &mut env);
            }
            Item::Pieces { count, .. } => solve(count, present(inst) as i64, &mut env),
            Item::Marks { layer, .. } => solve(
                count_of(item),
                marked(inst, s, layer).len() as i64,
                &mut env,
            ),
            Item::Lists { fields, .. } => {
                let mut lens = fields
                    .iter()
                    .filter_map(|f| list(inst, s, &f.field.node).map(|l| (f, l.len())));
                if let Some((first, n)) = lens.next() {
                    if let Some((other, m)) = lens.find(|(_, m)| *m != n) {
                        return Err(format!(
                            "the lists `{}` ({n} items) and `{}` ({m}) differ in length, which one count of lines cannot say",
                            first.field.node, other.field.node
                        ));
                    }
                    solve(count_of(item), n as i64, &mut env);
                }
            }
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

/// The count of a `cells` or `lists` item.
fn count_of(item: &crate::syntax::ast::Spanned<Item>) -> &Count {
    match &item.node {
        Item::Marks { count, .. } | Item::Lists { count, .. } => count,
        _ => unreachable!("only cells and lists items are asked"),
    }
}

/// The cells where the bool layer `layer` is true, row by row.
fn marked(inst: &Instance, s: &State, layer: &crate::syntax::ast::Spanned<String>) -> Vec<i64> {
    let Some(l) = (inst.prog.decls.layers.iter()).position(|x| x.name.node == layer.node) else {
        return Vec::new();
    };
    let (base, dom) = inst.layout.layers[l];
    (0..inst.rows * inst.cols)
        .filter(|&c| s.v[base + c as usize * width(&dom)] != 0)
        .collect()
}

/// The items of the list var `name` (`None`: no such list var).
fn list(inst: &Instance, s: &State, name: &str) -> Option<Vec<i64>> {
    let i = (inst.prog.decls.vars.iter()).position(|v| v.name.node == name)?;
    let (slot, dom) = inst.layout.vars.get(i)?;
    dom.list_max?;
    let len = s.v[*slot].max(0) as usize;
    Some(s.v[slot + 1..slot + 1 + len].to_vec())
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
                // Bracketed, the pieces' lists are consecutive bracketed
                // lists: one line, separated by a space.
                let sep = if *bracketed { " " } else { "\n" };
                (lines?.join(sep), *bracketed)
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
            Item::Marks { layer, from, .. } => {
                let base = from.as_ref().map_or(0, |b| b.node);
                let cols = self.inst.cols.max(1);
                let lines: Vec<String> = marked(self.inst, self.s, layer)
                    .iter()
                    .map(|c| format!("{} {}", c / cols + base, c % cols + base))
                    .collect();
                (lines.join("\n"), false)
            }
            Item::Lists { fields, .. } => {
                let mut cols: Vec<Vec<i64>> = Vec::new();
                for f in fields {
                    cols.push(
                        list(self.inst, self.s, &f.field.node)
                            .ok_or_else(|| format!("no list var `{}`", f.field.node))?,
                    );
                }
                let n = cols.first().map_or(0, Vec::len);
                let mut lines = Vec::new();
                for i in 0..n {
                    let mut v = Vec::new();
                    for (f, col) in fields.iter().zip(&cols) {
                        let ty = match self.var_ty(&f.field.node) {
                            Ty::List(t, _) => *t,
                            t => t,
                        };
                        self.value(
                            &format!("item {} of `{}`", i + 1, f.field.node),
                            f,
                            &ty,
                            col[i],
                            &mut v,
                        )?;
                    }
                    lines.push(v.join(" "));
                }
                (lines.join("\n"), false)
            }
            Item::Require { .. } | Item::Board { .. } => (String::new(), false),
        })
    }

    fn var_ty(&self, name: &str) -> Ty {
        let decls = &self.prog().decls;
        (decls.vars.iter())
            .find(|v| v.name.node == name)
            .map_or(Ty::Any, |v| v.ty.clone())
    }

    /// The words of one field's value `x` of type `ty`, pushed on `v`.
    fn value(
        &self,
        who: &str,
        f: &FieldFormat,
        ty: &Ty,
        x: i64,
        v: &mut Vec<String>,
    ) -> Result<(), String> {
        let inst = self.inst;
        let base = f.from.as_ref().map_or(0, |b| b.node);
        if !f.spelled.is_empty() {
            let word = usize::try_from(x).ok().and_then(|i| f.spelled.get(i));
            let Some(word) = word else {
                let name = super::read::value_word(&self.prog().decls, ty, x.max(0) as usize)
                    .unwrap_or_else(|| x.to_string());
                return Err(format!(
                    "{who}'s {} is {name}, which the judge cannot write",
                    f.field.node
                ));
            };
            v.push(word.node.clone());
            return Ok(());
        }
        match ty {
            Ty::Cell => {
                if x < 0 {
                    return Err(format!("{who} is off the board"));
                }
                let cols = inst.cols.max(1);
                v.push((x / cols + base).to_string());
                v.push((x % cols + base).to_string());
            }
            Ty::Dir | Ty::Enum(_) => {
                let kind = match ty {
                    Ty::Dir => crate::games::rules::program::Kind::Dir,
                    Ty::Enum(e) => crate::games::rules::program::Kind::Enum(*e),
                    _ => unreachable!(),
                };
                let word = inst.word(kind, x);
                let Some(i) = f.words.iter().position(|w| w.node == word) else {
                    return Err(format!(
                        "{who}'s {} is {word}, which the judge cannot write",
                        f.field.node
                    ));
                };
                v.push((i as i64 + base).to_string());
            }
            _ => v.push(x.to_string()),
        }
        Ok(())
    }

    fn piece(&self, name: &str, fields: &[FieldFormat], bracketed: bool) -> Result<String, String> {
        let inst = self.inst;
        let Some(p) = inst.pieces.iter().position(|n| n == name) else {
            return Err(format!("no piece `{name}`"));
        };
        let mut v = Vec::new();
        for f in fields {
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
            let ty = self.prog().decls.fields[fi].ty.clone();
            self.value(&format!("piece {name}"), f, &ty, x, &mut v)?;
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
