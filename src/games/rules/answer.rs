//! The answers of a rules game's queries: the objective's fields for
//! `expect` (docs/rules-language.md, *Objectives*), text lines and a JSON
//! detail.

use super::model::{End, Model};
use super::picture::{Drawing, Drawn};
use super::picture_board::value_word;
use super::program::Kind;
use super::program::{CStmt, CStmtKind};
use super::solve::{Cycle, Line, MoveValue, Outcome, Value};
use super::state::{width, Dice, Instance, State};
use crate::games::answer::{json_int, FieldValue, GameAnswer};
use crate::games::{Answer, GameKind};
use crate::syntax::dialect::Field;
use serde_json::{json, Value as Json};
use std::any::Any;
use std::sync::Arc;

/// A rules game's answer to `solve`, `line`, `analyze` or `show`.
#[derive(Clone, Debug)]
pub(crate) struct RulesAnswer {
    /// The game's name (the rules block's).
    game: String,
    /// Which query.
    query: &'static str,
    /// The `solve` fields (empty for the other queries).
    pub(crate) fields: Vec<(Field, FieldValue)>,
    /// The human lines.
    lines: Vec<String>,
    /// The JSON detail.
    detail: Option<Json>,
    /// What its picture draws (`show`, `line`, `analyze`).
    drawing: Option<Arc<Drawing>>,
}

