//! Winged-edge polygon mesh.
//!
//! Storage is struct-of-arrays indexed by typed ids. Every edge `e` runs from
//! `edge_vertices(e)[0]` to `[1]` and has two *sides* ("darts"):
//!
//! * side 0 runs along the edge in its own direction and belongs to the edge's
//!   **left** face, which always exists;
//! * side 1 runs backwards and belongs to the **right** face, or to the outside
//!   of the board when the edge lies on a boundary.
//!
//! Each side stores its predecessor and successor around its face — the edge's
//! "wings". Boundary sides are linked the same way around their boundary loop
//! (outer outline or hole), so face cycles, boundary loops and vertex rings are
//! all closed cycles and every traversal is a constant-time step.
//!
//! Faces are counter-clockwise (in y-up board space); a boundary loop runs with
//! the outside on its left, so an outer outline is clockwise and a hole
//! counter-clockwise.

mod build;
pub mod edit;
pub mod geom;
mod query;
pub mod spatial;
pub mod triangulate;
mod validate;

#[cfg(test)]
mod tests;

pub use build::{BuildOptions, BuildReport, PolygonSoup};
pub use geom::{Aabb, Point};
pub use query::BoundaryLoop;
pub use validate::{ValidationError, ValidationProblem};

use serde::{Deserialize, Serialize};

pub(crate) const NONE: u32 = u32::MAX;

macro_rules! typed_id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl $name {
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
            #[inline]
            pub fn from_index(i: usize) -> Self {
                $name(i as u32)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}{}", stringify!($name).trim_end_matches("Id").to_lowercase(), self.0)
            }
        }
    };
}

typed_id!(
    /// A vertex of the mesh.
    VertexId
);
typed_id!(
    /// An (undirected) edge of the mesh.
    EdgeId
);
typed_id!(
    /// A polygon face of the mesh.
    FaceId
);

/// One side of an edge, i.e. the edge traversed in one direction ("half-edge").
/// Packed as `edge * 2 + side`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dart(pub u32);

impl Dart {
    #[inline]
    pub fn new(edge: EdgeId, side: u8) -> Dart {
        debug_assert!(side < 2);
        Dart(edge.0 * 2 + side as u32)
    }
    #[inline]
    pub fn edge(self) -> EdgeId {
        EdgeId(self.0 >> 1)
    }
    /// 0: along the edge (left face); 1: against it (right face or outside).
    #[inline]
    pub fn side(self) -> u8 {
        (self.0 & 1) as u8
    }
    /// The same edge traversed the other way.
    #[inline]
    pub fn twin(self) -> Dart {
        Dart(self.0 ^ 1)
    }
}

/// A winged-edge mesh of simple polygon faces in the plane.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    // Vertices.
    pub(crate) positions: Vec<Point>,
    /// A dart leaving each vertex.
    pub(crate) vertex_out: Vec<Dart>,
    // Edges.
    pub(crate) edge_vertices: Vec<[VertexId; 2]>,
    /// Faces on side 0 (left, always present) and side 1 (right, or NONE).
    pub(crate) edge_faces: Vec<[u32; 2]>,
    /// Successor of each side around its face or boundary loop.
    pub(crate) edge_next: Vec<[Dart; 2]>,
    /// Predecessor of each side around its face or boundary loop.
    pub(crate) edge_prev: Vec<[Dart; 2]>,
    // Faces.
    /// A dart of each face's cycle; for faces made by the builder, the dart
    /// leaving the face's first input vertex.
    pub(crate) face_dart: Vec<Dart>,
}

impl Mesh {
    // ----- sizes and id ranges -------------------------------------------------

    pub fn vertex_count(&self) -> usize {
        self.positions.len()
    }
    pub fn edge_count(&self) -> usize {
        self.edge_vertices.len()
    }
    pub fn face_count(&self) -> usize {
        self.face_dart.len()
    }
    pub fn is_empty(&self) -> bool {
        self.face_dart.is_empty()
    }
    pub fn vertex_ids(&self) -> impl ExactSizeIterator<Item = VertexId> + use<> {
        (0..self.vertex_count() as u32).map(VertexId)
    }
    pub fn edge_ids(&self) -> impl ExactSizeIterator<Item = EdgeId> + use<> {
        (0..self.edge_count() as u32).map(EdgeId)
    }
    pub fn face_ids(&self) -> impl ExactSizeIterator<Item = FaceId> + use<> {
        (0..self.face_count() as u32).map(FaceId)
    }

