//! Local edit operations on the mesh: add, delete, split and merge faces, move
//! vertices, split edges.
//!
//! # How edits work
//!
//! Every edit runs inside a transaction ([`Tx`]) that saves the old value of each
//! array slot before it first writes it. If a check fails half-way, the
//! transaction rolls back from those saved values, so a refused edit leaves the
//! mesh bit-for-bit unchanged. On success the saved values become a
//! [`MeshUndo`], which [`Mesh::undo`] applies to restore the exact previous mesh.
//! Its size is proportional to what the edit touched, never to the mesh.
//!
//! Topology is changed locally: the edit adds or removes the few edges involved
//! and then *relinks* each affected vertex — it sorts the edges leaving the
//! vertex by direction and rewrites the wings between consecutive ones, which is
//! exactly the rotation system of the planar embedding. Face cycles and boundary
//! loops follow from that, so outlines and holes merge and split correctly.
//!
//! # Id policy
//!
//! Ids stay dense. New elements are appended (they get the next free id).
//! Removing an element is a *swap-remove*: the element with the highest id moves
//! into the freed id. Every edit reports these steps, in order, as
//! [`IdEvent`]s in its [`MeshChange`], so per-face and per-edge data kept
//! elsewhere (the board's face table and side tags) can replay them with
//! `Vec::push` / `Vec::swap_remove` and stay aligned.
//!
//! # Geometry checks
//!
//! Searches for vertices and edges near the edited area (snapping, crossings,
//! overlaps) go through a [`FaceIndex`] of the mesh when the caller has one
//! ([`Mesh::add_face_near`], [`Mesh::move_vertex_near`]): the candidates are the
//! vertices and edges of the faces whose boxes meet the searched box, so the
//! checks cost what the edited area holds. Without one they scan the mesh's
//! arrays with bounding-box rejection: linear in the mesh size with a small
//! constant (a few milliseconds at a million faces in release). Both find the
//! same element (the lowest id where several qualify), so an edit gives the same
//! result and the same refusal either way.

use super::geom::{
    Aabb, Containment, Point, orient, point_in_polygon, point_segment_distance,
    polygon_self_intersects, segments_intersect, signed_area,
};
use super::spatial::FaceIndex;
use super::{Dart, EdgeId, FaceId, Mesh, MeshError, NONE, VertexId};
use rustc_hash::FxHashSet;
use std::cmp::Ordering;

/// Smallest area of a sound face, relative to the square of its extent.
const SLIVER: f64 = 1e-12;

/// One step of an edit's effect on ids, in the order the edit performed them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IdEvent {
    /// A vertex was appended with this id.
    VertexAdded(VertexId),
    /// Vertex `id` was removed; the vertex that had id `moved` (the highest id)
    /// now has id `id`. `moved` is `None` when the removed vertex was the last.
    VertexRemoved {
        id: VertexId,
        moved: Option<VertexId>,
    },
    /// An edge was appended; `split_from` is the edge it was cut from (it runs
    /// along the same line and borders the same faces).
    EdgeAdded {
        id: EdgeId,
        split_from: Option<EdgeId>,
    },
    /// Edge `id` was removed, swap-remove style (see [`IdEvent::VertexRemoved`]).
    EdgeRemoved { id: EdgeId, moved: Option<EdgeId> },
    /// A face was appended; `split_from` is the face it was split off from.
    FaceAdded {
        id: FaceId,
        split_from: Option<FaceId>,
    },
    /// Face `id` was removed, swap-remove style.
    FaceRemoved { id: FaceId, moved: Option<FaceId> },
}

/// What an edit changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MeshChange {
    /// Id changes in the order they happened.
    pub events: Vec<IdEvent>,
    /// Boundary edges that now have a face on both sides (final ids).
    pub became_interior: Vec<EdgeId>,
    /// Faces (final ids) whose outline changed, that are new, or whose id now
    /// names a different face. Spatial indexes refresh exactly these.
    pub touched_faces: Vec<FaceId>,
    /// Restores the mesh as it was before the edit (see [`Mesh::undo`]).
    pub undo: MeshUndo,
}

impl FaceIndex {
    /// Refresh the index after an edit described by `change` (here, beside
    /// the edits, so that the index does not depend on them).
    pub fn update(&mut self, mesh: &Mesh, change: &MeshChange) {
        self.update_faces(mesh, change.touched_faces.iter().copied());
    }
}

/// The result of [`Mesh::add_face`].
#[derive(Clone, Debug, PartialEq)]
pub struct AddedFace {
    pub face: FaceId,
    /// Vertices the edit created (new corners and points where edges were split).
    pub new_vertices: Vec<VertexId>,
    pub change: MeshChange,
}

#[derive(Copy, Clone, Debug, PartialEq)]
struct EdgeRec {
    verts: [VertexId; 2],
    faces: [u32; 2],
    next: [Dart; 2],
    prev: [Dart; 2],
}

/// The saved state an edit overwrote: old array lengths and the old value of
/// every slot (below those lengths) the edit wrote or removed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MeshUndo {
    nv: usize,
    ne: usize,
    nf: usize,
    verts: Vec<(u32, Point, Dart)>,
    edges: Vec<(u32, EdgeRec)>,
    faces: Vec<(u32, Dart)>,
}

impl MeshUndo {
    /// Approximate heap memory held by this record, in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.verts.capacity() * std::mem::size_of::<(u32, Point, Dart)>()
            + self.edges.capacity() * std::mem::size_of::<(u32, EdgeRec)>()
            + self.faces.capacity() * std::mem::size_of::<(u32, Dart)>()
    }
    /// The faces whose outline or id may differ between the mesh before and
    /// after the edit (or the undo) this record belongs to, named by their ids
    /// in `mesh` as it is now — right after the edit, or right after
    /// [`Mesh::undo`] with this record. Appended to `out` (with repeats).
    ///
    /// A face's outline is its dart cycle and the positions of its corners, so
    /// a face whose outline changed borders an edge slot the edit wrote, has a
    /// corner whose slot it wrote, had its own slot written, or is new. Cost:
    /// proportional to the record, never to the mesh.
    pub fn affected_faces(&self, mesh: &Mesh, out: &mut Vec<FaceId>) {
        let (nv, ne, nf) = (mesh.vertex_count(), mesh.edge_count(), mesh.face_count());
        for &(v, _, _) in &self.verts {
            if (v as usize) < nv && mesh.vertex_out[v as usize] != Dart(NONE) {
                out.extend(mesh.vertex_faces(VertexId(v)));
            }
        }
        for &(e, _) in &self.edges {
            if (e as usize) < ne {
                let (l, r) = mesh.edge_faces(EdgeId(e));
                out.push(l);
                out.extend(r);
            }
        }
        for &(f, _) in &self.faces {
            if (f as usize) < nf {
                out.push(FaceId(f));
            }
        }
        out.extend((self.nf.min(nf)..nf).map(|f| FaceId(f as u32)));
        out.retain(|f| f.index() < nf);
    }

    fn shrink(&mut self) {
        self.verts.shrink_to_fit();
        self.edges.shrink_to_fit();
        self.faces.shrink_to_fit();
    }
}

