//! The only code that changes a [`Board`] after it is built.
//!
//! Each method keeps the board's invariants (see [`Board`]) and saves what it
//! overwrites into a [`Change`], whose [`BoardUndo`] restores the exact previous
//! board. [`crate::edit`] turns edit values into calls of these methods.
//!
//! Mesh edits go through [`Board::change_mesh`]: it runs the mesh operation and
//! then replays the mesh's id changes ([`IdEvent`]s) on the face table, the side
//! tags and the start setup, so everything stays aligned (the way property arrays
//! follow a pmp `SurfaceMesh`):
//!
//! * a face split off another face inherits its kind, colour and region (not its
//!   label or grid coordinate, which must stay unique to one face; see
//!   [`FaceData::split_off`]);
//! * an edge split off another edge inherits its side tag;
//! * a side tag on an edge that stops being a boundary edge, or on an edge that is
//!   removed, is dropped, and so is a start piece on a removed face — both are
//!   reported in the [`ChangeOutcome`] so the user can be told.

use super::{Board, BoardError, BoardMeta, FaceData, SideTag, StartSetup, TagPlace};
use crate::mesh::edit::{IdEvent, MeshChange, MeshUndo};
use crate::mesh::{EdgeId, FaceId, Mesh, MeshError, Point, VertexId};
use rustc_hash::{FxHashMap, FxHashSet};

/// Everything needed to restore the board as it was before one change. Holds
/// only what the change overwrote, so its size follows the change, not the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardUndo {
    mesh: Option<MeshUndo>,
    faces_len: usize,
    face_rows: Vec<(u32, FaceData)>,
    tags_len: usize,
    tags: Vec<(u32, Option<SideTag>)>,
    setup: Option<StartSetup>,
    meta: Option<BoardMeta>,
    /// The whole previous board, when the change replaced everything (see
    /// [`Board::replace_all`]).
    whole: Option<Box<Board>>,
}

impl BoardUndo {
    /// Approximate heap memory held by this record, in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.mesh.as_ref().map_or(0, MeshUndo::heap_bytes)
            + self.face_rows.capacity() * std::mem::size_of::<(u32, FaceData)>()
            + self
                .face_rows
                .iter()
                .map(|(_, r)| r.label.capacity())
                .sum::<usize>()
            + self.tags.capacity() * std::mem::size_of::<(u32, Option<SideTag>)>()
            + self.setup.as_ref().map_or(0, |s| {
                s.pieces.capacity() * std::mem::size_of::<(FaceId, u8)>()
            })
            + self.meta.as_ref().map_or(0, |m| {
                m.name.capacity()
                    + m.description.capacity()
                    + m.suggested_rules
                        .iter()
                        .map(|r| r.capacity() + 24)
                        .sum::<usize>()
            })
            + self.whole.as_ref().map_or(0, |b| b.approx_heap_bytes())
    }
}

impl BoardUndo {
    /// The faces that may be drawn differently between the board before and
    /// after the change (or the undo) this record belongs to — outline, id,
    /// face data, or a side tag on one of its edges — named by their ids in
    /// `board` as it is now (right after the change, or right after undoing
    /// it), sorted and without repeats. `None` when the change replaced the
    /// whole board. Cost: proportional to the change.
    pub fn affected_faces(&self, board: &Board) -> Option<Vec<FaceId>> {
        if self.whole.is_some() {
            return None;
        }
        let mut out = Vec::new();
        if let Some(m) = &self.mesh {
            m.affected_faces(&board.mesh, &mut out);
        }
        let nf = board.face_count();
        out.extend(
            self.face_rows
                .iter()
                .map(|&(f, _)| FaceId(f))
                .chain((self.faces_len.min(nf)..nf).map(|f| FaceId(f as u32))),
        );
        for &(e, _) in &self.tags {
            if (e as usize) < board.mesh.edge_count() {
                let (l, r) = board.mesh.edge_faces(EdgeId(e));
                out.push(l);
                out.extend(r);
            }
        }
        out.retain(|f| f.index() < nf);
        out.sort_unstable();
        out.dedup();
        Some(out)
    }
}