    // ----- elements --------------------------------------------------------------

    #[inline]
    pub fn position(&self, v: VertexId) -> Point {
        self.positions[v.index()]
    }
    pub fn positions(&self) -> &[Point] {
        &self.positions
    }
    /// The two end vertices of an edge, in the edge's direction.
    #[inline]
    pub fn edge_vertices(&self, e: EdgeId) -> [VertexId; 2] {
        self.edge_vertices[e.index()]
    }
    /// The left face (always present) and the right face (absent on the boundary).
    #[inline]
    pub fn edge_faces(&self, e: EdgeId) -> (FaceId, Option<FaceId>) {
        let [l, r] = self.edge_faces[e.index()];
        (FaceId(l), (r != NONE).then_some(FaceId(r)))
    }
    #[inline]
    pub fn is_boundary_edge(&self, e: EdgeId) -> bool {
        self.edge_faces[e.index()][1] == NONE
    }
    /// The face across `e` from `f`, if any.
    #[inline]
    pub fn opposite_face(&self, e: EdgeId, f: FaceId) -> Option<FaceId> {
        let [l, r] = self.edge_faces[e.index()];
        let o = if l == f.0 { r } else { l };
        (o != NONE).then_some(FaceId(o))
    }
    /// The segment end points of an edge.
    pub fn edge_segment(&self, e: EdgeId) -> (Point, Point) {
        let [a, b] = self.edge_vertices(e);
        (self.position(a), self.position(b))
    }
    pub fn edge_midpoint(&self, e: EdgeId) -> Point {
        let (a, b) = self.edge_segment(e);
        a.lerp(b, 0.5)
    }

    // ----- darts -----------------------------------------------------------------

    #[inline]
    pub fn dart_origin(&self, d: Dart) -> VertexId {
        self.edge_vertices[d.edge().index()][d.side() as usize]
    }
    #[inline]
    pub fn dart_target(&self, d: Dart) -> VertexId {
        self.edge_vertices[d.edge().index()][1 - d.side() as usize]
    }
    /// The face a dart belongs to; `None` for a boundary side.
    #[inline]
    pub fn dart_face(&self, d: Dart) -> Option<FaceId> {
        let f = self.edge_faces[d.edge().index()][d.side() as usize];
        (f != NONE).then_some(FaceId(f))
    }
    #[inline]
    pub fn dart_next(&self, d: Dart) -> Dart {
        self.edge_next[d.edge().index()][d.side() as usize]
    }
    #[inline]
    pub fn dart_prev(&self, d: Dart) -> Dart {
        self.edge_prev[d.edge().index()][d.side() as usize]
    }
    /// The next dart leaving the same vertex, counter-clockwise.
    #[inline]
    pub fn dart_rotate_ccw(&self, d: Dart) -> Dart {
        self.dart_prev(d).twin()
    }
    /// A dart leaving `v`.
    #[inline]
    pub fn vertex_dart(&self, v: VertexId) -> Dart {
        self.vertex_out[v.index()]
    }
    /// The dart of `f`'s cycle that leaves the face's first vertex.
    #[inline]
    pub fn face_dart(&self, f: FaceId) -> Dart {
        self.face_dart[f.index()]
    }

    // ----- circulators -----------------------------------------------------------

