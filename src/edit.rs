//! Board edits as command values, applied in one place, with undo/redo.
//!
//! Nothing else mutates a [`Board`]: the editor and tests build [`BoardEdit`]
//! values and pass them to [`apply`] (or to a [`History`], which also records
//! them for undo). `apply` runs the mesh operation and then replays the mesh's
//! id changes on the per-face table, the per-edge side tags and the start setup,
//! so everything stays aligned:
//!
//! * a face split off another face inherits its kind, colour and region (not its
//!   label or grid coordinate, which must stay unique to one face);
//! * an edge split off another edge inherits its side tag;
//! * a side tag on an edge that stops being a boundary edge, or on an edge that is
//!   removed, is dropped, and so is a start piece on a removed face — both are
//!   reported in the [`EditOutcome`] so the user can be told.
//!
//! Undo records hold only what the edit overwrote (see [`crate::mesh::edit`]), so
//! a hundred undo steps on a large board cost memory proportional to the edits,
//! not to the board. Undo restores the exact previous board; redo re-applies the
//! recorded edits, which is deterministic.

use crate::board::{Board, BoardMeta, FaceKind, GridCoord, Rgba, SideTag, StartSetup};
use crate::mesh::edit::{IdEvent, MeshChange, MeshUndo};
use crate::mesh::{EdgeId, FaceId, MeshError, Point, VertexId};
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// One change to a board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BoardEdit {
    /// Add a polygon face; corners and sides snap to vertices and edges within `snap`.
    AddFace {
        points: Vec<Point>,
        snap: f64,
    },
    DeleteFace {
        face: FaceId,
    },
    MoveVertex {
        vertex: VertexId,
        to: Point,
    },
    /// Cut `face` along the chord between its corners `a` and `b`.
    SplitFace {
        face: FaceId,
        a: VertexId,
        b: VertexId,
    },
    /// Merge `remove` into `keep` (which keeps its id and data).
    MergeFaces {
        keep: FaceId,
        remove: FaceId,
    },
    /// Split an edge at parameter `t` in (0, 1).
    SplitEdge {
        edge: EdgeId,
        t: f64,
    },
    SetLabel {
        face: FaceId,
        label: String,
    },
    SetKind {
        face: FaceId,
        kind: FaceKind,
    },
    SetColour {
        face: FaceId,
        colour: Option<Rgba>,
    },
    SetRegion {
        face: FaceId,
        region: Option<u32>,
    },
    SetCoord {
        face: FaceId,
        coord: Option<GridCoord>,
    },
    SetSideTag {
        edge: EdgeId,
        tag: Option<SideTag>,
    },
    /// Put a start piece of `player` on `face`, or clear the face (`None`).
    SetStartPiece {
        face: FaceId,
        player: Option<u8>,
    },
    SetMeta(BoardMeta),
}

impl BoardEdit {
    /// Short human description, e.g. for an undo menu.
    pub fn describe(&self) -> &'static str {
        match self {
            BoardEdit::AddFace { .. } => "add face",
            BoardEdit::DeleteFace { .. } => "delete face",
            BoardEdit::MoveVertex { .. } => "move vertex",
            BoardEdit::SplitFace { .. } => "split face",
            BoardEdit::MergeFaces { .. } => "merge faces",
            BoardEdit::SplitEdge { .. } => "split edge",
            BoardEdit::SetLabel { .. } => "set label",
            BoardEdit::SetKind { .. } => "set kind",
            BoardEdit::SetColour { .. } => "set colour",
            BoardEdit::SetRegion { .. } => "set region",
            BoardEdit::SetCoord { .. } => "set grid coordinate",
            BoardEdit::SetSideTag { .. } => "set side tag",
            BoardEdit::SetStartPiece { .. } => "set start piece",
            BoardEdit::SetMeta(_) => "edit board details",
        }
    }
}

