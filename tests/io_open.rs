//! `io::open`: what a file holds is decided by parsing it, never by its text
//! containing some word; game records of format 1 still load.

use boardwright::edit::{self, BoardEdit};
use boardwright::game::record::{Opened, open, save_game};
use boardwright::game::{RulesKind, new_game};
use boardwright::io::record::{BoardSource, RECORD_FORMAT_VERSION};
use boardwright::io::{self, Document, Format, IoError};
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::path::Path;
use std::sync::Arc;

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn hex_game_file(dir: &Path, name: &str) -> std::path::PathBuf {
    let mut g = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(4)),
        &GameOptions::default(),
    )
    .unwrap();
    for m in ["b2", "c3", "a1"] {
        g.play_str(m).unwrap();
    }
    let path = dir.join(name);
    save_game(g.as_ref(), &path).unwrap();
    path
}

#[test]
fn a_board_file_opens_as_a_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.ron");
    io::save_board(&presets::hex(3), &path).unwrap();
    match io::open(&path).unwrap() {
        Document::Board { board, format, .. } => {
            assert_eq!(*board, presets::hex(3));
            assert_eq!(format, Format::Ron);
        }
        Document::Game(_) => panic!("a board is not a game"),
    }
    let obj = dir.path().join("b.obj");
    io::save_board(&presets::square_grid(2, 2), &obj).unwrap();
    assert!(matches!(
        io::open(&obj).unwrap(),
        Document::Board {
            format: Format::Obj,
            ..
        }
    ));
}

#[test]
fn a_board_whose_description_mentions_rules_and_moves_is_still_a_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tricky.ron");
    let mut b = presets::hex(3);
    let meta = boardwright::board::BoardMeta {
        name: "moves: none".into(),
        description: "rules: hex; moves: a1 b2 — notes for players".into(),
        ..b.meta().clone()
    };
    edit::apply(&mut b, &BoardEdit::SetMeta(meta)).unwrap();
    io::save_board(&b, &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("rules:") && text.contains("moves:"), "{text}");
    match open(&path).unwrap() {
        Opened::Board { board, .. } => assert_eq!(board.meta().description, b.meta().description),
        Opened::Game(_, _) => panic!("the board was taken for a game record"),
    }
}

#[test]
fn ron_records_and_sgf_files_open_as_games() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.ron", "g.sgf"] {
        let path = hex_game_file(dir.path(), name);
        let Document::Game(record) = io::open(&path).unwrap() else {
            panic!("{name} holds a game");
        };
        assert_eq!(record.rules, "hex");
        assert_eq!(record.moves, ["b2", "c3", "a1"]);
        let Opened::Game(g, _) = open(&path).unwrap() else {
            panic!("{name} opens as a game");
        };
        assert_eq!(g.history(), ["b2", "c3", "a1"], "{name}");
    }
    // A record written now is format 2.
    let text = std::fs::read_to_string(dir.path().join("g.ron")).unwrap();
    assert!(text.contains(&format!("format_version: {RECORD_FORMAT_VERSION}")));
}

