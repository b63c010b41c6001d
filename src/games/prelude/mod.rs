//! The prelude: the three built-in games written as rules scripts
//! (`footholds.game`, `yut.game`, `stacking.game` in this folder), shipped
//! in the binary and readable with `meeple rules show NAME`. `game
//! footholds` is the prelude script `footholds` with the native solver
//! registered as its accelerator: by default the native session answers,
//! and with `--engine rules` ([`crate::limits::Engine::Rules`]) the
//! script's session on the generic engine does (`session.rs`).

mod answer;
mod session;

use super::rules::program::Program;
use super::{GameKind, Options, Session};
use std::sync::{Arc, OnceLock};

/// The prelude's scripts: each built-in game's name and its text.
const SCRIPTS: [(GameKind, &str); 3] = [
    (GameKind::Footholds, include_str!("footholds.game")),
    (GameKind::Yut, include_str!("yut.game")),
    (GameKind::Stacking, include_str!("stacking.game")),
];

/// The names of the prelude's scripts, in order: `footholds`, `yut`,
/// `stacking`.
pub fn names() -> Vec<&'static str> {
    SCRIPTS.iter().map(|(k, _)| k.name()).collect()
}

/// The text of the prelude script `name` (`None` for a name that is not
/// one of them).
pub fn text(name: &str) -> Option<&'static str> {
    SCRIPTS
        .iter()
        .find(|(k, _)| k.name() == name)
        .map(|(_, t)| *t)
}

/// The compiled program of a built-in game's script: parsed, checked and
/// compiled once per process. `None` for a game without a script (a rules
/// block of a file).
pub(crate) fn program(kind: GameKind) -> Option<Arc<Program>> {
    static PROGRAMS: [OnceLock<Arc<Program>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = SCRIPTS.iter().position(|(k, _)| *k == kind)?;
    Some(
        PROGRAMS[i]
            .get_or_init(|| Arc::new(compile(SCRIPTS[i].1).expect("the prelude scripts are valid")))
            .clone(),
    )
}

/// A prelude script compiled, or its diagnostics.
fn compile(text: &str) -> Result<Program, crate::error::Diags> {
    let (file, diags) = crate::syntax::parse(text);
    if !diags.is_empty() {
        return Err(diags);
    }
    let def = file.rules.first().ok_or_else(Vec::new)?;
    let decls = super::rules::check::check_prelude(def)?;
    Ok(super::rules::compile::compile(def, decls))
}

/// A new scenario of a built-in game on the generic engine: its prelude
/// script's session, fed the native scenario forms.
pub(crate) fn session(kind: GameKind, opts: &Options) -> Box<dyn Session> {
    Box::new(session::PreludeSession::new(kind, opts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_parses_checks_and_compiles_under_its_games_name() {
        assert_eq!(names(), ["footholds", "yut", "stacking"]);
        for (kind, text) in SCRIPTS {
            let p = compile(text).unwrap_or_else(|d| panic!("{kind}: {d:?}"));
            assert!(text.contains(&format!("rules {} {{", kind.name())));
            assert!(text.starts_with('#'), "{kind}: a header comment");
            drop(p);
            assert!(program(kind).is_some());
        }
        assert_eq!(text("yut"), Some(SCRIPTS[1].1));
        assert_eq!(text("marbles"), None);
        assert!(program(GameKind::Rules).is_none());
    }

    #[test]
    fn a_user_file_still_may_not_take_a_built_in_name() {
        let (file, d) = crate::syntax::parse(SCRIPTS[0].1);
        assert!(d.is_empty());
        let e = crate::games::rules::check(&file.rules[0]).unwrap_err();
        assert_eq!(e[0].code, crate::error::Code::RulesDuplicate);
        assert!(e[0].message.contains("built-in"));
    }
}
