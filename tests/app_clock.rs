//! The game clock in Play, driven through the real app with a time source the
//! test moves on (no sleeping): clocks alternate and gain the increment, a flag
//! fall ends the game, takeback restores the clocks, and the clock survives an
//! autosave and a second launch.

mod app_common;

use app_common::*;
use boardwright::app::dialogs::Dialog;
use boardwright::app::play::clock::{ClockSetup, TimeSource};
use boardwright::app::workspace::Mode;
use boardwright::app::{App, AppOptions};
use boardwright::board::Board;
use boardwright::game::{DynGame, Ending};
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

type H = Harness<'static, App>;

/// A time source in milliseconds that the test moves on.
#[derive(Clone, Default)]
struct FakeTime(Arc<AtomicU64>);

impl FakeTime {
    fn source(&self) -> TimeSource {
        let t = self.0.clone();
        TimeSource(Arc::new(move || {
            Duration::from_millis(t.load(Ordering::SeqCst))
        }))
    }
    fn advance(&self, h: &mut H, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
        // A frame or two at the new time (the clock runs once per frame).
        h.step();
        h.run_ok();
    }
}

fn opts(time: &FakeTime, board: Board, dir: &tempfile::TempDir) -> AppOptions {
    AppOptions {
        board: Some(board),
        data_dir: Some(dir.path().to_path_buf()),
        time: time.source(),
        ..Default::default()
    }
}

fn game(h: &H) -> &dyn DynGame {
    h.state().play.game().expect("a game is on")
}

