//! The editor's tools, one file each. Every tool gets the frame's pointer input
//! through a [`ToolCx`] and paints its overlay through a [`PaintCx`]; edits go
//! through `cx.ws.doc.apply(..)` and refusals end up in the status bar.

pub mod delete;
pub mod draw;
pub mod merge;
pub mod move_vertex;
pub mod outline;
pub mod select;
pub mod split;
pub mod start_pieces;
pub mod tag_side;

use super::snap::Pick;
use crate::app::view::View;
use crate::app::workspace::Workspace;
use crate::board::Board;
use crate::edit::EditOutcome;
use crate::mesh::spatial::FaceIndex;
use crate::mesh::{EdgeId, FaceId, Point, VertexId};
use eframe::egui;
use egui::{Color32, Pos2, Rect, Stroke};

/// Overlay colours.
pub const SELECT: Color32 = Color32::from_rgb(0x00, 0x7a, 0xff);
pub const SNAP: Color32 = Color32::from_rgb(0xe0, 0x1e, 0x8c);
pub const DRAFT: Color32 = Color32::from_rgb(0x10, 0x60, 0xc0);
pub const DANGER: Color32 = Color32::from_rgb(0xd0, 0x20, 0x20);
pub const HOVER: Color32 = Color32::from_rgb(0xf0, 0x8c, 0x00);

/// A primary click on the canvas this frame.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Click {
    pub at: Point,
    pub shift: bool,
}

/// Makes keys for coalescing edits into one undo step: one key per gesture.
#[derive(Debug)]
pub struct KeyGen(u64);

impl Default for KeyGen {
    fn default() -> Self {
        // A range of its own, apart from whatever other panels use.
        KeyGen(0xED17_0000_0000_0000)
    }
}

impl KeyGen {
    pub fn fresh(&mut self) -> u64 {
        self.0 += 1;
        self.0
    }
}

/// What a tool sees of one frame.
pub struct ToolCx<'a> {
    pub ws: &'a mut Workspace,
    /// Snap / pick radius in board units (a fixed number of pixels).
    pub radius: f64,
    /// Board point under the pointer (None when off the canvas or panning).
    pub pointer: Option<Point>,
    pub click: Option<Click>,
    pub response: &'a egui::Response,
    pub view: View,
    pub rect: Rect,
    pub panning: bool,
    pub selection: &'a mut Option<Pick>,
    pub keys: &'a mut KeyGen,
}

impl ToolCx<'_> {
    pub fn board(&self) -> &Board {
        self.ws.doc.board()
    }

    /// The board's spatial index (the document's, so up to date also after an
    /// edit earlier in the frame).
    pub fn index(&self) -> &FaceIndex {
        self.ws.doc.face_index()
    }

    /// Where a corner clicked at `at` goes, snapped like every polygon tool
    /// (vertices, edges, the grid when grid snapping is on).
    pub fn snap_corner(&self, at: Point) -> super::snap::Snapped {
        let grid = self
            .ws
            .settings
            .grid_snap
            .then_some(self.ws.settings.grid_size);
        super::snap::snap(self.board(), self.index(), at, self.radius, grid)
    }

    /// Adds the corner clicked at `at` to the polygon `points` being drawn
    /// (Draw and Outline tools): snapped, and refused with `twice` in the
    /// status bar when the polygon already has a corner there.
    pub fn add_corner(
        &mut self,
        points: &mut Vec<Point>,
        at: Point,
        twice: &str,
    ) -> Option<super::snap::Snapped> {
        let s = self.snap_corner(at);
        if points
            .iter()
            .any(|&q| q.distance(s.point) <= self.radius * 0.25)
        {
            self.ws
                .status
                .error_for(crate::app::workspace::Cause::Polygon, twice);
            return None;
        }
        points.push(s.point);
        Some(s)
    }

    /// The board point where the current press started.
    pub fn press_origin(&self) -> Option<Point> {
        let p = self.response.ctx.input(|i| i.pointer.press_origin())?;
        Some(self.view.to_board(self.rect, p))
    }

    /// Tell the user what an edit had to drop (side tags, start pieces), after `done`.
    pub fn report(&mut self, done: String, outcome: &EditOutcome) {
        let notes = outcome.notes();
        if notes.is_empty() {
            self.ws.status.info(done);
        } else {
            self.ws.status.info(format!("{done}; {}", notes.join("; ")));
        }
    }
}

/// What a tool needs to paint its overlay.
pub struct PaintCx<'a> {
    pub painter: &'a egui::Painter,
    pub board: &'a Board,
    pub view: View,
    pub rect: Rect,
    /// The board's spatial index.
    pub index: &'a FaceIndex,
    pub radius: f64,
    pub pointer: Option<Point>,
    pub grid: Option<f64>,
}

