//! A checked `rules` block → a [`Program`]: names resolved to slots, frame
//! indices, constants and builtins. Run only on a block the checker
//! accepted ([`super::check()`]); what it cannot resolve becomes a constant 0
//! (never reached: the checker reported it).

use super::check::{Decls, DIRECTIONS};
use super::program::*;
use crate::syntax::rules::*;
use std::collections::HashMap;

#[derive(Clone, Copy)]
enum Sym {
    Param(usize),
    Var(usize),
    Layer(usize),
    Local(usize, Kind),
    Const(i64, Kind),
    Ambient(Ambient, Kind),
}

struct Cx<'a> {
    d: &'a Decls,
    globals: HashMap<String, Sym>,
    scopes: Vec<HashMap<String, Sym>>,
    frame: usize,
    hoods: HashMap<String, Vec<(i64, i64, i64)>>,
    /// Whether an expression reads `moves`.
    reads_moves: bool,
}

/// The offsets of the eight directions, clockwise from up, and `none`.
pub const OFFSETS: [(i64, i64); 9] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (0, 0),
];

fn hood(dirs: &[usize]) -> Vec<(i64, i64, i64)> {
    dirs.iter()
        .map(|&d| (OFFSETS[d].0, OFFSETS[d].1, d as i64))
        .collect()
}

/// Compile a block the checker accepted, with what it declared: its
/// scalar expressions with their flat code ([`super::flat`]).
pub fn compile(def: &RulesDef, d: Decls) -> Program {
    let mut prog = compile_tree(def, d);
    super::flat::program(&mut prog);
    prog
}

