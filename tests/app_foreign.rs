//! Other programs' records through the app's own open path (what the menu,
//! drag and drop and the command line call after a path is picked): Little
//! Golem's `.tsgf`, `.hsgf` and `.hgf`, a T1j `.T1` and a boardspace LOA SGF open in
//! play mode at their last position.

mod app_common;

use app_common::*;
use boardwright::app::workspace::Mode;
use boardwright::game::RulesKind;
use boardwright::presets;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/foreign")
        .join(name)
}

#[test]
fn other_programs_records_open_in_play_mode() {
    for (name, kind, title, moves) in [
        ("lg-swap-resign.tsgf", RulesKind::Twixt, "TwixT game", 7),
        ("lg-hex-1612755.hsgf", RulesKind::Hex, "Hex game", 27),
        (
            "lg-havannah-1129345.hgf",
            RulesKind::Havannah,
            "Havannah game",
            20,
        ),
        ("t1j-connection.T1", RulesKind::Twixt, "TwixT game", 9),
        (
            "boardspace-loa.sgf",
            RulesKind::Loa,
            "Lines of Action game",
            5,
        ),
    ] {
        let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
        h.state_mut().open_file(&data(name));
        h.run_ok();
        assert_eq!(h.state().mode, Mode::Play, "{name}");
        let (msg, err) = message(&h).unwrap();
        assert!(!err && msg.contains(title), "{name}: {msg}");
        let g = h.state().play.game().expect("a game is open");
        assert_eq!(g.kind(), kind, "{name}");
        if moves > 0 {
            assert_eq!(g.history().len(), moves, "{name}");
            assert!(msg.contains(&format!("{moves} moves")), "{name}: {msg}");
        }
        assert!(g.outcome().is_some(), "{name}: the recorded game is over");
        assert_eq!(
            h.state().ws.doc.board(),
            &presets::square_grid(2, 2),
            "a game does not replace the document"
        );
    }
}

#[test]
fn a_little_golem_record_the_app_cannot_show_is_refused_in_red() {
    let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
    h.state_mut().open_file(&data("lg-own-link-crossing.tsgf"));
    h.run_ok();
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("never lets links cross"), "{msg}");
    assert_ne!(h.state().mode, Mode::Play);
}

/// Opening a game says so once: View → Messages keeps one line for it, with
/// the recorded result, whether it is opened from the window or given on the
/// command line (it kept two before, the second without the file's name).
#[test]
fn opening_a_game_logs_one_line_with_its_result() {
    let file = data("lg-hex-1612755.hsgf");
    let lines = |h: &egui_kittest::Harness<'static, boardwright::app::App>| -> Vec<String> {
        h.state()
            .ws
            .status
            .log
            .iter()
            .filter(|e| e.text.contains("Hex game"))
            .map(|e| e.text.clone())
            .collect()
    };
    let (mut h, _d) = harness(Some(presets::square_grid(2, 2)));
    h.state_mut().open_file(&file);
    h.run_ok();
    let from_window = lines(&h);
    assert_eq!(from_window.len(), 1, "{from_window:?}");
    let (h, _d) = harness_opts(boardwright::app::AppOptions::for_file(&file));
    let from_command_line = lines(&h);
    assert_eq!(from_command_line.len(), 1, "{from_command_line:?}");
    for line in from_window.iter().chain(&from_command_line) {
        assert!(
            line.starts_with("Opened Hex game")
                && line.contains("lg-hex-1612755.hsgf (27 moves, ")
                && line.contains("resigned"),
            "{line}"
        );
    }
}
