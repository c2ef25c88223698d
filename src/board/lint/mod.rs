//! The board lint: what is wrong with a board, or what a designer probably wants
//! to fix, each with the place to show. The editor's Problems panel lists it and
//! `boardwright info` prints it.
//!
//! [`check`] is pure: the same board always gives the same list, most severe first.
//!
//! [`Lint`] keeps what the list is made of (label and grid position groups,
//! face areas, boundary edges and their tags, the board's pieces and holes) and
//! brings it up to date after an edit in time that follows the edit, not the
//! board: [`Lint::update`] with the faces the edit affected, then
//! [`Lint::problems`]. [`check`] is a fresh `Lint`'s list, so both ways give the
//! same list by construction of the one place that writes it.

mod components;
mod loops;

use super::{Board, BoardError, FaceKind, GridCoord, SideTag, TagPlace};
use crate::mesh::{Aabb, EdgeId, FaceId};
use components::Components;
use hashbrown::HashTable;
use loops::Loops;
use rustc_hash::{FxHashMap, FxHasher};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// Most problems listed (the rest are counted in a last note).
pub const MAX_LISTED: usize = 200;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The board is inconsistent: saving or playing it will fail.
    Error,
    /// Probably a mistake (duplicate labels, untagged sides, …).
    Warning,
    /// Worth knowing (holes, unlabelled faces).
    Note,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One entry of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub severity: Severity,
    pub text: String,
    /// Where on the board (board coordinates), if somewhere in particular.
    pub at: Option<Aabb>,
    /// The face to select when the entry is clicked.
    pub face: Option<FaceId>,
}

fn face_box(board: &Board, faces: &[FaceId]) -> Option<Aabb> {
    let mut b = Aabb::EMPTY;
    for &f in faces {
        if f.index() < board.face_count() {
            b = b.union(board.mesh().face_bbox(f));
        }
    }
    (!b.is_empty()).then_some(b)
}

fn edge_box(board: &Board, e: EdgeId) -> Option<Aabb> {
    if e.index() >= board.mesh().edge_count() {
        return None;
    }
    let (a, b) = board.mesh().edge_segment(e);
    Some(Aabb::from_points([a, b]))
}

/// The first few faces by id, for a message (`total`: how many there are).
fn names(faces: &[FaceId], total: usize) -> String {
    let mut s: Vec<String> = faces.iter().take(4).map(|&f| format!("#{}", f.0)).collect();
    if total > 4 {
        s.push("…".into());
    }
    s.join(", ")
}

/// The faces of a board by a key, each key's faces known, and the keys that
/// two or more faces share.
///
/// A key of one face (nearly all of them) costs one slot of `one`, which holds
/// the bare face id (5 bytes a slot with its control byte) hashed by the key
/// the lint keeps per face — instead of a map entry of key and face (16 bytes
/// for a label hash, 12 for a grid position; 36 MB and 26 MB at 1M faces).
/// The lint's per-face key must be the face's key while the face is in `one`.
#[derive(Clone, Debug)]
struct Groups<K> {
    one: HashTable<u32>,
    many: FxHashMap<K, Vec<u32>>,
}

fn key_hash<K: Hash>(k: &K) -> u64 {
    let mut h = FxHasher::default();
    k.hash(&mut h);
    h.finish()
}

impl<K: Hash + Eq + Copy> Groups<K> {
    fn with_capacity(n: usize) -> Self {
        Groups {
            one: HashTable::with_capacity(n),
            many: FxHashMap::default(),
        }
    }

    /// Count face `f` in under key `k`; `key_of` gives the key of a face
    /// already counted in.
    fn insert(&mut self, k: K, f: u32, key_of: impl Fn(u32) -> K) {
        if let Some(v) = self.many.get_mut(&k) {
            v.push(f);
            return;
        }
        let h = key_hash(&k);
        match self.one.find_entry(h, |&g| key_of(g) == k) {
            Ok(e) => {
                let (g, _) = e.remove();
                self.many.insert(k, vec![g, f]);
            }
            Err(_) => {
                self.one.insert_unique(h, f, |&g| key_hash(&key_of(g)));
            }
        }
    }

