//! Completion from the dialect table: what may be written at the cursor,
//! given the words before it on its line and the scenario's game.

use super::Analysis;
use crate::games::GameKind;
use crate::interp::game_of;
use crate::syntax::dialect::{self, ValueKind, ITEMS, PARTS, RULES, STATEMENTS, TRACK_LINES};

/// What a completion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A statement or item keyword (`solve`, `scenario`).
    Keyword,
    /// A game name.
    Game,
    /// A rule name.
    Rule,
    /// A value (of a rule, of an `expect` field, a word like `boards`).
    Value,
    /// An `expect` field.
    Field,
    /// A direction.
    Direction,
    /// A track name.
    Track,
    /// A function of the rules language.
    Function,
    /// A name a rules block declares or binds, or a built-in name.
    Name,
}

impl CompletionKind {
    /// Its name on the wire (the playground's JSON), written out here so a
    /// renamed variant cannot change what clients read.
    pub fn wire_name(self) -> &'static str {
        match self {
            CompletionKind::Keyword => "keyword",
            CompletionKind::Game => "game",
            CompletionKind::Rule => "rule",
            CompletionKind::Value => "value",
            CompletionKind::Field => "field",
            CompletionKind::Direction => "direction",
            CompletionKind::Track => "track",
            CompletionKind::Function => "function",
            CompletionKind::Name => "name",
        }
    }
}

/// One completion: the word, what it is, and a line about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The word to insert.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// What it means, in one line.
    pub detail: String,
}

pub(super) fn item(label: &str, kind: CompletionKind, detail: impl Into<String>) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail: detail.into(),
    }
}

/// Where the line being completed is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Outside scenarios and tracks: `scenario` and `track` start a line.
    Top,
    /// In a `track` block: `route` and `shortcut`.
    Track,
    /// In a scenario of a file: its game's statements.
    Scenario,
    /// A line of a REPL session: its game's statements (`game` too, which
    /// changes it), the items, and more statements after a finished one.
    Session,
}

/// A track a completion may name after `board`: its name and a line about it.
pub struct TrackName<'a> {
    /// The name.
    pub name: &'a str,
    /// Where it is defined, in words.
    pub detail: String,
}

impl Analysis {
    /// What may be written at `offset`: statement keywords of the
    /// scenario's game at the start of a line (`scenario`/`track` outside
    /// scenarios, `route`/`shortcut` in a track), game names after `game`,
    /// the game's rules after `rule` and a rule's values after its name,
    /// `expect` fields and their words, track names after `board`,
    /// directions in moves and after `facing`. Nothing in a comment.
    pub fn completions(&self, offset: usize) -> Vec<Completion> {
        let offset = self.floor(offset);
        let (start, _) = self.line_around(offset);
        let prefix = &self.text()[start..offset];
        if prefix.contains('#') || prefix.contains('"') {
            return Vec::new();
        }
        let mut words: Vec<&str> = prefix.split_whitespace().collect();
        if !prefix.is_empty() && !prefix.ends_with(char::is_whitespace) {
            words.pop(); // the word being typed
        }
        if let Some(def) = self.rules_at(offset) {
            return self.rules_completions(&def, offset, &words);
        }
        let scenario = self.scenario_at(offset);
        if let Some(out) = self.rules_play_completions(offset, &words) {
            return out;
        }
        if let Some(def) = scenario.and_then(|sc| self.rules_of(sc)) {
            if let Some(out) = super::rules_game::complete_rules_scenario(&words, def) {
                return out;
            }
        }
        if this_statement(&words) == ["game"] {
            let mut out = complete_after(&words, Place::Scenario, None, &[]);
            out.extend(self.rules_game_names());
            return out;
        }
        let place = if self.track_at(offset).is_some() {
            Place::Track
        } else if scenario.is_some() {
            Place::Scenario
        } else {
            Place::Top
        };
        let tracks: Vec<TrackName> = self
            .file
            .tracks
            .iter()
            .map(|t| TrackName {
                name: &t.name.node,
                detail: format!(
                    "the track defined on line {}",
                    self.source.line(t.span.start())
                ),
            })
            .collect();
        complete_after(&words, place, scenario.and_then(game_of), &tracks)
    }
}

