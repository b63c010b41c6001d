//! A scenario's start position for a rules game: the params from `rule`,
//! the board (a grid through the legend, an array of numbers, a track),
//! the pieces placed, `set` values, then `setup` (docs/rules-language.md,
//! *Scenario statements on a rules game*). Problems with what the scenario
//! wrote are diagnostics on its statements' spans.

use super::key::key_bits;
use super::model::RunError;
use super::program::{CExpr, Dom, Kind, Program, Val};
use super::run::Run;
use super::state::{width, Dice, Instance, Layout, State};
use super::types::KEY_BITS;
use crate::error::{Code, Diag, Diags};
use crate::games::yut::track::Track;
use crate::syntax::ast::{Span, Spanned};
use crate::syntax::dialect::did_you_mean;
use std::sync::Arc;

/// A value written in a scenario (`set`, `with`, `rule`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetValue {
    /// A number.
    Int(i64),
    /// A name (`true`, `red`, `up`, a piece, a player, a square).
    Word(String),
    /// `(r, c)`, as written (counted from the origin).
    Cell(i64, i64),
    /// `[a, b, …]`, each item with its span.
    List(Vec<Spanned<SetValue>>),
}

impl std::fmt::Display for SetValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetValue::Int(n) => write!(f, "{n}"),
            SetValue::Word(w) => f.write_str(w),
            SetValue::Cell(r, c) => write!(f, "({r}, {c})"),
            SetValue::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", v.node)?;
                }
                f.write_str("]")
            }
        }
    }
}

/// The board a scenario gives.
#[derive(Clone, Debug)]
pub enum BoardInput {
    /// `board { … }`: rows of characters.
    Grid(Vec<Vec<Spanned<char>>>),
    /// `board [[…]]`: rows of numbers.
    Array(Vec<Vec<Spanned<i64>>>),
    /// `board yut` / `board NAME`.
    Track(Arc<Track>),
    /// A judge input's `board R by C`: R x C cells, each the layers'
    /// defaults (no legend entry is applied).
    Sized(i64, i64),
    /// No board.
    None,
}

/// A `piece` statement.
#[derive(Clone, Debug)]
pub struct PieceInput {
    /// The piece's name or number as written.
    pub name: Spanned<String>,
    /// `at (r, c)` (from the origin) or `at SQUARE`.
    pub at: Option<Spanned<SetValue>>,
    /// `facing DIR`.
    pub facing: Option<Spanned<String>>,
    /// `with FIELD VALUE, …`.
    pub with: Vec<(Spanned<String>, Spanned<SetValue>)>,
}

/// What a scenario says of a rules game's start.
#[derive(Clone, Debug)]
pub struct ScenarioInput {
    /// The board.
    pub board: BoardInput,
    /// The pieces placed, in order.
    pub pieces: Vec<PieceInput>,
    /// `set NAME VALUE`.
    pub sets: Vec<(Spanned<String>, Spanned<SetValue>)>,
    /// `rule NAME VALUE`.
    pub rules: Vec<(Spanned<String>, Spanned<SetValue>)>,
    /// The dice.
    pub dice: Dice,
    /// A judge input's `cells K: LAYER`: each cell (counted from the
    /// origin) where that bool layer is true.
    pub marks: Vec<(Spanned<String>, Spanned<SetValue>)>,
}

/// Why a start position could not be made.
#[derive(Clone, Debug)]
pub enum SetupError {
    /// What the scenario wrote is wrong.
    Scenario(Diags),
    /// The legend or `setup` failed at run time.
    Run(RunError),
}

fn d(
    code: Code,
    msg: impl Into<String>,
    at: Span,
    label: impl Into<String>,
    help: impl Into<String>,
) -> Diag {
    Diag::new(code, msg).label(at, label).help(help)
}

/// The errors of a grid board on its own: rows of different lengths
/// ([`ragged`]) and cells the legend does not know. None for other boards.
/// The `board` statement is refused with them, so that each is said once.
pub(crate) fn board_shape(board: &BoardInput, prog: &Program) -> Diags {
    let mut diags = Vec::new();
    // Each cell's text made as it is read (no string per cell held).
    let cells: Box<dyn Iterator<Item = (String, Span)> + '_> = match board {
        BoardInput::Grid(r) => {
            ragged(r, prog, &mut diags);
            Box::new(r.iter().flatten().map(|c| (c.node.to_string(), c.span)))
        }
        BoardInput::Array(r) => {
            ragged(r, prog, &mut diags);
            Box::new(r.iter().flatten().map(|c| (c.node.to_string(), c.span)))
        }
        _ => Box::new(std::iter::empty()),
    };
    if !prog.legend.is_empty() {
        for (key, span) in cells {
            if legend_entry(prog, &key).is_none() {
                diags.push(unknown_cell(prog, &key, span));
            }
        }
    }
    diags
}

