//! Point → face lookup.
//!
//! Placeholder implementation: a linear scan with bounding-box rejection. The
//! public API (`FaceIndex::build`, `FaceIndex::locate`) is what callers use; a
//! uniform-grid index replaces the internals.

use super::geom::{Aabb, Containment, Point, point_in_polygon};
use super::{FaceId, Mesh};

/// Spatial index answering "which face is under this point?".
#[derive(Clone, Debug, Default)]
pub struct FaceIndex {
    boxes: Vec<Aabb>,
}

impl FaceIndex {
    pub fn build(mesh: &Mesh) -> FaceIndex {
        FaceIndex {
            boxes: mesh.face_ids().map(|f| mesh.face_bbox(f)).collect(),
        }
    }

    /// The face containing `p`. A point on an edge or vertex shared by several
    /// faces resolves to the face with the lowest id, so the answer is deterministic.
    pub fn locate(&self, mesh: &Mesh, p: Point) -> Option<FaceId> {
        for (i, b) in self.boxes.iter().enumerate() {
            if b.contains(p) {
                let f = FaceId(i as u32);
                if point_in_polygon(p, mesh.face_points(f)) != Containment::Outside {
                    return Some(f);
                }
            }
        }
        None
    }
}
