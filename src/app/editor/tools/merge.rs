//! Merge faces tool: click a face, then an adjacent face; the second is merged
//! into the first (which keeps its label and data).

use super::{HOVER, PaintCx, SELECT, ToolCx};
use crate::app::editor::snap::{Pick, pick_face};
use crate::edit::BoardEdit;
use crate::mesh::FaceId;
use eframe::egui::{Color32, Stroke};

#[derive(Debug, Default)]
pub struct Merge {
    pub first: Option<FaceId>,
}

impl Merge {
    pub fn hint(&self) -> String {
        match self.first {
            None => "Merge faces: click the face to keep".into(),
            Some(_) => {
                "Merge faces: click an adjacent face to merge into it  ·  Esc cancels".into()
            }
        }
    }

    pub fn cancel(&mut self) -> bool {
        self.first.take().is_some()
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        if self
            .first
            .is_some_and(|f| f.index() >= cx.board().face_count())
        {
            self.first = None;
        }
        let Some(c) = cx.click else {
            return;
        };
        let Some(f) = pick_face(cx.board(), cx.index(), c.at) else {
            cx.ws.status.error("there is no face here");
            return;
        };
        let Some(keep) = self.first else {
            self.first = Some(f);
            *cx.selection = Some(Pick::Face(f));
            let name = cx.board().face_name(f);
            cx.ws
                .status
                .info(format!("keeping face {name}; now click an adjacent face"));
            return;
        };
        if keep == f {
            self.first = None;
            cx.ws.status.info("merge cancelled");
            return;
        }
        let board = cx.board();
        let (a, b) = (board.face_name(keep), board.face_name(f));
        match cx.ws.doc.apply(BoardEdit::MergeFaces { keep, remove: f }) {
            Ok(out) => {
                self.first = None;
                // The kept face's id can change when the removed face was not the last.
                let kept = cx
                    .ws
                    .doc
                    .board()
                    .face_by_label(&a)
                    .filter(|_| !a.starts_with('#'));
                *cx.selection = kept.map(Pick::Face);
                cx.report(format!("merged face {b} into {a}"), &out);
            }
            Err(e) => cx
                .ws
                .status
                .error(format!("cannot merge {b} into {a}: {e}")),
        }
    }

    pub fn paint(&self, p: &PaintCx) {
        if let Some(f) = self.first.filter(|f| f.index() < p.board.face_count()) {
            p.face(f, SELECT.gamma_multiply(0.2), Stroke::new(3.0, SELECT));
        }
        if let Some(at) = p.pointer
            && let Some(f) = pick_face(p.board, p.index, at)
            && Some(f) != self.first
        {
            p.face(f, Color32::TRANSPARENT, Stroke::new(2.0, HOVER));
        }
    }
}