/// The legend entry a board cell's text takes: the one that lists it, else
/// for a number the entry that takes numbers.
fn legend_entry<'a>(prog: &'a Program, key: &str) -> Option<&'a super::program::CEntry> {
    prog.legend
        .iter()
        .find(|e| e.keys.iter().any(|k| k == key))
        .or_else(|| {
            let numeric = key.parse::<i64>().is_ok();
            prog.legend.iter().find(|e| e.number.is_some() && numeric)
        })
}

/// A board cell its game's legend does not know.
fn unknown_cell(prog: &Program, key: &str, span: Span) -> Diag {
    let keys: Vec<&str> = prog
        .legend
        .iter()
        .flat_map(|e| e.keys.iter().map(String::as_str))
        .collect();
    d(
        Code::BoardCell,
        format!("`{key}` is not in the legend of `{}`", prog.name),
        span,
        "unknown cell",
        format!("the legend's keys are: {}", keys.join(" ")),
    )
}

/// Rows of a grid that differ in length from the first, or an empty first
/// row: refused as for the built-in games (`meeple::board::ragged`), each
/// row on its cells.
fn ragged<T>(rows: &[Vec<Spanned<T>>], prog: &Program, diags: &mut Diags) {
    let span_of = |row: &[Spanned<T>]| match (row.first(), row.last()) {
        (Some(a), Some(b)) => Some(Span::new(a.span.start(), b.span.end())),
        _ => None,
    };
    let Some(first) = rows.first() else {
        return;
    };
    let cols = first.len();
    let hash = prog.legend.iter().any(|e| e.keys.iter().any(|k| k == "#"));
    for row in &rows[1..] {
        if row.len() == cols {
            continue;
        }
        let mut diag = Diag::new(
            Code::BoardRagged,
            format!(
                "board rows differ in length: {} cells here, {cols} in the first row",
                row.len()
            ),
        );
        if let Some(at) = span_of(row) {
            diag = diag.label(at, format!("{} cells", row.len()));
        }
        if let Some(at) = span_of(first) {
            diag = diag.label(at, format!("the first row has {cols}"));
        }
        let mut help = "every row of a board must have as many cells as the first".to_string();
        if hash {
            help.push_str(" (in `board { … }`, `#` starts a comment: write that cell as `[[…]]` numbers or give it another character)");
        }
        diags.push(diag.help(help));
    }
}

