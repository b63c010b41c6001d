//! The requests about a document: completion, hover, definition,
//! references, symbols, formatting, inlay hints and the code action, each
//! a call into `meeple::ide` with positions converted both ways.

use super::work::Action;
use super::{convert, error, Document, Input, Server};
use convert::Text;
use lsp_server::{ErrorCode, RequestId, Response, ResponseError};
use lsp_types as lsp;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

impl Server {
    pub(super) fn doc(&self, uri: &lsp::Uri) -> Result<&Document, ResponseError> {
        self.docs.get(uri.as_str()).ok_or_else(|| {
            error(
                ErrorCode::InvalidParams,
                format!(
                    "{} is not open (send textDocument/didOpen first)",
                    uri.as_str()
                ),
            )
        })
    }

    pub(super) fn at(
        &self,
        p: &lsp::TextDocumentPositionParams,
    ) -> Result<(&Document, usize), ResponseError> {
        let doc = self.doc(&p.text_document.uri)?;
        let offset = doc.view().offset(p.position).ok_or_else(|| {
            error(
                ErrorCode::InvalidParams,
                format!(
                    "line {} is past the end of the document ({} lines)",
                    p.position.line,
                    doc.view().position(doc.analysis.text().len()).line + 1
                ),
            )
        })?;
        Ok((doc, offset))
    }

    pub(super) fn completion(
        &mut self,
        p: lsp::CompletionParams,
    ) -> Result<Option<lsp::CompletionResponse>, ResponseError> {
        let (doc, offset) = self.at(&p.text_document_position)?;
        let items = doc.analysis.completions(offset);
        Ok(Some(lsp::CompletionResponse::Array(
            items.into_iter().map(convert::completion).collect(),
        )))
    }