/// [`compile`] with every expression a tree (the plain path the flat
/// code is tested against).
pub fn compile_tree(def: &RulesDef, d: Decls) -> Program {
    let mut cx = Cx {
        d: &d,
        globals: HashMap::new(),
        scopes: vec![HashMap::new()],
        frame: 0,
        hoods: HashMap::new(),
        reads_moves: false,
    };
    cx.hoods.insert("orthogonal".into(), hood(&[0, 2, 4, 6]));
    cx.hoods.insert("diagonal".into(), hood(&[1, 3, 5, 7]));
    cx.hoods
        .insert("king".into(), hood(&[0, 1, 2, 3, 4, 5, 6, 7]));
    cx.hoods
        .insert("dir".into(), hood(&[0, 1, 2, 3, 4, 5, 6, 7, 8]));
    for p in &def.parts {
        if let Part::Neighbourhood(n, offs) = &p.node {
            let v = offs
                .iter()
                .map(|o| {
                    let (dr, dc) = o.node;
                    let dir = OFFSETS.iter().position(|&x| x == (dr, dc)).unwrap_or(8) as i64;
                    (
                        dr,
                        dc,
                        if dir == 8 && (dr, dc) != (0, 0) {
                            -1
                        } else {
                            dir
                        },
                    )
                })
                .collect();
            cx.hoods.insert(n.node.clone(), v);
        }
    }
    cx.globals_init();
    let mut prog = Program {
        name: def.name.node.clone(),
        decls: d.clone(),
        board: BoardKind::Grid,
        params: Vec::new(),
        vars: Vec::new(),
        layers: Vec::new(),
        fields: Vec::new(),
        numbered: Vec::new(),
        interchangeable: Vec::new(),
        legend: Vec::new(),
        setup: Vec::new(),
        turn: Vec::new(),
        frame: 0,
        stuck: if d.player_count == 2 {
            EndWord::Lose
        } else {
            EndWord::Stop
        },
        objective: Objective::Moves,
        objective_bound: None,
        at_field: d.fields.iter().position(|f| f.name.node == "at"),
        facing_field: d.fields.iter().position(|f| f.name.node == "facing"),
        written: Written::default(),
        reads_moves: false,
        prints: false,
        input: None,
        output: None,
        requires: Vec::new(),
        numbered_from: Vec::new(),
        text: def.text.clone(),
    };
    let decl_of = |name: &str, parts: &[Spanned<Part>]| -> Option<Decl> {
        parts.iter().find_map(|p| match &p.node {
            Part::Param(ds) | Part::Layer(ds) | Part::Var(ds) => {
                ds.iter().find(|x| x.name.node == name).cloned()
            }
            Part::Piece { fields, .. } => fields.iter().find(|x| x.name.node == name).cloned(),
            _ => None,
        })
    };
    for v in &d.params {
        let dcl = decl_of(&v.name.node, &def.parts).expect("a declared param");
        let spec = cx.dom(&dcl.ty);
        let default = dcl
            .value
            .as_ref()
            .map_or(CExpr::Const(Val::S(0)), |e| cx.expr(e));
        prog.params.push((spec, default));
    }
    for v in &d.vars {
        let dcl = decl_of(&v.name.node, &def.parts).expect("a declared var");
        let spec = cx.dom(&dcl.ty);
        let init = dcl.value.as_ref().map(|e| cx.expr(e));
        prog.vars.push((spec, init));
    }
    for v in &d.layers {
        let dcl = decl_of(&v.name.node, &def.parts).expect("a declared layer");
        prog.layers.push(cx.dom(&dcl.ty));
    }
    for v in &d.fields {
        let dcl = decl_of(&v.name.node, &def.parts).expect("a declared field");
        let spec = cx.dom(&dcl.ty);
        let init = dcl.value.as_ref().map(|e| cx.expr(e));
        prog.fields.push((spec, init));
    }
    for p in &def.parts {
        match &p.node {
            Part::Board(b) => prog.board = *b,
            Part::Input(f) => prog.input = Some(f.clone()),
            Part::Output(f) => prog.output = Some(f.node.clone()),
            Part::Stuck(w) => prog.stuck = *w,
            Part::Solve(o) => {
                prog.objective_bound = match o {
                    Objective::Shortest(n) | Objective::Simulate(n) => Some(cx.expr(n)),
                    _ => None,
                };
                prog.objective = o.clone();
            }
            Part::Piece {
                placed,
                interchangeable,
                names: PieceNames::Numbered(lo, hi),
                ..
            } => {
                prog.numbered_from.push(match &lo.kind {
                    crate::syntax::rules::ExprKind::Int(n) => Some(*n),
                    _ => None,
                });
                let (lo, hi) = (cx.expr(lo), cx.expr(hi));
                prog.interchangeable.push(interchangeable.is_some());
                prog.numbered.push((lo, hi, *placed));
            }
            Part::Legend(entries) => {
                for e in entries {
                    cx.scopes.push(HashMap::new());
                    let here = cx.local("here", Kind::Cell);
                    debug_assert!(here < cx.frame);
                    let number = e.number.as_ref().map(|n| cx.local(&n.node, Kind::Int));
                    let body = cx.stmts(&e.body);
                    cx.scopes.pop();
                    prog.legend.push(CEntry {
                        keys: e.keys.iter().map(|k| k.node.clone()).collect(),
                        number,
                        body,
                        here,
                    });
                }
            }
            _ => {}
        }
    }
    for p in &def.parts {
        match &p.node {
            Part::Setup(b) => prog.setup = cx.block(b),
            Part::Turn(b) => prog.turn = cx.block(b),
            Part::Input(f) => {
                for item in &f.items {
                    if let crate::syntax::rules::input::Item::Require { expr, text } = &item.node {
                        prog.requires.push((text.clone(), cx.expr(expr)));
                    }
                }
            }
            _ => {}
        }
    }
    prog.frame = cx.frame;
    prog.written = Written::of(
        &prog.turn,
        prog.vars.len(),
        prog.layers.len(),
        prog.fields.len(),
    );
    prog.reads_moves = cx.reads_moves;
    prog.prints = prints(&prog.turn);
    prog
}