    /// Count face `f` out of key `k` (the key it was counted in under).
    fn remove(&mut self, k: K, f: u32, key_of: impl Fn(u32) -> K) {
        if let Some(v) = self.many.get_mut(&k) {
            v.retain(|&g| g != f);
            if v.len() == 1 {
                let g = v[0];
                self.many.remove(&k);
                self.one
                    .insert_unique(key_hash(&k), g, |&g| key_hash(&key_of(g)));
            }
        } else if let Ok(e) = self.one.find_entry(key_hash(&k), |&g| g == f) {
            e.remove();
        }
    }

    /// The faces of each shared key (unsorted).
    fn shared(&self) -> impl Iterator<Item = &[u32]> {
        self.many.values().map(Vec::as_slice)
    }
}

/// The grid position of face `g`, a face counted in [`Lint::coords`] (which
/// only faces with a position are).
fn coord_key(coord: &[Option<GridCoord>], g: u32) -> GridCoord {
    coord[g as usize].unwrap_or(GridCoord::new(i32::MIN, i32::MIN))
}

/// A face's label as the lint compares them: ignoring case, as lookups do.
fn label_key(label: &str) -> std::borrow::Cow<'_, str> {
    if label.chars().any(char::is_uppercase) {
        std::borrow::Cow::Owned(label.to_lowercase())
    } else {
        std::borrow::Cow::Borrowed(label)
    }
}

/// A hash of [`label_key`], never 0 (0 stands for "no label").
fn label_hash(label: &str) -> u64 {
    if label.is_empty() {
        return 0;
    }
    let mut h = FxHasher::default();
    label_key(label).hash(&mut h);
    h.finish().max(1)
}

/// What the board lint is made of, kept up to date edit by edit (see the
/// module documentation).
#[derive(Clone, Debug)]
pub struct Lint {
    /// The board's first consistency error (duplicate labels aside), when it
    /// has one. Edits keep a board consistent, so a board that was is not
    /// checked again after one.
    error: Option<Problem>,
    /// Per face (its length is the board's face count the lint is up to date
    /// with): [`label_hash`] of its label.
    label: Vec<u64>,
    labels: Groups<u64>,
    unlabelled: usize,
    coord: Vec<Option<GridCoord>>,
    coords: Groups<GridCoord>,
    /// Per face: its area; and all areas in order (for the median).
    area: Vec<f64>,
    sorted_areas: Vec<f64>,
    /// Per edge (the length: the edge count): whether it is a boundary edge,
    /// and its side tag.
    boundary: Vec<bool>,
    tag: Vec<Option<SideTag>>,
    boundary_edges: usize,
    untagged_boundary: usize,
    tag_counts: BTreeMap<SideTag, usize>,
    components: Components,
    loops: Loops,
}

impl Lint {
    /// The lint of `board`, from scratch.
    pub fn new(board: &Board) -> Lint {
        let mesh = board.mesh();
        let (nf, ne) = (mesh.face_count(), mesh.edge_count());
        let mut l = Lint {
            error: None,
            label: Vec::with_capacity(nf),
            labels: Groups::with_capacity(nf),
            unlabelled: 0,
            coord: Vec::with_capacity(nf),
            coords: Groups::with_capacity(0),
            area: Vec::with_capacity(nf),
            sorted_areas: Vec::new(),
            boundary: Vec::with_capacity(ne),
            tag: Vec::with_capacity(ne),
            boundary_edges: 0,
            untagged_boundary: 0,
            tag_counts: BTreeMap::new(),
            components: Components::new(mesh),
            loops: Loops::new(mesh),
        };
        l.resize(nf, ne);
        for f in 0..nf as u32 {
            l.add_face(board, f);
        }
        l.sorted_areas = l.area.clone();
        l.sorted_areas.sort_unstable_by(f64::total_cmp);
        for e in 0..ne as u32 {
            l.add_edge(board, e);
        }
        l.error = consistency(board);
        l
    }

    fn resize(&mut self, nf: usize, ne: usize) {
        self.label.resize(nf, 0);
        self.coord.resize(nf, None);
        self.area.resize(nf, 0.0);
        self.boundary.resize(ne, false);
        self.tag.resize(ne, None);
    }

