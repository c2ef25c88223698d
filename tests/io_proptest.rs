//! Property tests: the readers never panic on any input, and random boards
//! survive save → load unchanged.

use boardwright::board::{
    Board, BoardBuilder, BoardMeta, FaceData, FaceKind, GridCoord, Rgba, SideTag,
};
use boardwright::io::{Format, Limits, board_to_string, compare_boards, obj, ron};
use boardwright::mesh::FaceId;
use boardwright::presets;
use proptest::prelude::*;

mod obj_common;

fn limits() -> Limits {
    // Small limits keep the random inputs cheap; behaviour is the same.
    Limits {
        max_faces: 10_000,
        max_vertices: 10_000,
        max_corners: 100_000,
        max_face_sides: 64,
        ..Limits::default()
    }
}

const OBJ_SEED: &str = "mtllib m.mtl\no a\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\n\
g b\nf 1/1/1 2/1/1 3/1/1 4/1/1\ng c\nf 2 5 3\nv 2 0 0\nl 1 2\nf -1 -2 -3\n";

/// boardwright's own export, with a BOM, CRLF, a continuation and a solid's side.
const OBJ_SEED_OURS: &str = "\u{feff}o bw{board}\r\nv 0 0 0\r\nv 1 0 0\r\nv 1 0 -1\r\nv 0 0 -1 0.5 0.5 0.5\r\n\
usemtl bw{l=a_1;c=0,0;k=other:x%3B;rgba=01020304;r=3;p=1@0}\r\nf 1 2 \\\r\n3 4\r\nusemtl \r\nv 2 0 0\nf 2 5 3\n\
o bw{side=top}\nl 1 2\no bw{meta=1/2;n=A_}\nl 1 2\no bw{meta=2/2;b;r=hex}\nl 1 2\nv 0 1 0\nf 1 4 6\n";

fn ron_seed() -> String {
    board_to_string(&presets::lines_of_action(), Format::Ron).unwrap()
}

/// Bytes that look like the format: a valid file with random edits.
fn mutated(seed: String) -> impl Strategy<Value = Vec<u8>> {
    let len = seed.len();
    prop::collection::vec((0..len, any::<u8>(), 0u8..4), 1..8).prop_map(move |edits| {
        let mut b = seed.clone().into_bytes();
        for (pos, byte, op) in edits {
            let pos = pos.min(b.len());
            match op {
                0 => {
                    if pos < b.len() {
                        b[pos] = byte;
                    }
                }
                1 => b.insert(pos, byte),
                2 => b.truncate(pos),
                _ => {
                    let tok: &[u8] = [&b"-1"[..], b"nan", b"1e400", b"(", b")", b",", b"f", b"\n"]
                        [byte as usize % 8];
                    b.splice(pos..pos, tok.iter().copied());
                }
            }
        }
        b
    })
}

/// 300 cases by default; `PROPTEST_CASES=100000` for a longer fuzz run.
fn reader_cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: reader_cases(), ..ProptestConfig::default() })]

    #[test]
    fn obj_reader_never_panics_on_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = obj::read_obj(&bytes, &limits());
    }

    #[test]
    fn obj_reader_never_panics_on_mutated_files(bytes in mutated(OBJ_SEED.to_string())) {
        if let Err(e) = obj::read_obj(&bytes, &limits()) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }

    #[test]
    fn obj_reader_never_panics_on_mutated_own_exports(bytes in mutated(OBJ_SEED_OURS.to_string())) {
        if let Err(e) = obj::read_obj(&bytes, &limits()) {
            prop_assert!(!e.to_string().contains('\n'));
            prop_assert!(e.to_string().len() < 600, "{}", e);
        }
        let opts = obj::ObjOptions { top_surface: true };
        let _ = obj::read_obj_with(&bytes, &limits(), &opts);
    }

    #[test]
    fn ron_reader_never_panics_on_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = ron::read_ron(&bytes, &limits());
    }

    #[test]
    fn ron_reader_never_panics_on_mutated_files(bytes in mutated(ron_seed())) {
        if let Err(e) = ron::read_ron(&bytes, &limits()) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }
}

