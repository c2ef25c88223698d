//! The canvas's cached tessellation: faces grouped into spatial chunks, each
//! chunk its own triangle meshes (fills, interior edges, the boundary with its
//! side bands), kept in board-relative coordinates.
//!
//! [`Geometry::build`] tessellates the whole board; after an edit,
//! [`Geometry::patch`] re-tessellates only the chunks that hold a face the edit
//! touched (the faces named by [`crate::edit::History::last_affected`]), so an
//! edit costs a few chunks (about a thousand faces each) however big the board
//! is. A chunk is always tessellated the same way — its faces in ascending id
//! order, then the edges whose left face it holds in ascending id order — so a
//! patched chunk holds exactly what a full build would put there. Faces keep
//! the chunk grid of the last full build (a face the edit moved or created goes
//! to the tile of its box centre, clamped to the grid); the grid is rebuilt when
//! a chunk has grown to several times its planned size. The two board-wide
//! medians (typical face size and edge length, which only pick the level of
//! detail) are kept from the last full build.
//!
//! A chunk's fill triangles are made only while the chunk is drawn as
//! triangles ([`Geometry::ensure_fill`]) and dropped once the fills built out
//! of sight outgrow a budget, like its interior-edge strokes: at a zoom where
//! faces are smaller than a pixel or two, chunks are drawn as pictures
//! instead, one per block of [`BLOCK`]×[`BLOCK`] chunks ([`Geometry::picture`]:
//! a texture rasterised from the board's faces, made when first drawn; where a
//! re-tessellated chunk or a recoloured face changed it, only those texels are
//! made again and sent), so a big board seen whole holds no fill meshes at all (they
//! were 130 MB at 1M faces) and few textures (a texture per chunk cost the
//! software renderer 70 KB each besides its texels, 80 MB at 1M faces).
//!
//! What the canvas draws on top (labels, pieces, highlights, overlays) is not
//! cached here.

use super::canvas_style::CanvasStyle;
use super::view::View;
use crate::board::Board;
use crate::mesh::triangulate::triangulate_polygon;
use crate::mesh::{Aabb, EdgeId, FaceId, Point, geom};
use eframe::egui;
use egui::epaint::{Mesh, Vertex, WHITE_UV};
use egui::{Color32, Pos2, Rect, Vec2, pos2, vec2};
use std::sync::Arc;

/// Target number of faces per spatial chunk.
const FACES_PER_CHUNK: usize = 1024;
/// A patch gives up (the caller rebuilds) once a chunk holds this many times
/// [`FACES_PER_CHUNK`].
const MAX_CHUNK_GROWTH: usize = 4;
/// Width of the anti-aliasing fringe of strokes, in points.
pub(super) const FEATHER: f32 = 1.0;

/// Affine map from cached board-relative vertex positions to the screen:
/// `screen = (x * s + tx, -y * s + ty) + offset`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Xform {
    s: f32,
    tx: f32,
    ty: f32,
}

impl Xform {
    pub(super) fn new(view: &View, rect: Rect, origin: Point) -> Xform {
        let o = view.to_screen(rect, origin);
        Xform {
            s: view.scale as f32,
            tx: o.x,
            ty: o.y,
        }
    }
    #[inline]
    pub(super) fn apply(&self, p: Pos2) -> Pos2 {
        pos2(p.x * self.s + self.tx, -p.y * self.s + self.ty)
    }
}

/// One cached triangle mesh: board-relative positions (+ screen-space offsets for
/// strokes, whose width does not change with zoom) and the screen-space mesh egui draws.
#[derive(Clone, Debug, Default)]
pub(super) struct Layer {
    /// The transform the screen positions were last computed for.
    xform: Option<Xform>,
    pub(super) base: Vec<Pos2>,
    /// Per-vertex offset in screen points; empty for fills.
    offset: Vec<Vec2>,
    pub(super) mesh: Arc<Mesh>,
}

impl Layer {
    fn push_vertex(&mut self, p: Pos2, off: Vec2, colour: Color32) {
        self.base.push(p);
        self.offset.push(off);
        Arc::make_mut(&mut self.mesh).vertices.push(Vertex {
            pos: p,
            uv: WHITE_UV,
            color: colour,
        });
    }

    /// Bring the screen positions up to date; returns whether anything changed.
    pub(super) fn transform(&mut self, x: &Xform) -> bool {
        if self.xform == Some(*x) {
            return false;
        }
        self.xform = Some(*x);
        let mesh = Arc::make_mut(&mut self.mesh);
        if self.offset.is_empty() {
            for (v, &b) in mesh.vertices.iter_mut().zip(&self.base) {
                v.pos = x.apply(b);
            }
        } else {
            for ((v, &b), &o) in mesh.vertices.iter_mut().zip(&self.base).zip(&self.offset) {
                v.pos = x.apply(b) + o;
            }
        }
        true
    }

    pub(super) fn is_empty(&self) -> bool {
        self.mesh.indices.is_empty()
    }

    /// Give back the spare capacity of a finished layer.
    fn shrink_to_fit(&mut self) {
        self.base.shrink_to_fit();
        self.offset.shrink_to_fit();
        let m = Arc::make_mut(&mut self.mesh);
        m.vertices.shrink_to_fit();
        m.indices.shrink_to_fit();
    }

