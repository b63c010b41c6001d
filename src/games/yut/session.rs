//! TEMPORARY: yut is not supported yet.
use crate::error::{Code, Diag, Diags};
use crate::games::{Answer, Ctx, Mode, Options, Session};
use crate::syntax::ast::{Play, Query, Span, Spanned, Stmt, TrackDef};

#[derive(Default)]
pub struct Tracks;
pub fn build_tracks(_defs: &[TrackDef]) -> (Tracks, Diags) {
    (Tracks, vec![])
}
pub struct Yut;
impl Yut {
    pub fn new(_o: &Options) -> Yut {
        Yut
    }
}
fn unsupported(span: Span) -> Diag {
    Diag::new(Code::StmtWrongGame, "yut is not supported yet")
        .label(span, "here")
        .help("coming soon")
}
impl Session for Yut {
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
