//! The fast exact solver.
//!
//! Negamax with alpha-beta on a mate-distance score, a bounded
//! transposition table, move ordering, enhanced transposition cutoffs, the
//! separation endgame ([`super::endgame`]), board symmetry at the root and a
//! driver of null-window tests on the exact score.
//!
//! Scores are from the side to move's view: a win in `n` more moves scores
//! `MAXN - n`, a loss in `n` more moves scores `n - MAXN`, so faster wins and
//! slower losses score higher. A child's score `s` is worth `up(s)` to its
//! parent (one move further from the end, and negated).

use std::fmt;

use super::bitboard::Bitboard;
use super::endgame::{regions, Endgame};
use super::graph::{BuildError, Graph, MAX_FOOTHOLDS};
use super::reference::parent_view;
use super::rules::{Cell, Player, Position};
use super::table::{Bounds, Table};
use crate::budget::{Budget, LimitHit};

/// Result under optimal play (win-fast / lose-slow), from the side to
/// move's point of view: `moves` = total number of moves both players still
/// make.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Value {
    /// Whether the side to move wins.
    pub mover_wins: bool,
    /// Moves both players still make under optimal play.
    pub moves: u32,
}

/// Why the fast solver gave up.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SearchError {
    /// The budget ran out.
    Limit(LimitHit),
    /// More footholds are connected to the players than the solver indexes.
    TooLarge {
        /// Footholds connected to the players' cells.
        footholds: usize,
        /// The most the solver supports.
        max: usize,
    },
}

impl From<LimitHit> for SearchError {
    fn from(l: LimitHit) -> Self {
        SearchError::Limit(l)
    }
}

impl From<BuildError> for SearchError {
    fn from(e: BuildError) -> Self {
        match e {
            BuildError::Limit(l) => SearchError::Limit(l),
            BuildError::TooLarge { footholds } => SearchError::TooLarge {
                footholds,
                max: MAX_FOOTHOLDS,
            },
        }
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Limit(l) => write!(f, "search limit reached: {l:?}"),
            SearchError::TooLarge { footholds, max } => write!(
                f,
                "{footholds} footholds are connected to the players; the solver handles at most {max}"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// Score of a win in `n` more moves is `MAXN - n`; of a loss, `n - MAXN`.
const MAXN: i32 = 1000;
/// Beyond every score (window bounds only).
const INF: i32 = 10_000;

#[inline]
fn win(n: u32) -> i32 {
    MAXN - n as i32
}

#[inline]
fn loss(n: u32) -> i32 {
    n as i32 - MAXN
}

/// The child's score `s` seen from the parent (one more move).
#[inline]
fn up(s: i32) -> i32 {
    if s > 0 {
        1 - s
    } else {
        -1 - s
    }
}

/// The child bound matching parent bound `b` (`up(s) > b` iff `s < down(b)`).
#[inline]
fn down(b: i32) -> i32 {
    match b.signum() {
        1 => -b - 1,
        -1 => 1 - b,
        _ => 0,
    }
}

fn to_value(s: i32) -> Value {
    if s > 0 {
        Value {
            mover_wins: true,
            moves: (MAXN - s).max(0) as u32,
        }
    } else {
        Value {
            mover_wins: false,
            moves: (s + MAXN).max(0) as u32,
        }
    }
}

fn to_score(v: Value) -> i32 {
    let n = v.moves.min(MAXN as u32 - 1);
    if v.mover_wins {
        win(n)
    } else {
        loss(n)
    }
}

/// Counters of one solver (for tuning and the benchmark).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes of the main search.
    pub nodes: u64,
    /// Positions settled by the separation endgame.
    pub endgames: u64,
    /// Null-window tests run by the driver.
    pub tests: u32,
}

/// A solver for one game: the indexed board, the transposition table and
/// the endgame memo, reused across the positions of that game.
pub struct Solver<'b> {
    g: Graph,
    tt: Table,
    eg: Endgame,
    syms: Vec<Vec<u8>>,
    budget: &'b Budget,
    /// Move ordering heuristic (experiments).
    pub ordering: u8,
    /// Cutoff counts per (from, to).
    history: Vec<u32>,
    /// Whether to use enhanced transposition cutoffs.
    pub etc: bool,
    /// Counters.
    pub stats: Stats,
}

/// A position in the solver's terms: remaining footholds, mover, other.
#[derive(Clone, Copy, Debug)]
struct Node {
    cells: Bitboard,
    m: u8,
    o: u8,
}

/// How a position resolves before any search.
enum Start {
    Done(Value),
    Search(Node),
}

impl<'b> Solver<'b> {
    /// A solver for `pos` and the positions that follow it.
    pub fn new(pos: &Position, budget: &'b Budget) -> Result<Solver<'b>, SearchError> {
        let g = Graph::build(pos, &[pos.a, pos.b], budget)?;
        let n = g.n as u32;
        let tt_log2 = if n <= 16 {
            6
        } else {
            (6 + (n - 16) / 3).min(20)
        };
        let eg_log2 = if n <= 16 {
            4
        } else {
            (4 + (n - 16) / 3).min(16)
        };
        Ok(Solver {
            syms: g.symmetries(),
            tt: Table::new(tt_log2),
            eg: Endgame::new(eg_log2),
            g,
            budget,
            etc: std::env::var_os("FH_NOETC").is_none(),
            ordering: std::env::var("FH_ORDER")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(0),
            history: vec![0; 64 * 64],
            stats: Stats::default(),
        })
    }

    /// Memory held by the tables, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes() + self.eg.bytes()
    }

