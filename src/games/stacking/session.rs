//! TEMPORARY: stacking is not supported yet.
use crate::error::{Code, Diag, Diags};
use crate::games::{Answer, Ctx, Mode, Options, Session};
use crate::syntax::ast::{Play, Query, Span, Spanned, Stmt};

pub struct Stacking;
impl Stacking {
    pub fn new(_o: &Options) -> Stacking {
        Stacking
    }
}
fn unsupported(span: Span) -> Diag {
    Diag::new(Code::StmtWrongGame, "stacking is not supported yet")
        .label(span, "here")
        .help("coming soon")
}
impl Session for Stacking {
    fn declare(&mut self, s: &Spanned<Stmt>, _cx: &Ctx) -> Result<(), Diags> {
        Err(vec![unsupported(s.span)])
    }
    fn require(&self, _q: &Query, span: Span) -> Result<(), Diag> {
        Err(unsupported(span))
    }
    fn query(&mut self, _q: &Query, span: Span, _cx: &Ctx) -> Result<Answer, Diag> {
        Err(unsupported(span))
    }
    fn play(&mut self, _p: &Play, span: Span, _cx: &Ctx) -> Result<(), Diag> {
        Err(unsupported(span))
    }
    fn step(&mut self, _n: u64, span: Span, _cx: &Ctx, _m: Mode) -> Result<(), Diag> {
        Err(unsupported(span))
    }
    fn undo(&mut self, span: Span) -> Result<(), Diag> {
        Err(unsupported(span))
    }
}
