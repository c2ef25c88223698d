//! Outline tool: draw the polygon that the Operators panel's Clip and Hole use.
//! Click to add corners (snapping like the Draw tool: vertices, edges, the grid),
//! click the first corner or press Enter to close it, Backspace removes the last
//! corner, Esc drops the outline. A closed outline stays on the canvas
//! while the user picks Clip or Hole and looks at the preview; it changes nothing
//! on the board by itself. Clicking again after closing starts a new outline.

use super::{PaintCx, SNAP, ToolCx};
use crate::app::editor::snap::Snapped;
use crate::app::workspace::{Cause, Workspace};
use crate::mesh::Point;
use crate::ops::Outline as OpOutline;
use eframe::egui::{Color32, Stroke};

/// The outline's colour (apart from the Draw tool's blue).
pub const OUTLINE: Color32 = Color32::from_rgb(0x2e, 0x9d, 0x3a);

#[derive(Debug, Default)]
pub struct Outline {
    /// Corners placed so far (board coordinates, snapped).
    pub points: Vec<Point>,
    /// Whether the outline is closed (ready for Clip / Hole).
    closed: bool,
    hover: Option<Snapped>,
    hover_closes: bool,
}

impl Outline {
    pub fn hint(&self) -> String {
        if self.closed {
            return "Outline: closed — use it with Clip or Hole in the Operators panel  ·  click to start a new one  ·  Esc drops it".into();
        }
        match self.points.len() {
            0 => "Outline: click to place the first corner of the outline for Clip / Hole".into(),
            1 | 2 => "Outline: click to add corners  ·  Backspace removes the last  ·  Esc drops it".into(),
            _ => "Outline: click the first corner or press Enter to close  ·  Backspace removes the last  ·  Esc drops it".into(),
        }
    }

    /// Whether an outline is being drawn (not yet closed).
    pub fn is_active(&self) -> bool {
        !self.points.is_empty() && !self.closed
    }

    /// The closed outline's corners, if there is one.
    pub fn closed(&self) -> Option<&[Point]> {
        self.closed.then_some(self.points.as_slice())
    }

    /// Esc: drop the outline (drawn or closed). Returns whether there was one.
    pub fn cancel(&mut self) -> bool {
        let had = !self.points.is_empty();
        self.points.clear();
        self.closed = false;
        self.hover_closes = false;
        had
    }

    /// Backspace: remove the last corner of the outline being drawn.
    pub fn pop(&mut self, ws: &mut Workspace) {
        if !self.closed && self.points.pop().is_some() {
            ws.status.info(format!(
                "removed the last corner of the outline ({} left)",
                self.points.len()
            ));
        }
    }

    /// Enter or a click on the first corner: close the outline if it is a
    /// simple polygon (the operators' own check), else say why.
    pub fn close(&mut self, ws: &mut Workspace) {
        match OpOutline::polygon(self.points.clone()) {
            Ok(_) => {
                self.closed = true;
                self.hover_closes = false;
                ws.status.resolve(Cause::Polygon);
                ws.status.info(format!(
                    "outline closed ({} corners): choose Clip or Hole in the Operators panel",
                    self.points.len()
                ));
            }
            Err(e) => ws.status.error_for(
                Cause::Polygon,
                format!("cannot close the outline: {e}. Remove corners (Backspace) or press Esc"),
            ),
        }
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        self.hover = cx.pointer.map(|p| cx.snap_corner(p));
        self.hover_closes = !self.closed
            && self.points.len() >= 3
            && cx
                .pointer
                .is_some_and(|p| p.distance(self.points[0]) <= cx.radius);
        let Some(c) = cx.click else {
            return;
        };
        if self.closed {
            self.cancel();
        }
        if self.points.len() >= 3 && c.at.distance(self.points[0]) <= cx.radius {
            self.close(cx.ws);
            return;
        }
        let Some(s) = cx.add_corner(
            &mut self.points,
            c.at,
            "the outline already has a corner there; click the first corner to close it",
        ) else {
            return;
        };
        cx.ws.status.info(format!(
            "outline corner {} at ({}, {})",
            self.points.len(),
            super::fmt_num(s.point.x),
            super::fmt_num(s.point.y)
        ));
    }

    /// Draw the outline (also while other tools are active, so the user sees
    /// what Clip and Hole will use).
    pub fn paint(&self, p: &PaintCx, active: bool) {
        let pts: Vec<_> = self.points.iter().map(|&q| p.screen(q)).collect();
        if pts.is_empty() {
            if active && let Some(s) = self.hover {
                p.dot(s.point, SNAP);
            }
            return;
        }
        let stroke = Stroke::new(2.5, OUTLINE);
        if self.closed {
            p.painter
                .add(eframe::egui::Shape::closed_line(pts.clone(), stroke));
        } else {
            for w in pts.windows(2) {
                p.painter.line_segment([w[0], w[1]], stroke);
            }
        }
        for &s in &pts {
            p.painter.circle_filled(s, 3.5, OUTLINE);
        }
        if !active || self.closed {
            return;
        }
        if self.hover_closes {
            p.painter.circle_stroke(pts[0], 9.0, Stroke::new(2.0, SNAP));
        } else if let (Some(&last), Some(s)) = (pts.last(), self.hover) {
            let to = p.screen(s.point);
            p.painter
                .line_segment([last, to], Stroke::new(1.5, OUTLINE.gamma_multiply(0.7)));
            p.dot(s.point, SNAP);
        }
    }
}
