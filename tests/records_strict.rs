//! Game records are read strictly and within limits (issue 11 items 17–20,
//! records part): misspelled fields are refused by name, every list is bounded
//! before it is allocated, messages use the user's words.

use boardwright::io::record::{GameRecord, RecordError};
use boardwright::io::{self, Document, IoError, Limits, load_board};
use std::process::Command;

const RECORD: &str = "(format_version: 2, rules: hex, options: (swap: false), \
    board: Preset(name: \"hex\", size: Some(5)), players: (\"\", \"\"), \
    moves: [\"c3\", \"b4\"], result: None)";

fn parse_error(text: &str) -> String {
    match GameRecord::from_ron(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e @ RecordError::Parse { .. }) => e.to_string(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_reference_record_reads() {
    let r = GameRecord::from_ron(RECORD).unwrap();
    assert_eq!(r.moves, ["c3", "b4"]);
}

#[test]
fn misspelled_record_fields_are_refused_by_name() {
    let e = parse_error(&RECORD.replace("options:", "optoins:"));
    assert!(
        e.contains("unknown field 'optoins' in the game record"),
        "{e}"
    );
    assert!(!e.contains("GameRecord"), "{e}");
    let e = parse_error(&RECORD.replace("result: None", "reslut: None"));
    assert!(e.contains("unknown field 'reslut'"), "{e}");
    let e = parse_error(&RECORD.replace("(swap: false)", "(swpa: false)"));
    assert!(e.contains("unknown field 'swpa' in the options"), "{e}");
    let e = parse_error(&RECORD.replace(
        "result: None",
        "result: Some((winner: Some(0), reason: \"x\", resinged: None))",
    ));
    assert!(e.contains("unknown field 'resinged' in the result"), "{e}");
    let e = parse_error(&RECORD.replace("size: Some(5)", "size: Some(5), sise: None"));
    assert!(e.contains("unknown field 'sise'"), "{e}");
}

#[test]
fn messages_do_not_name_internal_types_or_rust_syntax() {
    let e = parse_error(&RECORD.replace("rules: hex", "rules: hex, move: []"));
    assert!(!e.contains("r#"), "{e}");
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let e = parse_error(&RECORD.replace("None)", &format!("Some({deep}))")));
    assert!(
        !e.contains("recursion_limit") && !e.contains("serde"),
        "{e}"
    );
    assert!(e.len() < 300, "{e}");
}

#[test]
fn a_record_with_more_moves_than_the_limit_is_refused_while_reading() {
    let limits = Limits {
        max_moves: 3,
        ..Limits::default()
    };
    let text = RECORD.replace("[\"c3\", \"b4\"]", "[\"a1\", \"a2\", \"a3\", \"a4\"]");
    let e = GameRecord::from_ron_with(&text, &limits)
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 3 moves"), "{e}");
    assert!(GameRecord::from_ron_with(RECORD, &limits).is_ok());
}

#[test]
fn format_1_embedded_boards_are_bounded_too() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/record-v1-embedded.ron"
    ))
    .unwrap();
    assert!(GameRecord::from_ron(&text).is_ok());
    for (limits, what) in [
        (
            Limits {
                max_faces: 2,
                ..Limits::default()
            },
            "faces",
        ),
        (
            Limits {
                max_vertices: 2,
                ..Limits::default()
            },
            "vertices",
        ),
    ] {
        let e = GameRecord::from_ron_with(&text, &limits)
            .unwrap_err()
            .to_string();
        assert!(e.contains(&format!("more than 2 {what}")), "{e}");
    }
}

#[test]
fn board_files_bound_side_tags_setup_and_suggested_rules() {
    let board = io::board_to_string(&boardwright::presets::hex(3), io::Format::Ron).unwrap();
    let tight = Limits {
        max_faces: 9,
        max_corners: 54,
        ..Limits::default()
    };
    assert!(io::ron::read_ron(board.as_bytes(), &tight).is_ok());
    // 55 side tags: more than the 54 corners allow.
    let tags = ["(0, 1, top)"; 55].join(", ");
    let text = board.replacen("side_tags: [", &format!("side_tags: [{tags}, "), 1);
    let e = io::ron::read_ron(text.as_bytes(), &tight)
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 54 side tags"), "{e}");
    let pieces = ["(face: 0, player: 0)"; 10].join(", ");
    let text = if board.contains("setup: [") {
        board.replacen("setup: [", &format!("setup: [{pieces}, "), 1)
    } else {
        board.trim_end().trim_end_matches(')').to_string() + &format!(", setup: [{pieces}])")
    };
    let e = io::ron::read_ron(text.as_bytes(), &tight)
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 9 setup pieces"), "{e}");
    let rules = ["\"hex\""; 65].join(", ");
    let text = board.replacen(
        "suggested_rules: [",
        &format!("suggested_rules: [{rules}, "),
        1,
    );
    let e = io::ron::read_ron(text.as_bytes(), &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 64 suggested rules"), "{e}");
}

#[test]
fn a_record_opened_as_a_board_says_it_is_a_game_record() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("game.ron");
    std::fs::write(&p, RECORD).unwrap();
    let e = load_board(&p).unwrap_err();
    assert!(
        matches!(e, IoError::Invalid(_) | IoError::InFile { .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("this is a game record"), "{e}");
    assert!(matches!(io::open(&p).unwrap(), Document::Game(_)));
    let o = Command::new(env!("CARGO_BIN_EXE_boardwright"))
        .args(["info", p.to_str().unwrap()])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("this is a game record"), "{out}");
    assert!(out.contains("moves:   2"), "{out}");
}
