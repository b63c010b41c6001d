//! The words of the language, in one place: statement keywords, games,
//! rules with their values and defaults, `expect` fields with the kind of
//! value each takes, and directions, each with a one-line help. Parse
//! errors, the checker's help lines, did-you-mean suggestions, the prescan,
//! the completer (language server and REPL) and the REPL's highlighter draw
//! from these tables; the lists that must be written out elsewhere (the
//! grammar's keywords, the editors' highlighting) are tested against them
//! (`src/syntax/word_lists.rs`, `tests/it/editors.rs`).

use crate::syntax::ast::{Dir, Heading, Stmt};
use std::fmt;

/// A word with a one-line help.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    /// The word.
    pub name: &'static str,
    /// What it means, in one line.
    pub help: &'static str,
}

/// The games meeple knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Disappearing footholds (KAKAO 2022).
    Footholds,
    /// Dice yut (BOJ 17825).
    Yut,
    /// Stacking pieces on coloured cells.
    Stacking,
    /// A game a `rules NAME { … }` block defines (docs/rules-language.md);
    /// its name and program travel in the scenario's options. Not in
    /// [`GameKind::ALL`]: `game NAME` finds it among the file's rules.
    Rules,
}

impl GameKind {
    /// Every game, in catalogue order.
    pub const ALL: [GameKind; 3] = [GameKind::Footholds, GameKind::Yut, GameKind::Stacking];

    /// The game a word names.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game's name as written after `game`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Footholds => "footholds",
            GameKind::Yut => "yut",
            GameKind::Stacking => "stacking",
            GameKind::Rules => "rules",
        }
    }

    /// The names of the fields `solve` gives, which `expect` may check
    /// (from the game's [`Dialect`]).
    pub fn fields(self) -> Vec<&'static str> {
        dialect(self)
            .fields
            .iter()
            .map(|f| f.field.name())
            .collect()
    }

    /// Whether a statement belongs to this game: its form is one of the
    /// game's [`Dialect::forms`].
    pub fn allows(self, stmt: &Stmt) -> bool {
        dialect(self).forms.contains(&stmt.form())
    }

    /// The statement keywords this game takes (from its [`Dialect`]), in
    /// table order, each once.
    pub fn keywords(self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for form in dialect(self).forms {
            let word = form.split(' ').next().unwrap_or(form);
            if !out.contains(&word) {
                out.push(word);
            }
        }
        out
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The statements a scenario can hold (which games take each is
/// [`GameKind::allows`]).
pub const STATEMENTS: &[Word] = &[
    Word {
        name: "game",
        help: "`game footholds|yut|stacking`: which game (first)",
    },
    Word {
        name: "board",
        help: "`board { … }`, `board [[1,0],[1,1]]`, `board yut` or `board TRACK`",
    },
    Word {
        name: "piece",
        help: "`piece A at (r, c)`, `piece 1 at (r, c) facing right`",
    },
    Word {
        name: "dice",
        help: "`dice 1 2 3`, `dice uniform 1..5 x 10` (yut)",
    },
    Word {
        name: "rule",
        help: "`rule NAME VALUE`: an option of the game",
    },
    Word {
        name: "set",
        help: "`set NAME VALUE`: a `var` of a rules game (a number, a name, `(r, c)`, `[a, b]`)",
    },
    Word {
        name: "input",
        help: "`input \"\"\"…\"\"\"`: the judge's native input",
    },
    Word {
        name: "solve",
        help: "`solve`: the exact answer",
    },
    Word {
        name: "line",
        help: "`line`, `line boards`, `line 20`: one optimal line of play",
    },
    Word {
        name: "analyze",
        help: "`analyze`: every move's value",
    },
    Word {
        name: "show",
        help: "`show`: draw the position",
    },
    Word {
        name: "play",
        help: "`play A up`, `play A to (r, c)`, `play piece 2`: make a move",
    },
    Word {
        name: "step",
        help: "`step`, `step 10`: play turns (stacking)",
    },
    Word {
        name: "undo",
        help: "`undo`: take back the last `play` or `step`",
    },
    Word {
        name: "expect",
        help: "`expect FIELD VALUE`: check the last `solve`",
    },
];

/// Words that start a top-level item.
pub const ITEMS: &[Word] = &[
    Word {
        name: "scenario",
        help: "`scenario \"NAME\" { … }`",
    },
    Word {
        name: "track",
        help: "`track NAME { route … shortcut … }` (yut)",
    },
];

/// Words that start a line of a `track` block (yut).
pub const TRACK_LINES: &[Word] = &[
    Word {
        name: "route",
        help: "`route start … finish`: the main path",
    },
    Word {
        name: "shortcut",
        help: "`shortcut FROM … TO`: a path taken when a piece stops on FROM",
    },
];

/// The keywords inside statements.
pub const PARTS: &[Word] = &[
    Word {
        name: "at",
        help: "`piece A at (r, c)`: where the piece stands",
    },
    Word {
        name: "facing",
        help: "`facing DIR`: the direction the piece moves (stacking)",
    },
    Word {
        name: "with",
        help: "`piece A at (r, c) with FIELD VALUE, …`: a rules game's piece fields",
    },
    Word {
        name: "uniform",
        help: "`dice uniform LO..HI x COUNT`: random rolls",
    },
    Word {
        name: "x",
        help: "`x COUNT` in `dice uniform LO..HI x COUNT`: how many rolls",
    },
    Word {
        name: "to",
        help: "`play A to (r, c)`: a move to a square",
    },
    Word {
        name: "boards",
        help: "`line boards`: draw the board after each move",
    },
    Word {
        name: "case",
        help:
            "`input case K \"\"\"…\"\"\"`: test case K (from 1) of a judge input of several cases",
    },
];

/// Every keyword of the language: the items, the track lines, the
/// statements and the words inside statements (the grammar's `kw_` rules).
pub fn keywords() -> impl Iterator<Item = &'static Word> {
    ITEMS
        .iter()
        .chain(TRACK_LINES)
        .chain(STATEMENTS)
        .chain(PARTS)
}

/// The words that start a line: an item, a track line or a statement.
pub fn line_starts() -> impl Iterator<Item = &'static Word> {
    ITEMS.iter().chain(TRACK_LINES).chain(STATEMENTS)
}