    /// Classifies `pos`: settled by the rules at once, or a search node.
    fn start(&mut self, pos: &Position) -> Result<Start, SearchError> {
        let me = pos.cell_of(pos.to_move);
        let other = pos.cell_of(pos.to_move.other());
        if pos.legal_moves().is_empty() {
            return Ok(Start::Done(Value {
                mover_wins: false,
                moves: 0,
            }));
        }
        if me == other || !pos.is_foothold(other) {
            // The opponent stands on a vanishing (or vanished) foothold.
            return Ok(Start::Done(Value {
                mover_wins: true,
                moves: 1,
            }));
        }
        let (m, o) = match (self.g.index_of(me), self.g.index_of(other)) {
            (Some(m), Some(o)) => (m, o),
            _ => {
                // Not a position of this game: index its board afresh.
                *self = Solver::new(pos, self.budget)?;
                match (self.g.index_of(me), self.g.index_of(other)) {
                    (Some(m), Some(o)) => (m, o),
                    _ => {
                        return Ok(Start::Done(Value {
                            mover_wins: false,
                            moves: 0,
                        }))
                    }
                }
            }
        };
        let cells = (0..self.g.n as u8)
            .filter(|&i| pos.is_foothold(self.g.cell(i)))
            .collect();
        Ok(Start::Search(Node { cells, m, o }))
    }

    /// The exact value of `pos`.
    pub fn value(&mut self, pos: &Position) -> Result<Value, SearchError> {
        match self.start(pos)? {
            Start::Done(v) => Ok(v),
            Start::Search(node) => Ok(to_value(self.solve_node(node)?)),
        }
    }

    /// Whether the exact value of `pos` is `v` (two null-window tests).
    pub fn has_value(&mut self, pos: &Position, v: Value) -> Result<bool, SearchError> {
        match self.start(pos)? {
            Start::Done(w) => Ok(w == v),
            Start::Search(node) => {
                let t = to_score(v);
                let restrict = self.root_moves(node);
                if self.search(node, t - 1, t, restrict)? < t {
                    return Ok(false);
                }
                Ok(self.search(node, t, t + 1, restrict)? <= t)
            }
        }
    }

    /// The moves worth searching at a root: one per orbit of the
    /// symmetries that fix the position.
    fn root_moves(&self, node: Node) -> Bitboard {
        let cand = (self.g.adj(node.m) & node.cells).without(node.o);
        let fixing: Vec<&Vec<u8>> = self
            .syms
            .iter()
            .filter(|p| {
                p[node.m as usize] == node.m
                    && p[node.o as usize] == node.o
                    && node.cells.every(|i| node.cells.contains(p[i as usize]))
            })
            .collect();
        if fixing.is_empty() {
            return Bitboard::FULL;
        }
        let mut keep = Bitboard::EMPTY;
        let mut covered = Bitboard::EMPTY;
        for x in cand {
            if covered.contains(x) {
                continue;
            }
            keep = keep.with(x);
            for p in &fixing {
                covered = covered.with(p[x as usize]);
            }
        }
        keep
    }

