//! Triangulating faces for rendering, through `earcutr` (works for non-convex faces).

use super::geom::Point;
use super::{FaceId, Mesh};

/// Triangulate one simple polygon; returns indices into `pts`, three per triangle,
/// counter-clockwise when the polygon is. Never fails: a polygon earcut cannot
/// handle falls back to a fan (only reachable for invalid input).
pub fn triangulate_polygon(pts: &[Point]) -> Vec<u32> {
    let n = pts.len();
    if n < 3 {
        return Vec::new();
    }
    if n == 3 {
        return vec![0, 1, 2];
    }
    let flat: Vec<f64> = pts.iter().flat_map(|p| [p.x, p.y]).collect();
    match earcutr::earcut(&flat, &[], 2) {
        Ok(ix) if ix.len() == (n - 2) * 3 => {
            let mut out: Vec<u32> = ix.into_iter().map(|i| i as u32).collect();
            // earcut's output orientation is not specified: make every triangle CCW
            // to match the polygon.
            for t in out.chunks_exact_mut(3) {
                let (a, b, c) = (pts[t[0] as usize], pts[t[1] as usize], pts[t[2] as usize]);
                if super::geom::orient(a, b, c) < 0.0 {
                    t.swap(1, 2);
                }
            }
            out
        }
        _ => (1..n as u32 - 1).flat_map(|i| [0, i, i + 1]).collect(),
    }
}

impl Mesh {
    /// Triangles covering face `f`, as indices into the face's vertex list
    /// (the order of [`Mesh::face_vertices`]).
    pub fn face_triangles(&self, f: FaceId) -> Vec<u32> {
        let pts: Vec<Point> = self.face_points(f).collect();
        triangulate_polygon(&pts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::geom::signed_area;

    #[test]
    fn concave_polygon_area_is_preserved() {
        let l = vec![
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(2.0, 1.0),
            Point::new(1.0, 1.0),
            Point::new(1.0, 2.0),
            Point::new(0.0, 2.0),
        ];
        let t = triangulate_polygon(&l);
        assert_eq!(t.len(), 12);
        let total: f64 = t
            .chunks_exact(3)
            .map(|t| {
                let a = signed_area([l[t[0] as usize], l[t[1] as usize], l[t[2] as usize]]);
                assert!(a > 0.0);
                a
            })
            .sum();
        assert!((total - 3.0).abs() < 1e-12);
    }
}
