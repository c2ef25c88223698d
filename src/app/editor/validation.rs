//! The validation panel: a live list of what is wrong with the board, or what a
//! designer probably wants to fix, each with the place to zoom to.
//!
//! [`check`] is pure and recomputed only when the document's revision changes.

use crate::board::{Board, BoardError, FaceKind, GridCoord, SideTag};
use crate::mesh::{Aabb, EdgeId, FaceId, Point};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::collections::hash_map::Entry;

/// Boards up to this many faces are re-checked on every change.
pub const IMMEDIATE_FACES: usize = 20_000;
/// Bigger boards are re-checked once they have not changed for this long.
pub const SETTLE_SECONDS: f64 = 0.4;

/// Most problems listed (the rest are counted).
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
            b = b.union(board.mesh.face_bbox(f));
        }
    }
    (!b.is_empty()).then_some(b)
}

fn edge_box(board: &Board, e: EdgeId) -> Option<Aabb> {
    if e.index() >= board.mesh.edge_count() {
        return None;
    }
    let (a, b) = board.mesh.edge_segment(e);
    Some(Aabb::from_points([a, b]))
}

fn names(board: &Board, faces: &[FaceId]) -> String {
    let mut s: Vec<String> = faces.iter().take(4).map(|&f| format!("#{}", f.0)).collect();
    if faces.len() > 4 {
        s.push("…".into());
    }
    let _ = board;
    s.join(", ")
}