/// A change in progress: records the board data it overwrites, once per slot.
pub(crate) struct Change {
    undo: BoardUndo,
    saved_faces: FxHashSet<u32>,
    saved_tags: FxHashSet<u32>,
}

impl Change {
    /// The undo record of everything changed so far.
    pub(crate) fn finish(self) -> BoardUndo {
        self.undo
    }
    fn face(&mut self, board: &Board, f: u32) {
        let i = f as usize;
        if i < self.undo.faces_len && self.saved_faces.insert(f) {
            self.undo.face_rows.push((f, board.faces.row(i)));
        }
    }
    fn tag(&mut self, board: &Board, e: u32) {
        if (e as usize) < self.undo.tags_len && self.saved_tags.insert(e) {
            self.undo.tags.push((e, board.side_tags[e as usize]));
        }
    }
    fn setup(&mut self, board: &Board) {
        if self.undo.setup.is_none() {
            self.undo.setup = Some(board.setup.clone());
        }
    }
}

/// What a change did beyond itself: for mesh edits, the mesh's id changes and
/// the data the board had to drop to follow them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChangeOutcome {
    /// The face the change created (a new or split-off face).
    pub created_face: Option<FaceId>,
    /// The vertex the change created (an edge split).
    pub created_vertex: Option<VertexId>,
    /// The mesh's id changes, in order (see [`IdEvent`]).
    pub events: Vec<IdEvent>,
    /// Faces whose outline changed or whose id now names another face; refresh
    /// these in a [`crate::mesh::spatial::FaceIndex`].
    pub touched_faces: Vec<FaceId>,
    /// Side tags removed, with the edge's end points (the edge id may be gone).
    pub dropped_tags: Vec<(Point, Point, SideTag)>,
    /// Start pieces removed with their face: (face label or `#id`, player).
    pub dropped_pieces: Vec<(String, u8)>,
}

impl ChangeOutcome {
    /// Messages for the user about data the change had to drop.
    pub fn notes(&self) -> Vec<String> {
        let mut v = Vec::new();
        for (a, b, t) in &self.dropped_tags {
            v.push(format!(
                "removed the '{}' side tag from the edge {a}–{b}: it is no longer on the boundary",
                t.name()
            ));
        }
        for (f, p) in &self.dropped_pieces {
            v.push(format!(
                "removed player {p}'s start piece from face {f}, which no longer exists"
            ));
        }
        v
    }
}

impl Board {
    /// Start a change; pass it to the changing methods, then [`Change::finish`].
    pub(crate) fn begin_change(&self) -> Change {
        Change {
            undo: BoardUndo {
                faces_len: self.faces.len(),
                tags_len: self.side_tags.len(),
                ..Default::default()
            },
            saved_faces: FxHashSet::default(),
            saved_tags: FxHashSet::default(),
        }
    }

    /// Replace the whole board by `new` (an operator's result), saving the
    /// old board whole for undo: an operator rebuilds the mesh, so there is no
    /// smaller record of what it overwrote.
    pub(crate) fn replace_all(&mut self, ch: &mut Change, new: Board) {
        let old = std::mem::replace(self, new);
        ch.undo.whole = Some(Box::new(old));
    }

    /// Approximate heap memory of the board, in bytes (for undo budgets).
    pub fn approx_heap_bytes(&self) -> usize {
        let m = &self.mesh;
        // A vertex (point + outgoing half-edge), a half-edge pair, a face.
        m.vertex_count() * 24
            + m.edge_count() * 48
            + self.face_count() * (std::mem::size_of::<FaceData>() + 8)
            + self
                .faces
                .labels()
                .iter()
                .filter(|l| l.is_heap_allocated())
                .map(|l| l.len())
                .sum::<usize>()
            + self.side_tags.len() * std::mem::size_of::<Option<SideTag>>()
            + self.setup.pieces.len() * std::mem::size_of::<(FaceId, u8)>()
    }

