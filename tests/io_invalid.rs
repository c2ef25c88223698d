//! Every file of the malformed corpus in tests/data/invalid/ is refused with its
//! own specific, user-readable error (and never a panic).

use boardwright::io::load_board;
use std::path::Path;

const EXPECTED: &[(&str, &str)] = &[
    (
        "bad-colour.ron",
        "line 6, column 61: invalid colour \"#12345\"",
    ),
    (
        "bad-face.obj",
        "line 5: a face has a vertex reference 'x' that is not a number (expected forms like 7, 7/2, 7//3 or 7/2/3)",
    ),
    (
        "bad-index.obj",
        "line 5: the face refers to vertex 5, but the file has only 4",
    ),
    (
        "bad-vertex-index.ron",
        "face 0 refers to vertex 9, but there are only 6 vertices",
    ),
    (
        "bad-vertex.obj",
        "line 2: a vertex ('v') needs three numbers x y z",
    ),
    ("degenerate.obj", "face 0 has zero area"),
    (
        "duplicate-labels.ron",
        "two faces are labelled 'a1' (faces 0 and 1)",
    ),
    ("empty.obj", "the file is empty"),
    ("empty.ron", "the file is empty"),
    (
        "future-version.ron",
        "made by a newer boardwright: format_version 7, this build reads versions up to 3",
    ),
    (
        "garbage.obj",
        "the file is not text (invalid UTF-8 at line 1, column 1)",
    ),
    (
        "garbage.ron",
        "the file is not text (invalid UTF-8 at line 1, column 1)",
    ),
    (
        "nan.obj",
        "line 1: a vertex has a coordinate that is not a finite number",
    ),
    (
        "nan.ron",
        "vertex 0 has a coordinate that is not a finite number",
    ),
    (
        "negative-index.obj",
        "line 5: the face refers to vertex -7 (counting back), but only 4 come before it",
    ),
    ("no-faces.obj", "the file has no faces"),
    ("no-faces.ron", "the board has no faces"),
    (
        "no-version.ron",
        "not a boardwright board file: it has no format_version",
    ),
    (
        "non-manifold.obj",
        "non-manifold edge between (0, 0) and (1, 0): used by faces [0, 1, 2]",
    ),
    (
        "non-manifold.ron",
        "non-manifold edge between (0, 0) and (1, 0): used by faces [0, 2]",
    ),
    (
        "non-planar.obj",
        "the mesh is not flat: its vertices lie up to 0.130751 off the plane that fits them best (the board is 1 across, and a board may be off its plane by at most 0.0001)",
    ),
    (
        "solid-cube.obj",
        "the mesh is not flat: it is a solid 2 thick along Z; its top surface (1 of 6 faces, at Z = 1) can be imported instead (on the command line: --top-surface)",
    ),
    (
        "missing-vertex-with-normals.obj",
        "line 6: the face refers to vertex 7, but the file has only 3",
    ),
    (
        "vertex-with-words.obj",
        "line 2: a vertex ('v') has values other than x y z, an optional weight w or an optional colour r g b [a]",
    ),
    ("polylines-only.obj", "the file has no faces"),
    (
        "same-label-twice.obj",
        "two faces are labelled 'a1' (faces 0 and 1)",
    ),
    (
        "bad-continuation.obj",
        "line 5: a face has a vertex reference 'v' that is not a number",
    ),
    (
        "repeated-vertex.obj",
        "face 0 visits the vertex at (1, 0) more than once",
    ),
    ("self-intersecting.obj", "face 0 crosses or touches itself"),
    (
        "setup-bad-player.ron",
        "names player 2 on face 1; players are 0 and 1",
    ),
    (
        "setup-missing-face.ron",
        "the start setup names face 99, which does not exist",
    ),
    ("syntax-error.ron", "line 4, column 27: Expected comma"),
    (
        "tag-interior-edge.ron",
        "side tag 'left' on vertices 1 and 4: that edge is inside the board",
    ),
    (
        "tag-not-an-edge.ron",
        "side tag 'left' on vertices 0 and 5: no edge joins them",
    ),
    (
        "truncated.ron",
        "line 9, column 46: the file ends too early (is it truncated?)",
    ),
    (
        "unknown-field.ron",
        "line 6, column 34: unknown field 'lable' in a face (the fields are: vertices, label, coord, kind, colour, region)",
    ),
    (
        "zero-index.obj",
        "line 5: the face refers to vertex 0, but OBJ indices start at 1",
    ),
    (
        "v2-bad-colour.ron",
        "line 16, column 21: invalid colour \"#12345\"",
    ),
    (
        "v2-bad-index.ron",
        "face 1 refers to vertex 9, but there are only 6 vertices",
    ),
    (
        "v2-bad-kind.ron",
        "line 16, column 19: unknown face kind 'lake'",
    ),
    (
        "v2-bad-number.ron",
        "line 10, column 6: expected a number but found '1.0.5'",
    ),
    (
        "v2-bad-side-tag.ron",
        "line 16, column 40: unknown value 'botom'",
    ),
    (
        "v2-big-coord.ron",
        "line 16, column 26: a grid coordinate is too large",
    ),
    (
        "v2-duplicate-field.ron",
        "line 16, column 5: the field 'faces' appears twice in the board",
    ),
    ("v2-missing-faces.ron", "the board needs the field 'faces'"),
    (
        "v2-odd-vertices.ron",
        "the vertices hold 5 numbers; they must come in x, y pairs",
    ),
    (
        "v2-short-column.ron",
        "the board has 2 faces but 1 labels: there must be one per face",
    ),
    (
        "v2-truncated.ron",
        "line 14, column 6: expected a whole number but found the end of the file (is it truncated?)",
    ),
    (
        "v2-unclosed-face.ron",
        "line 16, column 1: expected '[' (the list of vertices in one face) but found ')'",
    ),
    (
        "v2-with-run.ron",
        "line 16, column 14: 'run(…)' is format 3, but the file says format_version 2",
    ),
    (
        "v3-bad-run.ron",
        "line 16, column 22: expected ',' and the run's face count: run(col, row, count) but found ')'",
    ),
    (
        "v3-label-run-no-count.ron",
        "line 16, column 26: expected a whole number but found 'x'",
    ),
    (
        "v3-long-run.ron",
        "the board has 2 faces but 3 grid coordinates: there must be one per face",
    ),
    (
        "v3-run-too-wide.ron",
        "line 16, column 26: a grid coordinate is too large",
    ),
    (
        "v3-short-label-run.ron",
        "the board has 2 faces but 1 labels: there must be one per face",
    ),
    (
        "v2-unknown-field.ron",
        "line 16, column 5: unknown field 'lables' in the board (the fields are: format_version, meta, vertices, faces, labels, coords, kinds, colours, regions, side_tags, setup)",
    ),
    (
        "zero-version.ron",
        "format_version 0 is not a valid version",
    ),
];