/// Why an edit was refused. The board is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    #[error("there is no face #{0}")]
    NoSuchFace(u32),
    #[error("there is no edge #{0}")]
    NoSuchEdge(u32),
    #[error("there is no vertex #{0}")]
    NoSuchVertex(u32),
    #[error("the new face overlaps face {face}")]
    NewFaceOverlaps { face: String },
    #[error("vertex move would fold face {face}")]
    MoveFoldsFace { face: String },
    #[error("vertex move would make face {face} overlap face {other}")]
    MoveOverlaps { face: String, other: String },
    #[error("cannot delete face {face}: it is the last face of the board")]
    LastFace { face: String },
    #[error("vertices #{a} and #{b} are not both corners of face {face}")]
    NotOnFace { a: u32, b: u32, face: String },
    #[error("the cut from vertex #{a} to vertex #{b} does not run inside face {face}")]
    ChordOutside { a: u32, b: u32, face: String },
    #[error("faces {f} and {g} do not share an edge")]
    NotAdjacent { f: String, g: String },
    #[error(
        "faces {f} and {g} share more than one separate run of edges; merging them would enclose a hole"
    )]
    MergeEnclosesHole { f: String, g: String },
    #[error("merging faces {f} and {g} would make a face that touches itself at {at}")]
    MergeNotSimple { f: String, g: String, at: Point },
    /// Any other refusal from the mesh (the message says what and where).
    #[error("{0}")]
    Mesh(MeshError),
    #[error("the label '{label}' is already used by face #{other}")]
    DuplicateLabel { label: String, other: u32 },
    #[error("edge #{edge} is not on the boundary; only boundary edges can carry a side tag")]
    TagOnInteriorEdge { edge: u32 },
    #[error("player {player} does not exist; players are 0 and 1")]
    BadPlayer { player: u8 },
    #[error(
        "the board's data does not match its mesh ({faces} face rows for {mesh_faces} faces, {tags} side tags for {mesh_edges} edges)"
    )]
    Inconsistent {
        faces: usize,
        mesh_faces: usize,
        tags: usize,
        mesh_edges: usize,
    },
}

/// What an applied edit did, beyond the edit itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EditOutcome {
    /// The face the edit created (AddFace, SplitFace).
    pub created_face: Option<FaceId>,
    /// The vertex the edit created (SplitEdge).
    pub created_vertex: Option<VertexId>,
    /// The mesh's id changes, in order (see [`IdEvent`]).
    pub events: Vec<IdEvent>,
    /// Faces whose outline changed or whose id now names another face; refresh
    /// these in a [`crate::mesh::spatial::FaceIndex`].
    pub touched_faces: Vec<FaceId>,
    /// Side tags the edit removed, with the edge's end points (the edge id may be gone).
    pub dropped_tags: Vec<(Point, Point, SideTag)>,
    /// Start pieces removed with their face: (face label or `#id`, player).
    pub dropped_pieces: Vec<(String, u8)>,
}

impl EditOutcome {
    /// Messages for the user about data the edit had to drop.
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

#[derive(Clone, Debug, PartialEq)]
struct FaceRow {
    label: String,
    coord: Option<GridCoord>,
    kind: FaceKind,
    colour: Option<Rgba>,
    region: Option<u32>,
}

/// Everything needed to restore the board as it was before one edit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardUndo {
    mesh: Option<MeshUndo>,
    faces_len: usize,
    face_rows: Vec<(u32, FaceRow)>,
    tags_len: usize,
    tags: Vec<(u32, Option<SideTag>)>,
    setup: Option<StartSetup>,
    meta: Option<BoardMeta>,
}

impl BoardUndo {
    /// Approximate heap memory held by this record, in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.mesh.as_ref().map_or(0, MeshUndo::heap_bytes)
            + self.face_rows.capacity() * std::mem::size_of::<(u32, FaceRow)>()
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
    }
}

/// Records the board data an edit overwrites.
struct Recorder {
    undo: BoardUndo,
    saved_faces: FxHashSet<u32>,
    saved_tags: FxHashSet<u32>,
}

