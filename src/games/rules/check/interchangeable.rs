//! `piece interchangeable 1..K { … }` (docs/rules-language.md, *Pieces*):
//! the solvers count positions that differ only by which of those pieces is
//! where as one. The checker refuses what would tell them apart by more than
//! their fields: the word on named pieces, state or params of type `piece`
//! (their values would need renaming), and in `turn` a piece picked by its
//! place among the pieces (an index or slice of a list of pieces, `index`
//! in one, `find` over one, `<`/`>` between pieces).

use super::*;

impl Checker<'_> {
    /// The span of the first `interchangeable` word of the block.
    pub(super) fn interchangeable_at(&self) -> Option<Span> {
        self.def.parts.iter().find_map(|p| match &p.node {
            Part::Piece {
                interchangeable, ..
            } => *interchangeable,
            _ => None,
        })
    }

    /// The word on named pieces, and declared state or params of type
    /// `piece` beside an interchangeable range.
    pub(super) fn check_interchangeable(&mut self) {
        for p in &self.def.parts {
            if let Part::Piece {
                interchangeable: Some(at),
                names: PieceNames::Named(_),
                ..
            } = &p.node
            {
                self.diags.push(
                    diag(
                        Code::RulesInterchangeable,
                        "named pieces are not interchangeable",
                        *at,
                        "only a numbered range may be",
                    )
                    .help("write `piece interchangeable 1..K { … }`, or remove the word"),
                );
            }
        }
        let Some(at) = self.interchangeable_at() else {
            return;
        };
        let d = &self.d;
        let typed = [
            ("param", &d.params),
            ("var", &d.vars),
            ("layer", &d.layers),
            ("field", &d.fields),
        ];
        let mut found = Vec::new();
        for (what, vs) in typed {
            for v in vs.iter().filter(|v| names_piece(&v.ty)) {
                found.push((what, v.name.clone()));
            }
        }
        for (what, name) in found {
            self.diags.push(
                diag(
                    Code::RulesInterchangeable,
                    format!(
                        "{what} `{}` holds a piece, but pieces are interchangeable",
                        name.node
                    ),
                    name.span,
                    "a value naming one piece",
                )
                .label(at, "declared interchangeable here")
                .help("keep what the piece is in its fields, or remove `interchangeable`"),
            );
        }
    }

    /// In `turn`, beside an interchangeable range: refuse a piece picked by
    /// its place (`what`) from a value of type `ty`.
    pub(super) fn by_place(&mut self, ty: &Ty, what: &str, span: Span) {
        if self.ctx != Ctx::Turn || !names_piece(ty) {
            return;
        }
        let Some(at) = self.interchangeable_at() else {
            return;
        };
        self.diags.push(
            diag(
                Code::RulesInterchangeable,
                format!("{what} picks a piece by its place, but pieces are interchangeable"),
                span,
                "depends on which piece is which",
            )
            .label(at, "declared interchangeable here")
            .help("choose the piece (`choose p in pieces where …`) or test its fields"),
        );
    }
}

/// Whether a value of `ty` is a piece or a list of them.
fn names_piece(ty: &Ty) -> bool {
    match ty {
        Ty::Piece => true,
        Ty::List(t, _) => names_piece(t),
        _ => false,
    }
}
