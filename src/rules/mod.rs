//! Game rules over any suitable [`Board`](crate::board::Board).
//!
//! One file per game, all behind the [`Rules`] trait. A `Rules` value is the
//! *game*: the board (preprocessed into whatever tables the game needs), the
//! options (swap rule, …). A [`Rules::Position`] is a plain position: pieces,
//! player to move, and incrementally maintained structures (e.g. Hex's
//! disjoint-set). History, undo/redo, repetition and resignation live in the
//! generic game state built on top, so engines and perft work on bare positions.

pub mod boco;
pub mod dynamic;
pub mod game;
pub mod hex;
pub mod loa;
pub mod perft;
pub mod record;
pub mod sgf;
pub mod testing;
pub mod twixt;

use crate::mesh::FaceId;
use std::fmt::Debug;
use std::hash::Hash;

/// Player index: 0 moves first (Red in Hex/TwixT, Black in LOA), 1 second.
pub type Player = u8;

/// The other player.
#[inline]
pub fn opponent(p: Player) -> Player {
    1 - p
}

/// What the GUI highlights to show *why* a game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Evidence {
    /// Faces of the winning chain / connected group / encircled group.
    pub faces: Vec<FaceId>,
    /// Links of the winning chain (TwixT), as pairs of faces.
    pub links: Vec<(FaceId, FaceId)>,
    /// Faces of the ring that encircles (BOCO).
    pub ring: Vec<FaceId>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Player>,
    /// Human-readable reason, e.g. "Red connected top and bottom".
    pub reason: String,
    pub evidence: Evidence,
}

/// A move that may not be played, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    pub reason: String,
}

impl IllegalMove {
    pub fn new(reason: impl Into<String>) -> Self {
        IllegalMove {
            reason: reason.into(),
        }
    }
}

/// A board that a game cannot be played on, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UnsuitableBoard(pub String);

/// The rules of one game on one board with its options.
pub trait Rules: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static;
    type Position: Clone + PartialEq + Debug + Send + Sync + 'static;

    /// Short name: `hex`, `twixt`, `loa`, `boco`.
    fn name(&self) -> &'static str;
    /// Display names of the two players, e.g. ["Red", "Blue"].
    fn player_names(&self) -> [&'static str; 2];
    /// The start position.
    fn start(&self) -> Self::Position;
    /// The player to move (also defined once the game is over: who would move next).
    fn to_move(&self, pos: &Self::Position) -> Player;
    /// Every legal move, without duplicates, in a deterministic order; empty once
    /// the game is over. `out` is cleared first.
    fn legal_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>);
    /// Whether `m` may be played now, and if not why ("occupied", "game is over", …).
    fn check(&self, pos: &Self::Position, m: Self::Move) -> Result<(), IllegalMove>;
    /// Play a move that [`Rules::check`] accepted. Updates incremental win detection.
    fn apply(&self, pos: &mut Self::Position, m: Self::Move);
    /// The outcome, from the incrementally maintained structures (cheap).
    fn outcome(&self, pos: &Self::Position) -> Option<Outcome>;
    /// The outcome recomputed from the pieces alone (flood fill etc.), for tests.
    fn outcome_from_scratch(&self, pos: &Self::Position) -> Option<Outcome>;
    /// Notation of `m` in `pos` (the position before the move).
    fn format_move(&self, pos: &Self::Position, m: Self::Move) -> String;
    /// Parse notation in `pos`; the move is not checked for legality beyond syntax
    /// and reference to existing faces.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, IllegalMove>;
    /// The piece on a face, if any (for drawing and scripting).
    fn piece_at(&self, pos: &Self::Position, f: FaceId) -> Option<Player>;
    /// Links to draw (TwixT): (from, to, owner).
    fn links(&self, _pos: &Self::Position) -> Vec<(FaceId, FaceId, Player)> {
        Vec::new()
    }
    /// Legal moves of the piece on `from` (movement games); placement games
    /// return nothing. `out` is cleared first.
    fn moves_from(&self, _pos: &Self::Position, _from: FaceId, out: &mut Vec<Self::Move>) {
        out.clear();
    }
    /// Hash of the position (pieces + player to move) for repetition detection;
    /// `None` for games without a repetition rule.
    fn repetition_key(&self, _pos: &Self::Position) -> Option<u64> {
        None
    }
    /// Whether the game is over, and who won (`Some(None)`: a draw), without
    /// building an [`Outcome`]: the engine asks this at every tree node, so games
    /// override it with a read of their incrementally maintained result.
    fn result(&self, pos: &Self::Position) -> Option<Option<Player>> {
        self.outcome(pos).map(|o| o.winner)
    }
    /// Plays uniformly random legal moves from `pos` to the end of the game and
    /// returns the winner (`None`: a draw, or cut short after 1000 plies); `pos` is
    /// left in an unspecified state. Games override this with their fast paths
    /// (e.g. Hex fills the board once and checks the winner once).
    fn playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &mut Self::Position,
        rng: &mut G,
    ) -> Option<Player> {
        let mut moves = Vec::new();
        testing::random_playout(self, pos, rng, &mut moves, 1000)
    }
}
