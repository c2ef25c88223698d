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
        // Problems found by a chunk of a parallel loop: stop the chunk once it
        // holds as many as can be reported.
        macro_rules! qbad {
            ($q:ident, $($t:tt)*) => {{
                $q.push(ValidationProblem(format!($($t)*)));
                if $q.len() >= MAX_PROBLEMS { return; }
            }};
        }
        macro_rules! merge {
            ($found:expr) => {{
                p.extend($found);
                if p.len() >= MAX_PROBLEMS {
                    p.truncate(MAX_PROBLEMS);
                    return Err(ValidationError { problems: p });
                }
            }};
        }
        merge!(run_chunks(ne, |range, q| {
            for e in range {
                let [a, b] = self.edge_vertices[e];
                if a.index() >= nv || b.index() >= nv {
                    qbad!(q, "edge {e} has a vertex out of range");
                }
                if a == b {
                    qbad!(q, "edge {e} is a loop at vertex {a}");
                }
                let [l, r] = self.edge_faces[e];
                if l == NONE {
                    qbad!(q, "edge {e} has no left face");
                } else if l as usize >= nf {
                    qbad!(q, "edge {e} has left face {l} out of range");
                }
                if r != NONE && r as usize >= nf {
                    qbad!(q, "edge {e} has right face {r} out of range");
                }
                if l == r {
                    qbad!(q, "edge {e} has face {l} on both sides");
                }
                for s in 0..2 {
                    if self.edge_next[e][s].0 >= nd || self.edge_prev[e][s].0 >= nd {
                        qbad!(q, "edge {e} side {s} has a wing out of range");
                    }
                }
            }
        }));
        for f in 0..nf {
            if self.face_dart[f].0 >= nd {
                bad!("face {f} has no valid edge");
            }
        }
        if !p.is_empty() {
            return Err(ValidationError { problems: p });
        }
        // Wings.
        merge!(run_chunks(nd as usize, |range, q| {
            for i in range {
                let i = i as u32;
                let d = Dart(i);
                let n = self.dart_next(d);
                if self.dart_prev(n) != d {
                    qbad!(
                        q,
                        "wings disagree: next of {d:?} is {n:?} but its prev is {:?}",
                        self.dart_prev(n)
                    );
                }
                if self.dart_target(d) != self.dart_origin(n) {
                    qbad!(
                        q,
                        "{d:?} ends at {} but its successor {n:?} starts at {}",
                        self.dart_target(d),
                        self.dart_origin(n)
                    );
                }
                if self.dart_face(d) != self.dart_face(n) {
                    qbad!(q, "{d:?} and its successor {n:?} belong to different faces");
                }
            }
        }));
        if !p.is_empty() {
            return Err(ValidationError { problems: p });
        }
        // Face cycles.
        let mut darts_per_face = vec![0u32; nf];
        for faces in &self.edge_faces {
            for &f in faces {
                if f != NONE {
                    darts_per_face[f as usize] += 1;
                }
            }
        }
        let face_problems = run_chunks(nf, |range, p| {
            let mut cyc: Vec<Dart> = Vec::new();
            let mut pts: Vec<Point> = Vec::new();
            for f in range {
                if let Err(()) = self.validate_face(f, darts_per_face[f], &mut cyc, &mut pts, p) {
                    return;
                }
            }
        });
        p.extend(face_problems);
        if p.len() >= MAX_PROBLEMS {
            p.truncate(MAX_PROBLEMS);
            return Err(ValidationError { problems: p });
        }
        // Vertex rings.
        let mut out_deg = vec![0u32; nv];
        for ev in &self.edge_vertices {
            out_deg[ev[0].index()] += 1;
            out_deg[ev[1].index()] += 1;
        }
        let vertex_problems = run_chunks(nv, |range, p| {
            let mut ring: Vec<Dart> = Vec::new();
            let mut targets: Vec<u32> = Vec::new();
            for v in range {
                if let Err(()) = self.validate_vertex(v, out_deg[v], &mut ring, &mut targets, p) {
                    return;
                }
            }
        });
        p.extend(vertex_problems);
        if p.len() >= MAX_PROBLEMS {
            p.truncate(MAX_PROBLEMS);
            return Err(ValidationError { problems: p });
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

    /// Check one face's cycle; `Err` once `p` holds [`MAX_PROBLEMS`] problems.
    fn validate_face(
        &self,
        f: usize,
        named_by: u32,
        cyc: &mut Vec<Dart>,
        pts: &mut Vec<Point>,
        p: &mut Vec<ValidationProblem>,
    ) -> Result<(), ()> {
        macro_rules! bad {
            ($($t:tt)*) => {{
                p.push(ValidationProblem(format!($($t)*)));
                if p.len() >= MAX_PROBLEMS { return Err(()); }
            }};
        }
        let fid = super::FaceId(f as u32);
        let start = self.face_dart[f];
        if self.dart_face(start) != Some(fid) {
            bad!("face {f}'s edge does not belong to it");
            return Ok(());
        }
        cyc.clear();
        cyc.extend(Cycle::new(self, start, CycleStep::Next));
        let last = cyc[cyc.len() - 1];
        if self.dart_next(last) != start {
            bad!("face {f}'s cycle does not close");
            return Ok(());
        }
        if cyc.len() < 3 {
            bad!("face {f} has only {} sides", cyc.len());
        }
        if cyc.len() != named_by as usize {
            bad!(
                "face {f}'s cycle has {} sides but {} sides name it",
                cyc.len(),
                named_by
            );
        }
        pts.clear();
        pts.extend(cyc.iter().map(|&d| self.position(self.dart_origin(d))));
        if geom::signed_area(pts.iter().copied()) <= 0.0 {
            bad!("face {f} is not counter-clockwise");
        }
        if pts.len() > 3 && geom::polygon_self_intersects(pts) {
            bad!("face {f} crosses itself");
        }
        Ok(())
    }

    /// Check one vertex's ring; `Err` once `p` holds [`MAX_PROBLEMS`] problems.
    fn validate_vertex(
        &self,
        v: usize,
        out_deg: u32,
        ring: &mut Vec<Dart>,
        targets: &mut Vec<u32>,
        p: &mut Vec<ValidationProblem>,
    ) -> Result<(), ()> {
        macro_rules! bad {
            ($($t:tt)*) => {{
                p.push(ValidationProblem(format!($($t)*)));
                if p.len() >= MAX_PROBLEMS { return Err(()); }
            }};
        }
        let vid = super::VertexId(v as u32);
        let start = self.vertex_out[v];
        if self.dart_origin(start) != vid {
            bad!("vertex {v}'s edge does not leave it");
            return Ok(());
        }
        if out_deg < 2 {
            bad!("vertex {v} has only {} edges", out_deg);
        }
        ring.clear();
        ring.extend(Cycle::new(self, start, CycleStep::RotateCcw));
        let last = ring[ring.len() - 1];
        if self.dart_rotate_ccw(last) != start || ring.len() != out_deg as usize {
            bad!(
                "the ring of edges around vertex {v} does not close over all its {} edges",
                out_deg
            );
            return Ok(());
        }
        let turns = self.vertex_ring_turns(vid);
        targets.clear();
        targets.extend(ring.iter().map(|&d| self.dart_target(d).0));
        if turns != 1 {
            bad!("the faces around vertex {v} overlap (they turn {turns} times around it)");
        }
        // No duplicate edges.
        let dup = if targets.len() <= 16 {
            targets
                .iter()
                .enumerate()
                .any(|(i, a)| targets[i + 1..].contains(a))
        } else {
            targets.sort_unstable();
            targets.windows(2).any(|w| w[0] == w[1])
        };
        if dup {
            bad!("two edges join vertex {v} to the same vertex");
        }
        Ok(())
    }
}

