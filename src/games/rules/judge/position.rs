//! A rules game's start position as its judge problem sees it: the judge
//! input its `input { … }` format writes, and the answer line its
//! `output FIELD` gives (`meeple export --judge`, `meeple judge`).

use crate::budget::Budget;
use crate::error::Diag;
use crate::games::judge_position::GamePosition;
use crate::games::rules::answer;
use crate::games::rules::program::Program;
use crate::games::rules::session::{objective, solve_diag};
use crate::games::rules::setup::{start, ScenarioInput};
use crate::games::rules::solve;
use crate::games::rules::state::{Instance, State};
use crate::games::FieldValue;
use crate::games::{GameKind, JudgePosition, NotInstance};
use crate::syntax::ast::Span;
use crate::syntax::dialect::Field;
use std::any::Any;
use std::sync::Arc;

/// A rules game's position: the declarations that make it, its start, and
/// its judge input.
#[derive(Clone)]
pub(crate) struct RulesPosition {
    /// What the scenario declared (the board, pieces, params, vars, dice).
    pub(super) declared: ScenarioInput,
    inst: Instance,
    start: State,
    input: String,
}

impl std::fmt::Debug for RulesPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "RulesPosition({}: {:?})",
            self.inst.prog.name, self.input
        )
    }
}

impl RulesPosition {
    /// The start position of `prog` that `declared` makes, or why its
    /// judge input cannot be written.
    pub(crate) fn new(
        prog: Arc<Program>,
        declared: ScenarioInput,
    ) -> Result<RulesPosition, NotInstance> {
        let (inst, s) = start(prog, &declared).map_err(|e| {
            NotInstance::Rule(match e {
                crate::games::rules::setup::SetupError::Scenario(ds) => {
                    ds.first().map_or(String::new(), |d| d.message.clone())
                }
                crate::games::rules::setup::SetupError::Run(r) => format!("{r:?}"),
            })
        })?;
        RulesPosition::started(inst, s, declared)
    }

    /// [`RulesPosition::new`] for a start already set up from `declared`.
    pub(crate) fn started(
        inst: Instance,
        s: State,
        declared: ScenarioInput,
    ) -> Result<RulesPosition, NotInstance> {
        let input = super::write::write(&inst, &s, &declared.board).map_err(NotInstance::Rule)?;
        // One judge input, one answer: a position its input does not say
        // (a `rule` the format has no place for, …) is no judge instance.
        super::start::says(&inst, &s, &input).map_err(NotInstance::Rule)?;
        Ok(RulesPosition {
            declared,
            inst,
            start: s,
            input,
        })
    }

    /// The program.
    pub(super) fn prog(&self) -> &Arc<Program> {
        &self.inst.prog
    }

    /// The judge's answer field (`output FIELD`, `answer` when not written).
    fn output(&self) -> &str {
        output(&self.inst)
    }
}

/// The judge's answer field of `inst` (`output FIELD`, `answer` when not
/// written).
fn output(inst: &Instance) -> &str {
    inst.prog.output.as_deref().unwrap_or("answer")
}

/// The judge's answer line of the start `s` of `inst`: its solve's
/// `output` field and a newline (`meeple export`'s `.out`, `meeple
/// answer`); a diagnostic on `span` when the solve stops or gives no such
/// field.
pub(crate) fn answer(
    inst: &Instance,
    s: &State,
    budget: &Budget,
    span: Span,
) -> Result<String, Diag> {
    let objective = objective(inst, span)?;
    let v = solve::solve(inst, s, &objective, budget).map_err(|e| solve_diag(e, span))?;
    let a = answer::solved(&inst.prog.name, inst, &v);
    // With random dice, `answer` is the expectation (as `meeple run`
    // prints it); never an empty line.
    match line(inst, &a.fields) {
        Some(line) => Ok(line),
        None => Err(Diag::new(
            crate::error::Code::QueryMissing,
            format!(
                "the solve of this start gives no field `{}` for the judge's answer",
                output(inst)
            ),
        )
        .label(span, "its `output` field is missing here")),
    }
}

/// The answer line `fields` give under `inst`'s `output` field (a list
/// field, `printed`: its values one a line, no line when it is empty).
fn line(inst: &Instance, fields: &[(Field, FieldValue)]) -> Option<String> {
    let field = output(inst);
    let value = match crate::games::judge_field(fields, field)? {
        FieldValue::List(items) => {
            return Some(items.iter().map(|v| format!("{v}\n")).collect());
        }
        // A score of a game that rolls random dice is a real number,
        // whether or not this start rolls one: one format a folder.
        FieldValue::Int(n)
            if matches!(field, "answer" | "score" | "expected") && answer::random_dice(inst) =>
        {
            FieldValue::Ratio(num_rational::BigRational::from_integer(n.into()))
        }
        v => v,
    };
    Some(format!("{value}\n"))
}

impl GamePosition for RulesPosition {
    fn game(&self) -> GameKind {
        GameKind::Rules
    }

    fn game_name(&self) -> String {
        self.inst.prog.name.clone()
    }

    fn answer_field(&self) -> String {
        self.output().to_string()
    }

    fn definitions(&self) -> String {
        let text = &self.inst.prog.text;
        if text.is_empty() {
            String::new()
        } else {
            format!("{text}\n\n")
        }
    }

    fn instance(&self) -> Result<(), NotInstance> {
        super::read::within(&self.inst.prog, &self.input)
    }

    fn problem(&self) -> &str {
        &self.inst.prog.name
    }

    fn input(&self) -> String {
        self.input.clone()
    }

    fn cases_max(&self) -> Option<u64> {
        let cases = self.inst.prog.input.as_ref()?.cases.as_ref()?;
        Some(match cases.range.hi.node {
            crate::syntax::rules::input::Bound::Int(n) => n.max(1) as u64,
            // The first item: no name is known before it.
            crate::syntax::rules::input::Bound::Name(_) => 1,
        })
    }

    fn answer(&self, budget: &Budget, span: Span) -> Result<String, Diag> {
        answer(&self.inst, &self.start, budget, span)
    }

    fn answer_line(&self, fields: &[(Field, FieldValue)]) -> Option<String> {
        line(&self.inst, fields)
    }

    fn shrink(&self) -> Vec<JudgePosition> {
        super::shrink::candidates(self)
            .into_iter()
            .filter_map(|d| RulesPosition::new(self.prog().clone(), d).ok())
            .filter(|p| p.input != self.input)
            .map(JudgePosition::new)
            .collect()
    }

    fn rules(&self) -> String {
        String::new()
    }

    fn same(&self, other: &dyn GamePosition) -> bool {
        other
            .as_any()
            .downcast_ref::<RulesPosition>()
            .is_some_and(|o| o.inst.prog.name == self.inst.prog.name && o.input == self.input)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
