//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.

use super::Rules;

/// Number of leaf positions after exactly `depth` plies from `pos`. A position where
/// the game is over has no children (so it contributes nothing at deeper depths).
/// Repetition is not applied (it belongs to the game history, not the position).
pub fn perft<R: Rules>(rules: &R, pos: &R::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in moves {
        let mut child = pos.clone();
        rules.apply(&mut child, m);
        total += perft(rules, &child, depth - 1);
    }
    total
}

/// Perft counts for every depth 1..=`depth`.
pub fn perft_table<R: Rules>(rules: &R, pos: &R::Position, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(rules, pos, d)).collect()
}
