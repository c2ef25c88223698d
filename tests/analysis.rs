//! The balance lab (`boardwright::analysis`): the opening map ranks the solved
//! Hex openings right, reports are reproducible, cancelling is prompt and
//! partial, unsuitable boards are refused with the reason.

use boardwright::analysis::{self, Budget, Control, EndKind, OpeningMethod, Spec};
use boardwright::game::RulesKind;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn hex(size: u32) -> Box<dyn boardwright::game::DynGame> {
    let board = Arc::new(presets::by_name("hex", Some(size)).unwrap());
    analysis::new_game(RulesKind::Hex, board, &GameOptions::default()).unwrap()
}

fn map_only(sims: u64) -> Spec {
    Spec {
        games: 0,
        budget: Budget::Simulations(200),
        threads: 2,
        openings: Some(OpeningMethod::Search { simulations: sims }),
        seed: 7,
        max_plies: 1000,
    }
}

fn rate(report: &analysis::Report, mv: &str) -> f64 {
    report
        .openings
        .as_ref()
        .unwrap()
        .openings
        .iter()
        .find(|o| o.notation == mv)
        .unwrap_or_else(|| panic!("no opening {mv}"))
        .first_win_rate
}

#[test]
fn hex_3x3_openings_are_proven_centre_wins_acute_corner_loses() {
    let g = hex(3);
    let r = analysis::run(g.as_ref(), &map_only(3000), &Control::default()).unwrap();
    let map = r.openings.as_ref().unwrap();
    assert_eq!(map.openings.len(), 9, "every cell is an opening");
    let text = r.to_text();
    // Solved: b2, the obtuse corners a3 and c1, and a2, c2 win; the rest lose.
    for win in ["b2", "a3", "c1", "a2", "c2"] {
        assert_eq!(rate(&r, win), 1.0, "{win} wins\n{text}");
    }
    for loss in ["a1", "c3", "b1", "b3"] {
        assert_eq!(rate(&r, loss), 0.0, "{loss} loses\n{text}");
    }
    assert!(map.openings.iter().all(|o| o.proven), "{text}");
    assert!(text.contains("proven"));
}

