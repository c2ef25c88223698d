//! Delete face tool: click a face to remove it (its edges and corners go too when
//! no other face uses them). The Delete key removes the selected face in any tool.

use super::{DANGER, PaintCx, ToolCx};
use crate::app::workspace::Workspace;
use crate::edit::BoardEdit;
use crate::mesh::FaceId;
use eframe::egui::Stroke;

#[derive(Debug, Default)]
pub struct Delete;

/// Delete face `f` of the document, reporting the result in the status bar.
/// Returns whether the face was deleted.
pub fn delete_face(ws: &mut Workspace, f: FaceId) -> bool {
    let name = ws.doc.board().face_name(f);
    match ws.doc.apply(BoardEdit::DeleteFace { face: f }) {
        Ok(out) => {
            let notes = out.notes();
            let mut msg = format!("deleted face {name}");
            if !notes.is_empty() {
                msg.push_str("; ");
                msg.push_str(&notes.join("; "));
            }
            ws.status.info(msg);
            true
        }
        Err(e) => {
            ws.status.error(format!("cannot delete face {name}: {e}"));
            false
        }
    }
}

impl Delete {
    pub fn hint(&self) -> String {
        "Delete face: click a face to remove it  ·  Ctrl+Z brings it back".into()
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        let Some(c) = cx.click else {
            return;
        };
        match crate::app::editor::snap::pick_face(cx.board(), cx.index(), c.at) {
            Some(f) => {
                if delete_face(cx.ws, f) {
                    *cx.selection = None;
                }
            }
            None => cx.ws.status.error("there is no face here to delete"),
        }
    }

    pub fn paint(&self, p: &PaintCx) {
        if let Some(at) = p.pointer
            && let Some(f) = crate::app::editor::snap::pick_face(p.board, p.index, at)
        {
            p.face(f, DANGER.gamma_multiply(0.3), Stroke::new(2.0, DANGER));
        }
    }
}