/// Everything worth telling the designer about `board`, most severe first.
pub fn check(board: &Board) -> Vec<Problem> {
    let mut out = Vec::new();
    let mesh = &board.mesh;
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

    // Consistency (what loading and saving check). Duplicate labels are listed below,
    // all of them rather than only the first.
    match board.validate() {
        Ok(()) | Err(BoardError::DuplicateLabel { .. }) => {}
        Err(e) => {
            let (at, face) = match &e {
                BoardError::TagOnInteriorEdge { edge, .. } => {
                    (edge_box(board, EdgeId(*edge as u32)), None)
                }
                BoardError::SetupDuplicate { face, .. } | BoardError::SetupPlayer { face, .. } => {
                    let f = FaceId(*face as u32);
                    (face_box(board, &[f]), Some(f))
                }
                _ => (None, None),
            };
            out.push(Problem {
                severity: Severity::Error,
                text: e.to_string(),
                at,
                face,
            });
        }
    }

    // Labels: duplicates (ignoring case, as lookups do) and missing ones. One map
    // entry per label (the first face); faces with a label already seen are
    // collected per first face, so a clean board allocates no lists.
    let mut first: FxHashMap<Cow<str>, FaceId> = FxHashMap::default();
    first.reserve(nf);
    let mut dup_of: FxHashMap<FaceId, Vec<FaceId>> = FxHashMap::default();
    let mut unlabelled = Vec::new();
    for f in mesh.face_ids() {
        let l = board.label(f);
        if l.is_empty() {
            unlabelled.push(f);
            continue;
        }
        let key: Cow<str> = if l.chars().any(char::is_uppercase) {
            Cow::Owned(l.to_lowercase())
        } else {
            Cow::Borrowed(l)
        };
        match first.entry(key) {
            Entry::Occupied(o) => dup_of.entry(*o.get()).or_default().push(f),
            Entry::Vacant(v) => {
                v.insert(f);
            }
        }
    }
    let mut dups: Vec<(FaceId, Vec<FaceId>)> = dup_of.into_iter().collect();
    dups.sort_by_key(|(f, _)| *f);
    for (f0, rest) in dups {
        let mut faces = vec![f0];
        faces.extend(rest);
        out.push(Problem {
            severity: Severity::Warning,
            text: format!(
                "{} faces are labelled '{}' ({}): moves on them cannot be told apart",
                faces.len(),
                board.label(f0),
                names(board, &faces)
            ),
            at: face_box(board, &faces),
            face: Some(f0),
        });
    }
    if !unlabelled.is_empty() {
        out.push(Problem {
            severity: Severity::Note,
            text: if unlabelled.len() == 1 {
                format!("face #{} has no label", unlabelled[0].0)
            } else {
                format!(
                    "{} faces have no label ({})",
                    unlabelled.len(),
                    names(board, &unlabelled)
                )
            },
            at: face_box(board, &unlabelled[..1]),
            face: Some(unlabelled[0]),
        });
    }

    // Duplicate grid coordinates, the same way.
    let mut first_at: FxHashMap<GridCoord, FaceId> = FxHashMap::default();
    let mut same_at: FxHashMap<FaceId, Vec<FaceId>> = FxHashMap::default();
    for f in mesh.face_ids() {
        if let Some(c) = board.coord(f) {
            match first_at.entry(c) {
                Entry::Occupied(o) => same_at.entry(*o.get()).or_default().push(f),
                Entry::Vacant(v) => {
                    v.insert(f);
                }
            }
        }
    }
    let mut cdups: Vec<(FaceId, Vec<FaceId>)> = same_at.into_iter().collect();
    cdups.sort_by_key(|(f, _)| *f);
    for (f0, rest) in cdups {
        let mut faces = vec![f0];
        faces.extend(rest);
        let c = board.coord(f0).unwrap_or(GridCoord::new(0, 0));
        out.push(Problem {
            severity: Severity::Warning,
            text: format!(
                "{} faces have grid position col {} row {} ({})",
                faces.len(),
                c.col,
                c.row,
                names(board, &faces)
            ),
            at: face_box(board, &faces),
            face: Some(f0),
        });
    }

    // Side tags.
    let tagged = board.tagged_sides();
    if tagged.is_empty() {
        out.push(Problem {
            severity: Severity::Warning,
            text: "no boundary side is tagged: connection games (Hex, TwixT) need top/bottom and left/right sides (Tag side tool, T)".into(),
            at: Some(mesh.bbox()),
            face: None,
        });
    } else {
        for t in SideTag::ALL {
            if !tagged.contains(&t) && tagged.contains(&t.opposite()) {
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
        let boundary: Vec<EdgeId> = mesh
            .edge_ids()
            .filter(|&e| mesh.is_boundary_edge(e))
            .collect();
        let untagged: Vec<EdgeId> = boundary
            .iter()
            .copied()
            .filter(|&e| board.side_tag(e).is_none())
            .collect();
        if let Some(&first) = untagged.first() {
            out.push(Problem {
                severity: Severity::Note,
                text: format!(
                    "{} of {} boundary edges carry no side tag",
                    untagged.len(),
                    boundary.len()
                ),
                at: edge_box(board, first),
                face: Some(mesh.edge_faces(first).0),
            });
        }
    }

    // Start pieces on faces nobody can play on.
    for &(f, p) in &board.setup.pieces {
        if f.index() < nf && board.faces.kind[f.index()] == FaceKind::Blocked {
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
    let mut areas: Vec<f64> = mesh.face_ids().map(|f| mesh.face_area(f)).collect();
    let median = {
        let mut a = areas.clone();
        let mid = a.len() / 2;
        a.select_nth_unstable_by(mid, |x, y| x.total_cmp(y));
        a[mid]
    };
    for (i, a) in areas.drain(..).enumerate() {
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
    let comps = components(board);
    if comps.len() > 1 {
        let smallest = comps
            .iter()
            .min_by_key(|c| c.len())
            .cloned()
            .unwrap_or_default();
        out.push(Problem {
            severity: Severity::Warning,
            text: format!(
                "the board falls apart into {} separate pieces (smallest: {} faces)",
                comps.len(),
                smallest.len()
            ),
            at: face_box(board, &smallest),
            face: smallest.first().copied(),
        });
    }
    let loops = mesh.boundary_loops();
    let holes: Vec<_> = loops.iter().filter(|l| l.is_hole()).collect();
    for h in &holes {
        let pts: Vec<Point> = h
            .darts
            .iter()
            .map(|&d| mesh.position(mesh.dart_origin(d)))
            .collect();
        out.push(Problem {
            severity: Severity::Note,
            text: format!("the board has a hole with {} sides", pts.len()),
            at: Some(Aabb::from_points(pts)),
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

/// The panel state: the list for one revision, and whether it is open.
#[derive(Debug)]
pub struct ValidationPanel {
    revision: Option<u64>,
    /// The latest revision seen and when it was first seen.
    changed: Option<(u64, f64)>,
    pub problems: Vec<Problem>,
    pub open: bool,
}

impl Default for ValidationPanel {
    fn default() -> Self {
        ValidationPanel {
            revision: None,
            changed: None,
            problems: Vec::new(),
            open: true,
        }
    }
}

impl ValidationPanel {
    /// Recompute the list if the board changed since the last time. Boards of up to
    /// [`IMMEDIATE_FACES`] faces are checked at once; bigger ones (where a check
    /// takes tens of milliseconds) once the board has not changed for
    /// [`SETTLE_SECONDS`], so typing and clicking stay smooth. `now` is the UI clock
    /// in seconds; returns how long to wait before calling again, if a check is due.
    pub fn refresh(&mut self, board: &Board, revision: u64, now: f64) -> Option<f64> {
        if self.revision == Some(revision) {
            return None;
        }
        if self.changed.is_none_or(|(r, _)| r != revision) {
            self.changed = Some((revision, now));
        }
        let since = self.changed.map_or(0.0, |(_, t)| now - t);
        if board.face_count() <= IMMEDIATE_FACES
            || self.revision.is_none()
            || since >= SETTLE_SECONDS
        {
            self.problems = check(board);
            self.revision = Some(revision);
            None
        } else {
            Some(SETTLE_SECONDS - since)
        }
    }

    /// Whether the list is for an older board (a check is pending).
    pub fn is_stale(&self, revision: u64) -> bool {
        self.revision != Some(revision)
    }

    /// Draw the list; returns the problem the user clicked.
    pub fn ui(&mut self, ui: &mut eframe::egui::Ui, stale: bool) -> Option<Problem> {
        use eframe::egui;
        let errors = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        let warnings = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Warning)
            .count();
        let mut title = if self.problems.is_empty() {
            "Problems: none".to_string()
        } else {
            format!(
                "Problems: {errors} errors, {warnings} warnings, {} notes",
                self.problems.len() - errors - warnings
            )
        };
        if stale {
            title.push_str("  (checking…)");
        }
        let mut clicked = None;
        let header = egui::CollapsingHeader::new(title)
            .id_salt("editor_problems")
            .open(Some(self.open))
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(140.0)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        if self.problems.is_empty() {
                            ui.weak("The board has no problems.");
                        }
                        for p in &self.problems {
                            let colour = match p.severity {
                                Severity::Error => ui.visuals().error_fg_color,
                                Severity::Warning => ui.visuals().warn_fg_color,
                                Severity::Note => ui.visuals().weak_text_color(),
                            };
                            let text =
                                egui::RichText::new(format!("{}: {}", p.severity.name(), p.text))
                                    .color(colour);
                            let r = ui.add(egui::Button::selectable(false, text));
                            let r = if p.at.is_some() {
                                r.on_hover_text("Click to show it on the board")
                            } else {
                                r
                            };
                            if r.clicked() {
                                clicked = Some(p.clone());
                            }
                        }
                    });
            });
        if header.header_response.clicked() {
            self.open = !self.open;
        }
        clicked
    }
}

/// Faces grouped into edge-connected pieces.
fn components(board: &Board) -> Vec<Vec<FaceId>> {
    let mesh = &board.mesh;
    let mut seen = vec![false; mesh.face_count()];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for f in mesh.face_ids() {
        if seen[f.index()] {
            continue;
        }
        seen[f.index()] = true;
        stack.push(f);
        let mut comp = Vec::new();
        while let Some(g) = stack.pop() {
            comp.push(g);
            for h in mesh.adjacent_faces(g) {
                if !std::mem::replace(&mut seen[h.index()], true) {
                    stack.push(h);
                }
            }
        }
        out.push(comp);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::{BoardEdit, apply};
    use crate::presets;

    #[test]
    fn a_preset_has_no_warnings() {
        let b = presets::hex(5);
        let p = check(&b);
        assert!(p.iter().all(|p| p.severity == Severity::Note), "{p:#?}");
    }

    #[test]
    fn duplicate_labels_and_missing_tags_are_listed_with_a_place() {
        let mut b = presets::square_grid(3, 3);
        let f = b.face_by_label("c3").unwrap();
        b.faces.label[f.index()] = "A1".into();
        b.side_tags.iter_mut().for_each(|t| *t = None);
        let p = check(&b);
        let dup = p
            .iter()
            .find(|p| p.text.contains("labelled 'a1'"))
            .expect("duplicate listed");
        assert_eq!(dup.severity, Severity::Warning);
        let at = dup.at.unwrap();
        assert!(at.width() >= 3.0 - 1e-9, "covers both faces");
        assert!(
            p.iter()
                .any(|p| p.text.contains("no boundary side is tagged"))
        );
    }

    #[test]
    fn one_sided_tags_pieces_and_holes_are_reported() {
        let mut b = presets::square_grid(3, 3);
        b.side_tags.iter_mut().for_each(|t| *t = None);
        let e = b
            .mesh
            .edge_ids()
            .find(|&e| b.mesh.is_boundary_edge(e))
            .unwrap();
        apply(
            &mut b,
            &BoardEdit::SetSideTag {
                edge: e,
                tag: Some(SideTag::Top),
            },
        )
        .unwrap();
        let mid = b.face_by_label("b2").unwrap();
        apply(&mut b, &BoardEdit::DeleteFace { face: mid }).unwrap();
        let p = check(&b);
        assert!(
            p.iter().any(|p| p.text.contains("'bottom' side is not")),
            "{p:#?}"
        );
        assert!(p.iter().any(|p| p.text.contains("hole with 4 sides")));
        assert!(p.iter().any(|p| p.text.contains("carry no side tag")));
    }
}

#[cfg(test)]
mod panel_tests {
    use super::*;
    use crate::presets;

    #[test]
    fn big_boards_are_checked_once_they_settle() {
        let mut b = presets::square_grid(150, 150);
        let mut p = ValidationPanel::default();
        assert_eq!(p.refresh(&b, 1, 0.0), None, "the first check is immediate");
        b.faces.label[1] = "a1".into();
        let wait = p.refresh(&b, 2, 10.0).expect("deferred");
        assert!(wait > 0.0 && wait <= SETTLE_SECONDS);
        assert!(p.is_stale(2));
        assert!(p.problems.is_empty());
        assert!(p.refresh(&b, 2, 10.1).is_some());
        assert_eq!(p.refresh(&b, 2, 10.0 + SETTLE_SECONDS), None);
        assert!(!p.is_stale(2));
        assert!(p.problems.iter().any(|x| x.text.contains("labelled 'a1'")));
        // Small boards: immediately.
        let s = presets::square_grid(3, 3);
        assert_eq!(p.refresh(&s, 3, 11.0), None);
        assert!(p.problems.is_empty());
    }
}
