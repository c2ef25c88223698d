//! The Analyze tab (the balance lab in the window): an analysis of Hex 3×3
//! with live progress, its report and the opening map's hover; Cancel with a
//! partial report while the window keeps drawing; Copy report; the
//! generator's "Playtest with the engine"; the settings across a restart; a
//! snapshot of the heat map.

mod app_common;

use app_common::*;
use boardwright::app::analyze::AnalyzeSettings;
use boardwright::app::workspace::Mode;
use boardwright::app::{App, AppOptions};
use boardwright::board::Board;
use boardwright::game::RulesKind;
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::time::{Duration, Instant};

fn analyze_tab(board: Board) -> (Harness<'static, App>, tempfile::TempDir) {
    let (mut h, dir) = harness(Some(board));
    h.key_press(egui::Key::Num4);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Analyze);
    (h, dir)
}

fn small_hex(games: u32, sims: u64, openings: bool) -> AnalyzeSettings {
    AnalyzeSettings {
        rules: "hex".into(),
        swap: false,
        games,
        use_time: false,
        sims,
        seconds: 0.1,
        threads: 2,
        openings,
        opening_sims: 2000,
        seed: 7,
    }
}

/// Run frames until the analysis is done; returns how many frames ran and
/// the (work done) counts seen along the way.
fn wait_done(h: &mut Harness<'static, App>, limit: Duration) -> (usize, Vec<u32>) {
    let start = Instant::now();
    let mut frames = 0;
    let mut done = Vec::new();
    while h.state().analyze.is_running() {
        assert!(
            start.elapsed() < limit,
            "the analysis did not finish in time"
        );
        if let Some(c) = h.state().analyze.counts() {
            done.push(c.games_done + c.openings_done);
        }
        std::thread::sleep(Duration::from_millis(5));
        h.step();
        frames += 1;
    }
    h.run_ok();
    (frames, done)
}

fn face_named(b: &Board, name: &str) -> boardwright::mesh::FaceId {
    b.mesh()
        .face_ids()
        .find(|&f| b.face_name(f) == name)
        .expect("the face exists")
}

/// A long analysis says how long it will take: the progress shows the
/// simulations run and the time, and once a game is done the time left at
/// that pace (seen in the real window: on 6,613 faces the bar stood at 0 %
/// with nothing to say whether it would take minutes or days).
#[test]
fn a_running_analysis_shows_its_pace_and_the_time_left() {
    let board = presets::hex(7);
    let (mut h, _dir) = analyze_tab(board);
    let mut s = small_hex(1000, 300, false);
    s.threads = 1;
    h.state_mut().analyze.settings = s;
    h.run_ok();
    click_label(&mut h, "Start");
    let start = Instant::now();
    while h.state().analyze.counts().unwrap().games_done == 0 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.step();
    assert!(
        h.query_all_by_label_contains(" simulations · ")
            .any(|n| format!("{:?}", n.accesskit_node()).contains(" left")),
        "the pace and the time left are shown"
    );
    click_label(&mut h, "Cancel");
    wait_done(&mut h, Duration::from_secs(30));
}

#[test]
fn hex_3x3_analysis_shows_progress_the_report_and_the_map() {
    let board = presets::hex(3);
    let (mut h, _dir) = analyze_tab(board.clone());
    assert!(has_label(&h, "Choose the game and the budget, then Start."));
    let mut s = small_hex(40, 1000, true);
    s.threads = 1;
    h.state_mut().analyze.settings = s;
    h.run_ok();
    click_label(&mut h, "Start");
    assert!(h.state().analyze.is_running(), "Start starts the worker");
    let (frames, done) = wait_done(&mut h, Duration::from_secs(120));
    assert!(frames > 0, "frames ran while it worked");
    // The window drew the work part done (how far it got by the first frame
    // depends on the machine's load: under load the workers ran 46 of the 49
    // before it) and never saw the count go back.
    assert!(
        done.iter().any(|&d| d < 49),
        "the window showed the work part done: {done:?}"
    );
    assert!(done.windows(2).all(|w| w[1] >= w[0]), "{done:?}");
    let shown = h.state().analyze.shown().expect("a report");
    assert!(!shown.running && !shown.report.header.partial);
    assert_eq!(shown.report.first_player.games, 40);
    assert_eq!(shown.in_order.len(), 40, "every game reached the live plot");
    let map = shown.report.openings.as_ref().expect("an opening map");
    assert_eq!(map.openings.len(), 9);
    let verdict = shown.report.verdict.clone();
    let b2 = face_named(&board, "b2");
    let centre = map.at_face(b2.index()).expect("b2 judged").clone();
    assert!(has_label(&h, &verdict), "the verdict is shown: {verdict}");
    // The map over the board: hover the centre.
    let pos = screen(&mut h, board.mesh().face_interior_point(b2));
    h.hover_at(pos);
    h.run_ok();
    let hover = h.state().ws.status.hover.clone().expect("hover text");
    assert!(
        hover.starts_with("b2: Red wins ") && hover.contains('%'),
        "{hover}"
    );
    assert!(
        hover.contains(&format!("{:.1} %", centre.first_win_rate * 100.0)),
        "{hover}"
    );
    assert!(
        hover.contains("proven") || hover.contains("samples"),
        "with its confidence: {hover}"
    );
}