impl Recorder {
    fn new(board: &Board) -> Self {
        Recorder {
            undo: BoardUndo {
                faces_len: board.faces.len(),
                tags_len: board.side_tags.len(),
                ..Default::default()
            },
            saved_faces: FxHashSet::default(),
            saved_tags: FxHashSet::default(),
        }
    }
    fn face(&mut self, board: &Board, f: u32) {
        let i = f as usize;
        if i < self.undo.faces_len && self.saved_faces.insert(f) {
            let t = &board.faces;
            self.undo.face_rows.push((
                f,
                FaceRow {
                    label: t.label[i].clone(),
                    coord: t.coord[i],
                    kind: t.kind[i].clone(),
                    colour: t.colour[i],
                    region: t.region[i],
                },
            ));
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

/// A successfully applied edit: what it did and how to take it back.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    pub outcome: EditOutcome,
    pub undo: BoardUndo,
}

fn face_ok(board: &Board, f: FaceId) -> Result<(), EditError> {
    if f.index() < board.face_count() {
        Ok(())
    } else {
        Err(EditError::NoSuchFace(f.0))
    }
}

/// Turn a mesh refusal into a message naming faces by their labels.
fn mesh_error(board: &Board, e: MeshError) -> EditError {
    let name = |f: FaceId| {
        if f.index() < board.face_count() {
            board.face_name(f)
        } else {
            format!("#{}", f.0)
        }
    };
    match e {
        MeshError::NoSuchElement { what: "face", id } => EditError::NoSuchFace(id),
        MeshError::NoSuchElement { what: "edge", id } => EditError::NoSuchEdge(id),
        MeshError::NoSuchElement { what: "vertex", id } => EditError::NoSuchVertex(id),
        MeshError::NewFaceOverlaps { face } => EditError::NewFaceOverlaps { face: name(face) },
        MeshError::MoveFoldsFace { face } => EditError::MoveFoldsFace { face: name(face) },
        MeshError::MoveOverlaps { face, other } => EditError::MoveOverlaps {
            face: name(face),
            other: name(other),
        },
        MeshError::LastFace { face } => EditError::LastFace { face: name(face) },
        MeshError::NotOnFace { a, b, face } => EditError::NotOnFace {
            a: a.0,
            b: b.0,
            face: name(face),
        },
        MeshError::ChordOutside { a, b, face } => EditError::ChordOutside {
            a: a.0,
            b: b.0,
            face: name(face),
        },
        MeshError::NotAdjacent { f, g } => EditError::NotAdjacent {
            f: name(f),
            g: name(g),
        },
        MeshError::MergeEnclosesHole { f, g } => EditError::MergeEnclosesHole {
            f: name(f),
            g: name(g),
        },
        MeshError::MergeNotSimple { f, g, at } => EditError::MergeNotSimple {
            f: name(f),
            g: name(g),
            at,
        },
        other => EditError::Mesh(other),
    }
}

/// Apply one edit to the board. On error the board is unchanged.
pub fn apply(board: &mut Board, edit: &BoardEdit) -> Result<Applied, EditError> {
    let t = &board.faces;
    let nf = board.mesh.face_count();
    if [
        t.coord.len(),
        t.kind.len(),
        t.colour.len(),
        t.region.len(),
        t.label.len(),
    ]
    .iter()
    .any(|&n| n != nf)
        || board.side_tags.len() != board.mesh.edge_count()
    {
        return Err(EditError::Inconsistent {
            faces: t.label.len(),
            mesh_faces: nf,
            tags: board.side_tags.len(),
            mesh_edges: board.mesh.edge_count(),
        });
    }
    let mut rec = Recorder::new(board);
    let mut out = EditOutcome::default();
    match edit {
        BoardEdit::AddFace { points, snap } => {
            let added = board
                .mesh
                .add_face(points, *snap)
                .map_err(|e| mesh_error(board, e))?;
            out.created_face = Some(added.face);
            replay(board, &mut rec, &mut out, added.change);
        }
        BoardEdit::DeleteFace { face } => {
            face_ok(board, *face)?;
            let tagged: Vec<(EdgeId, Point, Point)> = board
                .mesh
                .face_edges(*face)
                .filter(|e| board.side_tag(*e).is_some())
                .map(|e| {
                    let (a, b) = board.mesh.edge_segment(e);
                    (e, a, b)
                })
                .collect();
            let ch = board
                .mesh
                .delete_face(*face)
                .map_err(|e| mesh_error(board, e))?;
            replay_with(board, &mut rec, &mut out, ch, &tagged);
        }
        BoardEdit::MoveVertex { vertex, to } => {
            let ch = board
                .mesh
                .move_vertex(*vertex, *to)
                .map_err(|e| mesh_error(board, e))?;
            replay(board, &mut rec, &mut out, ch);
        }
        BoardEdit::SplitFace { face, a, b } => {
            let (g, ch) = board
                .mesh
                .split_face(*face, *a, *b)
                .map_err(|e| mesh_error(board, e))?;
            out.created_face = Some(g);
            replay(board, &mut rec, &mut out, ch);
        }
        BoardEdit::MergeFaces { keep, remove } => {
            let ch = board
                .mesh
                .merge_faces(*keep, *remove)
                .map_err(|e| mesh_error(board, e))?;
            replay(board, &mut rec, &mut out, ch);
        }
        BoardEdit::SplitEdge { edge, t } => {
            let (v, ch) = board
                .mesh
                .split_edge(*edge, *t)
                .map_err(|e| mesh_error(board, e))?;
            out.created_vertex = Some(v);
            replay(board, &mut rec, &mut out, ch);
        }
        BoardEdit::SetLabel { face, label } => {
            face_ok(board, *face)?;
            let label = label.trim();
            if !label.is_empty()
                && let Some(other) = board
                    .faces
                    .label
                    .iter()
                    .enumerate()
                    .position(|(i, l)| i != face.index() && l.eq_ignore_ascii_case(label))
            {
                return Err(EditError::DuplicateLabel {
                    label: label.to_string(),
                    other: other as u32,
                });
            }
            rec.face(board, face.0);
            board.faces.label[face.index()] = label.to_string();
        }
        BoardEdit::SetKind { face, kind } => {
            face_ok(board, *face)?;
            rec.face(board, face.0);
            board.faces.kind[face.index()] = kind.clone();
        }
        BoardEdit::SetColour { face, colour } => {
            face_ok(board, *face)?;
            rec.face(board, face.0);
            board.faces.colour[face.index()] = *colour;
        }
        BoardEdit::SetRegion { face, region } => {
            face_ok(board, *face)?;
            rec.face(board, face.0);
            board.faces.region[face.index()] = *region;
        }
        BoardEdit::SetCoord { face, coord } => {
            face_ok(board, *face)?;
            rec.face(board, face.0);
            board.faces.coord[face.index()] = *coord;
        }
        BoardEdit::SetSideTag { edge, tag } => {
            if edge.index() >= board.mesh.edge_count() {
                return Err(EditError::NoSuchEdge(edge.0));
            }
            if tag.is_some() && !board.mesh.is_boundary_edge(*edge) {
                return Err(EditError::TagOnInteriorEdge { edge: edge.0 });
            }
            rec.tag(board, edge.0);
            board.side_tags[edge.index()] = *tag;
        }
        BoardEdit::SetStartPiece { face, player } => {
            face_ok(board, *face)?;
            if let Some(p) = *player
                && p > 1
            {
                return Err(EditError::BadPlayer { player: p });
            }
            rec.setup(board);
            let pieces = &mut board.setup.pieces;
            match (pieces.iter().position(|&(f, _)| f == *face), *player) {
                (Some(i), Some(p)) => pieces[i].1 = p,
                (Some(i), None) => {
                    pieces.remove(i);
                }
                (None, Some(p)) => pieces.push((*face, p)),
                (None, None) => {}
            }
        }
        BoardEdit::SetMeta(meta) => {
            rec.undo.meta = Some(std::mem::replace(&mut board.meta, meta.clone()));
        }
    }
    #[cfg(debug_assertions)]
    if let Err(e) = board.validate() {
        panic!(
            "board edit '{}' left an invalid board: {e}",
            edit.describe()
        );
    }
    Ok(Applied {
        outcome: out,
        undo: rec.undo,
    })
}

fn replay(board: &mut Board, rec: &mut Recorder, out: &mut EditOutcome, ch: MeshChange) {
    replay_with(board, rec, out, ch, &[]);
}

/// Replay the mesh's id changes on the face table, side tags and start setup.
/// `tagged` gives the end points of tagged edges the edit may remove (by their
/// ids before the edit), so dropped tags can be reported by position.
fn replay_with(
    board: &mut Board,
    rec: &mut Recorder,
    out: &mut EditOutcome,
    mut ch: MeshChange,
    tagged: &[(EdgeId, Point, Point)],
) {
    rec.undo.mesh = Some(std::mem::take(&mut ch.undo));
    // Current edge id -> id before the edit, for edges moved by swap-removes.
    let mut orig: rustc_hash::FxHashMap<u32, u32> = Default::default();
    for ev in &ch.events {
        match *ev {
            IdEvent::VertexAdded(_) | IdEvent::VertexRemoved { .. } => {}
            IdEvent::EdgeAdded { split_from, .. } => {
                let t = split_from.and_then(|e| board.side_tags.get(e.index()).copied().flatten());
                board.side_tags.push(t);
            }
            IdEvent::EdgeRemoved { id, .. } => {
                let last = board.side_tags.len() - 1;
                rec.tag(board, id.0);
                rec.tag(board, last as u32);
                if let Some(t) = board.side_tags[id.index()] {
                    let o = orig.get(&id.0).copied().unwrap_or(id.0);
                    let (a, b) = tagged
                        .iter()
                        .find(|x| x.0.0 == o)
                        .map_or((Point::default(), Point::default()), |x| (x.1, x.2));
                    out.dropped_tags.push((a, b, t));
                }
                let last_orig = orig.get(&(last as u32)).copied().unwrap_or(last as u32);
                orig.insert(id.0, last_orig);
                board.side_tags.swap_remove(id.index());
            }
            IdEvent::FaceAdded { split_from, .. } => {
                let t = &mut board.faces;
                let (kind, colour, region) = match split_from {
                    Some(f) if f.index() < t.len() => (
                        t.kind[f.index()].clone(),
                        t.colour[f.index()],
                        t.region[f.index()],
                    ),
                    _ => (FaceKind::Cell, None, None),
                };
                t.label.push(String::new());
                t.coord.push(None);
                t.kind.push(kind);
                t.colour.push(colour);
                t.region.push(region);
            }
            IdEvent::FaceRemoved { id, moved } => {
                let last = board.faces.len() - 1;
                rec.face(board, id.0);
                rec.face(board, last as u32);
                let i = id.index();
                if board
                    .setup
                    .pieces
                    .iter()
                    .any(|&(f, _)| f == id || Some(f) == moved)
                {
                    rec.setup(board);
                    let name = board.face_name(id);
                    let mut kept = Vec::with_capacity(board.setup.pieces.len());
                    for &(f, p) in &board.setup.pieces {
                        if f == id {
                            out.dropped_pieces.push((name.clone(), p));
                        } else if Some(f) == moved {
                            kept.push((id, p));
                        } else {
                            kept.push((f, p));
                        }
                    }
                    board.setup.pieces = kept;
                }
                let t = &mut board.faces;
                t.label.swap_remove(i);
                t.coord.swap_remove(i);
                t.kind.swap_remove(i);
                t.colour.swap_remove(i);
                t.region.swap_remove(i);
            }
        }
    }
    for &e in &ch.became_interior {
        if let Some(t) = board.side_tags[e.index()] {
            rec.tag(board, e.0);
            board.side_tags[e.index()] = None;
            let (a, b) = board.mesh.edge_segment(e);
            out.dropped_tags.push((a, b, t));
        }
    }
    out.events = ch.events;
    out.touched_faces = ch.touched_faces;
}

/// Restore the board as it was before the edit that produced `u`. Undo records
/// must be applied newest first.
pub fn undo(board: &mut Board, u: &BoardUndo) {
    if let Some(m) = &u.mesh {
        board.mesh.undo(m);
    }
    let t = &mut board.faces;
    t.label.resize(u.faces_len, String::new());
    t.coord.resize(u.faces_len, None);
    t.kind.resize(u.faces_len, FaceKind::Cell);
    t.colour.resize(u.faces_len, None);
    t.region.resize(u.faces_len, None);
    for (i, r) in &u.face_rows {
        let i = *i as usize;
        t.label[i] = r.label.clone();
        t.coord[i] = r.coord;
        t.kind[i] = r.kind.clone();
        t.colour[i] = r.colour;
        t.region[i] = r.region;
    }
    board.side_tags.resize(u.tags_len, None);
    for &(i, tag) in &u.tags {
        board.side_tags[i as usize] = tag;
    }
    if let Some(s) = &u.setup {
        board.setup = s.clone();
    }
    if let Some(m) = &u.meta {
        board.meta = m.clone();
    }
}

// ----- history ------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Step {
    /// Edits in the order applied, each with its undo record.
    entries: Vec<(BoardEdit, BoardUndo)>,
    key: Option<u64>,
}

impl Step {
    fn push(&mut self, edit: BoardEdit, undo: BoardUndo) {
        // Consecutive moves of one vertex collapse: the first move's undo record
        // already restores the original position, and re-applying only the last
        // move gives the same board (the checks depend only on the result).
        if let (
            Some((BoardEdit::MoveVertex { vertex: last, .. }, _)),
            BoardEdit::MoveVertex { vertex, .. },
        ) = (self.entries.last(), &edit)
            && last == vertex
            && let Some(e) = self.entries.last_mut()
        {
            e.0 = edit;
            return;
        }
        self.entries.push((edit, undo));
    }
    fn heap_bytes(&self) -> usize {
        self.entries
            .iter()
            .map(|(e, u)| {
                std::mem::size_of::<(BoardEdit, BoardUndo)>()
                    + u.heap_bytes()
                    + match e {
                        BoardEdit::AddFace { points, .. } => points.len() * 16,
                        BoardEdit::SetLabel { label, .. } => label.len(),
                        _ => 0,
                    }
            })
            .sum()
    }
}

/// Undo/redo history with a bounded number of steps.
///
/// Each [`History::apply`] is one undo step, except that edits applied between
/// [`History::begin_group`] and [`History::end_group`] form a single step, and
/// consecutive [`History::apply_coalescing`] calls with the same key (e.g. the
/// mouse-down time of one drag) join the previous step. Within a step,
/// consecutive moves of the same vertex collapse into one.
#[derive(Clone, Debug)]
pub struct History {
    undo: VecDeque<Step>,
    redo: Vec<Step>,
    depth: usize,
    group_open: bool,
    /// Whether the newest undo step may still take coalesced edits.
    top_open: bool,
}

impl Default for History {
    fn default() -> Self {
        History::new(100)
    }
}

impl History {
    /// A history keeping at most `depth` undo steps (at least 1).
    pub fn new(depth: usize) -> Self {
        History {
            undo: VecDeque::new(),
            redo: Vec::new(),
            depth: depth.max(1),
            group_open: false,
            top_open: false,
        }
    }

