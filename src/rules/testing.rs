//! A generic consistency suite for any [`Rules`], used by the tests of every game,
//! and a generic random playout.

use super::game::GameState;
use super::{Outcome, Player, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::{FxHashMap, FxHashSet};

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

/// What anyone can see of a position through [`Rules`]: the piece on every face,
/// the links, the player to move, the legal moves and the result. Two positions
/// are the same position exactly when this is equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Observed<M> {
    pieces: Vec<Option<Player>>,
    links: Vec<(crate::mesh::FaceId, crate::mesh::FaceId, Player)>,
    to_move: Player,
    legal: Vec<M>,
    result: Option<Option<Player>>,
}

fn observe<R: Rules>(rules: &R, pos: &R::Position, faces: usize) -> Observed<R::Move> {
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    legal.sort_unstable();
    let mut links = rules.links(pos);
    links.sort_unstable();
    Observed {
        pieces: (0..faces)
            .map(|i| rules.piece_at(pos, crate::mesh::FaceId::from_index(i)))
            .collect(),
        links,
        to_move: rules.to_move(pos),
        legal,
        result: rules.result(pos),
    }
}

/// What [`check_positions`] saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionReport {
    /// Positions compared (every ply of every line played).
    pub positions: usize,
    /// Plies at which a position occurred again with the same player to move.
    pub recurrences: usize,
    /// Draws by repetition the game state declared (each one checked).
    pub repetition_draws: usize,
    /// Pairs of move orders that reached the same position (equal keys checked).
    pub transpositions: usize,
    /// Move cycles found that return to a position (played through the game state).
    pub cycles: usize,
    /// Positions set up from their pieces and compared (games that start from
    /// set-up positions, [`Rules::set_up`]).
    pub set_ups: usize,
}

/// [`Rules::set_up`] from the pieces on every face of `pos` and its player to
/// move gives the same position: the same pieces, player to move, legal moves,
/// result, key and outcome (also recomputed from scratch).
fn check_set_up<R: Rules>(rules: &R, pos: &R::Position, faces: usize, at: &str) {
    let changes: Vec<_> = (0..faces)
        .map(crate::mesh::FaceId::from_index)
        .filter_map(|f| rules.piece_at(pos, f).map(|p| (f, Some(p))))
        .collect();
    let set = rules
        .set_up(&changes, rules.to_move(pos))
        .unwrap_or_else(|e| panic!("{at}: the position's own pieces set up refused: {e}"));
    assert_eq!(
        observe(rules, &set, faces),
        observe(rules, pos, faces),
        "{at}: the set-up position differs from the one played"
    );
    assert_eq!(
        rules.position_key(&set),
        rules.position_key(pos),
        "{at}: set-up key"
    );
    let outcome = normalized(rules.outcome(&set));
    assert_eq!(
        outcome,
        normalized(rules.outcome(pos)),
        "{at}: set-up outcome"
    );
    assert_eq!(
        outcome,
        normalized(rules.outcome_from_scratch(&set)),
        "{at}: set-up outcome from scratch"
    );
}

/// Checks [`Rules::position_key`] and the repetition rule on random games over a
/// board of `faces` faces, and returns what it saw:
///
/// * across all positions of all games, two positions have equal keys exactly
///   when they are the same position (same pieces, links, player to move, legal
///   moves and result — not the same number of moves played);
/// * at every ply, [`GameState`] declares a draw by repetition exactly when the
///   rules have a repetition rule and the position has occurred the rule's
///   number of times on the line (counted here by comparing what is seen, not
///   keys), and the rules themselves do not end the game;
/// * transpositions: the same moves in another order (a player's two moves
///   swapped) reach positions whose keys are equal exactly when the positions are;
/// * cycles: from positions along the games, a search for four plies that lead
///   back to the same position (as Lines of Action pieces can shuttle); each cycle
///   found is played twice from that point through [`GameState`] and checked as above.
///
/// Panics with a description of the first inconsistency.
#[doc(hidden)]
pub fn check_positions<R: Rules>(
    rules: &R,
    faces: usize,
    games: usize,
    seed: u64,
) -> PositionReport {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = PositionReport::default();
    let mut by_key: FxHashMap<R::Key, (Observed<R::Move>, String)> = FxHashMap::default();
    let mut by_seen: FxHashMap<Observed<R::Move>, (R::Key, String)> = FxHashMap::default();
    let mut note = |key: R::Key, seen: Observed<R::Move>, at: String| {
        if let Some((other, where_)) = by_key.get(&key) {
            assert_eq!(
                other, &seen,
                "equal keys for different positions: {where_} and {at}"
            );
        } else {
            by_key.insert(key.clone(), (seen.clone(), at.clone()));
        }
        if let Some((other, where_)) = by_seen.get(&seen) {
            assert_eq!(
                other, &key,
                "the same position has different keys: {where_} and {at}"
            );
        } else {
            by_seen.insert(seen, (key, at));
        }
    };
    let mut moves = Vec::new();
    // Games that start from set-up positions (placement games: Hex, Y, Havannah).
    let sets_up = rules.set_up(&[], 0).is_ok();
    for game in 0..games {
        // A random game through the game state (which applies the repetition rule).
        let mut line = Vec::new();
        let mut gs = GameState::new(rules.clone());
        while gs.outcome().is_none() && line.len() < 2000 {
            let legal = gs.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.random_range(0..legal.len())];
            gs.play(m).expect("a legal move");
            line.push(m);
        }
        let positions = check_line(rules, faces, &line, &mut report, &format!("game {game}"));
        for (k, pos) in positions.iter().enumerate() {
            note(
                rules.position_key(pos),
                observe(rules, pos, faces),
                format!("game {game} ply {k}"),
            );
            if sets_up {
                check_set_up(rules, pos, faces, &format!("game {game} ply {k}"));
                report.set_ups += 1;
            }
        }
        // Transposition: swap the first pair of one player's moves that still
        // makes a legal line, and compare the positions two plies later.
        for i in 0..line.len().saturating_sub(3) {
            let mut alt = line[..i + 3].to_vec();
            alt.swap(i, i + 2);
            let mut p = rules.start();
            if alt.iter().all(|&m| {
                let ok = rules.check(&p, m).is_ok();
                if ok {
                    rules.apply(&mut p, m);
                }
                ok
            }) {
                let q = &positions[i + 3];
                let same = observe(rules, &p, faces) == observe(rules, q, faces);
                assert_eq!(
                    rules.position_key(&p) == rules.position_key(q),
                    same,
                    "game {game}: plies {i} and {} swapped: keys and positions disagree",
                    i + 2
                );
                report.transpositions += same as usize;
                break;
            }
        }
        // Cycles of four plies from a few positions along the game.
        for k in [line.len() / 3, line.len() * 2 / 3] {
            let root = &positions[k];
            if rules.result(root).is_some() {
                continue;
            }
            if let Some(cycle) = find_cycle(rules, root, faces, &mut rng, &mut moves) {
                report.cycles += 1;
                let mut longer = line[..k].to_vec();
                longer.extend_from_slice(&cycle);
                longer.extend_from_slice(&cycle);
                let what = format!("game {game}, cycle at ply {k}");
                let along = check_line(rules, faces, &longer, &mut report, &what);
                for (j, pos) in along.iter().enumerate().skip(k) {
                    note(
                        rules.position_key(pos),
                        observe(rules, pos, faces),
                        format!("{what}, ply {j}"),
                    );
                }
            }
        }
    }
    report
}

