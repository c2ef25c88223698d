//! The board's edge-connected pieces, kept up to date edit by edit.
//!
//! Every face points to a node of a union–find forest whose roots are the
//! pieces (with their size and one face of theirs). After an edit only the
//! pieces that lost or changed a face are looked at again: a search starts from
//! every face the edit touched, all searches advance one face at a time in turn
//! and join when they meet, and the work stops as soon as at most one search is
//! still going. The searches that ran out are whole new pieces (small: each was
//! explored no further than the others were); the one still going is the rest
//! of the touched pieces, whatever its size. So an edit costs about the size of
//! the smaller side of what it cut off or joined, not the size of the board.

use crate::mesh::{FaceId, Mesh};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug, Default)]
pub(super) struct Components {
    /// Per face: its node in the forest.
    node_of: Vec<u32>,
    /// The forest (a root is its own parent).
    parent: Vec<u32>,
    /// The pieces: root → (faces, one face of the piece).
    roots: FxHashMap<u32, (u32, u32)>,
    /// Per face: [`shape`] of the face.
    shape: Vec<u64>,
}

/// A face's outline and which of its sides it shares with another face, as a
/// hash that does not depend on ids: a face whose id changed (ids are reused
/// when faces go) but whose shape did not has the same neighbours as before,
/// so it cannot have cut off or joined anything.
fn shape(mesh: &Mesh, f: FaceId) -> u64 {
    let mut sum = 0u64;
    for e in mesh.face_edges(f) {
        let [a, b] = mesh.edge_vertices(e).map(|v| {
            let p = mesh.position(v);
            ((p.x + 0.0).to_bits(), (p.y + 0.0).to_bits())
        });
        let mut h = FxHasher::default();
        (a.min(b), a.max(b), mesh.is_boundary_edge(e)).hash(&mut h);
        sum = sum.wrapping_add(mix(h.finish()));
    }
    sum
}

/// The splitmix64 finaliser: every input bit moves every output bit, so the
/// sum in [`shape`] of hashes of round coordinates cannot cancel out.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One search of [`Components::update`].
struct Search {
    queue: VecDeque<u32>,
    faces: Vec<u32>,
    /// Joined into another search.
    merged: bool,
}

impl Components {
    /// The pieces of `mesh`, found from scratch.
    pub fn new(mesh: &Mesh) -> Components {
        let nf = mesh.face_count();
        let mut c = Components {
            node_of: vec![NONE; nf],
            parent: Vec::new(),
            roots: FxHashMap::default(),
            shape: (0..nf as u32).map(|f| shape(mesh, FaceId(f))).collect(),
        };
        let mut stack = Vec::new();
        for f in 0..nf as u32 {
            if c.node_of[f as usize] != NONE {
                continue;
            }
            let root = c.parent.len() as u32;
            c.parent.push(root);
            c.node_of[f as usize] = root;
            stack.push(f);
            let mut size = 0u32;
            while let Some(g) = stack.pop() {
                size += 1;
                for h in mesh.adjacent_faces(FaceId(g)) {
                    if c.node_of[h.index()] == NONE {
                        c.node_of[h.index()] = root;
                        stack.push(h.0);
                    }
                }
            }
            c.roots.insert(root, (size, f));
        }
        c
    }

    /// How many pieces the board has.
    pub fn count(&self) -> usize {
        self.roots.len()
    }

    fn find(&self, mut n: u32) -> u32 {
        while self.parent[n as usize] != n {
            n = self.parent[n as usize];
        }
        n
    }

    /// [`Components::find`] shortening the path on the way.
    fn find_mut(&mut self, mut n: u32) -> u32 {
        while self.parent[n as usize] != n {
            let up = self.parent[self.parent[n as usize] as usize];
            self.parent[n as usize] = up;
            n = up;
        }
        n
    }

