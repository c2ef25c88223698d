//! Whether Hex can end in a draw on a board. Count the four sides as cells
//! around the board: where three cells meet at every corner (three faces
//! inside the board; on its edge two faces and a side, or a face and the two
//! sides it joins), every stretch of the board's edge belongs to a side, and
//! there are no lakes or holes, a full board always holds exactly one
//! winning chain (Gale's argument), so Hex cannot be drawn. What breaks it:
//! - four or more faces at a corner: two stones on opposite faces there touch
//!   only at the corner and do not connect, for either player;
//! - two sides meeting between two faces: a stone on each touches neither the
//!   other nor the other's side;
//! - a stretch of the edge that belongs to no side (untagged edges, or a
//!   blocked face on the edge) unless every face along it touches one and the
//!   same side: a chain can end there without touching a side, and a chain
//!   of the other player can end there from both sides of it without being
//!   joined (a blocked face in the middle of a side, or on the corner cell);
//! - a lake (blocked faces inside the board) or a hole lets chains go round it.
//!
//! Each can leave a full board without a winner, as the square grid, the
//! Cairo tiling, a rectangle of bricks, a notch in a side and boards with
//! lakes do in random games (`tests/rules_hex.rs`).

use super::side_bits;
use crate::board::{Board, FaceKind};
use crate::mesh::{EdgeId, FaceId};

/// What lies across an edge of the playable board, seen from a playable face.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Across {
    /// One of Hex's four sides (its bit).
    Side(u8),
    /// The board's edge without a Hex side: an untagged (or other-tagged)
    /// boundary edge, or a blocked face of a group that reaches the edge.
    Neutral,
    /// A lake: blocked faces that do not reach the board's edge.
    Lake,
}

/// Why Hex may end in a draw on `board`, as a sentence for a designer, or
/// `None` when every corner joins three faces or sides, every stretch of the
/// edge belongs to a side, and there are no lakes or holes.
pub fn draw_risk(board: &Board) -> Option<String> {
    let mesh = board.mesh();
    let n = mesh.face_count();
    let playable = |f: FaceId| *board.kind(f) != FaceKind::Blocked;
    // Blocked faces in groups joined through edges; a group with a boundary
    // edge is part of the board's edge, the others are lakes.
    let mut group = vec![u32::MAX; n];
    let mut lakes: Vec<FaceId> = Vec::new();
    let mut reaches_edge: Vec<bool> = Vec::new();
    for f in mesh.face_ids() {
        if playable(f) || group[f.index()] != u32::MAX {
            continue;
        }
        let g = reaches_edge.len() as u32;
        let mut stack = vec![f];
        group[f.index()] = g;
        let mut edge = false;
        while let Some(x) = stack.pop() {
            for e in mesh.face_edges(x) {
                match mesh.edge_faces(e) {
                    (_, None) => edge = true,
                    (a, Some(b)) => {
                        let y = if a == x { b } else { a };
                        if !playable(y) && group[y.index()] == u32::MAX {
                            group[y.index()] = g;
                            stack.push(y);
                        }
                    }
                }
            }
        }
        reaches_edge.push(edge);
        if !edge {
            lakes.push(f);
        }
    }
    // Each edge of the playable board: the playable face on it and what lies
    // across (None for an edge between two playable faces or two blocked ones).
    let across = |e: EdgeId| -> Option<(FaceId, Across)> {
        match mesh.edge_faces(e) {
            (f, None) => playable(f).then(|| {
                let bits = board.side_tag(e).map_or(0, side_bits);
                (
                    f,
                    if bits == 0 {
                        Across::Neutral
                    } else {
                        Across::Side(bits)
                    },
                )
            }),
            (a, Some(b)) => {
                let (f, x) = match (playable(a), playable(b)) {
                    (true, false) => (a, b),
                    (false, true) => (b, a),
                    _ => return None,
                };
                Some((
                    f,
                    if reaches_edge[group[x.index()] as usize] {
                        Across::Neutral
                    } else {
                        Across::Lake
                    },
                ))
            }
        }
    };
    // The Hex sides each playable face touches.
    let mut sides = vec![0u8; n];
    for e in mesh.edge_ids() {
        if let Some((f, Across::Side(bits))) = across(e) {
            sides[f.index()] |= bits;
        }
    }
    // Stretches of the edge without a side (edges joined through their ends):
    // harmless only when every face along one touches a common side, and
    // then counted as part of that side.
    // A stretch is named by its blocked faces and, where it is untagged, the
    // faces along it (the one of least id).
    let mut stretch = Stretches::new(mesh.vertex_count());
    for e in mesh.edge_ids() {
        if let Some((f, Across::Neutral)) = across(e) {
            let [a, b] = mesh.edge_vertices(e);
            let name = match mesh.edge_faces(e) {
                (x, Some(y)) => {
                    if x == f {
                        y
                    } else {
                        x
                    }
                }
                (_, None) => f,
            };
            stretch.join(a.index(), b.index(), sides[f.index()], name);
        }
    }
    // Corners inside the board where four or more faces meet, and corners on
    // its edge where four or more faces and sides do (a side and a harmless
    // stretch that shares it count once). Corners at a lake are the lake's,
    // and those on a stretch without a side are the stretch's.
    let mut inner = (0usize, None);
    let mut edge = (0usize, None);
    let mut labels: Vec<u8> = Vec::new();
    'corners: for v in mesh.vertex_ids() {
        let faces = mesh.vertex_faces(v).filter(|&f| playable(f));
        let Some(first) = faces.clone().next() else {
            continue;
        };
        labels.clear();
        for e in mesh.vertex_edges(v) {
            let bits = match across(e) {
                None => continue,
                Some((_, Across::Lake)) => continue 'corners,
                Some((_, Across::Side(bits))) => bits,
                Some((_, Across::Neutral)) => match stretch.common(v.index()) {
                    0 => continue 'corners,
                    bits => bits,
                },
            };
            match labels.iter_mut().find(|l| **l & bits != 0) {
                Some(l) => *l |= bits,
                None => labels.push(bits),
            }
        }
        let count = faces.count() + labels.len();
        if count >= 4 {
            let at = if labels.is_empty() {
                &mut inner
            } else {
                &mut edge
            };
            at.0 += 1;
            at.1 = at.1.or(Some(first));
        }
    }
    let open = stretch.open();
    let more = |n: usize| match n {
        0 => String::new(),
        1 => " (and at 1 more)".to_string(),
        n => format!(" (and at {n} more)"),
    };
    let mut why = Vec::new();
    if let (n, Some(f)) = inner {
        why.push(format!(
            "four or more faces meet at a corner of {}{}, where stones on opposite faces do not connect",
            board.face_name(f),
            more(n - 1)
        ));
    }
    if let (n, Some(f)) = edge {
        why.push(format!(
            "two sides meet between faces at a corner of {}{}, not at a face on both",
            board.face_name(f),
            more(n - 1)
        ));
    }
    if let Some(&f) = open.first() {
        why.push(format!(
            "the board's edge at {}{} belongs to no side (untagged edges or a blocked face there), and the faces along it do not all touch one side, so chains can end there without touching a side",
            board.face_name(f),
            match open.len() {
                1 => String::new(),
                2 => " (and 1 more stretch)".to_string(),
                n => format!(" (and {} more stretches)", n - 1),
            }
        ));
    }
    if let Some(&f) = lakes.first() {
        why.push(match lakes.len() {
            1 => format!("the lake {} lets chains go round it", board.face_name(f)),
            n => format!(
                "{n} lakes (blocked faces inside the board, {} first) let chains go round them",
                board.face_name(f)
            ),
        });
    }
    let holes = mesh.boundary_loops().iter().filter(|l| l.is_hole()).count();
    match holes {
        0 => {}
        1 => why.push("a hole lets chains go round it".into()),
        n => why.push(format!("{n} holes let chains go round them")),
    }
    (!why.is_empty()).then(|| {
        format!(
            "Hex may end in a draw on this board: {}. It cannot where three faces, or faces and sides, meet at every corner, the whole edge belongs to sides, and there are no lakes or holes",
            why.join("; ")
        )
    })
}