    /// Add a stroke from `a` to `b` (board-relative) of `width` points, shifted by
    /// `shift` points along the screen normal, with square caps and a feathered rim.
    fn push_strip(&mut self, a: Pos2, b: Pos2, width: f32, shift: f32, colour: Color32) {
        let d = vec2(b.x - a.x, -(b.y - a.y));
        let len = d.length();
        if len <= 0.0 || !len.is_finite() {
            return;
        }
        let ds = d / len;
        let ns = vec2(-ds.y, ds.x);
        let cap = width / 2.0;
        let first = self.base.len() as u32;
        // Strokes up to one feather wide are a "tent": full colour on the centre line
        // fading to transparent one feather out (alpha scaled by the width). Wider
        // strokes have a solid core between two feathered rims.
        let (across, colours): (&[f32], &[Color32]) = if width <= FEATHER {
            let c = colour.gamma_multiply(width / FEATHER);
            (
                &[-FEATHER, 0.0, FEATHER],
                &[Color32::TRANSPARENT, c, Color32::TRANSPARENT],
            )
        } else {
            let hw = (width - FEATHER) / 2.0;
            (
                &[-hw - FEATHER, -hw, hw, hw + FEATHER],
                &[Color32::TRANSPARENT, colour, colour, Color32::TRANSPARENT],
            )
        };
        let n = across.len() as u32;
        for (end, along) in [(a, -cap), (b, cap)] {
            for (&o, &c) in across.iter().zip(colours) {
                self.push_vertex(end, ds * along + ns * (o + shift), c);
            }
        }
        let m = Arc::make_mut(&mut self.mesh);
        for k in 0..n - 1 {
            let (a0, a1, b0, b1) = (first + k, first + k + 1, first + n + k, first + n + k + 1);
            m.indices.extend_from_slice(&[a0, a1, b1, a0, b1, b0]);
        }
    }
}

/// Faces close together, drawn and culled as a unit.
#[derive(Clone, Debug)]
pub(super) struct Chunk {
    /// Board-relative bounds of everything in the chunk.
    pub(super) bounds: Rect,
    /// The box of the chunk's faces in board coordinates, exactly.
    extent: Aabb,
    /// The chunk's faces, ascending.
    pub(super) faces: Vec<u32>,
    /// Corners over the chunk's faces (its fill has this many vertices and
    /// `corners − 2·faces` triangles once built).
    corners: u32,
    /// How far any corner of the chunk's faces lies from its face's label
    /// point ([`Geometry::label_pos`]): a face lies within this of its label
    /// point, which tells cheaply where it was and which faces a picture's
    /// texels can skip.
    reach: f32,
    /// The faces' fill triangles, made only while they are drawn (see
    /// [`Geometry::ensure_fill`]).
    pub(super) fill: Layer,
    /// Whether [`Chunk::fill`] holds every face of the chunk.
    pub(super) fill_built: bool,
    /// The interior edges' strokes, tessellated only while they are drawn (see
    /// [`Geometry::ensure_edges`]): at the zoom where a big board fits the
    /// window they are too short to see, and they are most of the vertices.
    pub(super) edges: Layer,
    /// The chunk's interior edges (ascending ids), for [`Chunk::edges`].
    edge_ids: Vec<u32>,
    /// Whether [`Chunk::edges`] holds the strokes of every edge in `edge_ids`.
    pub(super) edges_built: bool,
    pub(super) border: Layer,
}

impl Default for Chunk {
    fn default() -> Self {
        Chunk {
            bounds: Rect::NOTHING,
            extent: Aabb::EMPTY,
            faces: Vec::new(),
            corners: 0,
            reach: 0.0,
            fill: Layer::default(),
            fill_built: false,
            edges: Layer::default(),
            edge_ids: Vec::new(),
            edges_built: false,
            border: Layer::default(),
        }
    }
}

impl Chunk {
    /// Vertices the interior edges take once tessellated (built or not).
    pub(super) fn edge_vertices(&self, style: &CanvasStyle) -> usize {
        self.edge_ids.len() * strip_vertices(style.edge_width)
    }
}

/// A block's fills rasterised: a texture and its texel grid.
#[derive(Clone)]
pub(super) struct Picture {
    pub(super) texture: egui::TextureHandle,
    pub(super) grid: TexelGrid,
    /// The board-relative area changed since the texels were made (redrawn,
    /// and only it, when the picture is next drawn).
    pub(super) stale: Option<Rect>,
}

/// Where a picture's texels are: `w`×`h` texels of `tx`×`ty` from `rect`'s
/// top-left corner (row 0 on top).
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct TexelGrid {
    pub(super) rect: Rect,
    pub(super) w: usize,
    pub(super) h: usize,
    tx: f32,
    ty: f32,
}

impl TexelGrid {
    /// Whether the texels cover `bounds` (board-relative): to a thousandth of
    /// a texel, since the grid's size is its texels' size times their count,
    /// which rounding can leave an ulp short of the box it was made for (and
    /// the picture was then made anew at every edit).
    pub(super) fn holds(&self, bounds: Rect) -> bool {
        self.rect
            .expand2(vec2(self.tx, self.ty) * 0.001)
            .contains_rect(bounds)
    }