    /// The exact score of a search node: null-window tests on the exact
    /// score, first the winner, then the length.
    fn solve_node(&mut self, node: Node) -> Result<i32, LimitHit> {
        let restrict = self.root_moves(node);
        let mut lo = -MAXN;
        let mut hi = MAXN;
        let mut guess = 1;
        loop {
            self.stats.tests += 1;
            let n0 = self.stats.nodes;
            let s = self.search(node, guess - 1, guess, restrict)?;
            if std::env::var_os("FH_TRACE").is_some() {
                eprintln!(
                    "test {guess} -> {s} ({:?}) nodes {}",
                    to_value(s),
                    self.stats.nodes - n0
                );
            }
            if s >= guess {
                lo = s;
            } else {
                hi = s;
            }
            if lo >= hi {
                break;
            }
            // The fail-soft bound is usually exact: test right next to it.
            guess = if s >= guess { s + 1 } else { s };
        }
        Ok(lo)
    }

    /// Alpha-beta (fail-soft) on the exact score of `node` within
    /// `(alpha, beta)`; only moves in `restrict` are tried.
    fn search(
        &mut self,
        node: Node,
        mut alpha: i32,
        mut beta: i32,
        restrict: Bitboard,
    ) -> Result<i32, LimitHit> {
        self.budget.tick()?;
        self.stats.nodes += 1;
        let Node { cells, m, o } = node;
        let moves = self.g.adj(m) & cells;
        if moves.is_empty() {
            return Ok(loss(0));
        }
        if (self.g.adj(o) & cells).without(m).is_empty() {
            return Ok(win(1));
        }
        let cand = moves.without(o) & restrict;
        if cand.is_empty() {
            // Only onto the opponent, who steps away: the mover's cell vanishes.
            return Ok(loss(2));
        }
        let mut tt_move = 255;
        if let Some(b) = self.tt.probe(cells.0, m, o) {
            let (lo, hi) = (b.lower as i32, b.upper as i32);
            if lo >= beta || lo == hi {
                return Ok(lo);
            }
            if hi <= alpha {
                return Ok(hi);
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_move = b.best;
        }
        if let Some((ra, rb)) = regions(&self.g, cells, m, o) {
            self.stats.endgames += 1;
            let la = self.eg.longest(&self.g, m, ra, self.budget)?;
            let lb = self.eg.longest(&self.g, o, rb, self.budget)?;
            let s = if la > lb {
                win(2 * lb + 1)
            } else {
                loss(2 * la)
            };
            self.store(node, 1, s, s, 255);
            return Ok(s);
        }
        let before = self.budget.states();
        let rest = cells.without(m);
        let (order, k) = self.order_moves(cells, m, o, cand, tt_move);
        if self.etc {
            // Enhanced transposition cutoff: a child already known to be
            // good enough settles the node without searching.
            for &x in &order[..k] {
                if let Some(b) = self.tt.probe(rest.0, o, x) {
                    let v = up(b.upper as i32);
                    if v >= beta {
                        self.store(node, 1, v, MAXN, x);
                        return Ok(v);
                    }
                }
            }
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = 255;
        for &x in &order[..k] {
            let child = Node {
                cells: rest,
                m: o,
                o: x,
            };
            let v = up(self.search(child, down(beta), down(alpha), Bitboard::FULL)?);
            if v > best {
                best = v;
                best_move = x;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        let h = &mut self.history[(m as usize) * 64 + x as usize];
                        *h = h.saturating_add(cells.count() * cells.count());
                        break;
                    }
                }
            }
        }
        let work = self.budget.states() - before;
        let effort = (64 - work.leading_zeros()) as u8;
        let (lo, hi) = if best <= alpha0 {
            (-MAXN, best)
        } else if best >= beta {
            (best, MAXN)
        } else {
            (best, best)
        };
        self.store(node, effort, lo, hi, best_move);
        Ok(best)
    }