    /// The darts of a face in counter-clockwise order, starting at its first vertex.
    pub fn face_darts(&self, f: FaceId) -> Cycle<'_> {
        Cycle::new(self, self.face_dart[f.index()], CycleStep::Next)
    }
    /// The vertices of a face in counter-clockwise order.
    pub fn face_vertices(&self, f: FaceId) -> impl Iterator<Item = VertexId> + Clone + '_ {
        self.face_darts(f).map(move |d| self.dart_origin(d))
    }
    /// The vertex positions of a face in counter-clockwise order.
    pub fn face_points(&self, f: FaceId) -> impl Iterator<Item = Point> + Clone + '_ {
        self.face_darts(f)
            .map(move |d| self.position(self.dart_origin(d)))
    }
    /// The edges of a face in counter-clockwise order (edge `i` runs from vertex `i` to `i+1`).
    pub fn face_edges(&self, f: FaceId) -> impl Iterator<Item = EdgeId> + Clone + '_ {
        self.face_darts(f).map(Dart::edge)
    }
    /// Number of sides of a face.
    pub fn face_degree(&self, f: FaceId) -> usize {
        self.face_darts(f).count()
    }
    /// For each edge of the face (CCW), the face across it, if any.
    pub fn face_neighbors(
        &self,
        f: FaceId,
    ) -> impl Iterator<Item = (EdgeId, Option<FaceId>)> + Clone + '_ {
        self.face_darts(f)
            .map(move |d| (d.edge(), self.dart_face(d.twin())))
    }
    /// The faces sharing an edge with `f` (each once per shared edge).
    pub fn adjacent_faces(&self, f: FaceId) -> impl Iterator<Item = FaceId> + Clone + '_ {
        self.face_darts(f)
            .filter_map(move |d| self.dart_face(d.twin()))
    }
    /// The darts leaving `v`, counter-clockwise (boundary sides included).
    pub fn vertex_darts(&self, v: VertexId) -> Cycle<'_> {
        Cycle::new(self, self.vertex_out[v.index()], CycleStep::RotateCcw)
    }
    /// The edges around a vertex, counter-clockwise.
    pub fn vertex_edges(&self, v: VertexId) -> impl Iterator<Item = EdgeId> + Clone + '_ {
        self.vertex_darts(v).map(Dart::edge)
    }
    /// The faces around a vertex, counter-clockwise (each face once).
    pub fn vertex_faces(&self, v: VertexId) -> impl Iterator<Item = FaceId> + Clone + '_ {
        self.vertex_darts(v).filter_map(move |d| self.dart_face(d))
    }
    /// Vertices joined to `v` by an edge, counter-clockwise.
    pub fn vertex_neighbors(&self, v: VertexId) -> impl Iterator<Item = VertexId> + Clone + '_ {
        self.vertex_darts(v).map(move |d| self.dart_target(d))
    }
    pub fn is_boundary_vertex(&self, v: VertexId) -> bool {
        self.vertex_darts(v).any(|d| self.dart_face(d).is_none())
    }
    /// The faces that share at least one vertex with `f` (edge neighbours included),
    /// excluding `f`, in a deterministic order without duplicates. `out` is cleared first.
    pub fn faces_sharing_vertex(&self, f: FaceId, out: &mut Vec<FaceId>) {
        out.clear();
        for v in self.face_vertices(f) {
            for g in self.vertex_faces(v) {
                if g != f && !out.contains(&g) {
                    out.push(g);
                }
            }
        }
    }
}

#[derive(Copy, Clone, Debug)]
pub enum CycleStep {
    Next,
    RotateCcw,
}

/// Iterator over a closed cycle of darts (a face, a boundary loop, or a vertex ring).
#[derive(Clone)]
pub struct Cycle<'a> {
    mesh: &'a Mesh,
    start: Dart,
    cur: Option<Dart>,
    step: CycleStep,
    /// Guard against corrupted meshes: never loop forever.
    budget: usize,
}

impl<'a> Cycle<'a> {
    pub fn new(mesh: &'a Mesh, start: Dart, step: CycleStep) -> Self {
        Cycle {
            mesh,
            start,
            cur: Some(start),
            step,
            budget: mesh.edge_vertices.len() * 2 + 1,
        }
    }
}

impl Iterator for Cycle<'_> {
    type Item = Dart;
    #[inline]
    fn next(&mut self) -> Option<Dart> {
        let d = self.cur?;
        let n = match self.step {
            CycleStep::Next => self.mesh.dart_next(d),
            CycleStep::RotateCcw => self.mesh.dart_rotate_ccw(d),
        };
        self.budget = self.budget.saturating_sub(1);
        self.cur = (n != self.start && self.budget > 0).then_some(n);
        Some(d)
    }
}