#[test]
fn self_play_openings_rank_hex_3x3_too() {
    let g = hex(3);
    let spec = Spec {
        budget: Budget::Simulations(300),
        openings: Some(OpeningMethod::Games { games: 4 }),
        ..map_only(0)
    };
    let r = analysis::run(g.as_ref(), &spec, &Control::default()).unwrap();
    let map = r.openings.as_ref().unwrap();
    assert!(map.method.contains("4 self-play games"), "{}", map.method);
    assert!(map.openings.iter().all(|o| o.samples == 4));
    assert!(rate(&r, "b2") > rate(&r, "a1"), "{}", r.to_text());
    // The command line takes the method too.
    let out = cli(&[
        "analyze",
        "--rules",
        "hex",
        "--size",
        "3",
        "--games",
        "0",
        "--openings",
        "--opening-games",
        "2",
        "--sims",
        "100",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 self-play games after each move"));
}

#[test]
fn hex_4x4_centre_openings_rank_above_the_acute_corners() {
    let g = hex(4);
    let r = analysis::run(g.as_ref(), &map_only(20_000), &Control::default()).unwrap();
    let text = r.to_text();
    let ranked: Vec<&str> = r
        .openings
        .as_ref()
        .unwrap()
        .ranked()
        .iter()
        .map(|o| o.notation.as_str())
        .collect();
    let place = |mv: &str| ranked.iter().position(|&m| m == mv).unwrap();
    for centre in ["b3", "c2"] {
        assert!(place(centre) < 4, "{centre} among the best\n{text}");
        assert!(rate(&r, centre) > rate(&r, "a1") + 0.15, "{text}");
    }
    // With Hex's virtual connections the map is exact: the short diagonal
    // wins (proven), every other opening loses (proven), the acute corners
    // among them.
    let mut best: Vec<&str> = ranked[..4].to_vec();
    best.sort();
    assert_eq!(best, ["a4", "b3", "c2", "d1"], "{text}");
    for corner in ["a1", "d4"] {
        assert!(place(corner) >= 4, "{corner} among the worst\n{text}");
        assert_eq!(rate(&r, corner), 0.0, "{text}");
    }
    let svg = boardwright::io::svg::write_heat_map_svg(
        g.board(),
        &boardwright::cli::analyze::heat_map(&r, g.board().mesh().face_count()).unwrap(),
    );
    assert_eq!(
        svg.matches("font-weight=\"bold\"").count(),
        16,
        "a value on every cell"
    );
}

#[test]
fn same_seed_and_threads_give_the_same_report_and_games_are_counted() {
    let g = hex(4);
    let spec = Spec {
        games: 12,
        budget: Budget::Simulations(300),
        threads: 2,
        openings: Some(OpeningMethod::Search { simulations: 300 }),
        seed: 42,
        max_plies: 1000,
    };
    let a = analysis::run(g.as_ref(), &spec, &Control::default()).unwrap();
    let b = analysis::run(g.as_ref(), &spec, &Control::default()).unwrap();
    assert_eq!(a, b);
    assert!(!a.header.partial);
    assert_eq!(a.first_player.games, 12);
    let indices: Vec<u32> = a.games.iter().map(|g| g.index).collect();
    assert_eq!(indices, (0..12).collect::<Vec<_>>(), "in game order");
    // Hex has no draws and ends by connection.
    assert_eq!(a.endings, vec![(EndKind::Connection, 12)]);
    assert!(a.games.iter().all(|g| (7..=16).contains(&g.plies)));
    // One thread: the same games (seeds depend on the game's number only).
    let one = analysis::run(
        g.as_ref(),
        &Spec {
            threads: 1,
            ..spec.clone()
        },
        &Control::default(),
    )
    .unwrap();
    assert_eq!(one.games, a.games);
    // Another seed plays other games.
    let other = analysis::run(g.as_ref(), &Spec { seed: 43, ..spec }, &Control::default()).unwrap();
    assert_ne!(other.games, a.games);
}

#[test]
fn cancel_returns_promptly_with_a_partial_report() {
    let g = hex(7);
    let spec = Spec {
        games: 1000,
        budget: Budget::Time(Duration::from_secs(5)),
        threads: 2,
        openings: Some(OpeningMethod::Search {
            simulations: 100_000_000,
        }),
        seed: 1,
        max_plies: 1000,
    };
    let control = Control::new();
    let c = control.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        let t = Instant::now();
        c.cancel();
        t
    });
    let r = analysis::run(g.as_ref(), &spec, &control).unwrap();
    let asked = canceller.join().unwrap();
    let took = asked.elapsed();
    assert!(took < Duration::from_secs(2), "took {took:?} after cancel");
    assert!(r.header.partial);
    assert!(r.first_player.games < 1000);
    assert!(r.to_text().contains("PARTIAL"));
    let counts = control.counts();
    assert_eq!(counts.games_planned, 1000);
    assert_eq!(counts.games_done, r.first_player.games);
}

#[test]
fn a_board_the_game_cannot_use_is_refused_with_the_reason() {
    let board = Arc::new(presets::boco());
    let Err(err) = analysis::new_game(RulesKind::Hex, board, &GameOptions::default()) else {
        panic!("Hex cannot be played on the untagged BOCO board");
    };
    assert!(
        err.to_string()
            .starts_with("Hex needs a board whose boundary is tagged top, bottom, left and right"),
        "{err}"
    );
}