    /// Change one face's data. A label is trimmed and must not be another face's
    /// label (ignoring case, as lookups do).
    pub(crate) fn update_face(
        &mut self,
        ch: &mut Change,
        f: FaceId,
        update: impl FnOnce(&mut FaceData),
    ) -> Result<(), BoardError> {
        self.check_face(f)?;
        let mut row = self.faces.row(f.index());
        update(&mut row);
        let trimmed = row.label.trim();
        if trimmed.len() != row.label.len() {
            row.label = trimmed.into();
        }
        if !row.label.is_empty()
            && let Some(other) = self
                .faces
                .labels()
                .iter()
                .enumerate()
                .position(|(i, l)| i != f.index() && l.eq_ignore_ascii_case(&row.label))
        {
            return Err(BoardError::LabelTaken {
                label: row.label.into(),
                other: other as u32,
            });
        }
        ch.face(self, f.0);
        self.faces.set_row(f.index(), row);
        Ok(())
    }

    /// Tag a boundary edge, or clear an edge's tag.
    pub(crate) fn set_side_tag(
        &mut self,
        ch: &mut Change,
        e: EdgeId,
        tag: Option<SideTag>,
    ) -> Result<(), BoardError> {
        if e.index() >= self.mesh.edge_count() {
            return Err(BoardError::NoSuchEdge { edge: e.0 });
        }
        if let Some(t) = tag
            && !self.mesh.is_boundary_edge(e)
        {
            return Err(BoardError::TagOnInteriorEdge {
                place: TagPlace::Edge(e.0),
                tag: t.name(),
            });
        }
        ch.tag(self, e.0);
        self.side_tags[e.index()] = tag;
        Ok(())
    }

    /// Put a start piece of `player` on `f`, or clear the face (`None`).
    pub(crate) fn set_start_piece(
        &mut self,
        ch: &mut Change,
        f: FaceId,
        player: Option<u8>,
    ) -> Result<(), BoardError> {
        self.check_face(f)?;
        if let Some(p) = player
            && p > 1
        {
            return Err(BoardError::NoSuchPlayer { player: p });
        }
        ch.setup(self);
        let pieces = &mut self.setup.pieces;
        match (pieces.iter().position(|&(g, _)| g == f), player) {
            (Some(i), Some(p)) => pieces[i].1 = p,
            (Some(i), None) => {
                pieces.remove(i);
            }
            (None, Some(p)) => pieces.push((f, p)),
            (None, None) => {}
        }
        Ok(())
    }

    /// Replace the name, description and suggested rules.
    pub(crate) fn set_meta(&mut self, ch: &mut Change, meta: BoardMeta) {
        let old = std::mem::replace(&mut self.meta, meta);
        ch.undo.meta.get_or_insert(old);
    }

    /// Run a mesh edit and make the board data follow its id changes. `doomed`
    /// are faces the edit may delete: the end points of their tagged edges are
    /// remembered so that dropped tags can be reported by position. On error
    /// nothing has changed.
    pub(crate) fn change_mesh<T>(
        &mut self,
        ch: &mut Change,
        doomed: &[FaceId],
        op: impl FnOnce(&mut Mesh) -> Result<(T, MeshChange), MeshError>,
    ) -> Result<(T, ChangeOutcome), MeshError> {
        let tagged: Vec<(EdgeId, Point, Point)> = doomed
            .iter()
            .filter(|f| f.index() < self.face_count())
            .flat_map(|&f| self.mesh.face_edges(f))
            .filter(|&e| self.side_tag(e).is_some())
            .map(|e| {
                let (a, b) = self.mesh.edge_segment(e);
                (e, a, b)
            })
            .collect();
        let (value, mesh_change) = op(&mut self.mesh)?;
        let followed = self.follow(ch, mesh_change, &tagged);
        Ok((value, followed))
    }

