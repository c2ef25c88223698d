//! Point → face lookup and vertex/edge picking through a uniform grid.
//!
//! The index covers the mesh's bounding box with about one cell per face and
//! stores, for every cell, the ids of the faces whose bounding box overlaps it,
//! in ascending order, in one flat array (compressed rows: `cell_start` +
//! `items`). Building is two linear passes. A query looks at one cell, rejects
//! faces by bounding box and runs an exact point-in-polygon test on the rest.
//!
//! After a local edit, [`FaceIndex::update_faces`] refreshes the boxes of the
//! faces the edit touched and keeps them in a short overflow list that every
//! query also scans; stale grid entries are harmless because every candidate is
//! tested against the face's current geometry. When the overflow list grows past
//! a small limit the index rebuilds itself.

use super::geom::{Aabb, Containment, Point, point_in_polygon, point_segment_distance};
use super::{EdgeId, FaceId, Mesh, VertexId};

/// Overflow entries tolerated before a full rebuild.
const MAX_EXTRA: usize = 64;

/// Per-face record: a conservative single-precision bounding box (rounded
/// outwards, used only to reject; the exact test reads the mesh).
#[derive(Copy, Clone, Debug)]
struct FaceSlot {
    bbox: [f32; 4],
}

impl FaceSlot {
    #[inline]
    fn contains(&self, p: Point) -> bool {
        let [x0, y0, x1, y1] = self.bbox;
        p.x >= x0 as f64 && p.x <= x1 as f64 && p.y >= y0 as f64 && p.y <= y1 as f64
    }
    fn aabb(&self) -> Aabb {
        let [x0, y0, x1, y1] = self.bbox;
        Aabb {
            min: Point::new(x0 as f64, y0 as f64),
            max: Point::new(x1 as f64, y1 as f64),
        }
    }
}

fn down(x: f64) -> f32 {
    let f = x as f32;
    if f as f64 > x { f.next_down() } else { f }
}
fn up(x: f64) -> f32 {
    let f = x as f32;
    if (f as f64) < x { f.next_up() } else { f }
}

/// Spatial index answering "which face is under this point?" and "which vertex
/// or edge is near this point?".
///
/// It keeps one box per face (16 bytes) and the grid; a query reads the grid
/// cell and the candidates' boxes, and walks the mesh only for the faces whose
/// box holds the point. (It used to keep its own copy of every face's corners,
/// which was 64 MB of a 1M-face board for a query or two per frame.)
#[derive(Clone, Debug)]
pub struct FaceIndex {
    faces: Vec<FaceSlot>,
    /// Grid origin and cells per unit length in x and y.
    origin: Point,
    scale: Point,
    nx: u32,
    ny: u32,
    /// Extent covered by the grid (the mesh's bounding box at build time).
    extent: Aabb,
    cell_start: Vec<u32>,
    items: Vec<u32>,
    /// Faces changed since the build, ascending.
    extra: Vec<u32>,
}

impl Default for FaceIndex {
    fn default() -> Self {
        FaceIndex {
            faces: Vec::new(),
            origin: Point::default(),
            scale: Point::default(),
            nx: 0,
            ny: 0,
            extent: Aabb::EMPTY,
            cell_start: Vec::new(),
            items: Vec::new(),
            extra: Vec::new(),
        }
    }
}

impl FaceIndex {
    /// Build the index in time linear in the mesh size.
    pub fn build(mesh: &Mesh) -> FaceIndex {
        let nf = mesh.face_count();
        let mut idx = FaceIndex {
            faces: Vec::with_capacity(nf),
            ..Default::default()
        };
        idx.faces
            .extend(mesh.face_ids().map(|f| FaceIndex::slot(mesh, f)));
        idx.build_grid();
        idx
    }

