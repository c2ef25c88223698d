//! Computer seats and hints in Play mode, through the real app: the engine
//! answers on a worker thread while frames keep coming, Stop makes it move now,
//! takeback cancels its search, Hint draws a suggestion.

mod app_common;

use app_common::*;
use boardwright::app::App;
use boardwright::app::play::computer::Seat;
use boardwright::app::play::setup::{PONDER_LABEL, RESIGN_LABEL};
use boardwright::board::Board;
use boardwright::game::DynGame;
use boardwright::mesh::FaceId;
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

type H = Harness<'static, App>;

fn new_game(h: &mut H, rules: &str) {
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(h, rules);
    click_label(h, "New game");
    assert!(h.state().play.game().is_some());
}

fn game(h: &H) -> &dyn DynGame {
    h.state().play.game().expect("a game is on")
}

fn face(b: &Board, label: &str) -> FaceId {
    b.face_by_label(label).expect("face")
}

/// Step frames (each must return promptly) until `done` or the timeout.
fn step_until(h: &mut H, timeout: Duration, mut done: impl FnMut(&H) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < timeout {
        let t = Instant::now();
        h.step();
        assert!(
            t.elapsed() < Duration::from_millis(1500),
            "a frame took {:?}: the UI is blocked",
            t.elapsed()
        );
        if done(h) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// A Hex game on `board` with Blue a computer given 10 s per move, after the
/// human (Red) played c3: the computer is to move. On Hex 5×5 its search
/// proves that lost for Blue within a hundred simulations; a test that needs
/// it thinking uses 7×7.
fn computer_to_move(h: &mut H, board: &Board) {
    h.state_mut().play.setup.seats[1] = Seat::Computer { seconds: 10.0 };
    new_game(h, "Hex");
    click_face(h, board, face(board, "c3"));
}

#[test]
fn the_computer_answers_a_human_move_without_blocking_the_window() {
    // 7×7: on 4×4 the search proves the answer within the frame of the click.
    let board = presets::hex(7);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.state_mut().play.setup.seats[1] = Seat::Computer { seconds: 0.3 };
    new_game(&mut h, "Hex");
    click_face(&mut h, &board, face(&board, "b2"));
    assert_eq!(game(&h).ply(), 1);
    // Frames keep coming while it thinks, with its progress in the side panel.
    let mut saw_progress = false;
    let answered = step_until(&mut h, Duration::from_secs(20), |h| {
        saw_progress |= h.query_by_label_contains("Blue is thinking").is_some();
        h.state().play.game().is_some_and(|g| g.ply() == 2)
    });
    assert!(answered, "the computer moved");
    assert!(saw_progress, "progress was shown while thinking");
    let g = game(&h);
    assert_eq!(g.to_move(), Some(0), "the person is to move again");
    assert!(!h.state().play.thinking());
    // Its move is a legal Hex move on an empty face.
    let reply = g.history()[1].clone();
    assert_ne!(reply, "b2");
    assert!(board.face_by_label(&reply).is_some(), "{reply}");
}

#[test]
fn stop_makes_the_computer_move_now() {
    let board = presets::hex(7);
    let (mut h, _dir) = harness(Some(board.clone()));
    computer_to_move(&mut h, &board);
    assert!(step_until(&mut h, Duration::from_secs(5), |h| h
        .query_by_label("Stop (move now)")
        .is_some()));
    let t = Instant::now();
    h.get_by_label("Stop (move now)").click();
    let moved = step_until(&mut h, Duration::from_secs(5), |h| {
        h.state().play.game().is_some_and(|g| g.ply() == 2)
    });
    assert!(
        moved,
        "moved after Stop: thinking {}, {:?}",
        h.state().play.thinking(),
        h.state().ws.status.message
    );
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "well before its 10 s were up"
    );
}

#[test]
fn takeback_cancels_the_search_and_gives_the_turn_back() {
    let board = presets::hex(7);
    let (mut h, _dir) = harness(Some(board.clone()));
    computer_to_move(&mut h, &board);
    assert!(step_until(&mut h, Duration::from_secs(5), |h| h
        .state()
        .play
        .thinking()));
    // A click while the computer is to move is refused with the reason.
    click_face(&mut h, &board, face(&board, "a1"));
    assert_eq!(game(&h).ply(), 1, "not played");
    let (msg, err) = message(&h).unwrap();
    assert!(err && msg.contains("computer is thinking"), "{msg}");
    click_label(&mut h, "Undo");
    assert!(!h.state().play.thinking(), "search cancelled");
    assert_eq!(game(&h).ply(), 0);
    assert_eq!(game(&h).to_move(), Some(0), "the person is to move");
    // Nothing arrives from the cancelled search.
    for _ in 0..10 {
        h.step();
        std::thread::sleep(Duration::from_millis(30));
    }
    assert_eq!(game(&h).ply(), 0);
    assert!(!h.state().play.thinking());

    // Once the computer has replied, Undo takes back its reply and the person's move.
    {
        let app = h.state_mut();
        app.play.setup.seats[1] = Seat::Computer { seconds: 0.2 };
    }
    click_face(&mut h, &board, face(&board, "b2"));
    assert!(step_until(&mut h, Duration::from_secs(20), |h| {
        h.state().play.game().is_some_and(|g| g.ply() == 2)
    }));
    click_label(&mut h, "Undo");
    assert_eq!(game(&h).ply(), 0);
    assert_eq!(game(&h).to_move(), Some(0));
}

#[test]
fn hint_suggests_a_legal_move_and_draws_it() {
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    click_face(&mut h, &board, face(&board, "a1"));
    click_face(&mut h, &board, face(&board, "b2"));
    click_label(&mut h, "Hint");
    let got = step_until(&mut h, Duration::from_secs(20), |h| {
        h.state().play.hint().is_some()
    });
    assert!(got, "a hint arrived");
    let hint = h.state().play.hint().unwrap().clone();
    assert_eq!(hint.player, 0);
    assert!(game(&h).check_str(&hint.best_move).is_ok(), "{hint:?}");
    assert_eq!(hint.faces, vec![face(&board, &hint.best_move)]);
    assert!(h.query_by_label_contains("Hint: ").is_some());
    assert_eq!(game(&h).ply(), 2, "a hint does not play");
    // Playing a move clears the hint.
    let empty = board
        .mesh()
        .face_ids()
        .find(|&f| game(&h).piece_at(f).is_none())
        .unwrap();
    click_face(&mut h, &board, empty);
    assert!(h.state().play.hint().is_none());
}

#[test]
fn computer_seats_play_every_game() {
    let cases = [
        ("Hex", presets::hex(5)),
        ("TwixT", presets::twixt(8)),
        ("Lines of Action", presets::lines_of_action()),
        ("BOCO", presets::boco()),
    ];
    for (rules, board) in cases {
        let (mut h, _dir) = harness(Some(board));
        h.state_mut().play.setup.seats = [
            Seat::Computer { seconds: 0.1 },
            Seat::Computer { seconds: 0.1 },
        ];
        // Blue proves Hex 5×5 lost at its first move, and would resign.
        h.state_mut().play.setup.resign = false;
        new_game(&mut h, rules);
        let played = step_until(&mut h, Duration::from_secs(30), |h| {
            h.state().play.game().is_some_and(|g| g.ply() >= 2)
        });
        assert!(played, "{rules}: both computer seats moved");
        assert!(
            h.state().ws.status.last_error().is_none(),
            "{rules}: {:?}",
            h.state().ws.status.message
        );
        // Switching a seat to Human stops its computer from moving.
        h.state_mut().play.setup.seats = [Seat::Human, Seat::Human];
        h.step();
        let ply = game(&h).ply();
        for _ in 0..8 {
            h.step();
            std::thread::sleep(Duration::from_millis(25));
        }
        assert_eq!(game(&h).ply(), ply, "{rules}: no computer move for humans");
        assert!(!h.state().play.thinking());
    }
}

#[test]
fn leaving_play_cancels_the_search_and_it_resumes_on_return() {
    let board = presets::hex(7);
    let (mut h, _dir) = harness(Some(board.clone()));
    computer_to_move(&mut h, &board);
    assert!(step_until(&mut h, Duration::from_secs(5), |h| h
        .state()
        .play
        .thinking()));
    {
        let app = h.state_mut();
        app.play.leave(&mut app.ws);
        assert!(!app.play.thinking(), "cancelled");
        assert!(app.ws.status.hint.is_empty());
    }
    // Away in the editor for a while: the game does not move on.
    h.key_press(egui::Key::Num1);
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(game(&h).ply(), 1);
    assert!(!h.state().play.thinking());
    // Back in Play the computer thinks again.
    h.key_press(egui::Key::Num2);
    h.step();
    h.step();
    assert!(h.state().play.thinking());
}

#[test]
fn the_seat_choices_are_remembered_for_the_next_launch() {
    let dir = tempfile::tempdir().unwrap();
    let opts = boardwright::app::AppOptions {
        board: Some(presets::hex(3)),
        data_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    };
    let mut h = harness_with(opts.clone());
    h.key_press(egui::Key::Num2);
    h.run_ok();
    // With both seats human the resignation choice is greyed out.
    click_label(&mut h, RESIGN_LABEL);
    assert!(
        h.state().play.setup.resign,
        "a greyed-out box does not change"
    );
    // Blue's seat: the second "Computer" radio.
    h.get_all_by_label("Computer").nth(1).unwrap().click();
    h.run_ok();
    h.state_mut().play.setup.seconds[1] = 2.5;
    if let Seat::Computer { seconds } = &mut h.state_mut().play.setup.seats[1] {
        *seconds = 2.5;
    }
    // The computer resigns a lost game unless told not to.
    assert!(h.state().play.setup.resign);
    click_label(&mut h, RESIGN_LABEL);
    assert!(!h.state().play.setup.resign);
    // It thinks on the person's time only when told to.
    assert!(!h.state().play.setup.ponder);
    click_label(&mut h, PONDER_LABEL);
    assert!(h.state().play.setup.ponder);
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);

    let h = harness_with_storage(opts, &storage);
    let setup = &h.state().play.setup;
    assert_eq!(setup.seats[0], Seat::Human);
    assert_eq!(setup.seats[1], Seat::Computer { seconds: 2.5 });
    assert_eq!(setup.seconds[1], 2.5);
    assert!(!setup.resign, "the choice is remembered");
    assert!(setup.ponder, "the choice is remembered");
}