impl GameAnswer for RulesAnswer {
    fn game(&self) -> GameKind {
        GameKind::Rules
    }
    fn fields(&self) -> Vec<(Field, FieldValue)> {
        self.fields.clone()
    }
    fn lines(&self) -> Vec<String> {
        self.lines.clone()
    }
    fn detail(&self) -> Option<Json> {
        self.detail.clone()
    }
    fn picture(&self, title: &str) -> Option<String> {
        let d = self.drawing.as_ref()?;
        Some(super::picture::picture(title, d))
    }
    fn frames(&self) -> Option<Vec<(String, Answer)>> {
        let d = self.drawing.as_ref()?;
        let Drawn::Line { start, steps, .. } = &d.drawn else {
            return None;
        };
        let show = |s: &State| Answer::new(shown_in(&self.game, &d.inst, s));
        let mut out = vec![("start".to_string(), show(start))];
        out.extend(
            steps
                .iter()
                .map(|(caption, s, _)| (caption.clone(), show(s))),
        );
        Some(out)
    }
    fn held_bytes(&self) -> u64 {
        let text: usize = self.lines.iter().map(|l| l.len() + 24).sum();
        let detail = self.detail.as_ref().map_or(0, |d| d.to_string().len());
        let drawing = self.drawing.as_ref().map_or(0, |d| d.held_bytes());
        (text + detail + self.fields.len() * 48) as u64 + drawing
    }
    fn to_json(&self) -> Json {
        let mut m = serde_json::Map::new();
        m.insert("game".into(), json!(self.game));
        m.insert("query".into(), json!(self.query));
        for (f, v) in &self.fields {
            m.insert(f.name().into(), field_json(v));
        }
        if let Some(d) = &self.detail {
            m.insert("detail".into(), d.clone());
        }
        Json::Object(m)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

pub(crate) fn field_json(v: &FieldValue) -> Json {
    match v {
        FieldValue::Int(n) => json_int(*n),
        FieldValue::Word(w) => json!(w),
        FieldValue::Ratio(r) => json!(crate::games::answer::json_fraction(r)),
        FieldValue::List(items) => Json::Array(items.iter().map(field_json).collect()),
    }
}

/// A move's name: its words, after the mover's name in two-player games.
pub(crate) fn move_name(inst: &Instance, before: &State, words: &[String]) -> String {
    let words = words.join(" ");
    if inst.players() == 2 {
        spoken(Some(&player(inst, inst.mover(before))), &words)
    } else {
        words
    }
}

/// A move's name with its mover's first (two-player games): `A up`, or
/// `A` alone for a move of no choices.
pub(crate) fn spoken(mover: Option<&str>, words: &str) -> String {
    match mover {
        Some(p) if words.is_empty() => p.to_string(),
        Some(p) => format!("{p} {words}"),
        None => words.to_string(),
    }
}

fn player(inst: &Instance, p: u8) -> String {
    inst.word(Kind::Player, i64::from(p))
}

fn int(n: i64) -> FieldValue {
    FieldValue::Int(i128::from(n))
}

fn word(w: &str) -> FieldValue {
    FieldValue::Word(w.to_string())
}

fn yes_no(b: bool) -> FieldValue {
    word(if b { "yes" } else { "no" })
}

/// Whether `inst`'s `turn` can roll a random die (a `roll` without known
/// dice: `dice uniform`, or no `dice`): its score objective then answers an
/// expectation, whether or not a start rolls one (`dice uniform 1..6 x 0`
/// answers `expected 0`, as `x 1` answers an expectation).
pub(crate) fn random_dice(inst: &Instance) -> bool {
    fn rolls(body: &[CStmt]) -> bool {
        body.iter().any(|s| match &s.kind {
            CStmtKind::Roll(..) => true,
            CStmtKind::If(arms, other) => arms.iter().any(|(_, b)| rolls(b)) || rolls(other),
            CStmtKind::For { body, .. }
            | CStmtKind::Repeat(_, body)
            | CStmtKind::While(_, _, body)
            | CStmtKind::Simultaneously(body) => rolls(body),
            _ => false,
        })
    }
    !matches!(inst.dice, Dice::Known(_)) && rolls(&inst.prog.turn)
}

/// A value's fields, in the dialect's order, and its words.
fn value_fields(inst: &Instance, v: &Value) -> (Vec<(Field, FieldValue)>, String) {
    match v {
        // A game of random dice answers an expectation even from a start
        // that rolls none.
        Value::Total(s) if random_dice(inst) => value_fields(
            inst,
            &Value::Expected(num_rational::BigRational::from_integer((*s).into())),
        ),
        Value::Moves { total, winner } => {
            let w = player(inst, *winner);
            (
                vec![
                    (Field::Answer, int(i64::from(*total))),
                    (Field::Moves, int(i64::from(*total))),
                    (Field::Winner, word(&w)),
                ],
                format!("{w} wins; {} in all", crate::games::count(*total, "move")),
            )
        }
        Value::Outcome(o) => {
            let w = match o {
                Outcome::Win(p) => player(inst, *p),
                Outcome::Draw => "draw".into(),
            };
            let text = match o {
                Outcome::Win(_) => format!("{w} wins"),
                Outcome::Draw => "a draw".into(),
            };
            (
                vec![(Field::Answer, word(&w)), (Field::Winner, word(&w))],
                text,
            )
        }
        Value::Score(s) => (
            vec![(Field::Answer, int(*s))],
            format!("score difference {s}"),
        ),
        Value::Total(s) => (
            vec![(Field::Answer, int(*s)), (Field::Score, int(*s))],
            format!("score {s}"),
        ),
        Value::Expected(r) => {
            let f = FieldValue::Ratio(r.clone());
            (
                vec![(Field::Expected, f.clone())],
                format!("expected score {f}"),
            )
        }
        Value::Shortest(s) => {
            let n = s.map_or(-1, i64::from);
            (
                vec![(Field::Answer, int(n)), (Field::Moves, int(n))],
                match s {
                    Some(n) => format!("won in {}", crate::games::count(*n, "move")),
                    None => "no win within the bound (-1)".into(),
                },
            )
        }
        Value::Longest(l) => {
            let n = v.answer().unwrap_or(-1);
            (
                vec![
                    (Field::Answer, int(n)),
                    (Field::Forever, yes_no(l.is_none())),
                ],
                match l {
                    Some(n) => format!("the longest play is {}", crate::games::count(*n, "move")),
                    None => "play can go on forever (-1)".into(),
                },
            )
        }
        Value::Simulated {
            turn,
            cycle,
            printed,
        } => {
            let n = v.answer().unwrap_or(-1);
            let t = match turn {
                Some(t) => int(i64::try_from(*t).unwrap_or(i64::MAX)),
                None => word("none"),
            };
            let cyc = *cycle == Cycle::Yes;
            let mut fields = vec![
                (Field::Answer, int(n)),
                (Field::Turn, t),
                (Field::Cycle, yes_no(cyc)),
            ];
            // A turn that prints answers its lines (empty when none ran).
            if inst.prog.prints {
                let lines = printed.iter().map(|&x| int(x)).collect();
                fields.push((Field::Printed, FieldValue::List(lines)));
            }
            (
                fields,
                match (turn, cyc) {
                    (Some(t), _) => format!("the game ends during turn {t}"),
                    (None, true) => NEVER_ENDS.into(),
                    (None, false) => "the game has not ended by the limit (-1)".into(),
                },
            )
        }
    }
}

/// The text of a `simulate` answer with `cycle yes`.
pub(crate) const NEVER_ENDS: &str = "the game never ends: a position repeats (-1)";

/// `solve`.
pub(crate) fn solved(game: &str, inst: &Instance, v: &Value) -> RulesAnswer {
    let (fields, text) = value_fields(inst, v);
    let first = fields.first().map_or(String::new(), |(_, v)| v.to_string());
    let mut lines = vec![format!("answer {first}: {text}")];
    // The run's printed lines, when the turn prints (`printed`).
    if let Some((_, v)) = fields.iter().find(|(f, _)| *f == Field::Printed) {
        lines.push(format!("printed {v}"));
    }
    RulesAnswer {
        game: game.into(),
        query: "solve",
        fields,
        lines,
        detail: None,
        drawing: None,
    }
}

fn end_word(e: End) -> &'static str {
    match e {
        End::Win => "win",
        End::Lose => "lose",
        End::Draw => "draw",
        End::Stop => "stop",
    }
}

/// How a line that ends without an end stops when its last position is
/// one it passed through: play can go on forever from there (the searches
/// score that as a repetition). Not for a program that reads `moves`, whose
/// positions hold the count.
fn repeated(inst: &Instance, start: &State, l: &Line<State>) -> Option<String> {
    let last = &l.steps.last()?.next;
    if l.ended.is_some() || inst.prog.reads_moves {
        return None;
    }
    let before = std::iter::once(start).chain(l.steps.iter().map(|st| &st.next));
    let k = before.take(l.steps.len()).position(|p| p.v == last.v)?;
    Some(if k == 0 {
        "then the start position repeats: play can go on forever".to_string()
    } else {
        format!("then the position after move {k} repeats: play can go on forever")
    })
}

/// `line`.
/// The line's positions move into the answer's picture (a line of
/// thousands of moves on a big board holds a copy of it per move: once).
pub(crate) fn line(game: &str, inst: &Instance, start: &State, l: Line<State>) -> RulesAnswer {
    let mut lines = Vec::new();
    let mut moves = Vec::new();
    let repeats = repeated(inst, start, &l);
    let (ended, n_steps) = (l.ended, l.steps.len());
    let last_end = l.steps.last().and_then(|st| st.end);
    let mut frames: Vec<(String, State, i64)> = Vec::with_capacity(n_steps);
    for (i, st) in l.steps.into_iter().enumerate() {
        let before = frames.last().map_or(start, |f| &f.1);
        let mut name = move_name(inst, before, &st.words);
        let caption = if name.is_empty() {
            name = format!("turn {}", i + 1);
            name.clone()
        } else {
            format!("move {}: {name}", i + 1)
        };
        let mut text = format!("{}. {name}", i + 1);
        if st.reward != 0 {
            text.push_str(&format!(" (score {:+})", st.reward));
        }
        if let Some(e) = st.end {
            text.push_str(&format!(" — {}", end_word(e)));
        }
        lines.push(text);
        moves.push(json!({"move": name, "reward": st.reward, "end": st.end.map(end_word)}));
        frames.push((caption, st.next, st.reward));
    }
    let mut end = last_end.map(|e| format!("the last move ends the game: {}", end_word(e)));
    if let Some((e, stuck)) = ended {
        let text = if stuck {
            format!("then the mover is stuck: {}", end_word(e))
        } else {
            format!("then the game ends: {}", end_word(e))
        };
        end = Some(text.clone());
        lines.push(text);
    }
    if let Some(text) = repeats.filter(|_| end.is_none()) {
        end = Some(text.clone());
        lines.push(text);
    }
    if lines.is_empty() {
        lines.push("no moves".into());
    }
    RulesAnswer {
        game: game.into(),
        query: "line",
        fields: Vec::new(),
        lines,
        detail: Some(json!({
            "moves": moves,
            "ended": ended.map(|(e, stuck)| json!({"end": end_word(e), "stuck": stuck})),
        })),
        drawing: Some(Arc::new(Drawing {
            inst: Arc::new(inst.clone()),
            drawn: Drawn::Line {
                start: start.clone(),
                steps: frames,
                end,
            },
        })),
    }
}

/// What `analyze` says of a position with no move: the game is over
/// there (its turn ends it before any choice), or the mover is stuck.
pub(crate) fn no_moves(inst: &Instance, s: &State) -> String {
    match inst.turn_unnamed(s) {
        Ok(super::model::Turn::Ended { end, stuck }) => format!(
            "no legal moves: {} ({})",
            if stuck {
                "the mover is stuck"
            } else {
                "the game is over here"
            },
            match end {
                End::Win => "the mover wins",
                End::Lose => "the mover loses",
                End::Draw => "a draw",
                End::Stop => "it stops",
            }
        ),
        _ => "no legal moves".into(),
    }
}

/// `analyze`.
pub(crate) fn analyzed(game: &str, inst: &Instance, s: &State, moves: &[MoveValue]) -> RulesAnswer {
    let mut lines = Vec::new();
    let mut detail = Vec::new();
    let mut drawn = Vec::new();
    for m in moves {
        let (fields, text) = value_fields(inst, &m.value);
        let name = move_name(inst, s, &m.words);
        let first = fields.first().map_or(String::new(), |(_, v)| v.to_string());
        lines.push(format!("{name}: {first} ({text})"));
        drawn.push((name.clone(), format!("{first} ({text})")));
        let mut o = serde_json::Map::new();
        o.insert("move".into(), json!(name));
        for (f, v) in &fields {
            o.insert(f.name().into(), field_json(v));
        }
        detail.push(Json::Object(o));
    }
    if lines.is_empty() {
        lines.push(no_moves(inst, s));
    }
    RulesAnswer {
        game: game.into(),
        query: "analyze",
        fields: Vec::new(),
        lines,
        detail: Some(json!({ "moves": detail })),
        drawing: Some(Arc::new(Drawing {
            inst: Arc::new(inst.clone()),
            drawn: Drawn::Analyze {
                at: s.clone(),
                moves: drawn,
            },
        })),
    }
}

/// The short word of a layer's value in a drawn grid.
fn cell_word(kind: Kind, inst: &Instance, v: i64) -> String {
    match kind {
        Kind::Bool => (if v != 0 { "o" } else { "." }).into(),
        // An empty cell of a layer of players or pieces (`nobody`).
        Kind::Player | Kind::Piece if inst.word(kind, v) == "nobody" => ".".into(),
        k => inst.word(k, v),
    }
}

/// A layer's rows of words with the columns lined up: each padded to its
/// column's widest word (numbers to the right), no blanks at the end.
fn aligned(rows: &[Vec<String>], numbers: bool) -> Vec<String> {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|w| w.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|r| {
            let words: Vec<String> = r
                .iter()
                .zip(&widths)
                .map(|(w, &n)| {
                    if numbers {
                        format!("{w:>n$}")
                    } else {
                        format!("{w:<n$}")
                    }
                })
                .collect();
            format!("  {}", words.join(" ")).trim_end().to_string()
        })
        .collect()
}

