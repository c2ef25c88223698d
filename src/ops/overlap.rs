//! Do two faces of a mesh overlap? The mesh builder refuses shared edges used
//! twice and folds at a vertex, but two faces placed on top of each other
//! without sharing anything pass it; operators that place new geometry
//! (symmetric copy, dual) check with [`first_overlap`].

use crate::mesh::geom::{Containment, orient, point_in_polygon, point_segment_distance};
use crate::mesh::{Aabb, EdgeId, FaceId, Mesh, Point};

/// Uniform grid of item bounding boxes.
struct Grid {
    origin: Point,
    cell: f64,
    nx: usize,
    ny: usize,
    cells: Vec<Vec<u32>>,
}

impl Grid {
    fn new(bbox: Aabb, items: usize) -> Grid {
        let w = bbox.width().max(1e-12);
        let h = bbox.height().max(1e-12);
        // About four items per cell.
        let cell = (4.0 * (w * h) / items.max(1) as f64)
            .sqrt()
            .max(w.max(h) / 4096.0);
        let nx = ((w / cell).ceil() as usize).clamp(1, 4096);
        let ny = ((h / cell).ceil() as usize).clamp(1, 4096);
        Grid {
            origin: bbox.min,
            cell,
            nx,
            ny,
            cells: vec![Vec::new(); nx * ny],
        }
    }
    fn range(&self, b: &Aabb) -> (usize, usize, usize, usize) {
        let c = |v: f64, n: usize| (((v / self.cell).floor()).max(0.0) as usize).min(n - 1);
        (
            c(b.min.x - self.origin.x, self.nx),
            c(b.min.y - self.origin.y, self.ny),
            c(b.max.x - self.origin.x, self.nx),
            c(b.max.y - self.origin.y, self.ny),
        )
    }
    fn insert(&mut self, b: &Aabb, item: u32) {
        let (x0, y0, x1, y1) = self.range(b);
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.cells[y * self.nx + x].push(item);
            }
        }
    }
    fn at(&self, p: Point) -> &[u32] {
        let (x, y, _, _) = self.range(&Aabb { min: p, max: p });
        &self.cells[y * self.nx + x]
    }
}

/// The first pair of faces found that overlap (edges crossing, a vertex on
/// another face's side, or a face's interior point inside another face), with
/// a point where they do.
pub(crate) fn first_overlap(mesh: &Mesh) -> Option<(FaceId, FaceId, Point)> {
    let bbox = mesh.bbox();
    let tol = bbox.width().max(bbox.height()) * 1e-9;
    let mut edges = Grid::new(bbox, mesh.edge_count());
    for e in mesh.edge_ids() {
        let (a, b) = mesh.edge_segment(e);
        edges.insert(&Aabb::from_points([a, b]), e.0);
    }
    let face_of = |e: u32| mesh.edge_faces(EdgeId(e)).0;
    // Edges crossing properly.
    for items in &edges.cells {
        for (i, &e) in items.iter().enumerate() {
            let [ea, eb] = mesh.edge_vertices(EdgeId(e));
            let (a, b) = mesh.edge_segment(EdgeId(e));
            for &g in &items[i + 1..] {
                let [ga, gb] = mesh.edge_vertices(EdgeId(g));
                if ea == ga || ea == gb || eb == ga || eb == gb {
                    continue;
                }
                let (c, d) = mesh.edge_segment(EdgeId(g));
                if crosses(a, b, c, d, tol) {
                    let at = a.lerp(b, 0.5);
                    return Some((face_of(e), face_of(g), at));
                }
            }
        }
    }
    // A vertex lying on an edge it is not an end of.
    for v in mesh.vertex_ids() {
        let p = mesh.position(v);
        for &e in edges.at(p) {
            let [a, b] = mesh.edge_vertices(EdgeId(e));
            if a == v || b == v {
                continue;
            }
            let (pa, pb) = mesh.edge_segment(EdgeId(e));
            if point_segment_distance(p, pa, pb).0 <= tol {
                let f = mesh.vertex_faces(v).next().unwrap_or(face_of(e));
                return Some((f, face_of(e), p));
            }
        }
    }
    // A face inside another.
    let mut faces = Grid::new(bbox, mesh.face_count());
    for f in mesh.face_ids() {
        faces.insert(&mesh.face_bbox(f), f.0);
    }
    for f in mesh.face_ids() {
        let p = mesh.face_interior_point(f);
        for &g in faces.at(p) {
            if g != f.0 && point_in_polygon(p, mesh.face_points(FaceId(g))) == Containment::Inside {
                return Some((f, FaceId(g), p));
            }
        }
    }
    None
}

/// Whether segments `ab` and `cd` cross at a point inside both (each segment's
/// ends strictly on opposite sides of the other, beyond `tol`).
fn crosses(a: Point, b: Point, c: Point, d: Point, tol: f64) -> bool {
    let side = |p: Point, q: Point, r: Point| {
        let len = (q - p).length();
        if len == 0.0 {
            0.0
        } else {
            orient(p, q, r) / len
        }
    };
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    ((d1 > tol && d2 < -tol) || (d1 < -tol && d2 > tol))
        && ((d3 > tol && d4 < -tol) || (d3 < -tol && d4 > tol))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::{BuildOptions, PolygonSoup};

    fn mesh(polys: &[&[(f64, f64)]]) -> Mesh {
        let mut s = PolygonSoup::new();
        for p in polys {
            let idx: Vec<u32> = p
                .iter()
                .map(|&(x, y)| s.push_vertex(Point::new(x, y)))
                .collect();
            s.push_face(&idx);
        }
        Mesh::build(&s, &BuildOptions::default()).unwrap().0
    }

    #[test]
    fn finds_overlaps_and_accepts_neighbours() {
        let a = [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)];
        let right = [(2.0, 0.0), (3.0, 0.0), (3.0, 1.0), (2.0, 1.0)];
        assert_eq!(first_overlap(&mesh(&[&a, &right])), None);
        // Crossing edges.
        let cross = [(1.0, -1.0), (1.5, -1.0), (1.5, 2.0), (1.0, 2.0)];
        assert!(first_overlap(&mesh(&[&a, &cross])).is_some());
        // One face inside another, no edges touching.
        let inner = [(0.5, 0.25), (1.0, 0.25), (1.0, 0.75)];
        assert!(first_overlap(&mesh(&[&a, &inner])).is_some());
        // Sliding along a side: vertices on the other's sides.
        let slid = [(1.0, 0.0), (3.0, 0.0), (3.0, 1.0), (1.0, 1.0)];
        assert!(first_overlap(&mesh(&[&a, &slid])).is_some());
    }
}