/// What may follow `words` (the words before the cursor on its line, the
/// one being typed left out) at `place` in `game` (any game when `None`),
/// from the dialect table: the one completer of the language server and
/// the REPL.
pub fn complete_after(
    words: &[&str],
    place: Place,
    game: Option<GameKind>,
    tracks: &[TrackName],
) -> Vec<Completion> {
    use CompletionKind as K;
    let word = |w: &dialect::Word, kind| item(w.name, kind, w.help);
    match this_statement(words) {
        [] => match place {
            Place::Track => TRACK_LINES.iter().map(|w| word(w, K::Keyword)).collect(),
            Place::Scenario => statements(game, false),
            Place::Session => {
                let mut out = statements(game, true);
                out.extend(items(game));
                out
            }
            Place::Top => items(None),
        },
        ["game"] => GameKind::ALL
            .iter()
            .map(|g| item(g.name(), K::Game, dialect::dialect(*g).statements))
            .collect(),
        ["rule"] => RULES
            .iter()
            .filter(|r| game.is_none_or(|g| r.game.is_none() || r.game == Some(g)))
            .map(|r| {
                item(
                    r.name,
                    K::Rule,
                    format!("{} ({}; default {})", r.help, r.describe, r.default),
                )
            })
            .collect(),
        ["rule", name] => {
            let Some(rule) = RULES.iter().find(|r| r.name == *name) else {
                return Vec::new();
            };
            let values = if rule.values.is_empty() {
                &[rule.default][..]
            } else {
                rule.values
            };
            values
                .iter()
                .map(|v| item(v, K::Value, format!("{}: {}", rule.name, rule.describe)))
                .collect()
        }
        ["expect"] => fields(game)
            .map(|f| {
                item(
                    f.field.name(),
                    K::Field,
                    format!("{} ({})", f.help, f.kind.describe()),
                )
            })
            .collect(),
        ["expect", field] => fields(game)
            .filter(|f| f.field.name() == *field)
            .flat_map(|f| match f.kind {
                ValueKind::Words(w) | ValueKind::WholeOr(w) => w,
                _ => &[],
            })
            .map(|w| item(w, K::Value, format!("expect {field} {w}")))
            .collect(),
        ["board"] => {
            let mut out = Vec::new();
            if takes(game, |d| d.tracks) {
                out.push(item("yut", K::Value, "the standard yut board"));
                out.extend(tracks.iter().map(|t| item(t.name, K::Track, &t.detail)));
            }
            out
        }
        [.., "line"] => part("boards"),
        [.., "dice"] => part("uniform"),
        ["input"] => part("case"),
        [.., "play"] => dialect::play_words(game)
            .into_iter()
            .map(|w| {
                let kind = if dialect::keywords().any(|k| k.name == w.name) {
                    K::Keyword
                } else {
                    K::Value
                };
                word(w, kind)
            })
            .collect(),
        [.., "play", p] if *p != "piece" => {
            let mut out: Vec<Completion> = dialect::directions()
                .map(|d| item(d, K::Direction, format!("`play {p} {d}`: one step {d}")))
                .collect();
            out.push(item(
                "to",
                K::Keyword,
                format!("`play {p} to (r, c)`: a move to a square"),
            ));
            out
        }
        [.., "facing"] => dialect::facings()
            .map(|d| item(d, K::Direction, "the direction the piece moves"))
            .collect(),
        ["piece", .., last] if last.ends_with(')') && takes(game, |d| d.facing) => part("facing"),
        [.., last] if place == Place::Session && !takes_a_value(last) => statements(game, true),
        _ => Vec::new(),
    }
}

/// [`complete_after`] in a known position: after `play`, only its legal
/// moves (`legal`, each as written after `play`: `A up`, `piece 2`, from
/// [`crate::workspace::Workspace::legal_plays`]): the players who may move,
/// the directions they may step in (and `to` while they have a move), the
/// pieces that may move. `None`: the position does not say, every move of
/// the game is offered.
pub fn complete_in_position(
    words: &[&str],
    place: Place,
    game: Option<GameKind>,
    tracks: &[TrackName],
    legal: Option<&[String]>,
) -> Vec<Completion> {
    if game == Some(GameKind::Rules) {
        if let (Some(legal), Some(at)) = (legal, words.iter().rposition(|w| *w == "play")) {
            if this_statement(words).first() == Some(&"play") {
                return super::rules::next_move_words(&words[at + 1..], legal);
            }
        }
    }
    let mut out = complete_after(words, place, game, tracks);
    let Some(legal) = legal else {
        return out;
    };
    let moves: Vec<(&str, &str)> = legal.iter().filter_map(|m| m.split_once(' ')).collect();
    match this_statement(words) {
        [.., "play"] => out.retain(|c| moves.iter().any(|(who, _)| *who == c.label)),
        [.., "play", "piece"] => {
            out = moves
                .iter()
                .filter(|(who, _)| *who == "piece")
                .map(|(_, n)| {
                    item(
                        n,
                        CompletionKind::Value,
                        format!("`play piece {n}`: a legal move by the next roll"),
                    )
                })
                .collect();
        }
        [.., "play", p] => out.retain(|c| {
            let mine = |(who, _): &&(&str, &str)| who == p;
            match c.label.as_str() {
                "to" => moves.iter().any(|m| mine(&m)),
                d => moves.iter().filter(mine).any(|(_, to)| *to == d),
            }
        }),
        _ => {}
    }
    out
}

