//! The Generator tab: generate with a seed, the report, reproducibility, Re-roll,
//! "Open in editor", "Play BOCO on it", errors, and a snapshot.

mod app_common;

use app_common::*;
use boardwright::app::App;
use boardwright::app::dialogs::Dialog;
use boardwright::app::generator::BaseChoice;
use boardwright::app::workspace::Mode;
use boardwright::board::Board;
use boardwright::edit::BoardEdit;
use boardwright::mesh::FaceId;
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn generator_tab(board: Option<Board>) -> (Harness<'static, App>, tempfile::TempDir) {
    let (mut h, dir) = harness(board);
    h.key_press(egui::Key::Num3);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Generator);
    (h, dir)
}

fn generate(h: &mut Harness<'static, App>, seed: u64) -> Board {
    h.state_mut().generator.set_seed(seed);
    h.run_ok();
    click_label(h, "Generate");
    wait_generator(h);
    let g = h.state().generator.result().expect("a board was generated");
    assert_eq!(g.seed, seed);
    g.board.clone()
}

#[test]
fn generate_with_a_seed_shows_the_report_and_is_reproducible() {
    let (mut h, _dir) = generator_tab(None);
    assert!(has_label(&h, "Generate a board to see its report."));
    let a = generate(&mut h, 42);
    assert!(a.validate().is_ok());
    // The report table: one row per player and the spread.
    assert!(has_label(&h, "P1") && has_label(&h, "P2"));
    assert!(has_label(&h, "max diff"));
    assert!(has_label(
        &h,
        "every player has a fixed region and a garden"
    ));
    let (msg, err) = message(&h).unwrap();
    assert!(!err && msg.contains("seed 42"), "{msg}");
    let b = generate(&mut h, 42);
    assert_eq!(a, b, "the same seed gives the same board");
    let c = generate(&mut h, 43);
    assert_ne!(a, c, "another seed gives another board");
}

#[test]
fn re_roll_picks_and_shows_a_new_seed() {
    let (mut h, _dir) = generator_tab(None);
    generate(&mut h, 7);
    click_label(&mut h, "Re-roll");
    wait_generator(&mut h);
    let seed = h.state().generator.seed();
    assert_ne!(seed, 7);
    assert_eq!(h.state().generator.result().unwrap().seed, seed);
    // The seed is shown in the seed field, so the board can be made again.
    let field = h.get_by_label("Seed");
    assert_eq!(field.value().as_deref(), Some(seed.to_string().as_str()));
    let again = h.state().generator.result().unwrap().board.clone();
    assert_eq!(generate(&mut h, seed), again);
}

#[test]
fn the_editors_board_and_a_grid_can_be_the_base() {
    let (mut h, _dir) = generator_tab(Some(presets::hex(6)));
    h.state_mut().generator.base = BaseChoice::Document;
    let g = generate(&mut h, 3);
    assert_eq!(
        h.state().generator.result().unwrap().region_of_base.len(),
        36,
        "every face of the 6×6 Hex board is in a region"
    );
    assert!(g.validate().is_ok());
    h.state_mut().generator.base = BaseChoice::Grid;
    h.state_mut().generator.grid_w = 10;
    h.state_mut().generator.grid_h = 6;
    generate(&mut h, 3);
    assert_eq!(
        h.state().generator.result().unwrap().region_of_base.len(),
        60
    );
}

/// On a big board the players have hundreds of regions: the report's size
/// lists count their runs and are cut to the column (the whole list on
/// hover), so every player's column stays in the panel (seen in the real
/// window: on 6,613 faces P1's list of 415 sizes pushed P2 out of sight).
#[test]
fn a_big_board_s_report_keeps_every_player_s_column_in_view() {
    let (mut h, _dir) = generator_tab(Some(presets::hex(40)));
    h.state_mut().generator.base = BaseChoice::Document;
    generate(&mut h, 5);
    let regions = h.state().generator.result().unwrap().report.players[0].fixed_count;
    assert!(regions > 100, "{regions} regions");
    let screen = h.ctx.content_rect();
    for label in ["P1", "P2", "max diff"] {
        let r = h.get_by_label(label).rect();
        assert!(
            screen.contains(r.min) && screen.contains(r.max),
            "{label} at {r:?} is outside the window {screen:?}"
        );
    }
    assert!(
        h.query_all_by_label_contains("×").next().is_some(),
        "the sizes are counted in runs"
    );
}

