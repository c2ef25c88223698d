//! Every preset validates, and the saved copies in boards/ are exactly what the
//! presets produce now (regenerate with `boardwright preset NAME -o boards/…`).

use boardwright::io::{Format, board_to_string, compare_boards, load_board};
use boardwright::presets::{self, PRESET_NAMES, by_name};
use std::path::Path;

fn boards_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/boards"))
}

#[test]
fn every_preset_validates_at_several_sizes() {
    for name in PRESET_NAMES {
        let b = by_name(name, None).unwrap();
        b.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!b.meta().name.is_empty());
    }
    for n in [1, 2, 5] {
        presets::square_grid(n, n + 1).validate().unwrap();
        presets::hex(n).validate().unwrap();
        presets::triangle_grid(n).validate().unwrap();
    }
    presets::twixt(5).validate().unwrap();
}

#[test]
fn bad_preset_names_and_sizes_are_refused() {
    let e = by_name("chess", None).unwrap_err().to_string();
    assert!(
        e.contains("unknown preset 'chess'") && e.contains("triangle") && e.contains("boco"),
        "{e}"
    );
    let e = by_name("hex", Some(0)).unwrap_err().to_string();
    assert_eq!(e, "hex size 0 is out of range (1 to 100)");
    assert!(by_name("boco", Some(5)).is_err());
}

#[test]
fn saved_boards_match_the_presets() {
    let cases = [
        ("hex-11.ron", by_name("hex", Some(11))),
        ("hex-13.ron", by_name("hex", Some(13))),
        ("twixt-24.ron", by_name("twixt", Some(24))),
        ("loa-8.ron", by_name("loa", None)),
        ("square-8.ron", by_name("square", Some(8))),
        ("triangle-8.ron", by_name("triangle", Some(8))),
        ("boco.ron", by_name("boco", None)),
    ];
    for (file, preset) in cases {
        let preset = preset.unwrap();
        let path = boards_dir().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            board_to_string(&preset, Format::Ron).unwrap(),
            "{file} is out of date; regenerate it with `boardwright preset`"
        );
        let loaded = load_board(&path).unwrap();
        assert!(loaded.notes.is_empty(), "{file}: {:?}", loaded.notes);
        compare_boards(&loaded.board, &preset).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    let obj = std::fs::read_to_string(boards_dir().join("boco.obj")).unwrap();
    assert_eq!(obj, board_to_string(&presets::boco(), Format::Obj).unwrap());
}

#[test]
fn every_file_in_boards_loads_and_validates() {
    let mut n = 0;
    for entry in std::fs::read_dir(boards_dir()).unwrap() {
        let path = entry.unwrap().path();
        let loaded = load_board(&path).unwrap_or_else(|e| panic!("{e}"));
        loaded.board.validate().unwrap();
        assert!(loaded.board.face_count() > 0);
        n += 1;
    }
    assert!(n >= 9, "only {n} boards");
}