impl Mesh {
    /// Undo one edit: restore the exact mesh the edit started from. `u` must be
    /// the undo record of the last edit applied to this mesh (undo records of
    /// several edits must be applied newest first).
    pub fn undo(&mut self, u: &MeshUndo) {
        let dead = Dart(NONE);
        self.positions.resize(u.nv, Point::default());
        self.vertex_out.resize(u.nv, dead);
        self.edge_vertices.resize(u.ne, [VertexId(NONE); 2]);
        self.edge_faces.resize(u.ne, [NONE; 2]);
        self.edge_next.resize(u.ne, [dead; 2]);
        self.edge_prev.resize(u.ne, [dead; 2]);
        self.face_dart.resize(u.nf, dead);
        for &(i, p, d) in &u.verts {
            self.positions[i as usize] = p;
            self.vertex_out[i as usize] = d;
        }
        for &(i, r) in &u.edges {
            let i = i as usize;
            self.edge_vertices[i] = r.verts;
            self.edge_faces[i] = r.faces;
            self.edge_next[i] = r.next;
            self.edge_prev[i] = r.prev;
        }
        for &(i, d) in &u.faces {
            self.face_dart[i as usize] = d;
        }
    }
}

// ----- transaction ---------------------------------------------------------------

/// A journaled edit in progress: every write goes through here.
struct Tx<'m> {
    m: &'m mut Mesh,
    undo: MeshUndo,
    saved_v: FxHashSet<u32>,
    saved_e: FxHashSet<u32>,
    saved_f: FxHashSet<u32>,
    events: Vec<IdEvent>,
    became_interior: Vec<EdgeId>,
    touched: Vec<FaceId>,
}

impl<'m> Tx<'m> {
    fn new(m: &'m mut Mesh) -> Self {
        let undo = MeshUndo {
            nv: m.vertex_count(),
            ne: m.edge_count(),
            nf: m.face_count(),
            ..Default::default()
        };
        Tx {
            m,
            undo,
            saved_v: FxHashSet::default(),
            saved_e: FxHashSet::default(),
            saved_f: FxHashSet::default(),
            events: Vec::new(),
            became_interior: Vec::new(),
            touched: Vec::new(),
        }
    }

    fn save_v(&mut self, v: u32) {
        if (v as usize) < self.undo.nv && self.saved_v.insert(v) {
            let i = v as usize;
            self.undo
                .verts
                .push((v, self.m.positions[i], self.m.vertex_out[i]));
        }
    }
    fn save_e(&mut self, e: u32) {
        if (e as usize) < self.undo.ne && self.saved_e.insert(e) {
            let i = e as usize;
            let r = EdgeRec {
                verts: self.m.edge_vertices[i],
                faces: self.m.edge_faces[i],
                next: self.m.edge_next[i],
                prev: self.m.edge_prev[i],
            };
            self.undo.edges.push((e, r));
        }
    }
    fn save_f(&mut self, f: u32) {
        if (f as usize) < self.undo.nf && self.saved_f.insert(f) {
            self.undo.faces.push((f, self.m.face_dart[f as usize]));
        }
    }

    fn set_pos(&mut self, v: VertexId, p: Point) {
        self.save_v(v.0);
        self.m.positions[v.index()] = p;
    }
    fn set_vout(&mut self, v: VertexId, d: Dart) {
        self.save_v(v.0);
        self.m.vertex_out[v.index()] = d;
    }
    fn set_next(&mut self, d: Dart, n: Dart) {
        self.save_e(d.edge().0);
        self.m.edge_next[d.edge().index()][d.side() as usize] = n;
    }
    fn set_prev(&mut self, d: Dart, p: Dart) {
        self.save_e(d.edge().0);
        self.m.edge_prev[d.edge().index()][d.side() as usize] = p;
    }
    /// `next(a) = b`, `prev(b) = a`.
    fn link(&mut self, a: Dart, b: Dart) {
        self.set_next(a, b);
        self.set_prev(b, a);
    }
    fn set_dart_face(&mut self, d: Dart, f: u32) {
        self.save_e(d.edge().0);
        self.m.edge_faces[d.edge().index()][d.side() as usize] = f;
    }
    fn set_dart_origin(&mut self, d: Dart, v: VertexId) {
        self.save_e(d.edge().0);
        self.m.edge_vertices[d.edge().index()][d.side() as usize] = v;
    }
    fn set_face_dart(&mut self, f: FaceId, d: Dart) {
        self.save_f(f.0);
        self.m.face_dart[f.index()] = d;
    }

    fn add_vertex(&mut self, p: Point) -> VertexId {
        let v = VertexId(self.m.positions.len() as u32);
        self.m.positions.push(p);
        self.m.vertex_out.push(Dart(NONE));
        self.events.push(IdEvent::VertexAdded(v));
        v
    }
    fn add_edge(
        &mut self,
        a: VertexId,
        b: VertexId,
        faces: [u32; 2],
        split_from: Option<EdgeId>,
    ) -> EdgeId {
        let e = EdgeId(self.m.edge_vertices.len() as u32);
        self.m.edge_vertices.push([a, b]);
        self.m.edge_faces.push(faces);
        self.m.edge_next.push([Dart(NONE); 2]);
        self.m.edge_prev.push([Dart(NONE); 2]);
        self.events.push(IdEvent::EdgeAdded { id: e, split_from });
        e
    }
    fn add_face(&mut self, d: Dart, split_from: Option<FaceId>) -> FaceId {
        let f = FaceId(self.m.face_dart.len() as u32);
        self.m.face_dart.push(d);
        self.events.push(IdEvent::FaceAdded { id: f, split_from });
        self.touched.push(f);
        f
    }

    /// The darts leaving `v`, from its (intact) ring.
    fn ring(&self, v: VertexId) -> Vec<Dart> {
        self.m.vertex_darts(v).collect()
    }

    /// Rewrite the wings around `v` from the directions of the darts leaving it.
    fn relink(&mut self, v: VertexId, star: &[Dart]) {
        debug_assert!(!star.is_empty());
        let c = self.m.position(v);
        let mut s: Vec<(Point, Dart)> = star
            .iter()
            .map(|&d| (self.m.position(self.m.dart_target(d)) - c, d))
            .collect();
        s.sort_by(|a, b| direction_cmp(a.0, b.0).then(a.1.cmp(&b.1)));
        let n = s.len();
        for i in 0..n {
            let d = s[i].1;
            let ccw = s[(i + 1) % n].1;
            // rotate_ccw(d) = twin(prev(d)) = ccw
            self.link(ccw.twin(), d);
        }
        let cur = self.m.vertex_out[v.index()];
        if !star.contains(&cur) {
            self.set_vout(v, s[0].1);
        }
    }

