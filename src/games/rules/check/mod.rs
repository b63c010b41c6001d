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

mod domain;
mod dropped_score;
mod expr;
mod input;
mod input_records;
mod interchangeable;
mod stmt;

/// The words of the rules language no declared name or local may take
/// (each starts a statement or joins an expression, so a variable of that
/// name could not be read or written, or would be silently misread).
const KEYWORDS: [&str; 25] = [
    "let", "if", "else", "then", "for", "in", "where", "repeat", "while", "choose", "say",
    "require", "roll", "win", "lose", "draw", "stop", "print", "next", "break", "not", "and", "or",
    "true", "false",
];

/// The built-in games, whose names a rules block may not take.
const BUILT_IN: [&str; 3] = ["footholds", "yut", "stacking"];

/// The most iterations a loop's bound may promise (`while … max N`,
/// `repeat N`) when it is a constant: larger bounds are refused.
pub const LOOP_BOUND: i64 = 1_000_000;

/// A function's argument count, from the dialect table.
fn arity(name: &str) -> Option<usize> {
    crate::syntax::dialect::RULES_FUNCTIONS
        .iter()
        .find(|f| f.name == name)
        .map(|f| f.args.len())
}

/// The functions' names.
fn functions() -> impl Iterator<Item = &'static str> {
    crate::syntax::dialect::RULES_FUNCTIONS
        .iter()
        .map(|f| f.name)
}

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
    /// The loops open around the statement being checked, innermost last:
    /// true for a `for` over pieces (a `break` there stops at the first of
    /// them, which tells interchangeable pieces apart).
    loops: Vec<bool>,
    board: BoardKind,
    def: &'a RulesDef,
    /// The prelude's scripts may take the built-in games' names.
    built_in: bool,
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
        diags.extend(checked(def, false).1);
    }
    diags
}

/// Check one block: its declarations, or every error found.
pub fn check(def: &RulesDef) -> Result<Decls, Diags> {
    check_block(def, false)
}

/// Check one of the prelude's blocks (`crate::games::prelude`), which
/// alone may take a built-in game's name.
pub(crate) fn check_prelude(def: &RulesDef) -> Result<Decls, Diags> {
    check_block(def, true)
}

/// Check one block: its declarations, or every error found (warnings
/// alone leave it valid; [`check_all`] reports them).
fn check_block(def: &RulesDef, built_in: bool) -> Result<Decls, Diags> {
    let (decls, diags) = checked(def, built_in);
    if diags.iter().all(Diag::is_warning) {
        Ok(decls)
    } else {
        Err(diags)
    }
}