/// Whether `body` holds a `print`, at any depth.
fn prints(body: &[CStmt]) -> bool {
    body.iter().any(|s| match &s.kind {
        CStmtKind::Print(_) => true,
        CStmtKind::If(arms, other) => arms.iter().any(|(_, b)| prints(b)) || prints(other),
        CStmtKind::For { body, .. }
        | CStmtKind::Repeat(_, body)
        | CStmtKind::While(_, _, body)
        | CStmtKind::Simultaneously(body) => prints(body),
        _ => false,
    })
}

impl Cx<'_> {
    fn globals_init(&mut self) {
        let g = &mut self.globals;
        g.insert("true".into(), Sym::Const(1, Kind::Bool));
        g.insert("false".into(), Sym::Const(0, Kind::Bool));
        g.insert("off".into(), Sym::Const(-1, Kind::Cell));
        g.insert("nobody".into(), Sym::Const(-1, Kind::Piece));
        g.insert("start".into(), Sym::Const(0, Kind::Square));
        g.insert("finish".into(), Sym::Const(1, Kind::Square));
        for (n, a, k) in [
            ("rows", Ambient::Rows, Kind::Int),
            ("cols", Ambient::Cols, Kind::Int),
            ("cells", Ambient::Cells, Kind::List),
            ("pieces", Ambient::Pieces, Kind::List),
            ("players", Ambient::Players, Kind::List),
            ("squares", Ambient::Squares, Kind::List),
            ("moves", Ambient::Moves, Kind::Int),
            ("me", Ambient::Me, Kind::Player),
            ("opponent", Ambient::Opponent, Kind::Player),
        ] {
            g.insert(n.into(), Sym::Ambient(a, k));
        }
        for (i, d) in DIRECTIONS.iter().enumerate() {
            g.insert((*d).into(), Sym::Const(i as i64, Kind::Dir));
        }
        for (e, names) in self.d.enums.iter().enumerate().rev() {
            for (i, n) in names.iter().enumerate() {
                g.insert(n.clone(), Sym::Const(i as i64, Kind::Enum(e)));
            }
        }
        for (i, p) in self.d.players.iter().enumerate() {
            g.insert(p.clone(), Sym::Const(i as i64, Kind::Player));
        }
        // A piece named as a player: the name is the piece where a piece
        // is wanted (`R.at`); `me` still names the player.
        for (i, p) in self.d.named.iter().enumerate() {
            g.insert(p.node.clone(), Sym::Const(i as i64, Kind::Piece));
        }
        for (i, v) in self.d.params.iter().enumerate() {
            g.insert(v.name.node.clone(), Sym::Param(i));
        }
        for (i, v) in self.d.vars.iter().enumerate() {
            g.insert(v.name.node.clone(), Sym::Var(i));
        }
        for (i, v) in self.d.layers.iter().enumerate() {
            g.insert(v.name.node.clone(), Sym::Layer(i));
        }
    }

    fn local(&mut self, name: &str, kind: Kind) -> usize {
        let slot = self.frame;
        self.frame += 1;
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), Sym::Local(slot, kind));
        }
        slot
    }

    /// A local list begun empty (`let xs = []`) takes its items' kind
    /// from the first value pushed, so that a `choose` over it names cells,
    /// directions or pieces as such (the checker has made the types agree).
    fn item_kind(&mut self, list: &Expr, value: &Expr) {
        let ExprKind::Name(n) = &list.kind else {
            return;
        };
        let k = self.kind(value);
        if let Some(Sym::Local(slot, Kind::Int)) = self.lookup(n) {
            if let Some(s) = self.scopes.iter_mut().rev().find(|s| s.contains_key(n)) {
                s.insert(n.clone(), Sym::Local(slot, k));
            }
        }
    }

    fn lookup(&self, n: &str) -> Option<Sym> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(n))
            .or_else(|| self.globals.get(n))
            .copied()
    }

    fn dom(&mut self, t: &Spanned<Type>) -> DomSpec {
        match &t.node {
            Type::List(item, n) => {
                let mut d = self.dom(item);
                d.list_max = Some(self.expr(n));
                d
            }
            Type::Range(lo, hi) => DomSpec {
                kind: Kind::Int,
                range: Some((self.expr(lo), self.expr(hi))),
                list_max: None,
            },
            other => DomSpec {
                kind: match other {
                    Type::Bool => Kind::Bool,
                    Type::Cell => Kind::Cell,
                    Type::Dir => Kind::Dir,
                    Type::Player => Kind::Player,
                    Type::Piece => Kind::Piece,
                    Type::Square => Kind::Square,
                    Type::Enum(names) => names
                        .first()
                        .and_then(|n| match self.globals.get(&n.node) {
                            Some(Sym::Const(_, k)) => Some(*k),
                            _ => None,
                        })
                        .unwrap_or(Kind::Int),
                    _ => Kind::Int,
                },
                range: None,
                list_max: None,
            },
        }
    }

    /// The kind of an expression's value (the items', for a set).
    fn kind(&self, e: &Expr) -> Kind {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Range(..) => Kind::Int,
            ExprKind::Bool(_) => Kind::Bool,
            ExprKind::Cell(..) => Kind::Cell,
            ExprKind::Name(n) if n == "pieces" => Kind::Piece,
            ExprKind::Name(n) => match self.lookup(n) {
                Some(Sym::Local(_, k) | Sym::Const(_, k)) => k,
                Some(Sym::Ambient(a, k)) => match a {
                    Ambient::Cells => Kind::Cell,
                    Ambient::Pieces => Kind::Piece,
                    Ambient::Players => Kind::Player,
                    Ambient::Squares => Kind::Square,
                    _ => k,
                },
                Some(Sym::Var(i)) => self.ty_kind(&self.d.vars[i].ty),
                Some(Sym::Param(i)) => self.ty_kind(&self.d.params[i].ty),
                Some(Sym::Layer(i)) => self.ty_kind(&self.d.layers[i].ty),
                None if self.hoods.contains_key(n) => Kind::Dir,
                None => Kind::Int,
            },
            ExprKind::Field(_, f) => match f.node.as_str() {
                "row" | "col" if !self.d.fields.iter().any(|x| x.name.node == f.node) => Kind::Int,
                _ => self
                    .d
                    .fields
                    .iter()
                    .find(|x| x.name.node == f.node)
                    .map_or(Kind::Int, |x| self.ty_kind(&x.ty)),
            },
            ExprKind::Index(b, _) | ExprKind::Slice(b, ..) => self.kind(b),
            ExprKind::List(items) => items.first().map_or(Kind::Int, |x| self.kind(x)),
            ExprKind::If(_, a, _) => self.kind(a),
            ExprKind::Agg {
                kind: Agg::Find,
                set,
                ..
            } => self.kind(set),
            ExprKind::Agg {
                kind: Agg::All | Agg::Any,
                ..
            } => Kind::Bool,
            ExprKind::Comp { item, .. } => self.kind(item),
            ExprKind::Call(f, args) => match f.node.as_str() {
                "step" | "neighbours" | "region" | "lanes" | "lines" => Kind::Cell,
                "directions" | "opposite" | "left" | "right" | "rotate" => Kind::Dir,
                "advance" => Kind::Square,
                "reverse" => args.first().map_or(Kind::Int, |a| self.kind(a)),
                "contains" => Kind::Bool,
                _ => Kind::Int,
            },
            ExprKind::Unary(UnOp::Not, _) => Kind::Bool,
            ExprKind::Binary(op, a, _) => match op {
                BinOp::Add if self.kind(a) != Kind::Int => self.kind(a),
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => Kind::Int,
                _ => Kind::Bool,
            },
            _ => Kind::Int,
        }
    }

    fn ty_kind(&self, t: &super::types::Ty) -> Kind {
        use super::types::Ty;
        match t {
            Ty::Bool => Kind::Bool,
            Ty::Enum(i) => Kind::Enum(*i),
            Ty::Cell => Kind::Cell,
            Ty::Dir | Ty::Hood => Kind::Dir,
            Ty::Player => Kind::Player,
            Ty::Piece => Kind::Piece,
            Ty::Square => Kind::Square,
            Ty::List(item, _) => self.ty_kind(item),
            _ => Kind::Int,
        }
    }

    /// A set after `in`: `pieces` is the pieces present even where a param
    /// has that name.
    fn set(&mut self, e: &Expr) -> CExpr {
        match &e.kind {
            ExprKind::Name(n) if n == "pieces" => CExpr::Ambient(Ambient::Pieces),
            _ => self.expr(e),
        }
    }

    /// A loop variable (`for`, an aggregate, a comprehension): the set it
    /// ranges over, its slot in a new scope, and what `inner` compiles in
    /// that scope.
    fn binding<T>(
        &mut self,
        var: &str,
        set: &Expr,
        inner: impl FnOnce(&mut Self) -> T,
    ) -> (CExpr, usize, T) {
        let k = self.kind(set);
        let setc = self.set(set);
        self.scopes.push(HashMap::new());
        let slot = self.local(var, k);
        let t = inner(self);
        self.scopes.pop();
        (setc, slot, t)
    }

    fn block(&mut self, b: &Block) -> Vec<CStmt> {
        self.scopes.push(HashMap::new());
        let v = self.stmts(b);
        self.scopes.pop();
        v
    }

    fn stmts(&mut self, b: &Block) -> Vec<CStmt> {
        b.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&mut self, s: &Stmt) -> CStmt {
        let kind = match &s.kind {
            StmtKind::Let(n, e) => {
                let k = self.kind(e);
                let e = self.expr(e);
                // A `let` again in the same scope makes a new slot; a
                // name already bound in this scope keeps its slot.
                let slot = match self.scopes.last().and_then(|m| m.get(&n.node)) {
                    Some(Sym::Local(slot, _)) => *slot,
                    _ => self.local(&n.node, k),
                };
                CStmtKind::Let(slot, e)
            }
            StmtKind::If(arms, other) => CStmtKind::If(
                arms.iter()
                    .map(|(c, b)| (self.expr(c), self.block(b)))
                    .collect(),
                other.as_ref().map(|b| self.block(b)).unwrap_or_default(),
            ),
            StmtKind::For {
                var,
                set,
                cond,
                body,
            } => {
                let (setc, slot, (cond, body)) = self.binding(&var.node, set, |this| {
                    (cond.as_ref().map(|c| this.expr(c)), this.block(body))
                });
                CStmtKind::For {
                    var: slot,
                    set: setc,
                    cond,
                    body,
                }
            }
            StmtKind::Repeat(n, b) => CStmtKind::Repeat(self.expr(n), self.block(b)),
            StmtKind::While(c, n, b) => CStmtKind::While(self.expr(c), self.expr(n), self.block(b)),
            StmtKind::Choose {
                var,
                set,
                cond,
                say,
            } => {
                let k = self.kind(set);
                let setc = self.set(set);
                // A local holding a piece (or a list of them: a list local
                // has its items' kind) could tell equal pieces apart.
                let held = self
                    .scopes
                    .iter()
                    .flat_map(|m| m.values())
                    .any(|s| matches!(s, Sym::Local(_, Kind::Piece)));
                let slot = self.local(&var.node, k);
                let cond = cond.as_ref().map(|c| self.expr(c));
                CStmtKind::Choose {
                    var: slot,
                    kind: k,
                    set: setc,
                    cond,
                    say: say.as_ref().map(|s| s.node.clone()),
                    twins: k == Kind::Piece && !held,
                }
            }
            StmtKind::Require(c) => CStmtKind::Require(self.expr(c)),
            StmtKind::Roll(v, lo, hi) => {
                let (lo, hi) = (self.expr(lo), self.expr(hi));
                let slot = self.local(&v.node, Kind::Int);
                CStmtKind::Roll(slot, lo, hi)
            }
            StmtKind::End(w, c) => CStmtKind::End(*w, c.as_ref().map(|c| self.expr(c))),
            StmtKind::Score(op, e) => CStmtKind::Score(*op, self.expr(e)),
            StmtKind::Print(e) => CStmtKind::Print(self.expr(e)),
            StmtKind::Simultaneously(b) => CStmtKind::Simultaneously(self.block(b)),
            StmtKind::Swap(a, b) => CStmtKind::Swap(self.place(a), self.place(b)),
            StmtKind::Push { front, list, value } => CStmtKind::Push {
                front: {
                    self.item_kind(list, value);
                    *front
                },
                list: self.place(list),
                value: self.expr(value),
            },
            StmtKind::Pop { front, list } => CStmtKind::Pop {
                front: *front,
                list: self.place(list),
            },
            StmtKind::Next => CStmtKind::Next,
            StmtKind::Break => CStmtKind::Break,
            StmtKind::Assign(p, op, e) => CStmtKind::Assign(self.place(p), *op, self.expr(e)),
        };
        CStmt { kind, span: s.span }
    }

    fn place(&mut self, p: &Expr) -> CPlace {
        match &p.kind {
            ExprKind::Name(n) => match self.lookup(n) {
                Some(Sym::Var(i)) => CPlace::Var(i),
                Some(Sym::Local(slot, _)) => CPlace::Local(slot),
                _ => CPlace::Local(0),
            },
            ExprKind::Index(base, i) => {
                if let ExprKind::Name(n) = &base.kind {
                    if let Some(Sym::Layer(l)) = self.lookup(n) {
                        return CPlace::Layer(l, self.expr(i));
                    }
                }
                CPlace::Item(Box::new(self.place(base)), self.expr(i))
            }
            ExprKind::Field(base, f) => {
                let field = self
                    .d
                    .fields
                    .iter()
                    .position(|x| x.name.node == f.node)
                    .unwrap_or(0);
                CPlace::Field(self.piece_of(base), field)
            }
            _ => CPlace::Local(0),
        }
    }

    /// A piece-valued expression: a player's value reads its piece.
    fn piece_of(&mut self, base: &Expr) -> CExpr {
        let k = self.kind(base);
        let e = self.expr(base);
        if k == Kind::Player {
            CExpr::PlayerPiece(Box::new(e))
        } else {
            e
        }
    }

    fn expr(&mut self, e: &Expr) -> CExpr {
        let b = |x: CExpr| Box::new(x);
        match &e.kind {
            ExprKind::Int(n) => CExpr::Const(Val::S(*n)),
            ExprKind::Bool(v) => CExpr::Const(Val::S(*v as i64)),
            ExprKind::Name(n) => match self.lookup(n) {
                Some(Sym::Param(i)) => CExpr::Param(i),
                Some(Sym::Var(i)) => CExpr::Var(i),
                Some(Sym::Local(slot, _)) => CExpr::Local(slot),
                Some(Sym::Const(v, _)) => CExpr::Const(Val::S(v)),
                Some(Sym::Ambient(a, _)) => {
                    self.reads_moves |= a == Ambient::Moves;
                    CExpr::Ambient(a)
                }
                Some(Sym::Layer(_)) => CExpr::Const(Val::S(0)),
                None => match self.hoods.get(n) {
                    Some(h) => CExpr::Hood(h.clone()),
                    None => CExpr::Const(Val::S(0)),
                },
            },
            ExprKind::Cell(r, c) => CExpr::Cell(b(self.expr(r)), b(self.expr(c))),
            ExprKind::List(items) => CExpr::List(items.iter().map(|x| self.expr(x)).collect()),
            ExprKind::Range(lo, hi) => CExpr::Range(b(self.expr(lo)), b(self.expr(hi))),
            ExprKind::Unary(UnOp::Not, a) => CExpr::Not(b(self.expr(a))),
            ExprKind::Unary(UnOp::Neg, a) => CExpr::Neg(b(self.expr(a))),
            ExprKind::Binary(op, x, y) => CExpr::Bin(*op, b(self.expr(x)), b(self.expr(y)), e.span),
            ExprKind::Field(base, f) => {
                let is_field = self.d.fields.iter().position(|x| x.name.node == f.node);
                match (f.node.as_str(), is_field) {
                    ("row", None) => CExpr::CellPart(b(self.expr(base)), true),
                    ("col", None) => CExpr::CellPart(b(self.expr(base)), false),
                    (_, i) => CExpr::Field(b(self.piece_of(base)), i.unwrap_or(0)),
                }
            }
            ExprKind::Index(base, i) => {
                if let ExprKind::Name(n) = &base.kind {
                    if let Some(Sym::Layer(l)) = self.lookup(n) {
                        return CExpr::Layer(l, b(self.expr(i)));
                    }
                }
                CExpr::Index(b(self.expr(base)), b(self.expr(i)), e.span)
            }
            ExprKind::Slice(base, lo, hi) => CExpr::Slice(
                b(self.expr(base)),
                lo.as_ref().map(|x| b(self.expr(x))),
                hi.as_ref().map(|x| b(self.expr(x))),
                e.span,
            ),
            ExprKind::If(c, x, y) => CExpr::If(b(self.expr(c)), b(self.expr(x)), b(self.expr(y))),
            ExprKind::Agg {
                kind,
                var,
                set,
                body,
            } => {
                let (setc, slot, body) = self.binding(&var.node, set, |this| this.expr(body));
                CExpr::Agg(*kind, slot, b(setc), b(body), e.span)
            }
            ExprKind::Comp {
                item,
                var,
                set,
                cond,
            } => {
                let (setc, slot, (cond, item)) = self.binding(&var.node, set, |this| {
                    (cond.as_ref().map(|c| b(this.expr(c))), this.expr(item))
                });
                CExpr::Comp(b(item), slot, b(setc), cond)
            }
            ExprKind::Call(f, args) => {
                let which = match f.node.as_str() {
                    "step" => Builtin::Step,
                    "neighbours" => Builtin::Neighbours,
                    "directions" => Builtin::Directions,
                    "opposite" => Builtin::Opposite,
                    "left" => Builtin::Left,
                    "right" => Builtin::Right,
                    "rotate" => Builtin::Rotate,
                    "forward" => Builtin::Forward,
                    "lanes" => Builtin::Lanes,
                    "lines" => Builtin::Lines,
                    "region" => Builtin::Region,
                    "abs" => Builtin::Abs,
                    "min" => Builtin::Min,
                    "max" => Builtin::Max,
                    "len" => Builtin::Len,
                    "index" => Builtin::Index,
                    "reverse" => Builtin::Reverse,
                    "contains" => Builtin::Contains,
                    "advance" => Builtin::Advance,
                    _ => Builtin::Value,
                };
                let mut args: Vec<CExpr> = args
                    .iter()
                    .map(|a| {
                        let c = self.expr(a);
                        match self.kind(a) {
                            // An enumeration of direction-set names.
                            Kind::Enum(i)
                                if matches!(which, Builtin::Directions | Builtin::Neighbours) =>
                            {
                                let sets = self.d.enums[i]
                                    .iter()
                                    .map(|n| self.hoods.get(n).cloned().unwrap_or_default())
                                    .collect();
                                CExpr::EnumHood(sets, Box::new(c))
                            }
                            _ => c,
                        }
                    })
                    .collect();
                if which == Builtin::Region {
                    // `region(c, layer)`: the layer by index.
                    if let Some(ExprKind::Name(n)) = e_args(e).get(1).map(|a| &a.kind) {
                        if let Some(Sym::Layer(l)) = self.lookup(n) {
                            args[1] = CExpr::Const(Val::S(l as i64));
                        }
                    }
                }
                CExpr::Call(which, args, e.span)
            }
        }
    }
}

fn e_args(e: &Expr) -> &[Expr] {
    match &e.kind {
        ExprKind::Call(_, a) => a,
        _ => &[],
    }
}

use crate::syntax::ast::Spanned;