#[derive(Debug, Clone)]
struct Spec {
    preset: u8,
    size: u32,
    seed: Vec<u32>,
    name: String,
    rules: Vec<String>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        0u8..6,
        1u32..6,
        prop::collection::vec(any::<u32>(), 64..65),
        "\\PC{0,12}",
        prop::collection::vec("[a-z]{1,6}", 0..3),
    )
        .prop_map(|(preset, size, seed, name, rules)| Spec {
            preset,
            size,
            seed,
            name,
            rules,
        })
}

/// A preset dressed with random labels, coordinates, kinds, colours, regions,
/// side tags and setup, all consistent.
fn random_board(s: &Spec) -> Board {
    let b = match s.preset {
        0 => presets::square_grid(s.size, s.size + 1),
        1 => presets::hex(s.size),
        2 => presets::triangle_grid(s.size),
        3 => presets::twixt(s.size + 4),
        4 => presets::boco(),
        _ => presets::lines_of_action(),
    };
    let mut r = s.seed.iter().copied().cycle();
    let mut next = move |n: u32| r.next().unwrap_or(0) % n.max(1);
    let prefixes = ["", "x", "Zelle ", "\"q\"", "é", "a b", " lead"];
    let mut rows: Vec<FaceData> = b.faces().rows().collect();
    // Mostly the preset's labels and grid coordinates, so runs of both
    // (`from_coords(n)`, `run(col, row, n)`) are written, broken now and then.
    for (f, row) in rows.iter_mut().enumerate() {
        match next(10) {
            0 => row.label = "".into(),
            1 => {
                let p = prefixes[next(prefixes.len() as u32) as usize];
                row.label = format!("{p}·{f}").into();
            }
            // Almost its grid name, but not quite.
            2 => row.label = row.label.to_uppercase(),
            _ => {}
        }
        row.coord = match next(10) {
            0 => None,
            1 => Some(GridCoord::new(next(50) as i32 - 25, next(50) as i32 - 25)),
            _ => row.coord,
        };
        row.kind = match next(6) {
            0 => FaceKind::Blocked,
            1 => FaceKind::FixedRegion,
            2 => FaceKind::Garden,
            3 => FaceKind::Other(format!("k{}", next(3))),
            _ => FaceKind::Cell,
        };
        row.colour = (next(3) == 0).then(|| {
            Rgba([
                next(256) as u8,
                next(256) as u8,
                next(256) as u8,
                if next(2) == 0 { 255 } else { next(256) as u8 },
            ])
        });
        row.region = (next(3) == 0).then(|| next(5));
    }
    let mut tags = Vec::new();
    for e in b.mesh().edge_ids() {
        let boundary = b.mesh().is_boundary_edge(e);
        let tag = if boundary && next(3) == 0 {
            Some(SideTag::ALL[next(4) as usize])
        } else if boundary && next(2) == 0 {
            None
        } else {
            b.side_tag(e)
        };
        tags.extend(tag.map(|t| (e, t)));
    }
    let mut setup = b.setup().clone();
    if next(2) == 0 {
        setup.pieces.clear();
        for f in 0..b.face_count() {
            if next(5) == 0 {
                setup.pieces.push((FaceId(f as u32), next(2) as u8));
            }
        }
        // A list not in face order keeps its own order.
        if next(2) == 0 {
            setup.pieces.reverse();
        }
    }
    BoardBuilder::from_mesh(b.mesh().clone())
        .faces(rows)
        .tag_edges(tags)
        .setup(setup)
        .meta(BoardMeta {
            name: s.name.clone(),
            description: format!("random board {}\nsecond line", s.seed[0]),
            suggested_rules: s.rules.clone(),
        })
        .build()
        .unwrap()
}

