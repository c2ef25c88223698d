//! Board edits as command values, applied in one place, with undo/redo.
//!
//! The editor and tests change a [`Board`] by building [`BoardEdit`] values and
//! passing them to [`apply`] (or to a [`History`], which also records them for
//! undo). `apply` turns each edit into calls of the board's own changing methods
//! (`board/change.rs`), which keep the board's invariants: after a mesh edit the
//! face rows, side tags and start setup follow the mesh's id changes, and data
//! the edit had to drop (a side tag on an edge that is no longer on the boundary,
//! a start piece on a removed face) is reported in the [`EditOutcome`] so the
//! user can be told.
//!
//! Undo records hold only what the edit overwrote (see [`crate::mesh::edit`]), so
//! a hundred undo steps on a large board cost memory proportional to the edits,
//! not to the board. Undo restores the exact previous board; redo re-applies the
//! recorded edits, which is deterministic.

pub use crate::board::BoardUndo;
use crate::board::{
    Board, BoardError, BoardMeta, Change, ChangeOutcome, FaceKind, GridCoord, Rgba, SideTag,
};
use crate::mesh::spatial::FaceIndex;
use crate::mesh::{EdgeId, FaceId, MeshError, Point, VertexId};
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
    // ----- whole-board replacement (operators) -----
    /// Replace the whole board by `board`: the result of a board operator
    /// (`crate::ops`), which rebuilds the mesh. `what` names the operator for
    /// the undo menu. The undo record keeps the whole previous board, and redo
    /// puts back exactly this board (the operator is not run again). Not
    /// written to files: operators are recorded by their result.
    #[serde(skip)]
    ReplaceBoard {
        board: Box<Board>,
        what: &'static str,
    },
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
            BoardEdit::ReplaceBoard { what, .. } => what,
        }
    }
}

/// Why an edit was refused. The board is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    /// The change would break one of the board's rules (no such face, a label
    /// already in use, a tag on an interior edge, …).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The mesh refused the edit. The message is the mesh's, with every face it
    /// mentions named by its label (`names`: each such face and its name).
    #[error("{}", with_face_names(&source.to_string(), names))]
    Mesh {
        source: MeshError,
        names: Vec<(FaceId, String)>,
    },
}

impl EditError {
    /// Wrap a mesh refusal, naming the faces it mentions as the board does.
    fn mesh(board: &Board, source: MeshError) -> EditError {
        let message = source.to_string();
        let names = face_refs(&message)
            .map(|(_, f)| f)
            .filter(|f| f.index() < board.face_count())
            .map(|f| (f, board.face_name(f)))
            .collect();
        EditError::Mesh { source, names }
    }
}

/// The faces a mesh message mentions: `#<id>` (the way [`MeshError`] writes
/// faces), with their byte ranges in the message.
fn face_refs(msg: &str) -> impl Iterator<Item = (std::ops::Range<usize>, FaceId)> + '_ {
    msg.match_indices('#').filter_map(|(i, _)| {
        let digits = msg[i + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(msg.len() - i - 1);
        let id = msg[i + 1..i + 1 + digits].parse().ok()?;
        Some((i..i + 1 + digits, FaceId(id)))
    })
}

/// `msg` with each face in `names` written by its name.
fn with_face_names(msg: &str, names: &[(FaceId, String)]) -> String {
    let mut out = String::with_capacity(msg.len());
    let mut rest = 0;
    for (range, f) in face_refs(msg) {
        if let Some((_, name)) = names.iter().find(|(g, _)| *g == f) {
            out.push_str(&msg[rest..range.start]);
            out.push_str(name);
            rest = range.end;
        }
    }
    out.push_str(&msg[rest..]);
    out
}

/// What an applied edit did, beyond the edit itself.
pub type EditOutcome = ChangeOutcome;

/// A successfully applied edit: what it did and how to take it back.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    pub outcome: EditOutcome,
    pub undo: BoardUndo,
}

/// Apply one edit to the board. On error the board is unchanged.
pub fn apply(board: &mut Board, edit: &BoardEdit) -> Result<Applied, EditError> {
    apply_near(board, edit, None)
}

/// [`apply`], with the overlap checks of drawn faces and moved vertices going
/// through `index` — a [`FaceIndex`] up to date with the board's mesh — instead
/// of scanning the whole mesh (same result, in time that follows the edit).
pub fn apply_near(
    board: &mut Board,
    edit: &BoardEdit,
    index: Option<&FaceIndex>,
) -> Result<Applied, EditError> {
    let mut ch = board.begin_change();
    let outcome = apply_to(board, &mut ch, edit, index)?;
    // (A board with no faces is the editor's empty start, not yet a valid board.)
    #[cfg(debug_assertions)]
    if board.face_count() > 0
        && let Err(e) = board.validate()
    {
        panic!(
            "board edit '{}' left an invalid board: {e}",
            edit.describe()
        );
    }
    Ok(Applied {
        outcome,
        undo: ch.finish(),
    })
}