/// Make the instance and its start position.
pub fn start(prog: Arc<Program>, input: &ScenarioInput) -> Result<(Instance, State), SetupError> {
    let mut diags: Diags = Vec::new();
    let (rows, cols) = match &input.board {
        BoardInput::Grid(r) => (r.len() as i64, r.first().map_or(0, |x| x.len()) as i64),
        BoardInput::Array(r) => (r.len() as i64, r.first().map_or(0, |x| x.len()) as i64),
        BoardInput::Sized(r, c) => (*r, *c),
        _ => (0, 0),
    };
    // The legend's loop below names unknown cells; a `board` statement
    // was refused for both already (a judge input's board reaches here).
    match &input.board {
        BoardInput::Grid(r) => ragged(r, &prog, &mut diags),
        BoardInput::Array(r) => ragged(r, &prog, &mut diags),
        _ => {}
    }
    let track = match &input.board {
        BoardInput::Track(t) => Some(t.clone()),
        _ => None,
    };
    let mut inst = Instance {
        prog: prog.clone(),
        rows,
        cols,
        params: Vec::new(),
        pieces: prog.decls.named.iter().map(|n| n.node.clone()).collect(),
        present: vec![true; prog.decls.named.len()],
        track,
        dice: input.dice.clone(),
        origin: 0,
        layout: Layout::default(),
        groups: Vec::new(),
        key_plan: Default::default(),
        turn_code: Default::default(),
    };
    let mut first = 0i64;
    // Params: defaults, then `rule` (plus `origin` and `first`).
    let mut steps = 0u64;
    for (_, default) in &prog.params {
        let v = {
            let mut run = Run::new(
                &inst,
                State {
                    v: vec![0; 2],
                    moves: 0,
                    over: None,
                },
                &[],
                &mut steps,
            );
            run.expr(default).map_err(SetupError::Run)?
        };
        inst.params.push(v);
    }
    for (name, value) in &input.rules {
        match name.node.as_str() {
            "origin" => match value.node {
                SetValue::Int(n @ (0 | 1)) => inst.origin = n,
                _ => diags.push(d(
                    Code::RuleValue,
                    "`origin` is 0 or 1",
                    value.span,
                    "not 0 or 1",
                    "write `rule origin 0` or `rule origin 1`",
                )),
            },
            "first" if prog.decls.player_count == 2 => match &value.node {
                SetValue::Word(w) if prog.decls.players.contains(w) => {
                    first = prog.decls.players.iter().position(|p| p == w).unwrap_or(0) as i64
                }
                _ => diags.push(d(
                    Code::RuleValue,
                    "`first` names a player",
                    value.span,
                    "not a player",
                    format!("the players are {}", prog.decls.players.join(" and ")),
                )),
            },
            n => match prog.decls.params.iter().position(|p| p.name.node == n) {
                Some(i) => match param_value(&inst, &prog, i, &value.node) {
                    Ok(v) => inst.params[i] = v,
                    Err(why) => diags.push(d(
                        Code::RuleValue,
                        format!("`rule {n}` {why}"),
                        value.span,
                        if why.starts_with("has no value") {
                            "not one of its names"
                        } else {
                            "out of the param's domain"
                        },
                        param_help(&inst, &prog, i, &value.node),
                    )),
                },
                None => {
                    let mut known: Vec<&str> = prog
                        .decls
                        .params
                        .iter()
                        .map(|p| p.name.node.as_str())
                        .collect();
                    known.push("origin");
                    if prog.decls.player_count == 2 {
                        known.push("first");
                    }
                    let help = did_you_mean(n, known.iter().copied()).map_or_else(
                        || format!("the rules are: {}", known.join(", ")),
                        |h| format!("{h} the rules are: {}", known.join(", ")),
                    );
                    diags.push(d(
                        Code::RuleUnknown,
                        format!("`{}` has no rule `{n}`", prog.name),
                        name.span,
                        "unknown rule",
                        help,
                    ));
                }
            },
        }
    }
    param_bounds(&inst, &prog, input, &mut steps, &mut diags)?;
    // Numbered pieces.
    for (g, (lo, hi, placed)) in prog.numbered.iter().enumerate() {
        let first = inst.pieces.len();
        let mut run = Run::new(
            &inst,
            State {
                v: vec![0; 2],
                moves: 0,
                over: None,
            },
            &[],
            &mut steps,
        );
        let (lo, hi) = (
            run.expr(lo).map_err(SetupError::Run)?.s(),
            run.expr(hi).map_err(SetupError::Run)?.s(),
        );
        for n in lo..=hi.min(lo.saturating_add(1 << 16)) {
            inst.pieces.push(n.to_string());
            inst.present.push(!placed);
        }
        if prog.interchangeable.get(g) == Some(&true) {
            inst.groups.push(first..inst.pieces.len());
        }
    }
    // The layout.
    let mut at = 0usize;
    let doms = |specs: Vec<&super::program::DomSpec>,
                inst: &Instance,
                steps: &mut u64|
     -> Result<Vec<super::program::Dom>, SetupError> {
        let mut out = Vec::new();
        for spec in specs {
            let mut run = Run::of_params(inst, steps);
            let range = match &spec.range {
                Some((lo, hi)) => Some((
                    run.expr(lo).map_err(SetupError::Run)?.s(),
                    run.expr(hi).map_err(SetupError::Run)?.s(),
                )),
                None => None,
            };
            let max = match &spec.list_max {
                Some(n) => {
                    Some(run.expr(n).map_err(SetupError::Run)?.s().clamp(0, 1 << 16) as usize)
                }
                None => None,
            };
            out.push(inst.dom(spec, range, max));
        }
        Ok(out)
    };
    let var_doms = doms(prog.vars.iter().map(|v| &v.0).collect(), &inst, &mut steps)?;
    let layer_doms = doms(prog.layers.iter().collect(), &inst, &mut steps)?;
    let field_doms = doms(
        prog.fields.iter().map(|f| &f.0).collect(),
        &inst,
        &mut steps,
    )?;
    let cells = (rows * cols).max(0) as usize;
    let pieces = inst.pieces.len();
    let mut layout = Layout::default();
    for dm in var_doms {
        layout.vars.push((at, dm));
        at += width(&dm);
    }
    for dm in layer_doms {
        layout.layers.push((at, dm));
        at += width(&dm) * cells;
    }
    for dm in field_doms {
        layout.fields.push((at, dm));
        at += width(&dm) * pieces;
    }
    layout.mover = at;
    layout.dice = at + 1;
    layout.len = at + 2;
    inst.layout = layout;
    // `simulate` stores no keys: its positions are bounded by `--memory`
    // when it runs.
    let simulates = matches!(prog.objective, crate::syntax::rules::Objective::Simulate(_));
    let bits = key_bits(&inst);
    if bits > KEY_BITS && !simulates {
        let span = prog
            .decls
            .layers
            .first()
            .map_or(Span::default(), |l| l.name.span);
        diags.push(d(
            Code::RulesTooBig,
            format!(
                "a position of `{}` on this board needs {bits} bits, more than {KEY_BITS}",
                prog.name
            ),
            span,
            "the largest state",
            "use a smaller board or narrower domains",
        ));
        return Err(SetupError::Scenario(diags));
    }
    // Defaults.
    let mut st = State {
        v: vec![0; inst.layout.len],
        moves: 0,
        over: None,
    };
    let defaults: Vec<(usize, usize, super::program::Dom)> = inst
        .layout
        .vars
        .iter()
        .map(|(b, dm)| (*b, 1, *dm))
        .chain(inst.layout.layers.iter().map(|(b, dm)| (*b, cells, *dm)))
        .chain(inst.layout.fields.iter().map(|(b, dm)| (*b, pieces, *dm)))
        .collect();
    for (base, n, dm) in defaults {
        for i in 0..n {
            let at = base + i * width(&dm);
            st.v[at] = if dm.list_max.is_some() {
                0
            } else {
                inst.default_of(&dm)
            };
        }
    }
    st.v[inst.layout.mover] = first;
    // Initial values of vars and fields.
    {
        let mut run = Run::new(&inst, st, &[], &mut steps);
        // A default outside its domain is told on the declaration's name.
        let at_decl = |name: &Spanned<String>| {
            let (span, name) = (name.span, name.node.clone());
            move |mut e: RunError| {
                e.message = format!("the default of `{name}`: {}", e.message);
                e.span = span;
                SetupError::Run(e)
            }
        };
        for (i, (_, init)) in prog.vars.iter().enumerate() {
            if let Some(e) = init {
                let v = run.expr(e).map_err(SetupError::Run)?;
                run.store_var(i, v)
                    .map_err(at_decl(&prog.decls.vars[i].name))?;
            }
        }
        for (f, (_, init)) in prog.fields.iter().enumerate() {
            if let Some(e) = init {
                let v = run.expr(e).map_err(SetupError::Run)?;
                for p in 0..pieces {
                    run.store_field(p as i64, f, v.clone())
                        .map_err(at_decl(&prog.decls.fields[f].name))?;
                }
            }
        }
        st = run.st;
    }
    // The legend, cell by cell (each key made as its cell is read: a board
    // of millions of cells holds no string per cell).
    let cell_keys: Box<dyn Iterator<Item = (i64, String, Span)> + '_> = match &input.board {
        BoardInput::Grid(r) => Box::new(r.iter().enumerate().flat_map(move |(i, row)| {
            row.iter()
                .enumerate()
                .map(move |(j, c)| (i as i64 * cols + j as i64, c.node.to_string(), c.span))
        })),
        BoardInput::Array(r) => Box::new(r.iter().enumerate().flat_map(move |(i, row)| {
            row.iter()
                .enumerate()
                .map(move |(j, c)| (i as i64 * cols + j as i64, c.node.to_string(), c.span))
        })),
        _ => Box::new(std::iter::empty()),
    };
    if !prog.legend.is_empty() {
        // Each piece's cell fields (its `at`): a piece the legend puts on
        // two cells is refused on both, not left on the last one.
        let cell_slots: Vec<(usize, usize)> = inst
            .layout
            .fields
            .iter()
            .filter(|(_, dm)| dm.kind == Kind::Cell && dm.list_max.is_none())
            .flat_map(|(base, dm)| (0..pieces).map(move |p| (p, base + p * width(dm))))
            .collect();
        let mut placed: Vec<Option<Span>> = vec![None; pieces];
        for (cell, key, span) in cell_keys {
            let Some(entry) = legend_entry(&prog, &key) else {
                diags.push(unknown_cell(&prog, &key, span));
                continue;
            };
            // Only an entry that writes a field can place a piece.
            let places = writes_field(&entry.body);
            let slots = if places { &cell_slots[..] } else { &[] };
            let before: Vec<i64> = slots.iter().map(|&(_, at)| st.v[at]).collect();
            let mut run = Run::new(&inst, take(&mut st), &[], &mut steps);
            run.set_local(entry.here, Val::S(cell));
            if let (Some(slot), Ok(n)) = (entry.number, key.parse::<i64>()) {
                run.set_local(slot, Val::S(n));
            }
            run.block(&entry.body).map_err(SetupError::Run)?;
            st = run.st;
            let mut moved: Vec<usize> = slots
                .iter()
                .zip(&before)
                .filter(|((_, at), was)| st.v[*at] != **was)
                .map(|((p, _), _)| *p)
                .collect();
            moved.sort_unstable();
            moved.dedup();
            for p in moved {
                match placed[p] {
                    Some(first) => diags.push(legend_twice(&inst.pieces[p], &key, first, span)),
                    None => placed[p] = Some(span),
                }
            }
        }
    }
    // Cells a judge input marks on a bool layer.
    for (name, value) in &input.marks {
        let Some(l) = prog
            .decls
            .layers
            .iter()
            .position(|x| x.name.node == name.node)
        else {
            diags.push(d(
                Code::RulesValue,
                format!("`{}` has no layer `{}`", prog.name, name.node),
                name.span,
                "unknown layer",
                "the format's `cells` item names a bool layer",
            ));
            continue;
        };
        let (base, dm) = inst.layout.layers[l];
        match scenario_value(&inst, Kind::Cell, &value.node) {
            Some(Val::S(cell)) if cell >= 0 && dm.list_max.is_none() => {
                st.v[base + cell as usize * width(&dm)] = 1;
            }
            _ => diags.push(d(
                Code::RulesValue,
                format!(
                    "{} is not a cell of the {} x {} board",
                    value.node, inst.rows, inst.cols
                ),
                value.span,
                "off the board",
                format!("`{}` is set on cells of the board", name.node),
            )),
        }
    }
    // Pieces placed by the scenario.
    let index: std::collections::HashMap<&str, usize> = inst
        .pieces
        .iter()
        .enumerate()
        .rev()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    for p in &input.pieces {
        let Some(i) = index.get(p.name.node.as_str()).copied() else {
            let help = did_you_mean(&p.name.node, inst.pieces.iter().map(String::as_str))
                .map_or_else(
                    || format!("the pieces are: {}", inst.pieces.join(", ")),
                    |h| format!("{h} the pieces are: {}", inst.pieces.join(", ")),
                );
            diags.push(d(
                Code::PieceName,
                format!("`{}` has no piece `{}`", prog.name, p.name.node),
                p.name.span,
                "unknown piece",
                help,
            ));
            continue;
        };
        inst.present[i] = true;
        let mut fields: Vec<(Spanned<String>, Spanned<SetValue>)> = Vec::new();
        if let Some(at) = &p.at {
            fields.push((Spanned::new("at".into(), at.span), at.clone()));
        }
        if let Some(f) = &p.facing {
            fields.push((
                Spanned::new("facing".into(), f.span),
                Spanned::new(SetValue::Word(f.node.clone()), f.span),
            ));
        }
        fields.extend(p.with.iter().cloned());
        // One value per field: `with k 2, k 3` (or `at` given again after
        // `with`) would silently keep the last.
        for (j, (name, _)) in fields.iter().enumerate() {
            if let Some((first, _)) = fields[..j].iter().find(|(n, _)| n.node == name.node) {
                diags.push(crate::games::duplicate(
                    Code::RuleDuplicate,
                    name.span,
                    &format!("field `{}` of piece `{}`", name.node, p.name.node),
                    first.span,
                ));
            }
        }
        for (name, value) in fields {
            let Some(f) = prog
                .decls
                .fields
                .iter()
                .position(|x| x.name.node == name.node)
            else {
                diags.extend(unknown_field(&prog, &name));
                continue;
            };
            let dm = inst.layout.fields[f].1;
            let what = format!("field `{}`", name.node);
            match scenario_value(&inst, dm.kind, &value.node) {
                Some(v) => {
                    let mut run = Run::new(&inst, take(&mut st), &[], &mut steps);
                    if let Err(e) = run.store_field(i as i64, f, v) {
                        diags.push(out_of_domain(e, &what, value.span));
                    }
                    st = run.st;
                }
                None => diags.push(wrong_kind(&inst, dm, &what, &value)),
            }
        }
    }
    for (name, value) in &input.sets {
        let Some(i) = prog
            .decls
            .vars
            .iter()
            .position(|x| x.name.node == name.node)
        else {
            diags.extend(unknown_var(&prog, name));
            continue;
        };
        let dm = inst.layout.vars[i].1;
        let what = format!("var `{}`", name.node);
        match scenario_value(&inst, dm.kind, &value.node) {
            Some(v) => {
                let mut run = Run::new(&inst, take(&mut st), &[], &mut steps);
                if let Err(e) = run.store_var(i, v) {
                    diags.push(out_of_domain(e, &what, value.span));
                }
                st = run.st;
            }
            None => diags.push(wrong_kind(&inst, dm, &what, value)),
        }
    }
    if !diags.is_empty() {
        return Err(SetupError::Scenario(diags));
    }
    let mut run = Run::new(&inst, st, &[], &mut steps);
    run.block(&prog.setup).map_err(SetupError::Run)?;
    let st = run.st;
    Ok((inst, st))
}

