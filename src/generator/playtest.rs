//! Play-tested fairness: estimate seat balance by self-play with uniformly random
//! players, for any [`Rules`].
//!
//! The estimator is generic; BOCO is connected in [`playtest_boco`] (see the marked
//! place below).

use super::GenRng;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};

/// How many games and with which seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlaytestConfig {
    pub games: u32,
    pub seed: u64,
    /// Games still running after this many plies count as unfinished (neither seat wins).
    pub max_plies: u32,
}

impl Default for PlaytestConfig {
    fn default() -> Self {
        PlaytestConfig {
            games: 1000,
            seed: 1,
            max_plies: 10_000,
        }
    }
}

/// Result of a self-play estimate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlaytestResult {
    /// Games played to the end or to the ply limit.
    pub games: u32,
    /// Wins of seat 0 (first player) and seat 1.
    pub wins: [u32; 2],
    pub draws: u32,
    /// Games stopped at the ply limit.
    pub unfinished: u32,
    /// Fraction of games the first player won.
    pub first_player_win_rate: f64,
    /// 95 % Wilson score interval of the first player's win rate.
    pub first_player_ci95: (f64, f64),
    /// 1 − the largest difference between the seats' win rates (1 = perfectly balanced).
    pub balance: f64,
    /// 95 % interval of the balance (from the normal approximation of the difference of
    /// the two seats' win rates), clamped to [0, 1].
    pub balance_ci95: (f64, f64),
    /// Mean game length in plies.
    pub mean_plies: f64,
}

impl PlaytestResult {
    /// One-line summary.
    pub fn summary(&self) -> String {
        format!(
            "{} random games: first player wins {:.1} % (95 % CI {:.1}–{:.1} %), second {:.1} %, \
             draws {}, unfinished {}; balance {:.3} (95 % CI {:.3}–{:.3})",
            self.games,
            100.0 * self.first_player_win_rate,
            100.0 * self.first_player_ci95.0,
            100.0 * self.first_player_ci95.1,
            100.0 * self.wins[1] as f64 / self.games.max(1) as f64,
            self.draws,
            self.unfinished,
            self.balance,
            self.balance_ci95.0,
            self.balance_ci95.1
        )
    }
}

const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for `k` successes in `n` trials at 95 %.
pub fn wilson95(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Play `cfg.games` games between two uniformly random players and measure the seats'
/// win rates. Deterministic for a given seed. `cancel` stops early (the result then
/// covers the games played so far).
pub fn estimate<R: Rules>(
    rules: &R,
    cfg: &PlaytestConfig,
    cancel: Option<&AtomicBool>,
) -> PlaytestResult {
    let mut rng = GenRng::new(cfg.seed);
    let mut wins = [0u32; 2];
    let mut draws = 0;
    let mut unfinished = 0;
    let mut games = 0;
    let mut plies_total = 0u64;
    let mut moves = Vec::new();
    for _ in 0..cfg.games {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            break;
        }
        let mut pos = rules.start();
        let mut plies = 0;
        let outcome = loop {
            if let Some(o) = rules.outcome(&pos) {
                break Some(o);
            }
            if plies >= cfg.max_plies {
                break None;
            }
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break None;
            }
            let m = moves[rng.index(moves.len())];
            rules.apply(&mut pos, m);
            plies += 1;
        };
        plies_total += plies as u64;
        games += 1;
        match outcome {
            Some(o) => match o.winner {
                Some(p) if (p as usize) < 2 => wins[p as usize] += 1,
                _ => draws += 1,
            },
            None => unfinished += 1,
        }
    }
    let n = games.max(1) as f64;
    let (r0, r1) = (wins[0] as f64 / n, wins[1] as f64 / n);
    let diff = (r0 - r1).abs();
    // Var(r0 − r1) for multinomial counts: (p0 + p1 − (p0 − p1)²) / n.
    let se = ((r0 + r1 - (r0 - r1).powi(2)).max(0.0) / n).sqrt();
    let (lo, hi) = ((diff - Z95 * se).max(0.0), (diff + Z95 * se).min(1.0));
    PlaytestResult {
        games,
        wins,
        draws,
        unfinished,
        first_player_win_rate: if games == 0 { 0.0 } else { r0 },
        first_player_ci95: wilson95(wins[0], games),
        balance: 1.0 - diff,
        balance_ci95: (1.0 - hi, 1.0 - lo),
        mean_plies: plies_total as f64 / n,
    }
}

/// Self-play balance of BOCO on a generated (or any) board.
pub fn playtest_boco(
    board: &crate::board::Board,
    cfg: &PlaytestConfig,
    cancel: Option<&AtomicBool>,
) -> Result<PlaytestResult, crate::rules::UnsuitableBoard> {
    let rules = crate::rules::boco::Boco::new(std::sync::Arc::new(board.clone()))?;
    Ok(estimate(&rules, cfg, cancel))
}
