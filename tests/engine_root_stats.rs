//! The search's root statistics and principal variation through the game layer
//! (what the app's heat map and ghost line draw), for every game.

use boardwright::engine::{PV_MAX, SearchConfig, SearchLimits};
use boardwright::game::{
    DynEngine, DynGame, EngineParams, Progress, RulesKind, SearchHandle, new_game,
};
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
        let p = finished(&h, kind);
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

/// The progress of search `h` once it is done (within a minute).
fn finished(h: &SearchHandle, kind: RulesKind) -> Progress {
    let start = Instant::now();
    while !h.progress().done {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{kind}: finished"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    h.progress()
}

/// The root moves of a finished search of `sims` simulations from `g`, with
/// the engine parameters `params`.
fn root_moves(g: &dyn DynGame, kind: RulesKind, params: &str, sims: u64) -> Vec<(String, f32)> {
    let mut e = DynEngine::with_params(
        SearchConfig {
            threads: 1,
            seed: 7,
        },
        EngineParams::parse(params, kind).unwrap(),
    );
    let h = e.start(g, SearchLimits::simulations(sims)).unwrap();
    finished(&h, kind)
        .root
        .moves
        .iter()
        .map(|m| (m.text.clone(), m.win_rate))
        .collect()
}

/// Under the swap rule a first move is worth the worse of keeping it and
/// having it swapped (the engine's `pie` parameter, on by default), in every
/// game that has the rule: no first move is rated above ½, where without the
/// fold the strong ones are. The next search, the opponent's, reads the game
/// with the swap again: the swap is among its moves.
#[test]
fn under_the_swap_rule_no_first_move_is_rated_above_half() {
    for kind in [
        RulesKind::Hex,
        RulesKind::Twixt,
        RulesKind::Y,
        RulesKind::Havannah,
    ] {
        let board = match kind {
            // 7×7: on 5×5 the search proves every first move lost under the
            // swap rule, so nothing is rated above ½ either way.
            RulesKind::Hex => presets::hex(7),
            RulesKind::Twixt => presets::twixt(8),
            _ => kind.entry().default_board.build(Some(5)).unwrap(),
        };
        let options = GameOptions {
            swap: true,
            ..GameOptions::default()
        };
        let mut g = new_game(kind, Arc::new(board), &options).unwrap();
        let folded = root_moves(g.as_ref(), kind, "", 3000);
        assert!(!folded.is_empty(), "{kind}");
        for (m, rate) in &folded {
            assert!(*rate <= 0.5, "{kind}: {m} rated {rate} under the swap rule");
        }
        let plain = root_moves(g.as_ref(), kind, "pie=0", 3000);
        let (m, rate) = plain.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert!(*rate > 0.5, "{kind}: without the fold {m} is rated {rate}");
        g.play_str(&folded[0].0).unwrap();
        let replies = root_moves(g.as_ref(), kind, "", 300);
        assert!(
            replies.iter().any(|(m, _)| m == "swap"),
            "{kind}: the swap is among the replies"
        );
    }
}