/// With "Computer thinks on your time", a computer seat searches the
/// person's position while they think (the side panel says so, without its
/// expected move), stops when they move, and its reply starts from that
/// tree: the move the person plays already has the simulations the
/// thinking gave it. Without the choice, or between two people, nothing
/// searches on the person's time.
#[test]
fn the_computer_thinks_on_the_persons_time_and_keeps_what_it_found() {
    let board = presets::hex(7);
    let (mut h, _dir) = harness(Some(board.clone()));
    // Between two people the choice is greyed out.
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, PONDER_LABEL);
    assert!(
        !h.state().play.setup.ponder,
        "a greyed-out box does not change"
    );
    h.state_mut().play.setup.seats[1] = Seat::Computer { seconds: 0.3 };
    // A long name: the notice names the side, which the panel never cuts.
    h.state_mut().play.setup.names[1] = "The computer across the table, patient".into();
    h.run_ok();
    click_label(&mut h, PONDER_LABEL);
    assert!(h.state().play.setup.ponder);
    new_game(&mut h, "Hex");
    click_face(&mut h, &board, face(&board, "b2"));
    assert!(step_until(&mut h, Duration::from_secs(20), |h| game(h)
        .ply()
        == 2));
    // Red to move: Blue thinks on Red's time, for as long as Red thinks.
    let t = Instant::now();
    assert!(step_until(&mut h, Duration::from_secs(10), |h| {
        t.elapsed() > Duration::from_millis(800)
            && h.state()
                .play
                .pondering()
                .is_some_and(|(_, p)| p.simulations > 0)
    }));
    h.get_by_label("Blue is thinking on your time:");
    assert!(
        h.query_by_label_contains("Best so far").is_none(),
        "its expected move is not shown: it would be a hint"
    );
    let (p, progress) = h.state().play.pondering().unwrap();
    assert_eq!(p, 1, "the computer seat thinks");
    // Red plays the reply Blue's thinking rated best, with its visits.
    let expected = &progress.root.moves[0];
    let (reply, visits) = (expected.text.clone(), expected.visits);
    assert!(visits > 100, "{visits}");
    click_face(&mut h, &board, face(&board, &reply));
    assert_eq!(game(&h).ply(), 3);
    let (mut kept, mut both) = (0, false);
    assert!(step_until(&mut h, Duration::from_secs(20), |h| {
        if let Some(p) = h.state().play.search_progress() {
            kept = kept.max(p.reused);
            both |= h.state().play.pondering().is_some();
        }
        game(h).ply() == 4
    }));
    assert!(
        !both,
        "thinking on Red's time stopped when Red moved, before Blue's own search"
    );
    assert!(
        kept >= visits,
        "Blue's reply started from the tree of its thinking: {kept} kept, {visits} given to {reply}"
    );

    // Without the choice, nothing searches on the person's time.
    h.state_mut().play.setup.ponder = false;
    assert!(step_until(&mut h, Duration::from_secs(2), |h| h
        .state()
        .play
        .pondering()
        .is_none()));
    for _ in 0..10 {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
        assert!(h.state().play.pondering().is_none());
    }
}

