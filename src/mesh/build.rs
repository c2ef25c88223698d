//! Building a winged-edge mesh from a polygon soup in linear time.

use super::geom::{Aabb, Point, polygon_self_intersects, signed_area};
use super::{Dart, EdgeId, Mesh, MeshError, NONE, VertexId};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// Faces as index lists of any length ≥ 3 over a shared vertex array, stored flat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolygonSoup {
    pub positions: Vec<Point>,
    /// All faces' vertex indices, one face after another.
    pub indices: Vec<u32>,
    /// Number of vertices of each face.
    pub face_sizes: Vec<u32>,
}

impl PolygonSoup {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn from_faces<F: AsRef<[u32]>>(positions: Vec<Point>, faces: &[F]) -> Self {
        let mut s = PolygonSoup {
            positions,
            ..Default::default()
        };
        for f in faces {
            s.push_face(f.as_ref());
        }
        s
    }
    pub fn push_vertex(&mut self, p: Point) -> u32 {
        self.positions.push(p);
        (self.positions.len() - 1) as u32
    }
    pub fn push_face(&mut self, face: &[u32]) {
        self.indices.extend_from_slice(face);
        self.face_sizes.push(face.len() as u32);
    }
    pub fn face_count(&self) -> usize {
        self.face_sizes.len()
    }
    /// Iterate the faces' index slices in order.
    pub fn faces(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let mut start = 0usize;
        self.face_sizes.iter().map(move |&n| {
            let s = &self.indices[start..start + n as usize];
            start += n as usize;
            s
        })
    }
}

/// How the builder treats its input.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildOptions {
    /// Vertices closer than this are welded into one. `None`: 1e-9 × the board's extent.
    pub weld_tolerance: Option<f64>,
    /// Refuse inputs with more faces than this.
    pub max_faces: usize,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            weld_tolerance: None,
            max_faces: 4_000_000,
        }
    }
}

/// What the builder changed on the way, so callers can tell the user.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildReport {
    /// Input vertices merged into an earlier vertex at (almost) the same place.
    pub welded_vertices: usize,
    /// Input vertices no face uses (dropped).
    pub unused_vertices: usize,
    /// Faces given clockwise and turned counter-clockwise (their first vertex kept).
    pub reoriented_faces: usize,
    /// For each input vertex, the mesh vertex it became (`None` if unused).
    pub vertex_map: Vec<Option<VertexId>>,
}