    /// Count face `f` of `board` in (its slot must be empty).
    fn add_face(&mut self, board: &Board, f: u32) {
        let i = f as usize;
        let h = label_hash(board.label(FaceId(f)));
        self.label[i] = h;
        if h == 0 {
            self.unlabelled += 1;
        } else {
            let label = &self.label;
            self.labels.insert(h, f, |g| label[g as usize]);
        }
        self.coord[i] = board.coord(FaceId(f));
        if let Some(c) = self.coord[i] {
            let coord = &self.coord;
            self.coords.insert(c, f, |g| coord_key(coord, g));
        }
        self.area[i] = board.mesh().face_area(FaceId(f));
    }

    /// Count face slot `f` out (what it held before the edit).
    fn remove_face(&mut self, f: u32) {
        let i = f as usize;
        let h = std::mem::take(&mut self.label[i]);
        if h == 0 {
            self.unlabelled -= 1;
        } else {
            let label = &self.label;
            self.labels.remove(h, f, |g| label[g as usize]);
        }
        if let Some(c) = self.coord[i].take() {
            let coord = &self.coord;
            self.coords.remove(c, f, |g| coord_key(coord, g));
        }
        let a = self.area[i];
        if let Ok(k) = self.sorted_areas.binary_search_by(|x| x.total_cmp(&a)) {
            self.sorted_areas.remove(k);
        }
    }

    fn add_edge(&mut self, board: &Board, e: u32) {
        let (i, id) = (e as usize, EdgeId(e));
        self.boundary[i] = board.mesh().is_boundary_edge(id);
        self.tag[i] = board.side_tag(id);
        if let Some(t) = self.tag[i] {
            *self.tag_counts.entry(t).or_default() += 1;
        }
        if self.boundary[i] {
            self.boundary_edges += 1;
            if self.tag[i].is_none() {
                self.untagged_boundary += 1;
            }
        }
    }

    fn remove_edge(&mut self, e: u32) {
        let i = e as usize;
        let tag = self.tag[i].take();
        if let Some(t) = tag
            && let Some(n) = self.tag_counts.get_mut(&t)
        {
            *n -= 1;
            if *n == 0 {
                self.tag_counts.remove(&t);
            }
        }
        if std::mem::take(&mut self.boundary[i]) {
            self.boundary_edges -= 1;
            if tag.is_none() {
                self.untagged_boundary -= 1;
            }
        }
    }

    /// Bring the lint up to date with `board` after edits that may have
    /// changed the faces `affected` (ids as they are now, as
    /// [`crate::board::BoardUndo::affected_faces`] or
    /// [`crate::edit::History::last_affected`] name them: every face whose
    /// outline, id, data or side tags changed). Cost: about the faces and
    /// edges named, plus the holes and pieces the edit cut off or joined.
    pub fn update(&mut self, board: &Board, affected: &[FaceId]) {
        let mesh = board.mesh();
        let (old_nf, old_ne) = (self.label.len(), self.boundary.len());
        let (nf, ne) = (mesh.face_count(), mesh.edge_count());
        let mut faces: Vec<FaceId> = affected
            .iter()
            .copied()
            .filter(|f| f.index() < nf)
            .collect();
        faces.sort_unstable();
        faces.dedup();
        let mut edges: Vec<EdgeId> = faces.iter().flat_map(|&f| mesh.face_edges(f)).collect();
        edges.sort_unstable();
        edges.dedup();
        // Out with what the touched slots held…
        for f in written_slots(faces.iter().map(|f| f.0), old_nf, nf) {
            self.remove_face(f);
        }
        for e in written_slots(edges.iter().map(|e| e.0), old_ne, ne) {
            self.remove_edge(e);
        }
        // … and in with what they hold now.
        self.resize(nf, ne);
        for f in &faces {
            self.add_face(board, f.0);
            let a = self.area[f.index()];
            let k = self
                .sorted_areas
                .partition_point(|x| x.total_cmp(&a).is_lt());
            self.sorted_areas.insert(k, a);
        }
        for e in &edges {
            self.add_edge(board, e.0);
        }
        self.components.update(mesh, old_nf, &faces);
        self.loops.update(mesh, old_ne, &edges);
        if self.error.is_some() {
            self.error = consistency(board);
        }
    }