/// Thinking on the person's time that ends by itself — here because the
/// search solves the small board — says so until the person moves, instead
/// of vanishing as if it had never run; its verdict is not shown.
#[test]
fn thinking_on_the_persons_time_says_when_it_has_stopped() {
    let board = presets::hex(4);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    h.state_mut().play.setup.seats[1] = Seat::Computer { seconds: 0.2 };
    h.run_ok();
    click_label(&mut h, PONDER_LABEL);
    assert!(h.state().play.setup.ponder);
    // Blue plays on in a lost game.
    click_label(&mut h, RESIGN_LABEL);
    assert!(!h.state().play.setup.resign);
    new_game(&mut h, "Hex");
    click_face(&mut h, &board, face(&board, "a1"));
    assert!(step_until(&mut h, Duration::from_secs(20), |h| game(h)
        .ply()
        == 2));
    // Red to move; Blue thinks on Red's time until it has solved the board.
    assert!(step_until(&mut h, Duration::from_secs(60), |h| h
        .query_by_label("Blue stopped thinking on your time:")
        .is_some()));
    assert!(h.state().play.pondering().is_none());
    // Why it stopped, and its simulations ("after 12,345 simulations"), each
    // on a line of its own (the side panel cuts a wider line).
    assert!(h.query_by_label("it has solved the position").is_some());
    assert!(h.query_by_label_contains("after ").is_some());
    assert!(h.query_by_label_contains(" simulation").is_some());
    assert!(
        h.query_by_label_contains("Best so far").is_none()
            && h.query_by_label_contains("Proven").is_none(),
        "its verdict and expected move are not shown"
    );
    // The person's move ends the notice (Blue's seat made a person's first,
    // so that nothing thinks on the next turn's time).
    h.state_mut().play.setup.seats[1] = Seat::Human;
    let empty = board
        .mesh()
        .face_ids()
        .find(|&f| game(&h).piece_at(f).is_none())
        .unwrap();
    click_face(&mut h, &board, empty);
    assert_eq!(game(&h).ply(), 3);
    h.run_ok();
    assert!(
        h.query_by_label("Blue stopped thinking on your time:")
            .is_none()
    );
}