fn has_text(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The live clock reading in whole seconds (Red, Blue).
fn left(h: &H) -> [u64; 2] {
    let c = game(h).clock().expect("the game has a clock");
    [0, 1].map(|p| c.live().left(p).as_secs())
}

/// Play mode, Hex, New game.
/// Turns the clock on in Play's setup: `minutes` each, `increment` seconds.
fn set_clock(h: &mut H, minutes: u32, increment: u32) {
    h.state_mut().play.setup.clock = ClockSetup {
        on: true,
        minutes,
        increment,
    };
}

fn new_hex(h: &mut H) {
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    click_label(h, "Hex");
    click_label(h, "New game");
}

fn click_cell(h: &mut H, board: &Board, label: &str) {
    let f = board.face_by_label(label).expect("a cell");
    click_face(h, board, f);
}

#[test]
fn with_the_clock_on_the_clocks_alternate_and_gain_the_increment() {
    let time = FakeTime::default();
    let dir = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let mut h = harness_with(opts(&time, board.clone(), &dir));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(has_text(&h, "Clock"), "the setup panel offers a clock");
    // Off by default: a game without a clock.
    click_label(&mut h, "New game");
    assert!(game(&h).clock().is_none(), "the clock is off by default");
    click_label(&mut h, "On");
    new_hex(&mut h);
    assert_eq!(left(&h), [300, 300], "5 minutes each");
    assert!(has_text(&h, "Clock: 5 min + 3 s"));

    time.advance(&mut h, 10_000);
    assert_eq!(left(&h), [290, 300], "Red's clock runs on Red's move");
    assert!(has_text(&h, "04:50") && has_text(&h, "05:00"));
    click_cell(&mut h, &board, "a1");
    assert_eq!(game(&h).ply(), 1);
    assert_eq!(left(&h), [293, 300], "Red got his 3 s increment");

    time.advance(&mut h, 20_000);
    assert_eq!(left(&h), [293, 280], "now Blue's runs, Red's stands");
    assert!(has_text(&h, "04:53") && has_text(&h, "04:40"));
    click_cell(&mut h, &board, "b1");
    assert_eq!(left(&h), [293, 283]);

    // Previewing a past position stops the clock.
    click_label(&mut h, "1. a1");
    assert!(h.state().play.previewing().is_some());
    time.advance(&mut h, 50_000);
    assert_eq!(left(&h), [293, 283], "no time runs while browsing");
    h.key_press(egui::Key::Escape);
    h.run_ok();
    assert!(h.state().play.previewing().is_none());
    time.advance(&mut h, 3_000);
    assert_eq!(
        left(&h),
        [290, 283],
        "back on the live position it runs again"
    );
}

#[test]
fn reds_flag_falls_blue_wins_no_move_is_accepted_and_undo_restores_the_clocks() {
    let time = FakeTime::default();
    let dir = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let mut h = harness_with(opts(&time, board.clone(), &dir));
    set_clock(&mut h, 1, 0);
    new_hex(&mut h);
    click_cell(&mut h, &board, "a1");
    time.advance(&mut h, 5_000);
    click_cell(&mut h, &board, "b1");
    assert_eq!(left(&h), [60, 55]);
    time.advance(&mut h, 50_600);
    assert!(has_text(&h, "00:09.4"), "tenths under ten seconds");
    time.advance(&mut h, 9_400);

    let g = game(&h);
    assert_eq!(g.ending(), Some(Ending::Timeout { loser: 0 }));
    let o = g.outcome().expect("the game is over");
    assert_eq!(o.winner, Some(1), "Blue wins");
    assert_eq!(o.reason, "Red ran out of time");
    assert!(
        has_text(&h, "Blue wins — Red ran out of time"),
        "the banner"
    );
    let (msg, _) = message(&h).expect("a message");
    assert!(msg.contains("Red ran out of time"), "{msg}");
    // The move list says so after the last move.
    let in_list = h.query_all_by_label("Red ran out of time").next().is_some();
    assert!(in_list, "the move list shows the time loss");

    // No further move.
    click_cell(&mut h, &board, "c3");
    assert_eq!(game(&h).ply(), 2, "no move after the flag fell");
    time.advance(&mut h, 5_000);
    assert_eq!(left(&h), [0, 55], "nothing runs once the game is over");

    // Undo withdraws the time loss: Red is to move again with the time he had
    // when the position was reached.
    click_label(&mut h, "Undo");
    assert_eq!(game(&h).ending(), None);
    assert_eq!(game(&h).ply(), 2);
    assert_eq!(left(&h), [60, 55]);
    assert!(has_text(&h, "Red to move"));
}

#[test]
fn takeback_restores_the_clocks_of_that_position() {
    let time = FakeTime::default();
    let dir = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let mut h = harness_with(opts(&time, board.clone(), &dir));
    set_clock(&mut h, 5, 2);
    new_hex(&mut h);
    time.advance(&mut h, 10_000);
    click_cell(&mut h, &board, "a1");
    time.advance(&mut h, 20_000);
    click_cell(&mut h, &board, "b1");
    time.advance(&mut h, 30_000);
    assert_eq!(left(&h), [262, 282]);

    click_label(&mut h, "Undo");
    assert_eq!(game(&h).ply(), 1);
    assert_eq!(
        left(&h),
        [292, 300],
        "the clocks when Blue was to reply to a1"
    );
    click_label(&mut h, "Undo");
    assert_eq!(left(&h), [300, 300], "the start");
    click_label(&mut h, "Redo");
    assert_eq!(left(&h), [292, 300], "redo brings that position's clocks");
}

#[test]
fn a_computer_seats_clock_is_shown_but_does_not_count() {
    let time = FakeTime::default();
    let dir = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let mut h = harness_with(opts(&time, board.clone(), &dir));
    set_clock(&mut h, 5, 3);
    h.state_mut().play.setup.seats[1] =
        boardwright::app::play::computer::Seat::Computer { seconds: 0.05 };
    // Hex 3×3 after b2 is lost for Blue: its computer would resign.
    h.state_mut().play.setup.resign = false;
    new_hex(&mut h);
    assert!(has_text(&h, "(computer)"), "the computer's clock is marked");
    time.advance(&mut h, 4_000);
    click_cell(&mut h, &board, "b2");
    // Let the computer answer (its search runs on its own thread).
    for _ in 0..400 {
        if game(&h).ply() == 2 {
            break;
        }
        time.advance(&mut h, 1_000);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(game(&h).ply(), 2, "the computer replied");
    assert_eq!(left(&h)[1], 300, "its clock neither ran nor gained");
    assert_eq!(left(&h)[0], 299, "the person's clock ran and gained 3 s");
}

#[test]
fn clock_settings_and_readings_survive_autosave_and_a_second_launch() {
    let time = FakeTime::default();
    let dir = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let first = AppOptions {
        autosave_interval: Some(0.0),
        ..opts(&time, board.clone(), &dir)
    };
    let mut h = harness_with(first.clone());
    set_clock(&mut h, 7, 4);
    new_hex(&mut h);
    time.advance(&mut h, 12_000);
    click_cell(&mut h, &board, "a1");
    time.advance(&mut h, 15_000);
    assert_eq!(left(&h), [412, 405]);
    for _ in 0..3 {
        h.step();
    }
    let autosaved = dir.path().join("autosave").join("game.ron");
    let text = std::fs::read_to_string(&autosaved).expect("the game was autosaved");
    assert!(text.contains("main_ms: 420000"), "{text}");
    // The settings go to the profile; then the app "crashes".
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);

    let mut h = harness_with_storage(first, &storage);
    assert_eq!(
        h.state().play.setup.clock,
        ClockSetup {
            on: true,
            minutes: 7,
            increment: 4
        },
        "the clock settings were remembered"
    );
    assert!(matches!(h.state().dialog(), Some(Dialog::Restore(_))));
    time.advance(&mut h, 60_000);
    click_label(&mut h, "Restore");
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert_eq!(game(&h).ply(), 1);
    assert_eq!(left(&h), [412, 405], "the readings where the game was left");
    time.advance(&mut h, 5_000);
    assert_eq!(left(&h), [412, 400], "and Blue's clock goes on");
}

#[test]
fn snapshot_of_the_clocks_with_blue_short_of_time() {
    let time = FakeTime::default();
    let dir = tempfile::tempdir().unwrap();
    let board = presets::hex(5);
    let mut h = harness_with(opts(&time, board.clone(), &dir));
    set_clock(&mut h, 1, 2);
    new_hex(&mut h);
    time.advance(&mut h, 4_000);
    click_cell(&mut h, &board, "c3");
    time.advance(&mut h, 52_700);
    assert_eq!(left(&h), [58, 7]);
    assert!(has_text(&h, "00:07.3") && has_text(&h, "00:58"));
    h.remove_cursor();
    h.run_ok();
    h.snapshot_options("play_clock", &snapshot_options());
}