    /// Everything worth telling the designer about `board` (the board this
    /// lint is up to date with), most severe first.
    pub fn problems(&self, board: &Board) -> Vec<Problem> {
        let mut out = Vec::new();
        let mesh = board.mesh();
        let nf = mesh.face_count();
        if nf == 0 {
            out.push(Problem {
                severity: Severity::Note,
                text: "the board has no faces yet: draw some with the Draw tool (D)".into(),
                at: None,
                face: None,
            });
            return out;
        }
        out.extend(self.error.clone());

        // Labels: duplicates (ignoring case, as lookups do) and missing ones.
        let mut groups: Vec<Vec<FaceId>> = Vec::new();
        for ids in self.labels.shared() {
            // Faces whose labels only hash alike are told apart here.
            let mut keyed: Vec<(std::borrow::Cow<'_, str>, u32)> = ids
                .iter()
                .map(|&f| (label_key(board.label(FaceId(f))), f))
                .collect();
            keyed.sort_unstable();
            for run in keyed.chunk_by(|a, b| a.0 == b.0).filter(|r| r.len() > 1) {
                groups.push(run.iter().map(|&(_, f)| FaceId(f)).collect());
            }
        }
        groups.sort_unstable_by_key(|g| g[0]);
        for faces in groups {
            out.push(Problem {
                severity: Severity::Warning,
                text: format!(
                    "{} faces are labelled '{}' ({}): moves on them cannot be told apart",
                    faces.len(),
                    board.label(faces[0]),
                    names(&faces, faces.len())
                ),
                at: face_box(board, &faces),
                face: Some(faces[0]),
            });
        }
        if self.unlabelled > 0 {
            let first: Vec<FaceId> = (0..nf as u32)
                .filter(|&f| self.label[f as usize] == 0)
                .take(4)
                .map(FaceId)
                .collect();
            out.push(Problem {
                severity: Severity::Note,
                text: if self.unlabelled == 1 {
                    format!("face #{} has no label", first[0].0)
                } else {
                    format!(
                        "{} faces have no label ({})",
                        self.unlabelled,
                        names(&first, self.unlabelled)
                    )
                },
                at: face_box(board, &first[..1]),
                face: Some(first[0]),
            });
        }

        // Duplicate grid coordinates.
        let mut groups: Vec<Vec<FaceId>> = self
            .coords
            .shared()
            .map(|ids| {
                let mut g: Vec<FaceId> = ids.iter().map(|&f| FaceId(f)).collect();
                g.sort_unstable();
                g
            })
            .collect();
        groups.sort_unstable_by_key(|g| g[0]);
        for faces in groups {
            let c = board.coord(faces[0]).unwrap_or(GridCoord::new(0, 0));
            out.push(Problem {
                severity: Severity::Warning,
                text: format!(
                    "{} faces have grid position col {} row {} ({})",
                    faces.len(),
                    c.col,
                    c.row,
                    names(&faces, faces.len())
                ),
                at: face_box(board, &faces),
                face: Some(faces[0]),
            });
        }

        // Side tags.
        if self.tag_counts.is_empty() {
            // A board made for games that read no side (BOCO, Lines of
            // Action) lacks nothing: a note, not a warning.
            let made_for = &board.meta().suggested_rules;
            let sideless = !made_for.is_empty()
                && !made_for
                    .iter()
                    .any(|r| SIDED_GAMES.contains(&r.to_ascii_lowercase().as_str()));
            let (severity, text) = if sideless {
                let text = format!(
                    "no boundary side is tagged: the board is made for {}, which needs none; \
                     Hex, TwixT, Y and Havannah would need tagged sides (Tag side tool, T)",
                    made_for.join(", ")
                );
                (Severity::Note, text)
            } else {
                let text = "no boundary side is tagged: connection games (Hex, TwixT) need top/bottom and left/right sides (Tag side tool, T)";
                (Severity::Warning, text.to_string())
            };
            out.push(Problem {
                severity,
                text,
                at: Some(mesh.bbox()),
                face: None,
            });
        } else {
            // Hex and TwixT read the named sides in opposite pairs; Y reads
            // bottom, left and right, so a board made only for other games,
            // or made for none and tagged as Y's triangle, lacks no "top".
            let named: Vec<SideTag> = SideTag::ALL
                .into_iter()
                .filter(|t| self.tag_counts.contains_key(t))
                .collect();
            let made_for = &board.meta().suggested_rules;
            let y_sides = named == [SideTag::Bottom, SideTag::Left, SideTag::Right];
            let pairs_read = if made_for.is_empty() {
                !y_sides
            } else {
                made_for
                    .iter()
                    .any(|r| PAIRED_GAMES.contains(&r.to_ascii_lowercase().as_str()))
            };
            for t in SideTag::ALL {
                if pairs_read
                    && !self.tag_counts.contains_key(&t)
                    && self.tag_counts.contains_key(&t.opposite())
                {
                    out.push(Problem {
                        severity: Severity::Warning,
                        text: format!(
                            "the '{}' side is tagged but the opposite '{}' side is not",
                            t.opposite().name(),
                            t.name()
                        ),
                        at: Some(mesh.bbox()),
                        face: None,
                    });
                }
            }
            if self.untagged_boundary > 0
                && let Some(first) = (0..self.boundary.len())
                    .find(|&e| self.boundary[e] && self.tag[e].is_none())
                    .map(|e| EdgeId(e as u32))
            {
                out.push(Problem {
                    severity: Severity::Note,
                    text: format!(
                        "{} of {} boundary edges carry no side tag",
                        self.untagged_boundary, self.boundary_edges
                    ),
                    at: edge_box(board, first),
                    face: Some(mesh.edge_faces(first).0),
                });
            }
        }

        // Start pieces on faces nobody can play on.
        for &(f, p) in &board.setup().pieces {
            if f.index() < nf && *board.kind(f) == FaceKind::Blocked {
                out.push(Problem {
                    severity: Severity::Warning,
                    text: format!(
                        "player {}'s start piece is on the blocked face {}",
                        p + 1,
                        board.face_name(f)
                    ),
                    at: face_box(board, &[f]),
                    face: Some(f),
                });
            }
        }

        // Tiny faces (hard to click, usually a slip of the mouse).
        let median = self.sorted_areas[self.sorted_areas.len() / 2];
        for (i, &a) in self.area.iter().enumerate() {
            if a < median * 0.01 {
                let f = FaceId(i as u32);
                out.push(Problem {
                    severity: Severity::Warning,
                    text: format!(
                        "face {} is tiny (area {:.3}, the typical face has {:.3})",
                        board.face_name(f),
                        a,
                        median
                    ),
                    at: face_box(board, &[f]),
                    face: Some(f),
                });
            }
        }

        // Separate pieces and holes.
        if let Some(smallest) = self.components.smallest(mesh) {
            out.push(Problem {
                severity: Severity::Warning,
                text: format!(
                    "the board falls apart into {} separate pieces (smallest: {} face{})",
                    self.components.count(),
                    smallest.len(),
                    if smallest.len() == 1 { "" } else { "s" }
                ),
                at: face_box(board, &smallest),
                face: smallest.first().copied(),
            });
        }
        for h in self.loops.holes() {
            out.push(Problem {
                severity: Severity::Note,
                text: format!("the board has a hole with {} sides", h.sides),
                at: Some(h.bbox),
                face: None,
            });
        }

        out.sort_by_key(|p| p.severity);
        if out.len() > MAX_LISTED {
            let more = out.len() - MAX_LISTED;
            out.truncate(MAX_LISTED);
            out.push(Problem {
                severity: Severity::Note,
                text: format!("… and {more} more"),
                at: None,
                face: None,
            });
        }
        out
    }
}

/// The slots (face or edge ids) whose old content an edit overwrote or
/// dropped: the touched ids `now` (ids as they are after the edit) that
/// existed before, when there were `before`, and the ids past the new end
/// `after`.
fn written_slots(
    now: impl Iterator<Item = u32>,
    before: usize,
    after: usize,
) -> impl Iterator<Item = u32> {
    now.filter(move |&i| (i as usize) < before)
        .chain(after as u32..before as u32)
}

/// The board's first consistency error (what loading and saving check), as a
/// problem; duplicate labels are listed by the lint itself, all of them.
fn consistency(board: &Board) -> Option<Problem> {
    match board.validate() {
        Ok(()) | Err(BoardError::DuplicateLabel { .. }) => None,
        Err(e) => {
            let (at, face) = match &e {
                BoardError::TagOnInteriorEdge {
                    place: TagPlace::Edge(e),
                    ..
                } => (edge_box(board, EdgeId(*e)), None),
                BoardError::SetupDuplicate { face, .. } | BoardError::SetupPlayer { face, .. } => {
                    let f = FaceId(*face as u32);
                    (face_box(board, &[f]), Some(f))
                }
                _ => (None, None),
            };
            Some(Problem {
                severity: Severity::Error,
                text: e.to_string(),
                at,
                face,
            })
        }
    }
}

/// Everything worth telling the designer about `board`, most severe first.
pub fn check(board: &Board) -> Vec<Problem> {
    Lint::new(board).problems(board)
}

/// The games (their `suggested_rules` names) whose rules read tagged sides:
/// the players' goals (Hex, TwixT), the sides and corners to join (Y,
/// Havannah).
const SIDED_GAMES: [&str; 4] = ["hex", "twixt", "y", "havannah"];

/// The games that read the named sides in opposite pairs (top–bottom,
/// left–right).
const PAIRED_GAMES: [&str; 2] = ["hex", "twixt"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardBuilder, BoardMeta, FaceData};
    use crate::mesh::{BuildOptions, Point, PolygonSoup};
    use proptest::prelude::*;