impl BuildReport {
    /// Whether the mesh differs from the input in anything but representation.
    pub fn changed_anything(&self) -> bool {
        self.welded_vertices > 0 || self.unused_vertices > 0 || self.reoriented_faces > 0
    }
    /// One-line human summary of the repairs, if any.
    pub fn summary(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.welded_vertices > 0 {
            parts.push(format!(
                "welded {} coincident vertices",
                self.welded_vertices
            ));
        }
        if self.unused_vertices > 0 {
            parts.push(format!("dropped {} unused vertices", self.unused_vertices));
        }
        if self.reoriented_faces > 0 {
            parts.push(format!(
                "turned {} clockwise faces counter-clockwise",
                self.reoriented_faces
            ));
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

impl Mesh {
    /// Build with default options; see [`Mesh::build`].
    pub fn from_soup(soup: &PolygonSoup) -> Result<Mesh, MeshError> {
        Mesh::build(soup, &BuildOptions::default()).map(|(m, _)| m)
    }

    /// Convenience: build from positions and per-face index lists.
    pub fn from_polygons<F: AsRef<[u32]>>(
        positions: &[Point],
        faces: &[F],
    ) -> Result<Mesh, MeshError> {
        Mesh::from_soup(&PolygonSoup::from_faces(positions.to_vec(), faces))
    }

    /// Build a mesh from a polygon soup in time linear in its size.
    ///
    /// Welds coincident vertices, orients faces counter-clockwise (keeping each
    /// face's first vertex first), drops unused vertices, and rejects anything
    /// that is not a valid planar polygon mesh with a precise error. Face order
    /// is kept: face `i` of the soup is `FaceId(i)`.
    pub fn build(
        soup: &PolygonSoup,
        opts: &BuildOptions,
    ) -> Result<(Mesh, BuildReport), MeshError> {
        let nf = soup.face_sizes.len();
        if nf == 0 {
            return Err(MeshError::Empty);
        }
        if nf > opts.max_faces {
            return Err(MeshError::TooLarge {
                what: "faces",
                count: nf,
                limit: opts.max_faces,
            });
        }
        let total: usize = soup.face_sizes.iter().map(|&n| n as usize).sum();
        if total != soup.indices.len() {
            return Err(MeshError::InvalidEdit(format!(
                "face sizes add up to {total} indices but {} were given",
                soup.indices.len()
            )));
        }
        if total >= (u32::MAX / 2) as usize || soup.positions.len() >= NONE as usize {
            return Err(MeshError::TooLarge {
                what: "corners",
                count: total,
                limit: (u32::MAX / 2) as usize,
            });
        }
        let nv_in = soup.positions.len();
        for (i, p) in soup.positions.iter().enumerate() {
            if !p.is_finite() {
                return Err(MeshError::NonFiniteCoordinate {
                    vertex: i,
                    x: p.x,
                    y: p.y,
                });
            }
        }
        // Ranges and sizes.
        let mut used = vec![false; nv_in];
        {
            let mut start = 0usize;
            for (fi, &n) in soup.face_sizes.iter().enumerate() {
                let n = n as usize;
                if n < 3 {
                    return Err(MeshError::TooFewVertices { face: fi, count: n });
                }
                for &ix in &soup.indices[start..start + n] {
                    if ix as usize >= nv_in {
                        return Err(MeshError::IndexOutOfRange {
                            face: fi,
                            index: ix as u64,
                            vertex_count: nv_in,
                        });
                    }
                    used[ix as usize] = true;
                }
                start += n;
            }
        }

        // ----- weld --------------------------------------------------------------
        let bbox = Aabb::from_points(soup.positions.iter().copied());
        let extent = bbox.width().max(bbox.height());
        let tol = opts
            .weld_tolerance
            .unwrap_or(extent * 1e-9)
            .max(f64::MIN_POSITIVE);
        let rep = weld(&soup.positions, &used, bbox, tol);
        let mut report = BuildReport::default();
        // New ids for used representatives, in input order.
        let mut new_id = vec![NONE; nv_in];
        let mut positions = Vec::with_capacity(nv_in);
        for i in 0..nv_in {
            if used[i] {
                let r = rep[i] as usize;
                if new_id[r] == NONE {
                    new_id[r] = positions.len() as u32;
                    positions.push(soup.positions[r]);
                }
                if r != i {
                    report.welded_vertices += 1;
                }
            } else {
                report.unused_vertices += 1;
            }
        }
        report.vertex_map = (0..nv_in)
            .map(|i| used[i].then(|| VertexId(new_id[rep[i] as usize])))
            .collect();
        let nv = positions.len();

        // ----- faces: remap, check, orient -------------------------------------------
        let area_eps = (extent * extent * 1e-14).max(f64::MIN_POSITIVE);
        let mut face_start: Vec<u32> = Vec::with_capacity(nf + 1);
        {
            let mut s = 0u32;
            for &n in &soup.face_sizes {
                face_start.push(s);
                s += n;
            }
            face_start.push(s);
        }
        let mut corners: Vec<u32> = soup
            .indices
            .iter()
            .map(|&ix| new_id[rep[ix as usize] as usize])
            .collect();
        report.reoriented_faces =
            check_and_orient_faces(&positions, &face_start, &mut corners, area_eps)?;
        let nc = corners.len();
        let next_corner = |c: usize, f: usize| -> usize {
            if c + 1 == face_start[f + 1] as usize {
                face_start[f] as usize
            } else {
                c + 1
            }
        };
        let mut face_of: Vec<u32> = Vec::with_capacity(nc);
        let mut target: Vec<u32> = Vec::with_capacity(nc);
        for f in 0..nf {
            for c in face_start[f] as usize..face_start[f + 1] as usize {
                face_of.push(f as u32);
                target.push(corners[next_corner(c, f)]);
            }
        }

        // ----- match darts into edges: bucket by lower vertex ---------------------------
        let mut bucket_start = vec![0u32; nv + 1];
        for c in 0..nc {
            let lo = corners[c].min(target[c]);
            bucket_start[lo as usize + 1] += 1;
        }
        for v in 0..nv {
            bucket_start[v + 1] += bucket_start[v];
        }
        let mut fill = bucket_start.clone();
        let mut order = vec![0u32; nc];
        for c in 0..nc {
            let lo = corners[c].min(target[c]) as usize;
            order[fill[lo] as usize] = c as u32;
            fill[lo] += 1;
        }
        drop(fill);
        let mut partner = vec![NONE; nc];
        for v in 0..nv {
            let b = &mut order[bucket_start[v] as usize..bucket_start[v + 1] as usize];
            let hi = |c: u32| corners[c as usize].max(target[c as usize]);
            if b.len() > 1 {
                b.sort_unstable_by_key(|&c| (hi(c), c));
            }
            let mut i = 0;
            while i < b.len() {
                let mut j = i + 1;
                while j < b.len() && hi(b[j]) == hi(b[i]) {
                    j += 1;
                }
                let run = &b[i..j];
                match run.len() {
                    1 => {}
                    2 if corners[run[0] as usize] != corners[run[1] as usize] => {
                        partner[run[0] as usize] = run[1];
                        partner[run[1] as usize] = run[0];
                    }
                    _ => {
                        let c0 = run[0] as usize;
                        let mut faces: Vec<usize> =
                            run.iter().map(|&c| face_of[c as usize] as usize).collect();
                        faces.sort_unstable();
                        return Err(MeshError::NonManifoldEdge {
                            a: positions[corners[c0] as usize],
                            b: positions[target[c0] as usize],
                            faces,
                        });
                    }
                }
                i = j;
            }
        }
        drop(order);
        drop(bucket_start);

        // ----- create edges in face order --------------------------------------------
        let ne_est = nc / 2 + nc / 8;
        let mut mesh = Mesh {
            positions,
            vertex_out: vec![Dart(NONE); nv],
            edge_vertices: Vec::with_capacity(ne_est),
            edge_faces: Vec::with_capacity(ne_est),
            edge_next: Vec::new(),
            edge_prev: Vec::new(),
            face_dart: Vec::with_capacity(nf),
        };
        let mut dart_of = vec![Dart(NONE); nc];
        for c in 0..nc {
            let p = partner[c];
            if p != NONE && (p as usize) < c {
                let d = dart_of[p as usize].twin();
                dart_of[c] = d;
                mesh.edge_faces[d.edge().index()][1] = face_of[c];
            } else {
                let e = EdgeId(mesh.edge_vertices.len() as u32);
                mesh.edge_vertices
                    .push([VertexId(corners[c]), VertexId(target[c])]);
                mesh.edge_faces.push([face_of[c], NONE]);
                dart_of[c] = Dart::new(e, 0);
            }
        }
        drop(partner);
        let ne = mesh.edge_vertices.len();
        mesh.edge_next = vec![[Dart(NONE); 2]; ne];
        mesh.edge_prev = vec![[Dart(NONE); 2]; ne];
        for f in 0..nf {
            let s = face_start[f] as usize;
            mesh.face_dart.push(dart_of[s]);
            for c in s..face_start[f + 1] as usize {
                let d = dart_of[c];
                let dn = dart_of[next_corner(c, f)];
                mesh.edge_next[d.edge().index()][d.side() as usize] = dn;
                mesh.edge_prev[dn.edge().index()][dn.side() as usize] = d;
                mesh.vertex_out[corners[c] as usize] = d;
            }
        }
        drop(dart_of);
        link_boundary(&mut mesh)?;
        Ok((mesh, report))
    }
}

/// Faces with at least this many faces are checked on several threads.
const PARALLEL_MIN_FACES: usize = 50_000;

/// Check every face (no repeated vertex, not degenerate, simple) and turn
/// clockwise faces counter-clockwise in place, keeping their first vertex.
/// Returns the number of turned faces, or the error of the first bad face.
fn check_and_orient_faces(
    positions: &[Point],
    face_start: &[u32],
    corners: &mut [u32],
    area_eps: f64,
) -> Result<usize, MeshError> {
    let nf = face_start.len() - 1;
    let threads = if nf >= PARALLEL_MIN_FACES {
        std::thread::available_parallelism().map_or(1, |t| t.get().min(8))
    } else {
        1
    };
    if threads <= 1 {
        return check_face_range(positions, face_start, 0..nf, corners, area_eps);
    }
    let per = nf.div_ceil(threads);
    let mut parts: Vec<(std::ops::Range<usize>, &mut [u32])> = Vec::with_capacity(threads);
    let mut rest = corners;
    for t in 0..threads {
        let range = (t * per).min(nf)..((t + 1) * per).min(nf);
        let len = (face_start[range.end] - face_start[range.start]) as usize;
        let (head, tail) = rest.split_at_mut(len);
        rest = tail;
        parts.push((range, head));
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|(range, part)| {
                s.spawn(move || check_face_range(positions, face_start, range, part, area_eps))
            })
            .collect();
        // Join all, then report the first failing chunk (lowest face ids).
        let results: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect();
        let mut turned = 0;
        for r in results {
            turned += r?;
        }
        Ok(turned)
    })
}

/// [`check_and_orient_faces`] over the faces `range`, whose corners are `corners`.
fn check_face_range(
    positions: &[Point],
    face_start: &[u32],
    range: std::ops::Range<usize>,
    corners: &mut [u32],
    area_eps: f64,
) -> Result<usize, MeshError> {
    let base = face_start[range.start] as usize;
    let mut scratch: Vec<u32> = Vec::new();
    let mut pts: Vec<Point> = Vec::new();
    let mut turned = 0;
    for fi in range {
        let face = &mut corners[face_start[fi] as usize - base..face_start[fi + 1] as usize - base];
        let n = face.len();
        // Repeated vertex? Report the lowest repeated vertex id.
        let repeated = if n <= 8 {
            let mut lowest = None;
            for i in 0..n {
                if face[i + 1..].contains(&face[i]) && lowest.is_none_or(|l| face[i] < l) {
                    lowest = Some(face[i]);
                }
            }
            lowest
        } else {
            scratch.clear();
            scratch.extend_from_slice(face);
            scratch.sort_unstable();
            scratch.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
        };
        if let Some(v) = repeated {
            return Err(MeshError::RepeatedVertex {
                face: fi,
                position: positions[v as usize],
            });
        }
        let area = signed_area(face.iter().map(|&v| positions[v as usize]));
        if area.abs() <= area_eps {
            return Err(MeshError::DegenerateFace { face: fi });
        }
        if area < 0.0 {
            face[1..].reverse();
            turned += 1;
        }
        if n > 3 {
            pts.clear();
            pts.extend(face.iter().map(|&v| positions[v as usize]));
            if polygon_self_intersects(&pts) {
                return Err(MeshError::SelfIntersectingFace { face: fi });
            }
        }
    }
    Ok(turned)
}

/// Map each vertex to the first earlier vertex within `tol` (itself if none).
fn weld(positions: &[Point], used: &[bool], bbox: Aabb, tol: f64) -> Vec<u32> {
    let n = positions.len();
    let mut rep: Vec<u32> = (0..n as u32).collect();
    let cell = tol * 4.0;
    // An odd offset keeps lattice-aligned boards away from cell borders.
    let ox = bbox.min.x - cell * 0.371;
    let oy = bbox.min.y - cell * 0.419;
    let mut heads: FxHashMap<(i64, i64), u32> = FxHashMap::default();
    heads.reserve(n);
    let mut next_in_cell = vec![NONE; n];
    for i in 0..n {
        if !used[i] {
            continue;
        }
        let p = positions[i];
        let fx = (p.x - ox) / cell;
        let fy = (p.y - oy) / cell;
        let (cx, cy) = (fx.floor() as i64, fy.floor() as i64);
        // Neighbour cells only where the point is within `tol` of a cell border.
        let rx = fx - cx as f64;
        let ry = fy - cy as f64;
        let near = 0.25 + 1e-9;
        let dxs: &[i64] = if rx < near {
            &[0, -1]
        } else if rx > 1.0 - near {
            &[0, 1]
        } else {
            &[0]
        };
        let dys: &[i64] = if ry < near {
            &[0, -1]
        } else if ry > 1.0 - near {
            &[0, 1]
        } else {
            &[0]
        };
        // The first match in probe order wins: the point's own cell, then the
        // neighbour cells in the order above. Neighbours are probed first (read
        // only) so that the own cell needs a single hash lookup.
        let mut neighbour = NONE;
        'search: for &dx in dxs {
            for &dy in dys {
                if dx == 0 && dy == 0 {
                    continue;
                }
                if let Some(&h) = heads.get(&(cx + dx, cy + dy)) {
                    let mut r = h;
                    while r != NONE {
                        if positions[r as usize].distance(p) <= tol {
                            neighbour = r;
                            break 'search;
                        }
                        r = next_in_cell[r as usize];
                    }
                }
            }
        }
        match heads.entry((cx, cy)) {
            Entry::Occupied(mut o) => {
                let mut r = *o.get();
                while r != NONE {
                    if positions[r as usize].distance(p) <= tol {
                        break;
                    }
                    r = next_in_cell[r as usize];
                }
                if r != NONE {
                    rep[i] = r;
                } else if neighbour != NONE {
                    rep[i] = neighbour;
                } else {
                    next_in_cell[i] = *o.get();
                    *o.get_mut() = i as u32;
                }
            }
            Entry::Vacant(v) => {
                if neighbour != NONE {
                    rep[i] = neighbour;
                } else {
                    v.insert(i as u32);
                }
            }
        }
    }
    rep
}