/// `s`, moved out (a run takes its state by value; copying a big one per
/// cell or piece would cost the setup its size each time).
fn take(s: &mut State) -> State {
    State {
        v: std::mem::take(&mut s.v),
        moves: s.moves,
        over: s.over,
    }
}

/// Whether a block may write a piece's field.
fn writes_field(b: &[super::program::CStmt]) -> bool {
    use super::program::{CPlace, CStmtKind as K};
    fn field(p: &CPlace) -> bool {
        match p {
            CPlace::Field(..) => true,
            CPlace::Item(inner, _) => field(inner),
            _ => false,
        }
    }
    b.iter().any(|s| match &s.kind {
        K::Assign(p, ..) | K::Push { list: p, .. } | K::Pop { list: p, .. } => field(p),
        K::Swap(p, q) => field(p) || field(q),
        K::If(arms, other) => arms.iter().any(|(_, b)| writes_field(b)) || writes_field(other),
        K::For { body, .. } | K::Repeat(_, body) | K::While(_, _, body) => writes_field(body),
        K::Simultaneously(body) => writes_field(body),
        _ => false,
    })
}

/// `set NAME`: the error for a var the game does not declare.
pub(super) fn unknown_var(prog: &Program, name: &Spanned<String>) -> Option<Diag> {
    let known: Vec<&str> = prog
        .decls
        .vars
        .iter()
        .map(|x| x.name.node.as_str())
        .collect();
    (!known.contains(&name.node.as_str())).then(|| {
        d(
            Code::RulesVar,
            format!("`{}` has no var `{}`", prog.name, name.node),
            name.span,
            "unknown var",
            listed(&name.node, "vars", &known),
        )
    })
}