/// The words of the statement under way: from the last word that starts
/// a line (a REPL line may hold several statements; `play piece` is one).
pub(super) fn this_statement<'w, 'a>(words: &'w [&'a str]) -> &'w [&'a str] {
    let Some(mut at) = words.iter().rposition(|w| dialect::starts_line(w)) else {
        return words;
    };
    if at > 0 && words[at] == "piece" && words[at - 1] == "play" {
        at -= 1;
    }
    &words[at..]
}

/// Whether the game (any game when `None`) has a property of its dialect.
fn takes(game: Option<GameKind>, has: impl Fn(&dialect::Dialect) -> bool) -> bool {
    dialect::games(game)
        .into_iter()
        .any(|g| has(dialect::dialect(g)))
}

/// A keyword inside a statement, with its help.
fn part(name: &str) -> Vec<Completion> {
    PARTS
        .iter()
        .filter(|w| w.name == name)
        .map(|w| item(w.name, CompletionKind::Keyword, w.help))
        .collect()
}

/// Whether the word before the cursor waits for a value no list holds (a
/// number, a coordinate, a name): after it, no statement is offered.
fn takes_a_value(word: &str) -> bool {
    matches!(
        word,
        "piece" | "at" | "to" | "step" | "scenario" | "track" | "input" | "case" | "uniform" | "x"
    )
}

/// The items a line may start (`track` where the game takes tracks).
fn items(game: Option<GameKind>) -> Vec<Completion> {
    ITEMS
        .iter()
        .filter(|w| w.name != "track" || takes(game, |d| d.tracks))
        .map(|w| item(w.name, CompletionKind::Keyword, w.help))
        .collect()
}

/// The statement keywords of a game (every statement when the game is not
/// known yet); `game` only while it is not known, or in a session (where
/// it changes the game).
pub(super) fn statements(game: Option<GameKind>, session: bool) -> Vec<Completion> {
    STATEMENTS
        .iter()
        .filter(|w| game.is_none_or(|g| g.keywords().contains(&w.name)))
        .filter(|w| session || game.is_none() || w.name != "game")
        .map(|w| item(w.name, CompletionKind::Keyword, w.help))
        .collect()
}

