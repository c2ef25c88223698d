//! The app-facing engine API: DynEngine / SearchHandle on every game.

use boardwright::engine::{EngineError, SearchConfig, SearchLimits};
use boardwright::game::{DynEngine, DynGame, EngineParams, RulesKind, SearchResult, new_game};
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn game(kind: RulesKind, size: Option<u32>) -> Box<dyn DynGame> {
    let board = match kind {
        RulesKind::Hex => presets::hex(size.unwrap_or(5)),
        RulesKind::Twixt => presets::twixt(size.unwrap_or(8)),
        RulesKind::Loa => presets::lines_of_action(),
        RulesKind::Boco => presets::boco(),
        RulesKind::Y | RulesKind::Havannah => kind
            .entry()
            .default_board
            .build(Some(size.unwrap_or(5)))
            .unwrap(),
    };
    new_game(kind, Arc::new(board), &GameOptions::default()).unwrap()
}

fn play(g: &mut dyn DynGame, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn every_game_gets_a_legal_move_with_faces_and_progress() {
    for kind in RulesKind::ALL {
        // Hex 7×7: 5×5 is proven within a hundred simulations, and a
        // proven root stops the search before its budget.
        let g = game(kind, (kind == RulesKind::Hex).then_some(7));
        let mut e = DynEngine::new(SearchConfig::default());
        let h = e.start(g.as_ref(), SearchLimits::simulations(300)).unwrap();
        let r = h.wait().unwrap();
        assert!(
            g.legal_moves().contains(&r.best_move),
            "{kind}: {}",
            r.best_move
        );
        assert!(
            !r.best_faces.is_empty(),
            "{kind}: no faces for {}",
            r.best_move
        );
        if kind == RulesKind::Loa {
            assert_eq!(r.best_faces.len(), 2, "LOA moves are drawn from, to");
        }
        assert_eq!(r.simulations, 300);
        assert!((0.0..=1.0).contains(&r.win_rate));
    }
}

/// `r` without the one timing it carries (the milliseconds spent re-rooting
/// or recycling the tree), which a loaded machine changes.
fn timeless(mut r: SearchResult) -> SearchResult {
    r.tree.paused_ms = 0;
    r
}

#[test]
fn same_seed_and_budget_give_the_same_move() {
    for kind in RulesKind::ALL {
        let g = game(kind, None);
        let run = || {
            let mut e = DynEngine::new(SearchConfig {
                threads: 1,
                seed: 42,
            });
            e.start(g.as_ref(), SearchLimits::simulations(400))
                .unwrap()
                .wait()
                .unwrap()
        };
        assert_eq!(timeless(run()), timeless(run()), "{kind}");
    }
}

#[test]
fn hex_takes_the_immediate_win() {
    let mut g = game(RulesKind::Hex, Some(5));
    // Red a1..a4 with Blue elsewhere: a5 wins at once.
    play(g.as_mut(), "a1 c1 a2 c2 a3 c3 a4 c4");
    let mut e = DynEngine::new(SearchConfig::default());
    let r = e
        .start(g.as_ref(), SearchLimits::simulations(200))
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(r.best_move, "a5");
    assert_eq!(r.win_rate, 1.0);
}

#[test]
fn game_over_is_an_error() {
    let mut g = game(RulesKind::Hex, Some(3));
    play(g.as_mut(), "a1 b1 a2 b2 a3");
    let mut e = DynEngine::new(SearchConfig::default());
    let err = e
        .start(g.as_ref(), SearchLimits::simulations(10))
        .err()
        .unwrap();
    assert!(matches!(err, EngineError::GameOver(_)), "{err}");
}

#[test]
fn stop_returns_a_legal_move_quickly() {
    let g = game(RulesKind::Twixt, Some(24));
    let mut e = DynEngine::new(SearchConfig::default());
    let mut h = e.start(g.as_ref(), SearchLimits::default()).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let p = h.progress();
    assert!(!p.done);
    let t = Instant::now();
    h.stop();
    let r = loop {
        if let Some(r) = h.try_result() {
            break r.unwrap();
        }
        assert!(t.elapsed() < Duration::from_secs(2), "stop took too long");
        std::thread::sleep(Duration::from_millis(1));
    };
    assert!(g.legal_moves().contains(&r.best_move));
    assert!(h.progress().done);
}

#[test]
fn dropping_the_handle_does_not_block() {
    let g = game(RulesKind::Hex, Some(11));
    let mut e = DynEngine::new(SearchConfig::default());
    let h = e
        .start(g.as_ref(), SearchLimits::time(Duration::from_secs(30)))
        .unwrap();
    let t = Instant::now();
    drop(h);
    assert!(t.elapsed() < Duration::from_millis(200));
    // The engine is usable again at once.
    let r = e
        .start(g.as_ref(), SearchLimits::simulations(50))
        .unwrap()
        .wait()
        .unwrap();
    assert!(g.legal_moves().contains(&r.best_move));
}

#[test]
fn the_handle_is_send_and_progress_shows_the_current_best_move() {
    fn assert_send<T: Send>(_: &T) {}
    let g = game(RulesKind::Loa, None);
    let mut e = DynEngine::new(SearchConfig::default());
    let h = e
        .start(g.as_ref(), SearchLimits::time(Duration::from_secs(5)))
        .unwrap();
    assert_send(&h);
    let t = Instant::now();
    let p = loop {
        let p = h.progress();
        if p.simulations > 0 && p.best_move.is_some() {
            break p;
        }
        assert!(t.elapsed() < Duration::from_secs(4), "no progress reported");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(!p.done);
    assert!(p.fraction > 0.0 && p.fraction < 1.0);
    assert!(g.legal_moves().contains(p.best_move.as_ref().unwrap()));
    assert_eq!(p.best_faces.len(), 2);
    h.stop();
    let r = h.wait().unwrap();
    assert!(g.legal_moves().contains(&r.best_move));
}

/// Why `--params text` is refused for games of `kind`.
fn e(text: &str, kind: RulesKind) -> String {
    EngineParams::parse(text, kind).unwrap_err().to_string()
}

#[test]
fn tuning_parameters_parse_with_clear_errors() {
    let p = EngineParams::parse("explore=0.9, cut=4", RulesKind::Loa).unwrap();
    assert_eq!(
        p.pairs(),
        [("explore".to_string(), 0.9), ("cut".to_string(), 4.0)]
    );
    assert!(EngineParams::parse("explore=0.9,local=0.25", RulesKind::Twixt).is_ok());
    assert!(
        EngineParams::parse("", RulesKind::Hex)
            .unwrap()
            .pairs()
            .is_empty()
    );
    // The names listed are those the game takes: TwixT has no estimates of
    // its moves, no knowledge to ask, so no `prior`, `bias`, `knowledge`.
    assert_eq!(
        e("speed=3", RulesKind::Twixt),
        "unknown parameter 'speed' (explore, expand, nodes, fpu, recycle, rave, rave_init, rave_final, pie, local)"
    );
    // A game's settings belong to that game only.
    assert_eq!(
        e("local=0.5", RulesKind::Loa),
        "unknown parameter 'local' (explore, expand, nodes, fpu, recycle, cut, groups, conc, centre, quads, tempo, mobility, blocking, scale)"
    );
    assert!(e("explore", RulesKind::Hex).contains("name=value"));
    assert!(e("explore=-1", RulesKind::Hex).contains("not a non-negative number"));
}

#[test]
fn tuning_parameters_out_of_range_are_refused_not_clamped() {
    // Each used to be clamped or truncated without a word: (value, game, what it takes).
    for (pair, kind, takes) in [
        ("swap_prior=1.5", RulesKind::Hex, "a number from 0 to 1"),
        ("local=2", RulesKind::Twixt, "a number from 0 to 1"),
        (
            "expand=0",
            RulesKind::Hex,
            "a whole number from 1 to 1000000",
        ),
        (
            "nodes=500",
            RulesKind::Loa,
            "a whole number from 1000 to 100000000",
        ),
        (
            "knowledge=2.5",
            RulesKind::Hex,
            "a whole number from 0 to 4294967295",
        ),
        (
            "knowledge=5000000000",
            RulesKind::Hex,
            "a whole number from 0 to 4294967295",
        ),
        ("rave=0.5", RulesKind::Twixt, "0 (off) or 1 (on)"),
        ("widen_mul=1", RulesKind::Hex, "a number ≥ 1.01"),
        ("cut=1.5", RulesKind::Loa, "a whole number from 0 to 1000"),
    ] {
        let name = pair.split('=').next().unwrap();
        assert_eq!(
            e(pair, kind),
            format!("{pair} is out of range: {name} takes {takes}")
        );
    }
    // The bounds themselves are values.
    for ok in [
        (
            "swap_prior=1,expand=1,knowledge=0,widen_mul=1.01",
            RulesKind::Hex,
        ),
        ("local=1,rave=0", RulesKind::Twixt),
        ("nodes=1000,cut=0", RulesKind::Loa),
    ] {
        assert!(EngineParams::parse(ok.0, ok.1).is_ok(), "{}", ok.0);
    }
    // The last of two values does not win silently.
    assert_eq!(
        e("explore=0.3,explore=0.5", RulesKind::Hex),
        "explore is given twice"
    );
}

#[test]
fn search_parameters_a_game_does_not_use_are_refused_with_the_reason() {
    assert_eq!(
        e("rave=1", RulesKind::Loa),
        "rave does nothing in Lines of Action: Lines of Action's search keeps no RAVE statistics"
    );
    assert_eq!(
        e("prior=20", RulesKind::Twixt),
        "prior does nothing in TwixT: TwixT gives the search no estimates of its moves"
    );
    assert_eq!(
        e("knowledge=20", RulesKind::Y),
        "knowledge does nothing in Y: Y has no knowledge about positions for the search to ask"
    );
    assert_eq!(
        e("pie=0", RulesKind::Boco),
        "pie does nothing in BOCO: BOCO has no swap rule"
    );
    // The same names where they do something.
    assert!(EngineParams::parse("rave=1,prior=20,knowledge=20,pie=0", RulesKind::Hex).is_ok());
    assert!(EngineParams::parse("pie=0", RulesKind::Havannah).is_ok());
    // Every game's own defaults pass the same checks.
    for kind in RulesKind::ALL {
        let rows = (kind.entry().param_table)();
        let used: Vec<String> = rows
            .iter()
            .filter(|r| r.unused.is_none())
            .map(|r| format!("{}={}", r.spec.name, r.value as f32))
            .collect();
        EngineParams::parse(&used.join(","), kind)
            .unwrap_or_else(|err| panic!("{kind}: its own values are refused: {err}"));
    }
}

#[test]
fn game_settings_reach_the_search() {
    // LOA with cut=0 plays its playouts to the end; the search still finds a
    // legal move with the same seed reproducibly, and differs from the default.
    let g = game(RulesKind::Loa, None);
    let run = |params: &str| {
        let p = EngineParams::parse(params, RulesKind::Loa).unwrap();
        let mut e = DynEngine::with_params(
            SearchConfig {
                threads: 1,
                seed: 5,
            },
            p,
        );
        e.start(g.as_ref(), SearchLimits::simulations(300))
            .unwrap()
            .wait()
            .unwrap()
    };
    let (a, b) = (run("cut=0"), run("cut=0"));
    assert_eq!(timeless(a.clone()), timeless(b));
    assert!(g.legal_moves().contains(&a.best_move));
    assert_ne!(
        a.win_rate,
        run("").win_rate,
        "the setting changes the search"
    );
    // An engine tuned for another game refuses to search this one.
    let twixt = EngineParams::parse("local=0.5", RulesKind::Twixt).unwrap();
    let mut e = DynEngine::with_params(SearchConfig::default(), twixt);
    let err = e
        .start(g.as_ref(), SearchLimits::simulations(10))
        .err()
        .unwrap();
    assert!(matches!(err, EngineError::Params(_)), "{err}");
}
