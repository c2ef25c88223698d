//! The board canvas shared by the viewer, the editor and the player.
//!
//! Drawing a board means filling every face (non-convex faces through the mesh's
//! triangulation), stroking every edge, drawing the tagged sides as coloured bands,
//! labels when they are readable and the start-setup pieces as discs.
//!
//! The expensive part — triangulating faces and turning edges into strips — is done
//! once per board (or style change) into [`egui::Mesh`]es whose vertices are kept
//! in board space (`canvas_cache.rs`); after an edit, [`Canvas::prepare_after_edits`]
//! redoes only the chunks of the faces the edit touched and refreshes only those
//! faces in the face index. A view change only rewrites the screen positions of the
//! chunks that are on screen (one multiply-add per vertex); a frame with an
//! unchanged view hands egui the cached meshes as they are (`Arc` clones). Faces are
//! grouped into spatial chunks so zoomed-in views skip everything off screen, and
//! interior edges are left out when they would be shorter than a few pixels.
//!
//! Callers paint their own overlays (pieces of a game, links, snap markers) on top
//! using [`CanvasResponse::view`] and [`CanvasResponse::rect`].

use super::canvas_cache::{Chunk, FEATHER, Geometry, Layer, Xform, face_colour};
use super::view::View;
use crate::board::Board;
use crate::mesh::triangulate::triangulate_polygon;
use crate::mesh::{Aabb, EdgeId, FaceId, Point, geom, spatial::FaceIndex};
use eframe::egui;
use egui::epaint::Mesh;
use egui::{
    Color32, CursorIcon, FontId, Key, PointerButton, Pos2, Rect, Sense, Shape, Stroke, Vec2,
};

/// Interior edges are drawn only when a typical edge is at least this long on screen.
const MIN_EDGE_PIXELS: f64 = 3.5;
/// Most interior-edge vertices handed to egui in one frame (about 65,000 edges).
const EDGE_VERTEX_BUDGET: usize = 400_000;
/// Faces typically smaller than this (pixels) are drawn as one picture per
/// block of chunks instead of their triangles: a 1M-face board in full view is
/// then 64 textured rectangles, not four million vertices that egui would copy
/// and the renderer upload every frame.
const PICTURE_FACE_PIXELS: f64 = 2.0;
/// Fill vertices kept for chunks out of sight before they are dropped (about
/// 30 MB; the chunks in sight are always built).
const FILL_VERTEX_BUDGET: usize = 1_000_000;
/// Labels are drawn when a face is at least this big on screen (points).
const MIN_LABEL_FACE: f32 = 22.0;

pub use super::canvas_style::CanvasStyle;

/// Figures about the cached tessellation (for tests, benchmarks and the status bar).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CanvasStats {
    /// How many times the tessellation has been built.
    pub builds: u64,
    /// How many times it has been patched after edits instead.
    pub patches: u64,
    /// Chunks re-tessellated by the last patch.
    pub chunks_patched: usize,
    pub triangles: usize,
    pub vertices: usize,
    pub chunks: usize,
    /// Chunks re-transformed during the last frame.
    pub chunks_transformed: usize,
    /// Chunks handed to egui during the last frame.
    pub chunks_drawn: usize,
    /// Whether the last frame drew the interior edges (see the level-of-detail rule).
    pub edges_drawn: bool,
    /// Pictures the last frame drew (one per block of chunks in sight).
    pub pictures: usize,
    /// Whether the last frame drew the fills as pictures (faces smaller than
    /// a pixel or two).
    pub pictures_drawn: bool,
}

/// What the canvas reports after drawing a frame.
pub struct CanvasResponse {
    /// The canvas widget's response (clicks, drags with the primary button, …).
    pub response: egui::Response,
    pub rect: Rect,
    pub view: View,
    /// The face under the pointer.
    pub hovered: Option<FaceId>,
    /// The board point under the pointer.
    pub pointer_board: Option<Point>,
    /// Whether this frame's drag was used to pan the view (so tools should ignore it).
    pub panning: bool,
}

impl CanvasResponse {
    pub fn to_screen(&self, p: Point) -> Pos2 {
        self.view.to_screen(self.rect, p)
    }
}

/// A pannable, zoomable board view with a cached tessellation.
pub struct Canvas {
    pub view: View,
    pub style: CanvasStyle,
    pub show_labels: bool,
    pub show_setup: bool,
    /// Whether the lines between faces are drawn (off for a plain board such as
    /// TwixT's, where only the outline and the holes show).
    pub show_edges: bool,
    /// A board-space box a fit shows besides the board (the coordinates drawn
    /// along its edges).
    pub fit_extra: Option<Aabb>,
    /// Room a fitted board leaves free at the top of the canvas (for banners
    /// drawn over it), in points.
    pub fit_top: f32,
    geometry: Option<Geometry>,
    built_for: Option<(u64, usize, CanvasStyle)>,
    /// The canvas's own spatial index of the board, for hovering; `None` for a
    /// canvas whose caller keeps one ([`Canvas::with_callers_index`]).
    index: Option<FaceIndex>,
    overrides: Vec<Option<Color32>>,
    fit_pending: bool,
    last_rect: Option<Rect>,
    /// The window's size when the canvas was last shown (to tell a resized window
    /// from a panel that changed size).
    last_window: Option<Vec2>,
    stats: CanvasStats,
}

impl Default for Canvas {
    fn default() -> Self {
        Canvas::new()
    }
}

impl Canvas {
    pub fn new() -> Canvas {
        Canvas {
            view: View::default(),
            style: CanvasStyle::default(),
            show_labels: true,
            show_setup: true,
            show_edges: true,
            fit_extra: None,
            fit_top: 0.0,
            geometry: None,
            built_for: None,
            index: Some(FaceIndex::default()),
            overrides: Vec::new(),
            fit_pending: true,
            last_rect: None,
            last_window: None,
            stats: CanvasStats::default(),
        }
    }

    /// A canvas that keeps no spatial index of its own: its caller keeps one
    /// up to date and passes it to [`Canvas::show_indexed`] (the editor, whose
    /// document has one; a second index of a 1M-face board is 36 MB).
    pub fn with_callers_index() -> Canvas {
        Canvas {
            index: None,
            ..Canvas::new()
        }
    }

    /// Fit the board into the canvas on the next frame.
    pub fn request_fit(&mut self) {
        self.fit_pending = true;
    }

    /// Forget the tessellation; the next frame rebuilds it.
    pub fn invalidate(&mut self) {
        self.built_for = None;
    }

    pub fn stats(&self) -> CanvasStats {
        self.stats
    }