/// The `solve` fields of a game (of every game when it is not known yet).
fn fields(game: Option<GameKind>) -> impl Iterator<Item = &'static dialect::FieldWord> {
    let games: Vec<GameKind> = match game {
        Some(g) => vec![g],
        None => GameKind::ALL.to_vec(),
    };
    let mut seen = Vec::new();
    games
        .into_iter()
        .flat_map(|g| dialect::dialect(g).fields.iter())
        .filter(move |f| {
            let new = !seen.contains(&f.field);
            seen.push(f.field);
            new
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ide::fixture::labels;

    #[test]
    fn a_track_body_takes_routes_and_shortcuts() {
        let fixture = "track t {\n  $0\n}\nscenario \"s\" {\n  game yut\n}\n";
        assert_eq!(labels(fixture), ["route", "shortcut"]);
    }

    #[test]
    fn a_yut_board_is_the_built_in_one_or_a_track() {
        let fixture = "track t {\n  \n}\nscenario \"s\" {\n  game yut\n  board $0\n}\n";
        assert_eq!(labels(fixture), ["yut", "t"]);
    }

    #[test]
    fn input_offers_case_then_nothing() {
        let fixture = "scenario \"s\" {\n  game yut\n  input $0\n}\n";
        assert_eq!(labels(fixture), ["case"]);
        let fixture = "scenario \"s\" {\n  game yut\n  input case $0\n}\n";
        assert!(labels(fixture).is_empty());
    }

    #[test]
    fn a_rule_name_follows_the_game() {
        let fixture = "scenario \"s\" {\n  game yut\n  rule $0\n}\n";
        assert_eq!(labels(fixture), ["origin", "pieces"]);
        let fixture = "scenario \"f\" {\n  game footholds\n  rule steps $0\n}";
        assert_eq!(labels(fixture), ["orthogonal", "king"]);
    }

    #[test]
    fn a_rule_value_is_its_default_or_choices() {
        let fixture = "scenario \"s\" {\n  game yut\n  rule pieces $0\n}\n";
        assert_eq!(labels(fixture), ["4"]);
    }

    #[test]
    fn a_statement_start_offers_the_games_statements() {
        let fixture = "scenario \"s\" {\n  game yut\n  rule pieces \n  $0\n}\n";
        let stmts = labels(fixture);
        assert!(
            stmts.contains(&"dice".to_string()) && !stmts.contains(&"piece".to_string()),
            "{stmts:?}"
        );
    }

    #[test]
    fn an_expectation_names_the_games_fields() {
        let fixture = "scenario \"s\" {\n  game yut\n  expect $0\n}\n";
        assert_eq!(labels(fixture), ["answer", "score", "expected"]);
    }

    #[test]
    fn a_winner_is_a_player() {
        let fixture = "scenario \"f\" {\n  game footholds\n  expect winner $0\n}";
        assert_eq!(labels(fixture), ["A", "B"]);
    }

    #[test]
    fn a_footholds_play_takes_a_direction() {
        let fixture = "scenario \"f\" {\n  game footholds\n  play A $0\n}";
        assert_eq!(labels(fixture).len(), 9);
    }

    #[test]
    fn the_top_level_takes_scenarios_and_tracks() {
        let fixture = "scenario \"s\" {\n  game yut\n}\n\n$0";
        assert_eq!(labels(fixture), ["scenario", "track"]);
    }

    #[test]
    fn a_comment_completes_nothing() {
        assert!(labels("# rule $0\n").is_empty());
    }

    #[test]
    fn a_game_is_one_of_three() {
        assert_eq!(labels("scenario \"x\" {\n  game $0").len(), 3);
    }

    /// (The cursor after `play ` of a line that parses: the game is known.)
    #[test]
    fn a_stacking_piece_is_followed_by_its_facing() {
        let fixture = "scenario \"s\" {\n  game stacking\n  piece 1 at (0, 0) $0\n  play A up\n}";
        assert_eq!(labels(fixture), ["facing"]);
    }

    #[test]
    fn stacking_has_no_players() {
        let fixture = "scenario \"s\" {\n  game stacking\n  piece 1 at (0, 0) \n  play $0A up\n}";
        assert!(labels(fixture).is_empty());
    }

    #[test]
    fn footholds_has_no_tracks() {
        let fixture = "scenario \"f\" {\n  game footholds\n  board $0\n  piece A at (0, 0) \n}";
        assert!(labels(fixture).is_empty());
    }

    #[test]
    fn a_footholds_piece_has_no_facing() {
        let fixture = "scenario \"f\" {\n  game footholds\n  board \n  piece A at (0, 0) $0\n}";
        assert!(labels(fixture).is_empty());
    }

    /// Issue 32 item 4: in a known position, `play A ` offers A's legal
    /// steps only (and `to`), nothing for the player not to move.
    #[test]
    fn a_known_position_offers_only_its_legal_moves() {
        let at = |words: &[&str], game, legal: &[&str]| -> Vec<String> {
            let legal: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
            complete_in_position(words, Place::Session, game, &[], Some(&legal))
                .into_iter()
                .map(|c| c.label)
                .collect()
        };
        let f = Some(GameKind::Footholds);
        let legal = ["A right", "A down"];
        assert_eq!(at(&["play", "A"], f, &legal), ["down", "right", "to"]);
        assert!(at(&["play", "B"], f, &legal).is_empty());
        assert_eq!(at(&["play"], f, &legal), ["A"]);
        assert!(at(&["play"], f, &[]).is_empty());
        assert!(at(&["solve", "play", "A"], f, &[]).is_empty());
        let y = Some(GameKind::Yut);
        assert_eq!(
            at(&["play", "piece"], y, &["piece 2", "piece 4"]),
            ["2", "4"]
        );
        assert_eq!(at(&["play"], y, &["piece 2"]), ["piece"]);
        // Unknown: every move of the game, as before.
        let all = complete_in_position(&["play", "A"], Place::Session, f, &[], None);
        assert_eq!(all.len(), 9);
    }

    #[test]
    fn before_the_game_play_takes_any_games_target() {
        assert_eq!(
            labels("scenario \"a\" {\n  play $0\n}"),
            ["A", "B", "piece"]
        );
    }

    /// The REPL's session: `game` and the items at the start of a line,
    /// more statements after a finished one, the statement under way only.
    #[test]
    fn a_session_line_completes_its_last_statement() {
        let at = |words: &[&str], game| -> Vec<String> {
            complete_after(words, Place::Session, game, &[])
                .into_iter()
                .map(|c| c.label)
                .collect()
        };
        let yut = Some(GameKind::Yut);
        let start = at(&[], yut);
        for w in ["game", "dice", "scenario", "track"] {
            assert!(start.contains(&w.to_string()), "{w} in {start:?}");
        }
        assert!(!at(&[], Some(GameKind::Stacking)).contains(&"track".to_string()));
        assert_eq!(at(&["solve", "rule"], yut), ["origin", "pieces"]);
        assert_eq!(at(&["undo", "play"], yut), ["piece"]);
        assert!(at(&["solve"], yut).contains(&"show".to_string()));
        assert!(at(&["play", "piece"], yut).is_empty());
        assert!(at(&["solve", "play", "piece"], yut).is_empty());
    }
}