/// `with FIELD`: the error for a field the game's pieces do not have.
pub(super) fn unknown_field(prog: &Program, name: &Spanned<String>) -> Option<Diag> {
    let known: Vec<&str> = prog
        .decls
        .fields
        .iter()
        .map(|x| x.name.node.as_str())
        .collect();
    (!known.contains(&name.node.as_str())).then(|| {
        d(
            Code::RulesField,
            format!("pieces of `{}` have no field `{}`", prog.name, name.node),
            name.span,
            "unknown field",
            listed(&name.node, "fields", &known),
        )
    })
}

/// "did you mean `x`? the vars are: a, b" (or "… declares none").
fn listed(name: &str, what: &str, known: &[&str]) -> String {
    let list = if known.is_empty() {
        format!("the game declares no {what}")
    } else {
        format!("the {what} are: {}", known.join(", "))
    };
    match did_you_mean(name, known.iter().copied()) {
        Some(h) => format!("{h} {list}"),
        None => list,
    }
}

/// Piece `name` put on a second cell by the legend (its `key` at `again`).
fn legend_twice(name: &str, key: &str, first: Span, again: Span) -> Diag {
    Diag::new(
        Code::PieceDuplicate,
        format!("the board draws piece `{name}` twice"),
    )
    .label(first, "placed here first")
    .label(again, format!("`{key}` places it again here"))
    .help(format!(
        "draw piece `{name}` on one cell only (the legend places it wherever its key is)"
    ))
}