impl Mesh {
    /// How many full turns the edges around `v` make, counted exactly (1 for a valid
    /// vertex; more when the faces around it overlap).
    ///
    /// Each step from direction `d` to the next direction `n` turns by
    /// `angle(n) − angle(d)`, plus a full turn when that is not positive; the
    /// differences cancel around the ring, so the total is one full turn per step
    /// that does not increase the angle. Those steps are counted without trigonometry.
    pub(crate) fn vertex_ring_turns(&self, v: super::VertexId) -> usize {
        let c = self.position(v);
        let dir = |d: Dart| self.position(self.dart_target(d)) - c;
        let mut ring = self.vertex_darts(v);
        let Some(first) = ring.next() else { return 0 };
        let first = dir(first);
        let mut prev = first;
        let mut turns = 0usize;
        for d in ring {
            let cur = dir(d);
            if angle_le(cur, prev) {
                turns += 1;
            }
            prev = cur;
        }
        if angle_le(first, prev) {
            turns += 1;
        }
        turns
    }
}

/// Whether the polar angle of `a` (as `atan2`, in (−π, π]) is at most that of `b`,
/// decided without trigonometry: first by half plane, then by the sign of the
/// cross product (both vectors lie within a half turn of each other).
#[inline]
fn angle_le(a: Point, b: Point) -> bool {
    // atan2(0, 0) = 0: the zero vector has the angle of the positive x axis.
    let norm = |q: Point| {
        if q.x == 0.0 && q.y == 0.0 {
            Point { x: 1.0, y: 0.0 }
        } else {
            q
        }
    };
    let (a, b) = (norm(a), norm(b));
    // Upper half: angles in (0, π]; lower half: (−π, 0].
    let upper = |q: Point| q.y > 0.0 || (q.y == 0.0 && q.x < 0.0);
    match (upper(a), upper(b)) {
        (false, true) => true,
        (true, false) => false,
        _ => a.x * b.y - a.y * b.x >= 0.0,
    }
}

/// Meshes with at least this many items are checked on several threads.
const PARALLEL_MIN: usize = 50_000;

/// Run `check` over `0..n`, split into contiguous chunks on several threads when
/// `n` is large, and return the problems in item order (each chunk stops after
/// [`MAX_PROBLEMS`], which is all the caller keeps).
fn run_chunks<F>(n: usize, check: F) -> Vec<ValidationProblem>
where
    F: Fn(std::ops::Range<usize>, &mut Vec<ValidationProblem>) + Sync,
{
    let threads = if n >= PARALLEL_MIN {
        std::thread::available_parallelism().map_or(1, |t| t.get().min(8))
    } else {
        1
    };
    if threads <= 1 {
        let mut p = Vec::new();
        check(0..n, &mut p);
        return p;
    }
    let per = n.div_ceil(threads);
    let check = &check;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * per).min(n)..((t + 1) * per).min(n);
                s.spawn(move || {
                    let mut p = Vec::new();
                    check(range, &mut p);
                    p
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            match h.join() {
                Ok(p) => all.extend(p),
                Err(e) => std::panic::resume_unwind(e),
            }
        }
        all
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angle_order_matches_atan2() {
        let mut dirs = Vec::new();
        for x in -4..=4 {
            for y in -4..=4 {
                dirs.push(Point {
                    x: x as f64 * 0.5,
                    y: y as f64 * 0.25,
                });
            }
        }
        for &a in &dirs {
            for &b in &dirs {
                let want = a.y.atan2(a.x) <= b.y.atan2(b.x);
                assert_eq!(angle_le(a, b), want, "{a:?} vs {b:?}");
            }
        }
    }
}
