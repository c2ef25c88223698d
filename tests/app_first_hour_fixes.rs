//! Issue 12, defects 5–9, driven through the real app: the generator's hand-over
//! (a playable default base, the two-sided paper board kept from BOCO, a clean
//! document, play colours that never clash with section colours), region labels,
//! opening a board mid-game, Esc and the editor tool, and the small things (grid
//! positions from 1, plurals, the move count while browsing, short seeds, the
//! generator's settings kept between runs).

mod app_common;

use app_common::*;
use boardwright::app::command::Command;
use boardwright::app::dialogs::Dialog;
use boardwright::app::generator::{BaseChoice, SHORT_SEEDS};
use boardwright::app::vocabulary::Tool;
use boardwright::app::workspace::Mode;
use boardwright::app::{App, AppOptions};
use boardwright::board::Board;
use boardwright::game::RulesKind;
use boardwright::generator::Layout;
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

type H = Harness<'static, App>;

fn settle(h: &mut H) {
    for _ in 0..4 {
        h.run_ok();
    }
}

fn has_text(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn generator_tab(h: &mut H) {
    h.key_press(egui::Key::Num3);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Generator);
}

fn generate(h: &mut H, seed: u64) -> Board {
    h.state_mut().generator.set_seed(seed);
    h.run_ok();
    click_label(h, "Generate");
    wait_generator(h);
    h.state()
        .generator
        .result()
        .expect("generated")
        .board
        .clone()
}

/// How many pieces the board falls apart into (faces joined across edges).
fn pieces(b: &Board) -> usize {
    let n = b.face_count();
    let mut seen = vec![false; n];
    let mut count = 0;
    for f in b.mesh().face_ids() {
        if seen[f.index()] {
            continue;
        }
        count += 1;
        seen[f.index()] = true;
        let mut stack = vec![f];
        while let Some(g) = stack.pop() {
            for (_, h) in b.mesh().face_neighbors(g) {
                if let Some(h) = h.filter(|h| !seen[h.index()]) {
                    seen[h.index()] = true;
                    stack.push(h);
                }
            }
        }
    }
    count
}

fn distance(a: egui::Color32, b: egui::Color32) -> f32 {
    let d = |x: u8, y: u8| (x as f32 - y as f32).powi(2);
    (d(a.r(), b.r()) + d(a.g(), b.g()) + d(a.b(), b.b())).sqrt()
}

/// The texts painted in the last frame with their screen rectangles.
fn painted_texts(h: &H) -> Vec<(String, egui::Rect)> {
    fn walk(s: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
        match s {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            egui::Shape::Text(t) => out.push((
                t.galley.text().to_string(),
                t.galley.rect.translate(t.pos.to_vec2()),
            )),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    out
}

/// The region labels of the generated board painted on the canvas.
fn region_labels(h: &H, board: &Board) -> Vec<(String, egui::Rect)> {
    let labels: Vec<&str> = board.faces().labels().iter().map(|l| l.as_str()).collect();
    painted_texts(h)
        .into_iter()
        .filter(|(t, _)| labels.contains(&t.as_str()))
        .collect()
}

// ----- defect 5: the generator's hand-over

#[test]
fn the_default_base_is_one_board_that_boco_is_played_on() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    assert_eq!(h.state().generator.base, BaseChoice::Grid);
    let b = generate(&mut h, 1);
    assert_eq!(pieces(&b), 1, "the default base gives one connected board");
    assert!(h.state().generator.boco_availability().is_ok());
    click_label(&mut h, "Play BOCO on it");
    assert_eq!(h.state().mode, Mode::Play);
    let g = h.state().play.game().expect("a BOCO game is on");
    assert_eq!(g.kind(), RulesKind::Boco);
    assert_eq!(g.board().as_ref(), &b);
}

#[test]
fn a_two_sided_paper_board_is_not_offered_to_boco_and_says_why() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    click_label(&mut h, "Paper (the seed's layouts)");
    assert_eq!(h.state().generator.base, BaseChoice::Paper);
    assert_eq!(h.state().generator.config.layout, Layout::Paper);
    let b = generate(&mut h, 3);
    assert_eq!(pieces(&b), 2, "front and back are two sheets");
    let why = h.state().generator.boco_availability().unwrap_err();
    assert!(why.contains("one connected board"), "{why}");
    assert!(
        h.get_by_label("Play BOCO on it")
            .accesskit_node()
            .is_disabled(),
        "greyed out"
    );
    click_label(&mut h, "Play BOCO on it");
    assert_eq!(h.state().mode, Mode::Generator, "nothing happens");
    assert!(h.state().play.game().is_none());
    // It still opens in the editor.
    click_label(&mut h, "Open in editor");
    assert_eq!(h.state().mode, Mode::Editor);
    assert_eq!(h.state().ws.doc.board(), &b);
}