/// Link the outside sides of boundary edges into boundary loops.
///
/// At an ordinary boundary vertex there is one way in and one way out. Where
/// several parts of the board meet at one vertex (faces touching only at a
/// corner), each incoming side is paired with the outgoing side nearest to it
/// clockwise, which keeps every vertex ring a single closed cycle.
pub(crate) fn link_boundary(mesh: &mut Mesh) -> Result<(), MeshError> {
    let nv = mesh.positions.len();
    let ne = mesh.edge_vertices.len();
    // Outgoing boundary darts per vertex: first one, and count.
    let mut first_out = vec![Dart(NONE); nv];
    let mut out_count = vec![0u32; nv];
    let mut in_count = vec![0u32; nv];
    for e in 0..ne {
        if mesh.edge_faces[e][1] == NONE {
            let [a, b] = mesh.edge_vertices[e];
            // Side 1 runs b -> a.
            first_out[b.index()] = Dart::new(EdgeId(e as u32), 1);
            out_count[b.index()] += 1;
            in_count[a.index()] += 1;
        }
    }
    let mut multi: FxHashMap<u32, Vec<Dart>> = FxHashMap::default();
    for v in 0..nv {
        if out_count[v] != in_count[v] {
            return Err(MeshError::InvalidEdit(format!(
                "faces overlap around the vertex at {}",
                mesh.positions[v]
            )));
        }
        if out_count[v] > 1 {
            multi.insert(v as u32, Vec::new());
        }
    }
    if !multi.is_empty() {
        for e in 0..ne {
            if mesh.edge_faces[e][1] == NONE {
                let b = mesh.edge_vertices[e][1];
                if let Some(list) = multi.get_mut(&b.0) {
                    list.push(Dart::new(EdgeId(e as u32), 1));
                }
            }
        }
    }
    let mut taken: FxHashMap<Dart, ()> = FxHashMap::default();
    for e in 0..ne {
        if mesh.edge_faces[e][1] != NONE {
            continue;
        }
        let d_in = Dart::new(EdgeId(e as u32), 1);
        let [w, from] = mesh.edge_vertices[e]; // d_in runs from -> w
        let t = if out_count[w.index()] == 1 {
            first_out[w.index()]
        } else {
            let pw = mesh.positions[w.index()];
            let a_in = angle(mesh.positions[from.index()] - pw);
            let mut best = (f64::INFINITY, Dart(NONE));
            for &t in &multi[&w.0] {
                let q = mesh.positions[mesh.edge_vertices[t.edge().index()][0].index()];
                let mut da = a_in - angle(q - pw);
                if da <= 0.0 {
                    da += std::f64::consts::TAU;
                }
                if da < best.0 {
                    best = (da, t);
                }
            }
            if taken.insert(best.1, ()).is_some() {
                return Err(MeshError::InvalidEdit(format!(
                    "faces overlap around the vertex at {pw}"
                )));
            }
            best.1
        };
        mesh.edge_next[e][1] = t;
        mesh.edge_prev[t.edge().index()][1] = d_in;
    }
    Ok(())
}

fn angle(v: Point) -> f64 {
    v.y.atan2(v.x)
}
