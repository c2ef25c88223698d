//! Explicit checking of every mesh invariant.

use super::geom::{self, Point};
use super::{Cycle, CycleStep, Dart, Mesh, NONE};

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct ValidationProblem(pub String);

/// The mesh breaks one or more invariants.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("invalid mesh: {}", .problems.iter().map(|p| p.0.as_str()).collect::<Vec<_>>().join("; "))]
pub struct ValidationError {
    pub problems: Vec<ValidationProblem>,
}

const MAX_PROBLEMS: usize = 50;

impl Mesh {
    /// Check every invariant of the winged-edge structure and its geometry:
    /// array sizes and id ranges; every side's wings agree (`next(prev(d)) == d`,
    /// consecutive sides meet at a vertex and belong to the same face or loop);
    /// the left side of every edge has a face; every face cycle closes, has at
    /// least three sides, is counter-clockwise and simple; each vertex's ring of
    /// edges closes, contains every edge at the vertex and turns exactly once; no
    /// two edges join the same vertices; and χ = V − E + F equals the number of
    /// outer outlines minus the number of holes.
    #[allow(clippy::needless_range_loop)]
    pub fn validate(&self) -> Result<(), ValidationError> {
        let mut p = Vec::new();
        macro_rules! bad {
            ($($t:tt)*) => {{
                p.push(ValidationProblem(format!($($t)*)));
                if p.len() >= MAX_PROBLEMS { return Err(ValidationError { problems: p }); }
            }};
        }
        let nv = self.positions.len();
        let ne = self.edge_vertices.len();
        let nf = self.face_dart.len();
        if self.vertex_out.len() != nv
            || self.edge_faces.len() != ne
            || self.edge_next.len() != ne
            || self.edge_prev.len() != ne
        {
            bad!("storage arrays have inconsistent lengths");
            return Err(ValidationError { problems: p });
        }
        if nf == 0 {
            bad!("the mesh has no faces");
            return Err(ValidationError { problems: p });
        }
        let nd = (ne * 2) as u32;
        // Ids in range.
        for (v, pos) in self.positions.iter().enumerate() {
            if !pos.is_finite() {
                bad!("vertex {v} has a non-finite position");
            }
            if self.vertex_out[v].0 >= nd {
                bad!("vertex {v} has no valid outgoing edge");
            }
        }
        for e in 0..ne {
            let [a, b] = self.edge_vertices[e];
            if a.index() >= nv || b.index() >= nv {
                bad!("edge {e} has a vertex out of range");
            }
            if a == b {
                bad!("edge {e} is a loop at vertex {a}");
            }
            let [l, r] = self.edge_faces[e];
            if l == NONE {
                bad!("edge {e} has no left face");
            } else if l as usize >= nf {
                bad!("edge {e} has left face {l} out of range");
            }
            if r != NONE && r as usize >= nf {
                bad!("edge {e} has right face {r} out of range");
            }
            if l == r {
                bad!("edge {e} has face {l} on both sides");
            }
            for s in 0..2 {
                if self.edge_next[e][s].0 >= nd || self.edge_prev[e][s].0 >= nd {
                    bad!("edge {e} side {s} has a wing out of range");
                }
            }
        }
        for f in 0..nf {
            if self.face_dart[f].0 >= nd {
                bad!("face {f} has no valid edge");
            }
        }
        if !p.is_empty() {
            return Err(ValidationError { problems: p });
        }
        // Wings.
        for i in 0..nd {
            let d = Dart(i);
            let n = self.dart_next(d);
            if self.dart_prev(n) != d {
                bad!(
                    "wings disagree: next of {d:?} is {n:?} but its prev is {:?}",
                    self.dart_prev(n)
                );
            }
            if self.dart_target(d) != self.dart_origin(n) {
                bad!(
                    "{d:?} ends at {} but its successor {n:?} starts at {}",
                    self.dart_target(d),
                    self.dart_origin(n)
                );
            }
            if self.dart_face(d) != self.dart_face(n) {
                bad!("{d:?} and its successor {n:?} belong to different faces");
            }
        }
        if !p.is_empty() {
            return Err(ValidationError { problems: p });
        }
        // Face cycles.
        let mut darts_per_face = vec![0usize; nf];
        for i in 0..nd {
            if let Some(f) = self.dart_face(Dart(i)) {
                darts_per_face[f.index()] += 1;
            }
        }
        let mut pts: Vec<Point> = Vec::new();
        for f in 0..nf {
            let fid = super::FaceId(f as u32);
            let start = self.face_dart[f];
            if self.dart_face(start) != Some(fid) {
                bad!("face {f}'s edge does not belong to it");
                continue;
            }
            let cyc: Vec<Dart> = Cycle::new(self, start, CycleStep::Next).collect();
            if self.dart_next(*cyc.last().unwrap()) != start {
                bad!("face {f}'s cycle does not close");
                continue;
            }
            if cyc.len() < 3 {
                bad!("face {f} has only {} sides", cyc.len());
            }
            if cyc.len() != darts_per_face[f] {
                bad!(
                    "face {f}'s cycle has {} sides but {} sides name it",
                    cyc.len(),
                    darts_per_face[f]
                );
            }
            pts.clear();
            pts.extend(cyc.iter().map(|&d| self.position(self.dart_origin(d))));
            if geom::signed_area(pts.iter().copied()) <= 0.0 {
                bad!("face {f} is not counter-clockwise");
            }
            if pts.len() > 3 && geom::polygon_self_intersects(&pts) {
                bad!("face {f} crosses itself");
            }
        }
        // Vertex rings.
        let mut out_deg = vec![0usize; nv];
        for i in 0..nd {
            out_deg[self.dart_origin(Dart(i)).index()] += 1;
        }
        for v in 0..nv {
            let vid = super::VertexId(v as u32);
            let start = self.vertex_out[v];
            if self.dart_origin(start) != vid {
                bad!("vertex {v}'s edge does not leave it");
                continue;
            }
            if out_deg[v] < 2 {
                bad!("vertex {v} has only {} edges", out_deg[v]);
            }
            let ring: Vec<Dart> = Cycle::new(self, start, CycleStep::RotateCcw).collect();
            if self.dart_rotate_ccw(*ring.last().unwrap()) != start || ring.len() != out_deg[v] {
                bad!(
                    "the ring of edges around vertex {v} does not close over all its {} edges",
                    out_deg[v]
                );
                continue;
            }
            // Winding: the CCW angles between consecutive edges add up to one turn.
            let c = self.positions[v];
            let ang = |d: Dart| {
                let q = self.position(self.dart_target(d)) - c;
                q.y.atan2(q.x)
            };
            let mut turn = 0.0;
            for (k, &d) in ring.iter().enumerate() {
                let n = ring[(k + 1) % ring.len()];
                let mut a = ang(n) - ang(d);
                if a <= 0.0 {
                    a += std::f64::consts::TAU;
                }
                turn += a;
            }
            if (turn - std::f64::consts::TAU).abs() > 1e-6 {
                bad!(
                    "the faces around vertex {v} overlap (they turn {:.3} times around it)",
                    turn / std::f64::consts::TAU
                );
            }
            // No duplicate edges.
            let mut targets: Vec<u32> = ring.iter().map(|&d| self.dart_target(d).0).collect();
            targets.sort_unstable();
            if targets.windows(2).any(|w| w[0] == w[1]) {
                bad!("two edges join vertex {v} to the same vertex");
            }
        }
        // Euler characteristic against boundary loops.
        let loops = self.boundary_loops();
        let holes = loops.iter().filter(|l| l.is_hole()).count() as i64;
        let outer = loops.len() as i64 - holes;
        if self.euler_characteristic() != outer - holes {
            bad!(
                "χ = V − E + F = {} but the boundary has {outer} outlines and {holes} holes (expected χ = {})",
                self.euler_characteristic(),
                outer - holes
            );
        }
        if p.is_empty() {
            Ok(())
        } else {
            Err(ValidationError { problems: p })
        }
    }
}