    /// Turn an edge around so that its side 0 carries its former side 1.
    fn flip_edge(&mut self, e: EdgeId) {
        self.save_e(e.0);
        let i = e.index();
        let map = |d: Dart| if d.edge() == e { d.twin() } else { d };
        let [a, b] = self.m.edge_vertices[i];
        let [f0, f1] = self.m.edge_faces[i];
        let n = self.m.edge_next[i];
        let p = self.m.edge_prev[i];
        self.m.edge_vertices[i] = [b, a];
        self.m.edge_faces[i] = [f1, f0];
        self.m.edge_next[i] = [map(n[1]), map(n[0])];
        self.m.edge_prev[i] = [map(p[1]), map(p[0])];
        for s in 0..2u8 {
            let d = Dart::new(e, s);
            let nn = self.m.dart_next(d);
            if nn.edge() != e {
                self.set_prev(nn, d);
            }
            let pp = self.m.dart_prev(d);
            if pp.edge() != e {
                self.set_next(pp, d);
            }
        }
        for v in [a, b] {
            let o = self.m.vertex_out[v.index()];
            if o.edge() == e {
                self.set_vout(v, o.twin());
            }
        }
        for f in [f0, f1] {
            if f != NONE {
                let fd = self.m.face_dart[f as usize];
                if fd.edge() == e {
                    self.set_face_dart(FaceId(f), fd.twin());
                }
            }
        }
    }

    /// Swap-remove an edge nobody links to any more.
    fn remove_edge(&mut self, e: EdgeId) {
        let last = EdgeId(self.m.edge_vertices.len() as u32 - 1);
        self.save_e(e.0);
        self.save_e(last.0);
        self.events.push(IdEvent::EdgeRemoved {
            id: e,
            moved: (e != last).then_some(last),
        });
        if e != last {
            let map = |d: Dart| {
                if d.edge() == last {
                    Dart::new(e, d.side())
                } else {
                    d
                }
            };
            let (li, i) = (last.index(), e.index());
            let n = self.m.edge_next[li];
            let p = self.m.edge_prev[li];
            self.m.edge_vertices[i] = self.m.edge_vertices[li];
            self.m.edge_faces[i] = self.m.edge_faces[li];
            self.m.edge_next[i] = [map(n[0]), map(n[1])];
            self.m.edge_prev[i] = [map(p[0]), map(p[1])];
            for s in 0..2u8 {
                let d = Dart::new(e, s);
                let nn = self.m.dart_next(d);
                self.set_prev(nn, d);
                let pp = self.m.dart_prev(d);
                self.set_next(pp, d);
            }
            let [a, b] = self.m.edge_vertices[i];
            for v in [a, b] {
                let o = self.m.vertex_out[v.index()];
                if o.edge() == last {
                    self.set_vout(v, map(o));
                }
            }
            for f in self.m.edge_faces[i] {
                if f != NONE {
                    let fd = self.m.face_dart[f as usize];
                    if fd.edge() == last {
                        self.set_face_dart(FaceId(f), map(fd));
                    }
                }
            }
        }
        self.m.edge_vertices.pop();
        self.m.edge_faces.pop();
        self.m.edge_next.pop();
        self.m.edge_prev.pop();
    }

    /// Swap-remove a vertex no edge uses any more.
    fn remove_vertex(&mut self, v: VertexId) {
        let last = VertexId(self.m.positions.len() as u32 - 1);
        self.save_v(v.0);
        self.save_v(last.0);
        self.events.push(IdEvent::VertexRemoved {
            id: v,
            moved: (v != last).then_some(last),
        });
        if v != last {
            let ring = self.ring(last);
            self.m.positions[v.index()] = self.m.positions[last.index()];
            self.m.vertex_out[v.index()] = self.m.vertex_out[last.index()];
            for d in ring {
                self.set_dart_origin(d, v);
            }
        }
        self.m.positions.pop();
        self.m.vertex_out.pop();
    }

    /// Swap-remove a face no dart names any more.
    fn remove_face(&mut self, f: FaceId) {
        let last = FaceId(self.m.face_dart.len() as u32 - 1);
        self.save_f(f.0);
        self.save_f(last.0);
        self.events.push(IdEvent::FaceRemoved {
            id: f,
            moved: (f != last).then_some(last),
        });
        self.touched.retain(|&t| t != f);
        if f != last {
            let darts: Vec<Dart> = self.m.face_darts(last).collect();
            self.m.face_dart[f.index()] = self.m.face_dart[last.index()];
            for d in darts {
                self.set_dart_face(d, f.0);
            }
            for t in self.touched.iter_mut() {
                if *t == last {
                    *t = f;
                }
            }
            if !self.touched.contains(&f) {
                self.touched.push(f);
            }
        }
        self.m.face_dart.pop();
    }

    fn commit(mut self) -> MeshChange {
        self.undo.shrink();
        self.touched.sort_unstable();
        self.touched.dedup();
        MeshChange {
            events: self.events,
            became_interior: self.became_interior,
            touched_faces: self.touched,
            undo: self.undo,
        }
    }

    fn rollback(self) {
        self.m.undo(&self.undo);
    }
}

/// Order directions counter-clockwise starting at the positive x axis (exact).
fn direction_cmp(a: Point, b: Point) -> Ordering {
    let half = |p: Point| u8::from(!(p.y > 0.0 || (p.y == 0.0 && p.x > 0.0)));
    half(a)
        .cmp(&half(b))
        .then_with(|| b.cross(a).partial_cmp(&0.0).unwrap_or(Ordering::Equal))
}

/// Whether segment `p q` conflicts with edge `a b` (touches it anywhere other than
/// at a vertex the two share, or runs along it from a shared vertex).
fn segment_conflicts(
    (p, pv): (Point, Option<VertexId>),
    (q, qv): (Point, Option<VertexId>),
    (a, av): (Point, VertexId),
    (b, bv): (Point, VertexId),
) -> bool {
    let shared = |x: Option<VertexId>| x == Some(av) || x == Some(bv);
    let (sp, sq) = (shared(pv), shared(qv));
    if sp && sq {
        return false; // the same edge
    }
    if sp || sq {
        // Shared endpoint s; other ends x (segment) and o (edge).
        let (s, x) = if sp { (p, q) } else { (q, p) };
        let sv = if sp { pv } else { qv };
        let o = if sv == Some(av) { b } else { a };
        // Collinear up to rounding: a vertex that splitting an edge put on
        // it is a rounding error off the line, and a segment along it would
        // still overlap the edge.
        let (u, w) = (x - s, o - s);
        return orient(s, x, o).abs() <= SLIVER * u.length() * w.length() && u.dot(w) > 0.0;
    }
    segments_intersect(p, q, a, b)
}

fn seg_box(p: Point, q: Point) -> Aabb {
    Aabb::from_points([p, q])
}

fn boxes_overlap(a: &Aabb, b: &Aabb) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

// ----- helpers on the mesh ----------------------------------------------------------

impl Mesh {
    fn check_face(&self, f: FaceId) -> Result<(), MeshError> {
        if f.index() < self.face_count() {
            Ok(())
        } else {
            Err(MeshError::NoSuchElement {
                what: "face",
                id: f.0,
            })
        }
    }
    fn check_vertex(&self, v: VertexId) -> Result<(), MeshError> {
        if v.index() < self.vertex_count() {
            Ok(())
        } else {
            Err(MeshError::NoSuchElement {
                what: "vertex",
                id: v.0,
            })
        }
    }
    fn check_edge(&self, e: EdgeId) -> Result<(), MeshError> {
        if e.index() < self.edge_count() {
            Ok(())
        } else {
            Err(MeshError::NoSuchElement {
                what: "edge",
                id: e.0,
            })
        }
    }

