//! The engine's tactics and search machinery: mate-in-one and must-block in
//! every game, the solver, determinism, tree reuse, and strength against a
//! random player. Budgets are simulation counts, so the tests are fast and
//! deterministic.

use boardwright::engine::tree::Tree;
use boardwright::engine::{SearchConfig, SearchLimits, Shared, search};
use boardwright::game::{DynEngine, DynGame, RulesKind, new_game};
use boardwright::presets;
use boardwright::rules::boco::Boco;
use boardwright::rules::havannah::Havannah;
use boardwright::rules::hex::Hex;
use boardwright::rules::loa::Loa;
use boardwright::rules::search::Searchable;
use boardwright::rules::twixt::Twixt;
use boardwright::rules::y::Y;
use boardwright::rules::{GameOptions, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn game(kind: RulesKind, size: Option<u32>) -> Box<dyn DynGame> {
    let board = match kind {
        RulesKind::Hex => presets::hex(size.unwrap_or(5)),
        RulesKind::Twixt => presets::twixt(size.unwrap_or(8)),
        RulesKind::Loa => presets::lines_of_action(),
        RulesKind::Boco => match size {
            Some(n) => presets::square_grid(n, n),
            None => presets::boco(),
        },
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

fn best(g: &dyn DynGame, sims: u64) -> boardwright::game::SearchResult {
    let mut e = DynEngine::new(SearchConfig {
        threads: 1,
        seed: 7,
    });
    e.start(g, SearchLimits::simulations(sims))
        .unwrap()
        .wait()
        .unwrap()
}

/// Whether playing `mv` wins at once for the player to move.
fn wins_at_once(g: &dyn DynGame, mv: &str) -> bool {
    let me = g.to_move();
    let mut h = g.clone_box();
    h.play_str(mv).unwrap();
    h.outcome()
        .is_some_and(|o| o.winner.is_some() && o.winner == me)
}

/// Whether after `mv` the opponent has a move that wins at once.
fn allows_a_win(g: &dyn DynGame, mv: &str) -> bool {
    let mut h = g.clone_box();
    h.play_str(mv).unwrap();
    if h.outcome().is_some() {
        return false;
    }
    h.legal_moves().iter().any(|r| wins_at_once(h.as_ref(), r))
}

/// Random games (seeded) stopped at positions where the player to move can
/// win at once (`mates`) or must stop the opponent's immediate win (`blocks`:
/// some moves allow an immediate win, some do not, and none wins at once).
/// Found with the typed rules (fast), returned as move lists.
fn typed_positions<R: Rules>(
    rules: &R,
    seed: u64,
    want: usize,
) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let mut mates = Vec::new();
    let mut blocks = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut replies = Vec::new();
    let wins = |pos: &R::Position, m: R::Move, p: u8| {
        let mut q = pos.clone();
        rules.apply(&mut q, m);
        rules.result(&q) == Some(Some(p))
    };
    for _ in 0..400 {
        if mates.len() >= want && blocks.len() >= want {
            break;
        }
        let mut pos = rules.start();
        let mut line: Vec<String> = Vec::new();
        while rules.result(&pos).is_none() && line.len() < 200 {
            let me = rules.to_move(&pos);
            rules.legal_moves(&pos, &mut moves);
            if moves.iter().any(|&m| wins(&pos, m, me)) {
                if mates.len() < want {
                    mates.push(line.clone());
                }
                break;
            }
            let mut losing = 0;
            for &m in &moves {
                let mut q = pos.clone();
                rules.apply(&mut q, m);
                rules.legal_moves(&q, &mut replies);
                if rules.result(&q).is_none() && replies.iter().any(|&r| wins(&q, r, 1 - me)) {
                    losing += 1;
                }
            }
            if losing > 0 && losing < moves.len() {
                if blocks.len() < want {
                    blocks.push(line.clone());
                }
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            line.push(rules.format_move(&pos, m));
            rules.apply(&mut pos, m);
        }
    }
    assert!(
        mates.len() >= want && blocks.len() >= want,
        "{}: too few positions",
        R::NAME
    );
    (mates, blocks)
}

type Games = Vec<Box<dyn DynGame>>;

fn positions(kind: RulesKind, size: Option<u32>, want: usize) -> (Games, Games) {
    let g = game(kind, size);
    let board = g.board().clone();
    let (mates, blocks) = match kind {
        RulesKind::Hex => typed_positions(&Hex::new(board, false).unwrap(), 1, want),
        RulesKind::Twixt => typed_positions(&Twixt::new(board, false).unwrap(), 2, want),
        RulesKind::Loa => typed_positions(&Loa::new(board).unwrap(), 3, want),
        RulesKind::Boco => typed_positions(&Boco::new(board).unwrap(), 4, want),
        RulesKind::Y => typed_positions(&Y::new(board, false).unwrap(), 5, want),
        RulesKind::Havannah => typed_positions(&Havannah::new(board, false).unwrap(), 6, want),
    };
    let replay = |lines: Vec<Vec<String>>| {
        lines
            .into_iter()
            .map(|l| {
                let mut g = game(kind, size);
                play(g.as_mut(), &l.join(" "));
                g
            })
            .collect()
    };
    (replay(mates), replay(blocks))
}

fn check_tactics(kind: RulesKind, size: Option<u32>, blocks_too: bool) {
    let (mates, blocks) = positions(kind, size, 4);
    for g in &mates {
        let r = best(g.as_ref(), 100);
        assert!(
            wins_at_once(g.as_ref(), &r.best_move),
            "{kind}: missed the win, played {} in\n{}",
            r.best_move,
            g.render_text()
        );
        assert_eq!(r.win_rate, 1.0);
    }
    if blocks_too {
        for g in &blocks {
            let r = best(g.as_ref(), 100);
            assert!(
                !allows_a_win(g.as_ref(), &r.best_move),
                "{kind}: {} lets the opponent win at once in\n{}",
                r.best_move,
                g.render_text()
            );
        }
    }
}

#[test]
fn hex_takes_wins_and_blocks() {
    let mut g = game(RulesKind::Hex, Some(5));
    play(g.as_mut(), "a1 c1 a2 c2 a3 c3 a4");
    // Blue must take a5, Red's only winning cell.
    assert_eq!(best(g.as_ref(), 200).best_move, "a5");
    check_tactics(RulesKind::Hex, Some(5), true);
}

#[test]
fn twixt_takes_wins_and_blocks() {
    check_tactics(RulesKind::Twixt, Some(8), true);
}

#[test]
fn boco_takes_wins_and_blocks() {
    check_tactics(RulesKind::Boco, Some(5), true);
}

#[test]
fn loa_takes_wins_and_blocks() {
    check_tactics(RulesKind::Loa, None, true);
}

#[test]
fn y_takes_wins_and_blocks() {
    check_tactics(RulesKind::Y, Some(5), true);
}

#[test]
fn havannah_takes_wins_and_blocks() {
    check_tactics(RulesKind::Havannah, Some(4), true);
}

#[test]
fn solver_proves_the_first_player_win_on_hex_3x3() {
    let g = game(RulesKind::Hex, Some(3));
    let r = best(g.as_ref(), 30_000);
    assert_eq!(r.win_rate, 1.0, "not proven: {r:?}");
    // The proof ends the search early.
    assert!(r.simulations < 30_000, "{r:?}");
    // The winning first moves on 3×3, by exhaustive search: the centre, the
    // two obtuse corners and the two cells beside the centre on the first
    // player's rows. a1, b1, b3 and c3 lose.
    assert!(
        ["c1", "a2", "b2", "c2", "a3"].contains(&r.best_move.as_str()),
        "{} is not a winning first move",
        r.best_move
    );
}

#[test]
fn solver_sees_a_lost_position() {
    // Blue to move on 3×3 after Red's centre: every Blue move loses.
    let mut g = game(RulesKind::Hex, Some(3));
    play(g.as_mut(), "b2");
    let r = best(g.as_ref(), 30_000);
    assert_eq!(r.win_rate, 0.0, "{r:?}");
}

fn hex_rules(n: u32) -> Hex {
    Hex::new(Arc::new(presets::hex(n)), false).unwrap()
}

fn run<R: Searchable>(
    rules: &R,
    pos: &R::Position,
    tree: &mut Option<Tree<R>>,
    sims: u64,
) -> String {
    let shared = Shared::default();
    let best = search(
        rules,
        pos,
        tree,
        &SearchConfig {
            threads: 1,
            seed: 3,
        },
        &SearchLimits::simulations(sims),
        &shared,
    )
    .unwrap()
    .best;
    rules.format_move(pos, best)
}

fn root_visits<R: Searchable>(tree: &Option<Tree<R>>) -> u64 {
    tree.as_ref().map_or(0, Tree::root_visits)
}

#[test]
fn tree_reuse_keeps_the_statistics_of_the_position_reached() {
    // 7×7: Hex 5×5 is proven within a hundred simulations, and a proven
    // root stops the search.
    let rules = hex_rules(7);
    let mut pos = rules.start();
    let mut tree = None;
    let mv = run(&rules, &pos, &mut tree, 3000);
    assert_eq!(root_visits(&tree), 3000);
    // Our move, then the reply the tree liked best for the opponent.
    let m = rules.parse_move(&pos, &mv).unwrap();
    rules.apply(&mut pos, m);
    let mut probe = tree.clone();
    let reply = run(&rules, &pos, &mut probe, 0);
    let kept = root_visits(&probe);
    assert!(kept > 100, "the subtree after {mv} had {kept} visits");
    let r = rules.parse_move(&pos, &reply).unwrap();
    rules.apply(&mut pos, r);
    let before = {
        let mut t = tree.clone();
        run(&rules, &pos, &mut t, 0);
        root_visits(&t)
    };
    assert!(before > 0, "no statistics kept two plies down");
    run(&rules, &pos, &mut tree, 500);
    assert_eq!(root_visits(&tree), before + 500);
    // A position not in the tree starts afresh.
    let other = rules.start();
    run(&rules, &other, &mut tree, 10);
    assert_eq!(root_visits(&tree), 10);
}

#[test]
fn two_threads_search_and_agree_on_a_forced_move() {
    let mut g = game(RulesKind::Hex, Some(5));
    play(g.as_mut(), "a1 c1 a2 c2 a3 c3 a4");
    let mut e = DynEngine::new(SearchConfig {
        threads: 2,
        seed: 1,
    });
    let r = e
        .start(g.as_ref(), SearchLimits::simulations(2000))
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(r.best_move, "a5");
    assert!(r.simulations <= 2000);
}

#[test]
fn threads_share_one_tree_and_lose_no_visit() {
    // Four threads on two cores search one tree at once: every simulation
    // is counted once at the root and once at the root move it went through.
    let rules = hex_rules(7);
    let pos = rules.start();
    let mut tree = None;
    let shared = Shared::default();
    let r = search(
        &rules,
        &pos,
        &mut tree,
        &SearchConfig {
            threads: 4,
            seed: 11,
        },
        &SearchLimits::simulations(40_000),
        &shared,
    )
    .unwrap();
    assert_eq!(r.simulations, 40_000);
    let t = tree.as_ref().unwrap();
    assert_eq!(t.root_visits(), 40_000);
    let stats = t.root_stats();
    assert_eq!(stats.len(), 49);
    assert_eq!(stats.iter().map(|s| s.visits).sum::<u64>(), 40_000);
    for s in &stats {
        assert!(s.wins >= 0.0 && s.wins <= s.visits as f64 + 1e-3, "{s:?}");
    }
    assert!(r.tree.max_depth >= 3, "{:?}", r.tree);
    // The tree is reused by the next search, threads or not.
    let before = t.root_visits();
    run(&rules, &pos, &mut tree, 100);
    assert_eq!(root_visits(&tree), before + 100);
}

#[test]
fn the_engine_beats_a_random_player() {
    for (kind, size, sims) in [
        (RulesKind::Hex, Some(5), 300),
        (RulesKind::Boco, None, 300),
        (RulesKind::Twixt, Some(6), 300),
        (RulesKind::Loa, None, 300),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for k in 0..4u64 {
            let seat = (k % 2) as u8;
            let mut g = game(kind, size);
            let mut e = DynEngine::new(SearchConfig {
                threads: 1,
                seed: k,
            });
            while g.outcome().is_none() && g.ply() < 300 {
                let mv = if g.to_move() == Some(seat) {
                    e.start(g.as_ref(), SearchLimits::simulations(sims))
                        .unwrap()
                        .wait()
                        .unwrap()
                        .best_move
                } else {
                    let legal = g.legal_moves();
                    legal[rng.random_range(0..legal.len())].clone()
                };
                g.play_str(&mv).unwrap();
            }
            let o = g.outcome();
            assert_eq!(
                o.as_ref().and_then(|o| o.winner),
                Some(seat),
                "{kind} game {k}: {o:?}\n{}",
                g.render_text()
            );
        }
    }
}
