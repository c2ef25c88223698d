//! The board lint: what is wrong with a board, or what a designer probably wants
//! to fix, each with the place to show. The editor's Problems panel lists it and
//! `boardwright info` prints it.
//!
//! [`check`] is pure: the same board always gives the same list, most severe first.

use super::{Board, BoardError, FaceKind, GridCoord, SideTag, TagPlace};
use crate::mesh::{Aabb, EdgeId, FaceId, Point};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::collections::hash_map::Entry;

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

/// The first few faces by id, for a message.
fn names(faces: &[FaceId]) -> String {
    let mut s: Vec<String> = faces.iter().take(4).map(|&f| format!("#{}", f.0)).collect();
    if faces.len() > 4 {
        s.push("…".into());
    }
    s.join(", ")
}

/// Groups of two or more faces with the same key (faces without one are left
/// out), each group in id order, groups by their first face. One map entry per
/// key; later faces are collected per first face, so a clean board allocates no
/// lists.
fn sharing<K: std::hash::Hash + Eq>(
    board: &Board,
    key: impl Fn(FaceId) -> Option<K>,
) -> Vec<Vec<FaceId>> {
    let mut first: FxHashMap<K, FaceId> = FxHashMap::default();
    first.reserve(board.face_count());
    let mut rest: FxHashMap<FaceId, Vec<FaceId>> = FxHashMap::default();
    for f in board.mesh().face_ids() {
        if let Some(k) = key(f) {
            match first.entry(k) {
                Entry::Occupied(o) => rest.entry(*o.get()).or_default().push(f),
                Entry::Vacant(v) => {
                    v.insert(f);
                }
            }
        }
    }
    let mut groups: Vec<Vec<FaceId>> = rest
        .into_iter()
        .map(|(f0, more)| std::iter::once(f0).chain(more).collect())
        .collect();
    groups.sort_by_key(|g| g[0]);
    groups
}

/// Everything worth telling the designer about `board`, most severe first.
pub fn check(board: &Board) -> Vec<Problem> {
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

    // Consistency (what loading and saving check). Duplicate labels are listed below,
    // all of them rather than only the first.
    match board.validate() {
        Ok(()) | Err(BoardError::DuplicateLabel { .. }) => {}
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
            out.push(Problem {
                severity: Severity::Error,
                text: e.to_string(),
                at,
                face,
            });
        }
    }

    // Labels: duplicates (ignoring case, as lookups do) and missing ones.
    let key = |f: FaceId| {
        let l = board.label(f);
        (!l.is_empty()).then(|| {
            if l.chars().any(char::is_uppercase) {
                Cow::Owned(l.to_lowercase())
            } else {
                Cow::Borrowed(l)
            }
        })
    };
    for faces in sharing(board, key) {
        out.push(Problem {
            severity: Severity::Warning,
            text: format!(
                "{} faces are labelled '{}' ({}): moves on them cannot be told apart",
                faces.len(),
                board.label(faces[0]),
                names(&faces)
            ),
            at: face_box(board, &faces),
            face: Some(faces[0]),
        });
    }
    let unlabelled: Vec<FaceId> = mesh
        .face_ids()
        .filter(|&f| board.label(f).is_empty())
        .collect();
    if !unlabelled.is_empty() {
        out.push(Problem {
            severity: Severity::Note,
            text: if unlabelled.len() == 1 {
                format!("face #{} has no label", unlabelled[0].0)
            } else {
                format!(
                    "{} faces have no label ({})",
                    unlabelled.len(),
                    names(&unlabelled)
                )
            },
            at: face_box(board, &unlabelled[..1]),
            face: Some(unlabelled[0]),
        });
    }

    // Duplicate grid coordinates.
    for faces in sharing(board, |f| board.coord(f)) {
        let c = board.coord(faces[0]).unwrap_or(GridCoord::new(0, 0));
        out.push(Problem {
            severity: Severity::Warning,
            text: format!(
                "{} faces have grid position col {} row {} ({})",
                faces.len(),
                c.col,
                c.row,
                names(&faces)
            ),
            at: face_box(board, &faces),
            face: Some(faces[0]),
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

/// Faces grouped into edge-connected pieces.
fn components(board: &Board) -> Vec<Vec<FaceId>> {
    let mesh = board.mesh();
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
    use crate::board::{BoardBuilder, FaceData};
    use crate::mesh::{BuildOptions, PolygonSoup};

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
            label: format!("f{i}"),
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
                &"warning: the board falls apart into 2 separate pieces (smallest: 1 faces)"
                    .to_string()
            ),
            "{t:?}"
        );
    }
}