    /// The faces an up-to-date index says may meet `b`; `None` without an index
    /// (then every element is a candidate).
    fn faces_near(index: Option<&FaceIndex>, b: &Aabb) -> Option<Vec<FaceId>> {
        let index = index?;
        let mut out = Vec::new();
        index.faces_in_box(b, &mut out);
        Some(out)
    }

    /// Candidate vertices for a search in box `b`, ascending: those of the faces
    /// `faces` (plus `more`) when given, else all.
    fn vertex_candidates(
        &self,
        faces: Option<Vec<FaceId>>,
        more: &[FaceId],
    ) -> Box<dyn Iterator<Item = VertexId> + '_> {
        match faces {
            None => Box::new(self.vertex_ids()),
            Some(fs) => {
                let mut v: Vec<VertexId> = fs
                    .iter()
                    .chain(more)
                    .flat_map(|&f| self.face_vertices(f))
                    .collect();
                v.sort_unstable();
                v.dedup();
                Box::new(v.into_iter())
            }
        }
    }

    /// Candidate edges, as [`Mesh::vertex_candidates`].
    fn edge_candidates(
        &self,
        faces: Option<Vec<FaceId>>,
        more: &[FaceId],
    ) -> Box<dyn Iterator<Item = EdgeId> + '_> {
        match faces {
            None => Box::new(self.edge_ids()),
            Some(fs) => {
                let mut v: Vec<EdgeId> = fs
                    .iter()
                    .chain(more)
                    .flat_map(|&f| self.face_edges(f))
                    .collect();
                v.sort_unstable();
                v.dedup();
                Box::new(v.into_iter())
            }
        }
    }

    /// The vertex nearest to `p` within `radius` (ties: lowest id). Linear scan.
    pub(crate) fn scan_nearest_vertex(&self, p: Point, radius: f64) -> Option<VertexId> {
        let mut best: Option<(f64, VertexId)> = None;
        for (i, &q) in self.positions.iter().enumerate() {
            if (q.x - p.x).abs() > radius || (q.y - p.y).abs() > radius {
                continue;
            }
            let d = q.distance(p);
            if d <= radius && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, VertexId(i as u32)));
            }
        }
        best.map(|b| b.1)
    }

    /// The edge nearest to `p` within `radius` and the parameter of the closest
    /// point along it (ties: lowest id). Linear scan.
    pub(crate) fn scan_nearest_edge(&self, p: Point, radius: f64) -> Option<(EdgeId, f64)> {
        let mut best: Option<(f64, EdgeId, f64)> = None;
        let qb = Aabb {
            min: Point::new(p.x - radius, p.y - radius),
            max: Point::new(p.x + radius, p.y + radius),
        };
        for e in self.edge_ids() {
            let (a, b) = self.edge_segment(e);
            if !boxes_overlap(&seg_box(a, b), &qb) {
                continue;
            }
            let (d, t) = point_segment_distance(p, a, b);
            if d <= radius && best.is_none_or(|(bd, _, _)| d < bd) {
                best = Some((d, e, t));
            }
        }
        best.map(|b| (b.1, b.2))
    }

    /// The first existing edge the segment conflicts with (see `segment_conflicts`),
    /// skipping edges for which `skip` holds.
    fn first_conflicting_edge(
        &self,
        index: Option<&FaceIndex>,
        p: (Point, Option<VertexId>),
        q: (Point, Option<VertexId>),
        skip: impl Fn(EdgeId) -> bool,
    ) -> Option<EdgeId> {
        let sb = seg_box(p.0, q.0);
        for e in self.edge_candidates(Mesh::faces_near(index, &sb), &[]) {
            let [av, bv] = self.edge_vertices(e);
            let (a, b) = (self.position(av), self.position(bv));
            if !boxes_overlap(&seg_box(a, b), &sb) || skip(e) {
                continue;
            }
            if segment_conflicts(p, q, (a, av), (b, bv)) {
                return Some(e);
            }
        }
        None
    }

    /// A vertex strictly inside the polygon, other than those `skip` accepts.
    fn vertex_strictly_inside(
        &self,
        index: Option<&FaceIndex>,
        poly: &[Point],
        skip: impl Fn(VertexId) -> bool,
    ) -> Option<VertexId> {
        let bb = Aabb::from_points(poly.iter().copied());
        let mut cands = self.vertex_candidates(Mesh::faces_near(index, &bb), &[]);
        cands.find(|&v| {
            let q = self.position(v);
            bb.contains(q)
                && !skip(v)
                && point_in_polygon(q, poly.iter().copied()) == Containment::Inside
        })
    }

    /// The lowest face (other than those `skip` accepts) containing `p` (boundary included).
    fn face_containing(
        &self,
        index: Option<&FaceIndex>,
        p: Point,
        skip: impl Fn(FaceId) -> bool,
    ) -> Option<FaceId> {
        let faces: Box<dyn Iterator<Item = FaceId>> =
            match Mesh::faces_near(index, &Aabb::from_points([p])) {
                Some(fs) => Box::new(fs.into_iter()),
                None => Box::new(self.face_ids()),
            };
        faces.into_iter().find(|&f| {
            !skip(f)
                && self.face_bbox(f).contains(p)
                && point_in_polygon(p, self.face_points(f)) != Containment::Outside
        })
    }

    /// Whether the edges around `v` turn exactly once (no fold at `v`).
    fn ring_turns_once(&self, v: VertexId) -> bool {
        self.vertex_ring_turns(v) == 1
    }

    /// Whether face `f` is counter-clockwise, simple and of a real area: a
    /// sliver whose area is rounding noise (a chord along a straight run of the
    /// boundary, through a corner that splitting an edge put there) is not sound.
    fn face_is_sound(&self, f: FaceId) -> bool {
        let pts: Vec<Point> = self.face_points(f).collect();
        let b = super::Aabb::from_points(pts.iter().copied());
        let extent = b.width().max(b.height());
        signed_area(pts.iter().copied()) > SLIVER * extent * extent
            && !(pts.len() > 3 && polygon_self_intersects(&pts))
    }

    fn run<T>(
        &mut self,
        op: impl FnOnce(&mut Tx<'_>) -> Result<T, MeshError>,
    ) -> Result<(T, MeshChange), MeshError> {
        let mut tx = Tx::new(self);
        match op(&mut tx) {
            Ok(v) => {
                let change = tx.commit();
                #[cfg(debug_assertions)]
                if let Err(e) = self.validate() {
                    panic!("mesh edit left an invalid mesh: {e}");
                }
                Ok((v, change))
            }
            Err(e) => {
                tx.rollback();
                Err(e)
            }
        }
    }
}

// ----- the edit operations ------------------------------------------------------------