/// `b` as format-2 text (as boardwright wrote it before format 3): the
/// current text with the `labels` and `coords` columns spelled out face by
/// face, without runs.
fn format_2_text(b: &Board) -> String {
    let text = board_to_string(b, Format::Ron).unwrap();
    let mut out = String::new();
    let mut skipping = false;
    for line in text.lines() {
        if skipping {
            skipping = line.trim() != "],";
            continue;
        }
        match line.trim() {
            "format_version: 3," => out.push_str("    format_version: 2,\n"),
            "labels: [" => {
                out.push_str("    labels: [");
                for f in b.mesh().face_ids() {
                    out.push_str(&format!("{:?}, ", b.label(f)));
                }
                out.push_str("],\n");
                skipping = true;
            }
            "coords: [" => {
                out.push_str("    coords: [");
                for f in b.mesh().face_ids() {
                    match b.coord(f) {
                        Some(g) => out.push_str(&format!("({}, {}), ", g.col, g.row)),
                        None => out.push_str("None, "),
                    }
                }
                out.push_str("],\n");
                skipping = true;
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// `older` (a board file of an older format) reads as `b`, with nothing to
/// report, and its format-3 text reads back as `b` too.
fn upgrades_to_format_3(b: &Board, older: &str) -> Result<(), TestCaseError> {
    let first = ron::read_ron(older.as_bytes(), &Limits::default())
        .map_err(|e| TestCaseError::fail(format!("{e}\n{older}")))?;
    prop_assert!(first.notes.is_empty(), "{:?}", first.notes);
    prop_assert_eq!(&first.board, b);
    let v3 = board_to_string(&first.board, Format::Ron).unwrap();
    prop_assert!(v3.contains("format_version: 3,"));
    let second = ron::read_ron(v3.as_bytes(), &Limits::default())
        .map_err(|e| TestCaseError::fail(format!("{e}\n{v3}")))?;
    prop_assert_eq!(&second.board, b);
    compare_boards(b, &second.board).map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A board saved as format 2 (before runs) → load → save (format 3) →
    /// load gives the identical board.
    #[test]
    fn random_format_2_boards_survive_the_upgrade_to_format_3(s in spec()) {
        let b = random_board(&s);
        let v2 = format_2_text(&b);
        prop_assert!(v2.contains("format_version: 2,"));
        prop_assert!(!v2.contains("run(") && !v2.contains("from_coords("));
        upgrades_to_format_3(&b, &v2)?;
    }

    #[test]
    fn random_boards_survive_ron_save_and_load(s in spec()) {
        let b = random_board(&s);
        b.validate().unwrap();
        let text = board_to_string(&b, Format::Ron).unwrap();
        let back = ron::read_ron(text.as_bytes(), &Limits::default())
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert!(back.notes.is_empty(), "{:?}", back.notes);
        if let Err(e) = compare_boards(&b, &back.board) {
            return Err(TestCaseError::fail(e));
        }
        prop_assert_eq!(board_to_string(&back.board, Format::Ron).unwrap(), text);
    }

    /// RON → OBJ → RON keeps every face datum, side tag, start piece and
    /// metadata, and the OBJ text is stable.
    #[test]
    fn random_boards_survive_ron_obj_ron_exactly(s in spec()) {
        let b = random_board(&s);
        b.validate().unwrap();
        let ron_text = board_to_string(&b, Format::Ron).unwrap();
        let from_ron = ron::read_ron(ron_text.as_bytes(), &Limits::default()).unwrap().board;
        let text = board_to_string(&from_ron, Format::Obj).unwrap();
        let back = obj::read_obj(text.as_bytes(), &Limits::default())
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert!(back.notes.is_empty(), "{:?}", back.notes);
        if let Err(e) = compare_boards(&b, &back.board) {
            return Err(TestCaseError::fail(e));
        }
        // (The RON text may number vertices differently: OBJ numbers them in
        // order of first use.)
        prop_assert_eq!(board_to_string(&back.board, Format::Obj).unwrap(), text);
    }

    /// Through Blender (import, export, and again into a scene that already
    /// holds the names): the same board, up to face order and Blender's single
    /// precision, with nothing to report but the material library.
    #[test]
    fn random_boards_survive_a_trip_through_blender(s in spec()) {
        let b = random_board(&s);
        b.validate().unwrap();
        let text = board_to_string(&b, Format::Obj).unwrap();
        for renamed in [false, true] {
            let blender = obj_common::through_blender(&text, renamed);
            let back = obj::read_obj(blender.as_bytes(), &Limits::default())
                .map_err(|e| TestCaseError::fail(format!("{e}\n{blender}")))?;
            prop_assert_eq!(
                &back.notes,
                &["ignored the material library 'board.mtl' (boardwright never reads materials)"]
            );
            if let Err(e) = obj_common::same_board(&b, &back.board, 1e-5) {
                return Err(TestCaseError::fail(format!("{e}\n{blender}")));
            }
        }
    }

    /// The writer never writes what its reader refuses: at limits equal to the
    /// board's own counts it writes a file that reads back the same; one below
    /// any of them it refuses with the reason.
    #[test]
    fn obj_writer_respects_the_readers_limits(s in spec(), long in 0usize..3) {
        let mut b = random_board(&s);
        // Now and then face 0 carries only a label as long as the longest
        // line an OBJ file may have (long = 1), or one byte longer (long = 2).
        let max = obj::MAX_LINE_BYTES - "usemtl bw{l=}".len();
        if long > 0 {
            let mut rows: Vec<FaceData> = b.faces().rows().collect();
            rows[0] = FaceData {
                label: "x".repeat(max + long - 1).into(),
                ..FaceData::default()
            };
            let mut setup = b.setup().clone();
            setup.pieces.retain(|p| p.0 != FaceId(0));
            let long_label = BoardBuilder::from_mesh(b.mesh().clone())
                .faces(rows)
                .tag_edges(b.tagged_edges())
                .setup(setup)
                .meta(b.meta().clone())
                .build();
            prop_assume!(long_label.is_ok());
            b = long_label.unwrap();
        }
        let m = b.mesh();
        let tags = b.tagged_edges().count();
        let written = obj::write_obj(&b);
        let label_fits = b.label(FaceId(0)).len() <= max;
        prop_assert_eq!(written.is_ok(), label_fits, "{:?}", written.as_ref().err());
        if !label_fits {
            let e = written.unwrap_err().to_string();
            prop_assert!(e.contains("bytes of an OBJ line"), "{}", e);
            return Ok(());
        }
        let text = written.unwrap();
        let meta_parts = text.matches("\no bw{meta=").count();
        let exact = Limits {
            max_file_bytes: text.len() as u64,
            max_faces: m.face_count(),
            max_vertices: m.vertex_count(),
            max_corners: m.face_ids().map(|f| m.face_degree(f)).sum::<usize>() + 2 * tags + 2 * meta_parts,
            max_face_sides: m.face_ids().map(|f| m.face_degree(f)).max().unwrap_or(0),
            ..Limits::default()
        };
        prop_assert_eq!(obj::write_obj_with(&b, &exact).unwrap(), text.clone());
        let back = obj::read_obj(text.as_bytes(), &exact)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        if let Err(e) = compare_boards(&b, &back.board) {
            return Err(TestCaseError::fail(e));
        }
        let below = [
            Limits { max_file_bytes: exact.max_file_bytes - 1, ..exact },
            Limits { max_faces: exact.max_faces - 1, ..exact },
            Limits { max_vertices: exact.max_vertices - 1, ..exact },
            Limits { max_corners: exact.max_corners - 1, ..exact },
            Limits { max_face_sides: exact.max_face_sides - 1, ..exact },
        ];
        for l in below {
            let e = obj::write_obj_with(&b, &l).unwrap_err().to_string();
            prop_assert!(e.contains("cannot be written as OBJ"), "{}", e);
            prop_assert!(obj::read_obj(text.as_bytes(), &l).is_err());
        }
    }
}

/// The board as the format-1 text the previous release wrote.
fn format_1_text(b: &Board) -> String {
    let mesh = b.mesh();
    let file = ron::BoardFileV1 {
        format_version: 1,
        meta: ron::MetaDto {
            name: b.meta().name.clone(),
            description: b.meta().description.clone(),
            suggested_rules: b.meta().suggested_rules.clone(),
        },
        vertices: mesh.positions().iter().map(|p| (p.x, p.y)).collect(),
        faces: mesh
            .face_ids()
            .map(|f| {
                let d = b.face_data(f);
                ron::FaceDto {
                    vertices: mesh.face_vertices(f).map(|v| v.0).collect(),
                    label: d.label.into(),
                    coord: d.coord,
                    kind: d.kind,
                    colour: d.colour.map(ron::Colour),
                    region: d.region,
                }
            })
            .collect(),
        side_tags: b
            .tagged_edges()
            .map(|(e, t)| {
                let [x, y] = mesh.edge_vertices(e);
                (x.0, y.0, t)
            })
            .collect(),
        setup: b
            .setup()
            .pieces
            .iter()
            .map(|&(f, player)| ron::PieceDto { face: f.0, player })
            .collect(),
    };
    let cfg = ::ron::ser::PrettyConfig::new().struct_names(false);
    ::ron::ser::to_string_pretty(&file, cfg).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Format 1 → load → save (format 3) → load gives the identical board:
    /// every face datum, side tag, start piece, the metadata and the exact
    /// vertex positions.
    #[test]
    fn random_format_1_boards_survive_the_upgrade_to_format_3(s in spec()) {
        let b = random_board(&s);
        let v1 = format_1_text(&b);
        prop_assert!(v1.contains("format_version: 1,"));
        upgrades_to_format_3(&b, &v1)?;
    }

    /// Mutated format-2 text never panics the reader, and every error is one
    /// line.
    #[test]
    fn ron_reader_never_panics_on_mutated_format_2_files(bytes in mutated(format_2_seed())) {
        if let Err(e) = ron::read_ron(&bytes, &limits()) {
            prop_assert!(!e.to_string().contains('\n'), "{}", e);
        }
    }

    /// Mutated format-3 text (the format every save writes now, with runs of
    /// labels and grid coordinates) never panics the reader either.
    #[test]
    fn ron_reader_never_panics_on_mutated_format_3_files(bytes in mutated(format_3_seed())) {
        if let Err(e) = ron::read_ron(&bytes, &limits()) {
            prop_assert!(!e.to_string().contains('\n'), "{}", e);
        }
    }
}

/// A format-2 file with every column, side tags and setup.
fn format_2_seed() -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/board-v1-everything.ron"
    ))
    .unwrap();
    let b = ron::read_ron(text.as_bytes(), &Limits::default())
        .unwrap()
        .board;
    format_2_text(&b)
}

/// A 4×4 square board with one face renamed, one without grid coordinates
/// and a colour: runs of both kinds, broken, and every other column.
fn format_3_seed() -> String {
    let b = presets::square_grid(4, 4);
    let mut rows: Vec<FaceData> = b.faces().rows().collect();
    rows[5].label = "Paris".into();
    rows[9].coord = None;
    rows[10].kind = FaceKind::Blocked;
    rows[11].colour = Some(Rgba([1, 2, 3, 255]));
    rows[12].region = Some(2);
    let b = BoardBuilder::from_mesh(b.mesh().clone())
        .faces(rows)
        .build()
        .unwrap();
    let text = board_to_string(&b, Format::Ron).unwrap();
    assert!(
        text.contains("from_coords(5)") && text.contains("run(0, 0, 4)"),
        "{text}"
    );
    text
}