/// Plays `line` through [`GameState`] (as far as the game state accepts it) and
/// checks its repetition draws against occurrences counted by what is seen;
/// returns the positions played through.
fn check_line<R: Rules>(
    rules: &R,
    faces: usize,
    line: &[R::Move],
    report: &mut PositionReport,
    what: &str,
) -> Vec<R::Position> {
    let mut gs = GameState::new(rules.clone());
    let mut positions = vec![rules.start()];
    let mut seen: Vec<Observed<R::Move>> = vec![observe(rules, &positions[0], faces)];
    for k in 0..=line.len() {
        let pos = positions.last().expect("the start").clone();
        let occurrences = seen.iter().filter(|s| **s == seen[k]).count();
        report.positions += 1;
        report.recurrences += (occurrences > 1) as usize;
        let by_rules = rules.outcome(&pos).is_some();
        let repetition = !by_rules
            && rules
                .repetition()
                .is_some_and(|r| occurrences >= r.occurrences() as usize);
        let declared = gs.outcome();
        assert_eq!(
            declared.is_some(),
            by_rules || repetition,
            "{what}, ply {k}: the position occurred {occurrences} time(s); game state says {declared:?}"
        );
        if repetition {
            report.repetition_draws += 1;
            let o = declared.as_ref().expect("checked above");
            assert_eq!(o.winner, None, "{what}, ply {k}");
            assert!(
                o.reason.starts_with("draw by repetition"),
                "{what}, ply {k}: {}",
                o.reason
            );
        }
        if declared.is_some() || k == line.len() {
            break;
        }
        let m = line[k];
        gs.play(m)
            .unwrap_or_else(|e| panic!("{what}, ply {k}: {m:?} refused: {e}"));
        let mut next = pos;
        rules.apply(&mut next, m);
        seen.push(observe(rules, &next, faces));
        positions.push(next);
    }
    positions
}

/// Four plies from `root` back to the same position (compared by what is seen,
/// not by key), if a bounded search finds them: the first two moves are sampled
/// (six each), the last two searched fully.
fn find_cycle<R: Rules, G: Rng>(
    rules: &R,
    root: &R::Position,
    faces: usize,
    rng: &mut G,
    moves: &mut Vec<R::Move>,
) -> Option<Vec<R::Move>> {
    let target = observe(rules, root, faces);
    let same_pieces = |p: &R::Position| {
        rules.to_move(p) == target.to_move
            && (0..faces)
                .all(|i| rules.piece_at(p, crate::mesh::FaceId::from_index(i)) == target.pieces[i])
    };
    let sample = |p: &R::Position, rng: &mut G, moves: &mut Vec<R::Move>| {
        rules.legal_moves(p, moves);
        let mut v = moves.clone();
        for i in 0..v.len().min(6) {
            let j = rng.random_range(i..v.len());
            v.swap(i, j);
        }
        v.truncate(6);
        v
    };
    let mut budget = 60_000usize;
    for a in sample(root, rng, moves) {
        let mut pa = root.clone();
        rules.apply(&mut pa, a);
        for b in sample(&pa, rng, moves) {
            let mut pb = pa.clone();
            rules.apply(&mut pb, b);
            rules.legal_moves(&pb, moves);
            for c in moves.clone() {
                let mut pc = pb.clone();
                rules.apply(&mut pc, c);
                let mut ds = Vec::new();
                rules.legal_moves(&pc, &mut ds);
                for d in ds {
                    if budget == 0 {
                        return None;
                    }
                    budget -= 1;
                    let mut pd = pc.clone();
                    rules.apply(&mut pd, d);
                    if same_pieces(&pd) && observe(rules, &pd, faces) == target {
                        return Some(vec![a, b, c, d]);
                    }
                }
            }
        }
    }
    None
}
