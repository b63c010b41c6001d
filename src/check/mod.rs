//! The checker: validates a whole file before anything runs and reports
//! every independent error at once.

use crate::error::{Code, Diag, Diags};
use crate::games::options::RulesGame;
use crate::games::Definitions;
use crate::games::{GameKind, Options};
use crate::interp::check_scenario;
use crate::limits::Limits;
use crate::syntax::ast::{File, Scenario, Spanned, Stmt};
use crate::syntax::dialect::did_you_mean;

pub mod imports;
#[cfg(test)]
mod order_tests;
#[cfg(test)]
mod tests;

/// A file that passed the checker, ready to run.
pub struct Checked {
    /// The parsed file.
    pub file: File,
    /// The `track` definitions, built and validated.
    pub(crate) defs: Definitions,
    /// Each scenario's game and options, in file order.
    pub(crate) plans: Vec<(GameKind, Options)>,
    /// What is worth saying of a valid file, as warnings: a file that
    /// holds no scenario (`meeple::file::empty`, added where a file's text
    /// is checked: [`crate::pipeline::check_text`] and the functions
    /// built on it).
    pub warnings: Diags,
}

impl Checked {
    /// Read `text` as a judge input of the file's rules block `name`, by
    /// its `input { … }` format, as `input """…"""` reads it (`meeple
    /// validate --rules FILE --game NAME`): its diagnostics, their spans in
    /// `text`. `None` when the file has no such block.
    pub fn read_judge_input(&self, name: &str, text: &str) -> Option<Result<(), Diags>> {
        let prog = self.defs.rules(name).ok().flatten()?;
        Some(crate::games::rules::judge::read_input(&prog, text))
    }
}

impl Checked {
    /// Answer the judge input `text` of the file's rules block `name` as
    /// the judge would (`meeple answer --rules FILE --game NAME`): every
    /// case it holds (all `T` of a `cases` format) read and set up as
    /// `input case K """…"""` would, solved under its own budget of
    /// `limits`, one answer line each (`output FIELD`), in order; the
    /// diagnostics of the format or of the first case that fails, their
    /// spans in `text`. `None` when the file has no such block.
    pub fn answer_judge_input(
        &self,
        name: &str,
        text: &str,
        limits: &Limits,
    ) -> Option<Result<String, Diags>> {
        let prog = self.defs.rules(name).ok().flatten()?;
        Some(crate::games::rules::judge::answer_input(
            &prog, text, limits,
        ))
    }
}

/// Check a parsed file (its tracks are built without limits).
pub fn check(file: File) -> Result<Checked, Diags> {
    check_with(file, &Limits::default())
}

/// Check a parsed file, building each of its tracks within a budget of `limits`.
pub(crate) fn check_with(file: File, limits: &Limits) -> Result<Checked, Diags> {
    check_importing(file, imports::Imported::default(), limits)
}

/// [`check_with`] with the definitions the file's imports bring (resolved
/// by [`imports::resolve`]): visible to its scenarios as its own.
pub(crate) fn check_importing(
    file: File,
    imported: imports::Imported,
    limits: &Limits,
) -> Result<Checked, Diags> {
    let mut diags = Vec::new();
    let mut first_of: std::collections::HashMap<&str, &Scenario> = std::collections::HashMap::new();
    for sc in &file.scenarios {
        match first_of.entry(sc.name.node.as_str()) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(sc);
            }
            std::collections::hash_map::Entry::Occupied(o) => {
                let first = *o.get();
                diags.push(
                    Diag::new(
                        Code::ScenarioDuplicateName,
                        format!("two scenarios are named \"{}\"", sc.name.node),
                    )
                    .label(sc.name.span, "this name is taken")
                    .label(first.name.span, "first used here")
                    .help("scenario names are unique within a file; rename one"),
                );
            }
        }
    }
    let files = imported.files;
    let tracks: Vec<_> = imported
        .tracks
        .into_iter()
        .chain(file.tracks.clone())
        .collect();
    let (mut defs, track_diags) = Definitions::build(&tracks, limits);
    diags.extend(track_diags);
    let rules: Vec<_> = imported
        .rules
        .into_iter()
        .chain(file.rules.clone())
        .collect();
    // A block's warnings (a judge format's new name close to a param's)
    // leave the file valid; an imported block's are its own file's.
    let (warnings, errors): (Diags, Diags) = defs
        .add_rules(&rules)
        .into_iter()
        .partition(Diag::is_warning);
    diags.extend(errors);
    let warnings: Diags = warnings
        .into_iter()
        .filter(|w| {
            w.span().is_some_and(|at| {
                file.rules
                    .iter()
                    .any(|r| r.span.start() <= at.start() && at.end() <= r.span.end())
            })
        })
        .collect();
    defs.add_unread(&file.unread_rules);
    defs.set_imported(files);
    let mut plans = Vec::new();
    for sc in &file.scenarios {
        match scenario_game(sc, &defs) {
            Ok((game, rules)) => {
                let (mut opts, opt_diags) = Options::collect(game, &sc.stmts);
                opts.rules = rules;
                opts.engine = limits.engine;
                if let Some(d) = no_native(sc, game, limits.engine) {
                    diags.push(d);
                }
                diags.extend(opt_diags);
                diags.extend(check_scenario(sc, game, &opts, &defs));
                plans.push((game, opts));
            }
            Err(ds) => diags.extend(ds),
        }
    }
    if diags.is_empty() {
        Ok(Checked {
            file,
            defs,
            plans,
            warnings,
        })
    } else {
        diags.extend(warnings);
        diags.sort_by_key(|d| d.span().map(|s| s.start()));
        Err(diags)
    }
}

