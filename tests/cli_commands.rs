//! The built binary: info, convert and preset on every board in boards/ and on
//! the malformed corpus — exit codes, one-line errors, never a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_boardwright"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("run boardwright")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

/// A failure: non-zero exit, exactly one line on stderr starting with the
/// program name, nothing that looks like a panic.
fn assert_clean_failure(o: &Output, what: &str) -> String {
    let err = stderr(o);
    assert!(!o.status.success(), "{what}: succeeded");
    assert!(o.status.code().is_some(), "{what}: killed by a signal");
    assert!(!err.contains("panicked"), "{what}: panic: {err}");
    assert_eq!(err.lines().count(), 1, "{what}: not one line: {err:?}");
    assert!(err.starts_with("boardwright: "), "{what}: {err}");
    err
}

/// An argument out of its range or not understood exits with 2, before any
/// work, as README says and as clap's own usage errors do: a board size, a
/// `--params` setting or `--swap` for a game without the rule exited with 1,
/// like a failure of the work itself.
#[test]
fn arguments_out_of_range_exit_with_2() {
    for args in [
        &["bench", "--rules", "hex", "--size", "0"][..],
        &["bench", "--rules", "twixt", "--size", "500"],
        &["bench", "--rules", "hex", "--params", "foo=1"],
        &["bench", "--rules", "hex", "--params", "explore=-1"],
        &["selfplay", "--rules", "hex", "--opponent-params", "rave=2"],
        &["gtp", "--rules", "hex", "--params", "nope=1"],
        &["play", "--rules", "havannah", "--size", "1000"],
        &["selfplay", "--rules", "loa", "--swap"],
        &["bench", "--bogus"],
    ] {
        let o = run(args);
        let err = assert_clean_failure(&o, &format!("{args:?}"));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    }
    // A failure of the work itself still exits with 1.
    let o = run(&["info", "no-such-file.ron"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn info_on_every_board() {
    for path in files(&root().join("boards")) {
        let o = run(&["info", path.to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", path.display(), stderr(&o));
        let out = String::from_utf8(o.stdout).unwrap();
        for needle in [
            "vertices ",
            "faces by sides: ",
            "boundary: ",
            "Euler characteristic",
            "validation: ok",
        ] {
            assert!(
                out.contains(needle),
                "{}: no {needle:?} in\n{out}",
                path.display()
            );
        }
    }
    let o = run(&["info", root().join("boards/hex-11.ron").to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("vertices 286, edges 406, faces 121"), "{out}");
    assert!(out.contains("121 × 6-sided"), "{out}");
    assert!(out.contains("1 loop (1 outline, 0 holes)"), "{out}");
    assert!(out.contains("χ = V − E + F = 1"), "{out}");
    assert!(out.contains("top (22 edges, 11 faces)"), "{out}");
    let o = run(&["info", root().join("boards/loa-8.ron").to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("start setup: 24 pieces (player 0: 12, player 1: 12)"),
        "{out}"
    );
}

#[test]
fn info_prints_the_designer_warnings() {
    let info = |path: &Path| {
        let o = run(&["info", path.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        String::from_utf8(o.stdout).unwrap()
    };
    let out = info(&root().join("boards/hex-11.ron"));
    assert!(out.contains("  designer warnings: none\n"), "{out}");
    // Where Hex may end in a draw.
    assert!(!out.contains("draw"), "{out}");
    // The games the board suits, as the Play tab lists them, and why not the others.
    assert!(out.contains("  games: Hex (swap rule), BOCO\n"), "{out}");
    assert!(
        out.contains("  not TwixT: TwixT needs a square grid of N×N peg holes"),
        "{out}"
    );
    assert!(
        out.contains("  not Havannah: Havannah needs a board tagged with six sides"),
        "{out}"
    );
    let out = info(&root().join("boards/loa-8.ron"));
    assert!(
        out.contains("  games: Hex (may draw), Lines of Action\n"),
        "{out}"
    );
    assert!(
        out.contains("  not BOCO: this board has 24 start pieces"),
        "{out}"
    );
    let out = info(&root().join("boards/square-8.ron"));
    assert!(
        out.contains(
            "  not Lines of Action: Lines of Action starts from the board's start pieces: there are no Black pieces"
        ),
        "{out}"
    );
    let out = info(&root().join("boards/square-8.ron"));
    assert!(
        out.contains(
            "  validation: ok (mesh invariants and board data)\n  Hex may end in a draw on this board: four or more faces \
             meet at a corner of b2 (and at 48 more), where stones on opposite faces do \
             not connect."
        ),
        "{out}"
    );
    let out = info(&root().join("boards/boco.ron"));
    assert!(
        out.contains(
            "  designer warnings: 0 warnings, 1 note\n    note: no boundary side is tagged: the \
             board is made for boco, which needs none"
        ),
        "{out}"
    );
    // Labels that differ only in case, a piece on a blocked face, one-sided tags.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.ron");
    std::fs::write(
        &path,
        r#"(
    format_version: 1,
    vertices: [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (0.0, 1.0), (1.0, 1.0), (2.0, 1.0)],
    faces: [
        (vertices: [0, 1, 4, 3], label: "a1"),
        (vertices: [1, 2, 5, 4], label: "A1", kind: blocked),
    ],
    side_tags: [(0, 1, bottom), (1, 2, bottom)],
    setup: [(face: 1, player: 0)],
)
"#,
    )
    .unwrap();
    let out = info(&path);
    for line in [
        "  validation: ok",
        "  designer warnings: 3 warnings, 1 note\n",
        "    warning: 2 faces are labelled 'a1' (#0, #1): moves on them cannot be told apart\n",
        "    warning: the 'bottom' side is tagged but the opposite 'top' side is not\n",
        "    warning: player 1's start piece is on the blocked face A1\n",
        "    note: 4 of 6 boundary edges carry no side tag\n",
    ] {
        assert!(out.contains(line), "no {line:?} in\n{out}");
    }
}

#[test]
fn convert_turns_other_programs_records_into_records_and_pictures() {
    use boardwright::game::{Opened, open};
    let foreign = root().join("tests/data/foreign");
    let game = |p: &Path| match open(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())) {
        Opened::Game(g, _) => g,
        Opened::Board { .. } => panic!("{} opened as a board", p.display()),
    };
    let dir = tempfile::tempdir().unwrap();
    // Little Golem Hex → HexGui SGF and boardwright's record: the same game.
    let hsgf = foreign.join("lg-hex-1139802-swap.hsgf");
    let orig = game(&hsgf);
    for ext in ["sgf", "ron"] {
        let out = dir.path().join(format!("game.{ext}"));
        let o = run(&["convert", hsgf.to_str().unwrap(), out.to_str().unwrap()]);
        assert!(o.status.success(), "{ext}: {}", stderr(&o));
        let back = game(&out);
        assert_eq!(back.history(), orig.history(), "{ext}: the same moves");
        assert_eq!(back.resigned(), orig.resigned(), "{ext}: the same ending");
        assert_eq!(back.players(), orig.players(), "{ext}: the same players");
    }
    // A TwixT record → a picture of its last position: pegs, links, and what it is.
    let tsgf = foreign.join("lg-connection.tsgf");
    let out = dir.path().join("twixt.svg");
    let o = run(&["convert", tsgf.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    let g = game(&tsgf);
    let pegs = g
        .board()
        .mesh()
        .face_ids()
        .filter(|&f| g.piece_at(f).is_some())
        .count();
    assert!(pegs > 0 && !g.links().is_empty());
    let group = |id: &str| -> String {
        svg.split(&format!("<g id=\"{id}\""))
            .nth(1)
            .and_then(|rest| rest.split("</g>").next())
            .unwrap_or_else(|| panic!("no {id} group in {svg}"))
            .to_string()
    };
    let pieces = group("pieces");
    assert_eq!(pieces.matches("<circle").count(), pegs, "a disc per peg");
    // In the players' colours: Red's and Black's.
    let [red, black] = g.entry().colours();
    for c in [red, black] {
        let fill = format!("fill=\"#{:02x}{:02x}{:02x}\"", c[0], c[1], c[2]);
        assert!(pieces.contains(&fill), "{fill} in {pieces}");
    }
    let links = group("links");
    assert_eq!(
        links.matches("<line").count(),
        2 * g.links().len(),
        "each link drawn (rim and colour)"
    );
    // The winning chain in gold: its pegs' faces and its links' rims.
    let outcome = g.outcome().expect("Red won");
    assert!(!outcome.evidence.faces.is_empty());
    assert_eq!(
        group("evidence").matches("<polygon").count(),
        outcome.evidence.faces.len()
    );
    assert_eq!(
        links.matches("stroke=\"#ffb300\"").count(),
        outcome.evidence.links.len(),
        "the winning links have a gold rim"
    );
    // The last peg is ringed.
    let last = group("last-move");
    assert_eq!(last.matches("<circle").count(), 1, "{last}");
    assert!(
        svg.contains("<desc>TwixT 8×8, after 9 moves: Ann (Red) wins: Red joined the top and bottom rows</desc>"),
        "{svg}"
    );
    // A game → OBJ: its board, and a note that the moves are not in it.
    let hgf = foreign.join("lg-havannah-1129345.hgf");
    let out = dir.path().join("havannah.obj");
    let o = run(&["convert", hgf.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("without its 20 moves"),
        "{}",
        stderr(&o)
    );
    let b = boardwright::io::load_board(&out).unwrap();
    assert_eq!(b.board.face_count(), game(&hgf).board().face_count());
    // What cannot be written is said, and nothing is written.
    let cases: &[(&Path, &str, &str)] = &[
        (
            &hgf,
            "havannah.sgf",
            "Havannah games cannot be saved as SGF",
        ),
        (
            &root().join("boards/hex-11.ron"),
            "board.sgf",
            ".sgf holds game records, and",
        ),
        (&hgf, "game.png", "unknown file type '.png'"),
    ];
    for (input, name, expected) in cases {
        let out = dir.path().join(name);
        let o = run(&["convert", input.to_str().unwrap(), out.to_str().unwrap()]);
        let err = assert_clean_failure(&o, name);
        assert!(err.contains(expected), "{name}: {err}");
        assert!(!out.exists(), "{name} was not written");
    }
}

#[test]
fn convert_every_board_to_every_format() {
    let dir = tempfile::tempdir().unwrap();
    for path in files(&root().join("boards")) {
        for ext in ["ron", "obj", "svg"] {
            let out = dir.path().join(format!("out.{ext}"));
            let o = run(&["convert", path.to_str().unwrap(), out.to_str().unwrap()]);
            assert!(
                o.status.success(),
                "{} → {ext}: {}",
                path.display(),
                stderr(&o)
            );
            if ext != "svg" {
                let back = boardwright::io::load_board(&out).unwrap();
                let orig = boardwright::io::load_board(&path).unwrap();
                assert_eq!(back.board.face_count(), orig.board.face_count());
                assert_eq!(back.board.faces().labels(), orig.board.faces().labels());
            } else {
                let s = std::fs::read_to_string(&out).unwrap();
                assert!(s.starts_with("<?xml") && s.trim_end().ends_with("</svg>"));
            }
        }
    }
}

#[test]
fn preset_prints_ron_or_writes_a_file() {
    let o = run(&["preset", "hex", "--size", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("(\n    format_version: 3,"), "{text}");
    let b = boardwright::io::ron::read_ron(text.as_bytes(), &Default::default()).unwrap();
    assert_eq!(b.board.face_count(), 9);
    let dir = tempfile::tempdir().unwrap();
    for name in boardwright::presets::PRESET_NAMES {
        let out = dir.path().join(format!("{name}.ron"));
        let o = run(&["preset", name, "-o", out.to_str().unwrap()]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        boardwright::io::load_board(&out).unwrap();
    }
}

#[test]
fn bad_input_gives_one_clear_line_and_non_zero_exit() {
    for path in files(&root().join("tests/data/invalid")) {
        let p = path.to_str().unwrap();
        let o = run(&["info", p]);
        let err = assert_clean_failure(&o, p);
        assert!(
            err.contains(path.file_name().unwrap().to_str().unwrap()),
            "{err}"
        );
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.ron");
        let o = run(&["convert", p, out.to_str().unwrap()]);
        assert_clean_failure(&o, p);
        assert!(!out.exists(), "convert wrote output for a bad input");
    }
    let cases: &[(&[&str], &str)] = &[
        (&["preset", "chess"], "unknown preset 'chess'"),
        (
            &["preset", "hex", "--size", "0"],
            "hex size 0 is out of range (1 to 100)",
        ),
        (&["preset", "hex", "--size", "x"], "invalid value 'x'"),
        (
            &["preset", "hex", "-o", "/tmp/board.png"],
            "unknown file type '.png'",
        ),
        (
            &["info", "no-such-file.ron"],
            "cannot read no-such-file.ron",
        ),
        (
            &["info", "notes.txt"],
            "cannot read notes.txt: No such file",
        ),
        (&["info", "README.md"], "unknown file type '.md'"),
        (
            &["info"],
            "the following required arguments were not provided: <FILE>",
        ),
        (
            &["convert", "boards/hex-11.ron", "x.svg.bak"],
            "unknown file type '.bak'",
        ),
        (
            &["info", "--bogus", "x.ron"],
            "unexpected argument '--bogus'",
        ),
        (&["info", "/"], "cannot read /: it is a directory"),
    ];
    for (args, expected) in cases {
        let o = bin().args(*args).current_dir(root()).output().unwrap();
        let err = assert_clean_failure(&o, &format!("{args:?}"));
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn convert_to_an_unwritable_place_fails_cleanly() {
    let o = run(&[
        "convert",
        root().join("boards/hex-11.ron").to_str().unwrap(),
        "/nonexistent-dir/out.ron",
    ]);
    let err = assert_clean_failure(&o, "unwritable");
    assert!(
        err.contains("cannot write /nonexistent-dir/out.ron"),
        "{err}"
    );
}

#[test]
fn a_file_name_with_a_line_break_still_gives_one_line() {
    let o = run(&["info", "two\nlines.ron"]);
    let err = assert_clean_failure(&o, "newline name");
    assert!(err.contains("cannot read two lines.ron"), "{err}");
}

#[test]
fn help_and_version_succeed() {
    let o = run(&["--help"]);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("info") && out.contains("convert") && out.contains("preset"));
    assert!(run(&["--version"]).status.success());
}

#[test]
fn top_surface_flag_imports_a_solid() {
    let tiles = root().join("tests/data/obj/two-tiles.obj");
    let tiles = tiles.to_str().unwrap();
    let o = run(&["info", tiles]);
    let err = assert_clean_failure(&o, "info on a solid");
    assert!(
        err.contains("can be imported instead (on the command line: --top-surface)"),
        "{err}"
    );
    let o = run(&["info", "--top-surface", tiles]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("faces 2"), "{out}");
    assert!(
        stderr(&o).contains("note: imported the top surface: 2 of 16 faces"),
        "{}",
        stderr(&o)
    );
    let dir = tempfile::tempdir().unwrap();
    let ron = dir.path().join("tiles.ron");
    let o = run(&["convert", "--top-surface", tiles, ron.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let back = boardwright::io::load_board(&ron).unwrap().board;
    assert_eq!(back.faces().labels(), ["Tile.000", "Tile.001"]);
}

/// Every duration and count argument is range-checked before any work starts:
/// exit code 2 and one line naming the value and the range (`gtp --time 1e20`
/// used to overflow a `Duration` and panic with exit code 101).
#[test]
fn durations_and_counts_out_of_range_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.ron");
    let out = out.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["gtp", "--rules", "hex", "--time", "1e20"],
            "1e20 seconds is out of range (0.01 to 3600)",
        ),
        (
            &["gtp", "--rules", "hex", "--time", "nan"],
            "nan seconds is out of range",
        ),
        (
            &["gtp", "--rules", "hex", "--threads", "65"],
            "65 is out of range (1 to 64)",
        ),
        (
            &["bench", "--rules", "hex", "--seconds", "inf"],
            "inf seconds is out of range",
        ),
        (
            &["bench", "--rules", "hex", "--threads", "0"],
            "0 is out of range (1 to 64)",
        ),
        (
            &["selfplay", "--rules", "hex", "--games", "4294967295"],
            "4294967295 is out of range (1 to 100000)",
        ),
        (
            &["selfplay", "--rules", "hex", "--time=-1"],
            "-1 seconds is out of range",
        ),
        (
            &["selfplay", "--rules", "hex", "--opponent-time", "1e300"],
            "1e300 seconds is out of range",
        ),
        (
            &["selfplay", "--rules", "hex", "--sims", "0"],
            "0 is out of range (1 to 100000000)",
        ),
        (
            &[
                "selfplay",
                "--rules",
                "hex",
                "--max-plies",
                "18446744073709551615",
            ],
            "out of range (1 to 100000)",
        ),
        (
            &["perft", "--rules", "hex", "--depth", "100"],
            "100 is out of range (1 to 12)",
        ),
        (
            &["perft", "--rules", "hex", "--depth", "0"],
            "0 is out of range (1 to 12)",
        ),
        (
            &[
                "generate",
                "--players",
                "2",
                "--seed",
                "1",
                "-o",
                out,
                "--playtest",
                "4294967295",
            ],
            "4294967295 is out of range (1 to 1000000)",
        ),
        (
            &[
                "generate",
                "--players",
                "2",
                "--seed",
                "1",
                "-o",
                out,
                "--attempts",
                "4294967295",
            ],
            "4294967295 is out of range (1 to 100000)",
        ),
        (
            &[
                "generate",
                "--players",
                "2",
                "--seed",
                "1",
                "-o",
                out,
                "--required",
                "6,0",
            ],
            "0 is out of range (1 to 4000000)",
        ),
        (
            &[
                "generate",
                "--players",
                "2",
                "--seed",
                "1",
                "-o",
                out,
                "--max-size=-4",
            ],
            "'-4' is not a whole number from 1 to 4000000",
        ),
    ];
    for (args, want) in cases {
        let o = run(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(!dir.path().join("g.ron").exists(), "nothing written");
}

/// Long work shows its steps on standard error when that is a terminal, and
/// nothing at all when it is a pipe: output to pipes and files is unchanged.
#[test]
fn progress_shows_on_a_terminal_and_never_on_pipes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.ron");
    let out = out.to_str().unwrap();
    let args = [
        "generate",
        "--size",
        "120x120",
        "--players",
        "2",
        "--seed",
        "1",
        "-o",
        out,
    ];
    // Pipes: exactly the report on stdout, nothing on stderr.
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with(&format!("wrote {out}: ")), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    let o = run(&["preset", "square", "--size", "300", "-o", out]);
    assert!(o.status.success() && o.stdout.is_empty() && o.stderr.is_empty());
    // A terminal (script(1) runs the command on a pseudo-terminal): the steps
    // are drawn, then cleared before the report.
    let cmd = format!("{} {}", env!("CARGO_BIN_EXE_boardwright"), args.join(" "));
    let o = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output()
        .expect("script(1) from util-linux");
    let screen = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{screen}");
    for step in [
        "building the 120×120 base grid",
        "growing gardens",
        "writing ",
    ] {
        assert!(screen.contains(step), "{step}: {screen}");
    }
    let last = screen.rsplit("\x1b[2K").next().unwrap();
    assert!(last.starts_with(&format!("wrote {out}: ")), "{last:?}");
}

#[test]
fn convert_says_what_another_program_s_format_leaves_out() {
    use boardwright::game::record::save_record;
    use boardwright::game::{RulesKind, new_game};
    let dir = tempfile::tempdir().unwrap();
    let mut g = new_game(
        RulesKind::Hex,
        std::sync::Arc::new(boardwright::presets::hex(5)),
        &boardwright::rules::GameOptions::default(),
    )
    .unwrap();
    g.play_str("c3").unwrap();
    g.set_computer_sides([None, Some(std::time::Duration::from_secs(1))]);
    let ron = dir.path().join("vs-computer.ron");
    std::fs::write(&ron, save_record(g.as_ref())).unwrap();
    let sgf = dir.path().join("vs-computer.sgf");
    let o = run(&["convert", ron.to_str().unwrap(), sgf.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("boardwright: note: SGF does not keep the computer's side (Blue): .ron does"),
        "{}",
        stderr(&o)
    );
    // To RON: kept, and nothing to say.
    let again = dir.path().join("again.ron");
    let o = run(&["convert", ron.to_str().unwrap(), again.to_str().unwrap()]);
    assert!(
        o.status.success() && !stderr(&o).contains("computer"),
        "{}",
        stderr(&o)
    );
    assert!(
        std::fs::read_to_string(&again)
            .unwrap()
            .contains("computer: (None, Some(1000))")
    );
}