    /// The texel columns and rows whose areas meet `area` (board-relative),
    /// as half-open ranges.
    pub(super) fn covering(&self, area: Rect) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let r = &self.rect;
        let i0 = ((area.min.x - r.min.x) / self.tx).floor().max(0.0) as usize;
        let i1 = ((area.max.x - r.min.x) / self.tx).ceil().max(0.0) as usize;
        let j0 = ((r.max.y - area.max.y) / self.ty).floor().max(0.0) as usize;
        let j1 = ((r.max.y - area.min.y) / self.ty).ceil().max(0.0) as usize;
        (
            i0.min(self.w)..i1.min(self.w),
            j0.min(self.h)..j1.min(self.h),
        )
    }
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Picture")
            .field("size", &self.texture.size())
            .field("grid", &self.grid)
            .finish()
    }
}

/// Chunks per side of a block drawn as one picture.
pub(super) const BLOCK: usize = 4;
/// Texels per typical face side in a block's picture.
const TEXELS_PER_FACE: f64 = 2.0;
/// The largest side of a block's picture, in texels.
const MAX_PICTURE_SIDE: usize = 256 * BLOCK;

/// Vertices of one stroke of `width` points ([`Layer::push_strip`]).
pub(super) fn strip_vertices(width: f32) -> usize {
    if width <= FEATHER { 6 } else { 8 }
}

/// The tessellated board: built once per board and style, patched after edits.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    pub(super) origin: Point,
    pub(super) chunks: Vec<Chunk>,
    /// The chunk grid: `k`×`k` tiles over `grid` (the board's box at build time).
    k: usize,
    grid: Aabb,
    /// Per face: its chunk.
    chunk_of: Vec<u32>,
    /// Per block of `BLOCK`×`BLOCK` chunks (row-major over the blocks): its
    /// fills as one picture, for a zoom at which faces are smaller than a few
    /// pixels (see [`Geometry::picture`]).
    pub(super) pictures: Vec<Option<Picture>>,
    /// Per face: first fill vertex in its chunk's fill (while that is built)
    /// and fill vertex count.
    pub(super) face_fill: Vec<(u32, u32)>,
    /// Per face: board-relative label point and typical size (√area).
    pub(super) label_pos: Vec<Pos2>,
    pub(super) face_size: Vec<f32>,
    pub(super) median_face_size: f64,
    pub(super) median_edge_length: f64,
    pub(super) triangles: usize,
    pub(super) vertices: usize,
    /// Vertices of the interior-edge strokes tessellated so far.
    edge_vertices_built: usize,
    /// Fill vertices over the chunks whose fill is built.
    fill_vertices_built: usize,
}

fn rel(p: Point, origin: Point) -> Pos2 {
    pos2((p.x - origin.x) as f32, (p.y - origin.y) as f32)
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mid = v.len() / 2;
    let (_, m, _) = v.select_nth_unstable_by(mid, |a, b| a.total_cmp(b));
    *m
}

impl Geometry {
    /// Tessellate the whole board; `None` for a board with nothing to draw.
    pub(super) fn build(board: &Board, style: &CanvasStyle) -> Option<Geometry> {
        let mesh = board.mesh();
        let nf = mesh.face_count();
        let bbox = mesh.bbox();
        if nf == 0 || !bbox.min.is_finite() || !bbox.max.is_finite() {
            return None;
        }
        let origin = Point::new(
            (bbox.min.x + bbox.max.x) / 2.0,
            (bbox.min.y + bbox.max.y) / 2.0,
        );
        Some(Geometry::build_at(board, style, origin))
    }

    /// [`Geometry::build`] with vertex positions relative to `origin`.
    pub(super) fn build_at(board: &Board, style: &CanvasStyle, origin: Point) -> Geometry {
        let mesh = board.mesh();
        let nf = mesh.face_count();
        let bbox = mesh.bbox();
        // Spatial chunks: a k×k grid of tiles over the board's box, by face box centre.
        let k = ((nf as f64 / FACES_PER_CHUNK as f64).sqrt().ceil() as usize).max(1);
        let mut g = Geometry {
            origin,
            chunks: vec![Chunk::default(); k * k],
            k,
            grid: bbox,
            chunk_of: Vec::with_capacity(nf),
            pictures: vec![None; k.div_ceil(BLOCK).pow(2)],
            face_fill: vec![(0, 0); nf],
            label_pos: vec![Pos2::ZERO; nf],
            face_size: vec![0.0; nf],
            median_face_size: 0.0,
            median_edge_length: 0.0,
            triangles: 0,
            vertices: 0,
            edge_vertices_built: 0,
            fill_vertices_built: 0,
        };
        for f in mesh.face_ids() {
            let c = g.tile(board, f);
            g.chunk_of.push(c as u32);
            g.chunks[c].faces.push(f.0);
        }
        // Interior edges go in the chunk of their left face, boundary edges in its
        // border layer with their side band; in id order within a chunk.
        let mut edges: Vec<Vec<EdgeId>> = vec![Vec::new(); k * k];
        let mut edge_lengths = Vec::with_capacity(mesh.edge_count());
        for e in mesh.edge_ids() {
            let (a, b) = mesh.edge_segment(e);
            edge_lengths.push(a.distance(b));
            edges[g.chunk_of[mesh.edge_faces(e).0.index()] as usize].push(e);
        }
        for (ci, es) in edges.iter().enumerate() {
            g.tessellate_chunk(board, style, ci, es);
        }
        g.median_face_size = median(g.face_size.iter().map(|&s| s as f64).collect());
        g.median_edge_length = median(edge_lengths);
        g.count();
        g
    }

