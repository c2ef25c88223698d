//! Open the viewer window on a preset or a demo board, without going through files:
//!
//! ```text
//! cargo run --example show_board -- hex 11
//! cargo run --example show_board -- square 8 | twixt 24 | loa | ring
//! ```
//!
//! `ring` is a board of non-convex faces around a hole.

use boardwright::app::{self, AppOptions};
use boardwright::board::{Board, BoardBuilder, BoardMeta, FaceData, FaceKind, SideTag};
use boardwright::mesh::{EdgeId, Mesh, Point};
use boardwright::presets;

/// Eight L- and T-shaped faces around a square hole, sides tagged.
fn ring() -> Result<Board, String> {
    let mut pts = Vec::new();
    let mut ids = std::collections::HashMap::new();
    let mut v = |x: i32, y: i32| -> u32 {
        *ids.entry((x, y)).or_insert_with(|| {
            pts.push(Point::new(x as f64, y as f64));
            (pts.len() - 1) as u32
        })
    };
    // Outer 6×6 square, hole 2..4 × 2..4; four L faces (corners) and four notched bars.
    let faces = vec![
        vec![v(0, 0), v(2, 0), v(2, 1), v(1, 1), v(1, 2), v(0, 2)],
        vec![
            v(2, 0),
            v(4, 0),
            v(4, 1),
            v(3, 1),
            v(3, 2),
            v(2, 2),
            v(2, 1),
        ],
        vec![v(4, 0), v(6, 0), v(6, 2), v(5, 2), v(5, 1), v(4, 1)],
        vec![
            v(6, 2),
            v(6, 4),
            v(5, 4),
            v(4, 4),
            v(4, 3),
            v(4, 2),
            v(5, 2),
        ],
        vec![v(6, 4), v(6, 6), v(4, 6), v(4, 5), v(5, 5), v(5, 4)],
        vec![
            v(4, 6),
            v(2, 6),
            v(2, 5),
            v(3, 5),
            v(3, 4),
            v(4, 4),
            v(4, 5),
        ],
        vec![v(2, 6), v(0, 6), v(0, 4), v(1, 4), v(1, 5), v(2, 5)],
        vec![
            v(0, 4),
            v(0, 2),
            v(1, 2),
            v(2, 2),
            v(2, 3),
            v(2, 4),
            v(1, 4),
        ],
    ];
    let _ = v;
    let mesh = Mesh::from_polygons(&pts, &faces).map_err(|e| e.to_string())?;
    let tags: Vec<(EdgeId, SideTag)> = mesh
        .edge_ids()
        .filter(|&e| mesh.is_boundary_edge(e))
        .filter_map(|e| {
            let m = mesh.edge_midpoint(e);
            let tag = if m.y == 6.0 {
                SideTag::Top
            } else if m.y == 0.0 {
                SideTag::Bottom
            } else if m.x == 0.0 {
                SideTag::Left
            } else if m.x == 6.0 {
                SideTag::Right
            } else {
                return None;
            };
            Some((e, tag))
        })
        .collect();
    let rows = (0..mesh.face_count()).map(|i| FaceData {
        label: format!("r{}", i + 1).into(),
        kind: match i {
            3 => FaceKind::Garden,
            7 => FaceKind::Blocked,
            _ => FaceKind::Cell,
        },
        ..FaceData::default()
    });
    BoardBuilder::from_mesh(mesh)
        .faces(rows)
        .tag_edges(tags)
        .meta(BoardMeta {
            name: "Ring with a hole".into(),
            ..BoardMeta::default()
        })
        .build()
        .map_err(|e| e.to_string())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("hex", String::as_str);
    let size = match args.get(1) {
        Some(s) => Some(
            s.parse::<u32>()
                .map_err(|e| format!("bad size '{s}': {e}"))?,
        ),
        None => None,
    };
    let board = if name == "ring" {
        ring()?
    } else {
        presets::by_name(name, size).map_err(|e| e.to_string())?
    };
    board.validate().map_err(|e| e.to_string())?;
    app::run(AppOptions {
        board: Some(board),
        path: None,
        notes: Vec::new(),
        ..Default::default()
    })
}