/// A computer seat resigns once its search proves the game lost, without
/// using up its time; Undo withdraws the resignation with the person's last
/// move, so that the person is to move (the computer would resign again at
/// once). With the choice off it plays on.
#[test]
fn the_computer_resigns_a_game_its_search_proves_lost() {
    // Hex 5×5 after Red's c3: Blue's search proves it lost within a hundred
    // simulations.
    let board = presets::hex(5);
    let (mut h, _dir) = harness(Some(board.clone()));
    computer_to_move(&mut h, &board);
    let t = Instant::now();
    let ended = step_until(&mut h, Duration::from_secs(20), |h| {
        h.state().play.game().is_some_and(|g| g.outcome().is_some())
    });
    assert!(ended, "{:?}", h.state().ws.status.message);
    assert!(t.elapsed() < Duration::from_secs(8), "well before its 10 s");
    assert_eq!(game(&h).resigned(), Some(1), "Blue resigned");
    assert_eq!(game(&h).ply(), 1, "without a move");
    let (msg, err) = message(&h).unwrap();
    assert!(
        !err && msg.contains("Blue resigned: the computer's search proves the game lost"),
        "{msg}"
    );
    assert!(h.query_by_label_contains("Red wins").is_some());

    click_label(&mut h, "Undo");
    assert!(game(&h).outcome().is_none());
    assert_eq!(game(&h).ply(), 0);
    assert_eq!(game(&h).to_move(), Some(0), "the person is to move");
    let (msg, _) = message(&h).unwrap();
    assert!(msg.contains("Resignation withdrawn; took back c3"), "{msg}");
    for _ in 0..10 {
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(game(&h).outcome().is_none(), "no new resignation");

    h.state_mut().play.setup.resign = false;
    click_face(&mut h, &board, face(&board, "c3"));
    let moved = step_until(&mut h, Duration::from_secs(20), |h| {
        h.state().play.game().is_some_and(|g| g.ply() == 2)
    });
    assert!(moved, "it plays on: {:?}", h.state().ws.status.message);
    assert!(game(&h).outcome().is_none());
}

/// A board made for a game offers that game: launched with the Lines of
/// Action board after a profile that chose Hex (which could run on its
/// tagged edges), and opened from a file while no game is on, the setup
/// offers Lines of Action; a board that names no game keeps the choice.
#[test]
fn a_board_offers_the_game_it_is_made_for() {
    let dir = tempfile::tempdir().unwrap();
    let hex_opts = boardwright::app::AppOptions {
        board: Some(presets::hex(5)),
        data_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    };
    let mut h = harness_with(hex_opts.clone());
    assert_eq!(h.state().play.setup.kind.name(), "hex");
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);

    let loa_opts = boardwright::app::AppOptions {
        board: Some(presets::lines_of_action()),
        ..hex_opts.clone()
    };
    let mut h = harness_with_storage(loa_opts, &storage);
    assert_eq!(h.state().play.setup.kind.name(), "loa");
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, "New game");
    assert_eq!(game(&h).kind().name(), "loa");
    drop(h);

    // Opened from a file, with Hex chosen and no game on.
    let mut h = harness_with_storage(hex_opts.clone(), &storage);
    assert_eq!(h.state().play.setup.kind.name(), "hex");
    let path = dir.path().join("loa.ron");
    boardwright::io::save_board(&presets::lines_of_action(), &path).unwrap();
    h.state_mut().open_file(&path);
    for _ in 0..200 {
        h.run_ok();
        if h.state().play.setup.kind.name() == "loa" {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(h.state().play.setup.kind.name(), "loa");
    drop(h);

    // Made with New board from a preset (the first hour's way), with Hex
    // chosen and no game on: it stayed on Hex, seen in the real window.
    let mut h = harness_with_storage(hex_opts.clone(), &storage);
    assert_eq!(h.state().play.setup.kind.name(), "hex");
    h.state_mut()
        .apply(boardwright::app::command::Command::NewBoard(
            boardwright::app::command::NewBoard::Preset {
                name: "loa".into(),
                size: None,
            },
        ));
    h.run_ok();
    assert_eq!(h.state().play.setup.kind.name(), "loa");
    // A game's choice is not changed by a board opened during it.
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, "New game");
    assert_eq!(game(&h).kind().name(), "loa");
    h.state_mut()
        .apply(boardwright::app::command::Command::NewBoard(
            boardwright::app::command::NewBoard::Preset {
                name: "hex".into(),
                size: Some(4),
            },
        ));
    h.run_ok();
    assert_eq!(h.state().play.setup.kind.name(), "loa");
    drop(h);

    // A board that names no game keeps the last launch's choice.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("suggested_rules: [\"loa\"],"), "{text}");
    let plain_path = dir.path().join("plain.ron");
    std::fs::write(&plain_path, text.replace("suggested_rules: [\"loa\"],", "")).unwrap();
    let boardwright::io::Document::Board { board: plain, .. } =
        boardwright::io::open(&plain_path).unwrap()
    else {
        panic!("a board");
    };
    assert!(plain.meta().suggested_rules.is_empty());
    let plain_opts = boardwright::app::AppOptions {
        board: Some(*plain),
        ..hex_opts
    };
    let h = harness_with_storage(plain_opts, &storage);
    assert_eq!(h.state().play.setup.kind.name(), "hex");
}