    /// Fill face `f` with `colour` instead of its kind colour (e.g. its owner's colour),
    /// or go back to the kind colour with `None`. Cheap: only that face's vertices change.
    pub fn set_face_fill(&mut self, board: &Board, f: FaceId, colour: Option<Color32>) {
        if f.index() >= board.face_count() {
            return;
        }
        if self.overrides.len() != board.face_count() {
            self.overrides = vec![None; board.face_count()];
        }
        self.overrides[f.index()] = colour;
        let c = face_colour(board, &self.style, &self.overrides, f);
        if let Some(g) = &mut self.geometry {
            g.recolour(f, c);
        }
    }

    /// Remove every fill override.
    pub fn clear_face_fills(&mut self) {
        if self.overrides.iter().any(Option::is_some) {
            self.overrides.clear();
            self.invalidate();
        }
    }

    /// Make sure the tessellation and the face index match `board` at `revision`.
    /// Callers bump `revision` whenever they change the board; the style is compared
    /// directly. Returns whether anything was rebuilt.
    pub fn prepare(&mut self, board: &Board, revision: u64) -> bool {
        let current = matches!(&self.built_for,
            Some((r, n, s)) if *r == revision && *n == board.face_count() && *s == self.style);
        if current {
            return false;
        }
        if self.overrides.len() != board.face_count() {
            self.overrides.clear();
        }
        self.geometry = Geometry::build(board, &self.style);
        self.stats.builds += 1;
        self.note_geometry();
        if let Some(index) = &mut self.index {
            *index = FaceIndex::build(board.mesh());
        }
        self.built_for = Some((revision, board.face_count(), self.style.clone()));
        true
    }

    fn note_geometry(&mut self) {
        let g = self.geometry.as_ref();
        self.stats.triangles = g.map_or(0, |g| g.triangles);
        self.stats.vertices = g.map_or(0, |g| g.vertices);
        self.stats.chunks = g.map_or(0, |g| g.chunks.len());
    }

    /// Like [`Canvas::prepare`], but after edits: when the canvas was last
    /// prepared for an earlier revision of the same board and `affected_since`
    /// tells which faces changed since that revision (see
    /// [`super::workspace::Document::affected_since`]), only those faces'
    /// chunks are re-tessellated and only they are refreshed in the face index —
    /// the cost follows the edit, not the board. Otherwise (another board, a
    /// new style, colour overrides in use, or nothing known) it rebuilds.
    /// Returns whether anything changed.
    pub fn prepare_after_edits(
        &mut self,
        board: &Board,
        revision: u64,
        affected_since: impl FnOnce(u64) -> Option<Vec<FaceId>>,
    ) -> bool {
        if let (Some((built, _, style)), Some(g)) = (&self.built_for, &mut self.geometry)
            && *built != revision
            && *style == self.style
            && !self.overrides.iter().any(Option::is_some)
            && let Some(affected) = affected_since(*built)
            && let Some(redone) = g.patch(board, &self.style, &affected)
        {
            if let Some(index) = &mut self.index {
                index.update_faces(board.mesh(), affected.iter().copied());
            }
            self.stats.patches += 1;
            self.stats.chunks_patched = redone;
            self.note_geometry();
            self.overrides.clear();
            self.built_for = Some((revision, board.face_count(), self.style.clone()));
            return true;
        }
        self.prepare(board, revision)
    }

    /// The face at a board point (through the canvas's own index; `None` for
    /// a canvas without one).
    pub fn face_at(&self, board: &Board, p: Point) -> Option<FaceId> {
        self.face_at_with(self.index.as_ref()?, board, p)
    }

    fn face_at_with(&self, index: &FaceIndex, board: &Board, p: Point) -> Option<FaceId> {
        self.geometry.as_ref()?;
        index.locate(board.mesh(), p)
    }

    /// Where a piece on face `f` goes in the last shown frame: its screen centre (a point
    /// inside the face, also for non-convex faces) and a radius that fits the face.
    pub fn face_spot(&self, f: FaceId) -> Option<(Pos2, f32)> {
        let g = self.geometry.as_ref()?;
        let rect = self.last_rect?;
        let p = *g.label_pos.get(f.index())?;
        let x = Xform::new(&self.view, rect, g.origin);
        Some((
            x.apply(p),
            g.face_size[f.index()] * self.view.scale as f32 * 0.33,
        ))
    }

    /// The colour face `f` is filled with (its own colour, its kind's, or an
    /// override from [`Canvas::set_face_fill`]), once the board has been shown:
    /// its fill triangles' colour where they are built, else the colour they
    /// and the block's picture are made with.
    pub fn shown_fill(&self, board: &Board, f: FaceId) -> Option<Color32> {
        let g = self.geometry.as_ref()?;
        if f.index() >= board.face_count() {
            return None;
        }
        Some(match g.face_vertices(f) {
            Some((layer, range)) => layer.mesh.vertices.get(range.start)?.color,
            None => face_colour(board, &self.style, &self.overrides, f),
        })
    }

    /// Where board point `p` was on screen in the last shown frame.
    pub fn screen_pos(&self, p: Point) -> Option<Pos2> {
        Some(self.view.to_screen(self.last_rect?, p))
    }

    /// The screen rectangle of the last shown frame.
    pub fn last_rect(&self) -> Option<Rect> {
        self.last_rect
    }

    /// Apply the wheel and drag input of this frame to the view (`F`, fit, is a
    /// [`super::command::Command`]).
    /// Returns whether the view was panned.
    fn handle_input(&mut self, ui: &egui::Ui, response: &egui::Response, rect: Rect) -> bool {
        let space = ui.input(|i| i.key_down(Key::Space));
        let pan = response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (space && response.dragged_by(PointerButton::Primary));
        if pan {
            self.view.pan(response.drag_delta());
            ui.ctx().set_cursor_icon(CursorIcon::Grabbing);
        } else if space && response.hovered() {
            ui.ctx().set_cursor_icon(CursorIcon::Grab);
        }
        if response.hovered() {
            let (scroll, zoom, pointer) = ui.input(|i| {
                (
                    i.smooth_scroll_delta.y + i.smooth_scroll_delta.x,
                    i.zoom_delta(),
                    i.pointer.hover_pos(),
                )
            });
            let factor = zoom as f64 * (scroll as f64 * 0.004).exp();
            if factor != 1.0 {
                let anchor = pointer.unwrap_or(rect.center());
                self.view.zoom_around(rect, anchor, factor);
            }
        }
        pan
    }

    /// Fit the board into `rect` now.
    pub fn fit(&mut self, rect: Rect) {
        if let Some(g) = &self.geometry {
            let mut room = rect;
            room.min.y = (room.min.y + self.fit_top).min(room.max.y - 1.0);
            let board_box = g.bbox();
            let bbox = self.fit_extra.map_or(board_box, |b| board_box.union(b));
            let fitted = View::fit(room, bbox, 24.0);
            // The same view, relative to the whole canvas.
            self.view = View {
                center: fitted.to_board(room, rect.center()),
                scale: fitted.scale,
            };
        }
    }

