//! Draw polygon tool: click to add corners (snapping to existing vertices and
//! edges within a few pixels, and to the grid when grid snapping is on), click the
//! first corner or press Enter to close the polygon into a new face, Backspace
//! removes the last corner, Esc cancels. A polygon the board refuses keeps its
//! corners so the user can fix it.

use super::{DRAFT, PaintCx, SNAP, ToolCx};
use crate::app::editor::snap::{SnapTarget, Snapped};
use crate::app::workspace::Cause;
use crate::app::workspace::Workspace;
use crate::edit::BoardEdit;
use crate::mesh::EdgeId;
use crate::mesh::Point;
use crate::mesh::geom::{polygon_self_intersects, segments_intersect};
use eframe::egui::{Color32, Stroke};

#[derive(Debug, Default)]
pub struct Draw {
    /// Corners placed so far (board coordinates, already snapped).
    pub points: Vec<Point>,
    /// Where the next corner would go.
    hover: Option<Snapped>,
    /// Whether the pointer is on the first corner (a click closes).
    hover_closes: bool,
    /// Snap radius used when the polygon is closed (board units).
    radius: f64,
    /// The board edge the last refused polygon crosses (drawn in red until the
    /// corners change).
    pub crossed: Option<EdgeId>,
}

/// The first edge of `board` that a side of the closed polygon `pts` crosses
/// (touching at a corner does not count).
pub fn crossed_edge(board: &crate::board::Board, pts: &[Point]) -> Option<EdgeId> {
    let mesh = board.mesh();
    let n = pts.len();
    let eps = 1e-9;
    mesh.edge_ids().find(|&e| {
        let (a, b) = mesh.edge_segment(e);
        (0..n).any(|i| {
            let (c, d) = (pts[i], pts[(i + 1) % n]);
            let touches = [c, d]
                .iter()
                .any(|q| q.distance(a) < eps || q.distance(b) < eps)
                || crate::mesh::geom::point_segment_distance(c, a, b).0 < eps
                || crate::mesh::geom::point_segment_distance(d, a, b).0 < eps
                || crate::mesh::geom::point_segment_distance(a, c, d).0 < eps
                || crate::mesh::geom::point_segment_distance(b, c, d).0 < eps;
            !touches && segments_intersect(a, b, c, d)
        })
    })
}

impl Draw {
    pub fn hint(&self) -> String {
        match self.points.len() {
            0 => "Draw polygon: click to place the first corner (snaps to vertices and edges)".into(),
            1 | 2 => "Draw polygon: click to add corners  ·  Backspace removes the last  ·  Esc cancels".into(),
            _ => "Draw polygon: click the first corner or press Enter to close  ·  Backspace removes the last  ·  Esc cancels".into(),
        }
    }

    pub fn is_active(&self) -> bool {
        !self.points.is_empty()
    }

    /// Esc: drop the polygon in progress. Returns whether there was one.
    pub fn cancel(&mut self) -> bool {
        let had = !self.points.is_empty();
        self.points.clear();
        self.hover_closes = false;
        self.crossed = None;
        had
    }

    /// Backspace: remove the last corner.
    pub fn pop(&mut self, ws: &mut Workspace) {
        if self.points.pop().is_some() {
            self.crossed = None;
            ws.status.info(format!(
                "removed the last corner ({} left)",
                self.points.len()
            ));
        }
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        self.radius = cx.radius;
        self.hover = cx.pointer.map(|p| cx.snap_corner(p));
        self.hover_closes = self.points.len() >= 3
            && cx
                .pointer
                .is_some_and(|p| p.distance(self.points[0]) <= cx.radius);
        let Some(c) = cx.click else {
            return;
        };
        if self.points.len() >= 3 && c.at.distance(self.points[0]) <= cx.radius {
            self.close(cx.ws, cx.selection);
            return;
        }
        let Some(s) = cx.add_corner(
            &mut self.points,
            c.at,
            "this polygon already has a corner there; click the first corner to close it",
        ) else {
            return;
        };
        self.crossed = None;
        let on = match s.target {
            SnapTarget::Vertex(v) => format!(" on vertex #{}", v.0),
            SnapTarget::Edge(e) => format!(" on edge #{}", e.0),
            SnapTarget::Grid => " on the grid".into(),
            SnapTarget::Free => String::new(),
        };
        cx.ws.status.info(format!(
            "corner {} at ({}, {}){on}",
            self.points.len(),
            super::fmt_num(s.point.x),
            super::fmt_num(s.point.y)
        ));
    }