    /// Apply an edit as its own undo step (or into the open group).
    pub fn apply(&mut self, board: &mut Board, edit: BoardEdit) -> Result<EditOutcome, EditError> {
        self.apply_keyed(board, edit, None)
    }

    /// Apply an edit, joining the previous step if it was applied with the same
    /// `key` and nothing was undone or redone since. Use one key per drag.
    pub fn apply_coalescing(
        &mut self,
        board: &mut Board,
        edit: BoardEdit,
        key: u64,
    ) -> Result<EditOutcome, EditError> {
        self.apply_keyed(board, edit, Some(key))
    }

    fn apply_keyed(
        &mut self,
        board: &mut Board,
        edit: BoardEdit,
        key: Option<u64>,
    ) -> Result<EditOutcome, EditError> {
        let applied = apply(board, &edit)?;
        self.redo.clear();
        let join = self.top_open
            && (self.group_open
                || (key.is_some() && self.undo.back().is_some_and(|s| s.key == key)));
        match self.undo.back_mut() {
            Some(step) if join => step.push(edit, applied.undo),
            _ => {
                self.undo.push_back(Step {
                    entries: vec![(edit, applied.undo)],
                    key,
                });
                self.top_open = true;
                while self.undo.len() > self.depth {
                    self.undo.pop_front();
                }
            }
        }
        Ok(applied.outcome)
    }