    /// The candidate moves in the order to search them: the table's move
    /// first, then by a heuristic.
    fn order_moves(
        &self,
        cells: Bitboard,
        m: u8,
        o: u8,
        cand: Bitboard,
        tt_move: u8,
    ) -> ([u8; 8], usize) {
        let mut keyed = [(0i64, 0u8); 8];
        let mut k = 0;
        let rest = cells.without(m);
        for x in cand {
            if k == keyed.len() {
                break;
            }
            let key: i64 = if x == tt_move {
                i64::MIN
            } else {
                match self.ordering {
                    1 => {
                        let (mine, theirs) = self.g.voronoi(rest, o, x);
                        theirs as i64 - mine as i64
                    }
                    2 => -(self.history[(m as usize) * 64 + x as usize] as i64),
                    3 => self.g.distance(rest, x, o) as i64,
                    4 => (self.g.adj(x) & rest).count() as i64,
                    5 => {
                        let (mine, theirs) = self.g.voronoi(rest, o, x);
                        (theirs as i64 - mine as i64) * 1000
                            - (self.history[(m as usize) * 64 + x as usize] as i64).min(999)
                    }
                    _ => 0,
                }
            };
            keyed[k] = (key, x);
            k += 1;
        }
        keyed[..k].sort_by_key(|e| e.0);
        let mut order = [0u8; 8];
        for i in 0..k {
            order[i] = keyed[i].1;
        }
        (order, k)
    }

    fn store(&mut self, node: Node, effort: u8, lo: i32, hi: i32, best: u8) {
        self.tt.store(
            node.cells.0,
            node.m,
            node.o,
            effort,
            Bounds {
                lower: lo as i16,
                upper: hi as i16,
                best,
            },
        );
    }
}

/// Result under optimal play from the side to move's point of view.
pub fn solve(pos: &Position, budget: &Budget) -> Result<Value, SearchError> {
    if let Some(v) = trivial(pos) {
        return Ok(v);
    }
    Solver::new(pos, budget)?.value(pos)
}

/// Positions the rules settle without search (so they never hit the size
/// limit).
fn trivial(pos: &Position) -> Option<Value> {
    let me = pos.cell_of(pos.to_move);
    let other = pos.cell_of(pos.to_move.other());
    if pos.legal_moves().is_empty() {
        Some(Value {
            mover_wins: false,
            moves: 0,
        })
    } else if me == other || !pos.is_foothold(other) {
        Some(Value {
            mover_wins: true,
            moves: 1,
        })
    } else {
        None
    }
}

/// Every legal move of the side to move with its value from the MOVER's
/// point of view, counting the move itself (so the best entry equals
/// `solve`). Empty when the mover has lost.
pub fn analyze(pos: &Position, budget: &Budget) -> Result<Vec<(Cell, Value)>, SearchError> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    let mut solver = Solver::new(pos, budget)?;
    let mut out: Vec<((usize, usize), Value)> = Vec::with_capacity(moves.len());
    let twins = solver.twin_moves(pos);
    for &to in &moves {
        if let Some(&(_, v)) = twins
            .iter()
            .find(|t| t.1 == to)
            .and_then(|t| out.iter().find(|o| o.0 == t.0))
        {
            out.push((to, v));
            continue;
        }
        let Some(child) = pos.play(to) else { continue };
        out.push((to, parent_view(solver.value(&child)?)));
    }
    Ok(out)
}

impl Solver<'_> {
    /// Pairs `(rep, twin)` of moves of `pos` that a symmetry of the position
    /// maps onto each other (`rep` comes first in move order).
    fn twin_moves(&mut self, pos: &Position) -> Vec<((usize, usize), (usize, usize))> {
        let Ok(Start::Search(node)) = self.start(pos) else {
            return Vec::new();
        };
        let keep = self.root_moves(node);
        let cand = (self.g.adj(node.m) & node.cells).without(node.o);
        let mut out = Vec::new();
        for x in cand - keep {
            for p in &self.syms {
                let fixes = p[node.m as usize] == node.m
                    && p[node.o as usize] == node.o
                    && node.cells.every(|i| node.cells.contains(p[i as usize]));
                let y = p[x as usize];
                if fixes && keep.contains(y) {
                    out.push((self.g.cell(y), self.g.cell(x)));
                    break;
                }
            }
        }
        out
    }
}