fn cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_boardwright"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn cli_analyze_prints_json_and_writes_the_heat_map() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("map.svg");
    let out = cli(&[
        "analyze",
        "--rules",
        "hex",
        "--size",
        "3",
        "--games",
        "6",
        "--sims",
        "200",
        "--threads",
        "2",
        "--openings",
        "--opening-sims",
        "2000",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rules"], "hex");
    assert_eq!(v["first_player"]["games"], 6);
    assert_eq!(v["partial"], false);
    assert_eq!(v["openings"]["openings"].as_array().unwrap().len(), 9);
    assert!(
        v["verdict"]
            .as_str()
            .unwrap()
            .starts_with("first player scores")
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<polygon").count(), 9);
    assert!(text.contains("<g id=\"legend\">") && text.contains("Red wins"));

    let table = cli(&[
        "analyze", "--rules", "hex", "--size", "3", "--games", "4", "--sims", "100",
    ]);
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(
        table.contains("first-player score") && table.contains("connection"),
        "{table}"
    );
}

#[test]
fn cli_analyze_refuses_unsuitable_boards_and_empty_work() {
    let out = cli(&[
        "analyze",
        "--rules",
        "hex",
        "--board",
        "boards/boco.ron",
        "--games",
        "1",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Hex needs a board whose boundary is tagged"),
        "{err}"
    );
    let out = cli(&["analyze", "--rules", "hex", "--size", "3", "--games", "0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games 0 needs --openings"));
}

#[test]
fn nothing_to_do_is_refused() {
    let g = hex(3);
    let spec = Spec {
        games: 0,
        openings: None,
        ..map_only(10)
    };
    let err = analysis::run(g.as_ref(), &spec, &Control::default()).unwrap_err();
    assert!(err.to_string().contains("nothing to do"));
}

#[test]
fn every_game_can_be_analysed_on_its_default_board() {
    for rules in ["hex", "twixt", "loa", "boco", "y", "havannah"] {
        let out = cli(&[
            "analyze",
            "--rules",
            rules,
            "--games",
            "2",
            "--sims",
            "20",
            "--max-plies",
            "60",
            "--threads",
            "2",
            "--json",
        ]);
        assert!(
            out.status.success(),
            "{rules}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["rules"], rules);
        assert_eq!(v["first_player"]["games"], 2, "{rules}");
    }
}

#[test]
fn havannah_games_are_told_apart_by_the_shape_that_won() {
    let kind = RulesKind::Havannah;
    let board = Arc::new(kind.entry().default_board.build(Some(4)).unwrap());
    let g = analysis::new_game(kind, board, &GameOptions::default()).unwrap();
    let spec = Spec {
        games: 24,
        budget: Budget::Simulations(60),
        threads: 2,
        openings: None,
        seed: 11,
        max_plies: 1000,
    };
    let report = analysis::run(g.as_ref(), &spec, &Control::default()).unwrap();
    let total: u32 = report.endings.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 24, "{:?}", report.endings);
    // Havannah has no side-to-side connection: every win is a ring, a bridge,
    // a fork or several of them, and a full board is a draw.
    let havannah = [
        EndKind::Ring,
        EndKind::Bridge,
        EndKind::Fork,
        EndKind::Several,
        EndKind::Exhausted,
    ];
    assert!(
        report.endings.iter().all(|(k, _)| havannah.contains(k)),
        "{:?}",
        report.endings
    );
    // Weak players on a small board make more than one kind of shape.
    let shapes = report
        .endings
        .iter()
        .filter(|(k, _)| *k != EndKind::Exhausted)
        .count();
    assert!(shapes >= 2, "{:?}", report.endings);
    // The JSON report names them.
    let json = serde_json::to_string(&report).unwrap();
    assert!(!json.contains("\"connection\""), "{json}");
}

/// A board where nobody can win (BOCO on 2×2: every face is on the outline,
/// so no group can be encircled) is reported as drawn, not as "too few games
/// to tell", and without a decisiveness table of "0 decided games".
#[test]
fn a_board_where_every_game_is_drawn_says_so() {
    let out = cli(&[
        "analyze", "--rules", "boco", "--size", "2", "--games", "4", "--sims", "20",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("100 % draws: every game was drawn"), "{text}");
    assert!(
        text.contains("decisiveness: no game had a winner to foresee"),
        "{text}"
    );
    assert!(!text.contains("decided games"), "{text}");
}

/// `--board` takes a saved game too: the balance lab measures the board a
/// Little Golem Havannah game was played on, and says it took that board;
/// a game file that names no board it can find is refused with the reason.
#[test]
fn a_saved_games_board_can_be_analysed() {
    let out = cli(&[
        "analyze",
        "--rules",
        "havannah",
        "--board",
        "tests/data/foreign/lg-havannah-1103220.hgf",
        "--games",
        "2",
        "--sims",
        "50",
        "--json",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("lg-havannah-1103220.hgf is a saved game: using the board it was played on"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rules"], "havannah");
    assert_eq!(v["first_player"]["games"], 2);
    // The board the game is replayed on when it is opened.
    let opened = boardwright::game::record::open(std::path::Path::new(
        "tests/data/foreign/lg-havannah-1103220.hgf",
    ))
    .unwrap();
    let boardwright::game::record::Opened::Game(g, _) = opened else {
        panic!("a game file opens as a game")
    };
    assert_eq!(v["board"], g.board().meta().name);

    let dir = tempfile::tempdir().unwrap();
    let mut record = hex(3).to_record();
    record.board = boardwright::io::record::BoardSource::Path("missing.ron".into());
    let game = dir.path().join("g.ron");
    std::fs::write(&game, record.to_ron()).unwrap();
    let out = cli(&[
        "analyze",
        "--rules",
        "hex",
        "--board",
        game.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("g.ron") && err.contains("missing.ron"),
        "{err}"
    );
}
