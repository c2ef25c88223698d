//! The game clock: main time per player plus a Fischer increment, as plain
//! data. Nothing here reads the time of day: whoever drives the clock (the app
//! once a frame, a test directly) hands it the time that passed, so a clock
//! behaves the same in a test as in a window.
//!
//! * [`ClockSettings`]: main time per player and the increment added after
//!   each of his moves.
//! * [`Clock`]: the time each player has left; runs for one player at a time.
//! * [`GameClock`]: a game's clock with the reading each position of the game
//!   tree was reached with, so that a takeback, a redo or a jump to another
//!   line puts the clocks back to what they showed there.
//!
//! Only the live position's player to move loses time, and only when the
//! driver says so: the app stops the clock while a past position is shown,
//! while a dialog is open and once the game is over. A side can be *frozen*
//! (the app freezes a computer seat, which plays by its own time per move):
//! its clock neither runs nor gains increments.

use crate::rules::Player;
use crate::rules::game::NodeId;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Time control: `main` for each player, `increment` added after each of his moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockSettings {
    pub main: Duration,
    pub increment: Duration,
}

impl ClockSettings {
    /// `minutes` per player plus `increment` seconds per move.
    pub fn minutes(minutes: u64, increment: u64) -> ClockSettings {
        ClockSettings {
            main: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
        }
    }

    /// "5 min + 3 s" (the increment left out when there is none).
    pub fn describe(&self) -> String {
        let main = self.main.as_secs();
        let main = if main.is_multiple_of(60) {
            format!("{} min", main / 60)
        } else {
            format!("{main} s")
        };
        if self.increment.is_zero() {
            main
        } else {
            format!("{main} + {} s", self.increment.as_secs_f64())
        }
    }
}

/// Both players' time left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    settings: ClockSettings,
    left: [Duration; 2],
}

impl Clock {
    /// Both players with the full main time.
    pub fn new(settings: ClockSettings) -> Clock {
        Clock {
            settings,
            left: [settings.main; 2],
        }
    }

    pub fn settings(&self) -> ClockSettings {
        self.settings
    }

    /// The time `player` has left.
    pub fn left(&self, player: Player) -> Duration {
        self.left[player as usize & 1]
    }

    /// Both players' time left.
    pub fn reading(&self) -> [Duration; 2] {
        self.left
    }

    /// Set both players' time left (a takeback, a saved game).
    pub fn set_reading(&mut self, left: [Duration; 2]) {
        self.left = left;
    }

    /// `elapsed` of `player`'s time passed. Returns whether his time is up now
    /// (his flag fell); it never goes below zero.
    pub fn run(&mut self, player: Player, elapsed: Duration) -> bool {
        let left = &mut self.left[player as usize & 1];
        *left = left.saturating_sub(elapsed);
        left.is_zero()
    }

    /// `player` has moved: his increment is added.
    pub fn moved(&mut self, player: Player) {
        self.left[player as usize & 1] += self.settings.increment;
    }
}

/// A game's clock: the live [`Clock`], the reading each node of the game tree
/// was reached with, and the frozen sides.
#[derive(Clone, Debug)]
pub struct GameClock {
    live: Clock,
    /// The reading when the node was reached (after the increment of the move
    /// that led there).
    readings: FxHashMap<NodeId, [Duration; 2]>,
    frozen: [bool; 2],
}

impl GameClock {
    /// A clock started at `node` with the full main time for both players.
    pub fn new(settings: ClockSettings, node: NodeId) -> GameClock {
        let live = Clock::new(settings);
        let mut readings = FxHashMap::default();
        readings.insert(node, live.reading());
        GameClock {
            live,
            readings,
            frozen: [false; 2],
        }
    }

    pub fn settings(&self) -> ClockSettings {
        self.live.settings()
    }

    /// The live clock.
    pub fn live(&self) -> &Clock {
        &self.live
    }

    /// Set the live reading (a saved game restored mid-move).
    pub fn set_live(&mut self, left: [Duration; 2]) {
        self.live.set_reading(left);
    }