    /// Bring the pieces up to date after edits that changed the faces
    /// `affected` (ids in `mesh` as it is now; every face whose outline, id or
    /// neighbours changed, as [`crate::board::BoardUndo::affected_faces`] names
    /// them) of a mesh that had `old_faces` faces.
    pub fn update(&mut self, mesh: &Mesh, old_faces: usize, affected: &[FaceId]) {
        let nf = mesh.face_count();
        // The slots the edits wrote, with what they held: each face there now
        // either has the shape of a face there before (the same face, perhaps
        // under another id: it keeps its piece) or is new or reshaped (a seed).
        let mut was: FxHashMap<u64, Vec<u32>> = FxHashMap::default();
        for a in super::written_slots(affected.iter().map(|f| f.0), old_faces, nf) {
            was.entry(self.shape[a as usize]).or_default().push(a);
        }
        // (old id, new id, piece) of the faces that kept their shape.
        let mut kept: Vec<(u32, u32, u32)> = Vec::new();
        let mut seeds: Vec<u32> = Vec::new();
        for &b in affected.iter().filter(|f| f.index() < nf) {
            let s = shape(mesh, b);
            match was.get_mut(&s).and_then(Vec::pop) {
                Some(a) => kept.push((a, b.0, self.node_of[a as usize])),
                None => seeds.push(b.0),
            }
            if b.index() < self.shape.len() {
                self.shape[b.index()] = s;
            } else {
                self.shape.resize(b.index(), 0);
                self.shape.push(s);
            }
        }
        // The faces that went or changed shape: their pieces are touched.
        let mut touched: FxHashSet<u32> = FxHashSet::default();
        for a in was.into_values().flatten() {
            let r = self.find_mut(self.node_of[a as usize]);
            touched.insert(r);
        }
        self.shape.resize(nf, 0);
        self.node_of.resize(nf, NONE);
        let moved: FxHashMap<u32, u32> = kept
            .iter()
            .filter(|k| k.0 != k.1)
            .map(|&(a, b, _)| (a, b))
            .collect();
        let mut renamed = FxHashSet::default();
        for &(_, b, node) in &kept {
            self.node_of[b as usize] = node;
            // A piece named by a face that moved is named by its new id.
            let r = self.find_mut(node);
            if !moved.is_empty()
                && renamed.insert(r)
                && let Some(rep) = self.roots.get_mut(&r)
                && let Some(&to) = moved.get(&rep.1)
            {
                rep.1 = to;
            }
        }
        // Faces not yet claimed by a search are not in `claimed`.
        let mut claimed: FxHashMap<u32, u32> = FxHashMap::default();
        let mut searches: Vec<Search> = Vec::new();
        for f in seeds {
            if claimed.contains_key(&f) {
                continue;
            }
            claimed.insert(f, searches.len() as u32);
            searches.push(Search {
                queue: VecDeque::from([f]),
                faces: vec![f],
                merged: false,
            });
        }
        // Which search a merged one went into.
        let mut into: Vec<u32> = (0..searches.len() as u32).collect();
        let top = |into: &Vec<u32>, mut s: u32| {
            while into[s as usize] != s {
                s = into[s as usize];
            }
            s
        };
        loop {
            let going: Vec<u32> = (0..searches.len() as u32)
                .filter(|&s| !searches[s as usize].merged && !searches[s as usize].queue.is_empty())
                .collect();
            if going.len() <= 1 {
                break;
            }
            for s in going {
                if searches[s as usize].merged {
                    continue;
                }
                let Some(f) = searches[s as usize].queue.pop_front() else {
                    continue;
                };
                // The search exploring `f` (it changes when `s` joins another).
                let mut cur = s;
                for h in mesh.adjacent_faces(FaceId(f)) {
                    match claimed.get(&h.0) {
                        None => {
                            claimed.insert(h.0, cur);
                            searches[cur as usize].queue.push_back(h.0);
                            searches[cur as usize].faces.push(h.0);
                        }
                        Some(&o) => {
                            let o = top(&into, o);
                            if o != cur {
                                // Join the smaller search into the bigger one.
                                let (big, small) = if searches[cur as usize].faces.len()
                                    >= searches[o as usize].faces.len()
                                {
                                    (cur, o)
                                } else {
                                    (o, cur)
                                };
                                let moved = std::mem::replace(
                                    &mut searches[small as usize],
                                    Search {
                                        queue: VecDeque::new(),
                                        faces: Vec::new(),
                                        merged: true,
                                    },
                                );
                                let b = &mut searches[big as usize];
                                b.queue.extend(moved.queue);
                                b.faces.extend(moved.faces);
                                into[small as usize] = big;
                                cur = big;
                            }
                        }
                    }
                }
            }
        }
        let old_sizes: u64 = touched.iter().map(|r| self.roots[r].0 as u64).sum();
        for r in &touched {
            self.roots.remove(r);
        }
        let untouched = old_faces as u64 - old_sizes;
        let mut finished = 0u64;
        let mut rest = None;
        for s in searches.into_iter().filter(|s| !s.merged) {
            let node = self.parent.len() as u32;
            self.parent.push(node);
            for &f in &s.faces {
                self.node_of[f as usize] = node;
            }
            if s.queue.is_empty() {
                finished += s.faces.len() as u64;
                self.roots.insert(node, (s.faces.len() as u32, s.faces[0]));
            } else {
                rest = Some((node, s.faces[0]));
            }
        }
        if let Some((node, face)) = rest {
            // The rest of the touched pieces: one piece with what is left.
            for &r in &touched {
                self.parent[r as usize] = node;
            }
            let size = nf as u64 - untouched - finished;
            self.roots.insert(node, (size as u32, face));
        }
        if self.parent.len() > 2 * nf + 4096 {
            *self = Components::new(mesh);
        }
    }

    /// The faces of the smallest piece (among equally small ones, the one with
    /// the lowest face id), lowest id first, when the board has more than one.
    pub fn smallest(&self, mesh: &Mesh) -> Option<Vec<FaceId>> {
        if self.roots.len() < 2 {
            return None;
        }
        let least = self.roots.values().map(|&(n, _)| n).min()?;
        let mut best: Option<Vec<FaceId>> = None;
        for &(n, rep) in self.roots.values() {
            if n != least {
                continue;
            }
            let mut faces = self.piece(mesh, FaceId(rep));
            let low = (0..faces.len()).min_by_key(|&i| faces[i]).unwrap_or(0);
            faces.swap(0, low);
            if best.as_ref().is_none_or(|b| faces[0] < b[0]) {
                best = Some(faces);
            }
        }
        best
    }

    /// The faces of the piece holding `f`.
    fn piece(&self, mesh: &Mesh, f: FaceId) -> Vec<FaceId> {
        let root = self.find(self.node_of[f.index()]);
        let mut seen = FxHashSet::default();
        seen.insert(f.0);
        let mut out = vec![f];
        let mut i = 0;
        while i < out.len() {
            let g = out[i];
            i += 1;
            for h in mesh.adjacent_faces(g) {
                if seen.insert(h.0) {
                    debug_assert_eq!(self.find(self.node_of[h.index()]), root);
                    out.push(h);
                }
            }
        }
        out
    }
}