    proptest! {
        /// Faces counted in and out of groups under keys from a small set
        /// (so keys are shared, unshared and shared again, and the table
        /// grows): every shared key lists exactly its faces, and every face
        /// of a key of its own is found under it.
        #[test]
        fn groups_follow_a_model(ops in prop::collection::vec((0u32..40, 0u64..12), 1..300)) {
            let mut key: Vec<Option<u64>> = vec![None; 40];
            let mut g: Groups<u64> = Groups::with_capacity(0);
            for (f, k) in ops {
                let old = key[f as usize];
                if let Some(o) = old {
                    key[f as usize] = None;
                    g.remove(o, f, |x| key[x as usize].unwrap_or(u64::MAX));
                }
                if old != Some(k) {
                    key[f as usize] = Some(k);
                    g.insert(k, f, |x| key[x as usize].unwrap_or(u64::MAX));
                }
                let mut model: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
                for (x, k) in key.iter().enumerate() {
                    if let Some(k) = k {
                        model.entry(*k).or_default().push(x as u32);
                    }
                }
                let mut shared: Vec<Vec<u32>> = g
                    .shared()
                    .map(|v| { let mut v = v.to_vec(); v.sort_unstable(); v })
                    .collect();
                shared.sort();
                let mut want: Vec<Vec<u32>> =
                    model.values().filter(|v| v.len() > 1).cloned().collect();
                want.sort();
                prop_assert_eq!(shared, want);
                let alone: Vec<(u64, u32)> = model
                    .iter()
                    .filter(|(_, v)| v.len() == 1)
                    .map(|(k, v)| (*k, v[0]))
                    .collect();
                prop_assert_eq!(g.one.len(), alone.len());
                for (k, f) in alone {
                    prop_assert_eq!(g.one.find(key_hash(&k), |&x| x == f), Some(&f));
                }
            }
        }
    }