/// Where a corner of a new face lands.
#[derive(Copy, Clone, Debug)]
enum Slot {
    Vertex(VertexId),
    OnEdge(EdgeId, Point),
    New(Point),
}

impl Mesh {
    /// Add a simple polygon face (any orientation; stored counter-clockwise).
    ///
    /// Each point within `snap` of an existing vertex uses that vertex; otherwise a
    /// point within `snap` of an existing edge splits the edge there. Where an
    /// existing vertex lies within `snap` of a new side, the side goes through it.
    /// The face may share edges with boundary edges of existing faces (it becomes
    /// their outside neighbour) but must not overlap any face, cross any edge or
    /// cover any vertex.
    pub fn add_face(&mut self, points: &[Point], snap: f64) -> Result<AddedFace, MeshError> {
        self.add_face_near(points, snap, None)
    }

    /// [`Mesh::add_face`], looking for nearby vertices and edges through `index`
    /// (which must be up to date with this mesh; an index of another face count
    /// is ignored). Same result, in time that follows the new face's
    /// surroundings instead of the mesh.
    pub fn add_face_near(
        &mut self,
        points: &[Point],
        snap: f64,
        index: Option<&FaceIndex>,
    ) -> Result<AddedFace, MeshError> {
        let index = index.filter(|i| i.face_count() == self.face_count());
        let nf = self.face_count();
        if points.len() < 3 {
            return Err(MeshError::TooFewVertices {
                face: nf,
                count: points.len(),
            });
        }
        if let Some((i, p)) = points.iter().enumerate().find(|(_, p)| !p.is_finite()) {
            return Err(MeshError::NonFiniteCoordinate {
                vertex: i,
                x: p.x,
                y: p.y,
            });
        }
        if !(snap.is_finite() && snap >= 0.0) {
            return Err(MeshError::InvalidEdit(format!(
                "the snap distance must be a finite number ≥ 0, not {snap}"
            )));
        }
        let ((face, new_vertices), change) = self.run(|tx| add_face_tx(tx, points, snap, index))?;
        Ok(AddedFace {
            face,
            new_vertices,
            change,
        })
    }

    /// Delete a face. Edges left with no face and vertices left with no edge go
    /// too. The last face of a mesh cannot be deleted.
    pub fn delete_face(&mut self, f: FaceId) -> Result<MeshChange, MeshError> {
        self.check_face(f)?;
        if self.face_count() == 1 {
            return Err(MeshError::LastFace { face: f });
        }
        self.run(|tx| delete_face_tx(tx, f)).map(|x| x.1)
    }

    /// Move a vertex. Refused when a face around it would fold, turn clockwise,
    /// cross itself or overlap another face, or an edge would cross another edge.
    pub fn move_vertex(&mut self, v: VertexId, to: Point) -> Result<MeshChange, MeshError> {
        self.move_vertex_near(v, to, None)
    }

    /// [`Mesh::move_vertex`], looking for nearby vertices and edges through
    /// `index` (as [`Mesh::add_face_near`]).
    pub fn move_vertex_near(
        &mut self,
        v: VertexId,
        to: Point,
        index: Option<&FaceIndex>,
    ) -> Result<MeshChange, MeshError> {
        let index = index.filter(|i| i.face_count() == self.face_count());
        self.check_vertex(v)?;
        if !to.is_finite() {
            return Err(MeshError::NonFiniteCoordinate {
                vertex: v.index(),
                x: to.x,
                y: to.y,
            });
        }
        self.run(|tx| move_vertex_tx(tx, v, to, index)).map(|x| x.1)
    }

    /// Split face `f` along the straight chord between its non-adjacent corners `a`
    /// and `b`, which must run inside the face. `f` keeps the part holding its first
    /// corner; the other part is a new face (returned).
    pub fn split_face(
        &mut self,
        f: FaceId,
        a: VertexId,
        b: VertexId,
    ) -> Result<(FaceId, MeshChange), MeshError> {
        self.check_face(f)?;
        self.check_vertex(a)?;
        self.check_vertex(b)?;
        self.run(|tx| split_face_tx(tx, f, a, b))
    }

    /// Merge face `g` into face `f` across their shared edges, which must form one
    /// contiguous chain; the merged face must be a simple polygon (no hole, no
    /// pinch). `f` keeps its id and first corner; `g` is removed (swap-remove).
    ///
    /// The shared edges are removed, and so are the vertices strictly inside the
    /// chain (they have no other edges). The chain's two end vertices are kept even
    /// when they are left with only two edges: they are corners of the merged
    /// outline and of the neighbouring faces, and removing them would silently
    /// change other faces' shapes.
    pub fn merge_faces(&mut self, f: FaceId, g: FaceId) -> Result<MeshChange, MeshError> {
        self.check_face(f)?;
        self.check_face(g)?;
        if f == g {
            return Err(MeshError::NotAdjacent { f, g });
        }
        self.run(|tx| merge_faces_tx(tx, f, g)).map(|x| x.1)
    }

    /// Split edge `e` at parameter `t` (0 < t < 1, from its first vertex to its
    /// second). Returns the new vertex; the part from it to the edge's second vertex
    /// is a new edge.
    pub fn split_edge(&mut self, e: EdgeId, t: f64) -> Result<(VertexId, MeshChange), MeshError> {
        self.check_edge(e)?;
        if !(t > 0.0 && t < 1.0) {
            return Err(MeshError::BadSplit { edge: e, t });
        }
        self.run(|tx| split_edge_tx(tx, e, t))
    }
}

fn split_edge_tx(tx: &mut Tx<'_>, e: EdgeId, t: f64) -> Result<VertexId, MeshError> {
    let [a, b] = tx.m.edge_vertices(e);
    let (pa, pb) = (tx.m.position(a), tx.m.position(b));
    let pw = pa.lerp(pb, t);
    if pw == pa || pw == pb {
        return Err(MeshError::BadSplit { edge: e, t });
    }
    let ring_b = tx.ring(b);
    let faces = tx.m.edge_faces[e.index()];
    let w = tx.add_vertex(pw);
    let e2 = tx.add_edge(w, b, faces, Some(e));
    tx.set_dart_origin(Dart::new(e, 1), w);
    let star_b: Vec<Dart> = ring_b
        .into_iter()
        .map(|d| {
            if d == Dart::new(e, 1) {
                Dart::new(e2, 1)
            } else {
                d
            }
        })
        .collect();
    tx.relink(b, &star_b);
    tx.relink(w, &[Dart::new(e, 1), Dart::new(e2, 0)]);
    if !(tx.m.ring_turns_once(b) && tx.m.ring_turns_once(w)) {
        return Err(MeshError::BadSplit { edge: e, t });
    }
    for f in faces {
        if f != NONE {
            if !tx.m.face_is_sound(FaceId(f)) {
                return Err(MeshError::BadSplit { edge: e, t });
            }
            tx.touched.push(FaceId(f));
        }
    }
    Ok(w)
}

