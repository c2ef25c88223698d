//! Whole-mesh and per-face geometric and topological queries.

use super::geom::{self, Aabb, Point};
use super::{Cycle, CycleStep, Dart, EdgeId, FaceId, Mesh};

/// One closed loop of boundary edges: the outline of a part of the board, or a hole in it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoundaryLoop {
    /// Outside sides of the boundary edges, in loop order (outside on the left).
    pub darts: Vec<Dart>,
    /// Signed area enclosed by the loop as traversed: negative for an outer outline,
    /// positive for a hole.
    pub signed_area: f64,
}

impl BoundaryLoop {
    pub fn is_hole(&self) -> bool {
        self.signed_area > 0.0
    }
    pub fn edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        self.darts.iter().map(|d| d.edge())
    }
}

impl Mesh {
    /// The darts of the boundary loop through the outside side of boundary edge `e`.
    pub fn boundary_loop_darts(&self, e: EdgeId) -> Option<Cycle<'_>> {
        self.is_boundary_edge(e)
            .then(|| Cycle::new(self, Dart::new(e, 1), CycleStep::Next))
    }

    /// All boundary loops: outer outlines and holes, each once, ordered by their first edge.
    pub fn boundary_loops(&self) -> Vec<BoundaryLoop> {
        let mut seen = vec![false; self.edge_count()];
        let mut loops = Vec::new();
        for e in self.edge_ids() {
            if seen[e.index()] || !self.is_boundary_edge(e) {
                continue;
            }
            let darts: Vec<Dart> = Cycle::new(self, Dart::new(e, 1), CycleStep::Next).collect();
            for d in &darts {
                seen[d.edge().index()] = true;
            }
            let signed_area =
                geom::signed_area(darts.iter().map(|&d| self.position(self.dart_origin(d))));
            loops.push(BoundaryLoop { darts, signed_area });
        }
        loops
    }

    /// V − E + F.
    pub fn euler_characteristic(&self) -> i64 {
        self.vertex_count() as i64 - self.edge_count() as i64 + self.face_count() as i64
    }

    /// Signed area of a face (positive: faces are counter-clockwise).
    pub fn face_signed_area(&self, f: FaceId) -> f64 {
        geom::signed_area(self.face_points(f))
    }
    /// Area of a face.
    pub fn face_area(&self, f: FaceId) -> f64 {
        self.face_signed_area(f).abs()
    }
    /// Area centroid of a face.
    pub fn face_centroid(&self, f: FaceId) -> Point {
        let pts: Vec<Point> = self.face_points(f).collect();
        geom::centroid(&pts)
    }
    /// A point guaranteed to lie inside the face (the centroid when it does, which is
    /// the case for convex faces; otherwise the centre of the largest triangle of its
    /// triangulation). Used for labels and for clicking a face programmatically.
    pub fn face_interior_point(&self, f: FaceId) -> Point {
        let pts: Vec<Point> = self.face_points(f).collect();
        let c = geom::centroid(&pts);
        if geom::point_in_polygon(c, pts.iter().copied()) == geom::Containment::Inside {
            return c;
        }
        let tris = super::triangulate::triangulate_polygon(&pts);
        tris.chunks_exact(3)
            .map(|t| {
                let (a, b, c) = (pts[t[0] as usize], pts[t[1] as usize], pts[t[2] as usize]);
                (geom::orient(a, b, c).abs(), (a + b + c) * (1.0 / 3.0))
            })
            .max_by(|x, y| x.0.total_cmp(&y.0))
            .map(|x| x.1)
            .unwrap_or(c)
    }
    /// Bounding box of a face.
    pub fn face_bbox(&self, f: FaceId) -> Aabb {
        Aabb::from_points(self.face_points(f))
    }
    /// Bounding box of the whole mesh.
    pub fn bbox(&self) -> Aabb {
        Aabb::from_points(self.positions.iter().copied())
    }
    /// Total area of all faces.
    pub fn total_area(&self) -> f64 {
        self.face_ids().map(|f| self.face_area(f)).sum()
    }
    /// Number of faces with each number of sides, as (sides, count) sorted by sides.
    pub fn face_degree_histogram(&self) -> Vec<(usize, usize)> {
        let mut h = std::collections::BTreeMap::new();
        for f in self.face_ids() {
            *h.entry(self.face_degree(f)).or_insert(0usize) += 1;
        }
        h.into_iter().collect()
    }
    /// The edge joining two vertices, if there is one.
    pub fn find_edge(&self, a: super::VertexId, b: super::VertexId) -> Option<EdgeId> {
        self.vertex_darts(a)
            .find(|&d| self.dart_target(d) == b)
            .map(Dart::edge)
    }
    /// The edges shared by two faces.
    pub fn shared_edges(&self, f: FaceId, g: FaceId) -> Vec<EdgeId> {
        self.face_neighbors(f)
            .filter(|&(_, o)| o == Some(g))
            .map(|(e, _)| e)
            .collect()
    }
}