/// A value outside its var's or field's domain.
fn out_of_domain(e: RunError, what: &str, at: Span) -> Diag {
    d(
        Code::RulesValue,
        e.message,
        at,
        format!("outside the domain of {what}"),
        "docs/rules-language.md, *Types and domains*",
    )
}

/// What `rule NAME` takes, for param `i` given `v`: its values (the
/// words of an enumeration, a range), after a did-you-mean when `v` is a
/// word close to one of them.
fn param_help(inst: &Instance, prog: &Program, i: usize, v: &SetValue) -> String {
    let p = &prog.decls.params[i];
    let kind = prog.params[i].0.kind;
    let takes = match (kind, p.ty.clone().range()) {
        (Kind::Int, Some((lo, hi))) => format!("a number from {lo} to {hi}"),
        _ => wants(inst, kind),
    };
    let help = format!("`rule {}` takes {takes}", p.name.node);
    let close = match (kind, v) {
        (Kind::Enum(e), SetValue::Word(w)) => inst.prog.decls.enums.get(e).and_then(|names| {
            crate::syntax::dialect::did_you_mean(w, names.iter().map(String::as_str))
        }),
        _ => None,
    };
    match close {
        Some(h) => format!("{h} {help}"),
        None => help,
    }
}

/// What a value of `kind` is, in words (`a number`, `one of easy, hard`).
fn wants(inst: &Instance, kind: Kind) -> String {
    match kind {
        Kind::Int => "a number".to_string(),
        Kind::Bool => "`true` or `false`".to_string(),
        Kind::Cell => format!(
            "a cell `(r, c)` of the {}x{} board, or `off`",
            inst.rows, inst.cols
        ),
        Kind::Dir => "a direction (`up`, `down-left`, …, `none`)".to_string(),
        Kind::Player => format!(
            "a player ({}) or `nobody`",
            inst.prog.decls.players.join(", ")
        ),
        Kind::Piece => format!("a piece ({}) or `nobody`", inst.pieces.join(", ")),
        Kind::Square => "a square of the track".to_string(),
        Kind::Enum(i) => match inst.prog.decls.enums.get(i) {
            Some(names) => format!("one of {}", names.join(", ")),
            None => "a name of its enumeration".to_string(),
        },
        Kind::List => "a list `[a, b, …]`".to_string(),
    }
}

