//! Unit tests of the OBJ reader and writer as a whole.

use super::*;
use crate::presets;

fn read(s: &str) -> Result<Loaded, IoError> {
    read_obj(s.as_bytes(), &Limits::default())
}

#[test]
fn flat_z_up_square() {
    let l = read("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n").unwrap();
    assert_eq!(l.board.face_count(), 1);
    assert!(l.notes.is_empty(), "{:?}", l.notes);
}

#[test]
fn limits_refuse_before_parsing() {
    let limits = Limits {
        max_faces: 1,
        ..Default::default()
    };
    let e = read_obj(
        b"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n",
        &limits,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the board has more than 1 faces, more than boardwright accepts"
    );
}

#[test]
fn groups_make_labels_and_regions() {
    let src = "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 1 0\nv 1 1 0\nv 2 1 0\nv 3 0 0\n\
               g x\nf 1 2 5 4\ng water\nf 2 3 6 5\nf 3 7 6\n";
    let l = read(src).unwrap();
    assert_eq!(l.board.faces().labels(), ["x", "", ""]);
    assert_eq!(l.board.faces().regions(), [None, Some(0), Some(0)]);
    assert!(l.notes.iter().any(|n| n.contains("'water' → region 0")));
}

#[test]
fn export_round_trips_every_datum() {
    let hex = presets::hex(3);
    let mut rows: Vec<FaceData> = hex.faces().rows().collect();
    rows[1].label = "mid dle_%".into();
    rows[2].label = "".into();
    rows[3].kind = FaceKind::Other("lake".into());
    rows[4].colour = Some(Rgba([1, 2, 3, 4]));
    rows[5].region = Some(9);
    rows[0].coord = None;
    let b = BoardBuilder::from_mesh(hex.mesh().clone())
        .faces(rows)
        .tag_edges(hex.tagged_edges())
        .setup(StartSetup {
            pieces: vec![(FaceId(7), 1), (FaceId(2), 0)],
        })
        .meta(BoardMeta {
            name: "A board".into(),
            description: "two\nlines; 100% {fun}".into(),
            suggested_rules: vec!["hex".into(), "boco".into()],
        })
        .build()
        .unwrap();
    assert!(b.tagged_edges().count() > 0);
    let text = write_obj(&b).unwrap();
    let l = read(&text).unwrap();
    assert!(l.notes.is_empty(), "{:?}", l.notes);
    crate::io::compare_boards(&b, &l.board).unwrap();
    assert_eq!(write_obj(&l.board).unwrap(), text);
}

#[test]
fn a_name_stands_in_only_when_the_file_has_none() {
    let plain = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    let l = read_obj_named(plain.as_bytes(), &Limits::default(), "tri").unwrap();
    assert_eq!(l.board.meta().name, "tri");
    assert_eq!(read(plain).unwrap().board.meta().name, "");
    let named = BoardBuilder::from_mesh(presets::hex(2).mesh().clone())
        .meta(BoardMeta {
            name: "Its own".into(),
            ..BoardMeta::default()
        })
        .build()
        .unwrap();
    let text = write_obj(&named).unwrap();
    let l = read_obj_named(text.as_bytes(), &Limits::default(), "file-stem").unwrap();
    assert_eq!(l.board.meta().name, "Its own");
}

#[test]
fn empty_usemtl_and_null_materials_are_no_material() {
    let l = read("v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl \nusemtl (null)\nf 1 2 3\n").unwrap();
    assert!(l.notes.is_empty(), "{:?}", l.notes);
}

#[test]
fn unused_vertices_are_reported() {
    let l = read("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 5 5 0\nv 6 6 0\nf 1 2 3\n").unwrap();
    assert_eq!(l.notes, ["dropped 2 vertex lines that no face uses"]);
}

#[test]
fn a_tilted_board_is_projected_and_noted() {
    // Hex 3×3 rotated 20° about the X axis and moved up.
    let b = presets::hex(3);
    let (s, c) = (20f64.to_radians().sin(), 20f64.to_radians().cos());
    let mut text = String::new();
    for p in b.mesh().positions() {
        text.push_str(&format!("v {} {} {}\n", p.x, p.y * c, 5.0 + p.y * s));
    }
    for f in b.mesh().face_ids() {
        text.push('f');
        for v in b.mesh().face_vertices(f) {
            text.push_str(&format!(" {}", v.0 + 1));
        }
        text.push('\n');
    }
    let l = read(&text).unwrap();
    assert_eq!(l.board.face_count(), 9);
    assert_eq!(l.notes.len(), 1, "{:?}", l.notes);
    assert!(l.notes[0].contains("20.00° from XY"), "{}", l.notes[0]);
    for f in b.mesh().face_ids() {
        let (a, g) = (b.mesh().face_area(f), l.board.mesh().face_area(f));
        assert!((a - g).abs() < 1e-9, "face {f:?}: {a} vs {g}");
    }
}

/// A box-shaped tile: a 2×1 top of two squares at Z = 0.3, bottom and sides.
fn tile() -> String {
    let mut s = String::new();
    for z in [0.0, 0.3] {
        for (x, y) in [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)] {
            s.push_str(&format!("v {x} {y} {z}\n"));
        }
    }
    s.push_str("g top_a\nf 7 8 11 12\ng top_b\nf 8 9 10 11\n");
    s.push_str("g rest\nf 1 6 5 4 3 2\n");
    for i in 0..6 {
        let (a, b) = (i + 1, (i + 1) % 6 + 1);
        s.push_str(&format!("f {a} {b} {} {}\n", b + 6, a + 6));
    }
    s
}

#[test]
fn a_solid_offers_its_top_surface() {
    let e = read(&tile()).unwrap_err();
    assert!(
        matches!(
            e,
            IoError::NotFlatSolid {
                top_faces: 2,
                faces: 9,
                axis: 'Z',
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("--top-surface"), "{e}");
    let l = read_obj_with(
        tile().as_bytes(),
        &Limits::default(),
        &ObjOptions { top_surface: true },
    )
    .unwrap();
    assert_eq!(l.board.face_count(), 2);
    assert_eq!(l.board.faces().labels(), ["top_a", "top_b"]);
    assert!(
        l.notes
            .iter()
            .any(|n| n.contains("imported the top surface: 2 of 9 faces, at Z = 0.3")),
        "{:?}",
        l.notes
    );
}
