//! Round trips between the file formats, the Blender Y-up import, and atomic
//! writes.

use boardwright::board::{FaceKind, Rgba, SideTag};
use boardwright::edit::{self, BoardEdit};
use boardwright::io::{Format, board_to_string, compare_boards, load_board, save_board};
use boardwright::mesh::FaceId;
use boardwright::presets;
use std::path::Path;

fn boards_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/boards"))
}

#[test]
fn obj_ron_obj_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["boco.obj", "blender-yup.obj"] {
        let first = load_board(boards_dir().join(name)).unwrap().board;
        let ron = dir.path().join("b.ron");
        save_board(&first, &ron).unwrap();
        let second = load_board(&ron).unwrap();
        assert!(second.notes.is_empty(), "{:?}", second.notes);
        compare_boards(&first, &second.board).unwrap();
        let obj = dir.path().join("b.obj");
        save_board(&second.board, &obj).unwrap();
        let third = load_board(&obj).unwrap();
        assert!(third.notes.is_empty(), "{name}: {:?}", third.notes);
        // Everything travels through OBJ: regions, the name, labels, geometry.
        compare_boards(&first, &third.board).unwrap_or_else(|e| panic!("{name}: {e}"));
        // And the OBJ text is stable (after the name comment).
        let body = |t: String| t.split_once('\n').unwrap().1.to_string();
        assert_eq!(
            body(std::fs::read_to_string(&obj).unwrap()),
            body(board_to_string(&third.board, Format::Obj).unwrap())
        );
    }
}