/// Apply several edits in order, all or nothing: on the first refusal the edits
/// already applied are taken back and the board is as it was.
pub fn apply_all(
    board: &mut Board,
    edits: impl IntoIterator<Item = BoardEdit>,
) -> Result<Vec<Applied>, EditError> {
    let mut done: Vec<Applied> = Vec::new();
    for e in edits {
        match apply(board, &e) {
            Ok(a) => done.push(a),
            Err(err) => {
                for a in done.iter().rev() {
                    undo(board, &a.undo);
                }
                return Err(err);
            }
        }
    }
    Ok(done)
}

fn apply_to(
    board: &mut Board,
    ch: &mut Change,
    edit: &BoardEdit,
    index: Option<&FaceIndex>,
) -> Result<EditOutcome, EditError> {
    let outcome = match edit {
        BoardEdit::AddFace { points, snap } => {
            let (face, f) = mesh_edit(board, ch, &[], |m| {
                m.add_face_near(points, *snap, index)
                    .map(|a| (a.face, a.change))
            })?;
            EditOutcome {
                created_face: Some(face),
                ..f
            }
        }
        BoardEdit::DeleteFace { face } => {
            board.check_face(*face)?;
            mesh_edit(board, ch, &[*face], |m| {
                m.delete_face(*face).map(|c| ((), c))
            })?
            .1
        }
        BoardEdit::MoveVertex { vertex, to } => {
            mesh_edit(board, ch, &[], |m| {
                m.move_vertex_near(*vertex, *to, index).map(|c| ((), c))
            })?
            .1
        }
        BoardEdit::SplitFace { face, a, b } => {
            let (g, f) = mesh_edit(board, ch, &[], |m| m.split_face(*face, *a, *b))?;
            EditOutcome {
                created_face: Some(g),
                ..f
            }
        }
        BoardEdit::MergeFaces { keep, remove } => {
            mesh_edit(board, ch, &[], |m| {
                m.merge_faces(*keep, *remove).map(|c| ((), c))
            })?
            .1
        }
        BoardEdit::SplitEdge { edge, t } => {
            let (v, f) = mesh_edit(board, ch, &[], |m| m.split_edge(*edge, *t))?;
            EditOutcome {
                created_vertex: Some(v),
                ..f
            }
        }
        BoardEdit::SetLabel { face, label } => {
            board.update_face(ch, *face, |d| d.label = label.as_str().into())?;
            EditOutcome::default()
        }
        BoardEdit::SetKind { face, kind } => {
            board.update_face(ch, *face, |d| d.kind = kind.clone())?;
            EditOutcome::default()
        }
        BoardEdit::SetColour { face, colour } => {
            board.update_face(ch, *face, |d| d.colour = *colour)?;
            EditOutcome::default()
        }
        BoardEdit::SetRegion { face, region } => {
            board.update_face(ch, *face, |d| d.region = *region)?;
            EditOutcome::default()
        }
        BoardEdit::SetCoord { face, coord } => {
            board.update_face(ch, *face, |d| d.coord = *coord)?;
            EditOutcome::default()
        }
        BoardEdit::SetSideTag { edge, tag } => {
            board.set_side_tag(ch, *edge, *tag)?;
            EditOutcome::default()
        }
        BoardEdit::SetStartPiece { face, player } => {
            board.set_start_piece(ch, *face, *player)?;
            EditOutcome::default()
        }
        BoardEdit::SetMeta(meta) => {
            board.set_meta(ch, meta.clone());
            EditOutcome::default()
        }
        BoardEdit::ReplaceBoard { board: new, .. } => {
            board.replace_all(ch, (**new).clone());
            EditOutcome {
                touched_faces: board.mesh().face_ids().collect(),
                ..EditOutcome::default()
            }
        }
    };
    Ok(outcome)
}

/// A mesh edit: its result value and what the board did to follow it.
fn mesh_edit<T>(
    board: &mut Board,
    ch: &mut Change,
    doomed: &[FaceId],
    op: impl FnOnce(&mut crate::mesh::Mesh) -> Result<(T, crate::mesh::edit::MeshChange), MeshError>,
) -> Result<(T, EditOutcome), EditError> {
    board
        .change_mesh(ch, doomed, op)
        .map_err(|e| EditError::mesh(board, e))
}

/// Restore the board as it was before the edit that produced `u`. Undo records
/// must be applied newest first.
pub fn undo(board: &mut Board, u: &BoardUndo) {
    board.undo(u);
}

// ----- history ------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Step {
    /// Edits in the order applied, each with its undo record.
    entries: Vec<(BoardEdit, BoardUndo)>,
    key: Option<u64>,
    /// The board state after this step (see [`History::state`]).
    id: u64,
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
                        BoardEdit::ReplaceBoard { board, .. } => board.approx_heap_bytes(),
                        _ => 0,
                    }
            })
            .sum()
    }
}

/// `faces` that still exist in `board`, sorted, without repeats.
fn sorted_faces(mut faces: Vec<FaceId>, board: &Board) -> Vec<FaceId> {
    faces.retain(|f| f.index() < board.face_count());
    faces.sort_unstable();
    faces.dedup();
    faces
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
    /// The faces the last apply, undo or redo may have changed (see
    /// [`History::last_affected`]).
    affected: Option<Vec<FaceId>>,
    /// The last state id given out, and the state with nothing to undo.
    serial: u64,
    base: u64,
}