fn corpus() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/invalid"))
}

#[test]
fn every_invalid_file_gets_its_specific_error() {
    for (name, expected) in EXPECTED {
        let path = corpus().join(name);
        let err = match load_board(&path) {
            Ok(_) => panic!("{name} was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(
            err.contains(expected),
            "{name}: expected error containing {expected:?}, got {err:?}"
        );
        assert!(
            err.contains(name),
            "{name}: the error does not name the file: {err}"
        );
        assert!(
            !err.contains('\n'),
            "{name}: the error is not one line: {err}"
        );
    }
}

#[test]
fn the_corpus_has_no_untested_files() {
    let mut names: Vec<String> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut listed: Vec<String> = EXPECTED.iter().map(|(n, _)| n.to_string()).collect();
    listed.sort();
    assert_eq!(names, listed);
}

#[test]
fn unknown_and_missing_extensions_and_svg_input() {
    let e = load_board("board.txt").unwrap_err().to_string();
    assert!(e.contains("unknown file type '.txt'"), "{e}");
    let e = load_board("board").unwrap_err().to_string();
    assert!(e.contains("has no extension"), "{e}");
    let e = load_board("board.svg").unwrap_err().to_string();
    assert!(
        e.contains("SVG files can be written but not read back"),
        "{e}"
    );
    let e = load_board("does-not-exist.ron").unwrap_err().to_string();
    assert!(e.starts_with("cannot read does-not-exist.ron:"), "{e}");
}

#[test]
fn size_limits_refuse_large_inputs_with_a_message() {
    use boardwright::io::{Limits, load_board_with};
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.obj");
    std::fs::write(&p, "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3\n# padding\n").unwrap();
    let limits = Limits {
        max_file_bytes: 16,
        ..Limits::default()
    };
    let e = load_board_with(&p, &limits).unwrap_err().to_string();
    assert!(
        e.contains("the file is 42 bytes; boardwright reads files up to 16 bytes"),
        "{e}"
    );
    let limits = Limits {
        max_vertices: 2,
        ..Limits::default()
    };
    let e = load_board_with(&p, &limits).unwrap_err().to_string();
    assert!(e.contains("more than 2 vertices"), "{e}");
    // RON: too many faces is refused while parsing, at the face list.
    let r = dir.path().join("big.ron");
    boardwright::io::save_board(&boardwright::presets::square_grid(3, 3), &r).unwrap();
    let limits = Limits {
        max_faces: 4,
        ..Limits::default()
    };
    let e = load_board_with(&r, &limits).unwrap_err().to_string();
    assert!(
        e.contains("more than 4 faces, more than boardwright accepts"),
        "{e}"
    );
    assert!(e.contains("line "), "{e}");
    // A face with too many sides.
    let f = dir.path().join("wide.obj");
    let mut s = String::new();
    for i in 0..40 {
        let a = i as f64 / 40.0 * std::f64::consts::TAU;
        s.push_str(&format!("v {} {} 0\n", a.cos(), a.sin()));
    }
    s.push('f');
    for i in 1..=40 {
        s.push_str(&format!(" {i}"));
    }
    s.push('\n');
    std::fs::write(&f, s).unwrap();
    let limits = Limits {
        max_face_sides: 32,
        ..Limits::default()
    };
    let e = load_board_with(&f, &limits).unwrap_err().to_string();
    assert!(
        e.contains("line 41: the face has 40 vertices; boardwright accepts at most 32"),
        "{e}"
    );
    load_board(&f).unwrap();
}
