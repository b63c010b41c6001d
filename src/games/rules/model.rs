//! What the generic solvers see of a rules game: a [`Model`] expands a
//! position's turn into a [`Node`] tree of the mover's choices and the dice's
//! chances, whose leaves are the next positions. The interpreter of compiled
//! rules implements it; the solvers (`solve/`) know nothing else of a game.
//!
//! docs/rules-language.md is the definition this follows ("What a move is",
//! "Objectives").

use num_rational::BigRational;

/// A die's branch's probability `num / den` (a die of `den` equally likely
/// faces: `1 / den`), two integers so that expanding a turn builds no
/// fraction; [`Prob::ratio`] is the exact fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prob {
    /// The numerator.
    pub num: u64,
    /// The denominator (not 0).
    pub den: u64,
}

impl Prob {
    /// `num / den`.
    pub fn new(num: u64, den: u64) -> Prob {
        Prob { num, den }
    }

    /// The probability as an exact fraction.
    pub fn ratio(self) -> BigRational {
        BigRational::new(self.num.into(), self.den.max(1).into())
    }

    /// Whether it is `1 / n`.
    pub fn is_one_in(self, n: u64) -> bool {
        self.num == 1 && self.den == n
    }
}

/// How a game ends, from the point of view of the player who was to move
/// when it ended (zero-player games: `Stop` or any of them, all "ended").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// `win`: the mover wins.
    Win,
    /// `lose`: the mover loses.
    Lose,
    /// `draw`.
    Draw,
    /// `stop`: the game just ends.
    Stop,
}

/// One word of a move's name (a choice's value as the user reads it:
/// `up`, `(1, 2)`, `3`, `piece 2`).
pub type Word = String;

/// A turn, expanded.
#[derive(Clone, Debug)]
pub enum Turn<S> {
    /// The game ended at the start of the turn, before any choice (no move
    /// was made): a `win`/`lose`/`draw`/`stop` reached before the first
    /// `choose`, no known dice left, or the mover stuck (`when stuck`),
    /// with `stuck` telling which.
    Ended {
        /// How.
        end: End,
        /// Whether it ended because no move was legal.
        stuck: bool,
    },
    /// The moves of the position.
    Moves(Node<S>),
}

/// The tree of one turn: the mover's choices, the dice's chances, and at the
/// leaves the positions they lead to. A move is a path from the root through
/// `Choice` nodes (its name: their words in order) to the leaves below it.
#[derive(Clone, Debug)]
pub enum Node<S> {
    /// The mover picks one branch (in the set's order: the move order).
    Choice(Vec<(Word, Node<S>)>),
    /// A die: each branch with its probability (they sum to 1).
    Chance(Vec<(Prob, Node<S>)>),
    /// The turn is over.
    Leaf(Leaf<S>),
}

/// Where a path of a turn ends.
#[derive(Clone, Debug)]
pub struct Leaf<S> {
    /// The next position (the other player to move, in two-player games).
    pub next: S,
    /// The `score +=` total of this path, credited to the mover.
    pub reward: i64,
    /// When the path ended the game (a `win`/`lose`/`draw`/`stop` after a
    /// choice, or in the only path of a zero-player turn).
    pub end: Option<End>,
    /// The values `print` appended on this path, in order: not state (not
    /// in the key), read only by `solve simulate` (docs/rules-language.md,
    /// *Printing*).
    pub printed: Vec<i64>,
}

/// A slim position ([`Model::slim`]): a few integers, held inline (no
/// allocation per position for the small states that are most of them).
pub type Thin = smallvec::SmallVec<[i64; 4]>;

/// A rules game as the solvers see it.
pub trait Model {
    /// A position: every state variable, the mover, the known dice used.
    type State: Clone;
    /// 0, 1 or 2.
    fn players(&self) -> u8;
    /// The player to move in `s` (0 or 1; 0 in games of fewer players).
    fn mover(&self, s: &Self::State) -> u8;
    /// The position's key, packed from the declared domains into `out`
    /// (cleared first). Equal keys are equal positions.
    fn key(&self, s: &Self::State, out: &mut Vec<u64>);
    /// Bytes a copy of `s` holds (counted against `--memory` where a
    /// search keeps positions, as breadth-first search's levels).
    fn state_bytes(&self, s: &Self::State) -> u64 {
        let _ = s;
        std::mem::size_of::<Self::State>() as u64
    }
    /// Whether the turn may `print` (its leaves carry lines): `simulate`
    /// then keeps each turn's count of lines since its saved position.
    fn prints(&self) -> bool {
        false
    }
    /// Whether `s` is a position a scenario's move left over (its turn is
    /// [`Turn::Ended`] without running anything).
    fn is_over(&self, s: &Self::State) -> bool {
        let _ = s;
        false
    }
    /// Expand the turn at `s`.
    fn turn(&self, s: &Self::State) -> Result<Turn<Self::State>, RunError>;
    /// [`Model::turn`] for a search that never reads the moves' words: a
    /// model may leave them empty (the rules interpreter then builds no
    /// names in the hot loop; `line`, `analyze` and `play` call `turn`).
    fn turn_unnamed(&self, s: &Self::State) -> Result<Turn<Self::State>, RunError> {
        self.turn(s)
    }
    /// [`Model::turn_unnamed`] streamed into `sink` in preorder (see
    /// [`Sink`]), each leaf's next position lent rather than given: a
    /// search that already holds a leaf's value copies nothing. `Some(end)`
    /// when the turn ended at its start ([`Turn::Ended`]; nothing was
    /// streamed then). The default expands the tree and
    /// walks it; the rules interpreter streams its runs directly.
    fn expand_into(
        &self,
        s: &Self::State,
        sink: &mut dyn Sink<Self::State>,
    ) -> Result<Option<End>, RunError> {
        match self.turn_unnamed(s)? {
            Turn::Ended { end, .. } => Ok(Some(end)),
            Turn::Moves(node) => {
                emit(node, sink);
                Ok(None)
            }
        }
    }
    /// A stepper that runs a zero-player game's turns in place, for
    /// `simulate` (`None`: the model has none, every turn is expanded).
    fn stepper(&self) -> Option<Box<dyn Stepper<Self::State> + '_>> {
        None
    }
    /// The same game with slimmer positions (each a few integers) for the
    /// two-player searches' values, and the start as one of them (`None`:
    /// the model has none).
    #[allow(clippy::type_complexity)]
    fn slim(&self, _start: &Self::State) -> Option<(Box<dyn Model<State = Thin> + '_>, Thin)> {
        None
    }
}