#[test]
fn handing_a_generated_board_over_leaves_nothing_to_save() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    let b = generate(&mut h, 11);
    click_label(&mut h, "Open in editor");
    assert_eq!(h.state().mode, Mode::Editor);
    assert_eq!(h.state().ws.doc.board(), &b);
    assert!(!h.state().ws.doc.is_dirty(), "no change was made yet");
    generator_tab(&mut h);
    click_label(&mut h, "Play BOCO on it");
    assert!(
        h.state().dialog().is_none(),
        "no question about changes never made: {:?}",
        h.state().dialog().map(Dialog::name)
    );
    assert_eq!(h.state().mode, Mode::Play);
    assert_eq!(h.state().play.game().unwrap().kind(), RulesKind::Boco);
    // Closing right away does not ask either.
    let cmds = press_close(&mut h);
    assert!(!cmds.contains(&egui::ViewportCommand::CancelClose));
    assert!(h.state().close_confirmed());
}

#[test]
fn play_colours_never_clash_with_section_colours() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    h.state_mut().generator.config.players = 4;
    h.state_mut().generator.grid_w = 10;
    h.state_mut().generator.grid_h = 10;
    let b = generate(&mut h, 8);
    click_label(&mut h, "Play BOCO on it");
    settle(&mut h);
    let app = h.state_mut();
    let colours = app.play.setup.colours;
    let mut checked = 0;
    for f in b.mesh().face_ids() {
        if b.colour(f).is_none() {
            continue;
        }
        let fill = app
            .play
            .canvas_mut()
            .shown_fill(&b, f)
            .expect("the board is shown");
        for (p, &c) in colours.iter().enumerate() {
            assert!(
                distance(c, fill) >= 60.0,
                "player {p}'s pieces ({c:?}) on face {} ({fill:?}) do not stand out",
                b.face_name(f)
            );
        }
        checked += 1;
    }
    assert!(checked > 10, "the generated faces carry section colours");
    assert!(distance(colours[0], colours[1]) >= 90.0, "{colours:?}");
}

// ----- defect 6: region labels

#[test]
fn the_region_labels_checkbox_works_with_view_labels_off() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    h.state_mut().apply(Command::ToggleLabels);
    assert!(!h.state().ws.settings.show_labels);
    let b = generate(&mut h, 4);
    settle(&mut h);
    assert!(region_labels(&h, &b).is_empty(), "off by default");
    click_label(&mut h, "Region labels");
    settle(&mut h);
    assert!(
        !region_labels(&h, &b).is_empty(),
        "the checkbox shows them although View > Labels is off"
    );
    click_label(&mut h, "Region labels");
    settle(&mut h);
    assert!(region_labels(&h, &b).is_empty());
}

#[test]
fn region_labels_fit_their_regions_and_stay_on_the_board() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    h.state_mut().generator.config.players = 4;
    h.state_mut().generator.grid_w = 14;
    h.state_mut().generator.grid_h = 14;
    h.state_mut().generator.show_labels = true;
    let b = generate(&mut h, 21);
    settle(&mut h);
    let shown = region_labels(&h, &b);
    assert!(!shown.is_empty(), "some labels fit");
    // The board's screen rectangle.
    let bb = b.mesh().bbox();
    let a = screen(&mut h, bb.min);
    let c = screen(&mut h, bb.max);
    let board_rect = egui::Rect::from_two_pos(a, c).expand(0.5);
    for (text, r) in &shown {
        assert!(board_rect.contains_rect(*r), "{text} spills off the board");
    }
    for (i, (ta, ra)) in shown.iter().enumerate() {
        for (tb, rb) in &shown[i + 1..] {
            assert!(
                !ra.shrink(0.5).intersects(rb.shrink(0.5)),
                "{ta} overlaps {tb}"
            );
        }
    }
}

