//! Move vertex tool: drag a vertex; every face sharing it follows. The whole drag
//! is one undo step. A position that would break the board (a folded or
//! overlapping face, crossing edges) is refused with the reason, and the vertex
//! stays at the last valid spot.

use super::{HOVER, PaintCx, SELECT, ToolCx, vertex_name};
use crate::app::editor::snap::{Pick, pick_vertex, to_grid};
use crate::edit::BoardEdit;
use crate::mesh::{Point, VertexId};
use eframe::egui::PointerButton;

#[derive(Debug, Default)]
pub struct MoveVertex {
    /// The vertex being dragged, with the drag's undo key.
    dragging: Option<(VertexId, u64)>,
    /// Where the vertex was when the drag started.
    start: Option<Point>,
    /// The last refusal during this drag.
    refused: Option<String>,
}

impl MoveVertex {
    pub fn hint(&self) -> String {
        if self.dragging.is_some() {
            "Move vertex: release to drop  ·  every face sharing it follows".into()
        } else {
            "Move vertex: drag a vertex (grid snapping applies)  ·  the whole drag is one undo step"
                .into()
        }
    }

    pub fn is_dragging(&self) -> bool {
        self.dragging.is_some()
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        let r = cx.response;
        if r.drag_started_by(PointerButton::Primary) && !cx.panning {
            let at = cx.press_origin().or(cx.pointer);
            let v = at.and_then(|p| pick_vertex(cx.board(), cx.index(), p, cx.radius));
            match v {
                Some(v) => {
                    self.dragging = Some((v, cx.keys.fresh()));
                    self.start = Some(cx.board().mesh().position(v));
                    self.refused = None;
                    *cx.selection = Some(Pick::Vertex(v));
                }
                None => cx
                    .ws
                    .status
                    .error("no vertex here: start the drag on a corner"),
            }
        }
        if let Some((v, key)) = self.dragging
            && r.dragged_by(PointerButton::Primary)
            && !cx.panning
            && let Some(p) = cx.pointer
        {
            let to = if cx.ws.settings.grid_snap {
                to_grid(p, cx.ws.settings.grid_size)
            } else {
                p
            };
            let board = cx.board();
            if v.index() < board.mesh().vertex_count() && board.mesh().position(v) != to {
                match cx
                    .ws
                    .doc
                    .apply_coalescing(BoardEdit::MoveVertex { vertex: v, to }, key)
                {
                    Ok(_) => self.refused = None,
                    Err(e) => {
                        let msg = format!("cannot move vertex #{} there: {e}", v.0);
                        if self.refused.as_deref() != Some(msg.as_str()) {
                            cx.ws.status.error(msg.clone());
                        }
                        self.refused = Some(msg);
                    }
                }
            }
        }
        if r.drag_stopped() || (self.dragging.is_some() && !r.dragged() && !r.drag_started()) {
            if let Some((v, _)) = self.dragging.take() {
                let board = cx.board();
                if let Some(msg) = self.refused.take() {
                    cx.ws
                        .status
                        .error(format!("{msg}; it stays at the last valid position"));
                } else if v.index() < board.mesh().vertex_count()
                    && Some(board.mesh().position(v)) != self.start
                {
                    let d = vertex_name(board, v);
                    cx.ws.status.info(format!("moved {d}"));
                }
            }
            self.start = None;
        }
    }

    pub fn paint(&self, p: &PaintCx) {
        // Moved vertices snap to the grid too: show it.
        p.grid_dots();
        if let Some((v, _)) = self.dragging {
            p.vertex(v, SELECT);
            return;
        }
        if let Some(at) = p.pointer
            && let Some(v) = pick_vertex(p.board, p.index, at, p.radius)
        {
            p.vertex(v, HOVER);
        }
    }
}