    /// The chunk tile of face `f` (by its box centre, clamped to the grid).
    fn tile(&self, board: &Board, f: FaceId) -> usize {
        let (k, bb) = (self.k, &self.grid);
        let w = (bb.max.x - bb.min.x).max(f64::MIN_POSITIVE);
        let h = (bb.max.y - bb.min.y).max(f64::MIN_POSITIVE);
        let b = board.mesh().face_bbox(f);
        let cx = (b.min.x + b.max.x) / 2.0;
        let cy = (b.min.y + b.max.y) / 2.0;
        // `as usize` saturates: boxes left of or below the grid land in tile 0.
        let tx = (((cx - bb.min.x) / w * k as f64) as usize).min(k - 1);
        let ty = (((cy - bb.min.y) / h * k as f64) as usize).min(k - 1);
        ty * k + tx
    }

    /// (Re)build chunk `ci` from its faces and `edges` (ascending): its box,
    /// its faces' label points and sizes, its border strokes and its list of
    /// interior edges; its fills and interior-edge strokes are made when drawn.
    /// (The pictures it changes are marked by the caller: none exist while the
    /// geometry is built, and [`Geometry::patch`] knows which faces changed.)
    fn tessellate_chunk(
        &mut self,
        board: &Board,
        style: &CanvasStyle,
        ci: usize,
        edges: &[EdgeId],
    ) {
        let mesh = board.mesh();
        let origin = self.origin;
        self.drop_edges(ci);
        self.drop_fill(ci);
        let chunk = &mut self.chunks[ci];
        chunk.edge_ids.clear();
        chunk.border = Layer::default();
        chunk.corners = 0;
        chunk.reach = 0.0;
        let mut pts: Vec<Point> = Vec::new();
        chunk.extent = Aabb::EMPTY;
        for &fi in &chunk.faces {
            let f = FaceId(fi);
            pts.clear();
            pts.extend(mesh.face_points(f));
            for &p in &pts {
                chunk.extent.include(p);
            }
            chunk.corners += pts.len() as u32;
            // The centroid when it lies inside (always for convex faces), else the
            // mesh's interior point for non-convex faces.
            let c = geom::centroid(&pts);
            let inside = pts.len() == 3
                || geom::point_in_polygon(c, pts.iter().copied()) == geom::Containment::Inside;
            let spot = if inside {
                c
            } else {
                mesh.face_interior_point(f)
            };
            let at = rel(spot, origin);
            self.label_pos[f.index()] = at;
            self.face_size[f.index()] = geom::signed_area(pts.iter().copied()).abs().sqrt() as f32;
            for &p in &pts {
                // A hair more than the distance, for the rounding to f32.
                chunk.reach = chunk.reach.max(rel(p, origin).distance(at) * 1.001 + 1e-4);
            }
        }
        // (Board-relative positions keep the order of the board's, so the
        // relative box is the box's corners made relative.)
        chunk.bounds = if chunk.extent.is_empty() {
            Rect::NOTHING
        } else {
            Rect::from_min_max(rel(chunk.extent.min, origin), rel(chunk.extent.max, origin))
        };
        for &e in edges {
            let (a, b) = mesh.edge_segment(e);
            let (ra, rb) = (rel(a, origin), rel(b, origin));
            if mesh.is_boundary_edge(e) {
                if let Some(tag) = board.side_tag(e) {
                    // The band sits just outside the board.
                    let shift = style.side_width / 2.0 + style.boundary_width / 2.0 - 0.5;
                    chunk.border.push_strip(
                        ra,
                        rb,
                        style.side_width,
                        shift,
                        style.side_colour(tag),
                    );
                }
                chunk
                    .border
                    .push_strip(ra, rb, style.boundary_width, 0.0, style.boundary);
            } else {
                chunk.edge_ids.push(e.0);
            }
        }
        chunk.border.shrink_to_fit();
    }

    /// Make chunk `ci`'s fill triangles if they are not (for drawing them):
    /// each face in its colour (`overrides`, else its own or its kind's).
    pub(super) fn ensure_fill(
        &mut self,
        board: &Board,
        style: &CanvasStyle,
        overrides: &[Option<Color32>],
        ci: usize,
    ) {
        let origin = self.origin;
        let chunk = &mut self.chunks[ci];
        if chunk.fill_built {
            return;
        }
        let mesh = board.mesh();
        let n = chunk.corners as usize;
        let mut layer = Layer::default();
        let m = Arc::make_mut(&mut layer.mesh);
        m.vertices.reserve_exact(n);
        m.indices
            .reserve_exact(3 * n.saturating_sub(2 * chunk.faces.len()));
        layer.base.reserve_exact(n);
        let mut pts: Vec<Point> = Vec::new();
        for &fi in &chunk.faces {
            let f = FaceId(fi);
            pts.clear();
            pts.extend(mesh.face_points(f));
            let colour = face_colour(board, style, overrides, f);
            let first = layer.base.len() as u32;
            for &p in &pts {
                let r = rel(p, origin);
                layer.base.push(r);
                m.vertices.push(Vertex {
                    pos: r,
                    uv: WHITE_UV,
                    color: colour,
                });
            }
            m.indices
                .extend(triangulate_polygon(&pts).iter().map(|&i| first + i));
            self.face_fill[f.index()] = (first, pts.len() as u32);
        }
        self.fill_vertices_built += layer.base.len();
        chunk.fill = layer;
        chunk.fill_built = true;
    }