#[test]
fn a_changed_board_hides_the_map() {
    let board = presets::hex(3);
    let (mut h, _dir) = analyze_tab(board.clone());
    h.state_mut().analyze.settings = small_hex(0, 100, true);
    h.state_mut().analyze.settings.opening_sims = 200;
    h.run_ok();
    click_label(&mut h, "Start");
    wait_done(&mut h, Duration::from_secs(60));
    assert!(h.state().analyze.stale(&h.state().ws).is_none());
    relabel(&mut h, 0, "x");
    let why = h.state().analyze.stale(&h.state().ws).expect("stale now");
    assert!(why.contains("board changed"), "{why}");
    h.state_mut().analyze.settings.rules = "boco".into();
    h.run_ok();
    let b2 = face_named(&board, "b2");
    let pos = screen(&mut h, board.mesh().face_interior_point(b2));
    h.hover_at(pos);
    h.run_ok();
    let hover = h.state().ws.status.hover.clone().unwrap_or_default();
    assert!(!hover.contains("wins"), "no stale rates on hover: {hover}");
}

#[test]
fn cancel_keeps_a_partial_report_while_the_window_keeps_drawing() {
    // 7×7: the engine proves 5×5 positions so soon that a game can end
    // within two frames.
    let (mut h, _dir) = analyze_tab(presets::hex(7));
    let mut s = small_hex(40, 3000, false);
    s.threads = 1;
    h.state_mut().analyze.settings = s;
    h.run_ok();
    click_label(&mut h, "Start");
    let start = Instant::now();
    let mut frames = 0;
    // Until the window shows a finished game (its live report is built each
    // frame, so it can lag the workers' count by a frame).
    let shown_games = |h: &Harness<App>| {
        h.state()
            .analyze
            .shown()
            .map_or(0, |s| s.report.first_player.games)
    };
    while shown_games(&h) < 1 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
        frames += 1;
    }
    assert!(
        frames >= 3,
        "the window drew frames while games ran ({frames})"
    );
    let live = h.state().analyze.shown().expect("live report");
    assert!(live.running && live.report.first_player.games >= 1);
    click_label(&mut h, "Cancel");
    let cancelled = Instant::now();
    wait_done(&mut h, Duration::from_secs(30));
    assert!(
        cancelled.elapsed() < Duration::from_secs(30),
        "cancel returns promptly"
    );
    let shown = h.state().analyze.shown().expect("partial report");
    assert!(shown.report.header.partial, "marked partial");
    let g = shown.report.first_player.games;
    assert!((1..40).contains(&g), "{g} games kept");
    assert!(has_label(
        &h,
        "Partial: cancelled; only the games and openings finished before count"
    ));
    assert!(h.state().analyze.report_text().unwrap().contains("PARTIAL"));
}

#[test]
fn copy_report_puts_the_table_on_the_clipboard() {
    let (mut h, _dir) = analyze_tab(presets::hex(3));
    h.state_mut().analyze.settings = small_hex(4, 100, false);
    h.run_ok();
    click_label(&mut h, "Start");
    wait_done(&mut h, Duration::from_secs(60));
    let text = h.state().analyze.report_text().expect("a report");
    assert!(text.starts_with("hex on Hex 3×3"), "{text}");
    assert!(text.contains("verdict: "), "{text}");
    h.get_by_label("Copy report").click();
    h.step();
    assert_eq!(copied_texts(&h), vec![text]);
}

#[test]
fn generator_playtest_analyses_boco_on_the_generated_board() {
    let (mut h, _dir) = harness(None);
    h.key_press(egui::Key::Num3);
    h.run_ok();
    click_label(&mut h, "Generate");
    wait_generator(&mut h);
    let generated = h
        .state()
        .generator
        .result()
        .expect("generated")
        .board
        .clone();
    click_label(&mut h, "Playtest with the engine");
    assert_eq!(h.state().mode, Mode::Analyze);
    assert_eq!(h.state().analyze.settings.kind(), RulesKind::Boco);
    assert!(h.state().analyze.is_running(), "the analysis started");
    let shown = h.state().analyze.shown().expect("live report");
    assert_eq!(shown.subject.kind, RulesKind::Boco);
    assert_eq!(*shown.subject.board, generated);
    assert_eq!(*h.state().ws.doc.board(), generated);
    assert!(!h.state().ws.doc.is_dirty());
    click_label(&mut h, "Cancel");
    wait_done(&mut h, Duration::from_secs(30));
    assert!(h.state().analyze.shown().unwrap().report.header.partial);
}