fn move_vertex_tx(
    tx: &mut Tx<'_>,
    v: VertexId,
    to: Point,
    index: Option<&FaceIndex>,
) -> Result<(), MeshError> {
    if tx.m.position(v) == to {
        return Ok(());
    }
    tx.set_pos(v, to);
    let m = &*tx.m;
    let mut faces: Vec<FaceId> = m.vertex_faces(v).collect();
    faces.sort_unstable();
    faces.dedup();
    let Some(&f0) = faces.first() else {
        return Err(MeshError::NoSuchElement {
            what: "face around vertex",
            id: v.0,
        });
    };
    for &f in &faces {
        if !m.face_is_sound(f) {
            return Err(MeshError::MoveFoldsFace { face: f });
        }
    }
    let nbrs: Vec<VertexId> = m.vertex_neighbors(v).collect();
    for &w in std::iter::once(&v).chain(&nbrs) {
        if !m.ring_turns_once(w) {
            return Err(MeshError::MoveFoldsFace {
                face: m.vertex_faces(w).next().unwrap_or(f0),
            });
        }
    }
    // Edges at v against every other edge, in one scan over the edges near the
    // moved star. Faces bordering those edges are the only ones `to` could lie in
    // without an edge crossing (v's neighbours lie on their outlines).
    let segs: Vec<(Point, VertexId)> = nbrs.iter().map(|&u| (m.position(u), u)).collect();
    let star_box = Aabb::from_points(std::iter::once(to).chain(segs.iter().map(|s| s.0)));
    let mut near_faces: Vec<FaceId> = Vec::new();
    // (The index still has the boxes of v's faces from before the move: their
    // edges and corners are added by hand.)
    for e in m.edge_candidates(Mesh::faces_near(index, &star_box), &faces) {
        let [a, b] = m.edge_vertices(e);
        let (pa, pb) = (m.position(a), m.position(b));
        let eb = seg_box(pa, pb);
        if !boxes_overlap(&eb, &star_box) {
            continue;
        }
        let (l, r) = m.edge_faces(e);
        near_faces.push(l);
        near_faces.extend(r);
        if a == v || b == v {
            continue;
        }
        for &(q, u) in &segs {
            if boxes_overlap(&eb, &seg_box(to, q))
                && segment_conflicts((to, Some(v)), (q, Some(u)), (pa, a), (pb, b))
            {
                return Err(MeshError::MoveCrossesEdge {
                    a: to,
                    b: q,
                    c: pa,
                    d: pb,
                });
            }
        }
    }
    // No vertex may end up inside one of v's faces (one scan for all of them)...
    let polys: Vec<(FaceId, Vec<Point>, Aabb)> = faces
        .iter()
        .map(|&f| {
            let pts: Vec<Point> = m.face_points(f).collect();
            let bb = Aabb::from_points(pts.iter().copied());
            (f, pts, bb)
        })
        .collect();
    let all = polys.iter().fold(Aabb::EMPTY, |acc, x| acc.union(x.2));
    for w in m.vertex_candidates(Mesh::faces_near(index, &all), &faces) {
        let q = m.position(w);
        if !all.contains(q) {
            continue;
        }
        for (f, pts, bb) in &polys {
            if bb.contains(q)
                && point_in_polygon(q, pts.iter().copied()) == Containment::Inside
                && !m.face_vertices(*f).any(|x| x == w)
            {
                let other = m.vertex_faces(w).next().unwrap_or(*f);
                return Err(MeshError::MoveOverlaps { face: *f, other });
            }
        }
    }
    // ... and v may not end up inside another face.
    near_faces.sort_unstable();
    near_faces.dedup();
    for g in near_faces {
        if !faces.contains(&g) && point_in_polygon(to, m.face_points(g)) != Containment::Outside {
            return Err(MeshError::MoveOverlaps { face: f0, other: g });
        }
    }
    tx.touched.extend(faces);
    Ok(())
}

fn split_face_tx(
    tx: &mut Tx<'_>,
    f: FaceId,
    a: VertexId,
    b: VertexId,
) -> Result<FaceId, MeshError> {
    let m = &*tx.m;
    let darts: Vec<Dart> = m.face_darts(f).collect();
    let da = darts.iter().copied().find(|&d| m.dart_origin(d) == a);
    let db = darts.iter().copied().find(|&d| m.dart_origin(d) == b);
    let (Some(da), Some(db)) = (da, db) else {
        return Err(MeshError::NotOnFace { a, b, face: f });
    };
    if a == b || m.dart_target(da) == b || m.dart_target(db) == a || m.find_edge(a, b).is_some() {
        return Err(MeshError::AlreadyJoined { a, b });
    }
    let (pa, pb) = (m.position(a), m.position(b));
    for &d in &darts {
        let (x, y) = (m.dart_origin(d), m.dart_target(d));
        let (px, py) = (m.position(x), m.position(y));
        if segment_conflicts((pa, Some(a)), (pb, Some(b)), (px, x), (py, y)) {
            return Err(MeshError::ChordOutside { a, b, face: f });
        }
    }
    if point_in_polygon(pa.lerp(pb, 0.5), m.face_points(f)) != Containment::Inside {
        return Err(MeshError::ChordOutside { a, b, face: f });
    }
    let mut star_a = tx.ring(a);
    let mut star_b = tx.ring(b);
    let first = tx.m.face_dart(f);
    let n = tx.add_edge(a, b, [NONE, NONE], None);
    star_a.push(Dart::new(n, 0));
    star_b.push(Dart::new(n, 1));
    tx.relink(a, &star_a);
    tx.relink(b, &star_b);
    let cycle0: Vec<Dart> = tx.m.face_darts_from(Dart::new(n, 0)).collect();
    let cycle1: Vec<Dart> = tx.m.face_darts_from(Dart::new(n, 1)).collect();
    if cycle0.len() + cycle1.len() != darts.len() + 2 {
        return Err(MeshError::ChordOutside { a, b, face: f });
    }
    if !(tx.m.ring_turns_once(a) && tx.m.ring_turns_once(b)) {
        return Err(MeshError::ChordOutside { a, b, face: f });
    }
    let (keep, other) = if cycle0.contains(&first) {
        (cycle0, cycle1)
    } else {
        (cycle1, cycle0)
    };
    let g = tx.add_face(other[0], Some(f));
    for &d in &keep {
        tx.set_dart_face(d, f.0);
    }
    for &d in &other {
        tx.set_dart_face(d, g.0);
    }
    if !(tx.m.face_is_sound(f) && tx.m.face_is_sound(g)) {
        return Err(MeshError::ChordOutside { a, b, face: f });
    }
    tx.touched.push(f);
    Ok(g)
}

