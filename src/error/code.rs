//! The catalogue: every diagnostic's stable [`Code`], with a line saying
//! what it is about (docs/diagnostics.md is generated from it).

use std::fmt;

macro_rules! codes {
    ($($name:ident = $code:literal : $what:literal;)*) => {
        /// The stable code of every kind of diagnostic.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code { $(#[doc = concat!("`", $code, "`: ", $what, ".")] $name),* }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[$(Code::$name),*];
            /// The code as printed, e.g. `meeple::board::ragged`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$name => $code),* }
            }
            /// What triggers it, in one line (the diagnostics catalogue).
            pub fn describe(self) -> &'static str {
                match self { $(Code::$name => $what),* }
            }
        }
    };
}

codes! {
    Io = "meeple::io": "a file could not be read or written";
    SourceTooLarge = "meeple::source::too_large": "a file larger than meeple reads (16 MiB)";
    SourceTooMany = "meeple::source::too_many": "a file with more statements, a statement with more numbers or a track with more squares than meeple reads";
    FileEmpty = "meeple::file::empty": "a warning: a valid file that holds no scenario (an empty file, a file of comments or of tracks only), so nothing runs";
    Parse = "meeple::parse": "the text does not follow the grammar of the language";
    ParseUtf8 = "meeple::parse::utf8": "the file is not valid UTF-8";
    ParseUnterminated = "meeple::parse::unterminated": "a string, raw block, board or scenario is never closed";
    ParseEscape = "meeple::parse::escape": "a string uses an escape other than \\\" and \\\\";
    NumberRange = "meeple::number::range": "a number is too large, negative or otherwise out of range";
    ScenarioNoGame = "meeple::scenario::no_game": "a scenario does not start with `game NAME`";
    ScenarioDuplicateName = "meeple::scenario::duplicate_name": "two scenarios in one file share a name";
    GameUnknown = "meeple::game::unknown": "`game` names a game meeple does not know";
    GameDuplicate = "meeple::game::duplicate": "a scenario says `game` twice";
    StmtWrongGame = "meeple::stmt::wrong_game": "a statement that the scenario's game does not have";
    StmtOrder = "meeple::stmt::order": "a declaration (`board`, `piece`, `dice`, `rule`, `set`, `input`) after a rules game's first query, `play` or `step`: the position is set up already";
    BoardRagged = "meeple::board::ragged": "board rows of different lengths";
    BoardCell = "meeple::board::cell": "a board cell that is not in the game's legend";
    BoardEmpty = "meeple::board::empty": "a board with no cells";
    BoardDuplicate = "meeple::board::duplicate": "a second `board` (or `input`) in one scenario";
    BoardMissing = "meeple::board::missing": "a piece placed before any board was declared";
    BoardTooLarge = "meeple::board::too_large": "a board beyond what meeple can hold or solve";
    BoardKind = "meeple::board::kind": "a board form the game does not use (a grid for yut, a track for footholds)";
    PieceOffBoard = "meeple::piece::off_board": "a piece placed outside the board";
    PieceInHole = "meeple::piece::in_hole": "a footholds player placed on a hole";
    PieceDuplicate = "meeple::piece::duplicate": "the same piece placed twice";
    PieceName = "meeple::piece::name": "a piece name the game does not use (footholds: A, B; stacking: 1..K)";
    PieceNumbering = "meeple::piece::numbering": "stacking pieces not numbered 1..K without gaps";
    PieceSharedCell = "meeple::piece::shared_cell": "two stacking pieces on one starting cell";
    PieceFacing = "meeple::piece::facing": "a stacking piece without `facing DIR`, or a footholds player with one";
    DiceRange = "meeple::dice::range": "a roll or die range that is not allowed";
    DiceDuplicate = "meeple::dice::duplicate": "dice declared twice in one scenario";
    RuleUnknown = "meeple::rule::unknown": "a rule the game does not have";
    RuleValue = "meeple::rule::value": "a rule value out of the rule's range";
    RuleDuplicate = "meeple::rule::duplicate": "the same rule set twice in one scenario";
    InputFormat = "meeple::input::format": "an `input` block that is not in the judge's format";
    TrackUnknown = "meeple::track::unknown": "`board NAME` names no track";
    TrackDuplicate = "meeple::track::duplicate": "two tracks with one name";
    TrackSquare = "meeple::track::square": "a track refers to a square that is never defined";
    TrackScore = "meeple::track::score": "a square given two different scores";
    TrackCycle = "meeple::track::cycle": "a track whose links form a cycle";
    TrackFinish = "meeple::track::finish": "a square from which finish cannot be reached";
    TrackShortcut = "meeple::track::shortcut": "a shortcut leaving start or finish, or a second shortcut from one square";
    TrackLink = "meeple::track::link": "a square linked to two different next squares, into start or out of finish";
    RulesNesting = "meeple::rules::nesting": "a rules block nested deeper than 32 levels (blocks, parentheses, brackets, `if … then`, `sum … in`, `all … in`, `list of` …), with more than 4096 statements, with more than 32 `not` or `-` in a row, or with an expression of more than 500 operators, indexes and fields";
    RulesName = "meeple::rules::name": "a rules block uses a name it never declares";
    RulesDuplicate = "meeple::rules::duplicate": "a name declared twice in a rules block, a part that may appear once written twice, or two rules blocks with one name";
    RulesType = "meeple::rules::type": "a value of the wrong type in a rules block (a number where a cell is wanted, an assignment of a direction to a bool)";
    RulesBound = "meeple::rules::bound": "a bound in a rules block that is not a constant or a param, or a range whose low end is above its high end";
    RulesTooBig = "meeple::rules::too_big": "a rules game whose position key needs more than 65,536 bits";
    RulesPlace = "meeple::rules::place": "an assignment in a rules block to something that cannot be assigned (a param, a loop variable, a constant)";
    RulesContext = "meeple::rules::context": "a statement or name of a rules block where it has no meaning (`choose` in a `players none` game or in `setup`, `me` in a zero-player game, `next` outside a loop, an objective for another number of players)";
    RulesMissing = "meeple::rules::missing": "a rules block without `players`, `turn` or `solve`";
    RulesLoop = "meeple::rules::loop": "a rules game's turn ran a `while` past its `max`, or a turn ran more steps than one turn may (docs/rules-language.md, *Run-time errors*)";
    RulesRun = "meeple::rules::run": "a rules game's program failed at run time (a value outside its domain, an overflow, division by zero, an index off a list), or its objective cannot take the game (a draw under `solve moves`, random dice under two players)";
    RulesEndless = "meeple::rules::endless": "a rules game that can go on forever under an objective that needs it to end";
    RulesMove = "meeple::rules::move": "`play` names no legal move of a rules game, or `step` is asked of a game with players";
    RulesVar = "meeple::rules::var": "`set NAME VALUE` names a var the rules game does not declare";
    RulesField = "meeple::rules::field": "`piece … with FIELD VALUE` names a field the rules game's pieces do not have";
    RulesInterchangeable = "meeple::rules::interchangeable": "`interchangeable` on named pieces, beside state or params of type `piece`, or with a turn that picks a piece by its place (an index, a slice, `find`, `<`)";
    RulesValue = "meeple::rules::value": "a value of `set` or of `piece … with` of the wrong kind for its var or field, or outside its domain";
    RulesInput = "meeple::rules::input": "a rules block's judge format (`input { … }`, `output`) that cannot be read or written: a name that is not a param, var or a number read before, a second board, a field written without its values, a count measured without brackets, an `output` field its objective does not give";
    RulesInputName = "meeple::rules::input_name": "a warning: a number of a rules block's `input { … }` takes a new name close to a param or var of the block (`nn` beside `param n`), so it sets neither (a slip of the name, or a name to change)";
    RulesLegend = "meeple::rules::legend": "a legend key no board cell can match (neither one character nor the decimal text of a number)";
    RulesPrint = "meeple::rules::print": "`print` outside the turn of a `solve simulate` game (in `setup`, the legend, or under an objective that searches many lines, where no one run prints)";
    RulesDroppedScore = "meeple::rules::dropped_score": "a warning: a rules block's turn adds to the score and then ends the game (`stop`, `win`, …) before its first `choose` or `roll`: the game ends at the start of that turn, without a move, so that score does not count";
    ImportFile = "meeple::import::file": "an imported file cannot be read: it does not exist, the script has no folder to import from, or (in the playground) the path leaves the served folder or the server's memory budget cannot hold it now";
    ImportCycle = "meeple::import::cycle": "a file imports itself, directly or through other imports";
    ImportBroken = "meeple::import::broken": "an imported file has errors of its own (shown with its own text)";
    ImportTooMany = "meeple::import::too_many": "imports nested deeper than 16 files, or more than 16 MiB of imported text in all";
    EngineNative = "meeple::engine::native": "`--engine native` on a scenario whose game has no native solver (a rules block of the file)";
    QueryMissing = "meeple::query::missing": "a query lacks what it needs (board, pieces, dice)";
    PlayIllegal = "meeple::play::illegal": "`play` asks for a move that is not legal now";
    UndoNothing = "meeple::undo::nothing": "`undo` with no `play` or `step` to take back";
    ExpectNoResult = "meeple::expect::no_result": "`expect` before any `solve`";
    ExpectField = "meeple::expect::field": "`expect` names a field the game's `solve` does not give";
    ExpectValue = "meeple::expect::value": "`expect` gives a value of the wrong kind for its field (a word for a number, a player that is not A or B)";
    ExpectFailed = "meeple::expect::failed": "an expectation does not hold";
    ExpectNone = "meeple::expect::none": "a warning of `meeple test`: a scenario that runs `solve` but has no `expect` line passes without checking anything (with `--require-expect`, an error that fails every scenario with no `expect`)";
    LimitStates = "meeple::limit::states": "a solve reached `--max-states`";
    LimitTime = "meeple::limit::time": "a solve ran out of `--timeout`";
    LimitCancelled = "meeple::limit::cancelled": "a solve was cancelled with Ctrl-C";
    LimitMemory = "meeple::limit::memory": "a statement, or the output of a run (the text it prints and the boards its answers keep), needs more memory than `--memory` allows (default 1024 MB)";
    GenOption = "meeple::gen::option": "a `meeple gen` shape option that is malformed or out of range (a range 5..2, a fraction 1.5, an unknown colour)";
    GenWhere = "meeple::gen::where": "a `meeple gen --where` condition that names no solve field of the game or cannot be read";
    GenUnsatisfied = "meeple::gen::unsatisfied": "`meeple gen` found fewer cases meeting `--where` than `--count` within `--tries` candidates";
    ErrorsTooMany = "meeple::errors::too_many": "more errors than meeple reports: parsing stops after 100 syntax errors, and a file or a scenario shows its first 1000 errors";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
