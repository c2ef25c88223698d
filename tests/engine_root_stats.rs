//! The search's root statistics and principal variation through the game layer
//! (what the app's heat map and ghost line draw), for every game.

use boardwright::engine::{PV_MAX, SearchConfig, SearchLimits};
use boardwright::game::{DynEngine, DynGame, RulesKind, new_game};
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn game(kind: RulesKind) -> Box<dyn DynGame> {
    let board = match kind {
        RulesKind::Hex => presets::hex(5),
        RulesKind::Twixt => presets::twixt(8),
        RulesKind::Loa => presets::lines_of_action(),
        RulesKind::Boco => presets::boco(),
        RulesKind::Y | RulesKind::Havannah => kind.entry().default_board.build(Some(5)).unwrap(),
    };
    new_game(kind, Arc::new(board), &GameOptions::default()).unwrap()
}

#[test]
fn every_game_reports_root_moves_by_visits_and_a_principal_variation() {
    for kind in RulesKind::ALL {
        let g = game(kind);
        let mut e = DynEngine::new(SearchConfig {
            threads: 1,
            ..SearchConfig::default()
        });
        let h = e.start(g.as_ref(), SearchLimits::simulations(600)).unwrap();
        let start = Instant::now();
        while !h.progress().done {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{kind}: finished"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        let p = h.progress();
        let root = &p.root;
        assert!(!root.moves.is_empty(), "{kind}: root moves");
        let legal = g.legal_moves();
        let mut total = 0;
        for w in root.moves.windows(2) {
            assert!(w[0].visits >= w[1].visits, "{kind}: most visited first");
        }
        for m in &root.moves {
            assert!(legal.contains(&m.text), "{kind}: {} is legal", m.text);
            assert!(!m.faces.is_empty(), "{kind}: {} has faces", m.text);
            assert!((0.0..=1.0).contains(&m.win_rate), "{kind}: {}", m.win_rate);
            total += m.visits;
        }
        assert!(total > 0 && total <= 600, "{kind}: {total} visits");
        // The line starts with the move the search picks.
        assert!(!root.pv.is_empty() && root.pv.len() <= PV_MAX, "{kind}");
        assert_eq!(root.pv[0], p.best_faces, "{kind}");
    }
}