/// Receives a turn's tree in preorder from [`Model::expand_into`]: a
/// choice or die is [`Sink::open`]ed, its branches follow (each branch of a
/// die after its [`Sink::odds`]), then it is [`Sink::close`]d with their
/// number; a choice none of whose branches is legal is [`Sink::cut`] away
/// (everything from its mark on, which is nothing but itself).
pub trait Sink<S> {
    /// Open a choice (`chance`: a die): its mark.
    fn open(&mut self, chance: bool) -> usize;
    /// Close the node opened at `mark`, of `n` branches.
    fn close(&mut self, mark: usize, n: u32);
    /// Forget everything from `mark` on.
    fn cut(&mut self, mark: usize);
    /// The probability of the die's branch that follows.
    fn odds(&mut self, p: Prob);
    /// A leaf: the next position, lent (copy it only if it is needed), the
    /// path's reward and its end.
    fn leaf(&mut self, next: &S, reward: i64, end: Option<End>);
}

/// Stream `node` into `sink` (the default [`Model::expand_into`]).
pub fn emit<S>(node: Node<S>, sink: &mut dyn Sink<S>) {
    match node {
        Node::Choice(bs) => {
            let mark = sink.open(false);
            let n = bs.len() as u32;
            for (_, b) in bs {
                emit(b, sink);
            }
            sink.close(mark, n);
        }
        Node::Chance(bs) => {
            let mark = sink.open(true);
            let n = bs.len() as u32;
            for (p, b) in bs {
                sink.odds(p);
                emit(b, sink);
            }
            sink.close(mark, n);
        }
        Node::Leaf(l) => sink.leaf(&l.next, l.reward, l.end),
    }
}

/// Runs the turns of a zero-player game in place (see [`Model::stepper`]).
pub trait Stepper<S> {
    /// Run the turn at `s` in place: `true` when it went on to the next
    /// position exactly as [`Model::turn`]'s only leaf (no end, no error);
    /// otherwise `false` with `s` as it was (the caller expands the turn).
    fn step(&mut self, s: &mut S) -> bool;
    /// Whether `a` and `b` are the same position (equal keys).
    fn same(&self, a: &S, b: &S) -> bool;
    /// A 64-bit digest of `s`, computed in full: equal positions have
    /// equal digests (the default, 0 for all, makes `simulate` compare
    /// every position with [`Stepper::same`]).
    fn digest(&mut self, s: &S) -> u64 {
        let _ = s;
        0
    }
    /// The digest of `s` just after a [`Stepper::step`] that went on, from
    /// `before`, the digest of the position it started from (a stepper
    /// updates it from the turn's writes alone).
    fn redigest(&mut self, s: &S, before: u64) -> u64 {
        let _ = before;
        self.digest(s)
    }
}

/// A run-time failure of a rules program (docs/rules-language.md, "Run-time
/// errors"): the words of the diagnostic and the byte span of the rules
/// statement that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    /// Which failure.
    pub kind: RunErrorKind,
    /// What happened, with the values ("`p.at = (9, 0)` is off the board").
    pub message: String,
    /// The failing statement or expression in the rules block.
    pub span: crate::syntax::ast::Span,
}

/// The kinds of [`RunError`], one diagnostic code each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunErrorKind {
    /// A `while … max N` ran its body more than N times.
    Loop,
    /// A value stored outside its variable's domain.
    Domain,
    /// Integer overflow.
    Overflow,
    /// Division or remainder by zero.
    DivideByZero,
    /// A list index or slice off the list, `pop` of an empty list, `max` of an empty set.
    Index,
    /// A game that can go on forever under an objective that needs an end.
    Endless,
    /// One turn's moves would hold more than the solve's `--memory`.
    Memory {
        /// The bound, in bytes.
        limit: u64,
        /// The bytes the turn's moves needed when it stopped.
        needed: u64,
    },
    /// A searched game that reads `moves` went on past
    /// [`MOVES_READ_LIMIT`](super::run::MOVES_READ_LIMIT) moves.
    MovesEndless,
}