    /// Forget chunk `ci`'s fill triangles (they are made again when drawn).
    pub(super) fn drop_fill(&mut self, ci: usize) {
        let chunk = &mut self.chunks[ci];
        if chunk.fill_built {
            self.fill_vertices_built -= chunk.fill.base.len();
            chunk.fill = Layer::default();
            chunk.fill_built = false;
        }
    }

    /// Fill vertices made over all chunks.
    pub(super) fn fill_vertices_built(&self) -> usize {
        self.fill_vertices_built
    }

    /// Tessellate chunk `ci`'s interior edges if they are not (for drawing them).
    pub(super) fn ensure_edges(&mut self, board: &Board, style: &CanvasStyle, ci: usize) {
        let origin = self.origin;
        let chunk = &mut self.chunks[ci];
        if chunk.edges_built {
            return;
        }
        let mesh = board.mesh();
        let n = chunk.edge_vertices(style);
        let mut layer = Layer::default();
        {
            let m = Arc::make_mut(&mut layer.mesh);
            m.vertices.reserve_exact(n);
            m.indices.reserve_exact(n * 2);
        }
        layer.base.reserve_exact(n);
        layer.offset.reserve_exact(n);
        for &e in &chunk.edge_ids {
            let (a, b) = mesh.edge_segment(EdgeId(e));
            layer.push_strip(
                rel(a, origin),
                rel(b, origin),
                style.edge_width,
                0.0,
                style.edge,
            );
        }
        self.edge_vertices_built += layer.base.len();
        chunk.edges = layer;
        chunk.edges_built = true;
    }

    /// Forget chunk `ci`'s interior edge strokes (they are rebuilt when drawn again).
    pub(super) fn drop_edges(&mut self, ci: usize) {
        let chunk = &mut self.chunks[ci];
        if chunk.edges_built {
            self.edge_vertices_built -= chunk.edges.base.len();
            chunk.edges = Layer::default();
            chunk.edges_built = false;
        }
    }

    /// Tessellated interior-edge vertices over all chunks.
    pub(super) fn edge_vertices_built(&self) -> usize {
        self.edge_vertices_built
    }

    /// Make every chunk's fills and interior edges (for comparisons in tests).
    #[cfg(test)]
    pub(super) fn build_all(&mut self, board: &Board, style: &CanvasStyle) {
        for ci in 0..self.chunks.len() {
            self.ensure_fill(board, style, &[], ci);
            self.ensure_edges(board, style, ci);
        }
    }

    /// Recount the fill triangles (built or not) and the vertices over the chunks.
    fn count(&mut self) {
        let (mut t, mut v) = (0, 0);
        for c in &self.chunks {
            t += (c.corners as usize).saturating_sub(2 * c.faces.len());
            v += c.corners as usize + c.edges.base.len() + c.border.base.len();
        }
        self.triangles = t;
        self.vertices = v;
    }