    /// A W×H grid of unit squares (`skip` left out) with labels `f0`, `f1`, … in
    /// face order, given rows overriding some faces, and all four sides tagged.
    fn grid(w: u32, h: u32, skip: &[(u32, u32)]) -> BoardBuilder {
        let mut soup = PolygonSoup::new();
        for y in 0..=h {
            for x in 0..=w {
                soup.push_vertex(Point::new(x as f64, y as f64));
            }
        }
        let v = |x: u32, y: u32| y * (w + 1) + x;
        for y in 0..h {
            for x in 0..w {
                if !skip.contains(&(x, y)) {
                    soup.push_face(&[v(x, y), v(x + 1, y), v(x + 1, y + 1), v(x, y + 1)]);
                }
            }
        }
        let b = BoardBuilder::from_polygons(&soup, &BuildOptions::default()).unwrap();
        let n = b.mesh().face_count();
        let rows = (0..n).map(|i| FaceData {
            label: compact_str::format_compact!("f{i}"),
            ..FaceData::default()
        });
        let mut sides = Vec::new();
        let on = |x: u32, y: u32| !skip.contains(&(x, y));
        for x in 0..w {
            if on(x, 0) {
                sides.push((v(x, 0), v(x + 1, 0), SideTag::Bottom));
            }
            if on(x, h - 1) {
                sides.push((v(x, h), v(x + 1, h), SideTag::Top));
            }
        }
        for y in 0..h {
            if on(0, y) {
                sides.push((v(0, y), v(0, y + 1), SideTag::Left));
            }
            if on(w - 1, y) {
                sides.push((v(w, y), v(w, y + 1), SideTag::Right));
            }
        }
        sides
            .into_iter()
            .fold(b.faces(rows), |b, (p, q, t)| b.tag_between(p, q, t))
    }