#[test]
fn impossible_requests_show_a_clear_error() {
    let (mut h, _dir) = generator_tab(None);
    h.state_mut().generator.set_required(vec![40]);
    h.run_ok();
    click_label(&mut h, "Generate");
    wait_generator(&mut h);
    let err = h.state().generator.error().expect("an error").to_string();
    assert!(err.contains("40"), "{err}");
    let (msg, is_err) = message(&h).unwrap();
    assert!(is_err && msg.contains("generator"), "{msg}");
    assert!(h.state().generator.result().is_none());
    // A seed that is not a number.
    h.state_mut().generator.set_required(vec![6]);
    let seed = h.get_by_label("Seed");
    seed.focus();
    seed.type_text("x");
    h.run_ok();
    click_label(&mut h, "Generate");
    h.run_ok();
    assert!(
        h.state().generator.error().unwrap_or("").contains("seed"),
        "{:?}",
        h.state().generator.error()
    );
}

#[test]
fn open_in_editor_puts_the_board_in_the_editor_after_asking() {
    let (mut h, _dir) = generator_tab(Some(presets::square_grid(3, 3)));
    let generated = generate(&mut h, 11);
    // Unsaved changes in the editor: asked first.
    h.state_mut()
        .ws
        .doc
        .apply(BoardEdit::SetLabel {
            face: FaceId(0),
            label: "mine".into(),
        })
        .unwrap();
    click_label(&mut h, "Open in editor");
    assert!(matches!(h.state().dialog(), Some(Dialog::Unsaved { .. })));
    assert_eq!(
        h.state().mode,
        Mode::Generator,
        "nothing happens before the answer"
    );
    click_label(&mut h, "Cancel");
    assert_eq!(h.state().ws.doc.board().faces().labels()[0], "mine");
    click_label(&mut h, "Open in editor");
    click_label(&mut h, "Don't save");
    assert_eq!(h.state().mode, Mode::Editor);
    assert_eq!(h.state().ws.doc.board(), &generated);
    assert!(
        !h.state().ws.doc.is_dirty(),
        "the handed-over board counts as unchanged (its seed makes it again)"
    );
    assert!(h.state().ws.doc.path.is_none());
}

#[test]
fn play_boco_on_it_starts_a_game_on_the_generated_board() {
    let (mut h, _dir) = generator_tab(None);
    let generated = generate(&mut h, 5);
    click_label(&mut h, "Play BOCO on it");
    assert_eq!(h.state().mode, Mode::Play);
    assert_eq!(h.state().ws.doc.board(), &generated);
    if let Some(g) = h.state().play.game() {
        assert_eq!(g.kind(), boardwright::game::RulesKind::Boco);
        assert_eq!(g.board().as_ref(), &generated);
    }
}

#[test]
fn a_new_request_supersedes_the_running_one() {
    let (mut h, _dir) = generator_tab(None);
    {
        let g = &mut h.state_mut().generator;
        g.base = BaseChoice::Grid;
        g.grid_w = 200;
        g.grid_h = 200;
        g.set_seed(1);
    }
    click_label(&mut h, "Generate");
    assert!(h.state().generator.is_busy());
    {
        let g = &mut h.state_mut().generator;
        g.grid_w = 8;
        g.grid_h = 8;
        g.set_seed(99);
    }
    click_label(&mut h, "Generate");
    wait_generator(&mut h);
    let g = h.state().generator.result().unwrap();
    assert_eq!(g.seed, 99, "the newer request's board is shown");
    assert_eq!(g.region_of_base.len(), 64);
    // Nothing else arrives later.
    std::thread::sleep(std::time::Duration::from_millis(50));
    h.run_ok();
    assert_eq!(h.state().generator.result().unwrap().seed, 99);
}

#[test]
fn generator_snapshot() {
    let (mut h, _dir) = generator_tab(None);
    generate(&mut h, 2026);
    h.snapshot_options("generator", &snapshot_options());
}