/// A value of the wrong kind (a word for a number, a cell off the board).
fn wrong_kind(inst: &Instance, dm: Dom, what: &str, value: &Spanned<SetValue>) -> Diag {
    let kind = dm.kind;
    let wants = wants(inst, kind);
    // A list with an item of the wrong kind, for a list: that item.
    if let (SetValue::List(items), Some(_)) = (&value.node, dm.list_max) {
        if let Some(bad) = items
            .iter()
            .find(|x| scenario_value(inst, kind, &x.node).is_none())
        {
            return d(
                Code::RulesValue,
                format!("`{}` in `{}` is not {wants}", bad.node, value.node),
                bad.span,
                format!("not {wants}"),
                format!("each item of {what} is {wants}"),
            );
        }
    }
    // A coordinate off the board: say so, in the scenario's numbering
    // (`off` is a word of `set` and `with`, not of `piece … at`).
    if let (Kind::Cell, SetValue::Cell(..)) = (kind, &value.node) {
        let o = inst.origin;
        return d(
            Code::RulesValue,
            format!(
                "`{}` is off the {}x{} board",
                value.node, inst.rows, inst.cols
            ),
            value.span,
            "not a cell of the board",
            format!(
                "{what} takes a cell of the board: rows {o}..{} and columns {o}..{}",
                inst.rows - 1 + o,
                inst.cols - 1 + o
            ),
        );
    }
    d(
        Code::RulesValue,
        format!("`{}` is no value of {what}", value.node),
        value.span,
        "wrong kind of value",
        format!("{what} takes {wants}"),
    )
}

/// Every param within its range as evaluated with the other params'
/// values (`param q: 0..p`): a `rule` value outside it is refused on the
/// value, a default outside it on the `rule` statements of the params its
/// bounds read (`meeple::rule::value`).
fn param_bounds(
    inst: &Instance,
    prog: &Program,
    input: &ScenarioInput,
    steps: &mut u64,
    diags: &mut Diags,
) -> Result<(), SetupError> {
    for (i, (spec, _)) in prog.params.iter().enumerate() {
        let Some((lo, hi)) = &spec.range else {
            continue;
        };
        let reads: Vec<usize> = [lo, hi].iter().flat_map(|e| params_read(e)).collect();
        if reads.is_empty() {
            continue; // constant bounds: checked with the value already
        }
        let mut run = Run::of_params(inst, steps);
        let lo_v = run.expr(lo).map_err(SetupError::Run)?.s();
        let hi_v = run.expr(hi).map_err(SetupError::Run)?.s();
        let Some(Val::S(n)) = inst.params.get(i) else {
            continue;
        };
        let n = *n;
        if lo_v <= n && n <= hi_v {
            continue;
        }
        let name = &prog.decls.params[i].name.node;
        let names: Vec<String> = reads
            .iter()
            .map(|&j| {
                let p = &prog.decls.params[j].name.node;
                match inst.params.get(j) {
                    Some(Val::S(v)) => format!("`{p}` = {v}"),
                    _ => format!("`{p}`"),
                }
            })
            .collect();
        let range = format!("{lo_v}..{hi_v} (with {})", names.join(", "));
        let own = input.rules.iter().rev().find(|(r, _)| r.node == *name);
        let diag = match own {
            Some((_, value)) => Diag::new(
                Code::RuleValue,
                format!("`rule {name}` is {n}, outside {range}"),
            )
            .label(value.span, "out of the param's domain")
            .help(format!("give `{name}` a value within {lo_v}..{hi_v}")),
            None => {
                let mut diag = Diag::new(
                    Code::RuleValue,
                    format!("param `{name}`'s default {n} is outside {range}"),
                );
                for (r, v) in &input.rules {
                    if reads
                        .iter()
                        .any(|&j| prog.decls.params[j].name.node == r.node)
                    {
                        diag = diag.label(
                            Span::new(r.span.start(), v.span.end()),
                            format!("`{name}`'s range is {lo_v}..{hi_v} with this"),
                        );
                    }
                }
                diag.help(format!(
                    "set `{name}` within {lo_v}..{hi_v} with `rule {name} VALUE`, or change the params its range reads"
                ))
            }
        };
        diags.push(diag);
    }
    // Counts the params make negative: a list's most items, the
    // objective's `within N` / `limit N`.
    let d = &prog.decls;
    let lists = prog
        .vars
        .iter()
        .map(|v| &v.0)
        .zip(d.vars.iter().map(|v| ("var", v)));
    let lists = lists
        .chain(
            prog.layers
                .iter()
                .zip(d.layers.iter().map(|v| ("layer", v))),
        )
        .chain(
            prog.fields
                .iter()
                .map(|f| &f.0)
                .zip(d.fields.iter().map(|v| ("field", v))),
        );
    let mut counts: Vec<(&CExpr, String)> = lists
        .filter_map(|(spec, (what, v))| {
            let n = spec.list_max.as_ref()?;
            Some((n, format!("the most items of {what} `{}`", v.name.node)))
        })
        .collect();
    if let Some(b) = &prog.objective_bound {
        let what = match prog.objective {
            crate::syntax::rules::Objective::Simulate(_) => "`simulate limit`",
            _ => "`shortest within`",
        };
        counts.push((b, format!("{what}'s bound")));
    }
    for (e, what) in counts {
        let reads = params_read(e);
        if reads.is_empty() {
            continue; // a constant: the checker refused a negative one
        }
        let mut run = Run::of_params(inst, steps);
        let n = run.expr(e).map_err(SetupError::Run)?.s();
        if n >= 0 {
            continue;
        }
        let mut diag = Diag::new(
            Code::RuleValue,
            format!("{what} is {n}: a count is never negative"),
        );
        for (r, v) in &input.rules {
            if reads.iter().any(|&j| d.params[j].name.node == r.node) {
                diag = diag.label(
                    Span::new(r.span.start(), v.span.end()),
                    "this makes it negative",
                );
            }
        }
        diags.push(diag.help("give the params it reads values that make it 0 or more"));
    }
    Ok(())
}