    /// Zoom by `factor` around the centre of the canvas (as last shown).
    pub fn zoom_centre(&mut self, factor: f64) {
        if let Some(rect) = self.last_rect {
            self.view.zoom_around(rect, rect.center(), factor);
        }
    }

    /// Back to the default zoom ([`View::default`]'s scale) around the centre of
    /// the canvas.
    pub fn reset_zoom(&mut self) {
        let factor = View::default().scale / self.view.scale;
        self.zoom_centre(factor);
    }

    /// Whether a fit was asked for and waits for the canvas's size to settle.
    pub fn fit_pending(&self) -> bool {
        self.fit_pending
    }

    /// Follow a change of the canvas's rectangle from `prev` to `rect`. When the
    /// window kept its size, something around the canvas changed (a panel, a
    /// banner): every board point stays where it is on screen, so the next click
    /// lands where the user aimed. When the window was resized, the board keeps its
    /// centre in the middle of the canvas.
    fn follow_rect(&mut self, prev: Rect, rect: Rect, window: Vec2) {
        if prev == rect || self.last_window.is_some_and(|w| w != window) {
            return;
        }
        self.view.center = self.view.to_board(prev, rect.center());
    }

    /// Draw `board` (at `revision`) into all of the remaining space of `ui`.
    ///
    /// The board's screen transform changes only when the user pans, zooms, fits
    /// or resizes the window: when the canvas's rectangle changes for another
    /// reason, the view follows it so that the board stays put. A requested fit
    /// waits until the rectangle is the same two frames in a row (panels settle
    /// in the first frames of a window); until then only the background is drawn.
    pub fn show(&mut self, ui: &mut egui::Ui, board: &Board, revision: u64) -> CanvasResponse {
        self.show_indexed(ui, board, revision, None)
    }

    /// [`Canvas::show`] with the caller's spatial index of `board` (up to date
    /// with it) for the hovered face; the canvas's own when `None`.
    pub fn show_indexed(
        &mut self,
        ui: &mut egui::Ui,
        board: &Board,
        revision: u64,
        index: Option<&FaceIndex>,
    ) -> CanvasResponse {
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, Sense::click_and_drag());
        let window = ui.ctx().content_rect().size();
        if self.last_rect.is_none() {
            // The canvas culls its chunks itself; egui's per-mesh culling would scan
            // every vertex of every chunk again each frame (a third of the frame time
            // on a 100k-face board). Culling is only an optimisation, so turning it off
            // changes nothing else.
            ui.ctx()
                .tessellation_options_mut(|o| o.coarse_tessellation_culling = false);
        }
        let prev = self.last_rect.replace(rect);
        let settled = prev == Some(rect) && self.last_window == Some(window);
        if let Some(prev) = prev
            && !self.fit_pending
        {
            self.follow_rect(prev, rect, window);
        }
        self.last_window = Some(window);
        self.prepare(board, revision);
        if self.fit_pending {
            if settled && rect.width() > 1.0 && rect.height() > 1.0 {
                self.fit(rect);
                self.fit_pending = false;
            } else {
                ui.ctx().request_repaint();
                ui.painter_at(rect)
                    .rect_filled(rect, 0.0, self.style.background);
                return CanvasResponse {
                    response,
                    rect,
                    view: self.view,
                    hovered: None,
                    pointer_board: None,
                    panning: false,
                };
            }
        }
        let panning = self.handle_input(ui, &response, rect);
        let pointer = response.hover_pos();
        let pointer_board = pointer.map(|p| self.view.to_board(rect, p));
        let hovered = index
            .or(self.index.as_ref())
            .and_then(|ix| self.face_at_with(ix, board, pointer_board?));
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, self.style.background);
        self.paint_board(&painter, board, rect, hovered);
        CanvasResponse {
            response,
            rect,
            view: self.view,
            hovered,
            pointer_board,
            panning,
        }
    }

    /// Paint the cached board for the current view (no input handling), with
    /// `highlight` (the hovered face) drawn under the labels and pieces.
    pub fn paint_board(
        &mut self,
        painter: &egui::Painter,
        board: &Board,
        rect: Rect,
        highlight: Option<FaceId>,
    ) {
        let view = self.view;
        let show_labels = self.show_labels;
        let show_setup = self.show_setup;
        let show_edges = self.show_edges;
        let style = &self.style;
        let overrides = &self.overrides[..];
        let Some(g) = &mut self.geometry else {
            return;
        };
        let x = Xform::new(&view, rect, g.origin);
        let clip = painter.clip_rect();
        let mut transformed = 0;
        // Visible chunks with their screen clip rectangles. Each chunk gets its own clip
        // rectangle so egui hands every chunk to the GPU as a separate primitive instead of
        // appending all of them into one ever-growing vertex buffer.
        let mut visible: Vec<(usize, Rect)> = Vec::new();
        let mut edge_vertices = 0;
        for (i, c) in g.chunks.iter().enumerate() {
            if c.bounds == Rect::NOTHING {
                continue;
            }
            let a = x.apply(c.bounds.min);
            let b = x.apply(c.bounds.max);
            let on_screen = Rect::from_two_pos(a, b).expand(style.side_width + 2.0 * FEATHER + 2.0);
            if on_screen.intersects(clip) {
                visible.push((i, on_screen.intersect(clip)));
                edge_vertices += c.edge_vertices(style);
            }
        }
        // Level of detail: interior edges are drawn when they are long enough to see as
        // lines and the visible ones fit the budget (so the frame cost is bounded however
        // big the board is); otherwise the faces alone show the board's shape.
        let draw_edges = show_edges
            && g.median_edge_length * view.scale >= MIN_EDGE_PIXELS
            && edge_vertices <= EDGE_VERTEX_BUDGET;
        if draw_edges {
            // Interior edges are tessellated only while they are drawn; the
            // strokes of chunks out of sight go once they outgrow the budget.
            for &(i, _) in &visible {
                g.ensure_edges(board, style, i);
            }
            if g.edge_vertices_built() > 2 * EDGE_VERTEX_BUDGET {
                for i in out_of_sight(g.chunks.len(), &visible) {
                    g.drop_edges(i);
                }
            }
        }
        let pictures = g.median_face_size * view.scale < PICTURE_FACE_PIXELS;
        if !pictures {
            // Fills are made only while drawn as triangles; those of chunks
            // out of sight go once they outgrow the budget.
            for &(i, _) in &visible {
                g.ensure_fill(board, style, overrides, i);
            }
            if g.fill_vertices_built() > FILL_VERTEX_BUDGET {
                for i in out_of_sight(g.chunks.len(), &visible) {
                    g.drop_fill(i);
                }
            }
        }
        for &(i, _) in &visible {
            let c = &mut g.chunks[i];
            // Interior edges are only brought up to date while they are drawn,
            // and fills while they are drawn as triangles.
            let mut changed = !pictures && c.fill.transform(&x);
            if draw_edges {
                changed |= c.edges.transform(&x);
            }
            changed |= c.border.transform(&x);
            transformed += changed as usize;
        }
        let layers: [fn(&Chunk) -> &Layer; 3] = [|c| &c.fill, |c| &c.edges, |c| &c.border];
        self.stats.pictures = 0;
        if pictures {
            let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
            // One picture per block of chunks in sight.
            let mut blocks: Vec<usize> = visible.iter().map(|&(i, _)| g.block_of(i)).collect();
            blocks.sort_unstable();
            blocks.dedup();
            for &bi in &blocks {
                if let Some(p) = g.picture(painter.ctx(), board, style, overrides, bi) {
                    let r = p.grid.rect;
                    let on_screen = Rect::from_two_pos(x.apply(r.min), x.apply(r.max));
                    painter.image(p.texture.id(), on_screen, uv, Color32::WHITE);
                }
            }
            self.stats.pictures = blocks.len();
        }
        for (k, layer) in layers.iter().enumerate() {
            if (k == 0 && pictures) || (k == 1 && !draw_edges) {
                continue;
            }
            for &(i, r) in &visible {
                let l = layer(&g.chunks[i]);
                if !l.is_empty() {
                    painter.with_clip_rect(r).add(Shape::Mesh(l.mesh.clone()));
                }
            }
        }
        self.stats.chunks_transformed = transformed;
        self.stats.chunks_drawn = visible.len();
        self.stats.edges_drawn = draw_edges;
        self.stats.pictures_drawn = pictures;
        if let Some(f) = highlight {
            paint_face(
                painter,
                board,
                &view,
                rect,
                f,
                style.hover_fill,
                Stroke::new(2.0, style.hover_stroke),
            );
        }

        let scale = view.scale as f32;
        if show_labels && g.median_face_size as f32 * scale >= MIN_LABEL_FACE {
            let clip = painter.clip_rect();
            for &(i, _) in &visible {
                for &fi in &g.chunks[i].faces {
                    let f = FaceId(fi);
                    let size = g.face_size[f.index()] * scale;
                    if size < MIN_LABEL_FACE {
                        continue;
                    }
                    let pos = x.apply(g.label_pos[f.index()]);
                    if !clip.expand(size).contains(pos) {
                        continue;
                    }
                    let label = board
                        .faces()
                        .labels()
                        .get(f.index())
                        .map_or("", |l| l.as_str());
                    if label.is_empty() {
                        continue;
                    }
                    // The label at a size that fits inside its face (long region
                    // names shrink), or not at all: labels never overlap their
                    // neighbours or spill over the board's edge. (The face's
                    // fill is built: labels show only at a zoom where fills
                    // are drawn as triangles.)
                    let verts = g
                        .face_vertices(f)
                        .and_then(|(l, r)| l.mesh.vertices.get(r))
                        .unwrap_or(&[]);
                    let fill = verts.first().map_or(style.cell, |v| v.color);
                    let poly: Vec<Point> = verts
                        .iter()
                        .map(|v| Point::new(v.pos.x as f64, v.pos.y as f64))
                        .collect();
                    let mut font = (size * 0.28).clamp(MIN_LABEL_FONT, 22.0);
                    while font >= MIN_LABEL_FONT {
                        let galley = painter.layout_no_wrap(
                            label.to_string(),
                            FontId::proportional(font),
                            style.label_on(fill),
                        );
                        let r = Rect::from_center_size(pos, galley.size());
                        let (c, h) = (r.center(), r.size() / 2.0);
                        let centre = Point::new(c.x as f64, c.y as f64);
                        if geom::box_inside(centre, (h.x as f64, h.y as f64), &poly) {
                            painter.galley(r.min, galley, style.label_on(fill));
                            break;
                        }
                        font *= 0.8;
                    }
                }
            }
        }
        if show_setup {
            for &(f, player) in &board.setup().pieces {
                let Some(&p) = g.label_pos.get(f.index()) else {
                    continue;
                };
                let r = g.face_size[f.index()] * scale * 0.33;
                paint_piece(painter, x.apply(p), r, style, player);
            }
        }
    }
}