#[test]
fn every_preset_survives_obj_export_with_exact_coordinates() {
    for name in presets::PRESET_NAMES {
        let b = presets::by_name(name, None).unwrap();
        let text = board_to_string(&b, Format::Obj).unwrap();
        let back = boardwright::io::obj::read_obj(text.as_bytes(), &Default::default()).unwrap();
        assert!(back.notes.is_empty(), "{name}: {:?}", back.notes);
        compare_boards(&b, &back.board).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn blender_y_up_obj_imports_seen_from_above() {
    let l = load_board(boards_dir().join("blender-yup.obj")).unwrap();
    let b = &l.board;
    assert_eq!(b.face_count(), 21);
    // Only the material library is mentioned: the shared corners of the
    // separate Blender objects are merged without "welding", and no face had to
    // be turned (Blender's upward normals make them counter-clockwise from above).
    assert_eq!(l.notes.len(), 2, "{:?}", l.notes);
    assert!(l.notes[0].contains("ignored the material library 'blender-yup.mtl'"));
    assert!(l.notes[1].contains("'Rim' → region 0 (12 faces)"));
    assert_eq!(b.mesh().vertex_count(), 28);
    // a1 is the bottom-left square in Blender's top view, c3 the top-right one,
    // b1 is right of a1 and a2 above it: the board is neither mirrored nor turned.
    let c = |l: &str| b.mesh().face_centroid(b.face_by_label(l).unwrap());
    let (a1, b1, a2, c3) = (c("a1"), c("b1"), c("a2"), c("c3"));
    assert!(
        (a1.x - 0.5).abs() < 1e-9 && (a1.y - 0.5).abs() < 1e-9,
        "{a1}"
    );
    assert!(b1.x > a1.x && (b1.y - a1.y).abs() < 1e-9);
    assert!(a2.y > a1.y && (a2.x - a1.x).abs() < 1e-9);
    assert!(
        (c3.x - 2.5).abs() < 1e-9 && (c3.y - 2.5).abs() < 1e-9,
        "{c3}"
    );
    let rim: Vec<FaceId> = b
        .mesh()
        .face_ids()
        .filter(|f| b.faces().regions()[f.index()] == Some(0))
        .collect();
    assert_eq!(rim.len(), 12);
    assert!(
        rim.iter()
            .all(|&f| b.label(f).is_empty() && b.mesh().face_degree(f) == 3)
    );
    b.validate().unwrap();
}

#[test]
fn z_up_and_yz_planes_are_detected_and_oriented() {
    // The same unit square + triangle, CCW from the positive side of each plane.
    let cases = [
        "v 0 0 5\nv 1 0 5\nv 1 1 5\nv 0 1 5\nv 2 0 5\ng sq\nf 1 2 3 4\ng tri\nf 2 5 3\n",
        "v 7 0 0\nv 7 1 0\nv 7 1 1\nv 7 0 1\nv 7 2 0\ng sq\nf 1 2 3 4\ng tri\nf 2 5 3\n",
    ];
    for src in cases {
        let l = boardwright::io::obj::read_obj(src.as_bytes(), &Default::default()).unwrap();
        assert!(l.notes.is_empty(), "{:?}", l.notes);
        let b = &l.board;
        assert_eq!(b.faces().labels(), ["sq", "tri"]);
        let t = b.mesh().face_centroid(FaceId(1));
        assert!(
            t.x > 1.0 && t.y < 0.5,
            "triangle should be right of the square: {t}"
        );
    }
}

#[test]
fn an_obj_without_a_name_is_named_after_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("tiles.obj");
    std::fs::write(&plain, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n").unwrap();
    assert_eq!(load_board(&plain).unwrap().board.meta().name, "tiles");
    // A name the file carries wins.
    let own = dir.path().join("copy.obj");
    let hex = presets::hex(3);
    save_board(&hex, &own).unwrap();
    assert!(!hex.meta().name.is_empty());
    assert_eq!(load_board(&own).unwrap().board.meta(), hex.meta());
}

#[test]
fn clockwise_obj_faces_are_reported() {
    let src = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 4 3 2\n";
    let l = boardwright::io::obj::read_obj(src.as_bytes(), &Default::default()).unwrap();
    assert_eq!(
        l.notes,
        ["the mesh was repaired: turned 1 clockwise faces counter-clockwise"]
    );
}

#[test]
fn ron_keeps_every_board_property() {
    let mut b = presets::lines_of_action();
    edit::apply_all(
        &mut b,
        [
            BoardEdit::SetKind {
                face: FaceId(3),
                kind: FaceKind::Blocked,
            },
            BoardEdit::SetKind {
                face: FaceId(4),
                kind: FaceKind::Other("lake".into()),
            },
            BoardEdit::SetColour {
                face: FaceId(5),
                colour: Some(Rgba([1, 2, 3, 200])),
            },
            BoardEdit::SetColour {
                face: FaceId(6),
                colour: Some(Rgba([255, 0, 16, 255])),
            },
            BoardEdit::SetRegion {
                face: FaceId(7),
                region: Some(3),
            },
            BoardEdit::SetLabel {
                face: FaceId(8),
                label: "odd \"label\" ✓".into(),
            },
        ],
    )
    .unwrap();
    let text = board_to_string(&b, Format::Ron).unwrap();
    let back = boardwright::io::ron::read_ron(text.as_bytes(), &Default::default()).unwrap();
    assert!(back.notes.is_empty());
    compare_boards(&b, &back.board).unwrap();
    assert_eq!(board_to_string(&back.board, Format::Ron).unwrap(), text);
    assert_eq!(back.board.faces_on_side(SideTag::Top).len(), 8);
}

#[test]
fn saving_refuses_what_cannot_be_written_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("board.obj");
    save_board(&presets::square_grid(2, 2), &p).unwrap();
    let before = std::fs::read(&p).unwrap();
    // A label too long for an OBJ line (its reader's limit) is refused, not written.
    let mut b = presets::square_grid(3, 3);
    edit::apply(
        &mut b,
        &BoardEdit::SetLabel {
            face: FaceId(0),
            label: "x".repeat(boardwright::io::obj::MAX_LINE_BYTES),
        },
    )
    .unwrap();
    let e = save_board(&b, &p).unwrap_err().to_string();
    assert!(
        e.contains("more than the 1048576 bytes of an OBJ line"),
        "{e}"
    );
    assert!(e.contains("save it as RON instead"), "{e}");
    assert!(e.len() < 400, "{e}");
    assert_eq!(std::fs::read(&p).unwrap(), before);
    let e = save_board(&b, dir.path().join("x.png"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown file type '.png'"), "{e}");
    // Writing into a folder that does not exist fails cleanly.
    let e = save_board(&presets::square_grid(2, 2), dir.path().join("nope/b.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("cannot write "), "{e}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn atomic_write_failure_leaves_the_old_file_intact() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("hex.ron");
    save_board(&presets::hex(5), &p).unwrap();
    let before = std::fs::read(&p).unwrap();
    let r = boardwright::io::atomic::write_atomic_with(&p, |w| {
        w.write_all(&before[..before.len() / 2])?;
        Err(std::io::Error::other("simulated crash mid-save"))
    });
    assert!(r.is_err());
    assert_eq!(std::fs::read(&p).unwrap(), before);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "a temporary file was left behind");
    // Replacing a file keeps it readable throughout and ends with the new board.
    save_board(&presets::hex(6), &p).unwrap();
    assert_eq!(load_board(&p).unwrap().board.face_count(), 36);
}

#[test]
fn svg_export_draws_every_face_and_tag() {
    let b = presets::hex(5);
    let s = board_to_string(&b, Format::Svg).unwrap();
    assert_eq!(s.matches("<polygon").count(), 25);
    let tagged = b.side_tags().iter().filter(|t| t.is_some()).count();
    assert_eq!(s.matches("<line ").count(), tagged);
    assert!(s.contains(">e5</text>"));
    assert!(s.contains("width=\"180.00mm\""));
}

/// A long name (a generated board's region, "P1 fixed 6 #2") is drawn
/// smaller, so that it stays inside its face, as the window draws it; short
/// names keep the board's text size, and no name is left out.
#[test]
fn svg_export_shrinks_long_labels_to_their_face() {
    let mut b = presets::hex(5);
    let long = "P1 fixed 6 #2";
    let f = b.face_by_label("c3").unwrap();
    edit::apply(
        &mut b,
        &BoardEdit::SetLabel {
            face: f,
            label: long.into(),
        },
    )
    .unwrap();
    let s = board_to_string(&b, Format::Svg).unwrap();
    let size_of = |label: &str| -> f64 { text_attr(&s, label, "font-size").parse().unwrap() };
    let (short, shrunk) = (size_of("e5"), size_of(long));
    assert_eq!(size_of("a1"), short);
    assert!(shrunk < short, "{shrunk} against {short}");
    // Its box (letters under 0.6 em wide) fits the cell: the text size is
    // 0.28 of an edge, and a hexagon is √3 edges wide across its flat sides.
    let across = short / 0.28 * 3f64.sqrt();
    assert!(shrunk * 0.6 * long.len() as f64 <= across, "{shrunk}");
    // At the board's size it would spill over.
    assert!(short * 0.6 * long.len() as f64 > across);
    assert_eq!(s.matches("</text>").count(), 25);
}

/// The attribute `name` of the SVG text element that writes `label`.
fn text_attr(svg: &str, label: &str, name: &str) -> String {
    let end = svg.find(&format!(">{label}</text>")).expect(label);
    let start = svg[..end].rfind("<text").unwrap();
    let element = &svg[start..end];
    let key = format!(" {name}=\"");
    let at = element.find(&key).expect(name) + key.len();
    element[at..].split('"').next().unwrap().to_string()
}

/// A label on a dark face is drawn light, as the window draws it; a pale or
/// mostly transparent colour keeps the dark label.
#[test]
fn svg_export_draws_labels_light_on_dark_faces() {
    let mut b = presets::hex(3);
    for (label, colour) in [
        ("a1", Rgba([0x80, 0x10, 0x10, 255])),
        ("b1", Rgba([0xf0, 0xe0, 0xa0, 255])),
        ("c1", Rgba([0x10, 0x10, 0x60, 0x30])),
    ] {
        let face = b.face_by_label(label).unwrap();
        let colour = Some(colour);
        edit::apply(&mut b, &BoardEdit::SetColour { face, colour }).unwrap();
    }
    let s = board_to_string(&b, Format::Svg).unwrap();
    let fill_of = |label: &str| text_attr(&s, label, "fill");
    assert_eq!(fill_of("a1"), "#ffffff");
    assert_eq!(fill_of("b1"), "#222222");
    assert_eq!(fill_of("c1"), "#222222");
    assert_eq!(fill_of("c3"), "#222222");
}

fn data_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}

/// A format-1 board file with every kind of face datum, side tag and setup
/// loads with all of it, is saved as format 2 and reads back identical.
#[test]
fn format_1_file_loads_and_survives_a_format_2_round_trip() {
    let first = load_board(data_dir().join("board-v1-everything.ron")).unwrap();
    assert!(first.notes.is_empty(), "{:?}", first.notes);
    let b = &first.board;
    assert_eq!(b.meta().name, "Everything \"quoted\" ✓");
    assert_eq!(b.meta().description, "line one\nline two");
    assert_eq!(b.meta().suggested_rules, ["hex", "boco"]);
    assert_eq!(b.face_count(), 6);
    let f = |i: u32| b.face_data(FaceId(i));
    assert_eq!(f(0).label, "a1");
    assert_eq!(f(0).colour, Some(Rgba([0x33, 0x66, 0x99, 255])));
    assert_eq!(f(0).region, Some(1));
    assert_eq!(f(1).kind, FaceKind::Blocked);
    assert_eq!(f(2).label, "");
    assert_eq!(f(2).kind, FaceKind::Other("lake".into()));
    assert_eq!(f(2).colour, Some(Rgba([0x11, 0x22, 0x33, 0x44])));
    assert_eq!(f(3).kind, FaceKind::Garden);
    assert_eq!(f(4).kind, FaceKind::FixedRegion);
    assert_eq!(f(4).region, Some(u32::MAX));
    assert_eq!(f(4).coord, None);
    assert_eq!(f(5).label, "ü\\x");
    assert_eq!(f(5).coord, Some(boardwright::board::GridCoord::new(-3, 2)));
    assert_eq!(b.setup().pieces, [(FaceId(0), 0), (FaceId(5), 1)]);
    let mut tags = b.tagged_sides();
    tags.sort();
    assert_eq!(
        tags,
        [
            SideTag::Top,
            SideTag::Bottom,
            SideTag::Left,
            SideTag::side(2).unwrap(),
            SideTag::corner(3).unwrap()
        ]
    );

    let text = board_to_string(b, Format::Ron).unwrap();
    assert!(text.starts_with("(\n    format_version: 3,\n"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v2.ron");
    save_board(b, &path).unwrap();
    let second = load_board(&path).unwrap();
    assert!(second.notes.is_empty(), "{:?}", second.notes);
    compare_boards(b, &second.board).unwrap();
    assert_eq!(&second.board, b);
    // The positions are the same numbers, not just close ones.
    assert_eq!(second.board.mesh().positions(), b.mesh().positions());
    assert_eq!(board_to_string(&second.board, Format::Ron).unwrap(), text);
}

/// Boards as the first format-2 writer saved them (whole coordinates as
/// `1.0`) still load, and a save writes whole coordinates without a fraction
/// (`1`): a smaller file that reads back as the same board, bit for bit.
#[test]
fn first_format_2_files_load_and_save_whole_coordinates_without_a_fraction() {
    let mut seen = 0;
    for entry in std::fs::read_dir(data_dir().join("boards-v2-first")).unwrap() {
        let path = entry.unwrap().path();
        let old = std::fs::read_to_string(&path).unwrap();
        assert!(
            old.contains("\n0.0, ") || old.contains(".0,\n"),
            "{}",
            path.display()
        );
        let first = load_board(&path).unwrap();
        assert!(first.notes.is_empty(), "{:?}", first.notes);
        let text = board_to_string(&first.board, Format::Ron).unwrap();
        assert!(text.len() < old.len(), "{}", path.display());
        let vertices = &text[text.find("vertices: [").unwrap()..text.find("faces: [").unwrap()];
        for n in vertices.lines().skip(1).flat_map(|l| l.split(", ")) {
            let n = n.trim_end_matches(',');
            assert!(!n.ends_with(".0") || n == "-0.0", "{}: {n}", path.display());
        }
        let back = boardwright::io::ron::read_ron(text.as_bytes(), &Default::default()).unwrap();
        assert_eq!(back.board, first.board, "{}", path.display());
        let bits = |b: &boardwright::board::Board| {
            b.mesh()
                .positions()
                .iter()
                .flat_map(|p| [p.x.to_bits(), p.y.to_bits()])
                .collect::<Vec<_>>()
        };
        assert_eq!(bits(&back.board), bits(&first.board), "{}", path.display());
        seen += 1;
    }
    assert_eq!(seen, 4);
}

/// The boards this repository shipped in format 2 (`tests/data/boards-v2`,
/// saved by boardwright before format 3) load, and save as format 3: never a
/// larger file, read back as the same board bit for bit, and equal to the
/// shipped board of the same name (`boards/`, now format 3).
#[test]
fn shipped_format_2_boards_load_and_save_as_format_3() {
    let mut seen = 0;
    for entry in std::fs::read_dir(data_dir().join("boards-v2")).unwrap() {
        let path = entry.unwrap().path();
        let old = std::fs::read_to_string(&path).unwrap();
        assert!(old.contains("format_version: 2,"), "{}", path.display());
        let first = load_board(&path).unwrap();
        assert!(first.notes.is_empty(), "{:?}", first.notes);
        let text = board_to_string(&first.board, Format::Ron).unwrap();
        assert!(text.contains("format_version: 3,"));
        assert!(text.len() <= old.len(), "{}", path.display());
        let back = boardwright::io::ron::read_ron(text.as_bytes(), &Default::default()).unwrap();
        assert_eq!(back.board, first.board, "{}", path.display());
        assert_eq!(
            back.board.mesh().positions(),
            first.board.mesh().positions()
        );
        let shipped = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/boards"))
            .join(path.file_name().unwrap());
        assert_eq!(
            std::fs::read_to_string(&shipped).unwrap(),
            text,
            "{}",
            shipped.display()
        );
        seen += 1;
    }
    assert_eq!(seen, 7);
}

/// What a grid implies is written as runs: a square board's labels are one
/// `from_coords(n)`, its coordinates one `run(col, row, n)` per row; a face
/// renamed or moved off the grid breaks the run there and nowhere else.
#[test]
fn grid_labels_and_coordinates_are_written_as_runs() {
    use boardwright::board::{BoardBuilder, FaceData};
    let b = boardwright::presets::square_grid(5, 3);
    let text = board_to_string(&b, Format::Ron).unwrap();
    assert!(
        text.contains("    labels: [\n        from_coords(15),\n    ],\n"),
        "{text}"
    );
    assert!(
        text.contains("    coords: [\n        run(0, 0, 5), run(0, 1, 5), run(0, 2, 5),\n    ],\n"),
        "{text}"
    );
    let mut rows: Vec<FaceData> = b.faces().rows().collect();
    rows[6].label = "Paris".into();
    rows[12].coord = None;
    rows[13].label = "C3".into();
    let b = BoardBuilder::from_mesh(b.mesh().clone())
        .faces(rows)
        .build()
        .unwrap();
    let text = board_to_string(&b, Format::Ron).unwrap();
    // Face 12 has no coordinates and keeps its label, written as it is;
    // "C3" is not the grid name "d3"; runs shorter than three are spelt out.
    assert!(
        text.contains(
            "        from_coords(6), \"Paris\", from_coords(5), \"c3\", \"C3\", \"e3\",\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("run(0, 0, 5), run(0, 1, 5), (0, 2), (1, 2), None, (3, 2), (4, 2),"),
        "{text}"
    );
    let back = boardwright::io::ron::read_ron(text.as_bytes(), &Default::default()).unwrap();
    assert_eq!(back.board, b);
}

/// Runs are format 3: a file that says format 2 and holds one is refused
/// with the reason, and so is a run longer than the board allows.
#[test]
fn runs_in_a_format_2_file_or_beyond_the_limits_are_refused() {
    let b = boardwright::presets::square_grid(3, 3);
    let text = board_to_string(&b, Format::Ron).unwrap();
    let v2 = text.replace("format_version: 3,", "format_version: 2,");
    let e = boardwright::io::ron::read_ron(v2.as_bytes(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("'from_coords(…)' is format 3, but the file says format_version 2"),
        "{e}"
    );
    let long = text.replace("run(0, 2, 3)", "run(0, 2, 99999999999)");
    let e = boardwright::io::ron::read_ron(long.as_bytes(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("more than") && e.contains("grid coordinates"),
        "{e}"
    );
    let wide = text.replace("run(0, 2, 3)", "run(2147483646, 2, 3)");
    let e = boardwright::io::ron::read_ron(wide.as_bytes(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("a grid coordinate is too large"), "{e}");
    let short = text.replace("from_coords(9)", "from_coords(8)");
    let e = boardwright::io::ron::read_ron(short.as_bytes(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("the board has 9 faces but 8 labels"), "{e}");
}

/// Every board saved by the previous release (format 1, `boards/*.ron`) loads,
/// and its format-2 text reads back as the same board.
#[test]
fn shipped_format_1_boards_load_and_round_trip_through_format_2() {
    // The boards this repository shipped in format 1, kept as they were.
    let mut seen = 0;
    let v1 = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/boards-v1"));
    for entry in std::fs::read_dir(v1).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let old = std::fs::read_to_string(&path).unwrap();
        let first = load_board(&path).unwrap();
        let text = board_to_string(&first.board, Format::Ron).unwrap();
        assert!(text.contains("format_version: 3,"));
        assert!(
            text.len() < old.len(),
            "{}: format 2 is {} bytes, format 1 {}",
            path.display(),
            text.len(),
            old.len()
        );
        let back = boardwright::io::ron::read_ron(text.as_bytes(), &Default::default()).unwrap();
        assert_eq!(back.board, first.board, "{}", path.display());
        seen += 1;
    }
    assert!(seen >= 5);
}