    pub(super) fn hover(
        &mut self,
        p: lsp::HoverParams,
    ) -> Result<Option<lsp::Hover>, ResponseError> {
        let (doc, offset) = self.at(&p.text_document_position_params)?;
        Ok(doc
            .analysis
            .hover(offset, &doc.answers)
            .map(|h| lsp::Hover {
                contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                    kind: lsp::MarkupKind::Markdown,
                    value: h.markdown,
                }),
                range: Some(doc.view().range(h.span)),
            }))
    }

    pub(super) fn definition(
        &mut self,
        p: lsp::GotoDefinitionParams,
    ) -> Result<Option<lsp::GotoDefinitionResponse>, ResponseError> {
        let (doc, offset) = self.at(&p.text_document_position_params)?;
        if let Some(span) = doc.analysis.definition(offset) {
            return Ok(Some(lsp::GotoDefinitionResponse::Scalar(
                lsp::Location::new(doc.uri.clone(), doc.view().range(span)),
            )));
        }
        // A rules game an import defines: in that file (read by the
        // analysis beside the document's own).
        Ok(doc
            .analysis
            .definition_elsewhere(offset)
            .and_then(|(key, text, span)| {
                let uri = super::convert::file_uri(key)?;
                let src = meeple::source::SourceFile::new(key, text);
                let range = super::convert::Text { src: &src }.range(span);
                Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location::new(
                    uri, range,
                )))
            }))
    }

    pub(super) fn references(
        &mut self,
        p: lsp::ReferenceParams,
    ) -> Result<Option<Vec<lsp::Location>>, ResponseError> {
        let (doc, offset) = self.at(&p.text_document_position)?;
        let spans = doc
            .analysis
            .references(offset, p.context.include_declaration);
        Ok(Some(
            spans
                .into_iter()
                .map(|s| lsp::Location::new(doc.uri.clone(), doc.view().range(s)))
                .collect(),
        ))
    }

    pub(super) fn symbols(
        &mut self,
        p: lsp::DocumentSymbolParams,
    ) -> Result<Option<lsp::DocumentSymbolResponse>, ResponseError> {
        let doc = self.doc(&p.text_document.uri)?;
        let symbols = doc.analysis.symbols();
        Ok(Some(lsp::DocumentSymbolResponse::Nested(
            symbols.iter().map(|s| doc.view().symbol(s)).collect(),
        )))
    }

    /// `meeple fmt`'s layout; a script with syntax errors is left alone
    /// (the request fails, naming the first error).
    pub(super) fn formatting(
        &mut self,
        p: lsp::DocumentFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>, ResponseError> {
        let doc = self.doc(&p.text_document.uri)?;
        match doc.analysis.format() {
            Ok(edit) => Ok(Some(
                edit.into_iter()
                    .map(|e| lsp::TextEdit::new(doc.view().range(e.span), e.text))
                    .collect(),
            )),
            Err(diags) => Err(error(
                ErrorCode::RequestFailed,
                format!("not formatted: the script has syntax errors ({diags})"),
            )),
        }
    }

    pub(super) fn inlay_hints(
        &mut self,
        p: lsp::InlayHintParams,
    ) -> Result<Option<Vec<lsp::InlayHint>>, ResponseError> {
        let doc = self.doc(&p.text_document.uri)?;
        let hints = doc.analysis.inlay_hints(&doc.answers);
        Ok(Some(
            hints
                .into_iter()
                .map(|h| lsp::InlayHint {
                    position: doc.view().position(h.offset),
                    label: lsp::InlayHintLabel::String(format!("→ {}", h.label)),
                    kind: None,
                    text_edits: None,
                    tooltip: None,
                    padding_left: Some(true),
                    padding_right: None,
                    data: None,
                })
                .collect(),
        ))
    }

    /// "Fill in expectations" on the `solve` of the line asked about,
    /// computed on a thread (the main loop goes on) and answered from there
    /// once a thread is free (see `work`).
    pub(super) fn code_action(
        &mut self,
        id: RequestId,
        p: lsp::CodeActionParams,
    ) -> Result<(), ResponseError> {
        let doc = self.doc(&p.text_document.uri)?;
        let offset = doc.view().offset(p.range.start).ok_or_else(|| {
            error(
                ErrorCode::InvalidParams,
                "the range starts past the end of the document",
            )
        })?;
        let action = Action {
            id,
            uri: p.text_document.uri.as_str().to_string(),
            version: doc.version,
            offset,
        };
        self.work.queue_action(action);
        Ok(())
    }

    /// Starts a code action taken from the line: answered `ContentModified`
    /// when its document changed or closed while it waited, or when an
    /// edit stops it.
    pub(super) fn start_action(&mut self, action: Action) {
        let Action {
            id,
            uri,
            version,
            offset,
        } = action;
        let Some(doc) = self.docs.get(&uri).filter(|d| d.version == version) else {
            self.send(Response::new_err(
                id,
                ErrorCode::ContentModified as i32,
                "the document changed".into(),
            ));
            return;
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let limits = self.background_limits(cancel.clone());
        let (tx, analysis, doc_uri) = (self.tx.clone(), doc.analysis.clone(), doc.uri.clone());
        self.work.started(id.clone(), uri, cancel.clone());
        std::thread::spawn(move || {
            let view = Text {
                src: analysis.source(),
            };
            let actions: Vec<lsp::CodeActionOrCommand> = analysis
                .fill_expectations(offset, &limits)
                .map(|edit| {
                    let change = lsp::TextDocumentEdit {
                        text_document: lsp::OptionalVersionedTextDocumentIdentifier {
                            uri: doc_uri,
                            version: Some(version),
                        },
                        edits: vec![lsp::OneOf::Left(lsp::TextEdit::new(
                            view.range(edit.span),
                            edit.text,
                        ))],
                    };
                    lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                        title: "Fill in expectations".into(),
                        kind: Some(lsp::CodeActionKind::REFACTOR_REWRITE),
                        edit: Some(lsp::WorkspaceEdit {
                            document_changes: Some(lsp::DocumentChanges::Edits(vec![change])),
                            ..Default::default()
                        }),
                        ..Default::default()
                    })
                })
                .into_iter()
                .collect();
            let reply = if cancel.load(Ordering::Relaxed) {
                Response::new_err(
                    id,
                    ErrorCode::ContentModified as i32,
                    "the document changed".into(),
                )
            } else {
                Response::new_ok(id, actions)
            };
            let _ = tx.send(Input::Reply(reply));
        });
    }
}
