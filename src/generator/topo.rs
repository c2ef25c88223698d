//! Face adjacency of the base board, flattened for the generator's inner loops, and the
//! test that keeps every region a topological disk.

use crate::board::Board;
use crate::mesh::{Dart, FaceId, Point};

/// Marker for "no face" / "no region".
pub(crate) const NONE: u32 = u32::MAX;

/// Flattened adjacency of the base board.
#[derive(Clone, Debug)]
pub(crate) struct Topology {
    /// Per face, the range of its corners in `edge_nbr` / `corner_ring`.
    pub corner_start: Vec<u32>,
    /// Per corner (dart) of each face in CCW order: the face across that edge, or `NONE`.
    pub edge_nbr: Vec<u32>,
    /// Per corner (the dart's origin vertex): range into `ring` of the other faces at
    /// that vertex.
    pub ring_start: Vec<u32>,
    pub ring: Vec<u32>,
    /// Per face, its distinct edge neighbours in CCW order (range into `nbr`).
    pub nbr_start: Vec<u32>,
    pub nbr: Vec<u32>,
    pub centroid: Vec<Point>,
    pub area: Vec<f64>,
}

impl Topology {
    pub fn new(board: &Board) -> Topology {
        let mesh = board.mesh();
        let nf = mesh.face_count();
        let mut t = Topology {
            corner_start: Vec::with_capacity(nf + 1),
            edge_nbr: Vec::new(),
            ring_start: Vec::new(),
            ring: Vec::new(),
            nbr_start: Vec::with_capacity(nf + 1),
            nbr: Vec::new(),
            centroid: Vec::with_capacity(nf),
            area: Vec::with_capacity(nf),
        };
        for f in mesh.face_ids() {
            t.corner_start.push(t.edge_nbr.len() as u32);
            t.nbr_start.push(t.nbr.len() as u32);
            let nb0 = t.nbr.len();
            for d in mesh.face_darts(f) {
                let o = mesh.dart_face(d.twin()).map_or(NONE, |g| g.0);
                t.edge_nbr.push(o);
                if o != NONE && !t.nbr[nb0..].contains(&o) {
                    t.nbr.push(o);
                }
                t.ring_start.push(t.ring.len() as u32);
                let r0 = t.ring.len();
                let v = mesh.dart_origin(d);
                for g in mesh.vertex_faces(v) {
                    if g != f && !t.ring[r0..].contains(&g.0) {
                        t.ring.push(g.0);
                    }
                }
            }
            t.centroid.push(mesh.face_centroid(f));
            t.area.push(mesh.face_area(f));
        }
        t.corner_start.push(t.edge_nbr.len() as u32);
        t.ring_start.push(t.ring.len() as u32);
        t.nbr_start.push(t.nbr.len() as u32);
        t
    }

    #[inline]
    pub fn face_count(&self) -> usize {
        self.centroid.len()
    }

    #[inline]
    pub fn neighbours(&self, f: u32) -> &[u32] {
        let f = f as usize;
        &self.nbr[self.nbr_start[f] as usize..self.nbr_start[f + 1] as usize]
    }

    /// Number of edges `f` shares with faces of region `r`.
    #[inline]
    pub fn shared_edges(&self, f: u32, r: u32, region_of: &[u32]) -> u32 {
        let f = f as usize;
        self.edge_nbr[self.corner_start[f] as usize..self.corner_start[f + 1] as usize]
            .iter()
            .filter(|&&g| g != NONE && region_of[g as usize] == r)
            .count() as u32
    }

    /// Whether adding face `f` to region `r` (a non-empty topological disk that does
    /// not contain `f`) keeps it a disk whose outline is a simple polygon: the part of
    /// `f`'s boundary that touches the region must be one connected arc containing at
    /// least one edge. Touching only at a vertex would pinch the outline; touching along
    /// two arcs would enclose a hole (another region or a hole in the board).
    pub fn can_add(&self, f: u32, r: u32, region_of: &[u32]) -> bool {
        let f = f as usize;
        let c0 = self.corner_start[f] as usize;
        let c1 = self.corner_start[f + 1] as usize;
        let inr = |g: u32| g != NONE && region_of[g as usize] == r;
        // Cyclic sequence v0, e0, v1, e1, …: count runs of "touches the region".
        let mut any_edge = false;
        let mut all_in = true;
        let mut rises = 0u32;
        // State of the last element (edge k-1) to start the cyclic comparison.
        let mut prev = inr(self.edge_nbr[c1 - 1]);
        for c in c0..c1 {
            let ring = &self.ring[self.ring_start[c] as usize..self.ring_start[c + 1] as usize];
            let v_in = ring.iter().any(|&g| inr(g));
            let e_in = inr(self.edge_nbr[c]);
            any_edge |= e_in;
            for x in [v_in, e_in] {
                if x && !prev {
                    rises += 1;
                }
                all_in &= x;
                prev = x;
            }
        }
        any_edge && !all_in && rises == 1
    }
}

/// The outline of a region that is a topological disk: its boundary darts in CCW order
/// (each dart belongs to a face of the region and its twin does not). `start` must be
/// such a dart. Returns `None` if the walk does not close within the mesh's dart count
/// (which would mean the region is not a disk).
pub(crate) fn trace_outline(
    board: &Board,
    region_of: &[u32],
    r: u32,
    start: Dart,
    out: &mut Vec<Dart>,
) -> Option<()> {
    let mesh = board.mesh();
    out.clear();
    let inr = |d: Dart| {
        mesh.dart_face(d)
            .is_some_and(|g: FaceId| region_of[g.index()] == r)
    };
    let budget = mesh.edge_count() * 2 + 2;
    let mut d = start;
    loop {
        out.push(d);
        if out.len() > budget {
            return None;
        }
        // Next dart leaving target(d) along the region's boundary.
        let mut n = mesh.dart_next(d);
        let mut guard = 0usize;
        while inr(n.twin()) {
            n = mesh.dart_next(n.twin());
            guard += 1;
            if guard > budget {
                return None;
            }
        }
        if n == start {
            return Some(());
        }
        d = n;
    }
}