fn merge_faces_tx(tx: &mut Tx<'_>, f: FaceId, g: FaceId) -> Result<(), MeshError> {
    let m = &*tx.m;
    let fd: Vec<Dart> = m.face_darts(f).collect();
    let n = fd.len();
    let shared: Vec<bool> = fd
        .iter()
        .map(|&d| m.dart_face(d.twin()) == Some(g))
        .collect();
    let k = shared.iter().filter(|&&s| s).count();
    if k == 0 {
        return Err(MeshError::NotAdjacent { f, g });
    }
    let starts: Vec<usize> = (0..n)
        .filter(|&i| shared[i] && !shared[(i + n - 1) % n])
        .collect();
    let gdeg = m.face_degree(g);
    if starts.len() != 1 || k >= n || k >= gdeg {
        return Err(MeshError::MergeEnclosesHole { f, g });
    }
    let s = starts[0];
    let chain: Vec<Dart> = (0..k).map(|j| fd[(s + j) % n]).collect();
    let v0 = m.dart_origin(chain[0]);
    let vk = m.dart_target(chain[k - 1]);
    let interior: Vec<VertexId> = chain[1..].iter().map(|&d| m.dart_origin(d)).collect();
    let f_rest: Vec<Dart> = (k..n).map(|j| fd[(s + j) % n]).collect();
    // g's darts after the chain: from next(twin(chain[0])) up to prev(twin(chain[k-1])).
    let g_rest: Vec<Dart> = m
        .face_darts_from(m.dart_next(chain[0].twin()))
        .take(gdeg - k)
        .collect();
    let mut verts: Vec<u32> = f_rest
        .iter()
        .chain(&g_rest)
        .map(|&d| m.dart_origin(d).0)
        .collect();
    verts.sort_unstable();
    if let Some(w) = verts.windows(2).find(|w| w[0] == w[1]) {
        return Err(MeshError::MergeNotSimple {
            f,
            g,
            at: m.position(VertexId(w[0])),
        });
    }
    for &v in &interior {
        if m.vertex_darts(v).count() != 2 {
            return Err(MeshError::MergeEnclosesHole { f, g });
        }
    }
    let chain_edges: Vec<EdgeId> = chain.iter().map(|d| d.edge()).collect();
    let star = |tx: &Tx<'_>, v: VertexId| -> Vec<Dart> {
        tx.ring(v)
            .into_iter()
            .filter(|d| !chain_edges.contains(&d.edge()))
            .collect()
    };
    let star0 = star(tx, v0);
    let stark = star(tx, vk);
    for &d in &g_rest {
        tx.set_dart_face(d, f.0);
    }
    tx.relink(v0, &star0);
    tx.relink(vk, &stark);
    if chain.contains(&tx.m.face_dart(f)) {
        tx.set_face_dart(f, f_rest[0]);
    }
    if !tx.m.face_is_sound(f) {
        return Err(MeshError::MergeNotSimple {
            f,
            g,
            at: tx.m.position(v0),
        });
    }
    let mut edges = chain_edges.clone();
    edges.sort_unstable_by(|a, b| b.cmp(a));
    for e in edges {
        tx.remove_edge(e);
    }
    let mut iv = interior;
    iv.sort_unstable_by(|a, b| b.cmp(a));
    for v in iv {
        tx.remove_vertex(v);
    }
    tx.touched.push(f);
    tx.remove_face(g);
    Ok(())
}

fn delete_face_tx(tx: &mut Tx<'_>, f: FaceId) -> Result<(), MeshError> {
    let darts: Vec<Dart> = tx.m.face_darts(f).collect();
    let verts: Vec<VertexId> = darts.iter().map(|&d| tx.m.dart_origin(d)).collect();
    let rings: Vec<Vec<Dart>> = verts.iter().map(|&v| tx.ring(v)).collect();
    for &d in &darts {
        tx.set_dart_face(d, NONE);
    }
    let mut dead: Vec<EdgeId> = darts
        .iter()
        .filter(|d| tx.m.dart_face(d.twin()).is_none())
        .map(|d| d.edge())
        .collect();
    let mut isolated = Vec::new();
    for (&v, ring) in verts.iter().zip(rings) {
        let star: Vec<Dart> = ring
            .into_iter()
            .filter(|d| !dead.contains(&d.edge()))
            .collect();
        if star.is_empty() {
            isolated.push(v);
        } else {
            tx.relink(v, &star);
        }
    }
    for &d in &darts {
        let e = d.edge();
        if !dead.contains(&e) && tx.m.edge_faces[e.index()][0] == NONE {
            tx.flip_edge(e);
        }
    }
    dead.sort_unstable_by(|a, b| b.cmp(a));
    for e in dead {
        tx.remove_edge(e);
    }
    isolated.sort_unstable_by(|a, b| b.cmp(a));
    for v in isolated {
        tx.remove_vertex(v);
    }
    tx.remove_face(f);
    Ok(())
}