// ----- defect 9: seeds and the generator's settings

#[test]
fn re_roll_seeds_are_short_and_reproducible() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    let mut seeds = Vec::new();
    for _ in 0..3 {
        click_label(&mut h, "Re-roll");
        wait_generator(&mut h);
        let seed = h.state().generator.seed();
        assert!(seed < SHORT_SEEDS, "{seed} is short");
        assert!(seed.to_string().len() <= 6);
        seeds.push(seed);
    }
    assert!(seeds[0] != seeds[1] || seeds[1] != seeds[2]);
    let last = h.state().generator.result().unwrap().board.clone();
    assert_eq!(
        generate(&mut h, seeds[2]),
        last,
        "the short seed makes it again"
    );
}

#[test]
fn generator_settings_are_kept_for_the_next_run() {
    let (mut h, _dir) = harness(None);
    generator_tab(&mut h);
    {
        let g = &mut h.state_mut().generator;
        g.base = BaseChoice::Grid;
        g.grid_w = 12;
        g.grid_h = 9;
        g.config.players = 3;
        g.config.plan.fill = 0.4;
        g.set_required(vec![5, 3]);
        g.set_seed(4242);
        g.show_labels = true;
    }
    h.run_ok();
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    // A second launch starts with them.
    let h2 = harness_with_storage(AppOptions::default(), &storage);
    let g = &h2.state().generator;
    assert_eq!(g.base, BaseChoice::Grid);
    assert_eq!((g.grid_w, g.grid_h), (12, 9));
    assert_eq!(g.config.players, 3);
    assert!((g.config.plan.fill - 0.4).abs() < 1e-9);
    assert_eq!(g.config.plan.required, vec![5, 3]);
    assert!(g.show_labels);
    assert_eq!(g.settings().seed, 4242);
}

// ----- defect 7: opening a board mid-game

fn hex_game_with_a_move(h: &mut H, board: &Board) {
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(h, "Hex");
    click_label(h, "New game");
    click_face(h, board, board.face_by_label("a1").unwrap());
    assert_eq!(h.state().play.game().unwrap().ply(), 1);
}

#[test]
fn opening_a_board_mid_game_asks_to_start_a_new_game_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("hex7.ron");
    boardwright::io::save_board(&presets::hex(7), &other).unwrap();
    let board = presets::hex(3);
    let (mut h, _d) = harness(Some(board.clone()));
    hex_game_with_a_move(&mut h, &board);
    // No: the game goes on, the opened board waits in the editor.
    h.state_mut().open_file(&other);
    settle(&mut h);
    assert!(matches!(h.state().dialog(), Some(Dialog::NewGameOn { .. })));
    assert!(has_text(&h, "Start a new game on \u{201c}Hex 7×7\u{201d}?"));
    click_label(&mut h, "No");
    assert!(h.state().dialog().is_none());
    assert_eq!(h.state().mode, Mode::Play);
    let g = h.state().play.game().unwrap();
    assert_eq!(
        (g.ply(), g.board().face_count()),
        (1, 9),
        "the game goes on"
    );
    assert_eq!(
        h.state().ws.doc.board().face_count(),
        49,
        "the board is open"
    );
    // Yes: a new game on the opened board.
    h.state_mut().open_file(&other);
    settle(&mut h);
    click_label(&mut h, "Yes");
    // The game in progress has a move that is not saved: asked first.
    assert!(matches!(h.state().dialog(), Some(Dialog::Unsaved { .. })));
    click_label(&mut h, "Don't save");
    let g = h.state().play.game().unwrap();
    assert_eq!((g.ply(), g.board().face_count()), (0, 49));
    assert_eq!(g.kind(), RulesKind::Hex);
}

