//! The built binary: `preset --list`, `tiling` and `op` — boards written and
//! read back, notes on stderr, one-line errors with the usual exit codes.

use boardwright::board::SideTag;
use boardwright::io::load_board;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardwright"))
        .args(args)
        .output()
        .expect("run boardwright")
}

fn ok(args: &[&str]) -> (String, String) {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{args:?}: {err}");
    (String::from_utf8(o.stdout).unwrap(), err)
}

/// Exit code and the single stderr line of a failing command.
fn fails(args: &[&str]) -> (i32, String) {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "{args:?} succeeded");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    assert!(err.starts_with("boardwright: "), "{err}");
    (o.status.code().unwrap(), err)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn preset_and_tiling_lists() {
    let (out, _) = ok(&["preset", "--list"]);
    assert!(out.contains("hex       1–100     11"), "{out}");
    assert_eq!(out.lines().count(), 7);
    let (out, _) = ok(&["tiling", "--list"]);
    for name in ["square", "4.8.8", "3.3.4.3.4", "cairo", "polar", "brick"] {
        assert!(out.contains(name), "{name} missing from\n{out}");
    }
    assert_eq!(fails(&["preset", "--list", "hex"]).0, 2);
    assert_eq!(fails(&["tiling"]).0, 2);
}

#[test]
fn tiling_writes_boards() {
    let dir = tempfile::tempdir().unwrap();
    let hh = dir.path().join("hh.ron");
    ok(&[
        "tiling",
        "hexagonal",
        "--shape",
        "hexagon",
        "--size",
        "4",
        "-o",
        s(&hh),
    ]);
    let b = load_board(&hh).unwrap().board;
    assert_eq!(b.face_count(), 37);
    assert_eq!(b.faces_on_side(SideTag::corner(1).unwrap()).len(), 1);
    // RON on stdout without -o; vertex configurations work as names.
    let (out, _) = ok(&["tiling", "4.8.8", "--size", "3x2"]);
    let b = boardwright::io::ron::read_ron(out.as_bytes(), &Default::default()).unwrap();
    assert_eq!(b.board.mesh().face_degree_histogram(), vec![(4, 2), (8, 6)]);
    // Polygon shapes, rules, polar options, SVG.
    let poly = dir.path().join("poly.svg");
    ok(&[
        "tiling",
        "cairo",
        "--polygon",
        "-4,-4 6,-3 5,5 -3,6",
        "--rule",
        "inside",
        "-o",
        s(&poly),
    ]);
    let svg = std::fs::read_to_string(&poly).unwrap();
    assert!(svg.contains("class=\"top\"") && svg.contains("<polygon"));
    let (out, _) = ok(&[
        "tiling",
        "polar",
        "--size",
        "2",
        "--sectors",
        "5,9",
        "--no-centre",
    ]);
    let b = boardwright::io::ron::read_ron(out.as_bytes(), &Default::default()).unwrap();
    assert_eq!(b.board.face_count(), 14);
    // The tags of a four-sided board read back as before; numbered ones too.
    let text = std::fs::read_to_string(&hh).unwrap();
    assert!(
        text.contains("side(1)") && text.contains("corner(6)"),
        "{text}"
    );
}