#[test]
fn analyze_settings_survive_a_restart() {
    let (mut h, _dir) = analyze_tab(presets::hex(3));
    let mut s = small_hex(33, 1234, false);
    s.swap = true;
    s.seed = 99;
    s.use_time = true;
    s.seconds = 0.25;
    h.state_mut().analyze.settings = s.clone();
    h.run_ok();
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let dir2 = tempfile::tempdir().unwrap();
    let h2 = harness_with_storage(
        AppOptions {
            data_dir: Some(dir2.path().to_path_buf()),
            ..Default::default()
        },
        &storage,
    );
    assert_eq!(h2.state().mode, Mode::Analyze);
    assert_eq!(h2.state().analyze.settings, s);
}

#[test]
fn heat_map_snapshot() {
    let board = presets::hex(4);
    let (mut h, _dir) = analyze_tab(board);
    let mut s = small_hex(0, 100, true);
    s.opening_sims = 3000;
    s.threads = 1;
    h.state_mut().analyze.settings = s;
    h.run_ok();
    click_label(&mut h, "Start");
    wait_done(&mut h, Duration::from_secs(120));
    h.hover_at(egui::pos2(5.0, 790.0));
    h.run_ok();
    h.snapshot_options("analyze_heat_map", &snapshot_options());
}

/// A board opened in place of another: a game that cannot be analysed on it
/// gives way to Play's (here the board's own, BOCO); editing the
/// board never changes the choice. A choice that cannot run says why under
/// Start, not only on hovering it.
#[test]
fn an_opened_board_brings_a_game_that_can_analyse_it() {
    let (mut h, dir) = analyze_tab(presets::hex(3));
    h.state_mut().analyze.settings = small_hex(10, 100, false);
    h.run_ok();
    let boco = dir.path().join("boco.ron");
    boardwright::io::save_board(&presets::boco(), &boco).unwrap();
    h.state_mut().open_file(&boco);
    h.run_ok();
    h.key_press(egui::Key::Num4);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Analyze);
    assert_eq!(h.state().analyze.settings.kind(), RulesKind::Boco);
    assert!(!h.get_by_label("Start").accesskit_node().is_disabled());
    // The same board keeps the choice, whatever it is (here one restored
    // from the last run that does not suit it): Start is greyed out and the
    // reason is on the panel.
    h.state_mut().analyze.settings.rules = "hex".into();
    h.run_ok();
    assert_eq!(h.state().analyze.settings.kind(), RulesKind::Hex);
    assert!(h.get_by_label("Start").accesskit_node().is_disabled());
    assert!(
        h.query_all_by_label_contains("Hex cannot be analysed on this board: ")
            .next()
            .is_some()
    );
}

/// A board that names its games brings one of them even when the game chosen
/// before could run on it: Lines of Action's board from Play's "New board"
/// carries Hex's four side tags, and the tab kept Hex while its heading named
/// the Lines of Action board (seen in the real window). A board that names
/// nothing keeps the choice (the test above).
#[test]
fn a_new_board_brings_the_game_it_names_to_the_analyze_tab() {
    let (mut h, _dir) = analyze_tab(presets::hex(5));
    h.state_mut().analyze.settings = small_hex(10, 100, false);
    h.run_ok();
    h.key_press(egui::Key::Num2);
    h.run_ok();
    let y = h.get_by_label("Lines of Action").rect().center().y;
    let offer = h
        .query_all_by_label("New board")
        .map(|n| n.rect().center())
        .find(|p| (p.y - y).abs() < 4.0)
        .expect("a New board offer next to Lines of Action");
    click_at(&mut h, offer);
    for _ in 0..4 {
        h.run_ok();
    }
    assert!(
        boardwright::game::suitability(RulesKind::Hex, h.state().ws.doc.board()).is_ok(),
        "the board lets Hex be analysed too, so only the board's names decide"
    );
    h.key_press(egui::Key::Num4);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Analyze);
    assert_eq!(h.state().analyze.settings.kind(), RulesKind::Loa);
    assert!(!h.get_by_label("Start").accesskit_node().is_disabled());
}

