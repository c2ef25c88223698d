//! Snapping and picking: turning a pointer position into an existing vertex, a
//! point on an existing edge, a grid point, or a face — within a radius that is a
//! fixed number of screen pixels whatever the zoom.

use crate::board::Board;
use crate::mesh::geom::point_segment_distance;
use crate::mesh::spatial::FaceIndex;
use crate::mesh::{EdgeId, FaceId, Point, VertexId};

/// Snap and pick distance, in screen points.
pub const SNAP_PIXELS: f64 = 8.0;

/// What a snapped point landed on.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum SnapTarget {
    /// Exactly on an existing vertex.
    Vertex(VertexId),
    /// On an existing edge (the closest point of it).
    Edge(EdgeId),
    /// On a grid point.
    Grid,
    /// Nowhere in particular: the pointer position itself.
    Free,
}

/// A pointer position after snapping.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Snapped {
    pub point: Point,
    pub target: SnapTarget,
}

/// Round `p` to the nearest point of a square grid of spacing `size` (through the
/// origin). A non-positive or non-finite size leaves `p` alone.
pub fn to_grid(p: Point, size: f64) -> Point {
    if !(size.is_finite() && size > 0.0) {
        return p;
    }
    Point::new((p.x / size).round() * size, (p.y / size).round() * size)
}

/// Snap `p`: an existing vertex within `radius` wins, then the closest point of an
/// edge within `radius`, then the grid (when `grid` is `Some(size)`), else `p`.
pub fn snap(board: &Board, index: &FaceIndex, p: Point, radius: f64, grid: Option<f64>) -> Snapped {
    let mesh = board.mesh();
    if mesh.face_count() > 0 {
        if let Some(v) = index.nearest_vertex(mesh, p, radius) {
            return Snapped {
                point: mesh.position(v),
                target: SnapTarget::Vertex(v),
            };
        }
        if let Some((e, t)) = index.nearest_edge(mesh, p, radius) {
            let (a, b) = mesh.edge_segment(e);
            return Snapped {
                point: a.lerp(b, t.clamp(0.0, 1.0)),
                target: SnapTarget::Edge(e),
            };
        }
    }
    if let Some(size) = grid.filter(|s| s.is_finite() && *s > 0.0) {
        return Snapped {
            point: to_grid(p, size),
            target: SnapTarget::Grid,
        };
    }
    Snapped {
        point: p,
        target: SnapTarget::Free,
    }
}

/// Something on the board that can be selected.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    Face(FaceId),
    Edge(EdgeId),
    Vertex(VertexId),
}

impl Pick {
    /// Whether the element still exists on `board` (ids may vanish after an undo).
    pub fn exists(self, board: &Board) -> bool {
        match self {
            Pick::Face(f) => f.index() < board.mesh().face_count(),
            Pick::Edge(e) => e.index() < board.mesh().edge_count(),
            Pick::Vertex(v) => v.index() < board.mesh().vertex_count(),
        }
    }
}

/// The vertex within `radius` of `p`, else the edge within `radius`, else the face
/// containing `p`.
pub fn pick(board: &Board, index: &FaceIndex, p: Point, radius: f64) -> Option<Pick> {
    let mesh = board.mesh();
    if mesh.face_count() == 0 {
        return None;
    }
    if let Some(v) = index.nearest_vertex(mesh, p, radius) {
        return Some(Pick::Vertex(v));
    }
    if let Some((e, _)) = index.nearest_edge(mesh, p, radius) {
        return Some(Pick::Edge(e));
    }
    index.locate(mesh, p).map(Pick::Face)
}

/// The vertex within `radius` of `p`.
pub fn pick_vertex(board: &Board, index: &FaceIndex, p: Point, radius: f64) -> Option<VertexId> {
    if board.mesh().face_count() == 0 {
        return None;
    }
    index.nearest_vertex(board.mesh(), p, radius)
}

/// The face containing `p`.
pub fn pick_face(board: &Board, index: &FaceIndex, p: Point) -> Option<FaceId> {
    if board.mesh().face_count() == 0 {
        return None;
    }
    index.locate(board.mesh(), p)
}