fn add_face_tx(
    tx: &mut Tx<'_>,
    points: &[Point],
    snap: f64,
    index: Option<&FaceIndex>,
) -> Result<(FaceId, Vec<VertexId>), MeshError> {
    let nf = tx.m.face_count();
    // 1. Snap each corner.
    let mut slots: Vec<Slot> = points
        .iter()
        .map(|&p| {
            let (v, e) = match index {
                Some(ix) => (
                    ix.nearest_vertex(tx.m, p, snap),
                    ix.nearest_edge(tx.m, p, snap),
                ),
                None => (
                    tx.m.scan_nearest_vertex(p, snap),
                    tx.m.scan_nearest_edge(p, snap),
                ),
            };
            if let Some(v) = v {
                Slot::Vertex(v)
            } else if let Some((e, t)) = e {
                let (a, b) = tx.m.edge_segment(e);
                Slot::OnEdge(e, a.lerp(b, t))
            } else {
                Slot::New(p)
            }
        })
        .collect();
    let pos = |m: &Mesh, s: &Slot| match *s {
        Slot::Vertex(v) => m.position(v),
        Slot::OnEdge(_, p) | Slot::New(p) => p,
    };
    // 2. Route sides through existing vertices lying on them.
    {
        let n = slots.len();
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let s = slots[i];
            out.push(s);
            let (p, q) = (pos(tx.m, &s), pos(tx.m, &slots[(i + 1) % n]));
            let ends = |v: VertexId| {
                matches!(slots[i], Slot::Vertex(x) if x == v)
                    || matches!(slots[(i + 1) % n], Slot::Vertex(x) if x == v)
            };
            let sb = seg_box(p, q);
            let wide = Aabb {
                min: Point::new(sb.min.x - snap, sb.min.y - snap),
                max: Point::new(sb.max.x + snap, sb.max.y + snap),
            };
            let mut on: Vec<(f64, VertexId)> =
                tx.m.vertex_candidates(Mesh::faces_near(index, &wide), &[])
                    .filter_map(|v| {
                        let w = tx.m.position(v);
                        if w.x < sb.min.x - snap
                            || w.x > sb.max.x + snap
                            || w.y < sb.min.y - snap
                            || w.y > sb.max.y + snap
                            || ends(v)
                        {
                            return None;
                        }
                        let (d, t) = point_segment_distance(w, p, q);
                        (d <= snap && t > 0.0 && t < 1.0).then_some((t, v))
                    })
                    .collect();
            on.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            out.extend(on.into_iter().map(|(_, v)| Slot::Vertex(v)));
        }
        slots = out;
    }
    // 3. No corner twice; orientation; simplicity.
    let mut pts: Vec<Point> = slots.iter().map(|s| pos(tx.m, s)).collect();
    {
        let mut ids: Vec<u32> = slots
            .iter()
            .filter_map(|s| match s {
                Slot::Vertex(v) => Some(v.0),
                _ => None,
            })
            .collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(MeshError::RepeatedVertex {
                face: nf,
                position: tx.m.position(VertexId(w[0])),
            });
        }
        let mut sorted = pts.clone();
        sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(MeshError::RepeatedVertex {
                face: nf,
                position: w[0],
            });
        }
    }
    if pts.len() > 3 && polygon_self_intersects(&pts) {
        return Err(MeshError::SelfIntersectingFace { face: nf });
    }
    let area = signed_area(pts.iter().copied());
    let bb = Aabb::from_points(pts.iter().copied());
    let extent = bb.width().max(bb.height());
    if area.abs() <= extent * extent * 1e-12 {
        return Err(MeshError::DegenerateFace { face: nf });
    }
    if area < 0.0 {
        slots[1..].reverse();
        pts[1..].reverse();
    }
    // 4. Split the edges corners landed on.
    let mut new_vertices = Vec::new();
    let mut families: Vec<(EdgeId, Vec<EdgeId>)> = Vec::new();
    for i in 0..slots.len() {
        if let Slot::OnEdge(e, p) = slots[i] {
            let fam_i = match families.iter().position(|x| x.0 == e) {
                Some(k) => k,
                None => {
                    families.push((e, vec![e]));
                    families.len() - 1
                }
            };
            // The piece of the (possibly already split) edge nearest to p.
            let piece = families[fam_i]
                .1
                .iter()
                .map(|&x| {
                    let (a, b) = tx.m.edge_segment(x);
                    let (d, t) = point_segment_distance(p, a, b);
                    (d, x, t)
                })
                .filter(|x| x.2 > 0.0 && x.2 < 1.0)
                .min_by(|a, b| a.0.total_cmp(&b.0));
            let Some((_, x, t)) = piece else {
                return Err(MeshError::RepeatedVertex {
                    face: nf,
                    position: p,
                });
            };
            let w = split_edge_tx(tx, x, t)?;
            let created = EdgeId(tx.m.edge_count() as u32 - 1);
            families[fam_i].1.push(created);
            new_vertices.push(w);
            slots[i] = Slot::Vertex(w);
            pts[i] = tx.m.position(w);
        }
    }
    if pts.len() > 3 && polygon_self_intersects(&pts) {
        return Err(MeshError::SelfIntersectingFace { face: nf });
    }
    let n = slots.len();
    let vid = |s: &Slot| match *s {
        Slot::Vertex(v) => Some(v),
        _ => None,
    };
    // 5. Geometry against the existing mesh.
    let mut side_edge: Vec<Option<EdgeId>> = vec![None; n];
    for i in 0..n {
        let j = (i + 1) % n;
        let (av, bv) = (vid(&slots[i]), vid(&slots[j]));
        if let (Some(a), Some(b)) = (av, bv)
            && let Some(e) = tx.m.find_edge(a, b)
        {
            // The side of e running a -> b must be free (outside).
            let side = if tx.m.edge_vertices(e)[0] == a { 0 } else { 1 };
            if let Some(g) = tx.m.dart_face(Dart::new(e, side)) {
                return Err(MeshError::NewFaceOverlaps { face: g });
            }
            side_edge[i] = Some(e);
            continue;
        }
        if let Some(e) =
            tx.m.first_conflicting_edge(index, (pts[i], av), (pts[j], bv), |_| false)
        {
            let (c, d) = tx.m.edge_segment(e);
            return Err(MeshError::SideCrossesEdge {
                a: pts[i],
                b: pts[j],
                c,
                d,
            });
        }
    }
    let corner_ids: Vec<VertexId> = slots.iter().filter_map(vid).collect();
    if let Some(w) =
        tx.m.vertex_strictly_inside(index, &pts, |w| corner_ids.contains(&w))
    {
        let g = tx.m.vertex_faces(w).next().unwrap_or(FaceId(0));
        return Err(MeshError::NewFaceOverlaps { face: g });
    }
    for s in &slots {
        if let Slot::New(p) = *s
            && let Some(g) = tx.m.face_containing(index, p, |_| false)
        {
            return Err(MeshError::NewFaceOverlaps { face: g });
        }
    }
    // 6. Build.
    let mut star: Vec<(VertexId, Vec<Dart>)> = Vec::with_capacity(n);
    let mut verts = Vec::with_capacity(n);
    for s in &slots {
        let v = match *s {
            Slot::Vertex(v) => {
                star.push((v, tx.ring(v)));
                v
            }
            Slot::New(p) => {
                let v = tx.add_vertex(p);
                new_vertices.push(v);
                star.push((v, Vec::new()));
                v
            }
            Slot::OnEdge(..) => unreachable!("edges were split above"),
        };
        verts.push(v);
    }
    let f = tx.add_face(Dart(NONE), None);
    let mut side_darts = Vec::with_capacity(n);
    for i in 0..n {
        let j = (i + 1) % n;
        let d = match side_edge[i] {
            Some(e) => {
                let d = Dart::new(e, 1);
                tx.set_dart_face(d, f.0);
                tx.became_interior.push(e);
                d
            }
            None => {
                let e = tx.add_edge(verts[i], verts[j], [f.0, NONE], None);
                star[i].1.push(Dart::new(e, 0));
                star[j].1.push(Dart::new(e, 1));
                Dart::new(e, 0)
            }
        };
        side_darts.push(d);
    }
    tx.set_face_dart(f, side_darts[0]);
    for (v, s) in &star {
        tx.relink(*v, s);
    }
    // 7. Local consistency: the new cycle is exactly the polygon, and every wedge
    // at the corners still belongs to a single face.
    for i in 0..n {
        let next = tx.m.dart_next(side_darts[i]);
        if next != side_darts[(i + 1) % n] {
            let g = tx.m.dart_face(next).filter(|&g| g != f);
            return Err(g.map_or(
                MeshError::NewFaceOverlapsNear {
                    at: tx.m.position(verts[(i + 1) % n]),
                },
                |g| MeshError::NewFaceOverlaps { face: g },
            ));
        }
    }
    for (v, _) in &star {
        if !tx.m.ring_turns_once(*v) {
            return Err(MeshError::NewFaceOverlapsNear {
                at: tx.m.position(*v),
            });
        }
    }
    for (v, s) in &star {
        for &d in s {
            let p = tx.m.dart_prev(d);
            if tx.m.dart_face(p) != tx.m.dart_face(d) {
                let g = [tx.m.dart_face(p), tx.m.dart_face(d)]
                    .into_iter()
                    .flatten()
                    .find(|&g| g != f);
                return Err(g.map_or(
                    MeshError::NewFaceOverlapsNear {
                        at: tx.m.position(*v),
                    },
                    |g| MeshError::NewFaceOverlaps { face: g },
                ));
            }
        }
    }
    Ok((f, new_vertices))
}

impl Mesh {
    /// The darts of the cycle (face or boundary loop) through `d`, starting at `d`.
    pub fn face_darts_from(&self, d: Dart) -> super::Cycle<'_> {
        super::Cycle::new(self, d, super::CycleStep::Next)
    }
}