    /// Face `f`'s box, rounded outwards to single precision.
    fn slot(mesh: &Mesh, f: FaceId) -> FaceSlot {
        let mut b = Aabb::EMPTY;
        for q in mesh.face_points(f) {
            b.include(q);
        }
        FaceSlot {
            bbox: [down(b.min.x), down(b.min.y), up(b.max.x), up(b.max.y)],
        }
    }

    fn build_grid(&mut self) {
        self.extra.clear();
        let nf = self.faces.len();
        let extent = self
            .faces
            .iter()
            .fold(Aabb::EMPTY, |a, s| a.union(s.aabb()));
        if nf == 0 || extent.is_empty() {
            *self = FaceIndex {
                faces: std::mem::take(&mut self.faces),
                ..Default::default()
            };
            return;
        }
        let w = extent.width().max(f64::MIN_POSITIVE);
        let h = extent.height().max(f64::MIN_POSITIVE);
        let cell = (w * h / nf as f64).sqrt().max(f64::MIN_POSITIVE);
        let cap = (nf as f64).max(1.0);
        let nx = (w / cell).ceil().clamp(1.0, cap.min(65_535.0)) as u32;
        let ny = (h / cell).ceil().clamp(1.0, cap.min(65_535.0)) as u32;
        self.origin = extent.min;
        self.scale = Point::new(nx as f64 / w, ny as f64 / h);
        self.nx = nx;
        self.ny = ny;
        self.extent = extent;
        let ncell = nx as usize * ny as usize;
        let mut start = vec![0u32; ncell + 1];
        let ranges: Vec<(u32, u32, u32, u32)> = self
            .faces
            .iter()
            .map(|s| self.cell_range(&s.aabb()))
            .collect();
        for &(x0, y0, x1, y1) in &ranges {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    start[y as usize * nx as usize + x as usize + 1] += 1;
                }
            }
        }
        for i in 0..ncell {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut items = vec![0u32; start[ncell] as usize];
        for (f, &(x0, y0, x1, y1)) in ranges.iter().enumerate() {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let c = y as usize * nx as usize + x as usize;
                    items[fill[c] as usize] = f as u32;
                    fill[c] += 1;
                }
            }
        }
        self.cell_start = start;
        self.items = items;
    }

    /// Rebuild everything from the mesh.
    fn rebuild(&mut self, mesh: &Mesh) {
        *self = FaceIndex::build(mesh);
    }

    #[inline]
    fn cell_x(&self, x: f64) -> u32 {
        let c = ((x - self.origin.x) * self.scale.x).floor();
        c.clamp(0.0, (self.nx - 1) as f64) as u32
    }
    #[inline]
    fn cell_y(&self, y: f64) -> u32 {
        let c = ((y - self.origin.y) * self.scale.y).floor();
        c.clamp(0.0, (self.ny - 1) as f64) as u32
    }
    fn cell_range(&self, b: &Aabb) -> (u32, u32, u32, u32) {
        (
            self.cell_x(b.min.x),
            self.cell_y(b.min.y),
            self.cell_x(b.max.x),
            self.cell_y(b.max.y),
        )
    }
    #[inline]
    fn cell_items(&self, x: u32, y: u32) -> &[u32] {
        let c = y as usize * self.nx as usize + x as usize;
        &self.items[self.cell_start[c] as usize..self.cell_start[c + 1] as usize]
    }

    /// Number of faces the index knows.
    pub fn face_count(&self) -> usize {
        self.faces.len()
    }

    /// Approximate heap memory of the index, in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.faces.capacity() * std::mem::size_of::<FaceSlot>()
            + (self.cell_start.capacity() + self.items.capacity() + self.extra.capacity()) * 4
    }

    /// Refresh the index after an edit: `changed` are the faces (current ids) whose
    /// outline changed, that are new, or whose id now names another face. Faces
    /// removed from the end are dropped automatically. Cost: proportional to the
    /// changed faces, plus a full rebuild once more than a few dozen faces have
    /// changed since the last one.
    pub fn update_faces(&mut self, mesh: &Mesh, changed: impl IntoIterator<Item = FaceId>) {
        let nf = mesh.face_count();
        self.faces.truncate(nf);
        while self.faces.len() < nf {
            let f = FaceId(self.faces.len() as u32);
            self.faces.push(FaceIndex::slot(mesh, f));
            self.extra.push(f.0);
        }
        for f in changed {
            if f.index() < nf {
                self.faces[f.index()] = FaceIndex::slot(mesh, f);
                self.extra.push(f.0);
            }
        }
        self.extra.retain(|&f| (f as usize) < nf);
        self.extra.sort_unstable();
        self.extra.dedup();
        if self.extra.len() > MAX_EXTRA || self.nx == 0 {
            self.rebuild(mesh);
        }
    }

    #[inline]
    fn hit(&self, mesh: &Mesh, f: u32, p: Point) -> bool {
        let Some(s) = self.faces.get(f as usize) else {
            return false;
        };
        s.contains(p) && point_in_polygon(p, mesh.face_points(FaceId(f))) != Containment::Outside
    }

    /// The face containing `p`. A point on an edge or vertex shared by several
    /// faces resolves to the face with the lowest id, so the answer is deterministic.
    /// The index must be up to date with `mesh` (see [`FaceIndex::update`]).
    pub fn locate(&self, mesh: &Mesh, p: Point) -> Option<FaceId> {
        debug_assert_eq!(self.faces.len(), mesh.face_count(), "stale FaceIndex");
        let mut best = u32::MAX;
        for &f in &self.extra {
            if self.hit(mesh, f, p) {
                best = f;
                break;
            }
        }
        if self.nx > 0 && self.extent.contains(p) {
            for &f in self.cell_items(self.cell_x(p.x), self.cell_y(p.y)) {
                if f >= best {
                    break;
                }
                if self.hit(mesh, f, p) {
                    best = f;
                    break;
                }
            }
        }
        (best != u32::MAX).then_some(FaceId(best))
    }

    /// Every face whose bounding box comes within `radius` of `p` (possibly with
    /// repeats), passed to `visit`.
    fn for_faces_near(&self, p: Point, radius: f64, mut visit: impl FnMut(FaceId)) {
        let q = Aabb {
            min: Point::new(p.x - radius, p.y - radius),
            max: Point::new(p.x + radius, p.y + radius),
        };
        let near = |b: &Aabb| {
            b.min.x <= q.max.x && q.min.x <= b.max.x && b.min.y <= q.max.y && q.min.y <= b.max.y
        };
        for &f in &self.extra {
            if self.faces.get(f as usize).is_some_and(|s| near(&s.aabb())) {
                visit(FaceId(f));
            }
        }
        if self.nx == 0 || !near(&self.extent) {
            return;
        }
        let (x0, y0, x1, y1) = self.cell_range(&q);
        for y in y0..=y1 {
            for x in x0..=x1 {
                for &f in self.cell_items(x, y) {
                    if self.faces.get(f as usize).is_some_and(|s| near(&s.aabb())) {
                        visit(FaceId(f));
                    }
                }
            }
        }
    }

    /// The faces whose bounding box overlaps `b`, ascending, without repeats
    /// (written to `out`, which is cleared first). A superset of the faces that
    /// have a point in `b`.
    pub fn faces_in_box(&self, b: &Aabb, out: &mut Vec<FaceId>) {
        out.clear();
        let near = |s: &Aabb| {
            s.min.x <= b.max.x && b.min.x <= s.max.x && s.min.y <= b.max.y && b.min.y <= s.max.y
        };
        for &f in &self.extra {
            if self.faces.get(f as usize).is_some_and(|s| near(&s.aabb())) {
                out.push(FaceId(f));
            }
        }
        if self.nx > 0 && !b.is_empty() && near(&self.extent) {
            let (x0, y0, x1, y1) = self.cell_range(b);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    for &f in self.cell_items(x, y) {
                        if self.faces.get(f as usize).is_some_and(|s| near(&s.aabb())) {
                            out.push(FaceId(f));
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// The vertex nearest to `p` within `radius` (ties: lowest id), for snapping
    /// and picking.
    pub fn nearest_vertex(&self, mesh: &Mesh, p: Point, radius: f64) -> Option<VertexId> {
        if radius.is_nan() || radius < 0.0 || !p.is_finite() {
            return None;
        }
        let mut best: Option<(f64, VertexId)> = None;
        self.for_faces_near(p, radius, |f| {
            for v in mesh.face_vertices(f) {
                let d = mesh.position(v).distance(p);
                if d <= radius && best.is_none_or(|(bd, bv)| d < bd || (d == bd && v < bv)) {
                    best = Some((d, v));
                }
            }
        });
        best.map(|b| b.1)
    }

    /// The edge nearest to `p` within `radius` and the parameter `t` (0 at the
    /// edge's first vertex, 1 at its second) of the closest point on it (ties:
    /// lowest id).
    pub fn nearest_edge(&self, mesh: &Mesh, p: Point, radius: f64) -> Option<(EdgeId, f64)> {
        if radius.is_nan() || radius < 0.0 || !p.is_finite() {
            return None;
        }
        let mut best: Option<(f64, EdgeId, f64)> = None;
        self.for_faces_near(p, radius, |f| {
            for e in mesh.face_edges(f) {
                let (a, b) = mesh.edge_segment(e);
                let (d, t) = point_segment_distance(p, a, b);
                if d <= radius && best.is_none_or(|(bd, be, _)| d < bd || (d == bd && e < be)) {
                    best = Some((d, e, t));
                }
            }
        });
        best.map(|b| (b.1, b.2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(w: u32, h: u32) -> Mesh {
        let mut pos = Vec::new();
        for y in 0..=h {
            for x in 0..=w {
                pos.push(Point::new(x as f64, y as f64));
            }
        }
        let id = |x: u32, y: u32| y * (w + 1) + x;
        let mut faces = Vec::new();
        for y in 0..h {
            for x in 0..w {
                faces.push(vec![id(x, y), id(x + 1, y), id(x + 1, y + 1), id(x, y + 1)]);
            }
        }
        Mesh::from_polygons(&pos, &faces).unwrap()
    }

    #[test]
    fn locate_matches_brute_force_on_a_grid() {
        let m = grid(7, 5);
        let idx = FaceIndex::build(&m);
        for i in 0..=70 {
            for j in 0..=50 {
                let p = Point::new(i as f64 * 0.1 - 0.05, j as f64 * 0.1 - 0.05);
                let brute = m
                    .face_ids()
                    .find(|&f| point_in_polygon(p, m.face_points(f)) != Containment::Outside);
                assert_eq!(idx.locate(&m, p), brute, "at {p}");
            }
        }
        // Shared corner: lowest id.
        assert_eq!(idx.locate(&m, Point::new(1.0, 1.0)), Some(FaceId(0)));
        assert_eq!(idx.locate(&m, Point::new(-0.1, 0.0)), None);
    }

    #[test]
    fn nearest_vertex_and_edge() {
        let m = grid(3, 3);
        let idx = FaceIndex::build(&m);
        let v = idx.nearest_vertex(&m, Point::new(1.1, 0.95), 0.2).unwrap();
        assert_eq!(m.position(v), Point::new(1.0, 1.0));
        assert_eq!(idx.nearest_vertex(&m, Point::new(1.5, 1.5), 0.2), None);
        let (e, t) = idx.nearest_edge(&m, Point::new(1.5, 1.05), 0.1).unwrap();
        let (a, b) = m.edge_segment(e);
        assert_eq!(a.lerp(b, t), Point::new(1.5, 1.0));
        assert_eq!(idx.nearest_edge(&m, Point::new(1.5, 1.5), 0.1), None);
    }
}