    /// Replay the mesh's id changes on the face table, side tags and start setup.
    fn follow(
        &mut self,
        ch: &mut Change,
        mut mc: MeshChange,
        tagged: &[(EdgeId, Point, Point)],
    ) -> ChangeOutcome {
        let mut out = ChangeOutcome::default();
        ch.undo.mesh = Some(std::mem::take(&mut mc.undo));
        // Current edge id -> id before the edit, for edges moved by swap-removes.
        let mut orig: FxHashMap<u32, u32> = Default::default();
        for ev in &mc.events {
            match *ev {
                IdEvent::VertexAdded(_) | IdEvent::VertexRemoved { .. } => {}
                IdEvent::EdgeAdded { split_from, .. } => {
                    let t = split_from.and_then(|e| self.side_tag(e));
                    self.side_tags.push(t);
                }
                IdEvent::EdgeRemoved { id, .. } => {
                    let last = self.side_tags.len() - 1;
                    ch.tag(self, id.0);
                    ch.tag(self, last as u32);
                    if let Some(t) = self.side_tags[id.index()] {
                        let o = orig.get(&id.0).copied().unwrap_or(id.0);
                        let (a, b) = tagged
                            .iter()
                            .find(|x| x.0.0 == o)
                            .map_or((Point::default(), Point::default()), |x| (x.1, x.2));
                        out.dropped_tags.push((a, b, t));
                    }
                    let last_orig = orig.get(&(last as u32)).copied().unwrap_or(last as u32);
                    orig.insert(id.0, last_orig);
                    self.side_tags.swap_remove(id.index());
                }
                IdEvent::FaceAdded { split_from, .. } => {
                    let row = match split_from {
                        Some(f) if f.index() < self.faces.len() => {
                            self.faces.row(f.index()).split_off()
                        }
                        _ => FaceData::default(),
                    };
                    self.faces.push(row);
                }
                IdEvent::FaceRemoved { id, moved } => {
                    let last = self.faces.len() - 1;
                    ch.face(self, id.0);
                    ch.face(self, last as u32);
                    if self
                        .setup
                        .pieces
                        .iter()
                        .any(|&(f, _)| f == id || Some(f) == moved)
                    {
                        ch.setup(self);
                        let name = self.face_name(id);
                        let mut kept = Vec::with_capacity(self.setup.pieces.len());
                        for &(f, p) in &self.setup.pieces {
                            if f == id {
                                out.dropped_pieces.push((name.clone(), p));
                            } else if Some(f) == moved {
                                kept.push((id, p));
                            } else {
                                kept.push((f, p));
                            }
                        }
                        self.setup.pieces = kept;
                    }
                    self.faces.swap_remove(id.index());
                }
            }
        }
        for &e in &mc.became_interior {
            if let Some(t) = self.side_tags[e.index()] {
                ch.tag(self, e.0);
                self.side_tags[e.index()] = None;
                let (a, b) = self.mesh.edge_segment(e);
                out.dropped_tags.push((a, b, t));
            }
        }
        out.events = mc.events;
        out.touched_faces = mc.touched_faces;
        out
    }

    /// Restore the board as it was before the change that produced `u`. Undo
    /// records must be applied newest first.
    pub(crate) fn undo(&mut self, u: &BoardUndo) {
        if let Some(b) = &u.whole {
            *self = (**b).clone();
            return;
        }
        if let Some(m) = &u.mesh {
            self.mesh.undo(m);
        }
        self.faces.resize(u.faces_len);
        for (i, row) in &u.face_rows {
            self.faces.set_row(*i as usize, row.clone());
        }
        self.side_tags.resize(u.tags_len, None);
        for &(i, tag) in &u.tags {
            self.side_tags[i as usize] = tag;
        }
        if let Some(s) = &u.setup {
            self.setup = s.clone();
        }
        if let Some(m) = &u.meta {
            self.meta = m.clone();
        }
    }
}