/// Whether `word` starts a line ([`line_starts`]).
pub fn starts_line(word: &str) -> bool {
    line_starts().any(|w| w.name == word)
}

/// The kind of value an `expect` field takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A whole number.
    Whole,
    /// A whole number, or one of these words.
    WholeOr(&'static [&'static str]),
    /// An exact value: a whole number, a decimal or a fraction.
    Exact,
    /// One of these words.
    Words(&'static [&'static str]),
    /// A list of whole numbers, written `[1, 2, 3]` (`[]`: none).
    Wholes,
}

impl ValueKind {
    /// What the kind takes, in words.
    pub fn describe(self) -> String {
        match self {
            ValueKind::Whole => "a whole number".into(),
            ValueKind::WholeOr(words) => format!("a whole number or {}", or_list(words)),
            ValueKind::Exact => "a number (whole, decimal like 12.5 or fraction like 25/2)".into(),
            ValueKind::Words(words) => or_list(words),
            ValueKind::Wholes => {
                "a list of whole numbers such as `[1, 2, 3]` (`[]` for none)".into()
            }
        }
    }
}

/// A field of a `solve` result, which `expect` checks: the checker turns
/// the word written after `expect` into one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// The judge's answer (every game).
    Answer,
    /// footholds: the moves still to come with best play.
    Moves,
    /// footholds: the player who wins.
    Winner,
    /// yut with fixed dice: the best score.
    Score,
    /// yut with random dice: the best expected score.
    Expected,
    /// stacking: the turn the game ends, or `none`.
    Turn,
    /// stacking: whether the game provably never ends.
    Cycle,
    /// rules `longest`: whether play can go on forever.
    Forever,
    /// rules `simulate`: what `print` printed along the run, in order.
    Printed,
}

impl Field {
    /// Every field.
    pub const ALL: [Field; 9] = [
        Field::Answer,
        Field::Moves,
        Field::Winner,
        Field::Score,
        Field::Expected,
        Field::Turn,
        Field::Cycle,
        Field::Forever,
        Field::Printed,
    ];

    /// The word for it in scripts and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Field::Answer => "answer",
            Field::Moves => "moves",
            Field::Winner => "winner",
            Field::Score => "score",
            Field::Expected => "expected",
            Field::Turn => "turn",
            Field::Cycle => "cycle",
            Field::Forever => "forever",
            Field::Printed => "printed",
        }
    }

    /// The field a word names, in any game.
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One field of a game's `solve` result, as the dialect describes it.
#[derive(Clone, Copy, Debug)]
pub struct FieldWord {
    /// The field.
    pub field: Field,
    /// The values `expect` takes for it.
    pub kind: ValueKind,
    /// What it means, in one line.
    pub help: &'static str,
}