/// `--engine native` on a game that has no native solver (a rules block
/// of the file): on its `game` statement.
fn no_native(sc: &Scenario, game: GameKind, engine: crate::limits::Engine) -> Option<Diag> {
    if engine != crate::limits::Engine::Native || game != GameKind::Rules {
        return None;
    }
    let (span, name) = sc.stmts.iter().find_map(|s| match &s.node {
        Stmt::Game(name) => Some((s.span, name.node.clone())),
        _ => None,
    })?;
    Some(
        Diag::new(
            Code::EngineNative,
            format!("`{name}` has no native solver, and `--engine native` asks for one"),
        )
        .label(span, "a rules game: only the generic engine answers it")
        .help("drop `--engine native` (or use `--engine rules`); footholds, yut and stacking have native solvers"),
    )
}

/// The scenario's `game`, which must come first and only once: a built-in
/// game, or a `rules` block of the file (with its program). A broken rules
/// block gives no diagnostic here (its own are reported).
fn scenario_game(
    sc: &Scenario,
    defs: &Definitions,
) -> Result<(GameKind, Option<RulesGame>), Diags> {
    let games: Vec<_> = sc
        .stmts
        .iter()
        .filter_map(|s| match &s.node {
            Stmt::Game(name) => Some((s, name)),
            _ => None,
        })
        .collect();
    let mut diags = Vec::new();
    let Some((first_stmt, name)) = games.first() else {
        return Err(vec![Diag::new(
            Code::ScenarioNoGame,
            format!(
                "scenario \"{}\" does not say which game it is",
                sc.name.node
            ),
        )
        .label(sc.name.span, "no `game` statement")
        .help(
            "start the scenario with `game footholds`, `game yut` or `game stacking`",
        )]);
    };
    for (dup, _) in games.iter().skip(1) {
        diags.push(crate::games::duplicate(
            Code::GameDuplicate,
            dup.span,
            "`game`",
            first_stmt.span,
        ));
    }
    if !std::ptr::eq(*first_stmt, &sc.stmts[0]) {
        diags.push(
            Diag::new(Code::ScenarioNoGame, "`game` must be the first statement")
                .label(first_stmt.span, "comes after other statements")
                .label(sc.stmts[0].span, "the scenario starts here")
                .help("move `game …` to the top of the scenario"),
        );
    }
    let mut rules = None;
    let mut game = GameKind::from_name(&name.node);
    if game.is_none() {
        match defs.rules(&name.node) {
            Ok(Some(prog)) => {
                game = Some(GameKind::Rules);
                rules = Some(RulesGame {
                    name: name.node.clone(),
                    prog,
                });
            }
            Ok(None) => {}
            Err(()) => return Err(diags),
        }
    }
    if game.is_none() {
        diags.push(unknown_game(name, defs));
    }
    match game {
        Some(g) if diags.is_empty() => Ok((g, rules)),
        _ => Err(diags),
    }
}

/// `game NAME` naming no game: the built-in games and the rules games
/// `defs` holds are listed, with a did-you-mean over all of them (the
/// REPL's `game NAME` says the same).
pub(crate) fn unknown_game(name: &Spanned<String>, defs: &Definitions) -> Diag {
    let known: Vec<&str> = GameKind::ALL
        .map(GameKind::name)
        .into_iter()
        .chain(defs.rules_names())
        .collect();
    Diag::new(
        Code::GameUnknown,
        format!("meeple has no game `{}`", name.node),
    )
    .label(name.span, "unknown game")
    .suggest(crate::syntax::dialect::suggest(
        &name.node,
        known.iter().copied(),
    ))
    .help({
        let list = games_list(&known);
        match did_you_mean(&name.node, known.iter().copied()) {
            Some(hint) => format!("{hint} the games are {list}"),
            None => format!("the games are {list}"),
        }
    })
}

/// "footholds, yut and stacking": the games a file can name, in words.
fn games_list(known: &[&str]) -> String {
    match known.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}