/// Add the faces `u` affected in `board` (as it is now) to `acc`; `None`
/// (everything) absorbs.
fn add_affected(acc: &mut Option<Vec<FaceId>>, u: &BoardUndo, board: &Board) {
    match (acc.as_mut(), u.affected_faces(board)) {
        (Some(a), Some(more)) => a.extend(more),
        _ => *acc = None,
    }
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
            affected: None,
            serial: 0,
            base: 0,
        }
    }

    /// A new state id.
    fn fresh(&mut self) -> u64 {
        self.serial += 1;
        self.serial
    }

    /// An id of the board's state as this history knows it: the same id
    /// whenever undo and redo bring the board back to a state it had, a new
    /// one after every edit (also one joining the newest step). A document
    /// compares it with the id at its last save to tell whether undoing took
    /// the board back to what was saved.
    pub fn state(&self) -> u64 {
        self.undo
            .iter()
            .rev()
            .find(|s| !s.entries.is_empty())
            .map_or(self.base, |s| s.id)
    }

    /// Drop the oldest steps beyond the depth; the state with nothing left to
    /// undo is then the one after them.
    fn trim(&mut self) {
        while self.undo.len() > self.depth {
            if let Some(s) = self.undo.pop_front()
                && !s.entries.is_empty()
            {
                self.base = s.id;
            }
        }
    }

    /// The faces the last successful [`History::apply`], [`History::undo`] or
    /// [`History::redo`] may have changed (outline, id, face data or side tags),
    /// named by their ids in the board as it is now, sorted, without repeats;
    /// `None` when unknown or when the whole board was replaced. Lets a view
    /// redraw only what an edit touched.
    pub fn last_affected(&self) -> Option<&[FaceId]> {
        self.affected.as_deref()
    }

    /// Apply an edit as its own undo step (or into the open group).
    pub fn apply(&mut self, board: &mut Board, edit: BoardEdit) -> Result<EditOutcome, EditError> {
        self.apply_keyed(board, edit, None, None)
    }

    /// [`History::apply`] (or [`History::apply_coalescing`] with `key`), with
    /// the overlap checks through `index` (see [`apply_near`]).
    pub fn apply_near(
        &mut self,
        board: &mut Board,
        edit: BoardEdit,
        key: Option<u64>,
        index: Option<&FaceIndex>,
    ) -> Result<EditOutcome, EditError> {
        self.apply_keyed(board, edit, key, index)
    }

    /// Apply an edit, joining the previous step if it was applied with the same
    /// `key` and nothing was undone or redone since. Use one key per drag.
    pub fn apply_coalescing(
        &mut self,
        board: &mut Board,
        edit: BoardEdit,
        key: u64,
    ) -> Result<EditOutcome, EditError> {
        self.apply_keyed(board, edit, Some(key), None)
    }

    fn apply_keyed(
        &mut self,
        board: &mut Board,
        edit: BoardEdit,
        key: Option<u64>,
        index: Option<&FaceIndex>,
    ) -> Result<EditOutcome, EditError> {
        let applied = apply_near(board, &edit, index)?;
        self.affected = applied.undo.affected_faces(board).map(|mut a| {
            a.extend_from_slice(&applied.outcome.touched_faces);
            a.sort_unstable();
            a.dedup();
            a
        });
        self.redo.clear();
        let join = self.top_open
            && (self.group_open
                || (key.is_some() && self.undo.back().is_some_and(|s| s.key == key)));
        let id = self.fresh();
        match self.undo.back_mut() {
            Some(step) if join => {
                step.push(edit, applied.undo);
                step.id = id;
            }
            _ => {
                self.undo.push_back(Step {
                    entries: vec![(edit, applied.undo)],
                    key,
                    id,
                });
                self.top_open = true;
                self.trim();
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
            id: 0,
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
            self.trim();
        }
    }

    /// Undo the newest step. Returns false when there is nothing to undo.
    pub fn undo(&mut self, board: &mut Board) -> bool {
        self.end_group();
        let Some(step) = self.undo.pop_back() else {
            return false;
        };
        let mut affected = Some(Vec::new());
        for (_, u) in step.entries.iter().rev() {
            undo(board, u);
            add_affected(&mut affected, u, board);
        }
        self.affected = affected.map(|a| sorted_faces(a, board));
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
        let mut affected = Some(Vec::new());
        for (edit, _) in &step.entries {
            match apply(board, edit) {
                Ok(a) => {
                    add_affected(&mut affected, &a.undo, board);
                    if let Some(x) = &mut affected {
                        x.extend_from_slice(&a.outcome.touched_faces);
                    }
                    entries.push((edit.clone(), a.undo));
                }
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
            id: step.id,
        });
        self.affected = affected.map(|a| sorted_faces(a, board));
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
        self.base = self.fresh();
        self.undo.clear();
        self.redo.clear();
        self.group_open = false;
        self.top_open = false;
        self.affected = None;
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