/// The rules and the swap choice made last are offered again at the next
/// launch, and New game starts those rules; the players' names are the
/// rules' side names again (a game file's player names are not carried over);
/// a profile that names rules this build does not know leaves the default
/// choice.
#[test]
fn the_chosen_rules_are_remembered_for_the_next_launch() {
    let dir = tempfile::tempdir().unwrap();
    let opts = boardwright::app::AppOptions {
        board: Some(presets::lines_of_action()),
        data_dir: Some(dir.path().to_path_buf()),
        ..Default::default()
    };
    let mut h = harness_with(opts.clone());
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, "Lines of Action");
    assert_eq!(h.state().play.setup.kind.name(), "loa");
    h.state_mut().play.setup.names[1] = "Alice".into();
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);

    let mut h = harness_with_storage(opts.clone(), &storage);
    let setup = &h.state().play.setup;
    assert_eq!(setup.kind.name(), "loa");
    assert_eq!(setup.names, ["Black".to_string(), "White".to_string()]);
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, "New game");
    assert_eq!(game(&h).kind().name(), "loa");
    drop(h);

    // Hex with swap, then a profile from a build with other games.
    let opts = boardwright::app::AppOptions {
        board: Some(presets::hex(3)),
        ..opts
    };
    let mut h = harness_with(opts.clone());
    h.key_press(egui::Key::Num2);
    h.run_ok();
    click_label(&mut h, "Hex");
    h.state_mut().play.setup.swap = true;
    let mut storage = MemStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    drop(h);
    let h = harness_with_storage(opts.clone(), &storage);
    assert_eq!(h.state().play.setup.kind.name(), "hex");
    assert!(h.state().play.setup.swap);
    drop(h);
    let text = storage.0.get("boardwright.game_setup").unwrap().clone();
    assert!(text.contains("hex"), "{text}");
    storage.0.insert(
        "boardwright.game_setup".into(),
        text.replace("hex", "chess"),
    );
    let h = harness_with_storage(opts, &storage);
    assert_eq!(h.state().play.setup.kind.name(), "hex");
}

