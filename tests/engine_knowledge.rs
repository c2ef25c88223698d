//! The engine's knowledge switches (issue 16): first-play urgency, RAVE,
//! Hex's bridge table and bridge-save playouts, each behind a parameter.

use boardwright::engine::{SearchConfig, SearchLimits};
use boardwright::game::{DynEngine, DynGame, EngineParams, RulesKind, new_game};
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::hex::{Hex, HexMove, HexSettings};
use boardwright::rules::search::Searchable;
use boardwright::rules::{GameOptions, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::sync::Arc;

fn hex(n: u32) -> Hex {
    Hex::new(Arc::new(presets::hex(n)), false).unwrap()
}

fn face(h: &Hex, name: &str) -> u32 {
    match h.parse_move(&h.start(), name).unwrap() {
        HexMove::Place(f) => f.0,
        HexMove::Swap => unreachable!(),
    }
}

/// Red wins of `runs` simulations from `red` stones with Blue to move.
fn red_wins(h: &Hex, red: &[&str], bridge: bool, runs: usize) -> usize {
    let changes: Vec<(FaceId, Option<u8>)> =
        red.iter().map(|n| (FaceId(face(h, n)), Some(0))).collect();
    let pos = h.set_up(&changes, 1).unwrap();
    let aux = h.aux(&HexSettings { bridge });
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut moves, mut bytes) = (Vec::new(), Vec::new());
    (0..runs)
        .filter(|_| {
            let mut p = pos.clone();
            h.simulate(&aux, &mut p, &mut rng, &mut moves, &mut bytes) == 1.0
        })
        .count()
}

#[test]
fn hex_bridges_cover_the_six_bridges_of_a_cell_and_the_edge_templates() {
    let h = hex(11);
    let n = h.board().face_count() as u32;
    let b = h.bridges();
    let nbrs = |f: u32| -> BTreeSet<u32> {
        h.board()
            .mesh()
            .adjacent_faces(FaceId(f))
            .map(|g| g.0)
            .collect()
    };
    // Every entry: the two carriers are common neighbours of both ends.
    for x in 0..n {
        for &[a, bb, y] in b.at(x as usize) {
            assert_ne!(x, y);
            for end in [a, bb] {
                if end < n {
                    assert!(nbrs(end).contains(&x) && nbrs(end).contains(&y));
                }
            }
            if a < n && bb < n {
                assert!(
                    !nbrs(a).contains(&bb),
                    "bridge ends {a} and {bb} are neighbours"
                );
            }
        }
    }
    let ends = |f: u32| -> BTreeSet<(u32, u32)> {
        (0..n)
            .flat_map(|x| b.at(x as usize).iter().copied())
            .filter(|e| e[0] == f || e[1] == f)
            .map(|e| (e[0], e[1]))
            .collect()
    };
    // A cell in the middle has six bridges, all to cells.
    let f6 = face(&h, "f6");
    let mid = ends(f6);
    assert_eq!(mid.len(), 6, "{mid:?}");
    assert!(mid.iter().all(|&(a, b)| a < n && b < n));
    // A cell on the second row bridges to its side (side node n + 0 = top).
    let f2 = face(&h, "f2");
    assert!(ends(f2).contains(&(n, f2)), "{:?}", ends(f2));
    // A cell on the first row has no bridge to its own side.
    let f1 = face(&h, "f1");
    assert!(!ends(f1).contains(&(n, f1)));
}

#[test]
fn bridge_save_playouts_keep_bridges_and_edge_templates() {
    let h = hex(3);
    // a1–b2 is a bridge (carriers b1, a2), b2–b3 are neighbours: Red's chain
    // holds as long as Red answers Blue's intrusion.
    assert_eq!(red_wins(&h, &["a1", "b2", "b3"], true, 300), 300);
    let uniform = red_wins(&h, &["a1", "b2", "b3"], false, 300);
    assert!(
        uniform < 285,
        "uniform playouts lose the bridge sometimes: {uniform}"
    );
    // b2 alone reaches both edges by edge templates (b1/c1 and a3/b3).
    assert_eq!(red_wins(&h, &["b2"], true, 300), 300);
    assert!(red_wins(&h, &["b2"], false, 300) < 285);
}

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