#[test]
fn format_1_records_with_their_own_embedded_board_still_load() {
    let path = data("record-v1-embedded.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("format_version: 1") && text.contains("Embedded(("));
    let Document::Game(record) = io::open(&path).unwrap() else {
        panic!("a game record");
    };
    assert!(matches!(record.board, BoardSource::Embedded(_)));
    let Opened::Game(g, _) = open(&path).unwrap() else {
        panic!("a game");
    };
    assert_eq!(g.kind(), RulesKind::Hex);
    assert!(g.options().swap);
    assert_eq!(g.players(), &["Ann".to_string(), "Bob".to_string()]);
    assert_eq!(g.history(), ["b2", "swap", "a1", "c1"]);
    let b = g.board();
    assert_eq!(b.meta().name, "Legacy hex");
    assert_eq!(
        b.meta().description,
        "saved by format_version 1 (moves: embedded)"
    );
    let mut expected = presets::hex(3);
    edit::apply_all(
        &mut expected,
        [
            BoardEdit::SetColour {
                face: FaceId(4),
                colour: Some(boardwright::board::Rgba([0x33, 0x66, 0x99, 255])),
            },
            BoardEdit::SetRegion {
                face: FaceId(2),
                region: Some(7),
            },
            BoardEdit::SetKind {
                face: FaceId(8),
                kind: boardwright::board::FaceKind::Other("corner".into()),
            },
            BoardEdit::SetMeta(b.meta().clone()),
        ],
    )
    .unwrap();
    assert_eq!(b.faces(), expected.faces());
    assert_eq!(b.tagged_sides(), expected.tagged_sides());
    io::compare_boards(b, &expected).unwrap();
    // Saved again, it is a format-2 record with the same board and moves.
    let dir = tempfile::tempdir().unwrap();
    let again = dir.path().join("again.ron");
    save_game(g.as_ref(), &again).unwrap();
    let Opened::Game(h, _) = open(&again).unwrap() else {
        panic!("a game");
    };
    assert_eq!(h.history(), g.history());
    io::compare_boards(h.board(), g.board()).unwrap();

    // A finished LOA game (resigned) with its start setup.
    let Opened::Game(g, _) = open(&data("record-v1-loa-resigned.ron")).unwrap() else {
        panic!("a game");
    };
    assert_eq!(g.kind(), RulesKind::Loa);
    assert_eq!(g.history(), ["b1-b3", "a2-c2"]);
    assert_eq!(g.resigned(), Some(0));
    assert_eq!(g.outcome().unwrap().winner, Some(1));
    assert_eq!(g.board().setup(), presets::lines_of_action().setup());
}

#[test]
fn an_unknown_file_type_names_every_format_that_is_read() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["notes.txt", "README"] {
        let path = dir.path().join(name);
        std::fs::write(&path, "(rules: hex, moves: [])").unwrap();
        let e = io::open(&path).unwrap_err();
        assert!(matches!(e, IoError::UnknownFileType { .. }), "{e}");
        let msg = e.to_string();
        for ext in [".ron", ".obj", ".sgf"] {
            assert!(msg.contains(ext), "{msg}");
        }
        assert!(
            msg.contains("boards") && msg.contains("game records"),
            "{msg}"
        );
    }
}

/// A name without a known extension that cannot be read says why — a
/// mistyped path read "unknown file type (no extension)" and listed every
/// format; a file too large for any format read is still an unknown type.
#[test]
fn a_missing_file_without_a_known_extension_says_it_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["nope", "nope.txt"] {
        let e = io::open(dir.path().join(name)).unwrap_err();
        assert!(matches!(e, IoError::Read { .. }), "{e}");
        let msg = e.to_string();
        assert!(msg.contains(name) && msg.contains("No such file"), "{msg}");
        assert!(!msg.contains(".sgf"), "{msg}");
    }
    let e = io::open(dir.path()).unwrap_err();
    assert!(e.to_string().contains("it is a directory"), "{e}");
    let big = dir.path().join("movie.mp4");
    std::fs::write(&big, vec![0u8; 4096]).unwrap();
    let limits = io::Limits {
        max_file_bytes: 1024,
        ..io::Limits::default()
    };
    let e = io::open_with(&big, &limits).unwrap_err();
    assert!(matches!(e, IoError::UnknownFileType { .. }), "{e}");
}

#[test]
fn broken_files_say_what_is_wrong_and_where() {
    let dir = tempfile::tempdir().unwrap();
    // A record whose moves do not replay.
    let path = dir.path().join("bad.ron");
    std::fs::write(
        &path,
        "(format_version: 2, rules: hex, board: Preset(name: \"hex\", size: Some(3)), moves: [\"a1\", \"a1\"])",
    )
    .unwrap();
    let e = open(&path).err().unwrap().to_string();
    assert!(
        e.contains("bad.ron") && e.contains("move 2 'a1' is illegal: a1 is occupied"),
        "{e}"
    );
    // A record from the future.
    std::fs::write(
        &path,
        "(format_version: 9, rules: hex, board: Preset(name: \"hex\", size: None), moves: [])",
    )
    .unwrap();
    let e = io::open(&path).unwrap_err().to_string();
    assert!(
        e.contains("game record format version 9 is not supported"),
        "{e}"
    );
    // Rules nobody knows.
    std::fs::write(
        &path,
        "(format_version: 2, rules: chess, board: Preset(name: \"hex\", size: None), moves: [])",
    )
    .unwrap();
    let e = open(&path).err().unwrap().to_string();
    assert!(e.contains("unknown rules 'chess'"), "{e}");
    // Broken RON is reported with its line and column.
    std::fs::write(&path, "(format_version: 1,\n  vertices: [(0.0, 0.0)\n").unwrap();
    let e = io::open(&path).unwrap_err().to_string();
    assert!(e.contains("line "), "{e}");
    // An SGF file of another game.
    let sgf = dir.path().join("go.sgf");
    std::fs::write(&sgf, "(;FF[4]GM[1]SZ[19];B[dd])").unwrap();
    let e = io::open(&sgf).unwrap_err().to_string();
    assert!(
        e.contains("go.sgf") && e.contains("a game of Go (GM[1])"),
        "{e}"
    );
}

/// A record saved before board format 2 embeds its board as format-1 text; it
/// still reads, and saving it again embeds the same board as format 3.
#[test]
fn records_with_a_format_1_embedded_board_still_load_and_resave_as_format_3() {
    use boardwright::io::record::GameRecord;
    let board_v1 = std::fs::read_to_string(data("board-v1-everything.ron")).unwrap();
    let expected = io::load_board(data("board-v1-everything.ron"))
        .unwrap()
        .board;
    let text = format!(
        "(\n    format_version: 3,\n    rules: hex,\n    options: (swap: false),\n    board: Board({}),\n    players: (\"Ann\", \"Bob\"),\n    moves: [],\n    result: None,\n)\n",
        board_v1.trim()
    );
    let record = GameRecord::from_ron(&text).unwrap();
    let board = record
        .board
        .embedded_board(&Default::default())
        .unwrap()
        .unwrap();
    assert_eq!(board, expected);
    let again = record.to_ron();
    // The record's version and the embedded board's, both current.
    assert_eq!(again.matches("format_version: 3,").count(), 2, "{again}");
    assert!(!again.contains("format_version: 1,"), "{again}");
    let back = GameRecord::from_ron(&again).unwrap();
    let board = back
        .board
        .embedded_board(&Default::default())
        .unwrap()
        .unwrap();
    assert_eq!(board, expected);
}

/// Opening a game record as a board says what it is, whatever its version.
#[test]
fn a_game_record_read_as_a_board_is_named_as_a_record() {
    let text = "(\n    format_version: 3,\n    rules: hex,\n    options: (swap: false),\n    board: Preset(name: \"hex\", size: Some(3)),\n    players: (\"\", \"\"),\n    moves: [],\n    result: None,\n)\n";
    let e = io::ron::read_ron(text.as_bytes(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("this is a game record, not a board"), "{e}");
}

#[test]
fn reading_reports_its_stages_and_stops_when_cancelled() {
    use boardwright::io::progress::{Progress, Stage, with_progress};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.ron");
    let board = boardwright::presets::square_grid(20, 20);
    boardwright::io::save_board(&board, &path).unwrap();
    let p = Progress::new();
    let loaded = with_progress(p.clone(), || boardwright::io::load_board(&path)).unwrap();
    assert_eq!(loaded.board, board);
    assert_eq!(p.stage(), Stage::Building);
    assert!(p.fraction() >= 0.45, "{}", p.fraction());
    // Cancelled before it starts: it stops at its first report.
    let p = Progress::new();
    p.cancel();
    let r = with_progress(p.clone(), || boardwright::io::load_board(&path));
    assert!(
        matches!(r, Err(boardwright::io::IoError::Cancelled)),
        "{r:?}"
    );
    assert_eq!(r.unwrap_err().to_string(), "cancelled");
}

#[test]
fn a_cancelled_save_leaves_the_old_file_alone() {
    use boardwright::io::progress::{Progress, with_progress};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.ron");
    std::fs::write(&path, "old").unwrap();
    let p = Progress::new();
    p.cancel();
    let board = boardwright::presets::hex(5);
    let r = with_progress(p, || boardwright::io::save_board(&board, &path));
    assert!(
        matches!(r, Err(boardwright::io::IoError::Cancelled)),
        "{r:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");
}

/// Links and move lists kept in text files open as Hex games: a HexWorld
/// link in `game.txt`, a trmph.com link, a list of moves; one with a pass
/// says why it is not read, naming the file; plain notes stay an unknown type.
#[test]
fn hex_links_and_move_lists_in_text_files_open_as_hex_games() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "game.txt",
            "https://hexworld.org/board/#11c1,f6:se4d5:rw\n",
            11,
            vec!["f6", "swap", "e4", "d5"],
        ),
        (
            "position.trmph",
            "http://www.trmph.com/hex/board#13,a1b2m13",
            13,
            vec!["a1", "b2", "m13"],
        ),
        ("moves", "f6 e4 d5", 11, vec!["f6", "e4", "d5"]),
    ];
    for (name, text, size, moves) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let Ok(Opened::Game(g, _)) = open(&path) else {
            panic!("{name}: a game")
        };
        assert_eq!(g.kind(), RulesKind::Hex, "{name}");
        assert_eq!(g.board().face_count(), size * size, "{name}");
        assert_eq!(g.history(), moves, "{name}");
    }
    // The resignation ended the first game: the second player resigned.
    let Ok(Opened::Game(g, _)) = open(&dir.path().join("game.txt")) else {
        panic!("a game")
    };
    assert_eq!(g.resigned(), Some(1));
    let path = dir.path().join("pass.txt");
    std::fs::write(&path, "https://hexworld.org/board/#11c1,f6:pe4").unwrap();
    let e = io::open(&path).unwrap_err().to_string();
    assert!(e.contains("pass.txt") && e.contains("a pass"), "{e}");
    std::fs::write(&path, "remember: f6 is strong").unwrap();
    let e = io::open(&path).unwrap_err();
    assert!(matches!(e, IoError::UnknownFileType { .. }), "{e}");
}
