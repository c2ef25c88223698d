//! The board's boundary loops (outer outlines and holes), kept up to date edit
//! by edit: an edit re-traces only the loops through the edges it touched.

use crate::mesh::{Aabb, EdgeId, Mesh, geom};
use rustc_hash::{FxHashMap, FxHashSet};

/// What the lint needs of one loop.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct LoopInfo {
    /// Its lowest edge id (loops are listed in this order, as
    /// [`Mesh::boundary_loops`] lists them).
    pub first: u32,
    pub sides: usize,
    pub bbox: Aabb,
    pub hole: bool,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Loops {
    /// Boundary edge → its loop.
    loop_of: FxHashMap<u32, u32>,
    loops: FxHashMap<u32, LoopInfo>,
    next: u32,
}

impl Loops {
    pub fn new(mesh: &Mesh) -> Loops {
        let mut l = Loops::default();
        for e in mesh.edge_ids() {
            if mesh.is_boundary_edge(e) && !l.loop_of.contains_key(&e.0) {
                l.trace(mesh, e);
            }
        }
        l
    }

    /// Trace the loop through boundary edge `e` and record it.
    fn trace(&mut self, mesh: &Mesh, e: EdgeId) {
        let id = self.next;
        self.next += 1;
        let mut first = e.0;
        let mut sides = 0;
        for d in mesh.boundary_loop_darts(e).into_iter().flatten() {
            let k = d.edge().0;
            self.loop_of.insert(k, id);
            first = first.min(k);
            sides += 1;
        }
        // Measured from the lowest edge, exactly as `Mesh::boundary_loops` does.
        let points = || {
            mesh.boundary_loop_darts(EdgeId(first))
                .into_iter()
                .flatten()
                .map(|d| mesh.position(mesh.dart_origin(d)))
        };
        let area = geom::signed_area(points());
        self.loops.insert(
            id,
            LoopInfo {
                first,
                sides,
                bbox: Aabb::from_points(points()),
                hole: area > 0.0,
            },
        );
    }

    /// Bring the loops up to date after edits that changed the edges `edges`
    /// (every edge whose slot an edit wrote, ids as they are now) of a mesh that
    /// had `old_edges` edges.
    pub fn update(&mut self, mesh: &Mesh, old_edges: usize, edges: &[EdgeId]) {
        let ne = mesh.edge_count();
        let mut stale = FxHashSet::default();
        for k in super::written_slots(edges.iter().map(|e| e.0), old_edges, ne) {
            if let Some(id) = self.loop_of.remove(&k) {
                stale.insert(id);
            }
        }
        for id in &stale {
            self.loops.remove(id);
        }
        // Edges of the stale loops that no edit touched are re-assigned when
        // their (new) loop is traced from one of the touched edges.
        for &e in edges {
            if e.index() < ne && mesh.is_boundary_edge(e) {
                match self.loop_of.get(&e.0) {
                    Some(id) if !stale.contains(id) => {}
                    _ => self.trace(mesh, e),
                }
            }
        }
    }

    /// The holes, by their lowest edge.
    pub fn holes(&self) -> Vec<&LoopInfo> {
        let mut h: Vec<&LoopInfo> = self.loops.values().filter(|l| l.hole).collect();
        h.sort_by_key(|l| l.first);
        h
    }
}