    /// Bring the tessellation up to date after edits that changed at most the
    /// faces `affected` (ids in `board` as it is now; see
    /// [`crate::edit::History::last_affected`]) and faces beyond the end of the
    /// face list. Re-tessellates only the chunks those faces were or are in.
    /// Returns the number of chunks redone, or `None` when the board outgrew
    /// the chunk grid (then build anew).
    pub(super) fn patch(
        &mut self,
        board: &Board,
        style: &CanvasStyle,
        affected: &[FaceId],
    ) -> Option<usize> {
        let mesh = board.mesh();
        let nf = mesh.face_count();
        if nf == 0 {
            return None;
        }
        let old = self.chunk_of.len();
        let mut dirty: Vec<usize> = Vec::new();
        // Where the faces the edit changed were, and are: the pictures are
        // redrawn there only (a whole chunk's texels are a thousand faces').
        // (One box per face: the faces an edit renumbers lie far apart.)
        let mut areas: Vec<Rect> = affected
            .iter()
            .map(|f| f.index())
            .chain(nf..old)
            .filter_map(|f| self.cached_face_box(f))
            .collect();
        // Faces gone from the end.
        for f in nf..old {
            let c = self.chunk_of[f] as usize;
            dirty.push(c);
            remove_sorted(&mut self.chunks[c].faces, f as u32);
        }
        self.chunk_of.truncate(nf);
        self.face_fill.resize(nf, (0, 0));
        self.label_pos.resize(nf, Pos2::ZERO);
        self.face_size.resize(nf, 0.0);
        let moved = affected
            .iter()
            .map(|f| f.index())
            .filter(|&f| f < nf.min(old))
            .chain(old..nf);
        for f in moved {
            if f < self.chunk_of.len() {
                let c = self.chunk_of[f] as usize;
                dirty.push(c);
                remove_sorted(&mut self.chunks[c].faces, f as u32);
            }
            let c = self.tile(board, FaceId(f as u32));
            if f < self.chunk_of.len() {
                self.chunk_of[f] = c as u32;
            } else {
                self.chunk_of.push(c as u32);
            }
            let faces = &mut self.chunks[c].faces;
            if let Err(i) = faces.binary_search(&(f as u32)) {
                faces.insert(i, f as u32);
            }
            dirty.push(c);
            if faces.len() > MAX_CHUNK_GROWTH * FACES_PER_CHUNK {
                return None;
            }
        }
        dirty.sort_unstable();
        dirty.dedup();
        let new_faces = affected.iter().map(|f| f.index()).chain(old..nf);
        for f in new_faces.filter(|&f| f < nf) {
            let mut b = Rect::NOTHING;
            for p in mesh.face_points(FaceId(f as u32)) {
                let p = rel(p, self.origin);
                b = b.union(Rect::from_min_max(p, p));
            }
            areas.push(b);
        }
        let mut edges = Vec::new();
        for &c in &dirty {
            edges.clear();
            for &f in &self.chunks[c].faces {
                edges.extend(
                    mesh.face_darts(FaceId(f))
                        .filter(|d| d.side() == 0)
                        .map(|d| d.edge()),
                );
            }
            edges.sort_unstable();
            self.tessellate_chunk(board, style, c, &edges);
        }
        // A texel whose centre is on a changed box's rim may change too.
        let rim = self.texel().max(0.0);
        for area in areas.into_iter().filter(|a| *a != Rect::NOTHING) {
            self.stale_under(area.expand(rim));
        }
        // A block that outgrew its picture: made anew when next drawn.
        for &c in &dirty {
            let bi = self.block_of(c);
            let bounds = self.block_bounds(bi);
            if let (Some(bounds), Some(Some(p))) = (bounds, self.pictures.get_mut(bi))
                && !p.grid.holds(bounds)
            {
                p.stale = Some(bounds);
            }
        }
        self.count();
        Some(dirty.len())
    }

    /// The board's box: every vertex is a corner of a face, so the union of
    /// the chunks' boxes is the mesh's box, exactly, at the cost of one box per
    /// chunk (a whole-mesh scan was a tenth of an edit on a 1M-face board).
    pub(super) fn bbox(&self) -> Aabb {
        self.chunks
            .iter()
            .filter(|c| !c.faces.is_empty())
            .fold(Aabb::EMPTY, |b, c| b.union(c.extent))
    }

    /// A box face `f` lay within when its chunk was last made (around its
    /// label point, as far as the chunk's [`Chunk::reach`]); `None` for a face
    /// the geometry does not have.
    fn cached_face_box(&self, f: usize) -> Option<Rect> {
        let at = *self.label_pos.get(f)?;
        let reach = self.chunks.get(*self.chunk_of.get(f)? as usize)?.reach;
        Some(Rect::from_center_size(at, vec2(2.0 * reach, 2.0 * reach)))
    }

    /// The side of a picture's texel, board-relative (before a block much
    /// bigger than planned squeezes it).
    fn texel(&self) -> f32 {
        (self.median_face_size / TEXELS_PER_FACE) as f32
    }

    /// The block chunk `ci` is in.
    pub(super) fn block_of(&self, ci: usize) -> usize {
        let kb = self.k.div_ceil(BLOCK);
        (ci / self.k / BLOCK) * kb + (ci % self.k) / BLOCK
    }