    /// Enter or a click on the first corner: add the polygon as a face.
    pub fn close(
        &mut self,
        ws: &mut Workspace,
        selection: &mut Option<crate::app::editor::snap::Pick>,
    ) {
        if self.points.len() < 3 {
            ws.status.error_for(
                Cause::Polygon,
                format!(
                    "a polygon needs at least 3 corners; this one has {}",
                    self.points.len()
                ),
            );
            return;
        }
        if polygon_self_intersects(&self.points) {
            ws.status.error_for(
                Cause::Polygon,
                "the polygon crosses itself: remove corners with Backspace or press Esc to start again",
            );
            return;
        }
        let edit = BoardEdit::AddFace {
            points: self.points.clone(),
            snap: self.radius.max(0.0),
        };
        match ws.doc.apply(edit) {
            Ok(out) => {
                let n = self.points.len();
                self.points.clear();
                self.hover_closes = false;
                self.crossed = None;
                if let Some(f) = out.created_face {
                    *selection = Some(crate::app::editor::snap::Pick::Face(f));
                    ws.status
                        .info(format!("added face #{} with {n} corners", f.0));
                } else {
                    ws.status.info(format!("added a face with {n} corners"));
                }
            }
            Err(e) => {
                self.crossed = crossed_edge(ws.doc.board(), &self.points);
                let marked = if self.crossed.is_some() {
                    " (the edge it crosses is marked in red)"
                } else {
                    ""
                };
                ws.status.error_for(
                    Cause::Polygon,
                    format!(
                        "cannot add this polygon: {e}{marked}. Remove corners (Backspace) or press Esc"
                    ),
                );
            }
        }
    }

    pub fn paint(&self, p: &PaintCx) {
        let closes = self.hover_closes && self.points.len() >= 3;
        p.grid_dots();
        if let Some(e) = self
            .crossed
            .filter(|e| e.index() < p.board.mesh().edge_count())
        {
            p.edge(e, Stroke::new(4.0, Color32::from_rgb(0xe0, 0x20, 0x20)));
        }
        let stroke = Stroke::new(2.0, DRAFT);
        let pts: Vec<_> = self.points.iter().map(|&q| p.screen(q)).collect();
        for w in pts.windows(2) {
            p.painter.line_segment([w[0], w[1]], stroke);
        }
        let next = self.hover.map(|s| s.point);
        if let (Some(&last), Some(n)) = (pts.last(), next) {
            let to = if closes { pts[0] } else { p.screen(n) };
            p.painter
                .line_segment([last, to], Stroke::new(1.5, DRAFT.gamma_multiply(0.7)));
            if pts.len() >= 2 && !closes {
                p.painter
                    .line_segment([to, pts[0]], Stroke::new(1.0, DRAFT.gamma_multiply(0.35)));
            }
        }
        for (i, &s) in pts.iter().enumerate() {
            let r = if i == 0 { 5.0 } else { 3.5 };
            p.painter.circle_filled(s, r, DRAFT);
        }
        if closes {
            p.painter.circle_stroke(pts[0], 9.0, Stroke::new(2.0, SNAP));
            return;
        }
        if let Some(s) = self.hover {
            match s.target {
                SnapTarget::Vertex(v) => p.vertex(v, SNAP),
                SnapTarget::Edge(e) => {
                    p.edge(e, Stroke::new(3.0, SNAP.gamma_multiply(0.6)));
                    p.dot(s.point, SNAP);
                }
                SnapTarget::Grid => {
                    let c = p.screen(s.point);
                    let d = 5.0;
                    let st = Stroke::new(1.5, SNAP);
                    p.painter.line_segment(
                        [
                            c - eframe::egui::vec2(d, 0.0),
                            c + eframe::egui::vec2(d, 0.0),
                        ],
                        st,
                    );
                    p.painter.line_segment(
                        [
                            c - eframe::egui::vec2(0.0, d),
                            c + eframe::egui::vec2(0.0, d),
                        ],
                        st,
                    );
                }
                SnapTarget::Free => p.dot(s.point, DRAFT.gamma_multiply(0.7)),
            }
        }
    }
}
