//! Split face tool: pick two corners of a face; the face is cut along the straight
//! line between them. Clicking on an edge away from its corners first adds a corner
//! there, so a face can be cut anywhere along its sides.

use super::{DRAFT, HOVER, PaintCx, ToolCx};
use crate::app::editor::snap::{Pick, pick_vertex};
use crate::board::Board;
use crate::edit::BoardEdit;
use crate::mesh::geom::{Containment, point_in_polygon};
use crate::mesh::{FaceId, VertexId};
use eframe::egui::Stroke;

#[derive(Debug, Default)]
pub struct Split {
    /// The first corner picked.
    pub first: Option<VertexId>,
}

/// The face that has both `a` and `b` as corners and contains the middle of the
/// segment between them (or the only face having both, for a clear error).
pub fn face_between(board: &Board, a: VertexId, b: VertexId) -> Option<FaceId> {
    let mesh = board.mesh();
    let common: Vec<FaceId> = mesh
        .vertex_faces(a)
        .filter(|&f| mesh.face_vertices(f).any(|v| v == b))
        .collect();
    let mid = mesh.position(a).lerp(mesh.position(b), 0.5);
    common
        .iter()
        .copied()
        .find(|&f| point_in_polygon(mid, mesh.face_points(f)) == Containment::Inside)
        .or_else(|| (common.len() == 1).then(|| common[0]))
}

impl Split {
    pub fn hint(&self) -> String {
        match self.first {
            None => "Split face: click the first corner of the cut (a click on a side adds a corner there)".into(),
            Some(v) => format!(
                "Split face: click the second corner of the cut from vertex #{}  ·  Esc cancels",
                v.0
            ),
        }
    }

    pub fn cancel(&mut self) -> bool {
        self.first.take().is_some()
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        if self
            .first
            .is_some_and(|v| v.index() >= cx.board().mesh().vertex_count())
        {
            self.first = None;
        }
        let Some(c) = cx.click else {
            return;
        };
        let board = cx.board();
        let v = match pick_vertex(board, cx.index(), c.at, cx.radius) {
            Some(v) => v,
            None => match cx.index().nearest_edge(board.mesh(), c.at, cx.radius) {
                Some((e, t)) if t > 0.0 && t < 1.0 => {
                    match cx.ws.doc.apply(BoardEdit::SplitEdge { edge: e, t }) {
                        Ok(out) => match out.created_vertex {
                            Some(v) => v,
                            None => return,
                        },
                        Err(err) => {
                            cx.ws
                                .status
                                .error(format!("cannot add a corner on edge #{}: {err}", e.0));
                            return;
                        }
                    }
                }
                _ => {
                    cx.ws
                        .status
                        .error("click a corner of a face (or a point on one of its sides)");
                    return;
                }
            },
        };
        let Some(a) = self.first else {
            self.first = Some(v);
            *cx.selection = Some(Pick::Vertex(v));
            cx.ws.status.info(format!(
                "first corner: vertex #{}; now click the other end of the cut",
                v.0
            ));
            return;
        };
        if a == v {
            self.first = None;
            cx.ws.status.info("cut cancelled");
            return;
        }
        let board = cx.board();
        let Some(f) = face_between(board, a, v) else {
            cx.ws.status.error(format!(
                "vertices #{} and #{} are not corners of the same face",
                a.0, v.0
            ));
            return;
        };
        let name = board.face_name(f);
        match cx.ws.doc.apply(BoardEdit::SplitFace { face: f, a, b: v }) {
            Ok(out) => {
                self.first = None;
                *cx.selection = Some(Pick::Face(f));
                let new = out
                    .created_face
                    .map(|g| format!(" and #{}", g.0))
                    .unwrap_or_default();
                cx.report(format!("split face {name} into {name}{new}"), &out);
            }
            Err(e) => cx.ws.status.error(format!("cannot split face {name}: {e}")),
        }
    }

    pub fn paint(&self, p: &PaintCx) {
        let hover_v = p
            .pointer
            .and_then(|at| pick_vertex(p.board, p.index, at, p.radius));
        if let Some(a) = self
            .first
            .filter(|v| v.index() < p.board.mesh().vertex_count())
        {
            p.vertex(a, DRAFT);
            let from = p.screen(p.board.mesh().position(a));
            let to = match hover_v {
                Some(v) => p.screen(p.board.mesh().position(v)),
                None => match p.pointer {
                    Some(q) => p.screen(q),
                    None => return,
                },
            };
            p.painter
                .line_segment([from, to], Stroke::new(2.0, DRAFT.gamma_multiply(0.8)));
        }
        if let Some(v) = hover_v {
            p.vertex(v, HOVER);
        } else if let Some(at) = p.pointer
            && let Some((e, t)) = p.index.nearest_edge(p.board.mesh(), at, p.radius)
        {
            let (a, b) = p.board.mesh().edge_segment(e);
            p.dot(a.lerp(b, t), HOVER);
        }
    }
}