/// In a position the search solves, the hint says so instead of giving an
/// estimate: Hex 4×4 is won for Red by the short diagonal, and an opening in
/// the acute corner loses.
#[test]
fn a_hint_in_a_solved_position_says_it_is_proven() {
    let board = presets::hex(4);
    let (mut h, _dir) = harness(Some(board.clone()));
    new_game(&mut h, "Hex");
    let hint = |h: &mut H| {
        click_label(h, "Hint");
        assert!(step_until(h, Duration::from_secs(20), |h| h
            .state()
            .play
            .hint()
            .is_some()));
        h.state().play.hint().unwrap().clone()
    };
    let red = hint(&mut h);
    assert!(red.proven, "{red:?}");
    assert!(
        ["a4", "b3", "c2", "d1"].contains(&red.best_move.as_str()),
        "{red:?}"
    );
    let shown = |h: &H, text: &str| h.query_all_by_label_contains(text).next().is_some();
    assert!(shown(&h, "Hint: "));
    assert!(shown(&h, "(proven win)"));
    click_face(&mut h, &board, face(&board, "a1"));
    let blue = hint(&mut h);
    assert!(blue.proven && blue.win_rate == 1.0, "{blue:?}");
    click_face(&mut h, &board, face(&board, &blue.best_move));
    let red = hint(&mut h);
    assert!(red.proven && red.win_rate == 0.0, "{red:?}");
    assert!(shown(&h, "(proven loss)"));
}

/// Blue the computer at 0.3 s a move, a new Hex game, b2, and its answer.
fn computer_answered_b2(h: &mut H, board: &Board) {
    h.state_mut().play.setup.seats[1] = Seat::Computer { seconds: 0.3 };
    new_game(h, "Hex");
    click_face(h, board, face(board, "b2"));
    assert!(step_until(h, Duration::from_secs(20), |h| {
        h.state().play.game().is_some_and(|g| g.ply() == 2)
    }));
}