/// One game's words.
#[derive(Clone, Copy, Debug)]
pub struct Dialect {
    /// The game.
    pub game: GameKind,
    /// The statements the game takes, by form ([`Stmt::form`]): the
    /// checker's gate ([`GameKind::allows`]) and the REPL's completion.
    pub forms: &'static [&'static str],
    /// The statements the game takes, in words, for the wrong-game help line.
    pub statements: &'static str,
    /// The fields its `solve` gives, in [`GameKind::fields`] order.
    pub fields: &'static [FieldWord],
    /// What may follow `play`: the players, or `piece`.
    pub play: &'static [Word],
    /// Whether pieces face a direction (`piece … facing DIR`).
    pub facing: bool,
    /// Whether the game takes tracks: `board yut`, `board TRACK` and
    /// `track NAME { … }` definitions.
    pub tracks: bool,
    /// Statements whose one-line help differs from the shared table's
    /// ([`STATEMENTS`]) in this game: its own forms (`board yut` means
    /// nothing to footholds, `play A up` nothing to yut). `:help GAME`.
    pub own_help: &'static [Word],
}

const PLAYERS: &[Word] = &[
    Word {
        name: "A",
        help: "player A",
    },
    Word {
        name: "B",
        help: "player B",
    },
];

/// The three games' dialects, in [`GameKind::ALL`] order.
pub const DIALECTS: [Dialect; 3] = [
    Dialect {
        game: GameKind::Footholds,
        forms: &[
            "game", "board", "piece", "rule", "input", "solve", "line", "analyze", "show",
            "play PLAYER DIRECTION", "play PLAYER to (r, c)", "undo", "expect",
        ],
        statements: "footholds scenarios use board, piece A/B, rule, input, solve, line, analyze, show, play A …, undo, expect",
        fields: &[
            FieldWord { field: Field::Answer, kind: ValueKind::Whole, help: "the total number of moves with best play" },
            FieldWord { field: Field::Moves, kind: ValueKind::Whole, help: "the moves still to come with best play" },
            FieldWord { field: Field::Winner, kind: ValueKind::Words(&["A", "B"]), help: "the player who wins" },
        ],
        play: PLAYERS,
        facing: false,
        tracks: false,
        own_help: &[
            Word { name: "board", help: "`board { … }` or `board [[1,0],[1,1]]`: footholds 1, holes 0" },
            Word { name: "piece", help: "`piece A at (r, c)`: where player A or B stands" },
            Word { name: "play", help: "`play A up`, `play A to (r, c)`: make a move" },
        ],
    },
    Dialect {
        game: GameKind::Yut,
        forms: &[
            "game", "board", "dice", "rule", "input", "solve", "line", "analyze", "show",
            "play piece N", "undo", "expect",
        ],
        statements: "yut scenarios use board yut|TRACK, dice, rule, input, solve, line, analyze, show, play piece N, undo, expect",
        fields: &[
            FieldWord { field: Field::Answer, kind: ValueKind::Whole, help: "the best total score" },
            FieldWord { field: Field::Score, kind: ValueKind::Whole, help: "the same as answer (fixed dice)" },
            FieldWord { field: Field::Expected, kind: ValueKind::Exact, help: "the best expected score (random dice)" },
        ],
        play: &[Word { name: "piece", help: "`play piece N`: move piece N by the next roll" }],
        facing: false,
        tracks: true,
        own_help: &[
            Word { name: "board", help: "`board yut` or `board TRACK`: the track the pieces go round" },
            Word { name: "dice", help: "`dice 1 2 3`, `dice uniform 1..5 x 10`: the rolls" },
            Word { name: "play", help: "`play piece N`: move piece N by the next roll" },
        ],
    },
    Dialect {
        game: GameKind::Stacking,
        forms: &[
            "game", "board", "piece", "rule", "input", "solve", "line", "show", "step", "undo",
            "expect",
        ],
        statements: "stacking scenarios use board, piece N … facing DIR, rule, input, solve, line, show, step, undo, expect",
        fields: &[
            FieldWord { field: Field::Answer, kind: ValueKind::Whole, help: "the turn the game ends, or -1" },
            FieldWord { field: Field::Turn, kind: ValueKind::WholeOr(&["none"]), help: "the turn the game ends, or none" },
            FieldWord { field: Field::Cycle, kind: ValueKind::Words(&["yes", "no"]), help: "whether the game provably never ends" },
        ],
        play: &[],
        facing: true,
        tracks: false,
        own_help: &[
            Word { name: "board", help: "`board { … }` or `board [[0,1],[2,0]]`: colours 0 white, 1 red, 2 blue" },
            Word { name: "piece", help: "`piece 1 at (r, c) facing right`: a numbered piece" },
            Word { name: "play", help: "" },
        ],
    },
];