    /// The reading `node` was reached with, if the clock was on then.
    pub fn reading_at(&self, node: NodeId) -> Option<[Duration; 2]> {
        self.readings.get(&node).copied()
    }

    /// Record that `node` was reached with `left` (a record's time readings).
    pub fn set_reading_at(&mut self, node: NodeId, left: [Duration; 2]) {
        self.readings.insert(node, left);
    }

    /// Sides whose clock neither runs nor gains increments (computer seats).
    pub fn frozen(&self) -> [bool; 2] {
        self.frozen
    }

    pub fn set_frozen(&mut self, frozen: [bool; 2]) {
        self.frozen = frozen;
    }

    /// `elapsed` passed with `player` to move on the live position. Returns
    /// whether his flag fell (never for a frozen side).
    pub fn run(&mut self, player: Player, elapsed: Duration) -> bool {
        !self.frozen[player as usize & 1] && self.live.run(player, elapsed)
    }

    /// `player` moved and the game reached `node`: his increment is added
    /// (unless his side is frozen) and the reading is kept for `node`.
    pub fn moved(&mut self, player: Player, node: NodeId) {
        if !self.frozen[player as usize & 1] {
            self.live.moved(player);
        }
        self.readings.insert(node, self.live.reading());
    }

    /// The game went to `node` (takeback, redo, another line): the live clock
    /// shows what it showed when `node` was reached. Nodes reached while the
    /// clock was off leave it as it is.
    pub fn went_to(&mut self, node: NodeId) {
        if let Some(r) = self.readings.get(&node) {
            self.live.set_reading(*r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn only_the_running_player_loses_time_and_the_flag_falls_at_zero() {
        let mut c = Clock::new(ClockSettings::minutes(1, 0));
        assert!(!c.run(0, 20 * S));
        assert_eq!(c.reading(), [40 * S, 60 * S]);
        assert!(!c.run(1, 59 * S));
        assert!(c.run(1, 5 * S), "Blue's flag falls");
        assert_eq!(c.left(1), Duration::ZERO, "never below zero");
        assert_eq!(c.left(0), 40 * S);
    }

    #[test]
    fn the_increment_is_added_after_each_move_of_the_mover_only() {
        let mut c = Clock::new(ClockSettings::minutes(2, 3));
        c.run(0, 10 * S);
        c.moved(0);
        assert_eq!(c.reading(), [113 * S, 120 * S]);
        c.moved(1);
        assert_eq!(c.reading(), [113 * S, 123 * S]);
    }

    #[test]
    fn a_game_clock_goes_back_to_the_reading_of_the_node_it_returns_to() {
        let mut g = GameClock::new(ClockSettings::minutes(1, 2), NodeId(0));
        g.run(0, 5 * S);
        g.moved(0, NodeId(1));
        assert_eq!(g.reading_at(NodeId(1)), Some([57 * S, 60 * S]));
        g.run(1, 30 * S);
        g.moved(1, NodeId(2));
        assert_eq!(g.live().reading(), [57 * S, 32 * S]);
        g.run(0, 7 * S);
        g.went_to(NodeId(1));
        assert_eq!(g.live().reading(), [57 * S, 60 * S], "takeback");
        g.went_to(NodeId(0));
        assert_eq!(g.live().reading(), [60 * S; 2], "back to the start");
        g.went_to(NodeId(9));
        assert_eq!(
            g.live().reading(),
            [60 * S; 2],
            "an unknown node: unchanged"
        );
    }

    #[test]
    fn a_frozen_side_neither_runs_nor_gains_increments() {
        let mut g = GameClock::new(ClockSettings::minutes(1, 5), NodeId(0));
        g.set_frozen([false, true]);
        assert!(!g.run(1, 600 * S), "a frozen clock never falls");
        g.moved(1, NodeId(1));
        assert_eq!(g.live().reading(), [60 * S, 60 * S]);
        g.moved(0, NodeId(2));
        assert_eq!(g.live().left(0), 65 * S);
    }

    #[test]
    fn settings_describe_themselves() {
        assert_eq!(ClockSettings::minutes(5, 3).describe(), "5 min + 3 s");
        assert_eq!(ClockSettings::minutes(10, 0).describe(), "10 min");
    }
}