/// The params an expression reads.
fn params_read(e: &CExpr) -> Vec<usize> {
    match e {
        CExpr::Param(i) => vec![*i],
        CExpr::Neg(a) | CExpr::Not(a) => params_read(a),
        CExpr::Bin(_, a, b, _) => [params_read(a), params_read(b)].concat(),
        CExpr::If(c, a, b) => [params_read(c), params_read(a), params_read(b)].concat(),
        _ => Vec::new(),
    }
}

fn param_value(inst: &Instance, prog: &Program, i: usize, v: &SetValue) -> Result<Val, String> {
    let spec = &prog.params[i].0;
    let val = match (spec.kind, v) {
        // A name, but not one of the enumeration's: an unknown name.
        (Kind::Enum(_), SetValue::Word(w)) => {
            scenario_value(inst, spec.kind, v).ok_or(format!("has no value `{w}`"))?
        }
        _ => scenario_value(inst, spec.kind, v).ok_or("takes another kind of value")?,
    };
    if let (Some((lo, hi)), Val::S(n)) = (prog.decls.params[i].ty.clone().range(), &val) {
        if *n < lo || *n > hi {
            return Err(format!("is {n}, outside {lo}..{hi}"));
        }
    }
    Ok(val)
}

/// A scenario's value as a value of `kind` (`None`: not one).
fn scenario_value(inst: &Instance, kind: Kind, v: &SetValue) -> Option<Val> {
    Some(Val::S(match (kind, v) {
        (_, SetValue::List(items)) => {
            return Some(Val::L(
                items
                    .iter()
                    .map(|x| scenario_value(inst, kind, &x.node))
                    .collect::<Option<_>>()?,
            ))
        }
        (Kind::Int, SetValue::Int(n)) => *n,
        (Kind::Cell, SetValue::Cell(r, c)) => {
            let (r, c) = (r - inst.origin, c - inst.origin);
            if r < 0 || c < 0 || r >= inst.rows || c >= inst.cols {
                return None;
            }
            r * inst.cols + c
        }
        (Kind::Square, SetValue::Word(w)) => inst.track.as_ref()?.find(w)? as i64,
        (Kind::Square, SetValue::Int(n)) => inst.track.as_ref()?.find(&n.to_string())? as i64,
        (_, SetValue::Word(w)) => {
            let words = |k: Kind, max: i64| (0..=max).find(|&x| inst.word(k, x) == *w);
            match kind {
                Kind::Player | Kind::Piece if w == "nobody" => -1,
                Kind::Bool => words(kind, 1)?,
                Kind::Dir => words(kind, 8)?,
                Kind::Player => words(kind, inst.prog.decls.player_count as i64 - 1)?,
                Kind::Piece => words(kind, inst.pieces.len() as i64 - 1)?,
                Kind::Enum(i) => words(kind, inst.prog.decls.enums.get(i)?.len() as i64 - 1)?,
                Kind::Cell if w == "off" => -1,
                _ => return None,
            }
        }
        (Kind::Piece, SetValue::Int(n)) => {
            inst.pieces.iter().position(|p| *p == n.to_string())? as i64
        }
        _ => return None,
    }))
}