    fn texts(b: &Board) -> Vec<String> {
        check(b)
            .into_iter()
            .map(|p| format!("{}: {}", p.severity.name(), p.text))
            .collect()
    }

    fn with_rows(b: BoardBuilder, rows: &[(usize, FaceData)]) -> BoardBuilder {
        let mut all: Vec<FaceData> = b.clone().build().unwrap().faces().rows().collect();
        for (i, r) in rows {
            all[*i] = r.clone();
        }
        b.faces(all)
    }

    #[test]
    fn a_clean_board_has_nothing_to_say() {
        let b = grid(3, 3, &[]).build().unwrap();
        assert_eq!(texts(&b), Vec::<String>::new());
    }

    #[test]
    fn duplicate_labels_ignoring_case_are_one_warning_with_both_faces() {
        let label = |l: &str| FaceData {
            label: l.into(),
            ..FaceData::default()
        };
        let b = with_rows(grid(3, 3, &[]), &[(0, label("a1")), (8, label("A1"))])
            .build()
            .unwrap();
        let p = check(&b);
        assert_eq!(p.len(), 1, "{p:#?}");
        assert_eq!(p[0].severity, Severity::Warning);
        assert_eq!(
            p[0].text,
            "2 faces are labelled 'a1' (#0, #8): moves on them cannot be told apart"
        );
        assert_eq!(p[0].face, Some(FaceId(0)));
        assert!(p[0].at.unwrap().width() >= 3.0 - 1e-9, "covers both faces");
    }

    #[test]
    fn unlabelled_faces_and_shared_grid_positions() {
        let at = |l: &str| FaceData {
            label: l.into(),
            coord: Some(GridCoord::new(1, 2)),
            ..FaceData::default()
        };
        let b = with_rows(grid(2, 1, &[]), &[(0, at("")), (1, at("x"))])
            .build()
            .unwrap();
        assert_eq!(
            texts(&b),
            [
                "warning: 2 faces have grid position col 1 row 2 (#0, #1)",
                "note: face #0 has no label"
            ]
        );
    }

    #[test]
    fn a_board_made_for_a_game_without_sides_gets_a_note_not_a_warning() {
        let made_for = |games: &[&str]| {
            let meta = BoardMeta {
                suggested_rules: games.iter().map(|g| g.to_string()).collect(),
                ..BoardMeta::default()
            };
            BoardBuilder::from_mesh(grid(2, 2, &[]).mesh().clone())
                .meta(meta)
                .build()
                .unwrap()
        };
        let t = texts(&made_for(&["boco"]));
        assert!(
            t.iter().any(|t| t.starts_with(
                "note: no boundary side is tagged: the board is made for boco, which needs none"
            )),
            "{t:?}"
        );
        assert!(
            !t.iter().any(|t| t.starts_with("warning: no boundary")),
            "{t:?}"
        );
        // Made for Hex among others, or for Havannah (its sides and corners
        // are tags too): still a warning.
        for games in [&["boco", "hex"][..], &["havannah"]] {
            let t = texts(&made_for(games));
            assert!(
                t.iter()
                    .any(|t| t.starts_with("warning: no boundary side is tagged")),
                "{games:?}: {t:?}"
            );
        }
    }