/// One optimal line from here to the end: (player, destination) per move.
/// Its length == solve().moves.
pub fn principal_line(pos: &Position, budget: &Budget) -> Result<Vec<(Player, Cell)>, SearchError> {
    if let Some(v) = trivial(pos) {
        if v.moves == 0 {
            return Ok(Vec::new());
        }
        // A one-move win: any step does it.
        let to = pos.legal_moves().first().copied();
        return Ok(to.map(|t| vec![(pos.to_move, t)]).unwrap_or_default());
    }
    let mut solver = Solver::new(pos, budget)?;
    let mut cur = pos.clone();
    let mut v = solver.value(&cur)?;
    let mut line = Vec::new();
    while v.moves > 0 {
        let want = Value {
            mover_wins: !v.mover_wins,
            moves: v.moves - 1,
        };
        let mut next = None;
        for to in cur.legal_moves() {
            let Some(child) = cur.play(to) else { continue };
            if solver.has_value(&child, want)? {
                next = Some((to, child));
                break;
            }
        }
        let Some((to, child)) = next else { break };
        line.push((cur.to_move, to));
        cur = child;
        v = want;
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::footholds::reference::{better, reference_solve};
    use crate::games::footholds::rules::Steps;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn unlimited() -> Budget {
        Budget::unlimited()
    }

    fn judge(grid: &[&[u8]], a: (usize, usize), b: (usize, usize)) -> u32 {
        let p = Position::from_rows(grid, a, b, Steps::Orthogonal).unwrap();
        let v = solve(&p, &unlimited()).unwrap();
        assert_eq!(v.mover_wins, v.moves % 2 == 1);
        assert_eq!(
            principal_line(&p, &unlimited()).unwrap().len() as u32,
            v.moves
        );
        v.moves
    }

    #[test]
    fn official_examples() {
        assert_eq!(
            judge(&[&[1, 1, 1], &[1, 1, 1], &[1, 1, 1]], (1, 0), (1, 2)),
            5
        );
        assert_eq!(
            judge(&[&[1, 1, 1], &[1, 0, 1], &[1, 1, 1]], (1, 0), (1, 2)),
            4
        );
        assert_eq!(judge(&[&[1, 1, 1, 1, 1]], (0, 0), (0, 4)), 4);
        assert_eq!(judge(&[&[1]], (0, 0), (0, 0)), 0);
    }

    /// A random position: board up to 5x5 with random holes, players on
    /// footholds (maybe shared), random side to move and step rule.
    fn random_position(rng: &mut StdRng) -> Position {
        let rows = rng.gen_range(1..=5);
        let cols = rng.gen_range(1..=5);
        let density = rng.gen_range(0.4..=1.0);
        let mut cells: Vec<bool> = (0..rows * cols).map(|_| rng.gen_bool(density)).collect();
        let a = (rng.gen_range(0..rows), rng.gen_range(0..cols));
        let b = if rng.gen_bool(0.1) {
            a
        } else {
            (rng.gen_range(0..rows), rng.gen_range(0..cols))
        };
        cells[a.0 * cols + a.1] = true;
        cells[b.0 * cols + b.1] = true;
        Position {
            rows,
            cols,
            cells,
            a,
            b,
            to_move: if rng.gen_bool(0.5) {
                Player::A
            } else {
                Player::B
            },
            steps: if rng.gen_bool(0.3) {
                Steps::King
            } else {
                Steps::Orthogonal
            },
        }
    }

    /// Checks solve, analyze and principal_line on `p` against the reference.
    /// Returns false when the reference needs more than `cap` states.
    fn check(p: &Position, cap: u64) -> bool {
        let Ok(want) = reference_solve(p, &Budget::new(Some(cap), None)) else {
            return false;
        };
        let got = solve(p, &unlimited()).unwrap();
        assert_eq!(got, want, "{p:?}");
        let moves = analyze(p, &unlimited()).unwrap();
        assert_eq!(moves.len(), p.legal_moves().len());
        if let Some(best) = moves
            .iter()
            .map(|m| m.1)
            .reduce(|x, y| if better(y, x) { y } else { x })
        {
            assert_eq!(best, got, "{p:?}");
        }
        for &(to, v) in &moves {
            let child = p.play(to).unwrap();
            let r = reference_solve(&child, &unlimited()).unwrap();
            assert_eq!(v, parent_view(r), "{p:?} move {to:?}");
        }
        let line = principal_line(p, &unlimited()).unwrap();
        assert_eq!(line.len() as u32, got.moves, "{p:?}");
        let mut cur = p.clone();
        for &(who, to) in &line {
            assert_eq!(who, cur.to_move);
            cur = cur.play(to).expect("legal line");
        }
        assert!(cur.legal_moves().is_empty());
        true
    }

    #[test]
    fn random_positions_match_the_reference() {
        let mut rng = StdRng::seed_from_u64(20220001);
        let mut checked = 0;
        for _ in 0..1500 {
            let p = random_position(&mut rng);
            if check(&p, 20_000) {
                checked += 1;
            }
        }
        assert!(checked > 1000, "only {checked} checked");
    }
}