#[test]
fn a_greyed_out_rule_offers_a_new_board_for_its_game() {
    let (mut h, _dir) = harness(Some(presets::hex(5)));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert!(h.get_by_label("TwixT").accesskit_node().is_disabled());
    let offers = |h: &H| -> Vec<String> {
        // The games whose row has a New board button.
        let rows: Vec<f32> = h
            .query_all_by_label("New board")
            .map(|n| n.rect().center().y)
            .collect();
        RulesKind::ALL
            .into_iter()
            .map(|k| k.title().to_string())
            .filter(|g| {
                let y = h.get_by_label(g).rect().center().y;
                rows.iter().any(|r| (r - y).abs() < 4.0)
            })
            .collect()
    };
    let unsuitable: Vec<String> = RulesKind::ALL
        .into_iter()
        .filter(|&k| boardwright::game::suitability(k, &presets::hex(5)).is_err())
        .map(|k| k.title().to_string())
        .collect();
    assert!(unsuitable.contains(&"TwixT".to_string()) && !unsuitable.contains(&"Hex".to_string()));
    assert_eq!(
        offers(&h),
        unsuitable,
        "an offer next to every game that cannot be played on Hex 5×5, and only there"
    );
    let click_offer = |h: &mut H, game: &str| {
        let y = h.get_by_label(game).rect().center().y;
        let at = h
            .query_all_by_label("New board")
            .map(|n| n.rect().center())
            .find(|p| (p.y - y).abs() < 4.0)
            .expect("an offer in the row");
        click_at(h, at);
    };
    click_offer(&mut h, "TwixT");
    settle(&mut h);
    let b = h.state().ws.doc.board();
    assert!(b.meta().name.contains("TwixT"), "{}", b.meta().name);
    assert!(!h.state().ws.doc.is_dirty());
    let g = h.state().play.game().expect("a TwixT game started on it");
    assert_eq!(g.kind(), RulesKind::Twixt);
    // With unsaved changes it asks first.
    let (mut h, _dir) = harness(Some(presets::hex(5)));
    relabel(&mut h, 0, "mine");
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_offer(&mut h, "Y");
    assert!(matches!(h.state().dialog(), Some(Dialog::Unsaved { .. })));
    click_label(&mut h, "Don't save");
    settle(&mut h);
    assert_eq!(h.state().play.game().unwrap().kind(), RulesKind::Y);
}

// ----- defect 8: Esc and the editor tool

#[test]
fn esc_closes_the_shortcuts_window_and_every_dialog() {
    let (mut h, _dir) = harness_opts(AppOptions {
        board: Some(presets::hex(3)),
        file_chooser: Some(boardwright::app::file_dialog::FileChooser::unavailable()),
        ..Default::default()
    });
    let mut opened = Vec::new();
    let openers: Vec<fn(&mut H)> = vec![
        |h| h.state_mut().apply(Command::ShowShortcuts),
        |h| h.state_mut().apply(Command::About),
        |h| h.state_mut().apply(Command::ShowMessages),
        |h| h.state_mut().apply(Command::NewDialog),
        |h| h.state_mut().apply(Command::SaveAs),
        |h| {
            relabel(h, 0, "x");
            h.state_mut().apply(Command::NewBoard(
                boardwright::app::command::NewBoard::Empty,
            ));
        },
    ];
    for open in openers {
        open(&mut h);
        settle(&mut h);
        let name = h.state().dialog().map(Dialog::name).expect("a dialog");
        opened.push(name);
        h.key_press(egui::Key::Escape);
        settle(&mut h);
        assert!(h.state().dialog().is_none(), "Esc closes the {name} dialog");
    }
    assert_eq!(
        opened,
        [
            "shortcuts",
            "about",
            "messages",
            "new board",
            "file",
            "unsaved changes"
        ]
    );
    // The resign question and the new-game offer in Play.
    h.state_mut().apply(Command::NewGame(RulesKind::Hex));
    settle(&mut h);
    h.state_mut().apply(Command::ConfirmResign);
    settle(&mut h);
    assert_eq!(h.state().dialog().map(Dialog::name), Some("resign"));
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(h.state().dialog().is_none());
    assert!(
        h.state().play.game().unwrap().outcome().is_none(),
        "not resigned"
    );
}