    /// The chunks of block `bi`.
    fn block_chunks(&self, bi: usize) -> impl Iterator<Item = usize> + '_ {
        let (k, kb) = (self.k, self.k.div_ceil(BLOCK));
        let (bx, by) = (bi % kb * BLOCK, bi / kb * BLOCK);
        (by..(by + BLOCK).min(k))
            .flat_map(move |y| (bx..(bx + BLOCK).min(k)).map(move |x| y * k + x))
    }

    /// The pictures whose texels meet `area` (board-relative) no longer show
    /// it as it is: that part is redrawn when each is next drawn.
    fn stale_under(&mut self, area: Rect) {
        for p in self.pictures.iter_mut().flatten() {
            if p.grid.rect.intersects(area) {
                p.stale = Some(p.stale.map_or(area, |s| s.union(area)));
            }
        }
    }

    /// Block `bi`'s fills as one picture, made now if it is not, or brought
    /// up to date where it is stale (those texels alone are made again and
    /// sent, so an edit costs the texels it touched, not the block's). Each
    /// texel takes the colour of the face holding its centre, and a face
    /// holding no texel centre (smaller than a texel) still colours the texel
    /// under its centroid, so no face disappears. Texels of no face stay
    /// transparent (holes show through).
    pub(super) fn picture(
        &mut self,
        ctx: &egui::Context,
        board: &Board,
        style: &CanvasStyle,
        overrides: &[Option<Color32>],
        bi: usize,
    ) -> Option<&Picture> {
        let bounds = self.block_bounds(bi)?;
        let redo = match self.pictures.get(bi)? {
            Some(p) => match p.stale {
                // Within the texels it has: redraw the stale ones.
                Some(area) if p.grid.holds(bounds) => Some((p.grid, area)),
                // The block outgrew its picture: make it anew.
                Some(_) => None,
                None => return self.pictures[bi].as_ref(),
            },
            None => None,
        };
        match redo {
            Some((grid, area)) => {
                let (cols, rows) = grid.covering(area);
                let image = self.texels(board, style, overrides, &grid, cols.clone(), rows.clone());
                let p = self.pictures[bi].as_mut()?;
                if !cols.is_empty() && !rows.is_empty() {
                    p.texture.set_partial(
                        [cols.start, rows.start],
                        image,
                        egui::TextureOptions::LINEAR,
                    );
                }
                p.stale = None;
            }
            None => {
                let (image, grid) = self.rasterise(board, style, overrides, bi)?;
                let texture = ctx.load_texture(
                    format!("board-block-{bi}"),
                    image,
                    egui::TextureOptions::LINEAR,
                );
                self.pictures[bi] = Some(Picture {
                    texture,
                    grid,
                    stale: None,
                });
            }
        }
        self.pictures[bi].as_ref()
    }

    /// The box of block `bi`'s chunks (board-relative); `None` if they are empty.
    fn block_bounds(&self, bi: usize) -> Option<Rect> {
        self.block_chunks(bi)
            .map(|ci| self.chunks[ci].bounds)
            .filter(|b| *b != Rect::NOTHING)
            .reduce(Rect::union)
    }

    /// Block `bi`'s fills as a whole image and its texel grid (see
    /// [`Geometry::picture`]), read from the board (the chunks' fill
    /// triangles need not be built).
    pub(super) fn rasterise(
        &self,
        board: &Board,
        style: &CanvasStyle,
        overrides: &[Option<Color32>],
        bi: usize,
    ) -> Option<(egui::ColorImage, TexelGrid)> {
        let texel = self.texel();
        let b = self.block_bounds(bi)?;
        if texel.is_nan() || texel <= 0.0 {
            return None;
        }
        let side = |len: f32| ((len / texel).ceil() as usize).clamp(1, MAX_PICTURE_SIDE);
        let (w, h) = (side(b.width()), side(b.height()));
        // Texel size per axis (a block much bigger than planned is squeezed).
        let (tx, ty) = (
            b.width().max(texel) / w as f32,
            b.height().max(texel) / h as f32,
        );
        let rect = Rect::from_min_size(b.min, vec2(tx * w as f32, ty * h as f32));
        let grid = TexelGrid { rect, w, h, tx, ty };
        Some((
            self.texels(board, style, overrides, &grid, 0..w, 0..h),
            grid,
        ))
    }

    /// Texels `cols`×`rows` of a block's picture on `grid`, as an image of
    /// their own: exactly what those texels of the whole image are. A texel
    /// takes the colour of whichever face holds its centre, in this block or
    /// a neighbour.
    pub(super) fn texels(
        &self,
        board: &Board,
        style: &CanvasStyle,
        overrides: &[Option<Color32>],
        grid: &TexelGrid,
        cols: std::ops::Range<usize>,
        rows: std::ops::Range<usize>,
    ) -> egui::ColorImage {
        let &TexelGrid { rect, w, h, tx, ty } = grid;
        let (iw, ih) = (cols.len(), rows.len());
        let mut image = egui::ColorImage::filled([iw, ih], Color32::TRANSPARENT);
        if iw == 0 || ih == 0 {
            return image;
        }
        // The texels' area, a texel wider all round: faces outside it touch none.
        let window = Rect::from_min_max(
            pos2(
                rect.min.x + (cols.start as f32 - 1.0) * tx,
                rect.max.y - (rows.end as f32 + 1.0) * ty,
            ),
            pos2(
                rect.min.x + (cols.end as f32 + 1.0) * tx,
                rect.max.y - (rows.start as f32 - 1.0) * ty,
            ),
        );
        let mut put = |i: usize, j: usize, c: Color32| {
            if cols.contains(&i) && rows.contains(&j) {
                image.pixels[(j - rows.start) * iw + (i - cols.start)] = c;
            }
        };
        // Board-relative corners, in single precision as the triangles have
        // them, and the fill colour of every face.
        let mesh = board.mesh();
        let mut ps: Vec<Pos2> = Vec::new();
        let mut poly: Vec<Point> = Vec::new();
        // The faces of every chunk under these texels, the neighbouring
        // blocks' too: where blocks meet their faces interlock (hexagons'
        // zig-zags), and a texel left empty there let the background show
        // through as a dotted seam once the pictures were filtered.
        let chunks = (0..self.chunks.len()).filter(|&ci| self.chunks[ci].bounds.intersects(window));
        for ci in chunks {
            let reach = self.chunks[ci].reach;
            let near = window.expand(reach);
            for &fi in &self.chunks[ci].faces {
                let f = FaceId(fi);
                // Far from these texels by its label point: skip it without
                // reading its corners.
                if !near.contains(self.label_pos[f.index()]) {
                    continue;
                }
                ps.clear();
                ps.extend(mesh.face_points(f).map(|p| rel(p, self.origin)));
                if ps.is_empty() {
                    continue;
                }
                let (mut lo, mut hi) = (ps[0], ps[0]);
                for &p in &ps {
                    lo = lo.min(p);
                    hi = hi.max(p);
                }
                if !Rect::from_min_max(lo, hi).intersects(window) {
                    continue;
                }
                let colour = face_colour(board, style, overrides, f);
                poly.clear();
                poly.extend(ps.iter().map(|p| Point::new(p.x as f64, p.y as f64)));
                // Texel (i, j) has its centre at x = rect.min.x + (i + ½)·tx and,
                // row 0 on top, y = rect.max.y − (j + ½)·ty.
                let col = |x: f32| ((x - rect.min.x) / tx - 0.5).ceil().max(0.0) as usize;
                let row = |y: f32| ((rect.max.y - y) / ty - 0.5).ceil().max(0.0) as usize;
                // A hundredth of a texel more each way: the centres below are
                // rounded apart from these bounds, and a centre on an edge two
                // faces share would otherwise be tested by neither (a dotted
                // seam along the edges that line up with the texels).
                let (ex, ey) = (tx * 0.01, ty * 0.01);
                let (i0, i1) = (col(lo.x - ex), col(hi.x + ex).min(w));
                let (j0, j1) = (row(hi.y + ey), row(lo.y - ey).min(h));
                let mut hit = false;
                for j in j0..j1 {
                    let y = rect.max.y - (j as f32 + 0.5) * ty;
                    for i in i0..i1 {
                        let x = rect.min.x + (i as f32 + 0.5) * tx;
                        let p = Point::new(x as f64, y as f64);
                        if geom::point_in_polygon(p, poly.iter().copied())
                            != geom::Containment::Outside
                        {
                            put(i, j, colour);
                            hit = true;
                        }
                    }
                }
                if !hit {
                    let c = geom::centroid(&poly);
                    let i = (((c.x as f32 - rect.min.x) / tx) as usize).min(w - 1);
                    let j = (((rect.max.y - c.y as f32) / ty) as usize).min(h - 1);
                    put(i, j, colour);
                }
            }
        }
        image
    }

    /// Face `f` is now filled with `colour`: its block's picture goes, and its
    /// fill vertices (if built) take the colour.
    pub(super) fn recolour(&mut self, f: FaceId, colour: Color32) {
        let (Some(&c), Some(&(first, n))) =
            (self.chunk_of.get(f.index()), self.face_fill.get(f.index()))
        else {
            return;
        };
        let area = self
            .cached_face_box(f.index())
            .unwrap_or(self.chunks[c as usize].bounds);
        self.stale_under(area);
        let chunk = &mut self.chunks[c as usize];
        if chunk.fill_built {
            let m = Arc::make_mut(&mut chunk.fill.mesh);
            if let Some(vs) = m.vertices.get_mut(first as usize..(first + n) as usize) {
                for v in vs {
                    v.color = colour;
                }
            }
        }
    }

    /// Where face `f`'s fill vertices are, while its chunk's fill is built:
    /// the chunk's fill layer and the vertex range.
    pub(super) fn face_vertices(&self, f: FaceId) -> Option<(&Layer, std::ops::Range<usize>)> {
        let chunk = self.chunks.get(*self.chunk_of.get(f.index())? as usize)?;
        let (first, n) = *self.face_fill.get(f.index())?;
        chunk
            .fill_built
            .then(|| (&chunk.fill, first as usize..(first + n) as usize))
    }

    /// Every triangle drawn, as (three board-relative corners, colour) with the
    /// corners rounded to 1/1024 unit, sorted: what the picture is made of,
    /// whatever the chunk or the order (for tests comparing a patched
    /// tessellation with a fresh one).
    #[cfg(test)]
    pub(super) fn triangle_soup(&self) -> Vec<Triangle> {
        let mut out = Vec::new();
        for c in &self.chunks {
            for (li, l) in [&c.fill, &c.edges, &c.border].into_iter().enumerate() {
                for t in l.mesh.indices.chunks(3) {
                    let corner = |i: u32| {
                        let b = l.base[i as usize];
                        let o = l.offset.get(i as usize).copied().unwrap_or(Vec2::ZERO);
                        let q = |x: f32| (x as f64 * 1024.0).round() as i64;
                        let colour = l.mesh.vertices[i as usize].color.to_array();
                        (q(b.x), q(b.y), q(o.x), q(o.y), colour)
                    };
                    let mut tri = [corner(t[0]), corner(t[1]), corner(t[2])];
                    tri.sort_unstable();
                    out.push((li as u8, tri));
                }
            }
        }
        out.sort_unstable();
        out
    }
}

/// A drawn triangle for comparisons: its layer (fill, edges, border) and its
/// corners (board-relative position and screen offset in 1/1024 units, colour).
#[cfg(test)]
pub(super) type Triangle = (u8, [(i64, i64, i64, i64, [u8; 4]); 3]);

/// The colour face `f` is filled with: its override, else its own colour or
/// its kind's.
pub(super) fn face_colour(
    board: &Board,
    style: &CanvasStyle,
    overrides: &[Option<Color32>],
    f: FaceId,
) -> Color32 {
    overrides
        .get(f.index())
        .copied()
        .flatten()
        .unwrap_or_else(|| {
            style.face_fill(
                &board.faces().kinds()[f.index()],
                board.faces().colours()[f.index()],
            )
        })
}

/// Remove `x` from the ascending list `v`, if there.
fn remove_sorted(v: &mut Vec<u32>, x: u32) {
    if let Ok(i) = v.binary_search(&x) {
        v.remove(i);
    }
}
