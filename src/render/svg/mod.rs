//! SVG pictures of answers (`show`, `line`, `analyze`), drawn from the
//! typed answers only: each game draws its own (`games::*::picture`), on
//! a tiny SVG writer (`games::svg`).
//!
//! Every picture is deterministic (the same answer gives the same bytes),
//! self-contained (no fonts or files: text uses the generic `sans-serif`
//! family) and has a `viewBox` and a `<title>`. [`files`] names and writes
//! them for `meeple run --svg DIR`.

pub mod files;

pub use crate::games::footholds::picture::{A_COLOUR, B_COLOUR, FOOTHOLD, HOLE};
pub use crate::games::stacking::picture::{BLUE_CELL, RED_CELL, WHITE_CELL};
pub(crate) use crate::games::svg as doc;
pub use crate::games::svg::{note, too_large, MAX_CELLS};
use crate::games::Answer;
use crate::syntax::ast::QueryKind;

/// The picture of one answer, titled `title`; `None` for a query that draws
/// nothing (`solve`: its answer is a number).
pub fn answer(title: &str, query: QueryKind, answer: &Answer) -> Option<String> {
    if query == QueryKind::Solve {
        return None;
    }
    answer.inner().picture(title)
}

/// The title of a picture: `scenario · query (line N)`.
pub fn title(scenario: &str, query: QueryKind, line: usize) -> String {
    format!("{scenario} · {} (line {line})", query.keyword())
}
