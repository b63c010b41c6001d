//! The checker of a `rules` block (docs/rules-language.md): every part at
//! most once, names resolved (with did-you-mean), types, finite domains
//! with constant or param bounds, names and statements where they mean
//! something, assignable places, the key-size cap — all errors at once,
//! each a coded diagnostic on its span. What it learns of the block (the
//! declarations with their types) is the [`Decls`] the compiler builds on.

use super::types::{state_bits, Sizes, Ty, KEY_BITS};
use crate::error::{Code, Diag, Diags};
use crate::syntax::ast::{Span, Spanned};
use crate::syntax::dialect::did_you_mean;
use crate::syntax::rules::*;
use std::collections::HashMap;

/// The built-in games, whose names a rules block may not take.
const BUILT_IN: [&str; 3] = ["footholds", "yut", "stacking"];

/// The most iterations a loop's bound may promise (`while … max N`,
/// `repeat N`) when it is a constant: larger bounds are refused.
pub const LOOP_BOUND: i64 = 1_000_000;

/// Functions: name and argument count.
const FUNCTIONS: &[(&str, usize)] = &[
    ("step", 2),
    ("neighbours", 2),
    ("directions", 1),
    ("opposite", 1),
    ("left", 1),
    ("right", 1),
    ("rotate", 2),
    ("forward", 2),
    ("lanes", 1),
    ("lines", 1),
    ("region", 2),
    ("abs", 1),
    ("min", 2),
    ("max", 2),
    ("len", 1),
    ("index", 2),
    ("reverse", 1),
    ("contains", 2),
    ("advance", 2),
    ("value", 1),
];

/// The directions, clockwise from up, and `none`.
pub const DIRECTIONS: [&str; 9] = [
    "up",
    "up-right",
    "right",
    "down-right",
    "down",
    "down-left",
    "left",
    "up-left",
    "none",
];

/// A declared state variable or param.
#[derive(Clone, Debug)]
pub struct Var {
    /// Its name.
    pub name: Spanned<String>,
    /// Its type.
    pub ty: Ty,
}

/// What a checked block declares.
#[derive(Clone, Debug, Default)]
pub struct Decls {
    /// The enumerations' names, by index.
    pub enums: Vec<Vec<String>>,
    /// `param`s.
    pub params: Vec<Var>,
    /// `layer`s.
    pub layers: Vec<Var>,
    /// `var`s.
    pub vars: Vec<Var>,
    /// Piece fields (shared by every piece).
    pub fields: Vec<Var>,
    /// Named pieces.
    pub named: Vec<Spanned<String>>,
    /// The players' names (two-player games).
    pub players: Vec<String>,
    /// How many play: 0, 1 or 2.
    pub player_count: u8,
    /// The declared neighbourhoods.
    pub hoods: Vec<String>,
}

#[derive(Clone, Debug)]
enum Sym {
    Param(usize),
    Layer(usize),
    Var(usize),
    Piece,
    Const(Ty),
    Local { ty: Ty, assignable: bool },
}

/// Where statements stand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Turn,
    Setup,
    Legend,
}

struct Checker<'a> {
    diags: Diags,
    d: Decls,
    globals: HashMap<String, Sym>,
    scopes: Vec<HashMap<String, Sym>>,
    ctx: Ctx,
    loops: usize,
    board: BoardKind,
    def: &'a RulesDef,
}

/// Check every `rules` block of a file: each alone, and their names unique.
pub fn check_all(defs: &[RulesDef]) -> Diags {
    let mut diags = Vec::new();
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for def in defs {
        if let Some(first) = seen.get(def.name.node.as_str()) {
            diags.push(
                Diag::new(
                    Code::RulesDuplicate,
                    format!("two rules blocks are named `{}`", def.name.node),
                )
                .label(def.name.span, "this name is taken")
                .label(*first, "first used here")
                .help("rename one of them"),
            );
        } else {
            seen.insert(&def.name.node, def.name.span);
        }
        diags.extend(check(def).err().unwrap_or_default());
    }
    diags
}

/// Check one block: its declarations, or every error found.
pub fn check(def: &RulesDef) -> Result<Decls, Diags> {
    let mut c = Checker {
        diags: Vec::new(),
        d: Decls::default(),
        globals: HashMap::new(),
        scopes: Vec::new(),
        ctx: Ctx::Turn,
        loops: 0,
        board: BoardKind::Grid,
        def,
    };
    c.run();
    if c.diags.is_empty() {
        Ok(c.d)
    } else {
        Err(c.diags)
    }
}

fn diag(code: Code, msg: impl Into<String>, at: Span, label: impl Into<String>) -> Diag {
    Diag::new(code, msg).label(at, label)
}

