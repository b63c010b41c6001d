//! Completion from the dialect table: what may be written at the cursor,
//! given the words before it on its line and the scenario's game.

use super::Analysis;
use crate::games::GameKind;
use crate::interp::game_of;
use crate::syntax::ast::Dir;
use crate::syntax::dialect::{self, ValueKind, ITEMS, RULES, STATEMENTS};

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

fn item(label: &str, kind: CompletionKind, detail: impl Into<String>) -> Completion {
    Completion {
        label: label.to_string(),
        kind,
        detail: detail.into(),
    }
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
        let prefix = &self.text[start..offset];
        if prefix.contains('#') || prefix.contains('"') {
            return Vec::new();
        }
        let mut words: Vec<&str> = prefix.split_whitespace().collect();
        if !prefix.is_empty() && !prefix.ends_with(char::is_whitespace) {
            words.pop(); // the word being typed
        }
        let scenario = self.scenario_at(offset);
        let game = scenario.and_then(game_of);
        use CompletionKind as K;
        match words.as_slice() {
            [] if self.track_at(offset).is_some() => vec![
                item("route", K::Keyword, "`route start … finish`: the main path"),
                item(
                    "shortcut",
                    K::Keyword,
                    "`shortcut FROM … TO`: a path taken when a piece stops on FROM",
                ),
            ],
            [] if scenario.is_some() => statements(game),
            [] => ITEMS
                .iter()
                .map(|w| item(w.name, K::Keyword, w.help))
                .collect(),
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
                if matches!(game, None | Some(GameKind::Yut)) {
                    out.push(item("yut", K::Value, "the standard yut board"));
                    out.extend(self.file.tracks.iter().map(|t| {
                        item(
                            &t.name.node,
                            K::Track,
                            format!(
                                "the track defined on line {}",
                                self.lines.line(t.span.start)
                            ),
                        )
                    }));
                }
                out
            }
            ["line"] => vec![item(
                "boards",
                K::Value,
                "`line boards`: draw the board after each move",
            )],
            ["dice"] => vec![item(
                "uniform",
                K::Value,
                "`dice uniform LO..HI x COUNT`: random rolls",
            )],
            ["play"] => match game {
                Some(GameKind::Yut) => vec![item(
                    "piece",
                    K::Keyword,
                    "`play piece N`: move piece N by the next roll",
                )],
                _ => ["A", "B"]
                    .iter()
                    .map(|p| item(p, K::Value, format!("player {p}")))
                    .collect(),
            },
            ["play", p] if *p != "piece" => {
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
            [.., "facing"] => [Dir::Right, Dir::Left, Dir::Up, Dir::Down]
                .iter()
                .map(|d| item(d.name(), K::Direction, "the direction the piece moves"))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The statement keywords of a game (every statement when the game is not known yet).
fn statements(game: Option<GameKind>) -> Vec<Completion> {
    STATEMENTS
        .iter()
        .filter(|w| game.is_none_or(|g| g.keywords().contains(&w.name)))
        .filter(|w| game.is_none() || w.name != "game")
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

    fn labels(text: &str, marker: &str) -> Vec<String> {
        let at = text.find(marker).unwrap() + marker.len();
        Analysis::new(text)
            .completions(at)
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    #[test]
    fn completion_follows_the_game_and_the_words_before_the_cursor() {
        let text = "track t {\n  \n}\nscenario \"s\" {\n  game yut\n  board \n  rule \n  rule pieces \n  \n  expect \n}\n\n";
        assert_eq!(labels(text, "track t {\n  "), ["route", "shortcut"]);
        assert_eq!(labels(text, "board "), ["yut", "t"]);
        assert_eq!(labels(text, "rule "), ["origin", "pieces"]);
        assert_eq!(labels(text, "rule pieces "), ["4"]);
        let stmts = labels(text, "pieces \n  ");
        assert!(
            stmts.contains(&"dice".to_string()) && !stmts.contains(&"piece".to_string()),
            "{stmts:?}"
        );
        assert_eq!(labels(text, "expect "), ["answer", "score", "expected"]);
        assert_eq!(labels(text, "}\n\n"), ["scenario", "track"]);
        let foot =
            "scenario \"f\" {\n  game footholds\n  play A \n  expect winner \n  rule steps \n}";
        assert_eq!(labels(foot, "play A ").len(), 9);
        assert_eq!(labels(foot, "expect winner "), ["A", "B"]);
        assert_eq!(labels(foot, "rule steps "), ["orthogonal", "king"]);
        assert!(labels("# rule \n", "# rule ").is_empty());
        assert_eq!(labels("scenario \"x\" {\n  game ", "game ").len(), 3);
    }
}