    #[test]
    fn untagged_and_one_sided_boundaries() {
        let untagged = BoardBuilder::from_mesh(grid(2, 2, &[]).mesh().clone())
            .build()
            .unwrap();
        assert!(
            texts(&untagged).iter().any(|t| t.starts_with(
                "warning: no boundary side is tagged: connection games (Hex, TwixT) need"
            )),
            "{:?}",
            texts(&untagged)
        );
        let b = grid(2, 2, &[]).build().unwrap();
        let top = b
            .mesh()
            .edge_ids()
            .filter(|&e| b.side_tag(e) == Some(SideTag::Top));
        let top_only = BoardBuilder::from_mesh(b.mesh().clone())
            .tag_edges(top.map(|e| (e, SideTag::Top)))
            .build()
            .unwrap();
        let t = texts(&top_only);
        assert_eq!(
            t,
            [
                "warning: the 'top' side is tagged but the opposite 'bottom' side is not",
                "note: 4 faces have no label (#0, #1, #2, #3)",
                "note: 6 of 8 boundary edges carry no side tag",
            ]
        );
        // Y's three sides (a triangle tagged for it): no "top" is missing.
        let tagged = |tags: &[SideTag], games: &[&str]| {
            let edges: Vec<(EdgeId, SideTag)> = b
                .mesh()
                .edge_ids()
                .filter_map(|e| b.side_tag(e).filter(|t| tags.contains(t)).map(|t| (e, t)))
                .collect();
            let meta = BoardMeta {
                suggested_rules: games.iter().map(|g| g.to_string()).collect(),
                ..BoardMeta::default()
            };
            let board = BoardBuilder::from_mesh(b.mesh().clone())
                .tag_edges(edges)
                .meta(meta)
                .build()
                .unwrap();
            texts(&board)
                .into_iter()
                .filter(|t| t.contains("opposite"))
                .collect::<Vec<_>>()
        };
        let y = [SideTag::Bottom, SideTag::Left, SideTag::Right];
        assert_eq!(tagged(&y, &[]), Vec::<String>::new());
        assert_eq!(tagged(&y, &["y", "boco"]), Vec::<String>::new());
        // Made for Hex, the same tags lack the top; two of Y's three lack
        // two sides.
        let missing_top =
            ["warning: the 'bottom' side is tagged but the opposite 'top' side is not"];
        assert_eq!(tagged(&y, &["hex"]), missing_top);
        assert_eq!(
            tagged(&y[..2], &[]),
            [
                missing_top[0],
                "warning: the 'left' side is tagged but the opposite 'right' side is not"
            ]
        );
        // A board made only for games without opposite pairs: no warning.
        assert_eq!(tagged(&y[..2], &["havannah"]), Vec::<String>::new());
    }

    #[test]
    fn start_pieces_on_blocked_faces() {
        let blocked = FaceData {
            label: "wall".into(),
            kind: FaceKind::Blocked,
            ..FaceData::default()
        };
        let b = with_rows(grid(2, 2, &[]), &[(3, blocked)])
            .piece(FaceId(3), 1)
            .build()
            .unwrap();
        assert_eq!(
            texts(&b),
            ["warning: player 2's start piece is on the blocked face wall"]
        );
        assert_eq!(check(&b)[0].face, Some(FaceId(3)));
    }

    #[test]
    fn tiny_faces() {
        // Nine unit squares and a sliver on the right edge.
        let mut soup = PolygonSoup::new();
        let pts = [
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (0.0, 1.0),
            (1.001, 0.0),
            (1.001, 1.0),
        ];
        for (x, y) in pts {
            soup.push_vertex(Point::new(x, y));
        }
        soup.push_face(&[0, 1, 2, 3]);
        soup.push_face(&[1, 4, 5, 2]);
        let b = BoardBuilder::from_polygons(&soup, &BuildOptions::default())
            .unwrap()
            .build()
            .unwrap();
        // The median of two faces is the larger one.
        let p = check(&b);
        assert!(
            p.iter().any(|p| p.severity == Severity::Warning
                && p.text == "face #1 is tiny (area 0.001, the typical face has 1.000)"
                && p.face == Some(FaceId(1))),
            "{p:#?}"
        );
    }

    #[test]
    fn separate_pieces_and_holes() {
        // A 3×3 ring (hole in the middle) and, apart, a 5th column island.
        let holed = grid(3, 3, &[(1, 1)]).build().unwrap();
        let t = texts(&holed);
        assert!(
            t.contains(&"note: the board has a hole with 4 sides".to_string()),
            "{t:?}"
        );
        let apart = grid(3, 1, &[(1, 0)]).build().unwrap();
        let t = texts(&apart);
        assert!(
            t.contains(
                &"warning: the board falls apart into 2 separate pieces (smallest: 1 face)"
                    .to_string()
            ),
            "{t:?}"
        );
    }
}