impl Checker<'_> {
    fn err(&mut self, d: Diag) {
        self.diags.push(d);
    }

    fn run(&mut self) {
        let def = self.def;
        if BUILT_IN.contains(&def.name.node.as_str()) {
            self.err(
                diag(
                    Code::RulesDuplicate,
                    format!("`{}` is a built-in game", def.name.node),
                    def.name.span,
                    "taken by a built-in game",
                )
                .help("give the rules another name (footholds, yut and stacking are built in)"),
            );
        }
        // Parts that appear at most once.
        let mut once: HashMap<&'static str, Span> = HashMap::new();
        for p in &def.parts {
            let key = match &p.node {
                Part::Players(_) => "players",
                Part::Board(_) => "board",
                Part::Setup(_) => "setup",
                Part::Stuck(_) => "when stuck",
                Part::Turn(_) => "turn",
                Part::Solve(_) => "solve",
                _ => continue,
            };
            if let Some(first) = once.get(key) {
                let d = diag(
                    Code::RulesDuplicate,
                    format!("`{key}` is written twice"),
                    p.span,
                    "the second one",
                )
                .label(*first, "the first one")
                .help(format!("a rules block has one `{key}`"));
                self.err(d);
            } else {
                once.insert(key, p.span);
            }
        }
        for need in ["players", "turn", "solve"] {
            if !once.contains_key(need) {
                let d = diag(
                    Code::RulesMissing,
                    format!("rules `{}` has no `{need}`", def.name.node),
                    def.name.span,
                    format!("no `{need}` in this block"),
                )
                .help(match need {
                    "players" => "say who plays: `players A B`, `players solo` or `players none`",
                    "turn" => "write what one turn does: `turn { … }`",
                    _ => "say what `solve` answers: `solve moves`, `solve max score`, …",
                });
                self.err(d);
            }
        }
        self.builtins();
        // Declarations first (any order), then programs.
        for p in &def.parts {
            match &p.node {
                Part::Players(pl) => self.players(pl),
                Part::Board(b) => self.board = *b,
                _ => {}
            }
        }
        for p in &def.parts {
            if let Part::Param(ds) = &p.node {
                for dcl in ds {
                    self.param(dcl);
                }
            }
        }
        for p in &def.parts {
            match &p.node {
                Part::Layer(ds) => {
                    for dcl in ds {
                        let ty = self.state_type(&dcl.ty);
                        if self.board != BoardKind::Grid {
                            self.err(
                                diag(
                                    Code::RulesContext,
                                    "a layer needs a grid board",
                                    dcl.name.span,
                                    "one value per cell, but the game has no grid",
                                )
                                .help("remove `board track`/`board none`, or use a `var`"),
                            );
                        }
                        if let Some(v) = &dcl.value {
                            self.err(
                                diag(
                                    Code::RulesContext,
                                    "a layer has no initial value",
                                    v.span,
                                    "set it in the `legend` or `setup`",
                                )
                                .help("layers start at their type's default"),
                            );
                        }
                        self.declare(&dcl.name, Sym::Layer(self.d.layers.len()));
                        self.d.layers.push(Var {
                            name: dcl.name.clone(),
                            ty,
                        });
                    }
                }
                Part::Var(ds) => {
                    for dcl in ds {
                        let ty = self.state_type(&dcl.ty);
                        if let Some(v) = &dcl.value {
                            let vt = self.expr(v);
                            self.want(&ty, &vt, v.span);
                        }
                        self.declare(&dcl.name, Sym::Var(self.d.vars.len()));
                        self.d.vars.push(Var {
                            name: dcl.name.clone(),
                            ty,
                        });
                    }
                }
                Part::Piece { names, fields, .. } => {
                    match names {
                        PieceNames::Named(ns) => {
                            for n in ns {
                                self.declare(n, Sym::Piece);
                                self.d.named.push(n.clone());
                            }
                        }
                        PieceNames::Numbered(lo, hi) => {
                            self.bound(lo);
                            self.bound(hi);
                        }
                    }
                    for f in fields {
                        if self.d.fields.iter().any(|g| g.name.node == f.name.node) {
                            continue; // one field for every piece group
                        }
                        let ty = self.state_type(&f.ty);
                        if let Some(v) = &f.value {
                            let vt = self.expr(v);
                            self.want(&ty, &vt, v.span);
                        }
                        self.d.fields.push(Var {
                            name: f.name.clone(),
                            ty,
                        });
                    }
                }
                Part::Neighbourhood(n, _) => {
                    self.declare(n, Sym::Const(Ty::Hood));
                    self.d.hoods.push(n.node.clone());
                }
                _ => {}
            }
        }
        self.key_size();
        for p in &def.parts {
            match &p.node {
                Part::Setup(b) => {
                    self.ctx = Ctx::Setup;
                    self.block(b);
                }
                Part::Turn(b) => {
                    self.ctx = Ctx::Turn;
                    self.block(b);
                }
                Part::Legend(entries) => {
                    self.ctx = Ctx::Legend;
                    for e in entries {
                        self.scopes.push(HashMap::new());
                        self.local(&Spanned::new("here".into(), e.span), Ty::Cell, false);
                        if let Some(n) = &e.number {
                            self.local(n, Ty::Int(None), false);
                        }
                        self.stmts(&e.body);
                        self.scopes.pop();
                    }
                }
                Part::Solve(o) => self.objective(o, p.span),
                _ => {}
            }
        }
    }

    fn builtins(&mut self) {
        let g = &mut self.globals;
        for (n, t) in [
            ("true", Ty::Bool),
            ("false", Ty::Bool),
            ("off", Ty::Cell),
            ("nobody", Ty::Any),
            ("rows", Ty::Int(None)),
            ("cols", Ty::Int(None)),
            ("cells", Ty::List(Box::new(Ty::Cell), None)),
            ("pieces", Ty::List(Box::new(Ty::Piece), None)),
            ("players", Ty::List(Box::new(Ty::Player), None)),
            ("squares", Ty::List(Box::new(Ty::Square), None)),
            ("moves", Ty::Int(None)),
            ("start", Ty::Square),
            ("finish", Ty::Square),
            ("orthogonal", Ty::Hood),
            ("diagonal", Ty::Hood),
            ("king", Ty::Hood),
            ("dir", Ty::List(Box::new(Ty::Dir), None)),
            ("me", Ty::Player),
            ("opponent", Ty::Player),
        ] {
            g.insert(n.to_string(), Sym::Const(t));
        }
        for d in DIRECTIONS {
            g.insert(d.to_string(), Sym::Const(Ty::Dir));
        }
    }

    fn players(&mut self, p: &Players) {
        match p {
            Players::Two(a, b) => {
                self.d.player_count = 2;
                if a.node == b.node {
                    self.err(
                        diag(
                            Code::RulesDuplicate,
                            format!("both players are named `{}`", a.node),
                            b.span,
                            "the same name again",
                        )
                        .help("name the two players differently"),
                    );
                }
                for n in [a, b] {
                    self.declare(n, Sym::Const(Ty::Player));
                    self.d.players.push(n.node.clone());
                }
            }
            Players::Solo => self.d.player_count = 1,
            Players::None => self.d.player_count = 0,
        }
    }

    fn param(&mut self, dcl: &Decl) {
        let ty = self.state_type(&dcl.ty);
        if matches!(
            ty,
            Ty::Cell | Ty::Dir | Ty::Piece | Ty::Square | Ty::List(..)
        ) {
            self.err(
                diag(
                    Code::RulesType,
                    "a param is an integer range, an enumeration, `bool` or `player`",
                    dcl.ty.span,
                    "not a param type",
                )
                .help("declare it as a `var` instead, set with `set NAME VALUE`"),
            );
        }
        match &dcl.value {
            Some(v) => {
                let vt = self.expr(v);
                self.want(&ty, &vt, v.span);
                if let (Ty::Int(Some((lo, hi))), Some(n)) = (&ty, self.const_int(v)) {
                    if n < *lo || n > *hi {
                        self.err(
                            diag(
                                Code::RulesBound,
                                format!("the default {n} is outside {lo}..{hi}"),
                                v.span,
                                "out of the param's range",
                            )
                            .help("give a default within the range"),
                        );
                    }
                }
            }
            None => self.err(
                diag(
                    Code::RulesType,
                    format!("param `{}` has no default", dcl.name.node),
                    dcl.name.span,
                    "no `= DEFAULT`",
                )
                .help("write `param NAME: TYPE = DEFAULT`"),
            ),
        }
        self.declare(&dcl.name, Sym::Param(self.d.params.len()));
        self.d.params.push(Var {
            name: dcl.name.clone(),
            ty,
        });
    }

    fn declare(&mut self, n: &Spanned<String>, sym: Sym) {
        // `param pieces` (yut's `rule pieces 4`): the param by name, the
        // pieces present after `in`.
        if n.node == "pieces" && matches!(sym, Sym::Param(_)) {
            self.globals.insert(n.node.clone(), sym);
            return;
        }
        let taken = match self.globals.get(&n.node) {
            // A piece named as a player (`piece A, B` in `players A B`).
            Some(Sym::Const(Ty::Player)) if matches!(sym, Sym::Piece) => return,
            Some(Sym::Const(Ty::Player)) => Some("declared already"),
            Some(Sym::Const(_)) => Some("a built-in name"),
            Some(_) => Some("declared already"),
            None => None,
        };
        if let Some(why) = taken {
            self.err(
                diag(
                    Code::RulesDuplicate,
                    format!("`{}` is {why}", n.node),
                    n.span,
                    "this name is taken",
                )
                .help("choose another name"),
            );
            return;
        }
        if FUNCTIONS.iter().any(|(f, _)| *f == n.node) && !matches!(sym, Sym::Param(_)) {
            // Functions are called with `(`: a variable may share the name.
        }
        self.globals.insert(n.node.clone(), sym);
    }

    fn local(&mut self, n: &Spanned<String>, ty: Ty, assignable: bool) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(n.node.clone(), Sym::Local { ty, assignable });
        }
    }

    fn lookup(&self, n: &str) -> Option<&Sym> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(n))
            .or_else(|| self.globals.get(n))
    }

    fn known_names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.globals.keys().cloned().collect();
        for s in &self.scopes {
            v.extend(s.keys().cloned());
        }
        v.sort();
        v
    }

    /// A type of state: finite, with constant or param bounds.
    fn state_type(&mut self, t: &Spanned<Type>) -> Ty {
        match &t.node {
            Type::Bool => Ty::Bool,
            Type::Cell => Ty::Cell,
            Type::Dir => Ty::Dir,
            Type::Player => Ty::Player,
            Type::Piece => Ty::Piece,
            Type::Square => {
                if self.board != BoardKind::Track {
                    self.err(
                        diag(
                            Code::RulesContext,
                            "`square` needs `board track`",
                            t.span,
                            "the game has no track",
                        )
                        .help("add `board track` to the rules block"),
                    );
                }
                Ty::Square
            }
            Type::Range(lo, hi) => {
                let (a, b) = (self.bound(lo), self.bound(hi));
                match (a, b) {
                    (Some(a), Some(b)) if a > b => {
                        self.err(
                            diag(
                                Code::RulesBound,
                                format!("the range {a}..{b} is empty"),
                                t.span,
                                "its low end is above its high end",
                            )
                            .help("write LO..HI with LO <= HI"),
                        );
                        Ty::Int(Some((a, a)))
                    }
                    (Some(a), Some(b)) => Ty::Int(Some((a, b))),
                    _ => Ty::Int(Some((0, 0))),
                }
            }
            Type::Enum(names) => {
                let i = self.d.enums.len();
                let mut seen: Vec<String> = Vec::new();
                for n in names {
                    if seen.contains(&n.node) {
                        self.err(
                            diag(
                                Code::RulesDuplicate,
                                format!("`{}` is listed twice", n.node),
                                n.span,
                                "again",
                            )
                            .help("list each name once"),
                        );
                        continue;
                    }
                    seen.push(n.node.clone());
                    match self.globals.get(&n.node) {
                        // `param steps: orthogonal | king`: an enumeration
                        // of direction sets, usable as one.
                        Some(Sym::Const(Ty::Enum(_) | Ty::Hood)) | None => {
                            self.globals.insert(n.node.clone(), Sym::Const(Ty::Enum(i)));
                        }
                        Some(_) => self.err(
                            diag(
                                Code::RulesDuplicate,
                                format!("`{}` is declared already", n.node),
                                n.span,
                                "this name is taken",
                            )
                            .help("choose another name"),
                        ),
                    }
                }
                self.d.enums.push(seen);
                Ty::Enum(i)
            }
            Type::List(item, n) => {
                let it = self.state_type(item);
                let n = self.bound(n).map(|n| n.max(0) as u64);
                Ty::List(Box::new(it), n)
            }
        }
    }

    /// A bound: a constant expression of integers and params, at its
    /// largest (a param counts with its range's high end).
    fn bound(&mut self, e: &Expr) -> Option<i64> {
        let v = self.const_int(e);
        if v.is_none() {
            let t = self.expr(e);
            if !matches!(t, Ty::Any) {
                self.err(
                    diag(
                        Code::RulesBound,
                        "a bound must be a constant or a param",
                        e.span,
                        "not known before the game starts",
                    )
                    .help("write a number, a param, or arithmetic on them"),
                );
            }
        }
        v
    }

    /// The value of a constant expression (params at their high end).
    fn const_int(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int(n) => Some(*n),
            ExprKind::Name(n) => match self.globals.get(n) {
                Some(Sym::Param(i)) => match self.d.params[*i].ty {
                    Ty::Int(Some((_, hi))) => Some(hi),
                    _ => None,
                },
                _ => None,
            },
            ExprKind::Unary(UnOp::Neg, a) => self.const_int(a)?.checked_neg(),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.const_int(a)?, self.const_int(b)?);
                match op {
                    BinOp::Add => a.checked_add(b),
                    BinOp::Sub => a.checked_sub(b),
                    BinOp::Mul => a.checked_mul(b),
                    BinOp::Div => a.checked_div(b),
                    BinOp::Rem => a.checked_rem(b),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The key-size cap on what is known before a board: vars and piece
    /// fields (layers are counted with the board, at setup).
    fn key_size(&mut self) {
        let pieces = self.piece_count();
        let sizes = Sizes {
            cells: 1,
            players: self.d.player_count as u64,
            pieces,
            squares: 1,
        };
        let mut total: u128 = 0;
        let mut biggest: Vec<(u128, Spanned<String>)> = Vec::new();
        let each = self
            .d
            .vars
            .iter()
            .map(|v| (v, 1u128))
            .chain(self.d.fields.iter().map(|f| (f, pieces.max(1) as u128)));
        for (v, times) in each {
            let b = state_bits(&v.ty, &sizes, &self.d.enums)
                .unwrap_or(u128::MAX)
                .saturating_mul(times);
            total = total.saturating_add(b);
            biggest.push((b, v.name.clone()));
        }
        if total > KEY_BITS {
            biggest.sort_by_key(|b| std::cmp::Reverse(b.0));
            let mut d = Diag::new(
                Code::RulesTooBig,
                format!(
                    "a position of `{}` needs more than {KEY_BITS} bits",
                    self.def.name.node
                ),
            );
            for (b, n) in biggest.iter().take(3) {
                let what = if *b == u128::MAX {
                    "too many bits to count".to_string()
                } else {
                    format!("{b} bits")
                };
                d = d.label(n.span, what);
            }
            self.err(d.help(
                "make the largest domains smaller: narrower ranges, shorter lists, fewer pieces",
            ));
        }
    }

    fn piece_count(&mut self) -> u64 {
        let mut n = self.d.named.len() as u64;
        for p in &self.def.parts {
            if let Part::Piece {
                names: PieceNames::Numbered(lo, hi),
                ..
            } = &p.node
            {
                if let (Some(a), Some(b)) = (self.const_int(lo), self.const_int(hi)) {
                    n = n.saturating_add((b - a + 1).max(0) as u64);
                }
            }
        }
        n
    }

    fn objective(&mut self, o: &Objective, span: Span) {
        let (name, wants) = match o {
            Objective::Moves => ("moves", 2),
            Objective::Outcome => ("outcome", 2),
            Objective::Score => ("score", 2),
            Objective::MaxScore => ("max score", 1),
            Objective::MinScore => ("min score", 1),
            Objective::Shortest(n) => {
                self.bound(n);
                ("shortest within", 1)
            }
            Objective::Longest => ("longest", 1),
            Objective::Simulate(n) => {
                self.bound(n);
                ("simulate", 0)
            }
        };
        if self.d.player_count != wants
            && self
                .def
                .parts
                .iter()
                .any(|p| matches!(p.node, Part::Players(_)))
        {
            let who = ["players none", "players solo", "players A B"];
            self.err(
                diag(
                    Code::RulesContext,
                    format!("`solve {name}` is for `{}` games", who[wants as usize]),
                    span,
                    format!("this game has {} players", self.d.player_count),
                )
                .help("docs/rules-language.md, *Objectives*, lists each objective's players"),
            );
        }
    }

    fn block(&mut self, b: &Block) {
        self.scopes.push(HashMap::new());
        self.stmts(b);
        self.scopes.pop();
    }

    fn stmts(&mut self, b: &Block) {
        for s in b {
            self.stmt(s);
        }
    }

    fn set_item(&mut self, set: &Expr) -> Ty {
        match &set.kind {
            ExprKind::Name(n) if n == "pieces" => Ty::Piece,
            ExprKind::Range(lo, hi) => {
                let a = self.expr(lo);
                let b = self.expr(hi);
                self.want(&Ty::Int(None), &a, lo.span);
                self.want(&Ty::Int(None), &b, hi.span);
                Ty::Int(None)
            }
            _ => match self.expr(set) {
                Ty::List(t, _) => *t,
                Ty::Hood => Ty::Dir,
                Ty::Any => Ty::Any,
                t => {
                    let what = t.describe(&self.d.enums);
                    self.err(diag(Code::RulesType, format!("{what} is not a set"), set.span, "not something to go through").help("a set is a range LO..HI, a list, `cells`, `pieces`, `players`, a direction set, `neighbours(c, SET)`…"));
                    Ty::Any
                }
            },
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Let(n, e) => {
                let t = self.expr(e);
                self.local(n, t, true);
            }
            StmtKind::If(arms, other) => {
                for (c, b) in arms {
                    self.cond(c);
                    self.block(b);
                }
                if let Some(b) = other {
                    self.block(b);
                }
            }
            StmtKind::For {
                var,
                set,
                cond,
                body,
            } => {
                let t = self.set_item(set);
                self.scopes.push(HashMap::new());
                self.local(var, t, false);
                if let Some(c) = cond {
                    self.cond(c);
                }
                self.loops += 1;
                self.block(body);
                self.loops -= 1;
                self.scopes.pop();
            }
            StmtKind::Repeat(n, b) | StmtKind::While(_, n, b) => {
                if let StmtKind::While(c, ..) = &s.kind {
                    self.cond(c);
                }
                let t = self.expr(n);
                self.want(&Ty::Int(None), &t, n.span);
                if let Some(v) = self.const_int(n) {
                    if v > LOOP_BOUND {
                        self.err(diag(Code::RulesBound, format!("a loop bound of {v} is more than meeple runs ({LOOP_BOUND})"), n.span, "too many iterations").help(format!("a loop runs at most {LOOP_BOUND} times: give a true, smaller bound")));
                    }
                }
                self.loops += 1;
                self.block(b);
                self.loops -= 1;
            }
            StmtKind::Choose { var, set, cond, .. } => {
                self.no_chance(s.span, "choose");
                let t = self.set_item(set);
                self.local(var, t, false);
                if let Some(c) = cond {
                    self.cond(c);
                }
            }
            StmtKind::Roll(var, lo, hi) => {
                self.no_chance(s.span, "roll");
                for e in [lo, hi] {
                    let t = self.expr(e);
                    self.want(&Ty::Int(None), &t, e.span);
                }
                self.local(var, Ty::Int(None), false);
            }
            StmtKind::Require(c) => {
                if self.ctx != Ctx::Turn {
                    self.err(
                        diag(
                            Code::RulesContext,
                            "`require` is for the turn",
                            s.span,
                            "not in a turn",
                        )
                        .help("`require` rules out a move; `setup` and the legend make no moves"),
                    );
                }
                self.cond(c);
            }
            StmtKind::End(_, c) => {
                if self.ctx != Ctx::Turn {
                    self.err(
                        diag(
                            Code::RulesContext,
                            "a game ends only in the turn",
                            s.span,
                            "not in a turn",
                        )
                        .help("`win`, `lose`, `draw` and `stop` are for `turn { … }`"),
                    );
                }
                if let Some(c) = c {
                    self.cond(c);
                }
            }
            StmtKind::Score(_, e) => {
                let t = self.expr(e);
                self.want(&Ty::Int(None), &t, e.span);
            }
            StmtKind::Simultaneously(b) => self.block(b),
            StmtKind::Swap(a, b) => {
                let ta = self.place(a);
                let tb = self.place(b);
                self.want(&ta, &tb, b.span);
            }
            StmtKind::Push { list, value, .. } => {
                let tl = self.place(list);
                let tv = self.expr(value);
                match tl {
                    Ty::List(item, _) => self.want(&item, &tv, value.span),
                    Ty::Any => {}
                    t => self.not_list(&t, list.span),
                }
            }
            StmtKind::Pop { list, .. } => {
                let tl = self.place(list);
                if !matches!(tl, Ty::List(..) | Ty::Any) {
                    self.not_list(&tl, list.span);
                }
            }
            StmtKind::Next | StmtKind::Break => {
                if self.loops == 0 {
                    let w = if matches!(s.kind, StmtKind::Next) {
                        "next"
                    } else {
                        "break"
                    };
                    self.err(
                        diag(
                            Code::RulesContext,
                            format!("`{w}` outside a loop"),
                            s.span,
                            "no loop around it",
                        )
                        .help("`next` and `break` stand inside `for`, `repeat` or `while`"),
                    );
                }
            }
            StmtKind::Assign(p, op, e) => {
                let tp = self.place(p);
                let te = self.expr(e);
                if *op != AssignOp::Set {
                    self.want(&Ty::Int(None), &tp, p.span);
                }
                self.want(&tp, &te, e.span);
            }
        }
    }

    fn not_list(&mut self, t: &Ty, at: Span) {
        let what = t.describe(&self.d.enums);
        self.err(
            diag(
                Code::RulesType,
                format!("{what} is not a list"),
                at,
                "not a list",
            )
            .help("`push` and `pop` work on a `list of T max N`"),
        );
    }

    fn no_chance(&mut self, at: Span, word: &str) {
        let why = match self.ctx {
            Ctx::Setup => Some("`setup` runs once, before any move"),
            Ctx::Legend => Some("the legend only reads the board"),
            Ctx::Turn if word == "choose" && self.d.player_count == 0 => {
                Some("a `players none` game has no choices")
            }
            Ctx::Turn => None,
        };
        if let Some(why) = why {
            self.err(
                diag(
                    Code::RulesContext,
                    format!("`{word}` cannot stand here"),
                    at,
                    why,
                )
                .help("choices and dice belong in `turn { … }` of a game with players"),
            );
        }
    }

    fn cond(&mut self, c: &Expr) {
        let t = self.expr(c);
        self.want(&Ty::Bool, &t, c.span);
    }

    fn want(&mut self, want: &Ty, got: &Ty, at: Span) {
        // `nobody`, `none` and `off` are typed loosely: `Any` accepts.
        if !want.accepts(got) {
            let (w, g) = (want.describe(&self.d.enums), got.describe(&self.d.enums));
            self.err(
                diag(
                    Code::RulesType,
                    format!("expected {w}, found {g}"),
                    at,
                    format!("this is {g}"),
                )
                .help(format!("a value of type {w} is wanted here")),
            );
        }
    }

    /// An assignable place: a local `let`, a `var`, `layer[c]`,
    /// `p.field`, `xs[i]` of an assignable list.
    fn place(&mut self, p: &Expr) -> Ty {
        match &p.kind {
            ExprKind::Name(n) => {
                match self.lookup(n).cloned() {
                    Some(Sym::Var(i)) => self.d.vars[i].ty.clone(),
                    Some(Sym::Local {
                        ty,
                        assignable: true,
                    }) => ty,
                    Some(_) => {
                        let what = match self.lookup(n) {
                            Some(Sym::Param(_)) => {
                                "a param (set by `rule`, constant in a scenario)"
                            }
                            Some(Sym::Layer(_)) => "a layer: assign one cell, `layer[c] = …`",
                            Some(Sym::Local { .. }) => "a loop or choice variable",
                            _ => "a constant",
                        };
                        self.err(diag(Code::RulesPlace, format!("`{n}` cannot be assigned"), p.span, what).help("assign a `var`, a `let` variable, `layer[c]`, `p.field` or `xs[i]`"));
                        Ty::Any
                    }
                    None => self.expr(p),
                }
            }
            ExprKind::Index(base, _) | ExprKind::Field(base, _) => {
                let layered = matches!(&base.kind, ExprKind::Name(n) if matches!(self.lookup(n), Some(Sym::Layer(_))));
                let piece = matches!(&p.kind, ExprKind::Field(..));
                let unknown = matches!(&base.kind, ExprKind::Name(n) if self.lookup(n).is_none());
                if !layered && !piece && !unknown {
                    self.place(base);
                }
                self.expr(p)
            }
            _ => {
                self.err(
                    diag(
                        Code::RulesPlace,
                        "this cannot be assigned",
                        p.span,
                        "not a place",
                    )
                    .help("assign a `var`, a `let` variable, `layer[c]`, `p.field` or `xs[i]`"),
                );
                Ty::Any
            }
        }
    }

    fn expr(&mut self, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Int(_) => Ty::Int(None),
            ExprKind::Bool(_) => Ty::Bool,
            ExprKind::Name(n) => self.name(n, e.span),
            ExprKind::Cell(r, c) => {
                for x in [r, c] {
                    let t = self.expr(x);
                    self.want(&Ty::Int(None), &t, x.span);
                }
                Ty::Cell
            }
            ExprKind::List(items) => {
                let mut item = Ty::Any;
                for x in items {
                    let t = self.expr(x);
                    if item == Ty::Any {
                        item = t;
                    } else {
                        self.want(&item, &t, x.span);
                    }
                }
                Ty::List(Box::new(item), Some(items.len() as u64))
            }
            ExprKind::Range(..) => {
                let t = self.set_item(e);
                Ty::List(Box::new(t), None)
            }
            ExprKind::Unary(UnOp::Not, a) => {
                self.cond(a);
                Ty::Bool
            }
            ExprKind::Unary(UnOp::Neg, a) => {
                let t = self.expr(a);
                self.want(&Ty::Int(None), &t, a.span);
                Ty::Int(None)
            }
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.expr(a), self.expr(b));
                match op {
                    BinOp::And | BinOp::Or => {
                        self.want(&Ty::Bool, &ta, a.span);
                        self.want(&Ty::Bool, &tb, b.span);
                        Ty::Bool
                    }
                    BinOp::Eq | BinOp::Ne => {
                        self.want(&ta, &tb, b.span);
                        Ty::Bool
                    }
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                        self.want(&ta, &tb, b.span);
                        Ty::Bool
                    }
                    BinOp::Add if matches!(ta, Ty::List(..)) => {
                        self.want(&ta, &tb, b.span);
                        ta
                    }
                    _ => {
                        self.want(&Ty::Int(None), &ta, a.span);
                        self.want(&Ty::Int(None), &tb, b.span);
                        Ty::Int(None)
                    }
                }
            }
            ExprKind::Field(base, f) => self.field(base, f),
            ExprKind::Index(base, i) => {
                if let ExprKind::Name(n) = &base.kind {
                    if let Some(Sym::Layer(l)) = self.lookup(n).cloned() {
                        let ti = self.expr(i);
                        self.want(&Ty::Cell, &ti, i.span);
                        return self.d.layers[l].ty.clone();
                    }
                }
                let tb = self.expr(base);
                let ti = self.expr(i);
                if tb != Ty::Any {
                    self.want(&Ty::Int(None), &ti, i.span);
                }
                match tb {
                    Ty::List(t, _) => *t,
                    Ty::Any => Ty::Any,
                    t => {
                        self.not_list(&t, base.span);
                        Ty::Any
                    }
                }
            }
            ExprKind::Slice(base, lo, hi) => {
                for x in [lo, hi].into_iter().flatten() {
                    let t = self.expr(x);
                    self.want(&Ty::Int(None), &t, x.span);
                }
                let t = self.expr(base);
                if !matches!(t, Ty::List(..) | Ty::Any) {
                    self.not_list(&t, base.span);
                }
                t
            }
            ExprKind::If(c, a, b) => {
                self.cond(c);
                let (ta, tb) = (self.expr(a), self.expr(b));
                self.want(&ta, &tb, b.span);
                if ta == Ty::Any {
                    tb
                } else {
                    ta
                }
            }
            ExprKind::Agg {
                kind,
                var,
                set,
                body,
            } => {
                let t = self.set_item(set);
                self.scopes.push(HashMap::new());
                self.local(var, t.clone(), false);
                let tb = self.expr(body);
                self.scopes.pop();
                match kind {
                    Agg::All | Agg::Any | Agg::Count | Agg::Find => {
                        self.want(&Ty::Bool, &tb, body.span)
                    }
                    _ => self.want(&Ty::Int(None), &tb, body.span),
                }
                match kind {
                    Agg::All | Agg::Any => Ty::Bool,
                    Agg::Find => t,
                    _ => Ty::Int(None),
                }
            }
            ExprKind::Comp {
                item,
                var,
                set,
                cond,
            } => {
                let t = self.set_item(set);
                self.scopes.push(HashMap::new());
                self.local(var, t, false);
                if let Some(c) = cond {
                    self.cond(c);
                }
                let ti = self.expr(item);
                self.scopes.pop();
                Ty::List(Box::new(ti), None)
            }
            ExprKind::Call(f, args) => self.call(f, args, e.span),
        }
    }

    fn name(&mut self, n: &str, at: Span) -> Ty {
        match self.lookup(n).cloned() {
            Some(Sym::Param(i)) => self.d.params[i].ty.clone(),
            Some(Sym::Var(i)) => self.d.vars[i].ty.clone(),
            Some(Sym::Layer(_)) => {
                self.err(
                    diag(
                        Code::RulesType,
                        format!("`{n}` is a layer: read one cell"),
                        at,
                        "a layer, not a value",
                    )
                    .help(format!("write `{n}[c]` for the value at cell c")),
                );
                Ty::Any
            }
            Some(Sym::Piece) => Ty::Piece,
            Some(Sym::Local { ty, .. }) => ty,
            Some(Sym::Const(t)) => {
                if (n == "me" || n == "opponent")
                    && self.d.player_count < if n == "me" { 1 } else { 2 }
                {
                    self.err(diag(Code::RulesContext, format!("`{n}` means nothing in this game"), at, format!("the game has {} players", self.d.player_count)).help("`me` is the player to move, `opponent` the other one: they need players"));
                }
                if (n == "me" || n == "opponent") && self.ctx != Ctx::Turn {
                    {
                        self.err(
                            diag(
                                Code::RulesContext,
                                format!("`{n}` means something only in the turn"),
                                at,
                                "no player is to move here",
                            )
                            .help("use the players' names outside `turn`"),
                        );
                    }
                    // `me.field` reads the mover's piece: typed as a player
                    // that has the pieces' fields (see `field`).
                }
                if (n == "rows" || n == "cols" || n == "cells") && self.board != BoardKind::Grid {
                    self.err(
                        diag(
                            Code::RulesContext,
                            format!("`{n}` needs a grid"),
                            at,
                            "this game has no grid",
                        )
                        .help("grid words are for games without `board track`/`board none`"),
                    );
                }
                t
            }
            None => {
                let known = self.known_names();
                let mut d = diag(
                    Code::RulesName,
                    format!("`{n}` is not declared"),
                    at,
                    "unknown name",
                );
                d = d.help(match did_you_mean(n, known.iter().map(String::as_str)) {
                    Some(h) => {
                        format!("{h} declare it with `let`, `var`, `param`, `layer` or `piece`")
                    }
                    None => "declare it with `let`, `var`, `param`, `layer` or `piece`".into(),
                });
                self.err(d);
                Ty::Any
            }
        }
    }

    fn field(&mut self, base: &Expr, f: &Spanned<String>) -> Ty {
        let tb = self.expr(base);
        match (&tb, f.node.as_str()) {
            (Ty::Cell, "row" | "col") => return Ty::Int(None),
            (Ty::Piece | Ty::Player | Ty::Any, _) => {}
            _ => {
                let what = tb.describe(&self.d.enums);
                self.err(
                    diag(
                        Code::RulesType,
                        format!("{what} has no field `{}`", f.node),
                        f.span,
                        "no such field",
                    )
                    .help("pieces have their declared fields; cells have `row` and `col`"),
                );
                return Ty::Any;
            }
        }
        match self.d.fields.iter().find(|g| g.name.node == f.node) {
            Some(g) => g.ty.clone(),
            None => {
                let names: Vec<&str> = self.d.fields.iter().map(|g| g.name.node.as_str()).collect();
                let mut d = diag(
                    Code::RulesName,
                    format!("pieces have no field `{}`", f.node),
                    f.span,
                    "unknown field",
                );
                d = d.help(match did_you_mean(&f.node, names.iter().copied()) {
                    Some(h) => format!("{h} the fields are {}", names.join(", ")),
                    None => format!(
                        "the fields are: {}",
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(", ")
                        }
                    ),
                });
                self.err(d);
                Ty::Any
            }
        }
    }

    fn call(&mut self, f: &Spanned<String>, args: &[Expr], at: Span) -> Ty {
        let Some((_, arity)) = FUNCTIONS.iter().find(|(n, _)| *n == f.node) else {
            let mut d = diag(
                Code::RulesName,
                format!("there is no function `{}`", f.node),
                f.span,
                "unknown function",
            );
            d = d.help(
                match did_you_mean(&f.node, FUNCTIONS.iter().map(|(n, _)| *n)) {
                    Some(h) => h,
                    None => "docs/rules-language.md, *Expressions*, lists the functions".into(),
                },
            );
            self.err(d);
            for a in args {
                self.expr(a);
            }
            return Ty::Any;
        };
        if args.len() != *arity {
            self.err(
                diag(
                    Code::RulesType,
                    format!(
                        "`{}` takes {arity} argument{}, not {}",
                        f.node,
                        if *arity == 1 { "" } else { "s" },
                        args.len()
                    ),
                    at,
                    "wrong number of arguments",
                )
                .help("docs/rules-language.md, *Expressions*"),
            );
            return Ty::Any;
        }
        let ts: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect();
        let want = |c: &mut Self, i: usize, t: Ty| c.want(&t, &ts[i], args[i].span);
        match f.node.as_str() {
            "step" => {
                want(self, 0, Ty::Cell);
                want(self, 1, Ty::Dir);
                Ty::Cell
            }
            "neighbours" => {
                want(self, 0, Ty::Cell);
                if !matches!(ts[1], Ty::Enum(_)) {
                    want(self, 1, Ty::Hood);
                }
                Ty::List(Box::new(Ty::Cell), None)
            }
            "directions" => {
                if !matches!(ts[0], Ty::Hood | Ty::Any | Ty::Enum(_) | Ty::Dir) {
                    want(self, 0, Ty::Hood);
                }
                Ty::List(Box::new(Ty::Dir), None)
            }
            "opposite" | "left" | "right" => {
                want(self, 0, Ty::Dir);
                Ty::Dir
            }
            "rotate" => {
                want(self, 0, Ty::Dir);
                want(self, 1, Ty::Int(None));
                Ty::Dir
            }
            "forward" => {
                want(self, 0, Ty::Cell);
                want(self, 1, Ty::Dir);
                Ty::Int(None)
            }
            "lanes" => {
                want(self, 0, Ty::Dir);
                Ty::List(Box::new(Ty::List(Box::new(Ty::Cell), None)), None)
            }
            "lines" => {
                want(self, 0, Ty::Int(None));
                Ty::List(Box::new(Ty::List(Box::new(Ty::Cell), None)), None)
            }
            "region" => {
                want(self, 0, Ty::Cell);
                Ty::List(Box::new(Ty::Cell), None)
            }
            "abs" | "min" | "max" => {
                for i in 0..args.len() {
                    want(self, i, Ty::Int(None));
                }
                Ty::Int(None)
            }
            "len" => Ty::Int(None),
            "index" => Ty::Int(None),
            "reverse" => ts[0].clone(),
            "contains" => Ty::Bool,
            "advance" => {
                want(self, 0, Ty::Square);
                want(self, 1, Ty::Int(None));
                Ty::Square
            }
            _ => {
                want(self, 0, Ty::Square);
                Ty::Int(None)
            }
        }
    }
}
