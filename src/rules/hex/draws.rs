//! Whether Hex can end in a draw on a board. Count the four sides as cells
//! around the board: where three cells meet at every corner (three faces
//! inside the board; on its edge two faces and a side, or a face and the two
//! sides it joins) and there are no lakes or holes, a full board always holds
//! exactly one winning chain (Gale's argument), so Hex cannot be drawn. Where
//! four or more faces meet at a corner, two stones on opposite faces there
//! touch only at the corner and do not connect, for either player; where two
//! sides meet between two faces, a stone on each touches neither the other
//! nor the other's side; a lake (a blocked face inside the board) or a hole
//! lets chains go round it. Each can leave a full board without a winner, as
//! the square grid, the Cairo tiling, a rectangle of bricks and boards with
//! lakes do in random games (`tests/rules_hex.rs`).

use crate::board::{Board, FaceKind};
use crate::mesh::FaceId;

/// Why Hex may end in a draw on `board`, as a sentence for a designer, or
/// `None` when every corner inside the board joins three faces and there
/// are no lakes or holes.
pub fn draw_risk(board: &Board) -> Option<String> {
    let mesh = board.mesh();
    let playable = |f: FaceId| *board.kind(f) != FaceKind::Blocked;
    // Corners inside the board where four or more faces meet, and corners on
    // its edge where faces and sides do (two faces where the top side turns
    // into the left one: the sides count as cells there, as in Gale's argument).
    let mut inner = (0usize, None);
    let mut edge = (0usize, None);
    for v in mesh.vertex_ids() {
        let mut faces = mesh.vertex_faces(v);
        if !faces.clone().all(playable) {
            continue;
        }
        let n = faces.clone().count();
        let (count, at) = if mesh.is_boundary_vertex(v) {
            let mut tags: Vec<_> = mesh
                .vertex_edges(v)
                .filter(|&e| mesh.is_boundary_edge(e))
                .map(|e| board.side_tag(e))
                .collect();
            tags.sort_unstable();
            tags.dedup();
            (n + tags.len(), &mut edge)
        } else {
            (n, &mut inner)
        };
        if count >= 4 {
            at.0 += 1;
            at.1 = at.1.or_else(|| faces.next());
        }
    }
    let lakes: Vec<FaceId> = mesh
        .face_ids()
        .filter(|&f| !playable(f) && !mesh.face_edges(f).any(|e| mesh.is_boundary_edge(e)))
        .collect();
    let holes = mesh.boundary_loops().iter().filter(|l| l.is_hole()).count();
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
    if let Some(&f) = lakes.first() {
        why.push(match lakes.len() {
            1 => format!("the lake {} lets chains go round it", board.face_name(f)),
            n => format!(
                "{n} lakes (blocked faces inside the board, {} first) let chains go round them",
                board.face_name(f)
            ),
        });
    }
    match holes {
        0 => {}
        1 => why.push("a hole lets chains go round it".into()),
        n => why.push(format!("{n} holes let chains go round them")),
    }
    (!why.is_empty()).then(|| {
        format!(
            "Hex may end in a draw on this board: {}. It cannot where three faces, or faces and sides, meet at every corner and there are no lakes or holes",
            why.join("; ")
        )
    })
}