/// `show`: each layer as a grid (pieces standing on cells drawn over the
/// first), then the variables and the pieces' fields.
pub(crate) fn shown(game: &str, inst: &Instance, s: &State) -> RulesAnswer {
    shown_in(game, &Arc::new(inst.clone()), s)
}

/// `show` of a position of an instance already shared (a line's frames).
fn shown_in(game: &str, shared: &Arc<Instance>, s: &State) -> RulesAnswer {
    let inst: &Instance = shared;
    let prog = &inst.prog;
    let d = &prog.decls;
    let mut lines = Vec::new();
    let cells = (inst.rows * inst.cols).max(0) as usize;
    // Where pieces stand (fields of type cell).
    let mut on: Vec<Option<String>> = vec![None; cells];
    for (fi, (slot, dom)) in inst.layout.fields.iter().enumerate() {
        if dom.kind != Kind::Cell || width(dom) != 1 || d.fields.get(fi).is_none() {
            continue;
        }
        for (p, name) in inst.pieces.iter().enumerate() {
            if !inst.present.get(p).copied().unwrap_or(false) {
                continue;
            }
            let c = s.v[slot + p];
            if c >= 0 && (c as usize) < cells {
                on[c as usize] = Some(name.clone());
            }
        }
    }
    let mut drew_pieces = false;
    for (li, (slot, dom)) in inst.layout.layers.iter().enumerate() {
        let name = d.layers.get(li).map_or("layer", |v| v.name.node.as_str());
        let w = width(dom);
        if w != 1 {
            // A list per cell: the cells whose list is not empty.
            let held: Vec<String> = (0..cells)
                .filter(|i| s.v[slot + i * w] > 0)
                .map(|i| {
                    let at = inst.word(Kind::Cell, i as i64);
                    format!("{at} {}", value_word(inst, dom, s, slot + i * w))
                })
                .collect();
            lines.push(format!("{name}: {}", held.join(", ")));
            continue;
        }
        lines.push(format!("{name}:"));
        let rows: Vec<Vec<String>> = (0..inst.rows.max(0) as usize)
            .map(|r| {
                (0..inst.cols.max(0) as usize)
                    .map(|c| {
                        let i = r * inst.cols as usize + c;
                        match (&on[i], drew_pieces) {
                            (Some(p), false) => p.clone(),
                            _ => cell_word(dom.kind, inst, s.v[slot + i]),
                        }
                    })
                    .collect()
            })
            .collect();
        lines.extend(aligned(&rows, dom.kind == Kind::Int));
        drew_pieces = true;
    }
    for (vi, (slot, dom)) in inst.layout.vars.iter().enumerate() {
        let name = d.vars.get(vi).map_or("var", |v| v.name.node.as_str());
        lines.push(format!("{name} = {}", value_word(inst, dom, s, *slot)));
    }
    for (p, pname) in inst.pieces.iter().enumerate() {
        if !inst.present.get(p).copied().unwrap_or(false) {
            continue;
        }
        let fields: Vec<String> = inst
            .layout
            .fields
            .iter()
            .enumerate()
            .map(|(fi, (slot, dom))| {
                let fname = d.fields.get(fi).map_or("field", |v| v.name.node.as_str());
                let w = width(dom);
                format!("{fname} {}", value_word(inst, dom, s, slot + p * w))
            })
            .collect();
        lines.push(format!("piece {pname}: {}", fields.join(", ")));
    }
    if inst.players() == 2 {
        lines.push(format!("to move: {}", player(inst, inst.mover(s))));
    }
    RulesAnswer {
        game: game.into(),
        query: "show",
        fields: Vec::new(),
        detail: Some(json!({ "text": lines.clone() })),
        lines,
        drawing: Some(Arc::new(Drawing {
            inst: Arc::clone(shared),
            drawn: Drawn::Show(s.clone()),
        })),
    }
}