/// The boundary edge closest to `p` within `radius` (clicks just outside the board
/// count, and so do clicks near a corner where an interior edge is closer).
pub fn pick_boundary_edge(
    board: &Board,
    index: &FaceIndex,
    p: Point,
    radius: f64,
) -> Option<EdgeId> {
    let mesh = board.mesh();
    if mesh.face_count() == 0 {
        return None;
    }
    let mut candidates: Vec<EdgeId> = Vec::new();
    if let Some((e, _)) = index.nearest_edge(mesh, p, radius) {
        candidates.push(e);
    }
    if let Some(v) = index.nearest_vertex(mesh, p, radius) {
        candidates.extend(mesh.vertex_edges(v));
    }
    if let Some(f) = index.locate(mesh, p) {
        candidates.extend(mesh.face_edges(f));
        // A click inside a face next to a vertex: the boundary edges around it.
        for v in mesh.face_vertices(f) {
            if mesh.position(v).distance(p) <= radius {
                candidates.extend(mesh.vertex_edges(v));
            }
        }
    }
    candidates
        .into_iter()
        .filter(|&e| mesh.is_boundary_edge(e))
        .map(|e| {
            let (a, b) = mesh.edge_segment(e);
            (point_segment_distance(p, a, b).0, e)
        })
        .filter(|(d, _)| *d <= radius)
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, e)| e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn vertices_win_over_edges_and_edges_over_the_grid() {
        let b = presets::square_grid(2, 2);
        let idx = FaceIndex::build(b.mesh());
        let s = snap(&b, &idx, Point::new(1.05, 0.98), 0.1, Some(0.5));
        assert_eq!(s.point, Point::new(1.0, 1.0));
        assert!(matches!(s.target, SnapTarget::Vertex(_)));
        let s = snap(&b, &idx, Point::new(0.5, 1.04), 0.1, Some(0.3));
        assert!(matches!(s.target, SnapTarget::Edge(_)));
        assert!((s.point.y - 1.0).abs() < 1e-12 && (s.point.x - 0.5).abs() < 1e-12);
        let s = snap(&b, &idx, Point::new(3.26, 3.4), 0.1, Some(0.5));
        assert_eq!(s.target, SnapTarget::Grid);
        assert_eq!(s.point, Point::new(3.5, 3.5));
        let s = snap(&b, &idx, Point::new(3.26, 3.4), 0.1, None);
        assert_eq!(s.target, SnapTarget::Free);
    }

    #[test]
    fn picking_prefers_vertex_then_edge_then_face() {
        let b = presets::square_grid(2, 2);
        let idx = FaceIndex::build(b.mesh());
        assert!(matches!(
            pick(&b, &idx, Point::new(0.02, 0.01), 0.1),
            Some(Pick::Vertex(_))
        ));
        assert!(matches!(
            pick(&b, &idx, Point::new(0.5, 0.03), 0.1),
            Some(Pick::Edge(_))
        ));
        assert!(matches!(
            pick(&b, &idx, Point::new(0.5, 0.5), 0.1),
            Some(Pick::Face(_))
        ));
        assert_eq!(pick(&b, &idx, Point::new(5.0, 5.0), 0.1), None);
    }

    #[test]
    fn boundary_edges_are_found_from_outside_and_near_corners() {
        let b = presets::square_grid(2, 2);
        let idx = FaceIndex::build(b.mesh());
        let e = pick_boundary_edge(&b, &idx, Point::new(0.5, -0.05), 0.1).unwrap();
        assert!(b.mesh().is_boundary_edge(e));
        let (a, c) = b.mesh().edge_segment(e);
        assert_eq!((a.y, c.y), (0.0, 0.0));
        // Next to the interior edge x = 1 at the bottom: still a boundary edge.
        let e = pick_boundary_edge(&b, &idx, Point::new(1.02, 0.05), 0.1).unwrap();
        assert!(b.mesh().is_boundary_edge(e));
        assert_eq!(
            pick_boundary_edge(&b, &idx, Point::new(1.0, 1.0), 0.1),
            None
        );
    }

    #[test]
    fn grid_rounding_ignores_bad_sizes() {
        let p = Point::new(0.74, -0.26);
        assert_eq!(to_grid(p, 0.5), Point::new(0.5, -0.5));
        assert_eq!(to_grid(p, 0.0), p);
        assert_eq!(to_grid(p, f64::NAN), p);
    }
}