#[test]
fn tiling_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["tiling", "penrose"], "unknown tiling 'penrose'"),
        (
            &["tiling", "polar", "--shape", "hexagon"],
            "does not come as a hexagon",
        ),
        (
            &["tiling", "square", "--shape", "blob"],
            "unknown shape 'blob'",
        ),
        (
            &["tiling", "square", "--size", "0"],
            "size 0 is out of range (1 to 1000)",
        ),
        (&["tiling", "square", "--size", "3x"], "'3x' is not a size"),
        (
            &["tiling", "square", "--shape", "hexagon", "--size", "3x4"],
            "only a rectangle",
        ),
        (
            &["tiling", "square", "--sectors", "4"],
            "options of the polar tiling",
        ),
        (
            &["tiling", "square", "--shape", "polygon"],
            "needs its outline",
        ),
        (
            &["tiling", "square", "--polygon", "0,0 1,1"],
            "needs at least 3",
        ),
        (
            &["tiling", "square", "--rule", "most"],
            "unknown rule 'most'",
        ),
        (
            &["tiling", "4.6.12", "--shape", "hexagon", "--size", "900"],
            "more than the 1000000",
        ),
        (
            &["tiling", "square", "-o", "x.png"],
            "unknown file type '.png'",
        ),
    ];
    for (args, want) in cases {
        let (code, err) = fails(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn every_operator_runs_on_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.ron");
    ok(&["tiling", "square", "--size", "6", "-o", s(&base)]);
    let out = dir.path().join("out.ron");
    let cases: &[(&[&str], usize)] = &[
        (&["dual"], 25),
        (&["subdivide", "--mode", "quads"], 144),
        (&["subdivide"], 144),
        (&["clip", "--polygon", "0,0 6,0 0,6", "--retag"], 26),
        (
            &["hole", "--polygon", "1.5,1.5 4.5,1.5 4.5,4.5 1.5,4.5"],
            27,
        ),
        (&["mirror", "--axis", "-45", "--through", "0,0"], 36),
        (&["rotate", "--degrees", "-30"], 36),
        (&["scale", "--x", "2"], 36),
        (&["symmetric", "--mirror", "horizontal"], 72),
        (
            &["symmetric", "--rotate", "4", "--through", "-0.5,-0.5"],
            144,
        ),
        (&["relabel", "--by", "rings"], 36),
    ];
    for (args, faces) in cases {
        let mut full = vec!["op", args[0], s(&base), s(&out)];
        full.extend(&args[1..]);
        let (_, err) = ok(&full);
        let b = load_board(&out).unwrap().board;
        b.validate().unwrap();
        assert_eq!(b.face_count(), *faces, "{args:?}: {err}");
        if args[0] != "mirror" && args[0] != "rotate" && args[0] != "scale" {
            assert!(err.contains("boardwright: note: "), "{args:?}: no notes");
        }
    }
    // The clip with --retag tags the triangle's three sides.
    ok(&[
        "op",
        "clip",
        s(&base),
        s(&out),
        "--polygon",
        "0,0 6,0 0,6",
        "--retag",
    ]);
    let b = load_board(&out).unwrap().board;
    assert_eq!(
        b.tagged_sides(),
        [SideTag::Bottom, SideTag::Left, SideTag::Right]
    );
    // Merge needs regions; tiling faces have none.
    let (code, err) = fails(&["op", "merge", s(&base), s(&out)]);
    assert_eq!(code, 1);
    assert!(err.contains("merge: nothing to merge"), "{err}");
}

#[test]
fn operator_errors_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.ron");
    ok(&["tiling", "hexagonal", "--size", "3", "-o", s(&base)]);
    let out = dir.path().join("out.ron");
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["hole", "--polygon", "-99,-99 99,-99 99,99 -99,99"],
            1,
            "hole: the hole would remove every face",
        ),
        (
            &["clip", "--polygon", "50,50 51,50 51,51"],
            1,
            "clip: no face lies inside the outline",
        ),
        (
            &["clip", "--polygon", "0,0 1,1 0,1 1,0"],
            1,
            "the outline crosses or touches itself",
        ),
        (&["clip", "--polygon", "0;0"], 1, "'0' is not a point"),
        (
            &["scale", "--factor", "0"],
            1,
            "scale factor must lie between",
        ),
        (&["scale"], 1, "give --factor"),
        (&["symmetric", "--rotate", "3"], 1, "needs its centre"),
        (
            &["symmetric", "--rotate", "3", "--through", "0,0"],
            1,
            "would overlap itself",
        ),
        (
            &["mirror", "--axis", "diagonal"],
            1,
            "'diagonal' is not an axis",
        ),
        (&["subdivide", "--mode", "hexes"], 1, "unknown mode 'hexes'"),
        (&["relabel", "--by", "spiral"], 1, "unknown scheme 'spiral'"),
        (&["rotate"], 2, "--degrees"),
        (&["explode"], 2, "explode"),
    ];
    for (args, code, want) in cases {
        let mut full = vec!["op", args[0], s(&base), s(&out)];
        full.extend(&args[1..]);
        let (c, err) = fails(&full);
        assert_eq!(c, *code, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote a file");
    }
    let (c, err) = fails(&["op", "dual", "missing.ron", s(&out)]);
    assert_eq!(c, 1);
    assert!(err.contains("missing.ron"), "{err}");
    let (c, _) = fails(&["op", "dual", s(&base), "out.txt"]);
    assert_eq!(c, 1);
}
