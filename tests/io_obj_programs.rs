//! OBJ files in the shapes other programs write them (tests/data/obj/): a
//! boardwright board after a trip through Blender 4.x and 2.7x, files from
//! Rhino, Cinema 4D and trimesh, boardwright 0.1's own export (labels as
//! groups), solids with thickness and a tilted board.

use boardwright::board::Board;
use boardwright::io::{IoError, LoadOptions, load_board, load_board_opts};
use boardwright::mesh::Point;
use obj_common::same_board;
use std::path::{Path, PathBuf};

mod obj_common;

fn data(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/obj")).join(name)
}

fn designer_board() -> Board {
    load_board(data("designer-board.ron")).unwrap().board
}

#[test]
fn boardwright_export_is_exact() {
    let b = designer_board();
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("b.obj");
    boardwright::io::save_board(&b, &p).unwrap();
    let l = load_board(&p).unwrap();
    assert!(l.notes.is_empty(), "{:?}", l.notes);
    boardwright::io::compare_boards(&b, &l.board).unwrap();
}

/// The designer board exported by boardwright, imported into Blender 4.2 with
/// the default settings and exported again with the defaults: faces sorted by
/// material, single-precision coordinates with 6 decimals, normals, `s 0`,
/// objects sorted by name, each with its own copies of the vertices.
#[test]
fn everything_survives_blender_4() {
    let l = load_board(data("blender-4x.obj")).unwrap();
    assert_eq!(
        l.notes,
        ["ignored the material library 'blender-4x.mtl' (boardwright never reads materials)"]
    );
    same_board(&designer_board(), &l.board, 1e-5).unwrap();
}

/// The same through Blender 2.79's Python exporter: `usemtl`, `s off`, no
/// normals, loose edges as `l`.
#[test]
fn everything_survives_blender_2_7() {
    let l = load_board(data("blender-27x.obj")).unwrap();
    assert_eq!(
        l.notes,
        ["ignored the material library 'board.mtl' (boardwright never reads materials)"]
    );
    same_board(&designer_board(), &l.board, 1e-5).unwrap();
}

/// What boardwright 0.1 wrote: labels as groups, nothing else.
#[test]
fn boardwright_0_1_exports_keep_their_labels() {
    let l = load_board(data("boardwright-0.1-groups.obj")).unwrap();
    assert!(l.notes.is_empty(), "{:?}", l.notes);
    let want = designer_board();
    assert_eq!(l.board.faces().labels(), want.faces().labels());
    assert!(l.board.side_tags().iter().all(|t| t.is_none()));
}

/// Rhino's export: CR LF line ends (Rhino also offers a lone CR), a header
/// comment, a material, texture coordinates and normals on every corner.
#[test]
fn rhino_exports_with_any_line_end() {
    for name in ["rhino-crlf.obj", "rhino-cr.obj"] {
        let l = load_board(data(name)).unwrap();
        assert_eq!(l.board.face_count(), 4, "{name}");
        assert_eq!(
            l.notes,
            ["ignored the material library 'board.mtl' (boardwright never reads materials)"],
            "{name}"
        );
        // One object for the whole board: it carries no labels or regions.
        assert!(l.board.faces().labels().iter().all(|s| s.is_empty()));
        assert!(l.board.faces().regions().iter().all(|r| r.is_none()));
        assert_eq!(l.board.mesh().bbox().max, Point::new(2.0, 2.0));
    }
}

/// Cinema 4D's export: one group for the board, 3-number texture coordinates, Y-up.
#[test]
fn cinema_4d_export_opens_seen_from_above() {
    let l = load_board(data("cinema4d.obj")).unwrap();
    assert_eq!(l.board.face_count(), 4);
    assert_eq!(
        l.notes,
        ["ignored the material library './board.mtl' (boardwright never reads materials)"]
    );
    assert!(l.board.faces().labels().iter().all(|s| s.is_empty()));
    let bb = l.board.mesh().bbox();
    assert_eq!(
        (bb.min, bb.max),
        (Point::new(0.0, 0.0), Point::new(2.0, 2.0))
    );
}

/// trimesh's export: triangles, a colour on every vertex, normals, `v//n`
/// corners and no line break at the end.
#[test]
fn trimesh_export_with_vertex_colours_opens() {
    let l = load_board(data("trimesh.obj")).unwrap();
    assert_eq!(l.board.face_count(), 8);
    assert!(l.notes.is_empty(), "{:?}", l.notes);
    assert!((l.board.mesh().total_area() - 4.0).abs() < 1e-12);
}

/// A board on a 30° slope is projected onto its plane and keeps its shape.
#[test]
fn a_board_on_a_slope_is_projected_onto_its_plane() {
    let l = load_board(data("tilted-hex.obj")).unwrap();
    assert_eq!(l.notes.len(), 1, "{:?}", l.notes);
    assert!(l.notes[0].contains("tilted plane"), "{}", l.notes[0]);
    assert!(l.notes[0].contains("30.00° from XY"), "{}", l.notes[0]);
    assert_eq!(l.board.faces().labels(), ["a1", "b1", "a2"]);
    let hex_area = 1.5 * 3f64.sqrt();
    for f in l.board.mesh().face_ids() {
        assert!((l.board.mesh().face_area(f) - hex_area).abs() < 1e-6);
    }
}

/// Two hexagonal tiles with thickness (as board models in game repositories
/// are): refused with an error that offers the top surface, which imports as
/// a flat two-cell board.
#[test]
fn solid_tiles_offer_their_top_surface() {
    let e = load_board(data("two-tiles.obj")).unwrap_err();
    match e.kind() {
        IoError::NotFlatSolid {
            axis,
            top_faces,
            faces,
            ..
        } => assert_eq!((*axis, *top_faces, *faces), ('Y', 2, 16)),
        other => panic!("expected a solid, got {other}"),
    }
    let msg = e.to_string();
    assert!(
        msg.contains("its top surface (2 of 16 faces, at Y = 0.25) can be imported"),
        "{msg}"
    );
    let opts = LoadOptions {
        top_surface: true,
        ..Default::default()
    };
    let l = load_board_opts(&data("two-tiles.obj"), &opts).unwrap();
    assert_eq!(l.board.face_count(), 2);
    assert_eq!(l.board.mesh().edge_count(), 11, "the tiles share an edge");
    // Each tile's object names its top face.
    assert_eq!(l.board.faces().labels(), ["Tile.000", "Tile.001"]);
    assert_eq!(
        l.notes,
        [
            "ignored the material library 'tiles.mtl' (boardwright never reads materials)",
            "imported the top surface: 2 of 16 faces, at Y = 0.25 (the rest of the solid, 0.25 thick, was left out)",
        ]
    );
}
