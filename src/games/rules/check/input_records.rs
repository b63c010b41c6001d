//! The record items of a judge format (docs/rules-language.md, *Judge
//! input*): values the judge writes as words (`as "L" | "D"`), the cells
//! of a bool layer (`cells K: LAYER`) and records into list vars (`lists
//! K: VAR, …`).

use super::input::{bad, known};
use super::Checker;
use crate::games::rules::types::Ty;
use crate::syntax::rules::input::*;
use std::collections::HashSet;

impl Checker<'_> {
    /// `as "L" | "D"`: words of a direction, an enumeration or a bool, at
    /// most one per value, each a distinct judge word (no blanks).
    pub(super) fn spelled_format(&mut self, x: &FieldFormat, ty: &Ty) {
        let values: Vec<String> = match ty {
            Ty::Dir => super::DIRECTIONS.iter().map(|d| d.to_string()).collect(),
            Ty::Enum(i) => self.d.enums.get(*i).cloned().unwrap_or_default(),
            Ty::Bool => vec!["false".into(), "true".into()],
            Ty::Any => return,
            _ => {
                return self.err(
                    bad(
                        format!("`{}` has no words to spell", x.field.node),
                        x.spelled[0].span,
                        "not a direction, enumeration or bool",
                    )
                    .help("`as \"A\" | \"B\"` spells the values of an enumeration (or a direction or bool); remove it"),
                )
            }
        };
        if x.spelled.len() > values.len() {
            let extra = &x.spelled[values.len()];
            self.err(
                bad(
                    format!(
                        "`{}` has {} values, but {} words are given",
                        x.field.node,
                        values.len(),
                        x.spelled.len()
                    ),
                    extra.span,
                    "no value left for this word",
                )
                .help(format!(
                    "the i-th word stands for the i-th value: {}",
                    values.join(", ")
                )),
            );
        }
        let mut seen = HashSet::new();
        for w in &x.spelled {
            let blank = w.node.is_empty()
                || w.node
                    .chars()
                    .any(|c| c.is_whitespace() || matches!(c, '#' | ',' | '[' | ']'));
            if blank {
                self.err(
                    bad(
                        format!("\"{}\" is not one word of the judge", w.node),
                        w.span,
                        "not a word",
                    )
                    .help("a judge word is not empty and has no blank, `#`, `,`, `[` or `]`"),
                );
            } else if !seen.insert(w.node.clone()) {
                self.err(
                    bad(format!("\"{}\" is given twice", w.node), w.span, "again")
                        .help("each value has its own word"),
                );
            }
        }
        if let Some(b) = &x.from {
            self.err(
                bad("words are not counted", b.span, "`from` with words")
                    .help("`from` is for values written as numbers; remove it"),
            );
        }
    }

    /// The layer of a `cells K: LAYER` item: a bool layer, given once.
    pub(super) fn mark_layer(
        &mut self,
        layer: &crate::syntax::ast::Spanned<String>,
        marked: &mut HashSet<String>,
    ) {
        let found = self
            .d
            .layers
            .iter()
            .find(|l| l.name.node == layer.node)
            .cloned();
        let Some(l) = found else {
            let names: Vec<&str> = self.d.layers.iter().map(|l| l.name.node.as_str()).collect();
            let list = if names.is_empty() {
                "the game declares no layer (`layer apple: bool`)".to_string()
            } else {
                format!("the layers are: {}", names.join(", "))
            };
            return self.err(
                bad(
                    format!("the game has no layer `{}`", layer.node),
                    layer.span,
                    "no such layer",
                )
                .help(known(&layer.node, names.iter().copied(), list)),
            );
        };
        if l.ty != Ty::Bool {
            return self.err(
                bad(
                    format!("`{}` is not a bool layer", layer.node),
                    layer.span,
                    "not bool",
                )
                .help("a `cells` item lists the cells where a bool layer is true; read other layers by `rows`, through the legend"),
            );
        }
        if !marked.insert(layer.node.clone()) {
            self.err(
                bad(
                    format!("the judge input gives the cells of `{}` twice", layer.node),
                    layer.span,
                    "again",
                )
                .help("one `cells` item lists all of a layer's cells"),
            );
        }
    }

    /// A var of a `lists K: VAR, …` item: a `list of T` var of numbers,
    /// bools, cells, directions or an enumeration, given once.
    pub(super) fn list_format(&mut self, x: &FieldFormat, read: &mut HashSet<String>) {
        let name = &x.field;
        let lists: Vec<&str> = (self.d.vars.iter())
            .filter(|v| matches!(v.ty, Ty::List(..)))
            .map(|v| v.name.node.as_str())
            .collect();
        let list = if lists.is_empty() {
            "the game declares no list var (`var turns: list of 1..100 max 100`)".to_string()
        } else {
            format!("the list vars are: {}", lists.join(", "))
        };
        let var = self
            .d
            .vars
            .iter()
            .find(|v| v.name.node == name.node)
            .cloned();
        let Some(var) = var else {
            return self.err(
                bad(
                    format!("the game has no var `{}`", name.node),
                    name.span,
                    "no such var",
                )
                .help(known(&name.node, lists.iter().copied(), list)),
            );
        };
        let Ty::List(item, _) = &var.ty else {
            return self.err(
                bad(
                    format!("`{}` is not a list var", name.node),
                    name.span,
                    "not a list",
                )
                .help(format!(
                    "a `lists` item appends to `list of T` vars; read a number with `{}: LO..HI`",
                    name.node
                )),
            );
        };
        if !read.insert(name.node.clone()) {
            self.err(
                bad(
                    format!("the judge input gives `{}` twice", name.node),
                    name.span,
                    "read again",
                )
                .help("each list var is read by one `lists` item"),
            );
        }
        self.values_format(x, item);
        if let (Some(at), false) = (x.increasing, matches!(**item, Ty::Int(_) | Ty::Any)) {
            self.err(
                bad(
                    format!("`{}` is not a list of numbers", name.node),
                    at,
                    "`increasing` orders numbers",
                )
                .help("`increasing` says the judge's numbers grow line by line; remove it"),
            );
        }
        if !matches!(
            **item,
            Ty::Cell | Ty::Dir | Ty::Enum(_) | Ty::Int(_) | Ty::Bool | Ty::Any
        ) {
            self.err(
                bad(
                    format!("the judge cannot write the items of `{}`", name.node),
                    name.span,
                    "not a list of cells, numbers, bools, directions or an enumeration",
                )
                .help("read it another way, or set it in `setup`"),
            );
        }
    }
}