/// Labels smaller than this (points) are not drawn.
const MIN_LABEL_FONT: f32 = 7.0;

/// The chunks of `n` not among the `visible` ones.
fn out_of_sight(n: usize, visible: &[(usize, Rect)]) -> Vec<usize> {
    let mut seen = vec![false; n];
    for &(i, _) in visible {
        seen[i] = true;
    }
    (0..n).filter(|&i| !seen[i]).collect()
}

/// A piece as a disc with an outline, in the player's colour.
pub fn paint_piece(
    painter: &egui::Painter,
    centre: Pos2,
    radius: f32,
    style: &CanvasStyle,
    player: u8,
) {
    if radius < 0.5 || !painter.clip_rect().expand(radius).contains(centre) {
        return;
    }
    let fill = style.players[(player as usize).min(1)];
    painter.circle(
        centre,
        radius,
        fill,
        Stroke::new((radius * 0.08).clamp(1.0, 2.0), style.piece_outline),
    );
}

/// Fill and outline one face (hover, selection, legal-move and evidence highlights).
pub fn paint_face(
    painter: &egui::Painter,
    board: &Board,
    view: &View,
    rect: Rect,
    f: FaceId,
    fill: Color32,
    stroke: Stroke,
) {
    if f.index() >= board.face_count() {
        return;
    }
    let pts: Vec<Point> = board.mesh().face_points(f).collect();
    let screen: Vec<Pos2> = pts.iter().map(|&p| view.to_screen(rect, p)).collect();
    if fill.a() > 0 {
        let mut m = Mesh::default();
        for &p in &screen {
            m.colored_vertex(p, fill);
        }
        m.indices = triangulate_polygon(&pts);
        painter.add(Shape::mesh(m));
    }
    if stroke.width > 0.0 {
        painter.add(Shape::closed_line(screen, stroke));
    }
}