/// The words of a game a `rules` block defines: every statement, and
/// every objective's fields (which of them a `solve` gives depends on the
/// block's objective: docs/rules-language.md, *Objectives*).
pub const RULES_DIALECT: Dialect = Dialect {
    game: GameKind::Rules,
    forms: &[
        "game", "board", "piece", "piece … with", "dice", "rule", "set", "input", "solve", "line",
        "analyze", "show", "play PLAYER DIRECTION", "play PLAYER to (r, c)", "play piece N",
        "play WORDS", "step", "undo", "expect",
    ],
    statements: "rules scenarios use board, piece … [with …], dice, rule, set, input (with the block's `input { … }`), solve, line, analyze, show, play WORDS…, step, undo, expect",
    fields: &[
        FieldWord { field: Field::Answer, kind: ValueKind::WholeOr(&["draw"]), help: "the objective's answer" },
        FieldWord { field: Field::Moves, kind: ValueKind::Whole, help: "moves with best play" },
        FieldWord { field: Field::Winner, kind: ValueKind::Words(&["draw"]), help: "the player who wins, or draw" },
        FieldWord { field: Field::Score, kind: ValueKind::Whole, help: "the best total score" },
        FieldWord { field: Field::Expected, kind: ValueKind::Exact, help: "the best expected score (random dice)" },
        FieldWord { field: Field::Turn, kind: ValueKind::WholeOr(&["none"]), help: "the turn the game ends, or none" },
        FieldWord { field: Field::Cycle, kind: ValueKind::Words(&["yes", "no"]), help: "whether the game provably never ends" },
        FieldWord { field: Field::Forever, kind: ValueKind::Words(&["yes", "no"]), help: "whether play can go on forever" },
        FieldWord { field: Field::Printed, kind: ValueKind::Wholes, help: "what `print` printed along the run, in order" },
    ],
    play: &[],
    facing: true,
    tracks: true,
    own_help: &[],
};

/// A game's words.
pub fn dialect(game: GameKind) -> &'static Dialect {
    match game {
        GameKind::Footholds => &DIALECTS[0],
        GameKind::Yut => &DIALECTS[1],
        GameKind::Stacking => &DIALECTS[2],
        GameKind::Rules => &RULES_DIALECT,
    }
}

/// A field of a game's `solve`, by name.
pub fn field(game: GameKind, name: &str) -> Option<&'static FieldWord> {
    dialect(game).fields.iter().find(|f| f.field.name() == name)
}

/// One rule: its name, the game that has it (`None`: every game), the
/// values it takes (as words, for completion and suggestions; numbers
/// beyond these may be allowed too), those values in words, its default and
/// a one-line help.
#[derive(Clone, Copy, Debug)]
pub struct RuleWord {
    /// The rule name as written after `rule`.
    pub name: &'static str,
    /// The game it belongs to (`None`: every game).
    pub game: Option<GameKind>,
    /// The values it takes, as words.
    pub values: &'static [&'static str],
    /// Those values described in words.
    pub describe: &'static str,
    /// The default value.
    pub default: &'static str,
    /// What it does, in one line.
    pub help: &'static str,
}

/// Every rule of every game.
pub const RULES: &[RuleWord] = &[
    RuleWord {
        name: "origin",
        game: None,
        values: &["0", "1"],
        describe: "0 or 1",
        default: "0",
        help: "coordinates count from 0 or from 1",
    },
    RuleWord {
        name: "first",
        game: Some(GameKind::Footholds),
        values: &["A", "B"],
        describe: "A or B",
        default: "A",
        help: "the player who moves first",
    },
    RuleWord {
        name: "steps",
        game: Some(GameKind::Footholds),
        values: &["orthogonal", "king"],
        describe: "orthogonal or king",
        default: "orthogonal",
        help: "four neighbours, or eight (diagonals too)",
    },
    RuleWord {
        name: "pieces",
        game: Some(GameKind::Yut),
        values: &[],
        describe: "a number from 1 to 8",
        default: "4",
        help: "how many pieces go round the track (yut is one player's puzzle)",
    },
    RuleWord {
        name: "stack",
        game: Some(GameKind::Stacking),
        values: &[],
        describe: "a number, at least 2",
        default: "4",
        help: "the stack height that ends the game",
    },
    RuleWord {
        name: "limit",
        game: Some(GameKind::Stacking),
        values: &["none", "1000"],
        describe: "a turn count, or none",
        default: "1000",
        help: "the turn after which the answer is -1",
    },
    RuleWord {
        name: "mover",
        game: Some(GameKind::Stacking),
        values: &["any", "bottom"],
        describe: "any or bottom",
        default: "any",
        help: "bottom: only a stack's bottom piece moves (BOJ 17780)",
    },
];

/// The rules a game has.
pub fn rules(game: GameKind) -> impl Iterator<Item = &'static RuleWord> {
    RULES
        .iter()
        .filter(move |r| r.game.is_none() || r.game == Some(game))
}

/// The eight direction names moves use (`facing` takes the first four).
pub fn directions() -> impl Iterator<Item = &'static str> {
    Heading::ALL.into_iter().map(Heading::name)
}