/// A board opened after the Analyze tab showed another (here the empty board
/// of a launch without a file) is fitted to the tab's canvas: the old view
/// left a Havannah board's sides cut off at the canvas's edges.
#[test]
fn a_board_opened_later_is_fitted_in_the_analyze_tab() {
    let (mut h, dir) = harness(None);
    h.key_press(egui::Key::Num4);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Analyze);
    let path = dir.path().join("wide.ron");
    let board = presets::hex(9);
    boardwright::io::save_board(&board, &path).unwrap();
    h.state_mut().open_file(&path);
    h.run_ok();
    h.key_press(egui::Key::Num4);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Analyze);
    let canvas = h.state_mut().analyze.canvas_mut();
    let rect = canvas.last_rect().expect("the canvas was shown");
    let bbox = board.mesh().bbox();
    for p in [bbox.min, bbox.max] {
        let s = canvas.screen_pos(p).unwrap();
        assert!(rect.contains(s), "{p:?} at {s:?} outside {rect:?}");
    }
}

/// The Analyze tab draws a board's sides as Play does for the tab's game: a
/// Havannah board's in the edges' colour (every side is every player's), not
/// in the first player's red; a Hex board's in the two players' colours.
#[test]
fn the_analyze_tab_draws_the_sides_as_play_does() {
    let (mut h, _dir) = harness(None);
    let game = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/foreign/lg-havannah-1055679.hgf");
    h.state_mut().open_file(&game);
    h.run_ok();
    assert_eq!(h.state().mode, Mode::Play);
    let play = h.state_mut().play.canvas_mut().style.clone();
    assert_eq!(play.sides, [play.edge; 4]);
    h.key_press(egui::Key::Num4);
    h.run_ok();
    assert_eq!(h.state().analyze.settings.kind(), RulesKind::Havannah);
    assert_eq!(h.state_mut().analyze.canvas_mut().style.sides, play.sides);

    let (mut h, _dir) = analyze_tab(presets::hex(5));
    assert_eq!(h.state().analyze.settings.kind(), RulesKind::Hex);
    let [red, blue] = boardwright::app::canvas::CanvasStyle::GOAL_COLOURS;
    assert_eq!(
        h.state_mut().analyze.canvas_mut().style.sides,
        [red, red, blue, blue]
    );
}

/// A BOCO board where nobody can win: the report says every game was drawn
/// and shows no decisiveness rows of "0 decided games".
#[test]
fn an_all_drawn_analysis_says_so_in_the_window() {
    let (mut h, _dir) = analyze_tab(presets::by_name("square", Some(2)).unwrap());
    h.state_mut().analyze.settings = AnalyzeSettings {
        rules: "boco".into(),
        ..small_hex(4, 20, false)
    };
    h.run_ok();
    click_label(&mut h, "Start");
    wait_done(&mut h, Duration::from_secs(60));
    let shown = h.state().analyze.shown().expect("a report");
    assert_eq!(shown.report.first_player.draws, 4);
    assert!(shown.report.verdict.ends_with("every game was drawn"));
    assert!(has_label(&h, &shown.report.verdict.clone()));
    assert!(has_label(&h, boardwright::analysis::report::NO_WINNER));
    assert!(
        h.query_all_by_label_contains("decided games")
            .next()
            .is_none()
    );
}

/// Every game analysed starts from the board's start pieces, and the Analyze
/// tab shows them as Play does before a game: Lines of Action's board showed
/// an empty grid there. The View menu's "Start pieces" switch hides them here
/// too.
#[test]
fn the_analyze_tab_shows_the_start_pieces_the_games_start_from() {
    use boardwright::app::command::Command;
    fn discs(h: &mut Harness<'static, App>) -> [usize; 2] {
        let players = h.state_mut().analyze.canvas_mut().style.players;
        let mut n = [0; 2];
        let mut walk = vec![];
        for c in &h.output().shapes {
            walk.push(c.shape.clone());
        }
        while let Some(s) = walk.pop() {
            match s {
                egui::Shape::Vec(v) => walk.extend(v),
                egui::Shape::Circle(c) => {
                    for (i, p) in players.iter().enumerate() {
                        n[i] += usize::from(c.fill == *p);
                    }
                }
                _ => {}
            }
        }
        n
    }
    let board = presets::lines_of_action();
    assert_eq!(board.setup().pieces.len(), 24);
    let (mut h, _dir) = analyze_tab(board);
    assert_eq!(h.state().analyze.settings.kind(), RulesKind::Loa);
    assert_eq!(discs(&mut h), [12, 12], "LOA's start position");
    h.state_mut().apply(Command::ToggleSetup);
    h.run_ok();
    assert_eq!(discs(&mut h), [0, 0], "hidden on request");
}