/// Stroke one edge (editor selection, snap targets).
pub fn paint_edge(
    painter: &egui::Painter,
    board: &Board,
    view: &View,
    rect: Rect,
    e: EdgeId,
    stroke: Stroke,
) {
    if e.index() >= board.mesh().edge_count() {
        return;
    }
    let (a, b) = board.mesh().edge_segment(e);
    painter.line_segment([view.to_screen(rect, a), view.to_screen(rect, b)], stroke);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::workspace::Document;
    use crate::board::{FaceKind, SideTag};
    use crate::edit::BoardEdit;
    use crate::mesh::Mesh as BoardMesh;
    use crate::presets;
    use egui::{pos2, vec2};

    fn tri_area(m: &Mesh) -> f64 {
        m.indices
            .chunks_exact(3)
            .map(|t| {
                let [a, b, c] = [0, 1, 2].map(|k| m.vertices[t[k] as usize].pos);
                // Screen is y-down: CCW faces in board space are CW here.
                -((b - a).x as f64 * (c - a).y as f64 - (b - a).y as f64 * (c - a).x as f64) / 2.0
            })
            .sum()
    }

    /// Four L-shaped faces around a square hole.
    pub(crate) fn ring_with_hole() -> Board {
        let p = |x: f64, y: f64| Point::new(x, y);
        let pts = vec![
            p(0.0, 0.0),
            p(2.0, 0.0),
            p(4.0, 0.0),
            p(4.0, 2.0),
            p(4.0, 4.0),
            p(2.0, 4.0),
            p(0.0, 4.0),
            p(0.0, 2.0),
            p(1.0, 1.0),
            p(3.0, 1.0),
            p(3.0, 3.0),
            p(1.0, 3.0),
            p(2.0, 1.0),
            p(3.0, 2.0),
            p(2.0, 3.0),
            p(1.0, 2.0),
        ];
        let faces = vec![
            vec![0, 1, 12, 8, 15, 7],
            vec![1, 2, 3, 13, 9, 12],
            vec![3, 4, 5, 14, 10, 13],
            vec![5, 6, 7, 15, 11, 14],
        ];
        let mesh = BoardMesh::from_polygons(&pts, &faces).expect("valid ring");
        Board::new(mesh)
    }

    fn frame(c: &mut Canvas, board: &Board, rect: Rect) {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(rect),
            ..Default::default()
        };
        ctx.run_ui(input, |ui| {
            c.paint_board(&ui.painter_at(rect), board, rect, None);
        })
        .drop_without_applying_deltas();
    }

    #[test]
    fn tessellation_is_cached_until_the_board_or_style_changes() {
        let board = presets::hex(5);
        let mut c = Canvas::new();
        assert!(c.prepare(&board, 0));
        assert!(!c.prepare(&board, 0));
        assert!(!c.prepare(&board, 0));
        assert_eq!(c.stats().builds, 1);
        // Hexagons: 4 triangles each.
        assert_eq!(c.stats().triangles, 25 * 4);
        assert!(c.prepare(&board, 1), "a new revision rebuilds");
        assert_eq!(c.stats().builds, 2);
        c.style.edge_width = 2.0;
        assert!(c.prepare(&board, 1), "a style change rebuilds");
        assert!(!c.prepare(&board, 1));
        // A different board with the same revision is still noticed by its size.
        let other = presets::square_grid(3, 3);
        assert!(c.prepare(&other, 1));
        assert_eq!(c.stats().triangles, 9 * 2);
        assert_eq!(c.stats().builds, 4);
    }

    #[test]
    fn view_changes_move_vertices_without_rebuilding() {
        let board = presets::square_grid(4, 4);
        let mut c = Canvas::new();
        c.prepare(&board, 0);
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(400.0, 400.0));
        c.fit(rect);
        frame(&mut c, &board, rect);
        assert_eq!(c.stats().chunks_transformed, 1);
        // Same view again: nothing to transform.
        frame(&mut c, &board, rect);
        assert_eq!(c.stats().chunks_transformed, 0);
        let g = c.geometry.as_ref().unwrap();
        // The fill vertices sit where the view puts the board corners.
        let fill = &g.chunks[0].fill.mesh;
        let a1 = c.view.to_screen(rect, Point::new(0.0, 0.0));
        assert!((fill.vertices[0].pos - a1).length() < 1e-3);
        c.view.zoom_around(rect, pos2(100.0, 300.0), 2.0);
        frame(&mut c, &board, rect);
        assert_eq!(c.stats().chunks_transformed, 1);
        assert_eq!(c.stats().builds, 1);
        let fill = &c.geometry.as_ref().unwrap().chunks[0].fill.mesh;
        let a1 = c.view.to_screen(rect, Point::new(0.0, 0.0));
        assert!((fill.vertices[0].pos - a1).length() < 1e-3);
        // Covered area equals the board's area at this scale.
        let expect = 16.0 * c.view.scale * c.view.scale;
        assert!((tri_area(fill) - expect).abs() / expect < 1e-4);
    }

    #[test]
    fn non_convex_faces_and_holes_are_filled_exactly() {
        let board = ring_with_hole();
        let mut c = Canvas::new();
        c.prepare(&board, 0);
        // Each hexagonal L face → 4 triangles.
        assert_eq!(c.stats().triangles, 16);
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 300.0));
        c.fit(rect);
        frame(&mut c, &board, rect);
        let g = c.geometry.as_ref().unwrap();
        let s = c.view.scale;
        let area: f64 = g.chunks.iter().map(|ch| tri_area(&ch.fill.mesh)).sum();
        // 16 − the 4-unit hole = 12 units, every triangle positively oriented.
        assert!((area - 12.0 * s * s).abs() / (s * s) < 1e-3, "area {area}");
        for ch in &g.chunks {
            for t in ch.fill.mesh.indices.chunks_exact(3) {
                let [a, b, cc] = [0, 1, 2].map(|k| ch.fill.mesh.vertices[t[k] as usize].pos);
                assert!((b - a).x * (cc - a).y - (b - a).y * (cc - a).x < 0.0);
            }
        }
        // The hole is not a face.
        assert_eq!(c.face_at(&board, Point::new(2.0, 2.0)), None);
        assert_eq!(c.face_at(&board, Point::new(0.5, 0.5)), Some(FaceId(0)));
    }

    /// Faces smaller than a pixel or two are drawn as one picture per block
    /// of chunks (no fill triangles handed to egui); zoomed in, as triangles
    /// again.
    #[test]
    fn sub_pixel_faces_are_drawn_as_one_picture_per_block_of_chunks() {
        let board = presets::square_grid(300, 300);
        let mut c = Canvas::new();
        c.prepare(&board, 0);
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(400.0, 400.0));
        c.fit(rect);
        assert!(c.view.scale < PICTURE_FACE_PIXELS);
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(rect),
            ..Default::default()
        };
        let out = ctx.run_ui(input.clone(), |ui| {
            c.paint_board(&ui.painter_at(rect), &board, rect, None);
        });
        assert!(c.stats().pictures_drawn);
        let chunks = c.stats().chunks;
        assert!(chunks >= 64, "{chunks}");
        assert_eq!(c.stats().chunks_drawn, chunks);
        // A textured rectangle per block (and the border's side bands).
        let vertices: usize = out
            .shapes
            .iter()
            .map(|s| match &s.shape {
                egui::Shape::Mesh(m) => m.vertices.len(),
                _ => 0,
            })
            .sum();
        assert!(vertices < 4 * chunks + 30_000, "{vertices}");
        // One picture per block of BLOCK×BLOCK chunks, each uploaded once.
        let k = (chunks as f64).sqrt().round() as usize;
        assert_eq!(k * k, chunks);
        let blocks = k.div_ceil(super::super::canvas_cache::BLOCK).pow(2);
        assert!(blocks < chunks / 4, "{blocks} pictures for {chunks} chunks");
        assert_eq!(c.stats().pictures, blocks);
        let uploads = out.textures_delta.set.iter();
        // (egui's own font texture aside.)
        let uploads = uploads.filter(|(id, _)| **id != egui::TextureId::default());
        assert_eq!(uploads.count(), blocks);
        out.drop_without_applying_deltas();
        // The next frame makes no new pictures.
        let out = ctx.run_ui(input, |ui| {
            c.paint_board(&ui.painter_at(rect), &board, rect, None);
        });
        assert!(out.textures_delta.set.is_empty());
        out.drop_without_applying_deltas();
        c.view.scale *= 4.0;
        frame(&mut c, &board, rect);
        assert!(!c.stats().pictures_drawn);
    }

    /// Where blocks meet, their faces interlock (the zig-zag between two
    /// blocks of hexagons), and texel centres fall on the edges two faces
    /// share: every block's picture still has a colour under each texel
    /// centre that lies on a face, whichever block the face is in, so no
    /// background shows through as a dotted seam (seen in the window on a
    /// 300×300 rhombus of hexagons).
    #[test]
    fn block_pictures_leave_no_gap_where_blocks_meet() {
        let board = presets::hex(300);
        let mut c = Canvas::new();
        c.prepare(&board, 0);
        let g = c.geometry.as_ref().unwrap();
        let blocks = g.pictures.len();
        assert!(blocks >= 4, "{blocks} blocks");
        let mut on_board = 0;
        for bi in 0..blocks {
            let Some((image, grid)) = g.rasterise(&board, &c.style, &c.overrides, bi) else {
                continue;
            };
            let (tx, ty) = (
                grid.rect.width() / grid.w as f32,
                grid.rect.height() / grid.h as f32,
            );
            for j in 0..grid.h {
                for i in 0..grid.w {
                    let x = grid.rect.min.x + (i as f32 + 0.5) * tx;
                    let y = grid.rect.max.y - (j as f32 + 0.5) * ty;
                    let p = Point::new(g.origin.x + x as f64, g.origin.y + y as f64);
                    if c.face_at(&board, p).is_some() {
                        on_board += 1;
                        let a = image.pixels[j * grid.w + i].a();
                        assert!(a > 0, "block {bi}: texel ({i}, {j}) on a face is empty");
                    }
                }
            }
        }
        assert!(on_board > 10_000, "{on_board}");
    }

    /// A block's picture shows each face in the colour it is drawn in, a
    /// recoloured face included, and nothing where there is no face.
    #[test]
    fn a_picture_shows_each_face_in_its_colour() {
        // One chunk, and a block of four chunks drawn as one picture.
        for (bw, bh, chunks) in [(6, 4, 1), (70, 40, 4)] {
            let mut board = presets::square_grid(bw, bh);
            crate::edit::apply(&mut board, &BoardEdit::DeleteFace { face: FaceId(8) }).unwrap();
            let mut c = Canvas::new();
            c.prepare(&board, 0);
            c.set_face_fill(&board, FaceId(3), Some(Color32::RED));
            let g = c.geometry.as_ref().unwrap();
            assert_eq!(g.chunks.len(), chunks);
            let (image, grid) = g.rasterise(&board, &c.style, &c.overrides, 0).unwrap();
            let r = grid.rect;
            // Two texels per face side.
            assert_eq!(image.size, [2 * bw as usize, 2 * bh as usize]);
            let [w, h] = image.size;
            let (tx, ty) = (r.width() / w as f32, r.height() / h as f32);
            let mut red = 0;
            for j in 0..h {
                for i in 0..w {
                    let rel = Point::new(
                        (r.min.x + (i as f32 + 0.5) * tx) as f64,
                        (r.max.y - (j as f32 + 0.5) * ty) as f64,
                    );
                    let p = Point::new(rel.x + g.origin.x, rel.y + g.origin.y);
                    let want = c
                        .face_at(&board, p)
                        .map_or(Color32::TRANSPARENT, |f| c.shown_fill(&board, f).unwrap());
                    assert_eq!(image.pixels[j * w + i], want, "texel ({i}, {j}) at {p:?}");
                    red += (want == Color32::RED) as usize;
                }
            }
            assert_eq!(red, 4);
            assert_eq!(
                image
                    .pixels
                    .iter()
                    .filter(|&&p| p == Color32::TRANSPARENT)
                    .count(),
                4,
                "the deleted face"
            );
        }
    }

    #[test]
    fn big_boards_are_chunked_and_culled() {
        let board = presets::square_grid(100, 100);
        let mut c = Canvas::new();
        c.prepare(&board, 0);
        assert!(c.stats().chunks >= 2);
        assert_eq!(c.stats().triangles, 20_000);
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 300.0));
        c.fit(rect);
        frame(&mut c, &board, rect);
        assert_eq!(c.stats().chunks_drawn, c.stats().chunks);
        // Cells of about 2.5 points: too small for grid lines.
        assert!(c.view.scale < MIN_EDGE_PIXELS);
        assert!(!c.stats().edges_drawn);
        // Zoom far into one corner: only the chunks there are touched.
        c.view = View {
            center: Point::new(1.0, 1.0),
            scale: 100.0,
        };
        frame(&mut c, &board, rect);
        assert!(c.stats().edges_drawn);
        assert!(c.stats().chunks_drawn < c.stats().chunks);
        assert_eq!(c.stats().chunks_transformed, c.stats().chunks_drawn);
    }

    #[test]
    fn interior_edges_are_tessellated_only_where_and_while_they_are_drawn() {
        let board = presets::square_grid(100, 100);
        let mut c = Canvas::new();
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 300.0));
        c.prepare(&board, 0);
        c.fit(rect);
        frame(&mut c, &board, rect);
        // The whole board in view: lines too short to draw, none tessellated.
        let g = c.geometry.as_ref().unwrap();
        assert_eq!(g.edge_vertices_built(), 0);
        let all: usize = g.chunks.iter().map(|ch| ch.edge_vertices(&c.style)).sum();
        assert!(all > 100_000);
        // Zoomed into a corner: the visible chunks' lines, and only theirs.
        c.view = View {
            center: Point::new(1.0, 1.0),
            scale: 100.0,
        };
        frame(&mut c, &board, rect);
        let g = c.geometry.as_ref().unwrap();
        let drawn: Vec<&Chunk> = g.chunks.iter().filter(|ch| ch.edges_built).collect();
        assert!(!drawn.is_empty() && drawn.len() < g.chunks.len());
        assert!(drawn.iter().all(|ch| !ch.edges.is_empty()));
        assert!(g.edge_vertices_built() > 0 && g.edge_vertices_built() < all / 4);
        // A new revision rebuilds the tessellation; the lines come back where drawn.
        let built = g.edge_vertices_built();
        c.prepare(&board, 1);
        frame(&mut c, &board, rect);
        assert_eq!(c.geometry.as_ref().unwrap().edge_vertices_built(), built);
    }

    /// Fill triangles exist only for chunks drawn as triangles: none while
    /// the whole board is drawn as pictures, only the chunks in sight when
    /// zoomed in, and again after an edit re-tessellates.
    #[test]
    fn fill_triangles_are_made_only_where_and_while_they_are_drawn() {
        let board = presets::square_grid(300, 300);
        let mut c = Canvas::new();
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 300.0));
        c.prepare(&board, 0);
        c.fit(rect);
        frame(&mut c, &board, rect);
        assert!(c.stats().pictures_drawn);
        let g = c.geometry.as_ref().unwrap();
        assert_eq!(g.fill_vertices_built(), 0, "pictures need no triangles");
        assert!(g.chunks.iter().all(|ch| ch.fill.is_empty()));
        // Zoomed into a corner: the chunks drawn have their triangles, no other.
        c.view = View {
            center: Point::new(10.0, 10.0),
            scale: 20.0,
        };
        frame(&mut c, &board, rect);
        assert!(!c.stats().pictures_drawn);
        let g = c.geometry.as_ref().unwrap();
        let drawn: usize = g.chunks.iter().filter(|ch| ch.fill_built).count();
        assert_eq!(drawn, c.stats().chunks_drawn);
        assert!(drawn < g.chunks.len() / 4);
        let vertices: usize = g
            .chunks
            .iter()
            .filter(|ch| ch.fill_built)
            .map(|ch| ch.fill.base.len())
            .sum();
        assert_eq!(g.fill_vertices_built(), vertices);
        // What is drawn covers exactly the faces in view.
        let f = c.face_at(&board, Point::new(10.5, 10.5)).unwrap();
        assert_eq!(c.shown_fill(&board, f), Some(c.style.cell));
        assert!(g.face_vertices(f).is_some());
        // An edit re-tessellates its chunk; the next frame makes its fill again.
        let mut edited = board.clone();
        crate::edit::apply(&mut edited, &BoardEdit::DeleteFace { face: f }).unwrap();
        c.prepare_after_edits(&edited, 1, |_| Some(vec![f]));
        frame(&mut c, &edited, rect);
        let g = c.geometry.as_ref().unwrap();
        assert_eq!(
            g.chunks.iter().filter(|ch| ch.fill_built).count(),
            c.stats().chunks_drawn
        );
        assert_eq!(c.face_at(&edited, Point::new(10.5, 10.5)), None);
    }

    #[test]
    fn face_spot_is_inside_the_face_on_screen() {
        let board = ring_with_hole();
        let mut c = Canvas::new();
        let rect = Rect::from_min_size(pos2(5.0, 7.0), vec2(300.0, 200.0));
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(400.0, 300.0))),
            ..Default::default()
        };
        ctx.run_ui(input, |ui| {
            let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
            c.show(&mut child, &board, 0);
        })
        .drop_without_applying_deltas();
        assert_eq!(c.last_rect, Some(rect));
        for f in board.mesh().face_ids() {
            let (p, r) = c.face_spot(f).expect("shown");
            assert!(r > 1.0);
            let back = c.view.to_board(rect, p);
            assert_eq!(c.face_at(&board, back), Some(f), "spot of {f} lands in it");
        }
        assert_eq!(c.face_spot(FaceId(99)), None);
    }

    #[test]
    fn face_fill_override_recolours_only_that_face() {
        let board = presets::square_grid(2, 2);
        let mut c = Canvas::new();
        c.prepare(&board, 0);
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(200.0, 200.0));
        c.fit(rect);
        let red = Color32::RED;
        // Before the first frame no fill triangles exist; the colour is known.
        c.set_face_fill(&board, FaceId(3), Some(red));
        assert_eq!(c.shown_fill(&board, FaceId(3)), Some(red));
        assert!(
            c.geometry
                .as_ref()
                .unwrap()
                .face_vertices(FaceId(3))
                .is_none()
        );
        frame(&mut c, &board, rect);
        assert_eq!(c.stats().builds, 1, "recolouring does not rebuild");
        let colours = |c: &Canvas, f: u32| -> Vec<Color32> {
            let g = c.geometry.as_ref().unwrap();
            let (l, r) = g.face_vertices(FaceId(f)).expect("drawn, so built");
            l.mesh.vertices[r].iter().map(|v| v.color).collect()
        };
        // The triangles were made in the override's colour…
        assert_eq!(colours(&c, 3), vec![red; 4]);
        assert_eq!(colours(&c, 0), vec![c.style.cell; 4]);
        // …and a face recoloured once they exist changes in place.
        c.set_face_fill(&board, FaceId(0), Some(Color32::BLUE));
        assert_eq!(colours(&c, 0), vec![Color32::BLUE; 4]);
        assert_eq!(colours(&c, 1), vec![c.style.cell; 4]);
        assert_eq!(c.stats().builds, 1, "recolouring does not rebuild");
        // Survives a rebuild, goes away when cleared.
        c.prepare(&board, 1);
        frame(&mut c, &board, rect);
        assert_eq!(colours(&c, 3), vec![red; 4]);
        c.clear_face_fills();
        c.prepare(&board, 1);
        frame(&mut c, &board, rect);
        assert_eq!(colours(&c, 3), vec![c.style.cell; 4]);
        assert_eq!(c.shown_fill(&board, FaceId(3)), Some(c.style.cell));
    }

    /// One random step of a user at work: an undo, a redo or a random edit
    /// (refused ones leave the board as it was).
    fn random_step(doc: &mut Document, rng: &mut impl rand::Rng) {
        match rng.random_range(0..10) {
            0 => {
                doc.undo();
            }
            1 => {
                let _ = doc.redo();
            }
            _ => {
                if let Some(e) = random_edit(doc.board(), rng) {
                    let _ = doc.apply(e);
                }
            }
        }
    }

    /// A random edit of `board` of every kind the editor makes (many are
    /// refused, which leaves the board as it was).
    fn random_edit(board: &Board, rng: &mut impl rand::Rng) -> Option<BoardEdit> {
        use crate::board::Rgba;
        let m = board.mesh();
        let f = FaceId(rng.random_range(0..m.face_count() as u32));
        let boundary: Vec<EdgeId> = m.edge_ids().filter(|&e| m.is_boundary_edge(e)).collect();
        let e = boundary[rng.random_range(0..boundary.len())];
        Some(match rng.random_range(0..9) {
            0 => {
                let v = crate::mesh::VertexId(rng.random_range(0..m.vertex_count() as u32));
                let p = m.position(v);
                let d = Point::new(rng.random_range(-0.3..0.3), rng.random_range(-0.3..0.3));
                BoardEdit::MoveVertex {
                    vertex: v,
                    to: p + d,
                }
            }
            1 => BoardEdit::DeleteFace { face: f },
            2 => {
                let vs: Vec<_> = m.face_vertices(f).collect();
                let i = rng.random_range(0..vs.len());
                BoardEdit::SplitFace {
                    face: f,
                    a: vs[i],
                    b: vs[(i + 2) % vs.len()],
                }
            }
            3 => BoardEdit::MergeFaces {
                keep: f,
                remove: m.adjacent_faces(f).next()?,
            },
            4 => {
                // A triangle on a boundary edge, outside the board.
                let (a, b) = m.edge_segment(e);
                let mid = a.lerp(b, 0.5);
                let out = Point::new(b.y - a.y, a.x - b.x);
                BoardEdit::AddFace {
                    points: vec![a, b, mid + out * 0.7],
                    snap: 1e-6,
                }
            }
            5 => BoardEdit::SetSideTag {
                edge: e,
                tag: [None, Some(SideTag::Top), Some(SideTag::Left)][rng.random_range(0..3)],
            },
            6 => BoardEdit::SetKind {
                face: f,
                kind: if rng.random_bool(0.5) {
                    FaceKind::Cell
                } else {
                    FaceKind::Blocked
                },
            },
            7 => BoardEdit::SetColour {
                face: f,
                colour: rng.random_bool(0.5).then_some(Rgba([10, 200, 30, 255])),
            },
            _ => BoardEdit::SplitEdge {
                edge: EdgeId(rng.random_range(0..m.edge_count() as u32)),
                t: 0.5,
            },
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// After any sequence of edits, undos and redos, a block's picture
        /// brought up to date where it went stale (only those texels made
        /// again and sent) shows exactly what a picture made anew on the same
        /// texels shows; an edit inside the board redraws a part of the block.
        #[test]
        fn stale_texels_redrawn_match_a_whole_picture(seed: u64) {
            use rand::SeedableRng;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            // Four chunks, one block.
            let mut doc = Document::new(presets::square_grid(70, 40), None);
            let mut c = Canvas::new();
            c.prepare(doc.board(), doc.revision());
            let ctx = egui::Context::default();
            let style = c.style.clone();
            let g = c.geometry.as_mut().unwrap();
            proptest::prop_assert_eq!(g.chunks.len(), 4);
            let (mut shown, mut grid) = g.rasterise(doc.board(), &style, &[], 0).unwrap();
            g.picture(&ctx, doc.board(), &style, &[], 0).unwrap();
            // Redraws of part of the block, and edits made.
            let (mut partial, mut edits) = (0, 0);
            for step in 0..30 {
                random_step(&mut doc, &mut rng);
                c.prepare_after_edits(doc.board(), doc.revision(), |r| doc.affected_since(r));
                proptest::prop_assert_eq!(c.stats().builds, 1);
                let b = doc.board();
                let g = c.geometry.as_mut().unwrap();
                let p = g.pictures[0].as_ref().unwrap();
                if let Some(area) = p.stale {
                    // What `picture` sends when the block still fits its texels.
                    let (cols, rows) = grid.covering(area);
                    edits += 1;
                    partial += usize::from(cols.len() * rows.len() < grid.w * grid.h / 2);
                    let part = g.texels(b, &style, &[], &grid, cols.clone(), rows.clone());
                    for (k, j) in rows.enumerate() {
                        for (l, i) in cols.clone().enumerate() {
                            shown.pixels[j * grid.w + i] = part.pixels[k * part.size[0] + l];
                        }
                    }
                }
                let p = g.picture(&ctx, b, &style, &[], 0).unwrap();
                proptest::prop_assert!(p.stale.is_none());
                if p.grid != grid {
                    // The block outgrew its texels: made anew.
                    grid = p.grid;
                    shown = g.rasterise(b, &style, &[], 0).unwrap().0;
                    continue;
                }
                let whole = g.texels(b, &style, &[], &grid, 0..grid.w, 0..grid.h);
                proptest::prop_assert!(shown.pixels == whole.pixels, "step {}", step);
            }
            // Edits inside the board touch a quarter of it or less.
            proptest::prop_assert!(edits < 3 || partial > 0, "{partial} of {edits}");
        }

        /// After any sequence of edits, undos and redos, a canvas that patched
        /// its tessellation and face index after each (or after several at
        /// once) draws exactly what a fresh build draws and finds the same
        /// faces — without rebuilding.
        #[test]
        fn patched_canvas_matches_a_fresh_build(seed: u64, hexes: bool) {
            use rand::{Rng, SeedableRng};
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let board = if hexes { presets::hex(4) } else { presets::square_grid(6, 5) };
            let mut doc = Document::new(board, None);
            let mut c = Canvas::new();
            c.prepare_after_edits(doc.board(), doc.revision(), |r| doc.affected_since(r));
            for step in 0..40 {
                random_step(&mut doc, &mut rng);
                if rng.random_bool(0.3) {
                    continue; // catch up over several revisions at once
                }
                c.prepare_after_edits(doc.board(), doc.revision(), |r| doc.affected_since(r));
                let b = doc.board();
                proptest::prop_assert_eq!(c.stats().builds, 1, "step {}: rebuilt", step);
                let style = c.style.clone();
                let g = c.geometry.as_mut().unwrap();
                let mut fresh = Geometry::build_at(b, &style, g.origin);
                // Interior edges are tessellated when drawn: compare them all.
                g.build_all(b, &style);
                fresh.build_all(b, &style);
                proptest::prop_assert!(g.triangle_soup() == fresh.triangle_soup(), "step {}", step);
                proptest::prop_assert_eq!(&g.label_pos, &fresh.label_pos);
                proptest::prop_assert_eq!(&g.face_size, &fresh.face_size);
                let bb = b.mesh().bbox();
                // What View → Fit fits: the board's box, exactly.
                proptest::prop_assert_eq!(g.bbox(), bb, "step {}", step);
                let index = FaceIndex::build(b.mesh());
                for _ in 0..50 {
                    let p = Point::new(
                        rng.random_range(bb.min.x..bb.max.x),
                        rng.random_range(bb.min.y..bb.max.y),
                    );
                    proptest::prop_assert_eq!(c.face_at(b, p), index.locate(b.mesh(), p));
                }
            }
        }
    }
}