/// The four directions `facing` takes (the grammar's `direction`).
pub fn facings() -> impl Iterator<Item = &'static str> {
    [Dir::Right, Dir::Left, Dir::Up, Dir::Down]
        .into_iter()
        .map(Dir::name)
}

/// The games `game` may name: every game, or the one chosen.
pub fn games(game: Option<GameKind>) -> Vec<GameKind> {
    game.map_or_else(|| GameKind::ALL.to_vec(), |g| vec![g])
}

/// What may follow `play` in a game (in every game when none is chosen
/// yet), each once.
pub fn play_words(game: Option<GameKind>) -> Vec<&'static Word> {
    let mut out: Vec<&'static Word> = Vec::new();
    for w in games(game).into_iter().flat_map(|g| dialect(g).play) {
        if !out.iter().any(|o| o.name == w.name) {
            out.push(w);
        }
    }
    out
}

/// The known word closest to `word`, if it is close enough to be a slip
/// (`bord` → `board`, `rigth` → `right`, `foothold` → `footholds`).
pub fn suggest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // A slip is at most a third of the word away, so lengths differ by at
    // most that: no edit distance is computed for a word far longer than
    // every known one (a 16 MiB string costs a length check, not seconds).
    let len = word.chars().count();
    let near = |k: &str| {
        let kl = k.chars().count();
        kl.abs_diff(len) <= (kl.max(len) / 3).max(1)
    };
    let lower = word.to_lowercase();
    known
        .into_iter()
        .filter(|k| *k != word && near(k))
        .map(|k| (strsim::damerau_levenshtein(&lower, &k.to_lowercase()), k))
        .filter(|(d, k)| {
            *d < word.chars().count()
                && *d <= (k.chars().count().max(word.chars().count()) / 3).max(1)
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// "did you mean `board`?" for a slip, or nothing.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    suggest(word, known).map(|k| format!("did you mean `{k}`?"))
}

/// `A or B`, `a, b or c`.
pub fn or_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The words of the rules language (docs/rules-language.md): the grammar's
/// `rw_` rules, plus the scenario keywords it reuses (`piece`, `board`,
/// `track`, `solve`).
pub const RULES_WORDS: &[Word] = &[
    Word {
        name: "import",
        help: "`import \"file.game\"`: use the rules and tracks of another file",
    },
    Word {
        name: "rules",
        help: "`rules NAME { … }`: a game written in the rules language",
    },
    Word {
        name: "players",
        help: "`players A B`, `players solo` or `players none`",
    },
    Word {
        name: "none",
        help: "`players none`, `board none`: no players, no board",
    },
    Word {
        name: "solo",
        help: "`players solo`: one player",
    },
    Word {
        name: "param",
        help: "`param NAME: TYPE = DEFAULT`: an option set by `rule NAME VALUE`",
    },
    Word {
        name: "layer",
        help: "`layer NAME: TYPE`: one value per cell",
    },
    Word {
        name: "var",
        help: "`var NAME: TYPE = VALUE`: a global state variable",
    },
    Word {
        name: "placed",
        help: "`piece placed 1..K { … }`: only the pieces a scenario places",
    },
    Word {
        name: "interchangeable",
        help: "`piece interchangeable 1..K { … }`: positions differing only by which of these pieces is where are one position",
    },
    Word {
        name: "legend",
        help: "`legend { \"c\": … }`: what each board character means",
    },
    Word {
        name: "number",
        help: "`number n: …` in a legend: every other number",
    },
    Word {
        name: "neighbourhood",
        help: "`neighbourhood NAME: (dr, dc) …`: a set of offsets",
    },
    Word {
        name: "grid",
        help: "`board grid`: the game is played on a grid (the default)",
    },
    Word {
        name: "setup",
        help: "`setup { … }`: runs once before the first query",
    },
    Word {
        name: "when",
        help: "`when stuck: lose | win | draw | stop`",
    },
    Word {
        name: "stuck",
        help: "`when stuck: …`: what it means to have no move",
    },
    Word {
        name: "turn",
        help: "`turn { … }`: the program of one turn",
    },
    Word {
        name: "moves",
        help: "`solve moves`: win fast, lose slow",
    },
    Word {
        name: "outcome",
        help: "`solve outcome`: win, draw or lose",
    },
    Word {
        name: "score",
        help: "`score += N`; `solve score`, `solve max score`",
    },
    Word {
        name: "max",
        help: "`max x in S: E`, `while C max N`, `list of T max N`, `solve max score`",
    },
    Word {
        name: "min",
        help: "`min x in S: E`, `solve min score`",
    },
    Word {
        name: "shortest",
        help: "`solve shortest within N`: fewest moves to a win",
    },
    Word {
        name: "within",
        help: "`solve shortest within N`",
    },
    Word {
        name: "longest",
        help: "`solve longest`: the most moves before the game ends",
    },
    Word {
        name: "simulate",
        help: "`solve simulate limit N`: run a zero-player game",
    },
    Word {
        name: "limit",
        help: "`solve simulate limit N`",
    },
    Word {
        name: "bool",
        help: "the type `bool`: true or false",
    },
    Word {
        name: "cell",
        help: "the type `cell`: a cell of the board or `off`",
    },
    Word {
        name: "dir",
        help: "the type `dir`: a direction or `none`",
    },
    Word {
        name: "player",
        help: "the type `player`: a player or `nobody`",
    },
    Word {
        name: "square",
        help: "the type `square`: a square of the track",
    },
    Word {
        name: "list",
        help: "`list of T max N`: a bounded sequence",
    },
    Word {
        name: "of",
        help: "`list of T max N`",
    },
    Word {
        name: "let",
        help: "`let x = E`: a local variable",
    },
    Word {
        name: "if",
        help: "`if C { … } else { … }`, `if C then A else B`, `win if C`",
    },
    Word {
        name: "else",
        help: "`else { … }`, `else if C { … }`",
    },
    Word {
        name: "then",
        help: "`if C then A else B`",
    },
    Word {
        name: "for",
        help: "`for x in SET { … }`",
    },
    Word {
        name: "in",
        help: "`for x in SET`, `choose x in SET`",
    },
    Word {
        name: "where",
        help: "`… where C`: only the values for which C holds",
    },
    Word {
        name: "repeat",
        help: "`repeat N { … }`",
    },
    Word {
        name: "while",
        help: "`while C max N { … }`",
    },
    Word {
        name: "choose",
        help: "`choose x in SET`: a choice of the mover",
    },
    Word {
        name: "say",
        help: "`choose … say \"TEXT\"`: the move's word",
    },
    Word {
        name: "require",
        help: "`require C`: no move unless C holds",
    },
    Word {
        name: "roll",
        help: "`roll x in LO..HI`: a die",
    },
    Word {
        name: "win",
        help: "`win`: the mover wins",
    },
    Word {
        name: "lose",
        help: "`lose`: the mover loses",
    },
    Word {
        name: "draw",
        help: "`draw`: the game is drawn",
    },
    Word {
        name: "stop",
        help: "`stop`: the game ends",
    },
    Word {
        name: "print",
        help: "`print E`: a line of `solve simulate`'s `printed` (a whole number)",
    },
    Word {
        name: "simultaneously",
        help: "`simultaneously { … }`: reads see the state before the block",
    },
    Word {
        name: "swap",
        help: "`swap A, B`: exchange two places",
    },
    Word {
        name: "push",
        help: "`push xs, v`: append to a list",
    },
    Word {
        name: "push_front",
        help: "`push_front xs, v`: prepend to a list",
    },
    Word {
        name: "pop",
        help: "`pop xs`: drop a list's last item",
    },
    Word {
        name: "pop_front",
        help: "`pop_front xs`: drop a list's first item",
    },
    Word {
        name: "next",
        help: "`next`: skip to the loop's next value",
    },
    Word {
        name: "break",
        help: "`break`: leave the loop",
    },
    Word {
        name: "not",
        help: "`not C`",
    },
    Word {
        name: "and",
        help: "`A and B`",
    },
    Word {
        name: "or",
        help: "`A or B`",
    },
    Word {
        name: "true",
        help: "the truth value `true`",
    },
    Word {
        name: "false",
        help: "the truth value `false`",
    },
    Word {
        name: "all",
        help: "`all x in SET: C`",
    },
    Word {
        name: "any",
        help: "`any x in SET: C`",
    },
    Word {
        name: "count",
        help: "`count x in SET where C`",
    },
    Word {
        name: "sum",
        help: "`sum x in SET: E`",
    },
    Word {
        name: "find",
        help: "`find x in SET where C`: the first such value",
    },
    Word {
        name: "cases",
        help: "`cases t: 1..10` in `input { … }`: the judge input starts with its number of test cases",
    },
    Word {
        name: "rows",
        help: "`rows N of M chars | numbers LO..HI | cells …` in `input { … }`: the board, one line per row",
    },
    Word {
        name: "chars",
        help: "`rows N of M chars`: each row one word of M characters, each through the legend",
    },
    Word {
        name: "char",
        help: "`cells …, char`: a cell's character, through the legend",
    },
    Word {
        name: "numbers",
        help: "`rows N of M numbers LO..HI`: each cell a number, through the legend",
    },
    Word {
        name: "cells",
        help: "`rows N of M cells piece, number LO..HI`: each cell several numbers; `cells K: LAYER from 1` in `input { … }`: K lines `r c`, each a cell where the bool layer is true",
    },
    Word {
        name: "lists",
        help: "`lists K: VAR, VAR as \"L\" | \"D\"` in `input { … }`: K lines, each one item of each `list of` var",
    },
    Word {
        name: "by",
        help: "`board R by C` in `input { … }`: an R x C board of the layers' defaults, sized by numbers read before",
    },
    Word {
        name: "increasing",
        help: "`lists K: VAR increasing`: the judge's numbers grow line by line; `rows R of C numbers LO..HI increasing`: each row grows left to right (a limit; `meeple gen` draws them so)",
    },
    Word {
        name: "distinct",
        help: "`rows R of C numbers LO..HI distinct`: no value twice in a row (a limit; `meeple gen` draws them so)",
    },
    Word {
        name: "pieces",
        help: "`pieces K: FIELD, …` in `input { … }`: K lines, one per piece, its fields",
    },
    Word {
        name: "as",
        help: "`FIELD as a | b | c`: the judge writes a value by its number; `FIELD as \"L\" | \"D\"`: by its word, the i-th word for the i-th value",
    },
    Word {
        name: "from",
        help: "`FIELD from 1`: the judge counts from 1",
    },
    Word {
        name: "bracketed",
        help: "`… bracketed`: the judge writes `[a, b]` lists",
    },
    Word {
        name: "border",
        help: "`rows N of M chars border \"#\"`: generated boards have that key on every edge cell",
    },
    Word {
        name: "once",
        help: "`rows N of M chars once \"R\" \"B\"`: generated boards have each key on exactly one inner cell",
    },
    Word {
        name: "output",
        help: "`output FIELD`: the judge's answer line is that field (default `answer`)",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_are_suggested_and_strangers_are_not() {
        let kw = || STATEMENTS.iter().map(|w| w.name);
        assert_eq!(suggest("bord", kw()), Some("board"));
        assert_eq!(suggest("solv", kw()), Some("solve"));
        assert_eq!(suggest("expcet", kw()), Some("expect"));
        assert_eq!(suggest("rigth", directions()), Some("right"));
        assert_eq!(suggest("downright", directions()), Some("down-right"));
        let games = GameKind::ALL.map(GameKind::name);
        assert_eq!(suggest("foothold", games), Some("footholds"));
        assert_eq!(suggest("Yut", games), Some("yut"));
        assert_eq!(suggest("chess", games), None);
        assert_eq!(suggest("zzzz", kw()), None);
        assert_eq!(suggest("x", kw()), None);
        assert_eq!(suggest("C", ["A", "B"]), None);
        assert_eq!(suggest(&"x".repeat(1 << 20), kw()), None);
        assert_eq!(suggest("boarrd", kw()), Some("board"));
    }

    /// The gate reads the table: each game takes exactly its forms.
    #[test]
    fn the_gate_follows_the_forms() {
        let stmts = crate::syntax::parse_repl(
            "board [[1]]\npiece A at (0, 0)\ndice 1 2 3\nstep\nanalyze\nplay piece 1\nplay A up\nplay A to (0, 1)\nsolve\nundo",
        )
        .unwrap();
        let allowed = |g: GameKind| -> Vec<&str> {
            stmts
                .iter()
                .filter_map(|i| match i {
                    crate::syntax::ReplItem::Stmt(s) if g.allows(&s.node) => Some(s.node.form()),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(
            allowed(GameKind::Footholds),
            [
                "board",
                "piece",
                "analyze",
                "play PLAYER DIRECTION",
                "play PLAYER to (r, c)",
                "solve",
                "undo"
            ]
        );
        assert_eq!(
            allowed(GameKind::Yut),
            ["board", "dice", "analyze", "play piece N", "solve", "undo"]
        );
        assert_eq!(
            allowed(GameKind::Stacking),
            ["board", "piece", "step", "solve", "undo"]
        );
        for d in DIALECTS {
            for form in d.forms {
                let word = form.split(' ').next().unwrap();
                assert!(STATEMENTS.iter().any(|w| w.name == word), "{form}");
            }
        }
    }

    #[test]
    fn the_tables_agree_with_the_games() {
        for d in DIALECTS {
            assert_eq!(dialect(d.game).game, d.game);
            let names: Vec<_> = d.fields.iter().map(|f| f.field.name()).collect();
            assert_eq!(names, d.game.fields());
        }
        assert_eq!(rules(GameKind::Footholds).count(), 3);
        assert_eq!(
            facings().collect::<Vec<_>>(),
            ["right", "left", "up", "down"]
        );
        assert_eq!(directions().count(), 8);
    }

    /// What follows `play` in a game agrees with its `play` forms: players
    /// for `play PLAYER …`, `piece` for `play piece N`, nothing without one.
    #[test]
    fn play_words_follow_the_forms() {
        for d in DIALECTS {
            let plays: Vec<&str> = d
                .forms
                .iter()
                .copied()
                .filter(|f| f.starts_with("play "))
                .collect();
            assert_eq!(d.play.is_empty(), plays.is_empty(), "{}", d.game);
            for w in d.play {
                let form = if w.name == "piece" {
                    "play piece N"
                } else {
                    "play PLAYER DIRECTION"
                };
                assert!(plays.contains(&form), "{} {}", d.game, w.name);
            }
        }
        let any: Vec<&str> = play_words(None).iter().map(|w| w.name).collect();
        assert_eq!(any, ["A", "B", "piece"]);
        assert!(play_words(Some(GameKind::Stacking)).is_empty());
    }
}

/// A built-in function of the rules language (docs/rules-language.md,
/// *Expressions*): its name, its arguments' names and its one-line doc.
#[derive(Clone, Copy, Debug)]
pub struct RulesFunction {
    /// Its name.
    pub name: &'static str,
    /// Its arguments, named as docs/rules-language.md names them.
    pub args: &'static [&'static str],
    /// What it gives.
    pub help: &'static str,
}

impl RulesFunction {
    /// `name(a, b)`.
    pub fn signature(&self) -> String {
        format!("{}({})", self.name, self.args.join(", "))
    }
}

macro_rules! function {
    ($name:literal ($($arg:literal),*) $help:literal) => {
        RulesFunction { name: $name, args: &[$($arg),*], help: $help }
    };
}

/// The functions of the rules language; the checker takes their argument
/// counts from here, the editors their signatures and docs.
pub const RULES_FUNCTIONS: &[RulesFunction] = &[
    function!("step" ("c", "d") "the neighbour of cell c in direction d, or `off`"),
    function!("neighbours" ("c", "SET") "the cells next to c in the set's directions, on the board"),
    function!("directions" ("SET") "the set's directions as a list"),
    function!("opposite" ("d") "the direction reversed"),
    function!("left" ("d") "the direction turned 90° anticlockwise"),
    function!("right" ("d") "the direction turned 90° clockwise"),
    function!("rotate" ("d", "k") "the direction turned k eighth-turns anticlockwise"),
    function!("forward" ("c", "d") "how far cell c lies along d: the larger, the further ahead"),
    function!("lanes" ("d") "the board's rows or columns, each from the cell furthest along d"),
    function!("lines" ("n") "every straight run of n cells (rows, columns, diagonals)"),
    function!("region" ("c", "layer") "the cells connected to c with the same value of the layer"),
    function!("abs" ("n") "the absolute value"),
    function!("min" ("a", "b") "the smaller integer"),
    function!("max" ("a", "b") "the larger integer"),
    function!("len" ("xs") "the list's length"),
    function!("index" ("xs", "v") "the position of the first v in the list, or -1"),
    function!("reverse" ("xs") "the list reversed"),
    function!("contains" ("xs", "v") "whether v is in the list"),
    function!("advance" ("s", "n") "the square n steps on along the track from square s"),
    function!("value" ("s") "the track square's value"),
];

/// The rules language's built-in names (constants and sets), each with its
/// type and one-line doc; the directions are [`directions`] and `none`.
pub const RULES_NAMES: &[Word] = &[
    Word {
        name: "off",
        help: "`off`: cell — no cell (off the board)",
    },
    Word {
        name: "here",
        help: "`here`: cell — the cell a legend entry reads",
    },
    Word {
        name: "nobody",
        help: "`nobody`: player — no player",
    },
    Word {
        name: "rows",
        help: "`rows`: integer — the board's number of rows",
    },
    Word {
        name: "cols",
        help: "`cols`: integer — the board's number of columns",
    },
    Word {
        name: "cells",
        help: "`cells`: every cell, in reading order",
    },
    Word {
        name: "pieces",
        help: "`pieces`: the pieces present, in declaration order",
    },
    Word {
        name: "players",
        help: "`players`: the players in order",
    },
    Word {
        name: "squares",
        help: "`squares`: the track's squares",
    },
    Word {
        name: "moves",
        help: "`moves`: integer — the completed moves so far",
    },
    Word {
        name: "start",
        help: "`start`: square — the track's start",
    },
    Word {
        name: "finish",
        help: "`finish`: square — the track's finish",
    },
    Word {
        name: "orthogonal",
        help: "`orthogonal`: the four directions up, right, down, left",
    },
    Word {
        name: "diagonal",
        help: "`diagonal`: the four diagonal directions",
    },
    Word {
        name: "king",
        help: "`king`: the eight directions",
    },
    Word {
        name: "dir",
        help: "`dir`: the eight directions, as a set",
    },
    Word {
        name: "me",
        help: "`me`: player — the mover",
    },
    Word {
        name: "opponent",
        help: "`opponent`: player — the other player",
    },
];
