//! The self-play balance estimator, on tiny test-only games.

use boardwright::board::Board;
use boardwright::generator::playtest::{PlaytestConfig, estimate, wilson95};
use boardwright::mesh::FaceId;
use boardwright::rules::{
    GameOptions, IllegalMove, MoveFaces, Outcome, Player, Rules, UnsuitableBoard,
};
use std::sync::Arc;

/// Race to `target`: players alternately add 1 or 2 (never past the target); whoever
/// reaches the target wins. `first_wins_at_once` makes a game the first player always
/// wins on move one.
#[derive(Clone)]
struct Race {
    target: u32,
}

#[derive(Clone, Debug, PartialEq)]
struct RacePos {
    total: u32,
    to_move: Player,
}

impl Rules for Race {
    type Move = u8;
    type Position = RacePos;
    type Key = (u32, Player);
    const NAME: &'static str = "race";
    const TITLE: &'static str = "Race";
    const PLAYER_NAMES: [&'static str; 2] = ["First", "Second"];
    fn on_board(_: Arc<Board>, _: &GameOptions) -> Result<Race, UnsuitableBoard> {
        Err(UnsuitableBoard("a race is not played on a board".into()))
    }
    fn start(&self) -> RacePos {
        RacePos {
            total: 0,
            to_move: 0,
        }
    }
    fn to_move(&self, pos: &RacePos) -> Player {
        pos.to_move
    }
    fn legal_moves(&self, pos: &RacePos, out: &mut Vec<u8>) {
        out.clear();
        if pos.total >= self.target {
            return;
        }
        for m in 1..=2u8 {
            if pos.total + m as u32 <= self.target {
                out.push(m);
            }
        }
    }
    fn check(&self, pos: &RacePos, m: u8) -> Result<(), IllegalMove> {
        let mut v = Vec::new();
        self.legal_moves(pos, &mut v);
        if v.contains(&m) {
            Ok(())
        } else {
            Err(IllegalMove::new("not allowed"))
        }
    }
    fn apply(&self, pos: &mut RacePos, m: u8) {
        pos.total += m as u32;
        pos.to_move = 1 - pos.to_move;
    }
    fn outcome(&self, pos: &RacePos) -> Option<Outcome> {
        (pos.total >= self.target).then(|| Outcome {
            winner: Some(1 - pos.to_move),
            reason: "reached the target".into(),
            evidence: Default::default(),
        })
    }
    fn outcome_from_scratch(&self, pos: &RacePos) -> Option<Outcome> {
        self.outcome(pos)
    }
    fn format_move(&self, _pos: &RacePos, m: u8) -> String {
        m.to_string()
    }
    fn parse_move(&self, _pos: &RacePos, text: &str) -> Result<u8, IllegalMove> {
        text.parse().map_err(|_| IllegalMove::new("not a number"))
    }
    fn position_key(&self, pos: &RacePos) -> (u32, Player) {
        (pos.total, pos.to_move)
    }
    fn piece_at(&self, _pos: &RacePos, _f: FaceId) -> Option<Player> {
        None
    }
    fn move_faces(&self, _pos: &RacePos, _m: u8) -> MoveFaces {
        MoveFaces::NONE
    }
}

#[test]
fn a_game_the_first_player_always_wins_has_balance_zero() {
    // Target 1: the first player's only move wins.
    let r = estimate(
        &Race { target: 1 },
        &PlaytestConfig {
            games: 200,
            seed: 5,
            max_plies: 100,
        },
        None,
    );
    assert_eq!(r.games, 200);
    assert_eq!(r.wins, [200, 0]);
    assert_eq!(r.first_player_win_rate, 1.0);
    assert_eq!(r.balance, 0.0);
    assert!(r.first_player_ci95.0 > 0.97 && r.first_player_ci95.1 == 1.0);
}

#[test]
fn random_race_statistics_are_consistent_and_reproducible() {
    let cfg = PlaytestConfig {
        games: 4000,
        seed: 11,
        max_plies: 100,
    };
    let game = Race { target: 2 };
    let a = estimate(&game, &cfg, None);
    let b = estimate(&game, &cfg, None);
    assert_eq!(a, b, "same seed, same estimate");
    assert_eq!(a.wins[0] + a.wins[1] + a.draws + a.unfinished, a.games);
    // Target 2: first player wins by playing 2 (p = 1/2) or after 1,1 loses; so the
    // first player wins exactly half the random games in expectation.
    let (lo, hi) = a.first_player_ci95;
    assert!(lo < 0.5 && 0.5 < hi, "{}", a.summary());
    assert!(a.balance > 0.9 && a.balance <= 1.0, "{}", a.summary());
    assert!(a.balance_ci95.0 <= a.balance && a.balance <= a.balance_ci95.1);
}

#[test]
fn ply_limit_counts_games_as_unfinished() {
    let r = estimate(
        &Race { target: 1000 },
        &PlaytestConfig {
            games: 10,
            seed: 1,
            max_plies: 5,
        },
        None,
    );
    assert_eq!(r.unfinished, 10);
    assert_eq!(r.balance, 1.0);
    assert_eq!(r.mean_plies, 5.0);
}

#[test]
fn cancel_flag_stops_early() {
    let flag = std::sync::atomic::AtomicBool::new(true);
    let r = estimate(&Race { target: 3 }, &PlaytestConfig::default(), Some(&flag));
    assert_eq!(r.games, 0);
}

#[test]
fn wilson_interval_is_sane() {
    let (lo, hi) = wilson95(50, 100);
    assert!(
        (lo - 0.404).abs() < 0.002 && (hi - 0.596).abs() < 0.002,
        "{lo} {hi}"
    );
    assert_eq!(wilson95(0, 0), (0.0, 1.0));
}