/// Radius of a grid point on screen (points).
pub const GRID_DOT_RADIUS: f32 = 1.2;

impl PaintCx<'_> {
    /// The grid points, when snapping to them is on and they are far enough
    /// apart to see (what Draw polygon and Move vertex snap to).
    pub fn grid_dots(&self) {
        let Some(g) = self.grid.filter(|g| g.is_finite() && *g > 0.0) else {
            return;
        };
        if g * self.view.scale < 10.0 {
            return;
        }
        let vis = self.view.visible_board_rect(self.rect);
        let (x0, x1) = (
            (vis.min.x / g).floor() as i64,
            (vis.max.x / g).ceil() as i64,
        );
        let (y0, y1) = (
            (vis.min.y / g).floor() as i64,
            (vis.max.y / g).ceil() as i64,
        );
        if (x1 - x0 + 1) * (y1 - y0 + 1) > 20_000 {
            return;
        }
        let c = Color32::from_gray(120).gamma_multiply(0.6);
        for i in x0..=x1 {
            for j in y0..=y1 {
                let s = self.screen(Point::new(i as f64 * g, j as f64 * g));
                self.painter.circle_filled(s, GRID_DOT_RADIUS, c);
            }
        }
    }

    pub fn screen(&self, p: Point) -> Pos2 {
        self.view.to_screen(self.rect, p)
    }

    pub fn face(&self, f: FaceId, fill: Color32, stroke: Stroke) {
        crate::app::canvas::paint_face(
            self.painter,
            self.board,
            &self.view,
            self.rect,
            f,
            fill,
            stroke,
        );
    }

    pub fn edge(&self, e: EdgeId, stroke: Stroke) {
        crate::app::canvas::paint_edge(self.painter, self.board, &self.view, self.rect, e, stroke);
    }

    pub fn vertex(&self, v: VertexId, colour: Color32) {
        if v.index() < self.board.mesh().vertex_count() {
            self.ring(self.board.mesh().position(v), colour);
        }
    }

    /// A ring marker around a board point.
    pub fn ring(&self, p: Point, colour: Color32) {
        let s = self.screen(p);
        self.painter.circle(
            s,
            6.0,
            colour.gamma_multiply(0.25),
            Stroke::new(2.0, colour),
        );
    }

    /// A small filled dot at a board point.
    pub fn dot(&self, p: Point, colour: Color32) {
        self.painter.circle_filled(self.screen(p), 3.5, colour);
    }

    /// Highlight a pick (selection or hover).
    pub fn pick(&self, p: Pick, colour: Color32, width: f32) {
        if !p.exists(self.board) {
            return;
        }
        match p {
            Pick::Face(f) => self.face(f, colour.gamma_multiply(0.18), Stroke::new(width, colour)),
            Pick::Edge(e) => self.edge(e, Stroke::new(width + 2.0, colour)),
            Pick::Vertex(v) => self.vertex(v, colour),
        }
    }
}

/// "#3 at (1, 2)" for a vertex.
pub fn vertex_name(board: &Board, v: VertexId) -> String {
    let p = board.mesh().position(v);
    format!("vertex #{} at ({}, {})", v.0, fmt_num(p.x), fmt_num(p.y))
}

/// A coordinate with at most 4 decimals, no trailing zeros.
pub fn fmt_num(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// One status-bar line about a pick.
pub fn describe(board: &Board, p: Pick) -> String {
    if !p.exists(board) {
        return String::new();
    }
    match p {
        Pick::Face(f) => crate::app::face_description(board, f),
        Pick::Vertex(v) => format!(
            "{}  ·  {}{}",
            vertex_name(board, v),
            crate::app::count(board.mesh().vertex_edges(v).count(), "edge"),
            if board.mesh().is_boundary_vertex(v) {
                "  ·  on the boundary"
            } else {
                ""
            }
        ),
        Pick::Edge(e) => {
            let (a, b) = board.mesh().edge_segment(e);
            let mut s = format!(
                "edge #{}  ·  ({}, {}) – ({}, {})  ·  length {}",
                e.0,
                fmt_num(a.x),
                fmt_num(a.y),
                fmt_num(b.x),
                fmt_num(b.y),
                fmt_num(a.distance(b))
            );
            if board.mesh().is_boundary_edge(e) {
                match board.side_tag(e) {
                    Some(t) => s.push_str(&format!("  ·  boundary, side '{}'", t.name())),
                    None => s.push_str("  ·  boundary, no side tag"),
                }
            } else {
                s.push_str("  ·  interior");
            }
            s
        }
    }
}