/// Stretches of the edge without a side, as a disjoint-set forest over the
/// vertices: each root keeps the sides common to every face along its
/// stretch and the stretch's first face.
struct Stretches {
    parent: Vec<u32>,
    /// For roots of a stretch: the common sides and the face naming it.
    info: Vec<Option<(u8, FaceId)>>,
}

impl Stretches {
    fn new(vertices: usize) -> Self {
        Stretches {
            parent: (0..vertices as u32).collect(),
            info: vec![None; vertices],
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let up = self.parent[self.parent[x] as usize];
            self.parent[x] = up;
            x = up as usize;
        }
        x
    }

    fn join(&mut self, a: usize, b: usize, sides: u8, f: FaceId) {
        let (ra, rb) = (self.find(a), self.find(b));
        let merged = [self.info[ra], self.info[rb], Some((sides, f))]
            .into_iter()
            .flatten()
            .reduce(|(s, f), (t, g)| (s & t, f.min(g)));
        if ra != rb {
            self.parent[rb] = ra as u32;
            self.info[rb] = None;
        }
        self.info[ra] = merged;
    }

    /// The sides common to the faces along the stretch through vertex `v`
    /// (0 for none, or when no stretch passes there).
    fn common(&mut self, v: usize) -> u8 {
        let r = self.find(v);
        self.info[r].map_or(0, |(sides, _)| sides)
    }

    /// The face naming each stretch along which the faces share no side,
    /// in face order.
    fn open(self) -> Vec<FaceId> {
        // Only roots keep their stretch's record.
        let mut out: Vec<FaceId> = (self.info.into_iter().flatten())
            .filter(|&(sides, _)| sides == 0)
            .map(|(_, f)| f)
            .collect();
        out.sort_unstable();
        out
    }
}