/// Check one block: its declarations and every error and warning found.
fn checked(def: &RulesDef, built_in: bool) -> (Decls, Diags) {
    let mut c = Checker {
        diags: Vec::new(),
        d: Decls::default(),
        globals: HashMap::new(),
        scopes: Vec::new(),
        ctx: Ctx::Turn,
        loops: Vec::new(),
        board: BoardKind::Grid,
        def,
        built_in,
    };
    c.run();
    (c.d, c.diags)
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
        if !self.built_in && BUILT_IN.contains(&def.name.node.as_str()) {
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
                Part::Input(_) => "input",
                Part::Output(_) => "output",
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
        // The game's name is a declared name too: not a keyword or a
        // built-in name (`rules true`, `rules off`), as a var's.
        if let Some(why) = self.reserved(&def.name.node) {
            self.err(
                diag(
                    Code::RulesDuplicate,
                    format!("`{}` is {why}", def.name.node),
                    def.name.span,
                    "a rules block may not take this name",
                )
                .help(format!(
                    "give the rules another name, like `my-{}` (a game's name follows the rules of a var's)",
                    def.name.node
                )),
            );
        }
        // Declarations first (any order), then programs.
        for p in &def.parts {
            match &p.node {
                Part::Players(pl) => self.players(pl),
                Part::Board(b) => self.board = *b,
                _ => {}
            }
        }
        // Neighbourhoods before params: an enumeration may list one
        // (`param jumps: orthogonal | tri`), as it lists a built-in set.
        for p in &def.parts {
            if let Part::Neighbourhood(n, _) = &p.node {
                self.declare(n, Sym::Const(Ty::Hood));
                self.d.hoods.push(n.node.clone());
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
                        if let Some(why) = self.reserved(&f.name.node) {
                            self.err(
                                diag(
                                    Code::RulesDuplicate,
                                    format!("`{}` is {why}", f.name.node),
                                    f.name.span,
                                    "a field may not take this name",
                                )
                                .help("choose another name"),
                            );
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
                _ => {}
            }
        }
        self.key_size();
        self.check_interchangeable();
        for p in &def.parts {
            match &p.node {
                Part::Setup(b) => {
                    self.ctx = Ctx::Setup;
                    self.block(b);
                }
                Part::Turn(b) => {
                    self.ctx = Ctx::Turn;
                    self.block(b);
                    self.dropped_score(b);
                }
                Part::Legend(entries) => {
                    self.ctx = Ctx::Legend;
                    self.legend_keys(entries);
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
        self.judge_format();
    }

    /// A legend's keys: each one character or a number's decimal text
    /// (anything else matches no cell), each once (a second entry for a
    /// key would never be used).
    fn legend_keys(&mut self, entries: &[crate::syntax::rules::Entry]) {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for k in entries.iter().flat_map(|e| &e.keys) {
            let key = k.node.as_str();
            let number = key.parse::<i64>().is_ok_and(|n| n.to_string() == key);
            if key.chars().count() != 1 && !number {
                let split: Vec<String> = key.chars().map(|c| format!("\"{c}\"")).collect();
                self.err(
                    diag(
                        Code::RulesLegend,
                        format!("the legend key \"{key}\" matches no cell"),
                        k.span,
                        "neither one character nor a number",
                    )
                    .help(if key.is_empty() {
                        "a key is one character (a grid's cell) or the decimal text of a number (an array's cell, as `\"12\"`)".to_string()
                    } else {
                        format!("a key is one character (a grid's cell) or the decimal text of a number (an array's cell, as `\"12\"`); for several characters that mean the same, list them: {}", split.join(" "))
                    }),
                );
            } else if let Some(first) = seen.insert(key, k.span) {
                self.err(
                    diag(
                        Code::RulesDuplicate,
                        format!("the legend lists \"{key}\" twice"),
                        k.span,
                        "again",
                    )
                    .label(first, "first here")
                    .help("give each key one entry: a cell runs its entry's statements once"),
                );
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

    /// Why a declared name (a param, var, layer, field, piece or local) may
    /// not be `n`: a keyword of the rules language, or a built-in name.
    fn reserved(&self, n: &str) -> Option<&'static str> {
        if KEYWORDS.contains(&n) {
            Some("a keyword of the rules language")
        } else if matches!(n, "here" | "score" | "me" | "opponent") {
            Some("a built-in name")
        } else {
            match self.globals.get(n) {
                Some(Sym::Const(Ty::Player)) => None,
                Some(Sym::Const(_)) => Some("a built-in name"),
                _ => None,
            }
        }
    }

    /// A local's name (`let`, `for`, `choose`, `roll`, an aggregate's):
    /// not a keyword or a built-in, and not hiding a declaration of the
    /// game (every use of it after would silently mean the local).
    fn local_name(&mut self, n: &Spanned<String>) {
        let why = match self.reserved(&n.node) {
            Some(why) => why,
            None => match self.globals.get(&n.node) {
                Some(Sym::Const(Ty::Player)) => "a player of the game",
                Some(Sym::Var(_)) => "a var of the game",
                Some(Sym::Layer(_)) => "a layer of the game",
                Some(Sym::Param(_)) => "a param of the game",
                Some(Sym::Piece) => "a piece of the game",
                Some(Sym::Const(Ty::Hood)) => "a neighbourhood of the game",
                _ => return,
            },
        };
        let builtin = why.starts_with("a keyword") || why == "a built-in name";
        let help = if builtin {
            format!(
                "choose another name: a local `{}` would hide the built-in meaning",
                n.node
            )
        } else {
            format!(
                "choose another name: a local `{0}` would hide the {1} `{0}` from here on (to change the {1}, assign it: `{0} = …`)",
                n.node,
                why.trim_start_matches("a ").trim_end_matches(" of the game")
            )
        };
        self.err(
            diag(
                Code::RulesDuplicate,
                format!("`{}` is {why}", n.node),
                n.span,
                "a local may not take this name",
            )
            .help(help),
        );
    }

    fn declare(&mut self, n: &Spanned<String>, sym: Sym) {
        let keyword = KEYWORDS
            .contains(&n.node.as_str())
            .then_some("a keyword of the rules language")
            .or((n.node == "here").then_some("a built-in name"));
        // `param pieces` (yut's `rule pieces 4`): the param by name, the
        // pieces present after `in`.
        if keyword.is_none() && n.node == "pieces" && matches!(sym, Sym::Param(_)) {
            self.globals.insert(n.node.clone(), sym);
            return;
        }
        let taken = match (keyword, self.globals.get(&n.node)) {
            (Some(why), _) => Some(why),
            // `score +=` is a statement of its own: a var of that name could
            // never be written.
            // `me` and `opponent` are players by the turn's meaning: a
            // piece of that name would hide it (`me.at`).
            _ if matches!(n.node.as_str(), "score" | "me" | "opponent") => Some("a built-in name"),
            // A piece named as a player (`piece A, B` in `players A B`).
            (_, Some(Sym::Const(Ty::Player))) if matches!(sym, Sym::Piece) => return,
            (_, Some(Sym::Const(Ty::Player))) => Some("declared already"),
            (_, Some(Sym::Const(_))) => Some("a built-in name"),
            (_, Some(_)) => Some("declared already"),
            (_, None) => None,
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
        if arity(&n.node).is_some() && !matches!(sym, Sym::Param(_)) {
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
}