#[test]
fn the_selected_tool_stays_after_opening_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.ron");
    boardwright::io::save_board(&presets::hex(4), &file).unwrap();
    let (mut h, _d) = harness(Some(presets::hex(3)));
    h.key_press(egui::Key::X);
    h.run_ok();
    assert_eq!(h.state().editor.tool, Tool::Delete);
    h.state_mut().open_file(&file);
    settle(&mut h);
    assert_eq!(h.state().ws.doc.board().face_count(), 16);
    assert_eq!(h.state().editor.tool, Tool::Delete, "the tool stays");
    h.state_mut().apply(Command::NewBoard(
        boardwright::app::command::NewBoard::Preset {
            name: "hex".into(),
            size: Some(5),
        },
    ));
    settle(&mut h);
    assert_eq!(h.state().editor.tool, Tool::Delete, "also after New");
    h.state_mut().apply(Command::NewBoard(
        boardwright::app::command::NewBoard::Empty,
    ));
    settle(&mut h);
    assert_eq!(
        h.state().editor.tool,
        Tool::Delete,
        "and after New > Empty board"
    );
}

// ----- defect 9: numbers a user reads

#[test]
fn status_bar_grid_positions_count_from_one_like_the_labels() {
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    let f = board.face_by_label("c4").unwrap();
    let p = screen(&mut h, board.mesh().face_interior_point(f));
    h.hover_at(p);
    settle(&mut h);
    let hover = h.state().ws.status.hover.clone().unwrap_or_default();
    assert!(hover.starts_with("c4"), "{hover}");
    assert!(hover.contains("col 3 row 4"), "{hover}");
}

#[test]
fn counts_read_as_english() {
    let dir = tempfile::tempdir().unwrap();
    let board = presets::hex(3);
    let (mut h, _d) = harness(Some(board.clone()));
    hex_game_with_a_move(&mut h, &board);
    let path = dir.path().join("one.ron");
    h.state_mut().apply(Command::FileChosen {
        action: boardwright::app::command::FileAction::SaveGame {
            then: Default::default(),
        },
        path: path.clone(),
    });
    h.state_mut().open_file(&path);
    settle(&mut h);
    let (msg, _) = message(&h).unwrap();
    assert!(msg.contains("(1 move)"), "{msg}");
    // The generator's report.
    generator_tab(&mut h);
    generate(&mut h, 5);
    assert!(
        h.query_all_by_label_contains("attempt(s)").next().is_none()
            && !message(&h).unwrap().0.contains("(s)")
    );
}

#[test]
fn browsing_the_move_list_counts_the_moves_of_the_line() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, "New game");
    for l in ["a1", "b1", "c1", "a2"] {
        click_face(&mut h, &board, board.face_by_label(l).unwrap());
    }
    assert!(has_text(&h, "Hex · 4 moves played"));
    click_label(&mut h, "Undo");
    click_label(&mut h, "Undo");
    h.key_press(egui::Key::End);
    settle(&mut h);
    assert_eq!(h.state().play.previewing(), Some(4));
    assert!(
        has_text(&h, "Hex · move 4 of 4 · live: 2 moves"),
        "{:?}",
        h.state().play.move_count_text()
    );
    h.key_press(egui::Key::Home);
    settle(&mut h);
    assert!(has_text(&h, "Hex · move 0 of 4"));
}

#[test]
fn grid_points_show_in_move_vertex_while_snapping_applies() {
    let (mut h, _dir) = harness(Some(presets::square_grid(4, 4)));
    h.state_mut().ws.settings.grid_snap = true;
    h.state_mut().ws.settings.grid_size = 1.0;
    let dots = |h: &H| {
        h.output()
            .shapes
            .iter()
            .filter(|c| {
                matches!(&c.shape, egui::Shape::Circle(k)
                    if k.radius == boardwright::app::editor::tools::GRID_DOT_RADIUS)
            })
            .count()
    };
    h.key_press(egui::Key::M);
    settle(&mut h);
    assert_eq!(h.state().editor.tool, Tool::Move);
    assert!(dots(&h) >= 25, "the 5×5 grid points of the board at least");
    // Without snapping there is nothing to show.
    h.state_mut().ws.settings.grid_snap = false;
    settle(&mut h);
    assert_eq!(dots(&h), 0);
}
