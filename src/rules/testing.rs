//! A generic consistency suite for any [`Rules`], used by the tests of every game,
//! and a generic random playout.

use super::game::GameState;
use super::{Outcome, Player, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashSet;

/// Plays uniformly random legal moves from `pos` to the end through the plain
/// [`Rules`] API and returns the winner (`None`: draw). `moves` is scratch space.
/// Games that can repeat forever are cut after `max_plies` (returns `None`).
pub fn random_playout<R: Rules, G: Rng + ?Sized>(
    rules: &R,
    pos: &R::Position,
    rng: &mut G,
    moves: &mut Vec<R::Move>,
    max_plies: usize,
) -> Option<Player> {
    let mut p = pos.clone();
    for _ in 0..max_plies {
        if let Some(o) = rules.outcome(&p) {
            return o.winner;
        }
        rules.legal_moves(&p, moves);
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.random_range(0..moves.len())];
        rules.apply(&mut p, m);
    }
    None
}

fn normalized(o: Option<Outcome>) -> Option<Outcome> {
    o.map(|mut o| {
        o.evidence.faces.sort_unstable();
        o.evidence.ring.sort_unstable();
        o.evidence.links.sort_unstable();
        o
    })
}

/// Play `games` random games to the end and check, at every ply:
///
/// * legal moves have no duplicates, each is accepted by `check`, formats to
///   notation that parses back to the same move;
/// * every other candidate move (every move seen legal anywhere so far) is refused;
/// * the incremental outcome equals [`Rules::outcome_from_scratch`];
/// * a finished game has no legal moves and refuses every candidate, also through
///   [`GameState::play`], which leaves the state unchanged;
///
/// and, per game: undo back to the start and redo reproduce the positions
/// computed independently while playing; the move list saved as notation and
/// replayed from the start gives the identical final state.
///
/// Panics with a description of the first inconsistency.
#[doc(hidden)]
pub fn check_consistency<R: Rules>(rules: &R, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut candidates: Vec<R::Move> = Vec::new();
    let mut cand_set: FxHashSet<R::Move> = FxHashSet::default();
    let mut moves = Vec::new();
    let max_plies = 5000;
    for game in 0..games {
        let mut gs = GameState::new(rules.clone());
        let mut cur = rules.start();
        assert_eq!(gs.position(), &cur, "game {game}: start positions differ");
        let mut positions = vec![cur.clone()];
        loop {
            let ply = gs.ply();
            let ctx = |what: &str| format!("game {game}, ply {ply}: {what}");
            rules.legal_moves(&cur, &mut moves);
            // No duplicates.
            let set: FxHashSet<R::Move> = moves.iter().copied().collect();
            assert_eq!(set.len(), moves.len(), "{}", ctx("duplicate legal moves"));
            for &m in &moves {
                if cand_set.insert(m) {
                    candidates.push(m);
                }
            }
            // Incremental outcome equals the from-scratch check.
            let inc = normalized(rules.outcome(&cur));
            let scratch = normalized(rules.outcome_from_scratch(&cur));
            assert_eq!(
                inc,
                scratch,
                "{}",
                ctx("incremental outcome differs from scratch")
            );
            if inc.is_some() {
                assert!(moves.is_empty(), "{}", ctx("finished game has legal moves"));
            }
            for &m in &moves {
                if let Err(e) = rules.check(&cur, m) {
                    panic!("{}", ctx(&format!("legal move {m:?} refused: {e}")));
                }
                let text = rules.format_move(&cur, m);
                let back = rules.parse_move(&cur, &text);
                assert_eq!(
                    back,
                    Ok(m),
                    "{}",
                    ctx(&format!("notation '{text}' does not round-trip"))
                );
            }
            for &c in &candidates {
                if !set.contains(&c) {
                    assert!(
                        rules.check(&cur, c).is_err(),
                        "{}",
                        ctx(&format!(
                            "move {c:?} is not listed as legal but check accepts it"
                        ))
                    );
                }
            }
            let state_moves = gs.legal_moves();
            if gs.outcome().is_some() || state_moves.is_empty() || ply >= max_plies {
                // Finished: everything refused, state unchanged.
                if gs.outcome().is_some() {
                    assert!(
                        state_moves.is_empty(),
                        "{}",
                        ctx("game over but moves offered")
                    );
                    for &c in &candidates {
                        let before = (gs.ply(), gs.recorded_len());
                        assert!(
                            gs.play(c).is_err(),
                            "{}",
                            ctx("finished game accepted a move")
                        );
                        assert_eq!(before, (gs.ply(), gs.recorded_len()));
                        assert_eq!(gs.position(), &cur);
                    }
                }
                break;
            }
            assert_eq!(
                state_moves,
                moves,
                "{}",
                ctx("game state and rules disagree on legal moves")
            );
            let m = moves[rng.random_range(0..moves.len())];
            gs.play(m)
                .unwrap_or_else(|e| panic!("{}", ctx(&format!("play {m:?} failed: {e}"))));
            rules.apply(&mut cur, m);
            positions.push(cur.clone());
            assert_eq!(gs.position(), &cur, "{}", ctx("game state diverged"));
        }
        // Undo to the start, then redo to the end.
        let end = gs.ply();
        let final_outcome = gs.outcome();
        for k in (0..end).rev() {
            assert!(gs.undo(), "game {game}: undo refused at ply {}", k + 1);
            assert_eq!(gs.ply(), k);
            assert_eq!(gs.position(), &positions[k], "game {game}: undo to ply {k}");
            assert!(
                gs.outcome().is_none() || k == end,
                "game {game}: outcome after undo to {k}"
            );
        }
        assert!(!gs.undo(), "game {game}: undo past the start");
        for (k, expected) in positions.iter().enumerate().skip(1) {
            assert!(gs.redo(), "game {game}: redo refused at ply {k}");
            assert_eq!(gs.position(), expected, "game {game}: redo to ply {k}");
        }
        assert!(!gs.redo(), "game {game}: redo past the end");
        assert_eq!(
            gs.outcome(),
            final_outcome,
            "game {game}: outcome after redo"
        );
        // Save as notation, load, replay.
        let saved: Vec<String> = gs.history().to_vec();
        let mut replay = GameState::new(rules.clone());
        for (k, text) in saved.iter().enumerate() {
            replay
                .play_str(text)
                .unwrap_or_else(|e| panic!("game {game}: replaying move {} '{text}': {e}", k + 1));
        }
        assert_eq!(
            replay.position(),
            gs.position(),
            "game {game}: replayed state differs"
        );
        assert_eq!(
            replay.outcome(),
            gs.outcome(),
            "game {game}: replayed outcome differs"
        );
        assert_eq!(
            replay.moves(),
            gs.moves(),
            "game {game}: replayed moves differ"
        );
        // goto to the middle and back.
        let mid = end / 2;
        gs.goto(mid).expect("goto a recorded ply");
        assert_eq!(gs.position(), &positions[mid]);
        assert!(gs.goto(end + 1).is_err());
        gs.goto(end).expect("goto the end");
        assert_eq!(gs.position(), &positions[end]);
    }
}