/// A game saved against the computer goes on against it when it is opened
/// again, in a window whose seats were both human: the record keeps which
/// side the computer played and its time per move, and the status bar says
/// so. HexGui's SGF has no place for it, so that file opens between people.
#[test]
fn a_game_saved_against_the_computer_goes_on_against_it() {
    let board = presets::hex(7);
    let (mut h, dir) = harness(Some(board.clone()));
    computer_answered_b2(&mut h, &board);
    let ron = dir.path().join("against-the-computer.ron");
    let sgf = dir.path().join("against-the-computer.sgf");
    {
        let app = h.state_mut();
        app.play.save_game_to(&mut app.ws, &ron).expect("saved RON");
        assert!(!message(&h).unwrap().0.contains("does not keep"));
        let app = h.state_mut();
        app.play.save_game_to(&mut app.ws, &sgf).expect("saved SGF");
    }
    // The status bar says what HexGui's SGF leaves out.
    let (msg, _) = message(&h).unwrap();
    assert!(
        msg.ends_with("— SGF does not keep the computer's side (Blue): .ron does"),
        "{msg}"
    );
    drop(h);

    let (mut h, _d) = harness(Some(presets::hex(5)));
    h.key_press(egui::Key::Num2);
    h.run_ok();
    assert_eq!(h.state().play.setup.seats, [Seat::Human, Seat::Human]);
    {
        let app = h.state_mut();
        app.play.open_game_from(&mut app.ws, &ron).expect("opened");
    }
    h.run_ok();
    let setup = &h.state().play.setup;
    assert_eq!(setup.seats, [Seat::Human, Seat::Computer { seconds: 0.3 }]);
    let (msg, err) = message(&h).unwrap();
    assert!(
        !err && msg.contains("the computer plays Blue (0.3 s a move)"),
        "{msg}"
    );
    // It answers the person's next move.
    let played = game(&h).history().to_vec();
    let next = ["d4", "e5", "c5"]
        .into_iter()
        .find(|m| !played.iter().any(|p| p == m))
        .unwrap();
    click_face(&mut h, &board, face(&board, next));
    assert!(
        step_until(&mut h, Duration::from_secs(20), |h| {
            h.state().play.game().is_some_and(|g| g.ply() == 4)
        }),
        "the computer answered after the game was opened"
    );

    // Blue handed to a person is what the next save says.
    h.get_all_by_label("Human").nth(1).unwrap().click();
    h.run_ok();
    assert_eq!(game(&h).computer_sides(), [None, None]);

    // HexGui's SGF has no place for who played: both seats human.
    {
        let app = h.state_mut();
        app.play.open_game_from(&mut app.ws, &ron).expect("opened");
    }
    h.run_ok();
    assert!(h.state().play.setup.seats[1].is_computer());
    {
        let app = h.state_mut();
        app.play.open_game_from(&mut app.ws, &sgf).expect("opened");
    }
    h.run_ok();
    assert_eq!(h.state().play.setup.seats, [Seat::Human, Seat::Human]);
    let (msg, _) = message(&h).unwrap();
    assert!(!msg.contains("the computer plays"), "{msg}");
}

/// A game against the computer that was going on when the app stopped
/// without closing comes back from the autosave against the computer.
#[test]
fn a_game_restored_from_the_autosave_keeps_the_computer_s_side() {
    let data = tempfile::tempdir().unwrap();
    let board = presets::hex(7);
    let opts = boardwright::app::AppOptions {
        board: Some(board.clone()),
        data_dir: Some(data.path().to_path_buf()),
        autosave_interval: Some(0.0),
        ..Default::default()
    };
    let mut h = harness_with(opts.clone());
    computer_answered_b2(&mut h, &board);
    let autosaved = data.path().join("autosave").join("game.ron");
    assert!(step_until(&mut h, Duration::from_secs(5), |_| {
        std::fs::read_to_string(&autosaved).is_ok_and(|t| t.contains("Some(300)"))
    }));
    // The app "crashes": no close, no on_exit; a profile without seats.
    drop(h);

    let mut h = harness_with(boardwright::app::AppOptions {
        board: None,
        ..opts
    });
    click_label(&mut h, "Restore");
    assert_eq!(game(&h).ply(), 2);
    assert_eq!(
        h.state().play.setup.seats,
        [Seat::Human, Seat::Computer { seconds: 0.3 }]
    );
    let (msg, _) = message(&h).unwrap();
    assert!(msg.contains("the computer plays Blue"), "{msg}");
}