fn engine(kind: RulesKind, params: &str) -> DynEngine {
    let params = format!("explore=0.3,fpu=1,rave=1,expand=10{params}");
    DynEngine::with_params(
        SearchConfig {
            threads: 1,
            seed: 42,
        },
        EngineParams::parse(&params, kind).unwrap(),
    )
}

#[test]
fn knowledgeable_searches_are_deterministic_for_a_seed_and_budget() {
    for kind in RulesKind::ALL {
        let extra = if kind == RulesKind::Hex {
            ",bridge=1"
        } else {
            ""
        };
        let g = game(kind, None);
        let run = || {
            engine(kind, extra)
                .start(g.as_ref(), SearchLimits::simulations(600))
                .unwrap()
                .wait()
                .unwrap()
        };
        let (a, b) = (run(), run());
        assert_eq!(a, b, "{kind}");
        assert!(g.legal_moves().contains(&a.best_move), "{kind}");
        assert_eq!(a.simulations, 600);
        assert!(a.tree.max_depth >= 2, "{kind}: {:?}", a.tree);
    }
}

#[test]
fn knowledgeable_hex_search_wins_and_blocks() {
    let mut g = game(RulesKind::Hex, Some(5));
    for m in "a1 c1 a2 c2 a3 c3 a4".split_whitespace() {
        g.play_str(m).unwrap();
    }
    // Blue must block a5.
    let r = engine(RulesKind::Hex, ",bridge=1")
        .start(g.as_ref(), SearchLimits::simulations(2000))
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(r.best_move, "a5");
    g.play_str("c4").unwrap();
    // Now Red wins at a5.
    let r = engine(RulesKind::Hex, ",bridge=1")
        .start(g.as_ref(), SearchLimits::simulations(2000))
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(r.best_move, "a5");
}

#[test]
fn unknown_parameters_are_refused_with_the_known_names() {
    let e = EngineParams::parse("bridge=1", RulesKind::Loa).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("unknown parameter 'bridge'") && text.contains("rave"),
        "{text}"
    );
    assert!(
        EngineParams::parse(
            "rave=1,fpu=0.9,rave_init=2,rave_final=900",
            RulesKind::Twixt
        )
        .is_ok()
    );
}

#[test]
fn hex_plays_with_its_measured_switches_by_default_and_params_override_them() {
    let (params, settings) = boardwright::engine::game_params::<Hex>();
    assert_eq!(params.explore, 0.3);
    assert_eq!(params.fpu, 1.0);
    assert!(params.rave);
    assert!(settings.bridge);
    // Other games keep the generic defaults.
    let (loa, _) = boardwright::engine::game_params::<boardwright::rules::loa::Loa>();
    assert_eq!(loa, boardwright::engine::Params::default());

    let g = game(RulesKind::Hex, Some(7));
    let run = |params: &str| {
        DynEngine::with_params(
            SearchConfig {
                threads: 1,
                seed: 7,
            },
            EngineParams::parse(params, RulesKind::Hex).unwrap(),
        )
        .start(g.as_ref(), SearchLimits::simulations(3000))
        .unwrap()
        .wait()
        .unwrap()
    };
    let default = run("");
    assert_eq!(default, run("explore=0.3,fpu=1,rave=1,bridge=1"));
    let old = run("explore=0.6,fpu=0,rave=0,bridge=0");
    assert_ne!(
        format!("{:?} {:?}", default.win_rate, default.tree),
        format!("{:?} {:?}", old.win_rate, old.tree),
        "the switches change the search"
    );
}