/// Faces for a message: all of them when there are few, else the first few and
/// the count (an edge can be shared by millions of faces).
fn few_faces(faces: &[usize]) -> String {
    const SHOWN: usize = 5;
    if faces.len() <= SHOWN {
        format!("faces {faces:?}")
    } else {
        format!("{} faces, the first {:?}", faces.len(), &faces[..SHOWN])
    }
}

/// Errors from building or editing a mesh.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeshError {
    #[error("the board has no faces")]
    Empty,
    #[error("vertex {vertex} has a coordinate that is not a finite number ({x}, {y})")]
    NonFiniteCoordinate { vertex: usize, x: f64, y: f64 },
    #[error("face {face} has {count} vertices; a face needs at least 3")]
    TooFewVertices { face: usize, count: usize },
    #[error("face {face} refers to vertex {index}, but there are only {vertex_count} vertices")]
    IndexOutOfRange {
        face: usize,
        index: u64,
        vertex_count: usize,
    },
    #[error("face {face} visits the vertex at {position} more than once")]
    RepeatedVertex { face: usize, position: Point },
    #[error("face {face} has zero area (its vertices are collinear or coincide)")]
    DegenerateFace { face: usize },
    #[error("face {face} crosses or touches itself")]
    SelfIntersectingFace { face: usize },
    #[error(
        "non-manifold edge between {a} and {b}: used by {} (an edge may border at most two faces, once in each direction)",
        few_faces(faces)
    )]
    NonManifoldEdge {
        a: Point,
        b: Point,
        faces: Vec<usize>,
    },
    #[error("the board is too large: {what} ({count}) exceeds the limit of {limit}")]
    TooLarge {
        what: &'static str,
        count: usize,
        limit: usize,
    },
    #[error("{0}")]
    InvalidEdit(String),
    #[error("there is no {what} {id}")]
    NoSuchElement { what: &'static str, id: u32 },
    #[error("the new face overlaps face #{}", face.0)]
    NewFaceOverlaps { face: FaceId },
    #[error("the new face overlaps the board near {at}")]
    NewFaceOverlapsNear { at: Point },
    #[error("the new side from {a} to {b} crosses or runs along the edge from {c} to {d}")]
    SideCrossesEdge {
        a: Point,
        b: Point,
        c: Point,
        d: Point,
    },
    #[error("cannot delete face #{}: it is the last face of the board", face.0)]
    LastFace { face: FaceId },
    #[error("vertex move would fold face #{}", face.0)]
    MoveFoldsFace { face: FaceId },
    #[error("vertex move would make face #{} overlap face #{}", face.0, other.0)]
    MoveOverlaps { face: FaceId, other: FaceId },
    #[error("vertex move would make the edge from {a} to {b} cross the edge from {c} to {d}")]
    MoveCrossesEdge {
        a: Point,
        b: Point,
        c: Point,
        d: Point,
    },
    #[error("vertices {} and {} are not both corners of face #{}", a.0, b.0, face.0)]
    NotOnFace {
        a: VertexId,
        b: VertexId,
        face: FaceId,
    },
    #[error("vertices {} and {} are the same or already joined by an edge", a.0, b.0)]
    AlreadyJoined { a: VertexId, b: VertexId },
    #[error("the cut from vertex {} to vertex {} does not run inside face #{}", a.0, b.0, face.0)]
    ChordOutside {
        a: VertexId,
        b: VertexId,
        face: FaceId,
    },
    #[error("faces #{} and #{} do not share an edge", f.0, g.0)]
    NotAdjacent { f: FaceId, g: FaceId },
    #[error("faces #{} and #{} share more than one separate run of edges (or all edges of one of them); merging them would enclose a hole", f.0, g.0)]
    MergeEnclosesHole { f: FaceId, g: FaceId },
    #[error("merging faces #{} and #{} would make a face that touches itself at {at}", f.0, g.0)]
    MergeNotSimple { f: FaceId, g: FaceId, at: Point },
    #[error("cannot split edge {} at t = {t}: t must lie strictly between 0 and 1 and give a new point", edge.0)]
    BadSplit { edge: EdgeId, t: f64 },
}
