//! Which sides the computer played, in records: a RON record keeps them (and
//! the computer's time per move) so that a game saved against the computer
//! goes on against it; a game between people writes nothing; other programs'
//! formats do not carry them; bad values are refused with a clear error.

use boardwright::game::record::{save_record, save_sgf};
use boardwright::game::{DynGame, new_game, replay};
use boardwright::io::record::GameRecord;
use boardwright::io::sgf::read_sgf;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::sync::Arc;
use std::time::Duration;

fn hex() -> Box<dyn DynGame> {
    let mut g = new_game(
        boardwright::game::RulesKind::Hex,
        Arc::new(presets::hex(5)),
        &GameOptions::default(),
    )
    .unwrap();
    g.play_str("c3").unwrap();
    g
}

fn reopened(text: &str) -> Box<dyn DynGame> {
    replay(&GameRecord::from_ron(text).unwrap(), None).unwrap()
}

#[test]
fn the_computer_s_sides_and_time_survive_a_ron_record() {
    let mut g = hex();
    g.set_computer_sides([None, Some(Duration::from_millis(1500))]);
    let text = save_record(g.as_ref());
    assert!(
        text.contains("computer: (None, Some(1500))"),
        "written as the module documents it: {text}"
    );
    let back = reopened(&text);
    assert_eq!(
        back.computer_sides(),
        [None, Some(Duration::from_millis(1500))]
    );
    assert_eq!(back.history(), ["c3"]);
    // Both sides, and the record read back writes the same text.
    g.set_computer_sides([
        Some(Duration::from_millis(300)),
        Some(Duration::from_secs(2)),
    ]);
    let text = save_record(g.as_ref());
    assert_eq!(save_record(reopened(&text).as_ref()), text);
}

#[test]
fn a_game_between_people_writes_no_computer_and_reads_back_without_one() {
    let g = hex();
    let text = save_record(g.as_ref());
    assert!(!text.contains("computer"), "{text}");
    assert_eq!(reopened(&text).computer_sides(), [None, None]);
}

#[test]
fn other_programs_formats_do_not_carry_the_computer() {
    let mut g = hex();
    g.set_computer_sides([None, Some(Duration::from_secs(1))]);
    let sgf = save_sgf(g.as_ref()).unwrap();
    let back = replay(&read_sgf(&sgf).unwrap(), None).unwrap();
    assert_eq!(back.computer_sides(), [None, None]);
    assert_eq!(back.history(), ["c3"]);
}

#[test]
fn saving_in_another_program_s_format_says_it_leaves_the_computer_out() {
    use boardwright::game::record::save_game;
    let dir = tempfile::tempdir().unwrap();
    let mut g = hex();
    g.set_computer_sides([None, Some(Duration::from_secs(1))]);
    let notes = save_game(g.as_ref(), &dir.path().join("g.sgf")).unwrap();
    assert_eq!(
        notes,
        ["SGF does not keep the computer's side (Blue): .ron does"]
    );
    assert!(
        save_game(g.as_ref(), &dir.path().join("g.ron"))
            .unwrap()
            .is_empty()
    );
    // Between people there is nothing to leave out.
    let people = hex();
    assert!(
        save_game(people.as_ref(), &dir.path().join("p.sgf"))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_time_out_of_range_or_an_old_format_is_refused_by_name() {
    let mut g = hex();
    g.set_computer_sides([None, Some(Duration::from_secs(1))]);
    let text = save_record(g.as_ref());
    for (bad, side, ms) in [
        ("(None, Some(0))", "second", "0 ms"),
        ("(Some(3600001), None)", "first", "3600001 ms"),
    ] {
        let e = GameRecord::from_ron(&text.replace("(None, Some(1000))", bad))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!(
                "computer's time per move for the {side} player is {ms}"
            )),
            "{e}"
        );
        assert!(e.contains("between 1 ms and one hour"), "{e}");
    }
    // An hour is allowed.
    assert!(GameRecord::from_ron(&text.replace("Some(1000)", "Some(3600000)")).is_ok());
    // Format 2 records never had the field.
    let e = GameRecord::from_ron(&text.replacen("format_version: 3", "format_version: 2", 1))
        .unwrap_err()
        .to_string();
    assert!(e.contains("the computer's sides (format 3 can)"), "{e}");
    // A misspelt field is named.
    let e = GameRecord::from_ron(&text.replace("computer:", "computre:"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown field 'computre'"), "{e}");
}