    /// Start a group: every edit until [`History::end_group`] is one undo step.
    pub fn begin_group(&mut self) {
        self.end_group();
        self.group_open = true;
        self.top_open = false;
        // The first edit of the group opens a new step; later ones join it.
        self.undo.push_back(Step {
            entries: Vec::new(),
            key: None,
        });
        self.top_open = true;
    }

    /// Close the open group (an empty group leaves no step).
    pub fn end_group(&mut self) {
        if self.group_open {
            self.group_open = false;
            self.top_open = false;
            if self.undo.back().is_some_and(|s| s.entries.is_empty()) {
                self.undo.pop_back();
            }
            while self.undo.len() > self.depth {
                self.undo.pop_front();
            }
        }
    }

    /// Undo the newest step. Returns false when there is nothing to undo.
    pub fn undo(&mut self, board: &mut Board) -> bool {
        self.end_group();
        let Some(step) = self.undo.pop_back() else {
            return false;
        };
        for (_, u) in step.entries.iter().rev() {
            undo(board, u);
        }
        self.top_open = false;
        self.redo.push(step);
        true
    }

    /// Redo the newest undone step. Returns Ok(false) when there is nothing to redo.
    pub fn redo(&mut self, board: &mut Board) -> Result<bool, EditError> {
        self.end_group();
        let Some(step) = self.redo.pop() else {
            return Ok(false);
        };
        let mut entries = Vec::with_capacity(step.entries.len());
        for (edit, _) in &step.entries {
            match apply(board, edit) {
                Ok(a) => entries.push((edit.clone(), a.undo)),
                Err(e) => {
                    // Cannot happen for a history used consistently; leave the board
                    // as it was before the redo.
                    for (_, u) in entries.iter().rev() {
                        undo(board, u);
                    }
                    self.redo.push(step);
                    return Err(e);
                }
            }
        }
        self.undo.push_back(Step {
            entries,
            key: step.key,
        });
        self.top_open = false;
        Ok(true)
    }

    pub fn can_undo(&self) -> bool {
        self.undo.iter().any(|s| !s.entries.is_empty())
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// Number of undo steps held.
    pub fn undo_len(&self) -> usize {
        self.undo.iter().filter(|s| !s.entries.is_empty()).count()
    }
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }
    /// Description of the edit the next undo takes back.
    pub fn undo_label(&self) -> Option<&'static str> {
        self.undo
            .iter()
            .rev()
            .find_map(|s| s.entries.last())
            .map(|(e, _)| e.describe())
    }
    /// Description of the edit the next redo applies again.
    pub fn redo_label(&self) -> Option<&'static str> {
        self.redo
            .last()
            .and_then(|s| s.entries.last())
            .map(|(e, _)| e.describe())
    }
    /// Forget everything (e.g. after loading another board).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
        self.group_open = false;
        self.top_open = false;
    }
    /// Approximate heap memory of all undo and redo records, in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.undo
            .iter()
            .chain(&self.redo)
            .map(Step::heap_bytes)
            .sum()
    }
}
